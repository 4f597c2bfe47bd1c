"""Effect templates planeswalkers' abilities need most (and other cards share): fights
(rule 701.14: "target creature you control fights another target creature", "this
fights up to one target creature you don't control") and loyalty counters put on
permanents (rule 306.5, 122.1: "put a loyalty counter on this", "put a loyalty counter
on each other planeswalker you control"). The loyalty abilities themselves are read
by :mod:`.abilities` (606)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.text.core import effect_template
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    number,
    permanents,
    target_phrase,
)

_FIGHTERS = {"this": fx.Ref("self"), "it": fx.Ref("it")}
"""A fighter named by a reference: the ability's source, or what ``it`` names."""


def _creature_target(phrase: str) -> fx.Target | None:
    """A creature target phrase (``target creature you don't control``, ``up to one
    target creature``), else None."""
    out = target_phrase(phrase)
    return out if out is not None and out.kind == "creature" and out.count == 1 \
        else None


@effect_template
def _fight(s: str) -> fx.Effect | None:
    # Rule 701.14a: "<a> fights <b>": each deals damage equal to its power to the other.
    m = re.fullmatch(r"(.+?) fights (.+)", s)
    if not m or (other := _creature_target(m.group(2))) is None:
        return None
    first = m.group(1)
    if first in _FIGHTERS:
        if other.filter is not None and "other" in other.filter.props:
            return None  # "this fights another target creature": not read yet
        return fx.Fight(other, _FIGHTERS[first])
    fighter = _creature_target(first)
    if fighter is None or fighter.up_to or (
            fighter.filter is not None and "other" in fighter.filter.props):
        return None
    if other.filter is not None and "other" in other.filter.props:
        # "another target creature" after a target: a different one (115.3)
        other = dataclasses.replace(other, filter=dataclasses.replace(
            other.filter, props=other.filter.props - {"other"} | {"another_target"}))
    return fx.Sequence((fx.TargetOnly(fighter), fx.Fight(other, fx.Ref("it"))))


@effect_template
def _loyalty_counters(s: str) -> fx.Effect | None:
    # Rule 122.1, 306.5b: loyalty counters put on a permanent (a planeswalker's own
    # "put a loyalty counter on this", "... on each other planeswalker you control").
    m = re.fullmatch(rf"put {NUM} loyalty counters? on (.+)", s)
    if m and (what := permanents(m.group(2))) is not None and \
            isinstance(number(m.group(1)), int):
        return fx.AddCounters(number(m.group(1)), what, "loyalty")
    return None
