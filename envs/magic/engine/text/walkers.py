"""Effect templates planeswalkers' abilities need most (and other cards share): fights
(rule 701.14: "target creature you control fights another target creature", "this
fights up to one target creature you don't control"), loyalty counters put on
permanents (rule 306.5, 122.1: "put a loyalty counter on this", "put a loyalty counter
on each other planeswalker you control") and pumps that last "until your next turn"
(611.2a: "up to one target creature gets -2/-1 until your next turn", "until your next
turn, creatures you control get +1/+0 and gain lifelink"), a planeswalker that becomes a
creature until end of turn (205.1a-b: "this becomes a legendary 4/4 red dragon creature
with flying", "... creature that's still a planeswalker"), "prevent all damage that would
be dealt to him this turn", "discard your hand", "draw two additional cards", "during
target opponent's next turn, creatures that player controls attack this if able", "put a
+1/+1 counter on each creature you control. those creatures gain vigilance until end of
turn" (608.2c: the same creatures), a token whose power and toughness are its
controller's life total (604.3: Ajani Goldmane's Avatar). The loyalty
abilities themselves are read by :mod:`.abilities` (606)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    effect_template,
    has_target,
    quoted_ability,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    COLOUR_WORDS,
    NUM,
    all_subtypes,
    card_filter,
    keyword_list,
    number,
    permanents,
    player,
    target_phrase,
    token_spec,
)

_FIGHTERS = {"this": fx.Ref("self"), "it": fx.Ref("it")}
"""A fighter named by a reference: the ability's source, or what ``it`` names."""


def _creature_target(phrase: str) -> fx.Target | None:
    """A creature target phrase (``target creature you don't control``, ``up to one
    target creature``), else None."""
    out = target_phrase(phrase)
    return out if out is not None and out.kind == "creature" and out.count == 1 \
        else None


@effect_template
def _fight(s: str) -> fx.Effect | None:
    # Rule 701.14a: "<a> fights <b>": each deals damage equal to its power to the other.
    m = re.fullmatch(r"(.+?) fights (.+)", s)
    if not m or (other := _creature_target(m.group(2))) is None:
        return None
    first = m.group(1)
    if first in _FIGHTERS:
        if other.filter is not None and "other" in other.filter.props:
            return None  # "this fights another target creature": not read yet
        return fx.Fight(other, _FIGHTERS[first])
    fighter = _creature_target(first)
    if fighter is None or fighter.up_to or (
            fighter.filter is not None and "other" in fighter.filter.props):
        return None
    if other.filter is not None and "other" in other.filter.props:
        # "another target creature" after a target: a different one (115.3)
        other = dataclasses.replace(other, filter=dataclasses.replace(
            other.filter, props=other.filter.props - {"other"} | {"another_target"}))
    return fx.Sequence((fx.TargetOnly(fighter), fx.Fight(other, fx.Ref("it"))))


@effect_template
def _loyalty_counters(s: str) -> fx.Effect | None:
    # Rule 122.1, 306.5b: loyalty counters put on a permanent (a planeswalker's own
    # "put a loyalty counter on this", "... on each other planeswalker you control").
    m = re.fullmatch(rf"put {NUM} loyalty counters? on (.+)", s)
    if m and (what := permanents(m.group(2))) is not None and \
            isinstance(number(m.group(1)), int):
        return fx.AddCounters(number(m.group(1)), what, "loyalty")
    return None


@effect_template
def _until_your_next_turn(s: str) -> fx.Effect | None:
    # 611.2a: a pump (power, toughness, keywords, "can't block") that lasts until the
    # controller's next turn: read as the same pump until end of turn, then lengthened.
    # Only a pump (or pumps): another effect read that way would keep its own
    # duration.
    if "until end of turn" in s or "this turn" in s:
        return None
    if s.startswith("until your next turn, "):
        rest = "until end of turn, " + s[len("until your next turn, "):]
    elif s.endswith(" until your next turn"):
        rest = s[: -len(" until your next turn")]
        rest += " this turn" if re.search(r"can't (?:attack|block|be blocked)", rest) \
            else " until end of turn"
    else:
        return None
    out = read_sentence(rest)
    steps = out.steps if isinstance(out, fx.Sequence) else (out,)
    if out is None or not all(isinstance(step, fx.Pump) for step in steps):
        return None
    steps = tuple(dataclasses.replace(step, until_your_next_turn=True) for step in steps)
    return fx.Sequence(steps) if isinstance(out, fx.Sequence) else steps[0]


