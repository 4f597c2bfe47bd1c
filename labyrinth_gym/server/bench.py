"""Load benchmark of the game server (``labyrinth-gym benchmark server``).

It starts the real server (``labyrinth-gym serve``, its own process) on a free
loopback port and opens ``sessions`` sessions at once, each a person against agent
seats; each session's client (its own HTTP connection) then plays ``moves`` random
legal moves for its person, one request after another, all sessions concurrently (a
game that ends is replaced by a new one).
Every ``POST /actions`` request is timed from send to reply, which includes the agent
seats' moves it triggers. The report: moves, errors, wall time, moves per second and
the latency's 50th and 99th percentiles.
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import threading
import time
from typing import Any

import numpy as np


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Server:
    """uvicorn serving ``app`` on loopback in a daemon thread."""

    def __init__(self, app: Any):
        import uvicorn

        self.port = _free_port()
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="error")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


class _ServerProcess:
    """``labyrinth-gym serve`` in a process of its own on a loopback port (so the
    clients' work does not share its interpreter)."""

    def __init__(self, max_sessions: int):
        self.port = _free_port()
        self.args = [sys.executable, "-m", "labyrinth_gym", "serve", "--port",
                     str(self.port), "--max-sessions", str(max_sessions)]

    def __enter__(self) -> str:
        import httpx

        self.proc = subprocess.Popen(self.args, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.proc.stderr.read()[-500:]!r}")
            try:
                if httpx.get(base + "/v1/games", timeout=1).status_code == 200:
                    return base
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)

    def __exit__(self, *exc: Any) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


async def _client(base: str, game: str, seats: list[str], kwargs: dict[str, Any],
                  moves: int, seed: int, latencies: list[float], errors: list[str]) -> None:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        await _play(http, game, seats, kwargs, moves, seed, latencies, errors)


async def _play(http: Any, game: str, seats: list[str], kwargs: dict[str, Any],
                moves: int, seed: int, latencies: list[float], errors: list[str]) -> None:
    rng = np.random.default_rng(seed)
    played = 0
    game_seed = seed
    while played < moves:
        r = await http.post("/v1/sessions", json={"game": game, "seats": seats,
                                                   "seed": game_seed, "kwargs": kwargs})
        game_seed += 10_000
        if r.status_code != 200:
            errors.append(f"create: {r.status_code} {r.text[:200]}")
            return
        out = r.json()
        sid, view = out["id"], out["view"]
        headers = {"Authorization": f"Bearer {out['tokens'][str(view['seat'])]}"}
        while not view["terminal"] and played < moves:
            legal = view["legal_actions"]
            action = legal[int(rng.integers(len(legal)))]["action"]
            start = time.perf_counter()
            r = await http.post(f"/v1/sessions/{sid}/actions", headers=headers,
                                json={"seat": view["seat"], "action": action,
                                      "since": view["next_event"]})
            latencies.append(time.perf_counter() - start)
            played += 1
            if r.status_code != 200:
                errors.append(f"move: {r.status_code} {r.text[:200]}")
                return
            view = r.json()


def benchmark_server(game: str = "labyrinth_cards", sessions: int = 100, moves: int = 50,
                     opponent: str = "heuristic", players: int = 2,
                     seed: int = 0) -> dict[str, Any]:
    """Run the load benchmark (module docstring); the report as a dict."""
    from labyrinth_gym.agents.base import registered

    agent = f"{game}/{opponent}"
    if agent not in registered(game):
        raise ValueError(f"no agent {agent!r}; the agents are {registered(game)}")
    kwargs = {"num_players": players} if players else {}
    seats = ["human"] + [agent] * (players - 1)
    latencies: list[float] = []
    errors: list[str] = []

    async def run(base: str) -> float:
        start = time.perf_counter()
        await asyncio.gather(*[
            _client(base, game, seats, kwargs, moves, seed + i, latencies, errors)
            for i in range(sessions)])
        return time.perf_counter() - start

    with _ServerProcess(max_sessions=max(1000, 2 * sessions)) as base:
        wall = asyncio.run(run(base))
    lat = np.array(latencies) if latencies else np.zeros(1)
    return {
        "game": game, "players": players, "opponent": agent, "sessions": sessions,
        "moves_per_session": moves, "moves": len(latencies), "errors": len(errors),
        "first_errors": errors[:3], "seconds": wall,
        "moves_per_second": len(latencies) / wall if wall else 0.0,
        "p50_ms": float(np.percentile(lat, 50) * 1000),
        "p99_ms": float(np.percentile(lat, 99) * 1000),
    }


__all__ = ["benchmark_server"]
