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


def register_checkpoints(checkpoints: dict[str, str | Path]) -> None:
    """Register checkpoint folders (``model.zip`` and ``card.json``, e.g. runs trained
    on a cluster) as learned agents, ``{"<game>/<name>": folder}``, so ``make``,
    evaluation and the server play them like shipped ones (``<id>:onnx`` on the
    server when a folder also holds ``model.onnx``). Every one is loaded first, so a
    missing or mismatched checkpoint, a bad id or an id already taken is a ValueError
    (or FileNotFoundError) and none is registered."""
    from labyrinth_gym.agents.base import register, registered
    from labyrinth_gym.envs import game_names

    checked = []
    for agent_id, path in checkpoints.items():
        game, sep, name = agent_id.partition("/")
        if not sep or not name or ":" in name or "/" in name or game not in game_names():
            raise ValueError(f"a checkpoint's agent id must be <game>/<name> with a game "
                             f"of {game_names()}, got {agent_id!r}")
        if agent_id in registered(game):
            raise ValueError(f"{agent_id} is already an agent; give the checkpoint "
                             "another name")
        folder = Path(path)
        LearnedAgent(game, path=folder, name=name)  # fails now if it cannot play
        checked.append((agent_id, name, folder))
    for agent_id, name, folder in checked:
        register(agent_id, lambda game, _dir=folder, _name=name, **kw:
                 LearnedAgent(game, **{"name": _name, "path": _dir, **kw}))


def register_checkpoint(agent_id: str, path: str | Path) -> None:
    """:func:`register_checkpoints` for one folder."""
    register_checkpoints({agent_id: path})


def expected_card(game: str, interface: str | None = None) -> dict[str, Any]:
    """The card fields a checkpoint must match to play ``game`` today, through the
    policy ``interface`` it names (None: the env's own observation and actions)."""
    from labyrinth_gym.agents.interface import describe, make_interface
    from labyrinth_gym.envs import game_spec

    spec = game_spec(game)
    iface = make_interface(game, interface)
    want = {
        "env_id": spec.env_id,
        "env_version": spec.version,
        "observation_shape": [iface.observation_size],
        "action_n": iface.num_choices,
    }
    if iface.name != "raw":
        want["interface"] = describe(iface)
    return want


def check_card(card: dict[str, Any], game: str, where: str = "checkpoint") -> None:
    """Raise :class:`CheckpointMismatchError` naming every field that differs.

    A checkpoint trained on an earlier env version plays a later one only if its card
    lists that version under ``verified_on`` (``[{"env_id", "env_version", "how"}]``:
    a later version whose change the policy cannot see, e.g. one that leaves its
    interface's view unchanged, checked by replaying seeded games).
    """
    named = card.get("interface")
    try:
        want = expected_card(game, named["name"] if isinstance(named, dict) else None)
    except ValueError as err:  # an interface this version does not have
        raise CheckpointMismatchError(f"{where}: {err}") from err
    versions = {(card.get("env_id"), card.get("env_version"))} | {
        (v.get("env_id"), v.get("env_version")) for v in card.get("verified_on", [])}
    diffs = [
        f"{key}: checkpoint has {card.get(key)!r}, the env has {value!r}"
        for key, value in want.items()
        if key not in ("env_id", "env_version") and card.get(key) != value
    ]
    if (want["env_id"], want["env_version"]) not in versions:
        trained = (card.get("env_id"), card.get("env_version"))
        also = sorted(v for v in versions if v != trained)
        diffs[:0] = [f"env_id/env_version: checkpoint has {trained!r}"
                     + (f" (verified on {also!r})" if also else "")
                     + f", the env has {(want['env_id'], want['env_version'])!r}"]
    if diffs:
        raise CheckpointMismatchError(f"{where} does not match the env ({'; '.join(diffs)})")


RUNTIMES = ("torch", "onnx")
"""How a learned policy runs: its Stable-Baselines3 ``model.zip`` on torch, or the
``model.onnx`` exported from it (:mod:`labyrinth_gym.agents.portable`) on
onnxruntime, without torch."""


class LearnedAgent:
    """A MaskablePPO policy played greedily (or sampled with ``deterministic=False``),
    through the policy interface its card names (:mod:`labyrinth_gym.agents.interface`);
    ``runtime="onnx"`` plays its ONNX export instead (no torch needed)."""

    needs_game = False

    def __init__(self, game: str, path: str | Path | None = None, name: str = "ppo",
                 deterministic: bool = True, seed: int | None = None,
                 runtime: str = "torch"):
        if runtime not in RUNTIMES:
            raise ValueError(f"runtime must be one of {RUNTIMES}, got {runtime!r}")
        path = Path(path) if path is not None else checkpoint_dir(game, name)
        wanted = "model.onnx" if runtime == "onnx" else "model.zip"
        model_file = path / wanted if path.is_dir() else path
        card_file = model_file.parent / "card.json"
        if not model_file.exists():
            hint = (f" (labyrinth-gym export {game}/{name} --onnx FILE writes one)"
                    if runtime == "onnx" else "")
            raise FileNotFoundError(f"no checkpoint at {model_file}{hint}")
        if not card_file.exists():
            raise FileNotFoundError(f"checkpoint {model_file} has no card.json beside it")
        self.card = json.loads(card_file.read_text())
        check_card(self.card, game, where=str(model_file))
        from labyrinth_gym.agents.interface import make_interface, needs_game

        named = self.card.get("interface")
        self.interface = make_interface(game, named["name"] if named else None)
        self.needs_game = needs_game(self.interface)
        self.runtime = runtime
        if runtime == "onnx":
            from labyrinth_gym.agents.portable import OnnxPolicy

            self.model = OnnxPolicy(model_file)
        else:
            import torch
            from sb3_contrib import MaskablePPO

            torch.set_num_threads(1)
            self.model = MaskablePPO.load(str(model_file), device="cpu")
        self.name = f"{game}/{name}"
        self.deterministic = deterministic
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def reset(self, seed: int | None = None) -> None:
        if hasattr(self.interface, "reset"):
            self.interface.reset()
        if seed is not None:
            self.seed = seed
            self.rng = np.random.default_rng(seed)
            if self.runtime == "torch":
                import torch

                torch.manual_seed(seed)

    def act(self, observation, action_mask, *, game=None) -> int:
        from labyrinth_gym.agents.interface import prepare

        decision = prepare(self.interface, observation, action_mask, game)
        if decision.ruled is not None:
            return decision.ruled
        if self.runtime == "onnx":
            probs = self.model.probabilities(decision.observation, decision.mask)[0]
            choice = (int(np.argmax(probs)) if self.deterministic
                      else int(self.rng.choice(len(probs), p=probs / probs.sum())))
            return decision.action(choice)
        choice, _ = self.model.predict(
            decision.observation,
            action_masks=decision.mask,
            deterministic=self.deterministic,
        )
        return decision.action(int(choice))
