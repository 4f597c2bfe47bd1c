"""Linked abilities and cards outside the battlefield as objects: cards in graveyards
as targets, cards exiled "until" or with a permanent, and cards put back onto the
battlefield (flicker).

:class:`LinkedMixin` holds this part of :class:`~game.MagicGame`.

- **Cards in graveyards as targets** (rules 115.1, 400.7): a card in a graveyard is
  an object with an id from the game's counter, given when it is first offered as a
  target (:meth:`LinkedMixin.graveyard_object`) and forgotten when it leaves the
  graveyard, so a card that leaves and comes back is a new object and a target
  chosen before is illegal. ``Target("graveyard_card", Filter(..., controller=...))``
  names one: ``controller`` says whose graveyard ("your graveyard": ``"you"``, "an
  opponent's graveyard", "a graveyard": ``"any"``). The target decision addresses
  the cards it offers with "choose hand slot ``i``" (``i < 16``), card ``i`` of
  :meth:`~library.LibraryMixin.looking_at` (``looking`` of ``observation_for``, the
  ``looking`` rows of the encoding): cards alike (same owner, same card) are offered
  once, 16 to a page, "choose mode 0" turning the page when there are more.
- **Linked abilities** (rule 607.2a): a card exiled by an ability of a permanent
  whose card also has an ability naming "the exiled card" (:class:`~effects.MoveCards`
  of ``Ref("exiled_with_this")``) is remembered as exiled with that permanent
  (:attr:`~game.MagicGame.exiled_with`); that ability returns it (Oblivion Ring's two
  triggered abilities). If Oblivion Ring leaves before its enters ability resolves,
  its leaves ability returns nothing and the enters ability then exiles for good (the
  two are separate abilities). An ability granted by an effect that names "the
  exiled card" (Timothar, Baron of Bats: "you may pay {1} and exile it. if you do,
  create a Bat token. it gains "... return the exiled card to the battlefield
  tapped."") names the cards the granting ability exiled before it: they are
  remembered as exiled with the permanent that gained it
  (:meth:`LinkedMixin.link_granted`).
- **"Until this leaves the battlefield"** (rule 610.3): the exiled card returns
  under its owner's control (610.3c) immediately after the source leaves the
  battlefield (a one-shot effect, not a trigger: nothing happens in between); if the
  source has already left as the ability resolves, nothing is exiled (610.3a-b).
- **Flicker**: "exile target creature you control, then return that card to the
  battlefield under your control": the card in exile is a new object (400.7) and
  returns as another new permanent (its enters abilities trigger; counters, damage
  and effects on the old object are gone).
- A token that left the battlefield never moves again (111.8): it stays where it
  is until the state-based check removes it.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.state import StackItem

PAGE = A.MAX_HAND
"""Graveyard cards a target decision offers at once."""


@cache
def names_exiled(d: fx.CardDef) -> bool:
    """Whether an ability of ``d`` names "the exiled card" or the cards "exiled with
    it" (rule 607.2a: a play permission, a static that has their abilities): then
    every card its abilities exile is remembered as exiled with the permanent."""
    def walk(node: Any) -> bool:
        if isinstance(node, fx.MoveCards):
            return node.what == fx.Ref("exiled_with_this")
        if isinstance(node, fx.Sequence):
            return any(walk(s) for s in node.steps)
        if isinstance(node, fx.Choose):
            return any(walk(m) for m in node.modes)
        if isinstance(node, (fx.MayDo, fx.Delayed, fx.Unless)):
            return walk(node.effect)
        return False

    return d.plays_exiled or any(
        isinstance(s, fx.ContinuousChange) and s.exiled_abilities is not None
        for s in d.statics) or any(walk(ab.effect) for ab in (*d.activated, *d.triggered))


def walk_refs(node: Any) -> list[Any]:
    """The :class:`~effects.Ref` values in an effect tree."""
    if isinstance(node, fx.Ref):
        return [node]
    if isinstance(node, (tuple, list)):
        return [r for item in node for r in walk_refs(item)]
    if hasattr(node, "__dataclass_fields__"):
        return [r for name in node.__dataclass_fields__
                for r in walk_refs(getattr(node, name))]
    return []


@cache
def names_created(d: fx.CardDef) -> bool:
    """Whether an ability of ``d`` names "the tokens created with it" (607.2a:
    ``Ref("created_with_this")``): then the tokens its abilities create are
    remembered."""
    def walk(node: Any) -> bool:
        if node == fx.Ref("created_with_this"):
            return True
        if isinstance(node, (list, tuple)):
            return any(walk(n) for n in node)
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            return any(walk(getattr(node, f.name)) for f in dataclasses.fields(node))
        return False

    return any(walk(ab.effect) for ab in (*d.activated, *d.triggered))


def grave_part(spec: fx.Target) -> fx.Target:
    """The graveyard half of a ``battlefield_or_graveyard`` target (115.1: "creature
    cards from graveyards"): cards of its filter's types in any graveyard; a
    ``graveyard_card`` target is its own."""
    if spec.kind == "graveyard_card":
        return spec
    types = spec.filter.types if spec.filter is not None else frozenset()
    return fx.Target("graveyard_card", fx.Filter(types=types), spec.count, spec.up_to)


class LinkedMixin:
    """Cards in graveyards and exile as objects, linked exiles, flicker (methods only;
    the state is the game's: :attr:`grave_ids`, :attr:`exiled_with`)."""

    # -------------------------------------------------- cards in graveyards
    def graveyard_object(self, card: int) -> int:
        """The object id of ``card`` in its graveyard (given now if it has none)."""
        oid = self.grave_ids.get(card)
        if oid is None:
            oid = self.grave_ids[card] = self._new_id()
        return oid

    def graveyard_card(self, code: int) -> int | None:
        """The card in a graveyard that object ``code`` is (None: no such object, or
        the card has left its graveyard since, 400.7)."""
        if not self.grave_ids:
            return None
        for card, oid in self.grave_ids.items():
            if oid == code:
                return card if card in self.graveyard[self.card_owner[card]] else None
        return None

    def forget_graveyard(self, cards: list[int]) -> None:
        """``cards`` left their graveyards: their object ids are gone (400.7);
        "whenever one or more cards leave your graveyard" triggers (603.2c: once
        for the cards of one action)."""
        for card in cards:
            self.grave_ids.pop(card, None)
        if "group_leaves_graveyard" in self._trigger_index():
            self.left_graveyard_batch(cards)

    def graveyard_candidates(self, spec: fx.Target, item: StackItem) -> list[int]:
        """Legal ``graveyard_card`` target codes: cards in the graveyards ``spec``'s
        filter names (its controller is whose graveyard) with its qualities, in turn
        order from the controller, newest card first."""
        you = item.controller
        filt = spec.filter or fx.Filter()
        whose = filt.controller
        out = []
        rules = self.player_rules_now()
        for p in self._turn_order(you):
            if (whose == "you" and p != you) or (whose == "opponent" and p == you):
                continue
            if rules and self.player_rule("graveyard_untargetable", p):
                continue  # (Ground Seal)
            for card in reversed(self.graveyard[p]):
                if self.card_matches(filt, card, item.card):
                    out.append(self.graveyard_object(card))
        return out

    def grave_target(self, d: dict) -> fx.Target | None:
        """The ``graveyard_card`` target a ``target`` decision asks for (None: it asks
        for another kind)."""
        if d.get("kind") != "target" or self.casting is None:
            return None
        sel = self.node_at(self.effect_of(self.casting), d["path"])
        from labyrinth_gym.envs.magic.engine.resolve import selector_of

        spec = selector_of(sel)
        return grave_part(spec) if isinstance(spec, fx.Target) and spec.kind in (
            "graveyard_card", "battlefield_or_graveyard") else None

    def grave_offer(self, d: dict) -> list[int]:
        """The cards of the page a graveyard target decision offers (hand slot ``i``
        is card ``i``): one card of each owner and definition not chosen yet."""
        spec = self.grave_target(d)
        item = self.casting
        chosen = set(item.targets.get(d["path"], []))
        seen: set[tuple[int, int]] = set()
        offer = []
        for code in self.graveyard_candidates(spec, item):
            if code in chosen:
                continue
            card = self.graveyard_card(code)
            key = (self.card_owner[card], self.card_def[card])
            if key not in seen:
                seen.add(key)
                offer.append(card)
        page = d.get("page", 0)
        return offer[page * PAGE:(page + 1) * PAGE] if len(offer) > PAGE else offer

    def grave_target_legal(self, d: dict) -> list[int]:
        spec = self.grave_target(d)
        item = self.casting
        chosen = item.targets.get(d["path"], [])
        out = [A.hand(i) for i in range(len(self.grave_offer(d)))]
        if self._grave_pages(d) > 1:
            out.append(A.mode(0))
        if spec.up_to or len(chosen) >= self.target_limit(spec, item):
            out.append(A.DONE)
        return out

    def _grave_pages(self, d: dict) -> int:
        spec = self.grave_target(d)
        item = self.casting
        chosen = set(item.targets.get(d["path"], []))
        keys = {(self.card_owner[c], self.card_def[c]) for c in (
            self.graveyard_card(code) for code in self.graveyard_candidates(spec, item)
            if code not in chosen)}
        return -(-len(keys) // PAGE)

    def grave_target_act(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        """Choose card ``args[0]`` of the page, or turn the page (mode 0)."""
        if kind == "mode":
            self.decision = {**d, "page": (d.get("page", 0) + 1) % self._grave_pages(d)}
            return
        card = self.grave_offer(d)[args[0]]
        self.casting.targets.setdefault(d["path"], []).append(self.grave_ids[card])

    def grave_action_name(self, action: int) -> str:
        kind, args = A.decode(int(action))
        if kind == "mode":
            return "next page of cards"
        offer = self.grave_offer(self.decision)
        if args[0] >= len(offer):
            return f"choose card {args[0]} (?)"
        card = offer[args[0]]
        return (f"choose card {args[0]} ({self.name_of(card)} in player "
                f"{self.card_owner[card]}'s graveyard)")

    # ----------------------------------------------------- moving cards
    def exile_resolving(self, node: fx.Exile, path: str) -> None:
        """Exile the permanents ``node`` names for the resolving object; remember them
        as exiled with its source (607.2a) or until the source leaves (610.3)."""
        item: StackItem = self.res["item"]
        source = item.source if item.kind != "spell" else None
        if node.until_source_leaves and self._source_pid(item) is None:
            # rule 610.3a-b: the source has already left; nothing is exiled
            self.log("not_exiled", card=self.name_of(item.card), reason="source left")
            return
        codes = self.select(node.what, path)
        pids = [c for c in codes if c >= 0 and c in self.battlefield]
        cards = [self.battlefield[pid].card for pid in pids]
        controllers = [self.battlefield[pid].controller for pid in pids]
        self.move_permanents(pids, "exile")
        moved = [c for c in cards if c in self.exile[self.card_owner[c]]]
        # "for each creature exiled this way, its controller ..." (as it last existed)
        self.res["exiled_controllers"] = [q for c, q in zip(cards, controllers, strict=True)
                                          if c in moved]
        if isinstance(node.what, fx.Target) and \
                node.what.kind == "battlefield_or_graveyard":
            # the cards in graveyards it targeted (115.1), exiled at the same time
            for code in codes:
                card = self.graveyard_card(code) if code not in pids else None
                if card is not None and self.take_card(card, "graveyard"):
                    owner = self.card_owner[card]
                    self.exile[owner].append(card)
                    self.log("card_moved", card=self.name_of(card), player=owner,
                             to="exile", **{"from": "graveyard"})
                    moved.append(card)
        self.res["moved"] = moved
        if source is not None and (node.until_source_leaves
                                   or names_exiled(self.cdef(item.card))):
            until = int(node.until_source_leaves)
            for card in moved:
                self.exiled_with.append([source, card, until])
            if moved:
                self._bf_version += 1  # (a static may read them: layers again)
            if until and source not in self.battlefield:
                self.return_until([source])  # (it left as it exiled: 610.3)

    def link_granted(self, pid: int, node: fx.Becomes) -> None:
        """``pid`` gained ``node``'s abilities: one naming "the exiled card" names the
        cards the resolving ability exiled before it (Timothar, Baron of Bats: its
        Bat's "return the exiled card"), remembered as exiled with ``pid``."""
        if pid in self.battlefield and any(
                fx.Ref("exiled_with_this") in walk_refs(ab.effect) for ab in node.abilities):
            for card in self.res.get("exiled_now", ()):
                if card in self.exile[self.card_owner[card]]:
                    self.exiled_with.append([pid, card, 0])

    def cards_named(self, sel: Any, path: str) -> list[int]:
        """The cards a :class:`~effects.MoveCards` moves: targets in graveyards, the
        cards exiled with the source, or the cards the previous step exiled."""
        res = self.res
        item: StackItem = res["item"]
        if isinstance(sel, fx.Target):
            cards = [self.graveyard_card(c) for c in self.select(sel, path)]
            return [c for c in cards if c is not None]
        if isinstance(sel, fx.GraveyardCards):  # every matching card, as it resolves
            whose = [item.controller] if sel.whose == "you" else \
                self._turn_order(self.active)
            n = None if sel.mana_value is None else self.amount(sel.mana_value)
            source = item.card
            cards = [card for p in whose for card in self.graveyard[p]
                     if self.card_matches(sel.filter, card, source)
                     and (n is None or self.cdef(card).mana_value == n)]
            picked: list[int] = []
            while sel.at_random and cards and len(picked) < sel.at_random:
                picked.append(cards.pop(self.dice.index(len(cards))))
            return picked if sel.at_random else cards
        if sel.name == "died_card":  # a dies trigger's creature, now a card (400.7)
            oid = self.died_cards.get(item.it) if item.it is not None else None
            card = None if oid is None else self.graveyard_card(oid)
            return [] if card is None else [card]
        if sel.name == "it_card":  # a card trigger's card, still in the graveyard
            card = None if item.it is None else self.graveyard_card(item.it)
            return [] if card is None else [card]
        if sel.name == "exiled_with_this":
            return [card for source, card, _ in self.exiled_with
                    if source == item.source and card in self.exile[self.card_owner[card]]]
        if sel.name == "that_card":
            return [c for c in res.get("moved", ())
                    if c in self.exile[self.card_owner[c]]]
        if sel.name == "graveyard_this_way":
            return [c for c in res.get("graveyard_this_way", ())
                    if c in self.graveyard[self.card_owner[c]]]
        if sel.name == "this_card":
            # a dies trigger's own card, if it is still in its owner's graveyard (a
            # card that left it since is a new object there, 400.7: the engine
            # tells them apart only by the zone)
            card = item.card
            if item.grave >= 0 and self.grave_ids.get(card) != item.grave:
                return []  # (an ability from a graveyard: a new object since, 400.7)
            return [card] if card in self.graveyard[self.card_owner[card]] else []
        raise RuntimeError(f"cards named by {sel!r}")

    def move_cards(self, node: fx.MoveCards, path: str,
                   cards: list[int] | None = None) -> list[int]:
        """Resolve ``node`` (``cards``: these of the cards it names, not all); the
        permanents the cards became (those put onto the battlefield)."""
        item: StackItem = self.res["item"]
        moved: list[int] = []
        self.res["moved_cards"] = moved  # what an IfMovedWas next asks about
        together = isinstance(node.what, fx.GraveyardCards)
        entering: list[int] = []  # (all at once: their enter triggers wait, 603.6a)
        named = list(self.cards_named(node.what, path) if cards is None else cards)
        if node.at_random:  # "choose a card at random exiled with this"
            picked: list[int] = []
            while named and len(picked) < node.at_random:
                picked.append(named.pop(self.dice.index(len(named))))
            named = picked
        for card in named:
            if self.card_token[card]:
                continue  # rule 111.8: a token that left the battlefield stays
            owner = self.card_owner[card]
            zone = "graveyard" if card in self.graveyard[owner] else "exile"
            if node.transformed and self.cdef(card).back is None:
                continue  # 712.14: not a transforming double-faced card: it stays
            if not self.take_card(card, zone):
                continue
            under = owner if node.under == "owner" else item.controller
            self.log("card_moved", card=self.name_of(card), player=owner, to=node.dest,
                     **{"from": zone})
            entered = self.put_card(card, node.dest, under, node.counter, node.tapped,
                                    transformed=node.transformed, triggers=not together,
                                    face_down=node.face_down)
            moved.append(card)
            if node.dest == "exile" and item.kind != "spell" and \
                    item.source is not None and names_exiled(self.cdef(item.card)):
                self.exiled_with.append([item.source, card, 0])  # 607.2a
                self._bf_version += 1  # (a static may read them: layers again)
            if node.dest == "exile":  # ("the exiled card" of an ability it grants)
                self.res.setdefault("exiled_now", []).append(card)
            if entered is not None:
                entering.append(entered)
                self.manifested(entered)  # "it": the permanent it became (400.7)
        if entering and together:
            self.entered_together(entering)
        return entering

    def move_at_random(self, node: fx.MoveAtRandom, path: str) -> None:
        """:class:`~effects.MoveAtRandom`: ``count`` of the legal target cards at
        random (the game's generator) to ``first``'s destination, the others to
        ``rest``'s."""
        cards = list(self.cards_named(node.what, path))
        others: list[int] = []
        while len(cards) > node.count:
            others.append(cards.pop(self.dice.index(len(cards))))
        self.move_cards(node.first, path, cards)
        if others:
            self.move_cards(node.rest, path, others)

    def choose_cards_step(self, item: StackItem, node: fx.MoveChosenCards,
                          path: str) -> bool:
        """Resolve :class:`~effects.MoveChosenCards` ``node`` (at ``path`` of the
        resolving ``item``): its controller chooses the cards one at a time (a
        ``hand_choice`` decision with ``choose_cards``, the cards offered in
        ``looking``; "done" stops an "up to"), then they are moved at once. True
        while a choice waits (the node is then walked again). Automated: at most
        the first 16 matching cards are offered."""
        res = self.res
        states = res.setdefault("choosing", {})
        st = states.get(path)
        if st is None:
            offer = [c for c in self.cards_named(node.what, path)
                     if self.card_matches(node.filter, c)][:A.MAX_HAND]
            st = states[path] = {"left": node.count, "offer": offer, "chosen": []}
            if not node.up_to and len(offer) <= node.count:
                st["chosen"], st["left"] = offer, 0  # (no choice to make)
        p = item.controller
        rest = [c for c in st["offer"] if c not in st["chosen"]]
        if st["left"] > 0 and rest and not self.lost[p]:
            self.decision = {"kind": "hand_choice", "player": p, "choose_cards": path,
                             "cards": rest, **({"up_to": True} if node.up_to else {})}
            return True
        del states[path]
        self.move_cards(fx.MoveCards(node.what, node.dest), path, st["chosen"])
        # "that card" / "the cards exiled this way": the new objects (400.7)
        res["moved"] = [c for c in res["moved_cards"]
                        if c in getattr(self, node.dest)[self.card_owner[c]]]
        return False

    def cards_chosen(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        """Choose card ``args[0]`` of ``d["cards"]`` for the
        :class:`~effects.MoveChosenCards` waiting, or ("done") no more."""
        st = self.res["choosing"][d["choose_cards"]]
        if kind == "done":
            st["left"] = 0
            return
        st["chosen"].append(d["cards"][args[0]])
        st["left"] -= 1

    def created_by_resolving(self, pid: int | None) -> None:
        """Token ``pid`` was just created: by an ability of a permanent whose card
        names "tokens created with it" (607.2a), it is remembered as created with
        that permanent (:attr:`~game.MagicGame.created_with`), whoever controls it."""
        res = self.res
        if res is None or pid is None:
            return
        item: StackItem = res["item"]
        if item.source is not None and item.source >= 0 and item.kind != "spell" and \
                names_created(self.item_def(item)):
            self.created_with.append([item.source, pid])

    def tokens_created_with(self, source: int) -> list[int]:
        """The tokens still on the battlefield created with permanent ``source``
        (607.2a: ``Ref("created_with_this")``)."""
        return [pid for s, pid in self.created_with
                if s == source and pid in self.battlefield]

    def exile_from_hand(self, p: int, card: int) -> None:
        """An effect exiles ``card`` from ``p``'s hand face up (406.3; event
        ``hand_exiled``)."""
        self.hand[p].remove(card)
        if card in self.public_hand:
            self.public_hand.remove(card)
        self.exile[p].append(card)
        self.log("hand_exiled", player=p, card=self.name_of(card))
        self.exiled_yours(p, [card])

    def take_card(self, card: int, zone: str) -> bool:
        """Take ``card`` out of its owner's ``zone`` (graveyard or exile); False if it
        is not there. It stops being the object it was (400.7)."""
        pile = getattr(self, zone)[self.card_owner[card]]
        if card not in pile:
            return False
        pile.remove(card)
        if zone == "graveyard":
            self.forget_graveyard([card])
        else:
            self.left_exile(card)
        return True

    def put_card(self, card: int, dest: str, under: int, counter: str = "",
                 tapped: bool = False, *, transformed: bool = False,
                 triggers: bool = True, face_down: bool = False) -> int | None:
        """Put ``card`` (out of every zone) into its owner's ``dest``; onto the
        battlefield under ``under``'s control, as a new permanent (with a ``counter``
        counter on it, 614.1c), whose id it returns (None elsewhere)."""
        owner = self.card_owner[card]
        if dest == "battlefield":
            if under != owner and self.lost[under]:
                under = owner
            return self._put_onto_battlefield(card, under, counters=1 if counter else 0,
                                              counter_kind=counter or "+1/+1",
                                              tapped=tapped, transformed=transformed,
                                              triggers=triggers,
                                              face_down=face_down,
                                              cast_face_down=face_down)
        elif dest == "hand":
            self.hand[owner].append(card)
            if card not in self.public_hand:
                self.public_hand.append(card)  # every player saw it go there
        elif dest == "library_top":
            self.library[owner].append(card)
        elif dest == "library_bottom":
            self.library[owner].insert(0, card)
        else:
            getattr(self, dest)[owner].append(card)

    def exile_graveyard(self, p: int, filt: fx.Filter) -> None:
        """Exile the cards of ``p``'s graveyard matching ``filt``."""
        cards = [c for c in self.graveyard[p] if self.card_matches(filt, c)]
        for card in cards:
            self.take_card(card, "graveyard")
            self.exile[p].append(card)
        if cards:
            self.log("graveyard_exiled", player=p, count=len(cards))

    def return_until(self, sources: list[int]) -> None:
        """Rule 610.3: ``sources`` left the battlefield; the cards exiled until then
        return to the battlefield under their owners' control (610.3c), at once."""
        due = [e for e in self.exiled_with if e[2] and e[0] in sources]
        if not due:
            return
        self.exiled_with = [e for e in self.exiled_with if e not in due]
        for _, card, _ in due:
            if self.card_token[card] or self.lost[self.card_owner[card]]:
                continue
            if self.take_card(card, "exile"):
                self.log("card_moved", card=self.name_of(card), to="battlefield",
                         player=self.card_owner[card], **{"from": "exile"})
                self._put_onto_battlefield(card, self.card_owner[card])

    def put_on_library(self, pids: list[int], bottom: bool, depth: int = 0) -> None:
        """Put permanents on top (or the bottom) of their owners' libraries, or
        beneath the top ``depth`` cards of them (all of them if fewer)."""
        pids = [p for p in pids if p in self.battlefield]
        cards = [self.battlefield[p].card for p in pids]
        self.move_permanents(pids, "library")
        if bottom or depth > 0:
            for card in cards:
                library = self.library[self.card_owner[card]]
                if card in library:
                    library.remove(card)
                    library.insert(0 if bottom else max(len(library) - depth, 0), card)

    def graveyard_choice_step(self, item: StackItem, node: Any, path: str) -> bool:
        """Resolve :class:`~effects.EachGraveyardChoice` ``node``: ask ``item``'s
        controller for the card of the next graveyard that has a matching one (True:
        asked, the node is walked again); once every graveyard is done, put the chosen
        cards onto the battlefield at once and give each its ``becomes``."""
        res = self.res
        p = item.controller
        state = res.setdefault("grave_choice", {})
        if path not in state:
            state[path] = {"players": self._turn_order(self.active), "chosen": []}
        st = state[path]
        while st["players"] and not self.lost[p]:
            q = st["players"].pop(0)
            offer, seen = [], set()
            for card in self.graveyard[q]:  # one card of each definition: alike
                if self.card_def[card] not in seen and \
                        self.card_matches(node.filter, card, item.card):
                    seen.add(self.card_def[card])
                    offer.append(card)
            if len(offer) == 1:
                st["chosen"].append(offer[0])
            elif offer:
                self.decision = {"kind": "hand_choice", "player": p, "grave_choice": q,
                                 "path": path, "cards": offer, "page": 0}
                return True
        del state[path]
        cards = [c for c in st["chosen"] if c in self.graveyard[self.card_owner[c]]]
        entered = self.move_cards(fx.MoveCards(fx.GraveyardCards(node.filter, "any"),
                                               "battlefield", "you"), path, cards)
        if node.becomes is not None:
            for pid in entered:
                self.become(pid, node.becomes)
        return False

    def grave_choice_page(self, d: dict) -> list[int]:
        """The cards a ``grave_choice`` decision shows now (its page of 16)."""
        page = d["page"] * A.MAX_HAND
        return d["cards"][page:page + A.MAX_HAND]

    def grave_choice_legal(self, d: dict) -> list[int]:
        """Card ``i`` of the page, and mode 0 (the next page) when there are more."""
        out = [A.hand(i) for i in range(len(self.grave_choice_page(d)))]
        return out + [A.mode(0)] if len(d["cards"]) > A.MAX_HAND else out

    def grave_choice_act(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        """The card chosen in player ``d["grave_choice"]``'s graveyard, or the next
        page."""
        if kind == "mode":
            pages = -(-len(d["cards"]) // A.MAX_HAND)
            self.decision = {**d, "page": (d["page"] + 1) % pages}
            return
        card = self.grave_choice_page(d)[args[0]]
        self.res["grave_choice"][d["path"]]["chosen"].append(card)
        self.log("grave_chosen", player=d["player"], whose=d["grave_choice"],
                 card=self.name_of(card))

    def owners_choose_ends(self, node: Any, path: str) -> bool:
        """Queue the asks of a :class:`~effects.PutOnLibrary` whose owners choose the
        top or bottom of their libraries: one ``top_bottom`` per permanent, its owner's,
        in turn order from the active player (101.4), then ``top_bottom_move`` (all at
        once). False if it names no permanent."""
        res = self.res
        pids = [pid for pid in self.select(node.what, path)
                if pid >= 0 and pid in self.battlefield]
        if not pids:
            return False
        res["to_bottom"] = {}
        owner = {pid: self.card_owner[self.battlefield[pid].card] for pid in pids}
        for q in self._turn_order(self.active):
            res["asks"].extend(["top_bottom", q, 1, path, pid] for pid in pids
                               if owner[pid] == q)
        res["asks"].append(["top_bottom_move", self.active, 1, path, pids])
        return True

    def owners_put_on_library(self, pids: list[int], path: str) -> None:
        """The permanents ``pids`` go to their owners' libraries at once, each on the
        end its owner chose (``res["to_bottom"]``); an owner with two or more cards
        going to the same end orders them (401.4: a ``look`` ask of phase ``bottom``
        for those going to the bottom, put on top meanwhile, then ``order``)."""
        res = self.res
        bottom = res.pop("to_bottom", {})
        cards = {pid: self.battlefield[pid].card for pid in pids if pid in self.battlefield}
        self.move_permanents(list(cards), "library")
        for q in self._turn_order(self.active):
            library = self.library[q]
            top, under = ([c for pid, c in cards.items() if c in library
                           and self.card_owner[c] == q and bool(bottom.get(pid)) == b]
                          for b in (False, True))
            for card in top + (under if len(under) > 1 else []):
                library.remove(card)
                library.append(card)
            if len(under) == 1:
                library.remove(under[0])
                library.insert(0, under[0])
            elif under:
                res["asks"].append(["look", q, len(under), path, "bottom"])
            if len(top) > 1:
                res["asks"].append(["look", q, len(top), path, "order"])

    # ----------------------------------------------------------- triggers
    def reflexive_trigger(self, path: str) -> None:
        """Rule 603.12: the :class:`~effects.WhenYouDo` at ``path`` of the resolving
        object triggers if the optional action before it was performed (its player
        said yes and something happened since: an event was logged)."""
        res = self.res
        did = res.pop("did_from", None)
        if did is None or len(self.events) <= did:
            return
        item: StackItem = res["item"]
        if self.node_at(self.effect_of(item), path).exploit and \
                item.source not in self.battlefield and not any(
                e["type"] == "leaves" and e.get("id") == item.source
                for e in self.events[did:]):
            return  # 702.110b: its source was gone as the creature was sacrificed
        node = self.node_at(self.effect_of(item), path)
        if node.counted and not res.get("sacrificed_total"):
            return  # ("when you sacrifice one or more ... this way": none was)
        it = res.get("it")
        self.pending_triggers.append({
            "controller": item.controller, "card": item.card, "source": item.source,
            "index": item.index, "it": it, "defending": item.defending,
            "it_controller": res.get("it_controller"), "keywords": list(item.keywords),
            "origin": item.kind, "path": path, "shape": item.shape,
            "face": item.face,
            **({"amount": res.get("sacrificed_total", 0)} if node.counted else {})})

    def tapped_now(self, pids: list[int]) -> None:
        """Permanents ``pids`` just became tapped (rule 603.2: "whenever this becomes
        tapped"; each was untapped before)."""
        if "becomes_tapped" in self._trigger_index():
            self._object_triggers("becomes_tapped", pids)