@effect_template
def _put_from_hand(s: str) -> fx.Effect | None:
    # "put two cards from your hand on top of your library in any order" (Brainstorm,
    # Jace, the Mind Sculptor), "target opponent puts a card from their hand on top of
    # their library": cards chosen one at a time.
    m = re.fullmatch(rf"(?:(.+) puts|put) {NUM} cards? from (your|their) hand on "
                     rf"(top|the bottom) of (your|their) library(?: in any order)?", s)
    if not m or m.group(3) != m.group(5):
        return None
    count = number(m.group(2))
    if m.group(1) is None:
        who = fx.Ref("you") if m.group(3) == "your" else None
    else:
        who = player(m.group(1)) if m.group(3) == "their" else None
    if who is None or not isinstance(count, int):
        return None
    return fx.PutFromHand(count, who, bottom=m.group(4) == "the bottom")


@effect_template
def _put_onto_battlefield_from_hand(s: str) -> fx.Effect | None:
    # "[you may] put an Equipment card from your hand onto the battlefield" (the "you
    # may" is the flow family's MayDo), "put up to two land cards from your hand onto
    # the battlefield tapped" ("tapped and attacking", 508.4): PutFromHand to the
    # battlefield. Never an Aura or any
    # enchantment card (303.4f: it would need something to enchant), nor an instant
    # or sorcery card.
    m = re.fullmatch(rf"put (up to )?{NUM} (.+?) cards? from your hand onto the "
                     rf"battlefield( tapped(?: and attacking)?)?", s)
    if not m or (filt := card_filter(m.group(3))) is None:
        return None
    count = number(m.group(2))
    if not isinstance(count, int) or not filt.types and not filt.subtypes or \
            filt.types & {"Enchantment", "Instant", "Sorcery"} or \
            filt.subtypes & {"Aura"} or "Aura" in filt.props:
        return None
    return fx.PutFromHand(count, fx.Ref("you"), filter=filt, destination="battlefield",
                          optional=bool(m.group(1)), tapped=bool(m.group(4)),
                          attacking=m.group(4) == " tapped and attacking")


SENTENCE_GROUPS.append((
    r"separate all permanents .+ controls into two piles\.",
    r"that player sacrifices all permanents in the pile of their choice\."))
"""Liliana of the Veil's two sentences, read as one by :func:`_piles`."""


@effect_template
def _piles(s: str) -> fx.Effect | None:
    # "separate all permanents target player controls into two piles. that player
    # sacrifices all permanents in the pile of their choice."
    m = re.fullmatch(r"separate all permanents (.+) controls into two piles\. that "
                     r"player sacrifices all permanents in the pile of their choice", s)
    if not m or (who := player(m.group(1))) is None or \
            not isinstance(who, fx.Target):
        return None
    return fx.SacrificePile(who)


@effect_template
def _peek_top(s: str) -> fx.Effect | None:
    # "look at the top card of target player's library. you may put that card on the
    # bottom of that player's library." (one sentence group)
    m = re.fullmatch(r"look at the top card of (.+)'s library\. you may put that card "
                     r"on the bottom of that player's library", s)
    if not m or (who := player(m.group(1))) is None or not isinstance(who, fx.Target):
        return None
    return fx.PeekTop(who)


SENTENCE_GROUPS.append((
    r"look at the top card of .+'s library\.",
    r"you may put that card on the bottom of that player's library\."))


@effect_template
def _exile_library_shuffle_hand(s: str) -> fx.Effect | None:
    # "exile all cards from target player's library, then that player shuffles their
    # hand into their library"
    m = re.fullmatch(r"exile all cards from (.+)'s library, then that player shuffles "
                     r"their hand into their library", s)
    if not m or (who := player(m.group(1))) is None or not isinstance(who, fx.Target):
        return None
    return fx.Sequence((fx.ExileLibrary(who), fx.ShuffleHandIntoLibrary(fx.Ref("it"))))


