"""The compiler's templates for linked abilities and cards in graveyards and exile (a
template family of :mod:`~compiler`, registered when it is imported).

Read here (rule numbers in :mod:`~linked`):

- ``return [up to N] target <quality> card[s] from your graveyard to your hand`` and
  ``... to the battlefield`` (under your control), ``put target <quality> card from
  a graveyard onto the battlefield under your control``, ``exile [up to N] target
  <quality> card[s] from a / your / an opponent's graveyard``, ``put target
  <quality> card from your graveyard on top of your library`` ->
  :class:`~effects.MoveCards` of a ``graveyard_card`` target;
- ``return the exiled card[s] to the battlefield under its / their owner's
  control`` (Oblivion Ring's second ability, rule 607.2a) -> :class:`~effects.MoveCards`
  of ``Ref("exiled_with_this")``;
- ``exile <permanent> until this leaves the battlefield`` (610.3) ->
  :class:`~effects.Exile` with ``until_source_leaves``;
- ``return that card / it to the battlefield under your / its owner's control``
  after an exile (flicker) -> :class:`~effects.MoveCards` of ``Ref("that_card")``;
- ``put <permanent> on top of / on the bottom of its owner's library`` ->
  :class:`~effects.PutOnLibrary`; ``target <permanent>'s owner puts it on their choice
  of the top or bottom of their library`` (also ``the owner of target ...`` and ``for
  each <permanents>, its owner puts it ...``) -> one with ``owner_chooses``;
- ``choose a card at random exiled with this and put that card into its owner's
  hand`` -> :class:`~effects.MoveCards` of ``Ref("exiled_with_this")`` with
  ``at_random``;
- ``exile target player's / each opponent's graveyard``, ``exile all <quality> cards
  from target player's graveyard`` -> :class:`~effects.ExileGraveyard`; ``look at
  target player's / opponent's hand`` -> :class:`~effects.LookAtHand`;
- ``when you do, <effect>`` after ``you may <action>`` (a reflexive triggered
  ability, rule 603.12) -> :class:`~effects.WhenYouDo`;
- ``[<player>] exile[s] a card from your / their hand`` (the player chooses it) ->
  :class:`~effects.PutFromHand` to ``"exile"``; then ``if a <quality> card is exiled
  this way, [that player creates] a token that's a copy of that card`` ->
  :class:`~effects.IfMovedWas` of a :class:`~effects.CopyToken` of ``Ref("that_card")``;
- ``exile all tokens created with it / this`` (607.2a: the tokens the permanent's
  linked abilities created) -> :class:`~effects.Exile` of ``Ref("created_with_this")``.
"""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    effect_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUMBERS,
    card_filter,
    permanents,
    player,
)

_GRAVEYARDS = {"your graveyard": "you", "a graveyard": "any",
               "an opponent's graveyard": "opponent"}
"""Whose graveyard a card target is in: the target filter's controller."""

_CARDS = re.compile(r"(?:(up to) )?(?:(one|two|three|four|five|x) )?target "
                    r"(?:(.+?) )?cards?(?: (with .+?))? from (your graveyard|a graveyard|"
                    r"an opponent's graveyard)")


def graveyard_target(phrase: str) -> fx.Target | None:
    """``target creature card from your graveyard``, ``up to two target cards from a
    graveyard``... as a ``graveyard_card`` target (None if not one)."""
    m = _CARDS.fullmatch(phrase)
    if not m:
        return None
    count = NUMBERS[m.group(2)] if m.group(2) else 1
    if count not in ("X", *range(1, 6)) or (m.group(1) and not m.group(2)) or (
            count == "X" or count > 1) != phrase.split(" from ")[0].endswith("cards"):  # type: ignore[operator]
        return None  # ("up to x target ... cards": 601.2b-c)
    f = card_filter(m.group(3) or "", m.group(4))
    if f is None:
        return None
    return fx.Target("graveyard_card", fx.Filter(
        f.types, f.subtypes, _GRAVEYARDS[m.group(5)], f.props), count, bool(m.group(1)))


@effect_template
def _graveyard_cards(s: str) -> fx.Effect | None:
    if m := re.fullmatch(r"return (.+) to (your|its owner's|their owners') hands?", s):
        what = graveyard_target(m.group(1))
        if what is not None and (m.group(2) != "your" or
                                 what.filter.controller == "you"):
            return fx.MoveCards(what, "hand")
    if m := re.fullmatch(r"return (.+) to the battlefield(?: under your control)?", s):
        what = graveyard_target(m.group(1))
        if what is not None:
            return fx.MoveCards(what, "battlefield", "you")
    if m := re.fullmatch(r"put (.+) onto the battlefield under your control", s):
        what = graveyard_target(m.group(1))
        if what is not None:
            return fx.MoveCards(what, "battlefield", "you")
    if m := re.fullmatch(r"exile (.+)", s):
        what = graveyard_target(m.group(1))
        if what is not None:
            return fx.MoveCards(what, "exile")
    if m := re.fullmatch(r"put (.+) on (top of|the bottom of) (your|its owner's) "
                         r"library", s):
        what = graveyard_target(m.group(1))
        if what is not None and (m.group(3) != "your" or what.filter.controller == "you"):
            return fx.MoveCards(what, "library_top" if m.group(2) == "top of"
                                else "library_bottom")
    return None


