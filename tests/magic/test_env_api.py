"""The Magic free-for-all's Gymnasium and PettingZoo faces (env.py, encoding.py,
render.py on the core adapters).

PettingZoo's ``api_test`` and ``seed_test`` for 2, 3 and 4 players, ``check_env`` on
``MagicDuel-v8``, the deck kwargs, the illegal-action contract, observer-relative
observations that never show another seat's hand or any library, card features from
the compiled tree, and the ansi table.
"""

from __future__ import annotations

import functools
import importlib
import re
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import labyrinth_gym.envs  # noqa: F401  (registers the Gymnasium ids)
from labyrinth_gym.envs import magic
from labyrinth_gym.envs.core.engine import IllegalActionError
from labyrinth_gym.envs.magic import encoding as E
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.decklist import DecklistError
from labyrinth_gym.envs.magic.engine.game import card_def, sample_deck, sample_decks
from labyrinth_gym.envs.magic.env import make_game
from labyrinth_gym.envs.magic.render import render_text

ENV_ID = "labyrinth_gym/MagicDuel-v8"
# the package exports the env() function under the module's name
magic_env = importlib.import_module("labyrinth_gym.envs.magic.env")


def random_states(players: int, games: int, seed: int = 0):
    """Yield every decision state of ``games`` random games."""
    for g in range(games):
        rng = np.random.default_rng([seed, g, players])
        game = make_game(np.random.default_rng(seed * 1000 + g), num_players=players)
        while not game.is_terminal():
            yield game
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])


# ------------------------------------------------------------- API checkers
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_and_seed_tests(players):
    with warnings.catch_warnings():
        # api_test warns that a Dict observation "probably should be" a Box: the
        # action mask has to live in the observation.
        warnings.simplefilter("ignore", UserWarning)
        api_test(magic.env(num_players=players), num_cycles=300)
        seed_test(functools.partial(magic.env, num_players=players), num_cycles=300)
    env = magic.env(num_players=players)
    assert env.possible_agents == [f"player_{i}" for i in range(players)]


@pytest.mark.parametrize("players", [2, 4])
def test_gymnasium_check_env(players):
    env = gymnasium.make(ENV_ID, num_players=players).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)
    rendered = gymnasium.make(ENV_ID, num_players=players, render_mode="ansi").unwrapped
    check_env(rendered, skip_render_check=False)


def test_spaces_match_the_documented_sizes():
    env = gymnasium.make(ENV_ID)
    doc = magic_env.__doc__
    assert f"Discrete({A.NUM_ACTIONS})" in doc
    assert f"Box(-1, 1, ({E.OBS_SIZE},), float32)" in doc
    assert env.observation_space == gymnasium.spaces.Box(-1, 1, (E.OBS_SIZE,), np.float32)
    assert env.action_space == gymnasium.spaces.Discrete(A.NUM_ACTIONS)
    obs, info = env.reset(seed=0)
    assert obs.shape == (E.OBS_SIZE,) and obs.dtype == np.float32
    assert np.array_equal(info["action_mask"].astype(bool), env.unwrapped.action_masks())
    assert env.unwrapped.game.num_players == 2


def test_every_observation_is_in_range():
    for players in (2, 4):
        for game in random_states(players, 3, seed=5):
            obs = E.encode(game, game.current_player())
            assert obs.min() >= -1.0 and obs.max() <= 1.0


