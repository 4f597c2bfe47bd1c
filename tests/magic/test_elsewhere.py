"""Playing and casting cards from outside the hand (rules 305.1, 601.3), more land plays
(305.2) and the top card of a library seen (401.5): scripted positions with real
cards."""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import act, blank, has, pass_until, settle


def courser_game(top: str, *, land_played: bool = False) -> tuple[MagicGame, int]:
    game = blank()
    game.add_permanent("Courser of Kruphix", 0)
    for _ in range(3):
        game.add_permanent("Forest", 0)
    ids = game.set_library(0, [top, "Island", "Island"])
    game.start_at("main1", 0)
    game.land_played = land_played
    game.lands_this_turn = int(land_played)
    game._legal = None
    return game, ids[0]


def test_305_1_a_land_is_played_from_the_top_of_the_library():
    # Courser of Kruphix: "you may play lands from the top of your library"; the
    # land enters, uses the land play, and Courser's landfall gains 1 life
    game, mountain = courser_game("Mountain")
    act(game, "play graveyard 0 (Mountain) from the top of the library")
    assert mountain in [p.card for p in game.battlefield.values()]
    assert mountain not in game.library[0]
    assert game.land_played
    settle(game)
    assert game.life[0] == 21
    play = next(e for e in game.events if e["type"] == "play_land")
    assert play["from"] == "library"


def test_305_2_the_top_land_needs_a_land_play_left():
    game, _ = courser_game("Mountain", land_played=True)
    assert not has(game, "graveyard 0")


def test_601_3_a_spell_on_top_is_not_castable_with_lands_only():
    # Courser lets its controller play lands from the top, not cast spells
    game, _ = courser_game("Grizzly Bears")
    assert not has(game, "graveyard")


