"""The game server's HTTP API (FastAPI): ``labyrinth-gym serve``; OpenAPI docs at
``/docs``. A thin shell over :mod:`labyrinth_gym.server.sessions`.

Endpoints (``/v1``):

- ``POST /v1/sessions`` ``{game, kwargs, seed, seats}`` -> the new session's id and
  the first human seat's view (``seats``: ``"human"`` or an agent id per seat).
- ``GET /v1/sessions/{id}/view?seat=k&since=i`` -> seat ``k``'s view, with the events
  from index ``i``.
- ``POST /v1/sessions/{id}/actions`` ``{seat, action, since}`` -> plays the move, then
  the agent seats until a human seat is to act; returns the seat's view with the
  events from ``since`` (0: all).
- ``WS /v1/sessions/{id}/ws?seat=k`` -> pushes seat ``k``'s view now and after every
  change (``since`` grows with what was sent).
- ``GET /v1/sessions/{id}/replay`` -> seed, kwargs, seats, actions and events.
- ``POST /v1/act`` ``{game, agent, state, seat}`` -> ``{action, name}``: the stateless
  move service (the front end hosts the game; ``state`` is the engine's ``to_dict``).
- ``GET /v1/games`` and ``GET /v1/agents?game=g``: what exists.

Errors are JSON ``{"error": message, ...detail}``: 404 for an unknown game, agent or
session (listing what exists), 409 for an illegal action (with the legal set) or a
seat that is not to act, 413 for a body over ``max_body`` bytes, 422 for malformed
JSON or a wrong field (FastAPI's ``detail`` names the field).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, Field

from labyrinth_gym.agents.base import registered
from labyrinth_gym.envs import game_names
from labyrinth_gym.server.sessions import (
    HUMAN,
    BadRequest,
    NotFound,
    ServerError,
    SessionStore,
    act_on_state,
    check_game,
    seat_count,
)

STATIC = Path(__file__).with_name("static")
"""The browser table: plain HTML, CSS and JS, no build step and nothing from a CDN."""


class NewSession(BaseModel):
    game: str = Field(description="game name, e.g. labyrinth_cards")
    seats: list[str] = Field(description='per seat: "human" or an agent id')
    seed: int = Field(0, description="game seed (same seed, same moves: same game)")
    kwargs: dict[str, Any] = Field(default_factory=dict, description="game kwargs")


class Move(BaseModel):
    seat: int = Field(ge=0)
    action: int = Field(ge=0)
    since: int = Field(0, ge=0, description="events from this index in the reply "
                       "(the view's next_event: only what is new)")


class ActRequest(BaseModel):
    game: str
    agent: str
    state: dict[str, Any] = Field(description="the engine's to_dict()")
    seat: int = Field(ge=0)
    seed: int = 0


def create_app(max_sessions: int = 1000, search_simulations: int = 32,
               max_body: int = 4_000_000,
               checkpoints: dict[str, str | Path] | None = None) -> FastAPI:
    """The server's app. ``max_sessions``: sessions kept (the one idle longest is
    evicted for a new one); ``search_simulations``: search agents' simulations per
    move; ``max_body``: the largest request body accepted, in bytes;
    ``checkpoints``: more learned agents to serve, ``{"<game>/<name>": folder}`` (a
    run of ``labyrinth-gym train``, on either backend), loaded now."""
    from labyrinth_gym.agents import register_checkpoints

    register_checkpoints(dict(checkpoints or {}))
    app = FastAPI(title="labyrinth-gym", version="1",
                  description="AI players for the labyrinth games, for any front end.")
    store = SessionStore(max_sessions=max_sessions, search_simulations=search_simulations)
    app.state.store = store
    changed: dict[str, asyncio.Event] = {}

    @app.middleware("http")
    async def limit_body(request: Request, call_next):
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > max_body:
            return JSONResponse({"error": f"request body over {max_body} bytes"},
                                status_code=413)
        return await call_next(request)

    @app.exception_handler(ServerError)
    async def server_error(request: Request, err: ServerError):
        return JSONResponse({"error": str(err), **err.detail}, status_code=err.status)

    def notify(session_id: str) -> None:
        event = changed.pop(session_id, None)
        if event is not None:
            event.set()

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/static/{name}", include_in_schema=False)
    def static(name: str) -> FileResponse:
        path = STATIC / name
        if path.parent != STATIC or not path.is_file():
            raise NotFound(f"no file {name!r}")
        return FileResponse(path)

    @app.get("/v1/games")
    def games() -> dict[str, Any]:
        return {"games": game_names()}

    @app.get("/v1/games/{game}/seats")
    def seats(game: str, kwargs: str = "{}") -> dict[str, Any]:
        try:
            parsed = json.loads(kwargs)
        except json.JSONDecodeError as err:
            raise BadRequest(f"kwargs is not JSON: {err}", field="kwargs") from err
        if not isinstance(parsed, dict):
            raise BadRequest("kwargs must be a JSON object", field="kwargs")
        return {"game": game, "seats": seat_count(game, parsed)}

    @app.get("/v1/agents")
    def agents(game: str) -> dict[str, Any]:
        check_game(game)
        return {"game": game, "agents": registered(game)}

    @app.post("/v1/sessions")
    async def new_session(body: NewSession) -> dict[str, Any]:
        session = await run_in_threadpool(store.create, body.game, body.seats, body.seed,
                                          body.kwargs)
        humans = [i for i, who in enumerate(session.seats) if who == HUMAN]
        seat = humans[0] if humans else 0
        return {"id": session.id, "view": session.view(seat)}

    @app.get("/v1/sessions/{session_id}/view")
    def view(session_id: str, seat: int = Query(ge=0), since: int = Query(0, ge=0)):
        session = store.get(session_id)
        with session.lock:
            return session.view(seat, since)

    @app.post("/v1/sessions/{session_id}/actions")
    async def play(session_id: str, move: Move) -> dict[str, Any]:
        session = store.get(session_id)

        def run() -> dict[str, Any]:
            with session.lock:
                session.play(move.seat, move.action)
                return session.view(move.seat, move.since)

        out = await run_in_threadpool(run)
        notify(session_id)
        return out

    @app.get("/v1/sessions/{session_id}/replay")
    def replay(session_id: str) -> dict[str, Any]:
        session = store.get(session_id)
        with session.lock:
            return session.replay()

    @app.post("/v1/act")
    async def act(body: ActRequest) -> dict[str, Any]:
        return await run_in_threadpool(
            act_on_state, body.game, body.agent, body.state, body.seat,
            search_simulations=search_simulations, seed=body.seed)

    @app.websocket("/v1/sessions/{session_id}/ws")
    async def watch(websocket: WebSocket, session_id: str, seat: int = 0):
        try:
            session = store.get(session_id)
            session.check_seat(seat)
        except ServerError as err:
            await websocket.accept()
            await websocket.send_json({"error": str(err), **err.detail})
            await websocket.close(code=1008)
            return
        await websocket.accept()
        since = 0
        try:
            while True:
                event = changed.setdefault(session_id, asyncio.Event())
                with session.lock:
                    view = session.view(seat, since)
                since = view["next_event"]
                await websocket.send_json(view)
                if view["terminal"]:
                    break
                waiter = asyncio.ensure_future(event.wait())
                closed = asyncio.ensure_future(websocket.receive_text())
                done, pending = await asyncio.wait({waiter, closed},
                                                   return_when=asyncio.FIRST_COMPLETED)
                for task in pending:
                    task.cancel()
                if closed in done:
                    closed.result()  # raises WebSocketDisconnect once the client left
        except WebSocketDisconnect:
            return
        await websocket.close()

    return app


__all__ = ["create_app"]
