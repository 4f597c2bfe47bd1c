"""Dungeon Crawler Labyrinth: 2-6 adventurers race through a labyrinth laid tile by tile
to the treasure chest at its centre; the first to land on it wins.

Pure rules, no RL libraries. One :class:`DungeonCrawlerGame` is one game; seats are
players in clockwise order. Every decision is a point of the fixed action space of
:mod:`.actions`; monsters are moved by their tactics, and their controller is asked
only what the rules leave to it (which of equally near adventurers).

**Starting.** Every player rolls 2d6; ties for the highest roll again (only those
players). Play goes clockwise from the winner. In that order each player chooses an
adventurer card, then an unoccupied spawn point 1-4 to start on. With 5 or 6 players
the first four clockwise from the winner start so; the others join after one full
round, choosing an adventurer and placed by the re-spawn die.

**An activation** (the rulebook's five steps, in order; a cleric first heals):

1. each monster the player controls moves, in the order drawn, by its tactics;
2. each of them attacks an adventurer if it can;
3. the player draws a tile and places it in an open slot, any rotation (no tile is
   drawn while no slot is open or the deck is empty); a treasure pile token goes on
   each of its X squares only when that tile is first placed (one Shifting Rooms sent
   back to the deck gets none when placed again) and while tokens are left;
4. below the player's maximum of monsters (12/8/6/5/4 for 2/3/4/5/6 players; "the
   Doppelganger counts as a Monster": the figure its event card brings counts) it draws
   an encounter card and puts that monster on an unoccupied spawn point or an
   unoccupied square of the centre tile; the monster then moves *or* attacks by its
   tactics (from a spawn point it must move off if it can, and so cannot attack);
5. the adventurer's pair: attack and move, move and attack, or attack and attack; an
   adventurer off the board (slain, or picked up) instead spawns, then attacks or
   moves. An adventurer with no move and no attack may be picked up (No Exits!) and
   spawns in its next activation.

**Monster tactics** (each card's three lines, applied in the order Within X, LoS, No
LoS): ``attack`` moves by the shortest way to a square it can attack the nearest
adventurer from (detouring around other monsters only when such a square is within
two activations' movement, else closing in as far as it can) and attacks it;
``chest`` ends between the chest and the nearest adventurer; ``flee`` moves as far
from the nearest adventurer as it can; ``hold`` stays. Monsters pass through each
other but never end on a figure, a spawn point or the chest, never step into lava
unless flying or fire-immune and never end on deep water unless flying or aquatic.
Nearest is by movement cost (king steps when no way leads there); equally near
adventurers are the controller's choice. Other ties (equally good squares) go to
the square nearest the target, then the cheaper, then the first in row-major order.

**Movement and pushes.** An adventurer moves square to square choices at a time: to
any square its remaining MV reaches (costs and corners in :mod:`.geometry`; it passes
no figure) or into an adjacent figure's square to Push Past it: each side rolls a d6
and the defender wins ties. The pusher's player rolls for its adventurer; a pushed
adventurer's player or a pushed monster's controller rolls for it, except that "have
an opponent roll for a Monster you control": a player pushing its own monster has the
next player clockwise roll for the monster (the events ``push_roll`` and ``push`` name
both rollers, ``rolled_by``). A winner moves the loser to an adjacent unoccupied square
of its choosing (a monster never onto a spawn point or the chest) or into lava, and
takes its place, paying that step; it may keep moving and pushing while MV lasts. A
loser's move ends; a monster that wins may push the adventurer into an adjacent lava
square (its controller's choice). "Unpushable" monsters cannot be pushed; "hurts
pusher" ones wound whoever tries. A figure pushed into lava without flight or fire
immunity, or onto deep water without flight or swimming, is destroyed (a monster so
destroyed is slain by the pusher).

**Attacks.** Melee hits an adjacent figure; ranged any non-adjacent figure in line of
sight; an area attack a 3x3 area whose centre is a non-adjacent square in line of
sight, rolled separately against every figure in it but the attacker. Each die (plus
the attacker's bonus to each) that meets the target's DEF is a wound; a figure whose
wounds reach its BP is removed. A slain adventurer leaves the board and its player
spawns it again (possibly as another free adventurer) in the next adventurer phase.

**Re-spawning.** A d6: 1-4 that spawn point; 5 a spawn point 5 of the player's choice;
6 the floating spawn point 6 if it is on the board and free, else any free spawn point
of the player's choice. An occupied point gives the next number down (wrapping from 1
to the highest number on the board), then the next, until a free one.

**Winning.** The first adventurer to land on the chest wins: +1, everyone else -1. A
game reaching ``max_rounds`` rounds is truncated (0 for all).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.arguments import boolean, integer
from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.core.engine import DecisionGame
from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.board import Board
from labyrinth_gym.envs.dungeon_crawler.engine.data import (
    Adventurer,
    Monster,
    adventurer,
    adventurers,
    monster,
    monsters,
    tiles,
    treasure_card,
    treasure_cards,
)
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    LAVA,
    Mover,
    Square,
    adjacent,
    area,
    corner_open,
    enterable,
    king_distance,
    may_end_on,
    neighbours,
    reachable,
    step_cost,
)
from labyrinth_gym.envs.dungeon_crawler.engine.treasure import (
    RANGED_KINDS,
    TreasureRules,
)

MAX_MONSTERS = {2: 12, 3: 8, 4: 6, 5: 5, 6: 4}
"""Monsters each player may control, by player count (the rulebook's table)."""
STARTING_SEATS = 4
"""Players placed at the start; the rest join after one full round."""


@dataclass
class Figure:
    """An adventurer or a monster on the board.

    Attributes:
        fid: Figure id.
        kind: ``"adventurer"`` or ``"monster"``.
        name: Its card's name.
        owner: The seat playing it (a monster's controller).
        square: Where it stands.
        wounds: Wounds taken.
    """

    fid: int
    kind: str
    name: str
    owner: int
    square: Square
    wounds: int = 0


@dataclass
class Seat:
    """A player's side of the table.

    Attributes:
        card: Index in :func:`~data.adventurers` of its adventurer (None: none chosen,
            or slain).
        hero: Figure id of its adventurer on the board (None: off the board).
        monsters: Figure ids of the monsters it controls, in the order drawn.
        joined: It has entered the game (players 5 and 6 join after a round).
        hand: Treasure card ids in its hand (hidden from the others).
        equipped: Treasure card ids in play on its adventurer (public).
    """

    card: int | None = None
    hero: int | None = None
    monsters: list[int] = field(default_factory=list)
    joined: bool = True
    hand: list[int] = field(default_factory=list)
    equipped: list[int] = field(default_factory=list)

    def copy(self) -> Seat:
        return Seat(self.card, self.hero, list(self.monsters), self.joined, list(self.hand),
                    list(self.equipped))


class DungeonCrawlerGame(TreasureRules, DecisionGame):
    """One game of Dungeon Crawler Labyrinth (rules in the module docstring)."""

    num_actions = A.NUM_ACTIONS

    # ---------------------------------------------------------- construction
    @classmethod
    def new(cls, rng: np.random.Generator | int | None = None, *, num_players: int = 2,
            hard: bool = False, max_rounds: int = 60,
            _setup: bool = True) -> DungeonCrawlerGame:
        num_players = integer("num_players", num_players, 2, 6)
        hard = boolean("hard", hard)
        max_rounds = integer("max_rounds", max_rounds, 1)
        game = cls.__new__(cls)
        game.dice = Dice(rng)
        game.num_players = num_players
        game.hard = hard
        game.max_rounds = max_rounds
        game.events = []
        game.board = Board(hard=hard)
        game.tile_deck = list(range(len(tiles())))
        game.dice.shuffle(game.tile_deck)
        game.encounters = [m.name for m in monsters() for _ in range(m.count)]
        game.dice.shuffle(game.encounters)
        game.encounter_discard: list[str] = []
        game.treasure = list(range(len(treasure_cards())))
        game.dice.shuffle(game.treasure)
        game.treasure_discard: list[int] = []
        game.secret_room: list[int] = []
        game.secret_owner = None
        game.secret_door = None
        game.placed_tiles: dict[tuple[int, int], int] = {}
        game.laid: set[int] = set()  # tiles placed at least once (their piles had tokens)
        game.figures: dict[int, Figure] = {}
        game.at: dict[Square, int] = {}
        game.next_fid = 1
        game.seats = [Seat() for _ in range(num_players)]
        game.turn = 0
        game.round = 0
        game.outcome = None
        game.winner = None
        game.decision = None
        game.queue = []
        game.ctx = {}
        game._legal = None
        game._search = None
        game._moves = None
        if not _setup:
            game.first, game.order = 0, list(range(num_players))
            return game
        game._order(num_players)
        game._run()
        return game

    @classmethod
    def empty(cls, rng: np.random.Generator | int | None = 0, *, num_players: int = 2,
              hard: bool = False, max_rounds: int = 60) -> DungeonCrawlerGame:
        """A position for scripted tests: the printed board, shuffled decks, no figures,
        seats in order 0, 1, ...; build it with :meth:`add_adventurer`,
        :meth:`add_monster` and :meth:`place_tile`, then :meth:`start`."""
        return cls.new(rng, num_players=num_players, hard=hard, max_rounds=max_rounds,
                       _setup=False)

    def add_adventurer(self, p: int, name: str, sq: Square) -> int:
        seat = self.seats[p]
        seat.card = self._card_index(name)
        seat.hero = self._put("adventurer", name, p, sq)
        return seat.hero

    def add_monster(self, p: int, name: str, sq: Square) -> int:
        monster(name)  # a KeyError naming the monsters for a wrong name
        fid = self._put("monster", name, p, sq)
        self.seats[p].monsters.append(fid)
        return fid

    def place_tile(self, name: str, slot: tuple[int, int], quarter_turns: int = 0) -> None:
        """Place a tile of that name, taken from the tile deck."""
        i = next(i for i in self.tile_deck if tiles()[i].name == name)
        self.tile_deck.remove(i)
        self.placed_tiles[slot] = i
        self.board.place(name, tiles()[i].picture, slot, quarter_turns,
                         piles=i not in self.laid)
        self.laid.add(i)

    def give_card(self, p: int, name: str) -> int:
        """Move the treasure card ``name`` from the deck to ``p``'s hand (tests)."""
        cid = next(c.cid for c in treasure_cards() if c.name == name)
        self.treasure.remove(cid)
        self.seats[p].hand.append(cid)
        return cid

    def start(self, p: int, steps: tuple[str, ...] | None = None) -> None:
        """Run ``p``'s activation from the top (or only its ``steps``, then stop)."""
        self.decision = None
        self.ctx = {"player": p}
        self.queue = [("activation", p)] if steps is None else [(s, p) for s in steps]
        self._run()

    def _order(self, n: int) -> None:
        """The roll-off: 2d6 each, ties for the highest roll again; clockwise from the
        winner. The first four (clockwise) choose an adventurer and a start point."""
        rolling = list(range(n))
        while True:
            rolls = {p: self.dice.roll(6) + self.dice.roll(6) for p in rolling}
            self.log("roll_off", rolls={str(p): r for p, r in rolls.items()})
            top = max(rolls.values())
            rolling = [p for p in rolling if rolls[p] == top]
            if len(rolling) == 1:
                break
        self.first = rolling[0]
        self.order = [(self.first + i) % n for i in range(n)]
        for i, p in enumerate(self.order):
            self.seats[p].joined = i < STARTING_SEATS
        self.queue = [("setup", p) for p in self.order[:STARTING_SEATS]]
        self.queue.append(("activation", self.order[0]))

    # ------------------------------------------------------------- helpers

    def card(self, seat: int) -> Adventurer:
        return adventurers()[self.seats[seat].card]  # type: ignore[index]

    def stats(self, fid: int) -> Adventurer | Monster:
        f = self.figures[fid]
        return adventurer(f.name) if f.kind == "adventurer" else monster(f.name)

    @staticmethod
    def _card_index(name: str) -> int:
        return next(i for i, a in enumerate(adventurers()) if a.name == name)

    def mover(self, fid: int) -> Mover:
        f = self.figures[fid]
        return monster(f.name).mover if f.kind == "monster" else self.hero_mover(f.owner)

    def bp(self, fid: int) -> int:
        f = self.figures[fid]
        if f.kind == "monster":
            return monster(f.name).bp
        return self.stats(fid).bp + self.equip_bonus(f.owner, "bp")

    def defence(self, fid: int, kind: str = "") -> int:
        """Figure ``fid``'s defence against an attack of ``kind`` (equipment
        included)."""
        f = self.figures[fid]
        if f.kind == "monster":
            return monster(f.name).defence
        extra = self.equip_bonus(f.owner, "def")
        if kind in RANGED_KINDS:
            extra += self.equip_bonus(f.owner, "def_ranged")
        return self.stats(fid).defence + extra

    def hero_mv(self, p: int) -> int:
        return self.card(p).mv + self.equip_bonus(p, "mv")

    def adventurer_figures(self) -> list[int]:
        return [s.hero for s in self.seats if s.hero is not None]

    def max_monsters(self) -> int:
        return MAX_MONSTERS[self.num_players]

    def free_cards(self, p: int | None = None) -> list[int]:
        """Adventurer cards no player (but ``p``) is using."""
        used = {s.card for q, s in enumerate(self.seats) if s.card is not None and q != p}
        return [i for i in range(len(adventurers())) if i not in used]

    def _put(self, kind: str, name: str, owner: int, sq: Square) -> int:
        fid = self.next_fid
        self.next_fid += 1
        self.figures[fid] = Figure(fid, kind, name, owner, sq)
        self.at[sq] = fid
        return fid

    def _move_figure(self, fid: int, sq: Square) -> None:
        f = self.figures[fid]
        if self.at.get(f.square) == fid:
            del self.at[f.square]
        f.square = sq
        self.at[sq] = fid

    def _remove(self, fid: int) -> None:
        f = self.figures.pop(fid)
        if self.at.get(f.square) == fid:
            del self.at[f.square]
        seat = self.seats[f.owner]
        if f.kind == "monster":
            seat.monsters.remove(fid)
            card = monster(f.name).card
            if card:  # the Doppelganger: its event card goes to the treasure discard
                self.treasure_discard.append(treasure_card(card).cid)
            else:
                self.encounter_discard.append(f.name)
        else:
            seat.hero = None
            seat.card = None  # the card goes back: any free adventurer may respawn

    # ------------------------------------------------------- engine contract
    def returns(self) -> list[float]:
        if self.outcome is None or self.winner is None:
            return [0.0] * self.num_players
        return [1.0 if p == self.winner else -1.0 for p in range(self.num_players)]

    def _apply(self, action: int) -> None:
        self._act(action)
        self._run()

    def turn_count(self) -> int:
        return self.round

    # ----------------------------------------------------------- the driver
    def _run(self) -> None:
        """Advance until a player must decide (or the game ends)."""
        while self.outcome is None and self.decision is None and self.queue:
            step, *args = self.queue.pop(0)  # (the next activation is always queued)
            getattr(self, f"_step_{step}")(*args)
        self._legal = None

    def _ask(self, kind: str, player: int, **extra: Any) -> None:
        self.decision = {"kind": kind, "player": player, **extra}

    # --------------------------------------------------------------- set-up
    def _step_setup(self, p: int) -> None:
        self._ask("choose_adventurer", p, then="start")

    def _step_activation(self, p: int) -> None:
        """Queue the steps of ``p``'s activation, then the next player's."""
        if p == self.order[0]:
            self.round += 1
            if self.round > self.max_rounds:
                self._finish(None, "max_rounds")
                return
            if self.round == 2:
                for q in self.order[STARTING_SEATS:]:
                    self.seats[q].joined = True
                    self.log("joins", player=q)
        self.turn += 1
        nxt = self.order[(self.order.index(p) + 1) % self.num_players]
        if not self.seats[p].joined:
            self.queue = [("activation", nxt)]
            return
        self.log("activation", player=p, round=self.round)
        window = ("card_window", [])
        self.queue = [("heal", p), window, ("monsters_move", p), window,
                      ("monsters_attack", p), window, ("tile", p), window,
                      ("spawn_monster", p), ("card_window", [p]), ("adventurer", p),
                      ("activation", nxt)]
        self.ctx = {"player": p}

    def _step_heal(self, p: int) -> None:
        seat = self.seats[p]
        if seat.hero is None:
            return
        f = self.figures[seat.hero]
        heal = self.card(p).heal + self.equip_bonus(p, "heal")
        if heal and f.wounds:
            healed = min(heal, f.wounds)
            f.wounds -= healed
            self.log("heal", player=p, healed=healed, wounds=f.wounds)

    # ------------------------------------------------------------- monsters
    def _step_monsters_move(self, p: int, left: list[int] | None = None) -> None:
        self._monsters(p, "move", left)

    def _step_monsters_attack(self, p: int, left: list[int] | None = None) -> None:
        self._monsters(p, "attack", left)

    def _monsters(self, p: int, part: str, left: list[int] | None) -> None:
        """Move (or attack with) ``p``'s monsters ``left`` (None: all of them, in the
        order drawn) one by one; what a monster's turn queues (its attack's rolls) runs
        before the next monster's turn."""
        left = list(self.seats[p].monsters) if left is None else list(left)
        while left and (left[0] not in self.figures or self.figures[left[0]].owner != p):
            left.pop(0)
        if not left:
            return
        self.queue.insert(0, (f"monsters_{part}", p, left[1:]))
        if not self._monster_turn(left[0], part):
            self.queue[0] = (f"monsters_{part}", p, left)  # a tie to decide first

    def _tactic(self, fid: int) -> str:
        """The monster's tactics line that applies now: Within X, then LoS, then No
        LoS."""
        m = monster(self.figures[fid].name)
        sq = self.figures[fid].square
        heroes = [self.figures[h].square for h in self.adventurer_figures()]
        if any(king_distance(sq, h) <= m.within[0] for h in heroes):
            return m.within[1]
        if m.los == m.no_los:  # (sight changes nothing)
            return m.los
        if any(self.board.sees(sq, h) for h in heroes):
            return m.los
        return m.no_los

    def _monster_reach(self, fid: int, mv: int, goals: set[Square] | None = None,
                       settle: int = 0):
        """Where monster ``fid`` can end a move of ``mv``; with ``goals``, the search
        stops once the cheapest goal square it may end on is settled, and every square
        up to ``settle``."""
        f = self.figures[fid]
        figures = self.figures
        heroes = [sq for sq, other in self.at.items() if figures[other].kind != "monster"]
        no_stop = {*self.at, *self.board.spawns, self.board.chest}
        return reachable(self.board.terrain, f.square, mv, self.mover(fid),
                         blocked=heroes, occupied=self.at, no_stop=no_stop,
                         until=None if goals is None else goals - no_stop, settle=settle)


    def _can_attack(self, fid: int, target: int, sq: Square | None = None) -> bool:
        m = monster(self.figures[fid].name)
        here = self.figures[fid].square if sq is None else sq
        t = self.figures[target].square
        if m.attack == "melee":
            return adjacent(here, t)
        return king_distance(here, t) > 1 and self.board.sees(here, t)

    def _attack_spots(self, fid: int, target: int) -> Callable[[Square], bool]:
        """``_can_attack(fid, target, sq)`` as a test of ``sq`` alone, for scans over
        the squares of a search (the board must not change meanwhile)."""
        t = self.figures[target].square
        tr, tc = t
        if monster(self.figures[fid].name).attack == "melee":
            return lambda sq: max(abs(sq[0] - tr), abs(sq[1] - tc)) == 1  # adjacent
        sees = self.board.sees
        return lambda sq: max(abs(sq[0] - tr), abs(sq[1] - tc)) > 1 and sees(sq, t)

    def _nearest(self, fid: int, candidates: list[int]) -> list[int]:
        """The adventurers nearest monster ``fid`` (movement cost through the board,
        monsters passable; king steps for those no way reaches)."""
        if len(candidates) <= 1:  # nothing to compare: no search (the move makes its own)
            return list(candidates)
        here = self.figures[fid].square
        close = [h for h in candidates if adjacent(here, self.figures[h].square)]
        if close:  # nothing is nearer than an adjacent adventurer: no search needed
            return close
        around = {n for h in candidates
                  for n, _ in neighbours(self.board.terrain.shape, self.figures[h].square)}
        # settled as far as one move too: the monster's move then reuses this search
        one_move = monster(self.figures[fid].name).mv
        reach = self._monster_reach(fid, 10**6, goals=around, settle=one_move)

        def dist(h: int) -> tuple[int, int]:
            sq = self.figures[h].square
            costs = [reach.cost[n] for n, _ in neighbours(self.board.terrain.shape, sq)
                     if n in reach.cost]
            return (0, min(costs)) if costs else (1, king_distance(here, sq))

        dists = {h: dist(h) for h in candidates}
        best = min(dists.values())
        # exact up to the nearest's cost (or everywhere: no adventurer was reached)
        self._search = (fid, reach, max(best[1], one_move) if best[0] == 0 else 10**6)
        return [h for h in candidates if dists[h] == best]

    def _monster_target(self, fid: int, candidates: list[int]) -> int | None:
        """The adventurer the monster goes for; None when its controller must choose
        among equally near ones (the decision is then asked)."""
        tied = self._nearest(fid, candidates)
        chosen = self.ctx.get("chosen", {}).pop(fid, None)
        if chosen in tied:
            return chosen
        if len(tied) == 1:
            return tied[0]
        self._ask("monster_target", self.figures[fid].owner, monster=fid,
                  options=[self.figures[h].square for h in tied])
        return None

    def _monster_turn(self, fid: int, part: str, *, spawned: bool = False) -> bool:
        """Move (``part`` "move") or attack ("attack") with monster ``fid``; spawned:
        move or attack. False when a tie must first be decided."""
        if fid not in self.figures:
            return True
        heroes = self.adventurer_figures()
        if not heroes:
            return True
        self._search = None  # (a search of this turn, before anything moves)
        f = self.figures[fid]
        on_spawn = f.square in self.board.spawns
        if part == "attack" or (spawned and not on_spawn):
            attackable = [h for h in heroes if self._can_attack(fid, h)]
            if attackable:
                target = self._monster_target(fid, attackable)
                if target is None:
                    return False
                m = monster(f.name)
                self._attack(fid, f.owner, [target], m.att, 0, m.attack)
                return True
            if part == "attack":
                return True
        tactic = self._tactic(fid)
        target = None
        if tactic == "attack":
            target = self._monster_target(fid, heroes)
            if target is None:
                return False
        self._monster_move(fid, tactic, target, must_leave=on_spawn)
        return True

    def _room_needed(self, flyer: int, target: int) -> bool:
        """Whether a friendly monster without flight, going for ``target`` by its
        tactics, can reach no square to attack it from this activation but could if
        ``flyer`` left its square (the rule that flyers make room)."""
        f = self.figures[flyer]
        heroes = self.adventurer_figures()
        for other in self.seats[f.owner].monsters:
            if other == flyer or monster(self.figures[other].name).mover.flight:
                continue
            if self._tactic(other) != "attack" or self._can_attack(other, target) \
                    or target not in self._nearest(other, heroes):
                continue
            mv = monster(self.figures[other].name).mv
            if any(map(self._attack_spots(other, target),
                       self._monster_reach(other, mv).cost)):
                continue
            del self.at[f.square]
            try:
                freed = self._monster_reach(other, mv).cost
            finally:
                self.at[f.square] = flyer
            if f.square in freed and self._can_attack(other, target, f.square):
                self._search = None
                return True
        self._search = None  # (its searches ran with the flyer lifted off the board)
        return False

    def _monster_move(self, fid: int, tactic: str, target: int | None,
                      must_leave: bool) -> None:
        f = self.figures[fid]
        m = monster(f.name)
        here = f.square
        search, self._search = self._search, None
        if tactic == "hold" and not must_leave:
            return  # (no search: holding never moves)
        if search is not None and search[0] != fid:
            search = None
        heroes = [self.figures[h].square for h in self.adventurer_figures()]
        reach = None

        def reached():
            """The squares the monster's move reaches (searched when first asked)."""
            nonlocal reach
            if reach is None:
                reach = (search[1].within(m.mv) if search is not None  # _nearest's
                         else self._monster_reach(fid, m.mv))
            return reach

        def order(sq: Square) -> tuple:
            return (reach.cost[sq], sq)

        dest: Square | None = None
        if tactic == "attack" and target is not None:
            goal = self.figures[target].square
            if self._can_attack(fid, target) and not must_leave:
                if m.mover.flight and self._room_needed(fid, target):
                    # a flyer makes room for a walker that can attack only from here
                    others = list(filter(self._attack_spots(fid, target),
                                         reached().cost))
                    if others:
                        dest = min(others, key=lambda sq: (king_distance(sq, goal),)
                                   + order(sq))
                        self._move_figure(fid, dest)
                        self.log("monster_move", player=f.owner, monster=f.name, id=fid,
                                 to=list(dest), tactic="make room")
                return
            if not reached().cost:
                return
            spot = self._attack_spots(fid, target)
            here_spots = list(filter(spot, reach.cost))
            if here_spots:
                dest = min(here_spots, key=lambda sq: (king_distance(sq, goal),) + order(sq))
            else:
                far = (search[1].within(2 * m.mv) if search is not None
                       and search[2] >= 2 * m.mv else self._monster_reach(fid, 2 * m.mv))
                later = list(filter(spot, far.cost))
                if later:
                    aim = min(later, key=lambda sq: (far.cost[sq], sq))
                    steps = [sq for sq in far.path[aim] if sq in reach.cost]
                    dest = steps[-1] if steps else None
                if dest is None:
                    dest = min(reach.cost, key=lambda sq: (king_distance(sq, goal),)
                               + order(sq))
                    if king_distance(dest, goal) >= king_distance(here, goal) \
                            and not must_leave:
                        dest = None
        elif tactic == "chest" and heroes:
            chest = self.board.chest
            near = min(king_distance(h, chest) for h in heroes)
            nearest = [h for h in heroes if king_distance(h, chest) == near]

            cr, cc = chest

            def between(sq: Square) -> tuple:
                r, c = sq
                to_chest = max(abs(r - cr), abs(c - cc))
                return (to_chest + min(max(abs(r - hr), abs(c - hc)) for hr, hc in nearest),
                        to_chest)

            if not reached().cost:
                return
            cost = reach.cost
            if len(nearest) == 1:  # between(), with one adventurer to be near
                (hr, hc), = nearest

                def rank(sq: Square) -> tuple:
                    r, c = sq
                    to_chest = max(abs(r - cr), abs(c - cc))
                    return (to_chest + max(abs(r - hr), abs(c - hc)), to_chest,
                            cost[sq], sq)
            else:
                def rank(sq: Square) -> tuple:
                    return between(sq) + (cost[sq], sq)
            dest = min(cost, key=rank)
            if between(dest) >= between(here) and not must_leave:
                dest = None
        elif tactic == "flee" and heroes:
            def away(sq: Square) -> tuple:
                return (-min(king_distance(sq, h) for h in heroes),)

            if not reached().cost:
                return
            dest = min(reach.cost, key=lambda sq: away(sq) + order(sq))
            if away(dest) >= away(here) and not must_leave:
                dest = None
        if dest is None and must_leave and reached().cost:
            dest = min(reach.cost, key=order)
        if dest is None:
            return
        self._move_figure(fid, dest)
        self.log("monster_move", player=f.owner, monster=f.name, id=fid, to=list(dest),
                 tactic=tactic)

    # ---------------------------------------------------------------- tiles
    def _step_tile(self, p: int) -> None:
        if not self.tile_deck or not self.board.open_slots():
            return
        self.ctx["tile"] = self.tile_deck.pop()
        self._ask("place_tile", p, tile=tiles()[self.ctx["tile"]].name)

    # -------------------------------------------------------------- spawning
    def _step_spawn_monster(self, p: int) -> None:
        if len(self.seats[p].monsters) >= self.max_monsters():
            return
        if not self._refill_encounters() or not self._spawn_squares():
            return
        name = self.encounters.pop()
        self.log("encounter", player=p, monster=name)
        self._ask("spawn_square", p, monster=name)

    def _spawn_squares(self) -> list[Square]:
        """Unoccupied spawn points and unoccupied squares of the centre tile."""
        centre = self.board.slot_squares(self.board.slot_of(self.board.chest))
        spots = set(self.board.spawns) | {sq for sq in centre
                                          if self.board.terrain[sq] != CHEST}
        return sorted(sq for sq in spots if sq not in self.at
                      and enterable(int(self.board.terrain[sq]), Mover(flight=True)))

    # ------------------------------------------------------- the adventurer
    def _step_adventurer(self, p: int) -> None:
        self._ask("pair", p)

    def _pairs(self, p: int) -> list[int]:
        on_board = self.seats[p].hero is not None
        return [k for k, (first, _) in enumerate(A.PAIRS) if (first == "spawn") != on_board]

    def _no_exits(self, p: int) -> bool:
        hero = self.seats[p].hero
        if hero is None or self._free_step(hero, self.hero_mv(p)):
            return False
        return not self._move_options(hero, self.hero_mv(p), 0) \
            and not self._attack_options(hero)

    def _free_step(self, hero: int, mv: int) -> bool:
        """Whether the adventurer can step to a free neighbour and stop there (then it
        has a move without searching for one)."""
        f = self.figures[hero]
        mover = self.hero_mover(f.owner)
        terrain = self.board.terrain
        for sq, diagonal in neighbours(terrain.shape, f.square):
            t = int(terrain[sq])
            if sq in self.at or not enterable(t, mover) or not may_end_on(t, mover):
                continue
            if diagonal and not self._corner_ok(f.square, sq):
                continue
            if step_cost(t, diagonal, 0, mover) <= mv:
                return True
        return False

    def _step_next_part(self, p: int) -> None:
        self._next_part(p)

    def _next_part(self, p: int) -> None:
        """The next part of the adventurer's pair (then any extra attacks from Rapid
        Strike), or the end of the phase."""
        parts = self.ctx.get("parts", [])
        if not parts and self.ctx.get("extra_attacks") and "parts" in self.ctx:
            self.ctx["extra_attacks"] -= 1
            parts.append("attack")
        if not parts:
            return
        part = parts.pop(0)
        if part == "spawn":
            self._begin_respawn(p)
        elif part == "move":
            hero = self.seats[p].hero
            if hero is None:
                return self._next_part(p)
            self.ctx["mv"] = self.hero_mv(p) + self.ctx.pop("quick", 0)
            self.ctx["diagonals"] = 0
            self._ask("move", p)
        else:
            hero = self.seats[p].hero
            if hero is None or not self._attack_options(hero):
                return self._next_part(p)
            self._ask("attack", p)

    def _move_options(self, hero: int, mv: int, diagonals: int) -> dict[Square, Any]:
        """``{square: ("move", reach) | ("push", None)}`` of an adventurer's moves (the
        last answer is kept: asking the decision, checking it and playing it search the
        same position; the key holds everything the search reads)."""
        f = self.figures[hero]
        mover = self.hero_mover(f.owner)
        key = (hero, f.square, mv, diagonals, mover, self.board.terrain.tobytes(),
               tuple(self.at.items()), frozenset(self.board.piles))
        if self._moves is not None and self._moves[0] == key:
            return self._moves[1]
        reach = reachable(self.board.terrain, f.square, mv, mover, blocked=self.at,
                          occupied=self.at, diagonals=diagonals, bonus=self.board.piles)
        out: dict[Square, Any] = {sq: ("move", reach) for sq in reach.cost}
        for sq, diagonal in neighbours(self.board.terrain.shape, f.square):
            other = self.at.get(sq)
            if other is None:
                continue
            other_f = self.figures[other]
            if other_f.kind == "monster" and "unpushable" in monster(other_f.name).traits:
                continue
            t = int(self.board.terrain[sq])
            if not enterable(t, mover) or not may_end_on(t, mover):
                continue
            if diagonal and not self._corner_ok(f.square, sq):
                continue
            if step_cost(t, diagonal, diagonals, mover) <= mv:
                out[sq] = ("push", None)
        self._moves = (key, out)
        return out

    def _corner_ok(self, frm: Square, to: Square) -> bool:
        return corner_open(self.board.terrain, frm, to, lambda sq: sq in self.at)

    def _attack_options(self, hero: int) -> list[Square]:
        """Squares the adventurer may attack: adjacent figures (melee), non-adjacent
        figures in line of sight (ranged), non-adjacent squares in line of sight (the
        centre of an area attack)."""
        a = self.card(self.figures[hero].owner)
        here = self.figures[hero].square
        out = []
        if a.melee:
            out += [sq for sq, _ in neighbours(self.board.terrain.shape, here)
                    if sq in self.at]
        if a.ranged or a.area:
            seen = self.board.visible(here)
        if a.ranged:
            out += [f.square for f in self.figures.values()
                    if f.fid != hero and king_distance(f.square, here) > 1 and seen[f.square]]
        if a.area:  # a centre with some other figure in its 3x3
            n = self.board.size
            centres = {c for f in self.figures.values() if f.fid != hero
                       for c in area(f.square, (n, n))}
            out += [c for c in centres if king_distance(c, here) > 1 and seen[c]]
        return sorted(set(out))

    # --------------------------------------------------------------- combat
    def _attack(self, attacker: int | None, player: int, targets: list[int], dice: int,
                bonus: int, kind: str) -> None:
        """Queue an attack of ``dice`` dice (+``bonus`` each) by figure ``attacker``
        (None: a trap card of ``player``) against each of ``targets`` in turn: a roll,
        its card window, then its wounds."""
        name = self.figures[attacker].name if attacker is not None else "trap"
        self.log("attack", player=player, attacker=attacker, name=name, mode=kind,
                 targets=[self.figures[t].name for t in targets])
        # the attack rides on its queue step (never changed in place: a clone shares
        # it), so an attack a card starts in the middle of another does not replace it
        self.queue.insert(0, ("attack_target", {
            "attacker": attacker, "player": player, "targets": list(targets),
            "dice": dice, "bonus": bonus, "kind": kind}))

    def _step_attack_target(self, a: dict[str, Any]) -> None:
        targets = [t for t in a["targets"] if t in self.figures]
        if not targets or (a["attacker"] is not None and a["attacker"] not in self.figures):
            return
        t = targets[0]
        rolls = [self.dice.roll(6) for _ in range(a["dice"])]
        defence = self.defence(t, a["kind"])
        self.log("attack_roll", attacker=a["attacker"], target=t, rolls=rolls,
                 bonus=a["bonus"], defence=defence,
                 hits=sum(d + a["bonus"] >= defence for d in rolls))
        self._begin_roll({"kind": "attack", "attacker": a["attacker"],
                          "player": a["player"], "target": t, "dice": rolls,
                          "bonus": a["bonus"], "defence": defence, "cancel": 0,
                          "reflect": False, "passed": []}, ("attack_resolve",))
        self.queue.insert(3, ("attack_target", {**a, "targets": targets[1:]}))

    def _begin_roll(self, roll: dict[str, Any], resolve: tuple) -> None:
        """A roll was made: its window for the cards that change it, then a card window
        for every holder of a card ("at any time ... even after a roll has been
        made"), then ``resolve`` reads it. Rolls pending at once (a card played in
        a window can make another) form a stack, the newest on top."""
        self.ctx.setdefault("rolls", []).append(roll)
        self.queue[0:0] = [("roll_window",), ("card_window", []), resolve]

    def pending_roll(self) -> dict[str, Any]:
        """The newest roll not yet resolved (what a roll window is about)."""
        return self.ctx["rolls"][-1]

    def _end_roll(self) -> dict[str, Any]:
        r = self.ctx["rolls"].pop()
        if not self.ctx["rolls"]:
            del self.ctx["rolls"]
        return r

    def _step_attack_resolve(self) -> None:
        r = self._end_roll()
        hits = max(0, sum(d + r["bonus"] >= r["defence"] for d in r["dice"]) - r["cancel"])
        victim, by = r["target"], r["attacker"]
        if r["reflect"]:
            victim, by = r["attacker"], r["target"]
        self.log("hits", target=victim, hits=hits, reflected=r["reflect"])
        if hits and victim in self.figures:
            self._wound(victim, hits, by=by)

    def _wound(self, fid: int, n: int, by: int | None) -> None:
        f = self.figures[fid]
        f.wounds += n
        self.log("wounds", id=fid, name=f.name, wounds=f.wounds, bp=self.bp(fid))
        if f.wounds >= self.bp(fid):
            self._slay(fid, by)

    def _slay(self, fid: int, by: int | None) -> None:
        """Remove a slain figure. A monster slain by an adventurer gives that
        adventurer's player its treasure; a slain adventurer's player loses its cards."""
        f = self.figures[fid]
        slayer = self.figures[by].owner if by is not None and by in self.figures else None
        self.log("slain", id=fid, name=f.name, figure=f.kind, owner=f.owner, by=slayer)
        self._remove(fid)
        if f.kind == "adventurer":
            self._lose_cards(f.owner)
        elif slayer is not None and self.figures[by].kind == "adventurer":
            self._draw_treasure(slayer, monster(f.name).treasure)

    # ------------------------------------------------------------ respawning
    def _begin_respawn(self, p: int) -> None:
        self._ask("choose_adventurer", p, then="respawn")

    def _respawn_roll(self, p: int, *, relocate: int | None = None,
                      chooser: int | None = None) -> None:
        """``p``'s re-spawn die (then its card window). With ``relocate`` the die
        instead moves that figure already on the board (the Teleport Trap), ``chooser``
        choosing where the rule leaves a choice; no window."""
        roll = self.dice.roll(6)
        self.log("respawn_roll", player=p, roll=roll)
        if relocate is not None:
            return self._respawn_place(p, roll, relocate, p if chooser is None else chooser)
        self._begin_roll({"kind": "respawn", "player": p, "dice": [roll], "passed": []},
                         ("respawn_resolve", p))

    def _step_respawn_resolve(self, p: int) -> None:
        roll = self._end_roll()["dice"][0]
        self._respawn_place(p, roll, None, p)

    def _respawn_place(self, p: int, roll: int, relocate: int | None, chooser: int) -> None:
        """Where re-spawn die ``roll`` puts ``p``'s adventurer (or moves figure
        ``relocate``)."""
        numbers = sorted(set(self.board.spawns.values()))
        free = [sq for sq in self.board.spawn_squares() if sq not in self.at]

        def ask(options: list[Square]) -> None:
            self._ask("respawn_square", chooser, seat=p, relocate=relocate,
                      options=[list(s) for s in options])

        if roll == 5:
            fives = [sq for sq in self.board.spawn_squares(5) if sq not in self.at]
            if fives:
                return ask(fives)
        elif roll == 6:
            six = [sq for sq in self.board.spawn_squares(6) if sq not in self.at]
            if six:
                return self._place_hero(p, six[0], relocate)
            if free:
                return ask(free)
        else:
            spot = [sq for sq in self.board.spawn_squares(roll) if sq not in self.at]
            if spot:
                return self._place_hero(p, spot[0], relocate)
        # occupied: the next number down, wrapping from 1 to the highest, until a free one
        number = roll
        for _ in range(len(numbers)):
            lower = [n for n in numbers if n < number]
            number = max(lower) if lower else max(numbers)
            spots = [sq for sq in self.board.spawn_squares(number) if sq not in self.at]
            if len(spots) > 1:
                return ask(spots)
            if spots:
                return self._place_hero(p, spots[0], relocate)
        self.log("no_spawn", player=p)  # every spawn point taken: no spawn this time
        if relocate is None:
            self._next_part(p)

    def _place_hero(self, p: int, sq: Square, relocate: int | None = None) -> None:
        if relocate is not None:
            self._move_figure(relocate, sq)
            self.log("teleported", id=relocate, square=list(sq))
            return
        seat = self.seats[p]
        name = adventurers()[seat.card].name  # type: ignore[index]
        seat.hero = self._put("adventurer", name, p, sq)
        self.log("spawn", player=p, adventurer=name, square=list(sq))
        self._next_part(p)

    # ------------------------------------------------------------ the end
    def _finish(self, winner: int | None, reason: str) -> None:
        self.winner = winner
        self.outcome = "truncated" if reason == "max_rounds" else "win"
        self.decision = None
        self.queue = []
        self.log("game_over", winner=winner, reason=reason, returns=self.returns())

    # ------------------------------------------------------------ legal sets
    def _compute_legal(self) -> list[int]:
        d = self.decision
        assert d is not None
        kind = d["kind"]
        p = d["player"]
        if kind == "choose_adventurer":
            return [A.adventurer(i) for i in self.free_cards(p)]
        if kind == "choose_start":
            return [A.square(sq) for n in (1, 2, 3, 4)
                    for sq in self.board.spawn_squares(n) if sq not in self.at]
        if kind in ("monster_target", "respawn_square"):
            return [A.square(tuple(sq)) for sq in d["options"]]
        if kind == "place_tile":
            return [A.place(slot, q) for slot in self.board.open_slots() for q in range(4)]
        if kind == "spawn_square":
            if "options" in d:
                return sorted(A.square(tuple(sq)) for sq in d["options"])
            return [A.square(sq) for sq in self._spawn_squares()]
        if kind == "pair":
            out = [A.pair(k) for k in self._pairs(p)]
            if self._no_exits(p):
                out.append(A.PICK_UP)
            return out + self._activation_cards(p)
        if kind == "move":
            hero = self.seats[p].hero
            return [A.DONE] + sorted(A.square(sq) for sq in self._move_options(
                hero, self.ctx["mv"], self.ctx["diagonals"])) + self._activation_cards(p)
        if kind == "attack":
            return [A.DONE] + [A.square(sq) for sq in
                               self._attack_options(self.seats[p].hero)] \
                + self._activation_cards(p)
        if kind in ("push_to", "slide_to"):
            return sorted(A.square(tuple(sq)) for sq in d["options"])
        if kind == "lava_push":
            return [A.DONE] + sorted(A.square(tuple(sq)) for sq in d["options"])
        if kind == "roll_window":
            return [A.DONE] + [A.card(c) for c in self._roll_cards(p, self.pending_roll())]
        if kind == "card_window":
            return [A.DONE] + [A.card(c) for c in self._window_cards(p)]
        if kind == "card_target":
            return self._card_targets(p, treasure_cards()[d["card"]])
        if kind == "keep":
            return sorted(A.card(c) for c in self.ctx["secret"])
        raise AssertionError(kind)

    # -------------------------------------------------------------- actions
    def _act(self, action: int) -> None:
        d = self.decision
        assert d is not None
        self.decision = None
        self._legal = None
        kind, args = A.decode(int(action))
        p = d["player"]
        dk = d["kind"]
        if kind == "card" and dk in ("pair", "move", "attack", "card_window"):
            return self._play(p, args[0], d)
        if dk == "card_window":  # passed
            _, passed = self.queue[0]
            self.queue[0] = ("card_window", [*passed, p])
            return
        if dk == "choose_adventurer":
            self.seats[p].card = args[0]
            self.log("choose_adventurer", player=p, adventurer=adventurers()[args[0]].name)
            if d["then"] == "start":
                self._ask("choose_start", p)
            else:
                self._respawn_roll(p)
        elif dk == "choose_start":
            seat = self.seats[p]
            name = adventurers()[seat.card].name  # type: ignore[index]
            seat.hero = self._put("adventurer", name, p, args)
            self.log("start", player=p, adventurer=name, square=list(args))
        elif dk == "monster_target":
            fid = d["monster"]
            self.ctx.setdefault("chosen", {})[fid] = self.at[args]
            # the interrupted monster step is still first in the queue
        elif dk == "place_tile":
            slot, q = args
            index = self.ctx.pop("tile")
            tile = tiles()[index]
            self.placed_tiles[slot] = index
            piles = self.board.place(tile.name, tile.picture, slot, q,
                                     piles=index not in self.laid)
            self.laid.add(index)
            self.log("tile", player=p, tile=tile.name, slot=list(slot), rotation=q,
                     piles=piles)
        elif dk == "spawn_square":
            fid = self._put("monster", d["monster"], p, args)
            self.seats[p].monsters.append(fid)
            self.log("spawn_monster", player=p, monster=d["monster"], id=fid,
                     square=list(args))
            part = "attack" if d.get("summon") else "move"
            if not self._monster_turn(fid, part, spawned=True):
                self.queue.insert(0, ("monster_act", fid, part))
        elif dk == "pair":
            if kind == "pick_up":
                hero = self.seats[p].hero
                self.log("pick_up", player=p, adventurer=self.figures[hero].name)
                f = self.figures.pop(hero)
                del self.at[f.square]
                self.seats[p].hero = None  # it keeps its card and cards in hand
                return
            self.ctx["parts"] = list(A.PAIRS[args[0]])
            self.log("pair", player=p, pair="+".join(A.PAIRS[args[0]]))
            self._next_part(p)
        elif dk == "move":
            self._act_move(p, kind, args)
        elif dk == "attack":
            if kind == "square":
                self._adventurer_attack(p, args)
            else:
                self._next_part(p)
        elif dk == "push_to":
            self._finish_push(p, d, args)
        elif dk == "lava_push":
            hero = d["hero"]
            if kind == "square" and hero in self.figures:
                self.log("pushed_into_lava", id=hero, square=list(args))
                self._move_figure(hero, args)
                self._terrain_death(hero, by=d["monster"])
            self._next_part(d["mover"])
        elif dk == "respawn_square":
            self._place_hero(d.get("seat", p), args, d.get("relocate"))
        elif dk == "roll_window":
            self._act_roll_window(p, kind, args)
        elif dk == "card_target":
            self._effect(p, treasure_cards()[d["card"]], args)
        elif dk == "keep":
            self._act_keep(p, args[0])
        elif dk == "slide_to":
            self._act_slide(p, d, args)
        else:
            raise AssertionError(dk)

    def _step_monster_act(self, fid: int, part: str) -> None:
        """A spawned (or summoned) monster's move or attack, after a tie was decided."""
        if not self._monster_turn(fid, part, spawned=True):
            self.queue.insert(0, ("monster_act", fid, part))

    # ------------------------------------------------------ moving, pushing
    def _act_move(self, p: int, kind: str, args: tuple) -> None:
        if kind == "done":
            return self._next_part(p)
        hero = self.seats[p].hero
        options = self._move_options(hero, self.ctx["mv"], self.ctx["diagonals"])
        how, reach = options[args]
        if how == "move":
            path = reach.path[args]
            self.ctx["mv"] -= reach.cost[args]
            self.ctx["diagonals"] = reach.diagonals[args]
            self._move_figure(hero, args)
            self.log("move", player=p, path=[list(sq) for sq in path], mv_left=self.ctx["mv"])
            if args == self.board.chest:
                return self._finish(p, "chest")
            for sq in path[1:]:
                self._collect(p, sq)
            return self._ask("move", p) if self._move_options(
                hero, self.ctx["mv"], self.ctx["diagonals"]) else self._next_part(p)
        self._push(p, hero, args)

    def _collect(self, p: int, sq: Square) -> None:
        """An adventurer's own move over a treasure pile: draw a card, remove the token."""
        if sq in self.board.piles:
            self.board.piles.discard(sq)
            self.log("treasure_pile", player=p, square=list(sq))
            self._draw_treasure(p, 1)

    def _push(self, p: int, hero: int, sq: Square) -> None:
        target = self.at[sq]
        t = self.figures[target]
        if t.kind == "monster" and "hurts_pusher" in monster(t.name).traits:
            self.log("hurt_by", id=hero, monster=t.name)
            self._wound(hero, 1, by=target)
            if hero not in self.figures:
                return self._next_part(p)
        mine, theirs = self.dice.roll(6), self.dice.roll(6)
        rollers = [p, self._push_defender_roller(p, target)]
        self.log("push_roll", player=p, pusher=hero, target=target, rolls=[mine, theirs],
                 rolled_by=rollers)
        self._begin_roll({"kind": "push", "pusher": hero, "player": p, "target": target,
                          "dice": [mine, theirs], "passed": [], "rolled_by": rollers},
                         ("push_resolve", p, list(sq)))

    def _push_defender_roller(self, p: int, target: int) -> int:
        """Who rolls the pushed figure's die: an adventurer's player, a monster's
        controller; but "have an opponent roll for a Monster you control": when ``p``
        pushes its own monster, the next player clockwise from ``p``."""
        owner = self.figures[target].owner
        if owner != p:
            return owner
        i = self.order.index(p)
        return next(q for q in self.order[i + 1:] + self.order[:i]
                    if self.seats[q].joined)

    def _step_push_resolve(self, p: int, sq: list[int]) -> None:
        r = self._end_roll()
        hero, target = r["pusher"], r["target"]
        mine, theirs = r["dice"]
        if (hero not in self.figures or target not in self.figures
                or self.figures[target].square != tuple(sq)
                or not adjacent(self.figures[hero].square, tuple(sq))):
            # a card played after the roll took one of them away: nothing to push
            self.log("push_void", player=p, pusher=hero, target=target)
            if hero in self.figures and self._move_options(hero, self.ctx["mv"],
                                                           self.ctx["diagonals"]):
                return self._ask("move", p)
            return self._next_part(p)
        t = self.figures[target]
        won = mine > theirs  # the defender wins ties
        self.log("push", player=p, pusher=hero, target=target, rolls=[mine, theirs],
                 rolled_by=r["rolled_by"], won=won)
        if won:
            spots = self._push_spots(target, hero)
            if spots:
                self._ask("push_to", p, hero=hero, target=target, to=list(sq),
                          options=[list(s) for s in spots])
                return
            self.log("push_blocked", target=target)  # nowhere to put it: it stays
            if self._move_options(hero, self.ctx["mv"], self.ctx["diagonals"]):
                return self._ask("move", p)
            return self._next_part(p)
        if t.kind == "monster" and not self.hero_mover(p).lava_safe:
            here = self.figures[hero].square
            lava = [s for s, _ in neighbours(self.board.terrain.shape, here)
                    if self.board.terrain[s] == LAVA and s not in self.at]
            if lava:
                return self._ask("lava_push", t.owner, hero=hero, monster=target,
                                 mover=p, options=[list(s) for s in lava])
        self._next_part(p)

    def _push_spots(self, target: int, pusher: int | None) -> list[Square]:
        """Where a won push may put ``target``: an adjacent unoccupied square it could
        stand on or be destroyed in (the pusher's own square included: a swap)."""
        t = self.figures[target]
        out = []
        for s, _ in neighbours(self.board.terrain.shape, t.square):
            terrain = int(self.board.terrain[s])
            if (s in self.at and self.at[s] != pusher) or terrain in (CHEST,):
                continue
            if not enterable(terrain, Mover(flight=True)):  # walls, unrevealed
                continue
            if t.kind == "monster" and s in self.board.spawns:
                continue
            out.append(s)
        return out

    def _finish_push(self, p: int, d: dict, to: Square) -> None:
        hero, target = d["hero"], d["target"]
        into = tuple(d["to"])
        here = self.figures[hero].square
        diagonal = into[0] != here[0] and into[1] != here[1]
        cost = step_cost(int(self.board.terrain[into]), diagonal, self.ctx["diagonals"],
                         self.hero_mover(p))
        self.ctx["mv"] -= cost
        self.ctx["diagonals"] += diagonal
        del self.at[into]
        self._move_figure(hero, into)
        t = self.figures[target]
        t.square = to
        self.at[to] = target
        self.log("pushed", id=target, name=t.name, to=list(to), pusher=hero)
        self._terrain_death(target, by=hero)
        self._collect(p, into)
        if self._move_options(hero, self.ctx["mv"], self.ctx["diagonals"]):
            self._ask("move", p)
        else:
            self._next_part(p)

    def _adventurer_attack(self, p: int, sq: Square) -> None:
        """Queue the adventurer's attack at ``sq``, then the next part of its pair."""
        hero = self.seats[p].hero
        a = self.card(p)
        here = self.figures[hero].square
        self.queue.insert(0, ("next_part", p))
        if adjacent(here, sq):
            self._attack(hero, p, [self.at[sq]], a.melee,
                         a.melee_bonus + self.equip_bonus(p, "melee_bonus"), "melee")
        elif a.ranged:
            self._attack(hero, p, [self.at[sq]], a.ranged, 0, "ranged")
        else:
            n = self.board.size
            targets = [self.at[s] for s in area(sq, (n, n)) if s in self.at
                       and self.at[s] != hero]
            self._attack(hero, p, targets, a.area, 0, "area")

    # ----------------------------------------------------------- names, views
    def action_to_string(self, action: int) -> str:
        kind, args = A.decode(int(action))
        if kind == "adventurer":
            return f"adventurer {adventurers()[args[0]].name}"
        if kind == "pair":
            return "+".join(A.PAIRS[args[0]])
        if kind == "square":
            who = self.at.get(args)
            what = f" ({self.figures[who].name})" if who is not None else ""
            return f"square {args[0]},{args[1]}{what}"
        if kind == "place":
            (r, c), q = args
            return f"tile to slot {r},{c} turned {90 * q}"
        if kind == "card":
            name = treasure_cards()[args[0]].name
            if self.decision is not None and self.decision["kind"] == "keep":
                return f"keep {name}"
            return f"play {name}"
        return kind.replace("_", " ")

    def observation_for(self, player: int) -> dict[str, Any]:
        cards = treasure_cards()
        return {
            "round": self.round, "turn": self.turn,
            "to_act": None if self.outcome else self.current_player(),
            "decision": None if self.decision is None else {
                k: v for k, v in self.decision.items() if k != "options"},
            "board": self.board.to_dict(),
            "figures": [{"id": f.fid, "kind": f.kind, "name": f.name, "owner": f.owner,
                         "square": list(f.square), "wounds": f.wounds}
                        for f in self.figures.values()],
            "hand": [cards[c].name for c in sorted(self.seats[player].hand)],
            "secret_drawn": ([cards[c].name for c in self.ctx.get("secret", [])]
                             if self.decision is not None and self.decision["kind"] == "keep"
                             and self.decision["player"] == player else []),
            "seats": [{"adventurer": None if s.card is None else adventurers()[s.card].name,
                       "hand_size": len(s.hand),
                       "equipped": [cards[c].name for c in s.equipped]}
                      for s in self.seats],
            "treasure_left": len(self.treasure),
            "treasure_discard": [cards[c].name for c in self.treasure_discard],
            "secret_room": len(self.secret_room),
            "tiles_left": len(self.tile_deck), "encounters_left": len(self.encounters),
            "outcome": self.outcome, "winner": self.winner, "returns": self.returns(),
            "legal_actions": self.legal_actions_named(player),
        }

    # ------------------------------------------------------------- copies
    def clone(self) -> DungeonCrawlerGame:
        new = copy.copy(self)
        new.dice = self.dice.copy()
        new.board = self.board.copy()
        new.events = list(self.events)
        new.tile_deck = list(self.tile_deck)
        new.encounters = list(self.encounters)
        new.encounter_discard = list(self.encounter_discard)
        new.treasure = list(self.treasure)
        new.treasure_discard = list(self.treasure_discard)
        new.secret_room = list(self.secret_room)
        new.placed_tiles = dict(self.placed_tiles)
        new.laid = set(self.laid)
        new.figures = {k: copy.copy(f) for k, f in self.figures.items()}
        new.at = dict(self.at)
        new.seats = [s.copy() for s in self.seats]
        new.queue = list(self.queue)
        new.ctx = copy.deepcopy(self.ctx)
        new.decision = copy.deepcopy(self.decision)
        return new

    def determinize(self, player: int, rng: np.random.Generator) -> DungeonCrawlerGame:
        """The tile, encounter and treasure decks are hidden from everyone, the other
        players' hands and the Secret Room (unless ``player`` set its cards aside) from
        ``player``: deal those treasure cards again at random, same sizes, and reshuffle
        the decks."""
        new = self.clone()
        new.dice = Dice(rng.integers(2**63))
        new.dice.shuffle(new.tile_deck)
        new.dice.shuffle(new.encounters)
        others = [q for q in range(self.num_players) if q != player]
        hidden_room = self.secret_owner != player
        pool = list(new.treasure) + [c for q in others for c in new.seats[q].hand]
        if hidden_room:
            pool += new.secret_room
        new.dice.shuffle(pool)
        for q in others:
            k = len(new.seats[q].hand)
            new.seats[q].hand, pool = sorted(pool[:k]), pool[k:]
        if hidden_room:
            k = len(new.secret_room)
            new.secret_room, pool = pool[:k], pool[k:]
        new.treasure = pool
        return new

    def to_dict(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players, "hard": self.hard,
            "max_rounds": self.max_rounds, "dice": self.dice.state(),
            "events": self.events, "board": self.board.to_dict(),
            "tile_deck": self.tile_deck, "encounters": self.encounters,
            "encounter_discard": self.encounter_discard,
            "treasure": self.treasure, "treasure_discard": self.treasure_discard,
            "secret_room": self.secret_room, "secret_owner": self.secret_owner,
            "secret_door": None if self.secret_door is None else list(self.secret_door),
            "placed_tiles": [[r, c, i] for (r, c), i in sorted(self.placed_tiles.items())],
            "laid": sorted(self.laid),
            "figures": [[f.fid, f.kind, f.name, f.owner, list(f.square), f.wounds]
                        for f in self.figures.values()],
            "next_fid": self.next_fid,
            "seats": [[s.card, s.hero, s.monsters, s.joined, s.hand, s.equipped]
                      for s in self.seats],
            "turn": self.turn, "round": self.round, "first": self.first,
            "order": self.order, "outcome": self.outcome, "winner": self.winner,
            "decision": self.decision, "queue": [list(q) for q in self.queue],
            "ctx": {k: (v if k != "chosen" else [[a, b] for a, b in v.items()])
                    for k, v in self.ctx.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DungeonCrawlerGame:
        data = copy.deepcopy(data)
        game = cls.__new__(cls)
        game.num_players = data["num_players"]
        game.hard = data["hard"]
        game.max_rounds = data["max_rounds"]
        game.dice = Dice.from_state(data["dice"])
        game.events = data["events"]
        game.board = Board.from_dict(data["board"])
        game.tile_deck = data["tile_deck"]
        game.encounters = data["encounters"]
        game.encounter_discard = data["encounter_discard"]
        game.treasure = data["treasure"]
        game.treasure_discard = data["treasure_discard"]
        game.secret_room = data["secret_room"]
        game.secret_owner = data["secret_owner"]
        game.secret_door = None if data["secret_door"] is None else tuple(data["secret_door"])
        game.placed_tiles = {(r, c): i for r, c, i in data["placed_tiles"]}
        game.laid = set(data["laid"])
        game.figures = {}
        game.at = {}
        for fid, kind, name, owner, sq, wounds in data["figures"]:
            game.figures[fid] = Figure(fid, kind, name, owner, tuple(sq), wounds)
            game.at[tuple(sq)] = fid
        game.next_fid = data["next_fid"]
        game.seats = [Seat(c, h, list(m), j, list(hand), list(eq))
                      for c, h, m, j, hand, eq in data["seats"]]
        game.turn, game.round = data["turn"], data["round"]
        game.first, game.order = data["first"], data["order"]
        game.outcome, game.winner = data["outcome"], data["winner"]
        game.decision = data["decision"]
        if game.decision is not None:
            for key in ("to",):
                if key in game.decision:
                    game.decision[key] = list(game.decision[key])
        game.queue = [tuple(q) for q in data["queue"]]
        ctx = data["ctx"]
        if "chosen" in ctx:
            ctx["chosen"] = {a: b for a, b in ctx["chosen"]}
        game.ctx = ctx
        game._legal = None
        game._search = None
        game._moves = None
        return game


def new_game(rng: np.random.Generator | int | None = None, **kwargs: Any) -> DungeonCrawlerGame:
    return DungeonCrawlerGame.new(rng, **kwargs)


__all__ = ["MAX_MONSTERS", "DungeonCrawlerGame", "Figure", "Seat", "new_game"]
