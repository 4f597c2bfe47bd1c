"""Templates about when things happen (rules 603.7, 701.35, 702.52, 702.61...): detain
and untapping chosen lands.

- ``detain <permanents>`` (701.35a, :class:`~effects.Detain`): until your next turn,
  they can't attack or block and their activated abilities can't be activated.
- ``dredge N`` (702.52a, :class:`~effects.Dredge`): each time its owner would draw,
  with it in their graveyard and N or more cards in their library, they are asked.
- ``madness <cost>`` (702.35a, :class:`~effects.MadnessCast`: discarded, it goes to
  exile and may be cast for that cost as its triggered ability resolves).
- "if this is in your opening hand, you may begin the game with it on the
  battlefield" (103.6, :class:`~effects.BeginOnBattlefield`: the Leylines).
- "cast this only during the declare attackers step and only if you've been
  attacked this step" (601.3, :class:`~effects.CastWhenAttacked`).
- "cast this spell only during combat [on your turn]", "... only before combat or
  during combat before blockers are declared" (601.3, :class:`~effects.
  CastOnlyDuring`).
- ``untap up to <N> lands [you control]`` (:class:`~effects.UntapUpTo`; the lands
  untapped are an automated choice: the controller's own).
"""

from __future__ import annotations

import dataclasses
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
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    card_filter,
    cost,
    number,
    permanents,
)

_LANDS = fx.Filter(types=frozenset({"Land"}))


@effect_template
def _detain(s: str) -> fx.Effect | None:
    """``detain target nonland permanent an opponent controls`` (701.35a)."""
    m = re.fullmatch(r"detain (.+)", s)
    if not m or (what := permanents(m.group(1))) is None or what == fx.Ref("self"):
        return None
    return fx.Detain(what)


@effect_template
def _untap_up_to(s: str) -> fx.Effect | None:
    """``untap up to four lands`` / ``untap up to two lands you control``."""
    m = re.fullmatch(rf"untap up to {NUM} lands?( you control)?", s)
    if not m or not isinstance(n := number(m.group(1)), int):
        return None
    return fx.UntapUpTo(n, _LANDS)


@line_template
def _dredge(line: str, printed: Printed, draft: Draft) -> bool:
    """``dredge N`` (702.52a): a replacement of its owner's draws that works from
    the graveyard (:class:`~effects.Dredge`)."""
    m = re.fullmatch(r"dredge (\d+)", line)
    if not m:
        return False
    draft.statics.append(fx.Dredge(int(m.group(1))))
    return True


@line_template
def _opening_hand(line: str, printed: Printed, draft: Draft) -> bool:
    """``if this is in your opening hand, you may begin the game with it on the
    battlefield.`` (103.6: the Leylines)."""
    if not re.fullmatch(r"if this is in your opening hand, you may begin the game "
                        r"with (?:it|him|her|this) on the battlefield\.", line):
        return False
    draft.statics.append(fx.BeginOnBattlefield())
    return True


@line_template
def _madness(line: str, printed: Printed, draft: Draft) -> bool:
    """``madness {1}{r}`` (702.35a): a static ability (discarded, it is discarded
    into exile) and the triggered ability that may cast it for this cost."""
    m = re.fullmatch(r"madness ((?:\{[0-9wubrgcx/]+\})+)|madness—((?:\{[0-9wubrgc/]+\})+"
                     r", pay \d+ life)\.", line)
    if not m or printed.is_type("Land"):
        return False
    paid = cost(m.group(1) or m.group(2))  # (the second: "madness—{2}{b}, pay 8 life.")
    if paid is None or paid.mana is None or \
            paid != fx.Cost(mana=paid.mana, pay_life=paid.pay_life) or \
            paid.mana.x and not printed.is_type("Instant") and \
            not printed.is_type("Sorcery"):
        return False  # ({X}: a spell whose effect reads it, X 0 cast otherwise)
    draft.triggered.append(fx.TriggeredAbility(fx.Trigger("madness"),
                                               fx.MadnessCast(paid.mana, paid.pay_life)))
    return True


