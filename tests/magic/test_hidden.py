"""Hidden information and choices over hidden or revealed cards: piles of revealed
cards (700.3), ... Scripted positions with real cards, and what each seat may see."""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.magic.encoding import MagicObs, encode
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.prose import describe
from magic.compiled import card
from magic.positions import (
    act,
    attack,
    blank,
    custom,
    finish_attacks,
    lands,
    names,
    pass_until,
    settle,
    to_combat,
)
from magic.test_properties import check, run


def library_names(game, p: int) -> list[str]:
    """``p``'s library, top card first."""
    return [game.name_of(c) for c in reversed(game.library[p])]


def hand_names(game, p: int) -> list[str]:
    return sorted(game.name_of(c) for c in game.hand[p])


FOF_LIBRARY = ["Forest", "Mountain", "Plains", "Swamp", "Wastes", "Island", "Island"]


def fact_or_fiction(players: int = 2):
    """Seat 0 casts Fact or Fiction (top five: Forest, Mountain, Plains, Swamp,
    Wastes) and it resolves up to the first pile's decision."""
    game = blank(players, library=0)
    for p in range(1, players):
        game.set_library(p, ["Island"] * 5)
    lands(game, 0, "Island", "Island", "Island", "Island")
    game.set_library(0, FOF_LIBRARY)
    game.add_card("Fact or Fiction", 0)
    game.start_at("main1", 0)
    act(game, "Fact or Fiction")
    settle(game)
    return game


# ------------------------------------------------------------- piles (700.3)
def test_compile_piles_fact_or_fiction_sphinx_of_uthuun():
    assert card("Fact or Fiction").spell.effect == fx.RevealPiles(5, "graveyard")
    sphinx = card("Sphinx of Uthuun")
    assert sphinx.triggered[0].effect == fx.RevealPiles(5, "graveyard")


def test_fact_or_fiction_700_3_opponent_makes_piles_caster_takes_one():
    game = fact_or_fiction()
    # 701.20a: every player saw the five cards
    reveal = next(e for e in game.events if e["type"] == "reveal_top")
    assert reveal["cards"] == FOF_LIBRARY[:5] and game.event_for(reveal, 1) == reveal
    assert game.decision["kind"] == "card_pile" and game.decision["player"] == 1
    assert names(game) == {
        "put card 0 (Forest) into the first pile": A.hand(0),
        "put card 1 (Mountain) into the first pile": A.hand(1),
        "put card 2 (Plains) into the first pile": A.hand(2),
        "put card 3 (Swamp) into the first pile": A.hand(3),
        "put card 4 (Wastes) into the first pile": A.hand(4),
        "done: the rest are the second pile": A.DONE}
    act(game, "Forest")
    act(game, "Wastes")  # (card 3 now: the cards left, top first)
    act(game, "done")
    assert game.decision == {"kind": "pile_pick", "player": 0,
                             "first": ["Forest", "Wastes"],
                             "second": ["Mountain", "Plains", "Swamp"]}
    assert set(names(game)) == {
        "yes: the first pile (Forest, Wastes) into your hand",
        "no: the second pile (Mountain, Plains, Swamp) into your hand"}
    act(game, "second pile")
    settle(game)
    assert hand_names(game, 0) == ["Mountain", "Plains", "Swamp"]
    assert sorted(game.name_of(c) for c in game.graveyard[0]) == [
        "Fact or Fiction", "Forest", "Wastes"]
    assert library_names(game, 0) == ["Island", "Island"]
    piles = next(e for e in game.events if e["type"] == "card_piles")
    assert piles["taken"] == "second" and piles["maker"] == 1
    assert "second pile" in describe(piles, 1) or "takes the second" in describe(piles, 1)
    # the cards taken were revealed: they stay in that hand for a determinization
    seen = game.determinize(1, np.random.default_rng(0))
    assert hand_names(seen, 0) == ["Mountain", "Plains", "Swamp"]
    check(game)


def test_piles_700_3_an_empty_first_pile_is_allowed():
    game = fact_or_fiction()
    act(game, "done")  # every card in the second pile
    assert game.decision["first"] == [] and len(game.decision["second"]) == 5
    act(game, "first pile")  # the empty one
    settle(game)
    assert hand_names(game, 0) == []
    assert len(game.graveyard[0]) == 6


