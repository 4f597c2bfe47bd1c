"""Line templates for static replacement effects and restrictions (rules 614-616)
that are not a permanent's entering (:mod:`.text.statics`): a card's own
replacement of where it goes when discarded (614.1a)."""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    is_permanent_card,
    line_template,
)
from labyrinth_gym.envs.magic.engine.text.phrases import NUM, number


@line_template
def _discarded_to_battlefield(line: str, printed: Printed, draft: Draft) -> bool:
    # 614.1a, from the hand (113.6): Loxodon Smiter, Wilt-Leaf Liege, Dodecapod
    m = re.fullmatch(
        r"if a spell or ability an opponent controls causes you to discard this, put "
        rf"it onto the battlefield(?: with ({NUM}) \+1/\+1 counters? on it)? instead of "
        r"putting it into your graveyard\.", line)
    if not m or not is_permanent_card(printed):
        return False
    draft.statics.append(fx.DiscardedToBattlefield(
        number(m.group(1)) if m.group(1) else 0))
    return True
