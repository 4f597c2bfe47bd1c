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
    for name in ("Ranar the Ever-Watchful", "Hero of Bretagard"):
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


def test_603_2c_hero_of_bretagard_gets_that_many_counters():
    game = blank()
    hero = game.add_permanent("Hero of Bretagard", 0)
    game.add_card("Ghostly Flicker", 0)
    game.add_card("Iron Verdict", 0)
    lands(game, 0, "Island", "Island", "Island", "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 0)
    land = game.add_permanent("Plains", 0, tapped=True)
    game.start_at("main1", 0, turn=1)
    act(game, "cast hand 0 (Ghostly Flicker)")
    target_perm(game, bears)
    target_perm(game, land)
    settle(game)
    assert game.battlefield[hero].counters == {"+1/+1": 2}  # two exiled at once
    act(game, "foretell hand 0 (Iron Verdict)")  # from the hand: one more
    settle(game)
    assert game.battlefield[hero].counters == {"+1/+1": 3}


# ------------- "as long as this has N or more counters on it, it ..." (611.3a, 613)
def test_611_3a_hero_of_bretagard_counted_statics_compile():
    statics = card("Hero of Bretagard").statics
    assert [(s.counters_at_least, s.becomes.subtypes, s.becomes.keywords)
            for s in statics] == [(5, ("Angel",), ("flying",)),
                                  (10, ("God",), ("indestructible",))]
    assert all(s.affected == fx.Filter(props=frozenset({fx.SELF})) for s in statics)


def test_611_3a_hero_becomes_an_angel_then_a_god_with_counters_of_any_kind():
    game = blank()
    hero = game.add_permanent("Hero of Bretagard", 0)
    game.start_at("main1", 0)
    game.put_counters(hero, "+1/+1", 4)
    assert "Angel" not in game.pdef(hero).subtypes
    assert "flying" not in game.keywords(hero)
    game.put_counters(hero, "oil", 1)  # five counters, of two kinds
    assert game.pdef(hero).subtypes == ("Human", "Warrior", "Angel")
    assert "flying" in game.keywords(hero)
    assert "indestructible" not in game.keywords(hero)
    game.put_counters(hero, "+1/+1", 5)  # ten
    assert set(game.pdef(hero).subtypes) == {"Human", "Warrior", "Angel", "God"}
    assert {"flying", "indestructible"} <= game.keywords(hero)
    assert game.chars(hero)[:2] == (10, 10)
    game.remove_counters(hero, "+1/+1", 6)  # four left: neither
    assert game.pdef(hero).subtypes == ("Human", "Warrior")
    assert not {"flying", "indestructible"} & game.keywords(hero)


def test_611_3a_hero_counts_the_counters_a_spell_exiling_two_permanents_gives():
    game = blank()
    hero = game.add_permanent("Hero of Bretagard", 0, counters={"+1/+1": 3})
    game.add_card("Ghostly Flicker", 0)
    lands(game, 0, "Island", "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 0)
    land = game.add_permanent("Plains", 0, tapped=True)
    game.start_at("main1", 0)
    assert "flying" not in game.keywords(hero)
    act(game, "cast hand 0 (Ghostly Flicker)")
    target_perm(game, bears)
    target_perm(game, land)
    settle(game)
    assert game.battlefield[hero].counters == {"+1/+1": 5}
    assert "flying" in game.keywords(hero) and "Angel" in game.pdef(hero).subtypes
