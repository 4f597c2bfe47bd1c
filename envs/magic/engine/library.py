"""Libraries and hands as hidden zones: searching a library, shuffling it, looking at
its top cards (scry, surveil, putting them back in any order), revealing a hand and
choosing cards from it.

:class:`LibraryMixin` holds this part of :class:`~game.MagicGame`. The effects
(:class:`~effects.LookAtTop`, :class:`~effects.Search`,
:class:`~effects.ChooseDiscard`) ask their player one card at a time; each ask keeps
its progress in ``res["lib"]`` of the resolving object. Every such decision addresses
the cards being looked at with the action "choose hand slot ``i``" (``i < 16``): card
``i`` of the list :meth:`LibraryMixin.looking_at` gives the deciding player (in
``observation_for`` as ``looking``, and in the action names). Nobody else is shown
those cards, except what the rules reveal.

Decisions:

- ``look`` (rules 701.22a scry, 701.25a surveil; "look at the top N cards of your
  library, then put them back in any order"): card ``i`` is the ``i``-th of the cards
  still in hand from the top. Scry: choosing a card puts it on the bottom of the
  library now (the last one chosen ends at the very bottom); surveil: into the
  graveyard; "done" keeps the rest, which are then put back on top one chosen card at
  a time, each on top of those put back before it (the last one is the new top card;
  a single card left goes back without a decision).
- ``search`` (701.23): the distinct names of the matching cards left in the library,
  sorted, 16 to a page (mode 0 turns the page when there are more); choosing a name
  finds one card of that name (cards with the same name are alike in a library).
  "done" stops the search: allowed when the effect states a quality (701.23b: the
  player need not find such cards), never for "a card" while the library has one.
- ``search_may`` ("its controller may search their library..."): yes or no, asked
  of the searching player before it searches (declining: no search, no shuffle).
- ``search_split`` (Cultivate: "put one onto the battlefield tapped and the other into
  your hand"): which card found goes onto the battlefield; with one card found,
  "done" puts it into the hand instead.
- ``card_pile`` (700.3, :class:`~effects.RevealPiles`: "an opponent separates those
  cards into two piles"): the opponent making the piles puts revealed card ``i`` (of
  those not in the first pile yet, top first) into the first pile; "done": the rest
  are the second pile (either may be empty). *Automated*: the opponent is the next
  one in turn order.
- ``pile_pick``: the effect's controller takes the first pile (yes) or the second
  (no) into their hand; the other goes into their graveyard or on the bottom of
  their library in any order (a ``look`` decision of phase ``bottom``, one card at a
  time).
- ``hand_choice`` ("target opponent reveals their hand. You choose a nonland card
  from it. That player discards that card."): the spell's controller chooses a
  matching card in the revealed hand (hand slot ``i`` of that player).

Shuffles use the game's dice (701.24a); a shuffle forgets what a player knew of its
library's bottom. Events: ``look``, ``to_bottom`` and a found card that was not
revealed name the card to its player only (:func:`hidden_card`); ``surveil`` (to the
graveyard), ``reveal_hand``, ``shuffle`` and ``search`` are public.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import rules_list

LIBRARY_DECISIONS = frozenset({"look", "search", "search_may", "search_split",
                               "hand_choice", "card_pile", "pile_pick"})
"""The decision kinds of this module."""
LIBRARY_ASKS = frozenset({"look", "search", "hand_choice", "piles"})
"""The asks of a resolving object this module carries out."""
NOT_CARD_PROPS = frozenset({"tapped", "untapped", "attacking", "blocking",
                            "attacking_or_blocking", "other", "nontoken", "token",
                            "flying", "nonflying", "reach", "defender",
                            "attached", "entered_this_turn", "plus_counter",
                            "commander", "noncommander", "damaged_by_source",
                            "goaded"})
"""Filter props of a permanent's state, which a card in a library or hand has not."""


def card_prop(prop: str) -> bool:
    """Whether a filter of cards in a hidden zone may use ``prop``: a colour, a card
    type or supertype (or its absence), a compared mana value, power or toughness."""
    if fx.EITHER in prop:
        return all(card_prop(p) for p in prop.split(fx.EITHER))
    return prop == NAMED_SELF or prop.startswith(NAMED) or (
        fx.known_prop(prop) and prop not in NOT_CARD_PROPS)


X_CAP = "mana_value<=X"
"""A search filter prop: mana value X or less, X the value announced for the spell or
ability (Green Sun's Zenith); replaced by the number as the search is made."""
SACRIFICED_MV = "mana_value==sacrificed+"
"""The prefix of a search filter prop: mana value equal to N plus the mana value of
the permanent sacrificed to pay the cost, as it last existed (``"mana_value==
sacrificed+1"``: Birthing Pod; 608.2h); replaced by the number as the search is
made."""


def sacrificed_mv(filt: fx.Filter) -> int | None:
    """The N of a :data:`SACRIFICED_MV` prop of ``filt`` (None if it has none)."""
    for prop in filt.props:
        if prop.startswith(SACRIFICED_MV):
            return int(prop[len(SACRIFICED_MV):])
    return None


