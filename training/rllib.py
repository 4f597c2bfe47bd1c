"""Training on Ray RLlib (``labyrinth-gym train GAME --backend rllib``): PPO on RLlib's
current API stack, from one machine to a Ray cluster, into the same checkpoint format
as the Stable-Baselines3 path.

- **Where it runs.** Without ``address`` Ray starts inside this process on this
  machine (nothing to set up); with ``address`` (``"auto"`` or ``"HOST:6379"``) it
  joins a running Ray cluster. ``env_runners`` sampling workers (RLlib's
  ``EnvRunner`` actors, placed by Ray on any node) collect experience, each stepping
  a vector of ``ceil(n_envs / env_runners)`` envs (the hyperparameters' ``n_envs``,
  so a run sees as many parallel episodes as on SB3); the learner updates the network
  in the driver's process. With 0 runners the driver samples.
- **What it learns from.** Every game through its
  :class:`~labyrinth_gym.envs.core.spec.GameSpec` and policy interface, with no
  per-game code, wrapped by :class:`MaskedObservation` into RLlib's action-masking
  convention (a ``Dict`` observation ``{"action_mask", "observations"}``):

  - cooperative and solo games: the game's Gymnasium env, as the SB3 path builds it;
  - competitive games: self-play exactly as the SB3 path does it, through the same
    :class:`~labyrinth_gym.training.selfplay.SelfPlayEnv` and
    :class:`~labyrinth_gym.training.selfplay.SelfPlaySettings`: the learner takes a
    seat drawn per episode, the other seats are filled from an opponent pool of
    fixed agents (heuristic, random) and frozen snapshots of the learner, and the
    variant and player count are drawn per episode. Each env runner builds its own
    pool from the settings (agents travel by name); every ``snapshot_every`` steps
    the driver sends the learner's weights to every runner (:func:`add_snapshot`),
    wherever Ray placed it, and they join its pools as a MaskablePPO policy.

    Not RLlib's ``MultiAgentEnv`` over the PettingZoo env: the opponents include
    rule-based and search agents, which are not RLlib modules and read the game
    itself, and the policy interfaces (the candidates the learner chooses among)
    live in the one-seat env; the learner's seat of that env is the same engine
    the PettingZoo env wraps.
- **Warm start.** A ``warm_start`` section runs the SB3 path's warm start (a teacher's
  clone, :mod:`labyrinth_gym.training.warm_start`, or candidate values,
  :mod:`labyrinth_gym.training.candidate_values`) on a MaskablePPO of the module's
  shape, whose weights are then loaded into the learner and every runner.
- **Masking.** :class:`MaskedPPOModule` is PPO's default torch module whose action
  logits get ``log(mask)`` added (``-inf`` clamped to the float minimum) before any
  sampling, in exploration, inference and training alike, so an illegal action has
  probability zero; it is never a penalty.
- **Hyperparameters** come from the same ``training/hyperparams/<game>.yml`` as the
  SB3 path, translated by :func:`rllib_settings` (``n_steps x n_envs`` is the batch per
  update, ``batch_size`` the minibatch, ``net_arch`` the hidden layers of separate
  actor and critic networks with tanh, as SB3's ``MlpPolicy``). PPO's details follow
  SB3's: orthogonal initialisation (gains sqrt(2), 0.01 for the action head, 1 for the
  value head), Adam with ``eps=1e-5``, no value-loss clipping and no KL penalty.
  (RLlib normalises advantages over the whole batch, SB3 per minibatch.)
- **The checkpoint.** The trained weights are copied into a MaskablePPO of the same
  architecture (:func:`export_sb3`) and saved as the SB3 path saves it: ``policy.pt``
  (the actor's weights, tensors only, what players load), ``model.zip`` and
  ``card.json`` (with the ``network`` to rebuild; ``backend: rllib``, runners, envs per runner, steps, wall time, the runners'
  nodes, the self-play pool and snapshots, the warm start), each file written
  atomically, so it loads with ``agents.make("<game>/ppo", path=DIR)``, plays in ``labyrinth-gym evaluate``, the
  server and the ONNX export like any other checkpoint. Progress prints per iteration
  and goes to tensorboard (``DIR/tb``).

Needs the ``[rllib]`` extra; without it :func:`require_rllib` raises
:class:`MissingExtraError` naming it. ``--resume`` and ``--save-every`` are SB3-only.
"""

