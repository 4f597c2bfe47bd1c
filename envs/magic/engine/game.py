"""The rules engine of Magic: The Gathering for 2-4 players (free-for-all).

Pure rules; no RL libraries. Cards are :class:`~effects.CardDef` values, normally
compiled from real cards (:func:`~compiler.compiled_pool`); a deck holding a card with
anything :func:`~resolve.unresolvable` names is refused at load, naming the card and
the parts. The action space is :mod:`~actions` (its docstring holds the table).

**What is played.** Turn structure (untap, upkeep, draw, two main phases, combat with
beginning / declare attackers / declare blockers / first-strike damage (only when a
creature in combat has first or double strike) / combat damage / end of combat, end
step, cleanup); one land a turn; priority and the stack; sorcery-speed and instant
speed (instants, flash) casting of creatures, artifacts, enchantments (Auras target
what they will enchant), instants and sorceries, with ``{X}`` in an instant's or
sorcery's cost (X from 0 to 7); activated abilities from the battlefield (mana
abilities are automatic, see :mod:`~payment`; "activate only as a sorcery", "only
once each turn") and from the hand (cycling, channel); costs of mana, ``{T}``, life,
sacrificing this or a chosen permanent, discarding this or chosen cards; triggered
abilities (enters, dies, attacks, upkeep, end step); static abilities
(:class:`~effects.Anthem`, :class:`~effects.AttachedBonus`,
:class:`~effects.EntersTapped`, :class:`~effects.CombatRestriction`); tokens (with
their abilities: a Treasure pays mana and is sacrificed); the keywords of
:data:`~effects.KEYWORDS`; state-based actions; the London mulligan. A player at 0 or
less life, or who drew from an empty library, loses; the last player standing wins;
players who lose at the same moment as the last opponents make a draw.

**Choices the rules leave to a player that the engine automates** (each is a choice
a player could make, never a change to what is legal):

- Mana: payment is automatic (:mod:`~payment` explains which sources are tapped). A
  spell or ability is offered only when its cost can be paid and every required
  target has a legal choice. No mana pool: mana is never floated.
- A player whose only legal action is "pass" (or "done", or who has nothing to declare)
  passes automatically; that changes no outcome and keeps random games fast
  (``auto_pass``; :meth:`MagicGame.empty` turns it off for step-by-step tests).
- Costs other than mana are chosen after targets (rule 601.2h): which permanent to
  sacrifice and which cards to discard are decisions of the paying player; they are
  paid after the mana. Treasure-like sources (``{T}, sacrifice this: add mana``) are
  tapped only when nothing else can pay.
- Targets are chosen one decision per target after the spell or ability, modes before
  targets (rule 601.2b-c). The same object may not be chosen twice for one "target"
  word with a count above one.
- Triggered abilities waiting to be put on the stack go there in APNAP order (rule
  603.3b); one player's simultaneous triggers go in the order they triggered. Their
  targets are chosen then; a trigger with no legal target is removed. An optional
  trigger ("you may") asks its controller yes/no on resolution.
- Combat damage assignment order is the order the blocks were declared; each blocker
  gets lethal damage in order (see :mod:`~combat`), excess to the last blocker or, with
  trample, to the player.
- A "done" that leaves a menace attacker blocked by exactly one creature removes that
  block (the block was illegal, rule 509.1c), instead of refusing the "done".
- Legend rule (704.5j): the controller keeps the newest of the permanents with the same
  name; the older ones go to the graveyard.
- Cleanup (514.1): the active player discards down to 7, one chosen card at a time.
  No player gets priority in the cleanup step.
- London mulligan (103.5): players decide in turn order from the starting player, each
  finishing (including putting cards on the bottom, one decision per card) before the
  next decides; at most 7 mulligans.
- Discard effects let the discarding player choose (one decision per card), unless at
  random; sacrifice effects let the sacrificing player choose when there are more
  candidates than the count.
- Power and toughness are computed on demand: printed values, then counters, static
  abilities and until-end-of-turn changes. Every modification the vocabulary has is
  an addition, so the timestamp order within layer 7c never changes the result.
- A "flying" condition in a filter reads the printed keywords and until-end-of-turn
  keywords, not keywords granted by static abilities (that would be circular).
- Step triggers (``upkeep``, ``end_step``) whose subject is ``Ref("self")`` or
  ``Ref("you")`` trigger in their controller's step only; ``Ref("each_opponent")`` in
  each opponent's step; any other subject, in every player's step.
- The starting player is chosen with the game's dice unless ``starting_player`` is
  given; the starting player skips the draw of the first turn.
- A player who loses leaves the game: the objects they own leave (the engine puts their
  cards into that player's exile so that every card is still in one zone), creatures
  attacking them are removed from combat, and their turns are skipped. If the active
  player loses, the rest of the turn runs without them (rule 800.4).
- When all 64 permanent slots are taken, a new permanent has no slot: it cannot be
  targeted, attack, block or be activated until a slot frees (only happens on very
  large boards; game-state checks still count it).
- A game ends in truncation after ``max_turns`` turns (all players' turns counted) or
  ``max_actions`` actions; returns are then 0 for everyone. (An ability with no cost,
  "{0}: ...", may be activated any number of times, as the rules allow; random play
  can spend its actions there until ``max_actions``.)

**Hidden information.** The library is a list whose last element is the top card. The
``events`` log names the cards drawn (it is the full record of the game, not a
player's view); :meth:`MagicGame.observation_for` shows only what the seat may see.
"""

from __future__ import annotations

import copy
import dataclasses
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.core.engine import TERMINAL_PLAYER, Game
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.combat import assign_attacker_damage
from labyrinth_gym.envs.magic.engine.decklist import parse_decklist
from labyrinth_gym.envs.magic.engine.mana import ManaCost
from labyrinth_gym.envs.magic.engine.payment import ANY, Plan, Source, demand, plan
from labyrinth_gym.envs.magic.engine.resolve import (
    execute,
    mana_ability_parts,
    selector_of,
    token_def,
    unresolvable,
)
from labyrinth_gym.envs.magic.engine.state import (
    Permanent,
    StackItem,
    code_player,
    decode,
    encode,
    player_code,
)

STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat",
         "main2", "end", "cleanup")
MAIN_STEPS = frozenset({"main1", "main2"})
COMBAT_STEPS = frozenset(STEPS[4:10])
HAND_LIMIT = 7
ZONES = ("library", "hand", "graveyard", "exile")

DEFAULT_DECK = "red_green_midrange"
"""The default deck's name in ``data/decks``: 60 red-green cards, lands, keyword
creatures and simple spells."""


def default_deck() -> list[str]:
    """The card names of :data:`DEFAULT_DECK`, one per card."""
    return sample_deck(DEFAULT_DECK)


@cache
def _sample_text(name: str) -> str:
    path = resources.files("labyrinth_gym.envs.magic").joinpath("data", "decks", f"{name}.txt")
    if not path.is_file():
        raise ValueError(f"no sample deck {name!r}; sample decks: {', '.join(sample_decks())}")
    return path.read_text(encoding="utf-8")


def sample_decks() -> list[str]:
    """Names of the decklists shipped in ``data/decks``."""
    folder = resources.files("labyrinth_gym.envs.magic").joinpath("data", "decks")
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))


def sample_deck(name: str) -> list[str]:
    """A shipped decklist's card names, one per card (``"red_burn"``...)."""
    return parse_decklist(_sample_text(name), f"{name}.txt").cards()


def card_def(card: str | fx.CardDef) -> fx.CardDef:
    """See :func:`_card_def`; names are looked up once per process."""
    if isinstance(card, str):
        return _named_card_def(card)
    return _card_def(card)


@cache
def _named_card_def(name: str) -> fx.CardDef:
    return _card_def(name)


def _card_def(card: str | fx.CardDef) -> fx.CardDef:
    """A card by name from the compiled pool (or a :class:`CardDef` as it is).

    Raises:
        ValueError: The card is unknown or unsupported by the compiler, or uses
            something the engine cannot resolve (naming the card and the parts).
    """
    if isinstance(card, fx.CardDef):
        defn = card
    else:
        from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

        pool = compiled_pool()
        if card not in pool.supported:
            why = pool.unsupported.get(card, "not in the card pool")
            raise ValueError(f"card {card!r} is not supported: {why}")
        defn = pool.supported[card]
    bad = unresolvable(defn)
    if bad:
        raise ValueError(f"card {defn.name!r} uses what the engine cannot resolve: "
                         + ", ".join(bad))
    return defn


