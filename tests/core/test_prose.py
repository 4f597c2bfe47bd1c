"""Every game tells every event it logs as an English sentence (``Game.describe``),
from each seat's point of view, with names rather than ids."""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.envs import game_spec
from labyrinth_gym.envs.core.engine import Game
from labyrinth_gym.envs.core.prose import Narrator, base_form, narrator_for

GAMES = ["maze_party", "labyrinth_cards", "magic", "arcane_labyrinth",
         "dungeon_crawler", "mazerunner"]
SEEDS = (0, 1, 2)
MAX_STEPS = 3000


def new(name: str, seed: int = 0, **kwargs) -> Game:
    spec = game_spec(name)
    return spec.new_game(np.random.default_rng(seed), **{**spec.game_kwargs, **kwargs})


def random_game(name: str, seed: int, **kwargs) -> Game:
    game = new(name, seed, **kwargs)
    rng = np.random.default_rng(seed)
    for _ in range(MAX_STEPS):
        if game.is_terminal():
            break
        game.apply_action(int(rng.choice(game.legal_actions())))
    return game


def assert_prose(text: str, event: dict) -> None:
    assert text and text[0].isupper() and text[-1] in ".!?", (text, event)
    assert not any(c in text for c in "{[="), (text, event)
    assert not text.startswith(f"{event['type']}:"), (text, event)


@pytest.mark.parametrize("name", GAMES)
def test_every_event_of_random_games_reads_as_a_sentence(name):
    told = type(narrator_for(new(name), 0)).told_types()
    for seed in SEEDS:
        game = random_game(name, seed)
        kinds = {e["type"] for e in game.events}
        untold = kinds - told
        assert not untold, f"{name} logs event types with no sentence: {sorted(untold)}"
        for seat in [None, *range(game.num_players)]:
            log = game.events if seat is None else game.events_for(seat)
            for event in log:
                assert_prose(game.describe(event, seat), event)


@pytest.mark.parametrize(("name", "kwargs"), [
    ("labyrinth_cards", {"variant": "official"}),
    ("labyrinth_cards", {"variant": "steroids", "num_players": 4}),
    ("dungeon_crawler", {"num_players": 4}),
])
def test_other_configurations_read_as_sentences_too(name, kwargs):
    game = random_game(name, 5, **kwargs)
    for seat in [None, *range(game.num_players)]:
        log = game.events if seat is None else game.events_for(seat)
        for event in log:
            assert_prose(game.describe(event, seat), event)


@pytest.mark.parametrize("name", GAMES)
def test_the_narrated_seat_is_you_and_others_are_named(name):
    game = random_game(name, 0)
    for seat in range(game.num_players):
        own = [e for e in game.events_for(seat)
               if e.get("player", e.get("member")) == seat and e["type"] != "turn"]
        assert own, "every seat does something in a random game"
        texts = [game.describe(e, seat) for e in own]
        assert any(t.startswith(("You ", "Your ")) for t in texts), texts[:5]
        referee = [game.describe(e, None) for e in own]
        assert not any(t.startswith(("You ", "Your ")) for t in referee), referee[:5]


def test_maze_party_sentences():
    game = new("maze_party")
    names = [c.name for c in game.party]
    check = {"type": "check", "turn": 2, "member": 1, "what": "Forge A Path", "roll": 9,
             "modifier": -1, "bonus": 2, "dc": 13, "success": False}
    assert game.describe(check, 1) == (
        "You try Forge A Path: d20 9 - 1 + 2 bonus, 10 against DC 13, a failure.")
    assert game.describe(check, 0) == (
        f"{names[1]} tries Forge A Path: d20 9 - 1 + 2 bonus, 10 against DC 13, "
        "a failure.")
    hit = {"type": "monster_attack", "turn": 8, "attack": "gore", "target": 2,
           "roll": 16, "hit": True, "damage": 21}
    assert game.describe(hit, 2) == "The monster's gore hits you for 21 damage (d20 16)."
    woken = {"type": "woken", "turn": 3, "member": 3, "by": 0}
    assert game.describe(woken, 0) == f"You wake {names[3]}."
    assert game.describe(woken, 3) == f"{names[0]} wakes you."


