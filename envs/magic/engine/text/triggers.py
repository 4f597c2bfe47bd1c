"""Line templates for triggered abilities (rule 603): ``when`` / ``whenever`` / ``at``
conditions read as :class:`~effects.Trigger` events, ability words, and "this can't be
countered"."""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed, card_pool
from labyrinth_gym.envs.magic.engine.library import NAMED
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    check_refs,
    dead_card,
    effect,
    has_target,
    is_permanent_card,
    it_is_self,
    leaves_graveyard,
    line_template,
    nodes,
    read_sentence,
    swap_ref,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    activation_condition,
    card_filter,
    creature_subtypes,
    object_filter,
)

_STEPS = {"your upkeep": ("upkeep", fx.Ref("you")),
          "enchanted player's upkeep": ("upkeep", fx.Ref(fx.ENCHANTED_PLAYER)),
          "enchanted player's draw step": ("draw_step", fx.Ref(fx.ENCHANTED_PLAYER)),
          "enchanted player's end step": ("end_step", fx.Ref(fx.ENCHANTED_PLAYER)),
          "each upkeep": ("upkeep", fx.Ref("each_player")),
          "each player's upkeep": ("upkeep", fx.Ref("each_player")),
          "each opponent's upkeep": ("upkeep", fx.Ref("each_opponent")),
          "your draw step": ("draw_step", fx.Ref("you")),
          "each player's draw step": ("draw_step", fx.Ref("each_player")),
          "your precombat main phase": ("main1", fx.Ref("you")),
          "your first main phase": ("main1", fx.Ref("you")),
          "your postcombat main phase": ("main2", fx.Ref("you")),
          "your second main phase": ("main2", fx.Ref("you")),
          "combat on your turn": ("beginning_of_combat", fx.Ref("you")),
          "each combat": ("beginning_of_combat", fx.Ref("each_player")),
          "your end step": ("end_step", fx.Ref("you")),
          "each end step": ("end_step", fx.Ref("each_player")),
          "the end step": ("end_step", fx.Ref("each_player")),
          "each player's end step": ("end_step", fx.Ref("each_player")),
          "each opponent's end step": ("end_step", fx.Ref("each_opponent"))}
"""Step triggers: whose step is the trigger's subject."""


_OBJECT_VERBS = {
    "enters": "enters", "enters the battlefield": "enters",
    "dies": "dies", "is put into a graveyard from the battlefield": "dies",
    "attacks": "attacks", "blocks": "blocks",
    "attacks alone": "attacks_alone",
    "becomes blocked": "becomes_blocked",
    "blocks a creature": "blocks_creature",
    "becomes blocked by a creature": "blocked_by",
    "becomes tapped": "becomes_tapped",
    "attacks and isn't blocked": "unblocked",
    "leaves the battlefield": "leaves",
    "is exiled from the battlefield": "exiled",
    "transforms into this": "transforms_into",
    "is turned face up": "turned_face_up",
    "deals damage": "deals_damage", "deals combat damage": "deals_combat_damage",
    "deals damage to a player": "deals_damage_player",
    "deals combat damage to a player": "deals_combat_damage_player",
    "deals combat damage to you": "deals_combat_damage_you",
    "deals damage to an opponent": "deals_damage_opponent",
    "deals combat damage to a creature": "deals_combat_damage_creature",
    "is dealt damage": "dealt_damage",
    "becomes monstrous": "becomes_monstrous",
    "becomes renowned": "becomes_renowned",
    # "whenever a +1/+1 counter is put on this" (122.6), as :func:`triggers` words it
    "gets a +1/+1 counter": "counter_put",
    "gets one or more +1/+1 counters": "counters_put",
    "becomes the target of a spell or ability": "becomes_target",
    "becomes the target of a spell or ability an opponent controls":
        "becomes_target_by_opponent",
    "becomes the target of a spell": "becomes_target_spell",
}
"""What happens to a permanent, as a trigger event (:data:`~effects.OBJECT_EVENTS`)."""


_PLAYER_VERBS = {"gain life": "gain_life", "gains life": "gain_life",
                 "lose life": "lose_life", "loses life": "lose_life",
                 "draw a card": "draw", "draws a card": "draw",
                 "discard a card": "discard", "discards a card": "discard",
                 "attack": "you_attack", "roll one or more dice": "roll_dice",
                 "rolls one or more dice": "roll_dice",
                 "clash": "clash", "clashes": "clash",
                 "clash and win": "clash_won", "clashes and wins": "clash_won",
                 "win a clash": "clash_won", "wins a clash": "clash_won"}
"""What happens to a player, as a trigger event (:data:`~effects.PLAYER_EVENTS`)."""


_PLAYER_SUBJECTS = {"you": fx.Ref("you"), "an opponent": fx.Ref("each_opponent"),
                    "a player": fx.Ref("each_player")}