from __future__ import annotations

import copy
import time
from pathlib import Path
from typing import Any

import numpy as np

RAY_SERIES = "2.60"
"""The Ray minor release the extra pins (``ray[rllib]>=2.60,<2.61``)."""


class MissingExtraError(ImportError):
    """An optional backend whose extra is not installed."""


def require_rllib():
    """The ``ray`` module, or :class:`MissingExtraError` saying which extra to install."""
    try:
        import ray
        import ray.rllib  # noqa: F401
    except ImportError as err:
        raise MissingExtraError(
            "--backend rllib needs the [rllib] extra: pip install 'labyrinth-gym[rllib]' "
            f"({err})") from err
    return ray


# ------------------------------------------------------------------ the env
def _masked_env_class():
    import gymnasium

    class MaskedObservation(gymnasium.Wrapper):
        """A one-seat env whose observations carry the legal-action mask:
        ``{"action_mask": float32 0/1 of the action space, "observations": obs}``.

        ``salt`` (the env runner's index) is mixed into every seed ``reset`` is given:
        RLlib seeds runner ``w``'s vector slot ``i`` with ``seed + w + i``, which
        would repeat across runners (runner 1's slot 1 is runner 2's slot 0)."""

        def __init__(self, env, salt: int = 0):
            super().__init__(env)
            self.salt = int(salt)
            n = int(env.action_space.n)
            self.observation_space = gymnasium.spaces.Dict({
                "action_mask": gymnasium.spaces.Box(0.0, 1.0, (n,), np.float32),
                "observations": env.observation_space,
            })

        def _wrap(self, obs):
            mask = np.asarray(self.env.unwrapped.action_masks(), dtype=np.float32)
            return {"action_mask": mask, "observations": obs}

        def reset(self, *, seed=None, options=None):
            if seed is not None:
                seed = int(np.random.SeedSequence([int(seed), self.salt]).generate_state(1)[0])
            obs, info = self.env.reset(seed=seed, options=options)
            return self._wrap(obs), info

        def step(self, action):
            obs, reward, terminated, truncated, info = self.env.step(int(action))
            return self._wrap(obs), reward, terminated, truncated, info

    return MaskedObservation


def _one_seat_env(game: str, interface_name: str | None, game_kwargs: dict[str, Any],
                  selfplay: dict[str, Any] | None = None):
    """The game's one-seat Gymnasium env (unwrapped), playing through the named
    interface: with ``selfplay`` (a :class:`SelfPlaySettings` as a dict) the
    self-play env of the SB3 path, its opponents drawn from a pool built here."""
    import gymnasium

    import labyrinth_gym.envs  # noqa: F401 (registers the ids)
    from labyrinth_gym.agents.interface import make_interface
    from labyrinth_gym.envs import game_spec

    interface = make_interface(game, interface_name)
    interface = interface if interface.name != "raw" else None
    if selfplay is not None:
        from labyrinth_gym.training.selfplay import SelfPlaySettings

        settings = SelfPlaySettings(**selfplay)
        pool = settings.pool(game, copy.deepcopy(interface))
        return settings.env(game_spec(game), pool, interface=interface, **game_kwargs)
    return gymnasium.make(game_spec(game).env_id, interface=interface,
                          **game_kwargs).unwrapped


def make_env(config: dict[str, Any]):
    """RLlib's env creator: ``config`` holds ``game``, ``game_kwargs``, ``interface``
    (a name or None), ``selfplay`` (competitive games) and ``seed``."""
    env = _one_seat_env(config["game"], config.get("interface"),
                        config.get("game_kwargs", {}), config.get("selfplay"))
    worker = int(getattr(config, "worker_index", 0) or 0)
    wrapped = _masked_env_class()(env, salt=worker)
    wrapped.reset(seed=int(config.get("seed", 0)))
    return wrapped


