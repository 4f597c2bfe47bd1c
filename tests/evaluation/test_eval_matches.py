"""Seeded matches: determinism, paired seeds, parallel == serial, seat rotation."""

from __future__ import annotations

import copy
from dataclasses import asdict

import numpy as np
import pytest

from labyrinth_gym.agents import RandomAgent, UnknownAgentError
from labyrinth_gym.envs.core import Game, GameSpec
from labyrinth_gym.evaluation import evaluate, play_game, schedule
from labyrinth_gym.evaluation.matches import (
    GameResult,
    Match,
    MatchResult,
    agent_credit,
    default_mode,
    play_matches,
    summarize,
)


def numbers(report):
    """Everything in a report except timings."""
    return [
        {k: v for k, v in asdict(a).items() if k != "seconds"} for a in report.agents
    ]


def per_game(report):
    return [
        (r.match, r.result.returns, r.result.turns, r.result.steps, r.result.truncated)
        for r in report.results
    ]


# ------------------------------------------------------------------ maze party
def test_play_game_same_seed_same_game_and_seeds_differ():
    a = play_game("maze_party", [RandomAgent()], seed=3, game_kwargs={})
    b = play_game("maze_party", [RandomAgent()], seed=3, game_kwargs={})
    assert (a.returns, a.turns, a.steps) == (b.returns, b.turns, b.steps)
    assert len(a.returns) == 4 and len(set(a.returns)) == 1  # shared party return
    others = {play_game("maze_party", [RandomAgent()], seed=s).steps for s in range(8)}
    assert len(others) > 1


def test_views_never_touch_the_games_dice():
    """An agent that asks for views plays the same game as one that does not."""

    class Peeking(RandomAgent):
        needs_game = True

        def act(self, observation, action_mask, *, game=None):
            assert isinstance(game, Game)
            return super().act(observation, action_mask)

    for seed in range(5):
        plain = play_game("maze_party", [RandomAgent()], seed=seed)
        peek = play_game("maze_party", [Peeking()], seed=seed)
        assert (plain.returns, plain.turns, plain.steps) == (
            peek.returns,
            peek.turns,
            peek.steps,
        )


def test_play_game_passes_game_kwargs_and_checks_seats():
    r = play_game("maze_party", [RandomAgent()], seed=0, game_kwargs={"party": 2})
    assert len(r.returns) == 2
    with pytest.raises(ValueError, match="seats"):
        play_game("maze_party", [RandomAgent(), RandomAgent()], seed=0)
    with pytest.raises(ValueError, match="unknown maze"):
        play_game("maze_party", [RandomAgent()], seed=0, game_kwargs={"maze": "nope"})
    with pytest.raises(ValueError, match="bad arguments"):
        play_game("maze_party", [RandomAgent()], seed=0, game_kwargs={"nope": 1})


def test_evaluate_is_deterministic_paired_and_heuristic_beats_random():
    kw = {"games": 60, "seed": 11}
    first = evaluate("maze_party", ["random", "heuristic"], **kw)
    again = evaluate("maze_party", ["maze_party/random", "maze_party/heuristic"], **kw)
    assert numbers(first) == numbers(again)
    assert per_game(first) == per_game(again)
    assert first.config["mode"] == "team"
    assert [r.match.seed for r in first.results] == list(range(11, 71)) * 2
    rnd, heur = first.stats("random"), first.stats("heuristic")
    assert rnd.games == heur.games == 60
    assert heur.ci_low > rnd.ci_high, (rnd, heur)
    assert rnd.ci_low <= rnd.win_rate <= rnd.ci_high
    assert heur.mean_steps > 0 and heur.mean_turns > 0
    # A different seed plays different games.
    other = evaluate("maze_party", ["random"], games=60, seed=12)
    assert per_game(other) != per_game(first)[:60]


def test_workers_do_not_change_the_results():
    kwargs = {
        "games": 12,
        "seed": 5,
        "game_kwargs": {"maze": "goblin_warren"},
        "agent_kwargs": {"search": {"simulations": 4}},
    }
    agents = ["random", "heuristic", "search"]
    serial = evaluate("maze_party", agents, workers=1, **kwargs)
    parallel = evaluate("maze_party", agents, workers=2, **kwargs)
    assert numbers(serial) == numbers(parallel)
    assert per_game(serial) == per_game(parallel)
    assert parallel.config["workers"] == 2
    assert parallel.config["game_kwargs"] == {"maze": "goblin_warren"}


def test_evaluate_rejects_bad_input_before_playing():
    with pytest.raises(ValueError, match="unknown game"):
        evaluate("no_such_game", ["random"], games=1, seed=0)
    with pytest.raises(UnknownAgentError):
        evaluate("maze_party", ["no_such_agent"], games=1, seed=0)
    with pytest.raises(ValueError, match="unknown maze"):
        evaluate("maze_party", ["random"], games=1, seed=0, game_kwargs={"maze": "x"})
    with pytest.raises(ValueError, match="bad arguments for agent"):
        evaluate(
            "maze_party", ["random"], games=1, seed=0, agent_kwargs={"random": {"x": 1}}
        )
    with pytest.raises(ValueError, match="games"):
        evaluate("maze_party", ["random"], games=0, seed=0)


