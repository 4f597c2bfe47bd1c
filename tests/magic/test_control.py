"""Control-changing effects (rules 108.4, 613.1b layer 2, 302.6, 506.4, 611.2b,
800.4a): who controls a stolen permanent, for how long, and what changes with it."""

from __future__ import annotations

import json

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    finish_attacks,
    lands,
    pass_until,
    settle,
    slot,
    target_perm,
    to_combat,
    types_of,
)


def can_attack(game: MagicGame, pid: int) -> bool:
    return any(A.attack(slot(game, pid), r) in game.legal_actions() for r in (1, 2, 3))


def test_the_templates_compile():
    pool = compiled_pool().supported
    for name in ("Act of Treason", "Threaten", "Traitorous Blood", "Claim the Firstborn",
                 "Control Magic", "Mind Control", "Sower of Temptation",
                 "Zealous Conscripts"):
        assert name in pool, name


def test_act_of_treason_steals_untaps_gives_haste_and_returns_in_cleanup():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1, tapped=True)
    game.add_card("Act of Treason", 0)
    game.start_at("main1", 0)
    act(game, "Act of Treason")
    target_perm(game, bears)
    settle(game)
    perm = game.battlefield[bears]
    assert perm.controller == 0 and not perm.tapped and "haste" in game.chars(bears)[2]
    assert "control" in types_of(game)
    to_combat(game)
    attack(game, bears)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.life[1] == 18
    pass_until(game, "upkeep")  # seat 1's turn: the cleanup gave it back
    assert game.active == 1 and game.battlefield[bears].controller == 1
    assert [e["player"] for e in game.events if e["type"] == "control"] == [0, 1]
    to_combat(game)
    assert can_attack(game, bears)  # its owner's turn began with it under control


def test_an_aura_steals_for_as_long_as_it_is_attached_and_the_creature_is_sick():
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    lands(game, 1, "Forest", "Forest")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Control Magic", 0)
    game.add_card("Naturalize", 1)
    game.start_at("main1", 0)
    act(game, "Control Magic")
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[bears].controller == 0
    to_combat(game)
    assert not can_attack(game, bears)  # 302.6: not controlled since the turn began
    pass_until(game, "upkeep")
    assert game.active == 1 and game.battlefield[bears].controller == 0  # it lasts
    pass_until(game, "main1")
    act(game, "Naturalize")
    (aura,) = [p for p in game.battlefield if game.pdef(p).name == "Control Magic"]
    target_perm(game, aura)
    settle(game)
    assert game.battlefield[bears].controller == 1


def test_the_latest_control_effect_wins_and_the_earlier_one_resumes():
    """613.7: layer 2 effects apply in timestamp order; when Act of Treason ends, the
    older Control Magic decides again."""
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    lands(game, 1, "Mountain", "Mountain", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Control Magic", 0)
    game.add_card("Act of Treason", 1)
    game.start_at("main1", 0)
    act(game, "Control Magic")
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[bears].controller == 0
    pass_until(game, "upkeep")
    pass_until(game, "main1")  # seat 1's turn
    assert game.active == 1
    act(game, "Act of Treason")
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[bears].controller == 1
    pass_until(game, "upkeep")
    assert game.active == 0 and game.battlefield[bears].controller == 0


def test_a_creature_that_changes_control_leaves_combat():
    """506.4: an attacker whose controller changes is removed from combat: it deals no
    combat damage."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, bears)
    finish_attacks(game)
    game.gain_control(bears, 1, until_end_of_turn=True)
    assert bears not in game.attackers
    pass_until(game, "main2")
    assert game.life == [20, 20]


def test_a_stolen_creature_dies_into_its_owners_graveyard():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Act of Treason", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Act of Treason")
    target_perm(game, bears)
    settle(game)
    act(game, "Shock")
    target_perm(game, bears)
    settle(game)
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Grizzly Bears"]


def test_control_for_as_long_as_the_source_remains_ends_when_it_leaves():
    """Sower of Temptation: when it leaves, the duration ends (611.2b)."""
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    lands(game, 1, "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Sower of Temptation", 0)
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    act(game, "Sower of Temptation")
    settle(game)
    target_perm(game, bears)  # its enters trigger targets
    settle(game)
    assert game.battlefield[bears].controller == 0
    (sower,) = [p for p in game.battlefield if game.pdef(p).name == "Sower of Temptation"]
    game.apply_action(A.PASS)
    act(game, "Shock")
    target_perm(game, sower)
    settle(game)
    assert sower not in game.battlefield and game.battlefield[bears].controller == 1


def test_a_player_who_leaves_gives_back_what_they_took():
    """800.4a: the effects giving the leaving player control end before their objects
    leave: the stolen creature stays, under its owner."""
    game = blank(players=3)
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 1, "Mountain")
    game.add_card("Shock", 1)
    game.life[0] = 2
    game.start_at("main1", 1)
    game.gain_control(bears, 0, until_end_of_turn=False)
    assert game.battlefield[bears].controller == 0
    act(game, "Shock")
    game.apply_action(A.player(2))  # seat 0, two seats after seat 1
    settle(game)
    assert game.lost[0]
    assert bears in game.battlefield and game.battlefield[bears].controller == 1


def test_control_survives_a_round_trip_and_a_clone():
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Control Magic", 0)
    game.start_at("main1", 0)
    game.gain_control(bears, 0, until_end_of_turn=True)
    back = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    for other in (back, game.clone()):
        assert other.battlefield[bears].control == game.battlefield[bears].control
        pass_until(other, "upkeep")
        assert other.battlefield[bears].controller == 1
