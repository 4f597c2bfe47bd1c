"""Mazerunner, the Magic league format: its deck rules (``decks``); the league itself
is ``labyrinth_gym.evaluation.league``."""