_CASTERS = {"you cast": "you", "an opponent casts": "opponent", "a player casts": "any",
            "enchanted player casts": fx.ENCHANTED_PLAYER}


_EVENT_TYPES = {"enters": None, "leaves": None, "turned_face_up": None}
"""What another object's event may watch: any permanent enters, leaves or is turned
face up; every other event happens to creatures only (an artifact "dies" in no
wording of the game)."""


_SPELL_TYPES = {"instant": "Instant", "sorcery": "Sorcery", "creature": "Creature",
                "artifact": "Artifact", "enchantment": "Enchantment",
                "planeswalker": "Planeswalker", "land": "Land"}


def spell_filter(phrase: str) -> fx.Filter | None:
    """``a spell``, ``a noncreature spell``, ``an instant or sorcery spell``, ``an
    artifact or creature spell``, ``a red spell``, ``a multicolored spell``... as a
    :class:`Filter` of the spell's card (None if not one we know)."""
    colour = re.match(r"an? (white|blue|black|red|green|multicolored|monocolored|"
                      r"colorless) ", phrase)
    if colour:  # "a red spell", "a multicolored spell", "a blue instant spell"
        phrase = "a " + phrase[colour.end():]
    value = re.search(r" with mana value (\d+) or (less|greater)$", phrase)
    if value:  # "a spell with mana value 3 or less" (Eidolon of the Great Revel)
        phrase = phrase[:value.start()]
    m = re.fullmatch(r"an? (?:(noncreature) )?(?:(.+) )?spell", phrase)
    if not m:
        return None
    types: set[str] = set()
    subtypes: set[str] = set()
    kinds = m.group(2)
    if kinds and (first := kinds.split(" ")[0]) in creature_subtypes() and \
            " or " not in kinds and "," not in kinds:
        # "a zombie spell", "a zombie creature spell" (205.3m: a spell with that
        # creature type: a creature or kindred card)
        subtypes.add(creature_subtypes()[first])
        kinds = kinds[len(first) + 1:]
    if kinds:
        for word in re.split(r",? or |, ", kinds):
            if word not in _SPELL_TYPES:
                return None
            types.add(_SPELL_TYPES[word])
    if m.group(1) and types:
        return None
    props = ({"noncreature"} if m.group(1) else set()) | (
        {colour.group(1)} if colour else set())
    if value:
        props.add(f"mana_value{'<=' if value.group(2) == 'less' else '>='}"
                  f"{value.group(1)}")
    return fx.Filter(types=frozenset(types), subtypes=frozenset(subtypes),
                     props=frozenset(props))


def _verbs(text: str, table: dict[str, str]) -> tuple[str, ...] | None:
    """``enters or attacks`` -> ``("enters", "attacks")`` (each verb phrase known)."""
    if text in table:
        return (table[text],)
    for joint in (" or ", ", "):
        head, sep, tail = text.partition(joint)
        if sep and head in table:
            rest = _verbs(tail.removeprefix("or "), table)
            if rest is not None and table[head] not in rest:
                return (table[head], *rest)
    return None


