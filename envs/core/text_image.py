"""A game's text picture drawn as an image, for ``render_mode="rgb_array"`` in the
games that have no board to draw.

Every frame has the same shape (:data:`COLUMNS` x :data:`ROWS` characters of Pillow's
built-in monospace bitmap font), as video recorders and SB3's ``VecEnv.get_images``
need: a longer line wraps, and rows past the last are cut with a note saying so.
"""

from __future__ import annotations

import textwrap
from functools import cache

import numpy as np

COLUMNS = 120
"""Characters per row; a longer line wraps."""
ROWS = 60
"""Rows per frame; the text past them is cut (the last row says how many more)."""
MARGIN = 4
"""Pixels around the text."""


@cache
def _font():
    from PIL import ImageFont

    # the bitmap font, not the scalable default: fixed-width, so tables line up
    loader = getattr(ImageFont, "load_default_imagefont", None)
    return loader() if loader is not None else ImageFont.load_default()


@cache
def _cell() -> tuple[int, int]:
    left, top, right, bottom = _font().getbbox("M")
    return right, max(bottom, 11)


def frame_shape() -> tuple[int, int, int]:
    """``(height, width, 3)`` of every frame."""
    width, height = _cell()
    return ROWS * height + 2 * MARGIN, COLUMNS * width + 2 * MARGIN, 3


def text_lines(text: str) -> list[str]:
    """``text`` as the rows a frame shows: long lines wrapped, the overflow cut."""
    rows: list[str] = []
    for line in text.expandtabs(4).splitlines() or [""]:
        rows += textwrap.wrap(line, COLUMNS, replace_whitespace=False,
                              drop_whitespace=False) or [""]
    if len(rows) > ROWS:
        cut = len(rows) - ROWS + 1
        rows = rows[: ROWS - 1] + [f"... {cut} more rows (render_mode='ansi' shows all)"]
    return rows


def text_image(text: str) -> np.ndarray:
    """``text`` drawn dark on light as an ``(H, W, 3)`` ``uint8`` array of
    :func:`frame_shape`."""
    from PIL import Image, ImageDraw

    height, width, _ = frame_shape()
    image = Image.new("RGB", (width, height), (250, 248, 240))
    draw = ImageDraw.Draw(image)
    line_height = _cell()[1]
    for row, line in enumerate(text_lines(text)):
        # the bitmap font has no glyphs beyond Latin-1
        shown = line.encode("latin-1", "replace").decode("latin-1")
        draw.text((MARGIN, MARGIN + row * line_height), shown, fill=(20, 20, 20),
                  font=_font())
    return np.asarray(image, dtype=np.uint8)
