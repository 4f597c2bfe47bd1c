"""Commander pods on the card engine: scripted positions for each Commander rule, the
elimination record's causes, and random pods."""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.mazerunner.engine.game import COMMAND, CommanderGame
from labyrinth_gym.evaluation.league.points import pod_points
from labyrinth_gym.evaluation.league.season import record_from_dict
from tests.magic.positions import act, attack, lands, pass_until, settle

OBYRA = "Obyra, Dreaming Duelist"  # {U}{B} 2/2, legendary


def _blank(players=2, library=10):
    game = CommanderGame.empty(0, num_players=players, life=40)
    for p in range(players):
        for _ in range(library):
            game.add_card("Island", p, "library")
    return game


def _check_sba(game):
    """Let the engine look at the position again (after a hand-made change)."""
    game.decision = None
    game._legal = None
    game._sba_clean = False
    game._run()


def _on_battlefield(game, name, p):
    pid = game.add_permanent(name, p)
    game.commanders[p].append(game.battlefield[pid].card)
    return pid


def _to_combat(game):
    for _ in range(30):
        if game.decision["kind"] == "attack":
            return
        game.apply_action(A.PASS)
    raise AssertionError(game.step)


def _finish_combat(game):
    game.apply_action(A.DONE)
    for _ in range(30):
        if game.is_terminal() or game.step == "main2":
            return
        legal = game.legal_actions()
        game.apply_action(A.PASS if A.PASS in legal else A.DONE)


def test_a_pod_starts_at_40_with_commanders_in_the_command_zone():
    game = CommanderGame.new(3)
    assert game.num_players == 4 and game.life == [40] * 4
    for p in range(4):
        assert len(game.command[p]) == 1 and game.commanders[p] == game.command[p]
        cards = game.library[p] + game.hand[p] + game.command[p]
        assert len(cards) == 100
    assert game.observation_for(0)["command_zone"][2] == [game.name_of(game.command[2][0])]


def test_the_commander_tax_after_two_casts():
    game = _blank()
    cid = game.add_commander(OBYRA, 0)
    lands(game, 0, *["Swamp"] * 3, *["Island"] * 8)  # 11 lands: 2 + 4 paid, 6 is not
    game.start_at("main1", 0)
    tapped = lambda: sum(1 for p in game.battlefield.values()  # noqa: E731
                         if p.controller == 0 and p.tapped)
    costs = []
    for cast in range(3):
        if COMMAND not in game.legal_actions():
            break
        assert game.action_to_string(COMMAND) == f"cast commander {OBYRA} (tax {{{2 * cast}}})"
        before = tapped()
        game.apply_action(COMMAND)
        settle(game)
        costs.append(tapped() - before)
        pid = next(pid for pid, p in game.battlefield.items() if p.card == cid)
        game.move_permanents([pid], "graveyard")
        _check_sba(game)
        assert game.decision["kind"] == "commander_zone"
        game.apply_action(A.YES)
        assert game.command[0] == [cid]
    assert costs == [2, 4]  # {U}{B}, then {2}{U}{B}; {4}{U}{B} is more than 5 lands left
    assert game.casts[str(cid)] == 2 and game.tax(cid) == 4
    assert [e["tax"] for e in game.events if e["type"] == "cast_from_command"] == [0, 2]


def test_a_commander_put_into_a_graveyard_may_go_to_the_command_zone():
    game = _blank()
    pid = _on_battlefield(game, OBYRA, 0)
    cid = game.battlefield[pid].card
    game.start_at("main1", 0)
    game.move_permanents([pid], "graveyard")
    _check_sba(game)
    assert game.decision == {"kind": "commander_zone", "player": 0, "card": cid,
                             "zone": "graveyard"}
    assert game.legal_actions() == [A.YES, A.NO]
    game.apply_action(A.NO)
    assert cid in game.graveyard[0] and game.decision["kind"] == "priority"
    game.apply_action(A.PASS)  # a later check does not ask again
    assert game.decision["kind"] != "commander_zone"
    # exiled later (from the graveyard): asked again, and this time it goes
    game.graveyard[0].remove(cid)
    game.exile[0].append(cid)
    _check_sba(game)
    assert game.decision["zone"] == "exile"
    game.apply_action(A.YES)
    assert game.command[0] == [cid] and cid not in game.exile[0]


