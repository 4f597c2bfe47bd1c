"""Dungeon Crawler Labyrinth's data files (adventurers, monsters, tiles, the board) read
into dataclasses and checked against the rulebook's component counts.

The files in ``envs/dungeon_crawler/data/`` say in their comments why each number is
what it is; the rulebook names the components but gives no statistics.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    DEEP,
    FLOOR,
    LAVA,
    SHALLOW,
    WALL,
    Mover,
)

ADVENTURER_CARDS = 10
ENCOUNTER_CARDS = 49
MONSTER_TYPES = 16
TILES = 60
TREASURE_PILES = 10
LOOT_CARDS = 20
EVENT_CARDS = 20
TIMINGS = ("equip", "any", "turn", "roll")
EFFECTS = frozenset({
    "equip", "reroll_misses", "cancel_hit", "status", "heal", "quickness", "power",
    "attack", "extra_attack", "relocate", "wall", "swap", "draw", "discard", "heal_all",
    "control", "tile", "reflect", "wound", "spawn", "rotate", "secret_door", "shift",
    "slide", "summon", "teleport", "figure"})
TARGETS = ("", "adventurer", "rival", "other_adventurer", "seen_figure", "seen_monster",
           "area_centre", "monster", "near_square", "spawn_point", "floor", "wall_adjacent",
           "tile")
EQUIP_STATS = ("def", "def_ranged", "bp", "mv", "melee_bonus", "heal")
ATTACKS = ("melee", "ranged", "area")
TRAITS = frozenset({"flight", "fire_immune", "aquatic", "incorporeal", "unpushable",
                    "hurts_pusher"})
TACTICS = ("attack", "chest", "hold", "flee")

SYMBOLS = {".": FLOOR, "#": WALL, "X": FLOOR, "L": LAVA, "s": SHALLOW, "d": DEEP,
           "C": CHEST, **{str(n): FLOOR for n in range(1, 7)}}


class DataError(ValueError):
    """A data file breaks the rulebook's component counts or the vocabulary; the
    message lists every problem."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class Picture:
    """A tile (or mat room) as its rows of symbols.

    Attributes:
        rows: Equal-length strings of :data:`SYMBOLS`.
    """

    rows: tuple[str, ...]

    def rotated(self, quarter_turns: int) -> Picture:
        """The picture turned clockwise ``quarter_turns`` times."""
        rows = [list(r) for r in self.rows]
        for _ in range(quarter_turns % 4):
            rows = [list(r) for r in zip(*rows[::-1], strict=True)]
        return Picture(tuple("".join(r) for r in rows))

    def terrain(self) -> np.ndarray:
        return np.array([[SYMBOLS[ch] for ch in row] for row in self.rows], dtype=np.int8)

    def piles(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row)
                if ch == "X"]

    def spawns(self) -> list[tuple[int, int, int]]:
        """``(row, col, number)`` of its spawn points."""
        return [(r, c, int(ch)) for r, row in enumerate(self.rows)
                for c, ch in enumerate(row) if ch.isdigit()]


@dataclass(frozen=True)
class Tile:
    name: str
    picture: Picture


@dataclass(frozen=True)
class BoardSpec:
    """The play mat: slots per side, squares per tile side, the printed rooms, the
    centre tile and the Hard game's Lava Island."""

    slots: int
    tile_size: int
    rooms: tuple[tuple[tuple[int, int], Picture], ...]
    centre: tuple[tuple[int, int], Picture]
    lava_island: tuple[tuple[int, int], Picture]

    @property
    def size(self) -> int:
        """Squares per side of the board."""
        return self.slots * self.tile_size


@dataclass(frozen=True)
class Adventurer:
    """An adventurer card.

    Attributes:
        name: As printed ("Dwarf Cleric").
        race, klass: Its race and class (the Dwarf Explorer's class is ``thief``).
        bp, mv, defence: Body points, movement, defence.
        melee, melee_bonus: Melee dice and the bonus to each.
        ranged, area: Ranged and area dice (0: none).
        heal: Wounds healed as its player's activation starts (clerics).
    """

    name: str
    race: str
    klass: str
    bp: int
    mv: int
    defence: int
    melee: int
    melee_bonus: int
    ranged: int
    area: int
    heal: int


@dataclass(frozen=True)
class Monster:
    """A monster type of the encounter cards (see ``monsters.toml``)."""

    name: str
    count: int
    mv: int
    att: int
    defence: int
    bp: int
    attack: str
    traits: frozenset[str]
    within: tuple[int, str]
    los: str
    no_los: str
    treasure: int
    card: str = ""
    """The treasure card that brings it (the Doppelganger); "" for an encounter
    monster."""

    @property
    def mover(self) -> Mover:
        return Mover(flight="flight" in self.traits, fire_immune="fire_immune" in self.traits,
                     aquatic="aquatic" in self.traits,
                     incorporeal="incorporeal" in self.traits)