def test_piles_the_revealed_cards_stay_on_top_for_a_determinization():
    """While the piles are made every seat knows the five cards on top."""
    game = fact_or_fiction()
    act(game, "Forest")
    for viewer in (0, 1):
        seen = game.determinize(viewer, np.random.default_rng(viewer))
        assert library_names(seen, 0)[:5] == FOF_LIBRARY[:5]
        assert seen.looking_at(1) == game.looking_at(1)


def test_piles_the_decision_flags_of_the_observation():
    # (v8: making piles and picking one have their own decision flags)
    game = fact_or_fiction()
    assert MagicObs(encode(game, 1)).decision() == "card_pile"
    act(game, "done")
    assert MagicObs(encode(game, 0)).decision() == "pile_pick"


def test_piles_the_other_pile_on_the_bottom_in_any_order():
    """Jace, Architect of Thought's -2 ("... and the other on the bottom of your
    library in any order"), as a hand-made sorcery of three cards."""
    game = blank(library=0)
    game.set_library(1, ["Island"] * 5)
    game.set_library(0, ["Forest", "Mountain", "Plains", "Swamp"])
    lands(game, 0, "Island", "Island", "Island", "Island")
    bottom = custom("Fact or Fiction", "Bottom Fiction",
                    spell=fx.SpellAbility(fx.RevealPiles(3, "bottom")))
    game.add_card(bottom, 0)
    game.start_at("main1", 0)
    act(game, "Bottom Fiction")
    settle(game)
    act(game, "Forest")
    act(game, "done")  # first: Forest; second: Mountain, Plains
    act(game, "first pile")
    # the other pile: on the bottom one card at a time (the last one lowest)
    assert game.decision == {"kind": "look", "player": 0}
    assert set(names(game)) == {"put card 0 (Mountain) on the bottom",
                                "put card 1 (Plains) on the bottom"}
    act(game, "Plains")
    settle(game)
    assert hand_names(game, 0) == ["Forest"]
    assert library_names(game, 0) == ["Swamp", "Plains", "Mountain"]


def test_piles_in_random_games_terminate():
    rng = np.random.default_rng(3)
    for _ in range(3):
        game = fact_or_fiction(players=3)
        run(game, rng)


# ------------------------------------------- choosing from a hand (701.20, 400.2)
def enter_and_target(game, creature: str, *lands_: str, target: int | None = 1):
    """Seat 0 casts ``creature`` with ``lands_`` and its enters trigger targets seat
    ``target`` (relative), up to the first decision after it resolves."""
    lands(game, 0, *lands_)
    game.add_card(creature, 0)
    game.start_at("main1", 0)
    act(game, creature)
    settle(game)
    if target is not None:
        game.apply_action(A.player(target))
    settle(game)


def test_compile_choose_from_a_revealed_or_looked_at_hand():
    filt = card("Lifebane Zombie").triggered[0].effect
    assert filt.dest == "exile" and not filt.look and not filt.optional
    assert card("Sin Collector").triggered[0].effect.dest == "exile"
    clique = card("Vendilion Clique").triggered[0].effect
    assert clique == fx.ChooseDiscard(
        fx.Target("player"), clique.filter, dest="bottom", draw=True, look=True,
        optional=True)


def test_lifebane_zombie_exiles_a_chosen_green_or_white_creature_card():
    game = blank()
    for name in ("Llanowar Elves", "Savannah Lions", "Shock", "Goblin Guide"):
        game.add_card(name, 1)
    enter_and_target(game, "Lifebane Zombie", "Swamp", "Swamp", "Swamp")
    # 701.20a: the hand is revealed to every player; only matching cards are offered
    reveal = next(e for e in game.events if e["type"] == "reveal_hand")
    assert game.event_for(reveal, 1) == reveal and len(reveal["cards"]) == 4
    assert game.decision == {"kind": "hand_choice", "player": 0}
    assert set(names(game)) == {"exile hand 0 (Llanowar Elves) of player 1",
                                "exile hand 1 (Savannah Lions) of player 1"}
    act(game, "Savannah Lions")
    settle(game)
    assert [game.name_of(c) for c in game.exile[1]] == ["Savannah Lions"]
    assert hand_names(game, 1) == ["Goblin Guide", "Llanowar Elves", "Shock"]
    assert not any(e["type"] == "discard" for e in game.events)  # exiled, not discarded
    exiled = next(e for e in game.events if e["type"] == "hand_exiled")
    assert "exiled" in describe(exiled, 0)
    check(game)


