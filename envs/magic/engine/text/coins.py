"""Templates for flipping a coin (rule 705).

Read here (the engine side is :meth:`~objects.ObjectsMixin.flip_coin` and the
:class:`~effects.FlipCoin` step of resolution): ``[<effect>, then ]flip a coin. if
you win the flip, <effect>. [if you lose the flip, <effect>.]`` (or the lose
sentence alone), one :class:`~effects.FlipCoin` whose branches are read as
sentences; the three sentences are joined before the effect templates run
(:data:`.core.SENTENCE_GROUPS`).
"""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    branch,
    effect_template,
    read_sentence,
)

_FLIP = r"(?:.+, then )?flip a coin\."
_WIN = r"if you win the flip, .+\."
_LOSE = r"if you lose the flip, .+\."
SENTENCE_GROUPS[:0] = [(_FLIP, _WIN, _LOSE), (_FLIP, _WIN), (_FLIP, _LOSE)]

_READ = re.compile(r"(?:(.+), then )?flip a coin\.(?: if you win the flip, (.+?)\.?)?"
                   r"(?: if you lose the flip, (.+))?")


@effect_template
def _flip_a_coin(s: str) -> fx.Effect | None:
    m = _READ.fullmatch(s)
    if not m or (m.group(2) is None and m.group(3) is None):
        return None
    win, lose = branch(m.group(2)), branch(m.group(3))
    if win is False or lose is False:
        return None
    flip = fx.FlipCoin(win, lose)
    if m.group(1) is None:
        return flip
    first = read_sentence(m.group(1))
    if first is None:
        return None
    steps = list(first.steps) if isinstance(first, fx.Sequence) else [first]
    return fx.Sequence((*steps, flip))
