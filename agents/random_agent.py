"""Uniformly random legal moves."""

from __future__ import annotations

import numpy as np


class RandomAgent:
    """Picks a legal action uniformly at random from its own seeded Generator."""

    needs_game = False

    def __init__(self, game: str = "", seed: int | None = None):
        self.name = f"{game}/random" if game else "random"
        self.rng = np.random.default_rng(seed)

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    def act(self, observation, action_mask, *, game=None) -> int:
        legal = np.flatnonzero(action_mask)
        if len(legal) == 0:
            raise ValueError("no legal action in the mask")
        return int(legal[self.rng.integers(len(legal))])
