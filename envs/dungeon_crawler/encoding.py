"""Observation encoding for Dungeon Crawler Labyrinth: a flat ``float32`` vector in
[0, 1], observer-relative (seats counted clockwise from the observer).

| block     | size              | content                                              |
|-----------|-------------------|------------------------------------------------------|
| planes    | 14 x 21 x 21      | :data:`PLANES`: the board and the figures            |
| seats     | 6 x :data:`SEAT`  | per relative seat (0: the observer)                  |
| globals   | :data:`GLOBAL`    | the decision, the round, the decks, the tile drawn,  |
|           |                   | the monster drawn, movement left, the player count   |

Only public information: every figure and the revealed board are open; the tile and
encounter decks are counted, never shown in order.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.data import (
    ENCOUNTER_CARDS,
    TILES,
    adventurers,
    monster,
    monsters,
    tiles,
)
from labyrinth_gym.envs.dungeon_crawler.engine.game import (
    MAX_MONSTERS,
    DungeonCrawlerGame,
)
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    DEEP,
    LAVA,
    SHALLOW,
    UNREVEALED,
    WALL,
)

SIDE = A.SIDE
MAX_SEATS = 6
PLANES = ("revealed", "wall", "lava", "shallow", "deep", "chest", "spawn", "pile",
          "my_adventurer", "rival_adventurers", "my_monsters", "rival_monsters",
          "wounds", "strength")
"""Board planes: terrain, spawn points and treasure piles; where the observer's
adventurer and monsters and its rivals' stand; each figure's wounds / BP and attack
dice / 4."""
RACES = ("dwarf", "elf", "human")
CLASSES = ("warrior", "thief", "wizard", "cleric")
SEAT = ("present", "joined", "on_board", *(f"race_{r}" for r in RACES),
        *(f"class_{c}" for c in CLASSES), "wounds", "monsters", "chest_distance")
"""Per seat: present, in the game yet, adventurer on the board, its race and class,
wounds / BP, monsters / the maximum, king distance to the chest / 21."""
DECISIONS = ("choose_adventurer", "choose_start", "monster_target", "place_tile",
             "spawn_square", "pair", "move", "attack", "push_to", "lava_push",
             "respawn_square")
TILE_SYMBOLS = ("#", ".", "X", "L", "s", "d", "6")
GLOBAL = (*(f"decision_{d}" for d in DECISIONS), "round", "tiles_left",
          "encounters_left", "mv_left", *(f"players_{n}" for n in range(2, 7)), "hard",
          *(f"tile_{i}_{s}" for i in range(9) for s in TILE_SYMBOLS),
          *(f"monster_{m.name}" for m in monsters()))
G = {name: i for i, name in enumerate(GLOBAL)}
S = {name: i for i, name in enumerate(SEAT)}
P = {name: i for i, name in enumerate(PLANES)}
PLANES_SIZE = len(PLANES) * SIDE * SIDE
OBS_SIZE = PLANES_SIZE + MAX_SEATS * len(SEAT) + len(GLOBAL)

_TERRAIN_PLANES = ((WALL, "wall"), (LAVA, "lava"), (SHALLOW, "shallow"), (DEEP, "deep"),
                   (CHEST, "chest"))


def encode(game: DungeonCrawlerGame, observer: int) -> np.ndarray:
    """The observation of seat ``observer`` (layout in the module docstring)."""
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    planes = obs[:PLANES_SIZE].reshape(len(PLANES), SIDE, SIDE)
    terrain = game.board.terrain
    planes[P["revealed"]] = terrain != UNREVEALED
    for code, name in _TERRAIN_PLANES:
        planes[P[name]] = terrain == code
    for (r, c) in game.board.spawns:
        planes[P["spawn"], r, c] = 1.0
    for (r, c) in game.board.piles:
        planes[P["pile"], r, c] = 1.0
    for f in game.figures.values():
        r, c = f.square
        mine = f.owner == observer
        if f.kind == "adventurer":
            planes[P["my_adventurer" if mine else "rival_adventurers"], r, c] = 1.0
        else:
            planes[P["my_monsters" if mine else "rival_monsters"], r, c] = 1.0
        stats = game.stats(f.fid)
        planes[P["wounds"], r, c] = min(f.wounds / stats.bp, 1.0)
        dice = monster(f.name).att if f.kind == "monster" else max(
            stats.melee, stats.ranged, stats.area)
        planes[P["strength"], r, c] = min(dice / 4, 1.0)

    n = game.num_players
    seats = obs[PLANES_SIZE:PLANES_SIZE + MAX_SEATS * len(SEAT)].reshape(MAX_SEATS, len(SEAT))
    for p in range(n):
        row = seats[(p - observer) % n]
        seat = game.seats[p]
        row[S["present"]] = 1.0
        row[S["joined"]] = seat.joined
        row[S["monsters"]] = len(seat.monsters) / MAX_MONSTERS[n]
        if seat.card is not None:
            a = adventurers()[seat.card]
            row[S[f"race_{a.race}"]] = 1.0
            row[S[f"class_{a.klass}"]] = 1.0
        if seat.hero is not None:
            f = game.figures[seat.hero]
            row[S["on_board"]] = 1.0
            row[S["wounds"]] = min(f.wounds / game.bp(seat.hero), 1.0)
            chest = game.board.chest
            row[S["chest_distance"]] = max(abs(f.square[0] - chest[0]),
                                           abs(f.square[1] - chest[1])) / SIDE

    g = obs[PLANES_SIZE + MAX_SEATS * len(SEAT):]
    d = game.decision
    if d is not None and game.outcome is None:
        g[G[f"decision_{d['kind']}"]] = 1.0
        if d["kind"] == "place_tile":
            rows = tiles()[game.ctx["tile"]].picture.rows
            for i, ch in enumerate("".join(rows)):
                sym = ch if ch in TILE_SYMBOLS else "."
                g[G[f"tile_{i}_{sym}"]] = 1.0
        if d["kind"] == "spawn_square":
            g[G[f"monster_{d['monster']}"]] = 1.0
        if d["kind"] == "move":
            g[G["mv_left"]] = min(game.ctx.get("mv", 0) / 8, 1.0)
    g[G["round"]] = min(game.round / max(game.max_rounds, 1), 1.0)
    g[G["tiles_left"]] = len(game.tile_deck) / TILES
    g[G["encounters_left"]] = len(game.encounters) / ENCOUNTER_CARDS
    g[G[f"players_{n}"]] = 1.0
    g[G["hard"]] = game.hard
    return obs


__all__ = ["DECISIONS", "GLOBAL", "OBS_SIZE", "PLANES", "SEAT", "encode"]
