"""Board geometry of Dungeon Crawler Labyrinth: squares, movement costs and paths, and
line of sight. Pure functions over a terrain grid; the game keeps the figures.

Squares are ``(row, col)`` pairs, row 0 at the north edge. The terrain of each square
is one of :data:`UNREVEALED` (no tile placed there yet), :data:`FLOOR`, :data:`WALL`,
:data:`LAVA`, :data:`SHALLOW`, :data:`DEEP` or :data:`CHEST` (the treasure chest,
an occupied space). Outside the board counts as wall.

**Movement** (the rulebook's Movement section and the project's rulings):

- A step to one of the 8 neighbours. An orthogonal step costs 1 MV; diagonal steps
  cost 1 and 2 alternately (every second diagonal of the move counts as 2).
- Entering water costs its price instead (shallow 2, or 3 diagonally; deep 3, or 4
  diagonally) unless the figure flies or is aquatic (or amphibious); a diagonal into
  water still counts toward "every second diagonal".
- No step into an unrevealed space or a wall; a figure without flight or fire
  immunity never steps into lava by its own move; a figure that is neither flying nor
  aquatic never ends its move on deep water (a step there is offered only if the
  figure can still leave it).
- A diagonal step needs both orthogonal neighbours free of walls (no cutting corners
  around walls; lava and water are open), and is blocked when both of them hold a
  figure or an unrevealed space, in any combination (one alone does not block).
- Figures in the way: what the mover may pass through and stop on is the caller's
  (adventurers pass no figure; monsters pass through monsters but never stop on one,
  a spawn point or the chest).

**Line of sight**: from any part (corners included) of one square to any part of
another, the segment must not touch a wall or an unrevealed square: it may pass a
single wall's corner (around corners), never through the point two diagonal walls
share (between corners) or along a wall's edge. Figures never block it. It is
computed over sample points of both squares (their four corners drawn in by
:data:`INSET` of a square and their centres), each segment tested against the closed
wall squares.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

import numpy as np

UNREVEALED, FLOOR, WALL, LAVA, SHALLOW, DEEP, CHEST = range(7)
TERRAIN_NAMES = ("unrevealed", "floor", "wall", "lava", "shallow", "deep", "chest")

Square = tuple[int, int]

DIRECTIONS: tuple[Square, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1),
                                  (-1, 1), (1, 1), (1, -1), (-1, -1))
"""N, E, S, W, then NE, SE, SW, NW."""

INSET = 0.05
"""How far inside a square its corner sample points lie (in squares)."""


@dataclass(frozen=True)
class Mover:
    """What a moving figure is: the traits that change where and at what cost it moves.

    Attributes:
        flight: Flies (lava and water are plain floor to it).
        fire_immune: Walks through lava unharmed.
        aquatic: Swims (aquatic or amphibious: water costs 1 and deep water is safe).
    """

    flight: bool = False
    fire_immune: bool = False
    aquatic: bool = False

    @property
    def lava_safe(self) -> bool:
        return self.flight or self.fire_immune

    @property
    def water_safe(self) -> bool:
        return self.flight or self.aquatic


WALKER = Mover()


def step_cost(terrain: int, diagonal: bool, diagonals_before: int, mover: Mover) -> int:
    """MV a step into a square of ``terrain`` costs (``diagonals_before``: diagonal
    steps already made in this move)."""
    if not mover.water_safe:
        if terrain == SHALLOW:
            return 3 if diagonal else 2
        if terrain == DEEP:
            return 4 if diagonal else 3
    if diagonal:
        return 2 if diagonals_before % 2 else 1
    return 1


@cache
def _neighbour_table(shape: tuple[int, int]) -> dict[Square, tuple[tuple[Square, bool], ...]]:
    rows, cols = shape
    return {(r, c): tuple(((r + dr, c + dc), bool(dr and dc)) for dr, dc in DIRECTIONS
                          if 0 <= r + dr < rows and 0 <= c + dc < cols)
            for r in range(rows) for c in range(cols)}


def neighbours(shape: tuple[int, int], sq: Square) -> Iterable[tuple[Square, bool]]:
    """``(square, diagonal)`` of the on-board neighbours of ``sq``."""
    return _neighbour_table(shape)[sq]


def corner_open(terrain: np.ndarray, frm: Square, to: Square,
                figure_at: Callable[[Square], bool]) -> bool:
    """Whether a diagonal step ``frm`` -> ``to`` may cut the corner (rulings: no wall
    on either orthogonal neighbour; not both a figure or an unrevealed space)."""
    a = (frm[0], to[1])
    b = (to[0], frm[1])
    ta, tb = terrain[a], terrain[b]
    if ta == WALL or tb == WALL:
        return False
    closed_a = ta == UNREVEALED or ta == CHEST or figure_at(a)
    closed_b = tb == UNREVEALED or tb == CHEST or figure_at(b)
    return not (closed_a and closed_b)


def enterable(terrain: int, mover: Mover) -> bool:
    """Whether a figure's own move may step into a square of ``terrain`` (figures and
    the chest are the caller's rule)."""
    if terrain in (UNREVEALED, WALL):
        return False
    if terrain == LAVA:
        return mover.lava_safe
    return True


