"""Play a game in the terminal: a person at some seats, agents at the others.

The person sees the game's text picture (``render_ansi``, which shows only what the
table shows), the legal actions numbered from 1, and types a number; after every move
the engine's new events (rolls, reveals, damage) are listed. ``q`` or the end of input
(Ctrl-D) leaves the game. Input and output are plain streams, so a test can
script a whole game.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import IO, Any

import numpy as np

from labyrinth_gym.agents.base import decide
from labyrinth_gym.evaluation.matches import (
    GameResult,
    agent_id,
    build_agents,
    derive_seed,
    new_game,
    resolve_spec,
)

QUIT_WORDS = frozenset({"q", "quit", "exit"})


def default_agent(game_name: str) -> str:
    """The agent that fills the other seats unless told otherwise."""
    from labyrinth_gym.agents import registered

    heuristic = agent_id(game_name, "heuristic")
    return (
        heuristic
        if heuristic in registered(game_name)
        else agent_id(game_name, "search")
    )


def play(
    game_name: str,
    seed: int = 0,
    agent: str | None = None,
    human_seats: Iterable[int] | None = None,
    game_kwargs: dict[str, Any] | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> GameResult | None:
    """Play one game with a person at ``human_seats`` and ``agent`` everywhere else.

    Args:
        game_name: Game name (``"maze_party"``).
        seed: Game seed (the agent's seed and its views derive from it too).
        agent: Agent id or short name for the other seats (default: the game's
            heuristic, else search). Not built when the person has every seat.
        human_seats: Seats the person plays (default: all of them).
        game_kwargs: Constructor kwargs of the game.
        stdin: Where choices are read from (default ``sys.stdin``).
        stdout: Where the game is shown (default ``sys.stdout``).

    Returns:
        The :class:`GameResult`, or None when the person left before the end.

    Raises:
        ValueError: Unknown game, bad kwargs, seats or agent.
        FileNotFoundError: A learned agent without its checkpoint.
    """
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    spec = resolve_spec(game_name)
    game = new_game(spec, seed, game_kwargs)
    n = game.num_players
    humans = set(range(n)) if human_seats is None else {int(s) for s in human_seats}
    bad = sorted(s for s in humans if not 0 <= s < n)
    if bad:
        raise ValueError(
            f"seats {bad} out of range: this {spec.name} game has seats 0-{n - 1}"
        )
    bot = None
    if len(humans) < n:
        bot_id = agent_id(spec.name, agent) if agent else default_agent(spec.name)
        bot = build_agents([bot_id])[0]
        bot.reset(seed=derive_seed(seed, 2, 0))
    view_rng = np.random.default_rng(derive_seed(seed, 1))

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(
        f"{spec.name}, seed {seed}. You play seat(s) {sorted(humans)}; "
        f"{bot.name if bot else 'no agent'} plays the others. q quits."
    )
    steps = 0
    while not game.is_terminal():
        seat = game.current_player()
        who = f"{spec.agent_prefix} {seat}"
        legal = game.legal_actions()
        if seat in humans:
            say()
            say(spec.render_ansi(game))
            say(f"-- {who}: your move")
            for i, a in enumerate(legal, start=1):
                say(f"  {i:>2}. {game.action_to_string(a)}")
            choice = _read_choice(stdin, out, len(legal))
            if choice is None:
                say("Left the game.")
                return None
            action = legal[choice]
        else:
            assert bot is not None
            action = decide(bot, spec, game, seat, view_rng)
            say(
                f"-- {who} ({bot.name.split('/', 1)[-1]}): {game.action_to_string(action)}"
            )
        seen = len(game.events)
        game.apply_action(action)
        steps += 1
        for event in game.events[seen:]:
            say(f"   . {describe_event(event)}")
    say()
    say(spec.render_ansi(game))
    returns = tuple(float(r) for r in game.returns())
    outcome = getattr(game, "outcome", None)
    ending = "truncated" if game.is_truncated() else (outcome or "over")
    say(
        f"Game over ({ending}) after {game.turn_count()} turns: returns {list(returns)}"
    )
    return GameResult(
        seed=seed,
        returns=returns,
        turns=game.turn_count(),
        steps=steps,
        truncated=bool(game.is_truncated()),
    )


def describe_event(event: dict[str, Any]) -> str:
    """One line for an engine event: ``check: member=1, roll=6, dc=13, success=False``."""
    details = ", ".join(
        f"{k}={v}" for k, v in event.items() if k not in ("turn", "type")
    )
    return f"{event.get('type', '?')}: {details}" if details else str(event.get("type"))


def _read_choice(stdin: IO[str], out: IO[str], count: int) -> int | None:
    """A 0-based choice among ``count`` options, or None on quit / end of input."""
    while True:
        print("> ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line:  # end of input
            print(file=out)
            return None
        text = line.strip().lower()
        if text in QUIT_WORDS:
            return None
        if text.isdigit() and 1 <= int(text) <= count:
            return int(text) - 1
        print(f"Type a number from 1 to {count} (q quits).", file=out, flush=True)
