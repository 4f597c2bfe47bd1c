"""The decisions players are asked: the legal actions of each, and carrying out the
chosen one.

:class:`DecisionsMixin` holds the part of :class:`~game.MagicGame` between the action
space of :mod:`~actions` and the rules: the legal actions for the current decision
(priority: casting, activating, playing a land, turning a face-down permanent face up;
modes, targets, X, costs; attackers and blockers; mulligans, discards, sacrifices,
yes/no; the card to manifest for manifest dread, what to devour, what a permanent
enters as a copy of (707.5), the colour of mana
added; the library and hand decisions of :mod:`~library`) and what each chosen
action does to the game. It has no state of its own.
"""

from __future__ import annotations

import dataclasses

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.casting import GRANTED_ALT, add_costs, with_x
from labyrinth_gym.envs.magic.engine.combat import lethal_need
from labyrinth_gym.envs.magic.engine.constants import LOYALTY_USED, MAIN_STEPS, STEPS
from labyrinth_gym.envs.magic.engine.library import LIBRARY_DECISIONS
from labyrinth_gym.envs.magic.engine.mana import ManaCost, any_colour_cost
from labyrinth_gym.envs.magic.engine.resolve import is_divided, selector_of
from labyrinth_gym.envs.magic.engine.state import (
    Permanent,
    StackItem,
    code_player,
    player_code,
)

_DECLARE_ATTACKERS = STEPS.index("declare_attackers")


