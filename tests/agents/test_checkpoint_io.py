"""Checkpoint files: atomic writes, the tensors-only policy the shipped checkpoints
play from (the same play as their SB3 ``model.zip``), loading that runs no code from a
checkpoint, and broken checkpoints refused in one line through the CLI."""

from __future__ import annotations

import base64
import builtins
import io
import json
import pickle
import shutil
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch
from test_portable import interface_observations  # this folder's helper

from labyrinth_gym.agents import make
from labyrinth_gym.agents.checkpoint_io import (
    CheckpointError,
    build_network,
    load_network,
    read_card,
    write_atomic,
)
from labyrinth_gym.agents.interface import prepare
from labyrinth_gym.agents.learned import LearnedAgent, checkpoint_dir
from labyrinth_gym.cli import main
from labyrinth_gym.envs import game_names, game_spec
from labyrinth_gym.evaluation.matches import new_game, play_game

torch.set_num_threads(1)
SHIPPED = [g for g in game_names() if (checkpoint_dir(g, "ppo") / "policy.pt").exists()]


def copy_checkpoint(tmp_path: Path, game: str = "labyrinth_cards") -> Path:
    """A writable copy of a shipped checkpoint folder."""
    dst = tmp_path / f"{game}-ckpt"
    shutil.copytree(checkpoint_dir(game, "ppo"), dst)
    return dst


def one_line_error(capsys) -> str:
    """The CLI's stderr, checked to be one ``labyrinth-gym: error:`` line."""
    err = capsys.readouterr().err
    assert err.startswith("labyrinth-gym: error: "), err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# ------------------------------------------------------------------ atomic writes
def test_an_interrupted_write_leaves_the_previous_file_whole(tmp_path):
    target = tmp_path / "card.json"
    write_atomic(target, '{"good": true}\n')
    target.chmod(0o640)

    def dies_half_way(fh):
        fh.write(b'{"half": ')  # bytes reach the temporary file, then Ctrl-C
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, dies_half_way)
    assert json.loads(target.read_text()) == {"good": True}
    assert [p.name for p in tmp_path.iterdir()] == ["card.json"]  # no temp left
    write_atomic(target, b"{}")
    assert target.read_bytes() == b"{}" and (target.stat().st_mode & 0o777) == 0o640


# ------------------------------------------------------------------ same play as the zip
class ZipAgent(LearnedAgent):
    """A shipped policy played as before this change: SB3 unpickles its model.zip
    and ``predict`` chooses (the reference the tensors-only policy must match)."""

    def __init__(self, game: str):
        from sb3_contrib import MaskablePPO

        super().__init__(game)
        self.zip = MaskablePPO.load(str(checkpoint_dir(game, "ppo") / "model.zip"),
                                    device="cpu")
        self.decisions = 0

    def act(self, observation, action_mask, *, game=None) -> int:
        decision = prepare(self.interface, observation, action_mask, game)
        if decision.ruled is not None:
            return decision.ruled
        self.decisions += 1
        choice, _ = self.zip.predict(decision.observation, action_masks=decision.mask,
                                     deterministic=True)
        return decision.action(int(choice))


def policy_observations(agent: LearnedAgent, game: str, count: int):
    """``count`` (observation, mask) pairs the policy is asked, from random games."""
    return interface_observations(agent, game, count, seed=1)


@pytest.mark.parametrize("game", SHIPPED)
def test_the_rebuilt_network_gives_the_sb3_models_probabilities(game):
    agent, reference = LearnedAgent(game), ZipAgent(game)
    obs, masks = policy_observations(agent, game, 300)
    with torch.no_grad():
        want = reference.zip.policy.get_distribution(
            torch.as_tensor(obs), action_masks=masks).distribution.probs.numpy()
    got = agent.probabilities(obs, masks)
    assert got.shape == (300, agent.interface.num_choices)
    assert np.array_equal(got, want)  # the same floats: same weights, same operations


@pytest.mark.parametrize("game", SHIPPED)
def test_the_shipped_policy_plays_the_games_its_zip_played(game):
    n = new_game(game_spec(game), 0, {}).num_players
    reference = ZipAgent(game)
    for seed in range(2):
        ours = play_game(game, [make(f"{game}/ppo")] * n, seed=seed)
        theirs = play_game(game, [reference] * n, seed=seed)
        assert (ours.returns, ours.steps, ours.turns) == \
            (theirs.returns, theirs.steps, theirs.turns)
    assert reference.decisions > 20  # the policy itself chose, not only rules