@effect_template
def _skip_next_untap(s: str) -> fx.Effect | None:
    # 502.3: "target permanent doesn't untap during its controller's next untap step",
    # "tap target creature. it doesn't untap during its controller's next untap step"
    m = re.fullmatch(r"(.+) doesn't untap during its controller's next untap step", s)
    if not m or (what := permanents(m.group(1))) is None or \
            isinstance(what, fx.Each):
        return None
    return fx.SkipNextUntap(what)


@effect_template
def _two_kinds_of_counters(s: str) -> fx.Effect | None:
    # "put a +1/+1 counter on each creature you control and a loyalty counter on each
    # other planeswalker you control": two counter placements, one verb
    m = re.fullmatch(rf"put {NUM} (\+1/\+1|loyalty) counters? on (.+?) and {NUM} "
                     rf"(\+1/\+1|loyalty) counters? on (.+)", s)
    if not m:
        return None
    steps = []
    for n, kind, what in (m.group(1, 2, 3), m.group(4, 5, 6)):
        count, where = number(n), permanents(what)
        if where is None or not isinstance(count, int):
            return None
        steps.append(fx.AddCounters(count, where, kind))
    return fx.Sequence(tuple(steps))


_BECOMES_CREATURE = re.compile(
    r"until end of turn, this becomes an? (?P<legendary>legendary )?(?P<p>\d+)/(?P<t>\d+) "
    r"(?:(?P<colours>(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?"
    r") )?(?P<words>[\w' -]*?) ?creature(?: with (?P<kw>[\w ,]+?))?"
    r"(?P<still> that's still a planeswalker)?")


@effect_template
def _becomes_creature(s: str) -> fx.Effect | None:
    # A planeswalker that becomes a creature until end of turn (613 layers 4-7b):
    # "this becomes a 6/6 Human Soldier creature that's still a planeswalker" keeps
    # its types (205.1b); "this becomes a legendary 4/4 red Dragon creature with
    # flying" is only a creature then (205.1a: it is no planeswalker until the turn
    # ends: no loyalty lost to damage, no 704.5i).
    m = _BECOMES_CREATURE.fullmatch(s)
    if not m:
        return None
    subtypes = []
    for word in m.group("words").split():
        if all_subtypes().get(word) is None:
            return None
        subtypes.append(all_subtypes()[word])
    keywords: tuple[str, ...] | None = ()
    if m.group("kw"):
        keywords = keyword_list(m.group("kw"))
    if keywords is None:
        return None
    colours = None
    if m.group("colours"):
        colours = tuple(sorted((COLOUR_WORDS[w] for w in m.group("colours").split(" and ")),
                               key="WUBRG".index))
    return fx.Becomes(fx.Ref("self"), int(m.group("p")), int(m.group("t")), ("Creature",),
                      tuple(subtypes), colours, keywords,
                      set_types=not m.group("still"),
                      supertypes=("Legendary",) if m.group("legendary") else ())


@effect_template
def _prevent_to_him(s: str) -> fx.Effect | None:
    # Rule 615: "prevent all damage that would be dealt to him this turn" (a
    # planeswalker's pronoun for itself, Gideon Jura's 0).
    if re.fullmatch(r"prevent all damage that would be dealt to (him|her) this turn", s):
        return fx.PreventDamage(None, fx.Ref("self"))
    return None


@effect_template
def _hand_and_additional_draws(s: str) -> fx.Effect | None:
    # "discard your hand" (701.9a: every card of it; the player discards them one by
    # one, all in the end); "draw two additional cards" of a draw-step trigger (a draw
    # on top of the turn's draw, 504.1: Sarkhan, the Dragonspeaker's emblem).
    if s == "discard your hand":
        return fx.Discard(fx.Count("hand"))
    m = re.fullmatch(rf"draw {NUM} additional cards?", s)
    return fx.Draw(number(m.group(1))) if m else None


@effect_template
def _must_attack_this(s: str) -> fx.Effect | None:
    # Rule 508.1d: "during target opponent's next turn, creatures that player controls
    # attack this if able" (Gideon Jura's +2).
    m = re.fullmatch(r"during (.+?)'s next turn, creatures that player controls attack "
                     r"this if able", s)
    if m and (who := player(m.group(1))) is not None:
        return fx.MustAttackThis(who)
    return None


