"""The compiler's removal templates (damage, destroy, counter a spell) (:mod:`~labyrinth_gym.envs.magic.engine.text.removal`),
checked on real cards: each test states the compiled tree written out by hand from the
card's rules, so a template that reads a card differently fails here."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.compiled import ANY, card, cost, types


def test_damage_spell():
    assert card("Shock") == fx.CardDef(
        name="Shock", cost=cost("{R}"), colours=("R",), types=("Instant",),
        spell=fx.SpellAbility(fx.DealDamage(2, ANY)))


def test_damage_to_each_creature_and_each_opponent():
    assert card("Desert Sandstorm").spell == fx.SpellAbility(
        fx.DealDamage(1, fx.Each(fx.Filter(types=types("Creature")))))
    assert card("Spitfire Lagac").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters", fx.Filter(types=types("Land"), controller="you")),
        fx.DealDamage(1, fx.Ref("each_opponent"))),)


def test_counter_spells():
    assert card("Cancel").spell == fx.SpellAbility(fx.CounterSpell(fx.Target("spell")))
    assert card("Essence Scatter").spell == fx.SpellAbility(
        fx.CounterSpell(fx.Target("creature_spell")))
    assert card("Negate").spell == fx.SpellAbility(
        fx.CounterSpell(fx.Target("noncreature_spell")))


def test_counter_spells_with_a_destination_for_the_countered_card():
    # 614.1a: "if that spell is countered this way, exile it instead of putting it
    # into its owner's graveyard" / "put it into its owner's hand instead ..."
    spell = fx.Target("spell")
    assert card("Dissipate").spell == fx.SpellAbility(fx.CounterSpell(spell, "exile"))
    assert card("Remand").spell == fx.SpellAbility(fx.Sequence((
        fx.CounterSpell(spell, "hand"), fx.Draw(1))))
    assert card("Memory Lapse").spell == fx.SpellAbility(
        fx.CounterSpell(spell, "library_top"))
    # (its text reads since b807a0f; a spell putting itself on its library is refused)
    assert compiled_pool().unsupported["Spell Crumple"] == \
        "engine: a spell putting itself on its owner's library"
    # 118.12 with {X}: the X announced for the counterspell
    assert card("Syncopate").spell == fx.SpellAbility(
        fx.CounterUnlessPays(spell, cost("{X}"), dest="exile"))
    assert card("Spell Shrivel").spell == fx.SpellAbility(
        fx.CounterUnlessPays(spell, cost("{4}"), dest="exile"))


def test_a_target_and_all_other_permanents_with_its_name():
    # "target creature and all other creatures with the same name as that creature"
    assert card("Bile Blight").spell.effect == fx.Pump(-3, -3, fx.Target(
        "creature", same_name=fx.Filter(types=types("Creature"))))
    assert card("Maelstrom Pulse").spell.effect == fx.Destroy(fx.Target(
        "permanent", fx.Filter(props=frozenset({"nonland"})), same_name=fx.Filter()))
    assert card("Sever the Bloodline").spell.effect == fx.Exile(fx.Target(
        "creature", same_name=fx.Filter(types=types("Creature"))))
    # "not named this" (Detention Sphere's enters trigger)
    sphere = card("Detention Sphere").triggered[0].effect
    assert sphere == fx.Exile(fx.Target("permanent", fx.Filter(
        props=frozenset({"nonland", "not_named_self"})), same_name=fx.Filter()))


def test_damage_divided_as_you_choose_among_targets():
    # 601.2d: up-to targets sharing the damage, at most as many targets as damage
    assert card("Magic Missile").spell.effect == fx.DealDamage(
        3, fx.Target("any", count=3, up_to=True), divided=True)
    assert card("Forked Bolt").spell.effect == fx.DealDamage(
        2, fx.Target("any", count=2, up_to=True), divided=True)
    assert card("Pyrotechnics").spell.effect == fx.DealDamage(
        4, fx.Target("any", count=4, up_to=True), divided=True)
    assert card("Rolling Thunder").spell.effect == fx.DealDamage(
        "X", fx.Target("any", count=8, up_to=True), divided=True)
    assert card("Inferno Titan").triggered[0].effect == fx.DealDamage(
        3, fx.Target("any", count=3, up_to=True), divided=True)
    assert card("Deft Dismissal").spell.effect.to == fx.Target(
        "creature", fx.Filter(props=frozenset({"attacking_or_blocking"})), 3, True)


def test_115_1_that_player_or_that_planeswalkers_controller_is_the_targets_player():
    its = fx.Ref("its_controller")
    assert card("Blightning").spell.effect == fx.Sequence((
        fx.DealDamage(3, fx.Target("any", fx.Filter(types=types("Planeswalker")))),
        fx.Discard(2, its)))
    assert card("Rakdos's Return").spell.effect.steps[1] == fx.Discard("X", its)
    hybrid = card("Rapid Hybridization").spell.effect
    assert hybrid.steps[-1].who == its  # "that creature's controller creates ..."
    back = card("Huntmaster of the Fells // Ravager of the Fells").back
    damage = back.triggered[0].effect.steps[-1]
    assert damage == fx.DealDamage(2, fx.Target(
        "creature", fx.Filter(controller=fx.ITS_CONTROLLER), up_to=True))
    for name in ("Punish the Enemy", "Hungry Flames", "Consign to the Pit", "Lunge"):
        card(name)


def test_115_3_any_other_target_differs_from_the_first():
    assert card("Arc Trail").spell.effect == fx.Sequence((
        fx.DealDamage(2, ANY),
        fx.DealDamage(1, fx.Target("any", fx.Filter(props=frozenset({
            "another_target"}))))))


def test_115_1a_counterspells_whose_target_spell_has_qualities():
    spell = fx.Target
    assert card("Spell Snare").spell.effect == fx.CounterSpell(spell(
        "spell", fx.Filter(props=frozenset({"mana_value==2"}))))
    assert card("Judge's Familiar").activated[0].effect == fx.CounterUnlessPays(
        spell("spell", fx.Filter(types=types("Instant", "Sorcery"))), cost("{1}"))
    assert card("Disdainful Stroke").spell.effect == fx.CounterSpell(spell(
        "spell", fx.Filter(props=frozenset({"mana_value>=4"}))))
    assert card("Red Elemental Blast").spell.effect.modes[0] == fx.CounterSpell(spell(
        "spell", fx.Filter(props=frozenset({"blue"}))))
    for name in ("Swan Song", "Mental Misstep", "Faerie Trickery", "Dispel",
                 "Annul", "Negate"):
        card(name)


def test_colour_disjunction_and_a_hold_while_you_control_the_source():
    tide = card("Tidebinder Mage").triggered[0].effect
    assert tide == fx.Sequence((
        fx.TapOrUntap(fx.Target("creature", fx.Filter(
            controller="opponent", props=frozenset({"red|green"})))),
        fx.SkipNextUntap(fx.Ref("it"), while_you_control=True)))
    for name in ("Deathmark", "Celestial Purge", "Flashfreeze", "Time of Ice"):
        card(name)


def test_118_12_counter_that_spell_or_ability_of_a_becomes_the_target_trigger():
    titan = card("Frost Titan").triggered[0]
    assert titan == fx.TriggeredAbility(
        fx.Trigger("becomes_target_by_opponent"),
        fx.CounterUnlessPays(fx.Ref("that_object"), cost("{2}")))


def test_115_7_change_a_target_of_target_spell_or_ability_to_this():
    skite = card("Spellskite").activated[0]
    assert skite.effect == fx.ChangeTarget(fx.Target("spell_or_ability"))
    meddler = card("Mizzium Meddler").triggered[0]
    assert meddler.optional and meddler.effect == skite.effect
    assert card("Aether Gale").spell.effect == fx.ReturnToHand(fx.Target(
        "permanent", fx.Filter(props=frozenset({"nonland"})), count=6))


def test_a_target_and_all_auras_you_control_attached_to_it():
    mode = card("Orzhov Charm").spell.effect.modes[0]
    assert mode == fx.ReturnToHand(fx.Target(
        "creature", fx.Filter(controller="you"),
        attached=fx.Filter(subtypes=frozenset({"Aura"}), controller="you")))


def test_120_3_each_creature_deals_damage_to_its_controller():
    mode = card("Rakdos Charm").spell.effect.modes[2]
    assert mode == fx.EachDealsDamage(1, fx.Each(fx.Filter(types=types("Creature"))))


def test_701_19c_a_creature_dealt_damage_this_way_cant_be_regenerated():
    assert card("Incinerate").spell.effect == fx.Sequence((
        fx.DealDamage(3, ANY), fx.CantBeRegenerated(fx.Ref("damaged_this_way"))))


def test_119_7_615_12_rules_for_the_rest_of_the_turn():
    steps = card("Skullcrack").spell.effect.steps
    assert steps[:2] == (fx.ThisTurn("no_life_gain"), fx.ThisTurn("no_prevention"))
    slash = card("Wild Slash").spell.effect.steps[0]
    assert isinstance(slash, fx.IfHolds) and slash.effect == fx.ThisTurn(
        "no_prevention")


def test_damage_equal_to_another_creatures_power():
    # 120.3: the creature named deals the damage (PowerDamage), one way
    it = fx.Ref("it")
    assert card("Warstorm Surge").triggered[0].effect == fx.PowerDamage(it, ANY)
    bite = card("Rabid Bite").spell.effect
    assert bite == fx.Sequence((
        fx.TargetOnly(fx.Target("creature", fx.Filter(controller="you"))),
        fx.PowerDamage(it, fx.Target("creature", fx.Filter(controller="opponent")))))
    assert card("Justice Strike").spell.effect == fx.Sequence((
        fx.TargetOnly(fx.Target("creature")), fx.PowerDamage(it, it)))
    # "each of those creatures deals damage equal to its power to this": the
    # targets of the divided damage before (701.37c: the monstrosity's X)
    polukranos = card("Polukranos, World Eater")
    assert polukranos.activated[0].effect == fx.Monstrosity("X")
    assert polukranos.triggered[0].effect.steps[1] == fx.PowerDamage(
        fx.Ref("those_targets"), fx.Ref("self"))
    assert polukranos.triggered[0].effect.steps[0].amount == "X"
    # unlocked with them (the Stalking Vengeance's creature, gone: as it last was)
    for name in ("Karplusan Yeti", "Stalking Vengeance", "Backlash", "Mage Slayer",
                 "Soul's Fire", "Pyrotechnic Performer", "Be'lakor, the Dark Master"):
        card(name)


def test_same_name_a_1_1_target_and_a_pump_that_deals_damage():
    staticaster = card("Izzet Staticaster").activated[0].effect
    assert staticaster.to.same_name == fx.Filter(types=types("Creature"))
    haven = card("Pendelhaven").activated[1].effect
    assert haven.what.filter.props == frozenset({"power==1", "toughness==1"})
    satyr = card("Firedrinker Satyr").activated[0].effect
    assert satyr.steps[1] == fx.DealDamage(1, fx.Ref("you"))
