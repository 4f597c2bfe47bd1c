"""A rule-based player for Dungeon Crawler Labyrinth, reading the seat's view of the game.

- **Adventurer**: the first free one of a fixed preference (fast and hard-hitting
  first: the race is to the chest).
- **Start and re-spawn**: the free point nearest the chest.
- **Tiles**: among the open slots nearest its adventurer and the two nearest the rival
  nearest the chest, the slot and rotation that bring its way to the chest shortest
  (the way measured in movement, figures aside), then that rival's longest (blocking).
- **Monsters**: spawned next to the rival adventurer nearest the chest; when its
  monster hesitates between adventurers, a rival rather than its own.
- **The pair**: move then attack, or attack then move when an attack is worth it
  (at least one expected wound on a rival figure) and the chest is not in reach.
- **Moves**: straight to the chest when it is in reach, else to the reachable square
  with the shortest way left, the one with fewest monsters next to it among equals (a
  push past a figure in the way when nothing closer is reachable); it stays put
  rather than go back.
- **Attacks**: the rival figure (or the area) with the most expected wounds.
- **Pushes**: a pushed figure into lava when it can, else as far from the chest as it
  can; a rival adventurer its monster beat goes into the lava.
- **Treasure cards** (on its adventurer-phase decisions): equipment at once; Extra
  Wealth, Map, Reinforcements, the Doppelganger and the Secret Door as soon as it can; healing when half
  wounded; Quickness, Flight or Firewalk when they put the chest in reach of this move;
  Teleportation, Warp Space, Doppelganger and Switch Trap when they shorten its way to
  the chest by a few squares; traps, Summoning, Teleport Trap, Sliding Trap and False
  Treasure against the rival nearest the chest; Ranged Attack, Fireball and Rapid
  Strike when they are worth a wound; Lure on a rival's monster next to it. After a
  roll it plays a card the window offers (the engine offers only cards that change the
  result), but a re-spawn die only when the new point is nearer the chest. It never
  plays Cave In, Rotating or Shifting Rooms. In the card windows of any activation
  it plays equipment, and healing when half wounded, and otherwise passes.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Any

import numpy as np

from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.board import Board
from labyrinth_gym.envs.dungeon_crawler.engine.data import (
    TreasureCard,
    adventurers,
    tiles,
    treasure_cards,
)
from labyrinth_gym.envs.dungeon_crawler.engine.game import DungeonCrawlerGame
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    DEEP,
    LAVA,
    SHALLOW,
    UNREVEALED,
    WALKER,
    WALL,
    Square,
    _flat_table,
    area,
    king_distance,
    reachable,
)

PREFERENCE = ("Elf Warrior", "Human Warrior", "Elf Thief", "Human Thief", "Dwarf Warrior",
              "Human Cleric", "Elf Wizard", "Dwarf Cleric", "Human Wizard",
              "Dwarf Explorer")
_FAR = 10**6


def chest_distances(board: Board) -> dict[Square, int]:
    """Movement cost from every square to the chest, figures aside, counting each
    unrevealed square as 2 (a hope, not a way: tiles yet to come may wall it), so that
    the way through the labyrinth still to be laid has a length too. (Cached by the
    terrain: it changes only when tiles are laid or moved.)"""
    return _chest_distances(board.terrain.tobytes(), board.terrain.shape, board.chest)


@lru_cache(maxsize=256)
def _chest_distances(key: bytes, shape: tuple[int, int],
                     chest: Square) -> dict[Square, int]:
    terrain = np.frombuffer(key, dtype=np.int8).reshape(shape).copy()
    terrain[terrain == UNREVEALED] = SHALLOW
    reach = reachable(terrain, chest, _FAR, WALKER)
    out = dict(reach.cost)
    out[chest] = 0
    return out


RACE_SCALE = 40
"""The way (movement cost) a race potential counts an adventurer off the board at: about
a re-spawn room's way to the chest on the 7 x 7 mat, and the cap of any way."""


