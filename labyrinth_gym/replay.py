"""Step through a served game's replay in the terminal (``labyrinth-gym replay FILE``).

A replay (``GET /v1/sessions/{id}/replay`` of the game server) holds the game, its
kwargs and seed, who sat where, every action and the event log. The game is rebuilt
from the seed and the actions are applied one by one, each shown with the events it
caused, told as sentences (``Game.describe``): as one seat saw them with ``seat``
("You draw Shock", "Seat 1 draws a card"), else the referee's full log; then the
rebuilt log is checked against the recorded one, so a replay that does not reproduce
its game is reported, not silently shown.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, Any

from labyrinth_gym.evaluation.matches import new_game, resolve_spec
from labyrinth_gym.play import QUIT_WORDS

FIELDS = ("game", "kwargs", "seed", "seats", "actions", "events")
KINDS = {"game": (str,), "kwargs": (dict,), "seed": (int,), "seats": (list,),
         "actions": (list,), "events": (list,)}
"""The JSON type each field of a replay has."""


def load_replay(path: str | Path) -> dict[str, Any]:
    """A replay file's contents, checked for the fields a replay needs and their types.

    Raises:
        FileNotFoundError: No such file. ValueError: Not JSON, not a JSON object, a
            missing field or one of the wrong type (every one named).
    """
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no replay file {str(path)!r}")
    try:
        data = json.loads(path.read_bytes())
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as err:
        raise ValueError(f"{path} is not JSON: {err}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a replay: a JSON {type(data).__name__}, not an "
                         "object with " + ", ".join(FIELDS))
    missing = [f for f in FIELDS if f not in data]
    if missing:
        raise ValueError(f"{path} is not a replay: missing {', '.join(missing)}")
    wrong = [f"{f} is a {type(data[f]).__name__}, not a {KINDS[f][0].__name__}"
             for f in FIELDS
             if not isinstance(data[f], KINDS[f]) or isinstance(data[f], bool)]
    if any(not isinstance(a, int) or isinstance(a, bool) for a in data["actions"]):
        wrong.append("actions are not all whole numbers")
    if wrong:
        raise ValueError(f"{path} is not a replay: {'; '.join(wrong)}")
    return data


def replay(data: dict[str, Any], seat: int | None = None, pause: bool = False,
           stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Show the replay ``data`` move by move (waiting for Enter after each with
    ``pause``; ``q`` stops); the number of moves shown.

    Raises:
        ValueError: an unknown game, bad kwargs, an illegal action in the replay, or a
            rebuilt log that differs from the recorded one.
    """
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    spec = resolve_spec(data["game"])
    game = new_game(spec, int(data["seed"]), data["kwargs"])
    if seat is not None and not 0 <= seat < game.num_players:
        raise ValueError(f"seat {seat} out of range: this game has seats "
                         f"0-{game.num_players - 1}")

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    seats = ", ".join(f"{i}: {who}" for i, who in enumerate(data["seats"]))
    say(f"{spec.name}, seed {data['seed']}, {len(data['actions'])} moves ({seats})")
    for n, action in enumerate(data["actions"], start=1):
        if action not in game.legal_actions():
            raise ValueError(f"the replay's move {n} ({action}) is not legal in its game; "
                             f"legal actions: {game.legal_actions()}")
        who = game.current_player()
        name = game.action_to_string(action) if seat in (None, who) else "(a move)"
        seen = len(game.events)
        game.apply_action(int(action))
        say(f"-- {n}. {spec.agent_prefix} {who}: {name}")
        shown = game.events[seen:] if seat is None else game.events_for(seat, seen)
        for event in shown:
            say(f"   . {game.describe(event, seat)}")
        if pause and n < len(data["actions"]):
            print("[Enter: next, q: stop] ", end="", file=out, flush=True)
            line = stdin.readline()
            if not line or line.strip().lower() in QUIT_WORDS:
                return n
    if json.loads(json.dumps(game.events)) != data["events"]:
        first = next((i for i, (a, b) in enumerate(zip(
            json.loads(json.dumps(game.events)), data["events"], strict=False)) if a != b),
            min(len(game.events), len(data["events"])))
        raise ValueError(f"the replay does not reproduce its game: the logs differ from "
                         f"event {first} on")
    say()
    say(spec.render_ansi(game) if seat is None else "")
    say(f"Replayed exactly: {game.outcome or 'not over'}, returns {game.returns()}")
    return len(data["actions"])


__all__ = ["load_replay", "replay"]
