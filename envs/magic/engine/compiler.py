"""The card compiler: a real card's oracle text -> a :class:`CardDef` of the vocabulary.

A card compiles when every line of its text is read by some template; otherwise it is
*unsupported*, with the first line (or sentence) no template could read as the reason.
Nothing is guessed: a line that is only partly understood makes the card unsupported.

Before the templates run, :func:`normalise` lowers the text, strips reminder text
(parentheses), and reads the card's own name (or, for a legendary card, the short name
before its comma) and "this creature", "this land"... as ``this``. A modal header
(``choose one —``) and its bullet lines (``• <effect>``) are then read as one line, and
an ability word (``landfall — ``, rule 207.2c) is dropped.

Lines are routed in this order (the first template that reads the whole line wins):

1. a keyword line: keyword abilities of :data:`~effects.KEYWORDS` separated by commas,
   and ``devour N`` / ``devour <quality> N`` (a creature's :class:`~effects.Devour`);
2. ``enchant <what>`` (Auras) and ``equip <cost>`` (Equipment);
3. a static ability: entering tapped (a land's "unless you control a plains or an
   island", "... two or fewer other lands", "as this enters, you may pay 2 life. if you
   don't, it enters tapped.": :func:`enters_tapped`), "this can't be countered." (any
   card that is cast), a creature's own combat restriction ("this can't block."), an Aura's or Equipment's bonus ("enchanted creature gets +1/+1 and has
   flying."), an anthem ("other Elf creatures you control get +1/+1.");
4. a triggered ability: ``when[ever] <subject> <event>`` (subject ``this``,
   ``equipped creature``, ``enchanted creature``, ``a[nother] <permanent>``, ``this
   or another <permanent>``; event ``enters``, ``dies``, ``attacks [alone]``,
   ``blocks``, ``becomes blocked``, ``attacks and isn't blocked``, ``leaves the
   battlefield``, ``deals [combat] damage [to a player / an opponent / a
   creature]``, ``is dealt damage``, or two joined by ``or``), ``whenever <you / an
   opponent / a player> <gain(s) life / lose(s) life / draw(s) a card / discard(s)
   a card / attack>``, ``whenever <you cast / an opponent casts / a player casts> a
   [noncreature | <type> [or <type>]] spell``, ``at the beginning of <whose>
   <upkeep / draw step / main phase / combat / end step>``; "you may <effect>" makes
   it optional; ``that much`` / ``that many`` and ``that player`` in its effect name
   the event's amount and player; ``ward {N}`` / ``ward—pay N life`` on a keyword
   line is a "becomes the target" trigger that counters unless its controller pays;
5. an activated ability ``<cost>: <effect>`` (mana, ``{T}``, sacrifice this or a
   permanent, pay life, discard cards, or "discard this" from the hand), with "activate
   only as a sorcery" / "once each turn"; ``cycling <cost>``;
6. an instant's or sorcery's additional cost (``as an additional cost to cast this``);
7. the spell's effect (instants and sorceries), one sentence at a time, or a modal
   ``choose one —`` with one bullet per mode.

Effects are read one sentence at a time by the effect templates (delayed ``<effect>
at the beginning of the next end step`` / ``at end of combat``, counter ``unless its
controller pays {N}``, damage, destroy,
exile, bounce, tap/untap, draw, discard, mill, life, pumps, counters, tokens, counter a
spell, sacrifice, mana, attach, manifest, manifest dread, regenerate, "can't be
regenerated this turn", prevent damage this turn, "if that creature [a creature dealt
damage this way] would die this turn, exile it instead", "you may"; "it / they can't
be regenerated." right after a destroy marks that destruction); after a manifest,
``it`` / ``that creature`` is the manifested permanent (``manifest the top card of your
library, then put a +1/+1 counter on it``); ``a, then b`` and ``a and b`` are two steps
when each half is a sentence (``target player draws a card and loses 1 life``: the
second half keeps the first one's player). :func:`check_refs` then refuses what the
context does not name: ``it`` with nothing before it, ``X`` with no ``{X}`` to pay.

Lines 2-4 are abilities of permanents: on an instant or sorcery they are not read (its
text is its effect). Templates are small functions registered in the tables below; each
returns None (or False) when the text is not its shape, so adding a template never
changes what another reads.

Phrases naming objects are read by one small grammar (:func:`object_filter`):
``[other] [nonland|tapped|attacking...] [<creature type>] <type> [or <type>] [token]
[you control|an opponent controls] [with flying]``, or a subtype alone (``target
wall``), singular after ``target``/``each``/``a``, plural after ``all`` and in anthems.
Its words are exactly the :class:`~effects.Filter` fields and props, so a phrase with
any other word (a colour, "nonblack", "with power 2 or less") is not a filter and its
line stays unsupported.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.cards import Printed, card_pool
from labyrinth_gym.envs.magic.engine.mana import ManaCost, parse_cost
from labyrinth_gym.envs.magic.engine.resolve import unresolvable

SUPPORTED_LAYOUTS = frozenset({"normal"})
SUPPORTED_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Instant", "Land",
                             "Planeswalker", "Sorcery"})
SELF_NOUNS = ("creature", "land", "artifact", "enchantment", "spell", "equipment", "aura",
              "permanent", "card", "vehicle")

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
           "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "x": "X",
           "that much": "that_much", "that many": "that_much"}
_NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|that much|that many|\d+)"
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
    text = _REMINDER.sub("", text).lower()
    text = re.sub(r"\bthis (" + "|".join(SELF_NOUNS) + r")\b", "this", text)
    return [line.strip() for line in text.split("\n") if line.strip()]


def logical_lines(lines: list[str]) -> list[str]:
    """Bullet lines (``• <mode>``) joined to the line before them with newlines, so a
    modal ability (``choose one —`` and its modes) is one line for the templates."""
    out: list[str] = []
    for line in lines:
        if line.startswith("•") and out:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


# ----------------------------------------------------------------- filters
TYPE_NOUNS = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
              "land": "Land", "planeswalker": "Planeswalker", "permanent": None}
"""Card-type nouns of a filter phrase; ``permanent`` names no type (any permanent)."""

_PLURAL_NOUNS = {noun + "s": noun for noun in TYPE_NOUNS}
_PREFIX_PROPS = ("nonland", "noncreature", "tapped", "untapped", "attacking", "blocking",
                 "nontoken")
_CONTROLLERS = ((" you control", "you"), (" you don't control", "opponent"),
                (" an opponent controls", "opponent"),
                (" your opponents control", "opponent"))


_COMPARED = re.compile(r" with (mana value|power|toughness) (\d+) or (less|greater)$")
"""A filter's trailing comparison: "with mana value 3 or less", "with power 4 or
greater"."""


def _prefix_prop(word: str) -> bool:
    """A word before a filter's noun that is a property: ``tapped``, ``nonblack``,
    ``red``, ``nonartifact``, ``legendary``, ``multicolored``..."""
    if word in _PREFIX_PROPS or word in ("colorless", "multicolored", "monocolored"):
        return True
    base = word.removeprefix("non")
    if base in fx.COLOUR_PROPS or base in fx.SUPERTYPE_PROPS:
        return True
    return word.startswith("non") and base in fx.TYPE_PROPS


@cache
def all_subtypes() -> dict[str, str]:
    """Every subtype of the pool, lower case -> as printed (``"forest"`` ->
    ``"Forest"``, ``"equipment"`` -> ``"Equipment"``)."""
    out: dict[str, str] = {}
    for printed in card_pool().cards.values():
        for subtype in printed.subtypes:
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
    return {k: v for k, v in out.items() if v not in other}


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


def object_filter(phrase: str, plural: bool = False) -> fx.Filter | None:
    """A phrase naming permanents as a :class:`Filter`, or None if a word is not one a
    filter can say. ``plural`` reads ``creatures`` rather than ``creature``.

    Grammar: ``[other] [prop ...] ([subtype] <type> [or <type>] | <subtype>) [token]
    [<controller>] [with flying]``; ``<type>`` may be ``a, b, or c`` (or, in the plural,
    ``a and b``).
    """
    props: set[str] = set()
    controller = "any"
    if phrase.endswith(" with flying"):
        props.add("flying")
        phrase = phrase[: -len(" with flying")]
    compared = _COMPARED.search(phrase)
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
    words = phrase.split()
    if words and words[0] == "other":
        props.add("other")
        words = words[1:]
    if words[:3] == ["attacking", "or", "blocking"]:
        props.add("attacking_or_blocking")
        words = words[3:]
    while words and _prefix_prop(words[0].removesuffix(",")):
        props.add(words.pop(0).removesuffix(","))
    token_word = "tokens" if plural else "token"
    if words and words[-1] == token_word:
        props.add("token")
        words = words[:-1]
        if not words:
            return fx.Filter(controller=controller, props=frozenset(props))
    if not words:
        return None
    text = " ".join(words)
    if text in (subtype_plurals() if plural else all_subtypes()):
        # a subtype alone names permanents of that subtype ("target wall", "slivers",
        # "each forest")
        subtype = (subtype_plurals() if plural else all_subtypes())[text]
        return fx.Filter(subtypes=frozenset({subtype}), controller=controller,
                         props=frozenset(props))
    nouns = _PLURAL_NOUNS if plural else {n: n for n in TYPE_NOUNS}
    # Trailing type nouns: "creature", "artifact or creature", "artifact, creature, or
    # land" (plural "artifacts and enchantments": every one of them is matched); a word
    # before them must be a creature type ("elf creature").
    listed = [words[-1]]
    head = " ".join(words[:-1])
    joint = "or|and" if plural else "or"
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
    if head:
        if types != {"Creature"} or head not in creature_subtypes():
            return None
        subtypes.add(creature_subtypes()[head])
    return fx.Filter(types=frozenset(types), subtypes=frozenset(subtypes),
                     controller=controller, props=frozenset(props))


