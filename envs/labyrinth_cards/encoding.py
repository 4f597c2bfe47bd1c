"""Labyrinth the Card Game state -> observer-relative observation vector.

Everything the observer can see and nothing else: the layout, its own hand, the deck
size, each opponent's hand size and score (never their cards), the variant and the
number of players. Opponent blocks are in turn order starting after the observer, so
one policy plays any seat.

Layout (``float32`` in [0, 1]; ``C = size * size`` cells, row-major):

| block        | size   | content                                                     |
|--------------|--------|-------------------------------------------------------------|
| occupied     | C      | a card lies here                                            |
| openings     | 4 x C  | open N / E / S / W edge, as the card lies now               |
| played       | C      | played this turn (cannot be collected this turn)            |
| in_set       | C      | part of a connected set now (2+ cards of one path group     |
|              |        | showing the same treasure)                                  |
| collectable  | C      | may be collected now (collection phase)                     |
| treasures    | 25 x C | the card here shows treasure t                              |
| hand_match   | 6 x C  | the card here shares a treasure with own hand slot k        |
| hand         | 6 x 30 | per slot: present, printed openings N / E / S / W, its two  |
|              |        | treasures (25, one per treasure)                            |
| hand_pairs   | 15     | own hand slots k < l share a treasure                       |
| phase        | 3      | actions / collect / over                                    |
| globals      | 13     | actions left/3, variant x3, players 2..6 x5, deck/50,       |
|              |        | turn/max turns, own score/25, own hand/6                    |
| opponents    | 5 x 3  | in turn order after the observer: present, hand/6, score/25 |
"""

from __future__ import annotations

from functools import cache

import numpy as np

from labyrinth_gym.envs.labyrinth_cards.engine.actions import HAND_MAX
from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    COLLECT,
    VARIANTS,
    LabyrinthCardsGame,
    deck_data,
)
from labyrinth_gym.envs.labyrinth_cards.engine.layout import EMPTY

SIZE = deck_data().size
C = SIZE * SIZE
NT = 25
PLANES = 1 + 4 + 1 + 1 + 1 + NT + HAND_MAX
P_OCC, P_OPEN, P_PLAYED, P_INSET, P_COLLECT, P_TREASURE = 0, 1, 5, 6, 7, 8
P_MATCH = P_TREASURE + NT
HAND_W = 5 + NT
O_HAND = PLANES * C
O_PAIRS = O_HAND + HAND_MAX * HAND_W
O_PHASE = O_PAIRS + 15
O_GLOBAL = O_PHASE + 3
O_OPP = O_GLOBAL + 13
OBS_SIZE = O_OPP + 5 * 3
VARIANT_INDEX = {name: i for i, name in enumerate(VARIANTS)}
_PAIRS = [(k, m) for k in range(HAND_MAX) for m in range(k + 1, HAND_MAX)]
#: ``_PAIRS_OF[n]``: ``(index, k, l)`` of the hand pairs a hand of ``n`` cards has.
_PAIRS_OF = [[(j, k, m) for j, (k, m) in enumerate(_PAIRS) if m < n] for n in range(HAND_MAX + 1)]


@cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, list[list[bool]]]:
    """Per-card rows the encoder copies from, so that it writes whole blocks at once.

    ``cells[:, card * 16 + mask]``: the first ``P_TREASURE + NT`` planes of a cell
    holding ``card`` with openings ``mask`` (occupied, the four opening bits, zeros for
    the per-turn planes, then the treasures it shows); the last card's slot, card
    ``n``, is all zeros: an empty cell (:data:`EMPTY` is -1, and index ``-16`` wraps
    round to it). ``share[a, b]``: cards ``a`` and ``b`` show a common treasure
    (column ``n`` = no card, where ``-1`` wraps to). ``hand[a]``: card ``a``'s hand
    row (present, printed openings N / E / S / W, the treasures it shows).
    ``shares``: ``share`` as nested lists, for single lookups.
    """
    cards = deck_data().cards
    n = len(cards)
    share = np.zeros((n, n + 1), dtype=np.float32)
    for a in cards:
        for b in cards:
            if a.id != b.id and set(a.treasures) & set(b.treasures):
                share[a.id, b.id] = 1.0
    cells = np.zeros((P_TREASURE + NT, (n + 1) * 16), dtype=np.float32)
    hand = np.zeros((n, HAND_W), dtype=np.float32)
    for c in cards:
        for mask in range(16):
            col = cells[:, c.id * 16 + mask]
            col[P_OCC] = 1.0
            col[P_OPEN : P_OPEN + 4] = [(mask >> i) & 1 for i in range(4)]
            col[[P_TREASURE + t for t in c.treasures]] = 1.0
        hand[c.id, 0] = 1.0
        hand[c.id, 1:5] = [(c.openings >> i) & 1 for i in range(4)]
        hand[c.id, [5 + t for t in c.treasures]] = 1.0
    for table in (share, cells, hand):
        table.flags.writeable = False
    return cells, share, hand, share.astype(bool).tolist()


def encode(game: LabyrinthCardsGame, observer: int) -> np.ndarray:
    """The observation of seat ``observer``."""
    cell_rows, share, hand_rows, shares = _tables()
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    planes = obs[: PLANES * C].reshape(PLANES, C)
    card_at = game.card_np
    # occupied, openings and treasures of every cell in one gather; mode="wrap" sends
    # an empty cell (card -1) to the all-zero slot at the end and writes straight
    # into ``out`` (the default mode copies through a buffer)
    cell_rows.take(
        card_at * 16 + game.open_np, axis=1, out=planes[: P_TREASURE + NT], mode="wrap"
    )
    if game.played_this_turn:
        planes[P_PLAYED, game.played_this_turn] = 1.0
    sets = game.current_sets()
    if sets:
        on_table = game.card_at
        in_set = [c for cells in sets.values() for c in cells if on_table[c] != EMPTY]
        if in_set:
            planes[P_INSET, in_set] = 1.0
    if game.phase == COLLECT and observer == game.player and game.outcome is None:
        cells = game._collectable()
        if cells:
            planes[P_COLLECT, cells] = 1.0
    hand = game.hands[observer]
    n_hand = len(hand)
    if hand:
        match = planes[P_MATCH : P_MATCH + n_hand]
        share[hand].take(card_at, axis=1, out=match, mode="wrap")
        obs[O_HAND : O_HAND + n_hand * HAND_W] = hand_rows[hand].ravel()
        for j, k, m in _PAIRS_OF[n_hand]:
            if shares[hand[k]][hand[m]]:
                obs[O_PAIRS + j] = 1.0
    # phase, globals and opponents: built as a list and written at once
    tail = [0.0] * (OBS_SIZE - O_PHASE)
    tail[min(game.phase, 2)] = 1.0
    g = O_GLOBAL - O_PHASE
    tail[g] = game.actions_left / 3.0
    tail[g + 1 + VARIANT_INDEX[game.variant]] = 1.0
    tail[g + 4 + game.num_players - 2] = 1.0
    tail[g + 9] = len(game.deck) / 50.0
    tail[g + 10] = min(game.turn / game.max_turns, 1.0)
    tail[g + 11] = min(len(game.collected[observer]) / 25.0, 1.0)
    tail[g + 12] = n_hand / HAND_MAX
    n = game.num_players
    for j in range(1, n):
        p = (observer + j) % n
        b = O_OPP - O_PHASE + 3 * (j - 1)
        tail[b] = 1.0
        tail[b + 1] = len(game.hands[p]) / HAND_MAX
        tail[b + 2] = min(len(game.collected[p]) / 25.0, 1.0)
    obs[O_PHASE:] = tail
    return obs
