"""Libraries and hands as hidden zones (rules 701.9, 701.20, 701.22-701.25): scry,
surveil, putting cards back in any order, searching, shuffling, revealing a hand and
choosing a card from it; what each seat may see of them; their compile templates."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from labyrinth_gym.envs.core.engine import IllegalActionError
from labyrinth_gym.envs.magic.encoding import CARD, MagicObs, encode
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import Unsupported, compile_card
from labyrinth_gym.envs.magic.engine.game import MagicGame, new_game
from labyrinth_gym.envs.magic.engine.resolve import unresolvable
from labyrinth_gym.envs.magic.prose import describe
from magic.positions import act, blank, has, lands, names, settle
from magic.test_properties import check, run

BASIC_LAND = fx.Filter(types=frozenset({"Land"}), props=frozenset({"basic"}))


def library_names(game: MagicGame, p: int) -> list[str]:
    """``p``'s library, top card first."""
    return [game.name_of(c) for c in reversed(game.library[p])]


def hand_names(game: MagicGame, p: int) -> list[str]:
    return [game.name_of(c) for c in game.hand[p]]


def cast(game: MagicGame, spell: str, *lands_: str, library: list[str] | None = None,
         p: int = 0) -> None:
    """Put ``spell`` into ``p``'s hand with ``lands_`` to pay for it, ``library`` (top
    first), start player ``p``'s main phase and cast it (targets left to the test)."""
    lands(game, p, *lands_)
    if library is not None:
        game.set_library(p, library)
    game.add_card(spell, p)
    game.start_at("main1", p)
    act(game, spell)


# ---------------------------------------------------------------- scry (701.22)
def test_scry_701_22a_puts_chosen_cards_on_the_bottom_and_keeps_the_rest_on_top():
    game = blank()
    cast(game, "Preordain", "Island",
         library=["Forest", "Mountain", "Plains", "Swamp"])  # scry 2, then draw
    settle(game)
    assert game.decision == {"kind": "look", "player": 0}
    assert names(game) == {"put card 0 (Forest) on the bottom": A.hand(0),
                           "put card 1 (Mountain) on the bottom": A.hand(1),
                           "done: keep the rest on top": A.DONE}
    act(game, "Forest")
    act(game, "done")  # one card left on top: put back without a decision
    assert hand_names(game, 0) == ["Mountain"]  # then draw a card
    assert library_names(game, 0) == ["Plains", "Swamp", "Forest"]


def test_scry_701_22a_the_cards_kept_go_back_in_the_order_chosen():
    game = blank()
    cast(game, "Preordain", "Island", library=["Forest", "Mountain", "Plains"])
    settle(game)
    act(game, "done")
    # each card put back goes on top of those before it: the last is the top card
    assert names(game) == {"put card 0 (Forest) back on top": A.hand(0),
                           "put card 1 (Mountain) back on top": A.hand(1)}
    act(game, "Forest")
    assert hand_names(game, 0) == ["Mountain"]
    assert library_names(game, 0) == ["Forest", "Plains"]


def test_scry_701_22a_several_cards_to_the_bottom_in_the_order_chosen():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    cast(game, "Titan's Strength", "Mountain",  # +3/+1 to a creature, scry 1
         library=["Forest", "Plains", "Island"])
    game.apply_action(A.permanent(game.battlefield[bears].slot))
    settle(game)
    assert game.chars(bears)[:2] == (5, 3)
    act(game, "Forest")
    assert library_names(game, 0) == ["Plains", "Island", "Forest"]
    game = blank()
    cast(game, "Preordain", "Island", library=["Forest", "Mountain", "Plains"])
    settle(game)
    act(game, "Forest")
    act(game, "Mountain")  # the last one chosen ends at the very bottom
    assert hand_names(game, 0) == ["Plains"]  # (then draw a card)
    assert library_names(game, 0) == ["Forest", "Mountain"]


def test_scry_is_hidden_from_the_other_seats():
    game = blank()
    cast(game, "Preordain", "Island", library=["Forest", "Mountain", "Plains"])
    settle(game)
    assert game.observation_for(0)["looking"] == ["Forest", "Mountain"]
    theirs = game.observation_for(1)
    assert theirs["looking"] == [] and "Mountain" not in json.dumps(theirs)
    look = MagicObs(encode(game, 0))
    assert look.look_present.tolist() == [1.0, 1.0]
    assert look.look[0, CARD["type_land"]] == 1.0
    assert not MagicObs(encode(game, 1)).look_present.any()
    # the looker's determinization keeps the two cards it looks at on top
    twin = game.determinize(0, np.random.default_rng(3))
    assert library_names(twin, 0)[:2] == ["Forest", "Mountain"]
    act(game, "Mountain")  # to the bottom
    bottom = game.events[-1]
    assert bottom["type"] == "to_bottom" and bottom["card"] == "Mountain"
    assert "card" not in game.event_for(bottom, 1)
    assert describe(game.event_for(bottom, 1), 1) == \
        "Seat 0 puts a card on the bottom of their library."
    assert describe(bottom, 0) == "You put Mountain on the bottom of your library."
    # the scryer knows the bottom card: a determinization keeps it there
    act(game, "done")
    twin = game.determinize(0, np.random.default_rng(4))
    assert twin.name_of(twin.library[0][0]) == "Mountain"


