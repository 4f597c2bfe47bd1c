"""Movement costs, corners, terrain and line of sight on hand-drawn grids."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from labyrinth_gym.envs.dungeon_crawler.engine import data, geometry
from labyrinth_gym.envs.dungeon_crawler.engine.board import Board
from labyrinth_gym.envs.dungeon_crawler.engine.game import DungeonCrawlerGame
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    DEEP,
    FLOOR,
    INSET,
    LAVA,
    SHALLOW,
    UNREVEALED,
    WALKER,
    WALL,
    Mover,
    area,
    king_distance,
    line_of_sight,
    reachable,
    visible_from,
)

CODES = {".": FLOOR, "#": WALL, "?": UNREVEALED, "L": LAVA, "s": SHALLOW, "d": DEEP,
         "C": CHEST}


def grid(*rows: str) -> np.ndarray:
    return np.array([[CODES[ch] for ch in row] for row in rows], dtype=np.int8)


def reach(terrain, start, mv, mover=WALKER, figures=(), bonus=(), diagonals=0):
    figs = set(figures)
    return reachable(terrain, start, mv, mover, blocked=figs, occupied=figs,
                     diagonals=diagonals, bonus=bonus)


def test_every_second_diagonal_costs_two():
    t = grid(".....", ".....", ".....", ".....", ".....")
    r = reach(t, (2, 2), 3)
    assert r.cost[(1, 1)] == 1 and r.cost[(0, 0)] == 3  # diagonals cost 1 then 2
    assert r.cost[(2, 0)] == 2 and r.cost[(0, 1)] == 2  # 1 + 1
    assert r.diagonals[(0, 0)] == 2
    # a move that already made one diagonal pays 2 for the next
    assert reach(t, (2, 2), 3, diagonals=1).cost[(1, 1)] == 2
    assert (0, 0) not in reach(t, (2, 2), 2).cost


def test_no_corner_cutting_around_a_wall():
    t = grid("...", ".#.", "...")
    r = reach(t, (0, 1), 2)
    # (0,1) -> (1,0) is diagonal past the wall at (1,1): not allowed; around: 2 steps
    assert r.cost[(1, 0)] == 2
    assert (2, 0) not in r.cost  # three steps away without the corner


def test_two_figures_or_unrevealed_spaces_close_a_corner_one_does_not():
    t = grid("...", "...", "...")
    assert reach(t, (1, 1), 1, figures=[(0, 1)]).cost.get((0, 0)) == 1
    closed = reach(t, (1, 1), 1, figures=[(0, 1), (1, 0)])
    assert (0, 0) not in closed.cost
    mixed = grid(".?.", "...", "...")
    assert (0, 0) not in reach(mixed, (1, 1), 1, figures=[(1, 0)]).cost
    assert reach(mixed, (1, 1), 1).cost.get((0, 0)) == 1  # one unrevealed space alone


def test_no_move_into_unrevealed_spaces_walls_or_figures():
    t = grid(".?.", ".#.", "...")
    r = reach(t, (2, 1), 5, figures=[(2, 2)])
    assert (0, 1) not in r.cost and (1, 1) not in r.cost and (2, 2) not in r.cost
    # the diagonal to (1,2) has a figure on one side and a wall on the other: the wall
    # forbids it, and every other way is shut
    assert (1, 2) not in r.cost and r.cost[(1, 0)] == 2  # (1,0) only around the wall


def test_water_costs_and_deep_water_is_no_place_to_stop():
    t = grid(".s.", "...", ".d.")
    r = reach(t, (1, 1), 3)
    assert r.cost[(0, 1)] == 2  # shallow, orthogonal
    assert r.cost[(0, 0)] == 1
    assert (2, 1) not in r.cost  # deep water: entering costs 3, and no stopping there
    wide = grid("######", ".dd...", "######")
    through = reach(wide, (1, 0), 7)
    assert through.cost[(1, 3)] == 7  # 1 + 3 + 3: straight across the deep water
    assert (1, 1) not in through.cost
    diag = grid("..", ".s")
    assert reach(diag, (0, 0), 3).cost[(1, 1)] == 3  # shallow diagonally
    swimmer = Mover(aquatic=True)
    assert reach(t, (1, 1), 1, swimmer).cost[(2, 1)] == 1  # and it may stop there


def test_lava_only_for_flyers_and_the_fire_immune():
    t = grid(".L.")
    assert (0, 1) not in reach(t, (0, 0), 3).cost
    assert (0, 2) not in reach(t, (0, 0), 3).cost
    assert reach(t, (0, 0), 3, Mover(flight=True)).cost[(0, 2)] == 2
    assert reach(t, (0, 0), 3, Mover(fire_immune=True)).cost[(0, 1)] == 1


def test_cheapest_path_prefers_treasure_piles():
    t = grid("...", "...", "...")
    r = reach(t, (0, 0), 2, bonus={(0, 1)})
    assert r.cost[(0, 2)] == 2 and r.path[(0, 2)] == [(0, 1), (0, 2)]
    # two paths of cost 2 to (1,2): over (0,1) or over (1,1); the pile decides
    assert reach(t, (0, 0), 2, bonus={(1, 1)}).path[(1, 2)] == [(1, 1), (1, 2)]
    assert reach(t, (0, 0), 2, bonus={(0, 1)}).path[(1, 2)] == [(0, 1), (1, 2)]


def test_line_of_sight_around_a_corner_but_not_between_corners():
    solid = grid("....", ".#..", "....", "....") == WALL
    # around a single corner: (0,0) sees (2,1) past the wall at (1,1)
    assert line_of_sight(solid, (0, 0), (2, 0))
    assert line_of_sight(solid, (0, 0), (2, 1))
    # straight through the wall: every line from (1,0) to (1,2) crosses (1,1)
    assert not line_of_sight(solid, (1, 0), (1, 2))
    assert line_of_sight(solid, (0, 0), (0, 3))  # the row above is open
    between = grid("..", "#.", ".#", "..")
    # (1,1) and (2,0): the walls at (1,0) and (2,1) meet at a corner between them
    assert not line_of_sight(between == WALL, (1, 1), (2, 0))
    # figures and water do not block
    assert line_of_sight(grid("dsL") == WALL, (0, 0), (0, 2))


def test_line_of_sight_in_corridors_and_past_walls():
    solid = grid("....", "####") == WALL
    assert line_of_sight(solid, (0, 0), (0, 3))  # inside the open row
    solid = grid(".#..", "....") == WALL
    assert line_of_sight(solid, (0, 0), (1, 3))  # below the wall's corner
    assert not line_of_sight(grid(".#.") == WALL, (0, 0), (0, 2))
    # unrevealed spaces block like walls
    assert not line_of_sight(grid(".?.") == UNREVEALED, (0, 0), (0, 2))


def test_distance_and_area():
    assert king_distance((0, 0), (3, 1)) == 3
    assert len(area((0, 0), (5, 5))) == 4 and len(area((2, 2), (5, 5))) == 9


@pytest.mark.parametrize("seed", range(20))
def test_reach_costs_match_a_brute_force_search(seed):
    """Random small grids: the cheapest cost found equals an exhaustive search over
    step sequences (no figures)."""
    rng = np.random.default_rng(seed)
    codes = [FLOOR] * 6 + [WALL, SHALLOW, DEEP, UNREVEALED]
    t = np.array(rng.choice(codes, size=(4, 4)), dtype=np.int8)
    t[0, 0] = FLOOR
    r = reach(t, (0, 0), 5)
    best: dict = {}

    def walk(sq, spent, diag):
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if not (dr or dc):
                    continue
                n = (sq[0] + dr, sq[1] + dc)
                if not (0 <= n[0] < 4 and 0 <= n[1] < 4) or t[n] in (WALL, UNREVEALED):
                    continue
                d = bool(dr and dc)
                if d and (t[sq[0], n[1]] in (WALL,) or t[n[0], sq[1]] in (WALL,)):
                    continue
                if d and t[sq[0], n[1]] == UNREVEALED and t[n[0], sq[1]] == UNREVEALED:
                    continue
                cost = {SHALLOW: 3 if d else 2, DEEP: 4 if d else 3}.get(
                    int(t[n]), (2 if diag % 2 else 1) if d else 1)
                if spent + cost > 5:
                    continue
                if t[n] != DEEP and n != (0, 0):
                    best[n] = min(best.get(n, 99), spent + cost)
                walk(n, spent + cost, diag + d)

    walk((0, 0), 0, 0)
    assert r.cost == best


def test_incorporeal_figures_pass_through_and_stand_in_walls():
    t = grid(".#.", "###", ".#.")
    ghost = Mover(flight=True, incorporeal=True)
    assert (0, 2) not in reach(t, (0, 0), 4).cost  # walled off for a walker
    r = reach(t, (0, 0), 4, ghost)
    assert r.cost[(0, 2)] == 2 and r.cost[(1, 1)] == 1  # through, and it may stop inside
    assert (2, 2) in r.cost  # walls close no corner to it


# ------------------------------------------ line of sight: the fast code == its definition
_EXACT_INSET = Fraction(1, 20)
_REF_OFFSETS = [(_EXACT_INSET, _EXACT_INSET), (_EXACT_INSET, 1 - _EXACT_INSET),
                (1 - _EXACT_INSET, _EXACT_INSET), (1 - _EXACT_INSET, 1 - _EXACT_INSET),
                (Fraction(1, 2), Fraction(1, 2))]
"""The sample points of square (0, 0), in the definition's order, exactly."""


