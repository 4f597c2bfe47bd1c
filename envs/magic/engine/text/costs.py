"""The compiler's templates for alternative and additional costs (a template family
of :mod:`~labyrinth_gym.envs.magic.engine.compiler`, registered when it is imported).

Read here (the engine side is :mod:`~casting`):

- ``flashback <cost>`` / ``flashback—<cost>`` (an instant or sorcery) ->
  :class:`~effects.Flashback` (rule 702.34a); the cost is a :func:`~compiler.cost`
  (mana, life, discards, a sacrifice);
- ``kicker <cost>`` / ``kicker—<cost>`` and ``multikicker <cost>`` ->
  :class:`~effects.Kicker` (702.33a, 702.33c);
- ``if this was kicked, <effect>`` (a spell) and, in a triggered ability, ``if it
  was kicked, <effect>`` -> :class:`~effects.IfKicked` (702.33d; as the whole effect
  of a triggered ability, an intervening "if", 603.4); ``this deals N damage to
  <what>. if this was kicked, it deals M damage instead.`` -> a
  :class:`~effects.KickedAmount`; ``this enters with a <kind> counter on it for
  each time it was kicked.`` -> :class:`~effects.EntersWithCounters` of
  ``"kicked"``, and ``if this was kicked, it enters with N <kind> counters on it.``
  -> one of a :class:`~effects.KickedAmount` (0 or N);
- ``overload <cost>`` (an instant or sorcery) -> :class:`~effects.Overload`, whose
  effect is the card's text with "each" for every "target" (702.96b);
- ``each instant and sorcery card in your graveyard gains flashback until end of
  turn. the flashback cost is equal to its mana cost.`` ->
  :class:`~effects.GainFlashback`; ``target instant or sorcery card in your
  graveyard gains flashback ...`` (Snapcaster Mage) -> one with a ``graveyard_card``
  target;
- ``you may <cost> rather than pay this's mana cost.`` (mana, life, "exile a <quality>
  card from your hand", "return a <permanent> you control to its owner's hand", a
  sacrifice) -> :class:`~effects.AltCost` (118.9); with a trap's "if <condition>, "
  before it (Summoning Trap, Archive Trap), one with that condition; ``evoke <cost>`` (a permanent) ->
  one of kind ``"evoke"`` and the triggered ability "when this enters, if its evoke
  cost was paid, sacrifice it" (702.74a);
- ``convoke`` -> :class:`~effects.Convoke` (702.51), ``delve`` ->
  :class:`~effects.Delve` (702.66);
- ``affinity for <permanents>`` (702.41a), ``this costs {N} less / more to cast for
  each <counted>`` and ``... if <condition>`` -> :class:`~effects.SelfCost` (601.2f);
- ``cascade`` -> the triggered ability "when you cast this spell" (event
  ``cast_self``, 603.2) of :class:`~effects.Cascade` (702.85a); ``when you cast this,
  <effect>`` -> such an ability with that effect ("you may": optional; "it", the
  spell, is not read).
"""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.mana import ManaCost, parse_cost
from labyrinth_gym.envs.magic.engine.text.core import (
    LINE_TEMPLATES,
    SENTENCE_GROUPS,
    Draft,
    check_refs,
    effect,
    effect_template,
    is_permanent_card,
    line_template,
    nodes,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    Unsupported,
    activation_condition,
    card_filter,
    cost,
    logical_lines,
    normalise,
    number,
    object_filter,
    strip_ability_word,
)


def _keyword_cost(line: str, keyword: str, x: bool = False) -> fx.Cost | None:
    """The cost of ``<keyword> <cost>`` / ``<keyword>—<cost>`` (None if not that
    shape or not a cost that can be paid as one for a spell: no {T}, nothing of
    "this"; ``{X}`` only if ``x``)."""
    m = re.fullmatch(rf"{keyword}(?: |—)(.+?)\.?", line)
    if not m:
        return None
    paid = cost(m.group(1))
    if paid is None or paid.tap or paid.sacrifice_self or paid.discard_self or (
            paid.mana is not None and paid.mana.x and not x):
        return None
    return paid


def _spell(printed: Printed) -> bool:
    return printed.is_type("Instant") or printed.is_type("Sorcery")