def _without_types(f: fx.Filter) -> fx.Filter | None:
    """``f`` with its types dropped (the target kind says them); None if then empty."""
    rest = fx.Filter(subtypes=f.subtypes, controller=f.controller, props=f.props)
    return None if rest == fx.Filter() else rest


def target_for(f: fx.Filter, count: int = 1, up_to: bool = False) -> fx.Target:
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
    "target player or planeswalker": fx.Target(
        "any", fx.Filter(types=frozenset({"Planeswalker"}))),
}
"""Targets that are not permanents (those are read by :func:`target_phrase`)."""

REF_PHRASES: dict[str, fx.Ref] = {
    "you": fx.Ref("you"),
    "this": fx.Ref("self"),
    "it": fx.Ref("it"),
    "that creature": fx.Ref("it"),
    "that permanent": fx.Ref("it"),
    "its controller": fx.Ref("its_controller"),
    "each opponent": fx.Ref("each_opponent"),
    "each player": fx.Ref("each_player"),
    "enchanted creature": fx.Ref("enchanted"),
    "equipped creature": fx.Ref("equipped"),
    "defending player": fx.Ref("defending_player"),
    "that player": fx.Ref("that_player"),
}

PLAYER_PHRASES = ("you", "target player", "target opponent", "each player",
                  "each opponent", "its controller", "defending player", "that player")
"""The selectors a player-effect (draw, discard, mill, life) may name."""


def target_phrase(phrase: str) -> fx.Target | None:
    """``target creature``, ``another target artifact``, ``up to two target
    creatures``... (also the non-permanent targets of :data:`TARGET_PHRASES`)."""
    if phrase in TARGET_PHRASES:
        return TARGET_PHRASES[phrase]
    if phrase.startswith("each of ") and re.match(r"each of (up to )?(one|two|three|four"
                                                   r"|five) ", phrase):
        # "each of two target creatures": the effect happens to every target
        phrase = phrase[len("each of "):]
    m = re.fullmatch(r"(up to )?(?:(one|two|three|four|five) )?(another |other )?"
                     r"target (.+)", phrase)
    if not m:
        return None
    count = NUMBERS[m.group(2)] if m.group(2) else 1
    if m.group(1) and not m.group(2) or (m.group(3) == "other " and not m.group(2)):
        return None
    f = object_filter(m.group(4), plural=count > 1)
    if f is None:
        return None
    if m.group(3):
        f = fx.Filter(f.types, f.subtypes, f.controller, f.props | {"other"})
    assert isinstance(count, int)
    return target_for(f, count, bool(m.group(1)))


def each_phrase(phrase: str) -> fx.Each | None:
    """``each creature [you control]`` / ``all creatures`` / ``each other creature``."""
    if m := re.fullmatch(r"each (\w+) and each (\w+)", phrase):
        # "each creature and each planeswalker": one group of both types
        nouns = [TYPE_NOUNS.get(m.group(1)), TYPE_NOUNS.get(m.group(2))]
        if None in nouns:
            return None
        return fx.Each(fx.Filter(types=frozenset(n for n in nouns if n)))
    if m := re.fullmatch(r"each (.+)", phrase):
        f = object_filter(m.group(1))
    elif m := re.fullmatch(r"all (.+)", phrase):
        f = object_filter(m.group(1), plural=True)
    else:
        return None
    return fx.Each(f) if f is not None else None


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
    """A selector naming permanents: a permanent target, ``each``/``all``, ``this``,
    ``it`` or the enchanted / equipped creature."""
    out = selector(phrase)
    if isinstance(out, fx.Target) and out.kind in ("creature", "permanent",
                                                   "creature_or_planeswalker"):
        return out
    if isinstance(out, fx.Each):
        return out
    if isinstance(out, fx.Ref) and out.name in ("self", "it", "enchanted", "equipped"):
        return out
    return None


def keyword_list(text: str) -> tuple[str, ...] | None:
    """``"flying"``, ``"flying and vigilance"``, ``"flying, vigilance, and trample"`` as
    engine keywords (None if one is not an engine keyword)."""
    parts = [p.strip() for p in re.split(r",? and |, ", text)]
    if parts and all(p in KW.ALL for p in parts) and len(set(parts)) == len(parts):
        return tuple(parts)
    return None


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
    r"((?:[a-z'-]+ )+?)((?:artifact |enchantment )?creature) tokens?"
    r"(?: with (.+))?")


def token_spec(text: str) -> fx.TokenSpec | None:
    """``1/1 white soldier creature token[s] [with <keywords>]`` or a predefined
    ``treasure token`` as a :class:`TokenSpec` (None if not that shape)."""
    if m := re.fullmatch(r"(treasure|food|clue|blood) tokens?", text):
        return PREDEFINED_TOKENS[m.group(1)]
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


# ------------------------------------------------------------ effect sentences
EffectTemplate = Callable[[str], fx.Effect | None]
EFFECT_TEMPLATES: list[EffectTemplate] = []


def effect_template(fn: EffectTemplate) -> EffectTemplate:
    EFFECT_TEMPLATES.append(fn)
    return fn


@effect_template
def _damage(s: str) -> fx.Effect | None:
    m = re.fullmatch(rf"this deals {_NUM} damage to (.+)", s)
    if m and (to := selector(m.group(2))) is not None:
        if isinstance(to, fx.Ref) and to.name in ("self", "enchanted", "equipped"):
            return None  # "this deals damage to this" and such: not read yet
        return fx.DealDamage(number(m.group(1)), to)
    return None


@effect_template
def _destroy_exile_bounce(s: str) -> fx.Effect | None:
    for verb, make in (("destroy", fx.Destroy), ("exile", fx.Exile)):
        m = re.fullmatch(rf"{verb} (.+)", s)
        # not "this": an instant exiling itself is not a permanent leaving play
        if m and (what := permanents(m.group(1))) is not None and what != fx.Ref("self"):
            return make(what)
    m = re.fullmatch(r"return (.+) to (?:its owner's|their owners') hands?", s)
    if m and (what := permanents(m.group(1))) is not None:
        return fx.ReturnToHand(what)
    if m and (what := TARGET_PHRASES.get(m.group(1))) is not None and \
            what.kind.endswith("spell"):
        return fx.ReturnToHand(what)  # a spell on the stack back to its owner's hand
    return None


_BECOMES = re.compile(
    r"(?:until end of turn, )?(?P<who>.+?) becomes an? (?P<p>\d+)/(?P<t>\d+) "
    r"(?:(?P<colours>(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?)"
    r" )?(?P<words>[\w' -]*?)(?P<artifact>artifact )?creature(?P<all> with all creature "
    r"types)?(?: with (?P<kw>[\w ,]+?))?(?P<eot> until end of turn)?\. it's still a land")
_LOSES = re.compile(
    r"until end of turn, (?P<who>.+?) loses all abilities and (?:becomes an? "
    r"(?P<colour>white|blue|black|red|green) (?P<sub>[\w-]+) with base power and "
    r"toughness|has base power and toughness) (?P<p>\d+)/(?P<t>\d+)")


@effect_template
def _becomes(s: str) -> fx.Effect | None:
    """Until-end-of-turn characteristic changes (:class:`~effects.Becomes`): a land
    that "becomes a 2/2 ... creature ... It's still a land", and "loses all abilities
    and becomes a blue Frog with base power and toughness 1/1"."""
    m = _BECOMES.fullmatch(s)
    if m and (m.group("eot") or s.startswith("until end of turn, ")):
        what = permanents(m.group("who"))
        words = m.group("words").split()
        if what is None or isinstance(what, fx.Each):
            return None
        subtypes = []
        for word in words:  # its new creature types (or a land's, "blinkmoth")
            if word not in all_subtypes():
                return None
            subtypes.append(all_subtypes()[word])
        if m.group("all"):
            subtypes = sorted(set(creature_subtypes().values()))
        keywords: tuple[str, ...] = ()
        if m.group("kw"):
            found = keyword_list(m.group("kw"))
            if found is None:
                return None
            keywords = found
        colours = None
        if m.group("colours"):
            colours = tuple(sorted((COLOUR_WORDS[w] for w in m.group("colours").split(" and ")),
                                   key="WUBRG".index))
        types = ("Artifact", "Creature") if m.group("artifact") else ("Creature",)
        return fx.Becomes(what, int(m.group("p")), int(m.group("t")), types,
                          tuple(subtypes), colours, keywords)
    m = _LOSES.fullmatch(s)
    if m and isinstance(what := permanents(m.group("who")), fx.Target):
        sub = m.group("sub")
        if sub is not None and sub not in creature_subtypes():
            return None
        return fx.Becomes(what, int(m.group("p")), int(m.group("t")),
                          subtypes=(creature_subtypes()[sub],) if sub else (),
                          colours=(COLOUR_WORDS[m.group("colour")],) if sub else None,
                          lose_abilities=True)
    m = re.fullmatch(r"(.+) loses all abilities until end of turn", s)
    if m and isinstance(what := permanents(m.group(1)), fx.Target):
        return fx.Becomes(what, lose_abilities=True)
    return None


