"""The Arcane Labyrinth's decks: Hero kits and Labyrinths, read from plain text and
checked against the format's construction rules, every problem listed at once.

A **Hero kit** is the player's side, three sections of one file::

    # comments
    Hero
    1 Syr Alin, the Lion's Claw

    Vanguard
    4 Knight of Meadowgrain
    ...                         (60 cards)

    Shop
    1 Bonesplitter
    ...                         (10 or more artifacts)

A **Labyrinth** is the automated dungeon, two sections::

    Labyrinth
    4 Raging Goblin
    ...                         (99 cards, shuffled at the start)

    Boss
    1 Rorix Bladewing           (the final boss: the 100th card, at the bottom)

Section headers are the words alone on a line (a trailing ``:`` is allowed, any case);
inside a section, lines are ``[count] Card Name`` as in every decklist.

The rules checked (:func:`hero_kit_problems`, :func:`labyrinth_problems`):

- Hero: exactly one card, a legendary creature or a legendary planeswalker.
- Vanguard: exactly 60 cards, at most 4 copies of a card (basic lands excepted), at most
  1 artifact card, no card whose text lets a player win the game.
- Shop: at least 10 cards, every one an artifact.
- Labyrinth: exactly 100 cards with the boss, exactly 5 legendary creatures among them
  (the boss included), for every colour among its cards' costs at least one of its
  lands that produces that colour, and a legendary creature as the boss; no
  planeswalker (the automated Labyrinth never activates abilities, so one would only
  sit there: a ruling of this project, the document being silent).
- Every card known to the card pool and supported by the compiler.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from labyrinth_gym.envs.core.files import read_user_file, user_file_exists
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.decklist import (
    Decklist,
    DecklistError,
    check_cards,
    decklist_lines,
    parse_decklist,
)

VANGUARD_SIZE = 60
MAX_COPIES = 4
MAX_VANGUARD_ARTIFACTS = 1
MIN_SHOP = 10
LABYRINTH_SIZE = 100
LEGENDARY_CREATURES = 5
BASIC_LANDS = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"})
COLOURS = ("W", "U", "B", "R", "G")
_WIN = re.compile(r"(?<!can't )(?<!cannot )\bwins? the game\b", re.IGNORECASE)
_HEADER = re.compile(r"\s*(hero|vanguard|shop|labyrinth|boss)\s*:?\s*", re.IGNORECASE)


@dataclass(frozen=True)
class HeroKit:
    """The player's side: the Hero, the 60-card Vanguard and the Secret Shop deck."""

    name: str
    hero: str
    vanguard: tuple[str, ...]
    shop: tuple[str, ...]


@dataclass(frozen=True)
class Labyrinth:
    """The automated dungeon: 99 cards shuffled above the final boss."""

    name: str
    cards: tuple[str, ...]
    boss: str


# ------------------------------------------------------------------ reading
def parse_sections(text: str, source: str, allowed: tuple[str, ...]) -> dict[str, Decklist]:
    """Split a sectioned decklist into one :class:`Decklist` per section.

    Raises:
        DecklistError: Every unreadable line, card line outside a section, unknown or
            repeated section, and missing section.
    """
    chunks: dict[str, list[str]] = {}
    problems: list[str] = []
    current: str | None = None
    for number, line in decklist_lines(text, source):  # (bounded in lines)
        m = _HEADER.fullmatch(line)
        if m:
            current = m.group(1).lower()
            if current not in allowed:
                problems.append(f"line {number}: section {current!r} does not belong "
                                f"here (sections: {', '.join(allowed)})")
            elif current in chunks:
                problems.append(f"line {number}: section {current!r} appears twice")
            chunks.setdefault(current, [])
            continue
        if current is None:
            problems.append(f"line {number}: {line!r} comes before any section header "
                            f"({', '.join(allowed)})")
            continue
        chunks[current].append(line)
    missing = [s for s in allowed if s not in chunks]
    if missing:
        problems.append(f"missing section(s): {', '.join(missing)}")
    out: dict[str, Decklist] = {}
    for name in allowed:
        if name not in chunks:
            continue
        try:
            out[name] = parse_decklist("\n".join(chunks[name]), f"{source} [{name}]")
        except DecklistError as err:
            problems.extend(f"{name}: {p}" for p in err.problems)
    if problems:
        raise DecklistError(problems, source)
    return out


