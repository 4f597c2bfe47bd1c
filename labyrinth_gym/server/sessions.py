"""Games hosted for front ends: sessions, seats and their secrets, agents, views and
replays.

The HTTP layer (:mod:`labyrinth_gym.server.app`) is a thin shell over this module, so
everything here is plain Python and tested without a web framework. It serves every
game through its :class:`~labyrinth_gym.envs.core.spec.GameSpec` and the engine
contract; a new game needs no change here.

A **session** is one game: its name, kwargs and seed, and who sits where (``"human"``
or an agent id per seat). The game is built exactly as evaluation builds it
(:func:`labyrinth_gym.evaluation.matches.new_game`), so a served game with seed ``s``
and the same moves equals a local one event for event. Agent seats move when they are
to act, one move after another (:meth:`Session.run_agents`); an agent gets the seat's
observation and, if it searches, a determinized view of that seat, never the true
state.

**Trust model.** Nothing a client sends is trusted:

- A session's id is unguessable (``secrets.token_urlsafe``) and is never listed.
- Every human seat has its own secret (:attr:`Session.tokens`), given once, to the
  creator, in the reply that creates the session; the creator hands each to the
  person at that seat (a hot-seat table keeps them all). A seat's view, its moves,
  its WebSocket and its replay of a running game need that seat's secret: without a
  secret the server answers 401, with another seat's 403. A seat sees only what the
  rules let it see: the engine's ``observation_for(seat)`` and ``events_for(seat)``
  (with ``log``, the same events told as sentences from that seat: ``describe``).
- In a session with no human seat (agents playing agents, watched) there is nothing
  to keep from anyone: whoever holds the session id sees every seat.
- The seed decides every hidden card. A creator who chooses it can know the deck
  order; leave it out for a fair game and the server draws one. The seed, every
  action and the full referee log are in the replay only once the game is over.
- Game arguments come from the network: a path is refused (decks are a shipped
  deck's name or an inline list of cards; see :func:`labyrinth_gym.envs.core.files`),
  truncation caps are bounded (:data:`CAPS`), and each session's event log is
  bounded (``max_events``).

**Limits**: at most ``max_sessions`` sessions; creating one more evicts the one left
idle longest (no request for the longest time). Search agents run at most
``search_simulations`` simulations per move. A failing session never touches
another: each has its own game, agents, generators and lock, and the lock is held
only to read or change the game, never while an agent thinks.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from labyrinth_gym.agents.base import Agent, UnknownAgentError, make, registered
from labyrinth_gym.envs import game_names, game_spec
from labyrinth_gym.envs.core.engine import Game, IllegalActionError
from labyrinth_gym.envs.core.files import no_files
from labyrinth_gym.envs.core.spec import GameSpec
from labyrinth_gym.evaluation.matches import (
    _AGENT_STREAM,
    _VIEW_STREAM,
    derive_seed,
    new_game,
)

HUMAN = "human"
"""The seat kind a person (the front end) plays."""

MAX_SEED = 2**63 - 1
"""The largest seed a client may give."""

CAPS = {"max_turns": 1000, "max_rounds": 500}
"""The largest truncation caps a client may set: a session ends after at most this
many turns or rounds, whatever the game's own default."""

MAX_EVENTS = 200_000
"""A session whose event log grows past this many events is stopped."""


class ServerError(Exception):
    """A request the server refuses; ``status`` is its HTTP status code."""

    status = 400

    def __init__(self, message: str, **detail: Any):
        super().__init__(message)
        self.detail = detail


class Unauthorized(ServerError):
    """A seat-specific request without a secret (401)."""

    status = 401


class Forbidden(ServerError):
    """A secret that is not the seat's (403)."""

    status = 403


class NotFound(ServerError):
    """An unknown game, agent or session (games and agents are listed; sessions
    never are)."""

    status = 404


class Conflict(ServerError):
    """A move the game does not allow now: an illegal action (the legal set is in the
    detail), a seat that is not to act, or a stopped session."""

    status = 409


class BadRequest(ServerError):
    """A request whose fields are well-formed but wrong for the game (status 422)."""

    status = 422


def check_game(name: str) -> GameSpec:
    if name not in game_names():
        raise NotFound(f"no game {name[:40]!r}; the games are {game_names()}",
                       games=game_names())
    return game_spec(name)


def checked_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    """A client's game arguments with the truncation caps bounded (:data:`CAPS`)."""
    for key, cap in CAPS.items():
        value = kwargs.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool) and (
                value > cap):
            raise BadRequest(f"{key} must be at most {cap} on this server, got {value}",
                             field=f"kwargs.{key}")
    return kwargs


