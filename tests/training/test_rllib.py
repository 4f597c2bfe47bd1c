"""The RLlib backend: the masking module never samples an illegal action, its weights
export to a MaskablePPO that computes the same logits, a clear error without the
extra, and a smoke run on a local Ray instance whose checkpoint loads by path and plays
through the evaluation harness."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import numpy as np
import pytest

from labyrinth_gym.cli import main

# Every test here that starts Ray runs on one pytest-xdist worker (`make test` runs the
# suite in parallel): the two-node test checks that no Ray process outlives it, which a
# local Ray instance started by a test on another worker meanwhile would break.
pytestmark = pytest.mark.xdist_group("ray")


def test_without_the_extra_the_error_names_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    from labyrinth_gym.training.rllib import MissingExtraError, require_rllib

    with pytest.raises(MissingExtraError, match=r"pip install 'labyrinth-gym\[rllib\]'"):
        require_rllib()
    assert main(["train", "maze_party", "--backend", "rllib", "--timesteps", "10"]) == 2
    err = capsys.readouterr().err.strip()
    assert "needs the [rllib] extra" in err and "\n" not in err


def test_a_bad_self_play_setting_is_one_line_before_ray_starts(tmp_path, capsys):
    pytest.importorskip("ray")
    params = tmp_path / "hp.yml"
    params.write_text("labyrinth_gym/LabyrinthCards-v1:\n  selfplay:\n"
                      "    fixed: {heuristc: 1.0}\n")
    assert main(["train", "labyrinth_cards", "--backend", "rllib", "--timesteps", "10",
                 "--hyperparams", str(params)]) == 2
    err = capsys.readouterr().err.strip()
    assert "heuristc" in err and "\n" not in err


def test_rllib_flags_need_the_rllib_backend(capsys):
    assert main(["train", "maze_party", "--env-runners", "2"]) == 2
    assert "need --backend rllib" in capsys.readouterr().err


ray = pytest.importorskip("ray")
torch = pytest.importorskip("torch")


def _module(obs_size=12, n=7, hidden=(16, 16), seed=0):
    import gymnasium

    from labyrinth_gym.training.rllib import masked_module_class

    torch.manual_seed(seed)
    space = gymnasium.spaces.Dict({
        "action_mask": gymnasium.spaces.Box(0.0, 1.0, (n,), np.float32),
        "observations": gymnasium.spaces.Box(-1.0, 1.0, (obs_size,), np.float32),
    })
    return masked_module_class()(
        observation_space=space, action_space=gymnasium.spaces.Discrete(n),
        model_config={"fcnet_hiddens": list(hidden), "fcnet_activation": "tanh",
                      "vf_share_layers": False, "head_fcnet_hiddens": []})


def test_the_masking_module_never_samples_an_illegal_action():
    from ray.rllib.core.columns import Columns

    module = _module()
    rng = np.random.default_rng(0)
    obs = rng.uniform(-1, 1, (500, 12)).astype(np.float32)
    mask = (rng.random((500, 7)) < 0.3).astype(np.float32)
    mask[np.arange(500), rng.integers(0, 7, 500)] = 1.0  # at least one legal
    batch = {Columns.OBS: {"observations": torch.from_numpy(obs),
                           "action_mask": torch.from_numpy(mask)}}
    for forward in (module.forward_exploration, module.forward_inference,
                    module.forward_train):
        logits = forward(dict(batch))[Columns.ACTION_DIST_INPUTS]
        dist = torch.distributions.Categorical(logits=logits)
        for _ in range(20):
            sampled = dist.sample().numpy()
            assert mask[np.arange(500), sampled].all()
        probs = dist.probs.detach().numpy()
        assert probs[mask == 0].max() < 1e-12


def test_exported_weights_give_the_same_logits_in_maskable_ppo(tmp_path):
    from labyrinth_gym.envs import game_spec
    from labyrinth_gym.envs.maze_party.encoding import OBS_SIZE
    from labyrinth_gym.training.rllib import export_sb3

    n = game_spec("maze_party").num_actions
    module = _module(obs_size=OBS_SIZE, n=n, hidden=(24, 24), seed=3)
    weights = {k: v.detach().numpy() for k, v in module.state_dict().items()}
    export_sb3(weights, [24, 24], "maze_party", None, {}, tmp_path / "model.zip")
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(str(tmp_path / "model.zip"), device="cpu")
    obs = np.random.default_rng(1).uniform(-1, 1, (32, OBS_SIZE)).astype(np.float32)
    from ray.rllib.core.columns import Columns

    ours = module.forward_inference({Columns.OBS: {
        "observations": torch.from_numpy(obs),
        "action_mask": torch.ones(32, n)}})[Columns.ACTION_DIST_INPUTS].detach().numpy()
    with torch.no_grad():
        theirs = model.policy.get_distribution(torch.from_numpy(obs)).distribution.logits
        values = model.policy.predict_values(torch.from_numpy(obs)).numpy()
    shift = lambda x: x - x.max(axis=1, keepdims=True)  # noqa: E731 (logits up to a constant)
    assert np.allclose(shift(ours), shift(theirs.numpy()), atol=1e-5)
    critic = module.compute_values({Columns.OBS: torch.from_numpy(obs)}).detach().numpy()
    assert np.allclose(critic.reshape(-1), values.reshape(-1), atol=1e-5)


def test_a_local_ray_run_saves_a_checkpoint_that_plays(tmp_path):
    params = tmp_path / "hp.yml"
    params.write_text("default:\n  n_envs: 1\n  n_steps: 256\n  batch_size: 128\n"
                      "  n_epochs: 1\n  policy_kwargs: {net_arch: [16, 16]}\n")
    out = tmp_path / "run"
    proc = subprocess.run(
        [sys.executable, "-m", "labyrinth_gym", "train", "maze_party", "--backend", "rllib",
         "--timesteps", "512", "--env-runners", "1", "--hyperparams", str(params),
         "--out", str(out), "--no-progress"],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    card = json.loads((out / "card.json").read_text())
    assert card["backend"] == "rllib" and card["timesteps"] >= 512
    assert card["rllib"]["env_runners"] == 1 and len(card["rllib"]["runner_nodes"]) == 1
    assert card["train_wall_seconds"] > 0
    assert card["rllib"]["envs_per_runner"] == 1
    assert card["training_score"]["episodes"] > 0
    assert -1.0 <= card["training_score"]["episode_return_mean"] <= 1.0
    assert any((out / "tb").rglob("events.out.tfevents*"))
    from labyrinth_gym import agents

    agent = agents.make("maze_party/ppo", path=out)
    assert agent.card["backend"] == "rllib"
    # the evaluation harness plays it and records how it scored in its card
    for _ in range(2):
        assert main(["evaluate", "maze_party", "--agents", "ppo,heuristic", "--games", "3",
                     "--workers", "1", "--agent-kw", f"ppo.path={out}", "--record-card",
                     "--out", str(tmp_path / "eval")]) == 0
    evals = json.loads((out / "card.json").read_text())["eval"]["evaluations"]
    assert len(evals) == 2  # appended, not replaced
    assert evals[-1]["results"]["maze_party/ppo"]["games"] == 3
    assert set(evals[-1]["results"]) == {"maze_party/ppo", "maze_party/heuristic"}
    assert f"--agent-kw=ppo.path={out}" in evals[-1]["command"]
    assert main(["evaluate", "maze_party", "--agents", "ppo", "--games", "1",
                 "--record-card"]) == 2


def test_a_self_play_run_warm_starts_takes_snapshots_and_plays(tmp_path, monkeypatch):
    """A competitive game on RLlib: the SB3 path's self-play env (opponent pool, seats
    and player counts drawn per episode), the warm start cloned into the module, and
    snapshots of the learner sent into every runner's pools."""
    params = tmp_path / "hp.yml"
    # a learning rate of ~0 keeps the exported policy the warm-started one
    params.write_text(
        "default:\n  interface: candidates\n  n_envs: 2\n  n_steps: 128\n"
        "  batch_size: 128\n  n_epochs: 1\n  learning_rate: 1.0e-12\n"
        "  policy_kwargs: {net_arch: [32, 32]}\n"
        "labyrinth_gym/LabyrinthCards-v1:\n"
        "  warm_start: {teacher: heuristic, games: 12, epochs: 30, smoothing: 0.0}\n"
        "  selfplay:\n    fixed: {heuristic: 1.0, random: 1.0}\n"
        "    snapshot_every: 256\n    keep: 2\n")
    out = tmp_path / "run"
    proc = subprocess.run(
        [sys.executable, "-m", "labyrinth_gym", "train", "labyrinth_cards", "--backend",
         "rllib", "--timesteps", "768", "--env-runners", "1", "--hyperparams", str(params),
         "--players", "2,3", "--out", str(out), "--no-progress"],
        capture_output=True, text=True, timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    card = json.loads((out / "card.json").read_text())
    assert card["backend"] == "rllib" and card["timesteps"] >= 768
    assert card["selfplay"]["choices"] == {"num_players": [2, 3]}
    assert card["selfplay"]["fixed"] == {"labyrinth_cards/heuristic": 1.0,
                                         "labyrinth_cards/random": 1.0}
    # every snapshot reached both envs of the one runner
    assert [s["envs"] for s in card["selfplay"]["snapshots"]] == [2, 2]
    assert card["warm_start"]["samples"] > 100
    assert "--players 2,3" in (out / "command.txt").read_text()

    from labyrinth_gym import agents
    from labyrinth_gym.agents.interface import make_interface
    from labyrinth_gym.evaluation import evaluate
    from labyrinth_gym.training.warm_start import collect

    agent = agents.make("labyrinth_cards/ppo", path=out)
    # the exported policy is the clone: it picks the heuristic's move on fresh games far
    # more often than the 1 in 8 of an untrained policy
    obs, masks, choices, _, _ = collect("labyrinth_cards", make_interface(
        "labyrinth_cards", "candidates"), "heuristic", 4, 777, 0.99)
    probs = agent.probabilities(obs, masks)  # its policy.pt, rebuilt from the card
    assert float((probs.argmax(1) == choices).mean()) > 0.6
    report = evaluate("labyrinth_cards", ["ppo", "heuristic"], games=4, seed=0, workers=1,
                      agent_kwargs={"ppo": {"path": str(out)}},
                      game_kwargs={"num_players": 2})
    assert sum(a.games for a in report.agents) >= 4

    # the server plays it, with torch and as its ONNX export
    from fastapi.testclient import TestClient

    from labyrinth_gym.agents import base
    from labyrinth_gym.agents.portable import export_onnx
    from labyrinth_gym.envs import game_spec
    from labyrinth_gym.server.app import create_app

    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))  # undone after
    export_onnx("labyrinth_cards/ppo", out / "model.onnx", path=out)
    onnx_agent = agents.make("labyrinth_cards/ppo", path=out, runtime="onnx")
    ours = onnx_agent.model.probabilities(obs[:50], masks[:50])
    assert np.allclose(ours, probs[:50], atol=1e-5)
    game = game_spec("labyrinth_cards").new_game(np.random.default_rng(3), num_players=2)
    with TestClient(create_app(checkpoints={"labyrinth_cards/cluster": out})) as client:
        assert "labyrinth_cards/cluster" in client.get(
            "/v1/agents", params={"game": "labyrinth_cards"}).json()["agents"]
        for agent_id in ("labyrinth_cards/cluster", "labyrinth_cards/cluster:onnx"):
            r = client.post("/v1/act", json={"game": "labyrinth_cards", "agent": agent_id,
                                              "state": game.to_dict(),
                                              "seat": game.current_player()})
            assert r.status_code == 200, r.text
            assert r.json()["action"] in game.legal_actions()


