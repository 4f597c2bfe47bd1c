"""Policy interfaces: the raw one, the card game's candidates, and the self-play env
that trains through them."""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.agents import LabyrinthCardsHeuristic, make_interface
from labyrinth_gym.agents.interface import Decision, RawInterface, describe
from labyrinth_gym.agents.labyrinth_cards_candidates import (
    CAND_FEATURES,
    GLOBAL_FEATURES,
    CandidateInterface,
    K,
)
from labyrinth_gym.envs import game_spec
from labyrinth_gym.envs.labyrinth_cards.encoding import SIZE, encode
from labyrinth_gym.envs.labyrinth_cards.engine import actions as A
from labyrinth_gym.envs.labyrinth_cards.engine import new_game
from labyrinth_gym.envs.labyrinth_cards.engine.game import COLLECT
from labyrinth_gym.training.selfplay import OpponentPool, PolicySnapshot, SelfPlayEnv

SPEC = game_spec("labyrinth_cards")
DRAW = A.draw_index(SIZE)


def test_raw_interface_passes_the_env_through_and_refuses_masked_choices():
    iface = make_interface("labyrinth_cards", None)
    assert isinstance(iface, RawInterface)
    assert (iface.observation_size, iface.num_choices) == (
        SPEC.observation_size, SPEC.num_actions
    )
    game = new_game(0, variant="caffeinated", num_players=2)
    mask = game.legal_mask()
    d = iface.prepare(encode(game, 0), mask)
    legal = np.flatnonzero(mask)
    assert d.ruled is None and d.action(int(legal[0])) == legal[0]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not allowed"):
        d.action(illegal)


def test_unknown_interface_lists_the_known_ones():
    with pytest.raises(ValueError, match="candidates"):
        make_interface("labyrinth_cards", "nope")
    with pytest.raises(ValueError, match="unknown policy interface"):
        make_interface("maze_party", "candidates")
    assert describe(make_interface("labyrinth_cards", "candidates")) == {
        "name": "labyrinth_cards/candidates", "version": 1,
        "observation_size": GLOBAL_FEATURES + K * CAND_FEATURES, "num_choices": K,
    }


def _decisions(variant: str, players: int, seed: int):
    """(observation, mask, decision, heuristic move) along a heuristic game."""
    iface = CandidateInterface()
    h = LabyrinthCardsHeuristic()
    game = new_game(seed, variant=variant, num_players=players)
    while not game.is_terminal():
        seat = game.current_player()
        obs, mask = encode(game, seat), game.legal_mask()
        d = iface.prepare(obs, mask)
        move = h.act(obs, mask)
        yield game, obs, mask, d, move
        game.apply_action(move)


@pytest.mark.parametrize(
    ("variant", "players", "seed"),
    [("official", 2, 0), ("caffeinated", 2, 1), ("steroids", 3, 2), ("caffeinated", 4, 3)],
)
def test_candidates_are_legal_distinct_and_slot_0_is_the_heuristic(variant, players, seed):
    chosen = ruled = 0
    for game, _, mask, d, move in _decisions(variant, players, seed):
        if d.ruled is not None:
            ruled += 1
            # Collection and forced moves are ruled, exactly as the heuristic plays.
            assert game.phase == COLLECT or mask.sum() == 1
            assert d.ruled == move
            continue
        chosen += 1
        assert game.phase != COLLECT
        assert d.observation.shape == (GLOBAL_FEATURES + K * CAND_FEATURES,)
        assert np.all(np.isfinite(d.observation))
        n = int(d.mask.sum())
        assert d.mask[:n].all() and not d.mask[n:].any()
        assert len(d.actions) == n and len(set(d.actions)) == n
        assert all(mask[a] for a in d.actions)
        assert d.action(0) == move
        rows = d.observation[GLOBAL_FEATURES:].reshape(K, CAND_FEATURES)
        assert (rows[:n, 0] == 1).all() and (rows[n:] == 0).all()
        if mask[DRAW] and move != DRAW:
            assert d.actions[1] == DRAW and rows[1, 3] == 1
        # One kind per candidate, matching its action.
        for slot, a in enumerate(d.actions):
            kind = A.decode(a, SIZE)[0]
            assert rows[slot, 1:4].tolist() == [
                kind == "play", kind == "rotate", kind == "draw"
            ]
    assert chosen > 10 and ruled > 0


def test_candidate_features_show_what_a_play_collects():
    """A candidate's gain is what the heuristic's exact simulation says it collects."""
    seen = 0
    for _, _, _, d, _ in _decisions("caffeinated", 2, 5):
        if d.ruled is not None:
            continue
        rows = d.observation[GLOBAL_FEATURES:].reshape(K, CAND_FEATURES)
        gains = rows[: len(d.actions), 4] * 5
        assert np.allclose(gains, np.round(gains)) and (gains >= 0).all()
        seen += int((gains > 0).any())
    assert seen > 0, "no decision offered a scoring candidate in a whole game"


def test_self_play_env_through_the_interface():
    iface = CandidateInterface()
    pool = OpponentPool("labyrinth_cards", {"heuristic": 1.0}, interface=iface)
    env = SelfPlayEnv(SPEC, pool, {"variant": ["caffeinated"], "num_players": [2]},
                      interface=iface)
    assert env.observation_space.shape == (iface.observation_size,)
    assert env.action_space.n == K
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    steps, total, done = 0, 0.0, False
    while not done:
        mask = env.action_masks()
        assert mask.shape == (K,) and mask.any()
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += r
        steps += 1
        done = term or trunc
    assert env.game.is_terminal()
    assert total == env.game.returns()[env.seat]
    assert steps < env.game.turn_count() * 3  # collections were ruled, not asked

    # A masked-out choice ends the episode with the penalty (strict: raises).
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(~env.action_masks())[0]) if not env.action_masks().all() else K
    _, r, term, _, info = env.step(bad)
    assert term and r == SPEC.illegal_penalty and "illegal_action" in info
    strict = SelfPlayEnv(SPEC, pool, {"variant": ["caffeinated"]}, interface=iface,
                         strict=True)
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not allowed"):
        strict.step(K + 5)


def test_snapshots_play_through_the_interface():
    iface = CandidateInterface()

    class SlotZero:
        """A stand-in policy that always picks slot 0 (the heuristic's move)."""

        def set_training_mode(self, mode):
            pass

        def predict(self, obs, action_masks, deterministic):
            assert obs.shape == (1, iface.observation_size)
            return np.array([0]), None

    snap = PolicySnapshot(SlotZero(), "s", iface)
    h = LabyrinthCardsHeuristic()
    game = new_game(4, variant="steroids", num_players=2)
    for _ in range(60):
        obs, mask = encode(game, game.current_player()), game.legal_mask()
        move = snap.act(obs, mask)
        assert move == h.act(obs, mask)
        game.apply_action(move)


def test_decision_rules_when_given_an_action():
    d = Decision(ruled=7)
    assert d.action(3) == 7
