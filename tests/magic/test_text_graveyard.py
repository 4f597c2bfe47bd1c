"""The compiler's templates for abilities that work from a graveyard
(:mod:`~labyrinth_gym.envs.magic.engine.text.graveyard`; 113.6m), checked on real
cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card, cost

THIS_CARD = fx.Ref("this_card")


def test_113_6m_activated_return_this_from_your_graveyard_works_there():
    skeleton = card("Reassembling Skeleton")
    assert skeleton.activated == (fx.ActivatedAbility(
        fx.Cost(mana=cost("{1}{B}")),
        fx.MoveCards(THIS_CARD, "battlefield", "owner", tapped=True),
        zone="graveyard"),)
    assert skeleton.graveyard_abilities == (0,)
    assert skeleton.battlefield_abilities == ()
    dragon = card("Eternal Dragon")
    assert dragon.activated[0] == fx.ActivatedAbility(
        fx.Cost(mana=cost("{3}{W}{W}")), fx.MoveCards(THIS_CARD, "hand"),
        zone="graveyard", only_if=(fx.ActivationCondition("your_upkeep"),))
    # a sorcery's ability of the card (Hammer of Bogardan), an Aura's (Vineweft)
    assert card("Hammer of Bogardan").activated[0].zone == "graveyard"
    assert card("Vineweft").activated[0].zone == "graveyard"


def test_113_6m_triggered_return_this_triggers_from_the_graveyard():
    ghast = card("Bloodghast")
    assert ghast.triggered == (fx.TriggeredAbility(
        fx.Trigger("enters", fx.Filter(frozenset({"Land"}), controller="you")),
        fx.MoveCards(THIS_CARD, "battlefield"), optional=True, zone="graveyard"),)
    assert ghast.graveyard_events == {"enters"}
    assert card("Squee, Goblin Nabob").triggered[0].trigger == fx.Trigger(
        "upkeep", fx.Ref("you"))
    assert card("Verdant Eidolon").triggered[0].zone == "graveyard"


def test_vengevine_second_creature_spell_is_part_of_the_event():
    vine = card("Vengevine")
    assert vine.triggered[0].trigger == fx.Trigger("cast", fx.Filter(
        frozenset({"Creature"}), controller="you",
        props=frozenset({fx.SECOND_CREATURE})))
    assert vine.triggered[0].zone == "graveyard"


def test_603_10a_own_dies_trigger_stays_on_the_battlefield():
    # Screams from Within: "when enchanted creature dies, return this from your
    # graveyard to the battlefield": the Aura is on the battlefield as it triggers
    # (113.6m's exception); an Aura returned so is refused by the engine (303.4f)
    screams = card("Screams from Within")
    assert screams.triggered[0].zone == "battlefield"


def test_702_84a_unearth():
    unearth = card("Hellspark Elemental").activated[0]
    assert unearth.zone == "graveyard" and unearth.sorcery_speed
    assert unearth.cost == fx.Cost(mana=cost("{1}{R}"))
    steps = unearth.effect.steps
    assert steps[0] == fx.MoveCards(THIS_CARD, "battlefield")
    assert steps[1].keywords == ("haste",) and steps[1].lasting
    assert steps[2] == fx.Delayed("next_end_step", fx.Exile(fx.Ref("it")))
    assert steps[3] == fx.ExileIfLeaves(fx.Ref("it"))


def test_702_97a_scavenge_and_exile_this_from_your_graveyard_as_a_cost():
    mangler = card("Dreg Mangler").activated[0]
    assert mangler == fx.ActivatedAbility(
        fx.Cost(mana=cost("{3}{B}{G}"), exile_self=True),
        fx.AddCounters(fx.StatOf("power", "this_card"), fx.Target("creature")),
        sorcery_speed=True, zone="graveyard")
    # "{3}{b}{b}, exile this from your graveyard: return up to three target creature
    # cards from your graveyard to your hand" (Soul of Innistrad)
    soul = card("Soul of Innistrad").activated[1]
    assert soul.zone == "graveyard" and soul.cost.exile_self


def test_702_88a_rebound():
    assert fx.Rebound() in card("Staggershock").statics
    assert card("Ephemerate").rebound


def test_702_133a_702_81a_jump_start_and_retrace_cast_from_the_graveyard():
    assert card("Chemister's Insight").flashback == fx.Flashback(
        fx.Cost(mana=cost("{3}{U}"), discard=1), keyword="jump-start")
    assert card("Raven's Crime").flashback == fx.Flashback(
        fx.Cost(mana=cost("{B}"), discard=1,
                discard_filter=fx.Filter(types=frozenset({"Land"}))),
        keyword="retrace")


def test_702_128a_702_129a_embalm_and_eternalize():
    cat = card("Sacred Cat").activated[0]
    assert cat.zone == "graveyard" and cat.sorcery_speed and cat.cost.exile_self
    assert cat.effect == fx.CopyToken(THIS_CARD, fx.CopyExtras(
        subtypes=("Zombie",), colours=("W",), no_mana_cost=True))
    striker = card("Sinuous Striker").activated[1]  # "eternalize—{3}{u}{u}, discard"
    assert striker.cost == fx.Cost(mana=cost("{3}{U}{U}"), discard=1, exile_self=True)
    assert striker.effect.extras.power == 4 and striker.effect.extras.colours == ("B",)


def test_chandras_phoenix_dealt_damage_by_a_red_spell_or_planeswalker():
    phoenix = card("Chandra's Phoenix").triggered[0]
    assert phoenix.trigger == fx.Trigger("opponent_damaged_by", fx.Filter(
        frozenset({"Instant", "Sorcery", "Planeswalker"}), controller="you",
        props=frozenset({"red"})))
    assert phoenix.zone == "graveyard" and not phoenix.optional
