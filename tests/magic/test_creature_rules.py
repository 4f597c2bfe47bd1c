"""Scripted positions for creature mechanics (rules 701-702 and 613 as creatures use
them): regeneration paid with this creature's own counters, gods that are creatures
only with enough devotion, soulbond, bestow, protection from a chosen colour, goad
and attack taxes. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from magic.positions import (
    act,
    attack,
    blank,
    has,
    lands,
    pass_to_decision,
    settle,
    target_perm,
    types_of,
)


# --------------------------------------------- 701.19: "remove counters: regenerate it"
def test_experiment_one_regenerates_itself_with_two_counters_rule_701_19a():
    # "Remove two +1/+1 counters from this creature: Regenerate it." ("it": this)
    game = blank()
    ooze = game.add_permanent("Experiment One", 0, counters={"+1/+1": 2})
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Experiment One")
    settle(game)
    perm = game.battlefield[ooze]
    assert perm.counters.get("+1/+1", 0) == 0
    assert ["regenerate", ooze] in game.replacements
    act(game, "Shock")
    target_perm(game, ooze)
    settle(game)
    assert ooze in game.battlefield and game.battlefield[ooze].tapped
    assert "regenerate" in types_of(game)
    assert not any("Experiment One" in game.action_to_string(a)
                   for a in game.legal_actions())  # no counters left to remove


# ------------------------------- 700.5, 205.1b: a god is a creature only with devotion
def test_thassa_is_not_a_creature_below_five_devotion_to_blue():
    # Thassa ({2}{U}) and one Air Elemental ({3}{U}{U}): devotion 3
    game = blank()
    thassa = game.add_permanent("Thassa, God of the Sea", 0)
    elemental = game.add_permanent("Air Elemental", 0)
    game.start_at("main1", 0)
    d = game.pdef(thassa)
    assert "Creature" not in d.types and "Enchantment" in d.types
    assert "God" in d.subtypes
    pass_to_decision(game, "attack")
    assert not has(game, "Thassa")  # 508.1a: only creatures attack
    assert has(game, "Air Elemental")
    assert elemental in game.battlefield


def test_thassa_is_a_creature_with_five_devotion_and_stops_when_it_drops():
    # devotion 1 + 2 + 2 = 5: a 5/5 creature; a Shock-ed Air Elemental takes it back
    # to 3 and Thassa, attacking, stops being a creature and leaves combat (506.4)
    game = blank()
    thassa = game.add_permanent("Thassa, God of the Sea", 0)
    game.add_permanent("Air Elemental", 0)
    mahamoti = game.add_permanent("Mahamoti Djinn", 0)
    game.start_at("main1", 0)
    assert game.pdef(thassa).is_creature and game.chars(thassa)[:2] == (5, 5)
    pass_to_decision(game, "attack")
    attack(game, thassa)
    game.apply_action(A.DONE)
    assert thassa in game.attackers
    game.destroy([mahamoti])
    assert not game.pdef(thassa).is_creature
    assert thassa not in game.attackers


def test_two_colour_devotion_counts_a_hybrid_symbol_once_rule_700_5a():
    # Karametra ({3}{G}{W}): "as long as your devotion to green and white is less
    # than seven"; Kitchen Finks' {1}{G/W}{G/W} counts two, not four
    game = blank()
    god = game.add_permanent("Karametra, God of Harvests", 0)  # 2
    game.add_permanent("Kitchen Finks", 0)  # 2
    game.add_permanent("Watchwolf", 0)  # {G}{W}: 2
    game.start_at("main1", 0)
    assert not game.pdef(god).is_creature  # 6 < 7
    game.add_permanent("Savannah Lions", 0)  # {W}: 7
    assert game.pdef(god).is_creature


# ------------------- "you may put an Equipment card from your hand onto the battlefield"
def test_stoneforge_mystic_puts_only_an_equipment_card_from_hand():
    game = blank()
    mystic = game.add_permanent("Stoneforge Mystic", 0)
    lands(game, 0, "Plains", "Plains")
    game.add_card("Grizzly Bears", 0)
    game.add_card("Bonesplitter", 0)
    game.start_at("main1", 0)
    act(game, "Stoneforge Mystic")
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    assert game.decision["kind"] == "bottom" and game.decision["put"] == "battlefield"
    assert game.legal_actions() == [A.hand(1)]  # Bonesplitter; not the Bears
    game.apply_action(A.hand(1))
    assert [game.name_of(p.card) for p in game.battlefield.values()].count(
        "Bonesplitter") == 1
    assert [game.name_of(c) for c in game.hand[0]] == ["Grizzly Bears"]
    assert game.battlefield[mystic].tapped
    assert "put_from_hand" in types_of(game)


def test_stoneforge_mystic_asks_nothing_without_an_equipment_card():
    game = blank()
    game.add_permanent("Stoneforge Mystic", 0)
    lands(game, 0, "Plains", "Plains")
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Stoneforge Mystic")
    settle(game)
    assert game.decision["kind"] == "priority" and not game.stack
    assert len(game.hand[0]) == 1


def test_deathrender_puts_a_creature_from_hand_and_attaches_to_it():
    # "Whenever equipped creature dies, you may put a creature card from your hand
    # onto the battlefield and attach this Equipment to it." ("it": the one put)
    game = blank()
    lions = game.add_permanent("Savannah Lions", 0)
    sword = game.add_permanent("Deathrender", 0, attached_to=lions)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Craw Wurm", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, lions)
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    game.apply_action(A.hand(0))
    settle(game)
    wurm = next(pid for pid, p in game.battlefield.items()
                if game.name_of(p.card) == "Craw Wurm")
    assert game.battlefield[sword].attached_to == wurm
    assert game.chars(wurm)[:2] == (8, 6)


# ----------------- 205.1b, 611.2c: "becomes a Vampire in addition to its other types"
def olivia_pings_bears(game):
    """Seat 0's Olivia deals 1 damage to seat 1's Grizzly Bears: it is a Vampire."""
    olivia = game.add_permanent("Olivia Voldaren", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Swamp", "Swamp", "Mountain",
          "Mountain")
    game.start_at("main1", 0)
    act(game, "(Olivia Voldaren) ability 0")
    target_perm(game, bears)
    settle(game)
    return olivia, bears


def test_olivia_makes_a_vampire_that_stays_one_past_the_turn():
    game = blank()
    olivia, bears = olivia_pings_bears(game)
    assert "Vampire" in game.pdef(bears).subtypes and "Bear" in game.pdef(bears).subtypes
    assert game.battlefield[olivia].counters["+1/+1"] == 1
    game._end_turn_shapes()  # cleanup (514.2): a lasting change stays
    assert "Vampire" in game.pdef(bears).subtypes


def test_olivia_controls_the_vampire_only_while_its_controller_controls_her():
    # "gain control of target Vampire for as long as you control Olivia Voldaren"
    game = blank()
    olivia, bears = olivia_pings_bears(game)
    act(game, "(Olivia Voldaren) ability 1")
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[bears].controller == 0
    game.gain_control(olivia, 1, False)  # another effect takes Olivia
    assert game.battlefield[olivia].controller == 1
    assert game.battlefield[bears].controller == 1  # the effect ended (611.2b)


# ------------------------- 205.1a: "this artifact becomes a 2/2 Bird artifact creature"
def test_glint_hawk_idol_becomes_a_flying_bird_until_end_of_turn():
    game = blank()
    idol = game.add_permanent("Glint Hawk Idol", 0)
    lands(game, 0, "Plains")
    game.start_at("main1", 0)
    assert not game.pdef(idol).is_creature
    act(game, "Glint Hawk Idol")
    settle(game)
    d = game.pdef(idol)
    assert d.types == ("Artifact", "Creature") and d.subtypes == ("Bird",)
    assert game.chars(idol) == (2, 2, frozenset({"flying"}))
    game._end_turn_shapes()
    assert not game.pdef(idol).is_creature


def test_glint_hawk_idol_may_become_a_creature_when_an_artifact_enters():
    game = blank()
    idol = game.add_permanent("Glint Hawk Idol", 0)
    lands(game, 0, "Plains")
    game.add_card("Ornithopter", 0)
    game.start_at("main1", 0)
    act(game, "Ornithopter")
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    assert game.pdef(idol).is_creature


# --------------------------- 702.16: "protection from the color of your choice"
def test_gods_willing_gives_protection_from_the_colour_chosen_as_it_resolves():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, "Plains")
    game.add_card("Gods Willing", 0)
    game.start_at("main1", 0)
    act(game, "Gods Willing")
    target_perm(game, bears)
    settle(game)
    assert game.decision["kind"] == "choose"
    assert game.decision["options"][3] == "protection from red"
    game.apply_action(A.mode(3))
    assert "protection from red" in game.chars(bears)[2]
    assert "protection from blue" not in game.chars(bears)[2]
    assert any(e["type"] == "chosen" and e["chosen"] == "protection from red"
               for e in game.events)


def test_cartel_aristocrat_may_choose_protection_from_a_colour_repeatedly():
    # "Sacrifice another creature: this gains protection from the color of your
    # choice until end of turn." Two activations: two protections.
    game = blank()
    aristocrat = game.add_permanent("Cartel Aristocrat", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Savannah Lions", 0)
    game.start_at("main1", 0)
    for colour in (2, 3):  # black, then red
        act(game, "(Cartel Aristocrat)")
        game.apply_action(game.legal_actions()[0])  # the creature to sacrifice
        settle(game)
        game.apply_action(A.mode(colour))
    assert {"protection from black", "protection from red"} <= game.chars(aristocrat)[2]


# ------------------- battalion: "whenever this and at least two other creatures attack"
def boros_elite_attacks_with(others: int) -> tuple:
    game = blank()
    elite = game.add_permanent("Boros Elite", 0)
    friends = [game.add_permanent("Grizzly Bears", 0) for _ in range(others)]
    game.start_at("main1", 0)
    pass_to_decision(game, "attack")
    for pid in (elite, *friends):
        attack(game, pid)
    game.apply_action(A.DONE)
    settle(game)
    return game, elite


def test_battalion_triggers_with_two_other_attackers():
    game, elite = boros_elite_attacks_with(2)
    assert game.chars(elite)[:2] == (3, 3)


def test_battalion_does_not_trigger_with_one_other_attacker():
    game, elite = boros_elite_attacks_with(1)
    assert game.chars(elite)[:2] == (1, 1)


# ---------- Voice of Resurgence: "whenever an opponent casts a spell during your turn
# and when this dies", a token whose power and toughness are defined (604.3)
def elementals(game) -> list[int]:
    return [pid for pid, p in game.battlefield.items()
            if game.name_of(p.card) == "Elemental Token"]


def test_voice_of_resurgence_triggers_on_a_spell_cast_during_its_controllers_turn():
    game = blank()
    game.add_permanent("Voice of Resurgence", 0)
    game.add_permanent("Grizzly Bears", 0)
    lands(game, 1, "Mountain")
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)  # seat 1 gets priority in seat 0's turn
    act(game, "Shock")
    game.apply_action(A.player(1))  # at seat 0 (relative 1 from seat 1)
    settle(game)
    tokens = elementals(game)
    assert len(tokens) == 1
    d = game.pdef(tokens[0])
    assert d.colours == ("W", "G")
    assert game.chars(tokens[0])[:2] == (3, 3)  # Voice, Bears and the token


def test_voice_of_resurgence_ignores_spells_on_the_opponents_turn_and_dies_to_a_token():
    game = blank()
    voice = game.add_permanent("Voice of Resurgence", 0)
    lands(game, 1, "Mountain")
    game.add_card("Shock", 1)
    game.start_at("main1", 1)
    act(game, "Shock")
    target_perm(game, voice)
    settle(game)
    assert voice not in game.battlefield
    tokens = elementals(game)
    assert len(tokens) == 1 and game.battlefield[tokens[0]].controller == 0
    assert game.chars(tokens[0])[:2] == (1, 1)  # the token alone


# ------------- "any opponent may sacrifice a creature of their choice. if a player does"
def demon_at_combat(players: int = 2):
    game = blank(players)
    demon = game.add_permanent("Desecration Demon", 0)
    game.start_at("main1", 0)
    return game, demon


def test_desecration_demon_is_tapped_when_an_opponent_sacrifices():
    game, demon = demon_at_combat()
    bears = game.add_permanent("Grizzly Bears", 1)
    pass_to_decision(game, "yesno")
    assert game.decision["player"] == 1 and "any_opponent" in game.decision
    game.apply_action(A.YES)
    settle(game)
    assert bears not in game.battlefield
    assert game.battlefield[demon].tapped
    assert game.battlefield[demon].counters["+1/+1"] == 1


def test_desecration_demon_asks_each_opponent_in_turn_until_one_does():
    game, demon = demon_at_combat(players=3)
    game.add_permanent("Grizzly Bears", 1)
    lions = game.add_permanent("Savannah Lions", 2)
    pass_to_decision(game, "yesno")
    assert game.decision["player"] == 1
    game.apply_action(A.NO)
    assert game.decision["kind"] == "yesno" and game.decision["player"] == 2
    game.apply_action(A.YES)
    settle(game)
    assert lions not in game.battlefield and game.battlefield[demon].tapped


def test_desecration_demon_asks_nobody_without_creatures_and_attacks():
    game, demon = demon_at_combat()
    pass_to_decision(game, "attack")
    assert not game.battlefield[demon].tapped
    assert "opponent_does" not in types_of(game)


# ------------------------------------------- "create a tapped 2/2 black zombie token"
def test_xathrid_necromancer_makes_a_tapped_zombie_when_a_human_dies():
    game = blank()
    game.add_permanent("Xathrid Necromancer", 0)
    human = game.add_permanent("Elite Vanguard", 0)  # a Human Soldier
    lands(game, 1, "Mountain")
    game.add_card("Shock", 1)
    game.start_at("main1", 1)
    act(game, "Shock")
    target_perm(game, human)
    settle(game)
    zombies = [p for p in game.battlefield.values()
               if game.name_of(p.card) == "Zombie Token"]
    assert len(zombies) == 1 and zombies[0].tapped and zombies[0].controller == 0


# ------------------------------------------------------------------ soulbond (702.95)
def test_silverblade_paladin_pairs_as_it_enters_and_both_have_double_strike():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Silverblade Paladin", 0)
    game.start_at("main1", 0)
    act(game, "Silverblade Paladin")
    settle(game)
    assert game.decision["kind"] == "copy" and "pair" in game.decision
    paladin = game.decision["pair"]
    game.apply_action(A.permanent(game.battlefield[bears].slot))
    settle(game)
    assert game.battlefield[paladin].paired == bears
    assert "double strike" in game.chars(bears)[2]
    assert "double strike" in game.chars(paladin)[2]
    assert "paired" in types_of(game)


def test_a_creature_entering_later_may_pair_with_an_unpaired_soulbond_creature():
    game = blank()
    silverheart = game.add_permanent("Wolfir Silverheart", 0)
    lands(game, 0, "Forest", "Forest")
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Grizzly Bears")
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    settle(game)
    bears = game.battlefield[silverheart].paired
    assert game.chars(bears)[:2] == (6, 6)
    assert game.chars(silverheart)[:2] == (8, 8)


def test_the_pair_ends_when_one_leaves_and_a_paired_creature_is_not_paired_again():
    game = blank()
    paladin = game.add_permanent("Silverblade Paladin", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.pair(paladin, bears)
    lions = game.add_permanent("Savannah Lions", 0)
    assert not game.can_pair(paladin, lions)  # 702.95b: already paired
    game.destroy([bears])
    game.start_at("main1", 0)
    assert game.battlefield[paladin].paired == -1
    assert "double strike" not in game.chars(paladin)[2]
    assert game.can_pair(paladin, lions)


# ------------------------- 118.3: "discard a creature card", "put a -0/-1 counter on this"
def test_lotleth_troll_discards_only_a_creature_card():
    game = blank()
    troll = game.add_permanent("Lotleth Troll", 0)
    game.add_card("Island", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "(Lotleth Troll) ability 0")
    assert game.decision["kind"] == "cost_discard"
    assert game.legal_actions() == [A.hand(1)]  # the Bears, not the Island
    game.apply_action(A.hand(1))
    settle(game)
    assert game.battlefield[troll].counters["+1/+1"] == 1
    assert [game.name_of(c) for c in game.hand[0]] == ["Island"]


def test_lotleth_troll_cannot_discard_without_a_creature_card():
    game = blank()
    game.add_permanent("Lotleth Troll", 0)
    game.add_card("Island", 0)
    game.start_at("main1", 0)
    assert not has(game, "(Lotleth Troll) ability 0")


def test_wall_of_roots_puts_a_minus_zero_minus_one_counter_for_green_once_a_turn():
    game = blank()
    wall = game.add_permanent("Wall of Roots", 0, sick=True)
    game.start_at("main1", 0)
    act(game, "(Wall of Roots)")
    settle(game)
    assert game.battlefield[wall].counters == {"-0/-1": 1}
    assert game.chars(wall)[:2] == (0, 4)
    assert game.pool[0] == ["G"]
    assert not has(game, "(Wall of Roots)")  # once each turn


# --------------------------- 608.2h: "if the sacrificed creature was a Human, ..."
def test_falkenrath_aristocrat_gets_a_counter_only_for_a_human():
    game = blank()
    vampire = game.add_permanent("Falkenrath Aristocrat", 0)
    human = game.add_permanent("Elite Vanguard", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    for victim in (bears, human):
        act(game, "(Falkenrath Aristocrat)")
        game.apply_action(A.permanent(game.battlefield[victim].slot))
        settle(game)
    assert game.battlefield[vampire].counters.get("+1/+1", 0) == 1
    assert "indestructible" in game.chars(vampire)[2]
