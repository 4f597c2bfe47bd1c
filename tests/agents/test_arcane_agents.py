"""The Arcane Labyrinth agents: registry, legal play over random games, and the
heuristic Hero's rules on scripted positions (guards kept home for the forced attacks,
the rest attacking, no unsafe Hero block, the most expensive affordable shop card,
paying with tapped lands first)."""

from __future__ import annotations

import numpy as np
from magic.positions import creature

from labyrinth_gym.agents import ArcaneHeuristic, SearchAgent, make
from labyrinth_gym.envs.arcane_labyrinth.encoding import encode
from labyrinth_gym.envs.arcane_labyrinth.engine.game import HERO, LAB, ArcaneGame
from labyrinth_gym.envs.magic.engine import actions as A

HERO_CARD = creature("Test Hero", 2, 4, supertypes=("Legendary",))


def table(hero=HERO_CARD, lab_cards: int = 10) -> ArcaneGame:
    game = ArcaneGame.empty(0)
    game.set_hero(hero)
    for _ in range(10):
        game.add_card("Wastes", HERO, "library")
    for _ in range(lab_cards):
        game.add_card("Island", LAB, "library")
    game.set_boss("Rorix Bladewing")
    return game


def decide(game: ArcaneGame) -> int:
    return ArcaneHeuristic().act(encode(game), game.legal_mask())


def until(game: ArcaneGame, kind: str) -> None:
    for _ in range(200):
        if game.decision["kind"] == kind:
            return
        legal = game.legal_actions()
        game.apply_action(A.PASS if A.PASS in legal else A.DONE)
    raise AssertionError(f"never reached {kind}")


def test_registry():
    assert isinstance(make("arcane_labyrinth/heuristic"), ArcaneHeuristic)
    assert isinstance(make("arcane_labyrinth/search", simulations=2), SearchAgent)
    assert make("arcane_labyrinth/random").name == "arcane_labyrinth/random"


def test_heuristic_plays_only_legal_moves_and_beats_nothing_random():
    from labyrinth_gym.evaluation.matches import play_game

    agent = make("arcane_labyrinth/heuristic")
    results = [play_game("arcane_labyrinth", [agent], seed,
                         {"hero": "black_necromancer", "labyrinth": "goblin_warrens"})
               for seed in range(6)]
    assert all(r.steps > 0 for r in results)
    assert max(r.turns for r in results) >= 8  # it survives past the first rounds


def test_keeps_a_guard_home_and_attacks_with_the_rest():
    game = table(lab_cards=40)  # the mill's pacing does not hold anything back
    wall = game.add_permanent(creature("Wall", 0, 5), HERO)
    bear = game.add_permanent("Grizzly Bears", HERO)
    giant = game.add_permanent("Hill Giant", HERO)
    game.add_permanent("Hill Giant", LAB)
    game.start_round(5, HERO, "declare_attackers")
    until(game, "attack")
    chosen = decide(game)
    # the Wall guards against the Labyrinth's Hill Giant (it cannot attack anyway):
    # the attackers go, biggest first
    assert chosen == A.attack(game.battlefield[giant].slot, 1)
    game.apply_action(chosen)
    assert decide(game) in (A.attack(game.battlefield[bear].slot, 1),
                            A.attack(game.battlefield[game.hero_pid].slot, 1))
    assert wall in game.battlefield


def test_keeps_the_hero_home_when_it_is_the_only_guard():
    game = table(creature("Wide Hero", 2, 5, supertypes=("Legendary",)))
    game.add_permanent("Hill Giant", LAB)  # 3/3: the Hero (toughness 5) holds it
    game.add_permanent("Grizzly Bears", HERO)
    game.start_round(5, HERO, "declare_attackers")
    until(game, "attack")
    hero_slot = game.battlefield[game.hero_pid].slot
    assert decide(game) != A.attack(hero_slot, 1)


def test_no_attack_once_the_library_is_empty():
    game = table()
    game.add_permanent("Hill Giant", HERO)
    game.start_round(12, HERO, "declare_attackers")
    game.library[LAB].clear()
    until(game, "attack")
    assert decide(game) == A.DONE  # damage would mill nothing


def test_paces_the_mill_so_the_boss_comes_after_round_ten():
    # round 5, 10 cards left: the reveals of rounds 6-9 take 8 of them, so the attack
    # may mill 2 (the Bears or the 2-power Hero), not 3 (the Giant)
    game = table()
    giant = game.add_permanent("Hill Giant", HERO)
    bears = game.add_permanent("Grizzly Bears", HERO)
    game.start_round(5, HERO, "declare_attackers")
    until(game, "attack")
    two_power = {A.attack(game.battlefield[pid].slot, 1) for pid in (bears, game.hero_pid)}
    first = decide(game)
    assert first in two_power
    # unpaced, the biggest goes first
    assert ArcaneHeuristic(pace=0).act(encode(game), game.legal_mask()) == \
        A.attack(game.battlefield[giant].slot, 1)
    game.apply_action(first)
    assert decide(game) == A.DONE  # the 2 cards of room are used


def test_the_hero_never_blocks_deathtouch():
    game = table(creature("Wide Hero", 2, 5, supertypes=("Legendary",)))
    asp = game.add_permanent(creature("Asp", 1, 1, "deathtouch"), LAB)
    game.start_round(4, LAB, "declare_attackers")
    until(game, "block")
    assert decide(game) == A.DONE
    assert asp in game.attackers


def test_a_planeswalker_hero_blocks_what_its_loyalty_holds():
    game = table("Ajani, Inspiring Leader")  # loyalty 5
    bears = game.add_permanent("Grizzly Bears", LAB)
    game.add_permanent(creature("Big Brute", 6, 6), LAB)  # would take all its loyalty
    game.start_round(4, LAB, "declare_attackers")
    until(game, "block")
    assert decide(game) == A.block(game.battlefield[game.hero_pid].slot)
    game.apply_action(A.block(game.battlefield[game.hero_pid].slot))
    assert decide(game) == A.permanent(game.battlefield[bears].slot)


def test_shop_buys_the_most_expensive_affordable_and_pays_with_tapped_lands():
    game = table()
    for i in range(6):
        game.add_permanent("Plains", HERO, tapped=i < 2)
    for name in ("Bonesplitter", "Loxodon Warhammer", "Short Sword"):
        game.add_shop(name)
    game.shop_pending = True
    game.start_round(4, LAB, "end")
    assert game.decision["kind"] == "shop"
    choice = decide(game)
    assert game.action_to_string(choice) == "buy shop card 1 (Loxodon Warhammer)"
    game.apply_action(choice)
    first = decide(game)
    pid = game.slots[first - A.PERMANENT]
    assert game.battlefield[pid].tapped


def test_shop_keeps_enough_lands():
    game = table()
    for _ in range(4):
        game.add_permanent("Plains", HERO)
    game.add_shop("Loxodon Warhammer")
    game.shop_pending = True
    game.start_round(4, LAB, "end")
    assert decide(game) == A.DONE  # 4 - 3 would leave fewer than 3 lands


def test_search_agent_plays_a_legal_move():
    game = ArcaneGame.new(2, hero="white_knight", labyrinth="goblin_warrens")
    agent = make("arcane_labyrinth/search", simulations=2, rollout_depth=5)
    agent.reset(seed=0)
    view = game.determinize(HERO, np.random.default_rng(0))
    action = agent.act(encode(game), game.legal_mask(), game=view)
    assert action in game.legal_actions()