@dataclass(frozen=True)
class TreasureCard:
    """A loot or event card of the treasure deck (see ``treasure.toml``).

    Attributes:
        cid: Its index in :func:`treasure_cards` (its action is ``CARD + cid``).
        name, kind, timing, effect, target, text: As in the data file.
        status: The status a potion gives ("flight", "fire_immune").
        amount, dice, bonus: The effect's numbers.
        equip: Stat bonuses while equipped (``EQUIP_STATS`` keys).
    """

    cid: int
    name: str
    kind: str
    timing: str
    effect: str
    target: str
    text: str
    status: str = ""
    amount: int = 0
    dice: int = 0
    bonus: int = 0
    equip: tuple[tuple[str, int], ...] = ()
    monster: str = ""
    """The monster figure it puts on the board (effect ``figure``)."""

    def stat(self, key: str) -> int:
        return dict(self.equip).get(key, 0)


def _read(name: str) -> dict:
    text = resources.files("labyrinth_gym.envs.dungeon_crawler").joinpath(
        "data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _picture(rows: list[str], size: int, where: str, problems: list[str]) -> Picture:
    pic = Picture(tuple(rows))
    if len(rows) != size or any(len(r) != size for r in rows):
        problems.append(f"{where}: a picture of {size} rows of {size} symbols, not {rows}")
    bad = sorted({ch for r in rows for ch in r if ch not in SYMBOLS})
    if bad:
        problems.append(f"{where}: unknown symbols {bad}")
    return pic


@cache
def board_spec() -> BoardSpec:
    data = _read("board.toml")
    problems: list[str] = []
    size = data["tile_size"]
    rooms = tuple((tuple(r["slot"]), _picture(r["picture"], size, f"room {r['slot']}",
                                              problems)) for r in data["rooms"])
    centre = (tuple(data["centre"]["slot"]),
              _picture(data["centre"]["picture"], size, "centre", problems))
    island = (tuple(data["lava_island"]["slot"]),
              _picture(data["lava_island"]["picture"], size, "lava island", problems))
    numbers = sorted(n for _, pic in rooms for _, _, n in pic.spawns())
    if numbers[:4] != [1, 2, 3, 4] or any(n != 5 for n in numbers[4:]) or len(numbers) < 5:
        problems.append(f"the mat's spawn points must be 1-4 and some 5s, not {numbers}")
    for _, pic in (centre, island):
        if "".join(pic.rows).count("C") != 1:
            problems.append("the centre tile and the Lava Island hold the chest once")
    if problems:
        raise DataError(problems)
    return BoardSpec(data["slots"], size, rooms, centre, island)  # type: ignore[arg-type]


@cache
def tiles() -> tuple[Tile, ...]:
    """The 60 labyrinth tiles, one entry per physical tile."""
    data = _read("tiles.toml")
    problems: list[str] = []
    size = _read("board.toml")["tile_size"]
    out: list[Tile] = []
    for t in data["tiles"]:
        pic = _picture(t["picture"], size, f"tile {t['name']!r}", problems)
        if "C" in "".join(pic.rows) or any(n != 6 for _, _, n in pic.spawns()):
            problems.append(f"tile {t['name']!r}: only the spawn point 6 and no chest")
        out.extend(Tile(t["name"], pic) for _ in range(t["count"]))
    if len(out) != TILES:
        problems.append(f"{TILES} labyrinth tiles, not {len(out)}")
    sixes = sum(len(t.picture.spawns()) for t in out)
    if sixes != 1:
        problems.append(f"exactly one floating spawn point 6 on a tile, not {sixes}")
    if problems:
        raise DataError(problems)
    return tuple(out)


@cache
def adventurers() -> tuple[Adventurer, ...]:
    data = _read("adventurers.toml")
    problems: list[str] = []
    out = []
    for a in data["adventurers"]:
        race = data["races"].get(a["race"])
        klass = data["classes"].get(a["class"])
        if race is None or klass is None:
            problems.append(f"{a['name']}: unknown race or class")
            continue
        out.append(Adventurer(
            name=a["name"], race=a["race"], klass=a["class"], bp=race["bp"], mv=race["mv"],
            defence=data["defaults"]["def"], melee=klass.get("melee", 0),
            melee_bonus=klass.get("melee_bonus", 0), ranged=klass.get("ranged", 0),
            area=klass.get("area", 0), heal=klass.get("heal", 0)))
    if len(out) != ADVENTURER_CARDS:
        problems.append(f"{ADVENTURER_CARDS} adventurer cards, not {len(out)}")
    explorer = next((a for a in out if a.name == "Dwarf Explorer"), None)
    if explorer is None or explorer.klass != "thief":
        problems.append("the Dwarf Explorer counts as a Thief")
    if problems:
        raise DataError(problems)
    return tuple(out)


@cache
def monsters() -> tuple[Monster, ...]:
    """The 16 monster types (each with its number of encounter cards)."""
    data = _read("monsters.toml")
    problems: list[str] = []
    out = []
    for m in data["monsters"]:
        where = m["name"]
        if m["attack"] not in ATTACKS:
            problems.append(f"{where}: attack {m['attack']!r} is not one of {ATTACKS}")
        unknown = set(m["traits"]) - TRAITS
        if unknown:
            problems.append(f"{where}: unknown traits {sorted(unknown)}")
        for action in (m["within"][1], m["los"], m["no_los"]):
            if action not in TACTICS:
                problems.append(f"{where}: tactic {action!r} is not one of {TACTICS}")
        if (m["count"] == 0) != bool(m.get("card")):
            problems.append(f"{where}: a monster of no encounter card, and only one, "
                            "names the treasure card that brings it (card)")
        out.append(Monster(m["name"], m["count"], m["mv"], m["att"], m["def"], m["bp"],
                           m["attack"], frozenset(m["traits"]),
                           (int(m["within"][0]), m["within"][1]), m["los"], m["no_los"],
                           m["treasure"], m.get("card", "")))
    types = sum(m.count > 0 for m in out)
    if types != MONSTER_TYPES:
        problems.append(f"{MONSTER_TYPES} monster types on encounter cards, not {types}")
    cards = sum(m.count for m in out)
    if cards != ENCOUNTER_CARDS:
        problems.append(f"{ENCOUNTER_CARDS} encounter cards, not {cards}")
    if problems:
        raise DataError(problems)
    return tuple(out)


@cache
def treasure_cards() -> tuple[TreasureCard, ...]:
    """The 40 treasure cards (20 loot, 20 events), one per physical card, in file
    order (a card's index is its id)."""
    data = _read("treasure.toml")
    problems: list[str] = []
    out = []
    for i, c in enumerate(data["cards"]):
        where = c.get("name", f"card {i}")
        if c.get("kind") not in ("loot", "event"):
            problems.append(f"{where}: kind {c.get('kind')!r} is not loot or event")
        if c.get("timing") not in TIMINGS:
            problems.append(f"{where}: timing {c.get('timing')!r} is not one of {TIMINGS}")
        if c.get("effect") not in EFFECTS:
            problems.append(f"{where}: unknown effect {c.get('effect')!r}")
        if c.get("target", "") not in TARGETS:
            problems.append(f"{where}: unknown target {c.get('target')!r}")
        if c.get("effect") == "status" and c.get("status") not in ("flight", "fire_immune"):
            problems.append(f"{where}: status {c.get('status')!r} is not flight or "
                            "fire_immune")
        equip = tuple((k, int(c[k])) for k in EQUIP_STATS if k in c)
        if (c.get("timing") == "equip") != bool(equip):
            problems.append(f"{where}: equipment, and only equipment, has stats "
                            f"({', '.join(EQUIP_STATS)})")
        out.append(TreasureCard(i, where, c.get("kind", ""), c.get("timing", ""),
                                c.get("effect", ""), c.get("target", ""),
                                c.get("text", ""), c.get("status", ""),
                                int(c.get("amount", 0)), int(c.get("dice", 0)),
                                int(c.get("bonus", 0)), equip, c.get("monster", "")))
        if (c.get("effect") == "figure") != bool(c.get("monster")):
            problems.append(f"{where}: a figure card, and only one, names its monster")
    names = [c.name for c in out]
    for kind, count in (("loot", LOOT_CARDS), ("event", EVENT_CARDS)):
        n = sum(c.kind == kind for c in out)
        if n != count:
            problems.append(f"{count} {kind} cards, not {n}")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        problems.append(f"one card of each name, but twice: {twice}")
    if problems:
        raise DataError(problems)
    return tuple(out)


@cache
def _index(what: str) -> dict[str, Adventurer | Monster | TreasureCard]:
    items = {"monster": monsters, "adventurer": adventurers,
             "treasure card": treasure_cards}[what]()
    return {x.name: x for x in items}


def _named(what: str, name: str):
    """The ``what`` (monster, adventurer, treasure card) called ``name``; a KeyError
    naming them all otherwise."""
    try:
        return _index(what)[name]
    except KeyError:
        raise KeyError(f"no {what} {name!r}; the {what}s are "
                       f"{', '.join(_index(what))}") from None


def treasure_card(name: str) -> TreasureCard:
    return _named("treasure card", name)


def monster(name: str) -> Monster:
    return _named("monster", name)


def adventurer(name: str) -> Adventurer:
    return _named("adventurer", name)
