"""Copies of spells and abilities on the stack (rule 707.10).

:class:`CopiesMixin` holds the part of :class:`~game.MagicGame` that copies a spell or
an ability (:class:`~effects.CopySpell`): the copy is a new stack object
(:attr:`~state.StackItem.is_copy`) with the original's characteristics and every
decision made for it (modes, targets, X, kicker, the division of damage; 707.10),
controlled by the player under whose control it was put on the stack. It isn't cast
(no cast triggers, not counted as a spell cast) and ceases to exist when it leaves
the stack (707.10a, 704.5e: resolved, countered or with no legal target left, no card
moves).

"You may choose new targets for the copy" (707.10c) is a real decision of the copy's
controller, one per target of the copy in the order the copy names them: a ``target``
decision with ``retarget`` (the target's index in its path), whose "done" keeps that
target (even one no longer legal) and whose target actions change it to another legal
target (115.3: not one the same word "target" already names; "another target" differs
from every other target). A target with no other legal choice is kept without asking.
The copy goes on the stack once every target is decided ("becomes the target"
abilities trigger for it, 603.2, ward included), and the next copy of the same effect
is made after that one.

A game without copies pays nothing: the effect is walked by the resolution only where
a card says so, and a copy is told apart by one flag.
"""

from __future__ import annotations

from typing import Any

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.resolve import selector_of
from labyrinth_gym.envs.magic.engine.state import StackItem

GRAVE_KINDS = ("graveyard_card", "battlefield_or_graveyard")


