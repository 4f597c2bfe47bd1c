"""Templates for keyword actions of permanents and players (a template family of
:mod:`~compiler`, registered when it is imported).

Read here:

- ``<permanent> connives [N]`` (701.50a, 701.50e; ``it``, ``this``, ``he`` / ``she``
  naming the object of the ability, ``target creature you control``), and ``have
  <permanent> connive`` (the ``you may have it connive`` of :mod:`.flow`'s "you may")
  -> :class:`~effects.Connive`; ``connives x, where x is ...`` is read by
  :mod:`.counts` with this template's ``x``; ``when it connives this way, <effect>``
  after it -> :class:`~effects.WhenYouDo` (603.12: a reflexive trigger);
- ``populate`` (701.36a) -> :class:`~effects.Populate`; ``the token created this way
  <does something>`` after it (or after one token is created) is read as ``it ...``
  (the token made, ``it`` of :meth:`~casting.CastingMixin.manifested`);
- the keyword line ``backup N`` (702.165a) of a creature: its enters trigger, a
  :class:`~effects.Backup` of ``target creature`` granting the keyword, activated
  and triggered abilities read after it (702.165d: the ones printed below it), built
  by :func:`finish_backup` once every line is read; a static ability or a keyword
  that stands for a triggered ability below it is not granted, so such a card is
  refused, as is more than one backup;
- ``[<effect>, then ]clash with an opponent. if you win, <effect>. [otherwise,
  <effect>.]`` (701.23) -> :class:`~effects.Clash` (its sentences joined by
  :data:`.core.SENTENCE_GROUPS`; ``you may clash ...`` is the "you may" of
  :mod:`.flow`);
- ``each player rolls a d20. if one or more opponents had the highest result, this
  can't attack those players or planeswalkers they control this combat.`` (706,
  508.1c) -> :class:`~effects.RollOff`;
- a keyword line naming ``myriad`` twice is refused: the draft's keywords are a set,
  and each instance would trigger separately (702.116).
"""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    LINE_TEMPLATES,
    SENTENCE_GROUPS,
    Draft,
    branching,
    effect_template,
    line_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    Unsupported,
    number,
    permanents,
    target_for,
)

_CONNIVE = re.compile(r"(?:have (.+) connive|(.+) connives)(?: (x|\d+))?")


def _actor(phrase: str) -> fx.Selector | None:
    """The permanent that does a keyword action: a permanent selector, or ``he`` /
    ``she`` for the object the ability names (a character's own pronoun, as ``it``).
    A target must be one creature (or permanent)."""
    what = fx.Ref("it") if phrase in ("he", "she") else permanents(phrase)
    if isinstance(what, fx.Target) and (what.count != 1 or what.kind not in (
            "creature", "permanent")):
        return None
    return None if isinstance(what, fx.Each) else what


@effect_template
def _connive(s: str) -> fx.Effect | None:
    """701.50a: ``<permanent> connives [N]`` -> :class:`~effects.Connive`. "Each
    creature ... connives" is not read (each connives in turn, an order to choose)."""
    m = _CONNIVE.fullmatch(s)
    if m is None:
        return None
    what = _actor(m.group(1) or m.group(2))
    if what is None:
        return None
    count = number(m.group(3)) if m.group(3) else 1
    return fx.Connive(what, count)


@effect_template
def _connived_this_way(s: str) -> fx.Effect | None:
    """603.12: ``when it connives this way, <effect>`` (right after a connive)."""
    if m := re.fullmatch(r"when (?:it|this|he|she) connives this way, (.+)", s):
        inner = read_sentence(m.group(1))
        if inner is not None and not isinstance(inner, fx.MayDo):
            return fx.WhenYouDo(inner)
    return None


@effect_template
def _token_created_this_way(s: str) -> fx.Effect | None:
    """``the token created this way gains haste``: ``it`` after the step that made
    one token (populate's copy, or a created token)."""
    if m := re.fullmatch(r"the token created this way (.+)", s):
        return read_sentence("it " + m.group(1))
    return None


