"""Training smoke runs as subprocesses (a tiny budget), and checkpoint card checks."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from labyrinth_gym.agents import CheckpointMismatchError, LearnedAgent
from labyrinth_gym.envs.maze_party.encoding import encode
from labyrinth_gym.envs.maze_party.engine import MazePartyGame

CLI = [sys.executable, "-m", "labyrinth_gym"]


def _train(out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*CLI, "train", "maze_party", "--timesteps", "1024", "--seed", "3",
         "--out", str(out), "--no-progress", *extra],
        capture_output=True, text=True, timeout=300,
    )


def _train_with(tmp_path: Path, game: str, params: str, *args: str) -> tuple[Path, dict]:
    """Train ``game`` with the hyperparameter file text ``params`` (a tiny budget in
    ``args``); return the run folder and its card."""
    path = tmp_path / f"{game}.yml"
    path.write_text(params)
    out = tmp_path / game
    proc = subprocess.run(
        [*CLI, "train", game, "--out", str(out), "--hyperparams", str(path),
         "--no-progress", *args],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return out, json.loads((out / "card.json").read_text())


def test_train_writes_model_card_config_and_command_then_resumes(tmp_path):
    out = tmp_path / "run"
    proc = _train(out)
    assert proc.returncode == 0, proc.stderr
    for name in ("model.zip", "card.json", "config.yml", "command.txt"):
        assert (out / name).is_file(), name
    assert any((out / "tb").rglob("events.out.tfevents*")), "no tensorboard log"
    card = json.loads((out / "card.json").read_text())
    assert card["env_id"] == "labyrinth_gym/MazeParty-v1"
    assert card["seed"] == 3
    first_steps = card["timesteps"]
    assert first_steps >= 1024
    assert "train" in (out / "command.txt").read_text()

    # Resume to a larger budget: the step count continues from the saved model.
    proc = subprocess.run(
        [*CLI, "train", "maze_party", "--timesteps", str(first_steps + 2048), "--seed", "3",
         "--out", str(out), "--no-progress", "--resume"],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    card = json.loads((out / "card.json").read_text())
    assert card["timesteps"] >= first_steps + 2048

    # The trained model loads as an agent and plays legal moves.
    agent = LearnedAgent("maze_party", path=out)
    game = MazePartyGame.new(0)
    for _ in range(50):
        if game.is_terminal():
            break
        mask = game.legal_mask()
        a = agent.act(encode(game, game.current_player()), mask)
        assert mask[a] == 1
        game.apply_action(a)


def test_resume_without_a_model_is_a_user_error(tmp_path):
    proc = _train(tmp_path / "empty", "--resume")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "resume" in proc.stderr


def _copy_shipped(tmp_path: Path, game: str = "maze_party") -> Path:
    from labyrinth_gym.agents.learned import checkpoint_dir

    src = checkpoint_dir(game, "ppo")
    assert (src / "model.zip").exists(), f"no shipped {game} checkpoint"
    dst = tmp_path / "ckpt"
    shutil.copytree(src, dst)
    return dst


@pytest.mark.parametrize(
    ("field", "value"),
    [("env_version", 99), ("observation_shape", [7]), ("action_n", 3), ("env_id", "x/Y-v0")],
)
def test_mismatched_checkpoint_is_refused_naming_the_field(tmp_path, field, value):
    ckpt = _copy_shipped(tmp_path)
    card = json.loads((ckpt / "card.json").read_text())
    card[field] = value
    (ckpt / "card.json").write_text(json.dumps(card))
    with pytest.raises(CheckpointMismatchError, match=field):
        LearnedAgent("maze_party", path=ckpt)


def test_a_checkpoint_plays_a_later_env_version_only_where_its_card_verified_it(tmp_path):
    ckpt = _copy_shipped(tmp_path)
    card = json.loads((ckpt / "card.json").read_text())
    env_id, version = card["env_id"], card["env_version"]
    card["env_id"], card["env_version"] = env_id[:-1] + "0", version - 1  # trained earlier
    (ckpt / "card.json").write_text(json.dumps(card))
    with pytest.raises(CheckpointMismatchError, match="env_version"):
        LearnedAgent("maze_party", path=ckpt)
    card["verified_on"] = [{"env_id": env_id, "env_version": version, "how": "test"}]
    (ckpt / "card.json").write_text(json.dumps(card))
    LearnedAgent("maze_party", path=ckpt)  # accepted: verified on today's version


@pytest.mark.parametrize(
    ("change", "match"),
    [({"version": 99}, "interface"), ({"name": "labyrinth_cards/nope"}, "nope"),
     ({"num_choices": 3}, "interface")],
)
def test_checkpoint_of_another_interface_is_refused(tmp_path, change, match):
    ckpt = _copy_shipped(tmp_path, "labyrinth_cards")
    card = json.loads((ckpt / "card.json").read_text())
    card["interface"].update(change)
    (ckpt / "card.json").write_text(json.dumps(card))
    with pytest.raises(CheckpointMismatchError, match=match):
        LearnedAgent("labyrinth_cards", path=ckpt)


def _new_game(game: str, seed: int):
    if game == "maze_party":
        return MazePartyGame.new(np.random.default_rng(seed)), encode
    if game == "arcane_labyrinth":
        from labyrinth_gym.envs.arcane_labyrinth.encoding import encode as encode_arcane
        from labyrinth_gym.envs.arcane_labyrinth.env import make_game

        return make_game(np.random.default_rng(seed)), encode_arcane
    if game == "dungeon_crawler":
        from labyrinth_gym.envs.dungeon_crawler.encoding import encode as encode_dc
        from labyrinth_gym.envs.dungeon_crawler.engine.game import new_game as new_dc

        return new_dc(seed, num_players=4), encode_dc
    from labyrinth_gym.envs.labyrinth_cards.encoding import encode as encode_cards
    from labyrinth_gym.envs.labyrinth_cards.engine import new_game

    return new_game(seed, variant="caffeinated", num_players=3), encode_cards


@pytest.mark.parametrize("game", ["maze_party", "labyrinth_cards", "arcane_labyrinth",
                                  "dungeon_crawler"])
def test_shipped_checkpoint_card_and_play(game):
    from labyrinth_gym import agents
    from labyrinth_gym.agents.learned import checkpoint_dir

    agent = agents.make(f"{game}/ppo")
    card = agent.card
    for key in ("env_id", "env_version", "timesteps", "seed", "train_wall_seconds", "eval"):
        assert key in card, key
    assert card["eval"], "the shipped card records how the model scored"
    size = (checkpoint_dir(game, "ppo") / "model.zip").stat().st_size
    assert size < 4_000_000, f"shipped checkpoints stay small ({size} bytes)"
    state, encoder = _new_game(game, 0)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        mask = state.legal_mask()
        seat = state.current_player()
        view = state.determinize(seat, rng) if agent.needs_game else None
        a = agent.act(encoder(state, seat), mask, game=view)
        assert mask[a] == 1
        state.apply_action(a)


def test_self_play_training_runs_with_snapshots_joining_the_pool(tmp_path):
    """labyrinth_cards trains by self-play: a tiny run with a snapshot every 256 steps."""
    params = tmp_path / "hp.yml"
    params.write_text(
        "labyrinth_gym/LabyrinthCards-v1:\n"
        "  n_envs: 2\n  n_steps: 256\n  batch_size: 256\n  n_epochs: 1\n"
        "  policy_kwargs: {net_arch: [32]}\n"
        "  selfplay:\n    fixed: {random: 1.0}\n    snapshot_every: 256\n    keep: 2\n"
        "    shaping: 0.5\n"
    )
    out = tmp_path / "cards"
    proc = subprocess.run(
        [*CLI, "train", "labyrinth_cards", "--variant", "caffeinated,steroids",
         "--players", "2..3", "--timesteps", "1024", "--seed", "1", "--out", str(out),
         "--hyperparams", str(params), "--no-progress"],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    card = json.loads((out / "card.json").read_text())
    assert card["env_id"] == "labyrinth_gym/LabyrinthCards-v1"
    assert card["selfplay"]["choices"] == {
        "variant": ["caffeinated", "steroids"], "num_players": [2, 3]
    }
    assert card["selfplay"]["shaping"] == 0.5
    assert "--players 2,3" in (out / "command.txt").read_text()
    agent = LearnedAgent("labyrinth_cards", path=out)
    from labyrinth_gym.envs.labyrinth_cards.encoding import encode as encode_cards
    from labyrinth_gym.envs.labyrinth_cards.engine import new_game

    game = new_game(0, variant="steroids", num_players=3)
    for _ in range(40):
        mask = game.legal_mask()
        a = agent.act(encode_cards(game, game.current_player()), mask)
        assert mask[a] == 1
        game.apply_action(a)


def test_cooperative_training_through_an_interface_with_a_warm_start(tmp_path):
    out, card = _train_with(
        tmp_path, "arcane_labyrinth",
        "default:\n  interface: candidates\n  n_envs: 2\n  n_steps: 128\n"
        "  batch_size: 128\n  n_epochs: 1\n  policy_kwargs: {net_arch: [32]}\n"
        "labyrinth_gym/ArcaneLabyrinth-v8:\n"
        "  warm_start: {teacher: heuristic, games: 3, epochs: 20, smoothing: 0.05}\n",
        "--timesteps", "256", "--seed", "2",
        "--kw", 'hero="black_necromancer"', "--kw", 'labyrinth="goblin_warrens"',
    )
    assert card["interface"]["name"] == "arcane_labyrinth/candidates"
    warm = card["warm_start"]
    assert warm["teacher"] == "arcane_labyrinth/heuristic" and warm["games"] == 3
    assert warm["samples"] > 50 and warm["agreement"] > 0.9
    # the checkpoint plays whole games through its interface, legal moves only
    from labyrinth_gym.envs.arcane_labyrinth import ArcaneLabyrinthEnv

    agent = LearnedAgent("arcane_labyrinth", path=out)
    env = ArcaneLabyrinthEnv(hero="black_necromancer", labyrinth="goblin_warrens",
                             strict=True)
    obs, info = env.reset(seed=0)
    agent.reset(seed=0)
    done = False
    while not done:
        obs, _, terminated, truncated, info = env.step(agent.act(obs, info["action_mask"]))
        done = terminated or truncated
    assert env.game.is_terminal()


DC_PARAMS = (
    "default:\n  interface: candidates\n  n_envs: 2\n  n_steps: 64\n"
    "  batch_size: 64\n  n_epochs: 1\n  policy_kwargs: {net_arch: [32]}\n"
    "labyrinth_gym/DungeonCrawler-v1:\n"
)


def test_competitive_training_through_a_game_reading_interface_with_a_warm_start(tmp_path):
    """Dungeon Crawler: the candidates interface reads the seat's view; the warm start
    plays the teacher in every seat, per-episode player counts drawn."""
    out, card = _train_with(
        tmp_path, "dungeon_crawler",
        DC_PARAMS + "  warm_start: {teacher: heuristic, games: 2, epochs: 10}\n"
        "  selfplay: {fixed: {heuristic: 1.0, random: 1.0}, snapshot_every: 64}\n",
        "--timesteps", "128", "--seed", "2", "--players", "2,3", "--kw", "max_rounds=15",
    )
    assert card["interface"]["name"] == "dungeon_crawler/candidates"
    warm = card["warm_start"]
    assert warm["teacher"] == "dungeon_crawler/heuristic" and warm["samples"] > 20
    assert warm["teacher_moves_not_offered"] == 0
    from labyrinth_gym.envs.dungeon_crawler.encoding import encode
    from labyrinth_gym.envs.dungeon_crawler.engine.game import new_game

    agent = LearnedAgent("dungeon_crawler", path=out)
    assert agent.needs_game
    game = new_game(0, num_players=4, max_rounds=3)
    rng = np.random.default_rng(0)
    while not game.is_terminal():
        p = game.current_player()
        mask = game.legal_mask()
        a = agent.act(encode(game, p), mask, game=game.determinize(p, rng))
        assert mask[a] == 1
        game.apply_action(a)


def test_train_with_a_candidate_values_warm_start_records_it_and_plays(tmp_path):
    out, card = _train_with(
        tmp_path, "dungeon_crawler",
        DC_PARAMS
        + "  warm_start: {method: candidate_values, games: 4, explore: 0.0,\n"
        "               explore_kinds: {choose_start: 0.5, respawn_square: 0.5},\n"
        "               scorer_epochs: 1, epochs: 2, workers: 2}\n"
        "  selfplay: {fixed: {heuristic: 1.0}}\n",
        "--timesteps", "128", "--seed", "1", "--players", "2", "--kw", "max_rounds=12",
    )
    warm = card["warm_start"]
    assert warm["method"] == "candidate_values" and warm["games"] == 4
    assert warm["decisions"] > 50 and warm["explored"] >= 1
    assert warm["scorer"]["samples"] > 0 and 0.0 <= warm["agreement"] <= 1.0
    from labyrinth_gym.evaluation.matches import play_game

    agent = LearnedAgent("dungeon_crawler", path=out)
    result = play_game("dungeon_crawler", [agent, agent], 3,
                       {"num_players": 2, "max_rounds": 4})
    assert result.steps > 10
