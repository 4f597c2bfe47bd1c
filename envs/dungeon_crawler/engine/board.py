"""The labyrinth as it is revealed: the play mat's printed rooms, the tiles placed so
far, treasure pile tokens and spawn points (the figures are the game's).

The board is ``slots x slots`` tile slots of ``tile_size`` squares a side
(:mod:`~labyrinth_gym.envs.dungeon_crawler.engine.data` reads the geometry from
``board.toml``). A tile goes in an empty slot sharing an edge with a filled one, in
any of four rotations; when it is first placed, its treasure piles get a token each
while fewer than
:data:`~labyrinth_gym.envs.dungeon_crawler.engine.data.TREASURE_PILES` are on the
board (the component count).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from labyrinth_gym.envs.dungeon_crawler.engine.data import (
    TREASURE_PILES,
    BoardSpec,
    Picture,
    board_spec,
)
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    UNREVEALED,
    WALL,
    Square,
    line_of_sight,
    visible_from,
)

Slot = tuple[int, int]


class Board:
    """Terrain, spawn points and treasure piles of the revealed labyrinth.

    Attributes:
        terrain: ``size x size`` terrain codes (:mod:`geometry`).
        spawns: Spawn point number of each spawn square.
        piles: Squares holding a treasure pile token.
        filled: The tile (or room) name in each filled slot.
        chest: The treasure chest's square.
    """

    def __init__(self, spec: BoardSpec | None = None, *, hard: bool = False):
        self.spec = spec or board_spec()
        n = self.spec.size
        self.terrain = np.full((n, n), UNREVEALED, dtype=np.int8)
        self.spawns: dict[Square, int] = {}
        self.piles: set[Square] = set()
        self.filled: dict[Slot, str] = {}
        self.turns: dict[Slot, int] = {}
        self._los: dict[tuple[Square, Square], bool] = {}  # (min, max) of a pair: sees
        self._visible: dict[Square, np.ndarray] = {}  # viewer: visible(viewer)
        self._solid: np.ndarray | None = None
        for slot, pic in self.spec.rooms:
            self._paint(slot, pic, "mat room")
        slot, pic = self.spec.lava_island if hard else self.spec.centre
        self._paint(slot, pic, "lava island" if hard else "centre")
        self.chest = tuple(int(x) for x in np.argwhere(self.terrain == CHEST)[0])

    @property
    def size(self) -> int:
        return self.spec.size

    # ------------------------------------------------------------ placing
    def _paint(self, slot: Slot, pic: Picture, name: str, piles: bool = True) -> int:
        k = self.spec.tile_size
        r0, c0 = slot[0] * k, slot[1] * k
        self.terrain[r0:r0 + k, c0:c0 + k] = pic.terrain()
        for r, c, number in pic.spawns():
            self.spawns[(r0 + r, c0 + c)] = number
        placed = 0
        for r, c in pic.piles() if piles else ():
            if len(self.piles) < TREASURE_PILES:
                self.piles.add((r0 + r, c0 + c))
                placed += 1
        self.filled[slot] = name
        self._invalidate((r0, c0), (r0 + k - 1, c0 + k - 1))
        return placed

    def _invalidate(self, lo: Square, hi: Square) -> None:
        """Forget what depends on the terrain, which changed in the rectangle from
        ``lo`` to ``hi`` (corners included): the solid mask, every :meth:`visible`
        array, and the :meth:`sees` answers of the pairs whose bounding box meets the
        rectangle (line of sight looks at no square outside that box, so the others
        stay right)."""
        (r0, c0), (r1, c1) = lo, hi
        self._solid = None
        self._visible = {}
        self._los = {(a, b): seen for (a, b), seen in self._los.items()
                     if (a[0] < r0 and b[0] < r0) or (a[0] > r1 and b[0] > r1)
                     or (a[1] < c0 and b[1] < c0) or (a[1] > c1 and b[1] > c1)}

    def open_slots(self) -> list[Slot]:
        """Empty slots sharing an edge with a filled one, in row-major order."""
        n = self.spec.slots
        out = []
        for r in range(n):
            for c in range(n):
                if (r, c) in self.filled:
                    continue
                if any((r + dr, c + dc) in self.filled
                       for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))):
                    out.append((r, c))
        return out

    def place(self, name: str, pic: Picture, slot: Slot, quarter_turns: int,
              piles: bool = True) -> int:
        """Place a tile; the number of treasure pile tokens it got (none without
        ``piles``: a token goes on an X only when its tile is first placed).

        Raises:
            ValueError: ``slot`` is not an open slot (naming the open ones).
        """
        if slot not in self.open_slots():
            raise ValueError(f"slot {slot} is not open; open slots: {self.open_slots()}")
        self.turns[slot] = quarter_turns % 4
        return self._paint(slot, pic.rotated(quarter_turns), name, piles)

    def movable_slots(self) -> list[Slot]:
        """Slots holding a labyrinth tile (not a mat room, the centre or Lava Island:
        what Rotating and Shifting Rooms may move), row-major."""
        return sorted(self.turns)

    def rotate(self, slot: Slot, pic: Picture, quarter_turns: int) -> None:
        """Turn the tile in ``slot`` (whose unturned picture is ``pic``) a further
        ``quarter_turns`` clockwise; its pile tokens and spawn points turn with it."""
        k = self.spec.tile_size
        r0, c0 = slot[0] * k, slot[1] * k
        turns = (self.turns[slot] + quarter_turns) % 4
        old_piles = {(r - r0, c - c0) for r, c in self.piles if self.slot_of((r, c)) == slot}
        self._clear(slot)
        turned = pic.rotated(turns)
        self.terrain[r0:r0 + k, c0:c0 + k] = turned.terrain()
        for r, c, number in turned.spawns():
            self.spawns[(r0 + r, c0 + c)] = number
        for r, c in old_piles:  # (r, c) -> (c, k-1-r) per clockwise quarter turn
            for _ in range(quarter_turns % 4):
                r, c = c, k - 1 - r
            self.piles.add((r0 + r, c0 + c))
        self.turns[slot] = turns
        self._invalidate((r0, c0), (r0 + k - 1, c0 + k - 1))

    def remove(self, slot: Slot) -> int:
        """Take the tile out of ``slot`` (its squares become unrevealed); the number of
        pile tokens it took back to the supply."""
        back = self._clear(slot)
        del self.filled[slot]
        del self.turns[slot]
        k = self.spec.tile_size
        r0, c0 = slot[0] * k, slot[1] * k
        self._invalidate((r0, c0), (r0 + k - 1, c0 + k - 1))
        return back

    def _clear(self, slot: Slot) -> int:
        k = self.spec.tile_size
        r0, c0 = slot[0] * k, slot[1] * k
        self.terrain[r0:r0 + k, c0:c0 + k] = UNREVEALED
        for sq in [sq for sq in self.spawns if self.slot_of(sq) == slot]:
            del self.spawns[sq]
        gone = {sq for sq in self.piles if self.slot_of(sq) == slot}
        self.piles -= gone
        return len(gone)

    def set_terrain(self, sq: Square, terrain: int) -> None:
        """Change one square's terrain (a cave-in's wall, the secret door's opening)."""
        self.terrain[sq] = terrain
        self._invalidate(sq, sq)

    def slot_squares(self, slot: Slot) -> list[Square]:
        k = self.spec.tile_size
        return [(slot[0] * k + r, slot[1] * k + c) for r in range(k) for c in range(k)]

    def slot_of(self, sq: Square) -> Slot:
        k = self.spec.tile_size
        return sq[0] // k, sq[1] // k

    # ---------------------------------------------------------- questions
    @property
    def solid(self) -> np.ndarray:
        """Squares that block line of sight: walls and unrevealed spaces."""
        if self._solid is None:
            self._solid = (self.terrain == WALL) | (self.terrain == UNREVEALED)
        return self._solid

    def sees(self, a: Square, b: Square) -> bool:
        """Line of sight between squares ``a`` and ``b``:
        ``line_of_sight(self.solid, a, b)``, the same both ways (``sees(a, b) ==
        sees(b, a)``; see :mod:`geometry`). Cached per unordered pair until the terrain
        changes inside the pair's bounding box."""
        key = (a, b) if a <= b else (b, a)
        seen = self._los.get(key)
        if seen is None:
            seen_from = self._visible.get(a)
            if seen_from is not None:
                seen = bool(seen_from[b])
            else:
                seen_from = self._visible.get(b)
                seen = (bool(seen_from[a]) if seen_from is not None
                        else line_of_sight(self.solid, a, b))
            self._los[key] = seen
        return seen

    def visible(self, a: Square) -> np.ndarray:
        """The squares ``a`` sees: a read-only ``size x size`` bool array with
        ``visible(a)[b] == sees(a, b) == visible(b)[a]`` for every square ``b`` (True at
        ``a``), from :func:`visible_from` (about as costly as 40 uncached :meth:`sees`
        calls). Cached per square until the terrain changes anywhere."""
        seen = self._visible.get(a)
        if seen is None:
            seen = visible_from(self.solid, a)
            seen.flags.writeable = False
            self._visible[a] = seen
        return seen

    def spawn_squares(self, number: int | None = None) -> list[Square]:
        """Squares of spawn point ``number`` (None: every spawn point), sorted."""
        return sorted(sq for sq, n in self.spawns.items() if number is None or n == number)

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.size and 0 <= sq[1] < self.size

    # ------------------------------------------------------------- copies
    def copy(self) -> Board:
        new = Board.__new__(Board)
        new.spec = self.spec
        new.terrain = self.terrain.copy()
        new.spawns = dict(self.spawns)
        new.piles = set(self.piles)
        new.filled = dict(self.filled)
        new.turns = dict(self.turns)
        new._los = dict(self._los)
        new._visible = dict(self._visible)  # (read-only arrays, shared)
        new._solid = self._solid  # (never changed in place, shared)
        new.chest = self.chest
        return new

    def to_dict(self) -> dict[str, Any]:
        return {"terrain": self.terrain.tolist(),
                "spawns": [[r, c, n] for (r, c), n in sorted(self.spawns.items())],
                "piles": sorted([r, c] for r, c in self.piles),
                "filled": [[r, c, name] for (r, c), name in sorted(self.filled.items())],
                "turns": [[r, c, q] for (r, c), q in sorted(self.turns.items())],
                "chest": list(self.chest)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Board:
        new = cls.__new__(cls)
        new.spec = board_spec()
        new.terrain = np.array(data["terrain"], dtype=np.int8)
        new.spawns = {(r, c): n for r, c, n in data["spawns"]}
        new.piles = {(r, c) for r, c in data["piles"]}
        new.filled = {(r, c): name for r, c, name in data["filled"]}
        new.turns = {(r, c): q for r, c, q in data["turns"]}
        new._los = {}
        new._visible = {}
        new._solid = None
        new.chest = tuple(data["chest"])
        return new