def test_ppo_follows_sb3s_initialisation_and_loss_settings():
    from labyrinth_gym.training.rllib import rllib_settings

    module = _module(obs_size=40, n=9, hidden=(64, 64), seed=2)
    obs = torch.from_numpy(np.random.default_rng(0).uniform(-1, 1, (64, 40)).astype(
        np.float32))
    from ray.rllib.core.columns import Columns

    logits = module.forward_inference({Columns.OBS: {
        "observations": obs, "action_mask": torch.ones(64, 9)}})[Columns.ACTION_DIST_INPUTS]
    # the action head starts at gain 0.01: a near-uniform first policy
    assert float(logits.std()) < 0.05
    head = module.pi.net.mlp[0].weight.detach()
    assert torch.allclose(head @ head.T, 1e-4 * torch.eye(9), atol=1e-6)  # orthogonal
    training, hidden = rllib_settings({"n_steps": 64, "n_envs": 2, "clip_range": 0.1})
    assert training["vf_clip_param"] == float("inf") and not training["use_kl_loss"]
    assert training["train_batch_size_per_learner"] == 128 and training["clip_param"] == 0.1


def test_rllib_weights_round_trip_through_the_sb3_policy(tmp_path):
    from labyrinth_gym.training.rllib import rllib_weights, sb3_model

    module = _module(obs_size=114, n=8, hidden=(24, 24), seed=5)
    weights = {k: v.detach().numpy() for k, v in module.state_dict().items()}
    model = sb3_model(weights, [24, 24], "labyrinth_cards", "candidates", {})
    back = rllib_weights(model.policy, [24, 24])
    # every parameter maps; RLlib's modules also hold constant buffers (no weights)
    assert set(back) == {name for name, _ in module.named_parameters()}
    for key, value in back.items():
        assert np.array_equal(value, weights[key]), key


