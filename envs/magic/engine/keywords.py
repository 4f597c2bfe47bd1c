"""Keyword abilities beyond the evergreen combat ones (rule 702), as data and pure
functions the engine's combat, targeting and damage code asks.

Each keyword here is a general mechanism named by its keyword line, never a card:

- **Evasion** (checked when blockers are declared, rule 509.1b): landwalk (702.14:
  unblockable while the defending player controls a land of that subtype),
  intimidate (702.13: only artifact creatures and creatures sharing a colour with
  it may block), fear (702.36: only artifact and/or black creatures), skulk
  (702.118: no creature with greater power may block), protection (702.16e: no
  creature with the stated quality may block).
- **Shroud** (702.18): no spell or ability targets it, its controller's included.
- **Infect** (702.90) and **wither** (702.80): damage to a creature is dealt as
  -1/-1 counters; infect's damage to a player gives poison counters instead of
  life loss, and ten poison counters lose the game (704.5c).
- **Prowess** (702.108) and **exalted** (702.83) are triggered abilities: the
  compiler adds the ability of :func:`keyword_triggers` for the keyword.
- **Protection** from a colour or a card type (702.16): damage from such sources is
  prevented, it can't be blocked by such creatures, and such spells and abilities
  can't target it; an Aura or Equipment of that quality can't be attached to it.
- **Shadow** (702.28: it can block or be blocked by only creatures with shadow) and
  **horsemanship** (702.31: it can't be blocked except by creatures with
  horsemanship), checked at blocks.
- **Toxic N** (702.164): combat damage it deals to a player also gives that player N
  poison counters (the total of its toxic values).
- **Bushido N** (702.45): whenever it blocks or becomes blocked, it gets +N/+N until
  end of turn (a triggered ability of :func:`keyword_triggers`).
- **Battle cry** (702.91a): whenever it attacks, each other attacking creature gets
  +1/+0 until end of turn. **Undying** (702.93a) and **persist** (702.79a): when it
  dies, if it had no +1/+1 (-1/-1) counters on it, its card returns from its owner's
  graveyard to the battlefield under its owner's control with a +1/+1 (-1/-1)
  counter on it (triggered abilities of :func:`keyword_triggers`; the "if" is
  :data:`~effects.OBJECT_CONDITIONS`). **Living weapon** (702.92a): when this
  Equipment enters, its controller creates a 0/0 black Phyrexian Germ creature token
  and attaches this to it. **Evolve** (702.100a): whenever a creature enters under
  its controller's control, if that creature has greater power or toughness than
  it, it gets a +1/+1 counter. **Unleash** (702.98a): as the spell resolves, its
  controller chooses whether it enters with a +1/+1 counter (a ``yesno`` decision
  with ``"unleash"``); it can't block while it has a +1/+1 counter. **Soulbond**
  (702.95a): when it enters, its controller may pair it with another unpaired
  creature they control; whenever another creature enters under their control, they
  may pair that one with it (both unpaired, an intervening "if"); the pair lasts
  while both are creatures that player controls (702.95e), and its
  :class:`~effects.PairedBonus` applies to both. **Riot** (702.136a): as its spell
  resolves, its controller chooses a +1/+1 counter (``yes`` of a ``yesno`` decision
  with ``"riot"``) or haste (``no``); entering another way, it gets the counter
  (automated). **Ascend** (702.131b): its controller gets the city's blessing once
  they control ten or more permanents (checked with the state-based actions).
- **Decayed** (702.147a): it can't block, and when it attacks, its controller
  sacrifices it at end of combat (a triggered ability of :func:`keyword_triggers`
  that creates a delayed one, 603.7). **Myriad** (702.116a): whenever it attacks, for
  each opponent other than the defending player its controller may create a token
  copy of it tapped and attacking that player, exiled at end of combat
  (:class:`~effects.Myriad`). Decayed is played on a card's own keyword line and on the
  tokens an effect creates "with decayed" (:func:`~resolve.token_def` builds the
  ability, :data:`TOKEN_BUILT`); an effect granting it to a permanent is refused.
- The until-end-of-turn restrictions "can't block", "can't be blocked" and "can't
  attack" (:data:`RESTRICTIONS`) are granted like keywords by a
  :class:`~effects.Pump` ("target creature can't block this turn"); they are not
  abilities a card's keyword line may name.
"""

