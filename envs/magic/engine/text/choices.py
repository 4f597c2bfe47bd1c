"""Templates for choices a permanent's controller makes as it enters (614.12c, read by
its linked abilities, 607.2) and a colour chosen as a spell resolves.

Read here (the engine side is :meth:`~layers.LayersMixin.ask_choice`; the colour and
creature type of "as this enters, choose a color / a creature type." and the anthems
of the chosen type are :mod:`.layers`'):

- ``this enters tapped. as it enters, choose a color[ other than <colour>].`` (one
  line: :class:`~effects.EntersTapped` and :class:`~effects.ChooseAsEnters`) and
  ``as this enters, choose a color other than <colour>.``;
- ``{t}: add {w} or one mana of the chosen color.`` (the Thriving lands and the
  Gates of Baldur's Gate) -> :class:`~effects.AddMana` ``("W", "chosen")``;
- ``as this enters, choose a player.`` / ``... choose an opponent.`` and ``this has
  protection from the chosen player.`` (702.16: the keyword ``protection from the
  chosen player``);
- ``as this enters, choose khans or dragons.`` with one bullet ability for each word
  (``• khans — <triggered ability>``): each ability triggers only when its word was
  chosen (the condition ``("chosen", counter=word)``);
- ``if it's neither day nor night, it becomes day as this enters.``
  (:class:`~effects.DayAsEnters`, 726.2), ``whenever day becomes night or night
  becomes day, <effect>.`` (trigger event ``day_night_changes``, 726.3) and ``it
  becomes day / night.`` (:class:`~effects.BecomeDayNight`);
- ``choose a color. <creatures> gain protection from the chosen color until end of
  turn.`` (a spell's colour, chosen as it resolves: the same
  :attr:`~effects.Pump.keyword_choice` as "protection from the color of your choice").
"""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    LINE_TEMPLATES,
    SENTENCE_GROUPS,
    Draft,
    check_refs,
    effect,
    effect_template,
    line_template,
    nodes,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import Unsupported

_COLOUR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOUR_WORDS = "|".join(_COLOUR)


def _chooses(draft: Draft) -> bool:
    return any(isinstance(s, fx.ChooseAsEnters) for s in draft.statics)


@line_template
def _tapped_and_choose_colour(line: str, printed: Printed, draft: Draft) -> bool:
    # "this enters tapped. as it enters, choose a color [other than white]." and
    # "as this enters, choose a color other than white." (614.12c: both replace how
    # it enters)
    m = re.fullmatch(rf"(this enters tapped\. as it enters|as this enters), choose a "
                     rf"color(?: other than ({_COLOUR_WORDS}))?\.", line)
    if not m or not printed.is_permanent or _chooses(draft) or (
            m.group(1) == "as this enters" and not m.group(2)):
        return False  # (the plain "as this enters, choose a color." is .layers')
    if m.group(1) != "as this enters":
        draft.statics.append(fx.EntersTapped())
    draft.statics.append(fx.ChooseAsEnters("color", _COLOUR.get(m.group(2) or "", "")))
    return True


@line_template
def _choose_player(line: str, printed: Printed, draft: Draft) -> bool:
    # "as this enters, choose a player." / "... choose an opponent." (614.12c)
    m = re.fullmatch(r"as this enters, choose (a player|an opponent)\.", line)
    if not m or not printed.is_permanent or _chooses(draft):
        return False
    draft.statics.append(fx.ChooseAsEnters(m.group(1).split()[1]))
    return True


@line_template
def _protection_from_chosen_player(line: str, printed: Printed, draft: Draft) -> bool:
    # "this has protection from the chosen player." (702.16, True-Name Nemesis)
    if line != "this has protection from the chosen player." or \
            fx.ChooseAsEnters("player") not in draft.statics:
        return False
    draft.keywords.add("protection from the chosen player")
    return True


@effect_template
def _colour_or_chosen_mana(s: str) -> fx.Effect | None:
    # "add {w} or one mana of the chosen color" (resolve.unresolvable refuses it on
    # a card with no colour chosen as it enters)
    m = re.fullmatch(r"add \{([wubrg])\} or one mana of the chosen colou?r", s)
    return fx.AddMana((m.group(1).upper(), "chosen")) if m else None


_SIEGE = re.compile(r"as this enters, choose khans or dragons\.\n• khans — (.+)\n"
                    r"• dragons — (.+)")


def _one_triggered(text: str, printed: Printed) -> fx.TriggeredAbility | None:
    """``text`` read as a line of ``printed`` that is exactly one triggered ability
    with no intervening "if" of its own, or None."""
    scratch = Draft(set(), [], [], [])
    if not any(template(text, printed, scratch) for template in LINE_TEMPLATES):
        return None
    if scratch.keywords or scratch.activated or scratch.statics or \
            scratch.defining or len(scratch.triggered) != 1:
        return None
    ability = scratch.triggered[0]
    return None if ability.trigger.condition else ability


