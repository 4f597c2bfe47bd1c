"""The compiler's phrase grammar: numbers, the normalised text of a card, filters naming
objects (:func:`object_filter`), targets and other selectors, keyword lists, token
descriptions and costs. Phrases are read by every template family; nothing here
registers a template."""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.cards import Printed, card_pool, rules_list
from labyrinth_gym.envs.magic.engine.library import card_prop
from labyrinth_gym.envs.magic.engine.mana import ManaCost, parse_cost

SELF_NOUNS = ("creature", "land", "artifact", "enchantment", "spell", "equipment", "aura",
              "permanent", "card", "vehicle", "saga")


NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
           "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
           "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
           "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "x": "X",
           "that much": "that_much", "that many": "that_much"}


NUM = (r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
       r"|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|x|that much"
       r"|that many|\d+)")


COLOUR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


class Unsupported(Exception):
    """A card the compiler cannot read; ``reason`` says why (the first unread line)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def number(word: str) -> fx.Amount:
    """``"two"`` -> 2, ``"3"`` -> 3, ``"x"`` -> ``"X"``."""
    return int(word) if word.isdigit() else NUMBERS[word]


# -------------------------------------------------------------- normalising
_REMINDER = re.compile(r"\s*\([^()]*\)")


def normalise(printed: Printed) -> list[str]:
    """The card's lines, lower case, reminder text gone, its own name read as ``this``."""
    text = printed.text
    names = [printed.name]
    if "Legendary" in printed.supertypes and ", " in printed.name:
        names.append(printed.name.split(", ")[0])
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "this")
    if "Planeswalker" in printed.types:
        # a planeswalker's text names it by its planeswalker type ("Ajani deals 3
        # damage", "put a loyalty counter on Nissa"), not "Nissa planeswalker" or
        # another card's name ("a card named Nissa's Chosen")
        for sub in printed.subtypes:
            text = re.sub(rf"\b{re.escape(sub)}\b(?! planeswalker)(?!'s [A-Z])", "this",
                          text)
    text = _REMINDER.sub("", text).lower()
    text = re.sub(r"\bthis (" + "|".join(SELF_NOUNS) + r")\b", "this", text)
    return [line.strip() for line in text.split("\n") if line.strip()]


_TABLE_ROW = re.compile(r"\d+(?:—\d+)? \| ")


def logical_lines(lines: list[str]) -> list[str]:
    """Bullet lines (``• <mode>``) and the rows of a die's results table (``1—9 |
    <effect>``, rule 706) joined to the line before them with newlines, so a modal
    ability (``choose one —`` and its modes) or a roll and its table is one line for
    the templates."""
    out: list[str] = []
    for line in lines:
        if (line.startswith("•") or _TABLE_ROW.match(line)) and out:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


ABILITY_WORDS = frozenset({
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration",
    "channel", "chroma", "cohort", "constellation", "converge", "corrupted", "coven",
    "delirium", "descend 4", "descend 8", "domain", "eerie", "eminence", "enrage",
    "fateful hour", "fathomless descent", "ferocious", "flurry", "formidable",
    "grandeur", "hellbent", "heroic", "imprint", "inspired", "join forces", "kinship",
    "landfall", "lieutenant", "magecraft", "metalcraft", "morbid", "pack tactics",
    "paradox", "parley", "radiance", "raid", "rally", "revolt", "spell mastery",
    "strive", "survival", "sweep", "tempting offer", "threshold", "undergrowth",
    "valiant", "void", "will of the council", "council's dilemma", "secret council",
})
"""Rule 207.2c: ability words have no rules meaning; the text after one is read as is."""


DASH_KEYWORDS = frozenset({"boast", "exhaust", "forecast", "max speed", "renew",
                           "solved", "vivid"})
"""Words before an em dash that are keyword abilities or conditions with rules meaning
(boast 702.142, exhaust 702.177, forecast 702.57...), never dropped as flavor
words."""


def strip_ability_word(line: str) -> str:
    """``landfall — whenever ...`` -> ``whenever ...``; a flavor word (207.2d: "siege
    monster — when this enters, ...", "search the room — {5}{u}: ...") before a
    triggered or activated ability is dropped too."""
    head, sep, rest = line.partition(" — ")
    if sep and head not in ABILITY_WORDS and head not in DASH_KEYWORDS and \
            re.fullmatch(r"[a-z' ]+", head) and \
            rest.startswith(("when ", "whenever ", "at the beginning ", "{")):
        return rest
    return rest if sep and head in ABILITY_WORDS else line


# ----------------------------------------------------------------- filters
TYPE_NOUNS = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
              "land": "Land", "planeswalker": "Planeswalker", "permanent": None}
"""Card-type nouns of a filter phrase; ``permanent`` names no type (any permanent)."""


_PLURAL_NOUNS = {noun + "s": noun for noun in TYPE_NOUNS}


_PREFIX_PROPS = ("nonland", "noncreature", "tapped", "untapped", "attacking", "blocking",
                 "nontoken", "commander", "noncommander", "goaded")


_CONTROLLERS = ((" you control", "you"), (" you don't control", "opponent"),
                (" an opponent controls", "opponent"),
                (" your opponents control", "opponent"),
                (" that player or that planeswalker's controller controls",
                 fx.ITS_CONTROLLER),
                (" defending player controls", fx.DEFENDING_PLAYER),
                # 303.4: the player a Curse enchants (only on an Aura with enchant
                # player: resolve.unresolvable refuses it elsewhere)
                (" enchanted player controls", fx.ENCHANTED_PLAYER))


COMPARED = re.compile(r" with (mana value|power|toughness) (\d+) or (less|greater)$")
"""A filter's trailing comparison: "with mana value 3 or less", "with power 4 or
greater"."""


def prefix_prop(word: str) -> bool:
    """A word before a filter's noun that is a property: ``tapped``, ``nonblack``,
    ``red``, ``nonartifact``, ``legendary``, ``multicolored``..."""
    if word in _PREFIX_PROPS or word in ("colorless", "multicolored", "monocolored"):
        return True
    base = word.removeprefix("non")
    if base in fx.COLOUR_PROPS or base in fx.SUPERTYPE_PROPS:
        return True
    return word.startswith("non") and base in fx.TYPE_PROPS


def filter_prop(word: str) -> str | None:
    """The filter prop a word before a filter's noun says, or None: a
    :func:`prefix_prop` as it is, or a negated subtype (205.3: ``"non-angel"`` ->
    ``"non-Angel"``, :data:`~effects.NON_SUBTYPE`)."""
    if prefix_prop(word):
        return word
    if word.startswith(fx.NON_SUBTYPE):
        subtype = all_subtypes().get(word[len(fx.NON_SUBTYPE):])
        if subtype is not None:
            return fx.NON_SUBTYPE + subtype
    return None


