"""Scripted positions for replacement and prevention effects (rules 614-616):
entering tapped unless a condition holds (check lands, fast lands) or unless life is
paid (shock lands), regeneration (701.19), damage prevention (615) unified with
protection, "if it would die this turn, exile it instead" (614.6), the order of
several effects on one event (616.1), and spells that can't be countered (101.2).
Each names real cards from the pool."""

from __future__ import annotations

import json

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from labyrinth_gym.envs.magic.prose import describe
from magic.positions import (
    act,
    blank,
    block,
    lands,
    pass_until,
    settle,
    target_perm,
    to_blocks,
    types_of,
)


def statics(name: str) -> tuple:
    return compiled_pool().supported[name].statics


def play(game: MagicGame, land: str) -> int:
    """Play ``land`` from seat 0's hand (answering no questions); its permanent."""
    act(game, f"({land})")
    return max(game.battlefield)




# --------------------------------------------------------------- compiling
def test_the_replacement_templates_compile_real_cards():
    assert statics("Drowned Catacomb") == (fx.EntersTapped(
        fx.Filter(subtypes=frozenset({"Island", "Swamp"}))),)
    assert statics("Blooming Marsh") == (fx.EntersTapped(
        fx.Filter(types=frozenset({"Land"})), at_least=0, at_most=2),)
    assert statics("Hallowed Fountain") == (fx.EntersTapped(pay_life=2),)
    assert statics("Carnage Tyrant") == (fx.CantBeCountered(),)
    assert statics("Supreme Verdict") == (fx.CantBeCountered(),)
    pool = compiled_pool().supported
    assert pool["Drudge Skeletons"].activated[0].effect == fx.Regenerate(fx.Ref("self"))
    assert pool["River Boa"].activated[0].effect == fx.Regenerate(fx.Ref("self"))
    assert pool["Fog"].spell.effect == fx.PreventDamage(None, None, combat_only=True)
    assert pool["Healing Salve"].spell.effect.modes[1] == fx.PreventDamage(
        3, fx.Target("any"))
    assert pool["Restrain"].spell.effect.steps[0] == fx.PreventDamage(
        None, fx.Target("creature", fx.Filter(props=frozenset({"attacking"}))),
        by_what=True, combat_only=True)
    assert pool["Wrath of God"].spell.effect == fx.Destroy(
        fx.Each(fx.Filter(types=frozenset({"Creature"}))), no_regenerate=True)
    assert pool["Lava Coil"].spell.effect.steps[1] == fx.ExileIfDies(fx.Ref("it"))
    assert pool["Anger of the Gods"].spell.effect.steps[1] == fx.ExileIfDies(
        fx.Ref("damaged_this_way"))
    assert pool["Hurr Jackal"].activated[0].effect == fx.CantBeRegenerated(
        fx.Target("creature"))
    assert pool["Maze of Ith"].activated[0].effect.steps[1:] == (
        fx.PreventDamage(None, fx.Ref("it"), combat_only=True),
        fx.PreventDamage(None, fx.Ref("it"), by_what=True, combat_only=True))
    assert statics("Spectator Seating") == (fx.EntersTapped(unless_opponents=2),)
    assert statics("Abandoned Campground") == (fx.EntersTapped(unless_life_at_most=13),)


def test_a_lone_cant_be_regenerated_is_not_read():
    from labyrinth_gym.envs.magic.engine.compiler import Unsupported, effect

    try:
        effect("draw a card. it can't be regenerated.")
    except Unsupported as err:
        assert err.reason == "it can't be regenerated."
    else:
        raise AssertionError("read")


# ------------------------------------------------- entering tapped (614.1d)
def test_check_land_enters_untapped_only_with_its_basic_land_type_rule_614_12():
    game = blank()
    game.add_card("Drowned Catacomb", 0)
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    assert game.battlefield[play(game, "Drowned Catacomb")].tapped

    game = blank()
    game.add_card("Drowned Catacomb", 0)
    lands(game, 0, "Swamp")
    game.start_at("main1", 0)
    assert not game.battlefield[play(game, "Drowned Catacomb")].tapped


