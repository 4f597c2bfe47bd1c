"""The compiler's templates for library and hand sentences (a template family of
:mod:`~compiler`, registered when it is imported).

Read here (rule numbers in :mod:`~library`):

- ``scry N``, ``surveil N``, ``look at the top N cards of your library, then put them
  back in any order`` -> :class:`~effects.LookAtTop`;
- ``shuffle your library`` (and the ``shuffle`` of "you may shuffle") ->
  :class:`~effects.Shuffle`;
- ``search your library for <cards>, <where>, then shuffle`` ->
  :class:`~effects.Search`, where ``<cards>`` is ``a card``, ``a <quality> card`` or
  ``up to two <quality> cards`` (:func:`card_filter`) and ``<where>`` is ``[reveal
  it, ]put it into your hand``, ``put it onto the battlefield[ tapped]``, ``reveal
  those cards, put one onto the battlefield tapped and the other into your hand``;
  also ``search your library for a card, [reveal it, ]then shuffle and put that card
  on top``, and ``a card named this`` / ``up to three cards named this`` / ``any
  number of cards named this`` (the card's own name);
- ``look at the top N cards of your library. [you may reveal] a <quality> card from
  among them and put it into your hand [or onto the battlefield [tapped]]. put the
  rest on the bottom of your library in a random / any order [or into your
  graveyard].``, ``look at the top N cards of your library. put one of them into
  your hand and the rest <where>.`` and ``look at the top card of your library. if
  it's a <quality> card, you may [reveal it and] put it into your hand [or onto the
  battlefield [tapped]].`` -> :class:`~effects.Dig`;
- ``reveal the top N cards of your library. you may put a <quality> card from among
  them into your hand. put the rest <where>.`` and ``... put all <quality> cards
  revealed this way into your hand and the rest <where>.`` -> :class:`~effects.Dig`
  with ``reveal_top``; ``<player> reveals the top card of their library. if it's a
  <quality> card, that player puts it into their hand / <effect>.`` and ``look at the
  top card of your library. you may reveal that card. if an <quality> card is
  revealed this way, <effect>.`` -> :class:`~effects.RevealTop`;
- ``reveal the top N cards of your library. an opponent separates those cards into
  two piles. put one pile into your hand and the other into your graveyard / on the
  bottom of your library in any order.`` -> :class:`~effects.RevealPiles`;
- ``[choose a creature type. ]reveal cards from the top of your library until you
  reveal a <quality> card [with mana value equal to the result | that shares a
  creature type with it] / x <quality> cards [of the chosen type], where x is the
  number of <permanents> [of that type]. put that card / those cards into your hand /
  onto the battlefield [tapped] and the rest <where>.`` -> :class:`~effects.
  RevealUntil` (``<where>``: on the bottom in a random order, into your graveyard,
  exiled, shuffled into your library);
- ``<player> reveals their hand`` / ``reveal your hand`` -> :class:`~effects.RevealHand`;
- the three sentences ``<player> reveals their hand. you choose a <quality> card from
  it. that player discards that card.`` -> :class:`~effects.ChooseDiscard` (the
  caster chooses; "<player> discards a card" is :class:`~effects.Discard`, where the
  discarding player chooses); ``... you choose a <quality> card from it and exile
  that card.`` and ``look at target player's hand. you may choose a <quality> card
  from it. if you do, that player reveals the chosen card, puts it on the bottom of
  their library, then draws a card.`` -> the same with a ``dest``.
"""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.library import NAMED_SELF, SACRIFICED_MV, X_CAP
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    Draft,
    effect_template,
    has_target,
    line_template,
    nodes,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    NUMBERS,
    activation_condition,
    card_filter,
    number,
    object_filter,
    permanents,
    player,
)


@line_template
def _hideaway(line: str, printed: Printed, draft: Draft) -> bool:
    """Hideaway N (702.75a): "when this permanent enters, look at the top N cards of
    your library. exile one of them face down and put the rest on the bottom of your
    library in a random order." (its owner may look at the exiled card, 406.3)."""
    m = re.fullmatch(r"hideaway (\d+)", line)
    if not m or not printed.is_permanent or not 1 <= int(m.group(1)) <= 8:
        return False
    draft.triggered.append(fx.TriggeredAbility(fx.Trigger("enters"), fx.Dig(
        int(m.group(1)), 1, fx.Filter(), False, "exile_face_down", rest="random")))
    return True