def _touches(p, d, square, closed: bool = True) -> bool:
    """Liang-Barsky in exact arithmetic: whether the segment ``p + t * d``, 0 <= t <= 1,
    meets the closed unit square whose corner nearest the origin is ``square`` (with
    ``closed=False``, only whether it meets its interior: t0 < t1)."""
    t0, t1 = Fraction(0), Fraction(1)
    for k in range(2):
        lo, hi = square[k], square[k] + 1
        if d[k] == 0:
            if p[k] < lo or p[k] > hi:
                return False
            continue
        near, far = sorted(((lo - p[k]) / d[k], (hi - p[k]) / d[k]))
        t0, t1 = max(t0, near), min(t1, far)
    return t0 <= t1 if closed else t0 < t1


def _reference_line_of_sight(solid: np.ndarray, a, b, closed: bool = True) -> bool:
    """The definition of line of sight, in exact rational arithmetic: some one of the 25
    segments between the sample points of ``a`` and of ``b`` touches no solid square of
    their bounding box (``a`` and ``b`` aside; ``closed=False`` lets segments through a
    square's corner or along its edge pass, for the tests of ties)."""
    if a == b:
        return True
    r0, r1 = min(a[0], b[0]), max(a[0], b[0])
    c0, c1 = min(a[1], b[1]), max(a[1], b[1])
    cells = [(int(r), int(c)) for r, c in np.argwhere(solid[r0:r1 + 1, c0:c1 + 1]) + (r0, c0)]
    cells = [sq for sq in cells if sq != tuple(a) and sq != tuple(b)]
    # (nearest the line between the centres first: the likeliest to block; the order
    # only changes how soon a blocked segment is found out)
    cells.sort(key=lambda sq: abs((sq[0] - a[0]) * (b[1] - a[1]) - (sq[1] - a[1]) * (b[0] - a[0])))
    for da in _REF_OFFSETS:
        p = (a[0] + da[0], a[1] + da[1])
        for db in _REF_OFFSETS:
            d = (b[0] + db[0] - p[0], b[1] + db[1] - p[1])
            if not any(_touches(p, d, sq, closed) for sq in cells):
                return True
    return False