@line_template
def _khans_or_dragons(line: str, printed: Printed, draft: Draft) -> bool:
    # "as this enters, choose khans or dragons. • khans — <ability> • dragons —
    # <ability>": the ability of the word not chosen doesn't exist (614.12c); here
    # each triggers only when its word was chosen (the choice never changes)
    m = _SIEGE.fullmatch(line)
    if not m or not printed.is_permanent or _chooses(draft):
        return False
    read = [_one_triggered(text, printed) for text in m.groups()]
    if None in read:
        return False
    draft.statics.append(fx.ChooseAsEnters("khans_or_dragons"))
    for word, ability in zip(fx.KHANS_OR_DRAGONS, read, strict=True):
        assert ability is not None
        draft.triggered.append(dataclasses.replace(ability, trigger=dataclasses.replace(
            ability.trigger, condition=fx.ActivationCondition("chosen", counter=word))))
    return True


SENTENCE_GROUPS.append(
    (r"choose a color\.", r".+ gains? protection from the chosen color until end of "
                          r"turn\."))

_PROTECTIONS = tuple(f"protection from {c}" for c in _COLOUR)


@effect_template
def _chosen_colour_protection(s: str) -> fx.Effect | None:
    """"choose a color. white creatures you control gain protection from the chosen
    color until end of turn." (702.16; the colour is chosen as it resolves, one for
    every creature: :attr:`~effects.Pump.keyword_choice`)."""
    m = re.fullmatch(r"choose a color\. (.+?) (gains?) protection from the chosen "
                     r"color until end of turn", s)
    if not m:
        return None
    out = read_sentence(f"{m.group(1)} {m.group(2)} flying until end of turn")
    if not isinstance(out, fx.Pump) or out.keywords != ("flying",) or out.power or \
            out.toughness or out.per_x or out.lasting:
        return None
    return dataclasses.replace(out, keywords=(), keyword_choice=_PROTECTIONS)


# ------------------------------------------------------------------ day and night
@line_template
def _day_as_enters(line: str, printed: Printed, draft: Draft) -> bool:
    # "if it's neither day nor night, it becomes day as this enters." (726.2)
    if line != "if it's neither day nor night, it becomes day as this enters." or \
            not printed.is_permanent:
        return False
    draft.statics.append(fx.DayAsEnters())
    return True


@line_template
def _day_night_changes(line: str, printed: Printed, draft: Draft) -> bool:
    # "whenever day becomes night or night becomes day, <effect>." (726.3)
    m = re.fullmatch(r"whenever day becomes night or night becomes day, (.+)", line)
    if not m or not printed.is_permanent:
        return False
    trigger = fx.Trigger("day_night_changes")
    try:
        what = effect(m.group(1))
        check_refs(what, trigger)
    except Unsupported:
        return False
    draft.triggered.append(fx.TriggeredAbility(trigger, what))
    return True


@effect_template
def _it_becomes_day_or_night(s: str) -> fx.Effect | None:
    # "it becomes day." / "it becomes night." (726.2)
    m = re.fullmatch(r"it becomes (day|night)", s)
    return fx.BecomeDayNight(m.group(1)) if m else None


# ------------------------------------------------- a creature type chosen as it resolves
SENTENCE_GROUPS.append((r"choose a creature type\.", r"[^.]+ of (?:that|the chosen) type[^.]*\."))

_OF_THE_TYPE = re.compile(r" of (?:that|the chosen) type\b")


def _counted_filters(node: object) -> list[tuple[object, str]]:
    """The permanent filters an effect counts or acts on as a group (a
    :class:`~effects.Count`'s, an :class:`~effects.Each`'s), with their node."""
    return [(n, "filter") for n in nodes(node)
            if isinstance(n, (fx.Count, fx.Each)) and n.filter is not None]


@effect_template
def _choose_a_creature_type(s: str) -> fx.Effect | None:
    """``choose a creature type. draw a card for each permanent you control of that
    type`` (Distant Melody), ``... all creatures of that type get -1/-1 until end of
    turn`` (Outbreak): a :class:`~effects.ChooseType` as it resolves, then the
    sentence with its one counted or grouped filter of that type (the prop
    ``chosen_type``; a sentence with more than one such filter is refused: which
    one the type names is not read)."""
    m = re.fullmatch(r"choose a creature type\. (.+)", s)
    if not m or len(_OF_THE_TYPE.findall(m.group(1))) != 1:
        return None
    out = read_sentence(_OF_THE_TYPE.sub("", m.group(1)))
    found = _counted_filters(out) if out is not None else []
    if len(found) != 1:
        return None
    node, _ = found[0]
    typed = dataclasses.replace(node.filter, props=node.filter.props | {"chosen_type"})
    return fx.Sequence((fx.ChooseType(), swap_node(out, node,
                                                   dataclasses.replace(node, filter=typed))))


def swap_node(tree: object, old: object, new: object) -> object:
    """``tree`` with the node ``old`` (compared by identity first, then equality)
    replaced by ``new``."""
    if tree is old or tree == old:
        return new
    if isinstance(tree, tuple):
        return tuple(swap_node(t, old, new) for t in tree)
    if not dataclasses.is_dataclass(tree) or isinstance(tree, type):
        return tree
    return dataclasses.replace(tree, **{f.name: swap_node(getattr(tree, f.name), old, new)
                                        for f in dataclasses.fields(tree)})