_SEARCH_EACH = re.compile(
    r"for each player, search that player's library for an? ((?:[\w,]+ )*?)card and "
    r"exile it, then that player shuffles")


@effect_template
def _search_each(s: str) -> fx.Effect | None:
    """"for each player, search that player's library for a <quality> card and
    exile it, then that player shuffles" (701.23: the controller searches each
    library) -> :class:`~effects.Search` with ``whose``."""
    if m := _SEARCH_EACH.fullmatch(s):
        f = card_filter(m.group(1).strip())
        return fx.Search(f, 1, "exile", whose=fx.Ref("each_player")) \
            if f is not None else None
    if s == "you may cast those cards without paying their mana costs":
        return fx.PlayFree(fx.Ref("that_card"))
    return None


@effect_template
def _explore(s: str) -> fx.Effect | None:
    """701.44a: "<creature> explores" ("it explores", "this explores", "target
    creature you control explores") -> :class:`~effects.Explore`."""
    m = re.fullmatch(r"(.+) explores", s)
    if m is None or (what := permanents(m.group(1))) is None:
        return None
    if isinstance(what, fx.Target) and (what.kind != "creature" or what.count != 1):
        return None
    if isinstance(what, fx.Each):
        return None  # ("each merfolk you control explores": one at a time, not read)
    return fx.Explore(what)


_PLAY_FREE = re.compile(r"you may play the exiled card without paying its mana cost"
                        r"(?: if (.+))?")


@effect_template
def _play_free(s: str) -> fx.Effect | None:
    """Hideaway's linked ability (702.75a, 607.2a): "you may play the exiled card
    without paying its mana cost [if <condition>]" -> :class:`~effects.PlayFree`."""
    if m := _PLAY_FREE.fullmatch(s):
        if m.group(1) is None:
            return fx.PlayFree()
        condition = activation_condition(m.group(1))
        return fx.PlayFree(condition=condition) if condition is not None else None
    return None


@effect_template
def _look_at_top(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"(scry|surveil) {NUM}", s):
        return fx.LookAtTop(number(m.group(2)), m.group(1))
    if m := re.fullmatch(rf"look at the top {NUM} cards of your library, then put "
                         r"them back in any order", s):
        return fx.LookAtTop(number(m.group(1)), "order")
    if s in ("shuffle your library", "shuffle"):
        return fx.Shuffle()
    if s == "shuffle this into its owner's library":
        return fx.SpellCardTo("library")  # (the engine's check: only a spell's last step)
    if s == "exile this":  # (a spell's own card: ditto; a permanent's is refused)
        return fx.SpellCardTo("exile")
    return None


_IT = r"(?:it|that card|them|those cards)"
ANY_NUMBER = 99
"""The count of a search for "any number of" cards (more than a library holds)."""
_SEARCH = re.compile(r"(?:search your|(its controller|each player|target player|"
                     r"that player) (may search|searches) their) library for "
                     r"(?:up to (\w+) |an? |(any number of) )((?:[\w,]+ )*?)cards?"
                     r"( that share a land type)?"
                     r"( with (?:mana value|power|toughness) (?:\d+|x) or (?:less|greater)"
                     r"| named this| with mana value equal to \w+ plus the sacrificed "
                     r"creature's mana value)?, (.+)")
_WHERE: dict[str, tuple[str, bool, bool]] = {
    rf"reveal {_IT}, put {_IT} into your hand, then shuffle": ("hand", False, True),
    rf"put {_IT} into your hand, then shuffle": ("hand", False, False),
    rf"(?:reveal {_IT}, )?put {_IT} onto the battlefield, then shuffle":
        ("battlefield", False, False),
    rf"(?:reveal {_IT}, )?put {_IT} onto the battlefield tapped, then shuffle":
        ("battlefield", True, False),
    r"reveal (?:them|those cards), put one onto the battlefield tapped and the other "
    r"into your hand, then shuffle": ("split", True, True),
    r"then shuffle and put that card on top": ("top", False, False),
    r"reveal it, then shuffle and put that card on top": ("top", False, True),
}
"""What a search does with the cards found: ``(dest, tapped, reveal)``."""


