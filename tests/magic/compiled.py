"""Helpers of the compiler's tests: a real card compiled, the reason a card is refused,
and the trees the tests write out by hand."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import Unsupported, compile_card
from labyrinth_gym.envs.magic.engine.mana import ManaCost, parse_cost

SUPPORTED_AT_LEAST = 5250
"""The pool's supported count when these tests were written (5,105 compile, 4,909 of
them the engine plays), less a margin: a template or engine change that loses cards
fails here."""

CREATURE = fx.Target("creature")
ANY = fx.Target("any")
SELF = fx.Ref("self")
YOU_CONTROL = fx.Filter(controller="you")
TAP = fx.Cost(tap=True)


def card(name: str) -> fx.CardDef:
    """The compiled card (fails the test with the reason if it is not supported)."""
    return compile_card(card_pool()[name])


def reason(name: str) -> str:
    """Why the card is not supported (fails if it is)."""
    with pytest.raises(Unsupported) as err:
        compile_card(card_pool()[name])
    return err.value.reason


def cost(text: str) -> ManaCost:
    return parse_cost(text)


def mana(*options: str, amount: int = 1) -> fx.ActivatedAbility:
    """``{T}: Add ...``, a mana ability."""
    return fx.ActivatedAbility(TAP, fx.AddMana(options, amount), is_mana=True)


def types(*names: str) -> frozenset[str]:
    return frozenset(names)


TREASURE = fx.TokenSpec(
    "Treasure Token", ("Artifact",), ("Treasure",),
    abilities=(fx.ActivatedAbility(fx.Cost(tap=True, sacrifice_self=True),
                                   fx.AddMana(("any",)), is_mana=True),))
FOOD = fx.TokenSpec(
    "Food Token", ("Artifact",), ("Food",),
    abilities=(fx.ActivatedAbility(
        fx.Cost(mana=cost("{2}"), tap=True, sacrifice_self=True), fx.GainLife(3)),))
CLUE = fx.TokenSpec(
    "Clue Token", ("Artifact",), ("Clue",),
    abilities=(fx.ActivatedAbility(fx.Cost(mana=cost("{2}"), sacrifice_self=True),
                                   fx.Draw(1)),))
