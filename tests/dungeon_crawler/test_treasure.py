"""Scripted positions for the treasure deck: drawing, the 40 cards, and the card windows
after rolls."""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.data import tiles, treasure_cards
from labyrinth_gym.envs.dungeon_crawler.engine.game import DungeonCrawlerGame
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    FLOOR,
    LAVA,
    UNREVEALED,
    WALL,
)

from .test_rules import events, hall_row, names, passing

LOOT = ["Amulet of Protection", "Combat Prowess", "Defensive Prowess", "Magic Belt",
        "Magic Boots", "Magic Cloak", "Magic Ring", "Magic Weapon", "Potion of Firewalk",
        "Potion of Flight", "Potion of Healing", "Potion of Quickness", "Power Card I",
        "Power Card II", "Power Card III", "Power Card IV", "Ranged Attack", "Rapid Strike",
        "Scroll of Fireball", "Scroll of Teleportation"]
EVENTS = ["Cave In", "Crushing Trap", "Doppelganger", "Extra Wealth", "False Treasure",
          "Healing Font", "Lure", "Map", "Mirror Trap", "Pit Trap", "Reinforcements",
          "Rotating Rooms", "Secret Door", "Shifting Rooms", "Sliding Trap", "Spear Trap",
          "Summoning Trap", "Switch Trap", "Teleport Trap", "Warp Space"]


def cid(name):
    return next(c.cid for c in treasure_cards() if c.name == name)


def play(name):
    return A.card(cid(name))


def duel(hero="Human Warrior", at=(1, 3)):
    """Player 0's adventurer in the open top row, asked for its pair."""
    game = DungeonCrawlerGame.empty(0)
    hall_row(game)
    h = game.add_adventurer(0, hero, at)
    return game, h


# ----------------------------------------------------------------- the deck
def test_the_rulebooks_forty_cards_one_of_each_name():
    cards = treasure_cards()
    assert [c.name for c in cards if c.kind == "loot"] == LOOT
    assert [c.name for c in cards if c.kind == "event"] == EVENTS
    game = DungeonCrawlerGame.new(0)
    assert sorted(game.treasure) == list(range(40))
    assert game.treasure != sorted(game.treasure)  # shuffled


def test_slaying_a_monster_draws_its_treasure(rolls):
    game, hero = duel()
    skeleton = game.add_monster(1, "Skeleton", (1, 4))  # BP 2, treasure 1
    zombie = game.add_monster(1, "Zombie", (1, 2))  # treasure 0
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(2))
    r(6, 6, 6)
    game.apply_action(A.square((1, 2)))
    assert zombie not in game.figures and not game.seats[0].hand
    top = game.treasure[-1]
    r(6, 6, 6)
    game.apply_action(A.square((1, 4)))
    assert skeleton not in game.figures
    assert game.seats[0].hand == [top]
    assert events(game, "draw_treasure")[-1]["card"] == treasure_cards()[top].name


def test_moving_over_a_pile_collects_it_and_a_push_does_not():
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("treasure hall", (0, 1))  # piles at (0, 4) and (2, 4)
    assert game.board.piles == {(0, 4), (2, 4)}
    hero = game.add_adventurer(0, "Human Warrior", (1, 2))
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    game.apply_action(A.square((0, 5)))  # along the top row, over (0, 4)
    path = [tuple(sq) for sq in events(game, "move")[-1]["path"]]
    assert (0, 4) in path and game.figures[hero].square == (0, 5)
    assert (0, 4) not in game.board.piles and len(game.seats[0].hand) == 1
    assert (2, 4) in game.board.piles


def test_an_empty_deck_is_rebuilt_from_the_discards():
    game, hero = duel()
    game.treasure_discard, game.treasure = game.treasure, []
    assert game._draw_treasure(0, 2) == 2
    assert len(game.treasure) == 38 and not game.treasure_discard
    assert events(game, "treasure_reshuffled")


def test_a_slain_adventurer_loses_its_hand_and_equipment():
    game, hero = duel()
    game.give_card(0, "Magic Belt")
    game.give_card(0, "Power Card I")
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Magic Belt"))
    assert game.seats[0].equipped == [cid("Magic Belt")]
    game._slay(hero, None)
    assert not game.seats[0].hand and not game.seats[0].equipped
    assert sorted(game.treasure_discard) == sorted([cid("Magic Belt"), cid("Power Card I")])


# ------------------------------------------------------------ card windows
def push_past(game, rolls, mine, theirs):
    """Player 0's adventurer at (1, 3) moves and pushes past the figure at (1, 4), the
    dice showing ``mine`` and ``theirs``."""
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    r(mine, theirs)
    game.apply_action(A.square((1, 4)))


