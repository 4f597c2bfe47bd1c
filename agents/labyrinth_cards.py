"""A greedy rule-based player for Labyrinth the Card Game, from the observation alone.

The agent decodes the observation (:class:`CardsView`: the layout's cells, current
openings, treasures and played-this-turn marks, and its own hand's printed openings and
treasures) and simulates candidate moves with the engine's own layout functions
(:func:`~labyrinth_gym.envs.labyrinth_cards.engine.layout.path_groups`,
:func:`~labyrinth_gym.envs.labyrinth_cards.engine.layout.treasure_sets`,
:func:`~labyrinth_gym.envs.labyrinth_cards.engine.layout.articulation_cells`). It never
sees the opponents' hands or the deck. Strategy:

- **Action phase: greedy, one action at a time.** Every legal action is scored as if
  it were the turn's last one: the cards this player could then collect (sets traced
  after the action, picked under the five collection rules: not played this turn, the
  layout stays edge-connected and keeps two cards, every set keeps a card) minus
  ``leftover_weight`` times the cards still lying in sets after that collection (free
  points for the next player). A cheap estimate from the path groups (merging the
  groups a played card joins; re-tracing only the group of a rotated card) ranks all
  actions, and the best ``top_k`` that may score are simulated exactly.
- **Two actions ahead.** With two or more actions left, the ``lookahead`` best actions
  are each followed by the best next action (same scoring, on the table as it would
  then lie), which finds a play that sets up a rotation, a rotation that opens a path
  for a hand card, or two scoring plays. Otherwise the best single scoring action is
  taken at once (scoring first measured better than drawing first).
- **When nothing scores** the agent draws while its hand holds fewer than
  ``draw_below`` cards (by default whenever it may: more cards, more ways to match
  next turn, measured far better than drawing only to 3). With a full hand it plays
  the placement with the most future: treasures of its other hand cards that the
  joined path group shows (sets it can complete next turn), then edges linked and open
  edges, avoiding any that hands the next player a set; rotations that score nothing
  come last (they only move paths around for the opponents).
- **Official variant.** The one action is a play, and a card may be collected only if
  it shares a treasure with the played card's path group: the agent plays a placement
  that creates such a collectable match (looking down the whole list when the likeliest
  ones would split the layout), else the placement whose path group shows the
  treasures of its other hand card.
- **Collection phase.** Always collect while anything is collectable (each card is a
  point); among the collectable cards take the one after which the most further cards
  stay collectable, then the one with the fewest neighbours (lifting leaves keeps the
  rest of the layout connected and collectable).

Works for every variant and 2-6 players (the observation says which). ``act`` takes
about 2 ms a decision in play against random, 4 ms on the crowded tables of random play
(one core).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np

from labyrinth_gym.envs.labyrinth_cards import encoding as E
from labyrinth_gym.envs.labyrinth_cards.engine import actions as A
from labyrinth_gym.envs.labyrinth_cards.engine.game import COLLECT
from labyrinth_gym.envs.labyrinth_cards.engine.layout import (
    OPPOSITE,
    Grid,
    articulation_cells,
    path_groups,
    rotate_mask,
    treasure_sets,
)

SIZE = E.SIZE
CELLS = E.C
GRID = Grid(SIZE)
NEIGHBOURS = GRID.neighbours
ROTATE_BASE = A.rotate_base(SIZE)
DRAW = A.draw_index(SIZE)
COLLECT_BASE = A.collect_base(SIZE)
STOP = A.stop_index(SIZE)
VARIANT_NAMES = {i: name for name, i in E.VARIANT_INDEX.items()}
DECK_CARDS = 50
"""The encoding scales the deck size by the 50 cards of the game."""
_BITS = np.array([1, 2, 4, 8], dtype=np.int64)[:, None]


# ---------------------------------------------------------------- decoding
@dataclass(frozen=True)
class HandCard:
    """A card in the observer's hand.

    Attributes:
        slot: Hand slot (the action index's ``slot``).
        openings: Printed openings (4-bit mask, N=1 E=2 S=4 W=8).
        treasures: The card's two treasures.
    """

    slot: int
    openings: int
    treasures: tuple[int, int]


class CardsView:
    """What the observer sees, decoded from the observation vector.

    :meth:`after` gives the view after one of the observer's own plays or rotations,
    which is how the agent looks one action ahead.

    Attributes:
        occupied: Cells with a card.
        open_at: Current openings of every cell (0 where empty).
        treasures: ``{cell: (t1, t2)}`` for every occupied cell.
        played: Cells played this turn (not collectable this turn).
        in_set: Cells in a connected set now.
        collectable: Cells that may be collected now (collection phase).
        hand: The observer's hand, by slot.
        phase: 0 actions, 1 collect, 2 over.
        actions_left: Actions left this turn.
        variant: ``"official"``, ``"caffeinated"`` or ``"steroids"``.
        num_players: Players at the table.
        deck: Cards left in the deck.
        score: The observer's collected cards.
        opponents: ``(hand size, score)`` of each opponent, in turn order.
    """

    def __init__(self, observation: np.ndarray):
        obs = np.asarray(observation, dtype=np.float32)
        planes = obs[: E.PLANES * E.C].reshape(E.PLANES, E.C) > 0.5
        occ = np.flatnonzero(planes[E.P_OCC])
        self.occupied: set[int] = set(occ.tolist())
        self.open_at: list[int] = (
            (planes[E.P_OPEN : E.P_OPEN + 4] * _BITS).sum(0).tolist()
        )
        self.played: set[int] = set(np.flatnonzero(planes[E.P_PLAYED]).tolist())
        self.in_set: set[int] = set(np.flatnonzero(planes[E.P_INSET]).tolist())
        self.collectable: list[int] = np.flatnonzero(planes[E.P_COLLECT]).tolist()
        _, ts = np.nonzero(planes[E.P_TREASURE : E.P_TREASURE + E.NT][:, occ].T)
        if len(ts) != 2 * len(occ):
            raise ValueError("observation: every card on the table shows two treasures")
        self.treasures: dict[int, tuple[int, int]] = {
            c: (a, b)
            for c, (a, b) in zip(occ.tolist(), ts.reshape(-1, 2).tolist(), strict=True)
        }
        block = obs[E.O_HAND : E.O_HAND + A.HAND_MAX * E.HAND_W].reshape(
            A.HAND_MAX, E.HAND_W
        )
        self.hand: list[HandCard] = []
        for slot in range(A.HAND_MAX):
            row = block[slot]
            if row[0] < 0.5:
                break
            openings = sum(1 << i for i in range(4) if row[1 + i] > 0.5)
            t = np.flatnonzero(row[5:] > 0.5).tolist()
            self.hand.append(HandCard(slot, openings, (t[0], t[1])))
        self.phase = int(np.argmax(obs[E.O_PHASE : E.O_PHASE + 3]))
        g = obs[E.O_GLOBAL : E.O_GLOBAL + 13]
        self.actions_left = round(float(g[0]) * 3)
        self.variant: str = VARIANT_NAMES[int(np.argmax(g[1:4]))]
        self.num_players = int(np.argmax(g[4:9])) + 2
        self.deck = round(float(g[9]) * DECK_CARDS)
        self.score = round(float(g[11]) * 25)
        opp = obs[E.O_OPP : E.O_OPP + 15].reshape(5, 3)
        self.opponents: list[tuple[int, int]] = [
            (round(float(o[1]) * A.HAND_MAX), round(float(o[2]) * 25))
            for o in opp[: self.num_players - 1]
        ]

    def after(self, action: int) -> CardsView:
        """The view after the observer's own play or rotation ``action``.

        Only the layout, the hand and the actions left change; the in-set and
        collectable marks are not re-traced.
        """
        new = copy.copy(self)
        new.actions_left = self.actions_left - 1
        kind, args = A.decode(action, SIZE)
        if kind == "play":
            slot, cell, rot = args
            card = self.hand[slot]
            new.open_at = self.open_at[:]
            new.open_at[cell] = rotate_mask(card.openings, rot)
            new.occupied = self.occupied | {cell}
            new.treasures = {**self.treasures, cell: card.treasures}
            new.played = self.played | {cell}
            new.hand = [
                HandCard(i, c.openings, c.treasures)
                for i, c in enumerate(c for c in self.hand if c.slot != slot)
            ]
        elif kind == "rotate":
            cell, d = args
            new.open_at = self.open_at[:]
            new.open_at[cell] = rotate_mask(self.open_at[cell], 1 if d == 0 else -1)
        else:
            raise ValueError(f"cannot look past a {kind} action")
        return new

    def needs_connection(self) -> bool:
        """Variants require a played card to connect a path (the engine's rule)."""
        return self.variant != "official"

    def legal_moves(self) -> tuple[np.ndarray, np.ndarray]:
        """The plays and rotations the engine would allow in this view's action phase."""
        occupied = self.occupied
        open_at = self.open_at
        facing: dict[int, int] = {}
        for cell in occupied:
            mask = open_at[cell]
            for d, nb in NEIGHBOURS[cell]:
                if nb not in occupied:
                    facing[nb] = facing.get(nb, 0) | (OPPOSITE[d] if mask & d else 0)
        connect = self.needs_connection()
        plays = [
            A.play_index(card.slot, cell, r, SIZE)
            for card in self.hand
            for cell, faces in facing.items()
            for r in range(4)
            if not connect or rotate_mask(card.openings, r) & faces
        ]
        rotations = (
            [ROTATE_BASE + 2 * c + d for c in occupied for d in (0, 1)]
            if self.actions_left > 0 and self.variant != "official"
            else []
        )
        return np.array(sorted(plays), dtype=np.int64), np.array(
            sorted(rotations), dtype=np.int64
        )


# --------------------------------------------------------------- simulation
def greedy_collection(
    occupied: set[int],
    sets: dict[tuple[int, int], list[int]],
    played: set[int],
    must_share: int | None = None,
) -> list[int]:
    """The cells a player would collect, picked greedily under the collection rules.

    Args:
        occupied: Cells with a card when collection begins.
        sets: The sets traced when collection begins (``treasure_sets``).
        played: Cells played this turn (never collectable).
        must_share: Official game: the played cell; at most one card is collected and
            it must share a set with this cell. Otherwise (the variants) no card is
            collected that would leave a lone card on the table.

    Returns:
        The collected cells, in order. Cells in fewer sets go first (a card in two sets
        claims both, which can block a second pick), then cells with fewer neighbours.
    """
    if not sets:
        return []
    sets_of: dict[int, list[tuple[int, int]]] = {}
    for key, cells in sets.items():
        if must_share is not None and must_share not in cells:
            continue
        for c in cells:
            sets_of.setdefault(c, []).append(key)
    candidates = [c for c in sets_of if c not in played]
    if not candidates:
        return []
    left = {key: len(cells) for key, cells in sets.items()}
    occ = set(occupied)
    taken: list[int] = []
    keep = 1 if must_share is not None else 2
    while candidates and len(occ) > keep:
        options = [c for c in candidates if all(left[k] >= 2 for k in sets_of[c])]
        if not options:
            break
        ranked = sorted(
            (len(sets_of[c]), sum(1 for _, nb in NEIGHBOURS[c] if nb in occ), c)
            for c in options
        )
        if ranked[0][1] <= 1:  # lifting a leaf never splits the layout
            pick = ranked[0][2]
        else:
            cut = articulation_cells(GRID, occ)
            picks = [c for _, _, c in ranked if c not in cut]
            if not picks:
                break
            pick = picks[0]
        taken.append(pick)
        occ.discard(pick)
        for k in sets_of[pick]:
            left[k] -= 1
        if must_share is not None:
            break
        candidates.remove(pick)
    return taken


def leftover_cards(sets: dict[tuple[int, int], list[int]]) -> int:
    """Cards a player could collect from ``sets`` if nothing else stood in the way."""
    return sum(len(cells) - 1 for cells in sets.values())


@dataclass
class Outcome:
    """What the end of the turn would bring after a simulated action.

    Attributes:
        taken: The cells collected by the greedy picks, in order.
        leftover: Cards still in sets after those picks (re-traced), which the next
            player may take.
    """

    taken: list[int]
    leftover: int

    @property
    def gain(self) -> int:
        """Cards collected."""
        return len(self.taken)


def end_of_turn(
    open_at: list[int],
    occupied: set[int],
    treasures: dict[int, tuple[int, int]],
    played: set[int],
    must_share: int | None = None,
) -> Outcome:
    """Trace the sets, collect greedily, and count what is left for the next player."""
    groups = path_groups(GRID, open_at, occupied)
    sets = treasure_sets(groups, treasures)
    taken = greedy_collection(occupied, sets, played, must_share)
    if taken:
        rest = occupied.difference(taken)
        opens = open_at[:]
        for c in taken:
            opens[c] = 0
        sets = treasure_sets(path_groups(GRID, opens, rest), treasures)
    return Outcome(taken, leftover_cards(sets))


# ------------------------------------------------------------------ the agent
@dataclass
class _Candidate:
    action: int
    estimate: float  # estimated change in value (stage 1)
    placement: float  # tie-break: the move's future
    value: float | None = None  # exact value after simulation (stage 2)


class LabyrinthCardsHeuristic:
    """The greedy player described in the module docstring.

    Args:
        game: Game name (for the display name).
        leftover_weight: Cost of one card left in a set for the next player, relative
            to one card collected now.
        draw_below: Draw (when nothing scores) while the hand holds fewer cards.
        top_k: Actions simulated exactly after the cheap ranking.
        lookahead: With two or more actions left, the best single actions whose
            follow-ups are searched for a better two-action sequence (0: none).
        follow_k: Follow-up actions simulated exactly after each of those.
        seed: Unused (the agent is deterministic); accepted like every agent's.
    """

    needs_game = False

    def __init__(
        self,
        game: str = "labyrinth_cards",
        leftover_weight: float = 0.6,
        draw_below: int = 6,
        top_k: int = 8,
        lookahead: int = 8,
        follow_k: int = 3,
        seed: int | None = None,
    ):
        self.name = f"{game}/heuristic"
        self.leftover_weight = float(leftover_weight)
        self.draw_below = int(draw_below)
        self.top_k = int(top_k)
        self.lookahead = int(lookahead)
        self.follow_k = int(follow_k)

    def reset(self, seed: int | None = None) -> None:
        pass

    def act(self, observation, action_mask, *, game=None) -> int:
        legal = np.flatnonzero(action_mask)
        if len(legal) == 0:
            raise ValueError("no legal action in the mask")
        if len(legal) == 1:
            return int(legal[0])
        view = CardsView(observation)
        if view.phase == COLLECT:
            return self._collect(view, legal.tolist())
        return self._action(view, legal)

    # ---------------------------------------------------------- collection
    def _collect(self, view: CardsView, legal: list[int]) -> int:
        cells = [a - COLLECT_BASE for a in legal if COLLECT_BASE <= a < STOP]
        if not cells:
            return STOP
        if len(cells) == 1:
            return COLLECT_BASE + cells[0]
        # The sets as the paths lie now, limited to the cells still marked in a set;
        # a model of the engine's traced sets, used only to order the picks.
        groups = path_groups(GRID, view.open_at, view.occupied)
        sets = {
            k: [c for c in v if c in view.in_set]
            for k, v in treasure_sets(groups, view.treasures).items()
        }
        sets = {k: v for k, v in sets.items() if len(v) >= 2}
        occ = view.occupied

        def score(cell: int) -> tuple[int, int, int]:
            rest = {k: [c for c in v if c != cell] for k, v in sets.items()}
            after = greedy_collection(
                occ - {cell}, {k: v for k, v in rest.items() if v}, view.played
            )
            nbrs = sum(1 for _, nb in NEIGHBOURS[cell] if nb in occ)
            return (len(after), -nbrs, -cell)

        return COLLECT_BASE + max(cells, key=score)

    # ------------------------------------------------------------- actions
    def _value(self, outcome: Outcome, official: bool) -> float:
        weight = 0.0 if official else self.leftover_weight
        return outcome.gain - weight * outcome.leftover

    def _ranked(
        self,
        view: CardsView,
        plays: np.ndarray,
        rotations: np.ndarray,
        top_k: int,
    ) -> tuple[list[_Candidate], float]:
        """Every play and rotation, ranked by the estimate, the first ``top_k`` with
        exact values; and the value of leaving the layout as it is (a draw)."""
        official = view.variant == "official"
        model = _GroupModel(view, 0.0 if official else self.leftover_weight)
        cands = model.play_candidates(plays, official)
        if not official:
            cands += model.rotation_candidates(rotations)
        cands.sort(key=lambda c: (c.estimate, c.placement, -c.action), reverse=True)
        # In the official game nothing is collected without a play.
        base = 0.0
        if not official:
            outcome = end_of_turn(view.open_at, view.occupied, view.treasures, view.played)
            base = self._value(outcome, official)
        # Only actions that may score are worth simulating; the rest keep the
        # estimate (it sees every set they make or break, not the connectivity rule).
        for cand in cands[:top_k]:
            if cand.estimate > 1e-9:
                cand.value = self._value(model.simulate(cand.action), official)
            else:
                cand.value = base + cand.estimate
        if official and not any(c.value > 0 for c in cands[:top_k]):
            # The official game's one play: when the likeliest matches all fail the
            # connectivity rule, look for one that passes further down the list.
            for i in range(top_k, len(cands)):
                cand = cands[i]
                if cand.estimate <= 0:
                    break
                cand.value = self._value(model.simulate(cand.action), official)
                if cand.value > 0:
                    cands.insert(0, cands.pop(i))
                    break
        return cands, base

    def _action(self, view: CardsView, legal: np.ndarray) -> int:
        official = view.variant == "official"
        plays = legal[legal < ROTATE_BASE]
        rotations = legal[(legal >= ROTATE_BASE) & (legal < DRAW)]
        can_draw = bool(np.any(legal == DRAW))
        cands, base = self._ranked(view, plays, rotations, self.top_k)
        if not cands:
            return DRAW if can_draw else int(legal[0])
        scored = cands[: self.top_k]
        best = max(scored, key=lambda c: (c.value, c.placement, -c.action))
        best_single = max(base, best.value)
        more = view.actions_left >= 2 and not official
        small_hand = can_draw and len(view.hand) < self.draw_below
        if more and self.lookahead > 0:
            first, pair_value = self._best_pair(view, scored)
            if pair_value > best_single + 1e-9:
                return first.action
        if best.value > base + 1e-9:
            # Scoring first and drawing after beats drawing first (measured): the
            # second action may score again where a look-ahead missed it.
            return best.action
        if small_hand:
            return DRAW
        # Nothing scores: build for later without handing out sets.
        keep = [c for c in cands if c.estimate >= -1e-9]
        return max(keep or cands, key=lambda c: (c.placement + c.estimate, -c.action)).action

    def _best_pair(
        self, view: CardsView, scored: list[_Candidate]
    ) -> tuple[_Candidate, float]:
        """The first action of the best two-action sequence among the ``lookahead``
        best single actions, and the value at the end of that sequence."""
        firsts = sorted(
            scored, key=lambda c: (c.value, c.placement, -c.action), reverse=True
        )[: self.lookahead]
        best, best_key = firsts[0], (-np.inf,)
        for cand in firsts:
            nxt = view.after(cand.action)
            plays, rotations = nxt.legal_moves()
            cands, base = self._ranked(nxt, plays, rotations, self.follow_k)
            value = max([base] + [c.value for c in cands[: self.follow_k]])
            key = (value, cand.value, cand.placement, -cand.action)
            if key > best_key:
                best, best_key = cand, key
        return best, best_key[0]


@dataclass
class _Split:
    """A path group with one cell lifted.

    Attributes:
        sub: ``{cell: part}`` for the rest of the group, or None when it stays whole
            (then the part is ``group``).
        group: The group's id before the lift.
        counts: ``{part: treasure counts}`` (see :meth:`_GroupModel._count`).
        worth: ``{part: value of its sets}``.
    """

    sub: dict[int, int] | None
    group: int
    counts: dict[int, dict[int, list[int]]]
    worth: dict[int, float]


class _GroupModel:
    """Path groups of the current layout and cheap estimates of actions on them.

    The estimate of an action is the change in ``sum over sets (ours - w * left)``,
    where a set of ``n`` cards with ``f`` not played this turn gives ``ours =
    min(n - 1, f)`` and ``left = n - 1 - ours``; it ignores the layout-connectivity
    rule, which the exact simulation then checks.
    """

    def __init__(self, view: CardsView, leftover_weight: float):
        self.view = view
        self.w = leftover_weight
        self.groups = path_groups(GRID, view.open_at, view.occupied)
        self.members: dict[int, list[int]] = {}
        for cell, g in self.groups.items():
            self.members.setdefault(g, []).append(cell)
        self.counts = {g: self._count(cells) for g, cells in self.members.items()}
        self.group_value = {g: self._worth(c) for g, c in self.counts.items()}
        hand_treasures: dict[int, set[int]] = {}
        for card in view.hand:
            hand_treasures[card.slot] = set(card.treasures)
        self.hand_treasures = hand_treasures
        self._split_cache: dict[int, _Split] = {}

    # ------------------------------------------------------------ counting
    def _count(self, cells) -> dict[int, list[int]]:
        """``{treasure: [cards, cards not played this turn]}`` over ``cells``."""
        counts: dict[int, list[int]] = {}
        played = self.view.played
        treasures = self.view.treasures
        for c in cells:
            free = c not in played
            for t in treasures[c]:
                entry = counts.get(t)
                if entry is None:
                    counts[t] = [1, int(free)]
                else:
                    entry[0] += 1
                    entry[1] += free
        return counts

    def _worth(self, counts: dict[int, list[int]]) -> float:
        total = 0.0
        for n, f in counts.values():
            if n >= 2:
                ours = min(n - 1, f)
                total += ours - self.w * (n - 1 - ours)
        return total

    @staticmethod
    def _merge(parts, extra: tuple[int, ...], extra_free: bool) -> dict[int, list[int]]:
        merged: dict[int, list[int]] = {}
        for counts in parts:
            for t, (n, f) in counts.items():
                entry = merged.get(t)
                if entry is None:
                    merged[t] = [n, f]
                else:
                    entry[0] += n
                    entry[1] += f
        for t in extra:
            entry = merged.get(t)
            if entry is None:
                merged[t] = [1, int(extra_free)]
            else:
                entry[0] += 1
                entry[1] += extra_free
        return merged

    # --------------------------------------------------------------- plays
    def _joins(self, cell: int, mask: int) -> tuple[tuple[int, ...], int, int]:
        """Path groups a card with openings ``mask`` on ``cell`` would join, the
        edges it would link and its open edges towards empty cells."""
        open_at = self.view.open_at
        occupied = self.view.occupied
        joined: set[int] = set()
        links = ends = 0
        for d, nb in NEIGHBOURS[cell]:
            if mask & d:
                if nb in occupied:
                    if open_at[nb] & OPPOSITE[d]:
                        links += 1
                        joined.add(self.groups[nb])
                else:
                    ends += 1
        return tuple(sorted(joined)), links, ends

    def play_candidates(self, plays: np.ndarray, official: bool) -> list[_Candidate]:
        hand = self.view.hand
        slots, rest = np.divmod(plays, CELLS * 4)
        cells, rots = np.divmod(rest, 4)
        joins: dict[tuple[int, int], tuple[tuple[int, ...], int, int]] = {}
        estimates: dict[tuple, tuple[float, float]] = {}
        out = []
        for a, slot, cell, rot in zip(
            plays.tolist(), slots.tolist(), cells.tolist(), rots.tolist(), strict=True
        ):
            card = hand[slot]
            mask = rotate_mask(card.openings, rot)
            hit = joins.get((cell, mask))
            if hit is None:
                hit = joins[cell, mask] = self._joins(cell, mask)
            joined, links, ends = hit
            est = estimates.get((slot, joined))
            if est is None:
                est = estimates[slot, joined] = self._play_estimate(card, joined, official)
            estimate, synergy = est
            placement = 0.1 * synergy + 0.02 * links + 0.01 * ends
            out.append(_Candidate(a, estimate, placement))
        return out

    def _play_estimate(
        self, card: HandCard, joined: tuple[int, ...], official: bool
    ) -> tuple[float, float]:
        parts = [self.counts[g] for g in joined]
        shown: set[int] = set()
        for counts in parts:
            shown.update(counts)
        # Treasures of the rest of the hand that this path group would show: sets the
        # next turn can complete with another card.
        synergy = sum(
            len(ts & shown) + len(ts & set(card.treasures))
            for slot, ts in self.hand_treasures.items()
            if slot != card.slot
        )
        if official:
            # One card that shares a treasure with the played card's group.
            return (1.0 if shown & set(card.treasures) else 0.0), synergy
        merged = self._merge(parts, card.treasures, extra_free=False)
        before = sum(self.group_value[g] for g in joined)
        return self._worth(merged) - before, synergy

    # ----------------------------------------------------------- rotations
    def _split(self, cell: int) -> _Split:
        """The path groups of ``cell``'s group once ``cell`` is lifted."""
        hit = self._split_cache.get(cell)
        if hit is not None:
            return hit
        g = self.groups[cell]
        open_at = self.view.open_at
        mask = open_at[cell]
        links = [
            nb
            for d, nb in NEIGHBOURS[cell]
            if mask & d and nb in self.view.occupied and open_at[nb] & OPPOSITE[d]
        ]
        if len(links) <= 1:
            # A dead end (or a lone card): the rest of its group stays one group.
            counts = {t: list(nf) for t, nf in self.counts[g].items()}
            free = cell not in self.view.played
            for t in self.view.treasures[cell]:
                counts[t][0] -= 1
                counts[t][1] -= free
            parts = {g: counts} if links else {}
            hit = _Split(None, g, parts, {k: self._worth(v) for k, v in parts.items()})
        else:
            rest = [c for c in self.members[g] if c != cell]
            opens = open_at[:]
            opens[cell] = 0
            sub = path_groups(GRID, opens, rest)
            cells_of: dict[int, list[int]] = {}
            for c, s in sub.items():
                cells_of.setdefault(s, []).append(c)
            parts = {s: self._count(cs) for s, cs in cells_of.items()}
            hit = _Split(sub, g, parts, {k: self._worth(v) for k, v in parts.items()})
        self._split_cache[cell] = hit
        return hit

    def rotation_candidates(self, rotations: np.ndarray) -> list[_Candidate]:
        view = self.view
        open_at = view.open_at
        occupied = view.occupied
        groups = self.groups
        out = []
        cells, dirs = np.divmod(rotations - ROTATE_BASE, 2)
        for a, cell, d in zip(rotations.tolist(), cells.tolist(), dirs.tolist(), strict=True):
            mask = rotate_mask(open_at[cell], 1 if d == 0 else -1)
            split = self._split(cell)
            own = split.group
            joined_sub: set[int] = set()
            joined_other: set[int] = set()
            for dd, nb in NEIGHBOURS[cell]:
                if mask & dd and nb in occupied and open_at[nb] & OPPOSITE[dd]:
                    g = groups[nb]
                    if g != own:
                        joined_other.add(g)
                    else:
                        joined_sub.add(own if split.sub is None else split.sub[nb])
            parts = [split.counts[s] for s in joined_sub]
            parts += [self.counts[g] for g in joined_other]
            merged = self._merge(
                parts, view.treasures[cell], extra_free=cell not in view.played
            )
            after = self._worth(merged) + sum(
                w for s, w in split.worth.items() if s not in joined_sub
            )
            before = self.group_value[own] + sum(self.group_value[g] for g in joined_other)
            # A rotation that scores nothing only reshapes paths for the opponents.
            out.append(_Candidate(a, after - before, -0.05))
        return out

    # ------------------------------------------------------------ simulate
    def simulate(self, action: int) -> Outcome:
        """The exact end-of-turn outcome if ``action`` were the turn's last one."""
        view = self.view
        kind, args = A.decode(action, SIZE)
        open_at = view.open_at[:]
        occupied = view.occupied
        treasures = view.treasures
        played = view.played
        must_share = None
        if kind == "play":
            slot, cell, rot = args
            card = view.hand[slot]
            open_at[cell] = rotate_mask(card.openings, rot)
            occupied = occupied | {cell}
            treasures = {**treasures, cell: card.treasures}
            played = played | {cell}
            if view.variant == "official":
                must_share = cell
        elif kind == "rotate":
            cell, d = args
            open_at[cell] = rotate_mask(open_at[cell], 1 if d == 0 else -1)
        return end_of_turn(open_at, occupied, treasures, played, must_share)
