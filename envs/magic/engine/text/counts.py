"""Effect templates for amounts counted as the effect resolves (rule 608.2h): "draw a
card for each creature you control", "you gain 4 life for each creature you control with
power 4 or greater", "each opponent loses life equal to the number of Vampires you
control", "this deals x damage to each creature, where x is the number of creatures on the
battlefield". The sentence is read with its unit amount (a number, or x), and that amount
becomes a :class:`~effects.Count`.

"<effect>. <the same effect with other numbers> instead if <condition>" (morbid,
metalcraft, threshold-like conditions: "this deals 2 damage to any target. this deals 4
damage instead if you control three or more artifacts") is the first effect with each
number that differs an :class:`~effects.IfAmount`, checked as it resolves."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    SENTENCE_GROUPS,
    Draft,
    effect_template,
    is_permanent_card,
    line_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    ANY_NUMBER,
    NUM,
    activation_condition,
    card_filter,
    granted,
    number,
    object_filter,
    player,
    token_spec,
    with_amounts,
)

AMOUNT_FIELDS = {fx.DealDamage: "amount", fx.Draw: "count", fx.Discard: "count",
                 fx.Mill: "count", fx.GainLife: "amount", fx.LoseLife: "amount",
                 fx.AddCounters: "count", fx.CreateToken: "count",
                 fx.AddMana: "amount", fx.PlayerCounters: "count", fx.Connive: "count"}
"""The effects with an :data:`~effects.Amount`, and its field."""


def counted(phrase: str, plural: bool) -> fx.Count | None:
    """What ``for each <phrase>`` / ``the number of <phrase>`` counts: permanents
    (``creature you control``, ``vampires you control``, ``creatures on the
    battlefield``), the opponents (``opponent you have``), or the cards in your hand."""
    if phrase in ("opponent you have", "opponents you have"):
        return fx.Count("opponents")
    if phrase == "player who lost life this turn":
        return fx.Count("players_lost_life")
    if re.fullmatch(r"colors? of mana spent to cast (?:this|it)", phrase):
        return fx.Count("colours_spent")  # (converge, 601.2h)
    if phrase in ("card in your hand", "cards in your hand"):
        return fx.Count("hand")
    if phrase in ("foretold card you own in exile", "foretold cards you own in exile"):
        return fx.Count("foretold")  # (702.143a)
    if phrase == "basic land types among lands you control":  # (domain, 305.6)
        return fx.Count("basic_land_types")
    if (m := re.fullmatch(r"(.+) that player controls", phrase)) and (
            f := object_filter(m.group(1) + " you control", plural=plural)) is not None:
        # "the number of lands that player controls" (Treacherous Terrain): counted
        # for each player the effect acts on
        return fx.Count("permanents", f, of="that_player")
    if re.fullmatch(r"cards? in (?:that player's|their) hand", phrase):
        # counted for each player the effect acts on ("each opponent ... equal to
        # the number of cards in that player's hand")
        return fx.Count("hand", of="that_player")
    if m := re.fullmatch(r"([\w+/-]+) counters? on (?:this|it)", phrase):
        return fx.Count("counters", counter=m.group(1))
    if m := re.fullmatch(r"(?:(.+) )?cards? in (all graveyards|your graveyard|your "
                         r"opponents' graveyards|an opponent's graveyard)", phrase):
        # "instant and sorcery cards in your graveyard", "creature cards in all
        # graveyards", "creature card in your opponents' graveyards"
        f = card_filter((m.group(1) or "").replace(" and ", " or "))
        if f is None:
            return None
        whose = {"your graveyard": "you", "all graveyards": "any"}.get(m.group(2),
                                                                        "opponent")
        return fx.Count("graveyard", fx.Filter(f.types, f.subtypes, whose, f.props))
    phrase = phrase.removesuffix(" on the battlefield")
    f = object_filter(phrase, plural=plural)
    if f is None or f == fx.Filter():
        return None
    return fx.Count("permanents", f)


def scaled(base: fx.Effect | None, count: fx.Count) -> fx.Effect | None:
    """``base``, one effect with a numeric amount N, with N times ``count`` instead
    (None otherwise); a pump's +N/+M, each times ``count``."""
    if isinstance(base, fx.Pump):
        if not isinstance(base.power, int) or not isinstance(base.toughness, int) or \
                base.power == base.toughness == 0:
            return None
        return dataclasses.replace(base, **{
            f: dataclasses.replace(count, times=n) if n else 0
            for f, n in (("power", base.power), ("toughness", base.toughness))})
    field = AMOUNT_FIELDS.get(type(base))
    if field is None:
        return None
    n = getattr(base, field)
    if not isinstance(n, int) or n < 1:
        return None
    return dataclasses.replace(base, **{field: dataclasses.replace(count, times=n)})


def x_counted(base: fx.Effect | None, count: fx.Count) -> fx.Effect | None:
    """``base`` (one effect or a sequence) with every amount ``"X"`` replaced by
    ``count``; None when there is none, or some other x is left."""
    steps = list(base.steps) if isinstance(base, fx.Sequence) else [base]
    out = []
    for step in steps:
        field = AMOUNT_FIELDS.get(type(step))
        if field is None or getattr(step, field) != "X":
            return None  # (an x elsewhere in the step would be left undefined)
        out.append(dataclasses.replace(step, **{field: count}))
    return fx.Sequence(tuple(out)) if isinstance(base, fx.Sequence) else out[0]


