"""Labyrinth the Card Game as a PettingZoo AEC env and a single-seat Gymnasium env.

## Description
2-6 players build a labyrinth of path cards and collect cards whose treasures their
paths connect: the official game and Steffan O'Sullivan's Caffeinated (2 actions) and
Steroids (3 actions) variants. Every rule and ruling is in
:mod:`labyrinth_gym.envs.labyrinth_cards.engine.game`.

## Action Space
``Discrete(6914)`` on the 16 x 16 grid that holds the layout (the engine slides the
layout back to the centre when it reaches the grid's border, so play is as on an open
table), one space for every decision point with a mask:
play (hand slot x cell x rotation), rotate (cell x direction), draw, collect (cell),
stop. The table is in :mod:`labyrinth_gym.envs.labyrinth_cards.engine.actions`.

## Observation Space
``Box(-1, 1, (10210,), float32)`` (values in [0, 1]), observer-relative (own hand, opponents in turn order
after the observer, hand sizes and scores only); layout in
:mod:`labyrinth_gym.envs.labyrinth_cards.encoding`. PettingZoo observations are
``{"observation", "action_mask"}``; the mask is all zeros off-turn.

Gymnasium: ``gymnasium.make("labyrinth_gym/LabyrinthCards-v1", variant=..., num_players=...)``
plays one seat against opponents (see :class:`LabyrinthCardsEnv`).

## Rewards
At the end: +1 to each player with the most collected cards, -1 to the others, 0 to all
if all tie. A truncated game (``max_turns``) is scored the same way by the cards
collected so far (stalling never turns a loss into a draw). An illegal action ends the episode
with -1 for the offender (wrapped env; ``raw_env`` raises ``IllegalActionError``).

## Starting State
Shuffled deck; four cards in random rotations in the centre 2x2 block; two cards each.

## Episode End
The deck and every hand are empty; or, with the deck empty, a full round passes in
which nobody plays or collects a card (terminated); or truncation after ``max_turns``
turns.

## Arguments
- ``variant``: ``"official"``, ``"caffeinated"`` (default) or ``"steroids"``.
- ``num_players``: 2-6 (default 2).
- ``max_turns``: truncation cap in player turns (default 400).
- ``render_mode``: ``"ansi"`` or ``"rgb_array"``.

## Version History
- v1: the layout slides to stay clear of the grid's edge on a 16 x 16 grid (was a fixed
  10 x 10 table that refused legal plays); a round without a card played or collected
  once the deck is empty ends the game; truncated games are scored by cards collected.
- v0: first version.
"""

from __future__ import annotations

from labyrinth_gym.envs.core.gym_adapter import EngineGymEnv
from labyrinth_gym.envs.core.pz_adapter import EngineAECEnv, wrap
from labyrinth_gym.envs.core.spec import GameSpec, Option
from labyrinth_gym.envs.labyrinth_cards.encoding import OBS_SIZE, SIZE, encode
from labyrinth_gym.envs.labyrinth_cards.engine import actions as A
from labyrinth_gym.envs.labyrinth_cards.engine.game import VARIANTS, new_game
from labyrinth_gym.envs.labyrinth_cards.render import render_rgb, render_text

SPEC = GameSpec(
    name="labyrinth_cards",
    env_id="labyrinth_gym/LabyrinthCards-v1",
    version=1,
    new_game=lambda rng, **kw: new_game(rng, **kw),
    observation_size=OBS_SIZE,
    encode=encode,
    num_actions=A.num_actions(SIZE),
    render_ansi=render_text,
    agent_prefix="player",
    num_players=lambda num_players=2, **_: num_players,
    illegal_penalty=-1.0,
    cooperative=False,
    render_rgb=render_rgb,
    options=(
        Option("variant", "caffeinated", tuple(VARIANTS), "the rules variant"),
        Option("num_players", 2, "2-6", "seats at the table"),
        Option("max_turns", 400, "an integer >= 1", "player turns before truncation"),
    ),
)


class LabyrinthCardsEnv(EngineGymEnv):
    """Gymnasium env: the learner plays one seat, opponents play the rest.

    Extra kwargs: ``learner_seat`` (default: drawn per episode) and ``opponents`` (a
    list of agents, default uniformly random legal moves). Self-play training uses
    :class:`labyrinth_gym.training.selfplay.SelfPlayEnv`, which samples the variant,
    the player count and opponents from a pool per episode.
    """

    spec_ = SPEC
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}


class raw_env(EngineAECEnv):  # noqa: N801 (PettingZoo's naming)
    """PettingZoo AEC env; ``variant``, ``num_players``, ``max_turns`` kwargs."""

    spec_ = SPEC
    metadata = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "labyrinth_cards_v1",
        "is_parallelizable": False,
        "render_fps": 2,
    }


def env(**kwargs):
    """The wrapped PettingZoo env (illegal actions end the episode with a penalty)."""
    return wrap(raw_env(**kwargs))