@cache
def all_subtypes() -> dict[str, str]:
    """Every subtype of the pool, lower case -> as printed (``"forest"`` ->
    ``"Forest"``, ``"equipment"`` -> ``"Equipment"``)."""
    out: dict[str, str] = {}
    for printed in card_pool().cards.values():
        for subtype in printed.subtypes:
            out.setdefault(subtype.lower(), subtype)
    for subtype in rules_list("creature_type"):  # 205.3m: a token's type too
        out.setdefault(subtype.lower().replace("’", "'"), subtype.replace("’", "'"))
    for subtype in rules_list("artifact_type"):  # 205.3g: "Blood" is a token's only
        out.setdefault(subtype.lower(), subtype)
    return out


@cache
def creature_subtypes() -> dict[str, str]:
    """Every creature type of the pool, lower case -> as printed (``"elf"`` ->
    ``"Elf"``): the words a token or filter phrase may use as a subtype."""
    out: dict[str, str] = {}
    other: set[str] = set()  # subtypes of other card types (Aura, Equipment, Forest...)
    for printed in card_pool().cards.values():
        if {"Creature", "Kindred", "Tribal"} & set(printed.types):  # Tribal: Kindred's
            for subtype in printed.subtypes:                       # old name
                out.setdefault(subtype.lower(), subtype)
        else:
            other.update(printed.subtypes)
    # a Kindred card's subtypes mix creature types with its other types' ("Kindred
    # Enchantment - Faerie Aura"), and a land creature or an Equipment creature has
    # a land or artifact type (Dryad Arbor's Forest): those are not creature types
    out = {k: v for k, v in out.items() if v not in other}
    # 205.3m lists the creature types, some of which no creature card has (a token's
    # "Servo", a manland's "Blinkmoth"), and some also printed on other cards
    for subtype in rules_list("creature_type"):
        out.setdefault(subtype.lower().replace("’", "'"), subtype.replace("’", "'"))
    return out


_SAME_PLURAL = ("folk", "kithkin", "sheep", "fish", "kor", "vedalken", "elk", "deer",
                "plains")


def _plural(word: str) -> str:
    if word.endswith(_SAME_PLURAL):
        return word
    if word.endswith("f"):
        return word[:-1] + "ves"  # elf, dwarf, wolf
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"  # ally, harpy
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


@cache
def subtype_plurals() -> dict[str, str]:
    """Plural subtypes -> as printed (``"elves"`` -> ``"Elf"``), by English rules;
    a type whose plural these rules get wrong is simply not read in the plural."""
    return {_plural(lower): subtype for lower, subtype in all_subtypes().items()}


def _subtype_or_type(words: list[str]) -> str | None:
    """``["human", "artifact"]`` (either order) as the :data:`~effects.EITHER` prop
    ``"-Human|artifact"``; None unless one is a subtype and the other a card type of
    :data:`~effects.TYPE_PROPS`."""
    for sub, kind in (words, words[::-1]):
        if sub in all_subtypes() and kind in fx.TYPE_PROPS and sub not in fx.TYPE_PROPS:
            return fx.SUBTYPE + all_subtypes()[sub] + fx.EITHER + kind
    return None


def object_filter(phrase: str, plural: bool = False) -> fx.Filter | None:
    """A phrase naming permanents as a :class:`Filter`, or None if a word is not one a
    filter can say. ``plural`` reads ``creatures`` rather than ``creature``.

    Grammar: ``[other] [prop ...] ([subtype] <type> [or <type>] | <subtype>) [token]
    [<controller>] [with flying | without flying]``; ``<type>`` may be ``a, b, or c`` (or, in the plural,
    ``a and b``).
    """
    props: set[str] = set()
    controller = "any"
    if phrase.endswith(" not named this"):  # (Detention Sphere)
        props.add("not_named_self")
        phrase = phrase[: -len(" not named this")]
    for suffix in (" with a +1/+1 counter on it", " with +1/+1 counters on them"):
        if phrase.endswith(suffix):  # (Inspiring Call: 122.1)
            props.add("plus_counter")
            phrase = phrase[: -len(suffix)]
    def flying_suffix(phrase: str) -> str:
        for suffix, prop in ((" with flying", "flying"), (" without flying", "nonflying"),
                             (" with reach", "reach"), (" with defender", "defender")):
            if phrase.endswith(suffix):
                props.add(prop)
                return phrase[: -len(suffix)]
        return phrase

    phrase = flying_suffix(phrase)
    if phrase.endswith(" dealt damage by this this turn"):  # (Sengir Vampire, 120.1)
        props.add("damaged_by_source")
        phrase = phrase[: -len(" dealt damage by this this turn")]
    if phrase.endswith(" without mana abilities"):  # (Midnight Arsonist, 605.1)
        props.add("no_mana_abilities")
        phrase = phrase[: -len(" without mana abilities")]
    if phrase.endswith(" that entered this turn"):  # (Oran-Rief, the Vastwood)
        props.add("entered_this_turn")
        phrase = phrase[: -len(" that entered this turn")]
    compared = COMPARED.search(phrase)
    if compared:
        stat = compared.group(1).replace(" ", "_")
        op = "<=" if compared.group(3) == "less" else ">="
        props.add(f"{stat}{op}{compared.group(2)}")
        phrase = phrase[: compared.start()]
    for suffix, who in _CONTROLLERS:
        if phrase.endswith(suffix):
            controller = who
            phrase = phrase[: -len(suffix)]
            break
    if not props & {"flying", "nonflying", "reach", "defender"}:
        phrase = flying_suffix(phrase)  # "creature with flying an opponent controls"
    words = phrase.split()
    if words and words[0] == "other":
        props.add("other")
        words = words[1:]
    if words[:3] == ["attacking", "or", "blocking"]:
        props.add("attacking_or_blocking")
        words = words[3:]
    if words and (pt := re.fullmatch(r"(\d+)/(\d+)", words[0])):
        # "target 1/1 creature" (Pendelhaven): that power and toughness now
        props.update({f"power=={pt.group(1)}", f"toughness=={pt.group(2)}"})
        words = words[1:]
    commander_noun = bool(words) and words[-1] == ("commanders" if plural else "commander")
    if commander_noun:  # "commanders you control" (903.3: permanents that are one)
        props.add("commander")
        words = words[:-1]
    while words and (prop := _either_colour(words) or filter_prop(
            words[0].removesuffix(","))):
        props.add(prop)
        words = words[3:] if fx.EITHER in prop else words[1:]
    if commander_noun:
        return None if words else fx.Filter(controller=controller,
                                            props=frozenset(props))
    token_word = "tokens" if plural else "token"
    if words and words[-1] == token_word:
        props.add("token")
        words = words[:-1]
        if not words:
            return fx.Filter(controller=controller, props=frozenset(props))
        plural = False  # "creature tokens": the noun before "tokens" is singular
    if not words:
        return None
    if len(words) == 2 and words[0] in ("artifact", "enchantment") and \
            words[1] in (_PLURAL_NOUNS if plural else TYPE_NOUNS) and \
            not words[1].startswith(words[0]):
        # "artifact creatures", "enchantment creature": both types (a prop for the
        # first, 205.2a: an object may have several card types)
        props.add(words.pop(0))
    text = " ".join(words)
    if text in (subtype_plurals() if plural else all_subtypes()):
        # a subtype alone names permanents of that subtype ("target wall", "slivers",
        # "each forest")
        subtype = (subtype_plurals() if plural else all_subtypes())[text]
        return fx.Filter(subtypes=frozenset({subtype}), controller=controller,
                         props=frozenset(props))
    either = text.split(" or ")
    if len(either) == 2 and all(w in (subtype_plurals() if plural else all_subtypes())
                                for w in either):
        # "a forest or plains" (Knight of the Reliquary): either subtype
        names = subtype_plurals() if plural else all_subtypes()
        return fx.Filter(subtypes=frozenset(names[w] for w in either),
                         controller=controller, props=frozenset(props))
    if len(either) == 2 and not plural and (mixed := _subtype_or_type(either)):
        # "target human or artifact": a subtype or a card type (a disjunctive prop)
        return fx.Filter(controller=controller, props=frozenset({*props, mixed}))
    nouns = _PLURAL_NOUNS if plural else {n: n for n in TYPE_NOUNS}
    # Trailing type nouns: "creature", "artifact or creature", "artifact, creature, or
    # land" (plural "artifacts and enchantments": every one of them is matched); a word
    # before them must be a creature type ("elf creature").
    listed = [words[-1]]
    head = " ".join(words[:-1])
    # "artifacts and/or enchantments" (a target of either type, 115.1) reads as "or"
    joint = "and/or|or|and" if plural else "or"
    m = re.search(rf"(?:^| )(\w+(?:, \w+)*,? (?:{joint}) \w+)$", text)
    if m:
        listed = [w for w in re.split(rf",? (?:{joint}) |, ", m.group(1)) if w]
        head = text[: m.start()].strip()
    types: set[str] = set()
    for word in listed:
        if word not in nouns:
            return None
        noun_type = TYPE_NOUNS[nouns[word]]
        if noun_type is None and len(listed) > 1:
            return None
        if noun_type is not None:
            types.add(noun_type)
    subtypes: set[str] = set()
    if head in ("artifact", "enchantment") and types == {"Creature"}:
        props.add(head)  # "artifact creatures": creatures that are also artifacts
        head = ""
    if head:
        if types != {"Creature"} or head not in creature_subtypes():
            return None
        subtypes.add(creature_subtypes()[head])
    return fx.Filter(types=frozenset(types), subtypes=frozenset(subtypes),
                     controller=controller, props=frozenset(props))


