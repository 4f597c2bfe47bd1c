"""Scripted positions for mana with a spending restriction in the mana pool (rule
106.6) and mana kept as steps and phases end (106.4, 500.4): the pool keeps each
mana's restriction, payment spends restricted mana only for what it allows (and
prefers it there), and the legal actions count it so. Each names real cards."""

from __future__ import annotations

import json

import pytest

from labyrinth_gym.envs.core import IllegalActionError
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame, with_x
from labyrinth_gym.envs.magic.engine.mana import ManaCost
from labyrinth_gym.envs.magic.engine.text.core import nodes
from labyrinth_gym.envs.magic.engine.text.phrases import PREDEFINED_TOKENS
from magic.positions import (
    act,
    attack,
    blank,
    finish_attacks,
    has,
    lands,
    pass_until,
    settle,
    target_perm,
    to_combat,
)

MYR = fx.Filter(subtypes=frozenset({"Myr"}))


def reservoir_position(*hand: str, islands: int = 1) -> tuple[MagicGame, list[int]]:
    """Myr Reservoir ({T}: {C}{C} for Myr spells and abilities of Myr) and
    ``islands`` Islands; ``hand`` in player 0's hand; Myr Reservoir activated."""
    game = blank()
    game.add_permanent("Myr Reservoir", 0)
    isles = lands(game, 0, *["Island"] * islands)
    for name in hand:
        game.add_card(name, 0)
    game.start_at("main1", 0)
    act(game, "Myr Reservoir")
    assert game.pool[0] == ["C", "C"]
    assert [(sym, spend) for sym, spend, _ in game.restricted_pool[0]] == [
        ("C", fx.Spend(MYR, MYR))] * 2
    return game, isles


def test_the_restricted_pool_mana_lines_compile():
    pool = compiled_pool().supported
    (reservoir, _) = pool["Myr Reservoir"].activated
    assert reservoir.effect == fx.AddMana(("C",), 2, spend_only=fx.Spend(MYR, MYR))
    assert not fx.restricted_mana_ability(reservoir)  # two mana: activated by its player
    (tablet,) = pool["Soldevi Machinist"].activated
    assert tablet.effect.spend_only == fx.Spend(None, fx.Filter(
        types=frozenset({"Artifact"})))
    (_, hoard) = pool["Eldrazi Temple"].activated
    assert hoard.effect.spend_only.spells == fx.Filter(
        subtypes=frozenset({"Eldrazi"}), props=frozenset({"colorless"}))


def test_106_6_restricted_mana_cannot_pay_for_a_spell_it_does_not_allow():
    """{C}{C} for Myr and one Island: Mind Stone ({2}, not a Myr) is not castable,
    and casting it anyway is an illegal action."""
    game, _ = reservoir_position("Mind Stone")
    assert not has(game, "Mind Stone")
    with pytest.raises(IllegalActionError):
        game.apply_action(A.cast(0))


def test_106_6_restricted_mana_pays_for_a_spell_it_allows():
    """Palladium Myr ({3}): the two restricted {C} and the Island pay for it."""
    game, (island,) = reservoir_position("Palladium Myr")
    act(game, "Palladium Myr")
    assert game.battlefield[island].tapped
    assert game.pool[0] == [] and game.restricted_pool[0] == []


def test_106_6_payment_prefers_the_restricted_mana_where_it_may_pay():
    """Iron Myr ({2}) with the restricted {C}{C}, an unrestricted {C} in the pool and
    two Islands: the restricted mana pays, the rest stays."""
    game, isles = reservoir_position("Iron Myr", islands=2)
    game.pool[0].insert(0, "C")  # (an unrestricted {C}, added before)
    game._legal = None
    act(game, "Iron Myr")
    assert game.pool[0] == ["C"] and game.restricted_pool[0] == []
    assert not any(game.battlefield[i].tapped for i in isles)


