"""Training's checkpoint saves: a save interrupted in any file keeps the last good
checkpoint (it still plays and resumes), both backends write the tensors-only policy,
a broken ``model.zip`` or card stops ``--resume`` in one line, and old runs convert."""

from __future__ import annotations

import json
import shutil
import zipfile
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
import torch
import yaml

from labyrinth_gym.agents import checkpoint_io
from labyrinth_gym.agents.checkpoint_io import CheckpointError
from labyrinth_gym.agents.learned import LearnedAgent, checkpoint_dir
from labyrinth_gym.cli import main
from labyrinth_gym.envs.maze_party.encoding import encode
from labyrinth_gym.envs.maze_party.engine import MazePartyGame
from labyrinth_gym.training.train import train

torch.set_num_threads(1)
TINY = ("default:\n  n_envs: 1\n  n_steps: 64\n  batch_size: 64\n  n_epochs: 1\n"
        "  policy_kwargs: {net_arch: [16]}\n")
FILES = ("policy.pt", "model.zip", "card.json", "config.yml", "command.txt")


@pytest.fixture(scope="module")
def first_run(tmp_path_factory) -> Path:
    """A tiny maze party run of 128 steps: the last good checkpoint."""
    root = tmp_path_factory.mktemp("first")
    (root / "hp.yml").write_text(TINY)
    return train("maze_party", timesteps=128, seed=1, out_dir=root / "run",
                 hyperparams=root / "hp.yml", progress=False)


def plays_legal_moves(folder: Path) -> None:
    agent = LearnedAgent("maze_party", path=folder)
    game = MazePartyGame.new(0)
    for _ in range(30):
        if game.is_terminal():
            break
        mask = game.legal_mask()
        action = agent.act(encode(game, game.current_player()), mask)
        assert mask[action] == 1
        game.apply_action(action)


def test_a_run_writes_the_tensors_only_policy_its_card_describes(first_run):
    card = json.loads((first_run / "card.json").read_text())
    assert card["network"] == {"file": "policy.pt", "format": "torch-state-dict",
                               "observation_size": card["observation_shape"][0],
                               "hidden": [16], "activation": "tanh",
                               "action_n": card["action_n"]}
    state = torch.load(first_run / "policy.pt", weights_only=True)
    assert {k: tuple(v.shape) for k, v in state.items()} == {
        "0.weight": (16, card["observation_shape"][0]), "0.bias": (16,),
        "2.weight": (card["action_n"], 16), "2.bias": (card["action_n"],)}
    # the same action probabilities as the SB3 model the run saved for --resume
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(str(first_run / "model.zip"), device="cpu")
    obs = np.random.default_rng(0).uniform(0, 1, (64, card["observation_shape"][0]))
    masks = np.random.default_rng(1).uniform(0, 1, (64, card["action_n"])) < 0.5
    masks[:, 0] = True
    with torch.no_grad():
        want = model.policy.get_distribution(
            torch.as_tensor(obs, dtype=torch.float32), action_masks=masks
        ).distribution.probs.numpy()
    got = LearnedAgent("maze_party", path=first_run).probabilities(obs, masks)
    assert np.array_equal(got, want)
    assert not list(first_run.glob(".*.tmp"))


