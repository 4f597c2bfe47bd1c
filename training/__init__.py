"""Training: MaskablePPO on the Gymnasium envs, hyperparameters in ``hyperparams/*.yml``."""

from labyrinth_gym.training.train import (
    TrainConfig,
    add_eval_to_card,
    load_hyperparams,
    train,
)

__all__ = ["TrainConfig", "add_eval_to_card", "load_hyperparams", "train"]
