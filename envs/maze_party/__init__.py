"""The maze party (The Labyrinth Deck): a cooperative party crossing a card maze.

``labyrinth_gym.envs.maze_party.env()`` is the PettingZoo AEC env (one agent per
member), ``raw_env`` its unwrapped form; ``gymnasium.make("labyrinth_gym/MazeParty-v1")``
the single-policy Gymnasium env.
"""

from labyrinth_gym.envs.maze_party.env import SPEC, MazePartyEnv, env, raw_env

__all__ = ["SPEC", "MazePartyEnv", "env", "raw_env"]