def build_game(spec: GameSpec, seed: int, kwargs: dict[str, Any]) -> Game:
    """A new game from a client's arguments: no file is read, any bad argument is a
    :class:`BadRequest` naming the field."""
    try:
        with no_files():
            return new_game(spec, seed, checked_kwargs(kwargs))
    except (TypeError, ValueError, OSError, RecursionError) as err:
        field_name = getattr(err, "argument", None)
        message = " ".join(str(err).split())[:2000]
        raise BadRequest(f"bad kwargs for {spec.name}: {message}",
                         field=f"kwargs.{field_name}" if field_name else "kwargs") from err


def seat_count(game: str, kwargs: dict[str, Any]) -> int:
    """How many seats ``game`` has with ``kwargs`` (for a front end's seat list)."""
    return build_game(check_game(game), 0, kwargs).num_players


def build_agent(game: str, agent_id: str, search_simulations: int, seed: int) -> Agent:
    """The agent ``agent_id`` for a seat of ``game`` (search agents capped at
    ``search_simulations``)."""
    known = registered(game)
    kwargs: dict[str, Any] = {}
    if agent_id.endswith(":onnx"):  # a learned agent's ONNX export, run without torch
        agent_id = agent_id.removesuffix(":onnx")
        kwargs["runtime"] = "onnx"
    if agent_id not in known:
        raise NotFound(f"no agent {agent_id[:80]!r} for {game}; the agents are {known} "
                       f"(a learned one also as <id>:onnx)", agents=known)
    if agent_id.endswith("/search"):
        kwargs["simulations"] = search_simulations
    try:
        agent = make(agent_id, **kwargs)
    except (UnknownAgentError, FileNotFoundError, ValueError, TypeError,
            ImportError) as err:
        raise NotFound(f"agent {agent_id!r} cannot be loaded: {err}", agents=known) from err
    agent.reset(seed=seed)
    return agent


