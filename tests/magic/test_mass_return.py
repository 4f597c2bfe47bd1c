"""Every card of a quality moved out of graveyards at once (no target, 115.1; entering
the battlefield at the same time, 603.6a; under the control of the player putting them
there, 110.2a): scripted positions with real cards, and the cards the template
unlocks."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.compiled import card, reason
from magic.positions import act, blank, lands, settle, slot

CREATURES = fx.Filter(types=frozenset({"Creature"}))


def _on_battlefield(game, card_id: int) -> int | None:
    return next((pid for pid, p in game.battlefield.items() if p.card == card_id), None)


def test_115_1_the_template_reads_mass_returns_of_real_cards():
    assert card("Liliana Vess").activated[2].effect == fx.MoveCards(
        fx.GraveyardCards(CREATURES, "any"), "battlefield", "you")
    assert card("Immortal Servitude").spell.effect == fx.MoveCards(
        fx.GraveyardCards(CREATURES, "you", "X"), "battlefield", "owner")
    human = fx.Filter(types=frozenset({"Creature"}), subtypes=frozenset({"Human"}))
    angel = card("Angel of Glory's Rise").triggered[0].effect
    assert angel.steps[1] == fx.MoveCards(fx.GraveyardCards(human), "battlefield",
                                          "owner")
    assert card("Planar Birth").spell.effect == fx.MoveCards(
        fx.GraveyardCards(fx.Filter(types=frozenset({"Land"}),
                                    props=frozenset({"basic"})), "any"),
        "battlefield", "owner", tapped=True)
    assert card("Crystal Chimes").activated[0].effect == fx.MoveCards(
        fx.GraveyardCards(fx.Filter(types=frozenset({"Enchantment"}))), "hand")
    supported = compiled_pool().supported
    for name in ("Liliana Vess", "Immortal Servitude", "Angel of Glory's Rise",
                 "Rise of the Dark Realms", "Splendid Reclamation", "Zombie Apocalypse",
                 "World Shaper", "Lumra, Bellow of the Woods", "Knights' Charge",
                 "Planar Birth", "Crystal Chimes", "Return of the Nightstalkers"):
        assert name in supported, name


def test_303_4f_aura_cards_returned_to_the_battlefield_stay_refused():
    # Replenish would put Auras onto the battlefield with a choice of what they
    # enchant (303.4f): not played, so the card is refused, not half played
    unsupported = compiled_pool().unsupported
    assert "303.4f" in unsupported["Replenish"]
    assert "Replenish" not in compiled_pool().supported
    assert reason("Karn Liberated")  # (still refused: see the report)


def test_110_2a_liliana_vess_puts_every_graveyards_creatures_under_your_control():
    game = blank()
    liliana = game.add_permanent("Liliana Vess", 0, counters={"loyalty": 8})
    mine = game.add_card("Grizzly Bears", 0, "graveyard")
    theirs = game.add_card("Hill Giant", 1, "graveyard")
    bolt = game.add_card("Lightning Bolt", 1, "graveyard")
    walker = game.battlefield[liliana].card
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, liliana)} (Liliana Vess) ability 2")
    settle(game)
    for c in (mine, theirs):
        pid = _on_battlefield(game, c)
        assert pid is not None and game.battlefield[pid].controller == 0
    assert game.card_owner[theirs] == 1  # owned by its owner still (108.3)
    assert game.graveyard[1] == [bolt]  # not a creature card: stays
    assert game.graveyard[0] == [walker]  # Liliana herself (704.5i), no creature


def test_608_2h_immortal_servitude_returns_only_the_chosen_mana_value():
    game = blank()
    lands(game, 0, "Plains", "Swamp", "Swamp", "Swamp", "Swamp")
    bears = game.add_card("Grizzly Bears", 0, "graveyard")  # mana value 2
    giant = game.add_card("Hill Giant", 0, "graveyard")  # mana value 4
    knight = game.add_card("Knight of Meadowgrain", 0, "graveyard")  # 2
    theirs = game.add_card("Grizzly Bears", 1, "graveyard")
    game.add_card("Immortal Servitude", 0)
    game.start_at("main1", 0)
    act(game, "Immortal Servitude")
    # X announced as it is cast (601.2b)
    act(game, "X = 2")
    settle(game)
    assert _on_battlefield(game, bears) is not None
    assert _on_battlefield(game, knight) is not None
    assert _on_battlefield(game, giant) is None and giant in game.graveyard[0]
    assert theirs in game.graveyard[1]  # only your graveyard


def test_603_6a_cards_returned_together_see_each_other_enter():
    """Two Soul Wardens ("whenever another creature enters, you gain 1 life") returned
    by one mass return enter at once: each sees the other, so two triggers."""
    game = blank()
    lands(game, 0, "Plains", "Swamp", "Swamp", "Swamp", "Swamp")
    for _ in range(2):
        game.add_card("Soul Warden", 0, "graveyard")
    game.add_card("Immortal Servitude", 0)
    game.start_at("main1", 0)
    act(game, "Immortal Servitude")
    act(game, "X = 1")
    settle(game)
    assert game.life[0] == 22


def test_angel_of_glorys_rise_exiles_zombies_then_returns_humans():
    game = blank()
    zombie = game.add_permanent("Walking Corpse", 1)
    human = game.add_card("Elite Vanguard", 0, "graveyard")
    other = game.add_card("Hill Giant", 0, "graveyard")  # a Giant, not a Human
    lands(game, 0, *["Plains"] * 7)
    game.add_card("Angel of Glory's Rise", 0)
    game.start_at("main1", 0)
    act(game, "Angel of Glory's Rise")
    settle(game)
    assert zombie not in game.battlefield
    assert _on_battlefield(game, human) is not None
    assert other in game.graveyard[0]