class CopiesMixin:
    """Copies of spells and abilities for :class:`~game.MagicGame` (methods only; the
    state is the game's)."""

    #: The spell whose cast triggers are being checked (it is not on the stack yet,
    #: 601.2i); None otherwise.
    being_cast: StackItem | None = None

    def copy_step(self, item: StackItem, node: fx.CopySpell, path: str) -> bool:
        """Resolve :class:`~effects.CopySpell` ``node`` (at ``path`` of the resolving
        ``item``): make its copies one at a time; True when a copy waits for its
        controller's new targets (the node is then walked again to make the next)."""
        res = self.res
        made = res.setdefault("copies_made", {})
        if path not in made:
            made[path] = 0
            res.setdefault("copies_due", {})[path] = self.amount(node.times)
        due = res["copies_due"][path]
        codes = [c for c in self.select(node.what, path) if c >= 0]
        obj = next((s for s in self.stack if codes and s.sid == codes[0]), None)
        if node.each_other is not None:
            if obj is not None and not made[path]:
                made[path] = 1
                self.copy_for_each_other(obj, node.each_other, item.source)
            return False
        while obj is not None and made[path] < due and not self.lost[item.controller]:
            made[path] += 1
            copy = self.copy_of(obj, item.controller)
            if node.new_targets and copy.targets:
                copy.retarget = [[p, i] for p, targets in copy.targets.items()
                                 for i in range(len(targets))]
                self.casting = copy
                self.closed = []
                return True
            self.put_copy(copy)
        return False

    def copy_of(self, obj: StackItem, controller: int) -> StackItem:
        """A copy of stack object ``obj`` controlled by ``controller`` (707.10): its
        characteristics and choices (modes, targets, X, kicker, alternative cost,
        the division of damage, what paid its costs as they last existed), none of
        its payments in progress."""
        new = obj.copy()
        new.sid = self._new_id()
        new.controller = controller
        new.is_copy = True
        new.sacrificed, new.discarded, new.crew, new.taps = [], [], [], []
        new.announce, new.retarget = [], []
        new.uncounterable = False  # (106.6a: no mana was spent on the copy)
        new.zone = ""
        return new

    def continue_copy(self) -> None:
        """Carry on putting the copy being made (:attr:`casting`) on the stack: ask
        its controller about its next target (707.10c), or put it there."""
        item = self.casting
        while item.retarget:
            path, i = item.retarget[0]
            if self.retarget_options(item, path, i) or self._grave_retarget(item, path):
                self.decision = {"kind": "target", "player": item.controller,
                                 "path": path, "retarget": i}
                return
            item.retarget.pop(0)  # no other legal target: it is kept
        self.casting = None
        self.closed = []
        self.put_copy(item)

    def put_copy(self, copy: StackItem) -> None:
        """Put ``copy`` on the stack (707.10; event ``copy_spell``)."""
        self.stack.append(copy)
        d = self.item_def(copy)
        self.log("copy_spell", player=copy.controller, card=d.name, id=copy.sid,
                 targets=self._target_names(copy),
                 **({"ability": True} if copy.kind != "spell" else {}))
        if copy.targets and not fx.TARGET_EVENTS_SET.isdisjoint(self._trigger_index()):
            self._target_triggers(copy)

    def _retarget_spec(self, item: StackItem, path: str) -> Any:
        return selector_of(self.node_at(self.effect_of(item), path))

    def _grave_retarget(self, item: StackItem, path: str) -> bool:
        spec = self._retarget_spec(item, path)
        return spec.kind in GRAVE_KINDS and bool(self.grave_offer(
            {"kind": "target", "path": path}))

    def retarget_options(self, item: StackItem, path: str, i: int) -> list[int]:
        """The legal new targets for target ``i`` of ``path`` of the copy ``item``
        (707.10c): candidates for that target other than the targets the same word
        "target" names (115.3; for "another target", every other target of the
        copy); the current one is kept with "done". Cards in graveyards are offered
        by the graveyard target pages instead."""
        spec = self._retarget_spec(item, path)
        if spec.kind == "graveyard_card":
            return []
        taken = set(item.targets[path])
        if spec.filter is not None and "another_target" in spec.filter.props:
            taken.update(c for codes in item.targets.values() for c in codes)
        return [c for c in self.candidates(spec, item)
                if c not in taken and (spec.kind != "battlefield_or_graveyard"
                                       or c in self.battlefield)]

    def retarget_legal(self, d: dict) -> list[int]:
        """The legal actions of a ``target`` decision with ``retarget``: "done"
        (keep the target), then each legal new target."""
        item = self.casting
        path, p = d["path"], d["player"]
        out = [A.DONE] + [self._code_action(c, p)
                          for c in self.retarget_options(item, path, d["retarget"])]
        if self._retarget_spec(item, path).kind in GRAVE_KINDS:
            out += [a for a in self.grave_target_legal(d) if a != A.DONE]
        return out

    def retarget_act(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        """Keep the target (done), turn the page of graveyard cards (mode 0), or
        change the target to the one chosen."""
        item = self.casting
        path, i = d["path"], d["retarget"]
        if kind == "done":
            item.retarget.pop(0)
            return
        if kind == "mode":
            self.grave_target_act(d, kind, args)  # (the next page: asked again)
            return
        if kind == "hand":
            code = self.grave_ids[self.grave_offer(d)[args[0]]]
        else:
            code = self._action_code(kind, args, d["player"])
        item.targets[path][i] = code
        item.retarget.pop(0)

    # ------------------------------------------------ casting a copy (707.12)
    def cast_copy_step(self, item: StackItem, node: fx.CastCopy, path: str) -> bool:
        """Resolve :class:`~effects.CastCopy` ``node``: choose the card (a
        ``hand_choice`` decision with ``copy_card`` when more than one kind of card
        matches), then offer each copy to be cast (a ``yesno`` decision with
        ``cast_copy``, asked only when the copy can be cast: 601.2c, 118.3); True when
        a decision or a cast waits (the node is then walked again)."""
        res = self.res
        states = res.setdefault("cast_copy", {})
        p = item.controller
        if path not in states:
            exiled = [c for c in res.get("moved", ())
                      if c in self.exile[self.card_owner[c]]
                      and self.card_matches(node.choose, c)]
            offer, seen = [], set()
            for c in exiled:  # one card of each definition: copies are alike
                if self.card_def[c] not in seen:
                    seen.add(self.card_def[c])
                    offer.append(c)
            if not offer or self.lost[p]:
                return False
            states[path] = [offer[0], node.times]
            if len(offer) > 1:
                self.decision = {"kind": "hand_choice", "player": p, "copy_card": path,
                                 "cards": offer}
                return True
        state = states[path]
        while state[1] > 0 and not self.lost[p]:
            state[1] -= 1
            if self.castable_as(StackItem(sid=-1, kind="spell", controller=p,
                                          card=state[0]), "free"):
                self.decision = {"kind": "yesno", "player": p, "cast_copy": state[0]}
                return True
        return False

    def copy_card_chosen(self, d: dict, i: int) -> None:
        """The card ``d["cards"][i]`` is the one copied (707.12)."""
        card = d["cards"][i]
        self.res["cast_copy"][d["copy_card"]][0] = card
        self.log("copy_chosen", player=d["player"], card=self.name_of(card))

    def cast_copy_of(self, p: int, card: int) -> None:
        """``p`` begins to cast a copy of ``card`` without paying its mana cost
        (707.12: the copy is created where the card is and cast; kicker is still
        asked; it is cast, and ceases to exist as it leaves the stack)."""
        d = self.cdef(card)
        self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p,
                                 card=card, keywords=sorted(d.keywords), x=0,
                                 alt="free", announce=["kicker"] if d.kicker else [],
                                 zone="copy", is_copy=True)
        self.closed = []

    # ---------------------------- one copy for each other permanent (Precursor Golem)
    def single_target_of(self, sid: int | None, source: int | None) -> int | None:
        """The one permanent stack object ``sid`` targets, if it targets only that
        one and it matches the :attr:`~effects.CopySpell.each_other` filter of
        ``source``'s ability that waits for it ("an instant or sorcery spell that
        targets only a single Golem"); else None."""
        obj = self.being_cast  # (cast triggers trigger before it is on the stack)
        if obj is None or obj.sid != sid:
            obj = next((s for s in self.stack if s.sid == sid), None)
        if obj is None or source is None or source not in self.battlefield:
            return None
        codes = {c for targets in obj.targets.values() for c in targets}
        if len(codes) != 1:
            return None
        code = next(iter(codes))
        filt = next((ab.effect.each_other for ab in self.pdef(source).triggered
                     if ab.trigger.condition == "targets_single"
                     and isinstance(ab.effect, fx.CopySpell)), None)
        if code < 0 or code not in self.battlefield or filt is None or \
                not self.matches(filt, code, self.battlefield[source].controller,
                                 source):
            return None
        return code

    def copy_for_each_other(self, obj: StackItem, filt: fx.Filter,
                            source: int | None) -> None:
        """``obj``'s controller copies it for each other permanent matching ``filt``
        it could target, each copy targeting a different one of them (its single
        target changed to it wherever the spell names it; 707.10)."""
        codes = {c for targets in obj.targets.values() for c in targets}
        if len(codes) != 1:
            return
        old = next(iter(codes))
        root = self.effect_of(obj)
        you = self.battlefield[source].controller if source in self.battlefield \
            else obj.controller
        for pid in list(self.battlefield):
            if pid == old or not self.matches(filt, pid, you, source):
                continue
            if not all(pid in self.candidates(selector_of(self.node_at(root, path)), obj)
                       for path in obj.targets):
                continue  # a target the spell could not have
            copy = self.copy_of(obj, obj.controller)
            copy.targets = {path: [pid if c == old else c for c in targets]
                            for path, targets in obj.targets.items()}
            self.put_copy(copy)