def test_a_power_card_after_a_push_roll_turns_a_loss_into_a_win(rolls):
    game, hero = duel()
    zombie = game.add_monster(1, "Zombie", (1, 4))
    game.give_card(0, "Power Card II")
    push_past(game, rolls, 3, 4)  # lost as rolled
    assert game.decision["kind"] == "roll_window" and game.current_player() == 0
    assert names(game) == {"done": A.DONE, "play Power Card II": play("Power Card II")}
    game.apply_action(play("Power Card II"))  # 3 + 2 = 5 beats 4
    assert events(game, "push")[-1]["won"] is True
    game.apply_action(A.square((1, 3)))
    assert game.figures[hero].square == (1, 4) and game.figures[zombie].square == (1, 3)


def test_no_window_when_no_card_can_change_the_roll(rolls):
    game, hero = duel()
    game.add_monster(1, "Zombie", (1, 4))
    game.give_card(0, "Power Card I")
    push_past(game, rolls, 2, 5)  # +1 cannot win it
    assert game.decision is None or game.decision["kind"] != "roll_window"
    assert events(game, "push")[-1]["won"] is False


def test_the_defender_answers_a_push_with_its_own_power_card(rolls):
    game, hero = duel()
    game.add_adventurer(1, "Human Thief", (1, 4))
    game.give_card(1, "Power Card III")
    push_past(game, rolls, 5, 2)
    assert game.decision["kind"] == "roll_window" and game.current_player() == 1
    game.apply_action(play("Power Card III"))  # 2 + 3 = 5: a tie, the defender wins
    assert events(game, "push")[-1]["won"] is False


def test_defensive_prowess_cancels_the_hit_that_would_slay(rolls):
    game, hero = duel("Elf Thief")  # BP 5
    game.figures[hero].wounds = 4
    skeleton = game.add_monster(1, "Skeleton", (1, 4))
    game.give_card(0, "Defensive Prowess")
    r = rolls(game)
    r(6, 1, 1, 1, 1, 1)
    game.start(1, steps=("monsters_attack",))
    assert game.decision["kind"] == "roll_window" and game.current_player() == 0
    game.apply_action(play("Defensive Prowess"))
    assert hero in game.figures and game.figures[hero].wounds == 4
    assert skeleton in game.figures


def test_mirror_trap_turns_the_hits_on_the_attacker(rolls):
    game, hero = duel()
    zombie = game.add_monster(1, "Zombie", (1, 4))  # 2 dice, BP 3
    game.give_card(0, "Mirror Trap")
    r = rolls(game)
    r(6, 6)
    game.start(1, steps=("monsters_attack",))
    assert game.decision["kind"] == "roll_window"
    game.apply_action(play("Mirror Trap"))
    assert game.figures[hero].wounds == 0
    assert game.figures[zombie].wounds == 2
    assert events(game, "hits")[-1]["reflected"] is True


def test_combat_prowess_rolls_the_misses_again(rolls):
    game, hero = duel()
    zombie = game.add_monster(1, "Zombie", (1, 4))  # DEF 3
    game.give_card(0, "Combat Prowess")
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(0))
    r(1, 1, 6)  # 2, 2, 7: one hit
    game.apply_action(A.square((1, 4)))
    assert game.decision["kind"] == "roll_window"
    r(5, 6)  # the two misses again: 6 and 7
    game.apply_action(play("Combat Prowess"))
    assert zombie not in game.figures  # three hits on BP 3


def test_a_power_card_on_the_respawn_roll(rolls):
    game = DungeonCrawlerGame.empty(0)
    game.give_card(0, "Power Card I")
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(4))
    r(1)
    game.apply_action(A.adventurer(0))
    assert game.decision["kind"] == "roll_window"
    game.apply_action(play("Power Card I"))  # 1 + 1 = 2
    hero = game.seats[0].hero
    assert game.figures[hero].square == game.board.spawn_squares(2)[0]


# ------------------------------------------------------------- equipment
def test_equipment_raises_defence_movement_and_body_points():
    game, hero = duel()
    for name in ("Amulet of Protection", "Magic Boots", "Magic Belt", "Magic Cloak"):
        game.give_card(0, name)
    game.start(0, steps=("adventurer",))
    base = game.defence(hero), game.hero_mv(0), game.bp(hero)
    for name in ("Amulet of Protection", "Magic Boots", "Magic Belt", "Magic Cloak"):
        assert game.decision["kind"] == "pair"  # the same decision, asked again
        game.apply_action(play(name))
    assert (game.defence(hero), game.hero_mv(0), game.bp(hero)) == (
        base[0] + 1, base[1] + 1, base[2] + 1)
    assert game.defence(hero, "ranged") == base[0] + 2  # the cloak, against ranged
    game.apply_action(A.pair(1))
    assert game.ctx["mv"] == base[1] + 1


