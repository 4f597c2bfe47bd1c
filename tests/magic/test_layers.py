"""Until-end-of-turn characteristic changes (rule 613 layers 4-7b, 205.1b,
:class:`~effects.Becomes`): lands that become creatures, and creatures that lose all
abilities with a new base power and toughness, under counters and pumps."""

from __future__ import annotations

import json

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
)


def test_the_templates_compile():
    pool = compiled_pool().supported
    for name in ("Mutavault", "Celestial Colonnade", "Treetop Village", "Faerie Conclave",
                 "Dread Statuary", "Turn to Frog", "Ovinize", "Humble"):
        assert name in pool, name


def test_a_manland_attacks_as_a_creature_and_is_a_land_again_after_the_turn():
    game = blank()
    village = game.add_permanent("Treetop Village", 0)
    lands(game, 0, "Forest", "Forest")
    game.start_at("main1", 0)
    d = game.pdef(village)
    assert not d.is_creature
    act(game, f"activate slot {slot(game, village)}")
    settle(game)
    d = game.pdef(village)
    assert d.is_creature and d.is_land and d.subtypes == ("Ape",) and d.colours == ("G",)
    assert game.chars(village) == (3, 3, frozenset({"trample"}))
    to_combat(game)
    attack(game, village)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.life[1] == 17
    pass_until(game, "upkeep")
    assert not game.pdef(village).is_creature and game.pdef(village).name == "Treetop Village"


def test_mutavault_has_every_creature_type():
    game = blank()
    vault = game.add_permanent("Mutavault", 0)
    lands(game, 0, "Wastes") if "Wastes" in compiled_pool().supported else lands(
        game, 0, "Forest")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, vault)}")
    settle(game)
    subtypes = game.pdef(vault).subtypes
    assert {"Goblin", "Elf", "Sliver", "Human"} <= set(subtypes)
    assert game.chars(vault)[:2] == (2, 2)


def test_turn_to_frog_sets_base_stats_under_counters_and_pumps_and_removes_abilities():
    """613.4: the base 1/1 of layer 7b, then the +1/+1 counter and Giant Growth of 7c;
    flying is lost (layer 6). It ends in the cleanup step."""
    game = blank()
    lands(game, 0, "Island", "Island", "Forest")
    angel = game.add_permanent("Serra Angel", 0, counters={"+1/+1": 1})
    game.add_card("Turn to Frog", 0)
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    act(game, "Turn to Frog")
    target_perm(game, angel)
    settle(game)
    act(game, "Giant Growth")
    target_perm(game, angel)
    settle(game)
    assert game.chars(angel) == (5, 5, frozenset())
    d = game.pdef(angel)
    assert d.subtypes == ("Frog",) and d.colours == ("U",) and d.name == "Serra Angel"
    pass_until(game, "upkeep")
    assert game.chars(angel) == (5, 5, frozenset({"flying", "vigilance"}))


def test_a_creature_that_lost_its_abilities_makes_no_mana_and_triggers_nothing():
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island", "Forest", "Forest")
    elves = game.add_permanent("Llanowar Elves", 1)
    warden = game.add_permanent("Soul Warden", 1)  # another creature enters: gain 1
    forest = game.add_permanent("Forest", 1)
    game.add_card("Ovinize", 0)
    game.add_card("Ovinize", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Ovinize)")
    target_perm(game, elves)
    settle(game)
    act(game, "Ovinize")
    target_perm(game, warden)
    settle(game)
    assert game.chars(elves)[:2] == (0, 1)
    assert [s.pid for s in game._sources(1)] == [forest]  # the Elves' {T}: add {G} is gone
    act(game, "Grizzly Bears")
    settle(game)
    assert any(game.pdef(p).name == "Grizzly Bears" for p in game.battlefield)
    assert game.life == [20, 20]  # the Warden's trigger is gone too


def test_a_changed_permanent_survives_a_round_trip_and_a_clone():
    game = blank()
    village = game.add_permanent("Treetop Village", 0)
    lands(game, 0, "Forest", "Forest")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, village)}")
    settle(game)
    back = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    for other in (back, game.clone()):
        assert other.pdef(village).is_creature
        assert other.chars(village) == game.chars(village)
