"""Optional actions taken on resolution and what hangs on them (rule 608.2d):
"you may pay {1}. if you do, ...", "you may discard a card. if you do, ...", "you may
sacrifice ... if you do, ...", and payments on resolution ("you may pay 2 life. when you
do, ..."). A player who can't take the action (rule 118.3: no paying without the means;
119.4: no more life than one has; no card to discard) is not asked, so what "if you do"
guards happens exactly when the player said yes and did it."""

from __future__ import annotations

import dataclasses

import pytest

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import Unsupported, compiled_pool
from labyrinth_gym.envs.magic.engine.resolve import unresolvable
from labyrinth_gym.envs.magic.engine.text.core import effect
from magic.compiled import card, cost
from magic.positions import act, blank, lands, settle, target_perm


# ------------------------------------------------------------------ compiling
def test_if_you_do_compiles_to_a_guarded_optional_step():
    soul_net = card("Soul Net").triggered[0]
    assert soul_net.optional
    assert soul_net.effect == fx.IfYouDo((fx.PayCost(cost("{1}")), fx.GainLife(1)))
    troll = card("Harvester Troll").triggered[0]
    assert isinstance(troll.effect, fx.IfYouDo)
    assert isinstance(troll.effect.steps[0], fx.Sacrifice)
    tweeze = card("Tweeze").spell.effect
    assert tweeze.steps[-1] == fx.MayDo(fx.IfYouDo((fx.Discard(1), fx.Draw(1))))
    edifice = card("Ambulatory Edifice").triggered[0]
    assert edifice.effect.steps[0] == fx.MayDo(fx.PayCost(life=2))
    assert isinstance(edifice.effect.steps[1], fx.WhenYouDo)


def test_if_you_do_is_refused_where_it_cannot_be_played_faithfully():
    # after something other than an optional action, or followed by more sentences
    # that may still hang on the action
    for text in ("draw a card. if you do, you gain 1 life.",
                 "you may mill a card. if you do, you gain 1 life.",
                 "you may pay {1}. if you do, draw a card. you gain 1 life."):
        with pytest.raises(Unsupported):
            effect(text)


def test_a_payment_on_its_own_is_not_played():
    """A bare "pay {1}" (no "you may") is refused by the engine's check, not played
    as a payment nobody can refuse."""
    d = card("Soul Net")
    bare = fx.TriggeredAbility(d.triggered[0].trigger, fx.PayCost(cost("{1}")))
    assert any("PayCost" in why for why in unresolvable(
        dataclasses.replace(d, triggered=(bare,))))


def test_the_mechanism_unlocks_real_cards():
    pool = compiled_pool().supported
    for name in ("Soul Net", "Mentor of the Meek", "Kalastria Highborn", "Tweeze",
                 "Harvester Troll", "Merfolk Seer", "Ambulatory Edifice",
                 "Witherbloom Charm", "Brass Man"):
        assert name in pool, name


# ------------------------------------------------------------------ playing
def soul_net_game(untapped_lands: int):
    """Soul Net and an untapped Island for player 0; a Grizzly Bears about to die."""
    game = blank()
    game.add_permanent("Soul Net", 0)
    land = lands(game, 0, *["Island"] * untapped_lands)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Shock", 0)
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Shock)")
    target_perm(game, bears)
    settle(game)  # Shock resolves, the Bears die, Soul Net triggers and resolves
    return game, land


def test_608_2d_paid_then_the_guarded_effect_happens():
    game, land = soul_net_game(1)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    assert game.life[0] == 21
    assert game.battlefield[land[0]].tapped  # {1} was paid
    assert "pays_cost" in [e["type"] for e in game.events]


def test_608_2d_declined_nothing_is_paid_nor_gained():
    game, land = soul_net_game(1)
    game.apply_action(A.NO)
    assert game.life[0] == 20 and not game.battlefield[land[0]].tapped


def test_118_3_a_player_who_cannot_pay_is_not_asked():
    game, _ = soul_net_game(0)  # the Mountain paid for Shock: no mana left
    assert game.decision["kind"] == "priority" and not game.stack
    assert game.life[0] == 20


