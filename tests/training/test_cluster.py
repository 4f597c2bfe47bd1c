"""The two-node loopback script: a Ray head and a second node as separate processes,
two env runners placed one per node (read back from Ray's state API), then both nodes
stopped."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ray")

# Every test here that starts Ray runs on one pytest-xdist worker (`make test` runs the
# suite in parallel): the two-node test checks that no Ray process outlives it, which a
# local Ray instance started by a test on another worker meanwhile would break.
pytestmark = pytest.mark.xdist_group("ray")

ROOT = Path(__file__).resolve().parents[2]


def _ray_processes() -> set[int]:
    out = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return {int(line.split()[0]) for line in out.splitlines()[1:]
            if any(name in line for name in ("ray start", "/raylet ", "/gcs_server "))}


def test_the_two_node_script_places_a_runner_on_each_node(tmp_path):
    before = _ray_processes()
    params = tmp_path / "hp.yml"
    params.write_text(
        "default:\n  interface: candidates\n  n_envs: 2\n  n_steps: 128\n"
        "  batch_size: 128\n  n_epochs: 1\n  policy_kwargs: {net_arch: [16, 16]}\n"
        "labyrinth_gym/LabyrinthCards-v1:\n  selfplay:\n"
        "    fixed: {heuristic: 1.0, random: 1.0}\n    snapshot_every: 256\n")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "rllib_two_nodes.py"),
         "--timesteps", "512", "--out", str(tmp_path), "--hyperparams", str(params)],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads((tmp_path / "two_nodes.json").read_text())
    assert len(report["nodes"]) == 2 and report["steps"] >= 512
    runners = report["runners"]
    assert len(runners) == 2
    assert {r["node_id"] for r in runners} == set(report["nodes"])
    assert sorted(r["head_node"] for r in runners) == [False, True]
    assert "env runner 1:" in proc.stdout and "steps/s" in proc.stdout
    # a snapshot of the learner reached the opponent pools on both nodes (1 env each)
    assert [snap["envs"] for snap in report["snapshots"]] == [2]
    # the checkpoint trained on the cluster loads like any other
    from labyrinth_gym import agents

    agent = agents.make("labyrinth_cards/ppo", path=report["checkpoint"])
    assert agent.card["rllib"]["address"] == report["address"]
    # both nodes were stopped, and nothing else was
    assert _ray_processes() <= before
