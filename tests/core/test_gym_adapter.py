"""What the Gymnasium adapter hands its opponents (``core/gym_adapter``).

An opponent gets the observation of its own seat, unless it says it never reads one
(``needs_observation = False``, as the default random opponent does); then the env
skips that encoding and passes ``None``.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.core.gym_adapter import UniformRandomOpponent
from labyrinth_gym.envs.labyrinth_cards import SPEC, LabyrinthCardsEnv
from labyrinth_gym.envs.labyrinth_cards.encoding import encode


class Recorder:
    """Plays the first legal move and keeps what it was shown."""

    needs_game = False

    def __init__(self):
        self.seen = []

    def reset(self, seed=None):
        pass

    def act(self, observation, action_mask, *, game=None):
        self.seen.append(observation)
        return int(np.flatnonzero(action_mask)[0])


class BlindRecorder(Recorder):
    needs_observation = False


def play(opponent, seed=0):
    env = LabyrinthCardsEnv(opponents=[opponent], learner_seat=0)
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(40):
        legal = np.flatnonzero(info["action_mask"])
        _, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        if terminated or truncated:
            break
    return env


def test_an_opponent_gets_its_own_observation():
    opponent = Recorder()
    play(opponent)
    assert opponent.seen
    for obs in opponent.seen:
        assert obs.shape == (SPEC.observation_size,) and obs.dtype == np.float32


def test_an_opponent_that_never_reads_it_gets_none_and_the_same_game():
    seeing, blind = Recorder(), BlindRecorder()
    env_a, env_b = play(seeing), play(blind)
    assert blind.seen and all(obs is None for obs in blind.seen)
    assert len(seeing.seen) == len(blind.seen)
    assert env_a.game.to_dict() == env_b.game.to_dict()


def test_the_default_random_opponent_picks_from_the_mask_alone():
    assert UniformRandomOpponent.needs_observation is False
    env = LabyrinthCardsEnv()
    env.reset(seed=4)
    game = env.game
    agent = UniformRandomOpponent(np.random.default_rng(1))
    twin = UniformRandomOpponent(np.random.default_rng(1))
    mask = game.legal_mask()
    picks = [agent.act(None, mask) for _ in range(20)]
    assert picks == [twin.act(encode(game, 0), mask) for _ in range(20)]
    assert all(mask[a] for a in picks)


# ------------------------------------------------- the mask when an episode ends
def test_the_mask_is_all_zeros_on_an_episodes_last_step_under_vector_autoreset():
    import gymnasium as gym

    import labyrinth_gym.envs  # noqa: F401 (registers the ids)

    envs = gym.make_vec("labyrinth_gym/LabyrinthCards-v1", num_envs=2,
                        vectorization_mode="sync", max_turns=6)
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = resets = 0
    just_ended = np.zeros(2, dtype=bool)
    for _ in range(400):
        masks = infos["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0
                            for m in masks])
        _, _, terminated, truncated, infos = envs.step(actions)
        done = terminated | truncated
        for i in range(2):
            if just_ended[i]:  # the autoreset step: the new episode's first mask
                assert not done[i] and infos["action_mask"][i].any()
                resets += 1
            elif done[i]:  # the last step: nothing is legal any more
                assert not infos["action_mask"][i].any()
                ended += 1
        just_ended = done
        if ended >= 4 and resets >= 4:
            break
    envs.close()
    assert ended >= 4 and resets >= 4


def test_an_episode_ended_by_an_illegal_action_has_a_zero_mask():
    env = LabyrinthCardsEnv(learner_seat=0)
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == SPEC.illegal_penalty and "illegal_action" in info
    assert not info["action_mask"].any()


def test_pettingzoo_masks_are_zero_for_every_agent_once_an_illegal_move_ends_it():
    from labyrinth_gym.envs import labyrinth_cards

    env = labyrinth_cards.env()
    env.reset(seed=2)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    for agent in env.agents:
        assert not env.observe(agent)["action_mask"].any()
