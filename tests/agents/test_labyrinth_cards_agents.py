"""The Labyrinth the Card Game heuristic: its decoder against the engine, legal play in
every variant and table size, its simulated collections against the engine's rules,
the official-game match, speed, and strength against random."""

from __future__ import annotations

import time

import numpy as np
import pytest

from labyrinth_gym.agents import Agent, LabyrinthCardsHeuristic, make, registered
from labyrinth_gym.agents.labyrinth_cards import (
    COLLECT_BASE,
    DRAW,
    ROTATE_BASE,
    STOP,
    CardsView,
    _GroupModel,
)
from labyrinth_gym.envs.labyrinth_cards.encoding import encode
from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    COLLECT,
    PLAY,
    VARIANTS,
    new_game,
)
from labyrinth_gym.evaluation import evaluate

TABLES = [(v, n) for v in VARIANTS for n in range(2, 7)]


def positions(games: int, *, heuristic_share: float = 0.5, seed: int = 0):
    """``(game, seat)`` along games of every variant and player count, played half by
    the heuristic and half at random so that both tidy and messy tables turn up."""
    agent = make("labyrinth_cards/heuristic")
    for g in range(games):
        variant, players = TABLES[g % len(TABLES)]
        game = new_game(seed + g, variant=variant, num_players=players)
        rng = np.random.default_rng(seed + g)
        while not game.is_terminal():
            seat = game.current_player()
            yield game, seat
            if rng.random() < heuristic_share:
                action = agent.act(encode(game, seat), game.legal_mask())
            else:
                legal = game.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            game.apply_action(action)


# ------------------------------------------------------------------ registry
def test_the_heuristic_is_registered_and_needs_no_game():
    assert "labyrinth_cards/heuristic" in registered("labyrinth_cards")
    agent = make("labyrinth_cards/heuristic", seed=3)
    assert isinstance(agent, LabyrinthCardsHeuristic) and isinstance(agent, Agent)
    assert agent.name == "labyrinth_cards/heuristic"
    assert agent.needs_game is False


def test_the_heuristic_rejects_an_empty_mask():
    game = new_game(0)
    with pytest.raises(ValueError, match="no legal action"):
        make("labyrinth_cards/heuristic").act(
            encode(game, 0), np.zeros_like(game.legal_mask())
        )


# ------------------------------------------------------------------ decoding
def test_the_view_decodes_what_the_engine_holds():
    seen = set()
    for game, seat in positions(20):
        view = CardsView(encode(game, seat))
        assert view.occupied == game.occupied
        assert view.open_at == list(game.open_at)
        assert view.played == set(game.played_this_turn)
        cards = game.data.cards
        assert view.treasures == {
            c: tuple(sorted(cards[game.card_at[c]].treasures)) for c in game.occupied
        }
        assert [(h.openings, h.treasures) for h in view.hand] == [
            (cards[c].openings, tuple(sorted(cards[c].treasures)))
            for c in game.hands[seat]
        ]
        assert [h.slot for h in view.hand] == list(range(len(game.hands[seat])))
        assert (view.variant, view.num_players) == (game.variant, game.num_players)
        assert (view.phase, view.actions_left) == (game.phase, game.actions_left)
        assert view.deck == len(game.deck)
        assert view.score == len(game.collected[seat])
        n = game.num_players
        assert view.opponents == [
            (len(game.hands[(seat + j) % n]), len(game.collected[(seat + j) % n]))
            for j in range(1, n)
        ]
        seen.add((game.variant, game.phase))
    assert {(v, p) for v in VARIANTS for p in (PLAY, COLLECT)} <= seen


def test_the_views_moves_and_look_ahead_match_the_engine():
    """``legal_moves`` is the engine's play/rotate set, and ``after`` is the view the
    engine shows after that play or rotation (the agent's one-action look-ahead)."""
    rng = np.random.default_rng(0)
    checked = 0
    for game, seat in positions(20):
        if game.phase != PLAY:
            continue
        view = CardsView(encode(game, seat))
        legal = np.array(game.legal_actions())
        plays, rotations = view.legal_moves()
        assert np.array_equal(plays, legal[legal < ROTATE_BASE])
        assert np.array_equal(rotations, legal[(legal >= ROTATE_BASE) & (legal < DRAW)])
        moves = legal[legal < DRAW]
        if game.actions_left < 2 or not len(moves):
            continue
        action = int(moves[rng.integers(len(moves))])
        ahead = view.after(action)
        after = game.clone()
        after.apply_action(action)
        truth = CardsView(encode(after, seat))
        for field in ("occupied", "open_at", "treasures", "played", "hand", "actions_left"):
            assert getattr(ahead, field) == getattr(truth, field), field
        checked += 1
    assert checked > 300


