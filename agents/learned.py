"""Agents that play a trained checkpoint (``checkpoints/<game>/<name>/``).

A checkpoint folder holds ``card.json`` (env id and version, observation and action
space sizes, the policy interface, how the network is built, how it was trained and
how it scored) and ``policy.pt``, the network's weights as tensors only
(:mod:`labyrinth_gym.agents.checkpoint_io`). Loading reads those two files and never
SB3's ``model.zip`` (kept for ``train --resume``, and unpickled when loaded), so no
code from a checkpoint runs. Loading refuses a checkpoint whose card does not match
the installed env and says which field differs; a broken card or weights file is a
:class:`~labyrinth_gym.agents.checkpoint_io.CheckpointError` (a ValueError) in one
line.
"""

from __future__ import annotations

import importlib.util
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from labyrinth_gym.agents.checkpoint_io import (
    POLICY_FILE,
    CheckpointError,
    check_network,
    load_network,
    read_card,
)


class CheckpointMismatchError(CheckpointError):
    """A checkpoint trained for another env version or other spaces."""


def checkpoint_dir(game: str, name: str) -> Path:
    """Where the shipped checkpoint ``<game>/<name>`` lives (checkout or installed)."""
    root = resources.files("labyrinth_gym.checkpoints")
    return Path(str(root.joinpath(game, name)))


