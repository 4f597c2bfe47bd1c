"""Scripted rule scenarios for the maze party, each from a fixed position.

Every test sets the piles and the party by hand and scripts every die
(``ScriptedDice`` in ``tests/conftest.py`` fails if the engine rolls a die the test did
not script), then checks one rule of The Labyrinth Deck's rule document, one of the
project's rulings for the maze party, or a ruling in ``engine/game.py``'s docstring.
Deck lists are bottom-first: the top card is the last item.
"""

from __future__ import annotations

import dataclasses

import pytest

from labyrinth_gym.envs.core.engine import TERMINAL_PLAYER, IllegalActionError
from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine import combat
from labyrinth_gym.envs.maze_party.engine.cards import (
    DEAD_END,
    EMPTY,
    KNOWN,
    KNOWN_SET,
    MONSTER,
    RIGHT_PATH,
    ROOM,
    UNKNOWN,
)
from labyrinth_gym.envs.maze_party.engine.combat import MONSTER_SEAT
from labyrinth_gym.envs.maze_party.engine.data import characters, mazes, monsters
from labyrinth_gym.envs.maze_party.engine.game import (
    ACTION,
    CAREFUL_CHOICE,
    CAREFUL_REVEAL,
    CHOOSE,
    COMBAT,
    ELEMENTARY,
    MAP,
    OVER,
    SCOUT_CHOICE,
    SCOUT_REVEAL,
    MazePartyGame,
)

RP, DE, MO, RM = RIGHT_PATH, DEAD_END, MONSTER, ROOM
FIGHTER = characters()["fighter"]  # STR+3 DEX+1 INT-1 WIS+1 CHA+0, 28 HP, AC 18, +5
ROGUE = characters()["rogue"]  # DEX+4, 21 HP, AC 15, attack +6, 2d6+4
FOREST_DC = mazes()["enchanted_forest"].dc  # 13
STATS = (A.USE_STR, A.USE_DEX, A.USE_INT, A.USE_WIS, A.USE_CHA)


# ----------------------------------------------------------------- helpers
def events(game: MazePartyGame, kind: str) -> list[dict]:
    return [e for e in game.events if e["type"] == kind]


def conserved(game: MazePartyGame) -> bool:
    return game.card_counts() == game.expected_counts()


def stat_actions(game: MazePartyGame) -> list[int]:
    return [a for a in game.legal_actions() if a in STATS]


def seat_order(game: MazePartyGame, order: list[int]) -> None:
    """Force the initiative order (highest initiative first) and start with its head."""
    game.order = list(order)
    game.order_pos = 0
    game.active = order[0]
    game.initiative = [0] * game.n
    for rank, seat in enumerate(order):
        game.initiative[seat] = 20 - rank
    game._legal = None


def take(game: MazePartyGame, slot: int, action: int = A.PASS) -> None:
    """One plain turn: ``action`` in the action phase, then choose river ``slot``."""
    assert game.phase == ACTION
    game.apply_action(action)
    assert game.phase == CHOOSE
    game.apply_action(A.SLOT + slot)


def fight(game: MazePartyGame, monster: str, order: list[int], hp: int | None = None):
    """Put the game into a fight with ``monster`` whose combat order is ``order``.

    ``order[0]`` must be a member; it is the one to act.
    """
    enc = combat.Encounter(monsters()[monster], list(order), game.n)
    if hp is not None:
        enc.hp = hp
    game.combat = enc
    game.phase = COMBAT
    game.active = order[0]
    game._legal = None
    return enc


def with_dc(game: MazePartyGame, dc: int) -> None:
    game.maze = dataclasses.replace(game.maze, dc=dc)


# ------------------------------------------------------------- the setup
def test_four_members_remove_two_actions_with_1d6_rerolling_sixes_and_repeats(scripted_new):
    # Initiative 4 x d20, then removal: 6 (re-roll), 1 (STR), 1 (repeat), 4 (WIS).
    game = scripted_new([10, 10, 10, 10, 6, 1, 1, 4], party=4)
    assert game.dice.used_up
    assert game.removed_actions == [True, False, False, True, False]
    rolls = [(e["die"], e["roll"], e["kept"]) for e in events(game, "action_removal_roll")]
    assert rolls == [(6, 6, False), (6, 1, True), (6, 1, False), (6, 4, True)]
    legal = game.legal_actions()
    assert A.USE_STR not in legal and A.USE_WIS not in legal
    assert A.USE_DEX in legal and A.USE_INT in legal


def test_five_members_remove_one_action_with_1d4(scripted_new):
    game = scripted_new([10, 10, 10, 10, 10, 3], party=5)
    assert game.dice.used_up
    assert game.removed_actions == [False, False, True, False, False]
    assert game.dice.rolls(4) == [3]
    assert A.USE_INT not in game.legal_actions()


@pytest.mark.parametrize("size", [1, 2, 3, 6])
def test_other_party_sizes_keep_all_five_actions(scripted_new, size):
    # The script holds only the initiative rolls: a removal roll would exhaust it.
    game = scripted_new([10] * size, party=size)
    assert game.dice.used_up
    assert game.removed_actions == [False] * 5
    assert not events(game, "action_removal_roll")