def _selfplay_envs(runner) -> list:
    """The self-play envs inside one RLlib env runner's vector env."""
    vector = runner.env.unwrapped
    return [e.unwrapped for e in getattr(vector, "envs", [])
            if hasattr(e.unwrapped, "add_snapshot")]


def add_snapshot(runner, weights: dict[str, Any], hidden: list[int], game: str,
                 interface_name: str | None, game_kwargs: dict[str, Any], name: str) -> int:
    """Freeze ``weights`` (the learner's, as numpy arrays) into the opponent pool of
    every self-play env of ``runner`` (run on the runner, wherever Ray placed it);
    return how many envs took it."""
    envs = _selfplay_envs(runner)
    if envs:
        policy = sb3_model(weights, hidden, game, interface_name, game_kwargs).policy
        for env in envs:
            env.add_snapshot(policy, name)
    return len(envs)


# ------------------------------------------------------------------ masking
def masked_module_class():
    """:class:`MaskedPPOModule`, built on first use (RLlib imports are heavy)."""
    import torch
    from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import (
        DefaultPPOTorchRLModule,
    )
    from ray.rllib.core.columns import Columns
    from ray.rllib.utils.torch_utils import FLOAT_MIN

    class MaskedPPOModule(DefaultPPOTorchRLModule):
        """PPO's default torch module on the ``observations`` part of a masked
        observation, with ``log(action_mask)`` added to its action logits."""

        def __init__(self, *, observation_space=None, **kwargs):
            self.masked_space = observation_space
            super().__init__(observation_space=observation_space["observations"], **kwargs)

        def setup(self):
            super().setup()
            self.observation_space = self.masked_space
            _sb3_init(self)

        @staticmethod
        def _split(batch):
            obs = batch[Columns.OBS]
            if not isinstance(obs, dict):
                return None, batch
            batch = dict(batch)
            batch[Columns.OBS] = obs["observations"]
            return obs["action_mask"], batch

        @staticmethod
        def _masked(out, mask):
            if mask is not None:
                out[Columns.ACTION_DIST_INPUTS] = out[Columns.ACTION_DIST_INPUTS] + \
                    torch.clamp(torch.log(mask), min=FLOAT_MIN)
            return out

        def _forward_inference(self, batch, **kwargs):
            mask, batch = self._split(batch)
            return self._masked(super()._forward_inference(batch, **kwargs), mask)

        def _forward_exploration(self, batch, **kwargs):
            mask, batch = self._split(batch)
            return self._masked(super()._forward_exploration(batch, **kwargs), mask)

        def _forward_train(self, batch, **kwargs):
            mask, batch = self._split(batch)
            return self._masked(super()._forward_train(batch, **kwargs), mask)

        def compute_values(self, batch, embeddings=None):
            _, batch = self._split(batch)
            return super().compute_values(batch, embeddings)

    return MaskedPPOModule


def _sb3_init(module) -> None:
    """SB3's ``ActorCriticPolicy`` initialisation: orthogonal weights with gain sqrt(2)
    in the hidden layers, 0.01 in the action head (a near-uniform first policy) and 1
    in the value head, zero biases."""
    import torch

    def init(part, gain):
        if part is None:  # an inference-only module (on an env runner) has no critic
            return
        for layer in part.modules():
            if isinstance(layer, torch.nn.Linear):
                torch.nn.init.orthogonal_(layer.weight, gain=gain)
                torch.nn.init.zeros_(layer.bias)

    encoder = module.encoder
    init(getattr(encoder, "actor_encoder", None), 2 ** 0.5)
    init(getattr(encoder, "critic_encoder", None), 2 ** 0.5)
    init(getattr(module, "pi", None), 0.01)
    init(getattr(module, "vf", None), 1.0)


