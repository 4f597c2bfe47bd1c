"""Scripted positions for the refused cards of the Undead Unleashed precon made playable
on branch undeadA: each owner's choice of the top or bottom of their library (401.4,
Aetherspouts, Trip Up). Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    can_block,
    creature,
    lands,
    on_battlefield,
    pass_until,
    settle,
    target_perm,
    to_blocks,
    to_combat,
)


# ------------------------------------------------- 401.4 owner's choice: top or bottom
def test_owner_chooses_top_or_bottom_compiles():
    pool = compiled_pool().supported
    spouts = pool["Aetherspouts"].spell.effect
    assert isinstance(spouts, fx.PutOnLibrary) and spouts.owner_chooses
    assert isinstance(spouts.what, fx.Each) and "attacking" in spouts.what.filter.props
    trip = pool["Trip Up"].spell.effect
    assert isinstance(trip, fx.PutOnLibrary) and isinstance(trip.what, fx.Target)


def _spouts_position():
    """Seat 1 attacks seat 0 with Grizzly Bears and Hill Giant (its own) and a Walking
    Corpse it took from seat 0; seat 0 casts Aetherspouts in the declare-attackers
    step. A Scathe Zombies of seat 1 stays home."""
    game = blank(library=3)
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    corpse = game.add_permanent("Walking Corpse", 0)
    home = game.add_permanent("Scathe Zombies", 1)
    game.gain_control(corpse, 1, False)
    game.battlefield[corpse].sick = False
    lands(game, 0, *["Island"] * 5)
    game.add_card("Aetherspouts", 0)
    game.start_at("main1", 1, turn=2)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    for pid in (bears, giant, corpse):
        attack(game, pid)
    game.apply_action(A.DONE)
    game.apply_action(A.PASS)  # seat 1 passes priority in declare attackers
    assert game.decision["player"] == 0
    act(game, "cast hand 0 (Aetherspouts)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    return game, bears, giant, corpse, home


def test_aetherspouts_each_owner_chooses_for_each_attacker_and_orders_them():
    game, bears, giant, corpse, home = _spouts_position()
    cards = {pid: game.battlefield[pid].card for pid in (bears, giant, corpse)}
    # 101.4: the active player (seat 1) chooses first, one creature at a time
    d = game.decision
    assert d["kind"] == "yesno" and d["player"] == 1 and d["to_bottom"] == bears
    act(game, "put Grizzly Bears on top")
    assert game.decision["to_bottom"] == giant and game.decision["player"] == 1
    act(game, "put Hill Giant on top")
    # seat 0 owns the Walking Corpse seat 1 controls: its owner chooses
    assert game.decision["to_bottom"] == corpse and game.decision["player"] == 0
    act(game, "put Walking Corpse on the bottom")
    # 401.4: two cards go on top of seat 1's library at once: its owner orders them
    assert game.decision["kind"] == "look" and game.decision["player"] == 1
    act(game, "(Grizzly Bears) back on top")  # then Hill Giant above it
    settle(game)
    assert home in game.battlefield
    assert not any(pid in game.battlefield for pid in (bears, giant, corpse))
    assert game.library[1][-2:] == [cards[bears], cards[giant]]
    assert game.library[0][0] == cards[corpse]
    assert len(game.library[0]) == 4 and len(game.library[1]) == 5
    assert not game.attackers


def test_aetherspouts_several_to_the_bottom_are_ordered_by_their_owner():
    game, bears, giant, corpse, _ = _spouts_position()
    cards = {pid: game.battlefield[pid].card for pid in (bears, giant, corpse)}
    act(game, "put Grizzly Bears on the bottom")
    act(game, "put Hill Giant on the bottom")
    act(game, "put Walking Corpse on top")
    assert game.decision["kind"] == "look" and game.decision["player"] == 1
    act(game, "(Hill Giant) on the bottom")  # first to the bottom, then the Bears
    settle(game)
    assert game.library[1][:2] == [cards[bears], cards[giant]]
    assert game.library[0][-1] == cards[corpse]
    assert len(game.library[1]) == 5


def test_trip_up_its_owner_chooses():
    game = blank(library=3)
    giant = game.add_permanent("Hill Giant", 1)
    lands(game, 0, *["Island"] * 4)
    game.add_card("Trip Up", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Trip Up)")
    target_perm(game, giant)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["kind"] == "yesno" and game.decision["player"] == 1
    card = game.battlefield[giant].card
    act(game, "put Hill Giant on the bottom")
    settle(game)
    assert giant not in game.battlefield and game.library[1][0] == card


# ------------------------------------------- 707.9b token copies of cards exiled this way
def test_hour_of_eternity_compiles_with_a_set_creature_type():
    effect = compiled_pool().supported["Hour of Eternity"].spell.effect
    exile, copy = effect.steps
    assert isinstance(exile, fx.MoveCards) and exile.dest == "exile"
    assert exile.what.count == "X"
    assert copy == fx.CopyToken(fx.Ref("that_card"), fx.CopyExtras(
        subtypes=("Zombie",), colours=("B",), power=4, toughness=4, set_subtypes=True))
    # eternalize stays "a Zombie in addition to its other types" (702.129a)
    eternal = compiled_pool().supported["Adorned Pouncer"].activated[0].effect
    assert not eternal.extras.set_subtypes


def cast_hour_of_eternity(game: MagicGame, *targets: str) -> None:
    """Seat 0 (seven Islands) casts Hour of Eternity with X = len(targets) at those
    graveyard cards, in that order, from main 1, and it resolves."""
    lands(game, 0, *["Island"] * 7)
    game.add_card("Hour of Eternity", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Hour of Eternity)")
    act(game, f"X = {len(targets)}")
    for name in targets:
        act(game, f"({name}")
    settle(game)


def test_hour_of_eternity_makes_4_4_black_zombie_copies_of_the_exiled_cards():
    game = blank()
    angel = game.add_card("Serra Angel", 0, "graveyard")
    elves = game.add_card("Llanowar Elves", 0, "graveyard")
    game.add_card("Hill Giant", 0, "graveyard")  # not targeted: stays
    cast_hour_of_eternity(game, "Serra Angel", "Llanowar Elves")
    assert angel in game.exile[0] and elves in game.exile[0]
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Hill Giant",
                                                           "Hour of Eternity"]
    tokens = {game.name_of(game.battlefield[pid].card): pid
              for pid in on_battlefield(game, "Serra Angel")
              + on_battlefield(game, "Llanowar Elves")}
    assert set(tokens) == {"Serra Angel", "Llanowar Elves"}
    for pid in tokens.values():
        d = game.pdef(pid)
        assert game.card_token[game.battlefield[pid].card]
        assert d.subtypes == ("Zombie",)  # not an Angel / Elf Druid any more (205.1a)
        assert d.colours == ("B",) and d.types == ("Creature",)
        assert game.chars(pid)[:2] == (4, 4)
    angel_token = game.pdef(tokens["Serra Angel"])
    assert angel_token.mana_value == 5  # it keeps its mana cost
    assert "flying" in game.keywords(tokens["Serra Angel"])


# ----------------------------- a card chosen in each player's graveyard (not a target)
def test_ghouls_night_out_compiles_to_a_choice_per_graveyard():
    effect = compiled_pool().supported["Ghouls' Night Out"].spell.effect
    assert isinstance(effect, fx.EachGraveyardChoice)
    assert effect.filter.types == {"Creature"}
    becomes = effect.becomes
    assert becomes.subtypes == ("Zombie",) and becomes.colours == ("B",)
    assert becomes.in_addition and becomes.lasting
    assert becomes.keywords == ("decayed",) and len(becomes.abilities) == 1


def _ghouls_night_out():
    """Seat 0 casts Ghouls' Night Out: two creature cards in its graveyard (it chooses
    Hill Giant), one in seat 1's (Serra Angel, with a Lightning Bolt)."""
    game = blank()
    game.add_card("Grizzly Bears", 0, "graveyard")
    giant = game.add_card("Hill Giant", 0, "graveyard")
    angel = game.add_card("Serra Angel", 1, "graveyard")
    game.add_card("Lightning Bolt", 1, "graveyard")
    lands(game, 0, *["Swamp"] * 5)
    game.add_card("Ghouls' Night Out", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Ghouls' Night Out)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    d = game.decision
    assert d["kind"] == "hand_choice" and d["player"] == 0 and d["grave_choice"] == 0
    assert game.looking_at(0) == game.graveyard[0][:2]
    act(game, "(Hill Giant) of player 0")  # seat 1's graveyard: one choice, no ask
    settle(game)
    return game, giant, angel


def test_ghouls_night_out_puts_the_chosen_cards_under_your_control_as_decayed_zombies():
    game, giant, angel = _ghouls_night_out()
    (g,) = on_battlefield(game, "Hill Giant")
    (a,) = on_battlefield(game, "Serra Angel")
    assert game.battlefield[g].card == giant and game.battlefield[a].card == angel
    assert game.battlefield[a].controller == 0 and game.card_owner[angel] == 1
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Grizzly Bears",
                                                           "Ghouls' Night Out"]
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Lightning Bolt"]
    angel_now = game.pdef(a)
    assert set(angel_now.subtypes) == {"Angel", "Zombie"}  # in addition (205.1b)
    assert set(angel_now.colours) == {"W", "B"}  # in addition (105.3)
    assert set(game.pdef(g).colours) == {"R", "B"}
    assert "decayed" in game.keywords(a) and "flying" in game.keywords(a)
    # 702.147a: it can't block
    attacker = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 1, turn=3)
    to_blocks(game, attacker)
    assert not can_block(game, a, attacker)