def test_removal_over_many_seeds():
    for seed in range(200):
        four = MazePartyGame.new(seed, party=4)
        assert sum(four.removed_actions) == 2
        five = MazePartyGame.new(seed, party=5)
        assert sum(five.removed_actions) == 1
        assert not five.removed_actions[A.USE_CHA]  # a d4 cannot name the fifth action


def test_initiative_is_d20_plus_dex_highest_first(scripted_new):
    # fighter DEX+1, rogue +4, wizard +2, cleric +0; then removal rolls 1, 2.
    game = scripted_new([10, 5, 12, 15, 1, 2], party=4)
    assert game.initiative == [11, 9, 14, 15]
    assert game.order == [3, 2, 0, 1]
    assert events(game, "initiative")[0]["order"] == [3, 2, 0, 1]
    assert game.active == 3


def test_turns_follow_initiative_order_round_after_round(scripted_new):
    game = scripted_new([10, 5, 12, 15, 1, 2], party=4)
    game.piles.deck = [RP] * 12
    game.piles.deck_known = [UNKNOWN] * 12
    game.piles.river = [RP, RP, RP]
    game._legal = None
    seen = []
    for _ in range(4):
        seen.append((game.round, game.active))
        take(game, 0)
    seen.append((game.round, game.active))
    assert seen == [(1, 3), (1, 2), (1, 0), (1, 1), (2, 3)]


def test_initiative_ties_go_to_higher_dex_then_lower_seat(scripted_new):
    # fighter 13+1 = rogue 10+4 = 14: the rogue (DEX+4) goes first.
    assert scripted_new([13, 10], party=("fighter", "rogue")).order == [1, 0]
    # Same DEX and the same total: the lower seat first.
    assert scripted_new([7, 7], party=("fighter", "fighter")).order == [0, 1]


# -------------------------------------------------------- the action phase
def test_check_succeeds_on_dc_exactly_and_fails_one_below(position):
    ok = position(deck=[RP] * 5, river=[RP, RP, RP], dice=[FOREST_DC - 3])  # STR +3
    ok.apply_action(A.USE_STR)
    assert ok.used[A.USE_STR]
    check = events(ok, "check")[-1]
    assert (check["roll"], check["modifier"], check["dc"], check["success"]) == (10, 3, 13, True)

    short = position(deck=[RP] * 5, river=[RP, RP, RP], dice=[FOREST_DC - 4])
    short.apply_action(A.USE_STR)
    assert not short.used[A.USE_STR]
    assert events(short, "check")[-1]["success"] is False


def test_natural_20_is_not_an_automatic_success(position):
    game = position(deck=[RP] * 5, river=[RP, RP, RP], dice=[20])
    with_dc(game, 24)  # 20 + 3 = 23 < 24
    discard = list(game.piles.discard)
    game.apply_action(A.USE_STR)
    assert not game.used[A.USE_STR]
    assert game.piles.discard == discard


def test_forge_a_path_adds_two_right_paths_to_the_discard(position):
    game = position(deck=[DE] * 6, river=[DE, MO, RM], discard=[MO], dice=[20])
    added = game.added[RP]
    game.apply_action(A.USE_STR)
    assert game.piles.discard == [MO, RP, RP]
    assert game.piles.discard_known == [UNKNOWN, KNOWN, KNOWN]
    assert game.added[RP] == added + 2
    assert game.used == [True, False, False, False, False]
    assert game.phase == CHOOSE
    assert events(game, "forge_a_path")
    assert conserved(game)


def test_scout_ahead_unchosen_deck_card_stays_on_top(position):
    game = position(deck=[RM, RM, RM, RP], river=[MO, RM, DE], dice=[12])  # DEX +1
    game.apply_action(A.USE_DEX)
    assert game.phase == SCOUT_REVEAL
    assert game.scout_card == RP
    assert game.piles.deck[-1] == RP and game.piles.deck_known[-1] == KNOWN
    assert game.legal_actions() == [A.SLOT, A.SLOT + 1, A.SLOT + 2]
    game.apply_action(A.SLOT + 0)  # reveal the river's Monster
    assert game.phase == SCOUT_CHOICE
    assert game.legal_actions() == [A.SLOT + 0, A.DECK]
    game.apply_action(A.SLOT + 0)  # take the Monster, not the scouted Right Path
    assert game.dm_points == 1 and game.points == 0
    # Cleanup discarded the river (only the Monster was seen); the scouted card was
    # still on top, so the next river's first card is it, and the party knows it.
    assert game.piles.discard == [MO, RM, DE]
    assert game.piles.discard_known == [KNOWN, UNKNOWN, UNKNOWN]
    assert game.piles.river == [RP, RM, RM]
    assert game.piles.river_known == [True, False, False]
    assert game.piles.deck == [RM]
    assert conserved(game)


