"""Templates for abilities that work from a graveyard (the engine side is
:mod:`~labyrinth_gym.envs.magic.engine.graveyard`):

- "return this from your graveyard to your hand / to the battlefield [tapped]" ->
  :class:`~effects.MoveCards` of ``Ref("this_card")``; the ability it is in then
  works from the graveyard (113.6m: the abilities and triggers families mark it);
- scavenge (702.97a): "scavenge [cost]" means "[cost], exile this card from your
  graveyard: put a number of +1/+1 counters equal to the power of the card you
  exiled on target creature. activate only as a sorcery." (:attr:`~effects.Cost.
  exile_self`, :class:`~effects.StatOf` of ``"this_card"``);
- rebound (702.88a) -> :class:`~effects.Rebound`;
- embalm (702.128a), eternalize (702.129a): a token copy of the exiled card ->
  :class:`~effects.CopyToken` of ``Ref("this_card")`` with the exceptions;
- unearth (702.84a): "unearth [cost]" means "[cost]: return this card from your
  graveyard to the battlefield. it gains haste. exile it at the beginning of the next
  end step. if it would leave the battlefield, exile it instead of putting it
  anywhere else. activate only as a sorcery."
- "return all <quality> cards from your graveyard to the battlefield / to your hand",
  "return each <quality> card with mana value x from your graveyard to the
  battlefield", "put all <quality> cards from all graveyards onto the battlefield under
  your control" -> :class:`~effects.MoveCards` of a :class:`~effects.GraveyardCards`
  (no target, 115.1; they move at once, 603.6a);
- "for each player, choose a creature card in that player's graveyard. put those cards
  onto the battlefield under your control[. they're <colour> <type>s in addition to
  their other colors and types and they gain <keyword>]" ->
  :class:`~effects.EachGraveyardChoice` (chosen as it resolves, not targeted).
- "exile up to two creature cards put into graveyards this way", "[you may] exile a
  creature card from among the cards milled this way" -> :class:`~effects.
  MoveChosenCards` of ``Ref("graveyard_this_way")`` (chosen as it resolves, 608.2c);
  followed by "create an x/x <token>, where x is the total power of the cards exiled
  this way" -> a :class:`~effects.CreateToken` whose ``pt`` is ``"exiled_power"``.
"""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    Draft,
    effect,
    effect_template,
    is_permanent_card,
    line_template,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    CARD_TYPE_WORDS,
    NUM,
    all_subtypes,
    card_filter,
    cost,
    creature_subtypes,
    keyword_list,
    number,
    token_spec,
)

_PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land",
                              "Planeswalker"})
_EACH_GRAVEYARD = (r"for each player, choose an? (.+?) card in that player's graveyard\. "
                   r"put those cards onto the battlefield under your control")
SENTENCE_GROUPS.append((r"for each player, choose an? .+ card in that player's graveyard\.",
                        r"put those cards onto the battlefield under your control\.",
                        r"they're .+ in addition to their other colors and types.*\."))
SENTENCE_GROUPS.append((r"for each player, choose an? .+ card in that player's graveyard\.",
                        r"put those cards onto the battlefield under your control\."))


@effect_template
def _each_graveyard_choice(s: str) -> fx.Effect | None:
    """``for each player, choose a creature card in that player's graveyard. put those
    cards onto the battlefield under your control[. they're black zombies in addition
    to their other colors and types and they gain decayed]`` (Ghouls' Night Out; no
    target, 115.1) -> :class:`~effects.EachGraveyardChoice`; the last sentence is a
    lasting :class:`~effects.Becomes` of the permanents they became (a colour and a
    creature type added, 105.3, 205.1b; a keyword gained, with its triggered ability
    for decayed's kind, :data:`~keywords.TOKEN_BUILT`)."""
    m = re.fullmatch(_EACH_GRAVEYARD + r"(?:\. they're (\w+) (\w+?)s in addition to "
                     r"their other colors and types(?: and they gain (.+))?)?", s)
    f = card_filter(m.group(1)) if m else None
    if f is None or not f.types or not set(f.types) <= _PERMANENT_TYPES:
        return None
    if m.group(2) is None:
        return fx.EachGraveyardChoice(f)
    colour = fx.COLOUR_PROPS.get(m.group(2))
    subtype = creature_subtypes().get(m.group(3))
    keywords = keyword_list(m.group(4)) if m.group(4) else ()
    if colour is None or subtype is None or keywords is None:
        return None
    built = KW.keyword_triggers(frozenset(keywords) & KW.TOKEN_BUILT)
    if any(not KW.grantable(k) and k not in KW.TOKEN_BUILT for k in keywords):
        return None
    return fx.EachGraveyardChoice(f, fx.Becomes(
        fx.Ref("it"), subtypes=(subtype,), colours=(colour,), keywords=keywords,
        abilities=built, in_addition=True, lasting=True))