@pytest.mark.parametrize("interrupted", FILES)
def test_an_interrupted_periodic_save_keeps_the_last_good_checkpoint(
        first_run, tmp_path, monkeypatch, interrupted):
    run = tmp_path / "run"
    shutil.copytree(first_run, run)
    before = {name: (run / name).read_bytes() for name in FILES}
    real = checkpoint_io.atomic_file

    @contextmanager
    def cut_short(path):
        with real(path) as fh:
            yield fh  # the real writer writes the whole file...
            if Path(path).name == interrupted:
                fh.truncate(fh.tell() // 2)  # ...half of it reaches the disk
                raise KeyboardInterrupt  # and Ctrl-C comes before the rename

    monkeypatch.setattr(checkpoint_io, "atomic_file", cut_short)
    with pytest.raises(KeyboardInterrupt):
        train("maze_party", timesteps=512, seed=1, out_dir=run, resume=True,
              hyperparams=_hp(tmp_path), progress=False, save_every=64)
    assert (run / interrupted).read_bytes() == before[interrupted]
    assert not list(run.glob(".*.tmp")), "a temporary file was left behind"
    for name in FILES:  # every file whole: the new save's or the last one's
        assert_whole(run / name)
    plays_legal_moves(run)

    monkeypatch.setattr(checkpoint_io, "atomic_file", real)
    train("maze_party", timesteps=512, seed=1, out_dir=run, resume=True,
          hyperparams=_hp(tmp_path), progress=False)
    assert json.loads((run / "card.json").read_text())["timesteps"] >= 512
    plays_legal_moves(run)


def assert_whole(file: Path) -> None:
    """``file`` reads in full as what it is."""
    if file.suffix == ".pt":
        torch.load(file, weights_only=True)
    elif file.suffix == ".zip":
        with zipfile.ZipFile(file) as zf:
            assert zf.testzip() is None
    elif file.suffix == ".json":
        json.loads(file.read_text())
    elif file.suffix == ".yml":
        assert yaml.safe_load(file.read_text())["game"] == "maze_party"
    else:
        assert file.read_text().endswith("\n")


def _hp(tmp_path: Path) -> Path:
    path = tmp_path / "hp.yml"
    path.write_text(TINY)
    return path


def test_a_broken_model_zip_or_card_stops_resume_in_one_line(first_run, tmp_path, capsys):
    run = tmp_path / "run"
    shutil.copytree(first_run, run)
    argv = ["train", "maze_party", "--timesteps", "256", "--out", str(run), "--resume",
            "--hyperparams", str(_hp(tmp_path)), "--no-progress"]
    data = (run / "model.zip").read_bytes()
    for cut in (0, len(data) // 2):
        (run / "model.zip").write_bytes(data[:cut])
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("labyrinth-gym: error: --resume: ") and err.count("\n") == 1
        assert "model.zip does not load" in err
    shutil.copy(first_run / "model.zip", run / "model.zip")
    for text in ("", "[1, 2]"):
        (run / "card.json").write_text(text)
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "card.json" in err and err.count("\n") == 1 and "Traceback" not in err


def test_the_rllib_export_writes_the_policy_players_load(tmp_path):
    from sb3_contrib import MaskablePPO

    from labyrinth_gym.training.rllib import _one_seat_env, export_sb3, rllib_weights

    env = _one_seat_env("maze_party", None, {})
    model = MaskablePPO("MlpPolicy", env, device="cpu", seed=4,
                        policy_kwargs={"net_arch": [24, 24],
                                       "activation_fn": torch.nn.Tanh})
    weights = rllib_weights(model.policy, [24, 24])
    network = export_sb3(weights, [24, 24], "maze_party", None, {}, tmp_path / "model.zip")
    assert network["hidden"] == [24, 24] and network["activation"] == "tanh"
    assert {p.name for p in tmp_path.iterdir()} == {"model.zip", "policy.pt"}
    loaded = checkpoint_io.load_network(tmp_path / "policy.pt", network)
    obs = torch.as_tensor(np.random.default_rng(2).uniform(0, 1, (16, 205)),
                          dtype=torch.float32)
    with torch.no_grad():
        latent = model.policy.mlp_extractor.forward_actor(obs)
        assert torch.equal(loaded(obs), model.policy.action_net(latent))


def test_an_old_run_is_refused_until_converted(tmp_path, capsys):
    from labyrinth_gym.training.convert import main as convert

    old = tmp_path / "old"
    shutil.copytree(checkpoint_dir("labyrinth_cards", "ppo"), old)
    card = json.loads((old / "card.json").read_text())
    del card["network"]
    (old / "card.json").write_text(json.dumps(card, indent=2))
    (old / "policy.pt").unlink()
    with pytest.raises(CheckpointError, match="labyrinth_gym.training.convert"):
        LearnedAgent("labyrinth_cards", path=old)

    assert convert([str(old)]) == 0
    converted = json.loads((old / "card.json").read_text())
    shipped = json.loads((checkpoint_dir("labyrinth_cards", "ppo") / "card.json").read_text())
    assert converted == shipped and list(converted) == list(shipped)
    assert torch.load(old / "policy.pt", weights_only=True).keys() == \
        torch.load(checkpoint_dir("labyrinth_cards", "ppo") / "policy.pt",
                   weights_only=True).keys()
    LearnedAgent("labyrinth_cards", path=old)

    (old / "model.zip").write_bytes((old / "model.zip").read_bytes()[:1000])
    capsys.readouterr()
    assert convert([str(old)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("convert: error: ") and err.count("\n") == 1
    assert "model.zip does not load" in err