def triggers(condition: str, word: str) -> tuple[fx.Trigger, ...] | None:
    """The condition of ``when``/``whenever <condition>,`` as triggers (one per event),
    or None if not one we know."""
    if " and when " in condition:  # "whenever <a> and when <b>": two triggers
        first, _, second = condition.partition(" and when ")
        one, two = triggers(first, word), triggers(second, "when")
        return one + two if one is not None and two is not None else None
    if m := re.fullmatch(r"(a|one or more) \+1/\+1 counters? (?:is|are) put on (.+)",
                         condition):  # 122.6: the permanent is the subject
        condition = m.group(2) + (" gets a +1/+1 counter" if m.group(1) == "a"
                                  else " gets one or more +1/+1 counters")
    if m := re.fullmatch(r"an opponent is dealt damage by an? (white|blue|black|red|"
                         r"green) (.+?) you control(?: or by an? \1 (.+?) you control)?",
                         condition):
        # (Chandra's Phoenix) a spell's or an ability's source's types and colour
        types: set[str] = set()
        for phrase in filter(None, (m.group(2), m.group(3))):
            if phrase == "planeswalker":
                types.add("Planeswalker")
            elif (f := spell_filter("a " + phrase)) is not None and f.types and \
                    f.types <= {"Instant", "Sorcery"} and not f.props:
                types |= f.types
            else:
                return None
        return (fx.Trigger("opponent_damaged_by", fx.Filter(
            frozenset(types), controller="you", props=frozenset({m.group(1)}))),)
    if m := re.fullmatch(r"an? (?:(.+?) )?card is put into (your|an opponent's|a) "
                         r"graveyard from (anywhere|your library|their library)",
                         condition):
        # a card (not a token, 111.1) put into a graveyard; whose graveyard: the
        # filter's controller (the card's owner, 404.1)
        f = card_filter(m.group(1) or "")
        if f is None or word != "whenever" or (
                m.group(3) == "your library" and m.group(2) != "your") or (
                m.group(3) == "their library" and m.group(2) != "an opponent's"):
            return None
        whose = {"your": "you", "an opponent's": "opponent", "a": "any"}[m.group(2)]
        event = "card_to_graveyard" if m.group(3) == "anywhere" else \
            "card_to_graveyard_from_library"
        return (fx.Trigger(event, dataclasses.replace(f, controller=whose)),)
    if m := re.fullmatch(r"a source you control deals (?:(\d+) or more )?(noncombat )?"
                         r"damage to (a player|an opponent)", condition):
        # 120.1: any source (a spell, a permanent, an ability's source) its
        # controller controls; once for each player dealt damage (603.2)
        if word != "whenever" or m.group(1) and m.group(2):
            return None
        cond = f"damage>={m.group(1)}" if m.group(1) else \
            "noncombat" if m.group(2) else ""
        return (fx.Trigger("source_damage_player", fx.Ref(
            "each_player" if m.group(3) == "a player" else "each_opponent"), cond),)
    if condition == "a creature deals combat damage to this" and word == "whenever":
        # "that creature" is the creature that dealt the damage (Vraska the Unseen)
        return (fx.Trigger("dealt_combat_damage_by_creature", fx.Ref("self")),)
    if condition == "this and at least two other creatures attack" and word == "whenever":
        return (fx.Trigger("attacks", fx.Ref("self"), condition="battalion"),)
    if m := re.fullmatch(r"you cast a spell that targets (this|enchanted creature|"
                         r"equipped creature)", condition):
        # heroic (603.2): a spell its controller casts targeting the permanent
        if word != "whenever":
            return None
        return (fx.Trigger("cast_targets", fx.Ref(
            {"this": "self", "enchanted creature": "enchanted",
             "equipped creature": "equipped"}[m.group(1)])),)
    for phrase, who in _CASTERS.items():
        if condition.startswith(phrase + " "):
            rest = condition[len(phrase) + 1:]
            during = rest.endswith(" during your turn")
            rest = rest.removesuffix(" during your turn")
            from_graveyard = rest.endswith(" from a graveyard")
            not_hand = rest.endswith(" from anywhere other than your hand")
            rest = rest.removesuffix(" from anywhere other than your hand")
            f = spell_filter(rest.removesuffix(" from a graveyard"))
            if f is not None and from_graveyard:
                f = dataclasses.replace(f, props=f.props | {"from_graveyard"})
            if f is not None and not_hand:
                # (601.2a: "your hand": the caster's; only "you cast" says it)
                if who != "you":
                    return None
                f = dataclasses.replace(f, props=f.props | {fx.NOT_FROM_HAND})
            if f is None or word != "whenever":
                return None
            return (fx.Trigger("cast", dataclasses.replace(f, controller=who),
                               "your_turn" if during else ""),)
    if "one or more" in condition and word == "whenever" and \
            (batch := _batch(condition)) is not None:
        return batch
    if condition == "a creature attacks enchanted player" and word == "whenever":
        # 303.4: the player its Aura enchants (a planeswalker of theirs is not them)
        return (fx.Trigger("attacks", fx.Filter(frozenset({"Creature"})),
                           "attacks_enchanted_player"),)
    if condition == "you cycle this" and word == "when":
        # 702.29c: when its owner discards it to pay a cycling cost (from the
        # graveyard it was cycled into)
        return (fx.Trigger("cycled", fx.Ref("self")),)
    if condition == "you sacrifice this" and word == "when":
        # 701.21a: its controller sacrifices it (an Ordeal's "when you sacrifice this
        # Aura"); it looks back at it on the battlefield (603.10a)
        return (fx.Trigger("sacrificed", fx.Ref("self")),)
    if m := re.fullmatch(r"(you sacrifice|a player sacrifices|an opponent sacrifices) "
                         r"(a|an|another) (.+)", condition):
        # 701.21a: a permanent its controller sacrifices (the filter says whose)
        f = object_filter(m.group(3))
        if word != "whenever" or f is None or f.controller != "any":
            return None
        who = {"you": "you", "an": "opponent", "a": "any"}[m.group(1).split()[0]]
        props = f.props | ({"other"} if m.group(2) == "another" else set())
        return (fx.Trigger("sacrificed", fx.Filter(f.types, f.subtypes, who,
                                                   frozenset(props))),)
    if m := re.fullmatch(r"(you draw your|an opponent draws their|a player draws their) "
                         r"(second|third|fifth) card each turn", condition):
        # 121.2: the player's Nth card drawn this turn (part of the event)
        if word != "whenever":
            return None
        who = {"you": fx.Ref("you"), "an": fx.Ref("each_opponent"),
               "a": fx.Ref("each_player")}[m.group(1).split()[0]]
        n = {"second": 2, "third": 3, "fifth": 5}[m.group(2)]
        return (fx.Trigger("draw", who, f"draw_{n}"),)
    for phrase, who in _PLAYER_SUBJECTS.items():
        if condition.startswith(phrase + " ") and word == "whenever":
            events = _verbs(condition[len(phrase) + 1:], _PLAYER_VERBS)
            if events is None or (events == ("you_attack",) and phrase != "you"):
                return None
            return tuple(fx.Trigger(e, who) for e in events)
    subject: Any = None
    m = None if condition.startswith("this or another ") else re.fullmatch(
        r"(this|equipped creature|enchanted (?:creature|land|artifact|permanent)) (.+)",
        condition)
    if m:
        subject = fx.Ref("self") if m.group(1) == "this" else fx.Ref(
            "equipped" if m.group(1) == "equipped creature" else "enchanted")
        rest = m.group(2)
        if m.group(1).startswith("enchanted ") and m.group(1) != "enchanted creature" \
                and rest != "becomes tapped":
            return None  # (a noncreature permanent's events: only becoming tapped)
    elif word != "whenever":
        return None  # "when a creature dies" is not how the game words a repeat event
    elif m := re.fullmatch(r"(this or another|a|an|another) (.+?) ((?:enters|dies|"
                           r"attacks|blocks|becomes|leaves|deals|is|gets) .+|enters|dies|"
                           r"attacks|blocks)", condition):
        rest = m.group(3)
    else:
        return None
    if rest.endswith("or becomes blocked by a creature"):
        # "blocks or becomes blocked by a creature": "that creature" is the other
        # creature either way (blocks_creature / blocked_by)
        rest = rest.replace("blocks or", "blocks a creature or")
    events = _verbs(rest, _OBJECT_VERBS)
    if events is None:
        return None
    if subject is not None:
        return tuple(fx.Trigger(e, subject) for e in events)
    f = object_filter(m.group(2))
    if f is None or not (f.types or f.subtypes or events == ("turned_face_up",)):
        return None  # ("a permanent you control is turned face up": 708.8)
    for event in events:
        allowed = _EVENT_TYPES.get(event, {"Creature"})
        if not f.types and f.subtypes and allowed is not None:
            # "whenever another goblin you control dies": only a creature dies
            f = dataclasses.replace(f, types=frozenset(allowed))
        if allowed is not None and f.types != allowed:
            return None
    if m.group(1) == "another":
        f = fx.Filter(f.types, f.subtypes, f.controller, f.props | {"other"})
    elif m.group(1) == "this or another":
        # "this or another <quality>": this card is one of them (checked by the
        # caller against its printed types), so the filter without "other" says both
        f = dataclasses.replace(f, props=f.props | {"this_or_another"})
    return tuple(fx.Trigger(e, f) for e in events)


