"""Plain-text decklists: read them, and check every card against the compiled pool.

The format is the one players paste everywhere::

    # comments start with '#' (or '//')
    4 Llanowar Elves
    Forest            (a line without a count is one copy)
    20 Forest

    Sideboard
    2 Naturalize

A ``Sideboard`` line (optionally ``Sideboard:``) starts the sideboard; blank lines are
ignored. The section headers of a Commander list read too: ``Deck`` (or ``Mainboard``,
``Main``) goes back to the main deck, and ``Commander`` starts the command zone's cards,
which count with the sideboard as in the XMage files below (a Mazerunner decklist reads
as it is written: :mod:`~labyrinth_gym.envs.mazerunner.decks`). The ``.dck`` files XMage writes read too: ``4 [M10:179] Llanowar Elves``
(the set and number in brackets are ignored), ``SB: 1 [AFC:328] Name`` for a sideboard
card (a Commander deck's commander), and its ``NAME:``, ``AUTHOR:``, ``EVENT:`` and
``LAYOUT`` lines are skipped. A double-faced, split or adventurer card may be named by one face
(``Bonecrusher Giant`` is ``Bonecrusher Giant // Stomp``); a name in the wrong case is a
problem that points at the right spelling (:class:`CardNames` finds cards). :func:`load_decklist` checks every card and raises one
:class:`DecklistError` listing every problem at once: unknown names (with close
spellings from the pool) and cards the compiler does not support (with its reason).

A decklist may come from a client of the server, so its size is bounded before
anything is expanded (:data:`MAX_LINES` lines of at most :data:`MAX_LINE_LENGTH`
characters, at most :data:`MAX_COPIES` copies on a line, at most :data:`MAX_CARDS`
cards in all): ``100000000000 Mountain`` is one problem, not a list of a hundred
billion names. Every format's decklist parser reads its lines through
:func:`decklist_lines` and :func:`read_card` and ends with :func:`total_problems`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from labyrinth_gym.envs.core.files import read_user_file
from labyrinth_gym.envs.magic.engine.compiler import CompiledPool, compiled_pool
from labyrinth_gym.envs.magic.engine.effects import CardDef

_LINE = re.compile(r"(?:(\d+)\s*x?\s+)?(.+)")
_DCK_LINE = re.compile(r"(SB:\s*)?(\d+)\s+\[[^\]]*\]\s*(.+)")
"""An XMage ``.dck`` card line: ``[SB: ]count [SET:number] name``."""
_DCK_SKIPPED = re.compile(r"(NAME|AUTHOR|EVENT|LAYOUT \w+):.*")
"""XMage's deck name, author, event and table layout lines."""

MAX_LINES = 1_000
"""Lines a decklist may have, blank lines and comments included."""
MAX_LINE_LENGTH = 200
"""Characters a line may have (the longest card name is under 150)."""
MAX_COPIES = 250
"""Copies one line may ask for (a deck of one basic land and its sideboard fit)."""
MAX_CARDS = 1_000
"""Cards a decklist may hold in all, every section counted."""


class DecklistError(ValueError):
    """A decklist that cannot be played; ``problems`` lists every one of them."""

    def __init__(self, problems: list[str], source: str = "decklist"):
        self.problems = list(problems)
        super().__init__(f"{source}: {len(problems)} problem(s): " + "; ".join(problems))


@dataclass(frozen=True)
class Decklist:
    """Card names with counts, in the order first listed."""

    main: tuple[tuple[str, int], ...]
    sideboard: tuple[tuple[str, int], ...] = ()

    def cards(self) -> list[str]:
        """The main deck as a flat list of names (``4 X`` -> four ``X``)."""
        return [name for name, n in self.main for _ in range(n)]

    def __len__(self) -> int:
        return sum(n for _, n in self.main)


