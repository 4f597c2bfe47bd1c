"""The rule-based Dungeon Crawler player's choices in scripted positions."""

from __future__ import annotations

import numpy as np

from labyrinth_gym.agents.dungeon_crawler import (
    DungeonCrawlerHeuristic,
    chest_distances,
)
from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.game import DungeonCrawlerGame, new_game


def decide(game):
    return DungeonCrawlerHeuristic().act(None, game.legal_mask(), game=game)


def test_goes_straight_to_a_chest_in_reach():
    game = DungeonCrawlerGame.empty(0)
    game.add_adventurer(0, "Elf Thief", (9, 9))
    game.start(0, steps=("adventurer",))
    assert decide(game) == A.pair(1)  # move first
    game.apply_action(A.pair(1))
    assert decide(game) == A.square((10, 10))


def test_moves_to_shorten_its_way_and_never_back():
    game = DungeonCrawlerGame.empty(0)
    for col in (1, 2):
        game.place_tile("hall", (0, col))
    game.add_adventurer(0, "Human Warrior", (1, 1))
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    move = decide(game)
    dist = chest_distances(game.board)
    assert A.decode(move)[0] == "square"
    assert dist[A.decode(move)[1]] < dist[(1, 1)]


def test_places_the_tile_that_opens_its_way():
    game = DungeonCrawlerGame.empty(0)
    game.add_adventurer(0, "Human Warrior", (1, 1))
    game.tile_deck.append(next(i for i, t in enumerate(
        __import__("labyrinth_gym.envs.dungeon_crawler.engine.data",
                   fromlist=["tiles"]).tiles()) if t.name == "corridor"))
    game.start(0, steps=("tile",))
    move = decide(game)
    before = chest_distances(game.board)[(1, 1)]
    after = {}
    for a in game.legal_actions():
        probe = game.clone()
        probe.apply_action(a)
        after[a] = chest_distances(probe.board)[(1, 1)]
    assert max(after.values()) > before  # a corridor can wall the way
    assert after[move] <= before and after[move] == min(
        after[a] for a in after if A.decode(a)[1][0] == A.decode(move)[1][0])


def test_attacks_the_rival_figure_it_wounds_most():
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("hall", (0, 1))
    game.add_adventurer(0, "Human Warrior", (1, 3))
    mine = game.add_monster(0, "Zombie", (0, 3))
    golem = game.add_monster(1, "Stone Golem", (1, 4))  # DEF 6
    zombie = game.add_monster(1, "Zombie", (2, 3))  # DEF 3
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(0))
    assert decide(game) == A.square((2, 3))
    assert mine and golem and zombie


def test_plays_whole_games_with_legal_moves():
    agent = DungeonCrawlerHeuristic()
    for seed in range(3):
        game = new_game(seed, num_players=3, max_rounds=6)
        rng = np.random.default_rng(seed)
        while not game.is_terminal():
            if game.current_player() == 0:
                action = agent.act(None, game.legal_mask(), game=game)
            else:
                legal = game.legal_actions()
                action = legal[rng.integers(len(legal))]
            assert action in game.legal_actions()
            game.apply_action(action)