_BATCH_VERBS = (
    (r"one or more (.+) attack", "group_attacks"),  # (508.1: once, however many)
    (r"you attack with one or more (.+)", "group_attacks"),  # (yours, 508.1a)
    (r"one or more (.+) die", "group_dies"),
    (r"one or more (.+) (?:enter|enter the battlefield)", "group_enters"),
    (r"one or more (.+) (?:enter|enter the battlefield) under your control",
     "group_enters"),
    (r"you sacrifice one or more (.+)", "group_sacrificed"),
    (r"one or more (.+) deal combat damage to a player", "group_combat_damage_player"),
    (r"one or more (.+) deal combat damage to one or more players",
     "group_combat_damage_players"),
    (r"one or more (.+) deal combat damage to one or more of your opponents",
     "group_combat_damage_opponents"),
    (r"one or more (.+) attack you", "group_attacks_you"),
    (r"one or more (.+) attack a player", "group_attacks_player"),
)
"""``whenever <condition>`` of a "one or more" batch trigger (603.2c) and its event
(:data:`~effects.BATCH_EVENTS`): the group of permanents is read by
:func:`object_filter` (plural: "creatures you control with +1/+1 counters on
them"); ``you attack with``, ``under your control`` and ``you sacrifice`` say they
are yours."""

_EXILED_YOURS = ("one or more cards are put into exile from your hand or a spell or "
                 "ability you control exiles one or more permanents from the battlefield")
"""The condition of ``group_exiled_yours`` (:data:`~effects.BATCH_EVENTS`)."""

_DISCARDERS = {"you discard": "you", "an opponent discards": "opponent",
               "a player discards": "any"}


