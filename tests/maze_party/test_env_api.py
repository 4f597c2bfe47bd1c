"""The maze party's Gymnasium and PettingZoo faces (env.py, core adapters).

An env x kwargs matrix through ``check_env`` / ``api_test`` / ``seed_test`` /
``render_test``, the illegal-action contract, hidden information in observations,
same-seed rollouts and pickling mid-episode.
"""

from __future__ import annotations

import functools
import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import labyrinth_gym.envs  # noqa: F401  (registers the Gymnasium ids)
from labyrinth_gym.agents import RandomAgent, make
from labyrinth_gym.envs import maze_party
from labyrinth_gym.envs.core.engine import IllegalActionError
from labyrinth_gym.envs.maze_party.encoding import OBS_SIZE, encode
from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine.cards import (
    DEAD_END,
    KNOWN_SET,
    MONSTER,
    RIGHT_PATH,
    ROOM,
    UNKNOWN,
)
from labyrinth_gym.envs.maze_party.engine.data import characters
from labyrinth_gym.envs.maze_party.engine.game import PARTY_ORDER, MazePartyGame

ENV_ID = "labyrinth_gym/MazeParty-v1"
MAZES = ["enchanted_forest", "goblin_warren", "sunken_catacombs"]
SIZES = [1, 2, 3, 4, 5, 6]
MATRIX = [(m, n) for m in MAZES for n in SIZES]


def gym_env(**kwargs):
    return gymnasium.make(ENV_ID, **kwargs)


def illegal_action(mask) -> int:
    return int(np.flatnonzero(np.asarray(mask) == 0)[0])


# ------------------------------------------------------------ the matrix
@pytest.mark.parametrize("maze, size", MATRIX)
def test_gymnasium_check_env(maze, size):
    env = gym_env(maze=maze, party=size).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)
    ansi = gym_env(maze=maze, party=size, render_mode="ansi").unwrapped
    check_env(ansi, skip_render_check=False)


@pytest.mark.parametrize("maze, size", MATRIX)
def test_pettingzoo_api_and_seed_tests(maze, size):
    with warnings.catch_warnings():
        # api_test warns that a Dict observation "probably should be" a Box: the
        # action mask has to live in the observation.
        warnings.simplefilter("ignore", UserWarning)
        api_test(maze_party.env(maze=maze, party=size), num_cycles=300)
        seed_test(functools.partial(maze_party.env, maze=maze, party=size), num_cycles=300)
    env = maze_party.env(maze=maze, party=size)
    assert env.possible_agents == [f"member_{i}" for i in range(size)]


def test_pettingzoo_render_test():
    # render_test builds the env once with render_mode="human" only to read its
    # metadata; the env rightly rejects a mode it does not have, so map that one call.
    def env_fn(render_mode=None):
        return maze_party.env(render_mode=None if render_mode == "human" else render_mode)

    render_test(env_fn, custom_tests={"ansi": lambda text: "River" in text})


def test_spaces_and_registration():
    env = gym_env()
    assert env.observation_space == gymnasium.spaces.Box(-1, 1, (OBS_SIZE,), np.float32)
    assert env.action_space == gymnasium.spaces.Discrete(A.NUM_ACTIONS)
    obs, info = env.reset(seed=0)
    assert obs.dtype == np.float32 and obs.shape == (OBS_SIZE,)
    assert info["action_mask"].dtype == np.int8
    assert np.array_equal(info["action_mask"].astype(bool), env.unwrapped.action_masks())
    assert env.unwrapped.game.max_turns == 200  # RULINGS.md: cap 200 turns by default


@pytest.mark.parametrize(
    "kwargs, message",
    [({"maze": "nowhere"}, "enchanted_forest"), ({"party": 7}, "1-6"),
     ({"party": ["fighter", "necromancer"]}, "necromancer"), ({"max_turns": 0}, "max_turns"),
     ({"render_mode": "human"}, "render_mode")],
)
def test_bad_kwargs_fail_at_construction(kwargs, message):
    # Not through gymnasium.make: it wraps an rgb_array env for "human" itself.
    with pytest.raises(ValueError, match=message):
        maze_party.MazePartyEnv(**kwargs)
    with pytest.raises(ValueError, match=message):
        maze_party.raw_env(**kwargs)