@line_template
def _flashback(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.34a: cast from the graveyard for this cost; exiled as it leaves the stack.
    # (an {X} in it is the spell's X, announced as it is cast: only if the mana cost
    # has one too, 107.3)
    paid = _keyword_cost(line, "flashback",
                         x=printed.cost is not None and printed.cost.x > 0)
    if paid is None or not _spell(printed) or any(
            isinstance(s, fx.Flashback) for s in draft.statics):
        return False
    draft.statics.append(fx.Flashback(paid))
    return True


@line_template
def _jump_start_retrace(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.133a: jump-start (its mana cost and a discard; exiled after), 702.81a:
    # retrace (its mana cost and a land card discarded; not exiled), cast from the
    # graveyard like flashback
    if line not in ("jump-start", "retrace") or not _spell(printed) or \
            printed.cost is None or any(isinstance(s, fx.Flashback)
                                        for s in draft.statics):
        return False
    land = fx.Filter(types=frozenset({"Land"})) if line == "retrace" else None
    draft.statics.append(fx.Flashback(
        fx.Cost(mana=printed.cost, discard=1, discard_filter=land), keyword=line))
    return True


@line_template
def _kicker(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.33a (kicker), 702.33c (multikicker): an optional additional cost.
    multi = line.startswith("multikicker")
    paid = _keyword_cost(line, "multikicker" if multi else "kicker")
    if paid is None or any(isinstance(s, fx.Kicker) for s in draft.statics):
        return False
    draft.statics.append(fx.Kicker(paid, multi))
    return True


@line_template
def _buyback(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.27a: an optional additional cost; paid, the spell returns to its
    # owner's hand as it resolves.
    paid = _keyword_cost(line, "buyback")
    if paid is None or not _spell(printed) or any(
            isinstance(s, fx.Buyback) for s in draft.statics):
        return False
    draft.statics.append(fx.Buyback(paid))
    return True


@line_template
def _overload(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.96: an alternative cost; the text then says "each" for "target".
    m = re.fullmatch(r"overload ((?:\{[^}]+\})+)\.?", line)
    if not m or not _spell(printed) or any(
            isinstance(s, fx.Overload) for s in draft.statics):
        return False
    try:
        mana = parse_cost(m.group(1).upper())
    except ValueError:
        return False
    body = _spell_text(printed, line)
    if not body or "target" not in body:
        return False
    overloaded = effect(re.sub(r"\btarget\b", "each", body))
    if any(isinstance(n, fx.Target) for n in nodes(overloaded)):
        raise Unsupported(line)  # a target left after the change: not read
    check_refs(overloaded, x_defined=printed.cost is not None and printed.cost.x > 0,
               spell=True)
    draft.statics.append(fx.Overload(mana, overloaded))
    return True


def _spell_text(printed: Printed, skip: str) -> str:
    """The lines of a spell's text no line template reads (its effect), but ``skip``."""
    scratch = Draft(set(), [], [], [])
    body = []
    for line in map(strip_ability_word, logical_lines(normalise(printed))):
        if line == skip:
            continue
        if any(t(line, printed, scratch) for t in LINE_TEMPLATES if t is not _overload):
            continue
        body.append(line)
    return " ".join(body)


@effect_template
def _if_kicked(s: str) -> fx.Effect | None:
    # Rule 702.33d: "if this was kicked" (a spell), "if it was kicked" (a trigger of
    # the permanent).
    m = re.fullmatch(r"if (?:this|it) was kicked, (.+)", s)
    if not m:
        return None
    inner = read_sentence(m.group(1))
    if inner is None or isinstance(inner, fx.IfKicked):
        return None
    return fx.IfKicked(inner)


@effect_template
def _x_times_kicked(s: str) -> fx.Effect | None:
    """``return up to x target creature cards from your graveyard to the battlefield,
    where x is the number of times this was kicked`` (702.33c, multikicker): a target
    whose number is the times its spell was kicked (a permanent's trigger: the times
    that permanent's spell was)."""
    m = re.fullmatch(r"(.+), where x is the number of times (?:this|it) was kicked", s)
    base = read_sentence(m.group(1)) if m else None
    if base is None or not dataclasses.is_dataclass(base):
        return None
    changes = {f.name: dataclasses.replace(v, count="kicked")
               for f in dataclasses.fields(base)
               if isinstance(v := getattr(base, f.name), fx.Target) and v.count == "X"}
    if not changes:
        return None
    out = dataclasses.replace(base, **changes)
    if any(getattr(part, f, None) == "X" for part in nodes(out)
           for f in ("amount", "count")):
        return None  # (an x left that the kicks do not define)
    return out


SENTENCE_GROUPS.append((r"this deals \d+ damage to .+\.",
                        r"if this was kicked, it deals \d+ damage instead\."))
SENTENCE_GROUPS.append((r".+ in your graveyard gains flashback until end of turn\.",
                        r"the flashback cost is equal to its mana cost\."))


@effect_template
def _kicked_damage(s: str) -> fx.Effect | None:
    m = re.fullmatch(r"(this deals (\d+) damage to .+)\. if this was kicked, it deals "
                     r"(\d+) damage instead", s)
    if not m:
        return None
    base = read_sentence(m.group(1))
    if not isinstance(base, fx.DealDamage) or base.amount != int(m.group(2)):
        return None
    return fx.DealDamage(fx.KickedAmount(int(m.group(2)), int(m.group(3))), base.to)


@effect_template
def _gain_flashback(s: str) -> fx.Effect | None:
    m = re.fullmatch(r"(.+) in your graveyard gains flashback until end of turn\. the "
                     r"flashback cost is equal to its mana cost", s)
    if not m:
        return None
    if m.group(1) == "each instant and sorcery card":
        return fx.GainFlashback(fx.Filter(types=frozenset({"Instant", "Sorcery"})))
    # "target instant or sorcery card in your graveyard" (Snapcaster Mage): a card
    # target of the graveyard family (imported here, not at the top: a family imports
    # no other family, so the compiler's routing order stays its own)
    from labyrinth_gym.envs.magic.engine.text.linked import graveyard_target

    what = graveyard_target(m.group(1) + " from your graveyard")
    if what is None or what.count != 1 or what.up_to or what.filter.props or \
            not what.filter.types or not what.filter.types <= {"Instant", "Sorcery"}:
        return None
    return fx.GainFlashback(dataclasses.replace(what.filter, controller="any"), what)


@line_template
def _enters_kicked(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.33c-d, 614.1c: "this enters with a <kind> counter on it for each time
    # it was kicked" (multikicker); "if this was kicked, it enters with N <kind>
    # counters on it" (kicker).
    if not printed.is_permanent:
        return False
    if m := re.fullmatch(r"this enters with an? ([+\-\d/a-z]+) counter on it for each "
                         r"time it was kicked\.", line):
        draft.statics.append(fx.EntersWithCounters("kicked", m.group(1)))
        return True
    m = re.fullmatch(rf"if this was kicked, it enters with {NUM} ([+\-\d/a-z]+) "
                     r"counters? on it\.", line)
    if not m or not isinstance(count := number(m.group(1)), int):
        return False
    draft.statics.append(fx.EntersWithCounters(fx.KickedAmount(0, count), m.group(2)))
    return True



# ------------------------------------------ alternative costs and cost changes (118.9)
@line_template
def _convoke_delve(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.51a (convoke), 702.66a (delve), 702.126a (improvise): more ways to pay
    # a spell's mana.
    node = {"convoke": fx.Convoke(), "delve": fx.Delve(),
            "improvise": fx.Improvise()}.get(line.rstrip("."))
    if node is None or printed.is_type("Land") or node in draft.statics:
        return False
    draft.statics.append(node)
    return True


@line_template
def _affinity(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.41a: "affinity for artifacts": this spell costs {1} less to cast for
    # each artifact you control.
    m = re.fullmatch(r"affinity for ([a-z ]+?)\.?", line)
    f = object_filter(m.group(1), plural=True) if m else None
    if f is None or f.controller != "any" or f == fx.Filter() or printed.is_type("Land"):
        return False
    draft.statics.append(fx.SelfCost(-1, fx.Count(
        "permanents", dataclasses.replace(f, controller="you"))))
    return True


@line_template
def _self_cost(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 601.2f: "this costs {N} less (more) to cast for each <counted>" / "if
    # <condition>" (the caster's, as the cost is determined).
    m = re.fullmatch(r"this costs \{(\d+)\} (more|less) to cast (?:for each (.+)|if (.+))\.",
                     line)
    if not m or printed.is_type("Land"):
        return False
    n = int(m.group(1)) * (1 if m.group(2) == "more" else -1)
    if m.group(3):
        # (imported here, not at the top: a family imports no other family)
        from labyrinth_gym.envs.magic.engine.text.counts import counted

        count = counted(m.group(3), plural=False)
        if count is None:
            return False
        draft.statics.append(fx.SelfCost(n, count))
        return True
    condition = activation_condition(m.group(4))
    if condition is None:
        return False
    draft.statics.append(fx.SelfCost(n, condition=condition))
    return True


def _alt_parts(text: str) -> fx.Cost | None:
    """The cost of "you may <text> rather than pay this spell's mana cost": mana
    ("pay {2}"), life, "exile a <quality> card from your hand", "return a <permanent>
    you control to its owner's hand", a sacrifice, discards."""
    exile_hand = bounce = None
    rest = []
    for part in re.split(r",? and |, ", text):
        if m := re.fullmatch(r"exile an? (.+) card from your hand", part):
            exile_hand = card_filter(m.group(1))
            if exile_hand is None:
                return None
        elif m := re.fullmatch(r"return an? (.+) you control to its owner's hand", part):
            bounce = object_filter(m.group(1))
            if bounce is None or bounce.controller != "any":
                return None
        elif m := re.fullmatch(r"pay ((?:\{[^}]+\})+)", part):
            rest.append(m.group(1))
        else:
            rest.append(part)
    paid = cost(", ".join(rest)) if rest else fx.Cost()
    if paid is None or paid.tap or paid.sacrifice_self or paid.discard_self or \
            paid.tap_count or paid.remove_counters or (paid.mana is not None and paid.mana.x):
        return None
    if bounce is not None and paid.sacrifice is not None:
        return None
    return dataclasses.replace(paid, exile_hand=exile_hand, bounce=bounce)


def _one_alternative(draft: Draft) -> bool:
    return not any(isinstance(s, (fx.AltCost, fx.Overload)) for s in draft.statics)


@line_template
def _alternative_cost(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 118.9: "you may <cost> rather than pay this spell's mana cost."
    # A trap's (Archive Trap): "if <condition>, you may pay {0} rather than ...", the
    # alternative cost offered only while the condition holds (601.2b).
    m = re.fullmatch(r"(?:if (.+?), )?you may (.+) rather than pay this's mana cost\.",
                     line)
    if not m or printed.is_type("Land") or not _one_alternative(draft):
        return False
    condition = None
    if m.group(1):
        condition = activation_condition(m.group(1))
        if condition is None:
            return False
    paid = _alt_parts(m.group(2))
    if paid is None:
        return False
    draft.statics.append(fx.AltCost(paid, condition=condition))
    return True


@line_template
def _granted_alternative_cost(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 118.9: "you may pay {0} rather than pay the mana cost for zombie creature
    # spells you cast." (Rooftop Storm): an alternative cost for other spells
    m = re.fullmatch(r"you may pay ((?:\{[^}]+\})+) rather than pay the mana cost for "
                     r"(.+?) spells you cast\.", line)
    if not m or not is_permanent_card(printed) or \
            (f := card_filter(m.group(2))) is None or f == fx.Filter():
        return False
    paid = cost(m.group(1))
    if paid is None or paid != fx.Cost(mana=paid.mana) or paid.mana is None or \
            paid.mana.x:
        return False
    draft.statics.append(fx.GrantedAltCost(dataclasses.replace(f, controller="you"),
                                           paid.mana))
    return True


EVOKE_SACRIFICE = fx.TriggeredAbility(fx.Trigger("enters", fx.Ref("self"),
                                                 condition="evoked"),
                                      fx.SacrificeIt(fx.Ref("self")))
"""Evoke's triggered ability (702.74a): "when this permanent enters, if its evoke cost
was paid, its controller sacrifices it"."""


@line_template
def _evoke(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.74a: an alternative cost, and the sacrifice as the permanent enters.
    paid = _keyword_cost(line, "evoke")
    if paid is None or not printed.is_permanent or printed.is_type("Land") or \
            not _one_alternative(draft):
        return False
    draft.statics.append(fx.AltCost(paid, "evoke"))
    draft.triggered.append(EVOKE_SACRIFICE)
    return True


def _mana_only(text: str) -> ManaCost | None:
    """The cost ``text`` if it is mana alone, with no {X} (a keyword's cost paid as a
    special action: foretell, suspend); else None."""
    paid = cost(text)
    if paid is None or paid != fx.Cost(mana=paid.mana) or paid.mana is None or \
            paid.mana.x:
        return None
    return paid.mana


@line_template
def _foretell(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.143a: "foretell [cost]" (the engine: elsewhere.foretell_card, the
    # special action, and the "foretell" alternative cost cast from exile)
    m = re.fullmatch(r"foretell (\{.+\})\.?", line)
    if m is None or printed.is_type("Land") or any(
            isinstance(s, fx.Foretell) for s in draft.statics):
        return False
    mana = _mana_only(m.group(1))
    if mana is None:
        return False
    draft.statics.append(fx.Foretell(mana))
    return True


@line_template
def _first_foretell_free(line: str, printed: Printed, draft: Draft) -> bool:
    # "the first card you foretell each turn costs {0} to foretell." (702.143a: the
    # special action's {2}; a permanent's static)
    if line != "the first card you foretell each turn costs {0} to foretell." or \
            not printed.is_permanent:
        return False
    draft.statics.append(fx.FirstForetellFree())
    return True


@line_template
def _suspend(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.62a: "suspend N—[cost]" (the engine: elsewhere.suspend_card and the
    # upkeep's time counters)
    m = re.fullmatch(r"suspend (\d+)—(.+?)\.?", line)
    if m is None or printed.is_type("Land") or any(
            isinstance(s, fx.Suspend) for s in draft.statics):
        return False
    mana = _mana_only(m.group(2))
    if mana is None or int(m.group(1)) < 1:
        return False
    draft.statics.append(fx.Suspend(int(m.group(1)), fx.Cost(mana=mana)))
    return True


@line_template
def _creature_alt_cost(line: str, printed: Printed, draft: Draft) -> bool:
    # A creature card's alternative cost of mana only: bestow (702.103a: cast for it,
    # the spell is an Aura with enchant creature; the compiler reads the card's
    # "enchanted creature" lines as an Aura's: compiler.BESTOW) and dash (702.109a:
    # paid, the permanent has haste and returns to its owner's hand at the beginning
    # of the next end step: casting.enter_from_stack)
    for kind in ("bestow", "dash"):
        paid = _keyword_cost(line, kind)
        if paid is not None:
            break
    else:
        return False
    if not printed.is_type("Creature") or paid != fx.Cost(mana=paid.mana) or \
            paid.mana is None or not _one_alternative(draft):
        return False
    draft.statics.append(fx.AltCost(paid, kind))
    return True


CASCADE = fx.TriggeredAbility(fx.Trigger("cast_self"), fx.Cascade())
"""Cascade (702.85a): "when you cast this spell, exile cards ... (:class:`~effects.
Cascade`)"."""


@line_template
def _cascade(line: str, printed: Printed, draft: Draft) -> bool:
    if line.rstrip(".") != "cascade" or printed.is_type("Land"):
        return False
    draft.triggered.append(CASCADE)
    return True


@line_template
def _miracle(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.94a: a static ability (reveal it as it is drawn, the first card its
    # owner drew this turn) and the triggered ability that casts it for this cost.
    paid = _keyword_cost(line, "miracle", x=printed.cost is not None and printed.cost.x > 0)
    if paid is None or paid.mana is None or paid != fx.Cost(mana=paid.mana) or \
            printed.is_type("Land"):
        return False
    draft.triggered.append(fx.TriggeredAbility(fx.Trigger("miracle"),
                                               fx.Miracle(paid.mana)))
    return True


@line_template
def _when_you_cast(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 603.2: "when you cast this spell, <effect>": a triggered ability of the
    # spell, on the stack above it.
    m = re.fullmatch(r"when you cast this, (.+)", line, re.DOTALL)
    if not m or printed.is_type("Land"):
        return False
    trigger = fx.Trigger("cast_self")
    what = effect(m.group(1))
    optional = isinstance(what, fx.MayDo)
    if optional:
        what = what.effect
    if any(isinstance(n, fx.Ref) and n.name in ("it", "its_controller")
           for n in nodes(what)):
        raise Unsupported("'it' in a cast trigger (the spell)")
    check_refs(what, trigger)  # (X: the spell's, which the ability does not know)
    draft.triggered.append(fx.TriggeredAbility(trigger, what, optional))
    return True


@effect_template
def _sorcery_flash(s: str) -> fx.Effect | None:
    # Quicken: a permission to cast the next sorcery at instant speed (601.3)
    if s == "you may cast spells this turn as though they had flash":
        return fx.SorceryFlash(every=True)  # (Alchemist's Refuge)
    if s != "the next sorcery spell you cast this turn can be cast as though it had flash":
        return None
    return fx.SorceryFlash()
