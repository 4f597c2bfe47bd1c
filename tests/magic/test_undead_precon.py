"""Scripted positions for the mechanisms the rest of the Undead Unleashed precon needs
(issue 30), each on real cards of the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import (
    act,
    blank,
    finish_blocks,
    has,
    lands,
    names,
    pass_to_decision,
    pass_until,
    settle,
    to_blocks,
)
from magic.test_undead_unleashed import on_battlefield


# ------------------------- 611.3a "<A>s you control and other <B>s you control get"
def test_death_baron_pumps_skeletons_and_other_zombies_once():
    """Death Baron: a Skeleton and another Zombie get +1/+1 and deathtouch, the
    Baron itself (a Zombie, not a Skeleton) does not, nor the opponent's Zombie."""
    game = blank()
    baron = game.add_permanent("Death Baron", 0)
    skeleton = game.add_permanent("Drudge Skeletons", 0)
    corpse = game.add_permanent("Walking Corpse", 0)
    theirs = game.add_permanent("Walking Corpse", 1)
    game.start_at("main1", 0)
    assert game.chars(skeleton)[:2] == (2, 2)
    assert game.chars(corpse)[:2] == (3, 3)
    assert game.chars(baron)[:2] == (2, 2)
    assert game.chars(theirs)[:2] == (2, 2)
    assert "deathtouch" in game.keywords(skeleton)
    assert "deathtouch" not in game.keywords(baron)
    anthem = compiled_pool().supported["Death Baron"].statics[0]
    assert anthem.affected.subtypes == {"Skeleton", "Zombie"}


