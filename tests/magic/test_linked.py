"""Scripted positions for linked abilities (rule 607), "exile until" (610.3), flicker
(400.7), cards in graveyards as targets, putting a permanent into its owner's library
and "becomes tapped" triggers (603.2). Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    blank,
    lands,
    on_battlefield,
    pass_until,
    settle,
    target_perm,
)


def zone_names(game: MagicGame, zone: str, p: int) -> list[str]:
    return [game.name_of(c) for c in getattr(game, zone)[p]]


def test_linked_templates_compile():
    pool = compiled_pool().supported
    for name in ("Oblivion Ring", "Journey to Nowhere", "Fiend Hunter", "Banisher Priest",
                 "Cloudshift", "Gravedigger", "Raise Dead", "Zombify",
                 "Deathrite Shaman", "Azorius Charm"):
        assert name in pool, name
    ring = pool["Oblivion Ring"]
    assert ring.triggered[1].effect == fx.MoveCards(
        fx.Ref("exiled_with_this"), "battlefield", "owner")
    assert pool["Banisher Priest"].triggered[0].effect.until_source_leaves
    assert pool["Cloudshift"].spell.effect.steps[1] == fx.MoveCards(
        fx.Ref("that_card"), "battlefield", "you")
    dig = pool["Gravedigger"].triggered[0].effect
    assert dig == fx.MoveCards(fx.Target("graveyard_card", fx.Filter(
        types=frozenset({"Creature"}), controller="you")), "hand")
    assert pool["Zombify"].spell.effect.dest == "battlefield"
    charm = pool["Azorius Charm"].spell.effect.modes[2]
    assert isinstance(charm, fx.PutOnLibrary) and not charm.bottom
    # Ephemerate's rebound (702.88a) reads; Condemn's "life equal to its toughness"
    # reads since the last-known-stats amount (StatOf: tests/magic/test_deck_templates.py)
    assert pool["Ephemerate"].rebound and "Condemn" in pool


# ------------------------------------------------------------ 607.2a, 610.3
def cast_ring(game: MagicGame, victim: int) -> None:
    act(game, "cast hand 0 (Oblivion Ring)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # the Ring resolves; its enters ability triggers
    target_perm(game, victim)


def test_607_2a_oblivion_ring_returns_the_card_it_exiled():
    game = blank()
    game.add_card("Oblivion Ring", 0)
    lands(game, 0, "Plains", "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 1, counters={"+1/+1": 2})
    game.add_card("Naturalize", 1)
    lands(game, 1, "Forest", "Forest")
    game.start_at("main1", 0)
    cast_ring(game, bears)
    settle(game)
    assert bears not in game.battlefield
    assert zone_names(game, "exile", 1) == ["Grizzly Bears"]
    ring = on_battlefield(game, "Oblivion Ring")[0]
    assert game.exiled_with == [[ring, game.exile[1][0], 0]]
    game.apply_action(A.PASS)  # seat 1 gets priority
    act(game, "cast hand 0 (Naturalize)")
    target_perm(game, ring)
    settle(game)  # Naturalize, then the Ring's leaves ability
    back = on_battlefield(game, "Grizzly Bears")
    assert len(back) == 1 and back[0] != bears  # a new object (400.7)
    perm = game.battlefield[back[0]]
    assert perm.controller == 1 and not perm.counters.get("+1/+1")
    assert game.exile[1] == [] and game.exiled_with == []


def test_607_2a_ring_gone_before_its_enters_ability_resolves_exiles_for_good():
    game = blank()
    game.add_card("Oblivion Ring", 0)
    lands(game, 0, "Plains", "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Naturalize", 1)
    lands(game, 1, "Forest", "Forest")
    game.start_at("main1", 0)
    cast_ring(game, bears)  # the enters ability is on the stack
    ring = on_battlefield(game, "Oblivion Ring")[0]
    game.apply_action(A.PASS)
    act(game, "cast hand 0 (Naturalize)")
    target_perm(game, ring)
    settle(game)  # Naturalize; the leaves ability returns nothing; then the exile
    assert zone_names(game, "exile", 1) == ["Grizzly Bears"]
    assert not on_battlefield(game, "Grizzly Bears")


def test_610_3_banisher_priest_returns_the_card_the_moment_it_leaves():
    game = blank()
    game.add_card("Banisher Priest", 0)
    game.add_card("Shock", 0)
    lands(game, 0, "Plains", "Plains", "Plains", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Banisher Priest)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    target_perm(game, bears)
    settle(game)
    assert zone_names(game, "exile", 1) == ["Grizzly Bears"]
    priest = on_battlefield(game, "Banisher Priest")[0]
    act(game, "cast hand 0 (Shock)")
    target_perm(game, priest)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # Shock resolves; the Priest dies as a state-based action
    # no trigger: the card is back before anyone gets priority (610.3)
    assert priest not in game.battlefield and not game.stack
    back = on_battlefield(game, "Grizzly Bears")
    assert back and game.battlefield[back[0]].controller == 1  # 610.3c
    assert game.exile[1] == []


def test_610_3b_priest_gone_before_its_ability_resolves_exiles_nothing():
    game = blank()
    game.add_card("Banisher Priest", 0)
    game.add_card("Shock", 0)
    lands(game, 0, "Plains", "Plains", "Plains", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Banisher Priest)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    target_perm(game, bears)  # the enters ability is on the stack
    priest = on_battlefield(game, "Banisher Priest")[0]
    act(game, "cast hand 0 (Shock)")
    target_perm(game, priest)
    settle(game)
    assert bears in game.battlefield and game.exile[1] == []
    assert any(e["type"] == "not_exiled" for e in game.events)


# -------------------------------------------------------------- flicker
def test_400_7_cloudshift_returns_a_new_object():
    game = blank()
    game.add_card("Cloudshift", 0)
    lands(game, 0, "Plains")
    visionary = game.add_permanent("Elvish Visionary", 0, tapped=True,
                                   counters={"+1/+1": 1}, damage=1)
    game.start_at("main1", 0)
    hand = len(game.hand[0])
    act(game, "cast hand 0 (Cloudshift)")
    target_perm(game, visionary)
    settle(game)  # Cloudshift, then the Visionary's enters ability: draw a card
    assert visionary not in game.battlefield
    new = on_battlefield(game, "Elvish Visionary")[0]
    perm = game.battlefield[new]
    assert not perm.tapped and not perm.counters and perm.damage == 0 and perm.sick
    assert len(game.hand[0]) == hand - 1 + 1  # Cloudshift left, a card drawn
    assert game.exile[0] == []


# ------------------------------------------------------- graveyard targets
def test_115_gravedigger_returns_a_creature_card_chosen_by_hand_slot_action():
    game = blank()
    game.add_card("Gravedigger", 0)
    lands(game, 0, *["Swamp"] * 4)
    game.add_card("Grizzly Bears", 0, "graveyard")
    game.add_card("Hill Giant", 0, "graveyard")
    game.add_card("Grizzly Bears", 0, "graveyard")  # alike: offered once
    game.add_card("Shock", 0, "graveyard")  # not a creature card
    game.add_card("Hill Giant", 1, "graveyard")  # not in your graveyard
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Gravedigger)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["kind"] == "target"
    offered = game.observation_for(0)["looking"]
    assert offered == ["Grizzly Bears", "Hill Giant"]  # newest first, alike once
    assert sorted(game.legal_actions()) == [A.hand(0), A.hand(1)]
    assert game.observation_for(1)["looking"] == []
    act(game, "choose card 1 (Hill Giant")
    settle(game)
    game.apply_action(A.YES)  # "you may"
    settle(game)
    assert "Hill Giant" in zone_names(game, "hand", 0)
    assert zone_names(game, "graveyard", 0) == ["Grizzly Bears", "Grizzly Bears",
                                                "Shock"]
    assert game.hand[0][-1] in game.public_hand


def test_400_7_raise_dead_fizzles_when_its_card_left_the_graveyard():
    game = blank()
    game.add_card("Raise Dead", 0)
    lands(game, 0, "Swamp")
    game.add_card("Grizzly Bears", 0, "graveyard")
    shaman = game.add_permanent("Deathrite Shaman", 1)
    lands(game, 1, "Forest")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Raise Dead)")
    act(game, "choose card 0 (Grizzly Bears")
    target = game.stack[-1].targets[""][0]
    assert game.graveyard_card(target) == game.graveyard[0][0]
    game.apply_action(A.PASS)
    # Deathrite Shaman's {G}, {T}: exile target creature card from a graveyard
    game.apply_action(A.activate(game.battlefield[shaman].slot, 2))
    act(game, "choose card 0 (Grizzly Bears")
    settle(game)
    assert zone_names(game, "exile", 0) == ["Grizzly Bears"]
    assert game.life[1] == 22
    assert any(e["type"] == "fizzle" and e["card"] == "Raise Dead" for e in game.events)
    assert zone_names(game, "hand", 0) == []


def test_400_7_a_card_back_in_the_graveyard_is_a_new_object():
    game = blank()
    bears = game.add_card("Grizzly Bears", 0, "graveyard")
    first = game.graveyard_object(bears)
    game.take_card(bears, "graveyard")
    game.put_card(bears, "graveyard", 0)
    assert game.graveyard_card(first) is None
    assert game.graveyard_object(bears) != first


def test_zombify_puts_the_card_onto_the_battlefield_under_your_control():
    game = blank()
    game.add_card("Zombify", 0)
    lands(game, 0, *["Swamp"] * 4)
    game.add_card("Hill Giant", 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Zombify)")
    act(game, "choose card 0 (Hill Giant")
    settle(game)
    giant = on_battlefield(game, "Hill Giant")
    assert giant and game.battlefield[giant[0]].controller == 0
    assert zone_names(game, "graveyard", 0) == ["Zombify"]


def test_graveyard_targets_page_through_more_than_16_cards():
    game = blank()
    game.add_card("Raise Dead", 0)
    lands(game, 0, "Swamp")
    creatures = [n for n, d in compiled_pool().supported.items()
                 if d.is_creature and d.cost is not None][:18]
    for name in creatures:
        game.add_card(name, 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Raise Dead)")
    legal = game.legal_actions()
    assert sorted(legal) == sorted([A.hand(i) for i in range(16)] + [A.mode(0)])
    act(game, "next page of cards")
    assert sorted(game.legal_actions()) == sorted([A.hand(0), A.hand(1), A.mode(0)])
    first = creatures[1]  # second page, newest first: the two oldest cards
    assert game.observation_for(0)["looking"] == [first, creatures[0]]
    act(game, f"choose card 0 ({first}")
    settle(game)
    assert zone_names(game, "hand", 0) == [first]


# ----------------------------------------------------- owner's library
def test_azorius_charm_puts_an_attacker_on_top_of_its_owners_library():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_card("Azorius Charm", 1)
    lands(game, 1, "Plains", "Island")
    game.start_at("declare_attackers", 0)
    game.apply_action(A.attack(game.battlefield[bears].slot, 1))
    game.apply_action(A.DONE)
    game.apply_action(A.PASS)
    act(game, "cast hand 0 (Azorius Charm)")
    game.apply_action(A.mode(2))
    if A.DONE in game.legal_actions() and game.decision["kind"] == "mode":
        game.apply_action(A.DONE)
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    assert game.name_of(game.library[0][-1]) == "Grizzly Bears"


# ------------------------------------------------------------ becomes tapped
def test_603_2_city_of_brass_tapped_for_mana_triggers():
    game = blank()
    game.add_permanent("City of Brass", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Shock)")
    game.apply_action(A.player(1))
    assert [game.name_of(s.card) for s in game.stack] == ["Shock", "City of Brass"]
    settle(game)
    assert game.life == [19, 18]


def test_603_2_goblin_medics_becomes_tapped_by_attacking():
    game = blank()
    medics = game.add_permanent("Goblin Medics", 0)
    game.start_at("declare_attackers", 0)
    game.apply_action(A.attack(game.battlefield[medics].slot, 1))
    game.apply_action(A.DONE)
    assert game.decision["kind"] == "target"  # "it deals 1 damage to any target"
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 19


def test_603_2_blight_destroys_the_enchanted_land_when_it_becomes_tapped():
    game = blank()
    forest = game.add_permanent("Forest", 1)
    game.add_permanent("Blight", 0, attached_to=forest)
    game.add_card("Giant Growth", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    untouched = game.add_permanent("Soldevi Steam Beast", 0, tapped=True)
    game.start_at("main1", 1)
    act(game, "cast hand 0 (Giant Growth)")
    target_perm(game, bears)
    settle(game)
    assert forest not in game.battlefield
    # an effect untapping or a tapped permanent staying tapped triggers nothing
    assert untouched in game.battlefield and not any(
        e["type"] == "trigger" and e["card"] == "Soldevi Steam Beast"
        for e in game.events)


# ------------------------------------------------------------ reflexive (603.12)
def crook_enters(game: MagicGame) -> None:
    act(game, "cast hand 0 (Cornered Crook)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # the Crook resolves; its enters ability triggers
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # it resolves: "you may sacrifice an artifact"


def test_603_12_cornered_crook_when_you_do_triggers_after_the_sacrifice():
    game = blank()
    game.add_card("Cornered Crook", 0)
    lands(game, 0, *["Mountain"] * 5)
    bauble = game.add_permanent("Ornithopter", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    crook_enters(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    assert bauble not in game.battlefield  # the only artifact: sacrificed
    # the reflexive ability goes on the stack now, its target chosen now
    assert game.decision["kind"] == "target"
    target_perm(game, bears)
    assert game.name_of(game.stack[-1].card) == "Cornered Crook"
    settle(game)
    assert bears not in game.battlefield


def test_603_12_declined_or_impossible_action_does_not_trigger():
    for answer, artifact in ((A.NO, True), (A.YES, False)):
        game = blank()
        game.add_card("Cornered Crook", 0)
        lands(game, 0, *["Mountain"] * 5)
        if artifact:
            game.add_permanent("Ornithopter", 0)
        bears = game.add_permanent("Grizzly Bears", 1)
        game.start_at("main1", 0)
        crook_enters(game)
        game.apply_action(answer)
        assert game.decision["kind"] == "priority" and not game.stack
        assert bears in game.battlefield


# --------------------------------------------------- whole graveyards, hands
def test_tormods_crypt_exiles_target_players_graveyard():
    game = blank()
    crypt = game.add_permanent("Tormod's Crypt", 0)
    for name in ("Grizzly Bears", "Shock", "Island"):
        game.add_card(name, 1, "graveyard")
    game.add_card("Hill Giant", 0, "graveyard")
    game.start_at("main1", 0)
    game.apply_action(A.activate(game.battlefield[crypt].slot, 0))
    game.apply_action(A.player(1))
    settle(game)
    assert game.graveyard[1] == [] and len(game.exile[1]) == 3
    assert zone_names(game, "graveyard", 0) == ["Hill Giant", "Tormod's Crypt"]


def test_400_2_gitaxian_probe_shows_the_hand_to_its_caster_only():
    game = blank()
    game.add_card("Gitaxian Probe", 0)
    lands(game, 0, "Island")
    game.add_card("Lightning Bolt", 1)
    game.add_card("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Gitaxian Probe)")
    game.apply_action(A.player(1))
    settle(game)
    look = next(e for e in game.events if e["type"] == "look_hand")
    assert look["cards"] == ["Lightning Bolt", "Grizzly Bears"] and look["whose"] == 1
    assert game.event_for(look, 0)["cards"] == ["Lightning Bolt", "Grizzly Bears"]
    assert "cards" not in game.event_for(look, 1)
    assert len(game.hand[0]) == 1  # and it drew a card


def test_603_7_flickerwisp_returns_that_card_at_the_next_end_step():
    game = blank()
    game.add_card("Flickerwisp", 0)
    lands(game, 0, *["Plains"] * 5)
    bears = game.add_permanent("Grizzly Bears", 1, counters={"+1/+1": 1})
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Flickerwisp)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield and zone_names(game, "exile", 1) == [
        "Grizzly Bears"]
    assert game.delayed[0]["cards"] == [game.exile[1][0]]
    pass_until(game, "end")
    settle(game)
    back = on_battlefield(game, "Grizzly Bears")
    assert back and game.battlefield[back[0]].controller == 1
    assert not game.battlefield[back[0]].counters and game.exile[1] == []
