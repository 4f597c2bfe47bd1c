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
    rows, cols = terrain.shape
    flat = terrain.ravel().tolist()
    table = _flat_table(rows, cols)
    lava_ok, water_ok = mover.lava_safe, mover.water_safe
    ghost = mover.incorporeal
    squares = _squares(rows, cols)

    memo_pass: dict[int, bool] = {}
    memo_fig: dict[int, bool] = {}

    def can_pass(j: int) -> bool:
        v = memo_pass.get(j)
        if v is None:
            t = flat[j]
            v = memo_pass[j] = t != UNREVEALED and (t != WALL or ghost) \
                and (t != LAVA or lava_ok) \
                and passable(squares[j])
        return v

    def closed(j: int) -> bool:  # for the corner rule: unrevealed, the chest, a figure
        v = memo_fig.get(j)
        if v is None:
            t = flat[j]
            v = memo_fig[j] = t == UNREVEALED or t == CHEST or figure_at(squares[j])
        return v

    start_i = start[0] * cols + start[1]
    # state = square * 2 + diagonal parity; label: (cost, -bonus squares passed)
    s0 = start_i * 2 + diagonals % 2
    best: dict[int, tuple[int, int]] = {s0: (0, 0)}
    prev: dict[int, int] = {s0: -1}
    count: dict[int, int] = {s0: diagonals}
    heap = [(0, 0, start_i, diagonals % 2)]
    found: int | None = None
    while heap:
        cost, neg, i, parity = heapq.heappop(heap)
        state_i = i * 2 + parity
        if best[state_i] != (cost, neg):
            continue
        if found is not None and cost > found:
            break
        if until is not None and found is None and i != start_i and until(squares[i]):
            found = cost
        for j, diagonal, a, b in table[i]:
            if not can_pass(j):
                continue
            if diagonal:
                ta, tb = flat[a], flat[b]
                if (not ghost and (ta == WALL or tb == WALL)) or (closed(a) and closed(b)):
                    continue
            t = flat[j]
            if not water_ok and t == SHALLOW:
                step = 3 if diagonal else 2
            elif not water_ok and t == DEEP:
                step = 4 if diagonal else 3
            elif diagonal:
                step = 2 if parity else 1
            else:
                step = 1
            total = cost + step
            if total > mv:
                continue
            label = (total, neg - bonus(squares[j]))
            np_ = (parity + diagonal) & 1
            state_j = j * 2 + np_
            old = best.get(state_j)
            if old is None or label < old:
                best[state_j] = label
                prev[state_j] = state_i
                count[state_j] = count[state_i] + diagonal
                heapq.heappush(heap, (total, label[1], j, np_))
    out = Reach({}, {}, {})
    chosen: dict[int, tuple[tuple[int, int], int]] = {}
    for state_i, label in best.items():
        i = state_i >> 1
        if i == start_i:
            continue
        sq = squares[i]
        if not stoppable(sq) or (flat[i] == DEEP and not water_ok):
            continue
        if i not in chosen or label < chosen[i][0]:
            chosen[i] = (label, state_i)
    for i, (label, state_i) in chosen.items():
        path = []
        st = state_i
        while st >= 0 and st >> 1 != start_i:  # (a loop back to the start never pays)
            path.append(squares[st >> 1])
            st = prev[st]
        sq = squares[i]
        out.cost[sq] = label[0]
        out.diagonals[sq] = count[state_i]
        out.path[sq] = path[::-1]
    return out


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


def _points(sq: Square) -> np.ndarray:
    return np.array(sq, dtype=float) + _OFFSETS


# How line of sight is computed fast, with exactly the results of its definition (the
# Liang-Barsky test in floating point of the 25 segments between the sample points of
# two squares against each solid square of their bounding box; the tests keep that
# code as ``_reference_line_of_sight``).
#
# Exact model. In units of 1/_SCALE every sample point has integer coordinates, so a
# segment's parameter t where it crosses a grid line is a fraction with a denominator
# of at most _SCALE * size. Two different such fractions differ by at least
# 1 / (_SCALE * size)**2 (6e-6 on a 21-square board), far more than the rounding error
# of the float test (below 1e-10). So the float test decides every square as exact
# arithmetic does, except where exact arithmetic finds the segment entering and leaving
# the square at the same t: it passes exactly through a grid point (a corner of the
# square) and touches the square there alone. Such a square is a *tie*: the float test
# touches it when the segment's t at the row line through that point is <= its t at the
# column line (or the reverse), as rounded. Ties are rare (a few thousand segment-square
# pairs on a 21 x 21 board, against millions), and their outcome depends on where the
# pair lies on the board and on its order: line_of_sight(a, b) and (b, a) differ on
# a few pairs in 10,000.
#
# Windows. The exact model does not change when both squares move together, nor under
# a mirror (which only renumbers the sample points). So it is tabulated once per board
# shape in the *window* of a viewer ``a``: window square (i, j) is board square
# (a[0] + sr * i, a[1] + sc * j), where sr = -1 if the target lies north of ``a`` (else
# +1) and sc = -1 if it lies west (else +1). The viewer is at (0, 0) and the target at
# (R, C) = (|row difference|, |column difference|). Window grid line w is board grid
# line a + w (sign +1) or a + 1 - w (sign -1). Segment s of the window (numbered
# s = 5 * viewer point + target point, with the window's offsets) is segment
# _WINDOW_SEGMENTS[(sr, sc)][s] of the board.

