"""The Magic agents: registry, legal play over random games, and the heuristic's rules
on scripted positions (land first, the best affordable spell, removal at the biggest
threat, counterspells, attacks that do not lose the race, blocks that survive, trade
up and chump only when the damage would kill)."""

from __future__ import annotations

import numpy as np
import pytest
from magic.positions import creature

from labyrinth_gym.agents import MagicHeuristic, SearchAgent, make
from labyrinth_gym.envs.magic.encoding import encode
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.game import MagicGame
from labyrinth_gym.envs.magic.env import make_game


def position(players: int = 2) -> MagicGame:
    """An empty two-player game with Islands in the libraries, automatic passing on."""
    game = MagicGame.empty(0, num_players=players)
    for p in range(players):
        for _ in range(10):
            game.add_card("Island", p, "library")
    game.auto_pass = True
    return game


def lands(game: MagicGame, player: int, name: str, n: int) -> None:
    for _ in range(n):
        game.add_permanent(name, player)


def decide(game: MagicGame, agent=None) -> int:
    agent = agent or MagicHeuristic()
    p = game.current_player()
    return agent.act(encode(game, p), game.legal_mask())


def until(game: MagicGame, kind: str, player: int) -> None:
    """Pass (or say done) for everyone until ``player`` is asked ``kind``."""
    for _ in range(200):
        d = game.decision
        if d["kind"] == kind and d["player"] == player:
            return
        legal = game.legal_actions()
        game.apply_action(A.PASS if A.PASS in legal else A.DONE)
    raise AssertionError(f"never reached {kind} for {player}")


def slot_of(game: MagicGame, pid: int) -> int:
    return game.battlefield[pid].slot


# ---------------------------------------------------------------- registry
def test_registry_has_every_magic_agent():
    assert isinstance(make("magic/heuristic"), MagicHeuristic)
    assert isinstance(make("magic/search", simulations=2), SearchAgent)
    assert make("magic/random").name == "magic/random"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_always_picks_a_legal_action(players):
    agent = MagicHeuristic()
    for g in range(4):
        game = make_game(np.random.default_rng(g), num_players=players)
        while not game.is_terminal():
            a = decide(game, agent)
            assert a in game.legal_actions()
            game.apply_action(a)


def test_search_agent_plays_legal_moves_from_the_seats_view():
    agent = make("magic/search", simulations=4, rollout_depth=30, seed=0)
    game = make_game(np.random.default_rng(1), num_players=2)
    for _ in range(12):
        if game.is_terminal():
            break
        p = game.current_player()
        view = game.determinize(p, np.random.default_rng(0))
        a = agent.act(encode(game, p), game.legal_mask(), game=view)
        assert a in game.legal_actions()
        game.apply_action(a)


# ---------------------------------------------------------------- main phase
def test_plays_a_land_first_then_the_best_spell_it_can_afford():
    game = position()
    lands(game, 0, "Mountain", 3)
    for name in ("Raging Goblin", "Hill Giant", "Shivan Dragon", "Mountain"):
        game.add_card(name, 0)
    game.start_at("main1", 0)
    first = decide(game)
    assert game.action_to_string(first) == "play hand 3 (Mountain)"
    game.apply_action(first)
    second = decide(game)
    # four lands: the 4-drop, not the 1-drop (the 6-drop is out of reach)
    assert game.action_to_string(second) == "cast hand 1 (Hill Giant)"


def test_burn_goes_to_the_biggest_creature_it_kills():
    game = position()
    lands(game, 0, "Mountain", 1)
    game.add_card("Lightning Bolt", 0)
    game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    game.add_permanent("Craw Wurm", 1)  # 6/4: Bolt does not kill it
    game.start_at("main1", 0)
    game.apply_action(decide(game))
    assert game.decision["kind"] == "target"
    assert decide(game) == A.permanent(slot_of(game, giant))


def test_burn_goes_to_the_face_when_nothing_dies_to_it():
    game = position()
    lands(game, 0, "Mountain", 1)
    game.add_card("Lightning Bolt", 0)
    game.add_permanent("Craw Wurm", 1)
    game.start_at("main1", 0)
    game.apply_action(decide(game))
    assert decide(game) == A.player(1)


def test_destroy_goes_to_the_biggest_threat():
    game = position()
    lands(game, 0, "Swamp", 3)
    game.add_card("Murder", 0)
    game.add_permanent("Grizzly Bears", 1)
    angel = game.add_permanent("Serra Angel", 1)
    game.add_permanent("Hill Giant", 1)
    game.add_permanent("Hill Giant", 0)
    game.start_at("main1", 0)
    game.apply_action(decide(game))
    assert decide(game) == A.permanent(slot_of(game, angel))


