"""Shared fixtures of the Dungeon Crawler tests."""

from __future__ import annotations

import pytest


class Rolls:
    """The next d6 rolls of a game's dice, in order."""

    def __init__(self, monkeypatch, game):
        self.queue: list[int] = []
        real = type(game.dice).roll

        def roll(dice, sides):
            return self.queue.pop(0) if self.queue else real(dice, sides)

        monkeypatch.setattr(type(game.dice), "roll", roll)

    def __call__(self, *values):
        self.queue.extend(values)


@pytest.fixture
def rolls(monkeypatch):
    return lambda game: Rolls(monkeypatch, game)