@effect_template
def _draw_up_to_most(s: str) -> fx.Effect | None:
    """``each player with fewer cards in hand than the player with the most cards in
    hand draws cards equal to the difference`` (Tales of the Ancestors): each player
    draws the cards they are short of the most in a hand (none for that player)."""
    if s != "each player with fewer cards in hand than the player with the most " \
            "cards in hand draws cards equal to the difference":
        return None
    return fx.Draw(fx.Count("short_of_most_hand", of="that_player"),
                   fx.Ref("each_player"))


SENTENCE_GROUPS.append((r"[^.]+ for each [^.]+\.", r"those creatures gain [^.]+\."))


@effect_template
def _for_each_then_those(s: str) -> fx.Effect | None:
    """``draw a card for each creature you control with a +1/+1 counter on it. those
    creatures gain indestructible until end of turn`` (Inspiring Call): the counted
    permanents, then each of them (the first step changes none of them)."""
    m = re.fullmatch(r"((?:draw|you draw) .+ for each (.+))\. those creatures (gain .+)", s)
    if not m:
        return None
    first, second = read_sentence(m.group(1)), read_sentence(
        f"each {m.group(2)} {m.group(3).replace('gain ', 'gains ', 1)}")
    if not isinstance(first, fx.Draw) or not isinstance(second, fx.Pump) or \
            not isinstance(second.what, fx.Each) or \
            not isinstance(first.count, fx.Count) or \
            first.count.filter != second.what.filter:
        return None
    return fx.Sequence((first, second))


@effect_template
def _for_each(s: str) -> fx.Effect | None:
    """``<effect with an amount N> for each <counted>``."""
    m = re.fullmatch(r"(.+) for each (.+)", s)
    if not m or (count := counted(m.group(2), plural=False)) is None:
        return None
    return scaled(read_sentence(m.group(1)), count)


_THE_RESULT = (
    (r"(.*\b)(draws?|mills?) cards equal to the result", r"\1\2 x cards"),
    (r"(.*\b)(gains?|loses?) life equal to the result", r"\1\2 x life"),
    (r"(.*\b)(creates?) a number of (.+) equal to the result", r"\1\2 x \3"),
    (r"(.*\b)(deals?) damage to (.+) equal to the result", r"\1\2 x damage to \3"),
)
"""Amounts equal to the result of the die rolled just before (rule 706), read as x."""


@effect_template
def _equal_to_the_result(s: str) -> fx.Effect | None:
    """``roll a d20. you create a number of treasure tokens equal to the result``:
    the second sentence's amount is the total the roll showed (``"die_result"``; the
    engine refuses it with no roll before it); after "roll two d4 and choose one
    result", "that result" is the chosen one and "the other result" the other
    (``"other_result"``); also "deals damage equal to the result to <what>" and
    "search your library for a number of <quality> cards equal to the result"."""
    other = re.search(r"equal to the other result\b", s) is not None
    s = re.sub(r"equal to (?:that|the other) result", "equal to the result", s)
    for pattern, unit in _THE_RESULT:
        if m := re.fullmatch(pattern, s):
            return x_counted(read_sentence(m.expand(unit)),
                             "other_result" if other else "die_result")
    if m := re.fullmatch(r"(.*\b)(deals?) damage equal to the result to (.+)", s):
        return x_counted(read_sentence(f"{m.group(1)}{m.group(2)} x damage to "
                                       f"{m.group(3)}"),
                         "other_result" if other else "die_result")
    if m := re.fullmatch(r"search your library for a number of (.+?) cards equal to the "
                         r"result, (.+)", s):  # (all of them, 701.23b: or fewer)
        found = read_sentence(f"search your library for up to two {m.group(1)} cards, "
                              f"{m.group(2)}")
        if isinstance(found, fx.Search) and found.count == 2 and found.filter != \
                fx.Filter():
            return dataclasses.replace(found, count="other_result" if other
                                       else "die_result")
    return None


_EQUAL_TO = (
    (r"(.*\b)(draws?|mills?) cards equal to the number of (.+)", r"\1\2 a card"),
    (r"(.*\b)(gains?|loses?) life equal to the number of (.+)", r"\1\2 1 life"),
    (r"(.*\b)deals damage to (.+) equal to the number of (.+)", r"\1deals 1 damage to \2"),
)


@effect_template
def _damage_equal_to_first(s: str) -> fx.Effect | None:
    """``this deals damage equal to the number of <counted> to <target>`` (the amount
    before the recipient): read as ``this deals damage to <target> equal to ...``."""
    m = re.fullmatch(r"(.*\b)deals damage equal to the number of (.+?) to (.+)", s)
    if not m or " to " in m.group(3):
        return None
    return read_sentence(f"{m.group(1)}deals damage to {m.group(3)} equal to the number "
                         f"of {m.group(2)}")


@effect_template
def _equal_to_the_number(s: str) -> fx.Effect | None:
    """``draw cards equal to the number of <counted>``, ``... gains life equal to ...``,
    ``this deals damage to <target> equal to ...``."""
    for pattern, unit in _EQUAL_TO:
        m = re.fullmatch(pattern, s)
        if m and (count := counted(m.group(m.lastindex), plural=True)) is not None:
            return scaled(read_sentence(m.expand(unit)), count)
    return None


