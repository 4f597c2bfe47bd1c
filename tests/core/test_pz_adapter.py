"""The wrapped PettingZoo env of every game (``core/pz_adapter.wrap``).

One wrapper does what PettingZoo's bounds check did and ends the episode on an
illegal action; the order checks stay PettingZoo's. These pin the behaviour a caller
sees: out-of-space actions are an ``AssertionError`` (an illegal but in-range one is
a penalised end instead), numpy integers are actions too, a finished agent takes only
``None``, nothing may be read before ``reset``, and the dicts read through the
wrapper are the raw env's own.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from pettingzoo.utils import wrappers

from labyrinth_gym.envs import game_names, game_spec


def wrapped(name: str):
    return importlib.import_module(f"labyrinth_gym.envs.{name}").env()


@pytest.mark.parametrize("name", game_names())
def test_nothing_can_be_read_or_stepped_before_reset(name):
    env = wrapped(name)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    for attr in ("rewards", "terminations", "truncations", "infos", "agent_selection",
                 "agents"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(env, attr)


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("action", [-1, 10**6, None, 1.0, "0"])
def test_actions_outside_the_space_are_assertion_errors(name, action):
    env = wrapped(name)
    env.reset(seed=0)
    if action == 10**6:
        action = game_spec(name).num_actions
    before = env.unwrapped.game.to_dict()
    with pytest.raises(AssertionError, match="not in action space"):
        env.step(action)
    assert env.unwrapped.game.to_dict() == before
    assert not any(env.terminations.values())


@pytest.mark.parametrize("name", game_names())
def test_wrapper_reads_the_raw_envs_own_dicts_and_takes_numpy_ints(name):
    env = wrapped(name)
    env.reset(seed=3)
    raw = env.unwrapped
    rng = np.random.default_rng(0)
    steps = 0
    for agent in env.agent_iter():
        assert agent == raw.agent_selection
        assert env.agents is raw.agents
        for attr in ("rewards", "terminations", "truncations", "infos",
                     "_cumulative_rewards"):
            assert getattr(env, attr) is getattr(raw, attr)
        obs, reward, terminated, truncated, info = env.last()
        assert reward == raw._cumulative_rewards[agent]
        if terminated or truncated:
            with pytest.raises(AssertionError, match="not in action space"):
                env.step(-1)
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = legal[rng.integers(len(legal))]  # a numpy int64
        env.step(action if steps % 2 else np.int32(action))
        steps += 1
    assert steps > 10 and not env.agents


@pytest.mark.parametrize("name", game_names())
def test_an_illegal_action_in_range_ends_the_episode_with_the_penalty(name):
    env = wrapped(name)
    env.reset(seed=1)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    env.step(bad)
    assert all(env.terminations.values())
    assert env.rewards[offender] == game_spec(name).illegal_penalty
    assert env.infos[offender]["illegal_action"]["action"] == bad