def _batch(condition: str) -> tuple[fx.Trigger, ...] | None:
    """A "whenever one or more ..." condition (603.2c: it triggers once for each
    batch of simultaneous events) as its trigger, or None if not one we know."""
    if condition == _EXILED_YOURS:  # (one batch of both kinds: one event, 603.2c)
        return (fx.Trigger("group_exiled_yours", fx.Filter(controller="you")),)
    m = re.fullmatch(r"(you discard|an opponent discards|a player discards) one or "
                     r"more (?:(.+) )?cards", condition)
    if m:  # the discarded cards: a card filter, its controller the discarder
        f = card_filter(m.group(2) or "")
        if f is None:
            return None
        return (fx.Trigger("group_discard", dataclasses.replace(
            f, controller=_DISCARDERS[m.group(1)])),)
    m = re.fullmatch(r"one or more (?:(.+) )?cards leave your graveyard( during your "
                     r"turn)?", condition)
    if m:  # cards moved, cast or played out of your graveyard, looked at as they left
        f = card_filter(m.group(1) or "")
        if f is None:
            return None
        return (fx.Trigger("group_leaves_graveyard", dataclasses.replace(
            f, controller="you"), "your_turn" if m.group(2) else ""),)
    m = re.fullmatch(r"one or more (?:(.+) )?cards are put into your graveyard from "
                     r"(anywhere|your library)( during your turn)?", condition)
    if m:  # (a card, not a token: 111.1)
        f = card_filter(m.group(1) or "")
        if f is None or m.group(3) and m.group(2) != "anywhere":
            return None
        event = "group_card_to_graveyard" if m.group(2) == "anywhere" else \
            "group_card_to_graveyard_from_library"
        return (fx.Trigger(event, dataclasses.replace(f, controller="you"),
                           "your_turn" if m.group(3) else ""),)
    for pattern, event in _BATCH_VERBS:
        if not (m := re.fullmatch(pattern, condition)):
            continue
        f = object_filter(m.group(1), plural=True)
        if f is None or not (f.types or f.subtypes or event in (
                "group_enters", "group_sacrificed") and "token" in f.props):
            continue  # ("one or more tokens you control enter": any token)
        if not pattern.startswith("one or more (.+) ") or \
                pattern.endswith("under your control"):
            if f.controller != "any":
                continue  # ("you sacrifice one or more creatures you control")
            f = dataclasses.replace(f, controller="you")
        if event in ("group_dies", "group_attacks", "group_combat_damage_player",
                     "group_combat_damage_players", "group_combat_damage_opponents",
                     "group_attacks_you",
                     "group_attacks_player") \
                and f.types != {"Creature"}:
            if f.types:
                continue  # (only creatures attack, die or deal combat damage here)
            f = dataclasses.replace(f, types=frozenset({"Creature"}))
        return (fx.Trigger(event, f),)
    return None


