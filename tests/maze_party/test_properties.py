"""Properties of the maze party over thousands of random games.

After every single step: cards are conserved, hit points stay in range, a live game
always has a legal action and a standing, awake member to take it, observations lie in
the observation space, the action lock behaves, and every game ends within its turn cap.
Seeded loops cover every maze x party size; Hypothesis adds random party line-ups
(duplicates included) and turn caps.
"""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium import spaces
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from labyrinth_gym.agents import make
from labyrinth_gym.envs.maze_party.encoding import OBS_SIZE, encode
from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine.cards import DEAD_END, EMPTY
from labyrinth_gym.envs.maze_party.engine.data import characters
from labyrinth_gym.envs.maze_party.engine.game import (
    ACTION,
    COMBAT,
    OVER,
    MazePartyGame,
)

MAZES = ["enchanted_forest", "goblin_warren", "sunken_catacombs"]
OBS_SPACE = spaces.Box(-1.0, 1.0, shape=(OBS_SIZE,), dtype=np.float32)
STATS = range(5)
HEURISTIC = make("maze_party/heuristic")


def kept_all_used(game: MazePartyGame) -> bool:
    kept = [i for i in STATS if not game.removed_actions[i]]
    return bool(kept) and all(game.used[i] for i in kept)


def unusable_now(game: MazePartyGame, stat: int) -> bool:
    """The engine's preconditions for trying a stat action (see ``_compute_legal``)."""
    piles = game.piles
    return (
        (stat == A.USE_DEX and piles.available() == 0)
        or (stat == A.USE_INT and piles.available() < 3)
        or (stat == A.USE_CHA and piles.stuck_dead_ends() == 0)
    )


def check_state(game: MazePartyGame) -> None:
    """Invariants of a single state."""
    assert game.card_counts() == game.expected_counts()
    assert all(c >= 0 for c in game.card_counts())
    for seat, ch in enumerate(game.party):
        assert 0 <= game.hp[seat] <= ch.hp
        assert 0 <= game.asleep[seat] <= 2
        if game.hp[seat] == 0:
            assert game.asleep[seat] == 0
    assert 0 <= game.turn <= game.max_turns
    piles = game.piles
    assert len(piles.deck) == len(piles.deck_known)
    assert len(piles.discard) == len(piles.discard_known)
    for i in range(3):
        if piles.stuck[i]:
            assert piles.river[i] == DEAD_END
    for seat in range(game.n):
        obs = encode(game, seat)
        assert OBS_SPACE.contains(obs), (seat, obs[(obs < -1) | (obs > 1)])
    legal = game.legal_actions()
    if game.is_terminal():
        assert game.phase == OVER and legal == []
        assert game.outcome in ("escaped", "lost", "truncated")
        return
    assert legal, "a live game with no legal action"
    assert legal == sorted(set(legal)) and 0 <= legal[0] and legal[-1] < A.NUM_ACTIONS
    active = game.current_player()
    assert 0 <= active < game.n
    assert game.hp[active] > 0 and game.asleep[active] == 0
    assert (game.phase == COMBAT) == (game.combat is not None)
    if game.phase == ACTION:
        assert piles.face_down_slots(), "an action phase with nothing to choose"
        assert piles.stuck_dead_ends() < 3
        assert A.PASS in legal
        for stat in STATS:
            offered = stat in legal
            free = not game.removed_actions[stat] and not game.used[stat]
            assert offered == (free and not unusable_now(game, stat))


def check_step(before: dict, game: MazePartyGame) -> None:
    """Invariants of one transition (``before`` from :func:`summary`)."""
    n = before["events"]
    assert len(game.events) >= n
    assert game.events[max(0, n - 3):n] == before["tail"]  # append-only
    assert game.removed_actions == before["removed_actions"]
    unlocked = any(e["type"] == "actions_unlocked" for e in game.events[before["events"]:])
    if before["all_used"] and game.round > before["round"]:
        # A round ended with every kept action used: they must have unlocked.
        assert unlocked
    for i in STATS:
        if before["used"][i] and not game.used[i]:
            assert unlocked  # used actions only come back all at once
        if game.used[i] and not before["used"][i]:
            assert not game.removed_actions[i]
            assert any(e["type"] == "check" and e["success"]
                       for e in game.events[before["events"]:])
    assert game.turn >= before["turn"] and game.round >= before["round"]


def summary(game: MazePartyGame) -> dict:
    return {
        "events": len(game.events),
        "tail": [dict(e) for e in game.events[-3:]],
        "removed_actions": list(game.removed_actions),
        "used": list(game.used),
        "all_used": kept_all_used(game),
        "round": game.round,
        "turn": game.turn,
    }


