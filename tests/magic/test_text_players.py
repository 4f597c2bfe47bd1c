"""The compiler's player templates (draw, discard, mill, life) (:mod:`~labyrinth_gym.envs.magic.engine.text.players`),
checked on real cards: each test states the compiled tree written out by hand from the
card's rules, so a template that reads a card differently fails here."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card


def test_mill_and_discard():
    assert card("Thought Scour").spell == fx.SpellAbility(fx.Sequence((
        fx.Mill(2, fx.Target("player")), fx.Draw(1))))
    assert card("Mind Rot").spell == fx.SpellAbility(
        fx.Discard(2, fx.Target("player")))


def test_an_additional_land_this_turn():
    # 305.2: a permission, not a "you may" question
    assert card("Explore").spell.effect == fx.Sequence((fx.AdditionalLand(1),
                                                        fx.Draw(1)))
