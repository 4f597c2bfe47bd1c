"""``make demo`` (``labyrinth-gym demo``): every game played by its shipped agents in a
few seeded matches, a line per game as it finishes, then a table with intervals.

A newcomer's first minute with the project, so it is short (about a minute on two
cores) and never silent. Each game's best shipped agent (the learned one where a
checkpoint ships, else the heuristic) plays the game's default table:

- cooperative and solo games (the maze party, Arcane Labyrinth): the learned agent
  and the heuristic each play the same seeds, so the two win rates compare directly;
- competitive games: the agent against the heuristic when it is the learned one, else
  against random, the seats rotated game by game (a 4-seat pod: the agent against
  three copies of its opponent).

The full benchmark, every agent of every game with hundreds of games each, is
``labyrinth-gym benchmark agents`` (:func:`~labyrinth_gym.evaluation.speed.
benchmark_agents`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from labyrinth_gym.evaluation.matches import (
    Progress,
    agent_id,
    build_agents,
    evaluate,
    new_game,
    resolve_spec,
)
from labyrinth_gym.evaluation.progress import no_bar
from labyrinth_gym.evaluation.report import rate_with_interval as _rate

DEMO_GAMES: dict[str, int] = {
    # Games per game in the demo, sized so that each takes a few seconds on one core
    # (measured 2026-11-26 on this project's 2-core machine, other work running):
    "maze_party": 200,  # ~0.01 s a party
    "labyrinth_cards": 40,  # ~0.25 s a game, the learned player ranks candidates
    "magic": 100,  # ~0.02 s a duel between heuristic and random
    "arcane_labyrinth": 40,  # ~0.2 s a game for the learned Hero
    "dungeon_crawler": 30,  # ~1 s a game, a few hundred decisions
    "mazerunner": 12,  # ~0.5 s a 4-player Commander pod
}
"""Games each game plays in the demo (a game missing here plays 20)."""

DEFAULT_DEMO_GAMES = 20

Task = Callable[[str], AbstractContextManager[Progress]]
"""``task(description)``: a context whose value is the ``progress`` of a bar."""


@dataclass(frozen=True)
class DemoMatch:
    """What the demo plays of one game.

    Attributes:
        game: Game name.
        agent: The shipped agent shown (learned where one ships, else heuristic).
        opponent: What it is measured against (the heuristic or random).
        seats: Agent ids per evaluated agent (:func:`evaluate`'s ``agent_ids``).
        cooperative: Both play the same seeds (True) or face each other (False).
        players: Seats at the table.
    """

    game: str
    agent: str
    opponent: str
    seats: tuple[str, ...]
    cooperative: bool
    players: int


def shipped_agent(game: str) -> str:
    """The learned agent of ``game`` when a checkpoint ships for it, else the
    heuristic. A shipped checkpoint that does not load is an error, not a reason to
    show something else."""
    from labyrinth_gym.agents import registered

    learned = agent_id(game, "ppo")
    if learned not in registered(game):
        return agent_id(game, "heuristic")
    try:
        build_agents([learned])
    except FileNotFoundError:  # registered, but no checkpoint ships yet
        return agent_id(game, "heuristic")
    return learned


def plan(game: str, seed: int = 0) -> DemoMatch:
    """The match the demo plays of ``game``."""
    spec = resolve_spec(game)
    players = new_game(spec, seed).num_players
    agent = shipped_agent(game)
    learned = agent.endswith("/ppo")
    opponent = agent_id(game, "heuristic" if learned else "random")
    if spec.cooperative or players == 1:
        seats: tuple[str, ...] = (agent, opponent) if learned else (agent,)
        return DemoMatch(game, agent, opponent if learned else "", seats, True, players)
    seats = (agent,) + (opponent,) * (players - 1)
    return DemoMatch(game, agent, opponent, seats, False, players)


def _short(aid: str) -> str:
    return aid.split("/", 1)[1]


def describe(match: DemoMatch, rows: list[dict[str, Any]], seconds: float) -> str:
    """The one line the demo prints for a game when its match ends."""
    first = rows[0]
    n = first["games"]
    if match.cooperative:
        text = f"{match.game}: {_short(match.agent)} wins {_rate(first)} of {n} games"
        if len(rows) > 1:
            text += f"; {_short(rows[1]['agent'])} {_rate(rows[1])} on the same seeds"
    else:
        against = _short(match.opponent)
        if match.players > 2:
            against = f"{match.players - 1} x {against}"
        text = (f"{match.game}: {_short(match.agent)} against {against} wins "
                f"{_rate(first)} of {n} games ({match.players} players, seats rotated)")
    return f"{text}  [{seconds:.1f} s]"


def run_demo(
    games: Mapping[str, int] | int | None = None,
    seed: int = 0,
    show: Callable[[str], None] = print,
    task: Task | None = None,
) -> list[dict[str, Any]]:
    """Play every game's demo match, in this process, one game after another.

    Args:
        games: Games per game: a count for all, per-game counts, or None for
            :data:`DEMO_GAMES`.
        seed: Seed of each game's first game.
        show: Called with each game's line as its match ends.
        task: Progress bars: ``task(description)`` gives a context whose value is
            :func:`evaluate`'s ``progress``.

    Returns:
        One row per evaluated agent: ``game``, ``agent``, ``games``, ``wins``,
        ``win_rate``, ``ci_low``, ``ci_high``, ``mean_turns``, ``mean_steps``,
        ``mean_return``, ``truncated``, ``seconds`` and ``note`` (against whom).
    """
    from labyrinth_gym.envs import game_names

    task = task or no_bar
    out: list[dict[str, Any]] = []
    for game in game_names():
        if isinstance(games, int):
            n = games
        else:
            n = (games or DEMO_GAMES).get(game, DEFAULT_DEMO_GAMES)
        match = plan(game, seed)
        start = time.perf_counter()
        with task(f"{game}: {_short(match.agent)}") as progress:
            report = evaluate(game, list(match.seats), games=n, seed=seed,
                              progress=progress)
        seconds = time.perf_counter() - start
        count = 1 if not match.cooperative else len(match.seats)
        rows = []
        for stats in report.agents[:count]:
            row = {"game": game, **vars(stats), "seconds": seconds}
            if match.cooperative:
                row["note"] = f"seeds {seed}..{seed + n - 1}, {match.players} seat(s)"
            else:
                row["note"] = (f"vs {_short(match.opponent)}, {match.players} players, "
                               f"seats rotated, seeds {seed}..{seed + n - 1}")
            if stats.truncated:
                row["note"] += f", {stats.truncated} truncated"
            rows.append(row)
        show(describe(match, rows, seconds))
        out.extend(rows)
    return out


NEXT_STEPS = (
    "Play in your browser: labyrinth-gym serve, then open http://127.0.0.1:8000\n"
    "The full benchmark (every agent of every game, hundreds of games each): "
    "labyrinth-gym benchmark agents (see README for how long it takes)"
)
"""What the demo prints last: where to go from here."""


__all__ = ["DEMO_GAMES", "NEXT_STEPS", "DemoMatch", "describe", "plan", "run_demo",
           "shipped_agent"]
