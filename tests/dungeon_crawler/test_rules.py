"""Scripted positions for the rules of Dungeon Crawler Labyrinth's engine."""

from __future__ import annotations

import json

import numpy as np
import pytest

from labyrinth_gym.envs.core.engine import IllegalActionError
from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.game import (
    MAX_MONSTERS,
    DungeonCrawlerGame,
    new_game,
)
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import LAVA


def events(game, kind):
    return [e for e in game.events if e["type"] == kind]


def names(game):
    return {game.action_to_string(a): a for a in game.legal_actions()}


def passing(game):
    """Every player asked in a card window passes."""
    while game.decision is not None and game.decision["kind"] == "card_window":
        game.apply_action(A.DONE)


def hall_row(game, row=0):
    """Open halls across the top row of slots, joining the corner rooms."""
    for col in (1, 2, 4, 5):
        game.place_tile("hall", (row, col))


# ------------------------------------------------------------------ starting
def test_roll_off_then_each_player_picks_an_adventurer_and_a_start_point():
    game = new_game(3, num_players=3)
    offs = events(game, "roll_off")
    assert offs and max(offs[-1]["rolls"].values()) == offs[-1]["rolls"][str(game.first)]
    assert game.order == [(game.first + i) % 3 for i in range(3)]
    assert game.decision == {"kind": "choose_adventurer", "player": game.first,
                             "then": "start"}
    game.apply_action(A.adventurer(0))
    assert game.decision["kind"] == "choose_start"
    starts = game.legal_actions()
    assert len(starts) == 4  # spawn points 1-4, never 5
    game.apply_action(starts[0])
    nxt = game.order[1]
    assert game.current_player() == nxt
    assert A.adventurer(0) not in game.legal_actions()  # taken
    game.apply_action(A.adventurer(1))
    assert len(game.legal_actions()) == 3  # the first start point is occupied


def test_ties_for_the_highest_roll_roll_again(rolls, monkeypatch):
    from labyrinth_gym.envs.core.dice import Dice

    queue = [6, 6, 3, 3, 6, 6, 1, 1, 2, 2]  # p0 12, p1 6, p2 12; then p0 2, p2 4

    def roll(dice, sides):
        return queue.pop(0)

    monkeypatch.setattr(Dice, "roll", roll)
    game = DungeonCrawlerGame.empty(0, num_players=3)
    game._order(3)
    assert game.first == 2 and game.order == [2, 0, 1]
    assert len(events(game, "roll_off")) == 2
    assert events(game, "roll_off")[1]["rolls"] == {"0": 2, "2": 4}


def test_five_and_six_players_join_after_a_round():
    game = new_game(1, num_players=6)
    assert [s.joined for s in game.seats].count(True) == 4
    late = game.order[4:]
    while game.round < 2 and not game.is_terminal():
        legal = game.legal_actions()
        game.apply_action(legal[0])
    assert all(game.seats[p].joined for p in late)
    assert {e["player"] for e in events(game, "joins")} == set(late)


# --------------------------------------------------------------- activation
def test_activation_steps_run_in_the_rulebook_order():
    game = DungeonCrawlerGame.empty(0)
    game.add_adventurer(0, "Human Cleric", (1, 1))
    game.figures[game.seats[0].hero].wounds = 3
    game.add_monster(0, "Zombie", (19, 19))
    game.start(0)
    kinds = [e["type"] for e in game.events]
    assert kinds.index("heal") < kinds.index("monster_move")
    assert game.figures[game.seats[0].hero].wounds == 1  # healed 2
    assert game.decision["kind"] == "place_tile"
    game.apply_action(game.legal_actions()[0])
    assert game.decision["kind"] == "spawn_square"
    game.apply_action(game.legal_actions()[0])
    assert game.decision["kind"] == "pair"
    assert sorted(names(game)) == ["attack+attack", "attack+move", "move+attack"]


def test_maximum_monsters_by_player_count():
    assert MAX_MONSTERS == {2: 12, 3: 8, 4: 6, 5: 5, 6: 4}
    game = DungeonCrawlerGame.empty(0, num_players=6)
    game.add_adventurer(0, "Human Thief", (1, 1))
    for i in range(4):
        game.add_monster(0, "Zombie", (4 + i, 10))
    game.start(0, steps=("spawn_monster",))
    assert game.decision is None and not events(game, "encounter")  # at 4: no draw


def test_spawned_monster_on_a_spawn_point_moves_off_it():
    game = DungeonCrawlerGame.empty(0)
    hall_row(game)
    game.add_adventurer(1, "Human Thief", (1, 3))  # next to spawn 1 at (1,1)? 2 away
    game.encounters.append("Skeleton")
    game.start(0, steps=("spawn_monster",))
    game.apply_action(A.square((1, 1)))  # spawn point 1
    skeleton = game.seats[0].monsters[0]
    sq = game.figures[skeleton].square
    assert sq not in game.board.spawns and sq != (1, 1)
    assert not events(game, "attack")  # it had to move, so it could not attack


