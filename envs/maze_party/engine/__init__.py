"""The maze party's rules engine (pure Python + numpy; no RL libraries)."""

from labyrinth_gym.envs.maze_party.engine import actions
from labyrinth_gym.envs.maze_party.engine.cards import (
    DEAD_END,
    KIND_NAMES,
    MONSTER,
    RIGHT_PATH,
    ROOM,
)
from labyrinth_gym.envs.maze_party.engine.game import PHASE_NAMES, MazePartyGame

__all__ = [
    "DEAD_END",
    "KIND_NAMES",
    "MONSTER",
    "PHASE_NAMES",
    "RIGHT_PATH",
    "ROOM",
    "MazePartyGame",
    "actions",
]
