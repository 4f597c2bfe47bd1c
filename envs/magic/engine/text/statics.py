"""Line templates for a permanent's own lines that are not triggered or activated:
keyword lines (with ward and devour), ``enchant``, ``equip``, cost changes, "enters
with counters", static abilities (anthems, Aura and Equipment bonuses, combat
restrictions, static prevention) and entering tapped."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.mana import parse_cost
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    is_permanent_card,
    line_template,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    activation_condition,
    all_subtypes,
    cost,
    creature_subtypes,
    granted,
    number,
    object_filter,
    protections,
)


@line_template
def _keyword_line(line: str, printed: Printed, draft: Draft) -> bool:
    line, dash, ward_cost = line.partition("ward—")  # (its cost may hold commas)
    if dash:  # "flying, ward—{2}, pay 2 life": the ward is the line's last part
        line = line.rstrip()
        if line and not line.endswith(","):
            return False
        line = line[:-1]
    parts = [p.strip() for p in re.split(r"[,;]", protections(line))] if line or not dash \
        else []
    if dash:
        parts.append(dash + ward_cost)
    keywords = [p for p in parts if KW.is_keyword(p)]
    defining = [p for p in parts if p in DEFINING_KEYWORDS]
    wards = [w for p in parts if (w := ward(p)) is not None]
    if wards and (len(wards) > 1 or not is_permanent_card(printed)):
        return False
    devours = [devour(p) for p in parts
               if not KW.is_keyword(p) and p not in DEFINING_KEYWORDS and ward(p) is None]
    if None in devours or len(devours) > 1:
        return False
    draft.triggered.extend(wards)
    if devours:
        if "Creature" not in printed.types or any(
                isinstance(st, fx.Devour) for st in draft.statics):
            return False
        draft.statics.append(devours[0])
    draft.keywords.update(keywords)
    draft.defining.update(defining)
    return True


DEFINING_KEYWORDS = frozenset({"devoid", "changeling"})
"""Keyword abilities that define the card's own characteristics in every zone (604.3),
applied when the card is compiled: devoid, "this object is colorless" (702.114a), and
changeling, "this object is every creature type" (702.73a)."""


def ward(text: str) -> fx.TriggeredAbility | None:
    """Rule 702.21a: ``ward {N}`` / ``ward—<cost>`` is "whenever this permanent
    becomes the target of a spell or ability an opponent controls, counter it unless
    that player pays <cost>"; the cost is mana, ``pay N life``, ``discard a card`` /
    ``discard N cards`` / ``discard a card at random``, or several of them joined by
    commas (``ward—{2}, pay 2 life``); else None."""
    m = re.fullmatch(r"ward(?: (\{[^—]+)|—(.+?))\.?", text)
    if not m:
        return None
    mana, life, discard, at_random = None, 0, 0, False
    for part in (m.group(1) or m.group(2)).split(", "):
        if re.fullmatch(r"(?:\{[^}]+\})+", part) and mana is None:
            try:
                mana = parse_cost(part.upper())
            except ValueError:
                return None
            if mana.x:
                return None
        elif (pay := re.fullmatch(r"pay (\d+) life", part)) and not life:
            life = int(pay.group(1))
        elif (cards := re.fullmatch(rf"discard {NUM} cards?( at random)?", part)) \
                and not discard and isinstance(n := number(cards.group(1)), int):
            discard, at_random = n, bool(cards.group(2))
        else:
            return None
    return fx.TriggeredAbility(
        fx.Trigger("becomes_target_by_opponent"),
        fx.CounterUnlessPays(fx.Ref("that_object"), mana, life, discard=discard,
                             at_random=at_random))


def devour(text: str) -> fx.Devour | None:
    """Rule 702.82: ``devour N`` (creatures), ``devour <quality> N`` (``devour artifact
    1``: artifacts; the quality is a :func:`object_filter` phrase), else None."""
    m = re.fullmatch(r"devour (?:(.+) )?(\d+)", text)
    if not m:
        return None
    if m.group(1) is None:
        return fx.Devour(int(m.group(2)))
    f = object_filter(m.group(1))
    if f is None or f.controller != "any" or f.props:
        return None
    return fx.Devour(int(m.group(2)), f)


@line_template
def _no_max_hand_size(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 402.2: "you have no maximum hand size" (a permanent's static ability)
    m = re.fullmatch(r"(you|players) have no maximum hand size\.", line)
    if not m or not is_permanent_card(printed):
        return False
    draft.statics.append(fx.NoMaxHandSize(players=m.group(1) == "players"))
    return True


_RULE_WHOM = {"you": "you", "your opponents": "opponents", "players": "players",
              "each player": "players"}
_TYPE_PLURALS = {"artifacts": "Artifact", "creatures": "Creature",
                 "enchantments": "Enchantment", "lands": "Land",
                 "planeswalkers": "Planeswalker"}


def _ability_types(phrase: str) -> tuple[str, ...] | None:
    """``artifacts, creatures, or enchantments`` -> their card types (None if a word
    is not a permanent type)."""
    words = [w for w in re.split(r",? or |, ", phrase) if w]
    types = tuple(_TYPE_PLURALS.get(w, "") for w in words)
    return types if types and all(types) else None


def player_rules(text: str) -> list[fx.PlayerRule] | None:
    """A static rule about players (:class:`~effects.PlayerRule`), the line's text
    without its period: "players can't gain life", "you have hexproof", "skip your
    draw step", "your opponents can't cast spells during your turn", "during your
    turn, your opponents can't cast spells or activate abilities of artifacts,
    creatures, or enchantments", "activated abilities of creatures your opponents
    control can't be activated", "each player can't cast more than one spell each
    turn"; None if it is none of them."""
    your_turn = False
    if text.startswith("during your turn, "):
        your_turn, text = True, text[len("during your turn, "):]
    elif text.endswith(" during your turn"):
        your_turn, text = True, text[:-len(" during your turn")]
    if text == "cards in graveyards can't be the targets of spells or abilities":
        return [fx.PlayerRule("graveyard_untargetable", "players", your_turn)]
    if text == "skip your draw step":
        return [fx.PlayerRule("skip_draw", "you", your_turn)]
    if m := re.fullmatch(r"activated abilities of (.+?)(?: (you|your opponents) "
                         r"controls?)? can't be activated", text):
        types = _ability_types(m.group(1))
        whom = {"you": "you", "your opponents": "opponents", None: "players"}[
            m.group(2)]
        return None if types is None else [
            fx.PlayerRule("no_abilities", whom, your_turn, types)]
    m = re.fullmatch(r"(you|your opponents|players|each player) (?:have|has|can't|"
                     r"cannot) (.+)", text)
    if not m:
        return None
    whom, rest = _RULE_WHOM[m.group(1)], m.group(2)
    if text.startswith(m.group(1) + " have") or text.startswith(m.group(1) + " has"):
        return [fx.PlayerRule("hexproof", whom, your_turn)] \
            if rest == "hexproof" else None
    if rest == "gain life":
        return [fx.PlayerRule("no_life_gain", whom, your_turn)]
    if rest == "cast more than one spell each turn":
        return [fx.PlayerRule("one_spell", whom, your_turn)]
    if rest == "cast spells":
        return [fx.PlayerRule("no_spells", whom, your_turn)]
    if m := re.fullmatch(r"cast spells or activate abilities of (.+)", rest):
        types = _ability_types(m.group(1))
        return None if types is None else [
            fx.PlayerRule("no_spells", whom, your_turn),
            fx.PlayerRule("no_abilities", whom, your_turn, types)]
    return None


