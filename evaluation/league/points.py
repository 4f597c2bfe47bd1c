"""A pod's league points from the game's elimination record (Mazerunner rule 4d).

:func:`pod_points` scores one pod (4 seats in the league; 2 to 6 are accepted) from a
:class:`PodRecord`: the eliminations in the order they happened and how the game was
won. :func:`results_points` scores a game that has no elimination record from its
final returns. Pure Python: no engine imports, no numpy.

Rule 4d of the Mazerunner Comprehensive Rules, as applied here:

- **4d** Each seat brings one point, so a pod holds ``seats`` points. On the
  elimination of a player, the player who caused it receives that player's point.
- **4d.i** The winner takes every point left in the pod: the whole winner pool and the
  point of every seat still in the game, its own included.
- **4d.ii** A player eliminated by effects of the game that no other player caused
  (paying all of their life, a turn-based draw from an empty library, conceding) puts
  their point in the winner pool.
- **4d.iii** Mind control: the player in control receives the points for the game
  actions of the player it controls, except its own point, which the controlled player
  receives, and except a win (including a direct, alternative win), where the
  controlled player receives its own point.
- **4d.iv** Removing an effect that keeps a player in the game earns that player's
  point only if the player then dies at once by state-based actions; a player who draws
  from an empty library in the turn-based draw puts its point in the winner pool, one
  made to draw by another player's effect gives its point to that player.
- **4d.v** A player who forces a game draw is issued a game loss instead; its own point
  goes to the winner pool, the points it already won stay with it.
- **4d.vi** A player who causes its own loss together with other players' receives a
  point for each other player eliminated; its own point goes to the winner pool, or to
  nobody if no player is left in the game.
- **4d.vii** The point for lethal damage goes to the controller of the *original*
  source of the damage, whatever other players' effects did to it.

Who caused an elimination (4d.iv, 4d.vii, and whether a loss was caused by a player at
all) is decided by the engine and recorded in :attr:`Elimination.cause`; this module
only applies it.

Rulings (the project's, where the rule text is silent or the record needs a reading):

1. An elimination of seat ``p`` with cause ``c`` (``c != p``, not a draw): ``c``
   receives ``p``'s point. If ``controlled_by=m`` (``c``'s actions were controlled by
   ``m``), ``m`` receives it instead, except that ``m`` never receives its own point:
   when ``p == m`` (the controlled seat eliminated its controller), ``m``'s point goes
   to ``c`` (4d.iii "with the exception of their own point, which the controlled player
   will receive").
2. ``cause=None``, or ``cause == p`` with ``p`` the only seat leaving: ``p``'s point goes
   to the winner pool (4d.ii). This holds also when ``controlled_by`` is set: the
   cause's own point is never given to its controller (as in 4d.vi below).
3. 4d.vi, ``cause=c`` among the seats leaving together with other seats: ``c`` (or its
   controller ``m``, with ruling 1's exception for ``m``'s own point) receives one point
   per other seat leaving; ``c``'s own point goes to the winner pool, or, when no seat
   is left in the game after this elimination, to nobody (counted in
   :attr:`PodPoints.unassigned`).
4. Several seats leaving at once with ``cause=None``, or with a cause not among them
   (still in the game or not): each point follows the single-seat rule (1 or 2). A
   cause or controller that has already left the game still receives points: the
   engine decides who caused what.
5. 4d.v: a ``draw`` elimination is ``players == (cause,)``: ``cause`` leaves, its own
   point goes to the winner pool, the points it received earlier stay with it. A draw
   is recorded without ``controlled_by``: 4d.v gives the loss to the player controlling
   the actions that forced the draw, so that player is the ``cause``.
6. 4d.i: the winner receives the winner pool plus the point of every seat still in the
   game, its own included. With ``Win.controlled_by=m`` (4d.iii and its example): the
   points of seats still in the game other than the winner and ``m`` go to ``m`` (``m``
   made them lose); ``m``'s own point goes to the winner (``m`` cannot receive its own
   point); the winner's own point and the winner pool go to the winner. The same with
   ``alternative=True`` (the rule's example is exactly that case).
7. No win (a truncated game, or a drawn game with no draw culprit) with seats still in
   the game: each of those seats keeps its own point, and nobody receives the winner
   pool: it is reported in :attr:`PodPoints.winner_pool`. When every seat has left,
   nobody won and the pool is likewise reported there. So ``winner_pool`` is non-zero
   only in a game nobody won, and ``unassigned`` holds only the 4d.vi points with
   nobody left; ``winner_pool + unassigned`` are all the points no player received.
8. The game is over when one seat is left (the last one standing wins): a record with
   an elimination after that, or with one seat left and no :class:`Win`, is refused.
9. Games without an elimination record (:func:`results_points`) give the pod's
   ``seats`` points (4 in the league) to the seat with the highest return, shared
   equally among tied seats; a truncated game where all seats tie gives each seat 1.

An inconsistent record raises :class:`ValueError` listing every problem found, not only
the first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MIN_SEATS = 2
MAX_SEATS = 6


@dataclass(frozen=True)
class Elimination:
    """Seats that left the game at one moment, and who caused it.

    Attributes:
        players: The seats that left the game at this moment; more than one is a
            simultaneous loss (4d.vi when ``cause`` is among them).
        cause: The seat whose source caused the elimination: the controller of the
            *original* source of lethal damage (4d.vii), the seat that removed a
            loss-preventing effect when the loss followed at once by state-based
            actions (4d.iv), the seat whose effect made the player draw from an empty
            library (4d.iv). ``None`` for effects of the game not caused by another
            player (a turn-based draw from an empty library, paying life, conceding):
            the points go to the winner pool (4d.ii). The engine sets this;
            :func:`pod_points` only applies it.
        controlled_by: 4d.iii: the seat that controlled ``cause``'s game actions when
            it happened (mind control). It receives the points instead of ``cause``,
            except its own point, which ``cause`` receives. Needs a ``cause`` and must
            differ from it.
        draw: 4d.v: ``cause`` forced a game draw and is issued a game loss instead, so
            ``players`` must be exactly ``(cause,)``; its point goes to the winner pool.
    """

    players: tuple[int, ...]
    cause: int | None
    controlled_by: int | None = None
    draw: bool = False


@dataclass(frozen=True)
class Win:
    """How the game was won (4d.i).

    Attributes:
        seat: The seat that won: the last one standing, or an alternative win.
        controlled_by: 4d.iii: the seat controlling the winner's actions when it won.
            It receives the points of the other seats still in the game; its own point,
            the winner's own point and the winner pool go to the winner. Must differ
            from ``seat``.
        alternative: Won directly by an alternative win condition, not by being the
            last one standing; only such a win may end a game with other seats still in
            it.
    """

    seat: int
    controlled_by: int | None = None
    alternative: bool = False


@dataclass(frozen=True)
class PodRecord:
    """One pod's game, as the engine recorded it.

    Attributes:
        seats: The number of seats (4 in the league; 2 to 6 accepted), each bringing
            one point.
        eliminations: The eliminations, in the order they happened.
        win: How the game was won; ``None`` when nobody won (every seat eliminated, or
            a recorded draw or truncation with seats still in the game).
    """

    seats: int
    eliminations: tuple[Elimination, ...] = ()
    win: Win | None = None


@dataclass(frozen=True)
class PodPoints:
    """Where a pod's points went.

    Invariant: ``sum(points) + winner_pool + unassigned == seats``.

    Attributes:
        points: League points per seat. Floats only because :func:`results_points`
            shares a win among tied seats; :func:`pod_points` gives whole numbers.
        winner_pool: Points left in the winner pool at the end: 0 when someone won
            (the winner took them); in a game nobody won, the pool nobody received.
        unassigned: Points no player received and that never reached the pool: a
            player's own point under 4d.vi when no player was left in the game.
    """

    points: tuple[float, ...]
    winner_pool: int
    unassigned: int


def _is_seat(value: object, seats: int) -> bool:
    return (
        isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats
    )


def _problems(record: PodRecord) -> list[str]:
    """Every inconsistency of ``record`` (empty when it can be scored)."""
    n = record.seats
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        return [f"seats must be an int from {MIN_SEATS} to {MAX_SEATS}, got {n!r}"]
    problems: list[str] = []
    in_game = set(range(n))
    left_at: dict[int, int] = {}  # seat -> index of the elimination it left in
    for k, e in enumerate(record.eliminations):
        where = f"elimination {k}"
        players = tuple(e.players)
        if not players:
            problems.append(f"{where} has no players")
        if len(in_game) == 1:
            (last,) = in_game
            problems.append(
                f"{where} comes after the game was won: only seat {last} was left "
                "(the last one standing wins)"
            )
        elif not in_game:
            problems.append(f"{where} comes after every seat had left the game")
        leaving: set[int] = set()
        for p in players:
            if not _is_seat(p, n):
                problems.append(f"{where}: seat {p!r} is out of range 0..{n - 1}")
            elif p in leaving:
                problems.append(f"{where}: seat {p} is eliminated twice (listed twice)")
            elif p not in in_game:
                problems.append(
                    f"{where}: seat {p} is eliminated twice (it left in elimination "
                    f"{left_at[p]})"
                )
            else:
                leaving.add(p)
        c, m = e.cause, e.controlled_by
        if c is not None and not _is_seat(c, n):
            problems.append(f"{where}: cause {c!r} is out of range 0..{n - 1}")
        if m is not None:
            if not _is_seat(m, n):
                problems.append(
                    f"{where}: controlled_by {m!r} is out of range 0..{n - 1}"
                )
            elif c is None:
                problems.append(
                    f"{where}: controlled_by={m} without a cause (nobody's actions "
                    "were controlled)"
                )
            elif m == c:
                problems.append(
                    f"{where}: the mind-controller {m} is the controlled seat itself"
                )
        if e.draw:
            if c is None:
                problems.append(
                    f"{where}: a draw needs the cause that forced it (4d.v)"
                )
            elif players != (c,):
                problems.append(
                    f"{where}: a draw elimination must have players == ({c},) (only "
                    f"the cause that forced the draw loses, 4d.v), got {players}"
                )
            if m is not None:
                problems.append(
                    f"{where}: a draw elimination cannot have controlled_by: 4d.v gives "
                    "the loss to the player controlling the actions, record it as cause"
                )
        for p in leaving:
            left_at[p] = k
        in_game -= leaving

    win = record.win
    if win is None:
        if len(in_game) == 1:
            (last,) = in_game
            problems.append(
                f"seat {last} is the last one left but the record has no win (the last "
                f"one standing wins: record Win(seat={last}))"
            )
        return problems
    w, m = win.seat, win.controlled_by
    if not _is_seat(w, n):
        problems.append(f"win: seat {w!r} is out of range 0..{n - 1}")
    elif w not in in_game:
        problems.append(
            f"win by seat {w}, which was eliminated (elimination {left_at[w]})"
        )
    elif len(in_game) > 1 and not win.alternative:
        others = sorted(in_game - {w})
        problems.append(
            f"win by seat {w} while seats {others} are still in the game and the win "
            "is not alternative (only an alternative win ends a game with more than "
            "one seat left)"
        )
    if m is not None:
        if not _is_seat(m, n):
            problems.append(f"win: controlled_by {m!r} is out of range 0..{n - 1}")
        elif m == w:
            problems.append(
                f"win: the mind-controller {m} is the controlled (winning) seat itself"
            )
    return problems


def pod_points(record: PodRecord) -> PodPoints:
    """Score one pod from its elimination record, by rule 4d and the module's rulings.

    Eliminations are applied in order: each seat leaving hands its point to the seat
    that caused it (4d, 4d.iv, 4d.vii), to the cause's mind-controller (4d.iii; its own
    point goes to the controlled seat instead), or to the winner pool (4d.ii, 4d.v, and
    the cause's own point under 4d.vi), or to nobody (4d.vi with no player left). Then
    the winner takes the pool and the points of the seats still in the game (4d.i; under
    mind control the controller takes the others' points and the winner the
    controller's own, 4d.iii). With no win, seats still in the game keep their own point
    and the pool is left to nobody (:attr:`PodPoints.winner_pool`).

    Args:
        record: The pod's seats, eliminations in order, and win.

    Returns:
        The points per seat (whole numbers, as floats), the winner pool left and the
        points nobody was assigned; they sum to ``record.seats``.

    Raises:
        ValueError: The record is inconsistent (a seat out of range or eliminated
            twice, a win by an eliminated seat, a ``draw`` whose players is not
            ``(cause,)`` or that has a controller, an elimination after the win, a win
            that is not alternative while other seats are left, a seat that is its own
            mind-controller, a controller without a cause, one seat left and no win,
            ...). The message lists every problem found.
    """
    problems = _problems(record)
    if problems:
        listed = "; ".join(f"({i}) {p}" for i, p in enumerate(problems, 1))
        raise ValueError(
            f"inconsistent pod record ({len(problems)} problem"
            f"{'s' if len(problems) > 1 else ''}): {listed}"
        )

    n = record.seats
    points = [0] * n
    pool = 0
    unassigned = 0
    in_game = set(range(n))
    for e in record.eliminations:
        players = tuple(e.players)
        in_game.difference_update(players)
        c, m = e.cause, e.controlled_by
        if e.draw:  # 4d.v: the culprit's own point, its earlier points stay with it
            pool += 1
            continue
        for p in players:
            if c is None:  # 4d.ii
                pool += 1
            elif p == c:  # 4d.ii alone, 4d.vi with others; never to the controller
                if len(players) > 1 and not in_game:
                    unassigned += 1  # 4d.vi: no player left in the game
                else:
                    pool += 1
            elif m is None:  # 4d, 4d.iv, 4d.vii
                points[c] += 1
            elif p == m:  # 4d.iii: the controller's own point, to the controlled seat
                points[c] += 1
            else:  # 4d.iii: the controller receives points for the game actions
                points[m] += 1

    win = record.win
    if win is None:  # ruling 7: survivors keep their own point; nobody takes the pool
        for s in in_game:
            points[s] += 1
        return PodPoints(tuple(float(x) for x in points), pool, unassigned)

    w, m = win.seat, win.controlled_by
    points[w] += 1 + pool  # 4d.i: its own point and the winner pool
    pool = 0
    for s in in_game - {w}:
        if m is None or s == m:  # 4d.i; 4d.iii: the controller's own point
            points[w] += 1
        else:  # 4d.iii: the controller made the other seats still in the game lose
            points[m] += 1
    return PodPoints(tuple(float(x) for x in points), pool, unassigned)


def results_points(returns: Sequence[float]) -> PodPoints:
    """Score a game without an elimination record from its final returns.

    Project ruling: such games give the pod's points (one per seat, so 4 in the league)
    to the seat with the highest return, shared equally among seats tied for it (exact
    equality); a truncated game where all seats tie gives each seat 1. Nothing goes to
    the winner pool or is left unassigned.

    Args:
        returns: Each seat's return (2 to 6 seats).

    Returns:
        The points per seat; ``winner_pool`` and ``unassigned`` are 0.

    Raises:
        ValueError: Fewer than 2 or more than 6 seats, or a NaN return.
    """
    values = [float(r) for r in returns]
    n = len(values)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ValueError(
            f"returns must have {MIN_SEATS} to {MAX_SEATS} seats, got {n}"
        )
    nan = [i for i, r in enumerate(values) if math.isnan(r)]
    if nan:
        raise ValueError(f"returns of seats {nan} are NaN")
    best = max(values)
    tied = [i for i, r in enumerate(values) if r == best]
    share = n / len(tied)
    points = tuple(share if i in tied else 0.0 for i in range(n))
    return PodPoints(points, 0, 0)
