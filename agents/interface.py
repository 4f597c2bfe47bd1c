"""Policy interfaces: what a learned policy sees and chooses among, over an env's own
observation and action mask.

The plain interface (:class:`RawInterface`) hands the policy the env's observation and
its whole action space. A game may register a smaller one: the Labyrinth card game's
``labyrinth_cards/candidates`` turns each decision into a choice among a few candidate
moves described by features (see :mod:`labyrinth_gym.agents.labyrinth_cards_candidates`).
An interface works from ``(observation, action_mask)`` alone, like every agent, so a
policy trained through it plays in any front end that gives agents those two.

Training (:class:`labyrinth_gym.training.selfplay.SelfPlayEnv`), frozen snapshots and
:class:`labyrinth_gym.agents.learned.LearnedAgent` all go through :meth:`prepare`; a
checkpoint's ``card.json`` names its interface, so a policy is never fed an
observation of the wrong kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np


@dataclass
class Decision:
    """One decision as a policy sees it.

    Attributes:
        observation: What the policy observes (None when the move is ruled).
        mask: Which of the policy's choices are allowed (bool; None when ruled).
        actions: The env action of each choice (``actions[choice]``).
        ruled: The env action when the interface decides alone (one legal move, or a
            decision it leaves to fixed rules); the policy is then not asked.
    """

    observation: np.ndarray | None = None
    mask: np.ndarray | None = None
    actions: list[int] = field(default_factory=list)
    ruled: int | None = None

    def action(self, choice: int) -> int:
        """The env action of the policy's ``choice`` (or the ruled one)."""
        if self.ruled is not None:
            return self.ruled
        choice = int(choice)
        if not (0 <= choice < len(self.actions)) or not self.mask[choice]:
            allowed = np.flatnonzero(self.mask).tolist()
            raise ValueError(f"choice {choice} is not allowed here; allowed: {allowed}")
        return self.actions[choice]


class PolicyInterface(Protocol):
    """Turns an env observation and action mask into a :class:`Decision`.

    An interface with ``needs_game = True`` also reads the game, as search agents do:
    ``prepare(observation, action_mask, game=view)`` with the acting seat's determinized
    view, never the true state (call it through :func:`prepare`)."""

    name: str
    version: int
    observation_size: int
    num_choices: int

    def prepare(self, observation: np.ndarray, action_mask: np.ndarray) -> Decision: ...


def needs_game(interface: Any) -> bool:
    """Whether ``interface`` reads the acting seat's view of the game."""
    return bool(getattr(interface, "needs_game", False))


def prepare(interface: Any, observation, action_mask, game=None) -> Decision:
    """``interface.prepare``, handing it ``game`` (the acting seat's view) if it reads
    the game.

    Raises:
        ValueError: the interface reads the game and ``game`` is None.
    """
    if needs_game(interface):
        if game is None:
            raise ValueError(f"the {interface.name} interface reads the game: "
                             "pass the acting seat's view")
        return interface.prepare(observation, action_mask, game=game)
    return interface.prepare(observation, action_mask)


class RawInterface:
    """The env's own observation and action space (every action is a choice)."""

    name = "raw"
    version = 1

    def __init__(self, observation_size: int, num_actions: int):
        self.observation_size = int(observation_size)
        self.num_choices = int(num_actions)
        self._actions = list(range(self.num_choices))

    def prepare(self, observation, action_mask) -> Decision:
        mask = np.asarray(action_mask, dtype=bool)
        return Decision(np.asarray(observation, dtype=np.float32), mask, self._actions)


_INTERFACES: dict[str, Callable[..., Any]] = {}


def register_interface(name: str, factory: Callable[..., Any]) -> None:
    """Register a game's interface factory under ``"<game>/<name>"``."""
    _INTERFACES[name] = factory


def make_interface(game: str, name: str | None, **kwargs: Any) -> Any:
    """The interface ``name`` for ``game`` (``None`` or ``"raw"``: the env's own).

    Raises:
        ValueError: An interface the game does not have (the message lists them).
    """
    if name in (None, "raw"):
        from labyrinth_gym.envs import game_spec

        spec = game_spec(game)
        return RawInterface(spec.observation_size, spec.num_actions)
    full = name if "/" in name else f"{game}/{name}"
    if full.split("/", 1)[0] != game or full not in _INTERFACES:
        known = ["raw"] + sorted(k for k in _INTERFACES if k.startswith(f"{game}/"))
        raise ValueError(f"unknown policy interface {name!r} for {game}; known: {known}")
    return _INTERFACES[full](**kwargs)


def describe(interface: Any) -> dict[str, Any]:
    """The card fields that pin an interface down."""
    return {
        "name": interface.name,
        "version": int(interface.version),
        "observation_size": int(interface.observation_size),
        "num_choices": int(interface.num_choices),
    }
