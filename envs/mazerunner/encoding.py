"""Commander pod state -> one seat's observation vector.

The Magic observation of the seat (:func:`labyrinth_gym.envs.magic.encoding.encode`,
layout in :mod:`labyrinth_gym.envs.magic.encoding`, seats relative to the observer in
turn order) followed by the *Commander block*, what the format adds. Everything in it
is public (the command zone, the tax and commander damage are known to all).

| block     | size                          | content                                   |
|-----------|-------------------------------|-------------------------------------------|
| magic     | :data:`MAGIC_OBS_SIZE`        | the Magic observation                      |
| globals   | :data:`GLOBAL_SIZE`           | the ``commander_zone`` decision; per      |
|           |                               | relative seat: commanders in the command  |
|           |                               | zone / 2, their highest tax / 10, the     |
|           |                               | most commander damage the seat has taken  |
|           |                               | from one commander / 21, the most its own |
|           |                               | commanders dealt the observer / 21, the   |
|           |                               | most the observer's commanders dealt it   |
|           |                               | / 21                                      |
| on board  | 64                            | 1 where the permanent in that slot is a   |
|           |                               | commander (face up)                       |
| command   | 2 x (2 + card)                | the observer's command zone, row ``i``    |
|           |                               | the card action ``COMMAND + i`` casts:    |
|           |                               | present, tax / 10, the card's features    |

While the ``commander_zone`` decision is asked the Magic block's decision one-hot is
all zero and its ``to_act`` is set.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.magic import encoding as M
from labyrinth_gym.envs.magic.encoding import CARD_SIZE
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.mazerunner.engine.game import (
    COMMANDER_DAMAGE,
    MAX_COMMANDERS,
    CommanderGame,
)

MAGIC_OBS_SIZE = M.OBS_SIZE
PER_SEAT = 5
GLOBAL_SIZE = 1 + PER_SEAT * A.MAX_PLAYERS
ROW = 2 + CARD_SIZE
O_GLOBAL = MAGIC_OBS_SIZE
O_ON_BOARD = O_GLOBAL + GLOBAL_SIZE
O_COMMANDERS = O_ON_BOARD + A.MAX_PERMANENTS
OBS_SIZE = O_COMMANDERS + MAX_COMMANDERS * ROW


def encode(game: CommanderGame, observer: int) -> np.ndarray:
    """Seat ``observer``'s observation (layout in the module docstring)."""
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    M.encode(game, observer, out=obs[:MAGIC_OBS_SIZE])
    g = obs[O_GLOBAL:O_COMMANDERS]
    d = game.decision
    g[0] = d is not None and game.outcome is None and d["kind"] == "commander_zone"
    n = game.num_players
    for p in range(n):
        r = (p - observer) % n
        off = 1 + r * PER_SEAT
        g[off] = len(game.command[p]) / MAX_COMMANDERS
        g[off + 1] = min(max((game.tax(c) for c in game.commanders[p]), default=0) / 10, 1.0)
        g[off + 2] = min(max(game.commander_damage[p].values(), default=0)
                         / COMMANDER_DAMAGE, 1.0)
        own = [game.commander_damage[observer].get(str(c), 0) for c in game.commanders[p]]
        g[off + 3] = min(max(own, default=0) / COMMANDER_DAMAGE, 1.0)
        mine = [game.commander_damage[p].get(str(c), 0) for c in game.commanders[observer]]
        g[off + 4] = min(max(mine, default=0) / COMMANDER_DAMAGE, 1.0)
    on_board = obs[O_ON_BOARD:O_COMMANDERS]
    commanders = {c for cs in game.commanders for c in cs}
    for perm in game.battlefield.values():
        if perm.card in commanders and not perm.face_down and 0 <= perm.slot < len(on_board):
            on_board[perm.slot] = 1.0
    rows = obs[O_COMMANDERS:]
    for i, card in enumerate(game.command[observer][:MAX_COMMANDERS]):
        row = rows[i * ROW:(i + 1) * ROW]
        row[0] = 1.0
        row[1] = min(game.tax(card) / 10, 1.0)
        row[2:] = M.card_row(game, card)
    return obs


__all__ = ["GLOBAL_SIZE", "MAGIC_OBS_SIZE", "O_COMMANDERS", "O_GLOBAL", "O_ON_BOARD",
           "OBS_SIZE", "PER_SEAT", "ROW", "encode"]