@line_template
def _uncounterable(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 101.2: "this spell can't be countered" (any card that is cast).
    if line != "this can't be countered." or printed.is_type("Land"):
        return False
    if not any(isinstance(st, fx.CantBeCountered) for st in draft.statics):
        draft.statics.append(fx.CantBeCountered())
    return True


INTERVENING_IFS = {
    "no spells were cast last turn": "no_spells_last_turn",
    "a player cast two or more spells last turn": "two_spells_last_turn",
}
"""Intervening ``if`` clauses of step triggers (603.4), as
:data:`~effects.TRIGGER_CONDITIONS`."""


def intervening_if(text: str) -> tuple[str, str] | None:
    """``if <condition>, <effect>`` of a step trigger -> ``(condition, effect
    text)`` for the conditions of :data:`INTERVENING_IFS`, else None."""
    m = re.fullmatch(r"if (.+?), (.+)", text, re.DOTALL)
    if m and m.group(1) in INTERVENING_IFS:
        return INTERVENING_IFS[m.group(1)], m.group(2)
    return None


_ONCE_EACH_TURN = " this ability triggers only once each turn."


@line_template
def _triggered(line: str, printed: Printed, draft: Draft) -> bool:
    # An instant's or sorcery's triggered abilities work only from its graveyard
    # (113.6m: "return this from your graveyard to your hand"; 702.29c: "when you
    # cycle this"): checked once the ability is read.
    spell = not is_permanent_card(printed)
    once = line.endswith(_ONCE_EACH_TURN)
    if once:  # "... this ability triggers only once each turn."
        line = line.removesuffix(_ONCE_EACH_TURN)
    if m := re.fullmatch(r"(when|whenever) (.+?), (.+)", line, re.DOTALL):
        when = triggers(m.group(2), m.group(1))
    elif m := re.fullmatch(r"at the beginning of (.+?) and whenever (.+?), (.+)", line,
                           re.DOTALL):
        # two trigger conditions of one ability (603.2): a step and an event
        step = _STEPS.get(m.group(1))
        other = triggers(m.group(2), "whenever")
        when = (fx.Trigger(*step), *other) if step and other else None
    elif m := re.fullmatch(r"at the beginning of (.+?), (.+)", line, re.DOTALL):
        step = _STEPS.get(m.group(1))
        when = (fx.Trigger(*step),) if step else None
    else:
        return False
    if when is None:
        return False
    when = tuple(_own_subject(t, printed) for t in when)
    if any(t is None for t in when):
        return False
    text = m.groups()[-1]
    if when[0].event in fx.STEP_EVENTS and (cond := intervening_if(text)):
        # 603.4: "if <condition>, <effect>" is checked on triggering and resolving
        when = tuple(dataclasses.replace(t, condition=cond[0]) for t in when)
        text = cond[1]
    elif len(when) == 1 and when[0].event == "cast" and when[0].subject == fx.Filter(
            controller="you") and text.startswith(_SECOND_CREATURE):
        # "whenever you cast a spell, if it's the second creature spell you cast this
        # turn": part of the event (the spell cast), checked as it triggers
        when = (fx.Trigger("cast", fx.Filter(frozenset({"Creature"}), controller="you",
                                             props=frozenset({fx.SECOND_CREATURE}))),)
        text = text.removeprefix(_SECOND_CREATURE)
    elif len(when) == 1 and when[0].event == "dies" and \
            isinstance(when[0].subject, fx.Filter) and \
            text.startswith("if it didn't have decayed, "):
        # 603.4 with 603.10a: checked on the dying permanent as it left
        when = (dataclasses.replace(when[0], condition="not_decayed"),)
        text = text.removeprefix("if it didn't have decayed, ")
    elif (m_if := re.fullmatch(r"if (.+?), (.+)", text, re.DOTALL)) and \
            (about_you := activation_condition(m_if.group(1))) is not None and \
            not any(t.condition for t in when):
        # 603.4: an intervening "if" about the controller (raid's "if you attacked
        # this turn", "if you control ..."), checked on triggering and resolving
        when = tuple(dataclasses.replace(t, condition=about_you) for t in when)
        text = m_if.group(2)
    if {t.event for t in when} & _IT_IS_OTHER and re.search(r"\bits?\b", text):
        return False  # "it" would be the subject, "that creature" the other: not told apart
    if when[0].subject == fx.Ref("self"):
        # Right after the condition, "it" can only be the triggering object, the
        # source itself: "when this dies, it deals 1 damage to any target".
        text = re.sub(r"^it (deals|gets|gains|explores)\b", r"this \1", text)
        # "when this dies, you may have it deal 1 damage to any target" (Goblin Arsonist)
        text = re.sub(r"^you may have it (deal|get|gain) ", r"you may have this \1 ", text)
        text = re.sub(r"^attach it to ", "attach this to ", text)
    card_event = when[0].event in fx.CARD_GRAVEYARD_EVENTS
    if card_event:
        if len(when) > 1:
            return False
        if when[0].subject.controller == "you":  # (its owner's hand is yours)
            text = text.replace("return it to your hand", "return it to its owner's hand")
        text = re.sub(r"^exile that card\b", "exile it", text)  # (the card, 400.7)
    if when[0].subject == fx.Ref("self"):  # ("it": this, 607.2a)
        text = text.replace(" exiled with it ", " exiled with this ")
    if len(when) == 1 and when[0].event == "group_combat_damage_opponents":
        # "the number of opponents dealt damage this way": the batch's amount
        text = re.sub(r"\b(draws?|mills?) cards equal to the number of opponents dealt "
                      r"damage this way", r"\1 that many cards", text)
        text = re.sub(r"\b(gains?|loses?) life equal to the number of opponents dealt "
                      r"damage this way", r"\1 that much life", text)
    what = _those_pumped(when, text) or effect(text)
    if card_event:
        # "it": the card in the graveyard (400.7), never a permanent
        what = _it_card(what)
        if fx.Ref("it") in nodes(what) or fx.Ref("its_controller") in nodes(what):
            return False
    if all(t.event in fx.OBJECT_EVENTS and t.event not in fx.PLAYER_NAMING_EVENTS
           and isinstance(t.subject, fx.Filter) and t.subject.controller == "opponent"
           for t in when) and not has_target(what):
        # "whenever a creature an opponent controls dies, that player loses 2 life":
        # the triggering object's controller (as it triggered)
        what = swap_ref(what, fx.Ref("that_player"), fx.Ref("its_controller"))
    if len(when) == 1 and when[0].event in ("dies", "sacrificed") and \
            isinstance(when[0].subject, fx.Filter):
        # "whenever a creature an opponent controls dies, exile it": the card it
        # became in its owner's graveyard (400.7)
        what = _it_card(what, fx.Ref("died_card"))
    if when[0].subject == fx.Ref("self"):
        what = it_is_self(what)
    if len(when) == 1 and when[0].event == "dies" and when[0].subject == fx.Ref("self"):
        what = dead_card(what)
    optional = isinstance(what, fx.MayDo)
    if optional:
        what = what.effect
    zone = "battlefield"
    if leaves_graveyard(what) and not any(
            t.event in ("dies", "leaves") and isinstance(t.subject, fx.Ref)
            for t in when):
        # 113.6m: it moves its own card out of the graveyard, so it triggers only
        # from there (a permanent's own dies trigger, an Aura's "when enchanted
        # creature dies": from the battlefield, looking back, 603.10a)
        if fx.Ref("self") in nodes(what) or any(
                t.subject in (fx.Ref("self"), fx.Ref("equipped"), fx.Ref("enchanted"))
                for t in when):
            return False
        zone = "graveyard"
    if any(t.event == "cycled" for t in when):
        if len(when) > 1 or fx.Ref("self") in nodes(what) or zone != "battlefield":
            return False  # (the cycled card is not a permanent)
        zone = "graveyard"
    if spell and zone != "graveyard":
        return False
    if once and (len(when) > 1 or zone != "battlefield"):
        return False  # (one count shared by two trigger events: not played)
    for event in when:
        # 701.37c: "when this becomes monstrous" names the X of its monstrosity X
        check_refs(what, event, x_defined=event.event == "becomes_monstrous" and any(
            ability.effect == fx.Monstrosity("X") for ability in draft.activated))
        draft.triggered.append(fx.TriggeredAbility(event, what, optional, zone, once))
    return True


_SECOND_CREATURE = "if it's the second creature spell you cast this turn, "

_THOSE_EVENTS = frozenset({"group_attacks", "group_attacks_you", "group_enters",
                           "group_attacks_player",
                           "group_combat_damage_player", "group_combat_damage_players",
                           "group_combat_damage_opponents"})
"""Batch events whose objects are permanents still on the battlefield as the ability
resolves ("those creatures", ``Ref("those_objects")``)."""
_EACH_YOURS = fx.Each(fx.Filter(frozenset({"Creature"}), controller="you"))


def _those_pumped(when: tuple[fx.Trigger, ...], text: str) -> fx.Effect | None:
    """A batch trigger's ``those creatures get +2/+2 until end of turn.`` / ``they
    gain indestructible until end of turn.``: the creatures of its batch (603.2c),
    read as the same pump of ``creatures you control``; None if not that."""
    m = re.fullmatch(r"(?:those creatures|they) ((?:get|gain) [^.]+)\.", text)
    if not m or len(when) != 1 or when[0].event not in _THOSE_EVENTS:
        return None
    pump = read_sentence(f"creatures you control {m.group(1)}")
    if not isinstance(pump, fx.Pump) or pump.what != _EACH_YOURS:
        return None
    return dataclasses.replace(pump, what=fx.Ref("those_objects"))


_IT_CARD = fx.Ref("it_card")


def _it_card(node: Any, card: fx.Ref = _IT_CARD) -> Any:
    """The effect of a card_to_graveyard trigger with "return it to its owner's hand"
    / "exile it" acting on the card in the graveyard (``Ref("it_card")``, or
    ``card``: a dies trigger's ``Ref("died_card")``)."""
    if node == fx.ReturnToHand(fx.Ref("it")):
        return fx.MoveCards(card, "hand")
    if node == fx.Exile(fx.Ref("it")):
        return fx.MoveCards(card, "exile")
    if isinstance(node, fx.Sequence):
        return type(node)(tuple(_it_card(step, card) for step in node.steps))
    if isinstance(node, fx.MayDo):
        return dataclasses.replace(node, effect=_it_card(node.effect, card))
    return node

_IT_IS_OTHER = frozenset({"deals_combat_damage_creature", "dealt_combat_damage_by_creature"})
"""Object events whose triggering object (``that creature``) is not the subject."""


def _own_subject(trigger: fx.Trigger, printed: Printed) -> fx.Trigger | None:
    """``trigger`` checked against the card it is on: ``equipped creature`` needs an
    Equipment, ``enchanted creature`` an Aura; ``this or another <quality>`` a card
    of that quality (then it is the filter itself, this card included); None if
    not."""
    subject = trigger.subject
    if subject == fx.Ref("equipped") and "Equipment" not in printed.subtypes:
        return None
    if subject == fx.Ref("enchanted") and "Aura" not in printed.subtypes:
        return None
    if isinstance(subject, fx.Filter) and "this_or_another" in subject.props:
        if subject.types and not subject.types & set(printed.types) or \
                subject.subtypes and not subject.subtypes & set(printed.subtypes):
            return None
        return fx.Trigger(trigger.event, dataclasses.replace(
            subject, props=subject.props - {"this_or_another"}))
    return trigger


_COUNT_WORDS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight",
                "nine", "ten")