def test_labyrinth_cards_sentences():
    game = new("labyrinth_cards")
    deck = game.data
    first = deck.cards[37]
    pair = "-".join(deck.treasure_names[t] for t in first.treasures)
    play = {"type": "play", "turn": 1, "player": 0, "card": 37, "cell": 103,
            "rotation": 1}
    row, col = divmod(103, deck.size)
    assert game.describe(play, 0) == (
        f"You play the {pair} card at row {row} col {col}, turned 90 degrees.")
    assert game.describe(play, 1).startswith(f"Seat 0 plays the {pair} card")
    assert game.describe({"type": "draw", "turn": 2, "player": 1, "cards": 2,
                          "action": False}, 0) == "Seat 1 draws 2 cards."
    assert game.describe({"type": "slide", "turn": 4, "rows": -1, "cols": 2}, 0) == (
        "The layout slides 1 row up and 2 columns right to stay centred.")


def test_magic_sentences():
    game = new("magic")
    bolt = {"type": "cast", "turn": 3, "player": 0, "card": "Lightning Bolt", "id": 9,
            "targets": [{"id": 4, "card": "Grizzly Bears"}]}
    assert game.describe(bolt, 0) == "You cast Lightning Bolt targeting Grizzly Bears."
    assert game.describe(bolt, 1) == (
        "Seat 0 casts Lightning Bolt targeting Grizzly Bears.")
    at_you = {**bolt, "targets": [{"player": 1}]}
    assert game.describe(at_you, 1) == "Seat 0 casts Lightning Bolt targeting you."
    drawn = {"type": "draw", "turn": 2, "player": 1, "card": "Mountain"}
    assert game.describe(drawn, 1) == "You draw Mountain."
    poison = {"type": "poison", "turn": 4, "player": 0, "change": 2, "poison": 7}
    assert game.describe(poison, 0) == "You get 2 poison counters (7 in all)."
    assert game.describe(poison, 1) == "Seat 0 gets 2 poison counters (7 in all)."
    prevented = {"type": "prevented", "turn": 4, "source": "Lightning Bolt", "id": 4,
                 "card": "Black Knight", "amount": 3, "reason": "protection"}
    assert game.describe(prevented, 0) == (
        "Lightning Bolt's 3 damage to Black Knight is prevented by protection.")
    assert game.describe(game.event_for(drawn, 0), 0) == "Seat 1 draws a card."
    attack = {"type": "attack", "turn": 5, "player": 1, "id": 14,
              "card": "Goblin Striker", "defending": 0}
    assert game.describe(attack, 0) == "Seat 1 attacks you with Goblin Striker."
    life = {"type": "life", "turn": 5, "player": 0, "change": -2, "life": 18}
    assert game.describe(life, 0) == "You lose 2 life (18 left)."
    assert game.describe({"type": "enters", "turn": 5, "player": 1,
                          "card": "face-down creature", "id": 3}, 0) == (
        "A face-down creature enters the battlefield under seat 1's control.")


def test_arcane_labyrinth_sentences():
    game = new("arcane_labyrinth")
    reveal = {"type": "reveal", "turn": 4, "player": 1, "card": "Goblin Guide",
              "library": 97}
    assert game.describe(reveal, 0) == (
        "The Labyrinth reveals Goblin Guide (97 cards left in its library).")
    attack = {"type": "attack", "turn": 4, "player": 1, "id": 6,
              "card": "Goblin Guide", "defending": 0}
    assert game.describe(attack, 0) == "The Labyrinth attacks you with Goblin Guide."
    assert game.describe(attack, None) == (
        "The Labyrinth attacks the player with Goblin Guide.")
    buy = {"type": "purchase", "turn": 4, "player": 0, "card": "Bonesplitter",
           "lands": 1}
    assert game.describe(buy, 0) == "You buy Bonesplitter for 1 land."


