"""Casting spells and activating abilities: targets, costs and payment, putting
objects on the stack, and resolving them.

:class:`CastingMixin` holds the part of :class:`~game.MagicGame` that walks an effect
tree for its choices (modes and targets, rule 601.2b-c) and legal target candidates,
glues costs to the automatic mana payment of :mod:`~payment`, casts spells and
activates abilities (rule 601-602), and resolves the top object of the stack (rule
608), including the calls :func:`~resolve.execute` makes back into the game
(``select``, ``amount``, ``deal_damage_from_resolving``...). It has no state of its
own.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.constants import GRANTED, LOYALTY_USED, MAIN_STEPS
from labyrinth_gym.envs.magic.engine.effects import face_down_def, mana_ability_parts
from labyrinth_gym.envs.magic.engine.graveyard import ABILITY
from labyrinth_gym.envs.magic.engine.library import LIBRARY_ASKS
from labyrinth_gym.envs.magic.engine.linked import grave_part
from labyrinth_gym.envs.magic.engine.mana import COLOURS, ManaCost, any_colour_cost
from labyrinth_gym.envs.magic.engine.payment import (
    ANY,
    Plan,
    Source,
    demand,
    payable,
    pip_options,
    plan,
    special,
)
from labyrinth_gym.envs.magic.engine.resolve import (
    all_nodes,
    execute,
    is_divided,
    selector_of,
)
from labyrinth_gym.envs.magic.engine.state import StackItem, code_player, player_code

SYMBOL_ORDER = ("W", "U", "B", "R", "G", "C")
MAX_KICKS = 16
"""Multikicker (702.33c) is asked again at most this many times (payment bounds it
first in any real game)."""
ALT_KINDS = ("alternative", "evoke", "bestow", "dash")
""":attr:`~state.StackItem.alt` of a spell cast for its :class:`~effects.AltCost`
(118.9; evoke, 702.74a; bestow, 702.103a: the spell is :func:`~effects.bestowed`;
dash, 702.109a: :meth:`CastingMixin.enter_from_stack`)."""
GRANTED_ALT = "granted_alt"
""":attr:`~state.StackItem.alt` of a spell cast for a permanent's
:class:`~effects.GrantedAltCost` (118.9)."""
FACE_DOWN_COST = ManaCost(generic=3)
"""What casting a card face down costs rather than its mana cost (702.37c, 702.168a;
:attr:`~state.StackItem.alt` ``"face_down"``)."""
DASH_RETURN = fx.ReturnToHand(fx.Ref("it"))
"""The effect of dash's delayed triggered ability (702.109a): "return the permanent
this spell becomes to its owner's hand"."""
POOL_UNIT = {sym: frozenset((sym,)) for sym in SYMBOL_ORDER}
"""The colours of one unit of pool mana, as :class:`~payment.Source` wants them."""
ANY_SOURCE = fx.Filter()
"""A :attr:`~effects.Spend.abilities` of any source ("to activate abilities")."""