def _plural(n: int, noun: str) -> str:
    """``2, "poison counter"`` -> ``two poison counters`` (``a`` for one)."""
    return f"{_COUNT_WORDS[n]} {noun}" + ("s" if n != 1 else "")


_KEYWORD_TRIGGERS: tuple[tuple[str, Any], ...] = (
    # 702.46a: "when this creature dies, you may return target Spirit card with mana
    # value N or less from your graveyard to your hand"
    (r"soulshift (\d+)", lambda n, p: "when this dies, you may return target spirit card "
     f"with mana value {n} or less from your graveyard to your hand."),
    # 702.135a: "when this creature dies, create N 1/1 white and black Spirit creature
    # tokens with flying"
    (r"afterlife (\d+)", lambda n, p: "when this dies, create "
     f"{_plural(int(n), '1/1 white and black spirit creature token')} with flying."),
    # 702.115a: "whenever this creature deals combat damage to a player, that player
    # exiles the top card of their library"
    (r"ingest", lambda n, p: "whenever this deals combat damage to a player, that player "
     "exiles the top card of their library."),
    # 702.70a: "whenever this creature deals combat damage to a player, that player
    # gets N poison counters"
    (r"poisonous (\d+)", lambda n, p: "whenever this deals combat damage to a player, "
     f"that player gets {_plural(int(n), 'poison counter')}."),
    # 702.68a: "whenever this creature attacks and isn't blocked, it gets +N/+0 until
    # end of turn"
    (r"frenzy (\d+)", lambda n, p: "whenever this attacks and isn't blocked, it gets "
     f"+{n}/+0 until end of turn."),
    # 702.163a: "when this Equipment enters, create a 2/2 red Rebel creature token,
    # then attach this Equipment to it"
    (r"for mirrodin!", lambda n, p: "when this enters, create a 2/2 red rebel creature "
     "token, then attach this to it." if "Equipment" in p.subtypes else None),
    # 702.181a: mobilize 1, "whenever this creature attacks, create a tapped and
    # attacking 1/1 red Warrior creature token; sacrifice it at the beginning of the
    # next end step" (more than one token: "sacrifice them" is not read yet)
    (r"mobilize (1)", lambda n, p: "whenever this attacks, create a 1/1 red warrior "
     "creature token that's tapped and attacking. sacrifice it at the beginning of the "
     "next end step."),
    # job select: "when this Equipment enters, create a 1/1 colorless Hero creature
    # token, then attach this to it"
    (r"job select", lambda n, p: "when this enters, create a 1/1 colorless hero creature "
     "token, then attach this to it." if "Equipment" in p.subtypes else None),
)
"""Keyword abilities that stand for one triggered ability: the pattern of the keyword
line and the ability's text (its rule's definition), read by :func:`_triggered`."""


