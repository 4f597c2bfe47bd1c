"""The shipped sample decks: 60 playable real cards, at most four of a card (basic lands
excepted), and random games with them run to the end in 2- and 4-player games."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.decklist import load_decklist
from labyrinth_gym.envs.magic.engine.game import (
    DEFAULT_DECK,
    default_deck,
    new_game,
    sample_deck,
    sample_decks,
)

DECKS = sample_decks()


def test_at_least_six_decks_and_the_default_is_one_of_them():
    assert len(DECKS) >= 6 and DEFAULT_DECK in DECKS
    assert default_deck() == sample_deck(DEFAULT_DECK)


@pytest.mark.parametrize("name", DECKS)
def test_a_sample_deck_is_sixty_playable_cards(name):
    cards = sample_deck(name)
    assert len(cards) == 60
    pool = compiled_pool()
    assert all(c in pool.supported for c in cards), [c for c in cards if c not in pool.supported]
    for card, n in Counter(cards).items():
        if "Basic" not in pool.supported[card].supertypes:
            assert n <= 4, (card, n)
    # Several colours and plans: no two decks share their whole list.
    assert len({tuple(sorted(sample_deck(d))) for d in DECKS}) == len(DECKS)


def test_an_unknown_sample_deck_names_the_known_ones():
    with pytest.raises(ValueError, match="red_burn"):
        sample_deck("no_such_deck")


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_the_sample_decks_end(players):
    rng = np.random.default_rng(players)
    for g in range(4):
        decks = [sample_deck(DECKS[(g + i) % len(DECKS)]) for i in range(players)]
        game = new_game(g, num_players=players, decks=decks)
        steps = 0
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1
        assert steps > 10


def test_load_decklist_reads_a_sample_file_as_users_would():
    from importlib import resources

    path = resources.files("labyrinth_gym.envs.magic").joinpath("data", "decks", "red_burn.txt")
    assert [c.name for c in load_decklist(str(path))] == sample_deck("red_burn")
