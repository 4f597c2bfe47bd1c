"""How often the card game's grid edge still refuses a play an open table would allow.

Labyrinth the Card Game is played on an open table; the engine keeps the layout on a
fixed grid and slides it back to the centre when it reaches the border, so only a
layout spanning nearly the whole grid can still meet the edge.
:func:`edge_refusal_rates` plays seeded games with uniformly random legal actions (the
sprawling layouts random play builds are the hard case) and counts, over every
decision in the action phase with a card in hand, those where
:meth:`~labyrinth_gym.envs.labyrinth_cards.engine.game.LabyrinthCardsGame.edge_blocks_a_play`
is true.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from labyrinth_gym.envs.labyrinth_cards.engine.game import PLAY, new_game
from labyrinth_gym.evaluation.stats import wilson_interval


def edge_refusal_rates(
    games: int = 200,
    seed: int = 0,
    variants: tuple[str, ...] = ("official", "caffeinated", "steroids"),
    players: tuple[int, ...] = (2, 4),
) -> list[dict[str, Any]]:
    """One row per variant and player count.

    Returns:
        Rows with ``variant``, ``players``, ``games``, ``decisions`` (action-phase
        decisions with a card in hand), ``refused`` (of those, the edge refused a
        play), ``rate`` and its 95% Wilson interval ``ci_low``/``ci_high``, ``slides``
        (slides per game) and ``widest`` (the widest layout seen, in rows or columns).
    """
    rows = []
    for variant in variants:
        for n in players:
            decisions = refused = slides = widest = 0
            for g in range(games):
                game = new_game(seed + g, variant=variant, num_players=n)
                rng = np.random.default_rng(seed + g)
                size = game.data.size
                while not game.is_terminal():
                    if game.phase == PLAY and game.hands[game.player]:
                        decisions += 1
                        refused += game.edge_blocks_a_play()
                        rs = [c // size for c in game.occupied]
                        cs = [c % size for c in game.occupied]
                        widest = max(widest, max(rs) - min(rs) + 1, max(cs) - min(cs) + 1)
                    legal = game.legal_actions()
                    game.apply_action(legal[int(rng.integers(len(legal)))])
                slides += sum(e["type"] == "slide" for e in game.events)
            low, high = wilson_interval(refused, decisions)
            rows.append({"variant": variant, "players": n, "games": games,
                         "decisions": decisions, "refused": refused,
                         "rate": refused / max(decisions, 1), "ci_low": low,
                         "ci_high": high, "slides": slides / games, "widest": widest})
    return rows
