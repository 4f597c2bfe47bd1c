"""Seeded matches between agents, and win rates with confidence intervals.

Games run directly on the engine (no Gymnasium/PettingZoo layer), so evaluation is as
fast as the rules allow. Every source of randomness is derived from the game seed:
the game's own dice, the generator that builds the search agents' views (never the
game's dice, so asking for a view does not change the game), and each agent's
``reset(seed=...)``. A match therefore gives the same result whichever process plays
it, and ``workers=2`` reports the same numbers as ``workers=1``.

Two ways to fill the seats (:class:`Mode`):

- ``"team"``: cooperative and solo games (every seat shares the return, as in the maze
  party). Each agent plays every seat of its own games, on the seeds
  ``seed .. seed + games - 1``; the same seeds for every agent, so comparisons are
  paired. A win is a return above 0.
- ``"rotate"``: competitive games. Game ``g`` seats agent ``(g + s) % k`` at seat
  ``s`` (``k`` agents), so every agent plays every seat equally often. A win is having
  the highest return; tied seats share the win.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from typing import Any, Literal

import numpy as np

from labyrinth_gym.agents.base import decide
from labyrinth_gym.envs.core import Game, GameSpec
from labyrinth_gym.evaluation.stats import wilson_interval

Progress = Callable[[int, int], None]
"""``progress(n, total)``: ``n`` more of ``total`` units (games, rows) are done."""

Mode = Literal["team", "rotate"]

# Independent random streams derived from a game seed.
_VIEW_STREAM = 1
_AGENT_STREAM = 2


@dataclass(frozen=True)
class GameResult:
    """How one game ended.

    Attributes:
        seed: The game seed (the game's dice, the views and the agents derive from it).
        returns: Return of each seat.
        turns: Turns as the game counts them (``game.turn_count()``).
        steps: Decisions taken (actions applied), across all seats.
        truncated: True when the game hit its step cap instead of ending by the rules.
        seconds: Wall-clock time the game took.
    """

    seed: int
    returns: tuple[float, ...]
    turns: int
    steps: int
    truncated: bool
    seconds: float = 0.0


@dataclass(frozen=True)
class Match:
    """One scheduled game: its seed and the index (into the agent list) of each seat."""

    seed: int
    seats: tuple[int, ...]


@dataclass(frozen=True)
class MatchResult:
    """A :class:`Match` and how it went."""

    match: Match
    result: GameResult


@dataclass(frozen=True)
class AgentStats:
    """One agent's line in an evaluation report.

    Attributes:
        agent: Agent id (``"maze_party/heuristic"``).
        games: Games the agent played.
        wins: Games won (fractional when ties are shared).
        win_rate: ``wins / games``.
        ci_low: Lower end of the 95% Wilson interval of the win rate.
        ci_high: Upper end of the 95% Wilson interval of the win rate.
        mean_turns: Mean game length in the game's turns.
        mean_steps: Mean decisions per game (all seats).
        mean_return: Mean of the agent's return (averaged over its seats in a game).
        truncated: Games that hit the step cap.
        seconds: Wall-clock seconds spent in the agent's games, summed over workers.
    """

    agent: str
    games: int
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_turns: float
    mean_steps: float
    mean_return: float
    truncated: int
    seconds: float


@dataclass
class EvalReport:
    """What :func:`evaluate` found, and how to reproduce it.

    Attributes:
        config: Game, seed, games, agents, kwargs, mode, workers, package version.
        agents: One :class:`AgentStats` per agent, in the order they were given.
        results: Every game played (not written to JSON unless asked).
        wall_seconds: Wall-clock time of the whole evaluation.
    """

    config: dict[str, Any]
    agents: list[AgentStats]
    results: list[MatchResult] = field(default_factory=list, repr=False)
    wall_seconds: float = 0.0

    def to_dict(self, per_game: bool = False) -> dict[str, Any]:
        """JSON-ready form; ``per_game=True`` adds every game's seats and returns."""
        data: dict[str, Any] = {
            "config": self.config,
            "wall_seconds": self.wall_seconds,
            "agents": [asdict(a) for a in self.agents],
        }
        if per_game:
            names = self.config["agents"]
            data["games"] = [
                {
                    "seed": r.match.seed,
                    "seats": [names[i] for i in r.match.seats],
                    **{k: v for k, v in asdict(r.result).items() if k != "seed"},
                }
                for r in self.results
            ]
        return data

    def describe(self) -> str:
        """One line saying what was played (for table and chart titles)."""
        cfg = self.config
        if cfg.get("mode") == "team":
            return (
                f"{cfg['game']}: {cfg['games']} games per agent from seed {cfg['seed']}"
            )
        return f"{cfg['game']}: {cfg['games']} games from seed {cfg['seed']}, seats rotated"

    def stats(self, agent: str) -> AgentStats:
        """The line of ``agent`` (full id or the short name after the slash)."""
        for a in self.agents:
            if agent in (a.agent, a.agent.split("/", 1)[-1]):
                return a
        raise KeyError(agent)


# ------------------------------------------------------------------ one game
def derive_seed(seed: int, *path: int) -> int:
    """A 63-bit seed for an independent stream named by ``path`` under ``seed``."""
    state = np.random.SeedSequence([int(seed), *path]).generate_state(2, np.uint32)
    return int((int(state[0]) << 31) ^ int(state[1]))


def resolve_spec(game: str | GameSpec) -> GameSpec:
    """The :class:`GameSpec` of ``game`` (a name or already a spec)."""
    if isinstance(game, GameSpec):
        return game
    from labyrinth_gym.envs import game_spec

    return game_spec(game)


def new_game(
    spec: GameSpec, seed: int, game_kwargs: dict[str, Any] | None = None
) -> Game:
    """A fresh game from ``seed``, with the spec's default kwargs under ``game_kwargs``.

    Raises:
        ValueError: The kwargs are not ones the game accepts (unknown name or value).
    """
    kwargs = {**spec.game_kwargs, **(game_kwargs or {})}
    try:
        return spec.new_game(np.random.default_rng(seed), **kwargs)
    except TypeError as err:  # an unexpected keyword argument
        raise ValueError(f"bad arguments for game {spec.name!r}: {err}") from err


def play_game(
    game_name: str | GameSpec,
    seat_agents: Sequence[Any],
    seed: int,
    game_kwargs: dict[str, Any] | None = None,
) -> GameResult:
    """Play one game to its end on the engine.

    Args:
        game_name: Game name (or its :class:`GameSpec`).
        seat_agents: The agent of each seat; a single agent plays every seat. The same
            agent object may sit in several seats (a party played by one policy).
        seed: Game seed. The game's dice, the generator of the views handed to agents
            with ``needs_game`` and each agent's reset seed all derive from it.
        game_kwargs: Constructor kwargs of the game (``maze``, ``party``...).

    Returns:
        The :class:`GameResult`.
    """
    start = time.perf_counter()
    game, steps = run_game(game_name, seat_agents, seed, game_kwargs)
    return GameResult(
        seed=int(seed),
        returns=tuple(float(r) for r in game.returns()),
        turns=game.turn_count(),
        steps=steps,
        truncated=bool(game.is_truncated()),
        seconds=time.perf_counter() - start,
    )


def run_game(
    game_name: str | GameSpec,
    seat_agents: Sequence[Any],
    seed: int,
    game_kwargs: dict[str, Any] | None = None,
) -> tuple[Game, int]:
    """:func:`play_game`'s game itself: the finished game and the decisions taken (for
    callers that read more than the returns, such as the league's elimination record)."""
    spec = resolve_spec(game_name)
    game = new_game(spec, seed, game_kwargs)
    n = game.num_players
    seats = list(seat_agents) * n if len(seat_agents) == 1 else list(seat_agents)
    if len(seats) != n:
        raise ValueError(
            f"{spec.name} has {n} seats here, got {len(seat_agents)} agents"
        )
    reset: set[int] = set()
    for seat, agent in enumerate(seats):
        if id(agent) not in reset:
            agent.reset(seed=derive_seed(seed, _AGENT_STREAM, seat))
            reset.add(id(agent))
    view_rng = np.random.default_rng(derive_seed(seed, _VIEW_STREAM))
    steps = 0
    while not game.is_terminal():
        seat = game.current_player()
        game.apply_action(decide(seats[seat], spec, game, seat, view_rng))
        steps += 1
    return game, steps


# ------------------------------------------------------------------ schedules
def default_mode(spec: GameSpec, num_seats: int) -> Mode:
    """``"team"`` for cooperative/solo games, ``"rotate"`` for competitive ones."""
    return "team" if spec.cooperative or num_seats == 1 else "rotate"


def schedule(
    num_seats: int, num_agents: int, games: int, seed: int, mode: Mode
) -> list[Match]:
    """The games to play (see the module docstring for the two modes).

    In ``"team"`` mode every agent gets ``games`` games on the same seeds; in
    ``"rotate"`` mode there are ``games`` games in all and game ``g`` seats agent
    ``(g + s) % num_agents`` at seat ``s``.
    """
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    if num_agents < 1:
        raise ValueError("at least one agent is needed")
    seeds = range(seed, seed + games)
    if mode == "team":
        return [Match(s, (i,) * num_seats) for i in range(num_agents) for s in seeds]
    if mode == "rotate":
        return [
            Match(s, tuple((g + seat) % num_agents for seat in range(num_seats)))
            for g, s in enumerate(seeds)
        ]
    raise ValueError(f"mode must be 'team' or 'rotate', got {mode!r}")


def play_matches(
    spec: GameSpec,
    agents: Sequence[Any],
    matches: Sequence[Match],
    game_kwargs: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> list[MatchResult]:
    """Play ``matches`` in this process with ``agents`` (indexed by the seat plans);
    ``progress(1, len(matches))`` after each game."""
    results = []
    for m in matches:
        results.append(MatchResult(
            m, play_game(spec, [agents[i] for i in m.seats], m.seed, game_kwargs)))
        if progress is not None:
            progress(1, len(matches))
    return results


def agent_credit(
    match: Match, result: GameResult, mode: Mode
) -> dict[int, tuple[float, float]]:
    """``{agent index: (win share, mean return over its seats)}`` for one game."""
    returns = result.returns
    credit: dict[int, tuple[float, float]] = {}
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    for agent in dict.fromkeys(match.seats):
        mine = [s for s, a in enumerate(match.seats) if a == agent]
        ret = sum(returns[s] for s in mine) / len(mine)
        if mode == "team":
            win = 1.0 if ret > 0 else 0.0
        else:
            win = sum(1 for s in winners if s in mine) / len(winners)
        credit[agent] = (win, ret)
    return credit


def summarize(
    agent_ids: Sequence[str], results: Sequence[MatchResult], mode: Mode
) -> list[AgentStats]:
    """Per-agent win rates with 95% Wilson intervals, means and time."""
    acc = [
        {
            "games": 0,
            "wins": 0.0,
            "ret": 0.0,
            "turns": 0,
            "steps": 0,
            "trunc": 0,
            "sec": 0.0,
        }
        for _ in agent_ids
    ]
    for mr in results:
        for agent, (win, ret) in agent_credit(mr.match, mr.result, mode).items():
            a = acc[agent]
            a["games"] += 1
            a["wins"] += win
            a["ret"] += ret
            a["turns"] += mr.result.turns
            a["steps"] += mr.result.steps
            a["trunc"] += int(mr.result.truncated)
            a["sec"] += mr.result.seconds
    stats = []
    for name, a in zip(agent_ids, acc, strict=True):
        n = a["games"]
        wins = round(a["wins"], 9)  # shared ties add up to floats like 2.9999999
        low, high = wilson_interval(wins, n)
        stats.append(
            AgentStats(
                agent=name,
                games=n,
                wins=wins,
                win_rate=wins / n if n else 0.0,
                ci_low=low,
                ci_high=high,
                mean_turns=a["turns"] / n if n else 0.0,
                mean_steps=a["steps"] / n if n else 0.0,
                mean_return=a["ret"] / n if n else 0.0,
                truncated=a["trunc"],
                seconds=a["sec"],
            )
        )
    return stats


# ------------------------------------------------------------------ evaluate
def agent_id(game: str, name: str) -> str:
    """``"heuristic"`` -> ``"<game>/heuristic"``; full ids pass through unchanged."""
    return name if "/" in name else f"{game}/{name}"


def build_agents(
    agent_ids: Sequence[str], agent_kwargs: dict[str, dict[str, Any]] | None = None
) -> list[Any]:
    """One agent object per id, from the registry (kwargs keyed by id or short name).

    Raises:
        UnknownAgentError: An id the registry does not know.
        ValueError: kwargs the agent does not take.
        FileNotFoundError: A learned agent whose checkpoint is missing.
    """
    from labyrinth_gym import agents as registry

    agent_kwargs = agent_kwargs or {}
    built = []
    for aid in agent_ids:
        kwargs = agent_kwargs.get(aid, agent_kwargs.get(aid.split("/", 1)[-1], {}))
        try:
            built.append(registry.make(aid, **kwargs))
        except TypeError as err:  # an argument the agent does not take
            raise ValueError(f"bad arguments for agent {aid!r}: {err}") from err
    return built


_WORKER_AGENTS: dict[str, list[Any]] = {}


def _init_worker() -> None:
    # One thread per process: N workers on N cores beat N x N threads fighting. Set
    # before anything imports torch; torch itself is not imported here, since agents
    # that never use it would pay seconds of start-up for nothing.
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"


def _limit_torch_threads() -> None:
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)


def _play_chunk(
    game_name: str,
    agent_ids: tuple[str, ...],
    agent_kwargs: dict[str, dict[str, Any]],
    game_kwargs: dict[str, Any],
    matches: list[Match],
) -> list[MatchResult]:
    key = json.dumps([agent_ids, agent_kwargs], sort_keys=True, default=repr)
    if key not in _WORKER_AGENTS:  # a worker keeps its agents across chunks
        _WORKER_AGENTS[key] = build_agents(agent_ids, agent_kwargs)
        _limit_torch_threads()
    return play_matches(
        resolve_spec(game_name), _WORKER_AGENTS[key], matches, game_kwargs
    )


def _chunk_done(progress: Progress, n: int, total: int) -> Callable[[Any], None]:
    """A future's done-callback: ``n`` more games when the chunk played."""

    def done(future: Any) -> None:
        if future.exception() is None:
            progress(n, total)

    return done


def _chunks(items: Sequence[Match], size: int) -> list[list[Match]]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def evaluate(
    game_name: str,
    agent_ids: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    game_kwargs: dict[str, Any] | None = None,
    agent_kwargs: dict[str, dict[str, Any]] | None = None,
    mode: Mode | None = None,
    progress: Progress | None = None,
) -> EvalReport:
    """Play seeded games between agents and report win rates with 95% intervals.

    Args:
        game_name: Game name (``"maze_party"``).
        agent_ids: Agent ids (``"maze_party/heuristic"``, or just ``"heuristic"``).
        games: Games per agent in ``"team"`` mode, games in all in ``"rotate"`` mode.
        seed: Seed of the first game; games use ``seed .. seed + games - 1``.
        workers: Processes to play in (1 plays in this process). The results do not
            depend on it.
        game_kwargs: Constructor kwargs of the game (``{"maze": "goblin_warren"}``).
        agent_kwargs: Extra kwargs per agent id or short name
            (``{"search": {"simulations": 16}}``).
        mode: ``"team"`` or ``"rotate"``; by default from the game (see
            :func:`default_mode`).
        progress: Called as ``progress(n, total)`` when ``n`` more of the ``total``
            games have ended (each game in this process, each chunk from a worker;
            first ``progress(0, total)`` before any game), e.g. a progress bar's.

    Returns:
        The :class:`EvalReport`.

    With ``workers > 1`` the workers are *spawned*, which re-imports the calling
    script: call this under ``if __name__ == "__main__":`` in a script.

    Raises:
        ValueError: Unknown game, bad game kwargs, bad ``games``/``workers``/``mode``.
        UnknownAgentError: An agent id the registry does not know.
        FileNotFoundError: A learned agent whose checkpoint is missing.
    """
    from labyrinth_gym import __version__

    spec = resolve_spec(game_name)
    ids = [agent_id(spec.name, a) for a in agent_ids]
    if not ids:
        raise ValueError("at least one agent is needed")
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    game_kwargs = dict(game_kwargs or {})
    agent_kwargs = dict(agent_kwargs or {})
    # Fail here, before any process starts, on bad kwargs, agents or checkpoints.
    num_seats = new_game(spec, seed, game_kwargs).num_players
    local_agents = build_agents(ids, agent_kwargs)
    mode = mode or default_mode(spec, num_seats)
    matches = schedule(num_seats, len(ids), games, seed, mode)

    if progress is not None:
        progress(0, len(matches))
    start = time.perf_counter()
    if workers == 1:
        results = play_matches(spec, local_agents, matches, game_kwargs, progress)
    else:
        # Several chunks per worker keep the load even when agents differ in speed.
        size = max(1, math.ceil(len(matches) / (workers * 8)))
        chunks = _chunks(matches, size)
        with ProcessPoolExecutor(
            max_workers=workers,
            mp_context=get_context("spawn"),
            initializer=_init_worker,
        ) as pool:
            futures = []
            for c in chunks:
                future = pool.submit(
                    _play_chunk, spec.name, tuple(ids), agent_kwargs, game_kwargs, c
                )
                if progress is not None:
                    future.add_done_callback(_chunk_done(progress, len(c), len(matches)))
                futures.append(future)
            results = [r for f in futures for r in f.result()]
    wall = time.perf_counter() - start

    config = {
        "game": spec.name,
        "env_id": spec.env_id,
        "env_version": spec.version,
        "seed": seed,
        "games": games,
        "agents": ids,
        "mode": mode,
        "game_kwargs": game_kwargs,
        "agent_kwargs": agent_kwargs,
        "workers": workers,
        "cpu_count": os.cpu_count(),
        "package_version": __version__,
    }
    return EvalReport(
        config=config,
        agents=summarize(ids, results, mode),
        results=results,
        wall_seconds=wall,
    )
