"""Games hosted for front ends: sessions, seats, agents, views and replays.

The HTTP layer (:mod:`labyrinth_gym.server.app`) is a thin shell over this module, so
everything here is plain Python and tested without a web framework. It serves every
game through its :class:`~labyrinth_gym.envs.core.spec.GameSpec` and the engine
contract; a new game needs no change here.

A **session** is one game: its name, kwargs and seed, and who sits where (``"human"``
or an agent id per seat). The game is built exactly as evaluation builds it
(:func:`labyrinth_gym.evaluation.matches.new_game`), so a served game with seed ``s``
and the same moves equals a local one event for event. Agent seats move as soon as
they are to act, until a human seat is to act or the game ends; an agent gets the
seat's observation and, if it searches, a determinized view of that seat
(:func:`labyrinth_gym.agents.base.decide`), never the true state.

A seat's **view** holds only what that seat may know: the engine's
``observation_for(seat)``, its legal actions with names when it is to act, and the
events since a given index as that seat may see them (``events_for``).

**Limits**: at most ``max_sessions`` sessions; creating one more evicts the one left
idle longest (no request for the longest time). Search agents run at most
``search_simulations`` simulations per move. A failing session never touches
another: each has its own game, agents, generators and lock.
"""

from __future__ import annotations

import itertools
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from labyrinth_gym.agents.base import Agent, UnknownAgentError, decide, make, registered
from labyrinth_gym.envs import game_names, game_spec
from labyrinth_gym.envs.core.engine import Game, IllegalActionError
from labyrinth_gym.envs.core.spec import GameSpec
from labyrinth_gym.evaluation.matches import (
    _AGENT_STREAM,
    _VIEW_STREAM,
    derive_seed,
    new_game,
)

HUMAN = "human"
"""The seat kind a person (the front end) plays."""


class ServerError(Exception):
    """A request the server refuses; ``status`` is its HTTP status code."""

    status = 400

    def __init__(self, message: str, **detail: Any):
        super().__init__(message)
        self.detail = detail


class NotFound(ServerError):
    """An unknown game, agent or session (the message lists what exists)."""

    status = 404


class Conflict(ServerError):
    """A move the game does not allow now: an illegal action (the legal set is in the
    detail) or a seat that is not to act."""

    status = 409


class BadRequest(ServerError):
    """A request whose fields are well-formed but wrong for the game (status 422)."""

    status = 422


def check_game(name: str) -> GameSpec:
    if name not in game_names():
        raise NotFound(f"no game {name!r}; the games are {game_names()}",
                       games=game_names())
    return game_spec(name)


def seat_count(game: str, kwargs: dict[str, Any]) -> int:
    """How many seats ``game`` has with ``kwargs`` (for a front end's seat list)."""
    spec = check_game(game)
    try:
        return new_game(spec, 0, kwargs).num_players
    except (TypeError, ValueError) as err:
        raise BadRequest(f"bad kwargs for {game}: {err}", field="kwargs") from err


