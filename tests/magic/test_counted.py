"""Triggered abilities and counted amounts played from scripted positions: counters of
a kind with no rules of their own (122.1: charge, quest), amounts counted as the effect
resolves (608.2h), two trigger conditions of one ability (603.2), cast triggers on a
spell's colours."""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from magic.positions import act, blank, has, lands, pass_until, settle, slot


def _named(game, name: str) -> list[int]:
    return [p for p, perm in game.battlefield.items() if game.name_of(perm.card) == name]


# --------------------------------------------------------------- named counters (122)
def test_122_1_vivid_land_enters_tapped_with_two_charge_counters_and_spends_them():
    """614.1c/614.1e: a vivid land enters tapped with two charge counters; "{T},
    remove a charge counter from this: add one mana of any color" is offered only
    while a counter is left (118.3); "{T}: add {G}" always."""
    game = blank()
    game.add_card("Vivid Grove", 0)
    game.start_at("main1", 0)
    act(game, "Vivid Grove")
    (grove,) = _named(game, "Vivid Grove")
    perm = game.battlefield[grove]
    assert perm.tapped and perm.counters == {"charge": 2}
    perm.tapped = False
    perm.counters = {"charge": 1}
    game._legal = None
    act(game, "Vivid Grove")
    act(game, "add {U}")
    assert game.pool[0] == ["U"] and perm.counters == {}
    perm.tapped = False
    game._legal = None
    assert not has(game, "Vivid Grove")


def test_122_1_shrine_of_burning_rage_charges_on_upkeep_and_on_red_spells():
    """603.2: one ability with two trigger conditions ("at the beginning of your
    upkeep and whenever you cast a red spell"); a blue spell adds nothing. Sacrificed
    as the cost of its last ability, it deals damage equal to the charge counters it
    had as it last existed on the battlefield (608.2h)."""
    game = blank()
    shrine = game.add_permanent("Shrine of Burning Rage", 0)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain", "Island")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Opt", 0)
    game.start_at("upkeep", 0)
    settle(game)
    assert game.battlefield[shrine].counters == {"charge": 1}
    pass_until(game, "main1")
    act(game, "Lightning Bolt")
    act(game, "player 1")
    settle(game)
    assert game.battlefield[shrine].counters == {"charge": 2}
    assert game.life[1] == 17
    act(game, "Opt")
    settle(game)
    if game.decision["kind"] != "priority":  # scry 1: keep it on top
        game.apply_action(game.legal_actions()[0])
        settle(game)
    assert game.battlefield[shrine].counters == {"charge": 2}
    game.battlefield[shrine].counters["charge"] = 5
    for perm in game.battlefield.values():
        perm.tapped = False
    game._legal = None
    act(game, f"activate slot {slot(game, shrine)}")
    act(game, "player 1")
    assert shrine not in game.battlefield
    settle(game)
    assert game.life[1] == 12


def test_122_1_umezawas_jitte_gets_charge_counters_from_combat_damage():
    """Two charge counters whenever the equipped creature deals combat damage; one is
    removed to pump it (a mode of the ability, 700.2)."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    jitte = game.add_permanent("Umezawa's Jitte", 0)
    game.battlefield[jitte].attached_to = bears
    game.start_at("main1", 0)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    game.apply_action(A.attack(slot(game, bears), 1))
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.life[1] == 18
    assert game.battlefield[jitte].counters == {"charge": 2}


# ------------------------------------------------- counted amounts (608.2h, 700.5)
def test_608_2h_craterhoof_counts_the_creatures_as_its_ability_resolves():
    """+X/+X where X is the number of creatures you control, counted once as the
    ability resolves (the Behemoth itself included), and trample."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Llanowar Elves", 0)
    other = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, *["Forest"] * 8)
    game.add_card("Craterhoof Behemoth", 0)
    game.start_at("main1", 0)
    act(game, "Craterhoof Behemoth")
    settle(game)
    power, toughness, kws = game.chars(bears)
    assert (power, toughness) == (5, 5) and "trample" in kws
    assert game.chars(other)[:2] == (2, 2)