# ------------------------------------------------------------------ rules
def _pool():
    from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

    return compiled_pool()


def _printed_text(name: str) -> str:
    from labyrinth_gym.envs.magic.engine.cards import card_pool

    card = card_pool().cards.get(name)
    return card.text if card is not None else ""


def land_colours(d: fx.CardDef) -> set[str]:
    """The mana a land's mana abilities can add: colours, ``"C"`` for colourless
    (``"any"``: all five colours)."""
    out: set[str] = set()
    for ab in d.activated:
        if not ab.is_mana:
            continue
        effect = ab.effect.steps[0] if isinstance(ab.effect, fx.Sequence) else ab.effect
        if isinstance(effect, fx.AddMana):
            out.update(COLOURS if "any" in effect.options else
                       (o for o in effect.options if o in COLOURS or o == "C"))
    return out


def _legendary_creature(d: fx.CardDef) -> bool:
    return "Legendary" in d.supertypes and "Creature" in d.types


def hero_kit_problems(hero: list[str], vanguard: list[str], shop: list[str]) -> list[str]:
    """Every way a Hero kit breaks the construction rules (empty: legal)."""
    problems = check_cards(Decklist(tuple((n, 1) for n in dict.fromkeys(
        hero + vanguard + shop))))
    supported = _pool().supported
    if len(hero) != 1:
        problems.append(f"the Hero section must hold exactly 1 card, not {len(hero)}")
    for name in hero[:1]:
        d = supported.get(name)
        if d is not None and not (_legendary_creature(d) or (
                d.is_legendary and d.is_planeswalker)):
            problems.append(f"Hero {name!r} is neither a legendary creature nor a "
                            "legendary planeswalker")
    if len(vanguard) != VANGUARD_SIZE:
        problems.append(f"the Vanguard must hold exactly {VANGUARD_SIZE} cards, "
                        f"not {len(vanguard)}")
    counts: dict[str, int] = {}
    for name in vanguard:
        counts[name] = counts.get(name, 0) + 1
    for name, n in counts.items():
        if n > MAX_COPIES and name not in BASIC_LANDS:
            problems.append(f"the Vanguard holds {n} copies of {name!r} "
                            f"(at most {MAX_COPIES})")
    artifacts = [n for n in vanguard if n in supported and "Artifact" in supported[n].types]
    if len(artifacts) > MAX_VANGUARD_ARTIFACTS:
        problems.append(f"the Vanguard holds {len(artifacts)} artifact cards (at most "
                        f"{MAX_VANGUARD_ARTIFACTS}): {', '.join(sorted(set(artifacts)))}")
    for name in counts:
        if _WIN.search(_printed_text(name)):
            problems.append(f"{name!r} is banned: it can win the game")
    if len(shop) < MIN_SHOP:
        problems.append(f"the Secret Shop must hold at least {MIN_SHOP} artifacts, "
                        f"not {len(shop)}")
    for name in dict.fromkeys(shop):
        if name in supported and "Artifact" not in supported[name].types:
            problems.append(f"the Secret Shop holds {name!r}, which is not an artifact")
    return problems


def labyrinth_problems(cards: list[str], boss: list[str]) -> list[str]:
    """Every way a Labyrinth breaks the construction rules (empty: legal)."""
    problems = check_cards(Decklist(tuple((n, 1) for n in dict.fromkeys(cards + boss))))
    supported = _pool().supported
    everything = cards + boss
    if len(boss) != 1:
        problems.append(f"the Boss section must hold exactly 1 card, not {len(boss)}")
    if len(everything) != LABYRINTH_SIZE:
        problems.append(f"the Labyrinth must hold exactly {LABYRINTH_SIZE} cards with "
                        f"its boss, not {len(everything)}")
    for name in boss[:1]:
        if name in supported and not _legendary_creature(supported[name]):
            problems.append(f"the final boss {name!r} is not a legendary creature")
    known = [supported[n] for n in everything if n in supported]
    legends = sum(_legendary_creature(d) for d in known)
    if legends != LEGENDARY_CREATURES:
        problems.append(f"the Labyrinth must hold exactly {LEGENDARY_CREATURES} legendary "
                        f"creatures (its boss included), not {legends}")
    for name in dict.fromkeys(everything):
        if name in supported and supported[name].is_planeswalker:
            problems.append(f"the Labyrinth holds the planeswalker {name!r}: the "
                            "automated Labyrinth plays none")
    colours = {c for d in known for c in d.colours}
    produced = set().union(*(land_colours(d) for d in known if "Land" in d.types))
    for c in COLOURS:
        if c in colours and c not in produced:
            problems.append(f"the Labyrinth's cards are {c} but none of its lands "
                            f"produces {c}")
    return problems


