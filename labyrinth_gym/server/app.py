"""The game server's HTTP API (FastAPI): ``labyrinth-gym serve``; OpenAPI docs at
``/docs``. A thin shell over :mod:`labyrinth_gym.server.sessions`, whose docstring
states the trust model (what a seat sees, what the creator can do, what is public).

Endpoints (``/v1``); "secret" means the header ``Authorization: Bearer <secret>`` of
that seat (see ``tokens`` below):

- ``POST /v1/sessions`` ``{game, seats, seed?, kwargs}`` -> ``{id, tokens, seat,
  view}``: ``tokens`` maps every human seat to its secret (given only here);
  ``view`` is the first human seat's, after the agents before it have moved. With no
  human seat the agents play in the background and the reply comes at once.
- ``GET /v1/sessions/{id}/view?seat=k&since=i`` (seat ``k``'s secret) -> seat ``k``'s
  view, with the events from index ``i``.
- ``POST /v1/sessions/{id}/actions`` ``{seat, action, since}`` (the seat's secret) ->
  plays the move, then the agent seats until a person is to act; returns the seat's
  view with the events from ``since``. A client that leaves before the reply cancels
  the agents' remaining moves (they resume with the session's next request).
- ``WS /v1/sessions/{id}/ws?seat=k`` (the secret in the header or ``?token=``) ->
  pushes seat ``k``'s view now and after every change.
- ``GET /v1/sessions/{id}/replay`` (any seat's secret) -> while the game runs, that
  seat's own log; once it is over, seed, kwargs, seats, actions and the full log.
- ``POST /v1/act`` ``{game, agent, state, seat}`` -> ``{action, name}``: the stateless
  move service (the front end hosts the game; ``state`` is the engine's ``to_dict``).
- ``GET /v1/games``, ``GET /v1/games/{game}/seats?kwargs=...`` and
  ``GET /v1/agents?game=g``: what exists (public); ``GET /v1/cards/{name}``: a Magic
  card's cost, type line, power/toughness and text, from the card data package.

Errors are JSON ``{"error": message, "field": name or absent, ...detail}`` for every
4xx: 401 without a seat's secret, 403 with another seat's, 404 for an unknown game,
agent (listing what exists) or session (listing nothing), 409 for an illegal action
(with the legal set), a seat that is not to act or a stopped session, 413 for a body
over ``max_body`` bytes (chunked or not), 422 for malformed JSON or a wrong field.

Agents think in a bounded pool of worker threads, never on the event loop, one move
after another per session; views are read under the session's lock, which no agent
holds while it thinks, so no client waits for another's agents.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from labyrinth_gym.agents.base import registered
from labyrinth_gym.envs import game_names
from labyrinth_gym.server.sessions import (
    HUMAN,
    MAX_SEED,
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    ServerError,
    Session,
    SessionStore,
    Unauthorized,
    act_on_state,
    check_game,
    seat_count,
)

STATIC = Path(__file__).with_name("static")
"""The browser table: plain HTML, CSS and JS, no build step and nothing from a CDN."""

MAX_SEATS = 16
"""The most seats a session request may list (every game has fewer)."""


class NewSession(BaseModel):
    game: str = Field(max_length=64, description="game name, e.g. labyrinth_cards")
    seats: list[str] = Field(max_length=MAX_SEATS,
                             description='per seat: "human" or an agent id')
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="game seed (same "
                             "seed, same moves: same game); leave it out for a fair "
                             "game, the server draws one and reveals it at the end")
    kwargs: dict[str, Any] = Field(default_factory=dict, description="game kwargs; "
                                   "decks are shipped names or inline lists of cards")


class Move(BaseModel):
    seat: int = Field(ge=0, le=MAX_SEATS)
    action: int = Field(ge=0, le=2**31)
    since: int = Field(0, ge=0, le=2**31, description="events from this index in the "
                       "reply (the view's next_event: only what is new)")


class ActRequest(BaseModel):
    game: str = Field(max_length=64)
    agent: str = Field(max_length=200)
    state: dict[str, Any] = Field(description="the engine's to_dict()")
    seat: int = Field(ge=0, le=MAX_SEATS)
    seed: int = Field(0, ge=0, le=MAX_SEED)


class AgentPool:
    """A fixed number of daemon threads that run agents' moves, so slow agents never
    hold the event loop nor more than ``threads`` threads, and a stopping server
    does not wait for a search to finish its move."""

    def __init__(self, threads: int):
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future] | None] = (
            queue.SimpleQueue())
        self._threads = [threading.Thread(target=self._work, daemon=True,
                                          name=f"agents-{i}") for i in range(threads)]
        for t in self._threads:
            t.start()

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            fn, future = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn())
            except BaseException as err:  # noqa: BLE001 (handed to the waiter)
                future.set_exception(err)

    def submit(self, fn: Callable[[], Any]) -> Future:
        future: Future = Future()
        self._jobs.put((fn, future))
        return future

    def stop(self) -> None:
        for _ in self._threads:
            self._jobs.put(None)


class Runner:
    """The one queued or running job of a session's agent moves."""

    def __init__(self) -> None:
        self.cancel = threading.Event()
        self.future: Future | None = None

    def busy(self) -> bool:
        return self.future is not None and not self.future.done()


