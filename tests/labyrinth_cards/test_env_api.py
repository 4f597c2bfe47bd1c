"""Labyrinth the Card Game's Gymnasium and PettingZoo faces (env.py, core adapters).

A variant x player-count matrix through ``api_test`` / ``seed_test`` and ``check_env``,
the illegal-action contract, observer-relative observations (own hand seen, other
hands and the deck order never), same-seed rollouts, JSON and clone round trips, and
determinization.
"""

from __future__ import annotations

import functools
import json
import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import labyrinth_gym.envs  # noqa: F401  (registers the Gymnasium ids)
from labyrinth_gym.agents import RandomAgent
from labyrinth_gym.envs import labyrinth_cards
from labyrinth_gym.envs.core.engine import IllegalActionError
from labyrinth_gym.envs.labyrinth_cards.encoding import (
    O_HAND,
    O_OPP,
    OBS_SIZE,
    encode,
)
from labyrinth_gym.envs.labyrinth_cards.engine import actions as A
from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    COLLECT,
    VARIANTS,
    LabyrinthCardsGame,
    new_game,
)

from .positions import SIZE

ENV_ID = "labyrinth_gym/LabyrinthCards-v1"
NAMES = list(VARIANTS)
MATRIX = [(v, n) for v in NAMES for n in range(2, 7)]


def gym_env(**kwargs):
    return gymnasium.make(ENV_ID, **kwargs)


def illegal_action(mask) -> int:
    return int(np.flatnonzero(np.asarray(mask) == 0)[0])


def random_states(variant: str, players: int, games: int, seed: int = 0):
    """Yield ``(game, rng)`` at every decision of ``games`` random games."""
    for g in range(games):
        rng = np.random.default_rng([seed, g, players])
        game = new_game(seed * 1000 + g, variant=variant, num_players=players)
        while not game.is_terminal():
            yield game, rng
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
        yield game, rng


def play_out(game: LabyrinthCardsGame, rng: np.random.Generator) -> list[int]:
    actions = []
    while not game.is_terminal():
        legal = game.legal_actions()
        a = legal[int(rng.integers(len(legal)))]
        game.apply_action(a)
        actions.append(a)
    return actions


def snapshot(game: LabyrinthCardsGame) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


# ------------------------------------------------------------- the matrix
@pytest.mark.parametrize("variant, players", MATRIX)
def test_pettingzoo_api_and_seed_tests(variant, players):
    with warnings.catch_warnings():
        # api_test warns that a Dict observation "probably should be" a Box: the
        # action mask has to live in the observation.
        warnings.simplefilter("ignore", UserWarning)
        api_test(labyrinth_cards.env(variant=variant, num_players=players), num_cycles=150)
        seed_test(functools.partial(labyrinth_cards.env, variant=variant, num_players=players),
                  num_cycles=150)
    env = labyrinth_cards.env(variant=variant, num_players=players)
    assert env.possible_agents == [f"player_{i}" for i in range(players)]


@pytest.mark.parametrize("variant, players", [("official", 2), ("caffeinated", 4),
                                              ("steroids", 6), ("caffeinated", 3)])
def test_gymnasium_check_env(variant, players):
    env = gym_env(variant=variant, num_players=players).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)
    for mode in ("ansi", "rgb_array"):
        rendered = gym_env(variant=variant, num_players=players, render_mode=mode).unwrapped
        check_env(rendered, skip_render_check=False)


def test_spaces_and_registration():
    env = gym_env()
    assert env.observation_space == gymnasium.spaces.Box(-1, 1, (OBS_SIZE,), np.float32)
    assert env.action_space == gymnasium.spaces.Discrete(A.num_actions(SIZE))
    assert A.num_actions(SIZE) == 6914 and OBS_SIZE == 10210  # as env.py documents
    obs, info = env.reset(seed=0)
    assert obs.dtype == np.float32 and obs.shape == (OBS_SIZE,)
    assert obs.min() >= 0.0 and obs.max() <= 1.0  # encoding.py: all in [0, 1]
    assert info["action_mask"].dtype == np.int8
    assert np.array_equal(info["action_mask"].astype(bool), env.unwrapped.action_masks())
    game = env.unwrapped.game
    assert game.variant == "caffeinated" and game.num_players == 2  # defaults
    assert game.max_turns == 400


@pytest.mark.parametrize(
    "kwargs, message",
    [({"variant": "decaf"}, "official"), ({"num_players": 7}, "2-6"),
     ({"num_players": 1}, "2-6"), ({"max_turns": 0}, "max_turns"),
     ({"render_mode": "human"}, "render_mode")],
)
def test_bad_kwargs_fail_at_construction(kwargs, message):
    # Not through gymnasium.make: it wraps an rgb_array env for "human" itself.
    with pytest.raises(ValueError, match=message):
        labyrinth_cards.LabyrinthCardsEnv(**kwargs)
    with pytest.raises(ValueError, match=message):
        labyrinth_cards.raw_env(**kwargs)