def test_sin_collector_with_no_matching_card_asks_nothing():
    game = blank()
    game.add_card("Grizzly Bears", 1)
    enter_and_target(game, "Sin Collector", "Plains", "Swamp", "Swamp", "Swamp")
    assert game.decision["kind"] == "priority"
    assert hand_names(game, 1) == ["Grizzly Bears"]


def test_vendilion_clique_400_2_looks_then_bottom_and_draw():
    game = blank(library=0)
    game.set_library(1, ["Mountain", "Forest"])  # Mountain on top
    game.set_library(0, ["Island"] * 3)
    for name in ("Lightning Bolt", "Plains", "Shock"):
        game.add_card(name, 1)
    enter_and_target(game, "Vendilion Clique", "Island", "Island", "Island")
    look = next(e for e in game.events if e["type"] == "look_hand")
    # only the chooser sees the hand: the opponent's event has no cards
    assert "cards" in game.event_for(look, 0) and "cards" not in game.event_for(look, 1)
    assert not any(e["type"] == "reveal_hand" for e in game.events)
    assert set(names(game)) == {
        "put on the bottom hand 0 (Lightning Bolt) of player 1",
        "put on the bottom hand 2 (Shock) of player 1", "done: choose no card"}
    assert [game.name_of(c) for c in game.looking_at(0)] == [
        "Lightning Bolt", "Plains", "Shock"]
    assert game.looking_at(1) == []
    # a determinization for the chooser keeps the hand it is choosing from
    seen = game.determinize(0, np.random.default_rng(1))
    assert hand_names(seen, 1) == hand_names(game, 1)
    act(game, "Lightning Bolt")
    settle(game)
    assert hand_names(game, 1) == ["Mountain", "Plains", "Shock"]  # drew Mountain
    assert library_names(game, 1) == ["Forest", "Lightning Bolt"]
    shown = next(e for e in game.events if e["type"] == "hand_to_bottom")
    assert game.event_for(shown, 1)["card"] == "Lightning Bolt"  # revealed


def test_vendilion_clique_may_choose_nothing():
    game = blank()
    game.add_card("Lightning Bolt", 1)
    enter_and_target(game, "Vendilion Clique", "Island", "Island", "Island")
    act(game, "done")
    settle(game)
    assert hand_names(game, 1) == ["Lightning Bolt"]
    assert not any(e["type"] == "draw" and e["player"] == 1 for e in game.events)


# ------------------------------------------------------------ hideaway (702.75)
def test_compile_hideaway_lands():
    windbrisk = card("Windbrisk Heights")
    assert windbrisk.triggered[0] == fx.TriggeredAbility(fx.Trigger("enters"), fx.Dig(
        4, 1, fx.Filter(), False, "exile_face_down", rest="random"))
    conditions = {name: card(name).activated[-1].effect.condition for name in (
        "Windbrisk Heights", "Mosswort Bridge", "Spinerock Knoll", "Howltooth Hollow")}
    assert conditions == {
        "Windbrisk Heights": fx.ActivationCondition("attacked_with", count=3),
        "Mosswort Bridge": fx.ActivationCondition("total_power", count=10),
        "Spinerock Knoll": fx.ActivationCondition("opponent_dealt_damage", count=7),
        "Howltooth Hollow": fx.ActivationCondition("hands_empty")}


HIDEAWAY_LIBRARY = ["Serra Angel", "Forest", "Mountain", "Swamp", "Island", "Island"]