from __future__ import annotations

import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.mana import parse_cost

LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
            "mountainwalk": "Mountain", "forestwalk": "Forest"}
"""Landwalk keyword -> the land subtype that makes the creature unblockable."""

PROTECTION: dict[str, tuple[str, str]] = {
    **{f"protection from {name}": ("colour", c) for c, name in (
        ("W", "white"), ("U", "blue"), ("B", "black"), ("R", "red"), ("G", "green"))},
    **{f"protection from {name}": ("type", t) for t, name in (
        ("Artifact", "artifacts"), ("Creature", "creatures"),
        ("Enchantment", "enchantments"), ("Instant", "instants"),
        ("Sorcery", "sorceries"), ("Planeswalker", "planeswalkers"))},
    "protection from everything": ("all", ""),
    "protection from multicolored": ("multicolored", ""),
    "protection from spells that are one or more colors": ("colored_spells", ""),
    "protection from the chosen player": ("player", ""),
}
"""Protection keyword -> (``"colour"``, colour) / (``"type"``, card type) /
(``"multicolored"``, "": two or more colours, 105.2c) / (``"colored_spells"``, "":
spells with one or more colours, whose source qualities carry the pseudo type
:data:`SPELL`) / (``"player"``, "": every object controlled by the player chosen as
the permanent entered, 702.16 with 614.12c: True-Name Nemesis) / (``"all"``, "") :
the quality it protects from."""
SPELL = "Spell"
"""Added to a spell's card types where protection looks at a source's qualities (a
spell's, not its ability's or its permanent's): "protection from spells that are one
or more colors" (Emrakul, the Aeons Torn)."""

_TWO_PROTECTIONS = re.compile(r"protection from ([a-z]+) and from ([a-z]+)")
_EACH_COLOUR = re.compile(r"protection from (?:each color|all colors)")


def split_protections(text: str) -> str:
    """``"protection from black and from green"`` -> ``"protection from black,
    protection from green"``: one protection ability with two qualities is read as
    two protections, "protection from each color" as five (702.16: "protection from
    [quality A] and from [quality B]" is
    shorthand for both), in a keyword line or after "has" / "gains"."""
    text = _EACH_COLOUR.sub(", ".join(f"protection from {c}" for c in (
        "white", "blue", "black", "red", "green")), text)
    return _TWO_PROTECTIONS.sub(r"protection from \1, protection from \2", text)

POISON_TO_LOSE = 10
"""Poison counters that make a player lose (704.5c)."""

EVASION = frozenset({*LANDWALK, "intimidate", "fear", "skulk", *PROTECTION})
"""Keywords that restrict which creatures may block their creature."""



def evasive(keywords: frozenset[str]) -> bool:
    """Whether an attacker with ``keywords`` has some evasion: one of :data:`EVASION`
    or a protection from a subtype (:func:`protection_quality`)."""
    return bool(keywords & EVASION) or any(k.startswith(_FROM) for k in keywords)


MIN_BLOCKERS = {"menace": 2}
"""Keywords that let their creature be blocked only by at least that many creatures
(menace, 702.111b: "can't be blocked except by two or more creatures"); checked when
the blocking player finishes declaring blockers (509.1b)."""


def min_blockers(keywords: frozenset[str]) -> int:
    """The fewest creatures that may block a creature with ``keywords`` (1 unless a
    keyword of :data:`MIN_BLOCKERS` says more)."""
    return max((MIN_BLOCKERS[k] for k in keywords if k in MIN_BLOCKERS), default=1)


