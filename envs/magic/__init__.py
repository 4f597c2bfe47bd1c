"""Magic: The Gathering on real cards: the card compiler, the rules engine and a 2-4
player free-for-all env.

``labyrinth_gym.envs.magic.env(num_players=..., decks=...)`` is the PettingZoo AEC
env, ``raw_env`` its unwrapped form; ``gymnasium.make("labyrinth_gym/MagicDuel-v8")``
the one-seat Gymnasium env.
"""

from labyrinth_gym.envs.magic.env import SPEC, MagicDuelEnv, env, raw_env

__all__ = ["SPEC", "MagicDuelEnv", "env", "raw_env"]