def test_scout_ahead_can_take_the_deck_card(position):
    game = position(deck=[RM, RM, RM, RP], river=[MO, RM, DE], dice=[20])
    game.apply_action(A.USE_DEX)
    game.apply_action(A.SLOT + 0)
    game.apply_action(A.DECK)
    assert game.points == 1 and game.dm_points == 0
    assert events(game, "choose")[-1]["slot"] == "deck"
    assert sorted(game.piles.discard) == sorted([RP, MO, RM, DE])
    assert game.piles.deck == []  # the 3 Rooms went to the next river
    assert game.piles.river == [RM, RM, RM]
    assert conserved(game)


def test_scout_ahead_taken_dead_end_sticks_in_the_revealed_slot(position):
    game = position(deck=[RP, RP, RP, RP, DE], river=[RP, RM, RP], dice=[20])
    game.apply_action(A.USE_DEX)
    game.apply_action(A.SLOT + 1)  # reveal the Room
    game.apply_action(A.DECK)  # take the scouted Dead End
    assert game.piles.river[1] == DE and game.piles.stuck == [False, True, False]
    assert RM in game.piles.discard  # the revealed, unchosen Room was discarded
    assert game.piles.face_down_slots() == [0, 2]
    assert conserved(game)


def test_its_elementary_buries_the_chosen_card_and_puts_the_rest_on_top(position):
    game = position(deck=[RP, RP, DE, MO, RM], river=[RP, RP, RP], dice=[14])  # INT -1
    game.apply_action(A.USE_INT)
    assert game.phase == ELEMENTARY
    assert game.elementary == [RM, MO, DE]  # the top three, in draw order
    assert game.legal_actions() == [A.BOTTOM, A.BOTTOM + 1, A.BOTTOM + 2]
    assert conserved(game)  # the three cards in hand still count
    game.apply_action(A.BOTTOM + 1)  # bury the Monster
    deck = game.piles.deck
    assert deck[0] == MO and game.piles.deck_known[0] == KNOWN
    assert len(deck) == 5
    assert sorted(deck[-2:]) == sorted([RM, DE])
    assert game.piles.deck_known[-2:] == [KNOWN_SET, KNOWN_SET]
    assert ("shuffle", 2, [RM, DE]) in game.dice.calls  # the rest is shuffled
    assert game.elementary == []
    assert game.phase == CHOOSE
    assert game.used[A.USE_INT]
    assert conserved(game)


def test_careful_consideration_reveals_two_chosen_slots_then_choose_one(position):
    game = position(deck=[RM] * 5, river=[MO, DE, RP], dice=[12])  # WIS +1
    game.apply_action(A.USE_WIS)
    assert game.phase == CAREFUL_REVEAL
    assert game.legal_actions() == [A.SLOT, A.SLOT + 1, A.SLOT + 2]
    game.apply_action(A.SLOT + 0)
    assert game.phase == CAREFUL_REVEAL
    assert game.legal_actions() == [A.SLOT + 1, A.SLOT + 2]
    game.apply_action(A.SLOT + 2)
    assert game.phase == CAREFUL_CHOICE
    assert game.legal_actions() == [A.SLOT + 0, A.SLOT + 2]
    game.apply_action(A.SLOT + 2)
    assert game.points == 1 and game.dm_points == 0
    assert [e["slot"] for e in events(game, "reveal")] == [0, 2]
    # The unrevealed Dead End was discarded face down, it did not stick.
    assert game.piles.discard == [MO, DE, RP]
    assert game.piles.discard_known == [KNOWN, UNKNOWN, KNOWN]
    assert not any(game.piles.stuck)


def test_careful_consideration_with_one_face_down_card_goes_straight_to_choice(position):
    game = position(
        deck=[RM] * 5, river=[DE, DE, RP], stuck=[True, True, False], dice=[20]
    )
    game.apply_action(A.USE_WIS)
    game.apply_action(A.SLOT + 2)
    assert game.phase == CAREFUL_CHOICE
    assert game.legal_actions() == [A.SLOT + 2]


def test_boost_morale_removes_a_stuck_dead_end_and_refills_the_slot(position):
    game = position(
        deck=[RP, RP, RM], river=[DE, MO, RM], stuck=[True, False, False], dice=[13]
    )
    removed = game.removed[DE]
    game.apply_action(A.USE_CHA)  # CHA +0
    assert game.piles.river == [RM, MO, RM]
    assert game.piles.stuck == [False, False, False]
    assert game.piles.river_known == [False, False, False]  # a face-down draw
    assert game.piles.deck == [RP, RP]
    assert game.removed[DE] == removed + 1
    assert game.used[A.USE_CHA]
    assert game.legal_actions() == [A.SLOT, A.SLOT + 1, A.SLOT + 2]
    assert conserved(game)


def test_boost_morale_needs_a_stuck_dead_end(position):
    game = position(deck=[RP] * 5, river=[DE, MO, RM], dice=[])
    assert A.USE_CHA not in game.legal_actions()
    stuck = position(deck=[RP] * 5, river=[DE, MO, RM], stuck=[True, False, False])
    assert A.USE_CHA in stuck.legal_actions()


