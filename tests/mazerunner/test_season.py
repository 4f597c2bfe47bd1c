"""The league on Mazerunner pods: each player's deck in the season file is checked
(rule 2 for its team, 2d between teammates, every problem listed) and follows the
player to its seat in every pod; a short season of pods runs and scores by the
elimination record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("ortools")
pytest.importorskip("openskill")

from labyrinth_gym.evaluation import matches  # noqa: E402
from labyrinth_gym.evaluation.league.season import (  # noqa: E402
    SeasonError,
    load_season,
    parse_season,
    play_pod,
    run_season,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "seasons"
SHIPPED = Path(__file__).resolve().parents[2] / "envs" / "mazerunner" / "data" / "decks"
TEAMS = {"Azorius": "WU", "Dimir": "UB", "Rakdos": "BR", "Gruul": "RG"}


def _file(per_team=1, agent="random", **extra):
    teams = {
        name: {"identity": ident, "players": {
            f"{name.lower()}{i}": {"agent": agent,
                                   "deck": ident + (f"-{i + 1}" if i else "")}
            for i in range(per_team)}}
        for name, ident in TEAMS.items()
    }
    return {"teams": teams, **extra}


def test_the_example_season_names_sixteen_checked_decks():
    season = load_season(EXAMPLES / "mazerunner.yml", "mazerunner")
    assert len(season.players) == 16 and len(season.decks) == 16
    for team in season.teams:
        commanders = [season.decks[p].commanders for p in team.players]
        assert len(set(commanders)) == 4  # rule 2d
    assert season.to_dict()["teams"][0]["players"][1]["deck"] == "WU-2"


def test_every_deck_problem_is_listed_with_its_player(tmp_path):
    data = _file(per_team=2)
    players = {name: team["players"] for name, team in data["teams"].items()}
    del players["Azorius"]["azorius1"]["deck"]  # no deck
    players["Dimir"]["dimir1"]["deck"] = "BR"  # Rakdos colours in a Dimir deck
    players["Rakdos"]["rakdos1"]["deck"] = "BR"  # the teammate's commander (2d)
    players["Gruul"]["gruul1"]["deck"] = "missing.txt"
    with pytest.raises(SeasonError) as err:
        parse_season(data, "mazerunner", base=tmp_path)
    text = str(err.value)
    assert "player 'azorius1': give a deck" in text
    assert "player 'dimir1': deck 'BR'" in text and "identity" in text
    assert "'rakdos1' and 'rakdos0' both chose" in text or \
        "'rakdos0' and 'rakdos1' both chose" in text
    assert "player 'gruul1': deck 'missing.txt': No such file" in text


def test_a_deck_path_is_read_relative_to_the_season_file(tmp_path):
    import yaml

    text = (SHIPPED / "UB-2.txt").read_text()
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "mine.txt").write_text(text)
    data = _file()
    data["teams"]["Dimir"]["players"]["dimir0"]["deck"] = "decks/mine.txt"
    path = tmp_path / "season.yml"
    path.write_text(yaml.safe_dump(data))
    season = load_season(path, "mazerunner")
    assert season.decks["dimir0"].commanders == ("Princess Lucrezia",)
    banned = text.replace("Deck\n", "Deck\n1 Sol Ring\n", 1)
    (tmp_path / "decks" / "mine.txt").write_text(banned)
    with pytest.raises(SeasonError, match="player 'dimir0': deck 'decks/mine.txt': .*Sol Ring"):
        load_season(path, "mazerunner")


def test_games_without_decks_refuse_them():
    data = _file(partners=True)
    with pytest.raises(SeasonError) as err:
        parse_season(data, "labyrinth_cards")
    assert "player 'azorius0': game 'labyrinth_cards' takes no decks" in str(err.value)
    assert "partners: game 'labyrinth_cards' takes no decks" in str(err.value)


def test_each_player_brings_its_deck_to_its_seat(monkeypatch):
    season = parse_season(_file(kwargs={"max_turns": 6}), "mazerunner")
    seen = {}
    real = matches.run_game

    def spy(game, agents, seed, kwargs):
        seen.update(kwargs)
        return real(game, agents, seed, kwargs)

    monkeypatch.setattr(matches, "run_game", spy)
    from labyrinth_gym import agents as registry

    seats = ["gruul0", "azorius0", "rakdos0", "dimir0"]
    agents = {p: registry.make("mazerunner/random", seed=i) for i, p in enumerate(seats)}
    pod = play_pod(season, seats, 5, 1, agents)
    assert [d.commanders for d in seen["decks"]] == [season.decks[p].commanders for p in seats]
    assert sum(pod.points) == pytest.approx(4.0)


def test_a_short_pod_season_runs_scores_and_replays():
    data = _file(scaling=[0, 0.5], kwargs={"max_turns": 40})
    for team in data["teams"].values():
        for p in team["players"].values():
            p["agent"] = "heuristic"
    season = parse_season(data, "mazerunner")
    league = run_season(season, seed=3)
    assert len(league.pods) == 2 and league.finals is not None  # two weeks, the finals
    for pod in [*league.pods, league.finals]:
        assert sum(pod.points) == pytest.approx(4.0)
        assert pod.record is not None  # scored from the elimination record
    again = run_season(season, seed=3)
    assert json.dumps(league.to_dict(), default=str) == json.dumps(again.to_dict(), default=str)
