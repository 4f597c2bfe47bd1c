"""Benchmarks: env throughput, and every game's agents on seeded games.

:func:`benchmark_speed` counts env steps per second with uniformly random legal actions
for each game through both public faces (``gymnasium.make`` and the wrapped PettingZoo
env), in each configuration its spec lists (:attr:`GameSpec.speed_configs`: Magic in 2-
and 4-player games), and, in the same run on the same machine, PettingZoo's
``connect_four_v3`` as a yardstick: every row's rate is also given as a ratio to it, and
a configuration's speed target (stated at connect_four's
:data:`~labyrinth_gym.envs.core.spec.SPEED_REFERENCE_RATE`) is scaled to this run.
When ``phase-python`` (the ``[phase]`` extra, a Rust Magic engine) is installed, a
random 2-player game on it is timed too (:mod:`labyrinth_gym.evaluation.phase_speed`).
:func:`benchmark_agents` is what ``make demo`` prints.
"""

from __future__ import annotations

import functools
import importlib
import os
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from labyrinth_gym.evaluation.matches import (
    Progress,
    agent_id,
    build_agents,
    evaluate,
    new_game,
)
from labyrinth_gym.evaluation.progress import no_bar

REFERENCE_ENV = "classic/connect_four-v3"
"""The yardstick env (PettingZoo's id): a small, fast board game everyone knows."""


def reference_env_factory() -> Callable[[], Any]:
    """A callable that builds the wrapped ``connect_four`` AEC env.

    PettingZoo 1.27 added a registry (``pettingzoo.make``) and deprecated importing
    ``pettingzoo.classic.connect_four_v3``; older versions only have the module.
    """
    import pettingzoo

    # connect_four imports pygame (for rendering), which greets stdout unless told not to.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if hasattr(pettingzoo, "make"):
        return lambda: pettingzoo.make("aec", REFERENCE_ENV)
    return importlib.import_module("pettingzoo.classic.connect_four_v3").env


