"""The compiler's templates for face-down permanents (rule 708; a template family of
:mod:`~labyrinth_gym.envs.magic.engine.compiler`, registered when it is imported).

Read here (the engine side is :mod:`~objects` and :mod:`~casting`):

- ``morph <cost>`` / ``morph—<cost>``, ``megamorph <cost>`` and ``disguise <cost>``
  (a creature card) -> :class:`~effects.FaceDownCost` (702.37a, 702.37b, 702.168a):
  cast face down for {3}, turned face up for ``<cost>`` (mana, ``pay N life``; no
  {X});
- ``cloak the top card of your library`` -> :class:`~effects.Manifest` with ``cloak``
  (701.58a: a face-down 2/2 with ward {2}).

"When this is turned face up" is a trigger event of :mod:`.triggers`
(``turned_face_up``).
"""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    effect_template,
    line_template,
)
from labyrinth_gym.envs.magic.engine.text.phrases import cost


def face_down_cost(line: str) -> fx.FaceDownCost | None:
    """``morph {2}{u}`` / ``megamorph {r}`` / ``disguise {1}{w}`` / ``morph—pay 5 life``
    as a :class:`~effects.FaceDownCost` (None if not one, or its cost holds more than
    mana and life, or an {X})."""
    m = re.fullmatch(r"(morph|megamorph|disguise)(?: |—)(.+?)\.?", line)
    if not m:
        return None
    paid = cost(m.group(2))
    if paid is None or paid.mana is not None and paid.mana.x or \
            paid != fx.Cost(mana=paid.mana, pay_life=paid.pay_life):
        return None
    return fx.FaceDownCost(m.group(1), paid)


@line_template
def _face_down_cost(line: str, printed: Printed, draft: Draft) -> bool:
    # Rules 702.37a-b (morph, megamorph), 702.168a (disguise): one a card.
    found = face_down_cost(line)
    if found is None or not printed.is_type("Creature") or any(
            isinstance(s, fx.FaceDownCost) for s in draft.statics):
        return False
    draft.statics.append(found)
    return True


@effect_template
def _cloak(s: str) -> fx.Effect | None:
    # Rule 701.58a: cloak the top card of your library (a face-down 2/2, ward {2}).
    if s == "cloak the top card of your library":
        return fx.Manifest(1, cloak=True)
    return None
