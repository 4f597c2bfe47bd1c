"""The ``dungeon_crawler/candidates`` policy interface: a choice among a few moves.

Dungeon Crawler's raw observation has thousands of values and its action space 694
actions, most of them squares; a policy learning them from scratch must first find
out what a wall or a way to the chest is. This interface asks the policy only which
of up to :data:`K` candidate moves to make, each described by a few features, with the
rule-based player's move always among them.

It reads the game, like the search agents: ``prepare(observation, mask, game=view)``
with the acting seat's determinized view (:attr:`needs_game`), never the true state.

Besides the way to the chest, a square's features hold its *threat* (the game is
deadly: about one adventurer falls per round among four heuristic players): the
expected wounds the monsters and rival adventurers that can attack it now would deal
to this seat's adventurer, those of the melee monsters one move away, and whether
their sum would slay it. The same for the square the adventurer stands on.

Candidates, in slot order (no action twice, empty slots masked):

0. The rule-based player's move (:class:`~labyrinth_gym.agents.dungeon_crawler.
   DungeonCrawlerHeuristic`), so a policy that always picks slot 0 *is* the heuristic.
1. Done (end the move, no attack, no card after a roll), when legal.
2. The other legal moves, best first by a quick measure (moves and pushes: the way
   left to the chest, alternating with the safest squares (least threat, then the way
   left); attacks and attack cards: expected wounds on rivals; tiles: the
   way to the chest after it, over the heuristic's nearest slots; spawn squares and
   card targets: nearness to the rival nearest the chest), up to :data:`K` in all.

The policy chooses at the decisions in :data:`CHOSEN`; the heuristic rules the others
(adventurer cards, ties between adventurers, pushes' and slides' squares, the card kept
from the Secret Room, and the card windows that env v1 opens in every activation, where
it plays equipment and healing and otherwise passes), as it does any decision with one
legal move. Since version 3 the
start and re-spawn squares are the policy's too: a spawn point can lie in a pocket the
tiles have walled off from the chest, where the rule-based player (which takes the
point nearest the chest as the crow flies) waits to be slain; the candidates' way to
the chest tells the policy which points lead somewhere.
"""

from __future__ import annotations

from itertools import zip_longest

import numpy as np

from labyrinth_gym.agents.dungeon_crawler import (
    _FAR,
    DungeonCrawlerHeuristic,
    _way_to_chest,
    chest_distances,
    expected_wounds,
)
from labyrinth_gym.agents.interface import Decision
from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.data import (
    adventurer,
    monster,
    tiles,
    treasure_cards,
)
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    DEEP,
    LAVA,
    SHALLOW,
    area,
    king_distance,
)

K = 8
"""Candidate slots."""
CHOSEN = ("pair", "move", "attack", "place_tile", "spawn_square", "card_target",
          "roll_window", "choose_start", "respawn_square")
"""Decisions the policy makes; the heuristic rules the rest."""
KINDS = ("done", "pair", "pick_up", "move", "push", "attack", "place", "spawn", "card",
         "target")
N_CARDS = len(treasure_cards())
CAND_FEATURES = 3 + len(KINDS) + 5 + 4 + 4 + 4 + 2 + 3 + N_CARDS
GLOBAL_FEATURES = len(CHOSEN) + 6 + 3 + 2 + 5 + 1 + 1 + N_CARDS
WAY = 40.0
"""Ways to the chest are divided by this (and clipped to 1)."""


def _clip(x: float) -> float:
    return min(max(x, 0.0), 1.0)


