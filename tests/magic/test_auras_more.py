"""Scripted positions for Auras, Equipment and targeting triggers: heroic and "becomes
the target of a spell" (603.2), bestow (702.103), type-changing and ability-granting
Auras (613, 305.7), enchant player (303.4), Auras put onto the battlefield (303.4f) and
Equipment granting quoted abilities. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.state import player_code
from magic.compiled import cost
from magic.positions import (
    act,
    attack,
    blank,
    finish_attacks,
    has,
    lands,
    names,
    pass_until,
    settle,
    target_perm,
    to_blocks,
    to_combat,
)


# ------------------------------------------------------------ heroic (603.2)
def test_603_2_heroic_lines_compile():
    pool = compiled_pool().supported
    for name in ("Favored Hoplite", "Fabled Hero", "Akroan Crusader",
                 "Battlewise Hoplite", "Phalanx Leader", "Anax and Cymede"):
        assert pool[name].triggered[-1].trigger == fx.Trigger("cast_targets"), name
    assert pool["Labyrinth Guardian"].triggered[0].trigger == fx.Trigger(
        "becomes_target_spell")


def growth_on(card: str, caster: int = 0):
    """Seat ``caster`` casts Giant Growth at seat 0's ``card``."""
    game = blank()
    pid = game.add_permanent(card, 0)
    lands(game, caster, "Forest")
    game.add_card("Giant Growth", caster)
    game.start_at("main1", caster)
    act(game, "Giant Growth")
    target_perm(game, pid)
    return game, pid


def test_603_2_heroic_triggers_above_the_spell_that_targets_it():
    game, hoplite = growth_on("Favored Hoplite")
    game._run()
    # the trigger goes on the stack above the spell and resolves first
    assert [game.name_of(s.card) for s in game.stack] == ["Giant Growth",
                                                          "Favored Hoplite"]
    settle(game)
    assert game.battlefield[hoplite].counters.get("+1/+1") == 1
    assert game.chars(hoplite)[0] == 1 + 1 + 3


def test_603_2_heroic_not_for_an_opponents_spell():
    game, hoplite = growth_on("Favored Hoplite", caster=1)
    game._run()
    assert [game.name_of(s.card) for s in game.stack] == ["Giant Growth"]
    settle(game)
    assert not game.battlefield[hoplite].counters.get("+1/+1")


def test_603_2_heroic_not_for_an_ability():
    game = blank()
    leader = game.add_permanent("Phalanx Leader", 0)
    game.add_permanent("Prodigal Pyromancer", 0)
    game.start_at("main1", 0)
    act(game, "activate")
    target_perm(game, leader)
    game._run()
    assert [game.name_of(s.card) for s in game.stack] == ["Prodigal Pyromancer"]


def test_603_2_heroic_phalanx_leader_counters_each_creature_you_control():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    other = game.add_permanent("Grizzly Bears", 1)
    leader = game.add_permanent("Phalanx Leader", 0)
    lands(game, 0, "Forest")
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    act(game, "Giant Growth")
    target_perm(game, leader)
    settle(game)
    assert game.battlefield[bears].counters.get("+1/+1") == 1
    assert game.battlefield[leader].counters.get("+1/+1") == 1
    assert not game.battlefield[other].counters.get("+1/+1")


def test_603_2_becomes_the_target_of_a_spell_labyrinth_guardian():
    game = blank()
    guardian = game.add_permanent("Labyrinth Guardian", 1)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, guardian)
    settle(game)
    assert guardian not in game.battlefield
    assert game.life == [20, 20]


# ------------------------------------------------------------ bestow (702.103)
def test_702_103a_bestow_lines_compile():
    pool = compiled_pool().supported
    for name in ("Boon Satyr", "Herald of Torment", "Nyxborn Wolf", "Celestial Archon",
                 "Baleful Eidolon", "Chromanticore"):
        d = pool[name]
        assert d.alt_cost is not None and d.alt_cost.kind == "bestow", name
        assert d.is_creature and not d.is_aura and d.enchant is None, name
        assert fx.is_bestowed(fx.bestowed(d)), name
    assert pool["Boon Satyr"].alt_cost.cost.mana == cost("{3}{G}{G}")


def bestow_satyr(host_card: str = "Grizzly Bears", forests: int = 5):
    """Seat 0 casts Boon Satyr for its bestow cost at its own ``host_card``; the
    spell is on the stack."""
    game = blank()
    host = game.add_permanent(host_card, 0)
    lands(game, 0, *["Forest"] * forests)
    lands(game, 1, "Swamp", "Swamp")
    game.add_card("Boon Satyr", 0)
    game.add_card("Doom Blade", 1)
    game.start_at("main1", 0)
    act(game, "Boon Satyr")
    act(game, "pay bestow")
    target_perm(game, host)
    return game, host


