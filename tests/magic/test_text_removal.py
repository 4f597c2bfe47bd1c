"""The compiler's removal templates (damage, destroy, counter a spell) (:mod:`~labyrinth_gym.envs.magic.engine.text.removal`),
checked on real cards: each test states the compiled tree written out by hand from the
card's rules, so a template that reads a card differently fails here."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
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
