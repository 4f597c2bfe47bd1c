"""Scripted positions for instants, sorceries and mass effects: miracle (702.94),
"and/or" targets (115.1), mass moves ("put all creatures on the bottom of their
owners' libraries", "destroy all other permanents except for lands and tokens").
Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import act, blank, lands, names, settle


def pool(name: str) -> fx.CardDef:
    return compiled_pool().supported[name]


# ------------------------------------------------------------------ miracle (702.94)
def miracle_game(top: list[str], *land_names: str) -> tuple[MagicGame, list[int]]:
    """Seat 0 about to begin its draw step with ``top`` on top of its library (the
    first named drawn first) and ``land_names`` untapped; seat 1 has a Grizzly
    Bears, seat 0 a Llanowar Elves."""
    game = blank()
    ids = [game.add_card(c, 0, "library") for c in reversed(top)][::-1]
    lands(game, 0, *land_names)
    game.add_permanent("Grizzly Bears", 1)
    game.add_permanent("Llanowar Elves", 0)
    game.start_at("draw", 0)
    return game, ids


def test_702_94a_miracle_compiles_to_a_trigger_and_its_cost():
    for name, cost in (("Terminus", "{W}"), ("Bonfire of the Damned", "{X}{R}"),
                       ("Entreat the Angels", "{X}{W}{W}")):
        index, node = pool(name).miracle
        assert pool(name).triggered[index].trigger.event == "miracle"
        assert str(node.cost) == cost, name


def test_702_94a_the_first_card_drawn_is_revealed_and_cast_for_its_miracle_cost():
    game, (terminus,) = miracle_game(["Terminus"], "Plains")
    # drawn in the draw step: revealed, its ability on the stack
    assert any(e["type"] == "miracle" and e["card"] == "Terminus" for e in game.events)
    assert terminus in game.public_hand
    assert [(game.name_of(s.card), s.kind) for s in game.stack] == [
        ("Terminus", "triggered")]
    settle(game)
    assert set(names(game)) == {"cast Terminus for its miracle cost",
                                "don't cast Terminus"}
    act(game, "for its miracle cost")
    # a sorcery cast in the draw step, for {W} (one Plains tapped)
    cast = [e for e in game.events if e["type"] == "cast"][-1]
    assert cast["card"] == "Terminus" and cast["alt"] == "miracle"
    assert game.step == "draw"
    settle(game)
    # every creature on the bottom of its owner's library (and Terminus resolved)
    assert not any(game.pdef(pid).is_creature for pid in game.battlefield)
    assert game.name_of(game.library[0][0]) == "Llanowar Elves"
    assert game.name_of(game.library[1][0]) == "Grizzly Bears"
    assert terminus in game.graveyard[0]


def test_702_94a_a_declined_miracle_stays_in_the_hand():
    game, (terminus,) = miracle_game(["Terminus"], "Plains")
    settle(game)
    act(game, "don't cast Terminus")
    settle(game)
    assert terminus in game.hand[0] and len(game.battlefield) == 3


def test_702_94a_only_the_first_card_drawn_this_turn_has_miracle():
    # the draw step draws an Island; Divination then draws Terminus: no miracle
    game, _ = miracle_game(["Island", "Terminus"], "Plains", "Island", "Island",
                           "Island")
    game.add_card("Divination", 0)
    settle(game)
    while game.step != "main1":
        act(game, "pass")
    act(game, "cast hand 1 (Divination)")
    settle(game)
    assert "Terminus" in [game.name_of(c) for c in game.hand[0]]
    assert not any(e["type"] == "miracle" for e in game.events)


def test_702_94a_miracle_x_is_announced_in_the_miracle_cost():
    # Bonfire of the Damned, miracle {X}{R}: three Mountains and an Elves pay X up
    # to 3 (its mana cost {X}{X}{R} would allow only 1)
    game, _ = miracle_game(["Bonfire of the Damned"], "Mountain", "Mountain",
                           "Mountain")
    settle(game)
    act(game, "for its miracle cost")
    assert game.decision["kind"] == "x" and game.decision["values"] == [0, 1, 2, 3]
    game.apply_action(game.legal_actions()[2])  # X = 2
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 18
    assert not any(game.name_of(p.card) == "Grizzly Bears"
                   for p in game.battlefield.values())
    assert any(game.name_of(p.card) == "Llanowar Elves"
               for p in game.battlefield.values())


def test_702_94a_no_reveal_when_the_miracle_cost_cannot_be_paid():
    # automated: with no white mana Terminus is not revealed (no trigger)
    game, (terminus,) = miracle_game(["Terminus"], "Island")
    assert not any(e["type"] == "miracle" for e in game.events)
    assert not game.stack and terminus in game.hand[0]


# ------------------------------------------------------------ mass effects and targets
def test_and_or_targets_compile_as_either_type():
    # 115.1: "up to two target artifacts and/or enchantments" (Sylvan Reclamation,
    # Angel of the Ruins)
    what = pool("Sylvan Reclamation").spell.effect.what
    assert what.count == 2 and what.up_to
    assert what.filter.types == {"Artifact", "Enchantment"}


def test_destroy_all_other_permanents_except_for_lands_and_tokens():
    # Elspeth Tirel's -5: lands, tokens and Elspeth herself stay
    game = blank()
    elspeth = game.add_permanent("Elspeth Tirel", 0, counters={"loyalty": 5})
    plains = game.add_permanent("Plains", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    ring = game.add_permanent("Sol Ring", 1)
    game.start_at("main1", 0)
    act(game, "ability 2")
    settle(game)
    assert elspeth not in game.battlefield  # 0 loyalty: 704.5i
    assert plains in game.battlefield
    assert bears not in game.battlefield and ring not in game.battlefield


def test_elspeth_tirel_spares_tokens():
    game = blank()
    game.add_permanent("Elspeth Tirel", 0, counters={"loyalty": 7})
    lands(game, 0, "Plains", "Plains")
    game.add_card("Raise the Alarm", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Raise the Alarm)")
    settle(game)
    tokens = [pid for pid in game.battlefield
              if game.card_token[game.battlefield[pid].card]]
    act(game, "ability 2")
    settle(game)
    assert bears not in game.battlefield
    assert len(tokens) == 2 and all(t in game.battlefield for t in tokens)


# --------------------------------------------------- shuffling into a library (701.24)
def test_elixir_shuffles_itself_and_its_controllers_graveyard_into_the_library():
    game = blank()
    elixir = game.add_permanent("Elixir of Immortality", 0)
    lands(game, 0, "Island", "Island")
    dead = [game.add_card(c, 0, "graveyard") for c in ("Grizzly Bears", "Shock")]
    theirs = game.add_card("Lightning Bolt", 1, "graveyard")
    game.start_at("main1", 0)
    act(game, "activate slot 0 (Elixir of Immortality)")
    settle(game)
    assert game.life[0] == 25
    assert elixir not in game.battlefield and not game.graveyard[0]
    assert len(game.library[0]) == 13  # ten Islands, the Elixir and two cards
    assert all(c in game.library[0] for c in dead)
    assert game.graveyard[1] == [theirs]  # only its controller's graveyard
    assert any(e["type"] == "shuffle" and e["player"] == 0 for e in game.events)


def test_oblation_the_owner_shuffles_it_in_then_draws_two():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Oblation", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Oblation)")
    act(game, "Grizzly Bears")
    settle(game)
    assert bears not in game.battlefield
    # the owner (seat 1) drew two of its eleven cards; the caster drew nothing
    assert len(game.hand[1]) == 2 and len(game.library[1]) == 9
    assert not game.hand[0]


def test_chaos_warp_reveals_and_puts_a_permanent_card_onto_the_battlefield():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Chaos Warp", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Chaos Warp)")
    act(game, "Grizzly Bears")
    settle(game)
    assert bears not in game.battlefield
    revealed = [e for e in game.events if e["type"] == "reveal_top"][-1]
    assert revealed["player"] == 1
    # every card of that library is a permanent card (Islands, the Bears): it enters
    # under its owner's control
    entered = [p for p in game.battlefield.values() if p.controller == 1]
    assert [game.name_of(p.card) for p in entered] == revealed["cards"]
    assert len(game.library[1]) == 10


def test_chaos_warp_leaves_a_nonpermanent_card_on_top():
    # seat 1's library: four Lightning Bolts and, shuffled in, the Bears
    game = blank()
    game.set_library(1, ["Lightning Bolt"] * 4)
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Chaos Warp", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Chaos Warp)")
    act(game, "Grizzly Bears")
    settle(game)
    assert bears not in game.battlefield
    revealed = [e for e in game.events if e["type"] == "reveal_top"][-1]["cards"]
    mine = [game.name_of(p.card) for p in game.battlefield.values() if p.controller == 1]
    if revealed == ["Lightning Bolt"]:  # an instant: it stays on top
        assert game.name_of(game.library[1][-1]) == "Lightning Bolt"
        assert len(game.library[1]) == 5 and not mine
    else:  # the Bears came back: a new object
        assert mine == ["Grizzly Bears"] and len(game.library[1]) == 4


# ---------------------------------------- targets in two zones (115.1: "and/or")
def test_115_1_angel_of_serenity_exiles_creatures_and_creature_cards_then_returns_them():
    game = blank()
    lands(game, 0, *["Plains"] * 7, "Swamp", "Swamp")
    game.add_card("Angel of Serenity", 0)
    game.add_card("Doom Blade", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    elves = game.add_card("Llanowar Elves", 1, "graveyard")
    mine = game.add_card("Serra Angel", 0, "graveyard")
    game.add_card("Shock", 1, "graveyard")  # not a creature card: not offered
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Angel of Serenity)")
    settle(game)
    # the enters trigger's target: the Bears on the battlefield, or a creature card
    # in a graveyard (the Angel itself is not "other")
    offered = set(names(game))
    assert any("Grizzly Bears" in n for n in offered)
    assert any("Llanowar Elves in player 1's graveyard" in n for n in offered)
    assert any("Serra Angel in player 0's graveyard" in n for n in offered)
    assert not any("Shock" in n or "Angel of Serenity" in n for n in offered)
    act(game, "Grizzly Bears")
    act(game, "Llanowar Elves")
    act(game, "Serra Angel")
    settle(game)
    act(game, "yes")
    settle(game)
    assert bears not in game.battlefield
    assert elves in game.exile[1] and mine in game.exile[0]
    assert not game.graveyard[0] and [game.name_of(c) for c in game.graveyard[1]] == [
        "Shock"]
    # the Angel leaves: the exiled cards go to their owners' hands (607.2a)
    angel = next(pid for pid, p in game.battlefield.items()
                 if game.name_of(p.card) == "Angel of Serenity")
    act(game, "cast hand 0 (Doom Blade)")
    act(game, "Angel of Serenity")
    settle(game)
    assert angel not in game.battlefield
    assert {game.name_of(c) for c in game.hand[1]} == {"Grizzly Bears", "Llanowar Elves"}
    assert [game.name_of(c) for c in game.hand[0]] == ["Serra Angel"]


def test_115_1_a_graveyard_card_that_left_is_an_illegal_target():
    # 400.7: the card targeted in the graveyard left it before the trigger resolved;
    # the Bears are still exiled
    game = blank()
    lands(game, 0, *["Plains"] * 7)
    game.add_card("Angel of Serenity", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    elves = game.add_card("Llanowar Elves", 1, "graveyard")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Angel of Serenity)")
    settle(game)
    act(game, "Grizzly Bears")
    act(game, "Llanowar Elves")  # (no other candidate: the choice ends)
    game.graveyard[1].remove(elves)  # (gone, as if another effect moved it)
    game.forget_graveyard([elves])
    game.hand[1].append(elves)
    settle(game)
    act(game, "yes")
    settle(game)
    assert bears not in game.battlefield and elves in game.hand[1]


# ------------------------------------------------- dividing among targets (601.2d)
def test_601_2d_abzan_charm_distributes_two_counters_among_two_creatures():
    game = blank()
    lands(game, 0, "Plains", "Swamp", "Forest")
    game.add_card("Abzan Charm", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    elves = game.add_permanent("Llanowar Elves", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Abzan Charm)")
    act(game, "mode 2")
    act(game, "Grizzly Bears")
    act(game, "Llanowar Elves")
    settle(game)
    assert game.battlefield[bears].counters["+1/+1"] == 1
    assert game.battlefield[elves].counters["+1/+1"] == 1


def test_601_2d_abzan_charm_one_target_takes_both_counters():
    game = blank()
    lands(game, 0, "Plains", "Swamp", "Forest")
    game.add_card("Abzan Charm", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Llanowar Elves", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Abzan Charm)")
    act(game, "mode 2")
    act(game, "Grizzly Bears")
    act(game, "done")
    settle(game)
    assert game.battlefield[bears].counters["+1/+1"] == 2


def test_601_2d_three_counters_among_two_targets_ask_how_to_divide():
    # Defend the Celestus: "distribute three +1/+1 counters among one, two, or three
    # target creatures you control": 1 each, then the third where its caster says
    game = blank()
    lands(game, 0, *["Forest"] * 4)
    game.add_card("Defend the Celestus", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    elves = game.add_permanent("Llanowar Elves", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Defend the Celestus)")
    act(game, "Grizzly Bears")
    act(game, "Llanowar Elves")
    assert game.decision["kind"] == "divide"
    act(game, "1 more counter on slot 4 (Grizzly Bears)")
    settle(game)
    assert game.battlefield[bears].counters["+1/+1"] == 2
    assert game.battlefield[elves].counters["+1/+1"] == 1


def test_fireball_divides_x_evenly_rounded_down_and_costs_1_more_per_extra_target():
    game = blank()
    lands(game, 0, *["Mountain"] * 6)
    game.add_card("Fireball", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    elves = game.add_permanent("Llanowar Elves", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Fireball)")
    # X = 3 and two targets: {3}{R} plus {1} for the second target (six Mountains
    # pay a third target too)
    game.apply_action(game.legal_actions()[3])
    act(game, "Grizzly Bears")
    act(game, "Llanowar Elves")
    act(game, "done")
    settle(game)
    tapped = sum(p.tapped for p in game.battlefield.values())
    assert tapped == 5
    # 3 // 2 = 1 damage each: the Elves die, the Bears survive with 1 damage
    assert elves not in game.battlefield and game.battlefield[bears].damage == 1


def test_fireball_offers_no_target_it_cannot_pay_for():
    game = blank()
    lands(game, 0, *["Mountain"] * 4)
    game.add_card("Fireball", 0)
    game.add_permanent("Grizzly Bears", 1)
    game.add_permanent("Llanowar Elves", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Fireball)")
    game.apply_action(game.legal_actions()[3])  # X = 3: all four Mountains
    act(game, "Grizzly Bears")
    # a second target would cost {1} more: only "done" is left
    assert set(names(game)) == {"done"}
    act(game, "done")
    settle(game)
    assert game.life[1] == 20
    assert not any(game.name_of(p.card) == "Grizzly Bears"
                   for p in game.battlefield.values())


# ------------------------------------------------------------ wheels (701.9a, 121)
def test_magus_of_the_wheel_each_player_discards_their_hand_then_draws_seven():
    game = blank(library=20)
    lands(game, 0, "Mountain", "Mountain")
    game.add_permanent("Magus of the Wheel", 0)
    for c in ("Shock", "Island"):
        game.add_card(c, 0)
    for c in ("Shock", "Island", "Forest"):
        game.add_card(c, 1)
    game.start_at("main1", 0)
    act(game, "activate slot 2 (Magus of the Wheel)")
    settle(game)
    while game.decision["kind"] == "discard":  # each player discards a card at a time
        game.apply_action(game.legal_actions()[0])
    settle(game)
    assert len(game.hand[0]) == 7 and len(game.hand[1]) == 7
    assert len(game.graveyard[0]) == 3 and len(game.graveyard[1]) == 3  # (the Magus)


def test_windfall_draws_the_greatest_number_discarded():
    game = blank(library=20)
    lands(game, 0, "Island", "Island", "Island")
    game.add_card("Windfall", 0)
    game.add_card("Shock", 0)
    for c in ("Shock", "Island", "Forest", "Plains"):
        game.add_card(c, 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Windfall)")
    settle(game)
    while game.decision["kind"] == "discard":
        game.apply_action(game.legal_actions()[0])
    settle(game)
    # seat 1 discarded four, the most: each player draws four
    assert len(game.hand[0]) == 4 and len(game.hand[1]) == 4


def test_crackling_doom_each_opponent_sacrifices_its_greatest_power_creature():
    game = blank()
    lands(game, 0, "Mountain", "Plains", "Swamp")
    game.add_card("Crackling Doom", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    mine = game.add_permanent("Hill Giant", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Crackling Doom)")
    settle(game)
    assert game.life[1] == 18 and game.life[0] == 20
    assert giant not in game.battlefield and bears in game.battlefield
    assert mine in game.battlefield


# ----------------------------------------- "if you cast this during your main phase"
def dust_game(step: str, active: int) -> tuple[MagicGame, list[int]]:
    game = blank()
    lands(game, 0, *["Plains"] * 4)
    game.add_card("Return to Dust", 0)
    things = [game.add_permanent(c, 1) for c in ("Sol Ring", "Glorious Anthem", "Mind Stone")]
    game.start_at(step, active)
    return game, things


def test_return_to_dust_in_a_main_phase_exiles_a_second_target():
    game, (ring, anthem, stone) = dust_game("main1", 0)
    act(game, "cast hand 0 (Return to Dust)")
    act(game, "Sol Ring")
    # the second target: "other" than the first (115.3)
    assert not any("Sol Ring" in n for n in names(game))
    act(game, "Glorious Anthem")
    settle(game)
    act(game, "yes")
    settle(game)
    assert ring not in game.battlefield and anthem not in game.battlefield
    assert stone in game.battlefield


def test_return_to_dust_outside_a_main_phase_has_one_target():
    # cast in the opponent's upkeep: no second target is chosen, none exiled
    game, (ring, anthem, stone) = dust_game("upkeep", 1)
    while game.decision["player"] != 0:
        act(game, "pass")
    act(game, "cast hand 0 (Return to Dust)")
    act(game, "Sol Ring")
    assert game.casting is None  # cast: no further choice
    settle(game)
    assert ring not in game.battlefield
    assert anthem in game.battlefield and stone in game.battlefield


# -------------------------------------------------------------- "if X is 5 or more"
def coup_game(mountains: int) -> MagicGame:
    game = blank()
    lands(game, 0, *["Plains"] * mountains)
    game.add_card("Martial Coup", 0)
    game.add_permanent("Grizzly Bears", 1)
    game.add_permanent("Llanowar Elves", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Martial Coup)")
    return game


def test_martial_coup_with_x_5_destroys_every_creature_but_its_soldiers():
    game = coup_game(7)
    act(game, "X = 5")
    settle(game)
    left = sorted(game.name_of(p.card) for pid, p in game.battlefield.items()
                  if game.pdef(pid).is_creature)
    assert left == ["Soldier Token"] * 5


def test_martial_coup_with_x_below_5_destroys_nothing():
    game = coup_game(6)
    act(game, "X = 4")
    settle(game)
    names_left = sorted(game.name_of(p.card) for pid, p in game.battlefield.items()
                        if game.pdef(pid).is_creature)
    assert names_left == ["Grizzly Bears", "Llanowar Elves"] + ["Soldier Token"] * 4


# -------------------------------------------------------- counted for each player
def test_treacherous_terrain_deals_each_opponent_damage_equal_to_its_lands():
    game = blank(players=3)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Forest", "Forest", "Forest",
          "Forest", "Forest")
    game.add_card("Treacherous Terrain", 0)
    lands(game, 1, "Island", "Island")
    lands(game, 2, "Swamp", "Swamp", "Swamp")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Treacherous Terrain)")
    settle(game)
    assert game.life == [20, 18, 17]


def test_syphon_mind_draws_a_card_for_each_card_discarded():
    game = blank(players=3)
    lands(game, 0, *["Swamp"] * 4)
    game.add_card("Syphon Mind", 0)
    game.add_card("Shock", 1)
    game.add_card("Shock", 2)
    game.add_card("Island", 2)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Syphon Mind)")
    settle(game)
    while game.decision["kind"] == "discard":
        game.apply_action(game.legal_actions()[0])
    settle(game)
    assert len(game.hand[0]) == 2 and not game.hand[1] and len(game.hand[2]) == 1