def _either_colour(words: list[str]) -> str | None:
    """``red or green ...``: the disjunctive colour prop (``"red|green"``) the first
    three words say, or None."""
    if len(words) > 3 and words[1] == "or" and words[0] in COLOUR_WORDS and \
            words[2] in COLOUR_WORDS and words[0] != words[2]:
        return words[0] + fx.EITHER + words[2]
    return None


def _without_types(f: fx.Filter) -> fx.Filter | None:
    """``f`` with its types dropped (the target kind says them); None if then empty."""
    rest = fx.Filter(subtypes=f.subtypes, controller=f.controller, props=f.props)
    return None if rest == fx.Filter() else rest


def target_for(f: fx.Filter, count: int | str = 1, up_to: bool = False) -> fx.Target:
    """A permanent target matching ``f``: kind ``creature`` (or
    ``creature_or_planeswalker``) with the rest of the filter, else ``permanent``."""
    if f.types == {"Creature"}:
        return fx.Target("creature", _without_types(f), count, up_to)
    if f.types == {"Creature", "Planeswalker"}:
        return fx.Target("creature_or_planeswalker", _without_types(f), count, up_to)
    return fx.Target("permanent", None if f == fx.Filter() else f, count, up_to)


# ---------------------------------------------------------------- selectors
TARGET_PHRASES: dict[str, fx.Target] = {
    "any target": fx.Target("any"),
    "target player": fx.Target("player"),
    "target opponent": fx.Target("opponent"),
    "target spell": fx.Target("spell"),
    "target creature spell": fx.Target("creature_spell"),
    "target noncreature spell": fx.Target("noncreature_spell"),
    # "any" is a creature, player, planeswalker or battle; the filter restricts only a
    # permanent target, leaving players and planeswalkers
    "target opponent or planeswalker": fx.Target("opponent_or_planeswalker"),
    "target player or planeswalker": fx.Target(
        "any", fx.Filter(types=frozenset({"Planeswalker"}))),
    # 115.3: a target different from the spell's other targets ("this deals 2 damage
    # to any target and 1 damage to any other target")
    "any other target": fx.Target("any", fx.Filter(props=frozenset({"another_target"}))),
}
"""Targets that are not permanents (those are read by :func:`target_phrase`)."""


REF_PHRASES: dict[str, fx.Ref] = {
    "you": fx.Ref("you"),
    "this": fx.Ref("self"),
    "it": fx.Ref("it"),
    "that creature": fx.Ref("it"),
    "that permanent": fx.Ref("it"),
    "that token": fx.Ref("it"),  # after a step that created one token
    "the player or planeswalker it's attacking": fx.Ref("attacked_by_it"),
    "its controller": fx.Ref("its_controller"),
    "the creature's controller": fx.Ref("its_controller"),
    "each opponent": fx.Ref("each_opponent"),
    # (102.3: with no teams, every other player is an opponent)
    "each other player": fx.Ref("each_opponent"),
    "each player": fx.Ref("each_player"),
    "enchanted creature": fx.Ref("enchanted"),
    "equipped creature": fx.Ref("equipped"),
    "defending player": fx.Ref("defending_player"),
    "that player": fx.Ref("that_player"),
    # after "target player or planeswalker": that player, or that planeswalker's
    # controller (115.1); after a target creature, its controller
    "that player or that planeswalker's controller": fx.Ref("its_controller"),
    "that creature's controller": fx.Ref("its_controller"),
    # the creatures the same spell or ability has dealt damage ("a creature dealt
    # damage this way can't be regenerated this turn")
    "a creature dealt damage this way": fx.Ref("damaged_this_way"),
}


PLAYER_PHRASES = ("you", "target player", "target opponent", "each player",
                  "each opponent", "each other player", "its controller", "defending player", "that player",
                  "that player or that planeswalker's controller",
                  "that creature's controller")
"""The selectors a player-effect (draw, discard, mill, life) may name."""


_SPELL_TARGET = re.compile(
    r"target (?:(.+?) )?spell(?: with mana value (\d+)( or less| or greater)?"
    r"|( with \{x\} in its mana cost))?"
    r"( you control| you don't control| an opponent controls)?")
_SPELL_CONTROLLERS = {" you control": "you", " you don't control": "opponent",
                      " an opponent controls": "opponent"}


def spell_target(phrase: str) -> fx.Target | None:
    """A spell on the stack matching a card filter (115.1a): ``target instant or
    sorcery spell``, ``target spell with mana value 2``, ``target blue spell``,
    ``target creature or planeswalker spell``, ``target spell an opponent
    controls``; None if the words say more than a card filter can."""
    m = _SPELL_TARGET.fullmatch(phrase)
    if not m:
        return None
    f = card_filter(m.group(1) or "")
    if f is None:
        return None
    props = set(f.props)
    if m.group(2):
        op = {None: "==", " or less": "<=", " or greater": ">="}[m.group(3)]
        props.add(f"mana_value{op}{m.group(2)}")
    if m.group(4):
        props.add(fx.X_COST)
    f = fx.Filter(f.types, f.subtypes, _SPELL_CONTROLLERS.get(m.group(5) or "", "any"),
                  frozenset(props))
    return fx.Target("spell", f)