@dataclass
class Session:
    """One hosted game (see the module docstring)."""

    id: str
    game_name: str
    kwargs: dict[str, Any]
    seed: int
    seats: list[str]
    game: Game
    agents: dict[int, Agent]
    view_rng: np.random.Generator
    tokens: dict[int, str] = field(default_factory=dict)
    max_events: int = MAX_EVENTS
    actions: list[int] = field(default_factory=list)
    version: int = 0
    stopped: str | None = None
    _league: tuple[int, dict[str, Any]] | None = None  # (version, league view)
    last_used: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def spec(self) -> GameSpec:
        return game_spec(self.game_name)

    @property
    def public(self) -> bool:
        """No person plays: every seat may be watched by whoever holds the id."""
        return not self.tokens

    def to_act(self) -> int | None:
        return None if self.game.is_terminal() else self.game.current_player()

    def check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.game.num_players:
            raise BadRequest(f"seat {seat} does not exist; this game has seats "
                             f"0-{self.game.num_players - 1}", field="seat")

    def authorize(self, seat: int, token: str | None) -> None:
        """Refuse a request for ``seat`` that does not carry that seat's secret (a
        session with no human seat needs none)."""
        self.check_seat(seat)
        if self.public:
            return
        if not token:
            raise Unauthorized(f"seat {seat}'s secret is needed "
                               "(Authorization: Bearer <token>)")
        mine = self.tokens.get(seat)
        if mine is None or not secrets.compare_digest(mine.encode(), token.encode()):
            raise Forbidden(f"this secret does not open seat {seat}")

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret ``token`` is (None: none of them)."""
        for seat, mine in self.tokens.items():
            if token and secrets.compare_digest(mine.encode(), token.encode()):
                return seat
        return None

    def play(self, seat: int, action: int) -> None:
        """A human seat's move (the agents' replies are :meth:`run_agents`)."""
        with self.lock:
            self.check_seat(seat)
            self._check_running()
            acting = self.game.current_player()
            if seat != acting:
                raise Conflict(f"seat {seat} is not to act; seat {acting} is",
                               to_act=acting)
            if self.seats[seat] != HUMAN:
                raise Conflict(f"seat {seat} is played by {self.seats[seat]}, "
                               "not a person")
            try:
                self.game.apply_action(int(action))
            except IllegalActionError as err:
                raise Conflict(str(err),
                               legal=self.game.legal_actions_named(seat)) from err
            self._applied(int(action))

    def _check_running(self) -> None:
        if self.stopped:
            raise Conflict(f"the session was stopped: {self.stopped}")
        if self.game.is_terminal():
            raise Conflict("the game is over", returns=self.game.returns())

    def _applied(self, action: int) -> None:
        self.actions.append(action)
        self.version += 1
        if len(self.game.events) > self.max_events:
            self.stopped = f"its event log passed {self.max_events} events"

    def agent_to_act(self) -> int | None:
        """The agent seat to act now (None: a person is, or the game is over)."""
        with self.lock:
            if self.stopped or self.game.is_terminal():
                return None
            seat = self.game.current_player()
            return seat if seat in self.agents else None

    def run_agents(self, cancelled: Callable[[], bool] = lambda: False,
                   on_move: Callable[[], None] = lambda: None) -> int:
        """The agent seats' moves until a person is to act, the game ends or
        ``cancelled()`` (checked before each move); ``on_move()`` after each. Returns
        the moves made.

        The lock is held to read the seat's inputs and to apply the move, not while
        the agent thinks, so views of the session never wait for an agent. Only one
        caller runs this at a time per session (the server queues them)."""
        moves = 0
        while not cancelled():
            with self.lock:
                if self.stopped or self.game.is_terminal():
                    break
                seat = self.game.current_player()
                agent = self.agents.get(seat)
                if agent is None:
                    break
                # The same draws as evaluation's decide(), so served games equal
                # local ones.
                view = (self.game.determinize(seat, self.view_rng)
                        if agent.needs_game else None)
                obs = self.spec.encode(self.game, seat)
                mask = self.game.legal_mask()
                version = self.version
            action = int(agent.act(obs, mask, game=view))
            with self.lock:
                # Nobody else moved meanwhile: a person moves only when a person is
                # to act, and the server runs one of these per session at a time.
                assert self.version == version
                self.game.apply_action(action)
                self._applied(action)
            moves += 1
            on_move()
        return moves

    def view(self, seat: int, since: int = 0) -> dict[str, Any]:
        """What ``seat`` may see (module docstring), with the events from ``since``."""
        if since < 0:
            raise BadRequest("since must be >= 0", field="since")
        with self.lock:
            self.check_seat(seat)
            game = self.game
            events = game.events_for(seat, since)
            return {
                "session": self.id,
                "game": self.game_name,
                "seat": seat,
                "seats": list(self.seats),
                "to_act": self.to_act(),
                "terminal": game.is_terminal(),
                "stopped": self.stopped,
                "outcome": game.outcome,
                "returns": game.returns() if game.is_terminal() else None,
                "observation": game.observation_for(seat),
                "legal_actions": ([] if self.stopped
                                  else game.legal_actions_named(seat)),
                "events": events,
                "log": [game.describe(e, seat) for e in events],
                "league": self._league_view(),
                "next_event": len(game.events),
                "version": self.version,
            }

    def _league_view(self) -> dict[str, Any] | None:
        """For a game that records eliminations (Mazerunner's pods): who left, caused
        by whom, and each seat's league points if the game ended now (rule 4d; public,
        like the eliminations). None for other games, or without the league's code."""
        if type(self.game).elimination_record is Game.elimination_record:
            return None
        try:
            from labyrinth_gym.evaluation.league.points import pod_points
            from labyrinth_gym.evaluation.league.season import record_from_dict
        except ImportError:  # the [league] extra is not installed
            return None
        cached = self._league
        if cached is not None and cached[0] == self.version:  # every seat's view
            return cached[1]
        record = self.game.clone().elimination_record()  # (it settles pending losses)
        if record is None:
            return None
        points = pod_points(record_from_dict(record))
        league = {"eliminations": record["eliminations"], "points": list(points.points),
                  "winner_pool": points.winner_pool}
        self._league = (self.version, league)
        return league

    def replay(self, seat: int | None = None) -> dict[str, Any]:
        """Once the game is over (or stopped): enough to replay it exactly (game,
        kwargs, seed, seats and actions) and its full event log. While it runs: the
        seat's own log (``events_for``) and nothing that would show a hidden card
        (no seed, no actions). ``seat`` None: the full replay (a public session)."""
        with self.lock:
            over = self.game.is_terminal() or self.stopped is not None
            if over or seat is None:
                return {"format": "labyrinth-gym replay", "version": 1,
                        "game": self.game_name, "kwargs": self.kwargs,
                        "seed": self.seed, "seats": list(self.seats),
                        "actions": list(self.actions), "events": self.game.events,
                        "outcome": self.game.outcome, "returns": self.game.returns(),
                        "finished": over}
            return {"format": "labyrinth-gym replay", "version": 1,
                    "game": self.game_name, "seats": list(self.seats), "seat": seat,
                    "finished": False, "events": self.game.events_for(seat)}


