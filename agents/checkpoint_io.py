"""Checkpoint files: written atomically, read without running code from them.

A checkpoint folder (``checkpoints/<game>/<name>/`` or a training run's ``--out``)
holds:

- ``card.json``: what the policy was trained for (env id and version, observation
  and action sizes, its interface), how it was trained and scored, and under
  ``network`` how to rebuild the policy network (:data:`NETWORK_FIELDS`);
- ``policy.pt``: the policy network's weights and nothing else, a torch
  ``state_dict`` read with ``torch.load(..., weights_only=True)``, which refuses any
  pickled object that is not a tensor or a plain container. Every player of a policy
  (:class:`~labyrinth_gym.agents.learned.LearnedAgent`, the ONNX export, the server's
  ``--checkpoint``) loads this file;
- ``model.zip``: Stable-Baselines3's save of the whole model (optimizer state too)
  for ``labyrinth-gym train --resume`` only. SB3 unpickles it, so a crafted file runs
  code when loaded: nothing that plays a policy opens it;
- ``model.onnx`` (optional): the ONNX export, ``config.yml`` and ``command.txt``.

Every file is written by :func:`write_atomic`: to a temporary file in the same folder,
flushed to disk, then renamed over the old one, so an interrupted save (Ctrl-C, a
full disk, a killed job) leaves the previous file whole.

Runs saved before ``policy.pt`` existed are converted once by
:func:`labyrinth_gym.training.convert.convert_checkpoint`
(``python -m labyrinth_gym.training.convert DIR``), which loads their ``model.zip``
with SB3: only for runs you trust. Nothing in this module unpickles.

Nothing here imports torch at import time (the ONNX runtime plays without it).
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

POLICY_FILE = "policy.pt"
"""The tensors-only weights file beside ``card.json``."""
MODEL_FILE = "model.zip"
"""SB3's full save, read by ``train --resume`` only."""
WEIGHTS_FORMAT = "torch-state-dict"
"""``network.format`` in the card: a ``torch.save`` of a ``state_dict``."""
ACTIVATIONS = ("tanh", "relu", "elu", "leaky_relu", "gelu", "silu")
"""Hidden-layer activations a card may name (torch.nn class names, lower case)."""
NETWORK_FIELDS = ("file", "format", "observation_size", "hidden", "activation",
                  "action_n")
"""The card's ``network`` section: the weights file's name in the folder, its format,
the layer sizes (observation, hidden..., actions) and the hidden activation. The
network is SB3's ``MlpPolicy`` actor: ``Linear`` + activation per hidden layer, then
a ``Linear`` to the action logits."""


class CheckpointError(ValueError):
    """A checkpoint file that cannot be read or does not fit (a broken, truncated or
    foreign file, a card with a wrong field): a user error, said in one line."""


# ------------------------------------------------------------------ atomic writes
@contextmanager
def atomic_file(path: str | Path) -> Iterator[IO[bytes]]:
    """An open binary file that becomes ``path`` only once the block ends cleanly.

    The bytes go to a temporary file beside ``path``; on a clean exit they are
    flushed and fsynced, and the file is renamed over ``path`` (``os.replace``, atomic
    on POSIX and Windows). On any exception, ``KeyboardInterrupt`` included, the
    temporary file is removed and ``path`` is left as it was.
    """
    path = Path(path)
    # the old file's permission bits (mkstemp creates 0600), or the usual 0644
    mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            _sync(fh)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_dir(path.parent)


def write_atomic(path: str | Path, data: bytes | str | Callable[[IO[bytes]], Any]) -> Path:
    """Write ``data`` (bytes, text as UTF-8, or a function writing to a binary file)
    to ``path`` through :func:`atomic_file`; return ``path``."""
    path = Path(path)
    with atomic_file(path) as fh:
        if callable(data):
            data(fh)
        else:
            fh.write(data.encode() if isinstance(data, str) else data)
    return path


def write_json(path: str | Path, obj: Any) -> Path:
    """``obj`` as indented JSON with a final newline, written atomically."""
    return write_atomic(path, json.dumps(obj, indent=2, default=str) + "\n")


def _sync(fh: IO[bytes]) -> None:
    """The file's bytes on disk before it is renamed into place."""
    os.fsync(fh.fileno())