def test_119_4_no_paying_more_life_than_one_has():
    for life, asked in ((2, True), (1, False)):
        game = blank()
        game.add_card("Ambulatory Edifice", 0)
        lands(game, 0, *["Swamp"] * 3)
        bears = game.add_permanent("Grizzly Bears", 1)
        game.life[0] = life
        game.start_at("main1", 0)
        act(game, "cast hand 0 (Ambulatory Edifice)")
        settle(game)
        assert (game.decision["kind"] == "yesno") == asked
        if asked:
            game.apply_action(A.YES)  # pays 2 life; "when you do" triggers
            assert game.life[0] == 0 or game.winner is not None or game.lost[0]
        else:
            assert game.life[0] == 1 and bears in game.battlefield


def test_608_2d_discard_then_draw_only_with_a_card_to_discard():
    for hand in (["Island"], []):
        game = blank()
        for name in hand:
            game.add_card(name, 0)
        game.add_card("Tweeze", 0)
        lands(game, 0, *["Mountain"] * 3)
        game.start_at("main1", 0)
        act(game, "cast hand")  # Tweeze is the one castable card
        game.apply_action(A.player(1))
        settle(game)
        assert game.life[1] == 17
        if hand:
            assert game.decision["kind"] == "yesno"
            game.apply_action(A.YES)
            assert game.decision["kind"] == "discard"
            game.apply_action(game.legal_actions()[0])
            assert [game.name_of(c) for c in game.graveyard[0]] == ["Island", "Tweeze"]
            assert len(game.hand[0]) == 1  # drew one for the one discarded
        else:
            # no card to discard: not asked, no card drawn
            assert game.decision["kind"] == "priority" and game.hand[0] == []


def test_608_2d_sacrifice_then_counters():
    game = blank()
    game.add_card("Harvester Troll", 0)
    lands(game, 0, *["Forest"] * 4)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Harvester Troll)")
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    # a creature or land to sacrifice: the Troll itself or one of the Forests
    assert game.decision["kind"] == "sacrifice"
    forest = next(pid for pid in game.decision["options"]
                  if game.name_of(game.battlefield[pid].card) == "Forest")
    game.apply_action(A.permanent(game.battlefield[forest].slot))
    troll = next(pid for pid, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Harvester Troll")
    assert game.battlefield[troll].counters.get("+1/+1") == 2
    assert forest not in game.battlefield


# ------------------------------------------------------------ "unless you pay"
def upkeep_of(forces_mana: int):
    """Phantasmal Forces ("at the beginning of your upkeep, sacrifice this creature
    unless you pay {U}") with ``forces_mana`` untapped Islands, at its upkeep."""
    game = blank()
    forces = game.add_permanent("Phantasmal Forces", 0)
    islands = lands(game, 0, *["Island"] * forces_mana)
    game.start_at("upkeep", 0)
    settle(game)
    return game, forces, islands


def test_unless_compiles():
    forces = card("Phantasmal Forces").triggered[0]
    assert isinstance(forces.effect, fx.Unless)
    assert forces.effect.cost == fx.PayCost(cost("{U}"))
    assert isinstance(card("Force of Nature").triggered[0].effect.effect, fx.DealDamage)


def test_118_12_paid_the_effect_does_not_happen():
    game, forces, islands = upkeep_of(1)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    assert forces in game.battlefield and game.battlefield[islands[0]].tapped


def test_118_12_not_paid_the_effect_happens():
    game, forces, islands = upkeep_of(1)
    game.apply_action(A.NO)
    assert forces not in game.battlefield and not game.battlefield[islands[0]].tapped


def test_118_12_a_player_who_cannot_pay_is_not_asked_and_the_effect_happens():
    game, forces, _ = upkeep_of(0)
    assert forces not in game.battlefield
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Phantasmal Forces"]


def test_608_2d_loot_discards_only_after_a_card_was_drawn():
    """Riddlesmith: "you may draw a card. if you do, discard a card"; from an empty
    library nothing is drawn, so nothing is discarded."""
    for library in (3, 0):
        game = blank(library=library)
        game.add_permanent("Riddlesmith", 0)
        game.add_card("Ornithopter", 0)
        game.add_card("Island", 0)
        game.start_at("main1", 0)
        act(game, "Ornithopter")
        settle(game)
        assert game.decision["kind"] == "yesno"
        game.apply_action(A.YES)
        if library:
            assert game.decision["kind"] == "discard"
            game.apply_action(game.legal_actions()[0])
            assert len(game.hand[0]) == 1 and len(game.graveyard[0]) == 1
        else:
            assert game.hand[0] and game.graveyard[0] == []  # the Island stays
