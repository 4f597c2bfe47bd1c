"""Magic game state -> observer-relative observation vector.

Everything the observing seat can see and nothing else: its own hand, every
battlefield, the stack, the spell or ability being cast or resolving, life totals and
zone sizes, and the cards it is looking at to choose one (manifest dread). A face-down
permanent is described to the other seats by the features of
:data:`~labyrinth_gym.envs.magic.engine.effects.FACE_DOWN` (a 2/2 creature with no
text: the same row whichever card it is); its controller sees its card's features,
with ``face_down`` set. Seats are *relative* (0 is the observer, 1 the next player in turn order),
as in the action space. Permanent rows sit at the object's permanent slot, hand rows
at the hand slot and stack rows at the stack slot, so row ``j`` of the permanent block
describes the object that the actions "permanent ``j``", "attack with ``j``", "block
with ``j``" and "activate ``j``" address.

**Cards are described by features of their compiled tree, never by an id**, so a
policy can generalise to cards it never saw. :data:`CARD_FEATURES` names them (types,
mana value and pips, colours, printed power/toughness, keywords, how many of each
effect the card's spell and abilities hold and their amounts, which triggers, statics
and costs it has, what it can target); :func:`card_features` computes them for a
:class:`~labyrinth_gym.envs.magic.engine.effects.CardDef`.

Layout (``float32``, every value in [-1, 1]):

| block      | rows x width                         | content                          |
|------------|--------------------------------------|----------------------------------|
| globals    | 1 x :data:`GLOBAL_SIZE`              | :data:`GLOBAL_FEATURES`          |
| context    | 1 x :data:`CONTEXT_WIDTH`            | the object being cast or         |
|            |                                      | resolving (:data:`CONTEXT_FEATURES` then its card) |
| hand       | 16 x (1 + card)                      | present, then the card           |
| stack      | 16 x :data:`STACK_WIDTH`             | :data:`STACK_FEATURES`, then the card (bottom first) |
| permanents | 64 x :data:`PERM_WIDTH`              | :data:`PERM_FEATURES`, then the card |
| looking    | 2 x (1 + card)                       | present, then the card: the two  |
|            |                                      | cards of a manifest dread choice (row ``m`` is mode ``m``), or the first two cards a library, hand or graveyard-target decision looks at (row ``i`` is "choose hand slot ``i``"), for the chooser only |
| graveyard  | 16 x (1 + card)                      | present, then the card: the      |
|            |                                      | observer's graveyard slots (cards it may cast from there, flashback), row ``g`` is "cast graveyard slot ``g``" |

Offsets are :data:`O_GLOBAL`, :data:`O_CONTEXT`, :data:`O_HAND`, :data:`O_STACK`,
:data:`O_PERM`, :data:`O_LOOK`, :data:`O_GRAVE`; :class:`MagicObs` reads a vector back by feature name
(the heuristic player uses it).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import STEPS, MagicGame
from labyrinth_gym.envs.magic.engine.mana import ManaCost

COLOURS = ("W", "U", "B", "R", "G")
TYPES = ("Land", "Creature", "Artifact", "Enchantment", "Instant", "Sorcery",
         "Planeswalker")
EFFECTS = ("DealDamage", "Destroy", "Exile", "ReturnToHand", "TapOrUntap", "Pump",
           "AddCounters", "Draw", "Discard", "Mill", "GainLife", "LoseLife", "CreateToken",
           "CounterSpell", "Sacrifice", "Attach", "Manifest", "ManifestDread", "Choose",
           "MayDo", "Each")
"""Effect kinds counted per card (``Each``: an effect on every matching permanent)."""
AMOUNTS = (("DealDamage", "amount", 10), ("Draw", "count", 5), ("Discard", "count", 5),
           ("Mill", "count", 10), ("GainLife", "amount", 10), ("LoseLife", "amount", 10),
           ("AddCounters", "count", 5), ("CreateToken", "count", 5))
TRIGGERS = ("enters", "dies", "attacks", "upkeep", "end_step")
"""Trigger events with a card feature each; the keyword triggers of
:mod:`~engine.keywords` (prowess, exalted) show as the effect they have."""
TARGETS = ("creature", "player", "any", "permanent", "spell", "graveyard_card", "ability")
_TARGET_FEATURE = {"opponent": ("player",), "opponent_or_planeswalker": ("player",),
                   "creature_or_planeswalker": ("creature",),
                   "creature_spell": ("spell",), "noncreature_spell": ("spell",),
                   "spell_or_ability": ("spell", "ability"),
                   "triggered_ability": ("ability",),
                   "activated_ability": ("ability",),
                   "battlefield_or_graveyard": ("permanent", "graveyard_card")}
"""A target kind's ``targets_*`` features (the kind itself when not listed); every
kind of :data:`~engine.effects.TARGET_KINDS` has some."""
DECISIONS = ("priority", "mulligan", "bottom", "discard", "yesno", "x", "mode", "target",
             "attack", "block", "block_target", "sacrifice", "cost_sacrifice",
             "cost_discard", "dread", "devour", "attack_target", "legend",
             "assign_damage", "look", "search", "search_may", "search_split",
             "hand_choice", "colour", "cost_crew", "pay_mana", "copy", "choose",
             "proliferate", "pile", "divide", "card_pile", "pile_pick", "tap_any",
             "choose_permanent")
YESNO = ("enter", "announce", "unleash", "riot", "peek", "fabricate", "unless", "pay",
         "order", "cascade", "miracle", "any_opponent", "pile", "rebound", "stay_tapped",
         "cast_copy", "play_free", "madness", "dredge", "opening_hand", "explore",
         "suspend", "clash", "myriad", "each_may", "die_choice", "unblocked",
         "to_bottom", "madness_mana_cost")
"""What a ``yesno`` decision asks, by the key the engine's decision carries (none of
them: an optional effect, "you may ..." or "if you do"): ``enter`` pay life as a land
enters (614.12, shock lands); ``announce`` pay an optional or alternative casting cost
(601.2b; which one: the context's ``asked_*``); ``unleash`` / ``riot`` enter with a
+1/+1 counter (702.98a, 702.136a; no: riot's haste); ``peek`` put the looked-at top
card into the graveyard; ``fabricate`` counters rather than Servos (702.123a);
``unless`` pay the cost an "unless" asks; ``pay`` pay a tax to keep a spell (Mana
Leak); ``order`` regenerate rather than be exiled instead (616.1); ``cascade`` cast
the card cascade found (702.85a); ``miracle`` cast the miracle (702.94a);
``any_opponent`` an opponent pays "unless any opponent"; ``pile`` take the first
pile; ``rebound`` cast the rebound card (702.88a); ``stay_tapped`` leave a permanent
tapped in the untap step (502.3); ``cast_copy`` cast a copy of a card without paying
its mana cost (707.12); ``play_free`` play the card an effect offers free;
``madness`` cast the discarded madness card (702.35a); ``dredge`` dredge rather than
draw (702.52a); ``opening_hand`` begin the game with the card from the opening hand
on the battlefield (103.6, Leylines); ``explore`` put the card an exploring creature
revealed into the graveyard (701.44a); ``suspend`` cast the card whose last time
counter was removed (702.62a); ``clash`` put the card a clash revealed on the bottom
(701.23a); ``myriad`` create a token copy attacking the opponent it names
(702.116a); ``each_may`` do what "each player may ..." offers (101.4: asked in turn
order); ``die_choice`` take the first of two results as "that result" (706: "roll
two d4 and choose one result"); ``unblocked`` have a blocked attacker assign its combat
damage as though it weren't blocked (510.1, :data:`~engine.keywords.UNBLOCKED_DAMAGE`);
``to_bottom`` put a permanent its owner chooses for on the bottom of their library
rather than on top ("on their choice of the top or bottom"); ``madness_mana_cost`` cast
the discarded card for its mana cost, the madness an effect gave it (Falkenrath
Gorger)."""

CARD_FEATURES: tuple[str, ...] = (
    *(f"type_{t.lower()}" for t in TYPES), "legendary", "basic", "aura", "equipment",
    "mana_value", "generic", *(f"pip_{c}" for c in (*COLOURS, "C")), "x_cost",
    *(f"colour_{c}" for c in COLOURS), "power", "toughness",
    *(f"kw_{k.replace(' ', '_')}" for k in fx.KEYWORDS),
    *(f"fx_{e}" for e in EFFECTS),
    *(f"amount_{e}" for e, _, _ in AMOUNTS),
    "pump_power", "pump_toughness", "token_power", "token_toughness",
    "has_spell", "activated", "hand_ability", "mana_ability",
    *(f"mana_{c}" for c in (*COLOURS, "C", "any")),
    *(f"trigger_{t}" for t in TRIGGERS),
    "anthem", "anthem_power", "anthem_toughness", "bonus", "bonus_power",
    "bonus_toughness", "bonus_restricts", "cant_attack", "cant_block", "cant_be_blocked",
    "attacks_each_combat", "enters_tapped", "devour", "additional_cost", "cost_tap",
    "cost_sacrifice", "cost_life", "cost_discard", "ability_mana_value",
    *(f"targets_{t}" for t in TARGETS), "hits_opponents", "hits_all",
    "flashback", "kicker", "multikicker", "overload",
)
"""The features of a card (:func:`card_features`), in order. Counts are capped and
scaled into [0, 1]: mana value and generic cost / 8, pips / 4, power and toughness
/ 10, effect counts / 3, amounts by the scale in :data:`AMOUNTS`, pumps / 5, devour's
counters per permanent / 3; ``flashback``, ``kicker`` and ``overload``: that cost's
(1 + mana value) / 9 (0: the card has none; 702.34, 702.33, 702.96)."""
CARD_SIZE = len(CARD_FEATURES)
CARD = {name: i for i, name in enumerate(CARD_FEATURES)}

DECISION_SLOTS = 48
"""Width of the decision one-hot: :data:`DECISIONS` then spare slots, so a new decision
kind takes a spare slot and the observation keeps its size (the env version still
changes: the slot's meaning does)."""
YESNO_SLOTS = 32
"""Width of the yes/no purpose one-hot (``may``, :data:`YESNO`, spare slots)."""
assert len(DECISIONS) <= DECISION_SLOTS and 1 + len(YESNO) <= YESNO_SLOTS

GLOBAL_FEATURES: tuple[str, ...] = (
    *(f"decision_{d}" for d in DECISIONS),
    *(f"decision_spare_{i}" for i in range(DECISION_SLOTS - len(DECISIONS))),
    *(f"step_{s}" for s in STEPS),
    *(f"active_{r}" for r in range(A.MAX_PLAYERS)), "to_act", "land_played",
    "stack_size", "turn", *(f"players_{n}" for n in range(2, A.MAX_PLAYERS + 1)),
    *(f"{what}_{r}" for what in ("seat", "lost", "life", "hand", "library", "graveyard",
                                 "exile", "creatures", "power", "untapped_lands",
                                 "poison", "pool", "energy", "monarch")
      for r in range(A.MAX_PLAYERS)),
    "damage_left", "day", "night", "yesno_may", *(f"yesno_{k}" for k in YESNO),
    *(f"yesno_spare_{i}" for i in range(YESNO_SLOTS - 1 - len(YESNO))),
)
"""Global features: the decision asked (one-hot over :data:`DECISION_SLOTS`), the step (one-hot), whose turn
(relative seat), whether the observer is to act, land played this turn, stack size /
16, turn / max turns, the player count; then per relative seat: present, lost, life /
40, hand / 16, library / 60, graveyard / 60, exile / 60, creatures / 20, their total
power / 40, untapped lands / 10, poison counters / 10, mana in their pool / 10, energy
counters / 10 (107.14), whether they are the monarch (724); then, while an attacker's combat damage is being
divided, the damage still to assign / 10; then whether it is day or night (726: neither
until a daybound or nightbound permanent appears); then, while a ``yesno`` decision is
asked, what it asks (one-hot over ``may`` and :data:`YESNO`, :data:`YESNO_SLOTS` wide)."""
GLOBAL_SIZE = len(GLOBAL_FEATURES)
GLOBAL = {name: i for i, name in enumerate(GLOBAL_FEATURES)}

CONTEXT_FEATURES: tuple[str, ...] = (
    "present", "casting", "resolving", "kind_spell", "kind_activated", "kind_triggered",
    *(f"controller_{r}" for r in range(A.MAX_PLAYERS)),
    *(f"choosing_{e}" for e in EFFECTS[:-3]), "choosing_amount", "x",
    "targets_chosen", "modes_chosen", "kicked", "alt_flashback", "alt_overload",
    "asked_kicker", "asked_overload",
)
"""The object being cast, activated or resolving: which, its kind, its controller,
the kind of effect whose target is being chosen now (one-hot over the effect kinds)
and its amount / 10, X / 7, targets and modes chosen so far / 4, times kicked / 3,
the alternative cost it is cast for (flashback, overload: ``alt_overload`` and
``asked_overload`` stand for every alternative cost paid from the hand, 118.9, an
:class:`~engine.effects.AltCost` or evoke too, and for cascade's "without paying its
mana cost"), and which casting question a
``yesno`` decision asks (pay kicker? pay overload?); then the card it comes from (a
face-down spell, cast for {3}, 702.37c, counts as ``alt_overload`` too, and shows the
face-down features to the other seats)."""
CONTEXT = {name: i for i, name in enumerate(CONTEXT_FEATURES)}
CONTEXT_WIDTH = len(CONTEXT_FEATURES) + CARD_SIZE

STACK_FEATURES: tuple[str, ...] = (
    "present", "kind_spell", "kind_activated", "kind_triggered",
    *(f"controller_{r}" for r in range(A.MAX_PLAYERS)),
    "targets_me", "targets_mine", "targets_other",
)
"""A stack object: present, kind, controller (relative), whether it targets the
observer, a permanent the observer controls, or anything else. A face-down spell or
an ability of a face-down permanent has the face-down card features unless the
observer controls it (708.5)."""
STACK = {name: i for i, name in enumerate(STACK_FEATURES)}
STACK_WIDTH = len(STACK_FEATURES) + CARD_SIZE

PERM_FEATURES: tuple[str, ...] = (
    "present", *(f"controller_{r}" for r in range(A.MAX_PLAYERS)), "tapped", "sick",
    "token", "face_down", "damage", "plus_counters", "minus_counters", "power_now", "toughness_now",
    *(f"now_{k.replace(' ', '_')}" for k in fx.KEYWORDS), "attached", "attached_to_mine",
    "attacking", *(f"attacking_{r}" for r in range(1, A.MAX_PLAYERS)), "blocking",
    "blocked", "subject", "chosen", "loyalty", "attacked", "other_counters",
)
"""A permanent: present, controller (relative), tapped, summoning sick, token, face
down (its card features are then :data:`~labyrinth_gym.envs.magic.engine.effects.FACE_DOWN`'s
unless the observer controls it), damage / 10, +1/+1 and -1/-1 counters / 5, power and toughness now / 10, keywords now, attached
to something (to a permanent the observer controls), attacking (which relative seat),
blocking, blocked, the subject of the decision (the blocker being assigned, the
attacker whose target is being chosen, the attacker whose combat damage is being
divided), already chosen as a target of the object being cast (or to be devoured, put
in the first pile of a "separate into two piles" effect, or
assigned some of the combat damage being divided), loyalty / 10 (a
planeswalker), whether a creature attacks it, and its counters of the other kinds
(charge, quest, lore...) / 10."""
PERM = {name: i for i, name in enumerate(PERM_FEATURES)}
PERM_DYN = len(PERM_FEATURES)
PERM_WIDTH = PERM_DYN + CARD_SIZE
HAND_WIDTH = 1 + CARD_SIZE

O_GLOBAL = 0
O_CONTEXT = O_GLOBAL + GLOBAL_SIZE
O_HAND = O_CONTEXT + CONTEXT_WIDTH
O_STACK = O_HAND + A.MAX_HAND * HAND_WIDTH
O_PERM = O_STACK + A.MAX_STACK * STACK_WIDTH
O_LOOK = O_PERM + A.MAX_PERMANENTS * PERM_WIDTH
LOOK_ROWS = 2
O_GRAVE = O_LOOK + LOOK_ROWS * HAND_WIDTH
OBS_SIZE = O_GRAVE + A.MAX_GRAVEYARD * HAND_WIDTH

_KW_INDEX = {k: i for i, k in enumerate(fx.KEYWORDS)}
_EFFECT_INDEX = {e: i for i, e in enumerate(EFFECTS)}


# ------------------------------------------------------------ card features
def _amount(value: Any) -> int:
    if isinstance(value, (fx.KickedAmount, fx.IfAmount)):
        return _amount(value.normal)  # (an IfAmount of "X": 0, as "X" is)
    return value if isinstance(value, int) else 0


def _walk(node: Any, out: list[Any]) -> None:
    """Every vocabulary node under ``node`` (itself included), depth first."""
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        out.append(node)
        for f in dataclasses.fields(node):
            _walk(getattr(node, f.name), out)
    elif isinstance(node, (tuple, list, frozenset)):
        for v in node:
            _walk(v, out)


def card_features(d: fx.CardDef) -> np.ndarray:
    """The :data:`CARD_FEATURES` vector of a card definition."""
    v = np.zeros(CARD_SIZE, dtype=np.float32)

    def put(name: str, value: float, scale: float = 1.0) -> None:
        v[CARD[name]] = min(max(value / scale, -1.0), 1.0)

    for t in TYPES:
        put(f"type_{t.lower()}", t in d.types)
    put("legendary", "Legendary" in d.supertypes)
    put("basic", "Basic" in d.supertypes)
    put("aura", "Aura" in d.subtypes)
    put("equipment", "Equipment" in d.subtypes)
    if d.cost is not None:
        put("mana_value", d.mana_value, 8)
        put("generic", d.cost.generic, 8)
        for c in (*COLOURS, "C"):
            put(f"pip_{c}", _pips(d.cost, c), 4)
        put("x_cost", bool(d.cost.x))
    for c in d.colours:
        if c in COLOURS:
            put(f"colour_{c}", 1)
    put("power", d.power or 0, 10)
    put("toughness", d.toughness or 0, 10)
    for k in d.keywords:
        if k in _KW_INDEX:  # (keywords beyond fx.KEYWORDS show by their effects)
            put(f"kw_{k.replace(' ', '_')}", 1)

    # effects of the spell and of every non-mana ability
    roots: list[Any] = []
    if d.spell is not None:
        put("has_spell", 1)
        roots.append(d.spell.effect)
        if d.spell.additional_cost is not None:
            put("additional_cost", 1)
    activated = [ab for ab in d.activated if not ab.is_mana]
    put("activated", sum(ab.zone == "battlefield" for ab in activated), 2)
    put("hand_ability", any(ab.zone == "hand" for ab in activated))
    mana_abilities = [ab for ab in d.activated if ab.is_mana]
    put("mana_ability", len(mana_abilities), 2)
    for ab in mana_abilities:
        for node in _nodes(ab.effect):
            if isinstance(node, fx.AddMana):
                for c in node.options:
                    name = f"mana_{c}"
                    if name in CARD:
                        v[CARD[name]] = 1.0
    for ab in activated:
        roots.append(ab.effect)
        put("cost_tap", v[CARD["cost_tap"]] + ab.cost.tap)
        put("cost_sacrifice", v[CARD["cost_sacrifice"]] + (ab.cost.sacrifice_self or
                                                           ab.cost.sacrifice is not None))
        put("cost_life", ab.cost.pay_life, 10)
        put("cost_discard", ab.cost.discard + ab.cost.discard_self, 2)
        if ab.cost.mana is not None:
            put("ability_mana_value", ab.cost.mana.mana_value, 8)
    for name, st in (("flashback", d.flashback), ("kicker", d.kicker)):
        if st is not None:
            put(name, 1 + (st.cost.mana.mana_value if st.cost.mana else 0), 9)
    if d.kicker is not None and d.kicker.multi:
        put("multikicker", 1)
    if d.overload is not None:
        put("overload", 1 + d.overload.cost.mana_value, 9)
    for trig in d.triggered:
        if trig.trigger.event in TRIGGERS:
            put(f"trigger_{trig.trigger.event}", 1)
        roots.append(trig.effect)
    for st in d.statics:
        if isinstance(st, fx.Anthem):
            put("anthem", 1)
            put("anthem_power", v[CARD["anthem_power"]] * 3 + st.power, 3)
            put("anthem_toughness", v[CARD["anthem_toughness"]] * 3 + st.toughness, 3)
        elif isinstance(st, fx.AttachedBonus):
            put("bonus", 1)
            put("bonus_power", st.power, 5)
            put("bonus_toughness", st.toughness, 5)
            for k in st.keywords:
                if k in _KW_INDEX:
                    put(f"kw_{k.replace(' ', '_')}", 1)
            put("bonus_restricts", st.cant_attack or st.cant_block)
        elif isinstance(st, fx.CombatRestriction):
            put("cant_attack", st.cant_attack)
            put("cant_block", st.cant_block)
            put("cant_be_blocked", st.cant_be_blocked)
            put("attacks_each_combat", st.attacks_each_combat)
        elif isinstance(st, fx.EntersTapped):
            put("enters_tapped", 1)
        elif isinstance(st, fx.Devour):
            put("devour", st.count, 3)
    if d.enchant is not None:
        roots.append(fx.Attach(fx.Target("permanent", d.enchant)))

    counts = np.zeros(len(EFFECTS))
    amounts = {e: 0 for e, _, _ in AMOUNTS}
    pump = [0, 0]
    token = [0, 0]
    for root in roots:
        for node in _nodes(root):
            name = type(node).__name__
            if name in _EFFECT_INDEX:
                counts[_EFFECT_INDEX[name]] += 1
            for e, fieldname, _ in AMOUNTS:
                if name == e:
                    amounts[e] += _amount(getattr(node, fieldname))
            if isinstance(node, fx.Pump):
                pump[0] += _amount(node.power)  # (a counted pump: 0)
                pump[1] += _amount(node.toughness)
            elif isinstance(node, fx.CreateToken):
                token[0] = max(token[0], node.token.power or 0)
                token[1] = max(token[1], node.token.toughness or 0)
            elif isinstance(node, fx.Target):
                for key in _TARGET_FEATURE.get(node.kind, (node.kind,)):
                    put(f"targets_{key}", 1)
            elif isinstance(node, fx.Ref) and node.name == "each_opponent":
                put("hits_opponents", 1)
            elif isinstance(node, fx.Ref) and node.name == "each_player":
                put("hits_all", 1)
            elif isinstance(node, fx.Filter) and node.controller == "opponent":
                put("hits_opponents", 1)
    for i, e in enumerate(EFFECTS):
        put(f"fx_{e}", counts[i], 3)
    for e, _, scale in AMOUNTS:
        put(f"amount_{e}", amounts[e], scale)
    put("pump_power", pump[0], 5)
    put("pump_toughness", pump[1], 5)
    put("token_power", token[0], 5)
    put("token_toughness", token[1], 5)
    return v


def _nodes(root: Any) -> list[Any]:
    out: list[Any] = []
    _walk(root, out)
    return out


def _pips(cost: ManaCost, colour: str) -> int:
    """Pips that ``colour`` can pay (a hybrid pip counts for each of its colours)."""
    return sum(colour in pip.split("/") for pip in cost.pips)


_ROW_OF: dict[fx.CardDef, int] = {fx.FACE_DOWN: 0, fx.FACE_DOWN_WARD: 1}
_ROWS: list[np.ndarray] = [card_features(fx.FACE_DOWN), card_features(fx.FACE_DOWN_WARD)]
_FACE_DOWN_ROW = 0
"""The row of a face-down permanent seen by a seat that does not control it (1: one
with ward {2}, disguised or cloaked)."""
_TABLE = np.zeros((0, CARD_SIZE), dtype=np.float32)


def _card_table(game: MagicGame) -> tuple[list[int], np.ndarray]:
    """``(row per definition index of game, table)``: each definition's row in the
    shared feature table, cached on the game (checked against its ``defs`` list, which
    clones copy, so a clone that makes other tokens gets its own map)."""
    global _TABLE
    cached = game.__dict__.get("_encoding_rows")
    defs = game.defs
    if cached is not None and cached[0] is defs and len(cached[1]) == len(defs):
        rows = cached[1]
    else:
        rows = cached[1][:] if cached is not None and cached[0] is defs else []
        for d in defs[len(rows):]:
            row = _ROW_OF.get(d)
            if row is None:
                row = _ROW_OF[d] = len(_ROWS)
                _ROWS.append(card_features(d))
            rows.append(row)
        game.__dict__["_encoding_rows"] = (defs, rows)
    if len(_TABLE) != len(_ROWS):
        _TABLE = np.stack(_ROWS)
    return rows, _TABLE


_PLAIN_ROWS: dict[tuple[int, int, bool, bool], np.ndarray] = {}
"""Whole permanent rows of the plainest permanents (no creature, face up, nothing
attached, no counters or keywords, not chosen), by (feature row, relative
controller, tapped, token)."""
_PLAIN_ROWS_CAP = 50_000


def _plain_row(key: tuple[int, int, bool, bool]) -> np.ndarray:
    """The row of a plain permanent: present, controller, tapped, token, its card."""
    features, rel, tapped, token = key
    row = np.zeros(PERM_WIDTH, dtype=np.float32)
    row[0] = 1.0
    row[1 + rel] = 1.0
    row[_P_TAPPED] = tapped
    row[_P_TOKEN] = token
    row[PERM_DYN:] = _ROWS[features]
    if len(_PLAIN_ROWS) >= _PLAIN_ROWS_CAP:  # (a long run over many card pools)
        _PLAIN_ROWS.clear()
    _PLAIN_ROWS[key] = row
    return row


# ------------------------------------------------------------------ encoder
_STEP_INDEX = {s: GLOBAL[f"step_{s}"] for s in STEPS}
_DECISION_INDEX = {d: GLOBAL[f"decision_{d}"] for d in DECISIONS}
_KIND = {"spell": 0, "activated": 1, "triggered": 2}
_YESNO_INDEX = {k: GLOBAL[f"yesno_{k}"] for k in ("may", *YESNO)}


def yesno_purpose(decision: dict[str, Any]) -> str:
    """What a ``yesno`` decision asks: the first :data:`YESNO` key it carries, or
    ``"may"`` (an optional effect) when it carries none."""
    for key in YESNO:
        if key in decision:
            return key
    return "may"


def card_row(game: MagicGame, card: int) -> np.ndarray:
    """:func:`card_features` of a card of ``game``, from the shared per-definition
    table (for variants that show cards outside the Magic blocks)."""
    rows, table = _card_table(game)
    return table[rows[game.card_def[card]]]


def encode(game: MagicGame, observer: int, out: np.ndarray | None = None) -> np.ndarray:
    """The observation of seat ``observer`` (layout in the module docstring).

    ``out``: a zeroed ``float32`` array of :data:`OBS_SIZE` to write it into (a
    variant's longer observation starts with it); by default a new one.
    """
    obs = np.zeros(OBS_SIZE, dtype=np.float32) if out is None else out
    rows, table = _card_table(game)
    card_rows = _ROWS  # (row i of table, a copy per definition: cheaper to copy one)
    card_def = game.card_def
    n = game.num_players
    rel = [(p - observer) % n for p in range(n)]

    # globals
    g = obs[O_GLOBAL:O_CONTEXT]
    decision = game.decision
    if decision is not None and game.outcome is None:
        at = _DECISION_INDEX.get(decision["kind"])  # a variant's own kinds: none
        if at is not None:
            g[at] = 1.0
            if decision["kind"] == "assign_damage":
                g[GLOBAL["damage_left"]] = min(decision["left"] / 10, 1.0)
            elif decision["kind"] == "yesno":
                g[_YESNO_INDEX[yesno_purpose(decision)]] = 1.0
        g[GLOBAL["to_act"]] = decision["player"] == observer
    g[_STEP_INDEX[game.step]] = 1.0
    g[GLOBAL["active_0"] + rel[game.active]] = 1.0
    # (no land play left: an additional one, 305.2, clears it)
    g[GLOBAL["land_played"]] = game.land_played and not game.more_lands(observer) \
        and game.active == observer
    g[GLOBAL["stack_size"]] = min(len(game.stack) / A.MAX_STACK, 1.0)
    g[GLOBAL["turn"]] = min(game.turn / max(game.max_turns, 1), 1.0)
    g[GLOBAL[f"players_{n}"]] = 1.0
    if game.day_night is not None:
        g[GLOBAL[game.day_night]] = 1.0
    creatures = [0] * n
    power = [0] * n
    lands = [0] * n

    # permanents: each row written in place (a view per slot; a handful of scalar
    # writes and one row copy of the card's features beat gathering them for one
    # fancy-indexed write)
    battlefield = game.battlefield
    perm_block = obs[O_PERM:O_LOOK].reshape(A.MAX_PERMANENTS, PERM_WIDTH)
    card_token = game.card_token
    subject = (decision.get("blocker", decision.get("attacker"))
               if decision else None)
    casting = game.casting
    chosen: set[int] = set()
    if casting is not None:
        for codes in casting.targets.values():
            chosen.update(codes)
    elif decision is not None and decision["kind"] == "devour":
        chosen.update(game.res["devour"])  # type: ignore[index]
    elif decision is not None and decision["kind"] in ("proliferate", "tap_any"):
        chosen.update(decision["chosen"])
    elif decision is not None and (decision["kind"] == "pile" or "pile" in decision):
        chosen.update(game.res["pile"])  # type: ignore[index]  # the first pile
    elif decision is not None and decision["kind"] == "assign_damage":
        chosen.update(code for code, _ in decision["hits"])  # assigned damage so far
    attackers = game.attackers
    attacked = set(game.attacking_pw.values())
    blocking = game.blocking
    blocked = game.blocked
    defs = game.defs
    game._statics()  # (the layers, once: game.shown() inlined below)
    for pid, perm in battlefield.items():
        c = perm.controller
        face_down = perm.face_down
        d = defs[perm.shape] if perm.shape >= 0 else (
            fx.face_down_def(perm) if face_down else defs[card_def[perm.card]])
        creature = d.is_creature
        if creature or d.is_planeswalker:  # a variant may give a planeswalker stats
            pw, tg, kws = game.chars(pid)
            if creature:
                creatures[c] += 1
                power[c] += max(pw, 0)
        else:
            pw = tg = 0
            kws = d.keywords
        if not perm.tapped and d.is_land:
            lands[c] += 1
        if perm.slot < 0:
            continue
        if not creature and not face_down and perm.attached_to is None \
                and not perm.counters and not kws and pid not in chosen:
            # most of a board (lands, enchantments, equipment lying free): present,
            # controller, tapped and token only, one whole row written at once
            key = (rows[card_def[perm.card]], rel[c], perm.tapped,
                   card_token[perm.card])
            plain = _PLAIN_ROWS.get(key)
            perm_block[perm.slot] = plain if plain is not None else _plain_row(key)
            continue
        row = perm_block[perm.slot]
        row[0] = 1.0
        row[1 + rel[c]] = 1.0
        if perm.tapped:
            row[_P_TAPPED] = 1.0
        if card_token[perm.card]:
            row[_P_TOKEN] = 1.0
        if perm.sick and creature:
            row[_P_SICK] = 1.0
        if face_down:
            row[_P_FACE_DOWN] = 1.0
        if perm.damage:
            row[_P_DAMAGE] = min(perm.damage / 10, 1.0)
        counters = perm.counters
        if counters:
            plus = counters.get("+1/+1", 0)
            minus = counters.get("-1/-1", 0)
            if plus:
                row[_P_PLUS] = min(plus / 5, 1.0)
            if minus:
                row[_P_PLUS + 1] = min(minus / 5, 1.0)
        if pw:
            row[_P_POWER] = max(min(pw / 10, 1.0), -1.0)
        if tg:
            row[_P_POWER + 1] = max(min(tg / 10, 1.0), -1.0)
        for k in kws:
            i = _KW_INDEX.get(k)
            if i is not None:
                row[_P_KW + i] = 1.0
        host = perm.attached_to
        if host is not None:
            row[_P_ATTACHED] = 1.0
            hp = battlefield.get(host)
            if hp is not None and hp.controller == observer:
                row[_P_ATTACHED + 1] = 1.0
        defending = attackers.get(pid)
        if defending is not None:
            row[_P_ATTACKING] = 1.0
            r = rel[defending]
            if r:
                row[_P_ATTACKING + r] = 1.0
            if pid in blocked:
                row[_P_BLOCKED] = 1.0
        if pid in blocking:
            row[_P_BLOCKING] = 1.0
        if pid == subject:
            row[_P_SUBJECT] = 1.0
        if pid in chosen:
            row[_P_CHOSEN] = 1.0
        if counters and counters.get("loyalty"):
            row[_P_LOYALTY] = min(counters["loyalty"] / 10, 1.0)
        if pid in attacked:
            row[_P_ATTACKED] = 1.0
        if counters:  # charge, quest, lore...: no feature of their own
            other = sum(n for kind, n in counters.items() if kind not in _OWN_FEATURE)
            if other:
                row[_P_OTHER_COUNTERS] = min(other / 10, 1.0)
        row[PERM_DYN:] = card_rows[_FACE_DOWN_ROW + perm.face_down_ward
                                   if face_down and c != observer
                                   else rows[card_def[perm.card]]]

    # seats
    for p in range(n):
        r = rel[p]
        g[_G_SEAT + r] = 1.0
        g[_G_LOST + r] = game.lost[p]
        g[_G_LIFE + r] = max(min(game.life[p] / 40, 1.0), -1.0)
        g[_G_HAND + r] = min(len(game.hand[p]) / A.MAX_HAND, 1.0)
        g[_G_LIBRARY + r] = min(len(game.library[p]) / 60, 1.0)
        g[_G_GRAVEYARD + r] = min(len(game.graveyard[p]) / 60, 1.0)
        g[_G_EXILE + r] = min(len(game.exile[p]) / 60, 1.0)
        g[_G_CREATURES + r] = min(creatures[p] / 20, 1.0)
        g[_G_POWER + r] = min(power[p] / 40, 1.0)
        g[_G_LANDS + r] = min(lands[p] / 10, 1.0)
        g[_G_POISON + r] = min(game.poison[p] / 10, 1.0)
        g[_G_POOL + r] = min(len(game.pool[p]) / 10, 1.0)
        g[_G_ENERGY + r] = min(game.energy[p] / 10, 1.0)
        g[_G_MONARCH + r] = game.monarch == p

    # own hand
    hand = game.hand_slots(observer)  # row i: the card hand slot i addresses
    if hand:
        k = len(hand)
        block = obs[O_HAND:O_STACK].reshape(A.MAX_HAND, HAND_WIDTH)
        block[:k, 0] = 1.0
        cards = block[:, 1:]
        for i, c in enumerate(hand):
            cards[i] = card_rows[rows[card_def[c]]]

    # stack
    stack = game.stack[:A.MAX_STACK]
    if stack:
        block = obs[O_STACK:O_PERM].reshape(A.MAX_STACK, STACK_WIDTH)
        me = -observer - 1
        for s, item in enumerate(stack):
            row = block[s]
            row[0] = 1.0
            row[1 + _KIND[item.kind]] = 1.0
            row[4 + rel[item.controller]] = 1.0
            for codes in item.targets.values():
                for code in codes:
                    if code == me:
                        row[_S_ME] = 1.0
                    elif code in battlefield and battlefield[code].controller == observer:
                        row[_S_ME + 1] = 1.0
                    else:
                        row[_S_ME + 2] = 1.0
        block[:len(stack), len(STACK_FEATURES):] = table[
            [_item_row(game, item, observer, rows) for item in stack]]

    # the object being cast or resolving
    item = casting
    if item is None and game.res is not None and decision is not None:
        item = game.res["item"]
    if item is not None and game.outcome is None:
        ctx = obs[O_CONTEXT:O_HAND]
        ctx[0] = 1.0
        ctx[1 if item is casting else 2] = 1.0
        ctx[3 + _KIND[item.kind]] = 1.0
        ctx[6 + rel[item.controller]] = 1.0
        if decision is not None and decision["kind"] == "target":
            node = game.node_at(game.effect_of(item), decision["path"])
            name = type(node).__name__
            if name in _CHOOSING:
                ctx[_CHOOSING[name]] = 1.0
            amount = getattr(node, "amount", getattr(node, "count", 0))
            ctx[CONTEXT["choosing_amount"]] = min(_amount(amount) / 10, 1.0)
        ctx[CONTEXT["x"]] = min(max(item.x, 0) / 7, 1.0)
        ctx[CONTEXT["targets_chosen"]] = min(sum(map(len, item.targets.values())) / 4, 1.0)
        ctx[CONTEXT["modes_chosen"]] = min(sum(map(len, item.modes.values())) / 4, 1.0)
        if item.kicked:
            ctx[CONTEXT["kicked"]] = min(item.kicked / 3, 1.0)
        if item.alt:  # (another alternative cost than flashback: "alt_overload")
            ctx[CONTEXT.get(f"alt_{item.alt}", CONTEXT["alt_overload"])] = 1.0
        if decision is not None and "announce" in decision:
            ctx[CONTEXT.get(f"asked_{decision['announce']}",
                            CONTEXT["asked_overload"])] = 1.0
        ctx[len(CONTEXT_FEATURES):] = table[_item_row(game, item, observer, rows)]

    # the cards the observer looks at to decide (manifest dread's two, the first two
    # of a scry, a search's page, a revealed hand), for the chooser only
    if decision is not None and decision["player"] == observer and \
            game.outcome is None and (looked := game.looking_at(observer)[:LOOK_ROWS]):
        block = obs[O_LOOK:O_GRAVE].reshape(LOOK_ROWS, HAND_WIDTH)
        block[:len(looked), 0] = 1.0
        block[:len(looked), 1:] = table[[rows[card_def[c]] for c in looked]]

    # the observer's graveyard cards it may cast from there (flashback), row g at
    # graveyard slot g
    if game.graveyard[observer] and (grave := game.graveyard_slots(observer)):
        block = obs[O_GRAVE:O_GRAVE + A.MAX_GRAVEYARD * HAND_WIDTH].reshape(
            A.MAX_GRAVEYARD, HAND_WIDTH)
        block[:len(grave), 0] = 1.0
        block[:len(grave), 1:] = table[[rows[card_def[c]] for c in grave]]
    return obs


def _item_row(game: MagicGame, item: Any, observer: int, rows: list[int]) -> int:
    """The feature-table row of a stack object's card as ``observer`` sees it: a
    face-down spell or an ability of a face-down permanent shows the face-down
    characteristics to every seat but its controller (708.5)."""
    if item.controller != observer and (item.alt == "face_down" or item.shape >= 0) \
            and game.hidden_item(item):
        return rows[item.shape] if item.shape >= 0 else _ROW_OF[game.item_def(item)]
    return rows[game.card_def[item.card]]


_P_TAPPED = PERM["tapped"]
_P_SICK = PERM["sick"]
_P_TOKEN = PERM["token"]
_P_FACE_DOWN = PERM["face_down"]
_P_DAMAGE = PERM["damage"]
_P_PLUS = PERM["plus_counters"]
_P_POWER = PERM["power_now"]
_P_KW = PERM["now_flying"]
_P_ATTACHED = PERM["attached"]
_P_ATTACKING = PERM["attacking"]
_P_BLOCKING = PERM["blocking"]
_P_BLOCKED = PERM["blocked"]
_P_SUBJECT = PERM["subject"]
_P_CHOSEN = PERM["chosen"]
_P_LOYALTY = PERM["loyalty"]
_P_ATTACKED = PERM["attacked"]
_P_OTHER_COUNTERS = PERM["other_counters"]
_OWN_FEATURE = frozenset({"+1/+1", "-1/-1", "loyalty"})
"""The counter kinds with a permanent feature of their own."""
_G_SEAT, _G_LOST, _G_LIFE, _G_HAND, _G_LIBRARY, _G_GRAVEYARD, _G_EXILE, _G_CREATURES, \
    _G_POWER, _G_LANDS, _G_POISON, _G_POOL, _G_ENERGY, _G_MONARCH = (
        GLOBAL[f"{w}_0"] for w in (
            "seat", "lost", "life", "hand", "library", "graveyard", "exile",
            "creatures", "power", "untapped_lands", "poison", "pool", "energy",
            "monarch"))
_S_ME = STACK["targets_me"]


_CHOOSING = {e: CONTEXT[f"choosing_{e}"] for e in EFFECTS[:-3]}


# ------------------------------------------------------------------ reading
class MagicObs:
    """Named access to an observation vector (views, no copies).

    ``g`` (globals), ``ctx`` / ``ctx_card`` (the object being cast or resolving),
    ``hand`` (16 x card, ``hand_present``), ``stack`` / ``stack_card`` and ``perm`` /
    ``perm_card`` (64 rows), ``look`` (2 x card, ``look_present``: the cards of a
    manifest dread choice), ``grave`` (16 x card, ``grave_present``: the graveyard
    slots); index them with :data:`GLOBAL`, :data:`CONTEXT`,
    :data:`STACK`, :data:`PERM` and :data:`CARD`.
    """

    def __init__(self, obs: np.ndarray):
        self.g = obs[O_GLOBAL:O_CONTEXT]
        ctx = obs[O_CONTEXT:O_HAND]
        self.ctx = ctx[:len(CONTEXT_FEATURES)]
        self.ctx_card = ctx[len(CONTEXT_FEATURES):]
        hand = obs[O_HAND:O_STACK].reshape(A.MAX_HAND, HAND_WIDTH)
        self.hand_present = hand[:, 0]
        self.hand = hand[:, 1:]
        stack = obs[O_STACK:O_PERM].reshape(A.MAX_STACK, STACK_WIDTH)
        self.stack = stack[:, :len(STACK_FEATURES)]
        self.stack_card = stack[:, len(STACK_FEATURES):]
        perm = obs[O_PERM:O_LOOK].reshape(A.MAX_PERMANENTS, PERM_WIDTH)
        self.perm = perm[:, :PERM_DYN]
        self.perm_card = perm[:, PERM_DYN:]
        look = obs[O_LOOK:O_GRAVE].reshape(LOOK_ROWS, HAND_WIDTH)
        self.look_present = look[:, 0]
        self.look = look[:, 1:]
        grave = obs[O_GRAVE:O_GRAVE + A.MAX_GRAVEYARD * HAND_WIDTH].reshape(
            A.MAX_GRAVEYARD, HAND_WIDTH)
        self.grave_present = grave[:, 0]
        self.grave = grave[:, 1:]

    def decision(self) -> str | None:
        """The decision asked, or None once the game is over."""
        for d in DECISIONS:
            if self.g[GLOBAL[f"decision_{d}"]]:
                return d
        return None

    def num_players(self) -> int:
        return next(n for n in range(2, A.MAX_PLAYERS + 1) if self.g[GLOBAL[f"players_{n}"]])

    def seat(self, what: str, r: int) -> float:
        """A per-seat global (``"life"``, ``"hand"``...) of relative seat ``r``."""
        return float(self.g[GLOBAL[f"{what}_{r}"]])

    def controller(self, slot: int) -> int:
        """The relative seat controlling the permanent in ``slot`` (-1: empty)."""
        row = self.perm[slot]
        if not row[0]:
            return -1
        return int(np.argmax(row[1:1 + A.MAX_PLAYERS]))


__all__ = ["CARD_FEATURES", "CARD_SIZE", "CONTEXT_FEATURES", "GLOBAL_FEATURES", "OBS_SIZE",
           "PERM_FEATURES", "STACK_FEATURES", "YESNO", "MagicObs", "card_features", "encode",
           "yesno_purpose"]