@pytest.mark.parametrize("stat", STATS)
def test_failed_action_has_no_effect_and_stays_available(position, stat):
    game = position(
        deck=[RP, DE, MO, RM, RP], river=[DE, RP, RP], stuck=[True, False, False],
        discard=[RM], dice=[1],
    )
    before = game.piles.to_dict()
    assert stat in game.legal_actions()
    game.apply_action(stat)
    assert game.phase == CHOOSE  # no follow-up decision
    assert game.used == [False] * 5
    assert game.piles.to_dict() == before
    assert game.scout_card == EMPTY and game.elementary == []
    assert events(game, "check")[-1]["success"] is False
    game.apply_action(A.SLOT + 1)
    assert game.phase == ACTION
    assert stat in game.legal_actions()  # the next turn may try it again


def test_success_locks_the_action_for_the_whole_party(position):
    game = position(party=("fighter", "rogue"), deck=[RP] * 9, river=[RP, RP, RP], dice=[20])
    seat_order(game, [0, 1])
    game.apply_action(A.USE_STR)
    game.apply_action(A.SLOT)
    assert game.active == 1
    assert stat_actions(game) == [A.USE_DEX, A.USE_INT, A.USE_WIS]
    with pytest.raises(IllegalActionError):
        game.apply_action(A.USE_STR)


def test_actions_unlock_at_round_end_when_all_remaining_are_used(position):
    game = position(deck=[RP] * 9, river=[RP, RP, RP], dice=[20])
    game.used = [False, True, True, True, True]
    game._legal = None
    take(game, 0, A.USE_STR)
    assert game.used == [False] * 5
    assert events(game, "actions_unlocked")
    assert A.USE_STR in game.legal_actions()


def test_actions_stay_locked_while_one_remains_unused(position):
    game = position(deck=[RP] * 9, river=[RP, RP, RP], dice=[20])
    game.used = [False, False, True, True, True]
    game._legal = None
    take(game, 0, A.USE_STR)
    assert game.used == [True, False, True, True, True]
    assert not events(game, "actions_unlocked")
    assert stat_actions(game) == [A.USE_DEX]


def test_unlock_waits_for_the_end_of_the_round_and_ignores_removed_actions(position):
    game = position(party=4, deck=[RP] * 20, river=[RP, RP, RP], dice=[20])
    seat_order(game, [0, 1, 2, 3])
    game.removed_actions = [False, True, False, False, True]
    game.used = [False, False, True, True, False]
    game._legal = None
    take(game, 0, A.USE_STR)  # now every kept action is used
    for seat in (1, 2, 3):  # the rest of the round: locked
        assert game.active == seat and game.round == 1
        assert stat_actions(game) == []
        take(game, 0)
    assert game.round == 2 and game.active == 0
    assert game.used == [False] * 5
    assert stat_actions(game) == [A.USE_STR, A.USE_INT, A.USE_WIS]


def test_an_unusable_last_action_does_not_lock_the_party_out(position):
    # Rule text: "If there are no actions left to use, the actions unlock".
    game = position(deck=[RP] * 12, river=[RP, RP, RP], dice=[])
    game.used = [True, True, True, True, False]
    game._legal = None
    offered = []
    for _ in range(3):  # three rounds of one member, taking Right Paths
        offered.append(stat_actions(game))
        take(game, 0)
    assert any(offered), offered


# ------------------------------------------------------- the river and cards
def test_river_refills_to_three_around_a_stuck_dead_end(position):
    game = position(
        deck=[RM, RM, RP, RP], river=[DE, RP, MO], stuck=[True, False, False]
    )
    take(game, 1)
    assert game.piles.river == [DE, RP, RP]
    assert game.piles.stuck == [True, False, False]
    assert game.piles.deck == [RM, RM]
    assert game.piles.discard == [RP, MO]
    assert conserved(game)


def test_a_chosen_dead_end_sticks_and_cannot_be_chosen(position):
    game = position(deck=[RP] * 6, river=[DE, RP, RM])
    take(game, 0)
    assert events(game, "dead_end")
    assert game.piles.river[0] == DE and game.piles.stuck == [True, False, False]
    game.apply_action(A.PASS)
    assert game.legal_actions() == [A.SLOT + 1, A.SLOT + 2]
    assert game.piles.discard == [RP, RM]  # the others went away
    assert conserved(game)


def test_a_river_of_three_dead_ends_is_removed_and_a_monster_joins_the_discard(position):
    game = position(
        deck=[RP, RM, RP, RM], river=[DE, DE, DE], stuck=[True, True, False], discard=[RP]
    )
    removed, added = game.removed[DE], game.added[MO]
    take(game, 2)
    assert game.removed[DE] == removed + 3
    assert game.added[MO] == added + 1
    assert game.piles.discard == [RP, MO]
    assert game.piles.discard_known == [UNKNOWN, KNOWN]
    assert events(game, "river_of_dead_ends")
    assert game.piles.river == [RM, RP, RM] and game.piles.stuck == [False] * 3
    assert conserved(game)


def test_reshuffle_the_discard_when_the_deck_runs_out(position):
    game = position(deck=[RP], river=[RP, DE, MO], discard=[RM, RP], dice=[])
    take(game, 0)
    [event] = events(game, "reshuffle")
    assert event["deck"] == 5
    assert game.piles.reshuffles == 1
    # Slot 0 took the last deck card; the discard (old + this river) became the deck.
    assert game.piles.river == [RP, MO, DE]
    assert game.piles.deck == [RM, RP, RP]
    assert game.piles.deck_known == [UNKNOWN] * 3
    assert game.piles.discard == []
    assert ("shuffle", 5, [RM, RP, RP, DE, MO]) in game.dice.calls
    assert conserved(game)