# ---------------------------------------------------------- illegal actions
def test_gymnasium_illegal_action_ends_the_episode_with_a_penalty():
    env = gym_env()
    obs, info = env.reset(seed=0)
    legal = [int(a) for a in np.flatnonzero(info["action_mask"])]
    bad = illegal_action(info["action_mask"])
    obs, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == {"action": bad, "legal": legal}
    assert env.observation_space.contains(obs)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(legal[0])
    env.reset(seed=0)  # and the env is usable again


def test_gymnasium_out_of_range_action_is_also_penalised():
    env = gym_env().unwrapped
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(99)
    assert reward == -1.0 and terminated and info["illegal_action"]["action"] == 99


def test_gymnasium_strict_raises():
    env = gym_env(strict=True)
    _, info = env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(illegal_action(info["action_mask"]))


def test_pettingzoo_wrapped_env_ends_the_episode_with_a_penalty_for_the_offender():
    env = maze_party.env()
    env.reset(seed=0)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    legal = [int(a) for a in np.flatnonzero(mask)]
    bad = illegal_action(mask)
    env.step(bad)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1.0
    assert all(r == 0.0 for a, r in env.rewards.items() if a != offender)
    for agent in env.agents:
        assert env.infos[agent]["illegal_action"] == {
            "agent": offender, "action": bad, "legal": legal,
        }
    final = {}
    while env.agents:
        agent = env.agent_selection
        _, reward, terminated, _, _ = env.last()
        assert terminated
        final[agent] = reward
        env.step(None)
    assert final[offender] == -1.0
    assert set(final) == set(env.possible_agents)
    assert all(r == 0.0 for a, r in final.items() if a != offender)


def test_pettingzoo_raw_env_raises():
    env = maze_party.raw_env()
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        env.step(illegal_action(mask))


# ---------------------------------------------------------------- render
def test_ansi_render_shows_the_river_and_the_party():
    party = ["bard", "ranger", "barbarian"]
    env = gym_env(party=party, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str) and "River" in text
    for key in party:
        assert characters()[key].name in text
    pz = maze_party.env(render_mode="ansi")
    pz.reset(seed=4)
    text = pz.render()
    assert "River" in text
    for key in PARTY_ORDER[:4]:
        assert characters()[key].name in text
    assert gym_env().unwrapped.render() is None


def test_render_never_shows_a_face_down_card():
    game = MazePartyGame.new(3)
    game.piles.river = [ROOM, ROOM, ROOM]
    text = maze_party.SPEC.render_ansi(game)
    assert "Room" not in text.split("River:")[1].splitlines()[0]


# ---------------------------------------------------- hidden information
def shuffle_hidden(game: MazePartyGame, rng: np.random.Generator) -> MazePartyGame:
    """A copy that differs only in where the party's unknown cards lie."""
    other = game.clone()
    p = other.piles
    spots = [(p.deck, i) for i, k in enumerate(p.deck_known) if k == UNKNOWN]
    spots += [(p.discard, i) for i, k in enumerate(p.discard_known) if k == UNKNOWN]
    spots += [(p.river, i) for i in range(3) if p.river[i] >= 0 and not p.stuck[i]
              and not p.river_known[i] and not other.revealed[i]]
    cards = [pile[i] for pile, i in spots]
    rng.shuffle(cards)
    for (pile, i), card in zip(spots, cards, strict=True):
        pile[i] = card
    return other


def test_observation_never_contains_the_order_of_unknown_cards():
    rng = np.random.default_rng(0)
    compared = differed = 0
    for seed in range(60):
        game = MazePartyGame.new(seed, party=int(rng.integers(1, 7)))
        while not game.is_terminal():
            other = shuffle_hidden(game, rng)
            differed += other.piles.to_dict() != game.piles.to_dict()
            for seat in range(game.n):
                assert np.array_equal(encode(other, seat), encode(game, seat))
            assert np.array_equal(other.legal_mask(), game.legal_mask())
            compared += 1
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
    assert compared > 1000 and differed > compared // 2


