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
#: ``_BITS[mask]`` = the four opening bits (N, E, S, W) of a 4-bit mask.
_BITS = np.array([[(m >> i) & 1 for i in range(4)] for m in range(16)], dtype=np.float32)


@cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``share[a, b]``: cards a and b show a common treasure (row 50 = no card);
    ``openings[a]``: printed openings of card a as 4 bits; ``shows[a, t]``: card a
    shows treasure t (row 50 = no card)."""
    cards = deck_data().cards
    n = len(cards)
    share = np.zeros((n + 1, n + 1), dtype=np.float32)
    for a in cards:
        for b in cards:
            if a.id != b.id and set(a.treasures) & set(b.treasures):
                share[a.id, b.id] = 1.0
    openings = np.array([[(c.openings >> i) & 1 for i in range(4)] for c in cards], dtype=np.float32)
    shows = np.zeros((n + 1, NT), dtype=np.float32)
    for c in cards:
        shows[c.id, list(c.treasures)] = 1.0
    return share, openings, shows


def encode(game: LabyrinthCardsGame, observer: int) -> np.ndarray:
    """The observation of seat ``observer``."""
    share, printed, shows = _tables()
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    planes = obs[: PLANES * C].reshape(PLANES, C)
    card_at = game.card_np
    planes[P_OCC] = card_at != EMPTY
    planes[P_OPEN : P_OPEN + 4] = _BITS[game.open_np].T
    if game.played_this_turn:
        planes[P_PLAYED, game.played_this_turn] = 1.0
    sets = game.current_sets()
    if sets:
        in_set = [c for cells in sets.values() for c in cells if game.card_at[c] != EMPTY]
        if in_set:
            planes[P_INSET, in_set] = 1.0
    if game.phase == COLLECT and observer == game.player and game.outcome is None:
        cells = game._collectable()
        if cells:
            planes[P_COLLECT, cells] = 1.0
    idx = np.where(card_at == EMPTY, len(share) - 1, card_at)
    planes[P_TREASURE : P_TREASURE + NT] = shows[idx].T
    hand = game.hands[observer]
    if hand:
        planes[P_MATCH : P_MATCH + len(hand)] = share[np.asarray(hand)][:, idx]
        block = obs[O_HAND : O_HAND + HAND_MAX * HAND_W].reshape(HAND_MAX, HAND_W)
        block[: len(hand), 0] = 1.0
        block[: len(hand), 1:5] = printed[hand]
        block[: len(hand), 5:] = shows[hand]
        n_hand = len(hand)
        for j, (k, m) in enumerate(_PAIRS):
            if m < n_hand and share[hand[k], hand[m]]:
                obs[O_PAIRS + j] = 1.0
    obs[O_PHASE + min(game.phase, 2)] = 1.0
    g = O_GLOBAL
    obs[g] = game.actions_left / 3.0
    obs[g + 1 + VARIANT_INDEX[game.variant]] = 1.0
    obs[g + 4 + game.num_players - 2] = 1.0
    obs[g + 9] = len(game.deck) / 50.0
    obs[g + 10] = min(game.turn / game.max_turns, 1.0)
    obs[g + 11] = min(len(game.collected[observer]) / 25.0, 1.0)
    obs[g + 12] = len(hand) / HAND_MAX
    n = game.num_players
    for j in range(1, n):
        p = (observer + j) % n
        b = O_OPP + 3 * (j - 1)
        obs[b] = 1.0
        obs[b + 1] = len(game.hands[p]) / HAND_MAX
        obs[b + 2] = min(len(game.collected[p]) / 25.0, 1.0)
    return obs