_COLOURS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@effect_template
def _devotion(s: str) -> fx.Effect | None:
    """``<effect with x>, where x is your devotion to <colour>`` (700.5: Gray Merchant
    of Asphodel), ``... equal to your devotion to <colour>``."""
    m = re.fullmatch(r"(.+), where x is your devotion to (white|blue|black|red|green)",
                     s)
    if m:
        return x_counted(read_sentence(m.group(1)),
                         fx.Count("devotion", colour=_COLOURS[m.group(2)]))
    m = re.fullmatch(r"(.+) equal to your devotion to (white|blue|black|red|green)", s)
    if m:
        for pattern, unit in ((r"(.*\b)(gains?|loses?) life", r"\1\2 1 life"),
                              (r"(.*\b)(draws?|mills?) cards", r"\1\2 a card"),
                              (r"(.*\b)deals damage to (.+)", r"\1deals 1 damage to \2")):
            if u := re.fullmatch(pattern, m.group(1)):
                return scaled(read_sentence(u.expand(unit)),
                              fx.Count("devotion", colour=_COLOURS[m.group(2)]))
    return None


@effect_template
def _where_x_is_your_life_total(s: str) -> fx.Effect | None:
    """``<effect with x>, where x is your life total`` (Ajani, Caller of the Pride's
    -8: a :class:`~effects.Count` of kind ``life``, counted as it resolves)."""
    m = re.fullmatch(r"(.+), where x is your life total", s)
    return x_counted(read_sentence(m.group(1)), fx.Count("life")) if m else None


def _a_number_of_tokens(s: str, count: fx.Count) -> fx.Effect | None:
    """``[<who>] create[s] a number of <token> tokens`` with ``count`` tokens."""
    m = re.fullmatch(r"(.*\b)(creates?) a number of (.+ tokens)", s)
    if not m:
        return None
    base = read_sentence(f"{m.group(1)}{m.group(2)} two {m.group(3)}")
    if not isinstance(base, fx.CreateToken) or base.count != 2:
        return None
    return dataclasses.replace(base, count=count)


@effect_template
def _number_of_tokens(s: str) -> fx.Effect | None:
    """``create a number of <token> tokens equal to the number of <counted>`` / ``equal
    to your devotion to <colour>`` (Master of Waves)."""
    m = re.fullmatch(r"(.+ tokens) equal to (?:the number of (.+)|your devotion to "
                     r"(white|blue|black|red|green))", s)
    if not m:
        return None
    count = counted(m.group(2), plural=True) if m.group(2) else \
        fx.Count("devotion", colour=_COLOURS[m.group(3)])
    return _a_number_of_tokens(m.group(1), count) if count is not None else None


@effect_template
def _x_x_token(s: str) -> fx.Effect | None:
    """``create an x/x green ooze creature token, where x is the number of lands you
    control`` / ``... the greatest power among creatures you control``: the token's
    base power and toughness, each the amount counted as it is created (608.2h:
    fixed from then on; :attr:`~effects.CreateToken.pt`)."""
    m = re.fullmatch(r"create an x/x ([^,]+ creature token(?: with [^,]+)?), where x is the "
                     r"(number of|greatest power among) (.+)", s)
    spec = token_spec("0/0 " + m.group(1)) if m else None
    if spec is None:
        return None
    if m.group(2) == "number of":
        count = counted(m.group(3), plural=True)
    else:
        f = object_filter(m.group(3), plural=True)
        count = fx.Count("greatest_power", f) if f is not None and \
            f.types == {"Creature"} else None
    if count is None or count.of != "you":  # (counted once, for its controller)
        return None
    return fx.CreateToken(spec, pt=count)


@effect_template
def _equal_to_the_greatest_power(s: str) -> fx.Effect | None:
    """``draw cards equal to the greatest power among creatures you control``, ``you
    gain life equal to ...``, ``this deals damage to <target> equal to ...``: a
    :class:`~effects.Count` of kind ``greatest_power``."""
    for pattern, unit in _EQUAL_TO:
        m = re.fullmatch(pattern.replace("the number of", "the greatest power among"), s)
        if not m:
            continue
        f = object_filter(m.group(m.lastindex), plural=True)
        if f is None or f.types != {"Creature"}:
            return None
        return scaled(read_sentence(m.expand(unit)), fx.Count("greatest_power", f))
    return None


