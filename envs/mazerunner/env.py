"""Mazerunner pods: 4-player Commander free-for-all as a PettingZoo AEC env.

## Description
A Mazerunner pod (rule 4a): four players, each with a 100-card Commander deck of real
cards, play Magic under the Commander rules on the card engine
(:mod:`labyrinth_gym.envs.mazerunner.engine.game`: 40 life, the command zone and its
tax, 21 commander damage, one free mulligan); the last player standing wins. The game
keeps the elimination record the league scores (rule 4d).

## Action Space
``Discrete(677)``: Magic's 675 actions
(:mod:`labyrinth_gym.envs.magic.engine.actions`) and two more, ``675 + i``: cast the
``i``-th commander in the acting player's command zone. The ``commander_zone``
decision (a commander went to its owner's graveyard or exile) is answered with
Magic's yes / no.

## Observation Space
``Box(-1, 1, (OBS_SIZE,), float32)``: Magic's observation of the seat followed by the
Commander block (:mod:`labyrinth_gym.envs.mazerunner.encoding`). PettingZoo
observations are ``{"observation", "action_mask"}``; the mask is all zeros off-turn.

## Rewards
At the end: +1 to the last player standing, -1 to every other player; 0 to everyone
in a draw or a truncated game (league points come from the elimination record, not
from the rewards). An illegal action ends the episode with -1 for the offender.

## Starting State
The decks in seat order (default: the shipped decks, dealt to the seats in an order
drawn from the episode's seed, rule 4b); commanders in the command zone; libraries
shuffled; a die picks the starting player; seven-card hands and mulligans.

## Episode End
One player (or none) is left; or truncation after ``max_turns`` turns (every player's
turns counted, default 120) or ``max_actions`` actions (default 30000).

## Arguments
- ``num_players``: 2-4 (default 4: the league's pods).
- ``decks``: one Mazerunner decklist per seat (a shipped deck's name such as ``"WU"`` or
  ``"WU-2"``, a shipped published precon's name such as ``"draconic_rage"``, a path,
  decklist text, or a parsed
  :class:`~labyrinth_gym.envs.mazerunner.decks.MazerunnerDeck`); each is checked with
  rule 2 for its commander's identity and must be playable (every problem listed).
- ``max_turns``, ``max_actions``, ``mulligan``; ``render_mode="ansi"``.

## Version History
- v7: the card engine's v8 rules (MagicDuel-v8; the yes/no purpose and pile decisions
  in the globals, graveyard-card and ability target features); 677 actions, 17,397 values.
- v6: the card engine's v7 rules (MagicDuel-v7; energy and the monarch in the globals,
  face-down cards hidden; Path of Ancestry and 'if you control your commander'); 677
  actions, 17,115 values.
- v5: the card engine's v6 rules (MagicDuel-v6); 677 actions (the commander actions
  move to 675-676), 17,107 values.
- v4: the card engine's v5 rules (MagicDuel-v5); 17,043 values.
- v3: the card engine's v4 rules (MagicDuel-v4); 613 actions (the commander actions
  move to 611-612), 17,040 values.
- v2: the card engine's v3 rules (MagicDuel-v3); commander colour identity for Command
  Tower and Arcane Signet; 14,689 values, 597 actions.
- v1: the card engine's v2 rules (MagicDuel-v2): mulligans in turn order, first strike
  fixed when the first-strike step begins, the new keyword mechanisms (a pod's free
  mulligan is unchanged). Same observation and actions.
- v0: first version.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.arguments import integer
from labyrinth_gym.envs.core.files import read_user_file
from labyrinth_gym.envs.core.gym_adapter import EngineGymEnv
from labyrinth_gym.envs.core.pz_adapter import EngineAECEnv, wrap
from labyrinth_gym.envs.core.spec import GameSpec, Option
from labyrinth_gym.envs.magic.engine.actions import MAX_PLAYERS
from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.decklist import DecklistError
from labyrinth_gym.envs.magic.render import render_text as magic_text
from labyrinth_gym.envs.mazerunner.decks import (
    MazerunnerDeck,
    check_deck,
    deck_problems,
    parse_deck,
    precon,
    precons,
    team_problems,
)
from labyrinth_gym.envs.mazerunner.encoding import OBS_SIZE, encode
from labyrinth_gym.envs.mazerunner.engine.game import (
    DECKS,
    NUM_ACTIONS,
    CommanderGame,
    shipped_deck,
    shipped_decks,
)


def read_deck(entry: Any, base: Path = Path(".")) -> MazerunnerDeck:
    """A deck, unchecked, from a parsed deck, a shipped deck's name such as ``"WU-2"``,
    a shipped precon's name such as ``"draconic_rage"``, decklist text, or a path
    (relative to ``base``).

    Raises:
        OSError: No such file. DecklistError: An unreadable decklist.
    """
    if isinstance(entry, MazerunnerDeck):
        return entry
    text = str(entry)
    if "\n" in text:
        return parse_deck(text, "deck")
    if "/" not in text and (DECKS / f"{text}.txt").is_file():
        return shipped_deck(text)
    if "/" not in text and text in precons():  # a published precon ("draconic_rage")
        return precon(text)
    path = Path(text) if Path(text).is_absolute() else base / text
    return parse_deck(read_user_file(path, "decks", "a shipped deck's name or decklist "
                                     "text"), text)


def resolve_deck(entry: Any) -> MazerunnerDeck:
    """A seat's deck (:func:`read_deck`), checked (rule 2 for its commanders'
    identity; playable)."""
    deck = read_deck(entry)
    pool = card_pool()
    identity = "".join(sorted({c for n in deck.commanders if n in pool
                               for c in pool[n].colour_identity}, key="WUBRG".find))
    return check_deck(deck, identity, playable=True)  # the commanders' own identity


def make_game(rng: np.random.Generator | int | None, num_players: int = 4,
              decks: list[Any] | None = None, **kwargs: Any) -> CommanderGame:
    """A pod for the envs (decks default to the shipped ones in a seeded order)."""
    rng = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    num_players = integer("num_players", num_players, 2, MAX_PLAYERS)
    if decks is None:
        shipped = shipped_decks()
        order = rng.permutation(len(shipped))
        resolved = [shipped[int(order[i % len(shipped)])] for i in range(num_players)]
    else:
        if len(decks) != num_players:
            raise ValueError(f"decks has {len(decks)} entries for {num_players} players")
        resolved = [resolve_deck(d) for d in decks]
    return CommanderGame.new(rng, num_players=num_players, decks=resolved, **kwargs)


def render_text(game: CommanderGame) -> str:
    """Magic's table, then the command zones, the tax and commander damage."""
    lines = [magic_text(game), "Command zones:"]
    for p in range(game.num_players):
        zone = ", ".join(f"{game.name_of(c)} (tax {game.tax(c)})" for c in game.command[p])
        dmg = ", ".join(f"{game.name_of(int(c))} {n}"
                        for c, n in game.commander_damage[p].items())
        lines.append(f"  player {p}: {zone or '-'}"
                     + (f"; commander damage taken: {dmg}" if dmg else ""))
    return "\n".join(lines)