@effect_template
def _gain_control(s: str) -> fx.Effect | None:
    """"gain control of target creature [until end of turn]" (rule 108.4)."""
    m = re.fullmatch(r"gain control of (.+?)( until end of turn| for as long as this "
                     r"remains on the battlefield)?", s)
    if m and (what := permanents(m.group(1))) is not None \
            and isinstance(what, fx.Target):
        until = m.group(2) or ""
        return fx.GainControl(what, until_end_of_turn="end of turn" in until,
                              while_source="remains" in until)
    m = re.fullmatch(r"untap (target .+) and gain control of it until end of turn", s)
    if m and isinstance(what := permanents(m.group(1)), fx.Target):
        return fx.Sequence((fx.TapOrUntap(what, tap=False),
                            fx.GainControl(fx.Ref("it"), until_end_of_turn=True)))
    return None


@effect_template
def _tap(s: str) -> fx.Effect | None:
    m = re.fullmatch(r"(tap|untap) (.+)", s)
    if m and (what := permanents(m.group(2))) is not None:
        return fx.TapOrUntap(what, tap=m.group(1) == "tap")
    return None


@effect_template
def _draw(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"draw {_NUM} cards?", s):
        return fx.Draw(number(m.group(1)))
    if (m := re.fullmatch(rf"(.+) draws? {_NUM} cards?", s)) and (
            who := player(m.group(1))) is not None:
        return fx.Draw(number(m.group(2)), who)
    return None


@effect_template
def _discard(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"discard {_NUM} cards?( at random)?", s):
        return fx.Discard(number(m.group(1)), at_random=bool(m.group(2)))
    if (m := re.fullmatch(rf"(.+) discards? {_NUM} cards?( at random)?", s)) and (
            who := player(m.group(1))) is not None:
        return fx.Discard(number(m.group(2)), who, at_random=bool(m.group(3)))
    return None


@effect_template
def _mill(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"mill {_NUM} cards?", s):
        return fx.Mill(number(m.group(1)))
    if (m := re.fullmatch(rf"(.+) mills? {_NUM} cards?", s)) and (
            who := player(m.group(1))) is not None:
        return fx.Mill(number(m.group(2)), who)
    return None


@effect_template
def _life(s: str) -> fx.Effect | None:
    m = re.fullmatch(rf"(.+) (gain|lose)s? {_NUM} life", s)
    if m and (who := player(m.group(1))) is not None:
        make = fx.GainLife if m.group(2) == "gain" else fx.LoseLife
        return make(number(m.group(3)), who)
    return None


def _pumped(phrase: str) -> fx.Selector | None:
    """Who a pump names: one permanent, ``each``/``all``, or a bare plural group
    (``creatures you control``, ``other creatures you control``)."""
    if (out := permanents(phrase)) is not None:
        return out
    f = object_filter(phrase, plural=True)
    return fx.Each(f) if f is not None and f.types else None


@effect_template
def _pump(s: str) -> fx.Effect | None:
    if s.startswith("until end of turn, "):
        body = s[len("until end of turn, "):]
    elif s.endswith(" until end of turn"):
        body = s[: -len(" until end of turn")]
    else:
        return None
    m = re.fullmatch(r"(.+?)(?: each)? (?:gets? ([+-]\d+)/([+-]\d+)(?: and gains? (.+))?"
                     r"|gains? (.+))", body)
    if not m or (who := _pumped(m.group(1))) is None:
        return None
    keywords: tuple[str, ...] = ()
    if words := m.group(4) or m.group(5):
        found = keyword_list(words)
        if found is None:
            return None
        keywords = found
    power = int(m.group(2)) if m.group(2) else 0
    toughness = int(m.group(3)) if m.group(3) else 0
    return fx.Pump(power, toughness, who, keywords)


_COUNTER_KINDS = ("+1/+1", "-1/-1")


@effect_template
def _counters(s: str) -> fx.Effect | None:
    m = re.fullmatch(rf"put {_NUM} ([+-]1/[+-]1) counters? on (.+)", s)
    if m and m.group(2) in _COUNTER_KINDS and (what := permanents(m.group(3))):
        return fx.AddCounters(number(m.group(1)), what, m.group(2))
    return None


@effect_template
def _tokens(s: str) -> fx.Effect | None:
    m = re.fullmatch(rf"create {_NUM} (.+)", s)
    if m and (spec := token_spec(m.group(2))) is not None:
        return fx.CreateToken(spec, number(m.group(1)))
    return None


@effect_template
def _attach(s: str) -> fx.Effect | None:
    m = re.fullmatch(r"attach this to (.+)", s)
    if m and m.group(1) in ("it", "that creature"):
        # the creature named before (check_refs refuses it with nothing before it)
        return fx.Attach(fx.Ref("it"))
    if m and isinstance(to := target_phrase(m.group(1)), fx.Target) and \
            to.kind == "creature":
        return fx.Attach(to)
    return None


_MANIFESTED = {"the top card": 1, "the top two cards": 2, "the top three cards": 3}


@effect_template
def _manifest(s: str) -> fx.Effect | None:
    # Rule 701.34a (manifest) and 701.60a (manifest dread).
    if s == "manifest dread":
        return fx.ManifestDread()
    if (m := re.fullmatch(r"(.+) manifests dread", s)) and (
            who := player(m.group(1))) is not None:
        return fx.ManifestDread(who)
    if m := re.fullmatch(r"manifest (the top (?:card|\w+ cards)) of your library", s):
        count = _MANIFESTED.get(m.group(1))
        return fx.Manifest(count) if count is not None else None
    m = re.fullmatch(r"(.+) manifests (the top (?:card|\w+ cards)) of their library", s)
    if m and (who := player(m.group(1))) is not None and m.group(1) != "you" and (
            count := _MANIFESTED.get(m.group(2))) is not None:
        return fx.Manifest(count, who)
    return None


@effect_template
def _investigate(s: str) -> fx.Effect | None:
    # Rule 701.16a: to investigate is to create a Clue token.
    return fx.CreateToken(PREDEFINED_TOKENS["clue"]) if s == "investigate" else None


@effect_template
def _counter_spell(s: str) -> fx.Effect | None:
    # Rule 118.12: "counter target spell unless its controller pays {3}"
    m = re.fullmatch(r"counter (.+) unless its controller pays ((?:\{[^}]+\})+)", s)
    if m and (what := TARGET_PHRASES.get(m.group(1))) is not None and \
            what.kind.endswith("spell"):
        try:
            mana = parse_cost(m.group(2).upper())
        except ValueError:
            return None
        return fx.CounterUnlessPays(what, mana) if not mana.x else None
    m = re.fullmatch(r"counter (.+)", s)
    if m and (what := TARGET_PHRASES.get(m.group(1))) is not None and \
            what.kind.endswith("spell"):
        return fx.CounterSpell(what)
    return None


@effect_template
def _sacrifice(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"sacrifice {_NUM} (.+)", s):
        who: fx.Selector | None = fx.Ref("you")
        count, what = m.group(1), m.group(2)
    elif m := re.fullmatch(rf"(.+) sacrifices? {_NUM} (.+)", s):
        who = player(m.group(1))
        count, what = m.group(2), m.group(3)
    else:
        return None
    if what.endswith(" of their choice"):  # says only who chooses, as without it
        what = what[: -len(" of their choice")]
    f = object_filter(what, plural=count not in ("a", "an", "one"))
    amount = number(count)
    if who is None or f is None or f.controller != "any" or not isinstance(amount, int):
        return None
    return fx.Sacrifice(f, amount, who)


_MANA_SYMBOL = r"\{([wubrgc])\}"


@effect_template
def _add_mana(s: str) -> fx.Effect | None:
    if m := re.fullmatch(r"add ((?:\{[wubrgc]\})+)", s):
        symbols = re.findall(_MANA_SYMBOL, m.group(1))
        if len(set(symbols)) == 1:  # {C}{C}: two of one kind
            return fx.AddMana((symbols[0].upper(),), len(symbols))
        return fx.Sequence(tuple(fx.AddMana((c.upper(),)) for c in symbols))
    if m := re.fullmatch(r"add \{([wubrg])\}(?:, \{([wubrg])\},)? or \{([wubrg])\}", s):
        return fx.AddMana(tuple(c.upper() for c in m.groups() if c))
    if m := re.fullmatch(r"add ((?:\{[wubrgc]\})+), ((?:\{[wubrgc]\})+), or "
                         r"((?:\{[wubrgc]\})+)", s):
        # a filter land's "{U}{U}, {U}{B}, or {B}{B}": one of three mana bundles
        modes = tuple(_add_mana(f"add {group}") for group in m.groups())
        return fx.Choose(modes)
    if m := re.fullmatch(rf"add {_NUM} mana in any combination of colou?rs", s):
        amount = number(m.group(1))
        if isinstance(amount, int) and amount > 1:
            # each mana of its own colour: one "any colour" mana at a time
            return fx.Sequence(tuple(fx.AddMana(("any",)) for _ in range(amount)))
    if re.fullmatch(r"add one mana of any colou?r", s):
        return fx.AddMana(("any",))
    if re.fullmatch(r"add one mana of any colou?r in your commander's colou?r identity",
                    s):
        return fx.AddMana(("identity",))  # rule 903.4f: none without a commander
    if re.fullmatch(r"add one mana of any colou?r that a land an opponent controls "
                    r"could produce", s):
        return fx.AddMana(("opponent_lands",))
    if m := re.fullmatch(rf"add {_NUM} mana of any one colou?r", s):
        amount = number(m.group(1))
        if isinstance(amount, int):
            return fx.AddMana(("any",), amount)
    return None


_DELAYED_TIMES = {"at the beginning of the next end step": "next_end_step",
                  "at end of combat": "end_of_combat",
                  "at the beginning of your next upkeep": "your_next_upkeep"}


