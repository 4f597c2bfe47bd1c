"""``labyrinth-gym benchmark training``: how fast each training backend turns env steps
into updates on this machine.

For each game it trains a short run (``timesteps`` steps, the game's shipped
hyperparameters) with Stable-Baselines3 in one process, then with Ray RLlib and 1, 2
and 4 env runners, and reports the env steps per second of the whole loop (sampling
and the PPO updates). For RLlib it also reports the rate per runner, which is what
grows when runners go to more machines: on one 2-core machine, runners beyond 2 share
the same cores with each other and with the learner, so little is gained past 2.
Ray's start-up and the building of the algorithm are not timed (they are paid once
per run, not per step); SB3's run includes building its envs.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

RUNNERS = (1, 2, 4)
GAMES = ("maze_party", "labyrinth_cards")


def benchmark_training(games: tuple[str, ...] = GAMES, runners: tuple[int, ...] = RUNNERS,
                       timesteps: int = 8192, seed: int = 0) -> list[dict[str, Any]]:
    """Rows ``{game, backend, runners, steps, seconds, steps_per_second,
    per_runner, note}``; a configuration that cannot run says why in ``note``."""
    from labyrinth_gym.training import train
    from labyrinth_gym.training.rllib import (
        MissingExtraError,
        require_rllib,
        train_rllib,
    )

    rows: list[dict[str, Any]] = []
    for game in games:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.time()
            train(game, timesteps=timesteps, seed=seed, out_dir=Path(tmp), progress=False)
            card = json.loads((Path(tmp) / "card.json").read_text())
        seconds = card["train_wall_seconds"] or (time.time() - start)
        rate = card["timesteps"] / seconds
        rows.append({"game": game, "backend": "sb3", "runners": "1 process",
                     "steps": card["timesteps"], "seconds": round(seconds, 1),
                     "steps_per_second": round(rate, 1), "per_runner": None, "note": ""})
        for n in runners:
            row = {"game": game, "backend": "rllib", "runners": str(n)}
            try:
                require_rllib()
            except MissingExtraError as err:
                rows.append({**row, "note": str(err)})
                continue
            with tempfile.TemporaryDirectory() as tmp:
                train_rllib(game, timesteps=timesteps, seed=seed, out_dir=Path(tmp),
                            progress=False, env_runners=n)
                card = json.loads((Path(tmp) / "card.json").read_text())
            rate = card["rllib"]["steps_per_second"]
            rows.append({**row, "steps": card["timesteps"],
                         "seconds": card["train_wall_seconds"], "steps_per_second": rate,
                         "per_runner": round(rate / n, 1), "note": ""})
    return rows


def training_table(rows: list[dict[str, Any]]):
    """The rows as a rich Table (notes in the caption)."""
    from rich.table import Table

    table = Table(title="training env steps per second (sampling and PPO updates)")
    for name in ("game", "backend", "runners", "steps", "seconds", "steps/s", "per runner"):
        table.add_column(name, justify="left" if name in ("game", "backend") else "right")
    notes = []
    for r in rows:
        if r.get("note"):
            notes.append(f"{r['game']} {r['backend']} {r['runners']}: {r['note']}")
        if "steps" not in r:
            continue
        table.add_row(r["game"], r["backend"], r["runners"], f"{r['steps']:,}",
                      f"{r['seconds']:.1f}", f"{r['steps_per_second']:,.0f}",
                      "" if r["per_runner"] is None else f"{r['per_runner']:,.0f}")
    if notes:
        table.caption = "\n".join(notes)
    return table


__all__ = ["benchmark_training", "training_table"]
