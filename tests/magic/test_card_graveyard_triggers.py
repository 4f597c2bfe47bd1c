"""Abilities that trigger when a card is put into a graveyard ("whenever a <quality>
card is put into your / an opponent's graveyard from anywhere / from your library";
a token is no card, 111.1; leaving the battlefield they look back, 603.10a), the
emblems that carry one or "you have no maximum hand size" (114.4, 402.2), and
Tamiyo, the Moon Sage: scripted positions with real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.compiled import card
from magic.positions import act, blank, lands, settle, slot, target_perm


def test_603_2_the_trigger_template_reads_real_cards():
    zombie = card("Vulturous Zombie").triggered[0]
    assert zombie.trigger == fx.Trigger("card_to_graveyard",
                                        fx.Filter(controller="opponent"))
    assert card("Skola Grovedancer").triggered[0].trigger == fx.Trigger(
        "card_to_graveyard", fx.Filter(frozenset({"Land"}), controller="you"))
    assert card("Pedantic Learning").triggered[0].trigger.event == \
        "card_to_graveyard_from_library"
    emblem = card("Tamiyo, the Moon Sage").activated[2].effect
    assert emblem == fx.GetEmblem((fx.NoMaxHandSize(),), (fx.TriggeredAbility(
        fx.Trigger("card_to_graveyard", fx.Filter(controller="you")),
        fx.MoveCards(fx.Ref("it_card"), "hand"), optional=True),))
    supported = compiled_pool().supported
    for name in ("Tamiyo, the Moon Sage", "Vulturous Zombie", "Profane Memento",
                 "Skola Grovedancer", "Pedantic Learning", "Compost",
                 "The Haunt of Hightower", "Yuma, Proud Protector"):
        assert name in supported, name


def test_603_2_a_milled_land_card_triggers_skola_grovedancer():
    game = blank()
    dancer = game.add_permanent("Skola Grovedancer", 0)
    lands(game, 0, "Forest", "Forest", "Forest")
    game.set_library(0, ["Grizzly Bears", "Forest"])  # the Bears on top
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, dancer)}")
    settle(game)  # mills the Bears: not a land card
    assert game.life[0] == 20
    game.add_permanent("Forest", 0)
    for p in game.battlefield.values():
        p.tapped = False
    act(game, f"activate slot {slot(game, dancer)}")
    settle(game)  # mills the Forest: one trigger
    assert game.life[0] == 21


def test_404_1_an_opponents_graveyard_only_and_no_token_111_1():
    """Profane Memento: creature cards put into an opponent's graveyard; the card
    dying from the battlefield counts (from anywhere), a token does not (111.1), and a
    card of its own controller's does not."""
    game = blank()
    game.add_permanent("Profane Memento", 0)
    lands(game, 0, "Mountain", "Mountain")
    theirs = game.add_permanent("Grizzly Bears", 1)
    mine = game.add_permanent("Grizzly Bears", 0)
    game.add_card("Lightning Bolt", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, theirs)
    settle(game)
    assert game.life[0] == 21  # the Bears card (Bolt is put into its owner's: mine)
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, mine)
    settle(game)
    assert game.life[0] == 21


def test_603_10a_a_watcher_dying_with_the_card_sees_it():
    """Vulturous Zombie and an opponent's creature destroyed at once (Day of Judgment):
    it looks back and triggers (its counter then goes nowhere)."""
    game = blank()
    zombie = game.add_permanent("Vulturous Zombie", 0)
    game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, *["Plains"] * 4)
    game.add_card("Day of Judgment", 0)
    game.start_at("main1", 0)
    act(game, "Day of Judgment")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert zombie not in game.battlefield
    # one trigger: the Bears card (Day of Judgment is put into its owner's graveyard)
    assert [game.name_of(s.card) for s in game.stack] == ["Vulturous Zombie"]
    settle(game)


def test_114_tamiyo_emblem_returns_cards_and_lifts_the_hand_size_402_2():
    game = blank()
    tamiyo = game.add_permanent("Tamiyo, the Moon Sage", 0, counters={"loyalty": 8})
    walker = game.battlefield[tamiyo].card
    lands(game, 0, "Mountain")
    bolt = game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, tamiyo)} (Tamiyo, the Moon Sage) ability 2")
    # Tamiyo herself goes to the graveyard with 0 loyalty (704.5i) before the emblem
    # exists: no trigger for her
    settle(game)
    assert [e[0] for e in game.emblems] == [0]
    assert walker in game.graveyard[0]
    assert game.no_max_hand_size(0) and not game.no_max_hand_size(1)
    act(game, "Lightning Bolt")
    act(game, "player 1")  # any target: a player
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    # the Bolt resolved and was put into the graveyard: the emblem's trigger, its
    # owner's (114.4), "you may" asked as it resolves
    assert [game.name_of(s.card) for s in game.stack] == ["Tamiyo, the Moon Sage emblem"]
    assert game.stack[0].controller == 0
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["kind"] == "yesno"
    act(game, "yes")
    settle(game)
    assert bolt in game.hand[0] and bolt not in game.graveyard[0]


def test_tamiyo_draws_for_each_tapped_creature_the_target_player_controls():
    game = blank()
    tamiyo = game.add_permanent("Tamiyo, the Moon Sage", 0, counters={"loyalty": 4})
    for tapped in (True, True, False):
        pid = game.add_permanent("Grizzly Bears", 1)
        game.battlefield[pid].tapped = tapped
    mine = game.add_permanent("Grizzly Bears", 0)
    game.battlefield[mine].tapped = True
    game.start_at("main1", 0)
    hand = len(game.hand[0])
    act(game, f"activate slot {slot(game, tamiyo)} (Tamiyo, the Moon Sage) ability 1")
    act(game, "player 1")
    settle(game)
    assert len(game.hand[0]) == hand + 2
    assert game.battlefield[tamiyo].counters["loyalty"] == 2
