"""Scripted positions for combat restrictions, requirements and keywords (rules 506-511,
702): what an Aura or Equipment says about how its creature attacks and is blocked,
the combat keywords that are triggered abilities, and the requirements a declaration
must obey as far as it can (508.1d, 509.1c). Each names real cards from the pool."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.core.engine import IllegalActionError
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    blank,
    block,
    can_block,
    creature,
    has,
    settle,
    slot,
    target_perm,
    to_blocks,
    to_combat,
)


def attack_options(game: MagicGame, pid: int) -> list[int]:
    """The relative seats ``pid`` may be declared attacking now."""
    return [r for r in range(1, game.num_players)
            if A.attack(slot(game, pid), r) in game.legal_actions()]


# ------------------------------------- an Aura's or Equipment's combat rules
def test_the_attached_combat_lines_compile():
    pool = compiled_pool().supported
    for name in ("Whispersilk Cloak", "Aqueous Form", "Vow of Duty",
                 "Vow of Lightning"):
        assert name in pool, name
    cloak = pool["Whispersilk Cloak"].statics[0]
    assert cloak.cant_be_blocked and cloak.keywords == ("shroud",)


def test_equipped_creature_cant_be_blocked_509_1b():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Whispersilk Cloak", 0, attached_to=bears)
    wall = game.add_permanent("Wall of Stone", 1)
    game.start_at("main1", 0)
    to_blocks(game, bears)
    assert not can_block(game, wall, bears)
    assert game.legal_actions() == [A.DONE]


def test_enchanted_creature_cant_be_blocked_except_by_walls_509_1b():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Invisibility", 0, attached_to=bears)
    other = game.add_permanent("Grizzly Bears", 1)
    wall = game.add_permanent("Wall of Stone", 1)
    game.start_at("main1", 0)
    to_blocks(game, bears)
    assert not can_block(game, other, bears)
    assert can_block(game, wall, bears)


def test_equipped_creature_cant_be_blocked_by_more_than_one_509_1b():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Rope", 0, attached_to=bears)
    one, two = (game.add_permanent("Grizzly Bears", 1) for _ in range(2))
    game.start_at("main1", 0)
    to_blocks(game, bears)
    block(game, one, bears)
    assert A.DONE in game.legal_actions()
    block(game, two, bears)
    assert A.DONE not in game.legal_actions()  # two blockers: not a legal block
    with pytest.raises(IllegalActionError):
        game.apply_action(A.DONE)
    assert game.chars(bears)[:2] == (3, 4) and "reach" in game.keywords(bears)


def test_vow_creature_cant_attack_the_auras_controller_508_1c():
    # three players: the Vow's controller (seat 1) can't be attacked by its creature,
    # seat 2 can
    game = blank(players=3)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Vow of Duty", 1, attached_to=bears)
    game.start_at("main1", 0)
    to_combat(game)
    assert attack_options(game, bears) == [2]
    with pytest.raises(IllegalActionError):
        game.apply_action(A.attack(slot(game, bears), 1))


def test_vow_creature_with_no_one_to_attack_leaves_done_508_1c():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Vow of Duty", 1, attached_to=bears)
    game.start_at("main1", 0)
    to_combat(game)
    assert attack_options(game, bears) == []
    assert A.DONE in game.legal_actions()


# ------------------------------------------ combat keywords that trigger (702)
def declared(game: MagicGame, *attackers: int, relative: int = 1) -> None:
    """From main phase 1: declare ``attackers`` and pass until the attack triggers
    have resolved (the defending seat's block decision, or later)."""
    to_combat(game)
    for pid in attackers:
        game.apply_action(A.attack(slot(game, pid), relative))
    game.apply_action(A.DONE)
    to_block_decision(game)


def to_block_decision(game: MagicGame) -> None:
    """Pass priority (choosing the first target when asked) until a seat declares
    blockers."""
    for _ in range(60):
        kind = game.decision["kind"]
        if kind == "block":
            return
        game.apply_action(game.legal_actions()[0] if kind != "priority" else A.PASS)
    raise AssertionError(game.decision)


def settle_all(game: MagicGame) -> None:
    """Pass priority (choosing the first target when asked) until no priority round
    with something on the stack is left."""
    for _ in range(60):
        kind = game.decision["kind"]
        if kind == "priority" and (game.stack or game.pending_triggers):
            game.apply_action(A.PASS)
        elif kind == "target":
            game.apply_action(game.legal_actions()[0])
        elif kind in ("cost_sacrifice", "sacrifice"):
            game.apply_action(game.legal_actions()[0])
        else:
            return


def test_annihilator_defending_player_sacrifices_702_86a():
    game = blank()
    crusher = game.add_permanent("Ulamog's Crusher", 0)
    lands_ = [game.add_permanent("Plains", 1) for _ in range(3)]
    game.start_at("main1", 0)
    declared(game, crusher)
    gone = [pid for pid in lands_ if pid not in game.battlefield]
    assert len(gone) == 2


def test_afflict_defending_player_loses_life_when_it_becomes_blocked_702_130a():
    game = blank()
    eternal = game.add_permanent("Khenra Eternal", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    declared(game, eternal)
    block(game, bears, eternal)
    game.apply_action(A.DONE)
    settle_all(game)
    assert game.life[1] == 19


def test_afflict_does_nothing_unblocked_702_130a():
    game = blank()
    eternal = game.add_permanent("Khenra Eternal", 0)  # 2/2 afflict 1
    game.start_at("main1", 0)
    declared(game, eternal)
    game.apply_action(A.DONE)
    settle_all(game)
    assert game.life[1] == 20  # (before combat damage)


def test_rampage_counts_blockers_beyond_the_first_702_23a():
    game = blank()
    giant = game.add_permanent("Craw Giant", 0)  # 6/4 trample, rampage 2
    blockers = [game.add_permanent("Grizzly Bears", 1) for _ in range(3)]
    game.start_at("main1", 0)
    declared(game, giant)
    for b in blockers:
        block(game, b, giant)
    game.apply_action(A.DONE)
    settle_all(game)
    assert game.chars(giant)[:2] == (10, 8)  # two beyond the first: +4/+4


def test_flanking_blocker_without_flanking_gets_minus_one_702_25a():
    game = blank()
    knight = game.add_permanent("Benalish Cavalry", 0)  # 2/2 flanking
    bears = game.add_permanent("Grizzly Bears", 1)
    other = game.add_permanent("Benalish Cavalry", 1)
    game.start_at("main1", 0)
    declared(game, knight)
    block(game, bears, knight)
    block(game, other, knight)
    game.apply_action(A.DONE)
    settle_all(game)
    assert game.chars(bears)[:2] == (1, 1)
    assert game.chars(other)[:2] == (2, 2)  # it has flanking: no trigger


def test_dethrone_only_against_the_player_with_the_most_life_702_105a():
    for their_life, counters in ((25, 1), (20, 1), (15, 0)):
        game = blank()
        emissary = game.add_permanent("Marchesa's Emissary", 0)
        game.life[1] = their_life
        game.start_at("main1", 0)
        declared(game, emissary)
        assert game.battlefield[emissary].counters.get("+1/+1", 0) == counters, their_life


def test_mentor_targets_an_attacker_with_lesser_power_702_134a():
    game = blank()
    mentor = game.add_permanent("Boros Challenger", 0)  # 2/3 mentor
    small = game.add_permanent("Llanowar Elves", 0, )
    big = game.add_permanent("Hill Giant", 0)
    game.start_at("main1", 0)
    to_combat(game)
    for pid in (mentor, small, big):
        game.apply_action(A.attack(slot(game, pid), 1))
    game.apply_action(A.DONE)
    for _ in range(10):
        if game.decision["kind"] == "target":
            assert game.legal_actions() == [A.permanent(slot(game, small))]
        if game.decision["kind"] in ("block",):
            break
        game.apply_action(game.legal_actions()[0] if game.decision["kind"] == "target"
                          else A.PASS)
    assert game.battlefield[small].counters.get("+1/+1") == 1
    assert not game.battlefield[big].counters


def test_training_needs_another_attacker_with_greater_power_702_149a():
    for partner, counters in (("Hill Giant", 1), ("Llanowar Elves", 0)):
        game = blank()
        rider = game.add_permanent("Gryff Rider", 0)  # 2/1 flying, training
        other = game.add_permanent(partner, 0)
        game.start_at("main1", 0)
        declared(game, rider, other)
        assert game.battlefield[rider].counters.get("+1/+1", 0) == counters, partner


def test_melee_counts_the_opponents_attacked_702_121a():
    game = blank(players=3)
    wings = game.add_permanent("Wings of the Guard", 0)  # 1/1 flying, melee
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    to_combat(game)
    game.apply_action(A.attack(slot(game, wings), 1))
    game.apply_action(A.attack(slot(game, bears), 2))
    game.apply_action(A.DONE)
    settle_all(game)
    assert game.chars(wings)[:2] == (3, 3)


# ------------------------------------------------- attack taxes (508.1d, 508.1g-h)
def test_ghostly_prison_offers_only_the_attacks_its_player_can_pay_for_508_1d():
    game = blank()
    bears = [game.add_permanent("Grizzly Bears", 0) for _ in range(3)]
    plains = [game.add_permanent("Plains", 0) for _ in range(5)]
    game.add_permanent("Ghostly Prison", 1)
    game.start_at("main1", 0)
    to_combat(game)
    assert attack_options(game, bears[0]) == [1]
    game.apply_action(A.attack(slot(game, bears[0]), 1))
    game.apply_action(A.attack(slot(game, bears[1]), 1))
    # five lands pay for two attackers ({4}), not three ({6})
    assert attack_options(game, bears[2]) == []
    with pytest.raises(IllegalActionError):
        game.apply_action(A.attack(slot(game, bears[2]), 1))
    game.apply_action(A.DONE)
    assert sum(game.battlefield[p].tapped for p in plains) == 4  # 508.1h: paid
    assert [e for e in game.events if e["type"] == "attack_tax"][-1]["mana"] == "{4}"
    assert set(game.attackers) == set(bears[:2])


def test_no_tax_without_the_prison_and_none_for_another_player_508_1g():
    game = blank(players=3)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Ghostly Prison", 1)
    game.start_at("main1", 0)
    to_combat(game)
    assert attack_options(game, bears) == [2]  # no mana: seat 1 can't be attacked
    game.apply_action(A.attack(slot(game, bears), 2))
    game.apply_action(A.DONE)
    assert not [e for e in game.events if e["type"] == "attack_tax"]


def test_a_creature_that_must_attack_need_not_pay_the_tax_508_1d():
    game = blank()
    crusher = game.add_permanent("Ulamog's Crusher", 0)  # attacks each combat if able
    game.add_permanent("Ghostly Prison", 1)
    game.start_at("main1", 0)
    to_combat(game)
    assert game.legal_actions() == [A.DONE]
    assert crusher in game.battlefield


# ------------------------------------------- a creature's own restrictions
def test_can_block_only_creatures_with_flying_509_1b():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    bird = game.add_permanent("Suntail Hawk", 0)
    sprite = game.add_permanent("Cloud Sprite", 1)
    game.start_at("main1", 0)
    to_blocks(game, bears, bird)
    assert not can_block(game, sprite, bears)
    assert can_block(game, sprite, bird)


def test_cant_attack_unless_defending_player_controls_an_island_508_1c():
    for land, options in (("Island", [1]), ("Plains", [])):
        game = blank()
        monster = game.add_permanent("Sea Monster", 0)
        game.add_permanent(land, 1)
        game.start_at("main1", 0)
        to_combat(game)
        assert attack_options(game, monster) == options, land


def test_cant_attack_unless_a_condition_of_its_controller_508_1c():
    for artifacts, options in ((1, [1]), (0, [])):
        game = blank()
        castaways = game.add_permanent("Desperate Castaways", 0)
        for _ in range(artifacts):
            game.add_permanent("Ornithopter", 0)
        game.start_at("main1", 0)
        to_combat(game)
        assert attack_options(game, castaways) == options, artifacts


def test_cant_attack_or_block_unless_a_condition_509_1b():
    game = blank()
    attacker = game.add_permanent("Grizzly Bears", 0)
    stomper = game.add_permanent("Topiary Stomper", 1)  # needs seven lands
    game.start_at("main1", 0)
    to_blocks(game, attacker)
    assert A.block(slot(game, stomper)) not in game.legal_actions()


# ----------------------------------------- blocking requirements (509.1c)
def block_targets(game: MagicGame, blocker: int) -> list[int]:
    """The attackers the deciding seat may declare ``blocker`` blocking."""
    probe = game.clone()
    probe.apply_action(A.block(slot(game, blocker)))
    return sorted(probe.slots[a] for a in (
        A.decode(x)[1][0] for x in probe.legal_actions()))


def test_all_creatures_able_to_block_it_do_so_509_1c():
    game = blank()
    bard = game.add_permanent("Elvish Bard", 0)  # lure
    bears = game.add_permanent("Grizzly Bears", 0)
    one, two = (game.add_permanent("Grizzly Bears", 1) for _ in range(2))
    tapped = game.add_permanent("Grizzly Bears", 1, tapped=True)
    game.start_at("main1", 0)
    to_blocks(game, bard, bears)
    assert A.DONE not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply_action(A.DONE)
    assert block_targets(game, one) == [bard]  # blocking the Bears obeys less
    block(game, one, bard)
    assert A.DONE not in game.legal_actions()
    block(game, two, bard)
    assert A.DONE in game.legal_actions()  # the tapped one is not able: no requirement
    assert tapped not in game.blocking


def test_lure_aura_509_1c():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Lure", 0, attached_to=bears)
    wall = game.add_permanent("Wall of Stone", 1)
    game.start_at("main1", 0)
    to_blocks(game, bears)
    assert game.legal_actions() == [A.block(slot(game, wall))]


def test_must_be_blocked_if_able_needs_one_blocker_509_1c():
    game = blank()
    protector = game.add_permanent("Gaea's Protector", 0)  # must be blocked if able
    bears = game.add_permanent("Grizzly Bears", 0)
    one, two = (game.add_permanent("Grizzly Bears", 1) for _ in range(2))
    game.start_at("main1", 0)
    to_blocks(game, protector, bears)
    assert A.DONE not in game.legal_actions()
    assert block_targets(game, one) == sorted([protector, bears])  # the other may
    block(game, one, bears)
    assert block_targets(game, two) == [protector]
    block(game, two, protector)
    assert A.DONE in game.legal_actions()


def test_a_requirement_no_creature_can_obey_is_no_requirement_509_1c():
    game = blank()
    protector = game.add_permanent("Gaea's Protector", 0)
    game.add_permanent("Grizzly Bears", 1, tapped=True)
    game.start_at("main1", 0)
    to_blocks(game, protector)
    assert game.legal_actions() == [A.DONE]


def test_blocks_each_combat_if_able_509_1c():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    golem = game.add_permanent("Iron Golem", 1)  # blocks each combat if able
    game.start_at("main1", 0)
    to_blocks(game, bears)
    assert game.legal_actions() == [A.block(slot(game, golem))]


def test_menace_and_lure_the_maximum_needs_both_blockers_509_1c():
    brute = creature("Lure Brute", 3, 3, "menace",
                     statics=(fx.CombatRestriction(lure=True),))
    game = blank()
    attacker = game.add_permanent(brute, 0)
    one, two = (game.add_permanent("Grizzly Bears", 1) for _ in range(2))
    game.start_at("main1", 0)
    to_blocks(game, attacker)
    assert A.DONE not in game.legal_actions()  # both can block it together
    block(game, one, attacker)
    assert A.DONE not in game.legal_actions()
    block(game, two, attacker)
    assert A.DONE in game.legal_actions()


def test_menace_and_lure_one_able_creature_need_not_block_509_1c():
    brute = creature("Lure Brute", 3, 3, "menace",
                     statics=(fx.CombatRestriction(lure=True),))
    game = blank()
    attacker = game.add_permanent(brute, 0)
    game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_blocks(game, attacker)
    assert game.legal_actions() == [A.DONE]  # (blocking alone breaks menace)


def test_irresistible_prey_grants_must_be_blocked_until_end_of_turn():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Forest", 0)
    game.add_card("Irresistible Prey", 0, "hand")
    other = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast")
    target_perm(game, bears)
    settle(game)
    to_blocks(game, bears)
    assert game.legal_actions() == [A.block(slot(game, other))]


# ---------------------------- creatures entering attacking or blocking (506.3)
def test_brimaz_attacking_token_is_attacking_and_untapped_508_4():
    game = blank()
    brimaz = game.add_permanent("Brimaz, King of Oreskos", 0)
    game.start_at("main1", 0)
    declared(game, brimaz)
    cats = [pid for pid in game.attackers if pid != brimaz]
    assert len(cats) == 1
    assert not game.battlefield[cats[0]].tapped and game.attackers[cats[0]] == 1
    event = next(e for e in game.events if e["type"] == "enters_attacking")
    assert event.get("untapped") is True


def test_brimaz_blocking_token_blocks_that_creature_506_3():
    game = blank()
    ogre = game.add_permanent("Hill Giant", 0)
    brimaz = game.add_permanent("Brimaz, King of Oreskos", 1)
    game.start_at("main1", 0)
    to_blocks(game, ogre)
    block(game, brimaz, ogre)
    game.apply_action(A.DONE)
    settle_all(game)
    cats = [b for b in game.blocking if b != brimaz]
    assert len(cats) == 1 and game.blocking[cats[0]] == ogre
    assert sorted(game.blocks[ogre]) == sorted([brimaz, cats[0]])


def test_becomes_blocked_by_a_creature_triggers_once_per_blocker_509_3d():
    game = blank()
    goblin = game.add_permanent("Ornery Goblin", 0)  # 1 damage to each blocker
    one, two = (game.add_permanent("Grizzly Bears", 1) for _ in range(2))
    game.start_at("main1", 0)
    declared(game, goblin)
    block(game, one, goblin)
    block(game, two, goblin)
    game.apply_action(A.DONE)
    settle_all(game)
    assert game.battlefield[one].damage == 1 and game.battlefield[two].damage == 1


def test_blocks_a_creature_names_the_creature_blocked_509_3c():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    wall = game.add_permanent("Wall of Frost", 1)  # that creature doesn't untap
    game.start_at("main1", 0)
    to_blocks(game, bears)
    block(game, wall, bears)
    game.apply_action(A.DONE)
    settle_all(game)
    assert bears in game.skip_untap  # the attacker, not the Wall


# ------------------------------------------------------------ ninjutsu (702.49)
def ninja_position(blocked: bool) -> tuple[MagicGame, int, int]:
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    for _ in range(2):
        game.add_permanent("Island", 0)
    ninja = game.add_card("Ninja of the Deep Hours", 0, "hand")
    wall = game.add_permanent("Wall of Stone", 1)
    game.start_at("main1", 0)
    to_blocks(game, bears)
    if blocked:
        block(game, wall, bears)
    game.apply_action(A.DONE)
    return game, bears, ninja


def test_ninjutsu_swaps_an_unblocked_attacker_for_the_ninja_702_49a():
    game, bears, ninja = ninja_position(blocked=False)
    assert game.step == "declare_blockers" and game.current_player() == 0
    act(game, "from the hand")
    assert game.decision["kind"] == "cost_sacrifice"
    game.apply_action(A.permanent(slot(game, bears)))
    assert bears not in game.battlefield  # returned as the cost (118.3)
    settle(game)
    pid = next(q for q, perm in game.battlefield.items() if perm.card == ninja)
    assert game.attackers.get(pid) == 1 and game.battlefield[pid].tapped
    assert pid not in game.blocked  # 702.49c: unblocked
    assert any(e["type"] == "enters_attacking" and e["id"] == pid for e in game.events)
    assert not any(e["type"] == "attack" and e["id"] == pid for e in game.events)
    hand = len(game.hand[0])
    while game.step != "main2":
        game.apply_action(A.YES if game.decision["kind"] == "yesno" else A.PASS)
    assert game.life[1] == 18 and len(game.hand[0]) == hand + 1  # its draw trigger


def test_ninjutsu_needs_an_unblocked_attacker_702_49c():
    game, bears, ninja = ninja_position(blocked=True)
    assert not has(game, "from the hand")


def test_ninjutsu_is_not_offered_before_blockers_are_declared_702_49c():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    for _ in range(2):
        game.add_permanent("Island", 0)
    game.add_card("Ninja of the Deep Hours", 0, "hand")
    game.start_at("main1", 0)
    to_combat(game)
    game.apply_action(A.attack(slot(game, bears), 1))
    game.apply_action(A.DONE)
    assert game.step == "declare_attackers" and game.decision["kind"] == "priority"
    assert not has(game, "from the hand")


# ---------------------------------------------------------------- goad (701.38)
def test_goaded_creature_must_attack_a_player_other_than_the_goader_701_38b():
    game = blank(players=3)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Shiny Impetus", 1, attached_to=bears)
    game.start_at("main1", 0)
    to_combat(game)
    assert game.legal_actions() == [A.attack(slot(game, bears), 2)]  # no "done"
    assert game.chars(bears)[:2] == (4, 4)


def test_goaded_by_the_only_opponent_it_still_attacks_701_38b():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Shiny Impetus", 1, attached_to=bears)
    game.start_at("main1", 0)
    to_combat(game)
    assert game.legal_actions() == [A.attack(slot(game, bears), 1)]


def test_goad_lasts_until_the_goading_players_next_turn_701_38a():
    game = blank()
    kobold = game.add_permanent("Taunting Kobold", 0)  # whenever it attacks: goad
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    declared(game, kobold)  # (its only target: the Bears)
    assert game.goaders(bears) == {0}
    assert any(e["type"] == "goaded" and e["id"] == bears for e in game.events)
    game._end_until_next_turn(1)
    assert game.goaders(bears) == {0}
    game._end_until_next_turn(0)  # 701.38a: until the goading player's next turn
    assert game.goaders(bears) == set()


# ------------------------------ a requirement naming the attacker (509.1c)
def test_creatures_with_lesser_power_cant_block_it_509_1b():
    game = blank()
    wolf = game.add_permanent("Wandering Wolf", 0)  # 2/1
    elves = game.add_permanent("Llanowar Elves", 1)  # power 1
    bears = game.add_permanent("Grizzly Bears", 1)  # power 2
    game.start_at("main1", 0)
    to_blocks(game, wolf)
    assert not can_block(game, elves, wolf)
    assert can_block(game, bears, wolf)


def test_target_creature_blocks_this_this_turn_if_able_509_1c():
    game = blank()
    elephant = game.add_permanent("Rampant Elephant", 0)
    game.add_permanent("Forest", 0)
    other = game.add_permanent("Grizzly Bears", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "Rampant Elephant")
    target_perm(game, bears)
    settle(game)
    assert game.block_pairs == [[bears, elephant]]
    to_blocks(game, elephant, other)
    assert block_targets(game, bears) == [elephant]
    assert A.DONE not in game.legal_actions()
    block(game, bears, elephant)
    assert A.DONE in game.legal_actions()


def test_provoke_untaps_the_target_and_makes_it_block_702_39a():
    game = blank()
    elite = game.add_permanent("Deftblade Elite", 0)  # provoke
    bears = game.add_permanent("Grizzly Bears", 1, tapped=True)
    game.start_at("main1", 0)
    to_combat(game)
    game.apply_action(A.attack(slot(game, elite), 1))
    game.apply_action(A.DONE)
    for _ in range(10):
        kind = game.decision["kind"]
        if kind == "block":
            break
        if kind == "target":
            target_perm(game, bears)
        elif kind == "yesno":
            game.apply_action(A.YES)
        else:
            game.apply_action(A.PASS)
    assert not game.battlefield[bears].tapped
    assert game.legal_actions() == [A.block(slot(game, bears))]


# ------------------------- attacking as though it didn't have defender (508.1c)
def test_as_long_as_monstrous_it_can_attack_despite_defender_508_1c():
    for monstrous, options in ((False, []), (True, [1])):
        game = blank()
        colossus = game.add_permanent("Colossus of Akros", 0)
        game.battlefield[colossus].monstrous = monstrous
        game.start_at("main1", 0)
        to_combat(game)
        assert attack_options(game, colossus) == options, monstrous


def test_mirror_wall_can_attack_this_turn_despite_defender_508_1c():
    game = blank()
    wall = game.add_permanent("Mirror Wall", 0)
    game.add_permanent("Plains", 0)
    game.start_at("main1", 0)
    act(game, "Mirror Wall")
    settle(game)
    to_combat(game)
    assert attack_options(game, wall) == [1]


def test_first_strike_as_long_as_it_is_attacking_611_3a():
    game = blank()
    moloch = game.add_permanent("Thorned Moloch", 0)
    game.start_at("main1", 0)
    assert "first strike" not in game.keywords(moloch)
    to_combat(game)
    game.apply_action(A.attack(slot(game, moloch), 1))
    game.apply_action(A.DONE)
    assert "first strike" in game.keywords(moloch)


# ------------------------------------- protection from colored spells (702.16)
def test_protection_from_spells_that_are_one_or_more_colors_702_16():
    warded = creature("Warded Giant", 3, 3,
                      "protection from spells that are one or more colors")
    game = blank()
    giant = game.add_permanent(warded, 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_permanent("Mountain", 0)
    game.add_card("Lightning Bolt", 0, "hand")
    game.start_at("main1", 0)
    act(game, "cast")
    assert A.permanent(slot(game, giant)) not in game.legal_actions()  # can't target
    assert A.permanent(slot(game, bears)) in game.legal_actions()
    # a red creature's ability or damage is not a spell's: no protection from it
    assert not KW.protected(game.keywords(giant), ("R",), ("Creature",))
    assert KW.protected(game.keywords(giant), ("R",), ("Instant", KW.SPELL))


def test_protection_from_colored_spells_prevents_their_damage_702_16e():
    warded = creature("Warded Giant", 3, 3,
                      "protection from spells that are one or more colors")
    game = blank()
    giant = game.add_permanent(warded, 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_permanent("Mountain", 0)
    game.add_permanent("Mountain", 0)
    game.add_card("Pyroclasm", 0, "hand")
    game.start_at("main1", 0)
    act(game, "cast")
    settle(game)
    assert bears not in game.battlefield
    assert game.battlefield[giant].damage == 0


# ------------------------------------------- leaving combat (506.4, 704.3)
def test_a_creature_dies_when_leaving_combat_takes_away_its_toughness_506_4():
    """"As long as it's attacking, it gets +0/+2": blocked by a 2/2, the 1/1 attacker
    survives the damage as a 1/3; removed from combat as the end of combat step ends
    (506.4), it is a 1/1 with 2 damage, and the state-based check the next time a
    player gets priority (main 2, a step whose own turn-based actions change nothing)
    puts it into the graveyard (704.5g)."""
    guard = creature("Combat Shield Bearer", 1, 1, statics=(fx.SelfBonus(
        conditions=(fx.ActivationCondition("source_attacking"),), toughness=2),))
    game = blank()
    attacker = game.add_permanent(guard, 0)
    bear = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0, turn=2)
    to_blocks(game, attacker)
    block(game, bear, attacker)
    for _ in range(20):
        if game.step == "end_of_combat":
            break
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert game.step == "end_of_combat" and attacker in game.battlefield
    assert game.chars(attacker)[:2] == (1, 3) and game.battlefield[attacker].damage == 2
    while game.step == "end_of_combat":
        game.apply_action(A.PASS)
    assert game.step == "main2" and game.decision["kind"] == "priority"
    assert attacker not in game.battlefield
    assert "Combat Shield Bearer" in [game.name_of(c) for c in game.graveyard[0]]