def test_monsters_never_end_on_spawn_points_the_chest_or_figures():
    game = new_game(5, num_players=4, max_rounds=25)
    rng = np.random.default_rng(5)
    moved = 0
    while not game.is_terminal():
        if game.decision["kind"] == "pair":  # every monster has moved and attacked
            for f in game.figures.values():
                if f.kind == "monster":
                    assert f.square != game.board.chest
        squares = [f.square for f in game.figures.values()]
        assert len(set(squares)) == len(squares)
        legal = game.legal_actions()
        game.apply_action(legal[rng.integers(len(legal))])
    for e in events(game, "monster_move"):
        assert tuple(e["to"]) not in game.board.spawns
        moved += 1
    assert moved > 20


# ------------------------------------------------------------------ moving
def test_a_reachable_chest_is_a_destination_and_wins():
    game = DungeonCrawlerGame.empty(0)
    game.add_adventurer(0, "Elf Thief", (9, 9))
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    game.apply_action(A.square((10, 10)))
    assert game.outcome == "win" and game.winner == 0 and game.returns() == [1.0, -1.0]


def test_move_continues_while_movement_lasts_then_ends():
    game = DungeonCrawlerGame.empty(0)
    hall_row(game)
    hero = game.add_adventurer(0, "Dwarf Warrior", (1, 1))  # MV 4
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    assert A.square((1, 6)) not in game.legal_actions()  # 5 squares: too far
    game.apply_action(A.square((1, 3)))
    assert game.ctx["mv"] == 2 and game.decision["kind"] == "move"
    game.apply_action(A.square((1, 5)))
    assert game.figures[hero].square == (1, 5)
    assert game.decision is None or game.decision["kind"] != "move"


def test_push_past_a_monster_win_loss_and_tie(rolls):
    game = DungeonCrawlerGame.empty(0)
    hall_row(game)
    hero = game.add_adventurer(0, "Human Warrior", (1, 3))
    zombie = game.add_monster(1, "Zombie", (1, 4))
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    r(4, 4)  # a tie: the defender wins
    game.apply_action(A.square((1, 4)))
    assert game.figures[hero].square == (1, 3)  # the move ended
    assert events(game, "push")[-1]["won"] is False
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    r(5, 2)
    game.apply_action(A.square((1, 4)))
    assert game.decision["kind"] == "push_to"
    assert A.square((1, 3)) in game.legal_actions()  # back where the pusher came from
    game.apply_action(A.square((1, 3)))
    assert game.figures[hero].square == (1, 4) and game.figures[zombie].square == (1, 3)
    assert game.ctx["mv"] == 4  # the push's step cost 1 of 5
    assert game.decision["kind"] == "move"  # it may keep moving


def test_an_opponent_rolls_for_a_monster_its_controller_pushes(rolls):
    """"Have an opponent roll for a Monster you control": pushing a rival's monster, its
    controller rolls for it; pushing one's own, the next player clockwise does; a pushed
    adventurer's player rolls for it."""
    game = DungeonCrawlerGame.empty(0, num_players=3)
    hall_row(game)
    game.add_adventurer(0, "Human Warrior", (1, 3))
    game.add_monster(0, "Zombie", (1, 4))  # player 0's own
    game.add_monster(2, "Zombie", (2, 3))  # player 2's
    game.add_adventurer(1, "Elf Thief", (0, 3))
    r = rolls(game)
    for square, roller in (((1, 4), 1), ((2, 3), 2), ((0, 3), 1)):
        game.start(0, steps=("adventurer",))
        game.apply_action(A.pair(1))
        r(1, 6)  # the pusher loses: nobody moves
        game.apply_action(A.square(square))
        push = events(game, "push")[-1]
        assert push["target"] == game.at[square]
        assert push["rolled_by"] == [0, roller]
        assert events(game, "push_roll")[-1]["rolled_by"] == [0, roller]


def test_unpushable_and_hurting_monsters(rolls):
    game = DungeonCrawlerGame.empty(0)
    hall_row(game)
    hero = game.add_adventurer(0, "Human Warrior", (1, 3))
    game.add_monster(1, "Minotaur", (1, 4))  # cannot be pushed
    game.add_monster(1, "Slime", (2, 3))  # hurts whoever pushes
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    assert A.square((1, 4)) not in game.legal_actions()
    r(6, 1)
    game.apply_action(A.square((2, 3)))
    assert game.figures[hero].wounds == 1 and events(game, "hurt_by")


