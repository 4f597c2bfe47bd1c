"""Effect templates that wrap another effect: delayed effects ("... at the beginning of
the next end step", rule 603.7) and "you may ..." (an optional step)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.mana import parse_cost
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    effect_template,
    has_target,
    nodes,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    activation_condition,
    card_filter,
    energy_amount,
    with_amounts,
)

_DELAYED_TIMES = {"at the beginning of the next end step": "next_end_step",
                  "at end of combat": "end_of_combat",
                  "at the beginning of your next upkeep": "your_next_upkeep",
                  "at the beginning of the next turn's upkeep": "next_turns_upkeep",
                  "when that creature dies this turn": "it_dies_this_turn"}


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
        inner = read_sentence(body)
        if inner is None or has_target(inner) or any(
                isinstance(n, (fx.Delayed, fx.MayDo, fx.Choose)) for n in nodes(inner)):
            return None
        return fx.Delayed(when, inner)
    return None


_DIE = {"a d4": (4, 1), "a d6": (6, 1), "a d8": (8, 1), "a d10": (10, 1),
        "a d12": (12, 1), "a d20": (20, 1), "a six-sided die": (6, 1),
        "two d4": (4, 2), "two d6": (6, 2), "two six-sided dice": (6, 2)}


@effect_template
def _roll(s: str) -> fx.Effect | None:
    """``roll a d20`` with no results table (rule 706): the total is what a later
    step's "equal to the result" counts."""
    m = re.fullmatch(r"roll (.+)", s)
    if m and m.group(1) in _DIE:
        return fx.RollDice(*_DIE[m.group(1)])
    m = re.fullmatch(r"roll two d(4|6|8|10|12|20) and choose one result", s)
    if m:  # (706: "that result" and "the other result")
        return fx.RollDice(int(m.group(1)), 2, choose=True)
    return None


@effect_template
def _then(s: str) -> fx.Effect | None:
    """``then <effect>`` as a sentence of its own, after the step before it (``put a
    muster counter on this. then create ... for each muster counter on this.``)."""
    m = re.fullmatch(r"then (.+)", s)
    return read_sentence(m.group(1)) if m else None


@effect_template
def _may(s: str) -> fx.Effect | None:
    if m := re.fullmatch(r"you may have this (deal|gain|get)( .+)", s):
        # "you may have this deal 3 damage to any target" (Valakut)
        inner = read_sentence(f"this {m.group(1)}s{m.group(2)}")
        return fx.MayDo(inner) if inner is not None else None
    if m := re.fullmatch(r"you may (.+)", s):
        inner = read_sentence(m.group(1))
        if inner is None and re.match(r"(gain|lose) ", m.group(1)):
            inner = read_sentence("you " + m.group(1))  # "you may gain 1 life"
        if inner is None and m.group(1).startswith("have this deal "):
            # "you may have this deal 1 damage to itself": this is the source
            inner = read_sentence("this deals " + m.group(1)[len("have this deal "):])
        if inner is not None and not isinstance(inner, fx.MayDo):
            return fx.MayDo(inner)
    return None


@effect_template
def _pay(s: str) -> fx.Effect | None:
    """``pay {2}{u}``, ``pay 3 life``, ``pay {1} and 2 life``: a payment on resolution
    (608.2d), read only as the optional action of ``you may pay ...`` (a bare one is
    refused by the engine's check)."""
    if s.startswith("pay ") and isinstance(n := energy_amount(s[4:]), int) and n > 0:
        return fx.PayCost(energy=n)  # "pay {e}{e}" (107.14)
    m = re.fullmatch(r"pay ((?:\{[0-9wubrgcsp/]+\})+)?( and )?(?:(\d+) life)?", s)
    if m is None or not (m.group(1) or m.group(3)) or \
            bool(m.group(2)) != bool(m.group(1) and m.group(3)):
        return None
    try:
        mana = parse_cost(m.group(1).upper()) if m.group(1) else None
    except ValueError:
        return None
    return fx.PayCost(mana, int(m.group(3) or 0))