@line_template
def _grant_madness(line: str, printed: Printed, draft: Draft) -> bool:
    """``each <quality> card you own that isn't on the battlefield has madness. the
    madness cost is equal to its mana cost.`` (Falkenrath Gorger, 702.35a, 113.6:
    a permanent's static ability that functions on cards in the other zones)."""
    m = re.fullmatch(r"each (.+?) card you own that isn't on the battlefield has "
                     r"madness\. the madness cost is equal to its mana cost\.", line)
    if not m or not printed.is_permanent or (cards := card_filter(m.group(1))) is None:
        return False
    draft.statics.append(fx.GrantMadness(cards))
    return True


SENTENCE_GROUPS.append((r"this deals \d+ damage divided as you choose among .+\.",
                        r"if this's madness cost was paid, it deals x damage divided as "
                        r"you choose among those permanents and/or players instead\."))


@effect_template
def _madness_divided_instead(s: str) -> fx.Effect | None:
    """``this deals 2 damage divided as you choose among any number of targets. if
    this spell's madness cost was paid, it deals x damage divided as you choose among
    those permanents and/or players instead`` (Avacyn's Judgment): the same targets,
    the amount divided known as the spell is cast (:class:`~effects.AltAmount`,
    601.2d; X is the madness cost's, 702.35a)."""
    m = re.fullmatch(r"this deals (\d+) damage divided as you choose among (.+)\. if "
                     r"this's madness cost was paid, it deals x damage divided as you "
                     r"choose among those permanents and/or players instead", s)
    if not m:
        return None
    normal = read_sentence(f"this deals {m.group(1)} damage divided as you choose "
                           f"among {m.group(2)}")
    paid = read_sentence(f"this deals x damage divided as you choose among {m.group(2)}")
    if not isinstance(normal, fx.DealDamage) or not isinstance(paid, fx.DealDamage) or \
            not normal.divided or not paid.divided or paid.amount != "X" or \
            not isinstance(normal.to, fx.Target) or not isinstance(paid.to, fx.Target) or \
            dataclasses.replace(normal.to, count=paid.to.count) != paid.to:
        return None
    return dataclasses.replace(paid, amount=fx.AltAmount(normal.amount, "madness", "X"))


_CAST_STEPS = {
    "before combat or during combat before blockers are declared": (
        "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers"),
    "during combat before blockers are declared": ("beginning_of_combat",
                                                   "declare_attackers"),
    "during the declare attackers step": ("declare_attackers",),
    "during the declare blockers step": ("declare_blockers",),
    "during combat": ("beginning_of_combat", "declare_attackers", "declare_blockers",
                      "first_strike_damage", "combat_damage", "end_of_combat"),
}
"""The steps (:data:`~constants.STEPS`) of "cast this spell only <when>" (601.3)."""


@line_template
def _cast_only_during(line: str, printed: Printed, draft: Draft) -> bool:
    """``cast this spell only during combat [on your turn / on an opponent's turn].``
    and the like (601.3, :data:`_CAST_STEPS`): :class:`~effects.CastOnlyDuring`."""
    m = re.fullmatch(r"cast this(?: spell)? only (.+?)( on your turn| on an opponent's "
                     r"turn)?\.", line)
    if not m or m.group(1) not in _CAST_STEPS or printed.is_permanent:
        return False
    whose = {None: "any", " on your turn": "you",
             " on an opponent's turn": "opponent"}[m.group(2)]
    draft.statics.append(fx.CastOnlyDuring(_CAST_STEPS[m.group(1)], whose))
    return True


@line_template
def _when_attacked(line: str, printed: Printed, draft: Draft) -> bool:
    """``cast this only during the declare attackers step and only if you've been
    attacked this step.`` (601.3: Heavy Fog, Defiant Stand)."""
    if line != ("cast this only during the declare attackers step and only if "
                "you've been attacked this step.") or printed.is_permanent:
        return False
    draft.statics.append(fx.CastWhenAttacked())
    return True
