"""Scripted positions for the Phantom Premonition precon's mechanisms: flicker of
several permanents ("exile ... then return those cards", 400.7, 610.3), "any number
of target" (115.1d, 601.2c), delayed returns (603.7). Each names real cards from the
pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import effect
from labyrinth_gym.envs.magic.engine.text.core import LINE_TEMPLATES, Draft
from magic.compiled import card, cost
from magic.positions import (
    act,
    attack,
    blank,
    custom,
    finish_attacks,
    has,
    lands,
    names,
    on_battlefield,
    pass_to_decision,
    pass_until,
    settle,
    target_perm,
    to_combat,
)


# ------------------------------------------------------------ flicker (400.7)
def test_400_7_flicker_templates_compile():
    flicker = card("Ghostly Flicker").spell.effect
    assert flicker.steps[0].what.count == 2
    assert flicker.steps[1] == fx.MoveCards(fx.Ref("that_card"), "battlefield", "you")
    brago = card("Brago, King Eternal").triggered[0].effect
    assert brago.steps[0].what.up_to and brago.steps[0].what.count > 8
    interlude = card("Eerie Interlude").spell.effect
    assert isinstance(interlude.steps[1], fx.Delayed)
    assert interlude.steps[1].effect == fx.MoveCards(fx.Ref("that_card"), "battlefield",
                                                     "owner")


def test_400_7_ghostly_flicker_returns_both_cards_as_new_objects():
    game = blank()
    game.add_card("Ghostly Flicker", 0)
    lands(game, 0, "Island", "Island", "Island")
    visionary = game.add_permanent("Elvish Visionary", 0, tapped=True,
                                   counters={"+1/+1": 1}, damage=1)
    land = game.add_permanent("Plains", 0, tapped=True)
    game.start_at("main1", 0)
    hand = len(game.hand[0])
    act(game, "cast hand 0 (Ghostly Flicker)")
    target_perm(game, visionary)
    target_perm(game, land)
    settle(game)  # the Flicker, then the Visionary's enters ability: draw a card
    assert visionary not in game.battlefield and land not in game.battlefield
    new = on_battlefield(game, "Elvish Visionary")[0]
    perm = game.battlefield[new]
    assert not perm.tapped and perm.damage == 0 and not perm.counters
    plains = on_battlefield(game, "Plains")
    assert len(plains) == 1 and not game.battlefield[plains[0]].tapped
    assert len(game.hand[0]) == hand - 1 + 1 and game.exile[0] == []


def test_601_2c_eerie_interlude_any_number_of_targets_back_at_the_next_end_step():
    game = blank()
    game.add_card("Eerie Interlude", 0)
    lands(game, 0, "Plains", "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 0)
    giant = game.add_permanent("Hill Giant", 0)
    stays = game.add_permanent("Llanowar Elves", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Eerie Interlude)")
    assert A.permanent(game.battlefield[theirs].slot) not in game.legal_actions()
    target_perm(game, bears)
    target_perm(game, giant)
    game.apply_action(A.DONE)  # any number: stop after two
    settle(game)
    assert bears not in game.battlefield and giant not in game.battlefield
    assert stays in game.battlefield
    assert sorted(game.name_of(c) for c in game.exile[0]) == ["Grizzly Bears",
                                                              "Hill Giant"]
    pass_until(game, "end")
    settle(game)
    assert game.exile[0] == []
    assert len(on_battlefield(game, "Grizzly Bears")) == 2
    assert len(on_battlefield(game, "Hill Giant")) == 1


# ------------------------------------------------------------ foretell (702.143)
def test_702_143a_foretell_templates_compile():
    for name in ("Iron Verdict", "Saw It Coming", "Behold the Multiverse", "Ravenform",
                 "Warhorn Blast"):
        assert card(name).foretell is not None, name
    assert card("Iron Verdict").foretell == fx.Foretell(cost("{W}"))


def test_702_143a_foretell_exiles_face_down_for_2_then_casts_for_its_cost_later():
    game = blank()
    verdict = game.add_card("Iron Verdict", 0)
    lands(game, 0, "Plains", "Plains", "Plains")
    game.start_at("main1", 0, turn=1)
    act(game, "foretell hand 0 (Iron Verdict)")  # 116.2h: a special action
    assert verdict in game.exile[0] and game.foretold[verdict] == game.turn
    assert not game.stack and game.decision["player"] == 0  # keeps priority
    assert sum(perm.tapped for perm in game.battlefield.values()) == 2
    # hidden from the opponent (406.3), seen by its owner
    assert game.observation_for(1)["exiles"][0] != ["Iron Verdict"]
    assert game.observation_for(0)["exiles"][0] == ["Iron Verdict"]
    assert "card" not in game.events_for(1)[-1]
    # not castable the turn it was foretold (702.143a: "on a later turn")
    assert not any("foretold" in n for n in names(game))
    pass_until(game, "upkeep")  # the opponent's turn
    theirs = game.add_permanent("Hill Giant", 1, tapped=True)
    game.priority = 0
    game.decision = {"kind": "priority", "player": 0}
    game._legal = None
    act(game, "foretold, from exile")  # for {W}: an instant on their turn
    target_perm(game, theirs)
    settle(game)
    assert theirs not in game.battlefield
    assert verdict in game.graveyard[0] and verdict not in game.foretold


def test_702_143a_foretell_only_during_your_turn():
    game = blank()
    game.add_card("Saw It Coming", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.start_at("main1", 1, turn=2)
    game.priority = 0
    game.decision = {"kind": "priority", "player": 0}
    game._legal = None
    assert not any("foretell" in n for n in names(game))


# ------------------------- "cast a spell from anywhere other than your hand" (601.2a)
def test_601_2a_vega_draws_for_a_foretold_spell_not_for_one_from_the_hand():
    game = blank()
    game.add_permanent("Vega, the Watcher", 0)
    game.add_card("Warhorn Blast", 0)
    game.add_card("Warhorn Blast", 0)
    lands(game, 0, *["Plains"] * 10)
    game.start_at("main1", 0, turn=1)
    act(game, "foretell hand 0 (Warhorn Blast)")
    hand = len(game.hand[0])
    act(game, "cast hand 0 (Warhorn Blast)")  # from the hand: no draw
    settle(game)
    assert len(game.hand[0]) == hand - 1
    game.turn += 1  # a later turn (702.143a)
    game._legal = None
    act(game, "foretold, from exile")
    settle(game)
    assert len(game.hand[0]) == hand - 1 + 1  # Vega's trigger drew a card


# ---------------------- "spells you cast from anywhere other than your hand" (601.2f)
def test_601_2f_sage_of_the_beyond_reduces_a_foretold_spell_not_one_from_the_hand():
    assert card("Sage of the Beyond").statics[0] == fx.CostChange(
        -2, whose="you", not_from_hand=True)
    game = blank()
    game.add_permanent("Sage of the Beyond", 0)
    game.add_card("Warhorn Blast", 0)
    game.add_card("Warhorn Blast", 0)
    plains = lands(game, 0, "Plains", "Plains")
    game.start_at("main1", 0, turn=1)
    act(game, "foretell hand 0 (Warhorn Blast)")  # pays {2}: both Plains
    game.turn += 1  # a later turn (702.143a), the Plains untapped, one of them gone
    for pid in plains:
        game.battlefield[pid].tapped = False
    del game.battlefield[plains[1]]
    game._legal = None
    assert not has(game, "cast hand 0 (Warhorn Blast)")  # {4}{W} from the hand
    act(game, "foretold, from exile")  # {2}{W} less {2}: one Plains pays it
    settle(game)
    assert game.exile[0] == [] and len(game.graveyard[0]) == 1


def test_601_2f_without_the_sage_the_foretold_spell_costs_its_foretell_cost():
    game = blank()
    game.add_card("Warhorn Blast", 0)
    plains = lands(game, 0, "Plains", "Plains")
    game.start_at("main1", 0, turn=1)
    act(game, "foretell hand 0 (Warhorn Blast)")
    game.turn += 1
    for pid in plains:
        game.battlefield[pid].tapped = False
    del game.battlefield[plains[1]]
    game._legal = None
    assert not has(game, "foretold, from exile")


# ------------------------------ "draws cards equal to the difference" (608.2h)
def test_608_2h_tales_of_the_ancestors_fills_each_hand_to_the_largest():
    assert card("Tales of the Ancestors").spell.effect == fx.Draw(
        fx.Count("short_of_most_hand", of="that_player"), fx.Ref("each_player"))
    game = blank(players=3)
    game.add_card("Tales of the Ancestors", 0)
    for _ in range(4):
        game.add_card("Island", 1)
    game.add_card("Island", 2)
    lands(game, 0, "Island", "Island", "Island", "Island")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Tales of the Ancestors)")
    settle(game)
    assert [len(game.hand[p]) for p in range(3)] == [4, 4, 4]


# ------------------- "whenever a creature is exiled from the battlefield" (603.10a)
def test_603_10a_soulherder_counts_each_creature_exiled_and_flickers_at_end_step():
    game = blank()
    herder = game.add_permanent("Soulherder", 0)
    visionary = game.add_permanent("Elvish Visionary", 0, counters={"+1/+1": 1})
    theirs = game.add_permanent("Hill Giant", 1)
    game.add_card("Swords to Plowshares", 0)
    lands(game, 0, "Plains")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Swords to Plowshares)")
    target_perm(game, theirs)
    settle(game)
    assert theirs not in game.battlefield
    assert game.battlefield[herder].counters == {"+1/+1": 1}
    while game.step != "end":
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    target_perm(game, visionary)  # another target creature you control: not itself
    pass_to_decision(game, "yesno")  # "you may", as it resolves
    assert game.decision["player"] == 0
    act(game, "yes")
    settle(game)  # the flicker, then the Visionary's enters trigger
    assert visionary not in game.battlefield
    new = on_battlefield(game, "Elvish Visionary")[0]
    assert not game.battlefield[new].counters  # a new object (400.7)
    assert game.battlefield[herder].counters == {"+1/+1": 2}


# -------------------------------------------- "x target creatures" (601.2b-c)
def test_601_2c_curse_of_the_swine_x_targets_and_a_boar_for_each_controller():
    assert card("Curse of the Swine").spell.effect.steps[0] == fx.Exile(
        fx.Target("creature", count="X"))
    game = blank()
    game.add_card("Curse of the Swine", 0)
    lands(game, 0, *["Island"] * 8)
    giant = game.add_permanent("Hill Giant", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    mine = game.add_permanent("Llanowar Elves", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Curse of the Swine)")
    assert game.decision["kind"] == "x"
    assert game.decision["values"] == [0, 1, 2, 3]  # no more X than creatures
    game.apply_action(A.mode(2))  # X = 2
    target_perm(game, giant)
    assert A.DONE not in game.legal_actions()  # exactly X targets
    target_perm(game, mine)
    settle(game)
    assert giant not in game.battlefield and mine not in game.battlefield
    assert bears in game.battlefield
    boars = on_battlefield(game, "Boar Token")
    assert sorted(game.battlefield[b].controller for b in boars) == [0, 1]


def test_702_33c_marshals_anthem_returns_up_to_one_card_per_kick():
    trigger = card("Marshal's Anthem").triggered[0].effect
    assert trigger.what.count == "kicked" and trigger.what.up_to
    game = blank()
    game.add_card("Marshal's Anthem", 0)
    for name in ("Grizzly Bears", "Hill Giant", "Llanowar Elves"):
        game.add_card(name, 0, "graveyard")
    lands(game, 0, *["Plains"] * 8)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Marshal's Anthem)")
    act(game, "pay kicker")
    act(game, "pay kicker")  # kicked twice: {2}{W}{W} + 2 x {1}{W}, all 8 Plains
    settle(game)  # the enchantment resolves; its enters trigger asks its targets
    assert game.decision["kind"] == "target"
    for _ in range(2):  # up to two: a third card is not offered
        assert A.DONE in game.legal_actions()
        game.apply_action(next(a for a in game.legal_actions() if a != A.DONE))
    settle(game)
    back = [pid for pid, perm in game.battlefield.items() if game.cdef(perm.card).is_creature]
    assert len(back) == 2 and len(game.graveyard[0]) == 1
    assert all(game.chars(pid)[:2] == (game.cdef(game.battlefield[pid].card).power + 1,
                                       game.cdef(game.battlefield[pid].card).toughness + 1)
               for pid in back)  # the anthem


def test_702_33c_marshals_anthem_unkicked_returns_nothing():
    game = blank()
    game.add_card("Marshal's Anthem", 0)
    game.add_card("Grizzly Bears", 0, "graveyard")
    lands(game, 0, *["Plains"] * 4)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Marshal's Anthem)")
    settle(game)
    assert len(game.graveyard[0]) == 1 and len(game.battlefield) == 5


# ------------------------ a search's destination chosen by a condition (608.2c)
def _stoic_farmer(their_lands: int):
    game = blank()
    game.add_card("Stoic Farmer", 0)
    game.set_library(0, ["Island", "Plains", "Island"])
    lands(game, 0, *["Plains"] * 4)
    lands(game, 1, *["Island"] * their_lands)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Stoic Farmer)")
    settle(game)  # the creature, then its enters trigger: the search
    act(game, "find Plains")
    settle(game)
    return game


def test_608_2c_stoic_farmer_puts_the_plains_onto_the_battlefield_when_behind():
    game = _stoic_farmer(5)  # an opponent controls more lands: 5 > 4
    plains = on_battlefield(game, "Plains")
    assert len(plains) == 5 and sum(game.battlefield[p].tapped for p in plains) == 5
    assert game.hand[0] == [] and len(game.library[0]) == 2
    found = next(e for e in game.events if e["type"] == "found")
    assert found["revealed"]


def test_608_2c_stoic_farmer_puts_the_plains_into_the_hand_otherwise():
    game = _stoic_farmer(4)  # as many lands: not more
    assert len(on_battlefield(game, "Plains")) == 4
    assert [game.name_of(c) for c in game.hand[0]] == ["Plains"]
    assert game.hand[0][0] in game.public_hand  # revealed


# --------------------------- "with toughness x or less, where x is ..." (608.2h)
def test_608_2h_spectral_deluge_bounces_each_creature_up_to_the_islands_counted():
    assert card("Spectral Deluge").spell.effect.what.at_most[0] == "toughness"
    game = blank()
    game.add_card("Spectral Deluge", 0)
    lands(game, 0, "Island", "Island", "Island", "Island", "Plains", "Plains")
    angel = game.add_permanent("Serra Angel", 1)  # toughness 4: 4 Islands
    giant = game.add_permanent("Hill Giant", 1)
    wurm = game.add_permanent("Colossal Dreadmaw", 1)  # toughness 6
    mine = game.add_permanent("Grizzly Bears", 0)  # not an opponent's
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Spectral Deluge)")
    settle(game)
    assert angel not in game.battlefield and giant not in game.battlefield
    assert wurm in game.battlefield and mine in game.battlefield
    assert sorted(game.name_of(c) for c in game.hand[1]) == ["Hill Giant", "Serra Angel"]


# ------------- "then if it has N or more <kind> counters on it" (608.2c), named tokens
def _ring_upkeep(night: int):
    game = blank()
    ring = game.add_permanent("Replicating Ring", 0, counters={"night": night})
    game.start_at("main1", 1, turn=2)
    pass_until(game, "upkeep")  # seat 0's upkeep: the ring's trigger
    assert game.active == 0
    settle(game)
    return game, ring


def test_608_2c_replicating_ring_counts_night_counters_below_eight():
    game, ring = _ring_upkeep(6)
    assert game.battlefield[ring].counters == {"night": 7}
    assert on_battlefield(game, "Replicated Ring") == []


def test_111_4_replicating_ring_makes_eight_snow_rings_at_the_eighth_counter():
    assert card("Replicating Ring").triggered[0].effect.steps[1].condition == \
        fx.ActivationCondition("counters_on_this", count=8, counter="night")
    game, ring = _ring_upkeep(7)
    assert not game.battlefield[ring].counters.get("night")  # all removed
    rings = on_battlefield(game, "Replicated Ring")
    assert len(rings) == 8
    d = game.pdef(rings[0])
    assert d.types == ("Artifact",) and d.supertypes == ("Snow",) and not d.colours
    assert d.activated[0].is_mana  # "{T}: add one mana of any color"
    game.add_card("Hill Giant", 0)  # {3}{R}: four rings pay it (any colour)
    pass_until(game, "main1")
    act(game, "(Hill Giant)")
    settle(game)
    assert sum(game.battlefield[r].tapped for r in (ring, *rings)) == 4
    assert len(on_battlefield(game, "Hill Giant")) == 1


# ----------------- "that many" after an exile; "sacrifice all"; linked return (607.2a)
def test_607_2a_day_of_the_dragons_trades_creatures_for_dragons_and_back():
    game = blank()
    game.add_card("Day of the Dragons", 0)
    game.add_card("Disenchant", 0)
    lands(game, 0, *["Island"] * 7, "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Hill Giant", 0)
    theirs = game.add_permanent("Llanowar Elves", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Day of the Dragons)")
    settle(game)
    assert bears not in game.battlefield and theirs in game.battlefield
    dragons = on_battlefield(game, "Dragon Token")
    assert len(dragons) == 2 and game.chars(dragons[0])[:2] == (5, 5)
    assert sorted(game.name_of(c) for c in game.exile[0]) == ["Grizzly Bears",
                                                              "Hill Giant"]
    day = on_battlefield(game, "Day of the Dragons")[0]
    act(game, "(Disenchant)")
    target_perm(game, day)
    settle(game)
    assert on_battlefield(game, "Dragon Token") == []  # all sacrificed
    assert game.exile[0] == []
    assert len(on_battlefield(game, "Grizzly Bears")) == 1
    assert len(on_battlefield(game, "Hill Giant")) == 1
    assert theirs in game.battlefield


# ------------------------ reveal until N creature cards (701.20a), delayed (603.7)
def test_701_20a_synthetic_destiny_reveals_as_many_creatures_as_it_exiled():
    game = blank()
    game.add_card("Synthetic Destiny", 0)
    lands(game, 0, *["Island"] * 6)
    game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Hill Giant", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    game.set_library(0, ["Island", "Llanowar Elves", "Island", "Hill Giant",
                         "Island", "Serra Angel"])  # (the top first)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Synthetic Destiny)")
    settle(game)
    assert len(game.exile[0]) == 2 and theirs in game.battlefield
    assert len(on_battlefield(game, "Grizzly Bears")) == 1
    while game.step != "end" or game.stack:
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert len(on_battlefield(game, "Hill Giant")) == 1
    assert len(on_battlefield(game, "Llanowar Elves")) == 1
    assert sorted(game.name_of(c) for c in game.library[0]) == [
        "Island", "Island", "Island", "Serra Angel"]
    assert len(game.exile[0]) == 2  # the exiled cards stay exiled


# ------------- "it becomes foretold. its foretell cost is its mana cost reduced" (702.143)
def test_702_143_ethereal_valkyrie_foretells_a_card_for_its_mana_cost_less_2():
    game = blank()
    valkyrie = game.add_permanent("Ethereal Valkyrie", 0)
    giant = game.add_card("Hill Giant", 0)  # {3}{R}
    verdict = game.add_card("Iron Verdict", 0)  # its own foretell cost: {W}
    game.set_library(0, ["Island", "Island", "Island"])
    game.start_at("main1", 0, turn=1)
    to_combat(game)
    attack(game, valkyrie)
    finish_attacks(game)
    pass_to_decision(game, "bottom")  # drew a card; exile one face down
    assert len(game.hand[0]) == 3
    game.apply_action(A.hand(game.hand_slots(0).index(giant)))
    assert giant in game.exile[0] and game.foretold[giant] == 1
    assert game.observation_for(1)["exiles"][0] != ["Hill Giant"]  # face down
    game.hand[0].remove(verdict)  # (foretold by the ability as well, next)
    game.hand[0].append(verdict)
    game.foretell_from_hand(0, verdict, 2)
    game.turn += 1  # a later turn
    game.step = "main2"  # (its main phase)
    lands(game, 0, "Mountain", "Plains")
    game.priority = 0
    game.decision = {"kind": "priority", "player": 0}
    game._legal = None
    assert has(game, "(Hill Giant) foretold, for its mana cost reduced, from exile")
    # Iron Verdict {2}{W}: its own foretell cost {W} or its mana cost less {2}: {W}
    assert has(game, "(Iron Verdict) foretold, from exile")
    assert has(game, "(Iron Verdict) foretold, for its mana cost reduced, from exile")
    act(game, "(Hill Giant) foretold, for its mana cost reduced")  # {1}{R}
    settle(game)
    assert len(on_battlefield(game, "Hill Giant")) == 1
    assert giant not in game.foretold


# ---------- "if a permanent you control would be put into a graveyard ... this turn,
# exile it instead. return it ... at the beginning of the next end step" (614.6, 603.7)
def test_614_6_cosmic_intervention_exiles_what_would_die_and_returns_it_at_end_step():
    game = blank()
    game.add_card("Cosmic Intervention", 0)
    game.add_card("Murder", 0)
    game.add_card("Murder", 0)
    lands(game, 0, *["Plains"] * 4, *["Swamp"] * 6)
    visionary = game.add_permanent("Elvish Visionary", 0, counters={"+1/+1": 1})
    theirs = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Cosmic Intervention)")
    settle(game)
    act(game, "cast hand 0 (Murder)")
    target_perm(game, visionary)
    settle(game)
    assert visionary not in game.battlefield
    assert [game.name_of(c) for c in game.exile[0]] == ["Elvish Visionary"]
    assert "Elvish Visionary" not in [game.name_of(c) for c in game.graveyard[0]]
    act(game, "cast hand 0 (Murder)")
    target_perm(game, theirs)  # an opponent's creature: not theirs to save
    settle(game)
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Hill Giant"]
    hand = len(game.hand[0])
    while game.step != "end" or game.stack or game.pending_triggers:
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    back = on_battlefield(game, "Elvish Visionary")
    assert len(back) == 1 and not game.battlefield[back[0]].counters  # a new object
    assert game.exile[0] == [] and len(game.hand[0]) == hand + 1  # its enters trigger


# ------------- "for each foretold card you own in exile", "card with foretell" (702.143a)
def _sorcery(name: str, text: str) -> fx.CardDef:
    return custom("Divination", name, spell=fx.SpellAbility(effect(text)))


def test_702_143a_counting_foretold_cards_and_targeting_cards_with_foretell():
    assert effect("you gain 2 life for each foretold card you own in exile.") == \
        fx.GainLife(fx.Count("foretold", times=2))
    game = blank()
    game.add_card("Iron Verdict", 0)
    game.add_card("Saw It Coming", 0)
    game.add_card(_sorcery("Test Foretold Life",
                           "you gain 2 life for each foretold card you own in exile."), 0)
    game.add_card(_sorcery("Test Foretell Return", "return target card with foretell "
                                                   "from your graveyard to your hand."), 0)
    verdict = game.add_card("Iron Verdict", 0, "graveyard")
    game.add_card("Grizzly Bears", 0, "graveyard")
    lands(game, 0, *["Island"] * 10)
    game.start_at("main1", 0, turn=1)
    act(game, "foretell hand 0 (Iron Verdict)")
    act(game, "foretell hand 0 (Saw It Coming)")
    game.add_card("Grizzly Bears", 0, "exile")  # exiled, not foretold: not counted
    act(game, "(Test Foretold Life)")
    settle(game)
    assert game.life[0] == 24  # two foretold cards
    act(game, "(Test Foretell Return)")
    assert game.decision["kind"] == "target"
    assert len([a for a in game.legal_actions() if a != A.DONE]) == 1  # not the Bears
    game.apply_action(next(a for a in game.legal_actions() if a != A.DONE))
    settle(game)
    assert verdict not in game.graveyard[0]
    assert "Iron Verdict" in [game.name_of(c) for c in game.hand[0]]


# --------------- "the first card you foretell each turn costs {0} to foretell" (702.143a)
def test_702_143a_the_first_card_foretold_each_turn_is_free():
    line = "the first card you foretell each turn costs {0} to foretell."
    draft = Draft(set(), [], [], [])
    assert any(t(line, card_pool()["Grizzly Bears"], draft) for t in LINE_TEMPLATES)
    assert draft.statics == [fx.FirstForetellFree()]
    game = blank()
    game.add_permanent(custom("Grizzly Bears", "Test Foreteller",
                              statics=(fx.FirstForetellFree(),)), 0)
    for name in ("Iron Verdict", "Saw It Coming", "Warhorn Blast"):
        game.add_card(name, 0)
    lands(game, 0, "Plains", "Plains")
    game.start_at("main1", 0, turn=1)
    act(game, "foretell hand 0 (Iron Verdict)")  # the first: {0}
    assert not any(perm.tapped for perm in game.battlefield.values())
    act(game, "foretell hand 0 (Saw It Coming)")  # the second: {2}
    assert sum(perm.tapped for perm in game.battlefield.values()) == 2
    assert not has(game, "foretell hand 0 (Warhorn Blast)")  # no mana left


# ---------- "you may cast an instant or sorcery spell from your hand without paying
# its mana cost" (608.2g, 118.9)
def test_608_2g_omnispell_adept_casts_a_sorcery_from_the_hand_for_free():
    game = blank()
    adept = game.add_permanent("Omnispell Adept", 0)
    divination = game.add_card("Divination", 0)
    game.add_card("Hill Giant", 0)  # a creature: not offered
    game.add_card("Island", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.start_at("main1", 0)
    act(game, "Omnispell Adept")
    settle(game)
    assert game.decision["kind"] == "bottom" and game.decision["put"] == "cast_free"
    slots = game.hand_slots(0)
    assert sorted(game.legal_actions()) == sorted([A.hand(slots.index(divination)),
                                                   A.DONE])
    game.apply_action(A.hand(slots.index(divination)))
    settle(game)
    assert divination in game.graveyard[0] and game.battlefield[adept].tapped
    assert len(game.hand[0]) == 2 - 1 + 2 + 1  # Giant, Island, two drawn
    assert sum(perm.tapped for perm in game.battlefield.values()) == 4  # none for it


def test_608_2g_the_free_cast_may_be_declined():
    game = blank()
    game.add_permanent("Omnispell Adept", 0)
    game.add_card("Divination", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.start_at("main1", 0)
    act(game, "Omnispell Adept")
    settle(game)
    game.apply_action(A.DONE)
    settle(game)
    assert [game.name_of(c) for c in game.hand[0]] == ["Divination"]


# ---------- "reveal a <quality> card from your hand or pay {2}" (601.2b additional cost)
def _elementalist(lands_n: int, *hand: str):
    game = blank()
    game.add_card("Surtland Elementalist", 0)
    for name in hand:
        game.add_card(name, 0)
    lands(game, 0, *["Island"] * lands_n)
    game.start_at("main1", 0)
    return game


def test_601_2b_surtland_elementalist_reveals_a_giant_or_pays_2_more():
    extra = card("Surtland Elementalist").additional_cost
    assert extra.mana == cost("{2}") and extra.reveal_or.subtypes == {"Giant"}
    game = _elementalist(7)  # {5}{U}{U}: no Giant to reveal, no {2} more
    assert not has(game, "(Surtland Elementalist)")
    game = _elementalist(9)  # pays {2} more
    act(game, "(Surtland Elementalist)")
    settle(game)
    assert len(on_battlefield(game, "Surtland Elementalist")) == 1
    assert sum(perm.tapped for perm in game.battlefield.values()) == 9
    game = _elementalist(7, "Hill Giant")  # reveals the Giant: {5}{U}{U} only
    act(game, "(Surtland Elementalist)")
    settle(game)
    assert len(on_battlefield(game, "Surtland Elementalist")) == 1
    giant = next(c for c in game.hand[0])
    assert giant in game.public_hand  # revealed
    game = _elementalist(9, "Hill Giant")  # both ways: the caster chooses
    act(game, "(Surtland Elementalist)")
    assert game.decision["kind"] == "yesno" and game.decision["announce"] == "reveal"
    act(game, "pay the additional cost")
    settle(game)
    assert sum(perm.tapped for perm in game.battlefield.values()) == 9
    assert not game.public_hand


def test_608_2g_surtland_elementalist_attacks_and_casts_a_sorcery_free():
    game = blank()
    giant = game.add_permanent("Surtland Elementalist", 0)
    divination = game.add_card("Divination", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, giant)
    finish_attacks(game)
    pass_to_decision(game, "bottom")  # the attack trigger: which spell, or done
    game.apply_action(A.hand(game.hand_slots(0).index(divination)))
    settle(game)
    assert divination in game.graveyard[0] and len(game.hand[0]) == 2