def season_decks(entries: dict[str, Any], identities: dict[str, str],
                 teams: dict[str, str], base: Path = Path("."),
                 partners: bool = False) -> tuple[dict[str, MazerunnerDeck], list[str]]:
    """The league's deck check (:attr:`GameSpec.season_decks`): each player's deck (a
    shipped deck's name, or a decklist path relative to the season file) keeps rule 2
    for its team's identity and is playable on the engine; teammates share no
    commander (2d). Every problem is listed, each naming its player."""
    decks: dict[str, MazerunnerDeck] = {}
    problems: list[str] = []
    for player, entry in entries.items():
        where = f"player {player!r}"
        if entry is None:
            problems.append(f"{where}: give a deck (a shipped deck's name such as 'WU-2', "
                            "or a decklist path)")
            continue
        text = str(entry)
        try:
            deck = read_deck(text, base)
        except OSError as err:
            problems.append(f"{where}: deck {text!r}: {err.strerror or err}")
            continue
        except DecklistError as err:
            problems += [f"{where}: deck {text!r}: {p}" for p in err.problems]
            continue
        problems += [f"{where}: deck {text!r}: {p}" for p in
                     deck_problems(deck, identities[player], partners=partners,
                                   playable=True)]
        decks[player] = deck
    for team in dict.fromkeys(teams.values()):
        problems += team_problems({p: d for p, d in decks.items() if teams[p] == team})
    return decks, problems


SPEC = GameSpec(
    name="mazerunner",
    env_id="labyrinth_gym/Mazerunner-v7",
    version=7,
    new_game=make_game,
    observation_size=OBS_SIZE,
    encode=encode,
    num_actions=NUM_ACTIONS,
    render_ansi=render_text,
    agent_prefix="player",
    num_players=lambda num_players=4, **_: num_players,
    illegal_penalty=-1.0,
    cooperative=False,
    speed_configs=({"kwargs": {"num_players": 4}, "target": 1500.0},),
    season_decks=season_decks,
    options=(
        Option("num_players", 4, f"2-{MAX_PLAYERS}", "seats in the pod"),
        Option("decks", None,
               lambda: "one per seat: a decklist path or text, or a shipped deck: "
               + ", ".join(p.stem for p in sorted(DECKS.glob("*.txt"))),
               "each seat's deck (None: the shipped decks in a seeded order)"),
        Option("max_turns", 120, "an integer >= 1", "turns before truncation"),
        Option("max_actions", 30000, "an integer >= 1", "actions before truncation"),
        Option("mulligan", True, (True, False), "offer London mulligans"),
    ),
)


class MazerunnerEnv(EngineGymEnv):
    """Gymnasium env (``labyrinth_gym/Mazerunner-v7``): the learner plays one seat of
    the pod, opponents play the rest (``learner_seat``, default drawn per episode, and
    ``opponents``, default uniformly random legal moves, as in every competitive game
    of this package)."""

    spec_ = SPEC
    metadata = {"render_modes": ["ansi"], "render_fps": 2}


class raw_env(EngineAECEnv):  # noqa: N801 (PettingZoo's naming)
    """PettingZoo AEC env; ``num_players``, ``decks``, ``max_turns`` kwargs."""

    spec_ = SPEC
    metadata = {
        "render_modes": ["ansi"],
        "name": "mazerunner_v7",
        "is_parallelizable": False,
        "render_fps": 2,
    }


def env(**kwargs):
    """The wrapped PettingZoo env (illegal actions end the episode with a penalty)."""
    return wrap(raw_env(**kwargs))


__all__ = ["SPEC", "MazerunnerEnv", "env", "make_game", "raw_env", "read_deck", "render_text",
           "resolve_deck", "season_decks"]
