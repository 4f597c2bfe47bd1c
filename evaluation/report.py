"""Evaluation output: rich tables for the terminal, JSON + PNG files for the record."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from labyrinth_gym.evaluation.matches import EvalReport

Column = tuple[str, str, Callable[[Any], str]]
"""``(row key, header, formatter)`` of one table column."""


def _pct(x: Any) -> str:
    return "" if x is None else f"{x:.1%}"


def _num(digits: int) -> Callable[[Any], str]:
    return lambda x: "" if x is None else f"{x:,.{digits}f}"


def _ci(row: dict[str, Any]) -> str:
    if row.get("ci_low") is None:
        return ""
    return f"[{row['ci_low']:.1%}, {row['ci_high']:.1%}]"


def rate_with_interval(row: dict[str, Any]) -> str:
    """``"96.0% [92.3%, 98.0%]"``: a row's win rate and its 95% interval, as the
    tables and the lines printed as each row ends show them."""
    return f"{_pct(row['win_rate'])} {_ci(row)}"


def _text(x: Any) -> str:
    return "" if x is None else str(x)


def _ratio(x: Any) -> str:
    """``0.57x``; two significant digits below 0.1 (``0.0032x``), never ``0.00x``."""
    if x is None:
        return ""
    return f"{x:.2f}x" if x >= 0.1 else f"{x:.2g}x"


AGENT_COLUMNS: list[Column] = [
    ("agent", "agent", _text),
    ("games", "games", _text),
    ("win_rate", "win rate", _pct),
    ("ci", "95% CI", _text),
    ("mean_turns", "mean turns", _num(1)),
    ("mean_steps", "mean steps", _num(1)),
    ("seconds", "seconds", _num(1)),
]

SPEED_COLUMNS: list[Column] = [
    ("game", "game", _text),
    ("api", "api", _text),
    ("env", "env", _text),
    ("players", "players", _text),
    ("steps", "steps", _num(0)),
    ("episodes", "episodes", _num(0)),
    ("seconds", "seconds", _num(2)),
    ("steps_per_second", "steps/s", _num(0)),
    ("vs_reference", "vs connect_four", _ratio),
    ("vs_reference_low", "range", _text),  # "0.35x-0.41x", made by speed_table
]


SPEED_TARGET_COLUMNS: list[Column] = [
    ("target", "target", _num(0)),
    ("target_met", "met", lambda x: "" if x is None else ("yes" if x else "NO")),
]
"""A configuration's speed target scaled to the run's connect_four, and if it is met."""

EDGE_COLUMNS: list[Column] = [
    ("variant", "variant", _text),
    ("players", "players", _text),
    ("games", "games", _text),
    ("decisions", "play decisions", _num(0)),
    ("refused", "edge refused a play", _num(0)),
    ("rate", "rate", lambda x: "" if x is None else f"{x:.3%}"),
    ("ci_high", "95% upper bound", lambda x: "" if x is None else f"{x:.3%}"),
    ("slides", "slides a game", _num(2)),
    ("widest", "widest layout", _text),
]


def rows_table(
    rows: Sequence[dict[str, Any]], columns: Sequence[Column], title: str = ""
) -> Table:
    """A rich :class:`Table` of ``rows`` (dicts) with the given columns.

    A row's ``"ci"`` cell is built from its ``ci_low``/``ci_high`` when present.
    """
    table = Table(title=title or None)
    for key, header, _ in columns:
        numeric = key not in ("agent", "game", "api", "env", "note", "ci", "variant")
        table.add_column(header, justify="right" if numeric else "left")
    for row in rows:
        cells = []
        for key, _, fmt in columns:
            cells.append(_ci(row) if key == "ci" else fmt(row.get(key)))
        table.add_row(*cells)
    return table


EVAL_COLUMNS: list[Column] = [
    *AGENT_COLUMNS[:-1], ("seconds", "game seconds (summed)", _num(1))]
"""An evaluation's columns: an agent's seconds are its games' own times added up over
every worker (a game of several agents counts for each), not the run's wall time,
which the command prints below the table."""


def eval_table(report: EvalReport) -> Table:
    """The per-agent table of an evaluation report."""
    rows = [vars(a) for a in report.agents]
    return rows_table(rows, EVAL_COLUMNS, report.describe())


def agents_table(rows: Sequence[dict[str, Any]]) -> Table:
    """The table of :func:`~labyrinth_gym.evaluation.speed.benchmark_agents` rows."""
    columns = [("game", "game", _text), *AGENT_COLUMNS, ("note", "note", _text)]
    return rows_table(rows, columns, "agents: win rate over seeded games (the note says against whom)")


def edge_table(rows: Sequence[dict[str, Any]]) -> Table:
    """The table of :func:`~labyrinth_gym.evaluation.table_edge.edge_refusal_rates` rows."""
    return rows_table(rows, EDGE_COLUMNS,
                      "Labyrinth the Card Game: plays the grid's edge refuses (random play)")


def speed_table(rows: Sequence[dict[str, Any]]) -> Table:
    """The table of :func:`~labyrinth_gym.evaluation.speed.benchmark_speed` rows.

    Rows that did not run (no ``steps``: a missing optional package) are left out of
    the body; the caption has one line per row note (why a row was skipped, how a row
    was played) and, when some rows have speed targets, how they were scaled.
    """
    from labyrinth_gym.envs.core.spec import SPEED_REFERENCE_RATE

    columns = list(SPEED_COLUMNS)
    lines = []
    targeted = [r for r in rows if r.get("target_at_reference") is not None]
    if targeted:
        columns += SPEED_TARGET_COLUMNS
        stated = ", ".join(dict.fromkeys(
            " ".join(filter(None, (r["game"], r.get("config"))))
            + f" {r['target_at_reference']:,.0f}" for r in targeted))
        lines.append(f"target: steps/s to reach, stated at connect_four "
                     f"{SPEED_REFERENCE_RATE:,.0f} steps/s ({stated}), so a ratio to "
                     "connect_four; shown scaled by the connect_four timed beside the "
                     "row, met when the row's median ratio reaches it")
    rounds = max((r.get("rounds") or 0 for r in rows if r["game"] != "connect_four"),
                 default=0)
    if rounds:
        lines.append(f"each row timed in {rounds} rounds, each followed at once by "
                     "connect_four: steps/s and ratio are the medians, range the "
                     "lowest and highest round's ratio")
    for row in rows:
        if row.get("note"):
            lines.append(f"{row['env']}: {row['note']}")
    shown = []
    for row in rows:
        if row.get("steps") is None:
            continue
        low, high = row.get("vs_reference_low"), row.get("vs_reference_high")
        shown.append({**row, "vs_reference_low": None if low is None else
                      f"{_ratio(low)}-{_ratio(high)}"})
    columns = [(k, h, _text) if k == "vs_reference_low" else (k, h, f)
               for k, h, f in columns]
    table = rows_table(shown, columns, "env steps per second, random legal actions")
    if lines:
        table.caption = Text("\n".join(lines))  # Text: no markup ("[phase]")
        table.caption_justify = "left"
    return table


def print_table(table: Table, file: IO[str] | None = None) -> None:
    """Print ``table`` (plain text without colour codes when ``file`` is no terminal)."""
    console = Console(file=file or sys.stdout)
    if not console.is_terminal:
        console.width = max(console.width, 200)  # pipes and logs: don't wrap columns
    console.print(table)


def write_report(
    report: EvalReport, out_dir: str | Path, per_game: bool = False
) -> tuple[Path, Path]:
    """Write ``evaluation.json`` and ``win_rates.png`` into ``out_dir`` (created).

    Args:
        report: What :func:`~labyrinth_gym.evaluation.evaluate` returned.
        out_dir: Directory to write into.
        per_game: Also store every game's seed, seats and returns in the JSON.

    Returns:
        ``(json_path, png_path)``.

    Raises:
        NotADirectoryError: ``out_dir`` (or a parent) exists and is not a directory.
    """
    from labyrinth_gym.evaluation.plots import plot_win_rates

    out = ensure_out_dir(out_dir)
    json_path = out / "evaluation.json"
    json_path.write_text(json.dumps(report.to_dict(per_game=per_game), indent=2) + "\n")
    png_path = plot_win_rates(report, out / "win_rates.png")
    return json_path, png_path


def record_in_cards(report: Any, agent_kwargs: dict[str, dict[str, Any]],
                    command: str) -> list[Path]:
    """Append ``report`` to the ``card.json`` of every agent played from a checkpoint
    folder (``agent_kwargs[agent]["path"]``), under ``eval.evaluations``, with the
    command and the date, so a run's card says how it scored (earlier entries kept; an
    agent listed several times keyed ``<id>``, ``<id>#2``...); the cards written."""
    import datetime

    from labyrinth_gym.agents.checkpoint_io import write_json

    results = {}
    for a in report.agents:
        # an agent listed more than once (three heuristic seats) keeps each row:
        # the second is "<id>#2", the third "<id>#3"
        key, k = a.agent, 1
        while key in results:
            k += 1
            key = f"{a.agent}#{k}"
        results[key] = {"games": a.games, "wins": a.wins, "win_rate": round(a.win_rate, 4),
                        "ci_low": round(a.ci_low, 4), "ci_high": round(a.ci_high, 4),
                        "mean_return": round(a.mean_return, 4),
                        "truncated": int(a.truncated)}
    cfg = report.config
    entry = {"command": command, "measured": datetime.date.today().isoformat(),
             "game_kwargs": cfg.get("game_kwargs", {}), "games": cfg.get("games"),
             "seed": cfg.get("seed"), "mode": cfg.get("mode"), "results": results}
    written = []
    for options in agent_kwargs.values():
        if "path" not in options:
            continue
        folder = Path(options["path"])
        card_path = (folder if folder.is_dir() else folder.parent) / "card.json"
        card = json.loads(card_path.read_text())
        evals = card.get("eval") or {}
        evals.setdefault("evaluations", []).append(entry)
        evals["measured"] = entry["measured"]
        card["eval"] = evals
        write_json(card_path, card)  # atomic: Ctrl-C here keeps the old card
        written.append(card_path)
    return written


def check_out_dir(out_dir: str | Path) -> Path:
    """Raise :class:`NotADirectoryError` if a file stands where ``out_dir`` would go."""
    out = Path(out_dir)
    for p in (out, *out.parents):
        if p.exists() and not p.is_dir():
            raise NotADirectoryError(
                f"output path {str(out)!r}: {str(p)!r} is not a directory"
            )
    return out


def ensure_out_dir(out_dir: str | Path) -> Path:
    """Create ``out_dir`` if needed; a clear error if a file is in the way."""
    out = check_out_dir(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    return out