def test_an_illegal_library_choice_is_refused():
    game = blank()
    cast(game, "Opt", "Island", library=["Forest", "Mountain"])  # scry 1
    settle(game)
    with pytest.raises(IllegalActionError):
        game.apply_action(A.hand(1))  # only one card is looked at
    assert game.decision == {"kind": "look", "player": 0}


# ------------------------------------------------------------- surveil (701.25)
def test_surveil_701_25a_puts_chosen_cards_into_the_graveyard():
    game = blank()
    cast(game, "Consider", "Island", library=["Forest", "Mountain"])  # surveil 1, draw
    settle(game)
    assert names(game) == {"put card 0 (Forest) into the graveyard": A.hand(0),
                           "done: keep the rest on top": A.DONE}
    act(game, "Forest")
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Forest", "Consider"]
    assert hand_names(game, 0) == ["Mountain"]
    surveil = next(e for e in game.events if e["type"] == "surveil")
    assert game.event_for(surveil, 1)["card"] == "Forest"  # the graveyard is public


def test_look_at_the_top_cards_then_put_them_back_in_any_order():
    game = blank()
    cast(game, "Ponder", "Island",  # look at 3, put back in any order; may shuffle
         library=["Forest", "Mountain", "Plains", "Swamp"])
    settle(game)
    assert A.DONE not in game.legal_actions()  # no card leaves the top
    act(game, "Forest")
    act(game, "Plains")  # Mountain, left alone, goes back last: the new top card
    assert game.decision == {"kind": "yesno", "player": 0}  # "you may shuffle"
    act(game, "no")
    assert hand_names(game, 0) == ["Mountain"]
    assert library_names(game, 0) == ["Plains", "Forest", "Swamp"]


# ------------------------------------------------------------- search (701.23)
TUTOR_LIBRARY = ["Lightning Bolt", "Forest", "Grizzly Bears", "Lightning Bolt",
                 "Mountain"]


def test_search_701_23_finds_the_chosen_card_then_shuffles():
    game = blank()
    cast(game, "Demonic Tutor", "Swamp", "Swamp", library=TUTOR_LIBRARY)
    settle(game)
    assert game.decision == {"kind": "search", "player": 0}
    # one choice per name, sorted; "a card" has no quality: no "done" (701.23b)
    assert names(game) == {"find Forest": A.hand(0), "find Grizzly Bears": A.hand(1),
                           "find Lightning Bolt": A.hand(2), "find Mountain": A.hand(3)}
    assert game.observation_for(0)["looking"] == ["Forest", "Grizzly Bears",
                                                  "Lightning Bolt", "Mountain"]
    assert game.observation_for(1)["looking"] == []
    act(game, "Lightning Bolt")
    assert hand_names(game, 0) == ["Lightning Bolt"]
    assert sorted(library_names(game, 0)) == ["Forest", "Grizzly Bears",
                                              "Lightning Bolt", "Mountain"]
    kinds = [e["type"] for e in game.events]
    assert kinds.index("search") < kinds.index("found") < kinds.index("shuffle")
    found = next(e for e in game.events if e["type"] == "found")
    assert found["card"] == "Lightning Bolt" and not found["revealed"]
    assert "card" not in game.event_for(found, 1)  # not revealed: hidden
    assert describe(game.event_for(found, 1), 1) == \
        "Seat 0 puts a card into their hand."


def test_search_shuffles_with_the_game_dice():
    orders = set()
    for seed in range(6):
        game = MagicGame.empty(seed)
        cast(game, "Demonic Tutor", "Swamp", "Swamp",
             library=[f"{t}" for t in ("Forest", "Island", "Mountain", "Plains",
                                       "Swamp", "Wastes", "Forest", "Island")])
        settle(game)
        act(game, "Wastes")
        orders.add(tuple(library_names(game, 0)))
        again = MagicGame.empty(seed)
        cast(again, "Demonic Tutor", "Swamp", "Swamp",
             library=["Forest", "Island", "Mountain", "Plains", "Swamp", "Wastes",
                      "Forest", "Island"])
        settle(again)
        act(again, "Wastes")
        assert library_names(again, 0) == library_names(game, 0)  # same seed
    assert len(orders) > 1


def test_search_for_a_basic_land_puts_it_onto_the_battlefield_tapped():
    game = blank()
    cast(game, "Rampant Growth", "Forest", "Forest",
         library=["Llanowar Elves", "Karplusan Forest", "Plains", "Forest"])
    settle(game)
    # only basic land cards; a stated quality: the search may find nothing
    assert names(game) == {"find Forest": A.hand(0), "find Plains": A.hand(1),
                           "done: find nothing more": A.DONE}
    act(game, "Plains")
    plains = next(pid for pid, perm in game.battlefield.items()
                  if game.pdef(pid).name == "Plains")
    assert game.battlefield[plains].tapped
    assert len(game.library[0]) == 3


def test_a_search_with_a_quality_may_find_nothing_701_23b():
    game = blank()
    lands(game, 0, "Forest")
    wilds = game.add_permanent("Evolving Wilds", 0)
    game.set_library(0, ["Forest", "Island"])
    game.start_at("main1", 0)
    act(game, "Evolving Wilds")  # {T}, sacrifice: search for a basic land, tapped
    assert wilds not in game.battlefield
    settle(game)
    act(game, "done")
    assert sorted(library_names(game, 0)) == ["Forest", "Island"]
    kinds = [e["type"] for e in game.events]
    assert "found" not in kinds and kinds.index("search") < kinds.index("shuffle")


