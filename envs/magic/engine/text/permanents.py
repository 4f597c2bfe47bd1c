"""Effect templates that change permanents or make them: "becomes" effects (manlands,
"loses all abilities"), gaining control, pumps, counters, tokens, attaching, manifest
and investigate (rules 613, 701.15, 122, 111, 701.3, 701.40, 701.36)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    effect_template,
    nodes,
    quoted_ability,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    COLOUR_WORDS,
    NUM,
    PREDEFINED_TOKENS,
    all_subtypes,
    creature_subtypes,
    granted,
    keyword_list,
    number,
    object_filter,
    permanents,
    player,
    target_phrase,
    token_spec,
)

_BECOMES = re.compile(
    r"(?:until end of turn, )?(?P<who>.+?) becomes an? (?P<p>\d+)/(?P<t>\d+) "
    r"(?:(?P<colours>(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?)"
    r" )?(?P<words>[\w' -]*?)(?P<artifact>artifact )?creature(?P<all> with all creature "
    r"types)?(?: with (?P<kw>[\w ,]+?))?(?: with \"(?P<quoted>[^\"]+)\")?"
    r"(?P<eot> until end of turn)?(?:\.|(?<=\")) it's still a land")


_LOSES = re.compile(
    r"until end of turn, (?P<who>.+?) loses all abilities and (?:becomes an? "
    r"(?P<colour>white|blue|black|red|green) (?P<sub>[\w-]+) with base power and "
    r"toughness|has base power and toughness) (?P<p>\d+)/(?P<t>\d+)")


@effect_template
def _becomes(s: str) -> fx.Effect | None:
    """Until-end-of-turn characteristic changes (:class:`~effects.Becomes`): a land
    that "becomes a 2/2 ... creature ... It's still a land", and "loses all abilities
    and becomes a blue Frog with base power and toughness 1/1"."""
    m = _BECOMES.fullmatch(s)
    if m and (m.group("eot") or s.startswith("until end of turn, ")):
        what = permanents(m.group("who"))
        words = m.group("words").split()
        if what is None or isinstance(what, fx.Each):
            return None
        subtypes = []
        for word in words:  # its new creature types (or a land's, "blinkmoth")
            if word not in all_subtypes():
                return None
            subtypes.append(all_subtypes()[word])
        if m.group("all"):
            subtypes = sorted(set(creature_subtypes().values()))
        keywords: tuple[str, ...] = ()
        if m.group("kw"):
            found = keyword_list(m.group("kw"))
            if found is None:
                return None
            keywords = found
        colours = None
        if m.group("colours"):
            colours = tuple(sorted((COLOUR_WORDS[w] for w in m.group("colours").split(" and ")),
                                   key="WUBRG".index))
        types = ("Artifact", "Creature") if m.group("artifact") else ("Creature",)
        abilities: tuple = ()
        if m.group("quoted"):
            ability = quoted_ability(m.group("quoted"))
            if ability is None:
                return None
            abilities = (ability,)
        return fx.Becomes(what, int(m.group("p")), int(m.group("t")), types,
                          tuple(subtypes), colours, keywords, abilities=abilities)
    m = _LOSES.fullmatch(s)
    if m and isinstance(what := permanents(m.group("who")), fx.Target):
        sub = m.group("sub")
        if sub is not None and sub not in creature_subtypes():
            return None
        return fx.Becomes(what, int(m.group("p")), int(m.group("t")),
                          subtypes=(creature_subtypes()[sub],) if sub else (),
                          colours=(COLOUR_WORDS[m.group("colour")],) if sub else None,
                          lose_abilities=True)
    m = re.fullmatch(r"(.+) loses all abilities until end of turn", s)
    if m and isinstance(what := permanents(m.group(1)), fx.Target):
        return fx.Becomes(what, lose_abilities=True)
    return None


SENTENCE_GROUPS.append((r"you may tap any number of untapped .+ you control\.",
                        r"if you do, .+ each of those [a-z]+\."))