@line_template
def _player_rule(line: str, printed: Printed, draft: Draft) -> bool:
    """A permanent's static rule about players (:func:`player_rules`: 119.7,
    702.11d, 500.11, 101.2, 602.5a)."""
    if not line.endswith(".") or not is_permanent_card(printed):
        return False
    rules = player_rules(line[:-1])
    if rules is None:
        return False
    draft.statics.extend(rules)
    return True


@line_template
def _enchant(line: str, printed: Printed, draft: Draft) -> bool:
    m = re.fullmatch(r"enchant (.+)", line)
    if not m or "Aura" not in printed.subtypes or draft.enchant is not None:
        return False
    if m.group(1) == "player":  # 303.4, 702.5d: an Aura that enchants a player
        draft.enchant = fx.ENCHANT_PLAYER
        return True
    f = object_filter(m.group(1))
    if f is None or "other" in f.props:
        return False
    draft.enchant = f
    return True


@line_template
def _equip(line: str, printed: Printed, draft: Draft) -> bool:
    m = re.fullmatch(r"equip(?: |—)(.+)", line)
    if not m or "Equipment" not in printed.subtypes:
        return False
    ability = equip_ability(m.group(1))
    if ability is None:
        return False
    draft.activated.append(ability)
    return True


def equip_ability(text: str) -> fx.ActivatedAbility | None:
    """Rule 702.6a: "equip <cost>" is "<cost>: attach this to target creature you
    control. activate only as a sorcery." (None: a cost not read)."""
    paid = cost(text)
    if paid is None or paid.sacrifice_self or paid.discard_self:
        return None
    return fx.ActivatedAbility(
        paid, fx.Attach(fx.Target("creature", fx.Filter(controller="you"))),
        sorcery_speed=True)