def test_right_paths_score_and_the_fifth_escapes(position):
    game = position(party=("fighter", "rogue"), deck=[RP] * 9, river=[RP, RP, RP])
    game.points = 3
    take(game, 0)
    assert game.points == 4 and not game.is_terminal()
    take(game, 0)
    assert game.points == 5
    assert game.is_terminal() and not game.is_truncated()
    assert game.outcome == "escaped" and game.phase == OVER
    assert game.returns() == [1.0, 1.0]
    assert game.current_player() == TERMINAL_PLAYER
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError):
        game.apply_action(A.PASS)


def test_paths_only_maze_needs_its_own_number_of_right_paths(position):
    game = position(maze="sunken_catacombs", deck=[RP] * 9, river=[RP, RP, RP])
    game.points = 4
    take(game, 0)
    assert game.points == 5 and not game.is_terminal()
    take(game, 0)
    assert game.outcome == "escaped"


def test_two_monster_cards_start_the_encounter_and_reset_the_count(position):
    game = position(deck=[RP] * 9 + [MO], river=[MO, RP, RP], dice=[1, 1])
    game.initiative = [15]
    take(game, 0)
    assert game.dm_points == 1 and game.phase == ACTION and game.combat is None
    assert game.piles.river[0] == MO  # the next river's first card
    take(game, 0)  # monster table d6 -> 1, monster initiative d20 -> 1
    assert game.dm_points == 0
    assert game.phase == COMBAT and game.combat is not None
    assert game.combat.monster.name == "Minotaur"
    assert events(game, "encounter")[0]["order"] == [0, MONSTER_SEAT]
    assert game.legal_actions() == [A.ATTACK, A.DODGE]


def test_monster_initiative_is_slotted_into_the_party_order(position):
    game = position(party=3, deck=[RP] * 9, river=[MO, RP, RP], dice=[1, 11])
    seat_order(game, [2, 0, 1])
    game.initiative = [11, 5, 15]
    game.dm_points = 1
    take(game, 0)  # the Minotaur (DEX +0) rolls 11: after seat 2 (15); ties go to members
    assert game.combat.order == [2, 0, MONSTER_SEAT, 1]
    assert game.active == 2


def _slay(game: MazePartyGame) -> None:
    """The active member hits the (nearly dead) monster: d20 15, d8 4."""
    game.combat.hp = 5
    game.dice.values += [15, 4]
    game.apply_action(A.ATTACK)


def test_killing_the_minotaur_escapes_the_enchanted_forest(position):
    game = position(deck=[RP] * 9, river=[MO, RP, RP], dice=[1, 1])
    game.initiative = [15]
    game.dm_points = 1
    take(game, 0)
    _slay(game)
    assert events(game, "monster_slain")
    assert game.outcome == "escaped" and game.returns() == [1.0]
    assert game.combat is None


def test_killing_the_monster_in_a_paths_only_maze_removes_a_deck_monster(position):
    game = position(
        maze="sunken_catacombs", deck=[RP, MO, RP, MO, RP, RP, RP], river=[MO, RP, RP],
        dice=[1, 1],
    )
    game.initiative = [15]
    game.dm_points = 1
    removed = game.removed[MO]
    take(game, 0)
    assert game.combat.monster.name == "Wight"
    game.dice.values += [15, 4, 1]  # hit, damage, which deck Monster goes (index 1 of 2)
    game.combat.hp = 5
    game.apply_action(A.ATTACK)
    assert not game.is_terminal()
    assert game.combat is None and game.phase == ACTION
    assert ("index", 2, 1) in game.dice.calls
    assert game.removed[MO] == removed + 1
    assert events(game, "monster_card_removed")[0]["source"] == "deck"
    assert game.card_counts()[MO] == 1 + 1  # the discarded trigger card + one in the deck
    assert conserved(game)


# ------------------------------------------------------------------ rooms
@pytest.mark.parametrize(
    "trap_roll, name, dc",
    [(1, "Slowing Trap", 12), (3, "Slowing Trap", 12), (4, "Poison Dart Trap", 14),
     (5, "Poison Dart Trap", 14), (6, "Sleep Dust Trap", 13)],
)
def test_trap_table_and_disarm_dc(position, trap_roll, name, dc):
    # Disarm: d20 + DEX (+1) >= trap DC; a success rolls the treasure table (1: potion).
    game = position(deck=[RP] * 9, river=[RM, RP, RP], dice=[trap_roll, dc - 1, 1])
    take(game, 0)
    assert events(game, "trap")[0]["name"] == name
    check = events(game, "check")[-1]
    assert (check["dc"], check["success"]) == (dc, True)
    assert game.potions == 1
    assert game.dice.used_up

    fail = position(deck=[RP] * 9, river=[RM, RP, RP], dice=[trap_roll, dc - 2] + [1] * 9)
    take(fail, 0)
    assert events(fail, "check")[-1]["success"] is False
    assert not events(fail, "treasure")


