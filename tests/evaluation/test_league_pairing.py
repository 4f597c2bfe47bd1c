"""A round's pods: no teammates together, the least cost of rule 4g/4h, deterministic."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

pytest.importorskip("ortools")

from labyrinth_gym.evaluation.league.pairing import pair_round, score_pods  # noqa: E402


def _field(n, teams):
    players = [f"p{i:02d}" for i in range(n)]
    return players, {p: f"t{i % teams}" for i, p in enumerate(players)}


def _all_pairings(players, teams, size=4):
    """Every split of ``players`` into pods of ``size`` without teammates."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in itertools.combinations(rest, size - 1):
        pod = (first, *others)
        if len({teams[p] for p in pod}) < size:
            continue
        left = [p for p in rest if p not in others]
        for tail in _all_pairings(left, teams, size):
            yield [pod, *tail]


def _history(players, rng, rounds):
    meetings, points = {}, {p: 0.0 for p in players}
    for _ in range(rounds):
        order = list(rng.permutation(players))
        for k in range(0, len(order), 4):
            pod = order[k:k + 4]
            for p, q in itertools.combinations(pod, 2):
                key = frozenset((p, q))
                meetings[key] = meetings.get(key, 0) + 1
            points[pod[int(rng.integers(4))]] += 4
    return meetings, points


def _valid(pairing, players, teams):
    seen = [p for pod in pairing.pods for p in pod]
    assert sorted(seen) == sorted(players)
    for pod in pairing.pods:
        assert len(pod) == 4
        assert len({teams[p] for p in pod}) == 4  # rule 1c


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("f", [0.0, 0.2, 0.6, 1.0])
def test_the_cost_is_the_least_of_every_valid_pairing(seed, f):
    rng = np.random.default_rng(seed)
    players, teams = _field(12, 4)
    meetings, points = _history(players, rng, 2)
    best = min(score_pods(p, points, meetings, f)[2] for p in _all_pairings(players, teams))
    pairing = pair_round(players, teams, points, meetings, f, seed=seed)
    _valid(pairing, players, teams)
    assert pairing.optimal
    assert pairing.cost == pytest.approx(best)
    assert (pairing.repeats, pairing.spread, pairing.cost) == pytest.approx(
        score_pods(pairing.pods, points, meetings, f))


def test_with_f_zero_no_opponent_repeats_while_it_can_be_avoided():
    players, teams = _field(16, 4)
    meetings, points = {}, {p: 0.0 for p in players}
    for week in range(4):
        pairing = pair_round(players, teams, points, meetings, 0.0, seed=week)
        _valid(pairing, players, teams)
        fewest = min(score_pods(p, points, meetings, 0.0)[0]
                     for p in _all_pairings(players, teams))
        assert pairing.repeats == fewest, week
        if week < 2:
            assert fewest == 0  # the first weeks always have new opponents for everyone
        for pod in pairing.pods:
            for p, q in itertools.combinations(pod, 2):
                meetings[frozenset((p, q))] = 1


def test_with_f_one_pods_group_by_points():
    players, teams = _field(16, 4)  # p00..p15, teams by index mod 4
    points = {p: float(i) for i, p in enumerate(players)}  # each block of 4 spans 4 teams
    meetings = {frozenset(pod): 1 for pod in itertools.combinations(players[:4], 2)}
    pairing = pair_round(players, teams, points, meetings, 1.0, seed=3)
    assert sorted(sorted(pod) for pod in pairing.pods) == [players[k:k + 4] for k in range(0, 16, 4)]
    assert pairing.spread == 12.0


@pytest.mark.parametrize("n, teams", [(8, 4), (16, 4), (32, 8), (64, 8)])
def test_fields_of_8_to_64_pair_without_teammates(n, teams):
    players, team_of = _field(n, teams)
    meetings, points = _history(players, np.random.default_rng(n), 3)
    pairing = pair_round(players, team_of, points, meetings, 0.4, seed=1, budget=1.0)
    _valid(pairing, players, team_of)


def test_same_seed_same_pairing():
    players, teams = _field(24, 6)
    meetings, points = _history(players, np.random.default_rng(5), 2)
    runs = [pair_round(players, teams, points, meetings, 0.2, seed=9) for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("n, teams, f, match", [
    (12, 3, 0.0, "3 teams cannot fill a pod of 4"),
    (10, 5, 0.0, "10 players do not fill pods of 4"),
    (12, 4, 1.5, r"scaling factor must be in \[0, 1\]"),
])
def test_fields_that_cannot_be_paired_are_refused(n, teams, f, match):
    players, team_of = _field(n, teams)
    with pytest.raises(ValueError, match=match):
        pair_round(players, team_of, {p: 0.0 for p in players}, {}, f, seed=0)


def test_a_team_outnumbering_the_pods_is_refused():
    players, teams = _field(8, 4)
    teams.update({"p00": "big", "p01": "big", "p02": "big"})
    with pytest.raises(ValueError, match=r"more players than the 2 pods: \['big'\]"):
        pair_round(players, teams, {p: 0.0 for p in players}, {}, 0.0, seed=0)
