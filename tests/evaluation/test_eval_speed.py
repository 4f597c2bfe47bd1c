"""Env throughput and the all-agents benchmark (tiny budgets)."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from types import SimpleNamespace

import numpy as np
import pytest

from labyrinth_gym.evaluation.speed import benchmark_speed, random_legal


def test_random_legal_picks_only_legal_actions_uniformly():
    rng = np.random.default_rng(0)
    mask = np.array([0, 1, 0, 1, 1], dtype=np.int8)
    picks = [random_legal(rng, mask) for _ in range(3000)]
    counts = np.bincount(picks, minlength=5)
    assert counts[0] == counts[2] == 0
    assert all(900 < c < 1100 for c in counts[[1, 3, 4]])


SECONDS = 0.05
ROUNDS = 2


@pytest.fixture(scope="module")
def rows():
    """One short run of every env (no phase-python row: it plays whole slow games)."""
    return benchmark_speed(seconds=SECONDS, seed=0, phase=False, rounds=ROUNDS)


def _by_key(rows):
    return {(r["game"], r["api"], r.get("config")): r for r in rows}


def _needs_reference():
    if importlib.util.find_spec("pygame") is None:
        pytest.skip("pygame (PettingZoo's classic extra) is not installed")


def test_benchmark_speed_rows_for_every_api_and_the_reference(rows):
    by_key = _by_key(rows)
    for key in [("maze_party", "gymnasium", None), ("maze_party", "pettingzoo", None)]:
        row = by_key[key]
        assert row["steps"] > 0 and row["episodes"] >= ROUNDS
        assert row["seconds"] >= SECONDS * ROUNDS and row["rounds"] == ROUNDS
    ref = rows[-1]
    assert (ref["game"], ref["api"]) == ("connect_four", "pettingzoo")
    assert ref["env"] == "classic/connect_four-v3"
    _needs_reference()
    assert ref["steps"] > 0 and ref["steps_per_second"] > 0


def test_magic_is_timed_with_two_and_four_players(rows):
    by_key = _by_key(rows)
    for players in (2, 4):
        for api, env in [("gymnasium", "labyrinth_gym/MagicDuel-v8"),
                         ("pettingzoo", "labyrinth_gym.envs.magic")]:
            row = by_key[("magic", api, f"{players}p")]
            assert row["env"] == f"{env} ({players}p)"
            assert row["players"] == players
            assert row["steps"] > 0 and row["episodes"] >= 1
            assert row["steps_per_second"] > 0
    assert not any(r["api"] == "phase-python" for r in rows)  # phase=False


def test_ratio_and_targets_come_from_the_same_runs_connect_four(rows):
    from labyrinth_gym.envs.core.spec import SPEED_REFERENCE_RATE

    _needs_reference()
    assert rows[-1]["vs_reference"] == pytest.approx(1.0)
    # connect_four was timed once after every round of every row
    assert rows[-1]["rounds"] == ROUNDS * (len(rows) - 1)
    for row in rows[:-1]:
        assert len(row["ratios"]) == ROUNDS
        assert row["vs_reference"] == pytest.approx(float(np.median(row["ratios"])))
        assert row["vs_reference_low"] == min(row["ratios"])
        assert row["vs_reference_high"] == max(row["ratios"])
    # the issues' targets, in the games' SPECs
    stated = {("magic", "2p"): 3000.0, ("magic", "4p"): 1500.0,
              ("arcane_labyrinth", None): 3000.0, ("dungeon_crawler", "4p"): 2000.0,
              ("mazerunner", "4p"): 1500.0}
    targeted = [r for r in rows if "target_at_reference" in r]
    assert {(r["game"], r["config"]) for r in targeted} == set(stated)
    # the PettingZoo rows only: a Gymnasium step also plays the opponents' moves
    assert len(targeted) == 5 and {r["api"] for r in targeted} == {"pettingzoo"}
    for row in targeted:
        key = (row["game"], row["config"])
        assert row["target_at_reference"] == stated[key]
        assert row["target_ratio"] == pytest.approx(stated[key] / SPEED_REFERENCE_RATE)
        assert row["target"] == pytest.approx(row["target_ratio"] * row["reference_rate"])
        assert row["target_met"] == (row["vs_reference"] >= row["target_ratio"])
    assert all("target" not in r for r in rows
               if r["game"] not in ("magic", "arcane_labyrinth", "dungeon_crawler",
                                    "mazerunner"))


def test_speed_table_shows_players_ratio_targets_and_why(rows):
    from labyrinth_gym.evaluation.report import print_table, speed_table

    _needs_reference()
    out = io.StringIO()
    print_table(speed_table(rows), file=out)
    text = out.getvalue()
    for header in ("players", "vs connect_four", "range", "target", "met"):
        assert header in text
    assert f"each row timed in {ROUNDS} rounds" in text
    assert "labyrinth_gym/MagicDuel-v8 (4p)" in text
    assert "1.00x" in text  # connect_four against itself
    assert ("stated at connect_four 12,400 steps/s (arcane_labyrinth 3,000, dungeon_crawler "
            "4p 2,000, magic 2p 3,000, magic 4p 1,500, mazerunner 4p 1,500)") in " ".join(text.split())


def test_speed_configs_default_labels_and_errors():
    from labyrinth_gym.evaluation.speed import speed_configs

    plain = SimpleNamespace(name="plain", speed_configs=())
    assert speed_configs(plain) == [{"kwargs": {}, "label": None, "target": None}]
    spec = SimpleNamespace(name="x", speed_configs=(
        {"kwargs": {"num_players": 3}, "target": 10},
        {"kwargs": {"variant": "v", "num_players": 2}},
        {"kwargs": {}, "label": "mine"},
    ))
    assert [c["label"] for c in speed_configs(spec)] == ["3p", "variant=v, num_players=2", "mine"]
    assert [c["target"] for c in speed_configs(spec)] == [10, None, None]
    with pytest.raises(ValueError, match="kwargs"):
        speed_configs(SimpleNamespace(name="bad", speed_configs=({"target": 1},)))
    with pytest.raises(ValueError, match="targte"):
        speed_configs(SimpleNamespace(name="bad", speed_configs=(
            {"kwargs": {}, "targte": 1},)))


def _only_maze_party(monkeypatch):
    import labyrinth_gym.envs

    monkeypatch.setattr(labyrinth_gym.envs, "game_names", lambda: ["maze_party"])


def test_phase_row_is_skipped_with_the_extra_to_install(monkeypatch):
    from labyrinth_gym.evaluation.report import print_table, speed_table

    _only_maze_party(monkeypatch)
    monkeypatch.setitem(sys.modules, "phase", None)  # import phase raises ImportError
    rows = benchmark_speed(seconds=0.02, seed=0)
    phase_rows = [r for r in rows if r["api"] == "phase-python"]
    assert len(phase_rows) == 1
    row = phase_rows[0]
    assert row["steps"] is None and row["steps_per_second"] is None
    assert row["vs_reference"] is None
    assert row["note"].startswith("skipped")
    assert "pip install 'labyrinth-gym[phase]'" in row["note"]
    assert rows[-1]["game"] == "connect_four"  # the reference stays the last row
    out = io.StringIO()
    print_table(speed_table(rows), file=out)
    lines = [ln for ln in out.getvalue().splitlines() if "phase" in ln]
    assert len(lines) == 1  # one line, not a row of blanks
    assert "skipped" in lines[0] and "labyrinth-gym[phase]" in lines[0]


def test_phase_row_runs_when_phase_python_is_installed(monkeypatch):
    pytest.importorskip("phase")
    from labyrinth_gym.evaluation import phase_speed

    _only_maze_party(monkeypatch)
    # two rounds, not the default five: each plays at least one whole phase game
    rows = benchmark_speed(seconds=0.01, seed=0, rounds=2)
    row = next(r for r in rows if r["api"] == "phase-python")
    assert row["env"] == f"phase {phase_speed.phase_version()} (2p)"
    assert row["players"] == 2
    assert row["steps"] > 0 and row["episodes"] >= 1, row.get("note")
    assert "forced passes not counted" in row["note"]
    if rows[-1]["steps_per_second"]:
        assert row["vs_reference"] == pytest.approx(float(np.median(row["ratios"])))


def test_phase_games_end_and_every_sample_card_is_known():
    pytest.importorskip("phase")
    from labyrinth_gym.evaluation import phase_speed

    decks = phase_speed._sample_decks()
    cards = tuple(sorted({c for deck in decks.values() for c in deck}))
    engine = phase_speed.phase_engine(cards)
    assert engine.card_count() == len(cards)
    names = sorted(decks)
    game = phase_speed.play_phase_game(
        engine, [decks[names[0]], decks[names[1]]], seed=3,
        rng=np.random.default_rng(3), max_turns=6)
    assert game["steps"] > 0 and game["forced_passes"] > 0
    assert game["truncated"] or game["turns"] <= 6


# The all-agents benchmark's rows: tests/evaluation/test_benchmark_competitive.py, on the
# one tiny run of it that its tests share.


def test_missing_reference_env_is_a_row_not_a_crash(monkeypatch):
    from labyrinth_gym.evaluation import speed

    def no_pygame():
        raise ImportError("No module named 'pygame'")

    monkeypatch.setattr(speed, "reference_env_factory", no_pygame)
    # one round of each row (whole episodes: the default five of every game's took
    # half a minute); a missing yardstick is the same with any number of rounds
    rows = speed.benchmark_speed(seconds=0.01, phase=False, rounds=1)
    ref = rows[-1]
    assert ref["game"] == "connect_four" and ref["steps_per_second"] is None
    assert "pygame" in ref["note"]
    # No yardstick: no ratios, and the targets cannot be scaled (nor judged).
    assert all(r["vs_reference"] is None for r in rows)
    magic = [r for r in rows if r["game"] == "magic"]
    assert magic and all(r["target"] is None and r["target_met"] is None for r in magic
                         if "target_at_reference" in r)


def test_cli_writes_the_rows_as_json(tmp_path, capsys):
    from labyrinth_gym.cli import main

    out = tmp_path / "speed" / "speed.json"
    assert main(["benchmark", "speed", "--seconds", "0.01", "--rounds", "2",
                 "--no-phase", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())
    assert all(r["rounds"] == 2 for r in rows[:-1])
    assert {(r["game"], r.get("config")) for r in rows} >= {("magic", "2p"), ("magic", "4p")}
    assert "wrote" in capsys.readouterr().out


def test_each_round_is_followed_by_connect_four_so_load_drift_cancels(monkeypatch):
    """A machine that slows down through the run (load arriving): timed against a
    yardstick taken right after each round, a row's ratio stays what it is, where a
    yardstick timed once at the end would make every early row look faster."""
    from labyrinth_gym.evaluation import speed

    _only_maze_party(monkeypatch)
    calls: list[str] = []
    clock = {"speed": 1.0}

    def fake(kind: str, true_rate: float):
        def timer(*args, **kwargs):
            calls.append(kind)
            clock["speed"] *= 0.8  # 20% slower at every timing
            return {"steps": int(10**6 * true_rate * clock["speed"]), "episodes": 1,
                    "seconds": 1.0}
        return timer

    gym_timer, aec_timer = fake("gym", 0.5), fake("aec", 0.25)
    reference = fake("c4", 1.0)

    def aec(make_env, seconds, seed):
        return (reference if make_env is MAKE_REFERENCE else aec_timer)()

    def MAKE_REFERENCE():  # noqa: N802 (a stand-in for the env factory)
        return SimpleNamespace(close=lambda: None)

    monkeypatch.setattr(speed, "reference_env_factory", lambda: MAKE_REFERENCE)
    monkeypatch.setattr(speed, "_time_gym", gym_timer)
    monkeypatch.setattr(speed, "_time_aec", aec)
    rows = speed.benchmark_speed(seconds=1.0, phase=False, rounds=5)
    # row, yardstick, row, yardstick...
    assert calls == ["gym", "c4"] * 5 + ["aec", "c4"] * 5
    gym_row, aec_row = rows[0], rows[1]
    # each yardstick ran 20% slower than the row before it: every ratio is the same
    assert gym_row["ratios"] == pytest.approx([0.5 / 0.8] * 5, rel=1e-3)
    assert aec_row["ratios"] == pytest.approx([0.25 / 0.8] * 5, rel=1e-3)
    assert gym_row["vs_reference_low"] == pytest.approx(gym_row["vs_reference_high"],
                                                        rel=1e-3)