def test_removal_is_not_cast_without_a_target_worth_it():
    game = position()
    lands(game, 0, "Swamp", 3)
    game.add_card("Murder", 0)
    game.add_permanent("Grizzly Bears", 0)  # only our own creature could be targeted
    game.start_at("main1", 0)
    assert decide(game) == A.PASS


def test_counters_an_opponents_spell():
    game = position()
    lands(game, 0, "Island", 2)
    game.add_card("Counterspell", 0)
    lands(game, 1, "Forest", 6)
    game.add_card("Craw Wurm", 1)
    game.start_at("main1", 1)
    game.apply_action(A.cast(0))  # seat 1 casts Craw Wurm
    until(game, "priority", 0)
    a = decide(game)
    assert game.action_to_string(a) == "cast hand 0 (Counterspell)"
    game.apply_action(a)
    assert decide(game) == A.stack(0)


# -------------------------------------------------------------------- combat
def test_attacks_when_no_blocker_can_punish_it():
    game = position()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Llanowar Elves", 1)  # 1/1: cannot kill a 2/2
    game.start_at("declare_attackers", 0)
    assert decide(game) == A.attack(slot_of(game, bears), 1)


def test_does_not_attack_into_a_blocker_that_eats_it():
    game = position()
    game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Giant Spider", 1)  # 2/4 kills a 2/2 and survives
    game.start_at("declare_attackers", 0)
    assert decide(game) == A.DONE


def test_flyers_attack_over_ground_blockers():
    game = position()
    angel = game.add_permanent("Serra Angel", 0)
    game.add_permanent("Craw Wurm", 1)
    game.start_at("declare_attackers", 0)
    assert decide(game) == A.attack(slot_of(game, angel), 1)


def test_keeps_blockers_home_when_the_swing_back_would_kill():
    game = position()
    game.life[0] = 5
    game.add_permanent("Hill Giant", 0)
    game.add_permanent("Hill Giant", 0)
    game.add_permanent("Hill Giant", 1, tapped=True)  # cannot block, but swings back
    game.add_permanent("Hill Giant", 1, tapped=True)
    game.start_at("declare_attackers", 0)
    a = decide(game)
    game.apply_action(a)
    # one giant may go (the tapped giants cannot block it); one must stay home
    assert A.ATTACK <= a < A.BLOCK
    assert decide(game) == A.DONE


def test_everything_attacks_for_lethal():
    game = position()
    game.life[1] = 4
    g1 = game.add_permanent("Grizzly Bears", 0)
    g2 = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Craw Wurm", 1, tapped=True)
    game.start_at("declare_attackers", 0)
    first = decide(game)
    game.apply_action(first)
    second = decide(game)
    assert {first, second} == {A.attack(slot_of(game, g1), 1), A.attack(slot_of(game, g2), 1)}


def _attacked_by(attacker, blocker, life: int = 20):
    game, a, (b,) = _attack_into(attacker, [blocker], life)
    return game, a, b


def _attack_into(attacker, blockers, life: int = 20):
    """Seat 1's ``attacker`` attacks seat 0, whose ``blockers`` are untapped."""
    game = position()
    game.life[0] = life
    a = game.add_permanent(attacker, 1)
    bs = [game.add_permanent(b, 0) for b in blockers]
    game.start_at("declare_attackers", 1)
    game.apply_action(A.attack(slot_of(game, a), 1))  # relative seat 1 of seat 1 = seat 0
    until(game, "block", 0)
    return game, a, bs


def test_blocks_when_the_blocker_kills_and_survives():
    game, attacker, blocker = _attacked_by("Grizzly Bears", "Giant Spider")
    choice = decide(game)
    assert choice == A.block(slot_of(game, blocker))
    game.apply_action(choice)
    assert decide(game) == A.permanent(slot_of(game, attacker))


def test_no_chump_block_while_the_damage_is_not_lethal():
    game, _, _ = _attacked_by("Hill Giant", "Grizzly Bears", life=20)
    assert decide(game) == A.DONE


def test_chump_blocks_when_the_damage_would_kill():
    game, _, blocker = _attacked_by("Hill Giant", "Grizzly Bears", life=3)
    assert decide(game) == A.block(slot_of(game, blocker))