def test_a_fetch_land_pays_life_and_finds_a_land_with_the_type_untapped():
    game = blank()
    strand = game.add_permanent("Flooded Strand", 0)
    game.set_library(0, ["Forest", "Tundra", "Island", "Lightning Bolt"])
    game.start_at("main1", 0)
    act(game, "Flooded Strand")
    settle(game)
    assert strand not in game.battlefield and game.life[0] == 19
    # "a Plains or Island card": any card with either land type, basic or not
    assert set(names(game)) == {"find Island", "find Tundra", "done: find nothing more"}
    act(game, "Tundra")
    tundra = next(pid for pid in game.battlefield if game.pdef(pid).name == "Tundra")
    assert not game.battlefield[tundra].tapped


def test_a_search_turns_pages_of_sixteen_names():
    game = blank()
    library = sorted(n for n, d in card_pool().cards.items()
                     if n in {"Lightning Bolt", "Shock", "Giant Growth", "Opt",
                              "Duress", "Grizzly Bears", "Hill Giant", "Serra Angel",
                              "Llanowar Elves", "Forest", "Island", "Swamp", "Plains",
                              "Mountain", "Wastes", "Counterspell", "Murder",
                              "Divination"})
    assert len(library) == 18
    cast(game, "Demonic Tutor", "Swamp", "Swamp", library=library)
    settle(game)
    legal = game.legal_actions()
    assert sorted(legal) == sorted([A.hand(i) for i in range(16)] + [A.mode(0)])
    act(game, "next page")
    assert sorted(game.legal_actions()) == sorted([A.hand(0), A.hand(1), A.mode(0)])
    pick = game.observation_for(0)["looking"][1]
    game.apply_action(A.hand(1))
    assert hand_names(game, 0) == [pick] and pick == library[-1]


def test_search_then_shuffle_and_put_that_card_on_top():
    game = blank()
    cast(game, "Vampiric Tutor", "Swamp", library=TUTOR_LIBRARY)
    settle(game)
    act(game, "Grizzly Bears")
    assert library_names(game, 0)[0] == "Grizzly Bears"
    assert game.life[0] == 18
    kinds = [e["type"] for e in game.events]
    assert kinds.index("shuffle") < kinds.index("found")


def test_cultivate_puts_one_land_onto_the_battlefield_tapped_and_one_into_the_hand():
    game = blank()
    cast(game, "Cultivate", "Forest", "Forest", "Forest",
         library=["Island", "Forest", "Mountain", "Lightning Bolt"])
    settle(game)
    act(game, "Mountain")
    act(game, "Island")
    assert game.decision == {"kind": "search_split", "player": 0}
    assert names(game) == {"put Mountain onto the battlefield": A.hand(0),
                           "put Island onto the battlefield": A.hand(1)}
    act(game, "Island onto")
    island = next(pid for pid in game.battlefield if game.pdef(pid).name == "Island")
    assert game.battlefield[island].tapped
    assert hand_names(game, 0) == ["Mountain"]
    found = [e for e in game.events if e["type"] == "found"]
    assert all(game.event_for(e, 1).get("card") for e in found)  # revealed


def test_cultivate_with_one_land_found_may_put_it_into_the_hand():
    game = blank()
    cast(game, "Cultivate", "Forest", "Forest", "Forest",
         library=["Island", "Lightning Bolt"])
    settle(game)
    act(game, "Island")
    assert names(game) == {"put Island onto the battlefield": A.hand(0),
                           "done: put it into your hand": A.DONE}
    act(game, "done")
    assert hand_names(game, 0) == ["Island"]


# ----------------------------------------------- revealed hands (701.20, 701.9)
def duress_position(spell: str = "Duress", *lands_: str) -> MagicGame:
    game = blank()
    for name in ("Forest", "Grizzly Bears", "Lightning Bolt", "Giant Growth"):
        game.add_card(name, 1)
    cast(game, spell, *(lands_ or ("Swamp",)))
    act(game, "player 1")
    settle(game)
    return game


def test_duress_reveals_the_hand_and_the_caster_chooses_what_is_discarded():
    game = duress_position()
    assert game.decision == {"kind": "hand_choice", "player": 0}
    # a noncreature, nonland card: not the Forest, not the Bears
    assert names(game) == {"choose hand 2 (Lightning Bolt) of player 1": A.hand(2),
                           "choose hand 3 (Giant Growth) of player 1": A.hand(3)}
    assert game.observation_for(0)["looking"] == ["Forest", "Grizzly Bears",
                                                  "Lightning Bolt", "Giant Growth"]
    with pytest.raises(IllegalActionError):
        game.apply_action(A.hand(0))
    reveal = next(e for e in game.events if e["type"] == "reveal_hand")
    assert game.event_for(reveal, 0)["cards"] == reveal["cards"]  # public
    assert describe(reveal, 0) == ("Seat 1 reveals their hand: Forest, Grizzly Bears, "
                                   "Lightning Bolt and Giant Growth.")
    act(game, "Giant Growth")
    assert hand_names(game, 1) == ["Forest", "Grizzly Bears", "Lightning Bolt"]
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Giant Growth"]
    # every player saw the hand: the caster's determinization keeps it
    twin = game.determinize(0, np.random.default_rng(2))
    assert hand_names(twin, 1) == hand_names(game, 1)