@effect_template
def _search(s: str) -> fx.Effect | None:
    m = _SEARCH.fullmatch(s)
    if not m:
        return None
    subject, verb, up_to, any_number, phrase, share, compared, where = m.groups()
    who = player(subject) if subject else fx.Ref("you")
    count = NUMBERS.get(up_to, None) if up_to else 1
    named = compared == " named this"
    x_cap = compared == " with mana value x or less"  # (Green Sun's Zenith)
    plus = re.fullmatch(r" with mana value equal to (\w+) plus the sacrificed creature's "
                        r"mana value", compared or "")
    f = card_filter(phrase.strip(), None if named or x_cap or plus else compared)
    if plus:  # (Birthing Pod: the cost's creature, as it last existed)
        n = number(plus.group(1))
        if not isinstance(n, int) or f is None:
            return None
        f = dataclasses.replace(f, props=f.props | {f"{SACRIFICED_MV}{n}"})
    if x_cap and f is not None:
        f = dataclasses.replace(f, props=f.props | {X_CAP})
    if any_number:  # "any number of cards named this": as many as there are
        if not named:
            return None
        up_to, count = any_number, ANY_NUMBER
    if named and f is not None:
        f = dataclasses.replace(f, props=f.props | {NAMED_SELF})
    if not isinstance(count, int) or f is None or who is None:
        return None
    if up_to and f == fx.Filter():
        return None  # "up to two cards" with no quality: not read yet
    if subject:  # "... into their hand": the searching player's
        where = where.replace("their hand", "your hand")
    for pattern, (dest, tapped, reveal) in _WHERE.items():
        if re.fullmatch(pattern, where):
            if dest == "split" and count != 2 or dest == "top" and count != 1:
                return None
            if share and (count < 2 or "Land" not in f.types):
                return None
            return fx.Search(f, count, dest, tapped, reveal, who,
                             optional=verb == "may search", share_land_type=bool(share))
    return None


@effect_template
def _cast_from_hand(s: str) -> fx.Effect | None:
    """``you may cast an instant or sorcery spell from your hand without paying its mana
    cost`` (also ``a spell``, ``a spell with mana value 4 or less``) ->
    :class:`~effects.CastFromHand`."""
    m = re.fullmatch(r"you may cast an? (?:(.+?) )?spell( with mana value \d+ or less)? "
                     r"from your hand without paying its mana cost", s)
    if not m or (f := card_filter(m.group(1) or "", m.group(2))) is None:
        return None
    return fx.CastFromHand(f)


@effect_template
def _reveal_until_all(s: str) -> fx.Effect | None:
    """``reveal cards from the top of your library until you reveal that many creature
    cards, put all creature cards revealed this way onto the battlefield, then
    shuffle the rest of the revealed cards into your library`` ->
    :class:`~effects.RevealUntil`."""
    m = re.fullmatch(rf"reveal cards from the top of your library until you reveal "
                     rf"{NUM} ((?:[\w-]+ )*?)cards?, put all \2cards revealed this way "
                     r"onto the battlefield, then shuffle the rest of the revealed "
                     r"cards into your library", s)
    if not m or (f := card_filter(m.group(2).strip())) is None or f == fx.Filter():
        return None
    return fx.RevealUntil(f, number(m.group(1)), dest="battlefield", rest="shuffle")


SENTENCE_GROUPS.append((r"[^.]*exile a card from your hand face down\.",
                        r"it becomes foretold\.",
                        r"its foretell cost is its mana cost reduced by \{\d+\}\."))


@effect_template
def _exile_foretold(s: str) -> fx.Effect | None:
    """``[draw a card, then ]exile a card from your hand face down. it becomes
    foretold. its foretell cost is its mana cost reduced by {2}`` (Ethereal Valkyrie,
    702.143): a :class:`~effects.PutFromHand` to ``"foretold"``."""
    m = re.fullmatch(r"(.*?)exile a card from your hand face down\. it becomes "
                     r"foretold\. its foretell cost is its mana cost reduced by "
                     r"\{(\d+)\}", s)
    if not m or int(m.group(2)) < 1:
        return None
    foretold = fx.PutFromHand(1, destination="foretold", reduced=int(m.group(2)))
    if not m.group(1):
        return foretold
    if not m.group(1).endswith(", then ") or \
            (first := read_sentence(m.group(1)[:-len(", then ")])) is None:
        return None
    return fx.Sequence((*(first.steps if isinstance(first, fx.Sequence) else (first,)),
                        foretold))


