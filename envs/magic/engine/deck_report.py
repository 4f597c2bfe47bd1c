"""Which published decklists the engine plays whole, and which cards stop the rest.

:func:`deck_report` reads every decklist under a folder (XMage's ``.dck`` files and
plain ``4 Card Name`` lists, ``.txt`` or ``.dec``), checks each card against the
compiled pool, and says per deck whether it loads and which cards stop it; then it
ranks the missing cards by how many decks they block, so the compiler can grow where
real decks need it.

A deck's cards are its main deck; for a Commander deck as XMage writes it (a main deck
and a sideboard of one or two cards that make 100 together) the sideboard is the
commander and counts too. A *slot* is one copy of a card in a deck; the share of slots
supported is over every deck's slots. A card the pool does not know at all (a new set,
a misspelling) is reported apart from the cards it knows but cannot play.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from labyrinth_gym.envs.magic.engine.compiler import CompiledPool, compiled_pool
from labyrinth_gym.envs.magic.engine.decklist import (
    Decklist,
    DecklistError,
    parse_decklist,
)

DECK_SUFFIXES = (".dck", ".dec", ".txt")
MAX_DECKS = 20_000
"""Decklists one report reads at most (a folder of more is refused)."""
COMMANDER_SIZE = 100


@dataclass
class DeckResult:
    """One decklist checked against the pool.

    Attributes:
        path: The file, relative to the folder read.
        slots: Card copies in the deck (see the module docstring).
        supported: Of them, copies of supported cards.
        blocking: Cards the pool knows but cannot play, with their copies.
        unknown: Names the pool does not know, with their copies.
        problems: Why the file could not be read (then it has no slots).
        commander: Read as a Commander deck (its sideboard is its commander).
    """

    path: str
    slots: int = 0
    supported: int = 0
    blocking: dict[str, int] = field(default_factory=dict)
    unknown: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    commander: bool = False

    @property
    def whole(self) -> bool:
        """Every card plays: the deck loads."""
        return self.slots > 0 and not (self.blocking or self.unknown or self.problems)


def deck_cards(decklist: Decklist) -> tuple[tuple[tuple[str, int], ...], bool]:
    """The cards a deck plays with, and whether it reads as a Commander deck."""
    main = sum(n for _, n in decklist.main)
    side = sum(n for _, n in decklist.sideboard)
    if 1 <= side <= 2 and main + side == COMMANDER_SIZE:
        return decklist.main + decklist.sideboard, True
    return decklist.main, False


def check_deck(text: str, path: str, pool: CompiledPool) -> DeckResult:
    """One decklist's result (never raises for a bad decklist: it is the result)."""
    result = DeckResult(path)
    try:
        decklist = parse_decklist(text, path)
    except DecklistError as err:
        result.problems = err.problems
        return result
    cards, result.commander = deck_cards(decklist)
    for name, n in cards:
        result.slots += n
        if name in pool.supported:
            result.supported += n
        elif name in pool.unsupported:
            result.blocking[name] = result.blocking.get(name, 0) + n
        else:
            result.unknown[name] = result.unknown.get(name, 0) + n
    return result


def deck_files(folder: Path) -> list[Path]:
    """The decklists under ``folder``, sorted.

    Raises:
        NotADirectoryError: ``folder`` is not a folder.
        ValueError: More than :data:`MAX_DECKS` decklists.
    """
    if not folder.is_dir():
        raise NotADirectoryError(f"{folder} is not a folder")
    files = []
    for path in folder.rglob("*"):
        if path.suffix.lower() in DECK_SUFFIXES and path.is_file():
            files.append(path)
            if len(files) > MAX_DECKS:
                raise ValueError(f"more than {MAX_DECKS:,} decklists under {folder}")
    return sorted(files)


def deck_report(folder: str | Path, pool: CompiledPool | None = None) -> dict[str, Any]:
    """Every decklist under ``folder`` checked, with totals and the missing cards.

    Returns:
        ``{"decks": [DeckResult...], "whole": n, "slots": n, "supported": n,
        "groups": {group: {"decks", "whole", "slots", "supported"}},
        "missing": [{"card", "decks", "slots", "reason"}...]}``: a group is the first
        folder under ``folder`` (``"."`` for files directly in it); missing cards
        ranked by the decks they block, then their copies, then name (unknown names
        have the reason ``"unknown card"``).
    """
    folder = Path(folder)
    pool = pool or compiled_pool()
    decks = []
    for path in deck_files(folder):
        relative = path.relative_to(folder)
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as err:
            decks.append(DeckResult(str(relative), problems=[str(err)]))
            continue
        decks.append(check_deck(text, str(relative), pool))
    groups: dict[str, dict[str, int]] = {}
    blocked: Counter[str] = Counter()
    copies: Counter[str] = Counter()
    for deck in decks:
        parts = Path(deck.path).parts
        group = groups.setdefault(parts[0] if len(parts) > 1 else ".",
                                  {"decks": 0, "whole": 0, "slots": 0, "supported": 0})
        group["decks"] += 1
        group["whole"] += deck.whole
        group["slots"] += deck.slots
        group["supported"] += deck.supported
        for name, n in (deck.blocking | deck.unknown).items():
            blocked[name] += 1
            copies[name] += n
    missing = [{"card": name, "decks": blocked[name], "slots": copies[name],
                "reason": pool.unsupported.get(name, "unknown card")}
               for name in sorted(blocked, key=lambda n: (-blocked[n], -copies[n], n))]
    return {
        "decks": decks,
        "whole": sum(d.whole for d in decks),
        "slots": sum(d.slots for d in decks),
        "supported": sum(d.supported for d in decks),
        "groups": dict(sorted(groups.items())),
        "missing": missing,
    }
