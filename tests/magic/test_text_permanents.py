"""The compiler's permanent templates (pumps, tokens, manifest) (:mod:`~labyrinth_gym.envs.magic.engine.text.permanents`),
checked on real cards: each test states the compiled tree written out by hand from the
card's rules, so a template that reads a card differently fails here."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import (
    CLUE,
    CREATURE,
    FOOD,
    TREASURE,
    YOU_CONTROL,
    card,
    cost,
    types,
)


def test_pump_with_keyword():
    assert card("Rush of Adrenaline").spell == fx.SpellAbility(
        fx.Pump(2, 1, CREATURE, ("trample",)))


def test_tokens():
    assert card("Raise the Alarm").spell == fx.SpellAbility(fx.CreateToken(
        fx.TokenSpec("Soldier Token", ("Creature",), ("Soldier",), ("W",), 1, 1), 2))
    assert card("Bake into a Pie").spell == fx.SpellAbility(fx.Sequence((
        fx.Destroy(CREATURE), fx.CreateToken(FOOD))))
    assert card("Pirate's Prize").spell == fx.SpellAbility(fx.Sequence((
        fx.Draw(2), fx.CreateToken(TREASURE))))
    # "investigate" is creating a Clue
    assert card("Thraben Inspector").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters"), fx.CreateToken(CLUE)),)
    # a token of two card types besides creature (205.2a: Hammer of Purphoros's Golem)
    assert card("Hammer of Purphoros").activated[0].effect == fx.CreateToken(fx.TokenSpec(
        "Golem Token", ("Enchantment", "Artifact", "Creature"), ("Golem",), (), 3, 3))


def test_manifest():
    assert card("Soul Summons") == fx.CardDef(
        name="Soul Summons", cost=cost("{1}{W}"), colours=("W",), types=("Sorcery",),
        spell=fx.SpellAbility(fx.Manifest(1, fx.Ref("you"))))
    assert card("Ethereal Ambush").spell == fx.SpellAbility(fx.Manifest(2))
    # "its controller": the controller of the creature just exiled
    assert card("Reality Shift").spell == fx.SpellAbility(fx.Sequence((
        fx.Exile(CREATURE), fx.Manifest(1, fx.Ref("its_controller")))))
    # after a manifest, "it" is the manifested permanent
    assert card("Formless Nurturing").spell == fx.SpellAbility(fx.Sequence((
        fx.Manifest(), fx.AddCounters(1, fx.Ref("it")))))
    assert card("Wildcall").spell == fx.SpellAbility(fx.Sequence((
        fx.Manifest(), fx.AddCounters("X", fx.Ref("it")))))
    assert card("Sultai Emissary").triggered == (
        fx.TriggeredAbility(fx.Trigger("dies"), fx.Manifest()),)
    assert card("Qarsi High Priest").activated == (fx.ActivatedAbility(
        fx.Cost(mana=cost("{1}{B}"), tap=True, sacrifice=fx.Filter(
            types=types("Creature"), props=frozenset({"other"}))),
        fx.Manifest()),)


def test_manifest_dread():
    assert card("Manifest Dread").spell == fx.SpellAbility(fx.ManifestDread(fx.Ref("you")))
    assert card("Unsettling Twins").triggered == (
        fx.TriggeredAbility(fx.Trigger("enters"), fx.ManifestDread()),)
    assert card("Bashful Beastie").triggered == (
        fx.TriggeredAbility(fx.Trigger("dies"), fx.ManifestDread()),)
    assert card("Twist Reality").spell == fx.SpellAbility(fx.Choose((
        fx.CounterSpell(fx.Target("spell")), fx.ManifestDread())))
    assert card("Unwanted Remake").spell == fx.SpellAbility(fx.Sequence((
        fx.Destroy(CREATURE), fx.ManifestDread(fx.Ref("its_controller")))))
    # "that creature" after manifest dread is the manifested one
    assert card("Killer's Mask") == fx.CardDef(
        name="Killer's Mask", cost=cost("{2}{B}"), colours=("B",), types=("Artifact",),
        subtypes=("Equipment",),
        activated=(fx.ActivatedAbility(
            fx.Cost(mana=cost("{2}")),
            fx.Attach(fx.Target("creature", YOU_CONTROL)), sorcery_speed=True),),
        triggered=(fx.TriggeredAbility(fx.Trigger("enters"), fx.Sequence((
            fx.ManifestDread(), fx.Attach(fx.Ref("it"))))),),
        statics=(fx.AttachedBonus(keywords=("menace",)),))


def test_permanents_you_control_gain_a_keyword():
    # Boros Charm's second mode: every permanent of yours, keyword grants only
    from magic.compiled import card as compiled

    modes = compiled("Boros Charm").spell.effect.modes
    assert modes[1] == fx.Pump(0, 0, fx.Each(fx.Filter(controller="you")),
                               ("indestructible",))
