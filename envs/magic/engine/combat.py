"""Combat damage assignment (rules 510.1, 702.2c, 702.19), as pure functions.

The rules since the Foundations update (November 2024) have no damage assignment
order: a creature blocked by two or more creatures divides its combat damage among
them as its controller chooses (510.1c); with trample, it may assign damage to the
player or planeswalker it attacks only once every blocker is assigned lethal damage
(702.19b: toughness minus the damage already marked; any nonzero amount from a source
with deathtouch, 702.2c). That division is a decision of the attacking player
(``assign_damage``, see :mod:`~decisions`). The cases with one meaningful division are
settled here, without a decision:

- An unblocked attacker deals all its damage to what it attacks (510.1b).
- A blocked attacker whose blockers have all left combat deals no damage, unless it has
  trample: then all of it goes to the player (702.19e).
- An attacker blocked by one creature deals all its damage to it (510.1c); with
  trample, lethal damage to it and the rest to the player or planeswalker (assigning
  more than lethal to the blocker instead is legal but never better here).

:func:`assign_attacker_damage` is also the division an automated player (the Arcane
Labyrinth) makes with several blockers: lethal damage to each in the order they were
declared, the rest to the player with trample, else to the last of them.
"""

from __future__ import annotations


def assign_attacker_damage(power: int, blockers: list[tuple[int, int]], *,
                           trample: bool, deathtouch: bool, blocked: bool,
                           player: int | None) -> list[tuple[int, int]]:
    """How a blocked or unblocked attacker's damage is split.

    Args:
        power: The attacker's power (nothing is dealt if it is 0 or less).
        blockers: ``(pid, lethal)`` for each blocker still in combat, in order;
            ``lethal`` is its toughness minus damage already marked (may be <= 0).
        trample, deathtouch: The attacker's keywords.
        blocked: Whether the attacker was blocked.
        player: Target code of the player or planeswalker it attacks; None when that
            planeswalker left combat (rule 506.4c: nothing is dealt to it, and
            trample has nowhere to put damage beyond the blockers).

    Returns:
        ``[(target code, amount)]`` with positive amounts.
    """
    if power <= 0:
        return []
    if not blocked:
        return [(player, power)] if player is not None else []
    if not blockers:
        return [(player, power)] if trample and player is not None else []
    out: list[tuple[int, int]] = []
    left = power
    for pid, lethal in blockers:
        need = min(1, max(lethal, 0)) if deathtouch else max(lethal, 0)
        give = min(need, left)
        if give:
            out.append((pid, give))
        left -= give
        if left == 0:
            break
    if left > 0:
        if trample and player is not None:
            out.append((player, left))
        else:
            last = blockers[-1][0]
            for i, (pid, amount) in enumerate(out):
                if pid == last:
                    out[i] = (pid, amount + left)
                    break
            else:
                out.append((last, left))
    return out


def lethal_need(toughness: int, damage: int, deathtouch: bool) -> int:
    """The damage that is lethal for a blocker now (702.19b, 702.2c): toughness minus
    the damage marked on it (at least 0), or 1 from a source with deathtouch."""
    left = toughness - damage
    if left <= 0:
        return 0
    return 1 if deathtouch else left