_ABILITY_TARGET = re.compile(
    r"target (activated or triggered|triggered|activated) ability"
    r"(?: (you control|an opponent controls|you don't control))?")
_ABILITY_KINDS = {"activated or triggered": "ability", "triggered": "triggered_ability",
                  "activated": "activated_ability"}
_ABILITY_WHOSE = {None: "any", "you control": "you", "an opponent controls": "opponent",
                  "you don't control": "opponent"}


def ability_target(phrase: str) -> fx.Target | None:
    """An activated or triggered ability on the stack (115.1b-c): ``target activated
    or triggered ability``, ``target triggered ability an opponent controls``,
    ``target activated ability``; ``target spell, activated ability, or triggered
    ability`` (any stack object)."""
    if phrase in ("target spell, activated ability, or triggered ability",
                  "target spell or ability"):
        return fx.Target("spell_or_ability")
    m = _ABILITY_TARGET.fullmatch(phrase)
    if not m:
        return None
    return fx.Target(_ABILITY_KINDS[m.group(1)],
                     fx.Filter(controller=_ABILITY_WHOSE[m.group(2)]))


ANY_NUMBER_OF_TARGETS = 64
"""The count of "any number of target <permanents>": no more permanents than there
are permanent slots (the player stops choosing with "done")."""
ANY_NUMBER = ANY_NUMBER_OF_TARGETS


def target_phrase(phrase: str) -> fx.Target | None:
    """``target creature``, ``another target artifact``, ``up to two target
    creatures``... (also the non-permanent targets of :data:`TARGET_PHRASES` and the
    spells of :func:`spell_target`)."""
    if phrase in TARGET_PHRASES:
        return TARGET_PHRASES[phrase]
    if "spell" in phrase and (spell := spell_target(phrase)) is not None:
        return spell
    if phrase.startswith("each of ") and re.match(r"each of (up to )?(one|two|three|four"
                                                   r"|five|six) ", phrase):
        # "each of two target creatures": the effect happens to every target
        phrase = phrase[len("each of "):]
    if m := re.fullmatch(r"(up to )?(two|three|four|five|six) targets", phrase):
        # "each of up to six targets" (Chandra, the Firebrand): any targets (115.4)
        return fx.Target("any", count=NUMBERS[m.group(2)], up_to=bool(m.group(1)))
    if m := re.fullmatch(r"any number of (other )?target (.+)", phrase):
        # 115.1d, 601.2c: "any number of target nonland permanents you control"
        # (Brago): up to as many as there are candidates
        f = object_filter(m.group(2), plural=True)
        if f is None:
            return None
        if m.group(1):
            f = fx.Filter(f.types, f.subtypes, f.controller, f.props | {"other"})
        return target_for(f, ANY_NUMBER, True)
    m = re.fullmatch(r"(up to )?(?:(one|two|three|four|five|six|seven|eight|nine|ten|x) )?"
                     r"(another |other )?target (.+)", phrase)
    if not m:
        return None
    count = NUMBERS[m.group(2)] if m.group(2) else 1
    if m.group(1) and not m.group(2) or (m.group(3) == "other " and not m.group(2)):
        return None
    # "x target creatures" (601.2b-c: as many targets as the X announced)
    f = object_filter(m.group(4), plural=count == "X" or count > 1)  # type: ignore[operator]
    if f is None:
        return None
    if m.group(3):
        f = fx.Filter(f.types, f.subtypes, f.controller, f.props | {"other"})
    return target_for(f, count, bool(m.group(1)))


def each_phrase(phrase: str) -> fx.Each | None:
    """``each creature [you control]`` / ``all creatures`` / ``each other creature``."""
    if m := re.fullmatch(r"each (\w+) and each (\w+)", phrase):
        # "each creature and each planeswalker": one group of both types
        nouns = [TYPE_NOUNS.get(m.group(1)), TYPE_NOUNS.get(m.group(2))]
        if None in nouns:
            return None
        return fx.Each(fx.Filter(types=frozenset(n for n in nouns if n)))
    if m := re.fullmatch(r"all (.+) except for (\w+) and (\w+)", phrase):
        # "all other permanents except for lands and tokens" (Elspeth Tirel): the
        # excepted types and tokens as negated props
        f = object_filter(m.group(1), plural=True)
        props = {_EXCEPTED.get(m.group(2)), _EXCEPTED.get(m.group(3))}
        if f is None or None in props:
            return None
        return fx.Each(dataclasses.replace(f, props=f.props | props))
    if m := re.fullmatch(r"each (.+)", phrase):
        f = object_filter(m.group(1))
    elif m := re.fullmatch(r"all (.+)", phrase):
        f = object_filter(m.group(1), plural=True)
    else:
        return None
    return fx.Each(f) if f is not None else None


_EXCEPTED = {"tokens": "nontoken", **{noun: "non" + word for noun, word in
                                        _PLURAL_NOUNS.items() if word != "permanent"}}
"""The plural nouns "except for ..." names, as the prop of what is not excepted."""


def selector(phrase: str) -> fx.Selector | None:
    """A target, reference or ``each`` phrase as a selector (None if not one we know)."""
    phrase = phrase.strip()
    if phrase in REF_PHRASES:
        return REF_PHRASES[phrase]
    return target_phrase(phrase) or each_phrase(phrase)


def player(phrase: str) -> fx.Selector | None:
    """A selector naming players (``you``, ``target opponent``...), else None."""
    return selector(phrase) if phrase in PLAYER_PHRASES else None


def permanents(phrase: str) -> fx.Selector | None:
    """A selector naming permanents: a permanent target (``target creature and all
    other creatures with the same name as that creature``: its ``same_name``),
    ``each``/``all``, ``this``, ``it`` or the enchanted / equipped creature."""
    m = re.fullmatch(r"(.+) and all (.+) attached to (?:it|that creature)", phrase)
    if m:
        target = permanents(m.group(1))
        others = object_filter(m.group(2), plural=True)
        if not isinstance(target, fx.Target) or others is None or \
                target.count != 1 or target.up_to or target.same_name is not None:
            return None
        return dataclasses.replace(target, attached=others)
    m = re.fullmatch(r"(.+) and all other (.+) with the same name as that "
                     r"(?:creature|permanent)", phrase)
    if m:
        target = permanents(m.group(1))
        others = object_filter(m.group(2), plural=True)
        if not isinstance(target, fx.Target) or others is None or \
                target.count != 1 or target.up_to:
            return None
        return dataclasses.replace(target, same_name=others)
    out = selector(phrase)
    if isinstance(out, fx.Target) and out.kind in ("creature", "permanent",
                                                   "creature_or_planeswalker"):
        return out
    if isinstance(out, fx.Each):
        return out
    if isinstance(out, fx.Ref) and out.name in ("self", "it", "enchanted", "equipped",
                                                "damaged_this_way"):
        return out
    return None


