"""Train a MaskablePPO agent on a game's Gymnasium env.

Writes, in ``out_dir``: ``policy.pt`` (the policy network's weights, tensors only:
what every player of the policy loads), ``card.json`` (env id and version, spaces,
how to rebuild the network, steps, seed, wall time; evaluation results are added by
:func:`add_eval_to_card`), ``model.zip`` (SB3's full save, for ``resume`` only),
``config.yml`` (the hyperparameters and game kwargs used), ``command.txt`` (how it
was started) and tensorboard logs under ``tb/``. Every file is written atomically
(:func:`~labyrinth_gym.agents.checkpoint_io.write_atomic`), so an interrupted save
leaves the previous one whole. ``resume=True`` continues from ``model.zip`` up to
``timesteps`` in total.
"""

from __future__ import annotations

import copy
import json
import shlex
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from labyrinth_gym import __version__


@dataclass
class TrainConfig:
    """Everything one training run depends on."""

    game: str
    """Game name (``maze_party``)."""
    timesteps: int
    """Total environment steps (including those of a resumed run)."""
    seed: int = 0
    """Seed for the envs, the policy initialisation and PPO's sampling."""
    hyperparams: dict[str, Any] = field(default_factory=dict)
    """MaskablePPO settings (see ``training/hyperparams/<game>.yml``)."""
    game_kwargs: dict[str, Any] = field(default_factory=dict)
    """Constructor kwargs of the env (maze, party, variant...)."""


def load_hyperparams(env_id: str, game: str, path: str | Path | None = None) -> dict[str, Any]:
    """Hyperparameters for ``env_id`` from ``path`` or the shipped ``<game>.yml``: the
    file's ``default`` settings updated by its ``env_id`` ones.

    Raises:
        FileNotFoundError: No such file.
        ValueError: A file that is not YAML, is empty or not a mapping, has neither a
            ``default`` nor an ``env_id`` section, or a section that is not a mapping
            of settings (an empty file used to train on SB3's defaults silently).
    """
    if path is not None:
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(f"hyperparameter file not found: {path}")
        text, source = path.read_text(), str(path)
    else:
        pkg = resources.files("labyrinth_gym.training").joinpath("hyperparams", f"{game}.yml")
        if not pkg.is_file():
            raise ValueError(f"no hyperparameters shipped for game {game!r}")
        text, source = pkg.read_text(), f"{game}.yml"
    try:
        table = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise ValueError(f"hyperparameter file {source}: not YAML: "
                         f"{' '.join(str(err).split())}") from None
    if not isinstance(table, dict) or not table:
        what = "empty" if not table else f"a {type(table).__name__}, not a mapping"
        raise ValueError(f"hyperparameter file {source} is {what}: give a mapping with a "
                         f"'default' and/or {env_id!r} section of settings")
    sections = [key for key in ("default", env_id) if key in table]
    if not sections:
        raise ValueError(f"hyperparameter file {source} has no 'default' or {env_id!r} "
                         f"section (it has: {', '.join(map(str, table))})")
    bad = [key for key in sections if not isinstance(table[key], dict)]
    if bad:
        raise ValueError(f"hyperparameter file {source}: section(s) "
                         f"{', '.join(map(repr, bad))} must be a mapping of settings")
    params: dict[str, Any] = {}
    for key in sections:
        params.update(table[key])
    return params


