"""Continuous effects that change characteristics, in layers (rule 613), copy effects
(707), emblems (114) and monstrosity (701.37).

A permanent's characteristics are worked out from, in order (613.1):

- layer 1, copy effects (613.2, 707): the copiable values it entered with as a copy of
  another permanent (:attr:`~state.Permanent.copy_def`: that permanent's copiable
  values, 707.2, plus the exceptions of the copy effect, 707.9b), else its card's; a
  face-down permanent is :data:`~effects.FACE_DOWN` (708.2); a leveler with level
  counters has the characteristics of the level band they put it in (711.2b: the
  band's base power and toughness and abilities, :class:`~effects.LevelBand`; a copy
  has the bands it copied and its own counters). Automated: a band applies here,
  before every other effect, rather than in layers 6 and 7b with the permanent's
  timestamp (only an older static setting base power and toughness, which the
  band's would override, plays differently);
- layer 2, control (:mod:`~control`, worked out separately: filters read the result);
- layer 3, text-changing effects: no supported card has one (none is played);
- layers 4 (type), 5 (colour), 6 (abilities) and 7b (base power and toughness), from
  until-end-of-turn :class:`~effects.Becomes` effects (their timestamps are the time
  they resolved) and the static :class:`~effects.ContinuousChange` abilities of
  permanents (timestamp: the time their permanent entered, 613.7a; "this has all
  activated abilities of all creature cards exiled with it" gains those of the cards
  exiled with it now, 607.2a);
- layer 7c (anthems, Equipment and Aura bonuses, counters, pumps) in
  :meth:`~objects.ObjectsMixin.chars`, on top.

Within a layer the effects apply in timestamp order (613.7), except that an effect
which depends on another (613.8a: applying the other would change whether it exists or
what it applies to) waits until that one has applied (613.8b); effects in a dependency
loop apply in timestamp order. An effect that starts to apply in one layer keeps
applying to the same objects in its later layers, even if the ability that generates
it is removed meanwhile (613.6); a static ability's effect exists only while its
source has the ability when its first layer begins (so "nonbasic lands are Mountains"
removes Urborg's "each land is a Swamp" before it applies: the outcome the rules give
for Blood Moon with Urborg, Tomb of Yawgmoth, in either timestamp order). A land whose
land type is set (305.7) loses its old land types and the abilities of its rules text
(and of copy effects) and gains the mana ability of each new basic land type; a land
that gains a land type in addition keeps everything and gains that type's mana
ability.

The result is a definition in the game's table, the permanent's
:attr:`~state.Permanent.shape` (-1 when nothing applies), recomputed with the static
abilities each time the battlefield changes (:meth:`~objects.ObjectsMixin._statics`):
a game with no copy, no Becomes and no such static ability pays one flag check per
permanent per change of the battlefield. The results are memoised by (base
definition, effects applied).

Rulings automated here: keyword abilities that anthems, Auras, Equipment and pumps
grant (layer 6 in the rules) are added in :meth:`~objects.ObjectsMixin.chars`, after
every ability-removing effect, whatever their timestamps ("all creatures lose all
abilities" then a later "creatures you control have flying": flying, as the rules
say; the other order also gives flying, where the rules would not).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import rules_list
from labyrinth_gym.envs.magic.engine.constants import NEXT_TIME
from labyrinth_gym.envs.magic.engine.effects import face_down_def
from labyrinth_gym.envs.magic.engine.state import StackItem

_LAYERS = (4, 5, 6, 7)
"""The layers the engine applies here (1 is the base, 2 is :mod:`~control`, 3 is
not played, 7c is :meth:`~objects.ObjectsMixin.chars`)."""


def in_layer(node: Any, layer: int) -> bool:
    """Whether effect ``node`` (a :class:`~effects.Becomes` or
    :class:`~effects.ContinuousChange`) has a part in ``layer``."""
    if isinstance(node, fx.Becomes):
        if layer == 4:
            return bool(node.types or node.subtypes or node.supertypes
                        or node.lose_creature_types)
        if layer == 5:
            return node.colours is not None
        if layer == 6:
            return node.lose_abilities or bool(node.keywords) or bool(node.abilities)
        return node.power is not None
    if node.becomes is not None:  # (a static ability's Becomes-shaped change)
        return in_layer(node.becomes, layer)
    if layer == 4:
        return bool(node.add_land_types or node.set_land_types or node.remove_types)
    if layer == 6:
        return node.lose_abilities or bool(node.abilities) or \
            node.exiled_abilities is not None
    if layer == 7:
        return node.power is not None
    return False


_NO_ABILITIES = {"keywords": frozenset(), "activated": (), "triggered": (), "statics": ()}


def _gain(changes: dict[str, Any], d: fx.CardDef, abilities: tuple[Any, ...]) -> None:
    """Layer 6: ``d`` (as ``changes`` leave it) gains the quoted ``abilities``
    (113.1)."""
    if abilities:
        changes["activated"] = changes.get("activated", d.activated) + tuple(
            a for a in abilities if isinstance(a, fx.ActivatedAbility))
        changes["triggered"] = changes.get("triggered", d.triggered) + tuple(
            a for a in abilities if isinstance(a, fx.TriggeredAbility))
        statics = tuple(a for a in abilities if isinstance(a, fx.AttachedBonus))
        if statics:  # ("have 'equipped creature gets +2/+0'": Arterial Alchemy)
            changes["statics"] = changes.get("statics", d.statics) + statics


def apply_part(node: Any, layer: int, d: fx.CardDef) -> fx.CardDef:
    """``d`` after the part in ``layer`` of effect ``node``."""
    changes: dict[str, Any] = {}
    if isinstance(node, fx.ContinuousChange) and node.becomes is not None:
        node = node.becomes
    if isinstance(node, fx.Becomes):
        if layer == 4:
            if node.supertypes:
                changes["supertypes"] = tuple(dict.fromkeys(d.supertypes
                                                            + node.supertypes))
            if node.lose_creature_types:  # 205.3: its other subtypes stay
                creature_types = rules_list("creature_type")
                changes["subtypes"] = tuple(s for s in d.subtypes
                                            if s not in creature_types)
                return dataclasses.replace(d, **changes)
            if node.set_types:  # 205.1a: the old types and their subtypes go
                changes["types"] = node.types
                changes["subtypes"] = node.subtypes
            elif node.in_addition:  # 205.1b
                changes["subtypes"] = tuple(dict.fromkeys(d.subtypes + node.subtypes))
            elif node.types:
                changes["types"] = tuple(dict.fromkeys(d.types + node.types))
                changes["subtypes"] = tuple(dict.fromkeys(d.subtypes + node.subtypes))
            else:  # a creature's new creature types replace its old ones
                changes["subtypes"] = node.subtypes
        elif layer == 5:  # (in addition to its other colours: added, 105.3)
            changes["colours"] = tuple(dict.fromkeys(d.colours + node.colours)) \
                if node.in_addition else node.colours
        elif layer == 6:
            if node.lose_abilities:
                changes.update(_NO_ABILITIES)
            changes["keywords"] = (frozenset() if node.lose_abilities else d.keywords) \
                | frozenset(node.keywords)
            _gain(changes, d, node.abilities)
        else:
            changes.update(power=node.power, toughness=node.toughness,
                           statics=_without_defined_pt(d))
        return dataclasses.replace(d, **changes)
    if layer == 4 and node.remove_types:  # 205.1b: "this isn't a creature"
        if not set(node.remove_types) & set(d.types):
            return d
        changes["types"] = tuple(t for t in d.types if t not in node.remove_types)
    elif layer == 4:
        if not d.is_land:  # land types go only on lands (305.7)
            return d
        if node.set_land_types:  # 305.7: old land types and rules-text abilities go
            changes.update(_NO_ABILITIES)
            changes["subtypes"] = tuple(s for s in d.subtypes if s not in fx.LAND_TYPES) \
                + node.set_land_types
            changes["activated"] = tuple(fx.basic_land_ability(t)
                                         for t in node.set_land_types
                                         if t in fx.BASIC_LAND_MANA)
        else:
            new = [t for t in node.add_land_types if t not in d.subtypes]
            if not new:
                return d
            changes["subtypes"] = d.subtypes + tuple(new)
            changes["activated"] = d.activated + tuple(
                fx.basic_land_ability(t) for t in new if t in fx.BASIC_LAND_MANA)
    elif layer == 6:
        if node.lose_abilities:
            changes.update(_NO_ABILITIES)
        _gain(changes, d, node.abilities)
    elif layer == 7:
        changes.update(power=node.power, toughness=node.toughness,
                       statics=_without_defined_pt(d))
    return dataclasses.replace(d, **changes) if changes else d


def _devotion_below(effect: _Effect, work: dict[int, fx.CardDef],
                    battlefield: dict[int, Any]) -> bool:
    """Whether the controller of static ``effect`` has devotion to its colours less
    than its bound (700.5, 700.5a: a mana symbol counts once if it has any of the
    colours; a face-down permanent has no mana cost)."""
    colours, bound = effect.node.devotion_below
    n = 0
    for pid, perm in battlefield.items():
        cost = work[pid].cost
        if perm.controller == effect.controller and cost is not None \
                and not perm.face_down:
            n += sum(1 for pip in cost.pips if any(c in colours for c in pip.split("/")))
    return n < bound


def _without_defined_pt(d: fx.CardDef) -> tuple[Any, ...]:
    """``d``'s statics but a characteristic-defining power/toughness ability: a base
    power and toughness set in layer 7b applies after it (7a) and overrides it."""
    return tuple(s for s in d.statics if not isinstance(s, fx.DefinedPT))


def with_extras(d: fx.CardDef, extras: fx.CopyExtras) -> fx.CardDef:
    """Copiable values ``d`` with a copy effect's exceptions (707.9b)."""
    if extras == fx.CopyExtras():
        return d
    return dataclasses.replace(
        d, types=tuple(dict.fromkeys(d.types + extras.types)),
        subtypes=extras.subtypes if extras.set_subtypes else
        tuple(dict.fromkeys(d.subtypes + extras.subtypes)),
        supertypes=tuple(s for s in d.supertypes
                         if not (extras.nonlegendary and s == "Legendary")),
        keywords=d.keywords | frozenset(extras.keywords),
        triggered=d.triggered + extras.triggered,
        colours=d.colours if extras.colours is None else extras.colours,
        cost=None if extras.no_mana_cost else d.cost,
        power=d.power if extras.power is None else extras.power,
        toughness=d.toughness if extras.toughness is None else extras.toughness)