SENTENCE_GROUPS.append((r"search your library for [^.]+ and reveal it\.",
                        r"if [^.]+, put it onto the battlefield(?: tapped)?\.",
                        r"otherwise, put it into your hand\.", r"then shuffle\."))


@effect_template
def _search_then_where_if(s: str) -> fx.Effect | None:
    """``search your library for a basic plains card and reveal it. if an opponent
    controls more lands than you, put it onto the battlefield tapped. otherwise, put
    it into your hand. then shuffle.`` (Stoic Farmer): a search into the hand, onto
    the battlefield instead while the condition holds (608.2c)."""
    m = re.fullmatch(r"search your library for (an? [^.]+) and reveal it\. if ([^.]+), "
                     r"put it onto the battlefield( tapped)?\. otherwise, put it into "
                     r"your hand\. then shuffle", s)
    if not m or (condition := activation_condition(m.group(2))) is None:
        return None
    found = read_sentence(f"search your library for {m.group(1)}, reveal it, put it "
                          "into your hand, then shuffle")
    if not isinstance(found, fx.Search) or found.count != 1:
        return None
    return dataclasses.replace(found, tapped=bool(m.group(3)), battlefield_if=condition)


@effect_template
def _reveal_hand(s: str) -> fx.Effect | None:
    if s == "reveal your hand":
        return fx.RevealHand(fx.Ref("you"))
    m = re.fullmatch(r"(.+) reveals (?:their|his or her) hand", s)
    if m and m.group(1) != "you" and (who := player(m.group(1))) is not None:
        return fx.RevealHand(who)
    return None


SENTENCE_GROUPS.append((r".+ reveals their hand\.", r"you choose .+ from it(?: with .+)?\.",
                        r"that player discards (?:that card|those cards)\."))


@effect_template
def _choose_discard(s: str) -> fx.Effect | None:
    m = re.fullmatch(r"(.+) reveals their hand\. you choose (a|an|one|two|three) "
                     r"((?:[\w,]+ )*?)cards?( from it)?( with (?:mana value|power|"
                     r"toughness) \d+ or (?:less|greater))?( from it)?\. that player "
                     r"discards (?:that card|those cards)", s)
    if not m or m.group(1) == "you" or (who := player(m.group(1))) is None or \
            not (m.group(4) or m.group(6)):
        return None
    f = card_filter(m.group(3).strip(), m.group(5))
    count = NUMBERS[m.group(2)]
    if f is None or not isinstance(count, int):
        return None
    return fx.ChooseDiscard(who, f, count)


SENTENCE_GROUPS.append((r".+ reveals their hand\.",
                        r"you choose .+ from it and exile that card\."))
SENTENCE_GROUPS.append((r"look at target (?:player|opponent)'s hand\.",
                        r"you may choose .+ from it\.", r"if you do, .+\."))
_CHOOSE_EXILE = re.compile(r"(.+) reveals their hand\. you choose an? ((?:[\w,]+ )*?)"
                           r"card from it and exile that card")
_LOOK_CHOOSE = re.compile(
    r"look at (target (?:player|opponent))'s hand\. you may choose an? "
    r"((?:[\w,]+ )*?)card from it\. if you do, that player reveals the chosen card, "
    r"puts it on the bottom of their library, then draws a card")


@effect_template
def _choose_from_hand(s: str) -> fx.Effect | None:
    """"<player> reveals their hand. you choose a <quality> card from it and exile
    that card." and Vendilion Clique's "look at target player's hand. you may choose
    a <quality> card from it. if you do, that player reveals the chosen card, puts it
    on the bottom of their library, then draws a card." (:class:`~effects.
    ChooseDiscard` with a ``dest``)."""
    if m := _CHOOSE_EXILE.fullmatch(s):
        who = player(m.group(1)) if m.group(1) != "you" else None
        f = card_filter(m.group(2).strip())
        if who is None or f is None:
            return None
        return fx.ChooseDiscard(who, f, dest="exile")
    if m := _LOOK_CHOOSE.fullmatch(s):
        who = player(m.group(1))
        f = card_filter(m.group(2).strip())
        if who is None or f is None:
            return None
        return fx.ChooseDiscard(who, f, dest="bottom", draw=True, look=True,
                                optional=True)
    return None


