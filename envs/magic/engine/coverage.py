"""How much of the real card pool the compiler supports, by card type and by reason."""

from __future__ import annotations

from collections import Counter
from typing import Any

from labyrinth_gym.envs.magic.engine.cards import CARD_TYPES, card_pool
from labyrinth_gym.envs.magic.engine.compiler import CompiledPool, compiled_pool


def coverage(pool: CompiledPool | None = None, reasons: int = 20) -> dict[str, Any]:
    """Supported counts overall and per card type, and the commonest unsupported reasons.

    A card with several types counts under each (an artifact creature is an artifact
    and a creature).

    Returns:
        ``{"supported", "total", "by_type": {type: {"supported", "total"}},
        "reasons": [(reason, cards), ...]}``.
    """
    pool = pool or compiled_pool()
    printed = card_pool().cards
    by_type = {t: {"supported": 0, "total": 0} for t in CARD_TYPES}
    for name, card in printed.items():
        ok = name in pool.supported
        for t in card.types:
            if t in by_type:
                by_type[t]["total"] += 1
                by_type[t]["supported"] += ok
    return {
        "supported": len(pool.supported),
        "total": len(pool.supported) + len(pool.unsupported),
        "by_type": {t: v for t, v in by_type.items() if v["total"]},
        "reasons": Counter(pool.unsupported.values()).most_common(reasons),
    }