_SEG_FROM = np.repeat(np.arange(len(_OFFSETS)), len(_OFFSETS))
"""Segment ``s`` runs from sample point ``s // 5`` of the viewer ..."""
_SEG_TO = np.tile(np.arange(len(_OFFSETS)), len(_OFFSETS))
"""... to sample point ``s % 5`` of the target (the order of the definition)."""
_SEGMENTS = len(_SEG_FROM)

_SCALE = next(k for k in range(1, 10_001)
              if np.allclose(_OFFSETS * k, np.round(_OFFSETS * k), rtol=0, atol=1e-9))
"""Sample point offsets are multiples of ``1 / _SCALE`` (20 for an INSET of 0.05)."""
_EXACT = np.round(_OFFSETS * _SCALE).astype(np.int64)
"""The sample point offsets in units of ``1 / _SCALE``."""


def _mirrored_segments(flip_row: bool, flip_col: bool) -> np.ndarray:
    """``out[s]``: the board number of window segment ``s`` when the window is the board
    mirrored along the flipped axes."""
    want = _EXACT.copy()
    if flip_row:
        want[:, 0] = _SCALE - want[:, 0]
    if flip_col:
        want[:, 1] = _SCALE - want[:, 1]
    point = np.array([np.flatnonzero((_EXACT == w).all(axis=1))[0] for w in want])
    return point[_SEG_FROM] * len(_OFFSETS) + point[_SEG_TO]


_WINDOW_SEGMENTS = {(sr, sc): _mirrored_segments(sr < 0, sc < 0)
                    for sr in (1, -1) for sc in (1, -1)}


