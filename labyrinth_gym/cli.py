"""The ``labyrinth-gym`` command: thin shims over the library's functions.

Subcommands: ``list``, ``demo``, ``train``, ``evaluate``, ``benchmark speed``, ``benchmark agents``,
``benchmark table-edge``, ``play``, ``replay``, ``serve``, ``export``, ``cards coverage``, ``cards show``. A user error (unknown game or agent, bad game arguments, a path in the way,
a missing checkpoint) prints one line, ``labyrinth-gym: error: ...``, and exits with 2;
``--debug`` shows the traceback instead.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import socket
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

PROG = "labyrinth-gym"
USER_ERRORS = (ValueError, OSError, ImportError)
"""Exceptions that mean "the command was asked for something that cannot be"."""


class UsageError(ValueError):
    """A command line the library would accept but that makes no sense."""


# ------------------------------------------------------------------ arguments
def parse_value(text: str) -> Any:
    """A ``--kw`` value: JSON when it parses (numbers, lists, true), else the string."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_kw(items: Sequence[str] | None) -> dict[str, Any]:
    """``["max_turns=50", "maze=goblin_warren"]`` -> ``{"max_turns": 50, ...}``."""
    kwargs: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--kw expects key=value, got {item!r}")
        kwargs[key.strip()] = parse_value(value)
    return kwargs


def parse_party(text: str) -> int | list[str]:
    """``--party``: a size (``3``) or character ids (``fighter,rogue``)."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    members = [m.strip() for m in text.split(",") if m.strip()]
    if not members:
        raise UsageError("--party needs a size or a comma-separated list of characters")
    return members


def parse_list(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def parse_seats(text: str) -> list[int]:
    try:
        return [int(t) for t in parse_list(text)]
    except ValueError:
        raise UsageError(
            f"--seats expects seat numbers like 0,2, got {text!r}"
        ) from None


MAZE_PARTY_FLAGS = ("maze", "party")
"""``--maze`` and ``--party``: shorthands for maze_party's arguments of those names."""


def game_kwargs_of(args: argparse.Namespace) -> dict[str, Any]:
    """Game constructor kwargs from ``--kw`` and maze_party's shorthands
    ``--maze``/``--party`` (refused for another game: every game takes ``--kw``)."""
    kwargs = parse_kw(args.kw)
    given = [flag for flag in MAZE_PARTY_FLAGS if getattr(args, flag, None) is not None]
    game = getattr(args, "game", None)
    if given and game != "maze_party":
        flags = " and ".join(f"--{flag}" for flag in given)
        raise UsageError(f"{flags} only apply to maze_party; give {game}'s arguments "
                         f"with --kw NAME=VALUE (see: labyrinth-gym list {game})")
    if args.maze is not None:
        kwargs["maze"] = args.maze
    if args.party is not None:
        kwargs["party"] = parse_party(args.party)
    return kwargs


def agent_kwargs_of(items: Sequence[str] | None) -> dict[str, dict[str, Any]]:
    """``["search.simulations=16"]`` -> ``{"search": {"simulations": 16}}``."""
    out: dict[str, dict[str, Any]] = {}
    for item in items or []:
        target, sep, value = item.partition("=")
        name, dot, key = target.rpartition(".")
        if not sep or not dot or not name or not key:
            raise UsageError(f"--agent-kw expects agent.key=value, got {item!r}")
        out.setdefault(name, {})[key] = parse_value(value)
    return out