_TOP = r"look at the top \w+ cards of your library\."
SENTENCE_GROUPS.append((_TOP, r"(?:you may reveal|you may put|put) .+\.",
                        r"(?:then )?put the rest .+\."))
SENTENCE_GROUPS.append((_TOP, r"put one of those cards into your hand, one on top of "
                              r"your library, and one on the bottom of your library\."))
SENTENCE_GROUPS.append((_TOP, r"put \w+ of (?:them|those cards) into your hand and "
                              r"the (?:rest|other) .+\."))
_TOP_CARD = r"look at the top card of your library\."
_IF_IT_IS = r"if (?:it's|that card is) .+, you may .+\."
_NOT_TAKEN = r"if you don't put the card into your hand, put it on the bottom of your library\."
SENTENCE_GROUPS.append((_TOP_CARD, _IF_IT_IS, _NOT_TAKEN))
SENTENCE_GROUPS.append((_TOP_CARD, _IF_IT_IS))
SENTENCE_GROUPS.append((r"you may reveal the top card of your library\.",
                        r"if you do, counter that spell if it has the same mana value "
                        r"as the revealed card\."))
_DIG_ONE = re.compile(
    r"look at the top card of your library\. if (?:it's|that card is) (?:an? )?"
    r"((?:[\w,]+ )*?)card, you may (reveal it and )?put it (into your hand|onto the "
    r"battlefield|onto the battlefield tapped)(\. if you don't put the card into your "
    r"hand, put it on the bottom of your library)?")
_RESTS = {"on the bottom of your library in a random order": "random",
          "on the bottom of your library in any order": "bottom",
          "on the bottom of your library": "bottom",
          "into your graveyard": "graveyard"}
"""Where the cards a dig does not take go."""
_DIG_MAY = re.compile(
    rf"look at the top {NUM} cards of your library\. (you may )?(reveal|put) "
    r"(an?|up to \w+) ((?:[\w,]+ )*?)cards?( with (?:mana value|power|toughness) "
    r"\d+ or (?:less|greater))? from among them (?:and put "
    r"(?:it|them|those cards|the revealed cards) )?(into your hand|onto the "
    r"battlefield|onto the battlefield tapped)\. (?:then )?put the rest (.+)")
_DIG_PUT = re.compile(
    rf"look at the top {NUM} cards of your library\. put (one|two|three) of "
    r"(?:them|those cards) into your hand and the (?:rest|other) (.+)")


_REVEAL_TOP = r"reveal the top \w+ cards of your library\."
SENTENCE_GROUPS.append((_REVEAL_TOP, r"you may put .+ from among them .+\.",
                        r"put the rest .+\."))
SENTENCE_GROUPS.append((_REVEAL_TOP, r"put (?:all|an?) .+ into your hand and the rest .+\."))
_REVEAL_MAY = re.compile(
    rf"reveal the top {NUM} cards of your library\. you may put an? ((?:[\w,]+ )*?)"
    r"card from among them (into your hand|onto the battlefield|onto the battlefield "
    r"tapped)\. put the rest (.+)")
_REVEAL_ALL = re.compile(
    rf"reveal the top {NUM} cards of your library\. put (all|an?) ((?:[\w,]+ )*?)cards? "
    r"(?:revealed this way|from among them) into your hand and the rest (.+)")


SENTENCE_GROUPS.append((_REVEAL_TOP, r"an opponent separates those cards into two piles\.",
                        r"put one pile into your hand and the other .+\."))
_PILES = re.compile(
    rf"reveal the top {NUM} cards of your library\. an opponent separates those cards "
    r"into two piles\. put one pile into your hand and the other (into your graveyard|"
    r"on the bottom of your library in any order)")


@effect_template
def _reveal_piles(s: str) -> fx.Effect | None:
    """Fact or Fiction (700.3): :class:`~effects.RevealPiles`."""
    if m := _PILES.fullmatch(s):
        rest = "graveyard" if m.group(2) == "into your graveyard" else "bottom"
        return fx.RevealPiles(number(m.group(1)), rest)
    return None