def learner_class():
    """PPO's torch learner with SB3's Adam (``eps=1e-5``), built on first use."""
    import torch
    from ray.rllib.algorithms.ppo.torch.ppo_torch_learner import PPOTorchLearner

    class SB3AdamPPOLearner(PPOTorchLearner):
        def configure_optimizers_for_module(self, module_id, config=None):
            params = self.get_parameters(self._module[module_id])
            self.register_optimizer(module_id=module_id,
                                    optimizer=torch.optim.Adam(params, eps=1e-5),
                                    params=params, lr_or_lr_schedule=config.lr)

    return SB3AdamPPOLearner


# ------------------------------------------------------------------ settings
_SB3_TO_RLLIB = {
    "learning_rate": "lr",
    "gamma": "gamma",
    "gae_lambda": "lambda_",
    "clip_range": "clip_param",
    "ent_coef": "entropy_coeff",
    "vf_coef": "vf_loss_coeff",
    "max_grad_norm": "grad_clip",
    "n_epochs": "num_epochs",
    "batch_size": "minibatch_size",
}
_IGNORED = ("policy", "vec_env", "interface", "total_timesteps", "n_envs", "n_steps",
            "policy_kwargs", "warm_start", "selfplay")


def rllib_settings(params: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    """``(PPOConfig.training kwargs, hidden layer sizes)`` from an SB3 hyperparameter
    table; a setting neither backend knows is a ValueError naming it."""
    training: dict[str, Any] = {
        "train_batch_size_per_learner": int(params.get("n_steps", 2048))
        * int(params.get("n_envs", 1)),
        "use_kl_loss": False,  # SB3's PPO has no KL penalty, only the clipped ratio
        "vf_clip_param": float("inf"),  # nor a clipped value loss (clip_range_vf=None)
    }
    for key, value in params.items():
        if key in _SB3_TO_RLLIB:
            training[_SB3_TO_RLLIB[key]] = value
        elif key not in _IGNORED:
            raise ValueError(f"hyperparameter {key!r} has no RLlib equivalent here")
    arch = (params.get("policy_kwargs") or {}).get("net_arch", [64, 64])
    if isinstance(arch, dict):
        if arch.get("pi") != arch.get("vf"):
            raise ValueError("the RLlib backend needs the same pi and vf layers")
        arch = arch["pi"]
    return training, [int(h) for h in arch]


# ------------------------------------------------------------------ export
def _layer_names(hidden: list[int]) -> list[tuple[str, str]]:
    """``(SB3 MlpPolicy parameter, RLlib PPO module parameter)`` pairs of one shape."""
    pairs = []
    for sb3, rl in (("mlp_extractor.policy_net", "encoder.actor_encoder.net.mlp"),
                    ("mlp_extractor.value_net", "encoder.critic_encoder.net.mlp")):
        for i in range(len(hidden)):
            pairs += [(f"{sb3}.{2 * i}.{p}", f"{rl}.{2 * i}.{p}") for p in ("weight", "bias")]
    for p in ("weight", "bias"):
        pairs += [(f"action_net.{p}", f"pi.net.mlp.0.{p}"), (f"value_net.{p}", f"vf.net.mlp.0.{p}")]
    return pairs


def sb3_model(weights: dict[str, Any], hidden: list[int], game: str,
              interface_name: str | None, game_kwargs: dict[str, Any]):
    """A MaskablePPO ``MlpPolicy`` of the same shape holding an RLlib PPO module's
    weights (actor and critic MLPs with tanh, a linear head each)."""
    import torch
    from sb3_contrib import MaskablePPO

    env = _one_seat_env(game, interface_name, game_kwargs)
    model = MaskablePPO("MlpPolicy", env, device="cpu", verbose=0,
                        policy_kwargs={"net_arch": dict(pi=list(hidden), vf=list(hidden)),
                                       "activation_fn": torch.nn.Tanh})
    state = {sb3: torch.as_tensor(np.asarray(weights[rl]))
             for sb3, rl in _layer_names(hidden)}
    missing, unexpected = model.policy.load_state_dict(state, strict=False)
    if unexpected or any(not k.startswith("features_extractor") and
                         not k.startswith("pi_features") and not k.startswith("vf_features")
                         for k in missing):
        raise ValueError(f"RLlib weights do not fit the MlpPolicy: missing {missing}, "
                         f"unexpected {unexpected}")
    env.close()
    return model


def export_sb3(weights: dict[str, Any], hidden: list[int], game: str,
               interface_name: str | None, game_kwargs: dict[str, Any],
               path: Path) -> dict[str, Any]:
    """Save an RLlib PPO module's weights as a MaskablePPO ``model.zip`` at ``path``,
    with the actor's tensors-only ``policy.pt`` beside it, both atomically; return
    the card's ``network`` section."""
    from labyrinth_gym.agents.checkpoint_io import save_policy, write_atomic

    model = sb3_model(weights, hidden, game, interface_name, game_kwargs)
    network = save_policy(model.policy, Path(path).parent)
    write_atomic(path, lambda fh: model.save(fh))
    return network


def rllib_weights(policy, hidden: list[int]) -> dict[str, Any]:
    """A MaskablePPO policy's weights under the RLlib PPO module's names (the
    reverse of :func:`sb3_model`; a warm start cloned with SB3 enters RLlib so)."""
    state = policy.state_dict()
    return {rl: state[sb3].detach().cpu().numpy() for sb3, rl in _layer_names(hidden)}


# ------------------------------------------------------------------ training
def train_rllib(game: str, *, timesteps: int | None = None, seed: int = 0,
                out_dir: str | Path | None = None, hyperparams: str | Path | None = None,
                progress: bool = True, game_kwargs: dict[str, Any] | None = None,
                address: str | None = None, env_runners: int = 0,
                choices: dict[str, list[Any]] | None = None) -> Path:
    """Train PPO on RLlib (module docstring); return the checkpoint folder.

    ``choices`` are the per-episode draws of a competitive game (``{"num_players":
    [2, 3, 4]}``), replacing the hyperparameter file's ``selfplay.choices``."""
    ray = require_rllib()
    import torch

    from labyrinth_gym.agents.interface import make_interface
    from labyrinth_gym.envs import game_spec
    from labyrinth_gym.training.train import load_hyperparams

    torch.set_num_threads(1)
    spec = game_spec(game)
    game_kwargs = dict(game_kwargs or {})
    spec.new_game(None, **game_kwargs)  # bad kwargs fail here, before Ray starts
    if env_runners < 0:
        raise ValueError(f"--env-runners must be >= 0, got {env_runners}")
    params = load_hyperparams(spec.env_id, game, hyperparams)
    settings = None
    if spec.cooperative:
        if choices:
            raise ValueError(f"{game} is cooperative: per-episode --variant/--players "
                             "do not apply")
    else:
        from labyrinth_gym.training.selfplay import SelfPlaySettings

        settings = SelfPlaySettings.from_params(params.get("selfplay"), choices)
        settings.check(spec, game_kwargs)
    total = int(timesteps if timesteps is not None else params.get("total_timesteps", 100_000))
    if total <= 0:
        raise ValueError(f"timesteps must be positive, got {total}")
    interface_name = params.get("interface")
    interface = make_interface(game, interface_name)
    training, hidden = rllib_settings(params)
    n_envs = max(1, int(params.get("n_envs", 1)))
    envs_per_runner = -(-n_envs // max(env_runners, 1))
    out = Path(out_dir) if out_dir is not None else Path("runs") / "train" / f"{game}-rllib"
    out.mkdir(parents=True, exist_ok=True)
    env_config = {"game": game, "game_kwargs": game_kwargs, "interface": interface_name,
                  "seed": seed, "selfplay": settings.to_dict() if settings else None}
    # one env built here first: a bad setting fails in this process, in one line,
    # not inside a remote env runner's constructor
    make_env(env_config).close()

    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            # "local": a new instance here, never a cluster some `ray start` left
            ray.init(address="local", num_cpus=max(2, env_runners + 1),
                     include_dashboard=False, log_to_driver=False)
    try:
        return _train(game=game, spec=spec, params=params, settings=settings,
                      interface=interface, hidden=hidden, training=training, total=total,
                      envs_per_runner=envs_per_runner, env_runners=env_runners,
                      env_config=env_config, seed=seed, out=out, progress=progress,
                      address=address, hyperparams=hyperparams,
                      game_kwargs=game_kwargs, choices=choices)
    finally:
        if started_here:
            ray.shutdown()


def _train(*, game: str, spec, params: dict[str, Any], settings, interface,
           hidden: list[int], training: dict[str, Any], total: int, envs_per_runner: int,
           env_runners: int, env_config: dict[str, Any], seed: int, out: Path,
           progress: bool, address: str | None, hyperparams: str | Path | None,
           game_kwargs: dict[str, Any], choices: dict[str, list[Any]] | None) -> Path:
    """:func:`train_rllib` once Ray is up (the caller shuts down what it started);
    the arguments are what it checked and derived."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.tune.registry import register_env
    from torch.utils.tensorboard import SummaryWriter

    from labyrinth_gym.agents.checkpoint_io import write_atomic, write_json
    from labyrinth_gym.training.train import card_header, reproduce_command

    interface_name = params.get("interface")
    name = f"labyrinth_gym_{game}"
    register_env(name, make_env)
    config = (
        PPOConfig()
        .environment(name, env_config=env_config)
        .env_runners(num_env_runners=env_runners, num_envs_per_env_runner=envs_per_runner,
                     num_cpus_per_env_runner=1)
        .learners(num_learners=0, learner_class=learner_class())
        .rl_module(rl_module_spec=RLModuleSpec(
            module_class=masked_module_class(),
            model_config={"fcnet_hiddens": hidden, "fcnet_activation": "tanh",
                          "vf_share_layers": False, "head_fcnet_hiddens": []}))
        .training(**training)
        .debugging(seed=seed)
    )
    algo = config.build_algo()
    warm_report = None
    writer = SummaryWriter(str(out / "tb" / "rllib"))
    steps = 0
    iteration = 0
    scored: dict[str, Any] = {}
    snapshots: list[dict[str, int]] = []
    expected = max(env_runners, 1) * envs_per_runner
    try:
        if params.get("warm_start"):
            warm_report = _warm_start(algo, params, hidden, game, interface, game_kwargs,
                                      seed, settings, progress=progress)
        start = time.time()  # as in the SB3 path, the warm start is not timed
        while steps < total:
            result = algo.train()
            iteration += 1
            runners = result.get("env_runners", {})
            steps = int(runners.get("num_env_steps_sampled_lifetime", steps))
            ret = runners.get("episode_return_mean")
            elapsed = time.time() - start
            if ret is not None and not np.isnan(ret):
                writer.add_scalar("rollout/ep_rew_mean", float(ret), steps)
                scored = {"episode_return_mean": round(float(ret), 4), "at_steps": steps,
                          "episodes": int(runners.get("num_episodes_lifetime", 0))}
            writer.add_scalar("time/steps_per_second", steps / max(elapsed, 1e-9), steps)
            last = snapshots[-1]["steps"] if snapshots else 0
            if settings and steps - last >= settings.snapshot_every and steps < total:
                weights = algo.learner_group.get_weights()["default_policy"]
                weights = {k: np.asarray(v) for k, v in weights.items()}
                took = algo.env_runner_group.foreach_env_runner(
                    lambda runner, w=weights, n=f"snapshot@{steps}": add_snapshot(
                        runner, w, hidden, game, interface_name, game_kwargs, n),
                    local_env_runner=env_runners == 0)
                if sum(took) != expected:  # never train on without the pool growing
                    raise RuntimeError(f"snapshot@{steps} reached {sum(took)} self-play "
                                       f"envs of {expected}")
                snapshots.append({"steps": steps, "envs": int(sum(took))})
                writer.add_scalar("selfplay/snapshots", len(snapshots), steps)
                if progress:
                    print(f"snapshot@{steps} joined the opponent pool of {sum(took)} envs",
                          flush=True)
            if progress:
                shown = "-" if ret is None or np.isnan(ret) else f"{ret:.3f}"
                print(f"iteration {iteration}: {steps:,}/{total:,} steps, mean return "
                      f"{shown}, {steps / max(elapsed, 1e-9):,.0f} steps/s", flush=True)
        wall = time.time() - start
        weights = algo.learner_group.get_weights()["default_policy"]
        placement = _runner_nodes(algo)
    finally:
        writer.close()
        algo.stop()

    network = export_sb3(weights, hidden, game, interface_name, game_kwargs,
                         out / "model.zip")
    card = {
        **card_header(game, spec, interface, game_kwargs,
                      f"PPO (Ray RLlib {RAY_SERIES}, new API stack), exported to a "
                      "MaskablePPO MlpPolicy", steps, seed, wall),
        "network": network,
        "backend": "rllib",
        "rllib": {"env_runners": env_runners, "envs_per_runner": envs_per_runner,
                  "address": address or "local", "iterations": iteration,
                  "runner_nodes": placement,
                  "steps_per_second": round(steps / max(wall, 1e-9), 1)},
        "hyperparams": {k: v for k, v in params.items()
                        if k not in ("total_timesteps", "selfplay", "warm_start")},
        "selfplay": ({**settings.describe(game), "snapshots": snapshots}
                     if settings else None),
        **({"warm_start": warm_report} if warm_report else {}),
        # how it scored while training (RLlib's mean over its recent episodes);
        # `labyrinth-gym evaluate --record-card` adds to "eval"
        "training_score": scored,
        "eval": {},
    }
    write_json(out / "card.json", card)
    backend = ["--backend", "rllib", "--env-runners", str(env_runners)]
    write_atomic(out / "command.txt", reproduce_command(
        game, total, seed, out, hyperparams, game_kwargs, choices,
        backend + (["--address", address] if address else [])) + "\n")
    return out


def _warm_start(algo, params: dict[str, Any], hidden: list[int], game: str, interface,
                game_kwargs: dict[str, Any], seed: int, settings,
                progress: bool = False) -> dict[str, Any]:
    """The SB3 path's warm start (:mod:`labyrinth_gym.training.warm_start`): clone the
    teacher into a MaskablePPO of the module's shape, then load its weights into the
    learner and every env runner; return what the card records."""
    import torch

    from labyrinth_gym.training.warm_start import run_warm_start

    current = algo.learner_group.get_weights()["default_policy"]
    model = sb3_model(current, hidden, game, params.get("interface"), game_kwargs)
    model.gamma = float(params.get("gamma", 0.99))
    report = run_warm_start(model, game, interface, params["warm_start"],
                            game_kwargs=game_kwargs, seed=seed,
                            choices=(settings.choices or None) if settings else None,
                            progress=progress)
    cloned = rllib_weights(model.policy, hidden)
    algo.learner_group.set_weights({"default_policy": {
        k: torch.as_tensor(cloned[k]) if k in cloned else v for k, v in current.items()}})
    # wait for every runner (the default does not wait, and a runner still busy with
    # an earlier update would drop this one)
    algo.env_runner_group.sync_weights(from_worker_or_learner_group=algo.learner_group,
                                       inference_only=True, timeout_seconds=None)
    return report


def _runner_nodes(algo) -> list[str]:
    """The Ray node id each remote env runner lives on (empty with 0 runners)."""
    try:
        group = algo.env_runner_group
        ids = group.foreach_env_runner(
            lambda runner: __import__("ray").get_runtime_context().get_node_id(),
            local_env_runner=False)
        return [str(i) for i in ids]
    except Exception:  # noqa: BLE001 (placement is informative only)
        return []


__all__ = ["MissingExtraError", "RAY_SERIES", "export_sb3", "make_env", "masked_module_class",
           "require_rllib", "rllib_settings", "train_rllib"]
