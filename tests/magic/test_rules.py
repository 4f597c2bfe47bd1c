"""Scripted positions for the Magic rules engine: one test per rule implemented."""

from __future__ import annotations

import json

import numpy as np
import pytest

from labyrinth_gym.envs.core.engine import IllegalActionError
from labyrinth_gym.envs.magic.encoding import CARD, MagicObs, encode
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame, new_game
from labyrinth_gym.envs.magic.engine.mana import parse_cost
from labyrinth_gym.envs.magic.engine.resolve import unresolvable
from labyrinth_gym.envs.magic.render import render_text
from magic.positions import (
    act,
    attack,
    blank,
    block,
    creature,
    custom,
    finish_attacks,
    finish_blocks,
    has,
    lands,
    names,
    pass_to_decision,
    pass_until,
    pool,
    settle,
    slot,
    target_perm,
    to_combat,
    types_of,
)


# -------------------------------------------------------------- the stack
def test_stack_resolves_last_in_first_out():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Shock", 0)
    game.add_card("Shock", 0)
    game.auto_pass = True
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    game.apply_action(A.player(1))
    act(game, "cast hand 0 (Shock)")  # the caster keeps priority
    game.apply_action(A.player(1))
    assert [game.name_of(s.card) for s in game.stack] == ["Lightning Bolt", "Shock"]
    game.apply_action(A.PASS)  # player 1 can only pass: passes automatically
    resolved = [e["card"] for e in game.events if e["type"] == "resolve"]
    assert resolved == ["Shock"]
    assert game.life[1] == 18
    assert game.current_player() == 0 and len(game.stack) == 1
    game.apply_action(A.PASS)
    resolved = [e["card"] for e in game.events if e["type"] == "resolve"]
    assert resolved == ["Shock", "Lightning Bolt"]
    assert game.life[1] == 15


def test_spell_whose_only_target_is_gone_does_nothing():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Shock", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "Shock")
    target_perm(game, bears)
    act(game, "Lightning Bolt")
    target_perm(game, bears)
    settle(game)  # Bolt resolves and the Bears die; Shock's target is gone
    assert bears not in game.battlefield
    order = [(e["type"], e.get("card")) for e in game.events
             if e["type"] in ("resolve", "dies", "fizzle")]
    assert order == [("resolve", "Lightning Bolt"), ("dies", "Grizzly Bears"),
                     ("fizzle", "Shock")]
    fizzles = [e for e in game.events if e["type"] == "fizzle"]
    assert [e["card"] for e in fizzles] == ["Shock"]
    assert sorted(game.name_of(c) for c in game.graveyard[0]) == ["Lightning Bolt",
                                                                  "Shock"]
    assert game.life == [20, 20]


def test_counterspell_counters_a_spell():
    cancel = fx.CardDef(name="Test Cancel", cost=parse_cost("{U}"), colours=("U",),
                        types=("Instant",),
                        spell=fx.SpellAbility(fx.CounterSpell(fx.Target("spell"))))
    game = blank()
    lands(game, 0, "Mountain")
    lands(game, 1, "Island")
    game.add_card("Shock", 0)
    game.add_card(cancel, 1)
    game.start_at("main1", 0)
    act(game, "Shock")
    game.apply_action(A.player(1))
    game.apply_action(A.PASS)
    act(game, "Test Cancel")
    act(game, "stack 0 (Shock)")
    settle(game)
    assert "countered" in types_of(game)
    assert game.life == [20, 20]
    assert not game.stack


# ------------------------------------------------------------------ combat
def test_first_strike_kills_before_regular_damage():
    game = blank()
    archers = game.add_permanent("Elvish Archers", 0)  # 2/1 first strike
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, archers)
    finish_attacks(game)
    block(game, bears, archers)
    finish_blocks(game)
    pass_until(game, "main2")
    assert archers in game.battlefield and game.battlefield[archers].damage == 0
    assert bears not in game.battlefield
    steps = [e for e in game.events if e["type"] == "damage"]
    assert len(steps) == 1 and steps[0]["source"] == "Elvish Archers"


def test_double_strike_deals_damage_twice():
    game = blank()
    fencer = game.add_permanent(creature("Test Fencer", 2, 2, "double strike"), 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, fencer)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.life[1] == 16


def test_trample_with_deathtouch_assigns_one_to_each_blocker():
    game = blank()
    wurm = game.add_permanent(creature("Test Wurm", 5, 5, "trample", "deathtouch"), 0)
    b1 = game.add_permanent("Grizzly Bears", 1)
    b2 = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, wurm)
    finish_attacks(game)
    block(game, b1, wurm)
    block(game, b2, wurm)
    finish_blocks(game)
    pass_to_decision(game, "assign_damage")
    target_perm(game, b1)  # 1 is lethal with deathtouch (702.2c)
    target_perm(game, b2)
    game.apply_action(A.player(1))  # then trample: the rest to the player
    pass_until(game, "main2")
    hits = [(e.get("id"), e.get("player"), e["amount"]) for e in game.events
            if e["type"] == "damage" and e["source"] == "Test Wurm"]
    assert hits == [(b1, None, 1), (b2, None, 1), (None, 1, 3)]
    assert b1 not in game.battlefield and b2 not in game.battlefield
    assert game.life[1] == 17
    assert wurm in game.battlefield  # 4 damage on a 5/5


def test_blocked_damage_is_divided_by_the_attacking_player():
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)  # 3/3
    b1 = game.add_permanent("Grizzly Bears", 1)
    b2 = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, giant)
    finish_attacks(game)
    block(game, b2, giant)
    block(game, b1, giant)
    finish_blocks(game)
    pass_to_decision(game, "assign_damage")
    target_perm(game, b2)  # lethal 2
    target_perm(game, b1)  # the last point
    pass_until(game, "main2")
    assert b2 not in game.battlefield
    assert b1 in game.battlefield and game.battlefield[b1].damage == 1
    assert giant not in game.battlefield
    assert game.life[1] == 20


def test_lifelink_on_combat_and_noncombat_damage():
    pinger = custom("Anaba Shaman", "Test Pinger",
                    keywords=frozenset({"lifelink"}))  # {R},{T}: 1 damage to any target
    game = blank()
    lands(game, 0, "Mountain")
    shaman = game.add_permanent(pinger, 0)
    lifelinker = game.add_permanent(creature("Test Link", 2, 2, "lifelink"), 0)
    game.start_at("main1", 0)
    act(game, "activate")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life == [21, 19]
    to_combat(game)
    assert game.battlefield[shaman].tapped  # tapped for its ability
    attack(game, lifelinker)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.life == [23, 17]


def test_summoning_sickness_and_haste():
    game = blank()
    forest = game.add_permanent("Forest", 0)
    elves = game.add_permanent("Llanowar Elves", 0, sick=True)
    striker = game.add_permanent("Goblin Striker", 0, sick=True)  # haste
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    # the sick Elves are no mana source: {1}{G} is not payable with one Forest
    assert not has(game, "Grizzly Bears")
    assert [s.pid for s in game._sources(0)] == [forest]
    to_combat(game)
    legal = game.legal_actions()
    assert A.attack(slot(game, striker), 1) in legal
    assert A.attack(slot(game, elves), 1) not in legal


def test_vigilance_defender_and_tapped_attackers():
    game = blank()
    angel = game.add_permanent("Serra Angel", 0)
    wall = game.add_permanent("Archers of Qarsi", 0)  # defender, reach
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    to_combat(game)
    legal = game.legal_actions()
    assert A.attack(slot(game, wall), 1) not in legal
    attack(game, angel)
    attack(game, bears)
    finish_attacks(game)
    assert not game.battlefield[angel].tapped
    assert game.battlefield[bears].tapped


def test_flying_can_be_blocked_only_by_flying_or_reach():
    game = blank()
    angel = game.add_permanent("Serra Angel", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    spider = game.add_permanent("Giant Spider", 1)  # reach
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, angel)
    finish_attacks(game)
    legal = game.legal_actions()
    assert A.block(slot(game, bears)) not in legal
    assert A.block(slot(game, spider)) in legal
    block(game, spider, angel)
    assert game.blocking == {spider: angel}


