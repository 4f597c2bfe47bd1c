"""The ``labyrinth-gym`` command: help, error paths, evaluate, train shim, play."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from labyrinth_gym.cli import agent_kwargs_of, main, parse_kw, parse_party
from labyrinth_gym.play import play

SCRIPT = Path(sys.executable).with_name("labyrinth-gym")
COMMAND = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "labyrinth_gym"]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [*COMMAND, *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def assert_user_error(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode == 2, proc
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("labyrinth-gym: error: ")
    for word in words:
        assert word in lines[0]


# ------------------------------------------------------------------ help
@pytest.mark.parametrize(
    "command",
    [
        [],
        ["train"],
        ["evaluate"],
        ["benchmark"],
        ["benchmark", "speed"],
        ["benchmark", "agents"],
        ["benchmark", "table-edge"],
        ["play"],
        ["cards"],
        ["cards", "coverage"],
        ["cards", "show"],
    ],
)
def test_help_for_every_subcommand(command, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: labyrinth-gym")
    assert " ".join(command) in out.splitlines()[0]


def test_console_script_and_python_m_both_work():
    proc = run("--help")
    assert proc.returncode == 0 and "evaluate" in proc.stdout
    proc = subprocess.run(
        [sys.executable, "-m", "labyrinth_gym", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stdout.startswith("labyrinth-gym ")


# ------------------------------------------------------------------ user errors
def test_unknown_game_is_one_line_exit_2():
    assert_user_error(run("evaluate", "nosuchgame"), "unknown game 'nosuchgame'")


def test_unknown_agent_is_one_line_exit_2(tmp_path):
    proc = run(
        "evaluate",
        "maze_party",
        "--agents",
        "random,nosuch",
        "--games",
        "2",
        "--out",
        str(tmp_path),
    )
    assert_user_error(proc, "unknown agent 'maze_party/nosuch'", "maze_party/heuristic")


def test_out_path_that_is_a_file_is_one_line_exit_2(tmp_path):
    blocker = tmp_path / "results.txt"
    blocker.write_text("not a directory")
    proc = run("evaluate", "maze_party", "--games", "2", "--out", str(blocker / "x"))
    assert_user_error(proc, "not a directory")
    assert blocker.read_text() == "not a directory"


def test_unknown_maze_and_bad_kwargs_are_one_line_exit_2(tmp_path):
    out = str(tmp_path)
    assert_user_error(
        run("evaluate", "maze_party", "--maze", "nowhere", "--out", out), "unknown maze"
    )
    assert_user_error(
        run("evaluate", "maze_party", "--party", "fighter,dragon", "--out", out),
        "dragon",
    )
    assert_user_error(
        run("play", "maze_party", "--kw", "colour=blue"), "bad arguments", "colour"
    )


def test_in_process_errors_for_the_other_commands(capsys, tmp_path):
    cases = [
        (["train", "nosuchgame"], "unknown game"),
        (
            ["train", "maze_party", "--hyperparams", str(tmp_path / "none.yml")],
            "none.yml",
        ),
        (["play", "maze_party", "--seats", "0,9"], "out of range"),
        (["evaluate", "maze_party", "--games", "0"], "--games"),
        (["evaluate", "maze_party", "--kw", "max_turns"], "key=value"),
        (["benchmark", "speed", "--seconds", "0"], "--seconds"),
        (["benchmark", "table-edge", "--games", "0"], "--games"),
    ]
    for argv, words in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and words in err[0], (argv, err)


def test_missing_checkpoint_is_a_user_error(capsys, tmp_path, monkeypatch):
    from labyrinth_gym.agents import learned

    monkeypatch.setattr(learned, "checkpoint_dir", lambda game, name: tmp_path / "none")
    argv = [
        "evaluate",
        "maze_party",
        "--agents",
        "ppo",
        "--games",
        "2",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "out"),
    ]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("labyrinth-gym: error: no checkpoint")


# ------------------------------------------------------------------ arguments
def test_game_and_agent_kwargs_parsing():
    assert parse_kw(["max_turns=50", "maze=goblin_warren", 'party=["bard"]']) == {
        "max_turns": 50,
        "maze": "goblin_warren",
        "party": ["bard"],
    }
    assert parse_party("3") == 3
    assert parse_party("fighter, rogue") == ["fighter", "rogue"]
    assert agent_kwargs_of(["search.simulations=8", "search.exploration=0.5"]) == {
        "search": {"simulations": 8, "exploration": 0.5}
    }
    with pytest.raises(ValueError):
        agent_kwargs_of(["simulations=8"])


# ------------------------------------------------------------------ commands
def test_evaluate_prints_the_table_and_writes_the_files(tmp_path, capsys):
    out = tmp_path / "eval"
    argv = [
        "evaluate",
        "maze_party",
        "--agents",
        "random,heuristic",
        "--games",
        "6",
        "--seed",
        "3",
        "--workers",
        "1",
        "--out",
        str(out),
        "--party",
        "2",
    ]
    assert main(argv) == 0
    text = capsys.readouterr().out
    for word in ("maze_party/random", "maze_party/heuristic", "95% CI", "mean turns"):
        assert word in text
    assert f"wrote {out / 'evaluation.json'}" in text
    data = json.loads((out / "evaluation.json").read_text())
    assert data["config"]["seed"] == 3 and data["config"]["game_kwargs"] == {"party": 2}
    assert (out / "win_rates.png").read_bytes().startswith(b"\x89PNG")


def test_train_forwards_its_arguments(tmp_path, monkeypatch, capsys):
    calls = []

    def fake_train(game, **kwargs):
        calls.append((game, kwargs))
        return tmp_path / "model.zip"

    fake = types.ModuleType("labyrinth_gym.training")
    fake.train = fake_train
    monkeypatch.setitem(sys.modules, "labyrinth_gym.training", fake)
    argv = [
        "train",
        "maze_party",
        "--timesteps",
        "1000",
        "--seed",
        "4",
        "--out",
        str(tmp_path / "run"),
        "--no-progress",
        "--maze",
        "goblin_warren",
    ]
    assert main(argv) == 0
    assert calls == [
        (
            "maze_party",
            {
                "timesteps": 1000,
                "seed": 4,
                "out_dir": tmp_path / "run",
                "resume": False,
                "progress": False,
                "game_kwargs": {"maze": "goblin_warren"},
                "choices": None,
            },
        )
    ]
    assert str(tmp_path / "model.zip") in capsys.readouterr().out


def test_train_parses_per_episode_variants_and_player_ranges(tmp_path, monkeypatch):
    calls = []
    fake = types.ModuleType("labyrinth_gym.training")
    fake.train = lambda game, **kwargs: calls.append((game, kwargs)) or tmp_path
    monkeypatch.setitem(sys.modules, "labyrinth_gym.training", fake)
    argv = ["train", "labyrinth_cards", "--variant", "caffeinated,steroids",
            "--players", "2..4", "--out", str(tmp_path / "run")]
    assert main(argv) == 0
    assert calls[0][1]["choices"] == {
        "variant": ["caffeinated", "steroids"],
        "num_players": [2, 3, 4],
    }


# ------------------------------------------------------------------ play
def test_play_a_whole_game_from_scripted_input():
    out = io.StringIO()
    result = play("maze_party", seed=2, stdin=io.StringIO("1\n" * 2000), stdout=out)
    assert result is not None and result.steps > 0
    text = out.getvalue()
    assert "Game over (" in text
    assert text.count(": your move") == result.steps  # every decision was the person's
    assert " tries " in text and "against DC" in text  # the events, told as prose
    assert "check: member=" not in text


def test_play_reprompts_on_bad_input_and_leaves_on_eof():
    out = io.StringIO()
    assert play("maze_party", seed=0, stdin=io.StringIO("x\n99\n"), stdout=out) is None
    text = out.getvalue()
    assert text.count("Type a number from 1 to") == 2
    assert "Left the game." in text


def test_play_some_seats_with_an_agent_for_the_others():
    proc = run(
        "play", "maze_party", "--seed", "1", "--seats", "0,2", stdin="1\n" * 2000
    )
    assert proc.returncode == 0, proc.stderr
    assert "Game over (" in proc.stdout
    assert "-- member 1 (heuristic):" in proc.stdout
    assert "-- member 3 (heuristic):" in proc.stdout
    assert "-- member 0: your move" in proc.stdout
    assert "-- member 1: your move" not in proc.stdout


def test_play_exits_cleanly_on_end_of_input():
    proc = run("play", "maze_party", stdin="")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert "Left the game." in proc.stdout


def test_train_with_a_file_in_the_way_is_a_user_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["train", "maze_party", "--out", str(blocker / "run")]) == 2
    assert "not a directory" in capsys.readouterr().err


# ------------------------------------------------------------------ serve, replay
def one_error_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("labyrinth-gym: error: "), err
    return err[0]


@pytest.fixture
def no_server(monkeypatch):
    """uvicorn.run fails the test instead of serving (a check that let a bad address
    through would start a server and never return)."""
    uvicorn = pytest.importorskip("uvicorn")

    def run(*args, **kwargs):
        raise AssertionError(f"the server started: {kwargs}")

    monkeypatch.setattr(uvicorn, "run", run)


@pytest.fixture
def taken_port():
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def test_serve_refuses_a_bad_port_or_host_before_starting(no_server, capsys):
    cases = [(["--port", "-1"], "--port must be 1-65535, got -1"),
             (["--port", "99999"], "--port must be 1-65535, got 99999"),
             (["--host", "not a host!"], "--host 'not a host!' is not an address")]
    for argv, words in cases:
        assert main(["serve", *argv]) == 2, argv
        assert words in one_error_line(capsys)


def test_serve_refuses_a_port_in_use(no_server, taken_port, capsys):
    assert main(["serve", "--port", str(taken_port)]) == 2
    line = one_error_line(capsys)
    assert f"cannot serve on 127.0.0.1:{taken_port}" in line and "in use" in line


def test_a_free_address_passes_the_check_and_the_server_starts(no_server, monkeypatch):
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        free = sock.getsockname()[1]
    with pytest.raises(AssertionError, match="the server started"):
        main(["serve", "--port", str(free)])


GOOD_REPLAY = {"game": "maze_party", "kwargs": {}, "seed": 0, "seats": ["human"],
               "actions": [], "events": []}


@pytest.mark.parametrize("content, words", [
    ("not json at all {", "is not JSON"),
    (b"\xff\xfe\x00garbage", "is not JSON"),
    ("[" * 100_000, "is not JSON"),
    ("[1, 2, 3]", "is not a replay: a JSON list"),
    ('{"game": "maze_party"}', "missing kwargs, seed, seats, actions, events"),
    (json.dumps({**GOOD_REPLAY, "kwargs": [], "seed": "zero"}),
     "kwargs is a list, not a dict; seed is a str, not a int"),
    (json.dumps({**GOOD_REPLAY, "actions": [0, "x"]}), "actions are not all whole"),
    (json.dumps({**GOOD_REPLAY, "actions": [10**9]}), "move 1 (1000000000) is not legal"),
    (json.dumps({**GOOD_REPLAY, "kwargs": {"party": 2.5}}), "party must be"),
])
def test_replay_of_a_bad_file_is_one_line(content, words, tmp_path, capsys):
    path = tmp_path / "replay.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    assert main(["replay", str(path), "--no-pause"]) == 2
    assert words in one_error_line(capsys)


def test_replay_of_a_missing_file_or_a_folder_is_one_line(tmp_path, capsys):
    for path in (tmp_path / "nowhere.json", tmp_path):
        assert main(["replay", str(path), "--no-pause"]) == 2
        assert f"no replay file {str(path)!r}" in one_error_line(capsys)


# ------------------------------------------------------------------ list
def test_list_shows_every_game_with_its_id_seats_and_agents(capsys):
    from labyrinth_gym.envs import game_names, game_spec

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for game in game_names():
        row = next(line for line in out.splitlines() if f" {game} " in line)
        assert game_spec(game).env_id in row and "random" in row and "heuristic" in row
    assert "2-6 (default 2)" in next(line for line in out.splitlines()
                                     if " labyrinth_cards " in line)


@pytest.mark.parametrize("game", ["maze_party", "labyrinth_cards", "magic",
                                  "arcane_labyrinth", "dungeon_crawler", "mazerunner"])
def test_list_game_shows_each_option_with_its_default_and_allowed_values(game, capsys):
    from labyrinth_gym.agents import registered
    from labyrinth_gym.envs import game_spec

    assert main(["list", game]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    for agent in registered(game):
        assert agent.split("/", 1)[1] in lines[1]
    for option in game_spec(game).options:
        row = next(line for line in lines if f" {option.name} " in line)
        assert json.dumps(option.default) in row or str(option.default) in row


def test_list_game_names_the_allowed_values(capsys):
    assert main(["list", "labyrinth_cards"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if " variant " in line)
    assert "caffeinated" in row and "official" in row and "steroids" in row
    assert main(["list", "maze_party"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if " maze " in line)
    assert "goblin_warren" in row and "sunken_catacombs" in row


def test_list_of_an_unknown_game_is_one_line(capsys):
    assert main(["list", "chess"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown game 'chess'" in err[0] and "maze_party" in err[0]


# ------------------------------------------------------------------ cards show
@pytest.mark.parametrize("query, shown", [
    ("lightning bolt", "Lightning Bolt"),  # not 'Lightning Colt' (closer spelling)
    ("LIGHTNING BOLT", "Lightning Bolt"),
    ("Dusk", "Dusk // Dawn"),              # a split card by either face
    ("dawn", "Dusk // Dawn"),
    ("dusk//dawn", "Dusk // Dawn"),
])
def test_cards_show_finds_a_card_by_any_case_or_either_face(query, shown):
    from labyrinth_gym.cli import find_card
    from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

    pool = compiled_pool()
    names = [*pool.supported, *pool.unsupported]
    assert find_card(query, names) == shown


def test_find_card_prefers_the_exact_name_to_another_case():
    from labyrinth_gym.cli import find_card

    assert find_card("Bolt", ["BOLT", "Bolt"]) == "Bolt"
    assert find_card("bolt", ["Bolt // Strike", "BOLT"]) == "BOLT"  # a name before a face


def test_cards_show_in_lower_case_prints_the_card(capsys):
    assert main(["cards", "show", "lightning bolt"]) == 0
    out = capsys.readouterr().out
    assert '"DealDamage"' in out and '"amount": 3' in out


def test_cards_show_of_an_unknown_name_lists_the_closest_in_one_line(capsys):
    assert main(["cards", "show", "lightnin bolt"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("labyrinth-gym: error: unknown card")
    assert "'Lightning Bolt'" in err[0] and "closest" in err[0]


# ------------------------------------------------------------------ game flags
def test_maze_and_party_are_refused_for_other_games(capsys, tmp_path):
    for argv in (["evaluate", "labyrinth_cards", "--maze", "goblin_warren"],
                 ["play", "magic", "--party", "3"],
                 ["train", "dungeon_crawler", "--maze", "x", "--party", "2"]):
        assert main([*argv, "--out", str(tmp_path / "o")] if argv[0] != "play"
                    else argv) == 2, argv
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "only apply to maze_party" in err[0], err
        assert "--kw" in err[0]
    assert not (tmp_path / "o").exists()


def test_help_says_maze_and_party_are_maze_party_only(capsys):
    with pytest.raises(SystemExit):
        main(["evaluate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--maze MAZE maze_party only" in out and "--party PARTY maze_party only" in out


# ------------------------------------------------------------------ evaluate
@pytest.mark.parametrize("extra, words", [
    (["--agents", "random,nosuch"], "unknown agent"),
    (["--agent-kw", "random.colour=blue"], "colour"),
])
def test_a_failed_evaluate_creates_no_output_folder(extra, words, tmp_path, capsys):
    out = tmp_path / "eval" / "run"
    argv = ["evaluate", "maze_party", "--games", "2", "--workers", "1",
            "--out", str(out), *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err
    assert not (tmp_path / "eval").exists()


def test_evaluate_prints_the_wall_time_and_says_the_seconds_are_summed(tmp_path, capsys):
    argv = ["evaluate", "maze_party", "--agents", "random", "--games", "3",
            "--workers", "1", "--out", str(tmp_path)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "game seconds (summed)" in out
    wall = next(line for line in out.splitlines() if line.startswith("wall time "))
    data = json.loads((tmp_path / "evaluation.json").read_text())
    assert f"{data['wall_seconds']:.1f} s on 1 worker(s)" in wall


# ------------------------------------------------------------------ train summary
def test_train_ends_with_a_summary(tmp_path, monkeypatch, capsys):
    run_dir = tmp_path / "run"

    def fake_train(game, **kwargs):
        run_dir.mkdir()
        (run_dir / "card.json").write_text(json.dumps({
            "timesteps": 4096, "last_episodes": {"episodes": 40, "mean_return": 0.25,
                                                 "positive_share": 0.6}}))
        return run_dir

    fake = types.ModuleType("labyrinth_gym.training")
    fake.train = fake_train
    monkeypatch.setitem(sys.modules, "labyrinth_gym.training", fake)
    assert main(["train", "maze_party", "--out", str(run_dir), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "trained maze_party: 4,096 steps" in out and "s wall time" in out
    assert "last 40 training episodes: mean return +0.250, 60% with a positive" in out
    assert f"model: {run_dir}" in out
    command = next(line for line in out.splitlines() if line.startswith("evaluate it: "))
    assert f"--agent-kw ppo.path={run_dir}" in command
