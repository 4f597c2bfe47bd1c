"""Characteristic-defining keywords and Kindred cards: devoid (702.114a: the object is
colorless), changeling (702.73a: the object is every creature type), the Kindred card
type (308: a non-creature card with creature types), and spells of a creature type in
cost changes ("Goblin spells you cast cost {1} less to cast", 601.2f). Each as compiled and
as the engine plays it."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import (
    act,
    blank,
    custom,
    has,
    lands,
    pool,
    settle,
    slot,
    target_perm,
)


def offered(game, pid) -> bool:
    return A.permanent(slot(game, pid)) in game.legal_actions()


def test_devoid_cards_compile_colorless():
    skimmer = pool("Silent Skimmer")  # {3}{B}, devoid, flying
    assert skimmer.colours == ()
    assert "flying" in skimmer.keywords
    # a card without devoid keeps its colour: the keyword, not the cost, decides
    assert pool("Vampire Nighthawk").colours == ("B",)


@pytest.mark.parametrize("spell, offered_skimmer", [
    ("Doom Blade", True),       # nonblack: a devoid black-costed creature is colorless
    ("Ultimate Price", False),  # monocolored: colorless is not one colour
])
def test_a_devoid_creature_is_colorless_to_removal(spell, offered_skimmer):
    game = blank()
    lands(game, 0, "Swamp", "Swamp")
    skimmer = game.add_permanent("Silent Skimmer", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card(spell, 0)
    game.start_at("main1", 0)
    act(game, spell)
    assert offered(game, skimmer) is offered_skimmer
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield


def test_changeling_is_every_creature_type():
    outcast = pool("Changeling Outcast")
    assert {"Shapeshifter", "Merfolk", "Goblin", "Elf", "Dragon"} <= set(outcast.subtypes)
    assert outcast.subtypes[0] == "Shapeshifter"  # its printed type first


def test_a_changeling_gets_a_lords_bonus():
    # Lord of Atlantis: "other Merfolk get +1/+1 and have islandwalk"
    game = blank()
    game.add_permanent("Lord of Atlantis", 0)
    outcast = game.add_permanent("Changeling Outcast", 1)  # 1/1, an opponent's: "other
    bears = game.add_permanent("Grizzly Bears", 1)         # Merfolk" is everyone's
    game.start_at("main1", 0)
    power, toughness, keywords = game.chars(outcast)
    assert (power, toughness) == (2, 2) and "islandwalk" in keywords
    assert game.chars(bears)[0] == 2 and "islandwalk" not in game.chars(bears)[2]


def test_kindred_cards_compile_with_their_creature_types():
    tarfire = pool("Tarfire")  # Kindred Instant - Goblin
    assert set(tarfire.types) == {"Kindred", "Instant"} and tarfire.subtypes == ("Goblin",)
    assert tarfire.instant_speed
    assert "Tarfire" in compiled_pool().supported


def test_tarfire_is_an_instant_that_deals_damage():
    game = blank()
    lands(game, 0, "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Tarfire", 0)
    game.start_at("upkeep", 0)  # an instant: cast in the upkeep
    act(game, "Tarfire")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield


def test_creature_type_spells_cost_less():
    warchief = pool("Goblin Warchief")  # "goblin spells you cast cost {1} less to cast"
    change = next(st for st in warchief.statics if type(st).__name__ == "CostChange")
    assert change.subtypes == {"Goblin"} and change.amount == -1 and change.whose == "you"
    # a Goblin creature and a Kindred Goblin instant of {1}{R} cost {R}; a Cat of
    # {1}{R} does not
    kindred = custom("Tarfire", "Test Kindred Goblin Bolt",
                     cost=pool("Goblin Piker").cost)
    for card, cheaper in (("Goblin Piker", True), (kindred, True),
                          ("Canyon Wildcat", False)):
        for with_warchief in (False, True):
            game = blank()
            lands(game, 0, "Mountain")
            if with_warchief:
                game.add_permanent("Goblin Warchief", 0)
            name = card if isinstance(card, str) else card.name
            game.add_card(card, 0)
            game.start_at("main1", 0)
            expected = with_warchief and cheaper
            assert has(game, f"({name})") is expected, (name, with_warchief)