def test_700_5_master_of_waves_creates_tokens_equal_to_devotion_to_blue():
    """{3}{U} and two permanents' {U}: devotion to blue 3 as the enters ability
    resolves, three 1/0 Elementals (2/1 under the Master's anthem)."""
    game = blank()
    game.add_permanent("Phantasmal Bear", 0)  # {U}
    game.add_permanent("Phantasmal Bear", 0)
    lands(game, 0, *["Island"] * 4)
    game.add_card("Master of Waves", 0)
    game.start_at("main1", 0)
    act(game, "Master of Waves")
    settle(game)
    tokens = [p for p, perm in game.battlefield.items() if game.card_token[perm.card]]
    assert len(tokens) == 3
    assert all(game.chars(t)[:2] == (2, 1) for t in tokens)


def test_106_overgrown_battlement_adds_green_for_each_creature_with_defender():
    game = blank()
    battlement = game.add_permanent("Overgrown Battlement", 0)
    game.add_permanent("Wall of Omens", 0)
    game.add_permanent("Grizzly Bears", 0)  # no defender
    game.add_permanent("Wall of Omens", 1)  # not yours
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, battlement)}")
    assert game.pool[0] == ["G", "G"]


# ------------------------------------------------------ cast triggers' qualities
def test_603_2_soldier_of_the_pantheon_gains_on_an_opponents_multicolored_spell():
    game = blank()
    game.add_permanent("Soldier of the Pantheon", 0)
    lands(game, 1, "Swamp", "Mountain", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Terminate", 1)
    game.add_card("Opt", 1)
    game.start_at("main1", 1)
    act(game, "Opt")
    settle(game)
    if game.decision["kind"] != "priority":
        game.apply_action(game.legal_actions()[0])
        settle(game)
    assert game.life[0] == 20  # a monocolored spell
    act(game, "Terminate")
    game.apply_action(A.permanent(slot(game, bears)))
    settle(game)
    assert game.life[0] == 21


def test_the_counted_and_counter_lines_compile():
    from magic.compiled import card

    jitte = card("Umezawa's Jitte")
    (trigger,) = jitte.triggered
    assert trigger.effect == fx.AddCounters(2, fx.Ref("self"), "charge")
    grove = card("Vivid Grove")
    assert fx.EntersWithCounters(2, "charge") in grove.statics
    assert fx.EntersTapped() in grove.statics
    shrine = card("Shrine of Burning Rage")
    assert [t.trigger for t in shrine.triggered] == [
        fx.Trigger("upkeep", fx.Ref("you")),
        fx.Trigger("cast", fx.Filter(controller="you", props=frozenset({"red"})))]
    (sac,) = shrine.activated
    assert sac.effect == fx.DealDamage(fx.Count("counters", counter="charge"),
                                       fx.Target("any"))
    (pantheon,) = card("Soldier of the Pantheon").triggered
    assert pantheon.trigger.subject == fx.Filter(
        controller="opponent", props=frozenset({"multicolored"}))
    (waves,) = card("Master of Waves").triggered
    assert waves.effect.count == fx.Count("devotion", colour="U")
    (hoof,) = card("Craterhoof Behemoth").triggered
    assert hoof.effect.keywords == ("trample",)
    assert hoof.effect.power == hoof.effect.toughness == fx.Count(
        "permanents", fx.Filter(types=frozenset({"Creature"}), controller="you"))
    (mana,) = card("Overgrown Battlement").activated
    assert mana.effect.amount.filter.props == frozenset({"defender"})


# ------------------------------------------------ per-player amounts (608.2h)
def test_608_2h_stormbreath_dragon_counts_each_opponents_own_hand():
    """"Deals damage to each opponent equal to the number of cards in that player's
    hand": counted for each opponent (3 players: 2 and 4 cards)."""
    game = blank(players=3)
    dragon = game.add_permanent("Stormbreath Dragon", 0)
    lands(game, 0, *["Mountain"] * 7)
    for _ in range(2):
        game.add_card("Island", 1)
    for _ in range(4):
        game.add_card("Island", 2)
    game.add_card("Island", 0)  # the controller's own hand counts for nobody
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, dragon)}")
    settle(game)
    assert game.battlefield[dragon].monstrous
    assert game.life == [20, 18, 16]