# ------------------------------------------------------------------ loading
def _read(source: str | Path, kind: str) -> tuple[str, str, str]:
    """(name, text, label) of a shipped deck's name or a file path."""
    text = str(source)
    if isinstance(source, str) and text in _shipped(kind):
        path = resources.files("labyrinth_gym.envs.arcane_labyrinth").joinpath(
            "data", kind, f"{text}.txt")
        return text, path.read_text(encoding="utf-8"), f"{kind}/{text}.txt"
    argument = "hero" if kind == "heroes" else "labyrinth"
    path = Path(text)
    if user_file_exists(path, argument, f"a shipped one's name ({', '.join(_shipped(kind))})"):
        return path.stem, read_user_file(path, argument, "a shipped one's name"), str(path)
    shipped = ", ".join(_shipped(kind))
    what = "Hero kit" if kind == "heroes" else "Labyrinth"
    raise ValueError(f"{what} {text!r} is neither a shipped one ({shipped}) nor a file")


def _shipped(kind: str) -> list[str]:
    folder = resources.files("labyrinth_gym.envs.arcane_labyrinth").joinpath("data", kind)
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))


def heroes() -> list[str]:
    """Names of the shipped Hero kits."""
    return _shipped("heroes")


def labyrinths() -> list[str]:
    """Names of the shipped Labyrinths."""
    return _shipped("labyrinths")


@cache
def _load_hero(source: str) -> HeroKit:
    name, text, label = _read(source, "heroes")
    parts = parse_sections(text, label, ("hero", "vanguard", "shop"))
    hero, vanguard, shop = (parts[s].cards() for s in ("hero", "vanguard", "shop"))
    problems = hero_kit_problems(hero, vanguard, shop)
    if problems:
        raise DecklistError(problems, label)
    return HeroKit(name, hero[0], tuple(vanguard), tuple(shop))


@cache
def _load_labyrinth(source: str) -> Labyrinth:
    name, text, label = _read(source, "labyrinths")
    parts = parse_sections(text, label, ("labyrinth", "boss"))
    cards, boss = parts["labyrinth"].cards(), parts["boss"].cards()
    problems = labyrinth_problems(cards, boss)
    if problems:
        raise DecklistError(problems, label)
    return Labyrinth(name, tuple(cards), boss[0])


def load_hero(source: str | Path | HeroKit) -> HeroKit:
    """A checked Hero kit: a shipped kit's name (:func:`heroes`) or a file path.

    Raises:
        DecklistError: Every problem of the file at once.
        ValueError: Neither a shipped kit nor a file.
    """
    if isinstance(source, HeroKit):
        problems = hero_kit_problems([source.hero], list(source.vanguard),
                                     list(source.shop))
        if problems:
            raise DecklistError(problems, source.name)
        return source
    return _load_hero(str(source))


def load_labyrinth(source: str | Path | Labyrinth) -> Labyrinth:
    """A checked Labyrinth: a shipped one's name (:func:`labyrinths`) or a file path.

    Raises:
        DecklistError: Every problem of the file at once.
        ValueError: Neither a shipped Labyrinth nor a file.
    """
    if isinstance(source, Labyrinth):
        problems = labyrinth_problems(list(source.cards), [source.boss])
        if problems:
            raise DecklistError(problems, source.name)
        return source
    return _load_labyrinth(str(source))