def test_sampling_draws_what_sb3_drew_for_the_same_torch_seed():
    agent = LearnedAgent("maze_party", deterministic=False)  # raw env observations
    reference = ZipAgent("maze_party")
    obs, masks = policy_observations(agent, "maze_party", 300)
    agent.reset(seed=5)
    ours = [agent.act(o, m) for o, m in zip(obs, masks, strict=True)]
    torch.manual_seed(5)
    theirs = [int(reference.zip.predict(o, action_masks=m, deterministic=False)[0])
              for o, m in zip(obs, masks, strict=True)]
    assert ours == theirs
    greedy = agent.probabilities(obs, masks).argmax(axis=1).tolist()
    assert ours != greedy  # it sampled, not always the likeliest choice


# ------------------------------------------------------------------ no code runs
class Trap:
    """Unpickling this creates ``path`` (a stand-in for any command)."""

    def __init__(self, path: Path):
        self.path = str(path)

    def __reduce__(self):
        return builtins.open, (self.path, "w")


def trapped_zip(source: Path, target: Path, marker: Path) -> None:
    """``source`` (an SB3 model.zip) with a pickled :class:`Trap` as its policy class,
    which SB3 unpickles when it loads the file."""
    with zipfile.ZipFile(source) as zin:
        files = {name: zin.read(name) for name in zin.namelist()}
    data = json.loads(files["data"])
    data["policy_class"][":serialized:"] = base64.b64encode(
        pickle.dumps(Trap(marker))).decode()
    files["data"] = json.dumps(data).encode()
    with zipfile.ZipFile(target, "w") as zout:
        for name, content in files.items():
            zout.writestr(name, content)


def test_loading_a_policy_never_runs_code_from_a_crafted_checkpoint(tmp_path, monkeypatch):
    from sb3_contrib import MaskablePPO

    from labyrinth_gym.agents import base, register_checkpoints
    from labyrinth_gym.agents.portable import export_onnx

    folder = copy_checkpoint(tmp_path)
    marker = tmp_path / "ran"
    trapped_zip(checkpoint_dir("labyrinth_cards", "ppo") / "model.zip",
                folder / "model.zip", marker)
    with pytest.raises(Exception):  # noqa: B017 (a Trap is no policy class)
        MaskablePPO.load(str(folder / "model.zip"), device="cpu")
    assert marker.exists(), "the trap is live: SB3's loader runs it"
    marker.unlink()

    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))  # undone after
    agent = LearnedAgent("labyrinth_cards", path=folder)
    LearnedAgent("labyrinth_cards", path=folder / "model.zip")
    register_checkpoints({"labyrinth_cards/crafted": folder})
    make("labyrinth_cards/crafted")
    export_onnx("labyrinth_cards/ppo", tmp_path / "out" / "policy.onnx", path=folder)
    assert not marker.exists()
    result = play_game("labyrinth_cards", [agent, make("labyrinth_cards/random")], seed=0)
    assert result.steps > 0

    # a crafted weights file: torch's tensors-only loader refuses the pickled object
    torch.save({"0.weight": Trap(marker)}, folder / "policy.pt")
    with pytest.raises(CheckpointError, match="policy.pt"):
        LearnedAgent("labyrinth_cards", path=folder)
    assert main(["export", "labyrinth_cards/ppo", "--onnx", str(tmp_path / "x.onnx"),
                 "--path", str(folder)]) == 2
    assert not marker.exists()
    torch.load(folder / "policy.pt", weights_only=False)
    assert marker.exists(), "the trap is live: an unrestricted torch.load runs it"


# ------------------------------------------------------------------ one line, exit 2
def export_argv(folder: Path, tmp_path: Path, agent: str = "labyrinth_cards/ppo"):
    return ["export", agent, "--onnx", str(tmp_path / "out.onnx"), "--path", str(folder)]


@pytest.mark.parametrize(("edit", "said"), [
    (lambda card: [card], "must be a JSON object, got a list"),
    (lambda card: {**card, "action_n": "8"}, "'action_n' must be an integer"),
    (lambda card: {k: v for k, v in card.items() if k != "env_id"},
     "missing field 'env_id'"),
    (lambda card: {**card, "interface": "candidates"}, "'interface' must be an object"),
    (lambda card: {**card, "verified_on": [3]}, "'verified_on[0]' must be an object"),
    (lambda card: {**card, "network": {**card["network"], "hidden": [64, "x"]}},
     "'network.hidden'"),
    (lambda card: {**card, "network": {**card["network"], "file": "../../policy.pt"}},
     "'network.file' must be a file name"),
    (lambda card: {k: v for k, v in card.items() if k != "network"},
     "python -m labyrinth_gym.training.convert"),
])
def test_a_bad_card_is_one_line_and_exit_2(tmp_path, capsys, edit, said):
    folder = copy_checkpoint(tmp_path)
    card = json.loads((folder / "card.json").read_text())
    (folder / "card.json").write_text(json.dumps(edit(card)))
    assert main(export_argv(folder, tmp_path)) == 2
    assert said in one_line_error(capsys)
    with pytest.raises(CheckpointError):
        LearnedAgent("labyrinth_cards", path=folder)


