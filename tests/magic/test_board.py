"""Scripted positions for permanents' and combat's rules that complete published decks
(issue 30): a permanent exiling itself and returning (400.7, 603.7), ... Each names
real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    blank,
    has,
    lands,
    pass_until,
    settle,
    target_perm,
)


def on_battlefield(game: MagicGame, name: str) -> list[int]:
    return [pid for pid, perm in game.battlefield.items()
            if game.name_of(perm.card) == name]


def test_own_exile_compiles_for_a_permanent():
    """"exile this" in a permanent's ability is the permanent's exile; the next
    sentence's "it" is that card (400.7)."""
    pool = compiled_pool().supported
    for name in ("Aetherling", "Argent Sphinx", "Anurid Brushhopper", "Fleeting Spirit",
                 "Ghost Council of Orzhova", "Nezahal, Primal Tide", "Ojutai Exemplars",
                 "Djinn of the Fountain", "Aethergeode Miner", "Flickering Spirit"):
        assert name in pool, name
    first = pool["Aetherling"].activated[0].effect
    assert first.steps[0] == fx.Exile(fx.Ref("self"))
    assert first.steps[1] == fx.Delayed("next_end_step", fx.MoveCards(
        fx.Ref("that_card"), "battlefield", "owner"))


def test_603_7_aetherling_exiles_itself_and_returns_at_the_next_end_step():
    """Aetherling's first ability exiles it (dodging removal); the delayed ability
    returns it at the beginning of the next end step as a new object (400.7) without
    its pump; its other abilities make it unblockable and trade power for toughness."""
    game = blank()
    ling = game.add_permanent("Aetherling", 0)
    lands(game, 0, "Island", "Island", "Island", "Island")
    game.start_at("main1", 0)
    act(game, "(Aetherling) ability 2")
    settle(game)
    assert game.chars(ling)[:2] == (5, 4)
    act(game, "(Aetherling) ability 0")
    settle(game)
    assert ling not in game.battlefield
    assert [game.name_of(c) for c in game.exile[0]] == ["Aetherling"]
    pass_until(game, "end")
    settle(game)
    back = on_battlefield(game, "Aetherling")
    assert len(back) == 1 and back[0] != ling and game.exile[0] == []
    assert game.battlefield[back[0]].controller == 0
    assert game.chars(back[0])[:2] == (4, 5)


def test_tap_or_untap_compiles():
    """701.26: "[you may] tap or untap <one permanent>" is one optional change."""
    pool = compiled_pool().supported
    for name in ("Pestermite", "Vedalken Anatomist", "Twiddle", "Twitch",
                 "Tidal Force", "Mind Over Matter", "Retreat to Coralhelm",
                 "Puppet Strings", "Thassa's Ire", "Telekinetic Bonds"):
        assert name in pool, name
    anatomist = pool["Vedalken Anatomist"].activated[0].effect
    assert anatomist.steps[1] == fx.MayDo(fx.TapOrUntap(fx.Ref("it"), toggle=True))


def test_701_26_pestermite_taps_an_untapped_permanent():
    """Pestermite's enters trigger taps the opponent's untapped Serra Angel (yes)."""
    game = blank()
    game.add_card("Pestermite", 0)
    lands(game, 0, "Island", "Island", "Island")
    angel = game.add_permanent("Serra Angel", 1)
    game.start_at("main1", 0)
    act(game, "Pestermite")
    settle(game)
    if game.decision["kind"] == "target":
        target_perm(game, angel)
    while game.decision["kind"] != "priority" or game.stack:
        if game.decision["kind"] == "yesno":
            game.apply_action(A.YES)
        else:
            game.apply_action(A.PASS)
    assert game.battlefield[angel].tapped


def test_701_26_vedalken_anatomist_untaps_that_creature():
    """Vedalken Anatomist's "you may tap or untap that creature": said yes to, it
    untaps the tapped creature it put a -1/-1 counter on; said no, it stays."""
    for answer in (A.YES, A.NO):
        game = blank()
        anatomist = game.add_permanent("Vedalken Anatomist", 0)
        lands(game, 0, "Island", "Island", "Island")
        angel = game.add_permanent("Serra Angel", 0, tapped=True)
        game.start_at("main1", 0)
        act(game, "(Vedalken Anatomist) ability 0")
        if game.decision["kind"] == "target":
            target_perm(game, angel)
        game.apply_action(A.PASS)
        game.apply_action(A.PASS)
        assert game.decision["kind"] == "yesno"
        game.apply_action(answer)
        settle(game)
        assert game.battlefield[anatomist].tapped
        assert game.battlefield[angel].counters == {"-1/-1": 1}
        assert game.battlefield[angel].tapped == (answer == A.NO)


def test_keyword_of_your_choice_compiles():
    pool = compiled_pool().supported
    for name in ("Butcher of the Horde", "Golem Artisan", "Lunar Avenger",
                 "Assassin Initiate", "Shifting Ceratops", "Orcish Medicine"):
        assert name in pool, name
    assert pool["Butcher of the Horde"].activated[0].effect.keyword_choice == (
        "vigilance", "lifelink", "haste")


def test_702_butcher_of_the_horde_gains_the_keyword_chosen_as_it_resolves():
    """"Sacrifice another creature: this gains your choice of vigilance, lifelink, or
    haste until end of turn": the keyword is chosen as the ability resolves; only
    that one is gained, until end of turn (514.2)."""
    game = blank()
    butcher = game.add_permanent("Butcher of the Horde", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "(Butcher of the Horde)")
    game.apply_action(game.legal_actions()[0])  # the creature to sacrifice
    settle(game)
    assert game.decision["kind"] == "choose"
    assert game.decision["options"] == ["vigilance", "lifelink", "haste"]
    game.apply_action(A.mode(1))
    keywords = game.chars(butcher)[2]
    assert "lifelink" in keywords and "haste" not in keywords
    assert "vigilance" not in keywords
    pass_until(game, "upkeep")
    assert "lifelink" not in game.chars(butcher)[2]


def test_ground_seal_compiles():
    pool = compiled_pool().supported
    for name in ("Ground Seal",):
        assert name in pool, name
    assert fx.PlayerRule("graveyard_untargetable", "players") in pool[
        "Ground Seal"].statics


def test_115_ground_seal_leaves_no_graveyard_card_to_target():
    """"Cards in graveyards can't be the targets of spells or abilities": with Ground
    Seal out, Raise Dead has no legal target and can't be cast (601.2c); gone, it
    can."""
    for sealed in (True, False):
        game = blank()
        if sealed:
            game.add_permanent("Ground Seal", 1)
        game.add_card("Grizzly Bears", 0, "graveyard")
        game.add_card("Raise Dead", 0)
        lands(game, 0, "Swamp")
        game.start_at("main1", 0)
        assert has(game, "Raise Dead") != sealed