@effect_template
def _reveal_top(s: str) -> fx.Effect | None:
    """"Reveal the top N cards of your library" (701.20a) and what happens to them: a
    :class:`~effects.Dig` of cards every player sees."""
    if m := _REVEAL_MAY.fullmatch(s):
        count, phrase, where, rest = m.groups()
        f = card_filter(phrase.strip())
        if f is None or rest not in _RESTS:
            return None
        return fx.Dig(number(count), 1, f, True,
                      "hand" if where == "into your hand" else "battlefield",
                      where.endswith("tapped"), True, _RESTS[rest], reveal_top=True)
    if m := _REVEAL_ALL.fullmatch(s):
        count, many, phrase, rest = m.groups()
        f = card_filter(phrase.strip())
        if f is None or rest not in _RESTS:
            return None
        return fx.Dig(number(count), fx.DIG_ALL if many == "all" else 1, f, False,
                      reveal=True, rest=_RESTS[rest], reveal_top=True)
    return None


@effect_template
def _dig(s: str) -> fx.Effect | None:
    if m := _DIG_MAY.fullmatch(s):
        count, may, how, many, phrase, compared, where, rest = m.groups()
        take = 1 if many in ("a", "an") else NUMBERS.get(many.split()[-1])
        f = card_filter(phrase.strip(), compared)
        if f is None or not isinstance(take, int) or rest not in _RESTS or (
                how == "reveal" and where != "into your hand") or not (
                may or many.startswith("up to ")):
            return None
        return fx.Dig(number(count), take, f, True,
                      "hand" if where == "into your hand" else "battlefield",
                      where.endswith("tapped"), how == "reveal", _RESTS[rest])
    if m := _DIG_ONE.fullmatch(s):
        phrase, reveal, where, bottom = m.groups()
        f = card_filter(phrase.strip())
        if f is None or bool(reveal) != (where == "into your hand"):
            return None
        return fx.Dig(1, 1, f, True, "hand" if where == "into your hand" else
                      "battlefield", where.endswith("tapped"), bool(reveal),
                      "bottom" if bottom else "top")
    if s == ("look at the top three cards of your library. put one of those cards into "
             "your hand, one on top of your library, and one on the bottom of your "
             "library"):  # Telling Time
        return fx.Dig(3, 1, rest="top_bottom")
    if m := _DIG_PUT.fullmatch(s):
        count, take, rest = m.groups()
        if rest not in _RESTS:
            return None
        return fx.Dig(number(count), NUMBERS[take], rest=_RESTS[rest])
    return None


SENTENCE_GROUPS.insert(0, (r"reveal the top card of your library\.",
                           r"if it's an? .+ card, put it onto the battlefield\.",
                           r"otherwise, put that card into your hand\."))
SENTENCE_GROUPS.append((r"(?:.+ reveals|reveal) the top card of (?:their|your) library\.",
                        r"if it's an? .+ card, .+\."))
_ELSE_HAND = re.compile(r"reveal the top card of your library\. if it's an? "
                        r"((?:[\w,]+ )*?)card, put it onto the battlefield( tapped)?\. "
                        r"otherwise, put that card into your hand")
SENTENCE_GROUPS.append((r"look at the top card of your library\.",
                        r"you may reveal that card\.",
                        r"if an? .+ card is revealed this way, .+\."))
_REVEAL_ONE = re.compile(r"(?:(.+) reveals|reveal) the top card of (?:their|your) "
                         r"library\. if it's an? ((?:[\w,]+ )*?)card, (.+)")
_MAY_REVEAL = re.compile(r"look at the top card of your library\. you may reveal that "
                         r"card\. if an? ((?:[\w,]+ )*?)card is revealed this way, (.+)")
_TO_HAND = ("that player puts it into their hand", "put it into your hand",
            "put that card into your hand")


def _about_nothing(effect: fx.Effect | None) -> bool:
    """An effect that names neither the revealed card nor a target (what
    :class:`~effects.RevealTop` may do when the card matches)."""
    return effect is not None and not has_target(effect) and not any(
        isinstance(n, fx.Ref) and n.name in ("it", "its_controller", "that_player")
        for n in nodes(effect))