def _pack(bits: np.ndarray) -> np.ndarray:
    """The last axis of a bool array packed into 64-bit words (np.packbits order)."""
    by = np.packbits(bits, axis=-1)
    words = -(-by.shape[-1] // 8)
    out = np.zeros(by.shape[:-1] + (words * 8,), dtype=np.uint8)
    out[..., :by.shape[-1]] = by
    return out.view(np.uint64)


_PairLine = tuple[int, tuple[int, ...], np.ndarray | None]
"""One segment of :attr:`_SightLines.pairs`: ``(sure, tie_bits, ties)``."""


@dataclass(frozen=True)
class _SightLines:
    """The exact model of line of sight for one board shape, by the target's window
    square (R, C) (see the notes above; window numbering of segments throughout).

    Attributes:
        packed: ``[k, R, C, s]``: word ``k`` of the window squares segment ``s`` surely
            touches (the viewer's and the target's own squares and the ties left out),
            the whole window (rows x cols squares, row-major) packed by :func:`_pack`.
        ties: One column per tie, sorted by the target's square: rows ``R, C, s, i, j,
            row_line, col_line, row_first, i * cols + j``: segment ``s`` passes through
            grid point (row_line, col_line) and touches square (i, j) there alone; the
            float test touches it when t(row line) <= t(column line) if ``row_first``,
            else when t(column line) <= t(row line).
        tie_start: The ties of target square (R, C) are columns
            ``tie_start[R * cols + C]`` to ``tie_start[R * cols + C + 1]``.
        pairs: ``pairs[R][C]``: the same per segment for one pair, over its bounding box
            only (as :func:`_window_bits` of the box): ``(sure, tie_bits, ties)``, the
            squares it surely touches, the squares of its ties and those ties' columns
            (None when it has none). Segments that are clear whenever another one is
            are left out; the rest come narrowest first.
    """

    packed: np.ndarray
    ties: np.ndarray
    tie_start: np.ndarray
    pairs: list[list[tuple[_PairLine, ...]]]


def _window_bits(window: np.ndarray) -> int:
    """A bool array's squares (row-major) as the bits of an int, the first the highest."""
    return int.from_bytes(np.packbits(window).tobytes(), "big")


def _pair_lines(touched: np.ndarray, ties: np.ndarray) -> tuple[_PairLine, ...]:
    """:attr:`_SightLines.pairs` of one target square from its ``touched[s, i, j]`` (over
    the bounding box) and its ties' columns."""
    h, w = touched.shape[1:]
    nbits = 8 * -(-(h * w) // 8)  # (_window_bits pads to whole bytes)
    entries = []
    for s in range(_SEGMENTS):
        own = ties[:, ties[2] == s]
        tie_bits = tuple(1 << (nbits - 1 - (int(i) * w + int(j))) for i, j in own[3:5].T)
        sure = anywhere = _window_bits(touched[s])
        for bit in tie_bits:
            anywhere |= bit
        entries.append((anywhere.bit_count(), s, anywhere,
                        (sure, tie_bits, own if own.shape[1] else None)))
    kept: list[tuple[int, _PairLine]] = []
    for _, _, anywhere, line in sorted(entries, key=lambda e: e[:2]):
        # left out when a kept segment may touch only squares this one surely touches
        if not any(other & ~line[0] == 0 for other, _ in kept):
            kept.append((anywhere, line))
    return tuple(line for _, line in kept)


@cache
def _sight_lines(shape: tuple[int, int]) -> _SightLines:
    """The exact model of line of sight for boards of ``shape``, in integer arithmetic
    (kept for the process: about 3 MB, built in about 0.3 s for 21 x 21)."""
    rows, cols = shape
    big = (_SCALE * (max(rows, cols) + 1)) ** 2  # beyond every cross product below

    def slabs(n: int, k: int):
        """Along axis ``k`` of a window ``n`` squares long, for every (target square D,
        square q <= D): per segment, the t where it enters and where it leaves the slab
        of square q (as numerators over one positive ``den``), the grid lines it crosses
        there, and whether that part lies between its ends."""
        disp, sq = np.nonzero(np.tri(n, dtype=bool))  # sq <= disp
        u = _EXACT[_SEG_FROM, k][:, None]
        span = _SCALE * disp + _EXACT[_SEG_TO, k][:, None] - u  # (segments, pairs)
        lo = _SCALE * sq - u  # t * span at grid line sq
        hi = lo + _SCALE  # ... at grid line sq + 1
        fwd, back = span > 0, span < 0  # neither: parallel, inside the slab (D = 0)
        den = np.where(fwd | back, np.abs(span), 1)
        enter = np.where(fwd, lo, np.where(back, -hi, -big))
        leave = np.where(fwd, hi, np.where(back, -lo, big))
        enter_line = np.where(back, sq + 1, sq)
        leave_line = np.where(back, sq, sq + 1)
        between = (leave >= 0) & (enter <= den)
        return disp, sq, enter, leave, den, enter_line, leave_line, between

    R, i, r_in, r_out, r_den, r_in_line, r_out_line, r_ok = slabs(rows, 0)
    C, j, c_in, c_out, c_den, c_in_line, c_out_line, c_ok = slabs(cols, 1)
    own = (((i == 0)[:, None] & (j == 0)[None, :])
           | ((i == R)[:, None] & (j == C)[None, :]))
    touched = np.zeros((rows, cols, _SEGMENTS, rows, cols), dtype=bool)
    ties = []
    for s in range(_SEGMENTS):
        # t0 = max(0, row enter, col enter) <= t1 = min(1, row leave, col leave)
        rc_l = r_in[s][:, None] * c_den[s][None, :]  # row enter <= col leave
        rc_r = c_out[s][None, :] * r_den[s][:, None]
        cr_l = c_in[s][None, :] * r_den[s][:, None]  # col enter <= row leave
        cr_r = r_out[s][:, None] * c_den[s][None, :]
        touch = r_ok[s][:, None] & c_ok[s][None, :] & (rc_l <= rc_r) & (cr_l <= cr_r) & ~own
        tie_rc = touch & (rc_l == rc_r)
        tie_cr = touch & (cr_l == cr_r)
        touched[R[:, None], C[None, :], s, i[:, None], j[None, :]] = touch & ~tie_rc & ~tie_cr
        for tie, row_line, col_line, row_first in ((tie_rc, r_in_line, c_out_line, 1),
                                                   (tie_cr, r_out_line, c_in_line, 0)):
            p, q = np.nonzero(tie)
            ties.append(np.stack([R[p], C[q], np.full(len(p), s), i[p], j[q],
                                  row_line[s, p], col_line[s, q],
                                  np.full(len(p), row_first), i[p] * cols + j[q]]))
    tie_cols = np.concatenate(ties, axis=1)
    key = tie_cols[0] * cols + tie_cols[1]
    order = np.argsort(key, kind="stable")
    tie_cols, key = np.ascontiguousarray(tie_cols[:, order]), key[order]
    tie_start = np.searchsorted(key, np.arange(rows * cols + 1))
    packed = np.ascontiguousarray(np.moveaxis(
        _pack(touched.reshape(rows, cols, _SEGMENTS, rows * cols)), -1, 0))
    pairs = [[_pair_lines(touched[r, c, :, :r + 1, :c + 1],
                          tie_cols[:, tie_start[r * cols + c]:tie_start[r * cols + c + 1]])
              for c in range(cols)] for r in range(rows)]
    return _SightLines(packed, tie_cols, tie_start, pairs)


def _tie_touches(viewer: Square, targets: np.ndarray, flip: tuple[int, int],
                 ties: np.ndarray) -> np.ndarray:
    """Whether the float test lets each tie touch its square, for the pair ``viewer`` ->
    ``targets[k]`` (board squares; ties' columns as in :class:`_SightLines`; ``flip``
    the window's signs): the t of the segment at the tie's row and column grid lines,
    computed as the definition computes them."""
    seg = _WINDOW_SEGMENTS[flip][ties[2]]
    start = _points(viewer)[_SEG_FROM[seg]]
    d = (np.asarray(targets, dtype=float) + _OFFSETS[_SEG_TO[seg]]) - start
    lines = np.stack([viewer[0] + ties[5] if flip[0] > 0 else viewer[0] + 1 - ties[5],
                      viewer[1] + ties[6] if flip[1] > 0 else viewer[1] + 1 - ties[6]],
                     axis=1).astype(float)
    t = (lines - start) / d
    return np.where(ties[7] == 1, t[:, 0] <= t[:, 1], t[:, 1] <= t[:, 0])


def line_of_sight(solid: np.ndarray, a: Square, b: Square) -> bool:
    """Whether some segment from a sample point of ``a`` to one of ``b`` touches no
    ``solid`` square (walls and unrevealed spaces; ``a`` and ``b`` themselves aside).

    Only the solid squares in the bounding box of ``a`` and ``b`` matter. Computed from
    the exact model of :func:`_sight_lines` plus the float test of any tie that could
    decide it (see the notes above), with the results of the float test of every
    segment against every square. ``a`` is the viewer: in rare ties the result differs
    from ``line_of_sight(solid, b, a)``."""
    if a == b:
        return True
    (ar, ac), (br, bc) = a, b
    sr = 1 if br >= ar else -1
    sc = 1 if bc >= ac else -1
    box = solid[min(ar, br):max(ar, br) + 1, min(ac, bc):max(ac, bc) + 1]
    if not np.count_nonzero(box):
        return True
    if box.dtype != bool:
        box = box != 0
    solid_bits = _window_bits(box[::sr, ::sc])  # the viewer first, the target last
    for sure, tie_bits, ties in _sight_lines(solid.shape).pairs[abs(br - ar)][abs(bc - ac)]:
        if sure & solid_bits:
            continue
        open_ties = [k for k, bit in enumerate(tie_bits) if bit & solid_bits]
        if not open_ties or not _tie_touches(a, np.array([b]), (sr, sc),
                                             ties[:, open_ties]).any():
            return True
    return False


def visible_from(solid: np.ndarray, a: Square) -> np.ndarray:
    """``out[b] == line_of_sight(solid, a, b)`` for every square ``b`` of the board (a
    bool array of ``solid``'s shape; ``out[a]`` is True), computed for all targets at
    once: per quadrant seen from ``a``, every segment of every target against the
    solid squares packed into 64-bit words, then the ties that could decide."""
    solid = np.asarray(solid, dtype=bool)
    rows, cols = solid.shape
    lines = _sight_lines((rows, cols))
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
            blocked |= (lines.packed[k, r0:h, c0:w] & words[k]) != 0
        # the ties of these targets (rows r0 .. h-1 come in one run) on solid squares
        first, last = lines.tie_start[r0 * cols], lines.tie_start[h * cols]
        col = lines.ties[1, first:last]
        ties = lines.ties[:, first + np.flatnonzero(
            window.ravel()[lines.ties[8, first:last]] & (col >= c0) & (col < w))]
        ties = ties[:, ~blocked[ties[0] - r0, ties[1] - c0, ties[2]]]
        if ties.shape[1]:
            targets = np.stack([ar + sr * ties[0], ac + sc * ties[1]], axis=1)
            ties = ties[:, _tie_touches(a, targets, (sr, sc), ties)]
            blocked[ties[0] - r0, ties[1] - c0, ties[2]] = True
        out[ar::sr, ac::sc][r0:, c0:] = ~blocked.all(axis=-1)
    out[ar, ac] = True
    return out