@effect_template
def _where_x_is(s: str) -> fx.Effect | None:
    """``<effects with x>, where x is [twice] the number of <counted>``; ``<who> gets +x/+x
    until end of turn, where x is ...`` (a pump of +x/+x, -x/-x, +x/+0...)."""
    m = re.fullmatch(r"(.+), where x is (twice |half )?the (number of|greatest power "
                     r"among|total power of) (.+?)(, rounded (?:down|up))?", s)
    if not m or (m.group(2) == "half ") != bool(m.group(5)):
        return None  # (half: only with its rounding said, 107.1a)
    if m.group(3) == "number of":
        count = counted(m.group(4), plural=True)
    else:  # "the greatest power among creatures you control" (Overwhelming Stampede),
        # "the total power of attacking creatures" (Klauth, Unrivaled Ancient)
        f = object_filter(m.group(4), plural=True)
        kind = "greatest_power" if m.group(3).startswith("greatest") else "total_power"
        count = fx.Count(kind, f) if f is not None and \
            f.types == {"Creature"} else None
    if count is None:
        return None
    if " up to x target " in f" {m.group(1)} " and not m.group(2):
        return _up_to_x_targets(m.group(1), count)
    if m.group(2) == "half ":  # "half the number of Zombies you control, rounded down"
        return x_counted(read_sentence(m.group(1)),
                         fx.Scaled(count, per=2, up=m.group(5).endswith("up")))
    twice = m.group(2) == "twice "  # "twice the number of Blood tokens you control"
    head = m.group(1)
    if head.startswith("until end of turn, "):  # (the duration first)
        head = head[len("until end of turn, "):] + " until end of turn"
    if g := re.fullmatch(r"(.+?) gain(s?) (.+?) and get(s?) (\S+/\S+)( until end of turn)",
                         head):  # "creatures you control gain trample and get +x/+x"
        head = f"{g.group(1)} get{g.group(4)} {g.group(5)} and gain{g.group(2)} " \
               f"{g.group(3)}{g.group(6)}"
    pump = re.fullmatch(r"(.+ gets? )([+-](?:x|0))/([+-](?:x|0))((?: and gains? .+)? "
                        r"until end of turn)", head)
    if pump and "x" in pump.group(2) + pump.group(3):
        unit = [g.replace("x", "2" if twice else "1") for g in pump.group(2, 3)]
        return scaled(read_sentence(f"{pump.group(1)}{unit[0]}/{unit[1]}{pump.group(4)}"),
                      count)
    if twice:
        count = dataclasses.replace(count, times=2)
    return x_counted(read_sentence(m.group(1)), count)


def _up_to_x_targets(head: str, count: fx.Count) -> fx.Effect | None:
    """``destroy up to x target artifacts ..., where x is the number of vampires you
    control`` (Midnight Arsonist): the targets' most counted as they are chosen
    (601.2c, :attr:`~effects.Target.most`); the one x of the sentence."""
    if head.count(" x ") + head.startswith("x ") != 1 or \
            head.count("up to x target ") != 1:
        return None
    node = read_sentence(head.replace("up to x target ", "any number of target "))
    if node is None or isinstance(node, fx.Sequence):
        return None
    sel = getattr(node, "what", None)
    if not isinstance(sel, fx.Target) or sel.count != ANY_NUMBER or not sel.up_to or \
            count.what != "permanents":
        return None
    return dataclasses.replace(node, what=dataclasses.replace(sel, most=count))


@effect_template
def _where_x_is_in_target_players_graveyard(s: str) -> fx.Effect | None:
    """``you draw x cards and you lose x life, where x is the number of creature cards
    in target player's graveyard`` (Corpse Augur): the player is targeted (a
    :class:`~effects.TargetOnly` step first, 115.1), the cards counted in their
    graveyard as it resolves (608.2h)."""
    m = re.fullmatch(r"(.+), where x is the number of (?:(.+) )?cards in target "
                     r"player's graveyard", s)
    if not m or "target" in m.group(1) or (f := card_filter(m.group(2) or "")) is None:
        return None
    body = x_counted(read_sentence(m.group(1)), fx.Count(
        "graveyard", dataclasses.replace(f, controller=fx.ITS_CONTROLLER)))
    return None if body is None else fx.Sequence((fx.TargetOnly(fx.Target("player")),
                                                  *(body.steps if isinstance(
                                                      body, fx.Sequence) else (body,))))


@effect_template
def _twice_x(s: str) -> fx.Effect | None:
    """``target player mills twice x cards`` (Drown in Dreams): the effect read with x,
    its amount x doubled (:class:`~effects.Scaled`)."""
    if s.count("twice x ") != 1:
        return None
    return x_counted(read_sentence(s.replace("twice x ", "x ")), fx.Scaled("X", times=2))


@effect_template
def _for_each_sacrificed(s: str) -> fx.Effect | None:
    """``you create a 2/2 black zombie creature token for each creature sacrificed this
    way`` (Syphon Flesh): the permanents the earlier sacrifice steps of the same effect
    sacrificed (the amount ``"sacrificed_total"``, times the unit)."""
    m = re.fullmatch(r"(.+) for each (?:[\w-]+ )?sacrificed this way", s)
    if not m:
        return None
    base = read_sentence(m.group(1))
    field = AMOUNT_FIELDS.get(type(base))
    n = getattr(base, field) if field is not None else None
    if not isinstance(n, int) or n < 1:
        return None
    total = "sacrificed_total" if n == 1 else fx.Scaled("sacrificed_total", times=n)
    return dataclasses.replace(base, **{field: total})


@effect_template
def _for_each_put_into_a_graveyard(s: str) -> fx.Effect | None:
    """``for each creature card put into a graveyard this way, you create a tapped 2/2
    black zombie creature token`` (Dread Summons): the effect times the cards of that
    quality the earlier mill or destroy steps of the same effect put into graveyards."""
    m = re.fullmatch(r"for each (?:(.+) )?card put into a graveyard this way, (.+)", s)
    if not m or (f := card_filter(m.group(1) or "")) is None:
        return None
    return scaled(read_sentence(m.group(2)), fx.Count("graveyard_this_way", f))


