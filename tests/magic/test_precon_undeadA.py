"""Scripted positions for the refused cards of the Undead Unleashed precon made playable
on branch undeadA: each owner's choice of the top or bottom of their library (401.4,
Aetherspouts, Trip Up). Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import (
    act,
    attack,
    blank,
    lands,
    on_battlefield,
    settle,
    target_perm,
)


# ------------------------------------------------- 401.4 owner's choice: top or bottom
def test_owner_chooses_top_or_bottom_compiles():
    pool = compiled_pool().supported
    spouts = pool["Aetherspouts"].spell.effect
    assert isinstance(spouts, fx.PutOnLibrary) and spouts.owner_chooses
    assert isinstance(spouts.what, fx.Each) and "attacking" in spouts.what.filter.props
    trip = pool["Trip Up"].spell.effect
    assert isinstance(trip, fx.PutOnLibrary) and isinstance(trip.what, fx.Target)


def _spouts_position():
    """Seat 1 attacks seat 0 with Grizzly Bears and Hill Giant (its own) and a Walking
    Corpse it took from seat 0; seat 0 casts Aetherspouts in the declare-attackers
    step. A Scathe Zombies of seat 1 stays home."""
    game = blank(library=3)
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    corpse = game.add_permanent("Walking Corpse", 0)
    home = game.add_permanent("Scathe Zombies", 1)
    game.gain_control(corpse, 1, False)
    game.battlefield[corpse].sick = False
    lands(game, 0, *["Island"] * 5)
    game.add_card("Aetherspouts", 0)
    game.start_at("main1", 1, turn=2)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    for pid in (bears, giant, corpse):
        attack(game, pid)
    game.apply_action(A.DONE)
    game.apply_action(A.PASS)  # seat 1 passes priority in declare attackers
    assert game.decision["player"] == 0
    act(game, "cast hand 0 (Aetherspouts)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    return game, bears, giant, corpse, home


def test_aetherspouts_each_owner_chooses_for_each_attacker_and_orders_them():
    game, bears, giant, corpse, home = _spouts_position()
    cards = {pid: game.battlefield[pid].card for pid in (bears, giant, corpse)}
    # 101.4: the active player (seat 1) chooses first, one creature at a time
    d = game.decision
    assert d["kind"] == "yesno" and d["player"] == 1 and d["to_bottom"] == bears
    act(game, "put Grizzly Bears on top")
    assert game.decision["to_bottom"] == giant and game.decision["player"] == 1
    act(game, "put Hill Giant on top")
    # seat 0 owns the Walking Corpse seat 1 controls: its owner chooses
    assert game.decision["to_bottom"] == corpse and game.decision["player"] == 0
    act(game, "put Walking Corpse on the bottom")
    # 401.4: two cards go on top of seat 1's library at once: its owner orders them
    assert game.decision["kind"] == "look" and game.decision["player"] == 1
    act(game, "(Grizzly Bears) back on top")  # then Hill Giant above it
    settle(game)
    assert home in game.battlefield
    assert not any(pid in game.battlefield for pid in (bears, giant, corpse))
    assert game.library[1][-2:] == [cards[bears], cards[giant]]
    assert game.library[0][0] == cards[corpse]
    assert len(game.library[0]) == 4 and len(game.library[1]) == 5
    assert not game.attackers


def test_aetherspouts_several_to_the_bottom_are_ordered_by_their_owner():
    game, bears, giant, corpse, _ = _spouts_position()
    cards = {pid: game.battlefield[pid].card for pid in (bears, giant, corpse)}
    act(game, "put Grizzly Bears on the bottom")
    act(game, "put Hill Giant on the bottom")
    act(game, "put Walking Corpse on top")
    assert game.decision["kind"] == "look" and game.decision["player"] == 1
    act(game, "(Hill Giant) on the bottom")  # first to the bottom, then the Bears
    settle(game)
    assert game.library[1][:2] == [cards[bears], cards[giant]]
    assert game.library[0][-1] == cards[corpse]
    assert len(game.library[1]) == 5


def test_trip_up_its_owner_chooses():
    game = blank(library=3)
    giant = game.add_permanent("Hill Giant", 1)
    lands(game, 0, *["Island"] * 4)
    game.add_card("Trip Up", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Trip Up)")
    target_perm(game, giant)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["kind"] == "yesno" and game.decision["player"] == 1
    card = game.battlefield[giant].card
    act(game, "put Hill Giant on the bottom")
    settle(game)
    assert giant not in game.battlefield and game.library[1][0] == card


# ------------------------------------------- 707.9b token copies of cards exiled this way
def test_hour_of_eternity_compiles_with_a_set_creature_type():
    effect = compiled_pool().supported["Hour of Eternity"].spell.effect
    exile, copy = effect.steps
    assert isinstance(exile, fx.MoveCards) and exile.dest == "exile"
    assert exile.what.count == "X"
    assert copy == fx.CopyToken(fx.Ref("that_card"), fx.CopyExtras(
        subtypes=("Zombie",), colours=("B",), power=4, toughness=4, set_subtypes=True))
    # eternalize stays "a Zombie in addition to its other types" (702.129a)
    eternal = compiled_pool().supported["Adorned Pouncer"].activated[0].effect
    assert not eternal.extras.set_subtypes


def test_hour_of_eternity_makes_4_4_black_zombie_copies_of_the_exiled_cards():
    game = blank()
    angel = game.add_card("Serra Angel", 0, "graveyard")
    elves = game.add_card("Llanowar Elves", 0, "graveyard")
    game.add_card("Hill Giant", 0, "graveyard")  # not targeted: stays
    lands(game, 0, *["Island"] * 7)
    game.add_card("Hour of Eternity", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Hour of Eternity)")
    act(game, "X = 2")
    act(game, "(Serra Angel")
    act(game, "(Llanowar Elves")
    settle(game)
    assert angel in game.exile[0] and elves in game.exile[0]
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Hill Giant",
                                                           "Hour of Eternity"]
    tokens = {game.name_of(game.battlefield[pid].card): pid
              for pid in on_battlefield(game, "Serra Angel")
              + on_battlefield(game, "Llanowar Elves")}
    assert set(tokens) == {"Serra Angel", "Llanowar Elves"}
    for pid in tokens.values():
        d = game.pdef(pid)
        assert game.card_token[game.battlefield[pid].card]
        assert d.subtypes == ("Zombie",)  # not an Angel / Elf Druid any more (205.1a)
        assert d.colours == ("B",) and d.types == ("Creature",)
        assert game.chars(pid)[:2] == (4, 4)
    angel_token = game.pdef(tokens["Serra Angel"])
    assert angel_token.mana_value == 5  # it keeps its mana cost
    assert "flying" in game.keywords(tokens["Serra Angel"])
