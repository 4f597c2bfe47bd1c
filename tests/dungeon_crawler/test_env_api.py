"""Dungeon Crawler's PettingZoo and Gymnasium faces through the generic adapters:
``api_test`` / ``seed_test`` for 2-6 players and the Hard game, ``check_env``, the
illegal-action contract, observations in bounds, renders."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from labyrinth_gym.envs.core.engine import IllegalActionError
from labyrinth_gym.envs.dungeon_crawler import env as make_env
from labyrinth_gym.envs.dungeon_crawler.encoding import OBS_SIZE, encode
from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.game import new_game
from labyrinth_gym.envs.dungeon_crawler.env import DungeonCrawlerEnv, raw_env

CONFIGS = [(n, False) for n in range(2, 7)] + [(3, True)]


@pytest.mark.parametrize(("players", "hard"), CONFIGS)
def test_pettingzoo_api_and_seed(players, hard):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(make_env(num_players=players, hard=hard, max_rounds=3),
                 num_cycles=300)
        seed_test(lambda: make_env(num_players=players, hard=hard, max_rounds=3),
                  num_cycles=200)


def test_gymnasium_check_env_and_spaces():
    env = DungeonCrawlerEnv(max_rounds=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    assert env.observation_space.shape == (OBS_SIZE,)
    assert env.action_space.n == A.NUM_ACTIONS


def test_illegal_action_ends_the_wrapped_episode_and_the_raw_env_raises():
    e = make_env(num_players=2)
    e.reset(seed=0)
    obs, *_ = e.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = e.agent_selection
    e.step(bad)
    assert e.terminations[agent] and e.rewards[agent] == -1.0
    raw = raw_env(num_players=2)
    raw.reset(seed=0)
    with pytest.raises(IllegalActionError):
        raw.step(bad)


def test_observations_in_bounds_and_renders():
    game = new_game(2, num_players=4, max_rounds=6)
    rng = np.random.default_rng(2)
    while not game.is_terminal():
        for seat in range(4):
            obs = encode(game, seat)
            assert obs.shape == (OBS_SIZE,) and obs.min() >= 0 and obs.max() <= 1
        legal = game.legal_actions()
        game.apply_action(legal[rng.integers(len(legal))])
    e = make_env(num_players=3, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "Player 0" in text and "$" in text  # the chest
    image = make_env(num_players=3, render_mode="rgb_array")
    image.reset(seed=1)
    picture = image.render()
    assert picture.shape == (252, 252, 3) and picture.dtype == np.uint8
    assert picture.max() > 0


def test_observation_is_observer_relative():
    game = new_game(0, num_players=3, max_rounds=3)
    while game.decision["kind"] in ("choose_adventurer", "choose_start"):
        game.apply_action(game.legal_actions()[0])
    a, b = encode(game, 0), encode(game, 1)
    planes = 14 * 21 * 21
    mine = a[:planes].reshape(14, 21, 21)[8]
    theirs = b[:planes].reshape(14, 21, 21)[9]
    assert mine.sum() == 1 and theirs[mine > 0].all()  # my adventurer is their rival
