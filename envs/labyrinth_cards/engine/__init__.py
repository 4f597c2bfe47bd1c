"""Labyrinth the Card Game's rules engine (pure Python + numpy; no RL libraries)."""

from labyrinth_gym.envs.labyrinth_cards.engine import actions
from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    COLLECT,
    PHASE_NAMES,
    PLAY,
    VARIANTS,
    CaffeinatedGame,
    LabyrinthCardsGame,
    OfficialGame,
    SteroidsGame,
    deck_data,
    new_game,
)

__all__ = [
    "COLLECT",
    "PHASE_NAMES",
    "PLAY",
    "VARIANTS",
    "CaffeinatedGame",
    "LabyrinthCardsGame",
    "OfficialGame",
    "SteroidsGame",
    "actions",
    "deck_data",
    "new_game",
]
