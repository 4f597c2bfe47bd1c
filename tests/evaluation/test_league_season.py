"""A league season: the season file, penalties, finishing places, tie-breakers, whole
seasons of the card game and the Dungeon Crawler, and the CLI."""

from __future__ import annotations

import datetime as dt
import itertools
import json
from pathlib import Path

import pytest

pytest.importorskip("ortools")
pytest.importorskip("openskill")

from labyrinth_gym.cli import main  # noqa: E402
from labyrinth_gym.evaluation.league.points import Elimination, PodRecord, Win  # noqa: E402
from labyrinth_gym.evaluation.league.season import (  # noqa: E402
    League,
    Pod,
    SeasonError,
    check_game,
    finishing_ranks,
    load_season,
    parse_season,
    penalties,
    run_season,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "seasons"
TEAMS = {"Azorius": "WU", "Dimir": "UB", "Rakdos": "BR", "Gruul": "RG"}


def _file(per_team=2, agent="random", **extra):
    teams = {
        name: {"identity": ident, "players": {
            f"{name.lower()}{i}": {"agent": agent} for i in range(per_team)}}
        for name, ident in TEAMS.items()
    }
    return {"teams": teams, **extra}


def test_the_shipped_season_files_load():
    for game in ("labyrinth_cards", "dungeon_crawler"):
        season = load_season(EXAMPLES / f"{game}.yml", game)
        assert len(season.players) == 16 and len(season.teams) == 4
        assert season.scaling == (0.0, 0.0, 0.2, 0.4, 0.6, 0.7)  # rule 4h


def test_a_bad_season_file_lists_every_problem():
    data = _file(scaling=[0, 2], rounds=3, colour="x")
    data["teams"]["Azorius"]["identity"] = "WX"
    data["teams"]["Dimir"]["identity"] = "UBR"
    data["teams"]["Rakdos"]["players"]["rakdos0"] = {"agent": "chess/heuristic"}
    data["teams"]["Gruul"]["players"]["gruul9"] = {"agent": "random"}
    with pytest.raises(SeasonError) as err:
        parse_season(data, "labyrinth_cards")
    text = str(err.value)
    for part in ("unknown entry 'colour'", "scaling must be a list",
                 "identity 'WX' is not a set of colours",
                 "identities must have the same number of colours",
                 "agent 'chess/heuristic' is not one of 'labyrinth_cards'",
                 "teams must have equal numbers of players",
                 "9 players do not fill pods of 4"):
        assert part in text, part


def test_teams_must_be_four_with_unique_identities():
    data = _file()
    del data["teams"]["Gruul"]
    data["teams"]["Rakdos"]["identity"] = "BU"  # the same colours as Dimir
    with pytest.raises(SeasonError) as err:
        parse_season(data, "labyrinth_cards")
    assert "teams 'Dimir' and 'Rakdos' share identity 'UB'" in str(err.value)
    assert "3 teams: pods of 4 without teammates need at least 4" in str(err.value)


def test_penalties_follow_rule_4e():
    data = _file(deadlines={"mainboard": "2026-12-01", "sideboard": "2026-12-08"})
    p = data["teams"]["Azorius"]["players"]
    p["azorius0"]["submitted"] = {"mainboard": "2026-12-02", "sideboard": "2026-12-08"}
    p["azorius1"]["submitted"] = {"mainboard": "2026-12-01", "sideboard": "2026-12-20"}
    q = data["teams"]["Dimir"]["players"]
    q["dimir0"]["submitted"] = {"mainboard": "2026-12-01", "illegal_until": "2026-12-11"}
    q["dimir1"]["submitted"] = {"mainboard": "2026-12-01", "illegal_until": "2026-12-12"}
    r = data["teams"]["Rakdos"]["players"]
    r["rakdos0"]["submitted"] = {"sideboard": "2026-12-08", "illegal_until": "2026-12-30"}
    out = penalties(parse_season(data, "labyrinth_cards"))
    assert out["azorius0"] == -2  # 4e.i: a late mainboard
    assert out["azorius1"] == 0  # 4e.ii: a late sideboard costs nothing
    assert out["dimir0"] == 0  # fixed on the third day of grace
    assert out["dimir1"] == -2  # 4e.iii: still illegal three days after the deadline
    assert out["rakdos0"] == -4  # never submitted a mainboard, and illegal cards
    assert out["gruul0"] == 0


def test_submission_dates_need_deadlines():
    data = _file()
    data["teams"]["Azorius"]["players"]["azorius0"]["submitted"] = {"mainboard": "2026-12-02"}
    with pytest.raises(SeasonError, match="need the season's deadlines"):
        parse_season(data, "labyrinth_cards")


def test_games_the_league_cannot_run_are_refused():
    with pytest.raises(SeasonError, match="no 4-player competitive game"):
        check_game("maze_party")
    with pytest.raises(SeasonError, match="unknown game 'chess'"):
        check_game("chess")
    check_game("labyrinth_cards")
    check_game("dungeon_crawler")


def test_finishing_places_follow_the_record_or_the_returns():
    assert finishing_ranks(None, [1.0, -1.0, -1.0, -1.0]) == [1, 2, 2, 2]
    assert finishing_ranks(None, [0.0, 0.0, 0.0, 0.0]) == [1, 1, 1, 1]
    record = PodRecord(4, (Elimination((2,), cause=0), Elimination((1, 3), cause=None)),
                       Win(0))
    # seat 0 won; 1 and 3 left together after 2
    assert finishing_ranks(record, [1.0, -1.0, -1.0, -1.0]) == [1, 2, 4, 2]


# ------------------------------------------------------------------ tie-breakers
def _league(**points):
    """A League over an 8-player season (4 teams of 2) with hand-made pods."""
    return League(parse_season(_file(), "labyrinth_cards"), seed=0)


def _pod(seats, points, winner=None):
    ranks = [1 + sum(q > p for q in points) for p in points]
    return Pod(1, tuple(seats), 0, tuple(float(x) for x in points), tuple(ranks), winner,
               None, tuple(float(x) for x in points), False)


def _order(league):
    return [row["team"] for row in league.team_table()]


def _swap(pods, a, b):
    """The same pods with teams ``a`` and ``b`` trading places (names swapped)."""
    def name(n):
        for x, y in ((a, b), (b, a)):
            if n.startswith(x.lower()):
                return y.lower() + n[len(x):]
        return n
    return [Pod(p.round, tuple(name(n) for n in p.seats), p.seed, p.points, p.ranks,
                None if p.winner is None else name(p.winner), None, p.returns, False)
            for p in pods]


def _first_of(pods, a, b, league=None):
    """Which of teams ``a``, ``b`` ranks higher with ``pods``, and with the two swapped
    (a tie-breaker, not the lot, decides when the answer flips with the swap)."""
    league = league or _league()
    out = []
    for run in (pods, _swap(pods, a, b)):
        league.pods = run
        order = _order(league)
        out.append(a if order.index(a) < order.index(b) else b)
    return out


def test_team_ties_break_on_wins_first():
    pods = [
        _pod(["azorius0", "dimir0", "rakdos0", "gruul0"], [4, 0, 0, 0], "azorius0"),
        _pod(["azorius1", "dimir1", "rakdos1", "gruul1"], [0, 2, 2, 0]),
        _pod(["azorius1", "dimir1", "rakdos1", "gruul1"], [0, 2, 0, 2]),
    ]
    league = _league()
    league.pods = pods
    rows = {r["team"]: r for r in league.team_table()}
    assert rows["Azorius"]["points"] == rows["Dimir"]["points"] == 4
    # Azorius won a pod outright, Dimir did not
    assert _first_of(pods, "Azorius", "Dimir") == ["Azorius", "Dimir"]


def test_then_strength_of_schedule():
    # Dimir, Rakdos and Gruul: 4 points and one win each; Dimir met the strongest
    # opponents (2.22 points on average), then Gruul (1.78), then Rakdos (1.33)
    pods = [
        _pod(["azorius0", "dimir0", "rakdos0", "gruul0"], [0, 4, 0, 0], "dimir0"),
        _pod(["azorius1", "dimir1", "rakdos0", "gruul1"], [0, 0, 4, 0], "rakdos0"),
        _pod(["azorius0", "dimir1", "rakdos0", "gruul0"], [0, 0, 0, 4], "gruul0"),
    ]
    league = _league()
    league.pods = pods
    rows = {r["team"]: r for r in league.team_table()}
    assert {rows[t]["points"] for t in ("Dimir", "Rakdos", "Gruul")} == {4}
    assert {rows[t]["wins"] for t in ("Dimir", "Rakdos", "Gruul")} == {1}
    assert rows["Dimir"]["sos"] == pytest.approx(20 / 9)
    assert rows["Gruul"]["sos"] == pytest.approx(16 / 9)
    assert rows["Rakdos"]["sos"] == pytest.approx(12 / 9)
    assert _order(league) == ["Dimir", "Gruul", "Rakdos", "Azorius"]
    assert _first_of(pods, "Dimir", "Rakdos") == ["Dimir", "Rakdos"]


def test_then_the_strongest_individual_player():
    # Azorius 3 + 0 and Rakdos 1 + 2: the same points, no wins, the same schedule
    pods = [
        _pod(["azorius1", "dimir1", "rakdos0", "gruul1"], [3, 0, 1, 0]),
        _pod(["azorius0", "dimir1", "rakdos1", "gruul0"], [0, 0, 2, 2]),
    ]
    league = _league()
    league.pods = pods
    rows = {r["team"]: r for r in league.team_table()}
    for key in ("points", "wins", "sos"):
        assert rows["Azorius"][key] == rows["Rakdos"][key], key
    assert (rows["Azorius"]["strongest"], rows["Rakdos"]["strongest"]) == (3, 2)
    assert _first_of(pods, "Azorius", "Rakdos") == ["Azorius", "Rakdos"]


def test_then_head_to_head():
    # eight one-player teams: T4 and T5 level on points (3), wins (0), schedule and
    # strongest player; in the one pod where they met, T5 scored 3 and T4 1
    ids = ["WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG"]
    season = parse_season({"teams": {
        f"T{i}": {"identity": ids[i], "players": {f"t{i}p": {"agent": "random"}}}
        for i in range(8)}}, "labyrinth_cards")
    pods = [
        _pod(["t0p", "t2p", "t7p", "t4p"], [2, 0, 2, 0]),
        _pod(["t1p", "t4p", "t2p", "t0p"], [0, 2, 2, 0]),
        _pod(["t3p", "t5p", "t4p", "t0p"], [0, 3, 1, 0]),
    ]
    league = League(season, seed=0)
    league.pods = pods
    rows = {r["team"]: r for r in league.team_table()}
    for key in ("points", "wins", "sos", "strongest"):
        assert rows["T4"][key] == rows["T5"][key], key
    assert _first_of(pods, "T5", "T4", league) == ["T5", "T4"]


def test_a_team_sends_its_best_ranked_player():
    pods = [_pod(["azorius0", "dimir0", "rakdos0", "gruul0"], [1, 1, 1, 1]),
            _pod(["azorius1", "dimir1", "rakdos1", "gruul1"], [0, 0, 4, 0], "rakdos1")]
    league = _league()
    league.pods = pods
    best = {r["team"]: r["best_player"] for r in league.team_table()}
    assert best["Rakdos"] == "rakdos1" and best["Azorius"] == "azorius0"


# ------------------------------------------------------------------ whole seasons
def _check_season(league, n_players):
    season = league.season
    per_round = {}
    for pod in league.pods:
        per_round.setdefault(pod.round, []).extend(pod.seats)
        teams = [season.players[p].team for p in pod.seats]
        assert len(set(teams)) == 4  # rule 1c
        assert sum(pod.points) + pod.winner_pool + pod.unassigned == pytest.approx(4)
    assert all(sorted(v) == sorted(season.players) for v in per_round.values())
    assert len(per_round) == season.rounds
    pts = {s.name: s.total for s in league.standings()}
    expected = {p: float(league.penalty[p]) for p in season.players}
    for pod in league.pods:
        for name, x in zip(pod.seats, pod.points, strict=True):
            expected[name] += x
    assert pts == pytest.approx(expected)
    finals = league.finals
    table = league.team_table()
    assert list(finals.seats) == [row["best_player"] for row in table[:4]]
    assert league.champion() in TEAMS
    assert len(league.history) == season.rounds


def test_a_card_game_season_is_whole_and_replays_exactly():
    data = _file(scaling=[0, 0.5, 1.0])
    for team in data["teams"].values():
        team["players"][next(iter(team["players"]))]["agent"] = "heuristic"
    season = parse_season(data, "labyrinth_cards")
    league = run_season(season, seed=4)
    _check_season(league, 8)
    again = run_season(season, seed=4)
    assert json.dumps(league.to_dict(), default=str) == json.dumps(again.to_dict(), default=str)
    heur = [s for s in league.standings() if s.name.endswith("0")]
    rand = [s for s in league.standings() if s.name.endswith("1")]
    assert sum(s.total for s in heur) > sum(s.total for s in rand)
    meetings = league.meetings()
    assert all(v >= 1 for v in meetings.values())
    assert not any(league.season.players[p].team == league.season.players[q].team
                   for p, q in (tuple(k) for k in meetings))


def test_a_dungeon_crawler_season_shares_a_cut_off_game():
    data = _file(per_team=1, scaling=[0, 0], kwargs={"max_rounds": 4})
    league = run_season(parse_season(data, "dungeon_crawler"), seed=1)
    _check_season(league, 4)
    for pod in league.pods:
        if pod.truncated:  # a game cut off: 4 points shared
            assert pod.points == (1.0, 1.0, 1.0, 1.0) and pod.winner is None


# ------------------------------------------------------------------ CLI
def test_cli_runs_a_season_and_writes_json_and_chart(tmp_path, capsys):
    data = _file(scaling=[0, 0.5])
    import yaml

    path = tmp_path / "season.yml"
    path.write_text(yaml.safe_dump(data))
    out = tmp_path / "out"
    assert main(["league", "labyrinth_cards", "--season", str(path), "--seed", "2",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "after week 1: teams" in text and "after week 2: players" in text
    assert "champion team" in text
    saved = json.loads((out / "league.json").read_text())
    assert saved["champion"] in TEAMS and len(saved["pods"]) == 4
    assert (out / "league.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, message", [
    (["league", "maze_party"], "no 4-player competitive game"),
    (["league", "labyrinth_cards", "--season", "missing.yml"], "No such file"),
])
def test_cli_user_errors_are_one_line_and_exit_2(tmp_path, capsys, args, message):
    data = _file()
    import yaml

    path = tmp_path / "s.yml"
    path.write_text(yaml.safe_dump(data))
    if "--season" not in args:
        args = [*args, "--season", str(path)]
    else:
        args = [*args[:-1], str(tmp_path / args[-1])]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_dates_are_iso_dates():
    data = _file(deadlines={"mainboard": "first of december", "sideboard": dt.date(2026, 12, 8)})
    with pytest.raises(SeasonError, match="'first of december' is not a date"):
        parse_season(data, "labyrinth_cards")


def test_pairs_are_counted_once_per_pod():
    league = _league()
    league.pods = [_pod(["azorius0", "dimir0", "rakdos0", "gruul0"], [4, 0, 0, 0])] * 2
    assert league.meetings() == {frozenset(p): 2 for p in itertools.combinations(
        ["azorius0", "dimir0", "rakdos0", "gruul0"], 2)}
