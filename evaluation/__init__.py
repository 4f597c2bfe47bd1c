"""Evaluation: seeded matches, win rates with 95% intervals, charts and benchmarks.

``evaluate("maze_party", ["random", "heuristic"], games=500, seed=0)`` plays every agent
on the same seeds and returns an :class:`EvalReport`; :func:`write_report` stores it as
JSON and a PNG chart. :mod:`~labyrinth_gym.evaluation.speed` measures env throughput
and the agents of every game.
"""

from __future__ import annotations

from labyrinth_gym.evaluation.matches import (
    AgentStats,
    EvalReport,
    GameResult,
    Match,
    MatchResult,
    evaluate,
    play_game,
    schedule,
)
from labyrinth_gym.evaluation.report import write_report
from labyrinth_gym.evaluation.stats import wilson_interval

__all__ = [
    "AgentStats",
    "EvalReport",
    "GameResult",
    "Match",
    "MatchResult",
    "evaluate",
    "play_game",
    "schedule",
    "wilson_interval",
    "write_report",
]
