"""Scripted positions for the mechanisms the Draconic Rage Commander precon needs
(issue 30), each on real cards of the pool: a pump by the permanent's own power
(608.2h), an activation restricted to a step (602.5b), "when you cycle this"
(702.29c), an instant's graveyard trigger (113.6m), the stat of a destroyed
target (608.2h), typed alternatives of a card filter (205.3d), a punisher's
"unless that player sacrifices" (118.12), counted damage dealt by a trigger's
object (120.3), mana kept until end of turn (106.4), the targeting opponent as
"that player" (603.2) and doubled damage (614.1a)."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    has,
    lands,
    pass_to_decision,
    pass_until,
    settle,
    target_perm,
    to_combat,
)


def test_608_2h_its_power_pumps_compile():
    pool = compiled_pool().supported
    for name in ("Chameleon Colossus", "Yew Spirit", "Feral Animist"):
        assert name in pool, name
    pump = pool["Feral Animist"].activated[0].effect
    assert pump.power.of == "self" and pump.toughness == 0


def test_608_2h_chameleon_colossus_doubles_its_power_counted_once():
    game = blank()
    colossus = game.add_permanent("Chameleon Colossus", 0)
    lands(game, 0, *["Forest"] * 8)
    game.start_at("main1", 0)
    act(game, "activate")
    settle(game)
    assert game.chars(colossus)[:2] == (8, 8)
    act(game, "activate")
    settle(game)  # its power is 8 now: +8/+8 more
    assert game.chars(colossus)[:2] == (16, 16)


def test_602_5b_desert_activates_only_during_the_end_of_combat_step():
    game = blank()
    game.add_permanent("Desert", 1)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.battlefield[bears].sick = False
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, bears)
    game.apply_action(A.DONE)
    for _ in range(30):  # seat 1 never may ping before the end of combat step
        if game.step == "end_of_combat":
            break
        if game.decision["player"] == 1 and game.decision["kind"] == "priority":
            assert not has(game, "(Desert)")
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert game.life[1] == 18
    pass_until(game, "end_of_combat")
    while game.decision["player"] != 1:
        game.apply_action(A.PASS)
    act(game, "(Desert)")
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[bears].damage == 1


# ------------------------------------------------ 702.29c "when you cycle this"
def test_702_29c_cycle_triggers_compile_on_spells_and_permanents():
    pool = compiled_pool().supported
    for name in ("Decree of Savagery", "Krosan Tusker", "Renewed Faith",
                 "Choking Tethers"):
        assert name in pool, name
    (ability,) = pool["Decree of Savagery"].triggered
    assert ability.trigger.event == "cycled" and ability.zone == "graveyard"
    assert ability.optional
    assert pool["Decree of Savagery"].activated[0].cycling


def test_702_29c_decree_of_savagery_cycled_puts_four_counters_before_the_draw():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, *["Forest"] * 6)
    game.add_card("Decree of Savagery", 0)
    game.start_at("main1", 0)
    act(game, "activate hand 0 (Decree of Savagery)")
    target_perm(game, bears)  # the cycle trigger's target, above the cycling
    pass_to_decision(game, "yesno")
    assert game.hand[0] == []  # the trigger resolves first: nothing drawn yet
    act(game, "yes")
    settle(game)
    assert game.battlefield[bears].counters == {"+1/+1": 4}
    assert len(game.hand[0]) == 1


def test_702_29c_discarding_a_cycling_card_otherwise_is_not_cycling_it():
    game = blank()
    game.add_permanent("Grizzly Bears", 0)
    game.add_card("Decree of Savagery", 0)
    game.start_at("main1", 0)
    game._discard(0, game.hand[0][0])  # (a discard that pays no cycling cost)
    assert not game.pending_triggers


# ------------------------------------ 113.6m an instant's graveyard trigger
def test_113_6m_spit_flame_returns_when_a_dragon_enters_and_r_is_paid():
    game = blank()
    lands(game, 0, *["Mountain"] * 3)
    game.add_card("Spit Flame", 0, "graveyard")
    game.add_card("Dragon Hatchling", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Dragon Hatchling)")
    pass_to_decision(game, "yesno")  # "you may pay {r}"
    act(game, "yes")
    settle(game)
    assert [game.name_of(c) for c in game.hand[0]] == ["Spit Flame"]
    assert game.graveyard[0] == []


# --------------------------------- 608.2h the destroyed artifact's mana value
def test_608_2h_hoard_smelter_dragon_gets_the_destroyed_artifacts_mana_value():
    game = blank()
    dragon = game.add_permanent("Hoard-Smelter Dragon", 0)
    lands(game, 0, *["Mountain"] * 4)
    stone = game.add_permanent("Mind Stone", 1)  # mana value 2
    game.start_at("main1", 0)
    act(game, "activate slot 0 (Hoard-Smelter Dragon)")
    target_perm(game, stone)
    settle(game)
    assert stone not in game.battlefield
    assert game.chars(dragon)[:2] == (7, 5)  # as it last existed (608.2h)


# ------------------------------- 106.6 mana spendable only on Dragon spells
def test_205_3d_a_dragon_creature_card_or_ugin_planeswalker_card():
    haven = compiled_pool().supported["Haven of the Spirit Dragon"]
    back = haven.activated[-1].effect
    assert back.what.filter.types == {"Creature", "Planeswalker"}
    assert back.what.filter.subtypes == {"Dragon", "Ugin"}


def test_106_6_haven_of_the_spirit_dragon_pays_only_for_a_dragon_creature_spell():
    game = blank()
    lands(game, 0, "Haven of the Spirit Dragon", "Forest")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Dragon Hatchling", 0)
    game.start_at("main1", 0)
    assert not has(game, "Lightning Bolt")  # its red mana is for Dragons only
    act(game, "cast hand 1 (Dragon Hatchling)")
    settle(game)
    assert [game.name_of(p.card) for p in game.battlefield.values()
            if game.name_of(p.card) == "Dragon Hatchling"]


def test_haven_of_the_spirit_dragon_returns_a_dragon_card_not_another_creature():
    game = blank()
    haven = game.add_permanent("Haven of the Spirit Dragon", 0)
    lands(game, 0, "Forest", "Forest")
    game.add_card("Grizzly Bears", 0, "graveyard")
    game.add_card("Dragon Hatchling", 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "activate slot 0 (Haven of the Spirit Dragon)")
    assert not has(game, "Grizzly Bears")
    act(game, "Dragon Hatchling")
    settle(game)
    assert haven not in game.battlefield
    assert [game.name_of(c) for c in game.hand[0]] == ["Dragon Hatchling"]


# ------------------------- 118.12 "unless that player sacrifices" (a punisher)
def _demanding_dragon(opponent_creatures: int) -> MagicGame:
    """Seat 0 casts Demanding Dragon (five Mountains) and targets seat 1, who
    controls ``opponent_creatures`` Grizzly Bears."""
    game = blank()
    lands(game, 0, *["Mountain"] * 5)
    for _ in range(opponent_creatures):
        game.add_permanent("Grizzly Bears", 1)
    game.add_card("Demanding Dragon", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Demanding Dragon)")
    settle(game)  # the Dragon resolves; its enters trigger targets the opponent
    if game.decision["kind"] == "target":
        act(game, "player")
    return game


def test_118_12_the_targeted_opponent_may_sacrifice_a_creature_instead():
    game = _demanding_dragon(1)
    pass_to_decision(game, "yesno")
    assert game.decision["player"] == 1 and "unless" in game.decision
    act(game, "yes")
    settle(game)
    assert game.life[1] == 20
    assert not [p for p in game.battlefield.values() if p.controller == 1]


def test_118_12_declining_to_sacrifice_takes_the_damage():
    game = _demanding_dragon(1)
    pass_to_decision(game, "yesno")
    act(game, "no")
    settle(game)
    assert game.life[1] == 15
    assert [p for p in game.battlefield.values() if p.controller == 1]


def test_118_3_a_player_with_no_creature_is_not_asked():
    game = _demanding_dragon(0)
    settle(game)
    assert game.life[1] == 15
    assert not [e for e in game.events if e["type"] == "sacrifice"]


# ------------------- 120.3 the entering Dragon deals the counted damage itself
def test_120_3_scourge_of_valkas_the_entering_dragon_deals_x_for_each_dragon():
    game = blank()
    game.add_permanent("Scourge of Valkas", 0)
    lands(game, 0, *["Mountain"] * 2)
    game.add_card("Dragon Hatchling", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Dragon Hatchling)")
    settle(game)
    act(game, "player 1")  # the trigger's target: the opponent
    settle(game)
    assert game.life[1] == 18  # two Dragons
    (hit,) = [e for e in game.events if e["type"] == "damage"]
    assert hit["source"] == "Dragon Hatchling"


# ------------------------ 106.4, 514.2 mana kept as steps and phases end
def test_106_4_savage_ventmaws_mana_stays_until_the_turn_ends():
    game = blank()
    ventmaw = game.add_permanent("Savage Ventmaw", 0)
    game.battlefield[ventmaw].sick = False
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, ventmaw)
    game.apply_action(A.DONE)
    settle(game)
    assert sorted(game.pool[0]) == sorted("RRRGGG")
    pass_until(game, "main2")  # three steps ended since: none of it was lost
    assert sorted(game.pool[0]) == sorted("RRRGGG")
    assert not [e for e in game.events if e["type"] == "mana_empties"]
    pass_until(game, "upkeep")  # the cleanup step ended: the mana is gone
    assert game.pool[0] == [] and game.kept_mana[0] == []
    assert [e for e in game.events if e["type"] == "mana_empties"]


# ---------------------- 603.2 "that player": the targeting opponent (Thunderbreak)
def test_603_2_thunderbreak_regent_damages_the_opponent_who_targets_a_dragon():
    game = blank()
    game.add_permanent("Thunderbreak Regent", 0)
    hatchling = game.add_permanent("Dragon Hatchling", 0)
    lands(game, 1, "Mountain")
    game.add_card("Lightning Bolt", 1)
    game.start_at("main1", 1)
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, hatchling)
    settle(game)
    assert game.life[1] == 17 and game.life[0] == 20
    assert hatchling not in game.battlefield


def test_603_2_thunderbreak_regent_ignores_its_controllers_own_targeting():
    game = blank()
    game.add_permanent("Thunderbreak Regent", 0)
    hatchling = game.add_permanent("Dragon Hatchling", 0)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, hatchling)
    settle(game)
    assert game.life == [20, 20]


# ------------------------------------------- 614.1a damage doubled (a replacement)
def test_614_1a_gratuitous_violence_doubles_its_controllers_creatures_damage():
    game = blank()
    game.add_permanent("Gratuitous Violence", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.battlefield[bears].sick = False
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 17  # a spell is not a creature: not doubled
    to_combat(game)
    attack(game, bears)
    game.apply_action(A.DONE)
    pass_until(game, "end_of_combat")
    assert game.life[1] == 13  # 2 combat damage, doubled


def test_614_1a_an_opponents_creature_is_not_doubled():
    game = blank()
    game.add_permanent("Gratuitous Violence", 1)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.battlefield[bears].sick = False
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, bears)
    game.apply_action(A.DONE)
    pass_until(game, "end_of_combat")
    assert game.life[1] == 18
