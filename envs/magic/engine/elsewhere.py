"""Playing lands and casting spells from zones other than the hand, and seeing the top
card of a library.

:class:`ElsewhereMixin` holds this part of :class:`~game.MagicGame`.

- **Permissions** (rules 305.1, 601.3): a card outside its owner's hand may be played
  or cast only when a rule or an effect allows it. The permissions played here:
  flashback (702.34, :mod:`~casting`: an alternative cost, exiled as it leaves the
  stack); a permanent card's own "you may cast this from your graveyard [as long as
  <condition>]" (:class:`~effects.CastFromGraveyard`, a static ability that functions
  in the graveyard, 113.6b; Gravecrawler); "you may play lands [and cast <quality>
  spells] from the top of your library" (:class:`~effects.PlayFromTop`: Courser of
  Kruphix); "exile the top card of your library. you may play that card this turn"
  and its durations (:class:`~effects.ExileTop` then :class:`~effects.MayPlay`:
  the permission is :attr:`~game.MagicGame.play_grants`'s, ended by the cleanup step,
  514.2, or as the card leaves exile, 400.7); "exile the top card of that player's
  library face down. you may look at and play that card for as long as it remains
  exiled, and you may spend mana as though it were mana of any color to cast that
  spell" (a face-down card, 406.3, named to its owner and to the player who may look
  at it, and kept in place for that player by ``determinize``; the spell's coloured
  pips then take any mana, 609.4b: :func:`~mana.any_colour_cost`, the cast remembered
  by :attr:`~state.StackItem.any_colour`); "you may play lands and cast spells
  from among cards exiled with this" (:class:`~effects.PlayExiled`: the cards the
  permanent's :class:`~effects.ExileTop` exiled, remembered as exiled with it,
  607.2a, playable while it is on the battlefield). Exiled face up, those cards are
  public (``observation_for``'s ``exiles``). A card played so follows every other
  rule: a land uses one of its
  player's land plays (305.2) at sorcery timing, a spell its timing, its costs
  (mana cost, kicker, cost changes) and its targets.
- **The action**: the "cast graveyard slot ``g``" actions (:data:`~actions.GRAVEYARD`,
  16 of them) address :meth:`ElsewhereMixin.zone_slots`: the acting player's cards
  it may play or cast from outside its hand, graveyard cards first (oldest first),
  then the top card of its library, then the exiled cards it may play. A slot's card is also its row of the
  observation's graveyard block (:mod:`~envs.magic.encoding`), so a learner sees what
  it would cast.
- **More land plays** (305.2): "you may play an additional land on each of your
  turns" (:class:`~effects.ExtraLandEachTurn`) adds a land play to each of its
  controller's turns while it is on the battlefield; the plays it gives are used
  before those an effect gave this turn (:class:`~effects.AdditionalLand`), which
  last only this turn anyway.
- **The top card of a library** (401.5): "play with the top card of your library
  revealed" (:class:`~effects.TopRevealed`) shows it to every player;
  "you may look at the top card of your library any time"
  (:class:`~effects.MayLookAtTop`) to its controller only. ``observation_for``'s
  ``library_tops`` names, per player, the top card the viewing seat sees (None:
  hidden), and :meth:`~game.MagicGame.determinize` keeps a seen top card in place.
- **Suspend** (702.62a): a card in hand with suspend, when its owner could begin to
  cast it (its timing, "can't cast spells" rules), is exiled with N time counters for
  its suspend cost, a special action (116.2f: the "activate hand slot ``i``" action;
  no stack, priority stays). At the beginning of its owner's upkeep a triggered
  ability removes a time counter if it is still suspended (702.62b: exiled with a
  time counter; :attr:`~game.MagicGame.time_counters`); removing the last triggers
  the second, which asks its owner whether to cast it without paying its mana cost
  (a ``yesno`` with ``suspend``); a creature spell so cast has haste (kept while the
  permanent stays on the battlefield: a control change does not end it, unlike
  702.62a's "until you lose control").
  (401.5's pause, the new top card not revealed while a spell is being cast, is not
  modelled: the new top card is shown at once.)
"""