def test_slowing_trap_adds_a_dead_end_to_the_river_after_it_clears(position):
    game = position(deck=[RP, RM, RP], river=[RP, RM, RP], dice=[2, 1])
    added = game.added[DE]
    take(game, 1)
    assert events(game, "dead_end_added")
    assert game.added[DE] == added + 1
    assert game.piles.river == [DE, RP, RM] and game.piles.stuck == [True, False, False]
    assert game.piles.discard == [RP, RM, RP]
    assert conserved(game)


def test_poison_dart_trap_dex_saves_and_1d12_damage(position):
    # Fighter (seat 0) saves with 14 + 1 >= 15; rogue (seat 1) fails 10 + 4 and takes 7.
    game = position(party=("fighter", "rogue"), deck=[RP] * 9, river=[RM, RP, RP],
                    dice=[4, 1, 14, 10, 7])
    seat_order(game, [0, 1])
    take(game, 0)
    saves = [(e["member"], e["dc"], e["saved"], e["damage"]) for e in events(game, "poison_save")]
    assert saves == [(0, 15, True, 0), (1, 15, False, 7)]
    assert game.hp == [FIGHTER.hp, ROGUE.hp - 7]
    assert game.dice.used_up


def test_poison_dart_skips_members_who_are_down(position):
    game = position(party=("fighter", "rogue"), deck=[RP] * 9, river=[RM, RP, RP],
                    dice=[5, 1, 1, 12])
    seat_order(game, [0, 1])
    game.hp[1] = 0
    take(game, 0)
    assert [e["member"] for e in events(game, "poison_save")] == [0]
    assert game.hp == [FIGHTER.hp - 12, 0]


def test_party_is_lost_when_the_last_member_goes_down(position):
    game = position(party=("fighter", "rogue"), deck=[RP] * 9, river=[RM, RP, RP],
                    dice=[4, 1, 1, 5])
    seat_order(game, [0, 1])
    game.hp = [3, 0]
    take(game, 0)
    assert game.hp == [0, 0]
    assert events(game, "down")
    assert game.outcome == "lost" and game.is_terminal() and not game.is_truncated()
    assert game.returns() == [-1.0, -1.0]


def test_sleep_dust_puts_a_monster_on_top_and_the_sleeper_skips_two_turns(position):
    game = position(party=("fighter", "rogue"), deck=[RP] * 12, river=[RM, RP, RP],
                    dice=[6, 1])
    seat_order(game, [0, 1])
    added = game.added[MO]
    take(game, 0)
    assert events(game, "asleep")[0]["member"] == 0
    assert game.added[MO] == added + 1
    # The Monster went on top, known; the next draw put it in the river, known.
    assert game.piles.river[0] == MO and game.piles.river_known[0]
    assert conserved(game)
    turns = []
    for _ in range(3):
        turns.append(game.active)
        take(game, 1)
    assert turns == [1, 1, 1]
    assert game.active == 0 and game.asleep == [0, 0]
    skips = events(game, "skip_asleep")
    assert [(e["member"], e["left"]) for e in skips] == [(0, 1), (0, 0)]
    assert game.turn == 7  # the two skipped turns counted toward the cap


def test_waking_a_sleeper_gives_the_turns_back(position):
    game = position(party=("fighter", "rogue"), deck=[RP] * 12, river=[RM, RP, RP],
                    dice=[6, 1])
    seat_order(game, [0, 1])
    take(game, 0)
    assert game.active == 1
    assert A.WAKE + 0 in game.legal_actions()
    assert A.WAKE + 1 not in game.legal_actions()
    take(game, 1, A.WAKE + 0)  # instead of a stat action, no check
    assert events(game, "woken")[0]["by"] == 1
    assert game.asleep == [0, 0]
    assert game.active == 0
    assert not events(game, "skip_asleep")


@pytest.mark.parametrize("treasure_roll, potions, charms", [(1, 1, 0), (3, 1, 0), (4, 0, 1),
                                                            (5, 0, 1)])
def test_disarmed_trap_gives_a_potion_or_a_charm(position, treasure_roll, potions, charms):
    game = position(deck=[RP] * 9, river=[RM, RP, RP], dice=[1, 20, treasure_roll])
    take(game, 0)
    assert (game.potions, game.charms) == (potions, charms)
    assert game.phase == ACTION and game.piles.stuck == [False] * 3


@pytest.mark.parametrize("swap", [False, True])
def test_map_fragment_shows_and_reorders_the_top_two_cards(position, swap):
    game = position(deck=[RP, RP, RP, RM, MO], river=[RM, RP, RP], dice=[1, 20, 6])
    take(game, 0)
    assert game.phase == MAP
    assert game.piles.deck_known[-2:] == [KNOWN, KNOWN]
    assert game.legal_actions() == [A.MAP_KEEP, A.MAP_SWAP]
    game.apply_action(A.MAP_SWAP if swap else A.MAP_KEEP)
    first, second = (RM, MO) if swap else (MO, RM)
    assert game.piles.river[:2] == [first, second]
    assert game.piles.river_known == [True, True, False]


