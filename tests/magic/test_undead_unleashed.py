"""Scripted positions for the mechanisms the Undead Unleashed precon (issue 30) needs,
each on real cards from the pool: scaled amounts (107.1a: "twice x", "half ...,
rounded down"), and the rest of the deck's mechanisms below."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import act, blank, lands, on_battlefield, pass_to_decision, settle


# ------------------------------------------------------------- 107.1a scaled amounts
def test_scaled_amounts_compile():
    pool = compiled_pool().supported
    drown = pool["Drown in Dreams"].spell.effect
    assert drown.modes[1].count == fx.Scaled("X", times=2)
    ranks = pool["Endless Ranks of the Dead"].triggered[0].effect
    assert ranks.count.per == 2 and not ranks.count.up


def test_107_1a_twice_x_mills_twice_as_many_cards():
    """Drown in Dreams, X = 2, its mill mode: the target mills four cards."""
    game = blank()
    lands(game, 0, *["Island"] * 5)
    game.add_card("Drown in Dreams", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    act(game, "X = 2")
    act(game, "mode 1")
    act(game, "player 1")
    settle(game)
    assert len(game.graveyard[1]) == 4
    assert len(game.library[1]) == 6


def test_107_1a_half_the_number_rounded_down():
    """Endless Ranks of the Dead with five Zombies: two tokens (5 / 2, rounded down),
    counted as the trigger resolves (608.2h)."""
    game = blank()
    game.add_permanent("Endless Ranks of the Dead", 0)
    for _ in range(5):
        game.add_permanent("Walking Corpse", 0)
    game.start_at("upkeep", 0, turn=3)
    pass_to_decision(game, "priority")
    settle(game)
    assert len(on_battlefield(game, "Zombie Token")) == 2


# ------------------------------------------------- 701.21a "sacrificed this way"
def test_701_21a_tokens_for_each_creature_sacrificed_this_way():
    """Syphon Flesh in a three-player game: seat 1 sacrifices its only creature, seat
    2 controls none (102.3: each other player is an opponent), seat 0's own creature
    stays: one Zombie for the one creature sacrificed."""
    game = blank(players=3)
    lands(game, 0, *["Swamp"] * 5)
    mine = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Syphon Flesh", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    settle(game)
    assert theirs not in game.battlefield and mine in game.battlefield
    assert len(on_battlefield(game, "Zombie Token")) == 1
    assert compiled_pool().supported["Syphon Flesh"].spell.effect.steps[1].count == \
        "sacrificed_total"


# ------------------------------------- mass return, then destroy (Zombie Apocalypse)
def test_zombie_apocalypse_returns_zombies_tapped_then_destroys_humans():
    """608.2c: the Zombie cards return tapped, then every Human is destroyed (a
    non-Zombie creature card stays in the graveyard)."""
    game = blank()
    lands(game, 0, *["Swamp"] * 6)
    corpse = game.add_card("Walking Corpse", 0, "graveyard")
    bears = game.add_card("Grizzly Bears", 0, "graveyard")
    human = game.add_permanent("Elite Vanguard", 1)
    game.add_card("Zombie Apocalypse", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    settle(game)
    (zombie,) = on_battlefield(game, "Walking Corpse")
    assert game.battlefield[zombie].tapped
    assert bears in game.graveyard[0] and corpse not in game.graveyard[0]
    assert human not in game.battlefield


# --------------------------------------- 603.2 / 205.3m "whenever you cast a Zombie spell"
def test_603_2_a_cast_trigger_on_a_creature_type_spell():
    """Diregraf Colossus: casting Walking Corpse (a Zombie) makes a tapped Zombie;
    casting Grizzly Bears (a Bear) makes none. It entered with a +1/+1 counter for
    the Zombie card in the graveyard."""
    game = blank()
    game.add_card("Walking Corpse", 0, "graveyard")
    lands(game, 0, *["Swamp"] * 6, "Forest", "Forest")
    game.add_card("Diregraf Colossus", 0)
    game.add_card("Walking Corpse", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "(Diregraf Colossus)")
    settle(game)
    (colossus,) = on_battlefield(game, "Diregraf Colossus")
    assert game.battlefield[colossus].counters.get("+1/+1") == 1
    act(game, "(Walking Corpse)")
    settle(game)
    (token,) = on_battlefield(game, "Zombie Token")
    assert game.battlefield[token].tapped
    act(game, "(Grizzly Bears)")
    settle(game)
    assert len(on_battlefield(game, "Zombie Token")) == 1
    trigger = compiled_pool().supported["Diregraf Colossus"].triggered[0].trigger
    assert trigger.subject.subtypes == {"Zombie"} and not trigger.subject.types


# ------------------------------------------ 608.2d "choose a creature type" as it resolves
def test_608_2d_a_creature_type_chosen_as_a_spell_resolves():
    """Distant Melody with two Zombies and a Bear: the controller chooses among the
    creature types in sight (Zombie first, the commonest); choosing Zombie draws two
    cards; the Bear is not counted."""
    game = blank()
    lands(game, 0, *["Island"] * 4)
    game.add_permanent("Walking Corpse", 0)
    game.add_permanent("Walking Corpse", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.add_card("Distant Melody", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    pass_to_decision(game, "choose")
    assert game.decision["options"] == ["Zombie", "Bear"]
    act(game, "mode 0")
    settle(game)
    assert len(game.hand[0]) == 2
    assert game.events[-3]["chosen"] == "Zombie"


def test_choose_a_creature_type_compiles_on_the_counted_filter():
    pool = compiled_pool().supported
    for name in ("Distant Melody", "Luminescent Rain", "Outbreak", "Roar of the Crowd",
                 "Harmonized Crescendo"):
        steps = pool[name].spell.effect.steps
        assert steps[0] == fx.ChooseType(), name
    melody = pool["Distant Melody"].spell.effect.steps[1]
    assert "chosen_type" in melody.count.filter.props


# ------------------------------- 303.4 "whenever a land enchanted player controls enters"
def test_303_4_a_land_the_enchanted_player_controls_entering_triggers_the_curse():
    """Curse of the Restless Dead on seat 1: seat 1's land entering makes seat 0 a
    decayed Zombie (702.147); seat 0's own land does not."""
    game = blank()
    lands(game, 0, *["Swamp"] * 3)
    game.add_card("Curse of the Restless Dead", 0)
    game.add_card("Swamp", 0)
    game.add_card("Swamp", 1)
    game.start_at("main1", 0)
    act(game, "Curse of the Restless Dead")
    act(game, "player 1")
    settle(game)
    act(game, "play hand 0 (Swamp)")
    settle(game)
    assert not on_battlefield(game, "Zombie Token")
    game.start_at("main1", 1, turn=3)
    act(game, "play hand 0 (Swamp)")
    settle(game)
    (token,) = on_battlefield(game, "Zombie Token")
    assert game.battlefield[token].controller == 0
    assert "decayed" in game.keywords(token)


# ------------------------- 701.9a "discard all the cards in your hand. if you do, draw"
def test_701_9a_discard_the_hand_then_draw_that_many():
    """Forgotten Creation at its controller's upkeep: yes discards the three cards in
    hand and draws three (the cards discarded this way)."""
    game = blank()
    game.add_permanent("Forgotten Creation", 0)
    for name in ("Grizzly Bears", "Lightning Bolt", "Swamp"):
        game.add_card(name, 0)
    game.start_at("upkeep", 0, turn=3)
    pass_to_decision(game, "yesno")
    act(game, "yes")
    for _ in range(3):  # (701.9a: the cards are discarded one by one, all of them)
        act(game, "discard hand 0")
    settle(game)
    assert len(game.graveyard[0]) == 3
    assert [game.name_of(c) for c in game.hand[0]] == ["Island"] * 3
