"""The maze party (The Labyrinth Deck): a cooperative party crossing a card maze.

Pure rules, no RL libraries. One :class:`MazePartyGame` is one maze run; its seats are
the party members (seat = position in the party list), who act in initiative order.

Decisions a member makes on its turn, in order (each one a decision point of the fixed
action space in :mod:`.actions`):

1. *Action phase*: one of the available stat actions (a d20 + modifier check against
   the maze DC), or wake a sleeping member, or give a healing potion, or pass.
2. Follow-ups of a successful action: Scout Ahead (pick the river card to reveal, then
   take it or the scouted deck card), Careful Consideration (pick 2 river cards to
   reveal, then choose one), It's Elementary! (pick the drawn card for the bottom).
3. *Choosing phase*: pick a face-down river card; it is revealed and resolved.
4. A found Map Fragment asks keep/swap for the top two cards; a fight asks each
   standing member attack / dodge / help / potion / wake on its combat turn.

Rulings we made where RULINGS.md is silent (tested in ``tests/maze_party``):

- Initiative ties go to the higher DEX, then the lower seat.
- Dead Ends stuck in the river are not choosable. A revealed card that was not chosen
  (Scout Ahead, Careful Consideration) is discarded like any other river card, even a
  Dead End: only a Dead End the party *takes* stays. A taken Dead End from the deck
  (Scout Ahead) takes a free river slot.
- Boost Morale may only be tried while a Dead End is stuck in the river; Scout Ahead
  needs a card to draw; It's Elementary! needs 3 cards in the deck and discard. At the
  end of a round the actions unlock when none is *left to use*: every kept action is
  used, or the unused ones cannot be tried now (so the lock never holds the party out
  of every action for want of a Dead End).
- Extra cards come from outside the game: Forge A Path's 2 Right Paths, the Monster a
  full river of Dead Ends adds, the Slowing trap's Dead End (put in the river after it
  clears) and the Sleep Dust trap's Monster (put on top of the deck). ``added`` and
  ``removed`` count them, so card conservation is checkable.
- The trap disarm is always attempted (failing costs nothing more than not trying).
  A Lucky Charm's +2 applies automatically to the party's next check (stat action or
  disarm). Healing potions may be given in the action phase (instead of a stat action)
  or in combat; they cannot raise a member who is down.
- Sleep: the sleeper skips its next two turns (maze or combat turns); waking it (a
  member's action, no check) or taking damage ends the sleep.
- A turn counts toward the truncation cap when a standing member's turn begins,
  skipped (asleep) or not. The party loses when every member is down.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.arguments import integer
from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.core.engine import TERMINAL_PLAYER, Game, IllegalActionError
from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine import combat
from labyrinth_gym.envs.maze_party.engine.cards import (
    DEAD_END,
    EMPTY,
    KIND_NAMES,
    KNOWN,
    KNOWN_SET,
    MONSTER,
    RIGHT_PATH,
    ROOM,
    UNKNOWN,
    Piles,
)
from labyrinth_gym.envs.maze_party.engine.data import (
    STATS,
    Character,
    Maze,
    characters,
    mazes,
    monsters,
)

# Decision points.
ACTION, CHOOSE, SCOUT_REVEAL, SCOUT_CHOICE, CAREFUL_REVEAL, CAREFUL_CHOICE = range(6)
ELEMENTARY, MAP, COMBAT, OVER = 6, 7, 8, 9
PHASE_NAMES = (
    "action",
    "choose",
    "scout_reveal",
    "scout_choice",
    "careful_reveal",
    "careful_choice",
    "elementary",
    "map",
    "combat",
    "over",
)
NUM_PHASES = 10

DEFAULT_PARTY = ("fighter", "rogue", "wizard", "cleric")
PARTY_ORDER = ("fighter", "rogue", "wizard", "cleric", "bard", "ranger")


def party_of(size: int) -> tuple[str, ...]:
    """The default party of ``size`` members (1-6)."""
    if not 1 <= size <= A.MAX_MEMBERS:
        raise ValueError(f"party size must be 1-6, got {size}")
    return PARTY_ORDER[:size]


def _dice_text(spec: tuple[int, int, int]) -> str:
    count, sides, bonus = spec
    return f"{count}d{sides}" + (f"{bonus:+d}" if bonus else "")


def _known_name(deck: list[int], known: list[int], index: int) -> str | None:
    """The card at ``index`` by name if the party knows it there, else None."""
    if len(deck) < (-index if index < 0 else index + 1) or known[index] != KNOWN:
        return None
    return KIND_NAMES[deck[index]]


def _by_kind(counts: list[int]) -> dict[str, int]:
    return {KIND_NAMES[k]: int(counts[k]) for k in range(4)}


class MazePartyGame(Game):
    """One maze run. Build with :meth:`new`; see the module docstring for the rules."""

    num_actions = A.NUM_ACTIONS

    # ------------------------------------------------------------- creation
    @classmethod
    def new(
        cls,
        rng: np.random.Generator | int | None = None,
        *,
        maze: str = "enchanted_forest",
        party: tuple[str, ...] | list[str] | int | None = None,
        max_turns: int = 200,
    ) -> MazePartyGame:
        """Start a maze: shuffle the deck, roll initiative and the action removal.

        Args:
            rng: The game's one Generator (or a seed).
            maze: Maze table id from ``data/mazes.toml``.
            party: Character ids from ``data/characters.toml`` (1-6 of them), or a party
                size, or None for the default party of 4.
            max_turns: Member turns before the run is truncated.
        """
        all_mazes = mazes()
        if not isinstance(maze, str) or maze not in all_mazes:
            raise ValueError(f"unknown maze {maze!r}; known mazes: {sorted(all_mazes)}")
        if party is None:
            party = DEFAULT_PARTY
        elif not isinstance(party, (list, tuple)):
            if isinstance(party, str):
                raise ValueError(f"party must be a size 1-{A.MAX_MEMBERS} or a list of "
                                 f"character ids, got {party!r}")
            party = party_of(integer("party", party, 1, A.MAX_MEMBERS))
        party = tuple(party)
        sheets = characters()
        unknown = [p for p in party if not isinstance(p, str) or p not in sheets]
        if unknown:
            raise ValueError(f"unknown characters {unknown}; known: {sorted(sheets)}")
        if not 1 <= len(party) <= A.MAX_MEMBERS:
            raise ValueError(f"a party has 1-6 members, got {len(party)}")
        max_turns = integer("max_turns", max_turns, 1)
        game = cls.__new__(cls)
        game._init(Dice(rng), all_mazes[maze], tuple(sheets[p] for p in party), max_turns)
        return game

    def _init(self, dice: Dice, maze: Maze, party: tuple[Character, ...], max_turns: int):
        self.dice = dice
        self.maze = maze
        self.party = party
        self.n = len(party)
        self.num_players = self.n
        self.max_turns = max_turns
        self.events: list[dict[str, Any]] = []
        self.turn = 0
        self.round = 1
        self.hp = [c.hp for c in party]
        self.asleep = [0] * self.n
        self.removed_actions = [False] * 5
        self.used = [False] * 5
        self.points = 0
        self.dm_points = 0
        self.potions = 0
        self.charms = 0
        self.added = [0, 0, 0, 0]
        self.removed = [0, 0, 0, 0]
        self.outcome: str | None = None
        self.phase = ACTION
        self.active = 0
        self.revealed = [False, False, False]
        self.scout_card = EMPTY
        self.reveals_left = 0
        self.elementary: list[int] = []
        self.slowing_pending = False
        self.combat: combat.Encounter | None = None
        self._legal: list[int] | None = None

        self.piles = Piles()
        deck: list[int] = []
        for kind, count in enumerate(maze.cards):
            deck += [kind] * count
        dice.shuffle(deck)
        self.piles.deck = deck
        self.piles.deck_known = [UNKNOWN] * len(deck)
        self.log("start", maze=maze.key, party=[c.key for c in party], deck=len(deck))

        self.initiative = [dice.roll(20) + c.dex for c in party]
        self.order = sorted(range(self.n), key=lambda s: (-self.initiative[s], -party[s].dex, s))
        self.log("initiative", rolls=self.initiative, order=self.order)
        self._remove_actions()
        self.order_pos = 0
        self._begin_turn()

    def _remove_actions(self) -> None:
        """4 members: 1d6 twice; 5 members: 1d4 once; re-roll a 6 or a repeat."""
        rolls_needed, die = {4: (2, 6), 5: (1, 4)}.get(self.n, (0, 0))
        removed: list[int] = []
        while len(removed) < rolls_needed:
            r = self.dice.roll(die)
            ok = r != 6 and (r - 1) not in removed
            self.log("action_removal_roll", die=die, roll=r, kept=ok)
            if ok:
                removed.append(r - 1)
                self.removed_actions[r - 1] = True
        if removed:
            self.log("actions_removed", actions=[A.ACTION_NAMES[i] for i in removed])

    # ------------------------------------------------------------ contract
    def current_player(self) -> int:
        return TERMINAL_PLAYER if self.outcome is not None else self.active

    def returns(self) -> list[float]:
        value = {"escaped": 1.0, "lost": -1.0}.get(self.outcome or "", 0.0)
        return [value] * self.n

    def action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def apply_action(self, action: int) -> None:
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            raise IllegalActionError(int(action), self._legal, self)
        self._apply(int(action))

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        piles = self.piles
        if phase == OVER:
            return []
        if phase == ACTION:
            legal = [
                i for i in range(5)
                if not self.removed_actions[i] and not self.used[i] and self._can_try(i)
            ]
            legal += [A.WAKE + s for s in range(self.n) if self.asleep[s] > 0 and self.hp[s] > 0]
            legal.append(A.PASS)
            legal += self._potion_targets()
            return legal
        if phase in (CHOOSE, SCOUT_REVEAL):
            return [A.SLOT + i for i in piles.face_down_slots()]
        if phase == CAREFUL_REVEAL:
            return [A.SLOT + i for i in piles.face_down_slots() if not self.revealed[i]]
        if phase == CAREFUL_CHOICE:
            return [A.SLOT + i for i in range(3) if self.revealed[i]]
        if phase == SCOUT_CHOICE:
            return [A.SLOT + i for i in range(3) if self.revealed[i]] + [A.DECK]
        if phase == ELEMENTARY:
            return [A.BOTTOM + i for i in range(len(self.elementary))]
        if phase == MAP:
            return [A.MAP_KEEP, A.MAP_SWAP]
        # COMBAT
        legal = [A.ATTACK, A.DODGE]
        others = [
            s for s in range(self.n)
            if s != self.active and self.hp[s] > 0 and self.asleep[s] == 0
        ]
        if others:
            legal.append(A.HELP)
        legal += [A.WAKE + s for s in range(self.n) if self.asleep[s] > 0 and self.hp[s] > 0]
        legal += self._potion_targets()
        legal.sort()
        return legal

    def _can_try(self, stat: int) -> bool:
        """Whether the action has something to act on right now."""
        if stat == A.USE_DEX:
            return self.piles.available() > 0
        if stat == A.USE_INT:
            return self.piles.available() >= 3
        if stat == A.USE_CHA:
            return self.piles.stuck_dead_ends() > 0
        return True

    def _potion_targets(self) -> list[int]:
        if self.potions == 0:
            return []
        return [
            A.POTION + s
            for s in range(self.n)
            if 0 < self.hp[s] < self.party[s].hp
        ]

    def _apply(self, action: int) -> None:
        self._legal = None
        phase = self.phase
        if phase == ACTION:
            self._action_phase(action)
        elif phase == CHOOSE:
            self._reveal_and_resolve(action - A.SLOT)
        elif phase == SCOUT_REVEAL:
            self._reveal(action - A.SLOT)
            self.phase = SCOUT_CHOICE
        elif phase == SCOUT_CHOICE:
            if action == A.DECK:
                self._take_scouted()
            else:
                self._resolve_slot(action - A.SLOT)
        elif phase == CAREFUL_REVEAL:
            self._reveal(action - A.SLOT)
            self.reveals_left -= 1
            if self.reveals_left == 0 or not [
                i for i in self.piles.face_down_slots() if not self.revealed[i]
            ]:
                self.phase = CAREFUL_CHOICE
        elif phase == CAREFUL_CHOICE:
            self._resolve_slot(action - A.SLOT)
        elif phase == ELEMENTARY:
            self._elementary_bottom(action - A.BOTTOM)
        elif phase == MAP:
            self._map_order(swap=action == A.MAP_SWAP)
        elif phase == COMBAT:
            self._combat_action(action)

    # ----------------------------------------------------------- turn flow
    def finish(self, outcome: str, **data: Any) -> None:
        self.outcome = outcome
        self.phase = OVER
        self.log("game_over", outcome=outcome, **data)

    def damage(self, seat: int, amount: int) -> None:
        """Damage a member: it may fall (down for the maze) and wakes if asleep."""
        if self.hp[seat] <= 0 or amount <= 0:
            return
        self.hp[seat] = max(0, self.hp[seat] - amount)
        if self.asleep[seat]:
            self.asleep[seat] = 0
            self.log("woken", member=seat, by="damage")
        if self.hp[seat] == 0:
            self.log("down", member=seat)
            if all(h == 0 for h in self.hp):
                self.finish("lost", reason="every member is down")

    def _begin_turn(self) -> None:
        """Advance to the next standing member who is awake, drawing the river."""
        while self.outcome is None:
            seat = self.order[self.order_pos]
            if self.hp[seat] > 0:
                if self.turn >= self.max_turns:
                    self.finish("truncated", reason=f"{self.max_turns} turns")
                    return
                self.turn += 1
                if self.asleep[seat] > 0:
                    self.asleep[seat] -= 1
                    self.log("skip_asleep", member=seat, left=self.asleep[seat])
                else:
                    self.active = seat
                    self._draw_phase()
                    self.phase = ACTION
                    self.log("turn", member=seat, round=self.round)
                    if self.piles.face_down_slots():
                        return
                    # Nothing left to choose (the maze ran out of cards): turn ends.
                    self.log("no_choice", member=seat)
            self._next_member()

    def _next_member(self) -> None:
        self.order_pos += 1
        if self.order_pos == self.n:
            self.order_pos = 0
            self._end_round()

    def _end_round(self) -> None:
        left = [i for i in range(5) if not self.removed_actions[i] and not self.used[i]]
        # "If there are no actions left to use, the actions unlock": an action that
        # cannot be tried now (Boost Morale with no Dead End stuck) is not left to use.
        if any(self.used) and not any(self._can_try(i) for i in left):
            self.used = [False] * 5
            self.log("actions_unlocked", round=self.round)
        self.round += 1

    def _draw_phase(self) -> None:
        """The DM fills the river to three cards, face down."""
        piles = self.piles
        for i in range(3):
            if piles.river[i] == EMPTY:
                if piles.ensure_deck(self.dice):
                    self.log("reshuffle", deck=len(piles.deck))
                if not piles.deck:
                    break
                card, known = piles.draw()
                piles.river[i] = card
                piles.river_known[i] = known == KNOWN
                piles.stuck[i] = False

    def _end_turn(self) -> None:
        """Cleanup: discard the river except stuck Dead Ends; next member."""
        piles = self.piles
        for i in range(3):
            if piles.river[i] != EMPTY and not piles.stuck[i]:
                piles.to_discard(piles.river[i], known=self.revealed[i] or piles.river_known[i])
                piles.river[i] = EMPTY
                piles.river_known[i] = False
        if self.slowing_pending:
            self.slowing_pending = False
            slot = piles.river.index(EMPTY)
            piles.river[slot] = DEAD_END
            piles.stuck[slot] = True
            self.added[DEAD_END] += 1
            self.log("dead_end_added", slot=slot, by="Slowing Trap")
        if piles.stuck_dead_ends() == 3:
            piles.river = [EMPTY, EMPTY, EMPTY]
            piles.stuck = [False, False, False]
            self.removed[DEAD_END] += 3
            piles.to_discard(MONSTER, known=True)
            self.added[MONSTER] += 1
            self.log("river_of_dead_ends", removed=3, monster_added_to_discard=True)
        self.revealed = [False, False, False]
        self.scout_card = EMPTY
        self._next_member()
        self._begin_turn()

    # -------------------------------------------------------- action phase
    def _check(self, modifier: int, dc: int, what: str) -> bool:
        roll = self.dice.roll(20)
        bonus = 0
        if self.charms:
            self.charms -= 1
            bonus = 2
        ok = roll + modifier + bonus >= dc
        self.log("check", member=self.active, what=what, roll=roll, modifier=modifier,
                 bonus=bonus, dc=dc, success=ok)
        return ok

    def _action_phase(self, action: int) -> None:
        if action == A.PASS:
            self.phase = CHOOSE
            return
        if A.WAKE <= action < A.WAKE + A.MAX_MEMBERS:
            seat = action - A.WAKE
            self.asleep[seat] = 0
            self.log("woken", member=seat, by=self.active)
            self.phase = CHOOSE
            return
        if A.POTION <= action < A.POTION + A.MAX_MEMBERS:
            self._drink(action - A.POTION)
            self.phase = CHOOSE
            return
        stat = action
        ok = self._check(self.party[self.active].mods[stat], self.maze.dc, A.ACTION_NAMES[stat])
        self.phase = CHOOSE
        if not ok:
            return
        self.used[stat] = True
        piles = self.piles
        if stat == A.USE_STR:
            piles.to_discard(RIGHT_PATH, known=True)
            piles.to_discard(RIGHT_PATH, known=True)
            self.added[RIGHT_PATH] += 2
            self.log("forge_a_path", right_paths_added=2)
        elif stat == A.USE_DEX:
            if piles.ensure_deck(self.dice):
                self.log("reshuffle", deck=len(piles.deck))
            self.scout_card = piles.deck[-1]
            piles.deck_known[-1] = KNOWN
            self.log("scout_ahead", card=KIND_NAMES[self.scout_card])
            self.phase = SCOUT_REVEAL
        elif stat == A.USE_INT:
            drawn = []
            for _ in range(3):
                if piles.ensure_deck(self.dice):
                    self.log("reshuffle", deck=len(piles.deck))
                drawn.append(piles.draw()[0])
            self.elementary = drawn
            self.log("its_elementary", cards=[KIND_NAMES[c] for c in drawn])
            self.phase = ELEMENTARY
        elif stat == A.USE_WIS:
            self.reveals_left = 2
            self.log("careful_consideration")
            self.phase = CAREFUL_REVEAL
        elif stat == A.USE_CHA:
            slot = piles.stuck.index(True)
            piles.river[slot] = EMPTY
            piles.stuck[slot] = False
            self.removed[DEAD_END] += 1
            if piles.ensure_deck(self.dice):
                self.log("reshuffle", deck=len(piles.deck))
            if piles.deck:
                card, known = piles.draw()
                piles.river[slot] = card
                piles.river_known[slot] = known == KNOWN
            self.log("boost_morale", slot=slot)

    def _drink(self, seat: int) -> None:
        heal_spec = next(
            (t.heal for t in self.maze.treasure_table if t.effect == "potion"), (2, 4, 2)
        )
        count, sides, bonus = heal_spec
        amount = bonus + sum(self.dice.roll(sides) for _ in range(count))
        before = self.hp[seat]
        self.hp[seat] = min(self.party[seat].hp, before + amount)
        self.potions -= 1
        self.log("potion", member=seat, by=self.active, healed=self.hp[seat] - before)

    def _elementary_bottom(self, index: int) -> None:
        piles = self.piles
        cards = self.elementary
        bottom = cards.pop(index)
        piles.put_bottom(bottom, KNOWN)
        self.dice.shuffle(cards)
        flag = KNOWN_SET if len(cards) > 1 else KNOWN
        for card in cards:
            piles.put_top(card, flag)
        self.elementary = []
        self.log("elementary_bottom", card=KIND_NAMES[bottom])
        self.phase = CHOOSE

    # ------------------------------------------------------- choosing phase
    def _reveal(self, slot: int) -> None:
        self.revealed[slot] = True
        self.log("reveal", slot=slot, card=KIND_NAMES[self.piles.river[slot]])

    def _reveal_and_resolve(self, slot: int) -> None:
        self._reveal(slot)
        self._resolve_slot(slot)

    def _resolve_slot(self, slot: int) -> None:
        piles = self.piles
        card = piles.river[slot]
        self.log("choose", slot=slot, card=KIND_NAMES[card])
        if card == DEAD_END:
            piles.stuck[slot] = True
        self._resolve(card)

    def _take_scouted(self) -> None:
        piles = self.piles
        card, _ = piles.draw()
        self.log("choose", slot="deck", card=KIND_NAMES[card])
        if card == DEAD_END:
            # Cleanup frees the revealed river slot; the taken Dead End sticks there.
            slot = next(i for i in range(3) if self.revealed[i])
            piles.to_discard(piles.river[slot], known=True)
            piles.river[slot] = DEAD_END
            piles.stuck[slot] = True
            piles.river_known[slot] = False
            self.revealed[slot] = False
        else:
            piles.to_discard(card, known=True)
        self._resolve(card)

    def _resolve(self, card: int) -> None:
        """Resolve a taken card; then cleanup unless a decision or a fight is pending."""
        if card == RIGHT_PATH:
            self.points += 1
            self.log("right_path", points=self.points)
            if self.points >= self.maze.right_paths_to_win:
                self.finish("escaped", reason=f"{self.points} Right Paths")
                return
        elif card == DEAD_END:
            self.log("dead_end")
        elif card == MONSTER:
            self.dm_points += 1
            self.log("monster_approaches", dm_points=self.dm_points)
            if self.dm_points >= 2:
                self.dm_points = 0
                self.phase = COMBAT
                combat.start_encounter(self)
                if self.outcome is None and self.combat is None:
                    self._end_turn()
                return
        elif card == ROOM:
            if self._room():
                return
        self._end_turn()

    def _room(self) -> bool:
        """A Room: roll a trap, try to disarm it. True if a decision is now pending."""
        maze = self.maze
        trap = maze.trap_for(self.dice.roll(6))
        seat = self.active
        self.log("trap", name=trap.name, effect=trap.effect)
        if self._check(self.party[seat].dex, maze.dc + trap.dc_offset, "disarm " + trap.name):
            treasure = maze.treasure_for(self.dice.roll(6))
            self.log("treasure", name=treasure.name, effect=treasure.effect)
            if treasure.effect == "potion":
                self.potions += 1
            elif treasure.effect == "charm":
                self.charms += 1
            elif treasure.effect == "map":
                piles = self.piles
                if piles.ensure_deck(self.dice):
                    self.log("reshuffle", deck=len(piles.deck))
                if len(piles.deck) >= 2:
                    piles.deck_known[-1] = KNOWN
                    piles.deck_known[-2] = KNOWN
                    self.log("map_shows", top=KIND_NAMES[piles.deck[-1]],
                             second=KIND_NAMES[piles.deck[-2]])
                    self.phase = MAP
                    return True
            return False
        if trap.effect == "slowing":
            self.slowing_pending = True
        elif trap.effect == "poison_dart":
            dc = maze.dc + trap.save_offset
            for s in range(self.n):
                if self.hp[s] <= 0:
                    continue
                roll = self.dice.roll(20)
                saved = roll + self.party[s].dex >= dc
                dmg = 0 if saved else combat.roll_damage(self, trap.damage, crit=False)
                self.log("poison_save", member=s, roll=roll, dc=dc, saved=saved, damage=dmg)
                if dmg:
                    self.damage(s, dmg)
                if self.outcome is not None:
                    return True
        elif trap.effect == "sleep_dust":
            self.piles.put_top(MONSTER, KNOWN)
            self.added[MONSTER] += 1
            self.asleep[seat] = trap.sleep_turns
            self.log("asleep", member=seat, turns=trap.sleep_turns, monster_on_top=True)
        return False

    def _map_order(self, swap: bool) -> None:
        deck = self.piles.deck
        if swap:
            deck[-1], deck[-2] = deck[-2], deck[-1]
        self.log("map_order", swapped=swap)
        self._end_turn()

    # ---------------------------------------------------------------- combat
    def _combat_action(self, action: int) -> None:
        enc = self.combat
        seat = self.active
        if action == A.ATTACK:
            combat.member_attack(self, seat)
        elif action == A.DODGE:
            enc.dodging[seat] = True
            self.log("dodge", member=seat)
        elif action == A.HELP:
            enc.helped_by = seat
            self.log("help", member=seat)
        elif A.WAKE <= action < A.WAKE + A.MAX_MEMBERS:
            self.asleep[action - A.WAKE] = 0
            self.log("woken", member=action - A.WAKE, by=seat)
        else:
            self._drink(action - A.POTION)
        if self.outcome is not None:
            return
        if self.combat is None:  # the monster was slain
            self._end_turn()
            return
        combat.advance_combat(self)
        if self.outcome is None and self.combat is None:
            self._end_turn()

    # ------------------------------------------------------ copies and views
    def clone(self) -> MazePartyGame:
        new = MazePartyGame.__new__(MazePartyGame)
        d = new.__dict__
        d.update(self.__dict__)
        new.dice = self.dice.copy()
        new.events = self.events[:]
        new.hp = self.hp[:]
        new.asleep = self.asleep[:]
        new.removed_actions = self.removed_actions[:]
        new.used = self.used[:]
        new.added = self.added[:]
        new.removed = self.removed[:]
        new.revealed = self.revealed[:]
        new.elementary = self.elementary[:]
        new.initiative = self.initiative[:]
        new.order = self.order[:]
        new.piles = self.piles.copy()
        new.combat = self.combat.copy() if self.combat is not None else None
        new._legal = None
        return new

    def determinize(self, player: int, rng: np.random.Generator) -> MazePartyGame:
        """Resample the deck order and every card the party has not seen.

        The whole party shares one view (it is cooperative and all reveals are public),
        so ``player`` does not change what is hidden. Cards being revealed right now
        (river reveals, the scouted card, the It's Elementary! draw) are known.
        """
        new = self.clone()
        new.dice = Dice(np.random.default_rng(rng.integers(2**63)))
        # Revealed river cards are known this turn.
        saved = new.piles.river_known[:]
        for i in range(3):
            if new.revealed[i]:
                new.piles.river_known[i] = True
        new.piles.determinize(new.dice)
        new.piles.river_known = saved
        return new

    def card_counts(self) -> list[int]:
        """Cards of each kind in play now (piles + the It's Elementary! hand)."""
        c = self.piles.counts()
        for card in self.elementary:
            c[card] += 1
        return c

    def expected_counts(self) -> list[int]:
        """What card conservation says :meth:`card_counts` must be."""
        return [self.maze.cards[k] + self.added[k] - self.removed[k] for k in range(4)]

    # ------------------------------------------------------------ the table
    def observation_for(self, player: int) -> dict[str, Any]:
        """What member ``player`` sees, as JSON-ready data with names.

        The party is cooperative and every reveal is public, so every member sees the
        same table; ``player`` only fills ``seat`` and, as the engine contract asks,
        ``legal_actions`` is listed for the member to act and empty for the others
        (the decision itself, ``phase`` and ``decision``, is on the table for all).
        Shown: the maze, whose turn it is, the party's sheets and status, the stat
        actions' state, the River (a face-down card by name only if the party knows
        it), what the party knows of the deck (a known pair as a sorted list: which
        two cards, never their order), the counts the float observation carries,
        the fight, and the outcome. Never the deck order, the deck's or the
        discard's make-up beyond what was seen, or a face-down card nobody saw: two
        determinizations of the same state give equal dicts.

        GM ruling on the fight: the monster's name, AC and current and maximum hit
        points are shown. In this game the monster tables and stat blocks are printed
        on the maze table the party plays from, every hit's damage and the monster's
        remaining HP go into the public event log, and the float observation the
        agents learn from carries the HP fraction, maximum HP and AC; hiding them
        from a human at the table would only give people less than the agents get.
        Where the monster's next attack lands is not shown: it is rolled when it
        attacks.

        Args:
            player: A seat, ``0 <= player < n``.

        Raises:
            ValueError: ``player`` is not a seat of this party.
        """
        if not 0 <= player < self.n:
            raise ValueError(f"player must be a seat 0-{self.n - 1}, got {player}")
        piles = self.piles
        over = self.outcome is not None
        combat_state = self.combat
        members = []
        for s, ch in enumerate(self.party):
            members.append({
                "seat": s,
                "id": ch.key,
                "name": ch.name,
                "modifiers": dict(zip(STATS, ch.mods, strict=True)),
                "hp": self.hp[s],
                "max_hp": ch.hp,
                "ac": ch.ac,
                "attack_bonus": ch.attack_bonus,
                "damage": _dice_text(ch.damage),
                "initiative": self.initiative[s],
                "down": self.hp[s] <= 0,
                "asleep_turns": self.asleep[s],
                "dodging": combat_state is not None and combat_state.dodging[s],
                "acting": not over and s == self.active,
            })
        stat_actions = []
        for i, name in enumerate(A.ACTION_NAMES):
            if self.removed_actions[i]:
                state = "removed"
            elif self.used[i]:
                state = "used"
            else:
                state = "ready"
            stat_actions.append({
                "action": i, "name": name, "stat": STATS[i], "state": state,
                # Ready and with something to act on (Boost Morale needs a stuck
                # Dead End, ...): what the action phase would offer.
                "can_try_now": state == "ready" and self._can_try(i),
            })
        river = []
        for i in range(3):
            card = piles.river[i]
            if card == EMPTY:
                slot = {"slot": i, "state": "empty", "card": None}
            elif piles.stuck[i]:
                slot = {"slot": i, "state": "stuck", "card": KIND_NAMES[card]}
            elif self.revealed[i]:
                slot = {"slot": i, "state": "face_up", "card": KIND_NAMES[card]}
            else:
                # Face down; named only when the party saw it on the deck.
                name = KIND_NAMES[card] if piles.river_known[i] else None
                slot = {"slot": i, "state": "face_down", "card": name}
            river.append(slot)
        deck, known = piles.deck, piles.deck_known
        n_deck = len(deck)
        known_discard = [0, 0, 0, 0]
        for card, k in zip(piles.discard, piles.discard_known, strict=True):
            if k != UNKNOWN:
                known_discard[card] += 1
        history = [0, 0, 0]
        for e in self.events:
            kind = e["type"]
            if kind == "monster_approaches":
                history[0] += 1
            elif kind == "dead_end":
                history[1] += 1
            elif kind == "encounter":
                history[2] += 1
        return {
            "game": "maze_party",
            "num_players": self.n,
            "seat": player,
            "maze": {
                "id": self.maze.key,
                "name": self.maze.name,
                "dc": self.maze.dc,
                "right_paths_to_win": self.maze.right_paths_to_win,
                "slaying_the_monster_wins": self.maze.kill_monster_wins,
            },
            "turn": self.turn,
            "max_turns": self.max_turns,
            "round": self.round,
            "current_player": None if over else self.active,
            "to_act": None if over else {
                "seat": self.active, "name": self.party[self.active].name,
            },
            "phase": PHASE_NAMES[self.phase],
            "decision": self._decision_text(),
            # Another seat's options would tell nothing new here (the party shares
            # everything), but the contract keeps them for the seat to act.
            "legal_actions": self.legal_actions_named(player),
            "party": members,
            "initiative_order": list(self.order),
            "stat_actions": stat_actions,
            "items": {"healing_potions": self.potions, "lucky_charms": self.charms},
            "slowing_trap_pending": self.slowing_pending,
            "river": river,
            "scouted_card": (
                KIND_NAMES[self.scout_card] if self.scout_card != EMPTY else None
            ),
            "elementary_drawn": [KIND_NAMES[c] for c in self.elementary],
            "deck": {
                "size": n_deck,
                "known_top": _known_name(deck, known, -1),
                "known_second": _known_name(deck, known, -2),
                # Sorted, so that a list never tells the order the party does not know.
                "known_pair": sorted(
                    KIND_NAMES[c] for c, k in zip(deck, known, strict=True)
                    if k == KNOWN_SET
                ),
                "known_bottom": _known_name(deck, known, 0) if n_deck > 2 else None,
            },
            "discard": {
                "size": len(piles.discard),
                "known": _by_kind(known_discard),
            },
            "counts": {
                "right_paths_found": self.points,
                "monster_cards_taken": history[0],
                "monster_count": self.dm_points,
                "encounters": history[2],
                "dead_ends_taken": history[1],
                "dead_ends_stuck": piles.stuck_dead_ends(),
                "in_play": _by_kind(self.card_counts()),
                "unseen": _by_kind(piles.unseen_counts()),
            },
            "combat": self._combat_view(),
            "outcome": self.outcome,
            "reason": next(
                (e.get("reason") for e in reversed(self.events) if e["type"] == "game_over"),
                None,
            ),
            "returns": self.returns() if over else None,
        }

    def _decision_text(self) -> str:
        """The decision asked now, in words."""
        who = "" if self.outcome is not None else self.party[self.active].name + ": "
        return who + {
            ACTION: "try a stat action, wake a sleeper, give a potion or pass",
            CHOOSE: "choose a face-down River card",
            SCOUT_REVEAL: "Scout Ahead - pick the River card to reveal",
            SCOUT_CHOICE: "Scout Ahead - take a revealed River card or the scouted "
                          "deck card",
            CAREFUL_REVEAL: f"Careful Consideration - pick a River card to reveal "
                            f"({self.reveals_left} left)",
            CAREFUL_CHOICE: "Careful Consideration - choose one of the revealed cards",
            ELEMENTARY: "It's Elementary! - pick the drawn card to put on the bottom "
                        "of the deck",
            MAP: "Map Fragment - keep or swap the top two cards of the deck",
            COMBAT: "attack, dodge, help, give a potion or wake a sleeper",
            OVER: "the maze run is over",
        }[self.phase]

    def _combat_view(self) -> dict[str, Any] | None:
        enc = self.combat
        if enc is None:
            return None
        m = enc.monster
        order = []
        for seat in enc.order:
            if seat == combat.MONSTER_SEAT:
                order.append({"seat": None, "name": m.name})
            else:
                order.append({"seat": seat, "name": self.party[seat].name})
        return {
            "monster": m.name,
            "monster_id": m.key,
            "hp": max(enc.hp, 0),
            "max_hp": m.hp,
            "ac": m.ac,
            "reckless": enc.reckless_active,
            "monster_turns_taken": enc.monster_turns,
            "help_from": enc.helped_by if enc.helped else None,
            "order": order,
            "turn_in_order": enc.pos,
        }

    # -------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        # A snapshot: nothing in it may alias the live game's lists.
        return copy.deepcopy({
            "maze": self.maze.key,
            "party": [c.key for c in self.party],
            "max_turns": self.max_turns,
            "dice": self.dice.state(),
            "events": [dict(e) for e in self.events],
            "turn": self.turn,
            "round": self.round,
            "hp": self.hp,
            "asleep": self.asleep,
            "removed_actions": self.removed_actions,
            "used": self.used,
            "points": self.points,
            "dm_points": self.dm_points,
            "potions": self.potions,
            "charms": self.charms,
            "added": self.added,
            "removed": self.removed,
            "outcome": self.outcome,
            "phase": self.phase,
            "active": self.active,
            "revealed": self.revealed,
            "scout_card": self.scout_card,
            "reveals_left": self.reveals_left,
            "elementary": self.elementary,
            "slowing_pending": self.slowing_pending,
            "initiative": self.initiative,
            "order": self.order,
            "order_pos": self.order_pos,
            "piles": self.piles.to_dict(),
            "combat": self.combat.to_dict() if self.combat else None,
        })

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MazePartyGame:
        game = cls.__new__(cls)
        sheets = characters()
        game.maze = mazes()[data["maze"]]
        game.party = tuple(sheets[k] for k in data["party"])
        game.n = len(game.party)
        game.num_players = game.n
        game.max_turns = data["max_turns"]
        game.dice = Dice.from_state(data["dice"])
        game.events = [dict(e) for e in data["events"]]
        for key in (
            "turn", "round", "points", "dm_points", "potions", "charms", "outcome",
            "phase", "active", "scout_card", "reveals_left", "slowing_pending", "order_pos",
        ):
            setattr(game, key, data[key])
        for key in (
            "hp", "asleep", "removed_actions", "used", "added", "removed", "revealed",
            "elementary", "initiative", "order",
        ):
            setattr(game, key, list(data[key]))
        game.piles = Piles.from_dict(data["piles"])
        game.combat = (
            combat.Encounter.from_dict(data["combat"], monsters()) if data["combat"] else None
        )
        game._legal = None
        return game
