"""Templates for counter keywords and counter manipulation (rule 122 and the keywords
that put, move or read +1/+1 counters).

Keyword lines (each part of the line one keyword; any other part a keyword of
:data:`~keywords.ALL`), each read as the abilities the rule says it stands for:

- ``bloodthirst N`` (702.54a): "if an opponent was dealt damage this turn, this
  permanent enters with N +1/+1 counters on it" (:class:`~effects.EntersWithCounters`
  with the condition ``opponent_dealt_damage``);
- ``modular N`` (702.43a): it enters with N +1/+1 counters, and "when this dies, you
  may put a +1/+1 counter on target artifact creature for each +1/+1 counter on this"
  (counted as it last existed, 608.2h);
- ``graft N`` (702.58a): it enters with N +1/+1 counters, and "whenever another
  creature enters, if this has a +1/+1 counter on it, you may move a +1/+1 counter
  from this onto that creature" (:class:`~effects.MoveCounters`);
- ``outlast {cost}`` (702.107a): "{cost}, {T}: put a +1/+1 counter on this. Activate
  only as a sorcery.";
- ``it gains bloodthirst N``: a cast trigger's spell gains it (:class:`~effects.SpellGains`);
- ``support N`` (701.41a), a line of its own: on a permanent, "when this enters, put a
  +1/+1 counter on each of up to N other target creatures"; on an instant or sorcery,
  its effect on up to N target creatures.

Lines:

- "this enters with x +1/+1 counters on it, where x is the greatest power among other
  creatures you control" and "this enters with a +1/+1 counter on it for each
  <counted>" (614.1c with 614.12: counted immediately before it enters);
- the effects "double the number of +1/+1 counters on <each creature you control /
  this / it / target creature>" (701.10e, :class:`~effects.DoubleCounters`) and
  "remove all counters from target permanent" (122.8, :class:`~effects.RemoveCounters`).
"""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.mana import parse_cost
from labyrinth_gym.envs.magic.engine.text.core import (
    LINE_TEMPLATES,
    SENTENCE_GROUPS,
    Draft,
    check_refs,
    effect,
    effect_template,
    has_target,
    is_permanent_card,
    line_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    creature_subtypes,
    number,
    object_filter,
    permanents,
    subtype_plurals,
)

_ARTIFACT_CREATURE = fx.Target("creature", fx.Filter(props=frozenset({"artifact"})))
_PLUS = "+1/+1"


def _modular(n: int) -> list:
    """Rule 702.43a: modular N's two abilities."""
    return [fx.EntersWithCounters(n),
            fx.TriggeredAbility(fx.Trigger("dies"), fx.AddCounters(
                fx.Count("counters", counter=_PLUS), _ARTIFACT_CREATURE), optional=True)]


def _graft(n: int) -> list:
    """Rule 702.58a: graft N's two abilities."""
    return [fx.EntersWithCounters(n),
            fx.TriggeredAbility(
                fx.Trigger("enters", fx.Filter(types=frozenset({"Creature"}),
                                               props=frozenset({"other"})),
                           condition=fx.ActivationCondition(
                               "counters_on_this", count=1, counter=_PLUS)),
                fx.MoveCounters(1, fx.Ref("self"), fx.Ref("it")), optional=True)]


def _bloodthirst(n: int) -> list:
    """Rule 702.54a: bloodthirst N."""
    return [fx.EntersWithCounters(n, condition=fx.ActivationCondition(
        "opponent_dealt_damage"))]


def _outlast(mana: str) -> list | None:
    """Rule 702.107a: outlast [cost]."""
    try:
        cost = parse_cost(mana.upper())
    except ValueError:
        return None
    if cost.x:
        return None
    return [fx.ActivatedAbility(fx.Cost(mana=cost, tap=True),
                                fx.AddCounters(1, fx.Ref("self")), sorcery_speed=True)]