DECK_CONSTRUCTION_KEYWORDS = frozenset({"partner", "choose a background"})
"""Keyword abilities that only change how a Commander deck is built (702.124a:
partner, two commanders; 702.124k: a Background as the second): nothing in a game.
(Mazerunner decks name one commander: a pair is not built yet.)"""


@cache
def _pool_names() -> dict[str, str]:
    """Every card name of the pool by its lower-case spelling (the compiler reads
    lower-case text)."""
    return {name.lower(): name for name in card_pool().cards}


@line_template
def _partner_with(line: str, printed: Printed, draft: Draft) -> bool:
    """``partner with <name>`` (702.124j): "when this enters, target player may search
    their library for a card named <name>, reveal it, put it into their hand, then
    shuffle" (and, in deck construction, both may be its owner's commanders)."""
    m = re.fullmatch(r"partner with (.+)", line)
    if not m or (name := _pool_names().get(m.group(1))) is None:
        return False
    draft.triggered.append(fx.TriggeredAbility(
        fx.Trigger("enters", fx.Ref("self")),
        fx.Search(fx.Filter(props=frozenset({NAMED + name})), reveal=True,
                  who=fx.Target("player"), optional=True)))
    return True


@line_template
def _keyword_trigger(line: str, printed: Printed, draft: Draft) -> bool:
    if line in DECK_CONSTRUCTION_KEYWORDS:
        return "Legendary" in printed.supertypes
    for pattern, meaning in _KEYWORD_TRIGGERS:
        if m := re.fullmatch(pattern, line):
            n = m.group(1) if m.groups() else None
            if n is not None and not 0 < int(n) < len(_COUNT_WORDS):
                return False
            text = meaning(n, printed)
            return text is not None and _triggered(text, printed, draft)
    return False
