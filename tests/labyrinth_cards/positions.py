"""Hand-built tables for Labyrinth the Card Game's tests.

A test names cards by their treasures (``card("Crown", "Key")``), lays them with the
openings it wants to see (``lay(card(...), "EW")``) and builds a game at the start of a
turn with :func:`position`. Cells are ``row * 10 + col`` (:func:`at`); decks are
bottom-first, the top card (drawn next) is the last item.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from labyrinth_gym.envs.labyrinth_cards.engine import actions as A
from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    PLAY,
    LabyrinthCardsGame,
    deck_data,
    new_game,
)
from labyrinth_gym.envs.labyrinth_cards.engine.layout import (
    parse_openings,
    rotate_mask,
)

DECK = deck_data()
SIZE = DECK.size
CARDS = DECK.cards
NAMES = DECK.treasure_names
CW, CCW = 0, 1
DRAW = A.draw_index(SIZE)
STOP = A.stop_index(SIZE)


def at(row: int, col: int) -> int:
    """The cell in ``row``, ``col``."""
    return row * SIZE + col


def card(a: str, b: str) -> int:
    """The id of the card showing treasures ``a`` and ``b`` (in either order)."""
    want = {NAMES.index(a), NAMES.index(b)}
    (found,) = [c.id for c in CARDS if set(c.treasures) == want]
    return found


def shows(card_id: int, treasure: str) -> bool:
    return NAMES.index(treasure) in CARDS[card_id].treasures


def rotation(card_id: int, openings: str) -> int:
    """The clockwise quarter turns that give ``card_id`` exactly ``openings``."""
    want = parse_openings(openings)
    for r in range(4):
        if rotate_mask(CARDS[card_id].openings, r) == want:
            return r
    raise AssertionError(f"card {card_id} cannot show openings {openings}")


def lay(card_id: int, openings: str) -> tuple[int, int]:
    """``(card, rotation)`` showing ``openings``: a layout entry for :func:`position`."""
    return card_id, rotation(card_id, openings)


def position(
    variant: str = "caffeinated",
    *,
    layout: Mapping[int, tuple[int, int]],
    hands: Sequence[Iterable[int]],
    deck: Iterable[int] = (),
    player: int = 0,
    collected: Sequence[Iterable[int]] | None = None,
    max_turns: int = 400,
    dice: Any = None,
) -> LabyrinthCardsGame:
    """A new game of ``variant`` at the start of ``player``'s turn on this table."""
    game = new_game(0, variant=variant, num_players=len(hands), max_turns=max_turns)
    for cell in list(game.occupied):
        game._lift(cell)
    for cell, (card_id, rot) in layout.items():
        game._place(cell, card_id, rot)
    game.hands = [sorted(h) for h in hands]
    game.deck = list(deck)
    if collected is not None:
        game.collected = [list(c) for c in collected]
    game.player = player
    game.phase = PLAY
    game.actions_left = game.actions_per_turn
    if dice is not None:
        game.dice = dice
    game._mask = game._legal = game._collect_cache = game._sets_cache = None
    return game


# ------------------------------------------------------------------ actions
def play(game: LabyrinthCardsGame, card_id: int, cell: int, openings: str) -> int:
    """The action that plays ``card_id`` from the acting hand showing ``openings``."""
    slot = game.hands[game.player].index(card_id)
    return A.play_index(slot, cell, rotation(card_id, openings), SIZE)


def rotate(cell: int, direction: int = CW) -> int:
    return A.rotate_index(cell, direction, SIZE)


def collect(cell: int) -> int:
    return A.collect_base(SIZE) + cell


def plays(game: LabyrinthCardsGame) -> set[tuple[int, int, int]]:
    """Legal plays as ``(card, cell, rotation)``."""
    out = set()
    hand = game.hands[game.player]
    for a in game.legal_actions():
        kind, args = A.decode(a, SIZE)
        if kind == "play":
            slot, cell, rot = args
            out.add((hand[slot], cell, rot))
    return out


def play_cells(game: LabyrinthCardsGame) -> set[int]:
    return {cell for _, cell, _ in plays(game)}


def collectable(game: LabyrinthCardsGame) -> set[int]:
    """Cells the acting player may collect now."""
    out = set()
    for a in game.legal_actions():
        kind, args = A.decode(a, SIZE)
        if kind == "collect":
            out.add(args[0])
    return out


def kinds(game: LabyrinthCardsGame) -> set[str]:
    return {A.decode(a, SIZE)[0] for a in game.legal_actions()}


def neighbours(cell: int) -> list[int]:
    r, c = divmod(cell, SIZE)
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
            out.append((r + dr) * SIZE + c + dc)
    return out
