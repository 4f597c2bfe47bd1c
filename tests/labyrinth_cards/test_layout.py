"""The engine's fast layout paths agree with plain readings of the same rules.

The rules engine traces sets in one pass (``connected_sets``), asks about one cell at
a time whether lifting it splits the layout (``splits_layout``) and keeps the cells
where a card may be played up to date as cards come and go (``fit_np``). Each is
compared here with a slow, obviously correct version on random layouts: layouts grown
at random (any shape, any rotations, cards lifted again) and the tables of random
games. Plain seeded loops.
"""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    COLLECT,
    NO_FIT,
    LabyrinthCardsGame,
    card_tables,
    new_game,
)
from labyrinth_gym.envs.labyrinth_cards.engine.layout import (
    EMPTY,
    articulation_cells,
    connected_sets,
    edge_connected,
    path_groups,
    splits_layout,
    treasure_sets,
)

from .positions import CARDS, SIZE, neighbours

TREASURES = [c.treasures for c in CARDS]


def grown_layouts(seed: int, count: int):
    """Yield games whose tables were grown at random: one edge-connected layout of
    random cards in random rotations, sometimes with a card lifted again (only where
    that keeps the layout whole)."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        game = new_game(int(rng.integers(2**31)), variant="caffeinated")
        for cell in list(game.occupied):
            game._lift(cell)
        cards = [int(c) for c in rng.permutation(len(CARDS))]
        start = int(rng.integers(SIZE * SIZE))
        game._place(start, cards.pop(), int(rng.integers(4)))
        target = int(rng.integers(1, 40))
        while len(game.occupied) < target:
            free = sorted({nb for c in game.occupied for nb in neighbours(c)
                           if game.card_at[nb] == EMPTY})
            game._place(free[int(rng.integers(len(free)))], cards.pop(), int(rng.integers(4)))
            if rng.random() < 0.2 and len(game.occupied) > 2:
                cell = sorted(game.occupied)[int(rng.integers(len(game.occupied)))]
                if edge_connected(game.grid, game.occupied, skip=cell):
                    cards.append(game._lift(cell))
            if rng.random() < 0.3:
                cell = sorted(game.occupied)[int(rng.integers(len(game.occupied)))]
                game._place(cell, game.card_at[cell], (game.rot_at[cell] + 1) % 4)
        yield game


def game_tables(seed: int, games: int):
    """Yield a random game at every decision (each variant in turn)."""
    rng = np.random.default_rng(seed)
    for g in range(games):
        variant = ("official", "caffeinated", "steroids")[g % 3]
        game = new_game(seed * 100 + g, variant=variant, num_players=2 + g % 3)
        while not game.is_terminal():
            yield game
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
        yield game


def layouts():
    yield from grown_layouts(0, 300)
    yield from game_tables(1, 6)


def test_connected_sets_equal_path_groups_then_treasure_sets():
    shows = card_tables().shows
    seen_sets = 0
    for game in layouts():
        groups = path_groups(game.grid, game.open_at, game.occupied)
        reference = treasure_sets(
            groups, {c: TREASURES[game.card_at[c]] for c in game.occupied}
        )
        fast = connected_sets(game.grid, game.open_at, game.card_at, game.occupied, shows)
        assert list(fast.items()) == list(reference.items())  # same order too
        seen_sets += len(fast)
    assert seen_sets > 100  # the layouts did have sets to find


def brute_force_groups(game: LabyrinthCardsGame) -> dict[int, int]:
    """Path groups by repeated merging over every open-open edge."""
    group = {c: c for c in game.occupied}
    changed = True
    while changed:
        changed = False
        for cell in game.occupied:
            r, c = divmod(cell, SIZE)
            for d, (dr, dc), back in ((2, (0, 1), 8), (4, (1, 0), 1)):
                if r + dr >= SIZE or c + dc >= SIZE:
                    continue
                nb = cell + dr * SIZE + dc
                if game.open_at[cell] & d and game.open_at[nb] & back:
                    low = min(group[cell], group[nb])
                    if group[cell] != low or group[nb] != low:
                        group[cell] = group[nb] = low
                        changed = True
    return group


def test_path_groups_equal_brute_force_merging():
    for game in grown_layouts(2, 150):
        assert path_groups(game.grid, game.open_at, game.occupied) == brute_force_groups(game)


def test_splits_layout_is_lifting_a_card_that_disconnects_the_rest():
    splitting = 0
    for game in layouts():
        if not edge_connected(game.grid, game.occupied):
            continue
        cut = articulation_cells(game.grid, game.occupied)
        for cell in game.occupied:
            splits = not edge_connected(game.grid, game.occupied, skip=cell)
            assert splits_layout(game.grid, game.occupied, cell) == splits
            assert (cell in cut) == splits
            splitting += splits
    assert splitting > 100


@pytest.mark.parametrize("source", ["grown", "games"])
def test_fit_table_follows_the_layout(source):
    """``fit_np``, kept up to date cell by cell, equals a fresh tracing of the table."""
    games = grown_layouts(3, 200) if source == "grown" else game_tables(4, 6)
    for game in games:
        frontier, facing = game.facing()
        expected = np.where(frontier, facing, NO_FIT)
        assert np.array_equal(game.fit_np, expected)
        for cell in range(SIZE * SIZE):
            touching = sum(game.card_at[nb] != EMPTY for nb in neighbours(cell))
            assert game.touching[cell] == touching
        # and a copy keeps its own
        copy = game.clone()
        assert np.array_equal(copy.fit_np, game.fit_np) and copy.fit_np is not game.fit_np
        restored = LabyrinthCardsGame.from_dict(game.to_dict())
        assert np.array_equal(restored.fit_np, game.fit_np)
        assert restored.facing_at == game.facing_at and restored.touching == game.touching


def test_card_tables_match_the_printed_cards():
    tables = card_tables()
    for card in CARDS:
        a, b = card.treasures
        assert tables.shows[card.id] == (1 << a) | (1 << b)
        mask = card.openings
        for r in range(4):
            assert tables.turned[card.id][r] == mask
            for f in range(16):
                assert tables.connects[card.id, f, r] == (1 if mask & f else 0)
                assert tables.fits[card.id, f, r] == 1
            assert tables.connects[card.id, NO_FIT, r] == tables.fits[card.id, NO_FIT, r] == 0
            mask = ((mask << 1) | (mask >> 3)) & 15  # a quarter turn clockwise


def test_cached_sets_are_the_sets_as_the_paths_lie_now():
    """``current_sets`` is traced once per layout; draws and turn ends reuse it."""
    shows = card_tables().shows
    reused = 0
    for game in game_tables(5, 6):
        fresh = connected_sets(game.grid, game.open_at, game.card_at, game.occupied, shows)
        cached = game._sets_cache is not None
        if game.phase == COLLECT:
            assert game.sets == fresh or game.turn_collections  # traced at its start
        else:
            assert game.current_sets() == fresh
            reused += cached
    assert reused > 20
