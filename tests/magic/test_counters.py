"""Scripted positions for counter keywords and counter manipulation (rule 122;
bloodthirst 702.54, modular 702.43, graft 702.58, outlast 702.107, support 701.41,
doubling 701.10e, moving 122.5, "whenever a +1/+1 counter is put on" 122.6). Each names
real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    has,
    lands,
    on_battlefield,
    settle,
    target_perm,
    to_combat,
)


def plus(game: MagicGame, pid: int) -> int:
    return game.battlefield[pid].counters.get("+1/+1", 0)


def cast(game: MagicGame, name: str) -> None:
    """Cast the first card called ``name`` in the hand and let it resolve."""
    found = [a for a in game.legal_actions()
             if game.action_to_string(a).endswith(f"({name})")]
    game.apply_action(found[0])
    settle(game)


def test_the_counter_keywords_compile_to_their_abilities():
    pool = compiled_pool().supported
    for name in ("Stormblood Berserker", "Arcbound Ravager", "Llanowar Reborn",
                 "Simic Initiate", "Salt Road Patrol", "Shoulder to Shoulder",
                 "Kalonian Hydra", "Fathom Mage", "Vampire Hexmage",
                 "Prime Speaker Zegana", "Golgari Raiders"):
        assert name in pool, name
    ravager = pool["Arcbound Ravager"]
    assert fx.EntersWithCounters(1) in ravager.statics
    assert ravager.triggered[0].trigger.event == "dies" and ravager.triggered[0].optional
    (outlast,) = pool["Salt Road Patrol"].activated
    assert outlast.sorcery_speed and outlast.cost.tap


# ------------------------------------------------------------ 702.54 bloodthirst
def test_bloodthirst_counts_only_after_an_opponent_was_dealt_damage_this_turn():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain", "Mountain")
    game.add_card("Stormblood Berserker", 0)
    game.add_card("Stormblood Berserker", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    cast(game, "Stormblood Berserker")
    first = on_battlefield(game, "Stormblood Berserker")[0]
    assert plus(game, first) == 0  # nobody was dealt damage yet
    act(game, "(Lightning Bolt)")
    game.apply_action(A.player(1))
    settle(game)
    assert game.damaged_turn[1]
    cast(game, "Stormblood Berserker")
    second = [p for p in on_battlefield(game, "Stormblood Berserker") if p != first][0]
    assert plus(game, second) == 2 and game.chars(second)[:2] == (3, 3)


def test_bloodthirst_ignores_damage_to_its_own_controller():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Stormblood Berserker", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "(Lightning Bolt)")
    game.apply_action(A.player(0))
    settle(game)
    cast(game, "Stormblood Berserker")
    (berserker,) = on_battlefield(game, "Stormblood Berserker")
    assert plus(game, berserker) == 0


# ---------------------------------------------------- 614.12 counted as it enters
def test_zegana_enters_with_the_greatest_other_power_and_draws_its_power():
    game = blank()
    game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Hill Giant", 0)  # 3/3
    game.add_permanent("Craw Wurm", 1)  # an opponent's 6/4 does not count
    lands(game, 0, "Forest", "Forest", "Island", "Island", "Forest", "Island")
    game.add_card("Prime Speaker Zegana", 0)
    game.start_at("main1", 0)
    cast(game, "Prime Speaker Zegana")
    (zegana,) = on_battlefield(game, "Prime Speaker Zegana")
    assert plus(game, zegana) == 3
    assert len(game.hand[0]) == 4  # its power 1 + 3


def test_undergrowth_counts_creature_cards_in_the_graveyard_as_it_enters():
    game = blank()
    for name in ("Grizzly Bears", "Hill Giant", "Island"):
        game.add_card(name, 0, "graveyard")
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    game.add_card("Golgari Raiders", 0)
    game.start_at("main1", 0)
    cast(game, "Golgari Raiders")
    (raiders,) = on_battlefield(game, "Golgari Raiders")
    assert plus(game, raiders) == 2


# --------------------------------------------------------------- 702.43 modular
def test_modular_enters_with_counters_and_moves_them_to_an_artifact_creature():
    game = blank()
    lands(game, 0, "Mountain", "Plains")
    game.add_card("Arcbound Worker", 0)
    game.add_card("Lightning Bolt", 0)
    thopter = game.add_permanent("Ornithopter", 0)
    ravager = game.add_permanent("Arcbound Ravager", 0, counters={"+1/+1": 3})
    game.start_at("main1", 0)
    cast(game, "Arcbound Worker")
    (worker,) = on_battlefield(game, "Arcbound Worker")
    assert plus(game, worker) == 1 and game.chars(worker)[:2] == (1, 1)
    act(game, "(Lightning Bolt)")
    target_perm(game, ravager)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # the Bolt resolves; the Ravager (3/3) dies
    assert ravager not in game.battlefield
    assert game.decision["kind"] == "target"  # "target artifact creature"
    target_perm(game, thopter)
    settle(game)
    assert game.decision["kind"] == "yesno"  # "you may"
    game.apply_action(A.YES)
    settle(game)
    assert plus(game, thopter) == 3  # each counter it had as it died (608.2h)
    assert plus(game, worker) == 1


# ----------------------------------------------------------------- 702.58 graft
def test_graft_moves_a_counter_onto_another_creature_entering():
    game = blank()
    reborn = game.add_permanent("Llanowar Reborn", 0)
    assert plus(game, reborn) == 1
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    game.add_card("Grizzly Bears", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    cast(game, "Grizzly Bears")
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    settle(game)
    (bears,) = on_battlefield(game, "Grizzly Bears")
    assert plus(game, bears) == 1 and plus(game, reborn) == 0
    assert "+1/+1" not in game.battlefield[reborn].counters
    cast(game, "Grizzly Bears")  # no counter left: the "if" is false, no trigger
    assert game.decision["kind"] == "priority" and not game.stack


def test_graft_does_not_move_a_counter_onto_itself():
    game = blank()
    lands(game, 0, "Forest")
    game.add_card("Simic Initiate", 0)
    game.start_at("main1", 0)
    cast(game, "Simic Initiate")  # "another creature": its own entering is not one
    (initiate,) = on_battlefield(game, "Simic Initiate")
    assert plus(game, initiate) == 1 and not game.stack


# --------------------------------------------------------------- 702.107 outlast
def test_outlast_is_a_sorcery_speed_tap_ability():
    game = blank()
    patrol = game.add_permanent("Salt Road Patrol", 0)
    lands(game, 0, "Plains", "Plains")
    game.start_at("main1", 0)
    act(game, "Salt Road Patrol")
    settle(game)
    assert plus(game, patrol) == 1 and game.battlefield[patrol].tapped


# --------------------------------------------------------------- 701.41 support
def test_support_on_a_sorcery_targets_up_to_that_many_creatures():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    giant = game.add_permanent("Hill Giant", 1)
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Shoulder to Shoulder", 0)
    game.start_at("main1", 0)
    act(game, "(Shoulder to Shoulder)")
    target_perm(game, bears)
    target_perm(game, giant)
    settle(game)
    assert plus(game, bears) == 1 and plus(game, giant) == 1
    assert len(game.hand[0]) == 1  # and it draws a card


# ------------------------------------------------------------ 701.10e doubling
def test_kalonian_hydra_doubles_the_counters_on_each_creature_you_control():
    game = blank()
    hydra = game.add_permanent("Kalonian Hydra", 0)
    assert plus(game, hydra) == 4
    bears = game.add_permanent("Grizzly Bears", 0, counters={"+1/+1": 1})
    theirs = game.add_permanent("Grizzly Bears", 1, counters={"+1/+1": 1})
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, hydra)
    game.apply_action(A.DONE)
    settle(game)
    assert plus(game, hydra) == 8 and plus(game, bears) == 2
    assert plus(game, theirs) == 1


# --------------------------------------------------------- 122.6 counter put
def test_fathom_mage_draws_once_for_each_counter_put_on_it():
    game = blank()
    mage = game.add_permanent("Fathom Mage", 0)
    lands(game, 0, "Forest", "Forest")
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    cast(game, "Grizzly Bears")  # evolve: one counter, one trigger
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    settle(game)
    assert plus(game, mage) == 1 and len(game.hand[0]) == 1
    game.put_counters(mage, "+1/+1", 2)  # two at once: it triggers twice
    assert len(game.pending_triggers) == 2


def test_a_counter_entering_with_a_permanent_is_put_on_it():
    # 122.6: Zegana entering with counters is "put" counters; a watcher of "this"
    # does not see another permanent's counters
    game = blank()
    mage = game.add_permanent("Fathom Mage", 0)
    lands(game, 0, "Forest")
    game.add_card("Arcbound Worker", 0)
    game.start_at("main1", 0)
    cast(game, "Arcbound Worker")  # a 1/1 with its counter: not greater than 1/1
    assert plus(game, mage) == 0 and len(game.hand[0]) == 0


# ---------------------------------------------------- 122.8 removing counters
def test_vampire_hexmage_removes_every_counter_from_its_target():
    game = blank()
    hexmage = game.add_permanent("Vampire Hexmage", 0)
    hydra = game.add_permanent("Kalonian Hydra", 1)
    game.start_at("main1", 0)
    act(game, "Vampire Hexmage")
    target_perm(game, hydra)
    settle(game)
    assert hexmage not in game.battlefield
    assert hydra not in game.battlefield  # a 0/0 with no counters dies (704.5f)


def test_a_game_with_the_damage_record_round_trips():
    game = blank()
    game.start_at("main1", 0)
    game.damaged_turn[1] = True
    again = MagicGame.from_dict(game.to_dict())
    assert again.damaged_turn == [False, True]
    assert game.clone().damaged_turn == [False, True]
    assert has(game, "pass") or game.legal_actions()


# ---------------------------------------------------------------- 702.112 renown
def hit_player(game: MagicGame, attacker: int) -> None:
    """Seat 0 attacks seat 1 with ``attacker``, unblocked, to the end of combat."""
    to_combat(game)
    attack(game, attacker)
    game.apply_action(A.DONE)
    while game.step != "end_of_combat" and game.decision["kind"] in (
            "priority", "block"):
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
        if game.decision["kind"] == "yesno":
            return


def test_renown_grows_it_once_and_the_becomes_renowned_trigger_draws():
    game = blank()
    wardens = game.add_permanent("Valeron Wardens", 0)  # renown 2; draws on renown
    game.start_at("main1", 0)
    hit_player(game, wardens)
    assert game.battlefield[wardens].renowned and plus(game, wardens) == 2
    assert game.life[1] == 19 and len(game.hand[0]) == 1
    again = blank()  # already renowned: the "if" is false, nothing triggers
    wardens = again.add_permanent("Valeron Wardens", 0, counters={"+1/+1": 2})
    again.battlefield[wardens].renowned = True
    again.start_at("main1", 0)
    hit_player(again, wardens)
    assert again.life[1] == 17
    assert plus(again, wardens) == 2 and not again.hand[0]


def test_a_renowned_condition_turns_on_an_ability():
    game = blank()
    chaser = game.add_permanent("Goblin Glory Chaser", 0)
    assert "menace" not in game.keywords(chaser)
    game.battlefield[chaser].renowned = True
    game._bf_version += 1
    assert "menace" in game.keywords(chaser)


# ----------------------------------------------------------------- 702.136 riot
def test_riot_asks_for_a_counter_or_haste():
    for counter in (True, False):
        game = blank()
        lands(game, 0, "Mountain", "Forest")
        game.add_card("Zhur-Taa Goblin", 0)
        game.start_at("main1", 0)
        act(game, "Zhur-Taa Goblin")
        game.apply_action(A.PASS)
        game.apply_action(A.PASS)
        assert game.decision["kind"] == "yesno" and "riot" in game.decision
        game.apply_action(A.YES if counter else A.NO)
        (goblin,) = on_battlefield(game, "Zhur-Taa Goblin")
        assert plus(game, goblin) == int(counter)
        assert ("haste" in game.keywords(goblin)) is not counter


def test_riot_entering_other_than_from_its_spell_gets_the_counter():
    game = blank()
    goblin = game.add_permanent("Zhur-Taa Goblin", 0)
    assert plus(game, goblin) == 1 and "haste" not in game.keywords(goblin)


# -------------------------------------------------------------- 702.110 exploit
def test_exploit_sacrifices_and_then_its_exploits_ability_triggers():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    giant = game.add_permanent("Hill Giant", 1)
    lands(game, 0, "Island")
    game.add_card("Sidisi's Faithful", 0)
    game.start_at("main1", 0)
    cast(game, "Sidisi's Faithful")
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    assert game.decision["kind"] == "sacrifice"
    target_perm(game, bears)
    assert bears not in game.battlefield
    assert game.decision["kind"] == "target"  # "when this exploits": its target now
    target_perm(game, giant)
    settle(game)
    assert giant not in game.battlefield
    assert [game.name_of(c) for c in game.hand[1]] == ["Hill Giant"]


def test_exploit_declined_does_nothing_and_sacrificing_itself_still_counts():
    game = blank()
    lands(game, 0, "Island", "Island")
    game.add_card("Sidisi's Faithful", 0)
    game.add_card("Sidisi's Faithful", 0)
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    cast(game, "Sidisi's Faithful")
    game.apply_action(A.NO)
    settle(game)
    assert giant in game.battlefield and len(on_battlefield(game, "Sidisi's Faithful")) == 1
    cast(game, "Sidisi's Faithful")
    game.apply_action(A.YES)
    newest = max(on_battlefield(game, "Sidisi's Faithful"))
    target_perm(game, newest)  # it sacrifices itself (702.110b: it still exploits)
    assert game.decision["kind"] == "target"
    target_perm(game, giant)
    settle(game)
    assert giant not in game.battlefield


# ---------------------------------------------------------------- 701.44 amass
def test_amass_makes_an_army_then_grows_the_same_one():
    game = blank()
    lands(game, 0, *["Island"] * 6)
    game.add_card("Relentless Advance", 0)
    game.add_card("Callous Dismissal", 0)
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    cast(game, "Relentless Advance")
    (army,) = on_battlefield(game, "Zombie Army Token")
    assert plus(game, army) == 3 and game.chars(army)[:2] == (3, 3)
    assert {"Zombie", "Army"} <= set(game.pdef(army).subtypes)
    act(game, "(Callous Dismissal)")
    target_perm(game, giant)
    settle(game)
    assert on_battlefield(game, "Zombie Army Token") == [army]
    assert plus(game, army) == 4


def test_amass_of_another_type_makes_the_army_that_type_too():
    game = blank()
    army = game.add_permanent(fx.CardDef(
        "Orc Army Token", None, ("B",), ("Creature",), ("Orc", "Army"), power=0,
        toughness=0), 0, counters={"+1/+1": 1})
    lands(game, 0, *["Island"] * 4)
    game.add_card("Relentless Advance", 0)
    game.start_at("main1", 0)
    cast(game, "Relentless Advance")
    assert plus(game, army) == 4
    assert {"Orc", "Zombie", "Army"} <= set(game.pdef(army).subtypes)


# --------------------------------------------------- 702.44 sunburst, converge
def test_sunburst_counts_the_colours_of_mana_spent():
    game = blank()
    lands(game, 0, "Plains", "Island", "Swamp", "Swamp")
    game.add_card("Etched Oracle", 0)
    game.start_at("main1", 0)
    cast(game, "Etched Oracle")
    (oracle,) = on_battlefield(game, "Etched Oracle")
    assert plus(game, oracle) == 3  # white, blue, black


def test_sunburst_on_a_noncreature_gives_charge_counters():
    game = blank()
    lands(game, 0, "Mountain", "Forest")
    game.add_card("Engineered Explosives", 0)
    game.start_at("main1", 0)
    act(game, "(Engineered Explosives)")
    while game.decision["kind"] == "x":
        act(game, "X = 2")
    settle(game)
    (explosives,) = on_battlefield(game, "Engineered Explosives")
    assert game.battlefield[explosives].counters == {"charge": 2}


def test_converge_spell_counts_its_colours_as_it_resolves():
    game = blank()
    lands(game, 0, "Mountain", "Forest", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    game.add_card("Radiant Flames", 0)
    game.start_at("main1", 0)
    cast(game, "Radiant Flames")  # red, green, blue: 3 damage to each creature
    assert bears not in game.battlefield and giant not in game.battlefield


def test_converge_with_one_colour_is_one_counter():
    game = blank()
    lands(game, 0, "Forest", "Island", "Island")
    game.add_card("Skyrider Elf", 0)
    game.start_at("main1", 0)
    act(game, "(Skyrider Elf)")
    act(game, "X = 1")
    settle(game)
    (elf,) = on_battlefield(game, "Skyrider Elf")
    assert plus(game, elf) == 2  # green and blue (the X paid with blue)


def test_exploit_of_a_creature_gone_before_it_resolves_gives_no_bonus():
    # 702.110b: its "when this exploits" ability is not on the battlefield to trigger
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    giant = game.add_permanent("Hill Giant", 1)
    lands(game, 0, "Island")
    game.add_card("Sidisi's Faithful", 0)
    game.start_at("main1", 0)
    act(game, "(Sidisi's Faithful)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # it resolves; its exploit trigger waits
    (faithful,) = on_battlefield(game, "Sidisi's Faithful")
    game.move_permanents([faithful], "hand")
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)  # (the Bears, its only creature, are sacrificed)
    settle(game)
    assert bears not in game.battlefield and giant in game.battlefield
    assert not game.stack and game.decision["kind"] == "priority"


# ------------------------------------------------------- 122.1c shield counters
def test_a_shield_counter_replaces_damage_then_destruction():
    game = blank()
    lands(game, 0, "Mountain", "Swamp", "Swamp", "Swamp")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Murder", 0)
    protector = game.add_permanent("Swooping Protector", 1)
    assert game.battlefield[protector].counters == {"shield": 1}
    game.start_at("main1", 0)
    act(game, "(Lightning Bolt)")
    target_perm(game, protector)
    settle(game)
    assert protector in game.battlefield and game.battlefield[protector].damage == 0
    assert not game.battlefield[protector].counters  # the shield went instead
    assert game.life[0] == 20  # (no damage was dealt)
    game.battlefield[protector].counters["shield"] = 1
    act(game, "(Murder)")
    target_perm(game, protector)
    settle(game)
    assert protector in game.battlefield and not game.battlefield[protector].counters


# ---------------------------------------------------------------- 701.39 bolster
def test_bolster_grows_the_creature_with_the_least_toughness():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)  # 2/2
    elves = game.add_permanent("Llanowar Elves", 0)  # 1/1: the least toughness
    game.add_permanent("Grizzly Bears", 1, counters={})  # an opponent's: not counted
    lands(game, 0, "Forest", "Forest", "Forest")
    game.add_card("Cached Defenses", 0)
    game.start_at("main1", 0)
    cast(game, "Cached Defenses")
    assert plus(game, elves) == 3 and plus(game, bears) == 0


def test_bolster_with_no_creature_does_nothing():
    game = blank()
    lands(game, 0, "Forest", "Forest", "Forest")
    game.add_card("Cached Defenses", 0)
    game.start_at("main1", 0)
    cast(game, "Cached Defenses")
    assert game.graveyard[0] and not game.stack


# ------------------------------------------------------------- 702.123 fabricate
def test_fabricate_asks_counters_or_servos():
    for counters in (True, False):
        game = blank()
        lands(game, 0, "Plains", "Plains", "Plains")
        game.add_card("Glint-Sleeve Artisan", 0)
        game.start_at("main1", 0)
        cast(game, "Glint-Sleeve Artisan")
        assert game.decision["kind"] == "yesno" and "fabricate" in game.decision
        game.apply_action(A.YES if counters else A.NO)
        settle(game)
        (artisan,) = on_battlefield(game, "Glint-Sleeve Artisan")
        assert plus(game, artisan) == int(counters)
        servos = on_battlefield(game, "Servo Token")
        assert len(servos) == (0 if counters else 1)
        if servos:
            assert game.chars(servos[0])[:2] == (1, 1)
            assert set(game.pdef(servos[0]).types) == {"Artifact", "Creature"}


def test_fabricate_with_its_creature_gone_makes_the_servos():
    game = blank()
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Glint-Sleeve Artisan", 0)
    game.start_at("main1", 0)
    act(game, "(Glint-Sleeve Artisan)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # it enters; its trigger waits
    (artisan,) = on_battlefield(game, "Glint-Sleeve Artisan")
    game.move_permanents([artisan], "hand")
    settle(game)
    assert len(on_battlefield(game, "Servo Token")) == 1


# ---------------------------------------------------------------- 702.131 ascend
def test_ascend_gives_the_citys_blessing_at_ten_permanents_for_good():
    game = blank()
    charger = game.add_permanent("Dusk Charger", 0)  # +2/+2 with the blessing
    lands(game, 0, *["Swamp"] * 8)
    game.add_card("Swamp", 0)
    game.start_at("main1", 0)
    assert not game.blessed[0] and game.chars(charger)[:2] == (3, 3)
    act(game, "play")  # the tenth permanent
    settle(game)
    assert game.blessed[0] and game.chars(charger)[:2] == (5, 5)
    swamp = next(pid for pid, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Swamp")
    game.move_permanents([swamp], "graveyard")
    settle(game)
    assert game.blessed[0] and game.chars(charger)[:2] == (5, 5)  # for the game


def test_ascend_on_a_sorcery_checks_as_it_resolves():
    for lands_count, drawn in ((9, 3), (8, 2)):
        game = blank()
        lands(game, 0, "Island", "Island", "Island", *["Plains"] * (lands_count - 3))
        game.add_permanent("Grizzly Bears", 0)
        game.add_card("Secrets of the Golden City", 0)
        game.start_at("main1", 0)
        cast(game, "Secrets of the Golden City")
        assert len(game.hand[0]) == drawn
        assert game.blessed[0] is (drawn == 3)


def test_122_1_spore_oil_and_ki_counters_have_no_rules_of_their_own():
    """Spore, oil and ki counters are only put, removed and counted by the cards that
    name them (122.1): Thallid's upkeep spore counter and its 'remove three: create a
    Saproling', Trawler Drake's +1/+1 for each oil counter."""
    pool = compiled_pool().supported
    for name in ("Thallid", "Elvish Farmer", "Trawler Drake", "Migloz, Maze Crusher",
                 "Sawblade Scamp"):
        assert name in pool, name
    game = blank()
    thallid = game.add_permanent("Thallid", 0, counters={"spore": 2})
    game.start_at("untap", 0, turn=2)
    settle(game)  # the upkeep trigger: a third spore counter
    assert game.battlefield[thallid].counters["spore"] == 3
    act(game, "activate")
    settle(game)
    assert on_battlefield(game, "Saproling Token")
    assert game.battlefield[thallid].counters.get("spore", 0) == 0
    assert not [a for a in game.legal_actions() if "activate" in game.action_to_string(a)]
    drake = game.add_permanent("Trawler Drake", 0, counters={"oil": 2})
    assert game.chars(drake)[:2] == (2, 2)
