"""Amounts read from objects, played from scripted positions with real cards: damage a
creature deals by its own power (120.3, 608.2h), monstrosity X (701.37), the stats of a
permanent sacrificed to pay a cost (608.2h, 112.7a), counts over graveyards and
comparisons."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from magic.positions import act, blank, has, lands, names, pass_until, settle, slot


def _polukranos(x: int, *foes: str):
    game = blank()
    lands(game, 0, *["Forest"] * (2 * x + 1))
    polu = game.add_permanent("Polukranos, World Eater", 0)
    ids = [game.add_permanent(name, 1) for name in foes]
    game.start_at("main1", 0)
    act(game, "Polukranos")
    act(game, f"X = {x}")
    settle(game)  # the monstrosity resolves; its trigger asks for targets
    return game, polu, ids


# -------------------------------------------------------- monstrosity X (701.37)
def test_701_37c_polukranos_divides_the_monstrosity_x_and_takes_each_targets_power():
    """Monstrosity 3 puts three +1/+1 counters on it; its "when this becomes
    monstrous" trigger divides that X (3) among the targets (601.2d), then each of
    those creatures deals damage equal to its power to it (120.3: their damage)."""
    game, polu, (bears, ogre) = _polukranos(3, "Grizzly Bears", "Gray Ogre")
    assert game.battlefield[polu].counters["+1/+1"] == 3
    act(game, "Grizzly Bears")
    act(game, "Gray Ogre")  # (no third creature to target)
    assert game.decision["kind"] == "divide"  # 1 each, the third where it says
    act(game, "1 more damage to slot 8 (Grizzly Bears)")
    settle(game)
    dealt = [(e["source"], e["amount"]) for e in game.events if e["type"] == "damage"
             and e.get("id") == polu]
    assert sorted(dealt) == [("Gray Ogre", 2), ("Grizzly Bears", 2)]
    assert bears not in game.battlefield  # 2 damage: dead
    assert game.battlefield[ogre].damage == 1
    assert game.battlefield[polu].damage == 4 and game.chars(polu)[:2] == (8, 8)


def test_608_2b_polukranos_a_target_gone_deals_no_damage_back():
    game, polu, (bears, ogre) = _polukranos(2, "Grizzly Bears", "Gray Ogre")
    act(game, "Grizzly Bears")
    act(game, "Gray Ogre")
    game.move_permanents([ogre], "hand")  # (as if bounced in response)
    settle(game)
    assert game.battlefield[polu].damage == 2  # the Bears' power only
    assert game.battlefield[bears].damage == 1  # its share; the Ogre's is not dealt


def test_701_37a_polukranos_already_monstrous_neither_grows_nor_triggers():
    game, polu, _ = _polukranos(1, "Grizzly Bears")
    act(game, "Grizzly Bears")
    settle(game)
    for perm in game.battlefield.values():
        if game.name_of(perm.card) == "Forest":
            perm.tapped = False
    game._legal = None
    act(game, "Polukranos")
    act(game, "X = 1")
    settle(game)
    assert game.battlefield[polu].counters["+1/+1"] == 1
    assert not game.stack and game.decision["kind"] == "priority"


# ----------------------------------------------- damage equal to its power (120.3)
def test_120_3_warstorm_surge_the_creature_that_entered_deals_the_damage():
    """The entering creature is the damage's source: Vampire Nighthawk's lifelink
    gains its controller the life (120.3f, 702.15b)."""
    game = blank()
    game.add_permanent("Warstorm Surge", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    game.add_card("Vampire Nighthawk", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Vampire Nighthawk)")
    settle(game)
    act(game, "player 1")
    settle(game)
    assert game.life == [22, 18]


def test_608_2h_warstorm_surge_a_creature_gone_deals_damage_as_it_last_existed():
    game = blank()
    game.add_permanent("Warstorm Surge", 0)
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Gray Ogre", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Gray Ogre)")
    settle(game)
    act(game, "player 1")
    (ogre,) = [p for p, perm in game.battlefield.items()
               if game.name_of(perm.card) == "Gray Ogre"]
    game.move_permanents([ogre], "graveyard")  # (as if killed in response)
    settle(game)
    assert game.life == [20, 18]


def test_rabid_bite_the_first_target_deals_its_power_to_the_second():
    game = blank()
    lands(game, 0, "Forest", "Forest")
    game.add_card("Rabid Bite", 0)
    ogre = game.add_permanent("Gray Ogre", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Rabid Bite)")
    game.apply_action(A.permanent(slot(game, ogre)))
    game.apply_action(A.permanent(slot(game, bears)))
    settle(game)
    assert bears not in game.battlefield
    assert game.battlefield[ogre].damage == 0  # one way: not a fight


def test_justice_strike_a_creature_deals_damage_to_itself_equal_to_its_power():
    game = blank()
    lands(game, 0, "Plains", "Mountain")
    game.add_card("Justice Strike", 0)
    ogre = game.add_permanent("Gray Ogre", 1)  # 2/2: 2 damage to itself
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Justice Strike)")
    game.apply_action(A.permanent(slot(game, ogre)))
    settle(game)
    assert ogre not in game.battlefield
    assert not has(game, "Justice Strike")


# ------------------------------------ the permanent sacrificed as a cost (608.2h)
def test_608_2h_birthing_pod_finds_a_creature_of_one_more_mana_value():
    """The sacrificed creature's mana value as it last existed (Grizzly Bears: 2):
    the search offers only creature cards of mana value 3."""
    game = blank()
    lands(game, 0, "Forest", "Forest")
    game.add_permanent("Birthing Pod", 0)
    game.add_permanent("Grizzly Bears", 0)
    for name in ("Centaur Courser", "Hill Giant", "Llanowar Elves", "Grizzly Bears"):
        game.add_card(name, 0, "library")
    game.start_at("main1", 0)
    act(game, "Birthing Pod")
    act(game, "Grizzly Bears")  # the cost's sacrifice
    settle(game)
    assert sorted(n for n in names(game) if n.startswith("find")) == [
        "find Centaur Courser"]
    act(game, "find Centaur Courser")
    settle(game)
    on = [game.name_of(p.card) for p in game.battlefield.values()]
    assert "Centaur Courser" in on and "Grizzly Bears" not in on


def test_608_2h_fling_deals_the_sacrificed_creatures_power_as_it_last_existed():
    """A Gray Ogre with two +1/+1 counters is sacrificed as Fling is cast: 4 damage."""
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Fling", 0)
    game.add_permanent("Gray Ogre", 0, counters={"+1/+1": 2})
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Fling)")
    act(game, "player 1")
    act(game, "Gray Ogre")
    settle(game)
    assert game.life == [20, 16]


# ------------------------------------------------ a trigger's object (603.2, 608.2h)
def test_608_2h_proper_burial_gains_the_toughness_the_creature_had_as_it_died():
    """The dead creature's toughness as it last existed: a Grizzly Bears with two
    +1/+1 counters gains 4 life."""
    game = blank()
    game.add_permanent("Proper Burial", 0)
    bears = game.add_permanent("Grizzly Bears", 0, counters={"+1/+1": 2})
    game.start_at("main1", 0)
    game.destroy([bears])
    settle(game)
    assert game.life == [24, 20]


def test_608_2h_angelic_chorus_the_creature_gone_before_it_resolves():
    game = blank()
    game.add_permanent("Angelic Chorus", 0)
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Gray Ogre", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Gray Ogre)")
    settle(game)  # the Ogre resolves; the Chorus's trigger waits on the stack
    (ogre,) = [p for p, perm in game.battlefield.items()
               if game.name_of(perm.card) == "Gray Ogre"]
    game.move_permanents([ogre], "graveyard")
    settle(game)
    assert game.life == [22, 20]


def test_champion_of_wits_may_draw_cards_equal_to_its_power_then_discards_two():
    game = blank()
    lands(game, 0, "Island", "Island", "Island")
    game.add_card("Champion of Wits", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Champion of Wits)")
    settle(game)
    act(game, "yes")
    assert len(game.hand[0]) == 2  # its power
    settle(game)
    while game.decision["kind"] != "priority":
        game.apply_action(game.legal_actions()[0])  # discard two
    assert len(game.hand[0]) == 0 and len(game.graveyard[0]) == 2


def test_massacre_wurm_that_player_is_the_dying_creatures_controller():
    game = blank(players=3)
    game.add_permanent("Massacre Wurm", 0)
    bears = game.add_permanent("Grizzly Bears", 2)
    game.start_at("main1", 0)
    game.destroy([bears])
    settle(game)
    assert game.life == [20, 20, 18]


def test_ozais_cruelty_that_player_is_the_targeted_player():
    game = blank(players=3)
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    game.add_card("Ozai's Cruelty", 0)
    for _ in range(3):
        game.add_card("Island", 2)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Ozai's Cruelty)")
    act(game, "player 2")
    settle(game)
    while game.decision["kind"] != "priority":
        game.apply_action(game.legal_actions()[0])
    settle(game)
    assert game.life == [20, 20, 18] and len(game.hand[2]) == 1


def test_608_2h_tribute_to_hunger_gains_the_sacrificed_creatures_toughness():
    game = blank()
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    game.add_card("Tribute to Hunger", 0)
    game.add_permanent("Gray Ogre", 1, counters={"+1/+1": 1})  # 3/3
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Tribute to Hunger)")
    act(game, "player 1")
    settle(game)
    while game.decision["kind"] != "priority":
        game.apply_action(game.legal_actions()[0])
    settle(game)
    assert game.life == [23, 20]


# --------------------------------------------- counts over graveyards (611.3a, 604.3)
def test_611_3a_knight_of_the_reliquary_counts_land_cards_in_your_graveyard():
    game = blank()
    knight = game.add_permanent("Knight of the Reliquary", 0)
    game.add_card("Forest", 0, "graveyard")
    game.add_card("Plains", 0, "graveyard")
    game.add_card("Grizzly Bears", 0, "graveyard")
    game.add_card("Forest", 1, "graveyard")  # (an opponent's: not counted)
    forest = game.add_permanent("Forest", 0)
    game.start_at("main1", 0)
    assert game.chars(knight)[:2] == (4, 4)  # 2/2 + two land cards
    act(game, "Knight of the Reliquary")  # {T}, sacrifice a Forest or Plains
    game.apply_action(A.permanent(slot(game, forest)))
    assert game.chars(knight)[:2] == (5, 5)  # the sacrificed Forest is a land card
    game.add_card("Taiga", 0, "library")
    settle(game)
    act(game, "find Taiga")
    settle(game)
    assert any(game.name_of(p.card) == "Taiga" for p in game.battlefield.values())


def test_611_3a_wight_of_precinct_six_counts_creature_cards_in_opponents_graveyards():
    game = blank(players=3)
    wight = game.add_permanent("Wight of Precinct Six", 0)
    game.add_card("Grizzly Bears", 1, "graveyard")
    game.add_card("Gray Ogre", 2, "graveyard")
    game.add_card("Forest", 2, "graveyard")
    game.add_card("Grizzly Bears", 0, "graveyard")  # (its controller's: not counted)
    game.start_at("main1", 0)
    assert game.chars(wight)[:2] == (3, 3)  # 1/1 + two creature cards


# ---------------------------------------------------------- comparisons and extremes
def test_pendelhaven_targets_only_a_1_1_creature():
    game = blank()
    haven = game.add_permanent("Pendelhaven", 0)
    elves = game.add_permanent("Llanowar Elves", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, haven)} (Pendelhaven)")
    assert sorted(n for n in names(game) if n.startswith("permanent")) == [
        f"permanent slot {slot(game, elves)} (Llanowar Elves)"]
    game.apply_action(A.permanent(slot(game, elves)))
    settle(game)
    assert game.chars(elves)[:2] == (2, 3)


def test_izzet_staticaster_hits_each_other_creature_with_the_same_name():
    game = blank()
    lands(game, 0, "Island", "Mountain")
    caster = game.add_permanent("Izzet Staticaster", 0)
    a = game.add_permanent("Llanowar Elves", 1)
    b = game.add_permanent("Llanowar Elves", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, caster)} (Izzet Staticaster)")
    game.apply_action(A.permanent(slot(game, a)))
    settle(game)
    assert a not in game.battlefield and b not in game.battlefield
    assert game.battlefield[bears].damage == 0


def test_firedrinker_satyr_pump_also_deals_1_damage_to_its_controller():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    satyr = game.add_permanent("Firedrinker Satyr", 0)
    game.start_at("main1", 0)
    act(game, "Firedrinker Satyr")
    settle(game)
    assert game.chars(satyr)[0] == 3 and game.life == [19, 20]


def test_608_2h_overwhelming_stampede_pumps_by_the_greatest_power_once():
    game = blank()
    lands(game, 0, *["Forest"] * 5)
    game.add_card("Overwhelming Stampede", 0)
    ogre = game.add_permanent("Gray Ogre", 0, counters={"+1/+1": 1})  # 3/3
    elves = game.add_permanent("Llanowar Elves", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Overwhelming Stampede)")
    settle(game)
    assert game.chars(ogre)[:2] == (6, 6) and game.chars(elves)[:2] == (4, 4)
    assert "trample" in game.chars(elves)[2]


def test_608_2h_craters_claws_deals_x_plus_2_with_a_creature_of_power_4():
    for counters, expected in ((0, 2), (2, 4)):
        game = blank()
        lands(game, 0, *["Mountain"] * 3)
        game.add_card("Crater's Claws", 0)
        game.add_permanent("Gray Ogre", 0, counters={"+1/+1": counters})
        game.start_at("main1", 0)
        act(game, "cast hand 0 (Crater's Claws)")
        act(game, "X = 2")
        act(game, "player 1")
        settle(game)
        assert game.life[1] == 20 - expected


def test_122_1_inspiring_call_counts_creatures_with_a_plus_counter():
    game = blank()
    lands(game, 0, "Forest", "Forest", "Forest")
    game.add_card("Inspiring Call", 0)
    ogre = game.add_permanent("Gray Ogre", 0, counters={"+1/+1": 1})
    elves = game.add_permanent("Llanowar Elves", 0, counters={"+1/+1": 2})
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Inspiring Call)")
    settle(game)
    assert len(game.hand[0]) == 2
    assert "indestructible" in game.chars(ogre)[2]
    assert "indestructible" in game.chars(elves)[2]
    assert "indestructible" not in game.chars(bears)[2]


def test_611_3a_tuskguard_captain_grants_trample_to_creatures_with_a_plus_counter():
    game = blank()
    game.add_permanent("Tuskguard Captain", 0)
    ogre = game.add_permanent("Gray Ogre", 0)
    game.start_at("main1", 0)
    assert "trample" not in game.chars(ogre)[2]
    game.battlefield[ogre].counters["+1/+1"] = 1
    assert "trample" in game.chars(ogre)[2]


def test_107_1a_blood_tribute_half_their_life_rounded_up():
    game = blank()
    lands(game, 0, *["Swamp"] * 6)
    game.add_card("Blood Tribute", 0)
    game.life[1] = 15
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Blood Tribute)")
    while game.decision["kind"] != "priority" and not has(game, "player 1"):
        act(game, "no")  # (not kicked)
    act(game, "player 1")
    settle(game)
    assert game.life == [20, 7]  # 15 -> loses 8


def test_107_1a_quietus_spike_that_player_loses_half_their_life():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    spike = game.add_permanent("Quietus Spike", 0)
    game.battlefield[spike].attached_to = bears
    game.start_at("main1", 0)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    game.apply_action(A.attack(slot(game, bears), 1))
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    # 2 combat damage (20 -> 18), then half of 18, rounded up: 9
    assert game.life[1] == 9
