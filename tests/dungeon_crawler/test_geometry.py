"""Movement costs, corners, terrain and line of sight on hand-drawn grids."""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    DEEP,
    FLOOR,
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