def test_sword_of_war_and_peace_counts_that_players_hand_and_yours():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    sword = game.add_permanent("Sword of War and Peace", 0)
    game.battlefield[sword].attached_to = bears
    for _ in range(3):
        game.add_card("Island", 1)
    game.add_card("Island", 0)
    game.start_at("main1", 0)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    game.apply_action(A.attack(slot(game, bears), 1))
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    # 4 combat damage (protection from red and white is no matter here), then 3
    assert game.life[1] == 20 - 4 - 3
    assert game.life[0] == 21


def test_sword_of_body_and_mind_makes_a_wolf_and_mills_that_player():
    game = blank(library=12)
    bears = game.add_permanent("Grizzly Bears", 0)
    sword = game.add_permanent("Sword of Body and Mind", 0)
    game.battlefield[sword].attached_to = bears
    game.start_at("main1", 0)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    game.apply_action(A.attack(slot(game, bears), 1))
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert len(game.graveyard[1]) == 10 and len(game.library[1]) == 2
    assert len(_named(game, "Wolf Token")) == 1 or any(
        game.card_token[p.card] for p in game.battlefield.values())


def test_gray_merchant_gains_the_life_lost_this_way():
    """Each opponent loses X (devotion to black: {3}{B}{B} and another {B} = 3);
    "you gain life equal to the life lost this way" sums what both lost."""
    game = blank(players=3)
    game.add_permanent("Vampire Lacerator", 0)  # {B}
    lands(game, 0, *["Swamp"] * 5)
    game.add_card("Gray Merchant of Asphodel", 0)
    game.start_at("main1", 0)
    act(game, "Gray Merchant")
    settle(game)
    assert game.life == [26, 17, 17]


# ------------------------------------- conditions (603.4 intervening if, 608.2h)
def test_608_2h_vampire_lacerator_loses_life_unless_an_opponent_is_low():
    game = blank()
    game.add_permanent("Vampire Lacerator", 0)
    game.start_at("upkeep", 0)
    settle(game)
    assert game.life[0] == 19
    game.life[1] = 10
    game.start_at("upkeep", 0, turn=4)
    settle(game)
    assert game.life[0] == 19


