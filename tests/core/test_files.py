"""Game arguments read a user's file in Python and the CLI, never inside no_files()
(the game server), where not even whether the file exists is asked."""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.envs.core.files import (
    PathRefusedError,
    no_files,
    read_user_file,
    user_file_exists,
)


def test_a_path_is_read_outside_and_refused_inside(tmp_path, monkeypatch):
    path = tmp_path / "deck.txt"
    path.write_text("20 Mountain\n")
    assert read_user_file(path, "decks", "a name") == "20 Mountain\n"
    assert user_file_exists(path, "decks", "a name")
    assert not user_file_exists("x" * 5000, "decks", "a name")  # too long: no file

    def no_file_system(*args, **kwargs):
        raise AssertionError("the file system was asked")

    with no_files():
        monkeypatch.setattr("pathlib.Path.read_text", no_file_system)
        monkeypatch.setattr("pathlib.Path.is_file", no_file_system)
        with pytest.raises(PathRefusedError, match="decks: a file path is not accepted"
                           ) as err:
            read_user_file(path, "decks", "a name")
        assert err.value.argument == "decks"
        with pytest.raises(PathRefusedError):
            user_file_exists(path, "hero", "a name")


def test_game_arguments_keep_paths_in_python_and_refuse_them_in_no_files(tmp_path):
    from labyrinth_gym.envs.magic.engine.game import sample_deck
    from labyrinth_gym.envs.magic.env import make_game

    deck = tmp_path / "mine.txt"
    deck.write_text("".join(f"1 {name}\n" for name in sample_deck("red_burn")))
    game = make_game(np.random.default_rng(0), decks=[str(deck), "red_burn"])
    assert game.num_players == 2
    with no_files(), pytest.raises(PathRefusedError) as err:
        make_game(np.random.default_rng(0), decks=[str(deck), "red_burn"])
    assert err.value.argument == "decks"
    # shipped names and inline card lists still work there
    with no_files():
        make_game(np.random.default_rng(0), decks=[sample_deck("red_burn"), "red_burn"])


def test_sample_deck_names_never_leave_the_data_folder():
    from labyrinth_gym.envs.magic.engine.game import sample_deck

    with pytest.raises(ValueError, match="no sample deck"):
        sample_deck("../../../../../../etc/passwd")
