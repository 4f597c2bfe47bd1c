"""The maze party as a Gymnasium env and a cooperative PettingZoo AEC env.

## Description
A cooperative D&D party crosses a maze built from a card deck (The Labyrinth Deck): each
member, in initiative order, may try one of five stat actions, then picks one of three
face-down River cards; Right Paths lead out, Dead Ends clog the River, two Monster cards
bring the monster, Rooms hold traps and treasure. See
:mod:`labyrinth_gym.envs.maze_party.engine.game` for every rule and ruling.

## Action Space
``Discrete(30)``, one space for every decision point, with a mask
(``info["action_mask"]``, ``env.action_masks()``, or the PettingZoo observation's
``"action_mask"``); the table is in :mod:`labyrinth_gym.envs.maze_party.engine.actions`.

## Observation Space
``Box(-1, 1, (205,), float32)``: only what the party knows (layout in
:mod:`labyrinth_gym.envs.maze_party.encoding`). PettingZoo observations are
``{"observation": that Box, "action_mask": Box(0, 1, (30,), int8)}``, with the observer
flag set for the observing member and an all-zero mask off-turn.

## Rewards
+1 when the party escapes, -1 when every member is down, 0 when truncated. The
Gymnasium env (one policy plays the whole party) and every PettingZoo agent (shared
reward) get the same. An illegal action ends the episode with reward -1 for the
offender (0 for the others) and ``info["illegal_action"] = {"action", "legal"}``;
``strict=True`` (Gymnasium) or ``raw_env`` (PettingZoo) raise
:class:`~labyrinth_gym.envs.core.IllegalActionError` instead.

## Starting State
The deck is shuffled, initiative rolled (d20 + DEX), actions removed for 4 or 5
members, and the first member's River drawn.

## Episode End
Terminated on escape (Right Paths reached, or the monster slain where the maze says so)
or when the whole party is down; truncated after ``max_turns`` member turns.

## Arguments
- ``maze``: ``"enchanted_forest"`` (DC 13, 15 cards, default), ``"goblin_warren"``
  (DC 11, 12 cards), ``"sunken_catacombs"`` (DC 15, 20 cards, paths-only victory).
- ``party``: list of character ids (``data/characters.toml``) or a size 1-6;
  default ``fighter, rogue, wizard, cleric``.
- ``max_turns``: truncation cap (default 200).
- ``render_mode``: ``"ansi"``.
- ``strict`` (Gymnasium only): raise on illegal actions.

## Version History
- v1: the observation no longer leaks hidden order: any draw from a known pair (Boost
  Morale's refill included) forgets the pair, the DM's unseen Monster removal forgets
  what could have moved, and the known-pair block counts the pair's cards wherever
  they lie. The rules are unchanged.
- v0: first version.
"""

from __future__ import annotations

from labyrinth_gym.envs.core.gym_adapter import EngineGymEnv
from labyrinth_gym.envs.core.pz_adapter import EngineAECEnv, wrap
from labyrinth_gym.envs.core.spec import GameSpec, Option
from labyrinth_gym.envs.maze_party.encoding import OBS_SIZE, encode
from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine.data import characters, mazes
from labyrinth_gym.envs.maze_party.engine.game import MazePartyGame
from labyrinth_gym.envs.maze_party.render import render_text


def _num_members(party=None, **_):
    if party is None:
        return 4
    return party if isinstance(party, int) else len(party)


SPEC = GameSpec(
    name="maze_party",
    env_id="labyrinth_gym/MazeParty-v1",
    version=1,
    new_game=lambda rng, **kw: MazePartyGame.new(rng, **kw),
    observation_size=OBS_SIZE,
    encode=encode,
    num_actions=A.NUM_ACTIONS,
    render_ansi=render_text,
    agent_prefix="member",
    num_players=_num_members,
    illegal_penalty=-1.0,
    cooperative=True,
    options=(
        Option("maze", "enchanted_forest", lambda: tuple(sorted(mazes())),
               "the maze table: its DC, deck and victory condition"),
        Option("party", None,
               lambda: "a size 1-6, or character ids from: " + ", ".join(characters()),
               "who plays (None: fighter, rogue, wizard, cleric)"),
        Option("max_turns", 200, "an integer >= 1", "member turns before truncation"),
    ),
)


class MazePartyEnv(EngineGymEnv):
    """Gymnasium env: one policy plays the whole party (see the module docstring)."""

    spec_ = SPEC


class raw_env(EngineAECEnv):  # noqa: N801 (PettingZoo's naming)
    """PettingZoo AEC env: one agent per party member, shared reward."""

    spec_ = SPEC
    metadata = {"render_modes": ["ansi"], "name": "maze_party_v1", "is_parallelizable": False}


def env(**kwargs):
    """The wrapped PettingZoo env (illegal actions end the episode with a penalty)."""
    return wrap(raw_env(**kwargs))