# ----------------------------------------------------------- illegal actions
def test_raw_env_raises_naming_the_legal_set():
    env = labyrinth_cards.raw_env(variant="official", num_players=3)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    legal = [int(a) for a in np.flatnonzero(mask)]
    bad = illegal_action(mask)
    with pytest.raises(IllegalActionError) as info:
        env.step(bad)
    assert info.value.legal == legal and info.value.action == bad
    assert "legal actions" in str(info.value)
    assert A.describe(legal[0], SIZE) in str(info.value)


@pytest.mark.parametrize("variant", NAMES)
def test_wrapped_env_ends_with_a_penalty_for_the_offender(variant):
    env = labyrinth_cards.env(variant=variant, num_players=3)
    env.reset(seed=1)
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
            "agent": offender, "action": bad, "legal": legal}
    final = {}
    while env.agents:
        agent = env.agent_selection
        _, reward, terminated, _, _ = env.last()
        assert terminated
        final[agent] = reward
        env.step(None)
    assert final == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}


def test_gymnasium_illegal_action_ends_the_episode_with_a_penalty():
    env = gym_env(variant="steroids", num_players=4)
    obs, info = env.reset(seed=0)
    legal = [int(a) for a in np.flatnonzero(info["action_mask"])]
    bad = illegal_action(info["action_mask"])
    obs, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == {"action": bad, "legal": legal}
    assert env.observation_space.contains(obs)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(legal[0])
    env.reset(seed=0)


def test_gymnasium_out_of_range_action_is_penalised():
    env = gym_env().unwrapped
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(A.num_actions(SIZE))
    assert reward == -1.0 and terminated and info["illegal_action"]["action"] == A.num_actions(SIZE)


def test_gymnasium_strict_raises():
    env = gym_env(strict=True, variant="official")
    _, info = env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(illegal_action(info["action_mask"]))


# ------------------------------------------------------- hidden information
def reshuffle_hidden(game: LabyrinthCardsGame, observer: int,
                     rng: np.random.Generator) -> LabyrinthCardsGame:
    """A copy differing only in the deck order and in which cards the other players
    hold (hand sizes kept)."""
    other = game.clone()
    pool = list(other.deck)
    for p in range(other.num_players):
        if p != observer:
            pool += other.hands[p]
    rng.shuffle(pool)
    for p in range(other.num_players):
        if p != observer:
            k = len(other.hands[p])
            other.hands[p], pool = sorted(pool[:k]), pool[k:]
    other.deck = pool
    other._mask = other._legal = other._collect_cache = other._sets_cache = None
    return other


@pytest.mark.parametrize("variant", NAMES)
def test_observation_never_shows_other_hands_or_the_deck_order(variant):
    rng = np.random.default_rng(4)
    compared = differed = 0
    for game, _ in random_states(variant, 4, games=3):
        for observer in range(game.num_players):
            other = reshuffle_hidden(game, observer, rng)
            differed += other.hands != game.hands or other.deck != game.deck
            assert np.array_equal(encode(other, observer), encode(game, observer))
            if observer == game.current_player():
                assert np.array_equal(other.legal_mask(), game.legal_mask())
            compared += 1
    assert compared > 200 and differed > compared // 2


def test_observation_shows_the_own_hand():
    for seed in range(20):
        game = new_game(seed, variant="caffeinated", num_players=3)
        other = game.clone()
        swap = other.hands[0][0]
        other.hands[0][0] = other.deck[0]
        other.deck[0] = swap
        other.hands[0].sort()
        other._mask = other._legal = None
        assert not np.array_equal(encode(other, 0), encode(game, 0))
        assert np.array_equal(encode(other, 1), encode(game, 1))
        hand_block = slice(O_HAND, O_HAND + 6 * 30)
        assert not np.array_equal(encode(other, 0)[hand_block], encode(game, 0)[hand_block])


def test_opponents_are_listed_in_turn_order_after_the_observer():
    game = new_game(0, variant="caffeinated", num_players=4)
    game.collected = [[0], [1, 2], [3, 4, 5], []]
    scores = {seat: encode(game, seat)[O_OPP + 2 : O_OPP + 3 * 5 : 3] * 25 for seat in range(4)}
    assert np.allclose(scores[0], [2, 3, 0, 0, 0])
    assert np.allclose(scores[1], [3, 0, 1, 0, 0])
    assert np.allclose(scores[3], [1, 2, 3, 0, 0])
    present = encode(game, 2)[O_OPP : O_OPP + 15 : 3]
    assert present.tolist() == [1, 1, 1, 0, 0]


