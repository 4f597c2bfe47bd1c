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
another, the segment must not touch a wall or an unrevealed square: it may pass close
by a single wall's corner (around corners), never through the point two diagonal walls
share (between corners) or along a wall's edge. Figures never block it. It is
computed over sample points of both squares (their four corners drawn in by
:data:`INSET` of a square and their centres), each segment tested in exact arithmetic
against the closed wall squares: a segment passing exactly through a wall's corner
touches that wall (a tie counts as a touch). So line of sight is symmetric: ``a`` sees
``b`` exactly when ``b`` sees ``a``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

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
        incorporeal: Passes through solid squares (walls) and may stand in them; walls
            then close no corner to it.
    """

    flight: bool = False
    fire_immune: bool = False
    aquatic: bool = False
    incorporeal: bool = False

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
    if terrain == UNREVEALED or (terrain == WALL and not mover.incorporeal):
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
        path: The squares stepped on, in order, ending with the square itself (built
            when asked for).
    """

    cost: dict[Square, int]
    diagonals: Mapping[Square, int]
    path: Mapping[Square, list[Square]]

    def within(self, mv: int) -> Reach:
        """The part of this search a move of ``mv`` MV reaches: the same as a search
        with that budget, provided this one settled every square up to ``mv``."""
        cost = {sq: c for sq, c in self.cost.items() if c <= mv}
        paths = self.path
        diagonals = self.diagonals
        if isinstance(paths, _Paths) and isinstance(diagonals, _Diagonals):
            paths = _Paths({sq: paths._ends[sq] for sq in cost}, paths._prev, paths._start,
                           paths._squares)
            return Reach(cost, _Diagonals(paths, diagonals._start, diagonals._before),
                         paths)
        return Reach(cost, {sq: diagonals[sq] for sq in cost},
                     {sq: paths[sq] for sq in cost})


class _Paths(Mapping):
    """:attr:`Reach.path`: each square's path, traced back from the search's links when
    it is asked for (most searches want one path, or none)."""

    def __init__(self, ends: dict[Square, int], prev: dict[int, int], start: int,
                 squares: list[Square]):
        self._ends = ends  # square -> its search state (square index * 2 + parity)
        self._prev = prev
        self._start = start
        self._squares = squares

    def __getitem__(self, sq: Square) -> list[Square]:
        path = []
        st = self._ends[sq]
        while st >= 0 and st >> 1 != self._start:  # (a loop back to the start never pays)
            path.append(self._squares[st >> 1])
            st = self._prev[st]
        return path[::-1]

    def __iter__(self):
        return iter(self._ends)

    def __len__(self) -> int:
        return len(self._ends)


class _Diagonals(Mapping):
    """:attr:`Reach.diagonals`: the diagonal steps made by each square's path (plus
    those made before the move), counted when asked for."""

    def __init__(self, paths: _Paths, start: Square, before: int):
        self._paths = paths
        self._start = start
        self._before = before

    def __getitem__(self, sq: Square) -> int:
        n = self._before
        here = self._start
        for step in self._paths[sq]:
            n += here[0] != step[0] and here[1] != step[1]
            here = step
        return n

    def __iter__(self):
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)


@lru_cache(maxsize=32)
def _terrain_tables(key: bytes, lava_ok: bool, water_ok: bool, ghost: bool,
                    rows: int, cols: int) -> tuple:
    """Per search state (flat square * 2 + diagonal parity) of a terrain (``key``: its
    bytes), for one kind of mover: the steps out of it it may ever take; and per flat
    square whether it may end there.

    The steps are built per state when a search first leaves it (a terrain changes
    as tiles are revealed, so most squares of a table are never left). A step is
    ``(neighbour, its state, label added, diagonal, corner a, corner b, a closed,
    b closed)`` in :data:`DIRECTIONS` order: only neighbours it may enter, and no
    diagonal past a wall corner (walls close corners to it); a corner is closed for
    the corner rule when unrevealed or the chest (a figure there closes it too,
    checked per search). The label added is the step's cost * 32 (see
    :func:`reachable`): an orthogonal step's, or a diagonal's at this parity (every
    second diagonal costs more)."""
    codes = np.frombuffer(key, dtype=np.int8)

    def per_square(value) -> list:
        """``value(terrain)`` of every square, looked up by its terrain code."""
        return np.array([value(t) for t in range(len(TERRAIN_NAMES))])[codes].tolist()

    enter = per_square(lambda t: t != UNREVEALED and (t != WALL or ghost)
                       and (t != LAVA or lava_ok))
    wall = per_square(lambda t: t == WALL and not ghost)
    closed = per_square(lambda t: t == UNREVEALED or t == CHEST)
    wet = not water_ok  # water's prices: (orthogonal, odd diagonal, even diagonal)
    price = {SHALLOW: (2, 3, 3), DEEP: (3, 4, 4)}
    costs = [per_square(lambda t, k=k: 32 * (price[t][k] if wet and t in price
                                             else (1, 1, 2)[k]))
             for k in range(3)]
    end = per_square(lambda t: t != DEEP or water_ok)
    return _table_from_last((lava_ok, water_ok, ghost, rows, cols), codes), \
        (enter, wall, closed, costs), end