def test_duress_with_nothing_to_choose_still_reveals():
    game = blank()
    game.add_card("Forest", 1)
    game.add_card("Grizzly Bears", 1)
    cast(game, "Duress", "Swamp")
    act(game, "player 1")
    settle(game)
    assert game.decision["kind"] == "priority" and len(game.hand[1]) == 2
    assert any(e["type"] == "reveal_hand" for e in game.events)


def test_thoughtseize_may_target_its_caster():
    game = blank()
    game.add_card("Lightning Bolt", 0)
    cast(game, "Thoughtseize", "Swamp")  # target player; you lose 2 life
    act(game, "player 0")
    settle(game)
    assert names(game) == {"choose hand 0 (Lightning Bolt) of player 0": A.hand(0)}
    act(game, "Lightning Bolt")
    assert game.hand[0] == [] and game.life[0] == 18


def test_a_discard_of_the_casters_choice_differs_from_the_players_own_choice():
    # Distress: the caster chooses (hand_choice, player 0); Mind Rot: "target player
    # discards two cards", the discarding player chooses (discard, player 1)
    game = duress_position("Distress", "Swamp", "Swamp")
    assert game.decision == {"kind": "hand_choice", "player": 0}
    game = blank()
    for name in ("Forest", "Grizzly Bears", "Lightning Bolt"):
        game.add_card(name, 1)
    cast(game, "Mind Rot", "Swamp", "Swamp", "Swamp")
    act(game, "player 1")
    settle(game)
    assert game.decision == {"kind": "discard", "player": 1}
    assert not any(e["type"] == "reveal_hand" for e in game.events)


# --------------------------------------------------------- state and random play
def test_a_pending_search_round_trips_and_clones():
    game = blank()
    cast(game, "Cultivate", "Forest", "Forest", "Forest",
         library=["Island", "Forest", "Mountain", "Lightning Bolt"])
    settle(game)
    act(game, "Mountain")
    copies = [MagicGame.from_dict(json.loads(json.dumps(game.to_dict()))), game.clone()]
    for other in copies:
        assert other.legal_actions() == game.legal_actions()
        act(other, "Island")
        act(other, "Mountain onto")
        assert hand_names(other, 0) == ["Island"]
    assert has(game, "find Island")  # the original is untouched


LIBRARY_DECK = ("Opt", "Preordain", "Consider", "Ponder", "Demonic Tutor",
                "Vampiric Tutor", "Rampant Growth", "Cultivate", "Duress",
                "Thoughtseize", "Coercion", "Evolving Wilds", "Flooded Strand",
                "Sylvan Scrying", "Impulse", "Commune with Nature", "Sleight of Hand",
                "Elvish Rejuvenator", "Path to Exile", "Dryad Greenseeker",
                "Inquisition of Kozilek", "Grizzly Bears", "Lightning Bolt")


def test_random_games_with_library_cards_keep_the_invariants():
    rng = np.random.default_rng(29)
    basics = ("Island", "Swamp", "Forest", "Mountain", "Plains")
    seen: set[str] = set()
    for seed in range(12):
        players = 2 + seed % 3
        decks = [[LIBRARY_DECK[i % len(LIBRARY_DECK)] for i in range(40)]
                 + [basics[i % 5] for i in range(20)] for _ in range(players)]
        game = new_game(seed, num_players=players, decks=decks, max_turns=30)
        run(game, rng, every=2)
        seen.update(e["type"] for e in game.events)
        check(game)
    assert {"look", "search", "found", "shuffle", "reveal_hand", "to_bottom",
            "surveil"} <= seen


# ------------------------------------------------------------------ compiling
def compiled(name: str) -> fx.CardDef:
    return compile_card(card_pool()[name])


def spell(name: str) -> fx.Effect:
    return compiled(name).spell.effect


def test_compile_scry_surveil_and_put_back_in_any_order():
    assert spell("Opt") == fx.Sequence((fx.LookAtTop(1, "scry"), fx.Draw(1)))
    assert spell("Preordain") == fx.Sequence((fx.LookAtTop(2, "scry"), fx.Draw(1)))
    assert spell("Consider") == fx.Sequence((fx.LookAtTop(1, "surveil"), fx.Draw(1)))
    assert spell("Ponder") == fx.Sequence((fx.LookAtTop(3, "order"),
                                           fx.MayDo(fx.Shuffle()), fx.Draw(1)))
    assert spell("Titan's Strength").steps[1] == fx.LookAtTop(1, "scry")


def test_compile_searches():
    assert spell("Demonic Tutor") == fx.Search(fx.Filter(), 1, "hand")
    assert spell("Vampiric Tutor") == fx.Sequence((fx.Search(fx.Filter(), 1, "top"),
                                                   fx.LoseLife(2)))
    assert spell("Rampant Growth") == fx.Search(BASIC_LAND, 1, "battlefield",
                                                tapped=True)
    assert spell("Sylvan Scrying") == fx.Search(
        fx.Filter(types=frozenset({"Land"})), reveal=True)
    assert spell("Cultivate") == fx.Search(BASIC_LAND, 2, "split", tapped=True,
                                           reveal=True)
    wilds = compiled("Evolving Wilds").activated[0]
    assert wilds.cost == fx.Cost(tap=True, sacrifice_self=True)
    assert wilds.effect == fx.Search(BASIC_LAND, 1, "battlefield", tapped=True)
    strand = compiled("Flooded Strand").activated[0]
    assert strand.cost == fx.Cost(tap=True, sacrifice_self=True, pay_life=1)
    assert strand.effect == fx.Search(
        fx.Filter(subtypes=frozenset({"Plains", "Island"})), 1, "battlefield")
    amulet = compiled("Traveler's Amulet").activated[0]
    assert amulet.effect == fx.Search(BASIC_LAND, reveal=True)


