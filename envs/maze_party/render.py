"""Text picture of a maze party state: points, river, party, actions, fight."""

from __future__ import annotations

from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine.cards import EMPTY, KIND_NAMES
from labyrinth_gym.envs.maze_party.engine.game import PHASE_NAMES, MazePartyGame


def render_text(game: MazePartyGame) -> str:
    """What the table shows (face-down cards stay hidden)."""
    maze = game.maze
    piles = game.piles
    lines = [
        f"{maze.name} (DC {maze.dc})  turn {game.turn}/{game.max_turns}  round {game.round}",
        f"Right Paths {game.points}/{maze.right_paths_to_win}   Monster count "
        f"{game.dm_points}/2   deck {len(piles.deck)}  discard {len(piles.discard)}   "
        f"potions {game.potions}  charms {game.charms}",
    ]
    slots = []
    for i in range(3):
        card = piles.river[i]
        if card == EMPTY:
            slots.append("[   empty    ]")
        elif piles.stuck[i]:
            slots.append(f"[{'Dead End*':^12}]")
        elif game.revealed[i]:
            slots.append(f"[{KIND_NAMES[card]:^12}]")
        else:
            slots.append(f"[{'face down':^12}]")
    lines.append("River: " + " ".join(slots))
    if game.scout_card != EMPTY:
        lines.append(f"Scouted deck card: {KIND_NAMES[game.scout_card]}")
    if game.elementary:
        lines.append("It's Elementary! drew: " + ", ".join(KIND_NAMES[c] for c in game.elementary))
    acts = []
    for i, name in enumerate(A.ACTION_NAMES):
        state = "removed" if game.removed_actions[i] else ("used" if game.used[i] else "ready")
        acts.append(f"{name} ({('STR', 'DEX', 'INT', 'WIS', 'CHA')[i]}): {state}")
    lines.append("Actions: " + "; ".join(acts))
    lines.append("Party (initiative order):")
    for s in game.order:
        ch = game.party[s]
        status = []
        if game.hp[s] <= 0:
            status.append("DOWN")
        if game.asleep[s]:
            status.append(f"asleep {game.asleep[s]}")
        if game.combat is not None and game.combat.dodging[s]:
            status.append("dodging")
        mark = ">" if s == game.active and game.outcome is None else " "
        lines.append(
            f" {mark} [{s}] {ch.name:<22} HP {game.hp[s]:>2}/{ch.hp:<2} AC {ch.ac} "
            f"init {game.initiative[s]:>2} {' '.join(status)}"
        )
    if game.combat is not None:
        enc = game.combat
        lines.append(
            f"FIGHT: {enc.monster.name} HP {max(enc.hp, 0)}/{enc.monster.hp} AC {enc.monster.ac}"
            + ("  (reckless)" if enc.reckless_active else "")
        )
    if game.outcome is not None:
        lines.append(f"Game over: {game.outcome}")
    else:
        lines.append(f"Decision: {PHASE_NAMES[game.phase]} for member {game.active}")
    return "\n".join(lines) + "\n"