_FROM = "protection from "


def protection_quality(kw: str) -> tuple[str, str] | None:
    """What keyword ``kw`` protects from: :data:`PROTECTION`'s quality, or
    (``"subtype"``, subtype) for "protection from <subtype>" as the compiler writes a
    plural subtype ("protection from dragons" -> ``"protection from Dragon"``:
    Baneslayer Angel); None if ``kw`` is no protection."""
    quality = PROTECTION.get(kw)
    if quality is None and kw.startswith(_FROM) and kw[len(_FROM):len(_FROM) + 1].isupper():
        return ("subtype", kw[len(_FROM):])
    return quality


def is_keyword(kw: str) -> bool:
    """Whether ``kw`` is a keyword ability the engine plays: one of :data:`ALL` or a
    protection from a subtype."""
    return kw in ALL or (kw.startswith(_FROM) and protection_quality(kw) is not None)


def protected(keywords: frozenset[str], colours: tuple[str, ...] | frozenset[str],
              types: tuple[str, ...] | frozenset[str], controller: int = -1,
              chosen: str = "") -> bool:
    """Whether an object with ``keywords`` has protection from a source of those
    ``colours`` and card ``types`` (and subtypes, which protection from a subtype
    reads) controlled by ``controller`` (-1: not known);
    ``chosen``: the protected permanent's choice as it entered (a player's seat
    number, for "protection from the chosen player")."""
    for kw in keywords:
        quality = protection_quality(kw)
        if quality is None:
            continue
        kind, value = quality
        if kind == "all" or (kind == "colour" and value in colours) or (
                kind in ("type", "subtype") and value in types) or (
                kind == "multicolored" and len(colours) > 1) or (
                kind == "colored_spells" and SPELL in types and colours) or (
                kind == "player" and controller >= 0 and chosen == str(controller)):
            return True
    return False


def may_block(attacker_keywords: frozenset[str], attacker_colours: tuple[str, ...],
              attacker_power: int, blocker_colours: tuple[str, ...],
              blocker_types: tuple[str, ...], blocker_power: int,
              defending_land_subtypes: set[str], blocker_controller: int = -1,
              attacker_chosen: str = "") -> bool:
    """Whether a blocker may block an attacker as far as the attacker's evasion
    keywords (of :data:`EVASION`) go."""
    kws = attacker_keywords
    for kw in kws:
        land = LANDWALK.get(kw)
        if land is not None and land in defending_land_subtypes:
            return False
    artifact = "Artifact" in blocker_types
    if "intimidate" in kws and not artifact and not (
            set(attacker_colours) & set(blocker_colours)):
        return False
    if "fear" in kws and not artifact and "B" not in blocker_colours:
        return False
    if "skulk" in kws and blocker_power > attacker_power:
        return False
    return not protected(kws, blocker_colours, blocker_types, blocker_controller,
                         attacker_chosen)