def random_legal(rng: np.random.Generator, mask: np.ndarray) -> int:
    """A uniformly random legal action: the same cheap pick for every row."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def _time_gym(
    env_id: str, seconds: float, seed: int, kwargs: dict[str, Any] | None = None
) -> dict[str, Any]:
    import gymnasium

    env = gymnasium.make(env_id, **(kwargs or {}))
    rng = np.random.default_rng(seed)
    steps = episodes = 0
    start = time.perf_counter()
    _, info = env.reset(seed=seed)
    while True:
        _, _, terminated, truncated, info = env.step(
            random_legal(rng, info["action_mask"])
        )
        steps += 1
        if terminated or truncated:
            episodes += 1
            if time.perf_counter() - start >= seconds:
                break
            _, info = env.reset(seed=seed + episodes)
    elapsed = time.perf_counter() - start
    env.close()
    return {"steps": steps, "episodes": episodes, "seconds": elapsed}


def _time_aec(make_env: Callable[[], Any], seconds: float, seed: int) -> dict[str, Any]:
    env = make_env()
    rng = np.random.default_rng(seed)
    steps = episodes = 0
    start = time.perf_counter()
    while True:
        env.reset(seed=seed + episodes)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)  # PettingZoo's dead steps: timed, not counted
                continue
            env.step(random_legal(rng, obs["action_mask"]))
            steps += 1
        episodes += 1
        if time.perf_counter() - start >= seconds:
            break
    elapsed = time.perf_counter() - start
    env.close()
    return {"steps": steps, "episodes": episodes, "seconds": elapsed}


def speed_configs(spec: Any) -> list[dict[str, Any]]:
    """``spec``'s configurations to time: ``kwargs``, ``label``, ``target`` each.

    A spec without :attr:`~GameSpec.speed_configs` gets its default configuration
    (no kwargs, no label, no target).

    Raises:
        ValueError: A configuration without ``kwargs`` or with an unknown key.
    """
    configs = []
    for config in spec.speed_configs or ({"kwargs": {}},):
        unknown = set(config) - {"kwargs", "label", "target"}
        if "kwargs" not in config or unknown:
            raise ValueError(
                f"{spec.name}: a speed config needs 'kwargs' and may have 'label' and "
                f"'target'; got {sorted(config)}"
            )
        kwargs = dict(config["kwargs"])
        label = config.get("label")
        if label is None and kwargs:
            if set(kwargs) == {"num_players"}:
                label = f"{kwargs['num_players']}p"
            else:
                label = ", ".join(f"{k}={v}" for k, v in kwargs.items())
        configs.append({"kwargs": kwargs, "label": label, "target": config.get("target")})
    return configs


def _labelled(env: str, label: str | None) -> str:
    return f"{env} ({label})" if label else env


def _phase_row(seconds: float, seed: int) -> dict[str, Any]:
    """The phase-python row: timed if the module imports, else why it was skipped."""
    from labyrinth_gym.evaluation import phase_speed

    row: dict[str, Any] = {"game": "magic", "config": "2p", "api": "phase-python",
                           "players": 2}
    try:
        phase_speed.import_phase()
    except ImportError as err:
        why = ("phase-python is not installed" if isinstance(err, ModuleNotFoundError)
               else str(err))
        row.update(env="phase (2p)", steps=None, episodes=None, seconds=None,
                   note=f"skipped: {why}; {phase_speed.PHASE_EXTRA} adds this row")
        return row
    row["env"] = f"phase {phase_speed.phase_version()} (2p)"
    try:
        timed = phase_speed.time_phase(seconds, seed, num_players=2)
    except Exception as err:  # noqa: BLE001 (an optional engine must not sink the run)
        row.update(steps=None, episodes=None, seconds=None,
                   note=f"not run: {type(err).__name__}: {err}")
        return row
    row.update(timed)
    row["note"] = (
        f"random legal actions, {phase_speed.PHASE_FORMAT}, magic's sample decks drawn "
        f"per game; {timed['forced_passes']:,} forced passes not counted"
        + (f"; {timed['truncated']} truncated" if timed["truncated"] else "")
    )
    return row


ROUNDS = 5
"""Rounds of the speed benchmark: each row is timed this many times, each time right
before a timing of connect_four, and reports the median ratio with its range."""


def benchmark_speed(
    seconds: float = 1.0, seed: int = 0, phase: bool = True,
    progress: Progress | None = None, rounds: int = ROUNDS,
) -> list[dict[str, Any]]:
    """Env steps per second with random legal actions, whole episodes only, each as a
    ratio to PettingZoo's connect_four timed alongside it.

    Machine load moves absolute speeds several times over between runs, and drifts
    within one, so a row is never compared with a yardstick timed minutes earlier:
    each row is timed ``rounds`` times, each time followed at once by connect_four,
    and the row's ratio is the median of its rounds' ratios (with their range). Every
    round plays the same episodes: seeds ``seed``, ``seed + 1``, ... and the same
    action picker, for as many episodes as fit in ``seconds`` (so the time can overrun
    by one episode). Steps count actions taken; PettingZoo's dead steps at an
    episode's end are timed but not counted. A game is timed in every configuration
    its spec's ``speed_configs`` lists (else its default one).

    Args:
        seconds: Time per timing (a row's round, and connect_four's after it).
        seed: Seed of the first episode and of the action picker.
        phase: Also time phase-python on a random 2-player game (a row saying it was
            skipped when the package is not installed).
        progress: ``progress(n, total)`` as rounds are timed (a progress bar's).
        rounds: Timings per row (at least 1; 5 or more for figures to publish).

    Returns:
        One row per env and configuration: ``game``, ``api``, ``config`` (the
        configuration's label: ``"4p"``, or None), ``env`` (with that label, e.g.
        ``"labyrinth_gym/MagicDuel-v8 (4p)"``), ``players``, ``rounds``, ``steps``,
        ``episodes`` and ``seconds`` (summed over the rounds), ``steps_per_second``
        (the median round's), ``reference_rate`` (connect_four's median over this
        row's rounds), ``vs_reference`` (the median of the rounds' ratios, listed in
        ``ratios``) with ``vs_reference_low``/``vs_reference_high`` (their range). A configuration with a
        speed target has, on its PettingZoo row (every seat's action is a step there;
        a Gymnasium step also plays the opponents' moves, so it gets none),
        ``target_at_reference`` (the target as stated, at
        :data:`SPEED_REFERENCE_RATE`), ``target_ratio`` (the same as a ratio to
        connect_four), ``target`` (steps/s: ``target_ratio * reference_rate``) and
        ``target_met`` (the median ratio reaches ``target_ratio``). Then the
        phase-python row (``api`` ``"phase-python"``, with a ``note``); the last row
        is connect_four itself, over every timing of it.
    """
    from labyrinth_gym.envs import game_names, game_spec
    from labyrinth_gym.envs.core.spec import SPEED_REFERENCE_RATE

    if rounds < 1:
        raise ValueError(f"rounds must be >= 1, got {rounds}")
    ref_row: dict[str, Any] = {
        "game": "connect_four", "api": "pettingzoo", "env": REFERENCE_ENV,
        "config": None, "players": 2,
    }
    try:
        make_reference = reference_env_factory()
        make_reference().close()  # the registry imports the env only here
    except Exception as err:  # noqa: BLE001 (ImportError or the registry's own errors)
        # pygame is PettingZoo's optional "classic" extra; say so rather than fail.
        make_reference = None
        ref_row.update(note=f"not run: {err}")

    # (row, timer) per row; a timer times one round.
    plan: list[tuple[dict[str, Any], Callable[[], dict[str, Any]]]] = []
    for name in game_names():
        spec = game_spec(name)
        module = importlib.import_module(f"labyrinth_gym.envs.{name}")
        for config in speed_configs(spec):
            kwargs, label = config["kwargs"], config["label"]
            common = {
                "game": name,
                "config": label,
                "players": spec.num_players(**{**spec.game_kwargs, **kwargs}),
            }
            # A target counts every seat's actions: the PettingZoo env steps once per
            # action; a Gymnasium step also plays the opponents' moves inside it.
            target = {} if config["target"] is None else {
                "target_at_reference": float(config["target"])}
            plan.append(({**common, "api": "gymnasium",
                          "env": _labelled(spec.env_id, label)},
                         functools.partial(_time_gym, spec.env_id, seconds, seed, kwargs)))
            plan.append(({**common, **target, "api": "pettingzoo",
                          "env": _labelled(f"labyrinth_gym.envs.{name}", label)},
                         functools.partial(_time_aec,
                                           functools.partial(module.env, **kwargs),
                                           seconds, seed)))
    rows: list[dict[str, Any]] = []
    phase_row = _phase_row(seconds, seed) if phase else None
    total = (len(plan) + (phase_row is not None and phase_row.get("steps") is not None)
             ) * rounds
    if progress is not None:
        progress(0, total)
    reference_rates: list[float] = []
    reference_totals = {"steps": 0, "episodes": 0, "seconds": 0.0}

    def reference() -> float | None:
        if make_reference is None:
            return None
        timed = _time_aec(make_reference, seconds, seed)
        for key in reference_totals:
            reference_totals[key] += timed[key]
        rate = timed["steps"] / timed["seconds"]
        reference_rates.append(rate)
        return rate

    def timed_rounds(row: dict[str, Any], timer: Callable[[], dict[str, Any]],
                     first: dict[str, Any] | None = None) -> dict[str, Any]:
        samples = [first] if first is not None else []
        ratios, refs = [], []
        for k in range(rounds):
            timed = samples[k] if k < len(samples) else timer()
            if k >= len(samples):
                samples.append(timed)
            ref = reference()
            rate = timed["steps"] / timed["seconds"] if timed["seconds"] else 0.0
            if ref:
                ratios.append(rate / ref)
                refs.append(ref)
            if progress is not None:
                progress(1, total)
        rates = [t["steps"] / t["seconds"] for t in samples if t["seconds"]]
        row.update(
            rounds=rounds,
            steps=sum(t["steps"] for t in samples),
            episodes=sum(t["episodes"] for t in samples),
            seconds=sum(t["seconds"] for t in samples),
            steps_per_second=float(np.median(rates)) if rates else None,
            reference_rate=float(np.median(refs)) if refs else None,
            vs_reference=float(np.median(ratios)) if ratios else None,
            vs_reference_low=min(ratios) if ratios else None,
            vs_reference_high=max(ratios) if ratios else None,
            ratios=ratios,
        )
        if "target_at_reference" in row:
            row["target_ratio"] = row["target_at_reference"] / SPEED_REFERENCE_RATE
            if ratios:
                row["target"] = row["target_ratio"] * row["reference_rate"]
                row["target_met"] = row["vs_reference"] >= row["target_ratio"]
            else:  # no yardstick in this run: the target cannot be judged
                row["target"] = row["target_met"] = None
        return row

    for row, timer in plan:
        rows.append(timed_rounds(row, timer))
    if phase_row is not None:
        if phase_row.get("steps") is None:  # skipped: its note says why
            phase_row.update(steps_per_second=None, vs_reference=None)
            rows.append(phase_row)
        else:
            first = {k: phase_row[k] for k in ("steps", "episodes", "seconds")}
            timer = functools.partial(_phase_round, seconds, seed)
            rows.append(timed_rounds(phase_row, timer, first))
    if reference_rates:
        ref_row.update(
            rounds=len(reference_rates), **reference_totals,
            steps_per_second=float(np.median(reference_rates)),
            reference_rate=float(np.median(reference_rates)), vs_reference=1.0,
            vs_reference_low=min(reference_rates) / float(np.median(reference_rates)),
            vs_reference_high=max(reference_rates) / float(np.median(reference_rates)))
    else:
        ref_row.update(steps=None, episodes=None, seconds=None, steps_per_second=None,
                       vs_reference=None)
    rows.append(ref_row)
    return rows


def _phase_round(seconds: float, seed: int) -> dict[str, Any]:
    from labyrinth_gym.evaluation import phase_speed

    timed = phase_speed.time_phase(seconds, seed, num_players=2)
    return {k: timed[k] for k in ("steps", "episodes", "seconds")}


@dataclass(frozen=True)
class AgentBudget:
    """What the benchmark can afford of an agent on a game where it is slow.

    Attributes:
        games: Most games the agent plays.
        kwargs: Agent kwargs (for search: a smaller tree and shorter rollouts).
    """

    games: int
    kwargs: dict[str, Any] = field(default_factory=dict)


AGENT_BUDGETS: dict[str, AgentBudget] = {
    # ~120 decisions a game, each a full determinized MCTS: 8 short simulations take
    # about two seconds a game, so ten games fit the demo's few minutes.
    "labyrinth_cards/search": AgentBudget(10, {"simulations": 8, "rollout_depth": 40}),
    # The learned card player ranks candidate moves with a wider search every move
    # (about 0.3 s a game); it wins every game against random, so 100 games say so
    # and leave the demo's time for the head-to-head row.
    "labyrinth_cards/ppo": AgentBudget(100),
    # Magic: ~45 decisions a game for the searching seat; 8 simulations of 40 random
    # moves each come to a few seconds a game.
    "magic/search": AgentBudget(10, {"simulations": 8, "rollout_depth": 40}),
    # The Arcane Labyrinth: about 100 decisions a game; the same short search.
    "arcane_labyrinth/search": AgentBudget(10, {"simulations": 8, "rollout_depth": 40}),
    # Dungeon Crawler: several hundred decisions a game for the searching seat, each
    # engine step a few hundred microseconds; 4 simulations of 20 random moves come
    # to about a minute a game.
    "dungeon_crawler/search": AgentBudget(4, {"simulations": 4, "rollout_depth": 20}),
    # Mazerunner pods: several hundred decisions a game for the searching seat in a
    # 4-player Commander game; 8 simulations of 60 random moves take about 0.12 s a
    # decision, about a minute a game.
    "mazerunner/search": AgentBudget(4, {"simulations": 8, "rollout_depth": 60}),
}
"""Per agent id: a cap on its games and the kwargs it plays with in the benchmark."""


HEAD_TO_HEAD_GAMES = 100
"""Games of the head-to-head row (learned against heuristic) in competitive games: both
sides think (the learned card player ranks candidate moves with a wider search), so it
gets fewer games than the rows against random to keep ``make demo`` within minutes."""


def _agent_plan(
    game: str, games: int, search_games: int | None
) -> list[tuple[str, int, dict[str, Any]]]:
    """``(agent id, games, agent kwargs)`` of each of ``game``'s benchmark agents."""
    from labyrinth_gym.agents import registered

    known = registered(game)
    plan = []
    for name in ("random", "heuristic", "search", "ppo"):
        aid = agent_id(game, name)
        if aid not in known:
            continue
        n, kwargs = games, {}
        if name == "search" and search_games is not None:
            n = search_games
        budget = AGENT_BUDGETS.get(aid)
        if budget is not None:
            n, kwargs = min(n, budget.games), dict(budget.kwargs)
        plan.append((aid, n, kwargs))
    return plan


def _opponent_setting(spec: Any, seed: int) -> str:
    """``"2 players, caffeinated"``: the default table the benchmark plays on."""
    probe = new_game(spec, seed)
    text = f"{probe.num_players} players"
    variant = getattr(probe, "variant", None)
    return f"{text}, {variant}" if variant else text


def benchmark_agents(
    games: int = 500,
    seed: int = 0,
    search_games: int | None = 100,
    workers: int | None = None,
    task: Callable[[str], AbstractContextManager[Progress]] | None = None,
    on_row: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Every game's agents (random, heuristic, search, ppo where they exist).

    Cooperative games (the maze party): each agent plays every seat of its own games
    on seeds ``seed ..``. Competitive games (Labyrinth the Card Game): each agent plays
    the game's default table (two players) against ``<game>/random`` with the seats
    rotated, and its row is its win rate in those games; random's row is random
    against itself, the baseline. Against random every decent agent wins nearly every
    game, so a competitive game with both a learned (``ppo``) and a ``heuristic``
    agent also gets the head-to-head row a user wants: ppo against the heuristic,
    seats rotated, over ``min(games, HEAD_TO_HEAD_GAMES)`` games (its row is ppo's win
    rate). Search is slow, so it gets ``search_games`` (the
    first seeds of the others'), capped and made smaller where
    :data:`AGENT_BUDGETS` says so (the learned card player too). An agent that cannot be built (no checkpoint yet)
    gets a row saying why instead of numbers.

    Args:
        games: Games per agent.
        seed: First seed.
        search_games: Games for the search agent (None: ``games``).
        workers: Processes (default: up to 2, as many as there are cores).
        task: Progress bars: ``task(description)`` gives a context whose value is
            :func:`evaluate`'s ``progress`` for one agent's games.
        on_row: Called with each row as soon as it is done.

    Returns:
        Rows with ``game``, ``agent``, ``games``, ``wins``, ``win_rate``, ``ci_low``,
        ``ci_high``, ``mean_turns``, ``mean_steps``, ``mean_return``, ``seconds``
        (wall clock of that agent's run) and ``note`` (seeds, and for competitive
        games the opponent: ``"vs random, 2 players, ..."``).
    """
    from labyrinth_gym.envs import game_names, game_spec

    workers = workers or max(1, min(2, os.cpu_count() or 1))
    task = task or no_bar
    rows = _Rows(on_row)
    for game in game_names():
        spec = game_spec(game)
        random_id = agent_id(game, "random")
        setting = None if spec.cooperative else _opponent_setting(spec, seed)
        plan = _agent_plan(game, games, search_games)
        loaded: set[str] = set()
        for aid, n, kwargs in plan:
            try:
                build_agents([aid], {aid: kwargs})
            except (OSError, ValueError, ImportError) as err:
                rows.append(
                    {
                        "game": game,
                        "agent": aid,
                        "games": 0,
                        "note": f"not evaluated: {err}",
                    }
                )
                continue
            loaded.add(aid)
            # Tiny runs are faster in-process than paying the worker start-up; a few
            # search games are slow enough to be worth it.
            slow = aid == agent_id(game, "search") and n >= 4
            procs = workers if n >= 50 or slow else 1
            # Competitive games: two seats, rotated, against random (random against
            # itself is the baseline).
            seats = [aid] if setting is None else [aid, random_id]
            with task(aid) as progress:
                report = evaluate(
                    game,
                    seats,
                    games=n,
                    seed=seed,
                    workers=procs,
                    agent_kwargs={aid: kwargs} if kwargs else None,
                    progress=progress,
                )
            stats = vars(report.agents[0]).copy()
            stats["seconds"] = report.wall_seconds
            note = f"seeds {seed}..{seed + n - 1}"
            if setting is not None:
                who = "baseline: random vs random" if aid == random_id else "vs random"
                note = f"{who}, {setting}, seats rotated, {note}"
            if kwargs:
                note += ", " + ", ".join(f"{k}={v}" for k, v in kwargs.items())
            if stats["truncated"]:
                note += f", {stats['truncated']} truncated"
            rows.append({"game": game, **stats, "note": note})
        learned, heuristic = agent_id(game, "ppo"), agent_id(game, "heuristic")
        if setting is not None and {learned, heuristic} <= loaded:
            with task(f"{learned} vs heuristic") as progress:
                rows.append(_head_to_head(game, learned, heuristic, setting,
                                          min(games, HEAD_TO_HEAD_GAMES), seed,
                                          workers, progress))
    return list(rows)


class _Rows(list):
    """The benchmark's rows; each is passed to ``on_row`` as it is appended."""

    def __init__(self, on_row: Callable[[dict[str, Any]], None] | None):
        super().__init__()
        self.on_row = on_row

    def append(self, row: dict[str, Any]) -> None:
        super().append(row)
        if self.on_row is not None:
            self.on_row(row)


def _head_to_head(
    game: str, aid: str, opponent: str, setting: str, n: int, seed: int, workers: int,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """``aid`` against ``opponent``, two seats rotated: ``aid``'s row."""
    report = evaluate(game, [aid, opponent], games=n, seed=seed,
                      workers=workers if n >= 4 else 1, progress=progress)
    stats = vars(report.agents[0]).copy()
    stats["seconds"] = report.wall_seconds
    note = (f"head to head: vs {opponent.split('/')[-1]}, {setting}, seats rotated, "
            f"seeds {seed}..{seed + n - 1}")
    if stats["truncated"]:
        note += f", {stats['truncated']} truncated"
    return {"game": game, **stats, "note": note}
