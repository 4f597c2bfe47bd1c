"""A round's pods (Mazerunner rules 1c, 4g and 4h), solved as one optimisation.

Each week's pods are chosen together, not greedily pod by pod, by OR-Tools CP-SAT
(extra ``[league]``). For a round with scaling factor ``f`` in [0, 1]:

    cost = (1 - f) * R + f * S / D

- ``R``: repeated opponents, the sum over pods of the times each pair of players in the
  pod already met in earlier rounds (two players who met twice count 2);
- ``S``: points spread, the sum over pods of (highest - lowest league points in the
  pod);
- ``D``: the points range of the whole field, ``max(points) - min(points)`` (1 when
  everyone is level), so that one repeated pair weighs as much as one pod spanning
  the whole field.

``f = 0`` asks for new opponents only, ``f = 1`` for pods of like points only; rule
4h's schedule for a 6-week season is 0, 0, 0.2, 0.4, 0.6, 0.7. Teammates never share
a pod (rule 1c): a hard constraint, so a field that cannot be paired that way (fewer
teams than pod seats, or one team holding more players than there are pods) is
refused with a ``ValueError``.

The result is deterministic for a seed: the seed shuffles the players before the model
is built (it decides between pairings of equal cost), the solver runs one worker with
that seed, and its budget is CP-SAT's *deterministic* time, not the wall clock. Pods
are symmetric, so player ``i`` (in that order) may only sit in pods ``0..i``, which
keeps one labelling of each pairing. The solver starts from a valid pairing (teams
dealt round-robin over the pods) and returns the best it proved or found within the
budget; :attr:`Pairing.optimal` says which.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

POINT_SCALE = 100
"""League points are scaled by this to integers for the solver (points come in halves,
quarters and thirds when games share a win)."""


@dataclass(frozen=True)
class Pairing:
    """A round's pods and what they cost.

    Attributes:
        pods: The players of each pod (in the shuffled order; seats are drawn apart).
        repeats: ``R`` above: the repeated-opponent pairs, each counted per earlier
            meeting.
        spread: ``S`` above: the summed points spread inside pods.
        cost: ``(1 - f) * R + f * S / D``.
        optimal: True when the solver proved no pairing costs less.
    """

    pods: tuple[tuple[Hashable, ...], ...]
    repeats: int
    spread: float
    cost: float
    optimal: bool


def _met(meetings: Mapping[frozenset, int], p: Hashable, q: Hashable) -> int:
    return int(meetings.get(frozenset((p, q)), 0))


def score_pods(
    pods: Sequence[Sequence[Hashable]],
    points: Mapping[Hashable, float],
    meetings: Mapping[frozenset, int],
    f: float,
) -> tuple[int, float, float]:
    """``(R, S, cost)`` of ``pods`` as the module docstring defines them."""
    repeats = sum(_met(meetings, p, q) for pod in pods for p, q in itertools.combinations(pod, 2))
    spread = float(sum(max(points[p] for p in pod) - min(points[p] for p in pod) for pod in pods))
    values = [points[p] for pod in pods for p in pod]
    field = (max(values) - min(values)) or 1.0
    return repeats, spread, (1 - f) * repeats + f * spread / field


def _check(players, teams, pod_size):
    problems = []
    if len(set(players)) != len(players):
        problems.append("a player is listed twice")
    if len(players) % pod_size or not players:
        problems.append(f"{len(players)} players do not fill pods of {pod_size}")
    missing = [p for p in players if p not in teams]
    if missing:
        problems.append(f"players without a team: {missing}")
    if problems:
        raise ValueError("cannot pair this round: " + "; ".join(problems))
    pods = len(players) // pod_size
    sizes: dict[Hashable, int] = {}
    for p in players:
        sizes[teams[p]] = sizes.get(teams[p], 0) + 1
    if len(sizes) < pod_size:
        problems.append(
            f"{len(sizes)} teams cannot fill a pod of {pod_size} without teammates"
        )
    crowded = sorted(str(t) for t, n in sizes.items() if n > pods)
    if crowded:
        problems.append(f"teams with more players than the {pods} pods: {crowded}")
    if problems:
        raise ValueError("cannot pair this round: " + "; ".join(problems))
    return pods


def _dealt(order: Sequence[Hashable], teams: Mapping[Hashable, Hashable], pods: int):
    """A pairing with no teammates together: the players team by team, dealt to pods
    in turn (a team's players land in distinct pods since no team outnumbers the pods).
    Relabelled so that pod ``k``'s first player in ``order`` comes ``k``-th."""
    position = {p: i for i, p in enumerate(order)}
    by_team = sorted(order, key=lambda p: (str(teams[p]), position[p]))
    raw = [[] for _ in range(pods)]
    for i, p in enumerate(by_team):
        raw[i % pods].append(p)
    raw.sort(key=lambda pod: min(position[p] for p in pod))
    return [sorted(pod, key=position.__getitem__) for pod in raw]


def pair_round(
    players: Sequence[Hashable],
    teams: Mapping[Hashable, Hashable],
    points: Mapping[Hashable, float],
    meetings: Mapping[frozenset, int],
    f: float,
    seed: int,
    pod_size: int = 4,
    budget: float = 2.0,
) -> Pairing:
    """The round's pods of least cost (module docstring) with no teammates together.

    Args:
        players: Everyone playing this round.
        teams: Each player's team.
        points: Each player's league points so far.
        meetings: ``{frozenset({p, q}): times p and q shared a pod}`` so far.
        f: The week's scaling factor in [0, 1].
        seed: Decides between equal pairings and seeds the solver.
        pod_size: Players per pod.
        budget: The solver's deterministic time limit (CP-SAT's unit, about a second).

    Raises:
        ValueError: ``f`` outside [0, 1], or a field that cannot be paired (every
            reason listed).
    """
    from ortools.sat.python import cp_model

    if not 0.0 <= f <= 1.0:
        raise ValueError(f"the scaling factor must be in [0, 1], got {f}")
    pods = _check(list(players), teams, pod_size)
    rng = np.random.default_rng(seed)
    order = [players[i] for i in rng.permutation(len(players))]
    n = len(order)
    scaled = [round(points[p] * POINT_SCALE) for p in order]
    field = (max(scaled) - min(scaled)) or POINT_SCALE
    # cost * 1000 * field, in integers: a repeat weighs (1 - f) * field, a point of
    # spread (in 1/POINT_SCALE) f
    w_repeat = round(1000 * (1 - f) * field)
    w_spread = round(1000 * f)

    model = cp_model.CpModel()
    x = {(i, k): model.new_bool_var(f"x{i}_{k}") for i in range(n) for k in range(min(i + 1, pods))}
    for i in range(n):
        model.add_exactly_one(x[i, k] for k in range(min(i + 1, pods)))
    for k in range(pods):
        model.add(sum(x[i, k] for i in range(k, n)) == pod_size)
    members: dict[Hashable, list[int]] = {}
    for i, p in enumerate(order):
        members.setdefault(teams[p], []).append(i)
    for mates in members.values():
        for k in range(pods):
            model.add_at_most_one(x[i, k] for i in mates if (i, k) in x)

    terms = []
    for i, j in itertools.combinations(range(n), 2):
        met = _met(meetings, order[i], order[j])
        if not met or teams[order[i]] == teams[order[j]]:
            continue
        together = model.new_bool_var(f"t{i}_{j}")
        for k in range(min(i + 1, pods)):  # i < j: player i's pods
            if (j, k) in x:
                model.add_bool_or([x[i, k].Not(), x[j, k].Not(), together])
        terms.append(w_repeat * met * together)
    if w_spread:
        lo_all, hi_all = min(scaled), max(scaled)
        for k in range(pods):
            hi = model.new_int_var(lo_all, hi_all, f"hi{k}")
            lo = model.new_int_var(lo_all, hi_all, f"lo{k}")
            for i in range(k, n):
                model.add(hi >= scaled[i]).only_enforce_if(x[i, k])
                model.add(lo <= scaled[i]).only_enforce_if(x[i, k])
            terms.append(w_spread * (hi - lo))
    model.minimize(sum(terms))

    start = _dealt(order, teams, pods)
    index = {p: i for i, p in enumerate(order)}
    for k, pod in enumerate(start):
        for p in pod:
            for kk in range(min(index[p] + 1, pods)):
                model.add_hint(x[index[p], kk], kk == k)

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = int(seed) % (2**31)
    solver.parameters.max_deterministic_time = float(budget)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # the dealt pairing is always valid, so only a solver failure gets here
        chosen = start
        optimal = False
    else:
        chosen = [[order[i] for i in range(k, n) if solver.value(x[i, k])] for k in range(pods)]
        optimal = status == cp_model.OPTIMAL
    repeats, spread, cost = score_pods(chosen, points, meetings, f)
    return Pairing(
        pods=tuple(tuple(pod) for pod in chosen),
        repeats=repeats,
        spread=spread,
        cost=cost,
        optimal=optimal,
    )


__all__ = ["POINT_SCALE", "Pairing", "pair_round", "score_pods"]
