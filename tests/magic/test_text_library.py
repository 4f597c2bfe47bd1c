"""The compiler's library templates (:mod:`~labyrinth_gym.envs.magic.engine.text.library`)
on real cards: a search for "mana value x or less" (X as announced)."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.library import X_CAP
from magic.compiled import card, types


def test_a_search_for_mana_value_x_or_less_then_shuffle_this_in():
    assert card("Green Sun's Zenith").spell.effect == fx.Sequence((
        fx.Search(fx.Filter(types=types("Creature"), props=frozenset({"green", X_CAP})),
                  1, "battlefield"),
        fx.SpellCardTo("library")))
    assert card("Black Sun's Zenith").spell.effect == fx.Sequence((
        fx.AddCounters("X", fx.Each(fx.Filter(types=types("Creature"))), "-1/-1"),
        fx.SpellCardTo("library")))
