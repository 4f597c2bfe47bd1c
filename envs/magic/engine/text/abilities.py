"""Line templates for activated abilities (rule 602): ``<cost>: <effect>`` with its timing
restrictions and its "activate only if / during" conditions (602.5b:
:func:`activation_conditions`), loyalty abilities (606), cycling (702.29), an instant's or sorcery's
additional cost, and the mana abilities of basic land types (305.6)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    check_refs,
    effect,
    is_mana_ability,
    is_permanent_card,
    it_is_self,
    leaves_graveyard,
    line_template,
    nodes,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    Unsupported,
    activation_condition,
    card_filter,
    cost,
    x_spend,
)

_TIMINGS = {" activate only as a sorcery.": (True, False),
            " activate only once each turn.": (False, True),
            " activate only as a sorcery and only once each turn.": (True, True)}
"""Activation restrictions (rule 602.5): (sorcery speed, once each turn)."""


_DURING = {" activate only during your turn.": "your_turn",
           " activate only during your turn, before attackers are declared.":
               "before_attackers",
           " activate only during your upkeep.": "your_upkeep"}


def activation_conditions(body: str) -> tuple[str, tuple[fx.ActivationCondition, ...]]:
    """``body`` of an activated ability without its final "activate only if / during
    ..." sentence, and that restriction (rule 602.5b); ``(body, ())`` when it has none
    that is read (the sentence then stays in ``body``, unread)."""
    for suffix, kind in _DURING.items():
        if body.endswith(suffix):
            return body[: -len(suffix)], (fx.ActivationCondition(kind),)
    if body.endswith(" activate only during the end of combat step."):  # (602.5b)
        return body[: -len(" activate only during the end of combat step.")], (
            fx.ActivationCondition("during_step", counter="end_of_combat"),)
    m = re.fullmatch(r"(.+\.) activate only (during your turn and only )?if (.+)\.", body,
                     re.DOTALL)
    if not m:
        return body, ()
    condition = activation_condition(m.group(3))
    if condition is None:
        return body, ()
    # "activate only during your turn and only if ..." (602.5b): both
    during = (fx.ActivationCondition("your_turn"),) if m.group(2) else ()
    return m.group(1), (*during, condition)


@line_template
def _activated(line: str, printed: Printed, draft: Draft) -> bool:
    if ": " not in line:
        return False
    head, _, body = line.partition(": ")
    paid = cost(head)
    if paid is None:
        return False
    # "discard this" is paid from the hand (channel): every other cost part and every
    # effect on "this" wants the card on the battlefield.
    zone = "hand" if paid.discard_self else "battlefield"
    spell = not is_permanent_card(printed)
    if zone == "battlefield" and spell and "from your graveyard" not in line:
        return False
    if zone == "hand" and (paid.tap or paid.sacrifice_self or paid.sacrifice):
        return False
    # Right after the cost, "it" can only be the source: "sacrifice this: it deals 1
    # damage to any target".
    body = re.sub(r"^it (deals|gets|gains) ", r"this \1 ", body)
    body = re.sub(r"^regenerate it\.", "regenerate this.", body)
    sorcery = once = False
    for suffix, (as_sorcery, each_turn) in _TIMINGS.items():
        if body.endswith(suffix):
            body = body[: -len(suffix)]
            sorcery, once = as_sorcery, each_turn
            break
    body, only_if = activation_conditions(body)
    if (x_part := re.search(r" (spend only [^.]+ mana on x\.)$", body)) and \
            (pip := x_spend(x_part.group(1))) is not None and paid.mana is not None \
            and paid.mana.x:  # "{X}: ... spend only black mana on x." (107.3)
        body = body[:x_part.start()]
        paid = dataclasses.replace(paid, mana=dataclasses.replace(paid.mana, x_pip=pip))
    what = it_is_self(effect(body))
    check_refs(what, x_defined=paid.mana is not None and paid.mana.x > 0
               or fx.x_counters(paid))
    from_graveyard = paid.exile_self or leaves_graveyard(what)
    if spell and not (zone == "battlefield" and from_graveyard):
        return False  # (an instant's or sorcery's text is its effect)
    if zone == "battlefield" and from_graveyard:
        # 113.6m: "{2}{b}: return this from your graveyard to your hand" works from
        # the graveyard only, and names no permanent of its own
        if paid.tap or paid.sacrifice_self or fx.Ref("self") in nodes(what):
            raise Unsupported(line)
        zone = "graveyard"
    if zone == "hand" and fx.Ref("self") in nodes(what):
        raise Unsupported(line)  # the card is in the hand, not a permanent to act on
    mana = is_mana_ability(what)
    if mana and zone == "hand":
        raise Unsupported(line)  # a mana ability from the hand: not modelled
    draft.activated.append(fx.ActivatedAbility(paid, what, sorcery, mana, zone, once,
                                               only_if))
    return True


@line_template
def _loyalty(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 606: "[+N]: effect", "[−N]: effect", "[0]: effect" of a planeswalker,
    # activated as a sorcery, one loyalty ability of a permanent a turn (the engine
    # keeps that limit).
    # "[−X]": X chosen as it is activated, X counters removed (107.3, 606.4).
    m = re.fullmatch(r"\[([+−-]?)(\d+|x)\]: (.+)", line, re.DOTALL)
    if not m or not printed.is_type("Planeswalker"):
        return False
    minus = m.group(1) in ("−", "-")
    x = m.group(2) == "x"
    if x and not minus:
        raise Unsupported(line)  # "[+X]": not read
    change = 0 if x else int(m.group(2)) * (-1 if minus else 1)
    body = re.sub(r"^it (deals|gets|gains) ", r"this \1 ", m.group(3))
    what = it_is_self(effect(body))
    check_refs(what, x_defined=x)
    # 605.1a: a loyalty ability is no mana ability even if it adds mana ("[−2]: add
    # {r} for each mountain you control"): it uses the stack, the mana is added as it
    # resolves
    draft.activated.append(fx.ActivatedAbility(fx.Cost(loyalty=change, loyalty_x=x),
                                               what, sorcery_speed=True))
    return True


@line_template
def _crew(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.122a: "crew N" means "tap any number of untapped creatures you control
    # with total power N or more: this Vehicle becomes an artifact creature until end
    # of turn" (its printed power and toughness then apply, 301.7).
    m = re.fullmatch(r"crew (\d+)", line)
    if not m or "Vehicle" not in printed.subtypes or printed.power is None:
        return False
    draft.activated.append(fx.ActivatedAbility(
        fx.Cost(crew=int(m.group(1))),
        fx.Becomes(fx.Ref("self"), types=("Artifact", "Creature"))))
    return True


@line_template
def _cycling(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.29a: "cycling [cost]" means "[cost], discard this card: draw a card",
    # activated only from the hand.
    m = re.fullmatch(r"cycling(?: |—)(.+)", line)
    if not m or (paid := cost(m.group(1))) is None or paid.tap or paid.sacrifice_self \
            or paid.sacrifice or paid.discard_self:
        return False
    draft.activated.append(fx.ActivatedAbility(
        dataclasses.replace(paid, discard_self=True), fx.Draw(1), zone="hand",
        cycling=True))
    return True


@line_template
def _additional_cost(line: str, printed: Printed, draft: Draft) -> bool:
    m = re.fullmatch(r"as an additional cost to cast this, (.+)\.", line)
    if not m or draft.additional_cost is not None or any(
            isinstance(s, fx.AdditionalCost) for s in draft.statics):
        return False
    paid = cost(m.group(1))
    if (r := re.fullmatch(r"you may exile any number of (.+?) cards from your graveyard\. "
                          r"this costs \{(\d+)\} less to cast for each card exiled "
                          r"this way", m.group(1))) and \
            (f := card_filter(r.group(1))) is not None and f != fx.Filter():
        # 601.2b, 601.2f: chosen as it is cast, each card {N} less (Gorex)
        paid = fx.Cost(exile_any=f, exile_any_less=int(r.group(2)))
    elif (r := re.fullmatch(r"reveal an? (.+?) card from your hand or pay (\{[^}]+\}+)",
                          m.group(1))) and (f := card_filter(r.group(1))) is not None \
            and f != fx.Filter() and (mana := cost(r.group(2))) is not None and \
            mana == fx.Cost(mana=mana.mana) and is_permanent_card(printed):
        paid = fx.Cost(mana=mana.mana, reveal_or=f)  # (601.2b: Surtland Elementalist)
    elif paid is None or paid.mana is not None or paid.tap or paid.sacrifice_self \
            or paid.discard_self:
        return False
    if is_permanent_card(printed):  # (601.2b: Stitched Drake)
        if printed.is_type("Land"):
            return False
        draft.statics.append(fx.AdditionalCost(paid))
    else:
        draft.additional_cost = paid
    return True
