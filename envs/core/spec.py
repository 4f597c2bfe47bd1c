"""What a game tells the generic adapters about itself.

Each game module builds one :class:`GameSpec`; the Gymnasium and PettingZoo adapters,
the agent registry, evaluation and the CLI work from it and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.engine import Game


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
            (board games).
        cooperative: Every seat shares one return (a party, or a solo game), so one
            agent plays all seats; otherwise seats compete and evaluation rotates them.
        game_kwargs: Default constructor kwargs.
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

    def render(self, game: Game, mode: str | None):
        """``"ansi"`` text or an ``"rgb_array"`` image of ``game`` (None otherwise)."""
        if mode == "ansi":
            return self.render_ansi(game)
        if mode == "rgb_array" and self.render_rgb is not None:
            return self.render_rgb(game)
        return None
