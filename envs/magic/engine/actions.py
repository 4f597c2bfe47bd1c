"""The Magic engine's fixed action space: one ``Discrete`` for every decision point.

Hand slots index the acting player's hand in the order the cards arrived (0 is the
oldest card); a hand of more than 16 cards folds identical cards, one of each first
(:meth:`~decisions.DecisionsMixin.hand_slots`), so only a hand of more than 16
different cards has cards no slot reaches. Permanent slots are fixed per object: a permanent takes the lowest free
slot when it enters the battlefield and keeps it until it leaves. Stack slots count
from the bottom of the stack (0 is the oldest object). Player choices are *relative*
seats: ``0`` is the deciding player, ``1`` the next player in turn order, and so on.

| range                          | meaning                                              |
|--------------------------------|------------------------------------------------------|
| ``0``                          | pass priority                                        |
| ``1``                          | done (no more attackers / blockers / modes / targets |
|                                | / creatures to devour; enter as itself, not a copy)  |
| ``2`` / ``3``                  | yes / no (a "you may" or an optional trigger)        |
| ``4`` / ``5``                  | keep / mulligan                                      |
| ``6 + i``                      | play (land) or cast hand slot ``i`` (``i < 16``)     |
| ``22 + 4*j + k``               | activate ability ``k`` (``< 4``) of permanent slot   |
|                                | ``j`` (``j < 64``), counting every ability but the   |
|                                | mana abilities tapped automatically; for a face-down |
|                                | permanent (no abilities), ``k`` turns it face up its |
|                                | ``k``-th way (a special action, 116.2b): its morph,  |
|                                | megamorph or disguise cost first, then its mana cost |
|                                | if it was manifested or cloaked (701.40b)            |
| ``278 + r``                    | choose player at relative seat ``r`` (``r < 4``)     |
| ``282 + j``                    | choose permanent slot ``j`` (targets, the attacker a |
|                                | blocker blocks, a permanent to sacrifice, devour or  |
|                                | enter as a copy of)                                  |
| ``346 + s``                    | choose stack slot ``s`` (``s < 16``)                 |
| ``362 + m``                    | choose mode ``m`` (``m < 8``); when announcing X,    |
|                                | the ``m``-th value of the decision's X table (0..7,  |
|                                | or 0-3 and the 4 largest payable); manifest dread:   |
|                                | manifest the top (``m = 0``) or second (1) card; for |
|                                | a colour of mana, the ``m``-th of its options (WUBRG |
|                                | order); a search or graveyard target: next page (0); |
|                                | dividing damage (601.2d): 1 more to target ``m``     |
| ``370 + 3*j + (r - 1)``        | permanent slot ``j`` attacks relative seat ``r``     |
|                                | (``1 <= r <= 3``)                                    |
| ``562 + j``                    | permanent slot ``j`` blocks (the attacker follows as |
|                                | "choose permanent")                                  |
| ``626 + i``                    | choose hand slot ``i`` (bottom after a mulligan,     |
|                                | discard, a card discarded to pay a cost); card ``i`` |
|                                | of the ``looking`` list in a library decision or a   |
|                                | target decision for a card in a graveyard            |
| ``642 + i``                    | activate the ability of hand slot ``i`` that works   |
|                                | from the hand (cycling, channel), or cast it face    |
|                                | down for {3} (morph, megamorph, disguise: 702.37c)   |
| ``658``                        | concede (104.3a): offered only by a game built with  |
|                                | ``concede_action=True``                              |
| ``659 + g``                    | cast (or play) graveyard slot ``g`` (``g < 16``):    |
|                                | the ``g``-th card the acting player may play or cast |
|                                | from outside its hand (flashback 702.34, other       |
|                                | permissions 601.3: its graveyard, its library's top, |
|                                | exile), or activate a graveyard ability of a card in |
|                                | its graveyard (113.6m: unearth, "return this from    |
|                                | your graveyard to ...")                              |

:data:`NUM_ACTIONS` is 675. Graveyard slots count only the cards the player may play or
cast from outside its hand (:meth:`~elsewhere.ElsewhereMixin.zone_slots`): those of its
graveyard with flashback (printed, or gained this turn) or a permission to cast them
from there, and the activated abilities of its graveyard's cards that work from there
(one slot per ability, after the card's own), oldest first, then the top card of its library when an effect lets it play
that card (one card of each definition first when there are more than 16, as for hand
slots). An attacker declared at a player who controls a
planeswalker is followed by the choice of what it attacks: that player (``choose
player``) or one of the planeswalkers (``choose permanent``), rule 508.1b.
"""

