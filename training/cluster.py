"""A two-node Ray cluster on one machine, for trying the RLlib backend's multi-node path
without a second machine (``examples/rllib_two_nodes.py``).

:func:`loopback_cluster` starts a Ray head and a second Ray node as separate
processes (``ray start --head`` and ``ray start --address``, as a user does on two
machines), both on 127.0.0.1 with one CPU each, so that two env runners asking for a
CPU each can only be placed one per node. (Ray registers each node under the
machine's own network address rather than 127.0.0.1; packets to a local address
stay on the loopback device, so nothing leaves the machine.) :func:`two_node_training` trains through
``--address`` on it and reads, from Ray's own state API (``ray.util.state``), which
node each env runner actor lived on.

Nothing here is needed to train on a real cluster: there, start the nodes with
``ray start`` and pass ``--address`` (docs/training.md, "Training on Ray RLlib").
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _ray_cli() -> str:
    """The ``ray`` command next to this Python (a venv's), else the one on PATH."""
    here = Path(sys.executable).with_name("ray")
    found = str(here) if here.exists() else shutil.which("ray")
    if not found:
        raise FileNotFoundError("the 'ray' command is missing: pip install "
                                "'labyrinth-gym[rllib]'")
    return found


def _stop(proc: subprocess.Popen) -> None:
    """End a ``ray start --block`` process and the Ray processes it started."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=10)


@contextlib.contextmanager
def loopback_cluster(cpus_per_node: int = 1, timeout: float = 120.0) -> Iterator[str]:
    """Start a Ray head and one more node on 127.0.0.1; yield the head's address.
    Use it inside :func:`cluster_token`.

    Each node runs in its own process group (``ray start --block``) and is ended with
    it on exit, so only the Ray processes started here are stopped (``ray stop``
    would end every Ray instance on the machine).
    """
    ray_cmd = _ray_cli()
    port = _free_port()
    address = f"127.0.0.1:{port}"
    common = ["--block", "--num-cpus", str(cpus_per_node), "--node-ip-address", "127.0.0.1",
              "--disable-usage-stats"]
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    procs = [subprocess.Popen(
        [ray_cmd, "start", "--head", "--port", str(port), "--include-dashboard", "true",
         "--dashboard-host", "127.0.0.1", "--dashboard-port", str(_free_port()), *common],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env=env)]
    try:
        _wait_for_nodes(address, 1, timeout, procs)
        procs.append(subprocess.Popen(
            [ray_cmd, "start", "--address", address, *common],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            env=env))
        _wait_for_nodes(address, 2, timeout, procs)
        yield address
    finally:
        for proc in reversed(procs):
            _stop(proc)
        _forget_address(port)


def _forget_address(port: int) -> None:
    """Remove Ray's note of the "current cluster" (which ``ray start`` leaves for a
    later ``ray.init()`` to join) when it names this stopped cluster, as ``ray stop``
    would."""
    import tempfile

    root = os.environ.get("RAY_TMPDIR") or tempfile.gettempdir()
    note = Path(root) / "ray" / "ray_current_cluster"
    with contextlib.suppress(OSError):
        if note.read_text().strip().endswith(f":{port}"):
            note.unlink()


@contextlib.contextmanager
def cluster_token() -> Iterator[None]:
    """A fresh token for Ray's token authentication, in this process's environment
    (which the nodes started here inherit). Enter it before ``ray`` is imported: Ray
    reads the token once per process."""
    import secrets

    if "ray" in sys.modules and os.environ.get("RAY_AUTH_MODE") != "token":
        raise RuntimeError("cluster_token() must be entered before ray is imported")
    saved = {k: os.environ.get(k) for k in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN")}
    if saved["RAY_AUTH_MODE"] != "token":
        os.environ.update({"RAY_AUTH_MODE": "token",
                           "RAY_AUTH_TOKEN": secrets.token_hex(32)})
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _wait_for_nodes(address: str, count: int, timeout: float,
                    procs: list[subprocess.Popen]) -> None:
    """Block until the cluster at ``address`` has ``count`` live nodes."""
    import ray

    deadline = time.time() + timeout
    host, _, port = address.rpartition(":")
    while time.time() < deadline:  # the head's GCS port open first
        with socket.socket() as sock:
            if sock.connect_ex((host, int(port))) == 0:
                break
        time.sleep(0.5)
    while time.time() < deadline:
        for proc in procs:
            if proc.poll() is not None:
                raise RuntimeError(f"a Ray node exited with code {proc.returncode} "
                                   f"while starting: {' '.join(proc.args[:4])}...")
        try:
            ray.init(address=address, log_to_driver=False)
            alive = sum(1 for node in ray.nodes() if node.get("Alive"))
            ray.shutdown()
            if alive >= count:
                return
        except (ConnectionError, RuntimeError):
            with contextlib.suppress(Exception):
                ray.shutdown()
        time.sleep(1.0)
    raise TimeoutError(f"the loopback cluster did not reach {count} nodes in {timeout:.0f} s")


def runner_placement() -> list[dict[str, Any]]:
    """Every RLlib env runner actor of the connected cluster (live or ended) and the
    node it ran on, read from Ray's state API."""
    from ray.util.state import list_actors, list_nodes

    nodes = {n.node_id: n for n in list_nodes(detail=True)}
    placed = []
    for actor in list_actors(filters=[("class_name", "=", "SingleAgentEnvRunner")],
                             detail=True, limit=1000):
        node = nodes.get(actor.node_id)
        placed.append({"actor_id": actor.actor_id, "state": actor.state,
                       "node_id": actor.node_id,
                       "head_node": bool(node and node.is_head_node),
                       "node_ip": node.node_ip if node else None,
                       "pid": actor.pid})
    return placed


