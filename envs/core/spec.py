"""What a game tells the generic adapters about itself.

Each game module builds one :class:`GameSpec`; the Gymnasium and PettingZoo adapters,
the agent registry, evaluation and the CLI work from it and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.engine import Game

SPEED_REFERENCE_RATE = 12_400.0
"""Steps per second of PettingZoo's ``connect_four_v3`` (random legal actions) at which
the speed targets of :attr:`GameSpec.speed_configs` are stated; the benchmark scales a
target by the reference's rate in its own run over this one."""


@dataclass(frozen=True)
class Option:
    """One constructor argument of a game, as ``labyrinth-gym list GAME`` shows it.

    Attributes:
        name: The keyword (``"num_players"``).
        default: What the game uses when it is not given (None: see ``help``).
        allowed: The values it takes: a description (``"2-6"``, ``"an integer >= 1"``),
            a tuple of the values, or a function returning either (read lazily, e.g.
            the shipped mazes from the game's data files).
        help: One line saying what it changes.
    """

    name: str
    default: Any
    allowed: str | tuple[Any, ...] | Callable[[], Sequence[Any]]
    help: str

    def _allowed(self) -> str | Sequence[Any]:
        return self.allowed() if callable(self.allowed) else self.allowed

    def choices(self) -> tuple[Any, ...] | None:
        """The allowed values when they are an enumeration, else None."""
        allowed = self._allowed()
        return None if isinstance(allowed, str) else tuple(allowed)

    def describe_allowed(self) -> str:
        """The allowed values as one line of text."""
        allowed = self._allowed()
        if isinstance(allowed, str):
            return allowed
        return ", ".join(str(c) for c in allowed)


@dataclass(frozen=True)
class GameSpec:
    """How to build, encode and draw one game.

    Attributes:
        name: Short game name used in agent ids and the CLI (``"maze_party"``).
        env_id: Gymnasium id (``"labyrinth_gym/MazeParty-v1"``).
        version: Dynamics version; bump it when the rules or the encoding change.
        new_game: ``(dice_rng, **kwargs) -> Game``: a fresh game from a Generator.
        observation_size: Length of the flat ``float32`` observation vector.
        encode: ``(game, observer) -> np.ndarray`` for seat ``observer``.
        num_actions: Size of the ``Discrete`` action space.
        render_ansi: ``game -> str`` text picture of the state.
        agent_prefix: PettingZoo agent names are ``f"{agent_prefix}_{seat}"``.
        num_players: ``kwargs -> int`` seats for a given configuration.
        illegal_penalty: Reward given to the seat that plays an illegal action in the
            lenient envs (which then end the episode).
        render_rgb: ``game -> (H, W, 3) uint8`` picture, for ``render_mode="rgb_array"``
            (board games); None: the ``render_ansi`` text drawn as an image
            (:mod:`~labyrinth_gym.envs.core.text_image`).
        cooperative: Every seat shares one return (a party, or a solo game), so one
            agent plays all seats; otherwise seats compete and evaluation rotates them.
        game_kwargs: Default constructor kwargs.
        speed_configs: The configurations ``labyrinth-gym benchmark speed`` times, each a
            dict with ``kwargs`` (constructor kwargs, e.g. ``{"num_players": 4}``) and
            optionally ``target`` (env steps per second with random legal actions the
            configuration should reach when connect_four runs at
            :data:`SPEED_REFERENCE_RATE` in the same run) and ``label`` (default from
            the kwargs: ``"4p"``). Empty: the default configuration, no target.
        season_decks: For games played with decks (the league's Magic pods):
            ``(entries, identities, teams, base, partners) -> (decks, problems)``, where
            ``entries``, ``identities`` and ``teams`` map each player of a season to its
            deck entry (None when the season file gives none), its team's colour
            identity and its team; ``base`` is the season file's folder (for relative
            paths) and ``partners`` whether the season allows partner commanders. It
            returns each player's deck, passed to ``new_game`` as ``decks`` in seat
            order, and every problem found. None: the game takes no decks.
        options: The game's constructor arguments (:class:`Option`), what
            ``labyrinth-gym list GAME`` shows; each is accepted with its default.
    """

    name: str
    env_id: str
    version: int
    new_game: Callable[..., Game]
    observation_size: int
    encode: Callable[[Game, int], np.ndarray]
    num_actions: int
    render_ansi: Callable[[Game], str]
    agent_prefix: str = "player"
    num_players: Callable[..., int] = lambda **kw: 1
    illegal_penalty: float = -1.0
    cooperative: bool = False
    render_rgb: Callable[[Game], np.ndarray] | None = None
    game_kwargs: dict[str, Any] = field(default_factory=dict)
    speed_configs: tuple[dict[str, Any], ...] = ()
    season_decks: Callable[..., tuple[dict[str, Any], list[str]]] | None = None
    options: tuple[Option, ...] = ()

    def render(self, game: Game, mode: str | None):
        """``"ansi"`` text or an ``"rgb_array"`` image of ``game`` (None otherwise):
        the game's picture, or for a game without one its text drawn as an image."""
        if mode == "ansi":
            return self.render_ansi(game)
        if mode == "rgb_array":
            if self.render_rgb is not None:
                return self.render_rgb(game)
            from labyrinth_gym.envs.core.text_image import text_image

            return text_image(self.render_ansi(game))
        return None
