"""The maze party's fixed action space (one ``Discrete(30)`` for every decision point).

| index  | meaning                                                          |
|--------|------------------------------------------------------------------|
| 0-4    | use the STR / DEX / INT / WIS / CHA action (skill check)         |
| 5-10   | wake sleeping member 0-5 (instead of a stat action, no check)    |
| 11     | pass: take no action this turn                                   |
| 12-14  | river slot 0-2: reveal it / choose it                            |
| 15     | choose the deck card that Scout Ahead revealed                   |
| 16-18  | It's Elementary!: put drawn card 0-2 on the bottom of the deck   |
| 19, 20 | Map Fragment: keep the order of the top two cards / swap them    |
| 21     | combat: attack                                                   |
| 22     | combat: dodge                                                    |
| 23     | combat: help (the next ally's attack has advantage)              |
| 24-29  | drink / give a healing potion to member 0-5                      |
"""

from __future__ import annotations

USE_STR, USE_DEX, USE_INT, USE_WIS, USE_CHA = range(5)
WAKE = 5
PASS = 11
SLOT = 12
DECK = 15
BOTTOM = 16
MAP_KEEP = 19
MAP_SWAP = 20
ATTACK = 21
DODGE = 22
HELP = 23
POTION = 24
NUM_ACTIONS = 30
MAX_MEMBERS = 6

ACTION_NAMES = ("Forge A Path", "Scout Ahead", "It's Elementary!", "Careful Consideration", "Boost Morale")


def action_to_string(a: int) -> str:
    if 0 <= a < 5:
        return f"use {ACTION_NAMES[a]}"
    if WAKE <= a < WAKE + MAX_MEMBERS:
        return f"wake member {a - WAKE}"
    if a == PASS:
        return "pass"
    if SLOT <= a < SLOT + 3:
        return f"river slot {a - SLOT}"
    if a == DECK:
        return "take the scouted deck card"
    if BOTTOM <= a < BOTTOM + 3:
        return f"put drawn card {a - BOTTOM} on the bottom"
    if a == MAP_KEEP:
        return "keep the top two cards' order"
    if a == MAP_SWAP:
        return "swap the top two cards"
    if a == ATTACK:
        return "attack"
    if a == DODGE:
        return "dodge"
    if a == HELP:
        return "help"
    if POTION <= a < POTION + MAX_MEMBERS:
        return f"healing potion to member {a - POTION}"
    return f"<out of range {a}>"
