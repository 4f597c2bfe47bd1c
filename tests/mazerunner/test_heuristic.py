"""The Mazerunner heuristic's rules on scripted four-player positions: its commander
goes back to the command zone and is cast from it, attacks go at the player it can
eliminate (by life or by commander damage), else at the leader, it keeps home only
what the strongest single board needs, and burn goes at a player it kills, else at
the leader. Then legal play over random pods."""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.agents import MagicHeuristic, MazerunnerHeuristic, make
from labyrinth_gym.agents.mazerunner import MazerunnerHeuristic as Heuristic
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.mazerunner.encoding import encode
from labyrinth_gym.envs.mazerunner.engine.game import COMMAND, CommanderGame
from labyrinth_gym.envs.mazerunner.env import make_game
from tests.magic.positions import act, lands, settle

OBYRA = "Obyra, Dreaming Duelist"  # {U}{B} 2/2, legendary


class DuelHeuristic(Heuristic):
    """The same player with the duel heuristic's attack target, swing-back count and
    burn target (what the threat assessment replaces)."""

    _defender = MagicHeuristic._defender
    _swing_back = MagicHeuristic._swing_back
    _player_victim = MagicHeuristic._player_victim


def pod(life=(40, 40, 40, 40)) -> CommanderGame:
    game = CommanderGame.empty(0, num_players=4, life=40)
    for p in range(4):
        for _ in range(10):
            game.add_card("Island", p, "library")
        game.life[p] = life[p]
    return game


def decide(game: CommanderGame, agent=None) -> int:
    agent = agent or Heuristic()
    p = game.current_player()
    return agent.act(encode(game, p), game.legal_mask())


def on_battlefield_as_commander(game: CommanderGame, name: str, p: int) -> int:
    pid = game.add_permanent(name, p)
    game.commanders[p].append(game.battlefield[pid].card)
    return pid


def to_attack(game: CommanderGame) -> None:
    for _ in range(30):
        if game.decision["kind"] == "attack":
            return
        game.apply_action(A.PASS)
    raise AssertionError(game.step)


def declared(game: CommanderGame, agent=None) -> dict[int, int]:
    """Let the agent declare its attack: ``{object id: defending seat}``."""
    to_attack(game)
    out = {}
    while game.decision["kind"] == "attack":
        a = decide(game, agent)
        if a == A.DONE:
            break
        slot, r = divmod(a - A.ATTACK, A.MAX_PLAYERS - 1)
        pid = next(pid for pid, p in game.battlefield.items() if p.slot == slot)
        out[pid] = r + 1  # observer 0: relative seats are seats
        game.apply_action(a)
    return out


def test_registry():
    assert isinstance(make("mazerunner/heuristic"), MazerunnerHeuristic)
    assert make("mazerunner/random").name == "mazerunner/random"


def test_its_commander_goes_back_to_the_command_zone():
    game = pod()
    pid = on_battlefield_as_commander(game, OBYRA, 0)
    game.start_at("main1", 0)
    game.move_permanents([pid], "graveyard")
    game.decision, game._legal, game._sba_clean = None, None, False
    game._run()
    assert game.decision["kind"] == "commander_zone"
    assert decide(game) == A.YES


def test_casts_its_commander_over_a_cheaper_spell():
    game = pod()
    game.add_commander(OBYRA, 0)
    lands(game, 0, "Swamp", "Island", "Mountain")
    game.add_card("Raging Goblin", 0)  # {R} 1/1: worth less than the commander
    game.start_at("main1", 0)
    assert COMMAND in game.legal_actions()
    assert decide(game) == COMMAND
    game.apply_action(COMMAND)
    settle(game)
    assert any(game.name_of(p.card) == OBYRA for p in game.battlefield.values())


def test_plays_a_land_before_casting_its_commander():
    game = pod()
    game.add_commander(OBYRA, 0)
    lands(game, 0, "Swamp", "Island")
    game.add_card("Island", 0)
    game.start_at("main1", 0)
    assert game.action_to_string(decide(game)).startswith("play")


def test_attacks_the_player_it_can_eliminate():
    game = pod(life=(40, 5, 40, 30))
    giants = [game.add_permanent("Hill Giant", 0) for _ in range(2)]
    for _ in range(3):
        game.add_permanent("Craw Wurm", 2, tapped=True)  # the leader, open to attack
    game.start_at("main1", 0)
    assert declared(game) == {g: 1 for g in giants}  # 6 damage, 5 life, no blockers


def test_commander_damage_makes_a_player_eliminable():
    game = pod(life=(40, 40, 40, 40))
    pid = on_battlefield_as_commander(game, OBYRA, 0)
    game.commander_damage[1][str(game.battlefield[pid].card)] = 19
    for _ in range(3):
        game.add_permanent("Craw Wurm", 3, tapped=True)  # the leader, open to attack
    game.start_at("main1", 0)
    assert declared(game) == {pid: 1}
    # without the commander damage, the leader
    game2 = pod(life=(40, 40, 40, 40))
    pid2 = on_battlefield_as_commander(game2, OBYRA, 0)
    for _ in range(3):
        game2.add_permanent("Craw Wurm", 3, tapped=True)
    game2.start_at("main1", 0)
    assert declared(game2) == {pid2: 3}


def test_attacks_the_leader_not_the_lowest_life():
    def build():
        game = pod(life=(40, 10, 40, 20))
        game.add_permanent("Hill Giant", 0)
        game.add_permanent("Raging Goblin", 1)
        for _ in range(3):
            game.add_permanent("Grizzly Bears", 2)  # none kills a Hill Giant alone
        game.start_at("main1", 0)
        return game

    assert list(declared(build()).values()) == [2]
    assert list(declared(build(), DuelHeuristic()).values()) == [1]


@pytest.mark.parametrize("wurms, home, seat", [((1, 1), 0, 3), ((2, 0), 1, 2)])
def test_keeps_home_what_the_strongest_board_needs(wurms, home, seat):
    """Life 10: two players with one Craw Wurm each cannot kill it alone (6 < 10), so
    both Hill Giants attack; one player with two Wurms can (12), so one stays home.
    The attack goes at the leader it can attack safely: seat 3 past the Wurms, or
    seat 2 (40 life, no creatures) once it has none. The duel heuristic adds every
    opponent's creatures and keeps one home in both."""

    def build():
        game = pod(life=(10, 40, 40, 20))
        for _ in range(2):
            game.add_permanent("Hill Giant", 0)
        for seat, n in zip((1, 2), wurms, strict=True):
            for _ in range(n):
                game.add_permanent("Craw Wurm", seat)
        game.start_at("main1", 0)
        return game

    attack = declared(build())
    assert len(attack) == 2 - home and set(attack.values()) == {seat}
    assert len(declared(build(), DuelHeuristic())) == 1


@pytest.mark.parametrize("life, victim", [((40, 3, 40, 20), 1), ((40, 10, 40, 20), 2)])
def test_burn_goes_at_a_player_it_kills_else_the_leader(life, victim):
    game = pod(life=life)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    assert game.decision["kind"] == "target"
    assert decide(game) == A.player(victim)


@pytest.mark.parametrize("players", [2, 4])
def test_always_picks_a_legal_action_in_random_pods(players):
    agent = Heuristic()
    for g in range(3):
        game = make_game(np.random.default_rng(g), num_players=players, max_turns=40)
        while not game.is_terminal():
            a = decide(game, agent)
            assert a in game.legal_actions()
            game.apply_action(a)
