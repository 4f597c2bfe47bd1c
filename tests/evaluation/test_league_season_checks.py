"""A season file's budget and kwargs: what was accepted silently is refused by name."""

from __future__ import annotations

import pytest

pytest.importorskip("ortools")
pytest.importorskip("openskill")

from labyrinth_gym.cli import main  # noqa: E402
from labyrinth_gym.evaluation.league.season import SeasonError, parse_season  # noqa: E402

TEAMS = {"Azorius": "WU", "Dimir": "UB", "Rakdos": "BR", "Gruul": "RG"}


def season_file(**extra):
    teams = {name: {"identity": ident, "players": {
        f"{name.lower()}{i}": {"agent": "random"} for i in range(2)}}
        for name, ident in TEAMS.items()}
    return {"teams": teams, **extra}


@pytest.mark.parametrize("budget", [float("nan"), float("inf"), -float("inf"), -1, 0,
                                    True, "fast", None])
def test_a_budget_that_is_not_a_finite_positive_number_is_refused(budget):
    with pytest.raises(SeasonError, match="budget .* must be a finite number > 0, got"):
        parse_season(season_file(budget=budget), "labyrinth_cards")


def test_a_finite_budget_is_taken():
    assert parse_season(season_file(budget=0.5), "labyrinth_cards").budget == 0.5
    assert parse_season(season_file(budget=3), "labyrinth_cards").budget == 3.0


def test_kwargs_the_league_sets_are_refused_naming_the_key():
    data = season_file(kwargs={"num_players": 3, "max_turns": 50})
    with pytest.raises(SeasonError) as info:
        parse_season(data, "labyrinth_cards")
    text = str(info.value)
    assert "kwargs: 'num_players' is set by the league" in text
    assert "max_turns" not in text  # a kwarg the league leaves alone is the file's
    assert parse_season(season_file(kwargs={"max_turns": 50}),
                        "labyrinth_cards").kwargs == {"max_turns": 50}


def test_a_deck_game_refuses_decks_in_kwargs_too():
    with pytest.raises(SeasonError, match="kwargs: 'decks' is set by the league"):
        parse_season(season_file(kwargs={"decks": ["WU"] * 4}), "mazerunner")


def test_the_cli_says_so_in_one_line(tmp_path, capsys):
    path = tmp_path / "season.yml"
    lines = ["budget: .nan", "kwargs:", "  num_players: 2", "teams:"]
    for name, ident in TEAMS.items():
        lines += [f"  {name}:", f"    identity: {ident}", "    players:"]
        lines += [f"      {name.lower()}{i}: {{agent: random}}" for i in range(2)]
    path.write_text("\n".join(lines) + "\n")
    argv = ["league", "labyrinth_cards", "--season", str(path), "--out", str(tmp_path / "o")]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("labyrinth-gym: error: "), err
    assert "got nan" in err[0] and "'num_players' is set by the league" in err[0]