def hideaway(players: int = 2):
    """Seat 0 plays Windbrisk Heights; its hideaway trigger resolves up to the
    choice among the top four cards (Serra Angel, Forest, Mountain, Swamp)."""
    game = blank(players, library=0)
    for p in range(1, players):
        game.set_library(p, ["Island"] * 5)
    game.set_library(0, HIDEAWAY_LIBRARY)
    game.add_card("Windbrisk Heights", 0)
    game.start_at("main1", 0)
    act(game, "Windbrisk Heights")
    settle(game)
    return game


def test_hideaway_702_75a_exiles_one_face_down_seen_by_its_owner_only():
    game = hideaway()
    assert game.decision == {"kind": "look", "player": 0}
    assert set(names(game)) == {
        f"take card {i} ({n}) into exile face down"
        for i, n in enumerate(HIDEAWAY_LIBRARY[:4])}
    act(game, "Serra Angel")
    settle(game)
    assert [game.name_of(c) for c in game.exile[0]] == ["Serra Angel"]
    # the rest on the bottom in a random order; the two Islands stay on top
    assert library_names(game, 0)[:2] == ["Island", "Island"]
    assert sorted(library_names(game, 0)[2:]) == ["Forest", "Mountain", "Swamp"]
    # 406.3: only its owner may look at it
    assert game.observation_for(0)["exiles"][0] == ["Serra Angel"]
    assert game.observation_for(1)["exiles"][0] == ["face-down card"]
    found = next(e for e in game.events if e["type"] == "found")
    assert found["card"] == "Serra Angel" and "card" not in game.event_for(found, 1)
    assert all("Serra Angel" not in str(game.event_for(e, 1)) for e in game.events)
    assert "Serra Angel" not in str(game.legal_actions_named(1))
    check(game)


def test_hideaway_an_opponent_cannot_tell_two_hidden_cards_apart():
    """Two games that differ only in the card exiled face down look the same to the
    opponent (its observation dict, its events and its observation vector)."""
    seen = []
    for pick in ("Serra Angel", "Forest"):
        game = hideaway()
        act(game, pick)
        settle(game)
        seen.append((game.observation_for(1), [game.event_for(e, 1) for e in game.events],
                     encode(game, 1)))
    (obs_a, ev_a, vec_a), (obs_b, ev_b, vec_b) = seen
    # (the library's bottom order is random; the rest must match)
    assert {k: v for k, v in obs_a.items() if k != "legal_actions"} == {
        k: v for k, v in obs_b.items() if k != "legal_actions"}
    assert [e for e in ev_a if e["type"] != "to_bottom"] == [
        e for e in ev_b if e["type"] != "to_bottom"]
    assert np.array_equal(vec_a, vec_b)


def test_hideaway_determinize_resamples_the_hidden_card_for_an_opponent_only():
    game = hideaway()
    act(game, "Serra Angel")
    settle(game)
    own = game.determinize(0, np.random.default_rng(0))
    assert [own.name_of(c) for c in own.exile[0]] == ["Serra Angel"]
    others = {others.name_of(others.exile[0][0]) for others in (
        game.determinize(1, np.random.default_rng(s)) for s in range(12))}
    assert len(others) > 1  # resampled from seat 0's unseen cards
    for s in range(3):
        other = game.determinize(1, np.random.default_rng(s))
        card_id = other.exile[0][0]
        assert card_id in other.face_down_exile
        assert [card_id] == [c for _, c, _ in other.exiled_with]  # still linked
        check(other)


def windbrisk_ready(attackers: int):
    """Seat 0's Windbrisk Heights has Serra Angel hidden; ``attackers`` Grizzly Bears
    attacked this turn; now it is seat 0's second main phase, Heights untapped, a
    Plains to pay {W}."""
    game = hideaway()
    act(game, "Serra Angel")
    settle(game)
    heights = next(pid for pid, perm in game.battlefield.items()
                   if game.name_of(perm.card) == "Windbrisk Heights")
    game.battlefield[heights].tapped = False
    lands(game, 0, "Plains")
    bears = [game.add_permanent("Grizzly Bears", 0) for _ in range(attackers)]
    to_combat(game)
    for pid in bears:
        attack(game, pid)
    finish_attacks(game)
    pass_until(game, "main2")
    return game