SENTENCE_GROUPS.append((r"choose (?:two|three|four|five) target .+ in your graveyard\.",
                        r"return (?:one|two|three|four) of them at random .+\."))


@effect_template
def _move_at_random(s: str) -> fx.Effect | None:
    """``choose three target creature cards in your graveyard. return two of them at
    random to the battlefield and put the other on the bottom of your library``
    (Sinister Waltz): :class:`~effects.MoveAtRandom`, each move read as the same
    target's own sentence."""
    m = re.fullmatch(r"choose (.+?) in your graveyard\. return (one|two|three|four) of "
                     r"them at random (.+?) and put the (other|others) (.+)", s)
    if not m:
        return None
    phrase = f"{m.group(1)} from your graveyard"
    what = graveyard_target(phrase)
    count = NUMBERS[m.group(2)]
    if what is None or what.up_to or not isinstance(count, int) or \
            (what.count - count == 1) != (m.group(4) == "other"):
        return None
    first = _graveyard_cards(f"return {phrase} {m.group(3)}")
    rest = _graveyard_cards(f"put {phrase} {m.group(5)}")
    if not isinstance(first, fx.MoveCards) or not isinstance(rest, fx.MoveCards):
        return None
    return fx.MoveAtRandom(what, count, first, rest)


@effect_template
def _exiled_at_random(s: str) -> fx.Effect | None:
    """``choose a card at random exiled with this and put that card into its owner's
    hand`` (Gorex, the Tombshell; 607.2a: the cards exiled with the permanent, one
    chosen at random as it resolves)."""
    if re.fullmatch(r"choose a card at random exiled with this and put (?:that card|it) "
                    r"into its owner's hand", s):
        return fx.MoveCards(fx.Ref("exiled_with_this"), "hand", at_random=1)
    return None


@effect_template
def _linked_exile(s: str) -> fx.Effect | None:
    # Rule 607.2a: "the exiled card" of Oblivion Ring's leaves-the-battlefield ability
    if m := re.fullmatch(r"return the exiled (?:card|cards) to the battlefield under "
                         r"((?:its|their) owners?'s?|your) control", s):
        return fx.MoveCards(fx.Ref("exiled_with_this"), "battlefield",
                            "you" if m.group(1) == "your" else "owner")
    if s == "return the exiled card to the battlefield tapped":
        # (110.2a: under the control of the player putting it there)
        return fx.MoveCards(fx.Ref("exiled_with_this"), "battlefield", "you", tapped=True)
    # "return each card exiled with this to the battlefield under your control"
    # (Prowling Geistcatcher: 110.2a, under the control of the player putting it)
    if m := re.fullmatch(r"return (?:each card|all cards) exiled with this to the "
                         r"battlefield under (your|its owner's|their owners') control", s):
        return fx.MoveCards(fx.Ref("exiled_with_this"), "battlefield",
                            "you" if m.group(1) == "your" else "owner")
    # Rule 610.3: "exile <it> until this leaves the battlefield"
    if m := re.fullmatch(r"exile (.+) until this leaves the battlefield", s):
        what = permanents(m.group(1))
        if what is not None and what != fx.Ref("self"):
            return fx.Exile(what, until_source_leaves=True)
    # Flicker: after "exile target creature you control, then ..." (400.7)
    # ("those cards" after "exile two / any number of target ...": every card the
    # exile moved, Ghostly Flicker, Brago, Eerie Interlude)
    if m := re.fullmatch(r"return (?:that card|it|those cards) to the battlefield"
                         r"( tapped| face down)? under (your|its owner's|their "
                         r"owners?'s?) control", s):
        # (Mystifying Maze: "return it to the battlefield tapped under its owner's
        # control" at the beginning of the next end step; Ashcloud Phoenix's dies
        # trigger: "... face down under your control", 708.2)
        return fx.MoveCards(fx.Ref("that_card"), "battlefield",
                            "you" if m.group(2) == "your" else "owner",
                            tapped=m.group(1) == " tapped",
                            face_down=m.group(1) == " face down")
    return None


