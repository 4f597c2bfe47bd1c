"""The ``labyrinth_cards/candidates`` policy interface: a choice among a few moves.

The card game's raw action space has 6914 actions, most of them placements that differ
only in a cell; a policy learning it from the flat observation must rediscover path
tracing before it can play. This interface does the tracing with the heuristic's own
machinery (:mod:`labyrinth_gym.agents.labyrinth_cards`) and asks the policy only what
the heuristic has to guess: which of up to :data:`K` candidate moves to make.

Candidates, in slot order (no action twice, empty slots masked):

0. The heuristic's own move (so a policy that always picks slot 0 *is* the heuristic).
1. Draw, when the rules allow it.
2. The best plays and rotations by a wider search than the heuristic's (the best
   value at the end of the turn over the next two actions, then the value if the turn
   ended after this one).
3. The best non-scoring placements (the heuristic's "build for later" order).

Each candidate is described by :data:`CAND_FEATURES` numbers (kind, the cards it
collects at once and leaves in sets for the next player, its value over two actions,
the cheap estimate and its future), and the decision by :data:`GLOBAL_FEATURES` more
(actions left, variant, players, deck, scores, hand sizes, what the table offers if
nothing changes). Collection decisions are ruled by the heuristic (collect while
anything may be collected, in its order), as is any decision with one legal move.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.agents.interface import Decision
from labyrinth_gym.agents.labyrinth_cards import (
    COLLECT,
    DRAW,
    ROTATE_BASE,
    CardsView,
    LabyrinthCardsHeuristic,
    Outcome,
    _Candidate,
    _GroupModel,
    end_of_turn,
)

K = 8
"""Candidate slots."""
CAND_FEATURES = 12
GLOBAL_FEATURES = 18
_VARIANTS = ("official", "caffeinated", "steroids")
_SCALE = 5.0  # cards: values, gains and leftovers are divided by this


class CandidateInterface:
    """See the module docstring.

    Args:
        top_k: Actions the wider search values exactly.
        follow_k: Follow-up actions valued after each of the best ``K`` first actions.
    """

    name = "labyrinth_cards/candidates"
    version = 1
    global_size = GLOBAL_FEATURES
    candidate_size = CAND_FEATURES
    observation_size = GLOBAL_FEATURES + K * CAND_FEATURES
    num_choices = K

    def __init__(self, top_k: int = 16, follow_k: int = 6):
        self.heuristic = LabyrinthCardsHeuristic()
        self.top_k = int(top_k)
        self.follow_k = int(follow_k)
        self.w = self.heuristic.leftover_weight

    def prepare(self, observation, action_mask) -> Decision:
        legal = np.flatnonzero(action_mask)
        if len(legal) == 0:
            raise ValueError("no legal action in the mask")
        if len(legal) == 1:
            return Decision(ruled=int(legal[0]))
        view = CardsView(observation)
        if view.phase == COLLECT:
            return Decision(ruled=self.heuristic._collect(view, legal.tolist()))
        return self._decide(view, legal)

    # ------------------------------------------------------------- features
    def _decide(self, view: CardsView, legal: np.ndarray) -> Decision:
        h = self.heuristic
        official = view.variant == "official"
        w = 0.0 if official else self.w
        plays = legal[legal < ROTATE_BASE]
        rotations = legal[(legal >= ROTATE_BASE) & (legal < DRAW)]
        can_draw = bool(np.any(legal == DRAW))
        first = h._action(view, legal)
        cands, _ = h._ranked(view, plays, rotations, self.top_k)
        model = _GroupModel(view, w)
        base = end_of_turn(view.open_at, view.occupied, view.treasures, view.played)
        base_value = 0.0 if official else base.gain - w * base.leftover
        by_action = {c.action: c for c in cands}
        more = view.actions_left >= 2 and not official

        outcomes: dict[int, Outcome] = {}

        def outcome(action: int) -> Outcome:
            if action not in outcomes:
                outcomes[action] = base if action == DRAW else model.simulate(action)
            return outcomes[action]

        def pair(cand: _Candidate) -> float:
            """Best end-of-turn value over this action and the best next one."""
            if not more:
                return cand.value
            nxt = view.after(cand.action)
            p, r = nxt.legal_moves()
            follow, nbase = h._ranked(nxt, p, r, self.follow_k)
            return max([nbase] + [c.value for c in follow[: self.follow_k]])

        scored = sorted(
            cands[: self.top_k], key=lambda c: (c.value, c.placement, -c.action), reverse=True
        )[:K]
        pairs = {c.action: pair(c) for c in scored}
        order: list[int] = [first]
        if can_draw:
            order.append(DRAW)
        order += [
            c.action
            for c in sorted(
                scored, key=lambda c: (pairs[c.action], c.value, c.placement), reverse=True
            )
        ]
        order += [
            c.action
            for c in sorted(cands, key=lambda c: (c.placement + c.estimate, -c.action),
                            reverse=True)[:K]
        ]
        actions: list[int] = []
        for a in order:
            if a not in actions:
                actions.append(int(a))
            if len(actions) == K:
                break

        obs = np.zeros(self.observation_size, dtype=np.float32)
        self._globals(obs[:GLOBAL_FEATURES], view, base)
        best_single = max([base_value] + [c.value for c in scored])
        for slot, a in enumerate(actions):
            row = obs[GLOBAL_FEATURES + slot * CAND_FEATURES :][:CAND_FEATURES]
            out = outcome(a)
            value = out.gain - w * out.leftover
            row[0] = 1.0
            if a == DRAW:
                row[3] = 1.0
                two = best_single if more else value
                est = placement = 0.0
                hand_after = len(view.hand) + 1
            else:
                row[1 if a < ROTATE_BASE else 2] = 1.0
                cand = by_action.get(a)
                two = pairs.get(a)
                if two is None:
                    two = pair(_Candidate(a, 0.0, 0.0, value)) if more else value
                est = cand.estimate if cand is not None else 0.0
                placement = cand.placement if cand is not None else 0.0
                hand_after = len(view.hand) - (1 if a < ROTATE_BASE else 0)
            row[4] = out.gain / _SCALE
            row[5] = out.leftover / _SCALE
            row[6] = (value - base_value) / _SCALE
            row[7] = (two - best_single) / _SCALE
            row[8] = est / _SCALE
            row[9] = placement
            row[10] = hand_after / 6.0
            row[11] = float(slot == 0)
        mask = np.zeros(K, dtype=bool)
        mask[: len(actions)] = True
        return Decision(obs, mask, actions)

    @staticmethod
    def _globals(g: np.ndarray, view: CardsView, base: Outcome) -> None:
        g[0] = view.actions_left / 3.0
        g[1 + _VARIANTS.index(view.variant)] = 1.0
        g[4 + min(view.num_players, 6) - 2] = 1.0
        g[9] = view.deck / 50.0
        g[10] = view.score / 25.0
        g[11] = len(view.hand) / 6.0
        opp_scores = [s for _, s in view.opponents] or [0]
        opp_hands = [h for h, _ in view.opponents] or [0]
        g[12] = (view.score - max(opp_scores)) / 25.0
        g[13] = max(opp_hands) / 6.0
        g[14] = sum(opp_hands) / len(opp_hands) / 6.0
        g[15] = base.gain / _SCALE
        g[16] = base.leftover / _SCALE
        g[17] = len(view.occupied) / 50.0
