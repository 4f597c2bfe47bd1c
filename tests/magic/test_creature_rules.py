"""Scripted positions for creature mechanics (rules 701-702 and 613 as creatures use
them): regeneration paid with this creature's own counters, gods that are creatures
only with enough devotion, soulbond, bestow, protection from a chosen colour, goad
and attack taxes. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from magic.positions import (
    act,
    attack,
    blank,
    has,
    lands,
    pass_to_decision,
    settle,
    target_perm,
    types_of,
)


# --------------------------------------------- 701.19: "remove counters: regenerate it"
def test_experiment_one_regenerates_itself_with_two_counters_rule_701_19a():
    # "Remove two +1/+1 counters from this creature: Regenerate it." ("it": this)
    game = blank()
    ooze = game.add_permanent("Experiment One", 0, counters={"+1/+1": 2})
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Experiment One")
    settle(game)
    perm = game.battlefield[ooze]
    assert perm.counters.get("+1/+1", 0) == 0
    assert ["regenerate", ooze] in game.replacements
    act(game, "Shock")
    target_perm(game, ooze)
    settle(game)
    assert ooze in game.battlefield and game.battlefield[ooze].tapped
    assert "regenerate" in types_of(game)
    assert not any("Experiment One" in game.action_to_string(a)
                   for a in game.legal_actions())  # no counters left to remove


# ------------------------------- 700.5, 205.1b: a god is a creature only with devotion
def test_thassa_is_not_a_creature_below_five_devotion_to_blue():
    # Thassa ({2}{U}) and one Air Elemental ({3}{U}{U}): devotion 3
    game = blank()
    thassa = game.add_permanent("Thassa, God of the Sea", 0)
    elemental = game.add_permanent("Air Elemental", 0)
    game.start_at("main1", 0)
    d = game.pdef(thassa)
    assert "Creature" not in d.types and "Enchantment" in d.types
    assert "God" in d.subtypes
    pass_to_decision(game, "attack")
    assert not has(game, "Thassa")  # 508.1a: only creatures attack
    assert has(game, "Air Elemental")
    assert elemental in game.battlefield


def test_thassa_is_a_creature_with_five_devotion_and_stops_when_it_drops():
    # devotion 1 + 2 + 2 = 5: a 5/5 creature; a Shock-ed Air Elemental takes it back
    # to 3 and Thassa, attacking, stops being a creature and leaves combat (506.4)
    game = blank()
    thassa = game.add_permanent("Thassa, God of the Sea", 0)
    game.add_permanent("Air Elemental", 0)
    mahamoti = game.add_permanent("Mahamoti Djinn", 0)
    game.start_at("main1", 0)
    assert game.pdef(thassa).is_creature and game.chars(thassa)[:2] == (5, 5)
    pass_to_decision(game, "attack")
    attack(game, thassa)
    game.apply_action(A.DONE)
    assert thassa in game.attackers
    game.destroy([mahamoti])
    assert not game.pdef(thassa).is_creature
    assert thassa not in game.attackers


def test_two_colour_devotion_counts_a_hybrid_symbol_once_rule_700_5a():
    # Karametra ({3}{G}{W}): "as long as your devotion to green and white is less
    # than seven"; Kitchen Finks' {1}{G/W}{G/W} counts two, not four
    game = blank()
    god = game.add_permanent("Karametra, God of Harvests", 0)  # 2
    game.add_permanent("Kitchen Finks", 0)  # 2
    game.add_permanent("Watchwolf", 0)  # {G}{W}: 2
    game.start_at("main1", 0)
    assert not game.pdef(god).is_creature  # 6 < 7
    game.add_permanent("Savannah Lions", 0)  # {W}: 7
    assert game.pdef(god).is_creature


# ------------------- "you may put an Equipment card from your hand onto the battlefield"
def test_stoneforge_mystic_puts_only_an_equipment_card_from_hand():
    game = blank()
    mystic = game.add_permanent("Stoneforge Mystic", 0)
    lands(game, 0, "Plains", "Plains")
    game.add_card("Grizzly Bears", 0)
    game.add_card("Bonesplitter", 0)
    game.start_at("main1", 0)
    act(game, "Stoneforge Mystic")
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    assert game.decision["kind"] == "bottom" and game.decision["put"] == "battlefield"
    assert game.legal_actions() == [A.hand(1)]  # Bonesplitter; not the Bears
    game.apply_action(A.hand(1))
    assert [game.name_of(p.card) for p in game.battlefield.values()].count(
        "Bonesplitter") == 1
    assert [game.name_of(c) for c in game.hand[0]] == ["Grizzly Bears"]
    assert game.battlefield[mystic].tapped
    assert "put_from_hand" in types_of(game)


def test_stoneforge_mystic_asks_nothing_without_an_equipment_card():
    game = blank()
    game.add_permanent("Stoneforge Mystic", 0)
    lands(game, 0, "Plains", "Plains")
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Stoneforge Mystic")
    settle(game)
    assert game.decision["kind"] == "priority" and not game.stack
    assert len(game.hand[0]) == 1


def test_deathrender_puts_a_creature_from_hand_and_attaches_to_it():
    # "Whenever equipped creature dies, you may put a creature card from your hand
    # onto the battlefield and attach this Equipment to it." ("it": the one put)
    game = blank()
    lions = game.add_permanent("Savannah Lions", 0)
    sword = game.add_permanent("Deathrender", 0, attached_to=lions)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Craw Wurm", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, lions)
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    game.apply_action(A.hand(0))
    settle(game)
    wurm = next(pid for pid, p in game.battlefield.items()
                if game.name_of(p.card) == "Craw Wurm")
    assert game.battlefield[sword].attached_to == wurm
    assert game.chars(wurm)[:2] == (8, 6)