# ------------------------------------------------------- combat restrictions
_AT_LEAST = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _blockers(phrase: str) -> fx.Filter | None:
    """``humans``, ``creatures with power 2 or less``, ``walls``, ``creatures with
    flying``: the creatures a blocker restriction names (None if not one filter)."""
    f = object_filter(phrase, plural=True)
    if f is None or f.controller != "any" or "other" in f.props or \
            not (f.types <= {"Creature"}) or f == fx.Filter():
        return None
    return f


def block_restriction(text: str) -> fx.CombatRestriction | None:
    """``can't be blocked by <creatures>``, ``can't be blocked by more than one
    creature``, ``can't be blocked except by <creatures> [or <creatures>]``,
    ``can't be blocked except by three or more creatures`` (509.1b) as a
    :class:`~effects.CombatRestriction`, else None."""
    if text == "can't be blocked by more than one creature":
        return fx.CombatRestriction(max_blockers=1)
    if m := re.fullmatch(r"can't be blocked except by (\w+) or more creatures", text):
        least = _AT_LEAST.get(m.group(1))
        return fx.CombatRestriction(min_blockers=least) if least else None
    if m := re.fullmatch(r"can't be blocked by (.+)", text):
        f = _blockers(m.group(1))
        return fx.CombatRestriction(not_blocked_by=f) if f is not None else None
    if m := re.fullmatch(r"can't be blocked except by (.+)", text):
        rest = m.group(1)
        if k := re.fullmatch(r"creatures with (flying|reach) or (flying|reach)", rest):
            parts = [f"creatures with {k.group(1)}", f"creatures with {k.group(2)}"]
        else:
            parts = re.split(r" and/or | or ", rest)
        filters = [_blockers(p) for p in parts]
        if None in filters or len(set(filters)) != len(filters):
            return None
        return fx.CombatRestriction(blocked_only_by=tuple(filters))  # type: ignore[arg-type]
    return None



_PROTECTION_FROM = re.compile(r"protection from ([a-z'-]+)")


def protections(text: str) -> str:
    """:func:`~keywords.split_protections`, and a protection from a plural subtype
    as the engine's keyword (``"protection from demons and from dragons"`` ->
    ``"protection from Demon, protection from Dragon"``, 702.16)."""
    def one(m: re.Match[str]) -> str:
        if m.group(0) in KW.PROTECTION:
            return m.group(0)
        subtype = subtype_plurals().get(m.group(1))
        return f"protection from {subtype}" if subtype else m.group(0)

    text = KW.split_protections(text)
    return _PROTECTION_FROM.sub(one, text) if "protection from" in text else text


def keyword_list(text: str) -> tuple[str, ...] | None:
    """``"flying"``, ``"flying and vigilance"``, ``"flying, vigilance, and trample"`` as
    engine keywords (None if one is not an engine keyword)."""
    parts = [p.strip() for p in re.split(r",? and |, ", protections(text))]
    if parts and all(KW.is_keyword(p) for p in parts) and len(set(parts)) == len(parts):
        return tuple(parts)
    return None


def granted(words: str | None) -> tuple[str, ...] | None:
    """The keywords after "gains" / "has" (none when ``words`` is empty), or None if
    one is not an engine keyword."""
    return keyword_list(words) if words else ()


X_SPEND = re.compile(r"spend only (white|blue|black|red|green)(?: and/or "
                     r"(white|blue|black|red|green))? mana on x\.")


def x_spend(text: str) -> str | None:
    """The pip each mana of X must be for "spend only black mana on x." (``"B"``) or
    "spend only black and/or red mana on x." (``"B/R"``, a hybrid pip: 107.3)."""
    m = X_SPEND.fullmatch(text)
    if not m or m.group(1) == m.group(2):
        return None
    return "/".join(COLOUR_WORDS[c] for c in m.groups() if c)


# ------------------------------------------------------------------- tokens
def _generic(n: int) -> ManaCost:
    return ManaCost(generic=n)


PREDEFINED_TOKENS: dict[str, fx.TokenSpec] = {
    # Rule 111.10: the predefined artifact tokens; rule 111.4 names a token after its
    # subtypes plus the word "Token".
    "treasure": fx.TokenSpec(
        "Treasure Token", ("Artifact",), ("Treasure",), abilities=(fx.ActivatedAbility(
            fx.Cost(tap=True, sacrifice_self=True), fx.AddMana(("any",)),
            is_mana=True),)),
    "food": fx.TokenSpec(
        "Food Token", ("Artifact",), ("Food",), abilities=(fx.ActivatedAbility(
            fx.Cost(mana=_generic(2), tap=True, sacrifice_self=True), fx.GainLife(3)),)),
    "clue": fx.TokenSpec(
        "Clue Token", ("Artifact",), ("Clue",), abilities=(fx.ActivatedAbility(
            fx.Cost(mana=_generic(2), sacrifice_self=True), fx.Draw(1)),)),
    "blood": fx.TokenSpec(
        "Blood Token", ("Artifact",), ("Blood",), abilities=(fx.ActivatedAbility(
            fx.Cost(mana=_generic(1), tap=True, discard=1, sacrifice_self=True),
            fx.Draw(1)),)),
    # "{T}: add {C}. this mana can't be spent to cast a nonartifact spell." (106.6)
    "powerstone": fx.TokenSpec(
        "Powerstone Token", ("Artifact",), ("Powerstone",), abilities=(fx.ActivatedAbility(
            fx.Cost(tap=True), fx.AddMana(("C",), spend_only=fx.POWERSTONE_SPEND),
            is_mana=True),)),
}
"""The predefined tokens (rule 111.10) a card creates by name."""


def _colours(text: str) -> tuple[str, ...] | None:
    if text == "colorless":
        return ()
    words = [w for w in re.split(r",? and |, ", text) if w]
    if not words or any(w not in COLOUR_WORDS for w in words):
        return None
    codes = {COLOUR_WORDS[w] for w in words}
    return tuple(c for c in "WUBRG" if c in codes)


_TOKEN = re.compile(
    r"(\d+)/(\d+) ((?:colorless|(?:white|blue|black|red|green)"
    r"(?:(?:,| and|, and) (?:white|blue|black|red|green))*)) "
    r"((?:[a-z'-]+ )+?)((?:(?:artifact|enchantment) ){0,2}creature) tokens?"
    r"(?: with (.+))?")


SUPERTYPE_WORDS = {"snow": "Snow", "legendary": "Legendary"}
_NAMED_ARTIFACT_TOKEN = re.compile(r"colorless ((?:(?:snow|legendary) )*)artifact "
                                   r"tokens? named ([a-z' ]+)")


