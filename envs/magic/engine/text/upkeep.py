"""Line and effect templates for keywords and rules about the turn's steps (rules
502.3, 702.24, 702.30, 702.32, 702.63): each keyword line stands for the abilities the
rule defines, built here.

- ``echo <mana cost>`` (702.30a): "At the beginning of your upkeep, if this came under
  your control since the beginning of your last upkeep, sacrifice it unless you pay
  [its echo cost]" (the "if" is :data:`~effects.OBJECT_CONDITIONS` ``echo``).
- ``cumulative upkeep <mana cost>`` / ``cumulative upkeep—pay N life.`` (702.24a): "At
  the beginning of your upkeep, put an age counter on this permanent, then sacrifice
  it unless you pay [its upkeep cost] for each age counter on it"
  (:attr:`~effects.PayCost.per_counter`).
- ``vanishing N`` (702.63a): "This permanent enters with N time counters on it", "At
  the beginning of your upkeep, if there is a time counter on it, remove a time
  counter from it" and "When the last time counter is removed from this permanent,
  sacrifice it" (event ``last_time_counter_removed``).
- ``fading N`` (702.32a): "This permanent enters with N fade counters on it" and "At
  the beginning of your upkeep, remove a fade counter from it. If you can't,
  sacrifice it" (:attr:`~effects.RemoveCounters.or_sacrifice`).

- ``you may choose not to untap this during your untap step`` (502.3,
  :class:`~effects.DoesntUntap` ``optional``); "<it> doesn't untap during its
  controller's untap step for as long as this remains tapped" (611.2b); "this doesn't
  untap during your next untap step"; "tap <target> and put N stun counters on it"
  (122.1d) and "tap <it> and it doesn't untap during its controller's next untap step".

Other echo and upkeep costs (a discard, a sacrifice, snow mana) stay refused with
their line."""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    Draft,
    effect_template,
    line_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import NUM, cost, number, permanents

_SELF = fx.Ref("self")
_YOUR_UPKEEP = fx.Ref("you")


def _payment(text: str) -> fx.PayCost | None:
    """``{2}{r}`` or ``pay 2 life`` as what an upkeep trigger asks (None if it asks
    anything else: mana with {X} or snow, a discard, a sacrifice)."""
    paid = cost(text.removesuffix("."))
    if paid is None or paid != fx.Cost(mana=paid.mana, pay_life=paid.pay_life) or (
            paid.mana is not None and (paid.mana.x or "S" in paid.mana.pips)):
        return None
    return fx.PayCost(paid.mana, paid.pay_life)


