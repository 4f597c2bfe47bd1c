"""Invariants over random games with 2, 3 and 4 players (random legal actions)."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter

import numpy as np
import pytest

from labyrinth_gym.envs.magic import encoding
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame, new_game

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def free_repeat(d: fx.CardDef) -> bool:
    """Whether ``d`` has an ability that costs nothing at all ("{0}: regenerate
    enchanted creature"): random play may activate it until ``max_actions`` (as the
    rules allow, see the game's docstring), which these tests count as a hang."""
    return any(not a.is_mana and a.zone == "battlefield" and not a.once_per_turn
               and a.cost.loyalty is None
               and dataclasses.replace(a.cost, mana=None) == fx.Cost()
               and (a.cost.mana is None or a.cost.mana.mana_value == 0)
               for a in d.activated)


def random_decks(rng: np.random.Generator, players: int) -> list[list[str]]:
    """Per player 36 random nonland cards the engine plays (none with an ability that
    costs nothing: :func:`free_repeat`), plus 24 basic lands."""
    playable = sorted(n for n, d in compiled_pool().supported.items()
                      if "Land" not in d.types and not free_repeat(d))
    return [[playable[i] for i in rng.integers(len(playable), size=36)]
            + [BASICS[i % 5] for i in range(24)] for _ in range(players)]


def card_zones(game: MagicGame) -> Counter:
    """How many zones hold each card (tokens that ceased to exist hold none)."""
    seen: Counter = Counter()
    for zone in (game.library, game.hand, game.graveyard, game.exile):
        for pile in zone:
            seen.update(pile)
    seen.update(p.card for p in game.battlefield.values())
    # (a copy of a spell is no card, 707.10a: storm's copies share the card's id)
    seen.update(s.card for s in game.stack if s.kind == "spell" and not s.is_copy)
    if game.casting is not None and game.casting.kind == "spell" and \
            not game.casting.is_copy:
        seen[game.casting.card] += 1
    if game.res is not None and game.res["item"].kind == "spell" and \
            not game.res["item"].is_copy:
        seen[game.res["item"].card] += 1
    return seen


def check(game: MagicGame) -> None:
    seen = card_zones(game)
    for card in range(len(game.card_def)):
        if game.card_token[card]:
            assert seen[card] <= 1
        else:
            assert seen[card] == 1, (card, game.name_of(card), seen[card])
    if game.decision is not None and game.decision["kind"] == "priority":
        for pid, perm in game.battlefield.items():
            if game.is_creature(pid):
                _, tough, kws = game.chars(pid)
                assert tough > 0
                if "indestructible" not in kws:
                    assert perm.damage < tough and not perm.deathtouched
        assert all(life > 0 for p, life in enumerate(game.life) if not game.lost[p])
    slots = [p for p in game.slots if p >= 0]
    assert len(slots) == len(set(slots)) and set(slots) <= set(game.battlefield)


def run(game: MagicGame, rng: np.random.Generator, every: int = 1,
        observe: bool = False) -> int:
    """Play ``game`` out with random legal actions, checking the invariants every
    ``every`` actions (and, with ``observe``, that every seat's observation encodes
    in range)."""
    steps = 0
    while not game.is_terminal():
        legal = game.legal_actions()
        assert legal, f"no legal action at {game.decision}"
        game.apply_action(legal[int(rng.integers(len(legal)))])
        steps += 1
        if steps % every == 0:
            check(game)
            if observe:
                for seat in range(game.num_players):
                    obs = encoding.encode(game, seat)
                    assert obs.min() >= -1.0 and obs.max() <= 1.0
        assert steps < 20_000
    check(game)
    return steps


@pytest.mark.parametrize(("players", "games"), [(2, 120), (3, 50), (4, 40)])
def test_random_games_keep_the_invariants(players, games):
    rng = np.random.default_rng(players)
    for seed in range(games):
        game = new_game(seed, num_players=players)
        run(game, rng, every=3)
        assert game.outcome in ("win", "draw", "truncated")
        if game.outcome == "win":
            assert sorted(game.returns()) == [-1.0] * (players - 1) + [1.0]


def test_random_decks_from_the_playable_pool():
    """Random 60-card decks from every card the engine can play."""
    rng = np.random.default_rng(99)
    for seed in range(40):
        players = 2 + seed % 3
        decks = random_decks(rng, players)
        # a "{0}: ..." ability (Viscid Lemures) may be activated without end, as the
        # rules allow: max_actions ends such a game in truncation
        game = new_game(seed, num_players=players, decks=decks, max_turns=40,
                        max_actions=10_000)
        run(game, rng, every=5, observe=True)


def test_round_trips_and_clones_continue_identically_in_random_games():
    """At points of random games (random decks: tokens, triggers, choices...), a JSON
    round trip and a clone play on exactly like the original."""
    import json

    rng = np.random.default_rng(5)
    for seed in range(6):
        players = 2 + seed % 3
        decks = random_decks(rng, players)
        game = new_game(seed, num_players=players, decks=decks, max_actions=1500)
        step = 0
        while not game.is_terminal():
            if step % 41 == 0:
                copies = [MagicGame.from_dict(json.loads(json.dumps(game.to_dict()))),
                          game.clone()]
                for other in copies:
                    mine = game.clone()
                    r1 = np.random.default_rng(step)
                    for _ in range(25):
                        if mine.is_terminal():
                            break
                        legal = mine.legal_actions()
                        assert other.legal_actions() == legal
                        action = legal[int(r1.integers(len(legal)))]
                        mine.apply_action(action)
                        other.apply_action(action)
                    assert mine.to_dict() == other.to_dict()
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
            step += 1


MECHANICS = ("Soul Summons", "Formless Nurturing", "Ethereal Ambush", "Reality Shift",
             "Wildcall", "Qarsi High Priest", "Sultai Emissary", "Manifest Dread",
             "Unwanted Remake", "Twist Reality", "Bashful Beastie", "Killer's Mask",
             "Gorger Wurm", "Thorn-Thrash Viashino", "Thunder-Thrash Elder",
             "Gluttonous Slime", "Caprichrome", "Grizzly Bears", "Hill Giant",
             "Llanowar Elves", "Lightning Bolt", "Serra Angel")
"""Cards that manifest, manifest dread and devour, and cards to manifest and devour."""


def test_face_down_cards_stay_hidden_in_random_games():
    """Random games full of manifest, manifest dread and devour keep the invariants; at
    many points every seat's ``observation_for`` and encoding are the same in the game
    and in determinizations of it (which resample opponents' face-down cards)."""
    from labyrinth_gym.envs.magic.encoding import encode

    rng = np.random.default_rng(17)
    hidden_seen = turned_up = devoured = dreads = 0
    for seed in range(12):
        players = 2 + seed % 3
        decks = [[MECHANICS[i] for i in rng.integers(len(MECHANICS), size=40)]
                 + [BASICS[i % 5] for i in range(20)] for _ in range(players)]
        game = new_game(seed, num_players=players, decks=decks, max_turns=30)
        step = 0
        while not game.is_terminal():
            if step % 7 == 0:
                check(game)
                for seat in game.living():
                    view = game.observation_for(seat)
                    obs = encode(game, seat)
                    if any(p.face_down and p.controller != seat
                           for p in game.battlefield.values()):
                        hidden_seen += 1
                    for _ in range(2):
                        twin = game.determinize(seat, rng)
                        check(twin)
                        assert twin.observation_for(seat) == view
                        assert np.array_equal(encode(twin, seat), obs)
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
            step += 1
        kinds = Counter(e["type"] for e in game.events)
        turned_up += kinds["turn_face_up"]
        devoured += sum(e["count"] for e in game.events if e["type"] == "devour")
        dreads += kinds["dread"]
    assert hidden_seen > 50 and turned_up and devoured and dreads


WALKERS = ("Garruk Wildspeaker", "Ajani, Inspiring Leader", "Garruk Wildspeaker",
           "Grizzly Bears", "Hill Giant", "Serra Angel", "Lightning Bolt",
           "Llanowar Elves", "Giant Growth")
"""Planeswalkers and what attacks, burns and pumps around them."""


def test_planeswalkers_in_random_games():
    """Random games full of planeswalkers keep the invariants (a planeswalker on the
    battlefield has loyalty at every priority), use loyalty abilities, attack and burn
    planeswalkers, and round-trip and clone mid-combat exactly."""
    import json

    rng = np.random.default_rng(23)
    attacked = abilities = died = 0
    for seed in range(30):
        players = 2 + seed % 3
        decks = [[WALKERS[i] for i in rng.integers(len(WALKERS), size=36)]
                 + [("Forest", "Plains", "Mountain")[i % 3] for i in range(24)]
                 for _ in range(players)]
        game = new_game(seed, num_players=players, decks=decks, max_turns=30)
        step = 0
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
            step += 1
            if game.decision is not None and game.decision["kind"] == "priority":
                for pid, perm in game.battlefield.items():
                    if game.pdef(pid).is_planeswalker:
                        assert perm.counters["loyalty"] > 0
            if game.attacking_pw and step % 5 == 0:
                copy = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
                assert copy.to_dict() == game.to_dict()
                assert copy.attacking_pw == game.attacking_pw
        check(game)
        attacked += sum("planeswalker" in e for e in game.events if e["type"] == "attack")
        abilities += sum(e["type"] == "activate" and e["card"] in WALKERS[:2]
                         for e in game.events)
        walkers = {pid for pid, _ in enumerate(game.card_def)
                   if game.name_of(pid) in WALKERS[:2]}
        died += sum(1 for p in game.graveyard for c in p if c in walkers)
    assert attacked > 10 and abilities > 50 and died > 5, (attacked, abilities, died)


def test_the_legal_set_shortcuts_change_nothing_in_random_games():
    """The legal-action scan's shortcuts give what the plain scan gives: the mana
    bound (a hand spell needing more mana than the player's sources make is skipped),
    the per-version lists of activatable permanents (all, and those with an ability
    usable at instant speed), the definition flags that skip a hand or graveyard with
    nothing to play, and target counts stopped at what feasibility needs; the
    per-version list of mana permanents is what a fresh scan lists; and where a
    step's start skips the state-based check (turns.QUIET_STEPS), a check would have
    found nothing (704.3)."""
    rng = np.random.default_rng(17)
    checked = clean = 0
    for seed in range(12):
        players = 2 + seed % 2
        game = new_game(seed, num_players=players, decks=random_decks(rng, players),
                        max_turns=30, max_actions=3000)
        while not game.is_terminal():
            d = game.decision
            if d["kind"] == "priority":
                plain = game.clone()
                plain.mana_bound = lambda p: None  # (no bound: every spell asked)
                plain.__dict__.pop("_activatable_cache", None)
                plain._activatable = (lambda p, sorcery=True, g=plain:
                                      MagicGame._activatable(g, p))  # (every one, any time)
                plain.def_indices = lambda flag, g=plain: set(range(len(g.defs)))
                plain.candidates = (lambda spec, item, enough=0, g=plain:
                                    MagicGame.candidates(g, spec, item))  # (every target)
                plain._legal = None
                assert plain.legal_actions() == game.legal_actions()
                fresh = copy.copy(game)  # (the same objects, without the cached list)
                fresh.__dict__.pop("_mana_cache", None)
                for p in range(players):
                    assert [e[0] for e in game._mana_permanents(p)] == \
                        [e[0] for e in fresh._mana_permanents(p)]
                    assert [e[4] for e in game._mana_permanents(p)] == \
                        [e[4] for e in fresh._mana_permanents(p)]
                checked += 1
                if game._sba_clean:
                    assert not game.clone()._state_based()
                    clean += 1
            legal = game.legal_actions()
            game.apply_action(int(legal[rng.integers(len(legal))]))
    assert checked > 300 and clean > 300, (checked, clean)
