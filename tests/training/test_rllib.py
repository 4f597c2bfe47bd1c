"""The RLlib backend: the masking module never samples an illegal action, its weights
export to a MaskablePPO that computes the same logits, a clear error without the
extra, and a smoke run on a local Ray instance whose checkpoint loads by path and plays
through the evaluation harness."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from labyrinth_gym.cli import main


def test_without_the_extra_the_error_names_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    from labyrinth_gym.training.rllib import MissingExtraError, require_rllib

    with pytest.raises(MissingExtraError, match=r"pip install 'labyrinth-gym\[rllib\]'"):
        require_rllib()
    assert main(["train", "maze_party", "--backend", "rllib", "--timesteps", "10"]) == 2
    err = capsys.readouterr().err.strip()
    assert "needs the [rllib] extra" in err and "\n" not in err


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
    assert any((out / "tb").rglob("events.out.tfevents*"))
    from labyrinth_gym import agents
    from labyrinth_gym.evaluation import evaluate

    agent = agents.make("maze_party/ppo", path=out)
    assert agent.card["backend"] == "rllib"
    report = evaluate("maze_party", ["ppo"], games=3, seed=0, workers=1,
                      agent_kwargs={"ppo": {"path": str(out)}})
    assert report.agents[0].games == 3


def test_competitive_games_are_refused_until_self_play_exists(capsys):
    assert main(["train", "labyrinth_cards", "--backend", "rllib", "--timesteps", "10"]) == 2
    assert "self-play on RLlib" in capsys.readouterr().err


def test_the_training_benchmark_times_both_backends(capsys):
    from labyrinth_gym.evaluation.report import print_table
    from labyrinth_gym.evaluation.training_speed import (
        benchmark_training,
        training_table,
    )

    rows = benchmark_training(("maze_party", "labyrinth_cards"), (1,), timesteps=256)
    by = {(r["game"], r["backend"]): r for r in rows}
    assert set(by) == {("maze_party", "sb3"), ("maze_party", "rllib"),
                       ("labyrinth_cards", "sb3"), ("labyrinth_cards", "rllib")}
    sb3, rl = by[("maze_party", "sb3")], by[("maze_party", "rllib")]
    assert sb3["steps"] >= 256 and sb3["steps_per_second"] > 0
    assert rl["steps"] >= 256 and rl["per_runner"] == pytest.approx(rl["steps_per_second"])
    assert by[("labyrinth_cards", "rllib")]["note"].startswith("not built yet")
    print_table(training_table(rows))
    assert "per runner" in capsys.readouterr().out