def test_trades_up_but_not_down():
    # a deathtouch 1/2 for a 3/3: both die, and the attacker was worth more
    game, _, blocker = _attacked_by("Hill Giant", "Deadly Recluse")
    assert decide(game) == A.block(slot_of(game, blocker))
    # a 3/2 menace creature for a 2/2: both die, and the blocker was worth more
    game, _, _ = _attacked_by("Grizzly Bears", "Boggart Brute")
    assert decide(game) == A.DONE
    # ... unless the damage coming is pressing (here: 2 damage at 3 life)
    game, _, blocker = _attacked_by("Grizzly Bears", "Boggart Brute", life=3)
    assert decide(game) == A.block(slot_of(game, blocker))


def test_gang_blocks_an_attacker_none_kills_alone():
    # a 5/5 into two 3/3s: together they kill it, it kills one (worth less than it)
    game, wurm, (g1, g2) = _attack_into(creature("Big", 5, 5), ["Hill Giant", "Hill Giant"])
    both = {A.block(slot_of(game, g1)), A.block(slot_of(game, g2))}
    blocks = set()
    for _ in range(2):
        choice = decide(game)
        blocks.add(choice)
        game.apply_action(choice)
        assert decide(game) == A.permanent(slot_of(game, wurm))
        game.apply_action(A.permanent(slot_of(game, wurm)))
    assert blocks == both
    # combat (the attacker's heuristic divides its damage, 510.1c): the 5/5 dies, and
    # it kills one of the giants
    for _ in range(30):
        if game.step == "main2" or game.outcome is not None:
            break
        game.apply_action(decide(game))
    assert wurm not in game.battlefield
    assert (g1 in game.battlefield) != (g2 in game.battlefield)


def test_no_gang_block_that_loses_more_than_it_kills():
    # a 3/3 into two 2/2s: it would kill one bear (worth less than it: fine) ...
    game, _, _ = _attack_into("Hill Giant", ["Grizzly Bears", "Grizzly Bears"])
    assert decide(game) != A.DONE
    # ... but an indestructible attacker is never gang-blocked for nothing
    game, _, _ = _attack_into(creature("God", 3, 3, "indestructible"),
                              ["Grizzly Bears", "Grizzly Bears"])
    assert decide(game) == A.DONE


# ------------------------------------------------------- face-down and devour
def test_manifest_dread_keeps_the_creature_card():
    game = position()
    lands(game, 0, "Forest", 2)
    game.add_card("Lightning Bolt", 0, "library")  # second card
    game.add_card("Giant Growth", 0, "library")  # top card: neither is worth more
    game.add_card("Hill Giant", 0, "library")  # now the top card: a creature
    game.add_card("Manifest Dread", 0)
    game.start_at("main1", 0)
    game.apply_action(decide(game))
    until(game, "dread", 0)
    assert decide(game) == A.mode(0)  # the Hill Giant on top, not Giant Growth


def test_devour_eats_tokens_only():
    game = position()
    lands(game, 0, "Mountain", 4)
    game.add_card("Thorn-Thrash Viashino", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    game.apply_action(decide(game))
    until(game, "devour", 0)
    assert A.permanent(slot_of(game, bears)) in game.legal_actions()
    assert decide(game) == A.DONE


def test_attacks_a_planeswalker_it_kills_else_the_player():
    game = position()
    giant = game.add_permanent("Hill Giant", 0)  # 3 power
    garruk = game.add_permanent("Garruk Wildspeaker", 1)  # loyalty 3: dies to it
    ajani = game.add_permanent("Ajani, Inspiring Leader", 1)  # loyalty 5: survives
    game.start_at("declare_attackers", 0)
    game.apply_action(A.attack(slot_of(game, giant), 1))
    assert game.decision["kind"] == "attack_target"
    assert decide(game) == A.permanent(slot_of(game, garruk))
    game.battlefield[garruk].counters["loyalty"] = 4  # now none dies to it
    game._legal = None
    assert decide(game) == A.player(1)
    assert ajani in game.battlefield


def test_uses_a_planeswalkers_loyalty_ability_in_its_main_phase():
    game = position()
    garruk = game.add_permanent("Garruk Wildspeaker", 0)
    lands(game, 0, "Forest", 2)
    game.start_at("main1", 0)
    move = decide(game)
    assert A.ACTIVATE <= move < A.PLAYER
    assert divmod(move - A.ACTIVATE, A.MAX_ABILITIES)[0] == slot_of(game, garruk)
