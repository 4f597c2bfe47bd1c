"""Templates for copy effects (707), static type and ability changes (613, 305.7),
emblems (114), monstrosity (701.37) and sacrificing a named permanent (701.21).

Read here (the engine side is :mod:`~layers`):

- ``you may have this enter as a copy of any <permanents> on the battlefield[, except
  <exceptions>].`` -> :class:`~effects.EntersAsCopy`, where an exception is ``it's
  a[n] <type or subtype> in addition to its other types``, ``it has <keywords>``,
  ``it has "<triggered ability>"`` or ``it isn't legendary``, joined by ``,`` and
  ``and``;
- ``create a token that's a copy of <target / this>[, except <exceptions>]`` ->
  :class:`~effects.CopyToken` (``it`` then names the token); ``for each card exiled
  this way, create a token that's a copy of that card[, except ...]`` -> one of
  ``Ref("that_card")``; the exception ``it's a 4/4 black zombie`` sets base power and
  toughness, colour and subtypes (:attr:`~effects.CopyExtras.set_subtypes`);
- ``each land is a <land type> in addition to its other land types.``,
  ``<lands> are <land type>s.`` (``nonbasic lands are mountains.``), ``<permanents>
  lose all abilities [and have base power and toughness N/N].``, ``<permanents>
  have base power and toughness N/N.`` -> :class:`~effects.ContinuousChange`;
- ``you get an emblem with "<anthem>"`` / ``"<triggered ability>"`` (one or two quoted
  abilities joined by ``and``) -> :class:`~effects.GetEmblem`;
- ``monstrosity N`` -> :class:`~effects.Monstrosity` (an activated ability's effect;
  "when this becomes monstrous" is a trigger event of :mod:`.triggers`);
- ``sacrifice it`` / ``sacrifice this`` / ``sacrifice that token`` ->
  :class:`~effects.SacrificeIt`;
- ``as this enters, choose a color.`` / ``... choose a creature type.`` ->
  :class:`~effects.ChooseAsEnters`, and the anthems that read the choice
  (``creatures you control of the chosen type get +1/+1.``: the filter prop
  ``chosen_type`` / ``chosen_color``), ``add one mana of the chosen color``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed, rules_list
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    effect_template,
    line_template,
    quoted_ability,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    COLOUR_WORDS,
    NUM,
    all_subtypes,
    card_filter,
    creature_subtypes,
    keyword_list,
    number,
    object_filter,
    permanents,
    target_phrase,
)

_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature",
               "enchantment": "Enchantment", "land": "Land"}


def copy_extras(text: str | None, printed: Printed | None = None) -> fx.CopyExtras | None:
    """The exceptions of a copy effect (707.9), or None if one is not read:
    ``it's an artifact in addition to its other types``, ``it's an illusion in
    addition to its other types``, ``it has haste``, ``it has "<triggered
    ability>"`` (read as a line of ``printed``), ``it isn't legendary``, ``it's a 4/4
    black zombie`` (base power and toughness, colour and creature type set: the
    subtypes it had are replaced, 205.1a)."""
    if text is None:
        return fx.CopyExtras()
    types: list[str] = []
    subtypes: list[str] = []
    keywords: list[str] = []
    triggered: list[fx.TriggeredAbility] = []
    nonlegendary = False
    set_as: dict[str, Any] = {}
    parts = re.split(r',? and (?=it)|, (?=it)', text)
    for part in parts:
        m = re.fullmatch(r"it's an? (\d+)/(\d+) (\w+) ([\w'-]+)", part)
        if m and not set_as and m.group(3) in COLOUR_WORDS and \
                m.group(4) in creature_subtypes():
            set_as = {"power": int(m.group(1)), "toughness": int(m.group(2)),
                      "colours": (COLOUR_WORDS[m.group(3)],), "set_subtypes": True}
            subtypes.insert(0, creature_subtypes()[m.group(4)])
            continue
        m = re.fullmatch(r"it's an? ([\w'-]+) in addition to its other types", part)
        if m:
            word = m.group(1)
            if word in _CARD_TYPES:
                types.append(_CARD_TYPES[word])
            elif word in all_subtypes():
                subtypes.append(all_subtypes()[word])
            else:
                return None
            continue
        if part == "it isn't legendary":
            nonlegendary = True
            continue
        m = re.fullmatch(r'it has "(.+)"', part)
        if m:
            if printed is None:
                return None
            from labyrinth_gym.envs.magic.engine.text.triggers import _triggered

            # (imported here: importing it above would register its templates
            # before the families the compiler imports first)
            draft = Draft(set(), [], [], [])
            if not _triggered(m.group(1), printed, draft) or draft.activated \
                    or draft.statics or draft.keywords:
                return None
            triggered.extend(draft.triggered)
            continue
        m = re.fullmatch(r"it has (.+)", part)
        if m and (found := keyword_list(m.group(1))) is not None:
            keywords.extend(found)
            continue
        return None
    return fx.CopyExtras(tuple(types), tuple(subtypes), tuple(keywords),
                         tuple(triggered), nonlegendary, **set_as)


_ENTERS_AS_COPY = re.compile(
    r"you may have this enter(?: the battlefield)? as a copy of (?:any|an?) "
    r"(?P<what>.+?) on the battlefield(?:, except (?P<except>.+))?\.")


@line_template
def _enters_as_copy(line: str, printed: Printed, draft: Draft) -> bool:
    # Rules 707.5, 614.1c: a replacement effect as it enters.
    m = _ENTERS_AS_COPY.fullmatch(line + "." if line.endswith('"') else line)
    if not m or not printed.is_permanent or printed.is_type("Land"):
        return False
    what = object_filter(m.group("what"))
    extras = copy_extras(m.group("except"), printed)
    if what is None or not what.types or extras is None:
        return False
    draft.statics.append(fx.EntersAsCopy(what, extras))
    return True


_COUNTED_BECOMES = re.compile(
    rf"as long as this has {NUM} or more counters on it, it (?:has ([\w ,]+?) and )?"
    r"is an? ([\w'-]+) in addition to its other types\.")


@line_template
def _counted_becomes(line: str, printed: Printed, draft: Draft) -> bool:
    # 611.3a, 613.1d/f: "as long as this has five or more counters on it, it has
    # flying and is an angel in addition to its other types." (Hero of Bretagard):
    # its own type and ability change while it has that many counters of any kinds
    m = _COUNTED_BECOMES.fullmatch(line)
    if not m or not printed.is_permanent:
        return False
    count = number(m.group(1))
    subtype = all_subtypes().get(m.group(3))
    keywords = keyword_list(m.group(2)) if m.group(2) else ()
    if not isinstance(count, int) or count <= 0 or subtype is None or keywords is None:
        return False
    draft.statics.append(fx.ContinuousChange(
        fx.Filter(props=frozenset({fx.SELF})), counters_at_least=count,
        becomes=fx.Becomes(fx.Ref("self"), subtypes=(subtype,),
                           keywords=tuple(keywords), in_addition=True)))
    return True


_LAND_TYPE_PLURALS = {"plains": "Plains", "islands": "Island", "swamps": "Swamp",
                      "mountains": "Mountain", "forests": "Forest", "deserts": "Desert",
                      "caves": "Cave", "gates": "Gate"}


@line_template
def _continuous_change(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 613.1d-f / 613.4b: a static ability's continuous effect.
    if not printed.is_permanent:
        return False
    change = continuous_change(line)
    if change is None:
        return False
    draft.statics.append(change)
    return True


@effect_template
def _gain_quoted(s: str) -> fx.Effect | None:
    # 113.1, 611.2c: "until end of turn, creatures you control gain menace and
    # "<ability>"" / "target creature gains "<ability>" until end of turn": a Becomes
    # (layer 6) of the permanents it names as it resolves, ending at cleanup (514.2)
    m = re.fullmatch(r"until end of turn, (.+?) gains? (?:([\w ,]+?) and )?\"([^\"]+)\"",
                     s) or re.fullmatch(r"(.+?) gains? (?:([\w ,]+?) and )?\"([^\"]+)\" "
                                        r"until end of turn", s)
    if not m:
        return None
    what = permanents(m.group(1))
    if what is None and (f := object_filter(m.group(1), plural=True)) is not None:
        what = fx.Each(f)
    keywords = keyword_list(m.group(2)) if m.group(2) else ()
    ability = quoted_ability(m.group(3))
    if what is None or keywords is None or ability is None:
        return None
    return fx.Becomes(what, keywords=keywords, abilities=(ability,))


@effect_template
def _it_gains_quoted(s: str) -> fx.Effect | None:
    # 113.1, 611.2c: "it gains "<ability>"" with no duration (a token just created,
    # Timothar's Bat): for as long as that permanent stays on the battlefield
    m = re.fullmatch(r"it gains \"([^\"]+)\"", s)
    ability = quoted_ability(m.group(1).replace("this token", "this")) if m else None
    if ability is None:
        return None
    return fx.Becomes(fx.Ref("it"), abilities=(ability,), lasting=True)


@line_template
def _exiled_abilities(line: str, printed: Printed, draft: Draft) -> bool:
    # Rules 607.2a, 613.1f: "this has all activated abilities of all [<quality>]
    # cards exiled with it" (Dark Impostor, Myr Welder): the cards this permanent's
    # abilities exile, remembered as exiled with it
    m = re.fullmatch(r"this has all activated abilities of all (?:(.+?) )?cards exiled "
                     r"with (?:it|this)\.", line)
    if not m or not printed.is_permanent:
        return False
    f = card_filter(m.group(1) or "")
    if f is None:
        return False
    draft.statics.append(fx.ContinuousChange(fx.Filter(props=frozenset({fx.SELF})),
                                             exiled_abilities=f))
    return True


_BASIC_NAMES = {"plains": "Plains", "island": "Island", "swamp": "Swamp",
                "mountain": "Mountain", "forest": "Forest"}
_COLOUR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _attached(word: str, noun: str) -> fx.Filter:
    """The permanent an Aura (``enchanted``) or Equipment is attached to."""
    types = frozenset() if noun == "permanent" else frozenset({noun.capitalize()})
    return fx.Filter(types, props=frozenset({fx.ATTACHED}))


def attached_change(line: str) -> fx.ContinuousChange | None:
    """An Aura's or Equipment's type change of the permanent it is attached to
    (613.1d, 305.7; else None): ``enchanted land is an island.`` (its land types
    set), ``enchanted creature loses all abilities [and has base power and toughness
    N/N].``, ``enchanted creature loses all abilities and is a blue frog creature
    with base power and toughness 1/1.`` (205.1a: its other card and creature types
    go), ``enchanted creature is an insect artifact creature with base power and
    toughness 0/1 and has indestructible, and it loses all other abilities, card
    types, and creature types.``"""
    m = re.fullmatch(r"enchanted land is an? (\w+)(?:, (\w+),? and (\w+))?\.", line)
    if m:  # 305.7: it loses its other land types and their abilities
        names = [w for w in m.groups() if w]
        if not all(w in _BASIC_NAMES for w in names):
            return None
        return fx.ContinuousChange(_attached("enchanted", "land"),
                                   set_land_types=tuple(_BASIC_NAMES[w] for w in names))
    m = re.fullmatch(r"(enchanted|equipped) creature loses all abilities(?: and has base "
                     r"power and toughness (\d+)/(\d+))?\.", line)
    if m:
        return fx.ContinuousChange(
            _attached(m.group(1), "creature"), lose_abilities=True,
            power=int(m.group(2)) if m.group(2) else None,
            toughness=int(m.group(3)) if m.group(3) else None)
    m = re.fullmatch(r"(enchanted|equipped) creature is an? ([\w'-]+) with base power "
                     r"and toughness (\d+)/(\d+) and loses all abilities\.", line)
    if m:  # 205.1b: its new creature type replaces the old ones (Lignify)
        subtype = all_subtypes().get(m.group(2))
        if subtype is None:
            return None
        return fx.ContinuousChange(_attached(m.group(1), "creature"), becomes=fx.Becomes(
            fx.Ref("it"), int(m.group(3)), int(m.group(4)), subtypes=(subtype,),
            lose_abilities=True))
    m = re.fullmatch(r"(enchanted|equipped) creature (?:loses all abilities and )?is an? "
                     r"(?:(white|blue|black|red|green) )?([\w'-]+) (artifact )?creature "
                     r"with base power and toughness (\d+)/(\d+)(?: and has ([\w ]+), "
                     r"and it loses all other abilities, card types, and creature types)?"
                     r"\.", line)
    if m and ("loses all abilities" in line) != bool(m.group(7)):
        subtype = all_subtypes().get(m.group(3))
        keywords = keyword_list(m.group(7)) if m.group(7) else ()
        if subtype is None or keywords is None:
            return None
        colour = m.group(2)
        return fx.ContinuousChange(_attached(m.group(1), "creature"), becomes=fx.Becomes(
            fx.Ref("it"), int(m.group(5)), int(m.group(6)),
            ("Artifact", "Creature") if m.group(4) else ("Creature",), (subtype,),
            (_COLOUR_WORDS[colour],) if colour else None, tuple(keywords),
            lose_abilities=True, set_types=True))
    return None


def _attaches_to_creatures(which: str, printed: Printed, draft: Draft) -> bool:
    """Whether "<which> creature" (``enchanted`` / ``equipped``) fits the card: an Aura
    with enchant creature, or an Equipment."""
    if ("Aura" if which == "enchanted" else "Equipment") not in printed.subtypes:
        return False
    return which != "enchanted" or (draft.enchant is not None
                                    and draft.enchant.types == {"Creature"})


@line_template
def _attached_type_and_bonus(line: str, printed: Printed, draft: Draft) -> bool:
    # An Aura's or Equipment's bonus and a creature type it adds (613.1d, 205.1b):
    # "enchanted creature gets +4/+4, has flying and first strike, and is an angel in
    # addition to its other types."
    from labyrinth_gym.envs.magic.engine.text.statics import attached_bonus

    m = re.fullmatch(r"(enchanted|equipped) creature (.+?),? and is an? ([\w'-]+) in "
                     r"addition to its other types\.", line)
    if not m or not _attaches_to_creatures(m.group(1), printed, draft):
        return False
    subtype = all_subtypes().get(m.group(3))
    text = re.sub(r", has ", " and has ", m.group(2))
    bonus = attached_bonus(text)
    if subtype is None or bonus is None:
        return False
    draft.statics.append(bonus)
    draft.statics.append(fx.ContinuousChange(
        _attached(m.group(1), "creature"),
        becomes=fx.Becomes(fx.Ref("it"), subtypes=(subtype,), in_addition=True)))
    return True


@line_template
def _attached_bonus_and_quoted(line: str, printed: Printed, draft: Draft) -> bool:
    # 113.1, 613.1f: an Aura's or Equipment's bonus and a quoted ability its creature
    # has: "equipped creature gets +0/+1 and has "sacrifice this: this deals 1 damage
    # to any target."" (Mortarpod)
    from labyrinth_gym.envs.magic.engine.text.statics import attached_bonus

    m = re.fullmatch(r"(enchanted|equipped) creature (gets [+-]\d+/[+-]\d+(?:, has "
                     r"[\w ,]+,)?) and has \"([^\"]+)\"\.?", line)
    if not m or not _attaches_to_creatures(m.group(1), printed, draft):
        return False
    bonus = attached_bonus(re.sub(r", has (.+),$", r" and has \1", m.group(2)))
    ability = quoted_ability(m.group(3))
    if bonus is None or ability is None:
        return False
    draft.statics.append(bonus)
    draft.statics.append(fx.ContinuousChange(_attached(m.group(1), "creature"),
                                             abilities=(ability,)))
    return True


def continuous_change(line: str) -> fx.ContinuousChange | None:
    """A static type, ability or base power/toughness change (else None)."""
    if line.startswith(("enchanted ", "equipped ")) and \
            (change := attached_change(line)) is not None:
        return change
    m = re.fullmatch(r"(enchanted|equipped) (land|creature|artifact|permanent) has "
                     r"\"([^\"]+)\"\.?", line)
    if m:  # an ability in quotation marks for the permanent it is attached to (113.1)
        ability = quoted_ability(m.group(3))
        if ability is None:
            return None
        noun = m.group(2)
        types = frozenset() if noun == "permanent" else frozenset({noun.capitalize()})
        return fx.ContinuousChange(fx.Filter(types, props=frozenset({fx.ATTACHED})),
                                   abilities=(ability,))
    m = re.fullmatch(r"(.+?) have (?:\"([^\"]+)\"|'([^']+)')\.?", line)
    if m and not m.group(1).startswith(("enchanted ", "equipped ")):
        # 113.1, 613.1f: "mountains you control have '{t}: this deals 1 damage to any
        # target.'" (Koth of the Hammer's emblem): each of them has the ability (an
        # apostrophe inside double quotes: "this mana can't be spent ...")
        f = object_filter(m.group(1), plural=True)
        ability = quoted_ability(m.group(2) or m.group(3))
        if f is None or ability is None or not (f.types or f.subtypes):
            return None
        return fx.ContinuousChange(f, abilities=(ability,))
    m = re.fullmatch(r"each land is an? ([\w'-]+) in addition to its other land "
                     r"types\.", line)
    if m:
        subtype = all_subtypes().get(m.group(1))
        if subtype not in fx.LAND_TYPES:
            return None
        return fx.ContinuousChange(fx.Filter(types=frozenset({"Land"})),
                                   add_land_types=(subtype,))
    m = re.fullmatch(r"(?:all )?(.+?) are (\w+)\.", line)
    if m and m.group(2) in _LAND_TYPE_PLURALS:
        f = object_filter(m.group(1), plural=True)
        if f is None or f.types != {"Land"} or f.subtypes:
            return None
        return fx.ContinuousChange(f, set_land_types=(_LAND_TYPE_PLURALS[m.group(2)],))
    m = re.fullmatch(r"(?:all )?(.+?) (?:(lose all abilities)(?: and have base power and "
                     r"toughness (\d+)/(\d+))?|have base power and toughness "
                     r"(\d+)/(\d+))\.", line)
    if m:
        f = object_filter(m.group(1), plural=True)
        if f is None or f.types != {"Creature"}:
            return None
        power = m.group(3) or m.group(5)
        toughness = m.group(4) or m.group(6)
        return fx.ContinuousChange(
            f, lose_abilities=bool(m.group(2)),
            power=int(power) if power else None,
            toughness=int(toughness) if toughness else None)
    return None


@effect_template
def _copy_token(s: str) -> fx.Effect | None:
    # Rules 707.2, 111.1: "create a token that's a copy of <it>[, except ...]".
    # "a copy of that creature" / "it": the permanent "it" names (a trigger's object:
    # as it last existed if it has left, 608.2h)
    m = re.fullmatch(r"create a token that's a copy of (target [^,]+|this|that creature"
                     r"|it)(?:, except (.+))?", s)
    if not m:
        return None
    what: fx.Selector | None = fx.Ref("self") if m.group(1) == "this" \
        else fx.Ref("it") if m.group(1) in ("that creature", "it") \
        else target_phrase(m.group(1))
    if what is None or isinstance(what, fx.Target) and what.kind not in (
            "creature", "permanent"):
        return None
    extras = copy_extras(m.group(2))
    if extras is None:
        return None
    return fx.CopyToken(what, extras)


@effect_template
def _copy_each_exiled_card(s: str) -> fx.Effect | None:
    """``for each card exiled this way, create a token that's a copy of that card[,
    except ...]`` (Hour of Eternity): after a step exiling cards, one token copy of
    each card it exiled (707.2: the card's copiable values, its printed ones)."""
    m = re.fullmatch(r"for each card exiled this way, create a token that's a copy "
                     r"of that card(?:, except (.+))?", s)
    extras = copy_extras(m.group(1)) if m else None
    return None if extras is None else fx.CopyToken(fx.Ref("that_card"), extras)


@effect_template
def _that_token_gains(s: str) -> fx.Effect | None:
    # "that token gains haste" (right after a token is made, "it" names it)
    m = re.fullmatch(r"that token gains (.+)", s)
    out = read_sentence(f"it gains {m.group(1)}") if m else None
    return out if isinstance(out, fx.Pump) and out.what == fx.Ref("it") else None


@effect_template
def _copies_of_the_sacrificed(s: str) -> fx.Effect | None:
    """``create two tokens that are copies of the sacrificed creature`` (Cleaver
    Skaab; 707.2: the copiable values of the permanent sacrificed to pay the cost, as
    it last existed; the engine's check wants a sacrifice in the cost)."""
    m = re.fullmatch(rf"create (?:a token that's a copy|{NUM} tokens that are copies) "
                     r"of the sacrificed (?:creature|permanent)", s)
    if not m:
        return None
    count = number(m.group(1)) if m.group(1) else 1
    return fx.CopyToken(fx.Ref("cost_sacrificed"), count=count) \
        if isinstance(count, int) and count >= 1 else None


@effect_template
def _emblem(s: str) -> fx.Effect | None:
    # Rule 114.2.
    from labyrinth_gym.envs.magic.engine.text.statics import anthem

    m = re.fullmatch(r'you get an emblem with ("[^"]+"(?: and "[^"]+")?)', s)
    if not m:
        return None
    statics: list[Any] = []
    triggered: list[fx.TriggeredAbility] = []
    for quoted in re.findall(r'"([^"]+)"', m.group(1)):
        if quoted == "you have no maximum hand size":
            statics.append(fx.NoMaxHandSize())  # 402.2, from the command zone
        elif (found := anthem(quoted)) is not None:
            statics.append(found)
        elif (change := continuous_change(quoted)) is not None and change.abilities:
            statics.append(change)  # 113.1: "<permanents> have '<ability>'"
        elif isinstance(ability := quoted_ability(quoted), fx.TriggeredAbility):
            triggered.append(ability)  # 114.4: it triggers from the command zone
        else:
            return None
    return fx.GetEmblem(tuple(statics), tuple(triggered))


@effect_template
def _monstrosity(s: str) -> fx.Effect | None:
    # Rule 701.37a.
    m = re.fullmatch(rf"monstrosity {NUM}", s)
    return fx.Monstrosity(number(m.group(1))) if m else None


@effect_template
def _adapt(s: str) -> fx.Effect | None:
    # Rule 701.46a: an activated ability of the permanent itself.
    m = re.fullmatch(rf"adapt {NUM}", s)
    return fx.Adapt(number(m.group(1))) if m else None


@effect_template
def _sacrifice_it(s: str) -> fx.Effect | None:
    # Rule 701.21a: its controller puts it into its owner's graveyard.
    m = re.fullmatch(r"sacrifice (it|this|that token|that creature)", s)
    if not m:
        return None
    return fx.SacrificeIt(fx.Ref("self") if m.group(1) == "this" else fx.Ref("it"))


@line_template
def _choose_as_enters(line: str, printed: Printed, draft: Draft) -> bool:
    # "as this enters, choose a color / a creature type." (read by the anthems of
    # "... of the chosen color / type" below)
    m = re.fullmatch(r"as this enters, choose an? (color|creature type)\.", line)
    if not m or not printed.is_permanent or any(
            isinstance(s, fx.ChooseAsEnters) for s in draft.statics):
        return False
    draft.statics.append(fx.ChooseAsEnters(m.group(1).replace(" ", "_")))
    return True


_CHOSEN = {"type": ("creature_type", "chosen_type"), "color": ("color", "chosen_color")}


@line_template
def _are_equipment(line: str, printed: Printed, draft: Draft) -> bool:
    # "blood tokens you control are equipment in addition to their other types and
    # have "equipped creature gets +2/+0" and equip {2}." (Arterial Alchemy): artifacts
    # that become Equipment (205.1b: an artifact subtype, 205.3g) with the bonus and
    # the equip ability (702.6a) as abilities they gain (layer 6, 613.1f)
    from labyrinth_gym.envs.magic.engine.text.statics import (
        attached_bonus,
        equip_ability,
    )

    m = re.fullmatch(r"(.+?) are equipment in addition to their other types and have "
                     r"\"equipped creature ([^\"]+)\" and equip (.+)\.", line)
    if not m or (f := object_filter(m.group(1), plural=True)) is None:
        return False
    artifact = f.types == {"Artifact"} or not f.types and bool(f.subtypes) and \
        f.subtypes <= rules_list("artifact_type")
    bonus = attached_bonus(m.group(2))
    equip = equip_ability(m.group(3))
    if not artifact or bonus is None or equip is None:
        return False
    draft.statics.append(fx.ContinuousChange(f, becomes=fx.Becomes(
        fx.Ref("it"), subtypes=("Equipment",), in_addition=True,
        abilities=(bonus, equip))))
    return True


@line_template
def _chosen_type_trigger(line: str, printed: Printed, draft: Draft) -> bool:
    # "whenever a nontoken creature you control of the chosen type enters, ..." (Molten
    # Echoes): the trigger's subject has the type chosen as this entered (the source's
    # choice, 614.12c)
    m = re.fullmatch(r"(whenever an? [^,]+?) of the chosen type (enters, .+)", line)
    if not m or fx.ChooseAsEnters("creature_type") not in draft.statics:
        return False
    ability = quoted_ability(f"{m.group(1)} {m.group(2)}")
    if not isinstance(ability, fx.TriggeredAbility) or \
            not isinstance(subject := ability.trigger.subject, fx.Filter) or \
            subject.types != {"Creature"}:
        return False
    draft.triggered.append(dataclasses.replace(ability, trigger=dataclasses.replace(
        ability.trigger, subject=dataclasses.replace(
            subject, props=subject.props | {"chosen_type"}))))
    return True


@line_template
def _chosen_anthem(line: str, printed: Printed, draft: Draft) -> bool:
    # "creatures you control of the chosen type get +1/+1.", "creatures of the chosen
    # type your opponents control get -1/-1.", "creatures of the chosen color have
    # fear."
    from labyrinth_gym.envs.magic.engine.text.statics import anthem

    m = re.search(r" of the chosen (type|color)\b", line)
    if not m:
        return False
    what, prop = _CHOSEN[m.group(1)]
    if fx.ChooseAsEnters(what) not in draft.statics:
        return False
    found = anthem(line[: m.start()] + line[m.end():])
    if found is None or found.affected.types != {"Creature"}:
        return False
    affected = found.affected
    draft.statics.append(fx.Anthem(
        fx.Filter(affected.types, affected.subtypes, affected.controller,
                  affected.props | {prop}),
        found.power, found.toughness, found.keywords))
    return True


@effect_template
def _chosen_mana(s: str) -> fx.Effect | None:
    # "add one mana of the chosen color" (the choice of "as this enters, choose a
    # color"; resolve.unresolvable refuses it on a card without that choice)
    if re.fullmatch(r"add one mana of the chosen colou?r", s):
        return fx.AddMana(("chosen",))
    return None