@effect_template
def _tap_any_number(s: str) -> fx.Effect | None:
    """"you may tap any number of untapped vampire creatures you control. if you do,
    put a +1/+1 counter on each of those vampires." (Urge to Feed): the controller
    taps the ones they choose (:class:`~effects.TapAny`; none at all is not doing
    it), then the effect acts on each of those tapped (``Ref("those_targets")``)."""
    m = re.fullmatch(r"you may tap any number of untapped (.+) you control\. if you do, "
                     r"(.+) each of those ([a-z]+)", s)
    if not m:
        return None
    tapped = object_filter(f"{m.group(1)} you control", plural=True)
    those = object_filter(m.group(3), plural=True)
    if tapped is None or those is None or not those.subtypes | those.types or \
            not those.subtypes <= tapped.subtypes or not those.types <= tapped.types:
        return None  # ("those vampires": the ones tapped, named again)
    then = read_sentence(f"{m.group(2)} this")
    if getattr(then, "what", None) != fx.Ref("self"):
        return None
    return fx.Sequence((fx.TapAny(tapped),
                        dataclasses.replace(then, what=fx.Ref("those_targets"))))


SENTENCE_GROUPS.append((r"gain control of all .+ until end of turn\.",
                        r"untap (?:those creatures|them)\.",
                        r"they gain haste until end of turn\."))


@effect_template
def _gain_control_of_all(s: str) -> fx.Effect | None:
    """"gain control of all creatures with power 4 or greater until end of turn. untap
    those creatures. they gain haste until end of turn." (Mob Rule; 108.4, 613.1b):
    every permanent the group names as it resolves, then those same ones untapped and
    given haste."""
    m = re.fullmatch(r"gain control of (all .+) until end of turn\. untap (?:those "
                     r"creatures|them)\. they gain haste until end of turn", s)
    if not m or not isinstance(what := permanents(m.group(1)), fx.Each):
        return None
    those = fx.Ref("those_targets")
    return fx.Sequence((fx.GainControl(what, until_end_of_turn=True),
                        fx.TapOrUntap(those, tap=False),
                        fx.Pump(0, 0, those, ("haste",))))


@effect_template
def _gain_control(s: str) -> fx.Effect | None:
    """"gain control of target creature [until end of turn]" (rule 108.4)."""
    m = re.fullmatch(r"gain control of (.+?)( until end of turn| for as long as this "
                     r"remains on the battlefield| for as long as you control this)?", s)
    if m and (what := permanents(m.group(1))) is not None \
            and isinstance(what, fx.Target):
        until = m.group(2) or ""
        return fx.GainControl(what, until_end_of_turn="end of turn" in until,
                              while_source="remains" in until,
                              while_controlled="you control" in until)
    m = re.fullmatch(r"untap (target .+) and gain control of it until end of turn", s)
    if m and isinstance(what := permanents(m.group(1)), fx.Target):
        return fx.Sequence((fx.TapOrUntap(what, tap=False),
                            fx.GainControl(fx.Ref("it"), until_end_of_turn=True)))
    return None


SENTENCE_GROUPS.append((r"choose target [^.]+\.",
                        r"for as long as this remains on the battlefield, [^.]+\."))

_WHILE_HERE = "for as long as this remains on the battlefield, "


@effect_template
def _choose_target_while_here(s: str) -> fx.Effect | None:
    """"choose target human or artifact an opponent controls. for as long as this
    remains on the battlefield, gain control of that permanent, it loses all
    abilities, and it can't attack or block" (115.1, 611.2b): the target is chosen
    (:class:`~effects.TargetOnly`), then a :class:`~effects.GainControl` and a
    :class:`~effects.Becomes` of it, each ``while_source`` (all end once the source has
    left; none begins if it already has)."""
    m = re.fullmatch(r"choose (target [^.]+)\. " + _WHILE_HERE + r"(.+)", s)
    if not m or not isinstance(what := permanents(m.group(1)), fx.Target) or \
            what.count != 1 or what.up_to:
        return None
    steps: list[fx.Effect] = [fx.TargetOnly(what)]
    change: dict[str, bool] = {}
    for clause in re.split(r",? and |, ", m.group(2)):
        if re.fullmatch(r"gain control of (?:that permanent|that creature|it)", clause) \
                and len(steps) == 1 and not change:
            steps.append(fx.GainControl(fx.Ref("it"), while_source=True))
        elif clause == "it loses all abilities" and "lose_abilities" not in change:
            change["lose_abilities"] = True
        elif (c := re.fullmatch(r"it can't (attack or block|attack|block)", clause)) \
                and "cant_attack" not in change:
            change["cant_attack"] = "attack" in c.group(1)
            change["cant_block"] = "block" in c.group(1)
        else:
            return None
    if change:
        steps.append(fx.Becomes(fx.Ref("it"), while_source=True, **change))
    return fx.Sequence(tuple(steps)) if len(steps) > 1 else None