def test_lucky_charm_adds_two_to_the_next_check_only(position):
    game = position(deck=[RP] * 9, river=[RP, RP, RP], dice=[8, 8])
    game.charms = 1
    take(game, 0, A.USE_STR)  # 8 + 3 + 2 = 13
    first = events(game, "check")[-1]
    assert (first["bonus"], first["success"]) == (2, True)
    assert game.charms == 0
    game.used = [False] * 5
    game._legal = None
    take(game, 0, A.USE_STR)  # 8 + 3 = 11
    second = events(game, "check")[-1]
    assert (second["bonus"], second["success"]) == (0, False)


def test_lucky_charm_helps_a_disarm(position):
    game = position(deck=[RP] * 9, river=[RM, RP, RP], dice=[1, 9, 1])  # 9 + 1 + 2 >= 12
    game.charms = 1
    take(game, 0)
    assert events(game, "check")[-1]["success"] is True
    assert game.charms == 0 and game.potions == 1


def test_truncation_at_max_turns(position):
    game = position(max_turns=3, deck=[RP] * 9, river=[RP, RP, RP])
    game.points = -10  # no escape in the way
    for _ in range(3):
        assert not game.is_terminal()
        take(game, 0)
    assert game.turn == 3
    assert game.outcome == "truncated" and game.is_truncated() and game.is_terminal()
    assert game.returns() == [0.0]
    assert game.legal_actions() == []


# ----------------------------------------------------------------- combat
@pytest.mark.parametrize("roll, hit", [(9, True), (8, False)])
def test_attack_hits_at_the_monster_ac_and_misses_below(position, roll, hit):
    # Fighter: d20 + 5 vs the Minotaur's AC 14; a hit deals 1d8 + 3.
    game = position(party=("fighter", "rogue"), dice=[roll, 4] if hit else [roll])
    enc = fight(game, "minotaur", [0, 1, MONSTER_SEAT])
    game.apply_action(A.ATTACK)
    assert events(game, "attack")[-1]["hit"] is hit
    assert enc.hp == 76 - (7 if hit else 0)
    assert game.dice.used_up
    assert game.active == 1 and game.phase == COMBAT


def test_natural_20_hits_anything_and_doubles_the_damage_dice(position):
    game = position(party=("fighter", "rogue"), dice=[20, 8, 8])
    enc = fight(game, "minotaur", [0, 1, MONSTER_SEAT])
    enc.monster = dataclasses.replace(enc.monster, ac=30)
    game.apply_action(A.ATTACK)
    assert game.dice.rolls(8) == [8, 8]  # 2d8 + 3 instead of 1d8 + 3
    assert enc.hp == 76 - 19


def test_natural_1_always_misses(position):
    game = position(party=("fighter", "rogue"), dice=[1])
    enc = fight(game, "minotaur", [0, 1, MONSTER_SEAT])
    enc.monster = dataclasses.replace(enc.monster, ac=2)
    game.apply_action(A.ATTACK)
    assert enc.hp == 76 and events(game, "attack")[-1]["hit"] is False


def test_dodge_gives_the_monster_disadvantage(position):
    # The Wight is not reckless: each longsword rolls 2 d20s and keeps the lower.
    game = position(maze="sunken_catacombs", dice=[0, 19, 2, 0, 18, 3])
    enc = fight(game, "wight", [0, MONSTER_SEAT])
    game.apply_action(A.DODGE)
    attacks = events(game, "monster_attack")
    assert [(e["roll"], e["hit"]) for e in attacks] == [(2, False), (3, False)]
    assert game.hp == [FIGHTER.hp]
    assert game.dice.used_up
    assert game.active == 0 and enc.dodging == [False]  # it lasts until its next turn


def test_without_dodge_the_monster_rolls_one_die(position):
    # The fighter misses (natural 1); the Wight hits once (19 + 4) for 1d8 + 2 and
    # misses once, one d20 per attack.
    game = position(maze="sunken_catacombs", dice=[1, 0, 19, 5, 0, 2])
    fight(game, "wight", [0, MONSTER_SEAT])
    game.apply_action(A.ATTACK)
    attacks = events(game, "monster_attack")
    assert [(e["roll"], e["hit"], e["damage"]) for e in attacks] == [
        (19, True, 7),
        (2, False, 0),
    ]
    assert game.hp == [FIGHTER.hp - 7]
    assert game.dice.used_up


def test_help_gives_the_next_ally_advantage(position):
    # The rogue attacks with advantage (3 and 17: 17 + 6 hits AC 14) for 2d6 + 4; then
    # the Wight misses twice.
    game = position(maze="sunken_catacombs", party=("fighter", "rogue"),
                    dice=[3, 17, 2, 2, 0, 1, 0, 1])
    enc = fight(game, "wight", [0, 1, MONSTER_SEAT])
    assert A.HELP in game.legal_actions()
    game.apply_action(A.HELP)
    assert enc.helped
    game.apply_action(A.ATTACK)
    attack = events(game, "attack")[-1]
    assert (attack["member"], attack["roll"], attack["hit"]) == (1, 17, True)
    assert enc.hp == 45 - (2 + 2 + 4)
    assert not enc.helped
    assert game.dice.used_up