_STATS = {"power": "power", "toughness": "toughness", "mana value": "mana_value"}


@effect_template
def _it_deals_counted_damage(s: str) -> fx.Effect | None:
    """``it deals x damage to any target, where x is the number of dragons you
    control`` (Scourge of Valkas): a trigger's object is the source of the damage
    (120.3, as it last existed if it has left, 608.2h), the amount counted as it
    resolves (:attr:`~effects.PowerDamage.amount`)."""
    m = re.fullmatch(r"it deals x damage to (.+), where x is the number of (.+)", s)
    if not m or (count := counted(m.group(2), plural=True)) is None:
        return None
    base = read_sentence(f"this deals 1 damage to {m.group(1)}")
    if not isinstance(base, fx.DealDamage) or base.divided or base.to == fx.Ref("it"):
        return None
    return fx.PowerDamage(fx.Ref("it"), base.to, count)


@effect_template
def _pump_by_its_stat(s: str) -> fx.Effect | None:
    """``this gets +x/+x until end of turn, where x is its power`` (Chameleon Colossus,
    Yew Spirit), ``target creature gets +x/+0 until end of turn, where x is its
    power`` (Rush of Blood): the stat of the pumped permanent, counted once as the
    effect resolves, before the pump applies (608.2h); ``destroy target artifact.
    this gets +x/+0 until end of turn, where x is that artifact's mana value``
    (Hoard-Smelter Dragon): of the permanent the step before targeted, as it last
    existed."""
    m = re.fullmatch(r"(this|target .+?) gets \+(x|0)/\+(x|0) until end of turn, "
                     r"where x is (its|that (?:artifact|creature|permanent)'s) "
                     r"(power|toughness|mana value)", s)
    if not m:
        return None
    of = "self" if m.group(1) == "this" and m.group(4) == "its" else "it"
    base = read_sentence(f"{m.group(1)} gets +{m.group(2).replace('x', '1')}/"
                         f"+{m.group(3).replace('x', '1')} until end of turn")
    if not isinstance(base, fx.Pump) or base.keywords:
        return None
    stat = fx.StatOf(_STATS[m.group(5)], of)
    return dataclasses.replace(base, power=stat if base.power else 0,
                               toughness=stat if base.toughness else 0)


@effect_template
def _sacrifices_then_stat(s: str) -> fx.Effect | None:
    """``target player sacrifices a creature of their choice, then gains life equal to
    that creature's toughness`` (Devour Flesh): an edict, then an amount of the
    creature it sacrificed as it last existed (``StatOf(..., "sacrificed")``); the
    second half's player is the first half's."""
    m = re.fullmatch(r"(.+?) (sacrifices? an? .+?), then (gains?|loses?) life equal to "
                     r"(?:that creature's|that permanent's|its) (power|toughness|"
                     r"mana value)", s)
    if not m:
        return None
    edict = read_sentence(f"{m.group(1)} {m.group(2)}")
    if not isinstance(edict, fx.Sacrifice) or edict.count != 1:
        return None
    who = fx.Ref("it") if isinstance(edict.who, fx.Target) else edict.who
    if isinstance(who, fx.Ref) and who.name in ("each_player", "each_opponent"):
        return None  # several players, several creatures: not one amount
    make = fx.GainLife if m.group(3).startswith("gain") else fx.LoseLife
    return fx.Sequence((edict, make(fx.StatOf(_STATS[m.group(4)], "sacrificed"), who)))


SENTENCE_GROUPS.append((r"(?:.+ )?sacrifices? an? [^.]+\.",
                        r"[^.]+ (?:gains?|loses?) life equal to that creature's "
                        r"(?:power|toughness|mana value)\."))


@effect_template
def _sacrifices_then_someone_stat(s: str) -> fx.Effect | None:
    """``target opponent sacrifices a creature of their choice. you gain life equal to
    that creature's toughness`` (Tribute to Hunger; Doomgape's "sacrifice a creature.
    you gain life ..."): the edict, then the amount of the creature it sacrificed as
    it last existed (``StatOf(..., "sacrificed")``, 608.2h)."""
    m = re.fullmatch(r"((?:.+ )?sacrifices? an? .+?)\. (.+?) (gains?|loses?) life equal "
                     r"to that creature's (power|toughness|mana value)", s)
    if not m or (who := player(m.group(2))) is None or isinstance(who, fx.Target):
        return None
    edict = read_sentence(m.group(1))
    if not isinstance(edict, fx.Sacrifice) or edict.count != 1 or (
            isinstance(edict.who, fx.Ref)
            and edict.who.name in ("each_player", "each_opponent")):
        return None  # several players, several creatures: not one amount
    make = fx.GainLife if m.group(3).startswith("gain") else fx.LoseLife
    return fx.Sequence((edict, make(fx.StatOf(_STATS[m.group(4)], "sacrificed"), who)))


