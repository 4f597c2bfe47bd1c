"""Portable policies: a learned checkpoint exported as ONNX, run without torch.

``labyrinth-gym export <game>/<name> --onnx FILE`` (or :func:`export_onnx`) writes the
policy of a MaskablePPO checkpoint as an ONNX graph with two inputs, ``observation``
(float32, ``[batch, observation size]``, what the policy sees through its interface)
and ``action_mask`` (bool, ``[batch, choices]``), and one output, ``probabilities``
(float32, ``[batch, choices]``): the masked softmax of the policy head, exactly what
the torch policy's masked distribution gives (illegal choices get 0). The
checkpoint's card (how it was trained and scored, its interface) rides along in the
ONNX metadata under ``labyrinth_gym_card``, and a ``card.json`` is written beside the
file (unless the checkpoint's own card is already there), so ``LearnedAgent(game, path=..., runtime="onnx")`` checks it as it checks a
``model.zip``.

:class:`OnnxPolicy` runs such a file on onnxruntime (the ``[onnx]`` extra): numpy in,
numpy out; no torch import.
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


class OnnxPolicy:
    """An exported policy on onnxruntime."""

    def __init__(self, path: str | Path):
        try:
            import onnxruntime
        except ImportError as err:
            raise ImportError("running an ONNX policy needs onnxruntime: "
                              "pip install 'labyrinth-gym[onnx]'") from err
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self.session = onnxruntime.InferenceSession(
            str(path), options, providers=["CPUExecutionProvider"])
        meta = self.session.get_modelmeta().custom_metadata_map
        self.card = json.loads(meta["labyrinth_gym_card"]) if "labyrinth_gym_card" in meta \
            else None

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """``[batch, choices]`` probabilities (one observation: a batch of one)."""
        obs = np.asarray(observation, dtype=np.float32)
        mask = np.asarray(mask, dtype=bool)
        if obs.ndim == 1:
            obs, mask = obs[None], mask[None]
        return self.session.run([OUTPUT], {"observation": obs, "action_mask": mask})[0]


def masked_policy(model: Any):
    """A torch module ``(observation, action_mask) -> probabilities`` of a MaskablePPO
    model's policy (the actor only)."""
    import torch

    policy = model.policy

    class MaskedPolicy(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.policy = policy

        def forward(self, observation, action_mask):
            features = self.policy.extract_features(observation,
                                                    self.policy.pi_features_extractor)
            latent = self.policy.mlp_extractor.forward_actor(features)
            logits = self.policy.action_net(latent)
            logits = torch.where(action_mask, logits,
                                 torch.full_like(logits, MASKED_LOGIT))
            return torch.softmax(logits, dim=-1)

    return MaskedPolicy().eval()


def torch_probabilities(model: Any, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The torch policy's own masked action probabilities (the reference the export is
    checked against)."""
    import torch

    with torch.no_grad():
        obs = torch.as_tensor(np.asarray(observation, dtype=np.float32))
        dist = model.policy.get_distribution(obs, action_masks=np.asarray(mask, dtype=bool))
        return dist.distribution.probs.numpy()


def export_onnx(agent_id: str, file: str | Path, path: str | Path | None = None) -> Path:
    """Write learned agent ``agent_id`` (``"<game>/<name>"``, the shipped checkpoint, or
    the one at ``path``) as ONNX to ``file``, with its ``card.json`` beside it; the
    file's path."""
    import onnx
    import torch

    from labyrinth_gym.agents.learned import LearnedAgent

    if "/" not in agent_id:
        raise ValueError(f"agent id must be <game>/<name>, got {agent_id!r}")
    game, name = agent_id.split("/", 1)
    agent = LearnedAgent(game, path=path, name=name)
    module = masked_policy(agent.model)
    n_obs = agent.interface.observation_size
    n_act = agent.interface.num_choices
    example = (torch.zeros(1, n_obs), torch.ones(1, n_act, dtype=torch.bool))
    file = Path(file)
    file.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(module, example, str(file), input_names=list(INPUTS),
                      output_names=[OUTPUT], opset_version=17, dynamo=False,
                      dynamic_axes={"observation": {0: "batch"},
                                    "action_mask": {0: "batch"},
                                    OUTPUT: {0: "batch"}})
    graph = onnx.load(str(file))
    card = {**agent.card, "exported": {"from": agent_id, "format": "onnx",
                                       "inputs": list(INPUTS), "output": OUTPUT}}
    entry = graph.metadata_props.add()
    entry.key, entry.value = "labyrinth_gym_card", json.dumps(card)
    onnx.checker.check_model(graph)
    onnx.save(graph, str(file))
    beside = file.parent / "card.json"
    if not (beside.exists() and json.loads(beside.read_text()) == agent.card):
        beside.write_text(json.dumps(card, indent=2) + "\n")  # (not over its own card)
    return file


__all__ = ["INPUTS", "OUTPUT", "OnnxPolicy", "export_onnx", "masked_policy",
           "torch_probabilities"]
