"""Invariants over random games (random legal actions), 2-6 players and the Hard game."""

from __future__ import annotations

import copy

import numpy as np

from labyrinth_gym.envs.dungeon_crawler.engine.actions import TREASURE_CARDS
from labyrinth_gym.envs.dungeon_crawler.engine.data import (
    TILES,
    TREASURE_PILES,
    monster,
    monsters,
    treasure_card,
)
from labyrinth_gym.envs.dungeon_crawler.engine.game import DungeonCrawlerGame, new_game

CARDS = sum(m.count for m in monsters())


def check(game: DungeonCrawlerGame) -> None:
    squares = [f.square for f in game.figures.values()]
    assert len(squares) == len(set(squares))  # no two figures on one square
    assert all(game.at[f.square] == fid for fid, f in game.figures.items())
    placed = sum(1 for name in game.board.filled.values()
                 if name not in ("mat room", "centre", "lava island"))
    pending = 1 if "tile" in game.ctx else 0
    assert placed + len(game.tile_deck) + pending == TILES
    on_board = sum(f.kind == "monster" and not monster(f.name).card
                   for f in game.figures.values())
    drawn = 1 if game.decision and game.decision["kind"] == "spawn_square" \
        and "card" not in game.decision else 0
    assert on_board + len(game.encounters) + len(game.encounter_discard) + drawn == CARDS
    assert len(game.board.piles) <= TREASURE_PILES
    for p, seat in enumerate(game.seats):
        assert len(seat.monsters) <= {2: 12, 3: 8, 4: 6, 5: 5, 6: 4}[game.num_players]
        if seat.hero is not None:
            assert game.figures[seat.hero].owner == p
    cards = [s.card for s in game.seats if s.card is not None]
    assert len(cards) == len(set(cards))  # one player per adventurer card
    treasure = (game.treasure + game.treasure_discard + game.secret_room
                + game.ctx.get("secret", [])
                + [c for s in game.seats for c in s.hand + s.equipped]
                + [treasure_card(monster(f.name).card).cid  # the Doppelganger's card
                   for f in game.figures.values()
                   if f.kind == "monster" and monster(f.name).card]
                + ([game.decision["card"]] if game.decision
                   and game.decision["kind"] == "spawn_square" and "card" in game.decision
                   else []))
    assert sorted(treasure) == list(range(TREASURE_CARDS))  # every card somewhere, once
    for seat in game.seats:
        if seat.hero is None:
            assert not seat.equipped


def test_invariants_over_random_games():
    ends = 0
    for seed in range(12):
        game = new_game(seed, num_players=2 + seed % 5, hard=seed % 4 == 3, max_rounds=12)
        rng = np.random.default_rng(seed)
        steps = 0
        while not game.is_terminal():
            check(game)
            legal = game.legal_actions()
            assert legal and legal == sorted(set(legal))
            game.apply_action(legal[rng.integers(len(legal))])
            steps += 1
            assert steps < 20_000
        check(game)
        ends += game.outcome in ("win", "truncated")
    assert ends == 12


def monsters_stop_where_they_may(game: DungeonCrawlerGame, since: int) -> None:
    """Every monster move among the events from ``since`` (those of the last step: the
    board has not changed under them) ended off spawn points and the chest."""
    for e in game.events[since:]:
        if e["type"] == "monster_move":
            to = tuple(e["to"])
            assert to not in game.board.spawns and to != game.board.chest


def test_invariants_over_a_thousand_short_games():
    """1,000 games of two rounds: every invariant after every step, 2-6 players, the
    Hard game; each game ends or is truncated."""
    for seed in range(1000):
        game = new_game(10_000 + seed, num_players=2 + seed % 5, hard=seed % 3 == 2,
                        max_rounds=2)
        rng = np.random.default_rng(seed)
        steps = 0
        monsters_stop_where_they_may(game, 0)
        while not game.is_terminal():
            check(game)
            legal = game.legal_actions()
            since = len(game.events)
            game.apply_action(legal[rng.integers(len(legal))])
            monsters_stop_where_they_may(game, since)
            steps += 1
            assert steps < 5_000
        check(game)
        assert game.outcome in ("win", "truncated")


def play_checking_the_log(game: DungeonCrawlerGame, rng: np.random.Generator,
                          max_steps: int = 20_000) -> int:
    """Random legal play; after every step, every event logged before it is still what
    it was when logged (a copy is kept of each as it is appended). The steps played."""
    kept = copy.deepcopy(game.events)
    steps = 0
    while not game.is_terminal() and steps < max_steps:
        legal = game.legal_actions()
        game.apply_action(legal[rng.integers(len(legal))])
        steps += 1
        assert game.events[:len(kept)] == kept, f"a logged event changed at step {steps}"
        kept += copy.deepcopy(game.events[len(kept):])
    return steps


def test_logged_events_never_change_seed_3_three_players():
    """Issue 28: a Power card played after an attack roll rewrote the logged
    ``attack_roll`` (its ``rolls`` were the pending roll's own list). Seed 3, 3 players,
    random legal play to the end."""
    game = new_game(3, num_players=3)
    assert play_checking_the_log(game, np.random.default_rng(3)) > 0
    assert game.is_terminal()


def test_logged_events_never_change_over_many_seeds():
    for seed in range(40):
        game = new_game(seed, num_players=2 + seed % 5, hard=seed % 4 == 1, max_rounds=12)
        play_checking_the_log(game, np.random.default_rng(seed))