def make_vec_env(
    game: str,
    n_envs: int,
    seed: int,
    game_kwargs: dict[str, Any],
    pool=None,
    settings=None,
    interface=None,
    vec_env: str = "dummy",
):
    """A vector of monitored Gymnasium envs with distinct seeds.

    With a ``pool`` (competitive games) every env is a :class:`SelfPlayEnv` with the
    run's :class:`~labyrinth_gym.training.selfplay.SelfPlaySettings` (``settings``),
    drawing its configuration and opponents per episode, playing through ``interface``
    if given.
    ``vec_env="subproc"`` steps the envs in worker processes (worth it when the
    opponents' moves, not the network, take the time).
    """
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    from labyrinth_gym.envs import game_spec
    from labyrinth_gym.training.selfplay import SelfPlaySettings

    spec = game_spec(game)
    if pool is not None and settings is None:
        settings = SelfPlaySettings()

    def factory(rank: int):
        def _make():
            import gymnasium

            # each env its own interface: an interface may keep per-episode state
            own = copy.deepcopy(interface)
            if pool is not None:
                env = settings.env(spec, pool, interface=own, **game_kwargs)
            else:
                env = gymnasium.make(spec.env_id, interface=own, **game_kwargs).unwrapped
            env = Monitor(env)
            env.reset(seed=seed * 1000 + rank)
            return env

        return _make

    if vec_env not in ("dummy", "subproc"):
        raise ValueError(f"vec_env must be 'dummy' or 'subproc', got {vec_env!r}")
    if vec_env == "subproc" and n_envs > 1:
        return SubprocVecEnv([factory(i) for i in range(n_envs)], start_method="fork")
    return DummyVecEnv([factory(i) for i in range(n_envs)])


