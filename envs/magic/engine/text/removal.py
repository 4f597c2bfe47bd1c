"""Effect templates that act on objects: damage, destroy / exile / bounce, tap and untap,
countering a spell (also "unless its controller pays"), sacrifice, regeneration,
damage prevention and "exile it instead" (rules 701.7, 701.8, 701.6, 701.21, 701.19,
615, 614.1a)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.mana import parse_cost
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    effect_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    ability_target,
    each_phrase,
    number,
    object_filter,
    permanents,
    player,
    selector,
    target_for,
    target_phrase,
)


@effect_template
def _damage(s: str) -> fx.Effect | None:
    m = re.fullmatch(rf"this deals {NUM} damage to (.+)", s)
    if m and m.group(2) == "itself":  # a permanent's ability: its source (Vrondiss)
        return fx.DealDamage(number(m.group(1)), fx.Ref("self"))
    if m and (to := selector(m.group(2))) is not None:
        if isinstance(to, fx.Ref) and to.name in ("self", "enchanted", "equipped"):
            return None  # "this deals damage to this" and such: not read yet
        return fx.DealDamage(number(m.group(1)), to)
    return None


@effect_template
def _damage_equal_to_its_power(s: str) -> fx.Effect | None:
    """``this deals damage equal to its power to <target>``: the source's power as
    the ability resolves, or as the source last existed (608.2h; a spell, which has
    no power, is refused by the engine's check)."""
    m = re.fullmatch(r"this deals damage equal to (?:its|this's) power to (.+)", s)
    if m and (to := selector(m.group(1))) is not None and to != fx.Ref("self"):
        return fx.DealDamage(fx.StatOf("power", "self"), to)
    return None


@effect_template
def _damage_to_each_with_the_same_name(s: str) -> fx.Effect | None:
    """``this deals 1 damage to target creature and each other creature with the same
    name as that creature`` (Izzet Staticaster): the target's
    :attr:`~effects.Target.same_name`, as it resolves."""
    m = re.fullmatch(rf"this deals {NUM} damage to (.+?) and each other (.+) with the "
                     r"same name as that (?:creature|permanent)", s)
    if not m:
        return None
    target = permanents(m.group(2))
    others = object_filter(m.group(3))
    if not isinstance(target, fx.Target) or others is None or target.count != 1 or \
            target.up_to or target.same_name is not None:
        return None
    return fx.DealDamage(number(m.group(1)), dataclasses.replace(target, same_name=others))


@effect_template
def _gets_and_deals(s: str) -> fx.Effect | None:
    """``this gets +1/+0 until end of turn and deals 1 damage to you`` (Firedrinker
    Satyr): the pump, then the damage, both of the source."""
    m = re.fullmatch(r"this (gets .+? until end of turn) and (deals .+)", s)
    if not m:
        return None
    pump, damage = read_sentence(f"this {m.group(1)}"), read_sentence(f"this {m.group(2)}")
    if not isinstance(pump, fx.Pump) or not isinstance(damage, fx.DealDamage):
        return None
    return fx.Sequence((pump, damage))


_THEY_DEAL = r"(it|that creature|each of those creatures|(?:another )?target .+?)"


@effect_template
def _deals_damage_equal_to_its_power(s: str) -> fx.Effect | None:
    """Another permanent's damage by its own power (:class:`~effects.PowerDamage`):
    ``it deals damage equal to its power to any target`` (a trigger's object),
    ``target creature you control deals damage equal to its power to target creature
    you don't control`` (the first target chosen by a :class:`~effects.TargetOnly`
    step), ``target creature deals damage to itself equal to its power``, ``each of
    those creatures deals damage equal to its power to this`` (the targets of the
    step before)."""
    m = re.fullmatch(_THEY_DEAL + r" deals damage equal to its power to (.+)", s)
    itself = re.fullmatch(_THEY_DEAL + r" deals damage to itself equal to its power", s)
    m = m or itself
    if not m:
        return None
    who = m.group(1)
    to = fx.Ref("it") if itself else selector(m.group(2))
    if to is None or to == fx.Ref("it") and not itself:
        return None
    if who in ("it", "that creature"):
        return None if itself else fx.PowerDamage(fx.Ref("it"), to)
    if who == "each of those creatures":
        return None if itself else fx.PowerDamage(fx.Ref("those_targets"), to)
    dealer = target_phrase(who)
    if dealer is None or dealer.kind != "creature" or dealer.count != 1 or \
            dealer.up_to or dealer.filter is not None and "other" in dealer.filter.props:
        return None
    if isinstance(to, fx.Target) and to.filter is not None and \
            "other" in to.filter.props:
        # "another target creature" after a target: a different one (115.3)
        to = dataclasses.replace(to, filter=dataclasses.replace(
            to.filter, props=to.filter.props - {"other"} | {"another_target"}))
    return fx.Sequence((fx.TargetOnly(dealer), fx.PowerDamage(fx.Ref("it"), to)))


@effect_template
def _damage_to_each_and_each(s: str) -> fx.Effect | None:
    """``this deals 2 damage to each creature and each player`` (Pyroclasm-style sweeps
    that also hit players): the same amount to each group, one step each (no state-
    based actions are checked between them, rule 704.3, so they act as one event)."""
    m = re.fullmatch(rf"this deals {NUM} damage to (each [^,]+?) and (each [^,]+)", s)
    if not m:
        return None
    groups = [selector(m.group(2)), selector(m.group(3))]
    if any(not isinstance(g, (fx.Each, fx.Ref)) or g == fx.Ref("self") for g in groups):
        return None
    amount = number(m.group(1))
    return fx.Sequence(tuple(fx.DealDamage(amount, g) for g in groups))


def _damage_group(phrase: str) -> fx.Selector | None:
    """A selector one half of a two-part damage sentence may name (no "this")."""
    to = selector(phrase)
    if to is None or isinstance(to, fx.Ref) and to.name in ("self", "enchanted",
                                                             "equipped"):
        return None
    return to


@effect_template
def _damage_to_two(s: str) -> fx.Effect | None:
    """``this deals 2 damage to any target and 1 damage to any other target`` (Arc
    Trail, 115.3), ``this deals x damage to target player or planeswalker and each
    creature that player or that planeswalker's controller controls`` (Bonfire of the
    Damned): one amount to each of two groups, or one amount each; two steps of one
    effect, dealt at once (no state-based actions between them, 704.3)."""
    m = re.fullmatch(rf"this deals {NUM} damage to (.+)", s)
    if not m:
        return None
    rest = m.group(2)
    for cut in (i.start() for i in re.finditer(" and ", rest)):
        first = _damage_group(rest[:cut])
        if first is None:
            continue
        tail = rest[cut + len(" and "):]
        amount = number(m.group(1))
        if more := re.fullmatch(rf"{NUM} damage to (.+)", tail):
            amount2, tail = number(more.group(1)), more.group(2)
        else:
            amount2 = amount
        second = _damage_group(tail)
        if second is None:
            continue
        return fx.Sequence((fx.DealDamage(amount, first), fx.DealDamage(amount2, second)))
    return None


MAX_DIVIDED = 8
"""The most targets "divided as you choose among any number of targets" offers."""
_AMONG = {"one, two, or three": 3, "one or two": 2, "any number of": MAX_DIVIDED}


@effect_template
def _divided_damage(s: str) -> fx.Effect | None:
    # Rule 601.2d: "this deals 3 damage divided as you choose among one, two, or three
    # targets" / "... among any number of target creatures your opponents control"
    m = re.fullmatch(rf"this deals {NUM} damage divided as you choose among "
                     r"(one, two, or three|one or two|any number of) (targets|target .+)",
                     s)
    if not m:
        return None
    amount = number(m.group(1))
    if not isinstance(amount, int) and amount != "X":
        return None
    count = _AMONG[m.group(2)]
    if isinstance(amount, int):
        count = min(count, amount)
    if m.group(3) == "targets":
        to = fx.Target("any", count=count, up_to=True)
    else:
        f = object_filter(m.group(3)[len("target "):], plural=True)
        if f is None:
            return None
        to = target_for(f, count, up_to=True)
        if to.kind == "permanent" and f.types != frozenset({"Planeswalker"}):
            return None  # damage to a permanent that is no creature or planeswalker
    return fx.DealDamage(amount, to, divided=True)


def _chosen_of_yours(phrase: str) -> tuple[fx.Filter, int] | None:
    """``a land you control``, ``two creatures you control``: permanents of yours
    chosen as the effect resolves (no target), as (filter, count)."""
    m = re.fullmatch(rf"{NUM} (.+ you control)", phrase)
    if not m:
        return None
    count = number(m.group(1))
    if not isinstance(count, int) or count < 1:
        return None
    f = object_filter(m.group(2), plural=count > 1)
    if f is None or f.controller != "you" or "other" in f.props:
        return None
    return f, count


@effect_template
def _destroy_exile_bounce(s: str) -> fx.Effect | None:
    for verb, make in (("destroy", fx.Destroy), ("exile", fx.Exile)):
        m = re.fullmatch(rf"{verb} (.+)", s)
        # not "this": an instant exiling itself is not a permanent leaving play
        if m and (what := permanents(m.group(1))) is not None and what != fx.Ref("self"):
            return make(what)
    m = re.fullmatch(r"return (.+) to (?:its owner's|their owners'|their owner's) hands?",
                     s)
    if m and (what := permanents(m.group(1))) is not None:
        return fx.ReturnToHand(what)
    if m and (chosen := _chosen_of_yours(m.group(1))) is not None:
        return fx.ReturnChosen(*chosen)  # the bounce lands' "a land you control"
    if m and (what := target_phrase(m.group(1))) is not None and \
            what.kind.endswith("spell"):
        return fx.ReturnToHand(what)  # a spell on the stack back to its owner's hand
    return None


@effect_template
def _held_untapped(s: str) -> fx.Effect | None:
    """``that creature doesn't untap during its controller's untap step for as long
    as you control this`` (611.2b, 502.3: Tidebinder Mage)."""
    m = re.fullmatch(r"(.+) doesn't untap during its controller's untap step for as "
                     r"long as you control this", s)
    if not m or (what := permanents(m.group(1))) is None or \
            isinstance(what, fx.Each) or what == fx.Ref("self"):
        return None
    return fx.SkipNextUntap(what, while_you_control=True)


@effect_template
def _tap(s: str) -> fx.Effect | None:
    if m := re.fullmatch(r"(?:you may )?tap or untap (.+)", s):
        # 701.26: Pestermite's "you may tap or untap target permanent", Vedalken
        # Anatomist's "... that creature": one permanent, changed or not
        what = permanents(m.group(1))
        if what is None or isinstance(what, fx.Each) or (
                isinstance(what, fx.Target) and (what.count != 1 or what.up_to)):
            return None
        return fx.MayDo(fx.TapOrUntap(what, toggle=True))
    m = re.fullmatch(r"(tap|untap) (.+)", s)
    if m and (what := permanents(m.group(2))) is not None:
        return fx.TapOrUntap(what, tap=m.group(1) == "tap")
    return None


@effect_template
def _counter_spell(s: str) -> fx.Effect | None:
    # Rule 118.12: "counter target spell unless its controller pays {3}"
    m = re.fullmatch(r"counter (.+) unless its controller pays ((?:\{[^}]+\})+)", s)
    if m and m.group(1) == "that spell or ability":
        # a "becomes the target" trigger's spell or ability (Frost Titan; ward's)
        what: fx.Selector | None = fx.Ref("that_object")
    else:
        what = target_phrase(m.group(1)) if m else None
    if m and what is not None and (
            isinstance(what, fx.Ref) or what.kind.endswith("spell")):
        try:
            mana = parse_cost(m.group(2).upper())
        except ValueError:
            return None
        # "{x}": the X announced for this spell (Syncopate; unresolvable() refuses it
        # anywhere else)
        return fx.CounterUnlessPays(what, mana)
    m = re.fullmatch(r"counter (.+)", s)
    if m and (what := target_phrase(m.group(1))) is not None and \
            what.kind.endswith("spell"):
        return fx.CounterSpell(what)
    if m and (what := ability_target(m.group(1))) is not None:
        # 701.6b: "counter target activated or triggered ability" (Stifle): it is
        # removed from the stack
        return fx.CounterSpell(what)
    return None


@effect_template
def _this_turn(s: str) -> fx.Effect | None:
    """``players can't gain life this turn`` (119.7), ``damage can't be prevented
    this turn`` (615.12)."""
    rule = {"players can't gain life this turn": "no_life_gain",
            "damage can't be prevented this turn": "no_prevention"}.get(s)
    return fx.ThisTurn(rule) if rule else None


@effect_template
def _each_deals_damage(s: str) -> fx.Effect | None:
    """``each creature deals 1 damage to its controller`` (each is the source); ``it
    deals 1 damage to its controller`` (a trigger's object, as it last existed if it
    has left, 608.2h)."""
    if m := re.fullmatch(rf"it deals {NUM} damage to its controller", s):
        # (a trigger's object: "whenever a goaded creature attacks, ...")
        return fx.EachDealsDamage(number(m.group(1)), fx.Ref("it"))
    m = re.fullmatch(rf"each (.+?) deals {NUM} damage to its controller", s)
    if not m or (what := each_phrase("each " + m.group(1))) is None:
        return None
    return fx.EachDealsDamage(number(m.group(2)), what)


@effect_template
def _change_target(s: str) -> fx.Effect | None:
    """``change a target of target spell or ability to this`` (115.7: Spellskite)."""
    if s == "change a target of target spell or ability to this":
        return fx.ChangeTarget(fx.Target("spell_or_ability"))
    return None


_COUNTERED_TO = {"exile it": "exile", "put it into its owner's hand": "hand",
                 "put it on top of its owner's library": "library_top",
                 "put it on the bottom of its owner's library": "library_bottom"}
"""Where "if that spell is countered this way, <...> instead" sends it (614.1a)."""
SENTENCE_GROUPS.append((r"counter .+\.",
                        r"if that spell is countered this way, .+ instead of .+\."))


@effect_template
def _countered_instead(s: str) -> fx.Effect | None:
    # Rules 701.6a, 614.1a: "counter target spell. if that spell is countered this way,
    # exile it instead of putting it into its owner's graveyard." (Dissipate; Remand:
    # "put it into its owner's hand instead of into that player's graveyard")
    m = re.fullmatch(r"(counter .+)\. if that spell is countered this way, (.+) instead "
                     r"of (?:putting it into its owner's|into that player's) graveyard",
                     s)
    if not m or (dest := _COUNTERED_TO.get(m.group(2))) is None:
        return None
    counter = read_sentence(m.group(1))
    if not isinstance(counter, (fx.CounterSpell, fx.CounterUnlessPays)):
        return None
    return dataclasses.replace(counter, dest=dest)


SACRIFICE_ALL = 10_000
"""The count of "sacrifice all <permanents> you control": more than there can be (each
one matching is sacrificed, 701.21a, none chosen)."""


@effect_template
def _sacrifice(s: str) -> fx.Effect | None:
    if (m := re.fullmatch(rf"sacrifice up to {NUM} (.+)", s)) and \
            isinstance(n := number(m.group(1)), int) and n > 1 and \
            (f := object_filter(m.group(2), plural=True)) is not None and \
            f.controller == "any":  # (the sacrificer chooses how many, 0 to n)
        return fx.Sacrifice(f, n, up_to=True)
    if m := re.fullmatch(r"sacrifice all (.+) you control", s):
        who: fx.Selector | None = fx.Ref("you")
        count, what = "all", m.group(1)
    elif m := re.fullmatch(rf"sacrifice {NUM} (.+)", s):
        who = fx.Ref("you")
        count, what = m.group(1), m.group(2)
    elif m := re.fullmatch(rf"(.+) sacrifices? {NUM} (.+)", s):
        who = player(m.group(1))
        count, what = m.group(2), m.group(3)
    else:
        return None
    if what.endswith(" of their choice"):  # says only who chooses, as without it
        what = what[: -len(" of their choice")]
    f = object_filter(what, plural=count not in ("a", "an", "one"))
    amount = SACRIFICE_ALL if count == "all" else number(count)
    if who is None or f is None or f.controller != "any" or not (
            isinstance(amount, int) or amount == "X" and who == fx.Ref("you")
            or amount == "that_much"):
        return None  # ("sacrifice x zombies": X paid for the spell, 107.3)
    return fx.Sacrifice(f, amount, who)


@effect_template
def _regenerate(s: str) -> fx.Effect | None:
    # Rule 701.19a: "regenerate <permanent>" makes a regeneration shield; 701.19c:
    # "<permanent> can't be regenerated this turn".
    m = re.fullmatch(r"regenerate (.+)", s)
    if m and (what := permanents(m.group(1))) is not None:
        return fx.Regenerate(what)
    m = re.fullmatch(r"(.+) can't be regenerated this turn", s)
    if m and m.group(1) == "a creature dealt damage this way":  # (Incinerate)
        return fx.CantBeRegenerated(fx.Ref("damaged_this_way"))
    if m and (what := permanents(m.group(1))) is not None:
        return fx.CantBeRegenerated(what)
    return None


_PREVENTED = r"(?:to|by) (.+?)"


@effect_template
def _prevent(s: str) -> fx.Effect | None:
    # Rule 615: prevention effects for the rest of the turn.
    if s == "prevent all combat damage that would be dealt this turn":
        return fx.PreventDamage(None, None, combat_only=True)
    m = re.fullmatch(rf"prevent the next {NUM} damage that would be dealt to (.+) "
                     r"this turn", s)
    if m and (to := _prevention_subject(m.group(2))) is not None:
        return fx.PreventDamage(number(m.group(1)), to)
    m = re.fullmatch(r"prevent all (combat )?damage that would be dealt (to|by) (.+) "
                     r"this turn", s)
    if m and (what := _prevention_subject(m.group(3))) is not None:
        return fx.PreventDamage(None, what, by_what=m.group(2) == "by",
                                combat_only=bool(m.group(1)))
    m = re.fullmatch(r"prevent all (combat )?damage (.+) would deal this turn", s)
    if m and (what := _prevention_subject(m.group(2))) is not None:
        return fx.PreventDamage(None, what, by_what=True, combat_only=bool(m.group(1)))
    m = re.fullmatch(r"prevent all (combat )?damage that would be dealt to and dealt by "
                     r"(.+) this turn", s)
    if m and isinstance(what := _prevention_subject(m.group(2)), fx.Ref):
        # one object named twice: a reference, never a second target
        combat = bool(m.group(1))
        return fx.Sequence((fx.PreventDamage(None, what, combat_only=combat),
                            fx.PreventDamage(None, what, by_what=True,
                                             combat_only=combat)))
    return None


def _prevention_subject(phrase: str) -> fx.Selector | None:
    """Who a prevention effect protects (or whose damage it stops): one creature,
    planeswalker or player named by a target or a reference (not a group: "each
    creature" would be one shield for each)."""
    out = selector(phrase)
    if isinstance(out, fx.Target) and out.count == 1 and not out.up_to and \
            out.kind in ("any", "creature", "player", "opponent", "permanent",
                         "creature_or_planeswalker"):
        return out
    if isinstance(out, fx.Ref) and out.name in ("self", "it", "you", "enchanted",
                                                "equipped"):
        return out
    return None


@effect_template
def _exile_instead(s: str) -> fx.Effect | None:
    # Rule 614.6: "if that creature would die this turn, exile it instead".
    m = re.fullmatch(r"if (that creature|that creature or planeswalker|it) would die "
                     r"this turn, exile it instead", s)
    if m:
        return fx.ExileIfDies(fx.Ref("it"))
    if s == "if a creature dealt damage this way would die this turn, exile it instead":
        return fx.ExileIfDies(fx.Ref("damaged_this_way"))
    return None


SENTENCE_GROUPS.append((r"exile [^.]+\.",
                        r"for each creature exiled this way, its controller creates "
                        r"[^.]+\."))


@effect_template
def _exiled_each_controller_creates(s: str) -> fx.Effect | None:
    """``exile x target creatures. for each creature exiled this way, its controller
    creates a 2/2 green boar creature token`` (Curse of the Swine): the exile, then
    the tokens, one per creature that went to exile (a token too), for the player
    who controlled it (as it last existed, 608.2h; ``Ref("exiled_controllers")``)."""
    m = re.fullmatch(r"(exile [^.]+)\. for each creature exiled this way, its "
                     r"controller (creates [^.]+)", s)
    if not m:
        return None
    exile = read_sentence(m.group(1))
    tokens = read_sentence("you " + m.group(2))
    if not isinstance(exile, fx.Exile) or exile.until_source_leaves or \
            not isinstance(tokens, fx.CreateToken) or tokens.who != fx.Ref("you"):
        return None
    what = exile.what
    if not (isinstance(what, fx.Target) and what.kind == "creature"
            or isinstance(what, fx.Each) and what.filter.types == {"Creature"}):
        return None  # (only creatures exiled: each of them is one "creature")
    return fx.Sequence((exile, dataclasses.replace(tokens,
                                                   who=fx.Ref("exiled_controllers"))))


SENTENCE_GROUPS.append((r"exile [^.]+\.", r"(?:then create|at the beginning of the next "
                        r"end step,) [^.]*\bthat many\b[^.]*\."))


def _exiled_total(node: object) -> object:
    """``node`` with each amount ``"that_much"`` made ``"exiled_total"``."""
    if node == "that_much":
        return "exiled_total"
    if isinstance(node, tuple):
        return tuple(_exiled_total(n) for n in node)
    if not dataclasses.is_dataclass(node) or isinstance(node, (type, fx.TokenSpec)):
        return node
    return dataclasses.replace(node, **{f.name: _exiled_total(getattr(node, f.name))
                                        for f in dataclasses.fields(node)})


@effect_template
def _exile_then_that_many(s: str) -> fx.Effect | None:
    """``exile all creatures you control. then create that many 5/5 red dragon
    creature tokens with flying`` (Day of the Dragons), ``... at the beginning of the
    next end step, reveal cards ... until you reveal that many creature cards ...``
    (Synthetic Destiny): "that many" counts the cards the exile moved
    (``"exiled_total"``, a token too; a delayed ability keeps those cards, 603.7)."""
    m = re.fullmatch(r"(exile [^.]+)\. ((?:then create|at the beginning of the next "
                     r"end step,) [^.]*\bthat many\b[^.]*)", s)
    if not m:
        return None
    exile, then = read_sentence(m.group(1)), read_sentence(m.group(2))
    if not isinstance(exile, fx.Exile) or exile.until_source_leaves or \
            not isinstance(then, (fx.CreateToken, fx.Delayed)):
        return None
    counted = _exiled_total(then)
    if "that_much" in repr(counted) or counted == then:
        return None
    return fx.Sequence((exile, counted))


SENTENCE_GROUPS.append((r"if a [^.]+ would be put into a graveyard from the battlefield "
                        r"this turn, exile it instead\.",
                        r"return it to the battlefield [^.]+ at the beginning of the "
                        r"next end step\."))


@effect_template
def _exile_instead_this_turn(s: str) -> fx.Effect | None:
    """``if a permanent you control would be put into a graveyard from the battlefield
    this turn, exile it instead. return it to the battlefield under its owner's
    control at the beginning of the next end step`` (Cosmic Intervention, 614.6,
    603.7): the replacement until end of turn, then the delayed return of each card
    it exiled."""
    m = re.fullmatch(r"if a ([^.]+) would be put into a graveyard from the battlefield "
                     r"this turn, exile it instead\. (return it to the battlefield [^.]+ "
                     r"at the beginning of the next end step)", s)
    if not m or (f := object_filter(m.group(1))) is None or f.controller != "you":
        return None
    back = read_sentence(m.group(2))
    if not isinstance(back, fx.Delayed) or back.when != "next_end_step" or \
            not isinstance(back.effect, fx.MoveCards) or \
            back.effect.what != fx.Ref("that_card") or back.effect.dest != "battlefield":
        return None
    return fx.Sequence((fx.ExileInsteadThisTurn(f), back))
