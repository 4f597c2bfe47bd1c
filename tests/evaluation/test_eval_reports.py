"""Report files (JSON + PNG) and terminal tables."""

from __future__ import annotations

import io
import json

import pytest

from labyrinth_gym import __version__
from labyrinth_gym.evaluation import evaluate, write_report
from labyrinth_gym.evaluation.report import ensure_out_dir, eval_table, print_table

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def report():
    return evaluate(
        "maze_party", ["random", "heuristic"], games=8, seed=0, game_kwargs={"party": 3}
    )


def test_write_report_writes_json_and_png(report, tmp_path):
    out = tmp_path / "a" / "b"
    json_path, png_path = write_report(report, out)
    assert json_path.parent == out and png_path.parent == out
    data = json.loads(json_path.read_text())
    cfg = data["config"]
    assert cfg["game"] == "maze_party" and cfg["seed"] == 0 and cfg["games"] == 8
    assert cfg["agents"] == ["maze_party/random", "maze_party/heuristic"]
    assert cfg["game_kwargs"] == {"party": 3}
    assert cfg["package_version"] == __version__
    rows = {row["agent"]: row for row in data["agents"]}
    for row in rows.values():
        assert row["games"] == 8
        assert 0.0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1.0
        assert {"mean_turns", "mean_steps", "mean_return", "seconds"} <= set(row)
    assert "games" not in data  # per-game rows only on request
    png = png_path.read_bytes()
    assert png.startswith(PNG_MAGIC) and len(png) > 5000


def test_per_game_rows_name_the_seats(report, tmp_path):
    json_path, _ = write_report(report, tmp_path, per_game=True)
    games = json.loads(json_path.read_text())["games"]
    assert len(games) == 16
    assert games[0]["seats"] == ["maze_party/random"] * 3
    assert games[0]["seed"] == 0 and len(games[0]["returns"]) == 3


def test_out_dir_that_is_a_file_is_a_clear_error(report, tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    with pytest.raises(NotADirectoryError, match="not a directory"):
        write_report(report, blocker)
    with pytest.raises(NotADirectoryError, match="not a directory"):
        ensure_out_dir(blocker / "sub")


def test_table_shows_every_agent_with_its_interval(report):
    buf = io.StringIO()
    print_table(eval_table(report), file=buf)
    text = buf.getvalue()
    assert "maze_party/random" in text and "maze_party/heuristic" in text
    assert "95% CI" in text and "8 games per agent" in text
    assert "\x1b[" not in text  # no colour codes when not a terminal


def test_a_card_keeps_every_row_of_an_agent_listed_several_times(tmp_path):
    """ppo against three heuristic seats: the card gets four rows, not one heuristic
    row overwritten twice."""
    from labyrinth_gym.evaluation.report import record_in_cards

    report = evaluate("labyrinth_cards", ["random", "heuristic", "heuristic"], games=3,
                      seed=0, game_kwargs={"num_players": 3})
    (tmp_path / "card.json").write_text("{}")
    record_in_cards(report, {"random": {"path": str(tmp_path)}}, "labyrinth-gym evaluate")
    entry = json.loads((tmp_path / "card.json").read_text())["eval"]["evaluations"][0]
    results = entry["results"]
    assert list(results) == ["labyrinth_cards/random", "labyrinth_cards/heuristic",
                             "labyrinth_cards/heuristic#2"]
    assert sum(r["wins"] for r in results.values()) == pytest.approx(3.0)
    assert all(r["games"] == 3 and "truncated" in r for r in results.values())