def test_305_1_the_top_land_is_played_at_sorcery_timing_only():
    game, _ = courser_game("Mountain")
    game.add_card("Lightning Bolt", 0)
    game.add_permanent("Mountain", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    act(game, "player 1")
    # Lightning Bolt on the stack: no land plays (305.1: only with an empty stack)
    assert not has(game, "graveyard")


def test_401_5_the_revealed_top_card_is_seen_by_every_player():
    game, _ = courser_game("Mountain")
    for seat in (0, 1):
        assert game.observation_for(seat)["library_tops"] == ["Mountain", None]


def test_401_5_the_new_top_card_is_revealed_once_the_land_is_played():
    game, _ = courser_game("Mountain")
    act(game, "play graveyard 0 (Mountain)")
    assert game.observation_for(1)["library_tops"][0] == "Island"


def test_401_5_a_top_card_looked_at_is_seen_by_its_controller_only():
    # Sphinx of Jwar Isle: "you may look at the top card of your library any time"
    game = blank()
    game.add_permanent("Sphinx of Jwar Isle", 0)
    game.set_library(0, ["Grizzly Bears", "Island"])
    game.start_at("main1", 0)
    assert game.observation_for(0)["library_tops"][0] == "Grizzly Bears"
    assert game.observation_for(1)["library_tops"][0] is None


def test_401_5_determinize_keeps_a_revealed_top_card_in_place():
    game, _ = courser_game("Mountain")
    for seed in range(5):
        seen = game.determinize(1, np.random.default_rng(seed))
        assert seen.name_of(seen.library[0][-1]) == "Mountain"


def test_601_3_a_creature_spell_is_cast_from_the_top_of_the_library():
    # Garruk's Horde: "you may cast creature spells from the top of your library";
    # a sorcery on top is not offered
    game = blank()
    game.add_permanent("Garruk's Horde", 0)
    for _ in range(2):
        game.add_permanent("Forest", 0)
    bears, _ = game.set_library(0, ["Grizzly Bears", "Divination"])
    game.start_at("main1", 0)
    act(game, "cast graveyard 0 (Grizzly Bears) from the top of the library")
    settle(game)
    assert bears in [p.card for p in game.battlefield.values()]
    cast = next(e for e in game.events if e["type"] == "cast")
    assert cast["from"] == "library"
    assert not has(game, "graveyard")  # Divination is now on top: not a creature


def test_305_2_an_additional_land_on_each_of_your_turns():
    # Oracle of Mul Daya: two land plays each turn of its controller, from the hand
    # or from the top of the library
    game = blank()
    game.add_permanent("Oracle of Mul Daya", 0)
    game.add_card("Forest", 0)
    game.add_card("Forest", 0)
    game.set_library(0, ["Mountain", "Island"])
    game.start_at("main1", 0)
    act(game, "play hand 0 (Forest)")
    act(game, "play graveyard 0 (Mountain) from the top of the library")
    assert not has(game, "play hand")  # two land plays used
    assert not has(game, "graveyard")


def test_305_2_the_static_land_play_comes_before_an_effects():
    # Oracle's extra play and Explore's are two: three lands in all
    game = blank()
    game.add_permanent("Oracle of Mul Daya", 0)
    for _ in range(3):
        game.add_card("Forest", 0)
    game.start_at("main1", 0)
    game.extra_lands[0] = 1  # (as Explore resolved)
    for _ in range(3):
        act(game, "play hand 0 (Forest)")
    assert not has(game, "play hand")
    assert game.extra_lands[0] == 0


def test_305_2_no_extra_land_in_an_opponents_turn():
    game = blank()
    game.add_permanent("Oracle of Mul Daya", 1)
    game.start_at("main1", 0)
    assert not game.more_lands(1)


def test_601_3_gravecrawler_is_cast_from_the_graveyard_with_a_zombie():
    # Gravecrawler: "you may cast this from your graveyard as long as you control a
    # zombie"; it is an ordinary spell (not exiled) and enters from the stack
    game = blank()
    crawler = game.add_card("Gravecrawler", 0, "graveyard")
    game.add_permanent("Swamp", 0)
    game.start_at("main1", 0)
    assert not has(game, "graveyard")  # no zombie
    game.add_permanent("Gravecrawler", 0)
    game._legal = None
    act(game, "cast graveyard 0 (Gravecrawler) from the graveyard")
    settle(game)
    assert crawler in [p.card for p in game.battlefield.values()]
    cast = next(e for e in game.events if e["type"] == "cast")
    assert cast["from"] == "graveyard" and "alt" not in cast


# ------------------------------------------------ cards exiled to be played
def abbot_game(top: str) -> tuple[MagicGame, int]:
    # Abbot of Keral Keep: "when this enters, exile the top card of your library.
    # until end of turn, you may play that card."
    game = blank()
    game.add_card("Abbot of Keral Keep", 0)
    for _ in range(3):
        game.add_permanent("Mountain", 0)
    card = game.set_library(0, [top, "Island", "Island"])[0]
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Abbot of Keral Keep)")
    settle(game)
    return game, card


def test_601_3_a_spell_exiled_until_end_of_turn_is_cast_from_exile():
    game, bolt = abbot_game("Lightning Bolt")
    assert bolt in game.exile[0]
    assert any(e["type"] == "exiled_top" for e in game.events)
    act(game, "cast graveyard 0 (Lightning Bolt) from exile")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 17
    assert bolt in game.graveyard[0]  # an ordinary spell: its owner's graveyard
    cast = next(e for e in game.events if e["type"] == "cast" and
                e["card"] == "Lightning Bolt")
    assert cast["from"] == "exile"


def test_305_1_a_land_exiled_so_is_played_with_the_land_play():
    game, mountain = abbot_game("Mountain")
    act(game, "play graveyard 0 (Mountain) from exile")
    assert mountain in [p.card for p in game.battlefield.values()]
    assert mountain not in game.exile[0] and game.land_played


def test_514_2_the_permission_ends_with_the_turn():
    game, bolt = abbot_game("Lightning Bolt")
    assert game.play_grants
    pass_until(game, "upkeep")
    assert game.active == 1 and not game.play_grants
    assert bolt in game.exile[0]  # the card stays in exile, unplayable


