"""The Arcane Labyrinth's events as sentences: the Magic engine's, told with seat 1
as "the Labyrinth" and seat 0 as "the player" (or "you"), plus the format's own
reveals, shop, encounters and boss ("The Labyrinth reveals Goblin Guide").
Rules-free: reads the event only.
"""

from __future__ import annotations

from typing import Any

from labyrinth_gym.envs.core.prose import join, plural, words
from labyrinth_gym.envs.magic.prose import MagicNarrator, card

Event = dict[str, Any]

HERO, LAB = 0, 1
"""The seats (as the engine numbers them)."""

ENCOUNTERS = {
    "tragic failure": "a tragic failure",
    "evaded": "the danger is evaded",
    "loot": "loot: a card, a Treasure and a Food",
    "mythic treasure": "a mythic treasure: a free card from the shop, a card, a "
                       "Treasure and a Food",
}


class ArcaneNarrator(MagicNarrator):
    """Tells an Arcane Labyrinth game."""

    def name(self, player: int) -> str:
        return "the Labyrinth" if player == LAB else "the player"

    def on_start(self, e: Event) -> str:
        return (f"{self.who(HERO)} {'enter' if self.is_you(HERO) else 'enters'} the "
                f"{words(e['labyrinth']).title()} with {e['hero']} as the Hero; its "
                f"final boss is {e['boss']}")

    def on_round(self, e: Event) -> str:
        safe = " (a safe turn: the Labyrinth does not act)" if e.get("safe") else ""
        return f"Round {e['round']}{safe}"

    def on_reveal_step(self, e: Event) -> str:
        entropy = " (Entropy Draw)" if e.get("entropy") else ""
        flips = (f", after turning {plural(e['flips'], 'face-down card')} over"
                 if e.get("flips") else "")
        return f"The Labyrinth will reveal {plural(e['reveals'], 'card')}{entropy}{flips}"

    def on_reveal(self, e: Event) -> str:
        return (f"The Labyrinth reveals {card(e['card'])} "
                f"({plural(e['library'], 'card')} left in its library)")

    def on_reveal_nothing(self, e: Event) -> str:
        return "The Labyrinth has nothing left to reveal"

    def on_reveal_no_effect(self, e: Event) -> str:
        return (f"The Labyrinth's {card(e['card'])} has "
                f"{words(e.get('reason', 'no effect'))} and goes to its graveyard")

    def on_flip(self, e: Event) -> str:
        return f"The Labyrinth's face-down {card(e['card'])} is turned over"

    def on_land_to_player(self, e: Event) -> str:
        return (f"{card(e['card'])} is a land: it enters under {self.whose(HERO)} "
                f"control")

    def on_boss_arrives(self, e: Event) -> str:
        buff = f", with +{e['buff']}/+{e['buff']}" if e.get("buff") else ""
        again = " again" if e.get("arrival", 1) > 1 else ""
        return f"The final boss, {card(e['card'])}, arrives{again}{buff}"

    def on_boss_equipment(self, e: Event) -> str:
        equipped = " and equips it" if e.get("attached") else ""
        return f"The boss takes {card(e['card'])} from the shop{equipped}"

    def on_shop_open(self, e: Event) -> str:
        cards = join(card(c) for c in e["cards"]) if e["cards"] else "nothing"
        return f"The Secret Shop opens: {cards}"

    def on_purchase(self, e: Event) -> str:
        return self.does(e["player"], f"buys {card(e['card'])} for "
                         f"{plural(e['lands'], 'land')}")

    def on_shop_closed(self, e: Event) -> str:
        return self.does(e["player"], "leaves the shop without buying")

    def on_shop_free(self, e: Event) -> str:
        return self.does(e["player"], f"takes {card(e['card'])} from the shop for free")

    def on_sacrifice(self, e: Event) -> str:
        if "cards" in e:
            return self.does(e["player"], f"sacrifices {join(card(c) for c in e['cards'])}")
        why = f" ({words(e['reason'])})" if e.get("reason") else ""
        return self.does(e["player"], f"sacrifices {card(e['card'])}{why}")

    def on_encounter(self, e: Event) -> str:
        result = ENCOUNTERS.get(e["result"], words(e["result"]))
        return f"Round {e['round']} encounter: d20 {e['roll']}, {result}"

    def on_exhausted(self, e: Event) -> str:
        return (f"The Hero {card(e['card'])} is exhausted "
                f"({words(e.get('reason', 'gone'))})")

    def on_hero_returns(self, e: Event) -> str:
        return f"The Hero {card(e['card'])} returns to the battlefield"

    def on_to_library_top(self, e: Event) -> str:
        return (f"{plural(e['count'], 'card')} of the Labyrinth "
                f"{'goes' if e['count'] == 1 else 'go'} back on top of its library")

    def on_successful_block(self, e: Event) -> str:
        return f"The Hero's block holds: the attacker deals no damage to {self.who(HERO)}"

    def on_lab_mill(self, e: Event) -> str:
        why = "damage" if e.get("reason") == "damage" else words(e.get("reason", ""))
        return (f"The Labyrinth mills {plural(e['milled'], 'card')} from {why} "
                f"({plural(e['library'], 'card')} left)")

    def on_lab_life_gain(self, e: Event) -> str:
        back = (f": {join(card(c) for c in e['returned'])} back from its graveyard"
                if e.get("returned") else "")
        exiled = (f"; {join(card(c) for c in e['exiled'])} exiled" if e.get("exiled")
                  else "")
        return f"The Labyrinth gains {e['amount']} life{back}{exiled}"

    def on_draw_ignored(self, e: Event) -> str:
        return "The Labyrinth has no hand: it draws nothing"


def narrator(game: Any, seat: int | None) -> ArcaneNarrator:
    """The narrator of an Arcane Labyrinth game for ``seat``."""
    return ArcaneNarrator(seat)


def describe(event: Event, seat: int | None = None, game: Any = None) -> str:
    """``event`` as one sentence from ``seat``'s point of view (module docstring)."""
    return narrator(game, seat).describe(event)
