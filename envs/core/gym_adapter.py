"""A generic Gymnasium ``Env`` over any engine that follows the contract.

In a cooperative game (``spec.cooperative``) one policy controls every seat that has
no opponent agent (the whole party); ``opponents={seat: agent}`` hands seats to agents.
In a competitive game the learner plays one seat (``learner_seat``, default a seat drawn
per episode) and every other seat is played by ``opponents`` (a list, cycled over the
other seats in turn order, or a ``{seat: agent}`` dict), by default uniformly random
legal moves. Opponents move inside ``step``; one whose ``needs_observation`` is False
(the default random opponent) is handed ``None`` instead of an observation, which
spares an encoding per opponent move. Subclasses may override
:meth:`episode_kwargs` and :meth:`episode_opponents` to vary the game and the opponents
per episode (self-play pools do). The reward is the learner's return, so ``+1/-1``
arrives on the final step.

Through a policy interface (``interface=``, :mod:`labyrinth_gym.agents.interface`) the
observation and the action space are the interface's, :meth:`action_masks` masks its
choices, the decisions it rules are applied inside ``step`` (and ``reset``), and a
choice outside the allowed ones counts as an illegal action. An interface with a
``reset()`` method is reset at every episode start.

Render modes: every game takes ``render_mode=None``, ``"ansi"`` (its text picture) and
``"rgb_array"`` (its board drawn, or for a game without one its text drawn as an image
of a fixed size), whatever a subclass's ``metadata`` says: SB3's ``make_vec_env`` asks
for ``"rgb_array"``, and ``SubprocVecEnv`` and video recorders need it.

The action mask (``info["action_mask"]``, ``int8``, and :meth:`action_masks`) is the
acting seat's legal set, and all zeros on an episode's last step (terminated,
truncated, or ended by an illegal action): nothing is legal once the game is over.
Under Gymnasium's vector autoreset (``gymnasium.make_vec``, next-step mode) the step
after that returns the new episode's first observation and mask; under SB3's
``VecEnv`` the step that ends an episode returns the new episode's observation but the
ended episode's info, so its ``info["action_mask"]`` is the zero mask: take the mask
from ``env_method("action_masks")`` (what MaskablePPO does), not from that info.

Illegal actions: with ``strict=False`` (default, what ``check_env`` and unmasked
learners need) an illegal action ends the episode with reward
``spec.illegal_penalty`` and ``info["illegal_action"] = {"action", "legal"}``; with
``strict=True`` the engine's :class:`IllegalActionError` propagates.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from labyrinth_gym.envs.core.engine import Game, IllegalActionError
from labyrinth_gym.envs.core.spec import GameSpec

RENDER_MODES = ("ansi", "rgb_array")
"""The render modes of every game (:meth:`GameSpec.render`)."""


class EngineGymEnv(gym.Env):
    """Gymnasium face of an engine; subclasses set ``spec_`` (a :class:`GameSpec`)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}
    spec_: GameSpec

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # every game renders both modes (a game without a board draws its text), so a
        # subclass's metadata that lists only "ansi" would turn rgb_array away
        cls.metadata = {**cls.metadata, "render_modes": list(RENDER_MODES)}

    def __init__(
        self,
        render_mode: str | None = None,
        strict: bool = False,
        opponents: dict[int, Any] | list[Any] | None = None,
        learner_seat: int | None = None,
        interface: Any = None,
        **game_kwargs: Any,
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, "
                f"got {render_mode!r}"
            )
        self.render_mode = render_mode
        self.strict = strict
        self.opponent_agents = opponents
        self.learner_seat = learner_seat
        self.game_kwargs = {**self.spec_.game_kwargs, **game_kwargs}
        # Build one game now so bad kwargs fail at construction, not at reset.
        self.game: Game = self.spec_.new_game(np.random.default_rng(0), **self.game_kwargs)
        n_seats = self.game.num_players
        if learner_seat is not None and not 0 <= learner_seat < n_seats:
            raise ValueError(f"learner_seat must be in 0..{n_seats - 1}, got {learner_seat}")
        if self.spec_.cooperative and isinstance(opponents, list):
            raise ValueError("a cooperative game takes opponents as {seat: agent}")
        self.opponents: dict[int, Any] = {}
        self.seat = 0
        n = self.spec_.observation_size
        self.observation_space = spaces.Box(-1.0, 1.0, shape=(n,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.spec_.num_actions)
        self._view_rng = np.random.default_rng(0)
        self._done = True
        self.interface = interface
        self._decision = None
        if interface is not None:
            n = interface.observation_size
            self.observation_space = spaces.Box(-np.inf, np.inf, shape=(n,), dtype=np.float32)
            self.action_space = spaces.Discrete(interface.num_choices)

    # ----------------------------------------------------------------- gym API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._view_rng = np.random.default_rng(self.np_random.integers(2**63))
        self.game = self.spec_.new_game(self.np_random, **self.episode_kwargs())
        n_seats = self.game.num_players
        if self.spec_.cooperative:
            self.opponents = dict(self.opponent_agents or {})
            self.seat = self._learner_seats()[0]
        else:
            seat = self.learner_seat
            self.seat = int(self.np_random.integers(n_seats)) if seat is None else seat
            self.opponents = self.episode_opponents(self.seat, n_seats)
        for agent in self.opponents.values():
            agent.reset(seed=int(self.np_random.integers(2**31)))
        self._done = False
        reward = self._play_opponents()
        obs, info = self._obs_info()
        info["opening_reward"] = reward
        if self.interface is not None:
            if hasattr(self.interface, "reset"):
                self.interface.reset()
            _, obs, terminated, truncated, info = self._through_interface(obs, info)
            if terminated or truncated:  # ruled to the end before any choice
                return self.reset(options=options)
        return obs, info

    def step(self, action):
        if self.interface is not None:
            return self._interface_step(action)
        return self._engine_step(action)

    def _engine_step(self, action):
        if self._done:
            raise RuntimeError("step() called on a finished episode; call reset()")
        learner = self.game.current_player()
        before = self._learner_return(learner)
        try:
            self.game.apply_action(int(action))
        except IllegalActionError as err:
            if self.strict:
                raise
            self._done = True
            obs, info = self._obs_info(observer=learner)
            info["action_mask"] = np.zeros_like(info["action_mask"])  # the episode ended
            info["illegal_action"] = {"action": int(action), "legal": err.legal}
            return obs, float(self.spec_.illegal_penalty), True, False, info
        self._play_opponents()
        reward = self._learner_return(learner) - before
        terminated = self.game.is_terminal() and not self.game.is_truncated()
        truncated = self.game.is_truncated()
        self._done = terminated or truncated
        obs, info = self._obs_info(observer=learner)
        return obs, float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """Legal actions as a bool array (sb3-contrib's MaskablePPO reads this); through
        an interface, its allowed choices."""
        if self.interface is None:
            return self.game.legal_mask().astype(bool)
        if self._decision is None or self._decision.mask is None:
            return np.ones(self.interface.num_choices, dtype=bool)
        return self._decision.mask.copy()

    # ------------------------------------------------------------ interface
    def _interface_step(self, choice):
        if self._done:
            raise RuntimeError("step() called on a finished episode; call reset()")
        decision = self._decision
        try:
            action = decision.action(choice)
        except ValueError as err:
            if self.strict:
                raise
            self._done = True
            info = {"illegal_action": {"action": int(choice), "error": str(err)},
                    "player": self.seat,
                    "action_mask": np.zeros(self.spec_.num_actions, dtype=np.int8)}
            return self._blank(), float(self.spec_.illegal_penalty), True, False, info
        obs, reward, terminated, truncated, info = self._engine_step(action)
        if terminated or truncated:
            self._decision = None
            return self._blank(), reward, terminated, truncated, info
        more, obs, term2, trunc2, info = self._through_interface(obs, info)
        return obs, reward + more, term2, trunc2, info

    def _through_interface(self, obs, info):
        """Apply ruled decisions until the learner has a choice or the game ends;
        return the reward meanwhile and the interface's observation."""
        reward = 0.0
        while True:
            if getattr(self.interface, "needs_game", False):  # it reads the seat's view
                decision = self.interface.prepare(obs, info["action_mask"],
                                                  game=self.player_view())
            else:
                decision = self.interface.prepare(obs, info["action_mask"])
            if decision.ruled is None:
                self._decision = decision
                return reward, decision.observation, False, False, info
            obs, r, terminated, truncated, info = self._engine_step(decision.ruled)
            reward += r
            if terminated or truncated:
                self._decision = None
                return reward, self._blank(), terminated, truncated, info

    def _blank(self) -> np.ndarray:
        return np.zeros(self.observation_space.shape, dtype=np.float32)

    def render(self):
        return self.spec_.render(self.game, self.render_mode)

    def player_view(self) -> Game:
        """The acting seat's own view: a clone with hidden information resampled.

        Search agents get this, never the true state. It draws from a generator of its
        own, so asking for a view does not change the game's trajectory.
        """
        seat = max(self.game.current_player(), 0)
        return self.game.determinize(seat, self._view_rng)

    # ------------------------------------------------------- per-episode hooks
    def episode_kwargs(self) -> dict[str, Any]:
        """Game kwargs for the next episode (default: the constructor's)."""
        return self.game_kwargs

    def episode_opponents(self, seat: int, n_seats: int) -> dict[int, Any]:
        """Agents for every seat but the learner's ``seat`` this episode."""
        others = [(seat + k) % n_seats for k in range(1, n_seats)]
        given = self.opponent_agents
        if isinstance(given, dict):
            missing = [s for s in others if s not in given]
            if missing:
                raise ValueError(f"no opponent agent for seats {missing}")
            return {s: given[s] for s in others}
        if given:
            return {s: given[k % len(given)] for k, s in enumerate(others)}
        return {s: UniformRandomOpponent(self._view_rng) for s in others}

    # ----------------------------------------------------------------- helpers
    def _learner_seats(self) -> list[int]:
        return [s for s in range(self.game.num_players) if s not in self.opponents]

    def _learner_return(self, seat: int) -> float:
        if not self.game.is_terminal():
            return 0.0
        if seat < 0 or seat in self.opponents:
            seat = self.seat
        return float(self.game.returns()[seat])

    def _play_opponents(self) -> float:
        game = self.game
        while not game.is_terminal() and game.current_player() in self.opponents:
            seat = game.current_player()
            agent = self.opponents[seat]
            # the default random opponent never looks at the observation
            needs_obs = getattr(agent, "needs_observation", True)
            obs = self.spec_.encode(game, seat) if needs_obs else None
            view = game.determinize(seat, self._view_rng) if agent.needs_game else None
            action = agent.act(obs, game.legal_mask(), game=view)
            game.apply_action(int(action))
        return 0.0

    def _obs_info(self, observer: int | None = None) -> tuple[np.ndarray, dict]:
        game = self.game
        seat = game.current_player()
        if seat < 0:
            seat = observer if observer is not None and observer >= 0 else self.seat
        obs = self.spec_.encode(game, seat)
        info = {"action_mask": game.legal_mask(), "player": seat}
        return obs, info


class UniformRandomOpponent:
    """The default opponent: uniformly random legal moves from the env's view rng."""

    needs_game = False
    #: It picks from the mask alone, so the env need not encode an observation for it.
    needs_observation = False
    name = "uniform-random"

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def reset(self, seed: int | None = None) -> None:
        pass

    def act(self, observation, action_mask, *, game=None) -> int:
        legal = np.flatnonzero(action_mask)
        return int(legal[self.rng.integers(len(legal))])
