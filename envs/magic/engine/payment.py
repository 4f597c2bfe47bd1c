"""Automatic mana payment: which sources to tap for a cost.

Players never tap mana by hand: a cost is offered only when it can be paid, and paying
taps sources chosen by this rule (an automation of rule 601.2g-h, where the player
chooses):

1. Coloured pips are paid first, the pips with the fewest ways to pay them first
   (a hybrid ``W/U`` pip, payable with either colour, after the single colours; ``{C}``
   with the colourless sources). Each pip takes the *least flexible* source that can
   pay it.
2. A ``{2/W}`` pip takes a left-over source of its colour if there is one (one mana
   instead of two), else it adds 2 to the generic part.
3. The generic part is then paid with the least flexible sources left.
4. Last, a Phyrexian pip (``{W/P}``) takes a left-over source of its colour, else 2
   life is paid.

Mana already in the player's mana pool (rule 106.4: a ritual's, or a mana ability
the player activated) is spent first, each unit as a source of one mana; its mana
with a spending restriction (106.6) is a source only for what the restriction allows,
and is then spent before the pool's other mana. The pool empties at the end of each
step and phase.

"Least flexible" orders sources by: sources that are sacrificed (Treasures) last,
and just before them creatures tapped for convoke (702.51a, for a spell with convoke:
:meth:`~casting.CastingMixin._convoke_sources`); then sources that cost life for the mana needed (painlands, "pay 1 life") after the
free ones; how many colours it can make (fewer first); how
many coloured pips of the player's *other* cards in hand it could pay (fewer first, so
that a source the rest of the hand needs stays untapped: with Forest and Mountain, a
generic cost taps the land whose colour the hand needs less); lands before creatures
(creatures stay free to attack and block); then the older object. An activated
ability's own permanent pays for it only when no plan without it exists (so a land
that becomes a creature stays untapped to attack).

When the greedy choice for the pips fails although some assignment exists (two dual
lands), a backtracking search in the same preference order finds it, so a cost made
of coloured, hybrid and generic mana is payable exactly when a complete assignment of
sources exists. (``{2/W}`` and Phyrexian pips are placed greedily after that search.)

Only sources whose mana ability adds one mana for ``{T}``, ``{T}`` and sacrifice this,
or ``{T}`` and life (paid, or dealt as damage to the controller), or several mana of
one fixed kind (``{T}: add {C}{C}``, its only such mana ability) are tapped
automatically (:func:`~effects.automatic_mana_ability`). Every other mana ability
(a Signet's ``{1}, {T}: add {W}{U}``, "sacrifice a creature: add {C}{C}", "add three
mana of any one colour") is activated by its player with an action, before casting,
and its mana goes to the pool. A plan whose life payments exceed the player's life is
refused without looking for another.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import NamedTuple

from labyrinth_gym.envs.magic.engine.mana import COLOURS, ManaCost

ANY = frozenset(COLOURS)


class Source(NamedTuple):
    """One untapped mana source (a named tuple: the legal sets build many).

    Attributes:
        pid: Permanent id.
        colours: What it can add: colour letters and/or ``"C"``.
        creature: True when the source is a creature.
        sacrifice: True when using it sacrifices it (a Treasure).
        hurt: Life each symbol costs (a painland's damage, a life payment); absent: 0.
        life: The hurt is a life payment (it needs that much life) and not damage.
        units: Mana one activation makes (``{T}: add {C}{C}`` makes 2; such sources
            make one kind of mana and cost no life).
        convoke: A creature tapped for convoke (702.51a: pays {1} or one mana of
            its colours; used after the free sources and painlands, before
            sacrificed ones).
        restricted: Mana with a spending restriction (106.6) that allows what is
            paid (a unit of the pool's, or a source of only such mana, a
            Powerstone): used before the other mana of the pool or of the
            permanents, which could pay for more.
        kept: Such pool mana kept until end of turn (106.4, KeepMana): spent after
            the pool's other mana, which empties sooner.
    """

    pid: int
    colours: frozenset[str]
    creature: bool = False
    sacrifice: bool = False
    hurt: Mapping[str, int] = MappingProxyType({})
    life: bool = False
    units: int = 1
    convoke: bool = False
    restricted: bool = False
    kept: bool = False

    def cost_for(self, symbol: str) -> int:
        """Life lost (damage or payment) to make ``symbol`` ("" for any)."""
        if not self.hurt:
            return 0
        if symbol:
            return self.hurt.get(symbol, 0)
        return min(self.hurt.get(c, 0) for c in self.colours)


@cache
def pip_options(pip: str) -> frozenset[str]:
    """The mana symbols that pay ``pip`` with one mana: ``"W/U"`` -> ``{"W", "U"}``,
    ``"W/P"`` -> ``{"W"}``, ``"2/W"`` -> ``{"W"}``."""
    return frozenset(p for p in pip.split("/") if p not in ("P", "2"))


def special(pip: str) -> bool:
    """Phyrexian (``W/P``: or 2 life) and two-generic hybrid (``2/W``: or {2})."""
    return pip.endswith("/P") or pip.startswith("2/")


def supported_pip(pip: str) -> bool:
    """Pips the payment rule handles: a colour, ``C``, hybrid, Phyrexian and ``2/W``
    (not snow)."""
    parts = [p for p in pip.split("/") if p not in ("P", "2")]
    return bool(parts) and all(p in COLOURS or p == "C" for p in parts)


def demand(pips: Iterable[str]) -> dict[str, int]:
    """How many of ``pips`` each mana symbol could pay."""
    out: dict[str, int] = {}
    for pip in pips:
        for sym in pip_options(pip):  # Phyrexian and 2/W pips count their colour
            out[sym] = out.get(sym, 0) + 1
    return out


@dataclass(frozen=True)
class Plan:
    """How a cost is paid: ``taps`` ``[(pid, symbol)]``, one per mana (symbol ``""``:
    generic mana, made the cheapest way; a source making two mana may appear twice)
    and ``life`` paid for Phyrexian pips."""

    taps: tuple[tuple[int, str], ...]
    life: int = 0


def needs(cost: ManaCost) -> tuple[int, tuple[frozenset[str], ...]]:
    """Mana units paying ``cost`` takes at least (the generic part and the one-mana
    pips, not :func:`special` ones) and the symbols each such pip accepts."""
    pips = [p for p in cost.pips if not special(p)]
    return len(pips) + cost.generic, tuple(pip_options(p) for p in pips)


def payable(cost: ManaCost, sources: list[Source],
            wanted: Callable[[], dict[str, int]], life: int | None = None) -> bool:
    """Whether :func:`plan` finds a plan, without building it where the answer cannot
    depend on which sources a plan picks.

    A cost of generic mana and one-mana pips (no ``2/W``, no Phyrexian) paid from
    sources that ask for no life payment is payable exactly when there are enough mana
    units and the pips can each get a unit of their own that pays them (a matching,
    whatever the preference order). Any other case asks :func:`plan`.

    Args:
        cost, sources, life: As for :func:`plan`.
        wanted: Gives :func:`plan`'s ``wanted`` (called only if the plan is needed).
    """
    units, accepted = cost.needs
    if sum(s.units for s in sources) < units:
        return False
    if accepted:
        made: set[str] = set()
        for s in sources:
            made |= s.colours
        if not all(need & made for need in accepted):
            return False
    if len(accepted) != len(cost.pips) or any(s.life for s in sources):
        return plan(cost, sources, wanted(), life) is not None
    return _matchable(accepted, sources)


def _matchable(accepted: tuple[frozenset[str], ...], sources: list[Source]) -> bool:
    """Each pip (the symbols it accepts) can get its own mana unit from ``sources``."""
    if all(len(s.colours) == 1 for s in sources):
        # single-symbol sources: a count per symbol decides (every pip of ``accepted``
        # that several symbols pay is matched by the search below instead)
        if all(len(need) == 1 for need in accepted):
            have: dict[str, int] = {}
            for s in sources:
                for c in s.colours:
                    have[c] = have.get(c, 0) + s.units
            need_count: dict[str, int] = {}
            for need in accepted:
                for c in need:
                    need_count[c] = need_count.get(c, 0) + 1
            return all(have.get(c, 0) >= n for c, n in need_count.items())
    pool = [s.colours for s in sources for _ in range(s.units)]
    pips = sorted(accepted, key=len)
    taken = [False] * len(pool)

    def assign(i: int) -> bool:
        if i == len(pips):
            return True
        need = pips[i]
        tried: set[frozenset[str]] = set()  # units of one colour set are alike
        for j, colours in enumerate(pool):
            if not taken[j] and colours & need and colours not in tried:
                tried.add(colours)
                taken[j] = True
                if assign(i + 1):
                    return True
                taken[j] = False
        return False

    return assign(0)


def plan(cost: ManaCost, sources: list[Source], wanted: dict[str, int] | None = None,
         life: int | None = None) -> Plan | None:
    """How to pay ``cost``, or None if it cannot be paid.

    Args:
        cost: The mana cost (no ``X``: the caller adds X to the generic part).
        sources: Untapped sources available.
        wanted: :func:`demand` of the rest of the hand (tie-break, see module doc).
        life: The player's life, for life payments (Phyrexian pips, sources that
            ask for life).
    """
    wanted = wanted or {}

    def key(s: Source) -> tuple[int, ...]:
        return (int(s.pid >= 0), int(s.kept), int(not s.restricted), int(s.sacrifice),
                s.convoke, int(bool(s.hurt)), len(s.colours),
                sum(wanted.get(c, 0) for c in s.colours), int(s.creature), s.pid)

    # One entry per unit of mana; a unit is "taken" by (pid, unit).
    ordered = [(s, u) for s in sorted(sources, key=key) for u in range(s.units)]
    extra = [p for p in cost.pips if special(p)]
    pips = sorted((p for p in cost.pips if not special(p)),
                  key=lambda p: len(pip_options(p)))
    if len(ordered) < len(pips) + cost.generic:
        return None
    used: list[tuple[Source, str]] = []
    taken: set[tuple[int, int]] = set()

    def assign(i: int) -> bool:
        if i == len(pips):
            return True
        need = pip_options(pips[i])
        # Sources with the same colours are interchangeable for the rest of the
        # search: trying one of each keeps the backtracking small.
        tried: set[frozenset[str]] = set()
        for s, u in ordered:
            if (s.pid, u) not in taken and s.colours & need and s.colours not in tried:
                tried.add(s.colours)
                taken.add((s.pid, u))
                symbol = min(sorted(s.colours & need), key=s.cost_for)
                used.append((s, symbol))
                if assign(i + 1):
                    return True
                taken.discard((s.pid, u))
                used.pop()
        return False

    if not assign(0):
        return None

    def spare() -> list[tuple[Source, int]]:
        # Units of a source already tapped come first: that mana is made anyway.
        tapped = {pid for pid, _ in taken}
        return sorted(((s, u) for s, u in ordered if (s.pid, u) not in taken),
                      key=lambda su: (su[0].pid >= 0, su[0].kept,
                                      not su[0].restricted, su[0].pid not in tapped,
                                      int(su[0].sacrifice), su[0].convoke,
                                      su[0].cost_for("")) + key(su[0])[6:])

    # A {2/W} pip takes a source of its colour when one is left (one mana instead of
    # two), else it joins the generic part.
    generic = cost.generic
    for pip in (p for p in extra if p.startswith("2/")):
        need = pip_options(pip)
        match = next(((s, u) for s, u in spare() if s.colours & need), None)
        if match is None:
            generic += 2
            continue
        s, u = match
        used.append((s, min(sorted(s.colours & need), key=s.cost_for)))
        taken.add((s.pid, u))
    rest = spare()
    if len(rest) < generic:
        return None
    for s, u in rest[:generic]:
        used.append((s, ""))
        taken.add((s.pid, u))
    # A Phyrexian pip takes a left-over source of its colour, else 2 life.
    phyrexian = 0
    for pip in (p for p in extra if p.endswith("/P")):
        need = pip_options(pip)
        match = next(((s, u) for s, u in spare() if s.colours & need), None)
        if match is None:
            phyrexian += 2
            continue
        s, u = match
        used.append((s, min(sorted(s.colours & need), key=s.cost_for)))
        taken.add((s.pid, u))
    paid_life = phyrexian + sum(s.cost_for(sym) for s, sym in used if s.life)
    if paid_life and (life is None or paid_life > life):
        return None
    return Plan(tuple((s.pid, sym) for s, sym in used), phyrexian)