def keyword_triggers(keywords: frozenset[str] | set[str]) -> tuple[fx.TriggeredAbility, ...]:
    """The triggered abilities that keyword abilities stand for: prowess ("whenever
    you cast a noncreature spell, this gets +1/+1 until end of turn"), exalted
    ("whenever a creature you control attacks alone, that creature gets +1/+1 until
    end of turn"), bushido, battle cry, undying, persist, living weapon, evolve,
    decayed and myriad."""
    out = []
    if "prowess" in keywords:
        out.append(fx.TriggeredAbility(fx.Trigger("casts_noncreature", fx.Ref("you")),
                                       fx.Pump(1, 1, fx.Ref("self"))))
    for kw in sorted(keywords):
        n = BUSHIDO.get(kw)
        if n:
            for event in ("blocks", "becomes_blocked"):
                out.append(fx.TriggeredAbility(fx.Trigger(event),
                                               fx.Pump(n, n, fx.Ref("self"))))
    if "battle cry" in keywords:  # 702.91a
        out.append(fx.TriggeredAbility(fx.Trigger("attacks"), fx.Pump(
            1, 0, fx.Each(fx.Filter(types=frozenset({"Creature"}),
                                    props=frozenset({"attacking", "other"}))))))
    for kw, condition, counter in (("undying", "no_plus_counters", "+1/+1"),
                                   ("persist", "no_minus_counters", "-1/-1")):
        if kw in keywords:  # 702.93a, 702.79a
            out.append(fx.TriggeredAbility(
                fx.Trigger("dies", condition=condition),
                fx.MoveCards(fx.Ref("this_card"), "battlefield", counter=counter)))
    if "evolve" in keywords:  # 702.100a
        out.append(fx.TriggeredAbility(
            fx.Trigger("enters", fx.Filter(types=frozenset({"Creature"}),
                                           controller="you"), condition="evolve"),
            fx.AddCounters(1, fx.Ref("self"))))
    if "living weapon" in keywords:  # 702.92a
        out.append(fx.TriggeredAbility(fx.Trigger("enters"), fx.Sequence((
            fx.CreateToken(GERM), fx.Attach(fx.Ref("it"))))))
    if "decayed" in keywords:  # 702.147a
        out.append(fx.TriggeredAbility(fx.Trigger("attacks"), fx.Delayed(
            "end_of_combat", fx.SacrificeIt(fx.Ref("it")))))
    if "myriad" in keywords:  # 702.116a
        out.append(fx.TriggeredAbility(fx.Trigger("attacks"), fx.Myriad()))
    if "extort" in keywords:  # 702.101a (a second instance is not told apart)
        out.append(fx.TriggeredAbility(
            fx.Trigger("cast", fx.Filter(controller="you")),
            fx.IfYouDo((fx.PayCost(parse_cost("{W/B}")),  # (mana: no engine import)
                        fx.LoseLife(1, fx.Ref("each_opponent")),
                        fx.GainLife("life_lost"))), optional=True))
    if "soulbond" in keywords:  # 702.95a: its two triggered abilities
        out.append(fx.TriggeredAbility(fx.Trigger("enters", condition="soulbond"),
                                       fx.Pair()))
        out.append(fx.TriggeredAbility(
            fx.Trigger("enters", fx.Filter(types=frozenset({"Creature"}),
                                           controller="you", props=frozenset({"other"})),
                       condition="soulbond"),
            fx.Pair(fx.Ref("it")), optional=True))
    out.extend(combat_keyword_triggers(keywords))
    if "exalted" in keywords:
        out.append(fx.TriggeredAbility(
            fx.Trigger("attacks_alone", fx.Filter(types=frozenset({"Creature"}),
                                                  controller="you")),
            fx.Pump(1, 1, fx.Ref("it"))))
    return tuple(out)


_ATTACKING_CREATURE = fx.Filter(types=frozenset({"Creature"}),
                                props=frozenset({"attacking"}))


