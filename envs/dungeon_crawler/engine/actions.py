"""Dungeon Crawler Labyrinth's fixed action space: one ``Discrete`` for every decision.

| range                       | meaning                                                  |
|-----------------------------|----------------------------------------------------------|
| ``0``                       | done: end a move, decline a choice                       |
| ``1 + i``                   | choose adventurer card ``i`` (``i < 10``)                |
| ``11 + k``                  | the adventurer's pair ``k`` (:data:`PAIRS`)              |
| ``16``                      | pick up the adventurer: it has no exits (No Exits!)      |
| ``17 + 21*r + c``           | square ``(r, c)``: a move's destination, a figure to     |
|                             | push past or attack, an area's centre, a spawn square,   |
|                             | where a pushed figure goes                               |
| ``458 + 4*s + q``           | place the drawn tile in slot ``s`` (row-major, ``< 49``) |
|                             | turned ``q`` quarter turns clockwise                     |
| ``654 + t``                 | treasure card ``t`` (its index in ``treasure.toml``,     |
|                             | ``t < 40``): play it from the hand, or keep it (Secret   |
|                             | Door)                                                    |

:data:`NUM_ACTIONS` is 694.
"""

from __future__ import annotations

DONE = 0
ADVENTURER = 1
MAX_ADVENTURERS = 10
PAIR = ADVENTURER + MAX_ADVENTURERS
PAIRS = (("attack", "move"), ("move", "attack"), ("attack", "attack"),
         ("spawn", "attack"), ("spawn", "move"))
"""The adventurer's five choices, in the rulebook's order."""
PICK_UP = PAIR + len(PAIRS)
SIDE = 21
SQUARE = PICK_UP + 1
SLOTS = 7
PLACE = SQUARE + SIDE * SIDE
CARD = PLACE + SLOTS * SLOTS * 4
TREASURE_CARDS = 40
NUM_ACTIONS = CARD + TREASURE_CARDS


def adventurer(i: int) -> int:
    return ADVENTURER + i


def pair(k: int) -> int:
    return PAIR + k


def square(sq: tuple[int, int]) -> int:
    return SQUARE + sq[0] * SIDE + sq[1]


def place(slot: tuple[int, int], quarter_turns: int) -> int:
    return PLACE + (slot[0] * SLOTS + slot[1]) * 4 + quarter_turns


def card(t: int) -> int:
    return CARD + t


def decode(action: int) -> tuple[str, tuple]:
    """``(kind, args)`` of an action index.

    Raises:
        ValueError: ``action`` is outside ``range(NUM_ACTIONS)``.
    """
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} outside 0..{NUM_ACTIONS - 1}")
    if action == DONE:
        return "done", ()
    if action < PAIR:
        return "adventurer", (action - ADVENTURER,)
    if action < PICK_UP:
        return "pair", (action - PAIR,)
    if action == PICK_UP:
        return "pick_up", ()
    if action < PLACE:
        return "square", divmod(action - SQUARE, SIDE)
    if action < CARD:
        slot, q = divmod(action - PLACE, 4)
        return "place", (divmod(slot, SLOTS), q)
    return "card", (action - CARD,)
