"""Movement costs, corners, terrain and line of sight on hand-drawn grids."""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.envs.dungeon_crawler.engine import data
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
    return reachable(terrain, start, mv, mover, passable=lambda sq: sq not in figs,
                     stoppable=lambda sq: terrain[sq] != CHEST or True,
                     figure_at=lambda sq: sq in figs, diagonals=diagonals,
                     bonus=lambda sq: sq in bonus)


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
_REF_OFFSETS = np.array([(INSET, INSET), (INSET, 1 - INSET), (1 - INSET, INSET),
                         (1 - INSET, 1 - INSET), (0.5, 0.5)])


def _reference_line_of_sight(solid: np.ndarray, a, b) -> bool:
    """The definition of line of sight: the original implementation, kept verbatim (a
    Liang-Barsky test of the 25 segments between the sample points of ``a`` and ``b``
    against every solid square of their bounding box, ``a`` and ``b`` aside)."""
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
    p = np.array(a, dtype=float) + _REF_OFFSETS  # (5, 2)
    q = np.array(b, dtype=float) + _REF_OFFSETS
    starts = np.repeat(p, len(q), axis=0)  # (25, 2)
    ends = np.tile(q, (len(p), 1))
    d = ends - starts
    lo = cells.astype(float)  # (n, 2): each solid square is [r, r+1] x [c, c+1]
    hi = lo + 1.0
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


def _check_sources(solid: np.ndarray, sources, rng, pairs: int = 0) -> None:
    """visible_from(solid, a) and line_of_sight(solid, a, .) against the definition for
    every target of each source, and ``pairs`` random pairs."""
    squares = _squares(solid.shape)
    for a in sources:
        seen = visible_from(solid, a)
        assert seen.shape == solid.shape and seen.dtype == bool
        for b in squares:
            want = _reference_line_of_sight(solid, a, b)
            assert seen[b] == want, (a, b)
            assert line_of_sight(solid, a, b) == want, (a, b)
    for i, j in rng.integers(len(squares), size=(pairs, 2)):
        a, b = squares[i], squares[j]
        assert line_of_sight(solid, a, b) == _reference_line_of_sight(solid, a, b), (a, b)


@pytest.mark.parametrize("shape, density", [((7, 9), 0.15), ((9, 7), 0.3), ((8, 8), 0.5),
                                            ((1, 11), 0.2), ((11, 2), 0.2), ((6, 6), 0.7)])
def test_line_of_sight_is_its_definition_for_every_pair_of_small_grids(shape, density):
    rng = np.random.default_rng(int(density * 100) + shape[0])
    for _ in range(2):
        solid = rng.random(shape) < density
        _check_sources(solid, _squares(shape), rng)


@pytest.mark.parametrize("density", [0.05, 0.2, 0.35, 0.6])
def test_visible_from_is_the_definition_on_random_full_boards(density):
    rng = np.random.default_rng(int(density * 100))
    solid = rng.random((21, 21)) < density
    sources = [(0, 0), (20, 20), (10, 10)] + [tuple(x) for x in rng.integers(21, size=(2, 2))]
    _check_sources(solid, sources, rng, pairs=1000)
    # many more pairs: visible_from and line_of_sight agree with each other
    for a in _squares(solid.shape)[::5]:
        seen = visible_from(solid, a)
        assert all(seen[b] == line_of_sight(solid, a, b) for b in _squares(solid.shape))


@pytest.mark.parametrize("seed, steps", [(0, 0), (1, 60), (2, 250), (3, 600)])
def test_visible_is_the_definition_on_played_boards(seed, steps):
    board = _played_board(seed, steps)
    rng = np.random.default_rng(seed)
    solid = _fresh_solid(board.terrain)
    assert (board.solid == solid).all()
    sources = [tuple(x) for x in rng.integers(board.size, size=(3, 2))] + [board.chest]
    _check_sources(solid, sources, rng, pairs=1000)
    for a in sources:
        assert (board.visible(a) == visible_from(solid, a)).all()
        assert all(board.sees(a, b) == board.visible(a)[b] for b in _squares(solid.shape))


def test_ties_follow_the_definition_in_both_directions():
    """A segment through the exact corner of a wall touches it or not as the floating
    point of the definition decides, which can differ with the direction."""
    for rows, a, b in [((".....", ".....", ".....", ".....", "#.#..", "....."), (2, 3), (5, 0)),
                       (("..#...", "......", "..#...", "......"), (0, 3), (3, 0)),
                       (("......", "......", "......", ".#....", "......", ".#...."),
                        (2, 3), (5, 0))]:
        solid = grid(*rows) == WALL
        forward = _reference_line_of_sight(solid, a, b)
        backward = _reference_line_of_sight(solid, b, a)
        assert forward != backward  # (what makes these worth a test)
        assert line_of_sight(solid, a, b) == forward and visible_from(solid, a)[b] == forward
        assert line_of_sight(solid, b, a) == backward and visible_from(solid, b)[a] == backward


def _tile(name: str) -> data.Tile:
    return next(t for t in data.tiles() if t.name == name)


def _assert_caches_right(board: Board) -> None:
    solid = _fresh_solid(board.terrain)
    assert (board.solid == solid).all()
    for (a, b), seen in board._los.items():
        assert seen == line_of_sight(solid, a, b), (a, b)
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
