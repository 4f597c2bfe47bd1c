"""The observation vector, checked against a slow encoder written from its documented
layout (the table in ``encoding.py``'s docstring).

The real encoder copies whole blocks from precomputed per-card tables; a trained
policy depends on every position keeping its meaning, so every observer of random
games in every variant and player count must get exactly the vector read off here
cell by cell.
"""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.envs.labyrinth_cards import encoding as E
from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    COLLECT,
    LabyrinthCardsGame,
    new_game,
)
from labyrinth_gym.envs.labyrinth_cards.engine.layout import EMPTY

from .positions import CARDS, SIZE, collectable

C = SIZE * SIZE
NT = 25
VARIANTS = ["official", "caffeinated", "steroids"]


def slow_encode(game: LabyrinthCardsGame, observer: int) -> np.ndarray:
    planes = np.zeros((1 + 4 + 1 + 1 + 1 + NT + 6, C), dtype=np.float32)
    in_set = {c for cells in game.current_sets().values() for c in cells}
    may_collect = set()
    if game.phase == COLLECT and observer == game.player and game.outcome is None:
        may_collect = collectable(game)
    hand = game.hands[observer]
    for cell in range(C):
        card = game.card_at[cell]
        if card == EMPTY:
            continue
        planes[0, cell] = 1
        for i in range(4):
            planes[1 + i, cell] = (game.open_at[cell] >> i) & 1
        planes[5, cell] = cell in game.played_this_turn
        planes[6, cell] = cell in in_set
        planes[7, cell] = cell in may_collect
        for t in CARDS[card].treasures:
            planes[8 + t, cell] = 1
        for k, own in enumerate(hand):
            planes[8 + NT + k, cell] = bool(set(CARDS[own].treasures) & set(CARDS[card].treasures))
    hand_block = np.zeros((6, 5 + NT), dtype=np.float32)
    for k, own in enumerate(hand):
        hand_block[k, 0] = 1
        for i in range(4):
            hand_block[k, 1 + i] = (CARDS[own].openings >> i) & 1
        for t in CARDS[own].treasures:
            hand_block[k, 5 + t] = 1
    pairs = [
        float(m < len(hand) and bool(set(CARDS[hand[k]].treasures) & set(CARDS[hand[m]].treasures)))
        for k in range(6) for m in range(k + 1, 6)
    ]
    phase = [0.0] * 3
    phase[min(game.phase, 2)] = 1
    variant = [float(game.variant == v) for v in VARIANTS]
    players = [float(game.num_players == n) for n in range(2, 7)]
    glob = [
        game.actions_left / 3, *variant, *players, len(game.deck) / 50,
        min(game.turn / game.max_turns, 1), min(len(game.collected[observer]) / 25, 1),
        len(hand) / 6,
    ]
    opponents = [0.0] * 15
    for j in range(1, game.num_players):
        p = (observer + j) % game.num_players
        opponents[3 * (j - 1) : 3 * j] = [
            1, len(game.hands[p]) / 6, min(len(game.collected[p]) / 25, 1)]
    return np.concatenate([
        planes.ravel(), hand_block.ravel(), pairs, phase, glob, opponents
    ]).astype(np.float32)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 6])
def test_encode_equals_the_documented_layout(variant, players):
    rng = np.random.default_rng(players)
    checked = 0
    for g in range(2):
        game = new_game(g, variant=variant, num_players=players)
        while True:
            for observer in range(players):
                obs = E.encode(game, observer)
                assert obs.shape == (E.OBS_SIZE,) and obs.dtype == np.float32
                assert np.array_equal(obs, slow_encode(game, observer))
                checked += 1
            if game.is_terminal():
                break
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
    assert checked > 100
