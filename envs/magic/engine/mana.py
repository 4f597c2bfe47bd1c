"""Mana costs and mana symbols (comprehensive rules 107.4, 202).

A cost is written as brace-delimited symbols, ``{2}{W}{U}``. :func:`parse_cost` reads
it into a :class:`ManaCost`: a generic amount, the coloured (and other special) pips in
printed order, and the number of ``{X}``. Pips are kept as their symbol text:

- ``W`` ``U`` ``B`` ``R`` ``G``: one mana of that colour;
- ``C``: one colourless mana (not generic: it must be paid with colourless);
- ``S``: one mana from a snow source;
- ``W/U`` (hybrid): either colour; ``2/W``: two generic or one white;
- ``W/P`` (Phyrexian): white, or 2 life; ``G/W/P``: green or white, or 2 life;
- ``C/W``: colourless or white.

The mana value (rule 202.3) counts every pip as 1 except ``2/X`` (2); ``{X}`` is 0
outside the stack. A card's colours (rule 202.2) are the colours among its pips.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, cached_property

COLOURS = ("W", "U", "B", "R", "G")
"""White, blue, black, red, green, in the order Magic prints them."""
COLOUR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_SIMPLE_PIPS = frozenset(COLOURS) | {"C", "S"}


def _valid_pip(symbol: str) -> bool:
    parts = symbol.split("/")
    if len(parts) == 1:
        return symbol in _SIMPLE_PIPS
    if parts[-1] == "P":  # Phyrexian: W/P, or hybrid Phyrexian G/W/P
        return 2 <= len(parts) <= 3 and all(p in COLOURS or p == "C" for p in parts[:-1])
    if len(parts) == 2:
        a, b = parts
        return (a in COLOURS and b in COLOURS and a != b) or (
            a in ("2", "C") and b in COLOURS)
    return False


@dataclass(frozen=True)
class ManaCost:
    """A printed mana cost.

    Attributes:
        generic: The generic part (``{3}`` is 3).
        pips: Every non-generic symbol except ``X``, in printed order (``("W", "W/U")``).
        x: How many ``{X}`` the cost has.
        x_pip: What each mana of X must be (a pip: ``"B"``, ``"B/R"``): "spend only
            black [and/or red] mana on X" (107.3); ``""``: any (generic) mana.
    """

    generic: int = 0
    pips: tuple[str, ...] = ()
    x: int = 0
    x_pip: str = ""

    @property
    def mana_value(self) -> int:
        """Rule 202.3: generic + one per pip (two for ``2/W``); ``X`` counts 0."""
        return self.generic + sum(2 if p.startswith("2/") else 1 for p in self.pips)

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours among the pips, in WUBRG order (rule 202.2)."""
        seen = {c for p in self.pips for c in p.split("/") if c in COLOURS}
        return tuple(c for c in COLOURS if c in seen)

    @cached_property
    def needs(self) -> tuple[int, tuple[frozenset[str], ...]]:
        """:func:`~labyrinth_gym.envs.magic.engine.payment.needs` of this cost, worked
        out once (the legal sets ask it at every priority stop)."""
        from labyrinth_gym.envs.magic.engine.payment import needs

        return needs(self)

    def __str__(self) -> str:
        out = "{X}" * self.x
        if self.generic or not (self.pips or self.x):
            out += f"{{{self.generic}}}"
        return out + "".join(f"{{{p}}}" for p in self.pips)


@cache
def parse_cost(text: str) -> ManaCost:
    """Read ``"{2}{W}{U}"`` into a :class:`ManaCost`.

    Raises:
        ValueError: Text outside braces, or a symbol that is not a mana symbol of the
            game (Un-cards' ``{HW}``, ``{Y}``...), naming it.
    """
    if _SYMBOL.sub("", text).strip():
        raise ValueError(f"not a mana cost: {text!r}")
    generic = x = 0
    pips: list[str] = []
    for symbol in _SYMBOL.findall(text):
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol == "X":
            x += 1
        elif _valid_pip(symbol):
            pips.append(symbol)
        else:
            raise ValueError(f"unknown mana symbol {{{symbol}}} in {text!r}")
    return ManaCost(generic, tuple(pips), x)


def any_colour_cost(cost: ManaCost) -> ManaCost:
    """``cost`` paid spending mana as though it were mana of any colour (609.4b): each
    coloured pip (hybrid too) takes one mana of any type, so it is paid as generic
    mana (a ``{2/W}`` pip: one mana); a Phyrexian pip takes one mana of any type or
    2 life (``W/U/B/R/G/C/P``); ``{C}`` still takes colourless mana; X takes any
    mana."""
    generic, pips = cost.generic, []
    for pip in cost.pips:
        parts = pip.split("/")
        if "P" in parts:
            pips.append("/".join((*COLOURS, "C", "P")))
        elif pip.startswith("2/") or all(c in COLOURS for c in parts):
            generic += 1
        else:
            pips.append(pip)
    return ManaCost(generic, tuple(pips), cost.x, "")