_WHOSE = ("target player", "target opponent")
"""The targeted players of "<verb> all <permanents> target player controls"."""


@effect_template
def _all_a_target_player_controls(s: str) -> fx.Effect | None:
    # 115.1, 115.10: "destroy all lands target player controls", "tap all permanents
    # target opponent controls": the player is the ability's one target (the
    # permanents are not targeted); the rest reads as "... that player or that
    # planeswalker's controller controls" after it. No other target may come
    # between them.
    m = re.fullmatch(r"(.+?\b(?:all|each) .+?) (target player|target opponent) controls"
                     r"(.*)", s)
    if not m or (who := player(m.group(2))) is None:
        return None
    rest = read_sentence(f"{m.group(1)} that player or that planeswalker's controller "
                         f"controls{m.group(3)}")
    if rest is None or has_target(rest):
        return None
    steps = rest.steps if isinstance(rest, fx.Sequence) and \
        type(rest) is fx.Sequence else (rest,)
    return fx.Sequence((fx.TargetOnly(who), *steps))


MAX_PLAYERS = 4
"""The most players a game has (and so "any number of target players" may name)."""


@effect_template
def _any_number_of_target_players(s: str) -> fx.Effect | None:
    # 115.1d, 601.2c: "any number of target players each draw twenty cards" (Jace,
    # Memory Adept), "... each discard a card": up to every player, each a
    # different target, each doing what "target player <verb>s" says.
    m = re.fullmatch(r"any number of target (players|opponents) each (\w+)(.*)", s)
    if not m:
        return None
    one = read_sentence(f"target {m.group(1)[:-1]} {m.group(2)}s{m.group(3)}")
    targets = [n for n in _walk(one)] if one is not None else []
    if len(targets) != 1 or targets[0].count != 1:
        return None
    many = dataclasses.replace(targets[0], count=MAX_PLAYERS, up_to=True)
    return _replace_target(one, targets[0], many)


def _walk(node: object) -> list[fx.Target]:
    """The targets of ``node``'s tree."""
    from labyrinth_gym.envs.magic.engine.text.core import nodes
    return [n for n in nodes(node) if isinstance(n, fx.Target)]


def _replace_target(node: object, old: fx.Target, new: fx.Target) -> object:
    """``node`` with every ``old`` target in its tree replaced by ``new``."""
    if node == old:
        return new
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {}
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if isinstance(value, tuple):
                value2 = tuple(_replace_target(v, old, new) for v in value)
            else:
                value2 = _replace_target(value, old, new)
            if value2 is not value:
                changes[f.name] = value2
        return dataclasses.replace(node, **changes) if changes else node
    return node


@effect_template
def _becomes_artifact_creature(s: str) -> fx.Effect | None:
    # 205.1b, 611.2c: "target artifact becomes an artifact creature with base power
    # and toughness 5/5" (Tezzeret, Agent of Bolas): no duration, so it lasts while
    # the permanent stays; "artifact creature" keeps its prior types and subtypes.
    m = re.fullmatch(r"(target .+?) becomes an artifact creature with base power and "
                     r"toughness (\d+)/(\d+)", s)
    if not m or not isinstance(what := permanents(m.group(1)), fx.Target) or \
            what.count != 1:
        return None
    return fx.Becomes(what, int(m.group(2)), int(m.group(3)), ("Artifact", "Creature"),
                      lasting=True)


@effect_template
def _temporary_trigger(s: str) -> fx.Effect | None:
    # 611.2a, 603.1: "until your next turn, whenever a creature an opponent controls
    # attacks, it gets -1/-0 until end of turn" (Jace, Architect of Thought), "until
    # end of turn, whenever ...": a triggered ability that lasts that long.
    m = re.fullmatch(r"until (your next turn|end of turn), (whenever .+)", s)
    if not m:
        return None
    ability = quoted_ability(m.group(2))
    if not isinstance(ability, fx.TriggeredAbility):
        return None
    return fx.TemporaryTrigger(ability, m.group(1).replace(" ", "_"))


SENTENCE_GROUPS.append((r"exile the top \w+ cards of your library\.",
                        r"you may put any number of .+ from among them onto the "
                        r"battlefield(?: tapped)?\."))


