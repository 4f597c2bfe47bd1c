"""Portable policies: a learned checkpoint exported as ONNX, run without torch.

``labyrinth-gym export <game>/<name> --onnx FILE`` (or :func:`export_onnx`) writes the
policy of a checkpoint (its network rebuilt from ``card.json`` and ``policy.pt``,
tensors only: exporting runs no code from the checkpoint) as an ONNX graph with two
inputs, ``observation`` (float32, ``[batch, observation size]``, what the policy sees
through its interface) and ``action_mask`` (int8, ``[batch, choices]``, nonzero for an
allowed choice: the envs' mask as it comes), and one output, ``probabilities``
(float32, ``[batch, choices]``): the masked softmax of the policy head, exactly what
the torch policy's masked distribution gives (illegal choices get 0). Each input and
the output carry this description as their ``doc_string``, and the metadata holds it
as JSON under ``labyrinth_gym_io``, so a front end in another language can read what
to feed the file from the file itself.

The checkpoint's card (how it was trained and scored, its interface) rides along in
the metadata under ``labyrinth_gym_card``, and is written beside ``<name>.onnx`` as
``<name>.card.json``, so a second export into the same folder keeps the first one's
card (:func:`card_for` finds it; a checkpoint folder's ``model.onnx`` reads the
folder's own ``card.json``, which an export into its checkpoint leaves alone).
``LearnedAgent(game, path=..., runtime="onnx")`` checks that card as it checks a
checkpoint folder. Both files are written atomically (a temporary file renamed into
place).

:class:`OnnxPolicy` runs such a file on onnxruntime (the ``[onnx]`` extra): numpy in,
numpy out; no torch import; a mask may be bool or any integer type (an export made
before the int8 input took bool, and still runs). A file onnxruntime cannot read, or
one whose inputs and output are not the ones above, is a
:class:`~labyrinth_gym.agents.checkpoint_io.CheckpointError` in one line.

Policies played through a Python feature interface (the card's ``interface``: three
of the four shipped ones) take that interface's observation, which only the Python
package computes; a front end in another language asks the server instead
(``POST /v1/act``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

INPUTS = ("observation", "action_mask")
OUTPUT = "probabilities"
MASKED_LOGIT = -1e8
"""The logit given to an illegal choice (sb3-contrib's masked distribution uses the
same), so its probability is 0 in float32."""
IO_DOCS = {
    "observation": "float32 [batch, observation size]: what the policy sees, through "
                   "its interface (the card's 'interface'; none: the env's observation)",
    "action_mask": "int8 [batch, choices]: nonzero where a choice is allowed (the "
                   "env's info['action_mask'] or the interface's mask, as given)",
    "probabilities": "float32 [batch, choices]: the policy's masked softmax; 0 for a "
                     "choice the mask refuses; play the argmax (or sample)",
}
"""What each input and the output hold: their ``doc_string`` in the graph, and the
``labyrinth_gym_io`` metadata entry."""


def card_for(onnx_file: str | Path) -> Path:
    """The card of an exported file: ``<name>.card.json`` beside ``<name>.onnx``, or
    the folder's ``card.json`` (a checkpoint's own ``model.onnx``)."""
    onnx_file = Path(onnx_file)
    own = onnx_file.with_name(f"{onnx_file.stem}.card.json")
    return own if own.exists() else onnx_file.with_name("card.json")


class OnnxPolicy:
    """An exported policy on onnxruntime.

    Args:
        path: The ``.onnx`` file.
        sizes: ``(observation size, choices)`` the graph must take, if known.

    Raises:
        CheckpointError: Not an ONNX graph onnxruntime runs, or not one with this
            module's inputs, output and sizes.
    """

    def __init__(self, path: str | Path, sizes: tuple[int, int] | None = None):
        try:
            import onnxruntime
        except ImportError as err:
            raise ImportError("running an ONNX policy needs onnxruntime: "
                              "pip install 'labyrinth-gym[onnx]'") from err
        from labyrinth_gym.agents.checkpoint_io import CheckpointError

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        try:
            self.session = onnxruntime.InferenceSession(
                str(path), options, providers=["CPUExecutionProvider"])
        except Exception as err:  # onnxruntime's errors derive from Exception only
            first = (str(err).strip().splitlines() or [type(err).__name__])[0]
            raise CheckpointError(f"{path} is not an ONNX policy onnxruntime can run "
                                  f"({type(err).__name__}: {first})") from err
        inputs = {i.name: i.shape for i in self.session.get_inputs()}
        # int8 since the export took the envs' masks as they come; bool before
        self._mask_type = next((np.int8 if i.type == "tensor(int8)" else bool)
                               for i in self.session.get_inputs()
                               if i.name == "action_mask")
        outputs = [o.name for o in self.session.get_outputs()]
        if set(inputs) != set(INPUTS) or OUTPUT not in outputs:
            raise CheckpointError(f"{path} is not an exported policy: it takes "
                                  f"{sorted(inputs)} and gives {outputs}, not "
                                  f"{list(INPUTS)} -> {OUTPUT!r}")
        if sizes is not None:
            got = (inputs["observation"][-1], inputs["action_mask"][-1])
            if got != tuple(sizes):
                raise CheckpointError(f"{path} takes observations and masks of sizes "
                                      f"{got}, the policy's card says {tuple(sizes)}")
        meta = self.session.get_modelmeta().custom_metadata_map
        try:
            self.card = json.loads(meta["labyrinth_gym_card"]) \
                if "labyrinth_gym_card" in meta else None
        except json.JSONDecodeError as err:
            raise CheckpointError(f"{path}: its labyrinth_gym_card metadata is not "
                                  f"JSON ({err})") from err

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """``[batch, choices]`` probabilities (one observation: a batch of one); the
        mask bool or integers, nonzero where a choice is allowed."""
        obs = np.asarray(observation, dtype=np.float32)
        mask = (np.asarray(mask) != 0).astype(self._mask_type)
        if obs.ndim == 1:
            obs, mask = obs[None], mask[None]
        return self.session.run([OUTPUT], {"observation": obs, "action_mask": mask})[0]


def masked_policy(network: Any):
    """A torch module ``(observation, action_mask) -> probabilities`` of a policy
    network (observations to action logits, as
    :func:`~labyrinth_gym.agents.checkpoint_io.build_network` builds it); the mask is
    nonzero where a choice is allowed (int8 in the export, bool works too)."""
    import torch

    class MaskedPolicy(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.network = network

        def forward(self, observation, action_mask):
            logits = self.network(observation)
            logits = torch.where(action_mask != 0, logits,
                                 torch.full_like(logits, MASKED_LOGIT))
            return torch.softmax(logits, dim=-1)

    return MaskedPolicy().eval()


def torch_probabilities(network: Any, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The torch policy's own masked action probabilities (the reference the export is
    checked against; what :class:`~labyrinth_gym.agents.learned.LearnedAgent` plays)."""
    from labyrinth_gym.agents.learned import masked_distribution

    return masked_distribution(network, observation, mask).probs.numpy()


