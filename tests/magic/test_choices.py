"""Scripted positions for the choices the rules leave to a player (issue 29, area 8):
blocking restrictions checked at the declaration (509.1b), the legend rule's choice
(704.5j), combat damage division (510.1c-d, 702.19b), conceding (104.3a, 800.4a),
priority in the cleanup step (514.3a) and hands larger than the action table's hand
slots. Each names real cards from the pool."""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.game import MagicGame, new_game
from magic.positions import (
    act,
    blank,
    block,
    creature,
    has,
    lands,
    pass_until,
    settle,
    slot,
    to_blocks,
    types_of,
)
from magic.test_properties import card_zones

OBYRA = "Obyra, Dreaming Duelist"  # {U}{B}, a legendary 2/2 with flash and flying




# ------------------------------------------------ blocking restrictions, 509.1b
def test_509_1b_a_lone_blocker_of_a_menace_attacker_leaves_no_done():
    game = blank()
    brute = game.add_permanent("Boggart Brute", 0)  # 3/2 menace
    b1 = game.add_permanent("Grizzly Bears", 1)
    b2 = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_blocks(game, brute)
    block(game, b1, brute)
    legal = game.legal_actions()
    assert A.DONE not in legal
    # the ways out: a second blocker joins, or the lone block is withdrawn
    assert A.block(slot(game, b2)) in legal and A.block(slot(game, b1)) in legal
    with_two = game.clone()
    block(with_two, b2, brute)
    assert A.DONE in with_two.legal_actions()
    act(game, "withdraw the block")
    assert game.blocking == {} and game.blocks == {}
    assert A.DONE in game.legal_actions()
    game.apply_action(A.DONE)
    assert game.step == "declare_blockers" and brute not in game.blocked


