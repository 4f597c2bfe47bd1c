"""Mazerunner, the Magic league format: its deck rules (``decks``) and its Commander
pods on the card engine (``engine.game``); the league itself is
``labyrinth_gym.evaluation.league``."""