# ------------------------------------------------------------------ rotation
class HighCard(Game):
    """Two seats each name a number 0-2 in turn; the higher number wins.

    Returns are +1 / -1, or 0 each on a tie. With ``first_wins`` seat 0 wins every
    game whatever is played (a pure seat advantage).
    """

    num_actions = 3
    num_players = 2

    def __init__(self, rng: np.random.Generator, first_wins: bool = False):
        self.rng = rng
        self.first_wins = first_wins
        self.picks: list[int] = []
        self.events = []

    def current_player(self) -> int:
        return -4 if self.is_terminal() else len(self.picks)

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [0, 1, 2]

    def _apply(self, action: int) -> None:
        self.picks.append(action)

    def is_terminal(self) -> bool:
        return len(self.picks) == 2

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        if self.first_wins:
            return [1.0, -1.0]
        a, b = self.picks
        return [0.0, 0.0] if a == b else ([1.0, -1.0] if a > b else [-1.0, 1.0])

    def clone(self) -> HighCard:
        return copy.deepcopy(self)

    def determinize(self, player, rng) -> HighCard:
        return self.clone()

    def action_to_string(self, action: int) -> str:
        return str(action)

    def observation_for(self, player: int) -> dict:
        # Picks are hidden until both are made.
        return {"seat": player, "picked": len(self.picks),
                "legal_actions": self.legal_actions_named(player)}

    def to_dict(self):
        return {"picks": self.picks}

    @classmethod
    def from_dict(cls, data):
        raise NotImplementedError

    def turn_count(self) -> int:
        return len(self.picks)


HIGH_CARD = GameSpec(
    name="high_card",
    env_id="test/HighCard-v0",
    version=0,
    new_game=lambda rng, **kw: HighCard(rng, **kw),
    observation_size=1,
    encode=lambda game, seat: np.zeros(1, dtype=np.float32),
    num_actions=3,
    render_ansi=lambda game: str(game.picks),
    num_players=lambda **kw: 2,
)


class Always:
    """Plays one fixed number."""

    needs_game = False

    def __init__(self, n: int):
        self.name = f"always{n}"
        self.n = n

    def reset(self, seed=None) -> None:
        pass

    def act(self, observation, action_mask, *, game=None) -> int:
        return self.n


def test_schedule_rotates_seats_and_keeps_team_seeds_paired():
    team = schedule(num_seats=4, num_agents=2, games=3, seed=10, mode="team")
    assert team == [Match(s, (i,) * 4) for i in (0, 1) for s in (10, 11, 12)]
    rot = schedule(num_seats=2, num_agents=2, games=4, seed=0, mode="rotate")
    assert [m.seats for m in rot] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [m.seed for m in rot] == [0, 1, 2, 3]
    three = schedule(num_seats=2, num_agents=3, games=3, seed=0, mode="rotate")
    assert [m.seats for m in three] == [(0, 1), (1, 2), (2, 0)]
    assert default_mode(HIGH_CARD, 2) == "rotate"
    with pytest.raises(ValueError):
        schedule(2, 2, 1, 0, mode="league")


def test_rotation_cancels_a_seat_advantage():
    matches = schedule(2, 2, games=10, seed=0, mode="rotate")
    agents = [RandomAgent(), RandomAgent()]
    results = play_matches(HIGH_CARD, agents, matches, {"first_wins": True})
    stats = summarize(["a", "b"], results, "rotate")
    assert [s.wins for s in stats] == [5.0, 5.0]
    assert [s.games for s in stats] == [10, 10]
    assert [s.mean_return for s in stats] == [0.0, 0.0]


def test_stronger_agent_wins_every_seat_and_ties_are_shared():
    matches = schedule(2, 2, games=6, seed=0, mode="rotate")
    results = play_matches(HIGH_CARD, [Always(2), Always(0)], matches)
    strong, weak = summarize(["strong", "weak"], results, "rotate")
    assert (strong.win_rate, weak.win_rate) == (1.0, 0.0)
    assert strong.mean_return == 1.0 and weak.mean_return == -1.0
    assert strong.mean_turns == 2 and strong.mean_steps == 2

    results = play_matches(HIGH_CARD, [Always(1), Always(1)], matches)
    a, b = summarize(["a", "b"], results, "rotate")
    assert a.wins == b.wins == 3.0  # every game a tie: half a win each
    assert a.ci_low < 0.5 < a.ci_high


def test_agent_credit_in_both_modes():
    lost = GameResult(seed=0, returns=(-1.0, -1.0), turns=3, steps=5, truncated=False)
    won = GameResult(seed=0, returns=(1.0, 1.0), turns=3, steps=5, truncated=False)
    assert agent_credit(Match(0, (0, 0)), won, "team") == {0: (1.0, 1.0)}
    assert agent_credit(Match(0, (0, 0)), lost, "team") == {0: (0.0, -1.0)}
    three = GameResult(
        seed=0, returns=(2.0, 2.0, 0.0), turns=1, steps=3, truncated=False
    )
    credit = agent_credit(Match(0, (0, 1, 1)), three, "rotate")
    assert credit == {0: (0.5, 2.0), 1: (0.5, 1.0)}


def test_summarize_counts_truncations_and_time():
    r = GameResult(
        seed=0, returns=(0.0,), turns=200, steps=700, truncated=True, seconds=0.5
    )
    stats = summarize(["x"], [MatchResult(Match(0, (0,)), r)] * 2, "team")[0]
    assert (stats.games, stats.wins, stats.truncated) == (2, 0.0, 2)
    assert stats.seconds == pytest.approx(1.0)
