"""Observation encoding for Dungeon Crawler Labyrinth: a flat ``float32`` vector in
[0, 1], observer-relative (seats counted clockwise from the observer).

| block     | size              | content                                              |
|-----------|-------------------|------------------------------------------------------|
| planes    | 14 x 21 x 21      | :data:`PLANES`: the board and the figures            |
| seats     | 6 x :data:`SEAT`  | per relative seat (0: the observer)                  |
| globals   | :data:`GLOBAL`    | the decision, the round, the decks, the tile drawn,  |
|           |                   | the monster drawn, movement left, the player count,  |
|           |                   | the observer's hand, the card being played or the    |
|           |                   | cards offered, the roll in a card window, potions    |

Only what the observer may see: every figure, the revealed board and the equipment in
play are open; the decks are counted, never shown in order; rivals' hands are counted,
never shown.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.data import (
    ENCOUNTER_CARDS,
    TILES,
    adventurers,
    monsters,
    tiles,
    treasure_cards,
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
EQUIPMENT = tuple(c for c in treasure_cards() if c.timing == "equip")
SEAT = ("present", "joined", "on_board", *(f"race_{r}" for r in RACES),
        *(f"class_{c}" for c in CLASSES), "wounds", "monsters", "chest_distance",
        "hand_size", *(f"equipped_{c.name}" for c in EQUIPMENT))
"""Per seat: present, in the game yet, adventurer on the board, its race and class,
wounds / BP, monsters / the maximum, king distance to the chest / 21, cards in hand / 10,
the equipment in play on its adventurer."""
DECISIONS = ("choose_adventurer", "choose_start", "monster_target", "place_tile",
             "spawn_square", "pair", "move", "attack", "push_to", "lava_push",
             "respawn_square", "roll_window", "card_target", "keep", "slide_to",
             "card_window")
ROLLS = ("attack", "push", "respawn")
N_CARDS = len(treasure_cards())
TILE_SYMBOLS = ("#", ".", "X", "L", "s", "d", "6")
GLOBAL = (*(f"decision_{d}" for d in DECISIONS), "round", "tiles_left",
          "encounters_left", "mv_left", *(f"players_{n}" for n in range(2, 7)), "hard",
          *(f"tile_{i}_{s}" for i in range(9) for s in TILE_SYMBOLS),
          *(f"monster_{m.name}" for m in monsters()),
          "treasure_left", "treasure_discard", *(f"hand_{i}" for i in range(N_CARDS)),
          *(f"card_{i}" for i in range(N_CARDS)), *(f"roll_{k}" for k in ROLLS),
          "roll_mine", "roll_hits", "roll_margin", "status_flight", "status_fire_immune",
          "quick", "extra_attacks")
"""Globals. ``hand_i``: the observer holds treasure card ``i``; ``card_i``: card ``i`` is
being played (its target asked) or offered to keep; ``roll_*``: in a card window, the
roll's kind, whether the observer made it, its hits / 4 (attacks) and the roller's
margin (pushes: (own die - other die + 6) / 12; re-spawn: die / 6)."""
G = {name: i for i, name in enumerate(GLOBAL)}
S = {name: i for i, name in enumerate(SEAT)}
P = {name: i for i, name in enumerate(PLANES)}
PLANES_SIZE = len(PLANES) * SIDE * SIDE
OBS_SIZE = PLANES_SIZE + MAX_SEATS * len(SEAT) + len(GLOBAL)

_TERRAIN_PLANES = ((WALL, "wall"), (LAVA, "lava"), (SHALLOW, "shallow"), (DEEP, "deep"),
                   (CHEST, "chest"))


@lru_cache(maxsize=16)
def _board_planes(terrain: bytes, spawns: tuple[tuple[int, int], ...]) -> np.ndarray:
    """The terrain and spawn-point planes (the first of :data:`PLANES`, through
    ``spawn``) of a board; they change only when tiles are laid or moved, so they are
    kept for the last few boards."""
    grid = np.frombuffer(terrain, dtype=np.int8).reshape(SIDE, SIDE)
    out = np.zeros((P["spawn"] + 1, SIDE, SIDE), dtype=np.float32)
    out[P["revealed"]] = grid != UNREVEALED
    for code, name in _TERRAIN_PLANES:
        out[P[name]] = grid == code
    for (r, c) in spawns:
        out[P["spawn"], r, c] = 1.0
    out.flags.writeable = False
    return out


_MY_ADVENTURER, _RIVAL_ADVENTURERS = P["my_adventurer"], P["rival_adventurers"]
_MY_MONSTERS, _RIVAL_MONSTERS = P["my_monsters"], P["rival_monsters"]
_ADVENTURER_STATS = {a.name: (a.bp, min(max(a.melee, a.ranged, a.area) / 4, 1.0))
                     for a in adventurers()}
"""Per adventurer: its printed body points (for the wounds plane) and its strongest
attack's dice / 4 (the strength plane's value)."""
_MONSTER_STATS = {m.name: (m.bp, min(m.att / 4, 1.0)) for m in monsters()}
_O_PILE, _O_MY_ADVENTURER, _O_RIVAL_ADVENTURERS, _O_MY_MONSTERS, _O_RIVAL_MONSTERS, \
    _O_WOUNDS, _O_STRENGTH = (P[name] * SIDE * SIDE for name in (
        "pile", "my_adventurer", "rival_adventurers", "my_monsters", "rival_monsters",
        "wounds", "strength"))
"""Where planes start in the observation (the planes come first)."""
_S_RACE = {r: S[f"race_{r}"] for r in RACES}
_S_CLASS = {c: S[f"class_{c}"] for c in CLASSES}
_S_EQUIPPED = {i: S[f"equipped_{c.name}"] for i, c in enumerate(treasure_cards())
               if f"equipped_{c.name}" in S}
_G_HAND = [G[f"hand_{i}"] for i in range(N_CARDS)]


def encode(game: DungeonCrawlerGame, observer: int) -> np.ndarray:
    """The observation of seat ``observer`` (layout in the module docstring)."""
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    planes = obs[:PLANES_SIZE].reshape(len(PLANES), SIDE, SIDE)
    planes[:P["spawn"] + 1] = _board_planes(game.board.terrain.tobytes(),
                                            tuple(sorted(game.board.spawns)))
    # (figures and piles written at flat indices: plane * SIDE**2 + row * SIDE + col)
    for (r, c) in game.board.piles:
        obs[_O_PILE + r * SIDE + c] = 1.0
    for f in game.figures.values():
        r, c = f.square
        k = r * SIDE + c
        mine = f.owner == observer
        if f.kind == "adventurer":
            obs[(_O_MY_ADVENTURER if mine else _O_RIVAL_ADVENTURERS) + k] = 1.0
            bp, strength = _ADVENTURER_STATS[f.name]
        else:
            obs[(_O_MY_MONSTERS if mine else _O_RIVAL_MONSTERS) + k] = 1.0
            bp, strength = _MONSTER_STATS[f.name]
        if f.wounds:  # (one figure a square: an unwounded one's 0 is there already)
            obs[_O_WOUNDS + k] = min(f.wounds / bp, 1.0)
        obs[_O_STRENGTH + k] = strength

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
            row[_S_RACE[a.race]] = 1.0
            row[_S_CLASS[a.klass]] = 1.0
        if seat.hero is not None:
            f = game.figures[seat.hero]
            row[S["on_board"]] = 1.0
            if f.wounds:  # (0 wounds: the row's 0 stands)
                row[S["wounds"]] = min(f.wounds / game.bp(seat.hero), 1.0)
            chest = game.board.chest
            row[S["chest_distance"]] = max(abs(f.square[0] - chest[0]),
                                           abs(f.square[1] - chest[1])) / SIDE
        row[S["hand_size"]] = min(len(seat.hand) / 10, 1.0)
        for cid in seat.equipped:
            row[_S_EQUIPPED[cid]] = 1.0

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
        if d["kind"] == "card_target":
            g[G[f"card_{d['card']}"]] = 1.0
        if d["kind"] == "keep":
            for cid in game.ctx["secret"]:
                g[G[f"card_{cid}"]] = 1.0
        if d["kind"] == "roll_window":
            _encode_roll(game, observer, g)
    for cid in game.seats[observer].hand:
        g[_G_HAND[cid]] = 1.0
    if game.ctx.get("player") == observer:
        status = game.ctx.get("status", ())
        g[G["status_flight"]] = "flight" in status
        g[G["status_fire_immune"]] = "fire_immune" in status
        g[G["quick"]] = min(game.ctx.get("quick", 0) / 8, 1.0)
        g[G["extra_attacks"]] = min(game.ctx.get("extra_attacks", 0), 1)
    g[G["treasure_left"]] = len(game.treasure) / N_CARDS
    g[G["treasure_discard"]] = len(game.treasure_discard) / N_CARDS
    g[G["round"]] = min(game.round / max(game.max_rounds, 1), 1.0)
    g[G["tiles_left"]] = len(game.tile_deck) / TILES
    g[G["encounters_left"]] = len(game.encounters) / ENCOUNTER_CARDS
    g[G[f"players_{n}"]] = 1.0
    g[G["hard"]] = game.hard
    return obs


def _encode_roll(game: DungeonCrawlerGame, observer: int, g: np.ndarray) -> None:
    r = game.pending_roll()
    hero = game.seats[observer].hero
    g[G[f"roll_{r['kind']}"]] = 1.0
    if r["kind"] == "respawn":
        g[G["roll_mine"]] = 1.0
        g[G["roll_margin"]] = r["dice"][0] / 6
    elif r["kind"] == "push":
        mine = hero is not None and hero == r["pusher"]
        g[G["roll_mine"]] = mine
        a, b = r["dice"] if mine else r["dice"][::-1]
        g[G["roll_margin"]] = min(max((a - b + 6) / 12, 0.0), 1.0)
    else:
        g[G["roll_mine"]] = hero is not None and hero == r["attacker"]
        hits = sum(d + r["bonus"] >= r["defence"] for d in r["dice"]) - r["cancel"]
        g[G["roll_hits"]] = min(max(hits, 0) / 4, 1.0)


__all__ = ["DECISIONS", "GLOBAL", "OBS_SIZE", "PLANES", "SEAT", "encode"]