@effect_template
def _reveal_top_card(s: str) -> fx.Effect | None:
    """"<player> reveals the top card of their library. if it's a <quality> card,
    that player puts it into their hand / <effect>" and Delver of Secrets's "look at
    the top card of your library. you may reveal that card. if an instant or sorcery
    card is revealed this way, <effect>" (701.20a, :class:`~effects.RevealTop`)."""
    if m := _ELSE_HAND.fullmatch(s):  # Coiling Oracle
        f = card_filter(m.group(1).strip())
        if f is None or m.group(2):
            return None
        return fx.RevealTop(fx.Ref("you"), f, to_battlefield=True, else_hand=True)
    if m := _REVEAL_ONE.fullmatch(s):
        subject, phrase, then = m.groups()
        who = player(subject) if subject else fx.Ref("you")
        f = card_filter(phrase.strip())
        if who is None or isinstance(who, fx.Target) or f is None:
            return None
        if subject is None and then == "that player puts it into their hand" or \
                subject is not None and then == "put it into your hand":
            return None
        if then in _TO_HAND:
            return fx.RevealTop(who, f, to_hand=True)
        effect = read_sentence(then)
        return fx.RevealTop(who, f, effect) if _about_nothing(effect) else None
    if s == ("you may reveal the top card of your library. if you do, counter that "
             "spell if it has the same mana value as the revealed card"):
        # Counterbalance: "that spell" is the cast trigger's spell (compiler.
        # check_refs refuses it outside a cast trigger)
        return fx.MayDo(fx.RevealTop(fx.Ref("you"), fx.Filter(),
                                     fx.CounterSpell(fx.Ref("it")),
                                     same_mana_value=True))
    if m := _MAY_REVEAL.fullmatch(s):
        f = card_filter(m.group(1).strip())
        effect = read_sentence(m.group(2))
        if f is None or not _about_nothing(effect):
            return None
        return fx.Sequence((fx.LookAtTop(1, "order"),
                            fx.MayDo(fx.RevealTop(fx.Ref("you"), f, effect))))
    return None


_UNTIL = (r"(?:you may |if you do, )?reveal cards from the top of your library until you reveal (?:an?|x|two|three"
          r"|four|five) .+\.")
SENTENCE_GROUPS.append((r"choose a creature type\.", _UNTIL, r"put .+\."))
SENTENCE_GROUPS.append((_UNTIL, r"put .+\."))
_REVEAL_UNTIL = re.compile(
    r"(choose a creature type\. )?reveal cards from the top of your library until you "
    r"reveal (an?|x|two|three|four|five) ((?:[\w,]+ )*?)cards?( of the chosen type)?"
    r"( with mana value equal to the result| that shares a creature type with it)?"
    r"(?:, where x is the number of (.+?))?\. put (?:that card|those cards|it|those "
    r"[\w ]+ cards) (into your hand|onto the battlefield|onto the battlefield tapped)"
    r"(?: and|,) (.+)")
_UNTIL_RESTS = {
    "the rest on the bottom of your library in a random order": "random",
    "put all other cards revealed this way on the bottom of your library in a random "
    "order": "random",
    "then put the rest on the bottom of your library in a random order": "random",
    "the rest into your graveyard": "graveyard",
    "put all other cards revealed this way into your graveyard": "graveyard",
    "all other cards revealed this way into your graveyard": "graveyard",
    "exile all other cards revealed this way": "exile",
    "then shuffle the rest of the revealed cards into your library": "shuffle",
    "then shuffle the rest into your library": "shuffle",
    "shuffle the rest into your library": "shuffle",
    "shuffle all other cards revealed this way into your library": "shuffle",
}
"""Where the revealed cards that did not match go (:class:`~effects.RevealUntil`)."""
SENTENCE_GROUPS.append((r"[^.]+ reveals? cards from the top of (?:their|your) library "
                        r"until [^.]+\.", r"put that card onto the battlefield [^.]+\.",
                        r"[^.]+ the rest of the revealed cards [^.]+\."))
SENTENCE_GROUPS.append((r"[^.]+ reveal cards from the top of your library until [^.]+\.",
                        r"put those cards onto the battlefield and the rest on the bottom "
                        r"of your library in a random order\."))