def test_pettingzoo_observations_are_per_seat_and_the_mask_is_zero_off_turn():
    env = labyrinth_cards.env(variant="steroids", num_players=5)
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    space = env.observation_space("player_0")
    seen_collect = False
    for _ in range(250):
        if not env.agents or any(env.terminations.values()):
            break
        turn = env.agent_selection
        game = env.unwrapped.game
        seen_collect |= game.phase == COLLECT
        for seat, agent in enumerate(env.agents):
            obs = env.observe(agent)
            assert space.contains(obs)
            assert np.array_equal(obs["observation"], encode(game, seat))
            if agent == turn:
                assert np.array_equal(obs["action_mask"], game.legal_mask())
                assert obs["action_mask"].any()
            else:
                assert not obs["action_mask"].any()
        mask = env.observe(turn)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert seen_collect


# ------------------------------------------------------ same seed, same game
def rollout(env, seed: int, agent_seed: int):
    obs, info = env.reset(seed=seed)
    agent = RandomAgent(seed=agent_seed)
    trace = [obs]
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(
            agent.act(obs, info["action_mask"]))
        trace += [obs, reward, terminated, truncated, info["action_mask"]]
        done = terminated or truncated
    return trace, list(env.unwrapped.game.events)


def same(trace_a, trace_b) -> bool:
    return len(trace_a) == len(trace_b) and all(
        np.array_equal(x, y) for x, y in zip(trace_a, trace_b, strict=True))


@pytest.mark.parametrize("variant", NAMES)
def test_same_seed_same_events(variant):
    for seed in range(3):
        ta, ea = rollout(gym_env(variant=variant, num_players=3), seed, 7)
        tb, eb = rollout(gym_env(variant=variant, num_players=3), seed, 7)
        assert same(ta, tb) and ea == eb
    _, e0 = rollout(gym_env(variant=variant), 0, 7)
    _, e1 = rollout(gym_env(variant=variant), 1, 7)
    assert e0 != e1
    for seed in range(5):
        a = new_game(seed, variant=variant, num_players=4)
        b = new_game(seed, variant=variant, num_players=4)
        play_out(a, np.random.default_rng(seed))
        play_out(b, np.random.default_rng(seed))
        assert a.events == b.events and a.returns() == b.returns()


def test_pettingzoo_same_seed_same_events():
    def run(seed):
        env = labyrinth_cards.env(variant="official", num_players=4)
        env.reset(seed=seed)
        rng = np.random.default_rng(0)
        for agent in env.agent_iter(400):
            _, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        return env.unwrapped.game.events

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_rewards_come_at_the_end_and_follow_the_returns():
    env = gym_env(variant="caffeinated", num_players=2, learner_seat=0)
    outcomes = set()
    for seed in range(12):
        trace, _ = rollout(env, seed, seed)
        rewards = trace[2::5]
        assert all(r == 0.0 for r in rewards[:-1])
        game = env.unwrapped.game
        assert game.outcome == "finished" and trace[-3] is True
        assert rewards[-1] == game.returns()[0]
        outcomes.add(rewards[-1])
    assert {-1.0, 1.0} <= outcomes <= {-1.0, 0.0, 1.0}
    short = gym_env(max_turns=3)
    trace, _ = rollout(short, 0, 0)
    assert short.unwrapped.game.outcome == "truncated"
    assert trace[-4:-1] == [0.0, False, True]


def test_a_stalling_learner_cannot_run_out_the_clock():
    """The learner only ever rotates (plays or collects nothing); random opponents play
    on. Every game still ends by the rules, long before ``max_turns``, and the staller
    gets the loss its score earns, never a truncated 0."""
    env = gym_env(variant="caffeinated", num_players=2, learner_seat=0).unwrapped
    rotate = slice(A.rotate_base(SIZE), A.draw_index(SIZE))
    stop = A.stop_index(SIZE)
    losses = 0
    for seed in range(6):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = info["action_mask"]
            rotations = np.flatnonzero(mask[rotate])
            action = (A.rotate_base(SIZE) + int(rotations[0]) if len(rotations)
                      else stop if mask[stop] else int(np.flatnonzero(mask)[0]))
            _, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        game = env.game
        assert terminated and not truncated and game.turn < game.max_turns
        assert game.events[-1]["reason"] == "a round without a card played or collected"
        assert game.hands[0], "the staller kept its cards"
        assert reward == game.returns()[0]
        losses += reward == -1.0
    assert losses >= 5