def race_lead(game: DungeonCrawlerGame, seat: int) -> float:
    """How far ``seat`` leads the race to the chest: the mean rival adventurer's way
    left minus its own, over :data:`RACE_SCALE` (each way capped there, an adventurer
    off the board, slain or not yet started, counting the cap). A shaping potential
    for self-play (``selfplay.potential`` in the hyperparameters): moving on, slowing
    a rival with a tile or a monster, and slaying one raise it; being slain drops it.
    Reads only the board, so a seat's view gives the same value."""
    field = chest_distances(game.board)

    def way(q: int) -> int:
        hero = game.seats[q].hero
        if hero is None:
            return RACE_SCALE
        return min(field.get(game.figures[hero].square, RACE_SCALE), RACE_SCALE)

    others = [way(q) for q in range(game.num_players) if q != seat]
    return (sum(others) / len(others) - way(seat)) / RACE_SCALE


def _way_to_chest(terrain: np.ndarray, chest: Square, here: Square) -> int:
    """``chest_distances(board)[here]`` for a board of ``terrain``, by an A* search
    from the chest to ``here`` under the same costs (a walker; unrevealed squares cost
    as shallow water; king steps to ``here`` guide it: every step costs at least 1, so
    the cost found is the same)."""
    if here == chest:
        return 0
    rows, cols = terrain.shape
    flat = terrain.ravel().tolist()
    flat = [SHALLOW if t == UNREVEALED else t for t in flat]
    table = _flat_table(rows, cols)
    goal = here[0] * cols + here[1]
    gr, gc = here

    def h(i: int) -> int:
        return max(abs(i // cols - gr), abs(i % cols - gc))

    start = chest[0] * cols + chest[1]
    best = {start * 2: 0}
    heap = [(h(start), 0, start, 0)]
    while heap:
        _, cost, i, parity = heapq.heappop(heap)
        if best[i * 2 + parity] != cost:
            continue
        if i == goal:
            return _FAR if flat[i] == DEEP else cost
        for j, diagonal, a, b in table[i]:
            t = flat[j]
            if t == WALL or t == LAVA:
                continue
            if diagonal and (flat[a] == WALL or flat[b] == WALL
                             or (flat[a] == CHEST and flat[b] == CHEST)):
                continue
            if t == SHALLOW:
                step = 3 if diagonal else 2
            elif t == DEEP:
                step = 4 if diagonal else 3
            elif diagonal:
                step = 2 if parity else 1
            else:
                step = 1
            total = cost + step
            state = j * 2 + ((parity + diagonal) & 1)
            if total < best.get(state, _FAR):
                best[state] = total
                heapq.heappush(heap, (total + h(j), total, j, (parity + diagonal) & 1))
    return _FAR


def expected_wounds(dice: int, bonus: int, defence: int) -> float:
    p = min(max((7 + bonus - defence) / 6, 0.0), 1.0)
    return dice * p


class DungeonCrawlerHeuristic:
    """The rule-based player described in the module docstring."""

    needs_game = True

    def __init__(self, game: str = "dungeon_crawler", seed: int | None = None,
                 nearest_slots: int = 4):
        self.name = "dungeon_crawler/heuristic"
        self.nearest_slots = nearest_slots

    def reset(self, seed: int | None = None) -> None:
        pass

    def act(self, observation: Any, action_mask: np.ndarray, *,
            game: DungeonCrawlerGame | None = None) -> int:
        legal = [int(a) for a in np.flatnonzero(action_mask)]
        if len(legal) == 1 or game is None or game.decision is None:
            return legal[0]
        handler = getattr(self, f"_{game.decision['kind']}", None)
        choice = handler(game, legal) if handler is not None else None
        return choice if choice in legal else legal[0]

    # ------------------------------------------------------------ choices
    def _choose_adventurer(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        free = {adventurers()[a - A.ADVENTURER].name: a for a in legal}
        return next(free[n] for n in PREFERENCE if n in free)

    def _nearest_chest(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        squares = {a: A.decode(a)[1] for a in legal if A.decode(a)[0] == "square"}
        return min(squares, key=lambda a: (king_distance(squares[a], game.board.chest), a))

    _choose_start = _nearest_chest
    _respawn_square = _nearest_chest

    def _place_tile(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        me = game.current_player()
        hero = game.seats[me].hero
        here = game.figures[hero].square if hero is not None else game.board.chest
        tile = tiles()[game.ctx["tile"]]
        chest = game.board.chest
        open_slots = {A.decode(a)[1][0] for a in legal}

        def nearest(sq: Square, n: int) -> list[tuple[int, int]]:
            return sorted(open_slots, key=lambda s: (king_distance(
                (s[0] * 3 + 1, s[1] * 3 + 1), sq), s))[:n]

        # the rival nearest the chest: a tile that costs it the most, all else equal
        rivals = [game.figures[s.hero].square for p, s in enumerate(game.seats)
                  if p != me and s.hero is not None]
        lead = min(rivals, key=lambda sq: (_way_to_chest(game.board.terrain, chest, sq),
                                           sq)) if rivals else None
        slots = nearest(here, self.nearest_slots)
        if lead is not None:
            slots += [s for s in nearest(lead, 2) if s not in slots]
        best, best_key = legal[0], None
        k = game.board.spec.tile_size
        turned: dict[tuple[str, ...], int] = {}  # a symmetric tile: fewer distinct turns
        for q in range(4):
            turned.setdefault(tile.picture.rotated(q).rows, q)
        for slot in slots:
            for rows, q in turned.items():
                terrain = game.board.terrain.copy()
                terrain[slot[0] * k:(slot[0] + 1) * k, slot[1] * k:(slot[1] + 1) * k] = \
                    type(tile.picture)(rows).terrain()
                dist = _way_to_chest(terrain, chest, here)
                theirs = _way_to_chest(terrain, chest, lead) if lead is not None else 0
                key = (dist, -theirs, king_distance((slot[0] * 3 + 1, slot[1] * 3 + 1),
                                                    chest), q)
                if best_key is None or key < best_key:
                    best, best_key = A.place(slot, q), key
        return best

    def _spawn_square(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        me = game.current_player()
        rivals = [game.figures[s.hero].square for p, s in enumerate(game.seats)
                  if p != me and s.hero is not None]
        if not rivals:
            return legal[0]
        target = min(rivals, key=lambda sq: king_distance(sq, game.board.chest))
        squares = {a: A.decode(a)[1] for a in legal}
        return min(squares, key=lambda a: (king_distance(squares[a], target), a))

    def _monster_target(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        me = game.current_player()
        for a in legal:
            fid = game.at.get(A.decode(a)[1])
            if fid is not None and game.figures[fid].owner != me:
                return a
        return legal[0]

    def _pair(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        card = self._card_to_play(game, legal)
        if card is not None:
            return card
        me = game.current_player()
        hero = game.seats[me].hero
        if hero is None:
            return A.pair(4) if A.pair(4) in legal else legal[0]  # spawn, then move
        options = game._move_options(hero, game.hero_mv(me), 0)
        if game.board.chest in options:
            return A.pair(1)
        if self._best_attack(game, game._attack_options(hero))[1] >= 1.0:
            return A.pair(0)
        return A.pair(1)

    def _move(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        card = self._card_to_play(game, legal)
        if card is not None:
            return card
        me = game.current_player()
        hero = game.seats[me].hero
        here = game.figures[hero].square
        dist = chest_distances(game.board)
        squares = {a: A.decode(a)[1] for a in legal if A.decode(a)[0] == "square"}
        if game.board.chest in squares.values():
            return A.square(game.board.chest)
        moves = {a: sq for a, sq in squares.items() if sq not in game.at}
        pushes = {a: sq for a, sq in squares.items() if sq in game.at}
        now = dist.get(here, _FAR)
        monsters = [f.square for f in game.figures.values() if f.kind == "monster"]

        def threat(sq: Square) -> int:  # monsters next to it (they attack anyone)
            return sum(king_distance(sq, m) <= 1 for m in monsters)

        if moves:
            a = min(moves, key=lambda a: (dist.get(moves[a], _FAR), threat(moves[a]), a))
            if dist.get(moves[a], _FAR) < now:
                return a
        if pushes:
            a = min(pushes, key=lambda a: (dist.get(pushes[a], _FAR), a))
            if dist.get(pushes[a], _FAR) < now:
                return a
        return A.DONE

    def _best_attack(self, game: DungeonCrawlerGame,
                     squares: list[Square]) -> tuple[Square | None, float]:
        me = game.current_player()
        hero = game.seats[me].hero
        if hero is None:
            return None, 0.0
        card = game.card(me)
        here = game.figures[hero].square
        n = game.board.size
        best, value = None, 0.0
        for sq in squares:
            if king_distance(sq, here) <= 1:
                dice, bonus, targets = card.melee, card.melee_bonus, [game.at.get(sq)]
            elif card.ranged:
                dice, bonus, targets = card.ranged, 0, [game.at.get(sq)]
            else:
                dice, bonus = card.area, 0
                targets = [game.at[s] for s in area(sq, (n, n)) if s in game.at
                           and game.at[s] != hero]
            worth = 0.0
            for t in targets:
                if t is None:
                    continue
                sign = -1.0 if game.figures[t].owner == me else 1.0
                worth += sign * expected_wounds(dice, bonus, game.defence(t))
            if worth > value:
                best, value = sq, worth
        return best, value

    def _attack(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        card = self._card_to_play(game, legal)
        if card is not None:
            return card
        squares = [A.decode(a)[1] for a in legal if A.decode(a)[0] == "square"]
        best, value = self._best_attack(game, squares)
        return A.square(best) if best is not None and value > 0 else A.DONE

    def _push_to(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        squares = {a: A.decode(a)[1] for a in legal}
        target = game.figures[game.decision["target"]]
        mover = game.mover(target.fid)
        lava = [a for a, sq in squares.items()
                if game.board.terrain[sq] == LAVA and not mover.lava_safe]
        if lava and target.owner != game.current_player():
            return lava[0]
        return max(squares, key=lambda a: (king_distance(squares[a], game.board.chest), -a))

    def _lava_push(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        victim = game.figures.get(game.decision["hero"])
        if victim is None or victim.owner == game.current_player():
            return A.DONE
        return next((a for a in legal if a != A.DONE), A.DONE)

    # ------------------------------------------------------ treasure cards
    def _card_to_play(self, game: DungeonCrawlerGame, legal: list[int]) -> int | None:
        """The hand card worth playing now on this decision, if any."""
        cards = treasure_cards()
        for a in legal:
            kind, args = A.decode(a)
            if kind == "card" and self._worth(game, cards[args[0]]):
                return a
        return None

    def _worth(self, game: DungeonCrawlerGame, c: TreasureCard) -> bool:
        me = game.current_player()
        hero = game.seats[me].hero
        kind = game.decision["kind"]
        e = c.effect
        if e == "equip" or e in ("draw", "tile", "spawn", "secret_door", "figure"):
            return kind == "pair" or e == "equip"
        if e in ("heal", "heal_all"):
            return hero is not None and game.figures[hero].wounds * 2 >= game.bp(hero)
        if e in ("quickness", "status"):
            return kind == "move" and self._puts_chest_in_reach(game, c)
        if e == "extra_attack":
            return kind == "attack" and self._best_attack(
                game, game._attack_options(hero))[1] >= 1.0
        if kind != "pair":
            return False
        if c.target:
            target = self._target(game, c, game._card_targets(me, c))
            return target is not None
        return False

    def _puts_chest_in_reach(self, game: DungeonCrawlerGame, c: TreasureCard) -> bool:
        me = game.current_player()
        hero = game.seats[me].hero
        probe = game.clone()
        probe.ctx["card_at"] = "move"
        probe._effect(me, c, None)
        return game.board.chest in probe._move_options(hero, probe.ctx["mv"],
                                                       probe.ctx["diagonals"])

    def _target(self, game: DungeonCrawlerGame, c: TreasureCard,
                legal: list[int]) -> int | None:
        """The target worth choosing for card ``c`` (None: not worth playing)."""
        me = game.current_player()
        hero = game.seats[me].hero
        dist = chest_distances(game.board)
        squares = {a: A.decode(a)[1] for a in legal if A.decode(a)[0] == "square"}
        here = dist.get(game.figures[hero].square, _FAR) if hero is not None else _FAR

        def rival(sq: Square) -> bool:
            fid = game.at.get(sq)
            return fid is not None and game.figures[fid].owner != me

        def nearest_rival() -> int | None:
            rivals = [a for a, sq in squares.items() if rival(sq)]
            return min(rivals, key=lambda a: (dist.get(squares[a], _FAR), a)) \
                if rivals else None

        t = c.target
        if c.effect in ("attack", "wound", "slide", "teleport", "summon", "discard") \
                and t in ("adventurer", "other_adventurer", "rival"):
            return nearest_rival()
        if t in ("seen_figure", "area_centre"):
            best, value = self._card_attack(game, c, list(squares.values()))
            return A.square(best) if best is not None and value >= 1.0 else None
        if t in ("near_square", "spawn_point", "other_adventurer", "seen_monster"):
            options = {a: sq for a, sq in squares.items()
                       if t in ("near_square", "spawn_point") or c.effect != "swap"
                       or rival(sq) or game.figures[game.at[sq]].kind == "monster"}
            if not options:
                return None
            a = min(options, key=lambda a: (dist.get(options[a], _FAR), a))
            return a if dist.get(options[a], _FAR) + 3 <= here else None
        if t == "monster":
            near = [a for a, sq in squares.items() if hero is not None
                    and king_distance(sq, game.figures[hero].square) <= 1]
            return near[0] if near else None
        if t == "wall_adjacent":
            return min(squares, key=lambda a: (dist.get(squares[a], _FAR), a)) \
                if squares else None
        return None

    def _card_attack(self, game: DungeonCrawlerGame, c: TreasureCard,
                     squares: list[Square]) -> tuple[Square | None, float]:
        me = game.current_player()
        hero = game.seats[me].hero
        n = game.board.size
        best, value = None, 0.0
        for sq in squares:
            if c.target == "area_centre":
                targets = [game.at[s] for s in area(sq, (n, n)) if s in game.at
                           and game.at[s] != hero]
            else:
                targets = [game.at[sq]] if sq in game.at else []
            worth = sum((-1.0 if game.figures[t].owner == me else 1.0) * expected_wounds(
                c.dice, c.bonus, game.defence(t, "area" if c.target == "area_centre"
                                              else "ranged")) for t in targets)
            if worth > value:
                best, value = sq, worth
        return best, value

    def _card_target(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        c = treasure_cards()[game.decision["card"]]
        choice = self._target(game, c, legal)
        if choice is None and c.target in ("seen_figure", "area_centre"):
            best, _ = self._card_attack(game, c, [A.decode(a)[1] for a in legal])
            choice = A.square(best) if best is not None else None
        return choice if choice is not None else legal[0]

    def _card_window(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        """In a card window (any player's activation): equipment at once, healing when
        half wounded; otherwise it passes and keeps its cards for its own adventurer
        phase."""
        me = game.current_player()
        hero = game.seats[me].hero
        cards = treasure_cards()
        for a in legal:
            if a == A.DONE:
                continue
            e = cards[A.decode(a)[1][0]].effect
            if e == "equip":
                return a
            if e in ("heal", "heal_all") and hero is not None \
                    and game.figures[hero].wounds * 2 >= game.bp(hero):
                return a
        return A.DONE

    def _roll_window(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        plays = [a for a in legal if a != A.DONE]
        if not plays:
            return A.DONE
        r = game.pending_roll()
        if r["kind"] != "respawn":
            return plays[0]
        now = self._spawn_distance(game, r["dice"][0])
        for a in plays:
            c = treasure_cards()[A.decode(a)[1][0]]
            if self._spawn_distance(game, min(6, r["dice"][0] + c.amount)) < now:
                return a
        return A.DONE

    @staticmethod
    def _spawn_distance(game: DungeonCrawlerGame, roll: int) -> int:
        spots = [sq for sq in game.board.spawn_squares(roll) if sq not in game.at]
        if not spots:
            return _FAR
        return min(king_distance(sq, game.board.chest) for sq in spots)

    def _keep(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        order = {"equip": 0, "power": 1, "quickness": 2, "relocate": 3, "attack": 4}
        cards = treasure_cards()
        return min(legal, key=lambda a: (order.get(cards[A.decode(a)[1][0]].effect, 9), a))

    def _slide_to(self, game: DungeonCrawlerGame, legal: list[int]) -> int:
        return self._push_to(game, legal)


__all__ = ["DungeonCrawlerHeuristic", "chest_distances", "expected_wounds", "race_lead"]