_GIVEN_TO = ("target opponent", "target player", "that creature's controller",
             "its controller", "that player", "defending player")
"""Who "<player> gains control of this" may name: one player."""


@effect_template
def _give_control(s: str) -> fx.Effect | None:
    """"that creature's controller gains control of this" (108.4; Contested War
    Zone), "target opponent gains control of this"."""
    m = re.fullmatch(r"(.+) gains control of this", s)
    if m and m.group(1) in _GIVEN_TO and (who := player(m.group(1))) is not None:
        return fx.GiveControl(who)
    return None


def _pumped(phrase: str) -> fx.Selector | None:
    """Who a pump names: one permanent, ``each``/``all``, or a bare plural group
    (``creatures you control``, ``other creatures you control``)."""
    if (out := permanents(phrase)) is not None:
        return out
    f = object_filter(phrase, plural=True)
    if f is not None and not f.types and not f.subtypes and f.controller != "any" \
            and f.props <= {"other", "nonland", "token", "nontoken"}:
        # "permanents you control gain indestructible" (Boros Charm): every permanent
        # of theirs; :func:`_pump` keeps it to keyword grants
        return fx.Each(f)
    # "vampires you control" (205.3m: a creature type names creatures of it)
    return fx.Each(f) if f is not None and (f.types or f.subtypes) else None


@effect_template
def _pump(s: str) -> fx.Effect | None:
    if s.startswith("until end of turn, "):
        body = s[len("until end of turn, "):]
    elif s.endswith(" until end of turn"):
        body = s[: -len(" until end of turn")]
    else:
        return None
    m = re.fullmatch(r"(.+?)(?: each)? (?:gets? ([+-](?:\d+|x))/([+-](?:\d+|x))"
                     r"(?: and gains? (.+))?|gains? (.+))", body)
    if not m or (who := _pumped(m.group(1))) is None:
        return None
    keywords = granted(m.group(4) or m.group(5))
    if keywords is None:
        return None
    if m.group(2) and "x" in m.group(2) + m.group(3):
        # "+x/+0", "-x/-x" (107.3): X times +1/+0, -1/-1; nothing mixed like +2/+x
        if any(p[1:] not in ("x", "0") for p in (m.group(2), m.group(3))):
            return None
        power, toughness = (int(p[0] + "1") if p[1:] == "x" else 0
                            for p in (m.group(2), m.group(3)))
        return fx.Pump(power, toughness, who, keywords, per_x=True)
    power = int(m.group(2)) if m.group(2) else 0
    toughness = int(m.group(3)) if m.group(3) else 0
    if (power or toughness) and isinstance(who, fx.Each) and not who.filter.types \
            and not who.filter.subtypes:
        return None  # "+N/+N" to permanents of any type: not read
    return fx.Pump(power, toughness, who, keywords)


@effect_template
def _restrict_this_turn(s: str) -> fx.Effect | None:
    # "target creature can't block this turn", "creatures your opponents control can't
    # block this turn", "target creature can't be blocked this turn": granted until
    # end of turn like keywords (:data:`~keywords.RESTRICTIONS`).
    m = re.fullmatch(r"(.+?) can't (block|be blocked|attack|attack or block) this turn", s)
    if not m or (who := _pumped(m.group(1))) is None:
        return None
    what = ("can't attack", "can't block") if m.group(2) == "attack or block" else (
        f"can't {m.group(2)}",)
    return fx.Pump(0, 0, who, what)


_COUNTER_KINDS = ("+1/+1", "-1/-1", "level")  # level: 711 (a leveler's bands)


@effect_template
def _counters(s: str) -> fx.Effect | None:
    # 122.1: +1/+1 and -1/-1 counters, and counters of a kind with no rules of its
    # own ("put a charge counter on this", "put a quest counter on this").
    m = re.fullmatch(rf"put {NUM} ([+-]1/[+-]1|[a-z]+) counters? on (.+)", s)
    if m and (m.group(2) in _COUNTER_KINDS or fx.plain_counter(m.group(2))) and \
            (what := permanents(m.group(3))):
        return fx.AddCounters(number(m.group(1)), what, m.group(2))
    return None


