"""Templates for combat: what an Aura or Equipment says about how its creature attacks
and is blocked (508.1c, 509.1b: "equipped creature can't be blocked and has shroud",
"enchanted creature gets +2/+2, has flying, and can't attack you or planeswalkers you
control"), combat keywords that are triggered abilities (their abilities are built by
:func:`~keywords.keyword_triggers`), and the restrictions and requirements of rules
508.1c-d and 509.1b-c that a creature's own line states."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.mana import parse_cost
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    Draft,
    effect_template,
    is_permanent_card,
    line_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    activation_condition,
    block_restriction,
    granted,
    number,
    object_filter,
    permanents,
    token_spec,
)

_CLAUSE = re.compile(r"(?:,? and |, )(?=(?:gets|has|can't|is goaded))")
"""Where one clause of "enchanted creature gets +2/+2, has flying, and can't block"
ends: before the next verb (a keyword list's own "and" stays in its clause)."""


def attached_bonus(text: str) -> fx.AttachedBonus | None:
    """What an Aura or Equipment gives its creature, clause by clause: ``gets +N/+N``,
    ``has <keywords>``, ``can't attack [or block]``, ``can't block``, ``can't be
    blocked [by <creatures> / except by <creatures>]`` (509.1b) and ``can't attack you
    or planeswalkers you control`` (508.1c); None if a clause is none of these."""
    power = toughness = 0
    keywords: tuple[str, ...] = ()
    fields: dict[str, object] = {}
    for i, clause in enumerate(_CLAUSE.split(text)):
        if i == 0 and (m := re.fullmatch(r"gets ([+-]\d+)/([+-]\d+)", clause)):
            power, toughness = int(m.group(1)), int(m.group(2))
        elif m := re.fullmatch(r"has (.+)", clause):
            found = granted(m.group(1))
            if found is None or keywords:
                return None
            keywords = found
        elif m := re.fullmatch(r"can't (attack or block|attack|block)", clause):
            fields["cant_attack"] = fields.get("cant_attack") or "attack" in m.group(1)
            fields["cant_block"] = fields.get("cant_block") or "block" in m.group(1)
        elif clause == "can't be blocked":
            fields["cant_be_blocked"] = True
        elif clause == "can't attack you or planeswalkers you control":
            fields["cant_attack_you"] = True
        elif clause == "is goaded":  # 701.38
            fields["goaded"] = True
        elif (restriction := block_restriction(clause)) is not None:
            if "blockers" in fields:
                return None
            fields["blockers"] = restriction
        else:
            return None
    if not fields:
        return None  # (plain bonuses are :mod:`.statics`')
    return fx.AttachedBonus(power, toughness, keywords, **fields)  # type: ignore[arg-type]


@line_template
def _attached_combat_bonus(line: str, printed: Printed, draft: Draft) -> bool:
    m = re.fullmatch(r"(enchanted|equipped) creature (.+)\.", line)
    if not m:
        return False
    needs = "Aura" if m.group(1) == "enchanted" else "Equipment"
    if needs not in printed.subtypes or (
            needs == "Aura" and (draft.enchant is None
                                 or draft.enchant.types != {"Creature"})):
        return False
    bonus = attached_bonus(m.group(2))
    if bonus is None:
        return False
    draft.statics.append(bonus)
    return True


_UNBLOCKED = re.compile(r"(you may have this|enchanted creature's controller may have it) "
                        r"assign its combat damage as though it weren't blocked\.")


@line_template
def _unblocked_damage(line: str, printed: Printed, draft: Draft) -> bool:
    """510.1: a creature's own "you may have this assign its combat damage as though
    it weren't blocked." (a creature's ability) and an Aura's "enchanted creature's
    controller may have it ..." (granted while attached): the ability
    :data:`~keywords.UNBLOCKED_DAMAGE`."""
    m = _UNBLOCKED.fullmatch(line)
    if not m:
        return False
    if m.group(1) == "you may have this":
        if not printed.is_type("Creature"):
            return False
        draft.keywords.add(KW.UNBLOCKED_DAMAGE)
        return True
    if "Aura" not in printed.subtypes or draft.enchant is None or \
            draft.enchant.types != {"Creature"}:
        return False
    draft.statics.append(fx.AttachedBonus(keywords=(KW.UNBLOCKED_DAMAGE,)))
    return True


_TAX = re.compile(
    r"creatures can't attack (you|you or planeswalkers you control|planeswalkers you "
    r"control) unless their controller pays ((?:\{[^}x]+\})+) for each (?:creature they "
    r"control that's attacking (?:you|a planeswalker you control)|of those creatures)\.")


@line_template
def _attack_tax(line: str, printed: Printed, draft: Draft) -> bool:
    """508.1d, 508.1g: "creatures can't attack you [or planeswalkers you control]
    unless their controller pays {2} for each creature they control that's attacking
    you" (Ghostly Prison, Propaganda, Windborn Muse)."""
    m = _TAX.fullmatch(line)
    if not m or not is_permanent_card(printed):
        return False
    try:
        mana = parse_cost(m.group(2).upper())
    except ValueError:
        return False
    whom = m.group(1)
    draft.statics.append(fx.AttackTax(mana, player=whom.startswith("you"),
                                      planeswalkers="planeswalkers" in whom))
    return True


@line_template
def _own_attack_block_rules(line: str, printed: Printed, draft: Draft) -> bool:
    """A creature's own restrictions (508.1c, 509.1b): "this can block only creatures
    with flying.", "this can't attack unless defending player controls an island.",
    "this can't attack [or block] unless <a condition of its controller>." ("unless
    you control four or more artifacts")."""
    if not (printed.is_type("Creature") or "Vehicle" in printed.subtypes):
        return False
    if m := re.fullmatch(r"this can block only (.+)\.", line):
        f = object_filter(m.group(1), plural=True)
        if f is None or f.controller != "any" or not f.types <= {"Creature"} or \
                f == fx.Filter():
            return False
        draft.statics.append(fx.CombatRestriction(blocks_only=f))
        return True
    if m := re.fullmatch(r"this can't attack unless defending player controls (an? )?(.+)\.",
                         line):
        f = object_filter(m.group(2), plural=not m.group(1))
        if f is None or f.controller != "any" or f == fx.Filter() or not m.group(1):
            return False
        draft.statics.append(fx.CombatRestriction(attack_unless_defending=f))
        return True
    if m := re.fullmatch(r"this can't (attack|attack or block) unless (.+)\.", line):
        condition = activation_condition(m.group(2))
        if condition is None:
            return False
        draft.statics.append(fx.CombatRestriction(
            attack_unless=condition,
            block_unless=condition if m.group(1) != "attack" else None))
        return True
    return False


@line_template
def _lure_aura(line: str, printed: Printed, draft: Draft) -> bool:
    """509.1c: "all creatures able to block enchanted creature do so." (Lure)."""
    if line != "all creatures able to block enchanted creature do so." or \
            "Aura" not in printed.subtypes or draft.enchant is None or \
            draft.enchant.types != {"Creature"}:
        return False
    draft.statics.append(fx.AttachedBonus(lure=True))
    return True


@effect_template
def _block_requirement_this_turn(s: str) -> fx.Effect | None:
    """509.1c, granted until end of turn like keywords
    (:data:`~keywords.RESTRICTIONS`): "target creature blocks this turn if able",
    "target creature must be blocked this turn if able", "all creatures able to block
    target creature this turn do so"."""
    if m := re.fullmatch(r"(.+?) (blocks|must be blocked) this turn if able", s):
        what = "blocks each combat if able" if m.group(2) == "blocks" else \
            "must be blocked if able"
        who = m.group(1)
    elif m := re.fullmatch(r"all creatures able to block (.+?) this turn do so", s):
        what, who = "all creatures able to block it do so", m.group(1)
    else:
        return None
    pumped = read_sentence(f"{who} gains haste until end of turn") or read_sentence(
        f"{who} gain haste until end of turn")
    if not isinstance(pumped, fx.Pump) or pumped.keywords != ("haste",) or \
            pumped.power or pumped.toughness:
        return None
    return fx.Pump(0, 0, pumped.what, (what,))


SENTENCE_GROUPS.append((r"choose any number of [^.]+\.",
                        r"they (?:block|must be blocked) this turn if able\."))


@effect_template
def _chosen_must_block(s: str) -> fx.Effect | None:
    """509.1c: "choose any number of creatures. they block this turn if able."
    (untargeted: :class:`~effects.TapAny` that only chooses, then the requirement
    granted until end of turn to those chosen, ``Ref("those_targets")``)."""
    m = re.fullmatch(r"choose any number of (.+?)\. they (block|must be blocked) this "
                     r"turn if able", s)
    if not m or (f := object_filter(m.group(1), plural=True)) is None or \
            f.types != {"Creature"}:
        return None
    what = "blocks each combat if able" if m.group(2) == "block" else \
        "must be blocked if able"
    return fx.Sequence((fx.TapAny(f, tap=False),
                        fx.Pump(0, 0, fx.Ref("those_targets"), (what,))))


@effect_template
def _choose_blocks(s: str) -> fx.Effect | None:
    """509.1: "you choose which creatures block this turn and how those creatures
    block" (:class:`~effects.ChooseBlocks`)."""
    if s == "you choose which creatures block this turn and how those creatures block":
        return fx.ChooseBlocks()
    return None


_ENTERS_IN_COMBAT = re.compile(
    rf"create {NUM} (.+?),? (?:that's|that are|which are) (attacking|blocking that "
    r"creature)")


@effect_template
def _tokens_in_combat(s: str) -> fx.Effect | None:
    """``create a 1/1 white cat soldier creature token with vigilance that's
    attacking`` (508.4, not tapped) and ``... that's blocking that creature`` (506.3:
    the creature its source blocks; Brimaz)."""
    m = _ENTERS_IN_COMBAT.fullmatch(s)
    if not m or (spec := token_spec(m.group(2))) is None or "Creature" not in spec.types:
        return None
    if m.group(3) == "attacking":
        return fx.CreateToken(spec, number(m.group(1)), attacking=True, untapped=True)
    return fx.CreateToken(spec, number(m.group(1)), blocking=True)


UNBLOCKED_ATTACKER = fx.Filter(types=frozenset({"Creature"}), controller="you",
                               props=frozenset({"attacking", "unblocked"}))
"""What ninjutsu returns to its owner's hand: an unblocked attacker you control."""


@line_template
def _ninjutsu(line: str, printed: Printed, draft: Draft) -> bool:
    """Ninjutsu (702.49a): "<cost>, reveal this card from your hand, return an
    unblocked attacking creature you control to its owner's hand: put this card onto
    the battlefield from your hand tapped and attacking" (an ability of the card in
    the hand; the return is a cost, chosen with the ``cost_sacrifice`` decision)."""
    m = re.fullmatch(r"ninjutsu ((?:\{[^}]+\})+)", line)
    if not m or not printed.is_type("Creature"):
        return False
    try:
        mana = parse_cost(m.group(1).upper())
    except ValueError:
        return False
    if mana.x:
        return False
    draft.activated.append(fx.ActivatedAbility(
        fx.Cost(mana=mana, bounce=UNBLOCKED_ATTACKER), fx.EnterAttackingFromHand(),
        zone="hand"))
    return True


@effect_template
def _goad(s: str) -> fx.Effect | None:
    """Goad (701.38a): ``goad target creature [an opponent controls / you don't
    control]``, ``goad it`` (the creature an earlier step named)."""
    m = re.fullmatch(r"goad (.+)", s)
    if not m:
        return None
    if m.group(1) in ("it", "that creature"):
        return fx.Goad(fx.Ref("it"))
    who = permanents(m.group(1))
    if who is None or isinstance(who, fx.Ref) or (
            isinstance(who, fx.Target) and (who.kind != "creature" or who.count != 1)):
        return None
    if isinstance(who, fx.Each) and who.filter.types != {"Creature"}:
        return None
    return fx.Goad(who)


@effect_template
def _blocks_this(s: str) -> fx.Effect | None:
    """509.1c: "target creature blocks this this turn if able" (a requirement to
    block the ability's source, until the turn ends)."""
    m = re.fullmatch(r"(target creature|target creature an opponent controls) blocks "
                     r"this this turn if able", s)
    if not m:
        return None
    who = permanents(m.group(1))
    return fx.MustBlock(who) if isinstance(who, fx.Target) else None


LESSER_POWER_BLOCKERS = fx.CombatRestriction(not_blocked_by=fx.Filter(
    types=frozenset({"Creature"}), props=frozenset({"lesser_power"})))
""""Creatures with power less than this creature's power can't block it" (509.1b)."""


@line_template
def _lesser_power_cant_block(line: str, printed: Printed, draft: Draft) -> bool:
    if line != "creatures with power less than this's power can't block it." or \
            not printed.is_type("Creature"):
        return False
    draft.statics.append(LESSER_POWER_BLOCKERS)
    return True


_IGNORES_DEFENDER_THIS_TURN = " can attack this turn as though it didn't have defender"


@effect_template
def _attack_despite_defender(s: str) -> fx.Effect | None:
    """508.1c, until end of turn: "this can attack this turn as though it didn't have
    defender", "this gets +3/-1 until end of turn and can attack this turn as though
    it didn't have defender" (:data:`~keywords.IGNORES_DEFENDER`)."""
    if not s.endswith(_IGNORES_DEFENDER_THIS_TURN):
        return None
    head = s[:-len(_IGNORES_DEFENDER_THIS_TURN)]
    if head.endswith(" and"):
        first = read_sentence(head[:-len(" and")])
        if not isinstance(first, fx.Pump) or first.lasting or first.until_your_next_turn:
            return None
        return dataclasses.replace(first, keywords=first.keywords + (KW.IGNORES_DEFENDER,))
    pumped = read_sentence(f"{head} gains haste until end of turn")
    if not isinstance(pumped, fx.Pump) or pumped.keywords != ("haste",) or \
            pumped.power or pumped.toughness:
        return None
    return fx.Pump(0, 0, pumped.what, (KW.IGNORES_DEFENDER,))
