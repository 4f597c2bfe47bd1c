"""The self-play env: per-episode configuration, seats and opponents; reward shaping."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from labyrinth_gym.envs import game_spec
from labyrinth_gym.training.selfplay import OpponentPool, SelfPlayEnv

SPEC = game_spec("labyrinth_cards")


def _play(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, r, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
        total += r
        done = term or trunc
    return total


def test_each_episode_draws_variant_players_and_seat_and_fills_other_seats():
    pool = OpponentPool("labyrinth_cards", {"random": 1.0})
    env = SelfPlayEnv(SPEC, pool, {"variant": ["official", "steroids"], "num_players": [2, 4]})
    seen = Counter()
    for seed in range(24):
        env.reset(seed=seed)
        game = env.game
        seen[(game.variant, game.num_players)] += 1
        assert 0 <= env.seat < game.num_players
        assert sorted(env.opponents) == sorted(set(range(game.num_players)) - {env.seat})
        assert game.current_player() == env.seat  # opponents moved until the learner's turn
    assert set(seen) == {("official", 2), ("official", 4), ("steroids", 2), ("steroids", 4)}


def test_snapshots_join_the_pool_and_are_sampled():
    pool = OpponentPool("labyrinth_cards", {"random": 1.0}, snapshot_weight=3.0, keep=2)

    class FakePolicy:
        def set_training_mode(self, mode):
            pass

    for i in range(3):
        pool.add_snapshot(FakePolicy(), f"s{i}")
    assert [s.name for s in pool.snapshots] == ["s1", "s2"]  # the oldest was dropped
    rng = np.random.default_rng(0)
    names = Counter(pool.sample(rng).name for _ in range(2000))
    # random has weight 1, the two snapshots share 3 (1.5 each): random is 1/4.
    assert 0.21 < names["labyrinth_cards/random"] / 2000 < 0.29
    assert 0.33 < names["s1"] / 2000 < 0.42


@pytest.mark.parametrize("seed", range(6))
def test_shaping_sums_to_the_change_in_score_lead(seed):
    pool = OpponentPool("labyrinth_cards", {"random": 1.0})
    plain = SelfPlayEnv(SPEC, pool, {"variant": ["caffeinated"], "num_players": [2]})
    shaped = SelfPlayEnv(SPEC, pool, {"variant": ["caffeinated"], "num_players": [2]},
                         shaping=0.5)
    shaped.reset(seed=seed)
    start = shaped._potential()  # opponents may have scored before the learner's turn
    r_plain = _play(plain, seed)
    r_shaped = _play(shaped, seed)
    scores = shaped.game.scores()
    lead = (scores[shaped.seat] - scores[1 - shaped.seat]) / 25.0
    assert r_shaped - r_plain == pytest.approx(0.5 * (lead - start))
    assert plain.game.events == shaped.game.events


@pytest.mark.parametrize("seed", range(8))
def test_lead_reward_is_half_the_lead_over_the_mean_rival(seed):
    pool = OpponentPool("labyrinth_cards", {"random": 1.0})
    plain = SelfPlayEnv(SPEC, pool, {"variant": ["official"], "num_players": [4]})
    lead = SelfPlayEnv(SPEC, pool, {"variant": ["official"], "num_players": [4]},
                       reward="lead")
    r_plain = _play(plain, seed)
    r_lead = _play(lead, seed)
    assert plain.game.events == lead.game.events
    returns = lead.game.returns()
    others = [r for i, r in enumerate(returns) if i != lead.seat]
    assert r_plain == returns[lead.seat]
    assert r_lead == pytest.approx((returns[lead.seat] - sum(others) / 3) / 2)
    # one winner: a win scores 1, a loss -1/3 (what a win share counts)
    if sorted(returns) == [-1.0, -1.0, -1.0, 1.0]:
        assert r_lead == pytest.approx(1.0 if returns[lead.seat] == 1.0 else -1 / 3)


def test_reward_must_be_known():
    pool = OpponentPool("labyrinth_cards", {"random": 1.0})
    with pytest.raises(ValueError, match="'return' or 'lead'"):
        SelfPlayEnv(SPEC, pool, reward="wins")


def test_a_named_potential_shapes_by_its_change():
    spec = game_spec("dungeon_crawler")
    pool = OpponentPool("dungeon_crawler", {"random": 1.0})
    name = "labyrinth_gym.agents.dungeon_crawler:race_lead"
    from labyrinth_gym.agents.dungeon_crawler import race_lead

    kwargs = {"num_players": [2], "max_rounds": [3]}
    for seed in range(3):
        plain = SelfPlayEnv(spec, pool, kwargs)
        shaped = SelfPlayEnv(spec, pool, kwargs, shaping=0.5, potential=name)
        shaped.reset(seed=seed)
        start = race_lead(shaped.game, shaped.seat)
        assert shaped._potential() == start
        r_plain = _play(plain, seed)
        r_shaped = _play(shaped, seed)
        assert plain.game.events == shaped.game.events
        end = race_lead(shaped.game, shaped.seat)
        assert r_shaped - r_plain == pytest.approx(0.5 * (end - start))


@pytest.mark.parametrize("name, match", [
    ("race_lead", "'module:function'"),
    ("labyrinth_gym.agents.dungeon_crawler:nothing", "no function 'nothing'"),
])
def test_a_bad_potential_name_is_refused(name, match):
    pool = OpponentPool("labyrinth_cards", {"random": 1.0})
    with pytest.raises(ValueError, match=match):
        SelfPlayEnv(SPEC, pool, shaping=0.5, potential=name)
