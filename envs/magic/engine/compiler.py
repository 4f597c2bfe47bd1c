"""The card compiler: a real card's oracle text -> a :class:`CardDef` of the vocabulary.

A card compiles when every line of its text is read by some template; otherwise it is
*unsupported*, with the first line no template could read as the reason. Nothing is
guessed: a line that is only partly understood makes the card unsupported.

Before the templates run, :func:`normalise` lowers the text, strips reminder text
(parentheses), and reads the card's own name (or, for a legendary card, the short name
before its comma) and "this creature", "this land"... as ``this``.

Lines are routed in this order (the first template that reads the whole line wins):

1. a keyword line: keyword abilities of :data:`~effects.KEYWORDS` separated by commas;
2. ``enchant <what>`` (Auras) and ``equip {N}`` (Equipment);
3. a static ability (anthems, an Equipment's or Aura's bonus, entering tapped);
4. a triggered ability (``when``/``whenever``/``at the beginning of``);
5. an activated ability ``<cost>: <effect>``;
6. the spell's effect (instants and sorceries), one sentence at a time, or a modal
   ``choose one —`` with one bullet line per mode.

Templates are small functions registered in the tables below; each returns None when the
text is not its shape, so adding a template never changes what another reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed, card_pool
from labyrinth_gym.envs.magic.engine.mana import parse_cost

SUPPORTED_LAYOUTS = frozenset({"normal"})
SUPPORTED_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Instant", "Land",
                             "Sorcery"})
SELF_NOUNS = ("creature", "land", "artifact", "enchantment", "spell", "equipment", "aura",
              "permanent", "card", "vehicle")

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
           "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "x": "X"}
_NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"


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


# ---------------------------------------------------------------- selectors
TARGET_PHRASES: dict[str, fx.Target] = {
    "any target": fx.Target("any"),
    "target creature": fx.Target("creature"),
    "target player": fx.Target("player"),
    "target opponent": fx.Target("opponent"),
    "target creature or planeswalker": fx.Target("creature_or_planeswalker"),
    "target creature an opponent controls": fx.Target(
        "creature", fx.Filter(controller="opponent")),
    "target creature you control": fx.Target("creature", fx.Filter(controller="you")),
    "target artifact": fx.Target("permanent", fx.Filter(types=frozenset({"Artifact"}))),
    "target enchantment": fx.Target("permanent", fx.Filter(types=frozenset({"Enchantment"}))),
    "target artifact or enchantment": fx.Target(
        "permanent", fx.Filter(types=frozenset({"Artifact", "Enchantment"}))),
    "target land": fx.Target("permanent", fx.Filter(types=frozenset({"Land"}))),
    "target permanent": fx.Target("permanent"),
    "target nonland permanent": fx.Target(
        "permanent", fx.Filter(props=frozenset({"nonland"}))),
    "target spell": fx.Target("spell"),
}
"""Target phrases the templates know, longest first when matched."""

_TARGETS = sorted(TARGET_PHRASES, key=len, reverse=True)

REF_PHRASES: dict[str, fx.Ref] = {
    "you": fx.Ref("you"),
    "this": fx.Ref("self"),
    "it": fx.Ref("it"),
    "each opponent": fx.Ref("each_opponent"),
    "each player": fx.Ref("each_player"),
}


def selector(phrase: str) -> fx.Selector | None:
    """A target or reference phrase as a selector (None if not one we know)."""
    phrase = phrase.strip()
    if phrase in TARGET_PHRASES:
        return TARGET_PHRASES[phrase]
    return REF_PHRASES.get(phrase)


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
        return fx.DealDamage(number(m.group(1)), to)
    return None


@effect_template
def _destroy_exile_bounce(s: str) -> fx.Effect | None:
    for verb, make in (("destroy", fx.Destroy), ("exile", fx.Exile)):
        m = re.fullmatch(rf"{verb} (.+)", s)
        if m and isinstance(what := selector(m.group(1)), fx.Target):
            return make(what)
    m = re.fullmatch(r"return (.+) to its owner's hand", s)
    if m and isinstance(what := selector(m.group(1)), fx.Target):
        return fx.ReturnToHand(what)
    return None


@effect_template
def _draw(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"draw {_NUM} cards?", s):
        return fx.Draw(number(m.group(1)))
    if m := re.fullmatch(rf"(target player|target opponent|each player|each opponent) "
                         rf"draws {_NUM} cards?", s):
        return fx.Draw(number(m.group(2)), selector(m.group(1)))
    return None


@effect_template
def _life(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"(you|target player|each player) gains? {_NUM} life", s):
        return fx.GainLife(number(m.group(2)), selector(m.group(1)))
    if m := re.fullmatch(rf"(you|target player|target opponent|each player|each opponent)"
                         rf" loses? {_NUM} life", s):
        return fx.LoseLife(number(m.group(2)), selector(m.group(1)))
    return None


@effect_template
def _pump(s: str) -> fx.Effect | None:
    m = re.fullmatch(r"(target creature|this) gets ([+-]\d+)/([+-]\d+) until end of turn", s)
    if m:
        return fx.Pump(int(m.group(2)), int(m.group(3)), selector(m.group(1)))
    return None


@effect_template
def _add_mana(s: str) -> fx.Effect | None:
    if m := re.fullmatch(r"add \{([wubrgc])\}", s):
        return fx.AddMana((m.group(1).upper(),))
    if m := re.fullmatch(r"add \{([wubrg])\} or \{([wubrg])\}", s):
        return fx.AddMana((m.group(1).upper(), m.group(2).upper()))
    if re.fullmatch(r"add one mana of any colou?r", s):
        return fx.AddMana(("any",))
    return None


def effect(text: str) -> fx.Effect:
    """One or more sentences (``"a. b."``) as an effect; raises :class:`Unsupported`."""
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s.strip()]
    steps = []
    for sentence in sentences:
        body = sentence.rstrip(".")
        for template in EFFECT_TEMPLATES:
            out = template(body)
            if out is not None:
                steps.append(out)
                break
        else:
            raise Unsupported(sentence)
    if not steps:
        raise Unsupported(text)
    return steps[0] if len(steps) == 1 else fx.Sequence(tuple(steps))


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


LineTemplate = Callable[[str, Printed, Draft], bool]
LINE_TEMPLATES: list[LineTemplate] = []


def line_template(fn: LineTemplate) -> LineTemplate:
    LINE_TEMPLATES.append(fn)
    return fn


@line_template
def _keyword_line(line: str, printed: Printed, draft: Draft) -> bool:
    parts = [p.strip() for p in re.split(r"[,;]", line)]
    if all(p in fx.KEYWORDS for p in parts):
        draft.keywords.update(parts)
        return True
    return False


_COST_PART = re.compile(r"\{t\}|(?:\{[^}]+\})+")


def cost(text: str) -> fx.Cost | None:
    """``"{2}, {t}"`` as a :class:`Cost` (None if a part is not one we know)."""
    mana = None
    tap = False
    for part in (p.strip() for p in text.split(",")):
        if part == "{t}":
            tap = True
        elif _COST_PART.fullmatch(part):
            try:
                mana = parse_cost(part.upper())
            except ValueError:
                return None
        else:
            return None
    return fx.Cost(mana=mana, tap=tap)


@line_template
def _activated(line: str, printed: Printed, draft: Draft) -> bool:
    if ": " not in line:
        return False
    head, _, body = line.partition(": ")
    paid = cost(head)
    if paid is None:
        return False
    what = effect(body)
    draft.activated.append(
        fx.ActivatedAbility(paid, what, is_mana=isinstance(what, fx.AddMana)))
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
    if printed.cost is not None and printed.cost.x and not printed.is_type("Instant") \
            and not printed.is_type("Sorcery"):
        raise Unsupported("X in a permanent's cost")
    draft = Draft(set(), [], [], [])
    if "Land" in printed.types:
        _basic_land_mana(printed, draft)
    spell = printed.is_type("Instant") or printed.is_type("Sorcery")
    body: list[str] = []
    for line in normalise(printed):
        if any(template(line, printed, draft) for template in LINE_TEMPLATES):
            continue
        if not spell:
            raise Unsupported(line)
        body.append(line)
    if spell:
        if not body:
            raise Unsupported("a spell with no effect")
        draft.spell = fx.SpellAbility(effect(" ".join(body)))
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
        triggered=tuple(draft.triggered),
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
    """The whole card pool compiled once per process."""
    pool = card_pool()
    supported: dict[str, fx.CardDef] = {}
    unsupported: dict[str, str] = dict(pool.unreadable)
    for name, printed in pool.cards.items():
        try:
            supported[name] = compile_card(printed)
        except Unsupported as err:
            unsupported[name] = err.reason
    return CompiledPool(supported, unsupported)