def token_spec(text: str) -> fx.TokenSpec | None:
    """``1/1 white soldier creature token[s] [with <keywords>]`` or a predefined
    ``treasure token`` as a :class:`TokenSpec` (None if not that shape)."""
    if m := re.fullmatch(r"(treasure|food|clue|blood|powerstone) tokens?", text):
        return PREDEFINED_TOKENS[m.group(1)]
    if m := _NAMED_ARTIFACT_TOKEN.fullmatch(text):
        # "colorless snow artifact tokens named replicated ring" (111.4: its name is
        # the one given, 205.4a: its supertypes; no subtype, no colour)
        return fx.TokenSpec(m.group(2).title(), ("Artifact",),
                            supertypes=tuple(SUPERTYPE_WORDS[w]
                                             for w in m.group(1).split()))
    m = _TOKEN.fullmatch(text)
    if not m:
        return None
    colours = _colours(m.group(3))
    names = m.group(4).split()
    if colours is None or not all(w in creature_subtypes() for w in names):
        return None
    subtypes = tuple(creature_subtypes()[w] for w in names)
    keywords: tuple[str, ...] = ()
    if m.group(6):
        found = keyword_list(m.group(6))
        if found is None:
            return None
        keywords = found
    types = tuple(w.capitalize() for w in m.group(5).split())
    return fx.TokenSpec(" ".join(subtypes) + " Token", types, subtypes, colours,
                        int(m.group(1)), int(m.group(2)), keywords)


_COST_PART = re.compile(r"(?:\{[^}]+\})+")
_ENERGY = re.compile(rf"((?:\{{e\}})+)|{NUM} \{{e\}}")


def energy_amount(text: str) -> fx.Amount | None:
    """How many energy counters ``text`` names (107.14): ``{e}{e}`` -> 2, ``eight
    {e}`` -> 8, ``x {e}`` -> ``"X"``, ``that many {e}``; None if it is not that."""
    m = _ENERGY.fullmatch(text)
    if m is None:
        return None
    return m.group(1).count("{e}") if m.group(1) else number(m.group(2))


def cost(text: str) -> fx.Cost | None:
    """``"{2}, {t}, sacrifice this"`` as a :class:`Cost` (None if a part is not one we
    know): mana, ``{t}``, ``sacrifice this``, ``sacrifice a <filter>``, ``pay N life``,
    ``discard a card`` / ``discard N cards``, ``return a <permanent> you control to
    its owner's hand`` (not with a sacrifice)."""
    mana = None
    tap = sacrifice_self = discard_self = exile_self = exile_this = False
    sacrifice: fx.Filter | None = None
    tap_untapped: fx.Filter | None = None
    pay_life = discard = exiled = tap_count = energy = 0
    sacrifice_count = 1
    last = ""
    exile_filter: fx.Filter | None = None
    bounce: fx.Filter | None = None
    remove: tuple[str, int] | None = None
    added: tuple[str, int] | None = None
    discard_filter: fx.Filter | None = None
    for part in (p.strip() for p in re.split(r",? and |, ", text)):
        if last == "sacrifice this" and sacrifice is None and re.fullmatch(
                rf"{NUM} \w.+", part):
            part = "sacrifice " + part  # "sacrifice this and thirteen blood tokens"
        last = part
        if (m := re.fullmatch(rf"sacrifice {NUM} (.+)", part)) and sacrifice is None \
                and isinstance(n := number(m.group(1)), int) and n > 1:
            sacrifice = object_filter(m.group(2), plural=True)  # (118.3)
            if sacrifice is None or sacrifice.controller != "any":
                return None
            sacrifice_count = n
        elif part == "{t}" and not tap:
            tap = True
        elif _COST_PART.fullmatch(part) and mana is None:
            try:
                mana = parse_cost(part.upper())
            except ValueError:
                return None
        elif part in ("sacrifice this", "sacrifice it") and not sacrifice_self:
            sacrifice_self = True
        elif part == "discard this" and not discard_self:
            discard_self = True
        elif part == "exile this" and not exile_this:
            exile_this = True  # (118.3: a permanent's own)
        elif part == "exile this from your graveyard" and not exile_self:
            exile_self = True  # (118.3, 113.6m: an ability of the card there)
        elif (m := re.fullmatch(r"sacrifice (?:a|an|another) (.+)", part)) and \
                sacrifice is None:
            sacrifice = object_filter(m.group(1))
            if sacrifice is None or sacrifice.controller != "any":
                return None  # one's own permanents only: no controller to name
            if part.startswith("sacrifice another"):
                sacrifice = fx.Filter(sacrifice.types, sacrifice.subtypes,
                                      props=sacrifice.props | {"other"})
        elif (m := re.fullmatch(rf"tap {NUM} untapped (.+) you control", part)) and \
                tap_untapped is None:
            tap_count = number(m.group(1))
            tap_untapped = object_filter(m.group(2), plural=tap_count != 1) \
                if isinstance(tap_count, int) and tap_count >= 1 else None
            if tap_untapped is None or tap_untapped.controller != "any":
                return None
            tap_untapped = fx.Filter(tap_untapped.types, tap_untapped.subtypes,
                                     controller="you", props=tap_untapped.props)
        elif (m := re.fullmatch(r"return an? (.+) you control to its owner's hand",
                                part)) and bounce is None:
            bounce = object_filter(m.group(1))  # (118.3: Deprive)
            if bounce is None or bounce.controller != "any":
                return None
        elif (m := re.fullmatch(r"pay (\d+) life", part)) and not pay_life:
            pay_life = int(m.group(1))
        elif part.startswith("pay ") and not energy and isinstance(
                n := energy_amount(part[4:]), int) and n > 0:
            energy = n  # "pay {e}{e}" (107.14)
        elif (m := re.fullmatch(rf"remove {NUM} ([\w+/-]+) counters? from this", part)) \
                and remove is None and (isinstance(number(m.group(1)), int)
                                        or number(m.group(1)) == "X"):
            remove = (m.group(2), number(m.group(1)))  # ("X": announced, 107.3)
        elif (m := re.fullmatch(r"remove any number of ([\w+/-]+) counters from this",
                                part)) and remove is None:
            remove = (m.group(1), "X")  # (chosen as the cost is paid: X)
        elif (m := re.fullmatch(rf"discard {NUM} (?:(.+?) )?cards?", part)) and \
                not discard:
            count = number(m.group(1))
            if not isinstance(count, int):
                return None
            discard = count
            if m.group(2):  # "discard a creature card"
                discard_filter = card_filter(m.group(2))
                if discard_filter is None or discard_filter == fx.Filter():
                    return None
        elif (m := re.fullmatch(rf"put {NUM} ([+-]\d+/[+-]\d+) counters? on this",
                                part)) and added is None and \
                isinstance(number(m.group(1)), int):
            added = (m.group(2), number(m.group(1)))
        elif (m := re.fullmatch(rf"exile {NUM} (.*?)cards? from your graveyard", part)) \
                and not exiled:
            count = number(m.group(1))
            exile_filter = card_filter(m.group(2).strip())
            if not isinstance(count, int) or exile_filter is None:
                return None
            exiled = count
        else:
            return None
    if remove is not None and remove[1] == "X" and mana is not None and mana.x:
        return None  # (one X: of the mana or of the counters, not both)
    return fx.Cost(mana=mana, tap=tap, sacrifice_self=sacrifice_self,
                   sacrifice=sacrifice, sacrifice_count=sacrifice_count,
                   pay_life=pay_life, discard=discard,
                   discard_self=discard_self, exile_graveyard=exiled,
                   exile_filter=exile_filter if exile_filter != fx.Filter() else None,
                   tap_untapped=tap_untapped, tap_count=tap_count,
                   remove_counters=remove, discard_filter=discard_filter,
                   add_counters=added, bounce=bounce, energy=energy,
                   exile_self=exile_self, exile_this=exile_this) \
        if bounce is None or sacrifice is None else None


