"""Game engines and their Gymnasium / PettingZoo envs.

Importing this package registers every Gymnasium id (``labyrinth_gym/MazeParty-v1``...).
"""

from __future__ import annotations

import gymnasium

from labyrinth_gym.envs.core import GameSpec

_SPECS: dict[str, str] = {
    "maze_party": "labyrinth_gym.envs.maze_party.env:SPEC",
    "labyrinth_cards": "labyrinth_gym.envs.labyrinth_cards.env:SPEC",
    "magic": "labyrinth_gym.envs.magic.env:SPEC",
    "arcane_labyrinth": "labyrinth_gym.envs.arcane_labyrinth.env:SPEC",
    "dungeon_crawler": "labyrinth_gym.envs.dungeon_crawler.env:SPEC",
    "mazerunner": "labyrinth_gym.envs.mazerunner.env:SPEC",
}


def game_spec(name: str) -> GameSpec:
    """The :class:`GameSpec` of a game by name; ValueError naming the known games."""
    import importlib

    if name not in _SPECS:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(_SPECS))}")
    module, attr = _SPECS[name].split(":")
    return getattr(importlib.import_module(module), attr)


def game_names() -> list[str]:
    return sorted(_SPECS)


def _register() -> None:
    ids = {
        "labyrinth_gym/MazeParty-v1": "labyrinth_gym.envs.maze_party.env:MazePartyEnv",
        "labyrinth_gym/LabyrinthCards-v1": "labyrinth_gym.envs.labyrinth_cards.env:LabyrinthCardsEnv",
        "labyrinth_gym/MagicDuel-v8": "labyrinth_gym.envs.magic.env:MagicDuelEnv",
        "labyrinth_gym/ArcaneLabyrinth-v8":
            "labyrinth_gym.envs.arcane_labyrinth.env:ArcaneLabyrinthEnv",
        "labyrinth_gym/DungeonCrawler-v1":
            "labyrinth_gym.envs.dungeon_crawler.env:DungeonCrawlerEnv",
        "labyrinth_gym/Mazerunner-v7": "labyrinth_gym.envs.mazerunner.env:MazerunnerEnv",
    }
    for env_id, entry in ids.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry)


_register()