class DungeonCrawlerCandidates:
    """See the module docstring."""

    name = "dungeon_crawler/candidates"
    version = 3
    global_size = GLOBAL_FEATURES
    candidate_size = CAND_FEATURES
    observation_size = GLOBAL_FEATURES + K * CAND_FEATURES
    num_choices = K
    needs_game = True

    def __init__(self):
        self.heuristic = DungeonCrawlerHeuristic()

    def reset(self) -> None:
        self.heuristic.reset()

    def prepare(self, observation, action_mask, *, game=None) -> Decision:
        mask = np.asarray(action_mask, dtype=bool)
        legal = [int(a) for a in np.flatnonzero(mask)]
        if game is None or game.decision is None:
            raise ValueError("dungeon_crawler/candidates reads the game: pass game=view")
        first = int(self.heuristic.act(observation, mask, game=game))
        kind = game.decision["kind"]
        if len(legal) == 1 or kind not in CHOSEN:
            return Decision(ruled=first)
        order = self._ranked(game, kind, legal)
        actions = [first]
        if A.DONE in legal and A.DONE != first:
            actions.append(A.DONE)
        for a in order:
            if len(actions) >= K:
                break
            if a not in actions:
                actions.append(a)
        obs = np.zeros(self.observation_size, dtype=np.float32)
        ctx = _Context(game)
        self._globals(obs[:GLOBAL_FEATURES], game, ctx, kind)
        for slot, a in enumerate(actions):
            start = GLOBAL_FEATURES + slot * CAND_FEATURES
            self._candidate(obs[start:start + CAND_FEATURES], game, ctx, a, slot)
        choice_mask = np.zeros(K, dtype=bool)
        choice_mask[:len(actions)] = True
        return Decision(obs, choice_mask, actions)

    # ------------------------------------------------------------ ranking
    def _ranked(self, game, kind: str, legal: list[int]) -> list[int]:
        ctx = _Context(game)
        if kind == "place_tile":
            scored = {a: ctx.way_after_tile(a) for a in self._near_places(game, legal)}
            return sorted(scored, key=lambda a: (scored[a], a))
        if kind == "move":
            by_way = sorted(legal, key=lambda a: (ctx.rank(a, kind), a))
            squares = [a for a in legal if A.decode(a)[0] == "square"]
            by_safety = sorted(squares, key=lambda a: (ctx.danger(A.decode(a)[1]),
                                                       ctx.rank(a, kind), a))
            merged: list[int] = []
            for pair in zip_longest(by_way, by_safety):
                merged += [a for a in pair if a is not None and a not in merged]
            return merged
        if kind in ("attack", "spawn_square", "card_target"):
            return sorted(legal, key=lambda a: (ctx.rank(a, kind), a))
        return legal

    def _near_places(self, game, legal: list[int]) -> list[int]:
        """The placements in the slots the heuristic considers (nearest its adventurer)."""
        hero = game.seats[game.current_player()].hero
        here = game.figures[hero].square if hero is not None else game.board.chest
        slots = sorted({A.decode(a)[1][0] for a in legal},
                       key=lambda s: (king_distance((s[0] * 3 + 1, s[1] * 3 + 1), here),
                                      s))[:self.heuristic.nearest_slots]
        return [a for a in legal if A.decode(a)[1][0] in slots]

    # ----------------------------------------------------------- features
    @staticmethod
    def _globals(g: np.ndarray, game, ctx: _Context, kind: str) -> None:
        g[CHOSEN.index(kind)] = 1.0
        i = len(CHOSEN)
        me = ctx.me
        seat = game.seats[me]
        if ctx.hero is not None:
            f = game.figures[ctx.hero]
            g[i] = 1.0
            g[i + 1] = _clip(f.wounds / game.bp(ctx.hero))
            g[i + 2] = _clip(ctx.way(f.square) / WAY)
        g[i + 3] = _clip(game.ctx.get("mv", 0) / 8) if kind == "move" else 0.0
        g[i + 4] = _clip(len(seat.hand) / 10)
        g[i + 5] = len(seat.monsters) / game.max_monsters()
        i += 6
        if ctx.hero is not None:
            g[i:i + 3] = ctx.threat_features(game.figures[ctx.hero].square)
        i += 3
        rivals = [game.figures[s.hero].square for q, s in enumerate(game.seats)
                  if q != me and s.hero is not None]
        g[i] = _clip(min((ctx.way(sq) for sq in rivals), default=_FAR) / WAY)
        g[i + 1] = len(rivals) / 5
        i += 2
        g[i + game.num_players - 2] = 1.0
        i += 5
        g[i] = _clip(game.round / max(game.max_rounds, 1))
        i += 1
        # a square chosen for another seat's figure (the Teleport Trap's re-spawn die)
        d = game.decision
        g[i] = float(kind == "respawn_square"
                     and (d.get("relocate") is not None or d.get("seat", me) != me))
        i += 1
        for c in seat.hand:
            g[i + c] = 1.0

    @staticmethod
    def _candidate(row: np.ndarray, game, ctx: _Context, a: int, slot: int) -> None:
        kind, args = A.decode(a)
        dk = game.decision["kind"]
        row[0] = 1.0
        row[1] = slot == 0
        row[2] = a == A.DONE
        i = 3
        if kind == "square":
            what = {"move": "push" if args in game.at else "move", "attack": "attack",
                    "spawn_square": "spawn"}.get(dk, "target")
        else:
            what = {"adventurer": "target", "place": "place" if dk == "place_tile"
                    else "target"}.get(kind, kind)
        row[i + KINDS.index(what)] = 1.0
        i += len(KINDS)
        if kind == "pair":
            row[i + args[0]] = 1.0
        i += 5
        if kind == "square":
            sq = args
            row[i] = _clip(ctx.way(sq) / WAY)
            here = ctx.way(game.figures[ctx.hero].square) if ctx.hero is not None else _FAR
            row[i + 1] = _clip((here - ctx.way(sq) + 10) / 20) if here < _FAR else 0.5
            row[i + 2] = king_distance(sq, game.board.chest) / 21
            row[i + 3] = (_clip(king_distance(sq, game.figures[ctx.hero].square) / 10)
                          if ctx.hero is not None else 1.0)
            i += 4
            fid = game.at.get(sq)
            if fid is not None:
                f = game.figures[fid]
                mine = f.owner == ctx.me
                row[i + (0 if f.kind == "adventurer" else 2) + (0 if mine else 1)] = 1.0
            i += 4
            t = int(game.board.terrain[sq])
            row[i] = sq in game.board.piles
            row[i + 1] = t == LAVA
            row[i + 2] = t in (SHALLOW, DEEP)
            row[i + 3] = sq in game.board.spawns
            i += 4
            if dk == "attack" or (dk == "card_target" and ctx.card_attacks()):
                rival, own = ctx.wounds(sq)
                row[i] = _clip(rival / 4)
                row[i + 1] = _clip(own / 4)
            i += 2
            if dk == "move" and ctx.hero is not None:
                row[i:i + 3] = ctx.threat_features(sq)
            i += 3
        else:
            i += 17
            if kind == "place" and dk == "place_tile":
                row[i - 17] = _clip(ctx.way_after_tile(a) / WAY)
        if kind == "card":
            row[i + args[0]] = 1.0
        elif dk == "card_target":
            row[i + game.decision["card"]] = 1.0


