"""Scripted positions for static replacement effects and restrictions (rules
614-616, 106.12): a card's own replacement of its discard (Loxodon Smiter, 614.1a);
cards that would be put into a graveyard exiled or shuffled into their owner's library
instead (Rest in Peace, Dryad Militant, Anafenza, Darksteel Colossus, 614.1a); "when
this is put into a graveyard from anywhere" (the Eldrazi titans, 603.6a). Each names
real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.prose import describe
from magic.positions import act, blank, lands, names, pass_until, settle, target_perm


def pool(name: str) -> fx.CardDef:
    return compiled_pool().supported[name]


# --------------------------------------------------------------- compiling
def test_discard_replacements_compile_smiter_liege_baloth_dodecapod():
    for name in ("Loxodon Smiter", "Wilt-Leaf Liege", "Obstinate Baloth"):
        assert fx.DiscardedToBattlefield() in pool(name).statics, name
    assert fx.DiscardedToBattlefield(2) in pool("Dodecapod").statics


# ------------------------------------------------- 614.1a: discard replaced
def mind_rot_at(hand: list[str]):
    game = blank()
    cards = [game.add_card(n, 0) for n in hand]
    game.add_card("Mind Rot", 1)
    lands(game, 1, "Swamp", "Swamp", "Swamp")
    game.start_at("main1", 1)
    act(game, "Mind Rot")
    act(game, "player 0")
    settle(game)
    return game, cards


def test_614_1a_smiter_discarded_by_an_opponents_spell_enters_the_battlefield():
    game, (smiter, bears) = mind_rot_at(["Loxodon Smiter", "Grizzly Bears"])
    # Mind Rot: two cards, the whole hand: each discarded one at a time by seat 0
    assert game.decision["kind"] == "discard"
    act(game, "Loxodon Smiter")
    act(game, "Grizzly Bears")
    settle(game)
    on_battlefield = [p.card for p in game.battlefield.values() if p.controller == 0]
    assert smiter in on_battlefield and smiter not in game.graveyard[0]
    assert bears in game.graveyard[0]
    event = next(e for e in game.events if e["type"] == "discard"
                 and e["card"] == "Loxodon Smiter")
    assert event["to"] == "battlefield"  # still discarded (701.9)
    assert "onto the battlefield instead" in describe(event)


def test_614_1a_dodecapod_enters_with_its_counters():
    game, (pod,) = mind_rot_at(["Dodecapod"])
    act(game, "Dodecapod")
    settle(game)
    pid = next(pid for pid, p in game.battlefield.items() if p.card == pod)
    assert game.battlefield[pid].counters == {"+1/+1": 2}


def test_614_1a_a_discard_of_your_own_or_the_cleanup_discard_is_not_replaced():
    # Faithless Looting: its controller's own spell makes them discard
    game = blank()
    smiter = game.add_card("Loxodon Smiter", 0)
    game.add_card("Faithless Looting", 0)
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    act(game, "Faithless Looting")
    settle(game)
    while game.decision["kind"] == "discard":
        act(game, "Loxodon Smiter" if smiter in game.hand[0] else "hand 0")
    assert smiter in game.graveyard[0]
    assert not any(p.card == smiter for p in game.battlefield.values())
    # the cleanup step's discard to seven
    game = blank()
    cards = [game.add_card("Loxodon Smiter", 0) for _ in range(8)]
    game.start_at("end", 0)
    for _ in range(10):
        if game.decision["kind"] == "discard":
            break
        act(game, "pass")
    assert game.decision["kind"] == "discard"
    act(game, "hand 0")
    assert len(game.graveyard[0]) == 1 and game.graveyard[0][0] in cards
    assert not game.battlefield


# ------------------------------------- 614.1a: into a graveyard, instead ...
def test_graveyard_replacements_compile_real_cards():
    assert pool("Rest in Peace").statics == (fx.GraveyardInstead(tokens=True),)
    assert pool("Dryad Militant").statics == (fx.GraveyardInstead(
        fx.Filter(types=frozenset({"Instant", "Sorcery"}))),)
    assert pool("Anafenza, the Foremost").statics == (fx.GraveyardInstead(
        fx.Filter(types=frozenset({"Creature"})), "opponents"),)
    for name in ("Darksteel Colossus", "Blightsteel Colossus", "Progenitus",
                 "Nexus of Fate", "Legacy Weapon"):
        assert pool(name).statics[-1] == fx.GraveyardInstead(
            self_only=True, dest="library"), name
    for name in ("Emrakul, the Aeons Torn", "Kozilek, Butcher of Truth",
                 "Ulamog, the Infinite Gyre"):
        ability = next(a for a in pool(name).triggered
                       if a.trigger.event == "put_into_graveyard")
        assert ability.zone == "graveyard"
        assert ability.effect == fx.ShuffleInto(fx.Ref("you"), graveyard=True)


def bolt(game, target: int) -> None:
    act(game, "Lightning Bolt")
    target_perm(game, target)
    settle(game)


def test_614_1a_dryad_militant_exiles_an_instant_that_resolves_not_a_creature():
    game = blank()
    game.add_permanent("Dryad Militant", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    spell = game.add_card("Lightning Bolt", 0)
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    bolt(game, bears)
    assert spell in game.exile[0] and spell not in game.graveyard[0]
    assert bears not in game.battlefield and len(game.graveyard[1]) == 1  # it died
    replaced = [e for e in game.events if e["type"] == "replaced"]
    assert [e["card"] for e in replaced] == ["Lightning Bolt"]


def test_614_1a_rest_in_peace_exiles_dying_creatures_and_tokens_they_do_not_die():
    game = blank()
    game.add_permanent("Rest in Peace", 1)
    traveler = game.add_permanent("Doomed Traveler", 1)
    game.add_card("Lightning Bolt", 0)
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    bolt(game, traveler)
    # exiled instead: it never died, so "when this dies" makes no Spirit (614.6)
    assert not game.graveyard[1] and len(game.exile[1]) == 1
    assert not any(e["type"] == "dies" for e in game.events)
    assert len(game.battlefield) == 2  # Rest in Peace and the Mountain
    assert not game.graveyard[0]  # the Bolt too


def test_614_1a_rest_in_peace_exiles_milled_and_discarded_cards():
    game = blank()
    game.add_permanent("Rest in Peace", 0)
    game.add_card("Thought Scour", 0)
    lands(game, 0, "Island")
    game.start_at("main1", 0)
    act(game, "Thought Scour")
    act(game, "player 1")
    settle(game)
    assert not game.graveyard[1] and len(game.exile[1]) == 2
    assert not game.graveyard[0] and len(game.exile[0]) == 1


def test_614_1a_anafenza_exiles_only_opponents_creatures_and_creature_cards():
    game = blank()
    game.add_permanent("Anafenza, the Foremost", 0)
    mine = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Wrath of God", 0)
    lands(game, 0, "Plains", "Plains", "Plains", "Plains")
    game.start_at("main1", 0)
    act(game, "Wrath of God")
    settle(game)
    assert sorted(game.name_of(c) for c in game.graveyard[0]) == [
        "Anafenza, the Foremost", "Grizzly Bears", "Wrath of God"]
    assert not game.graveyard[1] and len(game.exile[1]) == 1
    assert mine not in game.battlefield and theirs not in game.battlefield


def test_614_1a_progenitus_destroyed_is_shuffled_into_its_owners_library():
    game = blank(library=5)
    game.add_permanent("Progenitus", 1)
    game.add_card("Wrath of God", 0)
    lands(game, 0, "Plains", "Plains", "Plains", "Plains")
    game.start_at("main1", 0)
    act(game, "Wrath of God")
    settle(game)
    assert not game.graveyard[1] and len(game.library[1]) == 6
    assert "Progenitus" in [game.name_of(c) for c in game.library[1]]
    event = next(e for e in game.events if e["type"] == "replaced")
    assert event["to"] == "library"
    assert "shuffled into its owner's library" in describe(event)
    assert not any(e["type"] == "dies" for e in game.events)


def test_614_1a_nexus_of_fate_resolving_goes_back_into_the_library():
    game = blank(library=3)
    nexus = game.add_card("Nexus of Fate", 0)
    lands(game, 0, *["Island"] * 7)
    game.start_at("main1", 0)
    act(game, "Nexus of Fate")
    settle(game)
    assert nexus in game.library[0] and not game.graveyard[0]
    assert game.extra_turns


def test_603_6a_emrakul_put_into_a_graveyard_shuffles_its_owners_graveyard_back():
    game = blank(library=3)
    game.set_library(1, ["Island", "Emrakul, the Aeons Torn", "Island"])
    game.add_card("Grizzly Bears", 1, "graveyard")
    game.add_card("Thought Scour", 0)
    lands(game, 0, "Island")
    game.start_at("main1", 0)
    act(game, "Thought Scour")
    act(game, "player 1")
    settle(game)
    # milled Island and Emrakul; Emrakul's ability triggered from the graveyard
    assert not game.graveyard[1]
    assert len(game.library[1]) == 4
    assert any(e["type"] == "shuffled_into" and e["player"] == 1 for e in game.events)


def test_603_6a_emrakul_exiled_by_rest_in_peace_never_reaches_the_graveyard():
    game = blank(library=3)
    game.add_permanent("Rest in Peace", 0)
    game.set_library(1, ["Island", "Emrakul, the Aeons Torn", "Island"])
    game.add_card("Thought Scour", 0)
    lands(game, 0, "Island")
    game.start_at("main1", 0)
    act(game, "Thought Scour")
    act(game, "player 1")
    settle(game)
    assert len(game.exile[1]) == 2 and len(game.library[1]) == 1
    assert not any(e["type"] == "shuffled_into" for e in game.events)


# ------------------------------- 614.1d: others enter tapped; 101.2 uncounterable
def test_others_enter_tapped_and_uncounterable_spells_compile_real_cards():
    creatures = fx.Filter(types=frozenset({"Creature"}), controller="opponent")
    assert pool("Imposing Sovereign").statics == (fx.OthersEnterTapped(creatures),)
    assert pool("Blind Obedience").statics == (fx.OthersEnterTapped(fx.Filter(
        types=frozenset({"Artifact", "Creature"}), controller="opponent")),)
    assert fx.OthersEnterTapped(fx.Filter(
        types=frozenset({"Land"}), controller="opponent",
        props=frozenset({"nonbasic"}))) in pool("Archon of Emeria").statics
    assert fx.SpellsCantBeCountered(fx.Filter(
        types=frozenset({"Creature"}), controller="you")) in pool(
            "Prowling Serpopard").statics
    assert fx.SpellsCantBeCountered(fx.Filter(subtypes=frozenset({"Sliver"}))) in \
        pool("Root Sliver").statics


def test_614_1d_imposing_sovereign_taps_an_opponents_creature_as_it_enters():
    game = blank()
    game.add_card("Grizzly Bears", 1)
    game.add_card("Grizzly Bears", 0)
    lands(game, 1, "Forest", "Forest")
    lands(game, 0, "Forest", "Forest")
    game.add_permanent("Imposing Sovereign", 0)
    game.start_at("main1", 1)
    act(game, "Grizzly Bears")
    settle(game)
    theirs = max(game.battlefield)
    assert game.battlefield[theirs].tapped
    # its controller's own creatures enter untapped
    game = blank()
    game.add_card("Grizzly Bears", 0)
    lands(game, 0, "Forest", "Forest")
    game.add_permanent("Imposing Sovereign", 0)
    game.start_at("main1", 0)
    act(game, "Grizzly Bears")
    settle(game)
    assert not game.battlefield[max(game.battlefield)].tapped


def test_614_1d_archon_of_emeria_taps_only_nonbasic_lands():
    game = blank()
    game.add_permanent("Archon of Emeria", 0)
    game.add_card("Forest", 1)
    game.add_card("Tranquil Thicket", 1)
    game.start_at("main1", 1)
    act(game, "(Forest)")
    assert not game.battlefield[max(game.battlefield)].tapped
    game = blank()
    game.add_permanent("Archon of Emeria", 0)
    game.add_card("Tranquil Thicket", 1)
    game.start_at("main1", 1)
    act(game, "Tranquil Thicket")
    thicket = max(game.battlefield)
    assert game.battlefield[thicket].tapped  # (it also enters tapped on its own)
    game = blank()
    game.add_permanent("Archon of Emeria", 0)
    game.add_card("Mutavault", 1)
    game.start_at("main1", 1)
    act(game, "Mutavault")
    assert game.battlefield[max(game.battlefield)].tapped


def test_101_2_prowling_serpopard_keeps_creature_spells_from_being_countered():
    def counter(spell: str) -> tuple:
        game = blank()
        game.add_permanent("Prowling Serpopard", 0)
        cast = game.add_card(spell, 0)
        lands(game, 0, "Forest", "Forest", "Forest")
        game.add_card("Counterspell", 1)
        lands(game, 1, "Island", "Island")
        game.start_at("main1", 0)
        act(game, spell)
        act(game, "pass")
        act(game, "Counterspell")
        act(game, "stack 0")
        settle(game)
        return game, cast
    game, bears = counter("Grizzly Bears")
    assert any(e["type"] == "not_countered" for e in game.events)
    assert any(p.card == bears for p in game.battlefield.values())
    game, growth = counter("Rampant Growth")
    assert growth in game.graveyard[0]
    assert any(e["type"] == "countered" for e in game.events)


# ---------------------------------------------- 504.1, 603.4: additional draws
def test_howling_mine_compiles_with_its_intervening_if():
    ability = pool("Howling Mine").triggered[0]
    assert ability.trigger.event == "draw_step"
    assert ability.trigger.condition == fx.ActivationCondition(
        "source_is", fx.Filter(props=frozenset({"untapped"})))
    assert ability.effect == fx.Draw(1, fx.Ref("that_player"))
    assert pool("Font of Mythos").triggered[0].effect == fx.Draw(
        2, fx.Ref("that_player"))


def test_603_4_howling_mine_gives_each_player_an_extra_draw_only_while_untapped():
    for tapped, drawn in ((False, 2), (True, 1)):
        game = blank()
        game.add_permanent("Howling Mine", 0, tapped=tapped)
        game.start_at("draw", 1)
        pass_until(game, "main1")
        assert len(game.hand[1]) == drawn, tapped


# ------------------------------------------------- 106.12: tapped for mana
def test_mana_triggers_compile_real_cards():
    ghast = next(a for a in pool("Crypt Ghast").triggered
                 if a.trigger.event == "tapped_for_mana")
    assert ghast.trigger.subject == fx.Filter(subtypes=frozenset({"Swamp"}),
                                              controller="you")
    assert ghast.effect == fx.AddMana(("B",))
    for name, mana in (("Wild Growth", ("G",)), ("Verdant Haven", ("any",)),
                       ("Utopia Sprawl", ("chosen",))):
        ability = next(a for a in pool(name).triggered
                       if a.trigger.event == "tapped_for_mana")
        assert ability.trigger.subject == fx.Ref("enchanted"), name
        assert ability.effect == fx.AddMana(mana), name
    assert pool("Overgrowth").triggered[-1].effect == fx.AddMana(("G",), 2)
    druid = pool("Zhur-Taa Druid").triggered[0]
    assert druid.trigger == fx.Trigger("tapped_for_mana", fx.Ref("self"))
    assert druid.effect == fx.DealDamage(1, fx.Ref("each_opponent"))


def test_106_12b_crypt_ghast_adds_an_additional_black_to_the_pool_at_once():
    game = blank()
    game.add_permanent("Crypt Ghast", 0)
    lands(game, 0, "Swamp")
    game.add_card("Vampire Lacerator", 0)  # {B}
    game.add_card("Vampire Lacerator", 0)
    game.start_at("main1", 0)
    act(game, "hand 0")
    # the Swamp paid {B}; the Ghast's triggered mana ability added {B}, no stack
    assert game.pool[0] == ["B"]
    assert [e["type"] for e in game.events[-3:]].count("add_mana") == 1
    settle(game)
    act(game, "no")  # (extort: not paid)
    settle(game)
    act(game, "Vampire Lacerator")  # paid from the pool (106.4)
    assert game.pool[0] == []
    settle(game)
    assert sum(1 for p in game.battlefield.values()
               if game.name_of(p.card) == "Vampire Lacerator") == 2


def test_106_12b_wild_growth_adds_for_the_enchanted_land_only():
    game = blank()
    forest, other = lands(game, 0, "Forest", "Forest")
    game.add_permanent("Wild Growth", 0, attached_to=forest)
    game.add_card("Llanowar Elves", 0)
    game.start_at("main1", 0)
    act(game, "Llanowar Elves")
    tapped = next(pid for pid in (forest, other) if game.battlefield[pid].tapped)
    assert game.pool[0] == (["G"] if tapped == forest else [])


def test_106_12_zhur_taa_druid_tapped_for_mana_deals_1_damage_to_each_opponent():
    game = blank(players=3)
    game.add_permanent("Zhur-Taa Druid", 0)
    game.add_card("Llanowar Elves", 0)
    game.start_at("main1", 0)
    act(game, "Llanowar Elves")
    settle(game)
    assert game.life == [20, 19, 19]


# ----------------------------------------------- 118.12: unless you return ...
def test_unless_you_return_compiles_glint_hawk_and_the_karoos():
    ability = pool("Glint Hawk").triggered[0]
    assert ability.effect == fx.Unless(
        fx.ReturnChosen(fx.Filter(types=frozenset({"Artifact"}), controller="you")),
        fx.SacrificeIt(fx.Ref("it")))
    for name in ("Coral Atoll", "Waterspout Djinn", "Tragic Lesson"):
        assert name in compiled_pool().supported, name


def glint_hawk(*artifacts: str):
    game = blank()
    game.add_card("Glint Hawk", 0)
    lands(game, 0, "Plains")
    ids = [game.add_permanent(a, 0) for a in artifacts]
    game.start_at("main1", 0)
    act(game, "Glint Hawk")
    settle(game)
    return game, ids


def test_118_12_glint_hawk_stays_when_its_controller_returns_an_artifact():
    game, (bauble,) = glint_hawk("Ornithopter")
    assert game.decision["kind"] == "yesno"
    act(game, "yes")
    settle(game)
    assert bauble not in game.battlefield
    assert "Ornithopter" in [game.name_of(c) for c in game.hand[0]]
    assert "Glint Hawk" in [game.name_of(p.card) for p in game.battlefield.values()]


def test_118_12_glint_hawk_is_sacrificed_when_no_artifact_is_returned():
    game, (bauble,) = glint_hawk("Ornithopter")
    act(game, "no")
    settle(game)
    assert bauble in game.battlefield
    assert "Glint Hawk" in [game.name_of(c) for c in game.graveyard[0]]
    game, _ = glint_hawk()  # none to return: not asked (118.3), sacrificed
    assert "Glint Hawk" in [game.name_of(c) for c in game.graveyard[0]]


# ------------------------------------------------- 701.6a: counter each spell
def test_counterflux_overload_compiles_to_counter_each_spell_you_dont_control():
    overload = pool("Counterflux").overload
    assert overload.effect == fx.CounterEach(fx.Filter(controller="opponent"))


def test_701_6a_overloaded_counterflux_counters_only_the_opponents_spells():
    game = blank()
    game.add_card("Lightning Bolt", 0)
    lands(game, 0, "Mountain")
    game.add_card("Shock", 1)
    game.add_card("Counterflux", 1)
    lands(game, 1, "Island", "Island", "Island", "Mountain", "Mountain")
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    act(game, "player 1")
    act(game, "pass")
    act(game, "Shock")
    act(game, "player 0")
    act(game, "Counterflux")
    act(game, "pay overload")
    settle(game)
    countered = [e["card"] for e in game.events if e["type"] == "countered"]
    assert countered == ["Lightning Bolt"]
    assert game.life == [18, 20]


# ------------------------------------ 615: prevention for you and your creatures
def test_615_safe_passage_prevents_damage_to_you_and_your_creatures_this_turn():
    assert pool("Safe Passage").spell.effect == fx.Sequence((
        fx.PreventDamage(None, fx.Ref("you")),
        fx.PreventDamage(None, fx.Each(fx.Filter(types=frozenset({"Creature"}),
                                                 controller="you")))))
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Safe Passage", 0)
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Lightning Bolt", 1)
    game.add_card("Lightning Bolt", 1)
    game.add_card("Lightning Bolt", 1)
    lands(game, 1, "Mountain", "Mountain", "Mountain")
    game.start_at("main1", 0)
    act(game, "Safe Passage")
    settle(game)
    for target in ("bears", "player 0", "theirs"):
        act(game, "pass")
        act(game, "hand 0 (Lightning Bolt)")
        if target == "player 0":
            act(game, target)
        else:
            target_perm(game, bears if target == "bears" else theirs)
        settle(game)
    assert bears in game.battlefield and game.life[0] == 20
    assert theirs not in game.battlefield  # (not seat 0's: not prevented)


# ------------------------------------------------ 608.2h: the Urza lands
def test_urza_lands_compile_to_an_amount_that_needs_the_other_two():
    tower = pool("Urza's Tower").activated[0].effect
    assert tower.amount == fx.IfAmount(1, 3, fx.ActivationCondition(
        "control_each", fx.Filter(subtypes=frozenset({"Mine", "Power-Plant"}))))


def test_urza_tower_adds_three_with_mine_and_power_plant_else_one():
    for others, made in (("Urza's Mine", "Urza's Power Plant"), ["C"] * 3), \
            (("Urza's Mine",), ["C"]):
        game = blank()
        game.add_permanent("Urza's Tower", 0)
        for name in others:
            game.add_permanent(name, 0)
        game.start_at("main1", 0)
        act(game, "(Urza's Tower) ability 0")
        assert game.pool[0] == made, others


# --------------------------------------- 115.1a, 107.3: "with {X} in its mana cost"
def test_frontline_medic_counters_only_a_spell_with_x_in_its_mana_cost():
    effect = pool("Frontline Medic").activated[0].effect
    assert effect.what.filter.props == frozenset({fx.X_COST})

    def cast(spell: str, *choices: str):
        game = blank()
        game.add_permanent("Frontline Medic", 0)
        game.add_card(spell, 1)
        lands(game, 1, "Mountain", "Mountain")
        game.start_at("main1", 1)
        act(game, spell)
        for choice in choices:
            act(game, choice)
        return game
    game = cast("Blaze", "X = 1", "player 0")
    act(game, "pass")
    act(game, "Frontline Medic")
    act(game, "stack 0")
    settle(game)
    assert [e["card"] for e in game.events if e["type"] == "countered"] == ["Blaze"]
    assert game.life[0] == 20
    game = cast("Shock", "player 0")
    act(game, "pass")
    assert not any("Frontline Medic" in name for name in names(game))


# ------------------------------------------------ 614.1a: twice that much life
def test_614_1a_rhox_faithmender_doubles_its_controllers_life_gain_each():
    assert fx.DoubleLifeGain() in pool("Rhox Faithmender").statics
    for menders, gained in ((1, 6), (2, 12)):
        game = blank()
        for _ in range(menders):
            game.add_permanent("Rhox Faithmender", 0)
        game.add_permanent("Rhox Faithmender", 1)  # (an opponent's: not for seat 0)
        game.add_card("Revitalize", 0)
        lands(game, 0, "Plains", "Plains")
        game.start_at("main1", 0)
        act(game, "Revitalize")
        settle(game)
        assert game.life[0] == 20 + gained, menders
