"""``MazePartyGame.observation_for``: the named, JSON-ready view of one member.

Over many random games: it is plain JSON, it lists exactly the engine's legal actions,
and it never holds hidden information (two determinizations of a state, which differ
only in what the party has not seen, give the same dict). Scripted positions check
that a card the party knows is named and a face-down one is not.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine.cards import (
    DEAD_END,
    KNOWN,
    KNOWN_SET,
    MONSTER,
    RIGHT_PATH,
    ROOM,
)
from labyrinth_gym.envs.maze_party.engine.game import ACTION, PHASE_NAMES, MazePartyGame

MAZES = ["enchanted_forest", "goblin_warren", "sunken_catacombs"]
JSON_SCALARS = (str, int, float, bool, type(None))


def assert_plain_json(value, path="$") -> None:
    """Only str keys and JSON types (no tuples, no numpy scalars) anywhere."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{path}: key {key!r}"
            assert_plain_json(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            assert_plain_json(item, f"{path}[{i}]")
    else:
        assert type(value) in JSON_SCALARS, f"{path}: {type(value).__name__}"


def random_games(count: int, seed: int):
    """Yield (game, rng) at every step of ``count`` random games over all mazes and
    party sizes, It's Elementary! / Boost Morale preferred in half of them (they
    make known pairs and known bottom cards)."""
    rng = np.random.default_rng(seed)
    for g in range(count):
        game = MazePartyGame.new(
            int(rng.integers(2**31)), maze=MAZES[g % 3], party=1 + g % 6
        )
        while True:
            yield game, rng
            if game.is_terminal():
                break
            legal = game.legal_actions()
            preferred = [a for a in (A.USE_INT, A.USE_CHA) if a in legal]
            if g % 2 and preferred and rng.random() < 0.7:
                action = preferred[0]
            else:
                action = legal[int(rng.integers(len(legal)))]
            game.apply_action(action)


def test_it_is_plain_json_and_lists_the_legal_actions():
    phases = set()
    for game, _ in random_games(150, seed=11):
        legal = game.legal_actions()
        for seat in range(game.n):
            view = game.observation_for(seat)
            assert_plain_json(view)
            assert json.loads(json.dumps(view)) == view
            assert view["seat"] == seat
            assert view["phase"] == PHASE_NAMES[game.phase]
            listed = view["legal_actions"]
            if game.is_terminal() or seat != game.current_player():
                assert listed == []  # the contract: only the seat to act gets them
                continue
            assert [item["action"] for item in listed] == legal
            assert [item["name"] for item in listed] == [
                game.action_to_string(a) for a in legal
            ]
            if game.phase == ACTION:
                offered = [s["action"] for s in view["stat_actions"] if s["can_try_now"]]
                assert offered == [a for a in legal if a < 5]
        phases.add(view["phase"])
        if game.is_terminal():
            assert view["to_act"] is None and view["current_player"] is None
            assert view["outcome"] == game.outcome and view["reason"]
            assert view["returns"] == game.returns()
        else:
            assert view["current_player"] == game.active
            assert view["to_act"] == {
                "seat": game.active, "name": game.party[game.active].name,
            }
            assert view["outcome"] is None and view["returns"] is None
    assert phases == set(PHASE_NAMES)  # every decision point was seen


def test_it_never_holds_hidden_information():
    compared = differed = 0
    for game, rng in random_games(200, seed=12):
        if rng.random() > 0.3:
            continue
        seat = int(rng.integers(game.n))
        a, b = game.determinize(seat, rng), game.determinize(seat, rng)
        differed += a.piles.to_dict() != b.piles.to_dict()
        view = game.observation_for(seat)
        assert a.observation_for(seat) == view
        assert b.observation_for(seat) == view
        # The party shares one view: seats differ only in who is looking (and only
        # the seat to act gets the legal actions).
        for other in range(game.n):
            assert game.observation_for(other) == {
                **view, "seat": other,
                "legal_actions": game.observation_for(other)["legal_actions"],
            }
        compared += 1
    assert compared > 1000 and differed > compared // 2, (compared, differed)


def test_a_known_card_is_named_and_a_face_down_one_is_not(position):
    game = position(
        deck=[ROOM, MONSTER, RIGHT_PATH, DEAD_END, ROOM, RIGHT_PATH],
        river=[ROOM, MONSTER, DEAD_END], stuck=[False, False, True],
    )
    piles = game.piles
    piles.river_known[1] = True  # the party saw this Monster on the deck
    piles.deck_known[0] = KNOWN  # buried by It's Elementary!
    piles.deck_known[-2:] = [KNOWN_SET, KNOWN_SET]
    view = game.observation_for(0)
    assert view["river"] == [
        {"slot": 0, "state": "face_down", "card": None},
        {"slot": 1, "state": "face_down", "card": "Monster"},
        {"slot": 2, "state": "stuck", "card": "Dead End"},
    ]
    assert view["deck"] == {
        "size": 6,
        "known_top": None,
        "known_second": None,
        "known_pair": ["Right Path", "Room"],  # which two, not their order
        "known_bottom": "Room",
    }
    # The same table with the pair the other way round.
    piles.deck[-2:] = [RIGHT_PATH, ROOM]
    assert game.observation_for(0) == view
    assert "Room" not in json.dumps(view["river"])

    # Careful Consideration turns the unknown card face up: now it is named.
    game.dice.values += [20]
    game.apply_action(A.USE_WIS)
    game.apply_action(A.SLOT + 0)
    view = game.observation_for(0)
    assert view["river"][0] == {"slot": 0, "state": "face_up", "card": "Room"}
    assert view["phase"] == "careful_reveal"


def test_the_fight_and_the_party_are_shown(position):
    game = position(party=("fighter", "rogue"), deck=[RIGHT_PATH] * 6,
                    river=[MONSTER, RIGHT_PATH, RIGHT_PATH], dice=[1, 1])
    game.dm_points = 1
    game.initiative = [15, 3]
    game.order, game.order_pos, game.active = [0, 1], 0, 0
    game.hp[1] = 0
    game.potions = 2
    game.apply_action(A.PASS)
    game.apply_action(A.SLOT)  # the second Monster card: the Minotaur attacks
    view = game.observation_for(1)
    fight = view["combat"]
    assert fight["monster"] == "Minotaur" and fight["hp"] == fight["max_hp"] == 76
    assert fight["ac"] == 14
    assert view["phase"] == "combat"
    fighter, rogue = view["party"]
    assert fighter["name"] == "Brakka the Fighter" and fighter["acting"]
    assert fighter["modifiers"] == {"STR": 3, "DEX": 1, "INT": -1, "WIS": 1, "CHA": 0}
    assert fighter["damage"] == "1d8+3"
    assert rogue["down"] and rogue["hp"] == 0 and not rogue["acting"]
    assert view["items"] == {"healing_potions": 2, "lucky_charms": 0}
    assert view["counts"]["monster_cards_taken"] == 1  # the second one started it


def test_a_seat_outside_the_party_is_refused():
    game = MazePartyGame.new(0, party=2)
    with pytest.raises(ValueError, match="seat"):
        game.observation_for(2)
    with pytest.raises(ValueError, match="seat"):
        game.observation_for(-1)