@effect_template
def _each_with_mana_value_equal(s: str) -> fx.Effect | None:
    """``destroy each nonland permanent with mana value equal to the number of charge
    counters on this`` (Ratchet Bomb): the effect on each such permanent, whose mana
    value is compared with the count as it resolves (:attr:`~effects.Each.mana_value`)."""
    m = re.fullmatch(r"(.+ each .+?) with mana value equal to the number of (.+)", s)
    if not m or (count := counted(m.group(2), plural=True)) is None:
        return None
    base = read_sentence(m.group(1))
    for field in ("what", "to", "who"):
        sel = getattr(base, field, None)
        if isinstance(sel, fx.Each) and sel.mana_value is None:
            return dataclasses.replace(base, **{field: fx.Each(sel.filter, count)})
    return None


@effect_template
def _each_with_stat_x_or_less(s: str) -> fx.Effect | None:
    """``return each creature your opponents control with toughness x or less to its
    owner's hand, where x is the number of islands you control`` (Spectral Deluge):
    the effect on each such permanent whose stat is at most the count as it resolves
    (:attr:`~effects.Each.at_most`)."""
    m = re.fullmatch(r"(.*\beach .+?) with (power|toughness|mana value) x or less"
                     r"( .+)?, where x is the number of (.+)", s)
    if not m or (count := counted(m.group(4), plural=True)) is None:
        return None
    base = read_sentence(m.group(1) + (m.group(3) or ""))
    for field in ("what", "to", "who"):
        sel = getattr(base, field, None)
        if isinstance(sel, fx.Each) and sel.mana_value is None and sel.at_most is None:
            return dataclasses.replace(base, **{field: dataclasses.replace(
                sel, at_most=(_STATS[m.group(2)], count))})
    return None


_SACRIFICED = r"the sacrificed (?:creature|artifact|permanent)'s (power|toughness|mana value)"
_OF_THE_SACRIFICED = (
    (rf"(.*\b)deals damage equal to {_SACRIFICED} to (.+)", r"\1deals x damage to \3"),
    (rf"(.*\b)(gains?|loses?) life equal to {_SACRIFICED}", r"\1\2 x life"),
    (rf"(.*\b)(draws?|mills?) cards equal to {_SACRIFICED}", r"\1\2 x cards"),
    (rf"(.+), where x is {_SACRIFICED}", r"\1"),
)


@effect_template
def _equal_to_the_sacrificed(s: str) -> fx.Effect | None:
    """``this deals damage equal to the sacrificed creature's power to any target``
    (Fling), ``you gain life equal to the sacrificed creature's toughness``, ``create
    x ... tokens, where x is the sacrificed creature's toughness``: the stat of the
    permanent sacrificed to pay the cost, as it last existed (608.2h,
    ``StatOf(..., "cost")``; the engine's check wants a sacrifice in the cost)."""
    for pattern, unit in _OF_THE_SACRIFICED:
        m = re.fullmatch(pattern, s)
        if m:
            stat = next(g for g in m.groups() if g in _STATS)
            return x_counted(read_sentence(m.expand(unit)),
                             fx.StatOf(_STATS[stat], "cost"))
    return None


@effect_template
def _half_life(s: str) -> fx.Effect | None:
    """``that player loses half their life, rounded up`` (Quietus Spike), ``you lose
    half your life, rounded up``: half each such player's life as it resolves (107.1a,
    608.2h)."""
    m = re.fullmatch(r"(.+?) loses? half (?:their|your) life, rounded up", s)
    if not m or (who := player(m.group(1))) is None:
        return None
    return fx.LoseLife(fx.Count("half_life", of="that_player"), who)


@effect_template
def _life_lost_this_way(s: str) -> fx.Effect | None:
    """``you gain life equal to the life lost this way``: the life an earlier step of
    the same effect made players lose (Gray Merchant of Asphodel, extort)."""
    m = re.fullmatch(r"(.+?) gains? life equal to the life lost this way", s)
    if not m or (who := player(m.group(1))) is None:
        return None
    return fx.GainLife("life_lost", who)


@effect_template
def _draw_commander_mana_value(s: str) -> fx.Effect | None:
    """``each player draws cards equal to the greatest mana value of a commander they
    own on the battlefield or in the command zone`` (Imposing Grandeur, 903.3): each
    player's own count (:data:`~effects.COUNT_KINDS`' ``commander_mana_value``)."""
    m = re.fullmatch(r"(.+?) draws? cards equal to the greatest mana value of a "
                     r"commander (they|you) own on the battlefield or in the command "
                     r"zone", s)
    if not m or (who := player(m.group(1))) is None:
        return None
    of = "you" if m.group(2) == "you" else "that_player"
    if (of == "you") != (who == fx.Ref("you")):
        return None
    return fx.Draw(fx.Count("commander_mana_value", of=of), who)


@effect_template
def _life_sacrificed_power(s: str) -> fx.Effect | None:
    """``you gain life equal to the greatest power among creatures sacrificed this
    way`` (Shadowgrange Archfiend): the powers, as they last existed, of the creatures
    an earlier sacrifice step of the same effect sacrificed (``"sacrificed_power"``)."""
    m = re.fullmatch(r"(.+?) gains? life equal to the greatest power among creatures "
                     r"sacrificed this way", s)
    if not m or (who := player(m.group(1))) is None:
        return None
    return fx.GainLife("sacrificed_power", who)


