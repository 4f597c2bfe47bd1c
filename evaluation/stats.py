"""Confidence intervals for win rates."""

from __future__ import annotations

import math


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion.

    Unlike the normal ("Wald") interval it stays inside ``[0, 1]`` and is sensible at
    0 or ``n`` successes and for small ``n``, which is where win rates of weak or strong
    agents live.

    Args:
        successes: Number of successes (wins). May be fractional when tied games are
            shared between the tied seats.
        n: Number of trials (games).
        z: Standard-normal quantile; 1.96 gives a 95% interval.

    Returns:
        ``(low, high)``; ``(0.0, 1.0)`` when ``n == 0`` (nothing is known).

    Raises:
        ValueError: ``n < 0`` or ``successes`` outside ``[0, n]``.
    """
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be in [0, {n}], got {successes}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denom
    # At 0 or n successes the bound is exactly 0 or 1; don't let rounding say otherwise.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high
