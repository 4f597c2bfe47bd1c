"""The Arcane Labyrinth's Gymnasium face (env.py, encoding.py, render.py on the core
adapters).

``check_env`` on ``ArcaneLabyrinth-v8``, observations in shape and bounds, seeded
determinism, the per-episode kit and Labyrinth draw, the deck kwargs, the
illegal-action contract, the ansi table, and the Arcane block's features read back
against the game (the shop, shop payment, the boss, the Labyrinth's zones, the
encounter and the kit one-hots).
"""

from __future__ import annotations

import functools
import importlib
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import labyrinth_gym.envs  # noqa: F401  (registers the Gymnasium ids)
from labyrinth_gym.envs import game_spec
from labyrinth_gym.envs.arcane_labyrinth import SPEC, ArcaneLabyrinthEnv
from labyrinth_gym.envs.arcane_labyrinth import encoding as E
from labyrinth_gym.envs.arcane_labyrinth.engine.decks import heroes, labyrinths
from labyrinth_gym.envs.arcane_labyrinth.engine.game import HERO, LAB, ArcaneGame
from labyrinth_gym.envs.arcane_labyrinth.env import make_game
from labyrinth_gym.envs.arcane_labyrinth.render import render_text
from labyrinth_gym.envs.magic import encoding as M
from labyrinth_gym.envs.magic.encoding import card_features
from labyrinth_gym.envs.magic.engine import actions as A

ENV_ID = "labyrinth_gym/ArcaneLabyrinth-v8"
DECKS = {"hero": "white_knight", "labyrinth": "goblin_warrens"}


def make_env(**kwargs):
    return gymnasium.make(ENV_ID, **{**DECKS, **kwargs})


@functools.cache
def random_states(games: int = 12, seed: int = 0) -> tuple[ArcaneGame, ...]:
    """Clones of every decision state of ``games`` random games (kits drawn)."""
    out = []
    for g in range(games):
        rng = np.random.default_rng([seed, g])
        game = make_game(np.random.default_rng([seed, g, 1]))
        while not game.is_terminal():
            out.append(game.clone())
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
        out.append(game)
    return tuple(out)


def play(env, seed: int, steps: int, policy_seed: int = 0):
    """``steps`` random masked steps from ``reset(seed)``, resetting on episode end;
    the observations, rewards and every game's events."""
    rng = np.random.default_rng(policy_seed)
    obs, info = env.reset(seed=seed)
    observations, rewards, events = [obs], [], []
    for _ in range(steps):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(
            int(legal[rng.integers(len(legal))]))
        observations.append(obs)
        rewards.append(reward)
        if terminated or truncated:
            events.append(list(env.unwrapped.game.events))
            obs, info = env.reset()
            observations.append(obs)
    events.append(list(env.unwrapped.game.events))
    return np.array(observations), rewards, events


# ------------------------------------------------------------- API checkers
def test_gymnasium_check_env():
    env = make_env().unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)
    rendered = make_env(render_mode="ansi").unwrapped
    check_env(rendered, skip_render_check=False)


def test_spec_spaces_and_registration():
    assert game_spec("arcane_labyrinth") is SPEC
    assert SPEC.cooperative and SPEC.num_players() == 2
    assert SPEC.num_actions == A.NUM_ACTIONS == 675
    assert E.OBS_SIZE == M.OBS_SIZE + E.ARCANE_SIZE + 5 * (1 + M.CARD_SIZE)
    arcane_env = importlib.import_module("labyrinth_gym.envs.arcane_labyrinth.env")
    assert f"Box(-1, 1, ({E.OBS_SIZE},), float32)" in arcane_env.__doc__
    assert f"Discrete({A.NUM_ACTIONS})" in arcane_env.__doc__
    env = make_env()
    assert isinstance(env.unwrapped, ArcaneLabyrinthEnv)
    assert env.observation_space == gymnasium.spaces.Box(-1, 1, (E.OBS_SIZE,), np.float32)
    assert env.action_space == gymnasium.spaces.Discrete(A.NUM_ACTIONS)
    # the one-hots keep the v3 decks (a kit or Labyrinth shipped since is "other")
    assert E.HERO_KITS == ("black_necromancer", "red_green_warlord", "white_knight")
    assert E.LABYRINTHS == ("drowned_crypt", "goblin_warrens")
    assert set(E.HERO_KITS) < set(heroes()) and set(E.LABYRINTHS) < set(labyrinths())


def test_observations_in_shape_and_bounds_over_random_masked_steps():
    env = make_env(hero=None, labyrinth=None)
    rng = np.random.default_rng(1)
    obs, info = env.reset(seed=1)
    episodes = 0
    for _ in range(400):
        assert obs.shape == (E.OBS_SIZE,) and obs.dtype == np.float32
        assert np.isfinite(obs).all() and obs.min() >= -1.0 and obs.max() <= 1.0
        game = env.unwrapped.game
        assert game.current_player() in (HERO, -1)
        assert np.array_equal(info["action_mask"].astype(bool),
                              env.unwrapped.action_masks())
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal)
        obs, reward, terminated, truncated, info = env.step(
            int(legal[rng.integers(len(legal))]))
        assert reward in (0.0, 1.0, -1.0)
        assert reward == 0.0 or terminated or truncated
        if terminated or truncated:
            assert obs.min() >= -1.0 and obs.max() <= 1.0
            episodes += 1
            obs, info = env.reset()
    assert episodes >= 2