@effect_template
def _delayed(s: str) -> fx.Effect | None:
    """Rule 603.7: ``<effect> at the beginning of the next end step`` (or ``at end of
    combat``, ``at the beginning of your next upkeep``), either order: a delayed
    triggered ability. Its effect may name ``it`` (what the ability named when it
    was created) but choose no target."""
    for phrase, when in _DELAYED_TIMES.items():
        if s.endswith(" " + phrase):
            body = s[: -len(phrase) - 1]
        elif s.startswith(phrase + ", "):
            body = s[len(phrase) + 2:]
        else:
            continue
        inner = _sentence(body)
        if inner is None or _targets(inner) or any(
                isinstance(n, (fx.Delayed, fx.MayDo, fx.Choose)) for n in _nodes(inner)):
            return None
        return fx.Delayed(when, inner)
    return None


@effect_template
def _regenerate(s: str) -> fx.Effect | None:
    # Rule 701.19a: "regenerate <permanent>" makes a regeneration shield; 701.19c:
    # "<permanent> can't be regenerated this turn".
    m = re.fullmatch(r"regenerate (.+)", s)
    if m and (what := permanents(m.group(1))) is not None:
        return fx.Regenerate(what)
    m = re.fullmatch(r"(.+) can't be regenerated this turn", s)
    if m and (what := permanents(m.group(1))) is not None:
        return fx.CantBeRegenerated(what)
    return None


_PREVENTED = r"(?:to|by) (.+?)"


@effect_template
def _prevent(s: str) -> fx.Effect | None:
    # Rule 615: prevention effects for the rest of the turn.
    if s == "prevent all combat damage that would be dealt this turn":
        return fx.PreventDamage(None, None, combat_only=True)
    m = re.fullmatch(rf"prevent the next {_NUM} damage that would be dealt to (.+) "
                     r"this turn", s)
    if m and (to := _prevention_subject(m.group(2))) is not None:
        return fx.PreventDamage(number(m.group(1)), to)
    m = re.fullmatch(r"prevent all (combat )?damage that would be dealt (to|by) (.+) "
                     r"this turn", s)
    if m and (what := _prevention_subject(m.group(3))) is not None:
        return fx.PreventDamage(None, what, by_what=m.group(2) == "by",
                                combat_only=bool(m.group(1)))
    m = re.fullmatch(r"prevent all (combat )?damage (.+) would deal this turn", s)
    if m and (what := _prevention_subject(m.group(2))) is not None:
        return fx.PreventDamage(None, what, by_what=True, combat_only=bool(m.group(1)))
    m = re.fullmatch(r"prevent all (combat )?damage that would be dealt to and dealt by "
                     r"(.+) this turn", s)
    if m and isinstance(what := _prevention_subject(m.group(2)), fx.Ref):
        # one object named twice: a reference, never a second target
        combat = bool(m.group(1))
        return fx.Sequence((fx.PreventDamage(None, what, combat_only=combat),
                            fx.PreventDamage(None, what, by_what=True,
                                             combat_only=combat)))
    return None


def _prevention_subject(phrase: str) -> fx.Selector | None:
    """Who a prevention effect protects (or whose damage it stops): one creature,
    planeswalker or player named by a target or a reference (not a group: "each
    creature" would be one shield for each)."""
    out = selector(phrase)
    if isinstance(out, fx.Target) and out.count == 1 and not out.up_to and \
            out.kind in ("any", "creature", "player", "opponent", "permanent",
                         "creature_or_planeswalker"):
        return out
    if isinstance(out, fx.Ref) and out.name in ("self", "it", "you", "enchanted",
                                                "equipped"):
        return out
    return None


@effect_template
def _exile_instead(s: str) -> fx.Effect | None:
    # Rule 614.6: "if that creature would die this turn, exile it instead".
    m = re.fullmatch(r"if (that creature|that creature or planeswalker|it) would die "
                     r"this turn, exile it instead", s)
    if m:
        return fx.ExileIfDies(fx.Ref("it"))
    if s == "if a creature dealt damage this way would die this turn, exile it instead":
        return fx.ExileIfDies(fx.Ref("damaged_this_way"))
    return None


@effect_template
def _may(s: str) -> fx.Effect | None:
    if m := re.fullmatch(r"you may (.+)", s):
        inner = _sentence(m.group(1))
        if inner is None and re.match(r"(gain|lose) ", m.group(1)):
            inner = _sentence("you " + m.group(1))  # "you may gain 1 life"
        if inner is not None and not isinstance(inner, fx.MayDo):
            return fx.MayDo(inner)
    return None


def _sentence(body: str) -> fx.Effect | None:
    """One sentence (no final period) as an effect: a template's reading, or ``a, then
    b`` / ``a and b`` as two steps when each half is a whole sentence; else None."""
    for template in EFFECT_TEMPLATES:
        out = template(body)
        if out is not None:
            return out
    for joint in (", then ", " and "):
        if joint in body:
            head, _, tail = body.partition(joint)
            first = _sentence(head)
            second = _sentence(tail) if first is not None else None
            if first is not None and second is None:
                second = _shared_subject(head, tail)
            if first is not None and second is not None:
                return fx.Sequence(tuple(_steps(first) + _steps(second)))
    return None


def _shared_subject(head: str, tail: str) -> fx.Effect | None:
    """The second half of ``<player> draws a card and loses 1 life``: the player of the
    first half (``it`` if that was a target: the same player, not a new target)."""
    subject = next((p for p in PLAYER_PHRASES if head.startswith(p + " ")), None)
    if subject is None and not head.startswith(("draw ", "discard ", "mill ")):
        return None
    out = _sentence("you " + tail)
    if out is None or getattr(out, "who", None) != fx.Ref("you"):
        return None
    who = fx.Ref("you") if subject is None else player(subject)
    if isinstance(who, fx.Target):
        who = fx.Ref("it")
    return dataclasses.replace(out, who=who)


def _steps(effect: fx.Effect) -> list[fx.Effect]:
    return list(effect.steps) if isinstance(effect, fx.Sequence) else [effect]


MODAL_HEADERS = {"choose one —": (1, 1), "choose one or both —": (1, 2),
                 "choose two —": (2, 2), "choose one or more —": (1, 0)}
"""Modal headers -> (min, max) modes; max 0 means every mode may be chosen."""


SENTENCE_GROUPS: list[tuple[str, ...]] = [
    (r".* becomes an? \d+/\d+ .*creature.*\.", r"it's still a land\."),
]
"""Runs of consecutive sentences one template reads as a whole (regexes, one per
sentence, final period included): "target opponent reveals their hand. you choose a
nonland card from it. that player discards that card." They are joined into one
"sentence" before the effect templates run."""


def _grouped(sentences: list[str]) -> list[str]:
    """``sentences`` with each run matching a :data:`SENTENCE_GROUPS` entry joined."""
    out: list[str] = []
    i = 0
    while i < len(sentences):
        for group in SENTENCE_GROUPS:
            run = sentences[i:i + len(group)]
            if len(run) == len(group) and all(
                    re.fullmatch(g, part) for g, part in zip(group, run, strict=True)):
                out.append(" ".join(run))
                i += len(group)
                break
        else:
            out.append(sentences[i])
            i += 1
    return out


def effect(text: str) -> fx.Effect:
    """One or more sentences (``"a. b."``), or a modal header with bullet modes, as an
    effect; raises :class:`Unsupported` with the first sentence not read."""
    text = text.strip()
    if "\n" in text or "•" in text:
        header, *bullets = text.split("\n")
        if header not in MODAL_HEADERS or not bullets or \
                not all(b.startswith("• ") for b in bullets):
            raise Unsupported(header)
        modes = tuple(effect(b[2:]) for b in bullets)
        low, high = MODAL_HEADERS[header]
        return fx.Choose(modes, low, high or len(modes))
    sentences = _grouped([s.strip() for s in re.split(r"(?<=\.)\s+", text)
                          if s.strip()])
    steps: list[fx.Effect] = []
    for sentence in sentences:
        if sentence in ("it can't be regenerated.", "they can't be regenerated.") \
                and steps and isinstance(steps[-1], fx.Destroy):
            # rule 701.19c: the destruction just before can't be regenerated
            steps[-1] = dataclasses.replace(steps[-1], no_regenerate=True)
            continue
        out = _sentence(sentence.rstrip("."))
        if out is None:
            raise Unsupported(sentence)
        steps.extend(_steps(out))
    if not steps:
        raise Unsupported(text)
    return steps[0] if len(steps) == 1 else fx.Sequence(tuple(steps))


# --------------------------------------------------------------- reference checks
def _nodes(node: Any) -> Iterator[Any]:
    """Every dataclass node of an effect tree, in reading order (parents first)."""
    if isinstance(node, (tuple, list)):
        for item in node:
            yield from _nodes(item)
        return
    if not hasattr(node, "__dataclass_fields__"):
        return
    yield node
    if isinstance(node, fx.TokenSpec):
        return  # a token's own abilities are not part of this effect
    for name in node.__dataclass_fields__:
        yield from _nodes(getattr(node, name))


def it_is_self(effect: fx.Effect) -> fx.Effect:
    """A Sequence whose step acts on ``this`` and whose next step says ``it`` (``tap
    this. it gains indestructible``): with no target in the ability, that ``it`` is the
    source (``this``)."""
    if not isinstance(effect, fx.Sequence) or _targets(effect):
        return effect
    steps = list(effect.steps)
    for i in range(1, len(steps)):
        before = getattr(steps[i - 1], "what", None)
        if before == fx.Ref("self") and getattr(steps[i], "what", None) == fx.Ref("it"):
            steps[i] = dataclasses.replace(steps[i], what=fx.Ref("self"))
    return fx.Sequence(tuple(steps))


