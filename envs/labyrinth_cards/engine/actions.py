"""Labyrinth the Card Game's fixed action space (one ``Discrete`` for every decision).

With ``C = size * size`` cells (256 on the 16 x 16 grid) and hand slots 0-5 (the hand
sorted by card id):

| range                    | meaning                                                 |
|--------------------------|---------------------------------------------------------|
| ``slot*C*4 + cell*4 + r`` | play hand slot ``slot`` on ``cell`` after ``r`` clockwise quarter turns |
| ``6*C*4 + cell*2 + d``    | rotate the card on ``cell`` 90 degrees (d=0 clockwise, 1 counter-clockwise) |
| ``6*C*4 + 2*C``           | draw a card                                             |
| ``6*C*4 + 2*C + 1 + cell``| collect the card on ``cell``                            |
| ``6*C*4 + 3*C + 1``       | stop collecting                                         |
"""

from __future__ import annotations

HAND_MAX = 6


def rotate_base(size: int) -> int:
    return HAND_MAX * size * size * 4


def draw_index(size: int) -> int:
    return rotate_base(size) + 2 * size * size


def collect_base(size: int) -> int:
    return draw_index(size) + 1


def stop_index(size: int) -> int:
    return collect_base(size) + size * size


def num_actions(size: int) -> int:
    return stop_index(size) + 1


def play_index(slot: int, cell: int, rot: int, size: int) -> int:
    return (slot * size * size + cell) * 4 + rot


def rotate_index(cell: int, direction: int, size: int) -> int:
    return rotate_base(size) + cell * 2 + direction


def decode(action: int, size: int) -> tuple[str, tuple[int, ...]]:
    """``(kind, args)``: ``("play", (slot, cell, rot))``, ``("rotate", (cell, d))``,
    ``("draw", ())``, ``("collect", (cell,))`` or ``("stop", ())``."""
    cells = size * size
    rotate = HAND_MAX * cells * 4  # rotate_base(size), and so on: once, not per branch
    draw = rotate + 2 * cells
    if action < rotate:
        slot, rest = divmod(action, cells * 4)
        cell, rot = divmod(rest, 4)
        return "play", (slot, cell, rot)
    if action < draw:
        cell, d = divmod(action - rotate, 2)
        return "rotate", (cell, d)
    if action == draw:
        return "draw", ()
    if action < draw + 1 + cells:
        return "collect", (action - draw - 1,)
    if action == draw + 1 + cells:
        return "stop", ()
    raise ValueError(f"action {action} out of range")


def describe(action: int, size: int) -> str:
    if not 0 <= action < num_actions(size):
        return f"<out of range {action}>"
    kind, args = decode(action, size)
    if kind == "play":
        slot, cell, rot = args
        r, c = divmod(cell, size)
        return f"play hand card {slot} at row {r} col {c}, turned {rot * 90} degrees"
    if kind == "rotate":
        cell, d = args
        r, c = divmod(cell, size)
        return f"rotate the card at row {r} col {c} {'clockwise' if d == 0 else 'counter-clockwise'}"
    if kind == "collect":
        r, c = divmod(args[0], size)
        return f"collect the card at row {r} col {c}"
    return kind
