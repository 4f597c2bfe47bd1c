"""Pictures of the layout: ``"ansi"`` text and an ``"rgb_array"`` image (numpy only).

Text: each cell of the layout's bounding box is 3 rows x 5 characters; a card shows its
paths as ``|`` and ``-`` from the centre ``+`` to each open edge, with the first letters
of its two treasures on the top row; ``*`` in the bottom-left corner marks a card
played this turn.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    PHASE_NAMES,
    LabyrinthCardsGame,
)
from labyrinth_gym.envs.labyrinth_cards.engine.layout import EMPTY, E, N, S, W


def _bbox(game: LabyrinthCardsGame) -> tuple[int, int, int, int]:
    size = game.data.size
    rows = [c // size for c in game.occupied]
    cols = [c % size for c in game.occupied]
    return min(rows), max(rows), min(cols), max(cols)


def _tag(game: LabyrinthCardsGame, card: int) -> str:
    names = game.data.treasure_names
    a, b = game.data.cards[card].treasures
    return names[a][:2] + names[b][:2]


def render_text(game: LabyrinthCardsGame) -> str:
    size = game.data.size
    r0, r1, c0, c1 = _bbox(game)
    lines = [
        f"Labyrinth the Card Game ({game.variant}), {game.num_players} players, "
        f"turn {game.turn}, deck {len(game.deck)}",
        "     " + "".join(f"{c:^5}" for c in range(c0, c1 + 1)),
    ]
    for r in range(r0, r1 + 1):
        rows = ["", "", ""]
        for c in range(c0, c1 + 1):
            cell = r * size + c
            card = game.card_at[cell]
            if card == EMPTY:
                rows[0] += "     "
                rows[1] += "  .  "
                rows[2] += "     "
                continue
            m = game.open_at[cell]
            tag = _tag(game, card)
            mark = "*" if cell in game.played_this_turn else " "
            rows[0] += tag[:2] + ("|" if m & N else " ") + tag[2:]
            rows[1] += ("--" if m & W else "  ") + "+" + ("--" if m & E else "  ")
            rows[2] += mark + (" |  " if m & S else "    ")
        lines.append(f"     {rows[0]}")
        lines.append(f"{r:>3}  {rows[1]}")
        lines.append(f"     {rows[2]}")
    names = game.data.treasure_names
    for p in range(game.num_players):
        marker = ">" if p == game.player and game.outcome is None else " "
        lines.append(
            f"{marker} player {p}: {len(game.collected[p])} collected, "
            f"{len(game.hands[p])} in hand"
        )
    hand = game.hands[game.player] if game.outcome is None else []
    if hand:
        shown = ", ".join(
            f"[{i}] {names[game.data.cards[c].treasures[0]]}/{names[game.data.cards[c].treasures[1]]}"
            for i, c in enumerate(hand)
        )
        lines.append(f"hand of player {game.player}: {shown}")
    if game.outcome is not None:
        lines.append(f"game over ({game.outcome}): scores {game.scores()}")
    else:
        lines.append(f"phase: {PHASE_NAMES[game.phase]}, actions left {game.actions_left}")
    return "\n".join(lines) + "\n"


CELL = 24
_PALETTE = np.array(
    [[(37 * t) % 200 + 40, (91 * t) % 200 + 40, (53 * t) % 200 + 40] for t in range(25)],
    dtype=np.uint8,
)


def render_rgb(game: LabyrinthCardsGame) -> np.ndarray:
    """An ``(H, W, 3)`` uint8 image of the whole table: cards, paths and treasures."""
    size = game.data.size
    img = np.full((size * CELL, size * CELL, 3), 30, dtype=np.uint8)
    half, w = CELL // 2, 3
    for cell in game.occupied:
        r, c = divmod(cell, size)
        y, x = r * CELL, c * CELL
        tile = img[y : y + CELL, x : x + CELL]
        tile[1:-1, 1:-1] = (200, 190, 160) if cell not in game.played_this_turn else (230, 210, 120)
        m = game.open_at[cell]
        path = (90, 60, 40)
        tile[half - w : half + w, half - w : half + w] = path
        if m & N:
            tile[0 : half, half - w : half + w] = path
        if m & S:
            tile[half:, half - w : half + w] = path
        if m & W:
            tile[half - w : half + w, 0 : half] = path
        if m & E:
            tile[half - w : half + w, half:] = path
        a, b = game.data.cards[game.card_at[cell]].treasures
        tile[3:8, 3:8] = _PALETTE[a]
        tile[-8:-3, -8:-3] = _PALETTE[b]
    return img
