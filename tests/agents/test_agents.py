"""Agents: the registry, and the random, heuristic and search agents of the maze party.

(The shipped PPO checkpoint has its own tests.)
"""

from __future__ import annotations

import json

import gymnasium
import numpy as np
import pytest

import labyrinth_gym.envs  # noqa: F401  (registers the Gymnasium ids)
from labyrinth_gym.agents import (
    Agent,
    MazePartyHeuristic,
    RandomAgent,
    SearchAgent,
    UnknownAgentError,
    make,
    registered,
)
from labyrinth_gym.envs.maze_party.encoding import encode
from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine import combat
from labyrinth_gym.envs.maze_party.engine.cards import (
    DEAD_END,
    KNOWN,
    MONSTER,
    RIGHT_PATH,
    ROOM,
)
from labyrinth_gym.envs.maze_party.engine.data import monsters
from labyrinth_gym.envs.maze_party.engine.game import (
    CHOOSE,
    COMBAT,
    ELEMENTARY,
    MAP,
    SCOUT_CHOICE,
    MazePartyGame,
)

ENV_ID = "labyrinth_gym/MazeParty-v1"
MAZES = ["enchanted_forest", "goblin_warren", "sunken_catacombs"]


# -------------------------------------------------------------- registry
def test_registry_knows_the_maze_party_agents():
    ids = registered("maze_party")
    for name in ("random", "heuristic", "search"):
        assert f"maze_party/{name}" in ids
    assert set(ids) <= set(registered())


@pytest.mark.parametrize(
    "agent_id, cls, needs_game",
    [("maze_party/random", RandomAgent, False),
     ("maze_party/heuristic", MazePartyHeuristic, False),
     ("maze_party/search", SearchAgent, True)],
)
def test_make_builds_each_agent(agent_id, cls, needs_game):
    agent = make(agent_id, seed=1)
    assert isinstance(agent, cls) and isinstance(agent, Agent)
    assert agent.name == agent_id
    assert agent.needs_game is needs_game


def test_make_passes_kwargs_through():
    agent = make("maze_party/search", simulations=3, rollout_depth=7)
    assert (agent.simulations, agent.rollout_depth) == (3, 7)


def test_unknown_game_lists_the_known_games():
    with pytest.raises(UnknownAgentError, match="maze_party") as info:
        make("chess/random")
    assert isinstance(info.value, ValueError)
    assert "chess" in str(info.value)


def test_unknown_agent_lists_the_known_agents():
    with pytest.raises(UnknownAgentError) as info:
        make("maze_party/alphazero")
    message = str(info.value)
    assert "alphazero" in message
    for known in ("maze_party/random", "maze_party/heuristic", "maze_party/search"):
        assert known in message


def test_an_id_without_a_slash_is_rejected():
    with pytest.raises(UnknownAgentError, match="<game>/<name>"):
        make("heuristic")


# ----------------------------------------------------- legal everywhere
def positions(games: int, every: int = 1):
    """``(game, observation, mask)`` along random games of every maze and size."""
    for g in range(games):
        rng = np.random.default_rng(g)
        game = MazePartyGame.new(g, maze=MAZES[g % 3], party=1 + g % 6)
        step = 0
        while not game.is_terminal():
            if step % every == 0:
                yield game, encode(game, game.active), game.legal_mask()
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
            step += 1


@pytest.mark.parametrize("agent_id", ["maze_party/random", "maze_party/heuristic"])
def test_observation_agents_always_pick_a_legal_action(agent_id):
    agent = make(agent_id, seed=0)
    agent.reset(seed=0)
    phases = set()
    count = 0
    for game, obs, mask in positions(150):
        action = agent.act(obs, mask)
        assert isinstance(action, int)
        assert action in game.legal_actions(), (game.phase, action, game.legal_actions())
        phases.add(game.phase)
        count += 1
    assert count > 3000
    assert {CHOOSE, COMBAT, ELEMENTARY, MAP, SCOUT_CHOICE} <= phases


def test_search_agent_picks_legal_actions_from_the_players_view():
    agent = make("maze_party/search", simulations=6, seed=0)
    count = 0
    for game, obs, mask in positions(12, every=4):
        view = game.determinize(game.current_player(), np.random.default_rng(count))
        before = json.dumps(view.to_dict(), sort_keys=True)
        action = agent.act(obs, mask, game=view)
        assert action in game.legal_actions()
        assert json.dumps(view.to_dict(), sort_keys=True) == before  # view untouched
        count += 1
    assert count > 50


def test_search_agent_requires_the_game_view():
    game = MazePartyGame.new(0)
    agent = make("maze_party/search")
    with pytest.raises(ValueError, match="player_view"):
        agent.act(encode(game, 0), game.legal_mask())


