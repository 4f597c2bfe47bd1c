"""Scripted positions for the start of a game (rules 103.5 and 103.7) and for which
creatures deal damage in the regular combat damage step (rule 702.7c)."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame, new_game
from magic.positions import (
    act,
    attack,
    blank,
    block,
    creature,
    lands,
    pass_until,
    settle,
    target_perm,
)


def draws(game: MagicGame, player: int) -> int:
    return sum(1 for e in game.events if e["type"] == "draw" and e["player"] == player)


# ------------------------------------------------- the first draw (103.7c)
@pytest.mark.parametrize("players, drew", [(2, 0), (3, 1), (4, 1)])
def test_the_starting_player_draws_on_turn_one_only_in_multiplayer(players, drew):
    game = blank(players)
    game.start_at("upkeep", 1, turn=1)
    pass_until(game, "main1")
    assert (game.turn, game.active) == (1, 1)
    assert draws(game, 1) == drew and len(game.hand[1]) == drew


def test_a_new_game_draws_on_turn_one_with_three_players():
    two = new_game(5, starting_player=1, mulligan=False)
    assert two.active == 1 and len(two.hand[1]) == 7 and draws(two, 1) == 0
    three = new_game(5, num_players=3, starting_player=1, mulligan=False)
    assert three.active == 1 and three.step == "main1"
    assert len(three.hand[1]) == 8 and draws(three, 1) == 1


def test_the_second_turn_draws_in_a_two_player_game():
    game = blank(2)
    game.start_at("upkeep", 0, turn=1)
    pass_until(game, "main1")
    assert len(game.hand[0]) == 0
    game.start_at("upkeep", 1, turn=2)
    pass_until(game, "main1")
    assert len(game.hand[1]) == 1


# ------------------------------------------------------ mulligans (103.5)
def _dealt(players: int) -> MagicGame:
    """Libraries of 20 named cards each, dealt from the top (set_library)."""
    game = MagicGame.empty(0, num_players=players)
    for p in range(players):
        game.set_library(p, ["Mountain", "Forest", "Island", "Swamp", "Plains"] * 4)
    return game


def test_mulligan_decisions_go_round_the_table_once_per_round():
    game = _dealt(3)
    game.start_mulligans(1)
    assert [len(h) for h in game.hand] == [7, 7, 7]
    assert [game.name_of(c) for c in game.hand[1][:2]] == ["Mountain", "Forest"]
    order = []
    for choice in (A.MULLIGAN, A.MULLIGAN, A.KEEP):  # seats 1, 2, 0 in turn order
        order.append(game.decision["player"])
        assert game.decision["kind"] == "mulligan"
        game.apply_action(choice)
    assert order == [1, 2, 0]
    # the round is over: seats 1 and 2 took new hands and decide again, in turn order
    assert game.decision == {"kind": "mulligan", "player": 1}
    assert [e["type"] for e in game.events if e["type"] in ("mulligan", "keep")] == [
        "mulligan", "mulligan", "keep"]
    game.apply_action(A.MULLIGAN)  # seat 1's second
    assert game.decision == {"kind": "mulligan", "player": 2}
    game.apply_action(A.KEEP)  # seat 2 kept after one mulligan: free in multiplayer
    assert game.decision == {"kind": "mulligan", "player": 1}
    assert len(game.hand[2]) == 7
    game.apply_action(A.KEEP)  # seat 1 kept after two: one card to the bottom
    assert game.decision == {"kind": "bottom", "player": 1}
    game.apply_action(A.hand(0))
    assert [len(h) for h in game.hand] == [7, 6, 7]
    assert game.mull is None and game.turn == 1 and game.active == 1


def test_a_player_who_keeps_is_not_asked_again():
    game = _dealt(2)
    game.start_mulligans(0)
    game.apply_action(A.KEEP)  # seat 0
    game.apply_action(A.MULLIGAN)  # seat 1
    assert game.decision == {"kind": "mulligan", "player": 1}
    game.apply_action(A.MULLIGAN)
    assert game.decision == {"kind": "mulligan", "player": 1}


def test_the_first_mulligan_costs_a_card_in_a_two_player_game():
    game = _dealt(2)
    game.start_mulligans(0)
    game.apply_action(A.MULLIGAN)
    game.apply_action(A.KEEP)  # seat 1
    assert game.decision == {"kind": "mulligan", "player": 0}
    game.apply_action(A.KEEP)
    assert game.decision == {"kind": "bottom", "player": 0}
    game.apply_action(A.hand(0))
    assert len(game.hand[0]) == 6 and game.turn == 1


@pytest.mark.parametrize("players, kept", [(2, 6), (3, 7), (4, 7)])
def test_the_first_mulligan_is_free_only_in_multiplayer(players, kept):
    game = _dealt(players)
    game.start_mulligans(0)
    game.apply_action(A.MULLIGAN)
    for _ in range(players - 1):
        game.apply_action(A.KEEP)
    assert game.decision == {"kind": "mulligan", "player": 0}
    game.apply_action(A.KEEP)
    if kept < 7:
        game.apply_action(A.hand(0))
    assert game.mull is None and game.decision["kind"] != "bottom"
    assert len(game.hand[0]) == kept


def test_a_mulligan_shuffles_the_hand_back_and_draws_a_new_one():
    game = _dealt(2)
    game.start_mulligans(0)
    game.apply_action(A.MULLIGAN)
    assert len(game.hand[0]) == 7 and len(game.library[0]) == 13
    before = list(game.hand[0])
    game.apply_action(A.KEEP)  # seat 1; the round ends and seat 0 draws anew
    assert len(game.hand[0]) == 7 and len(game.library[0]) == 13
    assert game.hand[0] != before  # (seeded: the new hand differs)


# ------------------------------------------------- first strike (702.7c)
def _precise_strike_position() -> tuple[MagicGame, int, int]:
    """Seat 0 attacks with Grizzly Bears into a 1/3 blocker with first strike; seat 0
    holds Precise Strike and a Mountain."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    guard = game.add_permanent(creature("Test Guard", 1, 3, "first strike"), 1)
    lands(game, 0, "Mountain")
    game.add_card("Precise Strike", 0)
    game.start_at("main1", 0)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    attack(game, bears)
    game.apply_action(A.DONE)
    while game.decision["kind"] != "block":
        game.apply_action(A.PASS)
    block(game, guard, bears)
    game.apply_action(A.DONE)
    return game, bears, guard


