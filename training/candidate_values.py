"""Candidate values: learn from exploration games which candidate wins, then distil it.

PPO learns from one game outcome per episode; in a game as random as Dungeon Crawler
(about one adventurer slain per round among four players) a run of a thousand games
cannot see a policy's few-percent edge through that noise, and six PPO runs stayed
level with the rule-based player they were cloned from. This warm start learns from
far more games, each of them cheap, and asks a simpler question.

1. **Exploration games.** Every seat plays through the policy interface and takes its
   candidate 0 (the interface's rule-based move), except that at each decision it
   takes a uniformly drawn other candidate with probability ``explore`` (or the rate
   ``explore_kinds`` gives that decision kind: a rare decision that matters gets more
   tries). Each decision becomes a sample ``(observation, mask, chosen candidate)``
   labelled with the seat's win share of the game (1 for a win, 1/n for each of n tied
   seats or a truncated game's n seats, else 0). Games run in ``workers`` processes.
2. **A candidate scorer.** A small network reads the decision's global features and
   one candidate's features and predicts the win share of taking it (cross-entropy
   with the share as a soft target), fitted on the chosen candidates. Because the other
   candidates are tried at random in otherwise similar positions, its differences
   between candidates are the win share each one adds (a contextual bandit with
   delayed reward).
3. **Distillation.** The scorer's pick (its best candidate, kept to candidate 0 unless
   the best beats it by ``margin``, and always candidate 0 at a decision kind explored
   at rate 0: there the scorer saw no tries and would only extrapolate) on every collected decision is cloned into the
   fresh MaskablePPO policy (:func:`labyrinth_gym.training.warm_start.clone`), its value
   head on the win share; PPO self-play then goes on from there as after any warm start.

The interface must lay its observation out as ``global_size`` features then
``num_choices`` blocks of ``candidate_size`` (both candidates interfaces do).

In a hyperparameter file, under the env id::

    warm_start:
      method: candidate_values
      games: 800
      explore: 0.03
      explore_kinds: {choose_start: 0.5, respawn_square: 0.5}
      margin: 0.0
      scorer_epochs: 4
      epochs: 6
      smoothing: 0.05
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
from tqdm.auto import tqdm


def win_shares(returns: list[float]) -> np.ndarray:
    """Each seat's share of the win: the seats with the highest return share it (all
    seats when every return is equal: a draw or a truncated game)."""
    r = np.asarray(returns, dtype=float)
    winners = r == r.max()
    return winners / winners.sum()


def _layout(interface: Any) -> tuple[int, int, int]:
    g = getattr(interface, "global_size", None)
    c = getattr(interface, "candidate_size", None)
    k = int(interface.num_choices)
    if g is None or c is None or g + k * c != interface.observation_size:
        raise ValueError(f"candidate values need an interface laid out as global_size + "
                         f"num_choices x candidate_size features; {interface.name!r} is not")
    return int(g), int(c), k


def _rate(kind: str | None, explore: float, explore_kinds: dict[str, float]) -> float:
    """How often a decision of ``kind`` tries another candidate than 0."""
    return explore_kinds.get(kind, explore)


def _play(args: tuple) -> tuple[np.ndarray, ...]:
    """One exploration game: ``(observations, masks, chosen, shares, explored, kinds)``."""
    game_name, interface_name, seed, kwargs, explore, explore_kinds = args
    from labyrinth_gym.agents.interface import make_interface, prepare
    from labyrinth_gym.envs import game_spec
    from labyrinth_gym.evaluation.matches import new_game

    spec = game_spec(game_name)
    game = new_game(spec, seed, kwargs)
    seeds = np.random.SeedSequence(seed).spawn(2)
    rng = np.random.default_rng(seeds[0])
    view_rng = np.random.default_rng(seeds[1])
    seats = [make_interface(game_name, interface_name) for _ in range(game.num_players)]
    obs, masks, chosen, who, tried, kinds = [], [], [], [], [], []
    while not game.is_terminal():
        seat = game.current_player()
        view = game.determinize(seat, view_rng)
        decision = prepare(seats[seat], spec.encode(game, seat), game.legal_mask(), view)
        if decision.ruled is not None:
            game.apply_action(decision.ruled)
            continue
        allowed = int(decision.mask.sum())
        kind = (getattr(game, "decision", None) or {}).get("kind")
        rate = _rate(kind, explore, explore_kinds)
        choice = 0
        if allowed > 1 and rng.random() < rate:
            choice = int(rng.choice(np.flatnonzero(decision.mask)[1:]))
        obs.append(decision.observation)
        masks.append(decision.mask.copy())
        chosen.append(choice)
        who.append(seat)
        tried.append(choice != 0)
        kinds.append(str(kind))
        game.apply_action(decision.action(choice))
    shares = win_shares(game.returns())
    n = len(chosen)
    return (np.asarray(obs, dtype=np.float32).reshape(n, -1), np.asarray(masks, dtype=bool),
            np.asarray(chosen, dtype=np.int64), shares[np.asarray(who, dtype=np.int64)]
            .astype(np.float32), np.asarray(tried, dtype=bool), np.asarray(kinds, dtype=str))


def explore_games(game: str, interface_name: str | None, games: int, seed: int, *,
                  explore: float, explore_kinds: dict[str, float] | None = None,
                  game_kwargs: dict[str, Any] | None = None,
                  choices: dict[str, list[Any]] | None = None,
                  workers: int | None = None, progress: bool = False
                  ) -> dict[str, np.ndarray]:
    """Play ``games`` exploration games (see the module docstring) and return their
    decisions: ``observations``, ``masks``, ``chosen``, ``shares``, ``explored``,
    ``kinds`` (the decision kind, for games that name them) and ``game`` (each
    sample's game index). ``progress``: a bar over the games."""
    for name, rate in {"explore": explore, **(explore_kinds or {})}.items():
        if not 0.0 <= float(rate) <= 1.0:
            raise ValueError(f"candidate values: exploration rate {name}={rate} is not in [0, 1]")
    rng = np.random.default_rng(seed)
    jobs = []
    for g in range(games):
        kwargs = dict(game_kwargs or {})
        for key, values in (choices or {}).items():
            kwargs[key] = values[int(rng.integers(len(values)))]
        jobs.append((game, interface_name, seed + g, kwargs, float(explore),
                     {k: float(v) for k, v in (explore_kinds or {}).items()}))
    workers = max(1, int(workers or os.cpu_count() or 1))
    bar = tqdm(total=len(jobs), desc="warm start: exploration games",
               disable=not progress, unit="game")
    with bar:
        if workers == 1:
            results = []
            for job in jobs:
                results.append(_play(job))
                bar.update(1)
        else:
            with ProcessPoolExecutor(workers) as pool:
                results = []
                for result in pool.map(_play, jobs, chunksize=1):  # in order
                    results.append(result)
                    bar.update(1)
    return {
        "observations": np.concatenate([r[0] for r in results]),
        "masks": np.concatenate([r[1] for r in results]),
        "chosen": np.concatenate([r[2] for r in results]),
        "shares": np.concatenate([r[3] for r in results]),
        "explored": np.concatenate([r[4] for r in results]),
        "kinds": np.concatenate([r[5] for r in results]),
        "game": np.concatenate([np.full(len(r[2]), i) for i, r in enumerate(results)]),
    }


def make_scorer(global_size: int, candidate_size: int, num_choices: int,
                hidden: int = 128):
    """A network scoring each candidate from the globals and its own features (the same
    weights for every slot): ``scorer(observations) -> (batch, num_choices)`` logits."""
    import torch
    from torch import nn

    class CandidateScorer(nn.Module):
        def __init__(self):
            super().__init__()
            self.net = nn.Sequential(
                nn.Linear(global_size + candidate_size, hidden), nn.ReLU(),
                nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))

        def forward(self, obs: torch.Tensor) -> torch.Tensor:
            g = obs[:, :global_size].unsqueeze(1).expand(-1, num_choices, -1)
            c = obs[:, global_size:].reshape(-1, num_choices, candidate_size)
            return self.net(torch.cat([g, c], -1)).squeeze(-1)

    return CandidateScorer()