@effect_template
def _populate(s: str) -> fx.Effect | None:
    """701.36a: ``populate`` -> :class:`~effects.Populate`."""
    return fx.Populate() if s == "populate" else None


@line_template
def _backup(line: str, printed: Printed, draft: Draft) -> bool:
    """``backup N`` (702.165a) on a creature: noted in the draft with what was read
    before it; :func:`finish_backup` makes its trigger."""
    m = re.fullmatch(r"backup (\d+)", line)
    if m is None or not printed.is_type("Creature") or draft.backup is not None:
        return False
    draft.backup = (int(m.group(1)), frozenset(draft.keywords), len(draft.activated),
                    len(draft.triggered), len(draft.statics))
    return True


def finish_backup(draft: Draft) -> None:
    """The backup trigger (702.165a), once every line is read: it grants the
    keywords and abilities read after the backup line (702.165d); raises
    :class:`Unsupported` when one of them cannot be granted (a static ability, or a
    keyword standing for a triggered ability)."""
    if draft.backup is None:
        return
    n, keywords, activated, triggered, statics = draft.backup
    gained = tuple(sorted(draft.keywords - keywords))
    if draft.statics[statics:] or KW.keyword_triggers(frozenset(gained)):
        raise Unsupported("backup granting a static ability")
    abilities = tuple(draft.activated[activated:]) + tuple(draft.triggered[triggered:])
    effect = fx.Backup(n, target_for(fx.Filter(types=frozenset({"Creature"}))), gained,
                       abilities)
    draft.triggered.insert(triggered, fx.TriggeredAbility(fx.Trigger("enters"), effect))


_CLASH = r"(?:.+, then )?clash with an opponent\."
_WON = r"if you win, .+\."
_OTHERWISE = r"otherwise, .+\."
SENTENCE_GROUPS[:0] = [(_CLASH, _WON, _OTHERWISE), (_CLASH, _WON)]
_CLASH_READ = re.compile(r"(?:(.+), then )?clash with an opponent(?:\. if you win, "
                         r"(.+?)\.?)?(?: otherwise, (.+))?")


@effect_template
def _clash(s: str) -> fx.Effect | None:
    """701.23: ``[<effect>, then ]clash with an opponent[. if you win, <effect>.
    [otherwise, <effect>.]]`` -> :class:`~effects.Clash` (after the first effect)."""
    m = _CLASH_READ.fullmatch(s)
    if not m:
        return None
    return branching(m.group(1), m.group(2), m.group(3), fx.Clash)


_ROLL_OFF = r"each player rolls a d(?:4|6|8|10|12|20)\."
_HIGHEST = r"if one or more opponents had the highest result, [^.]+ this combat\."
SENTENCE_GROUPS[:0] = [(_ROLL_OFF, _HIGHEST)]


@effect_template
def _roll_off(s: str) -> fx.Effect | None:
    """706: ``each player rolls a d20. if one or more opponents had the highest
    result, this can't attack those players or planeswalkers they control this
    combat.`` -> :class:`~effects.RollOff` (508.1c)."""
    m = re.fullmatch(r"each player rolls a d(\d+)\. if one or more opponents had the "
                     r"highest result, this can't attack those players or "
                     r"planeswalkers they control this combat", s)
    if not m or int(m.group(1)) not in fx.DIE_SIDES:
        return None
    return fx.RollOff(int(m.group(1)), fx.Ref("self"))


def _myriad_twice(line: str, printed: Printed, draft: Draft) -> bool:
    """Refuses a keyword line with two myriads (each instance triggers, 702.116; a
    card's keywords are a set). Tried before every other line template."""
    if line.split(", ").count("myriad") > 1:
        raise Unsupported("myriad twice")
    return False


LINE_TEMPLATES.insert(0, _myriad_twice)