def test_a_monster_pushed_into_lava_is_slain_by_the_pusher(rolls):
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("lava hall", (0, 1))  # lava at its corners
    hero = game.add_adventurer(0, "Human Warrior", (1, 2))
    skeleton = game.add_monster(1, "Skeleton", (1, 3))
    assert game.board.terrain[0, 3] == LAVA
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    r(6, 1)
    game.apply_action(A.square((1, 3)))
    assert A.square((0, 3)) in game.legal_actions()  # into the lava
    game.apply_action(A.square((0, 3)))
    assert skeleton not in game.figures
    slain = events(game, "slain")[-1]
    assert slain["by"] == 0 and game.figures[hero].square == (1, 3)


def test_a_monster_that_wins_may_push_the_adventurer_into_lava(rolls):
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("lava hall", (0, 1))
    hero = game.add_adventurer(0, "Human Warrior", (1, 4))  # lava at (0,5) and (2,5)
    game.add_monster(1, "Skeleton", (1, 5))
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    r(1, 6)
    game.apply_action(A.square((1, 5)))
    assert game.decision["kind"] == "lava_push" and game.current_player() == 1
    game.apply_action(A.square((0, 5)))
    assert hero not in game.figures and game.seats[0].hero is None


# ---------------------------------------------------------------- attacking
def test_melee_hits_on_defence_or_more_and_wounds_slay(rolls):
    game = DungeonCrawlerGame.empty(0)
    hall_row(game)
    game.add_adventurer(0, "Human Warrior", (1, 3))  # 3 dice +1
    zombie = game.add_monster(1, "Zombie", (1, 4))  # DEF 3, BP 3
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(0))  # attack, then move
    r(1, 2, 6)  # 2, 3, 7 against DEF 3: two hits
    game.apply_action(A.square((1, 4)))
    assert game.figures[zombie].wounds == 2
    assert events(game, "attack_roll")[-1]["hits"] == 2


def test_ranged_needs_line_of_sight_and_no_adjacent_target():
    game = DungeonCrawlerGame.empty(0)
    hall_row(game)
    game.add_adventurer(0, "Human Thief", (1, 1))
    near = game.add_monster(1, "Zombie", (1, 2))
    far = game.add_monster(1, "Zombie", (1, 5))
    hidden = game.add_monster(1, "Zombie", (19, 19))
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(0))
    legal = game.legal_actions()
    assert A.square((1, 2)) in legal  # melee
    assert A.square((1, 5)) in legal  # ranged, in sight
    assert A.square((19, 19)) not in legal
    assert near and far and hidden


def test_area_attack_hits_every_figure_in_the_3x3_but_the_attacker(rolls):
    game = DungeonCrawlerGame.empty(0)
    hall_row(game)
    wizard = game.add_adventurer(0, "Human Wizard", (1, 1))
    a = game.add_monster(1, "Zombie", (1, 4))
    b = game.add_monster(0, "Zombie", (2, 5))  # the wizard's own monster too
    game.add_adventurer(1, "Human Thief", (0, 4))
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(0))
    r(6, 6, 6, 6, 6, 6)
    game.apply_action(A.square((1, 4)))
    rolled = [e["target"] for e in events(game, "attack_roll")]
    assert sorted(rolled) == sorted([a, b, game.seats[1].hero])
    assert wizard not in rolled


def test_slain_adventurer_respawns_by_the_die(rolls):
    game = DungeonCrawlerGame.empty(0)
    hero = game.add_adventurer(0, "Elf Thief", (1, 1))
    game._slay(hero, None)
    assert game.seats[0].hero is None and game.seats[0].card is None
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    assert sorted(names(game)) == ["spawn+attack", "spawn+move"]
    game.apply_action(A.pair(4))
    assert game.decision["kind"] == "choose_adventurer"
    r(2)
    game.apply_action(A.adventurer(5))  # any free adventurer
    new = game.seats[0].hero
    assert game.figures[new].name == "Elf Wizard"
    assert game.figures[new].square == game.board.spawn_squares(2)[0]


def test_respawn_on_an_occupied_point_takes_the_next_number_down(rolls):
    game = DungeonCrawlerGame.empty(0)
    game.add_adventurer(1, "Human Thief", game.board.spawn_squares(1)[0])
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(3))
    r(1)  # 1 is taken: wrap to the highest number on the board, 5: a choice of 5s
    game.apply_action(A.adventurer(0))
    assert game.decision["kind"] == "respawn_square"
    assert len(game.legal_actions()) == 4
    r6 = game.board.spawn_squares(5)[2]
    game.apply_action(A.square(r6))
    assert game.figures[game.seats[0].hero].square == r6


def test_respawn_six_without_the_floating_six_is_any_free_point(rolls):
    game = DungeonCrawlerGame.empty(0)
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(3))
    r(6)
    game.apply_action(A.adventurer(0))
    assert game.decision["kind"] == "respawn_square"
    assert len(game.legal_actions()) == 8


