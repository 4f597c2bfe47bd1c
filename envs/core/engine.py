"""The engine contract every game implements (OpenSpiel's vocabulary).

An engine is pure rules: dataclasses, lists and one seeded :class:`Dice` (a numpy
``Generator``). It knows nothing about Gymnasium, PettingZoo or torch. Search agents,
evaluation, replay and serving talk to every game through this surface only.
"""

from __future__ import annotations

import abc
import copy
import functools
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.dice import Dice

TERMINAL_PLAYER = -4
"""``current_player()`` once the game is over (OpenSpiel's ``kTerminalPlayerId``)."""


class IllegalActionError(ValueError):
    """An action that is not legal in the current state.

    The message names the action and the whole legal set, so a front end or a test can
    see at once what was allowed.
    """

    def __init__(self, action: int, legal: Sequence[int], game: Game | None = None):
        self.action = action
        self.legal = list(legal)
        if game is not None:
            names = ", ".join(f"{a}={game.action_to_string(a)}" for a in self.legal)
            what = game.action_to_string(action) if _in_range(game, action) else "?"
            msg = f"illegal action {action} ({what}); legal actions: [{names}]"
        else:
            msg = f"illegal action {action}; legal actions: {self.legal}"
        super().__init__(msg)


def _in_range(game: Game, action: int) -> bool:
    return 0 <= int(action) < game.num_actions


def _with_seat_log(resample: Callable[..., Game]) -> Callable[..., Game]:
    """A game's ``determinize`` whose view carries ``player``'s log
    (``events_for(player)``) in place of the clone's copy of the true one.

    Only the outermost call sets the log: a subclass's resampling that calls its
    parent's ``determinize`` (itself wrapped) does not redo it."""

    @functools.wraps(resample)
    def determinize(self: Game, player: int, rng: np.random.Generator) -> Game:
        view = resample(self, player, rng)
        if type(self).determinize is determinize:
            view.events = _seat_log(self, player)
        return view

    return determinize


_SEAT_LOGS: weakref.WeakKeyDictionary[Game, dict[int, tuple[list, list]]] = (
    weakref.WeakKeyDictionary())
"""Per game and seat: the game's log list and that seat's view of it so far."""


def _seat_log(game: Game, player: int) -> list[dict[str, Any]]:
    """``game.events_for(player)`` as a new list, redacting only the events logged
    since the last call for this game and seat (a search agent determinizes one view
    hundreds of times a move; the log is append-only and :meth:`Game.event_for` reads
    nothing but the event and the seat)."""
    events = game.events
    known = _SEAT_LOGS.get(game, {})
    source, log = known.get(player, (None, []))
    if source is not events or len(log) > len(events):
        log = game.events_for(player)
    elif len(log) < len(events):
        log = log + game.events_for(player, len(log))
    _SEAT_LOGS[game] = {**known, player: (events, log)}
    return log[:]


_ATOMS = frozenset({str, int, float, bool, type(None)})
"""The types :func:`snapshot` returns as they are (immutable), by exact type."""