@line_template
def _echo(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.30a: a triggered ability of a permanent.
    m = re.fullmatch(r"echo(?: |—)(.+)", line)
    if not m or not printed.is_permanent or (paid := _payment(m.group(1))) is None:
        return False
    draft.triggered.append(fx.TriggeredAbility(
        fx.Trigger("upkeep", _YOUR_UPKEEP, condition="echo"),
        fx.Unless(paid, fx.SacrificeIt(_SELF))))
    return True


@line_template
def _cumulative_upkeep(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.24a: an age counter, then the cost once for each age counter.
    m = re.fullmatch(r"cumulative upkeep(?: |—)(.+)", line)
    if not m or not printed.is_permanent or (paid := _payment(m.group(1))) is None:
        return False
    draft.triggered.append(fx.TriggeredAbility(
        fx.Trigger("upkeep", _YOUR_UPKEEP),
        fx.Sequence((fx.AddCounters(1, _SELF, "age"), fx.Unless(
            fx.PayCost(paid.mana, paid.life, per_counter="age"),
            fx.SacrificeIt(_SELF))))))
    return True


@line_template
def _vanishing(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.63a: three abilities; the upkeep one has an intervening "if".
    m = re.fullmatch(rf"vanishing {NUM}", line)
    if not m or not printed.is_permanent or not isinstance(n := number(m.group(1)), int):
        return False
    draft.statics.append(fx.EntersWithCounters(n, "time"))
    draft.triggered.append(fx.TriggeredAbility(
        fx.Trigger("upkeep", _YOUR_UPKEEP, condition=fx.ActivationCondition(
            "counters_on_this", count=1, counter="time")),
        fx.RemoveCounters(1, _SELF, "time")))
    draft.triggered.append(fx.TriggeredAbility(
        fx.Trigger("last_time_counter_removed"), fx.SacrificeIt(_SELF)))
    return True


@line_template
def _fading(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.32a: two abilities.
    m = re.fullmatch(rf"fading {NUM}", line)
    if not m or not printed.is_permanent or not isinstance(n := number(m.group(1)), int):
        return False
    draft.statics.append(fx.EntersWithCounters(n, "fade"))
    draft.triggered.append(fx.TriggeredAbility(
        fx.Trigger("upkeep", _YOUR_UPKEEP),
        fx.RemoveCounters(1, _SELF, "fade", or_sacrifice=True)))
    return True


@line_template
def _may_stay_tapped(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 502.3: its controller chooses in the untap step whether it untaps.
    if line != "you may choose not to untap this during your untap step.":
        return False
    draft.statics.append(fx.DoesntUntap("self", optional=True))
    return True


@effect_template
def _held_while_tapped(s: str) -> fx.Effect | None:
    """``it doesn't untap during its controller's untap step for as long as this
    remains tapped`` (611.2b: Mole Worms, Amber Prison)."""
    m = re.fullmatch(r"(.+) doesn't untap during its controller's untap step for as "
                     r"long as this remains tapped", s)
    if not m or (what := permanents(m.group(1))) is None or \
            isinstance(what, fx.Each) or what == fx.Ref("self"):
        return None
    return fx.SkipNextUntap(what, while_tapped=True)


@effect_template
def _skip_own_next_untap(s: str) -> fx.Effect | None:
    """``this doesn't untap during your next untap step`` (502.3)."""
    if s != "this doesn't untap during your next untap step":
        return None
    return fx.SkipNextUntap(fx.Ref("self"))


@effect_template
def _tap_and_stun(s: str) -> fx.Effect | None:
    """``tap target creature an opponent controls and put a stun counter on it``
    (122.1d: the stun counter is removed instead of its next untapping)."""
    m = re.fullmatch(rf"tap (.+?),? (?:and|then) put {NUM} stun counters? on it", s)
    if not m or (what := permanents(m.group(1))) is None or \
            isinstance(what, fx.Each) or not isinstance(n := number(m.group(2)), int):
        return None
    return fx.Sequence((fx.TapOrUntap(what), fx.AddCounters(n, fx.Ref("it"), "stun")))


@effect_template
def _tap_and_skip(s: str) -> fx.Effect | None:
    """``tap that creature and it doesn't untap during its controller's next untap
    step`` (502.3)."""
    m = re.fullmatch(r"tap (.+?) and it doesn't untap during its controller's next "
                     r"untap step", s)
    if not m or (what := permanents(m.group(1))) is None or isinstance(what, fx.Each):
        return None
    return fx.Sequence((fx.TapOrUntap(what), fx.SkipNextUntap(fx.Ref("it"))))


SENTENCE_GROUPS.append((r"tap [^.]*\.", r"those creatures don't untap during (?:their "
                        r"controllers?'?s?|that player's) next untap steps?\."))


@effect_template
def _tap_those_held(s: str) -> fx.Effect | None:
    """``tap up to two target creatures. those creatures don't untap during their
    controller's next untap step`` (502.3: Frost Breath; the tapped ones are held)."""
    m = re.fullmatch(r"tap ([^.]+)\. those creatures don't untap during (their "
                     r"controllers?'?s?|that player's) next untap steps?", s)
    if not m:
        return None
    if (what := permanents(m.group(1))) is not None:
        return fx.TapOrUntap(what, hold=True)
    # "tap all creatures target player controls. those creatures don't untap during
    # that player's next untap step" (Sleep): that player controls them all, so their
    # controller's next untap step
    tapped = read_sentence("tap " + m.group(1)) if m.group(2) == "that player's" \
        else None
    if isinstance(tapped, fx.Sequence) and len(tapped.steps) == 2 and \
            isinstance(tapped.steps[0], fx.TargetOnly) and \
            tapped.steps[0].what == fx.Target("player") and \
            tapped.steps[1] == fx.TapOrUntap(tapped.steps[1].what) and \
            isinstance(tapped.steps[1].what, fx.Each) and \
            tapped.steps[1].what.filter.controller == "its_controller":
        return fx.Sequence((tapped.steps[0],
                            fx.TapOrUntap(tapped.steps[1].what, hold=True)))
    return None