@effect_template
def _return_this(s: str) -> fx.Effect | None:
    # 113.6m: the card itself, from its owner's graveyard (400.7: if it is still there)
    m = re.fullmatch(r"return this from your graveyard to (your hand|the battlefield"
                     r"( tapped)?(?: with an? (\S+) counter on it)?)", s)
    if not m:
        return None
    if m.group(1) == "your hand":
        return fx.MoveCards(fx.Ref("this_card"), "hand")
    return fx.MoveCards(fx.Ref("this_card"), "battlefield", "owner",
                        counter=m.group(3) or "", tapped=bool(m.group(2)))


_UNEARTH = ("return this from your graveyard to the battlefield. it gains haste. exile "
            "it at the beginning of the next end step. if it would leave the "
            "battlefield, exile it instead of putting it anywhere else.")
"""Rule 702.84a: what unearth's activated ability does."""


@line_template
def _rebound(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.88a: rebound, on an instant or sorcery
    if line != "rebound" or is_permanent_card(printed):
        return False
    draft.statics.append(fx.Rebound())
    return True


@line_template
def _scavenge(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.97a: "scavenge [cost]" means "[cost], exile this card from your
    # graveyard: put a number of +1/+1 counters equal to the power of the card you
    # exiled on target creature. activate only as a sorcery."
    m = re.fullmatch(r"scavenge (.+)", line)
    if not m or not printed.is_type("Creature"):
        return False
    paid = cost(m.group(1))
    if paid is None or paid != fx.Cost(mana=paid.mana):
        return False
    draft.activated.append(fx.ActivatedAbility(
        dataclasses.replace(paid, exile_self=True),
        fx.AddCounters(fx.StatOf("power", "this_card"), fx.Target("creature")),
        sorcery_speed=True, zone="graveyard"))
    return True


_EMBALMED = {
    "embalm": fx.CopyExtras(subtypes=("Zombie",), colours=("W",), no_mana_cost=True),
    "eternalize": fx.CopyExtras(subtypes=("Zombie",), colours=("B",), no_mana_cost=True,
                                power=4, toughness=4)}
"""Rules 702.128a, 702.129a: the token copy's exceptions ("white, no mana cost, a
Zombie in addition to its other types"; "a 4/4 black Zombie with no mana cost")."""


@line_template
def _embalm(line: str, printed: Printed, draft: Draft) -> bool:
    # Rules 702.128a, 702.129a: "embalm [cost]" / "eternalize [cost]" means "[cost],
    # exile this card from your graveyard: create a token that's a copy of it, except
    # <_EMBALMED>. activate only as a sorcery."
    m = re.fullmatch(r"(embalm|eternalize)(?: |—)(.+?)\.?", line)
    if not m or not printed.is_type("Creature") or not (
            printed.power or "").isdigit():  # (707.9d: no defining ability kept)
        return False
    paid = cost(m.group(2))
    if paid is None or paid.tap or paid.sacrifice_self or paid.discard_self:
        return False
    draft.activated.append(fx.ActivatedAbility(
        dataclasses.replace(paid, exile_self=True),
        fx.CopyToken(fx.Ref("this_card"), _EMBALMED[m.group(1)]),
        sorcery_speed=True, zone="graveyard"))
    return True


@line_template
def _unearth(line: str, printed: Printed, draft: Draft) -> bool:
    # Rule 702.84a: unearth [cost], activated only from the graveyard, as a sorcery
    m = re.fullmatch(r"unearth (.+)", line)
    if not m or not is_permanent_card(printed):
        return False
    paid = cost(m.group(1))
    if paid is None or paid.tap or paid.sacrifice_self or paid.discard_self:
        return False
    draft.activated.append(fx.ActivatedAbility(paid, effect(_UNEARTH),
                                               sorcery_speed=True, zone="graveyard"))
    return True


def _typed_card_filter(phrase: str) -> fx.Filter | None:
    """:func:`~phrases.card_filter`, and ``human creature`` (a subtype, then a card
    type: both asked, 205.3)."""
    if (out := card_filter(phrase)) is not None:
        return out
    head, _, last = phrase.rpartition(" ")
    if last in CARD_TYPE_WORDS and head in all_subtypes():
        return fx.Filter(types=frozenset(CARD_TYPE_WORDS[last]),
                         subtypes=frozenset({all_subtypes()[head]}))
    return None


@effect_template
def _return_all_cards(s: str) -> fx.Effect | None:
    # 115.1 (no target), 603.6a (entering at once): every card of a quality in one
    # graveyard or all of them, "return all human creature cards from your graveyard
    # to the battlefield" (Angel of Glory's Rise), "return each creature card with
    # mana value x from your graveyard to the battlefield" (Immortal Servitude),
    # "put all creature cards from all graveyards onto the battlefield under your
    # control" (Liliana Vess). 110.2a: a card put onto the battlefield enters under
    # the control of the player putting it unless the effect says otherwise;
    # "return" from all graveyards, under its owner's (the card's previous
    # controller, 400.7).
    m = re.fullmatch(rf"(?:return|put) {NUM} (.+?) cards? at random from your "
                     r"graveyard (?:to|onto) (your hand|the battlefield)( under your "
                     r"control)?", s)
    if m and isinstance(n := number(m.group(1)), int) and n > 0 and \
            (f := _typed_card_filter(m.group(2))) is not None and \
            not (m.group(3) == "your hand" and m.group(4)):
        # "return a zombie creature card at random from your graveyard to the
        # battlefield" (Tomb Tyrant): chosen at random as it resolves, not targeted
        return fx.MoveCards(fx.GraveyardCards(f, "you", at_random=n),
                            "hand" if m.group(3) == "your hand" else "battlefield",
                            "you")
    m = re.fullmatch(r"(return|put) (?:all (.+?) cards|each (.+?) card"
                     r"(?: with mana value (x|\d+))?) from (your|all) graveyards? "
                     r"(?:to|onto) (your hand|the battlefield)( tapped)?"
                     r"( under your control| under their owners' control)?", s)
    if not m:
        return None
    verb, plural, single, mv, whose, dest, tapped, under = m.groups()
    f = _typed_card_filter(plural if plural is not None else single)
    if f is None or (dest == "your hand" and (tapped or under or whose == "all")):
        return None
    if dest == "your hand":
        return fx.MoveCards(fx.GraveyardCards(f, "you"), "hand")
    controller = "you" if under == " under your control" or (
        under is None and verb == "put") else "owner"
    return fx.MoveCards(fx.GraveyardCards(
        f, "you" if whose == "your" else "any",
        None if mv is None else number(mv)), "battlefield", controller,
        tapped=bool(tapped))


_THIS_WAY = (r"(?:put into graveyards this way|from among (?:the )?cards (?:milled|put "
             r"into graveyards) this way)")
_CHOSEN = re.compile(rf"exile (up to )?{NUM} (.+?) cards? {_THIS_WAY}")


@effect_template
def _exile_chosen_this_way(s: str) -> fx.Effect | None:
    """``exile up to two creature cards put into graveyards this way`` (Stitcher
    Geralf), ``exile a creature card from among the cards milled this way`` (after
    "you may": Shadow Kin): the controller chooses, as it resolves, among the cards
    the earlier mill or destroy steps of the same effect put into graveyards
    (608.2c; not targets, 115.1)."""
    m = _CHOSEN.fullmatch(s)
    if not m or not isinstance(n := number(m.group(2)), int) or n < 1 or \
            (f := card_filter(m.group(3))) is None:
        return None
    return fx.MoveChosenCards(fx.Ref("graveyard_this_way"), f, n, bool(m.group(1)))


SENTENCE_GROUPS.append((rf"exile (?:up to )?[^.]+ cards? {_THIS_WAY}\.",
                        r"create an x/x [^.]+ token, where x is the total power of the "
                        r"cards exiled this way\."))


@effect_template
def _token_of_exiled_power(s: str) -> fx.Effect | None:
    """``exile up to two creature cards put into graveyards this way. create an x/x
    blue zombie creature token, where x is the total power of the cards exiled this
    way.`` (Stitcher Geralf): the token's power and toughness are the total power of
    the cards the first step exiled, counted as it is created (608.2h; 0 if none)."""
    m = re.fullmatch(r"(exile .+)\. create an x/x ([^.]+ creature token), where x is "
                     r"the total power of the cards exiled this way", s)
    chosen = _exile_chosen_this_way(m.group(1)) if m else None
    spec = token_spec("0/0 " + m.group(2)) if m else None
    if chosen is None or spec is None:
        return None
    return fx.Sequence((chosen, fx.CreateToken(spec, pt="exiled_power")))
