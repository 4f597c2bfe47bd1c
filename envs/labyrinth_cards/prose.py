"""Labyrinth the Card Game's events as sentences, from one player's point of view.

A card is named by its two treasures ("the Crown-Key card"), a table cell by its row
and column as the action names give them. Rules-free: reads the event and the deck's
printed cards (``data/cards.toml``) only.
"""

from __future__ import annotations

from typing import Any

from labyrinth_gym.envs.core.prose import Narrator, join, plural, words

Event = dict[str, Any]

DIRECTIONS = {"cw": "clockwise", "ccw": "counter-clockwise"}


class LabyrinthCardsNarrator(Narrator):
    """Tells a game's events; ``deck`` is the game's :class:`Deck` (its cards'
    treasures and the table's size)."""

    def __init__(self, seat: int | None = None, deck: Any = None):
        super().__init__(seat)
        if deck is None:
            from labyrinth_gym.envs.labyrinth_cards.engine.game import deck_data

            deck = deck_data()
        self.deck = deck

    def card(self, card: int) -> str:
        """``"the Crown-Key card"``."""
        names = self.deck.treasure_names
        treasures = "-".join(names[t] for t in self.deck.cards[card].treasures)
        return f"the {treasures} card"

    def cell(self, cell: int) -> str:
        """``"row 7 col 8"``, as the action names say it."""
        r, c = divmod(int(cell), self.deck.size)
        return f"row {r} col {c}"

    def on_start(self, e: Event) -> str:
        opening = join(self.card(card) for _, card, _ in e["layout"])
        return (f"A {e['players']}-player game ({words(e['variant'])} rules) starts "
                f"with {opening} face up in the middle")

    def on_turn(self, e: Event) -> str:
        if e.get("skipped"):
            return self.does(e["player"], "has no cards and no move, and is skipped")
        return "Your turn" if self.is_you(e["player"]) else f"{self.who(e['player'])}'s turn"

    def on_play(self, e: Event) -> str:
        turned = f", turned {e['rotation'] * 90} degrees" if e.get("rotation") else ""
        return self.does(e["player"], f"plays {self.card(e['card'])} at "
                         f"{self.cell(e['cell'])}{turned}")

    def on_rotate(self, e: Event) -> str:
        return self.does(e["player"], f"turns the card at {self.cell(e['cell'])} "
                         f"{DIRECTIONS.get(e['direction'], e['direction'])}")

    def on_draw(self, e: Event) -> str:
        if e.get("action"):
            return self.does(e["player"], "draws a card as an action")
        return self.does(e["player"], f"draws {plural(e.get('cards', 1), 'card')}")

    def on_collect(self, e: Event) -> str:
        return self.does(e["player"], f"collects {self.card(e['card'])} from "
                         f"{self.cell(e['cell'])}")

    def on_stop(self, e: Event) -> str:
        return self.does(e["player"], "ends the turn")

    def on_slide(self, e: Event) -> str:
        moves = []
        if e["rows"]:
            moves.append(f"{plural(abs(e['rows']), 'row')} {'down' if e['rows'] > 0 else 'up'}")
        if e["cols"]:
            moves.append(f"{plural(abs(e['cols']), 'column')} "
                         f"{'right' if e['cols'] > 0 else 'left'}")
        return f"The layout slides {join(moves) if moves else 'nowhere'} to stay centred"

    def on_game_over(self, e: Event) -> str:
        scores = join(f"{self.who(p)} {s}" for p, s in enumerate(e["scores"]))
        if e.get("truncated"):
            return f"The game is cut off at the turn limit; cards collected: {scores}"
        best = max(e["returns"])
        winners = [p for p, r in enumerate(e["returns"]) if r == best]
        won = (f"{self.seats(winners)} {'tie' if len(winners) > 1 else 'wins'}"
               if len(winners) < len(e["returns"]) else "Everyone ties")
        if self.is_you(winners[0]) and len(winners) == 1:
            won = "you win"
        return f"Game over ({e['reason']}): {won}; cards collected: {scores}"


def narrator(game: Any, seat: int | None) -> LabyrinthCardsNarrator:
    """The narrator of ``game`` (a :class:`LabyrinthCardsGame`) for ``seat``."""
    return LabyrinthCardsNarrator(seat, getattr(game, "data", None))


def describe(event: Event, seat: int | None = None, game: Any = None) -> str:
    """``event`` as one sentence from ``seat``'s point of view (module docstring)."""
    return narrator(game, seat).describe(event)