def test_the_reference_samples_the_points_of_geometry():
    assert float(_EXACT_INSET) == INSET
    assert (np.array(_REF_OFFSETS, dtype=float) == geometry._OFFSETS).all()
    # and the integer model's sample points are those, exactly
    assert [tuple(Fraction(int(x), geometry._SCALE) for x in point)
            for point in geometry._EXACT] == _REF_OFFSETS


def _squares(shape):
    return [(r, c) for r in range(shape[0]) for c in range(shape[1])]


def _fresh_solid(terrain: np.ndarray) -> np.ndarray:
    return (terrain == WALL) | (terrain == UNREVEALED)


def _played_board(seed: int, steps: int) -> Board:
    """The board of a 4-player game after ``steps`` random legal actions."""
    game = DungeonCrawlerGame.new(seed, num_players=4)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        game.apply_action(legal[rng.integers(len(legal))])
    return game.board


def _sight_matrix(solid: np.ndarray) -> np.ndarray:
    """``out[i, j] == visible_from(solid, a)[b]`` for squares ``a``, ``b`` numbered ``i``,
    ``j`` row-major."""
    return np.array([visible_from(solid, a).ravel() for a in _squares(solid.shape)])


def _check_pairs(solid: np.ndarray, pairs) -> None:
    """line_of_sight and visible_from, both ways, against the definition for the pairs
    of square numbers (row-major) ``pairs``."""
    squares = _squares(solid.shape)
    seen = _sight_matrix(solid)
    assert seen.dtype == bool and seen.diagonal().all()
    for i, j in pairs:
        a, b = squares[i], squares[j]
        want = _reference_line_of_sight(solid, a, b)
        assert line_of_sight(solid, a, b) == line_of_sight(solid, b, a) == want, (a, b)
        assert seen[i, j] == seen[j, i] == want, (a, b)