_MOVED = (fx.Destroy, fx.Exile, fx.ReturnToHand, fx.TapOrUntap, fx.Pump,
          fx.AddCounters, fx.Regenerate, fx.PreventDamage, fx.ExileIfDies,
          fx.CantBeRegenerated)


def check_refs(effect: fx.Effect, trigger: fx.Trigger | None = None,
               x_defined: bool = False, spell: bool = False) -> None:
    """Raise :class:`Unsupported` if the effect names something its context does not.

    ``it`` / ``its controller`` / ``that creature`` name the object of the last target
    before them, or with none, a trigger's triggering object; after a created token
    they would name the token, which no selector can. Each mode of a modal effect is
    checked on its own. After a dies trigger the source and the triggering object are
    in the graveyard, and the vocabulary's permanent effects cannot follow them there;
    an instant or sorcery is no permanent for them to act on either. An amount ``X``
    needs an ``{X}`` in the cost that was paid (``x_defined``).
    """
    _RefCheck(trigger, x_defined, spell).walk(effect, None)


class _RefCheck:
    """The walk of :func:`check_refs`; its state is the antecedent of ``it``:
    ``"target"``, ``"token"``, ``"manifested"``, ``"modes"`` (after a modal effect) or
    None."""

    def __init__(self, trigger: fx.Trigger | None, x_defined: bool, spell: bool):
        self.trigger = trigger
        self.x_defined = x_defined
        self.spell = spell
        self.seen_target = False
        self.seen_damage = False
        dies = trigger is not None and trigger.event in ("dies", "leaves")
        self.dead_self = dies and trigger is not None and trigger.subject == fx.Ref("self")
        self.dead_it = dies

    def walk(self, node: fx.Effect, antecedent: str | None) -> str | None:
        if isinstance(node, fx.Sequence):
            for step in node.steps:
                antecedent = self.walk(step, antecedent)
            return antecedent
        if isinstance(node, (fx.MayDo, fx.Delayed)):
            return self.walk(node.effect, antecedent)
        if isinstance(node, fx.Choose):
            seen = self.seen_target
            for mode in node.modes:
                self.seen_target = seen
                self.walk(mode, antecedent)
            return "modes"
        self.leaf(node, antecedent)
        if isinstance(node, fx.DealDamage):
            self.seen_damage = True
        if _targets(node):
            return "target"
        if isinstance(node, (fx.Manifest, fx.ManifestDread)):
            return "manifested"  # "it" is now the manifested permanent
        return "token" if isinstance(node, fx.CreateToken) else antecedent

    def leaf(self, node: fx.Effect, antecedent: str | None) -> None:
        for part in _nodes(node):
            if not self.x_defined and any(getattr(part, f) == "X"
                                          for f in ("amount", "count")
                                          if hasattr(part, f)):
                raise Unsupported("X with no {X} to pay")
            if isinstance(part, fx.Target):
                if self.seen_target and part.filter is not None and \
                        "other" in part.filter.props:
                    # "another target" after a target: different from that one,
                    # which a Filter cannot say
                    raise Unsupported("'another target' after a target")
                self.seen_target = True
            if isinstance(part, fx.Ref) and part.name in ("it", "its_controller") and (
                    antecedent in ("token", "modes")
                    or antecedent is None and self.trigger is None):
                raise Unsupported(f"'{part.name}' with nothing to refer to")
            if isinstance(part, fx.Ref) and part.name == "defending_player" and (
                    self.trigger is None
                    or self.trigger.event not in ("attacks", "unblocked")):
                raise Unsupported("'defending player' outside an attack trigger")
            if isinstance(part, fx.Ref) and part.name == "damaged_this_way" and \
                    not self.seen_damage:
                raise Unsupported("'dealt damage this way' with no damage before")
            if isinstance(part, fx.Ref) and part.name == "that_player" and (
                    self.trigger is None
                    or self.trigger.event not in fx.PLAYER_NAMING_EVENTS):
                raise Unsupported("'that player' with no player to refer to")
            if any(getattr(part, f) == "that_much" for f in ("amount", "count")
                   if hasattr(part, f)) and (
                    self.trigger is None or self.trigger.event not in fx.AMOUNT_EVENTS):
                raise Unsupported("'that much' with no amount to refer to")
        what = getattr(node, "what", None) if isinstance(node, _MOVED) else None
        if what == fx.Ref("self") and self.dead_self or \
                what == fx.Ref("it") and antecedent is None and self.dead_it:
            raise Unsupported("a dies trigger acting on the card that died")
        if what == fx.Ref("self") and self.spell:
            raise Unsupported("an instant or sorcery acting on itself")


# ----------------------------------------------------------------- abilities
@dataclass
class Draft:
    """The abilities read so far from a card's lines."""

    keywords: set[str]
    activated: list[fx.ActivatedAbility]
    triggered: list[fx.TriggeredAbility]
    statics: list
    spell: fx.SpellAbility | None = None
    enchant: fx.Filter | None = None
    additional_cost: fx.Cost | None = None


LineTemplate = Callable[[str, Printed, Draft], bool]
LINE_TEMPLATES: list[LineTemplate] = []


def line_template(fn: LineTemplate) -> LineTemplate:
    LINE_TEMPLATES.append(fn)
    return fn


@line_template
def _keyword_line(line: str, printed: Printed, draft: Draft) -> bool:
    parts = [p.strip() for p in re.split(r"[,;]", line)]
    keywords = [p for p in parts if p in KW.ALL]
    wards = [w for p in parts if (w := ward(p)) is not None]
    if wards and (len(wards) > 1 or not _permanent(printed)):
        return False
    devours = [devour(p) for p in parts if p not in KW.ALL and ward(p) is None]
    if None in devours or len(devours) > 1:
        return False
    draft.triggered.extend(wards)
    if devours:
        if "Creature" not in printed.types or any(
                isinstance(st, fx.Devour) for st in draft.statics):
            return False
        draft.statics.append(devours[0])
    draft.keywords.update(keywords)
    return True


def ward(text: str) -> fx.TriggeredAbility | None:
    """Rule 702.21a: ``ward {N}`` / ``ward—pay N life`` is "whenever this permanent
    becomes the target of a spell or ability an opponent controls, counter it unless
    that player pays {N}" (or N life); else None."""
    m = re.fullmatch(r"ward(?: |—)(?:((?:\{[^}]+\})+)|pay (\d+) life)\.?", text)
    if not m:
        return None
    mana = None
    if m.group(1):
        try:
            mana = parse_cost(m.group(1).upper())
        except ValueError:
            return None
        if mana.x:
            return None
    return fx.TriggeredAbility(
        fx.Trigger("becomes_target_by_opponent"),
        fx.CounterUnlessPays(fx.Ref("that_object"), mana, int(m.group(2) or 0)))


def devour(text: str) -> fx.Devour | None:
    """Rule 702.82: ``devour N`` (creatures), ``devour <quality> N`` (``devour artifact
    1``: artifacts; the quality is a :func:`object_filter` phrase), else None."""
    m = re.fullmatch(r"devour (?:(.+) )?(\d+)", text)
    if not m:
        return None
    if m.group(1) is None:
        return fx.Devour(int(m.group(2)))
    f = object_filter(m.group(1))
    if f is None or f.controller != "any" or f.props:
        return None
    return fx.Devour(int(m.group(2)), f)


_COST_PART = re.compile(r"(?:\{[^}]+\})+")


def cost(text: str) -> fx.Cost | None:
    """``"{2}, {t}, sacrifice this"`` as a :class:`Cost` (None if a part is not one we
    know): mana, ``{t}``, ``sacrifice this``, ``sacrifice a <filter>``, ``pay N life``,
    ``discard a card`` / ``discard N cards``."""
    mana = None
    tap = sacrifice_self = discard_self = False
    sacrifice: fx.Filter | None = None
    pay_life = discard = 0
    for part in (p.strip() for p in re.split(r",? and |, ", text)):
        if part == "{t}" and not tap:
            tap = True
        elif _COST_PART.fullmatch(part) and mana is None:
            try:
                mana = parse_cost(part.upper())
            except ValueError:
                return None
        elif part == "sacrifice this" and not sacrifice_self:
            sacrifice_self = True
        elif part == "discard this" and not discard_self:
            discard_self = True
        elif (m := re.fullmatch(r"sacrifice (?:a|an|another) (.+)", part)) and \
                sacrifice is None:
            sacrifice = object_filter(m.group(1))
            if sacrifice is None or sacrifice.controller != "any":
                return None  # one's own permanents only: no controller to name
            if part.startswith("sacrifice another"):
                sacrifice = fx.Filter(sacrifice.types, sacrifice.subtypes,
                                      props=sacrifice.props | {"other"})
        elif (m := re.fullmatch(r"pay (\d+) life", part)) and not pay_life:
            pay_life = int(m.group(1))
        elif (m := re.fullmatch(rf"discard {_NUM} cards?", part)) and not discard:
            count = number(m.group(1))
            if not isinstance(count, int):
                return None
            discard = count
        else:
            return None
    return fx.Cost(mana=mana, tap=tap, sacrifice_self=sacrifice_self,
                   sacrifice=sacrifice, pay_life=pay_life, discard=discard,
                   discard_self=discard_self)


