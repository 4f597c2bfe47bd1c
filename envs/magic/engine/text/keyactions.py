"""Templates for keyword actions of permanents and players (a template family of
:mod:`~compiler`, registered when it is imported).

Read here:

- ``<permanent> connives [N]`` (701.50a, 701.50e; ``it``, ``this``, ``he`` / ``she``
  naming the object of the ability, ``target creature you control``), and ``have
  <permanent> connive`` (the ``you may have it connive`` of :mod:`.flow`'s "you may")
  -> :class:`~effects.Connive`; ``connives x, where x is ...`` is read by
  :mod:`.counts` with this template's ``x``;
- ``populate`` (701.36a) -> :class:`~effects.Populate`.
"""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.text.core import effect_template
from labyrinth_gym.envs.magic.engine.text.phrases import number, permanents

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
def _populate(s: str) -> fx.Effect | None:
    """701.36a: ``populate`` -> :class:`~effects.Populate`."""
    return fx.Populate() if s == "populate" else None
