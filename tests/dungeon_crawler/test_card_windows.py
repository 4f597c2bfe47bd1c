"""Scripted positions for issue 28's rule fixes of the treasure cards: "You may play
Event and Loot cards at any time (even after a roll has been made ...)" (card windows
in every activation, the holder's or not) and "The Doppelganger counts as a Monster"."""

from __future__ import annotations

from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.game import (
    MAX_MONSTERS,
    DungeonCrawlerGame,
)

from .test_rules import events, hall_row, passing
from .test_treasure import cid, duel, play


def decisions_until_pair(game, p=0):
    """(kind, player) of every decision up to ``p``'s pair; windows passed, the rest
    answered with their first legal action."""
    seen = []
    while not (game.decision["kind"] == "pair" and game.current_player() == p):
        seen.append((game.decision["kind"], game.current_player()))
        kind = game.decision["kind"]
        game.apply_action(A.DONE if kind == "card_window" else game.legal_actions()[0])
    return seen


# ------------------------------------------------------------ at any time
def test_another_player_is_offered_its_cards_before_each_step_of_an_activation():
    game = DungeonCrawlerGame.empty(0, num_players=3)
    hall_row(game)
    game.add_adventurer(0, "Human Warrior", (1, 3))
    game.add_adventurer(1, "Elf Thief", (1, 7))
    game.give_card(1, "Pit Trap")
    game.start(0)
    seen = decisions_until_pair(game)
    # before steps 1-5: monsters move, monsters attack, the tile, the spawn, the
    # adventurer (player 0 has no monster, so its steps 1 and 2 ask nothing else)
    assert seen == [("card_window", 1), ("card_window", 1), ("card_window", 1),
                    ("place_tile", 0), ("card_window", 1), ("spawn_square", 0),
                    ("card_window", 1)]


def test_a_card_played_in_another_players_activation_takes_effect_at_once():
    game = DungeonCrawlerGame.empty(0, num_players=2)
    hall_row(game)
    hero = game.add_adventurer(0, "Human Warrior", (1, 3))
    game.add_adventurer(1, "Elf Thief", (1, 7))
    game.give_card(1, "Pit Trap")
    game.start(0)
    assert game.decision["kind"] == "card_window" and game.current_player() == 1
    assert game.legal_actions() == [A.DONE, play("Pit Trap")]
    game.apply_action(play("Pit Trap"))
    game.apply_action(A.square((1, 3)))
    assert game.figures[hero].wounds == 1
    assert events(game, "play_card")[-1] == {
        "player": 1, "card": "Pit Trap", "at": "card_window", "turn": game.turn,
        "type": "play_card"}
    assert cid("Pit Trap") in game.treasure_discard
    # the window is over for player 1 (no card left); player 0's activation goes on
    assert game.decision["kind"] in ("place_tile", "card_window")
    assert game.current_player() == 0


def test_cards_of_the_holders_own_activation_are_not_offered_in_windows():
    """Potions, Quickness and Rapid Strike act on their holder's own adventurer phase:
    another player's windows do not ask for them."""
    game = DungeonCrawlerGame.empty(0, num_players=2)
    hall_row(game)
    game.add_adventurer(0, "Human Warrior", (1, 3))
    game.add_adventurer(1, "Elf Thief", (1, 7))
    for name in ("Potion of Flight", "Potion of Firewalk", "Potion of Quickness",
                 "Rapid Strike"):
        game.give_card(1, name)
    game.start(0)
    assert ("card_window", 1) not in decisions_until_pair(game)
    game.start(1, steps=("adventurer",))
    assert play("Potion of Flight") in game.legal_actions()  # its own phase


def test_after_a_roll_every_holder_may_play_before_it_resolves(rolls):
    """A monster of player 0 attacks player 1's adventurer; player 2, neither side of
    the roll, plays Healing Font after it and before its wounds; player 1's Defensive
    Prowess (a roll card) is asked first, in the roll's own window."""
    game = DungeonCrawlerGame.empty(0, num_players=3)
    hall_row(game)
    rival = game.add_adventurer(1, "Human Warrior", (1, 3))
    game.add_monster(0, "Zombie", (1, 4))
    game.add_adventurer(2, "Elf Thief", (1, 12))
    third_monster = game.add_monster(2, "Zombie", (1, 13))
    game.figures[third_monster].wounds = 2
    game.give_card(1, "Defensive Prowess")
    game.give_card(2, "Healing Font")
    r = rolls(game)
    r(6, 1)
    game.start(0, steps=("monsters_attack",))
    assert game.decision["kind"] == "roll_window" and game.current_player() == 1
    game.apply_action(A.DONE)
    assert game.decision["kind"] == "card_window" and game.current_player() == 2
    assert not events(game, "hits")  # the roll has not resolved yet
    game.apply_action(play("Healing Font"))
    assert game.figures[third_monster].wounds == 0
    passing(game)
    assert events(game, "hits")[-1]["hits"] == 1 and game.figures[rival].wounds == 1


