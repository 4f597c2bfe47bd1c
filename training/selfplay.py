"""Self-play for competitive games: the learner takes one seat, a pool fills the others.

Each episode :class:`SelfPlayEnv` draws the game configuration (variant, player count)
from the configured choices, a seat for the learner, and an opponent for every other
seat from an :class:`OpponentPool`: fixed agents by id (``random``, ``heuristic``) and
frozen snapshots of the learner itself, which training adds as it goes (the newest
``keep`` of them; see :func:`labyrinth_gym.training.train.train`).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.gym_adapter import EngineGymEnv
from labyrinth_gym.envs.core.spec import GameSpec


def _load_potential(name: str):
    """The ``function(game, seat)`` that ``"module:function"`` names."""
    import importlib

    module, sep, attr = name.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"potential must be 'module:function', got {name!r}")
    fn = getattr(importlib.import_module(module), attr, None)
    if not callable(fn):
        raise ValueError(f"potential {name!r}: {module} has no function {attr!r}")
    return fn


class PolicySnapshot:
    """A frozen copy of a MaskablePPO policy, playing as an opponent (sampled moves)
    through the learner's policy interface."""

    needs_game = False

    def __init__(self, policy, name: str, interface: Any = None):
        from labyrinth_gym.agents.interface import needs_game

        self.policy = copy.deepcopy(policy)
        self.policy.set_training_mode(False)
        self.name = name
        self.interface = interface
        self.needs_game = needs_game(interface)

    def reset(self, seed: int | None = None) -> None:
        pass

    def act(self, observation, action_mask, *, game=None) -> int:
        from labyrinth_gym.agents.interface import prepare

        if self.interface is None:
            return self._choose(observation, action_mask)
        decision = prepare(self.interface, observation, action_mask, game)
        if decision.ruled is not None:
            return decision.ruled
        return decision.action(self._choose(decision.observation, decision.mask))

    def _choose(self, observation, mask) -> int:
        choice, _ = self.policy.predict(
            np.asarray(observation, dtype=np.float32)[None],
            action_masks=np.asarray(mask, dtype=bool)[None],
            deterministic=False,
        )
        return int(choice[0])


class OpponentPool:
    """Opponents to sample from: fixed agents with weights, plus recent snapshots.

    Args:
        game: Game name, for building agents by id.
        fixed: ``{agent name: weight}``, e.g. ``{"random": 1, "heuristic": 2}``.
        snapshot_weight: Total weight shared by the snapshots (0 until one exists).
        keep: Snapshots kept (oldest dropped first).
    """

    def __init__(
        self,
        game: str,
        fixed: dict[str, float],
        snapshot_weight: float = 2.0,
        keep: int = 5,
        interface: Any = None,
    ):
        from labyrinth_gym.agents import make

        self.game = game
        self.fixed = [(make(f"{game}/{name}"), float(w)) for name, w in fixed.items()]
        self.snapshot_weight = snapshot_weight
        self.keep = keep
        self.interface = interface
        self.snapshots: list[PolicySnapshot] = []

    def add_snapshot(self, policy, name: str) -> None:
        """Freeze ``policy`` as ``name`` (a name already held is not added twice: the
        envs of one process share their pool)."""
        if any(s.name == name for s in self.snapshots):
            return
        self.snapshots.append(PolicySnapshot(policy, name, self.interface))
        del self.snapshots[: -self.keep]

    def sample(self, rng: np.random.Generator):
        agents = [a for a, _ in self.fixed]
        weights = [w for _, w in self.fixed]
        if self.snapshots:
            agents += self.snapshots
            weights += [self.snapshot_weight / len(self.snapshots)] * len(self.snapshots)
        p = np.asarray(weights, dtype=float)
        return agents[int(rng.choice(len(agents), p=p / p.sum()))]

    def describe(self) -> dict[str, Any]:
        return {
            "fixed": {a.name: w for a, w in self.fixed},
            "snapshot_weight": self.snapshot_weight,
            "keep": self.keep,
        }


