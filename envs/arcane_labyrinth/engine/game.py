"""The Arcane Labyrinth (V6) on the Magic card engine: a solo Hero against an
automated 100-card Labyrinth.

:class:`ArcaneGame` is a :class:`~labyrinth_gym.envs.magic.engine.game.MagicGame` of
two seats: seat 0 (:data:`HERO`) is the player, seat 1 (:data:`LAB`) the Labyrinth, an
*automated seat* whose every decision the game makes itself with its dice
(:meth:`ArcaneGame._automatic_action`), so only the player is ever asked. Everything
else is Magic as the card engine plays it (priority, the stack, combat, triggers,
state-based actions); what this format changes is written here, each rule of the
document and of the project's rulings.

**Set-up.** The Hero (a legendary creature or planeswalker) starts on the
battlefield, cast for nothing, able to attack from the first turn (a planeswalker with
its printed loyalty); the player has 20 life, the Hero's
health. The 60-card Vanguard is shuffled and seven cards drawn (London mulligans
offered); the Secret Shop deck is shuffled (its order is hidden). The Labyrinth's 99
other cards are shuffled; its final boss is set aside below them ("outside of the
deck"): never milled, never shuffled, not counted in its library size.

**Rounds.** Round T = 1, 2, 3 are *safe turns*: the player's turn only (no draw on
turn 1), with no combat phase; the Labyrinth does not untap, reveal or act (burn and
mill aimed at it still work). From round 4, each round is the Labyrinth's turn, then
the player's turn T. The game is truncated after player turn ``max_turns`` (60).

**The Labyrinth's turn.** Untap step: its permanents untap and its face-down
creature cards turn face up for free. Draw step (the reveal step): it reveals the top
card of its library, then the next, 2 in all (3 under Entropy Draw), one at a time;
each goes on the stack and every player passes (the player may respond with instants
and abilities) before the next is revealed. A face-down non-creature card of the
Labyrinth is revealed first, as an extra reveal. A land does not use the stack (rule
305.1): it enters untapped under the player's control (the Labyrinth still owns it: it
goes to the Labyrinth's graveyard when it leaves) and the Secret Shop opens at the
start of this turn's end step. Creatures enter with haste, attack the player in every
combat they can and never block (every Labyrinth creature has haste). Spells and
abilities choose modes and targets with the game's dice, when they go on the stack:

- targets uniformly among the legal ones the *player* controls (the player too, for
  "any target" and "target player"); an effect that helps its target (a pump,
  +1/+1 counters, untapping, life gain, cards, a beneficial Aura, a regeneration
  shield, preventing damage to it) among the
  Labyrinth's own instead. A revealed card with a required target and no legal one
  among those has no effect: it goes to the graveyard, the reveal is spent;
- the fewest modes the card allows (at least one), each uniformly among the modes
  whose targets can be chosen; "you may" and optional triggers: yes on a d6 of 4+;
- X is 0 and no cost is paid: the Labyrinth never uses mana and skips additional
  costs (no card in the engine's vocabulary reads a paid cost back); it never
  activates abilities;
- manifest dread keeps the higher mana value of the top two (ties: the top card);
  devour: a d6 of 4+ devours, then a second d6 says how many of its other creatures
  (chosen at random) are eaten;
- sacrifices it is made to do pick at random;
- combat damage of an attacker blocked by several creatures is divided by the
  engine's default (lethal damage to each blocker in the order declared, then the rest
  to the player with trample, else to the last blocker given damage); of two
  legendary permanents with one name it keeps the newest (704.5j).

Then combat (the player declares blockers), main 2, and the end step, where the shop
opens if a land was revealed this turn.

**The Labyrinth has no life and no hand.** Damage dealt to it (combat or not) is
dealt (lifelink still gains its controller life), then mills that many cards; life it
would lose mills that many too. Life it would gain returns that many cards from the
top of its graveyard to its library, which is then shuffled; a card returned this way
a third time is exiled instead. A draw does nothing; a discard mills that many; a
Labyrinth permanent returned to its owner's hand goes on top of its library, and so
does any other card that would be put into its hand (a land its own search finds: a
search that then shuffles shuffles it in; a card returned from its graveyard). It never
loses the game.

**The Hero.** It is a creature the player controls and blocks as one. Damage dealt to
the Hero is also lost as life, except combat damage from the attacker it blocks when
its toughness is greater than that attacker's power (a successful block). It cannot
leave the battlefield: anything that would move it (lethal damage, toughness 0,
destroy, exile, bounce, sacrifice, the legend rule) *exhausts* it instead, and so does
blocking a creature with deathtouch (as blockers are declared: the attacker stays
blocked and with trample deals all its damage to the player). An exhausted Hero is
held in exile: no abilities, no blocks; Equipment on it falls off and stays, Auras go
to the graveyard, counters and effects are gone. At the start of the player's next
upkeep it returns to the battlefield, a new object at its base stats (it entered this
turn, so it cannot attack until the next one).

A planeswalker Hero uses its loyalty abilities as in Magic (one a turn, as a sorcery)
and blocks with toughness equal to its loyalty and no power. Damage dealt to it removes
that much loyalty and is lost as life as above (none for a successful block, judged
before the damage); at 0 loyalty it is exhausted, and it returns at its printed
loyalty. The Labyrinth's creatures attack the player, never a planeswalker (a
ruling: the player defends by blocking); "any target" burn may pick any planeswalker
the player controls.

**Random encounters.** At the start of the player's upkeep of rounds 3, 6, 9, ...
(after an exhausted Hero returns) a d20: 1-6 Tragic Failure: the player sacrifices its
strongest non-land permanent other than the Hero (highest mana value, then creatures
above non-creatures, then highest power; ties by the die); with none, discards a land
card (the player's choice), or with none sacrifices a land (the player's choice), or
with none loses 3 life. 7-15 nothing. 16-19 Loot: draw a card, create a Treasure and
a Food. 20 Mythic Treasure: the top card of the shop to the hand for free, draw a
card, a Treasure and a Food, gain 3 life.

**The Secret Shop.** The top 3 shop cards are revealed; the player buys at most one
(``"shop"``: mode ``i`` buys revealed card ``i``, "done" buys nothing) by sacrificing
lands (``"shop_land"``: one land at a time, only lands that still leave a way to pay)
whose number is its mana value and that can produce its coloured pips (each coloured
pip needs its own land; tapped lands count). The card goes to the hand; the others go
to the bottom of the shop deck in the order revealed.

**The final boss.** When the Labyrinth is to reveal a card and its library is empty,
it reveals the boss (if it has not arrived yet), which enters the battlefield directly
(it is the last room, not a spell: it cannot be countered) with +10/+10 if this is
round 9 or earlier, else +5/+5 if round 14 or earlier, for as long as it stays. On its
first arrival it takes the highest-mana-value Equipment left in the shop (ties: the one
nearest the top), which enters under the Labyrinth's control attached to it (no
Equipment: the highest-mana-value artifact enters unattached; an empty shop gives
nothing). A boss returned to the library goes on top (shuffles keep it in place) and
arrives again when revealed, its buff judged again and its Equipment re-attached. The
player wins when the Labyrinth's library is empty and the boss has arrived and is no
longer on the battlefield; loses at 0 life or by drawing from an empty library.

**Difficulty mods** (off by default): ``entropy_draw`` - 3 reveals a turn if, as the
reveal step begins, the player controls 10 or more creatures (the Hero counts) or one
with power 10 or more; ``desperation`` - Labyrinth creatures have trample while its
library holds fewer than 50 cards.

**Seats and returns.** Seat 1 never acts; the game reports the player's result for
both seats (+1 win, -1 loss, 0 truncated), the contract's convention for a solo game.
"""