def test_menace_needs_two_blockers():
    game = blank()
    brute = game.add_permanent("Boggart Brute", 0)  # 3/2 menace
    b1 = game.add_permanent("Grizzly Bears", 1)
    b2 = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, brute)
    finish_attacks(game)
    block(game, b1, brute)
    # one blocker: "done" is not offered (509.1b); withdrawing the block is
    assert A.DONE not in game.legal_actions()
    act(game, "withdraw the block")
    assert "block_removed" in types_of(game)
    finish_blocks(game)
    pass_until(game, "main2")
    assert game.life[1] == 17 and b1 in game.battlefield

    game = blank()
    brute = game.add_permanent("Boggart Brute", 0)
    b1 = game.add_permanent("Grizzly Bears", 1)
    b2 = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, brute)
    finish_attacks(game)
    block(game, b1, brute)
    block(game, b2, brute)
    finish_blocks(game)
    pass_to_decision(game, "assign_damage")
    target_perm(game, b1)
    game.apply_action(A.DONE)  # all 3 to the first Bears
    pass_until(game, "main2")
    assert game.life[1] == 20 and brute not in game.battlefield
    assert b1 not in game.battlefield and b2 in game.battlefield


def test_multiplayer_attacker_picks_its_defending_player():
    game = blank(players=3)
    bears = game.add_permanent("Grizzly Bears", 0)
    giant = game.add_permanent("Hill Giant", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, bears, 1)
    attack(game, giant, 2)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.life == [20, 18, 17]


# ------------------------------------------------------ state-based actions
def test_legend_rule_lets_the_controller_keep_one():
    legend = creature("Test Legend", 2, 2, supertypes=("Legendary",))
    game = blank()
    old = game.add_permanent(legend, 0)
    new = game.add_permanent(legend, 0)
    other = game.add_permanent(legend, 1)  # another controller's copy stays
    game.start_at("main1", 0)
    assert game.decision["kind"] == "legend" and game.decision["player"] == 0
    game.apply_action(A.permanent(slot(game, old)))
    assert new not in game.battlefield
    assert old in game.battlefield and other in game.battlefield


def test_simultaneous_deaths_see_each_other():
    watcher = creature("Test Watcher", 2, 2, triggered=(fx.TriggeredAbility(
        fx.Trigger("dies", fx.Filter(types=frozenset({"Creature"}))),
        fx.GainLife(1)),))
    game = blank()
    attacker = game.add_permanent("Grizzly Bears", 0)
    blocker = game.add_permanent(watcher, 1)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, attacker)
    finish_attacks(game)
    block(game, blocker, attacker)
    finish_blocks(game)
    pass_until(game, "main2")
    dies = [e for e in game.events if e["type"] == "dies"]
    assert {e["id"] for e in dies} == {attacker, blocker}
    # both deaths are one state-based action: the watcher saw both
    assert game.life[1] == 22