def train(
    game: str,
    *,
    timesteps: int | None = None,
    seed: int = 0,
    out_dir: str | Path | None = None,
    resume: bool = False,
    hyperparams: str | Path | None = None,
    progress: bool = True,
    game_kwargs: dict[str, Any] | None = None,
    choices: dict[str, list[Any]] | None = None,
    save_every: int | None = None,
) -> Path:
    """Train MaskablePPO on ``game``; return the checkpoint folder.

    Competitive games train by self-play (:mod:`labyrinth_gym.training.selfplay`): the
    hyperparameter file's ``selfplay`` section sets the opponent pool, and ``choices``
    (or that section's ``choices``) the per-episode variants and player counts.
    A ``warm_start`` section first trains the fresh policy before PPO
    (:func:`labyrinth_gym.training.warm_start.run_warm_start`): by cloning a teacher
    agent's moves (in a competitive game the teacher also fills the other seats), or by
    candidate values learned from exploration games; the card records how it went.

    Args:
        game: Game name (see :func:`labyrinth_gym.envs.game_names`).
        timesteps: Total env steps; default from the hyperparameter file.
        seed: Seed for everything random in the run.
        out_dir: Output folder (default ``runs/train/<game>``).
        resume: Continue from ``out_dir/model.zip`` instead of starting fresh.
        hyperparams: A YAML file keyed by env id; default the shipped one.
        progress: Show a progress bar.
        game_kwargs: Env constructor kwargs.
        choices: ``{kwarg: [values]}`` drawn per episode (competitive games), e.g.
            ``{"variant": ["caffeinated"], "num_players": [2, 3, 4]}``.
        save_every: Also save the checkpoint every this many steps (long runs);
            each save replaces the last one's files atomically.

    Raises:
        ValueError: Bad settings, or with ``resume`` a ``model.zip`` or card that
            does not load (truncated, foreign).
        FileNotFoundError: ``resume`` without a ``model.zip``.
    """
    import torch
    from sb3_contrib import MaskablePPO

    from labyrinth_gym.agents.checkpoint_io import (
        read_card,
        save_model,
        write_atomic,
        write_json,
    )
    from labyrinth_gym.agents.interface import make_interface
    from labyrinth_gym.envs import game_spec

    torch.set_num_threads(1)
    spec = game_spec(game)
    game_kwargs = dict(game_kwargs or {})
    spec.new_game(None, **game_kwargs)  # bad kwargs fail here, before any work
    params = load_hyperparams(spec.env_id, game, hyperparams)
    total = int(timesteps if timesteps is not None else params.pop("total_timesteps", 100_000))
    params.pop("total_timesteps", None)
    if total <= 0:
        raise ValueError(f"timesteps must be positive, got {total}")
    out = Path(out_dir) if out_dir is not None else Path("runs") / "train" / game
    if out.exists() and not out.is_dir():
        raise ValueError(f"output path exists and is not a folder: {out}")
    out.mkdir(parents=True, exist_ok=True)
    model_path = out / "model.zip"
    if resume and not model_path.exists():
        raise FileNotFoundError(f"--resume: no model to resume at {model_path}")
    card_path = out / "card.json"
    # read before any work: a broken card stops a resume in one line
    previous = read_card(card_path) if resume and card_path.exists() else {}

    n_envs = int(params.pop("n_envs", 8))
    policy = params.pop("policy", "MlpPolicy")
    selfplay = params.pop("selfplay", None)
    interface_name = params.pop("interface", None)
    vec_env = params.pop("vec_env", "dummy")
    interface = make_interface(game, interface_name)
    pool = None
    callbacks = []
    if spec.cooperative and choices:
        raise ValueError(f"{game} is cooperative: per-episode --variant/--players do not apply")
    warm = params.pop("warm_start", None)
    settings = None
    if not spec.cooperative:
        from labyrinth_gym.training.selfplay import SelfPlaySettings

        settings = SelfPlaySettings.from_params(selfplay, choices)
        settings.check(spec, game_kwargs)
        choices = settings.choices
        pool = settings.pool(game, interface if interface.name != "raw" else None)
        callbacks.append(
            every_n_steps(
                lambda model, steps: model.get_env().env_method(
                    "add_snapshot", model.policy, f"snapshot@{steps}"
                ),
                int(settings.snapshot_every),
            )
        )
        selfplay = settings.describe(game)
    env = make_vec_env(
        game, n_envs, seed, game_kwargs, pool=pool, settings=settings,
        interface=interface if interface.name != "raw" else None, vec_env=vec_env,
    )
    warm_report = None
    if resume:
        model = _load_for_resume(model_path, env)
        model.tensorboard_log = str(out / "tb")
        done_before = int(model.num_timesteps)
    else:
        model = MaskablePPO(
            policy, env, seed=seed, device="cpu", verbose=0,
            tensorboard_log=str(out / "tb"), **params,
        )
        done_before = 0
        if warm:
            from labyrinth_gym.training.warm_start import run_warm_start

            warm_report = run_warm_start(model, game, interface, warm, game_kwargs=game_kwargs,
                                         seed=seed, choices=choices or None,
                                         progress=progress)
    remaining = total - done_before
    start = time.time()

    def save() -> None:
        """Weights, model, card, config and command as they stand (also mid-run), each
        file replaced atomically; the card last, as it describes the weights."""
        network = save_model(model, out)
        card = {
            **card_header(game, spec, interface, game_kwargs, "MaskablePPO (sb3-contrib)",
                          model.num_timesteps, seed,
                          previous.get("train_wall_seconds", 0.0) + time.time() - start),
            "network": network,
            "hyperparams": {
                "n_envs": n_envs, "policy": policy, "vec_env": vec_env,
                **({"interface": interface_name} if interface_name else {}),
                **_jsonable(params),
            },
            "selfplay": _jsonable(selfplay) if selfplay else None,
            **({"warm_start": _jsonable(warm_report or previous.get("warm_start"))}
               if warm else {}),
            "eval": previous.get("eval", {}),
            **({"last_episodes": last} if (last := last_episodes(model)) else {}),
        }
        write_json(card_path, card)
        config = {"game": game, "env_id": spec.env_id, "seed": seed, "timesteps": total,
                  "game_kwargs": game_kwargs, "hyperparams": card["hyperparams"],
                  "selfplay": card["selfplay"]}
        write_atomic(out / "config.yml", yaml.safe_dump(config, sort_keys=False))
        write_atomic(out / "command.txt",
                     reproduce_command(game, total, seed, out, hyperparams, game_kwargs,
                                       choices) + "\n")

    if save_every:
        callbacks.append(every_n_steps(lambda model, steps: save(), save_every))
    if remaining > 0:
        model.learn(
            total_timesteps=remaining,
            reset_num_timesteps=not resume,
            progress_bar=progress,
            tb_log_name="ppo",
            callback=callbacks or None,
        )
    save()
    env.close()
    return out