def test_check_land_counts_a_nonbasic_land_with_the_type_and_not_an_opponents():
    game = blank()
    game.add_card("Glacial Fortress", 0)
    lands(game, 0, "Hallowed Fountain")  # a Plains Island, not basic
    game.start_at("main1", 0)
    assert not game.battlefield[play(game, "Glacial Fortress")].tapped

    game = blank()
    game.add_card("Glacial Fortress", 0)
    lands(game, 1, "Plains", "Island")  # the opponent's lands don't count
    game.start_at("main1", 0)
    assert game.battlefield[play(game, "Glacial Fortress")].tapped


def test_fast_land_enters_tapped_with_three_other_lands():
    for others, tapped in ((0, False), (2, False), (3, True)):
        game = blank()
        game.add_card("Blooming Marsh", 0)
        lands(game, 0, *["Forest"] * others)
        game.start_at("main1", 0)
        assert game.battlefield[play(game, "Blooming Marsh")].tapped is tapped, others


def test_shock_land_asks_its_controller_to_pay_2_life_as_it_enters():
    game = blank()
    game.add_card("Hallowed Fountain", 0)
    game.start_at("main1", 0)
    act(game, "Hallowed Fountain")
    assert game.decision["kind"] == "yesno" and game.decision["player"] == 0
    assert game.legal_actions() == [A.YES, A.NO]
    game.apply_action(A.YES)
    fountain = max(game.battlefield)
    assert game.name_of(game.battlefield[fountain].card) == "Hallowed Fountain"
    assert not game.battlefield[fountain].tapped and game.life[0] == 18
    assert game.land_played and not game.hand[0]

    game = blank()
    game.add_card("Hallowed Fountain", 0)
    game.start_at("main1", 0)
    act(game, "Hallowed Fountain")
    game.apply_action(A.NO)
    assert game.battlefield[max(game.battlefield)].tapped and game.life[0] == 20


def test_shock_land_with_too_little_life_enters_tapped_unasked_rule_119_4():
    game = blank()
    game.life[0] = 1
    game.add_card("Watery Grave", 0)
    game.start_at("main1", 0)
    grave = play(game, "Watery Grave")
    assert game.battlefield[grave].tapped and game.life[0] == 1
    assert game.decision["kind"] == "priority"


def test_a_shock_land_decision_survives_a_round_trip_and_determinize():
    import numpy as np

    game = blank()
    game.add_card("Hallowed Fountain", 0)
    game.start_at("main1", 0)
    act(game, "Hallowed Fountain")
    copy = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    copy.apply_action(A.YES)
    assert copy.life[0] == 18
    seen = game.determinize(1, np.random.default_rng(0))
    assert game.decision["enter"] in seen.hand[0]


# -------------------------------------------------- regeneration (701.19)
def skeletons_with_shield(game: MagicGame) -> int:
    """Seat 1's Drudge Skeletons with a regeneration shield (seat 0 to act)."""
    skeletons = game.add_permanent("Drudge Skeletons", 1)
    lands(game, 1, "Swamp")
    return skeletons


def shield(game: MagicGame, pid: int) -> None:
    """Seat 1 activates "{B}: Regenerate this" of ``pid`` and it resolves."""
    act(game, "Drudge Skeletons")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert ["regenerate", pid] in game.replacements


def test_regeneration_replaces_destruction_by_lethal_damage_rule_701_19a():
    game = blank()
    skeletons = skeletons_with_shield(game)
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Shock")
    target_perm(game, skeletons)
    game.apply_action(A.PASS)
    shield(game, skeletons)  # in response
    settle(game)
    perm = game.battlefield[skeletons]
    assert perm.tapped and perm.damage == 0
    assert "regenerate" in types_of(game) and "dies" not in types_of(game)
    assert ["regenerate", skeletons] not in game.replacements  # the shield is used


def test_one_shield_regenerates_once():
    game = blank()
    skeletons = skeletons_with_shield(game)
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Shock", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)
    shield(game, skeletons)
    for _ in range(2):
        act(game, "cast hand 0 (Shock)")
        target_perm(game, skeletons)
        settle(game)
    assert skeletons not in game.battlefield
    assert types_of(game).count("regenerate") == 1