def test_search_agent_rejects_a_zero_budget():
    with pytest.raises(ValueError, match="simulations"):
        SearchAgent(simulations=0)


def test_random_agent_is_seeded_and_rejects_an_empty_mask():
    game = MazePartyGame.new(0)
    mask = game.legal_mask()
    a, b = RandomAgent(seed=5), RandomAgent(seed=5)
    picks = [a.act(None, mask) for _ in range(50)]
    assert picks == [b.act(None, mask) for _ in range(50)]
    assert len(set(picks)) > 1
    a.reset(seed=5)
    assert [a.act(None, mask) for _ in range(50)] == picks
    with pytest.raises(ValueError, match="no legal action"):
        a.act(None, np.zeros(A.NUM_ACTIONS, dtype=np.int8))


def test_search_agent_is_seeded():
    game = MazePartyGame.new(3)
    view = game.determinize(0, np.random.default_rng(0))
    mask = game.legal_mask()
    picks = [make("maze_party/search", simulations=12, seed=4).act(None, mask, game=view)
             for _ in range(3)]
    assert len(set(picks)) == 1


# ------------------------------------------------ the heuristic's choices
def _obs(game: MazePartyGame):
    game._legal = None
    return encode(game, game.active), game.legal_mask()


def test_heuristic_takes_a_known_right_path_over_the_unknown(position):
    game = position(deck=[ROOM] * 6, river=[MONSTER, RIGHT_PATH, DEAD_END])
    game.apply_action(A.PASS)
    game.piles.river_known = [False, True, False]  # e.g. scouted earlier
    assert make("maze_party/heuristic").act(*_obs(game)) == A.SLOT + 1


def test_heuristic_prefers_the_scouted_right_path_to_a_revealed_monster(position):
    game = position(deck=[ROOM, ROOM, RIGHT_PATH], river=[MONSTER, ROOM, ROOM], dice=[20])
    game.apply_action(A.USE_DEX)
    game.apply_action(A.SLOT + 0)
    assert game.phase == SCOUT_CHOICE
    assert make("maze_party/heuristic").act(*_obs(game)) == A.DECK


def test_heuristic_buries_the_monster_with_its_elementary(position):
    game = position(deck=[ROOM, RIGHT_PATH, MONSTER, ROOM], river=[ROOM] * 3, dice=[20])
    game.apply_action(A.USE_INT)
    assert game.elementary == [ROOM, MONSTER, RIGHT_PATH]
    assert make("maze_party/heuristic").act(*_obs(game)) == A.BOTTOM + 1


def test_heuristic_puts_the_better_card_on_top_with_a_map(position):
    game = position(deck=[ROOM, RIGHT_PATH, MONSTER], river=[ROOM, ROOM, ROOM])
    game.phase = MAP
    game.piles.deck_known[-2:] = [KNOWN, KNOWN]
    assert make("maze_party/heuristic").act(*_obs(game)) == A.MAP_SWAP
    game.piles.deck[-2:] = [MONSTER, RIGHT_PATH]
    assert make("maze_party/heuristic").act(*_obs(game)) == A.MAP_KEEP


def test_heuristic_gives_a_potion_to_a_dying_member_in_a_fight(position):
    game = position(party=("fighter", "rogue"))
    game.combat = combat.Encounter(monsters()["minotaur"], [0, 1, -1], 2)
    game.phase, game.active = COMBAT, 0
    game.potions = 1
    game.hp = [28, 3]
    assert make("maze_party/heuristic").act(*_obs(game)) == A.POTION + 1
    game.hp = [28, 21]
    assert make("maze_party/heuristic").act(*_obs(game)) == A.ATTACK


# ---------------------------------------------------------- playing strength
def win_rate(agent, seeds, *, with_view: bool = False, **env_kwargs) -> float:
    env = gymnasium.make(ENV_ID, **env_kwargs).unwrapped
    wins = 0
    for seed in seeds:
        obs, info = env.reset(seed=seed)
        agent.reset(seed=seed)
        done = False
        while not done:
            view = env.player_view() if with_view else None
            action = agent.act(obs, info["action_mask"], game=view)
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert "illegal_action" not in info
        wins += reward > 0
    return wins / len(seeds)


def test_heuristic_wins_clearly_more_than_random():
    seeds = range(300)
    random_rate = win_rate(make("maze_party/random"), seeds)
    heuristic_rate = win_rate(make("maze_party/heuristic"), seeds)
    assert heuristic_rate >= random_rate + 0.2, (heuristic_rate, random_rate)


def test_search_wins_more_than_random():
    seeds = range(1000, 1040)
    random_rate = win_rate(make("maze_party/random"), seeds)
    search_rate = win_rate(make("maze_party/search", simulations=8), seeds, with_view=True)
    assert search_rate > random_rate + 0.05, (search_rate, random_rate)
