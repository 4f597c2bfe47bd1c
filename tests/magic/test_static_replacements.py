"""Scripted positions for static replacement effects and restrictions (rules
614-616, 106.12): a card's own replacement of its discard (Loxodon Smiter, 614.1a).
Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.prose import describe
from magic.positions import act, blank, lands, settle


def pool(name: str) -> fx.CardDef:
    return compiled_pool().supported[name]


# --------------------------------------------------------------- compiling
def test_discard_replacements_compile_smiter_liege_baloth_dodecapod():
    for name in ("Loxodon Smiter", "Wilt-Leaf Liege", "Obstinate Baloth"):
        assert fx.DiscardedToBattlefield() in pool(name).statics, name
    assert fx.DiscardedToBattlefield(2) in pool("Dodecapod").statics


# ------------------------------------------------- 614.1a: discard replaced
def mind_rot_at(hand: list[str]):
    game = blank()
    cards = [game.add_card(n, 0) for n in hand]
    game.add_card("Mind Rot", 1)
    lands(game, 1, "Swamp", "Swamp", "Swamp")
    game.start_at("main1", 1)
    act(game, "Mind Rot")
    act(game, "player 0")
    settle(game)
    return game, cards


def test_614_1a_smiter_discarded_by_an_opponents_spell_enters_the_battlefield():
    game, (smiter, bears) = mind_rot_at(["Loxodon Smiter", "Grizzly Bears"])
    # Mind Rot: two cards, the whole hand: each discarded one at a time by seat 0
    assert game.decision["kind"] == "discard"
    act(game, "Loxodon Smiter")
    act(game, "Grizzly Bears")
    settle(game)
    on_battlefield = [p.card for p in game.battlefield.values() if p.controller == 0]
    assert smiter in on_battlefield and smiter not in game.graveyard[0]
    assert bears in game.graveyard[0]
    event = next(e for e in game.events if e["type"] == "discard"
                 and e["card"] == "Loxodon Smiter")
    assert event["to"] == "battlefield"  # still discarded (701.9)
    assert "onto the battlefield instead" in describe(event)


def test_614_1a_dodecapod_enters_with_its_counters():
    game, (pod,) = mind_rot_at(["Dodecapod"])
    act(game, "Dodecapod")
    settle(game)
    pid = next(pid for pid, p in game.battlefield.items() if p.card == pod)
    assert game.battlefield[pid].counters == {"+1/+1": 2}


def test_614_1a_a_discard_of_your_own_or_the_cleanup_discard_is_not_replaced():
    # Faithless Looting: its controller's own spell makes them discard
    game = blank()
    smiter = game.add_card("Loxodon Smiter", 0)
    game.add_card("Faithless Looting", 0)
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    act(game, "Faithless Looting")
    settle(game)
    while game.decision["kind"] == "discard":
        act(game, "Loxodon Smiter" if smiter in game.hand[0] else "hand 0")
    assert smiter in game.graveyard[0]
    assert not any(p.card == smiter for p in game.battlefield.values())
    # the cleanup step's discard to seven
    game = blank()
    cards = [game.add_card("Loxodon Smiter", 0) for _ in range(8)]
    game.start_at("end", 0)
    for _ in range(10):
        if game.decision["kind"] == "discard":
            break
        act(game, "pass")
    assert game.decision["kind"] == "discard"
    act(game, "hand 0")
    assert len(game.graveyard[0]) == 1 and game.graveyard[0][0] in cards
    assert not game.battlefield
