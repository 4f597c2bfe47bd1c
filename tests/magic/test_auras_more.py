"""Scripted positions for Auras, Equipment and targeting triggers: heroic and "becomes
the target of a spell" (603.2), bestow (702.103), type-changing and ability-granting
Auras (613, 305.7), enchant player (303.4), Auras put onto the battlefield (303.4f) and
Equipment granting quoted abilities. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import act, blank, lands, settle, target_perm


# ------------------------------------------------------------ heroic (603.2)
def test_603_2_heroic_lines_compile():
    pool = compiled_pool().supported
    for name in ("Favored Hoplite", "Fabled Hero", "Akroan Crusader",
                 "Battlewise Hoplite", "Phalanx Leader", "Anax and Cymede"):
        assert pool[name].triggered[-1].trigger == fx.Trigger("cast_targets"), name
    assert pool["Labyrinth Guardian"].triggered[0].trigger == fx.Trigger(
        "becomes_target_spell")


def growth_on(card: str, caster: int = 0):
    """Seat ``caster`` casts Giant Growth at seat 0's ``card``."""
    game = blank()
    pid = game.add_permanent(card, 0)
    lands(game, caster, "Forest")
    game.add_card("Giant Growth", caster)
    game.start_at("main1", caster)
    act(game, "Giant Growth")
    target_perm(game, pid)
    return game, pid


def test_603_2_heroic_triggers_above_the_spell_that_targets_it():
    game, hoplite = growth_on("Favored Hoplite")
    game._run()
    # the trigger goes on the stack above the spell and resolves first
    assert [game.name_of(s.card) for s in game.stack] == ["Giant Growth",
                                                          "Favored Hoplite"]
    settle(game)
    assert game.battlefield[hoplite].counters.get("+1/+1") == 1
    assert game.chars(hoplite)[0] == 1 + 1 + 3


def test_603_2_heroic_not_for_an_opponents_spell():
    game, hoplite = growth_on("Favored Hoplite", caster=1)
    game._run()
    assert [game.name_of(s.card) for s in game.stack] == ["Giant Growth"]
    settle(game)
    assert not game.battlefield[hoplite].counters.get("+1/+1")


def test_603_2_heroic_not_for_an_ability():
    game = blank()
    leader = game.add_permanent("Phalanx Leader", 0)
    game.add_permanent("Prodigal Pyromancer", 0)
    game.start_at("main1", 0)
    act(game, "activate")
    target_perm(game, leader)
    game._run()
    assert [game.name_of(s.card) for s in game.stack] == ["Prodigal Pyromancer"]


def test_603_2_heroic_phalanx_leader_counters_each_creature_you_control():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    other = game.add_permanent("Grizzly Bears", 1)
    leader = game.add_permanent("Phalanx Leader", 0)
    lands(game, 0, "Forest")
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    act(game, "Giant Growth")
    target_perm(game, leader)
    settle(game)
    assert game.battlefield[bears].counters.get("+1/+1") == 1
    assert game.battlefield[leader].counters.get("+1/+1") == 1
    assert not game.battlefield[other].counters.get("+1/+1")


def test_603_2_becomes_the_target_of_a_spell_labyrinth_guardian():
    game = blank()
    guardian = game.add_permanent("Labyrinth Guardian", 1)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, guardian)
    settle(game)
    assert guardian not in game.battlefield
    assert game.life == [20, 20]