def test_compile_revealed_hands():
    assert spell("Duress") == fx.ChooseDiscard(
        fx.Target("opponent"), fx.Filter(props=frozenset({"noncreature", "nonland"})))
    assert spell("Thoughtseize") == fx.Sequence((fx.ChooseDiscard(
        fx.Target("player"), fx.Filter(props=frozenset({"nonland"}))), fx.LoseLife(2)))
    assert spell("Coercion") == fx.ChooseDiscard(fx.Target("opponent"))
    assert spell("Shattered Dreams") == fx.ChooseDiscard(
        fx.Target("opponent"), fx.Filter(types=frozenset({"Artifact"})))


@pytest.mark.parametrize(("name", "line"), [
    # "if that card is snow": a quality without "card" is not read yet
    ("Scrying Sheets", "look at the top card of your library. if that card is snow, "
                       "you may reveal it and put it into your hand."),
])
def test_library_sentences_not_read_yet(name, line):
    with pytest.raises(Unsupported) as err:
        compiled(name)
    assert err.value.reason == line


# ------------------------------------------- look at the top N and take some
def test_dig_takes_a_card_of_the_quality_and_puts_the_rest_on_the_bottom_in_any_order():
    game = blank()
    cast(game, "Commune with Nature", "Forest",  # top 5: may reveal a creature
         library=["Forest", "Grizzly Bears", "Lightning Bolt", "Hill Giant", "Island",
                  "Plains"])
    settle(game)
    assert game.decision == {"kind": "look", "player": 0}
    assert names(game) == {"take card 1 (Grizzly Bears) into your hand": A.hand(1),
                           "take card 3 (Hill Giant) into your hand": A.hand(3),
                           "done: take no more": A.DONE}
    act(game, "Hill Giant")
    found = next(e for e in game.events if e["type"] == "found")
    assert game.event_for(found, 1)["card"] == "Hill Giant"  # revealed
    # the other four go on the bottom one chosen card at a time, the last lowest
    assert set(names(game)) == {"put card 0 (Forest) on the bottom",
                                "put card 1 (Grizzly Bears) on the bottom",
                                "put card 2 (Lightning Bolt) on the bottom",
                                "put card 3 (Island) on the bottom"}
    act(game, "Island")
    act(game, "Forest")
    act(game, "Lightning Bolt")
    assert hand_names(game, 0) == ["Hill Giant"]
    assert library_names(game, 0) == ["Plains", "Island", "Forest", "Lightning Bolt",
                                      "Grizzly Bears"]


def test_dig_may_take_nothing_and_put_the_rest_in_a_random_order():
    game = blank()
    game.add_permanent("Forest", 0)
    game.add_card("Elvish Rejuvenator", 0)  # enters: top 5, may put a land tapped
    game.set_library(0, ["Lightning Bolt", "Grizzly Bears", "Forest", "Hill Giant",
                         "Shock", "Island"])
    lands(game, 0, "Forest", "Forest")
    game.start_at("main1", 0)
    act(game, "Elvish Rejuvenator")
    settle(game)
    settle(game)
    assert names(game) == {"take card 2 (Forest) onto the battlefield": A.hand(2),
                           "done: take no more": A.DONE}
    act(game, "done")
    assert library_names(game, 0)[0] == "Island"
    assert sorted(library_names(game, 0)[1:]) == sorted(
        ["Lightning Bolt", "Grizzly Bears", "Forest", "Hill Giant", "Shock"])
    assert sum(e["type"] == "to_bottom" for e in game.events) == 5


def test_dig_must_take_the_cards_it_names_and_the_rest_go_to_the_graveyard():
    game = blank()
    cast(game, "Ancestral Memories", "Island", "Island", "Island", "Swamp", "Swamp",
         library=["Forest", "Island", "Mountain", "Plains"])  # top 7: two to hand
    settle(game)
    assert A.DONE not in game.legal_actions()
    act(game, "Mountain")
    act(game, "Forest")
    assert hand_names(game, 0) == ["Mountain", "Forest"]
    assert game.library[0] == []
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Island", "Plains",
                                                            "Ancestral Memories"]
    found = [e for e in game.events if e["type"] == "found"]
    assert all("card" not in game.event_for(e, 1) for e in found)  # not revealed


def test_compile_digs():
    assert spell("Impulse") == fx.Dig(4)
    assert spell("Sleight of Hand") == fx.Dig(2)
    assert spell("Commune with Nature") == fx.Dig(
        5, 1, fx.Filter(types=frozenset({"Creature"})), True, reveal=True)
    assert spell("Ancestral Memories") == fx.Dig(7, 2, rest="graveyard")
    (trigger,) = compiled("Elvish Rejuvenator").triggered
    assert trigger.effect == fx.Dig(5, 1, fx.Filter(types=frozenset({"Land"})), True,
                                    "battlefield", True, rest="random")