def register_checkpoints(checkpoints: dict[str, str | Path]) -> None:
    """Register checkpoint folders (``card.json`` and ``policy.pt``, e.g. runs trained
    on a cluster) as learned agents, ``{"<game>/<name>": folder}``, so ``make``,
    evaluation and the server play them like shipped ones (``<id>:onnx`` on the
    server when a folder also holds ``model.onnx``). Every one is loaded first (its
    ``model.onnx`` too, where onnxruntime is installed), tensors only, so a missing,
    broken or mismatched checkpoint, a bad id or an id already taken is a ValueError
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
        if folder.is_dir() and (folder / "model.onnx").exists() and \
                importlib.util.find_spec("onnxruntime") is not None:
            # served as <id>:onnx too: a junk export fails here, not in a session
            LearnedAgent(game, path=folder, name=name, runtime="onnx")
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
"""How a learned policy runs: the network rebuilt from its card with the weights of
``policy.pt`` on torch, or the ``model.onnx`` exported from it
(:mod:`labyrinth_gym.agents.portable`) on onnxruntime, without torch."""


def masked_distribution(network: Any, observation: Any, mask: Any):
    """The policy's action distribution: ``network``'s logits with illegal choices
    set to a logit of -1e8, as sb3-contrib's ``MaskableCategorical`` does (same
    probabilities, same greedy choice, same samples for the same torch seed).
    ``observation`` is ``[batch, size]``, ``mask`` ``[batch, choices]``."""
    import torch

    from labyrinth_gym.agents.portable import MASKED_LOGIT

    obs = torch.as_tensor(np.asarray(observation, dtype=np.float32))
    allowed = torch.as_tensor(np.asarray(mask).astype(bool))
    with torch.no_grad():
        logits = network(obs)
        # normalised before masking as MaskableCategorical does (it masks the
        # normalised logits of a first Categorical): the same floats to the last bit
        logits = logits - logits.logsumexp(dim=-1, keepdim=True)
        logits = torch.where(allowed.reshape(logits.shape), logits,
                             torch.tensor(MASKED_LOGIT, dtype=logits.dtype))
        return torch.distributions.Categorical(logits=logits)


class LearnedAgent:
    """A MaskablePPO policy played greedily (or sampled with ``deterministic=False``),
    through the policy interface its card names (:mod:`labyrinth_gym.agents.interface`);
    ``runtime="onnx"`` plays its ONNX export instead (no torch needed).

    Args:
        game: The game it plays.
        path: A checkpoint folder (default the shipped ``<game>/<name>``), or a file
            in one: its ``policy.pt`` (or another ``.pt`` weights file), or with
            ``runtime="onnx"`` an exported ``.onnx`` file with ``card.json`` beside.
        name: The shipped checkpoint's name, and the agent's.
        deterministic: Play the likeliest legal choice, or sample one.
        seed: Seed of the sampling.
        runtime: ``"torch"`` or ``"onnx"``.

    Raises:
        FileNotFoundError: No checkpoint there.
        CheckpointMismatchError: A card for another env version or other spaces.
        CheckpointError: A card or weights file that is broken or does not fit.
    """

    needs_game = False

    def __init__(self, game: str, path: str | Path | None = None, name: str = "ppo",
                 deterministic: bool = True, seed: int | None = None,
                 runtime: str = "torch"):
        if runtime not in RUNTIMES:
            raise ValueError(f"runtime must be one of {RUNTIMES}, got {runtime!r}")
        path = Path(path) if path is not None else checkpoint_dir(game, name)
        if runtime == "onnx":
            model_file = path / "model.onnx" if path.is_dir() else path
            if not model_file.exists():
                raise FileNotFoundError(f"no checkpoint at {model_file} (labyrinth-gym "
                                        f"export {game}/{name} --onnx FILE writes one)")
            folder = model_file.parent
            from labyrinth_gym.agents.portable import card_for

            card_file = card_for(model_file)  # <name>.card.json, or the folder's
        else:
            if not path.exists():
                raise FileNotFoundError(f"no checkpoint at {path}")
            folder = path if path.is_dir() else path.parent
            model_file = path if path.is_file() and path.suffix == ".pt" else None
            card_file = folder / "card.json"
        if not card_file.exists():
            if path.is_dir():
                raise FileNotFoundError(f"no checkpoint at {folder} (no card.json)")
            raise FileNotFoundError(f"checkpoint {path} has no card.json beside it")
        self.card = read_card(card_file)
        check_card(self.card, game, where=str(card_file))
        from labyrinth_gym.agents.interface import make_interface, needs_game

        named = self.card.get("interface")
        self.interface = make_interface(game, named["name"] if named else None)
        self.needs_game = needs_game(self.interface)
        self.runtime = runtime
        if runtime == "onnx":
            from labyrinth_gym.agents.portable import OnnxPolicy

            self.model = OnnxPolicy(model_file, sizes=(self.interface.observation_size,
                                                       self.interface.num_choices))
        else:
            self.model = self._load_network(folder, model_file, card_file)
        self.name = f"{game}/{name}"
        self.deterministic = deterministic
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def _load_network(self, folder: Path, weights: Path | None, card_file: Path):
        """The torch network the card describes, with the weights file's tensors."""
        if "network" not in self.card:
            raise CheckpointError(
                f"{card_file} names no tensors-only policy ('network'): a run saved "
                f"before {POLICY_FILE} existed; convert it once (its model.zip is "
                f"unpickled, so only a run you trust): python -m "
                f"labyrinth_gym.training.convert {folder}")
        import torch

        torch.set_num_threads(1)
        network = check_network(self.card, str(card_file))
        weights = weights or folder / network["file"]
        if not weights.is_file():
            raise FileNotFoundError(f"no checkpoint at {weights} (the card's weights "
                                    "file is missing)")
        return load_network(weights, network)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """``[batch, choices]`` probabilities of the policy's choices (through its
        interface) for ``[batch, size]`` observations and masks, on either runtime."""
        obs = np.asarray(observation, dtype=np.float32)
        mask = np.asarray(mask, dtype=bool)
        if obs.ndim == 1:
            obs, mask = obs[None], mask[None]
        if self.runtime == "onnx":
            return self.model.probabilities(obs, mask)
        return masked_distribution(self.model, obs, mask).probs.numpy()

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
        obs = np.asarray(decision.observation, dtype=np.float32).reshape(1, -1)
        dist = masked_distribution(self.model, obs, np.asarray(decision.mask).reshape(1, -1))
        # SB3's greedy choice is the argmax of the probabilities, its sample a draw
        # from them with torch's generator: the same here, so the same games
        choice = dist.probs.argmax(dim=1) if self.deterministic else dist.sample()
        return decision.action(int(choice[0]))
