"""Templates for the riders of mana spent to cast a commander (607.2, 903.8).

Read here (the engine side is :meth:`~casting.CastingMixin._commander_mana` and
:meth:`~casting.CastingMixin._mana_spent_triggers`; the modal header "choose one. if
you control a commander as you cast this, you may choose both instead." is
:data:`.core.COMMANDER_HEADERS`):

- ``<mana ability>. if you spend this mana to cast your commander, it enters with a
  number of additional +1/+1 counters on it equal to the number of times it's been
  cast from the command zone this game.`` (Opal Palace) ->
  :class:`~effects.CommanderManaCounters`;
- ``<mana ability>. when you spend this mana to cast your commander, scry x, where x
  is the number of times it's been cast from the command zone this game.`` (Study
  Hall) -> a ``mana_spent`` trigger of the filter prop ``your_commander``, its amount
  :data:`~effects.COMMANDER_CASTS`.
"""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    LINE_TEMPLATES,
    Draft,
    line_template,
    read_sentence,
)

_TIMES = "the number of times it's been cast from the command zone this game"
_COUNTERS = re.compile(rf"(.+?\.) if you spend this mana to cast your commander, it "
                       rf"enters with a number of additional \+1/\+1 counters on it "
                       rf"equal to {_TIMES}\.")
_WHEN_SPENT = re.compile(rf"(.+?\.) when you spend this mana to cast your commander, "
                         rf"(.+), where x is {_TIMES}\.")


def _mana_ability(text: str, printed: Printed, draft: Draft) -> bool:
    """Read ``text`` as exactly one mana ability added to ``draft`` (undone if not)."""
    before = (len(draft.activated), len(draft.triggered), len(draft.statics))
    if any(template(text, printed, draft) for template in LINE_TEMPLATES) and \
            (len(draft.activated), len(draft.triggered), len(draft.statics)) == (
                before[0] + 1, before[1], before[2]) and draft.activated[-1].is_mana:
        return True
    del draft.activated[before[0]:]
    del draft.triggered[before[1]:]
    del draft.statics[before[2]:]
    return False


@line_template
def _commander_counters(line: str, printed: Printed, draft: Draft) -> bool:
    m = _COUNTERS.fullmatch(line)
    if not m or not m.group(1).startswith("{") or not _mana_ability(
            m.group(1), printed, draft):
        return False
    draft.statics.append(fx.CommanderManaCounters())
    return True


@line_template
def _when_spent_on_commander(line: str, printed: Printed, draft: Draft) -> bool:
    m = _WHEN_SPENT.fullmatch(line)
    if not m or not m.group(1).startswith("{"):
        return False
    what = read_sentence(m.group(2))
    if not isinstance(what, fx.LookAtTop) or what.count != "X":
        return False
    if not _mana_ability(m.group(1), printed, draft):
        return False
    draft.triggered.append(fx.TriggeredAbility(
        fx.Trigger("mana_spent", fx.Filter(props=frozenset({"your_commander"}))),
        dataclasses.replace(what, count=fx.COMMANDER_CASTS)))
    return True
