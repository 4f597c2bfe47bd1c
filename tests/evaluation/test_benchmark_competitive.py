"""The agents benchmark: every game's agents get a row; on a competitive game every
agent plays random, seats rotated, two players; search within its per-game budget; a
missing checkpoint is a row. One tiny run serves every test here (it plays games of
every game with every agent, so it is run once)."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs import game_names
from labyrinth_gym.evaluation import speed
from labyrinth_gym.evaluation.speed import AgentBudget, benchmark_agents


@pytest.fixture(scope="module")
def rows(request):
    """One tiny benchmark run, with every game's search made tiny too (the smallest
    budget that still searches: the shipped ones take seconds to minutes a game)."""
    patch = pytest.MonkeyPatch()
    patch.setitem(
        speed.AGENT_BUDGETS,
        "labyrinth_cards/search",
        AgentBudget(1, {"simulations": 2, "rollout_depth": 5}),
    )
    patch.setitem(
        speed.AGENT_BUDGETS,
        "dungeon_crawler/search",
        AgentBudget(1, {"simulations": 1, "rollout_depth": 2}),
    )
    patch.setitem(
        speed.AGENT_BUDGETS,
        "mazerunner/search",
        AgentBudget(1, {"simulations": 1, "rollout_depth": 2}),
    )
    for aid in ("magic/search", "arcane_labyrinth/search"):
        patch.setitem(speed.AGENT_BUDGETS, aid,
                      AgentBudget(1, {"simulations": 1, "rollout_depth": 2}))
    request.addfinalizer(patch.undo)
    return benchmark_agents(games=4, seed=3, search_games=3, workers=1)


def by_agent(rows):
    return {r["agent"]: r for r in rows}


def test_benchmark_agents_rows_and_a_reason_for_missing_agents(rows):
    by_agent_id = by_agent(r for r in rows if not r["note"].startswith("head to head"))
    assert {"maze_party/random", "maze_party/heuristic", "maze_party/search"} <= set(
        by_agent_id
    )
    assert {r["game"] for r in rows} == set(game_names())  # every game has its rows
    assert by_agent_id["maze_party/random"]["games"] == 4
    assert by_agent_id["maze_party/search"]["games"] == 3
    assert "seeds 3..5" in by_agent_id["maze_party/search"]["note"]
    for row in rows:
        if row["games"]:
            assert 0.0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1.0
        else:  # e.g. no ppo checkpoint yet: a row that says why, not a crash
            assert row["note"].startswith("not evaluated")


def test_card_game_agents_play_random_two_players_seats_rotated(rows):
    cards = by_agent(r for r in rows if r["game"] == "labyrinth_cards"
                     and not r["note"].startswith("head to head"))
    assert {"labyrinth_cards/random", "labyrinth_cards/heuristic"} <= set(cards)
    heuristic = cards["labyrinth_cards/heuristic"]
    assert heuristic["games"] == 4
    assert heuristic["note"].startswith("vs random, 2 players, caffeinated")
    assert "seats rotated" in heuristic["note"] and "seeds 3..6" in heuristic["note"]
    assert 0.0 <= heuristic["ci_low"] <= heuristic["win_rate"] <= heuristic["ci_high"]
    baseline = cards["labyrinth_cards/random"]
    assert baseline["note"].startswith("baseline: random vs random, 2 players")
    assert baseline["games"] == 4


def test_search_keeps_to_the_games_budget_and_its_kwargs(rows):
    search = by_agent(rows)["labyrinth_cards/search"]
    assert search["games"] == 1  # the budget caps search_games=3
    assert "vs random, 2 players" in search["note"]
    assert "simulations=2" in search["note"] and "rollout_depth=5" in search["note"]
    # Cooperative games are untouched: the maze party's search plays search_games.
    maze = by_agent(rows)["maze_party/search"]
    assert maze["games"] == 3 and "vs random" not in maze["note"]


def test_the_learned_agent_meets_the_heuristic_head_to_head(rows):
    cards = [r for r in rows if r["game"] == "labyrinth_cards"]
    h2h = [r for r in cards if r["note"].startswith("head to head")]
    ppo = by_agent(cards)["labyrinth_cards/ppo"]
    if ppo["games"] == 0:  # no loadable checkpoint: no head-to-head row either
        assert h2h == []
        return
    (row,) = h2h
    assert row["agent"] == "labyrinth_cards/ppo" and row["games"] == 4
    assert row["note"].startswith("head to head: vs heuristic, 2 players, caffeinated")
    assert "seats rotated" in row["note"] and "seeds 3..6" in row["note"]
    assert 0.0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"]
    # The maze party is cooperative: no head-to-head row.
    assert not any(r["note"].startswith("head to head") for r in rows
                   if r["game"] == "maze_party")


def test_a_missing_checkpoint_is_a_row_not_a_crash(rows):
    ppo = by_agent(r for r in rows if not r["note"].startswith("head to head"))[
        "labyrinth_cards/ppo"]
    if ppo["games"] == 0:
        assert ppo["note"].startswith("not evaluated")
    else:  # a checkpoint has shipped
        assert ppo["note"].startswith("vs random, 2 players")


def test_the_plan_applies_the_budget_only_where_one_is_set():
    plan = {aid: (n, kw) for aid, n, kw in speed._agent_plan("labyrinth_cards", 500, 30)}
    search = speed.AGENT_BUDGETS["labyrinth_cards/search"]
    assert plan["labyrinth_cards/search"] == (min(30, search.games), search.kwargs)
    learned = speed.AGENT_BUDGETS["labyrinth_cards/ppo"]
    assert plan["labyrinth_cards/ppo"] == (min(500, learned.games), {})
    assert plan["labyrinth_cards/heuristic"] == (500, {})
    maze = {aid: (n, kw) for aid, n, kw in speed._agent_plan("maze_party", 50, 30)}
    assert maze["maze_party/search"] == (30, {}) and maze["maze_party/ppo"] == (50, {})
