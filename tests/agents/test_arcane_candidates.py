"""The ``arcane_labyrinth/candidates`` interface, the env through it, and the warm start.

Slot 0 is the rule-based Hero's move, so always choosing it replays the heuristic's
game event for event; every candidate is a distinct legal move; the decisions outside
:data:`CHOSEN` are ruled; a choice outside the mask ends the episode with the penalty.
"""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from labyrinth_gym.agents import ArcaneHeuristic, make_interface
from labyrinth_gym.agents.arcane_labyrinth_candidates import (
    CAND_FEATURES,
    CHOSEN,
    GLOBAL_FEATURES,
    ArcaneCandidates,
    K,
)
from labyrinth_gym.envs.arcane_labyrinth import ArcaneLabyrinthEnv
from labyrinth_gym.envs.arcane_labyrinth.encoding import ArcaneObs

PAIR = {"hero": "black_necromancer", "labyrinth": "goblin_warrens"}


def test_registered_with_its_sizes():
    iface = make_interface("arcane_labyrinth", "candidates")
    assert isinstance(iface, ArcaneCandidates)
    assert iface.num_choices == K
    assert iface.observation_size == GLOBAL_FEATURES + K * CAND_FEATURES


def test_always_slot_zero_replays_the_heuristic_game():
    for seed in range(3):
        plain = ArcaneLabyrinthEnv(**PAIR)
        obs, info = plain.reset(seed=seed)
        hero = ArcaneHeuristic()
        hero.reset()
        done = False
        while not done:
            obs, r1, t, tr, info = plain.step(hero.act(obs, info["action_mask"]))
            done = t or tr
        through = ArcaneLabyrinthEnv(interface=ArcaneCandidates(), **PAIR)
        through.reset(seed=seed)
        done = False
        while not done:
            _, r2, t, tr, _ = through.step(0)
            done = t or tr
        assert through.game.events == plain.game.events
        assert r1 == r2


def test_candidates_are_distinct_legal_moves_and_other_decisions_are_ruled():
    iface = ArcaneCandidates()
    env = ArcaneLabyrinthEnv(**PAIR)
    rng = np.random.default_rng(0)
    asked = ruled = 0
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        iface.reset()
        done = False
        while not done:
            mask = info["action_mask"]
            legal = set(np.flatnonzero(mask).tolist())
            d = iface.prepare(obs, mask)
            kind = ArcaneObs(obs).decision()
            if d.ruled is not None:
                ruled += 1
                assert d.ruled in legal
                assert len(legal) == 1 or kind not in CHOSEN
                action = d.ruled
            else:
                asked += 1
                assert kind in CHOSEN
                n = int(d.mask.sum())
                assert d.mask[:n].all() and not d.mask[n:].any()
                assert n == min(len(legal), K) and len(d.actions) == n
                assert len(set(d.actions)) == n and set(d.actions) <= legal
                assert d.observation.shape == (iface.observation_size,)
                assert np.isfinite(d.observation).all()
                rows = d.observation[GLOBAL_FEATURES:].reshape(K, CAND_FEATURES)
                assert rows[0, 1] == 1 and not rows[1:, 1].any()  # the heuristic's flag
                assert (rows[:, 0] == d.mask).all()  # present
                action = d.action(int(rng.integers(n)))
            obs, _, t, tr, info = env.step(action)
            done = t or tr
    assert asked > 50 and ruled > 0


def test_env_through_the_interface_passes_check_env_and_punishes_a_masked_choice():
    env = ArcaneLabyrinthEnv(interface=ArcaneCandidates(), **PAIR)
    check_env(env, skip_render_check=True)
    env.reset(seed=1)
    masked = np.flatnonzero(~env.action_masks())
    if len(masked) == 0:
        pytest.skip("every slot is allowed at the first decision")
    _, reward, terminated, _, info = env.step(int(masked[0]))
    assert terminated and reward == -1.0 and "illegal_action" in info


def test_interface_reset_resets_the_heuristic():
    iface = ArcaneCandidates()
    iface.heuristic.mulligans = 1
    iface.reset()
    assert iface.heuristic.mulligans == 0


def test_warm_start_clones_the_teacher():
    from sb3_contrib import MaskablePPO

    from labyrinth_gym.training.warm_start import clone, collect

    iface = ArcaneCandidates()
    obs, masks, choices, returns, stats = collect(
        "arcane_labyrinth", iface, "heuristic", 2, 0, 0.99, PAIR)
    assert stats["samples"] == len(choices) > 50
    assert stats["teacher_moves_not_offered"] == 0
    assert (choices == 0).all()  # the heuristic is always slot 0
    assert np.abs(returns).max() <= 1.0
    env = ArcaneLabyrinthEnv(interface=ArcaneCandidates(), **PAIR)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, seed=0,
                        policy_kwargs={"net_arch": [32, 32]}, device="cpu")
    fit = clone(model, obs, masks, choices, returns, epochs=30, smoothing=0.05)
    assert fit["agreement"] > 0.95
    assert fit["mean_p_teacher"] > 0.5