# ----------------------------------------------------------- determinism
def test_same_seed_same_trajectory_and_other_seeds_differ():
    env = make_env()
    obs_a, rew_a, ev_a = play(env, seed=7, steps=150)
    obs_b, rew_b, ev_b = play(make_env(), seed=7, steps=150)
    assert np.array_equal(obs_a, obs_b) and rew_a == rew_b and ev_a == ev_b
    obs_c, _, ev_c = play(env, seed=8, steps=150)
    assert ev_c != ev_a
    assert obs_c.shape != obs_a.shape or not np.array_equal(obs_c, obs_a)


def test_default_kits_are_drawn_per_episode_and_shown_in_the_one_hots():
    env = gymnasium.make(ENV_ID)
    drawn = set()
    for seed in range(10):
        obs, _ = env.reset(seed=seed)
        game = env.unwrapped.game
        drawn.add((game.hero_kit, game.labyrinth_name))
        view = E.ArcaneObs(obs)
        kits = [view.get(f"kit_{k}") for k in (*E.HERO_KITS, "other")]
        labs = [view.get(f"labyrinth_{k}") for k in (*E.LABYRINTHS, "other")]
        assert sum(kits) == 1 and kits[E.HERO_KITS.index(game.hero_kit)] == 1
        assert sum(labs) == 1 and labs[E.LABYRINTHS.index(game.labyrinth_name)] == 1
        assert game.hero_kit in heroes() and game.labyrinth_name in labyrinths()
        again, _ = env.reset(seed=seed)
        assert np.array_equal(obs, again)
    assert len({k for k, _ in drawn}) >= 2 and len({lab for _, lab in drawn}) >= 2


def test_decks_by_name_and_by_file(tmp_path):
    from importlib import resources

    text = resources.files("labyrinth_gym.envs.arcane_labyrinth").joinpath(
        "data", "heroes", "black_necromancer.txt").read_text(encoding="utf-8")
    path = tmp_path / "my_kit.txt"
    path.write_text(text)
    env = gymnasium.make(ENV_ID, hero=str(path), labyrinth="drowned_crypt")
    obs, _ = env.reset(seed=0)
    game = env.unwrapped.game
    assert game.hero_kit == "my_kit" and game.labyrinth_name == "drowned_crypt"
    view = E.ArcaneObs(obs)
    assert view.get("kit_other") == 1 and view.get("labyrinth_drowned_crypt") == 1
    # a deck shipped after the v3 observation was fixed plays by name, as "other"
    env = gymnasium.make(ENV_ID, hero="blue_drake_tempest", labyrinth="vampire_court")
    obs, _ = env.reset(seed=0)
    view = E.ArcaneObs(obs)
    assert view.get("kit_other") == 1 and view.get("labyrinth_other") == 1