def _sync_dir(folder: Path) -> None:
    """The rename on disk too (POSIX; a folder cannot be opened on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the rename still happened
    finally:
        os.close(fd)


# ------------------------------------------------------------------ the card
def read_card(path: str | Path) -> dict[str, Any]:
    """A checkpoint's ``card.json``, checked: a JSON object whose fields that loading
    reads have the right types (:class:`CheckpointError` naming the file and field)."""
    path = Path(path)
    try:
        card = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as err:
        raise CheckpointError(f"{path} is not a JSON card ({err})") from err
    except json.JSONDecodeError as err:
        raise CheckpointError(f"{path} is not valid JSON ({err})") from err
    check_card_fields(card, str(path))
    return card


def check_card_fields(card: Any, where: str) -> None:
    """Raise :class:`CheckpointError` unless ``card`` is a card whose fields read
    when loading (env id and version, spaces, interface, ``verified_on``,
    ``network``) are present where required and of the right type."""
    if not isinstance(card, dict):
        raise CheckpointError(f"{where}: a card must be a JSON object, "
                              f"got a {_json_type(card)}")
    _need(card, "env_id", str, where)
    _need(card, "env_version", int, where)
    shape = _need(card, "observation_shape", list, where)
    if len(shape) != 1 or not _is_int(shape[0]) or shape[0] <= 0:
        raise CheckpointError(f"{where}: field 'observation_shape' must be [size], "
                              f"got {shape!r}")
    if _need(card, "action_n", int, where) <= 0:
        raise CheckpointError(f"{where}: field 'action_n' must be positive")
    if "interface" in card:
        _need(_need(card, "interface", dict, where), "name", str, where, "interface.")
    verified = _need(card, "verified_on", list, where) if "verified_on" in card else []
    for i, entry in enumerate(verified):
        if not isinstance(entry, dict):
            raise CheckpointError(f"{where}: field 'verified_on[{i}]' must be an object")
        _need(entry, "env_id", str, where, f"verified_on[{i}].")
        _need(entry, "env_version", int, where, f"verified_on[{i}].")
    if "network" in card:
        # its sizes against the card's are checked when the network is built, after
        # the card's against the env's: a card for other spaces is said so first
        check_network(card, where, sizes=False)


def check_network(card: dict[str, Any], where: str, sizes: bool = True) -> dict[str, Any]:
    """The card's ``network`` section, checked against :data:`NETWORK_FIELDS` and
    (``sizes``) the card's own observation and action sizes."""
    net = _need(card, "network", dict, where)
    name = _need(net, "file", str, where, "network.")
    if not name or Path(name).name != name or name in (".", ".."):
        raise CheckpointError(f"{where}: field 'network.file' must be a file name in "
                              f"the checkpoint folder, got {name!r}")
    if _need(net, "format", str, where, "network.") != WEIGHTS_FORMAT:
        raise CheckpointError(f"{where}: field 'network.format' must be "
                              f"{WEIGHTS_FORMAT!r}, got {net['format']!r}")
    hidden = _need(net, "hidden", list, where, "network.")
    if not all(_is_int(h) and h > 0 for h in hidden):
        raise CheckpointError(f"{where}: field 'network.hidden' must list positive "
                              f"layer sizes, got {hidden!r}")
    if _need(net, "activation", str, where, "network.") not in ACTIVATIONS:
        raise CheckpointError(f"{where}: field 'network.activation' must be one of "
                              f"{ACTIVATIONS}, got {net['activation']!r}")
    for key, want in (("observation_size", card["observation_shape"][0]),
                      ("action_n", card["action_n"])):
        if _need(net, key, int, where, "network.") != want and sizes:
            raise CheckpointError(f"{where}: field 'network.{key}' is {net[key]!r} but "
                                  f"the card's spaces say {want!r}")
    return net


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_type(value: Any) -> str:
    names = {dict: "object", list: "list", str: "string", bool: "boolean",
             int: "number", float: "number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


_KINDS = {str: "a string", int: "an integer", list: "a list", dict: "an object"}


def _need(obj: dict[str, Any], key: str, kind: type, where: str, prefix: str = "") -> Any:
    """``obj[key]``, which must be there and of JSON type ``kind``."""
    if key not in obj:
        raise CheckpointError(f"{where}: missing field '{prefix}{key}'")
    value = obj[key]
    ok = _is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise CheckpointError(f"{where}: field '{prefix}{key}' must be "
                              f"{_KINDS[kind]}, got {value!r}")
    return value


# ------------------------------------------------------------------ the network
def network_of(policy: Any) -> dict[str, Any]:
    """The card's ``network`` section for an SB3 (Maskable) ``MlpPolicy``: its actor,
    ``Linear`` + activation per hidden layer then the action head. A policy of another
    shape (a CNN, a non-flat observation) is a ValueError: it has no tensors-only
    form here."""
    import torch
    from stable_baselines3.common.torch_layers import FlattenExtractor

    if not isinstance(policy.features_extractor, FlattenExtractor) or \
            len(policy.observation_space.shape or ()) != 1 or \
            not hasattr(policy.action_space, "n"):
        raise ValueError(f"a tensors-only policy needs an MlpPolicy on a flat "
                         f"observation and discrete actions, got "
                         f"{type(policy.features_extractor).__name__} on "
                         f"{policy.observation_space} -> {policy.action_space}")
    layers = list(policy.mlp_extractor.policy_net)
    hidden = [m.out_features for m in layers if isinstance(m, torch.nn.Linear)]
    acts = {type(m).__name__.lower() for m in layers if not isinstance(m, torch.nn.Linear)}
    names = {cls.__name__.lower(): name for name, cls in _activation_classes().items()}
    if len(layers) != 2 * len(hidden) or len(acts) > 1 or not acts <= set(names):
        raise ValueError(f"a tensors-only policy needs Linear+activation layers of "
                         f"{ACTIVATIONS}, got {policy.mlp_extractor.policy_net}")
    return {
        "file": POLICY_FILE,
        "format": WEIGHTS_FORMAT,
        "observation_size": int(policy.observation_space.shape[0]),
        "hidden": hidden,
        "activation": names[acts.pop()] if acts else "tanh",
        "action_n": int(policy.action_space.n),
    }


def _activation_classes() -> dict[str, type]:
    import torch

    return {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU, "elu": torch.nn.ELU,
            "leaky_relu": torch.nn.LeakyReLU, "gelu": torch.nn.GELU,
            "silu": torch.nn.SiLU}


def actor_state(policy: Any) -> dict[str, Any]:
    """An SB3 ``MlpPolicy``'s actor weights under :func:`build_network`'s names
    (``mlp_extractor.policy_net.<i>`` -> ``<i>``, ``action_net`` -> the last layer)."""
    state = policy.state_dict()
    head = 2 * len([k for k in state if k.startswith("mlp_extractor.policy_net.")
                    and k.endswith(".weight")])
    out = {}
    for key, value in state.items():
        if key.startswith("mlp_extractor.policy_net."):
            out[key.removeprefix("mlp_extractor.policy_net.")] = value
        elif key.startswith("action_net."):
            out[f"{head}.{key.removeprefix('action_net.')}"] = value
    return {k: v.detach().cpu().clone() for k, v in out.items()}


def build_network(network: dict[str, Any]):
    """The policy network a card's ``network`` section describes, untrained: a
    ``torch.nn.Sequential`` from observations to action logits."""
    import torch

    act = _activation_classes()[network["activation"]]
    layers: list[Any] = []
    size = network["observation_size"]
    for width in network["hidden"]:
        layers += [torch.nn.Linear(size, width), act()]
        size = width
    layers.append(torch.nn.Linear(size, network["action_n"]))
    return torch.nn.Sequential(*layers).eval()


def save_policy(policy: Any, folder: str | Path) -> dict[str, Any]:
    """Write an SB3 policy's actor as ``policy.pt`` in ``folder`` (atomically);
    return the card's ``network`` section for it."""
    import torch

    network = network_of(policy)
    state = actor_state(policy)
    write_atomic(Path(folder) / network["file"], lambda fh: torch.save(state, fh))
    return network


def save_model(model: Any, folder: str | Path) -> dict[str, Any]:
    """Write a MaskablePPO's ``policy.pt`` and ``model.zip`` in ``folder``, each
    atomically; return the card's ``network`` section."""
    network = save_policy(model.policy, folder)
    write_atomic(Path(folder) / MODEL_FILE, lambda fh: model.save(fh))
    return network


def load_network(file: str | Path, network: dict[str, Any]):
    """The network ``network`` describes, with the weights of ``file`` read as
    tensors only (``weights_only=True``: no code from the file runs). A truncated or
    foreign file, or weights of other shapes, is a :class:`CheckpointError`."""
    import torch

    file = Path(file)
    try:
        state = torch.load(file, map_location="cpu", weights_only=True)
    except (FileNotFoundError, PermissionError, IsADirectoryError):
        raise  # the file system's own errors say it best
    except Exception as err:  # torch raises many kinds (a truncated file: OSError
        # EINVAL, RuntimeError, EOFError...); the first line says which
        first = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise CheckpointError(f"{file} is not a readable tensors-only policy file "
                              f"({type(err).__name__}: {first})") from err
    module = build_network(network)
    want = {k: tuple(v.shape) for k, v in module.state_dict().items()}
    if not isinstance(state, dict) or not all(
            isinstance(v, torch.Tensor) for v in state.values()):
        raise CheckpointError(f"{file} holds no state_dict of tensors")
    got = {k: tuple(v.shape) for k, v in state.items()}
    if got != want:
        diff = sorted(set(got.items()) ^ set(want.items()))[:4]
        raise CheckpointError(
            f"the weights in {file} do not fit the card's network "
            f"{network['observation_size']} -> {network['hidden']} -> "
            f"{network['action_n']} (differs: {diff})")
    module.load_state_dict(state)
    return module