def may_end_on(terrain: int, mover: Mover) -> bool:
    """Whether a figure may end its move on a square of ``terrain``."""
    return terrain != DEEP or mover.water_safe


@dataclass
class Reach:
    """The squares a move can end on, with the cheapest way there.

    Attributes:
        cost: MV spent to reach each square (the cheapest; among equally cheap paths the
            one over the most ``bonus`` squares).
        diagonals: Diagonal steps made on that path (for the next move's costs).
        path: The squares stepped on, in order, ending with the square itself.
    """

    cost: dict[Square, int]
    diagonals: dict[Square, int]
    path: dict[Square, list[Square]]


def reachable(terrain: np.ndarray, start: Square, mv: int, mover: Mover, *,
              passable: Callable[[Square], bool], stoppable: Callable[[Square], bool],
              figure_at: Callable[[Square], bool], diagonals: int = 0,
              bonus: Callable[[Square], bool] = lambda sq: False,
              until: Callable[[Square], bool] | None = None) -> Reach:
    """Every square ``start``'s figure can end a move of at most ``mv`` MV on.

    Args:
        terrain: The board's terrain codes.
        start: Where the figure stands (not itself in the result).
        mv: Movement points left.
        mover: Its traits.
        passable: Whether it may step through a square (figures it cannot pass).
        stoppable: Whether it may end there (besides the terrain's own rule).
        figure_at: Whether a figure stands there (for the corner rule).
        diagonals: Diagonal steps already made this activation.
        bonus: Squares worth passing over (treasure piles): the tie-break among paths of
            equal cost.
        until: Stop the search once every square as cheap as the cheapest square it
            accepts is settled (costs beyond it are then missing from the result).
    """
    shape = terrain.shape
    # state: (square, diagonal parity); label: (cost, -bonus squares)
    best: dict[tuple[Square, int], tuple[int, int]] = {(start, diagonals % 2): (0, 0)}
    prev: dict[tuple[Square, int], tuple[Square, int] | None] = {(start, diagonals % 2): None}
    count: dict[tuple[Square, int], int] = {(start, diagonals % 2): diagonals}
    heap = [(0, 0, start, diagonals % 2)]
    table = _neighbour_table(shape)
    found: int | None = None
    while heap:
        cost, neg, sq, parity = heapq.heappop(heap)
        if best.get((sq, parity)) != (cost, neg):
            continue
        if found is not None and cost > found:
            break
        if until is not None and found is None and sq != start and until(sq):
            found = cost
        for nxt, diagonal in table[sq]:
            t = terrain[nxt]
            if not enterable(t, mover) or not passable(nxt):
                continue
            if diagonal and not corner_open(terrain, sq, nxt, figure_at):
                continue
            step = step_cost(t, diagonal, parity, mover)
            total = cost + step
            if total > mv:
                continue
            label = (total, neg - bonus(nxt))
            state = (nxt, (parity + diagonal) % 2)
            if state not in best or label < best[state]:
                best[state] = label
                prev[state] = (sq, parity)
                count[state] = count[(sq, parity)] + diagonal
                heapq.heappush(heap, (total, label[1], nxt, state[1]))
    out = Reach({}, {}, {})
    chosen: dict[Square, tuple[tuple[int, int], int]] = {}
    for (sq, parity), label in best.items():
        if sq == start or not stoppable(sq) or not may_end_on(terrain[sq], mover):
            continue
        if sq not in chosen or label < chosen[sq][0]:
            chosen[sq] = (label, parity)
    for sq, (label, parity) in chosen.items():
        path = []
        state: tuple[Square, int] | None = (sq, parity)
        while state is not None and state[0] != start:  # (a loop back to the start
            path.append(state[0])                       # never pays: no revisits)
            state = prev[state]
        out.cost[sq] = label[0]
        out.diagonals[sq] = count[(sq, parity)]
        out.path[sq] = path[::-1]
    return out


