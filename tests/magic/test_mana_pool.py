"""Scripted positions for mana as the rules have it (rules 106, 605, 903.4f): the mana
pool, rituals, mana abilities activated by their player (filters, Signets, altars,
"three mana of any one colour"), the commander's colour identity, and mana a land an
opponent controls could produce. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from labyrinth_gym.envs.mazerunner.engine.game import CommanderGame
from magic.positions import act, blank, has, lands, pass_until, settle, target_perm


def test_the_mana_lines_compile():
    pool = compiled_pool().supported
    assert pool["Dark Ritual"].spell.effect == fx.AddMana(("B",), 3)
    signet = pool["Dimir Signet"].activated[0]
    assert signet.is_mana and not fx.automatic_mana_ability(signet)
    assert pool["Dimir Signet"].battlefield_abilities == (0,)
    for name in ("Command Tower", "Arcane Signet"):
        (tower,) = pool[name].activated
        assert tower.effect == fx.AddMana(("identity",))
        assert fx.automatic_mana_ability(tower)
    assert pool["Exotic Orchard"].activated[0].effect == fx.AddMana(("opponent_lands",))
    assert pool["Gilded Lotus"].battlefield_abilities == (0,)
    assert pool["Mystic Gate"].auto_mana == (0,)  # {T}: add {C} stays automatic
    assert pool["Mystic Gate"].battlefield_abilities == (1,)
    for name in ("Sol Ring", "Mind Stone", "Black Lotus", "Ashnod's Altar"):
        assert name in pool, name


# ------------------------------------------------------------- the pool
def test_106_4_dark_ritual_adds_mana_that_pays_for_the_next_spell():
    game = blank()
    lands(game, 0, "Swamp")
    game.add_card("Dark Ritual", 0)
    game.add_card("Mind Rot", 0)  # {2}{B}
    game.start_at("main1", 0)
    assert not has(game, "Mind Rot")
    act(game, "Dark Ritual")
    settle(game)
    assert game.pool[0] == ["B", "B", "B"]
    assert [e["mana"] for e in game.events if e["type"] == "add_mana"] == ["{B}{B}{B}"]
    act(game, "Mind Rot")
    act(game, "player 1")
    assert game.pool[0] == []  # all three paid it, no land needed beyond the ritual's


def test_106_4_costs_are_paid_from_the_pool_before_tapping_lands():
    game = blank()
    swamp, forest = lands(game, 0, "Swamp", "Forest")
    game.add_card("Dark Ritual", 0)
    game.add_card("Grizzly Bears", 0)  # {1}{G}
    game.start_at("main1", 0)
    act(game, "Dark Ritual")
    settle(game)
    act(game, "Grizzly Bears")
    assert game.pool[0] == ["B", "B"]  # {1} from the pool, {G} from the Forest
    assert game.battlefield[forest].tapped


def test_106_4_the_pool_empties_at_the_end_of_each_step():
    game = blank()
    lands(game, 0, "Swamp")
    game.add_card("Dark Ritual", 0)
    game.add_card("Mind Rot", 0)
    game.start_at("main1", 0)
    act(game, "Dark Ritual")
    settle(game)
    assert game.pool[0] == ["B", "B", "B"]
    pass_until(game, "beginning_of_combat")
    assert game.pool[0] == []
    assert [e for e in game.events if e["type"] == "mana_empties"] == [
        {"turn": 2, "type": "mana_empties", "player": 0, "mana": "{B}{B}{B}"}]
    assert not has(game, "Mind Rot")


# ------------------------------------------------------ mana abilities
def test_605_3_a_signet_is_activated_without_the_stack_and_fills_the_pool():
    game = blank()
    (island,) = lands(game, 0, "Island")
    signet = game.add_permanent("Dimir Signet", 0)
    game.add_card("Agony Warp", 0)  # {U}{B}
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    assert not has(game, "Agony Warp")
    act(game, "activate slot 1")
    # the {1} came from the Island; nothing went on the stack; still our priority
    assert game.battlefield[island].tapped and game.battlefield[signet].tapped
    assert not game.stack and game.decision == {"kind": "priority", "player": 0}
    assert game.pool[0] == ["U", "B"]
    assert not has(game, "activate slot 1")  # tapped
    act(game, "Agony Warp")
    target_perm(game, bears)
    target_perm(game, bears)
    assert game.pool[0] == [] and game.stack


def test_605_a_signet_cannot_pay_its_own_activation():
    game = blank()
    game.add_permanent("Dimir Signet", 0)
    game.start_at("main1", 0)
    assert not has(game, "activate slot 0")


def test_106_1b_three_mana_of_any_one_colour_is_chosen_as_it_is_added():
    game = blank()
    game.add_permanent("Gilded Lotus", 0)
    game.start_at("main1", 0)
    act(game, "activate slot 0")
    assert game.decision["kind"] == "colour"
    assert [game.action_to_string(a) for a in game.legal_actions()] == [
        "add {W} x3", "add {U} x3", "add {B} x3", "add {R} x3", "add {G} x3"]
    act(game, "add {R}")
    assert game.pool[0] == ["R", "R", "R"]


def test_a_filter_land_offers_its_three_bundles_as_modes():
    game = blank()
    plains, gate = lands(game, 0, "Plains", "Mystic Gate")
    game.start_at("main1", 0)
    act(game, "activate slot 1")  # {W/U}, {T}: add {W}{W}, {W}{U}, or {U}{U}
    assert game.decision["kind"] == "mode"
    game.apply_action(A.mode(2))
    assert game.pool[0] == ["U", "U"]
    assert game.battlefield[plains].tapped and game.battlefield[gate].tapped


def test_an_altar_sacrifices_a_creature_for_mana():
    game = blank()
    game.add_permanent("Ashnod's Altar", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "activate slot 0")
    assert game.decision["kind"] == "cost_sacrifice"
    target_perm(game, bears)
    assert bears not in game.battlefield and game.pool[0] == ["C", "C"]


def test_the_pool_and_its_decision_survive_a_round_trip():
    game = blank()
    game.add_permanent("Gilded Lotus", 0)
    game.start_at("main1", 0)
    act(game, "activate slot 0")
    copy = MagicGame.from_dict(game.to_dict())
    act(copy, "add {G}")
    assert copy.pool[0] == ["G", "G", "G"] and game.pool[0] == []
    clone = copy.clone()
    clone.pool[0].clear()
    assert copy.pool[0] == ["G", "G", "G"]


# ------------------------------------------ colour identity, opponents' lands
def test_903_4f_command_tower_makes_no_mana_outside_a_commander_game():
    game = blank()
    lands(game, 0, "Command Tower")
    game.add_permanent("Arcane Signet", 0)
    game.add_card("Llanowar Elves", 0)
    game.start_at("main1", 0)
    assert not has(game, "Llanowar Elves")
    assert game.observation_for(0)["mana_available"][0]["total"] == 0


def test_903_4_command_tower_makes_the_colours_of_the_commanders_identity():
    game = CommanderGame.empty(0)
    for p in range(2):
        for _ in range(5):
            game.add_card("Forest", p, "library")
    game.add_commander("Slimefoot, the Stowaway", 0)  # identity {B}{G}
    tower = game.add_permanent("Command Tower", 0)
    game.add_card("Llanowar Elves", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    assert has(game, "Llanowar Elves") and not has(game, "Shock")
    act(game, "Llanowar Elves")
    assert game.battlefield[tower].tapped


def test_exotic_orchard_makes_what_an_opponents_land_could_produce():
    game = blank()
    lands(game, 0, "Exotic Orchard")
    game.add_card("Shock", 0)
    game.add_card("Llanowar Elves", 0)
    game.start_at("main1", 0)
    assert not has(game, "Shock") and not has(game, "Llanowar Elves")
    game = blank()
    lands(game, 0, "Exotic Orchard")
    lands(game, 1, "Mountain")
    game.add_card("Shock", 0)
    game.add_card("Llanowar Elves", 0)
    game.start_at("main1", 0)
    assert has(game, "Shock") and not has(game, "Llanowar Elves")



def test_106_7_an_opponents_land_with_a_chosen_colour_counts_for_exotic_orchard():
    # Shimmerdrift Vale "could produce" the colour chosen as it entered (106.7)
    game = blank()
    lands(game, 0, "Exotic Orchard")
    vale = game.add_permanent("Shimmerdrift Vale", 1)
    game.add_card("Shock", 0)
    game.add_card("Llanowar Elves", 0)
    game.start_at("main1", 0)
    assert game.decision["kind"] == "choose" and game.decision["player"] == 1
    act(game, "mode 3")  # its controller chooses red (options W, U, B, R, G)
    assert game.battlefield[vale].chosen == "R"
    assert has(game, "Shock") and not has(game, "Llanowar Elves")

# ------------------------------------------------------------------ X
def test_107_3_x_has_no_cap_the_table_holds_the_small_and_the_largest_values():
    game = blank()
    lands(game, 0, *["Mountain"] * 12)
    game.add_card("Blaze", 0)  # {X}{R}: X damage to any target
    game.start_at("main1", 0)
    act(game, "Blaze")
    assert game.decision["kind"] == "x"
    assert [game.action_to_string(a) for a in game.legal_actions()] == [
        "X = 0", "X = 1", "X = 2", "X = 3", "X = 8", "X = 9", "X = 10", "X = 11"]
    act(game, "X = 11")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 9
    assert [e["x"] for e in game.events if e["type"] == "cast"] == [11]


def test_107_3_x_counts_the_mana_in_the_pool():
    game = blank()
    lands(game, 0, "Swamp", "Mountain")
    game.add_card("Dark Ritual", 0)
    game.add_card("Blaze", 0)
    game.start_at("main1", 0)
    act(game, "Dark Ritual")
    settle(game)
    act(game, "Blaze")
    assert game.decision["values"] == [0, 1, 2, 3]  # {B}{B}{B} and the Mountain's {R}
    act(game, "X = 3")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 17 and game.pool[0] == []


def test_614_1c_107_3m_endless_one_enters_with_x_counters():
    game = blank()
    lands(game, 0, *["Forest"] * 9)
    game.add_card("Endless One", 0)  # {X}: a 0/0 that enters with X +1/+1 counters
    game.start_at("main1", 0)
    act(game, "Endless One")
    assert game.decision["values"] == [0, 1, 2, 3, 6, 7, 8, 9]
    act(game, "X = 8")
    settle(game)
    (one,) = [pid for pid in game.battlefield if game.pdef(pid).name == "Endless One"]
    assert game.battlefield[one].counters == {"+1/+1": 8}
    assert game.chars(one)[:2] == (8, 8)


def test_107_3m_x_is_0_for_a_permanent_that_did_not_come_from_a_spell():
    game = blank()
    one = game.add_permanent("Endless One", 0)
    game.start_at("main1", 0)
    assert one not in game.battlefield  # a 0/0 with no counters dies (704.5f)


def test_614_1c_enters_with_a_fixed_number_of_counters_however_it_enters():
    pool = compiled_pool().supported
    assert pool["Endless One"].statics == (fx.EntersWithCounters("X"),)
    assert pool["Bloodied Ghost"].statics == (fx.EntersWithCounters(1, "-1/-1"),)
    game = blank()
    ghost = game.add_permanent("Bloodied Ghost", 0)  # a 3/3 with a -1/-1 counter
    game.start_at("main1", 0)
    assert game.chars(ghost)[:2] == (2, 2)


# ------------------------------------------------- cost increases, reductions
def test_601_2f_noncreature_spells_cost_1_more_for_everyone():
    game = blank()
    game.add_permanent("Thalia, Guardian of Thraben", 1)  # noncreature spells +{1}
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.add_card("Goblin Piker", 0)  # {1}{R}: a creature, not taxed
    game.start_at("main1", 0)
    assert not has(game, "Shock")
    lands(game, 0, "Mountain")
    game._legal = None
    assert has(game, "Shock") and has(game, "Goblin Piker")
    act(game, "Shock")
    game.apply_action(A.player(1))
    assert all(game.battlefield[p].tapped for p in game.battlefield
               if game.pdef(p).is_land)


def test_601_2f_a_reduction_takes_only_generic_mana():
    game = blank()
    lands(game, 0, "Island", "Island")
    game.add_permanent("Goblin Electromancer", 0)  # instants/sorceries you cast -{1}
    game.add_card("Divination", 0)  # {2}{U}, now {1}{U}
    game.add_card("Lava Axe", 0)  # {4}{R}, now {3}{R}: still no red source
    game.start_at("main1", 0)
    assert has(game, "Divination") and not has(game, "Lava Axe")
    act(game, "Divination")
    settle(game)
    assert len(game.hand[0]) == 3  # Lava Axe and the two cards drawn


# ------------------------------------ restricted mana and its rider (106.6, 106.6a)
def cavern_position(*hand: str) -> tuple[MagicGame, int]:
    """Player 0 controls Cavern of Souls, Human chosen as it entered; player 1 holds
    Counterspell with two Islands."""
    game = blank()
    cavern = game.add_permanent("Cavern of Souls", 0)
    for name in hand:
        game.add_card(name, 0)
    game.add_card("Elite Vanguard", 0, "library")  # a Human among player 0's cards
    lands(game, 1, "Island", "Island")
    game.add_card("Counterspell", 1)
    game.start_at("main1", 0)
    assert game.decision["kind"] == "choose"  # 614.12: as it enters
    game.apply_action(A.mode(game.decision["options"].index("Human")))
    assert game.battlefield[cavern].chosen == "Human"
    return game, cavern


def test_106_6_cavern_mana_pays_only_for_a_creature_spell_of_the_chosen_type():
    """Its coloured mana casts the Human (Champion of the Parish, {W}); not the Elf
    (Llanowar Elves, {G}); its {C} still casts a colourless {1} creature."""
    game, _ = cavern_position("Champion of the Parish", "Llanowar Elves",
                              "Metallic Sliver")
    assert has(game, "Champion of the Parish") and has(game, "Metallic Sliver")
    assert not has(game, "Llanowar Elves")
    assert compiled_pool().supported["Cavern of Souls"].battlefield_abilities == ()


def test_106_6a_a_spell_paid_with_cavern_mana_cannot_be_countered():
    game, cavern = cavern_position("Champion of the Parish")
    act(game, "Champion of the Parish")
    assert game.battlefield[cavern].tapped
    cast = next(e for e in game.events if e["type"] == "cast")
    assert cast["uncounterable"]
    game.apply_action(A.PASS)
    act(game, "Counterspell")
    act(game, "Champion of the Parish")
    settle(game)
    assert "not_countered" in [e["type"] for e in game.events]
    assert any(game.name_of(p.card) == "Champion of the Parish"
               for p in game.battlefield.values())


def test_106_6a_a_spell_paid_with_the_unrestricted_mana_can_be_countered():
    game, cavern = cavern_position("Metallic Sliver")
    act(game, "Metallic Sliver")
    assert game.battlefield[cavern].tapped
    assert "uncounterable" not in next(e for e in game.events if e["type"] == "cast")
    game.apply_action(A.PASS)
    act(game, "Counterspell")
    act(game, "Metallic Sliver")
    settle(game)
    assert "countered" in [e["type"] for e in game.events]


def test_the_restricted_mana_lines_compile():
    (_, restricted) = compiled_pool().supported["Cavern of Souls"].activated
    assert restricted.effect == fx.AddMana(
        ("any",), spend_only=fx.Spend(fx.Filter(types=frozenset({"Creature"}),
                                                props=frozenset({"chosen_type"}))),
        uncounterable=True)
    assert fx.restricted_mana_ability(restricted)


def test_106_6a_paying_by_choice_with_cavern_mana_gives_the_rider():
    """601.2h with the ``pay_by_choice`` option: Cavern of Souls is offered for the
    Human's {W} (its restricted mana) and the spell can't be countered."""
    game, cavern = cavern_position("Champion of the Parish")
    game.pay_by_choice = True
    act(game, "Champion of the Parish")
    assert game.decision["kind"] == "pay_mana"
    assert game.decision["options"] == [cavern]
    act(game, "pay with")
    assert game.battlefield[cavern].tapped
    assert next(e for e in game.events if e["type"] == "cast")["uncounterable"]


# ------------------------------------------------------------- devotion (700.5)
def test_700_5_nykthos_adds_mana_equal_to_the_devotion_to_the_colour_chosen():
    """Llanowar Elves ({G}) and Boros Reckoner ({R/W}{R/W}{R/W}): devotion 3 to white
    and to red (a hybrid symbol counts for each of its colours), 1 to green; the
    colour is chosen as the mana is added (106.1b), each option with its amount."""
    game = blank()
    nykthos = game.add_permanent("Nykthos, Shrine to Nyx", 0)
    game.add_permanent("Llanowar Elves", 0)
    game.add_permanent("Boros Reckoner", 0)
    forests = lands(game, 0, "Forest", "Forest")
    game.start_at("main1", 0)
    act(game, "Nykthos")
    assert game.decision["kind"] == "colour"
    assert game.decision["amounts"] == [3, 0, 0, 3, 1]
    assert has(game, "add {W} x3") and has(game, "add {G}")
    act(game, "add {R} x3")
    assert game.pool[0] == ["R", "R", "R"]
    assert game.battlefield[nykthos].tapped and all(game.battlefield[f].tapped
                                                    for f in forests)


def test_the_devotion_lines_compile():
    (_, devotion) = compiled_pool().supported["Nykthos, Shrine to Nyx"].activated
    assert devotion.effect == fx.AddMana(("any",), fx.Count("devotion"))
    assert devotion.is_mana and not fx.automatic_mana_ability(devotion)


# ---------------------------------------------------- counted mana (106.4, 608.2h)
def test_everflowing_chalice_adds_colourless_mana_for_each_charge_counter():
    """Multikicker {2} twice (702.33c): it enters with two charge counters (122.1),
    and "{T}: add {C} for each charge counter on this" adds {C}{C} (activated by its
    player: a counted amount is not tapped automatically)."""
    game = blank()
    lands(game, 0, *["Island"] * 4)
    game.add_card("Everflowing Chalice", 0)
    game.start_at("main1", 0)
    act(game, "Everflowing Chalice")
    act(game, "pay kicker")
    act(game, "pay kicker")
    assert game.decision["kind"] == "priority"  # a third kick is not payable
    settle(game)
    (chalice,) = [p for p, perm in game.battlefield.items()
                  if game.name_of(perm.card) == "Everflowing Chalice"]
    assert game.battlefield[chalice].counters == {"charge": 2}
    act(game, "Everflowing Chalice")
    assert game.pool[0] == ["C", "C"] and game.battlefield[chalice].tapped


def test_gaeas_cradle_adds_green_for_each_creature_you_control():
    game = blank()
    cradle = game.add_permanent("Gaea's Cradle", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Llanowar Elves", 0)
    game.add_permanent("Grizzly Bears", 1)  # not yours
    game.start_at("main1", 0)
    act(game, f"activate slot {game.battlefield[cradle].slot}")
    assert game.pool[0] == ["G", "G"]


def test_the_counted_mana_lines_compile():
    pool = compiled_pool().supported
    (tap,) = pool["Everflowing Chalice"].activated
    assert tap.effect == fx.AddMana(("C",), fx.Count("counters", counter="charge"))
    (cradle,) = pool["Gaea's Cradle"].activated
    assert cradle.effect == fx.AddMana(("G",), fx.Count(
        "permanents", fx.Filter(types=frozenset({"Creature"}), controller="you")))
    assert not fx.automatic_mana_ability(cradle)


def test_122_sphere_of_the_suns_enters_tapped_with_charge_counters_and_spends_them():
    """614.1c-e: it enters tapped with three charge counters; "{T}, remove a charge
    counter from this: add one mana of any color" is activatable only while it has
    one (118.3)."""
    game = blank()
    lands(game, 0, "Island", "Island")
    game.add_card("Sphere of the Suns", 0)
    game.start_at("main1", 0)
    act(game, "Sphere of the Suns")
    settle(game)
    (sphere,) = [p for p, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Sphere of the Suns"]
    assert game.battlefield[sphere].tapped
    assert game.battlefield[sphere].counters == {"charge": 3}
    game.battlefield[sphere].tapped = False
    game.battlefield[sphere].counters = {"charge": 1}
    game._legal = None
    act(game, "Sphere of the Suns")
    act(game, "add {R}")
    assert game.pool[0] == ["R"] and game.battlefield[sphere].counters == {}
    game.battlefield[sphere].tapped = False
    game._legal = None
    assert not has(game, "Sphere of the Suns")


def test_106_6_restricted_mana_pays_generic_mana_of_a_creature_spell():
    """Beastcaller Savant has only restricted mana ("spend this mana only to cast a
    creature spell"): it pays the generic part of Grizzly Bears's cost."""
    game = blank()
    savant = game.add_permanent("Beastcaller Savant", 0)
    lands(game, 0, "Forest")
    game.add_card("Grizzly Bears", 0)
    game.add_card("Mind Stone", 0)
    game.start_at("main1", 0)
    assert not has(game, "Mind Stone")  # not a creature spell
    act(game, "Grizzly Bears")
    assert game.battlefield[savant].tapped
