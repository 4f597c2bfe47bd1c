"""Templates for creatures, tokens and combat: tokens that enter "tapped and
attacking" (rule 508.4), two different tokens created by one sentence (111.2), and
the keyword abilities of creatures that are triggered abilities in disguise (battle
cry 702.91, undying 702.93, persist 702.79; their abilities are built by
:func:`~keywords.keyword_triggers`)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    Draft,
    effect_template,
    has_target,
    it_is_self,
    line_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    COLOUR_WORDS,
    NUM,
    block_restriction,
    card_filter,
    creature_subtypes,
    granted,
    keyword_list,
    number,
    object_filter,
    permanents,
    token_spec,
)

_ATTACKING = re.compile(rf"create {NUM} (.+?),? (?:that's|that are|which are) tapped "
                        r"and attacking")


@effect_template
def _tokens_attacking(s: str) -> fx.Effect | None:
    """``create a 4/4 white angel creature token with flying that's tapped and
    attacking``: the tokens enter tapped and attacking (508.4)."""
    m = _ATTACKING.fullmatch(s)
    if m and (spec := token_spec(m.group(2))) is not None and "Creature" in spec.types:
        return fx.CreateToken(spec, number(m.group(1)), attacking=True)
    return None


@effect_template
def _two_tokens(s: str) -> fx.Effect | None:
    """``create a 3/3 ... token with deathtouch and a 3/3 ... token with lifelink``:
    two token kinds in one sentence, split at the ``and`` that leaves two token
    descriptions (the first ``and`` may be inside a keyword list)."""
    m = re.fullmatch(rf"create {NUM} (.+)", s)
    if not m:
        return None
    first_count, rest = m.group(1), m.group(2)
    for at in (i.start() for i in re.finditer(rf" and {NUM} ", rest)):
        head, tail = rest[:at], rest[at + len(" and "):]
        second = re.fullmatch(rf"{NUM} (.+)", tail)
        if second is None:
            continue
        one, two = token_spec(head), token_spec(second.group(2))
        if one is not None and two is not None:
            return fx.Sequence((fx.CreateToken(one, number(first_count)),
                                fx.CreateToken(two, number(second.group(1)))))
    return None


@line_template
def _this_block_restriction(line: str, printed: Printed, draft: Draft) -> bool:
    """A creature's own "this can't be blocked by humans." (509.1b)."""
    m = re.fullmatch(r"this (can't be blocked .+)\.", line)
    if not m or not (printed.is_type("Creature") or "Vehicle" in printed.subtypes):
        return False
    restriction = block_restriction(m.group(1))
    if restriction is None:
        return False
    draft.statics.append(restriction)
    return True


def _cda_count(phrase: str) -> fx.Count | None:
    """What a characteristic-defining ability counts: ``<permanents> you control`` /
    ``<permanents> on the battlefield``, ``cards in your hand``, ``<quality> cards in
    your graveyard`` / ``in all graveyards``, ``card types among cards in all
    graveyards`` / ``in your graveyard``."""
    if phrase == "cards in your hand":
        return fx.Count("hand")
    if phrase == "basic land types among lands you control":  # (domain, 305.6)
        return fx.Count("basic_land_types")
    if m := re.fullmatch(r"card types among cards in (all graveyards|your graveyard)",
                         phrase):
        return fx.Count("graveyard_types", fx.Filter(
            controller="you" if m.group(1) == "your graveyard" else "any"))
    if m := re.fullmatch(r"(?:(.+) )?cards in (all graveyards|your graveyard)", phrase):
        f = card_filter(m.group(1) or "")
        if f is None:
            return None
        return fx.Count("graveyard", fx.Filter(
            f.types, f.subtypes, "you" if m.group(2) == "your graveyard" else "any",
            f.props))
    f = object_filter(phrase.removesuffix(" on the battlefield"), plural=True)
    if f is None or f == fx.Filter():
        return None
    return fx.Count("permanents", f)


_DEFINED = (
    (r"this's power and toughness are each equal to the number of (.+)\.", True, True),
    (r"this's power is equal to the number of (.+?) and its toughness is equal to "
     r"that number plus (\d+)\.", True, True),
    (r"this's power is equal to the number of (.+)\.", True, False),
    (r"this's toughness is equal to the number of (.+)\.", False, True),
)


