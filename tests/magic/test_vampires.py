"""Scripted positions for the mechanisms the Vampiric Bloodline precon (issue 30) needs
beyond its commander-minded cards (those are in tests/mazerunner/
test_commander_vampires.py). Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card
from magic.positions import act, blank, has, lands, settle


def on_battlefield(game, name: str) -> list[int]:
    return [pid for pid, perm in game.battlefield.items()
            if game.name_of(perm.card) == name]


# ------------------------------------------- 205.3m: a creature type names creatures
def test_205_3m_vampires_you_control_get_a_pump_until_end_of_turn():
    """Stromkirk Condemned's "discard a card: vampires you control get +1/+1 until end
    of turn" pumps every Vampire of its controller's, no other creature, no opponent's
    Vampire."""
    pump = card("Stromkirk Condemned").activated[0].effect
    assert pump == fx.Pump(1, 1, fx.Each(fx.Filter(subtypes=frozenset({"Vampire"}),
                                                   controller="you")))
    game = blank()
    condemned = game.add_permanent("Stromkirk Condemned", 0)
    vampire = game.add_permanent("Vampire Lacerator", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Vampire Lacerator", 1)
    game.add_card("Island", 0, "hand")
    game.add_card("Island", 0, "hand")
    game.start_at("main1", 0)
    act(game, "activate slot")
    act(game, "cost_discard hand 0 (Island)")
    settle(game)
    assert game.chars(condemned)[:2] == (3, 3)
    assert game.chars(vampire)[:2] == (3, 3)
    assert game.chars(bears)[:2] == (2, 2) and game.chars(theirs)[:2] == (2, 2)
    assert not has(game, "activate slot")  # activate only once each turn


def test_205_3m_bloodline_necromancer_returns_a_vampire_or_a_wizard_card():
    """"target vampire or wizard creature card from your graveyard": a creature card
    of either type; a creature card of neither is not a legal target (115.1)."""
    game = blank()
    game.add_card("Bloodline Necromancer", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp", "Swamp", "Swamp")
    game.add_card("Grizzly Bears", 0, "graveyard")
    game.add_card("Vampire Lacerator", 0, "graveyard")
    game.add_card("Prodigal Sorcerer", 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Bloodline Necromancer)")
    settle(game)
    assert not has(game, "(Grizzly Bears")
    assert has(game, "(Vampire Lacerator") and has(game, "(Prodigal Sorcerer")
    act(game, "(Prodigal Sorcerer")
    settle(game)
    if game.decision and game.decision["kind"] == "yesno":
        act(game, "yes")
        settle(game)
    assert on_battlefield(game, "Prodigal Sorcerer")