_LAST_TABLE: dict[tuple, tuple[np.ndarray, list]] = {}
"""Per kind of mover and board shape, the last terrain whose step table was made, and
that table (see :func:`_table_from_last`)."""


def _table_from_last(kind: tuple, codes: np.ndarray) -> list:
    """A new terrain's step table (:func:`_terrain_tables`), starting with the steps
    the last terrain's table for the same kind of mover has built: a square's steps
    depend only on the terrain of the 3 x 3 squares around it, and a new terrain
    differs from the last by a tile or so (the steps of the squares next to a change
    are built again when a search needs them)."""
    last = _LAST_TABLE.get(kind)
    if last is None or last[0].shape != codes.shape:
        table = [None] * (2 * len(codes))
    else:
        rows, cols = kind[3], kind[4]
        changed = (codes != last[0]).reshape(rows, cols)
        near = changed.copy()  # changed, or a king's step from a change
        near[1:] |= changed[:-1]
        near[:-1] |= changed[1:]
        wide = near.copy()
        wide[:, 1:] |= near[:, :-1]
        wide[:, :-1] |= near[:, 1:]
        table = last[1][:]
        for i in np.flatnonzero(wide).tolist():
            table[2 * i] = table[2 * i + 1] = None
    _LAST_TABLE[kind] = (codes, table)
    return table


def _steps_from(state: int, tables: tuple, flat_row: list) -> list[tuple]:
    enter, wall, closed, (orthogonal, odd, even) = tables
    parity = state & 1
    out = []
    for j, diagonal, a, b in flat_row:
        if not enter[j] or diagonal and (wall[a] or wall[b]):
            continue
        if diagonal:
            out.append((j, j * 2 + (parity ^ 1), (even if parity else odd)[j],
                        True, a, b, closed[a], closed[b]))
        else:
            out.append((j, j * 2 + parity, orthogonal[j], False, a, b, False, False))
    return out


_UNSEEN = 1 << 62
"""The label of a search state not found yet."""