def decklist_lines(text: str, source: str = "decklist") -> list[tuple[int, str]]:
    """The lines of ``text`` that say something (not blank, not a ``#`` or ``//``
    comment), stripped, with their numbers from 1.

    Raises:
        DecklistError: More than :data:`MAX_LINES` lines (or more characters than
            that many full lines), refused at once, before the text is split.
    """
    if not isinstance(text, str):
        raise DecklistError([f"a decklist is text, got {type(text).__name__}"], source)
    if len(text) > MAX_LINES * (MAX_LINE_LENGTH + 2):
        raise DecklistError([f"{len(text):,} characters, more than a decklist of "
                             f"{MAX_LINES:,} lines holds"], source)
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DecklistError([f"{len(lines):,} lines, at most {MAX_LINES:,}"], source)
    out = []
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if line and not line.startswith("#") and not line.startswith("//"):
            out.append((number, line))
    return out


def read_card(number: int, line: str, problems: list[str]) -> tuple[str, int] | None:
    """``(name, count)`` of a ``[count[x]] name`` line, or None after adding the
    line's problem to ``problems``: unreadable, longer than :data:`MAX_LINE_LENGTH`,
    a count of 0 or above :data:`MAX_COPIES`."""
    if len(line) > MAX_LINE_LENGTH:
        problems.append(f"line {number}: longer than {MAX_LINE_LENGTH} characters")
        return None
    m = _LINE.fullmatch(line)
    count = int(m.group(1)) if m and m.group(1) else 1
    name = m.group(2).strip() if m else ""
    if not name or count < 1:
        problems.append(f"line {number}: cannot read {line!r}")
        return None
    if count > MAX_COPIES:
        problems.append(f"line {number}: {count:,} copies of {name!r}, at most "
                        f"{MAX_COPIES} on a line")
        return None
    return name, count


def total_problems(counts: Iterable[int]) -> list[str]:
    """The problem of a decklist whose ``counts`` (every section's) add up to more
    than :data:`MAX_CARDS` cards, if they do."""
    total = sum(counts)
    if total > MAX_CARDS:
        return [f"{total:,} cards in all, at most {MAX_CARDS:,}"]
    return []


def parse_decklist(text: str, source: str = "decklist") -> Decklist:
    """Read decklist text (no card checks), bounded in size before anything is
    expanded (see the module docstring).

    Raises:
        DecklistError: Every line that is not ``[count] name``, a count of 0 or
            above :data:`MAX_COPIES`, more than :data:`MAX_CARDS` cards in all, or
            (at once) more than :data:`MAX_LINES` lines.
    """
    sections: dict[str, dict[str, int]] = {"main": {}, "side": {}}
    current = "main"
    problems: list[str] = []
    for number, line in decklist_lines(text, source):
        if re.fullmatch(r"(?:sideboard|commanders?):?", line, flags=re.IGNORECASE):
            current = "side"
            continue
        if re.fullmatch(r"(?:deck|main|mainboard):?", line, flags=re.IGNORECASE):
            current = "main"
            continue
        if _DCK_SKIPPED.fullmatch(line):
            continue
        where = current
        dck = _DCK_LINE.fullmatch(line)
        if dck:
            where = "side" if dck.group(1) else current
            line = f"{dck.group(2)} {dck.group(3)}"
        card = read_card(number, line, problems)
        if card is None:
            continue
        name, count = card
        section = sections[where]
        section[name] = section.get(name, 0) + count
    problems += total_problems(n for s in sections.values() for n in s.values())
    if problems:
        raise DecklistError(problems, source)
    if any("//" not in n for s in sections.values() for n in s):
        pool = compiled_pool()
        sections = {k: by_full_name(v, pool) for k, v in sections.items()}
    return Decklist(tuple(sections["main"].items()), tuple(sections["side"].items()))


def card_key(name: str) -> str:
    """A name as lookups compare it: case and spacing (also around ``//``) ignored."""
    return " ".join(name.replace("//", " // ").split()).casefold()