@line_template
def _defined_pt(line: str, printed: Printed, draft: Draft) -> bool:
    """A characteristic-defining ability setting power and/or toughness (604.3,
    613.4a): "this's power and toughness are each equal to the number of rats you
    control.", Tarmogoyf's "... card types among cards in all graveyards and its
    toughness is equal to that number plus 1." The printed ``*`` it defines is 0."""
    if not printed.is_type("Creature") or any(
            isinstance(s, fx.DefinedPT) for s in draft.statics):
        return False
    for pattern, power, toughness in _DEFINED:
        m = re.fullmatch(pattern, line)
        if m is None:
            continue
        count = _cda_count(m.group(1))
        if count is None:
            return False
        plus = int(m.group(2)) if m.lastindex and m.lastindex > 1 else 0
        defined = [s for s, on in ((printed.power, power), (printed.toughness, toughness))
                   if on]
        if not all(s is not None and "*" in s for s in defined):
            return False  # what it defines is printed as * (1+* with a plus)
        draft.statics.append(fx.DefinedPT(count, power, toughness, plus))
        return True
    return False


def _condition(text: str) -> fx.ActivationCondition | None:
    """One condition of "as long as <condition>": ``you control a mountain``, ``you
    control three or more artifacts``, ``an opponent controls a ...``, ``an opponent
    has 10 or less life``, ``you have 30 or more life``, ``this is monstrous``,
    ``it's your turn``, ``you have no cards in hand``, ``there are seven or more
    cards in your graveyard``."""
    if text in ("this is monstrous", "it's monstrous"):
        return fx.ActivationCondition("monstrous")
    if text in ("this is attacking", "it's attacking"):  # 506.4
        return fx.ActivationCondition("source_attacking")
    if text in ("this is renowned", "it's renowned"):  # 702.112b
        return fx.ActivationCondition("renowned")
    if text == "you have the city's blessing":  # 702.131c
        return fx.ActivationCondition("city_blessing")
    if text == "it's your turn":
        return fx.ActivationCondition("your_turn")
    if text == "you have no cards in hand":
        return fx.ActivationCondition("empty_hand")
    if m := re.fullmatch(r"an opponent has (\d+) or less life", text):
        return fx.ActivationCondition("opponent_life_at_most", count=int(m.group(1)))
    if m := re.fullmatch(r"you have (\d+) or more life", text):
        return fx.ActivationCondition("life_at_least", count=int(m.group(1)))
    if m := re.fullmatch(rf"there are {NUM} or more cards in your graveyard", text):
        count = number(m.group(1))
        return fx.ActivationCondition("graveyard", count=count) \
            if isinstance(count, int) else None
    m = re.fullmatch(rf"(you|an opponent) controls? (?:{NUM} or more (.+)|an? (.+))",
                     text)
    if not m:
        return None
    kind = "you_control" if m.group(1) == "you" else "opponent_controls"
    if m.group(4):
        f, count = object_filter(m.group(4)), 1
    else:
        count = number(m.group(2))
        f = object_filter(m.group(3), plural=True)
    if f is None or f.controller != "any" or not isinstance(count, int):
        return None
    return fx.ActivationCondition(kind, f, count)


def _conditions(text: str) -> tuple[fx.ActivationCondition, ...] | None:
    """``<condition>[ and <condition>]``."""
    whole = _condition(text)
    if whole is not None:
        return (whole,)
    for m in re.finditer(" and ", text):
        head, tail = _condition(text[:m.start()]), _condition(text[m.end():])
        if head is not None and tail is not None:
            return (head, tail)
    return None


_GETS = re.compile(r"(?:gets ([+-]\d+)/([+-]\d+)(?: and has (.+))?|has (.+))")


@line_template
def _self_bonus(line: str, printed: Printed, draft: Draft) -> bool:
    """A creature's own conditional bonus (611.3a): "this gets +1/+1 as long as you
    control a mountain.", "as long as this is monstrous, it has hexproof and
    indestructible.", "this has haste as long as an opponent has 10 or less life."
    (:class:`~effects.SelfBonus`)."""
    if not printed.is_type("Creature"):
        return False
    m = re.fullmatch(r"as long as (.+?), (?:this|it) (.+)\.", line) or re.fullmatch(
        r"(?:this) (.+?) as long as (.+)\.", line)
    turn = re.fullmatch(r"during your turn, (?:this|it) (.+)\.", line)
    if turn is not None:
        # "during your turn, this has first strike" (611.3a: as long as it's your turn)
        when, what = "it's your turn", turn.group(1)
    elif m is None:
        return False
    else:
        when, what = (m.group(1), m.group(2)) if line.startswith("as long as") else (
            m.group(2), m.group(1))
    conditions = _conditions(when)
    extra: tuple[str, ...] = ()
    for tail in (" and " + KW.IGNORES_DEFENDER, KW.IGNORES_DEFENDER):
        if what.endswith(tail):  # 508.1c: "... and can attack as though ..."
            what, extra = what[:-len(tail)] or "has", (KW.IGNORES_DEFENDER,)
            break
    gets = _GETS.fullmatch(what) if what != "has" else None
    if conditions is None or (gets is None and not extra):
        return False
    keywords = granted(gets.group(3) or gets.group(4)) if gets is not None else ()
    if keywords is None:
        return False
    keywords += extra
    power = int(gets.group(1)) if gets is not None and gets.group(1) else 0
    toughness = int(gets.group(2)) if gets is not None and gets.group(2) else 0
    draft.statics.append(fx.SelfBonus(conditions, power, toughness, keywords))
    return True