@effect_template
def _unless_you_pay(s: str) -> fx.Effect | None:
    """``<effect> unless you pay <cost>`` / ``unless you pay <cost>, <effect>`` (rule
    118.12): the controller may pay on resolution; if they don't, the effect
    happens."""
    m = re.fullmatch(r"(.+) unless you pay ([^,]+)", s) or \
        re.fullmatch(r"unless you pay ([^,]+), (.+)", s)
    if m is None:
        return None
    body, paid = (m.group(1), m.group(2)) if not s.startswith("unless ") else \
        (m.group(2), m.group(1))
    cost = _pay("pay " + paid)
    inner = read_sentence(body)
    if not isinstance(cost, fx.PayCost) or inner is None or any(
            isinstance(n, (fx.MayDo, fx.Unless, fx.PayCost)) for n in nodes(inner)):
        return None
    return fx.Unless(cost, inner)


_PLAYER_TARGETS = ("player", "opponent")


@effect_template
def _unless_that_player_sacrifices(s: str) -> fx.Effect | None:
    """``this deals 5 damage to target opponent unless that player sacrifices a
    creature of their choice`` (Demanding Dragon; rule 118.12, a punisher): the
    targeted player may sacrifice on resolution (asked only when they can, 118.3);
    if they don't, the effect happens. ``that player`` is the one target player of
    the effect (``Ref("it")``)."""
    m = re.fullmatch(r"(.+) unless (?:that player|they) (sacrifices?) (.+)", s)
    if m is None:
        return None
    inner = read_sentence(m.group(1))
    cost = read_sentence(f"that player sacrifices {m.group(3)}")
    targets = [n for n in nodes(inner) if isinstance(n, fx.Target)] \
        if inner is not None else []
    if not isinstance(cost, fx.Sacrifice) or cost.who != fx.Ref("that_player") or \
            len(targets) != 1 or targets[0].kind not in _PLAYER_TARGETS or \
            targets[0].count != 1 or isinstance(inner, fx.Sequence) or any(
                isinstance(n, (fx.MayDo, fx.Unless, fx.PayCost)) for n in nodes(inner)):
        return None
    return fx.Unless(dataclasses.replace(cost, who=fx.Ref("it")), inner)


@effect_template
def _if_condition(s: str) -> fx.Effect | None:
    """``if you control three or more artifacts, exile that creature`` (608.2c): a
    step that happens only if the controller's condition holds as it resolves; its
    effect chooses no target (a target would be chosen as the spell is cast)."""
    m = re.fullmatch(r"(then )?if ([^,]+), (.+)", s)
    if not m or (condition := activation_condition(m.group(2))) is None or (
            m.group(1) and condition.kind != "it_counters"):
        return None
    inner = read_sentence(m.group(3))
    if inner is None or has_target(inner) or m.group(3).endswith(" instead"):
        return None
    return fx.IfHolds(condition, inner)


@effect_template
def _if_target_is(s: str) -> fx.Effect | None:
    """``counter target spell if it's blue``, ``destroy target permanent if it's
    blue`` (Pyroblast): the target is chosen whatever its quality, and the effect
    happens only if it has the quality as it resolves (:class:`~effects.IfTargetIs`)."""
    m = re.fullmatch(r"(.+ target .+) if it's (\w+)", s)
    if not m or (f := card_filter(m.group(2))) is None or f == fx.Filter() or \
            f.subtypes:
        return None
    inner = read_sentence(m.group(1))
    targets = [n for n in nodes(inner) if isinstance(n, fx.Target)] if inner else []
    if len(targets) != 1 or targets[0].count != 1 or targets[0].up_to:
        return None
    return fx.IfTargetIs(f, inner)


# (not a replacement's "if <it> would <event>, <other event> instead")
SENTENCE_GROUPS.append((r".+\.", r"if (?!.* would )[^,]+, .+ instead\."))


_THOSE = re.compile(r"\bthat (?:player or planeswalker|creature|permanent)\b")


@effect_template
def _if_instead(s: str) -> fx.Effect | None:
    """``<effect>. if <condition>, <that effect with other amounts> instead``
    (Searing Blaze's landfall: "this deals 1 damage to target player or planeswalker
    and 1 damage to target creature that player or that planeswalker's controller
    controls. if you had a land enter the battlefield under your control this turn,
    this deals 3 damage to that player or planeswalker and 3 damage to that creature
    instead"): one effect whose differing amounts are checked as it resolves
    (608.2h); the second sentence names the first one's targets."""
    m = re.fullmatch(r"(.+)\. if ([^,]+), (.+) instead", s)
    if not m or (condition := activation_condition(m.group(2))) is None:
        return None
    base = read_sentence(m.group(1))
    other = read_sentence(_THOSE.sub("it", m.group(3)))
    if base is None or other is None or has_target(other):
        return None
    out = with_amounts(base, other, condition)
    return out if out is not None and out != base else None