def satyr(game) -> int:
    return next(pid for pid, perm in game.battlefield.items()
                if game.name_of(perm.card) == "Boon Satyr")


def test_702_103b_a_bestowed_spell_is_an_aura_spell_and_enters_attached():
    game, bears = bestow_satyr()
    spell = game.stack[-1]
    d = game.item_def(spell)
    assert d.is_aura and not d.is_creature and d.subtypes == ("Aura",)
    assert any(e["type"] == "cast" and e.get("alt") == "bestow" for e in game.events)
    settle(game)
    pid = satyr(game)
    assert game.battlefield[pid].attached_to == bears
    assert not game.is_creature(pid)
    assert game.chars(bears)[:2] == (2 + 4, 2 + 2)
    assert sum(game.battlefield[p].tapped for p in game.battlefield) == 5


def test_702_103f_unattached_it_becomes_a_creature_again():
    game, bears = bestow_satyr()
    settle(game)
    pid = satyr(game)
    game.apply_action(A.PASS)  # (to seat 1, who destroys the bears)
    act(game, "Doom Blade")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield and pid in game.battlefield
    assert game.is_creature(pid) and game.battlefield[pid].attached_to is None
    assert game.chars(pid)[:2] == (4, 2)
    assert any(e["type"] == "unbestowed" for e in game.events)


def test_702_103e_its_target_gone_it_resolves_as_a_creature():
    game, bears = bestow_satyr()
    game.apply_action(A.PASS)
    act(game, "Doom Blade")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    pid = satyr(game)
    assert game.is_creature(pid) and game.battlefield[pid].attached_to is None
    assert not any(e["type"] == "fizzle" for e in game.events)