from __future__ import annotations

from typing import Any

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.constants import GRANTED, GRAVEYARD_CAST
from labyrinth_gym.envs.magic.engine.graveyard import ABILITY
from labyrinth_gym.envs.magic.engine.linked import names_exiled
from labyrinth_gym.envs.magic.engine.mana import ManaCost
from labyrinth_gym.envs.magic.engine.state import StackItem

LOOK, ANY_COLOUR = 1, 2
"""The flags of a :attr:`~game.MagicGame.play_grants` row's fifth value: its player may
look at the card (exiled face down), and may spend mana as though it were mana of any
colour to cast it."""

FORETELL_COST = ManaCost(generic=2)
"""What foretelling a card costs (702.143a)."""

PLAY_STATICS = (fx.TopRevealed, fx.MayLookAtTop, fx.PlayFromTop, fx.ExtraLandEachTurn,
                fx.PlayExiled, fx.CastFromGraveyardEachTurn)
"""The statics of permanents this module reads, indexed by controller."""


class ElsewhereMixin:
    """Cards played from outside the hand; the top card of a library seen (methods
    only; the state is the game's: :attr:`lands_this_turn`)."""

    # ------------------------------------------------- the statics that allow it
    def _play_statics(self) -> dict[int, list[tuple[int, Any]]]:
        """The :data:`PLAY_STATICS` of the permanents on the battlefield with the
        permanent's id, by controller, worked out again only when the battlefield
        changed."""
        if self._play_version != self._bf_version:
            found: dict[int, list[tuple[int, Any]]] = {}
            defs, card_def = self.defs, self.card_def
            for perm in self.battlefield.values():
                if perm.face_down:
                    continue
                for static in defs[card_def[perm.card]].statics:
                    if isinstance(static, PLAY_STATICS):
                        found.setdefault(perm.controller, []).append(
                            (perm.pid, static))
            self._play_mods = found
            self._play_version = self._bf_version
        return self._play_mods

    def top_revealed(self, p: int) -> bool:
        """Rule 401.5: ``p`` plays with the top card of its library revealed."""
        return any(isinstance(s, fx.TopRevealed)
                   for _, s in self._play_statics().get(p, ()))

    def sees_top(self, viewer: int, p: int) -> bool:
        """Whether ``viewer`` sees the top card of ``p``'s library now (401.5)."""
        statics = self._play_statics().get(p, ())
        return any(isinstance(s, fx.TopRevealed) or (
            viewer == p and isinstance(s, fx.MayLookAtTop)) for _, s in statics)

    def library_tops(self, viewer: int) -> list[str | None]:
        """Per player, the name of the top card of its library if ``viewer`` sees it
        (401.5), else None."""
        return [self.name_of(lib[-1]) if lib and self.sees_top(viewer, p) else None
                for p, lib in enumerate(self.library)]

    # ----------------------------------------------------------- land plays
    def _static_land_plays(self, p: int) -> int:
        return sum(s.count for _, s in self._play_statics().get(p, ())
                   if isinstance(s, fx.ExtraLandEachTurn))

    def more_lands(self, p: int) -> bool:
        """Whether ``p`` has a land play left beyond its first (305.2): from an
        effect this turn or a static ability."""
        return self.extra_lands[p] > 0 or (
            p == self.active and self.lands_this_turn < 1 + self._static_land_plays(p))

    def can_play_land(self, p: int) -> bool:
        """Whether ``p`` has a land play left this turn (305.2; its timing is the
        caller's to check)."""
        return not self.land_played or self.more_lands(p)

    def use_land_play(self, p: int) -> None:
        """``p`` plays a land: one land play used (305.2), a static ability's before
        an effect's."""
        if self.land_played and \
                self.lands_this_turn >= 1 + self._static_land_plays(p):
            self.extra_lands[p] -= 1
        self.land_played = True
        self.lands_this_turn += 1

    # --------------------------------------------------------------- the slots
    def zone_slots(self, p: int) -> list[tuple[int, str]]:
        """The cards of ``p`` outside its hand it may play or cast now, with how:
        ``"flashback"`` (702.34a), ``"graveyard"`` (a permission to cast it from
        there), ``"library"`` (the top card), ``"exile"`` (:class:`~effects.MayPlay`,
        :class:`~effects.PlayExiled`), ``"ability:<index>"`` (an activated ability
        of the card that works from its graveyard, :mod:`~graveyard`). Graveyard cards first, oldest first, then the
        top card, then exiled cards in the order they were allowed;
        more than 16: one card of each definition first (copies are alike)."""
        out: list[tuple[int, str]] = []
        defs, card_def = self.defs, self.card_def
        graveyard = self.graveyard[p]
        grants = self.flashback_grants
        play_statics = self._play_statics()
        each_turn = self._graveyard_permissions(p) if graveyard and \
            p in play_statics else []
        if graveyard and (grants or each_turn or not self.def_indices(
                "graveyard_playable").isdisjoint(map(card_def.__getitem__, graveyard))):
            for c in graveyard:
                d = defs[card_def[c]]
                own = d.cast_from_graveyard
                if own is None and d.flashback is None and not d.graveyard_abilities \
                        and not each_turn and c not in grants:
                    continue  # (most of a graveyard: nothing to play from there)
                if own is not None and (own.condition is None or self.conditions_hold(
                        (own.condition,), p, None)):
                    out.append((c, "graveyard"))
                elif d.flashback is not None or c in grants:
                    out.append((c, "flashback"))
                if each_turn and own is None and not d.is_land and any(
                        self.card_matches(f, c) for _, f in each_turn):
                    out.append((c, GRANTED))
                if d.graveyard_abilities:  # (:mod:`~graveyard`, 113.6m)
                    out += self.grave_ability_slots(p, c, d)
        library = self.library[p]
        if library and p in play_statics:
            top = library[-1]
            d = defs[card_def[top]]
            for _, s in play_statics[p]:
                if isinstance(s, fx.PlayFromTop) and (
                        s.lands if d.is_land else
                        s.spells is not None and self.card_matches(s.spells, top)):
                    out.append((top, "library"))
                    break
        if self.play_grants or p in play_statics:
            out += [(c, "exile") for c in self._exile_slots(p)]
        if self.foretold:  # 702.143a: cast on a later turn for its foretell cost
            out += [(c, "foretell") for c in self.exile[p]
                    if self.foretold.get(c, self.turn) < self.turn
                    and defs[card_def[c]].foretell is not None]
            # (or for the one an effect gave it: its mana cost reduced)
            out += [(c, "foretold_reduced") for c in self.exile[p]
                    if c in self.foretold_reduced
                    and self.foretold.get(c, self.turn) < self.turn
                    and defs[card_def[c]].cost is not None]
        if len(out) <= A.MAX_GRAVEYARD:
            return out
        seen: set[int] = set()
        first, copies = [], []
        for c, how in out:
            (copies if card_def[c] in seen else first).append((c, how))
            seen.add(card_def[c])
        return (first + copies)[:A.MAX_GRAVEYARD]

    def _graveyard_permissions(self, p: int) -> list[tuple[int, fx.Filter]]:
        """The unused "once during each of your turns, you may cast a <quality> spell
        from your graveyard" permissions of ``p``'s permanents (601.3), during
        ``p``'s turn: ``(pid, quality)``."""
        if p != self.active or p not in self._play_statics():
            return []
        return [(pid, s.spells) for pid, s in self._play_statics()[p]
                if isinstance(s, fx.CastFromGraveyardEachTurn)
                and [pid, GRAVEYARD_CAST] not in self.activated_this_turn]

    def use_graveyard_permission(self, p: int, card: int) -> None:
        """``p`` casts ``card`` from its graveyard with one of those permissions: the
        first that allows it is used for this turn."""
        pid = next(pid for pid, f in self._graveyard_permissions(p)
                   if self.card_matches(f, card))
        self.activated_this_turn.append([pid, GRAVEYARD_CAST])

    def zone_playable(self, p: int, card: int, how: str, sorcery: bool) -> bool:
        """Whether ``p`` may play or cast ``card`` from its slot now (``how`` as in
        :meth:`zone_slots`): its timing, a land play left, its costs payable and its
        targets there."""
        if how.startswith(ABILITY):  # an activated ability of a card there
            return self.grave_ability_usable(p, card, how, sorcery)
        d = self.cdef(card)
        if how == "flashback":
            # flashback (702.34a): its timing, then the flashback cost
            return (sorcery or d.instant_speed) and self.castable_as(
                self.spell_probe(p, card), "flashback")
        if how in ("foretell", "foretold_reduced"):
            # foretold (702.143a): its timing, then the foretell cost
            return (sorcery or d.instant_speed) and self.castable_as(
                self.spell_probe(p, card), how)
        if d.is_land:
            return sorcery and self.can_play_land(p)
        return self.spell_castable(p, card, d, sorcery)

    def take_to_play(self, card: int) -> str:
        """Take ``card`` out of the zone it is played or cast from (its owner's hand,
        library or graveyard: it becomes a new object, 400.7); that zone's name."""
        owner = self.card_owner[card]
        if card in self.hand[owner]:
            self.hand[owner].remove(card)
            return "hand"
        if card in self.graveyard[owner]:
            self.graveyard[owner].remove(card)
            self.forget_graveyard([card])
            return "graveyard"
        if card in self.exile[owner]:
            self.exile[owner].remove(card)
            self.left_exile(card)
            return "exile"
        self.library[owner].remove(card)
        return "library"

    # ------------------------------------------------ cards exiled to be played
    def exile_top(self, node: fx.ExileTop, path: str) -> None:
        """:class:`~effects.ExileTop`: each player ``node.who`` names exiles the top
        cards of their library face up (every player sees them); they are the
        resolving step's "that card" / "those cards", and cards exiled with the
        source (607.2a) when its card plays them (:class:`~effects.PlayExiled`)."""
        item: StackItem = self.res["item"]
        moved: list[int] = []
        for q in self.select_players(node.who, path):
            library = self.library[q]
            cards = [library.pop() for _ in range(min(node.count, len(library)))]
            if not cards:
                continue
            self.exile[q].extend(cards)
            if node.face_down:  # 406.3: named to its owner only (and who may look)
                self.face_down_exile.extend(cards)
                self.log("exiled_top", player=q, face_down=len(cards))
            else:
                self.log("exiled_top", player=q, cards=[self.name_of(c) for c in cards])
            moved += cards
        self.res["moved"] = moved
        if item.kind != "spell" and item.source is not None and \
                names_exiled(self.cdef(item.card)):
            for card in moved:
                self.exiled_with.append([item.source, card, 0])

    def grant_play(self, node: fx.MayPlay) -> None:
        """:class:`~effects.MayPlay`: the resolving object's controller may play the
        cards the step before exiled, from exile, for ``node.until`` (601.3)."""
        item: StackItem = self.res["item"]
        until = fx.PLAY_DURATIONS.index(node.until)
        flags = LOOK * node.look + ANY_COLOUR * node.any_colour
        for card in self.res.get("moved", ()):
            if card in self.exile[self.card_owner[card]]:
                self.play_grants.append([card, item.controller, until, self.turn,
                                         flags])
                self.log("may_play", player=item.controller, card=self.name_of(card),
                         until=node.until)

    # ------------------------------------------------------------------ foretell
    def can_foretell(self, p: int, card: int) -> bool:
        """Whether ``p`` may foretell ``card`` from their hand now (702.143a: during
        their turn, paying {2}; 116.2h: any time they have priority)."""
        return p == self.active and self._can_pay(p, self.foretell_cost(p),
                                                   skip_card=card, other="foretell")

    def foretell_cost(self, p: int) -> ManaCost:
        """What foretelling a card costs ``p`` now: {2} (702.143a), {0} for their first
        foretelling of the turn while they control a
        :class:`~effects.FirstForetellFree`."""
        if "foretold" not in self.turn_marks[p] and any(
                you == p for you, _ in self.statics_of(fx.FirstForetellFree)):
            return ManaCost()
        return FORETELL_COST

    def foretell_card(self, p: int, card: int) -> None:
        """``p`` pays {2} and exiles ``card`` from their hand face down (702.143a, a
        special action, 116.2h: no stack; ``p`` keeps priority and every player must
        pass again). Only ``p`` sees it (406.3, as hideaway's)."""
        cost = self.foretell_cost(p)
        if cost.mana_value:
            self._pay(self._payment(p, cost, skip_card=card, other="foretell"), p)
        self.turn_marks[p].add("foretold")  # (its first card foretold this turn)
        self.foretold_reduced.pop(card, None)  # (its own foretell cost, this time)
        self._exile_foretold(p, card)
        self.passes = 0

    def foretell_from_hand(self, p: int, card: int, reduced: int) -> None:
        """An effect has ``p`` exile ``card`` from their hand face down; it becomes
        foretold, its foretell cost its mana cost reduced by ``reduced`` generic
        mana (702.143a-b; Ethereal Valkyrie). Only ``p`` sees it (406.3)."""
        self.foretold_reduced[card] = reduced
        self._exile_foretold(p, card)

    def _exile_foretold(self, p: int, card: int) -> None:
        """``card`` goes from ``p``'s hand to exile face down, foretold this turn
        (702.143a; event ``foretell``)."""
        self.hand[p].remove(card)
        if card in self.public_hand:
            self.public_hand.remove(card)
        self.exile[p].append(card)
        self.face_down_exile.append(card)
        self.foretold[card] = self.turn
        self.log("foretell", player=p, card=self.name_of(card))
        self.exiled_yours(p, [card])

    # ------------------------------------------------------------------ suspend
    def can_suspend(self, p: int, card: int, d: fx.CardDef, sorcery: bool) -> bool:
        """Whether ``p`` may suspend ``card`` from their hand now (702.62a: if they
        could begin to cast it, 601.2; its suspend cost payable)."""
        sus = d.suspend
        return sus is not None and self.could_begin_to_cast(p, d, sorcery) and \
            self._can_pay(p, sus.cost.mana, skip_card=card, other=True)

    def suspend_card(self, p: int, card: int) -> None:
        """``p`` pays ``card``'s suspend cost and exiles it with its time counters (a
        special action, 116.2f: it doesn't use the stack; ``p`` keeps priority and
        every player must pass again)."""
        sus = self.cdef(card).suspend
        assert sus is not None
        self._pay(self._payment(p, sus.cost.mana, skip_card=card, other=True), p)
        self.hand[p].remove(card)
        if card in self.public_hand:
            self.public_hand.remove(card)
        self.exile[p].append(card)
        self.time_counters[card] = sus.count
        self.log("suspend", player=p, card=self.name_of(card), counters=sus.count)
        self.exiled_yours(p, [card])
        self.passes = 0

    def suspended(self, card: int) -> bool:
        """702.62b: ``card`` is in exile with suspend and a time counter."""
        return self.time_counters.get(card, 0) > 0 and \
            card in self.exile[self.card_owner[card]] and \
            self.cdef(card).suspend is not None

    def suspend_upkeep(self) -> None:
        """The beginning of the active player's upkeep: each of their suspended cards'
        "remove a time counter" ability triggers (702.62a; an intervening if)."""
        for card in list(self.time_counters):
            if self.card_owner[card] == self.active and self.suspended(card):
                self._suspend_trigger(card, "suspend")

    def _suspend_trigger(self, card: int, origin: str) -> None:
        """One of suspend's two triggered abilities of exiled ``card`` triggers
        (``origin`` ``"suspend"``: remove a time counter; ``"suspend_cast"``: cast
        it), controlled by its owner."""
        self.pending_triggers.append({
            "controller": self.card_owner[card], "card": card, "source": None,
            "index": 0, "it": None, "defending": None, "it_controller": None,
            "keywords": [], "origin": origin, "path": "", "shape": -1, "face": -1,
            "cards": []})

    def suspend_tick(self, item: StackItem) -> None:
        """Suspend's upkeep ability resolves: if the card is still suspended, a time
        counter is removed; the last one removed triggers its cast ability."""
        card = item.card
        if not self.suspended(card):
            return
        self.time_counters[card] -= 1
        left = self.time_counters[card]
        self.log("time_counter", player=item.controller, card=self.name_of(card),
                 left=left)
        if left == 0:
            self._suspend_trigger(card, "suspend_cast")

    def left_exile(self, card: int) -> None:
        """``card`` left exile: it is a new object (400.7), no longer exiled with
        anything nor playable."""
        if self.time_counters:
            self.time_counters.pop(card, None)
        if self.foretold:  # (foretold_reduced stays until the card is foretold
            # again: a spell cast for it reads it as it is cast)
            self.foretold.pop(card, None)
        if self.exiled_with and any(e[1] == card for e in self.exiled_with):
            self.exiled_with = [e for e in self.exiled_with if e[1] != card]
            self._bf_version += 1  # (a static that read it: layers again)
        if self.face_down_exile and card in self.face_down_exile:
            self.face_down_exile.remove(card)  # (face up wherever it goes)
        if self.play_grants:
            self.play_grants = [g for g in self.play_grants if g[0] != card]

    def may_look_at(self, p: int, card: int) -> bool:
        """Whether ``p`` may look at ``card``, exiled face down, by a permission to
        play it ("you may look at and play that card", 406.3)."""
        return any(g[0] == card and g[1] == p and len(g) > 4 and g[4] & LOOK
                   for g in self.play_grants)

    def spends_any_colour(self, item: StackItem) -> bool:
        """Whether spell ``item`` (cast, or a probe of a card still in exile) is paid
        spending mana as though it were mana of any colour (609.4b, :class:`~effects.
        MayPlay`'s ``any_colour``)."""
        if item.any_colour:
            return True
        card = item.card
        return bool(self.play_grants) and card in self.exile[self.card_owner[card]] and \
            any(g[0] == card and g[1] == item.controller and len(g) > 4
                and g[4] & ANY_COLOUR for g in self.play_grants)

    def end_play_grants(self) -> None:
        """Cleanup (514.2): "this turn" permissions end, and "until the end of your
        next turn" ones in that player's next turn."""
        if self.play_grants:
            self.play_grants = [
                g for g in self.play_grants
                if not (g[2] == 0 or (g[2] == 1 and g[1] == self.active
                                      and self.turn > g[3]))]

    def _exile_slots(self, p: int) -> list[int]:
        """The cards in exile ``p`` may play now: granted to it (:class:`~effects.
        MayPlay`) or exiled with a permanent of its with :class:`~effects.
        PlayExiled`."""
        exile, owner = self.exile, self.card_owner
        out = [g[0] for g in self.play_grants
               if g[1] == p and g[0] in exile[owner[g[0]]]]
        for pid, s in self._play_statics().get(p, ()):
            if isinstance(s, fx.PlayExiled):
                out += [c for source, c, _ in self.exiled_with
                        if source == pid and c in exile[owner[c]] and c not in out]
        return list(dict.fromkeys(out))