@effect_template
def _if_it_was(s: str) -> fx.Effect | None:
    """``if it was a creature card, <effect>`` right after a step that moved a card
    (``exile target card from a graveyard``): :class:`~effects.IfMovedWas`."""
    m = re.fullmatch(r"if it was an? (.+?) card, (.+)", s)
    if not m or (f := card_filter(m.group(1))) is None or f == fx.Filter():
        return None
    then = read_sentence(m.group(2))
    return fx.IfMovedWas(f, then) if then is not None else None


@line_template
def _group_must_attack(line: str, printed: Printed, draft: Draft) -> bool:
    """"other goblin creatures you control attack each combat if able." (508.1d): an
    anthem granting the requirement (:data:`~keywords.RESTRICTIONS`)."""
    m = re.fullmatch(r"(.+) attack each combat if able\.", line)
    if not m or not printed.is_permanent:
        return False
    f = object_filter(m.group(1), plural=True)
    if f is None or f.types != {"Creature"} or f.controller == "any":
        return False
    draft.statics.append(fx.Anthem(f, keywords=("attacks each combat if able",)))
    return True


@effect_template
def _gains_lasting(s: str) -> fx.Effect | None:
    """``it gains haste`` with no duration (611.2c: it lasts until the permanent
    leaves the battlefield), after a step that named it (a creature card returned
    to the battlefield is then the new permanent)."""
    m = re.fullmatch(r"(it|that creature) gains (.+)", s)
    if not m or (keywords := granted(m.group(2))) is None or not keywords:
        return None
    return fx.Pump(0, 0, fx.Ref("it"), keywords, lasting=True)


@effect_template
def _exile_if_leaves(s: str) -> fx.Effect | None:
    """``if it would leave the battlefield, exile it instead of putting it anywhere
    else`` (614.1a)."""
    if s == "if it would leave the battlefield, exile it instead of putting it " \
            "anywhere else":
        return fx.ExileIfLeaves(fx.Ref("it"))
    return None


SENTENCE_GROUPS.append((r".* deals? \d+ damage to each [^.]*\.", r"tap those creatures\."))


@effect_template
def _tap_those(s: str) -> fx.Effect | None:
    """``<source> deals N damage to each <creatures>. tap those creatures.``
    (Thundermaw Hellkite): the same creatures are tapped (those still there)."""
    m = re.fullmatch(r"(.+)\. tap those creatures", s)
    if not m:
        return None
    first = read_sentence(m.group(1))
    if not isinstance(first, fx.DealDamage) or not isinstance(first.to, fx.Each):
        return None
    return fx.Sequence((first, fx.TapOrUntap(first.to)))


@effect_template
def _attack_this_turn(s: str) -> fx.Effect | None:
    """``creatures your opponents control attack this turn if able`` (508.1d): the
    requirement granted until end of turn (:data:`~keywords.RESTRICTIONS`)."""
    m = re.fullmatch(r"(.+?) attacks? this turn if able", s)
    if not m:
        return None
    who = read_sentence(f"{m.group(1)} gain haste until end of turn") or read_sentence(
        f"{m.group(1)} gains haste until end of turn")
    if not isinstance(who, fx.Pump) or who.keywords != ("haste",):
        return None
    return fx.Pump(0, 0, who.what, ("attacks each combat if able",))


@effect_template
def _you_untap(s: str) -> fx.Effect | None:
    """``you untap all lands you control`` (after "and": the Sword of Feast and
    Famine's second half names its player)."""
    m = re.fullmatch(r"you (untap|tap) (.+)", s)
    if not m:
        return None
    out = read_sentence(f"{m.group(1)} {m.group(2)}")
    return out if isinstance(out, fx.TapOrUntap) else None