def _targets(effect: fx.Effect) -> bool:
    return any(isinstance(n, fx.Target) for n in _nodes(effect))


def is_mana_ability(effect: fx.Effect) -> bool:
    """Rule 605.1a: an activated ability that could add mana and has no target."""
    adds = any(isinstance(n, fx.AddMana) for n in _nodes(effect))
    return adds and not _targets(effect)


def _permanent(printed: Printed) -> bool:
    return printed.is_permanent


@line_template
def _enchant(line: str, printed: Printed, draft: Draft) -> bool:
    m = re.fullmatch(r"enchant (.+)", line)
    if not m or "Aura" not in printed.subtypes or draft.enchant is not None:
        return False
    f = object_filter(m.group(1))
    if f is None or "other" in f.props:
        return False
    draft.enchant = f
    return True


@line_template
def _equip(line: str, printed: Printed, draft: Draft) -> bool:
    m = re.fullmatch(r"equip(?: |—)(.+)", line)
    if not m or "Equipment" not in printed.subtypes:
        return False
    paid = cost(m.group(1))
    if paid is None or paid.sacrifice_self or paid.discard_self:
        return False
    draft.activated.append(fx.ActivatedAbility(
        paid, fx.Attach(fx.Target("creature", fx.Filter(controller="you"))),
        sorcery_speed=True))
    return True


def _bonus(text: str) -> fx.AttachedBonus | None:
    """``gets +1/+1``, ``has flying``, ``gets +2/+0 and has first strike``, ``can't
    attack or block``..., what an Aura or Equipment gives its permanent."""
    if m := re.fullmatch(r"can't (attack or block|attack|block)", text):
        return fx.AttachedBonus(cant_attack="attack" in m.group(1),
                                cant_block="block" in m.group(1))
    m = re.fullmatch(r"(?:gets ([+-]\d+)/([+-]\d+)(?: and has (.+))?|has (.+))", text)
    if not m:
        return None
    keywords: tuple[str, ...] = ()
    if words := m.group(3) or m.group(4):
        found = keyword_list(words)
        if found is None:
            return None
        keywords = found
    power = int(m.group(1)) if m.group(1) else 0
    toughness = int(m.group(2)) if m.group(2) else 0
    return fx.AttachedBonus(power, toughness, keywords)


_SPELL_KINDS = {"": frozenset(), "creature": frozenset({"Creature"}),
                "artifact": frozenset({"Artifact"}),
                "enchantment": frozenset({"Enchantment"}),
                "instant": frozenset({"Instant"}), "sorcery": frozenset({"Sorcery"}),
                "instant and sorcery": frozenset({"Instant", "Sorcery"}),
                "noncreature": frozenset()}