def test_509_1b_the_only_possible_blocker_can_always_withdraw():
    game = blank()
    brute = game.add_permanent("Boggart Brute", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_blocks(game, brute)
    assert has(game, "block with")  # declaring it is allowed, finishing is not
    block(game, bears, brute)
    assert game.legal_actions() == [A.block(slot(game, bears))]
    game.apply_action(A.block(slot(game, bears)))
    # withdrawn, it does not block that attacker again: random play once declared and
    # withdrew the same block until max_actions
    assert game.legal_actions() == [A.DONE]
    assert types_of(game).count("block_removed") == 1


# ------------------------------------------------------------ legend rule, 704.5j
def test_704_5j_the_controller_chooses_which_legend_to_keep():
    game = blank()
    lands(game, 0, "Island", "Swamp")
    old = game.add_permanent(OBYRA, 0, counters={"+1/+1": 2})
    game.add_card(OBYRA, 0)
    game.start_at("main1", 0)
    act(game, f"cast hand 0 ({OBYRA})")
    settle(game)
    assert game.decision["kind"] == "legend" and game.decision["player"] == 0
    new = next(pid for pid in game.battlefield
               if game.name_of(game.battlefield[pid].card) == OBYRA and pid != old)
    assert set(game.legal_actions()) == {A.permanent(slot(game, old)),
                                         A.permanent(slot(game, new))}
    keep_new = game.clone()
    keep_new.apply_action(A.permanent(slot(game, new)))
    assert old not in keep_new.battlefield and new in keep_new.battlefield
    game.apply_action(A.permanent(slot(game, old)))  # the one with counters stays
    assert new not in game.battlefield and old in game.battlefield
    assert OBYRA in [game.name_of(c) for c in game.graveyard[0]]
    kept = [e for e in game.events if e["type"] == "legend_rule"]
    assert kept == [{**kept[0], "player": 0, "card": OBYRA, "kept": old}]


def test_704_5j_each_player_chooses_for_their_own_legends_in_apnap_order():
    legend = creature("Test Legend", 2, 2, supertypes=("Legendary",))
    game = blank()
    a0, b0 = game.add_permanent(legend, 0), game.add_permanent(legend, 0)
    a1, b1 = game.add_permanent(legend, 1), game.add_permanent(legend, 1)
    game.start_at("main1", 1)  # seat 1 is active: it chooses first
    assert game.decision == {"kind": "legend", "player": 1, "name": "Test Legend",
                             "options": [a1, b1]}
    game.apply_action(A.permanent(slot(game, a1)))
    assert game.decision["player"] == 0
    assert a1 in game.battlefield and b1 in game.battlefield  # not yet: all at once
    game.apply_action(A.permanent(slot(game, b0)))
    assert set(game.battlefield) >= {a1, b0} and not {b1, a0} & set(game.battlefield)


# ------------------------------------------- dividing combat damage, 510.1c-d
def to_damage(game: MagicGame, attacker: int, *blockers: int) -> None:
    """Attack with ``attacker``, block it with ``blockers``, pass to the combat
    damage step's decision."""
    to_blocks(game, attacker)
    for b in blockers:
        block(game, b, attacker)
    game.apply_action(A.DONE)
    while game.decision["kind"] == "priority":
        game.apply_action(A.PASS)


def test_510_1c_the_attacker_divides_its_damage_freely_among_two_blockers():
    game = blank()
    wurm = game.add_permanent("Craw Wurm", 0)  # 6/4
    bears = game.add_permanent("Grizzly Bears", 1)  # 2/2
    giant = game.add_permanent("Hill Giant", 1)  # 3/3
    game.start_at("main1", 0)
    to_damage(game, wurm, bears, giant)
    d = game.decision
    assert d["kind"] == "assign_damage" and d["player"] == 0 and d["attacker"] == wurm
    assert set(game.legal_actions()) == {A.permanent(slot(game, bears)),
                                         A.permanent(slot(game, giant))}
    # lethal damage to the Giant first (no order is fixed), then "done": the rest
    # to it as well, so the Bears survive (no damage assignment order, 510.1c)
    game.apply_action(A.permanent(slot(game, giant)))
    assert game.decision["left"] == 3 and game.decision["hits"] == [[giant, 3]]
    assert A.DONE in game.legal_actions()
    game.apply_action(A.DONE)
    assert giant not in game.battlefield and bears in game.battlefield
    assert game.battlefield[bears].damage == 0 and wurm not in game.battlefield  # 5
    assert "damage_assigned" in types_of(game)


def test_510_1c_lethal_chunks_then_point_by_point():
    game = blank()
    wurm = game.add_permanent("Craw Wurm", 0)  # 6/4
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    to_damage(game, wurm, bears, giant)
    game.apply_action(A.permanent(slot(game, bears)))  # lethal: 2
    game.apply_action(A.permanent(slot(game, bears)))  # then one point: 3
    game.apply_action(A.permanent(slot(game, giant)))  # lethal: 3 (all that is left)
    assert bears not in game.battlefield and giant not in game.battlefield
    dealt = {e["card"]: e["amount"] for e in game.events
             if e["type"] == "damage" and e["source"] == "Craw Wurm"}
    assert dealt == {"Grizzly Bears": 3, "Hill Giant": 3}


def test_702_19b_trample_reaches_the_player_only_after_lethal_to_every_blocker():
    game = blank()
    trampler = game.add_permanent(creature("Test Trampler", 7, 7, "trample"), 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    to_damage(game, trampler, bears, giant)
    player = A.player(1)
    assert player not in game.legal_actions()
    game.apply_action(A.permanent(slot(game, bears)))
    assert player not in game.legal_actions()  # the Giant has no lethal damage yet
    game.apply_action(A.permanent(slot(game, giant)))
    assert player in game.legal_actions()
    game.apply_action(player)
    assert game.life[1] == 18
    assert bears not in game.battlefield and giant not in game.battlefield


def test_702_2c_deathtouch_makes_one_point_lethal_for_trample():
    game = blank()
    killer = game.add_permanent(creature("Test Killer", 4, 4, "trample", "deathtouch"), 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    to_damage(game, killer, bears, giant)
    game.apply_action(A.permanent(slot(game, bears)))
    game.apply_action(A.permanent(slot(game, giant)))
    assert game.decision["hits"] == [[bears, 1], [giant, 1]]
    game.apply_action(A.player(1))
    assert game.life[1] == 18
    assert bears not in game.battlefield and giant not in game.battlefield


def test_510_1c_one_blocker_takes_all_without_a_decision():
    game = blank()
    trampler = game.add_permanent(creature("Test Trampler", 7, 7, "trample"), 0)
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    to_damage(game, trampler, giant)  # lethal to the Giant, the rest to the player
    assert "damage_assigned" not in types_of(game)
    assert game.life[1] == 16 and giant not in game.battlefield


# ------------------------------------------------ priority in cleanup, 514.3a
def test_514_3a_a_state_based_action_in_cleanup_gives_priority_then_cleanup_again():
    game = blank()
    lands(game, 0, "Forest")
    bears = game.add_permanent("Grizzly Bears", 0)
    ripper = game.add_permanent("Sickle Ripper", 1)  # 2/1 wither
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    act(game, "Giant Growth")
    game.apply_action(A.permanent(slot(game, bears)))
    settle(game)
    to_blocks(game, bears)
    block(game, ripper, bears)
    game.apply_action(A.DONE)
    pass_until(game, "end")
    # two -1/-1 counters from wither: a 3/3 until Giant Growth ends in cleanup
    assert game.battlefield[bears].counters["-1/-1"] == 2 and ripper not in game.battlefield
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert bears not in game.battlefield  # 0/0 once the pump ends (704.5f)
    assert game.step == "cleanup" and game.decision == {"kind": "priority", "player": 0}
    assert "cleanup_priority" in types_of(game)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # all pass: another cleanup step, then the next turn
    assert game.active == 1 and game.step != "cleanup"
    assert types_of(game).count("cleanup_priority") == 1


def test_514_3_no_priority_in_a_quiet_cleanup():
    game = blank()
    game.add_permanent("Grizzly Bears", 0, damage=1)
    game.start_at("end", 0)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.active == 1 and "cleanup_priority" not in types_of(game)


# ------------------------------------------------------ conceding, 104.3a, 800.4a
def test_104_3a_a_two_player_game_ends_when_a_player_concedes():
    game = blank()
    game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    assert A.CONCEDE not in game.legal_actions()  # not offered unless asked for
    game.concede(1)  # at any time: it is seat 0 who is deciding
    assert game.is_terminal() and game.winner == 0 and game.returns() == [1.0, -1.0]
    assert [e["reason"] for e in game.events if e["type"] == "lose"] == ["concede"]
    assert not game.battlefield  # its objects left the game with it


def test_800_4a_a_player_who_concedes_with_priority_counts_as_gone():
    game = blank(players=3)
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Shock")
    game.apply_action(A.player(2))  # Shock at seat 2
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision == {"kind": "priority", "player": 2} and len(game.stack) == 1
    game.concede(2)  # the two others passed in succession: the Shock resolves now
    assert game.lost == [False, False, True] and not game.stack
    assert "fizzle" in types_of(game)  # its target left the game
    assert game.decision == {"kind": "priority", "player": 0} and game.outcome is None


def test_800_4a_a_player_conceding_mid_cast_takes_the_spell_along():
    game = blank(players=3)
    lands(game, 1, "Mountain")
    shock = game.add_card("Shock", 1)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)  # seat 0 passes, seat 1 casts an instant
    act(game, "Shock")
    assert game.decision["kind"] == "target" and game.decision["player"] == 1
    game.concede(1)
    assert game.casting is None and shock in game.exile[1]
    assert game.decision == {"kind": "priority", "player": 2}
    game.apply_action(A.PASS)  # seat 0 passed before: both living players have now
    assert game.step == "beginning_of_combat"


def test_concede_action_is_offered_only_when_asked_and_passing_stays_automatic():
    game = MagicGame.new(3, decks=[["Forest"] * 40] * 2, concede_action=True)
    legal = game.legal_actions()
    assert legal[-1] == A.CONCEDE and game.action_to_string(A.CONCEDE) == "concede"
    seat = game.decision["player"]
    game.apply_action(A.CONCEDE)
    assert game.is_terminal() and game.winner == 1 - seat
    plain = MagicGame.new(3, decks=[["Forest"] * 40] * 2)
    assert A.CONCEDE not in plain.legal_actions()


def test_random_concessions_at_any_moment_keep_the_game_sound():
    """3-4 player random games where a random player concedes at random moments
    (mid-cast, mid-combat, during others' decisions) run to their end."""
    rng = np.random.default_rng(29)
    for seed in range(24):
        players = 3 + seed % 2
        game = new_game(seed, num_players=players, max_turns=30)
        steps = 0
        while not game.is_terminal():
            if rng.random() < 0.01:
                game.concede(int(rng.choice(game.living())))
                continue
            legal = game.legal_actions()
            assert legal, f"no legal action at {game.decision}"
            game.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1
            assert steps < 20_000
        assert game.outcome in ("win", "draw", "truncated")
        zones = card_zones(game)
        assert all(zones[c] == 1 for c in range(len(game.card_def))
                   if not game.card_token[c])


# ------------------------------------------------------- hands beyond 16 slots
def test_a_hand_of_more_than_16_cards_folds_copies_so_every_card_is_playable():
    game = blank()
    lands(game, 0, "Mountain")
    for _ in range(16):
        game.add_card("Grizzly Bears", 0)
    bolt = game.add_card("Lightning Bolt", 0)  # the 17th card
    game.start_at("main1", 0)
    slots = game.hand_slots(0)
    assert len(slots) == A.MAX_HAND and slots[1] == bolt  # one Bears, then the Bolt
    act(game, "cast hand 1 (Lightning Bolt)")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 17
    assert game.hand_slots(0) == game.hand[0]  # 16 cards: slots in arrival order again


def test_hand_slots_follow_arrival_order_up_to_16_cards():
    game = blank()
    cards = [game.add_card(name, 0) for name in ("Grizzly Bears", "Shock",
                                                 "Grizzly Bears", "Forest")]
    game.start_at("main1", 0)
    assert game.hand_slots(0) == cards


def test_the_observation_shows_the_card_each_hand_slot_plays():
    from labyrinth_gym.envs.magic.encoding import CARD, MagicObs, encode

    game = blank()
    for _ in range(18):
        game.add_card("Grizzly Bears", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    v = MagicObs(encode(game, 0))
    assert v.hand_present.sum() == A.MAX_HAND
    assert v.hand[1, CARD["type_instant"]] == 1 and v.hand[0, CARD["type_creature"]] == 1