@effect_template
def _on_library(s: str) -> fx.Effect | None:
    if m := re.fullmatch(r"put (.+) into its owner's library (?:(second|third) from the "
                         r"top|just beneath the top x cards of that library, where x is "
                         r"the result)", s):
        # (401.4: beneath that many cards; the result of the roll just before, 706)
        what = permanents(m.group(1))
        depth = {"second": 1, "third": 2}.get(m.group(2) or "", "die_result")
        return fx.PutOnLibrary(what, depth=depth) if what is not None else None
    if m := re.fullmatch(r"put (.+) on (top of|the bottom of) its owner's library", s):
        # ("this": a permanent's own ability, Sensei's Divining Top; a spell's own
        # card is SpellCardTo, and the check refuses a spell putting "this")
        what = permanents(m.group(1))
        if what is not None:
            return fx.PutOnLibrary(what, bottom=m.group(2) != "top of")
    # "target creature's owner puts it on their choice of the top or bottom of their
    # library" (Trip Up), "for each attacking creature, its owner puts it ..."
    # (Aetherspouts): each owner chooses for each permanent (401.4)
    if m := re.fullmatch(r"(?:for each (?!target)(.+?), its owner|(target .+?)'s owner|"
                         r"the owner of (target .+?)) puts it on their choice of the "
                         r"top or bottom of their library", s):
        phrase = m.group(2) or m.group(3) or f"each {m.group(1)}"
        what = permanents(phrase)
        if isinstance(what, fx.Each) or isinstance(what, fx.Target) and \
                what.count == 1 and not what.up_to:
            return fx.PutOnLibrary(what, owner_chooses=True)
    # "put all creatures on the bottom of their owners' libraries" (Terminus): each
    # owner's cards go there in timestamp order (401.4: an automated order)
    if m := re.fullmatch(r"put (all .+) on (top of|the bottom of) their owners' "
                         r"libraries", s):
        what = permanents(m.group(1))
        if isinstance(what, fx.Each):
            return fx.PutOnLibrary(what, bottom=m.group(2) != "top of")
    return None


@effect_template
def _when_you_do(s: str) -> fx.Effect | None:
    # Rule 603.12: "when you do, <effect>" after an optional action
    if m := re.fullmatch(r"when you do, (.+)", s):
        inner = read_sentence(m.group(1))
        if inner is not None and not isinstance(inner, fx.MayDo):
            return fx.WhenYouDo(inner)
    # "you may sacrifice up to three zombies. when you sacrifice one or more zombies
    # this way, each opponent sacrifices that many creatures" (Ravenous Rotbelly)
    if m := re.fullmatch(r"when you sacrifice one or more (.+?) this way, (.+)", s):
        inner = read_sentence(m.group(2))
        if inner is not None and not isinstance(inner, fx.MayDo):
            return fx.WhenYouDo(inner, counted=True)
    return None


_OWNERS = {"target player's": "target player", "target opponent's": "target opponent",
           "each opponent's": "each opponent", "each player's": "each player",
           "your": "you"}
"""Whose graveyard or hand, as the player phrase of :func:`~.phrases.player`."""


@effect_template
def _whole_graveyard(s: str) -> fx.Effect | None:
    # "exile all creature cards from target player's graveyard" (a whole graveyard,
    # "exile target player's graveyard", is the players family's ExileGraveyard)
    if m := re.fullmatch(r"exile all (.*?)cards from (.+?) graveyards?", s):
        whose = _OWNERS.get(m.group(2))
        f = card_filter(m.group(1).strip())
        if whose is not None and f is not None and whose != "you":
            return fx.ExileGraveyard(player(whose), f)
    # "look at target player's hand" (shown to the controller only)
    if m := re.fullmatch(r"look at (target player's|target opponent's) hand", s):
        return fx.LookAtHand(player(_OWNERS[m.group(1)]))
    return None


@effect_template
def _exile_from_hand(s: str) -> fx.Effect | None:
    """``[<player>] exile[s] a card from your / their hand``: the player chooses a
    card of their hand and exiles it face up (406.3)."""
    m = re.fullmatch(r"(?:(.+?) exiles?|exile) a card from (your|their) hand", s)
    if not m:
        return None
    who = fx.Ref("you") if m.group(1) is None else player(m.group(1))
    if who is None or (m.group(1) is None) != (m.group(2) == "your"):
        return None
    return fx.PutFromHand(1, who, destination="exile")


@effect_template
def _if_exiled_this_way(s: str) -> fx.Effect | None:
    """``if a creature card is exiled this way, <effect>`` right after a card was
    exiled from a hand: :class:`~effects.IfMovedWas`."""
    m = re.fullmatch(r"if an? (.+?) card is exiled this way, (.+)", s)
    if not m or (f := card_filter(m.group(1))) is None or f == fx.Filter():
        return None
    then = read_sentence(m.group(2))
    return fx.IfMovedWas(f, then) if then is not None else None


@effect_template
def _copy_of_that_card(s: str) -> fx.Effect | None:
    """``[that player creates | create] a token that's a copy of that card`` (707.2:
    the card the step before exiled, its printed values)."""
    m = re.fullmatch(r"(?:(that player) creates|create) a token that's a copy of that "
                     r"card", s)
    if not m:
        return None
    return fx.CopyToken(fx.Ref("that_card"),
                        who=fx.Ref("that_player") if m.group(1) else fx.Ref("you"))


@effect_template
def _exile_created_with(s: str) -> fx.Effect | None:
    """``exile all tokens created with it / this`` (607.2a)."""
    if re.fullmatch(r"exile all tokens created with (?:it|this)", s):
        return fx.Exile(fx.Ref("created_with_this"))
    return None
