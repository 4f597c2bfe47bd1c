"""Scripted positions for creatures, tokens and combat (rules 508, 604.3, 702): two
protections in one ability, battle cry, tokens that enter tapped and attacking,
undying and persist, "can't be blocked by" restrictions. Each names real cards from
the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    block,
    can_block,
    creature,
    lands,
    on_battlefield,
    pass_to_decision,
    pass_until,
    settle,
    slot,
    target_perm,
    to_blocks,
    to_combat,
)


# ------------------------------------------------------- 702.16: two protections
def test_protection_from_black_and_from_green_is_two_protections():
    # Mirran Crusader: "protection from black and from green"
    game = blank()
    crusader = game.add_permanent("Mirran Crusader", 0)
    bears = game.add_permanent("Grizzly Bears", 1)  # green
    ghoul = game.add_permanent("Highborn Ghoul", 1)  # black
    lion = game.add_permanent("Savannah Lions", 1)  # white
    game.start_at("main1", 0)
    to_blocks(game, crusader)
    assert not can_block(game, bears, crusader)
    assert not can_block(game, ghoul, crusader)
    assert can_block(game, lion, crusader)


def test_protection_from_a_subtype_baneslayer_angel_702_16():
    """Baneslayer Angel: "protection from demons and from dragons" is two
    protections from creature types: no Dragon or Demon blocks it (702.16b), and
    damage a Demon would deal it is prevented (702.16e); others are unaffected."""
    from magic.positions import custom

    game = blank()
    angel = game.add_permanent("Baneslayer Angel", 0)  # 5/5 flying, first strike
    assert {"protection from Demon", "protection from Dragon"} <= game.keywords(angel)
    shivan = game.add_permanent("Shivan Dragon", 1)  # a flying Dragon
    drake = game.add_permanent("Wind Drake", 1)  # a flying Drake
    game.start_at("main1", 0)
    to_blocks(game, angel)
    assert not can_block(game, shivan, angel)
    assert can_block(game, drake, angel)

    game = blank()
    demon = game.add_permanent(custom("Grizzly Bears", "Pit Fiend", power=7, toughness=7,
                                      subtypes=("Demon",)), 0)
    angel = game.add_permanent("Baneslayer Angel", 1)
    game.start_at("main1", 0)
    to_blocks(game, demon)
    block(game, angel, demon)
    pass_until(game, "main2")
    # first strike: 5 to the Demon; the Demon's 7 to the Angel is prevented
    assert angel in game.battlefield and game.battlefield[angel].damage == 0
    assert game.battlefield[demon].damage == 5


def test_protection_from_multicolored_stops_multicoloured_blockers():
    game = blank()
    guard = game.add_permanent(creature("Pantheon Guard", 2, 1,
                                        "protection from multicolored"), 0)
    wolf = game.add_permanent("Watchwolf", 1)  # green and white
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_blocks(game, guard)
    assert not can_block(game, wolf, guard)
    assert can_block(game, bears, guard)


def bolt(game: MagicGame, pid: int) -> None:
    """Seat 0 casts Lightning Bolt (in its hand, a Mountain ready) at ``pid`` and it
    resolves."""
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, pid)
    settle(game)


def bolt_ready(game: MagicGame) -> None:
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)




# ------------------------------------------------- 508.4: tapped and attacking
def test_a_token_created_tapped_and_attacking_attacks_what_its_source_attacks():
    # Geist of Saint Traft: "whenever this attacks, create a 4/4 white angel creature
    # token with flying that's tapped and attacking. exile that token at end of
    # combat."
    game = blank()
    geist = game.add_permanent("Geist of Saint Traft", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, geist)
    game.apply_action(A.DONE)
    settle(game)
    (angel,) = on_battlefield(game, "Angel Token")
    assert game.battlefield[angel].tapped
    assert game.attackers[angel] == 1
    entered = [e for e in game.events if e["type"] == "enters_attacking"]
    assert [e["id"] for e in entered] == [angel]
    # never declared: no "attack" event for it (508.3a, 508.4)
    assert [e["id"] for e in game.events if e["type"] == "attack"] == [geist]
    pass_until(game, "main2")
    assert game.life[1] == 20 - 2 - 4
    assert angel not in game.battlefield  # exiled at end of combat


def test_two_tokens_enter_tapped_and_attacking_and_battle_cry_pumps_the_others():
    # Hero of Bladehold: battle cry, and two 1/1 soldiers tapped and attacking
    game = blank()
    hero = game.add_permanent("Hero of Bladehold", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, hero)
    attack(game, bears)
    game.apply_action(A.DONE)
    settle(game)
    soldiers = on_battlefield(game, "Soldier Token")
    assert len(soldiers) == 2
    assert all(game.attackers.get(s) == 1 for s in soldiers)
    assert game.chars(bears)[:2] == (3, 2)  # battle cry: +1/+0 to the others
    assert game.chars(hero)[:2] == (3, 4)  # not to itself
    pass_until(game, "main2")
    soldier_power = sum(game.chars(s)[0] for s in soldiers)
    assert game.life[1] == 20 - 3 - 3 - soldier_power


def test_a_token_tapped_and_attacking_outside_combat_is_only_tapped():
    # 506.3: put onto the battlefield attacking outside combat, it is not attacking
    game = blank()
    geist = game.add_permanent("Geist of Saint Traft", 0)
    game.start_at("main1", 0)
    angel = game.create_token(game.pdef(geist).triggered[0].effect.steps[0].token, 0)
    game.enter_attacking(angel, geist)
    assert game.battlefield[angel].tapped and angel not in game.attackers


# ------------------------------------------------------ 111.2: two kinds of token
def test_wurmcoil_engine_leaves_a_deathtouch_wurm_and_a_lifelink_wurm():
    game = blank()
    wurmcoil = game.add_permanent("Wurmcoil Engine", 1)
    lands(game, 0, "Swamp", "Swamp")
    game.add_card("Doom Blade", 0)
    game.start_at("main1", 0)
    act(game, "Doom Blade")
    target_perm(game, wurmcoil)
    settle(game)
    wurms = on_battlefield(game, "Phyrexian Wurm Token")
    assert sorted(sorted(game.keywords(w)) for w in wurms) == [["deathtouch"],
                                                               ["lifelink"]]
    assert all(game.battlefield[w].controller == 1 for w in wurms)
    assert all(game.chars(w)[:2] == (3, 3) for w in wurms)


# ------------------------------------------------- 702.93 undying, 702.79 persist
def test_undying_returns_it_with_a_counter_once():
    game = blank()
    geist = game.add_permanent("Strangleroot Geist", 1)
    bolt_ready(game)
    game.add_card("Lightning Bolt", 0)
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    bolt(game, geist)
    (back,) = on_battlefield(game, "Strangleroot Geist")
    assert back != geist  # a new object (400.7)
    assert game.battlefield[back].counters.get("+1/+1") == 1
    assert game.battlefield[back].controller == 1
    assert game.chars(back)[:2] == (3, 2)
    bolt(game, back)  # it had a +1/+1 counter: it stays dead
    assert not on_battlefield(game, "Strangleroot Geist")
    assert len(game.graveyard[1]) == 1


def test_persist_returns_it_with_a_minus_counter_and_its_enters_trigger_again():
    game = blank()
    finks = game.add_permanent("Kitchen Finks", 0)  # 3/2, enters: gain 2 life
    bolt_ready(game)
    game.start_at("main1", 0)
    bolt(game, finks)
    (back,) = on_battlefield(game, "Kitchen Finks")
    assert game.battlefield[back].counters.get("-1/-1") == 1
    assert game.chars(back)[:2] == (2, 1)
    assert game.life[0] == 22


# ---------------------------------- a permanent's own "put into a graveyard" trigger
def test_rancor_returns_to_its_owners_hand_when_put_into_a_graveyard():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    rancor = game.add_permanent("Rancor", 1, attached_to=bears)
    assert game.chars(bears)[:2] == (4, 2)
    bolt_ready(game)
    game.start_at("main1", 0)
    bolt(game, bears)  # the Aura goes to the graveyard (704.5m) and returns
    assert rancor not in game.battlefield
    assert [game.name_of(c) for c in game.hand[1]] == ["Rancor"]
    assert not game.graveyard[1] or [game.name_of(c) for c in game.graveyard[1]] == [
        "Grizzly Bears"]


# ------------------------------------------------------------ 702.92 living weapon
def test_living_weapon_makes_a_germ_and_equips_it():
    game = blank()
    lands(game, 0, "Plains", "Plains", "Plains", "Plains", "Plains")
    game.add_card("Batterskull", 0)
    game.start_at("main1", 0)
    act(game, "Batterskull")
    settle(game)
    (skull,) = on_battlefield(game, "Batterskull")
    (germ,) = on_battlefield(game, "Phyrexian Germ Token")
    assert game.battlefield[skull].attached_to == germ
    assert game.chars(germ)[:2] == (4, 4)  # a 0/0 with +4/+4
    assert {"vigilance", "lifelink"} <= game.keywords(germ)
    assert game.pdef(germ).colours == ("B",)


# ------------------------------------------------ 509.1b: restrictions on blockers
def test_cant_be_blocked_by_humans():
    game = blank()
    noble = game.add_permanent("Stromkirk Noble", 0)
    lions = game.add_permanent("Savannah Lions", 1)  # a Cat
    soldier = game.add_permanent("Elite Vanguard", 1)  # a Human Soldier
    game.start_at("main1", 0)
    to_blocks(game, noble)
    assert not can_block(game, soldier, noble)
    assert can_block(game, lions, noble)


def test_cant_be_blocked_except_by_creatures_with_flying_or_reach():
    game = blank()
    pest = game.add_permanent("Signal Pest", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    spider = game.add_permanent("Giant Spider", 1)  # reach
    bird = game.add_permanent("Suntail Hawk", 1)  # flying
    game.start_at("main1", 0)
    to_blocks(game, pest)
    assert not can_block(game, bears, pest)
    assert can_block(game, spider, pest)
    assert can_block(game, bird, pest)


def test_cant_be_blocked_by_creatures_with_power_2_or_less():
    game = blank()
    boar = game.add_permanent("Outland Boar", 0)
    bears = game.add_permanent("Grizzly Bears", 1)  # 2/2
    ogre = game.add_permanent("Gray Ogre", 1)  # 2/2... power 2
    giant = game.add_permanent("Hill Giant", 1)  # 3/3
    game.start_at("main1", 0)
    to_blocks(game, boar)
    assert not can_block(game, bears, boar)
    assert not can_block(game, ogre, boar)
    assert can_block(game, giant, boar)


def test_cant_be_blocked_by_more_than_one_creature():
    game = blank()
    rhino = game.add_permanent("Charging Rhino", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    to_blocks(game, rhino)
    block(game, bears, rhino)
    assert A.DONE in game.legal_actions()
    block(game, giant, rhino)
    assert A.DONE not in game.legal_actions()  # two blockers: not a legal block
    game.apply_action(A.block(slot(game, giant)))  # withdraw the second block
    assert A.DONE in game.legal_actions()


def test_cant_be_blocked_except_by_three_or_more_creatures():
    game = blank()
    colossus = game.add_permanent("Phyrexian Colossus", 0)
    blockers = [game.add_permanent("Grizzly Bears", 1) for _ in range(3)]
    game.start_at("main1", 0)
    to_blocks(game, colossus)
    block(game, blockers[0], colossus)
    block(game, blockers[1], colossus)
    assert A.DONE not in game.legal_actions()
    block(game, blockers[2], colossus)
    assert A.DONE in game.legal_actions()


# ------------------------------------------ 604.3, 613.4a: defined power/toughness
def test_tarmogoyf_counts_card_types_in_all_graveyards():
    game = blank()
    goyf = game.add_permanent("Tarmogoyf", 0)
    assert game.chars(goyf)[:2] == (0, 1)
    game.add_card("Lightning Bolt", 1, "graveyard")  # instant
    game.add_card("Grizzly Bears", 0, "graveyard")  # creature
    game.add_card("Shock", 0, "graveyard")  # instant again
    game.add_card("Dryad Arbor", 1, "graveyard")  # land and creature
    assert game.chars(goyf)[:2] == (3, 4)
    game.add_permanent("Glorious Anthem", 0)  # +1/+1 applies on top (7c)
    game._bf_version += 1
    assert game.chars(goyf)[:2] == (4, 5)


def test_pack_rat_counts_the_rats_its_controller_controls():
    game = blank()
    rat = game.add_permanent("Pack Rat", 0)
    assert game.chars(rat)[:2] == (1, 1)
    other = game.add_permanent("Pack Rat", 0)
    game.add_permanent("Pack Rat", 1)  # an opponent's rat does not count
    assert game.chars(rat)[:2] == (2, 2) == game.chars(other)[:2]
    game.battlefield[rat].counters["+1/+1"] = 1
    assert game.chars(rat)[:2] == (3, 3)


def test_a_defined_toughness_of_zero_dies():
    # Maro: power and toughness are each the cards in its controller's hand; with
    # the last card cast it is 0/0 and dies (704.5f)
    game = blank()
    maro = game.add_permanent("Maro", 0)
    bolt_ready(game)
    game.start_at("main1", 0)
    assert game.chars(maro)[:2] == (1, 1)
    act(game, "cast hand 0 (Lightning Bolt)")
    game.apply_action(A.player(1))
    settle(game)
    assert maro not in game.battlefield
    assert game.life[1] == 17


# ------------------------------------------------- 611.3a: "as long as ..." bonuses
def test_flinthoof_boar_gets_its_bonus_while_its_controller_has_a_mountain():
    game = blank()
    boar = game.add_permanent("Flinthoof Boar", 0)
    assert game.chars(boar)[:2] == (2, 2)
    mountain = game.add_permanent("Mountain", 0)
    assert game.chars(boar)[:2] == (3, 3)
    game.add_permanent("Mountain", 1)  # an opponent's does not count
    game.move_permanents([mountain], "graveyard")
    assert game.chars(boar)[:2] == (2, 2)


def test_fleecemane_lion_has_hexproof_and_indestructible_once_monstrous():
    game = blank()
    lion = game.add_permanent("Fleecemane Lion", 0)
    assert not {"hexproof", "indestructible"} & game.keywords(lion)
    game.monstrosity(lion, 1)
    assert {"hexproof", "indestructible"} <= game.keywords(lion)
    assert game.chars(lion)[:2] == (4, 4)


def test_blood_baron_needs_both_conditions():
    game = blank()
    baron = game.add_permanent("Blood Baron of Vizkopa", 0)
    game.life[0], game.life[1] = 30, 11
    assert game.chars(baron)[:2] == (4, 4)
    game.life[1] = 10
    assert game.chars(baron)[:2] == (10, 10) and "flying" in game.keywords(baron)
    game.life[0] = 29
    assert game.chars(baron)[:2] == (4, 4)


def test_metalcraft_protection_from_each_colour():
    game = blank()
    champion = game.add_permanent("Etched Champion", 0)
    assert "protection from red" not in game.keywords(champion)
    for _ in range(3):
        game.add_permanent("Ornithopter", 0)
    game._bf_version += 1
    kws = game.keywords(champion)
    assert {f"protection from {c}" for c in ("white", "blue", "black", "red",
                                             "green")} <= kws


# ------------------------------------------ the player or planeswalker it attacks
def test_hellrider_pings_what_each_attacker_attacks():
    game = blank()
    hellrider = game.add_permanent("Hellrider", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, hellrider)
    attack(game, bears)
    game.apply_action(A.DONE)
    settle(game)
    assert game.life[1] == 18  # one damage per attacking creature
    pass_until(game, "main2")
    assert game.life[1] == 18 - 3 - 2


# --------------------------------------------------------- "tap those creatures"
def test_thundermaw_hellkite_hits_and_taps_opposing_fliers():
    game = blank()
    lands(game, 0, *["Mountain"] * 5)
    game.add_card("Thundermaw Hellkite", 0)
    hawk = game.add_permanent("Suntail Hawk", 1)  # 1/1 flier: dies
    drake = game.add_permanent("Wind Drake", 1)  # 2/2 flier: tapped
    bears = game.add_permanent("Grizzly Bears", 1)
    mine = game.add_permanent("Wind Drake", 0)
    game.start_at("main1", 0)
    act(game, "Thundermaw Hellkite")
    settle(game)
    assert hawk not in game.battlefield
    assert game.battlefield[drake].tapped and game.battlefield[drake].damage == 1
    assert not game.battlefield[bears].tapped
    assert not game.battlefield[mine].tapped and game.battlefield[mine].damage == 0


# --------------------------------------------------------------- 702.100 evolve
def test_evolve_counts_a_bigger_creature_entering():
    game = blank()
    raptor = game.add_permanent("Cloudfin Raptor", 0)  # 0/1
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    game.add_card("Grizzly Bears", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Grizzly Bears)")
    settle(game)
    assert game.battlefield[raptor].counters.get("+1/+1") == 1  # 2/2 > 0/1
    act(game, "cast hand 0 (Grizzly Bears)")
    settle(game)
    assert game.battlefield[raptor].counters.get("+1/+1") == 2  # 2 > 1 power
    game.add_permanent("Ornithopter", 0)  # (not entering by a spell: no matter)


def test_evolve_ignores_a_creature_no_bigger():
    game = blank()
    raptor = game.add_permanent("Cloudfin Raptor", 0)
    game.battlefield[raptor].counters["+1/+1"] = 2  # 2/3
    lands(game, 0, "Forest", "Forest")
    game.add_card("Grizzly Bears", 0)  # 2/2: neither greater
    game.start_at("main1", 0)
    act(game, "Grizzly Bears")
    settle(game)
    assert game.battlefield[raptor].counters.get("+1/+1") == 2


# --------------------------------------------------------------- 702.98 unleash
def test_unleash_asks_and_a_creature_with_the_counter_cannot_block():
    for unleashed in (True, False):
        game = blank()
        lands(game, 0, "Mountain")
        game.add_card("Rakdos Cackler", 0)
        game.start_at("main1", 0)
        act(game, "Rakdos Cackler")
        game.apply_action(A.PASS)
        game.apply_action(A.PASS)
        assert game.decision["kind"] == "yesno" and "unleash" in game.decision
        game.apply_action(A.YES if unleashed else A.NO)
        (cackler,) = on_battlefield(game, "Rakdos Cackler")
        assert game.chars(cackler)[:2] == ((2, 2) if unleashed else (1, 1))
        assert game._can_block(cackler) is not unleashed


# --------------------------------------------- "if it was a creature card, ..."
def test_scavenging_ooze_grows_only_on_creature_cards():
    game = blank()
    ooze = game.add_permanent("Scavenging Ooze", 0)
    lands(game, 0, "Forest", "Forest")
    game.add_card("Grizzly Bears", 1, "graveyard")
    game.add_card("Lightning Bolt", 1, "graveyard")
    game.start_at("main1", 0)
    for name in ("Lightning Bolt", "Grizzly Bears"):
        act(game, "activate")
        act(game, name)
        settle(game)
    assert game.battlefield[ooze].counters.get("+1/+1") == 1
    assert game.life[0] == 21
    assert len(game.exile[1]) == 2


# -------------------------------------------- 508.1d: a group attacks if able
def test_goblin_rabblemasters_other_goblins_must_attack():
    game = blank()
    master = game.add_permanent("Goblin Rabblemaster", 0)
    goblin = game.add_permanent("Raging Goblin", 0)
    game.start_at("main1", 0)
    to_combat(game)
    (token,) = on_battlefield(game, "Goblin Token")  # made at beginning of combat
    assert A.DONE not in game.legal_actions()  # the other goblins must attack
    attack(game, goblin)
    assert A.DONE not in game.legal_actions()
    attack(game, token)
    assert A.DONE in game.legal_actions()  # the Rabblemaster itself need not
    assert master not in game.attackers
    game.apply_action(A.DONE)
    settle(game)
    assert game.chars(master)[:2] == (2, 2)  # +1/+0 only when it attacks


# ------------------------------------------------------- "artifact creatures"
def test_steel_overseer_counts_only_artifact_creatures():
    game = blank()
    overseer = game.add_permanent("Steel Overseer", 0)
    thopter = game.add_permanent("Ornithopter", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "activate")
    settle(game)
    assert game.battlefield[overseer].counters.get("+1/+1") == 1
    assert game.battlefield[thopter].counters.get("+1/+1") == 1
    assert not game.battlefield[bears].counters.get("+1/+1")


# ------------------------------------- 611.2c, 614.1a: Whip of Erebos's reanimation
def test_whip_of_erebos_returns_a_hasty_creature_exiled_if_it_would_leave():
    game = blank()
    whip = game.add_permanent("Whip of Erebos", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp", "Swamp", "Mountain")
    game.add_card("Hill Giant", 0, "graveyard")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "activate")
    act(game, "Hill Giant")
    settle(game)
    (giant,) = on_battlefield(game, "Hill Giant")
    assert "haste" in game.keywords(giant)
    assert "lifelink" in game.keywords(giant)  # the Whip's anthem
    assert game.battlefield[giant].exile_if_leaves
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, giant)
    settle(game)
    assert giant not in game.battlefield
    assert [game.name_of(c) for c in game.exile[0]] == ["Hill Giant"]  # not the graveyard
    assert whip in game.battlefield


def test_whip_of_erebos_exiles_it_at_the_next_end_step():
    game = blank()
    game.add_permanent("Whip of Erebos", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp", "Swamp")
    game.add_card("Hill Giant", 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "activate")
    act(game, "Hill Giant")
    settle(game)
    (giant,) = on_battlefield(game, "Hill Giant")
    pass_until(game, "end")
    settle(game)
    assert giant not in game.battlefield
    assert [game.name_of(c) for c in game.exile[0]] == ["Hill Giant"]


# ------------------------------------------------- found while landing (608.2h)
def test_a_ritual_with_an_instead_amount_adds_that_much_mana():
    # Cabal Ritual: {B}{B}{B}, or {B}{B}{B}{B}{B} with seven cards in the graveyard
    for grave, made in ((0, 3), (7, 5)):
        game = blank()
        lands(game, 0, "Swamp", "Swamp")
        game.add_card("Cabal Ritual", 0)
        for _ in range(grave):
            game.add_card("Island", 0, "graveyard")
        game.start_at("main1", 0)
        act(game, "Cabal Ritual")
        settle(game)
        assert game.pool[0] == ["B"] * made


# ---------------------------------------- 508.1d: "attack this turn if able"
def test_creatures_told_to_attack_this_turn_must_attack():
    game = blank()
    bident = game.add_permanent("Bident of Thassa", 0)
    lands(game, 0, "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 1)
    game.apply_action(A.PASS)  # seat 1 passes in its main phase; seat 0 may act
    assert game.current_player() == 0
    act(game, "activate")
    settle(game)
    to_combat(game)
    assert A.DONE not in game.legal_actions()
    attack(game, bears)
    assert A.DONE in game.legal_actions()
    assert bident in game.battlefield


# ---------------------------------------------------------- "you untap ..."
def test_sword_of_feast_and_famine_untaps_its_controllers_lands():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Sword of Feast and Famine", 0, attached_to=bears)
    forest = game.add_permanent("Forest", 0)
    game.battlefield[forest].tapped = True
    game.add_card("Island", 1, "hand")
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, bears)
    game.apply_action(A.DONE)
    pass_to_decision(game, "discard")
    assert game.decision["player"] == 1
    game.apply_action(A.hand(0))
    pass_until(game, "main2")
    assert game.life[1] == 16
    assert not game.battlefield[forest].tapped
    assert not game.hand[1]
