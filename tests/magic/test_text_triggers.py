"""The compiler's triggered-ability templates (:mod:`~labyrinth_gym.envs.magic.engine.text.triggers`),
checked on real cards: each test states the compiled tree written out by hand from the
card's rules, so a template that reads a card differently fails here."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import ANY, CREATURE, SELF, TREASURE, card, cost, types


def test_enters_trigger_creature():
    assert card("Elvish Visionary") == fx.CardDef(
        name="Elvish Visionary", cost=cost("{1}{G}"), colours=("G",),
        types=("Creature",), subtypes=("Elf", "Shaman"), power=1, toughness=1,
        triggered=(fx.TriggeredAbility(fx.Trigger("enters"), fx.Draw(1)),))
    assert card("Timberland Guide").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters"), fx.AddCounters(1, CREATURE)),)


def test_dies_attacks_and_upkeep_triggers():
    assert card("Exultant Cultist").triggered == (
        fx.TriggeredAbility(fx.Trigger("dies"), fx.Draw(1)),)
    # "it", right after the condition, is the creature itself
    assert card("Borderland Marauder").triggered == (
        fx.TriggeredAbility(fx.Trigger("attacks"), fx.Pump(2, 0, SELF)),)
    assert card("Phyrexian Arena").triggered == (fx.TriggeredAbility(
        fx.Trigger("upkeep", fx.Ref("you")), fx.Sequence((fx.Draw(1), fx.LoseLife(1)))),)


def test_triggers_on_other_permanents_and_optional_triggers():
    assert card("Pitiless Plunderer").triggered == (fx.TriggeredAbility(
        fx.Trigger("dies", fx.Filter(types=types("Creature"), controller="you",
                                     props=frozenset({"other"}))),
        fx.CreateToken(TREASURE)),)
    # an ability word ("landfall") is dropped; "you may" makes the trigger optional
    assert card("Grazing Gladehart").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters", fx.Filter(types=types("Land"), controller="you")),
        fx.GainLife(2), optional=True),)
    judith = card("Judith, the Scourge Diva")
    assert judith.statics == (fx.Anthem(
        fx.Filter(types=types("Creature"), controller="you", props=frozenset({"other"})),
        1, 0),)
    assert judith.triggered == (fx.TriggeredAbility(
        fx.Trigger("dies", fx.Filter(types=types("Creature"), controller="you",
                                     props=frozenset({"nontoken"}))),
        fx.DealDamage(1, ANY)),)


def test_attach_to_the_triggering_creature():
    # with no manifest, "that creature" is the creature whose entering triggered it
    assert card("Ronin Warclub").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters", fx.Filter(types=types("Creature"), controller="you")),
        fx.Attach(fx.Ref("it"))),)


def test_603_4_conditions_of_none_controlled_and_of_compared_life_and_counts():
    artifacts = fx.Filter(types=types("Artifact"))
    assert card("Glimmervoid").triggered == (fx.TriggeredAbility(
        fx.Trigger("end_step", fx.Ref("each_player"),
                   fx.ActivationCondition("control_none", artifacts)),
        fx.SacrificeIt(SELF)),)
    steps = card("Timely Reinforcements").spell.effect.steps
    assert steps[0] == fx.IfHolds(fx.ActivationCondition("less_life_than_opponent"),
                                  fx.GainLife(6))
    assert steps[1].condition == fx.ActivationCondition(
        "fewer_than_opponent", fx.Filter(types=types("Creature")))
    knight = card("Knight of the White Orchid").triggered[0]
    assert knight.trigger.condition == fx.ActivationCondition(
        "fewer_than_opponent", fx.Filter(types=types("Land")))


def test_keywords_that_stand_for_one_triggered_ability():
    spirit = fx.Filter(subtypes=frozenset({"Spirit"}), controller="you",
                       props=frozenset({"mana_value<=6"}))
    # soulshift 6 (702.46a)
    assert card("Kami of the Honored Dead").triggered[-1] == fx.TriggeredAbility(
        fx.Trigger("dies"), fx.MoveCards(fx.Target("graveyard_card", spirit)),
        optional=True)
    # afterlife 1 (702.135a)
    assert card("Syndicate Messenger").triggered == (fx.TriggeredAbility(
        fx.Trigger("dies"), fx.CreateToken(fx.TokenSpec(
            "Spirit Token", ("Creature",), ("Spirit",), ("W", "B"), 1, 1,
            ("flying",)))),)
    # ingest (702.115a)
    assert card("Benthic Infiltrator").triggered == (fx.TriggeredAbility(
        fx.Trigger("deals_combat_damage_player"),
        fx.ExileTop(fx.Ref("that_player"), 1)),)
    # for mirrodin! (702.163a): an Equipment's enters trigger that attaches it
    bardiche = card("Mirran Bardiche").triggered[0]
    assert bardiche.trigger == fx.Trigger("enters")
    assert isinstance(bardiche.effect, fx.Sequence)
    assert bardiche.effect.steps[0].token.subtypes == ("Rebel",)
    assert isinstance(bardiche.effect.steps[1], fx.Attach)
    assert card("Warrior's Sword").triggered[0].effect.steps[0].token.subtypes == ("Hero",)


def test_mobilize_1_and_deck_construction_keywords():
    # 702.181a: mobilize 1
    assert card("Shock Brigade").triggered == (fx.TriggeredAbility(
        fx.Trigger("attacks"), fx.Sequence((
            fx.CreateToken(fx.TokenSpec("Warrior Token", ("Creature",), ("Warrior",),
                                        ("R",), 1, 1), attacking=True),
            fx.Delayed("next_end_step", fx.SacrificeIt(fx.Ref("it")))))),)
    # 702.124a / 702.124k: partner and "choose a background" build a Commander deck;
    # they do nothing in a game
    akiri = card("Akiri, Line-Slinger")
    assert "partner" not in akiri.keywords and akiri.power == 0
    assert card("Wilson, Refined Grizzly").name == "Wilson, Refined Grizzly"