def play_checked(game: MazePartyGame, rng: np.random.Generator, heuristic: bool) -> int:
    """Play to the end checking every state and step; return the number of steps."""
    check_state(game)
    steps = 0
    limit = 60 * game.max_turns + 1000
    while not game.is_terminal():
        before = summary(game)
        if heuristic:
            action = HEURISTIC.act(encode(game, game.active), game.legal_mask())
        else:
            legal = game.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        game.apply_action(action)
        check_step(before, game)
        check_state(game)
        steps += 1
        assert steps < limit, "the game does not end"
    assert game.turn <= game.max_turns
    if game.is_truncated():
        assert game.turn == game.max_turns
    return steps


@pytest.mark.parametrize("maze", MAZES)
@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6])
def test_invariants_hold_in_random_games(maze, size):
    outcomes = set()
    for seed in range(100):
        rng = np.random.default_rng([seed, size])
        game = MazePartyGame.new(seed, maze=maze, party=size)
        play_checked(game, rng, heuristic=seed % 3 == 0)
        outcomes.add(game.outcome)
    assert outcomes <= {"escaped", "lost", "truncated"}


def test_invariants_hold_up_to_truncation():
    truncated = 0
    for seed in range(150):
        rng = np.random.default_rng(seed)
        game = MazePartyGame.new(seed, party=int(rng.integers(1, 7)),
                                 max_turns=int(rng.integers(1, 12)))
        play_checked(game, rng, heuristic=bool(seed % 2))
        truncated += game.is_truncated()
    assert truncated > 50


PARTIES = st.lists(st.sampled_from(sorted(characters())), min_size=1, max_size=6)


@settings(max_examples=400, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    maze=st.sampled_from(MAZES),
    party=PARTIES,
    max_turns=st.integers(1, 200),
    policy_seed=st.integers(0, 2**32 - 1),
    heuristic=st.booleans(),
)
def test_invariants_hold_for_any_party_and_cap(seed, maze, party, max_turns, policy_seed,
                                               heuristic):
    game = MazePartyGame.new(seed, maze=maze, party=party, max_turns=max_turns)
    play_checked(game, np.random.default_rng(policy_seed), heuristic)


def test_used_actions_and_the_river_never_wedge_the_party():
    """Whenever the action phase offers no stat action, it is because every kept
    action is used this round or the unused ones cannot be tried right now; and at most
    two Dead Ends are ever stuck when a member must choose."""
    reasons = {"locked": 0, "unusable": 0}
    for seed in range(300):
        game = MazePartyGame.new(seed, maze=MAZES[seed % 3], party=1 + seed % 6)
        rng = np.random.default_rng(seed)
        while not game.is_terminal():
            if game.phase == ACTION:
                legal = game.legal_actions()
                if not any(a in STATS for a in legal):
                    unused = [i for i in STATS
                              if not game.removed_actions[i] and not game.used[i]]
                    assert all(unusable_now(game, i) for i in unused)
                    reasons["unusable" if unused else "locked"] += 1
                assert len([i for i in range(3) if game.piles.river[i] != EMPTY
                            and not game.piles.stuck[i]]) >= 1
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
    assert reasons["locked"] > 0


def longest_lockout(game: MazePartyGame, pick) -> int:
    """Play out; the longest run of rounds whose action phases all offered no stat
    action although cards were left to draw (rounds without an action phase, say a
    lone member asleep, neither extend nor break a run)."""
    longest = run = 0
    round_no, seen, blocked = game.round, False, True
    while not game.is_terminal():
        if game.phase == ACTION:
            if game.round != round_no:
                if seen:
                    run = run + 1 if blocked else 0
                    longest = max(longest, run)
                round_no, seen, blocked = game.round, False, True
            seen = True
            if game.piles.available() == 0 or any(a in STATS for a in game.legal_actions()):
                blocked = False
        game.apply_action(pick(game))
    return longest


def test_the_lock_never_blocks_every_stat_action_for_more_than_two_rounds():
    worst = []
    for seed in range(150):
        rng = np.random.default_rng(seed)
        game = MazePartyGame.new(seed, maze=MAZES[seed % 3], party=1 + seed % 3)

        def pick(g, rng=rng):
            legal = g.legal_actions()
            return legal[int(rng.integers(len(legal)))]

        worst.append((longest_lockout(game, pick), seed))
    assert max(worst)[0] <= 2, max(worst)
