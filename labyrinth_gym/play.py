"""Play a game in the terminal: a person at some seats, agents at the others.

The person sees the game's text picture (``render_ansi``, which shows only what the
table shows), their hand (with costs where the observation has them), the legal
actions named and numbered from 1, and types a number; after every move the engine's
new events are told as sentences from the person's seat ("You draw a card", "Seat 1
casts Shock targeting you"; the whole record when the person plays several seats).
``?`` lists the commands (``board``, ``log``); ``q`` or the end of input (Ctrl-D)
leaves the game. Input and output are plain streams, so a test can
script a whole game.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any

import numpy as np

from labyrinth_gym.agents.base import decide
from labyrinth_gym.envs.core.engine import Game
from labyrinth_gym.envs.core.spec import GameSpec
from labyrinth_gym.evaluation.matches import (
    GameResult,
    agent_id,
    build_agents,
    derive_seed,
    new_game,
    resolve_spec,
)

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})
RECENT_EVENTS = 20
"""How many events the ``log`` command shows again."""


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

    # The log is told from the person's seat when they play one (what that seat may
    # see); with several seats at one screen it is the referee's whole record.
    viewer = next(iter(humans)) if len(humans) == 1 else None
    told = 0  # events shown so far

    def tell_events() -> None:
        nonlocal told
        log = game.events[told:] if viewer is None else game.events_for(viewer, told)
        for event in log:
            say(f"   . {game.describe(event, viewer)}")
        told = len(game.events)

    def recent_events() -> None:
        start = max(0, len(game.events) - RECENT_EVENTS)
        log = game.events[start:] if viewer is None else game.events_for(viewer, start)
        say(f"The last {len(log)} events:")
        for event in log:
            say(f"   . {game.describe(event, viewer)}")

    say(
        f"{spec.name}, seed {seed}. You play seat(s) {sorted(humans)}; "
        f"{bot.name if bot else 'no agent'} plays the others. "
        "Type a move's number; ? lists the commands, q quits."
    )
    tell_events()  # the set-up: deals, initiative, opening hands
    steps = 0
    while not game.is_terminal():
        seat = game.current_player()
        who = f"{spec.agent_prefix} {seat}"
        legal = game.legal_actions()
        if seat in humans:
            def show_moves(seat: int = seat, legal: list[int] = legal) -> None:
                say(turn_text(spec, game, seat, legal, own_hand=len(humans) == 1))

            say()
            show_moves()
            commands = {"board": show_moves, "log": recent_events}
            choice = _read_choice(stdin, out, len(legal), commands)
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
        game.apply_action(action)
        steps += 1
        tell_events()
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


def turn_text(spec: GameSpec, game: Game, seat: int, legal: list[int],
              own_hand: bool = True) -> str:
    """What the person sees before a move: the table (:func:`picture`), the seat's
    hand (:func:`hand_lines`) and its legal moves numbered from 1."""
    lines = [picture(spec.render_ansi(game))]
    hand = hand_lines(game.observation_for(seat))
    if hand:
        lines.append("Your hand:" if own_hand else f"Hand of seat {seat}:")
        lines += [f"     {line}" for line in hand]
    lines.append(f"-- {spec.agent_prefix} {seat}: your move")
    lines += [f"  {i:>2}. {game.action_to_string(a)}" for i, a in enumerate(legal, 1)]
    return "\n".join(lines)


def describe_event(event: dict[str, Any], game: Game | None = None,
                   seat: int | None = None) -> str:
    """One line for an engine event: the game's sentence from ``seat``'s point of view
    (:meth:`Game.describe`, e.g. "You draw a card"); without a game, the raw record
    (``check: member=1, roll=6, dc=13, success=False``)."""
    if game is not None:
        return game.describe(event, seat)
    details = ", ".join(
        f"{k}={v}" for k, v in event.items() if k not in ("turn", "type")
    )
    return f"{event.get('type', '?')}: {details}" if details else str(event.get("type"))


def picture(text: str) -> str:
    """A game's text picture without its own list of the legal moves: the Magic and
    Dungeon Crawler pictures end by listing them numbered by action index, and the
    person should see one numbering only (the player's, from 1)."""
    return "\n".join(line for line in text.splitlines()
                     if not _MOVES_LINE.match(line))


_MOVES_LINE = re.compile(r"^(Player \d+ to act \(|\s+legal: )")


def hand_lines(observation: dict[str, Any]) -> list[str]:
    """The seat's hand as the observation gives it, one card a line, with its cost
    (and text) when the observation has them."""
    hand = observation.get("hand")
    if not isinstance(hand, list):
        return []
    return [card_line(card) for card in hand]


def card_line(card: Any) -> str:
    """One hand card: its name, then its cost, type and text where the observation
    has them (``Lightning Bolt  {R}  Instant``); a Labyrinth card by its treasures
    and openings."""
    if not isinstance(card, dict):
        return str(card)
    if "treasures" in card:
        name = " and ".join(card["treasures"])
        return f"{name} (openings {card.get('openings', '?')})"
    parts = [str(card.get("name", card.get("card", "?")))]
    for key in ("cost", "mana_cost", "type", "type_line", "text"):
        if card.get(key) not in (None, "", []):
            parts.append(str(card[key]))
    return "  ".join(parts)


def help_text(count: int) -> str:
    """The commands the terminal player understands."""
    return "\n".join([
        "Commands:",
        f"  1-{count}    play the move with that number",
        "  board   show the table, your hand and your moves again",
        "  log     show the last events again",
        "  ? help  this list",
        "  q quit  leave the game",
    ])


def _read_choice(stdin: IO[str], out: IO[str], count: int,
                 commands: dict[str, Callable[[], None]] | None = None) -> int | None:
    """A 0-based choice among ``count`` options, or None on quit / end of input;
    ``?``/``help`` and the named ``commands`` are answered and asked again."""
    commands = commands or {}
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
        if text in HELP_WORDS:
            print(help_text(count), file=out, flush=True)
        elif text in commands:
            commands[text]()
        else:
            print(f"Type a number from 1 to {count} (? lists the commands, q quits).",
                  file=out, flush=True)