@dataclasses.dataclass
class _Effect:
    """One continuous effect while the layers are worked out."""

    timestamp: int
    source: int  # the permanent whose static ability it is, or the one a Becomes is on
    node: Any
    controller: int
    affected: list[int] | None  # fixed when it starts to apply (613.6)


class LayersMixin:
    """The part of :class:`~game.MagicGame` that works out characteristics in layers,
    copies permanents, gives emblems and makes permanents monstrous."""

    # ------------------------------------------------ until end of turn (Becomes)
    def _layer_node(self, node: Any) -> int:
        """``node``'s index in :attr:`layer_nodes` (added if new)."""
        index = self._layer_node_index.get(node)
        if index is None:
            index = len(self.layer_nodes)
            self.layer_nodes.append(node)
            self._layer_node_index[node] = index
        return index

    def become(self, pid: int, node: fx.Becomes, source: int | None = None) -> None:
        """Until end of turn, ``pid`` has the characteristics ``node`` gives, from
        now (its timestamp, 613.7a); with ``source`` (``node.while_source``), for as
        long as that permanent remains on the battlefield instead (the entry
        ``[timestamp, node, source]`` is dropped once it has left:
        :meth:`~objects.ObjectsMixin._collect_statics`)."""
        perm = self.battlefield.get(pid)
        if perm is None:
            return
        perm.becomes.append([self._new_id(), self._layer_node(node)]
                            + ([] if source is None else [source]))
        self._bf_version += 1
        self._legal = None
        self.log("becomes", id=pid, card=self.name_of(perm.card),
                 **self.face_down_marks(pid))

    def _end_turn_shapes(self) -> None:
        """Cleanup (514.2): the characteristics a Becomes gave end."""
        layer_nodes = self.layer_nodes
        for perm in self.battlefield.values():
            if perm.becomes:
                kept = [b for b in perm.becomes if layer_nodes[b[1]].lasting or len(b) > 2]
                if len(kept) != len(perm.becomes):
                    perm.becomes = kept  # (a lasting one stays, 611.2c)
                    self._bf_version += 1

    # ------------------------------------------------------------- the layers
    def _apply_layers(self) -> None:
        """Work out every permanent's :attr:`~state.Permanent.shape` (see the module
        docstring)."""
        battlefield = self.battlefield
        defs, card_def = self.defs, self.card_def
        work: dict[int, fx.CardDef] = {}
        base: dict[int, int] = {}
        effects: list[_Effect] = []
        for pid, perm in battlefield.items():
            if perm.face_down:
                work[pid], base[pid] = face_down_def(perm), -2
            else:
                index = perm.copy_def if perm.copy_def >= 0 else card_def[perm.card]
                if defs[index].levels:  # a leveler's or a Class's level (711, 716)
                    index = self._level_band(defs[index], perm, index)
                work[pid], base[pid] = defs[index], index
                for static in work[pid].statics:
                    if isinstance(static, fx.ContinuousChange):
                        effects.append(_Effect(pid, pid, static, perm.controller, None))
            for timestamp, n, *_ in perm.becomes:
                effects.append(_Effect(timestamp, pid, self.layer_nodes[n],
                                       perm.controller, [pid]))
        for emblem in self.emblems:  # 114.4: from the command zone (source -1)
            if not self.lost[emblem[0]]:
                for static in defs[emblem[1]].statics:
                    if isinstance(static, fx.ContinuousChange):
                        effects.append(_Effect(emblem[3] if len(emblem) > 3 else 0, -1,
                                               static, emblem[0], None))
        effects.sort(key=lambda e: e.timestamp)
        applied: dict[int, list[tuple[int, Any]]] = {pid: [] for pid in battlefield}
        gone: set[int] = set()  # static effects whose ability was removed first
        for layer in _LAYERS:
            pending = [e for e in effects if id(e) not in gone and in_layer(e.node, layer)]
            while pending:
                effect = self._next_effect(pending, work, layer)
                pending.remove(effect)
                if effect.affected is None:  # a static ability's effect starts here
                    if effect.source >= 0 and effect.node not in \
                            work[effect.source].statics or (
                            effect.node.devotion_below is not None
                            and not _devotion_below(effect, work, battlefield)) or (
                            effect.node.counters_at_least and sum(
                                battlefield[effect.source].counters.values())
                            < effect.node.counters_at_least):
                        gone.add(id(effect))  # 613.6: it no longer exists
                        continue
                    effect.affected = self._affected(effect, work)
                node = effect.node
                if layer == 6 and isinstance(node, fx.ContinuousChange) and \
                        node.exiled_abilities is not None:
                    node = self._exiled_abilities(effect.source, node)
                for pid in effect.affected:
                    if pid in work:
                        new = apply_part(node, layer, work[pid])
                        if new is not work[pid]:
                            work[pid] = new
                            applied[pid].append((layer, node))
        memo = self._layer_memo
        layered = False
        for pid, perm in battlefield.items():
            if applied[pid]:
                key = (base[pid], tuple(applied[pid]))
                shape = memo.get(key)
                if shape is None:
                    shape = memo[key] = self._def_number(work[pid])
            elif perm.face_down:
                shape = -1
            else:  # a copy's values, or a leveler's band (711.2b)
                shape = base[pid] if base[pid] != card_def[perm.card] else perm.copy_def
            if shape != perm.shape:
                perm.shape = shape
                self._legal = None
            layered = layered or shape >= 0
        self._layered = layered
        for pid in [*self.attackers, *self.blocking]:
            # 506.4: a permanent that stops being a creature is removed from combat
            perm = battlefield.get(pid)
            if perm is not None and perm.shape >= 0 and \
                    not self.defs[perm.shape].is_creature:
                self._remove_from_combat(pid)

    def _exiled_abilities(self, source: int, node: fx.ContinuousChange
                          ) -> fx.ContinuousChange:
        """``node`` with the activated abilities of the cards its ``exiled_abilities``
        matches that are exiled with permanent ``source`` (607.2a), in the order
        they were exiled, as abilities it grants (an ability that works only from
        another zone does nothing on the battlefield, 113.6)."""
        exile, owner = self.exile, self.card_owner
        gained = tuple(
            ability for src, card, _ in self.exiled_with
            if src == source and card in exile[owner[card]]
            and card not in self.face_down_exile
            and self.card_matches(node.exiled_abilities, card)  # type: ignore[arg-type]
            for ability in self.cdef(card).activated if ability.zone == "battlefield")
        return dataclasses.replace(node, abilities=node.abilities + gained,
                                   exiled_abilities=None)

    def _level_band(self, d: fx.CardDef, perm: Any, index: int) -> int:
        """The definition index of leveler or Class ``d`` (at ``index``) as permanent
        ``perm``'s level counters (711.2b) or class level (716.2) make it: its band's,
        or ``index`` when no band holds."""
        level = perm.class_level if d.levels[0].kind == "class" else \
            perm.counters.get("level", 0)
        for band in d.levels:
            if band.holds(level):
                return self._def_number(band.card)
        return index

    def gain_class_level(self, pid: int, level: int) -> None:
        """Class ``pid``'s level becomes ``level`` (716.2a): it has the abilities of
        that level from now on, and its "when this Class becomes level N" abilities
        trigger (716.2c)."""
        perm = self.battlefield.get(pid)
        if perm is None or perm.class_level == level:
            return
        perm.class_level = level
        self._bf_version += 1
        self._legal = None
        self.log("class_level", player=perm.controller, card=self.name_of(perm.card),
                 id=pid, level=level)
        self._object_triggers(f"class_level_{level}", [pid])

    def _affected(self, effect: _Effect, work: dict[int, fx.CardDef]) -> list[int]:
        """The permanents a static effect applies to, seen with the characteristics
        ``work`` has so far."""
        filt = effect.node.affected
        you = effect.controller
        out = []
        for pid, perm in self.battlefield.items():
            d = work[pid]
            if filt.types and not (filt.types & set(d.types)):
                continue
            if filt.subtypes and not (filt.subtypes & set(d.subtypes)):
                continue
            if (filt.controller == "you" and perm.controller != you) or (
                    filt.controller == "opponent" and perm.controller == you):
                continue
            if all(self._has_prop(prop, pid, perm, d, effect.source, True)
                   for prop in filt.props):
                out.append(pid)
        return out

    def _next_effect(self, pending: list[_Effect], work: dict[int, fx.CardDef],
                     layer: int) -> _Effect:
        """The next effect to apply in a layer (613.7, 613.8b): the earliest one that
        depends on no other effect still to apply; in a dependency loop, the earliest."""
        if len(pending) == 1:
            return pending[0]
        for effect in pending:
            if not any(self._depends(effect, other, work, layer)
                       for other in pending if other is not effect):
                return effect
        return pending[0]

    def _depends(self, effect: _Effect, other: _Effect, work: dict[int, fx.CardDef],
                 layer: int) -> bool:
        """613.8a: whether applying ``other`` (in the current layer) would change
        whether static ``effect`` exists or what it applies to (it has not started to
        apply; an effect already applying keeps its objects, 613.6)."""
        if effect.affected is not None:
            return False
        trial = dict(work)
        touched = other.affected if other.affected is not None else \
            self._affected(other, work)
        for pid in touched:
            if pid in trial:
                trial[pid] = apply_part(other.node, layer, trial[pid])
        if effect.source < 0:  # an emblem's: it always exists (114.4)
            return self._affected(effect, work) != self._affected(effect, trial)
        exists = effect.node in work[effect.source].statics
        if exists != (effect.node in trial[effect.source].statics):
            return True
        return exists and self._affected(effect, work) != self._affected(effect, trial)

    # ------------------------------------------------------------ copies (707)
    def copiable_values(self, pid: int) -> fx.CardDef:
        """Rule 707.2: what a copy of permanent ``pid`` copies: the values printed on
        it (a token's: those its creating effect gave), as modified by other copy
        effects and its face-down status; not its counters or other effects."""
        perm = self.battlefield[pid]
        if perm.face_down:
            return face_down_def(perm)
        return self.defs[perm.copy_def if perm.copy_def >= 0 else
                         self.card_def[perm.card]]

    def copy_options(self, p: int, node: fx.EntersAsCopy) -> list[int]:
        """The permanents a permanent entering under ``p`` with ``node`` may copy
        (those a permanent action can name)."""
        return [pid for pid, perm in self.battlefield.items()
                if perm.slot >= 0 and self.matches(node.filter, pid, p)]

    def begin_enter_as_copy(self, item: StackItem) -> bool:
        """A permanent spell with "you may have this enter as a copy" resolves (614.1c,
        707.5): ask its controller which permanent to copy (a ``copy`` decision: a
        permanent, or "done" to enter as itself). False if it has no such ability or
        there is nothing to copy (it enters as itself)."""
        node = next((s for s in self.cdef(item.card).statics
                     if isinstance(s, fx.EntersAsCopy)), None)
        if node is None:
            return False
        options = self.copy_options(item.controller, node)
        if not options:
            return False
        self.res = {"item": item, "queue": [], "it": None, "it_controller": None,
                    "asks": []}
        self.decision = {"kind": "copy", "player": item.controller, "options": options}
        self._legal = None
        return True

    def enter_as_copy(self, chosen: int | None) -> None:
        """The resolving permanent spell enters as a copy of ``chosen`` (its copiable
        values with the exceptions, layer 1), or as itself (None)."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        self.res = None
        copy_def = -1
        if chosen is not None and chosen in self.battlefield:
            node = next(s for s in self.cdef(item.card).statics
                        if isinstance(s, fx.EntersAsCopy))
            values = with_extras(self.copiable_values(chosen), node.extras)
            copy_def = self._def_number(values)
            self.log("copy", player=item.controller, card=self.name_of(item.card),
                     of=self.perm_name(chosen), id=chosen)
        self._put_onto_battlefield(item.card, item.controller, x=item.x,
                                   copy_def=copy_def)

    def become_copy_resolving(self, node: fx.BecomesCopy, path: str) -> None:
        """:class:`~effects.BecomesCopy`: the resolving ability's source becomes a
        copy of the card the step before moved (none: nothing happens), keeping
        the ability with ``this_ability`` (707.9b)."""
        item: StackItem = self.res["item"]
        pid = self._source_pid(item)
        cards = self.cards_named(node.of, path)
        if pid is None or not cards:
            return
        extras = fx.CopyExtras(triggered=(self.item_def(item).triggered[item.index],)) \
            if node.this_ability else fx.CopyExtras()
        self.become_copy_of_card(pid, cards[0], extras)

    def become_copy_of_card(self, pid: int, card: int, extras: fx.CopyExtras) -> None:
        """Permanent ``pid`` becomes a copy of ``card``, a card outside the battlefield
        (707.2: its printed values; a double-faced card's front face only, 707.8,
        which can't transform, 701.28c), with ``extras`` (707.9b), from now on: its
        copiable values in layer 1 (613.2) are replaced, so a later copy effect
        overrides this one; counters, status and other effects stay (707.2)."""
        perm = self.battlefield.get(pid)
        if perm is None:
            return
        values = with_extras(dataclasses.replace(self.cdef(card), back=None), extras)
        perm.copy_def = self._def_number(values)
        self._bf_version += 1
        self._legal = None
        self.log("copy", player=perm.controller, card=self.name_of(perm.card),
                 of=values.name, id=pid)

    def create_token_copy(self, pid: int, controller: int,
                          extras: fx.CopyExtras) -> int | None:
        """``controller`` creates a token that's a copy of ``pid`` (707.2, 111.1),
        with ``extras``; its id (None if ``pid`` is gone)."""
        if pid not in self.battlefield:
            return None
        return self.create_copy_of(self.copiable_values(pid), controller, extras)

    def create_copy_of(self, values: fx.CardDef, controller: int,
                       extras: fx.CopyExtras, *, triggers: bool = True) -> int:
        """``controller`` creates a token with copiable values ``values`` and
        ``extras`` (707.2, 707.9b); its id. (A card's copiable values outside the
        battlefield are its printed ones: embalm, eternalize.) Without ``triggers``,
        it is one of several entering at once (see ``entered_together``)."""
        values = with_extras(values, extras)
        card = self._new_card(values, controller, token=True)
        self.log("token", player=controller, card=values.name)
        pid = self._put_onto_battlefield(card, controller, triggers=triggers)
        self.created_by_resolving(pid)
        return pid

    # ------------------------------------------ "as this enters, choose ..."
    def choice_options(self, pid: int | None, what: str, other_than: str = "",
                       player: int = 0) -> list[str]:
        """What the controller of ``pid`` may choose: the five colours (WUBRG), less
        ``other_than``; a player (every player in the game, their seat numbers as
        text: 614.12c, True-Name Nemesis may choose its own controller) or an
        opponent; khans or dragons; or creature types, at most 8 (one mode action
        each): the creature types most common among the cards its controller owns in
        every zone and the permanents on the battlefield (ties by name; "Human" when
        there is none). The narrowing to 8 is automated: a type no card in sight has
        is never offered."""
        if what == "color":
            return [c for c in ("W", "U", "B", "R", "G") if c != other_than]
        p = self.battlefield[pid].controller if pid is not None else player
        if what in ("player", "opponent"):
            return [str(q) for q in self.living() if what == "player" or q != p]
        if what == "khans_or_dragons":
            return list(fx.KHANS_OR_DRAGONS)
        counts: dict[str, int] = {}
        seen = [self.cdef(c) for zone in (self.library, self.hand, self.graveyard,
                                          self.exile) for c in zone[p]]
        seen += [self.shown(perm) for other, perm in self.battlefield.items()
                 if other != pid]
        for d in seen:
            if d.is_creature and len(d.subtypes) < 40:  # (not a changeling's all)
                for subtype in d.subtypes:
                    counts[subtype] = counts.get(subtype, 0) + 1
        ranked = sorted(counts, key=lambda t: (-counts[t], t))[:8]
        return ranked or ["Human"]

    def ask_choice(self) -> None:
        """Ask for the next "as this enters, choose ..." (a ``choose`` decision: mode
        i is the i-th option)."""
        pid = self.to_choose.pop(0)
        perm = self.battlefield.get(pid)
        if perm is None:
            return
        node = next((s for s in self.pdef(pid).statics
                     if isinstance(s, fx.ChooseAsEnters)), None)
        if node is None:  # (it lost the ability meanwhile)
            return
        options = self.choice_options(pid, node.what, node.other_than)
        if not options:  # (no opponent left in the game: nothing is chosen)
            return
        self.decision = {"kind": "choose", "player": perm.controller, "pid": pid,
                         "what": node.what, "options": options}
        self._legal = None

    def make_choice(self, pid: int, chosen: str) -> None:
        perm = self.battlefield.get(pid)
        if perm is None:
            return
        perm.chosen = chosen
        self._bf_version += 1
        self._legal = None
        node = next((s for s in self.pdef(pid).statics
                     if isinstance(s, fx.ChooseAsEnters)), None)
        self.log("chosen", player=perm.controller, card=self.name_of(perm.card),
                 id=pid, chosen=chosen,
                 **({"what": node.what} if node is not None else {}))

    # ---------------------------------------------------------- emblems (114)
    def get_emblem(self, p: int, node: fx.GetEmblem, source_name: str) -> None:
        """Rule 114.2: ``p`` gets an emblem with ``node``'s abilities, in the command
        zone, owned and controlled by ``p`` (114.3): ``emblems`` gains ``[p,
        definition index, card number]``."""
        d = fx.CardDef(name=f"{source_name} emblem", cost=None, colours=(), types=(),
                       statics=node.statics, triggered=node.triggered)
        # an object of its own (a card number no zone holds): its triggered
        # abilities' stack objects name it as their source's card (114.4)
        # (the fourth: its timestamp, 613.7e, for its layer effects: after every
        # object made so far, before the next)
        self.emblems.append([p, self._def_number(d), self._new_card(d, p, token=True),
                             self.next_id - 0.5])
        self._bf_version += 1  # (its static abilities apply from now on)
        self._legal = None
        self.log("emblem", player=p, card=source_name)

    # ------------------------------------------------------ renown, amass
    def renown(self, pid: int, count: int) -> None:
        """Rule 702.112a: ``pid`` (not renowned) gets ``count`` +1/+1 counters and
        becomes renowned ("when this becomes renowned" triggers, 702.112b)."""
        perm = self.battlefield[pid]
        perm.renowned = True
        self._bf_version += 1
        self.log("renowned", card=self.name_of(perm.card), id=pid, count=count,
                 player=perm.controller)
        self.put_counters(pid, "+1/+1", count)
        if "becomes_renowned" in self._trigger_index():
            self._object_triggers("becomes_renowned", [pid])

    def bolster(self, p: int, count: int) -> None:
        """Rule 701.39a: ``p`` puts ``count`` +1/+1 counters on a creature with the
        least toughness among creatures they control (ties: the greatest power, then
        the oldest; automated)."""
        mine = [(self.chars(pid)[1], -self.chars(pid)[0], pid)
                for pid, perm in self.battlefield.items()
                if perm.controller == p and self.is_creature(pid)]
        if not mine or count <= 0:
            return
        pid = min(mine)[2]
        self.log("bolster", player=p, card=self.name_of(self.battlefield[pid].card),
                 id=pid, count=count)
        self.put_counters(pid, "+1/+1", count)

    def fabricate(self, counters: bool) -> None:
        """Rule 702.123a: the resolving fabricate ability's controller chose +1/+1
        counters on its source (``counters``), or Servo tokens."""
        res = self.res
        assert res is not None
        item = res["item"]
        path = res.pop("fabricate")
        n = self.amount(self.node_at(self.effect_of(item), path).count)
        source = item.source
        self.log("fabricate", player=item.controller, card=self.name_of(item.card),
                 counters=counters, count=n)
        if counters and source in self.battlefield:
            self.put_counters(source, "+1/+1", n)
            return
        for _ in range(n):
            self.create_token(fx.SERVO, item.controller)

    def amass(self, p: int, subtype: str, count: int) -> None:
        """Rule 701.44a: ``p`` amasses ``subtype`` ``count``: a 0/0 black
        <subtype> Army token if they control no Army creature; then their oldest Army
        creature (the choice is automated) gets ``count`` +1/+1 counters and becomes a
        ``subtype`` in addition to its other types if it isn't one (701.44c)."""
        armies = [pid for pid, perm in self.battlefield.items()
                  if perm.controller == p and self.is_creature(pid)
                  and "Army" in self.pdef(pid).subtypes]
        if not armies:
            armies = [self.create_token(fx.TokenSpec(
                f"{subtype} Army Token", ("Creature",), (subtype, "Army"), ("B",), 0, 0),
                p)]
        army = min(armies)
        self.log("amass", player=p, card=self.name_of(self.battlefield[army].card),
                 id=army, subtype=subtype, count=count)
        self.put_counters(army, "+1/+1", count)
        if subtype not in self.pdef(army).subtypes:
            self.become(army, fx.Becomes(fx.Ref("it"), subtypes=(subtype,),
                                         in_addition=True, lasting=True))

    def add_temporary_trigger(self, p: int, node: fx.TemporaryTrigger, card: int,
                              source: int | None) -> None:
        """Rule 611.2a: ``p`` controls ``node``'s triggered ability until their
        next turn begins (or this turn's cleanup step, 514.2); ``card`` and
        ``source`` are the resolving object's (its name, and what "this" names)."""
        d = fx.CardDef(name=self.name_of(card), cost=None, colours=(), types=(),
                       triggered=(node.ability,))
        until = p if node.until == "your_next_turn" else \
            NEXT_TIME if node.until == "next_time_this_turn" else -1
        self.temporary_triggers.append([p, self._def_number(d), card, source, until])
        self.log("temporary_ability", player=p, card=self.name_of(card),
                 until=node.until)

    # ------------------------------------------------------ monstrosity (701.37)
    def monstrosity(self, pid: int, count: int) -> None:
        """Rule 701.37a: if ``pid`` isn't monstrous, put ``count`` +1/+1 counters on
        it and it becomes monstrous ("when this becomes monstrous" triggers, 701.37c);
        a monstrous one: nothing happens."""
        perm = self.battlefield.get(pid)
        if perm is None or perm.monstrous:
            return
        perm.monstrous = True
        self.put_counters(pid, "+1/+1", count)
        self._bf_version += 1
        self.log("monstrous", card=self.name_of(perm.card), id=pid, count=count,
                 player=perm.controller, **self.face_down_marks(pid))
        if "becomes_monstrous" in self._trigger_index():
            # 701.37c: its "when this becomes monstrous" ability's X is this N
            self._object_triggers("becomes_monstrous", [pid], x=count)