def test_cant_be_regenerated_destroys_through_a_shield_rule_701_19c():
    game = blank()
    skeletons = skeletons_with_shield(game)
    lands(game, 0, "Plains", "Plains", "Plains", "Plains")
    game.add_card("Wrath of God", 0)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)
    shield(game, skeletons)
    act(game, "Wrath of God")
    settle(game)
    assert skeletons not in game.battlefield and "regenerate" not in types_of(game)


def test_regeneration_does_not_save_from_zero_toughness_rule_704_5f():
    game = blank()
    skeletons = skeletons_with_shield(game)
    lands(game, 0, "Swamp", "Forest")
    game.add_card("Golgari Charm", 0)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)
    shield(game, skeletons)
    act(game, "Golgari Charm")
    game.apply_action(A.mode(0))  # all creatures get -1/-1
    settle(game)
    assert skeletons not in game.battlefield and "regenerate" not in types_of(game)


def test_regeneration_shield_ends_with_the_turn_rule_514_2():
    game = blank()
    skeletons = skeletons_with_shield(game)
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.start_at("main1", 1)
    shield(game, skeletons)
    pass_until(game, "upkeep")  # seat 0's turn
    assert game.active == 0 and not game.replacements
    pass_until(game, "main1")
    act(game, "Shock")
    target_perm(game, skeletons)
    settle(game)
    assert skeletons not in game.battlefield


def test_a_regenerated_blocker_is_removed_from_combat_rule_506_4():
    # Elvish Archers (2/1 first strike) attack; Drudge Skeletons block with a shield:
    # destroyed by first-strike damage, they regenerate and leave combat, so they
    # deal no regular damage to the Archers
    game = blank()
    archers = game.add_permanent("Elvish Archers", 0)
    skeletons = skeletons_with_shield(game)
    game.start_at("main1", 0)
    to_blocks(game, archers)
    block(game, skeletons, archers)
    game.apply_action(A.DONE)
    game.apply_action(A.PASS)  # seat 0 passes; seat 1 answers
    shield(game, skeletons)
    pass_until(game, "main2")
    assert skeletons in game.battlefield and game.battlefield[skeletons].tapped
    assert skeletons not in game.blocking
    assert game.battlefield[archers].damage == 0
    assert game.life[1] == 20  # the Archers stay blocked (509.1h)


def test_regenerate_target_creature_and_each_creature_you_control():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, "Forest", "Swamp", "Mountain", "Mountain")
    game.add_card("Golgari Charm", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Golgari Charm")
    game.apply_action(A.mode(2))  # regenerate each creature you control
    settle(game)
    act(game, "Shock")
    target_perm(game, bears)
    game.apply_action(A.PASS)  # (bears are 2/2: 2 damage is lethal)
    settle(game)
    assert bears in game.battlefield and game.battlefield[bears].tapped


# ----------------------------------------------------------- prevention (615)
def test_prevent_the_next_3_damage_to_a_creature_rule_615_7():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain")
    lands(game, 1, "Plains")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Healing Salve", 1)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, bears)
    game.apply_action(A.PASS)
    act(game, "Healing Salve")
    game.apply_action(A.mode(1))
    target_perm(game, bears)
    settle(game)
    assert bears in game.battlefield and game.battlefield[bears].damage == 0
    prevented = [e for e in game.events if e["type"] == "prevented"]
    assert [(e["amount"], e["reason"], e["id"]) for e in prevented] == [
        (3, "prevention", bears)]


def test_a_prevention_shield_is_used_up_across_sources():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Plains")
    game.add_card("Healing Salve", 0)
    game.add_card("Shock", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Healing Salve")
    game.apply_action(A.mode(1))
    game.apply_action(A.player(1))  # prevent the next 3 damage to seat 1
    settle(game)
    for expected in (20, 19):  # 2 prevented; then 1 prevented, 1 dealt
        act(game, "cast hand 0 (Shock)")
        game.apply_action(A.player(1))
        settle(game)
        assert game.life[1] == expected
    assert not any(r[0] == "prevent" and r[1] for r in game.replacements)
    line = describe([e for e in game.events if e["type"] == "prevented"][0], 1)
    assert line == "Shock's 2 damage to you is prevented."


def test_fog_prevents_combat_damage_only():
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)
    lands(game, 0, "Mountain")
    lands(game, 1, "Forest")
    game.add_card("Shock", 0)
    game.add_card("Fog", 1)
    game.start_at("main1", 0)
    to_blocks(game, giant)
    game.apply_action(A.DONE)
    game.apply_action(A.PASS)
    act(game, "Fog")
    settle(game)
    pass_until(game, "main2")
    assert game.life[1] == 20
    act(game, "Shock")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 18


def test_prevent_combat_damage_dealt_by_an_attacker_leaves_its_blocker_s():
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)  # 3/3
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 1, "Plains", "Plains", "Plains")
    game.add_card("Restrain", 1)
    game.set_library(1, ["Island"])
    game.start_at("main1", 0)
    to_blocks(game, giant)
    block(game, bears, giant)
    game.apply_action(A.DONE)
    game.apply_action(A.PASS)
    act(game, "Restrain")
    target_perm(game, giant)
    settle(game)
    pass_until(game, "main2")
    assert bears in game.battlefield and game.battlefield[bears].damage == 0
    assert game.battlefield[giant].damage == 2
    assert len(game.hand[1]) == 1  # and draws a card


