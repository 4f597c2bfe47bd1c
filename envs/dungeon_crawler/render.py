"""Pictures of a Dungeon Crawler Labyrinth game: text (``ansi``) and an image
(``rgb_array``, numpy only, no window)."""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.dungeon_crawler.engine.game import DungeonCrawlerGame
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    DEEP,
    FLOOR,
    LAVA,
    SHALLOW,
    UNREVEALED,
    WALL,
)

_TEXT = {UNREVEALED: " ", FLOOR: ".", WALL: "#", LAVA: "~", SHALLOW: "s", DEEP: "d",
         CHEST: "$"}
_MAX_ACTIONS_SHOWN = 20


def render_text(game: DungeonCrawlerGame) -> str:
    """The board (adventurers as their seat's digit, monsters as the first letter of
    their name, lower case), the seats and the decision asked."""
    n = game.board.size
    grid = [[_TEXT[int(game.board.terrain[r, c])] for c in range(n)] for r in range(n)]
    for r, c in game.board.spawns:
        if grid[r][c] == ".":
            grid[r][c] = "+"
    for r, c in game.board.piles:
        grid[r][c] = "X"
    for f in game.figures.values():
        r, c = f.square
        grid[r][c] = str(f.owner) if f.kind == "adventurer" else f.name[0].lower()
    lines = [f"Round {game.round}  turn {game.turn}  tiles left {len(game.tile_deck)}"
             f"  encounters left {len(game.encounters)}"]
    lines += ["    " + "".join(str(c % 10) for c in range(n))]
    lines += [f"{r:>3} " + "".join(row) for r, row in enumerate(grid)]
    for p, seat in enumerate(game.seats):
        hero = game.figures.get(seat.hero) if seat.hero is not None else None
        where = (f"{hero.name} at {hero.square[0]},{hero.square[1]} wounds {hero.wounds}/"
                 f"{game.bp(hero.fid)}") if hero else "off the board"
        lines.append(f"Player {p}: {where}; monsters {len(seat.monsters)}"
                     + ("" if seat.joined else " (joins after round 1)"))
    if game.outcome is not None:
        lines.append(f"Game over: {game.outcome}, winner {game.winner}")
    elif game.decision is not None:
        d = game.decision
        legal = game.legal_actions()
        shown = ", ".join(game.action_to_string(a) for a in legal[:_MAX_ACTIONS_SHOWN])
        more = f" (+{len(legal) - _MAX_ACTIONS_SHOWN} more)" if len(
            legal) > _MAX_ACTIONS_SHOWN else ""
        lines.append(f"Player {d['player']} to act ({d['kind']}): {shown}{more}")
    return "\n".join(lines)


_COLOURS = {UNREVEALED: (20, 20, 20), FLOOR: (200, 190, 170), WALL: (90, 80, 70),
            LAVA: (220, 60, 20), SHALLOW: (120, 170, 230), DEEP: (30, 70, 170),
            CHEST: (230, 190, 40)}
_SEATS = ((40, 120, 220), (220, 40, 40), (40, 170, 60), (230, 150, 0), (150, 60, 200),
          (0, 170, 170))
_CELL = 12


def render_rgb(game: DungeonCrawlerGame) -> np.ndarray:
    """An ``(H, W, 3)`` image: terrain colours, spawn points and piles as dots,
    adventurers as full squares and monsters as rings in their controller's colour."""
    n = game.board.size
    img = np.zeros((n * _CELL, n * _CELL, 3), dtype=np.uint8)
    for code, colour in _COLOURS.items():
        mask = np.kron(game.board.terrain == code, np.ones((_CELL, _CELL), dtype=bool))
        img[mask] = colour
    for (r, c) in game.board.spawns:
        img[r * _CELL + 5:r * _CELL + 7, c * _CELL + 5:c * _CELL + 7] = (255, 255, 255)
    for (r, c) in game.board.piles:
        img[r * _CELL + 4:r * _CELL + 8, c * _CELL + 4:c * _CELL + 8] = (255, 215, 0)
    for f in game.figures.values():
        r, c = f.square
        colour = _SEATS[f.owner % len(_SEATS)]
        y, x = r * _CELL, c * _CELL
        if f.kind == "adventurer":
            img[y + 2:y + _CELL - 2, x + 2:x + _CELL - 2] = colour
        else:
            img[y + 2:y + _CELL - 2, x + 2:x + 4] = colour
            img[y + 2:y + _CELL - 2, x + _CELL - 4:x + _CELL - 2] = colour
            img[y + 2:y + 4, x + 2:x + _CELL - 2] = colour
            img[y + _CELL - 4:y + _CELL - 2, x + 2:x + _CELL - 2] = colour
    return img
