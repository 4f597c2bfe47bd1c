"""The card game's table-edge measurement: what it counts, and that slides are what
keep the edge out of play."""

from __future__ import annotations

import pytest

from labyrinth_gym.cli import main
from labyrinth_gym.envs.labyrinth_cards.engine.game import LabyrinthCardsGame
from labyrinth_gym.evaluation.table_edge import edge_refusal_rates


def test_rows_for_every_variant_and_player_count():
    rows = edge_refusal_rates(games=3, seed=5)
    assert [(r["variant"], r["players"]) for r in rows] == [
        (v, n) for v in ("official", "caffeinated", "steroids") for n in (2, 4)]
    for r in rows:
        assert r["games"] == 3 and r["decisions"] > 20
        assert 0 <= r["refused"] <= r["decisions"]
        assert r["rate"] == r["refused"] / r["decisions"]
        assert 0.0 <= r["ci_low"] <= r["rate"] <= r["ci_high"] <= 1.0
        assert 2 <= r["widest"] <= 16


def test_slides_keep_the_edge_out_of_play(monkeypatch):
    """Official layouts sprawl: with slides, the edge refuses (almost) nothing; with
    the layout pinned where it started (the old fixed table), it refuses often."""
    kw = {"games": 20, "seed": 0, "variants": ("official",), "players": (2,)}
    (sliding,) = edge_refusal_rates(**kw)
    assert sliding["slides"] > 0 and sliding["rate"] < 0.01
    monkeypatch.setattr(LabyrinthCardsGame, "_slide", lambda self: None)
    (pinned,) = edge_refusal_rates(**kw)
    assert pinned["slides"] == 0 and pinned["rate"] > 0.02
    assert pinned["decisions"] > 0


def test_the_command_prints_the_table(capsys):
    assert main(["benchmark", "table-edge", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "edge refused a play" in out and "steroids" in out


@pytest.mark.parametrize("games", ["0", "-3"])
def test_bad_game_counts_are_user_errors(games, capsys):
    assert main(["benchmark", "table-edge", "--games", games]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("labyrinth-gym: error: --games")
