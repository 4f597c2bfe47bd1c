"""The pod env: PettingZoo's API and seed tests, the observation, decks, rendering."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from labyrinth_gym.envs.mazerunner import env as pod_env
from labyrinth_gym.envs.mazerunner.encoding import (
    O_COMMANDERS,
    O_GLOBAL,
    O_ON_BOARD,
    OBS_SIZE,
    PER_SEAT,
    encode,
)
from labyrinth_gym.envs.mazerunner.engine.game import (
    COMMAND,
    NUM_ACTIONS,
    shipped_decks,
)
from labyrinth_gym.envs.mazerunner.env import make_game


def test_api_test():
    api_test(pod_env(), num_cycles=300)


def test_seed_test():
    seed_test(lambda: pod_env(), num_cycles=200)


def test_spaces_and_a_random_episode_to_its_end():
    env = pod_env()
    env.reset(seed=1)
    agent = env.agents[0]
    assert env.action_space(agent).n == NUM_ACTIONS
    assert env.observation_space(agent)["observation"].shape == (OBS_SIZE,)
    rng = np.random.default_rng(1)
    commander_casts = 0
    for _agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        assert obs["observation"].min() >= -1 and obs["observation"].max() <= 1
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        commander_casts += action >= COMMAND
        env.step(action)
    game = env.unwrapped.game
    assert game.is_terminal()
    assert commander_casts == sum(1 for e in game.events if e["type"] == "cast_from_command")


def test_the_commander_block_shows_the_command_zone_and_the_tax():
    game = make_game(np.random.default_rng(0))
    obs = encode(game, 0)
    assert obs[O_COMMANDERS] == 1.0 and obs[O_COMMANDERS + 1] == 0.0  # present, no tax
    assert all(obs[O_GLOBAL + 1 + r * PER_SEAT] == 0.5 for r in range(4))  # 1 of 2 slots
    card = game.command[0][0]
    game.casts[str(card)] = 2
    assert encode(game, 0)[O_COMMANDERS + 1] == pytest.approx(0.4)


def test_the_commander_block_shows_commanders_on_board_and_their_damage():
    game = make_game(np.random.default_rng(0))
    mine = game.command[0].pop()
    pid = game._put_onto_battlefield(mine, 0, triggers=False)
    slot = game.battlefield[pid].slot
    game.commander_damage[2][str(mine)] = 7  # seat 0's commander hit seat 2
    theirs = game.commanders[3][0]
    game.commander_damage[0][str(theirs)] = 14  # seat 3's commander hit seat 0
    obs = encode(game, 0)
    assert obs[O_ON_BOARD + slot] == 1.0 and obs[O_ON_BOARD:O_COMMANDERS].sum() == 1.0
    seat = lambda r, k: obs[O_GLOBAL + 1 + r * PER_SEAT + k]  # noqa: E731
    assert seat(2, 4) == pytest.approx(7 / 21)  # what our commanders dealt seat 2
    assert seat(2, 2) == pytest.approx(7 / 21)  # the most seat 2 took from one commander
    assert seat(3, 3) == pytest.approx(14 / 21)  # what seat 3's commanders dealt us
    assert seat(0, 2) == pytest.approx(14 / 21)
    # seat 2 sees the same facts from its own place (relative seats)
    other = encode(game, 2)
    assert other[O_GLOBAL + 1 + 2 * PER_SEAT + 3] == pytest.approx(7 / 21)  # seat 0 = r 2


def test_decks_in_seat_order_and_checked(tmp_path):
    decks = shipped_decks()[:4]
    game = make_game(np.random.default_rng(0), decks=decks)
    assert [game.name_of(game.command[p][0]) for p in range(4)] == [
        d.commanders[0] for d in decks]
    bad = tmp_path / "bad.txt"
    bad.write_text("Commander\n1 Obyra, Dreaming Duelist\nDeck\n1 Sol Ring\n")
    with pytest.raises(ValueError, match="Sol Ring.*banned"):
        make_game(np.random.default_rng(0), decks=[bad] * 4)


def test_render_shows_the_command_zones():
    env = pod_env(render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert "Command zones:" in text and "(tax 0)" in text