def test_magic_ring_heals_as_the_activation_starts():
    game, hero = duel()
    game.seats[0].equipped.append(game.give_card(0, "Magic Ring"))
    game.seats[0].hand.clear()
    game.figures[hero].wounds = 3
    game.start(0, steps=("heal",))
    assert game.figures[hero].wounds == 2


# --------------------------------------------------- cards in an activation
def test_loot_needs_the_adventurer_on_the_board_and_events_do_not():
    game = DungeonCrawlerGame.empty(0)
    game.add_adventurer(1, "Human Thief", (1, 1))
    game.give_card(0, "Potion of Flight")
    game.give_card(0, "Pit Trap")
    game.start(0, steps=("adventurer",))
    legal = game.legal_actions()
    assert play("Pit Trap") in legal and play("Potion of Flight") not in legal


def test_potion_of_flight_crosses_lava_for_this_activation_only():
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("lava bridge", (0, 1))  # lava columns 3 and 5
    hero = game.add_adventurer(0, "Human Warrior", (1, 2))
    game.give_card(0, "Potion of Flight")
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    assert A.square((0, 3)) not in game.legal_actions()
    game.apply_action(play("Potion of Flight"))
    assert game.decision["kind"] == "move"
    game.apply_action(A.square((0, 3)))
    assert game.figures[hero].square == (0, 3)  # over lava, alive
    game.start(1, steps=("heal",))
    assert game.hero_mover(0).flight is False


def test_potion_of_quickness_adds_three_to_the_move():
    game, hero = duel()
    game.give_card(0, "Potion of Quickness")
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    game.apply_action(play("Potion of Quickness"))
    assert game.ctx["mv"] == 8 and game.decision["kind"] == "move"


def test_rapid_strike_gives_one_more_attack(rolls):
    game, hero = duel()
    zombie = game.add_monster(1, "Zombie", (1, 4))
    game.give_card(0, "Rapid Strike")
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Rapid Strike"))
    game.apply_action(A.pair(2))  # attack + attack, then one more
    for _ in range(3):
        r(1, 1, 1)
        game.apply_action(A.square((1, 4)))
    assert len(events(game, "attack_roll")) == 3 and zombie in game.figures


def test_ranged_attack_and_fireball_cards(rolls):
    game, hero = duel("Human Warrior", (1, 1))
    far = game.add_monster(1, "Skeleton", (1, 5))
    other = game.add_monster(1, "Skeleton", (2, 5))
    game.give_card(0, "Ranged Attack")
    game.give_card(0, "Scroll of Fireball")
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Ranged Attack"))
    assert game.decision["kind"] == "card_target"
    assert A.square((1, 5)) in game.legal_actions()
    r(6, 1)
    game.apply_action(A.square((1, 5)))
    assert game.decision["kind"] == "card_window"  # the Fireball may answer the roll
    game.apply_action(A.DONE)
    assert game.figures[far].wounds == 1
    assert game.decision["kind"] == "pair"
    game.apply_action(play("Scroll of Fireball"))
    r(6, 6, 6, 6, 6, 6)
    game.apply_action(A.square((1, 4)))  # (1,5) and (2,5) are in its 3x3
    assert far not in game.figures and other not in game.figures
    assert len(game.seats[0].hand) == 2  # a Skeleton's treasure each


def test_scroll_of_teleportation_and_warp_space():
    game, hero = duel()
    game.give_card(0, "Scroll of Teleportation")
    game.give_card(0, "Warp Space")
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Scroll of Teleportation"))
    targets = [A.decode(a)[1] for a in game.legal_actions()]
    assert all(max(abs(r - 1), abs(c - 3)) <= 5 for r, c in targets)
    assert (10, 10) not in targets
    game.apply_action(A.square((0, 8)))
    assert game.figures[hero].square == (0, 8)
    game.apply_action(play("Warp Space"))
    spot = game.board.spawn_squares(3)[0]
    assert A.square(spot) in game.legal_actions()
    game.apply_action(A.square(spot))
    assert game.figures[hero].square == spot