from __future__ import annotations

import copy
import itertools
from functools import cache
from typing import Any

import numpy as np

from labyrinth_gym.envs.arcane_labyrinth.engine.decks import (
    HeroKit,
    Labyrinth,
    land_colours,
    load_hero,
    load_labyrinth,
)
from labyrinth_gym.envs.core.arguments import boolean
from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame, card_def, table_arguments
from labyrinth_gym.envs.magic.engine.state import StackItem, code_player

HERO = 0
"""The player's seat."""
LAB = 1
"""The Labyrinth's seat (automated)."""
SAFE_TURNS = 3
REVEALS = 2
ENTROPY_REVEALS = 3
SHOP_REVEAL = 3
ENCOUNTER_EVERY = 3
DESPERATION_BELOW = 50
RETURN_LIMIT = 2
"""A card returned to the library by life gain this many times is exiled the next."""
_HASTE = frozenset({"haste"})
_HASTE_TRAMPLE = frozenset({"haste", "trample"})
CUSTOM_DECISIONS = ("shop", "shop_land", "encounter_discard", "encounter_sacrifice")


def _predefined(name: str) -> fx.TokenSpec:
    from labyrinth_gym.envs.magic.engine.text.phrases import PREDEFINED_TOKENS

    return PREDEFINED_TOKENS[name]


# --------------------------------------------------------- helpful targets
def _helps(node: Any, d: fx.CardDef) -> bool:
    """Whether effect ``node`` helps what it targets (the Labyrinth then aims it at
    its own side)."""
    if isinstance(node, fx.Pump):  # (a counted pump by the sign it is counted with)
        return all((v.times if isinstance(v, fx.Count) else v) >= 0
                   for v in (node.power, node.toughness))
    if isinstance(node, fx.AddCounters):
        return node.counter == "+1/+1"
    if isinstance(node, fx.TapOrUntap):
        return not node.tap
    if isinstance(node, (fx.GainLife, fx.Draw, fx.Regenerate)):
        return True
    if isinstance(node, fx.PreventDamage):  # to its target helps; by it hinders
        return not node.by_what
    if isinstance(node, fx.Attach):
        bonuses = [s for s in d.statics if isinstance(s, fx.AttachedBonus)]
        return bool(bonuses) and all(
            b.power >= 0 and b.toughness >= 0 and not b.cant_attack and not b.cant_block
            for b in bonuses)
    return False


@cache
def helpful_targets(d: fx.CardDef, kind: str, index: int) -> frozenset[fx.Target]:
    """The target specs of a card's spell / ability that help what they target."""
    from labyrinth_gym.envs.magic.engine.resolve import selector_of

    if kind == "spell":
        root = d.spell.effect if d.spell is not None else (
            fx.Attach(fx.Target("permanent", d.enchant)) if d.enchant is not None
            else None)
    elif kind == "activated":
        root = d.activated[index].effect
    else:
        root = d.triggered[index].effect
    good: set[fx.Target] = set()
    bad: set[fx.Target] = set()

    def walk(node: Any) -> None:
        if isinstance(node, fx.Sequence):
            for s in node.steps:
                walk(s)
        elif isinstance(node, fx.Choose):
            for m in node.modes:
                walk(m)
        elif isinstance(node, fx.MayDo):
            walk(node.effect)
        elif node is not None:
            sel = selector_of(node)
            if isinstance(sel, fx.Target):
                (good if _helps(node, d) else bad).add(sel)

    walk(root)
    return frozenset(good - bad)


