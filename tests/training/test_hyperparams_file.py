"""A hyperparameter file that says nothing is refused, not trained on SB3's defaults."""

from __future__ import annotations

import pytest

from labyrinth_gym.cli import main
from labyrinth_gym.envs import game_spec
from labyrinth_gym.training.train import load_hyperparams

ENV_ID = game_spec("maze_party").env_id


@pytest.mark.parametrize("text, words", [
    ("", "is empty"),
    ("# only a comment\n", "is empty"),
    ("{}", "is empty"),
    ("- 1\n- 2\n", "is a list, not a mapping"),
    ("just words", "is a str, not a mapping"),
    ("default: [1, 2\n", "not YAML"),
    ("labyrinth_gym/Other-v0:\n  n_steps: 64\n", "has no 'default' or"),
    ("default:\n", "'default' must be a mapping"),
    (f"default:\n  n_steps: 64\n{ENV_ID}: 3\n", f"'{ENV_ID}' must be a mapping"),
])
def test_a_file_without_settings_is_refused(text, words, tmp_path):
    path = tmp_path / "hp.yml"
    path.write_text(text)
    with pytest.raises(ValueError, match="hyperparameter file") as info:
        load_hyperparams(ENV_ID, "maze_party", path)
    assert words in str(info.value) and str(path) in str(info.value)


def test_the_env_section_updates_the_default(tmp_path):
    path = tmp_path / "hp.yml"
    path.write_text(f"default:\n  n_steps: 64\n  gamma: 0.9\n{ENV_ID}:\n  n_steps: 32\n")
    assert load_hyperparams(ENV_ID, "maze_party", path) == {"n_steps": 32, "gamma": 0.9}
    path.write_text(f"{ENV_ID}:\n  n_steps: 32\n")
    assert load_hyperparams(ENV_ID, "maze_party", path) == {"n_steps": 32}


@pytest.mark.parametrize("game", ["maze_party", "labyrinth_cards", "dungeon_crawler",
                                  "arcane_labyrinth", "mazerunner"])
def test_every_shipped_file_loads(game):
    assert load_hyperparams(game_spec(game).env_id, game)


def test_train_with_an_empty_file_is_one_line(tmp_path, capsys):
    pytest.importorskip("sb3_contrib")
    path = tmp_path / "empty.yml"
    path.write_text("")
    assert main(["train", "maze_party", "--hyperparams", str(path),
                 "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is empty" in err[0], err
    assert not (tmp_path / "run").exists()