@pytest.mark.parametrize("kwargs, message", [
    ({"hero": "purple_wizard"},
     r"Hero kit 'purple_wizard'.*black_necromancer, blue_drake_tempest, red_green_warlord, "
     r"white_knight"),
    ({"labyrinth": "nowhere"},
     r"Labyrinth 'nowhere'.*drowned_crypt, elven_wilds, goblin_warrens, vampire_court"),
    ({"render_mode": "human"}, "render_mode"),
])
def test_bad_kwargs_fail_at_construction(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ArcaneLabyrinthEnv(**{**DECKS, **kwargs})
    if "render_mode" not in kwargs:
        with pytest.raises(ValueError, match=message):
            make_env(**kwargs)


# -------------------------------------------------------- illegal actions
def test_an_illegal_action_ends_the_episode_with_the_penalty():
    env = make_env()
    _, info = env.reset(seed=0)
    mask = info["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    obs, reward, terminated, truncated, info = env.step(bad)
    assert reward == -1.0 and terminated and not truncated
    assert info["illegal_action"]["action"] == bad
    assert sorted(info["illegal_action"]["legal"]) == [int(a) for a in np.flatnonzero(mask)]
    assert obs.shape == (E.OBS_SIZE,)
    with pytest.raises(RuntimeError):
        env.step(int(np.flatnonzero(mask)[0]))


# ------------------------------------------------------------------ render
def test_ansi_render_shows_the_round_and_the_hero():
    env = make_env(render_mode="ansi")
    env.reset(seed=0)
    game = env.unwrapped.game
    text = env.render()
    hero = game.name_of(game.hero_card)
    assert "round 0" in text and hero in text and "Player 0" in text
    for state in random_states()[:300:25]:
        text = render_text(state)
        assert f"round {state.round}" in text
        assert state.name_of(state.hero_card) in text
        assert state.name_of(state.boss_card) in text


# ---------------------------------------------------------------- features
def check_static_features(game: ArcaneGame, obs: np.ndarray) -> None:
    view = E.ArcaneObs(obs)
    assert view.get("lab_library") == pytest.approx(game.lab_library_size() / 100)
    assert view.get("lab_graveyard") == pytest.approx(len(game.graveyard[LAB]) / 100)
    assert view.get("lab_turn") == (game.active == LAB)
    assert view.get("round") == pytest.approx(min(game.round / E.ROUND_SCALE, 1))
    assert view.get("hero_exhausted") == game.hero_exhausted
    assert view.get("shop_size") == pytest.approx(min(len(game.shop) / 14, 1))
    assert view.hero_present == 1 and view.boss_present == 1
    assert np.array_equal(view.hero, card_features(game.cdef(game.hero_card)))
    assert np.array_equal(view.boss, card_features(game.cdef(game.boss_card)))
    roll = game.last_encounter
    bucket = ("none" if roll == 0 else "tragic_failure" if roll <= 6 else
              "evaded" if roll <= 15 else "loot" if roll <= 19 else "mythic")
    assert view.get(f"encounter_{bucket}") == 1
    assert sum(view.get(f"encounter_{e}") for e in E.ENCOUNTERS) == 1
    kind = None if game.is_terminal() else game.decision["kind"]
    for d in ("shop", "shop_land", "encounter_discard", "encounter_sacrifice"):
        assert view.get(f"decision_{d}") == (kind == d)
    assert view.decision() == kind
    if kind is not None and kind not in E._DECISION:
        # a Magic decision: the Magic block is the Magic encoder's own
        assert np.array_equal(obs[:E.MAGIC_OBS_SIZE], M.encode(game, HERO))


def test_features_match_the_game_over_random_states():
    states = random_states()
    kinds = set()
    for game in states:
        kinds.add(None if game.is_terminal() else game.decision["kind"])
        check_static_features(game, E.encode(game, 0))
    assert {"mulligan", "priority", "attack", "shop"} <= kinds


def test_shop_rows_hold_the_revealed_cards_and_payment_progress():
    shop = next(g for g in random_states() if not g.is_terminal()
                and g.decision["kind"] == "shop")
    obs = E.encode(shop)
    view = E.ArcaneObs(obs)
    assert view.get("decision_shop") == 1 and view.magic.decision() is None
    assert view.magic.g[M.GLOBAL["to_act"]] == 1
    for i in range(3):
        if i < len(shop.shop_reveal):
            assert view.shop_present[i] == 1
            assert np.array_equal(view.shop[i],
                                  card_features(shop.cdef(shop.shop_reveal[i])))
        else:
            assert view.shop_present[i] == 0 and not view.shop[i].any()
    # buy the priciest affordable card and pay one land at a time
    buys = [a for a in shop.legal_actions() if a != A.DONE]
    assert buys, "the first shop of these seeds offers an affordable card"
    game = shop.clone()
    item = max(buys, key=lambda a: game.cdef(game.shop_reveal[A.decode(a)[1][0]])
               .mana_value)
    i = A.decode(item)[1][0]
    mv = game.cdef(game.shop_reveal[i]).mana_value
    assert mv >= 2  # so the payment is seen part-way
    game.apply_action(item)
    for paid in range(mv):
        assert game.decision["kind"] == "shop_land"
        view = E.ArcaneObs(E.encode(game))
        assert view.get("decision_shop_land") == 1 and view.get(f"buying_{i}") == 1
        assert view.get("lands_chosen") == pytest.approx(paid / mv)
        chosen_slots = {game.battlefield[p].slot for p in game.decision["chosen"]}
        flags = view.magic.perm[:, M.PERM["chosen"]]
        assert set(np.flatnonzero(flags)) == chosen_slots
        game.apply_action(game.legal_actions()[0])
    view = E.ArcaneObs(E.encode(game))
    assert view.get("decision_shop_land") == 0 and not view.shop_present.any()


def test_boss_features_once_it_arrives():
    game = ArcaneGame.empty(0)
    game.set_hero("Syr Alin, the Lion's Claw")
    boss = game.set_boss("Rorix Bladewing")
    for _ in range(10):
        game.add_card("Plains", HERO, "library")
    game.add_shop("Bonesplitter")
    view = E.ArcaneObs(E.encode(game))
    assert view.get("boss_arrived") == 0 and view.get("kit_other") == 1
    game.start_round(5, LAB, "draw")  # an empty library: the boss is revealed
    view = E.ArcaneObs(E.encode(game))
    assert game.boss_pid in game.battlefield
    assert view.get("boss_arrived") == 1 and view.get("boss_on_battlefield") == 1
    assert view.get("boss_buff") == 1.0  # +10/+10 in round 9 or earlier
    assert view.get("lab_library") == 0 and view.get("lab_turn") == 1
    assert np.array_equal(view.boss, card_features(game.cdef(boss)))
    assert view.get("shop_size") == 0  # the boss took the Bonesplitter