class MagicGame(Game):
    """A game of Magic; build one with :func:`new_game` or :meth:`new`."""

    num_actions = A.NUM_ACTIONS

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, rng: np.random.Generator | int | None = None, *, num_players: int = 2,
            decks: list[list[str | fx.CardDef]] | None = None, life: int = 20,
            max_turns: int = 60, max_actions: int = 20000,
            starting_player: int | None = None, mulligan: bool = True,
            opening_hand: int = 7) -> MagicGame:
        """A new game: decks shuffled, opening hands drawn, mulligans asked.

        Args:
            rng: Seed or generator for the game's dice.
            num_players: 2 to 4.
            decks: One list of card names (or definitions) per player; default
                :func:`default_deck` for everyone.
            life: Starting life total.
            max_turns, max_actions: Truncation limits.
            starting_player: Seat taking the first turn (default: a die roll).
            mulligan: Offer London mulligans (False: everyone keeps).
            opening_hand: Cards drawn at the start (0 for hand-built positions).
        """
        if not 2 <= num_players <= A.MAX_PLAYERS:
            raise ValueError(f"num_players must be 2-{A.MAX_PLAYERS}, got {num_players}")
        if decks is None:
            decks = [default_deck() for _ in range(num_players)]
        if len(decks) != num_players:
            raise ValueError(f"{len(decks)} decks for {num_players} players")
        game = cls.__new__(cls)
        game._init_empty(Dice(rng), num_players, life, max_turns, max_actions)
        for p, deck in enumerate(decks):
            for card in deck:
                game.library[p].append(game._new_card(card_def(card), p))
            game.dice.shuffle(game.library[p])
        if starting_player is None:
            starting_player = game.dice.index(num_players)
        game.active = game.starting = game.priority = int(starting_player)
        game.log("start", players=num_players, starting_player=game.starting)
        for p in game._turn_order(game.starting):
            for _ in range(opening_hand):
                game.draw(p, log=False)
            game.drew_empty[p] = False
        if mulligan and opening_hand:
            game.stage = "mulligan"
            game.mull = {"order": game._turn_order(game.starting), "count": 0,
                         "bottom": 0}
        else:
            game._begin_turn(first=True)
        game._run()
        return game

    @classmethod
    def empty(cls, rng: np.random.Generator | int | None = None, *,
              num_players: int = 2, life: int = 20, max_turns: int = 60,
              max_actions: int = 20000) -> MagicGame:
        """A game with every zone empty that has not started: build a position with
        :meth:`add_card` / :meth:`add_permanent`, then :meth:`start_at` a step.
        Automatic passing is off (every pass is an action) until turned on."""
        game = cls.__new__(cls)
        game._init_empty(Dice(rng), num_players, life, max_turns, max_actions)
        game.auto_pass = False
        game.stage = "setup"
        game.turn = 1
        return game

    def _init_empty(self, dice: Dice, num_players: int, life: int, max_turns: int,
                    max_actions: int) -> None:
        self.dice = dice
        self.num_players = num_players
        self.max_turns = max_turns
        self.max_actions = max_actions
        self.start_life = life
        self.events: list[dict[str, Any]] = []
        self.defs: list[fx.CardDef] = []
        self._def_index: dict[fx.CardDef, int] = {}
        self.card_def: list[int] = []
        self.card_owner: list[int] = []
        self.card_token: list[bool] = []
        self.library: list[list[int]] = [[] for _ in range(num_players)]
        self.hand: list[list[int]] = [[] for _ in range(num_players)]
        self.graveyard: list[list[int]] = [[] for _ in range(num_players)]
        self.exile: list[list[int]] = [[] for _ in range(num_players)]
        self.life = [life] * num_players
        self.lost = [False] * num_players
        self.drew_empty = [False] * num_players
        self.battlefield: dict[int, Permanent] = {}
        self.slots: list[int] = [-1] * A.MAX_PERMANENTS
        self.stack: list[StackItem] = []
        self.next_id = 1
        self.turn = 0
        self.active = 0
        self.starting = 0
        self.step = "untap"
        self.stage = "priority"
        self.priority = 0
        self.passes = 0
        self.land_played = False
        #: ``[pid, ability]`` of "once each turn" abilities activated this turn.
        self.activated_this_turn: list[list[int]] = []
        self.first_turn = True
        self.attackers: dict[int, int] = {}
        self.blocks: dict[int, list[int]] = {}
        self.blocking: dict[int, int] = {}
        self.blocked: list[int] = []
        self.blockers_to_declare: list[int] = []
        self.first_strike_step = False
        self.pending_triggers: list[dict[str, Any]] = []
        self.decision: dict[str, Any] | None = None
        self.casting: StackItem | None = None
        self.closed: list[str] = []
        self.res: dict[str, Any] | None = None
        self.mull: dict[str, Any] | None = None
        self.actions_taken = 0
        #: Pass (or say "done") for a player with no other choice; tests of single
        #: steps turn it off.
        self.auto_pass = True
        self.outcome: str | None = None
        self.winner: int | None = None
        self._legal: list[int] | None = None
        self._memo: dict[tuple, Any] | None = None
        self._bf_version = 0
        # False whenever something happened since the last state-based check found
        # nothing to do: a pass that only moves priority changes nothing.
        self._sba_clean = False
        # A token left the battlefield since the last state-based check.
        self._token_left = False
        self._static_version = -1
        self._anthems: list[tuple[int, fx.Anthem]] = []
        self._bonuses: dict[int, list[fx.AttachedBonus]] = {}

    # --------------------------------------------------- scripted positions
    def add_card(self, card: str | fx.CardDef, owner: int, zone: str = "hand") -> int:
        """Put a new card into ``owner``'s ``zone`` (library: on top); its card id."""
        cid = self._new_card(card_def(card), owner)
        getattr(self, zone)[owner].append(cid)
        self._legal = None
        return cid

    def add_permanent(self, card: str | fx.CardDef, controller: int, *,
                      sick: bool = False, tapped: bool = False,
                      attached_to: int | None = None) -> int:
        """Put a new card onto the battlefield (no enters triggers); its object id."""
        cid = self._new_card(card_def(card), controller)
        pid = self._put_onto_battlefield(cid, controller, triggers=False)
        perm = self.battlefield[pid]
        perm.sick = sick
        perm.tapped = tapped
        perm.attached_to = attached_to
        self._legal = None
        return pid

    def start_at(self, step: str, active: int, *, turn: int = 2) -> None:
        """Jump to the start of ``step`` of ``active``'s turn (for hand-built tests):
        no mulligans pending, nothing on the stack, turn-based actions of ``step``
        performed, then play runs to the next decision."""
        self.turn = turn
        self.active = self.priority = active
        self.first_turn = False
        self.land_played = False
        self.mull = None
        self.decision = None
        self.step = step
        self.stage = "tba"
        self._legal = None
        self._sba_clean = False
        self._token_left = True
        self._run()

    # ------------------------------------------------------------ card table
    def _new_card(self, defn: fx.CardDef, owner: int, token: bool = False) -> int:
        index = self._def_index.get(defn)
        if index is None:
            index = len(self.defs)
            self.defs.append(defn)
            self._def_index[defn] = index
        self.card_def.append(index)
        self.card_owner.append(owner)
        self.card_token.append(token)
        return len(self.card_def) - 1

    def cdef(self, card: int) -> fx.CardDef:
        """The definition of card ``card``."""
        return self.defs[self.card_def[card]]

    def pdef(self, pid: int) -> fx.CardDef:
        """The definition of permanent ``pid``."""
        return self.defs[self.card_def[self.battlefield[pid].card]]

    def name_of(self, card: int) -> str:
        return self.cdef(card).name

    # ------------------------------------------------------ characteristics
    def _statics(self) -> None:
        """Refresh the lists of anthems and attached bonuses if the board changed."""
        if self._static_version == self._bf_version:
            return
        anthems: list[tuple[int, fx.Anthem]] = []
        bonuses: dict[int, list[fx.AttachedBonus]] = {}
        for pid, perm in self.battlefield.items():
            for static in self.defs[self.card_def[perm.card]].statics:
                if isinstance(static, fx.Anthem):
                    anthems.append((pid, static))
                elif isinstance(static, fx.AttachedBonus) and perm.attached_to is not None:
                    bonuses.setdefault(perm.attached_to, []).append(static)
        self._anthems = anthems
        self._bonuses = bonuses
        self._static_version = self._bf_version

    def chars(self, pid: int) -> tuple[int, int, frozenset[str]]:
        """Power, toughness and keywords of permanent ``pid`` now."""
        perm = self.battlefield[pid]
        d = self.defs[self.card_def[perm.card]]
        power = d.power or 0
        tough = d.toughness or 0
        kws = set(d.keywords)
        counters = perm.counters
        if counters:
            net = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
            power += net
            tough += net
        self._statics()
        for spid, anthem in self._anthems:
            if self.matches(anthem.affected, pid, self.battlefield[spid].controller, spid,
                            printed=True):
                power += anthem.power
                tough += anthem.toughness
                kws.update(anthem.keywords)
        for bonus in self._bonuses.get(pid, ()):
            power += bonus.power
            tough += bonus.toughness
            kws.update(bonus.keywords)
        for m in perm.mods:
            power += m[0]
            tough += m[1]
            kws.update(m[2])
        return power, tough, frozenset(kws)

    def keywords(self, pid: int) -> frozenset[str]:
        return self.chars(pid)[2]

    def is_creature(self, pid: int) -> bool:
        return "Creature" in self.pdef(pid).types

    def _restricted(self, pid: int, what: str) -> bool:
        """Whether ``pid`` has the combat restriction ``what`` (``cant_attack``,
        ``cant_block``, ``cant_be_blocked``, ``attacks_each_combat``), from its own
        :class:`~effects.CombatRestriction` or an attached Aura / Equipment."""
        self._statics()
        if any(getattr(b, what, False) for b in self._bonuses.get(pid, ())):
            return True
        return any(isinstance(st, fx.CombatRestriction) and getattr(st, what)
                   for st in self.pdef(pid).statics)

    def matches(self, filt: fx.Filter | None, pid: int, you: int,
                source: int | None = None, *, printed: bool = False) -> bool:
        """Whether permanent ``pid`` matches ``filt`` seen by seat ``you``."""
        if filt is None:
            return True
        perm = self.battlefield[pid]
        d = self.defs[self.card_def[perm.card]]
        if filt.types and not (filt.types & set(d.types)):
            return False
        if filt.subtypes and not (filt.subtypes & set(d.subtypes)):
            return False
        if filt.controller == "you" and perm.controller != you:
            return False
        if filt.controller == "opponent" and perm.controller == you:
            return False
        for prop in filt.props:
            if not self._has_prop(prop, pid, perm, d, source, printed):
                return False
        return True

    def _has_prop(self, prop: str, pid: int, perm: Permanent, d: fx.CardDef,
                  source: int | None, printed: bool) -> bool:
        if prop == "nonland":
            return "Land" not in d.types
        if prop == "noncreature":
            return "Creature" not in d.types
        if prop == "tapped":
            return perm.tapped
        if prop == "untapped":
            return not perm.tapped
        if prop == "attacking":
            return pid in self.attackers
        if prop == "blocking":
            return pid in self.blocking
        if prop == "other":
            return pid != source
        if prop == "token":
            return self.card_token[perm.card]
        if prop == "nontoken":
            return not self.card_token[perm.card]
        if prop == "flying":
            if printed:
                return "flying" in d.keywords or any("flying" in m[2] for m in perm.mods)
            return "flying" in self.keywords(pid)
        # unresolvable() refuses cards with other props at deck load
        raise RuntimeError(f"filter property {prop!r} reached play")

    # ---------------------------------------------------------------- zones
    def _turn_order(self, first: int) -> list[int]:
        """Living seats in turn order starting at ``first``."""
        n = self.num_players
        return [(first + i) % n for i in range(n) if not self.lost[(first + i) % n]]

    def living(self) -> list[int]:
        return [p for p in range(self.num_players) if not self.lost[p]]

    def draw(self, p: int, *, log: bool = True) -> None:
        """``p`` draws a card (from an empty library: marked for the SBA)."""
        if not self.library[p]:
            self.drew_empty[p] = True
            if log:
                self.log("draw_empty", player=p)
            return
        card = self.library[p].pop()
        self.hand[p].append(card)
        if log:
            self.log("draw", player=p, card=self.name_of(card))

    def mill(self, p: int) -> None:
        if self.library[p]:
            card = self.library[p].pop()
            self.graveyard[p].append(card)
            self.log("mill", player=p, card=self.name_of(card))

    def gain_life(self, p: int, amount: int) -> None:
        if amount > 0 and not self.lost[p]:
            self.life[p] += amount
            self.log("life", player=p, change=amount, life=self.life[p])

    def lose_life(self, p: int, amount: int) -> None:
        if amount > 0 and not self.lost[p]:
            self.life[p] -= amount
            self.log("life", player=p, change=-amount, life=self.life[p])

    def _free_slot(self) -> int:
        for i, pid in enumerate(self.slots):
            if pid < 0:
                return i
        return -1

    def _put_onto_battlefield(self, card: int, controller: int, *, triggers: bool = True,
                              attached_to: int | None = None) -> int:
        pid = self.next_id
        self.next_id += 1
        slot = self._free_slot()
        if slot >= 0:
            self.slots[slot] = pid
        d = self.cdef(card)
        perm = Permanent(pid, card, controller, slot, attached_to=attached_to)
        perm.tapped = any(isinstance(s, fx.EntersTapped) for s in d.statics)
        self.battlefield[pid] = perm
        self._bf_version += 1
        self.log("enters", player=controller, card=d.name, id=pid)
        if triggers:
            self._enter_triggers(pid)
        return pid

    def _leave(self, pid: int, dest: str) -> None:
        """Move permanent ``pid`` to its owner's ``dest`` zone (no triggers here)."""
        perm = self.battlefield.pop(pid)
        if perm.slot >= 0:
            self.slots[perm.slot] = -1
        self._bf_version += 1
        self.attackers.pop(pid, None)
        if pid in self.blocking:
            attacker = self.blocking.pop(pid)
            if attacker in self.blocks and pid in self.blocks[attacker]:
                self.blocks[attacker].remove(pid)
        owner = self.card_owner[perm.card]
        getattr(self, dest)[owner].append(perm.card)
        if self.card_token[perm.card]:
            self._token_left = True
        self.log("leaves", card=self.name_of(perm.card), id=pid, to=dest, player=owner)

    def move_permanents(self, pids: list[int], dest: str) -> None:
        """Move permanents (simultaneously) to their owners' ``dest`` zones."""
        pids = [p for p in dict.fromkeys(pids) if p in self.battlefield]
        if dest == "graveyard":
            self._dies_triggers(pids)
            for pid in pids:
                if self.is_creature(pid):
                    self.log("dies", card=self.name_of(self.battlefield[pid].card),
                             id=pid, player=self.battlefield[pid].controller)
        for pid in pids:
            self._leave(pid, dest)

    def destroy(self, pids: list[int]) -> None:
        """Destroy permanents (indestructible ones stay)."""
        doomed = [p for p in pids if p in self.battlefield
                  and "indestructible" not in self.keywords(p)]
        for pid in doomed:
            self.log("destroy", card=self.name_of(self.battlefield[pid].card), id=pid)
        self.move_permanents(doomed, "graveyard")

    def create_token(self, spec: fx.TokenSpec, controller: int) -> int:
        card = self._new_card(token_def(spec), controller, token=True)
        self.log("token", player=controller, card=spec.name)
        return self._put_onto_battlefield(card, controller)

    # ------------------------------------------------------------- triggers
    def _trigger(self, pid: int, index: int, **extra: Any) -> None:
        perm = self.battlefield[pid]
        it = extra.get("it")
        self.pending_triggers.append({
            "controller": perm.controller, "card": perm.card, "source": pid,
            "index": index, "it": it, "defending": extra.get("defending"),
            "it_controller": self._controller_of(it),
            "keywords": sorted(self.keywords(pid))})

    def _controller_of(self, code: int | None) -> int | None:
        """The controller of the object ``code`` names now (None if none)."""
        if code is None or code < 0:
            return None
        if code in self.battlefield:
            return self.battlefield[code].controller
        return next((s.controller for s in self.stack if s.sid == code), None)

    def _enter_triggers(self, entered: int) -> None:
        for pid, perm in self.battlefield.items():
            for i, ab in enumerate(self.pdef(pid).triggered):
                if ab.trigger.event != "enters":
                    continue
                subject = ab.trigger.subject
                if (isinstance(subject, fx.Ref) and subject.name == "self" and pid == entered) \
                        or (isinstance(subject, fx.Filter)
                            and self.matches(subject, entered, perm.controller, pid)):
                    self._trigger(pid, i, it=entered)

    def _dies_triggers(self, dying: list[int]) -> None:
        """Leaves-the-battlefield triggers look back: all dying creatures see each other."""
        creatures = [d for d in dying if self.is_creature(d)]
        if not creatures:
            return
        for pid, perm in self.battlefield.items():
            for i, ab in enumerate(self.pdef(pid).triggered):
                if ab.trigger.event != "dies":
                    continue
                subject = ab.trigger.subject
                for d in creatures:
                    if (isinstance(subject, fx.Ref) and subject.name == "self" and pid == d) \
                            or (isinstance(subject, fx.Filter)
                                and self.matches(subject, d, perm.controller, pid)):
                        self._trigger(pid, i, it=d)

    def _step_triggers(self, event: str) -> None:
        for pid, perm in self.battlefield.items():
            for i, ab in enumerate(self.pdef(pid).triggered):
                if ab.trigger.event != event:
                    continue
                subject = ab.trigger.subject
                mine_only = isinstance(subject, fx.Ref) and subject.name in ("self", "you")
                if subject == fx.Ref("each_opponent"):
                    if perm.controller != self.active:
                        self._trigger(pid, i)
                elif not mine_only or perm.controller == self.active:
                    self._trigger(pid, i)

    def _attack_triggers(self) -> None:
        for attacker, defending in self.attackers.items():
            for pid, perm in self.battlefield.items():
                for i, ab in enumerate(self.pdef(pid).triggered):
                    if ab.trigger.event != "attacks":
                        continue
                    subject = ab.trigger.subject
                    if (isinstance(subject, fx.Ref) and subject.name == "self"
                            and pid == attacker) or (
                            isinstance(subject, fx.Filter)
                            and self.matches(subject, attacker, perm.controller, pid)):
                        self._trigger(pid, i, it=attacker, defending=defending)

    def _put_triggers(self) -> None:
        """Start putting the next waiting trigger on the stack (APNAP order)."""
        order = self._turn_order(self.active)
        chosen = None
        for p in order:
            for t in self.pending_triggers:
                if t["controller"] == p:
                    chosen = t
                    break
            if chosen is not None:
                break
        if chosen is None:  # controller left the game
            self.pending_triggers.clear()
            return
        self.pending_triggers.remove(chosen)
        item = StackItem(sid=self._new_id(), kind="triggered",
                         controller=chosen["controller"], card=chosen["card"],
                         source=chosen["source"], index=chosen["index"], it=chosen["it"],
                         it_controller=chosen["it_controller"],
                         defending=chosen["defending"], keywords=chosen["keywords"])
        if not self._feasible(self.effect_of(item), "", item):
            self.log("trigger_removed", card=self.name_of(item.card), reason="no target")
            return
        self.casting = item
        self.closed = []

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    # ---------------------------------------------------------------- effects
    def effect_of(self, item: StackItem) -> Any:
        """The effect a stack object resolves (None: a permanent spell without one)."""
        d = self.cdef(item.card)
        if item.kind == "spell":
            if d.spell is not None:
                return d.spell.effect
            if "Aura" in d.subtypes and d.enchant is not None:
                return fx.Attach(fx.Target("permanent", d.enchant))
            return None
        if item.kind == "activated":
            return d.activated[item.index].effect
        return d.triggered[item.index].effect

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
                else:  # MayDo
                    node = node.effect
        return node

    @staticmethod
    def _child(path: str, i: int) -> str:
        return f"{path}.{i}" if path else str(i)

    def _source_pid(self, item: StackItem) -> int | None:
        if item.source is not None and item.source in self.battlefield:
            return item.source
        return None

    def candidates(self, spec: fx.Target, item: StackItem) -> list[int]:
        """Legal target codes for ``spec`` of ``item`` now."""
        you = item.controller
        out: list[int] = []
        kind = spec.kind
        if kind in ("any", "player", "opponent"):
            for p in self._turn_order(you):
                if kind != "opponent" or p != you:
                    out.append(player_code(p))
        if kind in ("any", "creature", "creature_or_planeswalker", "permanent"):
            source = self._source_pid(item)
            for pid, perm in self.battlefield.items():
                if perm.slot < 0:
                    continue
                if kind != "permanent" and not self.is_creature(pid):
                    continue
                if not self.matches(spec.filter, pid, you, source):
                    continue
                if perm.controller != you and "hexproof" in self.keywords(pid):
                    continue
                out.append(pid)
        if kind in ("spell", "creature_spell", "noncreature_spell"):
            for s in self.stack[:A.MAX_STACK]:
                if s.kind != "spell" or s.sid == item.sid:
                    continue
                creature = "Creature" in self.cdef(s.card).types
                if (kind == "creature_spell" and not creature) or (
                        kind == "noncreature_spell" and creature):
                    continue
                out.append(s.sid)
        return out

    def _legal_target(self, spec: fx.Target, code: int, item: StackItem) -> bool:
        return code in self.candidates(spec, item)

    def _feasible(self, node: Any, path: str, item: StackItem) -> bool:
        """Can every required choice under ``node`` be made now?"""
        if node is None:
            return True
        if isinstance(node, fx.Sequence):
            return all(self._feasible(s, self._child(path, i), item)
                       for i, s in enumerate(node.steps))
        if isinstance(node, fx.MayDo):
            return self._feasible(node.effect, self._child(path, 0), item)
        if isinstance(node, fx.Choose):
            ok = sum(self._feasible(m, self._child(path, i), item)
                     for i, m in enumerate(node.modes))
            return ok >= node.min_modes
        sel = selector_of(node)
        if isinstance(sel, fx.Target) and not sel.up_to:
            return len(self.candidates(sel, item)) >= sel.count
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
        if isinstance(node, fx.MayDo):
            return self._next_choice(node.effect, self._child(path, 0), item)
        if isinstance(node, fx.Choose):
            chosen = item.modes.get(path, [])
            if path not in self.closed and len(chosen) < node.max_modes:
                return ("mode", path, node)
            for m in chosen:
                found = self._next_choice(node.modes[m], self._child(path, m), item)
                if found:
                    return found
            return None
        sel = selector_of(node)
        if isinstance(sel, fx.Target):
            chosen = item.targets.get(path, [])
            left = [c for c in self.candidates(sel, item) if c not in chosen]
            if path not in self.closed and len(chosen) < sel.count and left:
                return ("target", path, sel)
        return None

    def select(self, sel: Any, path: str) -> list[int]:
        """Target codes ``sel`` names for the resolving object (illegal ones dropped)."""
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        if isinstance(sel, fx.Target):
            codes = [c for c in item.targets.get(path, [])
                     if self._legal_target(sel, c, item)]
            if codes:
                # "its controller" later in the ability means the controller now,
                # even after the object is gone (last known information).
                res["it"] = codes[0]
                res["it_controller"] = self._controller_of(codes[0])
            return codes
        if isinstance(sel, fx.Each):
            return [pid for pid in self.battlefield
                    if self.matches(sel.filter, pid, item.controller,
                                    self._source_pid(item))]
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
            return [it] if it < 0 or it in self.battlefield else []
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
        if name == "defending_player":
            d = item.defending
            return [player_code(d)] if d is not None and not self.lost[d] else []
        # unresolvable() refuses cards with other refs at deck load
        raise RuntimeError(f"reference {name!r} reached play")

    def amount(self, value: Any) -> int:
        """A number of the resolving effect (``"X"``: the value chosen on casting)."""
        if value == "X":
            return max(self.res["item"].x, 0)  # type: ignore[index]
        return int(value)

    def select_players(self, sel: Any, path: str) -> list[int]:
        return [code_player(c) for c in self.select(sel, path)
                if c < 0 and not self.lost[code_player(c)]]

    def deal_damage_from_resolving(self, code: int, amount: Any) -> None:
        item: StackItem = self.res["item"]  # type: ignore[index]
        source = self._source_pid(item)
        kws = self.keywords(source) if source is not None else frozenset(item.keywords)
        self._deal_damage([(code, self.amount(amount))], item.controller, kws,
                          self.name_of(item.card))

    def _deal_damage(self, hits: list[tuple[int, int]], controller: int,
                     kws: frozenset[str], source_name: str, *,
                     combat: bool = False) -> None:
        """One source's damage to several recipients at once (rule 120)."""
        total = 0
        for code, amount in hits:
            if amount <= 0:
                continue
            if code < 0:
                p = code_player(code)
                if self.lost[p]:
                    continue
                self.life[p] -= amount
                self.log("damage", source=source_name, player=p, amount=amount,
                         combat=combat)
                self.log("life", player=p, change=-amount, life=self.life[p])
            elif code in self.battlefield:
                perm = self.battlefield[code]
                perm.damage += amount
                if "deathtouch" in kws:
                    perm.deathtouched = True
                self.log("damage", source=source_name, id=code,
                         card=self.name_of(perm.card), amount=amount, combat=combat)
            else:
                continue
            total += amount
        if "lifelink" in kws and total:
            self.gain_life(controller, total)

    def counter(self, sid: int) -> None:
        for s in self.stack:
            if s.sid == sid and s.kind == "spell":
                self.stack.remove(s)
                self.graveyard[self.card_owner[s.card]].append(s.card)
                self.log("countered", card=self.name_of(s.card), id=sid)
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

    # -------------------------------------------------------------- mana
    def _sources(self, p: int, exclude: int | None = None) -> list[Source]:
        memo = self._memo
        if memo is not None:
            key = ("sources", p, exclude)
            if key not in memo:
                memo[key] = self._compute_sources(p, exclude)
            return memo[key]
        return self._compute_sources(p, exclude)

    def _compute_sources(self, p: int, exclude: int | None) -> list[Source]:
        out = []
        for pid, perm in self.battlefield.items():
            if perm.controller != p or perm.tapped or pid == exclude:
                continue
            d = self.defs[self.card_def[perm.card]]
            colours: set[str] = set()
            sacrifice = True
            hurt: dict[str, int] = {}
            life = False
            units = 1
            for ab in d.activated:
                if ab.is_mana:
                    add, pain = mana_ability_parts(ab)
                    units = add.amount
                    opts = ANY if "any" in add.options else add.options
                    for c in opts:
                        hurt[c] = min(hurt.get(c, pain), pain)
                    colours.update(opts)
                    sacrifice = sacrifice and ab.cost.sacrifice_self
                    life = life or bool(ab.cost.pay_life)
            if not colours:
                continue
            creature = "Creature" in d.types
            if creature and perm.sick and "haste" not in self.keywords(pid):
                continue
            out.append(Source(pid, frozenset(colours), creature, sacrifice,
                              {c: n for c, n in hurt.items() if n}, life, units))
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

    def _payment(self, p: int, cost: Any, *, exclude: int | None = None,
                 skip_card: int | None = None) -> Plan | None:
        if cost is None:
            return Plan(())
        return plan(cost, self._sources(p, exclude), self._wanted(p, skip_card),
                    self.life[p])

    def _pay(self, chosen: Plan | None, p: int) -> None:
        """Use the sources a payment plan chose: tap them, take the life their mana
        costs, sacrifice the ones that say so; then pay Phyrexian life."""
        assert chosen is not None
        sacrificed = []
        done: set[int] = set()
        for pid, symbol in chosen.taps:
            if pid in done:  # a second mana of the same activation
                continue
            done.add(pid)
            perm = self.battlefield[pid]
            perm.tapped = True
            d = self.pdef(pid)
            best = None
            for ab in d.activated:
                if not ab.is_mana:
                    continue
                add, pain = mana_ability_parts(ab)
                opts = ANY if "any" in add.options else add.options
                if (not symbol or symbol in opts) and (best is None or pain < best[1]):
                    best = (ab, pain)
            assert best is not None
            ab, pain = best
            if pain and ab.cost.pay_life:
                self.lose_life(perm.controller, pain)
            elif pain:
                self._deal_damage([(player_code(perm.controller), pain)], perm.controller,
                                  self.keywords(pid), d.name)
            if ab.cost.sacrifice_self:
                sacrificed.append(pid)
        if sacrificed:
            self.move_permanents(sacrificed, "graveyard")
        if chosen.life:
            self.lose_life(p, chosen.life)

    # ---------------------------------------------------------- legal actions
    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL_PLAYER
        assert self.decision is not None
        return self.decision["player"]

    def legal_actions(self) -> list[int]:
        if self.outcome is not None:
            return []
        if self._legal is None:
            self._legal = sorted(self._compute_legal())
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        # Sources and hand demand do not change while the legal set is computed:
        # memoise them for the many costs it checks.
        self._memo = {}
        try:
            return self._legal_for_decision()
        finally:
            self._memo = None

    def _legal_for_decision(self) -> list[int]:
        d = self.decision
        assert d is not None
        kind = d["kind"]
        p = d["player"]
        if kind == "priority":
            return self._priority_actions(p)
        if kind == "mulligan":
            return [A.KEEP, A.MULLIGAN] if self.mull["count"] < 7 else [A.KEEP]  # type: ignore[index]
        if kind in ("bottom", "discard"):
            return [A.hand(i) for i in range(min(len(self.hand[p]), A.MAX_HAND))]
        if kind == "yesno":
            return [A.YES, A.NO]
        if kind == "x":
            item = self.casting
            cost = self.cdef(item.card).cost  # type: ignore[union-attr]
            return [A.mode(v) for v in range(A.MAX_MODES)
                    if self._payment(p, with_x(cost, v), skip_card=item.card) is not None]
        if kind == "mode":
            item = self.casting
            node = self.node_at(self.effect_of(item), d["path"])
            chosen = item.modes.get(d["path"], [])
            out = [A.mode(i) for i, m in enumerate(node.modes)
                   if i not in chosen and self._feasible(m, self._child(d["path"], i), item)]
            if len(chosen) >= node.min_modes:
                out.append(A.DONE)
            return out
        if kind == "target":
            item = self.casting
            sel = selector_of(self.node_at(self.effect_of(item), d["path"]))
            chosen = item.targets.get(d["path"], [])
            out = [self._code_action(c, p) for c in self.candidates(sel, item)
                   if c not in chosen]
            if sel.up_to or len(chosen) >= sel.count:
                out.append(A.DONE)
            return out
        if kind == "attack":
            return self._attack_actions(p)
        if kind == "block":
            return self._block_actions(p)
        if kind == "block_target":
            return [A.permanent(self.battlefield[a].slot)
                    for a in self._blockable(d["blocker"], p)]
        if kind in ("sacrifice", "cost_sacrifice"):
            return [A.permanent(self.battlefield[pid].slot) for pid in d["options"]
                    if pid in self.battlefield]
        if kind == "cost_discard":
            chosen = self.casting.discarded  # type: ignore[union-attr]
            return [A.hand(i) for i, c in enumerate(self.hand[p][:A.MAX_HAND])
                    if c not in chosen and c != self.casting.card]  # type: ignore[union-attr]
        raise AssertionError(kind)

    def _code_action(self, code: int, p: int) -> int:
        if code < 0:
            return A.player((code_player(code) - p) % self.num_players)
        if code in self.battlefield:
            return A.permanent(self.battlefield[code].slot)
        for i, s in enumerate(self.stack):
            if s.sid == code:
                return A.stack(i)
        raise AssertionError(code)

    def _sorcery_timing(self, p: int) -> bool:
        return p == self.active and self.step in MAIN_STEPS and not self.stack

    def _priority_actions(self, p: int) -> list[int]:
        out = [A.PASS]
        sorcery = self._sorcery_timing(p)
        for i, card in enumerate(self.hand[p][:A.MAX_HAND]):
            d = self.cdef(card)
            for index, ab in enumerate(d.activated):
                if ab.zone == "hand" and self._can_activate_from_hand(p, card, ab, index,
                                                                      sorcery):
                    out.append(A.hand_ability(i))
            if "Land" in d.types:
                if sorcery and not self.land_played:
                    out.append(A.cast(i))
                continue
            if not (sorcery or "Instant" in d.types or "flash" in d.keywords):
                continue
            if self._payment(p, d.cost, skip_card=card) is None:
                continue
            extra = d.spell.additional_cost if d.spell is not None else None
            if not self._extra_cost_payable(p, extra, None, card):
                continue
            probe = StackItem(sid=-1, kind="spell", controller=p, card=card)
            if self._feasible(self.effect_of(probe), "", probe):
                out.append(A.cast(i))
        for pid, perm in self.battlefield.items():
            if perm.controller != p or perm.slot < 0:
                continue
            d = self.pdef(pid)
            for k, index in enumerate(battlefield_abilities(d)):
                if self._can_activate(pid, perm, d, index, sorcery):
                    out.append(A.activate(perm.slot, k))
        return out

    def _extra_cost_payable(self, p: int, cost: fx.Cost | None, source: int | None,
                            card: int | None) -> bool:
        """The parts of a cost other than mana and {T} can be paid by ``p``."""
        if cost is None:
            return True
        if cost.pay_life and self.life[p] < cost.pay_life:
            return False
        if cost.sacrifice is not None and not self._sacrifice_options(p, cost, source):
            return False
        if cost.discard:
            hand = [c for c in self.hand[p][:A.MAX_HAND] if c != card]
            if len(hand) < cost.discard:
                return False
        return True

    def _sacrifice_options(self, p: int, cost: fx.Cost, source: int | None) -> list[int]:
        return [pid for pid, perm in self.battlefield.items()
                if perm.controller == p and perm.slot >= 0
                and self.matches(cost.sacrifice, pid, p, source)]

    def _can_activate(self, pid: int, perm: Permanent, d: fx.CardDef, index: int,
                      sorcery: bool) -> bool:
        ab = d.activated[index]
        if ab.sorcery_speed and not sorcery:
            return False
        if ab.once_per_turn and [pid, index] in self.activated_this_turn:
            return False
        cost = ab.cost
        if cost.tap:
            if perm.tapped:
                return False
            if "Creature" in d.types and perm.sick and "haste" not in self.keywords(pid):
                return False
        if not self._extra_cost_payable(perm.controller, cost, pid, None):
            return False
        if cost.mana is not None and self._payment(
                perm.controller, cost.mana, exclude=pid if cost.tap else None) is None:
            return False
        probe = StackItem(sid=-1, kind="activated", controller=perm.controller,
                          card=perm.card, source=pid, index=index)
        return self._feasible(ab.effect, "", probe)

    def _can_activate_from_hand(self, p: int, card: int, ab: fx.ActivatedAbility,
                                index: int, sorcery: bool) -> bool:
        if ab.sorcery_speed and not sorcery:
            return False
        if not self._extra_cost_payable(p, ab.cost, None, card):
            return False
        if ab.cost.mana is not None and self._payment(
                p, ab.cost.mana, skip_card=card) is None:
            return False
        probe = StackItem(sid=-1, kind="activated", controller=p, card=card, index=index)
        return self._feasible(ab.effect, "", probe)

    def _can_attack(self, pid: int) -> bool:
        perm = self.battlefield[pid]
        if perm.slot < 0 or perm.tapped or not self.is_creature(pid):
            return False
        kws = self.keywords(pid)
        if "defender" in kws or (perm.sick and "haste" not in kws):
            return False
        return not self._restricted(pid, "cant_attack")

    def _attack_actions(self, p: int) -> list[int]:
        out = []
        must = False
        opponents = [(q - p) % self.num_players for q in self._turn_order(p) if q != p]
        for pid, perm in self.battlefield.items():
            if perm.controller == p and pid not in self.attackers and self._can_attack(pid):
                out.extend(A.attack(perm.slot, r) for r in opponents)
                must = must or self._restricted(pid, "attacks_each_combat")
        # "Attacks each combat if able" (rule 508.1d): no "done" while such a
        # creature that can attack has not been declared.
        return out if must and out else [A.DONE, *out]

    def _blockable(self, blocker: int, p: int) -> list[int]:
        """Attackers attacking ``p`` that ``blocker`` can block."""
        reach = self.keywords(blocker) & {"flying", "reach"}
        out = []
        for attacker, defending in self.attackers.items():
            if defending != p or self.battlefield[attacker].slot < 0:
                continue
            if "flying" in self.keywords(attacker) and not reach:
                continue
            if self._restricted(attacker, "cant_be_blocked"):
                continue
            out.append(attacker)
        return out

    def _block_actions(self, p: int) -> list[int]:
        out = [A.DONE]
        for pid, perm in self.battlefield.items():
            if (perm.controller == p and perm.slot >= 0 and not perm.tapped
                    and pid not in self.blocking and self.is_creature(pid)
                    and not self._restricted(pid, "cant_block")
                    and self._blockable(pid, p)):
                out.append(A.block(perm.slot))
        return out

    # ------------------------------------------------------------- applying
    def _apply(self, action: int) -> None:
        self._act(action)
        self.actions_taken += 1
        if self.outcome is None and self.actions_taken >= self.max_actions:
            self._finish(None, "max_actions")
            return
        self._run()

    def _act(self, action: int) -> None:
        """Carry out a legal action for the current decision."""
        d = self.decision
        assert d is not None
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
                self._cast(p, self.hand[p][args[0]])
            elif kind == "activate":
                pid = self.slots[args[0]]
                self._activate(p, pid, battlefield_abilities(self.pdef(pid))[args[1]])
            else:  # an ability of a card in hand (cycling)
                card = self.hand[p][args[0]]
                index = next(i for i, ab in enumerate(self.cdef(card).activated)
                             if ab.zone == "hand")
                self.casting = StackItem(sid=self._new_id(), kind="activated",
                                         controller=p, card=card, index=index,
                                         keywords=sorted(self.cdef(card).keywords))
                self.closed = []
        elif dk == "mulligan":
            self._mulligan(p, kind == "mulligan")
        elif dk == "bottom":
            card = self.hand[p].pop(args[0])
            self.library[p].insert(0, card)
            self.log("bottom", player=p)
            self.mull["bottom"] -= 1  # type: ignore[index]
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
                self._attackers_declared()
            else:
                pid = self.slots[args[0]]
                self.attackers[pid] = (p + args[1]) % self.num_players
                self.decision = {"kind": "attack", "player": p}
        elif dk == "block":
            if kind == "done":
                self._blocks_declared(p)
            else:
                self.decision = {"kind": "block_target", "player": p,
                                 "blocker": self.slots[args[0]]}
        elif dk == "block_target":
            blocker = d["blocker"]
            attacker = self.slots[args[0]]
            self.blocking[blocker] = attacker
            self.blocks.setdefault(attacker, []).append(blocker)
            self.log("block", player=p, blocker=blocker, attacker=attacker,
                     card=self.name_of(self.battlefield[blocker].card))
            self.decision = {"kind": "block", "player": p}
        elif dk == "yesno":
            res = self.res
            if kind == "yes":
                res["queue"].insert(0, res.pop("asking"))  # type: ignore[union-attr]
            else:
                res.pop("asking")  # type: ignore[union-attr]
        elif dk == "discard":
            self._discard(p, self.hand[p][args[0]])
            if self.res is not None and self.res.get("asks"):
                self.res["asks"][0][2] -= 1
        elif dk == "x":
            self.casting.x = args[0]  # type: ignore[union-attr]
        elif dk == "cost_sacrifice":
            self.casting.sacrificed.append(self.slots[args[0]])  # type: ignore[union-attr]
        elif dk == "cost_discard":
            self.casting.discarded.append(self.hand[p][args[0]])  # type: ignore[union-attr]
        elif dk == "sacrifice":
            self.move_permanents([self.slots[args[0]]], "graveyard")
            self.res["asks"][0][2] -= 1  # type: ignore[index]

    def _action_code(self, kind: str, args: tuple[int, ...], p: int) -> int:
        if kind == "player":
            return player_code((p + args[0]) % self.num_players)
        if kind == "permanent":
            return self.slots[args[0]]
        return self.stack[args[0]].sid

    def _discard(self, p: int, card: int) -> None:
        self.hand[p].remove(card)
        self.graveyard[p].append(card)
        self.log("discard", player=p, card=self.name_of(card))

    # --------------------------------------------------------------- driving
    def _run(self) -> None:
        """Advance until a player must decide something (or the game is over)."""
        while self.outcome is None:
            if self.decision is not None:
                legal = self.legal_actions()
                if self.auto_pass and len(legal) == 1 and legal[0] in (A.PASS, A.DONE):
                    self._act(legal[0])
                    continue
                return
            if self.casting is not None:
                self._sba_clean = False
                self._continue_casting()
            elif self.res is not None:
                self._sba_clean = False
                self._resume()
            elif self.stage == "mulligan":
                self._mulligan_step()
            elif self.stage == "tba":
                self._sba_clean = False
                self._turn_based()
            elif self.stage == "priority":
                if not self._sba_clean:
                    if self._state_based():
                        continue
                    self._sba_clean = True
                if self.outcome is not None:
                    return
                if self.pending_triggers:
                    self._put_triggers()
                    continue
                if self.lost[self.priority]:
                    self.priority = self._next_living(self.priority)
                self.decision = {"kind": "priority", "player": self.priority}
            else:
                raise AssertionError(self.stage)

    def _next_living(self, p: int) -> int:
        n = self.num_players
        for i in range(1, n + 1):
            q = (p + i) % n
            if not self.lost[q]:
                return q
        return p

    def _pass(self) -> None:
        self.passes += 1
        if self.passes < len(self.living()):
            self.priority = self._next_living(self.priority)
            return
        self.passes = 0
        self._sba_clean = False
        self.priority = self.active if not self.lost[self.active] else \
            self._next_living(self.active)
        if self.stack:
            self._start_resolution(self.stack.pop())
        else:
            self._next_step()

    def _give_priority_to_active(self) -> None:
        self.stage = "priority"
        self.passes = 0
        self.priority = self.active if not self.lost[self.active] else \
            self._next_living(self.active)

    # ---------------------------------------------------------- mulligans
    def _mulligan_step(self) -> None:
        m = self.mull
        if m["bottom"] > 0:  # type: ignore[index]
            self.decision = {"kind": "bottom", "player": m["order"][0]}  # type: ignore[index]
            return
        if m.get("kept"):  # type: ignore[union-attr]
            m["order"].pop(0)  # type: ignore[index]
            m["count"] = 0  # type: ignore[index]
            m["kept"] = False  # type: ignore[index]
        if not m["order"]:  # type: ignore[index]
            self.mull = None
            self._begin_turn(first=True)
            return
        self.decision = {"kind": "mulligan", "player": m["order"][0]}  # type: ignore[index]

    def _mulligan(self, p: int, again: bool) -> None:
        m = self.mull
        if again:
            m["count"] += 1  # type: ignore[index]
            self.library[p].extend(self.hand[p])
            self.hand[p].clear()
            self.dice.shuffle(self.library[p])
            for _ in range(7):
                self.draw(p, log=False)
            self.log("mulligan", player=p, count=m["count"])  # type: ignore[index]
        else:
            self.log("keep", player=p, mulligans=m["count"])  # type: ignore[index]
            m["bottom"] = min(m["count"], len(self.hand[p]))  # type: ignore[index]
            m["kept"] = True  # type: ignore[index]

    # ------------------------------------------------------------- turns
    def _begin_turn(self, first: bool = False) -> None:
        if first:
            self.turn = 1
            self.active = self.starting
        else:
            if self.turn >= self.max_turns:
                self._finish(None, "max_turns")
                return
            self.turn += 1
            self.active = self._next_living(self.active)
            self.first_turn = False
        self.land_played = False
        self.activated_this_turn = []
        self.step = "untap"
        self.stage = "tba"
        self.log("turn", player=self.active)

    def _next_step(self) -> None:
        i = STEPS.index(self.step)
        if self.step == "end_of_combat":
            self._clear_combat()
        if self.step == "cleanup":
            self._begin_turn()
            return
        nxt = STEPS[i + 1]
        if nxt == "declare_blockers" and not self.attackers:
            nxt = "end_of_combat"  # rule 508.8
        self.step = nxt
        self.stage = "tba"

    def _clear_combat(self) -> None:
        self.attackers.clear()
        self.blocks.clear()
        self.blocking.clear()
        self.blocked.clear()
        self.blockers_to_declare = []
        self.first_strike_step = False

    def _turn_based(self) -> None:
        """Turn-based actions on entering ``self.step``, then priority (or not)."""
        step = self.step
        a = self.active
        if step == "untap":
            for perm in self.battlefield.values():
                if perm.controller == a:
                    perm.tapped = False
                    perm.sick = False
            self.step = "upkeep"
            return
        if step == "upkeep":
            self._step_triggers("upkeep")
        elif step == "draw":
            if self.first_turn and a == self.starting:
                self.step = "main1"
                return
            if not self.lost[a]:
                self.draw(a)
        elif step == "declare_attackers":
            if not self.lost[a]:  # a player who left declares nothing (rule 800.4)
                self.stage = "attack"
                self.decision = {"kind": "attack", "player": a}
                return
        elif step == "declare_blockers":
            if self.blockers_to_declare:
                p = self.blockers_to_declare[0]
                self.decision = {"kind": "block", "player": p}
                return
        elif step == "first_strike_damage":
            strikers = [pid for pid in list(self.attackers) + list(self.blocking)
                        if self.keywords(pid) & {"first strike", "double strike"}]
            if not strikers:
                self.step = "combat_damage"
                return
            self.first_strike_step = True
            self._combat_damage(first=True)
        elif step == "combat_damage":
            self._combat_damage(first=False)
        elif step == "end":
            self._step_triggers("end_step")
        elif step == "cleanup":
            if len(self.hand[a]) > HAND_LIMIT and not self.lost[a]:
                self.decision = {"kind": "discard", "player": a}
                return
            for perm in self.battlefield.values():
                perm.damage = 0
                perm.deathtouched = False
                perm.mods.clear()
            self._begin_turn()
            return
        self._give_priority_to_active()

    def _attackers_declared(self) -> None:
        a = self.active
        for pid, defending in self.attackers.items():
            perm = self.battlefield[pid]
            if "vigilance" not in self.keywords(pid):
                perm.tapped = True
            self.log("attack", player=a, id=pid, card=self.name_of(perm.card),
                     defending=defending)
        self._attack_triggers()
        self.blockers_to_declare = [p for p in self._turn_order(a)
                                    if p in self.attackers.values()]
        self._give_priority_to_active()

    def _blocks_declared(self, p: int) -> None:
        for attacker, defending in self.attackers.items():
            blockers = self.blocks.get(attacker, [])
            if defending == p and len(blockers) == 1 \
                    and "menace" in self.keywords(attacker):
                blocker = blockers.pop()
                del self.blocking[blocker]
                self.log("block_removed", player=p, blocker=blocker, attacker=attacker,
                         reason="menace")
        # An attacker stays blocked even if its blockers leave (rule 509.1h).
        for attacker, blockers in self.blocks.items():
            if blockers and attacker not in self.blocked:
                self.blocked.append(attacker)
        self.blockers_to_declare.pop(0)
        if self.blockers_to_declare:
            self.decision = {"kind": "block", "player": self.blockers_to_declare[0]}
            return
        self._give_priority_to_active()

    def _combat_damage(self, first: bool) -> None:
        def deals(pid: int) -> bool:
            kws = self.keywords(pid)
            if first:
                return bool(kws & {"first strike", "double strike"})
            if not self.first_strike_step:
                return True
            return "double strike" in kws or "first strike" not in kws

        by_source: list[tuple[int, list[tuple[int, int]]]] = []
        for attacker, defending in self.attackers.items():
            if not deals(attacker):
                continue
            power, _, kws = self.chars(attacker)
            blockers = []
            for b in self.blocks.get(attacker, []):
                _, tough, _ = self.chars(b)
                blockers.append((b, tough - self.battlefield[b].damage))
            hits = assign_attacker_damage(
                power, blockers, trample="trample" in kws, deathtouch="deathtouch" in kws,
                blocked=attacker in self.blocked, player=player_code(defending))
            by_source.append((attacker, hits))
        for blocker, attacker in self.blocking.items():
            if deals(blocker) and attacker in self.battlefield:
                power = self.chars(blocker)[0]
                if power > 0:
                    by_source.append((blocker, [(attacker, power)]))
        snapshot = [(pid, self.battlefield[pid].controller, self.keywords(pid),
                     self.name_of(self.battlefield[pid].card)) for pid, _ in by_source]
        for (_, hits), (_, controller, kws, name) in zip(by_source, snapshot, strict=True):
            self._deal_damage(hits, controller, kws, name, combat=True)

    # ---------------------------------------------------- casting, activating
    def _cast(self, p: int, card: int) -> None:
        d = self.cdef(card)
        if "Land" in d.types:
            self.hand[p].remove(card)
            self.land_played = True
            self.log("play_land", player=p, card=d.name)
            self._put_onto_battlefield(card, p)
            return
        self.hand[p].remove(card)
        self.casting = StackItem(sid=self._new_id(), kind="spell", controller=p, card=card,
                                 keywords=sorted(d.keywords),
                                 x=-1 if d.cost is not None and d.cost.x else 0)
        self.closed = []

    def _activate(self, p: int, pid: int, k: int) -> None:
        perm = self.battlefield[pid]
        self.casting = StackItem(sid=self._new_id(), kind="activated", controller=p,
                                 card=perm.card, source=pid, index=k,
                                 keywords=sorted(self.keywords(pid)))
        self.closed = []

    def _cost_of(self, item: StackItem) -> fx.Cost | None:
        d = self.cdef(item.card)
        if item.kind == "spell":
            return d.spell.additional_cost if d.spell is not None else None
        if item.kind == "activated":
            return d.activated[item.index].cost
        return None

    def _continue_casting(self) -> None:
        item = self.casting
        assert item is not None
        if item.x < 0:  # X is announced first (rule 601.2b)
            self.decision = {"kind": "x", "player": item.controller}
            return
        choice = self._next_choice(self.effect_of(item), "", item)
        if choice is not None:
            kind, path, _ = choice
            self.decision = {"kind": kind, "player": item.controller, "path": path}
            return
        cost = self._cost_of(item)
        p = item.controller
        if cost is not None and cost.sacrifice is not None and not item.sacrificed:
            self.decision = {"kind": "cost_sacrifice", "player": p,
                             "options": self._sacrifice_options(p, cost, item.source)}
            return
        if cost is not None and len(item.discarded) < cost.discard:
            self.decision = {"kind": "cost_discard", "player": p}
            return
        self.casting = None
        self.closed = []
        d = self.cdef(item.card)
        if item.kind == "spell":
            self._pay(self._payment(p, with_x(d.cost, item.x), skip_card=item.card), p)
            self.log("cast", player=p, card=d.name, id=item.sid,
                     targets=self._target_names(item), **({"x": item.x} if d.cost and
                                                           d.cost.x else {}))
        elif item.kind == "activated":
            ab = d.activated[item.index]
            source = item.source
            if ab.cost.tap:
                self.battlefield[source].tapped = True
            if ab.cost.mana is not None:
                self._pay(self._payment(p, ab.cost.mana, skip_card=item.card
                                        if source is None else None), p)
            if ab.once_per_turn:
                self.activated_this_turn.append([source, item.index])
            self.log("activate", player=p, card=d.name, id=item.sid,
                     targets=self._target_names(item))
            if ab.cost.sacrifice_self:
                self.move_permanents([source], "graveyard")
            if ab.cost.discard_self:
                self._discard(p, item.card)
        else:
            self.log("trigger", player=p, card=d.name, id=item.sid,
                     targets=self._target_names(item))
        if cost is not None:
            if cost.pay_life:
                self.lose_life(p, cost.pay_life)
            if item.sacrificed:
                self.move_permanents(list(item.sacrificed), "graveyard")
            for card in item.discarded:
                self._discard(p, card)
        self.stack.append(item)
        if item.kind != "triggered":
            self.stage = "priority"
            self.passes = 0
            self.priority = p

    def _target_names(self, item: StackItem) -> list[Any]:
        out: list[Any] = []
        for codes in item.targets.values():
            for c in codes:
                if c < 0:
                    out.append({"player": code_player(c)})
                elif c in self.battlefield:
                    out.append({"id": c, "card": self.name_of(self.battlefield[c].card)})
                else:
                    out.append({"id": c})
        return out

    # ------------------------------------------------------------ resolution
    def _start_resolution(self, item: StackItem) -> None:
        d = self.cdef(item.card)
        effect = self.effect_of(item)
        chosen = [(path, c) for path, codes in item.targets.items() for c in codes]
        if chosen:
            legal = [c for path, c in chosen if self._legal_target(
                selector_of(self.node_at(effect, path)), c, item)]
            if not legal:
                self.log("fizzle", card=d.name, id=item.sid)
                if item.kind == "spell":
                    self.graveyard[self.card_owner[item.card]].append(item.card)
                return
        self.log("resolve", card=d.name, id=item.sid, player=item.controller)
        if item.kind == "spell" and effect is None:
            self._put_onto_battlefield(item.card, item.controller)
            return
        self.res = {"item": item, "queue": [""], "it": item.it,
                    "it_controller": item.it_controller, "asks": []}
        if item.kind == "triggered" and d.triggered[item.index].optional:
            self.res["queue"] = []
            self.res["asking"] = ""
            self.decision = {"kind": "yesno", "player": item.controller}

    def _resume(self) -> None:
        res = self.res
        assert res is not None
        item: StackItem = res["item"]
        root = self.effect_of(item)
        asks = res["asks"]
        while asks:
            what, p, left, path = asks[0]
            node = self.node_at(root, path)
            if what == "discard":
                if left > 0 and self.hand[p] and not self.lost[p]:
                    self.decision = {"kind": "discard", "player": p}
                    return
            else:
                options = [pid for pid, perm in self.battlefield.items()
                           if perm.controller == p and perm.slot >= 0
                           and self.matches(node.filter, pid, p)]
                if left > 0 and options and not self.lost[p]:
                    if len(options) <= left:
                        self.move_permanents(options, "graveyard")
                    else:
                        self.decision = {"kind": "sacrifice", "player": p,
                                         "options": options}
                        return
            asks.pop(0)
        queue = res["queue"]
        while queue:
            path = queue.pop(0)
            node = self.node_at(root, path)
            if isinstance(node, fx.Sequence):
                queue[:0] = [self._child(path, i) for i in range(len(node.steps))]
            elif isinstance(node, fx.Choose):
                queue[:0] = [self._child(path, m) for m in item.modes.get(path, [])]
            elif isinstance(node, fx.MayDo):
                res["asking"] = self._child(path, 0)
                self.decision = {"kind": "yesno", "player": item.controller}
                return
            elif isinstance(node, fx.Discard):
                for p in self.select_players(node.who, path):
                    if node.at_random:
                        for _ in range(self.amount(node.count)):
                            if self.hand[p]:
                                self._discard(p, self.hand[p][self.dice.index(
                                    len(self.hand[p]))])
                    else:
                        asks.append(["discard", p, self.amount(node.count), path])
                if asks:
                    return
            elif isinstance(node, fx.Sacrifice):
                for p in self.select_players(node.who, path):
                    asks.append(["sacrifice", p, node.count, path])
                return
            else:
                execute(self, node, path)
        self.res = None
        d = self.cdef(item.card)
        if item.kind == "spell":
            if "Aura" in d.subtypes:
                host = next((c for c in item.targets.get("", []) if c in self.battlefield),
                            None)
                if host is not None:
                    self._put_onto_battlefield(item.card, item.controller,
                                               attached_to=host)
                    return
            self.graveyard[self.card_owner[item.card]].append(item.card)

    # -------------------------------------------------------- state-based
    def _state_based(self) -> bool:
        """Perform state-based actions (rule 704) until none apply; True if any did."""
        any_done = False
        while True:
            done = False
            losers = [p for p in self.living() if self.life[p] <= 0 or self.drew_empty[p]]
            to_grave: list[int] = []
            to_destroy: list[int] = []
            unattach: list[int] = []
            for pid, perm in self.battlefield.items():
                d = self.defs[self.card_def[perm.card]]
                if "Creature" in d.types:
                    _, tough, kws = self.chars(pid)
                    if tough <= 0:
                        to_grave.append(pid)
                    elif (perm.damage >= tough or perm.deathtouched) \
                            and "indestructible" not in kws:
                        to_destroy.append(pid)
                host = perm.attached_to
                if "Aura" in d.subtypes:
                    if host is None or host not in self.battlefield or not self.matches(
                            d.enchant, host, perm.controller):
                        to_grave.append(pid)
                elif host is not None and (host not in self.battlefield
                                           or not self.is_creature(host)):
                    unattach.append(pid)
                c = perm.counters
                if c.get("+1/+1") and c.get("-1/-1"):
                    n = min(c["+1/+1"], c["-1/-1"])
                    c["+1/+1"] -= n
                    c["-1/-1"] -= n
                    done = True
            # legend rule: the controller keeps the newest of each name
            seen: dict[tuple[int, str], int] = {}
            for pid, perm in self.battlefield.items():
                d = self.defs[self.card_def[perm.card]]
                if "Legendary" in d.supertypes:
                    key = (perm.controller, d.name)
                    if key in seen:
                        to_grave.append(seen[key])
                    seen[key] = pid
            tokens_gone = self._remove_tokens()
            for pid in unattach:
                self.battlefield[pid].attached_to = None
                self._bf_version += 1
                self.log("unattach", id=pid)
            for pid in dict.fromkeys(to_destroy):
                self.log("destroy", card=self.name_of(self.battlefield[pid].card), id=pid,
                         reason="damage")
            dying = list(dict.fromkeys(to_grave + to_destroy))
            if dying:
                self.move_permanents(dying, "graveyard")
            for p in losers:
                self._lose(p, check_end=False)
            alive = self.living()
            if losers and len(alive) <= 1:
                # Players who lose at the same time all lose: none left is a draw.
                self._finish(alive[0] if alive else None, "last player standing")
            done = done or bool(losers or dying or unattach or tokens_gone)
            if not done:
                break
            any_done = True
            if self.outcome is not None:
                break
        if any_done:
            self._legal = None
        return any_done

    def _remove_tokens(self) -> bool:
        if not self._token_left:
            return False
        self._token_left = False
        gone = False
        for zone in (self.hand, self.graveyard, self.exile, self.library):
            for pile in zone:
                keep = [c for c in pile if not self.card_token[c]]
                if len(keep) != len(pile):
                    gone = True
                    pile[:] = keep
        return gone

    def _lose(self, p: int, *, check_end: bool = True) -> None:
        self.lost[p] = True
        self.log("lose", player=p,
                 reason="life" if self.life[p] <= 0 else "empty library")
        for pid, perm in list(self.battlefield.items()):
            if self.card_owner[perm.card] == p:
                self._leave(pid, "exile")
        for s in list(self.stack):
            if s.controller == p:
                self.stack.remove(s)
                if s.kind == "spell":
                    self.exile[p].append(s.card)
        self.pending_triggers = [t for t in self.pending_triggers if t["controller"] != p]
        for pid, defending in list(self.attackers.items()):
            if defending == p:
                del self.attackers[pid]
                self.blocks.pop(pid, None)
        if p in self.blockers_to_declare:
            self.blockers_to_declare.remove(p)
        alive = self.living()
        if check_end and len(alive) <= 1:
            self._finish(alive[0] if alive else None, "last player standing")

    def _finish(self, winner: int | None, reason: str) -> None:
        truncated = reason in ("max_turns", "max_actions")
        self.outcome = "truncated" if truncated else ("win" if winner is not None
                                                      else "draw")
        self.winner = winner
        self.decision = None
        self._legal = None
        self.log("game_over", reason=reason, winner=winner, returns=self.returns(),
                 truncated=truncated)

    def returns(self) -> list[float]:
        if self.outcome is None or self.winner is None:
            return [0.0] * self.num_players
        return [1.0 if p == self.winner else -1.0 for p in range(self.num_players)]

    # --------------------------------------------------------------- logging
    # ------------------------------------------------------ names and views
    def action_to_string(self, action: int) -> str:
        kind, args = A.decode(int(action))
        p = self.decision["player"] if self.decision else self.active
        if kind in ("pass", "done", "yes", "no", "keep", "mulligan"):
            return kind
        if kind in ("cast", "hand", "hand_ability"):
            i = args[0]
            name = self.name_of(self.hand[p][i]) if i < len(self.hand[p]) else "?"
            if kind == "hand_ability":
                return f"activate hand {i} ({name}) from the hand"
            if kind == "hand":
                verb = (self.decision or {}).get("kind", "choose")
                return f"{verb} hand {i} ({name})"
            return f"{'play' if name != '?' and self._is_land(self.hand[p][i]) else 'cast'}" \
                   f" hand {i} ({name})"
        if kind == "player":
            return f"player {(p + args[0]) % self.num_players} (relative {args[0]})"
        if kind == "stack":
            s = args[0]
            name = self.name_of(self.stack[s].card) if s < len(self.stack) else "?"
            return f"stack {s} ({name})"
        if kind == "mode":
            if self.decision is not None and self.decision["kind"] == "x":
                return f"X = {args[0]}"
            return f"mode {args[0]}"
        name = self._slot_name(args[0])
        if kind == "activate":
            return f"activate {name} ability {args[1]}"
        if kind == "permanent":
            return f"permanent {name}"
        if kind == "attack":
            return f"attack with {name} -> player {(p + args[1]) % self.num_players}"
        return f"block with {name}"

    def _is_land(self, card: int) -> bool:
        return "Land" in self.cdef(card).types

    def _slot_name(self, slot: int) -> str:
        pid = self.slots[slot] if slot < len(self.slots) else -1
        if pid < 0 or pid not in self.battlefield:
            return f"slot {slot} (empty)"
        return f"slot {slot} ({self.name_of(self.battlefield[pid].card)})"

    def _perm_view(self, pid: int) -> dict[str, Any]:
        perm = self.battlefield[pid]
        d = self.pdef(pid)
        view: dict[str, Any] = {
            "id": pid, "slot": perm.slot, "card": d.name, "controller": perm.controller,
            "types": list(d.types), "tapped": perm.tapped, "sick": perm.sick,
            "counters": {k: v for k, v in perm.counters.items() if v},
            "attached_to": perm.attached_to, "token": self.card_token[perm.card],
        }
        if "Creature" in d.types:
            power, tough, kws = self.chars(pid)
            view.update(power=power, toughness=tough, damage=perm.damage,
                        keywords=sorted(kws), attacking=self.attackers.get(pid),
                        blocking=self.blocking.get(pid))
        return view

    def _item_view(self, item: StackItem) -> dict[str, Any]:
        return {"id": item.sid, "kind": item.kind, "card": self.name_of(item.card),
                "controller": item.controller, "targets": self._target_names(item),
                "modes": {k: list(v) for k, v in item.modes.items()}}

    def observation_for(self, player: int) -> dict[str, Any]:
        decision = None
        if self.decision is not None:
            decision = {k: v for k, v in self.decision.items()}
            if "options" in decision:
                decision["options"] = list(decision["options"])
        return {
            "player": player,
            "turn": self.turn,
            "active": self.active,
            "step": self.step,
            "to_act": None if self.outcome else self.current_player(),
            "decision": decision,
            "casting": self._item_view(self.casting) if self.casting else None,
            "life": list(self.life),
            "lost": list(self.lost),
            "hand": [self.name_of(c) for c in self.hand[player]],
            "hand_sizes": [len(h) for h in self.hand],
            "library_sizes": [len(lib) for lib in self.library],
            "graveyards": [[self.name_of(c) for c in g] for g in self.graveyard],
            "exiles": [[self.name_of(c) for c in e] for e in self.exile],
            "battlefield": [self._perm_view(pid) for pid in self.battlefield],
            "stack": [self._item_view(s) for s in self.stack],
            "land_played": self.land_played,
            "outcome": self.outcome,
            "winner": self.winner,
            "returns": self.returns(),
            "legal_actions": self.legal_actions_named(player),
        }

    # ---------------------------------------------------- copies and views
    def clone(self) -> MagicGame:
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.dice = self.dice.copy()
        new.events = self.events[:]
        new.card_def = self.card_def[:]
        new.card_owner = self.card_owner[:]
        new.card_token = self.card_token[:]
        new.defs = self.defs[:]
        new._def_index = dict(self._def_index)
        for zone in ZONES:
            setattr(new, zone, [pile[:] for pile in getattr(self, zone)])
        new.life = self.life[:]
        new.lost = self.lost[:]
        new.drew_empty = self.drew_empty[:]
        new.battlefield = {pid: perm.copy() for pid, perm in self.battlefield.items()}
        new.slots = self.slots[:]
        new.activated_this_turn = [x[:] for x in self.activated_this_turn]
        new.stack = [s.copy() for s in self.stack]
        new.attackers = dict(self.attackers)
        new.blocks = {k: v[:] for k, v in self.blocks.items()}
        new.blocking = dict(self.blocking)
        new.blocked = self.blocked[:]
        new.blockers_to_declare = self.blockers_to_declare[:]
        new.pending_triggers = [dict(t) for t in self.pending_triggers]
        new.decision = copy.deepcopy(self.decision)
        new.casting = self.casting.copy() if self.casting else None
        new.closed = self.closed[:]
        if self.res is not None:
            res = copy.deepcopy({k: v for k, v in self.res.items() if k != "item"})
            res["item"] = self.res["item"].copy()
            new.res = res
        new.mull = copy.deepcopy(self.mull)
        new._legal = None
        new._static_version = -1
        return new

    def determinize(self, player: int, rng: np.random.Generator) -> MagicGame:
        """Resample what ``player`` cannot see: the order of its own library, and each
        opponent's hand and library from that opponent's cards in them (sizes kept).

        The engine does not track cards a player saw leave public view (a card put
        on the bottom after a mulligan, a card returned to an opponent's hand); those
        are resampled too.
        """
        new = self.clone()
        new.dice = Dice(np.random.default_rng(int(rng.integers(2**63))))
        new.dice.shuffle(new.library[player])
        # Cards an opponent is using right now (cycling it, discarding it for a cost)
        # have been shown: they stay in that hand.
        shown: set[int] = set()
        if new.casting is not None:
            shown.update([new.casting.card, *new.casting.discarded])
        for q in range(new.num_players):
            if q == player:
                continue
            kept = [c for c in new.hand[q] if c in shown]
            pool = [c for c in new.hand[q] if c not in shown] + new.library[q]
            new.dice.shuffle(pool)
            k = len(new.hand[q]) - len(kept)
            new.hand[q] = kept + pool[:k]
            new.library[q] = pool[k:]
        new._legal = None
        return new

    # ---------------------------------------------------------- serialising
    def to_dict(self) -> dict[str, Any]:
        from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

        pool = compiled_pool().supported
        defs = [{"pool": d.name} if pool.get(d.name) == d else {"def": encode(d)}
                for d in self.defs]
        res = None
        if self.res is not None:
            res = {k: v for k, v in self.res.items() if k != "item"}
            res["item"] = _item_dict(self.res["item"])
        return copy.deepcopy({
            "num_players": self.num_players, "max_turns": self.max_turns,
            "max_actions": self.max_actions, "start_life": self.start_life,
            "dice": self.dice.state(), "events": self.events, "defs": defs,
            "card_def": self.card_def, "card_owner": self.card_owner,
            "card_token": self.card_token,
            **{zone: getattr(self, zone) for zone in ZONES},
            "life": self.life, "lost": self.lost, "drew_empty": self.drew_empty,
            "battlefield": [_perm_dict(p) for p in self.battlefield.values()],
            "slots": self.slots, "stack": [_item_dict(s) for s in self.stack],
            "next_id": self.next_id, "turn": self.turn, "active": self.active,
            "starting": self.starting, "step": self.step, "stage": self.stage,
            "priority": self.priority, "passes": self.passes,
            "land_played": self.land_played, "first_turn": self.first_turn,
            "activated_this_turn": self.activated_this_turn,
            "attackers": [[k, v] for k, v in self.attackers.items()],
            "blocks": [[k, v] for k, v in self.blocks.items()],
            "blocking": [[k, v] for k, v in self.blocking.items()],
            "blocked": self.blocked, "blockers_to_declare": self.blockers_to_declare,
            "first_strike_step": self.first_strike_step,
            "pending_triggers": self.pending_triggers, "decision": self.decision,
            "casting": _item_dict(self.casting) if self.casting else None,
            "closed": self.closed, "res": res, "mull": self.mull,
            "actions_taken": self.actions_taken, "auto_pass": self.auto_pass,
            "outcome": self.outcome,
            "winner": self.winner,
        })

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MagicGame:
        from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

        data = copy.deepcopy(data)
        game = cls.__new__(cls)
        game._init_empty(Dice.from_state(data["dice"]), data["num_players"],
                         data["start_life"], data["max_turns"], data["max_actions"])
        game.events = data["events"]
        game._token_left = True  # cheap: the next check looks for tokens once
        for entry in data["defs"]:
            d = compiled_pool().supported[entry["pool"]] if "pool" in entry \
                else decode(entry["def"])
            game._def_index[d] = len(game.defs)
            game.defs.append(d)
        for key in ("card_def", "card_owner", "card_token", *ZONES, "life", "lost",
                    "drew_empty", "slots", "next_id", "turn", "active", "starting",
                    "step", "stage", "priority", "passes", "land_played", "first_turn",
                    "activated_this_turn",
                    "blocked", "blockers_to_declare", "first_strike_step",
                    "pending_triggers", "decision", "closed", "mull", "actions_taken",
                    "outcome", "winner", "auto_pass"):
            setattr(game, key, data[key])
        game.battlefield = {p["pid"]: Permanent(**p) for p in data["battlefield"]}
        game.stack = [StackItem(**s) for s in data["stack"]]
        game.attackers = {k: v for k, v in data["attackers"]}
        game.blocks = {k: v for k, v in data["blocks"]}
        game.blocking = {k: v for k, v in data["blocking"]}
        game.casting = StackItem(**data["casting"]) if data["casting"] else None
        if data["res"] is not None:
            res = data["res"]
            res["item"] = StackItem(**res["item"])
            game.res = res
        return game


