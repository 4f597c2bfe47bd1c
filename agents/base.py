"""The Agent protocol and the registry that finds agents by id (``"<game>/<name>"``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Agent(Protocol):
    """Anything that answers "which move?" for an observation and its action mask.

    Random, heuristic and learned agents use ``(observation, action_mask)`` only.
    Search agents set ``needs_game = True`` and also read ``game``: the acting seat's
    own view (``env.unwrapped.player_view()``), never the true hidden state.
    """

    name: str
    needs_game: bool

    def reset(self, seed: int | None = None) -> None: ...

    def act(self, observation: np.ndarray, action_mask: np.ndarray, *, game: Any = None) -> int: ...


def decide(agent: Agent, spec: Any, game: Any, seat: int,
           view_rng: np.random.Generator) -> int:
    """``agent``'s move for ``seat`` (the seat to act) in ``game``: the seat's
    observation (``spec.encode``) and legal mask, and for an agent with ``needs_game``
    a determinized view drawn with ``view_rng`` (never the true state). Evaluation
    and the game server ask agents this way."""
    view = game.determinize(seat, view_rng) if agent.needs_game else None
    return int(agent.act(spec.encode(game, seat), game.legal_mask(), game=view))


class UnknownAgentError(ValueError):
    """An agent id that the registry does not know."""


_REGISTRY: dict[str, Callable[..., Agent]] = {}


def register(agent_id: str, factory: Callable[..., Agent]) -> None:
    """Register a factory under ``"<game>/<name>"`` (``"*/<name>"`` for every game)."""
    _REGISTRY[agent_id] = factory


def registered(game: str | None = None) -> list[str]:
    """Agent ids known for ``game`` (or every concrete id)."""
    from labyrinth_gym.envs import game_names

    games = [game] if game else game_names()
    ids = []
    for g in games:
        names = {k.split("/", 1)[1] for k in _REGISTRY if k.split("/", 1)[0] in (g, "*")}
        ids += [f"{g}/{n}" for n in sorted(names)]
    return ids


def make(agent_id: str, **kwargs: Any) -> Agent:
    """Build an agent by id, e.g. ``make("maze_party/heuristic")``.

    Raises:
        UnknownAgentError: the id names no known game or agent (the message lists them).
    """
    from labyrinth_gym.envs import game_names

    if "/" not in agent_id:
        raise UnknownAgentError(f"agent ids look like '<game>/<name>', got {agent_id!r}")
    game, name = agent_id.split("/", 1)
    if game not in game_names():
        raise UnknownAgentError(f"unknown game {game!r}; known games: {', '.join(game_names())}")
    factory = _REGISTRY.get(agent_id) or _REGISTRY.get(f"*/{name}")
    if factory is None:
        raise UnknownAgentError(
            f"unknown agent {agent_id!r}; known agents: {', '.join(registered(game))}"
        )
    return factory(game=game, **kwargs)