def build_agent(game: str, agent_id: str, search_simulations: int, seed: int) -> Agent:
    """The agent ``agent_id`` for a seat of ``game`` (search agents capped at
    ``search_simulations``)."""
    known = registered(game)
    kwargs: dict[str, Any] = {}
    if agent_id.endswith(":onnx"):  # a learned agent's ONNX export, run without torch
        agent_id = agent_id.removesuffix(":onnx")
        kwargs["runtime"] = "onnx"
    if agent_id not in known:
        raise NotFound(f"no agent {agent_id!r} for {game}; the agents are {known} "
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
    actions: list[int] = field(default_factory=list)
    version: int = 0
    last_used: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def spec(self) -> GameSpec:
        return game_spec(self.game_name)

    def to_act(self) -> int | None:
        return None if self.game.is_terminal() else self.game.current_player()

    def check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.game.num_players:
            raise BadRequest(f"seat {seat} does not exist; this game has seats "
                             f"0-{self.game.num_players - 1}", field="seat")

    def play(self, seat: int, action: int) -> None:
        """A human seat's move, then the agent seats' moves until a human seat is to
        act or the game ends."""
        self.check_seat(seat)
        if self.game.is_terminal():
            raise Conflict("the game is over", returns=self.game.returns())
        acting = self.game.current_player()
        if seat != acting:
            raise Conflict(f"seat {seat} is not to act; seat {acting} is",
                           to_act=acting)
        if self.seats[seat] != HUMAN:
            raise Conflict(f"seat {seat} is played by {self.seats[seat]}, not a person")
        try:
            self.game.apply_action(int(action))
        except IllegalActionError as err:
            raise Conflict(str(err), legal=self.game.legal_actions_named(seat)) from err
        self.actions.append(int(action))
        self.run_agents()

    def run_agents(self) -> None:
        game = self.game
        while not game.is_terminal() and game.current_player() in self.agents:
            seat = game.current_player()
            action = decide(self.agents[seat], self.spec, game, seat, self.view_rng)
            game.apply_action(action)
            self.actions.append(action)
        self.version += 1

    def view(self, seat: int, since: int = 0) -> dict[str, Any]:
        """What ``seat`` may see (module docstring), with the events from ``since``."""
        self.check_seat(seat)
        if since < 0:
            raise BadRequest("since must be >= 0", field="since")
        game = self.game
        return {
            "session": self.id,
            "game": self.game_name,
            "seat": seat,
            "seats": list(self.seats),
            "to_act": self.to_act(),
            "terminal": game.is_terminal(),
            "outcome": game.outcome,
            "returns": game.returns() if game.is_terminal() else None,
            "observation": game.observation_for(seat),
            "legal_actions": game.legal_actions_named(seat),
            "events": game.events_for(seat, since),
            "next_event": len(game.events),
            "version": self.version,
        }

    def replay(self) -> dict[str, Any]:
        """Enough to replay the game exactly (game, kwargs, seed, seats and actions)
        and its full event log."""
        return {"format": "labyrinth-gym replay", "version": 1,
                "game": self.game_name, "kwargs": self.kwargs, "seed": self.seed,
                "seats": list(self.seats), "actions": list(self.actions),
                "events": self.game.events, "outcome": self.game.outcome,
                "returns": self.game.returns()}


class SessionStore:
    """The sessions of one server (module docstring for the limits)."""

    def __init__(self, max_sessions: int = 1000, search_simulations: int = 32):
        if max_sessions < 1:
            raise ValueError(f"max_sessions must be >= 1, got {max_sessions}")
        self.max_sessions = max_sessions
        self.search_simulations = search_simulations
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        self._counter = itertools.count()

    def __len__(self) -> int:
        return len(self._sessions)

    def create(self, game: str, seats: list[str], seed: int = 0,
               kwargs: dict[str, Any] | None = None) -> Session:
        spec = check_game(game)
        kwargs = dict(kwargs or {})
        try:
            state = new_game(spec, seed, kwargs)
        except (TypeError, ValueError) as err:
            raise BadRequest(f"bad kwargs for {game}: {err}", field="kwargs") from err
        if len(seats) != state.num_players:
            raise BadRequest(f"{game} with these kwargs has {state.num_players} seats; "
                             f"got {len(seats)}", field="seats")
        agents = {}
        for seat, who in enumerate(seats):
            if who != HUMAN:
                agents[seat] = build_agent(game, who, self.search_simulations,
                                           derive_seed(seed, _AGENT_STREAM, seat))
        session = Session(
            id=f"{next(self._counter):x}-{secrets.token_hex(4)}", game_name=game,
            kwargs=kwargs, seed=int(seed), seats=list(seats), game=state, agents=agents,
            view_rng=np.random.default_rng(derive_seed(seed, _VIEW_STREAM)))
        with session.lock:
            session.run_agents()
        with self._lock:
            while len(self._sessions) >= self.max_sessions:
                self._sessions.popitem(last=False)  # the one idle longest
            self._sessions[session.id] = session
        return session

    def get(self, session_id: str) -> Session:
        with self._lock:
            session = self._sessions.get(session_id)
            if session is None:
                known = list(self._sessions)[-20:]
                raise NotFound(f"no session {session_id!r} (it may have been evicted); "
                               f"{len(self._sessions)} sessions exist", sessions=known)
            self._sessions.move_to_end(session_id)  # the most recently used last
            session.last_used = time.monotonic()
            return session

    def ids(self) -> list[str]:
        with self._lock:
            return list(self._sessions)


def act_on_state(game: str, agent_id: str, state: dict[str, Any], seat: int, *,
                 search_simulations: int = 32, seed: int = 0) -> dict[str, Any]:
    """The stateless move service: ``agent_id``'s move for ``seat`` in the game
    ``state`` (the engine's ``to_dict``), the seat to act. A search agent gets that
    seat's determinized view, so another seat's hidden information never decides the
    move."""
    spec = check_game(game)
    try:
        restored = engine_class(spec).from_dict(state)
    except Exception as err:  # a state that is not this game's to_dict
        raise BadRequest(f"state is not a {game} state: {type(err).__name__}: {err}",
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


__all__ = ["HUMAN", "BadRequest", "Conflict", "NotFound", "ServerError", "Session",
           "SessionStore", "act_on_state"]