def printed_card(name: str) -> dict[str, Any] | None:
    """``name``'s printed characteristics from the card data package (None: no such
    card, e.g. a token); a transforming double-faced card's with its ``back`` face,
    and a back face's own by its name (a transformed permanent's)."""
    from labyrinth_gym.envs.magic.engine.cards import card_pool

    card = card_pool().face(name)
    if card is None:
        return None
    out = {"name": card.name, "cost": None if card.cost is None else str(card.cost),
           "type_line": card.type_line, "power": card.power,
           "toughness": card.toughness, "loyalty": card.loyalty, "text": card.text}
    if card.back is not None:
        out["back"] = printed_card(card.back.name)
    return out


def bearer(authorization: str | None) -> str | None:
    """The secret of an ``Authorization: Bearer <secret>`` header."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


class BodyLimit:
    """ASGI middleware: a request body over ``max_body`` bytes gets 413, whether its
    size is announced (``Content-Length``) or not (chunked); the body is read at most
    to the limit before the app sees it."""

    def __init__(self, app: Any, max_body: int):
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit()
                                              or int(value) > self.max_body):
                await self._too_large(send)
                return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.max_body:
                await self._too_large(send)
                return
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> dict:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send: Callable) -> None:
        payload = json.dumps({"error": f"request body over {self.max_body} bytes"})
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": payload.encode()})


def create_app(max_sessions: int = 1000, search_simulations: int = 32,
               max_body: int = 4_000_000,
               checkpoints: dict[str, str | Path] | None = None,
               agent_threads: int = 4, max_events: int | None = None) -> FastAPI:
    """The server's app. ``max_sessions``: sessions kept (the one idle longest is
    evicted for a new one); ``search_simulations``: search agents' simulations per
    move; ``max_body``: the largest request body accepted, in bytes;
    ``checkpoints``: more learned agents to serve, ``{"<game>/<name>": folder}`` (a
    run of ``labyrinth-gym train``, on either backend), loaded now;
    ``agent_threads``: threads agents think in; ``max_events``: a session's event
    log limit (default :data:`~labyrinth_gym.server.sessions.MAX_EVENTS`)."""
    from labyrinth_gym.agents import register_checkpoints

    register_checkpoints(dict(checkpoints or {}))
    store = SessionStore(max_sessions=max_sessions, search_simulations=search_simulations,
                         **({"max_events": max_events} if max_events else {}))
    pool = AgentPool(agent_threads)
    runners: dict[str, Runner] = {}
    changed: dict[str, asyncio.Event] = {}
    loop_box: dict[str, asyncio.AbstractEventLoop] = {}

    def runner_of(session: Session) -> Runner:
        return runners.setdefault(session.id, Runner())

    def forget(session: Session) -> None:
        runner = runners.pop(session.id, None)
        if runner is not None:
            runner.cancel.set()
        changed.pop(session.id, None)

    store.on_evict = forget

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        loop_box["loop"] = asyncio.get_running_loop()
        yield
        for runner in list(runners.values()):  # stopping: no agent starts a move
            runner.cancel.set()
        pool.stop()

    app = FastAPI(title="labyrinth-gym", version="1", lifespan=lifespan,
                  description="AI players for the labyrinth games, for any front end.")
    app.add_middleware(BodyLimit, max_body=max_body)
    app.state.store = store
    app.state.runners = runners

    def notify(session_id: str) -> None:
        event = changed.pop(session_id, None)
        if event is not None:
            event.set()

    def notify_from_thread(session_id: str) -> None:
        loop = loop_box.get("loop")
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(notify, session_id)

    def start_agents(session: Session) -> Future:
        """The session's agent moves, queued in the pool (one job per session)."""
        runner = runner_of(session)
        if runner.busy():
            return runner.future
        runner.cancel = threading.Event()
        cancel = runner.cancel

        def run() -> int:
            try:
                return session.run_agents(cancelled=cancel.is_set,
                                          on_move=lambda: notify_from_thread(session.id))
            except Exception as err:  # noqa: BLE001 (a failing agent stops its session)
                with session.lock:
                    session.stopped = f"an agent failed: {type(err).__name__}: {err}"
                notify_from_thread(session.id)
                return 0

        runner.future = pool.submit(run)
        return runner.future

    def resume(session: Session) -> None:
        """Agents left waiting (their client left) move again on the next request."""
        if not runner_of(session).busy() and session.agent_to_act() is not None:
            start_agents(session)

    async def agents_then(request: Request, session: Session) -> None:
        """Let the agents move until a person is to act; a client that leaves first
        cancels the moves not yet started."""
        if session.agent_to_act() is None:
            return
        runner = runner_of(session)
        done = asyncio.wrap_future(start_agents(session))
        while True:
            finished, _ = await asyncio.wait({done}, timeout=0.25)
            if finished:
                done.result()
                return
            if await request.is_disconnected():
                runner.cancel.set()
                return

    @app.exception_handler(ServerError)
    async def server_error(request: Request, err: ServerError):
        return JSONResponse({"error": str(err), **err.detail}, status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, err: RequestValidationError):
        # The input itself is not echoed: it may be huge, or not JSON-ready (1e400).
        first = err.errors()[0] if err.errors() else {}
        loc = [str(p) for p in first.get("loc", ())]
        field_name = ".".join(p for p in loc if p not in ("body", "query", "path"))
        message = str(first.get("msg", "invalid request"))[:200]
        body: dict[str, Any] = {"error": f"{field_name or 'request'}: {message}"}
        if field_name:
            body["field"] = field_name
        return JSONResponse(body, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, err: StarletteHTTPException):
        return JSONResponse({"error": str(err.detail)}, status_code=err.status_code)

    @app.exception_handler(Exception)
    async def crash(request: Request, err: Exception):  # a bug: say little
        return JSONResponse({"error": f"internal error ({type(err).__name__})"},
                            status_code=500)

    def token_of(request: Request) -> str | None:
        return bearer(request.headers.get("authorization"))

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/static/{name}", include_in_schema=False)
    async def static(name: str) -> FileResponse:
        path = STATIC / name
        if path.parent != STATIC or not path.is_file():
            raise NotFound("no such file")
        return FileResponse(path)

    @app.get("/v1/games")
    async def games() -> dict[str, Any]:
        return {"games": game_names()}

    @app.get("/v1/games/{game}/seats")
    async def seats(game: str, kwargs: str = Query("{}", max_length=100_000)):
        try:
            parsed = json.loads(kwargs)
        except (json.JSONDecodeError, RecursionError) as err:
            raise BadRequest(f"kwargs is not JSON: {err}"[:200], field="kwargs") from err
        if not isinstance(parsed, dict):
            raise BadRequest("kwargs must be a JSON object", field="kwargs")
        count = await run_in_threadpool(seat_count, game, parsed)
        return {"game": game, "seats": count}

    @app.get("/v1/cards/{name}")
    async def card(name: str) -> dict[str, Any]:
        """A Magic card's printed characteristics, read at run time from the card data
        package (the browser table's hover panel); public, like any card's text."""
        if len(name) > 200:
            raise BadRequest("a card name is at most 200 characters", field="name")
        printed = await run_in_threadpool(printed_card, name)
        if printed is None:
            raise NotFound("no such card")
        return printed

    @app.get("/v1/agents")
    async def agents(game: str = Query(max_length=64)) -> dict[str, Any]:
        check_game(game)
        return {"game": game, "agents": registered(game)}

    @app.post("/v1/sessions")
    async def new_session(body: NewSession, request: Request) -> dict[str, Any]:
        session = await run_in_threadpool(store.create, body.game, body.seats,
                                          body.seed, body.kwargs)
        humans = [i for i, who in enumerate(session.seats) if who == HUMAN]
        if humans:
            await agents_then(request, session)
        else:  # agents only: they play in the background
            start_agents(session)
        seat = humans[0] if humans else 0
        view = await run_in_threadpool(session.view, seat)
        return {"id": session.id, "tokens": {str(s): t for s, t in session.tokens.items()},
                "seat": seat, "view": view}

    @app.get("/v1/sessions/{session_id}/view")
    async def view(session_id: str, request: Request,
                   seat: int = Query(ge=0, le=MAX_SEATS),
                   since: int = Query(0, ge=0, le=2**31)):
        session = store.get(session_id)
        session.authorize(seat, token_of(request))
        resume(session)
        return await run_in_threadpool(session.view, seat, since)

    @app.post("/v1/sessions/{session_id}/actions")
    async def play(session_id: str, move: Move, request: Request) -> dict[str, Any]:
        session = store.get(session_id)
        session.authorize(move.seat, token_of(request))
        if runner_of(session).busy():
            raise Conflict("the agents are still moving; wait for your turn",
                           to_act=session.to_act())
        await run_in_threadpool(session.play, move.seat, move.action)
        notify(session_id)
        await agents_then(request, session)
        return await run_in_threadpool(session.view, move.seat, move.since)

    @app.get("/v1/sessions/{session_id}/replay")
    async def replay(session_id: str, request: Request) -> dict[str, Any]:
        session = store.get(session_id)
        seat = None
        if not session.public:
            token = token_of(request)
            if not token:
                raise Unauthorized("a seat's secret is needed "
                                   "(Authorization: Bearer <token>)")
            seat = session.seat_of(token)
            if seat is None:
                raise Forbidden("this secret opens no seat of this session")
        return await run_in_threadpool(session.replay, seat)

    @app.post("/v1/act")
    async def act(body: ActRequest, request: Request) -> dict[str, Any]:
        future = pool.submit(lambda: act_on_state(
            body.game, body.agent, body.state, body.seat,
            search_simulations=search_simulations, seed=body.seed))
        return await asyncio.wrap_future(future)

    @app.websocket("/v1/sessions/{session_id}/ws")
    async def watch(websocket: WebSocket, session_id: str, seat: int = 0,
                    token: str | None = None):
        try:
            session = store.get(session_id)
            session.authorize(seat, bearer(websocket.headers.get("authorization"))
                              or token)
        except ServerError as err:
            await websocket.accept()
            await websocket.send_json({"error": str(err), "status": err.status,
                                       **err.detail})
            await websocket.close(code=1008)
            return
        await websocket.accept()
        resume(session)
        since = 0
        try:
            while True:
                event = changed.setdefault(session_id, asyncio.Event())
                view = await run_in_threadpool(session.view, seat, since)
                since = view["next_event"]
                await websocket.send_json(view)
                if view["terminal"] or view["stopped"]:
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


__all__ = ["AgentPool", "BodyLimit", "create_app"]