def test_106_6_restricted_mana_pays_for_an_ability_of_a_source_it_allows():
    """Myr Galvanizer's "{1}, {T}" is an ability of a Myr: the restricted {C} pays
    it; Icy Manipulator's "{1}, {T}" is not."""
    game = blank()
    game.add_permanent("Myr Reservoir", 0)
    galvanizer = game.add_permanent("Myr Galvanizer", 0)
    game.add_permanent("Icy Manipulator", 0)
    game.start_at("main1", 0)
    assert not has(game, "Myr Galvanizer") and not has(game, "Icy Manipulator")
    act(game, "Myr Reservoir")
    assert has(game, "Myr Galvanizer") and not has(game, "Icy Manipulator")
    act(game, "Myr Galvanizer")
    assert game.battlefield[galvanizer].tapped
    assert game.pool[0] == ["C"] and len(game.restricted_pool[0]) == 1


def test_106_4_restricted_mana_empties_with_the_pool_and_survives_a_save():
    game, _ = reservoir_position("Palladium Myr")
    copy = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.restricted_pool == game.restricted_pool
    assert has(copy, "Palladium Myr")
    clone = game.clone()
    clone.restricted_pool[0].clear()
    assert len(game.restricted_pool[0]) == 2
    pass_until(game, "beginning_of_combat")
    assert game.pool[0] == [] and game.restricted_pool[0] == []


# ------------------------------------------------------ Powerstone tokens (111.10)
def test_the_powerstone_lines_compile():
    powerstone = PREDEFINED_TOKENS["powerstone"]
    (tap,) = powerstone.abilities
    assert tap.effect == fx.AddMana(("C",), spend_only=fx.POWERSTONE_SPEND)
    assert fx.restricted_mana_ability(tap)  # tapped by payment where it may pay
    effect = compiled_pool().supported["Fallaji Excavation"].spell.effect
    assert effect.steps[0] == fx.CreateToken(powerstone, 3, tapped=True)


def test_111_10_fallaji_excavation_creates_three_tapped_powerstones():
    game = blank()
    lands(game, 0, *["Forest"] * 5)
    game.add_card("Fallaji Excavation", 0)
    game.start_at("main1", 0)
    act(game, "Fallaji Excavation")
    settle(game)
    stones = [perm for perm in game.battlefield.values()
              if game.name_of(perm.card) == "Powerstone Token"]
    assert len(stones) == 3 and all(perm.tapped for perm in stones)
    assert game.life[0] == 23


def powerstone_position(*hand: str) -> tuple[MagicGame, list[int]]:
    """Two untapped Powerstones and a Forest; ``hand`` in player 0's hand."""
    game = blank()
    stones = [game.create_token(PREDEFINED_TOKENS["powerstone"], 0) for _ in range(2)]
    lands(game, 0, "Forest")
    for name in hand:
        game.add_card(name, 0)
    return game, stones


def test_106_6_powerstone_mana_cannot_cast_a_nonartifact_spell():
    """Grizzly Bears ({1}{G}): the Forest pays {G}, and the Powerstones can't pay
    the {1} of a nonartifact spell."""
    game, stones = powerstone_position("Grizzly Bears")
    game.start_at("main1", 0)
    assert not has(game, "Grizzly Bears")
    with pytest.raises(IllegalActionError):
        game.apply_action(A.cast(0))
    assert not any(game.battlefield[s].tapped for s in stones)