def test_21_combat_damage_from_one_commander_eliminates_and_credits_its_controller():
    game = _blank(players=3)
    pid = _on_battlefield(game, OBYRA, 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    cid = game.battlefield[pid].card
    game.commander_damage[1][str(cid)] = 19
    game.start_at("main1", 0)
    _to_combat(game)
    attack(game, pid)
    attack(game, bears)
    _finish_combat(game)
    assert game.commander_damage[1][str(cid)] == 21
    assert game.lost[1] and game.life[1] == 36  # 40 - 2 - 2: life did not do it
    assert any(e["type"] == "lose" and e["reason"] == "commander damage" for e in game.events)
    assert game.elimination_record()["eliminations"] == [
        {"players": [1], "cause": 0, "controlled_by": None, "draw": False}]
    assert not game.is_terminal()  # seat 2 is still in


def test_a_commander_under_21_and_other_creatures_do_not_count():
    game = _blank()
    pid = _on_battlefield(game, OBYRA, 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.commander_damage[1][str(game.battlefield[pid].card)] = 10
    game.start_at("main1", 0)
    _to_combat(game)
    attack(game, pid)
    attack(game, bears)
    _finish_combat(game)
    assert not game.lost[1] and game.commander_damage[1] == {
        str(game.battlefield[pid].card): 12}


def test_one_free_mulligan():
    game = CommanderGame.new(5)
    first = game.decision["player"]
    game.apply_action(A.MULLIGAN)
    second = game.decision["player"]  # the round goes on in turn order
    assert second != first and game.decision["kind"] == "mulligan"
    game.apply_action(A.MULLIGAN)
    for _ in range(2):
        game.apply_action(A.KEEP)
    assert game.decision == {"kind": "mulligan", "player": first}  # round 2
    game.apply_action(A.KEEP)
    assert len(game.hand[first]) == 7  # no card to the bottom for the first mulligan
    assert game.decision == {"kind": "mulligan", "player": second}
    game.apply_action(A.MULLIGAN)
    assert game.decision == {"kind": "mulligan", "player": second}  # round 3: alone
    game.apply_action(A.KEEP)
    assert game.decision == {"kind": "bottom", "player": second}
    game.apply_action(A.hand(0))
    assert len(game.hand[second]) == 6


def test_one_free_mulligan_in_a_two_player_pod():
    game = CommanderGame.new(5, num_players=2)
    first = game.decision["player"]
    game.apply_action(A.MULLIGAN)
    game.apply_action(A.KEEP)
    game.apply_action(A.KEEP)
    assert game.mull is None and len(game.hand[first]) == 7


def test_lethal_damage_is_credited_to_the_source_controller():
    game = _blank(players=3)
    lands(game, 2, "Mountain")
    game.add_card("Lightning Bolt", 2)
    game.life[0] = 3
    game.start_at("main1", 2)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))  # relative to seat 2: seat 0
    settle(game)
    assert game.lost[0]
    assert game.elimination_record()["eliminations"][0]["cause"] == 2


def test_a_concession_is_self_inflicted_even_after_damage_from_another_player():
    game = _blank(players=3)
    lands(game, 2, "Mountain")
    game.add_card("Lightning Bolt", 2)
    game.start_at("main1", 2)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))  # seat 0 takes 3 from seat 2 ...
    settle(game)
    game.concede(0)  # ... then concedes (rule 104.3a): no one eliminated it
    assert game.lost[0] and not game.is_terminal()
    assert game.elimination_record()["eliminations"] == [
        {"players": [0], "cause": None, "controlled_by": None, "draw": False}]


def test_an_empty_library_draw_goes_to_whoever_made_the_player_draw():
    # 4d.iv's example: the turn-based draw is no one's doing ...
    game = _blank(players=3)
    game.library[1].clear()
    game.start_at("end", 0)
    pass_until(game, "main1")
    assert game.lost[1]
    assert game.elimination_record()["eliminations"][0]["cause"] is None
    # ... but a spell that makes the player draw credits its controller
    game = _blank(players=3)
    game.library[0].clear()
    lands(game, 1, "Swamp", "Swamp")
    game.add_card("Sign in Blood", 1)  # target player draws two cards
    game.start_at("main1", 1)
    act(game, "Sign in Blood")
    game.apply_action(A.player(2))  # relative to seat 1: seat 0
    settle(game)
    assert game.lost[0]
    assert game.elimination_record()["eliminations"][0]["cause"] == 1


def test_paying_ones_own_life_is_ones_own_doing():
    game = _blank(players=3)
    game.start_at("main1", 0)
    game.lose_life(1, 40)  # outside any resolution: a cost paid
    _check_sba(game)
    assert game.lost[1]
    # its own doing: the points function sends its point to the winner pool (4d.ii)
    assert game.elimination_record()["eliminations"][0]["cause"] == 1


def _random_pod(seed):
    game = CommanderGame.new(seed)
    rng = np.random.default_rng(seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply_action(int(legal[rng.integers(len(legal))]))
    return game


@pytest.mark.parametrize("seed", range(12))
def test_random_pods_end_with_a_winner_or_a_draw_and_points_sum_to_4(seed):
    game = _random_pod(seed)
    record = game.elimination_record()
    points = pod_points(record_from_dict(record))
    assert sum(points.points) + points.winner_pool + points.unassigned == 4
    left = [p for p in range(4) if not game.lost[p]]
    if game.outcome == "win":
        assert left == [game.winner] and record["win"]["seat"] == game.winner
        assert sorted(p for e in record["eliminations"] for p in e["players"]) == \
            sorted(set(range(4)) - {game.winner})
    else:
        assert record["win"] is None
    logged = [{k: e[k] for k in ("players", "cause", "controlled_by", "draw")}
              for e in game.events if e["type"] == "elimination"]
    assert logged == record["eliminations"]  # the events alone score the pod
    for p in range(4):  # every card is still somewhere
        owned = [c for c in range(len(game.card_owner))
                 if game.card_owner[c] == p and not game.card_token[c]]
        assert len(owned) == 100


def test_to_dict_round_trip_and_clone_keep_the_commander_state():
    game = CommanderGame.new(2)
    rng = np.random.default_rng(2)
    for _ in range(150):
        legal = game.legal_actions()
        game.apply_action(int(legal[rng.integers(len(legal))]))
    copy = CommanderGame.from_dict(game.to_dict())
    twin = game.clone()
    for other in (copy, twin):
        assert other.to_dict() == game.to_dict()
    assert not game.is_terminal()
    for g in (game, copy, twin):
        r = np.random.default_rng(9)
        while not g.is_terminal():
            legal = g.legal_actions()
            g.apply_action(int(legal[r.integers(len(legal))]))
    assert game.events == copy.events == twin.events
    assert game.elimination_record() == copy.elimination_record()