def attached_bonus(text: str) -> fx.AttachedBonus | None:
    """What an Aura or Equipment gives (``gets +4/+4 and has flying and first
    strike``; None if not read): for :mod:`.layers`' lines that add a type too."""
    return _bonus(text)


def _bonus(text: str) -> fx.AttachedBonus | None:
    """``gets +1/+1``, ``has flying``, ``gets +2/+0 and has first strike``, ``can't
    attack or block``..., what an Aura or Equipment gives its permanent."""
    if m := re.fullmatch(r"can't (attack or block|attack|block)", text):
        return fx.AttachedBonus(cant_attack="attack" in m.group(1),
                                cant_block="block" in m.group(1))
    m = re.fullmatch(r"(?:gets ([+-]\d+)/([+-]\d+)(?: and has (.+))?|has (.+))", text)
    if not m:
        return None
    keywords = granted(m.group(3) or m.group(4))
    if keywords is None:
        return None
    power = int(m.group(1)) if m.group(1) else 0
    toughness = int(m.group(2)) if m.group(2) else 0
    return fx.AttachedBonus(power, toughness, keywords)


_SPELL_KINDS = {"": frozenset(), "creature": frozenset({"Creature"}),
                "artifact": frozenset({"Artifact"}),
                "enchantment": frozenset({"Enchantment"}),
                "instant": frozenset({"Instant"}), "sorcery": frozenset({"Sorcery"}),
                "instant and sorcery": frozenset({"Instant", "Sorcery"}),
                "noncreature": frozenset()}


