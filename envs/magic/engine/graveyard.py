"""Abilities that work from a graveyard.

:class:`GraveyardMixin` holds this part of :class:`~game.MagicGame`.

- **Which abilities** (113.6m): an ability whose effect moves its own card out of its
  owner's graveyard ("return this from your graveyard to your hand / to the
  battlefield [tapped]") functions only in that graveyard, unless its trigger
  condition puts the card there (a permanent's own dies trigger, an Aura's "when
  enchanted creature dies": those work from the battlefield and look back, 603.10a).
  The compiler marks them (:attr:`~effects.ActivatedAbility.zone` /
  :attr:`~effects.TriggeredAbility.zone` ``"graveyard"``). Such a card has no
  controller: its owner activates its abilities and controls its triggered abilities
  (108.4a).
- **Activated abilities** (602.2): a card's graveyard abilities are graveyard slots
  (:meth:`~elsewhere.ElsewhereMixin.zone_slots`, how ``"ability:<index>"``): the
  "cast graveyard slot" action activates one, with its timing ("activate only as a
  sorcery", "only during your upkeep"), its conditions (602.5b) and its costs (mana,
  life, discarding or sacrificing other objects, tapping untapped creatures). Unearth
  (702.84a) is one of them.
- **Triggered abilities** (603.2, 113.6m): the ones that trigger from a graveyard
  ("whenever a land you control enters" of Bloodghast, "whenever you cast a
  multicolored spell" of the Eidolons, "at the beginning of your upkeep" of Squee)
  wait for an event among :data:`GRAVE_EVENTS`. A game indexes which events any of
  its card definitions waits for from a graveyard (:meth:`GraveyardMixin.
  grave_events`, worked out again only when a new definition joins the game), so an
  event no such card waits for costs one set look-up, and only a game holding such
  a card looks through the graveyards.
- As the ability resolves, "this" is the card if it is still the object it was in
  its owner's graveyard as the ability triggered or was activated
  (:class:`~effects.MoveCards` of ``Ref("this_card")``, :attr:`~state.StackItem.
  grave`: a card that left the graveyard since and came back is a new object,
  400.7, which the ability does not move).
"""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.state import StackItem, player_code

GRAVE_EVENTS = frozenset({"enters", "cast", "casts_noncreature", "opponent_damaged_by",
                          "gain_life", "lose_life", "draw", "discard", "roll_dice",
                          "put_into_graveyard", "cycled", *fx.STEP_EVENTS})
"""The events a triggered ability may wait for from a graveyard: another permanent
entering, a spell being cast, what happens to a player, the beginning of a step."""

ABILITY = "ability:"
"""The prefix of a graveyard slot's how for a card's graveyard ability (then the
ability's index in :attr:`~effects.CardDef.activated`)."""


