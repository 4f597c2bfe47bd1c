"""Line templates for Sagas (rule 714): chapter abilities, ``i — <effect>`` or ``ii, iii
— <effect>``, read as triggered abilities of the events ``chapter_N``
(:data:`~effects.CHAPTER_EVENTS`). The lore counters (714.3: one as the Saga enters, one
as its controller's precombat main phase begins) and the sacrifice after the final
chapter (714.4) are the engine's; read ahead (714.3c) is not read."""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    check_refs,
    effect,
    it_is_self,
    line_template,
)

ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6}
"""Chapter numbers as printed (714.2a: roman numerals)."""

_CHAPTER = re.compile(r"((?:i|ii|iii|iv|v|vi)(?:, (?:i|ii|iii|iv|v|vi))*) — (.+)", re.DOTALL)


@line_template
def _chapter(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 714.2b: "N — effect" means "When one or more lore counters are put onto
    # this Saga, if the number of lore counters on it was less than N and became at
    # least N, effect"; "N1, N2 — effect" is one such ability per number (714.2d).
    m = _CHAPTER.fullmatch(line)
    if not m or "Saga" not in printed.subtypes:
        return False
    chapters = [ROMAN[n] for n in m.group(1).split(", ")]
    if len(set(chapters)) != len(chapters):
        return False
    what = it_is_self(effect(m.group(2)))
    optional = isinstance(what, fx.MayDo)
    if optional:
        what = what.effect
    for n in chapters:
        trigger = fx.Trigger(f"chapter_{n}")
        check_refs(what, trigger)
        draft.triggered.append(fx.TriggeredAbility(trigger, what, optional))
    return True
