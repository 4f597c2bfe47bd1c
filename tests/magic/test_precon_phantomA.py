"""Scripted positions for the Phantom Premonition precon's cards of branch phantomA:
the batch trigger "one or more cards are put into exile from your hand or a spell or
ability you control exiles one or more permanents from the battlefield" (603.2c,
603.10a; Ranar the Ever-Watchful, Hero of Bretagard). Each names real cards from the
pool; no card text is quoted."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card
from magic.positions import (
    act,
    blank,
    has,
    lands,
    on_battlefield,
    pass_to_decision,
    pass_until,
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


# ------------------------- mana only to foretell or for foretell spells (106.6)
FORETELL_MANA = fx.Spend(fx.Filter(props=frozenset({fx.WITH_FORETELL})),
                         actions=frozenset({"foretell"}))


def test_106_6_foretell_mana_compiles():
    niko = card("Niko Defies Destiny").triggered
    assert [t.trigger.event for t in niko] == ["chapter_1", "chapter_2", "chapter_3"]
    adds = niko[1].effect.steps
    assert [(a.options, a.spend_only) for a in adds] == [
        (("W",), FORETELL_MANA), (("U",), FORETELL_MANA)]
    harbinger = card("Karfell Harbinger").activated[0].effect.spend_only
    assert harbinger == fx.Spend(fx.Filter(types=frozenset({"Instant", "Sorcery"})),
                                 actions=frozenset({"foretell"}))


def _niko_chapter_two(*hand: str) -> tuple:
    """Seat 0's Niko Defies Destiny gets its second lore counter: {W}{U} that may
    only foretell or cast spells with foretell."""
    game = blank()
    saga = game.add_permanent("Niko Defies Destiny", 0, counters={"lore": 1})
    cards = [game.add_card(name, 0) for name in hand]
    game.start_at("upkeep", 0, turn=1)
    pass_until(game, "main1")
    settle(game)
    assert game.battlefield[saga].counters["lore"] == 2
    assert [(sym, spend) for sym, spend, _ in game.restricted_pool[0]] == [
        ("W", FORETELL_MANA), ("U", FORETELL_MANA)]
    return game, cards


def test_106_6_niko_mana_pays_for_foretelling_not_for_other_spells():
    game, (verdict, opt) = _niko_chapter_two("Iron Verdict", "Opt")
    assert not has(game, "cast hand 1 (Opt)")  # a spell without foretell
    act(game, "foretell hand 0 (Iron Verdict)")  # {2}: the restricted {W}{U}
    assert verdict in game.exile[0] and game.restricted_pool[0] == []
    assert game.pool[0] == []


def test_106_6_niko_mana_casts_a_spell_that_has_foretell_from_the_hand():
    game, (verdict,) = _niko_chapter_two("Iron Verdict")
    lands(game, 0, "Plains")
    bears = game.add_permanent("Grizzly Bears", 1, tapped=True)
    game._legal = None
    act(game, "cast hand 0 (Iron Verdict)")  # {2}{W}: {W}{U} and the Plains
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield and game.restricted_pool[0] == []


def test_714_niko_chapters_one_and_three():
    game = blank()
    saga = game.add_permanent("Niko Defies Destiny", 0, counters={"lore": 2})
    game.add_card("Iron Verdict", 0, "graveyard")
    for name in ("Saw It Coming", "Iron Verdict"):
        game.foretell_from_hand(0, game.add_card(name, 0), 0)
    game.start_at("upkeep", 0, turn=1)
    pass_to_decision(game, "target")  # chapter III's target: the graveyard's card
    act(game, "choose card 0 (Iron Verdict in player 0's graveyard)")
    settle(game)
    assert [game.name_of(c) for c in game.hand[0]] == ["Iron Verdict"]
    assert saga not in game.battlefield  # sacrificed after its last chapter
    game2 = blank()
    game2.add_permanent("Niko Defies Destiny", 0, counters={"lore": 0})
    for name in ("Saw It Coming", "Iron Verdict"):
        game2.foretell_from_hand(0, game2.add_card(name, 0), 0)
    game2.start_at("upkeep", 0, turn=1)
    pass_until(game2, "main1")
    settle(game2)  # chapter I: 2 life for each of the two foretold cards
    assert game2.life[0] == 24


def test_106_6_karfell_harbingers_mana_pays_for_foretelling():
    game = blank()
    game.add_permanent("Karfell Harbinger", 0)
    island = lands(game, 0, "Island")[0]
    verdict = game.add_card("Iron Verdict", 0)
    game.start_at("main1", 0, turn=1)
    act(game, "foretell hand 0 (Iron Verdict)")  # {2}: the Harbinger's {U} too
    assert verdict in game.exile[0]
    assert all(perm.tapped for perm in game.battlefield.values())
    assert game.battlefield[island].tapped


# ------------- token copies of a card, "tokens created with it" (707.2, 607.2a)
def test_607_2a_arcane_artisan_compiles():
    artisan = card("Arcane Artisan")
    steps = artisan.activated[0].effect.steps
    assert steps[1] == fx.PutFromHand(1, fx.Ref("it"), destination="exile")
    assert steps[2] == fx.IfMovedWas(fx.Filter(types=frozenset({"Creature"})),
                                     fx.CopyToken(fx.Ref("that_card"), who=fx.Ref("it")))
    leaves = artisan.triggered[0]
    assert leaves.trigger == fx.Trigger("leaves", fx.Ref("self"))
    assert leaves.effect == fx.Delayed("next_end_step",
                                       fx.Exile(fx.Ref("created_with_this")))


def _artisan(target: int, top: str) -> tuple:
    """Seat 0 activates Arcane Artisan targeting seat ``target`` (relative), whose
    library has ``top`` on top; that player draws it and exiles it from their hand."""
    game = blank()
    artisan = game.add_permanent("Arcane Artisan", 0)
    lands(game, 0, "Island", "Island", "Island")
    q = target
    drawn = game.add_card(top, q, "library")
    game.start_at("main1", 0)
    act(game, "Arcane Artisan")
    game.apply_action(A.player(target))
    settle(game)
    assert game.decision["kind"] == "bottom" and game.decision["player"] == q
    act(game, f"({top})")  # the player chooses the card to exile
    settle(game)
    assert drawn in game.exile[q]
    return game, artisan, drawn


def test_707_2_arcane_artisan_makes_a_token_copy_of_the_exiled_creature_card():
    game, _, drawn = _artisan(0, "Grizzly Bears")
    (token,) = on_battlefield(game, "Grizzly Bears")
    assert game.card_token[game.battlefield[token].card]
    assert game.battlefield[token].controller == 0
    assert game.chars(token)[:2] == (2, 2)
    assert drawn in game.exile[0]  # (the card stays in exile)


def test_707_2_arcane_artisan_makes_no_token_for_a_noncreature_card():
    game, _, _ = _artisan(0, "Opt")
    assert not any(game.card_token[perm.card] for perm in game.battlefield.values())


def test_607_2a_tokens_created_with_the_artisan_are_exiled_after_it_leaves():
    game, artisan, _ = _artisan(1, "Grizzly Bears")  # the opponent's token
    (token,) = on_battlefield(game, "Grizzly Bears")
    assert game.battlefield[token].controller == 1
    other = game.create_token(fx.TokenSpec("Spirit Token", ("Creature",), ("Spirit",),
                                           ("W",), 1, 1), 1)
    game.add_card("Lightning Bolt", 0)
    lands(game, 0, "Mountain")
    game._legal = None
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, artisan)
    settle(game)  # the Bolt, then the Artisan's leaves ability: a delayed one
    assert artisan not in game.battlefield and token in game.battlefield
    pass_until(game, "end")
    settle(game)
    assert token not in game.battlefield  # exiled at the next end step
    assert other in game.battlefield  # (not created with the Artisan)


def test_603_2c_ranar_sees_the_artisan_exile_a_card_from_your_hand():
    game = blank()
    game.add_permanent("Ranar the Ever-Watchful", 0)
    game.add_permanent("Arcane Artisan", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.add_card("Opt", 0, "library")
    game.start_at("main1", 0)
    act(game, "Arcane Artisan")
    game.apply_action(A.player(0))
    settle(game)
    act(game, "(Opt)")
    settle(game)
    assert len(on_battlefield(game, "Spirit Token")) == 1


# ---------------- the same templates on other cards (no card is quoted here)
def test_701_an_opponent_chooses_the_card_it_exiles_from_its_hand():
    game = blank()
    game.add_card("Skullcap Snail", 0)
    lands(game, 0, "Swamp", "Swamp")
    kept = game.add_card("Grizzly Bears", 1)
    gone = game.add_card("Opt", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Skullcap Snail)")
    settle(game)  # the creature, then its enters ability (its target: the opponent)
    if game.decision["kind"] == "target":
        game.apply_action(A.player(1))
        settle(game)
    assert game.decision["kind"] == "bottom" and game.decision["player"] == 1
    act(game, "(Opt)")
    settle(game)
    assert gone in game.exile[1] and kept in game.hand[1]


def test_608_2c_a_creature_card_exiled_this_way_from_a_graveyard_makes_a_pest():
    game = blank()
    game.add_permanent("Feral Appetite", 0)
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    game.add_card("Grizzly Bears", 1, "graveyard")
    game.add_card("Island", 1, "graveyard")
    game.start_at("main1", 0)
    act(game, "Feral Appetite")
    act(game, "(Island")
    settle(game)
    assert on_battlefield(game, "Pest Token") == []  # a land card: no token
    act(game, "Feral Appetite")
    act(game, "(Grizzly Bears")
    settle(game)
    assert len(on_battlefield(game, "Pest Token")) == 1


def test_611_3a_ezio_is_an_assassin_with_first_strike_with_two_counters():
    game = blank()
    ezio = game.add_permanent("Ezio, Brash Novice", 0)
    game.start_at("main1", 0)
    game.put_counters(ezio, "+1/+1", 1)
    assert "Assassin" not in game.pdef(ezio).subtypes
    game.put_counters(ezio, "+1/+1", 1)
    assert "Assassin" in game.pdef(ezio).subtypes
    assert "first strike" in game.keywords(ezio)


def test_607_2a_a_copy_of_the_artisan_remembers_the_tokens_it_created():
    game = blank()
    original = game.add_permanent("Arcane Artisan", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.start_at("main1", 0)
    copy = game.create_token_copy(original, 0, fx.CopyExtras())
    game.battlefield[copy].sick = False
    game.move_permanents([original], "exile")  # (only the copy is left to activate)
    settle(game)
    game.add_card("Grizzly Bears", 0, "library")
    game._legal = None
    act(game, "Arcane Artisan")
    game.apply_action(A.player(0))
    settle(game)
    act(game, "(Grizzly Bears)")
    settle(game)
    (token,) = on_battlefield(game, "Grizzly Bears")
    assert game.tokens_created_with(copy) == [token]


def test_603_2c_suspending_a_card_exiles_it_from_your_hand():
    game = blank()
    hero = game.add_permanent("Hero of Bretagard", 0)
    game.add_card("Rift Bolt", 0)
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    act(game, "suspend hand 0 (Rift Bolt)")  # a special action: from the hand
    settle(game)
    assert game.battlefield[hero].counters == {"+1/+1": 1}


def test_603_2c_an_opponents_card_exiled_from_its_hand_is_not_yours():
    game = blank()
    game.add_permanent("Ranar the Ever-Watchful", 0)
    game.add_card("Rift Bolt", 1)
    lands(game, 1, "Mountain")
    game.start_at("main1", 1, turn=2)
    act(game, "suspend hand 0 (Rift Bolt)")
    settle(game)
    assert on_battlefield(game, "Spirit Token") == []
