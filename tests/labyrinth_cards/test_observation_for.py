"""``observation_for(seat)``: the JSON view of one seat, for front ends and the server.

Over many random games and every seat: ``json.dumps`` takes it as it is; no card of
another seat's hand or of the deck appears in it (by id, anywhere); it is the same for
the true game and for two determinizations of that seat (which reshuffle exactly what
the seat cannot see); its table, hand, counts and legal actions match the engine.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from labyrinth_gym.envs.labyrinth_cards.engine.game import new_game
from labyrinth_gym.envs.labyrinth_cards.engine.layout import openings_text

from .positions import SIZE

VARIANTS = ["official", "caffeinated", "steroids"]


def card_ids(view: Any) -> set[int]:
    """Every card id anywhere in the view (any dict with an ``id`` and ``treasures``)."""
    out: set[int] = set()
    if isinstance(view, dict):
        if "id" in view and "treasures" in view:
            out.add(view["id"])
        for v in view.values():
            out |= card_ids(v)
    elif isinstance(view, list):
        for v in view:
            out |= card_ids(v)
    return out


def random_points(variant: str, players: int, games: int, every: int = 7):
    """``(game, step)`` at every ``every``-th decision of seeded random games."""
    for seed in range(games):
        game = new_game(seed, variant=variant, num_players=players)
        rng = np.random.default_rng(seed)
        step = 0
        while True:
            if step % every == 0 or game.is_terminal():
                yield game, step
            if game.is_terminal():
                break
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
            step += 1


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 4])
def test_the_view_shows_what_the_seat_may_know_and_nothing_else(variant, players):
    checked = 0
    for game, step in random_points(variant, players, games=4):
        for seat in range(players):
            view = game.observation_for(seat)
            text = json.dumps(view)  # JSON types only, as it is
            assert json.loads(text) == view
            hidden = set(game.deck)
            for p in range(players):
                if p != seat:
                    hidden |= set(game.hands[p])
            assert not card_ids(view) & hidden, "a hidden card is in the view"
            # Two determinizations of this seat look the same to it as the truth.
            for k in (1, 2):
                other = game.determinize(seat, np.random.default_rng([step, seat, k]))
                assert other.observation_for(seat) == view
            checked += 1
    assert checked > 30


def test_determinizations_do_differ_so_the_equality_means_something():
    game = new_game(3, variant="caffeinated", num_players=3)
    a = game.determinize(0, np.random.default_rng(1))
    b = game.determinize(0, np.random.default_rng(2))
    assert a.hands[0] == b.hands[0] == game.hands[0]
    assert a.deck != b.deck and a.hands[1] != b.hands[1]
    # ... which seat 1's own view would show (its hand): the views do carry hands.
    assert a.observation_for(1) != b.observation_for(1)
    assert a.observation_for(0) == b.observation_for(0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_view_matches_the_engine(variant):
    for game, _ in random_points(variant, 3, games=2, every=5):
        for seat in range(3):
            view = game.observation_for(seat)
            assert view["seat"] == seat and view["num_players"] == 3
            assert view["grid_size"] == SIZE and view["deck_size"] == len(game.deck)
            assert [c["id"] for c in view["hand"]] == game.hands[seat]
            names = game.data.treasure_names
            for c in view["hand"]:
                printed = game.data.cards[c["id"]]
                assert c["treasures"] == [names[t] for t in printed.treasures]
                assert c["openings"] == openings_text(printed.openings)
            lying = {(e["row"], e["col"]): e for e in view["table"]}
            assert len(lying) == len(game.occupied)
            for cell in game.occupied:
                e = lying[divmod(cell, SIZE)]
                assert e["card"]["id"] == game.card_at[cell]
                assert e["rotation"] == game.rot_at[cell]
                assert e["openings"] == openings_text(game.open_at[cell])
                assert e["played_this_turn"] == (cell in game.played_this_turn)
            assert [p["hand_size"] for p in view["players"]] == [len(h) for h in game.hands]
            assert [p["score"] for p in view["players"]] == game.scores()
            if game.is_terminal():
                assert view["current_player"] is None and view["legal_actions"] == []
                assert view["returns"] == game.returns() and view["reason"]
            elif seat == game.current_player():
                assert [a["action"] for a in view["legal_actions"]] == game.legal_actions()
                assert all(a["name"] == game.action_to_string(a["action"])
                           for a in view["legal_actions"])
            else:
                # Another seat's legal plays would show its hand.
                assert view["legal_actions"] == [] and view["decision"].startswith("none")


def test_sets_are_named_by_treasure_and_cell():
    from .positions import at, card, lay, position

    crown_key, crown_candle = card("Crown", "Key"), card("Crown", "Candle")
    game = position(layout={at(4, 4): lay(crown_key, "EW"), at(4, 5): lay(crown_candle, "EW"),
                            at(5, 4): lay(card("Map", "Book"), "NS")},
                    hands=[[], []])
    view = game.observation_for(1)
    assert view["sets"] == [{"treasure": "Crown", "cells": [[4, 4], [4, 5]]}]
    assert view["decision"] == "none: player 0 is to act"


def test_a_bad_seat_is_refused():
    game = new_game(0, num_players=2)
    with pytest.raises(ValueError, match="0..1"):
        game.observation_for(2)
