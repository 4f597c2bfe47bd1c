"""Scripted positions for the choices the rules leave to a player (issue 29, area 8):
blocking restrictions checked at the declaration (509.1b), the legend rule's choice
(704.5j), combat damage division (510.1c-d, 702.19b), conceding (104.3a, 800.4a),
priority in the cleanup step (514.3a) and hands larger than the action table's hand
slots. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    block,
    creature,
    has,
    lands,
    pass_until,
    settle,
    slot,
    types_of,
)

OBYRA = "Obyra, Dreaming Duelist"  # {U}{B}, a legendary 2/2 with flash and flying


def to_blocks(game: MagicGame, *attackers: int) -> None:
    """From seat 0's main phase 1: attack seat 1 with ``attackers``, then pass to
    seat 1's block decision."""
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    for pid in attackers:
        attack(game, pid)
    game.apply_action(A.DONE)
    while game.decision["kind"] != "block":
        game.apply_action(A.PASS)


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
    assert game.legal_actions() == [A.DONE, A.block(slot(game, bears))]
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
