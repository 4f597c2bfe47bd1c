"""Every game's constructor refuses a bad int or bool argument by name.

``num_players=2.5``, ``hard="maybe"``, ``max_rounds=0``: the engines used to truncate
them with ``int()``, read them as truthy, or start a game cut off before its first
turn. Each is refused, on the engine (no Gymnasium) and through the CLI's ``--kw``
(one line, exit 2).
"""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.cli import main
from labyrinth_gym.envs import game_names, game_spec

BAD = {
    "maze_party": [
        ("party", 2.5), ("party", True), ("party", "3"), ("party", 0),
        ("max_turns", 0), ("max_turns", 2.5), ("max_turns", "50"),
    ],
    "labyrinth_cards": [
        ("num_players", 2.5), ("num_players", True), ("num_players", "3"),
        ("num_players", 7), ("max_turns", 0), ("max_turns", -3),
    ],
    "magic": [
        ("num_players", 2.5), ("num_players", False), ("max_turns", 0),
        ("max_actions", 0), ("mulligan", "maybe"), ("mulligan", 1),
        ("opening_hand", -1), ("opening_hand", 1.5), ("opening_hand", 10**9),
        ("life", 0), ("starting_player", 2), ("starting_player", 0.5),
        ("min_deck_size", 2.5), ("min_deck_size", 0),
    ],
    "arcane_labyrinth": [
        ("entropy_draw", "maybe"), ("entropy_draw", 1), ("desperation", "no"),
        ("desperation", None), ("max_turns", 0), ("max_actions", 2.5),
        ("mulligan", "yes"), ("opening_hand", -2),
    ],
    "dungeon_crawler": [
        ("num_players", 2.5), ("num_players", "4"), ("hard", "maybe"), ("hard", 1),
        ("max_rounds", 0), ("max_rounds", -1), ("max_rounds", 1.5),
    ],
    "mazerunner": [
        ("num_players", 2.5), ("num_players", 5), ("max_turns", 0),
        ("mulligan", "maybe"), ("max_actions", True),
    ],
}
CASES = [(game, key, value) for game, bad in BAD.items() for key, value in bad]


def test_every_game_has_bad_arguments_listed():
    assert set(BAD) == set(game_names())


@pytest.mark.parametrize("game, key, value", CASES)
def test_the_engine_refuses_naming_the_argument(game, key, value):
    spec = game_spec(game)
    with pytest.raises(ValueError, match=key) as info:
        spec.new_game(np.random.default_rng(0), **{key: value})
    assert repr(value) in str(info.value) or str(value) in str(info.value)


@pytest.mark.parametrize("game, key, value", [
    ("maze_party", "party", 3.0), ("labyrinth_cards", "num_players", 3.0),
    ("dungeon_crawler", "max_rounds", 1.0), ("magic", "num_players", np.int64(3)),
])
def test_whole_numbers_from_json_are_taken(game, key, value):
    game_obj = game_spec(game).new_game(np.random.default_rng(0), **{key: value})
    if key in ("party", "num_players"):
        assert game_obj.num_players == 3 and type(game_obj.num_players) is int
    else:
        assert game_obj.max_rounds == 1 and type(game_obj.max_rounds) is int


def test_max_rounds_one_plays_one_round():
    """The smallest cap the Dungeon Crawler takes still plays: 0 had no meaning (the
    docstring's "0 for all" is the returns of a truncated game) and is refused."""
    game = game_spec("dungeon_crawler").new_game(np.random.default_rng(1), max_rounds=1)
    rng = np.random.default_rng(1)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply_action(legal[int(rng.integers(len(legal)))])
    assert game.is_truncated() and game.round == 2  # cut off as round 2 began


@pytest.mark.parametrize(
    "game, kw", [(game, f"{key}={value}") for game, key, value in CASES
                 if isinstance(value, (int, float)) and not isinstance(value, bool)
                 and key != "opening_hand"][::2]
    + [("magic", "mulligan=maybe"), ("dungeon_crawler", "hard=maybe"),
       ("arcane_labyrinth", "entropy_draw=1"), ("maze_party", "party=2.5")],
)
def test_the_cli_says_one_line_and_exits_2(game, kw, capsys, tmp_path):
    argv = ["evaluate", game, "--games", "1", "--kw", kw, "--out", str(tmp_path)]
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("labyrinth-gym: error: ")
    assert kw.split("=")[0] in lines[0]
    assert not list(tmp_path.iterdir())  # no game was played