def combat_keyword_triggers(keywords: frozenset[str] | set[str]
                            ) -> list[fx.TriggeredAbility]:
    """The triggered abilities of the combat keywords: annihilator N (702.86a:
    "whenever this creature attacks, defending player sacrifices N permanents"),
    afflict N (702.130a: "whenever this creature becomes blocked, defending player
    loses N life"), rampage N (702.23a: "... it gets +N/+N until end of turn for each
    creature blocking it beyond the first"), flanking (702.25a: "whenever a creature
    without flanking blocks this creature, the blocking creature gets -1/-1 until end
    of turn"; one instance per flanking, 702.25b), dethrone (702.105a), mentor
    (702.134a: "put a +1/+1 counter on target attacking creature with lesser power"),
    training (702.149a), melee (702.121a: "+1/+1 until end of turn for each
    opponent you attacked with a creature this combat") and provoke (702.39a: "you
    may have target creature defending player controls untap and block this
    creature this turn if able")."""
    out = []
    for kw in sorted(keywords):
        if n := ANNIHILATOR.get(kw):
            out.append(fx.TriggeredAbility(fx.Trigger("attacks"), fx.Sacrifice(
                fx.Filter(), n, fx.Ref("defending_player"))))
        elif n := AFFLICT.get(kw):
            out.append(fx.TriggeredAbility(fx.Trigger("becomes_blocked"), fx.LoseLife(
                n, fx.Ref("defending_player"))))
        elif n := RAMPAGE.get(kw):
            per = fx.Count("blockers_beyond_first", times=n)
            out.append(fx.TriggeredAbility(fx.Trigger("becomes_blocked"),
                                           fx.Pump(per, per, fx.Ref("self"))))
    if "flanking" in keywords:
        out.append(fx.TriggeredAbility(fx.Trigger("blocked_by", condition="no_flanking"),
                                       fx.Pump(-1, -1, fx.Ref("it"))))
    if "dethrone" in keywords:
        out.append(fx.TriggeredAbility(fx.Trigger("attacks", condition="dethrone"),
                                       fx.AddCounters(1, fx.Ref("self"))))
    if "training" in keywords:
        out.append(fx.TriggeredAbility(fx.Trigger("attacks", condition="training"),
                                       fx.AddCounters(1, fx.Ref("self"))))
    if "mentor" in keywords:
        out.append(fx.TriggeredAbility(fx.Trigger("attacks"), fx.AddCounters(
            1, fx.Target("creature", fx.Filter(
                types=frozenset({"Creature"}),
                props=frozenset({"attacking", "lesser_power"}))))))
    if "provoke" in keywords:  # 702.39a
        out.append(fx.TriggeredAbility(fx.Trigger("attacks"), fx.Sequence((
            fx.TapOrUntap(fx.Target("creature", fx.Filter(
                types=frozenset({"Creature"}), props=frozenset({"defending_controls"}))),
                tap=False),
            fx.MustBlock(fx.Ref("it")))), optional=True))
    if "melee" in keywords:
        per = fx.Count("opponents_attacked")
        out.append(fx.TriggeredAbility(fx.Trigger("attacks"),
                                       fx.Pump(per, per, fx.Ref("self"))))
    return out


GERM = fx.TokenSpec("Phyrexian Germ Token", ("Creature",), ("Phyrexian", "Germ"),
                    ("B",), 0, 0)
"""The token living weapon makes (702.92a): a 0/0 black Phyrexian Germ creature."""

TOXIC = {f"toxic {n}": n for n in range(1, 10)}
"""Toxic N (702.164) -> N."""
BUSHIDO = {f"bushido {n}": n for n in range(1, 10)}
"""Bushido N (702.45) -> N."""
ANNIHILATOR = {f"annihilator {n}": n for n in range(1, 10)}
AFFLICT = {f"afflict {n}": n for n in range(1, 10)}
RAMPAGE = {f"rampage {n}": n for n in range(1, 10)}
"""Annihilator N (702.86), afflict N (702.130), rampage N (702.23) -> N."""
COMBAT_TRIGGERED = ("flanking", "dethrone", "training", "mentor", "melee", "provoke",
                    *ANNIHILATOR, *AFFLICT, *RAMPAGE)
"""Combat keywords that are triggered abilities (:func:`combat_keyword_triggers`)."""

MORE = ("shroud", "infect", "wither", "intimidate", "fear", "skulk", "prowess",
        "exalted", "shadow", "horsemanship", "battle cry", "undying", "persist",
        "living weapon", "evolve", "unleash", "decayed", "extort", "soulbond", "riot",
        "ascend", "split second", "myriad",
        *LANDWALK,
        *PROTECTION, *TOXIC, *BUSHIDO, *COMBAT_TRIGGERED,
        "can attack as though it didn't have defender",
        "may assign its combat damage as though it weren't blocked")