def test_no_exits_pick_up_keeps_the_adventurer_for_a_later_spawn():
    from labyrinth_gym.envs.dungeon_crawler.engine.data import Picture

    game = DungeonCrawlerGame.empty(0)
    game.board._paint((1, 1), Picture(("###", "#.#", "###")), "cell")  # a closed cell
    game.add_adventurer(0, "Human Thief", (4, 4))
    game.start(0, steps=("adventurer",))
    assert A.PICK_UP in game.legal_actions()  # no move, nothing to attack
    game.apply_action(A.PICK_UP)
    assert game.seats[0].hero is None and game.seats[0].card is not None
    game.start(0, steps=("adventurer",))
    assert sorted(names(game)) == ["spawn+attack", "spawn+move"]
    game.apply_action(A.pair(4))
    assert A.adventurer(game.seats[0].card) in game.legal_actions()  # its own card
    # an adventurer that can attack has exits
    other = DungeonCrawlerGame.empty(0)
    other.add_adventurer(0, "Human Warrior", (1, 1))
    for sq in ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)):
        other.add_monster(1, "Minotaur", sq)  # unpushable, all round it
    other.start(0, steps=("adventurer",))
    assert A.PICK_UP not in other.legal_actions()


def test_illegal_action_names_the_legal_set():
    game = new_game(0)
    with pytest.raises(IllegalActionError, match="legal actions"):
        game.apply_action(A.PICK_UP)


# --------------------------------------------------------------- contract
def test_same_seed_same_game_and_round_trip():
    def play(seed):
        g = new_game(seed, num_players=3, max_rounds=8)
        rng = np.random.default_rng(seed)
        while not g.is_terminal():
            legal = g.legal_actions()
            g.apply_action(legal[rng.integers(len(legal))])
        return g

    assert play(4).events == play(4).events
    g = new_game(9, num_players=4, max_rounds=6)
    rng = np.random.default_rng(9)
    step = 0
    while not g.is_terminal():
        if step % 13 == 0:
            copy = DungeonCrawlerGame.from_dict(json.loads(json.dumps(g.to_dict())))
            twin = g.clone()
            assert copy.legal_actions() == g.legal_actions() == twin.legal_actions()
            r1 = np.random.default_rng(step)
            for other in (copy, twin):
                mine = g.clone()
                r1 = np.random.default_rng(step)
                for _ in range(15):
                    if mine.is_terminal():
                        break
                    legal = mine.legal_actions()
                    a = legal[r1.integers(len(legal))]
                    mine.apply_action(a)
                    other.apply_action(a)
                assert mine.to_dict() == other.to_dict()
        legal = g.legal_actions()
        g.apply_action(legal[rng.integers(len(legal))])
        step += 1


def test_a_specter_moves_through_walls_to_attack():
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("dead end", (0, 1))  # open only at (0,4) and (1,4): walled in
    thief = game.add_adventurer(1, "Human Thief", (1, 4))
    specter = game.add_monster(0, "Specter", (1, 1))
    zombie = game.add_monster(0, "Zombie", (2, 1))
    game.start(0, steps=("monsters_move", "monsters_attack"))
    # the walker cannot get there; the specter passes the wall and stands in it
    assert game.figures[specter].square == (0, 3)
    assert game.board.terrain[0, 3] == 2
    attacks = [e for e in events(game, "attack") if e["attacker"] == specter]
    assert attacks and attacks[0]["targets"] == ["Human Thief"]
    assert all(e["attacker"] != zombie for e in events(game, "attack")) and thief


def test_a_flyer_makes_room_for_a_walker_to_attack_too():
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("lava bridge", (0, 1))  # a corridor at column 4 between lava
    thief = game.add_adventurer(1, "Human Thief", (2, 4))
    gargoyle = game.add_monster(0, "Gargoyle", (1, 4))  # flies: lava is floor to it
    zombie = game.add_monster(0, "Zombie", (0, 4))  # can attack only from (1,4)
    game.start(0, steps=("monsters_move", "monsters_attack"))
    assert game.figures[gargoyle].square in ((1, 3), (1, 5))  # over the lava
    assert game.figures[zombie].square == (1, 4)
    attackers = {e["attacker"] for e in events(game, "attack")}
    assert attackers == {gargoyle, zombie} and thief
    assert any(e.get("tactic") == "make room" for e in events(game, "monster_move"))


def test_a_flyer_stays_when_no_walker_needs_its_square():
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("lava bridge", (0, 1))
    game.add_adventurer(1, "Human Thief", (2, 4))
    gargoyle = game.add_monster(0, "Gargoyle", (1, 4))
    game.start(0, steps=("monsters_move",))
    assert game.figures[gargoyle].square == (1, 4)