def test_windbrisk_heights_plays_the_exiled_card_free_after_three_attackers():
    game = windbrisk_ready(3)
    act(game, "Windbrisk Heights")
    settle(game)
    assert game.decision["kind"] == "yesno" and set(names(game)) == {
        "cast Serra Angel without paying its mana cost", "don't cast Serra Angel"}
    act(game, "cast Serra Angel without")
    settle(game)
    assert "Serra Angel" in [game.name_of(p.card) for p in game.battlefield.values()]
    assert game.exile[0] == [] and game.face_down_exile == [] and not game.exiled_with


def test_windbrisk_heights_does_nothing_after_two_attackers():
    game = windbrisk_ready(2)
    act(game, "Windbrisk Heights")
    settle(game)
    assert game.decision["kind"] == "priority"
    assert [game.name_of(c) for c in game.exile[0]] == ["Serra Angel"]
    assert game.observation_for(1)["exiles"][0] == ["face-down card"]


def test_hideaway_in_random_games_terminate():
    rng = np.random.default_rng(5)
    for _ in range(3):
        run(hideaway(players=3), rng)


# ------------------------------------ Jace, Architect of Thought (700.3, 701.23)
JACE = "Jace, Architect of Thought"


def test_compile_jace_architect_of_thought_every_ability():
    jace = card(JACE)
    assert jace.activated[1].effect == fx.RevealPiles(3, "bottom")
    assert jace.activated[2].effect == fx.Sequence((
        fx.Search(fx.Filter(props=frozenset({"nonland"})), 1, "exile",
                  whose=fx.Ref("each_player")),
        fx.PlayFree(fx.Ref("that_card"))))


def test_jace_architect_minus_two_reveals_three_and_the_other_pile_goes_under():
    game = blank(library=0)
    game.set_library(1, ["Island"] * 5)
    game.set_library(0, ["Forest", "Mountain", "Plains", "Swamp"])
    game.add_permanent(JACE, 0, counters={"loyalty": 4})
    game.start_at("main1", 0)
    act(game, "ability 1")  # -2
    settle(game)
    assert game.decision["kind"] == "card_pile" and game.decision["player"] == 1
    act(game, "Mountain")
    act(game, "done")
    act(game, "second pile")  # Forest, Plains into the hand
    assert game.decision == {"kind": "look", "player": 0} or hand_names(game, 0)
    settle(game)
    assert hand_names(game, 0) == ["Forest", "Plains"]
    assert library_names(game, 0) == ["Swamp", "Mountain"]


def test_jace_architect_ultimate_searches_each_library_and_casts_free():
    game = blank(library=0)
    game.set_library(0, ["Island", "Serra Angel", "Island"])
    game.set_library(1, ["Forest", "Grizzly Bears", "Llanowar Elves", "Forest"])
    game.add_permanent(JACE, 0, counters={"loyalty": 8})
    game.start_at("main1", 0)
    act(game, "ability 2")  # -8
    settle(game)
    # seat 0 searches its own library, then seat 1's (701.23: nonland cards)
    assert game.decision == {"kind": "search", "player": 0}
    assert set(names(game)) == {"find Serra Angel", "done: find nothing more"}
    act(game, "Serra Angel")
    assert game.decision == {"kind": "search", "player": 0}
    assert set(names(game)) == {"find Grizzly Bears", "find Llanowar Elves",
                                "done: find nothing more"}
    # while it searches seat 1's library, a determinization for it keeps that library
    seen = game.determinize(0, np.random.default_rng(2))
    assert sorted(library_names(seen, 1)) == sorted(library_names(game, 1))
    act(game, "Grizzly Bears")
    assert [game.name_of(c) for c in game.exile[1]] == ["Grizzly Bears"]
    assert game.observation_for(1)["exiles"][1] == ["Grizzly Bears"]  # face up
    # "you may cast those cards without paying their mana costs", one at a time
    assert set(names(game)) == {"cast Serra Angel without paying its mana cost",
                                "don't cast Serra Angel"}
    act(game, "cast Serra Angel without")
    settle(game)
    act(game, "cast Grizzly Bears without")
    settle(game)
    mine = sorted(game.name_of(p.card) for p in game.battlefield.values()
                  if p.controller == 0)
    assert mine == ["Grizzly Bears", "Serra Angel"]  # (Jace at 0 loyalty is gone)
    assert game.exile == [[], []]
    check(game)