def card_header(game: str, spec, interface, game_kwargs: dict[str, Any], algorithm: str,
                timesteps: int, seed: int, wall_seconds: float) -> dict[str, Any]:
    """The fields every checkpoint's ``card.json`` opens with, whichever backend
    trained it: what :func:`~labyrinth_gym.agents.learned.check_card` checks (env id
    and version, spaces, the policy interface) and how long it trained."""
    from labyrinth_gym.agents.interface import describe

    return {
        "game": game,
        "agent": "ppo",
        "algorithm": algorithm,
        "env_id": spec.env_id,
        "env_version": spec.version,
        "observation_shape": [interface.observation_size],
        "action_n": interface.num_choices,
        **({"interface": describe(interface)} if interface.name != "raw" else {}),
        "game_kwargs": game_kwargs,
        "timesteps": int(timesteps),
        "seed": seed,
        "train_wall_seconds": round(wall_seconds, 1),
        "package_version": __version__,
    }


def reproduce_command(
    game: str,
    timesteps: int,
    seed: int,
    out: Path,
    hyperparams: str | Path | None,
    game_kwargs: dict[str, Any],
    choices: dict[str, list[Any]] | None = None,
    backend_args: list[str] | None = None,
) -> str:
    """The ``labyrinth-gym train`` command that repeats this run, however it was
    started (``backend_args``: the backend's own flags, e.g. ``--backend rllib``)."""
    argv = ["labyrinth-gym", "train", game, *(backend_args or []),
            "--timesteps", str(timesteps), "--seed", str(seed), "--out", str(out)]
    if hyperparams is not None:
        argv += ["--hyperparams", str(hyperparams)]
    for key, value in game_kwargs.items():
        argv += ["--kw", f"{key}={json.dumps(value)}"]
    for key, values in (choices or {}).items():
        flag = {"variant": "--variant", "num_players": "--players"}.get(key)
        if flag is None:
            raise ValueError(f"no command-line flag for per-episode choice {key!r}")
        argv += [flag, ",".join(str(v) for v in values)]
    return shlex.join(argv)


def last_episodes(model) -> dict[str, Any] | None:
    """How the last training episodes went (SB3 keeps up to 100 in
    ``ep_info_buffer``): their count, mean return and the share with a positive
    return (a win where a game pays +1 for one); None before any episode ended."""
    returns = [float(info["r"]) for info in getattr(model, "ep_info_buffer", None) or ()]
    if not returns:
        return None
    return {"episodes": len(returns),
            "mean_return": round(sum(returns) / len(returns), 4),
            "positive_share": round(sum(r > 0 for r in returns) / len(returns), 4)}


def every_n_steps(fn, every: int):
    """An SB3 callback calling ``fn(model, num_timesteps)`` every ``every`` steps."""
    from stable_baselines3.common.callbacks import BaseCallback

    class EveryNSteps(BaseCallback):
        def __init__(self):
            super().__init__()
            self.last = 0

        def _on_step(self) -> bool:
            if self.num_timesteps - self.last >= every:
                self.last = self.num_timesteps
                fn(self.model, self.num_timesteps)
            return True

    return EveryNSteps()


def add_eval_to_card(out_dir: str | Path, results: dict[str, Any]) -> None:
    """Record evaluation results (from :mod:`labyrinth_gym.evaluation`) in ``card.json``
    (rewritten atomically)."""
    from labyrinth_gym.agents.checkpoint_io import read_card, write_json

    card_path = Path(out_dir) / "card.json"
    card = read_card(card_path)
    card["eval"] = results
    write_json(card_path, card)


def _load_for_resume(model_path: Path, env):
    """SB3's ``model.zip`` for ``--resume`` (unpickled: the run's own file); one that
    does not load (truncated, not SB3's) is a ValueError, not a traceback."""
    from sb3_contrib import MaskablePPO

    from labyrinth_gym.agents.checkpoint_io import CheckpointError

    try:
        return MaskablePPO.load(str(model_path), env=env, device="cpu")
    except OSError:
        raise
    except Exception as err:  # BadZipFile, EOFError, UnpicklingError, spaces...
        first = (str(err).strip().splitlines() or [""])[0]
        raise CheckpointError(f"--resume: {model_path} does not load "
                              f"({type(err).__name__}: {first})") from err


def _jsonable(obj: Any) -> Any:
    return json.loads(json.dumps(obj, default=str))