# ------------------------- 701.17a "for each creature card put into a graveyard this way"
def test_dread_summons_makes_a_tapped_zombie_per_creature_card_milled():
    """Dread Summons, X = 2: each player mills two; three of the four milled cards are
    creature cards (two of seat 1's, one of seat 0's): three tapped Zombies."""
    game = blank()
    lands(game, 0, *["Swamp"] * 4)
    game.set_library(0, ["Grizzly Bears", "Island", "Island"])
    game.set_library(1, ["Walking Corpse", "Grizzly Bears", "Island"])
    game.add_card("Dread Summons", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    act(game, "X = 2")
    settle(game)
    assert len(game.graveyard[0]) == 3 and len(game.graveyard[1]) == 2
    tokens = on_battlefield(game, "Zombie Token")
    assert len(tokens) == 3 and all(game.battlefield[t].tapped for t in tokens)
    count = compiled_pool().supported["Dread Summons"].spell.effect.steps[1].count
    assert count == fx.Count("graveyard_this_way", fx.Filter(types=frozenset({"Creature"})))


# ------------------ 205.1b, 105.3 "is a black Zombie in addition to its other colors and types"
def test_liliana_returns_a_creature_that_is_a_black_zombie_too():
    """Liliana, Death's Majesty's -3 returns Grizzly Bears: a green and black Bear
    Zombie (a Zombie Death Baron then pumps)."""
    game = blank()
    liliana = game.add_permanent("Liliana, Death's Majesty", 0, counters={"loyalty": 5})
    game.add_permanent("Death Baron", 0)
    game.add_card("Grizzly Bears", 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "(Liliana, Death's Majesty) ability 1")
    act(game, "choose card 0 (Grizzly Bears")
    settle(game)
    (bears,) = on_battlefield(game, "Grizzly Bears")
    d = game.pdef(bears)
    assert set(d.colours) == {"G", "B"} and set(d.subtypes) == {"Bear", "Zombie"}
    assert game.chars(bears)[:2] == (3, 3)
    assert game.battlefield[liliana].counters["loyalty"] == 2


# -------------- 602.5b "activate only during your turn and only if there are at least
# three Zombie creature cards in your graveyard"; a card returned at random
def test_tomb_tyrant_returns_a_zombie_card_at_random_once_three_are_there():
    """Tomb Tyrant with two Zombie cards (and a Bear card) in the graveyard: its
    ability is not offered; with a third it is, and it returns one of the three
    Zombie cards (never the Bear) under its controller's control."""
    game = blank()
    lands(game, 0, *["Swamp"] * 3)
    game.add_permanent("Tomb Tyrant", 0)
    game.add_permanent("Grizzly Bears", 0)
    for name in ("Walking Corpse", "Gravedigger", "Grizzly Bears"):
        game.add_card(name, 0, "graveyard")
    game.start_at("main1", 0)
    assert not has(game, "(Tomb Tyrant) ability")
    game.add_card("Death Baron", 0, "graveyard")
    game._legal = None
    act(game, "(Tomb Tyrant) ability")
    act(game, "(Grizzly Bears)")
    settle(game)
    returned = [pid for pid, perm in game.battlefield.items()
                if game.name_of(perm.card) in ("Walking Corpse", "Gravedigger",
                                               "Death Baron")]
    assert len(returned) == 1 and game.battlefield[returned[0]].controller == 0
    names = [game.name_of(c) for c in game.graveyard[0]]
    assert names.count("Grizzly Bears") == 2 and len(names) == 4


# ------------ 701.21a "whenever you sacrifice another creature, exile it. if that
# creature was a token, ..."; 607.2a "each card exiled with it"
def test_prowling_geistcatcher_exiles_what_is_sacrificed_and_returns_it():
    """Prowling Geistcatcher: a sacrificed Grizzly Bears card is exiled (no counter),
    a sacrificed Zombie token gives a +1/+1 counter (as it last existed, 608.2h);
    when the Geistcatcher leaves, the Bears returns under its controller's control."""
    game = blank()
    catcher = game.add_permanent("Prowling Geistcatcher", 0)
    game.add_permanent("Bloodthrone Vampire", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.create_token(fx.TokenSpec("Zombie Token", ("Creature",), ("Zombie",), ("B",),
                                   2, 2), 0)
    game.start_at("main1", 0)
    act(game, "(Bloodthrone Vampire) ability")
    act(game, "(Grizzly Bears)")
    settle(game)
    assert [game.name_of(c) for c in game.exile[0]] == ["Grizzly Bears"]
    assert not game.battlefield[catcher].counters.get("+1/+1")
    act(game, "(Bloodthrone Vampire) ability")
    act(game, "(Zombie Token)")
    settle(game)
    assert game.battlefield[catcher].counters.get("+1/+1") == 1
    game.destroy([catcher])
    settle(game)
    (bears,) = on_battlefield(game, "Grizzly Bears")
    assert game.battlefield[bears].controller == 0 and not game.exile[0]


# ----- 601.3 "once during each of your turns, you may cast a Zombie creature spell
# from your graveyard"
def test_gisa_and_geralf_cast_one_zombie_from_the_graveyard_each_turn():
    """Gisa and Geralf: on its controller's turn a Zombie creature card in the
    graveyard may be cast (a Bear card may not), once: the second Zombie card is not
    offered after the first was cast; not during an opponent's turn either."""
    game = blank()
    lands(game, 0, *["Swamp"] * 6)
    game.add_permanent("Gisa and Geralf", 0)
    for name in ("Walking Corpse", "Walking Corpse", "Grizzly Bears"):
        game.add_card(name, 0, "graveyard")
    game.start_at("main1", 0)
    offered = [n for n in names(game) if "from the graveyard" in n]
    assert len(offered) == 2 and all("Walking Corpse" in n for n in offered)
    act(game, "cast graveyard 0 (Walking Corpse)")
    settle(game)
    assert len(on_battlefield(game, "Walking Corpse")) == 1
    assert not any("from the graveyard" in n for n in names(game))
    while game.active != 1 or game.step != "main1":
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert not game.zone_slots(0)  # (not during an opponent's turn)
    while game.active != 0 or game.step != "main1":
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert any("from the graveyard" in n for n in names(game))


# ------------ 115.1, 608.2h "where x is the number of creature cards in target player's
# graveyard"
def test_corpse_augur_counts_the_creature_cards_of_the_targeted_graveyard():
    """Corpse Augur dies targeting seat 1, whose graveyard holds two creature cards
    and a land: seat 0 draws two cards and loses 2 life."""
    game = blank()
    augur = game.add_permanent("Corpse Augur", 0)
    for name in ("Grizzly Bears", "Walking Corpse", "Swamp"):
        game.add_card(name, 1, "graveyard")
    game.start_at("main1", 0)
    game.destroy([augur])
    pass_to_decision(game, "target")
    act(game, "player 1")
    settle(game)
    assert len(game.hand[0]) == 2 and game.life[0] == 18


# ------------- 701.20a "reveals cards from the top of their library until they reveal a
# creature card. put that card onto the battlefield under your control. ... the rest"
def test_curse_of_unbinding_steals_the_first_creature_card_revealed():
    """Curse of Unbinding on seat 1: at seat 1's upkeep it reveals Island, Swamp,
    then Grizzly Bears: the Bears enters under seat 0's control, the two lands go to
    seat 1's graveyard, the card under them stays."""
    game = blank()
    lands(game, 0, *["Island"] * 7)
    game.add_card("Curse of Unbinding", 0)
    game.set_library(1, ["Island", "Swamp", "Grizzly Bears", "Forest", "Forest"])
    game.start_at("main1", 0)
    act(game, "Curse of Unbinding")
    act(game, "player 1")
    settle(game)
    game.start_at("upkeep", 1, turn=3)
    pass_to_decision(game, "priority")
    settle(game)
    (bears,) = on_battlefield(game, "Grizzly Bears")
    assert game.battlefield[bears].controller == 0
    assert sorted(game.name_of(c) for c in game.graveyard[1]) == ["Island", "Swamp"]
    assert [game.name_of(c) for c in game.library[1]] == ["Forest", "Forest"]


# ----------------- 701.21a, 701.20a "sacrifice x zombies, then reveal cards ... until you
# reveal a number of zombie creature cards equal to the number sacrificed this way"
def test_empty_the_laboratory_trades_sacrificed_zombies_for_revealed_ones():
    """Empty the Laboratory, X = 2, with two Zombies: both are sacrificed; the library
    is revealed down to its second Zombie creature card (Diregraf Ghoul, Swamp,
    Gravedigger): both Zombies enter, the Swamp goes to the bottom."""
    game = blank()
    lands(game, 0, *["Island"] * 4)
    game.add_permanent("Walking Corpse", 0)
    game.add_permanent("Walking Corpse", 0)
    game.set_library(0, ["Diregraf Ghoul", "Swamp", "Gravedigger", "Forest", "Forest"])
    game.add_card("Empty the Laboratory", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    act(game, "X = 2")
    settle(game)
    assert not on_battlefield(game, "Walking Corpse")
    assert len(game.graveyard[0]) == 3  # (the two Zombies and the sorcery)
    assert on_battlefield(game, "Diregraf Ghoul") and on_battlefield(game, "Gravedigger")
    assert [game.name_of(c) for c in game.library[0]] == ["Swamp", "Forest", "Forest"]


# ------------------- 707.2 "create two tokens that are copies of the sacrificed creature"
def test_cleaver_skaab_copies_the_zombie_sacrificed_for_its_cost():
    """Cleaver Skaab sacrificing Walking Corpse (with a +1/+1 counter, not copied):
    two token Walking Corpses, 2/2 each."""
    game = blank()
    lands(game, 0, *["Swamp"] * 3)
    game.add_permanent("Cleaver Skaab", 0)
    game.add_permanent("Walking Corpse", 0, counters={"+1/+1": 1})
    game.start_at("main1", 0)
    act(game, "(Cleaver Skaab) ability")
    act(game, "(Walking Corpse)")
    settle(game)
    copies = on_battlefield(game, "Walking Corpse")
    assert len(copies) == 2 and all(game.card_token[game.battlefield[c].card]
                                    and game.chars(c)[:2] == (2, 2) for c in copies)
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Walking Corpse"]


# --------- 118.9 "you may pay {0} rather than pay the mana cost for Zombie creature
# spells you cast"
def test_rooftop_storm_lets_zombie_spells_be_cast_for_nothing():
    """Rooftop Storm with no lands: Walking Corpse (a Zombie) is cast for {0},
    Grizzly Bears is not castable; with a Swamp and a Forest untapped, casting a
    second Corpse asks which cost, and the alternative one leaves the lands
    untapped."""
    game = blank()
    game.add_permanent("Rooftop Storm", 0)
    game.add_card("Walking Corpse", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    assert not has(game, "(Grizzly Bears)")
    act(game, "(Walking Corpse)")
    settle(game)
    assert len(on_battlefield(game, "Walking Corpse")) == 1
    swamp, forest = lands(game, 0, "Swamp", "Forest")
    game.add_card("Walking Corpse", 0)
    game._legal = None
    act(game, "(Walking Corpse)")
    act(game, "pay alternative cost")
    settle(game)
    assert len(on_battlefield(game, "Walking Corpse")) == 2
    assert not game.battlefield[swamp].tapped and not game.battlefield[forest].tapped


def first(game, text: str) -> None:
    """Apply the first legal action whose name contains ``text``."""
    game.apply_action(next(a for n, a in names(game).items() if text in n))


# ------------ 701.21a, 603.12 "you may sacrifice up to three Zombies. When you sacrifice
# one or more Zombies this way, each opponent sacrifices that many creatures"
def test_ravenous_rotbelly_makes_each_opponent_sacrifice_as_many():
    """Ravenous Rotbelly enters: its controller sacrifices two of three Zombies, then
    stops; the reflexive ability makes seat 1 sacrifice two of its three creatures.
    Sacrificing none makes it not trigger."""
    game = blank()
    lands(game, 0, *["Swamp"] * 6)
    for _ in range(3):
        game.add_permanent("Walking Corpse", 0)
    for _ in range(3):
        game.add_permanent("Grizzly Bears", 1)
    game.add_card("Ravenous Rotbelly", 0)
    game.start_at("main1", 0)
    act(game, "(Ravenous Rotbelly)")
    pass_to_decision(game, "yesno")
    act(game, "yes")
    for _ in range(2):  # (the Rotbelly, a Zombie too, might be one of them)
        first(game, "(Walking Corpse)")
    act(game, "done")
    pass_to_decision(game, "sacrifice")
    assert game.decision["player"] == 1
    for _ in range(2):
        first(game, "(Grizzly Bears)")
    settle(game)
    assert len(on_battlefield(game, "Walking Corpse")) == 1
    assert len(on_battlefield(game, "Grizzly Bears")) == 1


def test_ravenous_rotbelly_sacrificing_none_does_not_trigger():
    game = blank()
    lands(game, 0, *["Swamp"] * 6)
    game.add_permanent("Walking Corpse", 0)
    game.add_permanent("Grizzly Bears", 1)
    game.add_card("Ravenous Rotbelly", 0)
    game.start_at("main1", 0)
    act(game, "(Ravenous Rotbelly)")
    pass_to_decision(game, "yesno")
    act(game, "yes")
    act(game, "done")
    settle(game)
    assert on_battlefield(game, "Walking Corpse") and on_battlefield(game, "Grizzly Bears")


# ---------------- 614.1a "if a Zombie you control would deal combat damage to a player,
# instead that player mills that many cards"; "whenever a creature card is put into an
# opponent's graveyard from their library"
def test_undead_alchemist_turns_combat_damage_into_milled_zombies():
    """Walking Corpse attacks seat 1 unblocked beside Undead Alchemist: seat 1 loses no
    life and mills two cards (Grizzly Bears, Island); the Bears card is exiled and
    seat 0 makes a Zombie; the Island stays in the graveyard."""
    game = blank()
    game.add_permanent("Undead Alchemist", 0)
    corpse = game.add_permanent("Walking Corpse", 0)
    game.set_library(1, ["Grizzly Bears", "Island", "Island"])
    game.start_at("main1", 0)
    to_blocks(game, corpse)
    finish_blocks(game)
    pass_until(game, "end_of_combat")
    settle(game)
    assert game.life[1] == 20
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Island"]
    assert [game.name_of(c) for c in game.exile[1]] == ["Grizzly Bears"]
    (token,) = on_battlefield(game, "Zombie Token")
    assert game.battlefield[token].controller == 0
