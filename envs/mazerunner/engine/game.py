"""Mazerunner pods: Commander free-for-all on the Magic engine (rule 4a).

:class:`CommanderGame` extends :class:`~labyrinth_gym.envs.magic.engine.game.MagicGame`
through its hook points (it never forks the engine) with the Commander rules the format
plays under:

- **Set-up** (903.4-903.7): each player starts at 40 life with its commander (or two
  partners) in the command zone and the rest of its 100-card deck as its library;
  seat order is the order of ``decks`` (the league draws it, rule 4b); the starting
  player is rolled as in Magic.
- **One free mulligan** (rule 4a, and 103.5c): a player's first mulligan puts no card
  on the bottom; the second puts one, and so on.
- **Casting a commander from the command zone** (903.8): an action of its own,
  ``COMMAND + i`` for the player's ``i``-th commander still there, with the timing and
  targets of casting it from a hand, for its mana cost plus the commander tax, {2} for
  each earlier time that player cast it from the command zone this game.
- **A commander leaving** (903.9a): when a commander is in its owner's graveyard or
  exile, the owner chooses (yes/no, after the state-based actions) whether to put it
  into the command zone. *Ruling*: a card declined there is offered again only after
  it has been seen elsewhere at a later check. 903.9b (a commander going to a hand or
  library may go to the command zone instead) is not offered: no card of the supported
  pool puts a creature into a library, and a commander returned to the hand can be
  cast from there.
- **21 commander damage** (903.10a, 704.6c): a player dealt 21 or more combat damage
  by the same commander over the game loses (a state-based action).
- **The elimination record** (for league points, rule 4d): each player's loss with its
  *cause*, the seat whose source made it happen (:meth:`elimination_record`):

  - life: the controller of the source of the last damage or life loss that player
    took (4d.vii: the original source's controller, however others changed it); a life
    payment of its own makes it its own doing, scored to the winner pool (4d.ii);
  - 21 commander damage: that commander's controller;
  - an empty library: the controller of the effect that made it draw, or no one for
    the turn-based draw (4d.iv's example);
  - players who lose in the same state-based check with the same cause leave
    together (4d.vi when the cause is among them).

  Each elimination is also logged as an ``elimination`` event (``players``, ``cause``,
  ``controlled_by``, ``draw``), so the event log alone scores a pod.

  The engine has no mind-control effects, so ``controlled_by`` is always None.

Hidden information is Magic's: the command zone is public.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.arguments import integer
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.game import MagicGame, card_def
from labyrinth_gym.envs.magic.engine.mana import ManaCost
from labyrinth_gym.envs.magic.engine.state import StackItem
from labyrinth_gym.envs.mazerunner.decks import MazerunnerDeck, parse_deck

STARTING_LIFE = 40
COMMANDER_DAMAGE = 21
TAX = 2
MAX_COMMANDERS = 2
COMMAND = A.NUM_ACTIONS
"""``COMMAND + i``: cast the acting player's ``i``-th commander in the command zone."""
NUM_ACTIONS = COMMAND + MAX_COMMANDERS
DECKS = Path(__file__).resolve().parents[1] / "data" / "decks"


def _deck_order(path: Path) -> tuple[int, str]:
    identity, _, number = path.stem.partition("-")
    return int(number or 1), identity


def shipped_decks() -> list[MazerunnerDeck]:
    """The shipped decks (``data/decks/*.txt``): every identity's first deck (``BR``,
    ``RG``, ``UB``, ``WU``), then every second one (``BR-2``...), and so on."""
    return [parse_deck(p.read_text(), p.stem) for p in sorted(DECKS.glob("*.txt"),
                                                              key=_deck_order)]


def shipped_deck(name: str) -> MazerunnerDeck:
    """A shipped deck by name (``"WU"``, ``"WU-2"``...); ValueError naming them."""
    path = DECKS / f"{name}.txt"
    if "/" in name or not path.is_file():
        known = ", ".join(p.stem for p in sorted(DECKS.glob("*.txt"), key=_deck_order))
        raise ValueError(f"no shipped deck {name!r}; the shipped decks are {known}")
    return parse_deck(path.read_text(), name)


