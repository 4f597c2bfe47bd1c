"""Dungeon Crawler's events as sentences, from one player's point of view.

Figures are named as the event names them ("Elf Warrior", "Fire Elemental"); a figure
an event gives only by its id is "a figure", squares are "row 3, column 5", and a
treasure card another player drew is "a treasure card" (``event_for`` hides it).
Rules-free: reads the event only.
"""

from __future__ import annotations

from typing import Any

from labyrinth_gym.envs.core.prose import Narrator, join, plural, square, words

Event = dict[str, Any]

TACTICS = {
    "chest": "towards the chest",
    "make room": "to make room",
    "attack": "to attack",
}


def path_text(path: list[list[int]]) -> str:
    """``"to row 4, column 1 (3 squares)"``."""
    return f"to {square(path[-1])} ({plural(len(path), 'square')})"


class DungeonCrawlerNarrator(Narrator):
    """Tells a Dungeon Crawler game."""

    def on_roll_off(self, e: Event) -> str:
        rolls = join(f"{self.who(int(p))} {r}" for p, r in e["rolls"].items())
        return f"Roll-off for the first turn: {rolls}"

    def on_choose_adventurer(self, e: Event) -> str:
        return self.does(e["player"], f"chooses the {e['adventurer']}")

    def on_start(self, e: Event) -> str:
        return self.does(e["player"], f"starts with the {e['adventurer']} at "
                         f"{square(e['square'])}")

    def on_joins(self, e: Event) -> str:
        return self.does(e["player"], "joins the game")

    def on_activation(self, e: Event) -> str:
        if self.is_you(e["player"]):
            return f"Round {e['round']}: your activation"
        return f"Round {e['round']}: {self.whose(e['player'])} activation"

    def on_heal(self, e: Event) -> str:
        healed = f"heals {plural(e['healed'], 'wound')}" if "healed" in e else "heals"
        return self.does(e["player"], f"{healed} ({plural(e['wounds'], 'wound')} left)")

    def on_pair(self, e: Event) -> str:
        return self.does(e["player"], f"chooses to {e['pair'].replace('+', ' then ')}")

    def on_tile(self, e: Event) -> str:
        piles = f" with {plural(e['piles'], 'treasure pile')}" if e.get("piles") else ""
        return self.does(e["player"], f"places a {e['tile']} tile in the slot at "
                         f"{square(e['slot'])}, turned {e['rotation'] * 90} "
                         f"degrees{piles}")

    def on_rotate_tile(self, e: Event) -> str:
        return (f"The tile at slot {square(e['slot'])} turns "
                f"{e['quarter_turns'] * 90} degrees")

    def on_shift_tile(self, e: Event) -> str:
        back = (f"; {plural(e['piles_back'], 'treasure pile')} back on it"
                if e.get("piles_back") else "")
        return f"The tile at slot {square(e['slot'])} shifts{back}"

    def on_encounter(self, e: Event) -> str:
        return self.does(e["player"], f"draws an encounter: {e['monster']}")

    def on_encounters_reshuffled(self, e: Event) -> str:
        return f"The encounter deck is reshuffled ({plural(e['cards'], 'card')})"

    def on_spawn_monster(self, e: Event) -> str:
        return self.does(e["player"], f"places the {e['monster']} at {square(e['square'])}")

    def on_no_spawn(self, e: Event) -> str:
        return (f"Every spawn point is taken: {self.who(e['player'])} cannot place "
                f"{self.their(e['player'])} adventurer this time")

    def on_spawn(self, e: Event) -> str:
        return self.does(e["player"], f"brings the {e['adventurer']} in at "
                         f"{square(e['square'])}")

    def on_respawn_roll(self, e: Event) -> str:
        return self.does(e["player"], f"rolls {e['roll']} for the spawn point")

    def on_pick_up(self, e: Event) -> str:
        return self.does(e["player"], f"picks up the {e['adventurer']} to respawn it")

    def on_monster_move(self, e: Event) -> str:
        why = TACTICS.get(e.get("tactic"), f"({words(e.get('tactic', ''))})")
        return (f"{self.whose(e['player']).capitalize()} {e['monster']} moves to "
                f"{square(e['to'])} {why}")

    def on_move(self, e: Event) -> str:
        left = f", {plural(e['mv_left'], 'move')} left" if e.get("mv_left") else ""
        return self.does(e["player"], f"moves {path_text(e['path'])}{left}")

    def on_treasure_pile(self, e: Event) -> str:
        return self.does(e["player"], f"finds a treasure pile at {square(e['square'])}")

    def on_draw_treasure(self, e: Event) -> str:
        if "card" not in e:
            return self.does(e["player"], "draws a treasure card")
        return self.does(e["player"], f"draws the treasure card {e['card']}")

    def on_treasure_reshuffled(self, e: Event) -> str:
        return f"The treasure deck is reshuffled ({plural(e['cards'], 'card')})"

    def on_play_card(self, e: Event) -> str:
        dice = (f" on the {words(e['roll'])} roll ({join(str(d) for d in e['dice'])})"
                if "roll" in e else "")
        return self.does(e["player"], f"plays {e['card']}{dice}")

    def on_discard(self, e: Event) -> str:
        return self.does(e["player"], f"discards {e['card']}")

    def on_cards_lost(self, e: Event) -> str:
        return self.does(e["player"], f"loses {join(e['cards'])}")

    def on_attack(self, e: Event) -> str:
        targets = join(e["targets"]) if e.get("targets") else "nobody"
        return (f"{self.whose(e['player']).capitalize()} {e['name']} makes a "
                f"{words(e['mode'])} attack on {targets}")

    def on_attack_roll(self, e: Event) -> str:
        bonus = f" + {e['bonus']}" if e.get("bonus") else ""
        return (f"Attack dice {join(str(d) for d in e['rolls'])}{bonus} against defence "
                f"{e['defence']}: {plural(e['hits'], 'hit')}")

    def on_hits(self, e: Event) -> str:
        back = " (reflected back)" if e.get("reflected") else ""
        return f"The target takes {plural(e['hits'], 'hit')}{back}"

    def on_wounds(self, e: Event) -> str:
        return (f"The {e['name']} has {plural(e['wounds'], 'wound')} of "
                f"{e['bp']} body points")

    def on_slain(self, e: Event) -> str:
        by = f" by {self.who(e['by'])}" if e.get("by") is not None else ""
        return f"{self.whose(e['owner']).capitalize()} {e['name']} is slain{by}"

    def on_destroyed(self, e: Event) -> str:
        return f"The {e['name']} is destroyed by the {words(e['terrain'])}"

    def on_hurt_by(self, e: Event) -> str:
        return f"An adventurer is hurt by the {e['monster']}"

    def on_push_roll(self, e: Event) -> str:
        mine, theirs = e["rolls"]
        return self.does(e["player"], f"tries a push: {mine} against {theirs}")

    def on_push(self, e: Event) -> str:
        mine, theirs = e["rolls"]
        result = "wins" if e["won"] else "loses"
        if self.is_you(e["player"]):
            result = "win" if e["won"] else "lose"
        return f"{self.who(e['player'])} {result} the push ({mine} against {theirs})"

    def on_push_void(self, e: Event) -> str:
        return f"{self.whose(e['player']).capitalize()} push is undone by a card"

    def on_push_blocked(self, e: Event) -> str:
        return "The pushed figure has nowhere to go and stays"

    def on_pushed(self, e: Event) -> str:
        return f"The {e['name']} is pushed to {square(e['to'])}"

    def on_pushed_into_lava(self, e: Event) -> str:
        return f"An adventurer is pushed into the lava at {square(e['square'])}"

    def on_slid(self, e: Event) -> str:
        return f"A figure slides to {square(e['to'])}"

    def on_teleported(self, e: Event) -> str:
        return f"A figure is teleported to {square(e['square'])}"

    def on_relocate(self, e: Event) -> str:
        return f"An adventurer is moved to {square(e['to'])}"

    def on_swap(self, e: Event) -> str:
        a, b = e["squares"]
        return f"Two figures swap places: {square(a)} and {square(b)}"

    def on_cave_in(self, e: Event) -> str:
        return f"A cave-in walls up {square(e['square'])}"

    def on_secret_door(self, e: Event) -> str:
        return f"A secret door opens at {square(e['square'])}"

    def on_secret_room(self, e: Event) -> str:
        return self.does(e["player"], f"finds a secret room ({plural(e['cards'], 'card')} "
                         "set aside)")

    def on_healing_font(self, e: Event) -> str:
        return self.does(e["player"], "drinks from a healing font: all "
                         f"{self.their(e['player'])} figures heal")

    def on_lure(self, e: Event) -> str:
        return self.does(e["player"], f"lures {self.whose(e['was'])} {e['name']} "
                         "to their side")

    def on_game_over(self, e: Event) -> str:
        if e.get("winner") is None:
            return f"The game ends without a winner ({words(e['reason'])})"
        how = " by reaching the chest" if e.get("reason") == "chest" else ""
        verb = "win" if self.is_you(e["winner"]) else "wins"
        return f"{self.who(e['winner'])} {verb}{how}"


def narrator(game: Any, seat: int | None) -> DungeonCrawlerNarrator:
    """The narrator of a Dungeon Crawler game for ``seat``."""
    return DungeonCrawlerNarrator(seat)


def describe(event: Event, seat: int | None = None, game: Any = None) -> str:
    """``event`` as one sentence from ``seat``'s point of view (module docstring)."""
    return narrator(game, seat).describe(event)