@effect_template
def _exile_top_put_any(s: str) -> fx.Effect | None:
    # "exile the top seven cards of your library. you may put any number of creature
    # and/or land cards from among them onto the battlefield" (Xenagos, the
    # Reveler): a dig of face-up cards whose rest stays in exile.
    m = re.fullmatch(rf"exile the top {NUM} cards of your library\. you may put any "
                     r"number of (.+?) cards from among them onto the battlefield"
                     r"( tapped)?", s)
    if not m or not isinstance(count := number(m.group(1)), int) or \
            (f := card_filter(m.group(2).replace(" and/or ", " or "))) is None:
        return None
    return fx.Dig(count, fx.DIG_ALL, f, True, "battlefield", bool(m.group(3)), True,
                  "exile", reveal_top=True)


@effect_template
def _creatures_and_or_other_planeswalkers(s: str) -> fx.Effect | None:
    # 115.1: "destroy up to three target creatures and/or other planeswalkers" (Sorin,
    # Lord of Innistrad): each target a creature or a planeswalker other than the
    # source, read as the same sentence with one creature target.
    m = re.fullmatch(r"(.*?)(up to )?(\w+ )?target creatures? and/or other "
                     r"planeswalkers?(.*)", s)
    if not m:
        return None
    count = number(m.group(3).strip()) if m.group(3) else 1
    if not isinstance(count, int):
        return None
    one = read_sentence(f"{m.group(1)}target creature{m.group(4)}")
    targets = _walk(one) if one is not None else []
    if len(targets) != 1 or targets[0] != fx.Target("creature"):
        return None
    many = fx.Target("creature_or_planeswalker", fx.Filter(props=frozenset({"other"})),
                     count, bool(m.group(2)))
    return _replace_target(one, targets[0], many)


@effect_template
def _return_cards_put_into_graveyards(s: str) -> fx.Effect | None:
    # "return each card put into a graveyard this way to the battlefield under your
    # control" (after a destruction of the same ability; 110.2a: under its
    # controller's control)
    m = re.fullmatch(r"return each card put into a graveyard this way to the "
                     r"battlefield under (your|its owner's) control", s)
    if not m:
        return None
    return fx.MoveCards(fx.Ref("graveyard_this_way"), "battlefield",
                        "you" if m.group(1) == "your" else "owner")


SENTENCE_GROUPS.append((r"put [^.]+ counters? on each [^.]+\.",
                        r"those creatures (?:gain|get) [^.]+\."))


@effect_template
def _counters_then_those(s: str) -> fx.Effect | None:
    """``put a +1/+1 counter on each creature you control. those creatures gain
    vigilance until end of turn.`` (Ajani Goldmane): the creatures the counters were
    put on (608.2c: the same ones, those still on the battlefield) get the pump."""
    m = re.fullmatch(r"(put .+)\. those creatures ((?:gain|get) .+)", s)
    if not m:
        return None
    first = read_sentence(m.group(1))
    if not isinstance(first, fx.AddCounters) or not isinstance(first.what, fx.Each):
        return None
    second = read_sentence("creatures you control " + m.group(2))
    if not isinstance(second, fx.Pump) or not isinstance(second.what, fx.Each):
        return None
    return fx.Sequence((first, dataclasses.replace(second, what=first.what)))


SENTENCE_GROUPS.append((r"create an? [^.]+ creature token\.",
                        r"it has \"this token's power and toughness are each equal to "
                        r"your life total\.\""))


@effect_template
def _life_total_token(s: str) -> fx.Effect | None:
    """``create a white avatar creature token. it has "this token's power and
    toughness are each equal to your life total."`` (Ajani Goldmane's -6): a token
    whose characteristic-defining ability (604.3, 111.3) counts its controller's life
    (107.1b: a negative total counts 0)."""
    m = re.fullmatch(r"create an? ([^.]+ creature token)\. it has \"this token's power "
                     r"and toughness are each equal to your life total\.\"", s)
    spec = token_spec("0/0 " + m.group(1)) if m else None
    if spec is None or spec.keywords or spec.abilities:
        return None
    return fx.CreateToken(dataclasses.replace(
        spec, abilities=(fx.DefinedPT(fx.Count("life")),)), 1)