def test_simulated_collections_are_legal_in_the_engine():
    """The agent's end-of-turn simulation picks only cards the engine lets it pick, in
    that order, and finds nothing exactly when the engine skips the collection."""
    rng = np.random.default_rng(1)
    scoring = checked = 0
    for game, seat in positions(30, heuristic_share=0.7, seed=100):
        if game.phase != PLAY or game.actions_left != 1:
            continue
        model = _GroupModel(CardsView(encode(game, seat)), 0.6)
        legal = [a for a in game.legal_actions() if a < DRAW]
        for i in rng.integers(len(legal), size=min(4, len(legal))):
            action = legal[int(i)]
            outcome = model.simulate(action)
            after = game.clone()
            after.apply_action(action)
            collecting = after.phase == COLLECT and after.player == seat
            assert collecting == bool(outcome.taken), action
            for cell in outcome.taken:
                after.apply_action(COLLECT_BASE + cell)  # raises if illegal
            scoring += bool(outcome.taken)
            checked += 1
    assert checked > 1000 and scoring > 100


# ------------------------------------------------------------- legal moves
def test_the_heuristic_always_picks_a_legal_action_and_is_fast():
    agent = make("labyrinth_cards/heuristic")
    seconds = 0.0
    count = 0
    kinds = set()
    for game, seat in positions(20, heuristic_share=0.0, seed=7):
        obs, mask = encode(game, seat), game.legal_mask()
        start = time.perf_counter()
        action = agent.act(obs, mask)
        seconds += time.perf_counter() - start
        assert isinstance(action, int)
        assert mask[action] == 1, (game.variant, game.phase, action)
        kinds.add(
            "play" if action < ROTATE_BASE
            else "rotate" if action < DRAW
            else "draw" if action == DRAW
            else "stop" if action == STOP
            else "collect"
        )
        count += 1
    assert count > 1500
    # Never "stop": the engine skips a collection with nothing to take, and the agent
    # takes every card it can.
    assert kinds == {"play", "rotate", "draw", "collect"}
    # About 2 ms a decision on one core; generous for a loaded CI machine.
    assert seconds / count < 0.02, seconds / count


# ---------------------------------------------------------------- choices
def test_the_heuristic_collects_while_it_can():
    agent = make("labyrinth_cards/heuristic")
    checked = 0
    for game, seat in positions(30, seed=200):
        if game.phase == COLLECT:
            action = agent.act(encode(game, seat), game.legal_mask())
            assert COLLECT_BASE <= action < STOP  # never stops with a card to take
            checked += 1
    assert checked > 50


def collects(game, action: int) -> bool:
    """Whether the acting player may collect after ``action`` (tried on a clone)."""
    seat = game.current_player()
    after = game.clone()
    after.apply_action(action)
    return after.phase == COLLECT and after.player == seat


def test_official_play_creates_a_collectable_match_when_one_exists():
    """In the official game the one play should make a match the player may collect,
    whenever some legal play would (checked by trying every play on the engine)."""
    agent = make("labyrinth_cards/heuristic")
    possible = matched = 0
    for g in range(40):
        game = new_game(300 + g, variant="official", num_players=2 + g % 5)
        rng = np.random.default_rng(g)
        while not game.is_terminal():
            seat = game.current_player()
            legal = game.legal_actions()
            if game.phase == PLAY and rng.random() < 0.3:
                if any(collects(game, a) for a in legal):
                    possible += 1
                    action = agent.act(encode(game, seat), game.legal_mask())
                    matched += collects(game, action)
            game.apply_action(legal[int(rng.integers(len(legal)))])
    assert possible > 50
    assert matched == possible


# ---------------------------------------------------------------- strength
def test_the_heuristic_beats_random_in_two_player_caffeinated():
    # Measured: 100% of 200 games ([98.1%, 100%]); 90% leaves room to spare.
    report = evaluate(
        "labyrinth_cards",
        ["heuristic", "random"],
        games=100,
        seed=0,
        game_kwargs={"variant": "caffeinated", "num_players": 2},
    )
    heuristic = report.stats("heuristic")
    assert heuristic.games == 100
    assert heuristic.win_rate >= 0.9, heuristic
    assert report.stats("random").win_rate <= 0.1
    assert heuristic.truncated == 0
