"""``make demo``: every game's shipped agent in a short match, a line per game as it
ends; and the progress callbacks the long commands draw their bars from."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs import game_names
from labyrinth_gym.evaluation import evaluate
from labyrinth_gym.evaluation.demo import NEXT_STEPS, plan, run_demo
from labyrinth_gym.evaluation.progress import Bars


def test_demo_names_every_game_in_a_line_as_it_ends(capsys):
    lines: list[str] = []
    rows = run_demo(games=1, seed=0, show=lines.append)
    assert len(lines) == len(game_names())
    for game, line in zip(game_names(), lines, strict=True):
        assert line.startswith(f"{game}: "), line
        assert "of 1 games" in line and "[" in line
    assert {r["game"] for r in rows} == set(game_names())
    for row in rows:
        assert row["games"] == 1
        assert 0.0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1.0


def test_demo_plays_the_learned_agent_where_one_ships_else_the_heuristic():
    cards = plan("labyrinth_cards")
    assert cards.agent == "labyrinth_cards/ppo"
    assert cards.seats == ("labyrinth_cards/ppo", "labyrinth_cards/heuristic")
    assert not cards.cooperative
    # No Magic checkpoint ships: the heuristic plays random.
    magic = plan("magic")
    assert magic.agent == "magic/heuristic" and magic.opponent == "magic/random"
    # A 4-seat pod: the agent against three of its opponent, seats rotated.
    pod = plan("mazerunner")
    assert pod.players == 4 and pod.seats[0] == pod.agent
    assert pod.seats[1:] == (pod.opponent,) * 3
    # Cooperative: learned and heuristic each on the same seeds.
    party = plan("maze_party")
    assert party.cooperative and party.seats == ("maze_party/ppo", "maze_party/heuristic")


def test_demo_cli_prints_lines_table_and_where_to_go_next(capsys):
    from labyrinth_gym.cli import main

    assert main(["demo", "--games", "1"]) == 0
    out = capsys.readouterr().out
    for game in game_names():
        assert f"{game}: " in out
    assert "labyrinth-gym serve" in out and "benchmark agents" in out
    assert NEXT_STEPS.splitlines()[0] in out


@pytest.mark.parametrize("workers", [1, 2])
def test_evaluate_reports_progress_up_to_the_total(workers):
    calls: list[tuple[int, int]] = []
    report = evaluate("maze_party", ["random", "heuristic"], games=6, seed=0,
                      workers=workers, progress=lambda n, total: calls.append((n, total)))
    assert calls[0] == (0, 12)  # two agents on the same six seeds
    assert {total for _, total in calls} == {12}
    assert sum(n for n, _ in calls) == 12 == len(report.results)


def test_bars_print_result_lines_when_nothing_is_drawn(capsys):
    with Bars(enabled=False) as bars, bars.task("games") as advance:
        advance(0, 3)
        advance(3)
        bars.print("maze_party: done")
    assert capsys.readouterr().out == "maze_party: done\n"
