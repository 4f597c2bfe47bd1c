"""Machinery shared by every game: the engine contract, dice, and the adapters."""

from labyrinth_gym.envs.core.dice import Dice, parse_dice
from labyrinth_gym.envs.core.engine import TERMINAL_PLAYER, Game, IllegalActionError
from labyrinth_gym.envs.core.spec import GameSpec

__all__ = ["Dice", "Game", "GameSpec", "IllegalActionError", "TERMINAL_PLAYER", "parse_dice"]
