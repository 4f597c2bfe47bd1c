"""The Arcane Labyrinth, a solo Magic format, as a Gymnasium env.

## Description
The player (seat 0) controls a Hero, a legendary creature that starts on the
battlefield, with a 60-card Vanguard deck and a Secret Shop deck of artifacts, against
the Labyrinth (seat 1): an automated 100-card deck that reveals cards every turn
(creatures, spells and lands, the lands going to the player and opening the shop)
and ends with a final boss. The Labyrinth's every decision is made by the engine with
its dice, so the player is the only seat ever asked. The rules (safe turns, the
Labyrinth's turn, the Hero's exhaustion, random encounters, the Secret Shop, the
boss, the difficulty mods) are in :mod:`labyrinth_gym.envs.arcane_labyrinth.engine.game`;
the decks in :mod:`labyrinth_gym.envs.arcane_labyrinth.engine.decks`.

This is a solo game: use the Gymnasium env
(``gymnasium.make("labyrinth_gym/ArcaneLabyrinth-v8")``). Its :class:`GameSpec` says
two seats and ``cooperative=True``: one agent plays every seat, and seat 1 never acts.
The PettingZoo env (``labyrinth_gym.envs.arcane_labyrinth.env()``) exists so that the
tools built on PettingZoo (the speed benchmark, API checks) treat every game alike:
its agent ``player_1`` (the Labyrinth) is never selected, and every observation is the
player's view (the Labyrinth has no hidden cards of its own).

## Action Space
``Discrete(675)``, the Magic action space
(:mod:`labyrinth_gym.envs.magic.engine.actions`), with a mask (``info["action_mask"]``,
``env.action_masks()``). The format's own decisions reuse it: the shop is "mode
``i``" to buy revealed card ``i`` or "done" to buy nothing; paying for it,
"permanent ``j``" to sacrifice the land in permanent slot ``j`` (one at a time); a
Tragic Failure's land discard, "hand ``i``"; its land sacrifice, "permanent ``j``".
A decision with only a pass to choose is passed automatically.

## Observation Space
``Box(-1, 1, (17717,), float32)``: the Magic observation of the player's seat
(``16786`` values, :mod:`labyrinth_gym.envs.magic.encoding`; relative seat 1 is the
Labyrinth), then the Arcane block (the round and safe turns, whose turn, reveals
left, the Labyrinth's library / graveyard / exile sizes, the boss's status and buff,
the shop's size and opening, this format's decision asked and the shop payment's
progress, the last encounter's roll bucketed and the rounds to the next one, the
difficulty mods and their conditions, the Hero's exhaustion, the Hero kit and the
Labyrinth one-hot), then card rows for the Hero, the final boss and the three
revealed shop cards (row ``i`` is what "buy shop card ``i``" addresses). Cards are
described by features of their compiled tree, never by an id. The Labyrinth's
library order and the shop deck's order stay hidden. Layout and feature names:
:mod:`labyrinth_gym.envs.arcane_labyrinth.encoding`.

## Rewards
+1 when the player wins, -1 when it loses, 0 when the game is truncated, on the
final step. An illegal action ends the episode with reward -1 and
``info["illegal_action"] = {"action", "legal"}`` (``strict=True`` raises
:class:`~labyrinth_gym.envs.core.IllegalActionError` instead).

## Starting State
The Hero on the battlefield, able to attack; 20 life; the Vanguard, the shop deck
and the Labyrinth's 99 cards shuffled, its boss set aside below them; seven cards
drawn and London mulligans offered (the first decisions of an episode). Rounds 1-3
are safe turns (the player's turn only, no combat).

## Episode End
Terminated when the player is at 0 life or draws from an empty library (a loss), or
when the Labyrinth's library is empty and its boss has arrived and is gone (a win);
truncated after ``max_turns`` player turns (rounds, default 60) or ``max_actions``
player actions.

## Arguments
- ``hero``: a shipped Hero kit's name (``"white_knight"``, ``"black_necromancer"``,
  ``"red_green_warlord"``, ``"blue_drake_tempest"``:
  :func:`~labyrinth_gym.envs.arcane_labyrinth.engine.decks.heroes`), a path to a kit
  decklist, or a :class:`~labyrinth_gym.envs.arcane_labyrinth.engine.decks.HeroKit`.
  Default None: one of the kits with their own observation slot
  (:data:`~labyrinth_gym.envs.arcane_labyrinth.encoding.HERO_KITS`: the first three)
  drawn at random for each episode (from the episode's seed).
- ``labyrinth``: likewise a shipped Labyrinth (``"goblin_warrens"``,
  ``"drowned_crypt"``, ``"elven_wilds"``, ``"vampire_court"``:
  :func:`~labyrinth_gym.envs.arcane_labyrinth.engine.decks.labyrinths`), a path, or a
  :class:`~labyrinth_gym.envs.arcane_labyrinth.engine.decks.Labyrinth`; default None:
  one of :data:`~labyrinth_gym.envs.arcane_labyrinth.encoding.LABYRINTHS` (the first
  two) drawn per episode.
- ``entropy_draw``: 3 reveals a turn while the player controls 10+ creatures or one
  with power 10+ (default False).
- ``desperation``: Labyrinth creatures have trample while its library holds fewer
  than 50 cards (default False).
- ``max_turns``: truncation cap in player turns (default 60); ``max_actions``
  (default 20000).
- ``mulligan``: offer London mulligans (default True).
- ``render_mode``: ``"ansi"`` (the format's header, then the Magic table).
- ``strict``: raise on illegal actions.

An unknown kit or Labyrinth name (the message lists the shipped ones) or a decklist
breaking the construction rules (every problem listed) raises ``ValueError`` at
construction.

## Version History
- v8: the card engine's v8 rules (MagicDuel-v8; the yes/no purpose and pile decisions
  in the globals, graveyard-card and ability target features; 675 actions, 17,717 values).
- v7: the card engine's v7 rules (MagicDuel-v7; energy and the monarch in the globals,
  face-down cards hidden; 675 actions, 17,429 values).
- v6: the card engine's v6 rules (MagicDuel-v6; 675 actions, 17,421 values).
- v5: the card engine's v5 rules (MagicDuel-v5; 17,357 values).
- v4: the card engine's v4 rules (MagicDuel-v4; 611 actions, 17,354 values); a fourth
  Hero kit and two more Labyrinths ship (shown as "other" in the kit and Labyrinth
  one-hots, which keep the v3 decks); a card a Labyrinth search or look puts into its
  hand goes on top of its library instead.
- v3: the card engine's v3 rules (MagicDuel-v3); the Labyrinth keeps the newest legend,
  divides combat damage in declaration order and never pays for ward; 14,991 values.
- v2: the card engine's v2 rules (MagicDuel-v2: first strike fixed when the
  first-strike step begins, the new keyword mechanisms); same observation and actions.
- v1: the card engine's planeswalkers (a legendary planeswalker Hero; 594 actions,
  14,974 values); same game otherwise.
- v0: first version.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from labyrinth_gym.envs.arcane_labyrinth.encoding import (
    HERO_KITS,
    LABYRINTHS,
    OBS_SIZE,
    encode,
)
from labyrinth_gym.envs.arcane_labyrinth.engine.decks import (
    HeroKit,
    Labyrinth,
    heroes,
    labyrinths,
)
from labyrinth_gym.envs.arcane_labyrinth.engine.game import ArcaneGame, new_game
from labyrinth_gym.envs.arcane_labyrinth.render import render_text
from labyrinth_gym.envs.core.gym_adapter import EngineGymEnv
from labyrinth_gym.envs.core.pz_adapter import EngineAECEnv, wrap
from labyrinth_gym.envs.core.spec import GameSpec, Option
from labyrinth_gym.envs.magic.engine import actions as A


def make_game(rng: np.random.Generator | None, hero: str | Path | HeroKit | None = None,
              labyrinth: str | Path | Labyrinth | None = None,
              **kwargs: Any) -> ArcaneGame:
    """A new game for the env: ``hero`` and ``labyrinth`` as given (a shipped name, a
    decklist path or a loaded deck), or drawn among the shipped ones with ``rng``
    (the game's one generator) when None. ``rng=None`` (a kwargs check) uses a fresh
    unseeded generator.

    Raises:
        ValueError: an unknown name that is not a file either (listing the shipped
            ones), or a decklist breaking the format's rules (every problem listed).
    """
    if rng is None:
        rng = np.random.default_rng()
    if hero is None:  # the ones with their own observation slot
        hero = HERO_KITS[int(rng.integers(len(HERO_KITS)))]
    if labyrinth is None:
        labyrinth = LABYRINTHS[int(rng.integers(len(LABYRINTHS)))]
    return new_game(rng, hero=hero, labyrinth=labyrinth, **kwargs)


SPEC = GameSpec(
    name="arcane_labyrinth",
    env_id="labyrinth_gym/ArcaneLabyrinth-v8",
    version=8,
    new_game=make_game,
    observation_size=OBS_SIZE,
    encode=encode,
    num_actions=A.NUM_ACTIONS,
    render_ansi=render_text,
    agent_prefix="player",
    num_players=lambda **_: 2,
    illegal_penalty=-1.0,
    cooperative=True,
    speed_configs=({"kwargs": {}, "target": 3000.0},),
    options=(
        Option("hero", None, heroes,
               "the Hero kit, or a kit decklist's path (None: drawn per episode)"),
        Option("labyrinth", None, labyrinths,
               "the Labyrinth, or a decklist's path (None: drawn per episode)"),
        Option("entropy_draw", False, (False, True),
               "difficulty mod: 3 reveals a turn against a big board"),
        Option("desperation", False, (False, True),
               "difficulty mod: Labyrinth creatures trample below 50 cards"),
        Option("max_turns", 60, "an integer >= 1", "player turns before truncation"),
        Option("max_actions", 20000, "an integer >= 1", "actions before truncation"),
        Option("mulligan", True, (True, False), "offer London mulligans"),
    ),
)


class ArcaneLabyrinthEnv(EngineGymEnv):
    """Gymnasium env: the player's seat, against the automated Labyrinth (see the
    module docstring)."""

    spec_ = SPEC
    metadata = {"render_modes": ["ansi"], "render_fps": 2}


class raw_env(EngineAECEnv):  # noqa: N801 (PettingZoo's naming)
    """PettingZoo AEC env (see the module docstring: seat 1 never acts)."""

    spec_ = SPEC
    metadata = {
        "render_modes": ["ansi"],
        "name": "arcane_labyrinth_v8",
        "is_parallelizable": False,
        "render_fps": 2,
    }


def env(**kwargs):
    """The wrapped PettingZoo env (illegal actions end the episode with a penalty)."""
    return wrap(raw_env(**kwargs))