@line_template
def _not_a_creature_without_devotion(line: str, printed: Printed, draft: Draft) -> bool:
    """A Theros god's "as long as your devotion to blue is less than five, this isn't
    a creature." (or "... to white and black is less than seven, ..."): a static
    ability removing the card type Creature from itself (layer 4, 205.1b) while its
    controller's devotion (700.5) is below the bound."""
    m = re.fullmatch(rf"as long as your devotion to (\w+)(?: and (\w+))? is less than "
                     rf"{NUM}, this isn't a creature\.", line)
    if not m or not printed.is_type("Creature"):
        return False
    colours = [COLOUR_WORDS.get(c) for c in m.group(1, 2) if c is not None]
    bound = number(m.group(3))
    if None in colours or not isinstance(bound, int):
        return False
    draft.statics.append(fx.ContinuousChange(
        fx.Filter(props=frozenset({fx.SELF})), remove_types=("Creature",),
        devotion_below=("".join(colours), bound)))  # type: ignore[arg-type]
    return True


_ARTIFACT_BECOMES = re.compile(
    r"(?:until end of turn, )?this becomes an? (?P<p>\d+)/(?P<t>\d+) "
    r"(?:(?P<colours>(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?)"
    r" )?(?P<words>[\w' -]*?)artifact creature(?: with (?P<kw>[\w ,]+?))?"
    r"(?P<eot> until end of turn)?")


@effect_template
def _artifact_becomes(s: str) -> fx.Effect | None:
    """"this becomes a 3/1 black and red devil artifact creature with first strike
    until end of turn" (a Keyrune; Glint Hawk Idol): its card types become artifact
    and creature (205.1a), with those creature types, colours, keywords and base
    power and toughness, until end of turn."""
    m = _ARTIFACT_BECOMES.fullmatch(s)
    if not m or not (m.group("eot") or s.startswith("until end of turn, ")) or \
            (m.group("eot") and s.startswith("until end of turn, ")):
        return None
    subtypes = []
    for word in m.group("words").split():
        if word not in creature_subtypes():
            return None
        subtypes.append(creature_subtypes()[word])
    keywords: tuple[str, ...] = ()
    if m.group("kw") and (keywords := keyword_list(m.group("kw"))) is None:
        return None
    colours = None
    if m.group("colours"):
        colours = tuple(sorted((COLOUR_WORDS[w] for w in m.group("colours").split(" and ")),
                               key="WUBRG".index))
    return fx.Becomes(fx.Ref("self"), int(m.group("p")), int(m.group("t")),
                      ("Artifact", "Creature"), tuple(subtypes), colours, keywords,
                      set_types=True)


@effect_template
def _have_it_become(s: str) -> fx.Effect | None:
    """"[you may] have this become a 2/2 ... until end of turn": the same as "this
    becomes ..." (the "you may" is the flow family's)."""
    m = re.fullmatch(r"have this become (.+)", s)
    out = read_sentence(f"this becomes {m.group(1)}") if m else None
    return out if isinstance(out, fx.Becomes) else None


@effect_template
def _becomes_in_addition(s: str) -> fx.Effect | None:
    """"that creature becomes a vampire in addition to its other types" (205.1b): it
    gains the creature type for as long as it stays on the battlefield (no duration,
    611.2c)."""
    m = re.fullmatch(r"(.+?) becomes an? ([\w-]+) in addition to its other types", s)
    if not m or m.group(2) not in creature_subtypes():
        return None
    what = permanents(m.group(1))
    if what is None or isinstance(what, fx.Each):
        return None
    return fx.Becomes(what, subtypes=(creature_subtypes()[m.group(2)],),
                      in_addition=True, lasting=True)


_COLOUR_PROTECTIONS = tuple(f"protection from {c}"
                            for c in ("white", "blue", "black", "red", "green"))


@effect_template
def _protection_of_your_choice(s: str) -> fx.Effect | None:
    """"target creature you control gains protection from the color of your choice
    until end of turn" (702.16; "from artifacts or from the color of your choice"):
    the colour (or artifacts) is chosen as it resolves (:attr:`~effects.Pump.
    keyword_choice`)."""
    m = re.fullmatch(r"(.+?) gains? protection from (artifacts or from )?the color of "
                     r"your choice until end of turn", s)
    if not m or (what := permanents(m.group(1))) is None:
        return None
    choice = _COLOUR_PROTECTIONS + (("protection from artifacts",) if m.group(2) else ())
    return fx.Pump(0, 0, what, keyword_choice=choice)


