"""Line templates for playing cards from outside the hand and seeing the top card of a
library (the engine side is :mod:`~labyrinth_gym.envs.magic.engine.elsewhere`):
"play with the top card of your library revealed", "you may look at the top card of
your library any time", "you may play lands [and cast <quality> spells] from the top
of your library", "you may cast this from your graveyard [as long as <condition>]",
"you may play an additional land on each of your turns"; exiling the top card of a
library to play it; typecycling (702.29e)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    effect_template,
    is_permanent_card,
    line_template,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    activation_condition,
    card_filter,
    cost,
    number,
    player,
)


@line_template
def _top_seen(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 401.5: the top card of its controller's library revealed / looked at
    if not is_permanent_card(printed):
        return False
    if line == "play with the top card of your library revealed.":
        draft.statics.append(fx.TopRevealed())
        return True
    if line == "you may look at the top card of your library any time.":
        draft.statics.append(fx.MayLookAtTop())
        return True
    return False


@line_template
def _play_from_top(line: str, printed: Printed, draft: Draft) -> bool:
    # Rules 305.1, 601.3: "you may play lands [and cast <quality> spells] from the
    # top of your library" (Courser of Kruphix, Future Sight, Vizier of the Menagerie)
    m = re.fullmatch(r"you may (play lands|play lands and cast (.*)spells|cast (.*)spells)"
                     r" from the top of your library\.", line)
    if not m or not is_permanent_card(printed):
        return False
    quality = m.group(2) if m.group(2) is not None else m.group(3)
    spells = None
    if quality is not None:
        spells = card_filter(quality.strip())
        if spells is None or "Land" in spells.types:
            return False
    draft.statics.append(fx.PlayFromTop(lands=m.group(1).startswith("play lands"),
                                        spells=spells))
    return True


@line_template
def _cast_from_graveyard(line: str, printed: Printed, draft: Draft) -> bool:
    # Rules 113.6b, 601.3: a permanent card's own permission, functioning in its
    # owner's graveyard (Gravecrawler)
    m = re.fullmatch(r"you may cast this from your graveyard(?: as long as (.+))?\.",
                     line)
    if not m or not is_permanent_card(printed) or "Land" in printed.types:
        return False
    condition = None
    if m.group(1):
        condition = activation_condition(m.group(1))
        if condition is None:
            return False
    draft.statics.append(fx.CastFromGraveyard(condition))
    return True


@line_template
def _cast_from_graveyard_each_turn(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 601.3: "once during each of your turns, you may cast a zombie creature spell
    # from your graveyard" (Gisa and Geralf, Karador)
    m = re.fullmatch(r"once during each of your turns, you may cast an? (.+?) spell "
                     r"from your graveyard\.", line)
    if not m or not is_permanent_card(printed) or \
            (f := card_filter(m.group(1))) is None or f == fx.Filter():
        return False
    draft.statics.append(fx.CastFromGraveyardEachTurn(f))
    return True


@line_template
def _extra_land_each_turn(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 305.2: "you may play an additional land / two additional lands on each of
    # your turns" (Oracle of Mul Daya, Azusa)
    m = re.fullmatch(rf"you may play (an|{NUM}) additional lands? on each of your turns\.",
                     line)
    if not m or not is_permanent_card(printed):
        return False
    count = 1 if m.group(1) == "an" else number(m.group(1))
    if not isinstance(count, int):
        return False
    draft.statics.append(fx.ExtraLandEachTurn(count))
    return True


# ----------------------------------------------- exiling cards to play them
_CARDS = r"(?:that card|it|those cards|them)"


@effect_template
def _exile_top(body: str) -> fx.Effect | None:
    # "exile the top [N] card(s) of your library", "<player> exiles the top card of
    # their library" (face up; the next step's "that card")
    m = re.fullmatch(rf"exile the top (?:card|{NUM} cards) of your library", body)
    if m:
        count = 1 if m.group(1) is None else number(m.group(1))
        return fx.ExileTop(fx.Ref("you"), count) if isinstance(count, int) else None
    m = re.fullmatch(r"exile the top card of (that player|target player|target opponent)'s "
                     r"library( face down)?", body)
    if m:  # (406.3: face down, only its owner may look at it)
        who = player(m.group(1))
        return None if who is None else fx.ExileTop(who, 1, face_down=bool(m.group(2)))
    m = re.fullmatch(rf"(.+?) exiles? the top (?:card|{NUM} cards) of their library", body)
    if m:
        who = player(m.group(1))
        count = 1 if m.group(2) is None else number(m.group(2))
        if who is None or not isinstance(count, int) or who == fx.Ref("you"):
            return None
        return fx.ExileTop(who, count)
    return None


@effect_template
def _may_play(body: str) -> fx.Effect | None:
    # Rule 601.3: "you may play that card this turn" and its durations, right after
    # an ExileTop (checked by the engine's unresolvable)
    for pattern, until in (
            (rf"you may play {_CARDS} this turn", "turn"),
            (rf"until end of turn, you may play {_CARDS}", "turn"),
            (rf"until the end of your next turn, you may play {_CARDS}", "next_turn"),
            (rf"you may play {_CARDS} until the end of your next turn", "next_turn"),
            (rf"you may play {_CARDS} for as long as (?:it remains|they remain) exiled",
             "exiled")):
        if re.fullmatch(pattern, body):
            return fx.MayPlay(until)
    # "you may look at and play that card for as long as it remains exiled[, and you
    # may spend mana as though it were mana of any color to cast that spell]" (406.3,
    # 609.4b)
    m = re.fullmatch(rf"you may (look at and )?play {_CARDS} for as long as (?:it remains|"
                     r"they remain) exiled(, and you may spend mana as though it were mana "
                     r"of any color to cast (?:that spell|those spells|it|them))?", body)
    if m and (m.group(1) or m.group(2)):
        return fx.MayPlay("exiled", look=bool(m.group(1)), any_colour=bool(m.group(2)))
    return None


@line_template
def _play_exiled(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 607.2a: "you may play lands and cast spells from among cards exiled with
    # this" (Nightveil Specter)
    if line != "you may play lands and cast spells from among cards exiled with this." \
            or not is_permanent_card(printed):
        return False
    draft.statics.append(fx.PlayExiled())
    return True


@line_template
def _typecycling(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.29e: "<type>cycling [cost]" means "[cost], discard this card: search
    # your library for a <type> card, reveal it, put it into your hand, then
    # shuffle", activated only from the hand (basic landcycling, plainscycling,
    # wizardcycling...)
    m = re.fullmatch(r"([a-z][a-z ]*?)cycling(?: |—)(.+)", line)
    if not m or (paid := cost(m.group(2))) is None or paid.tap or paid.sacrifice_self \
            or paid.sacrifice or paid.discard_self:
        return False
    kind = card_filter(m.group(1).strip())
    if kind is None or not (kind.types or kind.subtypes):
        return False
    draft.activated.append(fx.ActivatedAbility(
        dataclasses.replace(paid, discard_self=True),
        fx.Search(kind, 1, "hand", reveal=True), zone="hand", cycling=True))
    return True


@effect_template
def _reveal_top_to_hand(body: str) -> fx.Effect | None:
    # Rule 701.20a: "reveal the top card of your library and put that card into your
    # hand" (Dark Confidant; a following "its mana value" is that card's)
    if body != "reveal the top card of your library and put that card into your hand":
        return None
    return fx.RevealTop(fx.Ref("you"), fx.Filter(), None, to_hand=True)
