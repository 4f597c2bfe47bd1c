"""Arcane Labyrinth: a solo Hero against an automated 100-card Labyrinth, on the Magic
card engine.

``gymnasium.make("labyrinth_gym/ArcaneLabyrinth-v8", hero=..., labyrinth=...)`` is the
Gymnasium env (:class:`ArcaneLabyrinthEnv`); ``env()`` / ``raw_env`` the PettingZoo
AEC env, whose Labyrinth seat never acts.
"""

from labyrinth_gym.envs.arcane_labyrinth.env import (
    SPEC,
    ArcaneLabyrinthEnv,
    env,
    raw_env,
)

__all__ = ["SPEC", "ArcaneLabyrinthEnv", "env", "raw_env"]