class DecisionsMixin:
    """Legal actions and their effects for :class:`~game.MagicGame` (methods only;
    the state is the game's)."""

    # ---------------------------------------------------------- legal actions
    def _compute_legal(self) -> list[int]:
        # Sources and hand demand do not change while the legal set is computed:
        # memoise them for the many costs it checks.
        self._memo = {}
        try:
            out = self._legal_for_decision()
        finally:
            self._memo = None
        if self.concede_action and self.decision["player"] not in self.automated_seats:
            out.append(A.CONCEDE)  # always last (automatic passing looks past it)
        return out

    def _legal_for_decision(self) -> list[int]:
        d = self.decision
        assert d is not None
        kind = d["kind"]
        p = d["player"]
        if kind == "priority":
            return self._priority_actions(p)
        if kind == "mulligan":
            return [A.KEEP, A.MULLIGAN] if self.mull["count"][p] < 7 else [A.KEEP]  # type: ignore[index]
        if kind == "bottom" and d.get("put") == "battlefield":
            return self._put_from_hand_legal(p)
        if kind == "bottom" and d.get("put") == "cast_free":  # CastFromHand
            slots = self.hand_slots(p)
            return [A.hand(i) for i, c in enumerate(slots) if c in d["options"]] + [
                A.DONE]
        if kind in ("bottom", "discard"):
            return [A.hand(i) for i in range(len(self.hand_slots(p)))]
        if kind == "yesno":
            return [A.YES, A.NO]
        if kind == "x":  # mode i: X is the i-th value of the table (x_values)
            return [A.mode(i) for i in range(len(d["values"]))]
        if kind == "mode":
            item = self.casting
            node = self.node_at(self.effect_of(item), d["path"])
            chosen = item.modes.get(d["path"], [])
            out = [A.mode(i) for i, m in enumerate(node.modes)
                   if i not in chosen and self._feasible(m, self._child(d["path"], i), item)]
            if len(chosen) >= node.min_modes:
                out.append(A.DONE)
            return out
        if kind == "target" and "retarget" in d:  # a copy's new targets (707.10c)
            return self.retarget_legal(d)
        if kind == "target":
            item = self.casting
            node = self.node_at(self.effect_of(item), d["path"])
            sel = selector_of(node)
            if sel.kind == "graveyard_card":  # cards by "choose hand slot" (linked)
                return self.grave_target_legal(d)
            if sel.kind == "battlefield_or_graveyard":  # permanents, then cards
                return [self._code_action(c, p) for c in self.open_targets(
                    sel, d["path"], item) if c in self.battlefield] + \
                    self.grave_target_legal(d)
            chosen = item.targets.get(d["path"], [])
            out = [self._code_action(c, p)
                   for c in self.open_targets(sel, d["path"], item)]
            one_each = 0
            if chosen and out and any(c.extra_targets for c in self.cdef(
                    item.card).self_costs) and item.kind == "spell":
                # "{1} more for each target beyond the first" (601.2f): another
                # target only while the spell stays payable
                more = dataclasses.replace(item, targets={**item.targets, d["path"]: [
                    *chosen, chosen[0]]})
                if not self._spell_payable(p, item.card, with_x(
                        self._spell_cost(more), item.x)):
                    out = []
            if getattr(node, "evenly", False):
                one_each = 1  # at least one target; no more targets than damage needed
            elif is_divided(node):
                # 601.2d: at least 1 damage to each target, so at least one target
                # and no more targets than damage
                total = self.divided_total(node, item)
                one_each = min(total, 1)
                if len(chosen) >= total:
                    out = []
            if sel.up_to and len(chosen) >= one_each or \
                    len(chosen) >= self.target_limit(sel, item):
                out.append(A.DONE)
            return out
        if kind == "divide":  # mode i: one more damage to the i-th target (601.2d)
            return [A.mode(i) for i in range(len(self.casting.targets[d["path"]]))]
        if kind == "attack":
            return self._attack_actions(p)
        if kind == "attack_target":
            defending = self.attackers[d["attacker"]]
            forced = self._forced_attack(p) if self.must_attack else None
            if forced is not None:  # 508.1d: that planeswalker, not its controller
                return [A.permanent(self.battlefield[forced].slot)]
            return [A.player((defending - p) % self.num_players)] + [
                A.permanent(self.battlefield[pid].slot)
                for pid in self._attackable_planeswalkers(defending)]
        if kind == "block":  # (the defending player's, whoever declares it)
            return self._block_actions(d.get("defender", p))
        if kind == "block_target":
            return [A.permanent(self.battlefield[a].slot)
                    for a in self._block_targets(d["blocker"], d.get("defender", p))]
        if kind == "proliferate":
            return [self._code_action(c, p)
                    for c in self.proliferate_options(p, d["chosen"])] + [A.DONE]
        if kind == "choose_permanent":  # EachChooses: one of the options, or none
            return [A.permanent(self.battlefield[pid].slot) for pid in d["options"]
                    if pid in self.battlefield] + ([A.DONE] if d["optional"] else [])
        if kind == "tap_any":  # TapAny: one more to tap, or done
            node = self.node_at(self.effect_of(self.res["item"]), d["path"])  # type: ignore[index]
            return [A.permanent(self.battlefield[pid].slot)
                    for pid in self.tap_any_options(p, node, d["chosen"])] + [A.DONE]
        if kind == "cost_crew":
            chosen = self.casting.crew  # type: ignore[union-attr]
            return [A.permanent(self.battlefield[pid].slot) for pid in d["options"]
                    if pid in self.battlefield and pid not in chosen]
        if kind in ("sacrifice", "cost_sacrifice"):
            return [A.permanent(self.battlefield[pid].slot) for pid in d["options"]
                    if pid in self.battlefield] + ([A.DONE] if d.get("up_to") else [])
        if kind == "cost_discard":
            chosen = self.casting.discarded  # type: ignore[union-attr]
            wanted = self._cost_of(self.casting).discard_filter  # type: ignore[union-attr,arg-type]
            if d.get("exile"):  # "exile a blue card from your hand" (Force of Will)
                wanted = self._cost_of(self.casting).exile_hand  # type: ignore[union-attr,arg-type]
            return [A.hand(i) for i, c in enumerate(self.hand_slots(p))
                    if c not in chosen and c != self.casting.card  # type: ignore[union-attr]
                    and (wanted is None or self.card_matches(wanted, c))]
        if kind == "pay_mana":  # the next mana source (601.2h)
            return [A.permanent(self.battlefield[pid].slot) for pid in d["options"]
                    if pid in self.battlefield]
        if kind == "colour":  # mode i: the i-th symbol of the options
            return [A.mode(i) for i in range(len(d["options"]))]
        if kind == "dread":  # mode 0: manifest the top card; 1: the second
            return [A.mode(0), A.mode(1)]
        if kind == "assign_damage":
            return self._assign_actions(d)
        if kind == "legend":  # the one to keep (704.5j)
            return [A.permanent(self.battlefield[pid].slot) for pid in d["options"]
                    if pid in self.battlefield]
        if kind == "devour":
            res = self.res
            devour = self._devour_of(res["item"])  # type: ignore[index]
            options = self.devour_options(p, devour, res["devour"])  # type: ignore[index]
            return [A.permanent(self.battlefield[pid].slot) for pid in options] + [A.DONE]
        if kind == "pile":  # the next permanent of the first pile; done: it is made
            return [A.permanent(self.battlefield[pid].slot)
                    for pid in self.pile_options(d["whose"])] + [A.DONE]
        if kind == "choose":  # mode i: the i-th option (a colour or creature type)
            if d.get("what") in ("player", "opponent"):  # the player's relative seat
                n = self.num_players
                return sorted(A.player((int(q) - p) % n) for q in d["options"])
            return [A.mode(i) for i in range(len(d["options"]))]
        if kind == "copy":  # what it enters as a copy of (707.5); done: itself
            return [A.permanent(self.battlefield[pid].slot) for pid in d["options"]
                    if pid in self.battlefield] + ([] if "populate" in d else [A.DONE])
        if "copy_card" in d:  # the card to copy (707.12): card i of d["cards"]
            return [A.hand(i) for i in range(len(d["cards"]))]
        if "grave_choice" in d:  # a card in that player's graveyard (EachGraveyardChoice)
            return self.grave_choice_legal(d)
        if "cost_exile" in d:  # a graveyard card to exile for the additional cost
            return self.exile_any_legal(d)
        if "choose_cards" in d:  # the next card a MoveChosenCards moves; done: no more
            return [A.hand(i) for i in range(len(d["cards"]))] + (
                [A.DONE] if d.get("up_to") else [])
        if kind in LIBRARY_DECISIONS:
            return self.library_legal(d)
        return self._custom_legal(d)

    def _put_from_hand_node(self) -> fx.PutFromHand:
        res = self.res
        assert res is not None
        return self.node_at(self.effect_of(res["item"]), res["asks"][0][3])

    def _put_from_hand_legal(self, p: int) -> list[int]:
        """A :class:`~effects.PutFromHand` onto the battlefield: the hand slots of
        the cards its filter matches, and "done" when it is optional."""
        node = self._put_from_hand_node()
        out = [A.hand(i) for i, c in enumerate(self.hand_slots(p))
               if self.card_matches(node.filter, c)]
        return out + [A.DONE] if node.optional else out

    def _put_from_hand(self, p: int, kind: str, args: tuple[int, ...]) -> None:
        """``p`` puts the chosen card from their hand onto the battlefield, or (done)
        stops putting cards."""
        ask = self.res["asks"][0]  # type: ignore[index]
        if kind == "done":
            ask[2] = 0
            return
        node = self._put_from_hand_node()
        card = self.hand_slots(p)[args[0]]
        self.hand[p].remove(card)
        if card in self.public_hand:
            self.public_hand.remove(card)
        self.log("put_from_hand", player=p, card=self.name_of(card))
        ask[2] -= 1
        pid = self._put_onto_battlefield(card, p, tapped=node.tapped)
        if node.attacking:  # 508.4
            self.enter_attacking(pid, self.res["item"].source)  # type: ignore[index]
        if node.count == 1:
            self.manifested(pid)  # "... onto the battlefield and attach this to it"

    def hand_slots(self, p: int) -> list[int]:
        """The cards of ``p``'s hand that hand slots ``0..15`` address, in slot order
        (do not modify the list). A hand of at most :data:`~actions.MAX_HAND` cards is
        addressed as it is, in the order the cards arrived. A larger hand folds
        identical cards: one card of each definition first (in the order its first
        copy arrived), then the other copies in arrival order, as many as there are
        slots; so every card can be played or chosen unless the hand holds more than
        16 different cards (copies in a hand are alike: which one is used changes
        nothing)."""
        hand = self.hand[p]
        if len(hand) <= A.MAX_HAND:
            return hand
        card_def = self.card_def
        seen: set[int] = set()
        first, copies = [], []
        for c in hand:
            if card_def[c] in seen:
                copies.append(c)
            else:
                seen.add(card_def[c])
                first.append(c)
        return (first + copies)[:A.MAX_HAND]

    def _custom_legal(self, d: dict) -> list[int]:
        """Legal actions of a decision kind a variant adds (Magic has none)."""
        raise AssertionError(d["kind"])

    def _custom_act(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        """Carry out an action of a decision kind a variant adds."""
        raise AssertionError(d["kind"])

    def _devour_of(self, item: StackItem) -> fx.Devour:
        return next(s for s in self.cdef(item.card).statics if isinstance(s, fx.Devour))

    def _code_action(self, code: int, p: int) -> int:
        if code < 0:
            return A.player((code_player(code) - p) % self.num_players)
        if code in self.battlefield:
            return A.permanent(self.battlefield[code].slot)
        for i, s in enumerate(self.stack):
            if s.sid == code:
                return A.stack(i)
        raise AssertionError(code)

    def _legendary_spell_ok(self, p: int, d: fx.CardDef) -> bool:
        """Rule 205.4e: a legendary instant or sorcery can be cast only while its
        caster controls a legendary creature or planeswalker."""
        if not {"Instant", "Sorcery"} & set(d.types):
            return True
        return any(perm.controller == p and perm.slot >= 0
                   and "Legendary" in self.pdef(pid).supertypes
                   and (self.is_creature(pid) or "Planeswalker" in self.pdef(pid).types)
                   for pid, perm in self.battlefield.items())

    def _sorcery_timing(self, p: int) -> bool:
        return p == self.active and self.step in MAIN_STEPS and not self.stack

    def split_second(self) -> bool:
        """Whether a spell with split second is on the stack (702.61a)."""
        return any("split second" in s.keywords for s in self.stack
                   if s.kind == "spell")

    def _priority_actions(self, p: int) -> list[int]:
        out = [A.PASS]
        if self.stack and self.split_second():
            # 702.61a: no spells, no abilities but mana abilities (the automatic
            # payment's; no spell to pay for), special actions still (702.61b)
            for pid, perm in self.battlefield.items():
                if perm.controller == p and perm.slot >= 0 and perm.face_down:
                    out += [A.activate(perm.slot, k)
                            for k, way in enumerate(self.face_up_ways(pid))
                            if self.can_turn_face_up(pid, way)]
            return out
        sorcery = self._sorcery_timing(p)
        flash = self.sorcery_flash[p]  # (spells castable as though they had flash)
        self._statics()  # (the layers say which abilities each permanent has)
        defs = self.defs
        card_def = self.card_def
        bound = -1  # (mana_bound's, once a spell needs it)
        hand = self.hand_slots(p)
        if not (sorcery or flash) and self.def_indices("hand_instant").isdisjoint(
                map(card_def.__getitem__, hand)):
            hand = ()  # (only instants now, and none of these has an action)
        for i, card in enumerate(hand):
            d = defs[card_def[card]]
            if d.hand_actions:
                for index in d.hand_abilities:
                    if self._card_ability_usable(p, card, d.activated[index], index,
                                                    sorcery):
                        out.append(A.hand_ability(i))
                if d.face_down_cost is not None and self.face_down_castable(p, card,
                                                                            sorcery):
                    out.append(A.hand_ability(i))  # cast it face down (702.37c)
                if d.statics and d.suspend is not None and self.can_suspend(
                        p, card, d, sorcery):
                    out.append(A.hand_ability(i))  # suspend it (702.62a)
                if d.statics and d.foretell is not None and self.can_foretell(p, card):
                    out.append(A.hand_ability(i))  # foretell it (702.143a)
            if d.is_land:
                if sorcery and self.can_play_land(p):
                    out.append(A.cast(i))
                continue
            if not (sorcery or d.instant_speed or flash):
                continue  # (could_begin_to_cast's timing, the commonest "no")
            if not d.cast_special and d.cost is not None:
                if bound == -1:
                    bound = self.mana_bound(p)
                if bound is not None and d.cost.needs[0] > bound:
                    continue  # (spell_castable's next commonest "no": too little mana)
            if self.spell_castable(p, card, d, sorcery):
                out.append(A.cast(i))
        # cards played or cast from outside the hand (:mod:`~elsewhere`)
        for g, (card, how) in enumerate(self.zone_slots(p)):
            if self.zone_playable(p, card, how, sorcery):
                out.append(A.graveyard(g))
        battlefield = self.battlefield
        for pid in self._activatable(p, sorcery):
            perm = battlefield[pid]
            if perm.face_down:
                # no abilities: "activate k" turns it face up its k-th way (a
                # special action, 116.2b)
                for k, way in enumerate(self.face_up_ways(pid)):
                    if self.can_turn_face_up(pid, way):
                        out.append(A.activate(perm.slot, k))
                continue
            d = defs[perm.shape if perm.shape >= 0 else card_def[perm.card]]
            for k, index in enumerate(d.battlefield_abilities):
                if self._can_activate(pid, perm, d, index, sorcery):
                    out.append(A.activate(perm.slot, k))
        return out

    def _activatable(self, p: int, sorcery: bool = True) -> list[int]:
        """``p``'s permanents a priority action may activate an ability of (their
        definition's, after the layers, :meth:`_statics`) or turn face up (a
        face-down one), in battlefield order; ``sorcery`` False: only those with an
        ability not limited to a sorcery's timing, or face down. Worked out again
        only when the battlefield changed (its version, and a clone's own
        battlefield)."""
        cached = self.__dict__.get("_activatable_cache")
        if cached is None or cached[0] != self._bf_version or \
                cached[1] is not self.battlefield:
            defs, card_def = self.defs, self.card_def
            by_seat: dict[int, list[int]] = {}
            instant: dict[int, list[int]] = {}
            for pid, perm in self.battlefield.items():
                if perm.slot < 0:
                    continue
                if perm.face_down:
                    by_seat.setdefault(perm.controller, []).append(pid)
                    instant.setdefault(perm.controller, []).append(pid)
                    continue
                d = defs[perm.shape if perm.shape >= 0 else card_def[perm.card]]
                if d.battlefield_abilities:
                    by_seat.setdefault(perm.controller, []).append(pid)
                    if d.instant_abilities:
                        instant.setdefault(perm.controller, []).append(pid)
            cached = (self._bf_version, self.battlefield, by_seat, instant)
            self.__dict__["_activatable_cache"] = cached
        return cached[2 if sorcery else 3].get(p, [])

    def face_down_castable(self, p: int, card: int, sorcery: bool) -> bool:
        """Whether ``p`` may cast ``card`` face down now (702.37c, 702.168a): a 2/2
        creature spell (708.4), so at sorcery speed unless an effect lets ``p`` cast
        creature spells as though they had flash (the card's own flash is not the
        face-down spell's), for {3} with cost changes (601.2f)."""
        if not (sorcery or self.sorcery_flash[p] == 2):
            return False
        probe = StackItem(sid=-1, kind="spell", controller=p, card=card,
                          alt="face_down")
        return self._can_pay(p, self._spell_cost(probe), skip_card=card)

    def could_begin_to_cast(self, p: int, d: fx.CardDef, sorcery: bool) -> bool:
        """Whether ``p`` could begin to cast a spell of definition ``d`` now (601.2,
        601.3): its timing, 205.4e, "if you've been attacked", rules that forbid
        casting; its costs not checked."""
        if not (sorcery or d.instant_speed or (flash := self.sorcery_flash[p]) and (
                flash == 2 or "Sorcery" in d.types)):  # (Quicken: SorceryFlash)
            return False
        if "Legendary" in d.supertypes and not self._legendary_spell_ok(p, d):
            return False
        if d.statics and d.when_attacked and not (
                self.step == "declare_attackers"
                and p in self.attackers.values()):  # 601.3: "if you've been attacked"
            return False
        if d.statics and (during := d.cast_only_during) is not None and (
                self.step not in during.steps
                or during.whose == "you" and self.active != p
                or during.whose == "opponent" and self.active == p):
            return False  # 601.3: "cast this spell only during combat ..."
        if self.player_rules_now() and (self.player_rule("no_spells", p) or (
                self.spells_cast[p] and self.player_rule("one_spell", p))):
            return False  # 101.2: "your opponents can't cast spells during your turn"
        return True

    def spell_castable(self, p: int, card: int, d: fx.CardDef, sorcery: bool) -> bool:
        """Whether ``p`` may cast spell ``card`` (definition ``d``) now, wherever it
        is: its timing, 205.4e, its costs payable (601.2f, 118.3) and every required
        target there (601.2c)."""
        if not self.could_begin_to_cast(p, d, sorcery):
            return False
        if d.cast_special:  # its mana cost or the alternative cost, convoke...
            probe = self.spell_probe(p, card)
            alt = ("overload" if d.overload is not None else
                   d.alt_cost.kind if d.alt_cost is not None else "")
            revealing = dataclasses.replace(probe, revealed=True)  # (601.2b)
            return (d.cost is not None and self.castable_as(probe, "")) or bool(
                alt and self.castable_as(probe, alt)) or (
                d.cost is not None and self.reveal_option(probe) is not None
                and self.castable_as(revealing, "")) or (
                self.granted_alt_cost(p, d) is not None
                and self.castable_as(probe, GRANTED_ALT))
        # Its targets first (601.2c): the same whichever cost pays (no overload
        # here), and the commonest "no" of a spell that passed the mana bound (a
        # counterspell with nothing on the stack), cheaper than the payment.
        probe = self.spell_probe(p, card)
        if not self._feasible(self.effect_of(probe), "", probe):
            return False
        cost = None if d.cost is None else \
            self.changed_cost(p, card, d.cost, from_hand=card in self.hand[p])
        if cost is not None and self.play_grants and self.spends_any_colour(probe):
            cost = any_colour_cost(cost)  # (609.4b)
        if cost is None or not self._can_pay(p, cost, skip_card=card, spell=card):
            # 118.6: no mana cost (or none payable), unless a permanent grants an
            # alternative cost (118.9: "you may pay {0} rather than ...")
            return self.granted_alt_cost(p, d) is not None and self.castable_as(
                probe, GRANTED_ALT)
        return self._extra_cost_payable(p, d.additional_cost, None, card)

    def _extra_cost_payable(self, p: int, cost: fx.Cost | None, source: int | None,
                            card: int | None) -> bool:
        """The parts of a cost other than mana and {T} can be paid by ``p``."""
        if cost is None:
            return True
        if cost.pay_life and self.life[p] < cost.pay_life:
            return False
        if cost.energy and self.energy[p] < cost.energy:
            return False  # 107.14, 118.3: energy counters one doesn't have
        if cost.sacrifice is not None and len(self._sacrifice_options(
                p, cost, source)) < cost.sacrifice_count:
            return False
        if cost.discard:
            hand = [c for c in self.hand_slots(p) if c != card and (
                cost.discard_filter is None or self.card_matches(cost.discard_filter, c))]
            if len(hand) < cost.discard:
                return False
        if cost.crew and sum(max(self.chars(pid)[0], 0) for pid in
                             self._crew_options(p, source)) < cost.crew:
            return False
        if cost.exile_graveyard and \
                len(self.graveyard_cost_cards(p, cost)) < cost.exile_graveyard:
            return False
        if cost.tap_count and len(self.tap_cost_options(p, cost, source)) < cost.tap_count:
            return False
        if cost.exile_hand is not None and not any(
                c != card and self.card_matches(cost.exile_hand, c)
                for c in self.hand_slots(p)):
            return False
        if cost.bounce is not None and (cost.sacrifice is not None
                                        or not self._bounce_options(p, cost)):
            return False
        return True

    def _bounce_options(self, p: int, cost: fx.Cost) -> list[int]:
        """The permanents ``p`` may return to their owner's hand for ``cost``'s
        "return <a permanent> you control to its owner's hand"."""
        return [pid for pid, perm in self.battlefield.items()
                if perm.controller == p and perm.slot >= 0
                and self.matches(cost.bounce, pid, p, None)]

    def graveyard_cost_cards(self, p: int, cost: fx.Cost) -> list[int]:
        """The cards of ``p``'s graveyard that "exile N [quality] cards from your
        graveyard" may exile, oldest first."""
        f = cost.exile_filter
        return [c for c in self.graveyard[p] if f is None or self.card_matches(f, c)]

    def tap_cost_options(self, p: int, cost: fx.Cost, source: int | None) -> list[int]:
        """The untapped permanents ``p`` may tap for ``cost``'s "tap N untapped <kind>
        you control" (the source itself too, unless the cost also has {T} or says
        "other")."""
        return [pid for pid, perm in self.battlefield.items()
                if perm.controller == p and perm.slot >= 0 and not perm.tapped
                and not (cost.tap and pid == source)
                and self.matches(cost.tap_untapped, pid, p, source)]

    def _crew_options(self, p: int, source: int | None) -> list[int]:
        """The creatures ``p`` may tap to crew ``source`` (702.122a): untapped creatures
        they control, summoning-sick ones included; not the Vehicle itself (tapping it
        to crew itself would leave it tapped and gain nothing)."""
        return [pid for pid, perm in self.battlefield.items()
                if perm.controller == p and perm.slot >= 0 and not perm.tapped
                and pid != source and self.is_creature(pid)]

    def conditions_hold(self, conditions: tuple[fx.ActivationCondition, ...], p: int,
                        source: int | None, it: int | None = None) -> bool:
        """Whether every "activate only if / during" restriction holds for its
        controller ``p`` now (rule 602.5b; kinds: :data:`~effects.CONDITION_KINDS`);
        ``it``: a trigger's triggering object, which a filter's ``other_than_it``
        leaves out ("if you control at least five other Mountains")."""
        for c in conditions:
            kind = c.kind
            if kind in ("you_control", "opponent_controls", "fewer_than_opponent"):
                counts: dict[int, int] = {}
                f, skip = c.filter, None
                if f is not None and "other_than_it" in f.props:
                    f, skip = dataclasses.replace(
                        f, props=f.props - {"other_than_it"}), it
                for pid, perm in self.battlefield.items():
                    if pid != skip and self.matches(f, pid, p, source):
                        counts[perm.controller] = counts.get(perm.controller, 0) + 1
                if kind == "you_control":
                    ok = counts.get(p, 0) >= c.count
                elif kind == "fewer_than_opponent":
                    ok = any(counts.get(q, 0) > counts.get(p, 0)
                             for q in self.living() if q != p)
                else:
                    ok = any(n >= c.count for q, n in counts.items()
                             if q != p and not self.lost[q])
            elif kind == "control_each":  # a permanent of each subtype (Urza lands)
                need = set(c.filter.subtypes)
                for pid, perm in self.battlefield.items():
                    if perm.controller == p and need:
                        need.difference_update(self.pdef(pid).subtypes)
                ok = not need
            elif kind == "graveyard":  # ("... zombie creature cards in your graveyard")
                ok = len(self.graveyard[p]) >= c.count if c.filter is None else sum(
                    1 for card in self.graveyard[p]
                    if self.card_matches(c.filter, card)) >= c.count
            elif kind == "empty_hand":
                ok = not self.hand[p]
            elif kind == "creature_died":
                ok = self.creatures_died > 0
            elif kind == "your_turn":
                ok = self.active == p
            elif kind == "before_attackers":
                ok = self.active == p and STEPS.index(self.step) < _DECLARE_ATTACKERS
            elif kind == "monstrous":
                ok = source is not None and source in self.battlefield and \
                    self.battlefield[source].monstrous
            elif kind == "source_attacking":  # "as long as it's attacking"
                ok = source is not None and source in self.attackers
            elif kind == "city_blessing":  # 702.131c
                ok = self.blessed[p]
            elif kind == "renowned":  # 702.112b
                ok = source is not None and source in self.battlefield and \
                    self.battlefield[source].renowned
            elif kind == "life_at_least":
                ok = self.life[p] >= c.count
            elif kind == "opponent_life_at_most":
                ok = any(self.life[q] <= c.count for q in self.living() if q != p)
            elif kind == "counters_on_this":
                ok = source is not None and source in self.battlefield and \
                    self.battlefield[source].counters.get(c.counter, 0) >= c.count
            elif kind == "life_at_most":
                ok = self.life[p] <= c.count
            elif kind == "attacked_this_turn":  # (only the active player attacks)
                ok = self.active == p and self.attacked_this_turn
            elif kind == "land_entered":
                ok = self.land_entered[p]
            elif kind == "any_graveyard":  # "if a graveyard has twenty or more cards"
                ok = any(len(g) >= c.count for g in self.graveyard)
            elif kind == "kicked":  # (of the resolving spell, 702.33d)
                ok = self.res is not None and self.res["item"].kicked > 0
            elif kind == "cast_from_graveyard":  # (the resolving spell, 601.2a)
                ok = self.res is not None and (self.res["item"].zone in (
                    "graveyard", "flashback") or self.res["item"].alt == "flashback")
            elif kind == "opponent_searched":  # (Archive Trap)
                ok = any("searched" in self.turn_marks[q] for q in self.living()
                         if q != p)
            elif kind == "creature_countered":  # (Summoning Trap)
                ok = "creature_countered" in self.turn_marks[p]
            elif kind == "control_none":
                ok = not any(perm.controller == p and self.matches(c.filter, pid, p,
                                                                   source)
                             for pid, perm in self.battlefield.items())
            elif kind == "result_beats_that_much":  # (706: the roll just before)
                rolled = self.res.get("die_result", 0) if self.res is not None else 0
                ok = self.res is not None and (
                    rolled > self.res["item"].amount or bool(c.count) and rolled == c.count)
            elif kind == "x_at_least":  # the X of the resolving spell
                ok = self.res is not None and max(self.res["item"].x, 0) >= c.count
            elif kind == "less_life_than_opponent":
                ok = any(self.life[q] > self.life[p] for q in self.living() if q != p)
            elif kind == "more_life_than_opponent":
                ok = any(self.life[q] < self.life[p] for q in self.living() if q != p)
            elif kind == "monarch":  # 724
                ok = self.monarch == p
            elif kind == "opponent_monarch":
                ok = self.monarch is not None and self.monarch != p
            elif kind == "control_commander":  # 903.3
                ok = self.controls_commander(p)
            elif kind in ("controls_a_commander", "that_player_commander"):  # 903.3
                ok = any(perm.controller == p and self.is_commander(perm.card)
                         for perm in self.battlefield.values())
            elif kind == "class_level":  # "{cost}: level N" (716.2a)
                ok = source is not None and source in self.battlefield and \
                    self.battlefield[source].class_level == c.count
            elif kind == "counters_at_most":  # a state trigger's (603.8)
                ok = source is not None and source in self.battlefield and \
                    self.battlefield[source].counters.get(c.counter, 0) <= c.count
            elif kind == "it_counters":  # "if it has three or more +1/+1 counters"
                ok = it is not None and it in self.battlefield and \
                    self.battlefield[it].counters.get(c.counter, 0) >= c.count
            elif kind == "attached_power_at_least":  # "enchanted creature's power"
                host = self.battlefield[source].attached_to \
                    if source is not None and source in self.battlefield else None
                ok = host is not None and host in self.battlefield and \
                    self.chars(host)[0] >= c.count
            elif kind == "it_was":  # "if that creature was a token": the trigger's
                # object now, or as it last existed (608.2h)
                lki = self.source_lki.get(it) if it is not None else None
                ok = self.matches(c.filter, it, p, source) \
                    if it is not None and it in self.battlefield else \
                    lki is not None and len(lki) > 6 and lki[6]
            elif kind == "source_is":  # "if this creature is a spirit"
                ok = source is not None and source in self.battlefield and \
                    self.matches(c.filter, source, p, source)
            elif kind == "opponent_dealt_damage":  # (bloodthirst, 702.54a)
                # (count: "an opponent was dealt 7 or more damage this turn")
                ok = any(self.damaged_turn[q] >= c.count
                         for q in range(self.num_players) if q != p)
            elif kind == "attacked_with":  # "with three or more creatures this turn"
                ok = self.active == p and self.attacked_this_turn >= c.count
            elif kind == "total_power":  # "creatures you control have total power"
                ok = sum(max(self.chars(pid)[0], 0)
                         for pid, perm in self.battlefield.items()
                         if perm.controller == p and self.is_creature(pid)) >= c.count
            elif kind == "hands_empty":  # "each player has no cards in hand"
                ok = not any(self.hand[q] for q in self.living())
            elif kind == "chosen":  # a Siege's mode, chosen as it entered (614.12c)
                ok = source is not None and source in self.battlefield and \
                    self.battlefield[source].chosen == c.counter
            elif kind == "during_step":  # "activate only during the end of combat
                ok = self.step == c.counter  # step" (602.5b), any player's turn
            else:  # your_upkeep
                ok = self.active == p and self.step == "upkeep"
            if not ok:
                return False
        return True

    def is_commander(self, card: int) -> bool:
        """Whether ``card`` is some player's commander (903.3): never outside a
        Commander game."""
        return False

    def commander_mana_value(self, p: int) -> int:
        """The greatest mana value of a commander ``p`` owns on the battlefield or in
        the command zone (903.3): 0, none outside a Commander game."""
        return 0

    def controls_commander(self, p: int) -> bool:
        """Whether ``p`` controls one of their commanders (903.3): never outside a
        Commander game."""
        return False

    def _sacrifice_options(self, p: int, cost: fx.Cost, source: int | None) -> list[int]:
        return [pid for pid, perm in self.battlefield.items()
                if perm.controller == p and perm.slot >= 0
                and not (cost.sacrifice_self and pid == source)
                and self.matches(cost.sacrifice, pid, p, source)]

    def _can_activate(self, pid: int, perm: Permanent, d: fx.CardDef, index: int,
                      sorcery: bool) -> bool:
        ab = d.activated[index]
        if ab.sorcery_speed and not sorcery:
            return False
        if self.player_rules_now() and self.abilities_stopped(perm.controller, pid):
            return False  # 602.5a (Linvala, Keeper of Silence)
        if pid in self._bonuses and any(b.no_abilities or (
                b.no_nonmana_abilities and not ab.is_mana) for b, _, _ in self._bonuses[pid]):
            return False  # 602.5a: an Aura's "its activated abilities can't be ..."
        if perm.mods and KW.detained(perm.mods):
            return False  # 701.35a
        if ab.once_per_turn and [pid, index] in self.activated_this_turn:
            return False
        if ab.only_if and not self.conditions_hold(ab.only_if, perm.controller, pid):
            return False
        removed = ab.cost.remove_counters
        if removed is not None and removed[1] != "X" and \
                perm.counters.get(removed[0], 0) < removed[1]:
            return False  # 118.3: counters it does not have can't be removed
        loyalty = ab.cost.loyalty
        if loyalty is not None and (
                [pid, LOYALTY_USED] in self.activated_this_turn  # rule 606.3
                or perm.counters.get("loyalty", 0) + loyalty < 0):  # rule 606.6
            return False
        cost = ab.cost
        if cost.tap:
            if perm.tapped:
                return False
            if d.is_creature and perm.sick and "haste" not in self.keywords(pid):
                return False
        if not self._extra_cost_payable(perm.controller, cost, pid, None):
            return False
        if cost.mana is not None and not self._can_pay(
                perm.controller, cost.mana, exclude=pid if cost.tap else None,
                ability=pid):
            return False
        probe = StackItem(sid=-1, kind="activated", controller=perm.controller,
                          card=perm.card, source=pid, index=index, shape=perm.shape)
        return self._feasible(ab.effect, "", probe)

    def _card_ability_usable(self, p: int, card: int, ab: fx.ActivatedAbility,
                             index: int, sorcery: bool) -> bool:
        """Whether ``p`` may activate ``ab`` (the ``index``-th) of a card outside the
        battlefield (in a hand or a graveyard) now (602.2: its timing, 602.5b
        conditions, its costs payable, its targets there)."""
        if ab.sorcery_speed and not sorcery:
            return False
        if ab.only_if and not self.conditions_hold(ab.only_if, p, None):
            return False
        if not self._extra_cost_payable(p, ab.cost, None, card):
            return False
        if ab.cost.mana is not None and not self._can_pay(p, ab.cost.mana, skip_card=card):
            return False
        probe = StackItem(sid=-1, kind="activated", controller=p, card=card, index=index)
        return self._feasible(ab.effect, "", probe)

    def _can_attack(self, pid: int) -> bool:
        perm = self.battlefield[pid]
        if perm.slot < 0 or perm.tapped or not self.is_creature(pid):
            return False
        kws = self.keywords(pid)
        if "defender" in kws and KW.IGNORES_DEFENDER not in kws or (
                perm.sick and "haste" not in kws):
            return False
        for st in self.pdef(pid).statics:  # "can't attack unless <condition>"
            if isinstance(st, fx.CombatRestriction) and st.attack_unless is not None \
                    and not self.conditions_hold((st.attack_unless,), perm.controller, pid):
                return False
        return not self._restricted(pid, "cant_attack")

    def _attack_unless_defending(self, pid: int, seat: int) -> bool:
        """508.1c: whether ``pid`` may attack ``seat`` as far as "this can't attack
        unless defending player controls an island" goes."""
        for st in self.pdef(pid).statics:
            if isinstance(st, fx.CombatRestriction) and \
                    st.attack_unless_defending is not None and not any(
                        perm.controller == seat and self.matches(
                            st.attack_unless_defending, q, seat, pid)
                        for q, perm in self.battlefield.items()):
                return False
        return True

    def _forced_attack(self, p: int) -> int | None:
        """The planeswalker seat ``p``'s creatures must attack this turn if able
        (508.1d, :class:`~effects.MustAttackThis`), else None."""
        for seat, pid, made in self.must_attack:
            if seat == p and self.turn > made and pid in self.battlefield:
                perm = self.battlefield[pid]
                if perm.controller != p and perm.slot >= 0 and \
                        self.pdef(pid).is_planeswalker:
                    return pid
        return None

    def _attack_actions(self, p: int) -> list[int]:
        out = []
        must = False
        opponents = [(q - p) % self.num_players for q in self._turn_order(p) if q != p]
        forced = self._forced_attack(p) if self.must_attack else None
        if forced is not None:  # each creature able to attacks that planeswalker
            opponents = [(self.battlefield[forced].controller - p) % self.num_players]
        taxed = {owner for owner, _ in self.attack_taxes()}
        for pid, perm in self.battlefield.items():
            if perm.controller == p and pid not in self.attackers and self._can_attack(pid):
                barred = self._attack_barred(pid) \
                    if pid in self._bonuses or self.attack_barred else ()
                goaders = self.goaders(pid) if perm.mods or pid in self._bonuses else ()
                mine = []
                defending_rule = self.pdef(pid).attack_unless_defending
                for r in opponents:
                    seat = (p + r) % self.num_players
                    if barred and seat in barred or \
                            taxed and seat in taxed and not self._tax_allows(p, seat) or \
                            defending_rule and not self._attack_unless_defending(pid, seat):
                        continue
                    mine.append(A.attack(perm.slot, r))
                if goaders:  # 701.38b: a player other than a goading player if able
                    others = [a for a in mine if (p + A.decode(a)[1][1])
                              % self.num_players not in goaders]
                    mine = others or mine
                out.extend(mine)
                must = must or bool(mine) and (
                    forced is not None or bool(goaders)
                    or self._restricted(pid, "attacks_each_combat"))
        # "Attacks each combat if able" (rule 508.1d): no "done" while such a
        # creature that can attack has not been declared.
        return out if must and out else [A.DONE, *out]

    # ------------------------------------------- attack taxes (508.1d, 508.1g-h)
    def attack_taxes(self) -> list[tuple[int, fx.AttackTax]]:
        """The attack taxes on the battlefield with their controllers (Ghostly
        Prison), worked out again only when the battlefield changed."""
        if self._tax_version != self._bf_version:
            found = []
            for perm in self.battlefield.values():
                if perm.face_down:
                    continue
                for static in self.defs[self.card_def[perm.card]].statics:
                    if isinstance(static, fx.AttackTax):
                        found.append((perm.controller, static))
            self._taxes = found
            self._tax_version = self._bf_version
        return self._taxes

    def attack_tax(self, extra: int | None = None,
                   walker: bool = False) -> ManaCost | None:
        """The mana the attacking player pays for the attackers declared so far (and
        one more attacking seat ``extra``, a planeswalker of it if ``walker``): the
        sum over the attack taxes of each creature attacking their controller or, as
        the tax says, a planeswalker they control (508.1g); None if nothing."""
        total = None
        attacks = [(d, pid in self.attacking_pw) for pid, d in self.attackers.items()]
        if extra is not None:
            attacks.append((extra, walker))
        for owner, tax in self.attack_taxes():
            for seat, on_walker in attacks:
                if seat == owner and (tax.planeswalkers if on_walker else tax.player):
                    total = add_costs(total, tax.mana)
        return total

    def _tax_allows(self, p: int, seat: int) -> bool:
        """Whether ``p`` can pay the attack taxes of the attackers declared so far
        and of one more attacking ``seat`` (the player, or its planeswalker: the
        dearer of the two, so a declaration offered is always one ``p`` can pay;
        508.1d: a tax is never required, so a creature that can't be paid for is
        not offered)."""
        due = [self.attack_tax(seat, False)]
        if self._attackable_planeswalkers(seat):
            due.append(self.attack_tax(seat, True))
        return all(cost is None or self._can_pay(p, cost, other=True) for cost in due)

    def _pay_attack_tax(self, p: int) -> None:
        """508.1h: the attacking player pays the total attack tax as the
        declaration is finished (mana abilities activated automatically)."""
        due = self.attack_tax()
        if due is not None:
            self._pay_mana_and_life(p, due, 0)
            self.log("attack_tax", player=p, mana=str(due))

    def _attackable_planeswalkers(self, defending: int) -> list[int]:
        """Planeswalkers of seat ``defending`` a creature may attack (rule 508.1b)."""
        return [pid for pid, perm in self.battlefield.items()
                if perm.controller == defending and perm.slot >= 0
                and self.pdef(pid).is_planeswalker]

    def _blockable(self, blocker: int, p: int) -> list[int]:
        """Attackers attacking ``p`` that ``blocker`` can block (not one it withdrew
        a block from in this declaration: declaring and withdrawing the same block
        again and again would never end)."""
        bkws = self.keywords(blocker)
        reach = bkws & {"flying", "reach"}
        shadow, horse = "shadow" in bkws, "horsemanship" in bkws
        withdrawn = (self.decision or {}).get("withdrawn", ())
        only = self.pdef(blocker).blocks_only
        out = []
        for attacker, defending in self.attackers.items():
            if defending != p or self.battlefield[attacker].slot < 0:
                continue
            if withdrawn and [blocker, attacker] in withdrawn:
                continue
            akws = self.keywords(attacker)
            if "flying" in akws and not reach:
                continue
            if self._restricted(attacker, "cant_be_blocked"):
                continue
            if akws and KW.evasive(akws) and not self._evasion_allows(blocker, attacker,
                                                                      akws, p):
                continue
            if (shadow or "shadow" in akws) and shadow != ("shadow" in akws):
                continue  # 702.28b-c: shadow blocks and is blocked only by shadow
            if "horsemanship" in akws and not horse:
                continue  # 702.31b
            if not self._blocker_allowed(blocker, attacker):
                continue
            if only is not None and not self.matches(only, attacker, p, blocker):
                continue  # "this can block only creatures with flying" (509.1b)
            out.append(attacker)
        return out

    def _blocker_restrictions(self, attacker: int) -> list[fx.CombatRestriction]:
        """The attacker's restrictions on its blockers (509.1b): its own, and those
        an Aura or Equipment attached to it gives ("equipped creature can't be
        blocked by more than one creature")."""
        out = [st for st in self.pdef(attacker).statics
               if isinstance(st, fx.CombatRestriction) and st.about_blockers]
        self._statics()
        for bonus, _, _ in self._bonuses.get(attacker, ()):
            if bonus.blockers is not None:
                out.append(bonus.blockers)
        return out

    def goaders(self, pid: int) -> set[int]:
        """The players who goaded ``pid`` (701.38: "goad target creature" until
        their next turn, an Aura's "enchanted creature is goaded")."""
        out = {m[3] for m in self.battlefield[pid].mods
               if len(m) > 3 and KW.GOADED in m[2]}
        self._statics()
        out.update(owner for bonus, _, owner in self._bonuses.get(pid, ())
                   if bonus.goaded)
        return out

    def _attack_barred(self, pid: int) -> set[int]:
        """The players ``pid`` can't attack (508.1c): the controllers of Auras and
        Equipment attached to it that say "can't attack you or planeswalkers you
        control", and those an effect bars it from attacking this combat
        (:attr:`attack_barred`)."""
        return {owner for bonus, _, owner in self._bonuses.get(pid, ())
                if bonus.cant_attack_you} | {
            seat for barred, seat in self.attack_barred if barred == pid}

    def _blocker_allowed(self, blocker: int, attacker: int) -> bool:
        """Whether ``attacker``'s restrictions let ``blocker`` block it: "can't be
        blocked by <quality>", "can't be blocked except by <quality> [or
        <quality>]" (509.1b)."""
        you = self.battlefield[attacker].controller
        for st in self._blocker_restrictions(attacker):
            if st.not_blocked_by is not None and self.matches(
                    st.not_blocked_by, blocker, you, attacker):
                return False
            if st.blocked_only_by and not any(
                    self.matches(f, blocker, you, attacker) for f in st.blocked_only_by):
                return False
        return True

    def _evasion_allows(self, blocker: int, attacker: int, akws: frozenset[str],
                        p: int) -> bool:
        """Whether ``blocker`` may block ``attacker`` despite its evasion keywords
        (:data:`~keywords.EVASION`), defending player ``p``."""
        lands: set[str] = set()
        if akws & KW.LANDWALK.keys():
            for perm in self.battlefield.values():
                if perm.controller == p and not perm.face_down:
                    d = self.shown(perm)
                    if "Land" in d.types:
                        lands.update(d.subtypes)
        a, b = self.pdef(attacker), self.pdef(blocker)
        return KW.may_block(akws, a.colours, self.chars(attacker)[0], b.colours,
                            b.types + b.subtypes, self.chars(blocker)[0], lands,
                            self.battlefield[blocker].controller,
                            self.battlefield[attacker].chosen)

    def _block_actions(self, p: int) -> list[int]:
        """"Done" while the blocks are legal (509.1b: no attacker with menace blocked
        by a single creature) and obey as many requirements as possible (509.1c);
        "block with" each creature that may still block; and, for each creature in a
        block that breaks a restriction, "block with" it again, which removes that
        block (the way out when no second blocker can join)."""
        illegal = self.illegal_blocks(p)
        reqs = self._requirements(p)
        best = self._best_blocks(reqs) if reqs is not None else None
        done = not illegal and (reqs is None or best is None
                                or self._obeyed(reqs) >= best)
        out = [A.DONE] if done else []
        for pid, perm in self.battlefield.items():
            if (perm.controller == p and perm.slot >= 0 and not perm.tapped
                    and pid not in self.blocking and self._can_block(pid)
                    and (self._block_targets(pid, p, reqs, best) if reqs is not None
                         else self._blockable(pid, p))):
                out.append(A.block(perm.slot))
        for attacker in illegal:
            out.extend(A.block(self.battlefield[b].slot) for b in self.blocks[attacker])
        return out

    # ------------------------------------------ blocking requirements (509.1c)
    def _requirements(self, p: int) -> dict | None:
        """The blocking requirements on seat ``p``'s declaration, or None when there
        is none (the common case, decided without a search): attackers with "all
        creatures able to block this do so" (``lure``) or "must be blocked if able"
        (``must``), ``p``'s creatures that block each combat if able (``each``);
        with each undeclared creature's options (``free``: the attackers it may
        block) and each attacker's number of blockers allowed (``limits``)."""
        attackers = [a for a, d in self.attackers.items()
                     if d == p and self.battlefield[a].slot >= 0]
        lure = {a for a in attackers if self._restricted(a, "lure")}
        must = {a for a in attackers if self._restricted(a, "must_be_blocked")}
        mine = [pid for pid, perm in self.battlefield.items()
                if perm.controller == p and perm.slot >= 0 and self.is_creature(pid)]
        each = {b for b in mine if self._restricted(b, "blocks_each_combat")}
        pairs = {(b, a) for b, a in self.block_pairs
                 if a in attackers and b in self.battlefield
                 and self.battlefield[b].controller == p}
        if not (lure or must or each or pairs):
            return None
        free = {}
        for b in mine:
            perm = self.battlefield[b]
            if b not in self.blocking and not perm.tapped and self._can_block(b):
                options = self._blockable(b, p)
                if options:
                    free[b] = options
        limits = {}
        for a in attackers:
            least = KW.min_blockers(self.keywords(a))
            most = 10 ** 6
            for st in self._blocker_restrictions(a):
                least = max(least, st.min_blockers)
                most = st.max_blockers or most
            limits[a] = (least, most)
        return {"lure": lure, "must": must, "each": each, "free": free,
                "limits": limits, "pairs": pairs}

    def _obeyed(self, reqs: dict, extra: tuple[int, int] | None = None) -> int:
        """How many requirements the declaration so far (and ``extra``, a blocker
        and its attacker) obeys: one for each creature that must block and blocks,
        each creature blocking an attacker all able creatures must block, and each
        attacker that must be blocked and is (509.1c)."""
        blocking = dict(self.blocking)
        if extra is not None:
            blocking[extra[0]] = extra[1]
        n = 0
        pairs = reqs["pairs"]
        for b, a in blocking.items():
            n += (b in reqs["each"]) + (a in reqs["lure"]) + ((b, a) in pairs)
        blocked = set(blocking.values())
        return n + sum(1 for a in reqs["must"] if a in blocked)

    _SEARCH_CAP = 20000
    """Declarations looked at per search before it settles for the best so far."""

    def _best_blocks(self, reqs: dict, extra: tuple[int, int] | None = None
                     ) -> int | None:
        """The most requirements a legal declaration extending the one so far (and
        ``extra``) can obey (509.1c: the maximum possible without breaking a
        restriction), or None when no extension is legal. A depth-first search over
        the undeclared creatures, cut off by an upper bound; past
        :data:`_SEARCH_CAP` declarations it keeps the best found (never less than
        what is declared, which stays possible)."""
        counts: dict[int, int] = {a: 0 for a in reqs["limits"]}
        for a in self.blocking.values():
            if a in counts:
                counts[a] += 1
        free = dict(reqs["free"])
        if extra is not None:
            free.pop(extra[0], None)
            counts[extra[1]] = counts.get(extra[1], 0) + 1
        lure, must, each, limits = reqs["lure"], reqs["must"], reqs["each"], \
            reqs["limits"]
        pairs = reqs["pairs"]

        def most(b: int) -> int:  # the most one creature's block can obey
            return (b in each) + max((a in lure) + ((b, a) in pairs) for a in free[b])

        order = sorted(free, key=lambda b: -most(b))
        gain = [most(b) for b in order]
        rest = [0] * (len(order) + 1)
        for i in range(len(order) - 1, -1, -1):
            rest[i] = rest[i + 1] + gain[i]
        base = self._obeyed(reqs, extra) - sum(1 for a in must if counts.get(a))
        best: list[int | None] = [None]
        seen = [0]

        def legal() -> bool:
            return all(n == 0 or limits[a][0] <= n <= limits[a][1]
                       for a, n in counts.items())

        def dfs(i: int, score: int) -> None:
            if seen[0] >= self._SEARCH_CAP:
                return
            blocked_must = sum(1 for a in must if counts[a])
            if best[0] is not None and score + rest[i] + len(must) <= best[0]:
                return
            if i == len(order):
                seen[0] += 1
                if legal():
                    total = score + blocked_must
                    if best[0] is None or total > best[0]:
                        best[0] = total
                return
            b = order[i]
            for a in free[b]:
                counts[a] += 1
                dfs(i + 1, score + (b in each) + (a in lure) + ((b, a) in pairs))
                counts[a] -= 1
            dfs(i + 1, score)

        dfs(0, base)
        if seen[0] >= self._SEARCH_CAP and best[0] is None:
            return None
        return best[0]

    def _block_targets(self, blocker: int, p: int, reqs: dict | None = None,
                       best: int | None = None) -> list[int]:
        """The attackers ``blocker`` may be declared blocking: those it can block
        (509.1b) whose block still lets the declaration obey as many requirements
        as it can (509.1c), so that "done" stays reachable."""
        options = self._blockable(blocker, p)
        if reqs is None:
            reqs = self._requirements(p)
            if reqs is None:
                return options
            best = self._best_blocks(reqs)
        if best is None:
            return options
        return [a for a in options if self._best_blocks(reqs, (blocker, a)) == best]

    def illegal_blocks(self, p: int) -> list[int]:
        """Attackers attacking ``p`` blocked by fewer creatures than a restriction
        allows (menace: two or more; "except by three or more creatures") or more
        ("by more than one creature"), 509.1b; a declaration with one is not
        finished."""
        out = []
        for attacker, blockers in self.blocks.items():
            if not blockers or self.attackers.get(attacker) != p:
                continue
            least = KW.min_blockers(self.keywords(attacker))
            most = len(blockers)
            for st in self._blocker_restrictions(attacker):
                least = max(least, st.min_blockers)
                most = st.max_blockers or most
            if not least <= len(blockers) <= most:
                out.append(attacker)
        return out

    # ------------------------------------------- dividing combat damage, 510.1c
    def _division(self, d: dict) -> tuple[list[int], dict[int, int], int | None, bool]:
        """For an ``assign_damage`` decision: the attacker's blockers still in combat
        (in the order declared), the damage assigned so far by target code, what it
        attacks (a target code, None if that left combat) and whether every blocker
        has lethal damage assigned and trample lets the rest go there (702.19b)."""
        attacker = d["attacker"]
        blockers = [b for b in self.blocks.get(attacker, []) if b in self.battlefield]
        assigned = {code: amount for code, amount in d["hits"]}
        kws = self.keywords(attacker)
        target = self._attacked(attacker, self.attackers[attacker])
        over = "trample" in kws and target is not None and all(
            assigned.get(b, 0) >= self.lethal_need_of(b, kws) for b in blockers)
        return blockers, assigned, target, over

    def lethal_need_of(self, blocker: int, attacker_keywords: frozenset[str]) -> int:
        """Lethal damage for ``blocker`` from an attacker with those keywords."""
        return lethal_need(self.chars(blocker)[1], self.battlefield[blocker].damage,
                           "deathtouch" in attacker_keywords)

    def _assign_actions(self, d: dict) -> list[int]:
        """Dividing an attacker's combat damage among its blockers (510.1c): "choose
        permanent" a blocker assigns it the damage still lethal for it (one more point
        once it has that); "done" assigns the rest to the blocker chosen last; with
        trample, once every blocker has lethal damage, choosing the player (or the
        planeswalker) it attacks assigns it the rest (702.19b)."""
        blockers, assigned, target, over = self._division(d)
        out = [A.permanent(self.battlefield[b].slot) for b in blockers]
        if d["hits"]:
            out.append(A.DONE)
        if over:
            out.append(self._code_action(target, d["player"]))
        return out

    def default_assignment(self) -> int:
        """The action of the default division of an ``assign_damage`` decision (an
        automated player's): lethal damage to each blocker in the order declared, then
        the rest to the player with trample, else to the last blocker chosen."""
        d = self.decision
        blockers, assigned, target, over = self._division(d)
        kws = self.keywords(d["attacker"])
        for b in blockers:
            if assigned.get(b, 0) < self.lethal_need_of(b, kws):
                return A.permanent(self.battlefield[b].slot)
        if over:
            return self._code_action(target, d["player"])
        if d["hits"]:
            return A.DONE
        return A.permanent(self.battlefield[blockers[-1]].slot)

    def _assign(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        blockers, assigned, target, _ = self._division(d)
        left = d["left"]
        if kind == "done":
            code = next(c for c, _ in reversed(d["hits"]) if c in blockers)
            amount = left
        else:
            code = self._action_code(kind, args, d["player"])
            if code in blockers:
                need = self.lethal_need_of(code, self.keywords(d["attacker"]))
                amount = min(left, max(need - assigned.get(code, 0), 1))
            else:  # the player or planeswalker it attacks: all the rest
                amount = left
        hits = [list(h) for h in d["hits"] if h[0] != code]
        hits.append([code, assigned.get(code, 0) + amount])
        if left - amount > 0:
            self.decision = {**d, "left": left - amount, "hits": hits}
            return
        self.combat_hits.append([d["attacker"], hits])  # type: ignore[union-attr]
        self.log("damage_assigned", player=d["player"], attacker=d["attacker"],
                 card=self.name_of(self.battlefield[d["attacker"]].card),
                 hits=[list(h) for h in hits], **self.face_down_marks(d["attacker"]))

    def _can_block(self, pid: int) -> bool:
        """Whether permanent ``pid`` may block at all (a creature without "can't
        block"); a variant may let another permanent block."""
        if not self.is_creature(pid) or self._restricted(pid, "cant_block"):
            return False
        for st in self.pdef(pid).statics:  # "can't block unless <condition>"
            if isinstance(st, fx.CombatRestriction) and st.block_unless is not None and \
                    not self.conditions_hold((st.block_unless,), self.battlefield[pid]
                                             .controller, pid):
                return False
        keywords = self.keywords(pid)
        if "decayed" in keywords:
            return False  # decayed (702.147a): it can't block
        # unleash (702.98a): it can't block as long as it has a +1/+1 counter
        return not (self.battlefield[pid].counters.get("+1/+1")
                    and "unleash" in keywords)

    # --------------------------------------------------- carrying out an action
    def _act(self, action: int) -> None:
        """Carry out a legal action for the current decision."""
        d = self.decision
        assert d is not None
        if action == A.CONCEDE:
            self._concede(d["player"])
            return
        if "defender" in d:  # ChooseBlocks: another player declares these blocks
            self._declare_for(d, action)
            return
        self.decision = None
        self._legal = None
        kind, args = A.decode(action)
        p = d["player"]
        dk = d["kind"]
        if kind != "pass":
            self._sba_clean = False
        if dk == "priority":
            if kind == "pass":
                self._pass()
            elif kind == "cast":
                self._cast(p, self.hand_slots(p)[args[0]])
            elif kind == "graveyard":
                self._cast(p, *self.zone_slots(p)[args[0]])
            elif kind == "activate":
                pid = self.slots[args[0]]
                if self.battlefield[pid].face_down:
                    # a special action (rule 116.2b): no stack; the player keeps
                    # priority and every player must pass again
                    self.turn_face_up(pid, self.face_up_ways(pid)[args[1]])
                    self.passes = 0
                else:
                    self._activate(p, pid, battlefield_abilities(self.pdef(pid))[args[1]])
            elif self.cdef(self.hand_slots(p)[args[0]]).face_down_cost is not None:
                self._cast_face_down(p, self.hand_slots(p)[args[0]])
            elif self.cdef(self.hand_slots(p)[args[0]]).foretell is not None:
                # a special action (116.2h): no stack, the player keeps priority
                self.foretell_card(p, self.hand_slots(p)[args[0]])
            elif self.cdef(self.hand_slots(p)[args[0]]).suspend is not None:
                # a special action (116.2f): no stack, the player keeps priority
                self.suspend_card(p, self.hand_slots(p)[args[0]])
            else:  # an ability of a card in hand (cycling)
                card = self.hand_slots(p)[args[0]]
                index = next(i for i, ab in enumerate(self.cdef(card).activated)
                             if ab.zone == "hand")
                mana = self.cdef(card).activated[index].cost.mana
                self.casting = StackItem(sid=self._new_id(), kind="activated",
                                         controller=p, card=card, index=index,
                                         keywords=sorted(self.cdef(card).keywords),
                                         x=-1 if mana is not None and mana.x else 0)
                self.closed = []
        elif dk == "mulligan":
            self._mulligan(p, kind == "mulligan")
        elif dk == "bottom" and d.get("put") == "battlefield":
            self._put_from_hand(p, kind, args)
        elif dk == "bottom" and d.get("put") == "cast_free":  # CastFromHand
            if kind == "hand":
                self._cast(p, self.hand_slots(p)[args[0]], zone="hand_free")
        elif dk == "bottom" and d.get("put") == "exile":  # PutFromHand: exiled
            card = self.hand_slots(p)[args[0]]
            self.exile_from_hand(p, card)
            self.res["moved_cards"].append(card)  # type: ignore[index]
            self.res["asks"][0][2] -= 1  # type: ignore[index]
        elif dk == "bottom" and d.get("put") == "foretold":  # PutFromHand: foretold
            card = self.hand_slots(p)[args[0]]
            node = self._put_from_hand_node()
            self.foretell_from_hand(p, card, node.reduced)
            self.res["asks"][0][2] -= 1  # type: ignore[index]
        elif dk == "bottom" and "put" in d:  # PutFromHand: a card back on its library
            card = self.hand_slots(p)[args[0]]
            self.hand[p].remove(card)
            if card in self.public_hand:
                self.public_hand.remove(card)
            if d["put"] == "top":
                self.library[p].append(card)
            else:
                self.library[p].insert(0, card)
                self.known_bottom[p] += 1
            self.log("put_back", player=p, card=self.name_of(card), to=d["put"])
            self.res["asks"][0][2] -= 1  # type: ignore[index]
        elif dk == "bottom":
            card = self.hand_slots(p)[args[0]]
            self.hand[p].remove(card)
            self.library[p].insert(0, card)
            self.known_bottom[p] += 1  # its owner knows what it put there
            self.log("bottom", player=p)
            self.mull["bottom"] -= 1  # type: ignore[index]
        elif dk == "target" and "retarget" in d:  # a copy's new target (707.10c)
            self.retarget_act(d, kind, args)
        elif dk == "target" and kind in ("hand", "mode"):  # a card in a graveyard
            self.grave_target_act(d, kind, args)
        elif dk in ("mode", "target"):
            item = self.casting
            path = d["path"]
            if kind == "done":
                self.closed.append(path)
            elif kind == "mode":
                item.modes.setdefault(path, []).append(args[0])
                item.modes[path].sort()
            else:
                item.targets.setdefault(path, []).append(self._action_code(kind, args, p))
        elif dk == "attack":
            if kind == "done":
                self._pay_attack_tax(p)
                self._attackers_declared()
            else:
                pid = self.slots[args[0]]
                defending = (p + args[1]) % self.num_players
                self.attackers[pid] = defending
                if self._attackable_planeswalkers(defending):
                    # rule 508.1b: the player, or one of its planeswalkers
                    self.decision = {"kind": "attack_target", "player": p, "attacker": pid}
                else:
                    self.decision = {"kind": "attack", "player": p}
        elif dk == "attack_target":
            if kind == "permanent":
                self.attacking_pw[d["attacker"]] = self.slots[args[0]]
            self.decision = {"kind": "attack", "player": p}
        elif dk == "block":
            if kind == "done":
                self._blocks_declared(p)
            elif self.slots[args[0]] in self.blocking:  # undo a block that breaks a rule
                blocker = self.slots[args[0]]
                attacker = self.blocking.pop(blocker)
                self.blocks[attacker].remove(blocker)
                if not self.blocks[attacker]:
                    del self.blocks[attacker]
                self.log("block_removed", player=p, blocker=blocker, attacker=attacker,
                         reason="withdrawn")
                self.decision = {"kind": "block", "player": p,
                                 "withdrawn": [*d.get("withdrawn", ()), [blocker, attacker]]}
            else:
                self.decision = {"kind": "block_target", "player": p,
                                 "blocker": self.slots[args[0]],
                                 **({"withdrawn": d["withdrawn"]} if "withdrawn" in d else {})}
        elif dk == "block_target":
            blocker = d["blocker"]
            attacker = self.slots[args[0]]
            self.blocking[blocker] = attacker
            self.blocks.setdefault(attacker, []).append(blocker)
            self.log("block", player=p, blocker=blocker, attacker=attacker,
                     card=self.name_of(self.battlefield[blocker].card),
                     **self.face_down_marks(blocker))
            self.decision = {"kind": "block", "player": p,
                             **({"withdrawn": d["withdrawn"]} if "withdrawn" in d else {})}
        elif dk == "yesno" and "announce" in d:  # overload? kicker? (601.2b)
            self.announced(d["announce"], kind == "yes")
        elif dk == "yesno" and "unless" in d:  # "<effect> unless you pay <cost>"
            self.answer_unless(d["unless"], kind == "yes")
        elif dk == "yesno" and "pay" in d:  # counter unless its controller pays
            self.pay_tax(d["pay"], d["path"], kind == "yes")
        elif dk == "yesno" and "each_may" in d:  # "each player may ..." (101.4)
            self.answer_each_player(p, d["each_may"], kind == "yes")
        elif dk == "yesno" and "any_opponent" in d:  # "any opponent may sacrifice"
            self.answer_any_opponent(p, d["any_opponent"], kind == "yes")
        elif dk == "yesno" and "unleash" in d:  # 702.98a
            self.unleash(kind == "yes")
        elif dk == "yesno" and "riot" in d:  # 702.136a
            self.riot(kind == "yes")
        elif dk == "yesno" and "fabricate" in d:  # 702.123a
            self.fabricate(kind == "yes")
        elif dk == "yesno" and "enter" in d:  # a land that asks for life as it enters
            self.play_land(p, d["enter"], paid_life=kind == "yes")
        elif dk == "yesno" and "pile" in d:  # sacrifice the first pile (yes)?
            self.res["sacrificed"] = kind == "yes"  # type: ignore[index]
        elif dk == "yesno" and "madness" in d:  # 702.35a: cast it (yes)?
            if kind == "yes":
                self._cast(p, d["madness"], zone="madness")
            elif not (d.get("or_mana_cost") and self.madness_mana_cost_asks(p, d["madness"])):
                self.madness_declined(p, d["madness"])
        elif dk == "yesno" and "madness_mana_cost" in d:  # a granted madness: cast it
            # for its mana cost (yes)?
            if kind == "yes":
                self._cast(p, d["madness_mana_cost"], zone="madness_mana_cost")
            else:
                self.madness_declined(p, d["madness_mana_cost"])
        elif dk == "yesno" and "miracle" in d:  # 702.94a: cast it (yes)?
            if kind == "yes":
                self._cast(p, d["miracle"], zone="miracle")
        elif dk == "yesno" and "die_choice" in d:  # 706: which result is "that"
            first, second = d["die_choice"]
            self.res["die_result"], self.res["other_result"] = (  # type: ignore[index]
                (first, second) if kind == "yes" else (second, first))
        elif dk == "yesno" and "play_free" in d:  # hideaway (702.75a): play it?
            if kind == "yes":
                self.play_free(p, d["play_free"])
        elif dk == "yesno" and "cascade" in d:  # 702.85a: cast it (yes)?
            self.cascade_done(d["cascade"] if kind == "yes" else None)
        elif dk == "yesno" and "cast_copy" in d:  # 707.12: cast the copy (yes)?
            if kind == "yes":
                self.cast_copy_of(p, d["cast_copy"])
        elif dk == "yesno" and "rebound" in d:  # 702.88a: cast it (yes)?
            if kind == "yes":
                self._cast(p, d["rebound"], zone="rebound")
        elif dk == "yesno" and "suspend" in d:  # 702.62a: cast it (yes)?
            if kind == "yes":
                self._cast(p, d["suspend"], zone="suspend")
        elif dk == "yesno" and "explore" in d:  # 701.44a: into the graveyard (yes)?
            self.res["asks"][0][2] = 0  # type: ignore[index]
            card = d["explore"]
            if kind == "yes" and self.library[p] and self.library[p][-1] == card:
                self.library[p].pop()
                self.to_graveyard(card, from_library=True)
            self.log("explored", player=p, card=self.name_of(card),
                     graveyard=kind == "yes")
        elif dk == "yesno" and "myriad" in d:  # 702.116a: a token attacking them?
            if kind == "yes":
                self.myriad_token(d["myriad"])
            self.res["asks"][0][2] = 0  # type: ignore[index]
        elif dk == "yesno" and "clash" in d:  # 701.23a: on the bottom (yes)?
            self.res["asks"][0][2] = 0  # type: ignore[index]
            if kind == "yes" and self.library[p] and self.library[p][-1] == d["clash"]:
                self.library[p].insert(0, self.library[p].pop())
            self.log("clashed", player=p, card=self.name_of(d["clash"]),
                     bottom=kind == "yes")
        elif dk == "yesno" and "to_bottom" in d:  # its owner's choice: bottom (yes)?
            self.res["asks"][0][2] = 0  # type: ignore[index]
            self.res["to_bottom"][d["to_bottom"]] = kind == "yes"  # type: ignore[index]
        elif dk == "yesno" and "peek" in d:  # the top card on the bottom (yes)?
            q = d["peek"]
            self.res["asks"][0][2] = 0  # type: ignore[index]
            if kind == "yes" and self.library[q]:
                self.library[q].insert(0, self.library[q].pop())
            self.log("peeked", player=p, whose=q, bottom=kind == "yes")
        elif dk == "yesno" and "opening_hand" in d:  # 103.6: begin with it (yes)?
            if kind == "yes":
                self.begin_with(p, d["opening_hand"])
        elif dk == "yesno" and "dredge" in d:  # 702.52a: dredge it instead (yes)?
            if kind == "yes":
                self.dredge(p, d["dredge"])
            elif self.draw_asking(p, d["skip"] + 1):  # (another dredge card?)
                if d.get("step_draw"):
                    self.decision["step_draw"] = True
                return
            else:
                self.draw(p)
            if d.get("step_draw"):  # the draw step's draw is done: priority
                self._give_priority_to_active()
            else:
                self.res["asks"][0][2] -= 1  # type: ignore[index]
        elif dk == "yesno" and "unblocked" in d:  # 510.1: as though unblocked (yes)?
            attacker = d["unblocked"]
            if kind == "yes":
                self.log("damage_as_unblocked", player=p, attacker=attacker,
                         card=self.name_of(self.battlefield[attacker].card),
                         **self.face_down_marks(attacker))
            self.assign_combat_damage(attacker, blocked=kind != "yes")
        elif dk == "yesno" and "stay_tapped" in d:  # 502.3: keep it tapped (yes)?
            pid = d["stay_tapped"]
            self.untap_answers.append([pid, int(kind == "yes")])
            if kind == "yes":
                self.log("stays_tapped", player=p, id=pid,
                         card=self.name_of(self.battlefield[pid].card))
        elif dk == "yesno" and "order" in d:  # 616.1: regeneration first?
            self.replacements.append(["order", d["order"], kind == "yes"])
        elif dk == "yesno":
            res = self.res
            if kind == "yes":
                res["queue"].insert(0, res.pop("asking"))  # type: ignore[union-attr]
                # what it does from now on is the action "when you do" waits for
                res["did_from"] = len(self.events)  # type: ignore[index]
            else:
                res.pop("asking")  # type: ignore[union-attr]
                res.pop("did_from", None)  # type: ignore[union-attr]
        elif dk == "discard":  # (by an effect while one resolves, else cleanup's)
            card = self.hand_slots(p)[args[0]]
            self._discard(p, card,
                          None if self.res is None else self.res["item"].controller)
            if self.res is not None and self.res.get("asks"):
                self.res["asks"][0][2] -= 1
                # what was discarded this way (701.50a: connive's counters)
                self.res.setdefault("discarded_cards", []).append(card)
        elif dk == "x":
            self.casting.x = d["values"][args[0]]  # type: ignore[union-attr]
        elif dk == "divide":
            self.casting.division[d["path"]][args[0]] += 1  # type: ignore[union-attr]
        elif dk == "cost_crew":
            self.casting.crew.append(self.slots[args[0]])  # type: ignore[union-attr]
        elif dk == "cost_sacrifice":
            self.casting.sacrificed.append(self.slots[args[0]])  # type: ignore[union-attr]
        elif dk == "cost_discard":
            self.casting.discarded.append(self.hand_slots(p)[args[0]])  # type: ignore[union-attr]
        elif dk == "sacrifice" and kind == "done":  # "up to": no more
            self.res["asks"][0][2] = 0  # type: ignore[index]
        elif dk == "sacrifice":  # (or returned to its owner's hand: ReturnChosen)
            self.sacrifice_chosen([self.slots[args[0]]], d.get("dest", "graveyard"))
            self.res["asks"][0][2] -= 1  # type: ignore[index]
        elif dk == "pay_mana":
            self.pay_with(self.slots[args[0]])
        elif dk == "colour":
            item = self.res["item"]  # type: ignore[index]
            amounts = d.get("amounts") or [d["amount"]] * len(d["options"])
            spend = self.node_at(self.effect_of(item), self.res["spend"]).spend_only \
                if self.res.get("spend") is not None else None  # (106.6: it keeps it)
            self.add_mana(p, [d["options"][args[0]]] * amounts[args[0]],
                          self.name_of(item.card), self._source_pid(item), spend)
            if d.get("left"):  # "any combination": the next mana (106.1)
                options = [o for o in d["options"] if o != d["options"][args[0]]] \
                    if d.get("different") else d["options"]  # ("of different colors")
                if options:
                    self.decision = {**d, "left": d["left"] - 1, "options": options}
        elif dk == "dread":
            self.manifested(self.manifest_dread(p, args[0]))
            self.res["asks"][0][2] -= 1  # type: ignore[index]
        elif dk == "legend":
            self.legend_kept.append(self.slots[args[0]])
        elif dk == "assign_damage":
            self._assign(d, kind, args)
        elif dk == "choose_permanent":  # EachChooses
            self.each_chose(p, d["path"], None if kind == "done" else self.slots[args[0]])
        elif dk == "tap_any":
            if kind == "done":
                self.tap_chosen(p, d["chosen"], self.node_at(
                    self.effect_of(self.res["item"]), d["path"]).tap)  # type: ignore[index]
            else:
                self.decision = {**d, "chosen": [*d["chosen"], self.slots[args[0]]]}
        elif dk == "proliferate":
            if kind == "done":
                self.proliferate(p, d["chosen"])
            else:
                code = self.slots[args[0]] if kind == "permanent" else \
                    player_code((p + args[0]) % self.num_players)
                self.decision = {**d, "chosen": [*d["chosen"], code]}
        elif dk == "devour":
            if kind == "done":
                self.devour_done()
            else:
                self.res["devour"].append(self.slots[args[0]])  # type: ignore[index]
                self.decision = {"kind": "devour", "player": p}
        elif dk == "pile":
            if kind == "done":
                self.res["asks"][0][2] = 1  # type: ignore[index]
            else:
                self.res["pile"].append(self.slots[args[0]])  # type: ignore[index]
                self.decision = {"kind": "pile", "player": p, "whose": d["whose"]}
        elif dk == "choose" and d.get("resolving"):  # "choose a creature type."
            chosen = d["options"][args[0]]
            self.res["chosen_type"] = chosen  # type: ignore[index]
            self.log("chosen", player=p, card=self.name_of(self.res["item"].card),  # type: ignore[index]
                     chosen=chosen, what="creature_type")
        elif dk == "choose" and "path" in d:  # a keyword of Pump.keyword_choice
            chosen = d["options"][args[0]]
            self.res["keyword_chosen"][d["path"]] = chosen  # type: ignore[index]
            self.log("chosen", player=p, card=self.name_of(self.res["item"].card),  # type: ignore[index]
                     chosen=chosen)
        elif dk == "choose" and "clash" in d:  # 701.23b: the opponent to clash with
            self.res["clash_with"][d["clash"]] = (p + args[0]) % self.num_players  # type: ignore[index]
        elif dk == "choose" and kind == "player":  # "choose a player" (614.12c)
            self.make_choice(d["pid"], str((p + args[0]) % self.num_players))
        elif dk == "choose":
            self.make_choice(d["pid"], d["options"][args[0]])
        elif dk == "copy" and "populate" in d:  # 701.36a: the token to copy
            self.populated(self.slots[args[0]])
        elif dk == "copy" and "pair" in d:  # soulbond: the creature to pair it with
            if kind != "done":
                self.pair(d["pair"], self.slots[args[0]])
        elif dk == "copy":
            self.enter_as_copy(None if kind == "done" else self.slots[args[0]])
        elif "copy_card" in d:  # 707.12
            self.copy_card_chosen(d, args[0])
        elif "grave_choice" in d:
            self.grave_choice_act(d, kind, args)
        elif "cost_exile" in d:
            self.exile_any_act(d, kind, args)
        elif "choose_cards" in d:
            self.cards_chosen(d, kind, args)
        elif dk in LIBRARY_DECISIONS:
            self.library_act(d, kind, args)
        else:
            self._custom_act(d, kind, args)

    def _declare_for(self, d: dict, action: int) -> None:
        """``d["player"]`` takes ``action`` in the blocking declaration of defending
        player ``d["defender"]`` (:class:`~effects.ChooseBlocks`): carried out as
        that player's, the declaration's next decision asked of the chooser."""
        defender = d["defender"]
        self.decision = {k: v for k, v in d.items() if k != "defender"}
        self.decision["player"] = defender
        self._act(action)
        nd = self.decision
        if nd is not None and nd["kind"] in ("block", "block_target") and \
                nd["player"] == defender and "defender" not in nd:
            self.decision = {**nd, "player": d["player"], "defender": defender}

    def _action_code(self, kind: str, args: tuple[int, ...], p: int) -> int:
        if kind == "player":
            return player_code((p + args[0]) % self.num_players)
        if kind == "permanent":
            return self.slots[args[0]]
        return self.stack[args[0]].sid


def battlefield_abilities(d: fx.CardDef) -> tuple[int, ...]:
    """Indices in ``d.activated`` of the abilities activated from the battlefield by an
    action (mana abilities are automatic; hand abilities have their own actions)."""
    return d.battlefield_abilities