@effect_template
def _keyword_of_your_choice(s: str) -> fx.Effect | None:
    """"this gains your choice of vigilance, lifelink, or haste until end of turn"
    (Butcher of the Horde): one of the keywords, chosen as it resolves
    (:attr:`~effects.Pump.keyword_choice`)."""
    m = re.fullmatch(r"(.+?) gains? your choice of (.+?),? or ([a-z ]+) until end of "
                     r"turn", s)
    if not m or (what := permanents(m.group(1))) is None:
        return None
    options = keyword_list(f"{m.group(2)} and {m.group(3)}")
    if options is None or len(options) < 2:
        return None
    return fx.Pump(0, 0, what, keyword_choice=options)


@effect_template
def _token_with_defined_pt(s: str) -> fx.Effect | None:
    """``create a green and white elemental creature token with "this token's power
    and toughness are each equal to the number of creatures you control."``: a token
    whose power and toughness a characteristic-defining ability sets (604.3, 111.3)."""
    m = re.fullmatch(rf"create {NUM} (.+? creature tokens?) with \"this token's power "
                     r"and toughness are each equal to the number of (.+)\.\"", s)
    if not m:
        return None
    spec = token_spec("0/0 " + m.group(2))
    count = _cda_count(m.group(3))
    if spec is None or count is None or spec.keywords:
        return None
    return fx.CreateToken(dataclasses.replace(
        spec, abilities=(fx.DefinedPT(count),)), number(m.group(1)))


SENTENCE_GROUPS.append((r"any opponent may .+\.", r"if a player does, .+\."))
"""Desecration Demon's offer and what follows it, read as one by
:func:`_any_opponent_may`."""


@effect_template
def _any_opponent_may(s: str) -> fx.Effect | None:
    """"any opponent may sacrifice a creature of their choice. if a player does, tap
    this and put a +1/+1 counter on it" (:class:`~effects.AnyOpponentMay`)."""
    m = re.fullmatch(r"any opponent may (sacrifice .+?)\. if a player does, (.+)", s)
    if not m:
        return None
    action = read_sentence(m.group(1))
    then = read_sentence(m.group(2))
    if not isinstance(action, fx.Sacrifice) or action.who != fx.Ref("you") or \
            then is None or has_target(then):
        return None
    return fx.AnyOpponentMay(dataclasses.replace(action, who=fx.Ref("each_opponent")),
                             it_is_self(then))


@effect_template
def _tapped_tokens(s: str) -> fx.Effect | None:
    """"create a tapped 2/2 black zombie creature token": tokens that enter tapped."""
    m = re.fullmatch(rf"create {NUM} tapped (.+)", s)
    if not m or (spec := token_spec(m.group(2))) is None:
        return None
    return fx.CreateToken(spec, number(m.group(1)), tapped=True)


@line_template
def _paired_bonus(line: str, printed: Printed, draft: Draft) -> bool:
    """Soulbond's static (702.95c): "as long as this is paired with another creature,
    both creatures have double strike." / "... each of those creatures gets +4/+4."
    / "... both creatures get +1/+1 and have flying." (:class:`~effects.PairedBonus`)."""
    m = re.fullmatch(r"as long as this is paired with another creature, (?:both "
                     r"creatures|each of those creatures) (.+)\.", line)
    if not m or "soulbond" not in draft.keywords:
        return False
    rest = m.group(1)
    power = toughness = 0
    if k := re.fullmatch(r"gets? \+(\d+)/\+(\d+)(?: and (?:have|has) (.+))?", rest):
        power, toughness = int(k.group(1)), int(k.group(2))
        words = k.group(3)
    elif k := re.fullmatch(r"(?:have|has) (.+)", rest):
        words = k.group(1)
    else:
        return False
    keywords: tuple[str, ...] = ()
    if words and (keywords := keyword_list(words)) is None:  # type: ignore[assignment]
        return False
    draft.statics.append(fx.PairedBonus(power, toughness, keywords))
    return True


@effect_template
def _if_the_sacrificed_was(s: str) -> fx.Effect | None:
    """``if the sacrificed creature was a human, <effect>`` (608.2h): the permanent
    sacrificed to pay the cost, as it last existed (:class:`~effects.IfSacrificedWas`;
    the engine refuses it without a sacrifice in the cost)."""
    m = re.fullmatch(r"if the sacrificed (?:creature|permanent|artifact) was an? (.+?), "
                     r"(.+)", s)
    if not m or (f := card_filter(m.group(1))) is None or f == fx.Filter():
        return None
    then = read_sentence(m.group(2))
    return fx.IfSacrificedWas(f, then) if then is not None else None