class CardNames:
    """Finds the card a written name means: the exact name, else the name in any case,
    else the double-faced, split or adventurer card (``A // B``) one of whose faces it
    names."""

    def __init__(self, names: Iterable[str]):
        self.names = frozenset(names)
        self.faces: dict[str, str] = {}
        self.by_key: dict[str, str] = {}
        self.by_face: dict[str, str] = {}
        for name in sorted(self.names):
            self.by_key.setdefault(card_key(name), name)
            if "//" in name:
                for face in name.split("//"):
                    self.faces.setdefault(face.strip(), name)
                    self.by_face.setdefault(card_key(face), name)

    def find(self, written: str, any_case: bool = True) -> str | None:
        """The card's name, or None. ``any_case=False`` (a decklist): only the exact
        name or the exact name of a face."""
        if written in self.names:
            return written
        if not any_case:
            return self.faces.get(written.strip())
        key = card_key(written)
        return self.by_key.get(key) or self.by_face.get(key)

    def closest(self, written: str, n: int = 3, cutoff: float = 0.75) -> list[str]:
        """Up to ``n`` cards whose name or a face is nearest to ``written``."""
        close = difflib.get_close_matches(card_key(written), [*self.by_key, *self.by_face],
                                          n=n, cutoff=cutoff)
        return list(dict.fromkeys(self.by_key.get(c) or self.by_face[c] for c in close))


_NAMES: dict[int, tuple[CompiledPool, CardNames]] = {}


def pool_names(pool: CompiledPool) -> CardNames:
    """The :class:`CardNames` of every card of ``pool`` (built once per pool)."""
    cached = _NAMES.get(id(pool))
    if cached is None or cached[0] is not pool:
        cached = _NAMES[id(pool)] = (pool, CardNames([*pool.supported, *pool.unsupported]))
    return cached[1]


def by_full_name(section: dict[str, int], pool: CompiledPool) -> dict[str, int]:
    """``section`` with a card named by one face (``Bonecrusher Giant``) written by
    its full name (``Bonecrusher Giant // Stomp``); other names stay as written."""
    names = pool_names(pool)
    out: dict[str, int] = {}
    for name, n in section.items():
        real = names.find(name, any_case=False) or name
        out[real] = out.get(real, 0) + n
    return out


SUGGESTIONS = 5
"""Unknown card names that get "did you mean" hints (each costs a fuzzy search of the
whole card pool, tens of milliseconds; the rest are listed without one)."""


def check_cards(decklist: Decklist, pool: CompiledPool | None = None) -> list[str]:
    """Every problem with the cards a decklist names, main deck and sideboard (the
    first :data:`SUGGESTIONS` unknown names with the nearest real ones)."""
    pool = pool or compiled_pool()
    names = pool_names(pool)
    problems = []
    hinted = 0
    seen: set[str] = set()
    for written, _ in decklist.main + decklist.sideboard:
        if written in seen:
            continue
        seen.add(written)
        name = names.find(written, any_case=False) or written
        if name in pool.supported:
            continue
        if name in pool.unsupported:
            problems.append(f"unsupported card {name!r}: {pool.unsupported[name]}")
            continue
        close: list[str] = []
        if hinted < SUGGESTIONS:
            hinted += 1
            close = names.closest(name)
        hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
        problems.append(f"unknown card {name!r}{hint}")
    return problems


def load_decklist(source: str | Path, pool: CompiledPool | None = None) -> list[CardDef]:
    """A checked main deck as compiled cards, from a file path or decklist text.

    A ``str`` containing a newline is read as decklist text, anything else as a path.

    Raises:
        DecklistError: Every unreadable line, unknown card and unsupported card.
        FileNotFoundError: No such file.
    """
    if isinstance(source, Path) or "\n" not in source:
        path = Path(source)
        text = read_user_file(path, "decks", "decklist text or the list of card names")
        label = str(path)
    else:
        text, label = source, "decklist"
    decklist = parse_decklist(text, label)
    pool = pool or compiled_pool()
    problems = check_cards(decklist, pool)
    if problems:
        raise DecklistError(problems, label)
    return [pool.supported[name] for name in decklist.cards()]