def reachable(terrain: np.ndarray, start: Square, mv: int, mover: Mover, *,
              blocked: Collection[Square] = (), occupied: Collection[Square] = (),
              no_stop: Collection[Square] = (), diagonals: int = 0,
              bonus: Collection[Square] = (),
              until: Collection[Square] | None = None, settle: int = 0) -> Reach:
    """Every square ``start``'s figure can end a move of at most ``mv`` MV on.

    Args:
        terrain: The board's terrain codes.
        start: Where the figure stands (not itself in the result).
        mv: Movement points left.
        mover: Its traits.
        blocked: Squares it may not step into (figures it cannot pass).
        occupied: Squares holding a figure (for the corner rule).
        no_stop: Squares it may pass but not end on (besides the terrain's own rule).
        diagonals: Diagonal steps already made this activation.
        bonus: Squares worth passing over (treasure piles): the tie-break among paths of
            equal cost.
        until: Squares it is looking for: stop the search once every square as cheap as
            the cheapest of them is settled (costs beyond it are then missing or too high in the
            result)...
        settle: ... and every square up to this cost (so that :meth:`Reach.within` of
            it is exact).
    """
    rows, cols = terrain.shape
    table, tables, end = _terrain_tables(terrain.tobytes(), mover.lava_safe,
                                         mover.water_safe, mover.incorporeal, rows, cols)
    flat_table = _flat_table(rows, cols)
    squares = _squares(rows, cols)
    blocked_i = {r * cols + c for r, c in blocked}
    occupied_i = {r * cols + c for r, c in occupied}
    bonus_i = {r * cols + c for r, c in bonus}

    start_i = start[0] * cols + start[1]
    # Dijkstra over states (square * 2 + diagonal parity), by label = cost * 32 + 31 -
    # bonus squares passed (lower is better: the cheapest, then the one over most
    # bonus squares). A step adds at least 31 to a label, so the states of one label
    # are all known when the search reaches it: a bucket per label, its states taken
    # in increasing order (a heap of (label, square, parity) would pop them the same
    # way, ties and all). ``best`` and ``prev`` are lists over every state (``UNSEEN``
    # until found), ``seen`` the states in the order they were found.
    s0 = start_i * 2 + diagonals % 2
    best = [_UNSEEN] * len(table)
    prev = [-1] * len(table)
    best[s0] = 31
    seen = [s0]
    buckets: dict[int, list[int]] = {31: [s0]}
    labels = [31]
    limit = mv * 32 + 31  # a label above it costs more than mv
    last = limit - 32  # a state above it has no step left (a step costs 1 MV or more)
    found: int | None = None
    goal_i = None if until is None else {r * cols + c for r, c in until} - {start_i}
    pop, push = heapq.heappop, heapq.heappush
    looking = goal_i is not None
    while labels:
        lab = pop(labels)
        cost = lab >> 5
        if found is not None and cost > found and cost > settle:
            break
        states = buckets.pop(lab)
        states.sort()
        expand = lab <= last
        for state_i in states:
            if best[state_i] != lab:
                continue  # (found again cheaper since)
            if looking and state_i >> 1 in goal_i:
                found = cost
                looking = False
            if not expand:
                continue
            row = table[state_i]
            if row is None:
                row = table[state_i] = _steps_from(state_i, tables, flat_table[state_i >> 1])
            for j, state_j, add, diagonal, a, b, a_closed, b_closed in row:
                label = lab + add
                old = best[state_j]
                if old < label:  # (a bonus square lowers a label by 1 only)
                    continue
                if label > limit or j in blocked_i:
                    continue
                if diagonal and (a_closed or a in occupied_i) \
                        and (b_closed or b in occupied_i):
                    continue
                if bonus_i and j in bonus_i:
                    label -= 1
                if label < old:
                    if old == _UNSEEN:
                        seen.append(state_j)
                    best[state_j] = label
                    prev[state_j] = state_i
                    bucket = buckets.get(label)
                    if bucket is None:
                        buckets[label] = [state_j]
                        push(labels, label)
                    else:
                        bucket.append(state_j)
    no_stop_i = {r * cols + c for r, c in no_stop}
    chosen: dict[int, tuple[int, int]] = {}
    for state_i in seen:
        i = state_i >> 1
        if i == start_i or i in no_stop_i or not end[i]:
            continue
        label = best[state_i]
        if i not in chosen or label < chosen[i][0]:
            chosen[i] = (label, state_i)
    cost_out: dict[Square, int] = {}
    ends: dict[Square, int] = {}
    for i, (label, state_i) in chosen.items():
        sq = squares[i]
        cost_out[sq] = label >> 5
        ends[sq] = state_i
    paths = _Paths(ends, prev, start_i, squares)
    return Reach(cost_out, _Diagonals(paths, start, diagonals), paths)