# ------------------------------------------------ another player may search
def test_path_to_exile_its_controller_may_search_and_chooses_the_land():
    for answer in ("yes", "no"):
        game = blank()
        bears = game.add_permanent("Grizzly Bears", 1)
        game.set_library(1, ["Lightning Bolt", "Plains", "Wastes"])
        cast(game, "Path to Exile", "Plains")
        game.apply_action(A.permanent(game.battlefield[bears].slot))
        settle(game)
        assert bears not in game.battlefield
        # the exiled creature's controller decides, and searches
        assert game.decision == {"kind": "search_may", "player": 1}
        act(game, answer)
        kinds = [e["type"] for e in game.events]
        if answer == "no":  # no search, no shuffle
            assert "search" not in kinds and "shuffle" not in kinds
            assert library_names(game, 1) == ["Lightning Bolt", "Plains", "Wastes"]
            continue
        assert game.decision == {"kind": "search", "player": 1}
        assert set(names(game)) == {"find Plains", "find Wastes",
                                    "done: find nothing more"}
        act(game, "Plains")
        plains = [pid for pid, perm in game.battlefield.items()
                  if perm.controller == 1 and game.pdef(pid).name == "Plains"]
        assert len(plains) == 1 and game.battlefield[plains[0]].tapped


def test_compile_searches_by_other_players_and_for_subtypes():
    assert spell("Path to Exile") == fx.Sequence((
        fx.Exile(fx.Target("creature")),
        fx.Search(BASIC_LAND, 1, "battlefield", tapped=True,
                  who=fx.Ref("its_controller"), optional=True)))
    (trigger,) = compiled("Heliod's Pilgrim").triggered  # may search for an Aura
    assert trigger.optional and trigger.effect == fx.Search(
        fx.Filter(subtypes=frozenset({"Aura"})), reveal=True)


# --------------------------------------------- qualities of cards in hidden zones
def test_inquisition_chooses_among_cards_with_mana_value_3_or_less():
    game = blank()
    for name in ("Forest", "Serra Angel", "Lightning Bolt", "Hill Giant"):
        game.add_card(name, 1)
    cast(game, "Inquisition of Kozilek", "Swamp")
    act(game, "player 1")
    settle(game)
    # nonland, mana value 3 or less: the Bolt (1) and the Giant (4) is out
    assert names(game) == {"choose hand 2 (Lightning Bolt) of player 1": A.hand(2)}


def test_a_dig_compares_the_printed_power_of_the_cards():
    game = blank()
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Militia Bugler", 0)  # enters: top 4, a creature with power 2 or less
    game.set_library(0, ["Serra Angel", "Grizzly Bears", "Lightning Bolt", "Forest"])
    game.start_at("main1", 0)
    act(game, "Militia Bugler")
    settle(game)
    settle(game)
    assert names(game) == {"take card 1 (Grizzly Bears) into your hand": A.hand(1),
                           "done: take no more": A.DONE}


def test_compile_card_qualities():
    assert spell("Inquisition of Kozilek") == fx.ChooseDiscard(
        fx.Target("player"), fx.Filter(props=frozenset({"nonland", "mana_value<=3"})))
    (trigger,) = compiled("Trinket Mage").triggered
    assert trigger.effect == fx.Search(fx.Filter(
        types=frozenset({"Artifact"}), props=frozenset({"mana_value<=1"})), reveal=True)
    assert spell("Collected Company") == fx.Dig(
        6, 2, fx.Filter(types=frozenset({"Creature"}),
                        props=frozenset({"mana_value<=3"})), True, "battlefield")


def test_look_at_the_top_card_and_take_it_if_it_has_the_quality():
    game = blank()
    game.add_permanent("Dryad Greenseeker", 0)  # {T}: top card; a land: may take it
    game.set_library(0, ["Forest", "Lightning Bolt"])
    game.start_at("main1", 0)
    act(game, "Dryad Greenseeker")
    settle(game)
    assert names(game) == {"take card 0 (Forest) into your hand": A.hand(0),
                           "done: take no more": A.DONE}
    act(game, "Forest")
    assert hand_names(game, 0) == ["Forest"]
    # not a land: nothing to decide, it stays on top
    game = blank()
    game.add_permanent("Dryad Greenseeker", 0)
    game.set_library(0, ["Lightning Bolt", "Forest"])
    game.start_at("main1", 0)
    act(game, "Dryad Greenseeker")
    settle(game)
    assert game.decision["kind"] == "priority"
    assert library_names(game, 0) == ["Lightning Bolt", "Forest"]


def test_a_card_not_taken_goes_to_the_bottom_when_the_card_says_so():
    game = blank()
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    game.add_permanent("Vivien's Grizzly", 0)  # creature or planeswalker; else bottom
    game.set_library(0, ["Hill Giant", "Lightning Bolt"])
    game.start_at("main1", 0)
    act(game, "Vivien's Grizzly")
    settle(game)
    act(game, "done")
    assert library_names(game, 0) == ["Lightning Bolt", "Hill Giant"]
    assert hand_names(game, 0) == []


