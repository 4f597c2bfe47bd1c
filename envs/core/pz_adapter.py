"""A generic PettingZoo AEC env over any engine that follows the contract.

``raw_env`` raises the engine's :class:`IllegalActionError` on an illegal action;
:func:`wrap` adds :class:`EndOnIllegalAction` (the episode ends, the offender gets
``spec.illegal_penalty``, the others 0, and every agent's info carries
``"illegal_action"``; it also makes PettingZoo's bounds check, an ``AssertionError``
for an action outside the action space) plus PettingZoo's order checks.

Observations are ``{"observation": Box, "action_mask": Box(int8)}`` for the observing
seat; the mask is all zeros when it is not that agent's turn, and for every agent once
the game is over (what ``last()`` shows a finished agent).

Render modes: ``None``, ``"ansi"`` and ``"rgb_array"`` for every game (a game without a
board draws its text as an image), whatever a subclass's ``metadata`` lists.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.base import BaseWrapper

from labyrinth_gym.envs.core.engine import Game, IllegalActionError
from labyrinth_gym.envs.core.spec import GameSpec


class EngineAECEnv(AECEnv):
    """PettingZoo face of an engine; subclasses set ``spec_`` (a :class:`GameSpec`)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "engine_v0",
                "is_parallelizable": False}
    spec_: GameSpec

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # every game renders both modes (see GameSpec.render)
        cls.metadata = {**cls.metadata, "render_modes": ["ansi", "rgb_array"]}

    def __init__(self, render_mode: str | None = None, **game_kwargs: Any):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, "
                f"got {render_mode!r}"
            )
        self.render_mode = render_mode
        self.game_kwargs = {**self.spec_.game_kwargs, **game_kwargs}
        self.game: Game = self.spec_.new_game(np.random.default_rng(0), **self.game_kwargs)
        n_seats = self.game.num_players
        self.possible_agents = [f"{self.spec_.agent_prefix}_{i}" for i in range(n_seats)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.spec_.observation_size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, shape=(n,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.spec_.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.spec_.num_actions) for a in self.possible_agents
        }
        self._view_rng = np.random.default_rng(0)
        self.np_random = np.random.default_rng()
        self.agents: list[str] = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # --------------------------------------------------------------- AEC API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or not hasattr(self, "_seeded"):
            self.np_random = np.random.default_rng(seed)
            self._seeded = True
        self._view_rng = np.random.default_rng(self.np_random.integers(2**63))
        self.game = self.spec_.new_game(self.np_random, **self.game_kwargs)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        game = self.game
        if (
            agent == self.agent_selection
            and not game.is_terminal()
            and game.current_player() == seat
            and not self.terminations.get(agent)  # (an illegal action ended it)
        ):
            mask = game.legal_mask()
        else:
            mask = np.zeros(self.spec_.num_actions, dtype=np.int8)
        return {"observation": self.spec_.encode(game, seat), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_action(int(action))  # raises IllegalActionError (raw env)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_terminal():
            returns = self.game.returns()
            truncated = self.game.is_truncated()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
        else:
            self.agent_selection = self.possible_agents[self.game.current_player()]
        self._accumulate_rewards()

    def end_on_illegal(self, agent: str, action: int, error: IllegalActionError) -> None:
        """End the episode because ``agent`` played an illegal ``action``."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = float(self.spec_.illegal_penalty)
        for a in self.agents:
            self.terminations[a] = True
            self.infos[a] = {
                "illegal_action": {"agent": agent, "action": int(action), "legal": error.legal}
            }
        self._accumulate_rewards()

    def render(self):
        return self.spec_.render(self.game, self.render_mode)

    def close(self) -> None:
        pass

    def player_view(self) -> Game:
        """The acting seat's own view (hidden information resampled), for search."""
        seat = max(self.game.current_player(), 0)
        return self.game.determinize(seat, self._view_rng)


def _forwarded(name: str, after_reset: bool = False) -> property:
    """A read-through attribute of the wrapped env (``after_reset``: as PettingZoo's
    order checks have it, an ``AttributeError`` until the first reset)."""

    def get(self):
        return getattr(self.env, name)

    def get_after_reset(self):
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    def set(self, value):
        setattr(self.env, name, value)

    return property(get_after_reset if after_reset else get, set,
                    doc=f"The wrapped env's ``{name}``.")


class EndOnIllegalAction(BaseWrapper):
    """Turn the raw env's :class:`IllegalActionError` into a penalised episode end.

    It also asserts, as PettingZoo's ``AssertOutOfBoundsWrapper`` does, that the action
    lies in the action space (or is ``None`` for a finished agent), and it reads the
    per-agent dicts straight off the env it wraps: ``BaseWrapper`` finds them through
    ``__getattr__``, a Python call per wrapper layer, and ``last()`` reads five of them
    every step.
    """

    agents = _forwarded("agents")
    agent_selection = _forwarded("agent_selection")
    rewards = _forwarded("rewards")
    _cumulative_rewards = _forwarded("_cumulative_rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")

    def step(self, action) -> None:
        env = self.env
        agent = env.agent_selection
        if env.terminations.get(agent) or env.truncations.get(agent):
            assert action is None or self.action_space(agent).contains(action), (
                "action is not in action space"
            )
            env.step(action)
            return
        space = self.action_space(agent)
        # a plain int in range skips gymnasium's Discrete.contains (numpy scalars)
        fast = type(action) is int and space.start <= action < space.start + space.n
        assert fast or space.contains(action), "action is not in action space"
        try:
            env.step(action)
        except IllegalActionError as err:
            env.unwrapped.end_on_illegal(agent, int(action), err)


class EnforceOrder(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks, reading the per-agent dicts as properties.

    ``OrderEnforcingWrapper`` finds them through its ``__getattr__`` and then
    ``BaseWrapper``'s, which cost more than anything else in the wrappers.
    """

    agents = _forwarded("agents", after_reset=True)
    agent_selection = _forwarded("agent_selection", after_reset=True)
    rewards = _forwarded("rewards", after_reset=True)
    _cumulative_rewards = _forwarded("_cumulative_rewards")
    terminations = _forwarded("terminations", after_reset=True)
    truncations = _forwarded("truncations", after_reset=True)
    infos = _forwarded("infos", after_reset=True)

    def __str__(self) -> str:
        return str(self.env)  # as OrderEnforcingWrapper itself prints


def wrap(raw: EngineAECEnv) -> AECEnv:
    """The standard wrapper stack for a raw engine env."""
    return EnforceOrder(EndOnIllegalAction(raw))