def test_lifelink_gains_only_the_damage_dealt_after_prevention():
    game = blank()
    hawk = game.add_permanent("Vampire Nighthawk", 0)  # 2/3 lifelink
    lands(game, 1, "Forest")
    game.add_card("Fog", 1)
    game.start_at("main1", 0)
    to_blocks(game, hawk)
    game.apply_action(A.DONE)
    game.apply_action(A.PASS)
    act(game, "Fog")
    settle(game)
    pass_until(game, "main2")
    assert game.life == [20, 20]


def test_prevent_all_applies_before_a_shield_which_stays_rule_616_1():
    # Fog and Healing Salve both apply to the Hill Giant's combat damage to seat 1:
    # Fog is applied first (no order can do better for seat 1), the shield of 3
    # stays for the rest of the turn
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)
    lands(game, 0, "Mountain")
    lands(game, 1, "Forest", "Plains")
    game.add_card("Shock", 0)
    game.add_card("Fog", 1)
    game.add_card("Healing Salve", 1)
    game.start_at("main1", 0)
    to_blocks(game, giant)
    game.apply_action(A.DONE)
    game.apply_action(A.PASS)
    act(game, "Healing Salve")
    game.apply_action(A.mode(1))
    game.apply_action(A.player(0))  # seat 1 itself
    settle(game)
    game.apply_action(A.PASS)
    act(game, "Fog")
    settle(game)
    pass_until(game, "main2")
    assert game.life[1] == 20
    act(game, "Shock")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 20  # the shield took Shock's 2


def test_protection_is_a_prevention_in_the_same_place_rule_702_16e():
    game = blank()
    goblin = game.add_permanent("Raging Goblin", 0)
    smith = game.add_permanent("Repentant Blacksmith", 1)  # protection from red
    game.start_at("main1", 0)
    to_blocks(game, goblin)
    block(game, smith, goblin)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.battlefield[smith].damage == 0
    assert [e["reason"] for e in game.events if e["type"] == "prevented"] == [
        "protection"]


# ------------------------------------------------ exile instead (614.6)
def test_lava_coil_exiles_the_creature_that_would_die():
    game = blank()
    giant = game.add_permanent("Hill Giant", 1)
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Lava Coil", 0)
    game.start_at("main1", 0)
    act(game, "Lava Coil")
    target_perm(game, giant)
    settle(game)
    assert giant not in game.battlefield
    assert [game.name_of(c) for c in game.exile[1]] == ["Hill Giant"]
    assert not game.graveyard[1] and "dies" not in types_of(game)
    assert "replaced" in types_of(game)


