"""Scripted positions for the Phantom Premonition precon's cards of branch phantomA:
the batch trigger "one or more cards are put into exile from your hand or a spell or
ability you control exiles one or more permanents from the battlefield" (603.2c,
603.10a; Ranar the Ever-Watchful, Hero of Bretagard). Each names real cards from the
pool; no card text is quoted."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card
from magic.positions import (
    act,
    blank,
    lands,
    on_battlefield,
    settle,
    target_perm,
)


# -------------------------- exiled from your hand or by your spells (603.2c)
def test_603_2c_the_exile_batch_trigger_compiles():
    for name in ("Ranar the Ever-Watchful",):
        trig = card(name).triggered[0].trigger
        assert trig == fx.Trigger("group_exiled_yours", fx.Filter(controller="you"))


def test_603_2c_ranar_foretelling_for_free_makes_a_spirit():
    game = blank()
    game.add_permanent("Ranar the Ever-Watchful", 0)
    game.add_card("Iron Verdict", 0)
    game.add_card("Saw It Coming", 0)
    lands(game, 0, "Plains", "Plains")
    game.start_at("main1", 0, turn=1)
    act(game, "foretell hand 0 (Iron Verdict)")  # the first of the turn: {0}
    assert not any(perm.tapped for perm in game.battlefield.values())
    settle(game)
    assert len(on_battlefield(game, "Spirit Token")) == 1
    act(game, "foretell hand 0 (Saw It Coming)")  # the second one: {2}
    settle(game)
    assert len(on_battlefield(game, "Spirit Token")) == 2


def test_603_2c_ranar_one_spirit_for_two_permanents_one_spell_exiles():
    game = blank()
    game.add_permanent("Ranar the Ever-Watchful", 0)
    game.add_card("Ghostly Flicker", 0)
    lands(game, 0, "Island", "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 0)
    land = game.add_permanent("Plains", 0, tapped=True)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Ghostly Flicker)")
    target_perm(game, bears)
    target_perm(game, land)
    settle(game)
    assert len(on_battlefield(game, "Spirit Token")) == 1  # one batch: one trigger


def test_603_2c_ranar_an_opponents_spell_exiling_your_creature_does_not_count():
    game = blank()
    game.add_permanent("Ranar the Ever-Watchful", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_card("Swords to Plowshares", 1)
    lands(game, 1, "Plains")
    game.start_at("main1", 1, turn=2)
    act(game, "cast hand 0 (Swords to Plowshares)")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    assert on_battlefield(game, "Spirit Token") == []


def test_603_2c_ranar_your_spell_exiling_an_opponents_creature_counts():
    game = blank()
    game.add_permanent("Ranar the Ever-Watchful", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Swords to Plowshares", 0)
    lands(game, 0, "Plains")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Swords to Plowshares)")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    (token,) = on_battlefield(game, "Spirit Token")
    assert game.battlefield[token].controller == 0