def test_the_training_benchmark_times_both_backends(capsys, monkeypatch):
    from labyrinth_gym.evaluation.report import print_table
    from labyrinth_gym.evaluation.training_speed import (
        benchmark_training,
        training_table,
    )
    train_module = importlib.import_module("labyrinth_gym.training.train")

    # The games' shipped settings, with a rollout of the 256 steps asked for: the
    # shipped sizes (4 or 8 envs x 256 steps, 4 to 10 epochs) would train 1,024 to
    # 2,048 steps of each game on each backend whatever the budget.
    shipped = train_module.load_hyperparams

    def small(*args, **kwargs):
        return {**shipped(*args, **kwargs), "n_envs": 2, "n_steps": 128,
                "batch_size": 128, "n_epochs": 1}

    monkeypatch.setattr(train_module, "load_hyperparams", small)
    rows = benchmark_training(("maze_party", "labyrinth_cards"), (1,), timesteps=256)
    by = {(r["game"], r["backend"]): r for r in rows}
    assert set(by) == {("maze_party", "sb3"), ("maze_party", "rllib"),
                       ("labyrinth_cards", "sb3"), ("labyrinth_cards", "rllib")}
    sb3, rl = by[("maze_party", "sb3")], by[("maze_party", "rllib")]
    assert sb3["steps"] >= 256 and sb3["steps_per_second"] > 0
    assert rl["steps"] >= 256 and rl["per_runner"] == pytest.approx(rl["steps_per_second"])
    cards = by[("labyrinth_cards", "rllib")]
    assert cards["steps"] >= 256 and cards["per_runner"] == pytest.approx(
        cards["steps_per_second"])
    print_table(training_table(rows))
    assert "per runner" in capsys.readouterr().out