NAMED = "named:"
"""The prefix of a card filter prop naming a card: ``"named:Laurine, the Diversion"``
(partner with, 702.124j: "search their library for a card named <name>")."""
NAMED_SELF = "named_self"
"""A card filter prop: the card has the name of the card whose ability or spell this
is ("search your library for a card named this")."""
PAGE = A.MAX_HAND
MAX_LOOK = A.MAX_HAND
"""The most cards a ``look`` decision can address (a larger count is refused)."""


def hidden_card(event: dict[str, Any], viewer: int) -> bool:
    """Whether ``event`` (of this module) names a card ``viewer`` may not see."""
    kind = event["type"]
    if event.get("player") == viewer or "card" not in event:
        return False
    if kind == "to_bottom":
        return True
    return kind == "found" and not event.get("revealed") \
        and event.get("to") != "battlefield"


class LibraryMixin:
    """Searches, shuffles, looks at the top of a library, reveals hands for
    :class:`~game.MagicGame` (methods only; the state is the game's)."""

    # --------------------------------------------------------------- cards
    @staticmethod
    def def_matches(filt: fx.Filter, d: fx.CardDef) -> bool:
        """Whether characteristics ``d`` have the qualities card filter ``filt``
        asks (types, subtypes, colours...)."""
        if filt.types and not (filt.types & set(d.types)):
            return False
        if filt.subtypes and not (filt.subtypes & set(d.subtypes)):
            return False
        return all(d.name == prop[len(NAMED):] if prop.startswith(NAMED)
                   else fx.has_quality(prop, d) for prop in filt.props)

    def card_matches(self, filt: fx.Filter, card: int,
                     source: int | None = None) -> bool:
        """Whether ``card`` (in any zone) has the characteristics ``filt`` asks
        (``source``: the card whose spell or ability asks, for "named this")."""
        d = self.defs[self.card_def[card]]
        if NAMED_SELF in filt.props:
            if source is None or d.name != self.name_of(source):
                return False
            filt = dataclasses.replace(filt, props=filt.props - {NAMED_SELF})
        if filt.types and not (filt.types & set(d.types)):
            return False
        if filt.subtypes and not (filt.subtypes & set(d.subtypes)):
            return False
        if "chosen_type" in filt.props:  # the type chosen as it resolves (608.2d)
            chosen = self.res.get("chosen_type") if self.res is not None else None
            if chosen not in d.subtypes:
                return False
            filt = dataclasses.replace(filt, props=filt.props - {"chosen_type"})
        return all(d.name == prop[len(NAMED):] if prop.startswith(NAMED)
                   else fx.has_quality(prop, d) for prop in filt.props)

    def reveal_top(self, node: fx.RevealTop, path: str) -> bool:
        """Rule 701.20a: the players ``node`` names reveal the top card of their
        library (event ``reveal_top``, public); a matching card goes to its player's
        hand when ``node`` says so. Whether a matching card was revealed."""
        found = False
        for p in self.select_players(node.who, path):
            library = self.library[p]
            if not library or self.lost[p]:
                continue
            card = library[-1]
            self.log("reveal_top", player=p, cards=[self.name_of(card)])
            if node.same_mana_value and self.cdef(card).mana_value != \
                    self._spell_mana_value(self.res.get("it")):
                continue  # (Counterbalance)
            if not self.card_matches(node.filter, card, self.res["item"].card):
                if node.else_hand:  # "otherwise, put that card into your hand"
                    library.pop()
                    self.hand[p].append(card)
                    if card not in self.public_hand:
                        self.public_hand.append(card)
                    self.log("found", player=p, card=self.name_of(card), to="hand",
                             revealed=True)
                continue
            found = True
            if node.to_hand:
                self.res["revealed"] = card  # its "its mana value" (StatOf)
                library.pop()
                self.hand[p].append(card)
                if card not in self.public_hand:
                    self.public_hand.append(card)
                self.log("found", player=p, card=self.name_of(card), to="hand",
                         revealed=True)
            elif node.to_battlefield:  # "they put it onto the battlefield"
                library.pop()
                self.log("found", player=p, card=self.name_of(card),
                         to="battlefield", revealed=True)
                self._put_onto_battlefield(card, p)
        return found

    def reveal_until(self, node: fx.RevealUntil, path: str = "") -> None:
        """:class:`~effects.RevealUntil` (701.20a): each player ``node.who`` names (the
        resolving object's controller for ``Ref("you")``) reveals the top card of their
        library one at a time until ``node.count`` cards match (event
        ``reveal_until``, public: every card revealed, and those that matched); the
        matches go ``node.dest`` (onto the battlefield together, 603.6a, under the
        resolving object's controller's control or, ``under`` ``"owner"``, the
        revealing player's), the other cards ``node.rest``."""
        item = self.res["item"]
        players = [item.controller] if node.who == fx.Ref("you") else \
            self.select_players(node.who, path)
        moved: list[int] = []
        for p in players:
            if self.lost[p]:
                continue
            wanted = self.amount(node.count)
            value = self.amount(node.mana_value) if node.mana_value is not None else None
            kinds = self._shared_types(node.shares_type_with)
            library = self.library[p]
            revealed: list[int] = []
            hits: list[int] = []
            while len(hits) < wanted and library:
                card = library.pop()
                revealed.append(card)
                d = self.cdef(card)
                if self.card_matches(node.filter, card, item.card) and (
                        value is None or d.mana_value == value) and (
                        kinds is None or kinds & set(d.subtypes)):
                    hits.append(card)
            rest = [c for c in revealed if c not in hits]
            if not revealed and node.who != fx.Ref("you"):
                continue
            self.log("reveal_until", player=p, cards=[self.name_of(c) for c in revealed],
                     hits=[self.name_of(c) for c in hits])
            moved += hits
            under = item.controller if node.under == "you" else p
            entering: list[int] = []
            for card in hits:
                self.log("found", player=p, card=self.name_of(card), to=node.dest,
                         revealed=True)
                if node.dest == "battlefield":  # all at once (603.6a)
                    entering.append(self._put_onto_battlefield(
                        card, under, tapped=node.tapped, triggers=False))
                else:
                    self.hand[p].append(card)
                    if card not in self.public_hand:
                        self.public_hand.append(card)
            if entering:
                self.entered_together(entering)
            if node.rest == "graveyard":
                for card in rest:
                    self.to_graveyard(card, from_library=True)
            elif node.rest == "exile":
                self.exile[p].extend(rest)
            elif node.rest == "shuffle":
                library.extend(rest)
                self.shuffle_library(p)
            else:  # on the bottom in a random order (every player saw which cards)
                self.dice.shuffle(rest)
                for card in rest:
                    library.insert(0, card)
        self.res["moved_cards"] = moved  # ("if that creature is a ...")

    def _shared_types(self, sel: fx.Selector | None) -> set[str] | None:
        """The creature types of the permanent ``sel`` names (205.3m; as it last
        existed once it has left, 608.2h); None when ``sel`` is None."""
        if sel is None:
            return None
        it = self.res.get("it") if sel == fx.Ref("it") else None
        if it is None or it < 0:
            return set()
        if it in self.battlefield:
            subtypes = self.pdef(it).subtypes
        else:
            lki = self.source_lki.get(it)
            subtypes = lki[7] if lki is not None and len(lki) > 7 else ()
        creature_types = rules_list("creature_type")
        return {s for s in subtypes if s in creature_types}

    def _spell_mana_value(self, sid: int | None) -> int | None:
        """The mana value of spell ``sid`` on the stack (202.3; an X in its mana
        cost is the value announced, 202.3e); None if it is no longer there."""
        for s in self.stack:
            if s.sid == sid and s.kind == "spell":
                d = self.item_def(s)
                x = d.cost.x * max(s.x, 0) if d.cost is not None else 0
                return d.mana_value + x
        return None

    def shuffle_into(self, node: fx.ShuffleInto, path: str) -> None:
        """:class:`~effects.ShuffleInto`: the permanents go into their owners'
        libraries (with its controller's graveyard when ``node.graveyard``), then each
        library that received a card is shuffled (event ``shuffled_into``)."""
        item = self.res["item"]
        pids = [c for c in self.select(node.what, path) if c >= 0 and c in self.battlefield]
        owners = {self.card_owner[self.battlefield[pid].card]: None for pid in pids}
        names = [self.name_of(self.battlefield[pid].card) for pid in pids]
        self.move_permanents(pids, "library")
        p = item.controller
        if node.graveyard and not self.lost[p]:
            cards = self.graveyard[p][:]
            self.graveyard[p].clear()
            self.forget_graveyard(cards)
            self.library[p].extend(cards)
            names += [self.name_of(c) for c in cards]
            owners[p] = None
        for owner in owners:
            self.log("shuffled_into", player=owner, cards=names)
            self.shuffle_library(owner)
        if owners:
            self.res["it_controller"] = list(owners)[0]  # "then [its owner] draws"

    def shuffle_library(self, p: int) -> None:
        """Rule 701.24a: ``p`` shuffles its library (the game's dice)."""
        self.dice.shuffle(self.library[p])
        self.known_bottom[p] = 0
        self.log("shuffle", player=p)

    def reveal_hand(self, p: int) -> None:
        """Rule 701.20a: ``p`` reveals its hand; every player has seen those cards."""
        self.log("reveal_hand", player=p, cards=[self.name_of(c) for c in self.hand[p]])
        for c in self.hand[p]:
            if c not in self.public_hand:
                self.public_hand.append(c)

    # ------------------------------------------------- what a player looks at
    def looking_at(self, player: int) -> list[int]:
        """The cards ``player`` is looking at to make the current decision, in the
        order its "choose hand slot" actions address them (empty: none)."""
        d = self.decision
        if d is None or d["player"] != player or self.outcome is not None:
            return []
        kind = d["kind"]
        if kind == "dread":
            library = self.library[player]
            return [library[-1 - m] for m in range(min(2, len(library)))]
        if kind == "yesno" and "peek" in d:  # the top card of that player's library
            return self.library[d["peek"]][-1:]
        if kind == "yesno" and "explore" in d:  # the card the explorer revealed
            return [d["explore"]]
        if kind == "yesno" and "clash" in d:  # the card this player revealed (701.23a)
            return [d["clash"]]
        if kind == "target":
            return self.grave_offer(d) if self.grave_target(d) is not None else []
        if "copy_card" in d or "choose_cards" in d:  # the cards to choose among
            return list(d["cards"])  # (exiled, 707.12; in graveyards: MoveChosenCards)
        if "grave_choice" in d or "cost_exile" in d:  # a page of graveyard cards
            return self.grave_choice_page(d)
        if kind not in LIBRARY_DECISIONS:
            return []
        ask = self.res["asks"][0]
        st = self.res["lib"]
        if kind == "look":
            library = self.library[player]
            return [library[-1 - i] for i in range(st["left"])]
        if kind == "hand_choice":
            return list(self.hand_slots(ask[4]))
        if kind == "card_pile":  # the revealed cards not in the first pile yet
            return [c for c in st["cards"] if c not in st["first"]]
        if kind == "pile_pick":  # the first pile, then the second
            return st["first"] + [c for c in st["cards"] if c not in st["first"]]
        if kind == "search_split":
            return self._found_cards(player, st["found"])
        names = self._search_names(ask[1], ask)
        page = names[st["page"] * PAGE:(st["page"] + 1) * PAGE]
        library = self.library[ask[1]]  # (another player's, searched by this one)
        return [next(c for c in reversed(library) if self.name_of(c) == name)
                for name in page]

    def looking_on_top(self, player: int) -> int:
        """How many cards on top of its library ``player`` is looking at now (kept
        there by ``determinize``)."""
        d = self.decision
        if d is None or d["player"] != player:
            return 0
        if d["kind"] == "dread":
            return 2
        if d["kind"] == "look":
            return self.res["lib"]["left"]
        return 0

    def revealed_on_top(self, player: int) -> int:
        """How many cards on top of ``player``'s library every player has seen
        revealed and is waiting on (piles being made, 700.3): kept there by
        ``determinize``."""
        d = self.decision
        if d is None or d["kind"] not in ("card_pile", "pile_pick"):
            return 0
        ask = self.res["asks"][0]
        return len(self.res["lib"]["cards"]) if ask[1] == player else 0

    # ----------------------------------------------------------- resolving
    def queue_library_asks(self, node: Any, path: str, controller: int,
                           asks: list) -> None:
        """Queue the asks of a library effect ``node`` at ``path`` (or, for a
        reveal, do it)."""
        if isinstance(node, (fx.LookAtTop, fx.Dig)):
            for p in self.select_players(node.who, path):
                asks.append(["look", p, self.amount(node.count), path])
        elif isinstance(node, fx.Search) and node.whose is not None:
            # the controller searches each of those libraries (ask[4]: the searcher)
            for q in self.select_players(node.whose, path):
                asks.append(["search", q, self.amount(node.count), path, controller])
        elif isinstance(node, fx.Search):
            for p in self.select_players(node.who, path):
                asks.append(["search", p, self.amount(node.count), path])
        elif isinstance(node, fx.RevealPiles):
            asks.append(["piles", controller, self.amount(node.count), path])
        else:  # ChooseDiscard
            for q in self.select_players(node.who, path):
                if node.look:  # 400.2: only the chooser sees it
                    self.log("look_hand", player=controller, whose=q,
                             cards=[self.name_of(c) for c in self.hand[q]])
                else:
                    self.reveal_hand(q)
                asks.append(["hand_choice", controller, node.count, path, q])

    def explore_step(self, p: int, pid: int) -> bool:
        """Permanent ``pid`` explores (701.44a), ``p`` its controller: the top card of
        their library is revealed; a land card goes to their hand, else the creature
        gets a +1/+1 counter (if still on the battlefield) and ``p`` is asked whether
        to put the card into their graveyard (True: asked). An empty library reveals
        nothing and the creature still gets the counter."""
        library = self.library[p]
        if self.lost[p]:
            return False
        card = library[-1] if library else None
        land = card is not None and self.cdef(card).is_land
        self.log("explore", player=p, card=self.name_of(card) if card is not None
                 else None, land=land)
        if land:
            library.pop()
            self.hand[p].append(card)
            if card not in self.public_hand:
                self.public_hand.append(card)  # revealed as it went there
            return False
        if pid in self.battlefield:
            self.put_counters(pid, "+1/+1", 1)
        if card is None:
            return False
        self.decision = {"kind": "yesno", "player": p, "explore": card}
        return True

    def library_step(self, ask: list, node: Any) -> bool:
        """Carry ``ask`` forward; True if a decision is now asked, False once the ask
        is finished (its state is cleared)."""
        what, p = ask[0], ask[1]
        res = self.res
        if what == "look":
            return self._look_step(ask, node)
        if what == "search":
            return self._search_step(ask, node)
        if what == "piles":
            return self._piles_step(ask, node)
        q = ask[4]
        left = ask[2]
        if left > 0 and not self.lost[q] and not self.lost[p] and any(
                self.card_matches(node.filter, c, res["item"].card)
                for c in self.hand_slots(q)):
            res["lib"] = {}
            self.decision = {"kind": "hand_choice", "player": p}
            return True
        res.pop("lib", None)
        return False

    def _look_step(self, ask: list, node: fx.LookAtTop | fx.Dig | fx.PutOnLibrary) -> bool:
        p = ask[1]
        res = self.res
        st = res.get("lib")
        dig = isinstance(node, fx.Dig)
        if st is None:
            n = min(ask[2], len(self.library[p]))
            if n == 0 or self.lost[p]:
                return False
            # (ask[4]: the phase of cards another effect put on top, to be ordered)
            phase = ask[4] if len(ask) > 4 else "take" if dig else node.kind
            st = res["lib"] = {"phase": phase, "left": n, "taken": 0}
            self.log("look", player=p, how="dig" if dig else phase, count=n)
            if dig and node.reveal_top:  # 701.20a: all of them, to every player
                self.log("reveal_top", player=p,
                         cards=[self.name_of(c) for c in self.library[p][-n:][::-1]])
        if self.lost[p]:
            res.pop("lib")
            return False
        if st["phase"] == "take":
            library = self.library[p]
            if node.take >= fx.DIG_ALL and not node.optional:  # all of them: no choice
                i = 0
                while i < st["left"]:  # top first
                    if self.card_matches(node.filter, library[-1 - i], res["item"].card):
                        self._dig_take(p, node, st, i)
                    else:
                        i += 1
            if st["taken"] < node.take and any(
                    self.card_matches(node.filter, library[-1 - i], res["item"].card)
                    for i in range(st["left"])):
                self.decision = {"kind": "look", "player": p}
                return True
            self._dig_rest(p, node, st)
        if st["left"] == 0 or (st["phase"] in ("order", "bottom") and st["left"] <= 1):
            if st["phase"] == "bottom" and st["left"] == 1:
                self._to_bottom(p, self.library[p].pop())
            res.pop("lib")
            return False
        self.decision = {"kind": "look", "player": p}
        return True

    def _hand_card_away(self, q: int, card: int, node: fx.ChooseDiscard) -> None:
        """The card chosen from ``q``'s hand leaves it for ``node.dest``: exiled face
        up, or revealed and put on the bottom of ``q``'s library (then ``q`` draws a
        card when ``node.draw``); every player sees which card (701.20a)."""
        if node.dest == "exile":
            self.exile_from_hand(q, card)
            return
        self.hand[q].remove(card)
        if card in self.public_hand:
            self.public_hand.remove(card)
        self.library[q].insert(0, card)
        self.known_bottom[q] += 1
        self.log("hand_to_bottom", player=q, card=self.name_of(card))
        if node.draw and not self.lost[q]:
            self.draw(q)

    def _piles_step(self, ask: list, node: fx.RevealPiles) -> bool:
        """Carry a :class:`~effects.RevealPiles` ask forward (rule 700.3): reveal,
        an opponent's first pile, the controller's pick, then the rest."""
        p = ask[1]
        res = self.res
        st = res.get("lib")
        library = self.library[p]
        if st is None:
            n = min(ask[2], len(library))
            if n == 0 or self.lost[p]:
                return False
            cards = library[-n:][::-1]  # top first
            # (automated: the next opponent in turn order separates them)
            maker = next((q for q in self._turn_order(p) if q != p), None)
            st = res["lib"] = {"phase": "split", "cards": cards, "first": [],
                               "maker": maker}
            self.log("reveal_top", player=p, cards=[self.name_of(c) for c in cards])
            if maker is None:
                st["phase"] = "pick"
        if st["phase"] == "split":
            self.decision = {"kind": "card_pile", "player": st["maker"],
                             "whose": p, "first": [self.name_of(c) for c in st["first"]]}
            return True
        if st["phase"] == "pick":
            if self.lost[p]:
                res.pop("lib")
                return False
            second = [c for c in st["cards"] if c not in st["first"]]
            self.decision = {"kind": "pile_pick", "player": p,
                             "first": [self.name_of(c) for c in st["first"]],
                             "second": [self.name_of(c) for c in second]}
            return True
        if st["phase"] == "bottom" and st["left"] > 1 and not self.lost[p]:
            self.decision = {"kind": "look", "player": p}
            return True
        if st["phase"] == "bottom" and st["left"] == 1:
            self._to_bottom(p, library.pop())
        res.pop("lib")
        return False

    def _take_pile(self, p: int, first: bool) -> None:
        """``p`` puts the chosen pile of revealed cards into its hand and the other
        where :class:`~effects.RevealPiles` says (the bottom: a ``look`` decision of
        phase ``bottom`` follows while two or more are left)."""
        res = self.res
        st = res["lib"]
        node = self.node_at(self.effect_of(res["item"]), res["asks"][0][3])
        pile_one = [c for c in st["first"] if c in st["cards"]]
        pile_two = [c for c in st["cards"] if c not in pile_one]
        taken, rest = (pile_one, pile_two) if first else (pile_two, pile_one)
        self.log("card_piles", player=p, maker=st["maker"],
                 first=[self.name_of(c) for c in pile_one],
                 second=[self.name_of(c) for c in pile_two],
                 taken="first" if first else "second", rest=node.rest)
        library = self.library[p]
        for c in taken:
            if c in library:
                library.remove(c)
                self.hand[p].append(c)
                if c not in self.public_hand:  # every player saw it revealed
                    self.public_hand.append(c)
        rest = [c for c in rest if c in library]
        if node.rest == "graveyard":
            for c in rest:
                library.remove(c)
                self.to_graveyard(c, from_library=True)
            st["phase"] = "done"
            return
        for c in rest:  # the rest on top, in the order revealed, to be put under
            library.remove(c)
        library.extend(reversed(rest))
        st["phase"] = "bottom"
        st["left"] = len(rest)

    def _dig_take(self, p: int, node: fx.Dig, st: dict, i: int) -> None:
        """Take the card ``i`` from the top of ``p``'s library for dig ``node``."""
        library = self.library[p]
        card = library.pop(len(library) - 1 - i)
        st["taken"] += 1
        st["left"] -= 1
        self.log("found", player=p, card=self.name_of(card), to=node.dest,
                 revealed=node.reveal)
        if node.dest == "exile_face_down":  # hideaway (702.75a), its owner sees it
            self.exile[p].append(card)
            self.face_down_exile.append(card)
            source = self.res["item"].source
            if source is not None and source >= 0:
                self.exiled_with.append([source, card, 0])  # 607.2a
        elif node.dest == "battlefield":
            self._put_onto_battlefield(card, p, tapped=node.tapped)
        else:
            self.hand[p].append(card)
            if node.reveal and card not in self.public_hand:
                self.public_hand.append(card)

    def _to_bottom(self, p: int, card: int) -> None:
        """Put ``card`` (just taken from ``p``'s library) on its bottom; ``p`` knows
        it is there."""
        self.library[p].insert(0, card)
        self.known_bottom[p] += 1
        self.log("to_bottom", player=p, card=self.name_of(card))

    def _dig_rest(self, p: int, node: fx.Dig, st: dict) -> None:
        """The cards of a dig not taken: into the graveyard, on the bottom in a
        random order, or (phase ``bottom``) on the bottom one chosen card at a
        time."""
        library = self.library[p]
        if node.rest == "bottom":
            st["phase"] = "bottom"
            return
        if node.rest == "top_bottom":  # one on the bottom (chosen), the other on top
            if st["left"] >= 2:
                st["phase"] = "one_bottom"
            else:
                st["left"] = 0
                st["phase"] = "rest"
            return
        if node.rest == "top":  # they stay where they are
            st["left"] = 0
            st["phase"] = "rest"
            return
        rest = [library.pop() for _ in range(st["left"])]
        st["left"] = 0
        st["phase"] = "rest"
        if node.rest == "graveyard":
            for card in rest:
                self.log("surveil", player=p, card=self.name_of(card))
                self.to_graveyard(card, from_library=True)
            return
        if node.rest == "exile":  # (exiled face up: every player saw them)
            self.exile[p].extend(rest)
            if rest:
                self.log("exiled_top", player=p, cards=[self.name_of(c) for c in rest])
            return
        self.dice.shuffle(rest)
        for card in rest:
            library.insert(0, card)
            self.log("to_bottom", player=p, card=self.name_of(card))
        # (it knows which cards are there, not their order: known_bottom unchanged)

    def _search_names(self, p: int, ask: list) -> list[str]:
        """The distinct names of the cards ``p`` may still find (sorted)."""
        node = self.node_at(self.effect_of(self.res["item"]), ask[3])
        filt = node.filter
        if X_CAP in filt.props:  # "with mana value x or less": X as announced
            filt = dataclasses.replace(filt, props=filt.props - {X_CAP} | {
                f"mana_value<={max(self.res['item'].x, 0)}"})
        plus = sacrificed_mv(filt)
        if plus is not None:  # N plus the sacrificed permanent's mana value
            stats = self.res["item"].sacrificed_stats or [0, 0, 0]
            filt = dataclasses.replace(filt, props=frozenset(
                p for p in filt.props if not p.startswith(SACRIFICED_MV)) | {
                f"mana_value=={stats[2] + plus}"})
        found = list(self.res["lib"]["found"])
        shared: set[str] | None = None
        if node.share_land_type and found:  # the land types every card found has
            kinds = [set(self.defs[self.card_def[c]].subtypes)
                     for c in self._found_cards(p, found)]
            shared = set.intersection(*kinds) if kinds else set()
        out = set()
        for c in self.library[p]:
            name = self.name_of(c)
            if name in found:
                found.remove(name)  # that copy is taken
                continue
            if self.card_matches(filt, c, self.res["item"].card) and (
                    shared is None or shared & set(self.defs[self.card_def[c]].subtypes)):
                out.add(name)
        return sorted(out)

    def _found_cards(self, p: int, found: list[str]) -> list[int]:
        """The library cards the names ``found`` stand for (a name no longer in the
        library, as after a determinization, stands for nothing)."""
        out: list[int] = []
        for name in found:
            card = next((c for c in reversed(self.library[p])
                         if c not in out and self.name_of(c) == name), None)
            if card is not None:
                out.append(card)
        return out

    def _search_step(self, ask: list, node: fx.Search) -> bool:
        p = ask[1]
        res = self.res
        st = res.get("lib")
        if st is None:
            if self.lost[p]:
                return False
            st = res["lib"] = {"found": [], "page": 0}
            if len(ask) > 4:  # another player's library, searched by ask[4]
                if self.lost[ask[4]]:
                    res.pop("lib")
                    return False
                self.log("search", player=ask[4], whose=p)
            elif node.optional:  # "<player> may search": that player decides first
                self.decision = {"kind": "search_may", "player": p}
                return True
            else:
                self.log("search", player=p)
                self.turn_marks[p].add("searched")  # (Archive Trap)
        if st.get("declined"):
            res.pop("lib")
            return False
        if ask[2] > 0 and not self.lost[p] and self._search_names(p, ask):
            self.decision = {"kind": "search", "player": ask[4] if len(ask) > 4 else p}
            return True
        if node.dest == "split" and st["found"] and "split" not in st \
                and not self.lost[p]:
            self.decision = {"kind": "search_split", "player": p}
            return True
        found = self._found_cards(p, st["found"])
        onto = st.get("split")
        res.pop("lib")
        if not self.lost[p]:
            self._finish_search(p, node, found, onto)
        return False

    def _finish_search(self, p: int, node: fx.Search, found: list[int],
                       onto: int | None) -> None:
        """Put the cards found where ``node`` says, and shuffle (701.23a)."""
        library = self.library[p]
        for c in found:
            library.remove(c)
        if node.dest == "exile":  # face up: every player sees it (406.3)
            for c in found:
                self.exile[p].append(c)
                self.log("found", player=p, card=self.name_of(c), to="exile",
                         revealed=True)
            self.res.setdefault("moved", []).extend(found)  # "those cards"
            self.shuffle_library(p)
            return
        if node.dest == "top":  # "then shuffle and put that card on top"
            self.shuffle_library(p)
            for c in found:
                library.append(c)
                self.log("found", player=p, card=self.name_of(c), to="top",
                         revealed=node.reveal)
            return
        dest = node.dest
        if node.battlefield_if is not None:  # checked as they are put (608.2c)
            item = self.res["item"]
            if self.conditions_hold((node.battlefield_if,), item.controller,
                                    self._source_pid(item)):
                dest = "battlefield"
        for c in found:
            if dest == "battlefield" or c == onto:
                self.log("found", player=p, card=self.name_of(c), to="battlefield",
                         revealed=True)
                self._put_onto_battlefield(c, p, tapped=node.tapped)
            else:
                self.hand[p].append(c)
                self.log("found", player=p, card=self.name_of(c), to="hand",
                         revealed=node.reveal or node.dest == "split")
                if (node.reveal or node.dest == "split") and c not in self.public_hand:
                    self.public_hand.append(c)
        self.shuffle_library(p)

    # ------------------------------------------------------------- decisions
    def library_legal(self, d: dict) -> list[int]:
        """Legal actions of a decision of this module."""
        kind = d["kind"]
        p = d["player"]
        res = self.res
        ask = res["asks"][0]
        st = res["lib"]
        if kind == "look":
            if st["phase"] == "take":
                node = self.node_at(self.effect_of(res["item"]), ask[3])
                library = self.library[p]
                out = [A.hand(i) for i in range(st["left"])
                       if self.card_matches(node.filter, library[-1 - i],
                                            res["item"].card)]
                return out + [A.DONE] if node.optional else out
            out = [A.hand(i) for i in range(st["left"])]
            return out if st["phase"] in ("order", "bottom", "one_bottom") \
                else out + [A.DONE]
        if kind in ("search_may", "pile_pick"):
            return [A.YES, A.NO]
        if kind == "card_pile":
            return [A.hand(i) for i in range(len(self.looking_at(p)))] + [A.DONE]
        if kind == "hand_choice":
            node = self.node_at(self.effect_of(res["item"]), ask[3])
            out = [A.hand(i) for i, c in enumerate(self.hand_slots(ask[4]))
                   if self.card_matches(node.filter, c, res["item"].card)]
            return out + [A.DONE] if node.optional else out
        if kind == "search_split":
            found = self._found_cards(p, st["found"])
            out = [A.hand(i) for i in range(len(found))]
            return out + [A.DONE] if len(found) == 1 else out
        names = self._search_names(ask[1], ask)  # (ask[1]: whose library)
        page = names[st["page"] * PAGE:(st["page"] + 1) * PAGE]
        out = [A.hand(i) for i in range(len(page))]
        if len(names) > PAGE:
            out.append(A.mode(0))
        node = self.node_at(self.effect_of(res["item"]), ask[3])
        if node.filter != fx.Filter():  # a stated quality: may find nothing (701.23b)
            out.append(A.DONE)
        return out

    def library_act(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        """Carry out a legal action of a decision of this module."""
        dk = d["kind"]
        p = d["player"]
        res = self.res
        ask = res["asks"][0]
        st = res["lib"]
        if dk == "look":
            phase = st["phase"]
            if kind == "done":
                if phase == "take":  # takes no more
                    self._dig_rest(p, self.node_at(self.effect_of(res["item"]), ask[3]),
                                   st)
                else:
                    st["phase"] = "order"
                return
            library = self.library[p]
            if phase == "take":
                self._dig_take(p, self.node_at(self.effect_of(res["item"]), ask[3]),
                               st, args[0])
                return
            card = library.pop(len(library) - 1 - args[0])
            if phase in ("scry", "bottom"):
                self._to_bottom(p, card)
            elif phase == "one_bottom":  # the rest stay on top (Telling Time)
                self._to_bottom(p, card)
                st["left"] = 1
            elif phase == "surveil":
                self.log("surveil", player=p, card=self.name_of(card))
                self.to_graveyard(card, from_library=True)
            else:  # on top of the cards put back before it, under those still held
                library.insert(len(library) - (st["left"] - 1), card)
            st["left"] -= 1
        elif dk == "card_pile":
            if kind == "done":
                st["phase"] = "pick"
            else:
                left = [c for c in st["cards"] if c not in st["first"]]
                st["first"].append(left[args[0]])
        elif dk == "pile_pick":
            self._take_pile(p, kind == "yes")
        elif dk == "search_may":
            if kind == "yes":
                self.log("search", player=p)
                self.turn_marks[p].add("searched")  # (Archive Trap)
            else:
                st["declined"] = True
        elif dk == "hand_choice":
            q = ask[4]
            if kind == "done":  # "you may choose": none
                ask[2] = 0
                return
            node = self.node_at(self.effect_of(res["item"]), ask[3])
            chosen = self.hand_slots(q)[args[0]]
            if node.dest == "discard":
                self._discard(q, chosen, res["item"].controller)
            else:
                self._hand_card_away(q, chosen, node)
            ask[2] -= 1
        elif dk == "search_split":
            found = self._found_cards(p, st["found"])
            st["split"] = found[args[0]] if kind == "hand" else None
        elif kind == "mode":  # the next page of names
            pages = -(-len(self._search_names(ask[1], ask)) // PAGE)
            st["page"] = (st["page"] + 1) % pages
        elif kind == "done":
            ask[2] = 0
        else:
            names = self._search_names(ask[1], ask)
            st["found"].append(names[st["page"] * PAGE + args[0]])
            st["page"] = 0
            ask[2] -= 1

    def library_action_name(self, action: int) -> str:
        """The name of an action of a decision of this module, for its player."""
        kind, args = A.decode(int(action))
        d = self.decision
        assert d is not None
        dk = d["kind"]
        if kind == "done" and dk == "look" and self.res["lib"]["phase"] == "take":
            return "done: take no more"
        if dk == "pile_pick":
            st = self.res["lib"]
            first = [c for c in st["first"] if c in st["cards"]]
            pile = first if kind == "yes" else [c for c in st["cards"]
                                                if c not in first]
            names = ", ".join(self.name_of(c) for c in pile) or "nothing"
            which = "first" if kind == "yes" else "second"
            return f"{kind}: the {which} pile ({names}) into your hand"
        if kind == "done" and "choose_cards" in d:
            return "done: choose no more cards"
        if kind == "done" and dk == "hand_choice":
            return "done: exile no more" if "cost_exile" in d else "done: choose no card"
        if kind == "done":
            return {"look": "done: keep the rest on top",
                    "card_pile": "done: the rest are the second pile",
                    "search": "done: find nothing more",
                    "search_split": "done: put it into your hand"}.get(dk, "done")
        if kind == "mode":
            return "next page of cards"
        if dk == "search_may":
            return "yes: search" if kind == "yes" else "no: don't search"
        cards = self.looking_at(d["player"])
        name = self.name_of(cards[args[0]]) if args[0] < len(cards) else "?"
        if dk == "look":
            phase = self.res["lib"]["phase"]
            if phase == "take":
                node = self.node_at(self.effect_of(self.res["item"]),
                                    self.res["asks"][0][3])
                where = {"hand": "into your hand",
                         "exile_face_down": "into exile face down"}.get(
                    node.dest, "onto the battlefield")
                return f"take card {args[0]} ({name}) {where}"
            where = {"scry": "on the bottom", "surveil": "into the graveyard",
                     "order": "back on top", "bottom": "on the bottom",
                     "one_bottom": "on the bottom"}[phase]
            return f"put card {args[0]} ({name}) {where}"
        if dk == "card_pile":
            return f"put card {args[0]} ({name}) into the first pile"
        if "copy_card" in d:  # 707.12
            return f"copy card {args[0]} ({name})"
        if "grave_choice" in d:
            return f"choose card {args[0]} ({name}) of player {d['grave_choice']}"
        if "cost_exile" in d:
            return f"exile card {args[0]} ({name}) from your graveyard"
        if "choose_cards" in d:
            return f"choose card {args[0]} ({name} in player " \
                f"{self.card_owner[cards[args[0]]]}'s graveyard)"
        if dk == "hand_choice":
            node = self.node_at(self.effect_of(self.res["item"]), self.res["asks"][0][3])
            verb = {"discard": "choose", "exile": "exile",
                    "bottom": "put on the bottom"}.get(node.dest, "choose")
            return (f"{verb} hand {args[0]} ({name}) of player "
                    f"{self.res['asks'][0][4]}")
        if dk == "search_split":
            return f"put {name} onto the battlefield"
        return f"find {name}"
