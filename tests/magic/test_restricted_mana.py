"""Scripted positions for mana with a spending restriction in the mana pool (rule
106.6) and mana kept as steps and phases end (106.4, 500.4): the pool keeps each
mana's restriction, payment spends restricted mana only for what it allows (and
prefers it there), and the legal actions count it so. Each names real cards."""

from __future__ import annotations

import json

import pytest

from labyrinth_gym.envs.core import IllegalActionError
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import act, blank, has, lands, pass_until

MYR = fx.Filter(subtypes=frozenset({"Myr"}))


def reservoir_position(*hand: str, islands: int = 1) -> tuple[MagicGame, list[int]]:
    """Myr Reservoir ({T}: {C}{C} for Myr spells and abilities of Myr) and
    ``islands`` Islands; ``hand`` in player 0's hand; Myr Reservoir activated."""
    game = blank()
    game.add_permanent("Myr Reservoir", 0)
    isles = lands(game, 0, *["Island"] * islands)
    for name in hand:
        game.add_card(name, 0)
    game.start_at("main1", 0)
    act(game, "Myr Reservoir")
    assert game.pool[0] == ["C", "C"]
    assert [(sym, spend) for sym, spend, _ in game.restricted_pool[0]] == [
        ("C", fx.Spend(MYR, MYR))] * 2
    return game, isles


def test_the_restricted_pool_mana_lines_compile():
    pool = compiled_pool().supported
    (reservoir, _) = pool["Myr Reservoir"].activated
    assert reservoir.effect == fx.AddMana(("C",), 2, spend_only=fx.Spend(MYR, MYR))
    assert not fx.restricted_mana_ability(reservoir)  # two mana: activated by its player
    (tablet,) = pool["Soldevi Machinist"].activated
    assert tablet.effect.spend_only == fx.Spend(None, fx.Filter(
        types=frozenset({"Artifact"})))
    (_, hoard) = pool["Eldrazi Temple"].activated
    assert hoard.effect.spend_only.spells == fx.Filter(
        subtypes=frozenset({"Eldrazi"}), props=frozenset({"colorless"}))


def test_106_6_restricted_mana_cannot_pay_for_a_spell_it_does_not_allow():
    """{C}{C} for Myr and one Island: Mind Stone ({2}, not a Myr) is not castable,
    and casting it anyway is an illegal action."""
    game, _ = reservoir_position("Mind Stone")
    assert not has(game, "Mind Stone")
    with pytest.raises(IllegalActionError):
        game.apply_action(A.cast(0))


def test_106_6_restricted_mana_pays_for_a_spell_it_allows():
    """Palladium Myr ({3}): the two restricted {C} and the Island pay for it."""
    game, (island,) = reservoir_position("Palladium Myr")
    act(game, "Palladium Myr")
    assert game.battlefield[island].tapped
    assert game.pool[0] == [] and game.restricted_pool[0] == []


def test_106_6_payment_prefers_the_restricted_mana_where_it_may_pay():
    """Iron Myr ({2}) with the restricted {C}{C}, an unrestricted {C} in the pool and
    two Islands: the restricted mana pays, the rest stays."""
    game, isles = reservoir_position("Iron Myr", islands=2)
    game.pool[0].insert(0, "C")  # (an unrestricted {C}, added before)
    game._legal = None
    act(game, "Iron Myr")
    assert game.pool[0] == ["C"] and game.restricted_pool[0] == []
    assert not any(game.battlefield[i].tapped for i in isles)


def test_106_6_restricted_mana_pays_for_an_ability_of_a_source_it_allows():
    """Myr Galvanizer's "{1}, {T}" is an ability of a Myr: the restricted {C} pays
    it; Icy Manipulator's "{1}, {T}" is not."""
    game = blank()
    game.add_permanent("Myr Reservoir", 0)
    galvanizer = game.add_permanent("Myr Galvanizer", 0)
    game.add_permanent("Icy Manipulator", 0)
    game.start_at("main1", 0)
    assert not has(game, "Myr Galvanizer") and not has(game, "Icy Manipulator")
    act(game, "Myr Reservoir")
    assert has(game, "Myr Galvanizer") and not has(game, "Icy Manipulator")
    act(game, "Myr Galvanizer")
    assert game.battlefield[galvanizer].tapped
    assert game.pool[0] == ["C"] and len(game.restricted_pool[0]) == 1


def test_106_4_restricted_mana_empties_with_the_pool_and_survives_a_save():
    game, _ = reservoir_position("Palladium Myr")
    copy = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.restricted_pool == game.restricted_pool
    assert has(copy, "Palladium Myr")
    clone = game.clone()
    clone.restricted_pool[0].clear()
    assert len(game.restricted_pool[0]) == 2
    pass_until(game, "beginning_of_combat")
    assert game.pool[0] == [] and game.restricted_pool[0] == []
