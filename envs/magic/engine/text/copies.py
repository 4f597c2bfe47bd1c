"""Templates for copies of spells and abilities on the stack (rule 707.10; the engine
side is :mod:`~copies`).

Read here:

- ``copy target instant or sorcery spell [you control][ twice / N times]. [you may
  choose new targets for the copy / copies.]``, ``copy target [activated or]
  triggered ability you control. ...`` -> :class:`~effects.CopySpell` of the target
  (707.10c: ``new_targets``);
- ``choose an instant or sorcery card exiled this way and copy it three times. you may
  cast the copies without paying their mana costs.`` -> :class:`~effects.CastCopy`
  (707.12);
- ``create a token that's a copy of <...>. if this was kicked, create five of those
  tokens instead.`` -> :class:`~effects.CopyToken` with a :class:`~effects.
  KickedAmount` count (Rite of Replication);
- ``copy that spell`` / ``copy it`` in a cast trigger -> :class:`~effects.CopySpell` of
  ``it`` (the spell); ``when you next cast an instant or sorcery spell this turn, copy
  that spell. ...`` -> a :class:`~effects.TemporaryTrigger` that triggers once
  (603.7c);
- ``whenever a player casts an instant or sorcery spell that targets only a single
  golem, that player copies that spell for each other golem that spell could target.
  each copy targets a different one of those golems.`` -> a cast trigger with the
  condition ``targets_single`` and :attr:`~effects.CopySpell.each_other`;
- ``this becomes a copy of that card[, except it has this ability]`` (after a step
  that chose and exiled a card: Shadow Kin) -> :class:`~effects.BecomesCopy`
  (707.2, 707.9b);
- ``storm`` (702.40a) -> the triggered ability "when you cast this spell, copy it for
  each spell cast before it this turn. you may choose new targets for the copies."
  (event ``cast_self``; the count ``"spells_before"`` is taken as the spell is cast).
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
    quoted_ability,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    all_subtypes,
    card_filter,
    target_phrase,
)

INSTANT_SORCERY = frozenset({"Instant", "Sorcery"})

SENTENCE_GROUPS.append((r"(?:you may )?copy .+\.",
                        r"you may choose new targets for the cop(?:y|ies)\."))

_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5}
_TIMES = {"twice": 2, "three times": 3, "four times": 4, "five times": 5}
_NEW_TARGETS = re.compile(r"(.+)\. you may choose new targets for the cop(?:y|ies)")
_ABILITY = re.compile(r"target (activated or triggered|triggered) ability"
                      r"(?: (you control|an opponent controls))?")
_WHOSE = {None: "any", "you control": "you", "an opponent controls": "opponent"}


def _copied(phrase: str) -> fx.Target | None:
    """The target of ``copy <phrase>``: an instant or sorcery spell, or an activated or
    triggered ability on the stack."""
    if m := _ABILITY.fullmatch(phrase):
        kind = "ability" if m.group(1).startswith("activated") else "triggered_ability"
        return fx.Target(kind, fx.Filter(controller=_WHOSE[m.group(2)]))
    what = target_phrase(phrase)
    if isinstance(what, fx.Target) and what.kind == "spell" and not what.up_to \
            and what.count == 1:
        return what
    return None


@effect_template
def _copy_spell(s: str) -> fx.Effect | None:
    """707.10: ``copy target instant or sorcery spell[ twice]. you may choose new
    targets for the copy``."""
    new_targets = False
    if m := _NEW_TARGETS.fullmatch(s):
        s, new_targets = m.group(1), True
    m = re.fullmatch(r"copy (target .+?|that spell|it)"
                     r"(?: (twice|three times|four times|five times))?", s)
    if not m:
        return None
    # "copy that spell / it": the spell a cast trigger names (resolve checks which)
    what = fx.Ref("it") if m.group(1) in ("that spell", "it") else _copied(m.group(1))
    if what is None:
        return None
    return fx.CopySpell(what, _TIMES.get(m.group(2) or "", 1), new_targets)


@effect_template
def _becomes_copy_of_that_card(s: str) -> fx.Effect | None:
    """``this becomes a copy of that card, except it has this ability`` (Shadow Kin):
    the source's copiable values become the card's the step before moved (707.2),
    keeping the ability that does it (707.9b); resolve checks what comes before."""
    m = re.fullmatch(r"this becomes a copy of that card(, except it has this ability)?",
                     s)
    return fx.BecomesCopy(fx.Ref("that_card"), bool(m.group(1))) if m else None


SENTENCE_GROUPS.append((r"when you next cast .+, copy .+\.",
                        r"you may choose new targets for the cop(?:y|ies)\."))


@effect_template
def _next_cast(s: str) -> fx.Effect | None:
    """``when you next cast an instant or sorcery spell this turn, copy that spell.
    you may choose new targets for the copy`` (Chandra, the Firebrand): a delayed
    triggered ability (603.7c) that triggers once, this turn."""
    m = re.fullmatch(r"when you next cast (an? .+? spells?) this turn, (.+)", s)
    if not m:
        return None
    ability = quoted_ability(f"whenever you cast {m.group(1)}, {m.group(2)}.")
    if not isinstance(ability, fx.TriggeredAbility) or ability.optional:
        return None
    return fx.TemporaryTrigger(ability, "next_time_this_turn")


SENTENCE_GROUPS.append((r"choose an? .+ card exiled this way and copy it.*\.",
                        r"you may cast the cop(?:y|ies) without paying "
                        r"(?:its|their) mana costs?\."))


@effect_template
def _cast_copy(s: str) -> fx.Effect | None:
    """707.12: ``choose an instant or sorcery card exiled this way and copy it three
    times. you may cast the copies without paying their mana costs`` (Chandra,
    Pyromaster)."""
    m = re.fullmatch(r"choose an? (.+) card exiled this way and copy it"
                     r"(?: (twice|three times|four times|five times))?\. you may cast "
                     r"the cop(?:y|ies) without paying (?:its|their) mana costs?", s)
    if not m or (what := card_filter(m.group(1))) is None:
        return None
    return fx.CastCopy(what, _TIMES.get(m.group(2) or "", 1))


SENTENCE_GROUPS.append((r"create a token that's a copy of .+\.",
                        r"if this was kicked, create \w+ of those tokens instead\."))


@effect_template
def _kicked_token_copies(s: str) -> fx.Effect | None:
    """``create a token that's a copy of target creature. if this was kicked, create
    five of those tokens instead`` (Rite of Replication; 702.33d)."""
    m = re.fullmatch(r"(create a token that's a copy of .+)\. if this was kicked, "
                     r"create (\w+) of those tokens instead", s)
    if not m or m.group(2) not in _COUNT:
        return None
    made = read_sentence(m.group(1))
    if not isinstance(made, fx.CopyToken) or made.count != 1:
        return None
    return dataclasses.replace(made, count=fx.KickedAmount(1, _COUNT[m.group(2)]))


_EACH_OTHER = re.compile(
    r"whenever a player casts an instant or sorcery spell that targets only a single "
    r"([\w'-]+), that player copies that spell for each other \1 that spell could "
    r"target\. each copy targets a different one of those [\w'-]+\.")


@line_template
def _copy_for_each_other(line: str, printed: Printed, draft: Draft) -> bool:
    """Precursor Golem: a cast trigger whose condition is part of the event
    (``targets_single``) and whose copies each target another Golem (707.10)."""
    m = _EACH_OTHER.fullmatch(line)
    subtype = all_subtypes().get(m.group(1)) if m else None
    if subtype is None:
        return False
    draft.triggered.append(fx.TriggeredAbility(
        fx.Trigger("cast", fx.Filter(INSTANT_SORCERY), "targets_single"),
        fx.CopySpell(fx.Ref("it"), each_other=fx.Filter(subtypes=frozenset({subtype})))))
    return True


STORM = fx.TriggeredAbility(fx.Trigger("cast_self"),
                            fx.CopySpell(fx.Ref("it"), "spells_before", True))
"""Storm (702.40a): "when you cast this spell, copy it for each spell cast before it
this turn. you may choose new targets for the copies."."""


@line_template
def _storm(line: str, printed: Printed, draft: Draft) -> bool:
    if line.rstrip(".") != "storm" or printed.is_permanent:
        return False
    draft.triggered.append(STORM)
    return True
