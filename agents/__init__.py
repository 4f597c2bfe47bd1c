"""Agents that play the games, found by id: ``labyrinth_gym.agents.make("maze_party/heuristic")``.

Ids are ``<game>/<name>``: ``random`` and ``search`` exist for every game, ``heuristic``
and ``ppo`` (a shipped checkpoint) per game.
"""

from __future__ import annotations

from labyrinth_gym.agents.arcane_labyrinth import ArcaneHeuristic
from labyrinth_gym.agents.arcane_labyrinth_candidates import ArcaneCandidates
from labyrinth_gym.agents.base import (
    Agent,
    UnknownAgentError,
    make,
    register,
    registered,
)
from labyrinth_gym.agents.dungeon_crawler import DungeonCrawlerHeuristic
from labyrinth_gym.agents.dungeon_crawler_candidates import DungeonCrawlerCandidates
from labyrinth_gym.agents.interface import make_interface, register_interface
from labyrinth_gym.agents.labyrinth_cards import LabyrinthCardsHeuristic
from labyrinth_gym.agents.labyrinth_cards_candidates import CandidateInterface
from labyrinth_gym.agents.learned import (
    CheckpointMismatchError,
    LearnedAgent,
    register_checkpoint,
    register_checkpoints,
)
from labyrinth_gym.agents.magic import MagicHeuristic
from labyrinth_gym.agents.maze_party import MazePartyHeuristic
from labyrinth_gym.agents.mazerunner import MazerunnerHeuristic
from labyrinth_gym.agents.random_agent import RandomAgent
from labyrinth_gym.agents.search import SearchAgent

register("*/random", lambda game, **kw: RandomAgent(game=game, **kw))
register("*/search", lambda game, **kw: SearchAgent(game=game, **kw))
register("maze_party/heuristic", lambda game, **kw: MazePartyHeuristic(game=game, **kw))
register("maze_party/ppo", lambda game, **kw: LearnedAgent(game, name="ppo", **kw))
register(
    "labyrinth_cards/heuristic",
    lambda game, **kw: LabyrinthCardsHeuristic(game=game, **kw),
)
register("labyrinth_cards/ppo", lambda game, **kw: LearnedAgent(game, name="ppo", **kw))
register("magic/heuristic", lambda game, **kw: MagicHeuristic(game=game, **kw))
register("arcane_labyrinth/heuristic", lambda game, **kw: ArcaneHeuristic(game=game, **kw))
register("arcane_labyrinth/ppo", lambda game, **kw: LearnedAgent(game, name="ppo", **kw))
register("dungeon_crawler/heuristic",
         lambda game, **kw: DungeonCrawlerHeuristic(game=game, **kw))
register("dungeon_crawler/ppo", lambda game, **kw: LearnedAgent(game, name="ppo", **kw))
register("mazerunner/heuristic", lambda game, **kw: MazerunnerHeuristic(game=game, **kw))
register("mazerunner/ppo", lambda game, **kw: LearnedAgent(game, name="ppo", **kw))
register_interface("labyrinth_cards/candidates", CandidateInterface)
register_interface("arcane_labyrinth/candidates", ArcaneCandidates)
register_interface("dungeon_crawler/candidates", DungeonCrawlerCandidates)

__all__ = [
    "Agent",
    "ArcaneHeuristic",
    "CheckpointMismatchError",
    "DungeonCrawlerHeuristic",
    "LabyrinthCardsHeuristic",
    "LearnedAgent",
    "MagicHeuristic",
    "MazePartyHeuristic",
    "MazerunnerHeuristic",
    "RandomAgent",
    "SearchAgent",
    "UnknownAgentError",
    "make",
    "make_interface",
    "register",
    "register_checkpoint",
    "register_checkpoints",
    "registered",
]