def _sample_pairs(solid: np.ndarray, sources, rng, count: int) -> list[tuple[int, int]]:
    """Every pair of a source (row-major number) with another square, and ``count``
    random pairs."""
    n = solid.size
    return [(i, j) for i in sources for j in range(n)] \
        + [tuple(x) for x in rng.integers(n, size=(count, 2)).tolist()]


@pytest.mark.parametrize("shape, density", [((7, 9), 0.15), ((9, 7), 0.3), ((8, 8), 0.5),
                                            ((1, 11), 0.2), ((11, 2), 0.2), ((6, 6), 0.7)])
def test_line_of_sight_is_its_definition_for_every_pair_of_small_grids(shape, density):
    rng = np.random.default_rng(int(density * 100) + shape[0])
    n = shape[0] * shape[1]
    for _ in range(2):
        solid = rng.random(shape) < density
        _check_pairs(solid, [(i, j) for i in range(n) for j in range(i, n)])


@pytest.mark.parametrize("density", [0.05, 0.2, 0.35, 0.6])
def test_visible_from_is_the_definition_on_random_full_boards(density):
    rng = np.random.default_rng(int(density * 100))
    solid = rng.random((21, 21)) < density
    source = [0, 440, 220, 100][int(density * 10) % 4]
    _check_pairs(solid, _sample_pairs(solid, [source], rng, 1200))
    # many more pairs: line_of_sight agrees with visible_from, both ways
    seen = _sight_matrix(solid)
    squares = _squares(solid.shape)
    for i, a in list(enumerate(squares))[::4]:
        assert [line_of_sight(solid, a, b) for b in squares] == seen[i].tolist(), a
        assert [line_of_sight(solid, b, a) for b in squares] == seen[i].tolist(), a


@pytest.mark.parametrize("seed, steps", [(0, 0), (1, 60), (2, 250), (3, 600)])
def test_visible_is_the_definition_on_played_boards(seed, steps):
    board = _played_board(seed, steps)
    rng = np.random.default_rng(seed)
    solid = _fresh_solid(board.terrain)
    assert (board.solid == solid).all()
    chest = board.chest[0] * board.size + board.chest[1]
    _check_pairs(solid, _sample_pairs(solid, [chest], rng, 1200))
    for a in [board.chest, tuple(rng.integers(board.size, size=2).tolist())]:
        assert (board.visible(a) == visible_from(solid, a)).all()
        for b in _squares(solid.shape):
            assert board.sees(a, b) == board.sees(b, a) == board.visible(a)[b], (a, b)


@pytest.mark.parametrize("seed, steps", [(5, 30), (6, 300), (7, 1000)])
def test_sight_is_symmetric_for_every_pair_of_played_boards(seed, steps):
    board = _played_board(seed, steps)
    solid = board.solid
    squares = _squares(solid.shape)
    seen = _sight_matrix(solid)
    assert (seen == seen.T).all()
    assert 0 < seen.sum() < seen.size  # (a board with sight and walls)
    for i, a in enumerate(squares):
        assert [line_of_sight(solid, a, b) for b in squares] == seen[i].tolist(), a
        assert [line_of_sight(solid, b, a) for b in squares] == seen[i].tolist(), a
    for i, a in enumerate(squares[::3]):  # Board: one answer per pair, whichever looks
        assert [board.sees(b, a) for b in squares] == seen[3 * i].tolist(), a
        assert [board.sees(a, b) for b in squares] == seen[3 * i].tolist(), a
        assert (board.visible(a).ravel() == seen[3 * i]).all(), a