def test_drawing_one_card_of_an_unordered_pair_does_not_reveal_which(position):
    def game_with_top_pair(pair):
        # Two Dead Ends stuck: the next river draws exactly one card.
        game = position(deck=[RIGHT_PATH] * 4 + pair, river=[DEAD_END, DEAD_END, RIGHT_PATH],
                        stuck=[True, True, False])
        game.piles.deck_known[-2:] = [KNOWN_SET, KNOWN_SET]
        return game

    a, b = game_with_top_pair([ROOM, MONSTER]), game_with_top_pair([MONSTER, ROOM])
    assert np.array_equal(encode(a, 0), encode(b, 0))  # the pair's order is unknown
    for game in (a, b):
        game.apply_action(A.PASS)
        game.apply_action(A.SLOT + 2)
    assert a.piles.river[2] != b.piles.river[2]  # one card of the pair went face down
    assert np.array_equal(encode(a, 0), encode(b, 0))


def test_player_view_is_a_determinization_with_the_same_observation():
    env = gym_env(party=3).unwrapped
    env.reset(seed=2)
    agent = RandomAgent(seed=2)
    for _ in range(60):
        game = env.game
        if game.is_terminal():
            break
        view = env.player_view()
        assert view is not game
        seat = game.current_player()
        assert np.array_equal(encode(view, seat), encode(game, seat))
        assert view.legal_actions() == game.legal_actions()
        env.step(agent.act(None, env.action_masks()))


def test_asking_for_player_views_does_not_change_the_trajectory():
    a, b = gym_env().unwrapped, gym_env().unwrapped
    obs_a, info_a = a.reset(seed=9)
    obs_b, info_b = b.reset(seed=9)
    agent_a, agent_b = RandomAgent(seed=1), RandomAgent(seed=1)
    done = False
    while not done:
        a.player_view()
        a.player_view()
        obs_a, ra, ta, tra, info_a = a.step(agent_a.act(obs_a, info_a["action_mask"]))
        obs_b, rb, tb, trb, info_b = b.step(agent_b.act(obs_b, info_b["action_mask"]))
        assert np.array_equal(obs_a, obs_b) and (ra, ta, tra) == (rb, tb, trb)
        done = ta or tra
    assert a.game.events == b.game.events


# --------------------------------------------------- rollouts and pickling
def rollout(env, seed: int, agent_seed: int, steps: int | None = None):
    obs, info = env.reset(seed=seed)
    agent = RandomAgent(seed=agent_seed)
    trace = [obs]
    done = False
    while not done and (steps is None or len(trace) <= steps):
        obs, reward, terminated, truncated, info = env.step(
            agent.act(obs, info["action_mask"])
        )
        trace += [obs, reward, terminated, truncated, info["action_mask"]]
        done = terminated or truncated
    return trace


def same(trace_a, trace_b) -> bool:
    return len(trace_a) == len(trace_b) and all(
        np.array_equal(x, y) for x, y in zip(trace_a, trace_b, strict=True)
    )


@pytest.mark.parametrize("maze", MAZES)
def test_same_seed_rollouts_are_equal(maze):
    for seed in range(5):
        assert same(rollout(gym_env(maze=maze), seed, 7), rollout(gym_env(maze=maze), seed, 7))
    assert not same(rollout(gym_env(maze=maze), 0, 7), rollout(gym_env(maze=maze), 1, 7))


def test_reset_without_a_seed_continues_the_seeded_stream():
    a, b = gym_env(), gym_env()
    a.reset(seed=3)
    b.reset(seed=3)
    assert np.array_equal(a.reset()[0], b.reset()[0])
    assert a.unwrapped.game.events == b.unwrapped.game.events