def test_702_103a_mana_cost_or_bestow_is_its_casters_choice():
    game = blank()
    lands(game, 0, *["Forest"] * 5)
    game.add_card("Boon Satyr", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Boon Satyr")
    act(game, "pay mana cost")
    settle(game)
    pid = satyr(game)
    assert game.is_creature(pid) and game.battlefield[pid].attached_to is None
    # with only its mana cost payable the question is not asked
    game = blank()
    lands(game, 0, *["Forest"] * 3)
    game.add_card("Boon Satyr", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Boon Satyr")
    settle(game)
    assert game.is_creature(satyr(game))


def test_702_103_bestow_on_a_heroic_creature_triggers_heroic():
    game, hoplite = bestow_satyr("Favored Hoplite")
    game._run()
    assert [game.name_of(s.card) for s in game.stack] == ["Boon Satyr",
                                                          "Favored Hoplite"]
    settle(game)
    assert game.chars(hoplite)[:2] == (1 + 1 + 4, 2 + 1 + 2)


# ------------------------------------- type-changing Auras (613.1d, 305.7, 205.1)
def test_613_type_changing_aura_lines_compile():
    pool = compiled_pool().supported
    for name in ("Spreading Seas", "Sea's Claim", "Evil Presence", "Angelic Destiny",
                 "Darksteel Mutation", "Frogify", "Lignify", "Trickster's Elk"):
        assert any(isinstance(s, fx.ContinuousChange) for s in pool[name].statics), name


def test_305_7_spreading_seas_makes_the_land_an_island_only():
    game = blank()
    mountain = game.add_permanent("Mountain", 1)
    lands(game, 0, "Island", "Island")
    game.add_card("Spreading Seas", 0)
    game.start_at("main1", 0)
    act(game, "Spreading Seas")
    target_perm(game, mountain)
    settle(game)
    d = game.pdef(mountain)
    assert "Island" in d.subtypes and "Mountain" not in d.subtypes
    assert len(game.hand[0]) == 1  # its enters trigger drew a card
    # it taps for blue, no longer for red (305.7)
    assert [ab.effect.options for ab in d.activated if ab.is_mana] == [("U",)]


def test_205_1b_angelic_destiny_adds_angel_and_its_bonus():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Angelic Destiny", 0, attached_to=bears)
    game.start_at("main1", 0)
    d = game.pdef(bears)
    assert set(d.subtypes) == {"Bear", "Angel"}
    assert game.chars(bears) == (6, 6, frozenset({"flying", "first strike"}))


def test_613_darksteel_mutation_makes_an_insect_artifact_0_1():
    game = blank()
    angel = game.add_permanent("Serra Angel", 1)
    game.add_permanent("Darksteel Mutation", 0, attached_to=angel)
    game.start_at("main1", 0)
    d = game.pdef(angel)
    assert set(d.types) == {"Artifact", "Creature"} and d.subtypes == ("Insect",)
    assert game.chars(angel) == (0, 1, frozenset({"indestructible"}))


def test_613_frogify_and_lignify():
    game = blank()
    angel = game.add_permanent("Serra Angel", 1)
    frog = game.add_permanent("Frogify", 0, attached_to=angel)
    game.start_at("main1", 0)
    d = game.pdef(angel)
    assert d.subtypes == ("Frog",) and d.colours == ("U",)
    assert game.chars(angel) == (1, 1, frozenset())
    # the Aura gone, the creature is itself again
    game.move_permanents([frog], "graveyard")
    game._statics()
    assert game.chars(angel) == (4, 4, frozenset({"flying", "vigilance"}))
    game = blank()
    angel = game.add_permanent("Serra Angel", 1)
    game.add_permanent("Lignify", 0, attached_to=angel)
    game.start_at("main1", 0)
    assert game.pdef(angel).subtypes == ("Treefolk",)
    assert game.chars(angel) == (0, 4, frozenset())


# ------------------------------------ Equipment granting quoted abilities (113.1)
def test_113_1_bonus_and_quoted_ability_lines_compile():
    pool = compiled_pool().supported
    for name in ("Mortarpod", "Arcane Teachings", "Livewire Lash", "Healer's Headdress",
                 "Verdant Embrace", "Spare Dagger", "Consuming Fervor"):
        assert any(isinstance(s, fx.ContinuousChange) and s.abilities
                   for s in pool[name].statics), name
    mortarpod = pool["Mortarpod"]
    assert fx.AttachedBonus(0, 1) in mortarpod.statics
    change = next(s for s in mortarpod.statics if isinstance(s, fx.ContinuousChange))
    assert fx.ATTACHED in change.affected.props and len(change.abilities) == 1


def test_113_1_mortarpods_germ_sacrifices_itself_to_deal_1_damage():
    game = blank()
    lands(game, 0, "Plains", "Plains")
    game.add_card("Mortarpod", 0)
    elf = game.add_permanent("Llanowar Elves", 1)
    game.start_at("main1", 0)
    act(game, "Mortarpod")
    settle(game)
    germ = next(pid for pid, perm in game.battlefield.items()
                if game.name_of(perm.card) == "Phyrexian Germ Token")
    pod = next(pid for pid, perm in game.battlefield.items()
               if game.name_of(perm.card) == "Mortarpod")
    assert game.battlefield[pod].attached_to == germ
    assert game.chars(germ)[:2] == (0, 1)
    act(game, "activate")
    target_perm(game, elf)
    settle(game)
    assert germ not in game.battlefield and elf not in game.battlefield
    assert game.battlefield[pod].attached_to is None


# ------------------------------- conditions about the enchanted creature (608.2c)
def ordeal(counters: int):
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0,
                               counters={"+1/+1": counters} if counters else None)
    aura = game.add_permanent("Ordeal of Thassa", 0, attached_to=bears)
    game.start_at("main1", 0)
    to_blocks(game, bears)
    return game, bears, aura


def test_608_2c_ordeal_sacrificed_at_three_counters_draws_two():
    game, bears, ordeal_pid = ordeal(2)
    assert game.battlefield[bears].counters["+1/+1"] == 3
    assert ordeal_pid not in game.battlefield
    assert len(game.hand[0]) == 2  # "when you sacrifice this aura, draw two cards"


def test_608_2c_ordeal_kept_below_three_counters():
    game, bears, ordeal_pid = ordeal(0)
    assert game.battlefield[bears].counters["+1/+1"] == 1
    assert ordeal_pid in game.battlefield and not game.hand[0]


def test_603_4_domestication_sacrificed_at_end_step_if_power_4_or_more():
    for counters, kept in ((0, True), (2, False)):
        game = blank()
        bears = game.add_permanent("Grizzly Bears", 1,
                                   counters={"+1/+1": counters} if counters else None)
        aura = game.add_permanent("Domestication", 0, attached_to=bears)
        game.start_at("main2", 0)
        pass_until(game, "end")
        settle(game)
        assert (aura in game.battlefield) == kept, counters


# ------------------------------------------- "its activated abilities" (602.5a)
def test_602_5a_arrest_stops_activated_and_mana_abilities():
    game = blank()
    pyromancer = game.add_permanent("Prodigal Pyromancer", 0)
    elves = game.add_permanent("Llanowar Elves", 0)
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    assert has(game, "activate") and has(game, "Giant Growth")
    game.add_permanent("Arrest", 1, attached_to=pyromancer)
    assert not has(game, "activate") and has(game, "Giant Growth")
    game.add_permanent("Arrest", 1, attached_to=elves)
    assert not has(game, "Giant Growth")  # (602.5a: the Elves' mana ability too)
    # nor can they attack
    to_combat(game)
    assert not any("attack" in n and "Prodigal" in n for n in names(game))
    assert game._restricted(pyromancer, "cant_attack")


def test_602_5a_arrest_variants_compile():
    pool = compiled_pool().supported
    arrest = pool["Arrest"].statics
    assert fx.AttachedBonus(cant_attack=True, cant_block=True,
                            no_abilities=True) in arrest


# ---------------------------------- bonuses while the creature is a kind (611.3a)
def test_611_3a_bonds_of_faith_a_human_gets_2_2_others_cant_attack_or_block():
    game = blank()
    human = game.add_permanent("Elite Vanguard", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_permanent("Bonds of Faith", 0, attached_to=human)
    game.add_permanent("Bonds of Faith", 0, attached_to=bears)
    game.start_at("main1", 0)
    assert game.chars(human)[:2] == (4, 3) and game.chars(bears)[:2] == (2, 2)
    assert not game._restricted(human, "cant_attack")
    assert game._restricted(bears, "cant_attack") and game._restricted(bears, "cant_block")
    for name in ("Gift of Fangs", "Nyx Infusion", "Sea Legs", "Clutch of Undeath"):
        assert sum(isinstance(s, fx.AttachedBonus) and s.host is not None
                   for s in compiled_pool().supported[name].statics) == 2, name


# --------------------------------------------------------- enchant player (303.4)
def test_303_4_curse_of_deaths_hold_enchants_a_player():
    assert compiled_pool().supported["Curse of Death's Hold"].enchant == \
        fx.ENCHANT_PLAYER
    game = blank()
    lands(game, 0, "Swamp", "Swamp", "Swamp", "Swamp", "Swamp")
    elves = game.add_permanent("Llanowar Elves", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    mine = game.add_permanent("Llanowar Elves", 0)
    game.add_card("Curse of Death's Hold", 0)
    game.start_at("main1", 0)
    act(game, "Curse of Death's Hold")
    act(game, "player 1")
    settle(game)
    curse = next(pid for pid, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Curse of Death's Hold")
    assert game.battlefield[curse].attached_to < 0  # (a player's code)
    assert elves not in game.battlefield and mine in game.battlefield
    assert game.chars(bears)[:2] == (1, 1)


def test_303_4_enchanted_players_upkeep_trigger_and_a_player_leaving():
    game = blank(players=3)
    game.add_card("Curse of the Bloody Tome", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.start_at("main1", 0)
    act(game, "Curse of the Bloody Tome")
    act(game, "player 1")
    settle(game)
    curse = next(pid for pid, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Curse of the Bloody Tome")
    before = [len(g) for g in game.graveyard]
    pass_until(game, "upkeep")  # seat 1's upkeep: they mill two
    settle(game)
    assert game.active == 1
    assert len(game.graveyard[1]) == before[1] + 2
    assert len(game.graveyard[2]) == before[2]
    # 704.5m: the enchanted player gone, the Curse goes to its owner's graveyard
    game._lose(1)
    game._state_based()
    assert curse not in game.battlefield


def test_611_3a_nighthowler_counts_for_itself_and_the_creature_it_enchants():
    game = blank()
    for _ in range(3):
        game.add_card("Grizzly Bears", 1, "graveyard")
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp", "Swamp")
    howler = game.add_permanent("Nighthowler", 0)
    game.add_card("Nighthowler", 0)
    game.start_at("main1", 0)
    assert game.chars(howler)[:2] == (3, 3)
    act(game, "Nighthowler")
    act(game, "pay bestow")
    target_perm(game, bears)
    settle(game)
    assert game.chars(bears)[:2] == (2 + 3, 2 + 3)


def test_602_5a_faiths_fetters_lets_mana_abilities_be_activated():
    game = blank()
    pyromancer = game.add_permanent("Prodigal Pyromancer", 0)
    elves = game.add_permanent("Llanowar Elves", 0)
    game.add_permanent("Faith's Fetters", 1, attached_to=pyromancer)
    game.add_permanent("Faith's Fetters", 1, attached_to=elves)
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    assert not has(game, "activate") and has(game, "Giant Growth")


def test_601_2f_hero_of_iroas_makes_aura_spells_and_bestow_cheaper():
    game = blank()
    game.add_permanent("Hero of Iroas", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    game.add_card("Boon Satyr", 0)
    game.start_at("main1", 0)
    act(game, "Boon Satyr")
    act(game, "pay bestow")  # {3}{G}{G} less {1}: four Forests
    target_perm(game, bears)
    settle(game)
    assert game.chars(bears)[:2] == (6, 4)


def test_303_4_curse_of_predation_triggers_on_attacks_at_the_enchanted_player():
    for defender, counters in ((1, 1), (2, 0)):
        game = blank(players=3)
        bears = game.add_permanent("Grizzly Bears", 0)
        game.add_permanent("Curse of Predation", 2, attached_to=player_code(1))
        game.start_at("main1", 0)
        to_combat(game)
        attack(game, bears, relative=defender)
        finish_attacks(game)
        settle(game)
        assert game.battlefield[bears].counters.get("+1/+1", 0) == counters, defender
