"""Text picture of a Magic game, as the seat to act reads the table.

Every player's life and zone sizes, then their battlefield (lands counted by name,
other permanents one per line with power/toughness, damage, counters, what they are
attached to, tapped, summoning sick, attacking and blocking), the stack from the top,
and the hand of the seat to act only (other hands stay hidden), with the decision it
is asked and its legal actions by name. A face-down permanent shows as "face-down
creature", with its card's name only to the seat to act if it controls it.
"""

from __future__ import annotations

from collections import Counter

from labyrinth_gym.envs.magic.engine.game import MagicGame, battlefield_abilities

_MAX_ACTIONS_SHOWN = 24


def _plain_land(game: MagicGame, pid: int) -> bool:
    """A land shown only by name and count: not a creature, no ability to activate
    by an action, nothing attached to it."""
    d = game.pdef(pid)
    return ("Land" in d.types and not game.is_creature(pid)
            and not battlefield_abilities(d) and not game.battlefield[pid].counters)


def _perm_line(game: MagicGame, pid: int, viewer: int) -> str:
    perm = game.battlefield[pid]
    name = game.perm_name(pid, viewer)
    parts = [f"[{perm.slot:>2}] {name}" if perm.slot >= 0 else f"[--] {name}"]
    if game.is_creature(pid):
        power, tough, kws = game.chars(pid)
        parts.append(f"{power}/{tough}")
        if perm.damage:
            parts.append(f"({perm.damage} damage)")
        if kws:
            parts.append(", ".join(sorted(kws)))
    counters = {k: v for k, v in perm.counters.items() if v}
    if counters:
        parts.append(" ".join(f"{v}x{k}" for k, v in sorted(counters.items())))
    if perm.attached_to is not None and perm.attached_to in game.battlefield:
        host = game.battlefield[perm.attached_to]
        parts.append(f"on [{host.slot}] {game.perm_name(perm.attached_to, viewer)}")
    if game.card_token[perm.card]:
        parts.append("token")
    if perm.tapped:
        parts.append("TAPPED")
    if perm.sick and game.is_creature(pid):
        parts.append("sick")
    if pid in game.attackers:
        walker = game.attacking_pw.get(pid)
        if walker is not None:
            name = game.perm_name(walker, viewer) if walker in game.battlefield else "?"
            parts.append(f"ATTACKING {name} (player {game.attackers[pid]})")
        else:
            parts.append(f"ATTACKING player {game.attackers[pid]}")
        if pid in game.blocked:
            parts.append("blocked")
    if pid in game.blocking:
        blocked = game.blocking[pid]
        name = game.perm_name(blocked, viewer) if blocked in game.battlefield else "?"
        parts.append(f"BLOCKING {name}")
    return "  ".join(parts)


def render_text(game: MagicGame) -> str:
    """The table, with the hand and choices of the seat to act."""
    n = game.num_players
    viewer = -1 if game.is_terminal() else game.current_player()
    lines = [f"Turn {game.turn}  step {game.step}  active player {game.active}"
             f"  ({n} players)"]
    for p in range(n):
        status = "  LOST" if game.lost[p] else ""
        lines.append(
            f"Player {p}: life {game.life[p]}  hand {len(game.hand[p])}  library "
            f"{len(game.library[p])}  graveyard {len(game.graveyard[p])}  exile "
            f"{len(game.exile[p])}{status}")
        mine = [pid for pid, perm in game.battlefield.items() if perm.controller == p]
        lands = Counter()
        tapped_lands = Counter()
        for pid in mine:
            if _plain_land(game, pid):
                d = game.pdef(pid)
                (tapped_lands if game.battlefield[pid].tapped else lands)[d.name] += 1
        if lands or tapped_lands:
            text = ", ".join(f"{v} {k}" for k, v in sorted(lands.items()))
            if tapped_lands:
                text += ("; " if text else "") + "tapped: " + ", ".join(
                    f"{v} {k}" for k, v in sorted(tapped_lands.items()))
            lines.append(f"    lands: {text}")
        for pid in mine:
            if _plain_land(game, pid):
                continue
            lines.append("    " + _perm_line(game, pid, viewer))
    if game.stack:
        lines.append("Stack (top first):")
        for s in reversed(range(len(game.stack))):
            item = game.stack[s]
            targets = game._target_names(item, viewer)
            aim = f" -> {targets}" if targets else ""
            name = game.item_name(item, viewer) if viewer >= 0 else game.name_of(item.card)
            lines.append(f"    [{s}] {item.kind} {name} "
                         f"(player {item.controller}){aim}")
    if game.is_terminal():
        lines.append(f"Game over: {game.outcome}, winner {game.winner}")
        return "\n".join(lines)
    p = game.current_player()
    hand = ", ".join(f"{i}:{game.name_of(c)}" for i, c in enumerate(game.hand[p]))
    lines.append(f"Player {p} to act ({game.decision['kind']}); hand: {hand or '-'}")
    if game.casting is not None:
        lines.append(f"    casting {game.item_name(game.casting, p)}")
    legal = game.legal_actions()
    names = [f"{a}={game.action_to_string(a)}" for a in legal[:_MAX_ACTIONS_SHOWN]]
    more = f" ... {len(legal) - _MAX_ACTIONS_SHOWN} more" if len(legal) > \
        _MAX_ACTIONS_SHOWN else ""
    lines.append("    legal: " + "; ".join(names) + more)
    return "\n".join(lines)
