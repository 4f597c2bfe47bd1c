"""Warm start: clone a teacher agent into a fresh MaskablePPO policy before PPO.

A policy that starts by picking uniformly among its choices never wins a hard solo
game, so PPO sees no reward to learn from. Behaviour cloning first (Ross & Bagnell's
"imitation then reinforcement" pattern; AlphaStar and OpenAI Five's supervised
starts) gives PPO a policy that already plays: the teacher (a rule-based agent) plays
``games`` seeded episodes, every decision the learner would be asked (through its
policy interface) becomes a sample ``(observation, mask, the teacher's choice)``, and
the policy is trained by cross-entropy on them, its value head on each sample's
discounted final return.

``smoothing`` keeps some probability on the other allowed choices (label smoothing:
the target puts ``1 - smoothing`` on the teacher's choice and spreads the rest), so
PPO still explores around the teacher instead of starting from a near-deterministic
copy it can never leave.

Set it in a hyperparameter file, under the env id::

    warm_start: {teacher: heuristic, games: 300, epochs: 6, smoothing: 0.1}

In a competitive game the teacher also fills every other seat (it is the learner's
first opponent in self-play), and each episode draws its configuration (player count,
variant) from the run's ``choices`` as self-play does.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from tqdm.auto import tqdm


def collect(game: str, interface: Any, teacher: str, games: int, seed: int,
            gamma: float, game_kwargs: dict[str, Any] | None = None,
            choices: dict[str, list[Any]] | None = None, progress: bool = False):
    """The teacher's decisions through ``interface`` over ``games`` episodes (in a
    competitive game the teacher also plays the other seats, and ``choices`` draws each
    episode's configuration). ``progress``: a bar over the games.

    Returns ``(observations, masks, choices, returns, stats)``; a decision whose
    teacher move is not among the interface's choices is left out (and counted).
    """
    import gymnasium

    from labyrinth_gym.agents import make
    from labyrinth_gym.agents.interface import prepare
    from labyrinth_gym.envs import game_spec

    spec = game_spec(game)
    agent = make(f"{game}/{teacher}")
    rng = np.random.default_rng(seed)
    obs_l, mask_l, choice_l, ret_l = [], [], [], []
    missed = wins = 0
    env = None
    for episode in tqdm(range(games), desc=f"warm start: {teacher} games",
                        disable=not progress, unit="game"):
        kwargs = dict(game_kwargs or {})
        for key, values in (choices or {}).items():
            kwargs[key] = values[int(rng.integers(len(values)))]
        if env is None or choices:
            extra = {} if spec.cooperative else {"opponents": [make(f"{game}/{teacher}")]}
            env = gymnasium.make(spec.env_id, **extra, **kwargs).unwrapped
        obs, info = env.reset(seed=seed + episode)
        agent.reset(seed=seed + episode)
        if hasattr(interface, "reset"):
            interface.reset()
        start = len(obs_l)
        done = False
        reward = 0.0
        while not done:
            mask = info["action_mask"]
            view = env.player_view() if (agent.needs_game or getattr(
                interface, "needs_game", False)) else None
            action = int(agent.act(obs, mask, game=view) if agent.needs_game
                         else agent.act(obs, mask))
            decision = prepare(interface, obs, mask, view)
            if decision.ruled is None:
                if action in decision.actions:
                    obs_l.append(decision.observation)
                    mask_l.append(decision.mask)
                    choice_l.append(decision.actions.index(action))
                else:
                    missed += 1
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += reward > 0
        n = len(obs_l) - start
        ret_l += [reward * gamma ** (n - 1 - i) for i in range(n)]
    stats = {"teacher": f"{game}/{teacher}", "games": games, "seed": seed,
             "samples": len(obs_l), "teacher_moves_not_offered": missed,
             "teacher_win_rate": wins / max(games, 1)}
    return (np.asarray(obs_l, dtype=np.float32), np.asarray(mask_l, dtype=bool),
            np.asarray(choice_l, dtype=np.int64), np.asarray(ret_l, dtype=np.float32), stats)


def clone(model, observations, masks, choices, returns, *, epochs: int = 6,
          batch_size: int = 256, learning_rate: float = 1e-3, smoothing: float = 0.1,
          seed: int = 0) -> dict[str, float]:
    """Train ``model.policy`` on the samples; return the final agreement and losses."""
    import torch
    import torch.nn.functional as F

    policy = model.policy
    policy.set_training_mode(True)
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    rng = np.random.default_rng(seed)
    n = len(choices)
    if n == 0:
        raise ValueError("warm start: the teacher made no decision the policy is asked")
    obs_t = torch.as_tensor(observations)
    choice_t = torch.as_tensor(choices)
    ret_t = torch.as_tensor(returns)
    allowed = torch.as_tensor(masks).float()
    # smoothed targets: 1 - smoothing on the teacher's choice, the rest spread evenly
    others = (allowed.sum(1, keepdim=True) - 1).clamp(min=1)
    target = allowed * (smoothing / others)
    target[torch.arange(n), choice_t] = 1.0 - smoothing
    single = allowed.sum(1) <= 1
    target[single] = F.one_hot(choice_t[single], allowed.shape[1]).float()
    for _ in range(epochs):
        order = torch.as_tensor(rng.permutation(n))
        for i in range(0, n, batch_size):
            idx = order[i:i + batch_size]
            dist = policy.get_distribution(obs_t[idx], action_masks=masks[idx.numpy()])
            log_p = F.log_softmax(dist.distribution.logits, dim=1)
            policy_loss = -(target[idx] * log_p).sum(1).mean()
            value_loss = F.mse_loss(policy.predict_values(obs_t[idx]).flatten(), ret_t[idx])
            loss = policy_loss + 0.5 * value_loss
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
    policy.set_training_mode(False)
    with torch.no_grad():
        dist = policy.get_distribution(obs_t, action_masks=masks)
        greedy = dist.distribution.probs.argmax(1)
        p_teacher = dist.distribution.probs[torch.arange(n), choice_t]
        values = policy.predict_values(obs_t).flatten()
    return {
        "agreement": float((greedy == choice_t).float().mean()),
        "mean_p_teacher": float(p_teacher.mean()),
        "value_mse": float(F.mse_loss(values, ret_t)),
    }


def warm_start(model, game: str, interface: Any, *, teacher: str = "heuristic",
               games: int = 200, epochs: int = 6, batch_size: int = 256,
               learning_rate: float = 1e-3, smoothing: float = 0.1,
               game_kwargs: dict[str, Any] | None = None, seed: int = 0,
               choices: dict[str, list[Any]] | None = None,
               progress: bool = False) -> dict[str, Any]:
    """Collect the teacher's decisions and clone them into ``model``'s policy; return
    what the card records (settings, samples, agreement, seconds). ``progress``: a
    bar over the teacher's games."""
    import copy

    start = time.time()
    data = collect(game, copy.deepcopy(interface), teacher, games, 10_000_000 + seed,
                   float(model.gamma), game_kwargs, choices, progress=progress)
    *arrays, stats = data
    fit = clone(model, *arrays, epochs=epochs, batch_size=batch_size,
                learning_rate=learning_rate, smoothing=smoothing, seed=seed)
    return {**stats, "epochs": epochs, "batch_size": batch_size,
            "learning_rate": learning_rate, "smoothing": smoothing, **fit,
            "seconds": round(time.time() - start, 1)}


WARM_STARTS = ("teacher", "candidate_values")
"""The kinds of warm start a hyperparameter file's ``warm_start`` section may name as
its ``method``: cloning a teacher agent (the default, :func:`warm_start`) or candidate
values learned from exploration games (:mod:`labyrinth_gym.training.candidate_values`)."""


def run_warm_start(model, game: str, interface: Any, warm: dict[str, Any], **kwargs: Any
                   ) -> dict[str, Any]:
    """The ``warm_start`` section's method on a fresh ``model``; its report for the card."""
    settings = dict(warm)
    method = settings.pop("method", "teacher")
    if method == "teacher":
        return warm_start(model, game, interface, **kwargs, **settings)
    if method == "candidate_values":
        from labyrinth_gym.training.candidate_values import candidate_values_start

        return candidate_values_start(model, game, interface, **kwargs, **settings)
    raise ValueError(f"warm_start method must be one of {WARM_STARTS}, got {method!r}")
