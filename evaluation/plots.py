"""Charts of evaluation results, drawn with matplotlib's Agg canvas.

The figure is built on :class:`matplotlib.figure.Figure` with an Agg canvas directly
rather than through ``pyplot``, so drawing a chart neither needs a display nor
switches the backend of a program (or notebook) that imported this module.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from labyrinth_gym.evaluation.matches import EvalReport


def plot_win_rates(report: EvalReport, path: str | Path) -> Path:
    """Bar chart of each agent's win rate with its 95% Wilson interval as error bars.

    Args:
        report: What :func:`~labyrinth_gym.evaluation.evaluate` returned.
        path: PNG file to write.

    Returns:
        The path written.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    path = Path(path)
    stats = report.agents
    names = [s.agent.split("/", 1)[-1] for s in stats]
    rates = [s.win_rate for s in stats]
    errors = [
        [max(0.0, s.win_rate - s.ci_low) for s in stats],
        [max(0.0, s.ci_high - s.win_rate) for s in stats],
    ]
    fig = Figure(figsize=(max(4.0, 1.3 * len(stats) + 2.0), 4.0), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    bars = ax.bar(
        names, rates, yerr=errors, capsize=6, color="#4C72B0", edgecolor="black"
    )
    for bar, s in zip(bars, stats, strict=True):
        ax.annotate(
            f"{s.win_rate:.1%}\nn={s.games}",
            (bar.get_x() + bar.get_width() / 2, s.ci_high),
            xytext=(0, 4),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=8,
        )
    ax.set_ylim(0, 1.15)
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.set_title(report.describe(), fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, format="png")
    return path