def test_an_empty_or_non_json_card_is_one_line_and_exit_2(tmp_path, capsys):
    folder = copy_checkpoint(tmp_path)
    for text in ("", "{\"env_id\": ", "\u00ff".encode("latin-1")):
        if isinstance(text, bytes):
            (folder / "card.json").write_bytes(text)
        else:
            (folder / "card.json").write_text(text)
        assert main(export_argv(folder, tmp_path)) == 2
        assert "card.json" in one_line_error(capsys)


def test_a_truncated_weights_file_is_one_line_and_exit_2(tmp_path, capsys):
    folder = copy_checkpoint(tmp_path)
    data = (folder / "policy.pt").read_bytes()
    for cut in (0, 100, len(data) // 2, len(data) - 10):
        (folder / "policy.pt").write_bytes(data[:cut])
        assert main(["evaluate", "labyrinth_cards", "--agents", "ppo,random",
                     "--games", "1", "--workers", "1", "--out", str(tmp_path / "eval"),
                     "--agent-kw", f"ppo.path={folder}"]) == 2
        assert "is not a readable tensors-only policy file" in one_line_error(capsys)


def test_export_of_weights_that_do_not_fit_is_one_line_and_exit_2(tmp_path, capsys):
    folder = copy_checkpoint(tmp_path)
    # the maze party's weights (205 -> 128, 128 -> 30) under the card game's card
    shutil.copy(checkpoint_dir("maze_party", "ppo") / "policy.pt", folder / "policy.pt")
    assert main(export_argv(folder, tmp_path)) == 2
    assert "do not fit the card's network 114 -> [64, 64] -> 8" in one_line_error(capsys)
    assert not (tmp_path / "out.onnx").exists()
    # a whole checkpoint of another game: its card names the spaces that differ
    assert main(export_argv(checkpoint_dir("maze_party", "ppo"), tmp_path)) == 2
    assert "does not match the env" in one_line_error(capsys)
    # a network the card describes with other sizes than its spaces
    folder = copy_checkpoint(tmp_path / "again")
    card = json.loads((folder / "card.json").read_text())
    card["network"]["observation_size"] = 115
    (folder / "card.json").write_text(json.dumps(card))
    assert main(export_argv(folder, tmp_path)) == 2
    assert "'network.observation_size' is 115" in one_line_error(capsys)


def test_a_junk_onnx_file_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    import uvicorn

    from labyrinth_gym.agents import base

    folder = copy_checkpoint(tmp_path)
    argv = ["evaluate", "labyrinth_cards", "--agents", "ppo,random", "--games", "1",
            "--workers", "1", "--out", str(tmp_path / "eval"),
            "--agent-kw", f"ppo.path={folder}", "--agent-kw", "ppo.runtime=onnx"]
    for junk in (b"", b"not an onnx graph at all", (folder / "policy.pt").read_bytes()):
        (folder / "model.onnx").write_bytes(junk)
        assert main(argv) == 2
        assert "is not an ONNX policy onnxruntime can run" in one_line_error(capsys)
    # a valid ONNX graph, of another policy: the sizes its card says do not fit
    shutil.copy(checkpoint_dir("maze_party", "ppo") / "model.onnx", folder / "model.onnx")
    assert main(argv) == 2
    assert "takes observations and masks of sizes (205, 30)" in one_line_error(capsys)

    # the server checks a checkpoint's ONNX export at start-up, before serving
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))  # undone after
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("served"))
    (folder / "model.onnx").write_bytes(b"junk")
    assert main(["serve", "--checkpoint", f"labyrinth_cards/mine={folder}"]) == 2
    assert "model.onnx is not an ONNX policy" in one_line_error(capsys)
    assert "labyrinth_cards/mine" not in base.registered("labyrinth_cards")


def test_load_network_checks_every_tensor_against_the_card(tmp_path):
    network = read_card(checkpoint_dir("labyrinth_cards", "ppo") / "card.json")["network"]
    module = build_network(network)
    state = module.state_dict()
    torch.save({**state, "extra.weight": torch.zeros(1)}, tmp_path / "extra.pt")
    with pytest.raises(CheckpointError, match="extra.weight"):
        load_network(tmp_path / "extra.pt", network)
    torch.save([1, 2, 3], tmp_path / "list.pt")
    with pytest.raises(CheckpointError, match="no state_dict of tensors"):
        load_network(tmp_path / "list.pt", network)
    buffer = io.BytesIO()
    torch.save(state, buffer)
    (tmp_path / "ok.pt").write_bytes(buffer.getvalue())
    loaded = load_network(tmp_path / "ok.pt", network)
    assert all(torch.equal(loaded.state_dict()[k], v) for k, v in state.items())