def two_node_training(game: str = "labyrinth_cards", timesteps: int = 4096,
                      out_dir: str | Path = "runs/two_nodes", seed: int = 0,
                      progress: bool = True,
                      hyperparams: str | Path | None = None) -> dict[str, Any]:
    """Train ``game`` with two env runners on a :func:`loopback_cluster`; return (and
    write to ``out_dir/two_nodes.json``) the steps per second and where each runner
    ran. A runner placement that does not span both nodes is a RuntimeError.

    Call it in a process that has not imported ``ray`` yet (see :func:`cluster_token`).
    """
    with cluster_token():
        return _two_node_training(game, timesteps, out_dir, seed, progress, hyperparams)


def _two_node_training(game: str, timesteps: int, out_dir: str | Path, seed: int,
                       progress: bool, hyperparams: str | Path | None) -> dict[str, Any]:
    import ray

    from labyrinth_gym.training.rllib import require_rllib, train_rllib

    require_rllib()
    out = Path(out_dir)
    with loopback_cluster() as address:
        ray.init(address=address, log_to_driver=False)
        try:
            nodes = [n["NodeID"] for n in ray.nodes() if n.get("Alive")]
            start = time.time()
            path = train_rllib(game, timesteps=timesteps, seed=seed, out_dir=out / "model",
                               progress=progress, address=address, env_runners=2,
                               hyperparams=hyperparams)
            seconds = time.time() - start
            placement = runner_placement()
        finally:
            ray.shutdown()
    card = json.loads((Path(path) / "card.json").read_text())
    used = sorted({p["node_id"] for p in placement})
    report = {
        "game": game, "address": address, "nodes": nodes,
        "env_runners": 2, "steps": card["timesteps"],
        "train_wall_seconds": card["train_wall_seconds"],
        "steps_per_second": card["rllib"]["steps_per_second"],
        "per_runner": round(card["rllib"]["steps_per_second"] / 2, 1),
        "seconds_with_start_up": round(seconds, 1),
        "runners": placement, "nodes_used": used, "checkpoint": str(path),
        "snapshots": (card.get("selfplay") or {}).get("snapshots", []),
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / "two_nodes.json").write_text(json.dumps(report, indent=2) + "\n")
    if len(used) != 2 or set(used) - set(nodes):
        raise RuntimeError(f"the env runners ran on {len(used)} node(s) of the two: "
                           f"{placement}")
    return report


__all__ = ["loopback_cluster", "runner_placement", "two_node_training"]
