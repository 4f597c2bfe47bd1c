"""Effect templates of instants, sorceries and mass effects: shuffling permanents and
graveyards into libraries (701.24a: Chaos Warp, Oblation, Elixir of Immortality)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    effect_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import card_filter, permanents

SENTENCE_GROUPS.append((r"the owner of .+ shuffles it into their library, then reveals "
                        r"the top card of their library\.",
                        r"if it's an? [\w ]+ card, they put it onto the battlefield\."))


@effect_template
def _shuffle_into(s: str) -> fx.Effect | None:
    """``shuffle this and your graveyard into their owner's library``; ``the owner of
    target permanent shuffles it into their library[, then draws two cards / then
    reveals the top card of their library. if it's a permanent card, they put it onto
    the battlefield]`` (:class:`~effects.ShuffleInto`; what follows is done by that
    owner)."""
    if s == "shuffle this and your graveyard into their owner's library":
        return fx.ShuffleInto(fx.Ref("self"), graveyard=True)
    m = re.fullmatch(r"the owner of (.+?) shuffles it into their library(?:, then (.+))?",
                     s)
    if not m:
        return None
    what = permanents(m.group(1))
    if not isinstance(what, fx.Target) or what.count != 1 or what.up_to:
        return None
    first = fx.ShuffleInto(what)
    if m.group(2) is None:
        return first
    owner = fx.Ref("its_controller")  # set to the owner as the card is shuffled in
    reveal = re.fullmatch(r"reveals the top card of their library\. if it's an? "
                          r"([\w ]+) card, they put it onto the battlefield", m.group(2))
    if reveal:
        f = card_filter(reveal.group(1))
        if f is None:
            return None
        return fx.Sequence((first, fx.RevealTop(owner, f, to_battlefield=True)))
    then = read_sentence("that player " + m.group(2))
    if not isinstance(then, (fx.Draw, fx.Discard, fx.Mill, fx.GainLife, fx.LoseLife)) \
            or then.who != fx.Ref("that_player"):
        return None
    return fx.Sequence((first, dataclasses.replace(then, who=owner)))
