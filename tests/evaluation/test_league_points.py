"""Mazerunner league points (rule 4d): the rule's examples, scripted games, validation
and the conservation of a pod's points. Seats: A=0, B=1, C=2, D=3."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from labyrinth_gym.evaluation.league.points import (
    Elimination,
    PodPoints,
    PodRecord,
    Win,
    pod_points,
    results_points,
)

A, B, C, D = 0, 1, 2, 3


def score(*eliminations: Elimination, win: Win | None = None, seats: int = 4):
    return pod_points(PodRecord(seats=seats, eliminations=eliminations, win=win))


def out(*players: int, by: int | None, ctrl: int | None = None) -> Elimination:
    return Elimination(players=players, cause=by, controlled_by=ctrl)


# --- the examples in the rule text ---------------------------------------------------


def test_4d_iii_example_a_controls_b_and_b_wins():
    # Player A controls Player B, and wins the game, while Player C is still in the
    # game, and Player D's point is in the winner pool. Player A receives 1 point for
    # causing Player C to lose the game. Player B receives 3 points: their own, the
    # point in the winner pool, and the point from Player A, who can not receive their
    # own point.
    result = score(
        out(D, by=None),  # D's point in the winner pool
        win=Win(seat=B, controlled_by=A, alternative=True),
    )
    assert result == PodPoints((1.0, 3.0, 0.0, 0.0), 0, 0)


def test_4d_iv_example_1_platinum_angel():
    # Player A is at 0 life, but is still alive due to controlling a Platinum Angel.
    # Player B kills the Platinum Angel, resulting in the immediate death of Player A.
    # Player B receives Player A's point. (The game is then cut short: B, C and D keep
    # their own points.)
    result = score(out(A, by=B))
    assert result == PodPoints((0.0, 2.0, 1.0, 1.0), 0, 0)


def test_4d_iv_example_2_turn_based_draw_goes_to_the_winner_pool():
    # Player A removes all cards from Player B's deck. Player B draws in their draw step
    # as a turn-based action. Player B's point goes into the winner pool. (The game is
    # then cut short: nobody wins the pool.)
    result = score(out(B, by=None))
    assert result == PodPoints((1.0, 0.0, 1.0, 1.0), 1, 0)
    # played on, the pool goes to the winner: A eliminates C and D and wins
    result = score(out(B, by=None), out(C, by=A), out(D, by=A), win=Win(A))
    assert result == PodPoints((4.0, 0.0, 0.0, 0.0), 0, 0)


def test_4d_iv_example_2_faerie_mastermind():
    # If instead, Player A activates a Faerie Mastermind ("3U: Each player draws a
    # card") after removing Player B's library, they receive Player B's point.
    result = score(out(B, by=A))
    assert result == PodPoints((2.0, 0.0, 1.0, 1.0), 0, 0)
    # ... and C, who then wins, does not get it
    result = score(out(B, by=A), out(A, by=C), out(D, by=C), win=Win(C))
    assert result == PodPoints((1.0, 0.0, 3.0, 0.0), 0, 0)


def test_4d_vii_example_giant_growth():
    # Player A attacks Player B (who is at 4 life with no blockers) with a 1/1 creature.
    # Player C casts a Giant Growth on the creature, which gives it +3/+3. Player A
    # receives Player B's point: the engine records A, the original source's
    # controller, as the cause.
    result = score(out(B, by=A), out(C, by=D), out(A, by=D), win=Win(D))
    assert result == PodPoints((1.0, 0.0, 0.0, 3.0), 0, 0)


# --- scripted games, rule by rule ----------------------------------------------------


def test_4d_plain_eliminations_then_the_last_one_standing_wins():
    # A eliminates B, C eliminates D, A eliminates C and is the last one standing
    result = score(out(B, by=A), out(D, by=C), out(C, by=A), win=Win(A))
    assert result == PodPoints((3.0, 0.0, 1.0, 0.0), 0, 0)


def test_4d_i_the_winner_takes_the_pool_everyone_left_and_its_own_point():
    # D pays all of its life (pool), A eliminates C, then A wins by an alternative win
    # condition while B is still in the game: pool + B + C + own
    result = score(out(D, by=None), out(C, by=A), win=Win(A, alternative=True))
    assert result == PodPoints((4.0, 0.0, 0.0, 0.0), 0, 0)
    # B's own point goes to the winner, not to B
    result = score(out(D, by=None), out(C, by=B), win=Win(A, alternative=True))
    assert result == PodPoints((3.0, 1.0, 0.0, 0.0), 0, 0)


def test_4d_ii_paying_life_goes_to_the_pool_then_to_the_winner():
    # B pays all of its life: its point goes to the winner pool
    assert score(out(B, by=None)).winner_pool == 1
    # A eliminates C, D eliminates A, D wins: D takes the pool as well
    result = score(out(B, by=None), out(C, by=A), out(A, by=D), win=Win(D))
    assert result == PodPoints((1.0, 0.0, 0.0, 3.0), 0, 0)


def test_4d_ii_several_seats_leaving_at_once_without_a_cause():
    # B and C lose together to an effect of the game: both points to the pool
    result = score(Elimination((B, C), cause=None), out(A, by=D), win=Win(D))
    assert result == PodPoints((0.0, 0.0, 0.0, 4.0), 0, 0)


def test_4d_ii_self_inflicted_single_loss_goes_to_the_pool():
    # C kills itself with its own source (cause == the seat leaving)
    result = score(out(C, by=C), out(B, by=A), out(D, by=A), win=Win(A))
    assert result == PodPoints((4.0, 0.0, 0.0, 0.0), 0, 0)


def test_4d_simultaneous_elimination_of_others_by_one_cause():
    # A's board wipe eliminates B, C and D together: A takes all three, then wins
    result = score(Elimination((B, C, D), cause=A), win=Win(A))
    assert result == PodPoints((4.0, 0.0, 0.0, 0.0), 0, 0)


def test_4d_v_the_draw_culprit_loses_its_point_to_the_pool_and_keeps_earlier_ones():
    # A eliminates D (A has 1), then A forces a game draw: A is issued a game loss and
    # its own point goes to the pool; B eliminates C and wins, taking the pool
    result = score(
        out(D, by=A),
        Elimination((A,), cause=A, draw=True),
        out(C, by=B),
        win=Win(B),
    )
    assert result == PodPoints((1.0, 3.0, 0.0, 0.0), 0, 0)


def test_4d_vi_self_loss_with_others_and_one_player_left():
    # D pays all of its life (pool); A causes itself and C to lose together: A gets C's
    # point, A's own point goes to the pool; B, the last one standing, takes the pool
    result = score(out(D, by=None), Elimination((A, C), cause=A), win=Win(B))
    assert result == PodPoints((1.0, 3.0, 0.0, 0.0), 0, 0)


def test_4d_vi_self_loss_with_nobody_left_is_unassigned():
    # A eliminates B; D pays all of its life (pool); A causes itself and C to lose
    # together: A gets C's point, A's own point goes to nobody, and nobody is left to
    # win the pool
    result = score(out(B, by=A), out(D, by=None), Elimination((A, C), cause=A))
    assert result == PodPoints((2.0, 0.0, 0.0, 0.0), 1, 1)


def test_4d_vi_everyone_at_once():
    # A eliminates all four seats, itself included: three points, its own to nobody
    result = score(Elimination((A, B, C, D), cause=A))
    assert result == PodPoints((3.0, 0.0, 0.0, 0.0), 0, 1)


def test_4d_iii_mind_control_eliminating_the_controller():
    # A controls B: B's creature (cause B, controlled by A) eliminates C, so A gets C's
    # point; then, still controlled by A, B eliminates A: A cannot receive its own point,
    # B receives it. B eliminates D on its own and wins.
    result = score(
        out(C, by=B, ctrl=A),
        out(A, by=B, ctrl=A),
        out(D, by=B),
        win=Win(B),
    )
    assert result == PodPoints((1.0, 3.0, 0.0, 0.0), 0, 0)


def test_4d_iii_controlled_self_loss_goes_to_the_pool_not_to_the_controller():
    # A makes B (controlled) pay all of its life: ruling 2, B's point to the pool
    result = score(out(B, by=B, ctrl=A), out(C, by=A), out(D, by=A), win=Win(A))
    assert result == PodPoints((4.0, 0.0, 0.0, 0.0), 0, 0)
    result = score(out(B, by=B, ctrl=A), out(C, by=A), out(A, by=D), win=Win(D))
    assert result == PodPoints((1.0, 0.0, 0.0, 3.0), 0, 0)


def test_4d_iii_and_vi_controlled_simultaneous_loss_including_the_controller():
    # A controls B; B's effect eliminates A, B and C together. A's own point goes to B
    # (the controlled seat), C's to A (the controller), B's own to the pool; D wins it
    result = score(Elimination((A, B, C), cause=B, controlled_by=A), win=Win(D))
    assert result == PodPoints((1.0, 1.0, 0.0, 2.0), 0, 0)


def test_4d_iii_controlled_last_one_standing_win():
    # A, controlling B, was eliminated by C; B, last standing, wins under A's control:
    # its own point and the pool (D's) are B's; A gets nothing for the win
    result = score(out(D, by=None), out(A, by=C), out(C, by=B), win=Win(B, A))
    assert result == PodPoints((0.0, 3.0, 1.0, 0.0), 0, 0)


def test_no_win_survivors_keep_their_points_and_nobody_takes_the_pool():
    # truncated: B paid its life (pool), A eliminated C; A and D are still in
    result = score(out(B, by=None), out(C, by=A))
    assert result == PodPoints((2.0, 0.0, 0.0, 1.0), 1, 0)
    # no eliminations, no win: everyone keeps its own point
    assert score() == PodPoints((1.0, 1.0, 1.0, 1.0), 0, 0)


def test_other_pod_sizes():
    result = score(out(B, by=A), win=Win(A), seats=2)
    assert result == PodPoints((2.0, 0.0), 0, 0)
    result = score(out(1, by=0), out(2, by=None), out(3, 4, by=5), out(5, by=0),
                   win=Win(0), seats=6)
    assert result == PodPoints((4.0, 0.0, 0.0, 0.0, 0.0, 2.0), 0, 0)


# --- games without an elimination record ---------------------------------------------


def test_results_points_single_winner_gets_all_four():
    assert results_points([0.0, 1.0, -1.0, 0.5]) == PodPoints((0.0, 4.0, 0.0, 0.0), 0, 0)


def test_results_points_two_tied_share_two_each():
    assert results_points([1.0, -1.0, 1.0, 0.0]) == PodPoints((2.0, 0.0, 2.0, 0.0), 0, 0)


def test_results_points_all_four_tied_get_one_each():
    assert results_points([0.0] * 4) == PodPoints((1.0, 1.0, 1.0, 1.0), 0, 0)


def test_results_points_other_sizes_and_three_way_tie():
    assert results_points([3, 1, 2]).points == (3.0, 0.0, 0.0)
    points = results_points([1, 1, 1, 0]).points
    assert points[:3] == pytest.approx((4 / 3,) * 3) and points[3] == 0.0
    assert sum(points) == pytest.approx(4.0)


@pytest.mark.parametrize(
    ("returns", "match"),
    [([1.0], "2 to 6 seats, got 1"), ([0.0] * 7, "got 7"),
     ([0.0, float("nan"), 1.0], r"seats \[1\] are NaN")],
)
def test_results_points_refuses_bad_returns(returns, match):
    with pytest.raises(ValueError, match=match):
        results_points(returns)


# --- validation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "match"),
    [
        (PodRecord(seats=1), "seats must be an int from 2 to 6, got 1"),
        (PodRecord(seats=7), "seats must be an int from 2 to 6, got 7"),
        (PodRecord(4, (out(B, by=A), out(B, by=C))),
         r"elimination 1: seat 1 is eliminated twice \(it left in elimination 0\)"),
        (PodRecord(4, (out(B, B, by=A),)),
         r"elimination 0: seat 1 is eliminated twice \(listed twice\)"),
        (PodRecord(4, (out(4, by=A),)), "elimination 0: seat 4 is out of range 0..3"),
        (PodRecord(4, (out(-1, by=A),)), "seat -1 is out of range 0..3"),
        (PodRecord(4, (out(B, by=9),)), "elimination 0: cause 9 is out of range"),
        (PodRecord(4, (out(B, by=A, ctrl=5),)), "controlled_by 5 is out of range"),
        (PodRecord(4, (Elimination((), cause=A),)), "elimination 0 has no players"),
        (PodRecord(4, (out(B, by=A),), Win(B, alternative=True)),
         r"win by seat 1, which was eliminated \(elimination 0\)"),
        (PodRecord(4, (), Win(7, alternative=True)), "win: seat 7 is out of range"),
        (PodRecord(4, (Elimination((A, B), cause=A, draw=True),)),
         r"a draw elimination must have players == \(0,\)"),
        (PodRecord(4, (Elimination((B,), cause=A, draw=True),)),
         r"a draw elimination must have players == \(0,\)"),
        (PodRecord(4, (Elimination((B,), cause=None, draw=True),)),
         "a draw needs the cause"),
        (PodRecord(4, (Elimination((B,), cause=B, controlled_by=A, draw=True),)),
         "a draw elimination cannot have controlled_by"),
        (PodRecord(2, (out(B, by=A), out(A, by=None)), Win(A)),
         "elimination 1 comes after the game was won: only seat 0 was left"),
        (PodRecord(2, (out(A, B, by=None), out(A, by=None))),
         "elimination 1 comes after every seat had left the game"),
        (PodRecord(4, (out(B, by=A),), Win(A)),
         r"win by seat 0 while seats \[2, 3\] are still in the game"),
        (PodRecord(4, (out(B, by=A, ctrl=A),)),
         "elimination 0: the mind-controller 0 is the controlled seat itself"),
        (PodRecord(4, (), Win(B, controlled_by=B, alternative=True)),
         r"win: the mind-controller 1 is the controlled \(winning\) seat itself"),
        (PodRecord(4, (), Win(B, controlled_by=8, alternative=True)),
         "win: controlled_by 8 is out of range"),
        (PodRecord(4, (out(B, by=None, ctrl=A),)), "controlled_by=0 without a cause"),
        (PodRecord(4, (out(B, C, D, by=A),)),
         "seat 0 is the last one left but the record has no win"),
    ],
)
def test_inconsistent_records_are_refused(record, match):
    with pytest.raises(ValueError, match=match):
        pod_points(record)


def test_every_problem_is_listed_in_one_message():
    record = PodRecord(
        4,
        (
            out(B, by=A, ctrl=A),  # controller == controlled
            out(B, 6, by=None),  # B twice, 6 out of range
            Elimination((C,), cause=D, draw=True),  # draw not (cause,)
        ),
        Win(B),  # eliminated winner
    )
    with pytest.raises(ValueError) as info:
        pod_points(record)
    message = str(info.value)
    assert message.startswith("inconsistent pod record (5 problems): (1) ")
    for fragment in (
        "the mind-controller 0 is the controlled seat itself",
        "seat 1 is eliminated twice",
        "seat 6 is out of range",
        "a draw elimination must have players == (3,)",
        "win by seat 1, which was eliminated",
    ):
        assert fragment in message


# --- conservation over random valid records ------------------------------------------


def random_record(rng: random.Random) -> PodRecord:
    """A random consistent record: any cause (in the game, gone, leaving, None),
    controllers, draws, simultaneous losses, and every way of ending."""
    seats = rng.randint(2, 6)
    in_game = list(range(seats))
    eliminations = []
    while len(in_game) > 1 and rng.random() < 0.85:
        if rng.random() < 0.1:
            culprit = rng.choice(in_game)
            eliminations.append(Elimination((culprit,), cause=culprit, draw=True))
            in_game.remove(culprit)
            continue
        players = tuple(rng.sample(in_game, rng.randint(1, len(in_game))))
        r = rng.random()
        if r < 0.2:
            cause = None
        elif r < 0.5:
            cause = rng.choice(players)
        else:
            cause = rng.randrange(seats)
        controller = None
        if cause is not None and rng.random() < 0.3:
            controller = rng.choice([s for s in range(seats) if s != cause])
        eliminations.append(Elimination(players, cause, controller))
        in_game = [s for s in in_game if s not in players]
    win = None
    if in_game and (len(in_game) == 1 or rng.random() < 0.6):
        seat = rng.choice(in_game)
        controller = None
        if rng.random() < 0.3:
            controller = rng.choice([s for s in range(seats) if s != seat])
        win = Win(seat, controller, alternative=len(in_game) > 1 or rng.random() < 0.5)
    return PodRecord(seats, tuple(eliminations), win)


@settings(max_examples=500, deadline=None)
@given(st.randoms(use_true_random=False))
def test_points_are_conserved_and_never_negative(rng):
    record = random_record(rng)
    result = pod_points(record)
    assert len(result.points) == record.seats
    assert sum(result.points) + result.winner_pool + result.unassigned == record.seats
    assert all(p >= 0 and p == int(p) for p in result.points)
    assert result.winner_pool >= 0 and result.unassigned >= 0
    if record.win is not None:
        assert result.winner_pool == 0
        assert result.points[record.win.seat] >= 1  # at least its own point


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([-1.0, 0.0, 0.5, 1.0]), min_size=2, max_size=6))
def test_results_points_are_conserved(returns):
    result = results_points(returns)
    assert sum(result.points) == pytest.approx(len(returns))
    assert all(p >= 0 for p in result.points)
    best = max(returns)
    assert all((p > 0) == (r == best) for p, r in zip(result.points, returns, strict=True))
