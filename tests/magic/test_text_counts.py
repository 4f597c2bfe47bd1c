"""The compiler's amount templates (:mod:`~labyrinth_gym.envs.magic.engine.text.counts`):
"<effect>. <the same effect with other numbers> instead if <condition>" as
:class:`~effects.IfAmount` (608.2h), checked on real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.compiled import ANY, CREATURE, card, reason, types

MORBID = fx.ActivationCondition("creature_died")
METALCRAFT = fx.ActivationCondition("you_control", fx.Filter(types=types("Artifact")), 3)


def test_instead_if_damage_and_pumps():
    assert card("Galvanic Blast").spell.effect == fx.DealDamage(
        fx.IfAmount(2, 4, METALCRAFT), ANY)
    assert card("Brimstone Volley").spell.effect == fx.DealDamage(
        fx.IfAmount(3, 5, MORBID), ANY)
    slip = fx.IfAmount(-1, -13, MORBID)
    assert card("Tragic Slip").spell.effect == fx.Pump(slip, slip, CREATURE)
    assert card("Cackling Flames").spell.effect.amount.condition == \
        fx.ActivationCondition("empty_hand")
    assert card("Thermal Blast").spell.effect.amount.condition == \
        fx.ActivationCondition("graveyard", None, 7)


def test_instead_if_counts_of_counters_and_tokens():
    assert card("Hunger of the Howlpack").spell.effect == fx.AddCounters(
        fx.IfAmount(1, 3, MORBID), CREATURE)
    assert card("Predator's Howl").spell.effect.count == fx.IfAmount(1, 3, MORBID)
    assert all(name in compiled_pool().supported for name in (
        "Galvanic Blast", "Brimstone Volley", "Tragic Slip", "Mirran Mettle"))


def test_instead_if_with_a_condition_not_read_stays_refused():
    assert "instead if that target is a creature" in reason("Light Up the Night")


def test_an_amount_of_the_creature_an_edict_sacrificed():
    # "target player sacrifices a creature of their choice, then gains life equal to
    # that creature's toughness": the same player, the sacrificed creature's toughness
    assert card("Devour Flesh").spell.effect == fx.Sequence((
        fx.Sacrifice(fx.Filter(types=types("Creature")), 1, fx.Target("player")),
        fx.GainLife(fx.StatOf("toughness", "sacrificed"), fx.Ref("it"))))


def test_an_amount_of_the_creature_sacrificed_as_a_cost():
    # 608.2h: "the sacrificed creature's power": the cost's, as it last existed
    assert card("Fling").spell.effect == fx.DealDamage(fx.StatOf("power", "cost"), ANY)
    guildmage = card("Korozda Guildmage").activated[1].effect
    assert guildmage.count == fx.StatOf("toughness", "cost")
    # "mana value equal to 1 plus the sacrificed creature's mana value"
    pod = card("Birthing Pod").activated[0]
    assert pod.cost.sacrifice == fx.Filter(types=types("Creature"))
    assert pod.effect.filter.props == frozenset({"mana_value==sacrificed+1"})
    assert pod.effect.dest == "battlefield"


def test_amounts_of_a_triggers_object_and_of_an_edicts_creature():
    # 608.2h: the triggering creature's stat, as it is or last existed
    you = fx.Ref("you")
    assert card("Angelic Chorus").triggered[0].effect == fx.GainLife(
        fx.StatOf("toughness"), you)
    assert card("Proper Burial").triggered[0].effect == fx.GainLife(
        fx.StatOf("toughness"), you)
    champion = card("Champion of Wits").triggered[0]
    assert champion.optional and champion.effect.steps == (
        fx.Draw(fx.StatOf("power")), fx.Discard(2))
    # "<edict>. you gain life equal to that creature's toughness"
    tribute = card("Tribute to Hunger").spell.effect
    assert tribute.steps[1] == fx.GainLife(fx.StatOf("toughness", "sacrificed"), you)
    for name in ("Doomgape", "Consuming Vapors", "Death Watch", "South Wind Avatar",
                 "Verdant Sun's Avatar", "Archon of Redemption", "Engulfing Slagwurm"):
        card(name)


def test_that_player_names_a_triggering_objects_controller_or_a_targeted_player():
    assert card("Massacre Wurm").triggered[1].effect == fx.LoseLife(
        2, fx.Ref("its_controller"))
    assert card("Ozai's Cruelty").spell.effect.steps[1] == fx.Discard(2, fx.Ref("it"))
    for name in ("Assault Intercessor", "Nightshade Harvester", "Polluted Bonds",
                 "Sire of Stagnation", "Scroll of Griselbrand", "Go Blank",
                 "Immersturm Skullcairn", "Diplomacy of the Wastes"):
        card(name)


def test_a_permanents_own_counted_bonus():
    # 611.3a: "this gets +1/+1 for each land card in your graveyard"
    lands = fx.Count("graveyard", fx.Filter(types=types("Land"), controller="you"))
    knight = card("Knight of the Reliquary")
    assert fx.SelfBonus((), 1, 1, per=lands) in knight.statics
    # its cost "sacrifice a forest or plains": either subtype
    assert knight.activated[0].cost.sacrifice == fx.Filter(
        subtypes=frozenset({"Forest", "Plains"}))
    wight = card("Wight of Precinct Six")
    assert fx.SelfBonus((), 1, 1, per=fx.Count("graveyard", fx.Filter(
        types=types("Creature"), controller="opponent"))) in wight.statics


def test_greatest_power_and_x_plus_instead():
    stampede = card("Overwhelming Stampede").spell.effect
    greatest = fx.Count("greatest_power", fx.Filter(types=types("Creature"),
                                                    controller="you"))
    assert stampede.power == stampede.toughness == greatest
    assert "trample" in stampede.keywords
    claws = card("Crater's Claws").spell.effect
    assert claws.amount.normal == "X" and claws.amount.instead == fx.Plus("X", 2)
    assert claws.amount.condition.filter.props == frozenset({"power>=4"})


def test_creatures_with_a_plus_counter():
    # 122.1: "with a +1/+1 counter on it" (the filter prop "plus_counter")
    with_counter = fx.Filter(types=types("Creature"), controller="you",
                             props=frozenset({"plus_counter"}))
    call = card("Inspiring Call").spell.effect
    assert call.steps[0] == fx.Draw(fx.Count("permanents", with_counter))
    assert call.steps[1].what == fx.Each(with_counter)
    assert call.steps[1].keywords == ("indestructible",)
    assert fx.Anthem(with_counter, keywords=("trample",)) in \
        card("Tuskguard Captain").statics
    for name in ("Duskshell Crawler", "Crowned Ceratok"):
        card(name)


def test_half_their_life_rounded_up():
    half = fx.Count("half_life", of="that_player")
    assert card("Quietus Spike").triggered[0].effect == fx.LoseLife(
        half, fx.Ref("that_player"))
    assert card("Infernal Contract").spell.effect.steps[1] == fx.LoseLife(half)
    for name in ("Scytheclaw", "Blood Tribute"):
        card(name)
