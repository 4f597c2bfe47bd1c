"""Every env renders ``None``, ``"ansi"`` and ``"rgb_array"`` (a game without a board
draws its text), so SB3's ``make_vec_env``, which asks for ``"rgb_array"``, builds a
``SubprocVecEnv`` of every Gymnasium id."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
import torch
from gymnasium.utils.env_checker import check_env

import labyrinth_gym.envs  # noqa: F401 (registers the ids)
from labyrinth_gym.envs import game_names, game_spec
from labyrinth_gym.envs.core.text_image import ROWS, frame_shape, text_image, text_lines

torch.set_num_threads(1)
IDS = [game_spec(g).env_id for g in game_names()]


@pytest.mark.parametrize("env_id", IDS)
def test_every_id_renders_every_mode(env_id):
    for mode in (None, "ansi", "rgb_array"):
        env = gym.make(env_id, render_mode=mode)
        assert mode is None or mode in env.metadata["render_modes"]
        env.reset(seed=0)
        frame = env.render()
        if mode is None:
            assert frame is None
        elif mode == "ansi":
            assert isinstance(frame, str) and frame.strip()
        else:
            assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
            assert frame.min() < frame.max()  # something is drawn
        env.close()


@pytest.mark.parametrize("env_id", IDS)
def test_rgb_frames_keep_one_shape_through_an_episode(env_id):
    env = gym.make(env_id, render_mode="rgb_array").unwrapped
    env.reset(seed=1)
    shapes, rng = set(), np.random.default_rng(1)
    for _ in range(30):
        shapes.add(env.render().shape)
        legal = np.flatnonzero(env.action_masks())
        _, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            env.reset()
    assert len(shapes) == 1  # a video recorder needs every frame the same size


def test_rgb_array_passes_the_env_checker():
    env = gym.make("labyrinth_gym/MazeParty-v1", render_mode="rgb_array")
    check_env(env.unwrapped, skip_render_check=False)


def test_an_unknown_render_mode_is_refused():
    from labyrinth_gym.envs.maze_party import MazePartyEnv

    with pytest.raises(ValueError, match="render_mode must be one of"):
        MazePartyEnv(render_mode="rgb")


def test_text_images_wrap_long_lines_and_cut_long_texts():
    assert text_image("a").shape == text_image("b\n" * 500).shape == frame_shape()
    rows = text_lines("x" * 300 + "\n" + "y\n" * 200)
    assert len(rows) == ROWS and rows[0] == "x" * 120 and "more rows" in rows[-1]
    assert not np.array_equal(text_image("a"), text_image("b"))


def test_the_pettingzoo_envs_render_rgb_arrays_too():
    import importlib

    for game in game_names():
        module = importlib.import_module(f"labyrinth_gym.envs.{game}")
        env = module.env(render_mode="rgb_array")
        env.reset(seed=0)
        frame = env.render()
        assert frame.dtype == np.uint8 and frame.ndim == 3, game


@pytest.mark.parametrize("env_id", IDS)
def test_make_vec_env_with_subprocesses_works_for_every_id(env_id):
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.vec_env import SubprocVecEnv

    vec = make_vec_env(env_id, n_envs=2, seed=0, vec_env_cls=SubprocVecEnv,
                       vec_env_kwargs={"start_method": "fork"})
    try:
        assert vec.render_mode == "rgb_array"
        obs = vec.reset()
        assert obs.shape == (2, *vec.observation_space.shape)
        rng = np.random.default_rng(0)
        for _ in range(5):
            masks = vec.env_method("action_masks")
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            obs, rewards, dones, infos = vec.step(actions)
            assert obs.shape[0] == 2 and len(infos) == 2
        images = vec.get_images()
        assert len(images) == 2 and all(i.ndim == 3 for i in images)
    finally:
        vec.close()