def _add_game_kwargs(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group(
        "game arguments (passed to the game's constructor; "
        "'labyrinth-gym list GAME' lists a game's)")
    g.add_argument(
        "--kw",
        action="append",
        metavar="KEY=VALUE",
        help="any game argument; VALUE is read as JSON when it parses "
        "(e.g. --kw max_turns=50); repeatable",
    )
    g.add_argument(
        "--maze",
        help="maze_party only (refused for other games): its maze, "
        "e.g. goblin_warren; the same as --kw maze=ID",
    )
    g.add_argument(
        "--party",
        help="maze_party only (refused for other games): party size (1-6) or "
        "characters, e.g. fighter,rogue,wizard",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    from labyrinth_gym import __version__

    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Labyrinth games as RL environments: train, evaluate, benchmark, play.",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}"
    )
    parser.add_argument(
        "--debug", action="store_true", help="show the full traceback on errors"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser(
        "list",
        help="the games, their Gymnasium ids, seats and agents; a game's arguments",
        description="Without GAME: every game with its Gymnasium id, seats and agents. "
        "With GAME: its agents and every constructor argument with its default and "
        "allowed values (give them as --kw NAME=VALUE, or to gymnasium.make).",
    )
    p.add_argument("game", nargs="?", help="a game name, e.g. maze_party")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser(
        "demo",
        help="every game played by its shipped agents in about a minute (make demo)",
        description="Each game's shipped agent (learned where a checkpoint ships, else "
        "the heuristic) plays a short seeded match against the heuristic or random: a "
        "line per game as it ends, then a table with 95%% intervals. The full "
        "benchmark is 'labyrinth-gym benchmark agents'.",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--games", type=int, metavar="N",
                   help="games per game (default: a per-game count sized to about a "
                   "minute in all)")
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser(
        "train",
        help="train a MaskablePPO agent for a game",
        description="Train a MaskablePPO agent (labyrinth_gym.training.train).",
    )
    p.add_argument("game", help="game name, e.g. maze_party")
    p.add_argument("--timesteps", type=int, help="environment steps to train for")
    p.add_argument("--seed", type=int, help="training seed")
    p.add_argument("--out", type=Path, help="run directory (model, config, logs)")
    p.add_argument("--resume", action="store_true", help="continue the run in --out")
    p.add_argument("--hyperparams", type=Path, help="YAML file of hyperparameters")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument(
        "--save-every", type=int, metavar="STEPS",
        help="also save the model and card every STEPS steps (long runs)",
    )
    p.add_argument(
        "--variant",
        help="competitive games: variants drawn per episode, e.g. caffeinated or "
        "official,caffeinated,steroids (default: the hyperparameter file's)",
    )
    p.add_argument(
        "--players",
        help="competitive games: player counts drawn per episode, e.g. 2..4 or 2,4",
    )
    p.add_argument(
        "--backend", choices=("sb3", "rllib"), default="sb3",
        help="sb3: Stable-Baselines3 in this process (default); rllib: Ray RLlib, on "
        "this machine or a Ray cluster (the [rllib] extra)",
    )
    p.add_argument(
        "--address",
        help="rllib: join this Ray cluster (e.g. auto or HOST:6379) instead of starting "
        "Ray inside this process",
    )
    p.add_argument(
        "--env-runners", type=int, default=None, metavar="N",
        help="rllib: sampling workers Ray places on the cluster's nodes (default 1; 0 "
        "samples in this process)",
    )
    _add_game_kwargs(p)
    p.set_defaults(func=cmd_train)

    p = sub.add_parser(
        "evaluate",
        help="win rates of agents over seeded games, with 95%% CIs",
        description="Play every agent on the same seeded games (cooperative games) or "
        "rotate seats (competitive games); print win rates with 95% Wilson "
        "intervals and write evaluation.json and win_rates.png.",
    )
    p.add_argument("game", help="game name, e.g. maze_party")
    p.add_argument(
        "--agents",
        type=parse_list,
        help="comma-separated agent names or ids "
        "(default: random and the game's heuristic), "
        "e.g. random,heuristic,search,ppo",
    )
    p.add_argument(
        "--games", type=int, default=2000, help="games per agent (default 2000)"
    )
    p.add_argument(
        "--seed", type=int, default=0, help="seed of the first game (default 0)"
    )
    p.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="processes (default: one per core); results do not depend on it",
    )
    p.add_argument(
        "--out", type=Path, help="output directory (default runs/eval/<game>)"
    )
    p.add_argument(
        "--agent-kw",
        action="append",
        metavar="AGENT.KEY=VALUE",
        help="agent argument, e.g. search.simulations=16; repeatable",
    )
    p.add_argument(
        "--per-game",
        action="store_true",
        help="also store every game's seats and returns in the JSON",
    )
    p.add_argument(
        "--record-card",
        action="store_true",
        help="also append the results to the card.json of every agent given a "
        "checkpoint with --agent-kw AGENT.path=DIR (how a training run scored)",
    )
    _add_game_kwargs(p)
    p.set_defaults(func=cmd_evaluate)

    p = sub.add_parser(
        "benchmark",
        help="env speed, every game's agents, or the card game's table edge",
        description="Benchmarks: env steps per second, all agents, or how often the "
        "card game's grid edge refuses a play.",
    )
    bench = p.add_subparsers(dest="benchmark", required=True, metavar="WHAT")
    b = bench.add_parser(
        "speed",
        help="env steps per second with random legal actions",
        description="Steps per second of every game's Gymnasium and PettingZoo env with "
        "random legal actions (in each configuration the game lists, e.g. Magic with 2 "
        "and 4 players), PettingZoo's connect_four_v3 for scale (each row timed in "
        "rounds, each round followed at once by connect_four; the row's ratio is the "
        "median with its range, and speed targets are judged on it), and the phase-python Rust Magic engine on a "
        "random 2-player game when it is installed (pip install 'labyrinth-gym[phase]').",
    )
    b.add_argument(
        "--seconds", type=float, default=1.0,
        help="time of each timing, a row's round or connect_four's (default 1)"
    )
    b.add_argument(
        "--rounds", type=int, default=5,
        help="rounds per row, each followed at once by connect_four; the ratio is "
        "the median (default 5)"
    )
    b.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    b.add_argument("--json", type=Path, metavar="FILE",
                   help="also write the rows to this JSON file")
    b.add_argument("--no-phase", action="store_true",
                   help="skip the phase-python row")
    b.set_defaults(func=cmd_benchmark_speed)
    b = bench.add_parser(
        "table-edge",
        help="how often the card game's grid edge refuses a play",
        description="Labyrinth the Card Game keeps its layout on a grid and slides it "
        "back to the centre at the border; this plays random games in every variant "
        "(2 and 4 players) and counts the play decisions where the edge still refused "
        "a play an open table would allow.",
    )
    b.add_argument("--games", type=int, default=200,
                   help="games per variant and player count (default 200)")
    b.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    b.set_defaults(func=cmd_benchmark_table_edge)
    b = bench.add_parser(
        "agents",
        help="random, heuristic, search and ppo on every game",
        description="Win rates of every game's agents on the same seeds (what make demo "
        "runs). In competitive games each agent plays random (2 players, seats "
        "rotated; random's row is random against itself). An agent that cannot be "
        "loaded gets a row saying why.",
    )
    b.add_argument(
        "--games", type=int, default=500, help="games per agent (default 500)"
    )
    b.add_argument(
        "--search-games",
        type=int,
        default=100,
        help="games for the (slow) search agent (default 100; fewer, with a smaller "
        "search, where it is slower: labyrinth_cards plays 10)",
    )
    b.add_argument(
        "--seed", type=int, default=0, help="seed of the first game (default 0)"
    )
    b.add_argument("--workers", type=int, help="processes (default: up to 2)")
    b.set_defaults(func=cmd_benchmark_agents)
    b = bench.add_parser(
        "server",
        help="the game server under load: concurrent sessions over loopback",
        description="Starts the game server on a loopback port and plays SESSIONS "
        "sessions at once, a person (random legal moves) against agent seats, MOVES "
        "moves each; prints moves/s, errors and the latency percentiles of a move "
        "request (which includes the agents' replies). Needs the [serve] extra.",
    )
    b.add_argument("--game", default="labyrinth_cards", help="game (default labyrinth_cards)")
    b.add_argument("--sessions", type=int, default=100, help="sessions at once (default 100)")
    b.add_argument("--moves", type=int, default=50, help="moves per session (default 50)")
    b.add_argument("--players", type=int, default=2, help="seats, the person's included "
                   "(default 2; 0: the game's default)")
    b.add_argument("--opponent", default="heuristic", help="agent of the other seats "
                   "(default heuristic)")
    b.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    b.add_argument("--json", type=Path, metavar="FILE", help="also write the report here")
    b.set_defaults(func=cmd_benchmark_server)

    b = bench.add_parser(
        "training",
        help="training env steps/s: SB3 and Ray RLlib with 1, 2 and 4 env runners",
        description="Trains a short run of each game with Stable-Baselines3 (one "
        "process) and with Ray RLlib (1, 2 and 4 env runners on this machine) and prints "
        "env steps per second, sampling and updates included, and RLlib's rate per "
        "runner. RLlib rows need the [rllib] extra.",
    )
    b.add_argument("--games", default="maze_party,labyrinth_cards",
                   help="comma-separated games (default maze_party,labyrinth_cards)")
    b.add_argument("--timesteps", type=int, default=8192,
                   help="steps per run (default 8192)")
    b.add_argument("--runners", default="1,2,4", help="RLlib runner counts (default 1,2,4)")
    b.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    b.add_argument("--json", type=Path, metavar="FILE", help="also write the rows here")
    b.set_defaults(func=cmd_benchmark_training)

    p = sub.add_parser(
        "league",
        help="run a Mazerunner league season of agents in a 4-player game",
        description="Run a season (weekly pods of 4, league points, pairings, "
        "finals) described in a YAML file; print the standings after each week and "
        "write league.json and league.png.",
    )
    p.add_argument("game", help="a 4-player competitive game, e.g. labyrinth_cards")
    p.add_argument("--season", type=Path, required=True, metavar="FILE.yml",
                   help="the season: teams with identities, players with agent ids, "
                   "weekly scaling factors, submission dates")
    p.add_argument("--seed", type=int, default=0, help="season seed (default 0)")
    p.add_argument("--out", type=Path, help="output directory (default runs/league/<game>)")
    p.add_argument("--quiet", action="store_true", help="only the final tables")
    p.set_defaults(func=cmd_league)

    p = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play in the terminal: pick actions by number; q or Ctrl-D leaves. "
        "An agent plays the seats you do not.",
    )
    p.add_argument("game", help="game name, e.g. maze_party")
    p.add_argument("--seed", type=int, default=0, help="game seed (default 0)")
    p.add_argument("--agent", help="agent for the other seats (default: the heuristic)")
    p.add_argument(
        "--seats",
        type=parse_seats,
        help="seats you play, e.g. 0,2 (default: all of them)",
    )
    _add_game_kwargs(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser(
        "export",
        help="write a learned policy as ONNX (runs without torch)",
        description="Export a learned agent's policy as ONNX: inputs observation "
        "(float32) and action_mask (int8), output action probabilities, each described "
        "in the file; its card goes in the metadata and beside the file as "
        "NAME.card.json. agents.make('<game>/ppo', path='NAME.onnx', runtime='onnx') "
        "plays such a file.",
    )
    p.add_argument("agent", help="learned agent id, e.g. labyrinth_cards/ppo")
    p.add_argument("--onnx", type=Path, required=True, metavar="NAME.onnx",
                   help="the ONNX file to write")
    p.add_argument("--path", type=Path, help="a checkpoint directory instead of the shipped one")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser(
        "replay",
        help="step through a served game's replay in the terminal",
        description="Rebuild a replay (GET /v1/sessions/{id}/replay of the server) "
        "move by move, with the events of each, and check it reproduces its log.",
    )
    p.add_argument("file", help="replay JSON file")
    p.add_argument("--seat", type=int, help="show the log as this seat saw it")
    p.add_argument("--no-pause", action="store_true",
                   help="do not wait for Enter between moves (the default off a terminal)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser(
        "serve",
        help="serve the games and agents over HTTP for other front ends",
        description="A game server (FastAPI + uvicorn; pip install 'labyrinth-gym[serve]'): "
        "hosted sessions with agent seats, a stateless move service, replays; "
        "OpenAPI docs at /docs.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--max-sessions", type=int, default=1000,
                   help="sessions kept; the one idle longest is evicted (default 1000)")
    p.add_argument("--search-simulations", type=int, default=32,
                   help="search agents' simulations per move (default 32)")
    p.add_argument("--checkpoint", action="append", default=[], metavar="GAME/NAME=DIR",
                   help="also serve the checkpoint in DIR (a training run's folder, "
                   "either backend) as agent GAME/NAME; repeatable")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser(
        "cards",
        help="the Magic card engine's real card pool",
        description="The Magic card pool compiled into the engine's effect vocabulary.",
    )
    cards = p.add_subparsers(dest="cards", required=True, metavar="WHAT")
    c = cards.add_parser(
        "coverage",
        help="supported cards by type, by mechanism, and the commonest unsupported reasons",
        description="How many real cards the compiler supports, by card type; how many "
        "supported cards need each rules mechanism (an effect, a trigger event, a keyword, "
        "a kind of cost); and the most common reasons (the first line it could not read) "
        "for the rest.",
    )
    c.add_argument("--reasons", type=int, default=20,
                   help="how many unsupported reasons to list (default 20)")
    c.add_argument("--mechanisms", type=int, default=25,
                   help="how many mechanisms to list with the number of supported cards "
                   "that need each (default 25)")
    c.add_argument("--json", action="store_true",
                   help="print the whole report (every reason and mechanism) as JSON, "
                   "e.g. to compare two versions")
    c.set_defaults(func=cmd_cards_coverage)
    c = cards.add_parser(
        "decks",
        help="which decklists in a folder load, and the cards that stop the rest",
        description="Read every decklist under DIR (XMage .dck files and plain "
        "'4 Card Name' lists, .txt or .dec), say per deck whether the engine plays it "
        "whole, and rank the missing cards by how many decks they block.",
    )
    c.add_argument("folder", metavar="DIR", help="a folder of decklists (read recursively)")
    c.add_argument("--top", type=int, default=30,
                   help="how many missing cards to rank (default 30)")
    c.add_argument("--list", action="store_true",
                   help="also list every deck: loads, or the cards that stop it")
    c.add_argument("--json", action="store_true", help="print the whole report as JSON")
    c.set_defaults(func=cmd_cards_decks)
    c = cards.add_parser(
        "show",
        help="a card's compiled effect tree",
        description="Print a card's compiled effect tree as JSON, or why it is not "
        "supported.",
    )
    c.add_argument("name", help='the card\'s name, any case, e.g. "lightning bolt"; '
                   "either face of a double-faced or split card (A // B)")
    c.set_defaults(func=cmd_cards_show)
    return parser


# ------------------------------------------------------------------ commands
def _check_game(name: str, game_kwargs: dict[str, Any]) -> None:
    """Fail fast on an unknown game or arguments it does not take."""
    from labyrinth_gym.evaluation.matches import new_game, resolve_spec

    new_game(resolve_spec(name), 0, game_kwargs)


def parse_int_choices(text: str, flag: str) -> list[int]:
    """``"2..4"`` -> ``[2, 3, 4]``; ``"2,4"`` -> ``[2, 4]``."""
    try:
        if ".." in text:
            lo, hi = (int(x) for x in text.split("..", 1))
            values = list(range(lo, hi + 1))
        else:
            values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise UsageError(f"{flag} takes a range like 2..4 or a list like 2,4, got {text!r}") from None
    if not values:
        raise UsageError(f"{flag} names no value: {text!r}")
    return values


def cmd_train(args: argparse.Namespace) -> int:
    game_kwargs = game_kwargs_of(args)
    _check_game(args.game, game_kwargs)
    if args.hyperparams is not None and not args.hyperparams.is_file():
        raise FileNotFoundError(f"no hyperparameter file {str(args.hyperparams)!r}")
    if args.out is not None:
        from labyrinth_gym.evaluation.report import check_out_dir

        check_out_dir(args.out)
    try:
        from labyrinth_gym.training import train
    except ImportError as err:
        raise ImportError(f"training is not available: {err}") from err
    options = {
        "timesteps": args.timesteps,
        "seed": args.seed,
        "out_dir": args.out,
        "hyperparams": args.hyperparams,
        "save_every": args.save_every,
    }
    if args.save_every is not None and args.save_every <= 0:
        raise UsageError(f"--save-every must be positive, got {args.save_every}")
    choices = {}
    if args.variant:
        choices["variant"] = [v.strip() for v in args.variant.split(",") if v.strip()]
    if args.players:
        choices["num_players"] = parse_int_choices(args.players, "--players")
    if args.backend == "rllib":
        return _train_rllib(args, game_kwargs, choices)
    if args.address is not None or args.env_runners is not None:
        raise UsageError("--address and --env-runners need --backend rllib")
    start = time.perf_counter()
    path = train(
        args.game,
        **{k: v for k, v in options.items() if v is not None},
        resume=args.resume,
        progress=not args.no_progress,
        game_kwargs=game_kwargs,
        choices=choices or None,
    )
    print(f"saved {path}")
    print(train_summary(args.game, Path(path), time.perf_counter() - start))
    return 0


def train_summary(game: str, out: Path, wall_seconds: float) -> str:
    """What a finished run did and where it is: steps, wall time, how its last
    episodes went (when the card says), and the command that evaluates it."""
    folder = out if out.is_dir() else out.parent
    card: dict[str, Any] = {}
    try:
        card = json.loads((folder / "card.json").read_text())
    except (OSError, ValueError):
        pass
    steps = card.get("timesteps")
    lines = [f"trained {game}: "
             + (f"{steps:,} steps, " if isinstance(steps, int) else "")
             + f"{wall_seconds:.1f} s wall time"]
    last = card.get("last_episodes")
    if isinstance(last, dict) and last.get("episodes"):
        lines.append(f"last {last['episodes']} training episodes: mean return "
                     f"{last['mean_return']:+.3f}, {last['positive_share']:.0%} with a "
                     "positive return (won)")
    lines.append(f"model: {folder} (policy.pt, card.json)")
    lines.append("evaluate it: " + shlex.join(
        ["labyrinth-gym", "evaluate", game, "--agents", "random,heuristic,ppo",
         "--agent-kw", f"ppo.path={folder}"]))
    return "\n".join(lines)


def _train_rllib(args: argparse.Namespace, game_kwargs: dict, choices: dict) -> int:
    from labyrinth_gym.training.rllib import require_rllib, train_rllib

    unsupported = [flag for flag, given in (("--resume", args.resume),
                                            ("--save-every", args.save_every is not None))
                   if given]
    if unsupported:
        raise UsageError(f"{', '.join(unsupported)}: not with --backend rllib yet")
    require_rllib()
    start = time.perf_counter()
    path = train_rllib(
        args.game, timesteps=args.timesteps, seed=args.seed or 0, out_dir=args.out,
        hyperparams=args.hyperparams, progress=not args.no_progress,
        game_kwargs=game_kwargs, address=args.address, choices=choices or None,
        env_runners=1 if args.env_runners is None else args.env_runners,
    )
    print(f"saved {path}")
    print(train_summary(args.game, Path(path), time.perf_counter() - start))
    return 0


def cmd_evaluate(args: argparse.Namespace) -> int:
    from labyrinth_gym.evaluation import evaluate, write_report
    from labyrinth_gym.evaluation.report import (
        check_out_dir,
        ensure_out_dir,
        eval_table,
        print_table,
    )

    game_kwargs = game_kwargs_of(args)
    _check_game(args.game, game_kwargs)
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    agents = args.agents or _default_agents(args.game)
    # only checked here: the folder is made once the agents have loaded and played,
    # so a failed run (unknown agent, bad --agent-kw) leaves no empty folder behind
    out = check_out_dir(args.out or Path("runs") / "eval" / args.game)
    agent_kwargs = agent_kwargs_of(args.agent_kw)
    if args.record_card and not any("path" in kw for kw in agent_kwargs.values()):
        raise UsageError("--record-card needs an agent played from a checkpoint "
                         "(--agent-kw AGENT.path=DIR)")
    from labyrinth_gym.evaluation.progress import Bars

    with Bars() as bars, bars.task(f"{args.game}: games") as progress:
        report = evaluate(
            args.game,
            agents,
            games=args.games,
            seed=args.seed,
            workers=args.workers,
            game_kwargs=game_kwargs,
            agent_kwargs=agent_kwargs,
            progress=progress,
        )
    print_table(eval_table(report))
    json_path, png_path = write_report(report, ensure_out_dir(out), per_game=args.per_game)
    print(f"wall time {report.wall_seconds:.1f} s on {args.workers} worker(s) (the "
          "table's game seconds add up each game's own time over every worker)")
    print(f"wrote {json_path}")
    print(f"wrote {png_path}")
    if args.record_card:
        from labyrinth_gym.evaluation.report import record_in_cards

        command = shlex.join(
            ["labyrinth-gym", "evaluate", args.game, "--agents", ",".join(agents),
             "--games", str(args.games), "--seed", str(args.seed)]
            + [f"--agent-kw={item}" for item in args.agent_kw or []]
            + [f"--kw={k}={json.dumps(v)}" for k, v in game_kwargs.items()])
        for card in record_in_cards(report, agent_kwargs, command):
            print(f"recorded in {card}")
    return 0


def _default_agents(game: str) -> list[str]:
    from labyrinth_gym.agents import registered

    known = registered(game)
    return [n for n in ("random", "heuristic") if f"{game}/{n}" in known]


def cmd_benchmark_speed(args: argparse.Namespace) -> int:
    from labyrinth_gym.evaluation.report import (
        check_out_dir,
        print_table,
        speed_table,
    )
    from labyrinth_gym.evaluation.speed import benchmark_speed

    if args.seconds <= 0 or args.rounds < 1:
        raise UsageError(f"--seconds must be positive and --rounds at least 1, got "
                         f"{args.seconds} and {args.rounds}")
    if args.json is not None:
        check_out_dir(args.json.parent)  # fail before the timing, not after it
    from labyrinth_gym.evaluation.progress import Bars

    with Bars() as bars, bars.task("timing envs") as progress:
        rows = benchmark_speed(seconds=args.seconds, seed=args.seed,
                               phase=not args.no_phase, progress=progress,
                               rounds=args.rounds)
    print_table(speed_table(rows))
    _write_rows(rows, args.json)
    return 0


def _write_rows(rows: list, path: Path | None) -> None:
    """A benchmark's rows as JSON at ``path`` (its folder checked before the run)."""
    from labyrinth_gym.evaluation.report import ensure_out_dir

    if path is not None:
        ensure_out_dir(path.parent)
        path.write_text(json.dumps(rows, indent=2) + "\n")
        print(f"wrote {path}")


def cmd_benchmark_training(args: argparse.Namespace) -> int:
    from labyrinth_gym.evaluation.report import check_out_dir, print_table
    from labyrinth_gym.evaluation.training_speed import (
        benchmark_training,
        training_table,
    )

    games = tuple(g.strip() for g in args.games.split(",") if g.strip())
    for game in games:
        _check_game(game, {})
    runners = tuple(parse_int_choices(args.runners, "--runners"))
    if args.timesteps < 1 or not runners or min(runners) < 1:
        raise UsageError("--timesteps and every --runners count must be >= 1")
    if args.json is not None:
        check_out_dir(args.json.parent)
    rows = benchmark_training(games, runners, args.timesteps, args.seed)
    print_table(training_table(rows))
    _write_rows(rows, args.json)
    return 0


def cmd_benchmark_table_edge(args: argparse.Namespace) -> int:
    from labyrinth_gym.evaluation.report import edge_table, print_table
    from labyrinth_gym.evaluation.table_edge import edge_refusal_rates

    if args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    print_table(edge_table(edge_refusal_rates(games=args.games, seed=args.seed)))
    return 0


def cmd_benchmark_agents(args: argparse.Namespace) -> int:
    from labyrinth_gym.evaluation.report import agents_table, print_table
    from labyrinth_gym.evaluation.speed import benchmark_agents

    if args.games < 1 or args.search_games < 1:
        raise UsageError("--games and --search-games must be at least 1")
    from labyrinth_gym.evaluation.progress import Bars

    start = time.perf_counter()
    with Bars() as bars:
        rows = benchmark_agents(
            games=args.games,
            seed=args.seed,
            search_games=args.search_games,
            workers=args.workers,
            task=bars.task,
            on_row=lambda row: bars.print(_agent_line(row)),
        )
    print_table(agents_table(rows))
    print(f"{time.perf_counter() - start:.1f} s in all")
    return 0


def _agent_line(row: dict[str, Any]) -> str:
    """A benchmark row as the line printed when it is done."""
    if not row.get("games"):
        return f"{row['agent']}: {row.get('note', '')}"
    from labyrinth_gym.evaluation.report import rate_with_interval

    return (f"{row['agent']}: {rate_with_interval(row)} of {row['games']} games, "
            f"{row['note']} [{row['seconds']:.1f} s]")


def cmd_demo(args: argparse.Namespace) -> int:
    from labyrinth_gym.evaluation.demo import NEXT_STEPS, run_demo
    from labyrinth_gym.evaluation.progress import Bars
    from labyrinth_gym.evaluation.report import agents_table, print_table

    if args.games is not None and args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    start = time.perf_counter()
    print("Each game's shipped agent (learned where one ships, else the heuristic) in a "
          "short seeded match; a line per game as it ends.", flush=True)
    with Bars() as bars:
        rows = run_demo(games=args.games, seed=args.seed, show=bars.print,
                        task=bars.task)
    print_table(agents_table(rows))
    print(f"{time.perf_counter() - start:.1f} s in all")
    print(NEXT_STEPS)
    return 0


def cmd_benchmark_server(args: argparse.Namespace) -> int:
    try:
        from labyrinth_gym.server.bench import benchmark_server
    except ImportError as err:
        raise ImportError(f"the server benchmark needs the [serve] extra ({err})") from err
    if args.sessions < 1 or args.moves < 1:
        raise UsageError("--sessions and --moves must be at least 1")
    report = benchmark_server(game=args.game, sessions=args.sessions, moves=args.moves,
                              opponent=args.opponent, players=args.players, seed=args.seed)
    print(f"{report['sessions']} sessions x {report['moves_per_session']} moves of "
          f"{report['game']} ({report['players'] or 'default'} seats, a person against "
          f"{report['opponent']}): {report['moves']} moves in {report['seconds']:.1f} s, "
          f"{report['moves_per_second']:.0f} moves/s, {report['errors']} errors; "
          f"latency p50 {report['p50_ms']:.1f} ms, p99 {report['p99_ms']:.1f} ms")
    for error in report["first_errors"]:
        print(f"  error: {error}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0 if report["errors"] == 0 else 1


def cmd_league(args: argparse.Namespace) -> int:
    try:
        from labyrinth_gym.evaluation.league.report import (
            finals_line,
            tables,
            write_season,
        )
        from labyrinth_gym.evaluation.league.season import (
            check_game,
            load_season,
            run_season,
        )
    except ImportError as err:
        raise ImportError(f"league needs the [league] extra: pip install "
                          f"'labyrinth-gym[league]' ({err})") from err
    from labyrinth_gym.evaluation.report import ensure_out_dir, print_table

    season = load_season(args.season, args.game)
    check_game(args.game, season.kwargs)
    out = ensure_out_dir(args.out or Path("runs") / "league" / args.game)

    from labyrinth_gym.evaluation.progress import Bars

    with Bars() as bars, bars.task("season: weeks and finals") as progress:
        progress(0, season.rounds + 1)

        def show(number: int, league) -> None:
            progress(1, season.rounds + 1)
            if number == 0:
                bars.print(finals_line(league))
            elif not args.quiet:
                for table in tables(league, f"after week {number}"):
                    print_table(table)

        league = run_season(season, args.seed, on_round=show)
    for table in tables(league, f"{args.game} season, seed {args.seed}, final"):
        print_table(table)
    json_path, png_path = write_season(league, out)
    print(f"wrote {json_path}")
    print(f"wrote {png_path}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from labyrinth_gym.play import play

    play(
        args.game,
        seed=args.seed,
        agent=args.agent,
        human_seats=args.seats,
        game_kwargs=game_kwargs_of(args),
    )
    return 0


def _shown(value: Any) -> str:
    """A value as ``--kw`` takes it (JSON for None, booleans and numbers)."""
    return value if isinstance(value, str) else json.dumps(value)


def _seats(spec) -> str:
    """The seats a game takes: its ``num_players`` range, or the default count."""
    option = next((o for o in spec.options if o.name == "num_players"), None)
    if option is not None:
        return f"{option.describe_allowed()} (default {option.default})"
    return str(spec.num_players(**spec.game_kwargs))


def cmd_list(args: argparse.Namespace) -> int:
    from rich.table import Table

    from labyrinth_gym.agents import registered
    from labyrinth_gym.envs import game_names, game_spec
    from labyrinth_gym.evaluation.report import print_table

    def agents_of(game: str) -> str:
        return ", ".join(a.split("/", 1)[1] for a in registered(game))

    if args.game is None:
        table = Table(title="games (labyrinth-gym list GAME: its arguments)")
        for header in ("game", "Gymnasium id", "seats", "play", "agents"):
            table.add_column(header)
        for game in game_names():
            spec = game_spec(game)
            table.add_row(game, spec.env_id, _seats(spec),
                          "cooperative" if spec.cooperative else "competitive",
                          agents_of(game))
        print_table(table)
        return 0
    spec = game_spec(args.game)  # ValueError naming the known games
    print(f"{spec.name}: gymnasium.make({spec.env_id!r}, **arguments); seats "
          f"{_seats(spec)}, {'cooperative' if spec.cooperative else 'competitive'}")
    print(f"agents: {agents_of(spec.name)} (e.g. --agents "
          f"{registered(spec.name)[0].split('/', 1)[1]})")
    table = Table(title=f"{spec.name}'s arguments: --kw NAME=VALUE (VALUE as JSON)")
    for header in ("argument", "default", "allowed", "what it sets"):
        table.add_column(header)
    for option in spec.options:
        choices = option.choices()
        allowed = (", ".join(_shown(c) for c in choices) if choices is not None
                   else option.describe_allowed())
        table.add_row(option.name, _shown(option.default), allowed, option.help)
    print_table(table)
    print("The Gymnasium env also takes render_mode (None, 'ansi', 'rgb_array') and "
          "strict (raise on an illegal action)"
          + ("; a competitive one learner_seat and opponents." if not spec.cooperative
             else "."))
    return 0


def cmd_cards_coverage(args: argparse.Namespace) -> int:
    from rich.table import Table

    from labyrinth_gym.envs.magic.engine.coverage import coverage
    from labyrinth_gym.evaluation.report import print_table

    for option in ("reasons", "mechanisms"):
        if getattr(args, option) < 0:
            raise UsageError(f"--{option} must be 0 or more, got {getattr(args, option)}")
    report = coverage(reasons=None if args.json else args.reasons)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    table = Table(title=f"supported cards: {report['supported']:,} of {report['total']:,}")
    for header in ("card type", "supported", "of", "share"):
        table.add_column(header, justify="left" if header == "card type" else "right")
    for card_type, row in report["by_type"].items():
        table.add_row(card_type, f"{row['supported']:,}", f"{row['total']:,}",
                      f"{row['supported'] / row['total']:.1%}")
    print_table(table)
    if report["reasons"]:
        reasons = Table(title="commonest reasons a card is unsupported (its first unread line)")
        reasons.add_column("cards", justify="right")
        reasons.add_column("reason")
        for reason, n in report["reasons"]:
            reasons.add_row(f"{n:,}", reason)
        print_table(reasons)
    if args.mechanisms:
        needs = Table(title="mechanisms: supported cards that need each one")
        needs.add_column("cards", justify="right")
        needs.add_column("mechanism")
        for label, n in report["mechanisms"][:args.mechanisms]:
            needs.add_row(f"{n:,}", label)
        print_table(needs)
    return 0


def cmd_cards_decks(args: argparse.Namespace) -> int:
    import dataclasses

    from rich.table import Table

    from labyrinth_gym.envs.magic.engine.deck_report import deck_report
    from labyrinth_gym.evaluation.report import print_table

    if args.top < 0:
        raise UsageError(f"--top must be 0 or more, got {args.top}")
    try:
        report = deck_report(args.folder)
    except (NotADirectoryError, ValueError) as err:
        raise UsageError(str(err)) from err
    decks = report["decks"]
    if args.json:
        print(json.dumps({**report, "decks": [dataclasses.asdict(d) | {"whole": d.whole}
                                             for d in decks]}, indent=1))
        return 0
    if not decks:
        raise UsageError(f"no decklists (.dck, .dec, .txt) under {args.folder}")
    if args.list:
        for d in decks:
            if d.problems:
                print(f"{d.path}: unreadable: {'; '.join(d.problems)}")
            elif d.whole:
                print(f"{d.path}: loads ({d.slots} cards)")
            else:
                stops = sorted(d.blocking | d.unknown)
                print(f"{d.path}: {d.supported} of {d.slots} cards play; stopped by "
                      f"{len(stops)}: {', '.join(stops)}")
    share = report["supported"] / report["slots"] if report["slots"] else 0.0
    print(f"{report['whole']:,} of {len(decks):,} decks load whole; "
          f"{report['supported']:,} of {report['slots']:,} card slots "
          f"({share:.1%}) are cards the engine plays")
    groups = Table(title="by folder")
    for header in ("folder", "decks", "whole", "slots supported"):
        groups.add_column(header, justify="left" if header == "folder" else "right")
    for name, g in report["groups"].items():
        part = g["supported"] / g["slots"] if g["slots"] else 0.0
        groups.add_row(name, f"{g['decks']:,}", f"{g['whole']:,}", f"{part:.1%}")
    print_table(groups)
    if args.top and report["missing"]:
        missing = Table(title="missing cards, by the decks they block")
        for header in ("decks", "copies", "card", "why"):
            missing.add_column(header, justify="right" if header in ("decks", "copies")
                               else "left")
        for m in report["missing"][:args.top]:
            missing.add_row(f"{m['decks']:,}", f"{m['slots']:,}", m["card"], m["reason"])
        print_table(missing)
    return 0


def cmd_cards_show(args: argparse.Namespace) -> int:
    from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
    from labyrinth_gym.envs.magic.engine.decklist import Decklist, check_cards
    from labyrinth_gym.envs.magic.engine.effects import tree

    pool = compiled_pool()
    name = find_card(args.name, [*pool.supported, *pool.unsupported])
    if name in pool.supported:
        print(json.dumps(tree(pool.supported[name]), indent=2))
        return 0
    (problem,) = check_cards(Decklist(((name, 1),)), pool)
    raise UsageError(problem)


def find_card(query: str, names: Sequence[str], suggestions: int = 5) -> str:
    """The card ``query`` names: the exact name first, then the name in any case, then
    the double-faced or split card (``A // B``) one of whose faces it names.

    Raises:
        UsageError: No card by that name; the message lists the closest names.
    """
    from labyrinth_gym.envs.magic.engine.decklist import CardNames

    index = CardNames(names)
    found = index.find(query)
    if found is not None:
        return found
    shown = index.closest(query, n=suggestions, cutoff=0.6)
    hint = (f"; the closest names: {', '.join(repr(n) for n in shown)}" if shown
            else "")
    raise UsageError(f"unknown card {query!r}{hint}")


def cmd_export(args: argparse.Namespace) -> int:
    from labyrinth_gym.agents.portable import export_onnx

    print(f"wrote {export_onnx(args.agent, args.onnx, path=args.path)}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from labyrinth_gym.replay import load_replay, replay

    data = load_replay(args.file)
    replay(data, seat=args.seat, pause=sys.stdin.isatty() and not args.no_pause)
    return 0


def check_address(host: str, port: int) -> None:
    """Fail in one line, before the server starts, on a port out of range, a host
    that is not an address of this machine, or an address already in use: a socket
    is bound there (as uvicorn binds it, with ``SO_REUSEADDR``) and closed.

    Raises:
        UsageError: The port or the host. OSError: The address cannot be bound.
    """
    if not 1 <= port <= 65535:
        raise UsageError(f"--port must be 1-65535, got {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as err:
        reason = getattr(err, "strerror", None) or err
        raise UsageError(f"--host {host!r} is not an address to serve on: "
                         f"{reason}") from None
    family, kind, proto, _, address = infos[0]
    try:
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(address)
    except OSError as err:
        raise OSError(f"cannot serve on {host}:{port}: "
                      f"{err.strerror or err}") from None


def cmd_serve(args: argparse.Namespace) -> int:
    check_address(args.host, args.port)
    try:
        import uvicorn

        from labyrinth_gym.server.app import create_app
    except ImportError as err:
        raise ImportError(f"serve needs the [serve] extra: pip install "
                          f"'labyrinth-gym[serve]' ({err})") from err
    if args.max_sessions < 1 or args.search_simulations < 1:
        raise UsageError("--max-sessions and --search-simulations must be >= 1")
    checkpoints = {}
    for item in args.checkpoint:
        agent_id, sep, folder = item.partition("=")
        if not sep or not agent_id or not folder:
            raise UsageError(f"--checkpoint expects GAME/NAME=DIR, got {item!r}")
        checkpoints[agent_id] = folder
    app = create_app(max_sessions=args.max_sessions,
                     search_simulations=args.search_simulations, checkpoints=checkpoints)
    # SIGTERM/Ctrl-C: requests still open (a socket, a move waiting for agents) get
    # a few seconds, then the server stops; agents think in daemon threads, so a
    # search in the middle of a move does not hold the process.
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                timeout_graceful_shutdown=3)
    return 0


# ------------------------------------------------------------------ main
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (2 for user errors)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except USER_ERRORS as err:
        if args.debug:
            raise
        message = " ".join(str(err).split()) or type(err).__name__
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