class GraveyardMixin:
    """Abilities of cards in graveyards (methods only; the caches are the game's:
    ``_grave_defs``, ``_grave_gate``)."""

    # ---------------------------------------------------------------- the gate
    def grave_events(self) -> frozenset[str]:
        """The events some card definition of this game waits for from a graveyard
        (worked out again only when the game's definitions grew)."""
        if self._grave_defs != len(self.defs):
            events: set[str] = set()
            for d in self.defs:
                events |= d.graveyard_events
            self._grave_gate = frozenset(events)
            self._grave_defs = len(self.defs)
        return self._grave_gate

    def _grave_statics_moved(self) -> None:
        """Index the new cards whose static abilities function from their owner's
        graveyard (113.6: :attr:`~effects.CardDef.graveyard_statics`); when which of
        them are in a graveyard changed, the statics are collected again (so a game
        with none of them pays one length check, and one with them a look through
        their owners' graveyards for those cards alone)."""
        n = len(self.card_def)
        if self._grave_static_n != n:
            defs, card_def = self.defs, self.card_def
            self._grave_static_cards += tuple(
                c for c in range(self._grave_static_n, n)
                if defs[card_def[c]].graveyard_statics)
            self._grave_static_n = n
        owner, graveyard = self.card_owner, self.graveyard
        now = tuple(c for c in self._grave_static_cards if c in graveyard[owner[c]])
        if now != self._grave_static_in:
            self._grave_static_in = now
            self._bf_version += 1

    def _grave_sources(self, event: str) -> list[tuple[int, int, int, fx.Trigger]]:
        """``(owner, card, ability index, trigger)`` of the cards in graveyards whose
        graveyard abilities wait for ``event``, in turn order from the active player,
        oldest card first."""
        out = []
        defs, card_def = self.defs, self.card_def
        for p in self._turn_order(self.active):
            for card in self.graveyard[p]:
                d = defs[card_def[card]]
                if event in d.graveyard_events:
                    for i, ab in enumerate(d.triggered):
                        if ab.zone == "graveyard" and ab.trigger.event == event:
                            out.append((p, card, i, ab.trigger))
        return out

    def _grave_trigger(self, p: int, card: int, index: int, *, it: int | None = None,
                       defending: int | None = None, amount: int = 0) -> None:
        """The graveyard ability ``index`` of ``card`` (owned by ``p``, who controls
        it, 108.4a) triggers; an intervening "if" (603.4) is checked now and again as
        it resolves."""
        condition = self.defs[self.card_def[card]].triggered[index].trigger.condition
        if isinstance(condition, fx.ActivationCondition) and not self.conditions_hold(
                (condition,), p, None, it):
            return
        if isinstance(condition, str) and condition and \
                not self.condition_holds(condition):
            return
        self.pending_triggers.append({
            "controller": p, "card": card, "source": None, "index": index, "it": it,
            "defending": defending, "it_controller": self._controller_of(it),
            "amount": amount, "cause": None, "keywords": [], "shape": -1,
            "face": self.card_def[card], "grave": self.graveyard_object(card)})

    # ------------------------------------------------------------- the events
    def cycled(self, p: int, card: int) -> None:
        """``p`` discarded ``card`` to pay a cycling cost: its "when you cycle this"
        abilities trigger (702.29c), from the graveyard it was put into (a card a
        replacement effect put elsewhere has none that trigger here)."""
        d = self.defs[self.card_def[card]]
        if "cycled" not in d.graveyard_events or card not in self.graveyard[p]:
            return
        for i, ab in enumerate(d.triggered):
            if ab.zone == "graveyard" and ab.trigger.event == "cycled":
                self._grave_trigger(p, card, i)

    def grave_object_triggers(self, event: str, objects: list[int]) -> None:
        """``event`` happened to permanents ``objects``: graveyard abilities waiting
        for a permanent matching their filter, seen by the card's owner, trigger."""
        for p, card, i, trig in self._grave_sources(event):
            subject = trig.subject
            if not isinstance(subject, fx.Filter):
                continue
            for obj in objects:
                if obj in self.battlefield and self.matches(subject, obj, p):
                    self._grave_trigger(p, card, i, it=obj)

    def grave_player_triggers(self, event: str, who: int, amount: int = 0) -> None:
        """``event`` happened to player ``who``."""
        for p, card, i, trig in self._grave_sources(event):
            name = trig.subject.name if isinstance(trig.subject, fx.Ref) else None
            if name == "each_player" or (name == "you" and who == p) or (
                    name == "each_opponent" and who != p):
                self._grave_trigger(p, card, i, defending=who, amount=amount)

    def grave_step_triggers(self, event: str) -> None:
        """The beginning of step ``event`` of the active player's turn."""
        active = self.active
        for p, card, i, trig in self._grave_sources(event):
            name = trig.subject.name if isinstance(trig.subject, fx.Ref) else None
            if name == "each_player" or (name in ("you", "self") and p == active) or (
                    name == "each_opponent" and p != active):
                self._grave_trigger(p, card, i, defending=active)

    def grave_cast_triggers(self, caster: int, d: fx.CardDef | None, sid: int | None,
                            from_graveyard: bool, from_hand: bool = True) -> None:
        """``caster`` cast a spell of card ``d`` (object ``sid``)."""
        events = self.grave_events()
        if "casts_noncreature" in events and (d is None or not d.is_creature):
            for p, card, i, _ in self._grave_sources("casts_noncreature"):
                if p == caster:
                    self._grave_trigger(p, card, i)
        if d is None or "cast" not in events:
            return
        for p, card, i, trig in self._grave_sources("cast"):
            if "from_graveyard" in trig.subject.props and not from_graveyard:
                continue
            if fx.NOT_FROM_HAND in trig.subject.props and from_hand:
                continue
            if fx.SECOND_CREATURE in trig.subject.props and \
                    self.creature_spells[caster] != 2:
                continue
            if self._spell_matches(trig.subject, d, caster, p):
                self._grave_trigger(p, card, i, it=sid, defending=caster)

    # ------------------------------------------------------ activated abilities
    def grave_ability_slots(self, p: int, card: int, d: fx.CardDef) -> list[tuple[int, str]]:
        """The graveyard slots of ``card``'s graveyard abilities."""
        return [(card, f"{ABILITY}{index}") for index in d.graveyard_abilities]

    def grave_ability_usable(self, p: int, card: int, how: str, sorcery: bool) -> bool:
        """Whether ``p`` may activate the graveyard ability ``how`` names now (602.2:
        its timing, 602.5b conditions, its costs payable, its targets there)."""
        index = int(how[len(ABILITY):])
        return self._card_ability_usable(p, card, self.cdef(card).activated[index], index,
                                         sorcery)

    def activate_from_graveyard(self, p: int, card: int, how: str) -> None:
        """``p`` begins to activate the graveyard ability ``how`` names (602.2: it
        goes on the stack; its card stays in the graveyard)."""
        index = int(how[len(ABILITY):])
        d = self.cdef(card)
        mana = d.activated[index].cost.mana
        self.casting = StackItem(sid=self._new_id(), kind="activated", controller=p,
                                 card=card, index=index, keywords=sorted(d.keywords),
                                 x=-1 if mana is not None and mana.x else 0,
                                 grave=self.graveyard_object(card))
        self.closed = []

    # ------------------------------------------------------------------ rebound
    def rebound(self, item: StackItem) -> None:
        """Rule 702.88a: a rebound spell cast from its owner's hand is exiled as it
        resolves (event ``rebound``), and its controller gets a delayed triggered
        ability at the beginning of their next upkeep (603.7)."""
        owner = self.card_owner[item.card]
        self.exile[owner].append(item.card)
        self.log("rebound", player=owner, card=self.name_of(item.card))
        self.delayed.append({
            "when": "your_next_upkeep", "turn": self.turn,
            "controller": item.controller, "card": item.card, "source": None,
            "origin": "rebound", "index": 0, "path": "", "it": None, "shape": -1,
            "it_controller": None, "keywords": [], "face": -1})

    def cast_rebound(self, item: StackItem) -> bool:
        """The delayed ability resolves (702.88a): its controller is asked whether to
        cast the card from exile without paying its mana cost (a ``yesno`` decision
        with ``"rebound"``), when it is still there (400.7) and can be cast so;
        True if asked."""
        card = item.card
        if card not in self.exile[self.card_owner[card]] or not self.castable_as(
                StackItem(sid=-1, kind="spell", controller=item.controller, card=card),
                "free"):
            return False
        key = "suspend" if item.origin == "suspend_cast" else "rebound"
        self.decision = {"kind": "yesno", "player": item.controller, key: card}
        return True

    # ------------------------------------------------ damage by a spell or walker
    def damaged_by_triggers(self, item: StackItem, dealt: list[tuple[int, int]]) -> None:
        """The resolving ``item`` dealt damage to players, ``[(player, amount)]``
        after prevention: "whenever an opponent is dealt damage by a red instant or
        sorcery spell you control or by a red planeswalker you control" (the spell's
        or the ability's source's characteristics, 603.2), from the battlefield or
        a graveyard (113.6m)."""
        colours, types, _ = self._quality(item)
        shown = fx.CardDef(name="", cost=None, colours=colours, types=types)
        controller = item.controller
        waiting = [(self.battlefield[pid].controller, None, pid, i, trig)
                   for pid, i, trig in self._trigger_index().get(
                       "opponent_damaged_by", ()) if pid in self.battlefield]
        if "opponent_damaged_by" in self.grave_events():
            waiting += [(p, card, None, i, trig) for p, card, i, trig
                        in self._grave_sources("opponent_damaged_by")]
        for you, card, pid, i, trig in waiting:
            f = trig.subject
            if controller != you or (f.types and not f.types & set(types)) or \
                    not all(fx.has_quality(prop, shown) for prop in f.props):
                continue
            for q, amount in dealt:
                if q == you or amount <= 0:
                    continue
                if pid is not None:
                    self._trigger(pid, i, it=player_code(q), defending=q, amount=amount)
                else:
                    self._grave_trigger(you, card, i, defending=q, amount=amount)

