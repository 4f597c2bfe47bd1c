"""labyrinth-gym: labyrinth games as reinforcement-learning environments.

Subpackages: :mod:`labyrinth_gym.envs` (engines + Gymnasium/PettingZoo envs),
:mod:`labyrinth_gym.agents`, :mod:`labyrinth_gym.training`,
:mod:`labyrinth_gym.evaluation`. Importing :mod:`labyrinth_gym.envs` registers the
Gymnasium ids ``labyrinth_gym/<Game>-v<N>``.
"""

__version__ = "0.1.0"

