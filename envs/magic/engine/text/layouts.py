"""Card layouts beyond ``normal`` (rules 709-715): how :mod:`~compiler` compiles a
multi-face card, and the effect template ``transform this``.

**Transforming double-faced cards** (layout ``transform``; rules 712, 701.28): each face
is compiled on its own, with its own name read as ``this`` (``Delver of Secrets``,
``Insectile Aberration``); the card is its front face's :class:`~effects.CardDef`
(named ``Front // Back``, as the card pool lists it) with the back face's definition
in :attr:`~effects.CardDef.back`. The back face has no mana cost; its mana value is
the front face's (712.8e, :attr:`~effects.CardDef.front_mana_value`). Its colour is
given by a colour indicator (204), which the card data does not have: the printed
indicators are shipped in ``envs/magic/engine/data/colour_indicators.txt`` (card name ->
colours); for a card not listed there, a land back face is colourless (lands get
none), any other back face has its front face's colours when the card's colour
identity is exactly those colours (no other colour appears on the card), and a card
whose back face's colour cannot be told is refused. A card is
supported only when both faces compile (the reason names the face that does not).

Read here: ``transform this.`` (:class:`~effects.Transform`); the trigger condition
``transforms into this`` (the face's own name, 701.28g) and the werewolves'
intervening ``if`` of a step trigger are read by :mod:`.triggers`.

**Levelers** (layout ``leveler``; rules 711, level up 702.87): the text is the
card's own abilities (``Level up {cost}`` first, read as "{cost}: put a level counter
on this. activate only as a sorcery.", 702.87a), then its striations, each a header
``LEVEL N1-N2`` (or ``LEVEL N+``), a power/toughness line and the band's abilities.
Each band (:class:`~effects.LevelBand`, 711.2b) holds the card's characteristics while
it applies: the band's base power and toughness, and the card's abilities followed by
the band's. The engine picks the band from the permanent's level counters
(:mod:`~layers`).

**Classes** (layout ``class``; rule 716): the text is the level 1 abilities, then
for each level a line ``{cost}: Level N`` (716.2a: "{cost}: this Class's level
becomes N. Activate only if this Class is level N-1 and only as a sorcery.",
:class:`~effects.GainClassLevel`) and that level's abilities, which the Class has
from level N on (716.2b); "when this Class becomes level N, <effect>" triggers as it
does (716.2c, event ``class_level_N``). Its levels are :class:`~effects.LevelBand` of
kind ``"class"``, picked by the permanent's class level (1 as it enters).

**Battles** (310) are refused: the card data has no defense value (the number of
defense counters a battle enters with, 310.4). **Split, adventurer, flip and modal
double-faced cards** (layouts ``split``, ``adventure``, ``flip``, ``modal_dfc``; rules
709, 715, 710, 712) are refused: the card data holds only their first face (``Fire // Ice`` has Fire's cost, type and text; Ice's are not there), and a
card is supported only when every part of it is played.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    effect,
    effect_template,
    is_permanent_card,
    line_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    COLOUR_WORDS,
    Unsupported,
    activation_condition,
    cost,
    creature_subtypes,
    granted,
    keyword_list,
    number,
    object_filter,
    permanents,
)

FIRST_FACE_ONLY = {
    "split": "split card (709): the card data has only its first half",
    "adventure": "adventurer card (715): the card data has only its creature half",
    "modal_dfc": "modal double-faced card (712): the card data has only its front face",
    "flip": "flip card (710): the card data has only its unflipped half",
}
"""Why each layout whose other face the card data lacks is refused."""

def face_name(printed: Printed) -> str:
    """The front face's own name (``Delver of Secrets`` of ``Delver of Secrets //
    Insectile Aberration``)."""
    return printed.name.partition(" // ")[0]


COLOUR_INDICATORS = Path(__file__).parents[1] / "data" / "colour_indicators.txt"
"""The printed colour indicators (204) of back faces the card data has no colour for."""


@cache
def colour_indicators() -> dict[str, tuple[str, ...]]:
    """Card name (``Front // Back``) -> its back face's colour indicator (204.1), in
    WUBRG order, read from :data:`COLOUR_INDICATORS` (``colourless``: none)."""
    table: dict[str, tuple[str, ...]] = {}
    for line in COLOUR_INDICATORS.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, _, colours = line.rpartition(" = ")
        letters = "" if colours == "colourless" else colours
        assert name and set(letters) <= set("WUBRG"), line
        table[name] = tuple(c for c in "WUBRG" if c in letters)
    return table


def back_colours(printed: Printed) -> tuple[str, ...] | None:
    """The colours of ``printed``'s back face (712.8e: its colour indicator, 204), or
    None when neither the card data nor the shipped indicators tell them (see the
    module docstring)."""
    back = printed.back
    assert back is not None
    if back.cost is not None:
        return back.colours
    indicator = colour_indicators().get(printed.name)
    if indicator is not None:
        return indicator
    if "Land" in back.types:
        return ()
    if set(printed.colour_identity) == set(printed.colours):
        return printed.colours
    return None


def compile_transform(printed: Printed,
                      compile_face: Callable[[Printed], fx.CardDef]) -> fx.CardDef:
    """A transforming double-faced card (712): both faces compiled by
    ``compile_face`` (which raises the compiler's ``Unsupported``); the result is the
    front face's definition, named as the pool names the card, with the back face's
    in ``back``. Raises ``Unsupported`` with the reason (a back face's reason starts
    ``back face:``)."""
    back = printed.back
    if "Battle" in printed.types:
        raise Unsupported("battle (310): the card data has no defense (310.4)")
    if back is None:
        raise Unsupported("transform card without its back face in the card data")
    colours = back_colours(printed)
    if colours is None:
        raise Unsupported("back face's colour indicator (not in the card data)")
    front_def = compile_face(dataclasses.replace(printed, name=face_name(printed),
                                                 back=None))
    try:
        back_def = compile_face(back)
    except Unsupported as err:
        raise Unsupported(f"back face: {err.reason}") from None
    back_def = dataclasses.replace(back_def, colours=colours,
                                   front_mana_value=printed.mana_value)
    return dataclasses.replace(front_def, name=printed.name, back=back_def)


_LEVEL_HEADER = re.compile(r"LEVEL (\d+)(?:-(\d+)|\+)")
_LEVEL_UP = re.compile(r"Level up (\{[^()]*\})(?: \(.*\))?")
_BAND_PT = re.compile(r"(\d+)/(\d+)")


def compile_leveler(printed: Printed,
                    compile_face: Callable[[Printed], fx.CardDef]) -> fx.CardDef:
    """A leveler card (711): its own abilities with level up (702.87a) and its level
    bands (711.2b) as :attr:`~effects.CardDef.levels`. Raises ``Unsupported``."""
    own: list[str] = []
    bands: list[list] = []  # [low, high, (power, toughness) | None, lines]
    for line in printed.text.split("\n"):
        header = _LEVEL_HEADER.fullmatch(line.strip())
        if header is not None:
            bands.append([int(header[1]), int(header[2]) if header[2] else None,
                          None, []])
            continue
        if bands and bands[-1][2] is None and not bands[-1][3]:
            pt = _BAND_PT.fullmatch(line.strip())
            if pt is not None:
                bands[-1][2] = pt.groups()
                continue
        (bands[-1][3] if bands else own).append(line)
    level_up = _LEVEL_UP.fullmatch(own[0]) if own else None
    if level_up is None or not bands:
        raise Unsupported("leveler without level up and level bands")
    own[0] = f"{level_up[1]}: Put a level counter on this. Activate only as a sorcery."
    base = compile_face(dataclasses.replace(printed, text="\n".join(own),
                                            layout="normal"))
    levels = []
    for low, high, pt, lines in bands:
        power, toughness = (printed.power, printed.toughness) if pt is None else pt
        part = compile_face(dataclasses.replace(
            printed, text="\n".join(lines), layout="normal", power=power,
            toughness=toughness))
        card = dataclasses.replace(
            base, power=part.power, toughness=part.toughness,
            keywords=base.keywords | part.keywords,
            activated=base.activated + part.activated,
            triggered=base.triggered + part.triggered,
            statics=base.statics + part.statics)
        levels.append(fx.LevelBand(low, high, card))
    return dataclasses.replace(base, levels=tuple(levels))


_CLASS_LEVEL = re.compile(r"(\{[^:]*\}): Level (\d)")
_BECOMES_LEVEL = re.compile(r"When this Class becomes level (\d), (.+)")


def compile_class(printed: Printed,
                  compile_face: Callable[[Printed], fx.CardDef]) -> fx.CardDef:
    """A Class (716): its level 1 abilities and level-up abilities, and its levels
    as :attr:`~effects.CardDef.levels` (see the module docstring). Raises
    ``Unsupported``."""
    segments: list[list[str]] = [[]]
    level_ups: list[fx.ActivatedAbility] = []
    for line in printed.text.replace("this Class", "this").split("\n"):
        if line.startswith("(") and line.endswith(")"):
            continue  # reminder text
        m = _CLASS_LEVEL.fullmatch(line.strip())
        if m is None:
            segments[-1].append(line)
            continue
        level = int(m[2])
        paid = cost(m[1].lower())
        if paid is None or level != len(segments) + 1 or level > 5:
            raise Unsupported(line)
        level_ups.append(fx.ActivatedAbility(
            paid, fx.GainClassLevel(level), sorcery_speed=True,
            only_if=(fx.ActivationCondition("class_level", count=level - 1),)))
        segments.append([])
    if not level_ups:
        raise Unsupported("class without levels")

    def part(lines: list[str], level: int) -> fx.CardDef:
        own, triggers = [], []
        for line in lines:
            m = _BECOMES_LEVEL.fullmatch(line.replace("When this becomes",
                                                      "When this Class becomes"))
            if m is None:
                own.append(line)
                continue
            if int(m[1]) != level:
                raise Unsupported(line)
            # read as an enters trigger, then made the level's (716.2c)
            read = compile_face(dataclasses.replace(
                printed, text=f"When this enters, {m[2]}", layout="normal")).triggered
            if len(read) != 1 or read[0].trigger != fx.Trigger("enters"):
                raise Unsupported(line)
            triggers.append(dataclasses.replace(
                read[0], trigger=fx.Trigger(f"class_level_{level}")))
        d = compile_face(dataclasses.replace(printed, text="\n".join(own),
                                             layout="normal"))
        return dataclasses.replace(d, triggered=d.triggered + tuple(triggers))

    base = part(segments[0], 1)
    base = dataclasses.replace(base, activated=base.activated + tuple(level_ups))
    levels, card = [], base
    for level, lines in enumerate(segments[1:], start=2):
        more = part(lines, level)
        card = dataclasses.replace(
            card, keywords=card.keywords | more.keywords,
            activated=card.activated + more.activated,
            triggered=card.triggered + more.triggered,
            statics=card.statics + more.statics)
        levels.append(fx.LevelBand(level, None if level == len(segments) else level,
                                   card, kind="class"))
    return dataclasses.replace(base, levels=tuple(levels))


@effect_template
def transform_effect(sentence: str) -> fx.Effect | None:
    """``transform this`` (701.28a) as :class:`~effects.Transform`, else None."""
    if re.fullmatch(r"transform this", sentence):
        return fx.Transform()
    return None


@effect_template
def _exile_return_transformed(sentence: str) -> fx.Effect | None:
    """"exile this, then return it to the battlefield transformed under your / its
    owner's control" (a Saga's last chapter, a flipwalker): the permanent is exiled,
    then its card returns as a new object (400.7) back face up (712.14, a
    :class:`~effects.MoveCards` ``transformed``)."""
    m = re.fullmatch(r"exile this, then return (?:it|him|her|this) to the battlefield "
                     r"transformed under (your|(?:its|his|her) owner's) control", sentence)
    if m is None:
        m = re.fullmatch(r"return (?:it|this) to the battlefield transformed under "
                         r"(your|its owner's) control", sentence)
        # a dies trigger's own card (Harvest Hand: "when this dies, return it to the
        # battlefield transformed under your control")
        return None if m is None else fx.MoveCards(
            fx.Ref("this_card"), "battlefield",
            "you" if m.group(1) == "your" else "owner", transformed=True)
    return fx.Sequence((fx.Exile(fx.Ref("self")), fx.MoveCards(
        fx.Ref("that_card"), "battlefield", "you" if m.group(1) == "your" else "owner",
        transformed=True)))


_COLOUR = r"(?:white|blue|black|red|green)"
_BECOMES_BASE = re.compile(
    rf"(?:(?P<eot1>until end of turn), )?(?:if (?P<cond>this is an? [\w'-]+), "
    rf"(?P<it>it)|(?P<who>.+?)) becomes an? (?P<colours>{_COLOUR}(?:(?:,|,? and) "
    rf"{_COLOUR})* )?(?P<words>[\w' -]+?) with base power and toughness "
    rf"(?P<p>\d+)/(?P<t>\d+)(?P<rest>(?:,| and) .+?)?(?P<eot2> until end of turn)?")


def _becomes_rest(rest: str) -> tuple[bool, tuple[str, ...]] | None:
    """What follows the base power and toughness: ``, loses all abilities, and gains
    flying``, `` and gains flying``, ``, flying, and first strike``: (loses all
    abilities, keywords), or None if not that."""
    rest = re.sub(r"^(?:,? and |, )", "", rest)
    lose = rest.startswith("loses all abilities")
    if lose:
        rest = re.sub(r"^loses all abilities(?:,? and |, )?", "", rest)
    rest = re.sub(r"^(?:gains|has) ", "", rest)
    if not rest:
        return lose, ()
    keywords = keyword_list(rest)
    return None if keywords is None else (lose, keywords)


@effect_template
def _becomes_with_base(sentence: str) -> fx.Effect | None:
    """"this becomes a kithkin spirit with base power and toughness 2/2", "if this is
    a spirit, it becomes a kithkin spirit warrior with base power and toughness 4/4
    [, flying, and first strike]" (Figure of Destiny), "until end of turn, target
    creature becomes a blue serpent with base power and toughness 5/5", "... 4/4,
    loses all abilities, and gains flying": its creature types become those (205.1b,
    layer 4), its colour the colours named (layer 5), it loses its abilities and gains
    the keywords (layer 6), its base power and toughness are set (layer 7b). Until end
    of turn, or with no duration for as long as it stays on the battlefield (611.2c,
    a lasting :class:`~effects.Becomes`). The ``if`` is checked as the ability
    resolves (608.2c, condition ``source_is``)."""
    m = _BECOMES_BASE.fullmatch(sentence)
    if m is None or (m.group("eot1") and m.group("eot2")):
        return None
    words = m.group("words").split()
    if words and words[-1] == "creature":
        words = words[:-1]
    if not words or not all(w in creature_subtypes() for w in words):
        return None
    subtypes = tuple(creature_subtypes()[w] for w in words)
    rest = _becomes_rest(m.group("rest") or "")
    if rest is None:
        return None
    lose, keywords = rest
    colours = None
    if m.group("colours"):
        named = re.findall(_COLOUR, m.group("colours"))
        colours = tuple(c for c in "WUBRG" if c in {COLOUR_WORDS[w] for w in named})
    what: fx.Selector | None = fx.Ref("self")
    if m.group("who") and m.group("who") != "this":
        what = permanents(m.group("who"))
        if not isinstance(what, (fx.Target, fx.Each)):
            return None
    becomes = fx.Becomes(what, int(m.group("p")), int(m.group("t")), subtypes=subtypes,
                         colours=colours, keywords=keywords, lose_abilities=lose,
                         lasting=not (m.group("eot1") or m.group("eot2")))
    if m.group("cond") is None:
        return becomes
    condition = activation_condition(m.group("cond"))
    return None if condition is None else fx.IfHolds(condition, becomes)


@effect_template
def _loses_creature_types(sentence: str) -> fx.Effect | None:
    """"target creature gets +3/-3 and loses all creature types until end of turn"
    (Nameless Inversion): the pump, then (layer 4) it has no creature type until end
    of turn (:attr:`~effects.Becomes.lose_creature_types`)."""
    m = re.fullmatch(r"(target creature) (gets [+-]\d+/[+-]\d+ )?and loses all "
                     r"creature types until end of turn|(target creature) loses all "
                     r"creature types until end of turn", sentence)
    if m is None:
        return None
    if m.group(3):
        what = read_sentence(f"{m.group(3)} gets +0/+0 until end of turn")
        if not isinstance(what, fx.Pump) or not isinstance(what.what, fx.Target):
            return None
        return fx.Becomes(what.what, lose_creature_types=True)
    pump = read_sentence(f"{m.group(1)} {m.group(2)}until end of turn")
    if not isinstance(pump, fx.Pump) or not isinstance(pump.what, fx.Target):
        return None
    return fx.Sequence((pump, fx.Becomes(fx.Ref("it"), lose_creature_types=True)))


_EACH_OTHER = re.compile(
    r"each other (?P<what>.+?) you control(?: that's an? (?P<a>[\w'-]+)"
    r"(?: or an? (?P<b>[\w'-]+))?)? gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+)"
    r"(?: and has (?P<kw>.+))?\.")


@line_template
def _each_other_anthem(line: str, printed: Printed, draft: Draft) -> bool:
    """"each other creature you control that's a werewolf or a wolf gets +1/+1."
    (Howlpack Alpha): an anthem (613.4c) over the other permanents of that kind the
    controller controls, of either creature type (205.3)."""
    m = _EACH_OTHER.fullmatch(line)
    if m is None or not is_permanent_card(printed):
        return False
    f = object_filter(f"other {m.group('what')} you control")
    keywords = granted(m.group("kw"))
    if f is None or not f.types or keywords is None:
        return False
    kinds = [w for w in (m.group("a"), m.group("b")) if w]
    if kinds:
        if f.subtypes or not all(w in creature_subtypes() for w in kinds):
            return False
        f = dataclasses.replace(f, subtypes=frozenset(creature_subtypes()[w]
                                                      for w in kinds))
    draft.statics.append(fx.Anthem(f, int(m.group("p")), int(m.group("t")), keywords))
    return True


_PRONOUN = r"(?:it|him|her|them)"


@line_template
def _state_trigger(line: str, printed: Printed, draft: Draft) -> bool:
    """A state trigger (603.8): "when this has two or fewer loyalty counters on him,
    transform him." (Garruk Relentless): it triggers whenever the permanent has at
    most that many counters of the kind (checked with the state-based actions), and
    not again until the ability has left the stack (event ``state``, condition
    ``counters_at_most``). Its pronouns name the permanent itself."""
    m = re.fullmatch(rf"when this has (\w+) or fewer ([a-z+/1-]+) counters on "
                     rf"{_PRONOUN}, (.+)\.", line)
    if m is None or not is_permanent_card(printed) or \
            not isinstance(count := number(m.group(1)), int):
        return False
    if m.group(2) != "loyalty" and not fx.plain_counter(m.group(2)):
        return False
    body = re.sub(rf"\b{_PRONOUN}$", "this", m.group(3))
    try:
        what = effect(body + ".")
    except Unsupported:
        return False
    draft.triggered.append(fx.TriggeredAbility(fx.Trigger(
        "state", fx.Ref("self"), fx.ActivationCondition(
            "counters_at_most", count=count, counter=m.group(2))), what))
    return True


@effect_template
def _damage_back_to_this(sentence: str) -> fx.Effect | None:
    """"that creature deals damage equal to its power to him" (Garruk Relentless,
    after "this deals 3 damage to target creature"): the targeted creature deals
    damage equal to its power to the planeswalker itself (:class:`~effects.
    PowerDamage`; the pronoun is the source's)."""
    m = re.fullmatch(r"(?:that creature|it) deals damage equal to its power to "
                     r"(?:him|her)", sentence)
    return fx.PowerDamage(fx.Ref("it"), fx.Ref("self")) if m else None


@effect_template
def _lasting_land_creature(sentence: str) -> fx.Effect | None:
    """"target land you control becomes a 4/4 elemental creature with trample. it's
    still a land." with no duration (Nissa, Worldwaker): the same change as its
    until-end-of-turn form, for as long as the land stays on the battlefield (611.2c,
    a lasting :class:`~effects.Becomes`)."""
    if not sentence.endswith(" it's still a land") or "until end of turn" in sentence \
            or not re.search(r" becomes an? \d+/\d+ ", sentence):
        return None
    timed = read_sentence("until end of turn, " + sentence)
    if not isinstance(timed, fx.Becomes) or timed.lasting:
        return None
    return dataclasses.replace(timed, lasting=True)