class SessionStore:
    """The sessions of one server (module docstring for the limits)."""

    def __init__(self, max_sessions: int = 1000, search_simulations: int = 32,
                 max_events: int = MAX_EVENTS):
        if max_sessions < 1:
            raise ValueError(f"max_sessions must be >= 1, got {max_sessions}")
        self.max_sessions = max_sessions
        self.search_simulations = search_simulations
        self.max_events = max_events
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        self.on_evict: Callable[[Session], None] = lambda session: None

    def __len__(self) -> int:
        return len(self._sessions)

    def create(self, game: str, seats: list[str], seed: int | None = None,
               kwargs: dict[str, Any] | None = None) -> Session:
        """A new session (its agents have not moved yet: :meth:`Session.run_agents`).
        ``seed`` None: one drawn by the server, kept secret until the game ends."""
        spec = check_game(game)
        kwargs = dict(kwargs or {})
        if seed is None:
            seed = secrets.randbits(63)
        if not 0 <= seed <= MAX_SEED:
            raise BadRequest(f"seed must be 0-{MAX_SEED}", field="seed")
        state = build_game(spec, seed, kwargs)
        if len(seats) != state.num_players:
            raise BadRequest(f"{game} with these kwargs has {state.num_players} seats; "
                             f"got {len(seats)}", field="seats")
        agents = {}
        for seat, who in enumerate(seats):
            if who != HUMAN:
                agents[seat] = build_agent(game, who, self.search_simulations,
                                           derive_seed(seed, _AGENT_STREAM, seat))
        session = Session(
            id=secrets.token_urlsafe(16), game_name=game, kwargs=kwargs, seed=int(seed),
            seats=list(seats), game=state, agents=agents,
            view_rng=np.random.default_rng(derive_seed(seed, _VIEW_STREAM)),
            tokens={s: secrets.token_urlsafe(32)
                    for s, who in enumerate(seats) if who == HUMAN},
            max_events=self.max_events)
        evicted = []
        with self._lock:
            while len(self._sessions) >= self.max_sessions:
                evicted.append(self._sessions.popitem(last=False)[1])  # idle longest
            self._sessions[session.id] = session
        for old in evicted:
            self.on_evict(old)
        return session

    def get(self, session_id: str) -> Session:
        with self._lock:
            session = self._sessions.get(session_id)
            if session is None:
                raise NotFound("no such session (it may have ended and been evicted)")
            self._sessions.move_to_end(session_id)  # the most recently used last
            session.last_used = time.monotonic()
            return session

    def ids(self) -> list[str]:
        with self._lock:
            return list(self._sessions)

    def sessions(self) -> list[Session]:
        with self._lock:
            return list(self._sessions.values())


def act_on_state(game: str, agent_id: str, state: dict[str, Any], seat: int, *,
                 search_simulations: int = 32, seed: int = 0) -> dict[str, Any]:
    """The stateless move service: ``agent_id``'s move for ``seat`` in the game
    ``state`` (the engine's ``to_dict``), the seat to act. A search agent gets that
    seat's determinized view, so another seat's hidden information never decides the
    move."""
    from labyrinth_gym.agents.base import decide

    spec = check_game(game)
    try:
        with no_files():
            restored = engine_class(spec).from_dict(state)
            restored.legal_actions()
    except Exception as err:  # a state that is not this game's to_dict
        message = " ".join(str(err).split())[:300]
        raise BadRequest(f"state is not a {game} state: {type(err).__name__}: {message}",
                         field="state") from err
    if restored.is_terminal():
        raise Conflict("the game in state is over")
    if seat != restored.current_player():
        raise Conflict(f"seat {seat} is not to act; seat {restored.current_player()} is",
                       to_act=restored.current_player())
    agent = build_agent(game, agent_id, search_simulations, seed)
    action = decide(agent, spec, restored, seat, np.random.default_rng(seed))
    return {"action": action, "name": restored.action_to_string(action)}


_ENGINES: dict[str, type[Game]] = {}


def engine_class(spec: GameSpec) -> type[Game]:
    """The engine class of a game (for ``from_dict``), found from one new game."""
    if spec.name not in _ENGINES:
        _ENGINES[spec.name] = type(new_game(spec, 0))
    return _ENGINES[spec.name]


__all__ = ["CAPS", "HUMAN", "BadRequest", "Conflict", "Forbidden", "NotFound",
           "ServerError", "Session", "SessionStore", "Unauthorized", "act_on_state",
           "build_game"]