def test_cave_in_walls_a_square_and_secret_door_opens_one():
    game, hero = duel("Human Warrior", (1, 1))
    game.give_card(0, "Cave In")
    game.give_card(0, "Secret Door")
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Cave In"))
    assert A.square((10, 10)) not in game.legal_actions()  # never the chest's tile
    assert A.square((1, 1)) not in game.legal_actions()  # nor a figure's square
    game.apply_action(A.square((1, 2)))
    assert game.board.terrain[1, 2] == WALL
    assert not game.board.sees((1, 1), (1, 3))
    game.apply_action(play("Secret Door"))
    assert game.legal_actions() == [A.square((1, 2))]  # the wall next to it
    top3 = game.treasure[-3:]
    game.apply_action(A.square((1, 2)))
    assert game.board.terrain[1, 2] == FLOOR
    assert game.decision["kind"] == "keep"
    assert sorted(A.decode(a)[1][0] for a in game.legal_actions()) == sorted(top3)
    game.apply_action(A.card(top3[0]))
    assert game.seats[0].hand == [top3[0]]
    assert sorted(game.secret_room) == sorted(top3[1:])


def test_rotating_and_shifting_rooms():
    game, hero = duel("Human Warrior", (1, 1))
    game.place_tile("corridor", (1, 1))  # a north-south corridor below the top row
    game.give_card(0, "Rotating Rooms")
    game.give_card(0, "Shifting Rooms")
    deck = len(game.tile_deck)
    game.start(0, steps=("adventurer",))
    game.add_monster(1, "Zombie", (1, 7))
    game.apply_action(play("Rotating Rooms"))
    assert A.place((0, 2), 1) not in game.legal_actions()  # a figure stands there
    assert A.place((0, 0), 1) not in game.legal_actions()  # a mat room
    game.apply_action(A.place((1, 1), 1))
    assert game.board.terrain[4, 3] == FLOOR and game.board.terrain[3, 4] == WALL
    game.apply_action(play("Shifting Rooms"))
    game.apply_action(A.place((1, 1), 0))
    assert (1, 1) not in game.board.filled and game.board.terrain[4, 4] == UNREVEALED
    assert len(game.tile_deck) == deck + 1 and (1, 1) in game.board.open_slots()


def test_a_treasure_pile_token_only_when_the_tile_is_first_placed():
    """"Place a token there only when the tile is first placed on the board": a tile
    that Shifting Rooms shuffled back and that is placed again gets no new token; the
    other copy of that tile, placed for the first time, does."""
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("treasure hall", (0, 1))
    assert game.board.piles == {(0, 4), (2, 4)}
    hall = game.placed_tiles[(0, 1)]
    game.add_adventurer(0, "Human Warrior", (1, 1))
    game.give_card(0, "Shifting Rooms")
    game.give_card(0, "Map")
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Shifting Rooms"))
    game.apply_action(A.place((0, 1), 0))
    assert not game.board.piles  # its tokens went back to the supply
    game.tile_deck.remove(hall)
    game.tile_deck.append(hall)  # the Map draws it again
    game.apply_action(play("Map"))
    assert game.decision["tile"] == "treasure hall"
    game.apply_action(A.place((0, 1), 0))
    assert game.placed_tiles[(0, 1)] == hall
    assert not game.board.piles and events(game, "tile")[-1]["piles"] == 0
    game.place_tile("treasure hall", (0, 2))  # the other copy, first placed
    assert game.placed_tiles[(0, 2)] != hall
    assert game.board.piles == {(0, 7), (2, 7)}
    again = DungeonCrawlerGame.from_dict(game.to_dict())
    assert again.laid == game.laid and hall in again.laid


def test_map_places_a_tile_and_reinforcements_spawn_a_monster():
    game, hero = duel()
    game.give_card(0, "Map")
    game.give_card(0, "Reinforcements")
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Map"))
    assert game.decision["kind"] == "place_tile"
    game.apply_action(game.legal_actions()[0])
    assert game.decision["kind"] == "pair"
    game.apply_action(play("Reinforcements"))
    assert game.decision["kind"] == "spawn_square"
    game.apply_action(game.legal_actions()[0])
    assert len(game.seats[0].monsters) == 1


def test_traps_on_any_adventurer(rolls):
    game, hero = duel()
    rival = game.add_adventurer(1, "Elf Thief", (1, 7))
    for name in ("Pit Trap", "Spear Trap", "Crushing Trap"):
        game.give_card(0, name)
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Pit Trap"))
    game.apply_action(A.square((1, 7)))
    assert game.figures[rival].wounds == 1
    game.apply_action(play("Spear Trap"))
    r(3, 2)  # +1: 4 hits DEF 4, 3 does not
    game.apply_action(A.square((1, 7)))
    passing(game)  # (the Crushing Trap could be played after the roll)
    assert game.figures[rival].wounds == 2
    game.apply_action(play("Crushing Trap"))
    r(6, 6, 6)
    game.apply_action(A.square((1, 7)))
    assert rival not in game.figures


