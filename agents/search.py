"""Determinized Monte Carlo tree search over the engine contract (SO-ISMCTS).

Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012): every
simulation samples a fresh determinization of the acting seat's view with
``game.determinize(seat, rng)`` and walks one shared tree of action sequences with it.
A node's children are the actions tried from there; UCB1 uses each child's
*availability* count (how often it was legal when its parent was visited), since
different determinizations allow different actions. Rollouts play uniformly random
legal moves to the end (or to ``rollout_depth`` moves, scored 0). Each node backs up
the return of the seat that chose its action, so the same code plays cooperative,
solo and competitive games.

It only ever sees what ``game`` holds, and front ends pass the acting seat's view
(``env.unwrapped.player_view()``), never the true hidden state.
"""

from __future__ import annotations

import math

import numpy as np

from labyrinth_gym.envs.core.dice import Dice


class _Node:
    __slots__ = ("children", "visits", "avail", "value", "seat")

    def __init__(self, seat: int):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.value = 0.0
        self.seat = seat


class SearchAgent:
    """Determinized MCTS with a budget in simulations.

    Args:
        game: Game name (for the agent's display name).
        simulations: Simulations per decision.
        exploration: UCB1 constant ``c``.
        rollout_depth: Random moves per rollout before it is cut off (value 0).
        seed: Seed of the agent's own Generator (determinizations and rollouts).
    """

    needs_game = True

    def __init__(
        self,
        game: str = "",
        simulations: int = 48,
        exploration: float = 1.0,
        rollout_depth: int = 200,
        seed: int | None = None,
    ):
        if simulations < 1:
            raise ValueError(f"simulations must be >= 1, got {simulations}")
        self.name = f"{game}/search" if game else "search"
        self.simulations = simulations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rng = np.random.default_rng(seed)
        self.dice = Dice(self.rng)

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
            self.dice = Dice(self.rng)

    def act(self, observation, action_mask, *, game=None) -> int:
        if game is None:
            raise ValueError(
                "the search agent needs game= the acting seat's view "
                "(env.unwrapped.player_view())"
            )
        legal = [int(a) for a in np.flatnonzero(action_mask)]
        if len(legal) == 1:
            return legal[0]
        return self.search(game)

    def search(self, view) -> int:
        """Run the simulations from ``view`` and return the most visited action."""
        seat = view.current_player()
        root = _Node(seat)
        c = self.exploration
        dice = self.dice
        for _ in range(self.simulations):
            state = view.determinize(seat, self.rng)
            node = root
            path = []
            # Selection and expansion.
            while not state.is_terminal():
                legal = state.legal_actions()
                untried = [a for a in legal if a not in node.children]
                mover = state.current_player()
                if untried:
                    a = untried[dice.index(len(untried))]
                    child = _Node(mover)
                    node.children[a] = child
                    for b in legal:
                        if b != a and b in node.children:
                            node.children[b].avail += 1
                    state.apply_action(a)
                    path.append(child)
                    break
                best, best_score = legal[0], -math.inf
                for b in legal:
                    ch = node.children[b]
                    ch.avail += 1
                    score = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best_score:
                        best, best_score = b, score
                node = node.children[best]
                state.apply_action(best)
                path.append(node)
            # Rollout.
            depth = 0
            while not state.is_terminal() and depth < self.rollout_depth:
                legal = state.legal_actions()
                state.apply_action(legal[dice.index(len(legal))])
                depth += 1
            returns = state.returns() if state.is_terminal() else [0.0] * state.num_players
            for n in path:
                n.visits += 1
                n.value += returns[n.seat]
        legal = view.legal_actions()
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