def export_onnx(agent_id: str, file: str | Path, path: str | Path | None = None) -> Path:
    """Write learned agent ``agent_id`` (``"<game>/<name>"``, the shipped checkpoint, or
    the one at ``path``) as ONNX to ``file`` (``<name>.onnx``), with its card beside
    it as ``<name>.card.json`` (none when ``file`` lies in the checkpoint's folder,
    whose ``card.json`` it is); the file's path. The checkpoint is read as tensors
    only, and both files are written atomically.

    Raises:
        ValueError: A bad id, a checkpoint that does not fit the game
            (:class:`~labyrinth_gym.agents.learned.CheckpointMismatchError`) or whose
            card or weights are broken
            (:class:`~labyrinth_gym.agents.checkpoint_io.CheckpointError`).
        FileNotFoundError: No checkpoint there.
    """
    import io

    import onnx
    import torch

    from labyrinth_gym.agents.checkpoint_io import write_atomic, write_json
    from labyrinth_gym.agents.learned import LearnedAgent

    if "/" not in agent_id:
        raise ValueError(f"agent id must be <game>/<name>, got {agent_id!r}")
    game, name = agent_id.split("/", 1)
    agent = LearnedAgent(game, path=path, name=name)
    module = masked_policy(agent.model)
    n_obs = agent.interface.observation_size
    n_act = agent.interface.num_choices
    example = (torch.zeros(1, n_obs), torch.ones(1, n_act, dtype=torch.int8))
    file = Path(file)
    if file.suffix != ".onnx":
        raise ValueError(f"an ONNX file's name ends in .onnx, got {str(file)!r}")
    file.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()  # exported in memory, then written to file in one rename
    torch.onnx.export(module, example, buffer, input_names=list(INPUTS),
                      output_names=[OUTPUT], opset_version=17, dynamo=False,
                      dynamic_axes={"observation": {0: "batch"},
                                    "action_mask": {0: "batch"},
                                    OUTPUT: {0: "batch"}})
    graph = onnx.load_from_string(buffer.getvalue())
    card = {**agent.card, "exported": {"from": agent_id, "format": "onnx",
                                       "inputs": list(INPUTS), "output": OUTPUT}}
    for value in (*graph.graph.input, *graph.graph.output):
        value.doc_string = IO_DOCS[value.name]
    graph.doc_string = (f"labyrinth-gym policy {agent_id} ({card.get('env_id')}): "
                        "observation and action_mask in, probabilities out")
    for key, value in (("labyrinth_gym_card", json.dumps(card)),
                       ("labyrinth_gym_io", json.dumps(IO_DOCS))):
        entry = graph.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.checker.check_model(graph)
    write_atomic(file, graph.SerializeToString())
    folder_card = file.parent / "card.json"
    if not (file.stem == "model" and _same_card(folder_card, agent.card)):
        # (in its checkpoint's folder the card is already there, as card.json)
        write_json(file.with_name(f"{file.stem}.card.json"), card)
    return file


def _same_card(file: Path, card: dict[str, Any]) -> bool:
    """Whether ``file`` holds ``card`` (a file that is not JSON does not)."""
    try:
        return json.loads(file.read_text()) == card
    except (ValueError, OSError):
        return False


__all__ = ["INPUTS", "IO_DOCS", "OUTPUT", "OnnxPolicy", "card_for", "export_onnx",
           "masked_policy", "torch_probabilities"]