# ----------------------------------------------------------------- decks
def test_decks_by_sample_name_file_and_card_list(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("# a test deck\n40 Mountain\n20 Grizzly Bears\n")
    game = make_game(np.random.default_rng(0), num_players=3,
                     decks=["white_weenie", str(path), ["Forest"] * 30 + ["Llanowar Elves"] * 30],
                     mulligan=False)

    def cards(p):
        return sorted(game.name_of(c) for zone in (game.library, game.hand) for c in zone[p])

    assert cards(0) == sorted(sample_deck("white_weenie"))
    assert cards(1) == sorted(["Mountain"] * 40 + ["Grizzly Bears"] * 20)
    assert cards(2) == sorted(["Forest"] * 30 + ["Llanowar Elves"] * 30)


def test_default_decks_are_drawn_from_the_seed():
    def decks(seed):
        game = make_game(np.random.default_rng(seed), num_players=4, mulligan=False)
        return [sorted(game.name_of(c) for z in (game.library, game.hand) for c in z[p])
                for p in range(4)]

    assert decks(3) == decks(3)
    drawn = {tuple(d) for seed in range(8) for d in decks(seed)}
    samples = {tuple(sorted(sample_deck(n))) for n in sample_decks()}
    assert drawn <= samples and len(drawn) >= 3


@pytest.mark.parametrize(
    "kwargs, message",
    [({"num_players": 5}, "2-4"), ({"num_players": 1}, "2-4"),
     ({"decks": ["white_weenie"]}, "1 entries for 2 players"),
     ({"decks": ["white_weenie", "purple_haze"]}, "sample decks: black_removal"),
     ({"render_mode": "human"}, "render_mode")],
)
def test_bad_kwargs_fail_at_construction(kwargs, message):
    with pytest.raises(ValueError, match=message):
        magic.MagicDuelEnv(**kwargs)
    with pytest.raises(ValueError, match=message):
        magic.raw_env(**kwargs)


def test_a_decklist_with_bad_cards_lists_every_problem(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("20 Mountain\n4 Lightning Bolte\n4 Grizzly Bear\n")
    with pytest.raises(DecklistError) as info:
        magic.raw_env(decks=[str(path), "red_burn"])
    text = str(info.value)
    assert "Lightning Bolte" in text and "Lightning Bolt" in text
    assert "Grizzly Bear" in text and len(info.value.problems) == 2


# -------------------------------------------------------- illegal actions
def test_raw_env_raises_naming_the_legal_set():
    env = magic.raw_env(num_players=3)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    legal = [int(a) for a in np.flatnonzero(mask)]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError) as info:
        env.step(bad)
    assert info.value.legal == legal and "legal actions" in str(info.value)


def test_wrapped_env_ends_the_episode_with_the_penalty():
    env = magic.env(num_players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0
    assert "illegal_action" in env.infos[agent]


def test_gymnasium_illegal_action_and_a_finished_game():
    env = gymnasium.make(ENV_ID).unwrapped
    _, info = env.reset(seed=2)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(bad)
    assert terminated and reward == -1.0 and info["illegal_action"]["action"] == bad
    rng = np.random.default_rng(0)
    for seed in range(3):
        _, info = env.reset(seed=seed)
        done = False
        total = 0.0
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            total += reward
            done = terminated or truncated
        game = env.game
        assert game.is_terminal()
        assert total == game.returns()[env.seat]


# ---------------------------------------------------------- observations
def test_observation_never_shows_other_hands_or_libraries():
    """Two determinizations for a seat (other hands and every library resampled)
    encode identically for that seat, and differently for the seat whose hand moved."""
    checked = 0
    for i, game in enumerate(random_states(3, 4, seed=9)):
        if i % 7:
            continue
        seat = game.current_player()
        a = game.determinize(seat, np.random.default_rng(i))
        b = game.determinize(seat, np.random.default_rng(i + 1000))
        assert np.array_equal(E.encode(a, seat), E.encode(b, seat))
        other = (seat + 1) % 3
        if sorted(a.hand[other]) != sorted(b.hand[other]) and len(a.hand[other]) > 0 and \
                [a.cdef(c).name for c in a.hand[other]] != [b.cdef(c).name for c in b.hand[other]]:
            assert not np.array_equal(E.encode(a, other), E.encode(b, other))
            checked += 1
    assert checked > 5


def test_observer_relative_seats_and_card_rows():
    for game in random_states(4, 2, seed=3):
        if len(game.battlefield) < 6:
            continue
        for seat in range(4):
            v = E.MagicObs(E.encode(game, seat))
            assert v.seat("life", 0) == pytest.approx(max(min(game.life[seat] / 40, 1), -1))
            nxt = (seat + 1) % 4
            assert v.seat("life", 1) == pytest.approx(max(min(game.life[nxt] / 40, 1), -1))
            for i, card in enumerate(game.hand[seat][:A.MAX_HAND]):
                if card_def(game.cdef(card).name) == game.cdef(card):
                    assert np.array_equal(v.hand[i], E.card_features(game.cdef(card)))
            for pid, perm in game.battlefield.items():
                if perm.slot < 0 or getattr(perm, "face_down", False):
                    continue
                assert v.controller(perm.slot) == (perm.controller - seat) % 4
                assert v.perm[perm.slot, E.PERM["present"]] == 1
                assert v.perm[perm.slot, E.PERM["tapped"]] == perm.tapped
                assert v.perm[perm.slot, E.PERM["token"]] == game.card_token[perm.card]
                assert np.array_equal(v.perm_card[perm.slot], E.card_features(game.pdef(pid)))
                if game.is_creature(pid):
                    power = game.chars(pid)[0]
                    assert v.perm[perm.slot, E.PERM["power_now"]] == pytest.approx(
                        max(min(power / 10, 1), -1))
        return
    raise AssertionError("no crowded battlefield reached")


def test_card_features_come_from_the_compiled_tree():
    bolt = E.card_features(card_def("Lightning Bolt"))
    assert bolt[E.CARD["type_instant"]] == 1 and bolt[E.CARD["fx_DealDamage"]] > 0
    assert bolt[E.CARD["amount_DealDamage"]] == pytest.approx(0.3)
    assert bolt[E.CARD["targets_any"]] == 1 and bolt[E.CARD["pip_R"]] == pytest.approx(0.25)
    elves = E.card_features(card_def("Llanowar Elves"))
    assert elves[E.CARD["mana_G"]] == 1 and elves[E.CARD["power"]] == pytest.approx(0.1)
    spider = E.card_features(card_def("Giant Spider"))
    assert spider[E.CARD["kw_reach"]] == 1 and spider[E.CARD["toughness"]] == pytest.approx(0.4)
    # no card ids: Shock is Lightning Bolt with 2 damage, and that is the only difference
    shock = E.card_features(card_def("Shock"))
    differ = [E.CARD_FEATURES[i] for i in np.flatnonzero(shock != bolt)]
    assert differ == ["amount_DealDamage"]


def test_every_playable_card_has_features_in_range():
    """Each card a game may hold encodes (a Gravedigger's graveyard target or Strionic
    Resonator's triggered-ability target once had no feature and crashed the
    observation of every game that dealt one)."""
    from labyrinth_gym.envs.magic.engine import effects as fx
    from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

    for kind in fx.TARGET_KINDS:
        assert any(f"targets_{k}" in E.CARD for k in E._TARGET_FEATURE.get(kind, (kind,)))
    for name, d in compiled_pool().supported.items():
        v = E.card_features(d)
        assert v.min() >= -1.0 and v.max() <= 1.0, name
    grave = E.card_features(card_def("Gravedigger"))
    assert grave[E.CARD["targets_graveyard_card"]] == 1
    assert E.card_features(card_def("Strionic Resonator"))[E.CARD["targets_ability"]] == 1


def test_decision_kind_and_to_act_flags():
    seen = set()
    for game in random_states(2, 3, seed=4):
        seat = game.current_player()
        v = E.MagicObs(E.encode(game, seat))
        assert v.decision() == game.decision["kind"]
        assert v.g[E.GLOBAL["to_act"]] == 1
        other = E.MagicObs(E.encode(game, 1 - seat))
        assert other.g[E.GLOBAL["to_act"]] == 0
        seen.add(v.decision())
    assert {"priority", "attack", "mulligan"} <= seen


# -------------------------------------------------------------- rendering
def test_ansi_shows_only_the_hand_of_the_seat_to_act():
    env = magic.env(num_players=2, render_mode="ansi",
                    decks=[["Forest"] * 60, ["Island"] * 60])
    env.reset(seed=0)
    text = env.render()
    seat = env.unwrapped.game.current_player()
    assert f"Player {seat} to act" in text
    hand_line = next(line for line in text.splitlines() if "to act" in line)
    own = "Forest" if seat == 0 else "Island"
    hidden = "Island" if seat == 0 else "Forest"
    assert own in hand_line and hidden not in hand_line
    assert re.search(r"Player 0: life 20 +hand 7", text)


def test_render_text_lists_permanents_and_the_stack():
    for game in random_states(2, 1, seed=11):
        if game.stack and len(game.battlefield) > 4:
            text = render_text(game)
            assert "Stack (top first):" in text
            for pid, perm in game.battlefield.items():
                if game.is_creature(pid) and perm.slot >= 0 \
                        and not getattr(perm, "face_down", False):
                    assert game.pdef(pid).name in text
            return


def _yesno_keys_in_the_engine() -> set[str]:
    """The key each ``{"kind": "yesno", "player": ..., KEY: ...}`` of the engine's
    sources carries ("may": none)."""
    from pathlib import Path

    import labyrinth_gym.envs.magic.engine as engine

    keys = set()
    for path in Path(engine.__file__).parent.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r'\{"kind": "yesno", "player": [^,}]+(?:,\s*"(\w+)")?', text):
            keys.add(m.group(1) or "may")
    return keys


def test_every_yes_no_question_of_the_engine_has_its_own_purpose_feature():
    keys = _yesno_keys_in_the_engine()
    assert {"may", "enter", "announce", "stay_tapped", "miracle"} <= keys  # the scan works
    assert keys <= {"may", *E.YESNO}, f"yes/no questions with no feature: {keys - {'may', *E.YESNO}}"
    for key in ("may", *E.YESNO):
        decision = {"kind": "yesno", "player": 0} | ({} if key == "may" else {key: 1})
        assert E.yesno_purpose(decision) == key


def test_every_decision_kind_of_the_engine_has_its_own_flag():
    """A new decision kind must get its ``decision_*`` flag (a learner told only "some
    decision" can't tell a pile split from a yes/no)."""
    from pathlib import Path

    import labyrinth_gym.envs.magic.engine as engine

    kinds = set()
    for path in Path(engine.__file__).parent.rglob("*.py"):
        kinds |= set(re.findall(r'"kind": "(\w+)"', path.read_text(encoding="utf-8")))
    kinds -= {"spell", "activated", "triggered"}  # stack items' kinds, not decisions
    assert {"yesno", "priority", "card_pile", "pile_pick"} <= kinds  # the scan works
    assert kinds <= set(E.DECISIONS), f"decision kinds with no flag: {kinds - set(E.DECISIONS)}"


def test_a_yes_no_decision_shows_what_it_asks_shock_land_vs_kicker():
    def asked(game: object) -> list[str]:
        g = E.MagicObs(E.encode(game, 0)).g
        return [f for f in E.GLOBAL_FEATURES if f.startswith("yesno_") and g[E.GLOBAL[f]]]

    from magic.positions import act, blank

    game = blank()
    game.add_card("Hallowed Fountain", 0)
    game.start_at("main1", 0)
    assert asked(game) == []  # no yes/no asked: no purpose bit
    act(game, "Hallowed Fountain")
    assert game.decision["kind"] == "yesno" and asked(game) == ["yesno_enter"]

    game = blank()
    game.add_card("Burst Lightning", 0)
    for _ in range(5):  # enough for the kicker too
        game.add_permanent("Mountain", 0)
    game.start_at("main1", 0)
    act(game, "Burst Lightning")
    assert game.decision["kind"] == "yesno" and asked(game) == ["yesno_announce"]