class SelfPlayEnv(EngineGymEnv):
    """A competitive game's Gymnasium env with per-episode configuration and opponents.

    Args:
        spec: The game's :class:`GameSpec`.
        pool: Where opponents come from.
        choices: ``{kwarg: [values]}`` drawn uniformly per episode, e.g.
            ``{"variant": ["caffeinated"], "num_players": [2, 3, 4]}``.
        shaping: Weight of potential-based shaping (Ng et al. 1999): each learner step
            adds ``shaping * (phi' - phi)``, so an episode's shaping sums to the final
            potential less the first and the optimal policy is unchanged.
        potential: The shaping potential ``phi``: ``None`` is the learner's score lead,
            ``(own score - mean opponent score) / 25`` (needs the engine's
            ``scores()``); else ``"module:function"`` naming a ``function(game, seat)
            -> float`` (a name, not a callable, so that worker processes can load it),
            e.g. ``labyrinth_gym.agents.dungeon_crawler:race_lead``.
        reward: ``"return"``: the learner's own final return (the engine's
            ``returns()``); ``"lead"``: half its lead over the mean rival's return, so
            in a game of one winner (+1) and losers (-1) a win scores 1 and a loss
            ``-1 / (players - 1)``. That is what a win share counts (a truncated game
            shares a win between all seats): the lead's expectation grows exactly with
            the learner's win share, whereas the plain return also pays for the
            rivals' losses (stopping them counts as much as winning).
        interface: The learner's policy interface (see
            :class:`~labyrinth_gym.envs.core.gym_adapter.EngineGymEnv`); None plays the
            env's own observation and actions.
        strict: Raise on an illegal action instead of ending the episode.
        **game_kwargs: Fixed game kwargs.
    """

    def __init__(
        self,
        spec: GameSpec,
        pool: OpponentPool,
        choices: dict[str, Sequence[Any]] | None = None,
        shaping: float = 0.0,
        interface: Any = None,
        strict: bool = False,
        reward: str = "return",
        potential: str | None = None,
        **game_kwargs: Any,
    ):
        if reward not in ("return", "lead"):
            raise ValueError(f"reward must be 'return' or 'lead', got {reward!r}")
        self.spec_ = spec
        self.pool = pool
        self.shaping = float(shaping)
        self.potential = potential
        self._phi_fn = _load_potential(potential) if potential else None
        self.reward = reward
        self.choices = {k: list(v) for k, v in (choices or {}).items()}
        first = {k: v[0] for k, v in self.choices.items()}
        super().__init__(strict=strict, interface=interface, **{**game_kwargs, **first})
        self._fixed_kwargs = dict(game_kwargs)

    def add_snapshot(self, policy, name: str) -> None:
        """Freeze the learner's ``policy`` into the opponent pool (``env_method`` target)."""
        self.pool.add_snapshot(policy, name)

    def episode_kwargs(self) -> dict[str, Any]:
        kwargs = dict(self._fixed_kwargs)
        for key, values in self.choices.items():
            kwargs[key] = values[int(self.np_random.integers(len(values)))]
        return kwargs

    def episode_opponents(self, seat: int, n_seats: int) -> dict[int, Any]:
        others = [(seat + k) % n_seats for k in range(1, n_seats)]
        return {s: self.pool.sample(self.np_random) for s in others}

    def _learner_return(self, seat: int) -> float:
        own = super()._learner_return(seat)
        if self.reward == "return" or not self.game.is_terminal():
            return own
        seat = self.seat if seat < 0 or seat in self.opponents else seat
        returns = self.game.returns()
        others = [r for i, r in enumerate(returns) if i != seat]
        return (own - sum(others) / len(others)) / 2.0

    def _potential(self) -> float:
        if self._phi_fn is not None:
            return float(self._phi_fn(self.game, self.seat))
        scores = self.game.scores()
        others = [s for i, s in enumerate(scores) if i != self.seat]
        return (scores[self.seat] - sum(others) / len(others)) / 25.0

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        obs, info = super().reset(seed=seed, options=options)
        self._phi = self._potential() if self.shaping else 0.0
        return obs, info

    def step(self, action):
        obs, reward, terminated, truncated, info = super().step(action)
        if self.shaping and "illegal_action" not in info:
            phi = self._potential()
            reward += self.shaping * (phi - self._phi)
            self._phi = phi
        return obs, reward, terminated, truncated, info