@effect_template
def _reveal_until(s: str) -> fx.Effect | None:
    """"reveal cards from the top of your library until you reveal a <quality> card
    [with mana value equal to the result | that shares a creature type with it].
    put that card into your hand / onto the battlefield [tapped] and the rest <where>."
    (701.20a), and "until you reveal x <quality> cards [of the chosen type], where x
    is the number of <counted> [of that type]. put those cards ..." after "choose a
    creature type." -> :class:`~effects.RevealUntil` (with a
    :class:`~effects.ChooseType` first)."""
    m = _REVEAL_UNTIL.fullmatch(s)
    if not m:
        return None
    choose, many, phrase, chosen, extra, where_x, dest, rest = m.groups()
    f = card_filter(phrase.strip())
    if f is None or rest not in _UNTIL_RESTS or (many == "x") != (where_x is not None):
        return None
    count: fx.Amount = 1 if many in ("a", "an") else NUMBERS.get(many)
    if where_x is not None:
        typed = where_x.endswith(" of that type")
        counted_x = _counted_permanents(where_x.removesuffix(" of that type"))
        if counted_x is None or typed != bool(chosen):
            return None
        if typed:
            counted_x = dataclasses.replace(counted_x, filter=dataclasses.replace(
                counted_x.filter, props=counted_x.filter.props | {"chosen_type"}))
        count = counted_x
    if not isinstance(count, (int, fx.Count)) or bool(chosen) != bool(choose):
        return None
    if chosen:
        f = dataclasses.replace(f, props=f.props | {"chosen_type"})
    node = fx.RevealUntil(
        f, count, "hand" if dest == "into your hand" else "battlefield",
        dest.endswith("tapped"), _UNTIL_RESTS[rest],
        "die_result" if extra == " with mana value equal to the result" else None,
        fx.Ref("it") if extra == " that shares a creature type with it" else None)
    return fx.Sequence((fx.ChooseType(), node)) if choose else node


def _counted_permanents(phrase: str) -> fx.Count | None:
    """``creatures you control`` (the permanents "the number of" counts)."""
    f = object_filter(phrase, plural=True)
    return fx.Count("permanents", f) if f is not None and f != fx.Filter() else None


@effect_template
def _reveal_until_player(s: str) -> fx.Effect | None:
    """``that player reveals cards from the top of their library until they reveal a
    creature card. put that card onto the battlefield under your control. that player
    puts the rest of the revealed cards into their graveyard.`` (Curse of Unbinding,
    701.20a) -> :class:`~effects.RevealUntil`."""
    m = re.fullmatch(r"(.+?) reveals? cards from the top of (their|your) library until "
                     r"(?:they|you) reveal an? (.+?) card\. put that card onto the "
                     r"battlefield under (your|its owner's|their) control\. (.+?) puts? "
                     r"the rest of the revealed cards into (their|your) graveyard", s)
    if not m or (who := player(m.group(1))) is None or \
            (f := card_filter(m.group(3))) is None or f == fx.Filter() or \
            player(m.group(5)) != who or (m.group(2) == "your") != (who == fx.Ref("you")) \
            or m.group(6) != m.group(2):
        return None
    return fx.RevealUntil(f, dest="battlefield", rest="graveyard", who=who,
                          under="you" if m.group(4) == "your" else "owner")


@effect_template
def _reveal_until_sacrificed(s: str) -> fx.Effect | None:
    """``sacrifice x zombies, then reveal cards from the top of your library until you
    reveal a number of zombie creature cards equal to the number of zombies sacrificed
    this way. put those cards onto the battlefield and the rest on the bottom of your
    library in a random order.`` (Empty the Laboratory): the sacrifice, then a
    :class:`~effects.RevealUntil` of as many cards as it sacrificed."""
    m = re.fullmatch(r"(sacrifice [^,]+), then reveal cards from the top of your library "
                     r"until you reveal a number of (.+?) cards equal to the number of "
                     r"(.+?) sacrificed this way\. put those cards onto the battlefield and "
                     r"the rest on the bottom of your library in a random order", s)
    if not m or not isinstance(first := read_sentence(m.group(1)), fx.Sacrifice) or \
            first.who != fx.Ref("you") or (f := card_filter(m.group(2))) is None or \
            f == fx.Filter() or object_filter(m.group(3), plural=True) != first.filter:
        return None
    return fx.Sequence((first, fx.RevealUntil(f, "sacrificed_total", dest="battlefield",
                                              rest="random")))