def snapshot(value: Any) -> Any:
    """A copy of ``value`` that shares no mutable container with it: dicts, lists and
    tuples are copied all the way down (JSON-ready event data, quickly), anything else
    mutable by :func:`copy.deepcopy`; numbers, strings, None are themselves."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is dict:  # (the commonest containers first, by their exact type)
        return {k: v if type(v) in _ATOMS else snapshot(v) for k, v in value.items()}
    if t is list:
        return [v if type(v) in _ATOMS else snapshot(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return {k: snapshot(v) for k, v in value.items()}
    if isinstance(value, list):
        return [snapshot(v) for v in value]
    if isinstance(value, tuple):
        return tuple(snapshot(v) for v in value)
    return copy.deepcopy(value)


class Game(abc.ABC):
    """Base class of every rules engine.

    Subclasses keep all randomness in ``self.dice`` and record what happens in
    ``self.events`` (append-only, JSON-ready dicts with at least ``turn`` and ``type``).

    A subclass's :meth:`determinize` resamples the hidden state; this class wraps it
    (:meth:`__init_subclass__`) so that the view's log is always the seat's own
    (:meth:`events_for`), whatever the game's resampling does.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        resample = cls.__dict__.get("determinize")
        if resample is not None and not getattr(resample, "__isabstractmethod__", False):
            cls.determinize = _with_seat_log(resample)  # type: ignore[method-assign]

    #: Size of the fixed ``Discrete`` action space shared by every decision point.
    num_actions: int = 0
    #: Number of seats (players or party members).
    num_players: int = 1

    dice: Dice
    events: list[dict[str, Any]]
    #: None while the game runs; then how it ended. ``"truncated"`` is reserved for
    #: a game cut off by its step cap; every other value is an end by the rules.
    outcome: str | None = None

    # ----------------------------------------------------------------- contract
    @abc.abstractmethod
    def current_player(self) -> int:
        """Seat to act, or :data:`TERMINAL_PLAYER` once the game is over."""

    @abc.abstractmethod
    def legal_actions(self) -> list[int]:
        """Sorted legal action indices for the current decision point."""

    @abc.abstractmethod
    def _apply(self, action: int) -> None:
        """Apply an action already known to be legal."""

    def is_terminal(self) -> bool:
        """True once the game has ended (won, lost or truncated)."""
        return self.outcome is not None

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Per-seat returns; all zeros until the game is terminal."""

    @abc.abstractmethod
    def clone(self) -> Game:
        """An independent deep copy, including the dice (RNG) state."""

    @abc.abstractmethod
    def determinize(self, player: int, rng: np.random.Generator) -> Game:
        """A clone whose hidden information is resampled as ``player`` believes it.

        Only what ``player`` cannot see changes; everything it has seen stays put.
        The clone's own dice are reseeded from ``rng`` so future chance differs too.
        Its :attr:`events` are ``self.events_for(player)`` (a new list), never the
        referee's log with other seats' draws: subclasses resample the state, and
        the base class sets the log (see :meth:`__init_subclass__`).
        """

    @abc.abstractmethod
    def observation_for(self, player: int) -> dict[str, Any]:
        """What seat ``player`` can see, as JSON-ready data with names.

        For front ends and the server (the float observation is the encoding module's
        job): cards, board, counts, whose turn, the decision being asked and, for the
        seat to act, its legal actions named by :meth:`action_to_string`. Exactly what
        that seat may know: never another seat's hidden cards, the deck order or
        face-down cards, so two determinizations for ``player`` give equal dicts.
        Values are JSON types only (``json.dumps`` accepts the dict as it is).
        """

    def event_for(self, event: dict[str, Any], player: int) -> dict[str, Any]:
        """``event`` as seat ``player`` may see it: the event itself when all of it is
        public (the default), else a copy without what that seat may not know (the card
        another seat drew into its hand, the name of a face-down card it does not
        control). Games with hidden information override this, as a function of
        the event and the seat only (never of the state now: the log is append-only,
        its entries never change, and a seat's view of it is worked out once)."""
        return event

    def events_for(self, player: int, since: int = 0) -> list[dict[str, Any]]:
        """The events from index ``since`` on as seat ``player`` may see them
        (:meth:`event_for`): a front end's log for that seat. The full :attr:`events`
        are the referee's record (replays, tests)."""
        return [self.event_for(e, player) for e in self.events[since:]]

    def elimination_record(self) -> dict[str, Any] | None:
        """How players left a finished game, for the league's points (Mazerunner rule
        4d), as JSON-ready data: ``{"seats": n, "eliminations": [{"players": [...],
        "cause": seat or None, "controlled_by": seat or None, "draw": bool}, ...],
        "win": {"seat", "controlled_by", "alternative"} or None}`` in the order players
        left (see ``labyrinth_gym.evaluation.league.points``). ``None`` (the default):
        the game has no eliminations, and the league scores it by :meth:`returns`."""
        return None

    def describe(self, event: dict[str, Any], seat: int | None = None) -> str:
        """``event`` as one English sentence from seat ``seat``'s point of view ("You
        draw a card", "Seat 1 draws a card"; None: the referee's record, naming every
        seat), told by the game's ``prose`` module from the event and the game's static
        data only (``labyrinth_gym.envs.core.prose``). Pass the event as that seat sees
        it (:meth:`event_for`)."""
        from labyrinth_gym.envs.core.prose import narrator_for

        return narrator_for(self, seat).describe(event)

    def legal_actions_named(self, player: int) -> list[dict[str, Any]]:
        """``[{"action", "name"}]`` for the seat to act; ``[]`` for any other seat
        (another seat's legal moves would show its hand)."""
        if self.is_terminal() or self.current_player() != player:
            return []
        return [{"action": a, "name": self.action_to_string(a)} for a in self.legal_actions()]

    @abc.abstractmethod
    def action_to_string(self, action: int) -> str:
        """Human-readable name of an action index."""

    @abc.abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole state (RNG included) as JSON-ready data."""

    @classmethod
    @abc.abstractmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Rebuild a state written by :meth:`to_dict`."""

    # ------------------------------------------------------------ shared helpers
    def apply_action(self, action: int) -> None:
        """Apply ``action`` or raise :class:`IllegalActionError` naming the legal set."""
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(int(action), legal, self)
        self._apply(int(action))

    def log(self, kind: str, **data: Any) -> None:
        """Append the event ``{"turn": self.turn, "type": kind, **data}``, a
        :func:`snapshot` of the values as they are now: a logged event never changes
        when the state it was read from does (a die a card turns later, a list the
        engine keeps on using)."""
        event = {k: v if type(v) in _ATOMS else snapshot(v) for k, v in data.items()}
        event["turn"] = self.turn
        event["type"] = kind
        self.events.append(event)

    def legal_mask(self) -> np.ndarray:
        """The legal set as an ``int8`` mask of length :attr:`num_actions`."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if not self.is_terminal():
            legal = self.legal_actions()
            if len(legal) > 16:
                mask[legal] = 1
            else:  # (a few scalar writes beat converting a short list)
                for a in legal:
                    mask[a] = 1
        return mask

    def turn_count(self) -> int:
        """Turns played so far, as the game counts them (for reports)."""
        return int(getattr(self, "turn", 0))

    def is_truncated(self) -> bool:
        """True when the game ended by its step cap rather than by the rules."""
        return self.outcome == "truncated"

    def is_chance_node(self) -> bool:
        """Engines resolve chance inside ``apply_action`` with their dice."""
        return False

    def __str__(self) -> str:
        return f"{type(self).__name__}(player={self.current_player()})"


class DecisionGame(Game):
    """An engine whose pending question is ``self.decision``, a dict naming the deciding
    ``player`` (None while nothing is asked), and whose legal set ``_compute_legal()``
    works out; the sorted set is cached in ``self._legal`` until the engine clears it
    (after every action, and wherever else the position changes)."""

    decision: dict[str, Any] | None
    _legal: list[int] | None

    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL_PLAYER
        assert self.decision is not None
        return self.decision["player"]

    def legal_actions(self) -> list[int]:
        if self.outcome is not None:
            return []
        if self._legal is None:
            self._legal = sorted(self._compute_legal())
        return list(self._legal)

    @abc.abstractmethod
    def _compute_legal(self) -> list[int]:
        """The legal actions of the current decision (any order)."""
