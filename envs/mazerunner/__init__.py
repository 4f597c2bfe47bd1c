"""Mazerunner, the Magic league format: its deck rules (``decks``) and its 4-player
Commander pods on the card engine (``engine.game``).

``labyrinth_gym.envs.mazerunner.env()`` is the pod's PettingZoo AEC env, ``raw_env``
its unwrapped form, and ``gymnasium.make("labyrinth_gym/Mazerunner-v7")`` one
seat of a pod against opponents. The league that ranks agents over pods (and over any 4-player game
of this project) is ``labyrinth_gym.evaluation.league``.
"""

from labyrinth_gym.envs.mazerunner.env import SPEC, MazerunnerEnv, env, raw_env

__all__ = ["SPEC", "MazerunnerEnv", "env", "raw_env"]