@line_template
def _cost_change(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 601.2f: "noncreature spells cost {1} more to cast", "instant and sorcery
    # spells you cast cost {1} less to cast", "spells your opponents cast cost {1} more".
    m = re.fullmatch(r"(?:(noncreature|creature|artifact|enchantment|instant and sorcery|"
                     r"instant|sorcery) )?spells(?: (you|your opponents) cast)? cost "
                     r"\{(\d+)\} (more|less) to cast\.", line)
    if not m or not _permanent(printed):
        return False
    kind = m.group(1) or ""
    amount = int(m.group(3)) * (1 if m.group(4) == "more" else -1)
    whose = {"you": "you", "your opponents": "opponents", None: "any"}[m.group(2)]
    draft.statics.append(fx.CostChange(amount, _SPELL_KINDS[kind],
                                       kind == "noncreature", whose))
    return True


@line_template
def _enters_with_counters(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 614.1c: "this enters with N +1/+1 counters on it" (X: the X paid, 107.3m).
    m = re.fullmatch(rf"this enters with {_NUM} ([+-]1/[+-]1) counters? on it\.", line)
    if not m or not _permanent(printed):
        return False
    count = number(m.group(1))
    if not isinstance(count, int) and not (count == "X" and printed.cost is not None
                                           and printed.cost.x):
        return False
    draft.statics.append(fx.EntersWithCounters(count, m.group(2)))
    return True


@line_template
def _static(line: str, printed: Printed, draft: Draft) -> bool:
    if not _permanent(printed):
        return False
    if (entering := enters_tapped(line, printed)) is not None:
        draft.statics.append(entering)
        return True
    if (prevention := static_prevention(line, printed)) is not None:
        draft.statics.extend(prevention)
        return True
    if (restriction := COMBAT_RESTRICTIONS.get(line)) is not None:
        if "Creature" not in printed.types:
            return False  # a noncreature's combat rules: only ever a Vehicle's, not read
        draft.statics.append(restriction)
        return True
    m = re.fullmatch(r"you control enchanted (creature|artifact|land|permanent)\.", line)
    if m and "Aura" in printed.subtypes and draft.enchant is not None:
        draft.statics.append(fx.ControlAttached())
        return True
    m = re.fullmatch(r"(enchanted|equipped) creature (.+)\.", line)
    if m:
        needs = "Aura" if m.group(1) == "enchanted" else "Equipment"
        if needs not in printed.subtypes or (
                needs == "Aura" and (draft.enchant is None
                                     or draft.enchant.types != {"Creature"})):
            return False
        if (bonus := _bonus(m.group(2))) is not None:
            draft.statics.append(bonus)
            return True
        return False
    m = re.fullmatch(r"(.+?) (?:get ([+-]\d+)/([+-]\d+)(?: and have (.+))?|have (.+))\.",
                     line)
    if m:
        group = m.group(1)
        if group.startswith("all "):
            group = group[4:]
        f = object_filter(group, plural=True)
        if f is None or not (f.types or f.subtypes):
            return False
        keywords: tuple[str, ...] = ()
        if words := m.group(4) or m.group(5):
            found = keyword_list(words)
            if found is None:
                return False
            keywords = found
        power = int(m.group(2)) if m.group(2) else 0
        toughness = int(m.group(3)) if m.group(3) else 0
        draft.statics.append(fx.Anthem(f, power, toughness, keywords))
        return True
    return False


def static_prevention(line: str, printed: Printed) -> tuple[fx.PreventDamage, ...] | None:
    """A permanent's static prevention effect (rule 615), for as long as it is on the
    battlefield: ``prevent all [combat] damage that would be dealt to this.``; an
    Aura's ``... dealt by enchanted creature.`` / ``... dealt to and dealt by
    enchanted creature.``"""
    m = re.fullmatch(r"prevent all (combat )?damage that would be dealt (to|by|to and "
                     r"dealt by) (this|enchanted creature)\.", line)
    if not m:
        return None
    what = fx.Ref("self") if m.group(3) == "this" else fx.Ref("enchanted")
    if what == fx.Ref("enchanted") and "Aura" not in printed.subtypes:
        return None
    if what == fx.Ref("self") and not printed.is_type("Creature"):
        return None  # (a noncreature's: only ever until it becomes one)
    combat = bool(m.group(1))
    ways = {"to": (False,), "by": (True,), "to and dealt by": (False, True)}[m.group(2)]
    return tuple(fx.PreventDamage(None, what, by_what=by, combat_only=combat)
                 for by in ways)


_COUNTED = {"a": (1, None), "an": (1, None), "two or more": (2, None),
            "three or more": (3, None), "two or fewer": (0, 2), "one or fewer": (0, 1)}
"""How many permanents an "unless you control ..." condition wants: (at least, at
most)."""


def enters_tapped(line: str, printed: Printed) -> fx.EntersTapped | None:
    """Entering tapped (rules 614.1d, 614.12): ``this enters tapped.``; a land's
    ``this enters tapped unless you control a plains or an island.`` (a basic land
    type, ``two or more other lands``, ``two or fewer other lands``, ``a basic
    land``...), ``unless you have two or more opponents``, ``unless a player has 13
    or less life``; ``as this enters, you may pay 2 life. if you don't, it enters
    tapped.``"""
    if line == "this enters tapped.":
        return fx.EntersTapped()
    if not printed.is_type("Land"):
        return None
    if m := re.fullmatch(r"as this enters, you may pay (\d+) life\. if you don't, it "
                         r"enters tapped\.", line):
        return fx.EntersTapped(pay_life=int(m.group(1)))
    if m := re.fullmatch(rf"this enters tapped unless you have {_NUM} or more opponents\.",
                         line):
        count = number(m.group(1))
        return fx.EntersTapped(unless_opponents=count) if isinstance(count, int) else None
    if m := re.fullmatch(r"this enters tapped unless a player has (\d+) or less life\.",
                         line):
        return fx.EntersTapped(unless_life_at_most=int(m.group(1)))
    m = re.fullmatch(r"this enters tapped unless you control (a|an|two or more|three or "
                     r"more|two or fewer|one or fewer) (.+)\.", line)
    if not m:
        return None
    at_least, at_most = _COUNTED[m.group(1)]
    phrase = m.group(2)
    if at_most is None and at_least == 1 and (
            k := re.fullmatch(r"(\w+) or an? (\w+)", phrase)):
        # "a plains or an island": a permanent of either (basic land) subtype
        named = [all_subtypes().get(w) for w in k.groups()]
        if None in named:
            return None
        f: fx.Filter | None = fx.Filter(subtypes=frozenset(named))  # type: ignore[arg-type]
    else:
        # the entering land is not on the battlefield yet: "other" adds nothing
        plural = at_least != 1 or at_most is not None
        words = phrase[len("other "):] if phrase.startswith("other ") else phrase
        f = object_filter(words, plural=plural)
        if f is None or f.controller != "any" or f == fx.Filter():
            return None
    return fx.EntersTapped(f, at_least, at_most)


COMBAT_RESTRICTIONS = {
    "this can't attack.": fx.CombatRestriction(cant_attack=True),
    "this can't block.": fx.CombatRestriction(cant_block=True),
    "this can't attack or block.": fx.CombatRestriction(cant_attack=True,
                                                        cant_block=True),
    "this can't be blocked.": fx.CombatRestriction(cant_be_blocked=True),
    "this can't block and can't be blocked.": fx.CombatRestriction(
        cant_block=True, cant_be_blocked=True),
    "this attacks each combat if able.": fx.CombatRestriction(attacks_each_combat=True),
}
"""A creature's own combat restrictions, by their whole line."""

_STEPS = {"your upkeep": ("upkeep", fx.Ref("you")),
          "each upkeep": ("upkeep", fx.Ref("each_player")),
          "each player's upkeep": ("upkeep", fx.Ref("each_player")),
          "each opponent's upkeep": ("upkeep", fx.Ref("each_opponent")),
          "your draw step": ("draw_step", fx.Ref("you")),
          "each player's draw step": ("draw_step", fx.Ref("each_player")),
          "your precombat main phase": ("main1", fx.Ref("you")),
          "your first main phase": ("main1", fx.Ref("you")),
          "your postcombat main phase": ("main2", fx.Ref("you")),
          "your second main phase": ("main2", fx.Ref("you")),
          "combat on your turn": ("beginning_of_combat", fx.Ref("you")),
          "each combat": ("beginning_of_combat", fx.Ref("each_player")),
          "your end step": ("end_step", fx.Ref("you")),
          "each end step": ("end_step", fx.Ref("each_player")),
          "the end step": ("end_step", fx.Ref("each_player")),
          "each player's end step": ("end_step", fx.Ref("each_player")),
          "each opponent's end step": ("end_step", fx.Ref("each_opponent"))}
"""Step triggers: whose step is the trigger's subject."""

_OBJECT_VERBS = {
    "enters": "enters", "enters the battlefield": "enters",
    "dies": "dies", "is put into a graveyard from the battlefield": "dies",
    "attacks": "attacks", "blocks": "blocks",
    "attacks alone": "attacks_alone",
    "becomes blocked": "becomes_blocked",
    "attacks and isn't blocked": "unblocked",
    "leaves the battlefield": "leaves",
    "deals damage": "deals_damage", "deals combat damage": "deals_combat_damage",
    "deals damage to a player": "deals_damage_player",
    "deals combat damage to a player": "deals_combat_damage_player",
    "deals damage to an opponent": "deals_damage_opponent",
    "deals combat damage to a creature": "deals_combat_damage_creature",
    "is dealt damage": "dealt_damage",
    "becomes the target of a spell or ability": "becomes_target",
    "becomes the target of a spell or ability an opponent controls":
        "becomes_target_by_opponent",
}
"""What happens to a permanent, as a trigger event (:data:`~effects.OBJECT_EVENTS`)."""

_PLAYER_VERBS = {"gain life": "gain_life", "gains life": "gain_life",
                 "lose life": "lose_life", "loses life": "lose_life",
                 "draw a card": "draw", "draws a card": "draw",
                 "discard a card": "discard", "discards a card": "discard",
                 "attack": "you_attack"}
"""What happens to a player, as a trigger event (:data:`~effects.PLAYER_EVENTS`)."""

_PLAYER_SUBJECTS = {"you": fx.Ref("you"), "an opponent": fx.Ref("each_opponent"),
                    "a player": fx.Ref("each_player")}
_CASTERS = {"you cast": "you", "an opponent casts": "opponent", "a player casts": "any"}

_EVENT_TYPES = {"enters": None, "leaves": None}
"""What another object's event may watch: any permanent enters or leaves; every other
event happens to creatures only (an artifact "dies" in no wording of the game)."""

_SPELL_TYPES = {"instant": "Instant", "sorcery": "Sorcery", "creature": "Creature",
                "artifact": "Artifact", "enchantment": "Enchantment",
                "planeswalker": "Planeswalker", "land": "Land"}


def spell_filter(phrase: str) -> fx.Filter | None:
    """``a spell``, ``a noncreature spell``, ``an instant or sorcery spell``, ``an
    artifact or creature spell``... as a :class:`Filter` of the spell's card (None if
    not one we know)."""
    m = re.fullmatch(r"an? (?:(noncreature) )?(?:(.+) )?spell", phrase)
    if not m:
        return None
    types: set[str] = set()
    if m.group(2):
        for word in re.split(r",? or |, ", m.group(2)):
            if word not in _SPELL_TYPES:
                return None
            types.add(_SPELL_TYPES[word])
    if m.group(1) and types:
        return None
    return fx.Filter(types=frozenset(types),
                     props=frozenset({"noncreature"}) if m.group(1) else frozenset())


def _verbs(text: str, table: dict[str, str]) -> tuple[str, ...] | None:
    """``enters or attacks`` -> ``("enters", "attacks")`` (each verb phrase known)."""
    if text in table:
        return (table[text],)
    for joint in (" or ", ", "):
        head, sep, tail = text.partition(joint)
        if sep and head in table:
            rest = _verbs(tail.removeprefix("or "), table)
            if rest is not None and table[head] not in rest:
                return (table[head], *rest)
    return None


def triggers(condition: str, word: str) -> tuple[fx.Trigger, ...] | None:
    """The condition of ``when``/``whenever <condition>,`` as triggers (one per event),
    or None if not one we know."""
    for phrase, who in _CASTERS.items():
        if condition.startswith(phrase + " "):
            f = spell_filter(condition[len(phrase) + 1:])
            if f is None or word != "whenever":
                return None
            return (fx.Trigger("cast", dataclasses.replace(f, controller=who)),)
    for phrase, who in _PLAYER_SUBJECTS.items():
        if condition.startswith(phrase + " ") and word == "whenever":
            events = _verbs(condition[len(phrase) + 1:], _PLAYER_VERBS)
            if events is None or (events == ("you_attack",) and phrase != "you"):
                return None
            return tuple(fx.Trigger(e, who) for e in events)
    subject: Any = None
    m = None if condition.startswith("this or another ") else re.fullmatch(
        r"(this|equipped creature|enchanted creature) (.+)", condition)
    if m:
        subject = {"this": fx.Ref("self"), "equipped creature": fx.Ref("equipped"),
                   "enchanted creature": fx.Ref("enchanted")}[m.group(1)]
        rest = m.group(2)
    elif word != "whenever":
        return None  # "when a creature dies" is not how the game words a repeat event
    elif m := re.fullmatch(r"(this or another|a|an|another) (.+?) ((?:enters|dies|"
                           r"attacks|blocks|becomes|leaves|deals|is) .+|enters|dies|"
                           r"attacks|blocks)", condition):
        rest = m.group(3)
    else:
        return None
    events = _verbs(rest, _OBJECT_VERBS)
    if events is None:
        return None
    if subject is not None:
        return tuple(fx.Trigger(e, subject) for e in events)
    f = object_filter(m.group(2))
    if f is None or not (f.types or f.subtypes):
        return None
    for event in events:
        allowed = _EVENT_TYPES.get(event, {"Creature"})
        if not f.types and f.subtypes and allowed is not None:
            # "whenever another goblin you control dies": only a creature dies
            f = dataclasses.replace(f, types=frozenset(allowed))
        if allowed is not None and f.types != allowed:
            return None
    if m.group(1) == "another":
        f = fx.Filter(f.types, f.subtypes, f.controller, f.props | {"other"})
    elif m.group(1) == "this or another":
        # "this or another <quality>": this card is one of them (checked by the
        # caller against its printed types), so the filter without "other" says both
        f = dataclasses.replace(f, props=f.props | {"this_or_another"})
    return tuple(fx.Trigger(e, f) for e in events)


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


def strip_ability_word(line: str) -> str:
    """``landfall — whenever ...`` -> ``whenever ...``."""
    head, sep, rest = line.partition(" — ")
    return rest if sep and head in ABILITY_WORDS else line


@line_template
def _uncounterable(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 101.2: "this spell can't be countered" (any card that is cast).
    if line != "this can't be countered." or printed.is_type("Land"):
        return False
    if not any(isinstance(st, fx.CantBeCountered) for st in draft.statics):
        draft.statics.append(fx.CantBeCountered())
    return True


@line_template
def _triggered(line: str, printed: Printed, draft: Draft) -> bool:
    if not _permanent(printed):
        return False
    if m := re.fullmatch(r"(when|whenever) (.+?), (.+)", line, re.DOTALL):
        when = triggers(m.group(2), m.group(1))
    elif m := re.fullmatch(r"at the beginning of (.+?), (.+)", line, re.DOTALL):
        step = _STEPS.get(m.group(1))
        when = (fx.Trigger(*step),) if step else None
    else:
        return False
    if when is None:
        return False
    when = tuple(_own_subject(t, printed) for t in when)
    if any(t is None for t in when):
        return False
    text = m.groups()[-1]
    if {t.event for t in when} & _IT_IS_OTHER and re.search(r"\bits?\b", text):
        return False  # "it" would be the subject, "that creature" the other: not told apart
    if when[0].subject == fx.Ref("self"):
        # Right after the condition, "it" can only be the triggering object, the
        # source itself: "when this dies, it deals 1 damage to any target".
        text = re.sub(r"^it (deals|gets|gains) ", r"this \1 ", text)
        text = re.sub(r"^attach it to ", "attach this to ", text)
    what = effect(text)
    if when[0].subject == fx.Ref("self"):
        what = it_is_self(what)
    optional = isinstance(what, fx.MayDo)
    if optional:
        what = what.effect
    for event in when:
        check_refs(what, event)
        draft.triggered.append(fx.TriggeredAbility(event, what, optional))
    return True


_IT_IS_OTHER = frozenset({"deals_combat_damage_creature"})
"""Object events whose triggering object (``that creature``) is not the subject."""


def _own_subject(trigger: fx.Trigger, printed: Printed) -> fx.Trigger | None:
    """``trigger`` checked against the card it is on: ``equipped creature`` needs an
    Equipment, ``enchanted creature`` an Aura; ``this or another <quality>`` a card
    of that quality (then it is the filter itself, this card included); None if
    not."""
    subject = trigger.subject
    if subject == fx.Ref("equipped") and "Equipment" not in printed.subtypes:
        return None
    if subject == fx.Ref("enchanted") and "Aura" not in printed.subtypes:
        return None
    if isinstance(subject, fx.Filter) and "this_or_another" in subject.props:
        if subject.types and not subject.types & set(printed.types) or \
                subject.subtypes and not subject.subtypes & set(printed.subtypes):
            return None
        return fx.Trigger(trigger.event, dataclasses.replace(
            subject, props=subject.props - {"this_or_another"}))
    return trigger


_TIMINGS = {" activate only as a sorcery.": (True, False),
            " activate only once each turn.": (False, True),
            " activate only as a sorcery and only once each turn.": (True, True)}
"""Activation restrictions (rule 602.5): (sorcery speed, once each turn)."""


@line_template
def _activated(line: str, printed: Printed, draft: Draft) -> bool:
    if ": " not in line:
        return False
    head, _, body = line.partition(": ")
    paid = cost(head)
    if paid is None:
        return False
    # "discard this" is paid from the hand (channel): every other cost part and every
    # effect on "this" wants the card on the battlefield.
    zone = "hand" if paid.discard_self else "battlefield"
    if zone == "battlefield" and not _permanent(printed):
        return False
    if zone == "hand" and (paid.tap or paid.sacrifice_self or paid.sacrifice):
        return False
    # Right after the cost, "it" can only be the source: "sacrifice this: it deals 1
    # damage to any target".
    body = re.sub(r"^it (deals|gets|gains) ", r"this \1 ", body)
    sorcery = once = False
    for suffix, (as_sorcery, each_turn) in _TIMINGS.items():
        if body.endswith(suffix):
            body = body[: -len(suffix)]
            sorcery, once = as_sorcery, each_turn
            break
    what = it_is_self(effect(body))
    check_refs(what, x_defined=paid.mana is not None and paid.mana.x > 0)
    if zone == "hand" and fx.Ref("self") in _nodes(what):
        raise Unsupported(line)  # the card is in the hand, not a permanent to act on
    mana = is_mana_ability(what)
    if mana and zone == "hand":
        raise Unsupported(line)  # a mana ability from the hand: not modelled
    draft.activated.append(fx.ActivatedAbility(paid, what, sorcery, mana, zone, once))
    return True


@line_template
def _loyalty(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 606: "[+N]: effect", "[−N]: effect", "[0]: effect" of a planeswalker,
    # activated as a sorcery, one loyalty ability of a permanent a turn (the engine
    # keeps that limit).
    m = re.fullmatch(r"\[([+−-]?)(\d+)\]: (.+)", line, re.DOTALL)
    if not m or not printed.is_type("Planeswalker"):
        return False
    change = int(m.group(2)) * (-1 if m.group(1) in ("−", "-") else 1)
    body = re.sub(r"^it (deals|gets|gains) ", r"this \1 ", m.group(3))
    what = it_is_self(effect(body))
    check_refs(what, x_defined=False)
    if is_mana_ability(what):
        raise Unsupported(line)  # a loyalty mana ability uses the stack: not modelled
    draft.activated.append(fx.ActivatedAbility(fx.Cost(loyalty=change), what,
                                               sorcery_speed=True))
    return True


@line_template
def _cycling(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.29a: "cycling [cost]" means "[cost], discard this card: draw a card",
    # activated only from the hand.
    m = re.fullmatch(r"cycling(?: |—)(.+)", line)
    if not m or (paid := cost(m.group(1))) is None or paid.tap or paid.sacrifice_self \
            or paid.sacrifice or paid.discard_self:
        return False
    draft.activated.append(fx.ActivatedAbility(
        dataclasses.replace(paid, discard_self=True), fx.Draw(1), zone="hand"))
    return True


@line_template
def _additional_cost(line: str, printed: Printed, draft: Draft) -> bool:
    m = re.fullmatch(r"as an additional cost to cast this, (.+)\.", line)
    if not m or _permanent(printed) or draft.additional_cost is not None:
        return False
    paid = cost(m.group(1))
    if paid is None or paid.mana is not None or paid.tap or paid.sacrifice_self \
            or paid.discard_self:
        return False
    draft.additional_cost = paid
    return True


def _basic_land_mana(printed: Printed, draft: Draft) -> None:
    """Rule 305.6: a basic land type gives its mana ability (its text is reminder)."""
    for subtype, colour in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"),
                            ("Mountain", "R"), ("Forest", "G")):
        if subtype in printed.subtypes:
            draft.activated.append(fx.ActivatedAbility(
                fx.Cost(tap=True), fx.AddMana((colour,)), is_mana=True))


# --------------------------------------------------------------------- cards
def _stat(value: str | None, what: str) -> int | None:
    if value is None:
        return None
    if not re.fullmatch(r"-?\d+", value):
        raise Unsupported(f"{what} {value} is not a number")
    return int(value)


def compile_card(printed: Printed) -> fx.CardDef:
    """``printed`` as a :class:`CardDef`; raises :class:`Unsupported` with the reason."""
    if printed.layout not in SUPPORTED_LAYOUTS:
        raise Unsupported(f"{printed.layout} layout")
    odd = [t for t in printed.types if t not in SUPPORTED_TYPES]
    if odd:
        raise Unsupported(f"{odd[0].lower()} card type")
    draft = Draft(set(), [], [], [])
    if "Land" in printed.types:
        _basic_land_mana(printed, draft)
    spell = not printed.is_permanent
    body: list[str] = []
    for line in map(strip_ability_word, logical_lines(normalise(printed))):
        if any(template(line, printed, draft) for template in LINE_TEMPLATES):
            continue
        if not spell:
            raise Unsupported(line)
        body.append(line)
    if spell:
        if not body:
            raise Unsupported("a spell with no effect")
        what = effect(" ".join(body))
        check_refs(what, x_defined=printed.cost is not None and printed.cost.x > 0,
                   spell=True)
        draft.spell = fx.SpellAbility(what, draft.additional_cost)
    attaches = any(isinstance(node, fx.Attach)
                   for ability in draft.activated + draft.triggered
                   for node in _nodes(ability.effect))
    if attaches and not {"Aura", "Equipment"} & set(printed.subtypes):
        raise Unsupported("attaches but is neither an Aura nor an Equipment")
    if "Aura" in printed.subtypes and draft.enchant is None:
        raise Unsupported("an Aura without an enchant line we read")
    return fx.CardDef(
        name=printed.name,
        cost=printed.cost,
        colours=printed.colours,
        types=printed.types,
        subtypes=printed.subtypes,
        supertypes=printed.supertypes,
        power=_stat(printed.power, "power"),
        toughness=_stat(printed.toughness, "toughness"),
        loyalty=_stat(printed.loyalty, "loyalty"),
        keywords=frozenset(draft.keywords),
        spell=draft.spell,
        activated=tuple(draft.activated),
        triggered=tuple(draft.triggered) + KW.keyword_triggers(draft.keywords),
        statics=tuple(draft.statics),
        enchant=draft.enchant,
    )


@dataclass(frozen=True)
class CompiledPool:
    """Every card of the pool compiled: the supported ones and why the rest are not."""

    supported: dict[str, fx.CardDef]
    unsupported: dict[str, str]

    def get(self, name: str) -> fx.CardDef:
        """The compiled card; raises KeyError (unknown) or :class:`Unsupported`."""
        if name in self.supported:
            return self.supported[name]
        if name in self.unsupported:
            raise Unsupported(self.unsupported[name])
        raise KeyError(name)


@cache
def compiled_pool() -> CompiledPool:
    """The whole card pool compiled: the cards a game can use. Once per process, and
    read from the disk cache of :mod:`~pool_cache` when the card data and the engine's
    source are the ones it was compiled from."""
    from labyrinth_gym.envs.magic.engine.pool_cache import load_or_build

    return load_or_build(compile_pool)


def compile_pool() -> CompiledPool:
    """Compile every card of the pool (several seconds; :func:`compiled_pool` caches it).

    A card is supported when its text compiles *and* the rules engine can play every
    part of the tree (:func:`~labyrinth_gym.envs.magic.engine.resolve.unresolvable`);
    otherwise its reason is the first unread line, or what the engine cannot play
    (``"engine: ..."``)."""
    pool = card_pool()
    supported: dict[str, fx.CardDef] = {}
    unsupported: dict[str, str] = dict(pool.unreadable)
    for name, printed in pool.cards.items():
        try:
            card = compile_card(printed)
        except Unsupported as err:
            unsupported[name] = err.reason
            continue
        missing = unresolvable(card)
        if missing:
            unsupported[name] = "engine: " + ", ".join(missing)
        else:
            supported[name] = card
    return CompiledPool(supported, unsupported)


# The template families kept in their own modules register themselves on import.
from labyrinth_gym.envs.magic.engine import library_text as library_text  # noqa: E402
