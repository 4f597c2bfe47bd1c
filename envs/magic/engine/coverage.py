"""How much of the real card pool the compiler supports: by card type, by the
commonest unsupported reasons, and by mechanism (how many cards need each one)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import CARD_TYPES, card_pool
from labyrinth_gym.envs.magic.engine.compiler import CompiledPool, compiled_pool

STRUCTURE = frozenset({
    "CardDef", "SpellAbility", "ActivatedAbility", "TriggeredAbility", "Trigger", "Cost",
    "Filter", "Target", "Ref", "Each", "Sequence", "ManaCost", "TokenSpec",
})
"""Vocabulary classes that only hold other nodes: they are how a card is written, not a
rule it needs (a mechanism is named by what they hold)."""


def mechanisms(card: fx.CardDef) -> frozenset[str]:
    """The rules mechanisms a compiled card needs, as short labels.

    A label is an effect or static ability's class (``"DealDamage"``, ``"EntersTapped"``),
    ``"trigger: <event>"`` for each trigger event, ``"keyword: <name>"`` for each keyword
    (its tokens' keywords too), ``"cost: <part>"`` for each part of a cost other than
    mana (``"cost: sacrifice"``, ``"cost: pay_life"``), ``"activated from hand"`` and
    ``"loyalty ability"``. Every card that is supported plays every clause, so a card
    with a label is a card that mechanism unlocked (alone or with others).
    """
    found: set[str] = set()
    _walk(card, found)
    return frozenset(found)


def _walk(node: Any, found: set[str]) -> None:
    import dataclasses

    if isinstance(node, (tuple, list, frozenset, set)):
        for item in node:
            _walk(item, found)
        return
    if isinstance(node, dict):
        for item in node.values():
            _walk(item, found)
        return
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return
    name = type(node).__name__
    if isinstance(node, fx.Trigger):
        found.add(f"trigger: {node.event}")
    elif isinstance(node, fx.Cost):
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if f.name not in ("mana", "tap", "loyalty") and value and value != f.default:
                found.add(f"cost: {f.name.removesuffix('_self')}")
        if node.loyalty is not None:
            found.add("loyalty ability")
    elif isinstance(node, fx.ActivatedAbility) and node.zone == "hand":
        found.add("activated from hand")
    elif name not in STRUCTURE:
        found.add(name)
    keywords = getattr(node, "keywords", None)
    if isinstance(keywords, (tuple, frozenset)) and not isinstance(node, fx.Pump):
        found.update(f"keyword: {k}" for k in keywords)
    for f in dataclasses.fields(node):
        if f.compare and f.name != "keywords":
            _walk(getattr(node, f.name), found)


def coverage(pool: CompiledPool | None = None, reasons: int = 20) -> dict[str, Any]:
    """Supported counts overall and per card type, the commonest unsupported reasons,
    and the supported cards that need each mechanism.

    A card with several types counts under each (an artifact creature is an artifact
    and a creature).

    Returns:
        ``{"supported", "total", "by_type": {type: {"supported", "total"}},
        "reasons": [(reason, cards), ...], "mechanisms": [(label, cards), ...]}``
        (mechanisms most needed first; see :func:`mechanisms`).
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
    needs: Counter[str] = Counter()
    for card in pool.supported.values():
        needs.update(mechanisms(card))
    return {
        "supported": len(pool.supported),
        "total": len(pool.supported) + len(pool.unsupported),
        "by_type": {t: v for t, v in by_type.items() if v["total"]},
        "reasons": Counter(pool.unsupported.values()).most_common(reasons),
        "mechanisms": sorted(needs.items(), key=lambda kv: (-kv[1], kv[0])),
    }