def _renown(n: int) -> list:
    """Rule 702.112a: renown N, "when this deals combat damage to a player, if it
    isn't renowned, put N +1/+1 counters on it and it becomes renowned"."""
    return [fx.TriggeredAbility(
        fx.Trigger("deals_combat_damage_player", condition="not_renowned"),
        fx.Renown(n))]


_NUMBERED = {"bloodthirst": _bloodthirst, "modular": _modular, "graft": _graft,
             "renown": _renown}

SUNBURST = fx.Count("colours_spent")
"""Sunburst's and converge's amount: the colours of mana spent to cast it."""

EXPLOIT = fx.TriggeredAbility(fx.Trigger("enters"), fx.MayDo(fx.Sacrifice(
    fx.Filter(types=frozenset({"Creature"})))))
"""Rule 702.110a: exploit, "when this creature enters, you may sacrifice a creature";
its "when this exploits a creature" line completes it (:func:`_exploits`)."""


def counter_keyword(part: str, printed: Printed) -> list | None:
    """The abilities one counter keyword of a keyword line stands for, else None."""
    if m := re.fullmatch(r"(bloodthirst|modular|graft|renown) (\d+)", part):
        return _NUMBERED[m.group(1)](int(m.group(2)))
    if m := re.fullmatch(r"outlast ((?:\{[^}]+\})+)", part):
        return _outlast(m.group(1))
    if part == "sunburst":
        # 702.44a: +1/+1 counters if it enters as a creature, else charge counters
        # (read from its card's types: nothing here animates a spell as it enters)
        return [fx.EntersWithCounters(
            SUNBURST, _PLUS if "Creature" in printed.types else "charge")]
    if part == "modular—sunburst":  # 702.43a with 702.44a: as many as sunburst says
        entering, dies = _modular(1)
        return [fx.EntersWithCounters(SUNBURST), dies]
    if part == "exploit" and "Creature" in printed.types:
        return [EXPLOIT]
    if m := re.fullmatch(r"fabricate (\d+)", part):  # 702.123a
        return [fx.TriggeredAbility(fx.Trigger("enters"), fx.Fabricate(int(m.group(1))))]
    return None


@line_template
def _counter_keyword_line(line: str, printed: Printed, draft: Draft) -> bool:
    if not is_permanent_card(printed):
        return False
    parts = [p.strip() for p in line.split(",")]
    known = [counter_keyword(p, printed) for p in parts if p not in KW.ALL]
    if not known or None in known:
        return False
    for abilities in known:
        for ability in abilities:
            if isinstance(ability, fx.TriggeredAbility):
                draft.triggered.append(ability)
            elif isinstance(ability, fx.ActivatedAbility):
                draft.activated.append(ability)
            else:
                draft.statics.append(ability)
    draft.keywords.update(p for p in parts if p in KW.ALL)
    return True