def _token_with_ability(text: str) -> fx.TokenSpec | None:
    """A token description, maybe ending ``with "<ability>"`` (111.3: an ability in
    quotation marks the token has; its "this token" is the token itself)."""
    m = re.fullmatch(r'(.+?) with "([^"]+)"', text)
    if m is None:
        return token_spec(text)
    spec = token_spec(m.group(1))
    ability = quoted_ability(m.group(2).replace("this token", "this"))
    if spec is None or ability is None or "Creature" not in spec.types and not (
            isinstance(ability, fx.ActivatedAbility) and ability.is_mana):
        return None  # (a noncreature token: a mana ability only, 605.1a)
    return dataclasses.replace(spec, abilities=spec.abilities + (ability,))


@effect_template
def _tokens(s: str) -> fx.Effect | None:
    m = re.fullmatch(rf"create {NUM} (.+)", s)
    if m and (spec := _token_with_ability(m.group(2))) is not None:
        return fx.CreateToken(spec, number(m.group(1)))
    # "its controller creates a 3/3 green beast creature token" (Beast Within)
    m = re.fullmatch(rf"(.+) creates? {NUM} (.+)", s)
    if m and (who := player(m.group(1))) is not None and \
            (spec := _token_with_ability(m.group(3))) is not None:
        return fx.CreateToken(spec, number(m.group(2)), who)
    return None


SENTENCE_GROUPS.append((r"(?:you may )?(?:create|\w+ creates?) [^.]+ tokens?\.",
                        r"(?:it has|they have|each has) \"[^\"]+\""))


@effect_template
def _tokens_have(s: str) -> fx.Effect | None:
    """``create three 0/1 colorless eldrazi spawn creature tokens. they have
    "sacrifice this token: add {c}."`` (111.3): the tokens just created have the
    quoted ability, as ``... tokens with "<ability>"`` says."""
    m = re.fullmatch(r'((?:you may )?(?:create|\w+ creates?) [^.]+ tokens?)\. '
                     r'(?:it has|they have|each has) ("[^"]+")', s)
    if not m:
        return None
    out = read_sentence(f"{m.group(1)} with {m.group(2)}")
    made = [n for n in nodes(out) if isinstance(n, fx.CreateToken)] if out else []
    return out if len(made) == 1 and made[0].token.abilities else None


@effect_template
def _player_creates_tapped(s: str) -> fx.Effect | None:
    """``target opponent creates a tapped powerstone token``: that player's tokens,
    entering tapped."""
    m = re.fullmatch(r"(.+?) creates (\w+ tapped .+)", s)
    if not m or (who := player(m.group(1))) is None:
        return None
    out = read_sentence(f"create {m.group(2)}")
    if not isinstance(out, fx.CreateToken) or not out.tapped or out.who != fx.Ref("you"):
        return None
    return dataclasses.replace(out, who=who)


@effect_template
def _attach(s: str) -> fx.Effect | None:
    m = re.fullmatch(r"attach this to (.+)", s)
    if m and m.group(1) in ("it", "that creature"):
        # the creature named before (check_refs refuses it with nothing before it)
        return fx.Attach(fx.Ref("it"))
    if m and isinstance(to := target_phrase(m.group(1)), fx.Target) and \
            to.kind == "creature":
        return fx.Attach(to)
    return None


_MANIFESTED = {"the top card": 1, "the top two cards": 2, "the top three cards": 3}


@effect_template
def _manifest(s: str) -> fx.Effect | None:
    # Rule 701.34a (manifest) and 701.60a (manifest dread).
    if s == "manifest dread":
        return fx.ManifestDread()
    if (m := re.fullmatch(r"(.+) manifests dread", s)) and (
            who := player(m.group(1))) is not None:
        return fx.ManifestDread(who)
    if m := re.fullmatch(r"manifest (the top (?:card|\w+ cards)) of your library", s):
        count = _MANIFESTED.get(m.group(1))
        return fx.Manifest(count) if count is not None else None
    m = re.fullmatch(r"(.+) manifests (the top (?:card|\w+ cards)) of their library", s)
    if m and (who := player(m.group(1))) is not None and m.group(1) != "you" and (
            count := _MANIFESTED.get(m.group(2))) is not None:
        return fx.Manifest(count, who)
    return None


@effect_template
def _investigate(s: str) -> fx.Effect | None:
    # Rule 701.16a: to investigate is to create a Clue token.
    return fx.CreateToken(PREDEFINED_TOKENS["clue"]) if s == "investigate" else None
