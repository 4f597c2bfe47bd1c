"""Combat damage assignment (rules 510.1, 702.2c, 702.19), as pure functions.

The attacking player's choices are automated:

- Blockers are taken in the order they were declared (the damage assignment order).
- Each blocker in turn is assigned lethal damage (its toughness minus the damage
  already marked on it; 1 if the attacker has deathtouch) before the next gets any.
- Damage left after every blocker has lethal damage goes to the defending player if
  the attacker has trample, otherwise to the last blocker in the order.
- A blocked attacker whose blockers have all left combat deals no damage, unless it has
  trample: then all of it goes to the player.
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
