"""The compiler's templates for keywords about the turn's steps
(:mod:`~labyrinth_gym.envs.magic.engine.text.upkeep`), checked on real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import SELF, card, cost, reason

YOURS = fx.Ref("you")


def test_702_30a_echo_is_an_upkeep_trigger_with_an_intervening_if():
    assert card("Pouncing Jaguar").triggered == (fx.TriggeredAbility(
        fx.Trigger("upkeep", YOURS, condition="echo"),
        fx.Unless(fx.PayCost(cost("{G}")), fx.SacrificeIt(SELF))),)
    assert card("Mogg War Marshal").triggered[0].trigger.condition == "echo"


def test_702_24a_cumulative_upkeep_adds_an_age_counter_then_asks_for_each():
    def upkeep(paid: fx.PayCost) -> fx.TriggeredAbility:
        return fx.TriggeredAbility(fx.Trigger("upkeep", YOURS), fx.Sequence((
            fx.AddCounters(1, SELF, "age"), fx.Unless(paid, fx.SacrificeIt(SELF)))))

    assert upkeep(fx.PayCost(cost("{G}"), per_counter="age")) in \
        card("Uktabi Efreet").triggered
    assert upkeep(fx.PayCost(life=1, per_counter="age")) in \
        card("Gallowbraid").triggered
    # other upkeep costs stay refused with their line
    assert reason("Phyrexian Soulgorger") == "cumulative upkeep—sacrifice a creature."


def test_702_63a_vanishing_is_time_counters_and_two_triggers():
    aven = card("Aven Riftwatcher")
    assert fx.EntersWithCounters(3, "time") in aven.statics
    assert aven.triggered[:2] == (
        fx.TriggeredAbility(fx.Trigger("upkeep", YOURS, fx.ActivationCondition(
            "counters_on_this", count=1, counter="time")),
            fx.RemoveCounters(1, SELF, "time")),
        fx.TriggeredAbility(fx.Trigger("last_time_counter_removed"),
                            fx.SacrificeIt(SELF)))


def test_702_32a_fading_is_fade_counters_and_an_upkeep_trigger():
    derm = card("Blastoderm")
    assert fx.EntersWithCounters(3, "fade") in derm.statics
    assert derm.triggered == (fx.TriggeredAbility(
        fx.Trigger("upkeep", YOURS), fx.RemoveCounters(1, SELF, "fade",
                                                       or_sacrifice=True)),)


def test_502_3_choose_not_to_untap_and_holds_while_this_remains_tapped():
    worms = card("Mole Worms")
    assert fx.DoesntUntap("self", optional=True) in worms.statics
    assert worms.activated[0].effect == fx.Sequence((
        fx.TapOrUntap(fx.Target("permanent", fx.Filter(types=frozenset({"Land"})))),
        fx.SkipNextUntap(fx.Ref("it"), while_tapped=True)))
    assert card("Amber Prison").activated[0].effect.steps[1] == fx.SkipNextUntap(
        fx.Ref("it"), while_tapped=True)
    marsh = card("Cinder Marsh").activated[-1].effect
    assert marsh.steps[1] == fx.SkipNextUntap(SELF)


def test_122_1d_tap_and_put_stun_counters_on_it():
    assert card("Tranquilize").spell.effect.steps[1] == fx.AddCounters(
        3, fx.Ref("it"), "stun")
    assert card("Gilded Scuttler").triggered[0].effect.steps[1] == fx.AddCounters(
        1, fx.Ref("it"), "stun")


def test_702_27a_buyback_is_an_optional_additional_cost_of_a_spell():
    assert fx.Buyback(fx.Cost(mana=cost("{4}"))) in card("Searing Touch").statics
    assert card("Forbid").buyback == fx.Buyback(fx.Cost(discard=2))
    assert card("Slaughter").buyback == fx.Buyback(fx.Cost(pay_life=4))


def test_502_3_tap_targets_and_those_creatures_dont_untap_next_time():
    breath = card("Frost Breath").spell.effect
    assert isinstance(breath, fx.TapOrUntap) and breath.hold and breath.tap
    assert breath.what.count == 2 and breath.what.up_to