# --------------------------------------------------- serialising and clones
@pytest.mark.parametrize("variant", NAMES)
def test_json_round_trip_continues_identically(variant):
    cls = VARIANTS[variant]
    phases = set()
    for i, (game, rng) in enumerate(random_states(variant, 3, games=4, seed=2)):
        if i % 5:
            continue
        phases.add(game.phase)
        data = json.loads(json.dumps(game.to_dict()))
        restored = LabyrinthCardsGame.from_dict(data)
        assert type(restored) is cls
        assert snapshot(restored) == snapshot(game)
        assert restored.legal_actions() == game.legal_actions()
        assert restored.occupied == game.occupied and restored.open_at == game.open_at
        for seat in range(3):
            assert np.array_equal(encode(restored, seat), encode(game, seat))
        if game.is_terminal():
            continue
        actions = play_out(game.clone(), np.random.default_rng(int(rng.integers(1 << 30))))
        a, b = game.clone(), restored
        for act in actions:
            a.apply_action(act)
            b.apply_action(act)
        assert a.events == b.events and a.returns() == b.returns()
    assert COLLECT in phases or variant == "official"


def test_round_trip_in_the_middle_of_a_collection():
    game = new_game(5, variant="caffeinated", num_players=2)
    rng = np.random.default_rng(5)
    while not (game.phase == COLLECT and game.turn_collections):
        if game.is_terminal():
            pytest.fail("no multi-pick collection in this game")
        legal = game.legal_actions()
        collects = [a for a in legal if A.decode(a, SIZE)[0] == "collect"]
        game.apply_action(collects[0] if collects else legal[int(rng.integers(len(legal)))])
    restored = LabyrinthCardsGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.sets == game.sets and restored.claimed == game.claimed
    assert restored.played_this_turn == game.played_this_turn
    assert restored.legal_actions() == game.legal_actions()
    assert pickle.loads(pickle.dumps(game)).legal_actions() == game.legal_actions()


def test_to_dict_is_a_snapshot():
    game = new_game(0, variant="caffeinated", num_players=2)
    data = game.to_dict()
    frozen = json.dumps(data, sort_keys=True)
    game.apply_action(A.draw_index(SIZE))
    game.apply_action(A.draw_index(SIZE))
    assert json.dumps(data, sort_keys=True) == frozen


@pytest.mark.parametrize("variant", NAMES)
def test_clone_is_independent_and_continues_identically(variant):
    for seed in range(4):
        game = new_game(seed, variant=variant, num_players=4)
        rng = np.random.default_rng(seed)
        for _ in range(15 + 7 * seed):
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
        before = snapshot(game)
        twin = game.clone()
        actions = play_out(twin, np.random.default_rng(seed + 100))
        assert snapshot(game) == before  # playing the clone out left the game alone
        for a in actions:
            game.apply_action(a)
        assert game.events == twin.events and game.returns() == twin.returns()
        assert game.collected == twin.collected


# ----------------------------------------------------------- determinization
@pytest.mark.parametrize("variant", NAMES)
def test_determinize_keeps_what_the_observer_knows(variant):
    rng = np.random.default_rng(1)
    changed = checked = 0
    for i, (game, _) in enumerate(random_states(variant, 3, games=2, seed=3)):
        if i % 3:
            continue
        observer = (i // 3) % 3
        before = snapshot(game)
        det = game.determinize(observer, rng)
        assert snapshot(game) == before
        assert det is not game
        assert det.hands[observer] == game.hands[observer]
        assert det.card_at == game.card_at and det.rot_at == game.rot_at
        assert det.collected == game.collected
        assert [len(h) for h in det.hands] == [len(h) for h in game.hands]
        assert len(det.deck) == len(game.deck)
        hidden = sorted(game.deck + [c for p, h in enumerate(game.hands)
                                     if p != observer for c in h])
        det_hidden = sorted(det.deck + [c for p, h in enumerate(det.hands)
                                        if p != observer for c in h])
        assert hidden == det_hidden
        assert all(h == sorted(h) for h in det.hands)
        assert np.array_equal(encode(det, observer), encode(game, observer))
        if game.current_player() == observer:
            assert det.legal_actions() == game.legal_actions()
        changed += det.hands != game.hands or det.deck != game.deck
        checked += 1
        if not det.is_terminal():
            play_out(det, np.random.default_rng(i))  # a determinization is playable
    assert changed > checked // 2


def test_the_encoders_numpy_mirrors_follow_the_layout_lists():
    """The engine keeps numpy copies of cards/openings for the encoder; over random
    play, clones and round trips they must equal the lists the rules read."""
    from labyrinth_gym.envs.labyrinth_cards.engine.game import LabyrinthCardsGame

    rng = np.random.default_rng(5)
    for seed in range(6):
        game = new_game(seed, variant=("official", "caffeinated", "steroids")[seed % 3],
                        num_players=2 + seed % 3)
        while not game.is_terminal():
            for g in (game, game.clone(), LabyrinthCardsGame.from_dict(game.to_dict())):
                assert g.card_np.tolist() == g.card_at
                assert g.open_np.tolist() == g.open_at
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