def king_distance(a: Square, b: Square) -> int:
    """Squares between ``a`` and ``b`` counted in king steps (walls ignored)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def adjacent(a: Square, b: Square) -> bool:
    return a != b and king_distance(a, b) == 1


def area(center: Square, shape: tuple[int, int]) -> list[Square]:
    """The on-board squares of the 3x3 area around ``center``."""
    rows, cols = shape
    return [(center[0] + dr, center[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if 0 <= center[0] + dr < rows and 0 <= center[1] + dc < cols]


# ------------------------------------------------------------- line of sight
_OFFSETS = np.array([(INSET, INSET), (INSET, 1 - INSET), (1 - INSET, INSET),
                     (1 - INSET, 1 - INSET), (0.5, 0.5)])


def _points(sq: Square) -> np.ndarray:
    return np.array(sq, dtype=float) + _OFFSETS


def line_of_sight(solid: np.ndarray, a: Square, b: Square) -> bool:
    """Whether some segment from a sample point of ``a`` to one of ``b`` touches no
    ``solid`` square (walls and unrevealed spaces; ``a`` and ``b`` themselves aside)."""
    if a == b:
        return True
    r0, r1 = min(a[0], b[0]), max(a[0], b[0])
    c0, c1 = min(a[1], b[1]), max(a[1], b[1])
    box = solid[r0:r1 + 1, c0:c1 + 1]
    if not box.any():
        return True
    cells = np.argwhere(box) + (r0, c0)
    own = np.array((a, b))
    cells = cells[~((cells[:, None, :] == own[None]).all(axis=2).any(axis=1))]
    if not len(cells):
        return True
    p = _points(a)  # (5, 2)
    q = _points(b)
    starts = np.repeat(p, len(q), axis=0)  # (25, 2)
    ends = np.tile(q, (len(p), 1))
    d = ends - starts
    lo = cells.astype(float)  # (n, 2): each solid square is [r, r+1] x [c, c+1]
    hi = lo + 1.0
    # Liang-Barsky over every (segment, square) pair: the segment touches the closed
    # square when the parameter interval left after clipping to both slabs is not empty
    t0 = np.zeros((len(starts), len(lo)))
    t1 = np.ones((len(starts), len(lo)))
    blocked_axis = np.zeros((len(starts), len(lo)), dtype=bool)
    for k in range(2):
        s = starts[:, k:k + 1]
        dk = d[:, k:k + 1]
        zero = np.abs(dk) < 1e-12
        with np.errstate(divide="ignore", invalid="ignore"):
            ta = (lo[None, :, k] - s) / dk
            tb = (hi[None, :, k] - s) / dk
        near = np.where(zero, -np.inf, np.minimum(ta, tb))
        far = np.where(zero, np.inf, np.maximum(ta, tb))
        outside = zero & ((s < lo[None, :, k]) | (s > hi[None, :, k]))
        blocked_axis |= outside
        t0 = np.maximum(t0, near)
        t1 = np.minimum(t1, far)
    touches = (t0 <= t1) & ~blocked_axis
    return bool((~touches.any(axis=1)).any())
