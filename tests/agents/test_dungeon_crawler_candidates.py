"""The ``dungeon_crawler/candidates`` interface: it reads the acting seat's view; slot 0 is
the rule-based player's move, so always choosing it replays the heuristic's game; every
candidate is a distinct legal move; the decisions outside :data:`CHOSEN` are ruled."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from labyrinth_gym.agents import DungeonCrawlerHeuristic, make, make_interface
from labyrinth_gym.agents.dungeon_crawler_candidates import (
    CAND_FEATURES,
    CHOSEN,
    GLOBAL_FEATURES,
    DungeonCrawlerCandidates,
    K,
)
from labyrinth_gym.agents.interface import prepare
from labyrinth_gym.envs.dungeon_crawler import DungeonCrawlerEnv
from labyrinth_gym.envs.dungeon_crawler.encoding import encode
from labyrinth_gym.envs.dungeon_crawler.engine.game import new_game

KW = {"num_players": 3, "max_rounds": 12}


def test_registered_with_its_sizes_and_it_needs_the_game():
    iface = make_interface("dungeon_crawler", "candidates")
    assert isinstance(iface, DungeonCrawlerCandidates) and iface.needs_game
    assert iface.num_choices == K
    assert iface.observation_size == GLOBAL_FEATURES + K * CAND_FEATURES
    game = new_game(0)
    with pytest.raises(ValueError, match="reads the game"):
        prepare(iface, encode(game, 0), game.legal_mask())


def opponents():
    return [make("dungeon_crawler/heuristic"), make("dungeon_crawler/heuristic")]


def test_always_slot_zero_replays_the_heuristic_game():
    for seed in range(2):
        plain = DungeonCrawlerEnv(opponents=opponents(), learner_seat=0, **KW)
        obs, info = plain.reset(seed=seed)
        hero = DungeonCrawlerHeuristic()
        done = False
        while not done:
            view = plain.player_view()
            obs, r1, t, tr, info = plain.step(hero.act(obs, info["action_mask"], game=view))
            done = t or tr
        through = DungeonCrawlerEnv(opponents=opponents(), learner_seat=0,
                                    interface=DungeonCrawlerCandidates(), **KW)
        through.reset(seed=seed)
        done = False
        while not done:
            _, r2, t, tr, _ = through.step(0)
            done = t or tr
        assert through.game.events == plain.game.events
        assert r1 == r2


def test_candidates_are_distinct_legal_moves_and_other_decisions_are_ruled():
    iface = DungeonCrawlerCandidates()
    rng = np.random.default_rng(0)
    asked = ruled = 0
    kinds = set()
    for seed in range(3):
        game = new_game(seed, **KW)
        while not game.is_terminal() and game.turn < 60:
            p = game.current_player()
            mask = game.legal_mask()
            view = game.determinize(p, rng)
            d = iface.prepare(encode(game, p), mask, game=view)
            legal = game.legal_actions()
            if d.ruled is not None:
                ruled += 1
                assert d.ruled in legal
                action = d.ruled
            else:
                asked += 1
                kinds.add(game.decision["kind"])
                assert game.decision["kind"] in CHOSEN and len(legal) > 1
                assert d.observation.shape == (iface.observation_size,)
                assert 0.0 <= d.observation.min() and d.observation.max() <= 1.0
                n = int(d.mask.sum())
                assert d.mask[:n].all() and not d.mask[n:].any()
                assert len(set(d.actions)) == len(d.actions) == n
                assert set(d.actions) <= set(legal)
                action = d.action(int(rng.integers(n)))
            game.apply_action(action)
    assert asked > 50 and ruled > 20
    assert {"pair", "move", "place_tile", "spawn_square"} <= kinds


def test_card_windows_are_ruled_by_the_heuristic():
    """A card window in another player's activation is the rule-based player's (it
    passes unless equipment or healing helps), never a choice for the policy."""
    from labyrinth_gym.envs.dungeon_crawler.engine import actions as A

    assert "card_window" not in CHOSEN
    iface = DungeonCrawlerCandidates()
    game = new_game(0, **KW)
    rng = np.random.default_rng(0)
    windows = 0
    while not game.is_terminal() and windows < 5:
        p = game.current_player()
        if game.decision["kind"] == "card_window":
            d = iface.prepare(encode(game, p), game.legal_mask(), game=game)
            assert d.ruled == A.DONE or game.action_to_string(d.ruled).startswith("play")
            windows += 1
        legal = game.legal_actions()
        game.apply_action(legal[int(rng.integers(len(legal)))])
    assert windows == 5


def test_env_through_the_interface_passes_check_env():
    env = DungeonCrawlerEnv(interface=DungeonCrawlerCandidates(), **KW)
    check_env(env, skip_render_check=True)


def test_move_candidates_carry_the_threat_of_their_square_and_include_safe_ones():
    from labyrinth_gym.agents.dungeon_crawler import expected_wounds
    from labyrinth_gym.agents.dungeon_crawler_candidates import N_CARDS, _Context
    from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
    from labyrinth_gym.envs.dungeon_crawler.engine.data import monster
    from labyrinth_gym.envs.dungeon_crawler.engine.game import DungeonCrawlerGame

    game = DungeonCrawlerGame.empty(0)
    for slot in ((1, 0), (0, 1)):
        game.place_tile("hall", slot)
    hero = game.add_adventurer(0, "Dwarf Warrior", (1, 1))
    game.add_monster(1, "Skeleton", (1, 5))  # MV 4, melee
    game.start(0, steps=("adventurer",))
    game.apply_action(A.pair(1))
    ctx = _Context(game)
    hit = expected_wounds(monster("Skeleton").att, 0, game.defence(hero, "melee"))
    assert hit > 0
    assert ctx.threat((2, 5)) == (pytest.approx(hit), 0.0)  # next to the skeleton
    assert ctx.threat((1, 1)) == (0.0, pytest.approx(hit))  # 4 king steps: one move
    assert ctx.threat((7, 2)) == (0.0, 0.0)  # 6 king steps: out of its reach
    assert ctx.threat_features((2, 5))[2] == 0.0
    game.figures[hero].wounds = game.bp(hero) - 1  # one wound from death
    assert ctx.threat_features((2, 5))[2] == (1.0 if hit >= 1 else 0.0)
    game.figures[hero].wounds = 0

    d = DungeonCrawlerCandidates().prepare(encode(game, 0), game.legal_mask(), game=game)
    legal = {A.decode(a)[1] for a in game.legal_actions() if A.decode(a)[0] == "square"}
    offered = [A.decode(a)[1] for a in d.actions if A.decode(a)[0] == "square"]
    assert min(ctx.danger(sq) for sq in offered) == min(ctx.danger(sq) for sq in legal)
    for slot, a in enumerate(d.actions):
        if A.decode(a)[0] != "square":
            continue
        row = d.observation[GLOBAL_FEATURES + slot * CAND_FEATURES:][:CAND_FEATURES]
        now, soon = ctx.threat(A.decode(a)[1])
        threat = row[CAND_FEATURES - N_CARDS - 3:CAND_FEATURES - N_CARDS]
        assert threat[:2] == pytest.approx([min(now / 4, 1), min(soon / 4, 1)])


def test_start_and_respawn_squares_are_the_policys_with_every_point_offered():
    """Version 3: the start square and a re-spawn die's choice (a 5, or a 6 whose point
    is taken) are asked of the policy, every free point a candidate with its way to the
    chest, the heuristic's pick in slot 0."""
    iface = DungeonCrawlerCandidates()
    heuristic = DungeonCrawlerHeuristic()
    rng = np.random.default_rng(1)
    seen = set()
    for seed in range(40):
        game = new_game(seed, num_players=4, max_rounds=30)
        while not game.is_terminal() and seen != {"choose_start", "respawn_square"}:
            p = game.current_player()
            view = game.determinize(p, rng)
            kind = game.decision["kind"]
            d = iface.prepare(encode(game, p), game.legal_mask(), game=view)
            legal = game.legal_actions()
            if kind in ("choose_start", "respawn_square") and len(legal) > 1:
                seen.add(kind)
                assert d.ruled is None and sorted(d.actions) == sorted(legal)
                assert d.actions[0] == heuristic.act(encode(game, p), game.legal_mask(),
                                                     game=view)
                assert d.observation[CHOSEN.index(kind)] == 1.0
                ways = [d.observation[GLOBAL_FEATURES + s * CAND_FEATURES + 3 + 10 + 5]
                        for s in range(len(legal))]
                assert all(0.0 < w <= 1.0 for w in ways)  # a spawn point is off the chest
                game.apply_action(d.action(int(rng.integers(len(legal)))))
            else:
                game.apply_action(d.ruled if d.ruled is not None else d.actions[0])
        if seen == {"choose_start", "respawn_square"}:
            break
    assert seen == {"choose_start", "respawn_square"}