def test_a_trap_played_between_the_rolls_of_an_area_attack_loses_no_target(rolls):
    """An attack a card starts while another is under way is rolled and resolved first;
    the first attack's remaining targets are still rolled for after it."""
    game = DungeonCrawlerGame.empty(0, num_players=2)
    hall_row(game)
    wizard = game.add_adventurer(0, "Human Wizard", (1, 1))
    a = game.add_monster(1, "Zombie", (1, 5))
    b = game.add_monster(1, "Zombie", (2, 5))
    game.add_adventurer(1, "Elf Thief", (1, 13))
    game.give_card(1, "Spear Trap")
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(2))  # attack and attack
    r(6, 6)
    game.apply_action(A.square((1, 4)))  # the 3x3 holds both zombies
    assert game.decision["kind"] == "card_window" and game.current_player() == 1
    game.apply_action(play("Spear Trap"))
    r(6, 6, 6, 6)  # the trap's two dice, then the area's at the second zombie
    game.apply_action(A.square((1, 1)))  # on the wizard: 2 wounds
    passing(game)
    assert game.figures[wizard].wounds == 2
    assert [e["target"] for e in events(game, "attack_roll")] == [a, wizard, b]
    assert game.figures[b].wounds == 2 and game.figures[a].wounds == 2


def test_a_push_is_void_when_a_card_after_its_roll_moved_the_target(rolls):
    game, hero = duel()
    rival = game.add_adventurer(1, "Elf Thief", (1, 4))
    game.give_card(1, "Sliding Trap")
    r = rolls(game)
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    r(6, 1)  # player 0 would win the push
    game.apply_action(A.square((1, 4)))
    assert game.decision["kind"] == "card_window" and game.current_player() == 1
    game.apply_action(play("Sliding Trap"))
    game.apply_action(A.square((1, 4)))
    game.apply_action(A.square((2, 5)))  # slid away
    assert game.figures[rival].square == (2, 5)
    passing(game)
    assert events(game, "push_void") and not events(game, "push")
    assert game.figures[hero].square == (1, 3)
    assert game.decision["kind"] == "move" and game.current_player() == 0


def test_round_trip_in_a_card_window():
    game = DungeonCrawlerGame.empty(0, num_players=2)
    hall_row(game)
    game.add_adventurer(0, "Human Warrior", (1, 3))
    game.add_adventurer(1, "Elf Thief", (1, 7))
    game.give_card(1, "Pit Trap")
    game.start(0)
    copy = DungeonCrawlerGame.from_dict(game.to_dict())
    for g in (game, copy):
        g.apply_action(A.DONE)
    assert copy.to_dict() == game.to_dict()


# ---------------------------------------------------------- the Doppelganger
def test_the_doppelganger_is_a_monster_under_its_players_maximum(rolls):
    """"The Doppelganger counts as a Monster": played, it is a monster figure of its
    player, placed where a drawn monster spawns, counted toward the maximum; slain,
    its card goes to the treasure discard, not to the encounter discards."""
    game, hero = duel()
    game.add_adventurer(1, "Elf Thief", (1, 13))
    game.give_card(0, "Doppelganger")
    game.start(0, steps=("adventurer",))
    game.apply_action(play("Doppelganger"))
    assert game.decision["kind"] == "spawn_square"
    assert sorted(A.decode(a)[1] for a in game.legal_actions()) == game._spawn_squares()
    spot = game.board.spawn_squares(2)[0]
    game.apply_action(A.square(spot))
    (dopp,) = game.seats[0].monsters
    f = game.figures[dopp]
    assert (f.kind, f.name, f.owner) == ("monster", "Doppelganger", 0)
    assert f.square != spot  # spawned on a spawn point, it moved off
    assert cid("Doppelganger") not in game.treasure_discard
    r = rolls(game)
    r(6, 6, 6, 6, 6, 6)
    game._wound(dopp, 99, by=hero)
    assert dopp not in game.figures and not game.seats[0].monsters
    assert cid("Doppelganger") in game.treasure_discard
    assert "Doppelganger" not in game.encounter_discard


def test_the_doppelganger_cannot_be_played_at_the_maximum():
    game, hero = duel()
    game.give_card(0, "Doppelganger")
    for i in range(MAX_MONSTERS[2]):
        game.add_monster(0, "Zombie", (20, i))
    game.start(0, steps=("adventurer",))
    assert play("Doppelganger") not in game.legal_actions()
    game._remove(game.seats[0].monsters[0])
    game.start(0, steps=("adventurer",))
    assert play("Doppelganger") in game.legal_actions()