def test_gaining_first_strike_after_the_first_strike_step_still_deals_damage():
    game, bears, guard = _precise_strike_position()
    pass_until(game, "first_strike_damage")
    assert game.battlefield[bears].damage == 1  # the guard struck first
    act(game, "Precise Strike")
    target_perm(game, bears)
    settle(game)
    assert "first strike" in game.keywords(bears)
    pass_until(game, "combat_damage")
    # the Bears (3/2 now) did not strike first: they deal damage in this step
    assert guard not in game.battlefield
    hits = [e for e in game.events if e["type"] == "damage" and e["source"] == "Grizzly Bears"]
    assert len(hits) == 1


def test_losing_first_strike_after_striking_does_not_deal_damage_twice():
    # the Captain gives the attacker first strike; it dies after the first strike
    captain = creature("Test Captain", 1, 1, statics=(fx.Anthem(
        fx.Filter(types=frozenset({"Creature"}), controller="you",
                  props=frozenset({"other"})), keywords=("first strike",)),))
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    cap = game.add_permanent(captain, 0)
    lands(game, 1, "Mountain")
    game.add_card("Lightning Bolt", 1)
    game.start_at("main1", 0)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    attack(game, bears)
    game.apply_action(A.DONE)
    pass_until(game, "first_strike_damage")
    assert game.life[1] == 18
    game.apply_action(A.PASS)  # seat 0 passes; seat 1 bolts the Captain
    act(game, "Lightning Bolt")
    target_perm(game, cap)
    settle(game)
    assert cap not in game.battlefield and "first strike" not in game.keywords(bears)
    pass_until(game, "main2")
    assert game.life[1] == 18  # not 16: the Bears dealt their damage already


def test_gaining_double_strike_after_the_first_strike_step_deals_damage_again():
    # a first striker that gains double strike after striking deals damage again
    # (702.4d); the record of 702.7c does not stop it
    game = blank()
    striker = game.add_permanent(creature("Test Striker", 2, 2, "first strike"), 0)
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Uncaged Fury", 0)
    game.start_at("main1", 0)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    attack(game, striker)
    game.apply_action(A.DONE)
    pass_until(game, "first_strike_damage")
    assert game.life[1] == 18
    act(game, "Uncaged Fury")
    target_perm(game, striker)
    settle(game)
    pass_until(game, "main2")
    assert game.life[1] == 15  # 2, then 3 from the 3/3 double striker
