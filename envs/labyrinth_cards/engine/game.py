"""Labyrinth the Card Game (Kobbert / Ravensburger) with Steffan O'Sullivan's variants.

Pure rules; no RL libraries. Variants are subclasses found by name in :data:`VARIANTS`
(``"official"``, ``"caffeinated"``, ``"steroids"``), as python-chess does.

**Set-up** (all variants): the 50 cards are shuffled; four go face up, in random
rotations, into the 2x2 block at the centre of the table; each player gets two cards.

**Official** (RULINGS.md): on your turn, place one card from your hand, in any rotation,
on an empty cell edge-adjacent to the layout. Then you may collect at most one card (not
the one you played) that shows a treasure of the played card and is path-connected to
it, provided the rest of the layout stays edge-connected. Then draw back up to two
cards while the deck lasts.

**Caffeinated** (2 actions) and **Steroids** (3 actions): each action is one of

- play a card from your hand onto an empty cell so that it connects a path to an
  adjacent card (at least one shared edge open on both cards);
- rotate any card of the layout 90 degrees (clockwise or counter-clockwise); paths need
  not be kept;
- draw a card, if your hand holds fewer than six.

Actions are final and may repeat. After the actions you collect: a sequence of picks
ended by *stop*. A card may be picked when

1. you did not play it this turn (a card you only rotated is fine);
2. and 3. the cards left on the table stay one edge-connected layout;
4. it belongs to a *set* (two or more cards of one path-connected group showing the same
   treasure) and every set you have collected from this turn keeps at least one of its
   cards on the table;
5. whoever's cards made the path (rotations and cards merely connected count).

Then a free draw (one card, if the hand holds fewer than six and the deck has cards).

**End.** When the deck is empty players play out their hands; the game ends when the
deck and every hand are empty. Most collected cards wins; tied leaders share the win.

Rulings we made where the documents are silent (tested in ``tests/labyrinth_cards``):

- The table is unbounded in play, as on a real table where players slide the layout
  when it nears the edge. The engine keeps the layout on a ``size`` x ``size`` grid
  (16 x 16, ``data/cards.toml``) and *slides* it: whenever a card lies on the grid's
  border after a play, or at the start of a turn, and the layout's bounding box leaves
  a free row and column on every side, the whole layout moves (cards, rotations and
  this turn's played marks together) so that its bounding box is centred, and a
  ``slide`` event records the shift (``rows``, ``cols``). Paths, sets and legality do
  not change under a slide. Only a layout spanning 15 or more rows or columns can still
  meet the grid's edge (:meth:`LabyrinthCardsGame.edge_blocks_a_play`); in random play
  that is under 0.1% of play decisions (``labyrinth-gym benchmark table-edge``). With 50 cards there is always a free cell next
  to the layout.
- Caffeinated/Steroids rule 2 ("every card remaining ... must be connected to another
  card by an edge") means a collection may not leave a lone card: the table keeps at
  least two. The official game only asks for an intact labyrinth, which one card is.
- Sets are traced once, when collection begins ("do not collect any cards until all your
  actions are completed"); lifting a card does not re-trace paths. A picked card counts
  as collected from every set it belongs to, so each of those must keep a card.
- Every action of the turn must be taken (rotation is always possible), except that a
  player with an empty hand and an empty deck in the official game has no turn.
- **No stalling.** In the variants a player may rotate for ever and never play out a
  hand, which would keep a game alive that the rules mean to end. So, once the deck is
  empty, a full round of turns (one per player) in which nobody plays a card and nobody
  collects one ends the game, scored as usual (cards left in hands score nothing), like
  a round of passes in Go. Precisely: a turn that ends (after its free draw) with the
  deck empty, having played and collected nothing, is idle; when the last
  ``num_players`` turns were all idle the game is over. A collection counts as progress: it changes the scores and
  shrinks the layout. The official game cannot stall (every turn plays a card).
- Returns: +1 to every player with the most collected cards and -1 to the rest (0 to
  all if all tie). A game cut off at ``max_turns`` turns is truncated (the env reports
  ``truncated``) and scored the same way by the cards collected so far, so running out
  the clock never turns a loss into a draw.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.arguments import integer
from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.core.engine import TERMINAL_PLAYER, Game, IllegalActionError
from labyrinth_gym.envs.labyrinth_cards.engine import actions as A
from labyrinth_gym.envs.labyrinth_cards.engine.layout import (
    DIRS,
    EMPTY,
    OPPOSITE,
    Grid,
    connected_sets,
    openings_text,
    parse_openings,
    rotate_mask,
    splits_layout,
)

PLAY, COLLECT, OVER = 0, 1, 2
PHASE_NAMES = ("actions", "collect", "over")
HAND_LIMIT = 6
OFFICIAL_HAND = 2


@dataclass(frozen=True)
class Card:
    """A printed card: two treasures and its openings in printed orientation."""

    id: int
    treasures: tuple[int, int]
    openings: int


@dataclass(frozen=True)
class Deck:
    """The card list and table size from ``data/cards.toml``."""

    cards: tuple[Card, ...]
    treasure_names: tuple[str, ...]
    size: int


@cache
def deck_data() -> Deck:
    raw = resources.files("labyrinth_gym.envs.labyrinth_cards").joinpath("data", "cards.toml")
    data = tomllib.loads(raw.read_bytes().decode())
    names: list[str] = []
    for c in data["cards"]:
        for t in c["treasures"]:
            if t not in names:
                names.append(t)
    cards = tuple(
        Card(int(c["id"]), tuple(names.index(t) for t in c["treasures"]), parse_openings(c["openings"]))
        for c in data["cards"]
    )
    problems = []
    if len(cards) != 50:
        problems.append(f"{len(cards)} cards, expected 50")
    if len(names) != 25:
        problems.append(f"{len(names)} treasures, expected 25")
    for t, name in enumerate(names):
        n = sum(t in c.treasures for c in cards)
        if n != 4:
            problems.append(f"treasure {name} on {n} cards, expected 4")
    for c in cards:
        if bin(c.openings).count("1") < 2:
            problems.append(f"card {c.id} has fewer than 2 openings")
        if c.treasures[0] == c.treasures[1]:
            problems.append(f"card {c.id} shows one treasure twice")
        if c.id != cards.index(c):
            problems.append(f"card ids must be 0..49 in order (card {c.id})")
    if problems:
        raise ValueError("bad cards.toml: " + "; ".join(problems))
    return Deck(cards, tuple(names), int(data["table"]["size"]))


@cache
def grid_for(size: int) -> Grid:
    return Grid(size)


NO_FIT = 16
"""``fit_np`` of a cell where no card may go: occupied, or not next to the layout."""


@dataclass(frozen=True)
class CardTables:
    """Per-card lookups the rules use on every step.

    Attributes:
        turned: ``turned[card][r]``: the card's openings after ``r`` clockwise turns.
        shows: ``shows[card]``: bit ``t`` set for each treasure ``t`` the card shows.
        fits: ``(cards, 17, 4) int8``: ``fits[card, f, r]`` is 1 when the card, turned
            ``r`` times, may go on a free cell next to the layout whose neighbours open
            towards it on the edges ``f`` (official game: any such cell); row
            :data:`NO_FIT` is all zeros.
        connects: The same table for the variants, where the card must open towards
            at least one neighbour that opens towards it.
    """

    turned: tuple[tuple[int, int, int, int], ...]
    shows: tuple[int, ...]
    fits: np.ndarray
    connects: np.ndarray


@cache
def card_tables() -> CardTables:
    cards = deck_data().cards
    turned = tuple(tuple(rotate_mask(c.openings, r) for r in range(4)) for c in cards)
    fits = np.zeros((len(cards), NO_FIT + 1, 4), dtype=np.int8)
    fits[:, :NO_FIT, :] = 1
    connects = np.zeros_like(fits)
    for c, masks in enumerate(turned):
        for f in range(NO_FIT):
            connects[c, f] = [(m & f) != 0 for m in masks]
    fits.flags.writeable = False
    connects.flags.writeable = False
    shows = tuple(sum(1 << t for t in c.treasures) for c in cards)
    return CardTables(turned, shows, fits, connects)


class LabyrinthCardsGame(Game):
    """Base class; build a game with :func:`new_game` or ``VARIANTS[name].new(...)``."""

    variant = "official"
    actions_per_turn = 1
    hand_limit = OFFICIAL_HAND

    @classmethod
    def new(
        cls,
        rng: np.random.Generator | int | None = None,
        *,
        num_players: int = 2,
        max_turns: int = 400,
    ) -> LabyrinthCardsGame:
        num_players = integer("num_players", num_players, 2, 6)
        max_turns = integer("max_turns", max_turns, 1)
        game = cls.__new__(cls)
        game._init(Dice(rng), num_players, max_turns)
        return game

    def _init(self, dice: Dice, num_players: int, max_turns: int) -> None:
        data = deck_data()
        self.data = data
        self.tables = card_tables()
        self.grid = grid_for(data.size)
        self.num_actions = A.num_actions(data.size)
        self.dice = dice
        self.num_players = num_players
        self.max_turns = max_turns
        self.events: list[dict[str, Any]] = []
        self._clear_table()
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.collected: list[list[int]] = [[] for _ in range(num_players)]
        self.turn = 1
        self.player = 0
        self.phase = PLAY
        self.actions_left = self.actions_per_turn
        self.played_this_turn: list[int] = []
        self.last_played = EMPTY
        self.sets: dict[tuple[int, int], list[int]] = {}
        self.claimed: list[tuple[int, int]] = []
        #: Cards collected this turn: ``{"card", "cell"}``.
        self.turn_collections: list[dict[str, int]] = []
        #: Turns in a row, with the deck empty, in which nobody played or collected.
        self.idle_turns = 0
        self.outcome: str | None = None
        self._legal: list[int] | None = None
        self._mask: np.ndarray | None = None
        self._collect_cache: list[int] | None = None
        self._sets_cache: dict[tuple[int, int], list[int]] | None = None

        deck = list(range(len(data.cards)))
        dice.shuffle(deck)
        self.deck = deck
        for cell in self.grid.centre:
            self._place(cell, self.deck.pop(), dice.index(4))
        for _ in range(2):
            for p in range(num_players):
                self.hands[p].append(self.deck.pop())
        for h in self.hands:
            h.sort()
        self.log("start", variant=self.variant, players=num_players,
                 layout=[[c, self.card_at[c], self.rot_at[c]] for c in self.grid.centre])
        self.log("turn", player=0)

    # -------------------------------------------------------------- layout ops
    def _clear_table(self) -> None:
        """An empty table: per-cell lists for the rules, numpy mirrors for the encoder."""
        cells = self.grid.cells
        self.card_at = [EMPTY] * cells
        self.open_at = [0] * cells
        self.rot_at = [0] * cells
        self.card_np = np.full(cells, EMPTY, dtype=np.int64)
        self.open_np = np.zeros(cells, dtype=np.int64)
        self.occupied: set[int] = set()
        # Kept up to date by _place/_lift so that the legal plays are one table lookup
        # (see _set_fit): which neighbours open towards each cell, how many cards
        # touch it, and the row of CardTables.fits/connects that applies to it.
        self.facing_at = [0] * cells
        self.touching = [0] * cells
        self.fit_np = np.full(cells, NO_FIT, dtype=np.intp)

    def _place(self, cell: int, card: int, rot: int) -> None:
        mask = self.tables.turned[card][rot]
        new = self.card_at[cell] == EMPTY
        self.card_at[cell] = card
        self.rot_at[cell] = rot
        self.open_at[cell] = mask
        self.occupied.add(cell)
        # numpy mirrors for the observation encoder (kept in step, never read here)
        self.card_np[cell] = card
        self.open_np[cell] = mask
        self._update_around(cell, mask, 1 if new else 0)
        self._sets_cache = None

    def _lift(self, cell: int) -> int:
        card = self.card_at[cell]
        self.card_at[cell] = EMPTY
        self.open_at[cell] = 0
        self.rot_at[cell] = 0
        self.occupied.discard(cell)
        self.card_np[cell] = EMPTY
        self.open_np[cell] = 0
        self._update_around(cell, 0, -1 if card != EMPTY else 0)
        self._sets_cache = None
        return card

    def _update_around(self, cell: int, mask: int, touching_change: int) -> None:
        """The card on ``cell`` now opens ``mask`` (0: no card); ``touching_change`` is
        +1 when a card arrived there, -1 when one left."""
        facing = self.facing_at
        touching = self.touching
        for d, nb, back in self.grid.links[cell]:
            if mask & d:
                facing[nb] |= back
            else:
                facing[nb] &= ~back
            touching[nb] += touching_change
            self._set_fit(nb)
        self._set_fit(cell)

    def _set_fit(self, cell: int) -> None:
        free = self.card_at[cell] == EMPTY and self.touching[cell]
        self.fit_np[cell] = self.facing_at[cell] if free else NO_FIT

    def facing(self) -> tuple[np.ndarray, np.ndarray]:
        """Per cell: is it a free cell next to the layout, and the neighbour openings
        that face it (bit d set when the neighbour in direction d opens towards it).

        Traced afresh from the layout; the rules read the same facts from ``fit_np``,
        which ``_place``/``_lift`` keep up to date."""
        cells = self.grid.cells
        frontier = np.zeros(cells, dtype=bool)
        facing = np.zeros(cells, dtype=np.int64)
        nbrs = self.grid.neighbours
        card_at = self.card_at
        open_at = self.open_at
        for cell in self.occupied:
            mask = open_at[cell]
            for d, nb in nbrs[cell]:
                if card_at[nb] == EMPTY:
                    frontier[nb] = True
                    if mask & d:
                        facing[nb] |= OPPOSITE[d]
        return frontier, facing

    # --------------------------------------------------------------- contract
    def current_player(self) -> int:
        return TERMINAL_PLAYER if self.outcome is not None else self.player

    def scores(self) -> list[int]:
        return [len(c) for c in self.collected]

    def returns(self) -> list[float]:
        if self.outcome is None:
            return [0.0] * self.num_players
        scores = self.scores()
        best = max(scores)
        if all(s == best for s in scores):
            return [0.0] * self.num_players
        return [1.0 if s == best else -1.0 for s in scores]

    def action_to_string(self, action: int) -> str:
        return A.describe(action, self.data.size)

    def card_view(self, card: int) -> dict[str, Any]:
        """A card by its id, treasure names and printed openings."""
        c = self.data.cards[card]
        names = self.data.treasure_names
        return {"id": card, "treasures": [names[t] for t in c.treasures],
                "openings": openings_text(c.openings)}

    def observation_for(self, player: int) -> dict[str, Any]:
        """What seat ``player`` sees: the whole table (every card lies face up), its
        own hand, every seat's hand size and collected cards (face up in front of
        them), the deck's size, and the decision being asked. Never the deck's order
        or another seat's hand; the legal actions only for the seat to act."""
        if not 0 <= player < self.num_players:
            raise ValueError(f"player must be in 0..{self.num_players - 1}, got {player}")
        size = self.data.size
        names = self.data.treasure_names
        played = set(self.played_this_turn)
        table = [
            {"row": cell // size, "col": cell % size, "card": self.card_view(self.card_at[cell]),
             "openings": openings_text(self.open_at[cell]), "rotation": self.rot_at[cell],
             "played_this_turn": cell in played}
            for cell in sorted(self.occupied)
        ]
        sets = [
            {"treasure": names[t], "cells": [[c // size, c % size] for c in cells
                                             if self.card_at[c] != EMPTY]}
            for (_, t), cells in self.current_sets().items()
        ]
        over = self.outcome is not None
        acting = not over and player == self.player
        if over:
            decision = "none: the game is over"
        elif not acting:
            decision = f"none: player {self.player} is to act"
        elif self.phase == PLAY:
            decision = (f"action {self.actions_per_turn - self.actions_left + 1} of "
                        f"{self.actions_per_turn}: play a card"
                        + (", rotate a card or draw" if self.actions_per_turn > 1 else ""))
        else:
            decision = "collect a card or stop"
        view: dict[str, Any] = {
            "game": "labyrinth_cards",
            "variant": self.variant,
            "num_players": self.num_players,
            "seat": player,
            "turn": self.turn,
            "max_turns": self.max_turns,
            "current_player": None if over else self.player,
            "phase": PHASE_NAMES[self.phase],
            "actions_left": 0 if over else self.actions_left,
            "decision": decision,
            "legal_actions": self.legal_actions_named(player),
            "grid_size": size,
            "table": table,
            "sets": sets,
            "hand": [self.card_view(c) for c in self.hands[player]],
            "deck_size": len(self.deck),
            "players": [
                {"seat": p, "hand_size": len(self.hands[p]),
                 "collected": [self.card_view(c) for c in self.collected[p]],
                 "score": len(self.collected[p])}
                for p in range(self.num_players)
            ],
            "collected_this_turn": [self.card_view(c) for c in self.collected_this_turn()],
            "outcome": self.outcome,
        }
        if over:
            view["returns"] = self.returns()
            view["reason"] = next(
                (e["reason"] for e in reversed(self.events) if e["type"] == "game_over"), None)
        return view

    def legal_mask(self) -> np.ndarray:
        if self._mask is None:
            self._mask = self._compute_mask()
        return self._mask.copy()

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            if self._mask is None:
                self._mask = self._compute_mask()
            self._legal = np.flatnonzero(self._mask).tolist()
        return list(self._legal)

    def apply_action(self, action: int) -> None:
        if self._mask is None:
            self._mask = self._compute_mask()
        a = int(action)
        if not (0 <= a < self.num_actions) or not self._mask[a]:
            raise IllegalActionError(a, self.legal_actions(), self)
        self._apply(a)

    def _compute_mask(self) -> np.ndarray:
        n = self.num_actions
        size = self.data.size
        cells = size * size
        mask = np.zeros(n, dtype=np.int8)
        if self.outcome is not None:
            return mask
        if self.phase == PLAY:
            hand = self.hands[self.player]
            if hand:
                table = self.tables.connects if self.needs_connection() else self.tables.fits
                block = mask[: A.HAND_MAX * cells * 4].reshape(A.HAND_MAX, cells, 4)
                # rows of the hand's cards, then per cell the row that applies there
                table[hand].take(self.fit_np, axis=1, out=block[: len(hand)], mode="clip")
            if self.actions_per_turn > 1:
                base = A.rotate_base(size)
                rot = mask[base : base + 2 * cells].reshape(cells, 2)
                rot[:] = (self.card_np != EMPTY)[:, None]
                if len(hand) < self.hand_limit and self.deck:
                    mask[A.draw_index(size)] = 1
            return mask
        # COLLECT
        cells_ok = self._collectable()
        if cells_ok:
            mask[[A.collect_base(size) + cell for cell in cells_ok]] = 1
        mask[A.stop_index(size)] = 1
        return mask

    def needs_connection(self) -> bool:
        """Variants require a played card to connect a path; the official game does not."""
        return self.actions_per_turn > 1

    # ------------------------------------------------------------- collection
    def _begin_collection(self) -> None:
        self.sets = self.current_sets()
        self.claimed = []
        self.phase = COLLECT

    def current_sets(self) -> dict[tuple[int, int], list[int]]:
        """Sets as the paths lie now (the traced ones during collection).

        Traced once per layout: only ``_place`` and ``_lift`` clear the cache, so a
        draw, or a turn that ends without a collection, reuses it. Callers must not
        change what it returns."""
        if self.phase == COLLECT:
            return self.sets
        if self._sets_cache is None:
            self._sets_cache = connected_sets(
                self.grid, self.open_at, self.card_at, self.occupied, self.tables.shows
            )
        return self._sets_cache

    def _sets_of(self, cell: int) -> list[tuple[int, int]]:
        return [k for k, cells in self.sets.items() if cell in cells]

    def _collectable(self) -> list[int]:
        """Cells that may be collected now (cached until the next action)."""
        if self._collect_cache is None:
            self._collect_cache = self._compute_collectable()
        return self._collect_cache

    def _compute_collectable(self) -> list[int]:
        out: list[int] = []
        if self.variant != "official" and len(self.occupied) <= 2:
            # Rule 2: every card left must touch another by an edge.
            return out
        card_at = self.card_at
        played = self.played_this_turn
        # Rule 4: each set picked from this turn, and each set of the card picked,
        # must keep a card on the table besides it.
        sets_of: dict[int, list[tuple[int, int]]] = {}
        cards_left: dict[tuple[int, int], int] = {}
        for key, cells in self.sets.items():
            left = 0
            for c in cells:
                sets_of.setdefault(c, []).append(key)
                if card_at[c] != EMPTY:
                    left += 1
            cards_left[key] = left
        if any(cards_left[key] == 0 for key in self.claimed):
            return out
        for cell in sorted(sets_of):
            if card_at[cell] == EMPTY or cell in played:
                continue
            keys = sets_of[cell]
            if self.variant == "official":
                if self.turn_collections:
                    return []
                # It must share a treasure with the played card in the played card's
                # path group.
                if not any(self.last_played in self.sets[k] for k in keys):
                    continue
            # its own sets (claimed or not) must keep another card
            if any(cards_left[key] < 2 for key in keys):
                continue
            if splits_layout(self.grid, self.occupied, cell):
                continue
            out.append(cell)
        return out

    def collected_this_turn(self) -> list[int]:
        return [e["card"] for e in self.turn_collections]

    # ----------------------------------------------------------------- apply
    def _apply(self, action: int) -> None:
        self._legal = None
        self._mask = None
        self._collect_cache = None
        size = self.data.size
        kind, args = A.decode(action, size)
        if kind == "play":
            slot, cell, rot = args
            card = self.hands[self.player].pop(slot)
            self._place(cell, card, rot)
            self.played_this_turn.append(cell)
            self.last_played = cell
            self.log("play", player=self.player, card=card, cell=cell, rotation=rot)
            if self.grid.border[cell]:
                self._slide()
            self._after_action()
        elif kind == "rotate":
            cell, direction = args
            turn = 1 if direction == 0 else -1
            self._place(cell, self.card_at[cell], (self.rot_at[cell] + turn) % 4)
            self.log("rotate", player=self.player, cell=cell,
                     direction="cw" if turn == 1 else "ccw", rotation=self.rot_at[cell])
            self._after_action()
        elif kind == "draw":
            card = self.deck.pop()
            self.hands[self.player].append(card)
            self.hands[self.player].sort()
            self.log("draw", player=self.player, action=True)
            self._after_action()
        elif kind == "collect":
            cell = args[0]
            self.claimed += [k for k in self._sets_of(cell) if k not in self.claimed]
            card = self._lift(cell)
            self.collected[self.player].append(card)
            self.turn_collections.append({"card": card, "cell": cell})
            self.log("collect", player=self.player, card=card, cell=cell)
            self._continue_collection()
        else:  # stop
            self.log("stop", player=self.player)
            self._end_turn()

    def _after_action(self) -> None:
        self.actions_left -= 1
        if self.actions_left > 0:
            # The official game has one action; a variant turn goes on.
            return
        self._begin_collection()
        self._continue_collection()

    def _continue_collection(self) -> None:
        """Skip the collection decision when nothing can be collected."""
        self._mask = None
        self._collect_cache = None
        self._legal = None
        if not self._collectable():
            self._end_turn()

    def _end_turn(self) -> None:
        p = self.player
        hand = self.hands[p]
        # Official: back up to two; variants: one free card, never above six.
        target = self.hand_limit if self.variant == "official" else min(len(hand) + 1, self.hand_limit)
        drawn = 0
        while len(hand) < target and self.deck:
            hand.append(self.deck.pop())
            drawn += 1
        if self.deck or self.played_this_turn or self.turn_collections:
            self.idle_turns = 0
        else:
            self.idle_turns += 1
        hand.sort()
        if drawn:
            self.log("draw", player=p, cards=drawn, action=False)
        self.played_this_turn = []
        self.last_played = EMPTY
        self.sets = {}
        self.claimed = []
        self.turn_collections = []
        self._mask = None
        self._collect_cache = None
        self._legal = None
        if not self.deck and not any(self.hands):
            self._finish("finished", "hands played out")
            return
        if self.idle_turns >= self.num_players:
            self._finish("finished", "a round without a card played or collected")
            return
        if self.turn >= self.max_turns:
            self._finish("truncated", "max_turns")
            return
        self.turn += 1
        self.player = (p + 1) % self.num_players
        self.phase = PLAY
        self.actions_left = self.actions_per_turn
        if any(self.grid.border[c] for c in self.occupied):
            self._slide()
        # In the official game a player with nothing in hand has no move: pass on.
        if self.variant == "official" and not self.hands[self.player]:
            self.log("turn", player=self.player, skipped=True)
            self._end_turn()
            return
        self.log("turn", player=self.player)

    def _finish(self, outcome: str, reason: str) -> None:
        self.outcome = outcome
        self.phase = OVER
        self.log("game_over", reason=reason, scores=self.scores(), returns=self.returns(),
                 truncated=outcome == "truncated")

    def edge_blocks_a_play(self) -> bool:
        """True when the grid's edge refuses a play an open table would allow now.

        The acting player holds a card in the action phase and a card on the border
        lies (official game) or opens (the variants, where a play must connect) towards
        the outside: the cell beyond it is free on an open table, and every card has
        two openings, so some rotation of any hand card fits there. Slides keep this
        rare (only a layout spanning ``size - 1`` rows or columns meets the edge);
        ``labyrinth-gym benchmark table-edge`` measures how rare."""
        if self.outcome is not None or self.phase != PLAY or not self.hands[self.player]:
            return False
        outward = self.grid.outward
        official = not self.needs_connection()
        return any(outward[c] and (official or self.open_at[c] & outward[c])
                   for c in self.occupied)

    # ----------------------------------------------------------------- slides
    def _slide(self) -> None:
        """Centre the layout on the grid if it fits with a free line on every side.

        Called when a card may lie on the grid's border; a no-op when the layout's
        bounding box spans ``size - 1`` or more rows or columns (it cannot leave a
        free line on both sides), or when it is centred already."""
        size = self.data.size
        rows = [c // size for c in self.occupied]
        cols = [c % size for c in self.occupied]
        r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
        if r1 - r0 > size - 3 or c1 - c0 > size - 3:
            return
        dr = (size - (r1 - r0 + 1)) // 2 - r0
        dc = (size - (c1 - c0 + 1)) // 2 - c0
        if dr == 0 and dc == 0:
            return
        shift = dr * size + dc
        cards = [(c + shift, self.card_at[c], self.rot_at[c]) for c in self.occupied]
        self._clear_table()
        for cell, card, rot in cards:
            self._place(cell, card, rot)
        # Only plays slide, and only in the action phase: sets, claims and this
        # turn's collections are still empty, the played marks move with the cards.
        self.played_this_turn = [c + shift for c in self.played_this_turn]
        if self.last_played != EMPTY:
            self.last_played += shift
        self.log("slide", rows=dr, cols=dc)

    # ---------------------------------------------------- copies and views
    def clone(self) -> LabyrinthCardsGame:
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.dice = self.dice.copy()
        new.events = self.events[:]
        new.card_at = self.card_at[:]
        new.open_at = self.open_at[:]
        new.rot_at = self.rot_at[:]
        new.card_np = self.card_np.copy()
        new.open_np = self.open_np.copy()
        new.occupied = set(self.occupied)
        new.facing_at = self.facing_at[:]
        new.touching = self.touching[:]
        new.fit_np = self.fit_np.copy()
        new.hands = [h[:] for h in self.hands]
        new.collected = [c[:] for c in self.collected]
        new.deck = self.deck[:]
        new.played_this_turn = self.played_this_turn[:]
        new.sets = {k: v[:] for k, v in self.sets.items()}
        new.claimed = self.claimed[:]
        new.turn_collections = [dict(e) for e in self.turn_collections]
        new._mask = None
        new._collect_cache = None
        new._sets_cache = None
        new._legal = None
        return new

    def determinize(self, player: int, rng: np.random.Generator) -> LabyrinthCardsGame:
        """Resample the deck order and the other players' hands (sizes kept)."""
        new = self.clone()
        new.dice = Dice(np.random.default_rng(rng.integers(2**63)))
        pool = list(new.deck)
        for p in range(new.num_players):
            if p != player:
                pool += new.hands[p]
        new.dice.shuffle(pool)
        for p in range(new.num_players):
            if p != player:
                k = len(new.hands[p])
                new.hands[p] = sorted(pool[:k])
                pool = pool[k:]
        new.deck = pool
        return new

    # ---------------------------------------------------------- serialising
    def to_dict(self) -> dict[str, Any]:
        # A snapshot: nothing in it may alias the live game's lists.
        return copy.deepcopy({
            "variant": self.variant,
            "num_players": self.num_players,
            "max_turns": self.max_turns,
            "dice": self.dice.state(),
            "events": [dict(e) for e in self.events],
            "card_at": self.card_at,
            "rot_at": self.rot_at,
            "hands": self.hands,
            "collected": self.collected,
            "deck": self.deck,
            "turn": self.turn,
            "player": self.player,
            "phase": self.phase,
            "actions_left": self.actions_left,
            "played_this_turn": self.played_this_turn,
            "last_played": self.last_played,
            "sets": [[list(k), v] for k, v in self.sets.items()],
            "claimed": [list(k) for k in self.claimed],
            "turn_collections": self.turn_collections,
            "idle_turns": self.idle_turns,
            "outcome": self.outcome,
        })

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LabyrinthCardsGame:
        klass = VARIANTS[data["variant"]]
        game = klass.__new__(klass)
        deck = deck_data()
        game.data = deck
        game.tables = card_tables()
        game.grid = grid_for(deck.size)
        game.num_actions = A.num_actions(deck.size)
        game.dice = Dice.from_state(data["dice"])
        game.num_players = data["num_players"]
        game.max_turns = data["max_turns"]
        game.events = [dict(e) for e in data["events"]]
        game._clear_table()
        for cell, (card, rot) in enumerate(zip(data["card_at"], data["rot_at"], strict=True)):
            if card != EMPTY:
                game._place(cell, card, rot)
        game.hands = [list(h) for h in data["hands"]]
        game.collected = [list(c) for c in data["collected"]]
        game.deck = list(data["deck"])
        for key in ("turn", "player", "phase", "actions_left", "last_played", "idle_turns",
                    "outcome"):
            setattr(game, key, data[key])
        game.played_this_turn = list(data["played_this_turn"])
        game.sets = {tuple(k): list(v) for k, v in data["sets"]}
        game.claimed = [tuple(k) for k in data["claimed"]]
        game.turn_collections = [dict(e) for e in data["turn_collections"]]
        game._mask = None
        game._collect_cache = None
        game._sets_cache = None
        game._legal = None
        return game


class OfficialGame(LabyrinthCardsGame):
    """The published game: one card a turn, at most one collected."""

    variant = "official"
    actions_per_turn = 1
    hand_limit = OFFICIAL_HAND


class CaffeinatedGame(LabyrinthCardsGame):
    """Two actions a turn (play / rotate / draw), then collect by the five rules."""

    variant = "caffeinated"
    actions_per_turn = 2
    hand_limit = HAND_LIMIT


class SteroidsGame(CaffeinatedGame):
    """Caffeinated with three actions a turn."""

    variant = "steroids"
    actions_per_turn = 3


VARIANTS: dict[str, type[LabyrinthCardsGame]] = {
    "official": OfficialGame,
    "caffeinated": CaffeinatedGame,
    "steroids": SteroidsGame,
}


def new_game(
    rng: np.random.Generator | int | None = None,
    *,
    variant: str = "caffeinated",
    num_players: int = 2,
    max_turns: int = 400,
) -> LabyrinthCardsGame:
    """A new game of ``variant`` (``official``, ``caffeinated`` or ``steroids``)."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; known variants: {', '.join(VARIANTS)}")
    return VARIANTS[variant].new(rng, num_players=num_players, max_turns=max_turns)


__all__ = [
    "COLLECT",
    "DIRS",
    "PHASE_NAMES",
    "PLAY",
    "VARIANTS",
    "CaffeinatedGame",
    "LabyrinthCardsGame",
    "OfficialGame",
    "SteroidsGame",
    "deck_data",
    "new_game",
]
