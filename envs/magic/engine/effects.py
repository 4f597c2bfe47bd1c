"""The card engine's effect vocabulary: what a compiled card can say.

The compiler (:mod:`labyrinth_gym.envs.magic.engine.compiler`) reads a card's oracle
text into a :class:`CardDef` built from these frozen dataclasses; the rules engine
interprets them. Nothing here knows about text or about game state.

Three layers:

- **Selectors** say which objects or players an effect touches: a :class:`Target`
  (chosen when the spell or ability is put on the stack, checked on resolution), a
  :class:`Ref` to something the context already names (``"self"``, ``"you"``, ``"it"``:
  the previous target), or :class:`Each` permanent matching a :class:`Filter`.
- **Effects** change the game: :class:`DealDamage`, :class:`Destroy`, :class:`Draw`,
  :class:`Manifest`, :class:`ManifestDread`, the library and hand effects
  :class:`LookAtTop` (scry, surveil), :class:`Dig`, :class:`Search`, :class:`Shuffle`,
  :class:`RevealHand`, :class:`ChooseDiscard`... :class:`Sequence` runs several in order,
  :class:`Choose` is a modal spell, :class:`MayDo` an optional one ("you may").
- **Abilities** hang effects on a card: the spell itself (:class:`SpellAbility`),
  :class:`ActivatedAbility` (a :class:`Cost`, then an effect), :class:`TriggeredAbility`
  (a :class:`Trigger` event, then an effect) and static abilities
  (:class:`Anthem`, :class:`AttachedBonus`, :class:`EntersTapped`,
  :class:`CombatRestriction`, :class:`Devour`, :class:`CantBeCountered`).
- **Replacement and prevention effects** (rules 614-616) that an effect creates for
  the rest of the turn: :class:`Regenerate` (a regeneration shield),
  :class:`PreventDamage`, :class:`ExileIfDies`; entering tapped is the static
  :class:`EntersTapped`.

:data:`FACE_DOWN` is what a face-down permanent is (rule 708.2): a 2/2 creature with no
name, text, subtypes or mana cost.

:func:`tree` turns any of them into plain nested dicts (``{"DealDamage": {...}}``)
for ``labyrinth-gym cards show`` and for tests that spell out the expected tree.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from labyrinth_gym.envs.magic.engine.mana import COLOURS, ManaCost

KEYWORDS = (
    "flying", "reach", "haste", "vigilance", "trample", "deathtouch", "lifelink",
    "first strike", "double strike", "defender", "menace", "hexproof", "indestructible",
    "flash",
)
"""The evergreen keyword abilities, one observation feature each; the engine implements
more (:data:`~keywords.ALL`, the rest in :mod:`~keywords`)."""

Amount = Any
"""A number, ``"X"`` (the value chosen on casting), ``"that_much"`` (the amount
of the event that triggered the ability: :data:`AMOUNT_EVENTS`), ``"life_lost"``
(the life the earlier steps of the same effect made players lose: "each opponent
loses 2 life. you gain life equal to the life lost this way"), ``"exiled_total"``
(the cards the exile step before it moved to exile, a token too: "exile all creatures
you control. then create that many ..."), ``"exiled_power"`` (the total power of
the cards the :class:`MoveChosenCards` step before it moved, 0 if it is negative,
107.1b: "the total power of the cards exiled this way") or a :class:`Count` made as
the effect resolves."""


@dataclass(frozen=True)
class Count:
    """An amount counted as the effect resolves (608.2h): ``"permanents"`` matching
    ``filter`` as the resolving object's controller sees them ("for each creature you
    control", "the number of creatures on the battlefield"), ``"opponents"`` of that
    controller still in the game, ``"hand"``: the cards in that controller's hand;
    ``"graveyard"``: the cards matching ``filter`` (a card filter) in that
    controller's graveyard (``filter.controller`` ``"you"``) or in all graveyards;
    ``"graveyard_types"``: the card types among the cards in those graveyards
    (Tarmogoyf); ``"greatest_power"``: the greatest power among the permanents
    matching ``filter`` (0 when there is none: "draw cards equal to the greatest power
    among creatures you control"); ``"devotion"``: that controller's devotion to
    ``colour`` (700.5: the mana symbols of that colour among the mana costs of the
    permanents they control, a hybrid symbol counting for each of its colours),
    ``colour`` ``""`` being the colour chosen as the mana is added ("choose a color.
    add an amount of mana of that color equal to your devotion to that color");
    ``"counters"``: the ``counter`` counters on the source ("add {C} for each charge
    counter on this"); ``"players_lost_life"``: the players still in the game who
    lost life this turn (119.3: damage and paid life included; "for each player who
    lost life this turn"); ``"total_power"``: the total power of the permanents
    matching ``filter`` (0 if it is negative, 107.1b: "where x is the total power of
    attacking creatures"); ``"life"``: that controller's life total (0 if it is
    negative, 107.1b: "create x 2/2 white cat creature tokens, where x is your life
    total"). ``of`` ``"that_player"`` (``"hand"`` and ``"permanents"``): the cards in
    the hand of each player the effect acts on, or the permanents matching ``filter``
    that player controls, counted for each of them ("this deals damage to each
    opponent equal to the number of cards in that player's hand / lands that player
    controls")."""

    what: str = "permanents"
    filter: Filter | None = None
    times: int = 1  # "you gain 4 life for each ...": four per one counted
    colour: str = ""
    counter: str = ""  # "counters": the counters of this kind on the source
    of: str = "you"  # "that_player": the player the effect is acting on


COUNT_KINDS = ("permanents", "opponents", "hand", "life", "graveyard", "graveyard_types",
               "greatest_power", "devotion", "counters", "players_lost_life",
               "opponents_attacked", "blockers_beyond_first", "colours_spent",
               "half_life", "basic_land_types", "total_power", "graveyard_this_way",
               "short_of_most_hand", "commander_mana_value",
               "foretold")
"""(``"commander_mana_value"``: the greatest mana value of a commander the player
owns on the battlefield or in the command zone, 903.3; 0 when there is none, as outside
a Commander game: Imposing Grandeur; ``"basic_land_types"``: the basic land types, 305.6, among the lands that
controller controls (domain: "the number of basic land types among lands you
control"); ``"opponents_attacked"``: the opponents the controller attacked with a creature
this combat, melee 702.121a; ``"blockers_beyond_first"``: the creatures blocking the
source beyond the first, rampage 702.23a; ``"colours_spent"``: the colours of mana
spent to cast the spell, 601.2h: sunburst 702.44a and converge, "for each color of
mana spent to cast it"; counted for the spell as it resolves, and for the permanent
it becomes as that enters; ``"foretold"``: the foretold cards that player owns in
exile (702.143a, "for each foretold card you own in exile"); ``"short_of_most_hand"``: how many fewer cards that
player has in hand than the player with the most (counted for each player the effect
acts on, the most seen once as it resolves: "draws cards equal to the difference");
``"half_life"``: half the player's life total, rounded up
(107.1a; 0 if it is negative), "that player loses half their life, rounded up";
``"graveyard_this_way"``: the cards matching the card filter ``filter`` that earlier
steps of the resolving effect milled or destroyed into graveyards, "for each creature
card put into a graveyard this way".)"""


RULED_COUNTERS = frozenset({
    "+1/+1", "-1/-1", "loyalty", "lore", "defense", "stun", "shield", "finality",
    "poison", "energy", "experience", "rad", "time", "fade", "age", "level",
    "blood", "flood", "bounty", "hit", "ticket", "brick"})
"""Counter kinds with rules of their own or read by keywords and mechanisms (122.1:
+1/+1 and -1/-1, loyalty, lore, defense, stun, shield, finality; a player's poison,
energy, experience, rad; suspend's time, vanishing's fade, cumulative upkeep's age,
level up's level...): a counter of any of these is played only where the engine says
so (:data:`~resolve.SUPPORTED_COUNTERS`)."""


_PT_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")


def pt_counter(kind: str) -> tuple[int, int] | None:
    """The power and toughness a counter of ``kind`` adds (122.1a: "-0/-1", "+1/+0",
    "+1/+1"), None for a counter that changes neither."""
    m = _PT_COUNTER.fullmatch(kind)
    return (int(m.group(1)), int(m.group(2))) if m else None


def plain_counter(kind: str) -> bool:
    """Whether ``kind`` names a counter with no rules of its own (122.1: a charge or
    quest counter only counts, "for each charge counter on this"), so that putting,
    removing and counting it is all it does: one word, not a keyword counter (122.1b:
    a flying counter grants flying) nor one of :data:`RULED_COUNTERS`."""
    return kind.isalpha() and kind not in RULED_COUNTERS and \
        kind not in KEYWORDS and kind not in ("first", "double", "strike", "hexproof",
                                              "indestructible", "menace")


@dataclass(frozen=True)
class StatOf:
    """An amount: the ``stat`` (``"power"``, ``"toughness"`` or ``"mana_value"``) of the
    permanent an earlier step targeted (``of``: ``"it"``), as it last existed on the
    battlefield if that step moved it away (last known information, 608.2h): "exile
    target creature. its controller gains life equal to its power"; or (``of``:
    ``"sacrificed"``) of the permanent an earlier :class:`Sacrifice` step of the same
    effect had sacrificed, as it last existed: "target player sacrifices a creature of
    their choice, then gains life equal to that creature's toughness"; or (``of``:
    ``"cost"``) of the permanent sacrificed to pay the cost of the spell or ability,
    as it last existed ("this deals damage equal to the sacrificed creature's power to
    any target"); or (``of``: ``"self"``) of the ability's source, as it is now or last existed: "this deals
    damage equal to its power"; or (``of``: ``"this_card"``) of the ability's own
    card outside the battlefield, its printed value (scavenge's "the power of the
    card you exiled", 702.97a); a negative value counts as 0 (107.1b)."""

    stat: str
    of: str = "it"


STATS = ("power", "toughness", "mana_value")


# ------------------------------------------------------------------ selectors
@dataclass(frozen=True)
class Filter:
    """Which permanents (or cards) match.

    Attributes:
        types: Card types required (any of them), e.g. ``{"Creature"}``; empty: any.
        subtypes: Subtypes required (any of them); empty: any.
        controller: ``"you"``, ``"opponent"``, ``"any"`` or, in a selector,
            :data:`ITS_CONTROLLER`.
        props: Further conditions: ``"nonland"``, ``"noncreature"``, ``"tapped"``,
            ``"untapped"``, ``"attacking"``, ``"blocking"``, ``"attacking_or_blocking"``,
            ``"other"`` (not the source), ``"nontoken"``, ``"token"``, ``"flying"``,
            ``"nonflying"`` ("without flying"), ``"reach"``, ``"defender"``,
            ``"entered_this_turn"`` ("that entered this turn");
            a colour or its absence (``"black"``, ``"nonblack"``, ``"colorless"``,
            ``"multicolored"``, ``"monocolored"``); a card type or supertype absent
            (``"nonartifact"``, ``"nonlegendary"``, ``"nonbasic"``...) or a supertype
            present (``"legendary"``, ``"basic"``); a comparison of mana value, power
            or toughness (``"mana_value<=3"``, ``"power>=4"``: :func:`comparison`).
            A filter of cards in a hidden zone (a search, a revealed hand) uses
            only types, subtypes and the props of a card's characteristics
            (:func:`~library.card_prop`: no tapped, attacking, token...).
    """

    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    controller: str = "any"
    props: frozenset[str] = frozenset()


DEFENDING_PLAYER = "defending_player"
"""A target :class:`Filter`'s ``controller``: the defending player of the attack
trigger it is in ("whenever this attacks, tap target creature defending player
controls", 506.2); only in an ``attacks`` / ``unblocked`` trigger."""
ITS_CONTROLLER = "its_controller"
"""A :class:`Filter`'s ``controller`` naming the player an earlier target of the same
spell or ability names: that player, or that planeswalker's controller ("each creature
that player or that planeswalker's controller controls", 115.1): only in an
:class:`Each` or a later :class:`Target`."""


COLOUR_PROPS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
"""Colour words of a filter, and their colours."""
TYPE_PROPS = {"artifact": "Artifact", "enchantment": "Enchantment",
              "planeswalker": "Planeswalker", "land": "Land", "creature": "Creature"}
SUPERTYPE_PROPS = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow"}
COMPARED = ("mana_value", "power", "toughness")
NON_SUBTYPE = "non-"
"""The prefix of a negated-subtype prop: ``"non-Angel"`` matches an object without
that subtype ("target non-Angel creature you control", 205.3)."""
SUBTYPE = "-"
"""The prefix of a subtype prop: ``"-Skeleton"`` matches an object with that subtype;
only inside an :data:`EITHER` prop (``"other|-Skeleton"``: "Skeletons you control and
other Zombies you control": a Skeleton, or any other than the source)."""
_COMPARISON = re.compile(r"(mana_value|power|toughness)(<=|>=|==)(\d+)")


def comparison(prop: str) -> tuple[str, str, int] | None:
    """``("power", ">=", 4)`` for the prop ``"power>=4"``; None for any other prop."""
    m = _COMPARISON.fullmatch(prop)
    return (m.group(1), m.group(2), int(m.group(3))) if m else None


EITHER = "|"
"""Joins the qualities of a disjunctive prop: ``"red|green"`` matches an object that
is red or green ("target red or green creature")."""


X_COST = "x_cost"
"""A filter quality: "with {X} in its mana cost" (107.3; Frontline Medic's "target
spell with {x} in its mana cost")."""
WITH_FORETELL = "with_foretell"
"""A filter quality: a card with foretell (702.143a; "target card with foretell from
your graveyard")."""


def known_prop(prop: str) -> bool:
    """Whether the engine can check filter property ``prop``."""
    if EITHER in prop:
        return all((known_prop(p) and p not in BASIC_PROPS) or p == "other"
                   for p in prop.split(EITHER))
    word = prop.removeprefix("non")
    return (prop in BASIC_PROPS or prop in (X_COST, WITH_FORETELL)
            or prop.startswith(NON_SUBTYPE) or prop.startswith(SUBTYPE)
            or word in COLOUR_PROPS
            or comparison(prop) is not None or word in TYPE_PROPS
            or word in SUPERTYPE_PROPS)


def has_quality(prop: str, d: CardDef,
                stats: Callable[[], tuple[int, int]] | None = None) -> bool:
    """Whether an object with the characteristics ``d`` has the filter quality
    ``prop``: a colour, card type or supertype (or its ``non`` form), the number of its
    colours, or a compared mana value, power or toughness. ``stats`` gives a
    permanent's power and toughness now; without it (a card in a hidden zone) they are
    the printed ones, and a card without them has none; ``"red|green"``
    (:data:`EITHER`): any of the qualities."""
    if EITHER in prop:
        return any(has_quality(p, d, stats) for p in prop.split(EITHER))
    negated = prop.startswith("non")
    word = prop[3:] if negated else prop
    if negated and word[:1] == "-":  # NON_SUBTYPE: "non-Angel"
        return word[1:] not in d.subtypes
    if prop[:1] == SUBTYPE:  # "-Skeleton"
        return prop[1:] in d.subtypes
    colour = COLOUR_PROPS.get(word)
    if colour is not None:
        return (colour in d.colours) != negated
    if word in TYPE_PROPS:
        return (TYPE_PROPS[word] in d.types) != negated
    if word in SUPERTYPE_PROPS:
        return (SUPERTYPE_PROPS[word] in d.supertypes) != negated
    if prop == X_COST:  # "with {X} in its mana cost" (107.3)
        return d.cost is not None and d.cost.x > 0
    if prop == WITH_FORETELL:  # "a card with foretell" (702.143a)
        return d.foretell is not None
    if prop == "colorless":
        return not d.colours
    if prop == "multicolored":
        return len(d.colours) > 1
    if prop == "monocolored":
        return len(d.colours) == 1
    compared = comparison(prop)
    if compared is None:  # unresolvable() refuses cards with other props at load
        raise RuntimeError(f"filter property {prop!r} reached play")
    stat, op, n = compared
    if stat == "mana_value":
        value = d.mana_value
    elif stats is not None:
        value = stats()[0 if stat == "power" else 1]
    else:
        value = getattr(d, stat)
        if value is None:
            return False
    return value <= n if op == "<=" else value >= n if op == ">=" else value == n


BASIC_PROPS = frozenset({"not_named_self", "tapped", "untapped", "attacking", "blocking",
                         "attacking_or_blocking", "other", "nontoken", "token", "flying",
                         "unblocked", "defending_controls",
                         "nonflying", "reach", "defender", "colorless", "multicolored",
                         "monocolored", "chosen_type", "chosen_color", "another_target",
                         "attached", "entered_this_turn", "self", "lesser_power",
                         "greatest_power", "not_made_this_way", "plus_counter",
                         "commander", "noncommander", "damaged_by_source",
                         "no_mana_abilities", "goaded"})
"""``no_mana_abilities``: a permanent without mana abilities (605.1: activated or
triggered, printed or granted; "target artifacts without mana abilities").
``lesser_power``: power less than the source's (mentor, 702.134a).
``plus_counter``: with a +1/+1 counter on it (122.1).
``goaded``: a creature some player has goaded (701.38a).
``damaged_by_source``: dealt damage by the source this turn (120.1: "whenever a
creature dealt damage by this this turn dies", Sengir Vampire).
``commander`` / ``noncommander``: a permanent that is (is not) some player's commander
(903.3: "commander creatures you control", "target noncommander creature"; no permanent
is one outside a Commander game).
``not_made_this_way``: not a token the resolving spell or ability has created
("create X 1/1 ... tokens. if X is 5 or more, destroy all other creatures": other than
those tokens). ``greatest_power``: a creature whose power is the greatest (ties
included) among the creatures its controller controls ("sacrifices a creature with the
greatest power among creatures that player controls").
``another_target``: a target different from every other target of the same spell
or ability ("target creature you control fights another target creature", rule
115.3); the targeting machinery checks it, a permanent alone always has it."""

TARGET_KINDS = (
    "any",  # a creature, player, planeswalker or battle (rule 115.4)
    "creature", "player", "opponent", "permanent", "creature_or_planeswalker",
    "opponent_or_planeswalker",  # "target opponent or planeswalker" (no creature)
    "spell", "creature_spell", "noncreature_spell",
    "graveyard_card",  # a card in a graveyard (filter.controller: whose graveyard)
    "spell_or_ability",  # a spell, or an activated or triggered ability, on the stack
    "ability",  # an activated or triggered ability on the stack (filter: controller)
    "triggered_ability",  # a triggered ability on the stack (filter: controller)
    "activated_ability",  # an activated ability on the stack (filter: controller)
    # "target creatures from the battlefield and/or creature cards from graveyards"
    # (115.1): a permanent matching the filter, or a card in any graveyard with the
    # filter's card types
    "battlefield_or_graveyard",
)


@dataclass(frozen=True)
class Target:
    """A target chosen when the spell or ability goes on the stack.

    Attributes:
        kind: One of :data:`TARGET_KINDS`.
        filter: Further restriction on a permanent target (``Filter(types={"Artifact"})``).
        count: How many targets: a number, ``"X"`` (the value of X announced,
            601.2b: "exile x target creatures") or ``"kicked"`` (the times its spell
            was kicked, 702.33c: "up to x target ..., where x is the number of times
            this was kicked").
        up_to: ``"up to count"`` (zero allowed).
        same_name: "target creature and all other creatures with the same name as
            that creature": the effect also acts on every other permanent matching
            this filter with the name of a legal target as it resolves (not targets;
            a face-down permanent has no name, 708.2); None: the target alone.
        attached: "target creature you control and all Auras you control attached
            to it": the effect also acts on every permanent matching this filter
            attached to a legal target as it resolves (not targets); None: none.
        most: "up to X target <permanents>, where X is <counted>": X (a
            :class:`Count`) counted as the targets are chosen (601.2c), no more
            targets than it (``count`` is then the most any count may reach);
            None: ``count`` alone.
    """

    kind: str
    filter: Filter | None = None
    count: int | str = 1
    up_to: bool = False
    same_name: Filter | None = None
    attached: Filter | None = None
    most: Count | None = None


REFS = (
    "self",  # the object the ability belongs to
    "you",  # its controller
    "it",  # the previous target of the same ability (or the triggering object)
    "its_controller",  # the controller of "it"
    "each_opponent", "each_player", "target_player_of_it",
    "equipped", "enchanted",  # the permanent this Equipment / Aura is attached to
    "defending_player",
    "that_player",  # the player a trigger's event names (dealt damage, drew, cast...)
    "that_object",  # the spell or ability whose targeting triggered the ability (ward)
    "damaged_this_way",  # the creatures the same spell or ability has dealt damage
    "exiled_with_this",  # the cards this object's linked abilities exiled (607.2a)
    "created_with_this",  # the tokens this object's linked abilities created (607.2a)
    "that_card",  # the card(s) the previous step of this ability exiled (400.7)
    "attacked_by_it",  # the player or planeswalker "it" (an attacker) attacks
    "this_card",  # the source's card in its owner's graveyard (a dies trigger's)
    "cost_sacrificed",  # the permanent sacrificed to pay the cost, as it last existed
    # the cards the same ability's destruction put into graveyards ("return each card
    # put into a graveyard this way to the battlefield under your control")
    "graveyard_this_way",
    # the card a card_to_graveyard trigger is about, in the graveyard (400.7)
    "it_card",
    # a dies trigger's creature (another's, by a filter) as the card it became in its
    # owner's graveyard ("whenever a creature an opponent controls dies, exile it")
    "died_card",
    # every legal target of the last targeted step, as it resolves ("each of those
    # creatures", 608.2b: an illegal one is none of them)
    "those_targets",
    # the controller of each permanent the previous step exiled, once per permanent,
    # as it last existed ("for each creature exiled this way, its controller ...")
    "exiled_controllers",
    # the permanents of a "one or more" batch trigger's batch still on the
    # battlefield ("whenever one or more creatures attack you, those creatures get
    # -1/-0 until end of turn", 603.2c)
    "those_objects",
    # the players who chose yes to the EachPlayerMay the effect is part of
    "players_who_chose",
)


@dataclass(frozen=True)
class Ref:
    """Something the context names: one of :data:`REFS`."""

    name: str


@dataclass(frozen=True)
class Each:
    """Every permanent matching ``filter`` (``"each creature you control"``);
    ``mana_value``: and whose mana value equals that amount, counted as the effect
    resolves ("destroy each nonland permanent with mana value equal to the number of
    charge counters on this", 608.2h); ``at_most``: ``(stat, amount)``, and whose
    power, toughness or mana value (:data:`STATS`) is that amount or less, counted as
    it resolves ("each creature your opponents control with toughness x or less,
    where x is the number of islands you control")."""

    filter: Filter
    mana_value: Any = None
    at_most: tuple[str, Any] | None = None


Selector = Target | Ref | Each


# -------------------------------------------------------------------- effects
@dataclass(frozen=True)
class DealDamage:
    """``amount`` damage to each of ``to``. ``divided`` (601.2d: "N damage divided as
    you choose among one, two, or three targets"): ``to`` is an up-to target whose
    targets share ``amount`` (a number or X), at least 1 each, as its controller
    divides it while casting (a ``divide`` decision); a target illegal on resolution
    is dealt none and the others keep their share (608.2b). ``evenly`` ("divided
    evenly, rounded down, among any number of targets", Fireball): each target's
    share is ``amount`` // the number of targets chosen, none asked."""

    amount: Amount
    to: Selector
    divided: bool = False
    evenly: bool = False


@dataclass(frozen=True)
class EachDealsDamage:
    """"Each creature deals 1 damage to its controller" (Rakdos Charm): every
    permanent ``what`` names is the source of ``amount`` damage to its controller
    (120.3: its keywords count, lifelink, infect, deathtouch; protection from it
    prevents, 702.16e), all dealt at once."""

    amount: Amount
    what: Selector


@dataclass(frozen=True)
class PowerDamage:
    """Each permanent ``by`` names deals damage equal to its power to each of ``to``
    (one way, not a fight; 120.3: the damage's source is that permanent, so its
    deathtouch, lifelink and infect apply, and a colour it has is what protection
    prevents). ``by``: ``Ref("it")``, the permanent a :class:`TargetOnly` step just
    before targeted ("target creature you control deals damage equal to its power to
    target creature you don't control") or a trigger's object ("whenever a creature
    you control enters, it deals damage equal to its power to any target": as it last
    existed if it has left, 608.2h); ``Ref("those_targets")``: each legal target of
    the step before ("each of those creatures deals damage equal to its power to
    this"). Its power is read as the step resolves (608.2h); 0 or less deals none.
    ``amount``: that amount instead of its power, counted as the step resolves
    ("whenever this or another Dragon you control enters, it deals x damage to any
    target, where x is the number of Dragons you control": Scourge of Valkas)."""

    by: Selector
    to: Selector
    amount: Amount | None = None


@dataclass(frozen=True)
class Destroy:
    """Destroy ``what`` (rule 701.8); ``no_regenerate``: "it can't be regenerated"
    (701.19c), its regeneration shields do not replace this destruction."""

    what: Selector
    no_regenerate: bool = False


@dataclass(frozen=True)
class Exile:
    """Exile the permanents ``what`` names (rule 701.13). ``until_source_leaves``:
    "exile <it> until this leaves the battlefield" (rule 610.3): the card returns
    to the battlefield under its owner's control (610.3c) immediately after the
    ability's source leaves it; if the source has already left when the ability
    resolves, nothing is exiled (610.3a-b). A card a permanent's ability exiles is
    also remembered as exiled with that permanent (607.2a) for an ability of the
    same card that names "the exiled card" (:class:`MoveCards`)."""

    what: Selector
    until_source_leaves: bool = False


@dataclass(frozen=True)
class Fight:
    """Rule 701.14a: ``fighter`` and the creature ``what`` names each deal damage equal
    to its power to the other (at once; not combat damage, 701.14d). If either is no
    longer on the battlefield, no longer a creature or an illegal target, no damage is
    dealt (701.14b); a creature fighting itself deals itself twice its power (701.14c).
    ``fighter``: ``Ref("self")`` ("this fights target creature") or ``Ref("it")``, the
    creature a :class:`TargetOnly` step just before targeted ("target creature you
    control fights target creature you don't control")."""

    what: Selector
    fighter: Selector = Ref("self")


@dataclass(frozen=True)
class TargetOnly:
    """A step that only chooses its target, so that a later step names it as ``it``
    (the first creature of "target creature you control fights another target
    creature"); it does nothing as it resolves."""

    what: Selector


@dataclass(frozen=True)
class ReturnToHand:
    what: Selector


@dataclass(frozen=True)
class TapOrUntap:
    """Tap (or untap) the permanents ``what`` names; ``hold``: "those creatures
    don't untap during their controller's next untap step" after tapping them
    (502.3, as :class:`SkipNextUntap` does). ``toggle``: "[you may] tap or untap
    target permanent" (701.26): an untapped one is tapped, a tapped one untapped.
    *Automated*: of tapping and untapping, only the one that changes the permanent
    does anything (a tapped permanent can't become tapped, 701.26a), so the
    choice is whether to change it, the yes/no of the :class:`MayDo` it sits in."""

    what: Selector
    tap: bool = True
    hold: bool = False
    toggle: bool = False


@dataclass(frozen=True)
class Pump:
    """``what`` gets +power/+toughness (and keywords) until end of turn; ``per_x``:
    that many times X ("gets +x/+0": power 1, toughness 0; "-x/-x": -1, -1; X is the
    value announced for the spell or ability, 107.3). Power and toughness are ints, or
    a :class:`Count` counted as it resolves ("gets +1/+1 until end of turn for each
    ..."). ``until_your_next_turn``: it lasts until the resolving object's controller's
    next turn begins, not until end of turn (611.2a: as long as the effect says; "up
    to one target creature gets -2/-1 until your next turn"). ``keyword_choice``:
    keywords of which the resolving object's controller chooses one as it resolves
    (a ``choose`` decision), gained with ``keywords`` ("gains protection from the
    color of your choice until end of turn": the five protections from a colour,
    702.16)."""

    power: Amount
    toughness: Amount
    what: Selector
    keywords: tuple[str, ...] = ()
    per_x: bool = False
    lasting: bool = False  # "it gains haste" with no duration: keywords only (611.2c)
    until_your_next_turn: bool = False
    keyword_choice: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExileIfLeaves:
    """"If it would leave the battlefield, exile it instead of putting it anywhere
    else" (614.1a): a replacement effect on the permanents ``what`` names, for as
    long as each stays on the battlefield (Whip of Erebos, unearth's wording)."""

    what: Selector


@dataclass(frozen=True)
class AddCounters:
    """Put ``count`` ``counter`` counters on each of ``what``; ``divided`` ("distribute
    two +1/+1 counters among one or two target creatures", 601.2d): ``what`` is an
    up-to target whose targets share ``count``, at least one each, divided as the
    spell is cast exactly as divided damage is (a ``divide`` decision)."""

    count: Amount
    what: Selector
    counter: str = "+1/+1"
    divided: bool = False


@dataclass(frozen=True)
class RemoveCounters:
    """Remove ``count`` ``counter`` counters from each permanent ``what`` names (as
    many as it has, 122.8): vanishing's "remove a time counter from it" (702.63a;
    removing the last time counter is the event ``last_time_counter_removed``);
    ``or_sacrifice``: fading's "remove a fade counter from it. if you can't,
    sacrifice it" (702.32a: its controller sacrifices one that had none)."""

    count: Amount
    what: Selector
    counter: str
    or_sacrifice: bool = False
    # (``count`` None: every counter of ``counter``; ``counter`` "": of every kind,
    # "remove all counters from target permanent", 122.8)


@dataclass(frozen=True)
class Draw:
    count: Amount
    who: Selector = Ref("you")


@dataclass(frozen=True)
class Discard:
    count: Amount
    who: Selector = Ref("you")
    at_random: bool = False


@dataclass(frozen=True)
class Mill:
    count: Amount
    who: Selector = Ref("you")


@dataclass(frozen=True)
class ExileGraveyard:
    """``who`` has every card in their graveyard matching ``filter`` (``Filter()``:
    all) exiled ("exile target player's graveyard", rule 406.2; "exile all creature
    cards from target player's graveyard")."""

    who: Selector = Ref("you")
    filter: Filter = Filter()


@dataclass(frozen=True)
class GainLife:
    amount: Amount
    who: Selector = Ref("you")


@dataclass(frozen=True)
class LoseLife:
    amount: Amount
    who: Selector = Ref("you")


@dataclass(frozen=True)
class BecomeMonarch:
    """``who`` becomes the monarch (724.1; the monarch's two triggered abilities,
    724.2, are :data:`MONARCH`'s)."""

    who: Selector = Ref("you")


PLAYER_COUNTERS = ("energy", "poison")
"""Counter kinds a player gets (122.1: energy, 122.1f and 107.14; poison, 122.1e)."""


@dataclass(frozen=True)
class PlayerCounters:
    """``who`` gets ``count`` ``counter`` counters (one of :data:`PLAYER_COUNTERS`;
    rule 122.1): "you get {E}{E}" (energy, 107.14), "each opponent gets a poison
    counter" (122.1e: ten poison counters lose the game, 704.5c)."""

    count: Amount
    who: Selector = Ref("you")
    counter: str = "energy"


@dataclass(frozen=True)
class TokenSpec:
    """A token's characteristics (rule 111)."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    abilities: tuple[Any, ...] = ()
    supertypes: tuple[str, ...] = ()  # "snow artifact tokens" (205.4a)


@dataclass(frozen=True)
class CreateToken:
    """``who`` creates ``count`` tokens of ``token`` (rule 111.2). ``attacking``:
    "that's tapped and attacking" (rule 508.4): each enters tapped and attacking,
    never declared as an attacker (no "attacks" trigger), when its controller is the
    attacking player during combat (506.3: otherwise it enters but is not
    attacking). After a step that created one token, ``Ref("it")`` names that token
    ("exile that token at end of combat"). ``tapped``: "create a tapped 2/2 black
    Zombie creature token" (it enters tapped, 110.5b). ``untapped``: with
    ``attacking``, "that's attacking" (it enters attacking, not tapped: Brimaz).
    ``blocking``: "that's blocking that creature" (506.3, 509.1: it enters blocking
    the creature its source blocks, when its controller is that creature's defending
    player during combat; never declared, so no "blocks" trigger)."""

    token: TokenSpec
    count: Amount = 1
    who: Selector = Ref("you")
    attacking: bool = False
    tapped: bool = False
    untapped: bool = False
    blocking: bool = False
    #: "an X/X ... token, where X is ...": its base power and toughness, each this
    #: amount counted as the token is created (608.2h; the spec's are replaced)
    pt: Amount = None


@dataclass(frozen=True)
class Spend:
    """What mana with a spending restriction may be spent on (106.6).

    Attributes:
        spells: The spells it may be spent to cast (None: none; ``Filter()``: any
            spell). Its props may say ``"chosen_type"``: a creature type chosen as
            the mana's source entered (Cavern of Souls).
        abilities: The sources whose activated abilities it may pay for (None: none;
            ``Filter()``: any source's).
        other: It may also pay any other cost (a special action's, "unless pays",
            ward...): the Powerstone's "this mana can't be spent to cast a
            nonartifact spell" forbids only casting such spells.
        actions: The special actions whose costs it may pay (:data:`SPEND_ACTIONS`:
            ``"foretell"``, "spend this mana only to foretell cards", 702.143a).
    """

    spells: Filter | None = None
    abilities: Filter | None = None
    other: bool = False
    actions: frozenset[str] = frozenset()


SPEND_ACTIONS = ("foretell",)
"""The special actions restricted mana may be kept for (:attr:`Spend.actions`)."""


POWERSTONE_SPEND = Spend(Filter(types=frozenset({"Artifact"})), Filter(), True)
""""This mana can't be spent to cast a nonartifact spell" (a Powerstone's, 111.10)."""


@dataclass(frozen=True)
class AddMana:
    """Add ``amount`` mana of one of ``options`` (``("G",)``, ``("R", "G")``,
    ``("C",)``, or ``("any",)`` for any colour) to its controller's mana pool (rule
    106.4); ``("identity",)``: any colour of its controller's commander's colour
    identity (none without a commander: it adds nothing, rule 903.4f);
    ``("opponent_lands",)``: any colour a land an opponent controls could produce
    (Exotic Orchard); ``("your_lands",)``: one mana of any type (colourless too) a
    land its controller controls could produce (Reflecting Pool, 106.7)
    (Exotic Orchard). With several options the controller chooses one for all
    ``amount`` mana.

    ``spend_only`` restricts how the mana may be spent (106.6, :class:`Spend`);
    ``uncounterable`` is that mana's rider (106.6a: "that spell can't be
    countered"). The mana of a ``{T}: add one mana`` ability so restricted is made
    only while a cost it may pay is paid (:attr:`CardDef.restricted_mana`); other
    restricted mana goes to the pool, which keeps each mana's restriction.

    ``combination``: "add X mana in any combination of {R} and/or {G}" (106.1):
    ``amount`` mana, each of the ``options`` its controller chooses for it, one
    mana at a time (a ``colour`` decision each). ``different`` with it: "add two
    mana of different colors", each mana of a colour not chosen for the others."""

    options: tuple[str, ...]
    amount: int = 1
    spend_only: Spend | None = None
    uncounterable: bool = False
    combination: bool = False
    different: bool = False


COUNTER_DESTINATIONS = ("graveyard", "exile", "hand", "library_top", "library_bottom")
"""Where a countered spell goes (701.6a: its owner's graveyard; a replacement effect of
the countering spell, 614.1a, may send it elsewhere: "if that spell is countered this
way, exile it instead")."""


@dataclass(frozen=True)
class CounterSpell:
    """Counter ``what`` (rule 701.6a); a countered spell goes to its owner's ``dest``
    (:data:`COUNTER_DESTINATIONS`): "if that spell is countered this way, exile it /
    put it into its owner's hand instead of into that player's graveyard" (614.1a)."""

    what: Selector
    dest: str = "graveyard"


@dataclass(frozen=True)
class CounterEach:
    """"Counter each spell you don't control" (701.6a; Counterflux overloaded): every
    spell on the stack matching ``spells`` (a card :class:`Filter`; its
    ``controller`` from the resolving object's controller), other than the resolving
    one, is countered."""

    spells: Filter


@dataclass(frozen=True)
class CopySpell:
    """Rule 707.10: put ``times`` copies of ``what`` (a spell, or an activated or
    triggered ability, on the stack) onto the stack, controlled by the resolving
    object's controller. A copy has the original's characteristics and every decision
    made for it (modes, targets, X, kicker, the division of damage); it isn't cast
    (707.10: no cast triggers, it is not counted as a spell cast) and it ceases to
    exist when it leaves the stack (707.10a, 704.5e). With ``new_targets`` ("you may
    choose new targets for the copy", 707.10c) its controller decides for each target
    of each copy whether to keep it or change it to another legal one (a ``target``
    decision with ``retarget``: "done" keeps it) before that copy goes on the
    stack."""

    what: Selector
    times: Amount = 1
    new_targets: bool = False
    #: "That player copies that spell for each other Golem that spell could target.
    #: Each copy targets a different one of those Golems" (Precursor Golem): one copy
    #: for each other permanent matching this that is a legal target for the spell's
    #: single target, that target changed to it; controlled by the spell's
    #: controller; no decision (the copies go on the stack in timestamp order of
    #: those permanents, an automated order).
    each_other: Filter | None = None


@dataclass(frozen=True)
class CastCopy:
    """Rule 707.12: copy a card the step before exiled ``times`` times; its controller
    may cast each copy without paying its mana cost (``free``), as the effect resolves
    (608.2g). ``choose``: "choose an instant or sorcery card exiled this way and copy
    it three times" (Chandra, Pyromaster: the card is chosen among those the
    :class:`ExileTop` before exiled, a ``hand_choice`` decision with ``copy_card``
    when more than one kind of card matches); None: "copy that card" (the card the step
    before exiled). Each cast is a ``yesno`` decision with ``cast_copy``; a copy cast
    is cast (707.12: cast triggers, counted) and ceases to exist when it leaves the
    stack (707.10a)."""

    choose: Filter | None = None
    times: int = 1
    free: bool = True


TURN_RULES = ("no_life_gain", "no_prevention")
"""What a :class:`ThisTurn` changes: ``no_life_gain``, "players can't gain life this
turn" (119.7: life gain does nothing); ``no_prevention``, "damage can't be prevented
this turn" (615.12: prevention effects and protection's prevention don't apply)."""


@dataclass(frozen=True)
class ThisTurn:
    """A rule of the game for the rest of the turn (one of :data:`TURN_RULES`), ending
    in the cleanup step (514.2) like the other until-end-of-turn effects."""

    rule: str


@dataclass(frozen=True)
class ChangeTarget:
    """Rule 115.7: "change a target of target spell or ability to this": one target
    of each stack object ``what`` names becomes the ability's source, if the source is
    a legal target for it (115.7d: else nothing changes; a target that already is the
    source stays). Automated: the first target, in the object's text order, that the
    source can legally replace. The source becomes the target of that object (603.2:
    its "becomes the target" abilities trigger)."""

    what: Selector


@dataclass(frozen=True)
class CounterUnlessPays:
    """Rules 701.6, 118.12: counter ``what`` (a spell; for ward, a spell or an
    ability) unless its controller pays ``mana`` and ``life`` and discards
    ``discard`` cards (ward—discard a card, 702.21a: cards of their choice, or
    ``at_random``, 701.9b). That player decides (yes or no) when they can pay; one
    who cannot is not asked (118.3: fewer cards in hand than ``discard``). An ``{X}``
    in ``mana`` is the X announced for the countering spell (Syncopate, 107.3);
    ``dest`` is where a spell countered this way goes (:class:`CounterSpell`)."""

    what: Selector
    mana: ManaCost | None = None
    life: int = 0
    dest: str = "graveyard"
    discard: int = 0
    at_random: bool = False


@dataclass(frozen=True)
class PayCost:
    """The resolving object's controller pays ``mana`` and ``life`` (rule 608.2d: an
    optional action taken on resolution; "you may pay {2}. if you do, ..." is a
    :class:`MayDo` of a :class:`Sequence` whose first step is this). Rule 118.3: a
    player who can't pay (without the mana, or with less life than ``life``, 119.4) is
    not asked and doesn't pay, so what "if you do" guards doesn't happen; a seat that
    pays no mana (an automated player) never pays."""

    mana: ManaCost | None = None
    life: int = 0
    # "for each <kind> counter on it" (cumulative upkeep, 702.24a): the mana and life
    # are paid once per such counter on the source as it is paid ("" : once)
    per_counter: str = ""
    energy: int = 0  # "you may pay {E}{E}" (107.14): energy counters removed


@dataclass(frozen=True)
class Sacrifice:
    filter: Filter
    count: Any = 1  # (an int; "X" in "sacrifice x zombies")
    who: Selector = Ref("you")
    up_to: bool = False  # "sacrifice up to three zombies": any number to count


@dataclass(frozen=True)
class ReturnChosen:
    """``who`` chooses ``count`` permanents they control matching ``filter`` as this
    resolves and returns them to their owners' hands: "return a land you control to
    its owner's hand" (not a target: chosen on resolution, like a sacrifice; all of
    them when there are no more than ``count``)."""

    filter: Filter
    count: int = 1
    who: Selector = Ref("you")


@dataclass(frozen=True)
class Attach:
    """Attach this Equipment or Aura to ``to``. ``at_random`` (an Aura with enchant
    player, 303.4: "attach this to another one of your opponents chosen at random"):
    to one of the players ``to`` names other than the one it enchants, chosen with
    the game's dice (none: it stays)."""

    to: Selector
    at_random: bool = False


@dataclass(frozen=True)
class Manifest:
    """Rule 701.34: ``who`` puts the top card of their library onto the battlefield face
    down as a 2/2 creature, ``count`` times (one card at a time). Its controller may
    turn it face up for its mana cost if it is a creature card. ``Ref("it")`` in a later
    step names the (last) permanent manifested."""

    count: Amount = 1
    who: Selector = Ref("you")
    #: Cloak (701.58a) rather than manifest: the permanent has ward {2} while face down.
    cloak: bool = False


@dataclass(frozen=True)
class ManifestDread:
    """Rule 701.60: ``who`` looks at the top two cards of their library, manifests one
    of them (their choice) and puts the other into their graveyard. ``Ref("it")`` in a
    later step names the permanent manifested."""

    who: Selector = Ref("you")


@dataclass(frozen=True)
class LookAtTop:
    """``who`` looks at the top ``count`` cards of their library and puts them back
    (one decision per card, see :mod:`~decisions`):

    - ``"scry"`` (rule 701.22a): any number on the bottom in any order, the rest on
      top in any order;
    - ``"surveil"`` (rule 701.25a): any number into their graveyard, the rest on top
      in any order;
    - ``"order"``: "look at the top N cards of your library, then put them back in
      any order".
    """

    count: Amount
    kind: str = "scry"
    who: Selector = Ref("you")


LOOK_KINDS = ("scry", "surveil", "order")


@dataclass(frozen=True)
class Dig:
    """"Look at the top ``count`` cards of your library. [You may reveal] ``take``
    [``filter``] card(s) from among them and put it into ``dest``. Put the rest
    ``rest``." ``who`` chooses the cards taken one at a time (all ``take`` of them
    when there are, unless ``optional``: "you may", "up to"); ``dest`` is ``"hand"``
    or ``"battlefield"`` (``tapped``); ``reveal`` shows them to every player. The
    rest go ``"bottom"`` (in any order: one decision per card), ``"random"`` (on the
    bottom in a random order), ``"graveyard"`` or ``"top"`` (they stay where they
    are: "look at the top card of your library. If it's a land card, you may put it
    onto the battlefield"). ``take`` :data:`DIG_ALL`, not ``optional``, takes every
    matching card at once (no choice: "put all land cards revealed this way into your
    hand")."""

    count: Amount
    take: int = 1
    filter: Filter = Filter()
    optional: bool = False
    dest: str = "hand"
    tapped: bool = False
    reveal: bool = False
    rest: str = "bottom"
    who: Selector = Ref("you")
    reveal_top: bool = False
    """"Reveal the top N cards" (701.20a): every card looked at is shown to every
    player first (event ``reveal_top``), not only those taken."""


DIG_ALL = 99
"""A dig's ``take`` for "put all <quality> cards revealed this way into your hand": a
mandatory take of every matching card, which the engine does at once (no choice)."""
DIG_DESTINATIONS = ("hand", "battlefield", "exile_face_down")
"""Where a dig puts the cards taken; ``"exile_face_down"``: hideaway (702.75a: "exile
one of them face down"; only its owner may look at it, 406.3; it is exiled with the
source, 607.2a, for :class:`PlayFree`)."""
DIG_RESTS = ("bottom", "random", "graveyard", "top", "exile", "top_bottom")
"""Where a dig's cards not taken go; ``"exile"``: "exile the top seven cards of your
library. you may put any number of creature and/or land cards from among them onto
the battlefield" (Xenagos, the Reveler: every card is revealed as it is exiled face
up, those taken go from there, the rest stay in exile, event ``exiled_top``);
``"top_bottom"``: "one on top of your library, and one on the bottom of your library"
(Telling Time: the player chooses the one put on the bottom)."""


@dataclass(frozen=True)
class RevealUntil:
    """"Reveal cards from the top of your library until you reveal ``count``
    [``filter``] card(s). Put that card / those cards ``dest`` and the rest ``rest``."
    (701.20a: every card revealed is shown to every player, event ``reveal_until``):
    the resolving object's controller reveals its top card one at a time until
    ``count`` of them match (or the library is empty: then every card was revealed
    and those that matched are put ``dest``). ``dest`` is ``"hand"`` or
    ``"battlefield"`` (``tapped``); ``rest`` is where the others go: ``"random"`` (on
    the bottom of the library in a random order), ``"graveyard"``, ``"exile"`` or
    ``"shuffle"`` (shuffled into the library: the library is shuffled even when no
    card is left over). A match must also have mana value ``mana_value`` when it is
    set ("with mana value equal to the result", an :data:`Amount` read as the cards
    are revealed), and share a creature type with ``shares_type_with`` when it is set
    (``Ref("it")``: the triggering creature as it last existed, 608.2h; 205.3m).
    ``count`` 0 reveals nothing. ``who``: the players who reveal, each from their own
    library ("that player reveals cards ... until they reveal a creature card. put that
    card onto the battlefield under your control. that player puts the rest ... into
    their graveyard": Curse of Unbinding); ``under``: whose control the cards put onto
    the battlefield enter under (``"you"``: the resolving object's controller, 110.2a;
    ``"owner"``: the revealing player's). Cards put onto the battlefield enter
    together (603.6a)."""

    filter: Filter = Filter()
    count: Amount = 1
    dest: str = "hand"
    tapped: bool = False
    rest: str = "random"
    mana_value: Amount = None
    shares_type_with: Selector | None = None
    who: Selector = Ref("you")
    under: str = "you"


REVEAL_UNTIL_DESTINATIONS = ("hand", "battlefield")
REVEAL_UNTIL_RESTS = ("random", "graveyard", "exile", "shuffle")
"""Where a :class:`RevealUntil` puts the cards that matched, and the others."""


@dataclass(frozen=True)
class Shuffle:
    """Rule 701.24: ``who`` shuffles their library (with the game's dice)."""

    who: Selector = Ref("you")


@dataclass(frozen=True)
class KeepMana:
    """"Until end of turn, you don't lose this mana as steps and phases end" (106.4,
    514.2): the mana the earlier steps of the same effect added stays in its
    controller's pool when steps and phases end, until the turn's cleanup step ends
    (Savage Ventmaw). *Automated*: mana a payment spends is taken from the pool's
    other mana first when both are there (the player's best choice)."""


@dataclass(frozen=True)
class Proliferate:
    """Rule 701.27a: the resolving object's controller chooses any number of
    permanents and/or players that have counters, then gives each another counter of
    each kind already there (a ``proliferate`` decision: one at a time, then done)."""


@dataclass(frozen=True)
class ExtraTurn:
    """Rule 500.7: ``who`` takes an extra turn after this one (several: the most
    recently created is taken first)."""

    who: Selector = Ref("you")


@dataclass(frozen=True)
class SpellCardTo:
    """The last step of an instant or sorcery that says where its card goes as it
    finishes resolving, instead of the graveyard (608.2n): ``"library"``, "shuffle this
    into its owner's library" (Black Sun's Zenith; the library is shuffled), or
    ``"exile"``, "exile this" (Temporal Mastery), or ``"hand"``, "if you win the flip,
    return this to its owner's hand" (Molten Birth: the branch of a coin flip that is
    the spell's last step). A spell countered or fizzling goes to the graveyard as
    usual (no part of it resolved)."""

    dest: str


SPELL_CARD_DESTINATIONS = ("library", "exile", "hand")


SEARCH_DESTINATIONS = ("hand", "battlefield", "top", "split", "exile")


@dataclass(frozen=True)
class Search:
    """Rule 701.23: ``who`` searches their library for up to ``count`` cards matching
    ``filter`` (``Filter()``: any card), puts them into ``dest``, then shuffles.

    ``dest``: ``"hand"``; ``"battlefield"`` (``tapped``: it enters tapped);
    ``"top"``: shuffle first, then put the card on top ("then shuffle and put that
    card on top"); ``"split"``: one of the cards found onto the battlefield (tapped
    if ``tapped``), the others into the hand (Cultivate: the searcher chooses which).
    ``reveal``: the cards found are shown to every player. With a stated quality
    (a non-empty filter) the searcher may find fewer or none (701.23b); "a card"
    must be found while the library holds one. ``optional``: "<player> may search"
    (that player says yes or no first; "you may search" is a :class:`MayDo`).
    ``share_land_type``: "up to two basic land cards that share a land type" (each
    card found after the first shares a land type with the ones found before it).
    """

    filter: Filter = Filter()
    count: int = 1
    dest: str = "hand"
    tapped: bool = False
    reveal: bool = False
    who: Selector = Ref("you")
    optional: bool = False
    share_land_type: bool = False
    battlefield_if: ActivationCondition | None = None
    """"If an opponent controls more lands than you, put it onto the battlefield
    tapped. otherwise, put it into your hand" (Stoic Farmer): with ``dest``
    ``"hand"``, the cards found go onto the battlefield (``tapped``) instead when
    this holds as they are put (608.2c)."""
    whose: Selector | None = None
    """"For each player, search that player's library for a nonland card and exile
    it, then that player shuffles" (Jace, Architect of Thought): the libraries
    searched, each by the resolving object's controller (``who`` is then
    ``Ref("you")``); with ``dest`` ``"exile"`` (face up: "those cards" of the next
    step, :class:`PlayFree`)."""


@dataclass(frozen=True)
class RevealHand:
    """Rule 701.20: ``who`` reveals their hand (every player sees its cards)."""

    who: Selector


@dataclass(frozen=True)
class ChooseDiscard:
    """"``who`` reveals their hand. You choose a [``filter``] card from it. That
    player discards that card." (rules 701.20, 701.9): the controller of the spell
    or ability chooses ``count`` cards matching ``filter`` (``Filter()``: any card)
    among the revealed cards; ``who`` discards them.

    ``dest``: ``"discard"``; ``"exile"`` ("you choose a green or white creature card
    from it and exile that card", Lifebane Zombie: exiled face up, not discarded);
    ``"bottom"`` ("that player reveals the chosen card, puts it on the bottom of
    their library, then draws a card", Vendilion Clique: ``draw``). ``look``: the
    hand is looked at by the chooser only ("look at target player's hand", 400.2),
    not revealed; ``optional``: "you may choose" (the chooser may choose none)."""

    who: Selector
    filter: Filter = Filter()
    count: int = 1
    dest: str = "discard"
    draw: bool = False
    look: bool = False
    optional: bool = False


HAND_CHOICE_DESTINATIONS = ("discard", "exile", "bottom")
"""Where :class:`ChooseDiscard` puts the chosen card."""


@dataclass(frozen=True)
class Becomes:
    """Until end of turn, ``what`` has new characteristics (rule 613, layers 4-7b):
    ``types`` added (a land that "becomes a creature" and "is still a land") or, for a
    creature, its creature types replaced by ``subtypes`` (205.1b); ``colours`` set
    (layer 5); every ability lost (``lose_abilities``, layer 6) and then ``keywords``
    gained; base ``power``/``toughness`` set (layer 7b: counters and pumps still apply
    on top). Several apply in the order they resolved (their timestamps).
    ``abilities``: activated and triggered abilities it gains (layer 6, 113.1: "a 3/3
    creature with "whenever this attacks, put a +1/+1 counter on it."").
    ``set_types``: the new ``types`` and ``subtypes`` replace all its card types and
    subtypes (205.1a: a planeswalker that "becomes a legendary 4/4 red Dragon
    creature" is no longer a planeswalker; one that "becomes a 6/6 Human Soldier
    creature that's still a planeswalker" keeps them, 205.1b); ``supertypes`` are
    added ("legendary").
    ``in_addition``: ``subtypes`` are added to its others (205.1b: "that creature
    becomes a Vampire in addition to its other types"). ``lasting``: no duration, so
    it lasts until the permanent leaves the battlefield (611.2c, 400.7), not until
    end of turn. ``lose_creature_types``: it loses all its creature types (layer 4,
    205.3: "loses all creature types until end of turn", Nameless Inversion).
    ``while_source``: it lasts for as long as the resolving ability's source remains
    on the battlefield (611.2b; none if that source has already left), not until end of
    turn. ``cant_attack`` / ``cant_block``: for as long, it can't attack / block
    (508.1c, 509.1b: a rule the effect sets, not an ability, so a later "loses all
    abilities" does not end it)."""

    what: Selector
    power: int | None = None
    toughness: int | None = None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colours: tuple[str, ...] | None = None
    keywords: tuple[str, ...] = ()
    lose_abilities: bool = False
    abilities: tuple[Any, ...] = ()
    set_types: bool = False
    supertypes: tuple[str, ...] = ()
    in_addition: bool = False
    lasting: bool = False
    lose_creature_types: bool = False
    while_source: bool = False
    cant_attack: bool = False
    cant_block: bool = False


@dataclass(frozen=True)
class GainControl:
    """The controller of the resolving spell or ability gains control of ``what``
    (rule 108.4, layer 2): until end of turn, for as long as the ability's source stays
    on the battlefield (``while_source``), for as long as that player controls the
    source (``while_controlled``: "gain control of target Vampire for as long as you
    control Olivia Voldaren", 611.2b), or for as long as it stays."""

    what: Selector
    until_end_of_turn: bool = False
    while_source: bool = False
    while_controlled: bool = False


@dataclass(frozen=True)
class GiveControl:
    """"<player> gains control of this" (108.4, layer 2): the one player ``who``
    names gains control of the resolving ability's source for as long as it stays
    (Contested War Zone's "that creature's controller gains control of this land",
    ``Ref("its_controller")``; "target opponent gains control of this"). Nothing
    happens if the source has left the battlefield or the player is gone."""

    who: Selector


DELAYED_WHEN = ("next_end_step", "end_of_combat", "your_next_upkeep",
                "next_turns_upkeep", "it_dies_this_turn")
"""When a delayed triggered ability triggers (rule 603.7): at the beginning of the
next end step, at end of combat (the next end of combat step), at the beginning of
its controller's next upkeep, at the beginning of the next turn's upkeep (whoever's
turn it is; not this turn's, even when created during an upkeep); when ``it`` (the
creature the effect named) dies this turn ("when that creature dies this turn, this
deals 3 damage to the creature's controller": Searing Blood; gone when the turn
ends)."""


@dataclass(frozen=True)
class Delayed:
    """Rule 603.7: resolving this creates a delayed triggered ability that does
    ``effect`` once, ``when`` (one of :data:`DELAYED_WHEN`): "sacrifice it at the
    beginning of the next end step". Its ``it`` is the object ``it`` named when it
    was created."""

    when: str
    effect: Any


@dataclass(frozen=True)
class WhenYouDo:
    """Rule 603.12: "you may <action>. when you do, ``effect``": a reflexive
    triggered ability. It follows a :class:`MayDo` in a :class:`Sequence`; if that
    action was performed (its player said yes and it did something), the ability
    triggers: it is put on the stack the next time a player would receive priority,
    controlled by the resolving object's controller, its targets chosen then. Its
    ``it`` is what the resolving object's ``it`` names as it triggers."""

    effect: Any
    #: Exploit's "when this exploits a creature" (702.110b): it triggers only if the
    #: resolving ability's source was on the battlefield as the creature was
    #: sacrificed (still there, or the creature sacrificed).
    exploit: bool = False
    #: "when you sacrifice one or more Zombies this way, ... that many ...": it
    #: triggers only if the action sacrificed something, and its ``that_much`` is how
    #: many it sacrificed.
    counted: bool = False


@dataclass(frozen=True)
class GainClassLevel:
    """"{cost}: Level N" (716.2a): this Class's level becomes ``level``; its
    "when this Class becomes level N" abilities trigger (716.2c)."""

    level: int


@dataclass(frozen=True)
class Transform:
    """Rule 701.28a: turn ``what`` (a transforming double-faced permanent) over so
    that its other face is up. It stays the same object (711.8, 712.8d-e: counters,
    damage, attachments, tapped and attacking state stay); a permanent that is not a
    transforming double-faced card, or is face down, does not transform (701.28c);
    an ability of the permanent that transforms it does nothing if the permanent
    transformed since the ability was put on the stack (701.28f)."""

    what: Selector = Ref("self")


@dataclass(frozen=True)
class Regenerate:
    """Rule 701.19a: a regeneration shield on ``what`` until end of turn: the next
    time it would be destroyed this turn, instead tap it, remove all damage from it
    and remove it from combat (614.8)."""

    what: Selector


@dataclass(frozen=True)
class CantBeRegenerated:
    """Rule 701.19c: "``what`` can't be regenerated this turn" (its regeneration
    shields don't replace its destruction until end of turn)."""

    what: Selector


@dataclass(frozen=True)
class PreventDamage:
    """A prevention effect until end of turn (rule 615).

    Attributes:
        amount: Damage to prevent ("the next N damage", a shield used up as it
            prevents, 615.7); None: all of it.
        what: The recipient whose damage is prevented (a creature, planeswalker or
            player), or with ``by_what`` the source whose damage is; None: every
            recipient and source ("prevent all combat damage that would be dealt
            this turn").
        by_what: ``what`` names the source dealing the damage, not its recipient.
        combat_only: Only combat damage.
    """

    amount: Amount | None = None
    what: Selector | None = None
    by_what: bool = False
    combat_only: bool = False


@dataclass(frozen=True)
class ExileIfDies:
    """Rule 614.6: "if ``what`` would die this turn, exile it instead" (a replacement
    effect until end of turn on that object going to a graveyard from the
    battlefield)."""

    what: Selector


@dataclass(frozen=True)
class ExileInsteadThisTurn:
    """Rule 614.6: "if a permanent you control would be put into a graveyard from the
    battlefield this turn, exile it instead" (Cosmic Intervention): a replacement
    effect until end of turn on every permanent matching ``filter`` (its controller
    then: the resolving object's controller) that would go there, one that enters
    later too. A :class:`Delayed` step right after it ("return it to the battlefield
    under its owner's control at the beginning of the next end step") returns each
    card exiled this way (603.7: ``Ref("that_card")``)."""

    filter: Filter


GRAVEYARD_OWNERS = ("you", "any")
"""Whose graveyards a :class:`GraveyardCards` looks in: the controller's ("from your
graveyard") or every player's ("from all graveyards")."""


@dataclass(frozen=True)
class GraveyardCards:
    """Every card in the graveyards of ``whose`` (one of :data:`GRAVEYARD_OWNERS`)
    matching the card filter ``filter`` as the effect resolves, moved at once by a
    :class:`MoveCards` (not a target, 115.1: "return all Human creature cards from
    your graveyard to the battlefield", "put all creature cards from all graveyards
    onto the battlefield under your control"); ``mana_value``: and whose mana value
    equals that amount, counted as it resolves (608.2h: "return each creature card
    with mana value X from your graveyard to the battlefield"); ``at_random``: only
    that many of them, chosen at random as it resolves ("return a Zombie creature card
    at random from your graveyard to the battlefield")."""

    filter: Filter
    whose: str = "you"
    mana_value: Any = None
    at_random: int = 0


CARD_DESTINATIONS = ("hand", "battlefield", "exile", "library_top", "library_bottom")
"""Where :class:`MoveCards` puts cards."""


@dataclass(frozen=True)
class EachGraveyardChoice:
    """"For each player, choose a <quality> card in that player's graveyard. Put those
    cards onto the battlefield under your control." (Ghouls' Night Out): not a target
    (115.1); as it resolves, the resolving object's controller chooses one card
    matching ``filter`` in each player's graveyard that has one, in turn order from
    the active player (a ``hand_choice`` decision with ``grave_choice``: card ``i`` of
    its ``cards``, alike cards offered once, 16 to a page, mode 0 turning the page);
    then the chosen cards enter at once under that player's control (603.6a), and
    each permanent they became gets ``becomes`` (a lasting :class:`Becomes`: "they're
    black Zombies in addition to their other colors and types and they gain
    decayed", 611.2c), if any."""

    filter: Filter
    becomes: Any = None


@dataclass(frozen=True)
class MoveCards:
    """Put the cards ``what`` names, cards in a graveyard or in exile, into ``dest``
    (one of :data:`CARD_DESTINATIONS`; "its owner's library": the owner's). ``what``:
    a ``Target("graveyard_card")`` ("return target creature card from your graveyard
    to your hand", "exile target card from a graveyard"), ``Ref("exiled_with_this")``
    ("return the exiled card to the battlefield under its owner's control", rule
    607.2a), ``Ref("that_card")`` ("exile target creature you control, then
    return that card to the battlefield": the new object in exile, 400.7) or
    ``Ref("this_card")`` (a dies trigger's own card in its owner's graveyard:
    undying's "return it to the battlefield", 702.93a; Rancor's "return this to its
    owner's hand") or a :class:`GraveyardCards` (all the cards of a quality in
    graveyards: onto the battlefield they enter at the same time and see each other
    enter, 603.6a). Onto the
    battlefield it enters under ``under``'s control: ``"owner"`` or ``"you"`` (the
    controller of the spell or ability, who puts it there: rule 110.2a). A token
    that left the battlefield stays where it is (111.8)."""

    what: Selector
    dest: str = "hand"
    under: str = "owner"
    counter: str = ""  # onto the battlefield "with a <counter> counter on it"
    tapped: bool = False  # onto the battlefield tapped
    # onto the battlefield transformed (712.14): a transforming double-faced card
    # enters back face up; any other card stays where it is
    transformed: bool = False
    # onto the battlefield face down (708.2: a 2/2 with no text; Ashcloud Phoenix):
    # turned face up only for its morph cost, never its mana cost (702.37e; 701.40b
    # is manifest's)
    face_down: bool = False
    # only that many of the cards it names, chosen at random as it resolves ("choose
    # a card at random exiled with this and put that card into its owner's hand",
    # Gorex, the Tombshell; the game's generator); 0: all of them
    at_random: int = 0


@dataclass(frozen=True)
class MoveChosenCards:
    """The controller of the resolving spell or ability chooses ``count`` of the
    cards ``what`` names that match the card filter ``filter`` (any number up to
    ``count`` with ``up_to``) as it resolves (not targets, 115.1), and puts them into
    ``dest`` (``"exile"``) at once: "exile up to two creature cards put into
    graveyards this way", "you may exile a creature card from among the cards milled
    this way" (``what``: ``Ref("graveyard_this_way")``, the cards the earlier mill or
    destroy steps of the same effect put into graveyards, still there, 400.7; 608.2c).
    With as many such cards as ``count`` or fewer and no ``up_to``, all of them are
    moved without a choice. Afterwards ``Ref("that_card")`` names the cards moved (the
    new objects, 400.7) and the amount ``"exiled_power"`` their total power ("the
    total power of the cards exiled this way")."""

    what: Ref
    filter: Filter
    count: int = 1
    up_to: bool = False
    dest: str = "exile"


@dataclass(frozen=True)
class BecomesCopy:
    """The ability's source becomes a copy of the card ``of`` names (707.2, 613.2:
    ``Ref("that_card")``, the card the step before moved; its copiable values are
    its printed ones, locked as the effect begins) from now on, with no duration;
    ``this_ability``: "except it has this ability" (707.9b: the resolving triggered
    or activated ability becomes part of the copy's copiable values). Nothing
    happens if the source has left the battlefield (400.7) or no card was moved."""

    of: Ref
    this_ability: bool = False


@dataclass(frozen=True)
class IfMovedWas:
    """Right after a :class:`MoveCards` step: "if it was a creature card,
    <effect>" (Scavenging Ooze): ``effect`` happens if a card that step moved has
    the quality ``filter`` (a card filter; the card in its new zone, 400.7)."""

    filter: Filter
    effect: Effect


@dataclass(frozen=True)
class IfSacrificedWas:
    """"If the sacrificed creature was a Human, <effect>" (Falkenrath Aristocrat):
    ``effect`` happens if a permanent sacrificed to pay the cost of this spell or
    ability had the quality ``filter`` as it last existed on the battlefield (608.2h;
    recorded as the cost was paid)."""

    filter: Filter
    effect: Effect


@dataclass(frozen=True)
class LookAtHand:
    """``who``'s hand is shown to the controller of the spell or ability, and to
    nobody else (rule 400.2: a hand is hidden; the effect lets that player look at
    it, once, as it resolves): "look at target player's hand"."""

    who: Selector


@dataclass(frozen=True)
class PutFromHand:
    """``who`` puts ``count`` cards from their hand on top of their library (with
    ``bottom``: on the bottom), one chosen at a time, so in any order ("draw three
    cards, then put two cards from your hand on top of your library in any order"; the
    last one chosen ends on top). A player with fewer cards puts them all.

    With ``destination`` ``"battlefield"``: cards matching ``filter`` (a card filter; never an
    Aura's, which would need something to enchant, 303.4f) go onto the battlefield
    under that player's control (``tapped``: tapped), one chosen at a time; with
    ``optional`` ("you may put an Equipment card from your hand onto the
    battlefield", "up to two"), the player may stop at any card (none at all);
    ``attacking``: "tapped and attacking" (508.4: a creature of the attacking player's
    attacks once attackers are declared, :meth:`~objects.ObjectsMixin.enter_attacking`;
    never declared, so no "attacks" trigger). With ``destination`` ``"foretold"``:
    exiled face down, each becomes foretold with a foretell cost of its mana cost
    reduced by ``reduced`` generic mana ("exile a card from your hand face down. it
    becomes foretold. its foretell cost is its mana cost reduced by {2}", 702.143).
    With ``destination`` ``"exile"``: exiled face up ("target player ... exiles a card
    from their hand"), the card the step exiled (``Ref("that_card")``, what an
    :class:`IfMovedWas` next asks about)."""

    count: int
    who: Selector = Ref("you")
    bottom: bool = False
    filter: Filter | None = None
    destination: str = "library"
    optional: bool = False
    tapped: bool = False
    attacking: bool = False
    reduced: int = 0


@dataclass(frozen=True)
class SacrificePile:
    """"Separate all permanents ``who`` controls into two piles. That player sacrifices
    all permanents in the pile of their choice." (Liliana of the Veil): the controller
    of the spell or ability makes the first pile, one permanent at a time (a ``pile``
    decision; the rest are the second pile, either may be empty), then that player
    chooses the pile they sacrifice (yes: the first), rule 701.21a."""

    who: Selector


@dataclass(frozen=True)
class RevealPiles:
    """"Reveal the top ``count`` cards of your library. An opponent separates those
    cards into two piles. Put one pile into your hand and the other ``rest``." (Fact
    or Fiction; rule 700.3: a pile may be empty). The cards are revealed to every
    player (701.20a) and stay on top of the library while the piles are made; an
    opponent makes the first pile one card at a time (the rest are the second pile),
    then the resolving object's controller chooses the pile put into their hand.
    ``rest``: ``"graveyard"`` or ``"bottom"`` (on the bottom of the library in any
    order: one card at a time)."""

    count: Amount
    rest: str = "graveyard"


PILE_RESTS = ("graveyard", "bottom")
"""Where the pile :class:`RevealPiles`' controller does not take goes."""


@dataclass(frozen=True)
class PeekTop:
    """"Look at the top card of ``who``'s library. You may put that card on the bottom
    of that player's library." (Jace, the Mind Sculptor): the controller of the
    spell or ability sees the card (no one else does) and chooses (yes: the bottom)."""

    who: Selector


@dataclass(frozen=True)
class Explore:
    """Rule 701.44a: ``what`` explores: its controller reveals the top card of their
    library; a land card goes to their hand; otherwise the creature gets a +1/+1
    counter and they may put the revealed card into their graveyard (a ``yesno``
    decision with ``explore``: yes, the graveyard). No card to reveal: the counter
    (the Ixalan rulings). A creature that left the battlefield still explores, as it
    last existed: its controller reveals, no counter is put (701.44b)."""

    what: Selector


@dataclass(frozen=True)
class Connive:
    """Rule 701.50a: ``what`` connives: its controller draws ``count`` cards, then
    discards that many (701.50e: connive N), then puts a +1/+1 counter on it for each
    nonland card discarded this way. A permanent that left the battlefield still
    connives as it last existed (701.50c): its controller draws and discards, and no
    counter is put."""

    what: Selector
    count: Amount = 1


@dataclass(frozen=True)
class Populate:
    """Rule 701.36a: the resolving object's controller chooses a creature token they
    control and creates a token that's a copy of it (a ``copy`` decision with
    ``populate``, asked only when there is more than one; none: nothing happens,
    701.36b); ``it`` names the new token afterwards."""


POPULATED = Filter(types=frozenset({"Creature"}), controller="you",
                   props=frozenset({"token"}))
"""What populate may copy: a creature token its controller controls (701.36a)."""


@dataclass(frozen=True)
class Backup:
    """Rule 702.165a, backup N's triggered ability: put ``count`` +1/+1 counters on
    ``what``; if that's another creature than the source, it gains ``keywords`` and
    ``abilities`` (the abilities printed below the backup ability, 702.165d) until
    end of turn (layer 6, as a :class:`Becomes`)."""

    count: int
    what: Selector
    keywords: tuple[str, ...] = ()
    abilities: tuple[Any, ...] = ()


@dataclass(frozen=True)
class ExileLibrary:
    """Exile every card of ``who``'s library (rule 406: face up)."""

    who: Selector


@dataclass(frozen=True)
class ShuffleHandIntoLibrary:
    """``who`` shuffles the cards of their hand into their library (701.24a)."""

    who: Selector


@dataclass(frozen=True)
class ShuffleInto:
    """"The owner of target permanent shuffles it into their library" (Chaos Warp,
    Oblation) and "shuffle this and your graveyard into their owner's library"
    (Elixir of Immortality, ``graveyard``: every card of its controller's graveyard
    too, 404.2: all of them that player's own): the permanents ``what`` names go
    into their owners' libraries (a token ceases to exist, 111.7), and each library
    that received a card is shuffled (701.24a). Afterwards ``its_controller`` names
    the owner of the (last) permanent moved: "then [that player] draws two cards"."""

    what: Selector
    graveyard: bool = False


@dataclass(frozen=True)
class MustAttackThis:
    """"During target opponent's next turn, creatures that player controls attack this
    if able" (rule 508.1d): a requirement on every creature ``who`` controls during that
    player's next turn: it attacks this planeswalker (the ability's source) if able,
    for as long as the planeswalker stays on the battlefield."""

    who: Selector


@dataclass(frozen=True)
class MustBlock:
    """"Target creature blocks this this turn if able" (509.1c; provoke 702.39a): a
    blocking requirement on each creature ``what`` names, to block the resolving
    object's source, until the turn ends."""

    what: Selector


@dataclass(frozen=True)
class Goad:
    """Goad (701.38a): each creature ``what`` names is goaded by the resolving
    object's controller until that player's next turn: it attacks each combat if
    able and attacks a player other than a goading player if able (701.38b)."""

    what: Selector


@dataclass(frozen=True)
class EnterAttackingFromHand:
    """Ninjutsu's effect (702.49a): "put this card onto the battlefield from your hand
    tapped and attacking": the ability's card, if still in its controller's hand,
    enters tapped and attacking the player or planeswalker the creature returned to
    pay its cost was attacking (702.49c; never declared, so nothing "attacks"-
    triggers; it is unblocked)."""


@dataclass(frozen=True)
class SkipNextUntap:
    """``what`` doesn't untap during its controller's next untap step (502.3: the
    next untap step in which it would untap; "tap target creature. it doesn't untap
    during its controller's next untap step"). ``while_you_control``: instead, it
    doesn't untap during its controller's untap steps for as long as the resolving
    object's controller controls its source (611.2b: "that creature doesn't untap
    during its controller's untap step for as long as you control this").
    ``while_tapped``: for as long as its source remains tapped instead ("it doesn't
    untap during its controller's untap step for as long as this remains tapped":
    the effect ends as the source becomes untapped, 611.2b)."""

    what: Selector
    while_you_control: bool = False
    while_tapped: bool = False


@dataclass(frozen=True)
class Detain:
    """Rule 701.35a: detain the permanents ``what`` names: until the resolving
    object's controller's next turn, each can't attack or block and its activated
    abilities (mana abilities too) can't be activated."""

    what: Selector


@dataclass(frozen=True)
class UntapUpTo:
    """"Untap up to ``count`` lands" (Rewind, Snap, Frantic Search): the resolving
    object's controller untaps that many lands or fewer. *Automated*: the lands
    untapped are that player's own tapped lands (untapping another player's land
    only helps that player), oldest first; ``filter`` is what may be untapped."""

    count: Amount
    filter: Filter


@dataclass(frozen=True)
class PutOnLibrary:
    """Put the permanents ``what`` names on top (or with ``bottom`` on the bottom) of
    their owners' libraries (Condemn, Azorius Charm); ``depth``: beneath that many
    cards of the top ("second from the top": 1; "just beneath the top x cards of that
    library, where x is the result": ``"die_result"``; all of them when the library
    holds fewer, 401.4). ``owner_chooses``: "<its owner> puts it on their choice of the
    top or bottom of their library" (Trip Up; "for each attacking creature, ...",
    Aetherspouts): each owner chooses for each of their permanents, in turn order from
    the active player (101.4; a ``yesno`` with ``to_bottom``: yes, the bottom), then
    they all move at once and each owner orders the cards going to the same end of
    their library (401.4: a ``look`` decision of phase ``bottom``, then ``order``)."""

    what: Selector
    bottom: bool = False
    depth: Amount = 0
    owner_chooses: bool = False


@dataclass(frozen=True)
class NextSpellToHand:
    """"The next time you cast an instant or sorcery spell from your hand this turn,
    put that card into your hand instead of into your graveyard as it resolves"
    (Soulfire Grand Master; 614.1a, a replacement of where the spell card goes,
    608.2n): the first such spell the resolving object's controller casts from
    their hand this turn (601.2i) returns to their hand as it resolves (not if it is
    countered or its targets are all illegal). Several such effects apply to that
    same next spell."""


@dataclass(frozen=True)
class SorceryFlash:
    """"The next sorcery spell you cast this turn can be cast as though it had flash"
    (Quicken; 601.3, 702.8a): until the turn ends, ``who`` may cast sorceries at
    instant speed, until one of their sorcery spells is cast; ``every``: "you may
    cast spells this turn as though they had flash" (Alchemist's Refuge), every
    spell until the turn ends."""

    who: Selector = Ref("you")
    every: bool = False


@dataclass(frozen=True)
class AdditionalLand:
    """Rule 305.2: ``who`` may play ``count`` additional lands this turn ("you may play
    an additional land this turn": Explore); more land plays on their own turn only
    (305.2a: lands are played during one's own turn)."""

    count: int = 1
    who: Selector = Ref("you")


@dataclass(frozen=True)
class Sequence:
    """Several effects, resolved in order (one sentence each)."""

    steps: tuple[Any, ...]


@dataclass(frozen=True)
class IfYouDo(Sequence):
    """"<optional action>. if you do, <effect>" (rule 608.2d): ``steps[0]`` is the
    action (a :class:`PayCost`, or the controller's :class:`Discard`,
    :class:`Sacrifice` or :class:`Draw`), the rest happen only if it was done. It is
    the effect of a :class:`MayDo` (or of an optional triggered ability); the engine
    offers "yes" only when the action is possible (118.3), so answering yes is doing
    it, except for a draw, which may find too few cards: then the rest doesn't
    happen."""


@dataclass(frozen=True)
class AnyOpponentMay:
    """"Any opponent may <action>. If a player does, <effect>." (Desecration Demon's
    "any opponent may sacrifice a creature of their choice. if a player does, tap
    this and put a +1/+1 counter on it"): ``action`` (a :class:`Sacrifice` of one of
    their own permanents), then ``effect``. The
    opponents of the resolving object's controller are asked one at a time (a
    ``yesno`` with ``any_opponent``), in turn order from the next one, each only if
    they can do it (118.3); the first to say yes does it (choosing what to
    sacrifice) and the effect happens; nobody after them is asked."""

    action: Sacrifice
    effect: Any

    @property
    def filter(self) -> Filter:
        """What the action sacrifices (the sacrifice ask reads it from this node)."""
        return self.action.filter


@dataclass(frozen=True)
class MoveAtRandom:
    """"Choose three target creature cards in your graveyard. Return two of them at
    random to the battlefield and put the other on the bottom of your library."
    (Sinister Waltz): of the cards of ``what`` (a ``graveyard_card`` target) still
    legal as it resolves (608.2b), ``count`` chosen at random go where ``first``
    says (a :class:`MoveCards` of the same target), the others where ``rest`` says;
    with ``count`` or fewer legal ones, all of them go where ``first`` says (the
    random choice only sets one apart when there is one to spare)."""

    what: Target
    count: int
    first: MoveCards
    rest: MoveCards


@dataclass(frozen=True)
class TapAny:
    """"You may tap any number of untapped <permanents> you control" (Urge to Feed):
    the resolving object's controller chooses untapped permanents they control that
    ``filter`` matches, one at a time (a ``tap_any`` decision; "done" at any point,
    none at all), and taps them at once; ``Ref("those_targets")`` then names the ones
    tapped ("put a +1/+1 counter on each of those Vampires": none if none was).
    ``tap`` False: "choose any number of creatures" (Berserker's Frenzy), any
    permanents ``filter`` matches, whoever controls them, tapped or not, untargeted
    and untouched; ``Ref("those_targets")`` names the ones chosen."""

    filter: Filter
    tap: bool = True


@dataclass(frozen=True)
class EachPlayerMay:
    """"Each player may <action>" (Imposing Grandeur's "each player may discard their
    hand and draw cards equal to ..."): each player still in the game, in turn order
    from the active player (101.4: choices in APNAP order), answers a ``yesno`` with
    ``each_may``; then ``effect`` happens (608.2c) with ``Ref("players_who_chose")``
    naming the players who said yes, in that order."""

    effect: Any


@dataclass(frozen=True)
class EachChooses:
    """"Starting with you, each player may choose an artifact or enchantment you don't
    control" (Druid of Purification): each player still in the game, in turn order
    from the resolving object's controller (the order the text states; 101.4 is
    the default it overrides), chooses a permanent ``filter`` matches as that
    controller sees it (not a target: chosen on resolution; another player's choice
    may be the same permanent), or none when ``optional`` (a ``choose_permanent``
    decision; "done": none). ``Ref("those_targets")`` then names the permanents
    chosen this way ("destroy each permanent chosen this way")."""

    filter: Filter
    optional: bool = True


@dataclass(frozen=True)
class RevealTop:
    """Rule 701.20a: ``who`` reveals the top card of their library; if it is a card
    ``filter`` matches, ``to_hand`` puts it into that player's hand and ``effect``
    happens ("defending player reveals the top card of their library. if it's a land
    card, that player puts it into their hand"; Delver of Secrets's "you may reveal
    that card. if an instant or sorcery card is revealed this way, transform this").
    ``effect`` names nothing of the card and chooses no target."""

    who: Selector = Ref("you")
    filter: Filter = Filter()
    effect: Any = None
    to_hand: bool = False
    #: "if it's a permanent card, they put it onto the battlefield" (Chaos Warp):
    #: a matching card enters under that player's control.
    to_battlefield: bool = False
    #: "otherwise, put that card into your hand" (Coiling Oracle): a card ``filter``
    #: does not match goes into that player's hand (revealed: every player saw it).
    else_hand: bool = False
    #: Counterbalance's "if you do, counter that spell if it has the same mana value
    #: as the revealed card": the card matches only if its mana value is that of the
    #: triggering spell ``Ref("it")`` still on the stack (202.3, an X in its cost
    #: counted as announced, 202.3e); ``effect`` may then name that spell.
    same_mana_value: bool = False


DIE_SIDES = (4, 6, 8, 10, 12, 20)
"""The dice a :class:`RollDice` rolls (rule 706.1: a d4 ... a d20)."""


@dataclass(frozen=True)
class RollDice:
    """Rule 706: the resolving object's controller rolls ``count`` ``sides``-sided
    dice (each result from 1 to ``sides``, from the game's dice), and "whenever
    you roll one or more dice" abilities trigger once (a roll of several dice is one
    event). ``ranges`` and ``rows`` are its results table ("1—9 | <effect>"): the
    row whose range holds the total of the results
    happens; ``"die_result"`` in an amount is that total ("where X is the
    result"). The rows choose no targets."""

    sides: int
    count: Amount = 1
    ranges: tuple[tuple[int, int], ...] = ()
    rows: tuple[Any, ...] = ()
    keep: int = 0
    """"Roll two d20 and ignore the lower roll": only the ``keep`` highest results
    count (706.4; 0: all of them)."""
    choose: bool = False
    """"Roll two d4 and choose one result": its controller chooses which of the two
    results is "that result" (``"die_result"``, a ``yesno`` decision with
    ``die_choice``: yes, the first), the other being ``"other_result"``."""


@dataclass(frozen=True)
class RollOff:
    """Rule 706: each player rolls one ``sides``-sided die (a roll of their own, in
    turn order from the active player: their "whenever you roll" abilities trigger,
    their :class:`ExtraDie` applies); if one or more opponents of the resolving
    object's controller had the highest result, each permanent ``barred`` names
    can't attack those players or planeswalkers they control this combat (508.1c;
    Chaos Dragon)."""

    sides: int
    barred: Any = Ref("self")


@dataclass(frozen=True)
class ChooseBlocks:
    """"You choose which creatures block this turn and how those creatures block"
    (Berserker's Frenzy): until the turn ends, the resolving object's controller
    makes each defending player's blocking declaration (509.1: which of that
    player's creatures block and what; the requirements and restrictions on it
    stay the same); the latest such effect wins."""


@dataclass(frozen=True)
class ExtraDie:
    """Static, a replacement effect (614.1a) of its controller's rolls: "if you would
    roll one or more dice, instead roll that many dice plus one and ignore the lowest
    roll" (706.4: an ignored roll is as if it had not been rolled; its result counts
    for nothing). Each such static adds a die and ignores the lowest one."""


@dataclass(frozen=True)
class DiceTotal:
    """An amount: its player rolls ``count`` ``sides``-sided dice as the amount is
    needed (706: "as this enters, roll x d6. it enters with a number of +1/+1
    counters on it equal to the total of those results", an
    :class:`EntersWithCounters`, 614.1c; ``count`` ``"X"``: the X paid for its
    spell, 107.3m), and the amount is the total of the results not ignored."""

    sides: int
    count: Amount = 1


@dataclass(frozen=True)
class DayAsEnters:
    """Static: "if it's neither day nor night, it becomes day as this enters" (726.2,
    614.12: as it enters)."""


@dataclass(frozen=True)
class BecomeDayNight:
    """"It becomes day / night." (726.2): ``now`` ``"day"`` or ``"night"``."""

    now: str


@dataclass(frozen=True)
class FlipCoin:
    """Rule 705: the resolving object's controller flips a coin (the game's dice, an
    even chance; event ``coin_flip``): ``win`` happens if they win the flip, ``lose``
    if they lose it (None: nothing). Targets in either are chosen as the object is
    put on the stack (601.2c), whichever happens (path children 0: win, 1: lose)."""

    win: Any = None
    lose: Any = None


@dataclass(frozen=True)
class Myriad:
    """Rule 702.116a, myriad's triggered ability ("whenever this creature attacks"):
    for each opponent other than the defending player, its controller may (a
    ``yesno`` with ``myriad``: that opponent) create a token that's a copy of it,
    tapped and attacking that player (the choice of the player or one of their
    planeswalkers is automated: the player); each token is exiled at end of combat
    (``effect``, a delayed triggered ability per token, 603.7, whose ``it`` is the
    token). A creature gone from the battlefield is copied as its card."""

    effect: Any = Exile(Ref("it"))


@dataclass(frozen=True)
class Clash(FlipCoin):
    """Rule 701.23: the resolving object's controller clashes with an opponent they
    choose (701.23b; a ``choose`` decision with ``clash`` when there are several):
    each reveals the top card of their library (event ``clash``), then each in turn
    order chooses to put it on the top or the bottom (a ``yesno`` with ``clash``:
    yes, the bottom). The controller wins if their card's mana value is greater than
    the other's (701.23c; revealing nothing, nobody beats them; with nothing of
    their own they can't win). ``win`` then happens, else ``lose`` ("otherwise");
    the branches are a flip's (path children 0 and 1, targets chosen as it is put on
    the stack)."""


@dataclass(frozen=True)
class Unless:
    """"<effect> unless you pay <cost>" (rule 118.12): on resolution the controller
    may pay ``cost`` (a :class:`PayCost`; asked only when they can, 118.3); if they
    don't, ``effect`` happens ("at the beginning of your upkeep, sacrifice this unless
    you pay {1}"). ``cost`` may also be a :class:`ReturnChosen` ("sacrifice it unless
    you return an artifact you control to its owner's hand", Glint Hawk: asked only
    when they control one; yes returns it, chosen as the ReturnChosen chooses), or a
    :class:`Sacrifice` by the one player ``effect`` targets (``who`` ``Ref("it")``:
    "deals 5 damage to target opponent unless that player sacrifices a creature of
    their choice"; that player is asked, when they control one)."""

    cost: Any  # PayCost | ReturnChosen | Sacrifice
    effect: Any


@dataclass(frozen=True)
class MayDo:
    """"You may ...": the controller chooses on resolution whether it happens."""

    effect: Any


@dataclass(frozen=True)
class Choose:
    """A modal spell or ability: choose ``min_modes``..``max_modes`` of ``modes``;
    ``commander_max``: up to that many instead if its controller controls a
    commander as they cast it ("choose one. if you control a commander as you cast
    this, you may choose both instead.", 700.2 with 903.3)."""

    modes: tuple[Any, ...]
    min_modes: int = 1
    max_modes: int = 1
    commander_max: int = 0


Effect = Any
"""Any effect dataclass above."""


# ------------------------------------------------------------------ abilities
@dataclass(frozen=True)
class Cost:
    """What activating (or, as an additional cost, casting) asks for."""

    mana: ManaCost | None = None
    tap: bool = False
    sacrifice_self: bool = False
    sacrifice: Filter | None = None
    # "Sacrifice two artifacts", "sacrifice this and thirteen Blood tokens" (118.3):
    # how many permanents matching ``sacrifice`` (the source itself not among them).
    sacrifice_count: int = 1
    pay_life: int = 0
    discard: int = 0
    # Added for cycling and channel ("{2}, discard this card: ..."), paid from the hand.
    discard_self: bool = False
    # A loyalty ability's cost (rule 606.4): loyalty counters put on (positive) or
    # removed (negative); 0 for a [0] ability; None for any other ability.
    loyalty: int | None = None
    # "[−X]" (606.4, 107.3): X more loyalty counters removed, X announced as it is
    # activated (at most the loyalty it has, 606.6); ``loyalty`` is then 0.
    loyalty_x: bool = False
    # Crew N (rule 702.122a): tap any number of untapped creatures you control with
    # total power N or more (summoning-sick ones too: it is not a {T} cost).
    crew: int = 0
    # "Exile N [quality] cards from your graveyard" (118.3, Moorland Haunt, Grim
    # Lavamancer): that many cards of the payer's graveyard matching exile_filter (a
    # card filter; None: any card).
    exile_graveyard: int = 0
    exile_filter: Filter | None = None
    # "Tap two untapped artifacts you control" (rule 118.3, 602.2b): ``tap_count``
    # untapped permanents of yours matching ``tap_untapped`` (summoning-sick creatures
    # too: not a {T} cost, 302.6), chosen one at a time with the crew decision.
    tap_untapped: Filter | None = None
    tap_count: int = 0
    # "Remove N <kind> counters from this" (118.3, 122.8): (kind, N), payable only
    # when it has that many.
    remove_counters: tuple[str, int | str] | None = None  # (kind, n or "X")
    # "Discard a creature card" (118.3): the ``discard`` cards must match this card
    # filter (None: any card).
    discard_filter: Filter | None = None
    # "Put a -0/-1 counter on this" (118.3, 122.1): (kind, N) put on the source as
    # the cost is paid (Wall of Roots).
    add_counters: tuple[str, int] | None = None
    # "Exile a blue card from your hand" (118.3, an alternative cost's part: Force of
    # Will): one card of its payer's hand matching this card filter, not the spell
    # itself, chosen with the ``cost_discard`` decision.
    exile_hand: Filter | None = None
    # "Return an island you control to its owner's hand" (118.3: Daze): one
    # permanent of its payer matching this filter, chosen with the
    # ``cost_sacrifice`` decision.
    bounce: Filter | None = None
    # "Pay {E}{E}" (107.14): that many energy counters removed from the payer,
    # payable only when they have them (118.3).
    energy: int = 0
    # "Exile this card from your graveyard" (118.3: scavenge 702.97a): a graveyard
    # ability's own card, exiled as the cost is paid.
    exile_self: bool = False
    # An additional cost "reveal a <quality> card from your hand or pay <mana>"
    # (601.2b): the caster chooses; ``mana`` is paid only when no card is revealed.
    reveal_or: Filter | None = None
    # "Exile this" (118.3): a permanent's activated ability exiles the permanent
    # itself as the cost is paid (its last known information kept, 608.2h).
    exile_this: bool = False
    # A spell's additional cost "you may exile any number of <quality> cards from your
    # graveyard. this spell costs {N} less to cast for each card exiled this way"
    # (601.2b, 601.2f: Gorex, the Tombshell): its caster chooses the cards matching
    # this card filter one at a time (a ``hand_choice`` with ``cost_exile``; "done" at
    # any point), each taking ``exile_any_less`` generic mana off its cost; they are
    # exiled as the cost is paid and are exiled with the permanent it becomes (607.2).
    exile_any: Filter | None = None
    exile_any_less: int = 0


@dataclass(frozen=True)
class SpellAbility:
    """What an instant or sorcery does when it resolves."""

    effect: Effect
    additional_cost: Cost | None = None


@dataclass(frozen=True)
class AdditionalCost:
    """Static of a permanent card, rule 601.2b/601.2f: "as an additional cost to cast
    this spell, exile a creature card from your graveyard" (Stitched Drake), "...,
    sacrifice a creature", "..., discard a card": paid as the spell is cast, like an
    instant's or sorcery's :attr:`SpellAbility.additional_cost`."""

    cost: Cost


@dataclass(frozen=True)
class ActivatedAbility:
    """``cost: effect``.

    Attributes:
        cost: What activating it asks for.
        effect: What it does on resolution.
        sorcery_speed: "Activate only as a sorcery" (and equip).
        is_mana: A mana ability (rule 605): it does not use the stack.
        zone: Where its card must be to activate it: ``"battlefield"``, ``"hand"``
            for cycling and channel (rule 602.2, 702.29), or ``"graveyard"``: an
            ability whose effect moves its card out of its owner's graveyard
            functions only there (113.6m: "{1}{b}: return this from your graveyard
            to the battlefield tapped", unearth 702.84a); its owner activates it.
        once_per_turn: "Activate only once each turn."
        cycling: A cycling or typecycling ability (702.29a, 702.29e): discarding
            the card to pay its cost is cycling it ("when you cycle this", 702.29c).
        only_if: "Activate only if / only during ..." (rule 602.5b): every one of
            these :class:`ActivationCondition` must hold as it is activated.
    """

    cost: Cost
    effect: Effect
    sorcery_speed: bool = False
    is_mana: bool = False
    zone: str = "battlefield"
    once_per_turn: bool = False
    only_if: tuple[ActivationCondition, ...] = ()
    cycling: bool = False


CONDITION_KINDS = ("you_control", "opponent_controls", "graveyard", "empty_hand",
                   "your_turn", "before_attackers", "your_upkeep", "creature_died",
                   "monstrous", "life_at_least", "opponent_life_at_most",
                   "life_at_most", "attacked_this_turn", "counters_on_this",
                   "land_entered", "control_none", "less_life_than_opponent",
                   "more_life_than_opponent", "fewer_than_opponent", "monarch",
                   "opponent_monarch", "source_attacking", "control_commander",
                   "opponent_dealt_damage", "renowned", "city_blessing",
                   "x_at_least", "chosen", "source_is", "counters_at_most",
                   "it_counters", "attached_power_at_least",
                   "attacked_with", "total_power", "hands_empty", "class_level",
                   "control_each", "opponent_searched", "creature_countered",
                   "controls_a_commander", "that_player_commander", "during_step",
                   "kicked", "cast_from_graveyard", "any_graveyard", "it_was",
                   "result_beats_that_much")
"""What an :class:`ActivationCondition` asks (of the ability's controller):
``you_control`` at least ``count`` permanents matching ``filter``;
``opponent_controls``: some opponent controls at least ``count`` of them;
``result_beats_that_much``: the result of the die rolled just before (706) is greater
than the amount of the trigger's event ("the damage dealt"), or is ``count`` (when
not 0: "or the result is 12");
``graveyard``: at least ``count`` cards in their graveyard; ``empty_hand``: no
cards in hand; ``your_turn``: their turn; ``before_attackers``: their turn, before
the declare attackers step; ``your_upkeep``: their upkeep; ``creature_died``: a
creature died this turn (morbid: any creature, any player's); ``monstrous``: the
source is monstrous (701.37b); ``life_at_least``: they have at least ``count``
life; ``opponent_life_at_most``: an opponent has at most ``count`` life;
``life_at_most``: they have at most ``count`` life (fateful hour, "if you have 5 or
less life"); ``attacked_this_turn``: they attacked with a creature this turn (raid,
"if you attacked this turn", 508.1); ``counters_on_this``: the source has at least
``count`` ``counter`` counters ("as long as this has seven or more quest counters on
it"); ``land_entered``: a land entered the battlefield under their control this turn
(landfall's "if you had a land enter the battlefield under your control this
turn"); ``control_none``: they control no permanent matching ``filter`` ("if you
control no artifacts"); ``less_life_than_opponent`` / ``more_life_than_opponent``:
their life total is less / more than some opponent's still in the game ("if you have
less life than an opponent"); ``fewer_than_opponent``: some opponent controls more
permanents matching ``filter`` than they do ("if an opponent controls more lands than
you"); ``monarch``: they are the monarch (724, "if you're the monarch");
``opponent_monarch``: an opponent of theirs is ("if an opponent is the monarch");
``attacked_with``: they attacked with at least ``count`` creatures this turn;
``total_power``: the creatures they control have total power ``count`` or greater;
``hands_empty``: no player has a card in hand; ``opponent_dealt_damage``: an opponent
was dealt at least ``count`` damage this turn (bloodthirst: 1);
``during_step``: it is the ``counter`` step of any player's turn ("activate only
during the end of combat step", 602.5b); ``source_attacking``: the source is attacking ("this has first strike as long as it's
attacking"); ``control_commander``: they control one of their commanders (903.3,
lieutenant's "if you control your commander"; never outside a Commander game);
``controls_a_commander``: they control a commander, anyone's (903.3: "if you control a
commander"); ``that_player_commander``: the same asked of the player the effect acts on
(``item.defending``) instead: "... to that player unless they control a commander"
(Crimson Honor Guard);
``opponent_dealt_damage``: an opponent of theirs was dealt damage this turn
(bloodthirst's "if an opponent was dealt damage this turn", 702.54a);
``renowned``: the source is renowned (702.112b: "as long as this is renowned");
``city_blessing``: they have the city's blessing (702.131c);
``x_at_least``: the X of the resolving spell is at least ``count`` ("if X is 5 or
more", only as a spell resolves); ``chosen``: the source's choice as it entered is
the word ``counter`` (a Siege's "• khans — <ability>": the ability exists only when
khans was chosen, 614.12c, :class:`ChooseAsEnters`); ``source_is``: the source is on
the battlefield and matches ``filter`` ("if this creature is a spirit", Figure of
Destiny); ``counters_at_most``: the source is on the battlefield with at most
``count`` ``counter`` counters (a state trigger's "when this has two or fewer loyalty
counters on him", 603.8); ``class_level``: the source is a Class of level ``count``
exactly (716.2a: "{cost}: level N" only while it is level N-1); ``it_counters``:
the permanent the effect calls "it" (a
trigger's object) has at least ``count`` ``counter`` counters (an Ordeal's "then if it
has three or more +1/+1 counters on it", 608.2c); ``attached_power_at_least``: the
permanent the source Aura or Equipment is attached to has power ``count`` or greater
(Domestication's "if enchanted creature's power is 4 or greater"); ``control_each``:
they control a permanent of each subtype of ``filter`` ("if you control an Urza's
Power-Plant and an Urza's Tower", the Urza lands); ``opponent_searched``: an opponent
of theirs searched their own library this turn (701.23; Archive Trap);
``creature_countered``: a creature spell they cast this turn was countered (701.6) by
a spell or ability an opponent of theirs controlled (Summoning Trap); ``kicked``: the
resolving spell was kicked (702.33d, "if this was kicked, create twelve of those tokens
instead"); ``cast_from_graveyard``: the resolving spell was cast from a graveyard
(601.2a; flashback too: Increasing Savagery); ``any_graveyard``: some player's
graveyard holds at least ``count`` cards ("if a graveyard has twenty or more cards in
it")."""


@dataclass(frozen=True)
class ActivationCondition:
    """A restriction on activating an ability (rule 602.5b): "activate only if you
    control five or more lands" is ``("you_control", lands, 5)``; kinds are
    :data:`CONDITION_KINDS`."""

    kind: str
    filter: Filter | None = None
    count: int = 1
    counter: str = ""  # counters_on_this: the kind


OBJECT_EVENTS = ("enters", "dies", "attacks", "attacks_alone", "group_attacks", "leaves",
                 "blocks", "becomes_blocked",
                 "unblocked", "deals_damage", "deals_combat_damage",
                 "deals_damage_player", "deals_combat_damage_player",
                 "deals_combat_damage_you",
                 "deals_damage_opponent", "deals_combat_damage_creature",
                 "dealt_damage", "becomes_monstrous", "becomes_tapped", "sacrificed",
                 "last_time_counter_removed", "blocked_by", "blocks_creature",
                 "counter_put", "counters_put",
                 "becomes_renowned", "turned_face_up",
                 "dealt_combat_damage_by_creature", "exiled")
"""Events happening to a permanent (rule 603.2): its subject is ``Ref("self")``,
``Ref("equipped")`` / ``Ref("enchanted")`` (the permanent it is attached to) or a
:class:`Filter`. ``unblocked`` is "attacks and isn't blocked"; ``deals_damage_player``
"deals damage to a player", ``deals_combat_damage_creature`` "deals combat damage to a
creature" (``it``: that creature), ``dealt_damage`` "is dealt damage",
``deals_combat_damage_you``: "whenever a creature deals combat damage to you" (the
player dealt damage is the ability's controller; ``it``: the creature),
``becomes_monstrous`` "when this becomes monstrous" (701.37b), ``becomes_tapped``
"becomes tapped" (it was untapped: for mana, a {T} cost, attacking, an effect,
regeneration), ``sacrificed``: "whenever you sacrifice <filter>" (701.21a; the filter
names the sacrificing player as the permanent's controller),
``last_time_counter_removed``: "when the last time counter is removed from this"
(vanishing, 702.63a: a removal that leaves it none); ``blocked_by``: "whenever
this becomes blocked by a creature", once for each creature blocking it (509.3d;
``it``: that blocker); ``blocks_creature``: "whenever this blocks a creature" (509.3c;
``it``: the creature it blocks); ``counter_put``: "whenever a
+1/+1 counter is put on <subject>" (once for each counter, 122.6: entering with
counters too), ``counters_put``: "one or more +1/+1 counters are put on" (once);
``becomes_renowned``: "when this becomes renowned" (702.112b); ``turned_face_up``:
"when this is turned face up" (708.8: it triggers after the permanent is face up,
and turning face up is not entering, so its enters abilities don't trigger);
``group_attacks``: "whenever one or more <subject> attack" (508.1: once as attackers
are declared, when any of them matches; no ``it``);
``dealt_combat_damage_by_creature``: "whenever a creature deals combat damage to this"
(``it``, "that creature": the creature that dealt it); ``exiled``: "whenever a creature
is exiled from the battlefield" (it goes to exile, an "exile it instead" too; they
look back, 603.10a)."""
CARD_GRAVEYARD_EVENTS = ("card_to_graveyard", "card_to_graveyard_from_library")
"""A card put into a graveyard (a token is no card, 111.1): "whenever a <quality> card
is put into your / an opponent's / a graveyard from anywhere" (``card_to_graveyard``:
from any zone, the battlefield too, looking back at the permanents that left with it,
603.10a) or "... from your library" (``card_to_graveyard_from_library``: milled,
surveilled, revealed and put there). The subject is a card :class:`Filter` whose
``controller`` says whose graveyard (the card's owner's, 404.1) relative to the
ability's controller; once for each card; ``Ref("it_card")`` names the card in the
graveyard (a new object if it left since, 400.7). The ability may be an emblem's
(114.4)."""
BATCH_EVENTS = ("group_dies", "group_enters", "group_sacrificed",
                "group_combat_damage_player", "group_combat_damage_players",
                "group_combat_damage_opponents",
                "group_discard", "group_leaves_graveyard", "group_attacks_you",
                "group_attacks_player",
                "group_card_to_graveyard", "group_card_to_graveyard_from_library",
                "group_exiled_yours")
""""Whenever one or more <objects> <event>" (603.2c): the ability triggers once for
each batch of simultaneous events (the permanents one effect destroys or one pass of
state-based actions puts into graveyards, the permanents entering at once, the
permanents one effect or cost sacrifices, the combat damage one combat damage step
deals to one player, the cards one effect or cost makes a player discard), however
many objects of the batch match its subject, a :class:`Filter` (``group_discard``:
a card filter whose controller says whose discard: ``"you"``, ``"opponent"``,
``"any"``; ``group_leaves_graveyard``, "whenever one or more cards leave your
graveyard": a card filter whose controller says whose graveyard, the cards one
action moves out of it, cast or played from it, exiled from it as a cost;
``group_card_to_graveyard[_from_library]``: "whenever one or more <quality> cards
are put into your graveyard from anywhere [from your library]", a card filter as
for :data:`CARD_GRAVEYARD_EVENTS`). ``group_attacks_you``: "whenever one or more
creatures attack you" (``that player``-free; the attackers attacking the ability's
controller, not a planeswalker); ``group_attacks_player``: "whenever one or more
<creatures you control> attack a player" (once for each player attacked, ``that
player``); ``group_combat_damage_players``: "... deal combat
damage to one or more players" (once for the step, whoever was dealt it);
``group_combat_damage_opponents``: "... deal combat damage to one or more of your
opponents" (once for the step, if they dealt it to an opponent of the ability's
controller; its ``that many`` is the number of those opponents, "the number of
opponents dealt damage this way"); ``group_exiled_yours``: "whenever one or more cards
are put into exile from your hand or a spell or ability you control exiles one or more
permanents from the battlefield" (subject ``Filter(controller="you")``; one batch of
both kinds of objects: the cards one action exiles from the ability's controller's
hand, foretold, discarded into exile or exiled as a cost, and the permanents one step
of a resolving spell or ability they control exiles, looking back, 603.10a). ``that
many`` (``"that_much"``) is otherwise the number of matching objects (not of
``group_combat_damage_player``);
``that player``: the player dealt combat damage, the player who discarded. There is
no single triggering object (no ``it``). ``group_attacks`` and ``counters_put`` are
batch events of the same kind (:data:`OBJECT_EVENTS`)."""
PLAYER_EVENTS = ("gain_life", "lose_life", "draw", "discard", "you_attack", "roll_dice",
                 "clash", "clash_won")
"""Events happening to a player: the subject is ``Ref("you")``,
``Ref("each_opponent")`` or ``Ref("each_player")`` (``you_attack``: "whenever you
attack", with one or more creatures; ``roll_dice``: "whenever you roll one or more
dice", once for each instruction to roll, rule 706; ``clash``: each player of a
clash, ``clash_won``: the one who won it, 701.23)."""
STEP_EVENTS = ("upkeep", "draw_step", "main1", "beginning_of_combat", "main2",
               "end_step")
"""The beginning of a step or phase: the subject says whose (``Ref("you")``,
``Ref("each_opponent")``, ``Ref("each_player")``)."""
TARGET_EVENTS = ("becomes_target", "becomes_target_by_opponent", "becomes_target_spell",
                 "cast_targets")
"""A permanent becomes the target of a spell or ability (of an opponent: ward, rule
702.21a; ``becomes_target_spell``: of a spell, "when this becomes the target of a
spell"; ``cast_targets``: heroic's "whenever you cast a spell that targets this",
603.2, a spell its controller casts, not one whose target changes later, 115.7); the
subject is as for :data:`OBJECT_EVENTS`; the spell or ability is
``Ref("that_object")``, ``it`` is the permanent targeted."""
TARGET_EVENTS_SET = frozenset(TARGET_EVENTS)
CHAPTER_EVENTS = tuple(f"chapter_{n}" for n in range(1, 7))
CLASS_EVENTS = tuple(f"class_level_{n}" for n in range(2, 6))
"""A Class's "when this Class becomes level N" (716.2c): ``class_level_N``, subject
``Ref("self")``."""
"""A Saga's chapter abilities (714.2b): ``chapter_N`` ("N — effect") triggers when lore
counters put onto this Saga (subject ``Ref("self")``) bring their number from less than
N to N or more; the Saga's last chapter is its final one (714.2c)."""
TRIGGER_EVENTS = OBJECT_EVENTS + PLAYER_EVENTS + STEP_EVENTS + TARGET_EVENTS + (
    "casts_noncreature", "cast", "transforms_into", "cast_self", "mana_spent",
    "opponent_damaged_by", "miracle", "madness", "put_into_graveyard", "state",
    "tapped_for_mana", "day_night_changes", "cycled", "source_damage_player") \
    + CHAPTER_EVENTS + CLASS_EVENTS + CARD_GRAVEYARD_EVENTS + BATCH_EVENTS
"""Every event a :class:`Trigger` may name; ``cycled`` is "when you cycle this"
(702.29c: when its owner discards it to pay a cycling cost; subject ``Ref("self")``,
zone ``"graveyard"``: it triggers from the graveyard the card is cycled into);
``cast``'s subject is a :class:`Filter` of
the spell (its controller: who cast it); ``transforms_into`` is "whenever this
transforms into <this face>" (701.28g), subject ``Ref("self")``, on the face it
transforms into; ``cast_self`` is "when you cast this spell" (603.2, a triggered
ability of the spell on the stack: cascade 702.85a), subject ``Ref("self")``;
``mana_spent`` is "when that mana is spent to cast a <quality> spell" (106.6, 607.2:
the mana of this permanent's mana ability paid for a spell matching the subject, a
card :class:`Filter`, its prop ``shares_commander_type``: "that shares a creature
type with your commander", 903.3);
``opponent_damaged_by`` is "whenever an opponent is dealt damage by a red instant or
sorcery spell you control or by a red planeswalker you control" (Chandra's Phoenix),
subject a :class:`Filter` of the spell's or the ability's source's types and colour
(its controller: whose spell or planeswalker), ``that player`` the player dealt
damage, ``that much`` the damage; ``miracle`` is miracle's "when you reveal this
card this way" (702.94a: the card is revealed as it is drawn, the first card its owner
drew this turn; its source is the card in the hand), whose effect is
:class:`Miracle`; ``put_into_graveyard`` is "when this is put into a graveyard from
anywhere" (subject ``Ref("self")``; it triggers from the graveyard, 603.6a, controlled
by the card's owner, 108.4a); ``tapped_for_mana`` is "whenever you tap this / a
Swamp for mana", "whenever enchanted land is tapped for mana" (106.12: a mana
ability with {T} in its cost activated, by automatic payment or by its player; the
subject as for :data:`OBJECT_EVENTS`): with an :class:`AddMana` effect it is a
triggered mana ability (106.12b, 605.1b: its mana is added at once, no stack);
``day_night_changes`` is "whenever day becomes night or night becomes day" (726.3:
not as it first becomes day or night); ``source_damage_player`` is "whenever a source
you control deals [N or more] [noncombat] damage to a player / an opponent" (120.1,
603.2: once for each player one source deals damage to at once, after prevention;
the source's controller as it deals it is the ability's controller): the subject
says who was dealt it (``Ref("each_player")``, ``Ref("each_opponent")``), the
condition what damage (:func:`source_damage_condition`), ``that player`` the player
dealt damage, ``that much`` the damage."""


def source_damage_condition(condition: str) -> tuple[bool, int] | None:
    """A ``source_damage_player`` trigger's condition as ``(noncombat only, least
    damage)``: ``""`` any damage, ``"noncombat"``, ``"damage>=5"`` ("deals 5 or more
    damage"); None if not one of them."""
    if condition in ("", "noncombat"):
        return condition == "noncombat", 1
    m = re.fullmatch(r"damage>=(\d+)", condition)
    return (False, int(m.group(1))) if m else None
SECOND_CREATURE = "second_creature"
"""A cast trigger's spell filter prop: the spell is the second creature spell its
caster cast this turn ("whenever you cast a spell, if it's the second creature spell
you cast this turn": Vengevine; part of the event, checked as it triggers)."""
NOT_FROM_HAND = "not_from_hand"
"""A cast trigger's "from anywhere other than your hand" (601.2a: where it was cast
from: a graveyard, exile, a library, the command zone)."""
CAST_EVENT_PROPS = frozenset({"from_graveyard", SECOND_CREATURE, NOT_FROM_HAND})
"""Props of a cast trigger's filter about the casting, not the spell's card."""
TRIGGER_CONDITIONS = ("no_spells_last_turn", "two_spells_last_turn")
OBJECT_CONDITIONS = ("no_plus_counters", "no_minus_counters", "evolve", "not_decayed",
                     "battalion", "your_turn", "soulbond", "evoked", "echo",
                     "no_flanking", "dethrone", "training",
                     "not_renowned", "targets_single", "attacks_enchanted_player",
                     "draw_2", "draw_3", "draw_5")
"""Intervening "if"s (603.4) about the trigger's own source as the event happened:
"if it had no +1/+1 (-1/-1) counters on it" of a dies trigger (undying 702.93a,
persist 702.79a), checked as it triggers on what the permanent had as it left (last
known information, which no later change touches); evolve's "if that creature has
greater power or toughness than this creature" (702.100a) of an enters trigger,
checked as it triggers and again as it resolves while both are on the
battlefield; "if it didn't have decayed" (``not_decayed``) of another permanent's
dies trigger, checked on the dying permanent as it left (Wilhelt, the Rotcleaver).
``draw_N`` (part of a ``draw`` event, checked as it triggers): "whenever you draw
your second (third, fifth) card each turn", the player's Nth draw of the turn (121.2).
``targets_single`` (part of a ``cast`` event, checked as it triggers): the spell
targets only a single permanent, one matching its ability's
:attr:`CopySpell.each_other` ("an instant or sorcery spell that targets only a single
Golem", Precursor Golem).
Two are part of the event, checked only as it triggers: battalion's "whenever this
and at least two other creatures attack" (``attacks`` of this, with three or more
attackers declared), and "whenever an opponent casts a spell during your turn"
(``cast``, on its source's controller's turn). Soulbond's "if you
control both this creature and another creature and both are unpaired" (702.95a) is
checked as it triggers and as it resolves. Evoke's "if its evoke cost was paid"
(702.74a) of an enters trigger: the permanent's spell was cast for its evoke cost.
Echo's "if this came under your control since the beginning of your last upkeep"
(702.30a) of its controller's upkeep trigger (``Permanent.new_control``), part of the
event: checked as it triggers. Parts of an event, checked as it triggers: flanking's
"a creature without flanking" (``no_flanking``, of ``blocked_by``: the blocker,
702.25a), dethrone's "attacks the player with the most life or tied for most life"
(702.105a), training's "attacks with another creature with greater power"
(702.149a).
Renown's "if it isn't renowned" (702.112a) of its combat damage trigger, checked as it
triggers and as it resolves."""
"""Intervening "if" clauses of step triggers (603.4: checked as the ability triggers
and again as it resolves): "if no spells were cast last turn", "if a player cast two
or more spells last turn" (the werewolves' transform triggers)."""
AMOUNT_EVENTS = frozenset({"gain_life", "lose_life", "deals_damage", "opponent_damaged_by",
                           "deals_combat_damage", "deals_damage_player",
                           "deals_combat_damage_you",
                           "deals_combat_damage_player", "deals_damage_opponent",
                           "deals_combat_damage_creature", "dealt_damage",
                           "group_attacks", "group_dies", "group_enters",
                           "group_sacrificed", "group_discard",
                           "group_leaves_graveyard", "group_attacks_you",
                           "group_card_to_graveyard",
                           "group_card_to_graveyard_from_library", "counters_put",
                           "group_attacks_player", "source_damage_player",
                           "group_combat_damage_opponents", "group_exiled_yours"})
"""Events with an amount, which an effect's ``"that_much"`` names ("you gain that much
life")."""
PLAYER_NAMING_EVENTS = frozenset({"gain_life", "lose_life", "draw", "discard", "cast",
                                  "opponent_damaged_by",
                                  "deals_damage_player", "deals_combat_damage_player",
                                  "deals_damage_opponent", "attacks", "unblocked",
                                  "becomes_target_by_opponent",
                                  "group_combat_damage_player", "group_discard",
                                  "group_attacks_player", "source_damage_player"})
"""Events naming a player, which ``Ref("that_player")`` names ("that player discards a
card"; ``becomes_target_by_opponent``: the opponent controlling the spell or ability,
"whenever a Dragon you control becomes the target of a spell or ability an opponent
controls, this deals 3 damage to that player")."""


@dataclass(frozen=True)
class Trigger:
    """When an ability triggers: ``event`` (one of :data:`TRIGGER_EVENTS`) happening to
    ``subject`` (see :data:`OBJECT_EVENTS`, :data:`PLAYER_EVENTS`,
    :data:`STEP_EVENTS`)."""

    event: str
    subject: Any = Ref("self")
    # an intervening "if" (603.4): one of :data:`TRIGGER_CONDITIONS` or
    # :data:`OBJECT_CONDITIONS`, or an :class:`ActivationCondition` of the
    # ability's controller ("when this enters, if you attacked this turn, ...")
    condition: Any = ""


@dataclass(frozen=True)
class TriggeredAbility:
    """``trigger``: ``effect``; ``zone``: where its card must be for it to trigger,
    ``"battlefield"`` or ``"graveyard"`` (113.6m: an ability whose effect moves its
    card out of its owner's graveyard, "whenever a land you control enters, you may
    return this from your graveyard to the battlefield", triggers only from there;
    its owner controls it). ``once_each_turn``: "this ability triggers only once each
    turn" (a trigger event after the first in a turn does nothing; a permanent that
    returns is a new object with its own count, 400.7)."""

    trigger: Trigger
    effect: Effect
    optional: bool = False
    zone: str = "battlefield"
    once_each_turn: bool = False


@dataclass(frozen=True)
class Anthem:
    """Static: permanents matching ``affected`` get +power/+toughness and keywords;
    ``condition``: only while it holds for the anthem's controller (611.3a: "as long
    as this has seven or more quest counters on it, creatures you control get
    +5/+5"). ``zone`` ``"graveyard"``: the ability functions only while its card is
    in its owner's graveyard, who is its "you" (113.6, 109.5: "as long as this card
    is in your graveyard and you control a Mountain, creatures you control have
    haste"), never on the battlefield."""

    affected: Filter
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    condition: ActivationCondition | None = None
    zone: str = "battlefield"


GRAVEYARD_ANTHEM_CONDITIONS = frozenset({"you_control", "control_none", "empty_hand",
                                         "your_turn", "graveyard", "life_at_least"})
"""The conditions (:data:`CONDITION_KINDS`) an :class:`Anthem` of ``zone``
``"graveyard"`` may have: about its owner alone, never about the card itself (no
permanent there)."""


@dataclass(frozen=True)
class AttachedBonus:
    """Static of an Equipment or Aura: the permanent it is attached to gets this.
    ``per``: ``power`` / ``toughness`` are per one counted (608.2h, 611.3a: counted
    continuously, by the Aura's or Equipment's controller): "equipped creature gets
    +1/+0 for each artifact you control", "... gets +x/+x, where x is the number of
    creature cards in all graveyards"."""

    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    cant_attack: bool = False
    cant_block: bool = False
    per: Count | None = None
    # 509.1b: "enchanted creature can't be blocked [by <quality> / except by ...]"
    cant_be_blocked: bool = False
    blockers: CombatRestriction | None = None
    # 508.1c: "can't attack you or planeswalkers you control" (the Aura's or
    # Equipment's controller)
    cant_attack_you: bool = False
    # 509.1c: "all creatures able to block enchanted creature do so" (Lure)
    lure: bool = False
    # 701.38: "enchanted creature is goaded" (by the Aura's controller, while attached)
    goaded: bool = False
    # 602.5a: "its activated abilities can't be activated" (Arrest: mana abilities too)
    no_abilities: bool = False
    # 602.5a: "... can't be activated unless they're mana abilities" (Faith's Fetters)
    no_nonmana_abilities: bool = False
    # 611.3a: only while the permanent matches ``host`` ("enchanted creature gets +2/+2
    # as long as it's a human"), or, ``host_negated``, while it doesn't ("otherwise,
    # it can't attack or block"); power, toughness, keywords and combat only
    host: Filter | None = None
    host_negated: bool = False


@dataclass(frozen=True)
class SelfBonus:
    """Static (611.3a): "as long as <conditions>, this gets +N/+N and has
    <keywords>" ("this has haste as long as an opponent has 10 or less life", "as
    long as this is monstrous, it has hexproof and indestructible"): while every
    condition (:class:`ActivationCondition` kinds, of its controller) holds."""

    conditions: tuple[ActivationCondition, ...]
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    #: ``power`` / ``toughness`` per one counted, counted continuously by its
    #: controller (611.3a, 613.4c): "this gets +1/+1 for each land card in your
    #: graveyard" (Knight of the Reliquary); None: once.
    per: Count | None = None


@dataclass(frozen=True)
class DefinedPT:
    """Static, a characteristic-defining ability (604.3) that sets this creature's
    power and/or toughness in layer 7a (613.4a), in every zone: ``count`` counted now
    by its controller ("this's power and toughness are each equal to the number of
    rats you control"); ``power`` / ``toughness``: which it defines (the other is
    printed); ``toughness_plus``: "its toughness is equal to that number plus 1"."""

    count: Count
    power: bool = True
    toughness: bool = True
    toughness_plus: int = 0


@dataclass(frozen=True)
class CombatRestriction:
    """Static: how this permanent itself may attack and block (rules 508.1c-d,
    509.1b-c): "this can't block.", "this can't be blocked.", "this attacks each combat
    if able." (An Aura's or Equipment's restrictions on its permanent are
    :class:`AttachedBonus`.) Restrictions on its blockers (509.1b): ``not_blocked_by``
    "can't be blocked by humans / creatures with power 2 or less"; ``blocked_only_by``
    "can't be blocked except by creatures with flying or reach" (a blocker matches
    one of them); ``min_blockers`` "can't be blocked except by three or more
    creatures"; ``max_blockers`` "can't be blocked by more than one creature"."""

    cant_attack: bool = False
    cant_block: bool = False
    cant_be_blocked: bool = False
    attacks_each_combat: bool = False
    not_blocked_by: Filter | None = None
    blocked_only_by: tuple[Filter, ...] = ()
    min_blockers: int = 0
    max_blockers: int = 0
    # 509.1b: "this can block only creatures with flying" (the attackers it may block)
    blocks_only: Filter | None = None
    # 508.1c: "this can't attack unless defending player controls an island"
    attack_unless_defending: Filter | None = None
    # 508.1c, 509.1b: "this can't attack [or block] unless <a condition of its
    # controller>" ("unless you control four or more artifacts")
    attack_unless: ActivationCondition | None = None
    block_unless: ActivationCondition | None = None
    # requirements (509.1c): "this must be blocked if able", "all creatures able to
    # block this do so", "this blocks each combat if able"
    must_be_blocked: bool = False
    lure: bool = False
    blocks_each_combat: bool = False

    @property
    def about_blockers(self) -> bool:
        """Whether it restricts which or how many creatures may block."""
        return bool(self.not_blocked_by or self.blocked_only_by or self.min_blockers
                    or self.max_blockers)


@dataclass(frozen=True)
class AttackTax:
    """Static (508.1d, 508.1g-h): "creatures can't attack you [or planeswalkers you
    control] unless their controller pays {2} for each creature they control that's
    attacking you" (Ghostly Prison, Propaganda): each creature attacking this
    permanent's controller (``player``) or a planeswalker they control
    (``planeswalkers``) costs its controller ``mana`` as attackers are declared."""

    mana: ManaCost
    player: bool = True
    planeswalkers: bool = False


@dataclass(frozen=True)
class DoesntUntap:
    """Static (rule 502.3): ``what`` doesn't untap during its controller's untap step:
    ``"self"`` ("this doesn't untap during your untap step") or ``"attached"`` (the
    permanent this Aura or Equipment is attached to: "enchanted creature doesn't untap
    during its controller's untap step"). ``optional``: "you may choose not to untap
    this during your untap step" (502.3: its controller chooses, as the untap step's
    turn-based action, whether it untaps)."""

    what: str = "self"
    optional: bool = False


@dataclass(frozen=True)
class EntersTapped:
    """Static, a replacement effect on how this permanent enters (rules 614.1d,
    614.12): it enters the battlefield tapped, unless a condition holds as it enters.

    Attributes:
        unless_control: "unless you control <filter>" (a check land: a land with a
            basic land type; "two or more other lands"): it enters untapped when its
            controller controls at least ``at_least`` other permanents matching it
            (and, with ``at_most``, no more than ``at_most``: a fast land's "two or
            fewer other lands" is ``at_least=0, at_most=2``).
        pay_life: "As this enters, you may pay N life. If you don't, it enters
            tapped." (a shock land): its controller decides as it enters.
        unless_opponents: "unless you have two or more opponents": untapped when its
            controller has at least that many opponents in the game.
        unless_life_at_most: "unless a player has 13 or less life": untapped when a
            player in the game has at most that much life.
        unless_reveal: "As this enters, you may reveal a Plains or Island card from
            your hand. If you don't, this enters tapped." (the reveal lands, the
            snarls): untapped when its controller reveals a card of the filter from
            their hand as it enters.
    """

    unless_control: Filter | None = None
    at_least: int = 1
    at_most: int | None = None
    pay_life: int = 0
    unless_opponents: int = 0
    unless_life_at_most: int | None = None
    unless_reveal: Filter | None = None


@dataclass(frozen=True)
class NoMaxHandSize:
    """Static, rule 402.2: "you have no maximum hand size" (``players``: "players
    have ..."): the cleanup step's discard to seven (514.1) doesn't apply to its
    controller (to every player)."""

    players: bool = False


PLAYER_RULES = ("no_life_gain", "hexproof", "skip_draw", "no_spells", "no_abilities",
                "one_spell", "graveyard_untargetable")
"""What a :class:`PlayerRule` says of the players it names: ``no_life_gain``, they
can't gain life (119.7); ``hexproof``, they can't be the targets of spells or abilities
their opponents control (702.11d); ``skip_draw``, they skip their draw step (500.11,
614.1b); ``no_spells``, they can't cast spells (101.2); ``no_abilities``, activated
abilities of the permanents of theirs with a card type of ``types`` can't be activated
(602.5a; mana abilities too); ``one_spell``, they can't cast more than one spell each
turn (101.2); ``graveyard_untargetable``, the cards in their graveyards can't be the
targets of spells or abilities (Ground Seal, with ``whom`` ``"players"``: "cards in
graveyards can't be ..."; a spell or ability already targeting one finds it illegal
as it resolves, 608.2b)."""

PLAYER_RULE_WHOM = ("you", "opponents", "players")


@dataclass(frozen=True)
class PlayerRule:
    """Static, a rule about players while its permanent is on the battlefield (one of
    :data:`PLAYER_RULES`), for ``whom`` (:data:`PLAYER_RULE_WHOM`: its controller,
    their opponents, every player), only during its controller's turn if
    ``your_turn`` ("during your turn, your opponents can't cast spells": Grand
    Abolisher)."""

    rule: str
    whom: str = "you"
    your_turn: bool = False
    types: tuple[str, ...] = ()  # no_abilities: the permanents' card types


@dataclass(frozen=True)
class CantBeCountered:
    """Static of a spell, rule 101.2: "this spell can't be countered" (a spell or
    ability that counters it doesn't; it still leaves the stack if all its targets are
    illegal, 608.2b)."""


@dataclass(frozen=True)
class DiscardedToBattlefield:
    """Static of a permanent card that functions while it is in its owner's hand
    (113.6, a replacement effect, 614.1a): "if a spell or ability an opponent controls
    causes you to discard this, put it onto the battlefield instead of putting it into
    your graveyard" (Loxodon Smiter, Wilt-Leaf Liege). The card is still discarded
    (701.9: "whenever a player discards a card" triggers); a discard to pay a cost,
    or the cleanup step's, is not caused by an opponent's spell or ability.
    ``counters``: "... onto the battlefield with two +1/+1 counters on it instead"
    (Dodecapod)."""

    counters: int = 0

@dataclass(frozen=True)
class OthersEnterTapped:
    """Static, a replacement effect on how other permanents enter (614.1d, 614.12:
    the effect exists before they enter): permanents matching ``affected`` (a
    :class:`Filter` of their types and qualities; its ``controller`` from this
    permanent's controller: "creatures your opponents control enter tapped",
    Imposing Sovereign; "artifacts and creatures ...", Blind Obedience) enter the
    battlefield tapped."""

    affected: Filter


@dataclass(frozen=True)
class SpellsCantBeCountered:
    """Static, rule 101.2: spells matching ``spells`` (a :class:`Filter` of the
    spell's card; its ``controller`` from this permanent's controller: "creature
    spells you control can't be countered", Prowling Serpopard) can't be countered
    while this is on the battlefield."""

    spells: Filter


@dataclass(frozen=True)
class CantBeTargetedBy:
    """Static of a permanent: "this can't be the target of black or red spells your
    opponents control" (Fiendslayer Paladin; 115.4, like hexproof 702.11 for those
    spells only): spells matching ``spells`` (a :class:`Filter` of the spell's card,
    its ``controller`` from this permanent's controller) can't target it."""

    spells: Filter


@dataclass(frozen=True)
class TriggersAgain:
    """Static: "if a creature [you control] attacking causes a triggered ability of a
    permanent you control to trigger, that ability triggers an additional time"
    (Isshin, Two Heavens as One; Wulfgar of Icewind Dale, ``yours``): each triggered
    ability of a permanent this permanent's controller controls that triggers on
    creatures being declared as attackers (508.1m: "whenever <a creature> attacks",
    "whenever you attack", "attacks alone", "whenever one or more creatures
    attack") triggers once more for each such static (603.2: separate instances,
    each with its own targets and choices; not a copy). ``yours``: only when the
    attacking creatures are its controller's (the active player's, 508.1a). An
    ability that "triggers only once each turn" is left to trigger once (its own
    limit)."""

    cause: str = "attacking"
    yours: bool = False


@dataclass(frozen=True)
class EnteringDontTrigger:
    """Static: "creatures entering don't cause abilities to trigger" (Torpor Orb,
    Hushwing Gryff; "artifacts and creatures entering ...": Doorkeeper Thrull): while
    this is on the battlefield, a permanent matching ``affected`` entering triggers
    no ability (603.2: neither its own enters abilities nor any other's "whenever a
    creature enters"), seen as it is on the battlefield, so one entering at the same
    time as this is covered too (603.6a); replacement effects of entering still
    apply (614.1c: it enters with its counters)."""

    affected: Filter


@dataclass(frozen=True)
class SpellsHave:
    """Static: spells matching ``spells`` (a :class:`Filter` of the spell's card; its
    ``controller`` from this permanent's controller) have ``keywords`` while this
    is on the battlefield: "instant and sorcery spells you control have lifelink"
    (Soulfire Grand Master, 702.15b: the damage a spell with lifelink deals makes
    its controller gain that much life), "... have deathtouch" (702.2b)."""

    spells: Filter
    keywords: tuple[str, ...]


SPELL_KEYWORDS = frozenset({"lifelink", "deathtouch"})
"""The keywords a :class:`SpellsHave` may give spells (those the damage a spell
deals reads)."""


@dataclass(frozen=True)
class DoubleLifeGain:
    """Static, a replacement effect (614.1a): "if you would gain life, you gain twice
    that much life instead" (Rhox Faithmender, Boon Reflection); each such effect
    doubles again (616.1: their order changes nothing)."""


@dataclass(frozen=True)
class CombatDamageToMill:
    """Static, rule 614.1a: "if a Zombie you control would deal combat damage to a
    player, instead that player mills that many cards" (Undead Alchemist): combat
    damage a permanent matching ``affected`` (seen by the static's controller) would
    deal to a player is replaced by that player milling that many cards (applied
    after prevention)."""

    affected: Filter


@dataclass(frozen=True)
class DoubleDamage:
    """Static, a replacement effect (614.1a): "if a creature you control would deal
    damage to a permanent or player, it deals double that damage instead"
    (Gratuitous Violence): damage a permanent matching ``affected`` (as its
    controller sees it) deals is doubled, once for each such effect. *Automated*
    (616.1): the doubling applies before prevention."""

    affected: Filter


GRAVEYARD_INSTEAD = ("exile", "library")
"""Where a :class:`GraveyardInstead` sends a card: exile, or its owner's library
(revealed and shuffled in)."""


@dataclass(frozen=True)
class GraveyardInstead:
    """Static, a replacement effect (614.1a) on cards that would be put into a
    graveyard from anywhere (a permanent dying, a spell resolving or countered, a
    discard, a mill): they go to ``dest`` (:data:`GRAVEYARD_INSTEAD`) instead.

    Attributes:
        cards: The cards it applies to (a card :class:`Filter`: "an instant or sorcery
            card"; a permanent is matched with its characteristics on the
            battlefield, "a nontoken creature ... would die").
        whose: Whose graveyard, from its controller: ``"any"`` ("a graveyard"),
            ``"opponents"`` ("an opponent's graveyard"), ``"you"`` ("your
            graveyard").
        tokens: "a card or token": tokens too (a token is not a card, 111.1).
        self_only: "if this would be put into a graveyard from anywhere, reveal
            this and shuffle it into its owner's library instead" (Darksteel
            Colossus): the card's own, in every zone (113.6); the others work while
            their permanent is on the battlefield.
        dest: :data:`GRAVEYARD_INSTEAD`.
    """

    cards: Filter = Filter()
    whose: str = "any"
    tokens: bool = False
    self_only: bool = False
    dest: str = "exile"


@dataclass(frozen=True)
class ControlAttached:
    """Static of an Aura: "You control enchanted creature" (layer 2, for as long as
    the Aura is attached to it)."""


@dataclass(frozen=True)
class Devour:
    """Static, rule 702.82: as this enters, its controller may sacrifice any number of
    permanents matching ``filter`` (creatures; "devour artifact 1": artifacts); it
    enters with ``count`` times that many +1/+1 counters."""

    count: int
    filter: Filter = Filter(types=frozenset({"Creature"}))


DYNAMIC_MANA = frozenset({"identity", "opponent_lands", "chosen", "your_lands"})
"""``AddMana`` options whose colours the game works out when the mana is made."""
_AUTO_MANA_COSTS = (Cost(tap=True), Cost(tap=True, sacrifice_self=True))


def automatic_mana_ability(ability: ActivatedAbility) -> bool:
    """Whether automatic payment (:mod:`~payment`) taps for this mana ability:
    ``{T}`` (and sacrifice this, or pay life): add one mana (and maybe 1 damage to
    you), or several mana of one fixed kind; no once-each-turn limit. Every other mana
    ability is activated by its player (an action) and adds to the mana pool."""
    cost = ability.cost
    if not ability.is_mana or ability.once_per_turn or ability.sorcery_speed or \
            ability.zone != "battlefield" or ability.only_if:
        return False
    if isinstance(ability.effect, AddMana) and (ability.effect.spend_only is not None
                                                or ability.effect.uncounterable):
        return False  # restricted mana: restricted_mana_ability
    if dataclasses.replace(cost, pay_life=0) not in _AUTO_MANA_COSTS:
        return False
    effect = ability.effect
    if isinstance(effect, Sequence):
        if len(effect.steps) != 2 or cost.pay_life:
            return False
        effect, hurt = effect.steps
        if not (isinstance(hurt, DealDamage) and hurt.to == Ref("you")
                and isinstance(hurt.amount, int)):
            return False
    if not isinstance(effect, AddMana):
        return False
    # Several mana: one fixed kind ({C}{C}, {G}{G}) and no life; a counted amount
    # ("add {G} for each creature you control") is activated by its player
    if not isinstance(effect.amount, int):
        return False
    return effect.amount == 1 or (len(effect.options) == 1
                                  and effect.options[0] not in ("any", *DYNAMIC_MANA)
                                  and not cost.pay_life and ability.effect is effect)


def x_counters(cost: Cost) -> bool:
    """Whether ``cost`` removes X counters from its permanent ("{T}, remove x storage
    counters from this": X announced as it is activated, 107.3, 602.2b; at most the
    counters it has, 118.3)."""
    return cost.remove_counters is not None and cost.remove_counters[1] == "X"


def has_mana_ability(d: CardDef) -> bool:
    """Whether ``d`` has a mana ability (605.1a: activated; 605.1b: triggered, "whenever
    <it> is tapped for mana, add ...")."""
    return any(ab.is_mana for ab in d.activated) or any(
        t.trigger.event == "tapped_for_mana" and isinstance(t.effect, AddMana)
        for t in d.triggered)


def restricted_mana_ability(ability: ActivatedAbility) -> bool:
    """Whether this is ``{T}: add one mana of <options>`` with a spending restriction
    (106.6: :attr:`AddMana.spend_only`): payment taps it, like an automatic mana
    ability, for a spell the restriction allows, and never otherwise."""
    effect = ability.effect
    if not isinstance(effect, AddMana) or effect.spend_only is None:
        return False
    plain = dataclasses.replace(ability, effect=dataclasses.replace(
        effect, spend_only=None, uncounterable=False))
    return effect.amount == 1 and ability.cost == Cost(tap=True) and \
        not set(effect.options) & DYNAMIC_MANA and automatic_mana_ability(plain)


@dataclass(frozen=True)
class CostChange:
    """Static, rule 601.2f: spells of ``types`` (any of them; every spell when empty;
    ``noncreature``: spells that are not creatures) and of ``subtypes`` (any of them,
    when given: "Goblin spells", "Dragon spells") cast by ``whose`` (``"you"``,
    ``"opponents"``, ``"any"``, said from this permanent's controller) cost
    ``amount`` more generic mana (negative: less; a reduction takes only generic
    mana, never below zero); ``not_from_hand``: only spells cast from anywhere other
    than their caster's hand (601.2a: "spells you cast from anywhere other than your
    hand", a foretold, flashback or exiled card's)."""

    amount: int
    types: frozenset[str] = frozenset()
    noncreature: bool = False
    whose: str = "any"
    subtypes: frozenset[str] = frozenset()
    not_from_hand: bool = False


@dataclass(frozen=True)
class Flashback:
    """Static of an instant or sorcery, rule 702.34a: "flashback [cost]": its owner may
    cast it from their graveyard by paying ``cost`` (an alternative cost, 118.9: its
    mana, and life, a discard or a sacrifice) rather than its mana cost; cast that way,
    it is exiled instead of going anywhere else when it leaves the stack.

    ``keyword`` names the ability: ``"flashback"``; ``"jump-start"`` (702.133a: cast
    from the graveyard by discarding a card in addition to its other costs, exiled
    the same way: its cost is its mana cost and one discard); ``"retrace"`` (702.81a:
    by discarding a land card in addition to its other costs; not exiled: it goes
    where a spell goes)."""

    cost: Cost
    keyword: str = "flashback"


@dataclass(frozen=True)
class TopRevealed:
    """Static, rule 401.5: "play with the top card of your library revealed": while
    this is on the battlefield, every player sees the top card of its controller's
    library (``observation_for``'s ``library_tops``)."""


@dataclass(frozen=True)
class MayLookAtTop:
    """Static, rule 401.5: "you may look at the top card of your library any time":
    its controller sees the top card of their library (the other players don't)."""


@dataclass(frozen=True)
class PlayFromTop:
    """Static, rules 305.1 and 601.3: "you may play lands from the top of your
    library" (``lands``) [and "cast <quality> spells from the top of your library":
    ``spells``, None for none]: its controller may play the top card of their library
    as if it were in their hand (a land with one of their land plays; a spell at its
    normal timing for its costs)."""

    lands: bool = True
    spells: Filter | None = None


@dataclass(frozen=True)
class GrantedAltCost:
    """Static, rule 118.9: "you may pay ``mana`` rather than pay the mana cost for
    <quality> spells you cast" (Rooftop Storm): an alternative cost its controller may
    choose for each spell matching ``spells`` they cast, from any zone (601.2b)."""

    spells: Filter
    mana: ManaCost


@dataclass(frozen=True)
class CastFromGraveyardEachTurn:
    """Static, rule 601.3: "once during each of your turns, you may cast a <quality>
    spell from your graveyard" (Gisa and Geralf): during its controller's turn, one
    card of their graveyard matching ``spells`` may be cast (its timing and costs),
    once each turn for each such permanent (the use is kept in
    ``activated_this_turn`` as ``[pid, GRAVEYARD_CAST]``)."""

    spells: Filter


@dataclass(frozen=True)
class CastFromGraveyard:
    """Static of a permanent card that functions in its owner's graveyard (113.6b,
    601.3): "you may cast this from your graveyard [as long as <condition>]"
    (Gravecrawler: "as long as you control a zombie", a ``you_control``
    :class:`ActivationCondition`). Cast so, it is an ordinary spell (its mana
    cost; nothing exiles it)."""

    condition: ActivationCondition | None = None


@dataclass(frozen=True)
class PlayExiled:
    """Static, rule 607.2a: "you may play lands and cast spells from among cards exiled
    with this" (Nightveil Specter): while this is on the battlefield, its controller
    may play the cards its other abilities exiled (:class:`ExileTop`) that are still
    in exile (a land with a land play, a spell at its timing for its costs)."""


PLAY_DURATIONS = ("turn", "next_turn", "exiled")
"""How long a :class:`MayPlay` lasts: this turn (until the cleanup step, 514.2),
until the end of its player's next turn, for as long as the card remains exiled."""


@dataclass(frozen=True)
class ExileTop:
    """``who`` exiles the top ``count`` cards of their library face up ("exile the top
    card of your library", "that player exiles the top card of their library"). They
    are "that card" / "those cards" of the next step (:class:`MayPlay`), and cards
    exiled with the source (607.2a) when its card has :class:`PlayExiled`."""

    who: Selector = Ref("you")
    count: int = 1
    face_down: bool = False  # "... face down" (406.3: only its owner may look at it)


@dataclass(frozen=True)
class MayPlay:
    """Right after :class:`ExileTop`, rule 601.3: "you may play that card this turn" /
    "until end of turn, you may play that card" / "until the end of your next turn,
    you may play those cards" / "... for as long as it remains exiled": the
    resolving object's controller may play the cards that step exiled, from exile,
    until ``until`` (:data:`PLAY_DURATIONS`) and only while each stays in exile (a
    card that leaves exile is a new object, 400.7). ``look``: "you may look at and
    play that card" (a card exiled face down: that player may look at it too, 406.3);
    ``any_colour``: "and you may spend mana as though it were mana of any color to
    cast that spell" (609.4b)."""

    until: str = "turn"
    look: bool = False
    any_colour: bool = False


@dataclass(frozen=True)
class PlayFree:
    """"You may play ``what`` without paying its mana cost [if ``condition``]"
    (hideaway's linked ability, 702.75a, 607.2a): as the ability resolves, if the
    condition holds and the card is still exiled with the source, its controller may
    play it: a land only if they could play a land now (their turn, a land play
    left), a spell cast from exile with no mana cost at once, ignoring its timing
    (608.2g, 601.2)."""

    what: Selector = Ref("exiled_with_this")
    condition: ActivationCondition | None = None
    """(``what`` ``Ref("that_card")``: "you may cast those cards without paying their
    mana costs", the cards the previous step exiled, offered one at a time in the
    order they were exiled, an automated order. From a hand: :class:`CastFromHand`.)"""


@dataclass(frozen=True)
class CastFromHand:
    """"You may cast <a ``filter`` spell> from your hand without paying its mana cost"
    (Surtland Elementalist, Wildfire Eternal): as the effect resolves, its controller
    may choose a card of their hand ``filter`` matches that can be cast so (not a
    land) and cast it at once, ignoring its timing (608.2g, 601.2; X is 0)."""

    filter: Filter


@dataclass(frozen=True)
class ExtraLandEachTurn:
    """Static, rule 305.2: "you may play an additional land on each of your turns":
    its controller may play ``count`` more lands during each of their turns while it
    is on the battlefield."""

    count: int = 1


@dataclass(frozen=True)
class Kicker:
    """Static, rule 702.33a: "kicker [cost]", an optional additional cost chosen as
    the spell is cast; ``multi`` (multikicker, 702.33c): paid any number of times.
    Its spell, and the permanent it becomes, was "kicked" (that many times)."""

    cost: Cost
    multi: bool = False


@dataclass(frozen=True)
class Buyback:
    """Buyback (702.27a): an optional additional cost of an instant or sorcery; a
    spell whose buyback cost was paid is put into its owner's hand instead of its
    graveyard as it resolves (not when it is countered or fizzles)."""

    cost: Cost


@dataclass(frozen=True)
class Overload:
    """Static of an instant or sorcery, rule 702.96a: "overload [cost]": its caster
    may pay ``cost`` rather than its mana cost; then its text has "each" for every
    "target" (702.96b): ``effect`` is that text compiled."""

    cost: ManaCost
    effect: Any


@dataclass(frozen=True)
class FaceDownCost:
    """Static of a creature card: ``kind`` ``"morph"`` (702.37a), ``"megamorph"``
    (702.37b) or ``"disguise"`` (702.168a) with ``cost``. Its owner may cast it from
    their hand face down (708.4) for {3} rather than its mana cost (an alternative
    cost, 118.9; 702.37c), a 2/2 creature spell with no name, text, subtypes or mana
    cost (708.2; with disguise it has ward {2}, 702.168b); while it is a face-down
    permanent, its controller may turn it face up any time they have priority by
    paying ``cost`` (a special action, 116.2b, 702.37e, 702.168d); with megamorph it
    then gets a +1/+1 counter (702.37b). ``cost`` holds mana and life only."""

    kind: str
    cost: Cost


FACE_DOWN_KINDS = ("morph", "megamorph", "disguise")
"""The keywords of :class:`FaceDownCost`."""


@dataclass(frozen=True)
class AltCost:
    """Static of a spell, rule 118.9: its caster may pay ``cost`` rather than its mana
    cost (``cost.mana`` None: no mana at all): "you may pay 1 life and exile a blue
    card from your hand rather than pay this spell's mana cost" (Force of Will),
    "you may return an island you control to its owner's hand rather than pay ..."
    (Daze); ``kind`` ``"evoke"`` (702.74a): "evoke [cost]", and the permanent it
    becomes is sacrificed as it enters (its controller's triggered ability: an
    intervening "if its evoke cost was paid", 603.4); ``"bestow"`` (702.103a: cast
    for it, the creature card is an Aura spell with enchant creature,
    :func:`bestowed`). One alternative cost a spell (118.9a). ``condition``: it may
    be paid only while that holds for the caster, a trap's "if an opponent searched
    their library this turn, you may pay {0} rather than ..." (Archive Trap; kinds
    ``opponent_searched`` and ``creature_countered`` of :data:`CONDITION_KINDS`)."""

    cost: Cost
    kind: str = "alternative"
    condition: ActivationCondition | None = None


ENCHANT_PLAYER = Filter(props=frozenset({"player"}))
"""What an Aura with "enchant player" enchants (303.4, 702.5d: a player, its target as
it is cast; ``Permanent.attached_to`` is then the player's target code)."""
ENCHANTED_PLAYER = "enchanted_player"
"""A :class:`Filter` controller: the player the source Aura enchants ("creatures
enchanted player controls get -1/-1"); as a step trigger's subject, ``Ref`` of it:
"at the beginning of enchanted player's upkeep" (its "that player")."""
BESTOW_ENCHANT = Filter(frozenset({"Creature"}))
"""What a bestowed Aura enchants (702.103b: "enchant creature")."""


@cache
def bestowed(d: CardDef) -> CardDef:
    """Card ``d`` (with an :class:`AltCost` of kind ``"bestow"``) as a bestowed Aura
    spell or permanent (702.103b): an Aura enchantment with enchant creature, no
    longer a creature, without its creature types (its abilities stay)."""
    return dataclasses.replace(
        d, types=tuple(t for t in d.types if t != "Creature"),
        subtypes=("Aura",), power=None, toughness=None, enchant=BESTOW_ENCHANT)


def is_bestowed(d: CardDef) -> bool:
    """Whether characteristics ``d`` are a bestowed Aura's (:func:`bestowed`)."""
    return d.is_aura and d.alt_cost is not None and d.alt_cost.kind == "bestow"


@dataclass(frozen=True)
class Cascade:
    """Rule 702.85a, the effect of cascade's "when you cast this spell" ability: its
    controller exiles cards from the top of their library until a nonland card with a
    lesser mana value than the spell's is exiled; they may cast it without paying its
    mana cost; then the exiled cards not cast go to the bottom in a random order."""


@dataclass(frozen=True)
class CastWhenAttacked:
    """"Cast this only during the declare attackers step and only if you've been
    attacked this step" (a casting restriction, 601.3): a creature attacks its
    caster or a planeswalker they control in the current declare attackers step."""


@dataclass(frozen=True)
class CastOnlyDuring:
    """"Cast this spell only <when>" (a casting restriction, 601.3): only during the
    ``steps`` of :data:`~constants.STEPS` named, of ``whose`` turn (``"any"``,
    ``"you"``, ``"opponent"``): "only before combat or during combat before blockers
    are declared" is the beginning phase's upkeep and draw steps, the precombat main
    phase, and the beginning of combat and declare attackers steps."""

    steps: tuple[str, ...]
    whose: str = "any"


@dataclass(frozen=True)
class BeginOnBattlefield:
    """Rule 103.6: "if this is in your opening hand, you may begin the game with it
    on the battlefield" (the Leylines), asked after mulligans."""


@dataclass(frozen=True)
class Dredge:
    """Rule 702.52a, "dredge N": "if you would draw a card, you may mill N cards
    instead. if you do, return this card from your graveyard to your hand", a
    replacement effect that works while the card is in its owner's graveyard, offered
    only when that player's library holds at least N cards (702.52b)."""

    count: int


@dataclass(frozen=True)
class Rebound:
    """Static of an instant or sorcery, rule 702.88a: "if you cast this spell from
    your hand, exile it as it resolves. at the beginning of your next upkeep, you may
    cast this card from exile without paying its mana cost" (the delayed triggered
    ability's effect is :class:`CastExiled`)."""


@dataclass(frozen=True)
class CastExiled:
    """The effect of rebound's delayed triggered ability (702.88a): its controller
    may cast the card from exile without paying its mana cost (if it is still
    there, 400.7)."""


@dataclass(frozen=True)
class Suspend:
    """Static of a card, rule 702.62a: "suspend N—[cost]": if its owner could begin
    to cast it from their hand, they may pay ``cost`` and exile it with ``count`` time
    counters on it (a special action, 116.2f); at the beginning of their upkeep, if it
    is suspended, a time counter is removed (:class:`SuspendTick`); when the last is
    removed, if it is exiled, they may cast it without paying its mana cost, a
    creature spell so cast gaining haste."""

    count: int
    cost: Cost


@dataclass(frozen=True)
class Foretell:
    """Static of a card, rule 702.143a: "foretell [cost]": during its owner's turn,
    they may pay {2} and exile it from their hand face down (a special action,
    116.2h); on a later turn they may cast it from exile by paying ``cost`` rather
    than its mana cost (an alternative cost, 118.9; 702.143c)."""

    cost: ManaCost


@dataclass(frozen=True)
class FirstForetellFree:
    """Static: "the first card you foretell each turn costs {0} to foretell" (Ranar the
    Ever-Watchful): its controller's first foretelling of a turn (the special action,
    702.143a) costs {0} rather than {2}."""


@dataclass(frozen=True)
class SuspendTick:
    """The effect of suspend's upkeep ability (702.62a): "if this card is suspended,
    remove a time counter from it" (the last one removed: its cast trigger)."""


@dataclass(frozen=True)
class Miracle:
    """Rule 702.94a, the effect of miracle's triggered ability: its controller may cast
    the revealed card (still in their hand) by paying ``cost`` rather than its mana
    cost (an ``{X}`` in it is announced as the spell is cast), ignoring timing
    permissions (the cast happens while the ability resolves, 608.2g)."""

    cost: ManaCost


@dataclass(frozen=True)
class MadnessCast:
    """Rule 702.35a, the effect of madness's triggered ability ("when this card is
    exiled this way, its owner may cast it by paying ``cost`` rather than paying its
    mana cost. if that player doesn't, they put this card into their graveyard"):
    cast from exile while the ability resolves, whatever its timing (608.2g)."""

    cost: ManaCost
    life: int = 0  # "madness—{2}{b}, pay 8 life" (118.3, 119.4: a life payment too)
    # the madness a :class:`GrantMadness` gave the card as it was discarded: its cost
    # is the card's mana cost (locked in then: it can still be cast so if the grant
    # has gone since); a card that has its own madness too may be cast for either
    mana_cost: bool = False


@dataclass(frozen=True)
class GrantMadness:
    """Static: "each <``cards``> card you own that isn't on the battlefield has
    madness. the madness cost is equal to its mana cost." (Falkenrath Gorger): the
    cards its controller owns in every zone but the battlefield (a static ability
    that functions on them, 113.6) have madness (702.35a) for their mana cost; its
    triggered ability is :data:`GRANTED_MADNESS`."""

    cards: Filter


GRANTED_MADNESS = TriggeredAbility(Trigger("madness"),
                                   MadnessCast(ManaCost(), mana_cost=True))
"""The triggered ability of a madness :class:`GrantMadness` gives (702.35a): its
cost is the discarded card's mana cost."""


@dataclass(frozen=True)
class Convoke:
    """Static of a spell, rule 702.51a: each creature its caster taps while paying
    pays {1} or one mana of that creature's colour (a cost payment, not mana: 702.51b).
    """


@dataclass(frozen=True)
class Improvise:
    """Static of a spell, rule 702.126a: each artifact its caster taps while paying
    pays for {1} (generic mana only; a cost payment, not mana: 702.126b)."""


@dataclass(frozen=True)
class Delve:
    """Static of a spell, rule 702.66a: each card its caster exiles from their
    graveyard while paying pays {1} (the generic part only, 702.66b)."""


@dataclass(frozen=True)
class SelfCost:
    """Static of a spell, rule 601.2f: this spell costs ``amount`` more generic mana
    (negative: less) for each one ``count`` counts as it is cast (affinity for
    artifacts, 702.41a: ``Count`` of the artifacts you control; "for each creature on
    the battlefield"), or once if ``condition`` (an :class:`ActivationCondition` of the
    caster: "if you control three or more artifacts") holds; neither: always. A
    reduction takes generic mana only (601.2f)."""

    amount: int
    count: Count | None = None
    condition: ActivationCondition | None = None
    #: "for each target beyond the first" (Fireball): counted from the targets
    #: chosen (601.2c comes before 601.2f).
    extra_targets: bool = False


@dataclass(frozen=True)
class IfKicked:
    """"If this was kicked, <effect>" (rule 702.33d): ``effect`` happens only if the
    spell was kicked (or the permanent's spell was, for its abilities); its targets are
    chosen only then. As the whole effect of a triggered ability ("when this enters,
    if it was kicked, ..."), it is an intervening "if" (603.4): the ability triggers
    only if the permanent was kicked."""

    effect: Any


@dataclass(frozen=True)
class IfMainPhase:
    """"If you cast this spell during your main phase, <effect>" (Return to Dust): the
    effect happens only if its controller cast it during their main phase; its targets
    are chosen only then (601.2c). A spell resolves in the step it was cast in (a step
    ends only with an empty stack, 500.2), so the engine checks that it is its
    controller's main phase, as the spell is cast and as it resolves."""

    effect: Any


@dataclass(frozen=True)
class KickedAmount:
    """An amount that is ``normal``, or ``kicked`` if the spell was kicked ("this
    deals 2 damage to any target. if this was kicked, it deals 4 damage instead")."""

    normal: int
    kicked: int


@dataclass(frozen=True)
class AltAmount:
    """An amount that is ``normal``, or ``amount`` if the spell was cast for its
    ``alt`` cost ("this deals 2 damage divided as you choose among any number of
    targets. if this spell's madness cost was paid, it deals x damage divided as you
    choose among those permanents and/or players instead": ``alt`` ``"madness"``,
    known as the spell is cast, so its division is made for it, 601.2d)."""

    normal: Any
    alt: str
    amount: Any


@dataclass(frozen=True)
class IfAmount:
    """An amount that is ``normal``, or ``instead`` if ``condition`` (an
    :class:`ActivationCondition` of the effect's controller) holds as the effect
    resolves: "this deals 2 damage to any target. this deals 4 damage instead if you
    control three or more artifacts" (metalcraft), "target creature gets -1/-1 until
    end of turn. that creature gets -13/-13 until end of turn instead if a creature died
    this turn" (morbid; 608.2h: checked on resolution)."""

    normal: Any
    instead: Any
    condition: Any


@dataclass(frozen=True)
class Plus:
    """An amount and ``plus`` more: "this deals x plus 2 damage instead if ..."
    (Crater's Claws: ``Plus("X", 2)``)."""

    amount: Any
    plus: int


@dataclass(frozen=True)
class Scaled:
    """An amount times ``times``, divided by ``per`` and rounded down (or ``up``):
    "target player mills twice x cards" (``Scaled("X", times=2)``), "where x is half
    the number of Zombies you control, rounded down" (``Scaled(Count(...), per=2)``;
    107.1a: a fraction is rounded as the effect says)."""

    amount: Any
    times: int = 1
    per: int = 1
    up: bool = False


@dataclass(frozen=True)
class ChooseType:
    """"Choose a creature type." as a spell or ability resolves (a ``choose``
    decision of its controller, among the creature types of :meth:`~layers.LayersMixin.choice_options`):
    the later steps' filter prop ``chosen_type`` ("draw a card for each permanent you
    control of that type") means that type for the rest of the resolution (608.2d:
    choices are made as the instructions say)."""


@dataclass(frozen=True)
class IfTargetIs:
    """"<effect> if it's <quality>": ``effect`` has one target, chosen as the spell is
    cast whatever its quality (601.2c: "counter target spell if it's blue" may
    target any spell); as it resolves, ``effect`` happens only if that target has
    the quality ``filter`` then (608.2b, 608.2c; Pyroblast, Hydroblast)."""

    filter: Filter
    effect: Any


@dataclass(frozen=True)
class IfHolds:
    """"If ``condition``, ``effect``": a step that happens only if ``condition`` (an
    :class:`ActivationCondition` of the resolving object's controller) holds as it
    resolves (608.2c: the instructions are followed in order; "tap target creature.
    metalcraft — if you control three or more artifacts, exile that creature"). Its
    effect chooses no target of its own (the spell's targets are chosen as it is
    cast, whatever then holds)."""

    condition: Any
    effect: Any


@dataclass(frozen=True)
class GainFlashback:
    """"Each <quality> card in your graveyard gains flashback until end of turn. the
    flashback cost is equal to its mana cost." (702.34a): until the turn ends, each
    card of the controller's graveyard matching ``filter`` (now) may be cast from
    there for its mana cost, and is exiled when it leaves the stack. With ``what`` (a
    ``graveyard_card`` :class:`Target`: "target instant or sorcery card in your
    graveyard gains flashback ..."), that card only."""

    filter: Filter
    what: Any = None


@dataclass(frozen=True)
class EntersWithCounters:
    """Static, a replacement effect (rule 614.1c): this permanent enters with
    ``count`` ``counter`` counters on it. ``count`` ``"X"``: the X paid for the spell
    it was (rule 107.3m; 0 when it enters another way); ``"kicked"``: one for each
    time its spell was kicked (multikicker, 702.33c); a :class:`Count` counted for
    its controller immediately before it enters (614.12: "where X is the greatest
    power among other creatures you control", "for each creature card in your
    graveyard"). ``condition`` (an :class:`ActivationCondition` of its controller,
    checked as it would enter): only then (bloodthirst N, 702.54a: "if an opponent
    was dealt damage this turn, this permanent enters with N +1/+1 counters")."""

    count: Amount
    counter: str = "+1/+1"
    condition: Any = None


# ------------------------------------------------- layers (rules 613, 707, 114)
LAND_TYPES = frozenset({"Cave", "Cloud", "Desert", "Forest", "Gate", "Island", "Lair",
                        "Locus", "Mine", "Mountain", "Plains", "Planet", "Power-Plant",
                        "Sphere", "Swamp", "Tower", "Town", "Urza's"})
"""The land types (205.3i); the first five with a mana ability are the basic land
types (305.6): :data:`BASIC_LAND_MANA`."""
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R",
                   "Forest": "G"}
"""The mana each basic land type's intrinsic ability adds (305.6)."""


def basic_land_ability(subtype: str) -> ActivatedAbility:
    """Rule 305.6: the land type ``subtype``'s "{T}: Add <its colour>."."""
    return ActivatedAbility(Cost(tap=True), AddMana((BASIC_LAND_MANA[subtype],)),
                            is_mana=True)


@dataclass(frozen=True)
class CopyExtras:
    """The exceptions of a copy effect (707.9), which become part of the copy's
    copiable values (707.9b): card types and subtypes it has in addition
    ("except it's an artifact in addition to its other types"), keywords it has
    ("except it has haste") and triggered abilities it has ("and it has "when this
    becomes the target of a spell or ability, sacrifice it.""), "it isn't
    legendary" (``nonlegendary``); embalm's and eternalize's "except it's white /
    a 4/4 black Zombie with no mana cost" (702.128a, 702.129a: ``colours`` set,
    ``no_mana_cost``, base ``power`` and ``toughness`` set). ``set_subtypes``: its
    subtypes are ``subtypes`` instead of its own ("except it's a 4/4 black Zombie",
    Hour of Eternity: with no "in addition to its other types", the new subtype
    replaces the old ones, 205.1a; its card types stay)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    triggered: tuple[Any, ...] = ()
    nonlegendary: bool = False
    colours: tuple[str, ...] | None = None
    no_mana_cost: bool = False
    power: int | None = None
    toughness: int | None = None
    set_subtypes: bool = False


@dataclass(frozen=True)
class EntersAsCopy:
    """Static, a replacement effect on entering (614.1c, 707.5): "you may have this
    enter as a copy of any <filter> on the battlefield[, except ...]". As it enters
    from resolving, its controller chooses a permanent matching ``filter`` (or none:
    it enters as itself); it enters with that permanent's copiable values (707.2)
    plus ``extras`` (layer 1)."""

    filter: Filter
    extras: CopyExtras = CopyExtras()


@dataclass(frozen=True)
class CopyToken:
    """Create a token that's a copy of ``what`` (707.2, 111.1: its copiable values
    are those of ``what`` plus ``extras``), under the control of the resolving
    object's controller (``who``: "that player creates a token that's a copy of that
    card", the player, whose token it is); ``it`` names the token afterwards
    ("sacrifice it at the beginning of the next end step"). ``what``
    ``Ref("that_card")``: the card the step before exiled (its copiable values are
    its printed ones, 707.2)."""

    what: Selector
    extras: CopyExtras = CopyExtras()
    #: How many tokens ("if this spell was kicked, create five of those tokens
    #: instead": a :class:`KickedAmount`); ``it`` names a token only when one is made.
    count: Amount = 1
    who: Selector = Ref("you")


@dataclass(frozen=True)
class ContinuousChange:
    """Static: a continuous effect on each permanent matching ``affected`` (613.1,
    613.4), in its layers:

    - layer 4: ``add_land_types`` ("each land is a Swamp in addition to its other land
      types": it keeps its land types and rules text and gains the land types and
      their mana abilities, 305.7); ``set_land_types`` ("nonbasic lands are
      Mountains": its old land types go, and it loses every ability from its rules
      text and any copy effect, then gains the mana abilities of the new types,
      305.7); these touch only lands;
    - layer 6: ``lose_abilities`` ("lose all abilities"), then ``abilities`` gained
      (113.1: "enchanted land has "{T}, pay 1 life: draw a card."", the filter prop
      :data:`ATTACHED`);
    - layer 7b: base ``power``/``toughness`` set ("have base power and toughness
      1/1").

    Also in layer 4: ``remove_types``, card types it loses (205.1b: "as long as your
    devotion to blue is less than five, this isn't a creature", with ``affected``
    the prop :data:`SELF`; its subtypes stay). ``devotion_below``: ``(colours, n)``,
    the effect exists only while its controller's devotion to ``colours`` (one
    letter, or two: "your devotion to white and black", 700.5a) is less than ``n``,
    checked as the effect would begin to apply (613.6; devotion counts the mana
    costs of the permanents that player controls, which no layer changes).

    ``exiled_abilities``: also in layer 6, the permanent has all activated abilities
    of all cards this filter matches that are exiled with the source ("this creature
    has all activated abilities of all creature cards exiled with it", Dark Impostor;
    the cards its abilities exile are remembered as exiled with it, 607.2a; an
    ability naming that card by name names this permanent, 201.4b): worked out
    from the cards in exile as the layers apply.

    ``becomes``: the change a :class:`Becomes` describes (its ``what`` unused), from
    this static ability for as long as it applies rather than until end of turn: an
    Aura's "enchanted creature is an Angel in addition to its other types",
    "enchanted creature loses all abilities and is a blue Frog creature with base
    power and toughness 1/1" (layers 4-7b as a Becomes has them); it is the only
    field set then.

    ``counters_at_least``: the effect exists only while its source has at least that
    many counters (of any kinds) on it (611.3a: "as long as this has five or more
    counters on it, it has flying and is an Angel in addition to its other types",
    with ``affected`` the prop :data:`SELF` and the change a ``becomes``), checked as
    the effect would begin to apply (613.6); a change of the number of counters on a
    permanent with such an ability works the layers out again.
    """

    affected: Filter
    add_land_types: tuple[str, ...] = ()
    set_land_types: tuple[str, ...] = ()
    lose_abilities: bool = False
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[Any, ...] = ()
    remove_types: tuple[str, ...] = ()
    devotion_below: tuple[str, int] | None = None
    becomes: Becomes | None = None
    counters_at_least: int = 0
    exiled_abilities: Filter | None = None


ATTACHED = "attached"
"""A filter prop: the permanent the source (an Aura, an Equipment) is attached to."""
SELF = "self"
"""A filter prop: the source itself (a static ability about its own permanent)."""


@dataclass(frozen=True)
class GetEmblem:
    """Rule 114.2: the resolving object's controller gets an emblem (in the command
    zone; owned and controlled by them, 114.3) with ``statics`` and ``triggered``
    abilities (they work from there, 114.4: "at the beginning of each opponent's
    upkeep, that player sacrifices a creature of their choice"; the emblem is the
    source, its owner the controller)."""

    statics: tuple[Any, ...]
    triggered: tuple[Any, ...] = ()


@dataclass(frozen=True)
class LoseGame:
    """Rule 104.3e: each player ``who`` names loses the game ("that player loses
    the game": Vraska the Unseen's Assassins). The loss is applied with the
    state-based actions checked right after the effect (704.3; the player leaves,
    800.4a)."""

    who: Selector


TEMPORARY_UNTIL = ("your_next_turn", "end_of_turn", "next_time_this_turn")
"""How long a :class:`TemporaryTrigger` lasts."""


@dataclass(frozen=True)
class TemporaryTrigger:
    """Rules 611.2a, 603.1: "until your next turn, whenever <event>, <effect>" (Jace,
    Architect of Thought), "until end of turn, whenever ...": resolving this creates
    a triggered ability that exists until ``until`` (one of
    :data:`TEMPORARY_UNTIL`: its controller's next turn begins, or the turn's
    cleanup step, 514.2; ``next_time_this_turn``: "when you next cast an instant or
    sorcery spell this turn, ...", a delayed triggered ability that triggers only
    once, 603.7c, and ends in the cleanup step if it never did). It belongs to no object: it works like an emblem's
    (114.4), controlled by the resolving object's controller; "this" in it is the
    resolving object's source (Vraska the Unseen's "whenever a creature deals
    combat damage to this"), which may have left the battlefield."""

    ability: TriggeredAbility
    until: str = "your_next_turn"


@dataclass(frozen=True)
class SpellGains:
    """A cast trigger's "it gains bloodthirst 3" (Bloodlord of Vaasgoth): the spell
    ``what`` (the trigger's ``Ref("it")``, still on the stack) gains ``abilities``,
    replacement effects that apply as the permanent it becomes enters (614.1c:
    bloodthirst's :class:`EntersWithCounters`, 702.54a); a spell gone from the stack
    gains nothing."""

    what: Any
    abilities: tuple[Any, ...]


@dataclass(frozen=True)
class CommanderManaCounters:
    """Static of a mana source, linked to the mana ability before it (607.2; 903.8):
    "if you spend this mana to cast your commander, it enters with a number of
    additional +1/+1 counters on it equal to the number of times it's been cast from
    the command zone this game" (Opal Palace; 614.1c, counted as it is cast: it can't
    be cast again before it resolves). The linked mana is the coloured mana: the
    source's other ability makes only {C}, which pays generic mana the cheapest
    way."""


COMMANDER_CASTS = "commander_casts"
"""An amount: the number of times the spell of a ``mana_spent`` trigger (``it``) has
been cast from the command zone this game (903.8; Study Hall's "scry x, where x is
the number of times it's been cast from the command zone this game"); 0 for a spell
that is not a commander."""


CHOICES = ("color", "creature_type", "player", "opponent", "khans_or_dragons")
"""What "as this enters, choose a ..." asks for (:class:`ChooseAsEnters`)."""

KHANS_OR_DRAGONS = ("khans", "dragons")
"""The two words of "as this enters, choose khans or dragons" (the Sieges)."""


@dataclass(frozen=True)
class ChooseAsEnters:
    """Static, rule 614.12c-style "as this enters, choose a color / a creature type /
    a player / an opponent / khans or dragons": its controller chooses ``what`` (one
    of :data:`CHOICES`) as it enters, remembered on the permanent (607.2: its linked
    abilities read it); the filter props ``chosen_color`` / ``chosen_type`` of its
    abilities ("creatures you control of the chosen type get +1/+1") read the choice,
    "add one mana of the chosen color" its colour, the keyword ``protection from the
    chosen player`` its player (702.16), an ability of the mode chosen (a Siege's
    "• khans — ...") the condition ``("chosen", counter=word)``. ``other_than``: a
    colour letter that may not be chosen ("choose a color other than white")."""

    what: str
    other_than: str = ""


@dataclass(frozen=True)
class SacrificeIt:
    """Rule 701.21a: the resolving object's controller sacrifices ``what`` ("sacrifice
    it", "sacrifice this"): it goes to its owner's graveyard if that player controls
    it (a player can sacrifice only a permanent they control)."""

    what: Selector


@dataclass(frozen=True)
class Pair:
    """Soulbond's pairing (702.95a): this creature becomes paired with ``partner``
    (``Ref("it")``: the creature whose entering triggered it), or with None, with
    another unpaired creature its controller controls, chosen as it resolves (a
    ``copy`` decision with ``pair``: a permanent, or "done" not to pair), if both
    are still unpaired creatures that player controls."""

    partner: Selector | None = None


@dataclass(frozen=True)
class PairedBonus:
    """Static (702.95c): "as long as this creature is paired with another creature,
    both creatures have double strike / each of those creatures gets +4/+4": this
    and the creature it is paired with get ``power``/``toughness`` and
    ``keywords``."""

    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class Monstrosity:
    """Rule 701.37a: "monstrosity N": if this permanent isn't monstrous, put ``count``
    +1/+1 counters on it and it becomes monstrous (a designation it keeps while on the
    battlefield, 701.37b; "when this becomes monstrous" triggers, 701.37c)."""

    count: Amount


@dataclass(frozen=True)
class Renown:
    """Rule 702.112a: if this permanent isn't renowned, put ``count`` +1/+1 counters
    on it and it becomes renowned (a designation it keeps while on the battlefield,
    702.112b; "when this becomes renowned" triggers)."""

    count: Amount


@dataclass(frozen=True)
class Amass:
    """Rule 701.44a: "amass <subtype> N": if its controller controls no Army creature,
    they create a 0/0 black <subtype> Army creature token; they choose an Army
    creature they control (automated: the oldest), put ``count`` +1/+1 counters on
    it, and if it isn't a ``subtype``, it becomes one in addition to its other types
    (for as long as it is on the battlefield, 701.44c)."""

    subtype: str
    count: Amount


@dataclass(frozen=True)
class Fabricate:
    """Rule 702.123a: fabricate N's enters trigger: its controller may put ``count``
    +1/+1 counters on this permanent (asked as it resolves, a ``yesno`` decision with
    ``"fabricate"``, only while it is on the battlefield); if they don't, they create
    ``count`` 1/1 colorless Servo artifact creature tokens."""

    count: Amount


SERVO = TokenSpec("Servo Token", ("Artifact", "Creature"), ("Servo",), (), 1, 1)
"""Fabricate's token (702.123a): a 1/1 colorless Servo artifact creature."""


@dataclass(frozen=True)
class Bolster:
    """Rule 701.39a: "bolster N": its controller chooses a creature with the least
    toughness among creatures they control (automated among ties: the one with the
    greatest power, then the oldest) and puts ``count`` +1/+1 counters on it."""

    count: Amount


@dataclass(frozen=True)
class MoveCounters:
    """Rule 122.5: move ``count`` ``counter`` counters from the permanent ``source``
    names onto each permanent ``what`` names: each is removed from the first and put
    on the second; counters it does not have are not moved (graft 702.58a: "you may
    move a +1/+1 counter from this permanent onto that creature")."""

    count: Amount
    source: Selector
    what: Selector
    counter: str = "+1/+1"


@dataclass(frozen=True)
class DoubleCounters:
    """Rule 701.10e: double the number of ``counter`` counters on each permanent
    ``what`` names: it is given as many of them as it already has (Kalonian Hydra:
    "double the number of +1/+1 counters on each creature you control")."""

    what: Selector
    counter: str = "+1/+1"


@dataclass(frozen=True)
class Adapt:
    """Rule 701.46a: "adapt N": if this permanent has no +1/+1 counters on it, put
    ``count`` +1/+1 counters on it."""

    count: Amount


def mana_ability_parts(ability: ActivatedAbility) -> tuple[AddMana, int]:
    """The mana a supported mana ability adds, and the life it costs (life paid, or
    damage dealt to its controller: "add {R} or {W}; this deals 1 damage to you")."""
    effect = ability.effect
    pain = ability.cost.pay_life
    if isinstance(effect, Sequence):
        add, hurt = effect.steps
        return add, pain + int(hurt.amount)
    return effect, pain


@dataclass(frozen=True)
class ManaSource:
    """What a permanent's mana abilities make, for automatic payment.

    Attributes:
        colours: Symbols it can add (colour letters and/or ``"C"``).
        sacrifice: Every mana ability sacrifices it (a Treasure).
        hurt: Life each symbol costs at the cheapest (only symbols that cost some).
        life: Some mana ability asks for a life payment (not damage).
        units: Mana one activation adds.
        dynamic: Some colour is one of :data:`DYNAMIC_MANA` (the game works them
            out for each payment).
    """

    colours: frozenset[str]
    sacrifice: bool
    hurt: dict[str, int]
    life: bool
    units: int
    dynamic: bool = False


@dataclass(frozen=True)
class LevelBand:
    """One striation of a leveler card (rule 711.2b, the level symbol): "as long as
    this creature has at least ``low`` level counters on it, but no more than
    ``high`` (None: no upper bound), it has base power and toughness ``card.power`` /
    ``card.toughness`` and has the band's abilities". ``card`` is the whole card's
    characteristics while the band applies: the card's own abilities (level up
    first), then the band's. A Class's levels (716.2, ``kind`` ``"class"``) are bands
    of its class level rather than of level counters: level N holds the abilities of
    levels 1 to N."""

    low: int
    high: int | None
    card: CardDef
    kind: str = "level"  # "level": level counters (711); "class": the class level (716)

    def holds(self, level: int) -> bool:
        return level >= self.low and (self.high is None or level <= self.high)


@dataclass(frozen=True)
class CardDef:
    """A card as the engine plays it: printed characteristics plus compiled abilities.

    Attributes:
        name: Oracle name.
        cost: Mana cost, or None.
        colours: Colours (WUBRG order).
        types, subtypes, supertypes: As printed.
        power, toughness: Integers for creatures (None otherwise).
        loyalty: Starting loyalty of a planeswalker, or None.
        keywords: Keyword abilities from :data:`KEYWORDS`.
        spell: What it does on resolution (instants and sorceries).
        activated: Activated abilities (mana abilities included, ``is_mana``).
        triggered: Triggered abilities.
        statics: Static abilities.
        enchant: What an Aura can enchant (None for other cards).
        back: The back face of a transforming double-faced card (rule 712), whose
            characteristics a transformed permanent has (712.8e); None for other
            cards. The definition itself is the front face (the card's name is the
            whole ``Front // Back``, as the card pool lists it).
        front_mana_value: A back face's mana value: its front face's (712.8e;
            None for other faces).
        levels: A leveler's level bands (711, :class:`LevelBand`), lowest first;
            empty for other cards.
    """

    name: str
    cost: ManaCost | None
    colours: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: frozenset[str] = frozenset()
    spell: SpellAbility | None = None
    activated: tuple[ActivatedAbility, ...] = ()
    triggered: tuple[TriggeredAbility, ...] = ()
    statics: tuple[Any, ...] = ()
    enchant: Filter | None = None
    back: CardDef | None = None
    front_mana_value: int | None = None
    levels: tuple[LevelBand, ...] = ()

    @property
    def mana_value(self) -> int:
        if self.cost is not None:
            return self.cost.mana_value
        return self.front_mana_value or 0

    # Games key their definition tables by definition: hashing a compiled tree walks
    # all of it, so the hash is worked out once per object. It is kept out of pickles
    # (string hashes differ between processes).
    def __hash__(self) -> int:
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = self.__dict__["_hash"] = hash(
                tuple(getattr(self, f.name) for f in dataclasses.fields(self)))
        return cached

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    # Derived facts the rules ask for at every priority stop and state-based check,
    # worked out once per definition (cached in the instance dict: not fields, so
    # equality and hashing are unchanged).
    @cached_property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @cached_property
    def is_planeswalker(self) -> bool:
        return "Planeswalker" in self.types

    @cached_property
    def self_bonuses(self) -> tuple[SelfBonus, ...]:
        """Its :class:`SelfBonus` statics."""
        return tuple(s for s in self.statics if isinstance(s, SelfBonus))

    @cached_property
    def blocks_only(self) -> Filter | None:
        """What it can block only ("this can block only creatures with flying",
        509.1b; None: any attacker)."""
        return next((s.blocks_only for s in self.statics if isinstance(
            s, CombatRestriction) and s.blocks_only is not None), None)

    @cached_property
    def attack_unless_defending(self) -> bool:
        """Whether it has "this can't attack unless defending player controls ..."
        (508.1c)."""
        return any(isinstance(s, CombatRestriction) and s.attack_unless_defending
                   is not None for s in self.statics)

    @cached_property
    def defined_pt(self) -> DefinedPT | None:
        """Its characteristic-defining power/toughness ability (None: none)."""
        return next((s for s in self.statics if isinstance(s, DefinedPT)), None)

    @cached_property
    def graveyard_instead(self) -> GraveyardInstead | None:
        """Its own :class:`GraveyardInstead` (``self_only``; None: none)."""
        return next((s for s in self.statics if isinstance(s, GraveyardInstead)
                     and s.self_only), None)

    @cached_property
    def discarded_to_battlefield(self) -> DiscardedToBattlefield | None:
        """Its :class:`DiscardedToBattlefield` (614.1a, from a hand; None: none)."""
        return next((s for s in self.statics if isinstance(s, DiscardedToBattlefield)),
                    None)

    @cached_property
    def is_aura(self) -> bool:
        return "Aura" in self.subtypes

    @cached_property
    def final_chapter(self) -> int:
        """A Saga's final chapter number (714.2c); 0 for any other card."""
        if "Saga" not in self.subtypes:
            return 0
        return max((int(a.trigger.event[8:]) for a in self.triggered
                    if a.trigger.event.startswith("chapter_")), default=0)

    @cached_property
    def is_legendary(self) -> bool:
        return "Legendary" in self.supertypes

    @cached_property
    def sba_inert(self) -> bool:
        """No state-based action looks at a permanent with these characteristics
        unless it is attached or has counters (not a creature, Aura, planeswalker,
        Saga or legend: 704.5f-n)."""
        return not (self.is_creature or self.is_aura or self.is_planeswalker
                    or self.final_chapter or self.is_legendary)

    @cached_property
    def is_land(self) -> bool:
        return "Land" in self.types

    @cached_property
    def instant_speed(self) -> bool:
        """Castable whenever its controller has priority (an instant, or flash)."""
        return "Instant" in self.types or "flash" in self.keywords

    @cached_property
    def counts_colours(self) -> bool:
        """Whether its spell or what it enters with counts the colours of mana spent
        to cast it (a :class:`Count` of ``"colours_spent"``: sunburst, converge), so
        that paying for it notes them."""
        return "'colours_spent'" in repr((self.statics, self.spell))

    @cached_property
    def auto_mana(self) -> tuple[int, ...]:
        """Indices in :attr:`activated` of the mana abilities automatic payment taps
        (:func:`automatic_mana_ability`; a several-mana one beside another such
        ability is left to its player, so that one source makes one kind of unit)."""
        auto = [i for i, ab in enumerate(self.activated) if automatic_mana_ability(ab)]
        if len(auto) > 1:
            auto = [i for i in auto
                    if mana_ability_parts(self.activated[i])[0].amount == 1]
        return tuple(auto)

    @cached_property
    def battlefield_abilities(self) -> tuple[int, ...]:
        """Indices in :attr:`activated` of the abilities activated from the
        battlefield by an action: every ability there but the mana abilities that
        payment taps automatically (:attr:`auto_mana`); hand abilities have their own
        actions."""
        auto = self.auto_mana
        return tuple(i for i, ab in enumerate(self.activated)
                     if ab.zone == "battlefield" and i not in auto
                     and not restricted_mana_ability(ab))

    @cached_property
    def restricted_mana(self) -> tuple[tuple[frozenset[str], Spend, bool], ...]:
        """Its ``{T}: add one mana`` abilities whose mana has a spending restriction
        (:func:`restricted_mana_ability`): ``(symbols, spend_only, uncounterable)``
        each. Payment taps one for a spell ``spend_only`` allows (106.6)."""
        out = []
        for ab in self.activated:
            if restricted_mana_ability(ab):
                add = ab.effect
                out.append((frozenset(COLOURS) if "any" in add.options
                            else frozenset(add.options),
                            add.spend_only, add.uncounterable))
        return tuple(out)

    @cached_property
    def mana_source(self) -> ManaSource | None:
        """What its automatic mana abilities make (None: none makes mana). Colours
        ``"identity"`` / ``"opponent_lands"`` are worked out by the game."""
        colours: set[str] = set()
        sacrifice = True
        hurt: dict[str, int] = {}
        life = False
        units = 1
        for i, ab in enumerate(self.activated):
            if i in self.auto_mana:
                add, pain = mana_ability_parts(ab)
                units = add.amount
                opts = COLOURS if "any" in add.options else add.options
                for c in opts:
                    hurt[c] = min(hurt.get(c, pain), pain)
                colours.update(opts)
                sacrifice = sacrifice and ab.cost.sacrifice_self
                life = life or bool(ab.cost.pay_life)
        if not colours:
            return None
        return ManaSource(frozenset(colours), sacrifice,
                          {c: n for c, n in hurt.items() if n}, life, units,
                          bool(colours & DYNAMIC_MANA))

    @cached_property
    def flashback(self) -> Flashback | None:
        """Its :class:`Flashback` static (None: none)."""
        return next((s for s in self.statics if isinstance(s, Flashback)), None)

    @cached_property
    def plays_exiled(self) -> bool:
        """Whether it has :class:`PlayExiled` (then the cards its abilities exile are
        remembered as exiled with it, 607.2a)."""
        return any(isinstance(s, PlayExiled) for s in self.statics)

    @cached_property
    def cast_from_graveyard(self) -> CastFromGraveyard | None:
        """Its :class:`CastFromGraveyard` static (None: none)."""
        return next((s for s in self.statics if isinstance(s, CastFromGraveyard)),
                    None)

    @cached_property
    def kicker(self) -> Kicker | None:
        """Its :class:`Kicker` static (None: none)."""
        return next((s for s in self.statics if isinstance(s, Kicker)), None)

    @cached_property
    def buyback(self) -> Buyback | None:
        """Its :class:`Buyback` static (None: none)."""
        return next((s for s in self.statics if isinstance(s, Buyback)), None)

    @cached_property
    def overload(self) -> Overload | None:
        """Its :class:`Overload` static (None: none)."""
        return next((s for s in self.statics if isinstance(s, Overload)), None)

    @cached_property
    def face_down_cost(self) -> FaceDownCost | None:
        """Its :class:`FaceDownCost` static (morph, megamorph, disguise; None: none)."""
        return next((s for s in self.statics if isinstance(s, FaceDownCost)), None)

    @cached_property
    def additional_cost(self) -> Cost | None:
        """The additional cost of casting it (601.2b): an instant's or sorcery's, or a
        permanent card's :class:`AdditionalCost`; None: none."""
        if self.spell is not None:
            return self.spell.additional_cost
        return next((s.cost for s in self.statics if isinstance(s, AdditionalCost)),
                    None)

    @cached_property
    def alt_cost(self) -> AltCost | None:
        """Its :class:`AltCost` static (None: none)."""
        return next((s for s in self.statics if isinstance(s, AltCost)), None)

    @cached_property
    def when_attacked(self) -> bool:
        """Whether it has :class:`CastWhenAttacked`."""
        return any(isinstance(s, CastWhenAttacked) for s in self.statics)

    @cached_property
    def cast_only_during(self) -> CastOnlyDuring | None:
        """Its :class:`CastOnlyDuring` static (None: none)."""
        return next((s for s in self.statics if isinstance(s, CastOnlyDuring)), None)

    @cached_property
    def dredge(self) -> int:
        """Its dredge N (702.52a; 0: no dredge)."""
        return next((s.count for s in self.statics if isinstance(s, Dredge)), 0)

    @cached_property
    def rebound(self) -> bool:
        """Whether it has :class:`Rebound` (702.88a)."""
        return any(isinstance(s, Rebound) for s in self.statics)

    @cached_property
    def miracle(self) -> tuple[int, Miracle] | None:
        """The index in :attr:`triggered` of its miracle ability (702.94a) and that
        ability's effect (None: no miracle)."""
        return next(((i, ab.effect) for i, ab in enumerate(self.triggered)
                     if ab.trigger.event == "miracle"), None)

    @cached_property
    def madness(self) -> tuple[int, MadnessCast] | None:
        """The index in :attr:`triggered` of its madness ability (702.35a) and that
        ability's effect (None: no madness)."""
        return next(((i, ab.effect) for i, ab in enumerate(self.triggered)
                     if ab.trigger.event == "madness"), None)

    @cached_property
    def convoke(self) -> bool:
        return any(isinstance(s, Convoke) for s in self.statics)

    @cached_property
    def delve(self) -> bool:
        return any(isinstance(s, Delve) for s in self.statics)

    @cached_property
    def foretell(self) -> Foretell | None:
        """Its foretell (702.143a), or None."""
        return next((s for s in self.statics if isinstance(s, Foretell)), None)

    @cached_property
    def suspend(self) -> Suspend | None:
        """Its suspend (702.62a), or None."""
        return next((s for s in self.statics if isinstance(s, Suspend)), None)

    @cached_property
    def improvise(self) -> bool:
        return any(isinstance(s, Improvise) for s in self.statics)

    @cached_property
    def taps_or_exiles(self) -> bool:
        """It can be paid for by tapping creatures or artifacts or exiling graveyard
        cards (convoke 702.51, improvise 702.126, delve 702.66)."""
        return self.convoke or self.improvise or self.delve

    @cached_property
    def self_costs(self) -> tuple[SelfCost, ...]:
        """Its :class:`SelfCost` statics (601.2f)."""
        return tuple(s for s in self.statics if isinstance(s, SelfCost))

    @cached_property
    def cast_self(self) -> tuple[int, ...]:
        """Indices in :attr:`triggered` of its "when you cast this spell" abilities
        (603.2: they trigger as the spell becomes cast, cascade's among them)."""
        return tuple(i for i, ab in enumerate(self.triggered)
                     if ab.trigger.event == "cast_self")

    @cached_property
    def cast_special(self) -> bool:
        """Casting it from a hand asks more than its mana cost and additional cost:
        an alternative cost (overload, :class:`AltCost`), convoke, delve or a change
        of its own cost (the legal sets then probe each way with
        :meth:`~casting.CastingMixin.castable_as`)."""
        return bool(self.overload is not None or self.alt_cost is not None
                    or self.taps_or_exiles or self.self_costs
                    or self.additional_cost is not None
                    and (self.additional_cost.reveal_or is not None
                         or self.additional_cost.exile_any is not None))

    @cached_property
    def graveyard_abilities(self) -> tuple[int, ...]:
        """Indices in :attr:`activated` of the abilities activated from its owner's
        graveyard (113.6m)."""
        return tuple(i for i, ab in enumerate(self.activated) if ab.zone == "graveyard")

    @cached_property
    def graveyard_events(self) -> frozenset[str]:
        """The events of its triggered abilities that trigger from its owner's
        graveyard (113.6m)."""
        return frozenset(ab.trigger.event for ab in self.triggered
                         if ab.zone == "graveyard")

    @cached_property
    def graveyard_statics(self) -> tuple[Anthem, ...]:
        """Its static abilities that function while it is in its owner's graveyard
        (113.6: an :class:`Anthem` of ``zone`` ``"graveyard"``)."""
        return tuple(st for st in self.statics
                     if isinstance(st, Anthem) and st.zone == "graveyard")

    @cached_property
    def hand_abilities(self) -> tuple[int, ...]:
        """Indices in :attr:`activated` of the abilities activated from a hand."""
        return tuple(i for i, ab in enumerate(self.activated) if ab.zone == "hand")

    @cached_property
    def hand_actions(self) -> bool:
        """Whether a card of it in a hand may have an action besides being cast or
        played: a hand ability, casting it face down, suspend or foretell (the legal
        sets look no further for the others)."""
        return bool(self.hand_abilities) or self.face_down_cost is not None or bool(
            self.statics) and (self.suspend is not None or self.foretell is not None)

    @cached_property
    def hand_instant(self) -> bool:
        """Whether a card of it in a hand may have an action when its controller
        could cast only instants: :attr:`hand_actions` or :attr:`instant_speed` (the
        legal sets pass over the others then)."""
        return self.hand_actions or self.instant_speed

    @cached_property
    def graveyard_playable(self) -> bool:
        """Whether a card of it in a graveyard may be cast or have an ability
        activated there on its own: its own permission, flashback or a graveyard
        ability (the legal sets pass over the others unless an effect grants
        one)."""
        return self.cast_from_graveyard is not None or self.flashback is not None \
            or bool(self.graveyard_abilities)

    @cached_property
    def instant_abilities(self) -> bool:
        """Whether one of its :attr:`battlefield_abilities` may be activated at
        other times than a sorcery's."""
        return any(not self.activated[i].sorcery_speed
                   for i in self.battlefield_abilities)

    @cached_property
    def combat_restrictions(self) -> frozenset[str]:
        """The :class:`CombatRestriction` flags its own statics set
        (``"cant_attack"``, ``"lure"``...; :meth:`~objects.ObjectsMixin._restricted`
        asks them by name)."""
        return frozenset(
            f.name for st in self.statics if isinstance(st, CombatRestriction)
            for f in dataclasses.fields(st) if getattr(st, f.name))

    @cached_property
    def keyword_set(self) -> frozenset[str]:
        """Its printed :attr:`keywords` as a set (what :meth:`chars` gives a permanent
        nothing modifies)."""
        return frozenset(self.keywords)


MONARCH = CardDef(
    name="the monarch", cost=None, colours=(), types=(),
    triggered=(TriggeredAbility(Trigger("end_step", Ref("you")), Draw(1)),
               TriggeredAbility(Trigger("deals_combat_damage_player", Ref("you")),
                                BecomeMonarch())))
"""The monarch designation's inherent triggered abilities (724.2): "at the beginning
of the monarch's end step, that player draws a card" and "whenever a creature deals
combat damage to the monarch, its controller becomes the monarch" (controlled by the
monarch, then by that creature's controller; the designation is their source)."""

FACE_DOWN = CardDef(name="face-down creature", cost=None, colours=(),
                    types=("Creature",), power=2, toughness=2)
"""The characteristics of a face-down permanent (rules 701.34a, 708.2a): a 2/2
creature with no name (``name`` is only how it is shown), no text, no subtypes, no
mana cost, colourless, no abilities."""

FACE_DOWN_WARD = dataclasses.replace(FACE_DOWN, triggered=(TriggeredAbility(
    Trigger("becomes_target_by_opponent"),
    CounterUnlessPays(Ref("that_object"), ManaCost(generic=2), 0)),))
"""A face-down permanent that has ward {2} (702.21a): a disguised one (702.168b) or a
cloaked one (701.58a); otherwise :data:`FACE_DOWN`."""


def face_down_def(perm: Any) -> CardDef:
    """The characteristics of face-down permanent ``perm`` (a
    :class:`~state.Permanent`): :data:`FACE_DOWN_WARD` or :data:`FACE_DOWN`."""
    return FACE_DOWN_WARD if perm.face_down_ward else FACE_DOWN


# ------------------------------------------------------------------- display
def tree(node: Any) -> Any:
    """Plain data for a node: ``{"ClassName": {field: value}}`` with default-valued
    fields left out; tuples become lists, frozensets sorted lists, costs their text."""
    if isinstance(node, ManaCost):
        return str(node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        fields = {}
        for f in dataclasses.fields(node):
            if not f.compare:
                continue
            value = getattr(node, f.name)
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING
                else dataclasses.MISSING)
            if value == default:
                continue
            fields[f.name] = tree(value)
        return {type(node).__name__: fields}
    if isinstance(node, frozenset):
        return sorted(tree(v) for v in node)
    if isinstance(node, (tuple, list)):
        return [tree(v) for v in node]
    if isinstance(node, dict):
        return {k: tree(v) for k, v in node.items()}
    return node
