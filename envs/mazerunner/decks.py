"""Mazerunner decks (rule 2, and rule 5's partner seasons), checked on the real card pool.

A Mazerunner decklist names its commander(s), its mainboard and its sideboard::

    Commander
    1 Niv-Mizzet, Parun
    Deck
    1 Shivan Dragon
    30 Island
    ...
    Sideboard
    1 Counterspell

(``Mainboard`` may stand for ``Deck``; ``#`` starts a comment.) :func:`check_deck`
lists every problem at once (:class:`DeckError`):

- **2a** The mainboard is 100 cards counting the commander(s), the sideboard at most 20
  (rule 4e.ii: a late sideboard is whatever was submitted, even nothing), and the 120
  are singleton: at most one card of each name across mainboard, sideboard and command
  zone, except basic lands (supertype Basic, as in Commander) and the cards that say a
  deck may have any number (or up to a number) of cards of their name.
- **2b** One commander, a legendary creature (or a card that says it can be your
  commander), whose colour identity is exactly the team's; every card's colour identity
  is a subset of the team's.
- **2c** Companion, Choose a Background and every Partner variation (partner, partner
  with, friends forever, Doctor's companion) are refused: a commander with one of them
  is refused, and so is a second commander, unless the season allows partners. *Ruling*:
  these are mechanics of the command zone and the sideboard, so a card that has one of
  them may still be played in the 99 as an ordinary card (the mechanic never applies:
  a decklist has no companion slot).
- **5a.iii** In a partner season each player has two different commanders, each of a
  two-colour identity, sharing exactly one colour, together exactly the team's
  (three-colour) identity; all commanders count as having partner; Thrasios, Triton
  Hero may not be a commander.
- **2d** Teammates may not choose the same commander (:func:`check_team`), each
  commander counted on its own in partner seasons.
- **2e** No card of the ban list (:func:`banlist`: the Reserved List, the Commander
  ban list and the nine Mazerunner bans, a dated data file) anywhere in the deck.
- Names are cards of the card data (close spellings suggested); a deck that will be
  played in a pod must also be fully supported by the card engine (``playable=True``
  names each unsupported card with the compiler's reason). Rule 2g (cards of
  unreleased sets) does not apply: the pool is the card data's.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from labyrinth_gym.envs.core.files import read_user_file
from labyrinth_gym.envs.magic.engine.cards import CardPool, Printed, card_pool
from labyrinth_gym.envs.magic.engine.decklist import (
    DecklistError,
    decklist_lines,
    read_card,
    total_problems,
)

DATA = Path(__file__).parent / "data"
PRECONS = DATA / "precons"
"""Published Commander precons as Mazerunner decklists (:func:`precons`)."""
MAIN_SIZE = 100
SIDEBOARD_SIZE = 20
WUBRG = "WUBRG"
PARTNER_KEYWORDS = ("partner", "partner with", "friends forever", "friends",
                    "doctor's companion", "choose a background", "companion")
"""Keywords of the mechanics rule 2c refuses (the card data spells Friends forever
both ways)."""
NOT_A_COMMANDER_IN_PARTNER_SEASONS = ("Thrasios, Triton Hero",)
_ANY_NUMBER = re.compile(r"a deck can have any number of cards named", re.IGNORECASE)
_UP_TO = re.compile(r"a deck can have up to (\w+) cards named", re.IGNORECASE)
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}


class DeckError(DecklistError):
    """A Mazerunner deck that breaks the rules; ``problems`` lists every one (the
    card engine's decklist error, so callers catching that catch this too)."""


@dataclass(frozen=True)
class MazerunnerDeck:
    """Names with counts per section, in the order first listed."""

    commanders: tuple[str, ...]
    main: tuple[tuple[str, int], ...]  # the mainboard without the commander(s)
    sideboard: tuple[tuple[str, int], ...] = ()

    def mainboard_size(self) -> int:
        return len(self.commanders) + sum(n for _, n in self.main)

    def library(self) -> list[str]:
        """The cards that start in the library (the mainboard less the commanders)."""
        return [name for name, n in self.main for _ in range(n)]


def parse_deck(text: str, source: str = "deck") -> MazerunnerDeck:
    """Read a Mazerunner decklist (sections ``Commander``, ``Deck``/``Mainboard``,
    ``Sideboard``; no card checks).

    Raises:
        DeckError: Unreadable lines, a count of 0, no ``Commander`` section, a
            decklist over the card engine's size bounds
            (:mod:`~labyrinth_gym.envs.magic.engine.decklist`).
    """
    sections: dict[str, dict[str, int]] = {"commander": {}, "main": {}, "side": {}}
    current = None
    problems: list[str] = []
    headers = {"commander": "commander", "commanders": "commander", "deck": "main",
               "mainboard": "main", "main": "main", "sideboard": "side"}
    try:
        lines = decklist_lines(text, source)
    except DecklistError as err:
        raise DeckError(err.problems, source) from None
    for number, line in lines:
        header = headers.get(line.rstrip(":").lower())
        if header:
            current = header
            continue
        if current is None:
            problems.append(f"line {number}: a card before any section "
                            "(Commander, Deck, Sideboard)")
            continue
        card = read_card(number, line, problems)
        if card is None:
            continue
        name, count = card
        section = sections[current]
        section[name] = section.get(name, 0) + count
    problems += total_problems(n for s in sections.values() for n in s.values())
    if not sections["commander"] and not problems:
        problems.append("no Commander section")
    if problems:
        raise DeckError(problems, source)
    commanders = tuple(n for n, c in sections["commander"].items() for _ in range(c))
    return MazerunnerDeck(commanders, tuple(sections["main"].items()),
                          tuple(sections["side"].items()))


@cache
def banlist() -> dict[str, dict]:
    """The ban list data file: ``{list: {"date", "source", "names"}}`` for
    ``reserved_list``, ``commander_banlist`` and ``mazerunner`` (rule 2e i-iii)."""
    with open(DATA / "banlist.toml", "rb") as fh:
        data = tomllib.load(fh)
    return {k: {**v, "names": frozenset(v["names"])} for k, v in data.items()}


def banned(name: str) -> str | None:
    """Which list of rule 2e bans ``name`` (None: not banned)."""
    for key, label in (("mazerunner", "the Mazerunner bans"),
                       ("commander_banlist", "the Commander ban list"),
                       ("reserved_list", "the Reserved List")):
        if name in banlist()[key]["names"]:
            return label
    return None


def normal_identity(identity: str) -> str:
    """``"ub"`` -> ``"UB"`` in WUBRG order (ValueError for another letter)."""
    identity = identity.upper()
    bad = [c for c in identity if c not in WUBRG]
    if bad or len(set(identity)) != len(identity):
        raise ValueError(f"colour identity {identity!r} is not a set of {WUBRG} letters")
    return "".join(sorted(identity, key=WUBRG.index))


def copies_allowed(card: Printed) -> int | None:
    """How many cards of this name a deck may hold: None for any number (basic lands,
    cards that say so), else 1 (singleton) or the number the card allows."""
    if "Basic" in card.supertypes and "Land" in card.types:
        return None
    if _ANY_NUMBER.search(card.text):
        return None
    m = _UP_TO.search(card.text)
    if m:
        word = m.group(1).lower()
        return int(word) if word.isdigit() else _NUMBERS.get(word, 1)
    return 1


def can_be_commander(card: Printed) -> bool:
    """Rule 903.3: a legendary creature, or a card that says it can be your commander."""
    legendary_creature = "Legendary" in card.supertypes and "Creature" in card.types
    return legendary_creature or "can be your commander" in card.text.lower()


def _unknown(name: str, pool: CardPool) -> str:
    close = difflib.get_close_matches(name, list(pool.cards), n=3, cutoff=0.8)
    hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
    return f"unknown card {name!r}{hint}"


def deck_problems(deck: MazerunnerDeck, identity: str, *, partners: bool = False,
                  playable: bool = False, pool: CardPool | None = None) -> list[str]:
    """Every way ``deck`` breaks rule 2 (and 5) for a player of ``identity``.

    Args:
        deck: The parsed decklist.
        identity: The team's colour identity, e.g. ``"UR"``.
        partners: The season allows partner commanders (rule 5a.iii).
        playable: Also require every card to be supported by the card engine.
        pool: The card pool (default: the card data's).
    """
    pool = pool or card_pool()
    team = set(normal_identity(identity))
    problems: list[str] = []
    everything = [(n, 1, "commander") for n in deck.commanders]
    everything += [(n, c, "mainboard") for n, c in deck.main]
    everything += [(n, c, "sideboard") for n, c in deck.sideboard]
    known = {n for n, _, _ in everything if n in pool}
    for name in dict.fromkeys(n for n, _, _ in everything if n not in pool):
        problems.append(_unknown(name, pool))

    size = deck.mainboard_size()
    if size != MAIN_SIZE:
        problems.append(f"the mainboard has {size} cards counting the commander(s), "
                        f"not {MAIN_SIZE} (rule 2a)")
    side = sum(c for _, c in deck.sideboard)
    if side > SIDEBOARD_SIZE:
        problems.append(f"the sideboard has {side} cards, more than {SIDEBOARD_SIZE} (rule 2a)")

    counts: dict[str, int] = {}
    for name, c, _ in everything:
        counts[name] = counts.get(name, 0) + c
    for name, c in counts.items():
        if name not in known:
            continue
        limit = copies_allowed(pool[name])
        if limit is not None and c > limit:
            problems.append(f"{c} cards named {name!r} across the 120: the format is "
                            f"singleton{'' if limit == 1 else f' (it allows {limit})'} (rule 2a)")

    # the commander(s): rules 2b, 2c, 5a.iii
    commanders = list(deck.commanders)
    if len(commanders) > 2 or (len(commanders) == 2 and not partners):
        problems.append(f"{len(commanders)} commanders: "
                        + ("partners are at most two (rule 5a.iii)" if partners
                           else "one commander; partners are not allowed this season (rule 2c)"))
    if partners and len(commanders) == 1:
        problems.append("a partner season asks for two commanders (rule 5a.iii)")
    if len(set(commanders)) != len(commanders):
        problems.append("the two commanders must be different cards")
    for name in commanders:
        if name not in known:
            continue
        card = pool[name]
        if not can_be_commander(card):
            problems.append(f"commander {name!r} is not a legendary creature (rule 903.3)")
        mech = [k for k in card.keywords if k in PARTNER_KEYWORDS]
        if mech and not partners:
            problems.append(f"commander {name!r} has {mech[0]}: Companion, Choose a "
                            "Background and Partner variations are not allowed (rule 2c)")
        if partners and name in NOT_A_COMMANDER_IN_PARTNER_SEASONS:
            problems.append(f"{name!r} is banned as a commander in partner seasons (rule 5a.iii)")
        if partners and len(card.colour_identity) != 2:
            problems.append(f"partner commander {name!r} has a "
                            f"{len(card.colour_identity)}-colour identity, not 2 (rule 5a.iii)")
    idents = [set(pool[n].colour_identity) for n in commanders if n in known]
    if commanders and len(idents) == len(commanders):
        union = set().union(*idents)
        if union != team:
            got = "".join(sorted(union, key=WUBRG.index)) or "colourless"
            problems.append(f"the commander identity is {got}, not the team's "
                            f"{''.join(sorted(team, key=WUBRG.index))} (rule 2b)")
        if partners and len(idents) == 2 and len(idents[0] & idents[1]) != 1:
            problems.append("partner commanders must share exactly one colour (rule 5a.iii)")

    team_name = "".join(sorted(team, key=WUBRG.index))
    for name, _, where in everything:
        if name not in known:
            continue
        outside = set(pool[name].colour_identity) - team
        if outside and where != "commander":
            problems.append(f"{name!r} ({where}) has colours "
                            f"{''.join(sorted(outside, key=WUBRG.index))} outside {team_name} "
                            "(rule 2b)")
        why = banned(name)
        if why:
            problems.append(f"{name!r} ({where}) is banned: {why} (rule 2e)")

    if playable:
        from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

        compiled = compiled_pool()
        for name in dict.fromkeys(n for n, _, _ in everything if n in known):
            if name not in compiled.supported:
                reason = compiled.unsupported.get(name, "not compiled")
                problems.append(f"unsupported card {name!r}: {reason}")
    return problems


def check_deck(deck: MazerunnerDeck | str | Path, identity: str, *, partners: bool = False,
               playable: bool = False, source: str | None = None) -> MazerunnerDeck:
    """The deck if it keeps rule 2 (decklist text or a file path), else
    :class:`DeckError` listing every problem."""
    label = source or "deck"
    if isinstance(deck, Path) or (isinstance(deck, str) and "\n" not in deck):
        path = Path(deck)
        label = source or str(path)
        deck = parse_deck(read_user_file(path, "decks", "decklist text"), label)
    elif isinstance(deck, str):
        deck = parse_deck(deck, label)
    problems = deck_problems(deck, identity, partners=partners, playable=playable)
    if problems:
        raise DeckError(problems, label)
    return deck


def precons() -> list[str]:
    """The published Commander precons shipped as Mazerunner decklists
    (``data/precons/*.txt``, each header naming the product and year): the list as
    published, with the changes rule 2 forces said in the header (Sol Ring, banned by
    rule 2e.iii, is a basic land). The card engine does not play every card of them
    yet (``labyrinth-gym cards decks`` on that folder says which), so they are not
    among the shipped decks a pod deals."""
    return sorted(p.stem for p in PRECONS.glob("*.txt"))


def precon(name: str) -> MazerunnerDeck:
    """A shipped precon by name (:func:`precons`); ValueError naming them."""
    path = PRECONS / f"{name}.txt"
    if "/" in name or not path.is_file():
        raise ValueError(f"no shipped precon {name!r}; the precons are "
                         f"{', '.join(precons())}")
    return parse_deck(path.read_text(encoding="utf-8"), f"precons/{name}.txt")


def team_problems(decks: dict[str, MazerunnerDeck]) -> list[str]:
    """Rule 2d: teammates (``{player: deck}`` of one team) share no commander."""
    seen: dict[str, str] = {}
    problems = []
    for player, deck in decks.items():
        for name in deck.commanders:
            if name in seen and seen[name] != player:
                problems.append(f"{player!r} and {seen[name]!r} both chose {name!r} as "
                                "commander (rule 2d)")
            seen.setdefault(name, player)
    return problems


__all__ = [
    "DeckError", "MazerunnerDeck", "banlist", "banned", "can_be_commander", "check_deck",
    "copies_allowed", "deck_problems", "normal_identity", "parse_deck", "precon", "precons",
    "team_problems",
]