def test_regeneration_or_exile_first_is_its_controllers_decision_rule_616_1():
    # Magma Spray on shielded Drudge Skeletons: both the shield and "exile it
    # instead" apply to the destruction by lethal damage; seat 1 orders them
    for answer, stays in ((A.YES, True), (A.NO, False)):
        game = blank()
        skeletons = skeletons_with_shield(game)
        lands(game, 0, "Mountain", "Mountain")
        game.add_card("Magma Spray", 0)
        game.start_at("main1", 0)
        game.apply_action(A.PASS)
        shield(game, skeletons)
        act(game, "Magma Spray")
        target_perm(game, skeletons)
        settle(game)
        assert game.decision == {"kind": "yesno", "player": 1, "order": skeletons}
        game.apply_action(answer)
        assert (skeletons in game.battlefield) is stays
        if stays:  # regenerated; the exile effect still waits
            assert game.battlefield[skeletons].tapped
            assert ["exile_if_dies", skeletons] in game.replacements
        else:  # exiled; the shield was not used
            assert [game.name_of(c) for c in game.exile[1]] == ["Drudge Skeletons"]
            assert "regenerate" not in types_of(game)
        assert not any(r[0] == "order" for r in game.replacements)


def test_the_order_is_asked_before_a_destroy_effect_too_rule_616_1():
    game = blank()
    skeletons = game.add_permanent("Drudge Skeletons", 1)
    lands(game, 1, "Swamp", "Swamp")
    lands(game, 0, "Mountain", "Swamp", "Swamp", "Swamp")
    game.add_card("Magma Spray", 0)
    game.add_card("Murder", 0)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)
    shield(game, skeletons)
    act(game, "Magma Spray")
    target_perm(game, skeletons)
    settle(game)
    game.apply_action(A.YES)  # regenerated by the lethal damage
    game.apply_action(A.PASS)
    act(game, "Drudge Skeletons")  # a second shield
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    act(game, "Murder")
    target_perm(game, skeletons)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision == {"kind": "yesno", "player": 1, "order": skeletons}
    game.apply_action(A.NO)
    assert skeletons not in game.battlefield
    assert [game.name_of(c) for c in game.exile[1]] == ["Drudge Skeletons"]
    assert ["regenerate", skeletons] in game.replacements  # unused, and dead


def test_exile_instead_ends_with_the_turn():
    game = blank()
    giant = game.add_permanent("Hill Giant", 1)  # 3/3: survives Magma Spray
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Magma Spray", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "Magma Spray")
    target_perm(game, giant)
    settle(game)
    assert ["exile_if_dies", giant] in game.replacements
    pass_until(game, "upkeep")  # seat 1's turn
    assert game.active == 1 and not game.replacements
    game.apply_action(A.PASS)
    act(game, "Lightning Bolt")
    target_perm(game, giant)
    settle(game)
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Hill Giant"]


# --------------------------------------------------- can't be countered (101.2)
def test_a_spell_that_cant_be_countered_resolves_through_counterspell():
    game = blank()
    lands(game, 0, *["Forest"] * 6)
    lands(game, 1, "Island", "Island")
    game.add_card("Carnage Tyrant", 0)
    game.add_card("Counterspell", 1)
    game.start_at("main1", 0)
    act(game, "Carnage Tyrant")
    game.apply_action(A.PASS)
    act(game, "Counterspell")
    act(game, "stack 0 (Carnage Tyrant)")
    settle(game)
    assert "not_countered" in types_of(game) and "countered" not in types_of(game)
    assert any(game.name_of(p.card) == "Carnage Tyrant"
               for p in game.battlefield.values())
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Counterspell"]


def test_replacements_round_trip():
    game = blank()
    skeletons = skeletons_with_shield(game)
    game.start_at("main1", 1)
    shield(game, skeletons)
    copy = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.replacements == game.replacements == [["regenerate", skeletons]]
    assert game.clone().replacements == game.replacements


