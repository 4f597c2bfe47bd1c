"""Agents that play a trained checkpoint (``checkpoints/<game>/<name>/model.zip``).

Every checkpoint carries a ``card.json`` (env id and version, observation and action
space sizes, how it was trained, how it scored). Loading refuses a checkpoint whose card
does not match the installed env and says which field differs.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np


class CheckpointMismatchError(ValueError):
    """A checkpoint trained for another env version or other spaces."""


def checkpoint_dir(game: str, name: str) -> Path:
    """Where the shipped checkpoint ``<game>/<name>`` lives (checkout or installed)."""
    root = resources.files("labyrinth_gym.checkpoints")
    return Path(str(root.joinpath(game, name)))


def expected_card(game: str) -> dict[str, Any]:
    """The card fields a checkpoint must match to play ``game`` today."""
    from labyrinth_gym.envs import game_spec

    spec = game_spec(game)
    return {
        "env_id": spec.env_id,
        "env_version": spec.version,
        "observation_shape": [spec.observation_size],
        "action_n": spec.num_actions,
    }


def check_card(card: dict[str, Any], game: str, where: str = "checkpoint") -> None:
    """Raise :class:`CheckpointMismatchError` naming every field that differs."""
    want = expected_card(game)
    diffs = [
        f"{key}: checkpoint has {card.get(key)!r}, the env has {value!r}"
        for key, value in want.items()
        if card.get(key) != value
    ]
    if diffs:
        raise CheckpointMismatchError(f"{where} does not match the env ({'; '.join(diffs)})")


class LearnedAgent:
    """A MaskablePPO policy played greedily (or sampled with ``deterministic=False``)."""

    needs_game = False

    def __init__(self, game: str, path: str | Path | None = None, name: str = "ppo",
                 deterministic: bool = True, seed: int | None = None):
        path = Path(path) if path is not None else checkpoint_dir(game, name)
        model_file = path / "model.zip" if path.is_dir() else path
        card_file = model_file.parent / "card.json"
        if not model_file.exists():
            raise FileNotFoundError(f"no checkpoint at {model_file}")
        if not card_file.exists():
            raise FileNotFoundError(f"checkpoint {model_file} has no card.json beside it")
        self.card = json.loads(card_file.read_text())
        check_card(self.card, game, where=str(model_file))
        import torch
        from sb3_contrib import MaskablePPO

        torch.set_num_threads(1)
        self.model = MaskablePPO.load(str(model_file), device="cpu")
        self.name = f"{game}/{name}"
        self.deterministic = deterministic
        self.seed = seed

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.seed = seed
            import torch

            torch.manual_seed(seed)

    def act(self, observation, action_mask, *, game=None) -> int:
        action, _ = self.model.predict(
            np.asarray(observation, dtype=np.float32),
            action_masks=np.asarray(action_mask, dtype=bool),
            deterministic=self.deterministic,
        )
        return int(action)