# ------------------------------------------------------------- card filters
CARD_TYPE_WORDS = {"creature": ("Creature",), "artifact": ("Artifact",),
                   "enchantment": ("Enchantment",), "land": ("Land",),
                   "planeswalker": ("Planeswalker",), "instant": ("Instant",),
                   "sorcery": ("Sorcery",), "battle": ("Battle",),
                   "permanent": ("Artifact", "Battle", "Creature", "Enchantment",
                                 "Land", "Planeswalker")}
"""Card types a card filter may name (a permanent card: any permanent type, rule
110.4a)."""


@cache
def land_subtypes() -> dict[str, str]:
    """Every land subtype of the pool, lower case -> as printed (``"forest"``)."""
    out: dict[str, str] = {}
    for printed in card_pool().cards.values():
        if "Land" in printed.types:
            for subtype in printed.subtypes:
                out.setdefault(subtype.lower(), subtype)
    return out


def _typed_alternatives(phrases: list[str]) -> fx.Filter | None:
    """``dragon creature card or ugin planeswalker card``: one card filter of the
    types and subtypes of both, when each alternative is a subtype of its own card
    type (205.3d: a subtype goes only with its own card type, so a Dragon
    planeswalker or an Ugin creature cannot exist and the union says exactly the
    two)."""
    types: set[str] = set()
    subtypes: set[str] = set()
    creature_types = set(creature_subtypes().values())
    for alt in phrases:
        *kinds, kind = alt.split()
        if not kinds or kind not in CARD_TYPE_WORDS or len(CARD_TYPE_WORDS[kind]) != 1:
            return None
        subs = {all_subtypes().get(k) for k in re.split(r",? or |, ", " ".join(kinds))}
        if None in subs:
            return None
        card_type = set(CARD_TYPE_WORDS[kind])
        if (card_type == {"Creature"}) != (subs <= creature_types) or card_type & types:
            return None
        types |= card_type
        subtypes |= subs  # type: ignore[arg-type]
    return fx.Filter(types=frozenset(types), subtypes=frozenset(subtypes))


def card_filter(phrase: str, compared: str | None = None) -> fx.Filter | None:
    """The cards a phrase before ``card(s)`` names, or None if it says more than a
    card filter can: ``""`` (any card), ``"basic land"``, ``"noncreature,
    nonland"``, ``"instant or sorcery"``, ``"plains or island"`` (land types),
    ``"forest, plains, or island"``, ``"green"``, ``"legendary"``, ``"aura"``;
    ``compared``: the words after ``card`` ``"with mana value 3 or less"``."""
    if " card or " in phrase and compared is None:
        return _typed_alternatives(phrase.split(" card or "))
    words = phrase.split()
    props: set[str] = set()
    while words and (prop := _either_colour(words + [""]) or filter_prop(
            words[0].rstrip(","))) and card_prop(prop):
        props.add(prop)  # ("red or green" with a type after it or not)
        words = words[3:] if fx.EITHER in prop else words[1:]
    if compared and compared.strip() == "with foretell":  # (702.143a)
        props.add(fx.WITH_FORETELL)
        compared = None
    if compared:
        m = COMPARED.fullmatch(" " + compared.strip())
        if not m:
            return None
        stat = m.group(1).replace(" ", "_")
        props.add(f"{stat}{'<=' if m.group(3) == 'less' else '>='}{m.group(2)}")
    types: set[str] = set()
    subtypes: set[str] = set()
    rest = " ".join(words)
    kinds = re.split(r",? or |, ", rest.removesuffix(" creature"))
    if rest.endswith(" creature") and all(k in creature_subtypes() for k in kinds):
        # "vampire or wizard creature" (205.3m): a creature card of any of them
        return fx.Filter(types=frozenset({"Creature"}), subtypes=frozenset(
            creature_subtypes()[k] for k in kinds), props=frozenset(props))
    if rest:
        for alt in re.split(r",? or |, ", rest):
            if alt in CARD_TYPE_WORDS:
                types.update(CARD_TYPE_WORDS[alt])
            elif alt in land_subtypes():
                subtypes.add(land_subtypes()[alt])
            elif alt in all_subtypes():  # "an aura card", "a merfolk card"
                subtypes.add(all_subtypes()[alt])
            else:
                return None
    if types and subtypes:
        return None  # "a land or forest card" is not one filter
    return fx.Filter(types=frozenset(types), subtypes=frozenset(subtypes),
                     props=frozenset(props))


_LIFE_COMPARED = {
    "you have less life than an opponent": "less_life_than_opponent",
    "an opponent has more life than you": "less_life_than_opponent",
    "you have more life than an opponent": "more_life_than_opponent",
}
"""Life totals compared with an opponent's (119: Timely Reinforcements)."""