@line_template
def _support(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 701.41a: "support N." on a permanent: "when this enters, put a +1/+1
    # counter on each of up to N other target creatures"
    m = re.fullmatch(r"support (\d+)\.", line)
    if not m or not is_permanent_card(printed):
        return False
    draft.triggered.append(fx.TriggeredAbility(fx.Trigger("enters"), fx.AddCounters(
        1, fx.Target("creature", fx.Filter(props=frozenset({"other"})),
                     int(m.group(1)), up_to=True))))
    return True


@effect_template
def _spell_gains_bloodthirst(s: str) -> fx.Effect | None:
    """``it gains bloodthirst 3`` (a cast trigger's spell: Bloodlord of Vaasgoth): the
    spell gains the replacement bloodthirst stands for (702.54a), applied as its
    permanent enters (:class:`~effects.SpellGains`; only a cast trigger's ``it`` is
    a spell, :func:`~resolve.unresolvable` checks it)."""
    m = re.fullmatch(r"it gains bloodthirst (\d+)", s)
    return fx.SpellGains(fx.Ref("it"), tuple(_bloodthirst(int(m.group(1))))) \
        if m else None


@effect_template
def _support_spell(s: str) -> fx.Effect | None:
    # Rule 701.41a: "support N" of an instant or sorcery: up to N target creatures
    m = re.fullmatch(r"support (\d+)", s)
    return fx.AddCounters(1, fx.Target("creature", None, int(m.group(1)), up_to=True)) \
        if m else None


@line_template
def _enters_with_counted(line: str, printed: Printed, draft: Draft) -> bool:
    # 614.1c, 614.12: "this enters with x +1/+1 counters on it, where x is the greatest
    # power among other creatures you control" / "... with a +1/+1 counter on it for
    # each creature card in your graveyard": counted as it is about to enter
    m = re.fullmatch(rf"this enters with {NUM} ([+-]1/[+-]1|[a-z]+) counters? on it"
                     r"(, where x is .+| for each .+)\.", line)
    if not m or not is_permanent_card(printed):
        return False
    count = number(m.group(1))
    kind, tail = m.group(2), m.group(3)
    if not (kind in (_PLUS, "-1/-1") or fx.plain_counter(kind)):
        return False
    if tail == " for each color of mana spent to cast it" and isinstance(count, int):
        # converge: the colours of mana spent to cast it (601.2h)
        draft.statics.append(fx.EntersWithCounters(
            dataclasses.replace(SUNBURST, times=count), kind))
        return True
    if g := re.fullmatch(r", where x is the greatest power among (.+)", tail):
        f = object_filter(g.group(1), plural=True)
        if count != "X" or f is None:
            return False
        draft.statics.append(fx.EntersWithCounters(fx.Count("greatest_power", f), kind))
        return True
    read = read_sentence(f"put {m.group(1)} {kind} counters on this{tail}")
    if not isinstance(read, fx.AddCounters) or read.what != fx.Ref("self") or \
            not isinstance(read.count, fx.Count) or read.counter != kind or \
            read.count.what == "counters":
        return False
    draft.statics.append(fx.EntersWithCounters(read.count, kind))
    return True


@effect_template
def _double_counters(s: str) -> fx.Effect | None:
    # 701.10e: "double the number of +1/+1 counters on each creature you control"
    m = re.fullmatch(r"double the number of (\+1/\+1|[a-z]+) counters on (.+)", s)
    if not m or not (m.group(1) == _PLUS or fx.plain_counter(m.group(1))):
        return None
    what = permanents(m.group(2))
    return None if what is None else fx.DoubleCounters(what, m.group(1))


@effect_template
def _remove_counters(s: str) -> fx.Effect | None:
    # 122.8: "remove all counters from target permanent"
    m = re.fullmatch(r"remove all (?:(\+1/\+1|[+-]1/[+-]1|[a-z]+) )?counters from (.+)", s)
    if not m:
        return None
    what = permanents(m.group(2))
    return None if what is None else fx.RemoveCounters(None, what, m.group(1) or "")


def _own_stat_trigger(line: str, printed: Printed, draft: Draft) -> bool:
    # A permanent's own trigger with no target: "its power" is the source's (608.2h:
    # as it resolves, or as it last existed): "when this enters, draw cards equal to
    # its power" (Prime Speaker Zegana)
    m = re.fullmatch(r"(when(?:ever)? this (?:enters|attacks|dies), )(.+ equal to )its "
                     r"(power|toughness)\.", line)
    if not m or "target" in m.group(2) or not is_permanent_card(printed):
        return False
    rewritten = f"{m.group(1)}{m.group(2)}this's {m.group(3)}."
    return any(t(rewritten, printed, draft) for t in LINE_TEMPLATES
               if t is not _own_stat_trigger)


# tried before the trigger templates, which refuse the line as it is worded ("its"
# could name a target there); it only rewrites what it reads and hands it back
LINE_TEMPLATES.insert(0, _own_stat_trigger)


@effect_template
def _draw_equal_to_own_stat(s: str) -> fx.Effect | None:
    # "draw cards equal to this's power": the source's, 608.2h
    m = re.fullmatch(r"(you )?draw cards equal to this's (power|toughness)", s)
    return fx.Draw(fx.StatOf(m.group(2), "self")) if m else None


@line_template
def _exploits(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.110b: "when this exploits a creature, <effect>" completes its exploit
    # ability: "you may sacrifice a creature. when you do, <effect>" (603.12), which
    # triggers only if this was on the battlefield as the creature was sacrificed
    m = re.fullmatch(r"when this exploits a creature, (.+)", line, re.DOTALL)
    if not m or EXPLOIT not in draft.triggered:
        return False
    what = effect(f"you may sacrifice a creature. when you do, {m.group(1)}")
    if not isinstance(what, fx.Sequence) or len(what.steps) != 2 or \
            not isinstance(what.steps[1], fx.WhenYouDo):
        return False
    what = fx.Sequence((what.steps[0], dataclasses.replace(what.steps[1], exploit=True)))
    check_refs(what, EXPLOIT.trigger)
    draft.triggered[draft.triggered.index(EXPLOIT)] = fx.TriggeredAbility(
        EXPLOIT.trigger, what)
    return True


@effect_template
def _amass(s: str) -> fx.Effect | None:
    # Rule 701.44a: "amass zombies 2"
    m = re.fullmatch(rf"amass ([a-z]+) {NUM}", s)
    if not m:
        return None
    subtype = subtype_plurals().get(m.group(1))
    count = number(m.group(2))
    if subtype is None or subtype not in creature_subtypes().values() or \
            not isinstance(count, int):
        return None
    return fx.Amass(subtype, count)


@effect_template
def _bolster(s: str) -> fx.Effect | None:
    # Rule 701.39a: "bolster 2"
    m = re.fullmatch(rf"bolster {NUM}", s)
    if not m:
        return None
    count = number(m.group(1))
    return fx.Bolster(count) if isinstance(count, int) else None


@effect_template
def _shield_counters(s: str) -> fx.Effect | None:
    # 122.1c: "put a shield counter on target creature" (a counter kind with rules of
    # its own, which the engine plays: damage and destruction remove one instead)
    m = re.fullmatch(rf"put {NUM} shield counters? on (.+)", s)
    if m and isinstance(count := number(m.group(1)), int) and \
            (what := permanents(m.group(2))) is not None:
        return fx.AddCounters(count, what, "shield")
    return None


@line_template
def _enters_with_shield(line: str, printed: Printed, draft: Draft) -> bool:
    # 614.1c with 122.1c: "this enters with a shield counter on it"
    m = re.fullmatch(rf"this enters with {NUM} shield counters? on it\.", line)
    if not m or not is_permanent_card(printed) or \
            not isinstance(count := number(m.group(1)), int):
        return False
    draft.statics.append(fx.EntersWithCounters(count, "shield"))
    return True


SENTENCE_GROUPS.append((r"put an? [a-z]+ counter on this\.",
                        r"then if it has [^,]+ counters on it, .+"))


@effect_template
def _counter_then_if_this_has(s: str) -> fx.Effect | None:
    """``put a night counter on this. then if it has eight or more night counters on
    it, remove all of them and <effect>`` (Replicating Ring): "it" is this, whose
    counters are checked as the second step resolves (608.2c; the condition
    ``counters_on_this``)."""
    m = re.fullmatch(r"put an? ([a-z]+) counter on this\. then if it has (\w+) or more "
                     r"\1 counters on it, (remove all of them and )?(.+)", s)
    if not m or not fx.plain_counter(m.group(1)) or \
            not isinstance(n := number(m.group(2)), int):
        return None
    rest = (f"remove all {m.group(1)} counters from this and " if m.group(3) else "") \
        + m.group(4)
    inner = read_sentence(rest)
    if inner is None or has_target(inner):
        return None
    return fx.Sequence((fx.AddCounters(1, fx.Ref("self"), m.group(1)), fx.IfHolds(
        fx.ActivationCondition("counters_on_this", count=n, counter=m.group(1)), inner)))
