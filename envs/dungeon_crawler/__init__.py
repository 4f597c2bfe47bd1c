"""Dungeon Crawler Labyrinth: 2-6 adventurers race through a labyrinth laid tile by tile
to the treasure chest at its centre.

``labyrinth_gym.envs.dungeon_crawler.env()`` is the PettingZoo AEC env, ``raw_env``
its unwrapped form; ``DungeonCrawlerEnv`` the one-seat Gymnasium env (its id,
``labyrinth_gym/DungeonCrawler-v1``, is registered once the game is complete).
"""

from labyrinth_gym.envs.dungeon_crawler.env import SPEC, DungeonCrawlerEnv, env, raw_env

__all__ = ["SPEC", "DungeonCrawlerEnv", "env", "raw_env"]