def test_601_3_until_the_end_of_your_next_turn_lasts_through_that_turn():
    # Reckless Impulse: "exile the top two cards of your library. until the end of
    # your next turn, you may play those cards."
    game = blank()
    game.add_card("Reckless Impulse", 0)
    for _ in range(3):
        game.add_permanent("Mountain", 0)
    game.set_library(0, ["Mountain", "Lightning Bolt"] + ["Island"] * 5)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Reckless Impulse)")
    settle(game)
    assert len(game.play_grants) == 2
    pass_until(game, "upkeep")  # the opponent's turn: they last
    assert len(game.play_grants) == 2
    pass_until(game, "main1")
    while game.active != 0:
        pass_until(game, "upkeep")
    pass_until(game, "main1")
    assert len(game.play_grants) == 2  # its controller's next turn
    act(game, "play graveyard 0 (Mountain) from exile")
    pass_until(game, "upkeep")
    assert game.active == 1 and not game.play_grants


def test_607_2a_nightveil_specter_plays_the_cards_exiled_with_it():
    # Nightveil Specter: "whenever this deals combat damage to a player, that player
    # exiles the top card of their library. you may play lands and cast spells from
    # among cards exiled with this."
    game = blank()
    specter = game.add_permanent("Nightveil Specter", 0)
    forest = game.set_library(1, ["Forest", "Island"])[0]
    game.start_at("declare_attackers", 0)
    act(game, "attack with slot 0")
    act(game, "done")
    pass_until(game, "main2")
    assert forest in game.exile[1]
    assert game.exiled_with == [[specter, forest, 0]]
    observed = game.observation_for(1)["exiles"][1]
    assert observed == ["Forest"]  # exiled face up: public
    act(game, "play graveyard 0 (Forest) from exile")
    perm = next(p for p in game.battlefield.values() if p.card == forest)
    assert perm.controller == 0 and game.card_owner[forest] == 1


def test_607_2a_the_exiled_cards_need_the_permanent_that_exiled_them():
    game = blank()
    specter = game.add_permanent("Nightveil Specter", 0)
    game.set_library(1, ["Forest", "Island"])
    game.start_at("declare_attackers", 0)
    act(game, "attack with slot 0")
    act(game, "done")
    pass_until(game, "main2")
    assert has(game, "(Forest) from exile")
    game.destroy([specter])
    game._legal = None
    assert not has(game, "from exile")


# -------------------------------------------------------- looking and cycling
def test_701_20a_dark_confidant_reveals_and_loses_the_mana_value():
    # Dark Confidant: "at the beginning of your upkeep, reveal the top card of your
    # library and put that card into your hand. you lose life equal to its mana
    # value."
    game = blank()
    game.add_permanent("Dark Confidant", 0)
    wurm = game.set_library(0, ["Craw Wurm", "Island", "Island"])[0]
    game.start_at("upkeep", 0)
    settle(game)
    assert wurm in game.hand[0] and wurm in game.public_hand
    assert game.life[0] == 14  # Craw Wurm's mana value is 6
    assert any(e["type"] == "reveal_top" for e in game.events)


def test_701_20a_a_land_revealed_costs_no_life():
    game = blank()
    game.add_permanent("Dark Confidant", 0)
    game.set_library(0, ["Forest", "Island"])
    game.start_at("upkeep", 0)
    settle(game)
    assert game.life[0] == 20


def test_702_29e_basic_landcycling_finds_a_basic_land():
    # Ash Barrens: "basic landcycling {1}": {1}, discard this: search your library
    # for a basic land card, reveal it, put it into your hand, then shuffle
    game = blank()
    barrens = game.add_card("Ash Barrens", 0)
    game.add_permanent("Swamp", 0)
    game.set_library(0, ["Island", "Forest", "Island"])
    game.start_at("main1", 0)
    act(game, "activate hand 0 (Ash Barrens)")
    settle(game)
    assert barrens in game.graveyard[0]
    act(game, "Forest")
    assert [game.name_of(c) for c in game.hand[0]] == ["Forest"]
    assert any(e["type"] == "shuffle" for e in game.events)
