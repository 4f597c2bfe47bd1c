"""The Magic engine's mutable objects: permanents, stack objects, and a JSON codec for
the frozen card definitions (so a game with hand-made or token cards round-trips).

Every object in a public zone has an id from one counter per game (``next_id``). A card
that changes zones becomes a new object with a new id (rule 400.7), so a target chosen
earlier is illegal once its object has left. Players are written as negative target
codes (:func:`player_code`) so that one integer names any target.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import mana


def player_code(seat: int) -> int:
    """A player as a target code (``-1`` is seat 0)."""
    return -seat - 1


def code_player(code: int) -> int:
    """The seat of a player target code."""
    return -code - 1


@dataclass
class Permanent:
    """An object on the battlefield.

    Attributes:
        pid: Object id (also its timestamp: ids only grow).
        card: Index into the game's card table.
        controller: Seat controlling it: its owner, unless a control-changing effect
            applies (:mod:`~control`).
        slot: Permanent slot of the action space, or -1 if all slots were taken.
        tapped, sick: Tapped; entered since its controller's turn began.
        damage: Damage marked this turn.
        deathtouched: Dealt damage by a source with deathtouch this turn.
        counters: Counters by kind (``"+1/+1"``, ``"-1/-1"``...).
        attached_to: The permanent this Aura or Equipment is attached to.
        mods: Until-end-of-turn changes ``[power, toughness, [keywords]]`` in the order
            they were made (their timestamps); ``[power, toughness, [keywords],
            seat]`` lasts until ``seat``'s next turn begins instead (611.2a).
        face_down: Face down (manifested 701.40, cloaked 701.58, or cast face down
            with morph or disguise, 702.37c, 702.168a): it has the characteristics
            of :data:`~effects.FACE_DOWN` (:data:`~effects.FACE_DOWN_WARD` with
            ``face_down_ward``), not its card's, until it is turned face up.
        cast_face_down: It was a face-down spell (cast with morph or disguise): it can
            be turned face up only for that cost, never for its mana cost
            (701.40b applies to manifested and cloaked permanents only).
        face_down_ward: While face down it has ward {2} (disguise 702.168b, cloak
            701.58a).
        class_level: A Class's level (716: 1 as it enters, raised by its "{cost}:
            Level N" abilities; meaningless for other permanents).
        shape: Index in the game's definition table of its characteristics after
            the layers of rule 613 (:mod:`~layers`; -1: none applies, they are its
            card's, or :data:`~effects.FACE_DOWN`). Derived: recomputed from
            ``copy_def``, ``becomes`` and the static abilities on the battlefield.
        copy_def: Index in the definition table of its copiable values when it entered
            as a copy of another permanent (layer 1, 707.2; -1: none).
        becomes: Until-end-of-turn :class:`~effects.Becomes` effects on it,
            ``[timestamp, index in the game's layer_nodes]``.
        monstrous: It became monstrous (701.37b).
        chosen: What its controller chose as it entered ("as this enters, choose a
            color / a creature type": a colour letter or a creature type; "" none).
        kicked: How many times the spell it was was kicked (rule 702.33d-e; 0: not
            kicked, or it did not enter from a resolving spell).
        evoked: The spell it was was cast for its evoke cost (702.74a).
        base: The player under whose control it entered when that is not its owner
            (110.2: an Arcane Labyrinth's cards; -1: its owner). Control effects
            apply over this.
        control: Resolved control-changing effects on it, ``[controller, timestamp,
            until_end_of_turn]`` (see :mod:`~control`); ``controller`` is the result.
        front: While it is transformed (its back face up, rule 712.8e), the index in
            the game's definition table of its card's front face, which the card has
            again once it leaves the battlefield (712.8a); -1 while its front face is
            up. (The card's definition is its back face meanwhile.)
        transformed_at: The game's object counter when it last transformed (0:
            never), so that an ability put on the stack before that does not
            transform it again (701.28f).
        lasting: Keywords an effect gave it with no duration ("it gains haste",
            611.2c): it has them until it leaves the battlefield.
        exile_if_leaves: "If it would leave the battlefield, exile it instead of
            putting it anywhere else" applies to it (614.1a, for as long as it is
            this object).
        paired: The creature it is paired with by soulbond (702.95), -1: none.
        new_control: It came under its controller's control since the beginning of
            that player's last upkeep (echo, 702.30a): set as it enters and as its
            control changes, cleared once that player's upkeep has begun.
        renowned: It became renowned (702.112b).
    """

    pid: int
    card: int
    controller: int
    slot: int = -1
    tapped: bool = False
    sick: bool = True
    damage: int = 0
    deathtouched: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: int | None = None
    mods: list[list[Any]] = field(default_factory=list)
    face_down: bool = False
    control: list[list[int]] = field(default_factory=list)
    base: int = -1
    shape: int = -1
    kicked: int = 0
    copy_def: int = -1
    becomes: list[list[int]] = field(default_factory=list)
    monstrous: bool = False
    chosen: str = ""
    front: int = -1
    transformed_at: int = 0
    lasting: list[str] = field(default_factory=list)
    exile_if_leaves: bool = False
    paired: int = -1
    evoked: bool = False
    new_control: bool = True
    renowned: bool = False
    cast_face_down: bool = False
    face_down_ward: bool = False
    class_level: int = 1

    def copy(self) -> Permanent:
        return dataclasses.replace(self, counters=dict(self.counters),
                                   lasting=list(self.lasting),
                                   mods=[[m[0], m[1], list(m[2]), *m[3:]]
                                         for m in self.mods],
                                   control=[c[:] for c in self.control],
                                   becomes=[b[:] for b in self.becomes])


@dataclass
class StackItem:
    """A spell or ability on the stack (or being put there).

    Attributes:
        sid: Object id.
        kind: ``"spell"``, ``"activated"`` or ``"triggered"``.
        controller: Seat.
        card: The spell's card, or the ability source's card.
        source: The ability's source permanent id (None for spells).
        index: Which activated (index into ``activated``, mana abilities included) or
            triggered ability of the card.
        targets: Chosen targets per effect path (``"0.1"``) as target codes.
        modes: Chosen modes per :class:`~effects.Choose` path.
        it: What ``Ref("it")`` names at first (the triggering object), as a code.
        it_controller: That object's controller when it triggered (last known
            information for ``Ref("its_controller")``).
        defending: The defending player for an attack trigger.
        keywords: The source's keywords when the object was created (last known
            information for deathtouch and lifelink if the source is gone).
        crew: Creatures chosen to tap for a crew cost (702.122a).
        sacrificed, discarded: Permanents / cards chosen to pay the cost (while the
            object is being put on the stack).
        x: The value chosen for ``{X}`` (-1 until chosen).
        amount: "That much" of a triggered ability: the life gained or lost, the
            damage dealt, in the event that triggered it.
        cause: The spell or ability whose targeting triggered it (ward's "that
            spell or ability"), an object id.
        shape: The definition (index in the game's table) the ability comes from
            when its source's characteristics were not its card's as it was created
            (a copy, an ability a layer effect gave: :mod:`~layers`; last known
            information); -1: its card's.
        origin, path: For a delayed triggered ability (rule 603.7, kind
            ``"triggered"``): the kind of the spell or ability that created it and
            the path of its :class:`~effects.Delayed` node there (empty otherwise).
        alt: The alternative cost it is cast for (118.9): ``"flashback"`` (cast from
            a graveyard, 702.34a), ``"overload"`` (702.96a), ``"alternative"`` (an
            :class:`~effects.AltCost`) or ``"evoke"`` (702.74a); ``""``: none.
        kicked: Times its kicker cost was paid (702.33); for an ability, times the
            spell its source permanent was was kicked.
        announce: Casting choices still to announce (601.2b): ``"alt"`` (an
            alternative cost), ``"kicker"``.
        taps: With payment by choice (601.2h), the mana sources its controller
            chose so far: ``[pid, symbol]`` per mana (``""``: generic).
        division: Damage divided among the targets of a divided
            :class:`~effects.DealDamage` (601.2d), per effect path: the damage each
            chosen target is dealt, in the order of ``targets[path]``.
        face: For an activated or triggered ability, the index in the game's
            definition table of the face it belongs to (a transforming card's
            abilities stay those of the face that had them, 712.8e, even if the
            permanent transforms or leaves meanwhile); -1: the card's definition.
        uncounterable: A spell that can't be countered because of the mana spent
            on it (106.6a: Cavern of Souls's rider).
    """

    sid: int
    kind: str
    controller: int
    card: int
    source: int | None = None
    index: int = 0
    targets: dict[str, list[int]] = field(default_factory=dict)
    modes: dict[str, list[int]] = field(default_factory=dict)
    it: int | None = None
    it_controller: int | None = None
    defending: int | None = None
    keywords: list[str] = field(default_factory=list)
    sacrificed: list[int] = field(default_factory=list)
    discarded: list[int] = field(default_factory=list)
    #: The graveyard cards chosen for an additional cost "you may exile any number of
    #: <quality> cards from your graveyard" (:attr:`~effects.Cost.exile_any`); None
    #: until its caster chooses them (a probe counts every card it could exile).
    exiled_for_cost: list[int] | None = None
    #: Its caster said "done" to choosing them.
    exile_any_done: bool = False
    crew: list[int] = field(default_factory=list)
    x: int = 0
    amount: int = 0
    cause: int | None = None
    origin: str = ""
    path: str = ""
    alt: str = ""
    kicked: int = 0
    #: Its buyback cost was paid (702.27a): it goes to its owner's hand as it
    #: resolves.
    bought_back: bool = False
    #: "The next time you cast an instant or sorcery spell from your hand this turn,
    #: put that card into your hand ... as it resolves" applied to it (614.1a).
    to_hand: bool = False
    announce: list[str] = field(default_factory=list)
    taps: list[list[Any]] = field(default_factory=list)
    shape: int = -1
    #: For a delayed triggered ability: the cards in exile its creator had just
    #: exiled, which its "that card" names (:mod:`~linked`, 400.7).
    cards: list[int] = field(default_factory=list)
    face: int = -1
    division: dict[str, list[int]] = field(default_factory=dict)
    uncounterable: bool = False
    #: The definitions (indices in the game's table) of the permanents sacrificed
    #: to pay its cost, as they last existed (608.2h: "if the sacrificed creature
    #: was a Human").
    sacrificed_as: list[int] = field(default_factory=list)
    #: The power, toughness and mana value of the last permanent sacrificed to pay
    #: its cost, as it last existed (608.2h: "damage equal to the sacrificed
    #: creature's power"); empty: none.
    sacrificed_stats: list[int] = field(default_factory=list)
    #: The copiable values (707.2) of the last permanent sacrificed to pay its cost,
    #: as it last existed (an index in the game's table; -1: none): "create two
    #: tokens that are copies of the sacrificed creature".
    sacrificed_copy: int = -1
    #: The planeswalker the attacker returned to pay a ninjutsu cost attacked
    #: (702.49c; its player is ``defending``).
    attacked_pw: int | None = None
    #: Cast by suspend's last-counter ability (702.62a): a creature spell so cast
    #: gains haste.
    suspended: bool = False
    #: Its caster revealed a card to pay its additional cost "reveal a <quality>
    #: card from your hand or pay <mana>" rather than pay the mana (601.2b).
    revealed: bool = False
    #: Where a spell was cast from (601.2a) when not from a hand: ``"graveyard"``,
    #: ``"library"``, ``"flashback"`` (a graveyard, for its flashback cost).
    zone: str = ""
    #: How many colours of mana were spent to cast the spell (601.2h: sunburst
    #: 702.44a, converge); counted only for a spell that reads it.
    colours_spent: int = 0
    #: Additional +1/+1 counters its permanent enters with (Opal Palace's mana spent
    #: to cast a commander, :class:`~effects.CommanderManaCounters`).
    extra_counters: int = 0
    #: Abilities the spell gained (:class:`~effects.SpellGains`: bloodthirst's
    #: replacement) that apply as its permanent enters.
    gained: tuple[Any, ...] = ()
    #: For an ability of a card in a graveyard (113.6m): the card's object id there
    #: as the ability triggered or was activated; if the card left the graveyard
    #: since, it is a new object (400.7) the ability's "this" no longer names. -1:
    #: none.
    grave: int = -1
    #: A copy of a spell or ability (707.10): not cast, and it ceases to exist when
    #: it leaves the stack (707.10a, 704.5e); no card moves.
    is_copy: bool = False
    #: For a "one or more" batch trigger (603.2c): the objects of its batch ("those
    #: creatures", ``Ref("those_objects")``).
    objects: list[int] = field(default_factory=list)
    #: While a copy is being put on the stack with "you may choose new targets"
    #: (707.10c): the targets still to decide, ``[path, index]`` each.
    retarget: list[list[Any]] = field(default_factory=list)
    #: A spell cast from exile with a permission that lets its caster spend mana as
    #: though it were mana of any colour to cast it (609.4b: its coloured pips take
    #: any mana; a {C} pip still takes colourless mana).
    any_colour: bool = False

    def copy(self) -> StackItem:
        return dataclasses.replace(
            self, targets={k: list(v) for k, v in self.targets.items()},
            modes={k: list(v) for k, v in self.modes.items()}, keywords=list(self.keywords),
            sacrificed=list(self.sacrificed), discarded=list(self.discarded),
            crew=list(self.crew), announce=list(self.announce),
            sacrificed_as=list(self.sacrificed_as),
            sacrificed_stats=list(self.sacrificed_stats),
            taps=[list(t) for t in self.taps], cards=list(self.cards),
            retarget=[list(r) for r in self.retarget],
            division={k: list(v) for k, v in self.division.items()})


# ------------------------------------------------------------------ codec
_CLASSES: dict[str, type] = {
    name: obj for module in (fx, mana) for name, obj in vars(module).items()
    if isinstance(obj, type) and dataclasses.is_dataclass(obj)
}


def encode(node: Any) -> Any:
    """A card definition (or any vocabulary node) as JSON-ready data."""
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        out: dict[str, Any] = {"class": type(node).__name__}
        for f in dataclasses.fields(node):
            out[f.name] = encode(getattr(node, f.name))
        return out
    if isinstance(node, frozenset):
        return {"frozenset": sorted(encode(v) for v in node)}
    if isinstance(node, tuple):
        return {"tuple": [encode(v) for v in node]}
    return node


def decode(data: Any) -> Any:
    """The inverse of :func:`encode`."""
    if isinstance(data, dict):
        if "frozenset" in data:
            return frozenset(decode(v) for v in data["frozenset"])
        if "tuple" in data:
            return tuple(decode(v) for v in data["tuple"])
        cls = _CLASSES[data["class"]]
        return cls(**{k: decode(v) for k, v in data.items() if k != "class"})
    if isinstance(data, list):
        return [decode(v) for v in data]
    return data
