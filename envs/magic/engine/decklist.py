"""Plain-text decklists: read them, and check every card against the compiled pool.

The format is the one players paste everywhere::

    # comments start with '#' (or '//')
    4 Llanowar Elves
    Forest            (a line without a count is one copy)
    20 Forest

    Sideboard
    2 Naturalize

A ``Sideboard`` line (optionally ``Sideboard:``) starts the sideboard; blank lines are
ignored. :func:`load_decklist` checks every card and raises one
:class:`DecklistError` listing every problem at once: unknown names (with close
spellings from the pool) and cards the compiler does not support (with its reason).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from labyrinth_gym.envs.magic.engine.compiler import CompiledPool, compiled_pool
from labyrinth_gym.envs.magic.engine.effects import CardDef

_LINE = re.compile(r"(?:(\d+)\s*x?\s+)?(.+)")


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


def parse_decklist(text: str, source: str = "decklist") -> Decklist:
    """Read decklist text (no card checks).

    Raises:
        DecklistError: A line that is not ``[count] name``, or a count of 0.
    """
    sections: dict[str, dict[str, int]] = {"main": {}, "side": {}}
    current = "main"
    problems = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        if re.fullmatch(r"sideboard:?", line, flags=re.IGNORECASE):
            current = "side"
            continue
        m = _LINE.fullmatch(line)
        count = int(m.group(1)) if m and m.group(1) else 1
        name = m.group(2).strip() if m else ""
        if not name or count < 1:
            problems.append(f"line {number}: cannot read {raw.strip()!r}")
            continue
        section = sections[current]
        section[name] = section.get(name, 0) + count
    if problems:
        raise DecklistError(problems, source)
    return Decklist(tuple(sections["main"].items()), tuple(sections["side"].items()))


def check_cards(decklist: Decklist, pool: CompiledPool | None = None) -> list[str]:
    """Every problem with the cards a decklist names, main deck and sideboard."""
    pool = pool or compiled_pool()
    known = list(pool.supported) + list(pool.unsupported)
    problems = []
    seen: set[str] = set()
    for name, _ in decklist.main + decklist.sideboard:
        if name in seen:
            continue
        seen.add(name)
        if name in pool.supported:
            continue
        if name in pool.unsupported:
            problems.append(f"unsupported card {name!r}: {pool.unsupported[name]}")
            continue
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.75)
        if not close:
            by_case = [k for k in known if k.lower() == name.lower()]
            close = by_case
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
        text, label = path.read_text(encoding="utf-8"), str(path)
    else:
        text, label = source, "decklist"
    decklist = parse_decklist(text, label)
    pool = pool or compiled_pool()
    problems = check_cards(decklist, pool)
    if problems:
        raise DecklistError(problems, label)
    return [pool.supported[name] for name in decklist.cards()]