def test_compile_a_look_at_the_top_card():
    (scope,) = compiled("Explorer's Scope").triggered
    assert scope.effect == fx.Dig(1, 1, fx.Filter(types=frozenset({"Land"})), True,
                                  "battlefield", True, rest="top")
    assert compiled("Vivien's Grizzly").activated[0].effect == fx.Dig(
        1, 1, fx.Filter(types=frozenset({"Creature", "Planeswalker"})), True,
        reveal=True, rest="bottom")


def test_search_for_cards_named_this():
    game = blank()
    lands(game, 0, "Plains", "Plains")
    game.add_card("Squadron Hawk", 0)  # enters: may search for up to three named this
    game.set_library(0, ["Squadron Hawk", "Serra Angel", "Squadron Hawk"])
    game.start_at("main1", 0)
    act(game, "Squadron Hawk")
    settle(game)
    settle(game)
    act(game, "yes")
    assert names(game) == {"find Squadron Hawk": A.hand(0),
                           "done: find nothing more": A.DONE}
    act(game, "Squadron Hawk")
    act(game, "Squadron Hawk")  # the second copy; then none is left to find
    assert hand_names(game, 0) == ["Squadron Hawk", "Squadron Hawk"]
    assert library_names(game, 0) == ["Serra Angel"]
    (trigger,) = compiled("Squadron Hawk").triggered
    assert trigger.effect == fx.Search(fx.Filter(props=frozenset({"named_self"})), 3,
                                       reveal=True)


def test_608_2n_a_spell_shuffled_into_its_library_instead_of_the_graveyard():
    """Black Sun's Zenith: X -1/-1 counters on each creature, then the spell card goes
    into its owner's library (shuffled), not the graveyard."""
    game = blank()
    game.add_card("Black Sun's Zenith", 0)
    lands(game, 0, *["Swamp"] * 3)
    bears = game.add_permanent("Grizzly Bears", 1)
    elves = game.add_permanent("Llanowar Elves", 0)
    game.start_at("main1", 0)
    before = len(game.library[0])
    act(game, "Black Sun's Zenith")
    act(game, "X = 1")
    settle(game)
    assert game.battlefield[bears].counters == {"-1/-1": 1}
    assert elves not in game.battlefield
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Llanowar Elves"]
    assert len(game.library[0]) == before + 1
    assert "Black Sun's Zenith" in [game.name_of(c) for c in game.library[0]]
    kinds = [e["type"] for e in game.events]
    assert kinds.index("spell_card_to") + 1 == kinds.index("shuffle",
                                                           kinds.index("spell_card_to"))


def test_shuffling_itself_in_is_only_a_spells_last_step():
    zenith = compile_card(card_pool()["Black Sun's Zenith"])
    first, last = zenith.spell.effect.steps
    reordered = dataclasses.replace(zenith, spell=dataclasses.replace(
        zenith.spell, effect=fx.Sequence((last, first))))
    assert any("spell card's destination" in why for why in unresolvable(reordered))


# -------------------------------------------- reveal the top N cards (701.20a)
def test_701_20a_grisly_salvage_reveals_five_and_may_take_a_creature_or_land():
    """Every revealed card is shown to the other seat (event ``reveal_top``); the
    caster may take one creature or land card; the rest go to the graveyard."""
    game = blank()
    cast(game, "Grisly Salvage", "Swamp", "Forest",
         library=["Lightning Bolt", "Grizzly Bears", "Forest", "Shock", "Duress",
                  "Island"])
    settle(game)
    shown = [game.event_for(e, 1) for e in game.events if e["type"] == "reveal_top"]
    assert shown == [{**shown[0], "cards": ["Lightning Bolt", "Grizzly Bears", "Forest",
                                            "Shock", "Duress"]}]
    assert sorted(game.legal_actions()) == sorted([A.hand(1), A.hand(2), A.DONE])
    act(game, "Grizzly Bears")
    assert hand_names(game, 0) == ["Grizzly Bears"]
    assert library_names(game, 0) == ["Island"]
    assert sorted(game.name_of(c) for c in game.graveyard[0]) == [
        "Duress", "Forest", "Grisly Salvage", "Lightning Bolt", "Shock"]


def test_701_20a_mulch_puts_all_the_land_cards_revealed_into_the_hand_at_once():
    game = blank()
    cast(game, "Mulch", "Forest", "Forest",
         library=["Forest", "Shock", "Mountain", "Island", "Plains"])
    settle(game)
    assert game.decision["kind"] == "priority"  # no choice to make
    assert hand_names(game, 0) == ["Forest", "Mountain", "Island"]
    assert library_names(game, 0) == ["Plains"]
    assert sorted(game.name_of(c) for c in game.graveyard[0]) == ["Mulch", "Shock"]


def test_compile_reveal_the_top_cards():
    land = fx.Filter(types=frozenset({"Land"}))
    assert spell("Mulch") == fx.Dig(4, fx.DIG_ALL, land, False, reveal=True,
                                    rest="graveyard", reveal_top=True)
    assert spell("Grisly Salvage") == fx.Dig(
        5, 1, fx.Filter(types=frozenset({"Creature", "Land"})), True, reveal=True,
        rest="graveyard", reveal_top=True)
    (trigger,) = compiled("Satyr Wayfinder").triggered
    assert trigger.effect == fx.Dig(4, 1, land, True, reveal=True, rest="graveyard",
                                    reveal_top=True)