# ------------------------------------------------ top of the library (401.4)
def test_senseis_divining_top_draws_then_goes_on_top_of_its_library():
    game = blank(library=0)
    game.set_library(0, ["Forest", "Mountain", "Plains"])
    lands(game, 0, "Island")
    top = game.add_permanent("Sensei's Divining Top", 0)
    game.start_at("main1", 0)
    act(game, "ability 1")  # {T}: draw a card, then put this on top
    settle(game)
    assert hand_names(game, 0) == ["Forest"]
    assert top not in game.battlefield
    assert library_names(game, 0) == ["Sensei's Divining Top", "Mountain", "Plains"]


def test_senseis_divining_top_looks_at_three_and_puts_them_back_in_any_order():
    game = blank(library=0)
    game.set_library(0, ["Forest", "Mountain", "Plains", "Swamp"])
    lands(game, 0, "Island")
    game.add_permanent("Sensei's Divining Top", 0)
    game.start_at("main1", 0)
    act(game, "ability 0")  # {1}: look at the top three, put them back in any order
    settle(game)
    assert game.decision == {"kind": "look", "player": 0}
    act(game, "Plains")  # put back first: it ends lowest of the three
    act(game, "Forest")
    settle(game)
    assert library_names(game, 0) == ["Mountain", "Forest", "Plains", "Swamp"]


def test_compile_a_spell_putting_itself_on_its_library_stays_refused():
    from labyrinth_gym.envs.magic.engine.resolve import unresolvable
    bolt = custom("Lightning Bolt", "Boomerang Bolt",
                  spell=fx.SpellAbility(fx.PutOnLibrary(fx.Ref("self"))))
    assert unresolvable(bolt)


def coiling_oracle(top: str):
    game = blank(library=0)
    game.set_library(0, [top, "Island"])
    lands(game, 0, "Island", "Forest")
    game.add_card("Coiling Oracle", 0)
    game.start_at("main1", 0)
    act(game, "Coiling Oracle")
    settle(game)
    return game


def test_coiling_oracle_701_20a_a_land_onto_the_battlefield_otherwise_the_hand():
    assert card("Coiling Oracle").triggered[0].effect == fx.RevealTop(
        fx.Ref("you"), fx.Filter(types=frozenset({"Land"})), to_battlefield=True,
        else_hand=True)
    game = coiling_oracle("Forest")
    assert sum(game.name_of(p.card) == "Forest" for p in game.battlefield.values()) == 2
    assert hand_names(game, 0) == []
    game = coiling_oracle("Grizzly Bears")
    assert hand_names(game, 0) == ["Grizzly Bears"]
    assert library_names(game, 0) == ["Island"]
    seen = game.determinize(1, np.random.default_rng(0))  # revealed: it stays known
    assert hand_names(seen, 0) == ["Grizzly Bears"]


def test_telling_time_one_into_the_hand_one_on_top_one_on_the_bottom():
    assert card("Telling Time").spell.effect == fx.Dig(3, 1, rest="top_bottom")
    game = blank(library=0)
    game.set_library(0, ["Forest", "Mountain", "Plains", "Swamp"])
    lands(game, 0, "Island", "Island")
    game.add_card("Telling Time", 0)
    game.start_at("main1", 0)
    act(game, "Telling Time")
    settle(game)
    act(game, "take card 1 (Mountain)")
    assert set(names(game)) == {"put card 0 (Forest) on the bottom",
                                "put card 1 (Plains) on the bottom"}
    act(game, "Forest")
    settle(game)
    assert hand_names(game, 0) == ["Mountain"]
    assert library_names(game, 0) == ["Plains", "Swamp", "Forest"]
    # the looker knows its bottom card and the top one; a determinization keeps them
    seen = game.determinize(0, np.random.default_rng(0))
    assert library_names(seen, 0)[-1] == "Forest"