def test_pickle_mid_episode_continues_identically():
    env = gym_env(party=5)
    obs, info = env.reset(seed=11)
    agent = RandomAgent(seed=11)
    for _ in range(10):
        obs, _, term, trunc, info = env.step(agent.act(obs, info["action_mask"]))
        assert not (term or trunc)
    copy = pickle.loads(pickle.dumps(env))
    agent_copy = pickle.loads(pickle.dumps(agent))
    done = False
    obs_copy, info_copy = obs, info
    while not done:
        obs, reward, term, trunc, info = env.step(agent.act(obs, info["action_mask"]))
        obs_copy, reward_copy, term_copy, trunc_copy, info_copy = copy.step(
            agent_copy.act(obs_copy, info_copy["action_mask"])
        )
        assert np.array_equal(obs, obs_copy)
        assert (reward, term, trunc) == (reward_copy, term_copy, trunc_copy)
        done = term or trunc
    assert env.unwrapped.game.events == copy.unwrapped.game.events


def test_pettingzoo_env_pickles_mid_episode():
    env = maze_party.env(party=3)
    env.reset(seed=5)
    rng = np.random.default_rng(5)

    def act(e):
        mask = e.observe(e.agent_selection)["action_mask"]
        return int(rng.choice(np.flatnonzero(mask)))

    for _ in range(20):
        env.step(act(env))
    copy = pickle.loads(pickle.dumps(env))
    for _ in range(20):
        if not env.agents or any(env.terminations.values()):
            break
        a = act(env)
        env.step(a)
        copy.step(a)
        assert env.agent_selection == copy.agent_selection
        assert np.array_equal(env.observe(env.agent_selection)["observation"],
                              copy.observe(copy.agent_selection)["observation"])


# ---------------------------------------------------- rewards and views
def test_rewards_follow_the_outcome():
    outcomes = set()
    env = gym_env(party=2)
    for seed in range(40):
        trace = rollout(env, seed, seed)
        reward, terminated, truncated = trace[-4], trace[-3], trace[-2]
        outcome = env.unwrapped.game.outcome
        outcomes.add(outcome)
        assert reward == {"escaped": 1.0, "lost": -1.0}[outcome]
        assert terminated and not truncated
        assert all(r == 0.0 for r in trace[2:-4:5])  # nothing before the end
    assert outcomes == {"escaped", "lost"}
    short = gym_env(max_turns=3)
    trace = rollout(short, 0, 0)
    assert short.unwrapped.game.outcome == "truncated"
    assert trace[-4:-1] == [0.0, False, True]


def test_pettingzoo_observations_are_observer_relative_with_an_off_turn_zero_mask():
    env = maze_party.env(party=4)
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    space = env.observation_space("member_0")
    for _ in range(80):
        if any(env.terminations.values()) or any(env.truncations.values()):
            break
        turn = env.agent_selection
        seats = []
        for agent in env.agents:
            obs = env.observe(agent)
            assert space.contains(obs)
            if agent != turn:
                assert not obs["action_mask"].any()
            seats.append(obs["observation"])
        mask = env.observe(turn)["action_mask"]
        assert mask.any()
        # Each member sees the same game with its own observer flag.
        base = encode(env.unwrapped.game, 0)
        for seat, vec in enumerate(seats):
            assert np.array_equal(vec, encode(env.unwrapped.game, seat))
            assert not np.array_equal(vec, base) or seat == 0
        env.step(int(rng.choice(np.flatnonzero(mask))))


def test_gymnasium_opponent_seats_are_played_inside_step():
    heuristic = make("maze_party/heuristic")
    env = gym_env(party=3, opponents={1: heuristic}).unwrapped
    for seed in range(10):
        obs, info = env.reset(seed=seed)
        agent = RandomAgent(seed=seed)
        done = False
        while not done:
            assert info["player"] != 1 or env.game.is_terminal()
            obs, _, term, trunc, info = env.step(agent.act(obs, info["action_mask"]))
            done = term or trunc
        assert any(e.get("member") == 1 for e in env.game.events if e["type"] == "turn")
