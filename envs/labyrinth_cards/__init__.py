"""Labyrinth the Card Game: 2-6 players connecting treasure paths (official, Caffeinated,
Steroids).

``labyrinth_gym.envs.labyrinth_cards.env(variant=..., num_players=...)`` is the
PettingZoo AEC env, ``raw_env`` its unwrapped form.
"""

from labyrinth_gym.envs.labyrinth_cards.env import SPEC, LabyrinthCardsEnv, env, raw_env

__all__ = ["SPEC", "LabyrinthCardsEnv", "env", "raw_env"]
