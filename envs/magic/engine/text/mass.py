"""Effect templates of instants, sorceries and mass effects: shuffling permanents and
graveyards into libraries (701.24a: Chaos Warp, Oblation, Elixir of Immortality)."""

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
    nodes,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    NUMBERS,
    card_filter,
    number,
    object_filter,
    permanents,
    player,
    target_for,
)

SENTENCE_GROUPS.append((r"create .+ tokens?\.",
                        r"if x is \d+ or more, destroy all other creatures\."))
SENTENCE_GROUPS.append((r"the owner of .+ shuffles it into their library, then reveals "
                        r"the top card of their library\.",
                        r"if it's an? [\w ]+ card, they put it onto the battlefield\."))


@effect_template
def _discard_hand(s: str) -> fx.Effect | None:
    """``each player discards their hand`` (701.9a: every card of each hand, its
    player discarding them one by one); ``... then draws seven cards`` is read as the
    same players' second step."""
    m = re.fullmatch(r"(each player|each opponent|target player|target opponent) "
                     r"discards their hand", s)
    if not m or (who := player(m.group(1))) is None:
        return None
    return fx.Discard(fx.Count("hand", of="that_player"), who)


@effect_template
def _each_player_may(s: str) -> fx.Effect | None:
    """``each player may discard their hand and draw cards equal to ...`` (Imposing
    Grandeur): each player chooses (101.4), then the actions happen for those who
    chose to (:class:`~effects.EachPlayerMay`), each part read as "each player
    <verb>s ..."."""
    m = re.fullmatch(r"each player may (.+)", s)
    if not m:
        return None
    steps = []
    for part in m.group(1).split(" and "):
        verb, _, rest = part.partition(" ")
        if not re.fullmatch(r"[a-z]+[^sxhy]", verb):
            return None  # (only the plain "+s" of a third person)
        step = read_sentence(f"each player {verb}s {rest}")
        if step is None or getattr(step, "who", None) != fx.Ref("each_player") or \
                fx.Ref("each_player") in nodes(dataclasses.replace(step, who=None)):
            return None
        steps.append(dataclasses.replace(step, who=fx.Ref("players_who_chose")))
    return fx.EachPlayerMay(steps[0] if len(steps) == 1 else fx.Sequence(tuple(steps)))


SENTENCE_GROUPS.append((r"starting with you, each player (?:may choose|chooses) an? [^.]+\.",
                        r"destroy each permanent chosen this way\."))


@effect_template
def _each_chooses_then_destroy(s: str) -> fx.Effect | None:
    """``starting with you, each player may choose an artifact or enchantment you
    don't control. destroy each permanent chosen this way`` (Druid of Purification):
    each player in turn order from the controller chooses one (or, with "may", none),
    then every permanent chosen is destroyed at once (:class:`~effects.EachChooses`,
    ``Ref("those_targets")``)."""
    m = re.fullmatch(r"starting with you, each player (may choose|chooses) an? ([^.]+)\. "
                     r"destroy each permanent chosen this way", s)
    if not m or (f := object_filter(m.group(2))) is None or f == fx.Filter():
        return None
    return fx.Sequence((fx.EachChooses(f, optional=m.group(1) == "may choose"),
                        fx.Destroy(fx.Ref("those_targets"))))


@effect_template
def _each_other_player_discards(s: str) -> fx.Effect | None:
    # "each other player discards a card" (Syphon Mind): each player but you
    m = re.fullmatch(rf"each other player discards {NUM} cards?", s)
    if not m or not isinstance(n := number(m.group(1)), int):
        return None
    return fx.Discard(n, fx.Ref("each_opponent"))


@effect_template
def _draw_per_discarded(s: str) -> fx.Effect | None:
    # "you draw a card for each card discarded this way" (after a discard step)
    if s in ("you draw a card for each card discarded this way",
             "draw a card for each card discarded this way"):
        return fx.Draw("discarded_total")
    return None


@effect_template
def _draw_most_discarded(s: str) -> fx.Effect | None:
    # Windfall: "<players> draw(s) cards equal to the greatest number of cards a player
    # discarded this way" (after a discard step of the same effect)
    m = re.fullmatch(r"(.+) draws? cards equal to the greatest number of cards a "
                     r"player discarded this way", s)
    if not m or (who := player(m.group(1))) is None:
        return None
    return fx.Draw("discarded_most", who)


@effect_template
def _sacrifice_greatest(s: str) -> fx.Effect | None:
    """``each opponent sacrifices a creature with the greatest power among creatures
    that player controls`` (Crackling Doom): each chooses among its tied ones."""
    m = re.fullmatch(r"(.+) sacrifices? a creature with the greatest power among "
                     r"creatures (?:that player|they|you) controls?", s)
    if not m or (who := player(m.group(1))) is None:
        return None
    return fx.Sacrifice(fx.Filter(types=frozenset({"Creature"}),
                                  props=frozenset({"greatest_power"})), 1, who)


@effect_template
def _if_cast_in_main_phase(s: str) -> fx.Effect | None:
    """``if you cast this spell during your main phase, you may exile up to one other
    target artifact or enchantment`` (:class:`~effects.IfMainPhase`; "other target":
    another than the spell's other targets, 115.3)."""
    m = re.fullmatch(r"if you cast this during your main phase, (.+)", s)
    if not m or (inner := read_sentence(m.group(1))) is None:
        return None
    return fx.IfMainPhase(_another(inner))