from __future__ import annotations

MAX_HAND = 16
"""Hand slots an action can address. A larger hand puts one card of each definition in
the slots first (copies are alike), so a card waits for a slot only when the hand
holds more than 16 different cards."""
MAX_PERMANENTS = 64
"""Permanent slots; a permanent entering when all are taken has no slot (see game)."""
MAX_ABILITIES = 4
"""Activated abilities per permanent an action can address (Jace, the Mind Sculptor's four
loyalty abilities), mana abilities that payment taps automatically not counted."""
MAX_PLAYERS = 4
MAX_STACK = 16
MAX_MODES = 8
MAX_GRAVEYARD = 16
"""Graveyard slots: cards a player may play or cast from outside its hand (flashback,
other permissions; :mod:`~elsewhere`)."""

PASS = 0
DONE = 1
YES = 2
NO = 3
KEEP = 4
MULLIGAN = 5
CAST = 6
ACTIVATE = CAST + MAX_HAND
PLAYER = ACTIVATE + MAX_PERMANENTS * MAX_ABILITIES
PERMANENT = PLAYER + MAX_PLAYERS
STACK = PERMANENT + MAX_PERMANENTS
MODE = STACK + MAX_STACK
ATTACK = MODE + MAX_MODES
BLOCK = ATTACK + MAX_PERMANENTS * (MAX_PLAYERS - 1)
HAND = BLOCK + MAX_PERMANENTS
HAND_ABILITY = HAND + MAX_HAND
CONCEDE = HAND_ABILITY + MAX_HAND
GRAVEYARD = CONCEDE + 1
NUM_ACTIONS = GRAVEYARD + MAX_GRAVEYARD

_SIMPLE = {PASS: "pass", DONE: "done", YES: "yes", NO: "no", KEEP: "keep",
           MULLIGAN: "mulligan", CONCEDE: "concede"}


def cast(slot: int) -> int:
    return CAST + slot


def activate(slot: int, ability: int) -> int:
    return ACTIVATE + slot * MAX_ABILITIES + ability


def player(relative: int) -> int:
    return PLAYER + relative


def permanent(slot: int) -> int:
    return PERMANENT + slot


def stack(slot: int) -> int:
    return STACK + slot


def mode(index: int) -> int:
    return MODE + index


def attack(slot: int, relative: int) -> int:
    return ATTACK + slot * (MAX_PLAYERS - 1) + relative - 1


def block(slot: int) -> int:
    return BLOCK + slot


def hand(slot: int) -> int:
    return HAND + slot


def hand_ability(slot: int) -> int:
    return HAND_ABILITY + slot


def graveyard(slot: int) -> int:
    return GRAVEYARD + slot


def decode(action: int) -> tuple[str, tuple[int, ...]]:
    """``(kind, args)`` of an action index.

    Kinds: ``pass``, ``done``, ``yes``, ``no``, ``keep``, ``mulligan``, ``concede``
    (no args);
    ``cast (i,)``, ``activate (j, k)``, ``player (r,)``, ``permanent (j,)``,
    ``stack (s,)``, ``mode (m,)``, ``attack (j, r)``, ``block (j,)``, ``hand (i,)``,
    ``hand_ability (i,)``, ``graveyard (g,)``.

    Raises:
        ValueError: ``action`` is outside ``range(NUM_ACTIONS)``.
    """
    if action in _SIMPLE:
        return _SIMPLE[action], ()
    if action < CAST or action >= NUM_ACTIONS:
        raise ValueError(f"action {action} outside 0..{NUM_ACTIONS - 1}")
    if action < ACTIVATE:
        return "cast", (action - CAST,)
    if action < PLAYER:
        return "activate", divmod(action - ACTIVATE, MAX_ABILITIES)
    if action < PERMANENT:
        return "player", (action - PLAYER,)
    if action < STACK:
        return "permanent", (action - PERMANENT,)
    if action < MODE:
        return "stack", (action - STACK,)
    if action < ATTACK:
        return "mode", (action - MODE,)
    if action < BLOCK:
        slot, r = divmod(action - ATTACK, MAX_PLAYERS - 1)
        return "attack", (slot, r + 1)
    if action < HAND:
        return "block", (action - BLOCK,)
    if action < HAND_ABILITY:
        return "hand", (action - HAND,)
    if action < CONCEDE:
        return "hand_ability", (action - HAND_ABILITY,)
    return "graveyard", (action - GRAVEYARD,)