def test_106_6_powerstone_mana_casts_an_artifact_spell_and_is_spent_first():
    """Mind Stone ({2}): the two Powerstones pay it, the Forest (which could pay
    for more) stays untapped."""
    game, stones = powerstone_position("Mind Stone")
    (forest,) = [p for p, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Forest"]
    game.start_at("main1", 0)
    act(game, "Mind Stone")
    assert all(game.battlefield[s].tapped for s in stones)
    assert not game.battlefield[forest].tapped


def test_106_6_powerstone_mana_activates_an_ability():
    """Icy Manipulator's "{1}, {T}: tap target ..." is paid by a Powerstone (its
    mana may pay anything but a nonartifact spell), with no other mana source."""
    game = blank()
    (stone,) = [game.create_token(PREDEFINED_TOKENS["powerstone"], 0)]
    icy = game.add_permanent("Icy Manipulator", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "Icy Manipulator")
    target_perm(game, bears)
    assert game.battlefield[stone].tapped and game.battlefield[icy].tapped
    settle(game)
    assert game.battlefield[bears].tapped


# ------------------------------------------ Eldrazi Spawn and Scion tokens (111.3)
def test_the_tokens_have_lines_compile():
    (zone,) = compiled_pool().supported["Awakening Zone"].triggered
    made = [n for n in nodes(zone.effect) if isinstance(n, fx.CreateToken)]
    assert [c.token.name for c in made] == ["Eldrazi Spawn Token"]
    (sac,) = made[0].token.abilities
    assert sac.cost == fx.Cost(sacrifice_self=True) and sac.is_mana
    assert sac.effect == fx.AddMana(("C",))


def test_111_3_eldrazi_spawn_tokens_sacrifice_for_colourless_mana():
    """Emrakul's Hatcher makes three 0/1 Eldrazi Spawn that "have" the quoted mana
    ability: sacrificing one adds {C} (activated by its player)."""
    game = blank()
    lands(game, 0, *["Mountain"] * 5)
    game.add_card("Emrakul's Hatcher", 0)
    game.start_at("main1", 0)
    act(game, "Emrakul's Hatcher")
    settle(game)
    settle(game)
    spawn = [pid for pid, perm in game.battlefield.items()
             if game.name_of(perm.card) == "Eldrazi Spawn Token"]
    assert len(spawn) == 3
    assert game.chars(spawn[0])[:2] == (0, 1)
    act(game, f"activate slot {game.battlefield[spawn[0]].slot}")
    assert game.pool[0] == ["C"] and spawn[0] not in game.battlefield


# ------------------------------------------- mana kept as steps end (106.4, 500.4)
def test_the_kept_restricted_mana_lines_compile():
    (attacks,) = compiled_pool().supported["Klauth, Unrivaled Ancient"].triggered
    attacking = fx.Filter(types=frozenset({"Creature"}), props=frozenset({"attacking"}))
    assert attacks.effect == fx.Sequence((
        fx.AddMana(("any",), fx.Count("total_power", attacking),
                   spend_only=fx.Spend(fx.Filter()), combination=True),
        fx.KeepMana()))
    (plow,) = compiled_pool().supported["Colossal Plow"].triggered
    assert plow.effect == fx.Sequence((fx.AddMana(("W",), 3), fx.GainLife(3),
                                       fx.KeepMana()))


def test_500_4_klauths_mana_stays_until_end_of_turn_and_casts_only_spells():
    """Klauth (4 power) and Grizzly Bears attack: six mana, each of a colour chosen
    in turn (106.1), only for spells and kept as steps and phases end. In the second
    main phase it still pays for Lava Axe but not Icy Manipulator's ability; the
    cleanup step empties it."""
    game = blank()
    klauth = game.add_permanent("Klauth, Unrivaled Ancient", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Icy Manipulator", 0)
    game.add_card("Lava Axe", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, klauth)
    attack(game, bears)
    finish_attacks(game)
    for _ in range(6):
        assert game.decision["kind"] == "colour"
        act(game, "add {R}")
    assert game.pool[0] == ["R"] * 6
    assert all(kept for _, _, kept in game.restricted_pool[0])
    pass_until(game, "main2")
    assert game.life[1] == 14 and game.pool[0] == ["R"] * 6
    assert not has(game, "Icy Manipulator")  # (an ability: not a spell)
    act(game, "Lava Axe")
    act(game, "player 1")
    assert game.pool[0] == ["R"] and len(game.restricted_pool[0]) == 1
    settle(game)
    assert game.life[1] == 9
    pass_until(game, "end")
    assert game.pool[0] == ["R"]
    pass_until(game, "upkeep")  # (the next turn's: the cleanup step emptied it)
    assert game.active == 1
    assert game.pool[0] == [] and game.restricted_pool[0] == [] and game.kept_mana[0] == []


# ------------------------------------- X counters removed as a cost (107.3, 118.3)
DRAGON = fx.Filter(subtypes=frozenset({"Dragon"}))


def test_the_storage_counter_lines_compile():
    pool = compiled_pool().supported
    _, _, storage = pool["Crucible of the Spirit Dragon"].activated
    assert storage.cost == fx.Cost(tap=True, remove_counters=("storage", "X"))
    assert storage.is_mana and fx.x_counters(storage.cost)
    assert storage.effect == fx.AddMana(("any",), "X", spend_only=fx.Spend(DRAGON, DRAGON),
                                        combination=True)
    slagheap = pool["Molten Slagheap"].activated[-1]
    assert slagheap.effect == fx.AddMana(("B", "R"), "X", combination=True)


def test_crucible_of_the_spirit_dragon_adds_x_mana_only_for_dragons():
    """Three storage counters: X (announced, at most 3) counters removed add X mana,
    each of a colour chosen in turn; with three Mountains it casts Shivan Dragon
    ({4}{R}{R}) but not Lava Axe ({4}{R}, no Dragon)."""
    game = blank()
    crucible = game.add_permanent("Crucible of the Spirit Dragon", 0)
    game.battlefield[crucible].counters = {"storage": 3}
    mountains = lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Shivan Dragon", 0)
    game.add_card("Lava Axe", 0)
    game.start_at("main1", 0)
    act(game, "(Crucible of the Spirit Dragon) ability 1")  # ({T}: {C} is automatic)
    assert game.decision["kind"] == "x" and game.decision["values"] == [0, 1, 2, 3]
    act(game, "X = 3")
    for colour in "RGR":
        act(game, f"add {{{colour}}}")
    assert game.battlefield[crucible].tapped and game.battlefield[crucible].counters == {}
    assert sorted(game.pool[0]) == ["G", "R", "R"] and len(game.restricted_pool[0]) == 3
    assert not has(game, "Lava Axe")
    act(game, "Shivan Dragon")
    assert game.pool[0] == [] and all(game.battlefield[m].tapped for m in mountains)


def test_bottomless_vault_adds_black_for_each_storage_counter_removed():
    """"Remove any number of storage counters": that number (X) chosen as the cost
    is paid, one {B} for each counter removed."""
    game = blank()
    vault = game.add_permanent("Bottomless Vault", 0)
    game.battlefield[vault].counters = {"storage": 2}
    game.start_at("main1", 0)
    act(game, "Bottomless Vault")
    assert game.decision["values"] == [0, 1, 2]
    act(game, "X = 2")
    assert game.pool[0] == ["B", "B"] and game.battlefield[vault].counters == {}


# ------------------------------------------- "spend only black mana on X" (107.3)
def test_the_x_colour_lines_compile():
    pool = compiled_pool().supported
    assert pool["Consume Spirit"].cost.x_pip == "B"
    (rats,) = pool["Crypt Rats"].activated
    assert rats.cost.mana == ManaCost(x=1, x_pip="B")
    assert with_x(rats.cost.mana, 2) == ManaCost(pips=("B", "B"))


def test_107_3_consume_spirits_x_is_paid_with_black_mana_only():
    """Two Swamps and two Islands: {1}{B} takes an Island and a Swamp, so X can be 1
    at most (the Islands pay no X)."""
    game = blank()
    swamps = lands(game, 0, "Swamp", "Swamp")
    islands = lands(game, 0, "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Consume Spirit", 0)
    game.start_at("main1", 0)
    act(game, "Consume Spirit")
    assert game.decision["kind"] == "x" and game.decision["values"] == [0, 1]
    act(game, "X = 1")
    target_perm(game, bears)
    settle(game)
    assert all(game.battlefield[s].tapped for s in swamps)
    assert sum(game.battlefield[i].tapped for i in islands) == 1
    assert game.battlefield[bears].damage == 1 and game.life[0] == 21


# ------------------------------------ "when you spend this mana to cast" (607.2)
def test_the_spend_this_mana_riders_compile():
    (rider,) = compiled_pool().supported["Scaled Nurturer"].triggered
    assert rider.trigger == fx.Trigger("mana_spent", fx.Filter(
        types=frozenset({"Creature"}), subtypes=frozenset({"Dragon"})))
    assert rider.effect == fx.GainLife(2)


def test_607_2_scaled_nurturers_mana_spent_on_a_dragon_gains_life():
    """Five Mountains and Scaled Nurturer pay for Shivan Dragon ({4}{R}{R}): its {G}
    was spent on a Dragon creature spell, so its controller gains 2 life; spent on
    Gray Ogre (no Dragon), nothing."""
    game = blank()
    nurturer = game.add_permanent("Scaled Nurturer", 0)
    lands(game, 0, *["Mountain"] * 5)
    game.add_card("Shivan Dragon", 0)
    game.start_at("main1", 0)
    act(game, "Shivan Dragon")
    assert game.battlefield[nurturer].tapped
    settle(game)
    assert game.life[0] == 22
    other = blank()
    nurturer = other.add_permanent("Scaled Nurturer", 0)
    lands(other, 0, "Mountain", "Mountain")
    other.add_card("Gray Ogre", 0)
    other.start_at("main1", 0)
    act(other, "Gray Ogre")
    assert other.battlefield[nurturer].tapped
    settle(other)
    assert other.life[0] == 20


def test_106_6_battery_bearers_creatures_tap_for_powerstone_like_mana():
    """"Creatures you control have '{T}: add {C}. This mana can't be spent to cast a
    nonartifact spell.'" (113.1, 613.1f): Battery Bearer and Grizzly Bears pay for
    Mind Stone, not for Gray Ogre."""
    game = blank()
    bearer = game.add_permanent("Battery Bearer", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, "Mountain")
    game.add_card("Gray Ogre", 0)
    game.add_card("Mind Stone", 0)
    game.start_at("main1", 0)
    assert not has(game, "Gray Ogre")
    act(game, "Mind Stone")
    assert game.battlefield[bearer].tapped and game.battlefield[bears].tapped


def test_106_4_payment_spends_mana_that_empties_before_mana_kept_until_end_of_turn():
    """An {R} kept until end of turn (only for spells) and an ordinary {R} in the
    pool: Lightning Bolt takes the ordinary one, the kept one stays past the step."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    game.pool[0][:] = ["R", "R"]
    game.restricted_pool[0][:] = [["R", fx.Spend(fx.Filter()), True]]
    game.kept_mana[0][:] = ["R"]
    game._legal = None
    act(game, "Lightning Bolt")
    target_perm(game, bears)
    assert game.pool[0] == ["R"] and game.restricted_pool[0] == [
        ["R", fx.Spend(fx.Filter()), True]]
    settle(game)
    pass_until(game, "beginning_of_combat")
    assert game.pool[0] == ["R"] and len(game.restricted_pool[0]) == 1


def test_106_6_secluded_courtyard_pays_abilities_of_the_chosen_type_only():
    """Shade chosen as it entered: its restricted mana pays Frozen Shade's {B}
    (a creature source of that type), not Drudge Skeletons' {B}."""
    game = blank()
    courtyard = game.add_permanent("Secluded Courtyard", 0)
    shade = game.add_permanent("Frozen Shade", 0)
    game.add_permanent("Drudge Skeletons", 0)
    game.start_at("main1", 0)
    assert game.decision["what"] == "creature_type"  # (614.12c, as it entered)
    act(game, "mode 0")
    assert game.battlefield[courtyard].chosen == "Shade"
    assert not has(game, "Drudge Skeletons")
    act(game, "Frozen Shade")
    assert game.battlefield[courtyard].tapped
    settle(game)
    assert game.chars(shade)[:2] == (1, 2)


def test_thran_spider_gives_you_and_target_opponent_a_tapped_powerstone_each():
    game = blank()
    lands(game, 0, *["Island"] * 6)
    game.add_card("Thran Spider", 0)
    game.start_at("main1", 0)
    act(game, "Thran Spider")
    settle(game)
    if game.decision["kind"] == "target":
        act(game, "player 1")
    settle(game)
    stones = {perm.controller: perm for perm in game.battlefield.values()
              if game.name_of(perm.card) == "Powerstone Token"}
    assert sorted(stones) == [0, 1] and all(perm.tapped for perm in stones.values())