def test_without_help_the_same_roll_misses(position):
    game = position(maze="sunken_catacombs", party=("fighter", "rogue"), dice=[3])
    enc = fight(game, "wight", [1, 0, MONSTER_SEAT])
    game.apply_action(A.ATTACK)
    assert enc.hp == 45 and game.dice.rolls(20) == [3]


def test_help_needs_a_standing_awake_ally(position):
    game = position(party=("fighter", "rogue"))
    fight(game, "minotaur", [0, 1, MONSTER_SEAT])
    game.hp[1] = 0
    game._legal = None
    assert A.HELP not in game.legal_actions()


def test_help_does_not_give_the_helper_advantage(position):
    # Seat 0 helps, seat 1 dodges, the Wight misses seat 0 twice, then seat 0 attacks:
    # one d20 (2, a miss). With the bug it rolls 2 and 19 and hits.
    game = position(maze="sunken_catacombs", party=("fighter", "rogue"),
                    dice=[0, 1, 0, 1, 2, 19, 4])
    fight(game, "wight", [0, 1, MONSTER_SEAT])
    game.apply_action(A.HELP)
    game.apply_action(A.DODGE)
    assert game.active == 0
    game.apply_action(A.ATTACK)
    attack = events(game, "attack")[-1]
    assert (attack["roll"], attack["hit"]) == (2, False)


def test_potion_heals_but_not_a_member_who_is_down_or_unhurt(position):
    game = position(party=("fighter", "rogue", "wizard"), dice=[3, 4])
    fight(game, "minotaur", [0, 1, 2, MONSTER_SEAT])
    game.potions = 1
    game.hp = [10, 0, 17]
    game._legal = None
    legal = game.legal_actions()
    assert A.POTION + 0 in legal
    assert A.POTION + 1 not in legal  # down
    assert A.POTION + 2 not in legal  # unhurt
    with pytest.raises(IllegalActionError):
        game.apply_action(A.POTION + 1)
    game.apply_action(A.POTION + 0)  # 2d4 + 2 = 9
    assert game.hp == [19, 0, 17]
    assert game.potions == 0
    assert not [a for a in game.legal_actions() if a >= A.POTION]


def test_potion_heals_no_higher_than_max_hp(position):
    game = position(dice=[4, 4])
    game.potions = 2
    game.hp = [FIGHTER.hp - 1]
    game._legal = None
    game.apply_action(A.POTION + 0)  # in the action phase, instead of a stat action
    assert game.hp == [FIGHTER.hp] and game.potions == 1
    assert game.phase == CHOOSE


def test_reckless_minotaur_charges_first_with_advantage_then_greataxe(position):
    game = position(deck=[RP] * 9, river=[MO, RP, RP], dice=[
        1, 20,        # monster table, Minotaur initiative 20 > the fighter's 5
        0, 2, 15,     # charge (gore): target, advantage keeps 15 -> 21 vs AC 18: hit
        3, 3, 2, 2,   # gore 2d8+4 = 10, charge extra 2d8 = 4
    ])
    game.initiative = [5]
    game.dm_points = 1
    take(game, 0)
    assert game.combat.order == [MONSTER_SEAT, 0]
    [gore] = events(game, "monster_attack")
    assert (gore["attack"], gore["roll"], gore["hit"], gore["damage"]) == ("gore", 15, True, 14)
    assert game.hp == [FIGHTER.hp - 14]
    assert game.combat.reckless_active
    # Attacks against a reckless monster have advantage: 2 and 10 -> 10 + 5 = 15 hits.
    game.dice.values += [2, 10, 4, 0, 1, 1]
    game.apply_action(A.ATTACK)
    assert events(game, "attack")[-1]["roll"] == 10
    assert game.combat.hp == 76 - 7
    # Its second turn is the greataxe, not another charge.
    axe = events(game, "monster_attack")[-1]
    assert (axe["attack"], axe["roll"], axe["hit"]) == ("greataxe", 1, False)
    assert game.dice.used_up


def test_reckless_advantage_and_dodge_cancel(position):
    game = position(dice=[0, 9])
    enc = fight(game, "minotaur", [0, MONSTER_SEAT])
    enc.monster_turns = 1  # past the charge
    enc.reckless_active = True
    game.apply_action(A.DODGE)
    # One d20 (9 + 6 = 15 < 18 misses) and then the fighter's turn again.
    assert game.dice.rolls(20) == [9]
    assert game.dice.used_up
    assert events(game, "monster_attack")[-1]["hit"] is False


def test_the_monster_can_down_the_whole_party(position):
    # The Minotaur goes first (20 > 5) and its charge (15 with advantage) deals
    # 2d8 + 4 + 2d8 = 36 to the last member standing.
    game = position(deck=[RP] * 9, river=[MO, RP, RP], dice=[1, 20, 0, 15, 15, 8, 8, 8, 8])
    game.initiative = [5]
    game.hp = [10]
    game.dm_points = 1
    take(game, 0)
    assert game.hp == [0]
    assert game.outcome == "lost" and game.returns() == [-1.0]
    assert game.dice.used_up