def test_sliding_trap_into_lava_destroys():
    game = DungeonCrawlerGame.empty(0)
    game.place_tile("lava hall", (0, 1))
    game.add_adventurer(0, "Human Warrior", (1, 1))
    rival = game.add_adventurer(1, "Elf Thief", (1, 4))
    game.give_card(0, "Sliding Trap")
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Sliding Trap"))
    game.apply_action(A.square((1, 4)))
    assert game.decision["kind"] == "slide_to"
    assert game.board.terrain[0, 5] == LAVA
    game.apply_action(A.square((0, 5)))
    assert rival not in game.figures and game.seats[1].hero is None


def test_switch_trap_and_teleport_trap(rolls):
    game, hero = duel()
    rival = game.add_adventurer(1, "Elf Thief", (1, 3 + 10))
    zombie = game.add_monster(1, "Zombie", (1, 6))
    for name in ("Switch Trap", "Teleport Trap"):
        game.give_card(0, name)
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Switch Trap"))
    game.apply_action(A.square((1, 6)))
    assert game.figures[hero].square == (1, 6) and game.figures[zombie].square == (1, 3)
    game.figures[rival].wounds = 2
    game.apply_action(play("Teleport Trap"))
    r(2)
    game.apply_action(A.square((1, 13)))
    assert game.figures[rival].square == game.board.spawn_squares(2)[0]
    assert game.figures[rival].wounds == 2  # moved, not slain


def test_summoning_trap_lure_and_false_treasure(rolls):
    game, hero = duel()
    rival = game.add_adventurer(1, "Elf Thief", (1, 7))
    theirs = game.add_monster(1, "Skeleton", (1, 10))
    game.give_card(1, "Power Card I")
    for name in ("Summoning Trap", "Lure", "False Treasure"):
        game.give_card(0, name)
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Summoning Trap"))
    game.apply_action(A.square((1, 7)))
    assert game.decision["kind"] == "spawn_square"
    squares = [A.decode(a)[1] for a in game.legal_actions()]
    assert squares and all(max(abs(r - 1), abs(c - 7)) == 1 for r, c in squares)
    game.apply_action(game.legal_actions()[0])
    assert len(game.seats[0].monsters) == 1 and events(game, "attack")  # it attacked
    game.apply_action(play("Lure"))
    game.apply_action(A.square((1, 10)))
    assert theirs in game.seats[0].monsters and game.figures[theirs].owner == 0
    assert rival in game.figures
    game.apply_action(play("False Treasure"))
    game.apply_action(A.square(game.figures[rival].square))
    assert not game.seats[1].hand and cid("Power Card I") in game.treasure_discard


def test_healing_font_and_potion_of_healing():
    game, hero = duel()
    mine = game.add_monster(0, "Zombie", (1, 8))
    game.figures[mine].wounds = 2
    game.figures[hero].wounds = 3
    game.give_card(0, "Healing Font")
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Healing Font"))
    assert game.figures[hero].wounds == 0 and game.figures[mine].wounds == 0


# ---------------------------------------------------------- hidden hands
def test_determinize_deals_rival_hands_again_and_keeps_ones_own():
    game = DungeonCrawlerGame.new(1, num_players=3)
    game.give_card(0, "Map")
    game.give_card(1, "Lure")
    game.give_card(1, "Pit Trap")
    view = game.observation_for(0)
    assert view["hand"] == ["Map"] and view["seats"][1]["hand_size"] == 2
    assert "Lure" not in str(view)
    seen = set()
    for s in range(20):
        d = game.determinize(0, np.random.default_rng(s))
        assert d.seats[0].hand == game.seats[0].hand
        assert len(d.seats[1].hand) == 2
        seen.add(tuple(d.seats[1].hand))
        everything = d.treasure + [c for seat in d.seats for c in seat.hand]
        assert sorted(everything) == list(range(40))
        assert d.observation_for(0) == view
    assert len(seen) > 1


def test_round_trip_mid_window(rolls):
    import json

    game, hero = duel()
    game.add_monster(1, "Zombie", (1, 4))
    game.give_card(0, "Power Card II")
    push_past(game, rolls, 3, 4)
    assert game.decision["kind"] == "roll_window"
    copy = DungeonCrawlerGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.legal_actions() == game.legal_actions()
    copy.apply_action(play("Power Card II"))
    assert events(copy, "push")[-1]["won"] is True
    assert tiles()  # the data loaded once for both
