"""Templates for flipping a coin (rule 705) and rolling dice (706).

Read here (the engine side is :meth:`~objects.ObjectsMixin.flip_coin` and the
:class:`~effects.FlipCoin` step of resolution): ``[<effect>, then ]flip a coin. if
you win the flip, <effect>. [if you lose the flip, <effect>.]`` (or the lose
sentence alone), one :class:`~effects.FlipCoin` whose branches are read as
sentences; the three sentences are joined before the effect templates run
(:data:`.core.SENTENCE_GROUPS`).

Dice (the results tables and "roll a d20" are read by :mod:`.core` and
:mod:`.flow`): "as this enters, roll x d6 / a six-sided die. it enters with a number
of <counter> counters on it equal to the total of those results / the result."
(614.1c) -> :class:`~effects.EntersWithCounters` of a :class:`~effects.DiceTotal`.
"""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    Draft,
    branching,
    effect_template,
    is_permanent_card,
    line_template,
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
    return branching(m.group(1), m.group(2), m.group(3), fx.FlipCoin)


_DICE_WORDS = {"a": 1, "x": "X", "two": 2, "three": 3}
_ENTERS_ROLLING = re.compile(
    r"as this enters, roll (a|x|two|three) (?:d(4|6|8|10|12|20)|(six)-sided (?:die|dice))\. "
    r"(?:it|this) enters with a number of ([+-]1/[+-]1|[a-z]+) counters on it equal to "
    r"(the result|the total of those results)\.")


@line_template
def _enters_rolling(line: str, printed: Printed, draft: Draft) -> bool:
    """614.1c, 706: "as this enters, roll x d6. it enters with a number of +1/+1
    counters on it equal to the total of those results." (rolled as it enters)."""
    m = _ENTERS_ROLLING.fullmatch(line)
    if not m or not is_permanent_card(printed):
        return False
    many, sides, six, kind, total = m.groups()
    count = _DICE_WORDS[many]
    if (count == 1) != (total == "the result") or not (
            kind in ("+1/+1", "-1/-1") or fx.plain_counter(kind)):
        return False
    draft.statics.append(fx.EntersWithCounters(
        fx.DiceTotal(6 if six else int(sides), count), kind))
    return True


@line_template
def _extra_die(line: str, printed: Printed, draft: Draft) -> bool:
    """614.1a, 706.4: "if you would roll one or more dice, instead roll that many dice
    plus one and ignore the lowest roll." (after a flavor word or not, 207.2d)."""
    body = line.partition(" — ")[2] if " — " in line else line
    if body != ("if you would roll one or more dice, instead roll that many dice plus "
                "one and ignore the lowest roll.") or not is_permanent_card(printed):
        return False
    draft.statics.append(fx.ExtraDie())
    return True


@effect_template
def _attach_at_random(s: str) -> fx.Effect | None:
    """303.4: "attach this to another one of your opponents chosen at random" (an
    Aura with enchant player; the game's dice choose)."""
    if s == "attach this to another one of your opponents chosen at random":
        return fx.Attach(fx.Ref("each_opponent"), at_random=True)
    return None
