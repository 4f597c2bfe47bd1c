"""Scripted positions for choices made as a permanent enters (614.12c, remembered on
the permanent for its linked abilities, 607.2) and a colour chosen as a spell
resolves: the Thriving lands, True-Name Nemesis's protection from the chosen player
(702.16), the Sieges' khans or dragons, Brave the Elements. Real cards of the pool."""

from __future__ import annotations

import json

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame
from labyrinth_gym.envs.magic.prose import MagicNarrator
from magic.compiled import card
from magic.positions import (
    act,
    attack,
    blank,
    can_block,
    finish_attacks,
    has,
    lands,
    pass_until,
    settle,
    slot,
    to_combat,
)

TNN = "True-Name Nemesis"


def _choose(game: MagicGame, option: str) -> None:
    assert game.decision["kind"] == "choose", game.decision
    game.apply_action(A.mode(game.decision["options"].index(option)))


# ----------------------------------------------------------- colours, 614.12c
def test_614_12c_thriving_heath_enters_tapped_and_a_colour_other_than_white():
    game = blank()
    game.add_card("Thriving Heath", 0)
    game.start_at("main1", 0)
    act(game, "play hand 0 (Thriving Heath)")
    assert game.decision["kind"] == "choose"
    assert game.decision["options"] == ["U", "B", "R", "G"]  # (not white)
    _choose(game, "B")
    heath = next(pid for pid, p in game.battlefield.items()
                 if game.name_of(p.card) == "Thriving Heath")
    assert game.battlefield[heath].tapped and game.battlefield[heath].chosen == "B"
    game.battlefield[heath].tapped = False
    game._legal = None
    sources = {s.pid: set(s.colours) for s in game._sources(0)}
    assert sources[heath] == {"W", "B"}
    view = next(v for v in game.observation_for(1)["battlefield"] if v["id"] == heath)
    assert view["chosen"] == "B"  # (public)
    back = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert back.battlefield[heath].chosen == "B"


def test_614_12c_citadel_gate_chooses_as_it_enters_on_its_own_line():
    game = blank()
    gate = game.add_permanent("Citadel Gate", 0)
    game.start_at("main1", 0)
    assert "W" not in game.decision["options"]
    _choose(game, "G")
    assert {s.pid: set(s.colours) for s in game._sources(0)}[gate] == {"W", "G"}


# --------------------------------------------- protection from a player, 702.16
def _nemesis(game: MagicGame, chooser_relative: int = 1) -> int:
    lands(game, 0, "Island", "Island", "Island")
    game.add_card(TNN, 0)
    game.start_at("main1", 0)
    act(game, f"cast hand 0 ({TNN})")
    settle(game)
    assert game.decision["kind"] == "choose" and game.decision["what"] == "player"
    assert set(game.legal_actions()) == {A.player(0), A.player(1)}
    game.apply_action(A.player(chooser_relative))
    return next(pid for pid, p in game.battlefield.items()
                if game.name_of(p.card) == TNN)


def test_702_16_true_name_nemesis_chosen_player_cant_target_block_or_damage_it():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Lightning Bolt", 1)
    lands(game, 1, "Mountain")
    nemesis = _nemesis(game)
    assert game.battlefield[nemesis].chosen == "1"
    chosen = [e for e in game.events if e["type"] == "chosen"][-1]
    assert chosen["what"] == "player"
    told = MagicNarrator(0).describe(chosen)
    assert told == f"You choose seat 1 for {TNN}.", told
    game.battlefield[nemesis].sick = False
    to_combat(game)
    attack(game, nemesis)
    finish_attacks(game)
    assert game.decision["player"] == 1
    assert not can_block(game, bears, nemesis)  # (702.16f)
    # the chosen player's spell can't target it (702.16b): only seat 0 is offered
    game.apply_action(A.DONE)
    while game.decision["player"] != 1:
        game.apply_action(A.PASS)
    act(game, "cast hand 0 (Lightning Bolt)")
    assert A.permanent(slot(game, nemesis)) not in game.legal_actions()
    assert A.permanent(slot(game, bears)) in game.legal_actions()