"""Keywords of this module. The observation encodes one feature for each keyword of
:data:`~effects.KEYWORDS` only; these show through their effects (counters, power,
what may block), so adding them left the observation unchanged."""

DAY_NIGHT = ("daybound", "nightbound")
"""Daybound and nightbound (702.145): the faces of a transforming double-faced card that
turn with the game's day and night (rule 726; see
:meth:`~objects.ObjectsMixin.become_day_or_night`)."""

ALL = fx.KEYWORDS + MORE + DAY_NIGHT
"""Every keyword ability a card's keyword line may name."""

RESTRICTIONS = {"can't block": "cant_block", "can't be blocked": "cant_be_blocked",
                "can't attack": "cant_attack",
                "attacks each combat if able": "attacks_each_combat",
                "must be blocked if able": "must_be_blocked",
                "blocks each combat if able": "blocks_each_combat",
                "all creatures able to block it do so": "lure"}
"""Until-end-of-turn combat restrictions a :class:`~effects.Pump` grants like keywords
-> the :class:`~effects.CombatRestriction` field they stand for."""
IGNORES_DEFENDER = "can attack as though it didn't have defender"
"""508.1c: a creature with defender that has this (from an until-end-of-turn effect or
its own "as long as ...") may attack; not a keyword of a keyword line."""
UNBLOCKED_DAMAGE = "may assign its combat damage as though it weren't blocked"
"""A creature whose controller may have it assign its combat damage as though it
weren't blocked (its own "you may have this creature assign ...", or an Aura's
"enchanted creature's controller may have it ..."): when it is blocked, its controller
chooses, as combat damage is assigned (510.1), between dividing it among its blockers
and assigning all of it to the player or planeswalker it attacks (510.1a-c; the
damage is not split between the two); not a keyword of a keyword line."""
DETAINED = "detained"
"""The mark detain (701.35a) leaves among a permanent's until-your-next-turn effects
(``[0, 0, ["can't attack", "can't block", "detained"], detaining seat]``): its
activated abilities can't be activated (:func:`detained`)."""


def detained(mods: list) -> bool:
    """Whether a permanent with until-end-of-turn effects ``mods`` is detained."""
    return any(DETAINED in m[2] for m in mods)


GOADED = "goaded"
"""The mark goad (701.38a) leaves among a creature's until-your-next-turn effects
(``[0, 0, ["goaded"], goading seat]``): not a keyword a card or an effect grants."""
OWN_ONLY = frozenset({"extort", "battle cry", "undying", "persist", "living weapon", "evolve",
                      "unleash", "decayed", "soulbond", "riot", "ascend", "prowess",
                      "split second", "myriad",
                      "exalted", *BUSHIDO, *COMBAT_TRIGGERED})
"""Keywords whose triggered ability is built as the card is compiled
(:func:`keyword_triggers`): played on a card's own keyword line only; an effect or
a token that would grant one is refused (:func:`~resolve.unresolvable`)."""
TOKEN_BUILT = frozenset({"decayed", "prowess", "exalted", *BUSHIDO})
"""Keywords of :data:`OWN_ONLY` a token may have as it is created ("create a 2/2 black
Zombie creature token with decayed"): the token's definition
(:func:`~resolve.token_def`) gets the keyword's triggered ability, as a card's own
keyword line does (decayed, prowess, exalted, bushido N)."""
GRANTABLE = (frozenset(ALL) - OWN_ONLY) | frozenset(RESTRICTIONS)
"""What a :class:`~effects.Pump` may grant until end of turn."""


def grantable(kw: str) -> bool:
    """Whether an effect may grant keyword ``kw``: one of :data:`GRANTABLE` or a
    protection from a subtype."""
    return kw in GRANTABLE or (kw.startswith(_FROM) and protection_quality(kw) is not None)


def toxic(keywords: frozenset[str]) -> int:
    """The total toxic value of a creature with ``keywords`` (702.164b)."""
    return sum(TOXIC.get(k, 0) for k in keywords)