@line_template
def _cost_change(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 601.2f: "noncreature spells cost {1} more to cast", "instant and sorcery
    # spells you cast cost {1} less to cast", "spells your opponents cast cost {1} more",
    # "goblin spells you cast cost {1} less to cast" (a creature type: spells of it);
    # "spells you cast from anywhere other than your hand cost {2} less" (601.2a).
    m = re.fullmatch(r"(?:([a-z-]+(?: and sorcery)?) )?spells(?: (you|your opponents) "
                     r"cast( from anywhere other than your hand)?)? cost \{(\d+)\} "
                     r"(more|less) to cast\.", line)
    if not m or not is_permanent_card(printed):
        return False
    kind = m.group(1) or ""
    subtypes: frozenset[str] = frozenset()
    if kind == "aura":  # "aura spells you cast cost {1} less" (a bestowed one too)
        subtypes, kind = frozenset({"Aura"}), ""
    elif kind not in _SPELL_KINDS:
        if kind not in creature_subtypes():
            return False
        subtypes, kind = frozenset({creature_subtypes()[kind]}), ""
    if m.group(3) and m.group(2) != "you":
        return False
    amount = int(m.group(4)) * (1 if m.group(5) == "more" else -1)
    whose = {"you": "you", "your opponents": "opponents", None: "any"}[m.group(2)]
    draft.statics.append(fx.CostChange(amount, _SPELL_KINDS[kind],
                                       kind == "noncreature", whose, subtypes,
                                       bool(m.group(3))))
    return True


@line_template
def _enters_with_counters(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 614.1c: "this enters with N +1/+1 counters on it" (X: the X paid, 107.3m).
    # "this enters tapped and with three charge counters on it" (614.1c, 614.1e)
    m = re.fullmatch(rf"this enters( tapped and| tapped)? with {NUM} ([+-]1/[+-]1|[a-z]+) "
                     r"counters? on it\.", line)
    if not m or not is_permanent_card(printed) or \
            not (m.group(3) in ("+1/+1", "-1/-1") or fx.plain_counter(m.group(3))):
        return False
    count = number(m.group(2))
    if not isinstance(count, int) and not (count == "X" and printed.cost is not None
                                           and printed.cost.x):
        return False
    if m.group(1):
        draft.statics.append(fx.EntersTapped())
    draft.statics.append(fx.EntersWithCounters(count, m.group(3)))
    return True


@line_template
def _static(line: str, printed: Printed, draft: Draft) -> bool:
    if not is_permanent_card(printed):
        return False
    if (entering := enters_tapped(line, printed)) is not None:
        draft.statics.append(entering)
        return True
    if (prevention := static_prevention(line, printed)) is not None:
        draft.statics.extend(prevention)
        return True
    if (restriction := COMBAT_RESTRICTIONS.get(line)) is not None:
        if "Creature" not in printed.types and "Vehicle" not in printed.subtypes:
            return False  # a noncreature's combat rules: a Vehicle's (for when crewed)
        draft.statics.append(restriction)
        return True
    if (untap := UNTAP_RESTRICTIONS.get(line)) is not None:
        if untap.what == "attached" and not (
                {"Aura", "Equipment"} & set(printed.subtypes)
                and (line.startswith("equipped") == ("Equipment" in printed.subtypes))):
            return False
        draft.statics.append(untap)
        return True
    m = re.fullmatch(r"you control enchanted (creature|artifact|land|permanent)\.", line)
    if m and "Aura" in printed.subtypes and draft.enchant is not None:
        draft.statics.append(fx.ControlAttached())
        return True
    m = re.fullmatch(r"enchanted (?:creature|permanent|artifact)(?:'s activated abilities "
                     r"can't be activated| can't (attack or block|block), and its "
                     r"activated abilities can't be activated)( unless they're mana "
                     r"abilities)?\.", line)
    if m and "Aura" in printed.subtypes and draft.enchant is not None:
        # 602.5a (Arrest): its activated abilities, mana abilities too (unless they're
        # excepted: Faith's Fetters), and combat
        draft.statics.append(fx.AttachedBonus(
            cant_attack=m.group(1) == "attack or block", cant_block=bool(m.group(1)),
            no_abilities=not m.group(2), no_nonmana_abilities=bool(m.group(2))))
        return True
    m = re.fullmatch(r"enchanted creature (.+) as long as it's an? ([\w-]+)\. otherwise, "
                     r"it (.+)\.", line)
    if m and "Aura" in printed.subtypes and draft.enchant is not None and \
            draft.enchant.types == {"Creature"}:
        # 611.3a: a bonus while the creature has a quality, another while it hasn't
        word = m.group(2)
        host = fx.Filter(types=frozenset({fx.TYPE_PROPS[word]})) \
            if word in fx.TYPE_PROPS else fx.Filter(
                subtypes=frozenset({creature_subtypes()[word]})) \
            if word in creature_subtypes() else None
        yes, no = _bonus(m.group(1)), _bonus(m.group(3))
        if host is None or yes is None or no is None or yes.per or no.per:
            return False
        draft.statics.append(dataclasses.replace(yes, host=host))
        draft.statics.append(dataclasses.replace(no, host=host, host_negated=True))
        return True
    m = re.fullmatch(r"(enchanted|equipped) creature (.+)\.", line)
    if m:
        needs = "Aura" if m.group(1) == "enchanted" else "Equipment"
        if needs not in printed.subtypes or (
                needs == "Aura" and (draft.enchant is None
                                     or draft.enchant.types != {"Creature"})):
            return False
        if (bonus := _bonus(m.group(2))) is not None:
            draft.statics.append(bonus)
            return True
        return False
    if (found := anthem(line)) is not None:
        draft.statics.append(found)
        return True
    return False


@line_template
def _anthem_as_long_as_counters(line: str, printed: Printed, draft: Draft) -> bool:
    # 611.3a: "as long as this has seven or more quest counters on it, creatures you
    # control get +5/+5." (Beastmaster Ascension): an anthem while the count holds.
    m = re.fullmatch(rf"as long as this has {NUM} or more ([a-z]+) counters on it, (.+)",
                     line)
    if not m or not is_permanent_card(printed) or not fx.plain_counter(m.group(2)) or \
            not isinstance(count := number(m.group(1)), int):
        return False
    found = anthem(m.group(3))
    if found is None:
        return False
    draft.statics.append(dataclasses.replace(found, condition=fx.ActivationCondition(
        "counters_on_this", count=count, counter=m.group(2))))
    return True


@line_template
def _graveyard_anthem(line: str, printed: Printed, draft: Draft) -> bool:
    # 113.6: "as long as this card is in your graveyard [and <condition>], creatures
    # you control have haste." (the Incarnations): an anthem of the card's owner
    # that functions only from that graveyard (611.3a: the condition checked now)
    m = re.fullmatch(r"as long as this is in your graveyard(?: and (.+?))?, (.+)", line)
    if not m or not is_permanent_card(printed):
        return False
    condition = None
    if m.group(1) is not None:
        condition = activation_condition(m.group(1))
        if condition is None or condition.kind not in fx.GRAVEYARD_ANTHEM_CONDITIONS:
            return False
    found = anthem(m.group(2))
    if found is None or found.condition is not None:
        return False
    draft.statics.append(dataclasses.replace(found, condition=condition,
                                             zone="graveyard"))
    return True


@line_template
def _enchanted_player_anthem(line: str, printed: Printed, draft: Draft) -> bool:
    # 303.4: "creatures enchanted player controls get -1/-1." (Curse of Death's Hold)
    m = re.fullmatch(r"creatures enchanted player controls (.+)", line)
    if not m or draft.enchant != fx.ENCHANT_PLAYER:
        return False
    found = anthem("creatures you control " + m.group(1))
    if found is None or found.condition is not None or \
            found.affected.controller != "you" or found.affected.props:
        return False
    draft.statics.append(dataclasses.replace(found, affected=dataclasses.replace(
        found.affected, controller=fx.ENCHANTED_PLAYER)))
    return True


def anthem(line: str) -> fx.Anthem | None:
    """An anthem: ``<permanents> get +N/+N [and have <keywords>].`` or ``<permanents>
    have <keywords>.`` (else None)."""
    m = re.fullmatch(r"(.+?) (?:get ([+-]\d+)/([+-]\d+)(?: and have (.+))?|have (.+))\.",
                     line)
    each = re.fullmatch(r"each (.+?) (?:gets ([+-]\d+)/([+-]\d+)(?: and has (.+))?|has "
                        r"(.+))\.", line)
    if each:  # "each creature you control with a +1/+1 counter on it has trample"
        m = each
    if not m:
        return None
    group = m.group(1)
    if group.startswith("all "):
        group = group[4:]
    f = object_filter(group, plural=not each) if " and other " not in group or each \
        else _and_other(*group.split(" and other ", 1))
    if f is None or not (f.types or f.subtypes or "commander" in f.props):
        return None
    keywords = granted(m.group(4) or m.group(5))
    if keywords is None:
        return None
    power = int(m.group(2)) if m.group(2) else 0
    toughness = int(m.group(3)) if m.group(3) else 0
    return fx.Anthem(f, power, toughness, keywords)


def _and_other(first: str, second: str) -> fx.Filter | None:
    """``<subtype>s you control and other <subtype>s you control`` (Death Baron): one
    filter matching a permanent of the first subtype (the source too) or another one of
    the second (so one with both gets the bonus once)."""
    one = object_filter(first, plural=True)
    two = object_filter("other " + second, plural=True)
    if one is None or two is None or one.props or two.props != {"other"} or \
            len(one.subtypes) != 1 or not two.subtypes or \
            (one.types, one.controller) != (two.types, two.controller):
        return None
    (subtype,) = one.subtypes
    return dataclasses.replace(one, subtypes=one.subtypes | two.subtypes, props=frozenset(
        {"other" + fx.EITHER + fx.SUBTYPE + subtype}))


def static_prevention(line: str, printed: Printed) -> tuple[fx.PreventDamage, ...] | None:
    """A permanent's static prevention effect (rule 615), for as long as it is on the
    battlefield: ``prevent all [combat] damage that would be dealt to this.``; an
    Aura's ``... dealt by enchanted creature.`` / ``... dealt to and dealt by
    enchanted creature.``"""
    m = re.fullmatch(r"prevent all (combat )?damage that would be dealt (to|by|to and "
                     r"dealt by) (this|enchanted creature)\.", line)
    if not m:
        return None
    what = fx.Ref("self") if m.group(3) == "this" else fx.Ref("enchanted")
    if what == fx.Ref("enchanted") and "Aura" not in printed.subtypes:
        return None
    if what == fx.Ref("self") and not printed.is_type("Creature"):
        return None  # (a noncreature's: only ever until it becomes one)
    combat = bool(m.group(1))
    ways = {"to": (False,), "by": (True,), "to and dealt by": (False, True)}[m.group(2)]
    return tuple(fx.PreventDamage(None, what, by_what=by, combat_only=combat)
                 for by in ways)


_COUNTED = {"a": (1, None), "an": (1, None), "two or more": (2, None),
            "three or more": (3, None), "two or fewer": (0, 2), "one or fewer": (0, 1)}
"""How many permanents an "unless you control ..." condition wants: (at least, at
most)."""


def enters_tapped(line: str, printed: Printed) -> fx.EntersTapped | None:
    """Entering tapped (rules 614.1d, 614.12): ``this enters tapped.``; a land's
    ``this enters tapped unless you control a plains or an island.`` (a basic land
    type, ``two or more other lands``, ``two or fewer other lands``, ``a basic
    land``...), ``unless you have two or more opponents``, ``unless a player has 13
    or less life``; ``as this enters, you may pay 2 life. if you don't, it enters
    tapped.``; ``as this enters, you may reveal a plains or island card from your
    hand. if you don't, this enters tapped.`` (revealed when one is in the hand; one
    subtype too: Gilt-Leaf Palace's "an elf card")."""
    if line == "this enters tapped.":
        return fx.EntersTapped()
    if not printed.is_type("Land"):
        return None
    if m := re.fullmatch(r"as this enters, you may pay (\d+) life\. if you don't, it "
                         r"enters tapped\.", line):
        return fx.EntersTapped(pay_life=int(m.group(1)))
    if m := re.fullmatch(r"as this enters, you may reveal an? (\w+)(?: or (?:an? )?(\w+))? "
                         r"card from your hand\. if you don't, this enters tapped\.", line):
        named = [all_subtypes().get(w) for w in m.groups() if w is not None]
        if None in named:
            return None
        return fx.EntersTapped(unless_reveal=fx.Filter(
            subtypes=frozenset(named)))  # type: ignore[arg-type]
    if m := re.fullmatch(rf"this enters tapped unless you have {NUM} or more opponents\.",
                         line):
        count = number(m.group(1))
        return fx.EntersTapped(unless_opponents=count) if isinstance(count, int) else None
    if m := re.fullmatch(r"this enters tapped unless a player has (\d+) or less life\.",
                         line):
        return fx.EntersTapped(unless_life_at_most=int(m.group(1)))
    m = re.fullmatch(r"this enters tapped unless you control (a|an|two or more|three or "
                     r"more|two or fewer|one or fewer) (.+)\.", line)
    if not m:
        return None
    at_least, at_most = _COUNTED[m.group(1)]
    phrase = m.group(2)
    if at_most is None and at_least == 1 and (
            k := re.fullmatch(r"(\w+) or an? (\w+)", phrase)):
        # "a plains or an island": a permanent of either (basic land) subtype
        named = [all_subtypes().get(w) for w in k.groups()]
        if None in named:
            return None
        f: fx.Filter | None = fx.Filter(subtypes=frozenset(named))  # type: ignore[arg-type]
    else:
        # the entering land is not on the battlefield yet: "other" adds nothing
        plural = at_least != 1 or at_most is not None
        words = phrase[len("other "):] if phrase.startswith("other ") else phrase
        f = object_filter(words, plural=plural)
        if f is None or f.controller != "any" or f == fx.Filter():
            return None
    return fx.EntersTapped(f, at_least, at_most)


UNTAP_RESTRICTIONS = {
    "this doesn't untap during your untap step.": fx.DoesntUntap("self"),
    "enchanted creature doesn't untap during its controller's untap step.":
        fx.DoesntUntap("attached"),
    "enchanted permanent doesn't untap during its controller's untap step.":
        fx.DoesntUntap("attached"),
    "enchanted land doesn't untap during its controller's untap step.":
        fx.DoesntUntap("attached"),
    "enchanted artifact doesn't untap during its controller's untap step.":
        fx.DoesntUntap("attached"),
    "equipped creature doesn't untap during its controller's untap step.":
        fx.DoesntUntap("attached"),
}
"""Untap restrictions (502.3) by their whole line; "enchanted"/"equipped" ones only on
an Aura or Equipment."""

COMBAT_RESTRICTIONS = {
    "this can't attack.": fx.CombatRestriction(cant_attack=True),
    "this can't block.": fx.CombatRestriction(cant_block=True),
    "this can't attack or block.": fx.CombatRestriction(cant_attack=True,
                                                        cant_block=True),
    "this can't be blocked.": fx.CombatRestriction(cant_be_blocked=True),
    "this can't block and can't be blocked.": fx.CombatRestriction(
        cant_block=True, cant_be_blocked=True),
    "this attacks each combat if able.": fx.CombatRestriction(attacks_each_combat=True),
    "this must be blocked if able.": fx.CombatRestriction(must_be_blocked=True),
    "this must be blocked each combat if able.": fx.CombatRestriction(
        must_be_blocked=True),
    "all creatures able to block this do so.": fx.CombatRestriction(lure=True),
    "this blocks each combat if able.": fx.CombatRestriction(blocks_each_combat=True),
    "this attacks or blocks each combat if able.": fx.CombatRestriction(
        attacks_each_combat=True, blocks_each_combat=True),
}
"""A creature's own combat restrictions, by their whole line."""