class _Context:
    """What the features of one decision share (the way to the chest, the attacker)."""

    def __init__(self, game):
        self.game = game
        self.me = game.current_player()
        self.hero = game.seats[self.me].hero
        self.field = chest_distances(game.board)

    def way(self, sq) -> int:
        return self.field.get(sq, _FAR)

    def rank(self, a: int, kind: str) -> float:
        game = self.game
        what, args = A.decode(a)
        if what != "square":
            return 0.0 if what == "done" else 1.0
        if kind == "move":
            return self.way(args)
        if kind == "attack" or (kind == "card_target" and self.card_attacks()):
            rival, own = self.wounds(args)
            return own - rival
        rivals = [game.figures[s.hero].square for q, s in enumerate(game.seats)
                  if q != self.me and s.hero is not None]
        if not rivals:
            return 0.0
        target = min(rivals, key=lambda sq: (self.way(sq), sq))
        return king_distance(args, target)

    def threat(self, sq) -> tuple[float, float]:
        """Expected wounds on this seat's adventurer standing at ``sq``: from the
        figures that could attack it there now (monsters of any player, which attack
        any adventurer, and rival adventurers: melee when adjacent, ranged when they
        see it), and from the melee monsters that one move brings next to it."""
        game = self.game
        hero = self.hero
        if hero is None:
            return 0.0, 0.0
        melee_def = game.defence(hero, "melee")
        ranged_def = game.defence(hero, "ranged")
        now = soon = 0.0
        for f in game.figures.values():
            if f.fid == hero or (f.kind == "adventurer" and f.owner == self.me):
                continue
            d = king_distance(f.square, sq)
            if f.kind == "monster":
                m = monster(f.name)
                if m.attack == "melee":
                    if d <= 1:
                        now += expected_wounds(m.att, 0, melee_def)
                    elif d <= m.mv + 1:
                        soon += expected_wounds(m.att, 0, melee_def)
                elif d > 1 and game.board.sees(f.square, sq):
                    now += expected_wounds(m.att, 0, ranged_def)
            else:
                card = adventurer(f.name)
                if d <= 1 and card.melee:
                    now += expected_wounds(card.melee, card.melee_bonus, melee_def)
                elif d > 1 and card.ranged and game.board.sees(f.square, sq):
                    now += expected_wounds(card.ranged, 0, ranged_def)
        return now, soon

    def danger(self, sq) -> float:
        now, soon = self.threat(sq)
        return now + soon

    def threat_features(self, sq) -> list[float]:
        """The threat at ``sq`` (:meth:`threat`, each over 4) and whether the two
        together would slay the adventurer (its body points left)."""
        now, soon = self.threat(sq)
        hero = self.game.figures[self.hero]
        left = self.game.bp(self.hero) - hero.wounds
        return [_clip(now / 4), _clip(soon / 4), float(now + soon >= left)]

    def card_attacks(self) -> bool:
        d = self.game.decision
        return d["kind"] == "card_target" and treasure_cards()[d["card"]].effect == "attack"

    def wounds(self, sq) -> tuple[float, float]:
        """Expected wounds on rival and on own figures of an attack at ``sq``."""
        game = self.game
        d = game.decision
        n = game.board.size
        if d["kind"] == "card_target":
            c = treasure_cards()[d["card"]]
            dice, bonus = c.dice, c.bonus
            kind = "area" if c.target == "area_centre" else ("ranged" if c.kind == "loot"
                                                              else "trap")
            targets = ([game.at[s] for s in area(sq, (n, n)) if s in game.at
                        and game.at[s] != self.hero] if kind == "area"
                       else [game.at[sq]] if sq in game.at else [])
        else:
            card = game.card(self.me)
            here = game.figures[self.hero].square
            if king_distance(sq, here) <= 1:
                dice = card.melee
                bonus = card.melee_bonus + game.equip_bonus(self.me, "melee_bonus")
                kind, targets = "melee", [game.at[sq]]
            elif card.ranged:
                dice, bonus, kind, targets = card.ranged, 0, "ranged", [game.at[sq]]
            else:
                dice, bonus, kind = card.area, 0, "area"
                targets = [game.at[s] for s in area(sq, (n, n)) if s in game.at
                           and game.at[s] != self.hero]
        rival = own = 0.0
        for t in targets:
            w = expected_wounds(dice, bonus, game.defence(t, kind))
            if game.figures[t].owner == self.me:
                own += w
            else:
                rival += w
        return rival, own

    def way_after_tile(self, a: int) -> int:
        game = self.game
        (slot, q) = A.decode(a)[1]
        tile = tiles()[game.ctx["tile"]]
        k = game.board.spec.tile_size
        terrain = game.board.terrain.copy()
        terrain[slot[0] * k:(slot[0] + 1) * k, slot[1] * k:(slot[1] + 1) * k] = \
            tile.picture.rotated(q).terrain()
        here = game.figures[self.hero].square if self.hero is not None else game.board.chest
        return _way_to_chest(terrain, game.board.chest, here)


__all__ = ["CAND_FEATURES", "CHOSEN", "GLOBAL_FEATURES", "K", "DungeonCrawlerCandidates"]