def _another(node: fx.Effect) -> fx.Effect:
    """``node`` with the "other" of its target read as "another target" (115.3):
    different from the spell's earlier targets, not from the spell itself."""
    if isinstance(node, fx.MayDo):
        return fx.MayDo(_another(node.effect))
    what = getattr(node, "what", None)
    if isinstance(what, fx.Target) and what.filter is not None and \
            "other" in what.filter.props:
        props = what.filter.props - {"other"} | {"another_target"}
        return dataclasses.replace(node, what=dataclasses.replace(
            what, filter=dataclasses.replace(what.filter, props=props)))
    return node


@effect_template
def _tokens_then_if_x(s: str) -> fx.Effect | None:
    """``create x 1/1 white soldier creature tokens. if x is 5 or more, destroy all
    other creatures`` (Martial Coup): the creatures other than the tokens just made
    (``not_made_this_way``), if X is at least that (``x_at_least``, 608.2c)."""
    m = re.fullmatch(r"(create .+ tokens?)\. if x is (\d+) or more, destroy all other "
                     r"creatures", s)
    if not m or not isinstance(made := read_sentence(m.group(1)), fx.CreateToken):
        return None
    doomed = fx.Filter(types=frozenset({"Creature"}),
                       props=frozenset({"not_made_this_way"}))
    return fx.Sequence((made, fx.IfHolds(
        fx.ActivationCondition("x_at_least", count=int(m.group(2))),
        fx.Destroy(fx.Each(doomed)))))


@effect_template
def _exile_from_both(s: str) -> fx.Effect | None:
    """``exile up to three other target creatures from the battlefield and/or
    creature cards from graveyards`` (115.1: Angel of Serenity): a target of either
    zone (``battlefield_or_graveyard``)."""
    m = re.fullmatch(r"exile (up to )?(\w+) (other )?target (\w+)s from the battlefield "
                     r"and/or (\w+) cards from graveyards", s)
    if not m or m.group(4) != m.group(5) or m.group(2) not in NUMBERS:
        return None
    f = object_filter(m.group(4))
    count = NUMBERS[m.group(2)]
    if f is None or not f.types or f.props or not isinstance(count, int):
        return None
    props = frozenset({"other"}) if m.group(3) else frozenset()
    return fx.Exile(fx.Target("battlefield_or_graveyard",
                              fx.Filter(types=f.types, props=props), count,
                              bool(m.group(1))))


@effect_template
def _return_exiled_to_hand(s: str) -> fx.Effect | None:
    # 607.2a: "return the exiled cards to their owners' hands" (Angel of Serenity)
    if re.fullmatch(r"return the exiled (?:card to its owner's hand|cards to their "
                    r"owners' hands)", s):
        return fx.MoveCards(fx.Ref("exiled_with_this"), "hand")
    return None


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


_AMONG = {"one or two": 2, "one, two, or three": 3, "any number of": 8}
"""The most targets a divided amount may be divided among (8: "any number of", as
divided damage)."""


@effect_template
def _distribute_counters(s: str) -> fx.Effect | None:
    """``distribute two +1/+1 counters among one or two target creatures`` (601.2d:
    :attr:`~effects.AddCounters.divided`)."""
    m = re.fullmatch(rf"distribute {NUM} ([+-]\d+/[+-]\d+) counters among "
                     r"(one or two|one, two, or three|any number of) target (.+)", s)
    if not m:
        return None
    count = number(m.group(1))
    f = object_filter(m.group(4), plural=True)
    if not isinstance(count, int) or f is None:
        return None
    return fx.AddCounters(count, target_for(f, min(count, _AMONG[m.group(3)]), up_to=True),
                          m.group(2), divided=True)


@effect_template
def _damage_divided_evenly(s: str) -> fx.Effect | None:
    """``this deals x damage divided evenly, rounded down, among any number of
    targets`` (Fireball: :attr:`~effects.DealDamage.evenly`; at most 8 targets)."""
    m = re.fullmatch(rf"this deals {NUM} damage divided evenly, rounded down, among "
                     r"any number of targets", s)
    if not m:
        return None
    return fx.DealDamage(number(m.group(1)), fx.Target("any", count=_AMONG["any number of"],
                                                       up_to=True),
                         divided=True, evenly=True)


@line_template
def _cost_per_extra_target(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 601.2f: "this spell costs {1} more to cast for each target beyond the first"
    m = re.fullmatch(r"this costs \{(\d+)\} more to cast for each target beyond the "
                     r"first\.", line)
    if not m or printed.is_permanent:
        return False
    draft.statics.append(fx.SelfCost(int(m.group(1)), extra_targets=True))
    return True


SENTENCE_GROUPS.append((r"you may discard (?:your hand|all the cards in your hand)\.",
                        r"if you do, draw that many cards\."))


@effect_template
def _discard_hand_then_draw_that_many(s: str) -> fx.Effect | None:
    """``you may discard all the cards in your hand. if you do, draw that many cards``
    (Forgotten Creation): an optional discard of the whole hand (701.9a), then as many
    cards drawn as were discarded (the amount ``"discarded_total"``)."""
    m = re.fullmatch(r"you may discard (?:your hand|all the cards in your hand)\. if "
                     r"you do, draw that many cards", s)
    if not m:
        return None
    return fx.MayDo(fx.IfYouDo((fx.Discard(fx.Count("hand")),
                                fx.Draw("discarded_total"))))