class ArcaneGame(MagicGame):
    """A game of the Arcane Labyrinth; build one with :meth:`new` (see the module
    docstring for the rules)."""

    automated_seats = frozenset({LAB})

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, rng: np.random.Generator | int | None = None, *,  # type: ignore[override]
            hero: str | HeroKit = "white_knight",
            labyrinth: str | Labyrinth = "goblin_warrens",
            entropy_draw: bool = False, desperation: bool = False, max_turns: int = 60,
            max_actions: int = 20000, mulligan: bool = True,
            opening_hand: int = 7) -> ArcaneGame:
        """A new game.

        Args:
            rng: Seed or generator of the game's dice.
            hero: A Hero kit (a shipped kit's name, a file path or a
                :class:`~decks.HeroKit`).
            labyrinth: A Labyrinth (a shipped one's name, a path or a
                :class:`~decks.Labyrinth`).
            entropy_draw, desperation: The difficulty mods.
            max_turns: Player turns before truncation.
            max_actions: Player actions before truncation.
            mulligan: Offer London mulligans.
            opening_hand: Cards drawn at the start.
        """
        entropy_draw = boolean("entropy_draw", entropy_draw)
        desperation = boolean("desperation", desperation)
        max_turns, max_actions, mulligan, opening_hand = table_arguments(
            max_turns, max_actions, mulligan, opening_hand)
        kit = load_hero(hero)
        lab = load_labyrinth(labyrinth)
        game = cls.__new__(cls)
        game._init_empty(Dice(rng), 2, 20, 10**9, max_actions)
        game._init_arcane(entropy_draw, desperation, max_turns)
        game.hero_kit, game.labyrinth_name = kit.name, lab.name
        game.hero_card = game._new_card(card_def(kit.hero), HERO)
        for name in kit.vanguard:
            game.library[HERO].append(game._new_card(card_def(name), HERO))
        game.dice.shuffle(game.library[HERO])
        game.shop = [game._new_card(card_def(name), HERO) for name in kit.shop]
        game.dice.shuffle(game.shop)
        for name in lab.cards:
            game.library[LAB].append(game._new_card(card_def(name), LAB))
        game.dice.shuffle(game.library[LAB])
        game.boss_card = game._new_card(card_def(lab.boss), LAB)
        game.hero_pid = game._put_onto_battlefield(game.hero_card, HERO, triggers=False)
        game.battlefield[game.hero_pid].sick = False
        game.active = game.starting = game.priority = HERO
        game.log("start", players=2, starting_player=HERO, hero=kit.hero,
                 labyrinth=lab.name, boss=lab.boss)
        for _ in range(opening_hand):
            game.draw(HERO, log=False)
        if mulligan and opening_hand:
            game._start_mulligans([HERO], opening_hand)
        else:
            game._begin_turn(first=True)
        game._run()
        return game

    def _init_arcane(self, entropy_draw: bool, desperation: bool, max_turns: int) -> None:
        self.entropy_draw = bool(entropy_draw)
        self.desperation = bool(desperation)
        self.max_rounds = int(max_turns)
        self.hero_kit = ""
        self.labyrinth_name = ""
        #: Shop cards put back on the bottom in view (the unbought reveals), and the
        #: Labyrinth's cards put on top of its library in view: determinize keeps them.
        self.shop_known: list[int] = []
        self.lab_known_top: list[int] = []
        self.hero_card = -1
        self.hero_pid: int | None = None
        self.hero_exhausted = False
        self.boss_card = -1
        self.boss_pid: int | None = None
        self.boss_arrivals = 0
        self.boss_buff = 0
        self.boss_equipment: int | None = None
        self.shop: list[int] = []
        self.shop_reveal: list[int] = []
        self.shop_pending = False
        self.round = 0
        self.reveals_left = 0
        self.upkeep_done = False
        self.last_encounter = 0
        #: times each card (by id, as a string for JSON) went back to the library
        self.returned: dict[str, int] = {}

    @classmethod
    def empty(cls, rng: np.random.Generator | int | None = None, *,  # type: ignore[override]
              entropy_draw: bool = False, desperation: bool = False, max_turns: int = 60,
              max_actions: int = 20000, **_: Any) -> ArcaneGame:
        """An empty position for scripted tests: no Hero, no decks, nothing started;
        place cards with :meth:`add_card`, :meth:`add_permanent`, :meth:`set_hero`,
        :meth:`set_boss` and :meth:`add_shop`, then :meth:`start_round`."""
        game = cls.__new__(cls)
        game._init_empty(Dice(rng), 2, 20, 10**9, max_actions)
        game._init_arcane(entropy_draw, desperation, max_turns)
        game.auto_pass = False
        game.stage = "setup"
        return game

    def set_hero(self, name: str | fx.CardDef) -> int:
        """Put the Hero onto the battlefield (scripted positions); its object id."""
        self.hero_card = self._new_card(card_def(name), HERO)
        self.hero_pid = self._put_onto_battlefield(self.hero_card, HERO, triggers=False)
        self.battlefield[self.hero_pid].sick = False
        return self.hero_pid

    def set_boss(self, name: str | fx.CardDef) -> int:
        """Set the final boss aside below the Labyrinth's library; its card id."""
        self.boss_card = self._new_card(card_def(name), LAB)
        return self.boss_card

    def add_shop(self, name: str | fx.CardDef) -> int:
        """Put a card on top of the shop deck; its card id."""
        cid = self._new_card(card_def(name), HERO)
        self.shop.append(cid)
        return cid

    def start_round(self, round_: int, active: int, step: str = "untap") -> None:
        """Jump to ``step`` of ``active``'s turn in round ``round_`` (scripted tests)."""
        self.round = round_
        self.upkeep_done = False
        self.start_at(step, active, turn=2 * round_)

    # --------------------------------------------------------------- turns
    def _begin_turn(self, first: bool = False) -> None:
        if first:
            self.round = 1
            self.upkeep_done = False
            super()._begin_turn(first=True)
            return
        self.upkeep_done = False
        if self._take_extra_turn():  # 500.7: not a new round
            return
        if self.active == LAB:
            self._start_turn(HERO)
            return
        if self.round >= self.max_rounds:
            self._finish(None, "max_turns")
            return
        self.round += 1
        self.log("round", round=self.round, safe=self.round <= SAFE_TURNS)
        self._start_turn(HERO if self.round <= SAFE_TURNS else LAB)

    def _next_step(self) -> None:
        if self.active == LAB and self.step == "draw" and self.reveals_left > 0:
            self._reveal_next()
            self._give_priority_to_active()
            return
        super()._next_step()
        if self.active == HERO and self.round <= SAFE_TURNS \
                and self.step == "beginning_of_combat":
            self.step = "main2"  # a safe turn has no combat phase

    def _turn_based(self) -> None:
        step = self.step
        if self.active == LAB:
            if step == "untap":
                self._flip_face_down()
            elif step == "draw":
                self._start_reveals()
                return
            elif step == "end" and self.shop_pending:
                self.shop_pending = False
                self._open_shop()
                if self.decision is not None:
                    return
        elif step == "upkeep" and not self.upkeep_done:
            self.upkeep_done = True
            if self.hero_exhausted:
                self._hero_returns()
            if self.round % ENCOUNTER_EVERY == 0:
                self._encounter()
                if self.decision is not None:
                    return
        super()._turn_based()

    # ----------------------------------------------------------- reveals
    def _flip_face_down(self) -> None:
        """Untap step: the Labyrinth's face-down creature cards turn face up."""
        for pid, perm in list(self.battlefield.items()):
            if perm.controller == LAB and perm.face_down \
                    and "Creature" in self.cdef(perm.card).types:
                perm.face_down = False
                self._bf_version += 1
                self.log("flip", player=LAB, card=self.name_of(perm.card), id=pid)

    def entropy_active(self) -> bool:
        """Entropy Draw's condition: the player controls 10+ creatures or one with
        power 10+ (the Hero counts)."""
        count = 0
        for pid, perm in self.battlefield.items():
            if perm.controller == HERO and self.is_creature(pid):
                count += 1
                if count >= 10 or self.chars(pid)[0] >= 10:
                    return True
        return False

    def _start_reveals(self) -> None:
        entropy = self.entropy_draw and self.entropy_active()
        self.reveals_left = ENTROPY_REVEALS if entropy else REVEALS
        # a face-down non-creature card is revealed first (its flip)
        flips = [pid for pid, perm in self.battlefield.items()
                 if perm.controller == LAB and perm.face_down]
        self.log("reveal_step", reveals=self.reveals_left, entropy=entropy,
                 flips=len(flips))
        for pid in flips:
            self.move_permanents([pid], "library")  # its card on top, then revealed
            self.reveals_left += 1
        self._reveal_next()
        self._give_priority_to_active()

    def lab_library_size(self) -> int:
        """Cards in the Labyrinth's library, the boss not counted."""
        lib = self.library[LAB]
        return len(lib) - (1 if lib and self.boss_card in (lib[0], lib[-1]) else 0)

    def _reveal_next(self) -> None:
        self.reveals_left -= 1
        lib = self.library[LAB]
        if lib:
            card = lib.pop()
        elif self.boss_arrivals == 0 and self.boss_card >= 0:
            card = self.boss_card
        else:
            self.log("reveal_nothing", player=LAB)
            self.reveals_left = 0
            return
        d = self.cdef(card)
        self.log("reveal", player=LAB, card=d.name, library=self.lab_library_size())
        if card == self.boss_card:
            self._boss_arrives()
            return
        if "Land" in d.types:
            pid = self._put_onto_battlefield(card, HERO)
            self.battlefield[pid].tapped = False
            self.shop_pending = True
            self.log("land_to_player", player=HERO, card=d.name, id=pid)
            return
        item = StackItem(sid=self._new_id(), kind="spell", controller=LAB, card=card,
                         keywords=sorted(d.keywords),
                         x=-1 if d.cost is not None and d.cost.x else 0)
        if not self._feasible(self.effect_of(item), "", item):
            self.log("reveal_no_effect", player=LAB, card=d.name,
                     reason="no legal target")
            self.graveyard[LAB].append(card)
            return
        self.casting = item
        self.closed = []

    def _boss_arrives(self) -> None:
        first = self.boss_arrivals == 0
        self.boss_arrivals += 1
        pid = self._put_onto_battlefield(self.boss_card, LAB)
        self.boss_pid = pid
        self.boss_buff = 10 if self.round <= 9 else 5 if self.round <= 14 else 0
        self._bf_version += 1
        self.log("boss_arrives", player=LAB, card=self.name_of(self.boss_card), id=pid,
                 round=self.round, buff=self.boss_buff, arrival=self.boss_arrivals)
        if first:
            pick = self._boss_artifact()
            if pick is not None:
                self.shop.remove(pick)
                equip = "Equipment" in self.cdef(pick).subtypes
                epid = self._put_onto_battlefield(pick, LAB,
                                                  attached_to=pid if equip else None)
                self.boss_equipment = epid
                self.log("boss_equipment", card=self.name_of(pick), id=epid,
                         attached=equip)
        elif self.boss_equipment in self.battlefield:
            perm = self.battlefield[self.boss_equipment]
            if "Equipment" in self.cdef(perm.card).subtypes:
                perm.attached_to = pid
                self._bf_version += 1
                self.log("attach", card=self.name_of(perm.card), id=perm.pid, to=pid)

    def _boss_artifact(self) -> int | None:
        """The shop card the boss takes: the highest-mana-value Equipment (ties: the
        one nearest the top), else the highest-mana-value artifact."""
        order = list(reversed(self.shop))  # top first
        for want_equipment in (True, False):
            pool = [c for c in order if not want_equipment
                    or "Equipment" in self.cdef(c).subtypes]
            if pool:
                return max(pool, key=lambda c: (self.cdef(c).mana_value,
                                                -order.index(c)))
        return None

    # ------------------------------------------------------------ the shop
    def _open_shop(self) -> None:
        k = min(SHOP_REVEAL, len(self.shop))
        self.shop_reveal = [self.shop.pop() for _ in range(k)]
        self.log("shop_open", player=HERO,
                 cards=[self.name_of(c) for c in self.shop_reveal])
        if self.shop_reveal:
            self.decision = {"kind": "shop", "player": HERO}

    def _player_lands(self) -> list[int]:
        return [pid for pid, perm in self.battlefield.items()
                if perm.controller == HERO and perm.slot >= 0 and not perm.face_down
                and "Land" in self.cdef(perm.card).types]

    def can_buy(self, card: int, chosen: list[int] | None = None) -> bool:
        """Whether the player can pay ``card`` with lands, the ``chosen`` ones
        included: as many lands as its mana value, its coloured pips each produced
        by a different one of them."""
        d = self.cdef(card)
        mv = d.mana_value
        chosen = chosen or []
        if len(chosen) > mv:
            return False
        lands = self._player_lands()
        if len(lands) < mv:
            return False
        pips = [frozenset(c for c in pip.split("/") if c in "WUBRGC")
                for pip in (d.cost.pips if d.cost is not None else ())]
        pips = [p for p in pips if p]
        if not pips:
            return True
        # lands grouped by what they produce; chosen lands cost nothing extra
        groups: dict[frozenset[str], list[int]] = {}
        for pid in lands:
            colours = frozenset(land_colours(self.cdef(self.battlefield[pid].card)))
            entry = groups.setdefault(colours, [0, 0])
            entry[0 if pid in chosen else 1] += 1
        keys = [k for k in groups if k]
        spare = mv - len(chosen)
        for assign in itertools.product(range(len(keys)), repeat=len(pips)):
            need = [0] * len(keys)
            ok = True
            for pip, g in zip(pips, assign, strict=True):
                if not pip & keys[g]:
                    ok = False
                    break
                need[g] += 1
            if not ok:
                continue
            extra = 0
            for g, n in enumerate(need):
                have_chosen, have_other = groups[keys[g]]
                if n > have_chosen + have_other:
                    ok = False
                    break
                extra += max(0, n - have_chosen)
            if ok and extra <= spare:
                return True
        return False

    def _finish_shop(self, bought: int | None, lands: list[int]) -> None:
        rest = [c for c in self.shop_reveal if c != bought]
        self.shop_reveal = []
        if bought is not None:
            if lands:
                self.log("sacrifice", player=HERO,
                         cards=[self.name_of(self.battlefield[p].card) for p in lands])
                self.sacrifice(lands)
            self.hand[HERO].append(bought)
            self.log("purchase", player=HERO, card=self.name_of(bought), lands=len(lands))
        else:
            self.log("shop_closed", player=HERO)
        self.shop[:0] = list(reversed(rest))  # to the bottom, in the order revealed
        self.shop_known.extend(rest)

    # --------------------------------------------------------- encounters
    def _encounter(self) -> None:
        roll = self.dice.roll(20)
        self.last_encounter = roll
        if roll <= 6:
            self.log("encounter", round=self.round, roll=roll, result="tragic failure")
            self._tragic_failure()
        elif roll <= 15:
            self.log("encounter", round=self.round, roll=roll, result="evaded")
        else:
            mythic = roll == 20
            self.log("encounter", round=self.round, roll=roll,
                     result="mythic treasure" if mythic else "loot")
            if mythic and self.shop:
                card = self.shop.pop()
                self.hand[HERO].append(card)
                self.log("shop_free", player=HERO, card=self.name_of(card))
            self.draw(HERO)
            self.create_token(_predefined("treasure"), HERO)
            self.create_token(_predefined("food"), HERO)
            if mythic:
                self.gain_life(HERO, 3)

    def strongest_permanents(self) -> list[int]:
        """The player's non-land permanents other than the Hero that tie for the
        strongest (mana value, then creatures over non-creatures, then power)."""
        best: list[int] = []
        best_key = None
        for pid, perm in self.battlefield.items():
            if perm.controller != HERO or pid == self.hero_pid:
                continue
            d = self.pdef(pid)
            if "Land" in d.types:
                continue
            creature = "Creature" in d.types
            key = (d.mana_value, creature, self.chars(pid)[0] if creature else 0)
            if best_key is None or key > best_key:
                best, best_key = [pid], key
            elif key == best_key:
                best.append(pid)
        return best

    def _tragic_failure(self) -> None:
        strongest = self.strongest_permanents()
        if strongest:
            pid = strongest[self.dice.index(len(strongest))]
            self.log("sacrifice", player=HERO, card=self.name_of(self.battlefield[pid].card),
                     reason="tragic failure")
            self.sacrifice([pid])
            return
        land_cards = [c for c in self.hand[HERO] if self._is_land(c)]
        if land_cards:
            if len({self.name_of(c) for c in land_cards}) == 1:
                self._discard(HERO, land_cards[0])
            else:
                self.decision = {"kind": "encounter_discard", "player": HERO}
            return
        lands = self._player_lands()
        if len(lands) == 1:
            self.sacrifice(lands)
        elif lands:
            self.decision = {"kind": "encounter_sacrifice", "player": HERO}
        else:
            self.lose_life(HERO, 3)

    # --------------------------------------------------------- the Hero
    def _exhaust(self, reason: str) -> None:
        pid = self.hero_pid
        if pid is None or pid not in self.battlefield:
            return
        self._leave(pid, "exile")
        self.hero_pid = None
        self.hero_exhausted = True
        self.log("exhausted", player=HERO, card=self.name_of(self.hero_card),
                 reason=reason)

    def _hero_returns(self) -> None:
        self.exile[HERO].remove(self.hero_card)
        self.hero_exhausted = False
        self.hero_pid = self._put_onto_battlefield(self.hero_card, HERO)
        self.log("hero_returns", player=HERO, card=self.name_of(self.hero_card),
                 id=self.hero_pid)

    def move_permanents(self, pids: list[int], dest: str) -> None:
        pids = [p for p in dict.fromkeys(pids) if p in self.battlefield]
        if self.hero_pid in pids:
            pids.remove(self.hero_pid)
            self._exhaust({"graveyard": "dies", "exile": "exiled", "hand": "bounced"}.get(
                dest, dest))
        if dest == "hand":
            lab = [p for p in pids if self.card_owner[self.battlefield[p].card] == LAB]
            if lab:
                pids = [p for p in pids if p not in lab]
                super().move_permanents(lab, "library")  # on top of its library
                self.lab_known_top.extend(self.library[LAB][-len(lab):])
                self.log("to_library_top", player=LAB, count=len(lab))
        if pids:
            super().move_permanents(pids, dest)

    def _blocks_declared(self, p: int) -> None:
        hero = self.hero_pid
        if p == HERO and hero is not None and hero in self.blocking:
            attacker = self.blocking[hero]
            if attacker in self.battlefield and "deathtouch" in self.keywords(attacker):
                if attacker not in self.blocked:
                    self.blocked.append(attacker)  # it stays blocked
                self._exhaust("blocked deathtouch")
        super()._blocks_declared(p)

    def _damage_permanent(self, pid: int, amount: int, kws: frozenset[str],
                          source_name: str, combat: bool, source: int | None) -> None:
        # judged before the damage: a planeswalker Hero's toughness is its loyalty,
        # which the damage lowers
        successful = pid == self.hero_pid and combat and source is not None \
            and self.blocking.get(pid) == source and source in self.battlefield \
            and self.chars(pid)[1] > self.chars(source)[0]
        super()._damage_permanent(pid, amount, kws, source_name, combat, source)
        if pid != self.hero_pid:
            return
        if successful:
            self.log("successful_block", player=HERO, attacker=source)
            return
        self.lose_life(HERO, amount)

    def _can_block(self, pid: int) -> bool:
        # a planeswalker Hero blocks too (with its loyalty as toughness)
        if pid == self.hero_pid and self.pdef(pid).is_planeswalker:
            return not self._restricted(pid, "cant_block")
        return super()._can_block(pid)

    def _attackable_planeswalkers(self, defending: int) -> list[int]:
        """None: the Labyrinth's creatures attack the player (a ruling: its Hero, and
        any other planeswalker, is defended by blocking), and the Labyrinth has no
        planeswalkers for the player's creatures to attack."""
        return []

    def chars(self, pid: int) -> tuple[int, int, frozenset[str]]:
        power, tough, kws = super().chars(pid)
        if pid == self.hero_pid:
            d = self.pdef(pid)
            if d.is_planeswalker and not d.is_creature:  # it blocks with its loyalty
                return 0, self.battlefield[pid].counters.get("loyalty", 0), kws
        if self.battlefield[pid].controller == LAB:
            if pid == self.boss_pid and self.boss_buff:
                power += self.boss_buff
                tough += self.boss_buff
            if self.desperation and self.lab_library_size() < DESPERATION_BELOW:
                kws = kws | _HASTE_TRAMPLE
            elif "haste" not in kws:
                kws = kws | _HASTE
        return power, tough, kws

    # ------------------------------------------------ the Labyrinth's body
    def _damage_player(self, p: int, amount: int, source_name: str,
                       combat: bool) -> None:
        if p != LAB:
            super()._damage_player(p, amount, source_name, combat)
            return
        self.log("damage", source=source_name, player=LAB, amount=amount, combat=combat)
        self._lab_mill(amount, "damage")

    def _lab_mill(self, amount: int, reason: str) -> None:
        milled = 0
        for _ in range(amount):
            if self.mill(LAB) is None:
                break
            milled += 1
        self.log("lab_mill", player=LAB, amount=amount, milled=milled, reason=reason,
                 library=self.lab_library_size())

    def mill_index(self, p: int) -> int | None:
        """The Labyrinth's boss is never milled: the card under it is."""
        lib = self.library[p]
        for i in range(len(lib) - 1, -1, -1):
            if not (p == LAB and lib[i] == self.boss_card):
                return i
        return None

    def lose_life(self, p: int, amount: int) -> None:
        if p == LAB:
            if amount > 0:
                self._lab_mill(amount, "life loss")
            return
        super().lose_life(p, amount)

    def gain_life(self, p: int, amount: int) -> None:
        if p != LAB:
            super().gain_life(p, amount)
            return
        if amount <= 0:
            return
        grave = self.graveyard[LAB]
        taken = grave[len(grave) - min(amount, len(grave)):]
        del grave[len(grave) - len(taken):]
        self.forget_graveyard(taken)  # new objects wherever they go (400.7)
        back, exiled = [], []
        for card in taken:
            key = str(card)
            if self.returned.get(key, 0) >= RETURN_LIMIT:
                self.exile[LAB].append(card)
                exiled.append(self.name_of(card))
            else:
                self.returned[key] = self.returned.get(key, 0) + 1
                self.library[LAB].append(card)
                back.append(self.name_of(card))
        self.shuffle_labyrinth()
        self.log("lab_life_gain", player=LAB, amount=amount, returned=back,
                 exiled=exiled)

    def shuffle_labyrinth(self) -> None:
        """Shuffle the Labyrinth's library; the boss, if in it, keeps its place."""
        lib = self.library[LAB]
        self.lab_known_top = []
        if self.boss_card in lib:
            at_top = lib[-1] == self.boss_card
            lib.remove(self.boss_card)
            self.dice.shuffle(lib)
            if at_top:
                lib.append(self.boss_card)
            else:
                lib.insert(0, self.boss_card)
        else:
            self.dice.shuffle(lib)

    def _ethereal_hand(self) -> None:
        """The Ethereal Hand: a card that would be put into the Labyrinth's hand (a
        search for a land "into your hand", a card returned from its graveyard) goes
        on top of its library instead, in the order it came."""
        cards = self.hand[LAB]
        if not cards:
            return
        self.hand[LAB] = []
        for c in cards:
            if c in self.public_hand:
                self.public_hand.remove(c)
        self.library[LAB].extend(cards)
        self.lab_known_top.extend(cards)
        self.log("to_library_top", player=LAB, count=len(cards))

    def shuffle_library(self, p: int) -> None:
        if p != LAB:
            super().shuffle_library(p)
            return
        self._ethereal_hand()  # "put them into your hand, then shuffle": shuffled in
        self.shuffle_labyrinth()  # the boss keeps its place
        self.log("shuffle", player=p)

    def draw(self, p: int, *, log: bool = True) -> None:
        if p == LAB:
            self.log("draw_ignored", player=LAB)  # it has no hand
            return
        super().draw(p, log=log)

    def _replace_discard(self, p: int, count: int) -> bool:
        if p != LAB:
            return False
        if count > 0:
            self._lab_mill(count, "discard")
        return True

    def _pays_no_mana(self, p: int) -> bool:
        return p == LAB  # the Labyrinth never uses mana

    def _cost_of(self, item: StackItem) -> fx.Cost | None:
        if item.controller == LAB:
            return None  # it skips additional costs
        return super()._cost_of(item)

    def candidates(self, spec: fx.Target, item: StackItem, enough: int = 0) -> list[int]:
        if item.controller != LAB:
            return super().candidates(spec, item, enough)
        out = super().candidates(spec, item)  # (all: the side's are a subset)
        d = self.item_def(item)  # (an ability of a copy: the copy's)
        side = LAB if spec in helpful_targets(d, item.kind, item.index) else HERO
        return [c for c in out if self._code_side(c) == side]

    def _code_side(self, code: int) -> int | None:
        if code < 0:
            return code_player(code)
        perm = self.battlefield.get(code)
        if perm is not None:
            return perm.controller
        return next((s.controller for s in self.stack if s.sid == code), None)

    def _state_based(self) -> bool:
        if self.hand[LAB]:
            self._ethereal_hand()
        done = super()._state_based()
        if self.outcome is None and self.boss_arrivals and not self.library[LAB] \
                and (self.boss_pid is None or self.boss_pid not in self.battlefield):
            self._finish(HERO, "labyrinth cleared")
            return True
        return done

    def returns(self) -> list[float]:
        if self.outcome is None or self.winner is None:
            return [0.0, 0.0]
        r = 1.0 if self.winner == HERO else -1.0
        return [r, r]

    # ------------------------------------------------ automated decisions
    def _automatic_action(self) -> int:
        """The Labyrinth's action for the current decision (module docstring)."""
        d = self.decision
        assert d is not None
        kind = d["kind"]
        if kind == "priority":
            return A.PASS
        if kind == "block":
            return A.DONE
        legal = self.legal_actions()
        if kind == "attack":
            attacks = [a for a in legal if a != A.DONE]
            return attacks[0] if attacks else A.DONE
        if kind == "x":
            return min(legal)
        if kind == "yesno":
            return A.YES if self.dice.roll(6) >= 4 else A.NO
        if kind == "assign_damage":
            return self.default_assignment()
        if kind == "legend":  # the newest stays
            return A.permanent(self.battlefield[d["options"][-1]].slot)
        if kind == "dread":
            lib = self.library[LAB]
            return A.mode(1) if self.cdef(lib[-2]).mana_value > \
                self.cdef(lib[-1]).mana_value else A.mode(0)
        if kind == "mode":
            item = self.casting
            node = self.node_at(self.effect_of(item), d["path"])
            chosen = item.modes.get(d["path"], [])
            options = [a for a in legal if a != A.DONE]
            if A.DONE in legal and (len(chosen) >= max(1, node.min_modes) or not options):
                return A.DONE
            return options[self.dice.index(len(options))]
        if kind == "target":
            options = [a for a in legal if a != A.DONE]
            if options:
                return options[self.dice.index(len(options))]
            return A.DONE
        if kind == "devour":
            res = self.res
            if "lab_devour" not in res:
                res["lab_devour"] = self.dice.roll(6) if self.dice.roll(6) >= 4 else 0
            options = [a for a in legal if a != A.DONE]
            if res["lab_devour"] > 0 and options:
                res["lab_devour"] -= 1
                return options[self.dice.index(len(options))]
            return A.DONE
        return legal[self.dice.index(len(legal))]

    # ------------------------------------------------ the format's decisions
    def _custom_legal(self, d: dict) -> list[int]:
        kind = d["kind"]
        if kind == "shop":
            return [A.mode(i) for i, c in enumerate(self.shop_reveal)
                    if self.can_buy(c)] + [A.DONE]
        if kind == "shop_land":
            card = self.shop_reveal[d["item"]]
            chosen = d["chosen"]
            return sorted(A.permanent(self.battlefield[pid].slot)
                          for pid in self._player_lands()
                          if pid not in chosen and self.can_buy(card, [*chosen, pid]))
        if kind == "encounter_discard":
            return [A.hand(i) for i, c in enumerate(self.hand_slots(HERO))
                    if self._is_land(c)]
        if kind == "encounter_sacrifice":
            return sorted(A.permanent(self.battlefield[pid].slot)
                          for pid in self._player_lands())
        return super()._custom_legal(d)

    def _custom_act(self, d: dict, kind: str, args: tuple[int, ...]) -> None:
        dk = d["kind"]
        if dk == "shop":
            if kind == "done":
                self._finish_shop(None, [])
                return
            card = self.shop_reveal[args[0]]
            if self.cdef(card).mana_value == 0:
                self._finish_shop(card, [])
            else:
                self.decision = {"kind": "shop_land", "player": HERO, "item": args[0],
                                 "chosen": []}
        elif dk == "shop_land":
            chosen = [*d["chosen"], self.slots[args[0]]]
            card = self.shop_reveal[d["item"]]
            if len(chosen) < self.cdef(card).mana_value:
                self.decision = {**d, "chosen": chosen}
            else:
                self._finish_shop(card, chosen)
        elif dk == "encounter_discard":
            self._discard(HERO, self.hand_slots(HERO)[args[0]])
        elif dk == "encounter_sacrifice":
            self.sacrifice([self.slots[args[0]]])
        else:
            super()._custom_act(d, kind, args)

    def action_to_string(self, action: int) -> str:
        d = self.decision
        if d is not None and d["kind"] in CUSTOM_DECISIONS:
            kind, args = A.decode(int(action))
            if d["kind"] == "shop":
                if kind == "done":
                    return "buy nothing"
                i = args[0]
                name = self.name_of(self.shop_reveal[i]) if i < len(self.shop_reveal) \
                    else "?"
                return f"buy shop card {i} ({name})"
            if kind == "permanent":
                return f"sacrifice {self._slot_name(args[0], HERO)}"
            if kind == "hand":
                i = args[0]
                slots = self.hand_slots(HERO)
                name = self.name_of(slots[i]) if i < len(slots) \
                    else "?"
                return f"discard hand {i} ({name})"
        return super().action_to_string(action)

    # ------------------------------------------------------------- views
    def arcane_view(self) -> dict[str, Any]:
        """What this format adds to the table, all public."""
        boss_on = self.boss_pid is not None and self.boss_pid in self.battlefield
        return {
            "round": self.round,
            "safe_turns_left": max(0, SAFE_TURNS - self.round),
            "hero": self.name_of(self.hero_card) if self.hero_card >= 0 else None,
            "hero_kit": self.hero_kit, "labyrinth": self.labyrinth_name,
            "hero_id": self.hero_pid, "hero_exhausted": self.hero_exhausted,
            "labyrinth_library": self.lab_library_size(),
            "boss": self.name_of(self.boss_card) if self.boss_card >= 0 else None,
            "boss_arrivals": self.boss_arrivals, "boss_on_battlefield": boss_on,
            "boss_id": self.boss_pid if boss_on else None,
            "boss_buff": self.boss_buff if boss_on else 0,
            "shop_size": len(self.shop),
            "shop_reveal": [self.name_of(c) for c in self.shop_reveal],
            "reveals_left": self.reveals_left if self.active == LAB else 0,
            "shop_opens": self.shop_pending,
            "last_encounter": self.last_encounter,
            "next_encounter_round": self.next_encounter(),
            "entropy_draw": self.entropy_draw, "desperation": self.desperation,
            "max_turns": self.max_rounds,
        }

    def next_encounter(self) -> int:
        """The round of the next random encounter (this one's if still to come)."""
        r = self.round
        done = self.active == HERO and self.upkeep_done
        if r > 0 and r % ENCOUNTER_EVERY == 0 and not done:
            return r
        return r + ENCOUNTER_EVERY - r % ENCOUNTER_EVERY

    def observation_for(self, player: int) -> dict[str, Any]:
        view = super().observation_for(player)
        view["arcane"] = self.arcane_view()
        return view

    def turn_count(self) -> int:
        return int(self.round)

    # ------------------------------------------------------ copies, JSON
    _ARCANE_FIELDS = ("entropy_draw", "desperation", "max_rounds", "hero_kit",
                      "labyrinth_name", "hero_card", "hero_pid", "hero_exhausted",
                      "boss_card", "boss_pid", "boss_arrivals", "boss_buff",
                      "boss_equipment", "shop", "shop_reveal", "shop_pending", "round",
                      "reveals_left", "upkeep_done", "last_encounter", "returned",
                      "shop_known", "lab_known_top")

    def clone(self) -> ArcaneGame:
        new = super().clone()
        new.shop = self.shop[:]
        new.shop_reveal = self.shop_reveal[:]
        new.returned = dict(self.returned)
        new.shop_known = self.shop_known[:]
        new.lab_known_top = self.lab_known_top[:]
        return new  # type: ignore[return-value]

    def determinize(self, player: int, rng: np.random.Generator) -> ArcaneGame:
        """As :meth:`MagicGame.determinize`, and the shop deck's order is resampled
        but for the cards put back on its bottom in view; the boss keeps its known
        place (set aside, or on top of the library), and so do the Labyrinth's cards
        put on top of its library in view."""
        new = super().determinize(player, rng)
        lib = new.library[LAB]
        if self.boss_card in self.library[LAB]:
            at_top = self.library[LAB][-1] == self.boss_card
            lib.remove(self.boss_card)
            if at_top:
                lib.append(self.boss_card)
            else:
                lib.insert(0, self.boss_card)
        known = set(self.shop_known)
        bottom = next((i for i, c in enumerate(new.shop) if c not in known), len(new.shop))
        rest = new.shop[bottom:]
        new.dice.shuffle(rest)
        new.shop[bottom:] = rest
        return new  # type: ignore[return-value]

    def _known_on_top(self, player: int) -> int:
        if player != LAB:
            return 0
        known = set(self.lab_known_top)
        lib = self.library[LAB]
        return next((i for i, c in enumerate(reversed(lib)) if c not in known), len(lib))

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data["arcane"] = copy.deepcopy({k: getattr(self, k) for k in self._ARCANE_FIELDS})
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ArcaneGame:
        game = super().from_dict(data)
        game.shop_known, game.lab_known_top = [], []  # (states written before them)
        for key, value in copy.deepcopy(data["arcane"]).items():
            setattr(game, key, value)
        return game  # type: ignore[return-value]


def new_game(rng: np.random.Generator | int | None = None, **kwargs: Any) -> ArcaneGame:
    """A new game (see :meth:`ArcaneGame.new` for the keyword arguments)."""
    return ArcaneGame.new(rng, **kwargs)


__all__ = ["HERO", "LAB", "ArcaneGame", "new_game"]