def activation_condition(text: str) -> fx.ActivationCondition | None:
    """A condition on the controller of an ability or effect (its kinds are
    :data:`~effects.CONDITION_KINDS`): "you have no cards in hand", "there are seven or
    more cards in your graveyard", "you control three or more artifacts", "an opponent
    controls a swamp", "a creature died this turn" (morbid); None if not one of them."""
    if text == "you have no cards in hand":
        return fx.ActivationCondition("empty_hand")
    if text == "a creature died this turn":
        return fx.ActivationCondition("creature_died")
    if text in ("it's your turn", "it is your turn"):
        return fx.ActivationCondition("your_turn")
    if m := re.fullmatch(rf"a graveyard has {NUM} or more cards in it", text):
        n = number(m.group(1))  # (any player's: Visions of Beyond)
        if isinstance(n, int):
            return fx.ActivationCondition("any_graveyard", count=n)
    if m := re.fullmatch(r"the result is greater than the damage dealt(?: or the "
                         r"result is (\d+))?", text):
        # (706: the die rolled just before; the trigger's damage, 603.2)
        return fx.ActivationCondition("result_beats_that_much",
                                      count=int(m.group(1) or 0))
    if text == "this was kicked":  # (the resolving spell: 702.33d)
        return fx.ActivationCondition("kicked")
    if text == "this was cast from a graveyard":  # (the resolving spell: 601.2a)
        return fx.ActivationCondition("cast_from_graveyard")
    if text == "an opponent searched their library this turn":  # (a trap's)
        return fx.ActivationCondition("opponent_searched")
    if text == ("a creature spell you cast this turn was countered by a spell or "
                "ability an opponent controlled"):
        return fx.ActivationCondition("creature_countered")
    if text in ("it's renowned", "this is renowned"):  # (its source, 702.112b)
        return fx.ActivationCondition("renowned")
    if text == "you have the city's blessing":  # 702.131c
        return fx.ActivationCondition("city_blessing")
    if m := re.fullmatch(rf"it has {NUM} or more (\+1/\+1|[a-z]+) counters on it", text):
        n = number(m.group(1))  # (608.2c: of the trigger's object, "it")
        if isinstance(n, int) and (m.group(2) == "+1/+1" or fx.plain_counter(m.group(2))):
            return fx.ActivationCondition("it_counters", count=n, counter=m.group(2))
    if m := re.fullmatch(rf"enchanted creature's power is {NUM} or greater", text):
        n = number(m.group(1))
        if isinstance(n, int):
            return fx.ActivationCondition("attached_power_at_least", count=n)
    if text in ("that creature was a token", "it was a token"):
        # (a trigger's object, as it last existed once it has left, 608.2h)
        return fx.ActivationCondition("it_was", fx.Filter(props=frozenset({"token"})))
    if text == "this isn't a token":  # (Progenitor Mimic's copies' ability)
        return fx.ActivationCondition("source_is", fx.Filter(props=frozenset({"nontoken"})))
    if m := re.fullmatch(r"you control an urza's ([\w-]+) and an urza's ([\w-]+)", text):
        # (the Urza lands: a permanent of each subtype; "Urza's" is a subtype too)
        kinds = [all_subtypes().get(m.group(i)) for i in (1, 2)]
        if all(kinds):
            return fx.ActivationCondition("control_each", fx.Filter(
                subtypes=frozenset(kinds)))  # type: ignore[arg-type]
    if text in ("this is untapped", "this is tapped"):  # (Howling Mine)
        return fx.ActivationCondition("source_is", fx.Filter(
            props=frozenset({text[8:]})))
    if (m := re.fullmatch(r"this is an? ([\w'-]+)", text)) and \
            m.group(1) in creature_subtypes():  # "if this creature is a spirit"
        return fx.ActivationCondition("source_is", fx.Filter(
            subtypes=frozenset({creature_subtypes()[m.group(1)]})))
    if m := re.fullmatch(rf"you control at least {NUM} other (.+)", text):
        # (an intervening "if" of a trigger: other than the object that triggered it)
        f = object_filter(m.group(2), plural=True)
        count = number(m.group(1))
        if f is None or f.controller != "any" or not isinstance(count, int):
            return None
        return fx.ActivationCondition("you_control", dataclasses.replace(
            f, props=f.props | {"other_than_it"}), count)
    if m := re.fullmatch(r"you control no (.+)", text):
        # "if you control no artifacts" (Glimmervoid): none of them at all
        f = object_filter(m.group(1), plural=True)
        if f is None or f.controller != "any":
            return None
        return fx.ActivationCondition("control_none", f)
    if m := re.fullmatch(r"you control fewer (.+) than an opponent"
                         r"|an opponent controls more (.+) than you", text):
        # "if an opponent controls more lands than you" (Knight of the White Orchid)
        f = object_filter(m.group(1) or m.group(2), plural=True)
        if f is None or f.controller != "any":
            return None
        return fx.ActivationCondition("fewer_than_opponent", f)
    if text in _LIFE_COMPARED:  # "if you have less life than an opponent"
        return fx.ActivationCondition(_LIFE_COMPARED[text])
    if text in ("you're the monarch", "you are the monarch"):  # 724
        return fx.ActivationCondition("monarch")
    if text == "an opponent is the monarch":
        return fx.ActivationCondition("opponent_monarch")
    if text == "you control a commander":  # 903.3 (anyone's commander)
        return fx.ActivationCondition("controls_a_commander")
    if text == "they control a commander":  # (the player the effect acts on)
        return fx.ActivationCondition("that_player_commander")
    if text == "you control your commander":  # 903.3 (lieutenant)
        return fx.ActivationCondition("control_commander")
    if text == "you attacked this turn":  # raid
        return fx.ActivationCondition("attacked_this_turn")
    if m := re.fullmatch(r"you attacked with (\w+) or more creatures this turn", text):
        n = NUMBERS.get(m.group(1))
        return fx.ActivationCondition("attacked_with", count=n) \
            if isinstance(n, int) else None
    if m := re.fullmatch(r"creatures you control have total power (\d+) or greater",
                         text):
        return fx.ActivationCondition("total_power", count=int(m.group(1)))
    if m := re.fullmatch(r"an opponent was dealt (\d+) or more damage this turn", text):
        return fx.ActivationCondition("opponent_dealt_damage", count=int(m.group(1)))
    if text == "each player has no cards in hand":
        return fx.ActivationCondition("hands_empty")
    if text == "you had a land enter the battlefield under your control this turn":
        return fx.ActivationCondition("land_entered")
    if m := re.fullmatch(r"(you|an opponent) ha(?:ve|s) (\d+) or (less|more) life", text):
        kind = {("you", "less"): "life_at_most", ("you", "more"): "life_at_least",
                ("an opponent", "less"): "opponent_life_at_most"}.get(m.group(1, 3))
        return fx.ActivationCondition(kind, count=int(m.group(2))) if kind else None
    if m := re.fullmatch(rf"there are {NUM} or more cards in your graveyard", text):
        count = number(m.group(1))
        return fx.ActivationCondition("graveyard", None, count) \
            if isinstance(count, int) else None
    if m := re.fullmatch(rf"there are at least {NUM} (.+?) cards in your graveyard", text):
        count, f = number(m.group(1)), card_filter(m.group(2))
        return fx.ActivationCondition("graveyard", f, count) \
            if isinstance(count, int) and f is not None and f != fx.Filter() else None
    m = re.fullmatch(rf"(you|an opponent) controls? (?:{NUM} or more (.+)|(an? .+))",
                     text)
    if not m:
        return None
    kind = "you_control" if m.group(1) == "you" else "opponent_controls"
    if m.group(4):  # "a swamp", "an artifact"
        f, count = object_filter(m.group(4).split(" ", 1)[1]), 1
    else:
        count = number(m.group(2))
        f = object_filter(m.group(3), plural=True)
    if f is None or f.controller != "any" or not isinstance(count, int):
        return None
    return fx.ActivationCondition(kind, f, count)


def with_amounts(base: Any, other: Any, condition: fx.ActivationCondition,
                 ref_fields: tuple[str, ...] | None = None) -> Any:
    """``base`` whose numbers that differ in ``other`` (the same effect, read from an
    "... instead" sentence) become :class:`~effects.IfAmount` checked on resolution
    (608.2h); None if the two differ otherwise. ``other`` may name ``base``'s target
    as "that ..." (read as ``Ref("it")``); ``ref_fields`` limits which fields may do
    so (None: any). Sequences compare step by step."""
    if type(base) is not type(other):
        return None
    if isinstance(base, fx.Sequence):
        if len(base.steps) != len(other.steps):
            return None
        steps = [with_amounts(a, b, condition, ref_fields)
                 for a, b in zip(base.steps, other.steps, strict=True)]
        return None if None in steps else fx.Sequence(tuple(steps))
    changes = {}
    for f in dataclasses.fields(base):
        a, b = getattr(base, f.name), getattr(other, f.name)
        if a == b:
            continue
        if type(a) is int and type(b) is int:
            changes[f.name] = fx.IfAmount(a, b, condition)
        elif not (isinstance(a, fx.Target) and b == fx.Ref("it")
                  and (ref_fields is None or f.name in ref_fields)):
            return None
    return dataclasses.replace(base, **changes)