def test_603_4_wingmate_roc_raid_triggers_only_if_you_attacked_this_turn():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, *["Plains"] * 10)
    game.add_card("Wingmate Roc", 0)
    game.add_card("Wingmate Roc", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    settle(game)
    assert not _named(game, "Bird Token") and not any(
        game.card_token[p.card] for p in game.battlefield.values())
    assert not any(e["type"] == "trigger" for e in game.events)  # it did not trigger
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    game.apply_action(A.attack(slot(game, bears), 1))
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    act(game, "cast hand 0")
    settle(game)
    birds = [p for p, perm in game.battlefield.items() if game.card_token[perm.card]]
    assert len(birds) == 1 and game.chars(birds[0])[:2] == (3, 4)


def test_608_2h_gather_the_townsfolk_fateful_hour():
    for life, made in ((6, 2), (5, 5)):
        game = blank()
        game.life[0] = life
        lands(game, 0, "Plains", "Plains")
        game.add_card("Gather the Townsfolk", 0)
        game.start_at("main1", 0)
        act(game, "Gather the Townsfolk")
        settle(game)
        assert sum(game.card_token[p.card] for p in game.battlefield.values()) == made


def test_the_per_player_and_condition_lines_compile():
    from magic.compiled import card

    (storm,) = [t for t in card("Stormbreath Dragon").triggered
                if t.trigger.event == "becomes_monstrous"]
    assert storm.effect == fx.DealDamage(fx.Count("hand", of="that_player"),
                                         fx.Ref("each_opponent"))
    (merchant,) = card("Gray Merchant of Asphodel").triggered
    assert merchant.effect.steps[1] == fx.GainLife("life_lost")
    (lacerator,) = card("Vampire Lacerator").triggered
    assert lacerator.effect.amount == fx.IfAmount(
        1, 0, fx.ActivationCondition("opponent_life_at_most", count=10))
    raid = card("Wingmate Roc").triggered[0]
    assert raid.trigger.condition == fx.ActivationCondition("attacked_this_turn")
    assert card("Gather the Townsfolk").spell.effect.count == fx.IfAmount(
        2, 5, fx.ActivationCondition("life_at_most", count=5))


# -------------------------------------- counted Aura and Equipment bonuses (611.3a)
def test_611_3a_cranial_plating_counts_artifacts_you_control_continuously():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    plating = game.add_permanent("Cranial Plating", 0)
    game.battlefield[plating].attached_to = bears
    game.add_permanent("Ornithopter", 0)
    game.add_permanent("Ornithopter", 1)  # not yours
    game.start_at("main1", 0)
    assert game.chars(bears)[:2] == (4, 2)  # the Plating and one Ornithopter
    thopter = game.add_permanent("Ornithopter", 0)
    assert game.chars(bears)[:2] == (5, 2)
    game.move_permanents([thopter], "graveyard")
    assert game.chars(bears)[:2] == (4, 2)


def test_611_3a_ethereal_armor_counts_enchantments_and_grants_first_strike():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    armor = game.add_permanent("Ethereal Armor", 0)
    game.battlefield[armor].attached_to = bears
    game.add_permanent("Glorious Anthem", 0)  # +1/+1 itself, and an enchantment
    game.start_at("main1", 0)
    power, toughness, kws = game.chars(bears)
    assert (power, toughness) == (2 + 2 + 1, 2 + 2 + 1) and "first strike" in kws


def test_611_3a_runechanters_pike_and_bonehoard_count_graveyard_cards():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    pike = game.add_permanent("Runechanter's Pike", 0)
    game.battlefield[pike].attached_to = bears
    elves = game.add_permanent("Llanowar Elves", 0)
    hoard = game.add_permanent("Bonehoard", 0)
    game.battlefield[hoard].attached_to = elves
    game.add_card("Lightning Bolt", 0, "graveyard")
    game.add_card("Lava Spike", 0, "graveyard")
    game.add_card("Lightning Bolt", 1, "graveyard")  # not in your graveyard
    game.add_card("Grizzly Bears", 1, "graveyard")
    game.add_card("Grizzly Bears", 0, "graveyard")
    game.start_at("main1", 0)
    power, toughness, kws = game.chars(bears)
    assert (power, toughness) == (4, 2) and "first strike" in kws
    assert game.chars(elves)[:2] == (3, 3)  # two creature cards in all graveyards


def test_the_counted_bonus_lines_compile():
    from magic.compiled import card

    artifacts = fx.Count("permanents", fx.Filter(types=frozenset({"Artifact"}),
                                                 controller="you"))
    assert fx.AttachedBonus(1, 0, per=artifacts) in card("Cranial Plating").statics
    armor = card("Ethereal Armor").statics
    assert fx.AttachedBonus(keywords=("first strike",)) in armor
    assert fx.AttachedBonus(1, 1, per=fx.Count("permanents", fx.Filter(
        types=frozenset({"Enchantment"}), controller="you"))) in armor
    assert fx.AttachedBonus(1, 1, per=fx.Count("graveyard", fx.Filter(
        types=frozenset({"Creature"})))) in card("Bonehoard").statics


# ------------------------------------- counts compared and delayed triggers (608.2h)
def test_608_2h_ratchet_bomb_destroys_each_nonland_permanent_of_its_count():
    """Sacrificed as the cost, it counts the charge counters it had as it last
    existed: each nonland permanent with mana value 2 is destroyed, not those of
    other mana values nor lands."""
    game = blank()
    bomb = game.add_permanent("Ratchet Bomb", 0)
    mine = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    elves = game.add_permanent("Llanowar Elves", 1)
    land = game.add_permanent("Mountain", 1)
    game.start_at("main1", 0)
    act(game, "(Ratchet Bomb) ability 0")  # {T}: a charge counter
    settle(game)
    assert game.battlefield[bomb].counters == {"charge": 1}
    game.battlefield[bomb].counters["charge"] = 2
    game.battlefield[bomb].tapped = False
    game._legal = None
    act(game, "(Ratchet Bomb) ability 1")
    settle(game)
    assert bomb not in game.battlefield
    assert mine not in game.battlefield and theirs not in game.battlefield
    assert elves in game.battlefield and land in game.battlefield


def test_701_19c_incinerate_a_creature_dealt_damage_cant_be_regenerated():
    """Its regeneration shield does not replace the destruction by lethal damage;
    a Lightning Bolt leaves the shield working."""
    for spell, survives in (("Lightning Bolt", True), ("Incinerate", False)):
        game = blank()
        skeletons = game.add_permanent("Drudge Skeletons", 1)
        game.add_regeneration_shield(skeletons)
        lands(game, 0, "Mountain", "Mountain")
        game.add_card(spell, 0)
        game.start_at("main1", 0)
        act(game, spell)
        game.apply_action(A.permanent(slot(game, skeletons)))
        settle(game)
        assert (skeletons in game.battlefield) == survives, spell


def test_603_7_searing_blood_when_that_creature_dies_this_turn():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    game.add_card("Searing Blood", 0)
    game.add_card("Searing Blood", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    game.apply_action(A.permanent(slot(game, bears)))
    settle(game)
    assert bears not in game.battlefield and game.life[1] == 17
    assert not game.delayed
    wall = game.add_permanent("Wall of Omens", 1)  # 0/4: survives
    act(game, "cast hand 0")
    game.apply_action(A.permanent(slot(game, wall)))
    settle(game)
    assert wall in game.battlefield and game.life[1] == 17 and game.delayed
    pass_until(game, "main2")
    pass_until(game, "main1", limit=300)  # the next turn: it is over
    assert not game.delayed


def test_battalion_boros_elite_needs_two_other_attackers():
    for others, pumped in ((1, False), (2, True)):
        game = blank()
        elite = game.add_permanent("Boros Elite", 0)
        friends = [game.add_permanent("Grizzly Bears", 0) for _ in range(others)]
        game.start_at("main1", 0)
        while game.decision["kind"] != "attack":
            game.apply_action(A.PASS)
        for pid in (elite, *friends):
            game.apply_action(A.attack(slot(game, pid), 1))
        game.apply_action(A.DONE)
        settle(game)
        assert game.chars(elite)[:2] == ((3, 3) if pumped else (1, 1))


def test_603_2_ash_zealot_punishes_a_spell_cast_from_a_graveyard():
    game = blank()
    game.add_permanent("Ash Zealot", 0)
    lands(game, 1, "Island", "Island", "Island", "Island", "Island", "Island")
    game.add_card("Think Twice", 1)
    game.start_at("main1", 1)
    act(game, "Think Twice")  # from the hand: nothing
    settle(game)
    assert game.life[1] == 20
    act(game, "cast graveyard")  # flashback
    settle(game)
    assert game.life[1] == 17


def test_702_101a_extort_drains_each_opponent_for_the_life_lost():
    game = blank(players=3)
    game.add_permanent("Syndic of Tithes", 0)
    lands(game, 0, "Plains", "Plains", "Swamp")
    game.add_card("Raise the Alarm", 0)
    game.start_at("main1", 0)
    act(game, "Raise the Alarm")
    assert game.stack and game.pending_triggers or len(game.stack) >= 1
    settle(game)
    if game.decision["kind"] == "yesno":
        act(game, "yes")
        settle(game)
    assert game.life == [22, 19, 19]


def test_the_trigger_and_delayed_lines_compile():
    from magic.compiled import card

    (bomb_tap, bomb_sac) = card("Ratchet Bomb").activated
    assert bomb_sac.effect.what.mana_value == fx.Count("counters", counter="charge")
    assert card("Incinerate").spell.effect.steps[1] == fx.CantBeRegenerated(
        fx.Ref("damaged_this_way"))
    blood = card("Searing Blood").spell.effect.steps[1]
    assert blood == fx.Delayed("it_dies_this_turn",
                               fx.DealDamage(3, fx.Ref("its_controller")))
    (elite,) = card("Boros Elite").triggered
    assert elite.trigger == fx.Trigger("attacks", fx.Ref("self"), "battalion")
    extort = [t for t in card("Syndic of Tithes").triggered if t.optional]
    assert extort and extort[0].effect.steps[2] == fx.GainLife("life_lost")


def test_oran_rief_counts_only_green_creatures_that_entered_this_turn():
    game = blank()
    game.add_permanent("Oran-Rief, the Vastwood", 0)
    old = game.add_permanent("Grizzly Bears", 0)
    game.turn_first_id = game.next_id  # (what the turn's start records)
    new = game.add_permanent("Grizzly Bears", 0)
    red = game.add_permanent("Raging Goblin", 0)
    game.start_at("main1", 0)
    act(game, "(Oran-Rief, the Vastwood) ability 0")
    settle(game)
    assert game.battlefield[new].counters == {"+1/+1": 1}
    assert not game.battlefield[old].counters and not game.battlefield[red].counters


def test_611_3a_beastmaster_ascension_anthem_needs_seven_quest_counters():
    game = blank()
    ascension = game.add_permanent("Beastmaster Ascension", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    game.battlefield[ascension].counters["quest"] = 6
    assert game.chars(bears)[:2] == (2, 2)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    game.apply_action(A.attack(slot(game, bears), 1))
    game.apply_action(A.DONE)
    settle(game)
    if game.decision["kind"] == "yesno":  # "you may put a quest counter on this"
        act(game, "yes")
        settle(game)
    assert game.battlefield[ascension].counters == {"quest": 7}
    assert game.chars(bears)[:2] == (7, 7)


def test_603_4_valakut_counts_other_mountains_than_the_one_that_entered():
    """"Whenever a Mountain you control enters, if you control at least five other
    Mountains, you may have this deal 3 damage to any target": the fifth Mountain
    entering finds only four others; the sixth finds five."""
    game = blank()
    game.add_permanent("Valakut, the Molten Pinnacle", 0)
    lands(game, 0, *["Mountain"] * 4)
    game.add_card("Mountain", 0)
    game.add_card("Mountain", 0)
    game.start_at("main1", 0)
    act(game, "hand 0 (Mountain)")
    settle(game)
    assert game.decision["kind"] == "priority" and game.life[1] == 20
    game.land_played = False
    game._legal = None
    act(game, "hand 0 (Mountain)")
    act(game, "player 1")  # the target, as it is put on the stack (603.3d)
    settle(game)
    assert game.decision["kind"] == "yesno"  # "you may", as it resolves
    act(game, "yes")
    settle(game)
    assert game.life[1] == 17


def test_assemble_the_legion_musters_one_more_soldier_each_upkeep():
    game = blank()
    legion = game.add_permanent("Assemble the Legion", 0)
    game.battlefield[legion].counters["muster"] = 2
    game.start_at("upkeep", 0)
    settle(game)
    assert game.battlefield[legion].counters == {"muster": 3}
    tokens = [p for p, perm in game.battlefield.items() if game.card_token[perm.card]]
    assert len(tokens) == 3 and all("haste" in game.keywords(t) for t in tokens)


def test_quest_for_the_gemblades_removes_a_quest_counter_and_sacrifices_it():
    game = blank()
    quest = game.add_permanent("Quest for the Gemblades", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    assert not has(game, "Quest for the Gemblades")  # no quest counter yet
    game.battlefield[quest].counters["quest"] = 1
    game._legal = None
    act(game, "Quest for the Gemblades")
    game.apply_action(A.permanent(slot(game, bears)))
    settle(game)
    assert quest not in game.battlefield
    assert game.battlefield[bears].counters == {"+1/+1": 4}


def test_charge_and_quest_counters_are_in_the_observation():
    """The permanent feature ``other_counters``: counters of kinds with no feature of
    their own (charge, quest, lore...) / 10."""
    from labyrinth_gym.envs.magic import encoding as E

    game = blank()
    bomb = game.add_permanent("Ratchet Bomb", 0)
    game.start_at("main1", 0)
    game.battlefield[bomb].counters["charge"] = 3
    obs = E.encode(game, 0)
    row = E.O_PERM + slot(game, bomb) * E.PERM_WIDTH
    assert obs[row + E.PERM["other_counters"]] == np.float32(0.3)