# ------------------------------------------------------------ more conditions
def test_enters_tapped_unless_two_or_more_opponents():
    for players, tapped in ((2, True), (3, False)):
        game = blank(players)
        game.add_card("Spectator Seating", 0)
        game.start_at("main1", 0)
        assert game.battlefield[play(game, "Spectator Seating")].tapped is tapped


def test_enters_tapped_unless_a_player_has_13_or_less_life():
    for life, tapped in ((14, True), (13, False)):
        game = blank()
        game.life[1] = life
        game.add_card("Abandoned Campground", 0)
        game.start_at("main1", 0)
        assert game.battlefield[play(game, "Abandoned Campground")].tapped is tapped


def test_cant_be_regenerated_this_turn_rule_701_19c():
    game = blank()
    skeletons = skeletons_with_shield(game)
    jackal = game.add_permanent("Hurr Jackal", 0)
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)
    shield(game, skeletons)
    act(game, "Hurr Jackal")
    target_perm(game, skeletons)
    settle(game)
    assert jackal in game.battlefield
    act(game, "Shock")
    target_perm(game, skeletons)
    settle(game)
    assert skeletons not in game.battlefield and "regenerate" not in types_of(game)
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Drudge Skeletons"]


def test_a_creature_dealt_damage_this_way_is_exiled_and_one_spared_is_not():
    # Anger of the Gods: 3 damage to each creature, those dealt damage exiled if
    # they would die; Healing Salve's shield spares one, which then dies normally
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    spared = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    lands(game, 1, "Plains")
    game.add_card("Anger of the Gods", 0)
    game.add_card("Shock", 0)
    game.add_card("Healing Salve", 1)
    game.start_at("main1", 0)
    act(game, "Anger of the Gods")
    game.apply_action(A.PASS)
    act(game, "Healing Salve")
    game.apply_action(A.mode(1))
    target_perm(game, spared)
    settle(game)
    assert bears not in game.battlefield and spared in game.battlefield
    assert [game.name_of(c) for c in game.exile[1]] == ["Grizzly Bears"]
    act(game, "Shock")
    target_perm(game, spared)
    settle(game)
    assert spared not in game.battlefield
    assert "Grizzly Bears" in [game.name_of(c) for c in game.graveyard[1]]


def test_maze_of_ith_prevents_damage_to_and_by_the_untapped_attacker():
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)
    game.add_permanent("Maze of Ith", 1)
    game.start_at("main1", 0)
    to_blocks(game, giant)
    game.apply_action(A.DONE)
    game.apply_action(A.PASS)
    act(game, "Maze of Ith")
    target_perm(game, giant)
    settle(game)
    assert not game.battlefield[giant].tapped
    pass_until(game, "main2")
    assert game.life[1] == 20


# ------------------------------------------------------- static prevention
def test_a_creatures_own_static_prevention_rule_615():
    game = blank()
    elemental = game.add_permanent("Dawn Elemental", 1)  # prevent all damage to it
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Shock")
    target_perm(game, elemental)
    settle(game)
    assert elemental in game.battlefield and game.battlefield[elemental].damage == 0
    assert [e["reason"] for e in game.events if e["type"] == "prevented"] == [
        "prevention"]


def test_an_auras_prevention_of_damage_dealt_by_and_to_enchanted_creature():
    # Sandskin: combat damage to and by the enchanted Hill Giant is prevented;
    # Shock's (noncombat) damage is not
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)
    game.add_permanent("Sandskin", 1, attached_to=giant)
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 1, "Mountain")
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    to_blocks(game, giant)
    block(game, bears, giant)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.battlefield[giant].damage == 0 and game.battlefield[bears].damage == 0
    game.apply_action(A.PASS)
    act(game, "Shock")
    target_perm(game, giant)
    settle(game)
    assert game.battlefield[giant].damage == 2


def test_defang_prevents_all_damage_the_enchanted_creature_deals():
    game = blank()
    giant = game.add_permanent("Hill Giant", 0)
    game.add_permanent("Defang", 1, attached_to=giant)
    game.start_at("main1", 0)
    to_blocks(game, giant)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.life[1] == 20
