"""Mana costs: reading every symbol form, mana value (rule 202.3), colours (rule 202.2)."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.magic.engine.mana import ManaCost, parse_cost


@pytest.mark.parametrize(
    "text, generic, pips, x, mana_value, colours",
    [
        ("{R}", 0, ("R",), 0, 1, ("R",)),
        ("{2}{W}{U}", 2, ("W", "U"), 0, 4, ("W", "U")),
        ("{3}{W}{W}", 3, ("W", "W"), 0, 5, ("W",)),
        ("{0}", 0, (), 0, 0, ()),
        ("{12}", 12, (), 0, 12, ()),
        ("{X}{R}", 0, ("R",), 1, 1, ("R",)),
        ("{X}{X}{G}", 0, ("G",), 2, 1, ("G",)),
        ("{W/U}{W/U}", 0, ("W/U", "W/U"), 0, 2, ("W", "U")),
        ("{2/W}{2/W}", 0, ("2/W", "2/W"), 0, 4, ("W",)),
        ("{1}{B/P}", 1, ("B/P",), 0, 2, ("B",)),
        ("{G/W/P}", 0, ("G/W/P",), 0, 1, ("W", "G")),
        ("{C}{C}", 0, ("C", "C"), 0, 2, ()),
        ("{C/W}", 0, ("C/W",), 0, 1, ("W",)),
        ("{S}", 0, ("S",), 0, 1, ()),
        ("{G}{U}{B}", 0, ("G", "U", "B"), 0, 3, ("U", "B", "G")),  # WUBRG order
    ],
)
def test_every_symbol_form(text, generic, pips, x, mana_value, colours):
    cost = parse_cost(text)
    assert cost == ManaCost(generic, pips, x)
    assert cost.mana_value == mana_value and cost.colours == colours


@pytest.mark.parametrize("text", ["{2}{W}{U}", "{X}{R}", "{0}", "{W/U}{B/P}", "{1}{C}"])
def test_text_round_trip(text):
    assert parse_cost(str(parse_cost(text))) == parse_cost(text)


@pytest.mark.parametrize("text, bad", [("{HW}", "{HW}"), ("{Y}", "{Y}"), ("{W/W}", "{W/W}"),
                                       ("{R}x", "not a mana cost"), ("{U/R/B}", "{U/R/B}")])
def test_symbols_outside_the_game_are_refused_by_name(text, bad):
    with pytest.raises(ValueError, match=bad.replace("{", r"\{").replace("/", "/")):
        parse_cost(text)