# ---------------------------------------- reveal the top card (701.20a): RevealTop
DELVER = "Delver of Secrets // Insectile Aberration"


def delver_upkeep(top: str) -> tuple[MagicGame, int]:
    """Delver of Secrets at its controller's upkeep with ``top`` on its library: its
    trigger has resolved up to "you may reveal that card"."""
    game = blank()
    delver = game.add_permanent(DELVER, 0)
    game.set_library(0, [top, "Island"])
    game.start_at("upkeep", 0)
    while game.decision["kind"] != "yesno":
        game.apply_action(A.PASS)
    return game, delver


def test_701_20a_delver_reveals_an_instant_and_transforms():
    game, delver = delver_upkeep("Lightning Bolt")
    act(game, "yes")
    settle(game)
    assert game.pdef(delver).name == "Insectile Aberration"
    shown = [game.event_for(e, 1) for e in game.events if e["type"] == "reveal_top"]
    assert [e["cards"] for e in shown] == [["Lightning Bolt"]]
    assert library_names(game, 0)[0] == "Lightning Bolt"  # it stays on top


def test_701_20a_delver_revealing_a_land_does_not_transform():
    game, delver = delver_upkeep("Forest")
    act(game, "yes")
    settle(game)
    assert game.pdef(delver).name == DELVER
    assert "reveal_top" in [e["type"] for e in game.events]


def test_701_20a_delver_not_revealing_does_not_transform():
    game, delver = delver_upkeep("Lightning Bolt")
    act(game, "no")
    settle(game)
    assert game.pdef(delver).name == DELVER
    assert "reveal_top" not in [e["type"] for e in game.events]


@pytest.mark.parametrize("top, to_hand", [("Forest", True), ("Lightning Bolt", False)])
def test_701_20a_goblin_guide_defending_player_reveals_and_takes_a_land(top, to_hand):
    from magic.positions import attack, finish_attacks, to_combat
    game = blank()
    guide = game.add_permanent("Goblin Guide", 0)
    game.set_library(1, [top, "Island"])
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, guide)
    finish_attacks(game)
    settle(game)
    assert [e["cards"] for e in game.events if e["type"] == "reveal_top"] == [[top]]
    assert (hand_names(game, 1) == [top]) == to_hand
    assert (library_names(game, 1) == ["Island"]) == to_hand


def test_compile_reveal_the_top_card():
    (trigger,) = compiled(DELVER).triggered
    assert trigger.effect == fx.Sequence((fx.LookAtTop(1, "order"), fx.MayDo(
        fx.RevealTop(fx.Ref("you"), fx.Filter(types=frozenset({"Instant", "Sorcery"})),
                     fx.Transform()))))
    (trigger,) = compiled("Goblin Guide").triggered
    assert trigger.effect == fx.RevealTop(fx.Ref("defending_player"),
                                          fx.Filter(types=frozenset({"Land"})),
                                          to_hand=True)


# ------------------------------------------------------------------ explore
def _explore_game(top: list[str]) -> tuple[MagicGame, int]:
    """Seekers' Squire cast by seat 0 with ``top`` on top of its library (first on
    top); its enters trigger on the stack, resolving next."""
    game = blank()
    game.set_library(0, [*top, "Island", "Island"])
    game.add_card("Seekers' Squire", 0)
    lands(game, 0, "Swamp", "Swamp")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    for _ in range(4):  # both pass: the Squire resolves; its trigger waits
        squire = next((pid for pid, perm in game.battlefield.items()
                       if game.name_of(perm.card) == "Seekers' Squire"), None)
        if squire is not None:
            return game, squire
        game.apply_action(A.PASS)
    raise AssertionError("the Squire never resolved")


def test_701_44a_explore_a_land_goes_to_hand_without_a_counter():
    game, squire = _explore_game(["Forest"])
    settle(game)
    assert [game.name_of(c) for c in game.hand[0]] == ["Forest"]
    assert game.battlefield[squire].counters.get("+1/+1", 0) == 0
    explore = next(e for e in game.events if e["type"] == "explore")
    assert explore["land"] and "Forest" in describe(explore)


def test_701_44a_explore_a_nonland_a_counter_and_the_choice_of_graveyard():
    for answer, graveyard in ((A.YES, True), (A.NO, False)):
        game, squire = _explore_game(["Lightning Bolt"])
        settle(game)
        d = game.decision
        assert d["kind"] == "yesno" and "explore" in d and d["player"] == 0
        assert game.battlefield[squire].counters["+1/+1"] == 1
        bolt = d["explore"]
        assert game.name_of(bolt) == "Lightning Bolt"
        assert game.looking_at(0) == [bolt] and game.looking_at(1) == []
        from labyrinth_gym.envs.magic.encoding import GLOBAL
        assert MagicObs(encode(game, 0)).g[GLOBAL["yesno_explore"]] == 1
        game.apply_action(answer)
        assert (bolt in game.graveyard[0]) is graveyard
        assert (game.library[0][-1] == bolt) is not graveyard
        assert not game.hand[0]


def test_701_44a_explore_with_an_empty_library_still_gets_the_counter():
    game, squire = _explore_game([])
    game.library[0].clear()
    settle(game)
    assert game.battlefield[squire].counters["+1/+1"] == 1
    assert game.decision["kind"] == "priority"
