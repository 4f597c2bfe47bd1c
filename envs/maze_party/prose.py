"""The maze party's events as sentences, from one party member's point of view.

Members are called by their characters' names ("Wren the Rogue"), the member the
sentences are for "you"; the DM's monster is "the monster" (the event that starts a
fight names it). Rules-free: reads the event and the party's names only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from labyrinth_gym.envs.core.prose import Narrator, join, plural, signed, words

Event = dict[str, Any]


class MazePartyNarrator(Narrator):
    """Tells a maze run's events; ``party`` holds the members' names by seat."""

    seat_word = "Member"

    def __init__(self, seat: int | None = None, party: Sequence[str] = ()):
        super().__init__(seat)
        self.party = list(party)

    def name(self, player: int) -> str:
        if player < 0:
            return "the monster"
        if player < len(self.party):
            return self.party[player]
        return f"member {player}"

    def on_start(self, e: Event) -> str:
        party = join(words(k).title() for k in e["party"])
        return (f"The party ({party}) enters the {words(e['maze']).title()} maze with "
                f"{plural(e['deck'], 'card')} in the deck")

    def on_initiative(self, e: Event) -> str:
        rolls = join(f"{self.who(m)} {r}" for m, r in enumerate(e["rolls"]))
        return f"Initiative rolls: {rolls}; the order is {self.seats(e['order'])}"

    def on_action_removal_roll(self, e: Event) -> str:
        kept = "kept" if e.get("kept") else "rerolled"
        return f"A d{e['die']} for the actions to remove shows {e['roll']} ({kept})"

    def on_actions_removed(self, e: Event) -> str:
        return f"This run the party cannot use {join(e['actions'])}"

    def on_actions_unlocked(self, e: Event) -> str:
        return f"After round {e['round']} every used action is available again"

    def on_turn(self, e: Event) -> str:
        if self.is_you(e["member"]):
            return f"Round {e['round']}: your turn"
        return f"Round {e['round']}: {self.who(e['member'])}'s turn"

    def on_skip_asleep(self, e: Event) -> str:
        left = e.get("left", 0)
        tail = f" ({plural(left, 'more turn')} to sleep)" if left else ""
        return self.does(e["member"], f"is asleep and skips a turn{tail}")

    def on_no_choice(self, e: Event) -> str:
        return self.does(e["member"], "has no face-down card to choose and passes")

    def on_check(self, e: Event) -> str:
        bonus = f" + {e['bonus']} bonus" if e.get("bonus") else ""
        total = e["roll"] + e["modifier"] + e.get("bonus", 0)
        result = "a success" if e["success"] else "a failure"
        return self.does(e["member"], f"tries {e['what']}: d20 {e['roll']} "
                         f"{signed(e['modifier'])}{bonus}, {total} against DC {e['dc']}, "
                         f"{result}")

    def on_forge_a_path(self, e: Event) -> str:
        return f"Forge A Path adds {plural(e['right_paths_added'], 'Right Path')} to the deck"

    def on_scout_ahead(self, e: Event) -> str:
        return f"Scout Ahead shows the top card of the deck: {e['card']}"

    def on_its_elementary(self, e: Event) -> str:
        return f"It's Elementary! draws {join(e['cards'])}"

    def on_elementary_bottom(self, e: Event) -> str:
        return f"{e['card']} goes to the bottom of the deck"

    def on_careful_consideration(self, e: Event) -> str:
        return "Careful Consideration: two river cards are revealed to choose from"

    def on_boost_morale(self, e: Event) -> str:
        return f"Boost Morale clears the Dead End stuck in river slot {e['slot'] + 1}"

    def on_reveal(self, e: Event) -> str:
        return f"The card in river slot {e['slot'] + 1} is revealed: {e['card']}"

    def on_choose(self, e: Event) -> str:
        where = ("from the deck" if e["slot"] == "deck"
                 else f"from river slot {e['slot'] + 1}")
        return f"The party takes {e['card']} {where}"

    def on_right_path(self, e: Event) -> str:
        return f"A Right Path: the party has {plural(e['points'], 'point')}"

    def on_dead_end(self, e: Event) -> str:
        return "A Dead End: it stays stuck in the river"

    def on_dead_end_added(self, e: Event) -> str:
        return f"{e['by']} puts a Dead End into river slot {e['slot'] + 1}"

    def on_river_of_dead_ends(self, e: Event) -> str:
        monster = "; a Monster joins the discard pile" if e.get(
            "monster_added_to_discard") else ""
        return f"The river is all Dead Ends: {plural(e['removed'], 'card')} are cleared{monster}"

    def on_reshuffle(self, e: Event) -> str:
        return f"The discard pile is shuffled into a new deck of {plural(e['deck'], 'card')}"

    def on_map_shows(self, e: Event) -> str:
        return f"The Map Fragment shows the next two cards: {e['top']}, then {e['second']}"

    def on_map_order(self, e: Event) -> str:
        return ("The party swaps the top two cards" if e.get("swapped")
                else "The party keeps the top two cards in their order")

    def on_trap(self, e: Event) -> str:
        return f"A trap: {e['name']}"

    def on_treasure(self, e: Event) -> str:
        return f"Treasure: the party finds a {e['name']}"

    def on_poison_save(self, e: Event) -> str:
        if e["saved"]:
            return self.does(e["member"], f"resists the poison (d20 {e['roll']} against "
                             f"DC {e['dc']})")
        return self.does(e["member"], f"is poisoned (d20 {e['roll']} against DC "
                         f"{e['dc']}) and takes {e['damage']} damage")

    def on_asleep(self, e: Event) -> str:
        tail = "; a Monster is put on top of the deck" if e.get("monster_on_top") else ""
        return self.does(e["member"], f"falls asleep for {plural(e['turns'], 'turn')}"
                         ) + tail

    def on_woken(self, e: Event) -> str:
        if e["by"] == "damage":
            return self.does(e["member"], "is woken by the pain")
        return self.does(e["by"], f"wakes {self.object(e['member'])}")

    def on_potion(self, e: Event) -> str:
        target = ("themselves" if e["by"] == e["member"] and not self.is_you(e["by"])
                  else "yourself" if e["by"] == e["member"] else self.object(e["member"]))
        return self.does(e["by"], f"gives {target} a healing potion: "
                         f"{e['healed']} hit points back")

    def on_monster_approaches(self, e: Event) -> str:
        return (f"A monster approaches: the DM has "
                f"{plural(e['dm_points'], 'point')} to spend on it")

    def on_encounter(self, e: Event) -> str:
        return (f"A {e['monster']} ({e['hp']} hit points) attacks! It rolls "
                f"{e['initiative']} for initiative; the order is {self.seats(e['order'])}")

    def on_monster_attack(self, e: Event) -> str:
        target = self.object(e["target"])
        if not e["hit"]:
            return f"The monster's {e['attack']} misses {target} (d20 {e['roll']})"
        return (f"The monster's {e['attack']} hits {target} for {e['damage']} damage "
                f"(d20 {e['roll']})")

    def on_attack(self, e: Event) -> str:
        if not e["hit"]:
            return self.does(e["member"], f"attacks and misses (d20 {e['roll']})")
        return self.does(e["member"], f"hits the monster for {e['damage']} damage "
                         f"(d20 {e['roll']}); it has {e['monster_hp']} hit points left")

    def on_dodge(self, e: Event) -> str:
        return self.does(e["member"], "dodges")

    def on_help(self, e: Event) -> str:
        return self.does(e["member"], "helps the next attack")

    def on_down(self, e: Event) -> str:
        return self.does(e["member"], "goes down")

    def on_monster_slain(self, e: Event) -> str:
        return f"The {e['monster']} is slain"

    def on_monster_card_removed(self, e: Event) -> str:
        where = {"deck": "from the deck", "none": "(none was left to remove)"}.get(
            e.get("source"), f"from the {words(e.get('source'))}")
        return f"The fought Monster card is removed {where}"

    def on_game_over(self, e: Event) -> str:
        how = {"escaped": "The party escapes the maze", "lost": "The party is lost",
               "truncated": "The run is cut off at the turn limit"}.get(
                   e["outcome"], f"The run ends ({words(e['outcome'])})")
        return f"{how}: {e['reason']}"

    def object(self, player: int) -> str:
        """A member as the object of a verb (``"you"``, ``"Wren the Rogue"``)."""
        return self.who(player)


def narrator(game: Any, seat: int | None) -> MazePartyNarrator:
    """The narrator of ``game`` (a :class:`MazePartyGame`) for ``seat``."""
    return MazePartyNarrator(seat, [c.name for c in getattr(game, "party", ())])


def describe(event: Event, seat: int | None = None, game: Any = None) -> str:
    """``event`` as one sentence from ``seat``'s point of view (module docstring)."""
    return narrator(game, seat).describe(event)
