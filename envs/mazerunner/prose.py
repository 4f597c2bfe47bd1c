"""Mazerunner pods' events as sentences: the Magic engine's, plus the command zone,
commander damage and eliminations. Rules-free: reads the event only.
"""

from __future__ import annotations

from typing import Any

from labyrinth_gym.envs.core.prose import words
from labyrinth_gym.envs.magic.prose import MagicNarrator, card

Event = dict[str, Any]


class MazerunnerNarrator(MagicNarrator):
    """Tells a Commander pod's events."""

    def on_commander(self, e: Event) -> str:
        return f"{self.whose(e['player'])} commander is {card(e['card'])}"

    def on_cast_from_command(self, e: Event) -> str:
        tax = f" (commander tax {e['tax']})" if e.get("tax") else ""
        return self.does(e["player"], f"casts {card(e['card'])} from the command "
                         f"zone{tax}")

    def on_to_command_zone(self, e: Event) -> str:
        return self.does(e["player"], f"moves {card(e['card'])} from "
                         f"{self.their(e['player'])} {words(e['zone'])} to the "
                         "command zone")

    def on_commander_damage(self, e: Event) -> str:
        return (f"{card(e['card'])} deals {e['amount']} commander damage to "
                f"{self.who(e['player'])} ({e['total']} in all)")

    def on_elimination(self, e: Event) -> str:
        players = list(e["players"])
        out = self.seats(players)
        verb = "are" if len(players) > 1 or self.is_you(players[0]) else "is"
        if e.get("draw"):
            return f"{out} {verb} out in a draw"
        cause = e.get("cause")
        by = f" by {self.who(cause)}" if cause is not None and cause not in players else ""
        return f"{out} {verb} eliminated{by}"


def narrator(game: Any, seat: int | None) -> MazerunnerNarrator:
    """The narrator of a Mazerunner pod for ``seat``."""
    return MazerunnerNarrator(seat)


def describe(event: Event, seat: int | None = None, game: Any = None) -> str:
    """``event`` as one sentence from ``seat``'s point of view (module docstring)."""
    return narrator(game, seat).describe(event)
