"""Env throughput and the all-agents benchmark (tiny budgets)."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from labyrinth_gym.evaluation.speed import (
    benchmark_agents,
    benchmark_speed,
    random_legal,
)


def test_random_legal_picks_only_legal_actions_uniformly():
    rng = np.random.default_rng(0)
    mask = np.array([0, 1, 0, 1, 1], dtype=np.int8)
    picks = [random_legal(rng, mask) for _ in range(3000)]
    counts = np.bincount(picks, minlength=5)
    assert counts[0] == counts[2] == 0
    assert all(900 < c < 1100 for c in counts[[1, 3, 4]])


def test_benchmark_speed_rows_for_every_api_and_the_reference():
    rows = benchmark_speed(seconds=0.2, seed=0)
    by_key = {(r["game"], r["api"]): r for r in rows}
    for key in [("maze_party", "gymnasium"), ("maze_party", "pettingzoo")]:
        row = by_key[key]
        assert row["steps"] > 0 and row["episodes"] >= 1
        assert row["seconds"] >= 0.2
        assert row["steps_per_second"] == pytest.approx(row["steps"] / row["seconds"])
    ref = by_key[("connect_four", "pettingzoo")]
    assert ref["env"] == "classic/connect_four-v3"
    if importlib.util.find_spec("pygame") is None:
        pytest.skip("pygame (PettingZoo's classic extra) is not installed")
    assert ref["steps"] > 0 and ref["steps_per_second"] > 0


def test_benchmark_agents_rows_and_a_reason_for_missing_agents():
    rows = benchmark_agents(games=6, seed=0, search_games=2, workers=1)
    by_agent = {r["agent"]: r for r in rows}
    assert {"maze_party/random", "maze_party/heuristic", "maze_party/search"} <= set(
        by_agent
    )
    assert by_agent["maze_party/random"]["games"] == 6
    assert by_agent["maze_party/search"]["games"] == 2
    assert "seeds 0..1" in by_agent["maze_party/search"]["note"]
    for row in rows:
        if row["games"]:
            assert 0.0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1.0
        else:  # e.g. no ppo checkpoint yet: a row that says why, not a crash
            assert row["note"].startswith("not evaluated")


def test_missing_reference_env_is_a_row_not_a_crash(monkeypatch):
    from labyrinth_gym.evaluation import speed

    def no_pygame():
        raise ImportError("No module named 'pygame'")

    monkeypatch.setattr(speed, "reference_env_factory", no_pygame)
    ref = speed.benchmark_speed(seconds=0.05)[-1]
    assert ref["game"] == "connect_four" and ref["steps_per_second"] is None
    assert "pygame" in ref["note"]
