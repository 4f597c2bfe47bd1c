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


def card(name):
    from labyrinth_gym.envs.dungeon_crawler.engine.data import treasure_card

    return A.card(treasure_card(name).cid)


def test_equips_at_once_and_plays_a_power_card_that_wins_the_push(monkeypatch):
    from .conftest import Rolls

    game = DungeonCrawlerGame.empty(0)
    for col in (1, 2):
        game.place_tile("hall", (0, col))
    game.add_adventurer(0, "Human Warrior", (1, 3))
    game.add_monster(1, "Zombie", (1, 4))
    game.give_card(0, "Magic Boots")
    game.give_card(0, "Power Card II")
    r = Rolls(monkeypatch, game)
    game.start(0, steps=("adventurer",))
    assert decide(game) == card("Magic Boots")
    game.apply_action(card("Magic Boots"))
    game.apply_action(A.pair(1))
    r(3, 4)
    game.apply_action(A.square((1, 4)))
    assert game.decision["kind"] == "roll_window"
    assert decide(game) == card("Power Card II")


def test_drinks_quickness_only_when_it_puts_the_chest_in_reach():
    game = DungeonCrawlerGame.empty(0)
    game.give_card(0, "Potion of Quickness")
    game.add_adventurer(0, "Dwarf Warrior", (10, 4))  # MV 4; the chest 6 squares east
    for col in (1, 2):
        game.place_tile("hall", (3, col))
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    assert A.square((10, 10)) not in game.legal_actions()
    assert decide(game) == card("Potion of Quickness")
    game.apply_action(card("Potion of Quickness"))
    assert decide(game) == A.square((10, 10))
    far = DungeonCrawlerGame.empty(0)
    far.give_card(0, "Potion of Quickness")
    far.add_adventurer(0, "Dwarf Warrior", (1, 1))
    far.start(0, steps=("adventurer",))
    far.apply_action(A.pair(1))
    assert decide(far) != card("Potion of Quickness")


def test_springs_a_trap_on_the_rival_nearest_the_chest():
    game = DungeonCrawlerGame.empty(0, num_players=3)
    game.add_adventurer(0, "Human Warrior", (1, 1))
    near = game.add_adventurer(1, "Elf Thief", (9, 9))
    game.add_adventurer(2, "Elf Wizard", (19, 19))
    game.give_card(0, "Pit Trap")
    game.start(0, steps=("adventurer",))
    assert decide(game) == card("Pit Trap")
    game.apply_action(card("Pit Trap"))
    assert decide(game) == A.square((9, 9))
    assert near


def test_the_guided_search_for_one_square_agrees_with_the_whole_field():
    from labyrinth_gym.agents.dungeon_crawler import _FAR, _way_to_chest

    rng = np.random.default_rng(1)
    for seed in range(3):
        game = new_game(seed, num_players=4, max_rounds=30)
        for _ in range(150 * seed):
            legal = game.legal_actions()
            game.apply_action(legal[rng.integers(len(legal))])
        field = chest_distances(game.board)
        for r in range(0, 21, 2):
            for c in range(21):
                assert _way_to_chest(game.board.terrain, game.board.chest, (r, c)) \
                    == field.get((r, c), _FAR)


def test_among_equally_short_ways_it_steps_away_from_monsters():
    def choice(monster_at):
        game = DungeonCrawlerGame.empty(0)
        for slot in ((1, 0), (0, 1)):  # the start room opens east and south alike
            game.place_tile("hall", slot)
        game.add_adventurer(0, "Dwarf Warrior", (1, 1))
        if monster_at:
            game.add_monster(1, "Skeleton", monster_at)
        game.start(0, steps=("adventurer",))
        game.apply_action(A.pair(1))
        dist = chest_distances(game.board)
        squares = [A.decode(a)[1] for a in game.legal_actions()
                   if A.decode(a)[0] == "square"]
        best = min(dist[sq] for sq in squares)
        assert sorted(sq for sq in squares if dist[sq] == best) == [(2, 5), (5, 2)]
        return A.decode(decide(game))[1]

    assert choice(None) == (2, 5)  # equal: the first
    assert choice((1, 5)) == (5, 2)  # a monster next to (2, 5): the other way


def test_a_tile_that_costs_it_nothing_goes_where_it_blocks_the_leading_rival():
    from labyrinth_gym.agents.dungeon_crawler import _way_to_chest
    from labyrinth_gym.envs.dungeon_crawler.engine.data import tiles

    game = DungeonCrawlerGame.empty(0)
    game.add_adventurer(0, "Human Warrior", (1, 1))
    game.add_adventurer(1, "Elf Thief", (10, 19))  # in the east re-spawn room
    dead_end = next(i for i in game.tile_deck if tiles()[i].name == "dead end")
    game.tile_deck.remove(dead_end)
    game.tile_deck.append(dead_end)
    game.start(0, steps=("tile",))
    chest = game.board.chest
    after = {}
    for a in game.legal_actions():
        probe = game.clone()
        probe.apply_action(a)
        after[a] = (_way_to_chest(probe.board.terrain, chest, (1, 1)),
                    _way_to_chest(probe.board.terrain, chest, (10, 19)))
    move = decide(game)
    mine, theirs = after[move]
    assert mine == min(m for m, _ in after.values())  # its own way first
    # the rival's way is as long as any placement that leaves its own that short makes it
    assert theirs == max(t for m, t in after.values() if m == mine)
    assert theirs > min(t for m, t in after.values() if m == mine)  # (it had a choice)


def test_race_lead_counts_ways_left_and_an_adventurer_off_the_board_at_the_cap():
    from labyrinth_gym.agents.dungeon_crawler import RACE_SCALE, race_lead

    game = DungeonCrawlerGame.empty(0, num_players=3)
    game.add_adventurer(0, "Elf Thief", (9, 9))
    game.add_adventurer(1, "Human Warrior", (1, 1))
    dist = chest_distances(game.board)
    mine, theirs = dist[(9, 9)], min(dist[(1, 1)], RACE_SCALE)
    assert mine < theirs
    # seat 2 has no adventurer on the board: it counts the cap
    assert race_lead(game, 0) == (theirs + RACE_SCALE) / 2 / RACE_SCALE - mine / RACE_SCALE
    assert race_lead(game, 2) == ((mine + theirs) / 2 - RACE_SCALE) / RACE_SCALE
    before = race_lead(game, 0)
    game._slay(game.seats[1].hero, by=None)  # a rival slain drops off the board
    assert game.seats[1].hero is None
    assert race_lead(game, 0) > before


def test_in_a_card_window_it_equips_and_otherwise_keeps_its_cards():
    """Windows in another player's activation: equipment at once, healing when half
    wounded, and a pass for everything else (its traps wait for its own phase)."""
    from .test_rules import hall_row

    game = DungeonCrawlerGame.empty(0, num_players=2)
    hall_row(game)
    game.add_adventurer(0, "Human Warrior", (1, 3))
    rival = game.add_adventurer(1, "Elf Thief", (1, 7))
    game.give_card(1, "Pit Trap")
    game.give_card(1, "Potion of Healing")
    game.start(0)
    assert game.decision["kind"] == "card_window" and game.current_player() == 1
    assert decide(game) == A.DONE
    game.figures[rival].wounds = 3  # of 5
    heal = next(a for a in game.legal_actions()
                if game.action_to_string(a) == "play Potion of Healing")
    assert decide(game) == heal
    game.give_card(1, "Magic Belt")
    game._legal = None
    assert game.action_to_string(decide(game)) == "play Magic Belt"