@effect_template
def _life_equal_to_its_stat(s: str) -> fx.Effect | None:
    """``its controller gains life equal to its power`` (Swords to Plowshares), ``you
    lose life equal to that permanent's mana value``: the stat of the permanent an
    earlier step targeted, as it last existed (:class:`~effects.StatOf`)."""
    m = re.fullmatch(r"(.+?) (gains?|loses?) life equal to (?:its|that creature's|"
                     r"that permanent's) (power|toughness|mana value)", s)
    if not m or (who := player(m.group(1))) is None:
        return None
    make = fx.GainLife if m.group(2).startswith("gain") else fx.LoseLife
    return make(fx.StatOf(_STATS[m.group(3)]), who)


@effect_template
def _cards_equal_to_its_stat(s: str) -> fx.Effect | None:
    """``[you may] draw cards equal to its power`` (Champion of Wits: a trigger's
    object, or the permanent a step before targeted; 608.2h), ``target player mills
    cards equal to that creature's toughness``."""
    m = re.fullmatch(r"(.*\b)(draws?|mills?) cards equal to (?:its|that creature's) "
                     r"(power|toughness|mana value)", s)
    if not m:
        return None
    return x_counted(read_sentence(f"{m.group(1)}{m.group(2)} x cards"),
                     fx.StatOf(_STATS[m.group(3)]))


@effect_template
def _unless_condition(s: str) -> fx.Effect | None:
    """``<effect with an amount N> unless <condition>``: N, or none if the condition
    holds as it resolves ("at the beginning of your upkeep, you lose 1 life unless an
    opponent has 10 or less life": Vampire Lacerator; 608.2h) -- an
    :class:`~effects.IfAmount` of N and 0."""
    m = re.fullmatch(r"(.+) unless (.+)", s)
    if not m or (condition := activation_condition(m.group(2))) is None:
        return None
    base = read_sentence(m.group(1))
    if condition.kind == "that_player_commander" and \
            getattr(base, "to", None) != fx.Ref("that_player"):
        return None  # "unless they ...": only of the player the effect acts on
    field = AMOUNT_FIELDS.get(type(base))
    if field is None or type(n := getattr(base, field)) is not int or n < 1:
        return None
    return dataclasses.replace(base, **{field: fx.IfAmount(n, 0, condition)})


SENTENCE_GROUPS.append((r"create .+ tokens?\.",
                        r"if .+, create \w+ of those tokens instead\."))
SENTENCE_GROUPS.append((r"put \w+ \S+ counters? on .+\.",
                        r"if .+, put \w+ \S+ counters? on (?:that creature|it) "
                        r"instead\."))


@effect_template
def _if_then_more_counters(s: str) -> fx.Effect | None:
    """``put N <kind> counters on <what>. if <condition>, put M <kind> counters on
    that creature instead`` (Increasing Savagery's "if this was cast from a
    graveyard"; 608.2h, checked as it resolves): the count is an
    :class:`~effects.IfAmount`."""
    m = re.fullmatch(rf"(put {NUM} (\S+) counters? on .+)\. if (.+), put {NUM} (\S+) "
                     r"counters? on (?:that creature|it) instead", s)
    if not m or m.group(3) != m.group(6) or \
            (condition := activation_condition(m.group(4))) is None:
        return None
    base = read_sentence(m.group(1))
    instead = number(m.group(5))
    if not isinstance(base, fx.AddCounters) or type(base.count) is not int or \
            not isinstance(instead, int):
        return None
    return dataclasses.replace(base, count=fx.IfAmount(base.count, instead, condition))


@effect_template
def _if_then_more_tokens(s: str) -> fx.Effect | None:
    """``create N <token>. if <condition>, create M of those tokens instead`` (fateful
    hour: Gather the Townsfolk; 608.2h, checked as it resolves): the count is an
    :class:`~effects.IfAmount`."""
    m = re.fullmatch(rf"(create {NUM} .+ tokens?)\. if (.+), create {NUM} of those "
                     r"tokens instead", s)
    if not m or (condition := activation_condition(m.group(3))) is None:
        return None
    base = read_sentence(m.group(1))
    instead = number(m.group(4))
    if not isinstance(base, fx.CreateToken) or type(base.count) is not int or \
            not isinstance(instead, int):
        return None
    return dataclasses.replace(base, count=fx.IfAmount(base.count, instead, condition))


