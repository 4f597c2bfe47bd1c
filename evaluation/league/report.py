"""A season's tables (rich) and chart (matplotlib's Agg canvas, no display needed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from labyrinth_gym.evaluation.league.season import League
from labyrinth_gym.evaluation.report import (
    Column,
    _num,
    _text,
    ensure_out_dir,
    rows_table,
)

TEAM_COLUMNS: list[Column] = [
    ("rank", "#", _text),
    ("team", "team", _text),
    ("identity", "identity", _text),
    ("points", "points", _num(2)),
    ("penalty", "penalty", _text),
    ("wins", "wins", _text),
    ("sos", "schedule", _num(2)),
    ("strongest", "best player pts", _num(2)),
    ("best_player", "best player", _text),
]

PLAYER_COLUMNS: list[Column] = [
    ("rank", "#", _text),
    ("name", "player", _text),
    ("team", "team", _text),
    ("agent", "agent", _text),
    ("total", "points", _num(2)),
    ("penalty", "penalty", _text),
    ("wins", "wins", _text),
    ("pods", "pods", _text),
    ("sos", "schedule", _num(2)),
    ("rating", "rating (mu ± sigma)", _text),
]


def team_rows(league: League) -> list[dict[str, Any]]:
    return league.team_table()


def player_rows(league: League) -> list[dict[str, Any]]:
    rows = []
    for i, s in enumerate(league.standings(), start=1):
        rows.append({
            "rank": i, "name": s.name, "team": s.team,
            "agent": league.season.players[s.name].agent.split("/", 1)[-1],
            "total": s.total, "penalty": s.penalty, "wins": s.wins, "pods": s.pods,
            "sos": s.sos, "rating": f"{s.rating_mu:.1f} ± {s.rating_sigma:.1f}",
        })
    return rows


def tables(league: League, title: str) -> list:
    return [rows_table(team_rows(league), TEAM_COLUMNS, f"{title}: teams"),
            rows_table(player_rows(league), PLAYER_COLUMNS, f"{title}: players")]


def finals_line(league: League) -> str:
    pod = league.finals
    if pod is None:
        return "finals not played"
    team_of = {p: pl.team for p, pl in league.season.players.items()}
    seats = ", ".join(f"{n} ({team_of[n]}) {pts:g}" for n, pts in zip(pod.seats, pod.points, strict=True))
    how = f"{pod.winner} won" if pod.winner else "no outright winner"
    return f"finals (seat order {seats}): {how}; champion team {league.champion()}"


def plot_season(league: League, path: str | Path) -> Path:
    """Two panels: each team's points after each week, and each player's rating
    (mu with sigma as error bars), best first."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    path = Path(path)
    fig = Figure(figsize=(11.0, 4.5), dpi=100)
    FigureCanvasAgg(fig)
    ax, bx = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.4]})
    weeks = list(range(len(league.history) + 1))
    for team in league.season.teams:
        start = float(sum(league.penalty[p] for p in team.players))  # rule 4e
        ys = [start] + [h[team.name] for h in league.history]
        ax.plot(weeks, ys, marker="o", label=f"{team.name} ({team.identity})")
    ax.set_xlabel("week")
    ax.set_ylabel("team points")
    ax.set_title("standings")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    rows = sorted(league.standings(), key=lambda s: -s.rating_mu)
    bx.bar(range(len(rows)), [s.rating_mu for s in rows],
           yerr=[s.rating_sigma for s in rows], capsize=2, color="#4C72B0")
    bx.set_xticks(range(len(rows)), [s.name for s in rows], rotation=60, fontsize=7,
                  ha="right")
    bx.set_ylabel("OpenSkill mu (± sigma)")
    bx.set_title("player ratings (Plackett-Luce)")
    fig.suptitle(f"{league.season.game} season, seed {league.seed}: champion "
                 f"{league.champion()}")
    fig.tight_layout()
    fig.savefig(path)
    return path


def write_season(league: League, out_dir: str | Path) -> tuple[Path, Path]:
    """``league.json`` and ``league.png`` in ``out_dir``."""
    out = ensure_out_dir(out_dir)
    json_path = out / "league.json"
    json_path.write_text(json.dumps(league.to_dict(), indent=2, default=str) + "\n")
    return json_path, plot_season(league, out / "league.png")


__all__ = ["finals_line", "plot_season", "player_rows", "tables", "team_rows", "write_season"]
