"""Checks of a game's constructor arguments, shared by every game.

A game's kwargs come from Python, the CLI's ``--kw`` (JSON) and the server's JSON
bodies, so a value may arrive as a float, a string or a bool where an int is meant.
None is silently fixed: ``num_players=2.5`` or ``hard="maybe"`` is refused with a
:class:`ValueError` naming the argument and what it takes, never truncated by ``int()``
or read as truthy.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np


def integer(name: str, value: Any, low: int | None = None,
            high: int | None = None) -> int:
    """``value`` as an int when it is a whole number in ``[low, high]``.

    Bools are refused (``True`` is not a player count); a float is taken only when it
    is whole (``4.0`` from JSON), never rounded.

    Raises:
        ValueError: Not a whole number, or outside the bounds.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if isinstance(value, numbers.Integral):
        number = int(value)
    else:
        as_float = float(value)
        if not as_float.is_integer():
            raise ValueError(f"{name} must be a whole number, got {value!r}")
        number = int(as_float)
    if (low is not None and number < low) or (high is not None and number > high):
        if high is None:
            bounds = f">= {low}"
        elif low is None:
            bounds = f"<= {high}"
        else:
            bounds = f"{low}-{high}"
        raise ValueError(f"{name} must be {bounds}, got {value!r}")
    return number


def boolean(name: str, value: Any) -> bool:
    """``value`` when it is a bool (``True``/``False``, numpy's included).

    Raises:
        ValueError: Anything else (``"maybe"``, ``1``, ``None``).
    """
    if isinstance(value, (bool, np.bool_)):  # (numpy 2 names its type "bool")
        return bool(value)
    raise ValueError(f"{name} must be true or false, got {value!r}")


__all__ = ["boolean", "integer"]