def fit_scorer(data: dict[str, np.ndarray], layout: tuple[int, int, int], *,
               epochs: int = 4, batch_size: int = 512, learning_rate: float = 1e-3,
               weight_decay: float = 1e-4, hidden: int = 128, seed: int = 0):
    """Fit :func:`make_scorer` on the chosen candidates' win shares; return
    ``(scorer, report)``. A fifth of the games (by game) is held out for the report's
    held-out loss, against the loss of predicting the mean share everywhere."""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    ids = np.unique(data["game"])
    held = np.isin(data["game"], rng.choice(ids, max(1, len(ids) // 5), replace=False))
    scorer = make_scorer(*layout, hidden=hidden)
    optimizer = torch.optim.Adam(scorer.parameters(), lr=learning_rate,
                                 weight_decay=weight_decay)
    obs = torch.as_tensor(data["observations"])
    chosen = torch.as_tensor(data["chosen"])
    shares = torch.as_tensor(data["shares"])

    def loss_on(idx: torch.Tensor) -> torch.Tensor:
        logits = scorer(obs[idx]).gather(1, chosen[idx, None]).squeeze(1)
        return F.binary_cross_entropy_with_logits(logits, shares[idx])

    train_idx = np.flatnonzero(~held)
    for _ in range(epochs):
        order = rng.permutation(train_idx)
        for i in range(0, len(order), batch_size):
            loss = loss_on(torch.as_tensor(order[i:i + batch_size]))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    scorer.eval()
    with torch.no_grad():
        test = torch.as_tensor(np.flatnonzero(held))
        mean = float(shares[~torch.as_tensor(held)].mean())
        base = F.binary_cross_entropy(torch.full((len(test),), mean), shares[test])
        held_loss = loss_on(test)
    return scorer, {"samples": int(len(train_idx)), "held_out_samples": int(held.sum()),
                    "held_out_loss": round(float(held_loss), 5),
                    "held_out_loss_of_the_mean": round(float(base), 5)}


def scorer_choices(scorer, observations: np.ndarray, masks: np.ndarray,
                   margin: float = 0.0, batch_size: int = 4096,
                   where: np.ndarray | None = None) -> np.ndarray:
    """The scorer's pick on each decision: its best allowed candidate when that one's
    predicted win share beats candidate 0's by more than ``margin``, else candidate 0
    (always candidate 0 where ``where`` is False: decisions the exploration never
    tried, where the scorer would only extrapolate)."""
    import torch

    picks = []
    with torch.no_grad():
        for i in range(0, len(observations), batch_size):
            p = torch.sigmoid(scorer(torch.as_tensor(observations[i:i + batch_size])))
            p[~torch.as_tensor(masks[i:i + batch_size])] = -1.0
            best = p.argmax(1)
            gain = p.max(1).values - p[:, 0]
            picks.append(torch.where(gain > margin, best, torch.zeros_like(best)).numpy())
    out = np.concatenate(picks) if picks else np.zeros(0, dtype=np.int64)
    if where is not None:
        out[~np.asarray(where, dtype=bool)] = 0
    return out


def candidate_values_start(model, game: str, interface: Any, *, games: int = 800,
                           explore: float = 0.03,
                           explore_kinds: dict[str, float] | None = None,
                           margin: float = 0.0, scorer_epochs: int = 4,
                           hidden: int = 128, epochs: int = 6, batch_size: int = 256,
                           learning_rate: float = 1e-3, smoothing: float = 0.05,
                           workers: int | None = None,
                           game_kwargs: dict[str, Any] | None = None, seed: int = 0,
                           choices: dict[str, list[Any]] | None = None,
                           progress: bool = False) -> dict[str, Any]:
    """Steps 1-3 of the module docstring on ``model``; return what the card records.
    ``progress``: a bar over the exploration games."""
    from labyrinth_gym.training.warm_start import clone

    start = time.time()
    layout = _layout(interface)
    data = explore_games(game, interface.name, games, 20_000_000 + seed, explore=explore,
                         explore_kinds=explore_kinds, game_kwargs=game_kwargs,
                         choices=choices, workers=workers, progress=progress)
    if len(data["chosen"]) == 0:
        raise ValueError("candidate values: the exploration games asked the policy nothing")
    collected = time.time() - start
    scorer, fit = fit_scorer(data, layout, epochs=scorer_epochs, hidden=hidden, seed=seed)
    tried = np.array([_rate(k, explore, explore_kinds or {}) > 0 for k in data["kinds"]],
                     dtype=bool)
    picks = scorer_choices(scorer, data["observations"], data["masks"], margin, where=tried)
    # the value head learns the win share, the same target the scorer had
    cloned = clone(model, data["observations"], data["masks"], picks, data["shares"],
                   epochs=epochs, batch_size=batch_size, learning_rate=learning_rate,
                   smoothing=smoothing, seed=seed)
    return {
        "method": "candidate_values", "games": games, "explore": explore,
        "explore_kinds": dict(explore_kinds or {}), "margin": margin,
        "decisions": int(len(picks)), "explored": int(data["explored"].sum()),
        "scorer": {"epochs": scorer_epochs, "hidden": hidden, **fit},
        "scorer_leaves_candidate_0": round(float((picks != 0).mean()), 4),
        "epochs": epochs, "batch_size": batch_size, "learning_rate": learning_rate,
        "smoothing": smoothing, **cloned,
        "collect_seconds": round(collected, 1),
        "seconds": round(time.time() - start, 1),
    }


__all__ = ["candidate_values_start", "explore_games", "fit_scorer", "make_scorer",
           "scorer_choices", "win_shares"]