@cache
def _squares(rows: int, cols: int) -> list[Square]:
    return [(i // cols, i % cols) for i in range(rows * cols)]


@cache
def _flat_table(rows: int, cols: int) -> list[list[tuple[int, bool, int, int]]]:
    """Per flat square index: ``(neighbour, diagonal, corner a, corner b)`` in
    :data:`DIRECTIONS` order (the corners are the orthogonal neighbours a diagonal
    step passes)."""
    out = []
    for r in range(rows):
        for c in range(cols):
            row = []
            for dr, dc in DIRECTIONS:
                nr, nc = r + dr, c + dc
                if 0 <= nr < rows and 0 <= nc < cols:
                    row.append((nr * cols + nc, bool(dr and dc), r * cols + nc,
                                nr * cols + c))
            out.append(row)
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
"""The sample points of square (0, 0), in the order of segment numbers below."""


# How line of sight is computed fast, with exactly the results of its definition: the
# Liang-Barsky test, in exact arithmetic, of the 25 segments between the sample points
# of two squares against each closed solid square of their bounding box (the tests keep
# it, in fractions, as ``_reference_line_of_sight``).
#
# Exact model. In units of 1/_SCALE every sample point has integer coordinates, so the
# parameter t where a segment crosses a grid line is a fraction of integers, and the test
# (t0 = max(0, entering t's) <= t1 = min(1, leaving t's)) compares such fractions by
# cross-multiplying, in integers. Squares are closed: a segment that passes exactly
# through a grid point touches every square with a corner there (t0 == t1), so it never
# slips between two walls that share a corner, and one running along a wall's edge
# touches that wall. Touching is a property of the segment's points, not of its
# direction, and the sample points of a square are the same whoever looks, so
# line_of_sight(a, b) == line_of_sight(b, a).
#
# Windows. The exact model does not change when both squares move together, nor under
# a mirror (which only renumbers the sample points). So it is tabulated once per board
# shape in the *window* of a viewer ``a``: window square (i, j) is board square
# (a[0] + sr * i, a[1] + sc * j), where sr = -1 if the target lies north of ``a`` (else
# +1) and sc = -1 if it lies west (else +1). The viewer is at (0, 0) and the target at
# (R, C) = (|row difference|, |column difference|). The mirror maps the 25 segments of
# the window onto the 25 of the board, and line of sight asks only whether some one of
# them is clear, so the window's segments stand for the board's.

_SEG_FROM = np.repeat(np.arange(len(_OFFSETS)), len(_OFFSETS))
"""Segment ``s`` runs from sample point ``s // 5`` of the viewer ..."""
_SEG_TO = np.tile(np.arange(len(_OFFSETS)), len(_OFFSETS))
"""... to sample point ``s % 5`` of the target."""
_SEGMENTS = len(_SEG_FROM)

_SCALE = next(k for k in range(1, 10_001)
              if np.allclose(_OFFSETS * k, np.round(_OFFSETS * k), rtol=0, atol=1e-9))
"""Sample point offsets are multiples of ``1 / _SCALE`` (20 for an INSET of 0.05)."""
_EXACT = np.round(_OFFSETS * _SCALE).astype(np.int64)
"""The sample point offsets in units of ``1 / _SCALE``."""


def _pack(bits: np.ndarray) -> np.ndarray:
    """The last axis of a bool array packed into 64-bit words (np.packbits order)."""
    by = np.packbits(bits, axis=-1)
    words = -(-by.shape[-1] // 8)
    out = np.zeros(by.shape[:-1] + (words * 8,), dtype=np.uint8)
    out[..., :by.shape[-1]] = by
    return out.view(np.uint64)


@dataclass(frozen=True)
class _SightLines:
    """The exact model of line of sight for one board shape, by the target's window
    square (R, C) (see the notes above; window numbering of segments throughout).

    Attributes:
        packed: ``[k, R, C, s]``: word ``k`` of the window squares segment ``s``
            touches (the viewer's and the target's own squares left out), the whole
            window (rows x cols squares, row-major) packed by :func:`_pack`.
        pairs: ``pairs[R][C]``: the same for one pair over its bounding box only (as
            :func:`_window_bits` of the box), one int per segment. Segments that are
            clear whenever another one is are left out; the rest come narrowest first.
    """

    packed: np.ndarray
    pairs: list[list[tuple[int, ...]]]


def _window_bits(window: np.ndarray) -> int:
    """An array's nonzero squares (row-major) as the bits of an int, the first the
    highest."""
    return int.from_bytes(np.packbits(window).tobytes(), "big")


def _pair_lines(touched: np.ndarray) -> tuple[int, ...]:
    """:attr:`_SightLines.pairs` of one target square from its ``touched[s, i, j]``
    (over the bounding box)."""
    kept: list[int] = []
    for bits in sorted({_window_bits(seg) for seg in touched}, key=int.bit_count):
        if not any(other & ~bits == 0 for other in kept):  # (clear whenever other is)
            kept.append(bits)
    return tuple(kept)


@cache
def _sight_lines(shape: tuple[int, int]) -> _SightLines:
    """The exact model of line of sight for boards of ``shape``, in integer arithmetic
    (kept for the process: about 3 MB, built in about 0.1 s for 21 x 21)."""
    rows, cols = shape
    big = (_SCALE * (max(rows, cols) + 1)) ** 2  # beyond every cross product below

    def slabs(n: int, k: int):
        """Along axis ``k`` of a window ``n`` squares long, for every (target square D,
        square q <= D): per segment, the t where it enters and where it leaves the slab
        of square q (as numerators over one positive ``den``), and whether that part
        lies between its ends."""
        disp, sq = np.nonzero(np.tri(n, dtype=bool))  # sq <= disp
        u = _EXACT[_SEG_FROM, k][:, None]
        span = _SCALE * disp + _EXACT[_SEG_TO, k][:, None] - u  # (segments, pairs)
        lo = _SCALE * sq - u  # t * span at grid line sq
        hi = lo + _SCALE  # ... at grid line sq + 1
        fwd, back = span > 0, span < 0  # neither: parallel, inside the slab (D = 0)
        den = np.where(fwd | back, np.abs(span), 1)
        enter = np.where(fwd, lo, np.where(back, -hi, -big))
        leave = np.where(fwd, hi, np.where(back, -lo, big))
        between = (leave >= 0) & (enter <= den)
        return disp, sq, enter, leave, den, between

    R, i, r_in, r_out, r_den, r_ok = slabs(rows, 0)
    C, j, c_in, c_out, c_den, c_ok = slabs(cols, 1)
    own = (((i == 0)[:, None] & (j == 0)[None, :])
           | ((i == R)[:, None] & (j == C)[None, :]))
    touched = np.zeros((rows, cols, _SEGMENTS, rows, cols), dtype=bool)
    for s in range(_SEGMENTS):
        # t0 = max(0, row enter, col enter) <= t1 = min(1, row leave, col leave), ties
        # (equality) included
        touched[R[:, None], C[None, :], s, i[:, None], j[None, :]] = (
            r_ok[s][:, None] & c_ok[s][None, :] & ~own
            & (r_in[s][:, None] * c_den[s][None, :] <= c_out[s][None, :] * r_den[s][:, None])
            & (c_in[s][None, :] * r_den[s][:, None] <= r_out[s][:, None] * c_den[s][None, :]))
    packed = np.ascontiguousarray(np.moveaxis(
        _pack(touched.reshape(rows, cols, _SEGMENTS, rows * cols)), -1, 0))
    pairs = [[_pair_lines(touched[r, c, :, :r + 1, :c + 1]) for c in range(cols)]
             for r in range(rows)]
    return _SightLines(packed, pairs)


def line_of_sight(solid: np.ndarray, a: Square, b: Square) -> bool:
    """Whether some segment from a sample point of ``a`` to one of ``b`` touches no
    ``solid`` square (walls and unrevealed spaces; ``a`` and ``b`` themselves aside).

    Only the solid squares in the bounding box of ``a`` and ``b`` matter. Computed from
    the exact model of :func:`_sight_lines` (see the notes above); symmetric:
    ``line_of_sight(solid, a, b) == line_of_sight(solid, b, a)``."""
    if a == b:
        return True
    (ar, ac), (br, bc) = a, b
    # the bounding box as the window sees it: the viewer first, the target last
    rows = slice(ar, br + 1) if br >= ar else slice(ar, br - 1 if br else None, -1)
    cols = slice(ac, bc + 1) if bc >= ac else slice(ac, bc - 1 if bc else None, -1)
    box = solid[rows, cols]
    if box.dtype != bool:
        box = box != 0
    solid_bits = _window_bits(box)
    if not solid_bits:
        return True
    for bits in _sight_lines(solid.shape).pairs[abs(br - ar)][abs(bc - ac)]:
        if not bits & solid_bits:
            return True
    return False


def visible_from(solid: np.ndarray, a: Square) -> np.ndarray:
    """``out[b] == line_of_sight(solid, a, b)`` for every square ``b`` of the board (a
    bool array of ``solid``'s shape; ``out[a]`` is True), computed for all targets at
    once: per quadrant seen from ``a``, every segment of every target against the
    solid squares packed into 64-bit words."""
    solid = np.asarray(solid, dtype=bool)
    rows, cols = solid.shape
    packed = _sight_lines((rows, cols)).packed
    ar, ac = a
    out = np.ones((rows, cols), dtype=bool)
    for sr, sc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        part = solid[ar::sr, ac::sc]  # this quadrant as the window sees it
        h, w = part.shape
        r0 = 0 if sr > 0 else 1  # (targets in a's row or column belong to sign +1)
        c0 = 0 if sc > 0 else 1
        if r0 >= h or c0 >= w:
            continue
        window = np.zeros((rows, cols), dtype=bool)
        window[:h, :w] = part
        blocked = np.zeros((h - r0, w - c0, _SEGMENTS), dtype=bool)
        words = _pack(window.ravel())
        for k in np.flatnonzero(words):
            blocked |= (packed[k, r0:h, c0:w] & words[k]) != 0
        out[ar::sr, ac::sc][r0:, c0:] = ~blocked.all(axis=-1)
    out[ar, ac] = True
    return out