def test_indestructible_survives_destroy_and_lethal_damage():
    wall = creature("Test Stone", 1, 1, "indestructible")
    game = blank()
    lands(game, 0, "Swamp", "Swamp", "Swamp", "Mountain")
    stone = game.add_permanent(wall, 1)
    game.add_card("Murder", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Murder")
    target_perm(game, stone)
    settle(game)
    act(game, "Shock")
    target_perm(game, stone)
    settle(game)
    assert stone in game.battlefield and game.battlefield[stone].damage == 2


def test_toughness_zero_dies_even_if_indestructible():
    game = blank()
    lands(game, 0, "Mountain")
    stone = game.add_permanent(creature("Test Stone", 2, 2, "indestructible"), 1)
    game.add_card("Flowstone Infusion", 0)  # +2/-2
    game.start_at("main1", 0)
    act(game, "Flowstone Infusion")
    target_perm(game, stone)
    settle(game)
    assert stone not in game.battlefield


def test_token_leaving_the_battlefield_ceases_to_exist():
    maker = fx.CardDef(name="Test Muster", cost=parse_cost("{W}"), colours=("W",),
                       types=("Sorcery",), spell=fx.SpellAbility(fx.CreateToken(
                           fx.TokenSpec("Soldier", ("Creature",), ("Soldier",), ("W",),
                                        1, 1))))
    game = blank()
    lands(game, 0, "Plains", "Mountain")
    game.add_card(maker, 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Test Muster")
    settle(game)
    token = next(pid for pid in game.battlefield if game.pdef(pid).name == "Soldier")
    act(game, "Shock")
    target_perm(game, token)
    settle(game)
    assert token not in game.battlefield
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Test Muster", "Shock"]


def test_drawing_from_an_empty_library_loses():
    game = blank(library=0)
    game.add_card("Island", 0, "library")
    game.auto_pass = True
    game.start_at("upkeep", 1, turn=2)  # player 1 must draw from an empty library
    assert game.is_terminal()
    assert game.returns() == [1.0, -1.0]
    assert [e for e in game.events if e["type"] == "lose"][0]["reason"] == "empty library"


def test_zero_life_loses_and_last_player_standing_wins():
    game = blank(players=3)
    lands(game, 0, "Mountain", "Mountain")
    game.life[1] = 3
    game.life[2] = 2
    game.add_card("Lightning Bolt", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    settle(game)
    assert game.lost == [False, True, False] and not game.is_terminal()
    act(game, "Shock")
    game.apply_action(A.player(2))
    settle(game)
    assert game.is_terminal() and game.returns() == [1.0, -1.0, -1.0]


def test_cleanup_discards_down_to_seven():
    game = blank()
    for _ in range(9):
        game.add_card("Craw Wurm", 0)
    game.start_at("end", 0)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["kind"] == "discard" and game.step == "cleanup"
    game.apply_action(A.hand(0))
    game.apply_action(A.hand(0))
    assert len(game.hand[0]) == 7 and len(game.graveyard[0]) == 2
    assert game.active == 1


def test_402_2_no_maximum_hand_size():
    """Reliquary Tower: its controller keeps nine cards at cleanup; Anvil-style
    "players have" would cover everyone, "you have" only its controller."""
    for owner, discards in ((0, False), (1, True)):
        game = blank()
        game.add_permanent("Reliquary Tower", owner)
        for _ in range(9):
            game.add_card("Craw Wurm", 0)
        game.start_at("end", 0)
        game.apply_action(A.PASS)
        game.apply_action(A.PASS)
        assert (game.decision["kind"] == "discard") == discards
        if not discards:
            assert game.active == 1 and len(game.hand[0]) == 9


def test_damage_and_pumps_wear_off_in_cleanup():
    game = blank()
    lands(game, 0, "Forest", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_card("Giant Growth", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Giant Growth")
    target_perm(game, bears)
    settle(game)
    act(game, "Shock")
    target_perm(game, bears)
    settle(game)
    assert game.chars(bears)[:2] == (5, 5) and game.battlefield[bears].damage == 2
    pass_until(game, "upkeep")
    assert game.active == 1
    assert game.chars(bears)[:2] == (2, 2) and game.battlefield[bears].damage == 0


# ------------------------------------------------------------- targeting
def test_hexproof_blocks_opponents_but_not_its_controller():
    game = blank()
    lands(game, 0, "Forest")
    lands(game, 1, "Mountain")
    scout = game.add_permanent("Gladecover Scout", 0)  # hexproof
    game.add_card("Giant Growth", 0)
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    act(game, "Giant Growth")
    assert A.permanent(slot(game, scout)) in game.legal_actions()
    target_perm(game, scout)
    game.apply_action(A.PASS)  # player 1 holds priority with Shock
    assert game.current_player() == 1
    act(game, "Shock")
    legal = game.legal_actions()
    assert A.permanent(slot(game, scout)) not in legal
    assert sorted(legal) == [A.player(0), A.player(1)]


def test_illegal_action_names_the_legal_set():
    game = blank()
    game.add_card("Forest", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    with pytest.raises(IllegalActionError, match="legal actions: \\[0=pass, 6=play"):
        game.apply_action(A.cast(1))  # no mana for the Bears


# ------------------------------------------------------------------ mana
def test_automatic_payment_keeps_the_hand_castable():
    game = blank()
    forest, mountain = lands(game, 0, "Forest", "Mountain")
    game.add_card("Shock", 0)
    game.add_card("Giant Growth", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Shock")
    game.apply_action(A.player(1))
    assert game.battlefield[mountain].tapped and not game.battlefield[forest].tapped
    settle(game)
    act(game, "Giant Growth")
    target_perm(game, bears)
    assert game.battlefield[forest].tapped


def test_generic_mana_spares_the_colour_the_hand_needs():
    game = blank()
    f1, f2, mountain = lands(game, 0, "Forest", "Forest", "Mountain")
    game.add_card("Grizzly Bears", 0)  # {1}{G}
    game.add_card("Shock", 0)  # {R}
    game.start_at("main1", 0)
    act(game, "Grizzly Bears")
    assert game.battlefield[f1].tapped and game.battlefield[f2].tapped
    assert not game.battlefield[mountain].tapped
    assert has(game, "Shock")


def test_hybrid_and_mana_creatures():
    hybrid = creature("Test Hybrid", 1, 1, cost=parse_cost("{W/U}"), colours=("W", "U"))
    game = blank()
    lands(game, 0, "Island")
    elves = game.add_permanent("Llanowar Elves", 0)
    game.add_card(hybrid, 0)
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    assert has(game, "Test Hybrid") and has(game, "Giant Growth")
    act(game, "Test Hybrid")
    settle(game)
    act(game, "Giant Growth")
    target_perm(game, elves)
    assert game.battlefield[elves].tapped  # the Elves paid for it


def test_one_land_per_turn():
    game = blank()
    game.add_card("Forest", 0)
    game.add_card("Mountain", 0)
    game.start_at("main1", 0)
    act(game, "Forest")
    assert not has(game, "Mountain")


def test_sorcery_speed_and_instant_speed():
    game = blank()
    lands(game, 1, "Forest", "Forest", "Mountain")
    game.add_card("Grizzly Bears", 1)
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)
    assert game.current_player() == 1
    assert has(game, "Shock") and not has(game, "Grizzly Bears")


# ---------------------------------------------- triggers, statics, equipment
def test_enters_trigger_targets_when_put_on_the_stack():
    pinger = creature("Test Spark", 1, 1, triggered=(fx.TriggeredAbility(
        fx.Trigger("enters"), fx.DealDamage(1, fx.Target("any"))),))
    game = blank()
    lands(game, 0, "Forest", "Forest")
    game.add_card(pinger, 0)
    game.start_at("main1", 0)
    act(game, "Test Spark")
    settle(game)
    assert game.decision["kind"] == "target"
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 19


def test_upkeep_trigger_and_optional_trigger():
    cleric = creature("Test Cleric", 1, 1, triggered=(fx.TriggeredAbility(
        fx.Trigger("upkeep", fx.Ref("you")), fx.GainLife(2), optional=True),))
    game = blank()
    game.add_permanent(cleric, 0)
    game.start_at("upkeep", 0)
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    assert game.life[0] == 22


def test_anthem_and_counters():
    anthem = fx.CardDef(name="Test Anthem", cost=parse_cost("{W}"), colours=("W",),
                        types=("Enchantment",), statics=(fx.Anthem(
                            fx.Filter(types=frozenset({"Creature"}), controller="you"),
                            1, 1, ("vigilance",)),))
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    game.add_permanent(anthem, 0)
    game.battlefield[bears].counters["+1/+1"] = 2
    game.start_at("main1", 0)
    assert game.chars(bears) == (5, 5, frozenset({"vigilance"}))
    assert game.chars(theirs)[:2] == (2, 2)


def _equipment() -> fx.CardDef:
    return fx.CardDef(
        name="Test Sword", cost=parse_cost("{1}"), colours=(), types=("Artifact",),
        subtypes=("Equipment",), statics=(fx.AttachedBonus(2, 0, ("first strike",)),),
        activated=(fx.ActivatedAbility(fx.Cost(mana=parse_cost("{1}")), fx.Attach(
            fx.Target("creature", fx.Filter(controller="you"))), sorcery_speed=True),))


def test_equipment_attaches_and_stays_when_its_creature_dies():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 0)
    sword = game.add_permanent(_equipment(), 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "activate slot")
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[sword].attached_to == bears
    assert game.chars(bears) == (4, 2, frozenset({"first strike"}))
    act(game, "Shock")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    assert sword in game.battlefield and game.battlefield[sword].attached_to is None


def test_aura_is_cast_on_a_target_and_dies_with_its_host():
    pacifism = fx.CardDef(
        name="Test Pacifism", cost=parse_cost("{W}"), colours=("W",),
        types=("Enchantment",), subtypes=("Aura",),
        statics=(fx.AttachedBonus(cant_attack=True, cant_block=True),),
        enchant=fx.Filter(types=frozenset({"Creature"})))
    game = blank()
    lands(game, 0, "Plains", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card(pacifism, 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Test Pacifism")
    target_perm(game, bears)
    settle(game)
    aura = next(p for p in game.battlefield if game.pdef(p).name == "Test Pacifism")
    assert game.battlefield[aura].attached_to == bears
    assert game._restricted(bears, "cant_attack")
    act(game, "Shock")
    target_perm(game, bears)
    settle(game)
    assert aura not in game.battlefield
    assert "Test Pacifism" in [game.name_of(c) for c in game.graveyard[0]]


def test_modal_spell_and_may():
    charm = fx.CardDef(
        name="Test Charm", cost=parse_cost("{R}"), colours=("R",), types=("Instant",),
        spell=fx.SpellAbility(fx.Choose((
            fx.DealDamage(2, fx.Target("any")),
            fx.MayDo(fx.GainLife(4))))))
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    game.add_card(charm, 0)
    game.add_card(charm, 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    assert game.decision["kind"] == "mode"
    game.apply_action(A.mode(0))
    game.apply_action(A.player(1))
    settle(game)
    assert game.life == [20, 18]
    act(game, "cast hand 0")
    game.apply_action(A.mode(1))
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    assert game.life == [24, 18]


def test_discard_effect_lets_the_player_choose():
    mind = fx.CardDef(name="Test Rot", cost=parse_cost("{B}"), colours=("B",),
                      types=("Sorcery",), spell=fx.SpellAbility(
                          fx.Discard(1, fx.Target("opponent"))))
    game = blank()
    lands(game, 0, "Swamp")
    game.add_card(mind, 0)
    game.add_card("Shock", 1)
    game.add_card("Forest", 1)
    game.start_at("main1", 0)
    act(game, "Test Rot")
    game.apply_action(A.player(1))
    settle(game)
    assert game.decision == {"kind": "discard", "player": 1}
    game.apply_action(A.hand(1))
    assert [game.name_of(c) for c in game.hand[1]] == ["Shock"]


# ------------------------------------------------------------ set-up rules
def test_london_mulligan_puts_cards_on_the_bottom():
    game = new_game(3, starting_player=0)
    assert game.decision == {"kind": "mulligan", "player": 0}
    game.apply_action(A.MULLIGAN)
    assert game.decision == {"kind": "mulligan", "player": 1}  # round 1 goes on
    game.apply_action(A.KEEP)
    assert game.decision == {"kind": "mulligan", "player": 0}  # round 2
    assert len(game.hand[0]) == 7
    game.apply_action(A.MULLIGAN)
    game.apply_action(A.KEEP)
    bottom_names = [game.name_of(game.hand[0][0]), game.name_of(game.hand[0][1])]
    game.apply_action(A.hand(0))
    game.apply_action(A.hand(0))
    assert len(game.hand[0]) == 5 and len(game.hand[1]) == 7
    assert [game.name_of(c) for c in game.library[0][:2]] == bottom_names[::-1]
    assert game.mull is None and game.turn == 1


def test_starting_player_skips_the_first_draw():
    game = new_game(5, starting_player=1, mulligan=False)
    assert game.active == 1 and len(game.hand[1]) == 7
    assert not [e for e in game.events if e["type"] == "draw"]


def test_unresolvable_parts_refuse_the_deck():
    # snow mana ({S}, rule 106.3) is not a kind of mana the pool holds
    ritual = fx.CardDef(name="Test Ritual", cost=parse_cost("{R}"), colours=("R",),
                        types=("Instant",),
                        spell=fx.SpellAbility(fx.AddMana(("S",), 3)))
    assert unresolvable(ritual) == ["AddMana('S',)"]
    with pytest.raises(ValueError, match="Test Ritual.*AddMana"):
        new_game(0, decks=[[ritual], ["Forest"]])
    grave = creature("Test Ghoul", 2, 2, activated=(fx.ActivatedAbility(
        fx.Cost(mana=parse_cost("{B}")), fx.Draw(1), zone="exile"),))
    assert unresolvable(grave) == ["ActivatedAbility.zone exile"]
    assert unresolvable(pool("Grizzly Bears")) == []
    with pytest.raises(ValueError, match="not supported"):
        new_game(0, decks=[["No Such Card"], ["Forest"]])


# ------------------------------------------------------------------ costs
def test_sacrifice_and_discard_costs_are_chosen_by_the_player():
    altar = fx.CardDef(
        name="Test Altar", cost=parse_cost("{1}"), colours=(), types=("Artifact",),
        activated=(fx.ActivatedAbility(
            fx.Cost(sacrifice=fx.Filter(types=frozenset({"Creature"})), discard=1),
            fx.Draw(2)),))
    game = blank()
    game.add_permanent(altar, 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    elves = game.add_permanent("Llanowar Elves", 0)
    game.add_card("Shock", 0)
    game.add_card("Forest", 0)
    game.start_at("main1", 0)
    act(game, "activate slot 0")
    assert game.decision["kind"] == "cost_sacrifice"
    assert sorted(game.legal_actions()) == sorted(
        [A.permanent(slot(game, bears)), A.permanent(slot(game, elves))])
    target_perm(game, elves)
    assert game.decision["kind"] == "cost_discard"
    game.apply_action(A.hand(0))
    assert elves not in game.battlefield and bears in game.battlefield
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Llanowar Elves", "Shock"]
    settle(game)
    assert len(game.hand[0]) == 3


def test_once_each_turn_and_treasure_tokens_pay_as_a_last_resort():
    treasure = fx.TokenSpec("Treasure", ("Artifact",), ("Treasure",), abilities=(
        fx.ActivatedAbility(fx.Cost(tap=True, sacrifice_self=True), fx.AddMana(("any",)),
                            is_mana=True),))
    maker = fx.CardDef(
        name="Test Mint", cost=parse_cost("{1}"), colours=(), types=("Artifact",),
        activated=(fx.ActivatedAbility(fx.Cost(), fx.CreateToken(treasure),
                                       once_per_turn=True),))
    game = blank()
    game.add_permanent(maker, 0)
    forest = game.add_permanent("Forest", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.add_card("Shock", 0)
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    act(game, "activate slot 0")
    settle(game)
    assert not has(game, "activate slot 0")  # once each turn
    token = next(p for p in game.battlefield if game.pdef(p).name == "Treasure")
    act(game, "Giant Growth")
    act(game, "Grizzly Bears")
    assert game.battlefield[forest].tapped and token in game.battlefield
    settle(game)
    act(game, "Shock")
    game.apply_action(A.player(1))
    assert token not in game.battlefield  # sacrificed for mana, and gone
    assert all(game.name_of(c) != "Treasure" for c in game.graveyard[0])


def test_cycling_from_the_hand():
    cycler = creature("Test Cycler", 3, 3, activated=(fx.ActivatedAbility(
        fx.Cost(mana=parse_cost("{1}"), discard_self=True), fx.Draw(1), zone="hand"),))
    game = blank()
    lands(game, 0, "Island")
    game.add_card(cycler, 0)
    game.start_at("main1", 0)
    act(game, "from the hand")
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Test Cycler"]
    settle(game)
    assert [game.name_of(c) for c in game.hand[0]] == ["Island"]


def test_combat_restrictions():
    def restricted(name: str, **flags) -> fx.CardDef:
        return creature(name, 2, 2, statics=(fx.CombatRestriction(**flags),))

    game = blank()
    berserker = game.add_permanent(restricted("Test Berserker", attacks_each_combat=True),
                                   0)
    rogue = game.add_permanent(restricted("Test Rogue", cant_be_blocked=True), 0)
    wall = game.add_permanent(restricted("Test Coward", cant_block=True), 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_combat(game)
    assert A.DONE not in game.legal_actions()  # the berserker must attack
    attack(game, berserker)
    attack(game, rogue)
    finish_attacks(game)
    legal = game.legal_actions()
    assert A.block(slot(game, wall)) not in legal
    game.apply_action(A.block(slot(game, bears)))
    assert game.legal_actions() == [A.permanent(slot(game, berserker))]


def test_players_losing_at_once_draw():
    game = blank()
    lands(game, 0, "Mountain")
    game.life = [2, 2]
    game.add_card("Flame Rift", 0)  # 4 damage to each player
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    act(game, "Flame Rift")
    settle(game)
    assert game.is_terminal() and game.outcome == "draw"
    assert game.returns() == [0.0, 0.0]
    assert [e["type"] for e in game.events].count("game_over") == 1


def test_x_spells_announce_x_within_the_mana_available():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Blaze", 0)  # {X}{R}: X damage to any target
    game.start_at("main1", 0)
    act(game, "Blaze")
    assert game.decision["kind"] == "x"
    assert game.legal_actions() == [A.mode(0), A.mode(1), A.mode(2)]
    act(game, "X = 2")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 18
    assert all(game.battlefield[p].tapped for p in game.battlefield)


def test_triggers_go_on_the_stack_in_apnap_order():
    def watcher(name: str) -> fx.CardDef:
        return creature(name, 1, 1, triggered=(fx.TriggeredAbility(
            fx.Trigger("upkeep", fx.Ref("each_player")), fx.GainLife(1)),))

    game = blank()
    game.add_permanent(watcher("Test Mine"), 0)
    game.add_permanent(watcher("Test Theirs"), 1)
    game.start_at("upkeep", 0)
    assert [game.name_of(s.card) for s in game.stack] == ["Test Mine", "Test Theirs"]
    settle(game)
    order = [e["card"] for e in game.events if e["type"] == "resolve"]
    assert order == ["Test Theirs", "Test Mine"]  # the active player's resolves last
    assert game.life == [21, 21]


def test_attack_trigger_names_the_defending_player():
    raider = creature("Test Raider", 1, 1, triggered=(fx.TriggeredAbility(
        fx.Trigger("attacks"), fx.LoseLife(1, fx.Ref("defending_player"))),))
    game = blank(players=3)
    pid = game.add_permanent(raider, 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, pid, 2)
    finish_attacks(game)
    settle(game)
    assert game.life == [20, 20, 19]


def test_sacrifice_effect_and_each_selector():
    edict = fx.CardDef(
        name="Test Edict", cost=parse_cost("{B}"), colours=("B",), types=("Sorcery",),
        spell=fx.SpellAbility(fx.Sacrifice(fx.Filter(types=frozenset({"Creature"})),
                                           who=fx.Ref("each_opponent"))))
    sweep = fx.CardDef(
        name="Test Sweep", cost=parse_cost("{R}"), colours=("R",), types=("Sorcery",),
        spell=fx.SpellAbility(fx.DealDamage(1, fx.Each(fx.Filter(
            types=frozenset({"Creature"}), controller="opponent")))))
    game = blank()
    lands(game, 0, "Swamp", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    elves = game.add_permanent("Llanowar Elves", 1)
    mine = game.add_permanent("Llanowar Elves", 0)
    game.add_card(edict, 0)
    game.add_card(sweep, 0)
    game.start_at("main1", 0)
    act(game, "Test Edict")
    settle(game)
    assert game.decision == {"kind": "sacrifice", "player": 1,
                             "options": [bears, elves]}
    target_perm(game, bears)
    assert bears not in game.battlefield
    act(game, "Test Sweep")
    settle(game)
    assert elves not in game.battlefield and mine in game.battlefield


def test_painlands_hurt_only_for_coloured_mana():
    wastes = compiled_pool().supported["Adarkar Wastes"]  # {C}; or {W}/{U} and 1 damage
    game = blank()
    first = game.add_permanent(wastes, 0)
    second = game.add_permanent(wastes, 0)
    game.add_card(creature("Test Pilgrim", 1, 1, cost=parse_cost("{1}{W}"),
                           colours=("W",)), 0)
    game.start_at("main1", 0)
    act(game, "Test Pilgrim")
    assert game.battlefield[first].tapped and game.battlefield[second].tapped
    assert game.life[0] == 19  # one coloured mana, one colourless
    assert [e["source"] for e in game.events if e["type"] == "damage"] == [
        "Adarkar Wastes"]


def test_deathtouch_blocker_and_first_strike_blocker():
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)  # 3/3
    wurm = game.add_permanent("Craw Wurm", 0)  # 6/4
    recluse = game.add_permanent("Deadly Recluse", 1)  # 1/2 deathtouch, reach
    archers = game.add_permanent("Elvish Archers", 1)  # 2/1 first strike
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, giant)
    attack(game, wurm)
    finish_attacks(game)
    block(game, recluse, wurm)
    block(game, archers, giant)
    finish_blocks(game)
    pass_until(game, "end_of_combat")
    assert wurm not in game.battlefield and recluse not in game.battlefield
    assert giant in game.battlefield and archers not in game.battlefield
    assert game.battlefield[giant].damage == 2


def test_flash_creature_at_instant_speed():
    game = blank()
    lands(game, 1, "Forest", "Forest")
    game.add_card("Ambush Viper", 1)  # {1}{G} flash, deathtouch
    game.start_at("main1", 0)
    game.apply_action(A.PASS)
    act(game, "Ambush Viper")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert any(game.pdef(p).name == "Ambush Viper" for p in game.battlefield)
    assert game.step == "main1" and game.active == 0


def test_dies_trigger_of_a_token_and_the_token_is_gone():
    spirit = fx.TokenSpec("Spirit", ("Creature",), ("Spirit",), ("W",), 1, 1,
                          abilities=(fx.TriggeredAbility(fx.Trigger("dies"),
                                                         fx.GainLife(3)),))
    maker = fx.CardDef(name="Test Haunt", cost=parse_cost("{W}"), colours=("W",),
                       types=("Sorcery",),
                       spell=fx.SpellAbility(fx.CreateToken(spirit)))
    game = blank()
    lands(game, 0, "Plains", "Mountain")
    game.add_card(maker, 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Test Haunt")
    settle(game)
    token = next(p for p in game.battlefield if game.pdef(p).name == "Spirit")
    act(game, "Shock")
    target_perm(game, token)
    settle(game)
    assert game.life[0] == 23
    assert "Spirit" not in [game.name_of(c) for c in game.graveyard[0]]


def test_double_strike_with_trample_over_a_chump_blocker():
    game = blank()
    knight = game.add_permanent(creature("Test Knight", 3, 3, "double strike",
                                         "trample"), 0)
    elves = game.add_permanent("Llanowar Elves", 1)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, knight)
    finish_attacks(game)
    block(game, elves, knight)
    finish_blocks(game)
    pass_until(game, "end_of_combat")
    # first strike: 1 to the Elves, 2 tramples over; then the blocker is gone: 3 more
    assert game.life[1] == 15


def test_phyrexian_and_two_generic_hybrid_pips():
    game = blank()
    mountain = game.add_permanent("Mountain", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Gut Shot", 0)  # {R/P}: 1 damage to any target
    game.add_card("Gut Shot", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    target_perm(game, bears)
    assert game.battlefield[mountain].tapped and game.life[0] == 20  # paid with {R}
    settle(game)
    act(game, "cast hand 0")
    game.apply_action(A.player(1))
    assert game.life[0] == 18  # no mana left: 2 life
    settle(game)
    assert game.life[1] == 19

    twobrid = creature("Test Twobrid", 2, 2, cost=parse_cost("{2/G}"), colours=("G",))
    game = blank()
    m1, m2 = lands(game, 0, "Mountain", "Mountain")
    game.add_card(twobrid, 0)
    game.start_at("main1", 0)
    act(game, "Test Twobrid")  # no green source: {2}
    assert game.battlefield[m1].tapped and game.battlefield[m2].tapped


def test_a_source_making_two_mana():
    game = blank()
    ring = game.add_permanent("Sol Ring", 0)  # {T}: add {C}{C}
    forest, mountain = lands(game, 0, "Forest", "Mountain")
    game.add_card("Hill Giant", 0)  # {3}{R}
    game.start_at("main1", 0)
    act(game, "Hill Giant")
    assert game.battlefield[ring].tapped and game.battlefield[mountain].tapped
    assert game.battlefield[forest].tapped  # {3}: two from the Ring, one Forest
    assert not game._sources(0)


def test_payment_plan_finds_assignments_the_greedy_choice_misses():
    from labyrinth_gym.envs.magic.engine.payment import Source, plan

    rg = Source(1, frozenset({"R", "G"}))
    gw = Source(2, frozenset({"G", "W"}))
    # {G}{W}: the first choice for {G} (either dual) must leave the G/W land for {W}
    chosen = plan(parse_cost("{G}{W}"), [gw, rg])
    assert chosen is not None and sorted(chosen.taps) == [(1, "G"), (2, "W")]
    plains, mountain = Source(3, frozenset({"W"})), Source(4, frozenset({"R"}))
    chosen = plan(parse_cost("{1}{2/W}"), [plains, mountain])
    assert chosen is not None and sorted(chosen.taps) == [(3, "W"), (4, "")]
    assert plan(parse_cost("{R}{R}"), [mountain, plains]) is None
    assert plan(parse_cost("{W/P}"), [], life=1) is None
    assert plan(parse_cost("{W/P}"), [], life=2).life == 2


def test_its_controller_uses_last_known_information():
    justice = fx.CardDef(
        name="Test Justice", cost=parse_cost("{W}"), colours=("W",), types=("Instant",),
        spell=fx.SpellAbility(fx.Sequence((
            fx.Destroy(fx.Target("creature")),
            fx.GainLife(3, fx.Ref("its_controller"))))))
    game = blank()
    lands(game, 0, "Plains")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card(justice, 0)
    game.start_at("main1", 0)
    act(game, "Test Justice")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    assert game.life == [20, 23]


# ------------------------------------------------- manifest, dread, devour
def face_down(game: MagicGame, p: int | None = None) -> list[int]:
    """The face-down permanents (of ``p``), oldest first."""
    return [pid for pid, perm in game.battlefield.items() if perm.face_down
            and (p is None or perm.controller == p)]


def manifest_position(top: str, *spells: str) -> tuple[MagicGame, int]:
    """Player 0 has cast Soul Summons (manifest the top card of your library) with
    ``top`` on top of its library, and it resolved; ``spells`` are in its hand, with
    lands enough for any of them. Returns the game and the face-down permanent."""
    game = blank()
    lands(game, 0, "Plains", "Plains", *["Mountain"] * 4, *["Forest"] * 4)
    game.add_card(top, 0, "library")
    game.add_card("Soul Summons", 0)
    for spell in spells:
        game.add_card(spell, 0)
    game.start_at("main1", 0)
    act(game, "Soul Summons")
    settle(game)
    (pid,) = face_down(game)
    return game, pid


def test_manifest_puts_the_top_card_face_down_as_a_2_2_with_no_abilities():
    game, angel = manifest_position("Serra Angel")
    assert game.name_of(game.battlefield[angel].card) == "Serra Angel"
    assert len(game.library[0]) == 10  # the Angel left the library
    assert game.chars(angel) == (2, 2, frozenset())  # not 4/4, no flying or vigilance
    assert game.pdef(angel).types == ("Creature",) and game.pdef(angel).cost is None
    assert game.battlefield[angel].sick

    # a manifested enchantment is a creature, and its anthem does not apply
    game, anthem = manifest_position("Glorious Anthem")
    bears = game.add_permanent("Grizzly Bears", 0)
    assert game.is_creature(anthem) and game.chars(bears)[:2] == (2, 2)
    assert game.matches(fx.Filter(types=frozenset({"Creature"})), anthem, 0)
    assert not game.matches(fx.Filter(types=frozenset({"Enchantment"})), anthem, 0)

    # no mana ability (a manifested Llanowar Elves taps for nothing) and no activated
    # ability but turning face up
    game, elves = manifest_position("Llanowar Elves")
    game.battlefield[elves].sick = False
    assert elves not in [s.pid for s in game._sources(0)]
    game, priest = manifest_position("Qarsi High Priest")  # {1}{B},{T},sacrifice: ...
    game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Swamp", 0)
    game.battlefield[priest].sick = False
    assert [n for n in names(game) if f"slot {slot(game, priest)} " in n] == [
        f"turn slot {slot(game, priest)} (face-down Qarsi High Priest) face up"
        " for its mana cost ({B})"]


def test_face_down_permanents_have_no_triggers_and_are_not_legendary():
    arena = fx.CardDef(name="Test Arena", cost=parse_cost("{1}"), colours=(),
                       types=("Creature",), supertypes=("Legendary",), power=1,
                       toughness=1, triggered=(fx.TriggeredAbility(
                           fx.Trigger("upkeep", fx.Ref("you")), fx.GainLife(5)),))
    game = blank()
    lands(game, 0, "Plains", "Plains", "Plains", "Plains")
    game.add_card(arena, 0, "library")
    game.add_card(arena, 0, "library")
    game.add_card("Soul Summons", 0)
    game.add_card("Soul Summons", 0)
    game.start_at("main1", 0)
    for _ in range(2):
        act(game, "cast hand 0 (Soul Summons)")
        settle(game)
    both = face_down(game)
    assert len(both) == 2  # two of one legendary card face down: no legend rule
    pass_until(game, "upkeep")
    pass_until(game, "main1")  # player 1's turn
    pass_until(game, "upkeep")  # player 0's upkeep: a face-down Arena does not trigger
    assert game.active == 0 and game.life == [20, 20] and not game.stack


def test_opponents_see_a_face_down_2_2_whichever_card_it_is():
    views = []
    for top in ("Serra Angel", "Lightning Bolt"):
        game, pid = manifest_position(top)
        game.add_card("Shock", 1)
        game.add_permanent("Mountain", 1)
        game.apply_action(A.PASS)  # player 1 has priority with Shock
        act(game, "Shock")
        assert f"permanent slot {slot(game, pid)} (face-down creature)" in names(game)
        target_perm(game, pid)
        game.apply_action(A.PASS)  # player 0 may respond: the opponent sees the stack
        views.append((game, pid))
    (a, pa), (b, pb) = views
    assert pa == pb
    seen = a.observation_for(1)
    assert seen == b.observation_for(1)
    assert "Serra Angel" not in json.dumps(seen)
    perm = next(v for v in seen["battlefield"] if v["id"] == pa)
    assert perm["card"] == "face-down creature" and perm["face_down"]
    assert (perm["power"], perm["toughness"], perm["keywords"]) == (2, 2, [])
    assert seen["stack"][0]["targets"] == [{"id": pa, "card": "face-down creature"}]
    assert np.array_equal(encode(a, 1), encode(b, 1))
    # its controller may look at it
    assert next(v for v in a.observation_for(0)["battlefield"] if v["id"] == pa)[
        "card"] == "Serra Angel"
    assert not np.array_equal(encode(a, 0), encode(b, 0))
    assert "face-down Serra Angel" in render_text(a)  # player 0 is to act
    game.apply_action(A.PASS)
    assert pb not in game.battlefield  # the Shock resolved


def test_turning_face_up_pays_the_cost_and_keeps_counters_and_damage():
    game = blank()
    lands(game, 0, *["Forest"] * 4, *["Mountain"] * 4)
    lands(game, 1, "Mountain")
    game.add_card("Hill Giant", 0, "library")  # {3}{R} 3/3
    game.add_card("Formless Nurturing", 0)  # manifest, then a +1/+1 counter on it
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    act(game, "Formless Nurturing")
    settle(game)
    (giant,) = face_down(game)
    assert game.battlefield[giant].counters == {"+1/+1": 1}
    assert game.chars(giant)[:2] == (3, 3)
    game.apply_action(A.PASS)
    act(game, "Shock")
    target_perm(game, giant)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # Shock resolves: 2 damage on a 3/3
    assert game.battlefield[giant].damage == 2
    assert game.current_player() == 0
    act(game, "turn slot")
    perm = game.battlefield[giant]  # the same object
    assert not perm.face_down and game.pdef(giant).name == "Hill Giant"
    assert perm.counters == {"+1/+1": 1} and perm.damage == 2 and perm.sick
    assert game.chars(giant)[:2] == (4, 4)
    assert sum(game.battlefield[p].tapped for p in game.battlefield) == 4 + 4 + 1
    assert not game.stack and game.decision == {"kind": "priority", "player": 0}
    assert "turn_face_up" in types_of(game)
    assert not has(game, "turn slot")


def test_a_manifested_noncreature_card_cannot_be_turned_face_up():
    game, bolt = manifest_position("Lightning Bolt")
    game.battlefield[bolt].sick = False
    assert not [n for n in names(game) if f"slot {slot(game, bolt)} " in n]
    # a creature card whose cost cannot be paid is not offered either
    game, angel = manifest_position("Serra Angel")  # {3}{W}{W}: only one Plains left
    assert not has(game, "face up")


def test_a_face_down_card_that_dies_goes_to_the_graveyard_as_itself():
    watcher = creature("Test Watcher", 1, 1, triggered=(fx.TriggeredAbility(
        fx.Trigger("dies", fx.Filter(types=frozenset({"Creature"}))), fx.GainLife(1)),))
    # Sultai Emissary face down: its own dies trigger (manifest) does not trigger
    game, emissary = manifest_position("Sultai Emissary", "Lightning Bolt")
    game.add_permanent(watcher, 1)
    act(game, "Lightning Bolt")
    target_perm(game, emissary)
    settle(game)
    assert emissary not in game.battlefield and not face_down(game)
    assert [game.name_of(c) for c in game.graveyard[0]] == [
        "Soul Summons", "Lightning Bolt", "Sultai Emissary"]
    assert game.life[1] == 21  # another permanent saw a creature die
    leaves = [e for e in game.events if e["type"] == "leaves"]
    assert leaves[-1]["card"] == "Sultai Emissary" and leaves[-1]["revealed"]


def test_manifest_dread_manifests_the_chosen_card_and_mills_the_other():
    game = blank()
    lands(game, 0, "Forest", "Forest")
    game.add_card("Hill Giant", 0, "library")  # second card
    game.add_card("Serra Angel", 0, "library")  # top card
    game.add_card("Manifest Dread", 0)
    game.start_at("main1", 0)
    act(game, "Manifest Dread")
    settle(game)
    assert game.decision == {"kind": "dread", "player": 0}
    assert names(game) == {
        "manifest Serra Angel (top card), Hill Giant to the graveyard": A.mode(0),
        "manifest Hill Giant (second card), Serra Angel to the graveyard": A.mode(1)}
    hidden = json.dumps(game.observation_for(1))
    assert "Hill Giant" not in hidden and "Serra Angel" not in hidden
    # the chooser looked at the two cards: a determinization keeps them on top
    twin = game.determinize(0, np.random.default_rng(1))
    assert twin.observation_for(0) == game.observation_for(0)
    look = MagicObs(encode(game, 0))
    assert look.look_present.tolist() == [1.0, 1.0]
    assert look.look[0, CARD["power"]] == pytest.approx(0.4)  # the Angel, on top
    assert not MagicObs(encode(game, 1)).look_present.any()
    game.apply_action(A.mode(1))
    (giant,) = face_down(game)
    assert game.name_of(game.battlefield[giant].card) == "Hill Giant"
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Serra Angel",
                                                            "Manifest Dread"]
    assert len(game.library[0]) == 10


def test_its_controller_manifests_dread_and_makes_the_choice():
    game = blank()
    lands(game, 0, "Plains")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Hill Giant", 1, "library")
    game.add_card("Lightning Bolt", 1, "library")
    game.add_card("Unwanted Remake", 0)  # destroy; its controller manifests dread
    game.start_at("main1", 0)
    act(game, "Unwanted Remake")
    target_perm(game, bears)
    settle(game)
    assert game.decision == {"kind": "dread", "player": 1}
    act(game, "manifest Lightning Bolt")
    (bolt,) = face_down(game)
    assert game.battlefield[bolt].controller == 1
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Grizzly Bears", "Hill Giant"]


def test_manifest_dread_with_one_card_left_asks_nothing():
    game = blank(library=0)
    lands(game, 0, "Forest", "Forest")
    game.add_card("Hill Giant", 0, "library")
    game.add_card("Manifest Dread", 0)
    game.start_at("main1", 0)
    act(game, "Manifest Dread")
    settle(game)
    assert game.decision["kind"] == "priority" and len(face_down(game)) == 1
    assert game.library[0] == [] and not game.lost[0]


def test_that_creature_after_manifest_dread_is_the_manifested_one():
    game = blank()
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    game.add_card("Killer's Mask", 0)  # enters: manifest dread, attach to that creature
    game.start_at("main1", 0)
    act(game, "Killer's Mask")
    settle(game)
    game.apply_action(A.mode(0))
    settle(game)
    mask = next(p for p in game.battlefield if game.pdef(p).name == "Killer's Mask")
    (manifested,) = face_down(game)
    assert game.battlefield[mask].attached_to == manifested
    assert game.keywords(manifested) == {"menace"}


def devour_position(sacrificed: int) -> tuple[MagicGame, int]:
    """Player 0 casts Thorn-Thrash Viashino (devour 2) with two Sultai Emissaries (when
    this dies, manifest) and a Hill Giant; it devours the first ``sacrificed``
    Emissaries. Returns the game and the Viashino."""
    game = blank()
    lands(game, 0, *["Mountain"] * 4)
    first = game.add_permanent("Sultai Emissary", 0)
    second = game.add_permanent("Sultai Emissary", 0)
    giant = game.add_permanent("Hill Giant", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Thorn-Thrash Viashino", 0)
    game.start_at("main1", 0)
    act(game, "Thorn-Thrash Viashino")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision == {"kind": "devour", "player": 0}
    legal = game.legal_actions()
    assert sorted(legal) == sorted([A.DONE] + [A.permanent(slot(game, p))
                                               for p in (first, second, giant)])
    assert A.permanent(slot(game, theirs)) not in legal
    for pid in (first, second)[:sacrificed]:
        target_perm(game, pid)
        assert A.permanent(slot(game, pid)) not in game.legal_actions()
    game.apply_action(A.DONE)
    viashino = next(p for p in game.battlefield
                    if game.pdef(p).name == "Thorn-Thrash Viashino")
    return game, viashino


@pytest.mark.parametrize("sacrificed", [0, 1, 2])
def test_devour_sacrifices_the_chosen_creatures_for_counters(sacrificed):
    game, viashino = devour_position(sacrificed)
    assert game.battlefield[viashino].counters.get("+1/+1", 0) == 2 * sacrificed
    emissaries = [p for p in game.battlefield if game.pdef(p).name == "Sultai Emissary"]
    assert len(emissaries) == 2 - sacrificed
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Sultai Emissary"] * sacrificed
    # their dies triggers fired: each manifests the top card of the library
    settle(game)
    assert len(face_down(game, 0)) == sacrificed
    assert [e["count"] for e in game.events if e["type"] == "devour"] == [sacrificed]


def test_devour_with_nothing_to_sacrifice_asks_nothing():
    game = blank()
    lands(game, 0, *["Mountain"] * 3)
    game.add_card("Thunder-Thrash Elder", 0)  # devour 3
    game.start_at("main1", 0)
    act(game, "Thunder-Thrash Elder")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    elder = next(iter(game.battlefield.keys() - {p for p in game.battlefield
                                                   if game.pdef(p).name == "Mountain"}))
    assert game.pdef(elder).name == "Thunder-Thrash Elder"
    assert not game.battlefield[elder].counters
    assert game.decision["kind"] == "priority"


def test_face_down_state_and_pending_choices_round_trip():
    game = blank()
    lands(game, 0, "Forest", "Forest", *["Mountain"] * 4)
    game.add_card("Hill Giant", 0, "library")
    game.add_card("Serra Angel", 0, "library")
    game.add_card("Manifest Dread", 0)
    game.start_at("main1", 0)
    act(game, "Manifest Dread")
    settle(game)
    copy = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    twin = game.clone()
    for g in (game, copy, twin):
        g.apply_action(A.mode(1))
        assert len(face_down(g)) == 1
        copied = MagicGame.from_dict(json.loads(json.dumps(g.to_dict())))
        assert face_down(copied) == face_down(g)
        act(g, "turn slot")
        assert not face_down(g) and g.pdef(max(g.battlefield)).name == "Hill Giant"
    assert copy.to_dict() == game.to_dict() == twin.to_dict()


def test_determinize_resamples_an_opponents_face_down_card():
    game = blank(library=0)
    for name in ("Hill Giant", "Serra Angel", "Lightning Bolt", "Shock", "Forest") * 2:
        game.add_card(name, 1, "library")
    lands(game, 1, "Plains", "Plains")
    game.add_card("Soul Summons", 1)
    game.add_card("Island", 0, "library")
    game.start_at("main1", 1)
    act(game, "Soul Summons")
    settle(game)
    (pid,) = face_down(game)
    view = game.observation_for(0)
    cards = set()
    rng = np.random.default_rng(0)
    for _ in range(30):
        d = game.determinize(0, rng)
        cards.add(d.name_of(d.battlefield[pid].card))
        assert d.observation_for(0) == view
        assert sorted(d.hand[1] + d.library[1] + [d.battlefield[pid].card]) == sorted(
            game.hand[1] + game.library[1] + [game.battlefield[pid].card])
        assert d.battlefield[pid].face_down
        # its controller's own view keeps the card
        assert game.determinize(1, rng).battlefield[pid].card == game.battlefield[pid].card
    assert len(cards) > 1


# ------------------------------------------------------------- planeswalkers
def test_planeswalker_enters_with_loyalty_and_uses_one_loyalty_ability_a_turn():
    game = blank()
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    garruk = game.add_card("Garruk Wildspeaker", 0)
    game.start_at("main1", 0)
    act(game, "Garruk Wildspeaker")
    settle(game)
    pid = next(p for p, perm in game.battlefield.items() if perm.card == garruk)
    assert game.battlefield[pid].counters["loyalty"] == 3  # rule 306.5b
    # +1 (untap two lands), -1 (a 3/3 Beast); the -4 needs four counters (rule 606.6)
    assert has(game, "ability 0") and has(game, "ability 1")
    assert not has(game, "ability 2")
    act(game, "ability 1")
    assert game.battlefield[pid].counters["loyalty"] == 2  # the cost is paid at once
    assert not has(game, "(Garruk Wildspeaker) ability")  # rule 606.3: one a turn
    settle(game)
    assert any(game.name_of(perm.card) == "Beast Token" for perm in game.battlefield.values())
    # sorcery speed only: not in the opponent's turn
    pass_until(game, "upkeep")
    assert game.active == 1 and not has(game, "(Garruk Wildspeaker) ability")
    pass_until(game, "main1")
    pass_until(game, "upkeep")  # our next turn: allowed again
    pass_until(game, "main1")
    assert game.active == 0 and has(game, "(Garruk Wildspeaker) ability 0")


def test_damage_removes_loyalty_and_an_empty_planeswalker_dies():
    game = blank()
    walker = game.add_permanent("Ajani, Inspiring Leader", 1)  # loyalty 5
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    target_perm(game, walker)  # "any target" includes planeswalkers (rule 115.4)
    settle(game)
    assert game.battlefield[walker].counters["loyalty"] == 2  # rule 120.3c
    assert game.battlefield[walker].damage == 0 and game.life[1] == 20
    act(game, "cast hand 0")
    target_perm(game, walker)
    settle(game)
    assert walker not in game.battlefield  # rule 704.5i: no loyalty left
    assert game.name_of(game.graveyard[1][-1]) == "Ajani, Inspiring Leader"


def test_a_creature_may_attack_a_planeswalker_instead_of_its_player():
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)  # 3/3
    bears = game.add_permanent("Grizzly Bears", 0)
    walker = game.add_permanent("Ajani, Inspiring Leader", 1)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, giant)
    # rule 508.1b: the player, or a planeswalker that player controls
    assert game.decision["kind"] == "attack_target"
    assert game.legal_actions() == sorted([A.player(1), A.permanent(slot(game, walker))])
    target_perm(game, walker)
    attack(game, bears)
    game.apply_action(A.player(1))
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.battlefield[walker].counters["loyalty"] == 2  # 5 - 3
    assert game.life[1] == 18  # only the bears hit the player
    attack_events = [e for e in game.events if e["type"] == "attack"]
    assert attack_events[0]["planeswalker"] == walker
    assert "planeswalker" not in attack_events[1]


def test_an_attacker_whose_planeswalker_left_deals_no_damage():
    game = blank()
    lands(game, 1, "Mountain")
    giant = game.add_permanent(creature("Test Trampler", 5, 5, "trample"), 0)
    walker = game.add_permanent("Garruk Wildspeaker", 1)
    game.add_card("Lightning Bolt", 1)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, giant)
    target_perm(game, walker)
    game.apply_action(A.DONE)
    # the defending player bolts its own Garruk before blockers: it leaves combat
    game.apply_action(A.PASS)
    act(game, "cast hand 0")
    target_perm(game, walker)
    settle(game)
    assert walker not in game.battlefield
    pass_until(game, "main2")
    # rule 506.4c: still attacking, attacking nothing: no combat damage, even trample
    assert game.life[1] == 20
    assert not [e for e in game.events if e["type"] == "damage" and e.get("combat")]


def test_each_seat_sees_the_log_without_others_draws_or_face_down_names():
    game, angel = manifest_position("Serra Angel", "Lightning Bolt")
    game.battlefield[angel].sick = False
    wall = game.add_permanent(creature("Test Wall", 1, 4), 1)
    to_combat(game)
    attack(game, angel)
    finish_attacks(game)
    block(game, wall, angel)
    finish_blocks(game)
    pass_until(game, "main2")
    assert game.battlefield[wall].damage == 2 and game.battlefield[angel].damage == 1
    game.draw(0)
    game.draw(1)
    act(game, "Lightning Bolt")  # at its own face-down creature
    target_perm(game, angel)
    theirs, mine = game.events_for(1), game.events_for(0)
    assert [e for e in mine if e["type"] != "draw"] == [  # its controller sees every name
        e for e in game.events if e["type"] != "draw"]
    assert len(theirs) == len(game.events)
    for full, seen in zip(game.events, theirs, strict=True):
        if full["type"] in ("manifest", "enters", "attack", "block", "damage", "cast") \
                and "Serra Angel" in json.dumps(full):
            assert "Serra Angel" not in json.dumps(seen), full
            assert set(seen) <= set(full) and all(  # only the names change
                seen[k] == full[k] for k in seen if k not in ("card", "source", "targets"))
    kinds = {e["type"]: e for e in theirs if "face-down creature" in json.dumps(e)}
    assert {"enters", "attack", "damage", "cast"} <= set(kinds)
    assert next(e for e in theirs if e["type"] == "manifest").get("card") is None
    assert any(e["type"] == "damage" and e["source"] == "face-down creature"
               for e in theirs)
    # draws: named to the drawer only
    draws = [i for i, e in enumerate(game.events) if e["type"] == "draw"]
    assert {game.events[i]["player"] for i in draws} == {0, 1}
    for i in draws:
        p = game.events[i]["player"]
        assert "card" in game.events_for(p)[i] and "card" not in game.events_for(1 - p)[i]
    assert game.events_for(1, since=len(game.events) - 3) == theirs[-3:]
    # once it leaves the battlefield it is revealed to all
    settle(game)
    leaves = [e for e in game.events_for(1) if e["type"] == "leaves"]
    assert leaves[-1]["card"] == "Serra Angel"


def test_determinize_keeps_a_card_every_player_saw_return_to_a_hand():
    game = blank()
    lands(game, 0, "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    for _ in range(3):
        game.add_card("Lightning Bolt", 1)  # player 1's hidden cards
    game.add_card("Unsummon", 0)
    game.start_at("main1", 0)
    act(game, "Unsummon")
    target_perm(game, bears)
    settle(game)
    (card,) = [c for c in game.hand[1] if game.name_of(c) == "Grizzly Bears"]
    assert card in game.public_hand
    for seed in range(20):
        view = game.determinize(0, np.random.default_rng(seed))
        assert card in view.hand[1] and len(view.hand[1]) == 4
    assert sum(card in game.determinize(0, np.random.default_rng(s)).library[1]
               for s in range(20)) == 0
    # once it leaves the hand and is drawn again, it is hidden again
    game.hand[1].remove(card)
    game.library[1].append(card)
    game.draw(1)
    assert card in game.hand[1] and card not in game.public_hand
    assert json.loads(json.dumps(game.to_dict()))["public_hand"] == game.public_hand
    assert MagicGame.from_dict(game.to_dict()).public_hand == game.public_hand


def test_determinize_keeps_the_cards_a_player_put_on_its_library_bottom():
    game = new_game(3, starting_player=0)
    game.apply_action(A.MULLIGAN)
    game.apply_action(A.KEEP)  # seat 1 keeps; seat 0 has its new hand
    game.apply_action(A.KEEP)
    game.apply_action(A.hand(0))  # puts its card 0 on the bottom
    bottom = list(game.library[0][:1])
    assert game.known_bottom[0] == 1
    for seed in range(10):
        view = game.determinize(0, np.random.default_rng(seed))
        assert view.library[0][:1] == bottom  # its owner knows
        assert sorted(view.library[0]) == sorted(game.library[0])
    moved = sum(game.determinize(1, np.random.default_rng(s)).library[0][:1] != bottom
                for s in range(10))
    assert moved > 0  # the opponent does not
    assert MagicGame.from_dict(game.to_dict()).known_bottom == game.known_bottom


# ------------------------------------------------------------- extra turns (500.7)
def test_500_7_time_warp_gives_its_target_the_next_turn():
    game = blank()
    game.add_card("Time Warp", 0)
    lands(game, 0, *["Island"] * 5)
    game.start_at("main1", 0)
    turn = game.turn
    act(game, "Time Warp")
    game.apply_action(A.player(0))  # "target player": its caster
    settle(game)
    assert game.extra_turns == [0]
    pass_until(game, "main2")
    pass_until(game, "main1", limit=300)
    assert game.active == 0 and game.turn == turn + 1 and game.extra_turns == []
    assert "extra_turn" in types_of(game)
    pass_until(game, "main2")
    pass_until(game, "main1", limit=300)
    assert game.active == 1  # then the turn order goes on


def test_500_7_the_most_recent_extra_turn_is_taken_first():
    game = blank(players=3)
    game.extra_turns = [1, 2]  # player 1's was created first
    game.start_at("main1", 0)
    pass_until(game, "main2")
    pass_until(game, "main1", limit=300)
    assert game.active == 2
    pass_until(game, "main2")
    pass_until(game, "main1", limit=300)
    assert game.active == 1
    pass_until(game, "main2")
    pass_until(game, "main1", limit=300)
    assert game.active == 2  # after player 1's turn, the normal order: 1 -> 2


def test_205_4e_a_legendary_sorcery_needs_a_legendary_creature_or_planeswalker():
    for legend, castable in ((None, False), ("Isamaru, Hound of Konda", True),
                             ("Grizzly Bears", False)):
        game = blank()
        game.add_card("Karn's Temporal Sundering", 0)
        lands(game, 0, *["Island"] * 6)
        if legend:
            game.add_permanent(legend, 0)
        game.start_at("main1", 0)
        assert has(game, "Karn's Temporal Sundering") == castable, legend


# ------------------------------------------------------------- proliferate (701.27a)
def test_701_27a_proliferate_chooses_any_number_of_permanents_and_players():
    game = blank()
    game.add_card("Volt Charge", 0)
    lands(game, 0, *["Mountain"] * 3)
    mine = game.add_permanent("Grizzly Bears", 0, counters={"+1/+1": 1})
    theirs = game.add_permanent("Grizzly Bears", 1, counters={"+1/+1": 2})
    plain = game.add_permanent("Hill Giant", 1)
    game.poison[1] = 3
    game.start_at("main1", 0)
    act(game, "Volt Charge")
    game.apply_action(A.permanent(slot(game, plain)))  # 3 damage to the Hill Giant
    settle(game)
    assert game.decision["kind"] == "proliferate"
    offered = set(game.legal_actions())
    assert A.permanent(slot(game, mine)) in offered and A.player(1) in offered
    assert A.permanent(slot(game, theirs)) in offered and A.DONE in offered
    assert A.player(0) not in offered  # no counters on its caster
    game.apply_action(A.permanent(slot(game, mine)))
    game.apply_action(A.player(1))
    assert A.permanent(slot(game, mine)) not in game.legal_actions()  # chosen once
    game.apply_action(A.DONE)
    assert game.battlefield[mine].counters["+1/+1"] == 2
    assert game.battlefield[theirs].counters["+1/+1"] == 2  # not chosen
    assert game.poison[1] == 4
    assert plain not in game.battlefield


def test_701_27a_proliferate_with_nothing_to_choose_asks_nothing():
    game = blank()
    game.add_card("Volt Charge", 0)
    lands(game, 0, *["Mountain"] * 3)
    game.start_at("main1", 0)
    act(game, "Volt Charge")
    game.apply_action(A.player(1))
    settle(game)
    assert game.decision["kind"] == "priority" and game.life[1] == 17


def test_701_46a_adapt_only_without_plus_one_counters():
    game = blank()
    eel = game.add_permanent("Skitter Eel", 0)
    lands(game, 0, *["Island"] * 6)
    game.start_at("main1", 0)
    game.apply_action(A.activate(slot(game, eel), 0))
    settle(game)
    assert game.battlefield[eel].counters == {"+1/+1": 2}
    game.apply_action(A.activate(slot(game, eel), 0))  # again: it has counters now
    settle(game)
    assert game.battlefield[eel].counters == {"+1/+1": 2}
    assert "adapt" in types_of(game)