@line_template
def _counted_bonus(line: str, printed: Printed, draft: Draft) -> bool:
    """An Aura's or Equipment's counted bonus (611.3a, counted continuously):
    ``equipped creature gets +1/+0 for each artifact you control.``, ``enchanted
    creature gets +1/+1 for each enchantment you control and has first strike.``,
    ``equipped creature [has first strike and] gets +x/+x, where x is the number of
    <counted>.``: an :class:`~effects.AttachedBonus` with ``per`` (and one with the
    keywords)."""
    m = re.fullmatch(r"(enchanted|equipped) creature (.+)\.", line)
    if not m or ("Aura" if m.group(1) == "enchanted" else "Equipment") \
            not in printed.subtypes:
        return False
    rest, keywords = m.group(2), ()
    if k := re.fullmatch(r"has (.+?) and (gets .+)", rest):
        rest, keywords = k.group(2), granted(k.group(1))
    elif k := re.fullmatch(r"(gets .+) and has (.+)", rest):
        rest, keywords = k.group(1), granted(k.group(2))
    if keywords is None:
        return False
    if g := re.fullmatch(r"gets \+(\d+)/\+(\d+) for each (.+)", rest):
        power, toughness = int(g.group(1)), int(g.group(2))
        count = counted(g.group(3), plural=False)
    elif g := re.fullmatch(r"gets \+(x|0)/\+(x|0), where x is the number of (.+)", rest):
        power, toughness = int(g.group(1) == "x"), int(g.group(2) == "x")
        count = counted(g.group(3), plural=True)
    else:
        return False
    if count is None or not power + toughness:
        return False
    if keywords:
        draft.statics.append(fx.AttachedBonus(keywords=keywords))
    draft.statics.append(fx.AttachedBonus(power, toughness, per=count))
    return True


@line_template
def _self_counted_bonus(line: str, printed: Printed, draft: Draft) -> bool:
    """A permanent's own counted bonus (611.3a, counted continuously): ``this gets
    +1/+1 for each land card in your graveyard`` (Knight of the Reliquary), ``this
    gets +1/+0 for each artifact you control``, ``... for each land you control and
    each land card in your graveyard`` (one :class:`~effects.SelfBonus` with ``per``
    for each count)."""
    m = re.fullmatch(r"this gets \+(\d+)/\+(\d+) for each (.+)\.", line)
    if not m or not is_permanent_card(printed):
        return False
    counts = [counted(part, plural=False) for part in m.group(3).split(" and each ")]
    power, toughness = int(m.group(1)), int(m.group(2))
    if not counts or None in counts or not power + toughness:
        return False
    draft.statics.extend(fx.SelfBonus((), power, toughness, per=c) for c in counts)
    return True


@line_template
def _self_and_enchanted_counted_bonus(line: str, printed: Printed, draft: Draft) -> bool:
    """A bestow card's bonus to itself and to its creature (611.3a, counted
    continuously): ``this and enchanted creature each get +x/+x, where x is the number
    of creature cards in all graveyards`` (Nighthowler), ``... each get +1/+1 for each
    creature you control and +1/+1 for each aura you control``: a
    :class:`~effects.SelfBonus` and an :class:`~effects.AttachedBonus` per count."""
    m = re.fullmatch(r"this and enchanted creature each get (.+)\.", line)
    if not m or "Aura" not in printed.subtypes or not is_permanent_card(printed):
        return False
    if g := re.fullmatch(r"\+x/\+x, where x is the number of (.+)", m.group(1)):
        counts = [counted(g.group(1), plural=True)]
    else:
        parts = re.split(r" and (?=\+1/\+1 for each )", m.group(1))
        counts = [counted(g.group(1), plural=False)
                  if (g := re.fullmatch(r"\+1/\+1 for each (.+)", part)) else None
                  for part in parts]
    if not counts or None in counts:
        return False
    draft.statics.extend(fx.SelfBonus((), 1, 1, per=c) for c in counts)
    draft.statics.extend(fx.AttachedBonus(1, 1, per=c) for c in counts)
    return True


SENTENCE_GROUPS.append((r".+\.", r".+ instead if .+\."))


@effect_template
def _x_plus_instead_if(s: str) -> fx.Effect | None:
    """``this deals x damage to any target. this deals x plus 2 damage instead if you
    control a creature with power 4 or greater`` (Crater's Claws, ferocious; 608.2h):
    an :class:`~effects.IfAmount` of X and :class:`~effects.Plus` of X."""
    m = re.fullmatch(r"(this deals x damage to .+)\. this deals x plus (\d+) damage "
                     r"instead if (.+)", s)
    if not m or (condition := activation_condition(m.group(3))) is None:
        return None
    base = read_sentence(m.group(1))
    if not isinstance(base, fx.DealDamage) or base.amount != "X" or base.divided:
        return None
    return dataclasses.replace(base, amount=fx.IfAmount(
        "X", fx.Plus("X", int(m.group(2))), condition))


@effect_template
def _instead_if(s: str) -> fx.Effect | None:
    """``<effect>. <that effect with other amounts> instead if <condition>``: one effect
    whose differing amounts are :class:`~effects.IfAmount` (608.2h: the condition is
    checked as it resolves). The second sentence names the first one's object as
    ``that creature`` (or leaves out the damage's recipient: "this deals 4 damage
    instead if ...")."""
    m = re.fullmatch(r"(.+)\. (.+) instead if (.+)", s)
    if not m or (condition := activation_condition(m.group(3))) is None:
        return None
    base = read_sentence(m.group(1))
    other = read_sentence(m.group(2))
    to = re.search(r" damage (to .+)$", m.group(1))
    if other is None and to and re.fullmatch(r"(?:this|it) deals \d+ damage", m.group(2)):
        other = read_sentence(re.sub(r"^it ", "this ", m.group(2)) + " " + to.group(1))
    if base is None or other is None or type(base) is not type(other) or \
            isinstance(base, (fx.Sequence, fx.Choose, fx.MayDo)):
        return None
    out = with_amounts(base, other, condition, ref_fields=("to", "what", "who"))
    return out if out is not None and out != base else None