class CastingMixin:
    """Targets, costs, casting, activating and resolution of :class:`~game.MagicGame`
    (methods only; the state is the game's)."""

    # ------------------------------------------------------------------ targets
    def effect_of(self, item: StackItem) -> Any:
        """The effect a stack object resolves (None: a permanent spell without one)."""
        d = self.item_def(item)
        if item.origin == "rebound":  # 702.88a: the delayed ability rebound made
            return fx.CastExiled()
        if item.origin == "dash":  # 702.109a: the delayed ability dash made
            return DASH_RETURN
        if item.origin == "suspend":  # 702.62a: "remove a time counter from it"
            return fx.SuspendTick()
        if item.origin == "suspend_cast":  # 702.62a: "you may play it free"
            return fx.CastExiled()
        if item.origin:  # a delayed triggered ability: its Delayed node's effect
            maker = StackItem(sid=-1, kind=item.origin, controller=item.controller,
                              card=item.card, index=item.index, shape=item.shape,
                              face=item.face)
            return self.node_at(self.effect_of(maker), item.path).effect
        if item.kind == "spell":
            if item.alt == "overload":  # 702.96b: "each" for every "target"
                return d.overload.effect  # type: ignore[union-attr]
            if d.spell is not None:
                return d.spell.effect
            if "Aura" in d.subtypes and d.enchant == fx.ENCHANT_PLAYER:
                return fx.Attach(fx.Target("player"))  # 303.4a, 702.5d
            if "Aura" in d.subtypes and d.enchant is not None:
                return fx.Attach(fx.Target("permanent", d.enchant))
            return None
        if item.kind == "activated":
            return d.activated[item.index].effect
        return d.triggered[item.index].effect

    def item_def(self, item: StackItem) -> fx.CardDef:
        """The definition a stack object's ability comes from (its card's, or its
        source's characteristics as the ability was created: :attr:`~state.StackItem.
        shape`, else the face of a double-faced card that was up then:
        :attr:`~state.StackItem.face`)."""
        if item.shape >= 0:
            return self.defs[item.shape]
        if item.alt == "face_down":  # 708.4: a face-down spell's characteristics
            return self.face_down_spell_def(item.card)
        if item.alt == "bestow" and item.kind == "spell":  # 702.103b: an Aura spell
            return fx.bestowed(self.cdef(item.card))
        return self.defs[item.face] if item.face >= 0 else self.cdef(item.card)

    def face_down_spell_def(self, card: int) -> fx.CardDef:
        """What ``card`` cast face down is (708.4, 708.2): a 2/2 creature spell with
        no name, text, subtypes or mana cost; with ward {2} if cast with disguise
        (702.168a)."""
        fdc = self.cdef(card).face_down_cost
        return fx.FACE_DOWN_WARD if fdc is not None and fdc.kind == "disguise" \
            else fx.FACE_DOWN

    @staticmethod
    def node_at(root: Any, path: str) -> Any:
        node = root
        if path:
            for part in path.split("."):
                i = int(part)
                if isinstance(node, fx.Sequence):
                    node = node.steps[i]
                elif isinstance(node, fx.Choose):
                    node = node.modes[i]
                elif isinstance(node, fx.RollDice):
                    node = node.rows[i]
                elif isinstance(node, fx.FlipCoin):
                    node = node.lose if i else node.win
                elif isinstance(node, fx.Unless) and i == 1:  # its cost's choices
                    node = node.cost
                else:  # MayDo, IfKicked
                    node = node.effect
        return node

    @staticmethod
    def _child(path: str, i: int) -> str:
        return f"{path}.{i}" if path else str(i)

    def in_main_phase(self, item: StackItem) -> bool:
        """Whether it is the main phase of ``item``'s controller (:class:`~effects.
        IfMainPhase`: the step the spell was cast in, as it is cast or resolves)."""
        return self.active == item.controller and self.step in MAIN_STEPS

    def _source_pid(self, item: StackItem) -> int | None:
        if item.source is not None and item.source in self.battlefield:
            return item.source
        return None

    def candidates(self, spec: fx.Target, item: StackItem, enough: int = 0) -> list[int]:
        """Legal target codes for ``spec`` of ``item`` now; ``enough`` > 0: only
        whether there are that many (the first ``enough`` found, or all if fewer:
        the feasibility questions of a legal set stop there)."""
        you = item.controller
        out: list[int] = []
        kind = spec.kind
        if kind == "graveyard_card":
            return self.graveyard_candidates(spec, item)
        if kind == "battlefield_or_graveyard":  # (115.1: "and/or" across zones)
            return self.candidates(dataclasses.replace(spec, kind="permanent"), item) \
                + self.graveyard_candidates(grave_part(spec), item)
        if kind in ("any", "player", "opponent", "opponent_or_planeswalker"):
            rules = self.player_rules_now()
            for p in self._turn_order(you):
                if (kind in ("any", "player") or p != you) and not (
                        rules and p != you and self.player_rule("hexproof", p)):
                    out.append(player_code(p))  # (702.11d: "you have hexproof")
                    if len(out) == enough:
                        return out
        if kind in ("any", "creature", "creature_or_planeswalker", "permanent",
                    "opponent_or_planeswalker"):
            source = self._source_pid(item)
            walkers = kind != "creature"  # "any" includes planeswalkers (rule 115.4)
            creatures = kind != "opponent_or_planeswalker"
            quality = self._quality(item)
            owner = -1
            if spec.filter is not None and spec.filter.controller == fx.ITS_CONTROLLER:
                owner = self.earlier_player(item)
                if owner is None and any(item.targets.values()):
                    return out  # (that player is gone)
                if owner is None:  # asked before the first target is chosen
                    owner = -1
            elif spec.filter is not None and \
                    spec.filter.controller == fx.DEFENDING_PLAYER:
                if item.defending is None:
                    return out  # (no defending player: no such permanent)
                owner = item.defending
            self._statics()  # (then pdef() inlined: the layers are as they are)
            defs, card_def = self.defs, self.card_def
            for pid, perm in self.battlefield.items():
                if perm.slot < 0 or owner >= 0 and perm.controller != owner:
                    continue
                if kind != "permanent":
                    d = defs[perm.shape] if perm.shape >= 0 else (
                        face_down_def(perm) if perm.face_down
                        else defs[card_def[perm.card]])
                    if not ((creatures and d.is_creature)
                            or (walkers and d.is_planeswalker)):
                        continue
                if not self.matches(spec.filter, pid, you, source):
                    continue
                kws = self.keywords(pid)
                if kws and ("shroud" in kws or (
                        perm.controller != you and "hexproof" in kws)
                        or KW.protected(kws, *quality, perm.chosen)):
                    continue
                if item.kind == "spell" and fx.CantBeTargetedBy in self.static_kinds() \
                        and self.spell_cant_target(item, pid):
                    continue
                out.append(pid)
                if len(out) == enough:
                    return out
        if kind in ("spell", "creature_spell", "noncreature_spell", "spell_or_ability",
                    "ability", "triggered_ability", "activated_ability"):
            for s in self.stack[:A.MAX_STACK]:
                if s.sid == item.sid:
                    continue
                if kind == "spell_or_ability":  # (115.1b-c: any stack object)
                    out.append(s.sid)
                    continue
                if kind in ("ability", "triggered_ability",
                            "activated_ability"):  # 115.1b-c
                    if s.kind == "spell" or (kind == "triggered_ability"
                                             and s.kind != "triggered") or (
                            kind == "activated_ability" and s.kind != "activated"):
                        continue
                    whose = spec.filter.controller if spec.filter is not None else "any"
                    if whose == "you" and s.controller != you or \
                            whose == "opponent" and s.controller == you:
                        continue
                    out.append(s.sid)
                    continue
                if s.kind != "spell":
                    continue
                creature = "Creature" in self.cdef(s.card).types
                if (kind == "creature_spell" and not creature) or (
                        kind == "noncreature_spell" and creature):
                    continue
                if spec.filter is not None and not self.spell_matches(
                        spec.filter, s, you):
                    continue
                out.append(s.sid)
        return out

    def change_target(self, sid: int) -> None:
        """Rule 115.7: one target of stack object ``sid`` becomes the resolving
        ability's source, if that is a legal target for it (:class:`~effects.
        ChangeTarget`; the first target it can replace)."""
        res = self.res
        assert res is not None
        new = self._source_pid(res["item"])
        obj = next((s for s in self.stack if s.sid == sid), None)
        if new is None or obj is None:
            return
        root = self.effect_of(obj)
        taken = [c for codes in obj.targets.values() for c in codes]
        for path, codes in obj.targets.items():
            spec = selector_of(self.node_at(root, path))
            if not isinstance(spec, fx.Target) or not codes or new in codes:
                continue
            if spec.filter is not None and "another_target" in spec.filter.props \
                    and new in taken:
                continue  # 115.3: one object, one "target" word
            if new not in self.candidates(spec, obj):
                continue
            codes[0] = new
            self.log("target_changed", player=res["item"].controller,
                     card=self.name_of(obj.card), id=sid,
                     targets=self._target_names(obj))
            self._target_triggers(obj, only=new)
            return

    def spell_matches(self, f: fx.Filter, spell: StackItem, you: int) -> bool:
        """Whether ``spell`` on the stack matches the card filter ``f`` seen by
        ``you`` (its card's characteristics, 112.2; its controller)."""
        if f.controller == "you" and spell.controller != you or \
                f.controller == "opponent" and spell.controller == you:
            return False
        if spell.alt == "face_down":  # a face-down spell: 708.4
            return self._spell_matches(dataclasses.replace(f, controller="any"),
                                       self.item_def(spell), spell.controller, you)
        return self.card_matches(dataclasses.replace(f, controller="any"), spell.card)

    def earlier_player(self, item: StackItem) -> int | None:
        """The player the first target of ``item`` names: that player, or that
        planeswalker's (or permanent's) controller ("target creature that player or
        that planeswalker's controller controls", 115.1); None if it names neither
        any more."""
        for codes in item.targets.values():
            if codes:
                code = codes[0]
                return code_player(code) if code < 0 else self._controller_of(code)
        return None

    def _legal_target(self, spec: fx.Target, code: int, item: StackItem) -> bool:
        return code in self.candidates(spec, item)

    def _feasible(self, node: Any, path: str, item: StackItem) -> bool:
        """Can every required choice under ``node`` be made now?"""
        if node is None:
            return True
        if isinstance(node, fx.Sequence):
            return all(self._feasible(s, self._child(path, i), item)
                       for i, s in enumerate(node.steps))
        if isinstance(node, (fx.MayDo, fx.Unless, fx.IfTargetIs)):
            return self._feasible(node.effect, self._child(path, 0), item)
        if isinstance(node, fx.IfMainPhase):  # its targets only then (601.2c)
            return not self.in_main_phase(item) or self._feasible(
                node.effect, self._child(path, 0), item)
        if isinstance(node, fx.IfKicked):  # its targets only if kicked (601.2c)
            return not item.kicked or self._feasible(node.effect, self._child(path, 0),
                                                     item)
        if isinstance(node, fx.Choose):
            ok = sum(self._feasible(m, self._child(path, i), item)
                     for i, m in enumerate(node.modes))
            return ok >= node.min_modes
        if isinstance(node, fx.FlipCoin):  # both branches' targets (601.2c)
            return self._feasible(node.win, self._child(path, 0), item) and \
                self._feasible(node.lose, self._child(path, 1), item)
        sel = selector_of(node)
        if isinstance(sel, fx.Target) and not sel.up_to:
            # "another target": one more candidate than it needs, as the earlier
            # target is among them (the ones it follows name a subset of it)
            extra = sel.filter is not None and "another_target" in sel.filter.props
            need = self.target_limit(sel, item) + extra
            return need <= 0 or len(self.candidates(sel, item, need)) >= need
        if is_divided(node):  # 601.2d: one at least
            return self.divided_total(node, item) == 0 or \
                bool(self.candidates(sel, item, 1))
        return True

    def _next_choice(self, node: Any, path: str, item: StackItem) -> tuple | None:
        """The first unmade choice under ``node``: ``("mode"|"target", path, node)``."""
        if node is None:
            return None
        if isinstance(node, fx.Sequence):
            for i, s in enumerate(node.steps):
                found = self._next_choice(s, self._child(path, i), item)
                if found:
                    return found
            return None
        if isinstance(node, (fx.MayDo, fx.Unless, fx.IfTargetIs)):
            return self._next_choice(node.effect, self._child(path, 0), item)
        if isinstance(node, fx.FlipCoin):  # both branches' targets (601.2c)
            for i, branch in enumerate((node.win, node.lose)):
                if branch is not None:
                    found = self._next_choice(branch, self._child(path, i), item)
                    if found:
                        return found
            return None
        if isinstance(node, fx.IfKicked):
            return self._next_choice(node.effect, self._child(path, 0), item) \
                if item.kicked else None
        if isinstance(node, fx.IfMainPhase):
            return self._next_choice(node.effect, self._child(path, 0), item) \
                if self.in_main_phase(item) else None
        if isinstance(node, fx.Choose):
            chosen = item.modes.get(path, [])
            most = node.commander_max if node.commander_max and \
                self.controls_commander(item.controller) else node.max_modes
            if path not in self.closed and len(chosen) < most:
                return ("mode", path, node)
            for m in chosen:
                found = self._next_choice(node.modes[m], self._child(path, m), item)
                if found:
                    return found
            return None
        sel = selector_of(node)
        if isinstance(sel, fx.Target):
            chosen = item.targets.get(path, [])
            if path not in self.closed and len(chosen) < self.target_limit(sel, item) \
                    and self.open_targets(sel, path, item):
                return ("target", path, sel)
        return None

    def target_limit(self, sel: fx.Target, item: StackItem) -> int:
        """The most targets ``sel`` of ``item`` takes: its number, the X announced
        (601.2b comes before 601.2c; 0 while unannounced), the times it was kicked
        (702.33c), or with "up to X" X counted as the targets are chosen (601.2c,
        :attr:`~effects.Target.most`)."""
        if sel.count == "X":
            n = max(item.x, 0)
        elif sel.count == "kicked":
            n = item.kicked
        else:
            n = sel.count  # type: ignore[assignment]
        if sel.most is None:
            return n
        return min(n, self.count_now(sel.most, item.controller, item.source))

    def _x_target_cap(self, item: StackItem) -> int | None:
        """The largest X for which ``item`` has its "x target ..." (601.2c: as many
        legal targets as X says), or None when no target's number is X."""
        caps = [len(self.candidates(sel, item))
                for sel in all_nodes(self.effect_of(item))
                if isinstance(sel, fx.Target) and sel.count == "X" and not sel.up_to]
        return min(caps) if caps else None

    def open_targets(self, sel: fx.Target, path: str, item: StackItem) -> list[int]:
        """The candidates for target ``sel`` (at ``path`` of ``item``) not chosen for it
        yet; for "another target", not chosen for any target of ``item`` (115.3)."""
        taken = item.targets.get(path, [])
        if sel.filter is not None and "another_target" in sel.filter.props:
            taken = [c for codes in item.targets.values() for c in codes]
        return [c for c in self.candidates(sel, item) if c not in taken]

    # -------------------------------------------------------------- mana
    def _sources(self, p: int, exclude: int | None = None,
                 spell: int | None = None, ability: int | None = None,
                 other: bool | str = False) -> list[Source]:
        """``p``'s mana sources now (``exclude``: a permanent that cannot pay). What
        is paid for says which restricted mana (106.6) may pay too: the mana in the
        pool and of the sources of restricted mana (:attr:`~effects.CardDef.
        restricted_mana`) whose :class:`~effects.Spend` allows it (``spell``: the
        card of the spell cast; ``ability``: the permanent whose ability is
        activated; ``other``: another cost, a special action's or an effect's, or
        the name of the special action, :data:`~effects.SPEND_ACTIONS`); none when
        nothing is said."""
        sources, restricted = self._memo_sources(p, exclude)
        if (spell is None and ability is None and not other) or not (
                restricted or self.restricted_pool[p]):
            return sources
        return self._with_restricted(sources, restricted, p, spell, ability, other)

    def mana_bound(self, p: int) -> int | None:
        """The most mana units ``p``'s automatic payment could spend on a spell cast
        from their hand now whose cost nothing changes (the units of their sources
        and pool): a spell needing more cannot be paid (:func:`~payment.payable`'s
        first test). None where no such bound holds: restricted mana (106.6), a cost
        change on the battlefield, an alternative cost a permanent grants, a seat
        that pays no mana."""
        if self._pays_no_mana(p) or self._cost_changes() or \
                self.statics_of(fx.GrantedAltCost) or self.restricted_pool[p]:
            return None
        sources, restricted = self._memo_sources(p, None)
        return None if restricted else sum(s.units for s in sources)

    def _memo_sources(self, p: int, exclude: int | None
                      ) -> tuple[list[Source], list[int]]:
        """:meth:`_scan_sources`, memoised while a legal set is worked out."""
        memo = self._memo
        if memo is None:
            return self._scan_sources(p, exclude)
        key = ("sources", p, exclude)
        if key not in memo:
            memo[key] = self._scan_sources(p, exclude)
        return memo[key]

    @staticmethod
    def spell_probe(p: int, card: int) -> StackItem:
        """A spell ``card`` cast by ``p`` that is not on the stack: what the legal sets
        ask castability questions of."""
        return StackItem(sid=-1, kind="spell", controller=p, card=card)

    def _compute_sources(self, p: int, exclude: int | None) -> list[Source]:
        return self._scan_sources(p, exclude)[0]

    def _with_restricted(self, sources: list[Source], restricted: list[int], p: int,
                         spell: int | None, ability: int | None, other: bool | str
                         ) -> list[Source]:
        """``sources`` with the restricted mana that may be spent on what is paid
        for (106.6, :meth:`spend_allowed`): the pool's (each unit a source
        :attr:`~payment.Source.restricted`, spent before the pool's other mana), and
        that of the permanents ``restricted``: a permanent with both kinds taps for
        either ({T} is one cost), so its source makes the symbols of both."""
        out = list(sources)
        if self.restricted_pool[p]:
            entries = self.restricted_pool[p]
            for k, j in self.pool_marks(p).items():
                sym, spend, kept = entries[j]
                if self.spend_allowed(spend, None, spell, ability, other):
                    out.append(Source(-1 - k, POOL_UNIT[sym], restricted=True, kept=kept))
        where = {s.pid: i for i, s in enumerate(out)}
        for pid in restricted:
            perm = self.battlefield[pid]
            d = self.pdef(pid)
            if d.is_creature and perm.sick and "haste" not in self.keywords(pid):
                continue
            extra: frozenset[str] = frozenset()
            for symbols, spend_only, _ in d.restricted_mana:
                if self.spend_allowed(spend_only, pid, spell, ability, other):
                    extra |= symbols
            if not extra:
                continue
            i = where.get(pid)
            if i is None:  # (only restricted mana: spent before the other sources)
                out.append(Source(pid, extra, d.is_creature, restricted=True))
            elif out[i].units == 1:
                out[i] = out[i]._replace(colours=out[i].colours | extra)
        return out

    def spend_allowed(self, spend: fx.Spend, source: int | None, spell: int | None,
                      ability: int | None, other: bool | str) -> bool:
        """Whether mana restricted by ``spend`` (106.6), made by permanent ``source``
        (None: it is in the pool), may pay for what is paid: spell ``spell`` (a
        card), an ability of permanent ``ability``, or (``other``) another cost (a
        string: the special action it is, which :attr:`~effects.Spend.actions` may
        name)."""
        if spell is not None:
            return spend.spells is not None and self.spell_allowed(
                spend.spells, spell, source)
        if ability is not None:
            whose = spend.abilities
            if whose is None or ability not in self.battlefield:
                return False
            if "chosen_type" in whose.props:  # "a creature source of the chosen type"
                chosen = self.battlefield[source].chosen \
                    if source is not None and source in self.battlefield else None
                if not chosen:
                    return False
                whose = dataclasses.replace(whose, subtypes=frozenset({chosen}),
                                            props=whose.props - {"chosen_type"})
            return whose == ANY_SOURCE or self.matches(
                whose, ability, self.battlefield[ability].controller)
        return bool(other) and (spend.other or other in spend.actions)

    def spell_allowed(self, spend_only: fx.Filter, spell: int,
                      source: int | None) -> bool:
        """Whether mana of ``source`` restricted to spells matching ``spend_only``
        may be spent to cast the spell of card ``spell`` (106.6; ``"chosen_type"``:
        the creature type chosen as ``source`` entered)."""
        if "chosen_type" in spend_only.props:
            if source is None or source not in self.battlefield:
                return False
            chosen = self.battlefield[source].chosen
            if not chosen or chosen not in self.cdef(spell).subtypes:
                return False
            spend_only = dataclasses.replace(
                spend_only, props=spend_only.props - {"chosen_type"})
        return self.card_matches(spend_only, spell)

    def commander_casts(self, p: int, card: int) -> int | None:
        """How many times ``card``, a commander of ``p``'s, has been cast from the
        command zone this game (903.8); None if it is not one of ``p``'s commanders
        (never outside a Commander game)."""
        return None

    def _commander_mana(self, paid: Plan, item: StackItem) -> None:
        """Opal Palace (:class:`~effects.CommanderManaCounters`): its coloured mana
        spent to cast its controller's commander makes the commander enter with
        additional +1/+1 counters, one for each time it has been cast from the
        command zone (this time included)."""
        casts = self.commander_casts(item.controller, item.card) or 0
        for pid in {pid for pid, symbol in paid.taps if symbol in ANY} | set(
                self.linked_spent):
            if pid in self.battlefield and any(
                    isinstance(s, fx.CommanderManaCounters)
                    for s in self.pdef(pid).statics):
                item.extra_counters += casts

    def _mana_spent_triggers(self, paid: Plan, item: StackItem) -> None:
        """"When that mana is spent to cast a <quality> spell" (607.2, trigger event
        ``mana_spent``): each permanent whose mana paid for spell ``item`` and whose
        such ability's filter the spell's card matches triggers (once per
        permanent; Path of Ancestry). "When you spend this mana to cast your
        commander" (``your_commander``, Study Hall): the spell is one of its
        controller's commanders and the mana was coloured (the source's other
        ability makes only {C}, which pays generic mana the cheapest way)."""
        seen: set[int] = set()
        coloured = {pid for pid, symbol in paid.taps if symbol in ANY}
        coloured.update(self.linked_spent)  # (from the pool: 607.2)
        for pid in [pid for pid, _ in paid.taps] + self.linked_spent:
            if pid < 0 or pid in seen or pid not in self.battlefield:
                continue
            seen.add(pid)
            for i, ability in enumerate(self.pdef(pid).triggered):
                trig = ability.trigger
                if trig.event != "mana_spent" or not isinstance(trig.subject, fx.Filter):
                    continue
                spec = trig.subject
                if "your_commander" in spec.props:
                    if pid not in coloured or self.commander_casts(
                            item.controller, item.card) is None:
                        continue
                    spec = dataclasses.replace(
                        spec, props=spec.props - {"your_commander"})
                if "shares_commander_type" in spec.props:
                    if not set(self.cdef(item.card).subtypes) & \
                            self.commander_types(item.controller):
                        continue
                    spec = dataclasses.replace(
                        spec, props=spec.props - {"shares_commander_type"})
                if self.card_matches(dataclasses.replace(spec, controller="any"),
                                     item.card):
                    self._trigger(pid, i, it=item.sid)

    def commander_types(self, p: int) -> frozenset[str]:
        """The creature types of ``p``'s commanders (903.3): none outside a
        Commander game."""
        return frozenset()

    def restricted_riders(self, chosen: Plan, spell: int) -> bool:
        """Whether paying ``spell`` with ``chosen`` spent restricted mana whose rider
        says the spell can't be countered (106.6a). Automated: a source of both
        kinds pays a symbol its restricted mana makes (or generic mana) with that
        mana, whose rider helps its player."""
        for pid, symbol in chosen.taps:
            if pid < 0 or pid not in self.battlefield:
                continue
            for symbols, spend_only, rider in self.pdef(pid).restricted_mana:
                if rider and (not symbol or symbol in symbols) and \
                        spend_only.spells is not None and \
                        self.spell_allowed(spend_only.spells, spell, pid):
                    return True
        return False

    def _scan_sources(self, p: int, exclude: int | None
                      ) -> tuple[list[Source], list[int]]:
        """The automatic sources, and the permanents with restricted mana."""
        # Mana in the pool first (rule 106.4): one unit each, id -1 - index; the
        # restricted units only for what they may pay (_with_restricted)
        pool = self.pool[p]
        if not pool:
            out = []
        elif not self.restricted_pool[p]:
            out = [Source(-1 - k, POOL_UNIT[sym]) for k, sym in enumerate(pool)]
        else:
            marks = self.pool_marks(p)
            out = [Source(-1 - k, POOL_UNIT[sym]) for k, sym in enumerate(pool)
                   if k not in marks]
        restricted: list[int] = []
        bonuses = self._bonuses
        for pid, perm, d, made, source in self._mana_permanents(p):
            if perm.tapped or pid == exclude:
                continue
            if self._player_rules and self.abilities_stopped(p, pid):
                continue  # 602.5a: its mana abilities can't be activated either
            if pid in bonuses and any(b.no_abilities for b, _, _ in bonuses[pid]):
                continue  # (an Aura's Arrest: mana abilities too)
            if perm.mods and KW.detained(perm.mods):
                continue  # 701.35a: mana abilities too
            if d.restricted_mana:
                restricted.append(pid)
            if made is None:
                continue
            if source.creature and perm.sick and "haste" not in self.keywords(pid):
                continue
            if made.dynamic:
                colours = self.mana_options(p, tuple(made.colours), pid)
                if not colours:
                    continue
                source = source._replace(colours=colours)
            out.append(source)
        return out, restricted

    def _mana_permanents(self, p: int) -> list[tuple[Any, ...]]:
        """``p``'s face-up permanents with a mana ability (after the layers), in
        battlefield order: ``(pid, permanent, definition, its mana_source, its
        Source)`` (the Source None without a mana_source), listed again only when
        the battlefield changed (its version: control, faces, layers and zone
        changes all bump it; a clone's own battlefield). Whether one is tapped,
        sick or stopped is the caller's to ask each time."""
        self._statics()  # (the layers say which mana abilities each one has)
        cached = self.__dict__.get("_mana_cache")
        if cached is None or cached[0] != self._bf_version or \
                cached[1] is not self.battlefield:
            defs, card_def = self.defs, self.card_def
            by_seat: dict[int, list[tuple[Any, ...]]] = {}
            for pid, perm in self.battlefield.items():
                if perm.face_down:
                    continue
                d = defs[perm.shape if perm.shape >= 0 else card_def[perm.card]]
                made = d.mana_source
                if made is None and not d.restricted_mana:
                    continue
                source = None if made is None else Source(
                    pid, made.colours, d.is_creature, made.sacrifice, made.hurt,
                    made.life, made.units)
                by_seat.setdefault(perm.controller, []).append(
                    (pid, perm, d, made, source))
            cached = (self._bf_version, self.battlefield, by_seat)
            self.__dict__["_mana_cache"] = cached
        return cached[2].get(p, [])

    def mana_options(self, p: int, options: tuple[str, ...],
                     source: int | None = None) -> frozenset[str]:
        """The mana symbols an :class:`~effects.AddMana` with ``options`` lets ``p``
        choose from now (``"any"``: the five colours; ``"identity"``: the colours of
        ``p``'s commanders' colour identity; ``"opponent_lands"``: the colours a land
        an opponent controls could produce; ``"chosen"``: the colour chosen as its
        ``source`` entered, :class:`~effects.ChooseAsEnters`)."""
        out: set[str] = set()
        for o in options:
            if o == "any":
                out.update(ANY)
            elif o == "chosen":
                perm = self.battlefield.get(source) if source is not None else None
                if perm is not None and perm.chosen:
                    out.add(perm.chosen)
            elif o == "identity":
                out.update(self.commander_identity(p))
            elif o == "opponent_lands":
                out.update(self._opponent_land_colours(p))
            elif o == "your_lands":
                out.update(self._land_mana_types(p))
            else:
                out.add(o)
        return frozenset(out)

    def commander_identity(self, p: int) -> frozenset[str]:
        """The colour identity of ``p``'s commanders (rule 903.4): none outside a
        Commander game, so "mana of any colour in your commander's colour identity"
        adds nothing (rule 903.4f)."""
        return frozenset()

    def _land_mana_types(self, p: int) -> set[str]:
        """The types of mana (colours and colourless) the mana abilities of lands
        ``p`` controls could produce (106.7: "any type that a land you control could
        produce"; abilities that themselves look at lands count for nothing, so
        Reflecting Pools alone make no mana; a commander's colour identity and a
        chosen colour are read as they are now)."""
        return self._land_mana(p, opponents=False)

    def _opponent_land_colours(self, p: int) -> set[str]:
        """Colours the mana abilities of lands ``p``'s opponents control could
        produce (rule 106.7: such abilities of other lands of this kind are not
        counted, so two facing Exotic Orchards make nothing of each other)."""
        return self._land_mana(p, opponents=True) & set(ANY)

    def _land_mana(self, p: int, opponents: bool) -> set[str]:
        """The mana types (colours and "C") the mana abilities of the lands ``p``
        (or, ``opponents``, ``p``'s opponents) control could produce (106.7: such
        abilities that themselves look at lands count for nothing; a commander's
        colour identity and a chosen colour are read as they are now)."""
        out: set[str] = set()
        for perm in self.battlefield.values():
            if (perm.controller != p) != opponents or perm.face_down:
                continue
            d = self.pdef(perm.pid)
            if not d.is_land:
                continue
            for ab in d.activated:
                if ab.is_mana:
                    for o in _mana_added(ab.effect):
                        if o == "any":
                            out.update(ANY)
                        elif o in ANY or o == "C":
                            out.add(o)
                        elif o == "identity":
                            out.update(self.commander_identity(perm.controller))
                        elif o == "chosen" and perm.chosen in ANY:
                            out.add(perm.chosen)
        return out

    def _wanted(self, p: int, skip_card: int | None) -> dict[str, int]:
        if skip_card is not None and skip_card in self.hand[p]:
            return self._demand_without(p, skip_card)
        memo = self._memo
        if memo is not None:
            key = ("wanted", p, None)
            if key not in memo:
                memo[key] = self._compute_wanted(p, None)
            return memo[key]
        return self._compute_wanted(p, None)

    def _compute_wanted(self, p: int, skip_card: int | None) -> dict[str, int]:
        pips: list[str] = []
        for c in self.hand[p]:
            if c != skip_card:
                cost = self.cdef(c).cost
                if cost is not None:
                    pips.extend(cost.pips)
        return demand(pips)

    def _demand_without(self, p: int, card: int) -> dict[str, int]:
        """:meth:`_wanted` for each card of a hand in turn, from one total."""
        memo = self._memo
        if memo is None:
            return self._compute_wanted(p, card)
        key = ("wanted", p, None)
        if key not in memo:
            memo[key] = self._compute_wanted(p, None)
        total = memo[key]
        cost = self.cdef(card).cost
        if cost is None or not cost.pips:
            return total
        out = dict(total)
        for sym, n in demand(cost.pips).items():
            out[sym] -= n
        return out

    def _spell_cost(self, item: StackItem) -> ManaCost | None:
        """The mana cost a spell is cast for, before X: its printed cost or the
        alternative cost chosen, plus kicker costs (a variant adds to it: the
        commander tax), then cost increases and reductions (601.2f); paid spending
        mana as though it were mana of any colour (609.4b), its coloured pips are
        paid as generic mana (hybrid too; a {2/W} pip with one mana; a Phyrexian
        pip with any one mana or 2 life)."""
        cost = self._changed_spell_cost(item)
        if cost is not None and (cost.pips or cost.x_pip) and self.spends_any_colour(item):
            cost = any_colour_cost(cost)
        return cost

    def _changed_spell_cost(self, item: StackItem) -> ManaCost | None:
        cost = self.changed_cost(item.controller, item.card, self._base_cost(item),
                                 self.face_down_spell_def(item.card)
                                 if item.alt == "face_down" else
                                 fx.bestowed(self.cdef(item.card))
                                 if item.alt == "bestow" else None,
                                 sum(map(len, item.targets.values())),
                                 from_hand=self.cast_from_hand(item))
        extra = self.cdef(item.card).additional_cost
        if extra is not None and extra.exile_any is not None and cost is not None \
                and item.alt != "face_down":  # "{2} less for each card exiled this way"
            n = len(self.exile_any_options(item, []) if item.exiled_for_cost is None
                    else item.exiled_for_cost)  # (a probe: every card it could exile)
            cost = dataclasses.replace(cost, generic=max(
                cost.generic - extra.exile_any_less * n, 0))
        return cost

    def exile_any_offer(self, item: StackItem) -> list[int]:
        """The cards a ``cost_exile`` decision offers: one of each definition among
        :meth:`exile_any_options` (alike cards in a graveyard)."""
        offer, seen = [], set()
        for card in self.exile_any_options(item, item.exiled_for_cost or []):
            if self.card_def[card] not in seen:
                seen.add(self.card_def[card])
                offer.append(card)
        return offer

    def exile_any_legal(self, d: dict) -> list[int]:
        """Card ``i`` of the page, mode 0 (the next page) when there are more, and
        "done" when the spell can be paid for with the cards chosen so far."""
        item = self.casting
        page = d["cards"][d["page"] * A.MAX_HAND:(d["page"] + 1) * A.MAX_HAND]
        out = [A.hand(i) for i in range(len(page))]
        if len(d["cards"]) > A.MAX_HAND:
            out.append(A.mode(0))
        if self._spell_payable(item.controller, item.card,  # type: ignore[union-attr]
                               with_x(self._spell_cost(item), item.x)):  # type: ignore[arg-type, union-attr]
            out.append(A.DONE)
        return out

    def exile_any_act(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        """The caster exiles the chosen card for the cost, turns the page or is
        done choosing."""
        item = self.casting
        assert item is not None and item.exiled_for_cost is not None
        if kind == "done":
            item.exile_any_done = True
        elif kind == "mode":
            pages = -(-len(d["cards"]) // A.MAX_HAND)
            self.decision = {**d, "page": (d["page"] + 1) % pages}
        else:
            item.exiled_for_cost.append(d["cards"][d["page"] * A.MAX_HAND + args[0]])

    def exile_any_options(self, item: StackItem, chosen: list[int]) -> list[int]:
        """The cards of ``item``'s caster's graveyard its additional cost "exile any
        number of <quality> cards from your graveyard" may still exile, not
        ``chosen`` already (the spell's own card is on the stack, not there)."""
        extra = self.cdef(item.card).additional_cost
        p = item.controller
        return [c for c in self.graveyard[p] if c not in chosen and c != item.card
                and self.card_matches(extra.exile_any, c)]  # type: ignore[union-attr]

    def cast_from_hand(self, item: StackItem) -> bool:
        """Whether spell ``item`` is (or, a probe, would be) cast from its caster's
        hand (601.2a): a probe's card is still where it would be cast from; a spell
        being cast has left it, its zone says where it was (``""``: a hand, unless
        cast for its flashback cost)."""
        if item.card in self.hand[item.controller]:
            return True
        return item.sid != -1 and item.zone == "" and item.alt != "flashback"

    def _base_cost(self, item: StackItem) -> ManaCost | None:
        """Rule 601.2f: the mana cost or the alternative cost chosen (118.9: flashback,
        overload), plus the mana of each kicker paid (702.33), before increases and
        reductions."""
        d = self.cdef(item.card)
        cost = d.cost
        if item.alt == "overload":
            cost = d.overload.cost  # type: ignore[union-attr]
        elif item.alt in ALT_KINDS:  # 118.9: "rather than pay this spell's mana cost"
            cost = d.alt_cost.cost.mana  # type: ignore[union-attr]
        elif item.alt == "miracle":  # 702.94a: its miracle cost
            cost = d.miracle[1].cost  # type: ignore[index]
        elif item.alt == "foretell":  # 702.143a: its foretell cost
            cost = d.foretell.cost  # type: ignore[union-attr]
        elif item.alt == "foretold_reduced":  # the foretell cost an effect gave it:
            # its mana cost less generic mana (601.2f: generic only, never below 0)
            base = d.cost or ManaCost()
            cost = dataclasses.replace(base, generic=max(
                0, base.generic - self.foretold_reduced.get(item.card, 0)))
        elif item.alt == "madness":  # 702.35a: its madness cost
            cost = d.madness[1].cost  # type: ignore[index]
        elif item.alt == "madness_mana_cost":  # a granted madness: its mana cost
            cost = d.cost
        elif item.alt == "free":  # "without paying its mana cost" (118.9, X is 0)
            cost = None
        elif item.alt == GRANTED_ALT:  # a permanent's "you may pay {0} rather than"
            cost = self.granted_alt_cost(item.controller, d)
        elif item.alt == "flashback":
            cost = self.flashback_cost(item.card).mana
        elif item.alt == "face_down":  # 702.37c, 702.168a: {3} (an alternative cost)
            return FACE_DOWN_COST
        if item.kicked and d.kicker is not None and d.kicker.cost.mana is not None:
            for _ in range(item.kicked):
                cost = add_costs(cost, d.kicker.cost.mana)
        if item.bought_back and d.buyback is not None and \
                d.buyback.cost.mana is not None:  # 702.27a: an additional cost
            cost = add_costs(cost, d.buyback.cost.mana)
        extra = d.additional_cost
        if extra is not None and extra.reveal_or is not None and not item.revealed and \
                extra.mana is not None:  # "reveal a ... card or pay {2}" (601.2b)
            cost = add_costs(cost, extra.mana)
        return cost

    def _cost_changes(self) -> list[tuple[int, fx.CostChange]]:
        """The cost-changing statics on the battlefield with their controllers,
        worked out again only when the battlefield changed."""
        if self._cost_version != self._bf_version:
            found = []
            for perm in self.battlefield.values():
                if perm.face_down:
                    continue
                for static in self.defs[self.card_def[perm.card]].statics:
                    if isinstance(static, fx.CostChange):
                        found.append((perm.controller, static))
            self._cost_mods = found
            self._cost_version = self._bf_version
        return self._cost_mods

    def changed_cost(self, p: int, card: int, cost: ManaCost | None,
                     shown: fx.CardDef | None = None,
                     targets: int = 0, *, from_hand: bool = True) -> ManaCost | None:
        """``cost`` of spell ``card`` cast by ``p`` with every increase, then every
        reduction applied (rule 601.2f: a reduction takes generic mana only);
        ``shown``: the spell's characteristics when they are not its card's (face
        down, 708.4); ``targets``: how many targets it has (an increase "for each
        target beyond the first"); ``from_hand``: it is cast from ``p``'s hand."""
        changes = self._cost_changes()
        d = shown or self.cdef(card)
        own = d.self_costs
        if not changes and not own:
            return cost
        more = less = 0
        for change in own:  # "this spell costs {1} less to cast for each ..."
            if change.condition is not None and not self.conditions_hold(
                    (change.condition,), p, None):
                continue
            n = change.amount * (max(targets - 1, 0) if change.extra_targets
                                 else 1 if change.count is None
                                 else self.count_now(change.count, p, None))
            if n > 0:
                more += n
            else:
                less -= n
        for controller, change in changes:
            if change.whose == "you" and controller != p:
                continue
            if change.whose == "opponents" and controller == p:
                continue
            if change.types and not change.types & set(d.types):
                continue
            if change.noncreature and d.is_creature:
                continue
            if change.subtypes and not change.subtypes & set(d.subtypes):
                continue
            if change.not_from_hand and from_hand:
                continue
            if change.amount > 0:
                more += change.amount
            else:
                less -= change.amount
        if not more and not less:
            return cost
        base = cost or ManaCost()
        generic = max(base.generic + more - less, 0)
        return dataclasses.replace(base, generic=generic)

    def _pays_no_mana(self, p: int) -> bool:
        """Seat ``p`` pays no mana (a variant's automated player); none in Magic."""
        return False

    def _payment(self, p: int, cost: Any, *, exclude: int | None = None,
                 skip_card: int | None = None, spell: int | None = None,
                 ability: int | None = None, other: bool | str = False) -> Plan | None:
        """How ``p`` pays the mana ``cost`` (``exclude``: a source that cannot help;
        ``skip_card``: the card paid for, left out of the hand's wants; ``spell``,
        ``ability``, ``other``: what is paid for, which restricted mana may pay:
        :meth:`_sources`), or None."""
        if cost is None or self._pays_no_mana(p):
            return Plan(())
        return plan(cost, self._sources(p, exclude, spell, ability, other),
                    self._wanted(p, skip_card), self.life[p])

    def _can_pay(self, p: int, cost: Any, *, exclude: int | None = None,
                 skip_card: int | None = None, spell: int | None = None,
                 ability: int | None = None, other: bool | str = False) -> bool:
        """Whether :meth:`_payment` finds a plan (for the legal sets: most often
        answered without building the plan)."""
        if cost is None or self._pays_no_mana(p):
            return True
        return payable(cost, self._sources(p, exclude, spell, ability, other),
                       lambda: self._wanted(p, skip_card), self.life[p])

    # ------------------------------------------ convoke and delve (702.51, 702.66)
    def _delve_cards(self, p: int, card: int) -> list[int]:
        """The cards of ``p``'s graveyard delve may exile paying for ``card``, in the
        order automatic payment exiles them: cards without flashback (printed or
        gained) first, then the others; oldest first."""
        defs, card_def, grants = self.defs, self.card_def, self.flashback_grants
        return sorted((c for c in self.graveyard[p] if c != card),
                      key=lambda c: defs[card_def[c]].flashback is not None
                      or c in grants)

    def _convoke_sources(self, p: int, sources: list[Source], d: fx.CardDef
                         ) -> list[Source]:
        """``p``'s untapped permanents a spell ``d`` may tap to pay for it that are
        not already mana ``sources``: creatures for convoke, sources of one mana of
        their colours or {1} (702.51a: summoning-sick ones too, 302.6: tapping for
        convoke is no {T} cost); artifacts for improvise, sources of {1} (702.126a;
        shown as {C}, which no improvise spell's cost has)."""
        have = {s.pid for s in sources}
        out = []
        for pid, perm in self.battlefield.items():
            if perm.controller != p or perm.tapped or pid in have:
                continue
            if d.convoke and self.is_creature(pid):
                out.append(Source(pid, frozenset(self.pdef(pid).colours), True,
                                  convoke=True))
            elif d.improvise and "Artifact" in self.pdef(pid).types:
                out.append(Source(pid, frozenset({"C"}), convoke=True))
        return out

    def _spell_payable(self, p: int, card: int, cost: ManaCost | None) -> bool:
        """Whether ``p`` can pay ``cost`` for spell ``card`` (its mana, with convoke
        and delve when it has them)."""
        d = self.cdef(card)
        if cost is None or not d.taps_or_exiles or self._pays_no_mana(p):
            return self._can_pay(p, cost, skip_card=card, spell=card)
        cost, sources, _ = self._convoke_delve(p, card, cost)
        return payable(cost, sources, lambda: self._wanted(p, card), self.life[p])

    def _convoke_delve(self, p: int, card: int, cost: ManaCost
                       ) -> tuple[ManaCost, list[Source], list[int]]:
        """``cost`` less the generic mana delve pays (the most it can: automated,
        see game.py), the sources with ``p``'s creatures for convoke, and the cards
        delve exiles."""
        d = self.cdef(card)
        delved: list[int] = []
        if d.delve and cost.generic:
            delved = self._delve_cards(p, card)[:cost.generic]
            cost = dataclasses.replace(cost, generic=cost.generic - len(delved))
        sources = self._sources(p, None, card)
        if d.convoke or d.improvise:
            sources = sources + self._convoke_sources(p, sources, d)
        return cost, sources, delved

    def _pay_spell(self, item: StackItem, chosen: Plan | None) -> Plan | None:
        """Pay the mana of spell ``item`` (``chosen``: the sources its controller
        chose, 601.2h); delve exiles its cards and convoke taps its creatures first
        (events ``cost_exiled``, ``convoke``). The plan used (for restricted mana)."""
        p = item.controller
        cost = with_x(self._spell_cost(item), item.x)
        d = self.item_def(item)
        colours: set[str] | None = set() if d.counts_colours else None
        if chosen is not None or cost is None or not d.taps_or_exiles or \
                self._pays_no_mana(p):
            paid = chosen or self._payment(p, cost, skip_card=item.card, spell=item.card)
            self._pay(paid, p, colours=colours)
            item.colours_spent = len(colours or ())
            return paid
        cost, sources, delved = self._convoke_delve(p, item.card, cost)
        paid = plan(cost, sources, self._wanted(p, item.card), self.life[p])
        assert paid is not None, item
        if delved:  # 702.66a: exiled as the cost is paid
            for c in delved:
                self.take_card(c, "graveyard")
                self.exile[p].append(c)
            self.log("cost_exiled", player=p, cards=[self.name_of(c) for c in delved])
        convoked = {s.pid for s in sources if s.convoke}
        tapped = [pid for pid, _ in paid.taps if pid in convoked]
        if tapped:  # 702.51a, 702.126a: tapped as the cost is paid
            names = [self.name_of(self.battlefield[c].card) for c in tapped]
            if d.improvise:
                self.log("improvise", player=p, card=self.name_of(item.card),
                         artifacts=names)
            else:
                self.log("convoke", player=p, card=self.name_of(item.card),
                         creatures=names)
        self._pay(paid, p, frozenset(tapped), colours)
        item.colours_spent = len(colours or ())
        return paid

    def _pay(self, chosen: Plan | None, p: int,
             convoked: frozenset[int] = frozenset(), colours: set[str] | None = None
             ) -> None:
        """Use the sources a payment plan chose: tap them, take the life their mana
        costs, sacrifice the ones that say so; then pay Phyrexian life. The creatures
        of ``convoked`` are only tapped (702.51a). ``colours`` (when given) gets the
        colours of the mana spent (601.2h; sunburst 702.44a): generic mana from a
        source of several colours is the one the set does not have yet (automated:
        the most colours a player could spend)."""
        assert chosen is not None
        sacrificed = []
        done: set[int] = set()
        spent: list[int] = []
        for pid, symbol in chosen.taps:
            if pid < 0:  # mana from the pool
                spent.append(-1 - pid)
                if colours is not None and self.pool[p][-1 - pid] in COLOURS:
                    colours.add(self.pool[p][-1 - pid])
                continue
            if colours is not None:
                self._colour_spent(pid, symbol, p, colours)
            if pid in done:  # a second mana of the same activation
                continue
            done.add(pid)
            perm = self.battlefield[pid]
            perm.tapped = True
            self.tapped_now([pid])
            if pid in convoked:
                continue
            d = self.pdef(pid)
            best = None
            for i in d.auto_mana:
                ab = d.activated[i]
                add, pain = mana_ability_parts(ab)
                opts = self.mana_options(perm.controller, add.options, pid)
                if (not symbol or symbol in opts) and (best is None or pain < best[1]):
                    best = (ab, pain)
            if best is None:  # restricted mana (106.6): {T}, nothing else
                assert any(not symbol or symbol in made
                           for made, _, _ in d.restricted_mana), pid
                continue
            ab, pain = best
            if pain and ab.cost.pay_life:
                self.lose_life(perm.controller, pain)
            elif pain:
                self._deal_damage([(player_code(perm.controller), pain)], perm.controller,
                                  self.keywords(pid), d.name)
            if ab.cost.sacrifice_self:
                sacrificed.append(pid)
            self.tapped_for_mana(pid, p)  # 106.12
        if spent:
            pool = self.pool[p]
            if self.restricted_pool[p]:
                self._spend_restricted(p, spent)
            linked = self.linked_mana[p]
            for k in sorted(spent, reverse=True):
                if linked:  # 607.2: mana a rider is linked to, spent first
                    entry = next((e for e in linked if e[0] == pool[k]), None)
                    if entry is not None:
                        linked.remove(entry)
                        self.linked_spent.append(entry[1])
                del pool[k]
        if sacrificed:
            self.sacrifice(sacrificed)
        if chosen.life:
            self.lose_life(p, chosen.life)

    def pool_marks(self, p: int) -> dict[int, int]:
        """Which units of ``p``'s pool are its restricted mana (106.6): pool index ->
        index in ``restricted_pool[p]`` (each entry marks the last unmarked unit of
        its symbol; units of one symbol are alike but for their restriction)."""
        pool = self.pool[p]
        marks: dict[int, int] = {}
        for j, entry in enumerate(self.restricted_pool[p]):
            k = next((k for k in range(len(pool) - 1, -1, -1)
                      if pool[k] == entry[0] and k not in marks), None)
            if k is not None:
                marks[k] = j
        return marks

    def _spend_restricted(self, p: int, spent: list[int]) -> None:
        """The pool units ``spent`` (indices) leave: their restrictions go with them
        (and mana kept until end of turn stops being kept, :class:`~effects.
        KeepMana`)."""
        marks = self.pool_marks(p)
        entries = self.restricted_pool[p]
        for j in sorted((marks[k] for k in spent if k in marks), reverse=True):
            sym, _, kept = entries.pop(j)
            if kept and sym in self.kept_mana[p]:
                self.kept_mana[p].remove(sym)

    def _colour_spent(self, pid: int, symbol: str, p: int, colours: set[str]) -> None:
        """The colour of the mana source ``pid`` makes for ``symbol`` of a cost
        (``""``: generic), added to ``colours`` (a new one if it can make one)."""
        if symbol in COLOURS:
            colours.add(symbol)
            return
        if symbol:  # {C}
            return
        d = self.pdef(pid)
        can: set[str] = set()
        if self.is_creature(pid) and not d.auto_mana:  # convoke: its colours
            can.update(d.colours)
        for i in d.auto_mana:
            add, _ = mana_ability_parts(d.activated[i])
            can.update(self.mana_options(p, add.options, pid))
        new = [c for c in COLOURS if c in can and c not in colours]
        if new:
            colours.add(new[0])

    def add_mana(self, p: int, symbols: list[str], card: str,
                 source: int | None = None, spend: fx.Spend | None = None) -> None:
        """Put mana into ``p``'s pool (rule 106.4), made by ``card`` (``source``: the
        permanent whose mana ability made it, when an ability resolved). Coloured
        mana of a source whose rider is linked to it (607.2: Opal Palace, Study
        Hall, :meth:`links_mana`) is remembered in ``linked_mana``; mana with a
        spending restriction (``spend``, 106.6) in ``restricted_pool``, one
        ``[symbol, spend, kept]`` entry a mana."""
        if not symbols or self.lost[p]:
            return
        self.pool[p].extend(symbols)
        if spend is not None:
            self.restricted_pool[p].extend([sym, spend, False] for sym in symbols)
            if self.res is not None:  # (what a KeepMana step keeps)
                self.res["mana_restricted"] = self.res.get(
                    "mana_restricted", 0) + len(symbols)
        if self.res is not None:  # (what "this mana" of a KeepMana step names)
            self.res.setdefault("mana_added", []).extend(symbols)
        if source is not None and source in self.battlefield and self.links_mana(source):
            self.linked_mana[p].extend([sym, source] for sym in symbols if sym in ANY)
        self.log("add_mana", player=p, card=card, mana="".join(f"{{{s}}}" for s in
                                                               symbols))

    def links_mana(self, pid: int) -> bool:
        """Whether permanent ``pid`` has a rider linked to the mana it makes that
        reads which spell the mana is spent on (607.2, 903.8: "if / when you spend
        this mana to cast your commander")."""
        d = self.pdef(pid)
        return any(isinstance(s, fx.CommanderManaCounters) for s in d.statics) or any(
            t.trigger.event == "mana_spent" and isinstance(t.trigger.subject, fx.Filter)
            and "your_commander" in t.trigger.subject.props for t in d.triggered)

    def empty_pools(self) -> None:
        """Rule 106.4: every mana pool empties at the end of each step and phase."""
        for linked in self.linked_mana:
            linked.clear()
        for p, pool in enumerate(self.pool):
            if self.restricted_pool[p]:  # (only mana kept until end of turn stays)
                self.restricted_pool[p] = [e for e in self.restricted_pool[p]
                                           if e[2] and self.step != "cleanup"]
            if self.kept_mana[p]:  # (KeepMana: until the cleanup step ends, 514.2)
                rest, kept = pool[:], []
                if self.step != "cleanup":
                    for sym in self.kept_mana[p]:
                        if sym in rest:
                            rest.remove(sym)
                            kept.append(sym)
                self.kept_mana[p] = kept
                pool[:] = rest
                if rest:
                    self.log("mana_empties", player=p,
                             mana="".join(f"{{{s}}}" for s in rest))
                pool[:] = kept
                continue
            if pool:
                self.log("mana_empties", player=p,
                         mana="".join(f"{{{s}}}" for s in pool))
                pool.clear()

    # ---------------------------------------------------- casting, activating
    def _cast(self, p: int, card: int, zone: str = "hand") -> None:
        """``p`` begins to play or cast ``card`` (601.2a: it moves to the stack) from
        ``zone``: ``"hand"``, or as :meth:`~elsewhere.ElsewhereMixin.zone_slots`
        says (``"flashback"``, ``"graveyard"``, ``"library"``)."""
        if zone.startswith(ABILITY):  # an ability of a card in a graveyard (602.2)
            self.activate_from_graveyard(p, card, zone)
            return
        if zone == GRANTED:  # a permanent's once-each-turn permission (601.3)
            self.use_graveyard_permission(p, card)
            zone = "graveyard"
        d = self.cdef(card)
        if zone in ("cascade", "rebound", "suspend"):
            # cascade (702.85a), rebound (702.88a), suspend (702.62a): from exile
            # without paying its mana cost
            self.take_card(card, "exile")
            self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p,
                                     card=card, keywords=sorted(d.keywords), x=0,
                                     alt="free", announce=["kicker"] if d.kicker else [],
                                     zone="exile", suspended=zone == "suspend")
            self.closed = []
            return
        if zone == "hand_free":  # "cast ... from your hand without paying its mana
            # cost" (CastFromHand, PlayFree from the hand; 608.2g, 118.9: X is 0;
            # kicker may be paid)
            self.take_to_play(card)
            if card in self.public_hand:
                self.public_hand.remove(card)
            self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p,
                                     card=card, keywords=sorted(d.keywords), x=0,
                                     alt="free",
                                     announce=["kicker"] if d.kicker else [])
            self.closed = []
            return
        if zone in ("foretell", "foretold_reduced"):  # foretold (702.143a): for its
            # foretell cost, from exile
            reduced = zone == "foretold_reduced" and d.cost is not None and d.cost.x
            self.take_card(card, "exile")
            self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p,
                                     card=card, keywords=sorted(d.keywords),
                                     x=-1 if reduced else 0, alt=zone,
                                     announce=["kicker"] if d.kicker else [],
                                     zone="exile")
            self.closed = []
            return
        if zone in ("madness", "madness_mana_cost"):  # madness (702.35a): for its
            # madness cost (a granted one's: its mana cost), from exile
            paid = d.madness[1].cost if zone == "madness" else d.cost  # type: ignore[index]
            self.take_card(card, "exile")
            self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p,
                                     card=card, keywords=sorted(d.keywords),
                                     x=-1 if paid.x else 0,  # type: ignore[union-attr]
                                     alt=zone,
                                     announce=["kicker"] if d.kicker else [],
                                     zone="exile")
            self.closed = []
            return
        if zone == "miracle":  # miracle (702.94a): for its miracle cost, from the hand
            self.take_to_play(card)
            if card in self.public_hand:  # (revealed: now it is on the stack)
                self.public_hand.remove(card)
            self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p,
                                     card=card, keywords=sorted(d.keywords),
                                     x=-1 if d.miracle[1].cost.x else 0,  # type: ignore[index]
                                     alt="miracle",
                                     announce=["kicker"] if d.kicker else [])
            self.closed = []
            return
        if zone == "flashback":  # flashback (702.34a): the card moves to the stack
            self.graveyard[p].remove(card)
            self.forget_graveyard([card])  # a new object (400.7)
            self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p,
                                     card=card, keywords=sorted(d.keywords),
                                     x=-1 if d.cost is not None and d.cost.x else 0,
                                     alt="flashback",
                                     announce=["kicker"] if d.kicker else [])
            self.closed = []
            return
        if "Land" in d.types:
            life = next((s.pay_life for s in d.statics
                         if isinstance(s, fx.EntersTapped) and s.pay_life), 0)
            if life and self.life[p] >= life:  # rule 119.4: only with that much life
                # rule 614.12: "as this enters, you may pay N life": asked as it
                # enters; the land stays in the hand until the answer
                self.decision = {"kind": "yesno", "player": p, "enter": card,
                                 "life": life}
                return
            self.play_land(p, card, paid_life=False)
            return
        any_colour = zone == "exile" and self.spends_any_colour(
            self.spell_probe(p, card))
        self.take_to_play(card)
        announce = self.announcements(d)
        if self.granted_alt_cost(p, d) is not None:  # 118.9: after its own
            announce.insert(1 if announce[:1] == ["alt"] else 0, GRANTED_ALT)
        self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p, card=card,
                                 keywords=sorted(d.keywords),
                                 x=-1 if d.cost is not None and d.cost.x else 0,
                                 announce=announce,
                                 zone="" if zone == "hand" else zone,
                                 any_colour=any_colour)
        self.closed = []

    def _cast_face_down(self, p: int, card: int) -> None:
        """``p`` begins to cast ``card`` from its hand face down (702.37c, 702.168a,
        708.4): a face-down spell, for {3} rather than its mana cost."""
        self.take_to_play(card)
        self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p,
                                 card=card, alt="face_down")
        self.closed = []

    def granted_alt_cost(self, p: int, d: fx.CardDef) -> ManaCost | None:
        """The mana of the first :class:`~effects.GrantedAltCost` of ``p``'s
        permanents that a spell of ``d`` cast by ``p`` matches ("you may pay {0}
        rather than pay the mana cost for Zombie creature spells you cast"), or
        None."""
        return next((st.mana for you, st in self.statics_of(fx.GrantedAltCost)
                     if you == p and self._spell_matches(st.spells, d, p, you)), None)

    @staticmethod
    def announcements(d: fx.CardDef) -> list[str]:
        """The casting choices of a spell cast from a hand (601.2b): an alternative
        cost (overload), then kicker."""
        out = []
        if d.overload is not None or d.alt_cost is not None:
            out.append("alt")
        if d.kicker is not None:
            out.append("kicker")
        if d.buyback is not None:
            out.append("buyback")
        if d.additional_cost is not None and d.additional_cost.reveal_or is not None:
            out.append("reveal")  # "reveal a <quality> card from your hand or pay"
        return out

    def play_land(self, p: int, card: int, *, paid_life: bool) -> None:
        """``p`` plays land ``card`` from its hand, or from where an effect lets it
        (rule 305.1, :mod:`~elsewhere`), having paid the life its entering asks for or
        not (``paid_life``)."""
        life = next((s.pay_life for s in self.cdef(card).statics
                     if isinstance(s, fx.EntersTapped) and s.pay_life), 0)
        zone = self.take_to_play(card)
        self.use_land_play(p)  # (an additional land play: 305.2)
        self.log("play_land", player=p, card=self.name_of(card),
                 **({"from": zone} if zone != "hand" else {}))
        if paid_life:
            self.lose_life(p, life)
        self._put_onto_battlefield(card, p, paid_life=paid_life)

    def _activate(self, p: int, pid: int, k: int) -> None:
        perm = self.battlefield[pid]
        cost = self.pdef(pid).activated[k].cost
        mana = cost.mana
        self.casting = StackItem(sid=self._new_id(), kind="activated", controller=p,
                                 card=perm.card, source=pid, index=k,
                                 keywords=sorted(self.keywords(pid)), kicked=perm.kicked,
                                 shape=perm.shape,
                                 x=-1 if mana is not None and mana.x or cost.loyalty_x
                                 or fx.x_counters(cost)
                                 else 0,
                                 face=self.card_def[perm.card])
        self.closed = []

    # ------------------------------------ alternative and additional costs (601.2b)
    def castable_as(self, item: StackItem, alt: str, kicked: int = 0) -> bool:
        """Whether ``item`` (a spell being cast, or a probe) could be cast for the
        alternative cost ``alt`` (``""``: its mana cost) with ``kicked`` kicker costs:
        every cost payable (118.3) and every required target there (601.2c)."""
        probe = dataclasses.replace(item, alt=alt, kicked=kicked)
        p = item.controller
        if alt in ALT_KINDS:
            condition = self.cdef(item.card).alt_cost.condition  # type: ignore[union-attr]
            if condition is not None and not self.conditions_hold((condition,), p, None):
                return False  # (a trap's "if ..., you may pay {0} rather than ...")
        if not self._spell_payable(p, item.card, self._spell_cost(probe)):
            return False
        if not self._extra_cost_payable(p, self._cost_of(probe), None, item.card):
            return False
        return self._feasible(self.effect_of(probe), "", probe)

    def announcement(self, item: StackItem) -> str | None:
        """The question for the next casting choice of ``item.announce`` (601.2b):
        ``"overload"`` (pay the overload cost rather than the mana cost?) or
        ``"kicker"`` (pay the kicker cost, again for multikicker?); None when there is
        no choice (only one way can be paid: taken; the choice is removed). A seat that
        pays no mana (an automated player) never pays an optional or alternative
        cost."""
        what = item.announce[0]
        if self._pays_no_mana(item.controller):
            item.announce.clear()
            return None
        if what == GRANTED_ALT:  # (not with another alternative cost chosen, 118.9a)
            if item.alt:
                item.announce.pop(0)
                return None
            normal = self.castable_as(item, "")
            granted = self.castable_as(item, GRANTED_ALT)
            if normal and granted:
                return GRANTED_ALT
            item.announce.pop(0)
            if granted:
                item.alt = GRANTED_ALT
                item.x = 0 if item.x < 0 else item.x  # (107.3: no X in that cost)
            return None
        if what == "alt":
            d = self.cdef(item.card)
            kind = "overload" if d.overload is not None else d.alt_cost.kind  # type: ignore[union-attr]
            normal = self.castable_as(item, "")
            over = self.castable_as(item, kind)
            if normal and over:
                return kind
            item.announce.pop(0)
            if over:
                item.alt = kind
            return None
        if what == "reveal":  # 601.2b: reveal a card, or pay the mana
            item.announce.pop(0)
            can_reveal = self.reveal_option(item) is not None
            can_pay = self.castable_as(dataclasses.replace(item, revealed=False),
                                       item.alt, item.kicked)
            if can_reveal and can_pay:
                item.announce.insert(0, "reveal")
                return "reveal"
            if can_reveal:
                self.reveal_for_cost(item)
            return None
        if what == "buyback":  # 702.27a: asked when it can be paid too
            item.bought_back = True
            payable = self.castable_as(item, item.alt, item.kicked)
            item.bought_back = False
            if payable:
                return "buyback"
            item.announce.pop(0)
            return None
        if item.kicked < MAX_KICKS and self.castable_as(item, item.alt, item.kicked + 1):
            return "kicker"
        item.announce.pop(0)
        return None

    def announced(self, what: str, yes: bool) -> None:
        """The caster answered the casting question ``what`` (:meth:`announcement`)."""
        item = self.casting
        assert item is not None
        if what == "overload" or what in ALT_KINDS or what == GRANTED_ALT:
            item.announce.pop(0)
            if yes:
                item.alt = what
                if what == GRANTED_ALT and item.x < 0:
                    item.x = 0  # (107.3: the cost paid has no X)
            return
        if what == "buyback":
            item.announce.pop(0)
            item.bought_back = yes
            return
        if what == "reveal":
            item.announce.pop(0)
            if yes:
                self.reveal_for_cost(item)
            return
        if yes:
            item.kicked += 1
            if not self.cdef(item.card).kicker.multi:  # type: ignore[union-attr]
                item.announce.pop(0)
        else:
            item.announce.pop(0)

    def reveal_option(self, item: StackItem) -> int | None:
        """The card of its caster's hand revealed for ``item``'s additional cost
        "reveal a <quality> card from your hand or pay <mana>" (601.2b), or None when
        there is none. *Automated*: the first such card the hand holds (which one is
        shown is its owner's choice in the game; every one pays the cost)."""
        extra = self.cdef(item.card).additional_cost
        if extra is None or extra.reveal_or is None:
            return None
        return next((c for c in self.hand[item.controller] if c != item.card
                     and self.card_matches(extra.reveal_or, c)), None)

    def reveal_for_cost(self, item: StackItem) -> None:
        """``item``'s caster reveals a card of their hand to pay its additional cost
        rather than the mana (event ``reveal_from_hand``; every player has seen it)."""
        card = self.reveal_option(item)
        if card is None:
            return
        item.revealed = True
        if card not in self.public_hand:
            self.public_hand.append(card)
        self.log("reveal_from_hand", player=item.controller, card=self.name_of(card))

    def flashback_cost(self, card: int) -> fx.Cost:
        """The flashback cost of ``card`` (702.34a): its own; with flashback gained
        this turn ("equal to its mana cost"), that one when it is cheaper (the
        engine picks the cheaper of the two; a printed cost with other parts than
        mana is never cheaper)."""
        d = self.cdef(card)
        own = d.flashback.cost if d.flashback is not None else None
        if card in self.flashback_grants and (
                own is None or own != fx.Cost(mana=own.mana) or own.mana is None
                or own.mana.mana_value > d.mana_value):
            return fx.Cost(mana=d.cost)
        assert own is not None
        return own

    def exiled_after(self, card: int) -> bool:
        """Whether ``card`` cast from its graveyard (:meth:`flashback_cost`) is
        exiled as it leaves the stack: flashback and jump-start, not retrace
        (702.81a: unless it gained flashback this turn, which then applies)."""
        own = self.cdef(card).flashback
        return own is None or own.keyword != "retrace" or card in self.flashback_grants

    def graveyard_slots(self, p: int) -> list[int]:
        """The cards graveyard slots ``0..15`` address: those ``p`` may play or cast
        from outside its hand (:meth:`~elsewhere.ElsewhereMixin.zone_slots`)."""
        return [card for card, _ in self.zone_slots(p)]

    def grant_flashback(self, p: int, filt: fx.Filter, source: int,
                        cards: list[int] | None = None) -> None:
        """:class:`~effects.GainFlashback`: each card of ``p``'s graveyard matching
        ``filt`` (or of ``cards``, its targets) gains flashback until end of turn (its
        cost: its mana cost)."""
        for card in self.graveyard[p] if cards is None else cards:
            if card not in self.flashback_grants and self.card_matches(filt, card):
                self.flashback_grants.append(card)
                self.log("gains_flashback", player=p, card=self.name_of(card),
                         source=self.name_of(source))

    # -------------------------------------------- payment by choice (601.2g-h)
    def _mana_due(self, item: StackItem) -> tuple[ManaCost | None, int | None]:
        """The mana ``item`` costs now (X included) and the source that cannot pay
        it (an ability's own permanent tapped for ``{T}``)."""
        if item.kind == "spell":
            return with_x(self._spell_cost(item), item.x), None
        if item.kind != "activated":
            return None, None
        paid = self.item_def(item).activated[item.index].cost
        return with_x(paid.mana, item.x), item.source if paid.tap else None

    def _mana_left(self, item: StackItem, due: ManaCost) -> tuple[ManaCost, list]:
        """What is still owed of ``due`` after the pool (spent first) and the sources
        chosen so far, and the pool's part of the payment."""
        left, pool_taps = due, []
        p = item.controller
        marks = self.pool_marks(p) if self.restricted_pool[p] else {}
        paid_for = self._paid_for(item)
        for k, sym in enumerate(self.pool[p]):
            if k in marks and not self.spend_allowed(
                    self.restricted_pool[p][marks[k]][1], None,
                    paid_for.get("spell"), paid_for.get("ability"), False):
                continue  # (106.6: restricted mana that can't pay for it)
            after = _reduce(left, sym)
            if after is not None:
                left = after
                pool_taps.append((-1 - k, sym))
        for _, sym in item.taps:
            left = _reduce(left, sym) or left
        return left, pool_taps

    def chosen_payment(self, item: StackItem) -> Plan | None:
        """Payment by choice (the ``pay_by_choice`` option, 601.2h): asks ``item``'s
        controller for the next mana source (decision ``pay_mana``) while mana is
        still owed, and returns the chosen plan once nothing is; None when the cost is
        paid automatically (no mana owed, Phyrexian or ``{2/W}`` pips, a seat that
        pays no mana). Mana in the pool is spent first, as always."""
        p = item.controller
        due, exclude = self._mana_due(item)
        if due is None or self._pays_no_mana(p) or p in self.automated_seats or (
                item.kind == "spell" and self.cdef(item.card).taps_or_exiles) or any(
                special(pip) for pip in due.pips) or (not due.pips and not due.generic):
            return None
        left, pool_taps = self._mana_left(item, due)
        chosen = tuple(pool_taps) + tuple((pid, sym) for pid, sym in item.taps)
        if left.pips or left.generic:
            options = self.payment_options(p, left, exclude, item)
            if options:
                self.decision = {"kind": "pay_mana", "player": p, "options": options}
                return None
            # (every source offered keeps the rest payable: not reached)
            rest = self._payment(p, left, exclude=exclude, **self._paid_for(item))
            return Plan(chosen + (rest.taps if rest else ()))
        return Plan(chosen)

    def _unchosen_sources(self, p: int, exclude: int | None,
                          item: StackItem) -> list[Source]:
        chosen = {pid for pid, _ in item.taps}
        return [s for s in self._sources(p, exclude, **self._paid_for(item))
                if s.pid >= 0 and s.pid not in chosen]

    @staticmethod
    def _paid_for(item: StackItem) -> dict[str, Any]:
        """What paying for ``item`` pays for, as :meth:`_sources` takes it (which
        restricted mana may pay, 106.6)."""
        if item.kind == "spell":
            return {"spell": item.card}
        return {"ability": item.source} if item.kind == "activated" else {}

    @staticmethod
    def source_payment(left: ManaCost, source: Source, others: list[Source],
                       life: int) -> list[str] | None:
        """The symbols ``source`` pays towards ``left`` (one per unit it makes, while
        any is owed) such that ``others`` can still pay the rest, or None if it
        cannot help: a pip it can pay (the one with the fewest options first), else
        generic mana."""
        pips = sorted({pip for pip in left.pips if pip_options(pip) & source.colours},
                      key=lambda q: (len(pip_options(q)), q))
        tries = [min(sorted(source.colours & pip_options(pip)), key=source.cost_for)
                 for pip in pips] + ([""] if left.generic else [])
        for first in tries:
            symbols = [first]
            rest = _reduce(left, first)
            while rest is not None and len(symbols) < source.units and (
                    rest.pips or rest.generic):
                sym = next(iter(source.colours))  # a source of several: one kind
                after = _reduce(rest, sym)
                if after is None:
                    break
                symbols.append(sym if after.generic == rest.generic else "")
                rest = after
            if rest is None:
                continue
            if (not rest.pips and not rest.generic) or payable(rest, others, dict, life):
                return symbols
        return None

    def payment_options(self, p: int, left: ManaCost, exclude: int | None,
                        item: StackItem) -> list[int]:
        """The mana sources (permanent ids, with a slot) ``p`` may tap next for
        ``left``: each keeps the rest payable."""
        sources = self._unchosen_sources(p, exclude, item)
        out = []
        for s in sources:
            if self.battlefield[s.pid].slot < 0:
                continue
            others = [o for o in sources if o.pid != s.pid]
            if self.source_payment(left, s, others, self.life[p]) is not None:
                out.append(s.pid)
        return out

    def pay_with(self, pid: int) -> None:
        """The controller of the object being cast chose mana source ``pid``
        (decision ``pay_mana``): it pays what :meth:`source_payment` says; mana it
        makes beyond what is owed goes to the pool (106.4)."""
        item = self.casting
        assert item is not None
        p = item.controller
        due, exclude = self._mana_due(item)
        assert due is not None
        left, _ = self._mana_left(item, due)
        sources = self._unchosen_sources(p, exclude, item)
        source = next(s for s in sources if s.pid == pid)
        symbols = self.source_payment(
            left, source, [o for o in sources if o.pid != pid], self.life[p])
        assert symbols, pid
        item.taps.extend([pid, sym] for sym in symbols)
        if len(symbols) < source.units:  # a source of two mana paying one
            self.add_mana(p, [next(iter(source.colours))] * (source.units - len(symbols)),
                          self.name_of(self.battlefield[pid].card))

    def x_values(self, item: StackItem) -> list[int]:
        """The values of X its controller may announce for ``item`` (rule 601.2b,
        107.3): every value up to the largest it can pay when that is at most 7; else
        0-3 and the four largest payable values (one "mode" action each, so the action
        table stays small). A seat that pays no mana chooses from 0-7."""
        p = item.controller
        exclude = None
        spell = item.card if item.kind == "spell" else None
        ability = item.source if item.kind == "activated" else None
        if item.kind == "spell":
            cost = self._spell_cost(item)
        else:  # an activated ability's {X} (its source pays no mana when tapped, 602.2b)
            paid = self.item_def(item).activated[item.index].cost
            cost = paid.mana
            exclude = item.source if paid.tap else None
        width = A.MAX_MODES
        if item.kind != "spell" and paid.loyalty_x:  # "[−X]": up to its loyalty (606.6)
            return self._x_table(self.battlefield[item.source].counters.get("loyalty", 0))
        if item.kind != "spell" and fx.x_counters(paid):  # "remove x ... counters"
            kind = paid.remove_counters[0]  # type: ignore[index]
            return self._x_table(self.battlefield[item.source].counters.get(kind, 0))
        assert cost is not None and cost.x
        if self._pays_no_mana(p):
            return list(range(width))
        units = sum(s.units for s in self._sources(p, exclude, spell, ability))
        if spell is not None and self.cdef(spell).taps_or_exiles:
            units += len(self._convoke_delve(p, spell, with_x(cost, 99))[2]) + len(
                self._convoke_sources(p, self._sources(p, None, spell),
                                      self.cdef(spell)))
        lo, hi = 0, max(0, (units - cost.mana_value) // cost.x)
        while lo < hi:  # the largest payable X (paying more never gets easier)
            mid = (lo + hi + 1) // 2
            if (self._spell_payable(p, spell, with_x(cost, mid)) if spell is not None
                    else self._can_pay(p, with_x(cost, mid), exclude=exclude,
                                       skip_card=item.card, ability=ability)):
                lo = mid
            else:
                hi = mid - 1
        cap = self._x_target_cap(item)
        return self._x_table(lo if cap is None else min(lo, cap))

    @staticmethod
    def _x_table(largest: int) -> list[int]:
        """The values of X offered when ``largest`` is the largest one allowed: all of
        them when they fit the action table, else 0-3 and the four largest."""
        width = A.MAX_MODES
        if largest < width:
            return list(range(largest + 1))
        half = width // 2
        return list(range(half)) + list(range(largest - half + 1, largest + 1))

    def divided_total(self, node: fx.DealDamage | fx.AddCounters, item: StackItem) -> int:
        """The damage a divided :class:`~effects.DealDamage` of ``item`` divides (the
        counters of a divided :class:`~effects.AddCounters`)."""
        amount = node.amount if isinstance(node, fx.DealDamage) else node.count
        if isinstance(amount, fx.AltAmount):  # (the cost it is cast for, 601.2b)
            amount = amount.amount if item.alt == amount.alt else amount.normal
        return max(item.x, 0) if amount == "X" else int(amount)

    def _next_division(self, item: StackItem) -> str | None:
        """The path of the first divided damage of ``item`` whose division is not
        complete (601.2d): each target starts with 1 (a single target takes it all)
        and its controller gives the rest one point at a time; None when all are."""
        effect = self.effect_of(item)
        for path, codes in item.targets.items():
            node = self.node_at(effect, path)
            if not is_divided(node) or not codes:
                continue
            total = self.divided_total(node, item)
            if getattr(node, "evenly", False):  # "divided evenly, rounded down"
                item.division[path] = [total // len(codes)] * len(codes)
                continue
            split = item.division.get(path)
            if split is None:
                split = item.division[path] = [1] * len(codes) if len(codes) > 1 \
                    else [total]
            if sum(split) < total:
                return path
        return None

    def put_divided_counters(self, node: fx.AddCounters, path: str) -> None:
        """Each legal target of ``node`` gets its share of the counters (601.2d,
        608.2b)."""
        item: StackItem = self.res["item"]  # type: ignore[index]
        legal = set(self.select(node.what, path))
        split = item.division.get(path, [])
        for i, code in enumerate(item.targets.get(path, [])):
            if code in legal and i < len(split) and code in self.battlefield:
                counters = self.battlefield[code].counters
                counters[node.counter] = counters.get(node.counter, 0) + split[i]
                if self.counted_counters(code):
                    self._levels_changed()

    def deal_divided_damage(self, node: fx.DealDamage, path: str) -> None:
        """Each legal target of ``node`` is dealt its share of the damage (601.2d,
        608.2b: an illegal target's share is not dealt)."""
        item: StackItem = self.res["item"]  # type: ignore[index]
        legal = set(self.select(node.to, path))
        split = item.division.get(path, [])
        for i, code in enumerate(item.targets.get(path, [])):
            if code in legal and i < len(split):
                self.deal_damage_from_resolving(code, split[i])

    def _cost_of(self, item: StackItem) -> fx.Cost | None:
        d = self.item_def(item)
        if item.kind == "spell":
            extra = d.additional_cost
            if item.alt == "flashback":
                extra = merge_costs(extra, self.flashback_cost(item.card))
            elif item.alt in ALT_KINDS:
                extra = merge_costs(extra, d.alt_cost.cost)  # type: ignore[union-attr]
            elif item.alt == "madness" and d.madness[1].life:  # type: ignore[index]
                extra = merge_costs(extra, fx.Cost(pay_life=d.madness[1].life))  # type: ignore[index]
            if item.kicked and d.kicker is not None:
                extra = merge_costs(extra, d.kicker.cost)
            if item.bought_back and d.buyback is not None:
                extra = merge_costs(extra, d.buyback.cost)
            return extra
        if item.kind == "activated":
            return d.activated[item.index].cost
        return None

    def _continue_casting(self) -> None:
        item = self.casting
        assert item is not None
        if item.is_copy and item.zone != "copy":  # a copy put on the stack (707.10c)
            self.continue_copy()
            return
        while item.announce:  # alternative and additional costs (rule 601.2b)
            ask = self.announcement(item)
            if ask is not None:
                self.decision = {"kind": "yesno", "player": item.controller,
                                 "announce": ask}
                return
        if item.x < 0:  # X is announced (rule 601.2b)
            self.decision = {"kind": "x", "player": item.controller,
                             "values": self.x_values(item)}
            return
        choice = self._next_choice(self.effect_of(item), "", item)
        if choice is not None:
            kind, path, _ = choice
            self.decision = {"kind": kind, "player": item.controller, "path": path}
            return
        divide = self._next_division(item)
        if divide is not None:  # 601.2d: how the damage is divided among the targets
            self.decision = {"kind": "divide", "player": item.controller, "path": divide}
            return
        cost = self._cost_of(item)
        p = item.controller
        if cost is not None and cost.sacrifice is not None and \
                len(item.sacrificed) < cost.sacrifice_count:
            # (118.3: "sacrifice two artifacts": one at a time)
            self.decision = {"kind": "cost_sacrifice", "player": p, "options": [
                pid for pid in self._sacrifice_options(p, cost, item.source)
                if pid not in item.sacrificed]}
            return
        if cost is not None and cost.bounce is not None and not item.sacrificed:
            # "return an island you control to its owner's hand" (118.3: Daze)
            self.decision = {"kind": "cost_sacrifice", "player": p, "bounce": True,
                             "options": self._bounce_options(p, cost)}
            return
        if cost is not None and cost.crew and sum(
                max(self.chars(pid)[0], 0) for pid in item.crew) < cost.crew:
            # rule 702.122a: one creature at a time until their power reaches N
            self.decision = {"kind": "cost_crew", "player": p,
                             "options": self._crew_options(p, item.source)}
            return
        if cost is not None and cost.tap_count and len(item.crew) < cost.tap_count:
            # one permanent at a time (the crew decision), until N are chosen
            self.decision = {"kind": "cost_crew", "player": p,
                             "options": self.tap_cost_options(p, cost, item.source)}
            return
        if cost is not None and len(item.discarded) < cost.discard:
            self.decision = {"kind": "cost_discard", "player": p}
            return
        if cost is not None and cost.exile_hand is not None and not item.discarded:
            # "exile a blue card from your hand" (118.3: Force of Will)
            self.decision = {"kind": "cost_discard", "player": p, "exile": True}
            return
        if cost is not None and cost.exile_any is not None and item.kind == "spell" \
                and not self._pays_no_mana(p):
            # "you may exile any number of creature cards from your graveyard" (601.2b)
            if item.exiled_for_cost is None:
                item.exiled_for_cost = []
            if self.exile_any_options(item, item.exiled_for_cost) and \
                    not item.exile_any_done:
                self.decision = {"kind": "hand_choice", "player": p, "cost_exile": True,
                                 "cards": self.exile_any_offer(item), "page": 0}
                return
        chosen_plan = self.chosen_payment(item) if self.pay_by_choice else None
        if self.decision is not None:  # pay by choice: the next mana source
            return
        self.casting = None
        self.closed = []
        d = self.item_def(item)  # (a copy's abilities: its shape, 707.2)
        if item.kind == "spell":
            self.linked_spent = []
            paid = self._pay_spell(item, chosen_plan)
            if paid is not None and self.restricted_riders(paid, item.card):
                item.uncounterable = True  # 106.6a: the mana's rider
            if paid is not None and ("mana_spent" in self._trigger_index()
                                     or self.linked_spent):
                self._mana_spent_triggers(paid, item)
            if paid is not None and self.commander_casts(
                    item.controller, item.card) is not None:
                self._commander_mana(paid, item)
            self.log("cast", player=p, card=self.name_of(item.card)
                     if item.alt == "face_down" else d.name, id=item.sid,
                     **({"from": item.zone} if item.zone else {}),
                     targets=self._target_names(item), **({"x": item.x} if d.cost and
                                                           d.cost.x else {}),
                     **({"alt": item.alt} if item.alt else {}),
                     **({"kicked": item.kicked} if item.kicked else {}),
                     **({"buyback": True} if item.bought_back else {}),
                     **({"uncounterable": True} if item.uncounterable else {}),
                     **({"face_down": True, "controller": p}
                        if item.alt == "face_down" else {}))
            self.spells_cast[p] += 1
            if d.is_creature:
                self.creature_spells[p] += 1
            if self.sorcery_flash[p] == 1 and "Sorcery" in d.types:
                self.sorcery_flash[p] = False  # "the next sorcery spell" was this one
            if self.spell_to_hand[p] and item.zone == "" and not item.is_copy and (
                    "Instant" in d.types or "Sorcery" in d.types):
                self.spell_to_hand[p] = False  # (NextSpellToHand: "the next time")
                item.to_hand = True
            self.being_cast = item  # (its targets, for "targets only a single Golem")
            self._cast_triggers(p, item.card, item.sid,
                                from_graveyard=item.alt == "flashback", shown=d,
                                from_hand=item.zone == "" and item.alt != "flashback")
            self.being_cast = None
            if d.cast_self:  # "when you cast this spell" (603.2): the spell's own
                for i in d.cast_self:
                    if isinstance(d.triggered[i].effect, fx.IfKicked) and \
                            not item.kicked:
                        continue  # "if it was kicked": an intervening if (603.4)
                    self.pending_triggers.append({
                        "controller": p, "card": item.card, "source": None, "index": i,
                        "it": item.sid, "defending": None, "it_controller": p,
                        "keywords": [], "face": self.card_def[item.card],
                        # storm's count (702.40a): the spells cast before it this turn
                        "amount": sum(self.spells_cast) - 1,
                        **({"kicked": item.kicked} if item.kicked else {})})
        elif item.kind == "activated":
            ab = d.activated[item.index]
            source = item.source
            if ab.cost.tap:
                self.battlefield[source].tapped = True
                self.tapped_now([source])
                if ab.is_mana:
                    self.tapped_for_mana(source, p)  # 106.12
            if ab.cost.add_counters is not None:  # put on it as a cost (118.3)
                kind, n = ab.cost.add_counters
                counters = self.battlefield[source].counters
                counters[kind] = counters.get(kind, 0) + n
                if self.counted_counters(source):
                    self._levels_changed()
            if ab.cost.remove_counters is not None:  # 122.8: removed as a cost
                kind, n = ab.cost.remove_counters
                self.remove_counters(source, kind, max(item.x, 0) if n == "X" else n)
            if ab.cost.loyalty is not None:  # rule 606.4: the cost is paid as activated
                counters = self.battlefield[source].counters
                counters["loyalty"] = counters.get("loyalty", 0) + ab.cost.loyalty - (
                    max(item.x, 0) if ab.cost.loyalty_x else 0)
                if self.counted_counters(source):
                    self._levels_changed()
                self.activated_this_turn.append([source, LOYALTY_USED])
            if ab.cost.mana is not None:
                skip = item.card if source is None else None
                mana = with_x(ab.cost.mana, item.x)
                # the permanent whose ability it is pays only when nothing else can
                # (a land that becomes a creature stays untapped to attack)
                chosen = chosen_plan or (None if source is None else self._payment(
                    p, mana, exclude=source, skip_card=skip, ability=source))
                if chosen is None:
                    chosen = self._payment(p, mana, skip_card=skip, ability=source)
                self._pay(chosen, p)
            if ab.once_per_turn:
                self.activated_this_turn.append([source, item.index])
            self.log("activate", player=p, card=d.name, id=item.sid,
                     targets=self._target_names(item))
            if ab.cost.sacrifice_self:
                self.remember_source(source)  # (608.2h: "counters on it", its power)
                self.sacrifice([source])
            if ab.cost.exile_this:  # (118.3: the permanent itself)
                self.remember_source(source)
                self.move_permanents([source], "exile")
            if ab.cost.discard_self:
                self._discard(p, item.card)
                if ab.cycling:  # 702.29c: "when you cycle this"
                    self.cycled(p, item.card)
            if ab.cost.exile_self:  # (702.97a: from its owner's graveyard)
                self.take_card(item.card, "graveyard")
                self.exile[self.card_owner[item.card]].append(item.card)
                self.log("cost_exiled", player=p, cards=[d.name])
            if ab.is_mana:
                # Rule 605.3: a mana ability does not use the stack; it resolves
                # at once and its player keeps priority.
                self._pay_other_costs(cost, item, p)
                self.res = {"item": item, "queue": [""], "it": None,
                            "it_controller": None, "asks": []}
                self.passes = 0
                return
        else:
            self.log("trigger", player=p, card=d.name, id=item.sid,
                     targets=self._target_names(item))
        self._pay_other_costs(cost, item, p)
        self.stack.append(item)
        if item.targets and not fx.TARGET_EVENTS_SET.isdisjoint(self._trigger_index()):
            self._target_triggers(item, cast=item.kind == "spell")
        if item.kind != "triggered":
            self.stage = "priority"
            self.passes = 0
            self.priority = p

    def _pay_other_costs(self, cost: fx.Cost | None, item: StackItem, p: int) -> None:
        """Life, the chosen permanents to sacrifice and cards to discard."""
        if cost is not None:
            if cost.pay_life:
                self.lose_life(p, cost.pay_life)
            if cost.energy:
                self.pay_energy(p, cost.energy)
            if item.sacrificed:
                item.sacrificed_as = [self._def_number(self.pdef(pid))
                                      for pid in item.sacrificed
                                      if pid in self.battlefield]
                last = item.sacrificed[-1]
                if last in self.battlefield:  # (608.2h: as it last existed)
                    item.sacrificed_stats = [*self.chars(last)[:2],
                                             self.pdef(last).mana_value]
                    item.sacrificed_copy = self._def_number(self.copiable_values(last))
            if item.sacrificed and cost.bounce is not None:
                attacker = item.sacrificed[0]
                if attacker in self.attackers:  # ninjutsu (702.49c): what it attacked
                    item.defending = self.attackers[attacker]
                    item.attacked_pw = self.attacking_pw.get(attacker)
                self.log("cost_returned", player=p, card=self.name_of(item.card),
                         returned=[self.name_of(self.battlefield[c].card)
                                   for c in item.sacrificed])
                self.move_permanents(list(item.sacrificed), "hand")
            elif item.sacrificed:
                self.sacrifice(list(item.sacrificed))
            if item.crew:
                for pid in item.crew:
                    self.battlefield[pid].tapped = True
                self.log("crew" if cost.crew else "tapped_for_cost", player=p,
                         card=self.name_of(item.card),
                         crew=[self.name_of(self.battlefield[c].card) for c in item.crew])
                self.tapped_now(list(item.crew))
            if cost.exile_hand is not None:
                for card in item.discarded:  # (an exile from the hand, not a discard)
                    self.hand[p].remove(card)
                    self.exile[p].append(card)
                self.log("cost_exiled", player=p, zone="hand",
                         cards=[self.name_of(c) for c in item.discarded])
                self.exiled_yours(p, list(item.discarded))
            else:
                for card in item.discarded:
                    self._discard(p, card)
            if cost.exile_any is not None and item.exiled_for_cost:
                for card in item.exiled_for_cost:  # (chosen by its caster, 601.2b)
                    self.take_card(card, "graveyard")
                    self.exile[p].append(card)
                self.log("cost_exiled", player=p,
                         cards=[self.name_of(c) for c in item.exiled_for_cost])
            if cost.exile_graveyard:
                # which cards: automated, the oldest that match (see game.py)
                cards = self.graveyard_cost_cards(p, cost)[:cost.exile_graveyard]
                for card in cards:
                    self.take_card(card, "graveyard")
                    self.exile[p].append(card)
                self.log("cost_exiled", player=p,
                         cards=[self.name_of(c) for c in cards])

    def _target_names(self, item: StackItem, viewer: int | None = None) -> list[Any]:
        """The chosen targets by name, as seat ``viewer`` sees them (None: the full
        record, for the events log)."""
        out: list[Any] = []
        for codes in item.targets.values():
            for c in codes:
                if c < 0:
                    out.append({"player": code_player(c)})
                elif c in self.battlefield:
                    out.append({"id": c, "card": self.perm_name(c, viewer),
                                **(self.face_down_marks(c) if viewer is None else {})})
                elif (card := self.graveyard_card(c)) is not None:
                    out.append({"id": c, "card": self.name_of(card),
                                "zone": "graveyard"})
                else:
                    out.append({"id": c})
        return out

    # ------------------------------------------------------------ resolution
    def _start_resolution(self, item: StackItem) -> None:
        d = self.item_def(item)
        condition = d.triggered[item.index].trigger.condition \
            if item.kind == "triggered" and not item.origin else ""
        if isinstance(condition, fx.ActivationCondition):
            holds = self.conditions_hold((condition,), item.controller,
                                         self._source_pid(item), item.it)
        else:
            holds = not condition or (
                self.object_condition(condition, item.source, item.it)
                if condition in ("evolve", "soulbond") else self.condition_holds(condition))
        if not holds:
            # 603.4: an intervening "if" is checked again on resolution
            self.log("trigger_removed", card=d.name, reason="condition_false")
            return
        effect = self.effect_of(item)
        chosen = [(path, c) for path, codes in item.targets.items() for c in codes]
        if chosen:
            legal = [c for path, c in chosen if self._legal_target(
                selector_of(self.node_at(effect, path)), c, item)]
            if not legal and item.alt == "bestow" and item.kind == "spell":
                # 702.103e: a bestowed spell whose target is illegal stops being
                # bestowed and resolves as an enchantment creature spell
                item.alt, item.targets, effect = "", {}, None
                d = self.item_def(item)
                self.log("unbestowed", card=d.name, id=item.sid)
                legal = [-1]
            if not legal:
                self.log("fizzle", card=d.name, id=item.sid)
                if item.kind == "spell":
                    self.spell_leaves_stack(item)
                return
        self.log("resolve", card=d.name, id=item.sid, player=item.controller)
        if item.kind == "spell" and "ascend" in d.keywords and \
                effect is not None and not self.blessed[item.controller] and sum(
                1 for perm in self.battlefield.values()
                if perm.controller == item.controller) >= 10:
            self.bless(item.controller)  # 702.131a: an instant's or sorcery's ascend
        if item.kind == "spell" and effect is None:
            devour = next((s for s in d.statics if isinstance(s, fx.Devour)), None)
            if devour is not None and self.devour_options(item.controller, devour, []):
                # Rule 702.82a: as it enters, its controller chooses what to sacrifice
                self.res = {"item": item, "queue": [], "it": None, "it_controller": None,
                            "asks": [], "devour": []}
                self.decision = {"kind": "devour", "player": item.controller}
                return
            if d.statics and self.begin_enter_as_copy(item):
                return  # 707.5: its controller chooses what it enters as a copy of
            if "unleash" in d.keywords:  # 702.98a: with a +1/+1 counter?
                self.res = {"item": item, "queue": [], "it": None, "it_controller": None,
                            "asks": []}
                self.decision = {"kind": "yesno", "player": item.controller,
                                 "unleash": item.sid}
                return
            if "riot" in d.keywords:  # 702.136a: a +1/+1 counter (yes) or haste?
                self.res = {"item": item, "queue": [], "it": None, "it_controller": None,
                            "asks": []}
                self.decision = {"kind": "yesno", "player": item.controller,
                                 "riot": item.sid}
                return
            face_down = item.alt == "face_down"  # 708.4: it enters face down
            self.enter_from_stack(item, item.extra_counters,
                                       face_down=face_down, cast_face_down=face_down,
                                       face_down_ward=face_down and d.triggered != ())
            return
        self.res = {"item": item, "queue": [""], "it": item.it,
                    "it_controller": item.it_controller, "asks": [],
                    **({"moved": list(item.cards)} if item.cards else {})}
        if item.kind == "triggered" and not item.origin and \
                d.triggered[item.index].optional:
            self.res["queue"] = []
            if self._can_do_first(item.controller, d.triggered[item.index].effect):
                self.res["asking"] = ""
                self.decision = {"kind": "yesno", "player": item.controller}

    def _resume(self) -> None:
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        root = self.effect_of(item)
        asks = res["asks"]
        while asks:
            what, p, left, path = asks[0][:4]
            node = self.node_at(root, path)
            if what in LIBRARY_ASKS:
                if self.library_step(asks[0], node):
                    return
            elif what == "discard":
                if left > 0 and self.hand[p] and not self.lost[p]:
                    self.decision = {"kind": "discard", "player": p}
                    return
            elif what == "draw":  # each draw may be replaced by dredge (702.52a)
                while left > 0 and not self.lost[p]:
                    if self.draw_asking(p):
                        return  # (the answer draws or dredges: one fewer left)
                    self.draw(p)
                    left = asks[0][2] = left - 1
            elif what == "pile":  # SacrificePile: the first pile, then the choice
                if self.pile_step(asks[0]):
                    return
            elif what == "peek":  # PeekTop: the controller sees it, then decides
                library = self.library[p]
                if left > 0 and library and not self.lost[p]:
                    self.log("peek", player=item.controller, whose=p,
                             card=self.name_of(library[-1]))
                    self.decision = {"kind": "yesno", "player": item.controller,
                                     "peek": p}
                    return
            elif what == "explore":  # Explore (701.44a)
                if left > 0 and self.explore_step(p, asks[0][4]):
                    return
            elif what == "clash":  # 701.23a: top or bottom, each in turn
                library = self.library[p]
                if left > 0 and library and library[-1] == asks[0][4]:
                    self.decision = {"kind": "yesno", "player": p, "clash": asks[0][4]}
                    return
            elif what == "top_bottom":  # PutOnLibrary.owner_chooses: the bottom?
                if left > 0 and asks[0][4] in self.battlefield and not self.lost[p]:
                    self.decision = {"kind": "yesno", "player": p,
                                     "to_bottom": asks[0][4]}
                    return
            elif what == "top_bottom_move":  # then all of them at once (401.4)
                asks[0][2] = 0  # (the order asks it queues come after it)
                self.owners_put_on_library(asks[0][4], path)
            elif what == "myriad":  # 702.116a: "you may", for each of them
                if left > 0 and not self.lost[p] and not self.lost[asks[0][4]]:
                    self.decision = {"kind": "yesno", "player": p, "myriad": asks[0][4]}
                    return
            elif what == "connive":  # 701.50a: draw, then discard, then counters
                marker = len(res.setdefault("discarded_cards", []))
                asks[1:1] = [["draw", p, left, path], ["discard", p, left, path],
                             ["connived", p, left, path, asks[0][4], marker]]
            elif what == "connived":
                self.connived(asks[0][4], res["discarded_cards"][asks[0][5]:])
            elif what == "put_back":  # PutFromHand: one card at a time
                if node.destination == "battlefield":
                    if left > 0 and not self.lost[p] and any(
                            self.card_matches(node.filter, c) for c in self.hand[p]):
                        self.decision = {"kind": "bottom", "player": p,
                                         "put": "battlefield"}
                        return
                elif left > 0 and self.hand[p] and not self.lost[p]:
                    self.decision = {"kind": "bottom", "player": p,
                                     "put": node.destination if node.destination in (
                                         "foretold", "exile")
                                     else "bottom" if node.bottom else "top"}
                    return
            elif what == "dread":
                library = self.library[p]
                if left > 0 and library and not self.lost[p]:
                    if len(library) >= 2:
                        self.decision = {"kind": "dread", "player": p}
                        return
                    self.manifested(self.manifest(p, library[-1]))  # one card: no choice
            else:
                options = [pid for pid, perm in self.battlefield.items()
                           if perm.controller == p and perm.slot >= 0
                           and self.matches(node.filter, pid, p)]
                up_to = isinstance(node, fx.Sacrifice) and node.up_to
                if left > 0 and options and not self.lost[p]:
                    # a sacrifice, or "return a land you control to its owner's hand"
                    dest = "hand" if what == "return" else "graveyard"
                    if up_to:  # "sacrifice up to three": one at a time, or done
                        self.decision = {"kind": "sacrifice", "player": p,
                                         "options": options, "up_to": True}
                        return
                    if len(options) <= left:
                        self.sacrifice_chosen(options, dest)
                    else:
                        self.decision = {"kind": "sacrifice", "player": p,
                                         "options": options,
                                         **({"dest": dest} if dest == "hand" else {})}
                        return
            asks.pop(0)
        queue = res["queue"]
        while queue:
            if self.pending_triggers:
                self.close_batches()  # (each step's events are one batch, 603.2c)
            path = queue.pop(0)
            node = self.node_at(root, path)
            if isinstance(node, fx.IfYouDo) and isinstance(node.steps[0], fx.Draw):
                # "you may draw a card. if you do, ...": done if the cards were there
                p = item.controller
                drew = len(self.library[p]) >= self.amount(node.steps[0].count)
                execute(self, node.steps[0], self._child(path, 0))
                if drew:
                    queue[:0] = [self._child(path, i) for i in range(1, len(node.steps))]
            elif isinstance(node, fx.Pair):  # soulbond (702.95a)
                source = self._source_pid(item)
                if source is None:
                    continue
                if node.partner is None:
                    options = self.pair_options(source) \
                        if self.can_pair(source, None) else []
                    if options and not self.lost[item.controller]:
                        self.decision = {"kind": "copy", "player": item.controller,
                                         "options": options, "pair": source}
                        return
                else:
                    for pid in self.select(node.partner, path):
                        self.pair(source, pid)
            elif isinstance(node, fx.AnyOpponentMay):
                if self._ask_an_opponent(item, node, path):
                    return
            elif isinstance(node, fx.EachPlayerMay):
                if self._ask_each_player(path):
                    return
            elif isinstance(node, fx.Sequence):
                queue[:0] = [self._child(path, i) for i in range(len(node.steps))]
            elif isinstance(node, fx.Choose):
                queue[:0] = [self._child(path, m) for m in item.modes.get(path, [])]
            elif isinstance(node, fx.MayDo):
                if not self._can_do_first(item.controller, node.effect):
                    continue  # 118.3: can't pay, so doesn't: "if you do" doesn't happen
                res["asking"] = self._child(path, 0)
                self.decision = {"kind": "yesno", "player": item.controller}
                return
            elif isinstance(node, fx.PayCost):
                self._pay_cost(item, node)
            elif isinstance(node, fx.Cascade):
                if self.cascade(item):
                    return
            elif isinstance(node, fx.CastExiled):
                if self.cast_rebound(item):
                    return
            elif isinstance(node, fx.SuspendTick):
                self.suspend_tick(item)
            elif isinstance(node, fx.MoveChosenCards):  # chosen as it resolves
                if self.choose_cards_step(item, node, path):
                    queue.insert(0, path)  # (asked again after each card chosen)
                    return
            elif isinstance(node, fx.CastCopy):  # 707.12
                if self.cast_copy_step(item, node, path):
                    queue.insert(0, path)  # (the next copy after this one)
                    return
            elif isinstance(node, fx.CopySpell):  # 707.10
                if self.copy_step(item, node, path):
                    queue.insert(0, path)  # (the next copy after this one)
                    return
            elif isinstance(node, fx.Fabricate):  # 702.123a
                res["fabricate"] = path
                if item.source in self.battlefield and not self.lost[item.controller]:
                    self.decision = {"kind": "yesno", "player": item.controller,
                                     "fabricate": path}
                    return
                self.fabricate(False)  # gone: no counters to put, so the tokens
            elif isinstance(node, fx.Miracle):
                if self.miracle_asks(item):
                    return
            elif isinstance(node, fx.MadnessCast):
                if self.madness_asks(item, node):
                    return
            elif isinstance(node, fx.EachChooses):
                if self._ask_each_chooses(item, node, path):
                    return
            elif isinstance(node, fx.TapAny):
                res["those"] = []  # (none tapped until chosen)
                if self.tap_any_options(item.controller, node, []) and \
                        not self.lost[item.controller]:
                    self.decision = {"kind": "tap_any", "player": item.controller,
                                     "path": path, "chosen": []}
                    return
            elif isinstance(node, fx.Proliferate):
                if self.proliferate_options(item.controller, []) and \
                        not self.lost[item.controller]:
                    self.decision = {"kind": "proliferate", "player": item.controller,
                                     "chosen": []}
                    return
            elif isinstance(node, fx.Unless):
                payer = self._unless_payer(item, node, path)
                if payer is not None and self._can_pay_unless(item, node.cost, payer):
                    self.decision = {"kind": "yesno", "player": payer,
                                     "unless": path}
                    return
                queue.insert(0, self._child(path, 0))  # 118.3: can't pay, so it happens
            elif isinstance(node, fx.IfKicked):
                if item.kicked:
                    queue.insert(0, self._child(path, 0))
            elif isinstance(node, fx.IfMainPhase):
                if self.in_main_phase(item):
                    queue.insert(0, self._child(path, 0))
            elif isinstance(node, fx.IfSacrificedWas):  # "... was a Human"
                if any(self.def_matches(node.filter, self.defs[i])
                       for i in item.sacrificed_as):
                    queue.insert(0, self._child(path, 0))
            elif isinstance(node, fx.IfTargetIs):  # "if it's blue" (608.2c)
                inner = self._child(path, 0)
                you = item.controller
                source = self._source_pid(item)
                if any(self.spell_matches(node.filter, s, you)
                       if (s := next((s for s in self.stack if s.sid == code), None))
                       is not None else code >= 0 and code in self.battlefield
                       and self.matches(node.filter, code, you, source)
                       for code in self.select(selector_of(node.effect), inner)):
                    queue.insert(0, inner)
            elif isinstance(node, fx.IfHolds):  # checked as it resolves (608.2c)
                if self.conditions_hold((node.condition,), item.controller,
                                        self._source_pid(item), res.get("it")):
                    queue.insert(0, self._child(path, 0))
            elif isinstance(node, fx.IfMovedWas):  # "if it was a creature card"
                if any(self.card_matches(node.filter, c)
                       for c in res.get("moved_cards", ())):
                    queue.insert(0, self._child(path, 0))
            elif isinstance(node, fx.RevealTop):
                if self.reveal_top(node, path) and node.effect is not None:
                    queue.insert(0, self._child(path, 0))
            elif isinstance(node, fx.Clash):  # rule 701.23
                if self.clash(item, node, path):
                    return
            elif isinstance(node, fx.FlipCoin):  # rule 705
                won = self.flip_coin(item.controller)
                branch = node.win if won else node.lose
                if branch is not None:
                    queue.insert(0, self._child(path, 0 if won else 1))
            elif isinstance(node, fx.RollDice):  # rule 706: the row of the total
                rolled = self.roll_dice(item.controller, node.sides,
                                        self.amount(node.count), node.keep)
                total = sum(rolled)
                res["die_result"] = total
                if node.choose and len(rolled) == 2:  # "and choose one result"
                    res["die_result"], res["other_result"] = rolled
                    if rolled[0] != rolled[1] and not self.lost[item.controller]:
                        self.decision = {"kind": "yesno", "player": item.controller,
                                         "die_choice": rolled}
                        return
                    continue
                row = next((i for i, (low, high) in enumerate(node.ranges)
                            if low <= total <= high), None)
                if row is not None:
                    queue.insert(0, self._child(path, row))
            elif isinstance(node, fx.Discard):
                for p in self.select_players(node.who, path):
                    n = self.amount(node.count, p)  # ("their hand": each player's)
                    discarded = res.setdefault("discarded", {})
                    discarded[p] = discarded.get(p, 0) + min(n, len(self.hand[p]))
                    if self._replace_discard(p, n):
                        continue
                    if node.at_random:
                        for _ in range(n):
                            if self.hand[p]:
                                self._discard(p, self.hand[p][self.dice.index(
                                    len(self.hand[p]))], item.controller)
                    else:
                        asks.append(["discard", p, n, path])
                if asks:
                    return
            elif isinstance(node, fx.CastFromHand):
                if self.cast_from_hand_offer(item, node, path):
                    return
            elif isinstance(node, fx.PlayFree):
                if self.play_free_offer(item, node, path):
                    queue.insert(0, path)  # (the next of "those cards" after it)
                    return
            elif isinstance(node, fx.SacrificePile):
                for p in self.select_players(node.who, path):
                    asks.append(["pile", p, 0, path])
                if asks:
                    return
            elif isinstance(node, fx.PeekTop):
                for p in self.select_players(node.who, path):
                    asks.append(["peek", p, 1, path])
                if asks:
                    return
            elif isinstance(node, fx.Explore):  # 701.44a: each explorer in turn
                for pid in self.select(node.what, path):
                    if pid in self.battlefield:
                        asks.append(["explore", self.battlefield[pid].controller, 1,
                                     path, pid])
                if asks:
                    return
            elif isinstance(node, fx.Populate):
                if self.populate(item, path):
                    return
            elif isinstance(node, fx.Myriad):  # 702.116a: one ask per opponent
                for q in self._turn_order(item.controller):
                    if q not in (item.controller, item.defending) and not self.lost[q]:
                        asks.append(["myriad", item.controller, 1, path, q])
                if asks:
                    return
            elif isinstance(node, fx.Connive):
                if self.connive_asks(node, path):
                    return
            elif isinstance(node, fx.PutFromHand):
                if node.destination == "battlefield":
                    self.manifested(None)  # "it": the permanent put, if one is
                elif node.destination == "exile":  # "that card", "exiled this way"
                    res["moved"] = res["moved_cards"] = []
                for p in self.select_players(node.who, path):
                    asks.append(["put_back", p, node.count, path])
                if asks:
                    return
            elif isinstance(node, (fx.Sacrifice, fx.ReturnChosen)):
                what = "sacrifice" if isinstance(node, fx.Sacrifice) else "return"
                for p in self.select_players(node.who, path):
                    asks.append([what, p, self.amount(node.count, p), path])
                return
            elif isinstance(node, fx.CounterUnlessPays):
                sid = next(iter(self.select(node.what, path)), None)
                obj = next((s for s in self.stack if s.sid == sid), None)
                if obj is not None:
                    if self._can_pay_tax(obj.controller, node):
                        self.decision = {"kind": "yesno", "player": obj.controller,
                                         "pay": sid, "path": path}
                        return
                    self.counter(sid, node.dest)
            elif isinstance(node, fx.Destroy) and not node.no_regenerate and \
                    self.replacements and (ask := self.order_question(
                        [c for c in self.select(node.what, path) if c >= 0])) is not None:
                queue.insert(0, path)  # 616.1: asked, then destroyed
                self.ask_order(ask)
                return
            elif isinstance(node, fx.AddMana):
                p = item.controller
                options = sorted(self.mana_options(p, node.options,
                                                   self._source_pid(item)),
                                 key=SYMBOL_ORDER.index)
                amounts = [self._mana_amount(node, p, sym) for sym in options]
                # (the restricted mana's node, for a colour decision: 106.6)
                res["spend"] = path if node.spend_only is not None else None
                if node.combination and len(options) > 1:
                    # 106.1: each mana of its own option, one at a time
                    if amounts[0] > 0 and not self.lost[p]:
                        self.decision = {"kind": "colour", "player": p,
                                         "options": options, "amount": 1,
                                         "left": amounts[0] - 1,
                                         **({"different": True} if node.different
                                            else {})}
                        return
                    continue
                if len(options) > 1 and not self.lost[p]:
                    # the player chooses the colour as the mana is added (106.1b)
                    self.decision = {"kind": "colour", "player": p, "options": options,
                                     "amount": max(amounts), "amounts": amounts}
                    return
                if options:
                    self.add_mana(p, options * amounts[0], self.name_of(item.card),
                                  self._source_pid(item), node.spend_only)
            elif isinstance(node, fx.ManifestDread):
                for p in self.select_players(node.who, path):
                    asks.append(["dread", p, 1, path])
                self.manifested(None)
                return
            elif isinstance(node, (fx.LookAtTop, fx.Dig, fx.Search, fx.ChooseDiscard,
                                   fx.RevealPiles)):
                self.queue_library_asks(node, path, item.controller, asks)
                if asks:
                    return
            elif isinstance(node, fx.ChooseType):  # (chosen as it resolves)
                if not self.lost[item.controller]:
                    self.decision = {"kind": "choose", "player": item.controller,
                                     "what": "creature_type", "resolving": True,
                                     "options": self.choice_options(
                                         None, "creature_type", player=item.controller)}
                    return
            elif isinstance(node, fx.Pump) and node.keyword_choice and \
                    path not in res.setdefault("keyword_chosen", {}) and \
                    not self.lost[item.controller]:
                # "protection from the color of your choice": chosen as it resolves
                queue.insert(0, path)
                self.decision = {"kind": "choose", "player": item.controller,
                                 "what": "keyword", "path": path,
                                 "options": list(node.keyword_choice)}
                return
            elif isinstance(node, fx.EachGraveyardChoice):
                if self.graveyard_choice_step(item, node, path):
                    queue.insert(0, path)  # (the next player's graveyard after it)
                    return
            elif isinstance(node, fx.PutOnLibrary) and node.owner_chooses:
                if self.owners_choose_ends(node, path):
                    return
            elif isinstance(node, fx.Draw) and self._dredging(node, path):
                # 702.52a: a player who may dredge draws one card at a time
                for q in self.select_players(node.who, path):
                    asks.append(["draw", q, self.amount(node.count, q), path])
                return
            else:
                execute(self, node, path)
        card_to = res.get("card_to")
        self.res = None
        if item.is_copy:  # 707.10a: it ceases to exist; no card moves
            return
        d = self.cdef(item.card)
        if item.kind == "spell" and card_to is not None:  # 608.2n: not the graveyard
            owner = self.card_owner[item.card]
            getattr(self, card_to)[owner].append(item.card)
            self.log("spell_card_to", player=owner, card=self.name_of(item.card),
                     to=card_to)
            if card_to == "library":
                self.shuffle_library(owner)
            return
        if item.kind == "spell":
            if "Aura" in d.subtypes or item.alt == "bestow":
                host = next((c for c in item.targets.get("", []) if c in self.battlefield
                             or c < 0 and not self.lost[code_player(c)]), None)
                if host is not None:
                    # 702.103b: a bestowed Aura stays one while attached (its
                    # characteristics: fx.bestowed, as the permanent's base)
                    self.enter_from_stack(
                        item, 0, attached_to=host,
                        copy_def=self._def_number(fx.bestowed(d))
                        if item.alt == "bestow" else -1)
                    return
            if item.bought_back and item.alt != "flashback":
                # 702.27a: to its owner's hand as it resolves (flashback's exile,
                # 702.34a, applies to a spell cast from a graveyard)
                self.spell_leaves_stack(item, "hand")
                self.log("bought_back", player=self.card_owner[item.card],
                         card=d.name)
                return
            if item.to_hand:  # (NextSpellToHand, 614.1a)
                self.spell_leaves_stack(item, "hand")
                self.log("spell_card_to", player=self.card_owner[item.card],
                         card=d.name, to="hand")
                return
            if d.rebound and item.zone == "" and item.alt != "flashback":
                self.rebound(item)  # 702.88a: cast from its owner's hand
                return
            self.spell_leaves_stack(item)

    def cascade(self, item: StackItem) -> bool:
        """Cascade's ability resolves (702.85a): ``item``'s controller exiles cards from
        the top of their library until a nonland card of lesser mana value than the
        spell's (event ``cascade``), and is asked whether to cast it without paying
        its mana cost (a ``yesno`` decision with ``"cascade"``: the card) when it can
        be cast so (its targets there, its additional costs payable); True if asked."""
        p = item.controller
        value = self.cdef(item.card).mana_value
        library = self.library[p]
        exiled: list[int] = []
        hit = None
        while library and not self.lost[p]:
            card = library.pop()
            self.exile[p].append(card)
            exiled.append(card)
            d = self.cdef(card)
            if not d.is_land and d.mana_value < value:
                hit = card
                break
        self.log("cascade", player=p, card=self.name_of(item.card),
                 exiled=[self.name_of(c) for c in exiled],
                 hit=self.name_of(hit) if hit is not None else None)
        self.res["cascade"] = exiled  # type: ignore[index]
        if hit is not None and self.castable_as(
                StackItem(sid=-1, kind="spell", controller=p, card=hit), "free"):
            self.decision = {"kind": "yesno", "player": p, "cascade": hit}
            return True
        self.cascade_done(None)
        return False

    def play_free_offer(self, item: StackItem, node: fx.PlayFree, path: str) -> bool:
        """:class:`~effects.PlayFree` (hideaway, 702.75a): ask ``item``'s controller
        whether to play the card exiled with its source (a ``yesno`` decision with
        ``"play_free"``: the card) when the condition holds and it can be played now:
        a land while they may play a land (their turn, a land play left: the land is
        played, 305.1), a spell when it can be cast without paying its mana cost
        (its targets there). True if asked."""
        p = item.controller
        if self.lost[p] or node.condition is not None and not self.conditions_hold(
                (node.condition,), p, self._source_pid(item)):
            return False
        offered = self.res.setdefault("free_offered", [])  # type: ignore[union-attr]
        for card in self.cards_named(node.what, path):
            if card in offered:
                continue
            offered.append(card)
            if self.cdef(card).is_land:
                if self.active != p or not self.can_play_land(p):
                    continue
            elif not self.castable_as(
                    self.spell_probe(p, card), "free"):
                continue
            self.decision = {"kind": "yesno", "player": p, "play_free": card}
            return True
        return False

    def cast_from_hand_offer(self, item: StackItem, node: fx.CastFromHand,
                             path: str) -> bool:
        """:class:`~effects.CastFromHand`: offer ``item``'s controller the cards of
        their hand ``node.filter`` matches that can be cast without paying their mana
        cost now (a ``bottom`` decision with ``"put": "cast_free"``, its ``options``
        and "done" to cast none). True if asked."""
        p = item.controller
        if self.lost[p]:
            return False
        options = [c for c in self.hand[p] if not self.cdef(c).is_land
                   and self.card_matches(node.filter, c)
                   and self.castable_as(StackItem(sid=-1, kind="spell", controller=p,
                                                  card=c), "free")]
        if not options:
            return False
        self.decision = {"kind": "bottom", "player": p, "put": "cast_free",
                         "options": options}
        return True

    def play_free(self, p: int, card: int) -> None:
        """``p`` plays ``card`` from exile (or its hand) without paying its mana cost:
        a land is played (a land play used), a spell cast at once (608.2g)."""
        if self.cdef(card).is_land:
            self.play_land(p, card, paid_life=False)
        elif card in self.hand[p]:
            self._cast(p, card, zone="hand_free")
        else:
            self._cast(p, card, zone="cascade")

    def cascade_done(self, cast: int | None) -> None:
        """The end of cascade (702.85a): the exiled cards not cast go to the bottom of
        their owner's library in a random order; ``cast`` (a card, or None) is cast
        without paying its mana cost (its casting completes before the ability
        finishes resolving, 608.2g)."""
        item: StackItem = self.res["item"]  # type: ignore[index]
        p = item.controller
        rest = [c for c in self.res.pop("cascade") if c != cast]  # type: ignore[union-attr]
        self.dice.shuffle(rest)
        for card in rest:
            self.exile[p].remove(card)
            self.library[p].insert(0, card)
        if cast is not None:
            self._cast(p, cast, zone="cascade")

    # ------------------------------------------------------------ miracle (702.94)
    def miracle_drawn(self, p: int, card: int) -> None:
        """``p`` drew ``card``, the first card it drew this turn, and ``card`` has
        miracle (702.94a): it is revealed and its miracle ability triggers (event
        ``miracle``). *Automated*: the card is revealed exactly when it could be
        cast for its miracle cost now (a player who cannot pay gains nothing by
        showing it); whether to cast it is its player's choice as the ability
        resolves (:meth:`miracle_asks`)."""
        d = self.cdef(card)
        if self.lost[p] or not self.castable_as(
                self.spell_probe(p, card), "miracle"):
            return
        if card not in self.public_hand:
            self.public_hand.append(card)  # every player has seen it (701.20)
        self.log("miracle", player=p, card=d.name)
        self.pending_triggers.append({
            "controller": p, "card": card, "source": None, "index": d.miracle[0],  # type: ignore[index]
            "it": None, "defending": None, "it_controller": p, "keywords": [],
            "face": self.card_def[card]})

    def madness_discard(self, p: int, card: int) -> None:
        """``p`` discards ``card``, which has madness (702.35a): it is discarded into
        exile (event ``discard`` with ``to`` ``exile``) and its madness ability
        triggers. *Automated*: a card with madness is always discarded into exile
        (its owner chooses as the ability resolves whether to cast it; declining
        puts it into the graveyard)."""
        d = self.cdef(card)
        if card in self.public_hand:
            self.public_hand.remove(card)
        self.log("discard", player=p, card=d.name, to="exile")
        self.exile[p].append(card)
        self.exiled_yours(p, [card])
        face, index = self.card_def[card], d.madness[0] if d.madness else -1
        if self.granted_madness(card):  # (its own, if any, may be chosen as it resolves)
            face = self._def_number(dataclasses.replace(
                d, triggered=d.triggered + (fx.GRANTED_MADNESS,)))
            index = len(d.triggered)
        self.pending_triggers.append({
            "controller": p, "card": card, "source": None, "index": index,
            "it": None, "defending": None, "it_controller": p, "keywords": [],
            "face": face})

    def granted_madness(self, card: int) -> bool:
        """Whether ``card`` (not on the battlefield) has madness from a permanent's
        :class:`~effects.GrantMadness` its owner controls (113.6)."""
        owner = self.card_owner[card]
        return any(you == owner and self.card_matches(static.cards, card)
                   for you, static in self.statics_of(fx.GrantMadness))

    def madness_asks(self, item: StackItem, node: fx.MadnessCast) -> bool:
        """Madness's ability resolves (702.35a): its owner is asked whether to cast
        the card (a ``yesno`` decision with ``"madness"``) when it is still in exile
        and can be cast for its madness cost; True if asked. Otherwise (and when
        they decline) it is put into its owner's graveyard. The madness a
        :class:`~effects.GrantMadness` gave (``node.mana_cost``) casts it for its
        mana cost (``"madness_mana_cost"``); a card that also has its own madness is
        asked first about its own cost, then (declined) about its mana cost. (The
        rules have its owner choose as it is discarded which of the two exiles it;
        asked here instead, with the same choices, nothing in between.)"""
        p, card = item.controller, item.card
        if card not in self.exile[p]:
            return False
        if self.cdef(card).madness is not None and self._madness_castable(p, card, "madness"):
            self.decision = {"kind": "yesno", "player": p, "madness": card,
                             **({"or_mana_cost": True} if node.mana_cost else {})}
            return True
        if node.mana_cost and self.madness_mana_cost_asks(p, card):
            return True
        self.madness_declined(p, card)
        return False

    def _madness_castable(self, p: int, card: int, alt: str) -> bool:
        """Whether ``p`` could cast ``card`` from exile for madness cost ``alt`` now
        (a card with no mana cost can't be cast for it, 202.1b)."""
        if alt == "madness_mana_cost" and self.cdef(card).cost is None:
            return False
        return not self.lost[p] and self.castable_as(
            self.spell_probe(p, card), alt)

    def madness_mana_cost_asks(self, p: int, card: int) -> bool:
        """The granted madness: ``p`` is asked whether to cast ``card`` for its mana
        cost (a ``yesno`` with ``"madness_mana_cost"``) if they can; True if asked."""
        if card in self.exile[p] and self._madness_castable(p, card, "madness_mana_cost"):
            self.decision = {"kind": "yesno", "player": p, "madness_mana_cost": card}
            return True
        return False

    def madness_declined(self, p: int, card: int) -> None:
        """702.35a: the owner didn't cast it: it goes from exile to the graveyard."""
        if self.take_card(card, "exile"):
            self.log("card_moved", card=self.name_of(card), player=p, to="graveyard",
                     **{"from": "exile"})
            self.to_graveyard(card)

    def miracle_asks(self, item: StackItem) -> bool:
        """Miracle's ability resolves (702.94a): its controller is asked whether to
        cast the card (a ``yesno`` decision with ``"miracle"``: the card) when it is
        still in their hand and can be cast for its miracle cost; True if asked."""
        p, card = item.controller, item.card
        if card in self.hand[p] and self.castable_as(
                self.spell_probe(p, card), "miracle"):
            self.decision = {"kind": "yesno", "player": p, "miracle": card}
            return True
        return False

    def spell_leaves_stack(self, item: StackItem, dest: str = "graveyard") -> None:
        """A spell that resolved, was countered or fizzled goes to its owner's
        graveyard, or to exile if it was cast with flashback (702.34a); a spell
        countered "this way" by a counterspell with a replacement goes to ``dest``
        instead (614.1a: exile, its owner's hand, the top or bottom of its library).
        A flashback spell countered so is exiled all the same: both replacements
        would apply and its controller chooses (616.1); the engine applies
        flashback's."""
        if item.is_copy:  # 707.10a, 704.5e: a copy ceases to exist
            return
        owner = self.card_owner[item.card]
        if item.alt == "flashback" and self.exiled_after(item.card):
            self.exile[owner].append(item.card)
            self.log("flashback_exiled", player=owner, card=self.name_of(item.card))
            return
        if dest == "graveyard":
            self.to_graveyard(item.card)
            return
        zone = {"exile": self.exile, "hand": self.hand}.get(dest, self.library)[owner]
        if dest == "library_bottom":
            zone.insert(0, item.card)
        else:
            zone.append(item.card)  # (the library's top is its last card)

    def create_delayed(self, node: fx.Delayed, path: str) -> None:
        """Rule 603.7a: the resolving object creates a delayed triggered ability
        (controlled by its controller) that triggers once ``node.when``; ``it`` is
        what the resolving object's ``it`` names now."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        self.delayed.append({
            "when": node.when, "turn": self.turn, "controller": item.controller,
            "card": item.card,
            "source": item.source, "origin": item.kind, "index": item.index,
            "path": path, "it": res.get("it"), "shape": item.shape,
            "it_controller": res.get("it_controller"), "keywords": list(item.keywords),
            "face": item.face,
            **({"cards": list(res["moved"])} if res.get("moved") else {}),
            # (the return of the cards an ExileInsteadThisTurn will exile)
            **({"tag": res["exile_instead"]} if "exile_instead" in res else {})})

    def sacrifice_chosen(self, pids: list[int], dest: str = "graveyard") -> None:
        """Move the permanents a :class:`~effects.Sacrifice` (or, to the hand,
        :class:`~effects.ReturnChosen`) of the resolving object chose; the last one's
        power, toughness and mana value as it last existed are kept for "that
        creature's toughness" later in the effect (608.2h, ``StatOf("...",
        "sacrificed")``)."""
        res = self.res
        if res is not None and pids and pids[-1] in self.battlefield:
            power, toughness = self.chars(pids[-1])[:2]
            res["sacrificed_lki"] = (power, toughness, self.pdef(pids[-1]).mana_value)
        if dest == "graveyard" and res is not None:  # "for each creature sacrificed
            # this way" (the amount "sacrificed_total")
            res["sacrificed_total"] = res.get("sacrificed_total", 0) + sum(
                1 for pid in set(pids) if pid in self.battlefield)
            # "the greatest power among creatures sacrificed this way" (608.2h: as
            # they last existed; the amount "sacrificed_power")
            res["sacrificed_power"] = max([res.get("sacrificed_power", 0)] + [
                self.chars(pid)[0] for pid in pids
                if pid in self.battlefield and self.is_creature(pid)])
        if dest == "graveyard":
            self.sacrifice(pids)  # 701.21a (its triggers: objects.py)
        else:
            self.move_permanents(pids, dest)

    def _can_pay_tax(self, p: int, node: fx.CounterUnlessPays) -> bool:
        """Whether ``p`` can pay what ``node`` asks (rule 118.3: a player can't pay
        a cost without the resources; 119.4: life only up to its life total; cards
        to discard only from a hand that holds them). A seat that pays no mana (an
        automated player) never pays an optional cost."""
        mana = self._tax_mana(node) if node.mana is not None else None
        return len(self.hand[p]) >= node.discard and self._can_afford(p, mana, node.life)

    def _can_afford(self, p: int, mana: Any, life: int) -> bool:
        """Whether ``p`` can pay ``mana`` (None: none) and ``life`` now (118.3; 119.4:
        life only up to its total); a seat that pays no mana never pays one."""
        if self._pays_no_mana(p):
            return False
        if mana is not None and not self._can_pay(p, mana, other=True):
            return False
        return not life or self.life[p] >= life

    def _pay_mana_and_life(self, p: int, mana: Any, life: int) -> None:
        """``p`` pays ``mana`` (None: none) and ``life`` (checked by
        :meth:`_can_afford`)."""
        if mana is not None:
            self._pay(self._payment(p, mana, other=True), p)
        if life:
            self.lose_life(p, life)

    def _dredging(self, node: fx.Draw, path: str) -> bool:
        """Whether a player ``node`` makes draw may replace a draw with dredge."""
        return any(self.dredge_options(q) for q in self.select_players(node.who, path))

    def _can_do_first(self, p: int, node: Any) -> bool:
        """Whether ``p`` may answer yes to the optional ``node``: a payment it starts
        with must be affordable (rule 118.3: no paying without the means; 119.4: no
        more life than one has), and the action of an :class:`~effects.IfYouDo`
        possible (608.2d: a card to discard, a permanent to sacrifice), so that "if
        you do" holds exactly when the player said yes."""
        first = node.steps[0] if isinstance(node, fx.Sequence) else node
        if isinstance(first, fx.PayCost):
            if isinstance(node, fx.IfYouDo) and node.steps[1:2] == (
                    fx.MoveCards(fx.Ref("died_card"), "exile"),) and \
                    not self.cards_named(fx.Ref("died_card"), ""):
                return False  # "pay {1} and exile it": the card has left (400.7)
            return self._can_pay_cost(p, first)
        if isinstance(first, fx.PutFromHand) and first.destination == "battlefield":
            # "you may put an Equipment card from your hand onto the battlefield"
            return any(self.card_matches(first.filter, c) for c in self.hand[p])
        if not isinstance(node, fx.IfYouDo):
            return True
        if isinstance(first, fx.Discard):
            return len(self.hand[p]) >= self.amount(first.count)
        if isinstance(first, fx.MoveChosenCards):  # a card to choose (608.2d)
            return any(self.card_matches(first.filter, c)
                       for c in self.cards_named(first.what, ""))
        if isinstance(first, fx.Exile) and first.what == fx.Ref("self"):
            # "you may exile this. if you do, ...": only while this is still the
            # permanent the ability came from (400.7)
            return self._source_pid(self.res["item"]) is not None
        if not isinstance(first, fx.Sacrifice):
            return True  # a draw: tried, and done if the cards were there
        mine = sum(1 for pid, perm in self.battlefield.items()
                   if perm.controller == p and perm.slot >= 0
                   and self.matches(first.filter, pid, p))
        return mine >= self.amount(first.count)

    def _ask_an_opponent(self, item: StackItem, node: fx.AnyOpponentMay,
                         path: str) -> bool:
        """"Any opponent may sacrifice a creature": ask the next opponent in turn order
        not asked yet who can (118.3); False when none is left (nobody did)."""
        res = self.res
        assert res is not None
        asked = res.setdefault("opponents_asked", {}).setdefault(path, [])
        action = node.action
        for q in self._turn_order(item.controller):
            if q == item.controller or q in asked:
                continue
            asked.append(q)
            if any(perm.controller == q and perm.slot >= 0
                   and self.matches(action.filter, pid, q)
                   for pid, perm in self.battlefield.items()):
                res["queue"].insert(0, path)
                self.decision = {"kind": "yesno", "player": q, "any_opponent": path}
                return True
        return False

    def _ask_each_player(self, path: str) -> bool:
        """"Each player may ...": ask the next player in turn order from the active
        player not asked yet (101.4); when all have answered, the effect happens for
        those who said yes (``Ref("players_who_chose")``). True if asked."""
        res = self.res
        assert res is not None
        asked = res.setdefault("each_asked", {}).setdefault(path, [])
        for q in self._turn_order(self.active):
            if q not in asked:
                asked.append(q)
                res["queue"].insert(0, path)
                self.decision = {"kind": "yesno", "player": q, "each_may": path}
                return True
        res["chose"] = res.get("each_yes", {}).get(path, [])
        res["queue"].insert(0, self._child(path, 0))
        return False

    def each_choose_options(self, item: StackItem, node: fx.EachChooses) -> list[int]:
        """The permanents :class:`~effects.EachChooses`' ``filter`` matches as the
        resolving object's controller sees them (in the order they entered)."""
        source = self._source_pid(item)
        return [pid for pid, perm in self.battlefield.items()
                if perm.slot >= 0 and self.matches(node.filter, pid, item.controller,
                                                   source)]

    def _ask_each_chooses(self, item: StackItem, node: fx.EachChooses,
                          path: str) -> bool:
        """"Starting with you, each player may choose ...": ask the next player in turn
        order from the controller not asked yet (one with nothing to choose is
        skipped); when all have chosen, ``Ref("those_targets")`` names the permanents
        chosen. True if asked."""
        res = self.res
        assert res is not None
        asked = res.setdefault("each_asked", {}).setdefault(path, [])
        chosen = res.setdefault("each_chosen", {}).setdefault(path, [])
        options = self.each_choose_options(item, node)
        for q in self._turn_order(item.controller):
            if q in asked:
                continue
            asked.append(q)
            if options:
                res["queue"].insert(0, path)
                self.decision = {"kind": "choose_permanent", "player": q, "path": path,
                                 "options": options, "optional": node.optional}
                return True
        res["those"] = list(dict.fromkeys(chosen))
        return False

    def each_chose(self, p: int, path: str, pid: int | None) -> None:
        """Player ``p`` chose permanent ``pid`` (None: none) for
        :class:`~effects.EachChooses` (the next player is asked then)."""
        res = self.res
        assert res is not None
        if pid is not None:
            res["each_chosen"][path].append(pid)
        chosen = None if pid is None else fx.FACE_DOWN.name \
            if self.battlefield[pid].face_down else self.name_of(self.battlefield[pid].card)
        self.log("permanent_chosen", player=p, card=self.name_of(res["item"].card),
                 chosen=chosen, id=pid)  # (a face-down one's name stays hidden: 708.5)

    def answer_each_player(self, p: int, path: str, yes: bool) -> None:
        """Player ``p`` answers "each player may ..." (the next one is asked then)."""
        if yes:
            res = self.res
            assert res is not None
            res.setdefault("each_yes", {}).setdefault(path, []).append(p)

    def answer_any_opponent(self, p: int, path: str, yes: bool) -> None:
        """Opponent ``p`` answers "any opponent may ...": yes, they do the action (a
        sacrifice they choose) and then the effect happens, nobody else asked."""
        if not yes:
            return  # (the node is asked again: the next opponent)
        res = self.res
        assert res is not None and res["queue"][0] == path
        node = self.node_at(self.effect_of(res["item"]), path)
        res["queue"][0] = self._child(path, 0)  # (node_at: its effect)
        res["asks"].append(["sacrifice", p, node.action.count, path])
        self.log("opponent_does", player=p, card=self.name_of(res["item"].card))

    def _unless_payer(self, item: StackItem, node: fx.Unless, path: str) -> int | None:
        """Who may pay what :class:`~effects.Unless` ``node`` asks: the resolving
        object's controller, or for a :class:`~effects.Sacrifice` the player its
        effect targets (None: that target is gone or illegal, 608.2b)."""
        if not isinstance(node.cost, fx.Sacrifice):
            return item.controller
        step = node.effect  # (one step with one player target: select names it "it")
        target = next((v for f in dataclasses.fields(step)
                       if isinstance(v := getattr(step, f.name), fx.Target)), None)
        if target is None:
            return None
        self.select(target, self._child(path, 0))
        players = self.select_players(node.cost.who, self._child(path, 1))
        return players[0] if players else None

    def _can_pay_unless(self, item: StackItem, cost: Any, p: int | None = None) -> bool:
        """Whether ``p`` (the controller of resolving ``item`` by default) can pay an
        :class:`~effects.Unless`'s ``cost`` (118.3): a :class:`~effects.PayCost`,
        a :class:`~effects.ReturnChosen` with enough permanents to return, or a
        :class:`~effects.Sacrifice` with a permanent to sacrifice."""
        p = item.controller if p is None else p
        if isinstance(cost, fx.Sacrifice):
            return not self.lost[p] and any(
                perm.controller == p and self.matches(cost.filter, pid, p)
                for pid, perm in self.battlefield.items())
        if isinstance(cost, fx.ReturnChosen):
            return not self.lost[p] and sum(
                1 for pid, perm in self.battlefield.items() if perm.controller == p
                and self.matches(cost.filter, pid, p)) >= cost.count
        return self._can_pay_cost(p, cost)

    def _can_pay_cost(self, p: int, node: fx.PayCost) -> bool:
        if node.energy and (self.energy[p] < node.energy or self.lost[p]):
            return False  # 107.14, 118.3
        mana, life = self._cost_now(node)
        return not self.lost[p] and self._can_afford(p, mana, life)

    def _cost_now(self, node: fx.PayCost) -> tuple[Any, int]:
        """The mana and life ``node`` asks of the resolving object's controller now:
        once, or once for each ``per_counter`` counter on its source (cumulative
        upkeep, 702.24a: none on it, nothing to pay)."""
        if not node.per_counter:
            return node.mana, node.life
        source = self._source_pid(self.res["item"])  # type: ignore[index]
        n = self.battlefield[source].counters.get(node.per_counter, 0) \
            if source is not None and source in self.battlefield else 0
        mana = node.mana
        if mana is not None:
            mana = ManaCost(mana.generic * n, mana.pips * n) if n else None
        return mana, node.life * n

    def _pay_cost(self, item: StackItem, node: fx.PayCost) -> None:
        """Rule 608.2d: the resolving object's controller pays what ``node`` asks."""
        p = item.controller
        mana, life = self._cost_now(node)
        self._pay_mana_and_life(p, mana, life)
        self.pay_energy(p, node.energy)
        self.log("pays_cost", player=p, card=self.name_of(item.card),
                 **({"mana": str(mana)} if mana is not None else {}),
                 **({"life": life} if life else {}),
                 **({"energy": node.energy} if node.energy else {}))

    def proliferate_options(self, p: int, chosen: list[int]) -> list[int]:
        """What ``p`` may still choose to proliferate (701.27a), as target codes:
        permanents with counters, then players with poison or energy counters."""
        out = [pid for pid, perm in self.battlefield.items()
               if perm.slot >= 0 and any(perm.counters.values()) and pid not in chosen]
        out += [player_code(q) for q in self.living()
                if (self.poison[q] or self.energy[q]) and player_code(q) not in chosen]
        return out

    def tap_any_options(self, p: int, node: fx.TapAny, chosen: list[int]) -> list[int]:
        """The untapped permanents ``p`` controls that ``node.filter`` matches, not
        chosen yet (:class:`~effects.TapAny`; one that only chooses: any of them)."""
        source = self._source_pid(self.res["item"]) if self.res is not None else None
        filt, tap = node.filter, node.tap
        return [pid for pid, perm in self.battlefield.items()
                if perm.slot >= 0 and (not tap or perm.controller == p and not perm.tapped)
                and pid not in chosen and self.matches(filt, pid, p, source)]

    def tap_chosen(self, p: int, chosen: list[int], tap: bool = True) -> None:
        """:class:`~effects.TapAny`'s choice made: the chosen permanents still there
        and untapped are tapped at once; "those" names them (``tap`` False: the
        chosen ones still there, untouched)."""
        if not tap:
            self.res["those"] = [pid for pid in chosen  # type: ignore[index]
                                 if pid in self.battlefield]
            return
        tapped = [pid for pid in chosen
                  if pid in self.battlefield and not self.battlefield[pid].tapped]
        for pid in tapped:
            self.battlefield[pid].tapped = True
        if tapped:
            self.tapped_now(tapped)
        self.res["those"] = tapped  # type: ignore[index]

    def proliferate(self, p: int, chosen: list[int]) -> None:
        """Rule 701.27a: each chosen permanent and player gets another counter of each
        kind it has (a Saga's new lore counter triggers its chapter, 714.2b)."""
        for code in chosen:
            if code < 0:
                q = code_player(code)
                for kind in ("poison", "energy"):
                    if getattr(self, kind)[q]:
                        self.add_player_counters(q, kind, 1)
                continue
            if code not in self.battlefield:
                continue
            perm = self.battlefield[code]
            kinds = sorted(k for k, n in perm.counters.items() if n > 0)
            for kind in kinds:
                self.put_counters(code, kind, 1)
            self.log("proliferate", player=p, card=self.name_of(perm.card), id=code,
                     counters=kinds)
            if "lore" in kinds and self.pdef(code).final_chapter:
                self._chapter_triggers(code, perm.counters["lore"] - 1,
                                       perm.counters["lore"])

    def answer_unless(self, path: str, pays: bool) -> None:
        """Rule 118.12: the resolving object's controller decided whether to pay what
        the :class:`~effects.Unless` at ``path`` asks: paid, its effect doesn't
        happen; else it does."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        node = self.node_at(self.effect_of(item), path)
        if pays and isinstance(node.cost, (fx.ReturnChosen, fx.Sacrifice)):
            res["queue"].insert(0, self._child(path, 1))  # chosen as it returns
        elif pays:
            self._pay_cost(item, node.cost)
        else:
            res["queue"].insert(0, self._child(path, 0))

    def _tax_mana(self, node: fx.CounterUnlessPays) -> ManaCost:
        """The mana ``node`` asks for, its ``{X}`` the X announced for the resolving
        spell (107.3: "unless its controller pays {X}")."""
        assert node.mana is not None
        return with_x(node.mana, self.res["item"].x) if node.mana.x else node.mana  # type: ignore[index]

    def pay_tax(self, sid: int, path: str, pays: bool) -> None:
        """The controller of stack object ``sid`` decided whether to pay what the
        :class:`~effects.CounterUnlessPays` at ``path`` of the resolving object asks:
        paid, it stays on the stack; else it is countered."""
        res = self.res
        assert res is not None
        node = self.node_at(self.effect_of(res["item"]), path)
        obj = next((s for s in self.stack if s.sid == sid), None)
        if obj is None:
            return
        if not pays:
            self.counter(sid, node.dest)
            return
        p = obj.controller
        mana = self._tax_mana(node) if node.mana is not None else None
        self._pay_mana_and_life(p, mana, node.life)
        self.log("pays", player=p, card=self.name_of(obj.card), id=sid,
                 **({"mana": str(mana)} if mana is not None else {}),
                 **({"life": node.life} if node.life else {}),
                 **({"discard": node.discard} if node.discard else {}))
        if node.at_random:  # 701.9b: chosen with the game's dice
            for _ in range(node.discard):
                self._discard(p, self.hand[p][self.dice.index(len(self.hand[p]))],
                              res["item"].controller)
        elif node.discard:  # the cards of their choice, one at a time (701.9a)
            res["asks"].append(["discard", p, node.discard, path])

    def _replace_discard(self, p: int, count: int) -> bool:
        """A replacement of "``p`` discards ``count`` cards" (a variant's rule);
        True if it replaced the discard. Magic has none."""
        return False

    # ----------------------------------------------------- the resolving object
    def populate(self, item: StackItem, path: str) -> bool:
        """701.36a: ``item``'s controller copies a creature token they control; with
        more than one, asked (a ``copy`` decision with ``populate``: True). Nothing
        to copy: nothing happens (701.36b)."""
        p = item.controller
        options = [pid for pid, perm in self.battlefield.items()
                   if perm.controller == p and perm.slot >= 0
                   and self.matches(fx.POPULATED, pid, p)]
        if len(options) > 1 and not self.lost[p]:
            self.decision = {"kind": "copy", "player": p, "options": options,
                             "populate": True}
            return True
        self.populated(options[0] if options else None)
        return False

    def populated(self, pid: int | None) -> None:
        """The token populate chose (``pid``) is copied; ``it`` names the copy."""
        made = None
        if pid is not None:
            self.log("populate", player=self.res["item"].controller,
                     of=self.perm_name(pid), id=pid)
            made = self.create_token_copy(pid, self.res["item"].controller,
                                          fx.CopyExtras())
        self.manifested(made)

    def clash(self, item: StackItem, node: fx.Clash, path: str) -> bool:
        """``item``'s controller clashes (701.23) as :class:`~effects.Clash` says;
        True if a decision is asked first (which opponent: the node is then read
        again). The branch it leads to runs after both players put their cards back
        (asks ``clash``)."""
        res = self.res
        assert res is not None
        p = item.controller
        chosen = res.setdefault("clash_with", {})
        if path not in chosen:
            opponents = [q for q in self._turn_order(p) if q != p and not self.lost[q]]
            if len(opponents) > 1 and not self.lost[p]:
                res["queue"].insert(0, path)
                self.decision = {"kind": "choose", "player": p, "what": "opponent",
                                 "options": [str(q) for q in opponents], "clash": path}
                return True
            if not opponents:
                return False  # (no one to clash with: no clash, nothing won)
            chosen[path] = opponents[0]
        q = chosen.pop(path)
        top = {r: self.library[r][-1] if self.library[r] else None for r in (p, q)}
        value = {r: -1 if c is None else self.cdef(c).mana_value for r, c in top.items()}
        won = top[p] is not None and value[p] > value[q]
        self.log("clash", player=p, opponent=q, won=won,
                 card=None if top[p] is None else self.name_of(top[p]),
                 other=None if top[q] is None else self.name_of(top[q]))
        for r in (p, q):  # both clashed (701.23b); the higher card wins (701.23c)
            self._player_triggers("clash", r)
            other = q if r == p else p
            if top[r] is not None and value[r] > value[other]:
                self._player_triggers("clash_won", r)
        for r in self._turn_order(self.active):
            if r in (p, q) and top[r] is not None and not self.lost[r]:
                res["asks"].append(["clash", r, 1, path, top[r]])
        if (node.win if won else node.lose) is not None:
            res["queue"].insert(0, self._child(path, 0 if won else 1))
        return bool(res["asks"])

    def myriad_token(self, q: int) -> None:
        """702.116a: the resolving myriad ability's controller creates a token copy
        of its source (its card's values if it has left), tapped and attacking
        player ``q``, and a delayed triggered ability exiling it at end of combat."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        source = self._source_pid(item)
        values = self.copiable_values(source) if source is not None \
            else self.cdef(item.card)
        made = self.create_copy_of(values, item.controller, fx.CopyExtras())
        self.enter_attacking(made, None, defending=q)
        self.manifested(made)
        self.create_delayed(fx.Delayed("end_of_combat", fx.Myriad().effect),
                            res["asks"][0][3])

    def connive_asks(self, node: fx.Connive, path: str) -> bool:
        """Each permanent ``node`` names connives in turn (701.50a), an ask each
        (True: some). One that left the battlefield connives as it last existed
        (701.50c): this or the object the ability names, controlled by the
        ability's controller; it gets no counter."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        n = self.amount(node.count)
        chosen = [c for c in self.select(node.what, path) if c >= 0]
        if not chosen and isinstance(node.what, fx.Ref) and (
                node.what.name == "self" or (res.get("it") is not None
                                             and res["it"] >= 0)):
            chosen = [-1]  # (gone: last known information)
        for pid in chosen:
            perm = self.battlefield.get(pid)
            p = perm.controller if perm is not None else item.controller
            if n > 0 and not self.lost[p]:
                res["asks"].append(["connive", p, n, path, pid])
                # "when it connives this way" (603.12) waits for it
                res.setdefault("did_from", len(self.events))
        return bool(res["asks"])

    def connived(self, pid: int, discarded: list[int]) -> None:
        """The end of conniving (701.50a, 701.50e): a +1/+1 counter on ``pid`` for
        each nonland card among ``discarded``, if it is still on the battlefield."""
        nonland = sum(1 for c in discarded if not self.cdef(c).is_land)
        self.log("connive", card=self.name_of(self.battlefield[pid].card)
                 if pid in self.battlefield else None, nonland=nonland)
        if nonland and pid in self.battlefield:
            self.put_counters(pid, "+1/+1", nonland)

    def select(self, sel: Any, path: str) -> list[int]:
        """Target codes ``sel`` names for the resolving object (illegal ones dropped)."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        if isinstance(sel, fx.Target):
            codes = [c for c in item.targets.get(path, [])
                     if self._legal_target(sel, c, item)]
            res["those"] = codes  # "each of those creatures" (those_targets)
            if codes:
                # "its controller" later in the ability means the controller now,
                # even after the object is gone (last known information).
                res["it"] = codes[0]
                # a targeted player is "that player" of "that player or that
                # planeswalker's controller" (115.1, 115.4)
                res["it_controller"] = self._controller_of(codes[0]) \
                    if codes[0] >= 0 else code_player(codes[0])
                if sel.same_name is not None:
                    codes = codes + self._same_name(sel.same_name, codes, item)
                if sel.attached is not None:  # "and all Auras ... attached to it"
                    source = self._source_pid(item)
                    codes = codes + [
                        pid for pid, perm in self.battlefield.items()
                        if perm.attached_to in codes and pid not in codes
                        and self.matches(sel.attached, pid, item.controller, source)]
            return codes
        if isinstance(sel, fx.Each):
            you, filt = item.controller, sel.filter
            if filt.controller == fx.ITS_CONTROLLER:
                # "each creature that player or that planeswalker's controller
                # controls": the player an earlier target named
                owner = res.get("it_controller")
                if owner is None:
                    return []
                you, filt = owner, dataclasses.replace(filt, controller="you")
            found = [pid for pid in self.battlefield
                     if self.matches(filt, pid, you, self._source_pid(item))]
            if sel.mana_value is not None:  # counted as it resolves (608.2h)
                n = self.amount(sel.mana_value)
                found = [pid for pid in found if self.pdef(pid).mana_value == n]
            if sel.at_most is not None:  # counted as it resolves (608.2h)
                stat, n = sel.at_most[0], self.amount(sel.at_most[1])
                found = [pid for pid in found if (
                    self.pdef(pid).mana_value if stat == "mana_value"
                    else self.chars(pid)[fx.STATS.index(stat)]) <= n]
            res["those"] = found  # "untap those creatures" (those_targets)
            return found
        name = sel.name
        if name == "self":
            pid = self._source_pid(item)
            return [pid] if pid is not None else []
        if name == "you":
            return [player_code(item.controller)]
        if name == "it":
            it = res.get("it")
            if it is None:
                return []
            if it < 0 or it in self.battlefield:
                return [it]
            # a spell or ability on the stack (a "becomes the target" trigger's)
            return [it] if any(s.sid == it for s in self.stack) else []
        if name == "those_objects":  # a batch trigger's batch (603.2c)
            return [c for c in item.objects if c in self.battlefield]
        if name == "players_who_chose":  # (EachPlayerMay: those who said yes)
            return [player_code(q) for q in res.get("chose", ()) if not self.lost[q]]
        if name == "those_targets":  # the legal targets of the step before
            return [c for c in res.get("those", ())
                    if c < 0 or c in self.battlefield]
        if name == "attacked_by_it":
            # the player or planeswalker the triggering attacker attacks (or, once
            # it has left combat, the defending player it attacked)
            it = res.get("it")
            if it is not None and it in self.attackers:
                code = self._attacked(it, self.attackers[it])
                return [] if code is None else [code]
            d = item.defending
            return [player_code(d)] if d is not None and not self.lost[d] else []
        if name == "exiled_controllers":  # one per permanent exiled (608.2h)
            return [player_code(q) for q in res.get("exiled_controllers", ())
                    if not self.lost[q]]
        if name == "its_controller":
            owner = res.get("it_controller")
            return [player_code(owner)] if owner is not None else []
        if name == "each_opponent":
            return [player_code(p) for p in self._turn_order(item.controller)
                    if p != item.controller]
        if name == "each_player":
            return [player_code(p) for p in self._turn_order(self.active)]
        if name in ("equipped", "enchanted"):
            pid = self._source_pid(item)
            host = self.battlefield[pid].attached_to if pid is not None else None
            return [host] if host is not None and host in self.battlefield else []
        if name == "that_object":
            cause = item.cause
            return [cause] if any(s.sid == cause for s in self.stack) else []
        if name == "damaged_this_way":  # permanents this object dealt damage
            return [pid for pid in res.get("damaged", ())
                    if pid in self.battlefield and self.is_creature(pid)]
        if name == "created_with_this":  # (607.2a)
            return [] if item.source is None else self.tokens_created_with(item.source)
        if name in ("defending_player", "that_player"):
            d = item.defending
            return [player_code(d)] if d is not None and not self.lost[d] else []
        # unresolvable() refuses cards with other refs at deck load
        raise RuntimeError(f"reference {name!r} reached play")

    def _same_name(self, f: fx.Filter, codes: list[int], item: StackItem) -> list[int]:
        """The other permanents matching ``f`` with the name of one of the permanents
        ``codes`` ("and all other creatures with the same name as that creature"); a
        face-down permanent has no name (708.2), so it shares none."""
        bf = self.battlefield
        names = {self.pdef(c).name for c in codes
                 if c >= 0 and c in bf and not bf[c].face_down}
        source = self._source_pid(item)
        return [pid for pid, perm in bf.items()
                if pid not in codes and not perm.face_down
                and self.pdef(pid).name in names
                and self.matches(f, pid, item.controller, source)]

    def manifested(self, pid: int | None) -> None:
        """``Ref("it")`` of the resolving object names permanent ``pid`` from now on
        (the one just manifested; None: it manifested nothing)."""
        res = self.res
        assert res is not None
        res["it"] = pid
        res["it_controller"] = self.battlefield[pid].controller if pid is not None \
            else None

    def unleash(self, counter: bool) -> None:
        """The resolving permanent spell with unleash enters, with a +1/+1 counter
        if its controller chose so (702.98a)."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        self.res = None
        self.log("unleash", player=item.controller, card=self.name_of(item.card),
                 counter=counter)
        self.enter_from_stack(item, int(counter) + item.extra_counters)

    def riot(self, counter: bool) -> None:
        """The resolving permanent spell with riot enters with a +1/+1 counter, or
        with haste, as its controller chose (702.136a)."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        self.res = None
        self.log("riot", player=item.controller, card=self.name_of(item.card),
                 counter=counter)
        self.enter_from_stack(item, item.extra_counters, riot=counter)

    def enter_from_stack(self, item: StackItem, counters: int, **extra: Any) -> int:
        """Permanent spell ``item`` resolves: its card enters under its controller's
        control with ``counters`` +1/+1 counters (608.3); kicked, evoked, the colours
        spent and X go with it. Dashed (702.109a: its dash cost was paid), it has
        haste as long as it stays on the battlefield and returns to its owner's hand
        at the beginning of the next end step (a delayed triggered ability, 603.7)."""
        pid = self._put_onto_battlefield(
            item.card, item.controller, x=item.x, kicked=item.kicked,
            evoked=item.alt == "evoke", spent=item.colours_spent, counters=counters,
            gained=item.gained, **extra)
        if item.exiled_for_cost and pid in self.battlefield:
            # the cards its additional cost exiled are exiled with it (Gorex, 607.2)
            self.exiled_with.extend([pid, card, 0] for card in item.exiled_for_cost
                                    if card in self.exile[self.card_owner[card]])
        if item.suspended and pid in self.battlefield and self.is_creature(pid):
            self.battlefield[pid].lasting.append("haste")  # 702.62a
        if item.alt == "dash" and pid in self.battlefield:
            self.battlefield[pid].lasting.append("haste")
            self.delayed.append({
                "when": "next_end_step", "turn": self.turn, "controller": item.controller,
                "card": item.card, "source": None, "origin": "dash", "index": 0,
                "path": "", "it": pid, "shape": -1, "it_controller": item.controller,
                "keywords": [], "face": -1})
        return pid

    def devour_options(self, p: int, devour: fx.Devour, chosen: list[int]) -> list[int]:
        """The permanents ``p`` may still sacrifice to ``devour`` (rule 702.82a)."""
        return [pid for pid, perm in self.battlefield.items()
                if perm.controller == p and perm.slot >= 0 and pid not in chosen
                and self.matches(devour.filter, pid, p)]

    def devour_done(self) -> None:
        """The devouring creature enters: the chosen permanents are sacrificed (at
        once), then it enters with ``count`` +1/+1 counters per permanent."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        d = self.cdef(item.card)
        devour = next(s for s in d.statics if isinstance(s, fx.Devour))
        eaten = [pid for pid in res["devour"] if pid in self.battlefield]
        self.res = None
        self.log("devour", player=item.controller, card=d.name, count=len(eaten))
        if eaten:
            self.sacrifice(eaten)
        self.enter_from_stack(item, devour.count * len(eaten) + item.extra_counters)

    def _mana_amount(self, node: fx.AddMana, p: int, symbol: str) -> int:
        """How much mana ``node`` adds if ``symbol`` is chosen: its amount, or ``p``'s
        devotion to that colour (Nykthos, Shrine to Nyx)."""
        count = node.amount
        if isinstance(count, fx.Count) and count.what == "devotion" and not count.colour:
            return self.devotion(p, symbol) * count.times
        return self.amount(count)

    def devotion(self, p: int, colour: str) -> int:
        """Rule 700.5: ``p``'s devotion to ``colour``: the mana symbols of that colour
        among the mana costs of the permanents ``p`` controls (a hybrid symbol counts
        once for each of its colours it has; a face-down permanent has no cost)."""
        n = 0
        for pid, perm in self.battlefield.items():
            if perm.controller != p or perm.face_down:
                continue
            cost = self.pdef(pid).cost
            if cost is not None:
                n += sum(1 for pip in cost.pips if colour in pip.split("/"))
        return n

    def amount(self, value: Any, player: int | None = None) -> int:
        """A number of the resolving effect (``"X"``: the value chosen on casting);
        ``player``: the player the effect is acting on (a :class:`~effects.Count` of
        ``that_player``'s hand counts theirs)."""
        if value == "X":
            return max(self.res["item"].x, 0)  # type: ignore[index]
        if isinstance(value, fx.KickedAmount):
            return value.kicked if self.res["item"].kicked else value.normal  # type: ignore[index]
        if isinstance(value, fx.AltAmount):  # (the cost the spell was cast for)
            return self.amount(value.amount if self.res["item"].alt == value.alt  # type: ignore[index]
                               else value.normal, player)
        if isinstance(value, fx.IfAmount):  # checked as it resolves (608.2h)
            item = self.res["item"]  # type: ignore[index]
            asked = item.controller
            if value.condition.kind == "that_player_commander":  # "unless they ..."
                asked = item.defending if item.defending is not None else -1
                if asked < 0:
                    return self.amount(value.normal, player)
            holds = self.conditions_hold((value.condition,), asked,
                                         self._source_pid(item))
            return self.amount(value.instead if holds else value.normal, player)
        if isinstance(value, fx.Plus):  # "x plus 2"
            return self.amount(value.amount, player) + value.plus
        if isinstance(value, fx.Scaled):  # "twice x", "half ..., rounded down"
            n = self.amount(value.amount, player) * value.times
            return -(-n // value.per) if value.up else n // value.per
        if value in ("that_much", "spells_before"):  # ("spells_before": storm's
            # count, the spells cast before the spell this turn, 702.40a)
            return self.res["item"].amount  # type: ignore[index]
        if value == "life_lost":  # "the life lost this way"
            return self.res.get("life_lost", 0)  # type: ignore[union-attr]
        if value == "exiled_total":  # "exile all creatures you control. then create
            # that many ...": the cards the exile before it moved (a token too)
            return len(self.res.get("moved", ()))  # type: ignore[union-attr]
        if value == "exiled_power":  # "the total power of the cards exiled this way"
            return max(0, sum(self.card_power(c)  # (107.1b)
                              for c in self.res.get("moved", ())))  # type: ignore[union-attr]
        if value == "sacrificed_total":  # "for each creature sacrificed this way"
            return self.res.get("sacrificed_total", 0)  # type: ignore[union-attr]
        if value == "sacrificed_power":  # "the greatest power among creatures
            # sacrificed this way" (0 when none was: nothing to gain, 119.10)
            return self.res.get("sacrificed_power", 0)  # type: ignore[union-attr]
        if value == "discarded_total":  # "for each card discarded this way"
            return sum(self.res.get("discarded", {}).values())  # type: ignore[union-attr]
        if value == "discarded_most":  # "the greatest number of cards a player
            # discarded this way" (each player's count as its discard was asked)
            return max(self.res.get("discarded", {0: 0}).values())  # type: ignore[union-attr]
        if value == fx.COMMANDER_CASTS:  # (903.8: the spell of a mana_spent trigger)
            it = self.res["it"]  # type: ignore[index]
            card = next((s.card for s in self.stack if s.sid == it), None)
            casts = self.commander_casts(self.res["item"].controller, card) \
                if card is not None else None  # type: ignore[index]
            return casts or 0
        if value == "die_result":  # the total of the last roll (rule 706)
            return self.res.get("die_result", 0)  # type: ignore[union-attr]
        if value == "other_result":  # the result not chosen (706)
            return self.res.get("other_result", 0)  # type: ignore[union-attr]
        if isinstance(value, fx.StatOf):  # 608.2h: as it is now, or as it last was
            res = self.res  # type: ignore[assignment]
            if value.of == "sacrificed":  # as it last existed (the last one, if more)
                stats = res.get("sacrificed_lki", (0, 0, 0))  # type: ignore[union-attr]
            elif value.of == "cost":  # sacrificed to pay the cost, as it last existed
                stats = res["item"].sacrificed_stats or (0, 0, 0)  # type: ignore[index]
            elif value.of == "self":  # the source of the resolving ability
                src = res["item"].source  # type: ignore[index]
                if src is not None and src in self.battlefield:
                    stats = (*self.chars(src)[:2], self.pdef(src).mana_value)
                else:
                    stats = self.source_lki.get(src, (0, 0, 0))
            elif value.of == "this_card":  # the ability's card, wherever it is now
                d = self.item_def(res["item"])  # type: ignore[index]
                stats = (d.power or 0, d.toughness or 0, d.mana_value)
            if value.of in ("sacrificed", "cost", "self", "this_card"):
                return max(0, stats[fx.STATS.index(value.stat)])
            it = res.get("it")  # type: ignore[union-attr]
            revealed = res.get("revealed")  # type: ignore[union-attr]
            if revealed is not None:
                # the card a RevealTop put into a hand: "its mana value"
                d = self.cdef(revealed)
                stats = (d.power or 0, d.toughness or 0, d.mana_value)
                return max(0, stats[fx.STATS.index(value.stat)])
            if it is not None and it in self.battlefield:
                power, toughness = self.chars(it)[:2]
                stats = (power, toughness, self.pdef(it).mana_value)
            elif "it_lki" in res:  # type: ignore[operator]
                stats = res["it_lki"]  # type: ignore[index]
            else:  # a trigger's object gone before it resolved (608.2h)
                stats = tuple(self.source_lki.get(it, (0, 0, 0))[:3]) \
                    if it is not None else (0, 0, 0)
            return max(0, stats[fx.STATS.index(value.stat)])
        if isinstance(value, fx.Count):  # counted as it resolves (608.2h)
            item = self.res["item"]  # type: ignore[index]
            source = self._source_pid(item)
            if value.what == "counters" and source is None:  # as it last existed
                lki = self.source_lki.get(item.source) if item.source is not None \
                    else None
                counters = lki[3] if lki is not None and len(lki) > 3 else {}
                return counters.get(value.counter, 0) * value.times
            if value.what == "colours_spent":  # (601.2h: sunburst, converge)
                return item.colours_spent * value.times
            if value.what == "short_of_most_hand" and player is not None:
                # the most cards in a hand, seen once as it resolves (608.2h), not
                # again after each player's draws
                most = self.res.setdefault(  # type: ignore[union-attr]
                    "most_in_hand", max(len(self.hand[q]) for q in self.living()))
                return max(0, most - len(self.hand[player])) * value.times
            if value.of == "that_player" and player is not None:
                return self.count_now(value, player, source)
            f = value.filter
            if f is not None and f.controller == fx.ITS_CONTROLLER:
                # "for each tapped creature target player controls" (Tamiyo, the
                # Moon Sage): the player an earlier target named, as it resolves
                owner = self.res.get("it_controller")  # type: ignore[union-attr]
                if owner is None:
                    return 0
                return self.count_now(dataclasses.replace(
                    value, filter=dataclasses.replace(f, controller="you")), owner, source)
            return self.count_now(value, item.controller, source)
        return int(value)

    def select_players(self, sel: Any, path: str) -> list[int]:
        return [code_player(c) for c in self.select(sel, path)
                if c < 0 and not self.lost[code_player(c)]]

    def _quality(self, item: StackItem) -> tuple[tuple[str, ...], tuple[str, ...], int]:
        """The colours, card types and subtypes of a spell or of an ability's source,
        and its controller (what protection looks at, rule 702.16)."""
        source = self._source_pid(item)
        d = self.pdef(source) if source is not None else self.item_def(item)
        if item.kind == "spell":  # (protection from spells, :data:`~keywords.SPELL`)
            return d.colours, (*d.types, *d.subtypes, KW.SPELL), item.controller
        return d.colours, d.types + d.subtypes, item.controller

    def deal_damage_from_resolving(self, code: int, amount: Any) -> None:
        item: StackItem = self.res["item"]  # type: ignore[index]
        source = self._source_pid(item)
        kws = self.keywords(source) if source is not None else frozenset(item.keywords)
        if source is None and item.kind == "spell" and \
                fx.SpellsHave in self.static_kinds():
            kws = kws | self.spell_keywords(item)  # (lifelink for spells, 702.15b)
        # the ability's source permanent deals it (its "deals damage" triggers)
        first = len(self.events)
        # (a count of "that player's" hand: the player dealt the damage, or a
        # permanent's controller)
        player = code_player(code) if code < 0 else self._controller_of(code)
        self._deal_damage([(code, self.amount(amount, player))], item.controller, kws,
                          self.name_of(item.card), quality=self._quality(item),
                          source=source)
        # what it was dealt (after prevention), for "a creature dealt damage this way"
        damaged = self.res.setdefault("damaged", [])  # type: ignore[union-attr]
        players: list[tuple[int, int]] = []
        for e in self.events[first:]:
            if e["type"] == "damage" and "id" in e and e["id"] not in damaged:
                damaged.append(e["id"])
            elif e["type"] == "damage" and "player" in e and "id" not in e:
                players.append((e["player"], e["amount"]))
        if players and ("opponent_damaged_by" in self.grave_events()
                        or "opponent_damaged_by" in self._trigger_index()):
            self.damaged_by_triggers(item, players)

    def fight(self, node: fx.Fight, path: str) -> None:
        """Rule 701.14: the ``fighter`` and the creature ``node.what`` names each deal
        damage equal to its power to the other, at once (701.14a); none is dealt if
        either is gone, is no longer a creature, or is an illegal target (701.14b)."""
        fighter = self.select(node.fighter, path)  # (before the target renames "it")
        other = self.select(node.what, path)
        if not fighter or not other:
            return
        a, b = fighter[0], other[0]
        if not all(pid >= 0 and pid in self.battlefield and self.is_creature(pid)
                   for pid in (a, b)):
            return
        powers = {pid: self.chars(pid)[0] for pid in (a, b)}
        self.log("fight", ids=[a, b], cards=[self.name_of(self.battlefield[a].card),
                                              self.name_of(self.battlefield[b].card)])
        for src, dst in ((a, b), (b, a)):  # 701.14c: itself, twice its power
            if src in self.battlefield:
                self._deal_damage([(dst, powers[src])], self.battlefield[src].controller,
                                  self.keywords(src),
                                  self.name_of(self.battlefield[src].card), source=src)

    def power_damage(self, node: fx.PowerDamage, path: str) -> None:
        """Each permanent ``node.by`` names deals damage equal to its power (as the
        step resolves, 608.2h) to each of ``node.to``, as its source (120.3). A
        trigger's object that has left deals it as it last existed (608.2h: its
        power and keywords then); "each of those creatures" is each legal target of
        the step before (608.2b)."""
        res = self.res
        assert res is not None
        dealers: list[tuple[int, int, int, frozenset[str], str, int | None]] = []
        if node.by == fx.Ref("those_targets"):
            codes = [c for c in res.get("those", ()) if c >= 0]
        else:  # (before a recipient target renames "it")
            codes = [c for c in self.select(node.by, path) if c >= 0]
            it = res.get("it")
            if not codes and node.by == fx.Ref("it") and it is not None and it >= 0:
                lki = self.source_lki.get(it)
                if lki is not None:  # left before it resolved: as it last existed
                    owner = res["item"].it_controller
                    kws = frozenset(lki[4]) if len(lki) > 4 else frozenset()
                    dealers.append((it, lki[0], owner if owner is not None else
                                    res["item"].controller, kws, lki[5]
                                    if len(lki) > 5 else "", None))
        for pid in codes:
            if pid in self.battlefield and self.is_creature(pid):
                perm = self.battlefield[pid]
                dealers.append((pid, self.chars(pid)[0], perm.controller,
                                self.keywords(pid), self.name_of(perm.card), pid))
        if not dealers:
            return
        recipients = self.select(node.to, path)
        counted = None if node.amount is None else self.amount(node.amount)
        for _pid, power, controller, kws, name, source in dealers:
            if counted is not None:  # "it deals x damage, where x is ..."
                power = counted
            if power > 0 and recipients:
                self._deal_damage([(code, power) for code in recipients], controller,
                                  kws, name, source=source)

    # ------------------------------------------------ piles (Liliana of the Veil)
    def pile_options(self, p: int) -> list[int]:
        """``p``'s permanents not yet in the first pile being made (those an action
        can address)."""
        pile = self.res["pile"]  # type: ignore[index]
        return [pid for pid, perm in self.battlefield.items()
                if perm.controller == p and perm.slot >= 0 and pid not in pile]

    def pile_step(self, ask: list) -> bool:
        """Carry a :class:`~effects.SacrificePile` ask forward (``ask[2]``: 0 while
        the first pile is made, 1 once it is); True if a decision is now asked."""
        p = ask[1]
        res = self.res
        assert res is not None
        if self.lost[p]:
            res.pop("pile", None)
            return False
        if ask[2] == 0:
            res.setdefault("pile", [])
            self.decision = {"kind": "pile", "player": res["item"].controller,
                             "whose": p}
            return True
        first = [pid for pid in res["pile"] if pid in self.battlefield]
        second = [pid for pid, perm in self.battlefield.items()
                  if perm.controller == p and pid not in first]
        if "sacrificed" in res:  # that player chose
            chosen = first if res.pop("sacrificed") else second
            self.log("piles", player=p,
                     first=[self.name_of(self.battlefield[pid].card) for pid in first],
                     second=[self.name_of(self.battlefield[pid].card) for pid in second],
                     sacrificed="first" if chosen is first else "second")
            res.pop("pile")
            if chosen:
                self.move_permanents(chosen, "graveyard")
            return False
        self.decision = {"kind": "yesno", "player": p, "pile": True}
        return True

    def exile_library(self, p: int) -> None:
        """Every card of ``p``'s library into exile."""
        cards, self.library[p] = self.library[p], []
        self.exile[p].extend(reversed(cards))
        self.known_bottom[p] = 0
        self.log("library_exiled", player=p, count=len(cards))

    def shuffle_hand_into_library(self, p: int) -> None:
        """``p``'s hand into its library, then a shuffle (701.24a)."""
        cards = list(self.hand[p])
        self.hand[p].clear()
        self.public_hand = [c for c in self.public_hand if c not in cards]
        self.library[p].extend(cards)
        self.log("hand_shuffled", player=p, count=len(cards))
        self.shuffle_library(p)

    def counter(self, sid: int, dest: str = "graveyard") -> None:
        """Counter stack object ``sid`` (rule 701.6): a spell goes to its owner's
        graveyard (or ``dest``: :data:`~effects.COUNTER_DESTINATIONS`), an ability
        (ward counters those too) leaves the stack; a spell that can't be countered
        (101.2) stays."""
        for s in self.stack:
            if s.sid == sid:
                if s.kind == "spell" and (s.uncounterable or any(
                        isinstance(st, fx.CantBeCountered)
                        for st in self.cdef(s.card).statics) or (
                        fx.SpellsCantBeCountered in self.static_kinds()
                        and self.protected_spell(self.cdef(s.card), s.controller))):
                    self.log("not_countered", card=self.name_of(s.card), id=sid)
                    return
                self.stack.remove(s)
                if s.kind == "spell":
                    by = self.res["item"].controller if self.res else None
                    if by is not None and by != s.controller and \
                            "Creature" in self.item_def(s).types:  # (Summoning Trap)
                        self.turn_marks[s.controller].add("creature_countered")
                    self.spell_leaves_stack(s, dest)
                self.log("countered", card=self.name_of(s.card), id=sid,
                         **({"ability": True} if s.kind != "spell" else {}),
                         **({"to": dest} if dest != "graveyard" and s.kind == "spell"
                            and s.alt != "flashback" else {}))
                return

    def attach_resolving(self, codes: list[int]) -> None:
        item: StackItem = self.res["item"]  # type: ignore[index]
        source = self._source_pid(item)
        hosts = [c for c in codes if c >= 0 and c in self.battlefield]
        if source is None or not hosts:
            return
        self.battlefield[source].attached_to = hosts[0]
        self._bf_version += 1
        self.log("attach", card=self.name_of(self.battlefield[source].card), id=source,
                 to=hosts[0])


    def attach_to_random_player(self, codes: list[int]) -> None:
        """The resolving object's source, an Aura enchanting a player (303.4), is
        attached to one of the players ``codes`` names other than the one it
        enchants now, chosen at random with the game's dice (none: it stays)."""
        item: StackItem = self.res["item"]  # type: ignore[index]
        source = self._source_pid(item)
        if source is None:
            return
        now = self.battlefield[source].attached_to
        players = [c for c in codes if c < 0 and c != now]
        if not players:
            return
        chosen = players[self.dice.index(len(players))]
        self.battlefield[source].attached_to = chosen
        self._bf_version += 1
        self.log("attach", card=self.name_of(self.battlefield[source].card), id=source,
                 player=code_player(chosen))


def _mana_added(node: Any) -> list[str]:
    """The options of every :class:`~effects.AddMana` in an effect tree."""
    if isinstance(node, fx.AddMana):
        return list(node.options)
    if isinstance(node, fx.Sequence):
        return [o for step in node.steps for o in _mana_added(step)]
    if isinstance(node, fx.Choose):
        return [o for mode in node.modes for o in _mana_added(mode)]
    return []


def _reduce(cost: ManaCost, symbol: str) -> ManaCost | None:
    """``cost`` less one mana of ``symbol`` (``""``: generic mana): it pays a pip of
    that symbol (a one-symbol pip first, then the hybrid pip with the fewest
    options), else the generic part; None if it pays nothing."""
    if symbol:
        fits = [i for i, pip in enumerate(cost.pips)
                if not special(pip) and symbol in pip_options(pip)]
        if fits:
            i = min(fits, key=lambda k: len(pip_options(cost.pips[k])))
            return dataclasses.replace(cost, pips=cost.pips[:i] + cost.pips[i + 1:])
    if cost.generic:
        return dataclasses.replace(cost, generic=cost.generic - 1)
    return None


def add_costs(a: ManaCost | None, b: ManaCost) -> ManaCost:
    """Mana costs ``a`` and ``b`` together (601.2f: the total cost)."""
    if a is None:
        return b
    return ManaCost(a.generic + b.generic, a.pips + b.pips, a.x + b.x, a.x_pip or b.x_pip)


def merge_costs(a: fx.Cost | None, b: fx.Cost) -> fx.Cost:
    """The parts of ``b`` other than its mana added to cost ``a`` (an additional or
    alternative cost's life, discards and sacrifice; the compiler refuses two
    sacrifices)."""
    if a is None:
        return dataclasses.replace(b, mana=None)
    return dataclasses.replace(
        a, pay_life=a.pay_life + b.pay_life, discard=a.discard + b.discard,
        exile_graveyard=a.exile_graveyard + b.exile_graveyard,
        exile_filter=a.exile_filter if a.exile_graveyard else b.exile_filter,
        sacrifice=a.sacrifice if a.sacrifice is not None else b.sacrifice,
        exile_hand=a.exile_hand if a.exile_hand is not None else b.exile_hand,
        bounce=a.bounce if a.bounce is not None else b.bounce)


def with_x(cost: ManaCost | None, x: int) -> ManaCost | None:
    """``cost`` with each ``{X}`` paid as ``x`` generic mana (as ``x`` pips of
    :attr:`~mana.ManaCost.x_pip`: "spend only black mana on X")."""
    if cost is None or not cost.x:
        return cost
    if cost.x_pip:
        return dataclasses.replace(cost, pips=cost.pips + (cost.x_pip,) * (
            cost.x * max(x, 0)), x=0, x_pip="")
    return dataclasses.replace(cost, generic=cost.generic + cost.x * max(x, 0), x=0)