def test_ghouls_night_out_creature_is_sacrificed_at_end_of_combat_after_attacking():
    game, giant, _ = _ghouls_night_out()
    (g,) = on_battlefield(game, "Hill Giant")
    game.battlefield[g].sick = False  # (as on seat 0's next turn)
    game.start_at("main1", 0, turn=3)
    to_combat(game)
    attack(game, g)
    game.apply_action(A.DONE)
    pass_until(game, "combat_damage")
    assert g in game.battlefield
    pass_until(game, "end_of_combat")
    settle(game)
    assert g not in game.battlefield and giant in game.graveyard[0]


def test_a_graveyard_choice_pages_through_more_than_16_kinds_of_cards():
    game = blank()
    made = [game.add_card(creature(f"Ghoul {i}", 1, 1), 1, "graveyard") for i in range(17)]
    lands(game, 0, *["Swamp"] * 5)
    game.add_card("Ghouls' Night Out", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Ghouls' Night Out)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["grave_choice"] == 1 and len(game.looking_at(0)) == 16
    act(game, "next page of cards")
    assert game.looking_at(0) == [made[16]]
    act(game, "(Ghoul 16) of player 1")
    settle(game)
    assert on_battlefield(game, "Ghoul 16") and len(game.graveyard[1]) == 16


# ------------------- 601.2b/601.2f an additional cost of any number of graveyard cards
def test_gorex_compiles_its_optional_exile_cost_and_random_return():
    gorex = compiled_pool().supported["Gorex, the Tombshell"]
    (extra,) = [s for s in gorex.statics if isinstance(s, fx.AdditionalCost)]
    assert extra.cost.exile_any.types == {"Creature"} and extra.cost.exile_any_less == 2
    events = sorted(t.trigger.event for t in gorex.triggered)
    assert events == ["attacks", "dies"]
    for t in gorex.triggered:
        assert t.effect == fx.MoveCards(fx.Ref("exiled_with_this"), "hand", at_random=1)


def _cast_gorex():
    """Seat 0 (four Swamps) casts Gorex, exiling Grizzly Bears and Hill Giant from its
    graveyard ({2} less each); Serra Angel and a Lightning Bolt stay there."""
    game = blank()
    bears = game.add_card("Grizzly Bears", 0, "graveyard")
    giant = game.add_card("Hill Giant", 0, "graveyard")
    angel = game.add_card("Serra Angel", 0, "graveyard")
    game.add_card("Lightning Bolt", 0, "graveyard")
    swamps = lands(game, 0, *["Swamp"] * 4)
    game.add_card("Gorex, the Tombshell", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Gorex, the Tombshell)")  # castable: up to {6} less
    d = game.decision
    assert d["kind"] == "hand_choice" and "cost_exile" in d
    assert game.looking_at(0) == [bears, giant, angel]  # creature cards only
    assert A.DONE not in game.legal_actions()  # {6}{B}{B} with four Swamps: no
    act(game, "exile card 0 (Grizzly Bears)")
    assert A.DONE not in game.legal_actions()  # {4}{B}{B}: still no
    act(game, "exile card 0 (Hill Giant)")
    assert game.looking_at(0) == [angel]
    act(game, "done: exile no more")  # {2}{B}{B}
    settle(game)
    assert all(game.battlefield[s].tapped for s in swamps)
    assert bears in game.exile[0] and giant in game.exile[0]
    assert angel in game.graveyard[0]
    (gorex,) = on_battlefield(game, "Gorex, the Tombshell")
    return game, gorex, {bears, giant}


def test_gorex_attacking_returns_a_card_exiled_with_it_at_random():
    game, gorex, exiled = _cast_gorex()
    game.battlefield[gorex].sick = False
    game.start_at("main1", 0, turn=3)
    to_combat(game)
    attack(game, gorex)
    game.apply_action(A.DONE)
    settle(game)
    (back,) = [c for c in exiled if c in game.hand[0]]
    (other,) = exiled - {back}
    assert other in game.exile[0]
    # it dies: the last card exiled with it returns too (it looks back, 603.10a)
    game.add_card("Murder", 1)
    lands(game, 1, "Swamp", "Swamp", "Swamp")
    pass_until(game, "main2")
    game.start_at("main1", 1, turn=4)
    act(game, "cast hand 0 (Murder)")
    target_perm(game, gorex)
    settle(game)
    assert gorex not in game.battlefield
    assert other in game.hand[0] and back in game.hand[0]


def test_gorex_with_enough_mana_may_exile_nothing():
    game = blank()
    game.add_card("Grizzly Bears", 0, "graveyard")
    lands(game, 0, *["Swamp"] * 8)
    game.add_card("Gorex, the Tombshell", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Gorex, the Tombshell)")
    act(game, "done: exile no more")
    settle(game)
    assert on_battlefield(game, "Gorex, the Tombshell")
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Grizzly Bears"]


def test_hour_of_eternity_tokens_enter_at_once_and_see_each_other():
    game = blank()
    game.add_card("Serra Angel", 0, "graveyard")
    game.add_card("Soul Warden", 0, "graveyard")
    cast_hour_of_eternity(game, "Serra Angel", "Soul Warden")  # the Warden's second
    assert len(on_battlefield(game, "Soul Warden")) == 1
    assert game.life[0] == 21  # it saw the Angel's token enter with it (603.6a)
