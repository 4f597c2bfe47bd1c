"""Vehicles and crew (rule 702.122, 301.7): "crew N" is an activated ability whose cost
is tapping untapped creatures you control with total power N or more (summoning-sick
ones too), chosen one at a time; the Vehicle becomes an artifact creature until end of
turn with its printed power and toughness."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from magic.positions import (
    act,
    attack,
    blank,
    finish_attacks,
    finish_blocks,
    has,
    pass_until,
    pool,
    settle,
    slot,
    to_combat,
)


def test_crew_compiles_as_an_activated_ability():
    express = pool("Untethered Express")
    crew = express.activated[0]
    assert crew.cost == fx.Cost(crew=1)
    assert crew.effect == fx.Becomes(fx.Ref("self"), types=("Artifact", "Creature"))
    assert not crew.is_mana and not crew.sorcery_speed


def test_crew_needs_enough_power_among_untapped_creatures():
    game = blank()
    dread = game.add_permanent("Consulate Dreadnought", 0)  # crew 6
    game.add_permanent("Grizzly Bears", 0)                   # 2
    game.add_permanent("Hill Giant", 0, tapped=True)         # 3, tapped: can't crew
    game.start_at("main1", 0)
    assert not game.is_creature(dread)
    assert not has(game, "(Consulate Dreadnought) ability")
    game = blank()
    game.add_permanent("Consulate Dreadnought", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Hill Giant", 0, sick=True)  # summoning sick: may still crew
    game.add_permanent("Hill Giant", 0)
    game.start_at("main1", 0)
    assert has(game, "(Consulate Dreadnought) ability")


def test_crewing_taps_the_chosen_creatures_and_the_vehicle_attacks():
    game = blank()
    express = game.add_permanent("Untethered Express", 0)  # 4/4 trample, crew 1
    bears = game.add_permanent("Grizzly Bears", 0, sick=True)
    game.start_at("main1", 0)
    act(game, "(Untethered Express) ability")
    assert game.decision["kind"] == "cost_crew"
    assert game.legal_actions() == [A.permanent(slot(game, bears))]
    game.apply_action(A.permanent(slot(game, bears)))
    assert game.battlefield[bears].tapped
    settle(game)
    assert game.is_creature(express)
    assert game.chars(express)[:2] == (4, 4)
    to_combat(game)
    attack(game, express)
    finish_attacks(game)  # its attack trigger puts a +1/+1 counter on it
    finish_blocks(game)
    pass_until(game, "main2")
    assert game.life[1] == 15  # 5 trample damage: 4/4 and the counter
    # until end of turn: in the next turn it is no creature
    pass_until(game, "upkeep")
    assert not game.is_creature(express)
    assert game.battlefield[express].counters["+1/+1"] == 1


def test_crew_stops_once_the_power_is_reached():
    game = blank()
    game.add_permanent("Mobile Garrison", 0)  # crew 2
    giant = game.add_permanent("Hill Giant", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "(Mobile Garrison) ability")
    game.apply_action(A.permanent(slot(game, giant)))  # 3 >= 2: no more is asked
    assert game.decision["kind"] == "priority"
    assert game.battlefield[giant].tapped and not game.battlefield[bears].tapped
    assert [s.kind for s in game.stack] == ["activated"]


def test_crewing_is_told():
    from labyrinth_gym.envs.magic.prose import MagicNarrator

    game = blank()
    game.add_permanent("Untethered Express", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "(Untethered Express) ability")
    game.apply_action(A.permanent(slot(game, bears)))
    crew = next(e for e in game.events if e["type"] == "crew")
    assert MagicNarrator(0).describe(crew) == (
        "You tap Grizzly Bears to crew Untethered Express.")