class CommanderGame(MagicGame):
    """A Commander pod (see the module docstring); build one with :meth:`new`."""

    num_actions = NUM_ACTIONS
    _FIELDS = ("command", "commanders", "casts", "commander_damage", "harm",
               "empty_cause", "eliminations", "declined", "item_tax", "_pending_losses")

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, rng: np.random.Generator | int | None = None, *, num_players: int = 4,
            decks: Sequence[MazerunnerDeck] | None = None, life: int = STARTING_LIFE,
            max_turns: int = 120, max_actions: int = 30000,
            starting_player: int | None = None, mulligan: bool = True,
            opening_hand: int = 7) -> CommanderGame:
        """A pod: commanders in the command zone, libraries shuffled, hands drawn,
        mulligans asked. ``decks`` default to the shipped decks in turn."""
        num_players = integer("num_players", num_players, 2, A.MAX_PLAYERS)
        if decks is None:
            shipped = shipped_decks()
            decks = [shipped[i % len(shipped)] for i in range(num_players)]
        decks = list(decks)
        if len(decks) != num_players:
            raise ValueError(f"{len(decks)} decks for {num_players} players")
        game = super().new(rng, num_players=num_players,
                           decks=[d.library() for d in decks], life=life,
                           max_turns=max_turns, max_actions=max_actions,
                           starting_player=starting_player, mulligan=mulligan,
                           opening_hand=opening_hand)
        for p, deck in enumerate(decks):
            for name in deck.commanders:
                game.add_commander(name, p)
        game._legal = None
        return game  # type: ignore[return-value]

    def _init_empty(self, dice, num_players: int, life: int, max_turns: int,
                    max_actions: int) -> None:
        super()._init_empty(dice, num_players, life, max_turns, max_actions)
        self.command: list[list[int]] = [[] for _ in range(num_players)]
        #: Each player's commander cards (ids), wherever they are.
        self.commanders: list[list[int]] = [[] for _ in range(num_players)]
        #: Times each commander card was cast from the command zone (str keys: JSON).
        self.casts: dict[str, int] = {}
        #: ``commander_damage[p][cid]``: combat damage commander ``cid`` dealt to p.
        self.commander_damage: list[dict[str, int]] = [{} for _ in range(num_players)]
        #: The seat behind the last damage or life loss each player took (-1: none).
        self.harm: list[int] = [-1] * num_players
        #: Who made each player draw from an empty library (-1: no one / itself).
        self.empty_cause: list[int] = [-1] * num_players
        self.eliminations: list[dict[str, Any]] = []
        #: Commander cards whose owner kept them in the graveyard/exile: zone by id.
        self.declined: dict[str, str] = {}
        self._pending_losses: list[list[int]] = []
        #: The tax paid on each spell cast from the command zone, by stack id.
        self.item_tax: dict[str, int] = {}

    def add_commander(self, card: str, owner: int) -> int:
        """Put a commander card into ``owner``'s command zone (set-up, scripted tests)."""
        if len(self.commanders[owner]) >= MAX_COMMANDERS:
            raise ValueError(f"player {owner} already has {MAX_COMMANDERS} commanders")
        cid = self._new_card(card_def(card), owner)
        self.command[owner].append(cid)
        self.commanders[owner].append(cid)
        self.log("commander", player=owner, card=self.name_of(cid))
        self._legal = None
        return cid

    def is_commander(self, card: int) -> bool:
        return any(card in cs for cs in self.commanders)

    def commander_mana_value(self, p: int) -> int:
        """The greatest mana value of a commander ``p`` owns on the battlefield (its
        permanent's, 202.3) or in the command zone (its card's); 0 when none is
        (Imposing Grandeur)."""
        mine = self.commanders[p]
        values = [self.cdef(cid).mana_value for cid in mine if cid in self.command[p]]
        values += [self.pdef(pid).mana_value for pid, perm in self.battlefield.items()
                   if perm.card in mine]
        return max(values, default=0)

    def commander_types(self, p: int) -> frozenset[str]:
        """The creature types of ``p``'s commanders ("a creature spell that shares a
        creature type with your commander": Path of Ancestry)."""
        from labyrinth_gym.envs.magic.engine.text.phrases import creature_subtypes

        kinds = set(creature_subtypes().values())
        return frozenset(t for cid in self.commanders[p]
                         for t in self.cdef(cid).subtypes if t in kinds)

    def controls_commander(self, p: int) -> bool:
        """Whether ``p`` controls one of their commanders (lieutenant's "if you
        control your commander")."""
        mine = self.commanders[p]
        return any(perm.controller == p and perm.card in mine
                   for perm in self.battlefield.values())

    def commander_identity(self, p: int) -> frozenset[str]:
        """The colours of ``p``'s commanders' colour identities (rule 903.4: the
        printed card's, mana symbols in its text included)."""
        from labyrinth_gym.envs.magic.engine.cards import card_pool

        printed = card_pool().cards
        out: set[str] = set()
        for cid in self.commanders[p]:
            name = self.name_of(cid)
            out.update(printed[name].colour_identity if name in printed
                       else self.cdef(cid).colours)
        return frozenset(out)

    def commander_casts(self, p: int, card: int) -> int | None:
        """How many times ``card``, one of ``p``'s commanders, has been cast from the
        command zone this game (903.8: Opal Palace, Study Hall); None for any other
        card."""
        if card not in self.commanders[p]:
            return None
        return self.casts.get(str(card), 0)

    def tax(self, card: int) -> int:
        """The commander tax on casting ``card`` from the command zone now."""
        return TAX * self.casts.get(str(card), 0)

    # ------------------------------------------------------------- mulligans
    def free_mulligans(self) -> int:
        """One free mulligan at every pod size (rule 4a), two players included."""
        return 1

    # --------------------------------------------------- the command zone
    def _spell_cost(self, item: StackItem) -> ManaCost | None:
        extra = self.item_tax.get(str(item.sid), 0)
        if not extra:
            return super()._spell_cost(item)
        base = self._base_cost(item) or ManaCost()
        return self.changed_cost(item.controller, item.card, ManaCost(
            generic=base.generic + extra, pips=base.pips, x=base.x, x_pip=base.x_pip))

    def _command_castable(self, p: int, card: int) -> bool:
        d = self.cdef(card)
        if d.is_land or not (self._sorcery_timing(p) or d.instant_speed):
            return False
        base = d.cost or ManaCost()
        cost = self.changed_cost(p, card, ManaCost(generic=base.generic + self.tax(card),
                                                   pips=base.pips, x=base.x,
                                                   x_pip=base.x_pip))
        if not self._can_pay(p, cost, spell=card):
            return False
        extra = d.spell.additional_cost if d.spell is not None else None
        if not self._extra_cost_payable(p, extra, None, card):
            return False
        probe = StackItem(sid=-1, kind="spell", controller=p, card=card)
        return self._feasible(self.effect_of(probe), "", probe)

    def _priority_actions(self, p: int) -> list[int]:
        out = super()._priority_actions(p)
        for i, card in enumerate(self.command[p][:MAX_COMMANDERS]):
            if self._command_castable(p, card):
                out.append(COMMAND + i)
        return out

    def _act(self, action: int) -> None:
        if action < COMMAND:
            super()._act(action)
            return
        d = self.decision
        assert d is not None and d["kind"] == "priority"
        self.decision = None
        self._legal = None
        self._sba_clean = False
        p = d["player"]
        card = self.command[p].pop(action - COMMAND)
        dd = self.cdef(card)
        tax = self.tax(card)
        self.casts[str(card)] = self.casts.get(str(card), 0) + 1
        self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p, card=card,
                                 keywords=sorted(dd.keywords),
                                 x=-1 if dd.cost is not None and dd.cost.x else 0,
                                 announce=self.announcements(dd), zone="command")
        self.item_tax[str(self.casting.sid)] = tax
        self.closed = []
        self.log("cast_from_command", player=p, card=dd.name, tax=tax)

    def action_to_string(self, action: int) -> str:
        if action < COMMAND:
            return super().action_to_string(action)
        i = action - COMMAND
        p = self.decision["player"] if self.decision else self.active
        if i < len(self.command[p]):
            card = self.command[p][i]
            return f"cast commander {self.name_of(card)} (tax {{{self.tax(card)}}})"
        return f"cast commander {i}"

    # ------------------------------------------- a commander leaving (903.9a)
    def _state_based(self) -> bool:
        done = super()._state_based()
        self._flush_losses()
        if self.outcome is not None or self.decision is not None:
            return done
        for p in self.living():
            for card in self.commanders[p]:
                zone = ("graveyard" if card in self.graveyard[p]
                        else "exile" if card in self.exile[p] else None)
                key = str(card)
                if zone is None:
                    self.declined.pop(key, None)
                elif self.declined.get(key) != zone:
                    self.decision = {"kind": "commander_zone", "player": p, "card": card,
                                     "zone": zone}
                    self._legal = None
                    return True
        return done

    def _custom_legal(self, d: dict) -> list[int]:
        if d["kind"] == "commander_zone":
            return [A.YES, A.NO]
        return super()._custom_legal(d)

    def _custom_act(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        if d["kind"] != "commander_zone":
            super()._custom_act(d, kind, args)
            return
        card, zone, p = d["card"], d["zone"], d["player"]
        if kind == "yes":
            getattr(self, zone)[p].remove(card)
            self.forget_graveyard([card])  # (a new object in the command zone, 400.7)
            self.command[p].append(card)
            self.declined.pop(str(card), None)
            self.log("to_command_zone", player=p, card=self.name_of(card), zone=zone)
        else:
            self.declined[str(card)] = zone
        self._sba_clean = False

    # ------------------------------------------- damage, life and losing
    def _deal_damage(self, hits, controller, kws, source_name, *, combat=False,
                     source=None, quality=None) -> None:
        before = getattr(self, "_dealer", None)
        self._dealer = (controller, source if combat else None)
        try:
            super()._deal_damage(hits, controller, kws, source_name, combat=combat,
                                 source=source, quality=quality)
        finally:
            self._dealer = before

    def _damage_player(self, p: int, amount: int, source_name: str,
                       combat: bool) -> None:
        super()._damage_player(p, amount, source_name, combat)
        dealer = getattr(self, "_dealer", None)
        if dealer is None:
            return
        controller, source = dealer
        self.harm[p] = controller
        if source is not None and source in self.battlefield:
            card = self.battlefield[source].card
            if self.is_commander(card) and not self.battlefield[source].face_down:
                total = self.commander_damage[p].get(str(card), 0) + amount
                self.commander_damage[p][str(card)] = total
                self.log("commander_damage", player=p, card=self.name_of(card),
                         amount=amount, total=total)

    def _resolving_controller(self) -> int | None:
        return self.res["item"].controller if self.res is not None else None

    def lose_life(self, p: int, amount: int) -> None:
        if amount > 0 and not self.lost[p]:
            # a resolving spell or ability: its controller; a cost: the payer itself
            who = self._resolving_controller()
            self.harm[p] = p if who is None else who
        super().lose_life(p, amount)

    def draw(self, p: int, *, log: bool = True) -> None:
        if not self.library[p]:
            who = self._resolving_controller()
            self.empty_cause[p] = -1 if who is None or who == p else who
        super().draw(p, log=log)

    def _commander_killer(self, p: int) -> int | None:
        for card, total in self.commander_damage[p].items():
            if total >= COMMANDER_DAMAGE:
                return self.card_owner[int(card)]
        return None

    def _state_losers(self) -> set[int]:
        return {p for p in range(self.num_players)
                if not self.lost[p] and self._commander_killer(p) is not None}

    def _loss_reason(self, p: int) -> str:
        if self.life[p] <= 0:
            return "life"
        if self.drew_empty[p]:
            return "empty library"
        if self._commander_killer(p) is not None:
            return "commander damage"
        return super()._loss_reason(p)

    def _cause(self, p: int) -> int | None:
        if self.life[p] <= 0:
            who = self.harm[p]
        elif self.drew_empty[p]:
            who = self.empty_cause[p]
        else:
            who = self._commander_killer(p)
            # (a commander controlled by another player still credits its controller
            # when it dealt the damage; the engine has no control-changing effects)
        return None if who is None or who < 0 else who

    def _lose(self, p: int, *, check_end: bool = True, reason: str | None = None) -> None:
        # a concession is self-inflicted (rule 4d): no player caused it
        cause = None if reason == "concede" else self._cause(p)
        self._pending_losses.append([p, -1 if cause is None else cause])
        super()._lose(p, check_end=check_end, reason=reason)
        if check_end:
            self._flush_losses()

    def _flush_losses(self) -> None:
        """The losses since the last flush, one elimination per cause (a moment)."""
        if not self._pending_losses:
            return
        groups: dict[int, list[int]] = {}
        for p, cause in self._pending_losses:
            groups.setdefault(cause, []).append(p)
        for cause, players in groups.items():
            entry = {"players": players, "cause": None if cause < 0 else cause,
                     "controlled_by": None, "draw": False}
            self.eliminations.append(entry)
            self.log("elimination", **copy.deepcopy(entry))
        self._pending_losses = []

    def elimination_record(self) -> dict[str, Any] | None:
        self._flush_losses()
        win = None
        if self.outcome == "win" and self.winner is not None:
            win = {"seat": self.winner, "controlled_by": None, "alternative": False}
        return {"seats": self.num_players,
                "eliminations": copy.deepcopy(self.eliminations), "win": win}

    # ---------------------------------------------------------- the contract
    def observation_for(self, player: int) -> dict[str, Any]:
        view = super().observation_for(player)
        view["command_zone"] = [[self.name_of(c) for c in zone] for zone in self.command]
        view["commander_tax"] = [[self.tax(c) for c in cs] for cs in self.commanders]
        view["commander_damage"] = [
            {self.name_of(int(c)): n for c, n in dmg.items()} for dmg in self.commander_damage]
        return view

    def clone(self) -> CommanderGame:
        new = super().clone()
        for key in self._FIELDS:
            setattr(new, key, copy.deepcopy(getattr(self, key)))
        return new  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        extra = {k: getattr(self, k) for k in self._FIELDS}
        data["commander"] = copy.deepcopy(extra)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CommanderGame:
        game = super().from_dict(data)
        extra = copy.deepcopy(data["commander"])
        for key, value in extra.items():
            setattr(game, key, value)
        return game  # type: ignore[return-value]


def new_game(rng: np.random.Generator | int | None = None, num_players: int = 4,
             **kwargs: Any) -> CommanderGame:
    """A Commander pod (:meth:`CommanderGame.new`)."""
    return CommanderGame.new(rng, num_players=num_players, **kwargs)


__all__ = ["COMMAND", "COMMANDER_DAMAGE", "CommanderGame", "NUM_ACTIONS", "new_game",
           "shipped_deck", "shipped_decks"]
