"""The engine contract (envs/core/engine.py) for the Magic engine."""

from __future__ import annotations

import json

import numpy as np
import pytest

from labyrinth_gym.envs.core.engine import TERMINAL_PLAYER, IllegalActionError
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame, new_game
from labyrinth_gym.envs.magic.engine.mana import parse_cost


def play(game: MagicGame, steps: int, seed: int) -> list[int]:
    """Random legal actions; the actions taken."""
    rng = np.random.default_rng(seed)
    taken = []
    for _ in range(steps):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        a = legal[int(rng.integers(len(legal)))]
        game.apply_action(a)
        taken.append(a)
    return taken


def test_action_table_is_consistent():
    assert A.NUM_ACTIONS == 675
    seen = set()
    for a in range(A.NUM_ACTIONS):
        kind, args = A.decode(a)
        rebuilt = {"pass": lambda: A.PASS, "done": lambda: A.DONE, "yes": lambda: A.YES,
                   "no": lambda: A.NO, "keep": lambda: A.KEEP,
                   "mulligan": lambda: A.MULLIGAN, "concede": lambda: A.CONCEDE}.get(kind)
        index = rebuilt() if rebuilt else getattr(A, kind)(*args)
        assert index == a
        seen.add((kind, args))
    assert len(seen) == A.NUM_ACTIONS
    with pytest.raises(ValueError):
        A.decode(A.NUM_ACTIONS)


def test_illegal_action_error_names_the_legal_set():
    game = new_game(1)
    legal = game.legal_actions()
    assert legal == sorted(legal) and legal
    bad = next(a for a in range(A.NUM_ACTIONS) if a not in legal)
    with pytest.raises(IllegalActionError) as err:
        game.apply_action(bad)
    assert err.value.legal == legal
    for a in legal:
        assert f"{a}={game.action_to_string(a)}" in str(err.value)


def test_same_seed_and_actions_give_the_same_events():
    a = new_game(7, num_players=3)
    taken = play(a, 400, seed=1)
    b = new_game(7, num_players=3)
    for action in taken:
        b.apply_action(action)
    assert a.events == b.events
    assert a.to_dict() == b.to_dict()


def test_clone_is_independent():
    game = new_game(3)
    play(game, 60, seed=2)
    before = game.to_dict()
    twin = game.clone()
    play(twin, 200, seed=3)
    assert game.to_dict() == before
    # and the clone continues exactly as the original would
    again = game.clone()
    x = play(game, 100, seed=4)
    y = play(again, 100, seed=4)
    assert x == y and game.events == again.events


def test_to_dict_round_trip_continues_identically():
    game = new_game(11, num_players=4)
    play(game, 150, seed=5)
    data = json.loads(json.dumps(game.to_dict()))
    copy = MagicGame.from_dict(data)
    assert copy.to_dict() == game.to_dict()
    assert copy.legal_actions() == game.legal_actions()
    x = play(game, 300, seed=6)
    y = play(copy, 300, seed=6)
    assert x == y
    assert copy.events == game.events
    assert copy.to_dict() == game.to_dict()


def test_round_trip_with_hand_made_cards_and_a_pending_choice():
    charm = fx.CardDef(
        name="Test Charm", cost=parse_cost("{R}"), colours=("R",), types=("Instant",),
        spell=fx.SpellAbility(fx.Choose((fx.DealDamage(2, fx.Target("any")),
                                         fx.MayDo(fx.GainLife(4))))))
    game = MagicGame.empty(0)
    game.add_permanent("Mountain", 0)
    game.add_card(charm, 0)
    game.add_card("Island", 0, "library")
    game.add_card("Island", 1, "library")
    game.start_at("main1", 0)
    game.apply_action(A.cast(0))
    game.apply_action(A.mode(1))
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["kind"] == "yesno"
    copy = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    copy.apply_action(A.YES)
    game.apply_action(A.YES)
    assert copy.life == game.life == [24, 20]
    assert copy.events == game.events


def test_determinize_keeps_what_the_seat_saw():
    game = new_game(5, num_players=3)
    play(game, 120, seed=7)
    seat = 1
    rng = np.random.default_rng(0)
    d1 = game.determinize(seat, rng)
    d2 = game.determinize(seat, rng)
    for d in (d1, d2):
        assert d.hand[seat] == game.hand[seat]
        assert [len(h) for h in d.hand] == [len(h) for h in game.hand]
        assert [len(lib) for lib in d.library] == [len(lib) for lib in game.library]
        assert d.graveyard == game.graveyard and d.battlefield.keys() == \
            game.battlefield.keys()
        assert sorted(d.library[seat]) == sorted(game.library[seat])
        for q in range(3):
            assert sorted(d.hand[q] + d.library[q]) == sorted(game.hand[q] +
                                                              game.library[q])
    changed = any(d1.library[q] != game.library[q] or d1.hand[q] != game.hand[q]
                  for q in range(3))
    assert changed
    assert d1.observation_for(seat) == d2.observation_for(seat) == \
        game.observation_for(seat)
    # the determinized game plays on
    play(d1, 50, seed=8)


def test_observation_is_json_and_hides_hands_and_libraries():
    decks = [["Forest"] * 30 + ["Grizzly Bears"] * 30,
             ["Mountain"] * 30 + ["Hill Giant"] * 15 + ["Lightning Bolt"] * 15]
    game = new_game(2, decks=decks, mulligan=False, starting_player=0)
    play(game, 20, seed=9)
    obs = game.observation_for(0)
    text = json.dumps(obs)
    public = set(text.split('"'))
    opponents_hidden = {game.name_of(c) for c in game.hand[1] + game.library[1]}
    shown = {game.name_of(p.card) for p in game.battlefield.values()} | {
        game.name_of(c) for g in game.graveyard for c in g} | {
        game.name_of(s.card) for s in game.stack}
    for name in opponents_hidden - shown:
        assert name not in public
    assert obs["hand"] == [game.name_of(c) for c in game.hand[0]]
    assert "library" not in obs and obs["library_sizes"] == [len(x) for x in game.library]
    me = game.current_player()
    assert game.observation_for(me)["legal_actions"]
    assert game.observation_for(1 - me)["legal_actions"] == []


def test_terminal_state_contract():
    game = new_game(4)
    rng = np.random.default_rng(3)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply_action(legal[int(rng.integers(len(legal)))])
    assert game.current_player() == TERMINAL_PLAYER
    assert game.legal_actions() == []
    assert sorted(game.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert game.events[-1]["type"] == "game_over"
    json.dumps(game.observation_for(0))


def test_truncation_returns_zero():
    game = new_game(4, max_turns=3)
    play(game, 10_000, seed=1)
    assert game.is_terminal()
    if game.is_truncated():
        assert game.returns() == [0.0, 0.0]
        assert game.turn == 3
