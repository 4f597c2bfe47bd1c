"""Dice and shuffles drawn from one seeded numpy ``Generator``.

Drawing one number at a time from a ``Generator`` costs microseconds, which dominates a
fast engine step, so :class:`Dice` draws uniform floats in blocks and serves them one
by one. The sequence depends only on the seed, so determinism holds; :meth:`state` /
:meth:`from_state` restore it exactly (the generator state at the block's draw plus the
position within the block), and :meth:`copy` clones it for search.
"""

from __future__ import annotations

from typing import Any

import numpy as np

BLOCK = 1024


class Dice:
    """Random numbers for one game, all from a single ``numpy.random.Generator``."""

    __slots__ = ("rng", "_block", "_pos", "_block_state")

    def __init__(self, rng: np.random.Generator | int | None = None):
        if not isinstance(rng, np.random.Generator):
            rng = np.random.default_rng(rng)
        self.rng = rng
        self._block: list[float] = []
        self._pos = 0
        self._block_state: dict[str, Any] | None = None
        self._refill()

    def _refill(self) -> None:
        self._block_state = self.rng.bit_generator.state
        self._block = self.rng.random(BLOCK).tolist()
        self._pos = 0

    def random(self) -> float:
        """A float uniform in [0, 1)."""
        if self._pos >= BLOCK:
            self._refill()
        u = self._block[self._pos]
        self._pos += 1
        return u

    def roll(self, sides: int) -> int:
        """One die with ``sides`` faces: 1..sides."""
        return int(self.random() * sides) + 1

    def roll_many(self, count: int, sides: int) -> list[int]:
        return [self.roll(sides) for _ in range(count)]

    def d20(self, advantage: int = 0) -> int:
        """A d20; ``advantage`` > 0 keeps the higher of two, < 0 the lower."""
        a = self.roll(20)
        if advantage == 0:
            return a
        b = self.roll(20)
        return max(a, b) if advantage > 0 else min(a, b)

    def index(self, n: int) -> int:
        """Uniform index in range(n)."""
        return int(self.random() * n)

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Dice:
        new = Dice.__new__(Dice)
        new.rng = np.random.Generator(type(self.rng.bit_generator)())
        new.rng.bit_generator.state = self.rng.bit_generator.state
        new._block = self._block  # never mutated in place, safe to share
        new._pos = self._pos
        new._block_state = self._block_state
        return new

    def state(self) -> dict[str, Any]:
        """JSON-ready state: generator state at the current block + position."""
        return {"block_state": _jsonable(self._block_state), "pos": self._pos}

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Dice:
        state = data["block_state"]
        bitgen = getattr(np.random, state["bit_generator"])()
        bitgen.state = state
        new = cls.__new__(cls)
        new.rng = np.random.Generator(bitgen)
        new._refill()
        new._pos = int(data["pos"])
        return new


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    if isinstance(obj, np.integer):
        return int(obj)
    return obj


def parse_dice(spec: str) -> tuple[int, int, int]:
    """Parse ``"2d12+4"`` into ``(count, sides, bonus)``."""
    text = spec.replace(" ", "").lower()
    bonus = 0
    for sign in ("+", "-"):
        if sign in text:
            head, tail = text.split(sign, 1)
            bonus = int(tail) * (1 if sign == "+" else -1)
            text = head
            break
    count, sides = text.split("d")
    return int(count or 1), int(sides), bonus
