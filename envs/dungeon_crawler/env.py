"""Dungeon Crawler Labyrinth as a PettingZoo AEC env and a single-seat Gymnasium env.

## Description
2-6 adventurers race through a labyrinth the players lay tile by tile, each also
running the monsters it draws, to land first on the treasure chest at the centre.
Every rule and ruling is in :mod:`labyrinth_gym.envs.dungeon_crawler.engine.game`
and, for the treasure cards and their windows, :mod:`~labyrinth_gym.envs.
dungeon_crawler.engine.treasure`; the designed components (tiles, board, adventurers,
monsters, the 40 treasure cards) are data files in ``envs/dungeon_crawler/data/``,
each number explained there.

## Action Space
``Discrete(694)``, one space for every decision point, with a mask: done, choose an
adventurer card, the adventurer's pair of actions, pick up (No Exits!), a square of
the 21 x 21 board (a move's destination or the figure to push past, an attack's
target or an area's centre, a spawn square, where a pushed figure goes, a card's
target), a tile's slot and rotation (also Rotating and Shifting Rooms' target), a
treasure card by its id (play it, or keep it from the Secret Room); card plays are
offered on the adventurer phase's decisions, in the window after each roll for the
cards that change it, and in the card windows (before each step of every activation
and after every roll) to every holder, whoever's activation it is ("done" passes). A
turn is split into sub-decisions (OpenSpiel's
``amazons`` splits its moves the same way). The table is in
:mod:`labyrinth_gym.envs.dungeon_crawler.engine.actions`.

## Observation Space
``Box(0, 1, (6492,), float32)``, observer-relative: 14 board planes (terrain, spawn
points, treasure piles, own and rival adventurers and monsters, wounds, strength), per
seat its adventurer, standing, hand size and equipment, the observer's hand, and the
decision with the tile, monster, card or roll it is about; layout in
:mod:`labyrinth_gym.envs.dungeon_crawler.encoding`. Never the order of a deck or a
rival's hand. PettingZoo observations are ``{"observation", "action_mask"}``; the mask is all
zeros off-turn.

## Rewards
+1 to the first adventurer on the chest, -1 to every other seat; a truncated game
(``max_rounds``) gives 0 to all. An illegal action ends the episode with -1 for the
offender (wrapped env; ``raw_env`` raises ``IllegalActionError``).

## Arguments
- ``num_players``: 2-6 (default 2).
- ``hard``: the Hard game, the Lava Island in the centre (default False).
- ``max_rounds``: truncation cap in rounds (default 60).
- ``render_mode``: ``"ansi"`` or ``"rgb_array"``.

## Version History
- v0: first version (the rules, the 40 treasure cards and their windows).
- v1: the rule fixes of issue 28: cards at any time (a card window for every holder
  before each step of every activation and after every roll, a new decision
  ``card_window``; potions, Quickness and Rapid Strike stay in their holder's adventurer
  phase); the Doppelganger is a monster under its player's maximum (a new monster in
  the observation); a tile placed again gets no treasure pile token; push events name
  who rolled; logged events are snapshots.
"""

from __future__ import annotations

from labyrinth_gym.envs.core.gym_adapter import EngineGymEnv
from labyrinth_gym.envs.core.pz_adapter import EngineAECEnv, wrap
from labyrinth_gym.envs.core.spec import GameSpec, Option
from labyrinth_gym.envs.dungeon_crawler.encoding import OBS_SIZE, encode
from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.game import new_game
from labyrinth_gym.envs.dungeon_crawler.render import render_rgb, render_text

SPEC = GameSpec(
    name="dungeon_crawler",
    env_id="labyrinth_gym/DungeonCrawler-v1",
    version=1,
    new_game=lambda rng, **kw: new_game(rng, **kw),
    observation_size=OBS_SIZE,
    encode=encode,
    num_actions=A.NUM_ACTIONS,
    render_ansi=render_text,
    agent_prefix="player",
    num_players=lambda num_players=2, **_: num_players,
    illegal_penalty=-1.0,
    cooperative=False,
    render_rgb=render_rgb,
    speed_configs=({"kwargs": {"num_players": 4}, "target": 2000.0},),
    options=(
        Option("num_players", 2, "2-6", "seats at the table"),
        Option("hard", False, (False, True), "the Hard game: the Lava Island in the centre"),
        Option("max_rounds", 60, "an integer >= 1", "rounds before truncation"),
    ),
)


class DungeonCrawlerEnv(EngineGymEnv):
    """Gymnasium env: the learner plays one seat, opponents play the rest (by default
    uniformly random legal moves; ``opponents`` and ``learner_seat`` as in every
    competitive game of this package)."""

    spec_ = SPEC
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}


class raw_env(EngineAECEnv):  # noqa: N801 (PettingZoo's naming)
    """PettingZoo AEC env; ``num_players``, ``hard``, ``max_rounds`` kwargs."""

    spec_ = SPEC
    metadata = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "dungeon_crawler_v1",
        "is_parallelizable": False,
        "render_fps": 2,
    }


def env(**kwargs):
    """The wrapped PettingZoo env (illegal actions end the episode with a penalty)."""
    return wrap(raw_env(**kwargs))