@dataclass
class SelfPlaySettings:
    """A run's self-play, read from the hyperparameter file's ``selfplay`` section.

    Both training backends build their envs from it: Stable-Baselines3's vector envs in
    one process and RLlib's env runners, which rebuild the pool in their own process
    from :meth:`to_dict` (agents by name, not objects, travel to other machines).
    """

    fixed: dict[str, float] = field(default_factory=lambda: {"random": 1.0})
    """Fixed opponents by agent name (``heuristic``, ``random``) and weight."""
    snapshot_weight: float = 2.0
    """Total weight the learner's snapshots share once they exist."""
    keep: int = 5
    """Snapshots kept (oldest dropped first)."""
    snapshot_every: int = 50_000
    """Env steps between two snapshots of the learner."""
    shaping: float = 0.0
    """Weight of potential-based shaping (see :class:`SelfPlayEnv`)."""
    reward: str = "return"
    """``"return"`` or ``"lead"`` (see :class:`SelfPlayEnv`)."""
    potential: str | None = None
    """The shaping potential, ``"module:function"`` (None: the score lead)."""
    choices: dict[str, list[Any]] = field(default_factory=dict)
    """Game kwargs drawn per episode, e.g. ``{"num_players": [2, 3, 4]}``."""

    @classmethod
    def from_params(cls, section: dict[str, Any] | None,
                    choices: dict[str, list[Any]] | None = None) -> SelfPlaySettings:
        """From a ``selfplay`` section; ``choices`` (the command line's) replace the
        section's own. An unknown key is a ValueError naming it."""
        section = dict(section or {})
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(section) - known)
        if unknown:
            raise ValueError(f"unknown selfplay settings {unknown}; known: {sorted(known)}")
        section["choices"] = {k: list(v) for k, v in
                              (choices or section.get("choices") or {}).items()}
        settings = cls(**section)
        if settings.reward not in ("return", "lead"):
            raise ValueError(f"selfplay reward must be 'return' or 'lead', "
                             f"got {settings.reward!r}")
        return settings

    def check(self, spec: GameSpec, game_kwargs: dict[str, Any]) -> None:
        """Load the shaping potential and build one game of every per-episode choice,
        so a bad one fails now, in this process (the fixed opponents are checked where
        the pool is built, which both backends do in this process too)."""
        if self.potential:
            _load_potential(self.potential)
        for key, values in self.choices.items():
            for value in values:
                spec.new_game(None, **{**game_kwargs, key: value})

    def pool(self, game: str, interface: Any = None) -> OpponentPool:
        return OpponentPool(game, self.fixed, snapshot_weight=float(self.snapshot_weight),
                            keep=int(self.keep), interface=interface)

    def env(self, spec: GameSpec, pool: OpponentPool, interface: Any = None,
            **game_kwargs: Any) -> SelfPlayEnv:
        """A :class:`SelfPlayEnv` with these settings over ``pool``."""
        return SelfPlayEnv(spec, pool, self.choices, shaping=float(self.shaping),
                           interface=interface, reward=self.reward,
                           potential=self.potential, **game_kwargs)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def describe(self, game: str) -> dict[str, Any]:
        """What a checkpoint's card records (fixed opponents by agent id)."""
        out = self.to_dict()
        out["fixed"] = {f"{game}/{name}": float(w) for name, w in self.fixed.items()}
        out["snapshot_weight"] = float(self.snapshot_weight)
        out["shaping"] = float(self.shaping)
        return out
