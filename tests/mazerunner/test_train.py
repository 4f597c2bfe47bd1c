"""A pod policy trains with the shipped recipe's shape (warm start from the pod
heuristic, self-play against heuristic, random and snapshots), then loads as
``mazerunner/ppo`` and plays legal moves in a pod."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np

from labyrinth_gym.agents import make
from labyrinth_gym.envs.mazerunner.encoding import encode
from labyrinth_gym.envs.mazerunner.env import make_game

HP = """
default:
  n_envs: 2
  vec_env: dummy
  policy: MlpPolicy
  n_steps: 128
  batch_size: 128
  n_epochs: 1
  policy_kwargs: {net_arch: [16]}
labyrinth_gym/Mazerunner-v7:
  warm_start: {teacher: heuristic, games: 1, epochs: 1, smoothing: 0.1}
  selfplay:
    fixed: {heuristic: 1.0, random: 1.0}
    snapshot_weight: 1.0
    snapshot_every: 128
    keep: 1
    choices: {num_players: [4]}
"""


def test_a_pod_policy_trains_loads_and_plays(tmp_path):
    params = tmp_path / "hp.yml"
    params.write_text(HP)
    out = tmp_path / "run"
    proc = subprocess.run(
        [sys.executable, "-m", "labyrinth_gym", "train", "mazerunner", "--timesteps", "512",
         "--out", str(out), "--hyperparams", str(params), "--no-progress",
         "--kw", "max_turns=30"],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    card = json.loads((out / "card.json").read_text())
    assert card["env_id"] == "labyrinth_gym/Mazerunner-v7" and card["timesteps"] >= 512
    assert card["selfplay"]["fixed"] == {"mazerunner/heuristic": 1.0, "mazerunner/random": 1.0}
    agent = make("mazerunner/ppo", path=out)
    game = make_game(np.random.default_rng(0), max_turns=12)
    while not game.is_terminal():
        mask = game.legal_mask()
        a = agent.act(encode(game, game.current_player()), mask)
        assert mask[a] == 1
        game.apply_action(a)