def test_a_segment_through_a_corner_touches_the_wall():
    """Ties: the squares are closed, so a segment passing exactly through a wall's corner
    touches the wall, whichever way it runs."""
    # every segment that misses both walls' insides runs through the corners (1,1) and
    # (2,2): along the diagonal of the open squares between them
    solid = grid(".#..", "....", ".#..", "....") == WALL
    a, b = (0, 0), (3, 3)
    assert _reference_line_of_sight(solid, a, b, closed=False)  # (what makes it a tie)
    assert not _reference_line_of_sight(solid, a, b)
    assert not line_of_sight(solid, a, b) and not line_of_sight(solid, b, a)
    assert not visible_from(solid, a)[b] and not visible_from(solid, b)[a]
    # past a single wall's corner some segment still goes around it
    corner = grid(".#..", "....", "....", "....") == WALL
    assert line_of_sight(corner, a, b) and line_of_sight(corner, b, a)
    # pairs whose answer once (in floating point) depended on the direction
    for rows, a, b in [((".....", ".....", ".....", ".....", "#.#..", "....."), (2, 3), (5, 0)),
                       (("..#...", "......", "..#...", "......"), (0, 3), (3, 0)),
                       (("......", "......", "......", ".#....", "......", ".#...."),
                        (2, 3), (5, 0))]:
        solid = grid(*rows) == WALL
        want = _reference_line_of_sight(solid, a, b)
        assert want == _reference_line_of_sight(solid, b, a)
        assert line_of_sight(solid, a, b) == line_of_sight(solid, b, a) == want
        assert visible_from(solid, a)[b] == visible_from(solid, b)[a] == want


def _tile(name: str) -> data.Tile:
    return next(t for t in data.tiles() if t.name == name)


def _assert_caches_right(board: Board) -> None:
    solid = _fresh_solid(board.terrain)
    assert (board.solid == solid).all()
    for (a, b), seen in board._los.items():
        assert a <= b, (a, b)  # one entry per unordered pair
        assert seen == line_of_sight(solid, a, b) == line_of_sight(solid, b, a), (a, b)
    for a, seen in board._visible.items():
        assert (seen == visible_from(solid, a)).all(), a


def test_sees_and_visible_stay_right_when_the_terrain_changes():
    board = _played_board(4, 40)
    rng = np.random.default_rng(4)
    squares = _squares((board.size, board.size))

    def look():
        for i, j in rng.integers(len(squares), size=(300, 2)):
            board.sees(squares[i], squares[j])
        for i in rng.integers(len(squares), size=3):
            board.visible(squares[i])
            board.sees(squares[i], squares[rng.integers(len(squares))])  # from the array

    look()
    _assert_caches_right(board)
    cached = len(board._los)
    for a, b in list(board._los):
        assert board.sees(b, a) == board._los[(a, b)]  # the other way: the same entry
    assert len(board._los) == cached
    corner = (0, 0), (0, 1)  # a pair far from the squares changed below
    board.sees(*corner)
    tiles = [t for t in data.tiles() if t.name not in board.filled.values()]
    for step in range(6):
        before = board.copy()
        kept = dict(before._los)
        if step % 3 == 0 and board.open_slots():
            slot = board.open_slots()[rng.integers(len(board.open_slots()))]
            tile = tiles.pop()
            board.place(tile.name, tile.picture, slot, int(rng.integers(4)))
        elif step % 3 == 1 and board.movable_slots():
            slot = board.movable_slots()[0]
            board.rotate(slot, _tile(board.filled[slot]).picture, 1 + step % 3)
        else:
            sq = (int(rng.integers(3, board.size)), int(rng.integers(3, board.size)))
            board.set_terrain(sq, WALL if board.terrain[sq] != WALL else FLOOR)
        _assert_caches_right(board)
        assert board.sees(*corner) == line_of_sight(board.solid, *corner)
        assert corner in board._los  # (only the pairs near the change are forgotten)
        assert before._los == kept  # the copy keeps its own caches, still right
        _assert_caches_right(before)
        look()
        _assert_caches_right(board)
    slot = board.movable_slots()[-1]
    board.remove(slot)
    _assert_caches_right(board)
    look()
    _assert_caches_right(board)
    for a in [squares[i] for i in rng.integers(len(squares), size=2)]:
        solid = _fresh_solid(board.terrain)
        assert all(board.visible(a)[b] == _reference_line_of_sight(solid, a, b)
                   for b in squares)
    assert not board.visible((5, 5)).flags.writeable
    restored = Board.from_dict(board.to_dict())
    assert (restored.visible((5, 5)) == board.visible((5, 5))).all()