def test_702_16_damage_from_the_chosen_players_sources_is_prevented():
    """Blocking the chosen player's 2/2, True-Name Nemesis (3/1) takes no damage and
    kills it (702.16e)."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    nemesis = _nemesis(game)
    pass_until(game, "end")
    for _ in range(60):
        if game.active == 1 and game.decision["kind"] == "attack":
            break
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    attack(game, bears)
    finish_attacks(game)
    act(game, "Nemesis")
    act(game, "Grizzly Bears")
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert nemesis in game.battlefield and game.battlefield[nemesis].damage == 0
    assert bears not in game.battlefield


def test_702_16_choosing_yourself_leaves_the_opponent_free_to_target_it():
    game = blank()
    game.add_card("Lightning Bolt", 1)
    lands(game, 1, "Mountain")
    nemesis = _nemesis(game, chooser_relative=0)
    assert game.battlefield[nemesis].chosen == "0"
    while game.decision["player"] != 1 or not has(game, "Lightning Bolt"):
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    act(game, "cast hand 0 (Lightning Bolt)")
    assert A.permanent(slot(game, nemesis)) in game.legal_actions()


# ------------------------------------------------- khans or dragons, 614.12c
def test_614_12c_outpost_siege_khans_exiles_at_upkeep_and_dragons_never_triggers():
    game = blank()
    game.set_library(0, ["Mountain", "Forest", "Island"])
    siege = game.add_permanent("Outpost Siege", 0)
    doomed = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    assert game.decision["options"] == ["khans", "dragons"]
    _choose(game, "khans")
    assert game.battlefield[siege].chosen == "khans"
    game.sacrifice_chosen([doomed], "graveyard")  # a creature leaves: no dragons
    assert not game.pending_triggers
    game.start_at("upkeep", 0, turn=3)
    settle(game)
    assert [game.name_of(c) for c in game.exile[0]] == ["Mountain"]
    pass_until(game, "main1")
    assert has(game, "Mountain")  # (it may be played this turn)


def test_614_12c_outpost_siege_dragons_pings_when_a_creature_leaves():
    game = blank()
    game.set_library(0, ["Mountain", "Forest", "Island"])
    game.add_permanent("Outpost Siege", 0)
    doomed = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    _choose(game, "dragons")
    game.sacrifice_chosen([doomed], "graveyard")
    assert [t["index"] for t in game.pending_triggers] == [1]
    game.apply_action(A.PASS)
    assert game.decision["kind"] == "target"
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 19
    game.start_at("upkeep", 0, turn=3)
    settle(game)
    assert not game.exile[0] and not game.stack


# -------------------------------------------- a spell's chosen colour, 702.16
def test_702_16_brave_the_elements_gives_white_creatures_the_chosen_protection():
    game = blank()
    knight = game.add_permanent("White Knight", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, "Plains")
    game.add_card("Brave the Elements", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Brave the Elements)")
    settle(game)
    assert game.decision["kind"] == "choose"
    _choose(game, "protection from red")
    settle(game)
    assert "protection from red" in game.keywords(knight)
    assert "protection from red" not in game.keywords(bears)


# -------------------------------------------------------------- compile tests
def test_compiles_the_cards_these_choices_unlock():
    heath = card("Thriving Heath")
    assert fx.ChooseAsEnters("color", "W") in heath.statics
    assert fx.EntersTapped() in heath.statics
    assert heath.activated[0].effect == fx.AddMana(("W", "chosen"))
    for name in ("Thriving Bluff", "Thriving Grove", "Thriving Isle", "Thriving Moor",
                 "Citadel Gate", "Uncharted Haven", "Crossroads Village",
                 "Palace Siege", "Akroma's Blessing"):
        card(name)
    nemesis = card(TNN)
    assert nemesis.statics == (fx.ChooseAsEnters("player"),)
    assert "protection from the chosen player" in nemesis.keywords
    siege = card("Outpost Siege")
    assert [t.trigger.condition.counter for t in siege.triggered] == ["khans", "dragons"]
    brave = card("Brave the Elements")
    assert len(brave.spell.effect.keyword_choice) == 5


# ---------------------------------------------------------------- day and night, 726
def test_726_2_firmament_sage_makes_it_day_and_draws_when_it_becomes_night():
    """Entering while it is neither day nor night makes it day (no change to trigger
    on, 726.3); day becoming night triggers its draw."""
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    game.add_card("Firmament Sage", 0)
    game.start_at("main1", 0)
    assert game.day_night is None
    act(game, "cast hand 0 (Firmament Sage)")
    settle(game)
    assert game.day_night == "day"
    assert not game.pending_triggers and not game.stack
    hand = len(game.hand[0])
    game.become_day_or_night("night")
    assert [t["index"] for t in game.pending_triggers] == [0]
    game.apply_action(A.PASS)  # (the trigger goes on the stack)
    settle(game)
    assert len(game.hand[0]) == hand + 1


def test_726_3_brimstone_vandal_pings_each_opponent_as_night_becomes_day():
    game = blank(players=3)
    game.add_permanent("Brimstone Vandal", 0)
    game.start_at("main1", 0)
    assert game.day_night == "day"
    game.become_day_or_night("night")
    game.apply_action(A.PASS)
    settle(game)
    assert game.life == [20, 19, 19]
    assert card("Brimstone Vandal").statics == (fx.DayAsEnters(),)