def test_mazerunner_sentences():
    game = new("mazerunner")
    out = {"type": "elimination", "turn": 30, "players": [3], "cause": 0,
           "controlled_by": None, "draw": False}
    assert game.describe(out, 0) == "Seat 3 is eliminated by you."
    assert game.describe(out, 3) == "You are eliminated by seat 0."
    tax = {"type": "cast_from_command", "turn": 9, "player": 2, "card": "Jedit Ojanen",
           "tax": 2}
    assert game.describe(tax, 2) == (
        "You cast Jedit Ojanen from the command zone (commander tax 2).")
    # the Magic engine's events are told the Magic way
    assert game.describe({"type": "draw", "turn": 2, "player": 1}, 0) == (
        "Seat 1 draws a card.")


def test_dungeon_crawler_sentences():
    game = new("dungeon_crawler")
    spawn = {"type": "spawn_monster", "turn": 1, "player": 1, "monster": "Hellhound",
             "id": 5, "square": [11, 10]}
    assert game.describe(spawn, 1) == "You place the Hellhound at row 11, column 10."
    assert game.describe(spawn, 0) == "Seat 1 places the Hellhound at row 11, column 10."
    drawn = {"type": "draw_treasure", "turn": 5, "player": 1, "card": "Map"}
    assert game.describe(drawn, 1) == "You draw the treasure card Map."
    assert game.describe(game.event_for(drawn, 0), 0) == "Seat 1 draws a treasure card."
    slain = {"type": "slain", "turn": 13, "id": 2, "name": "Elf Warrior",
             "figure": "adventurer", "owner": 0, "by": 1}
    assert game.describe(slain, 0) == "Your Elf Warrior is slain by seat 1."


def test_an_unknown_event_type_still_reads_as_a_sentence():
    game = new("magic")
    text = game.describe({"type": "brand_new_thing", "turn": 1, "player": 1}, 0)
    assert text == "Seat 1: brand new thing."


def test_a_malformed_event_falls_back_instead_of_failing():
    game = new("magic")
    assert game.describe({"type": "cast", "turn": 1, "player": 0}, 0) == "You: cast."


def test_the_you_form_of_a_verb():
    cases = {"draws": "draw", "reaches": "reach", "tries": "try", "has": "have",
             "is": "are", "passes": "pass", "loses": "lose", "buys": "buy",
             "goes": "go", "fixes": "fix", "plays": "play"}
    assert {v: base_form(v) for v in cases} == cases


def test_a_game_without_a_prose_module_gets_the_plain_narrator():
    class Bare:
        pass

    assert type(narrator_for(Bare(), 0)) is Narrator


ENGINE_FOLDERS = {
    "maze_party": ["maze_party"],
    "labyrinth_cards": ["labyrinth_cards"],
    "magic": ["magic"],
    "arcane_labyrinth": ["magic", "arcane_labyrinth"],
    "dungeon_crawler": ["dungeon_crawler"],
    "mazerunner": ["magic", "mazerunner"],
}
"""The engine folders whose events each game logs (a format on the Magic engine logs
the engine's events too)."""


@pytest.mark.parametrize("name", GAMES)
def test_every_event_type_in_the_engine_source_has_a_sentence(name):
    """Random games never reach some events (a spell that fizzles, a devour): the
    types the engine's source logs are checked too."""
    import re
    from pathlib import Path

    import labyrinth_gym.envs as envs

    root = Path(envs.__file__).parent
    logged = set()
    for folder in ENGINE_FOLDERS[name]:
        for path in (root / folder / "engine").glob("*.py"):
            logged |= set(re.findall(r"\blog\(\s*\"([a-z_]+)\"", path.read_text()))
    assert len(logged) > 5
    untold = logged - type(narrator_for(new(name), 0)).told_types()
    assert not untold, f"{name}'s engine logs types with no sentence: {sorted(untold)}"
