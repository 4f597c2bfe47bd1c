"""Learned policies exported as ONNX: onnxruntime gives the torch policy's probabilities
(1,000 observations per game with a shipped checkpoint), the ONNX agent plays the same
games without torch, the export command and its card, the server's ``:onnx`` agents."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from labyrinth_gym.agents import make
from labyrinth_gym.agents.interface import prepare
from labyrinth_gym.agents.learned import LearnedAgent, checkpoint_dir
from labyrinth_gym.agents.portable import OnnxPolicy, torch_probabilities
from labyrinth_gym.envs import game_names, game_spec
from labyrinth_gym.evaluation.matches import new_game, play_game

SHIPPED = [g for g in game_names() if (checkpoint_dir(g, "ppo") / "policy.pt").exists()]


def interface_observations(agent: LearnedAgent, game: str, count: int, seed: int = 0):
    """``count`` (observation, mask) pairs the policy is asked, from random games (the
    random moves drawn from ``seed``)."""
    spec = game_spec(game)
    rng = np.random.default_rng(seed)
    obs, masks = [], []
    seed = 0
    while len(obs) < count:
        state = new_game(spec, seed, {})
        seed += 1
        while not state.is_terminal() and len(obs) < count:
            seat = state.current_player()
            view = state.determinize(seat, rng) if agent.needs_game else None
            d = prepare(agent.interface, spec.encode(state, seat), state.legal_mask(), view)
            if d.ruled is None:
                obs.append(d.observation)
                masks.append(d.mask)
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    return np.array(obs, dtype=np.float32), np.array(masks, dtype=bool)


def test_every_shipped_checkpoint_ships_its_onnx_export():
    assert {"maze_party", "labyrinth_cards", "arcane_labyrinth"} <= set(SHIPPED)
    for game in SHIPPED:
        policy = OnnxPolicy(checkpoint_dir(game, "ppo") / "model.onnx")
        card = json.loads((checkpoint_dir(game, "ppo") / "card.json").read_text())
        assert {k: v for k, v in policy.card.items() if k != "exported"} == card


@pytest.mark.parametrize("game", SHIPPED)
def test_onnxruntime_gives_the_torch_policy_probabilities(game):
    agent = LearnedAgent(game)
    obs, masks = interface_observations(agent, game, 1000)
    want = torch_probabilities(agent.model, obs, masks)
    got = OnnxPolicy(checkpoint_dir(game, "ppo") / "model.onnx").probabilities(obs, masks)
    assert got.shape == want.shape == (1000, agent.interface.num_choices)
    assert np.abs(got - want).max() < 1e-5
    assert (got.argmax(axis=1) == want.argmax(axis=1)).all()
    assert (got[~masks] == 0).all()  # an illegal choice never


@pytest.mark.parametrize("game", SHIPPED)
def test_the_onnx_agent_plays_the_torch_agents_games(game):
    n = new_game(game_spec(game), 0, {}).num_players
    for seed in range(3):
        results = [play_game(game, [make(f"{game}/ppo", runtime=runtime)] * n, seed=seed)
                   for runtime in ("torch", "onnx")]
        assert results[0].returns == results[1].returns
        assert results[0].steps == results[1].steps


def test_the_onnx_runtime_needs_no_torch():
    code = ("import sys\n"
            "from labyrinth_gym.agents import make\n"
            "from labyrinth_gym.evaluation.matches import play_game\n"
            "a = make('labyrinth_cards/ppo', runtime='onnx')\n"
            "play_game('labyrinth_cards', [a, make('labyrinth_cards/random')], seed=1)\n"
            "assert 'torch' not in sys.modules, 'torch was imported'\n"
            "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_export_command_writes_a_playable_file_with_its_card(tmp_path):
    from labyrinth_gym.cli import main

    target = tmp_path / "cards" / "policy.onnx"
    assert main(["export", "labyrinth_cards/ppo", "--onnx", str(target)]) == 0
    assert not (target.parent / "card.json").exists()
    card = json.loads((target.parent / "policy.card.json").read_text())
    assert card["exported"] == {"from": "labyrinth_cards/ppo", "format": "onnx",
                                "inputs": ["observation", "action_mask"],
                                "output": "probabilities"}
    agent = LearnedAgent("labyrinth_cards", path=target, runtime="onnx")
    result = play_game("labyrinth_cards", [agent, make("labyrinth_cards/random")], seed=2)
    assert result.steps > 0
    assert main(["export", "labyrinth_cards/heuristic", "--onnx", str(target)]) == 2
    with pytest.raises(ValueError, match="runtime"):
        LearnedAgent("labyrinth_cards", runtime="tensorflow")
    with pytest.raises(FileNotFoundError, match="export"):
        LearnedAgent("labyrinth_cards", path=tmp_path / "nothing", runtime="onnx")


def test_the_server_plays_an_onnx_agent():
    from labyrinth_gym.server.sessions import SessionStore

    store = SessionStore()
    session = store.create("labyrinth_cards", ["labyrinth_cards/ppo:onnx",
                                               "labyrinth_cards/heuristic"],
                           seed=3, kwargs={"num_players": 2})
    assert session.run_agents() > 0  # a new session's agents move when asked
    assert session.game.is_terminal()
    assert session.agents[0].runtime == "onnx"


# ------------------------------------------------- the file says what it takes
def test_an_export_takes_int8_or_bool_masks_and_gives_the_same_probabilities():
    agent = LearnedAgent("labyrinth_cards")
    obs, masks = interface_observations(agent, "labyrinth_cards", 200)
    policy = OnnxPolicy(checkpoint_dir("labyrinth_cards", "ppo") / "model.onnx")
    (mask_input,) = [i for i in policy.session.get_inputs() if i.name == "action_mask"]
    assert mask_input.type == "tensor(int8)"  # the envs' masks, as they come
    as_bool = policy.probabilities(obs, masks)
    as_int8 = policy.probabilities(obs, masks.astype(np.int8))
    assert np.array_equal(as_bool, as_int8)
    assert (as_int8[~masks] == 0).all()
    raw = policy.session.run(["probabilities"], {"observation": obs,
                                                 "action_mask": masks.astype(np.int8)})[0]
    assert np.array_equal(raw, as_int8)  # what a front end in any language feeds it


def test_an_export_describes_its_inputs_and_output_in_the_file():
    import onnx

    from labyrinth_gym.agents.portable import IO_DOCS

    for game in ("maze_party", "labyrinth_cards", "arcane_labyrinth"):
        model = onnx.load(str(checkpoint_dir(game, "ppo") / "model.onnx"))
        docs = {v.name: v.doc_string for v in (*model.graph.input, *model.graph.output)}
        assert docs == IO_DOCS and "int8" in docs["action_mask"]
        meta = {p.key: p.value for p in model.metadata_props}
        assert json.loads(meta["labyrinth_gym_io"]) == IO_DOCS
        assert json.loads(meta["labyrinth_gym_card"])["game"] == game
        assert game in model.doc_string


def test_a_second_export_into_the_folder_keeps_the_first_ones_card(tmp_path):
    from labyrinth_gym.agents.portable import card_for, export_onnx

    first = export_onnx("labyrinth_cards/ppo", tmp_path / "cards.onnx")
    second = export_onnx("maze_party/ppo", tmp_path / "party.onnx")
    assert card_for(first) == tmp_path / "cards.card.json"
    assert json.loads(card_for(first).read_text())["game"] == "labyrinth_cards"
    assert json.loads(card_for(second).read_text())["game"] == "maze_party"
    assert LearnedAgent("labyrinth_cards", path=first, runtime="onnx").card["game"] \
        == "labyrinth_cards"
    assert LearnedAgent("maze_party", path=second, runtime="onnx").card["game"] \
        == "maze_party"
    with pytest.raises(ValueError, match=r"\.onnx"):
        export_onnx("maze_party/ppo", tmp_path / "party.bin")


def test_an_export_into_its_checkpoint_writes_no_second_card(tmp_path):
    import shutil

    from labyrinth_gym.agents.portable import export_onnx

    folder = tmp_path / "ckpt"
    shutil.copytree(checkpoint_dir("maze_party", "ppo"), folder)
    export_onnx("maze_party/ppo", folder / "model.onnx", path=folder)
    assert not (folder / "model.card.json").exists()
    assert LearnedAgent("maze_party", path=folder, runtime="onnx").card == \
        json.loads((folder / "card.json").read_text())


def test_an_older_export_with_a_bool_mask_still_runs(tmp_path):
    import torch

    from labyrinth_gym.agents.portable import masked_policy

    agent = LearnedAgent("maze_party")
    n_obs, n_act = agent.interface.observation_size, agent.interface.num_choices
    file = tmp_path / "old.onnx"
    torch.onnx.export(masked_policy(agent.model),
                      (torch.zeros(1, n_obs), torch.ones(1, n_act, dtype=torch.bool)),
                      str(file), input_names=["observation", "action_mask"],
                      output_names=["probabilities"], opset_version=17, dynamo=False,
                      dynamic_axes={"observation": {0: "b"}, "action_mask": {0: "b"},
                                    "probabilities": {0: "b"}})
    obs, masks = interface_observations(agent, "maze_party", 50)
    got = OnnxPolicy(file).probabilities(obs, masks.astype(np.int8))
    assert np.abs(got - torch_probabilities(agent.model, obs, masks)).max() < 1e-5