def with_x(cost: ManaCost | None, x: int) -> ManaCost | None:
    """``cost`` with each ``{X}`` paid as ``x`` generic mana."""
    if cost is None or not cost.x:
        return cost
    return dataclasses.replace(cost, generic=cost.generic + cost.x * max(x, 0), x=0)


def battlefield_abilities(d: fx.CardDef) -> list[int]:
    """Indices in ``d.activated`` of the abilities activated from the battlefield by an
    action (mana abilities are automatic; hand abilities have their own actions)."""
    return [i for i, ab in enumerate(d.activated)
            if not ab.is_mana and ab.zone == "battlefield"]


def _perm_dict(perm: Permanent) -> dict[str, Any]:
    return dict(perm.copy().__dict__)


def _item_dict(item: StackItem) -> dict[str, Any]:
    return dict(item.copy().__dict__)


def new_game(rng: np.random.Generator | int | None = None, num_players: int = 2,
             decks: list[list[str | fx.CardDef]] | None = None,
             **kwargs: Any) -> MagicGame:
    """A new game (see :meth:`MagicGame.new` for the keyword arguments)."""
    return MagicGame.new(rng, num_players=num_players, decks=decks, **kwargs)


__all__ = ["DEFAULT_DECK", "STEPS", "MagicGame", "card_def", "default_deck", "new_game",
           "sample_deck", "sample_decks"]
