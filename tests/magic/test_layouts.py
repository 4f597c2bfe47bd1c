"""Card layouts beyond "normal": transforming double-faced cards (rules 712, 701.28,
603.4's werewolf conditions), and why split, adventurer and modal double-faced cards
are still refused (the card data has only their first face)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from labyrinth_gym.envs.magic.encoding import CARD, MagicObs, encode
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import (
    Unsupported,
    compile_card,
    compiled_pool,
)
from labyrinth_gym.envs.magic.engine.game import MagicGame
from labyrinth_gym.envs.magic.engine.text.layouts import colour_indicators
from labyrinth_gym.envs.magic.prose import describe
from magic.positions import (
    act,
    blank,
    lands,
    names,
    pass_until,
    pool,
    settle,
    slot,
    types_of,
)

SHEPHERD = "Gatstaf Shepherd // Gatstaf Howler"
ODDITY = "Ulvenwald Oddity // Ulvenwald Behemoth"
TOME = "Mysterious Tome // Chilling Chronicle"
SENTRY = "Thraben Sentry // Thraben Militia"


def upkeep_with(card: str, spells_last_turn: list[int], *, active: int = 0,
                transformed: bool = False) -> tuple[MagicGame, int]:
    """A game at ``active``'s upkeep with ``card`` on player 0's battlefield (back
    face up if ``transformed``) and ``spells_last_turn`` cast by each player in the
    turn before."""
    game = blank()
    pid = game.add_permanent(card, 0)
    if transformed:
        assert game.transform(pid)
        game.events.clear()
    game.spells_last_turn = spells_last_turn
    game.start_at("upkeep", active)
    return game, pid


# ------------------------------------------------------------------ compiling
def test_a_transform_card_is_its_front_face_with_its_back_face_712():
    """712.8a/e: the card is its front face; the back face has no mana cost, its mana
    value is the front face's, its colour the one its colour indicator gives (the
    front face's colours, here green); each face reads its own name as "this"."""
    shepherd = pool(SHEPHERD)
    assert (shepherd.name, shepherd.power, shepherd.toughness) == (SHEPHERD, 2, 2)
    howler = shepherd.back
    assert howler is not None and howler.back is None
    assert (howler.name, howler.power, howler.toughness) == ("Gatstaf Howler", 3, 3)
    assert howler.cost is None and howler.mana_value == shepherd.mana_value == 2
    assert howler.colours == ("G",) and "intimidate" in howler.keywords
    (front_trigger,) = shepherd.triggered
    (back_trigger,) = howler.triggered
    assert front_trigger == fx.TriggeredAbility(
        fx.Trigger("upkeep", fx.Ref("each_player"), "no_spells_last_turn"),
        fx.Transform())
    assert back_trigger.trigger.condition == "two_spells_last_turn"


def test_the_templates_unlock_real_transform_cards():
    """Activated, triggered and werewolf transforms of both faces compile."""
    supported = compiled_pool().supported
    for name in (SHEPHERD, ODDITY, TOME, SENTRY, "Heir of Falkenrath // Heir to the Night",
                 "Ecstatic Awakener // Awoken Demon", "Village Ironsmith // Ironfang",
                 "Hanweir Watchkeep // Bane of Hanweir",
                 "Thraben Gargoyle // Stonewing Antagonizer"):
        assert name in supported, compiled_pool().unsupported.get(name)
    tome = supported[TOME]
    assert tome.activated[0].effect == fx.Sequence((fx.Draw(1), fx.Transform()))
    assert tome.back.activated[0].effect.steps[-1] == fx.Transform()


def test_a_back_face_that_does_not_compile_refuses_the_card_and_says_so():
    unsupported = compiled_pool().unsupported
    assert unsupported["Ravenous Demon // Archdemon of Greed"].startswith(
        "back face: ")
    # Huntmaster's front face alone reads "enters or transforms into <its name>" (701.28g)
    printed = card_pool()["Huntmaster of the Fells // Ravager of the Fells"]
    front = compile_card(dataclasses.replace(printed, name="Huntmaster of the Fells",
                                             layout="normal", back=None))
    assert [t.trigger.event for t in front.triggered] == ["enters", "transforms_into",
                                                          "upkeep"]


def test_a_back_face_whose_colour_nothing_tells_is_refused_204():
    """712.8e: a back face's colour is its colour indicator (204); the card data has
    none, so a card neither the shipped indicators nor its colours tell is refused."""
    printed = card_pool()["Civilized Scholar // Homicidal Brute"]
    unlisted = dataclasses.replace(printed, name="Civilized Scholar // Unlisted Brute")
    with pytest.raises(Unsupported, match="back face's colour indicator"):
        compile_card(unlisted)


def test_the_shipped_colour_indicators_name_real_cards_204_1():
    """204.1: the indicators file names transform cards of the pool whose back faces
    the data gives no colour, each with colours of the card's colour identity."""
    cards = card_pool()
    table = colour_indicators()
    assert table["Garruk Relentless // Garruk, the Veil-Cursed"] == ("B", "G")
    assert table["Brutal Cathar // Moonrage Brute"] == ("R",)
    assert table["Balamb Garden, SeeD Academy // Balamb Garden, Airborne"] == ()
    for name, colours in table.items():
        printed = cards[name]
        assert printed.back is not None and printed.back.cost is None, name
        assert set(colours) <= set(printed.colour_identity), name


def test_colour_indicators_unlock_real_transform_cards_204():
    """Back faces of another colour than their front (werewolves turning red or green,
    Phyrexian back faces) compile with their indicator's colours."""
    supported = compiled_pool().supported
    for name, colours in (("Brutal Cathar // Moonrage Brute", ("R",)),
                          ("Daybreak Ranger // Nightfall Predator", ("G",)),
                          ("Town Gossipmonger // Incited Rabble", ("R",)),
                          ("Cloistered Youth // Unholy Fiend", ("B",)),
                          ("Suspicious Stowaway // Seafaring Werewolf", ("G",)),
                          ("Polukranos Reborn // Polukranos, Engine of Ruin",
                           ("W", "G"))):
        assert name in supported, compiled_pool().unsupported.get(name)
        assert supported[name].back.colours == colours


def test_a_transformed_permanent_has_its_indicators_colour_204_712_8e():
    """Incited Rabble is red (its colour indicator) though Town Gossipmonger is white."""
    game = blank()
    pid = game.add_permanent("Town Gossipmonger // Incited Rabble", 0)
    assert game.pdef(pid).colours == ("W",)
    assert game.transform(pid)
    assert game.pdef(pid).colours == ("R",)


def test_split_adventure_and_modal_cards_are_refused_for_their_missing_face():
    """709, 715, 712: the card data holds only the first face of these layouts."""
    unsupported = compiled_pool().unsupported
    assert unsupported["Fire // Ice"].startswith("split card (709)")
    assert unsupported["Bonecrusher Giant // Stomp"].startswith("adventurer card (715)")
    assert unsupported["Kazandu Mammoth // Kazandu Valley"].startswith(
        "modal double-faced card (712)")


# ------------------------------------------------------------------ werewolves
def test_a_werewolf_transforms_at_an_upkeep_after_a_turn_with_no_spells_603_4():
    game, pid = upkeep_with(SHEPHERD, [0, 0])
    settle(game)
    assert game.pdef(pid).name == "Gatstaf Howler"
    assert game.chars(pid)[:2] == (3, 3) and "intimidate" in game.keywords(pid)
    assert "transform" in types_of(game)


def test_a_werewolf_does_not_trigger_after_a_turn_with_a_spell_603_4():
    game, pid = upkeep_with(SHEPHERD, [0, 1])
    assert not game.pending_triggers and not game.stack
    pass_until(game, "main1")
    assert game.pdef(pid).name == SHEPHERD


def test_a_werewolf_triggers_in_each_players_upkeep():
    """"At the beginning of each upkeep": an opponent's upkeep too."""
    game, pid = upkeep_with(SHEPHERD, [0, 0], active=1)
    settle(game)
    assert game.pdef(pid).name == "Gatstaf Howler"


def test_the_back_face_transforms_back_after_a_player_cast_two_spells():
    game, pid = upkeep_with(SHEPHERD, [1, 2], transformed=True)
    settle(game)
    assert game.pdef(pid).name == SHEPHERD


def test_two_spells_by_different_players_do_not_turn_the_back_face():
    """"If a player cast two or more spells": one player, not the table."""
    game, pid = upkeep_with(SHEPHERD, [1, 1], transformed=True)
    pass_until(game, "main1")
    assert game.pdef(pid).name == "Gatstaf Howler"


def test_an_intervening_if_false_on_resolution_removes_the_ability_603_4():
    game, pid = upkeep_with(SHEPHERD, [0, 0])
    game.spells_last_turn = [0, 1]  # (the condition no longer holds)
    settle(game)
    assert game.pdef(pid).name == SHEPHERD
    removed = [e for e in game.events if e["type"] == "trigger_removed"]
    assert removed and removed[-1]["reason"] == "condition_false"


def test_spells_are_counted_per_turn_for_the_next_turn():
    """The spells cast this turn are "last turn" in the next one (any player's)."""
    game = blank()
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.add_permanent(SHEPHERD, 1)
    game.start_at("main1", 0)
    act(game, "Shock")
    game.apply_action(A.player(1))
    settle(game)
    assert game.spells_cast == [1, 0]
    pass_until(game, "upkeep")
    assert game.active == 1 and game.spells_last_turn == [1, 0]
    assert not game.stack  # a spell was cast last turn: no transform
    pass_until(game, "main1")
    assert game.spells_cast == [0, 0]


# ------------------------------------------------------------ the same object
def test_a_transformed_permanent_is_the_same_object_701_28a():
    """711.8 / 712.8e: counters, damage, tapped state and combat stay; the back
    face's power and abilities apply at once (Ulvenwald Behemoth's anthem)."""
    game = blank()
    lands(game, 0, *["Forest"] * 7)
    oddity = game.add_permanent(ODDITY, 0, counters={"+1/+1": 1}, damage=2,
                                tapped=True)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "activate")
    settle(game)
    perm = game.battlefield[oddity]
    assert game.pdef(oddity).name == "Ulvenwald Behemoth"
    assert (perm.counters, perm.damage, perm.tapped, perm.slot) == (
        {"+1/+1": 1}, 2, True, slot(game, oddity))
    assert game.chars(oddity)[:2] == (9, 9)
    assert game.chars(bears)[:2] == (3, 3) and {"trample", "haste"} <= game.keywords(bears)


def test_an_ability_does_not_transform_a_permanent_that_transformed_since_701_28f():
    """Two activations of "transform this" on the stack: the last one transforms it;
    the first, put on the stack before that, does nothing (it is not turned back)."""
    game = blank()
    lands(game, 0, *["Forest"] * 14)
    oddity = game.add_permanent(ODDITY, 0)
    game.start_at("main1", 0)
    act(game, "activate")
    assert len(game.stack) == 1
    act(game, "activate")
    assert len(game.stack) == 2
    settle(game)
    assert game.pdef(oddity).name == "Ulvenwald Behemoth"
    assert types_of(game).count("transform") == 1


def test_both_faces_abilities_turn_the_card_over_and_back():
    """Mysterious Tome draws and transforms; Chilling Chronicle's ability (the back
    face's own) taps a permanent and transforms it back."""
    game = blank()
    lands(game, 0, "Island", "Island", "Island")
    tome = game.add_permanent(TOME, 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "activate")
    settle(game)
    assert game.pdef(tome).name == "Chilling Chronicle" and len(game.hand[0]) == 1
    game.battlefield[tome].tapped = False
    game._legal = None  # (untapped by hand)
    game.apply_action(A.activate(slot(game, tome), 0))
    game.apply_action(A.permanent(slot(game, bears)))
    settle(game)
    assert game.battlefield[bears].tapped
    assert game.pdef(tome).name == TOME


def test_an_ability_on_the_stack_stays_its_faces_ability():
    """712.8e: Chronicle's ability on the stack is still Chronicle's after the
    permanent has transformed back (its face is recorded with it)."""
    game = blank()
    lands(game, 0, "Island", "Island", "Island")
    tome = game.add_permanent(TOME, 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.transform(tome)
    game.start_at("main1", 0)
    game.apply_action(A.activate(slot(game, tome), 0))
    game.apply_action(A.permanent(slot(game, bears)))
    game.transform(tome)  # (turned back before it resolves)
    settle(game)
    assert game.battlefield[bears].tapped  # Chronicle's effect, not Tome's draw
    assert len(game.hand[0]) == 0


def test_a_transformed_card_leaving_the_battlefield_is_its_front_face_712_8a():
    game = blank()
    lands(game, 1, "Mountain")
    heir = game.add_permanent("Heir of Falkenrath // Heir to the Night", 0)
    game.add_card("Island", 0)
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    act(game, "activate")
    game.apply_action(A.hand(0))  # discard the Island
    settle(game)
    assert game.pdef(heir).name == "Heir to the Night"
    assert "flying" in game.keywords(heir)
    game.apply_action(A.PASS)
    act(game, "Shock")
    game.apply_action(A.permanent(slot(game, heir)))
    settle(game)
    (card,) = game.graveyard[0][-1:]
    assert game.name_of(card) == "Heir of Falkenrath // Heir to the Night"
    assert game.events[-1]["card"] == "Heir to the Night"  # it died as the back face


def test_an_optional_trigger_may_transform_it():
    """Thraben Sentry: "whenever another creature you control dies, you may transform
    this creature"."""
    game = blank()
    lands(game, 1, "Mountain")
    sentry = game.add_permanent(SENTRY, 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)
    act(game, "Shock")
    game.apply_action(A.permanent(slot(game, bears)))
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    settle(game)
    assert game.pdef(sentry).name == "Thraben Militia"
    assert game.chars(sentry)[:2] == (5, 4)


def test_transforms_into_triggers_on_the_face_it_becomes_701_28g():
    """A face's "whenever this transforms into <it>" triggers when the permanent
    turns to that face, not when it turns away."""
    base = pool(SHEPHERD)
    gain = fx.TriggeredAbility(fx.Trigger("transforms_into"), fx.GainLife(3))
    card = dataclasses.replace(base, name="Test Wolf",
                               back=dataclasses.replace(base.back, triggered=(gain,)))
    game = blank()
    pid = game.add_permanent(card, 0)
    game.start_at("main1", 0)
    game.transform(pid)
    game._run()
    settle(game)
    assert game.life[0] == 23
    game.transform(pid)
    game._run()
    settle(game)
    assert game.life[0] == 23


def test_a_face_down_or_single_faced_permanent_does_not_transform_701_28c():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    wolf = game.add_permanent(SHEPHERD, 0)
    game.battlefield[wolf].face_down = True
    assert not game.transform(bears) and not game.transform(wolf)
    assert game.pdef(bears).name == "Grizzly Bears"


# -------------------------------------------------------- views and copies
def test_a_transformed_permanent_is_observed_as_its_back_face():
    """The encoding describes the face that is up (no shape change: the card row is
    the back face's features)."""
    game, pid = upkeep_with(SHEPHERD, [0, 0])
    settle(game)
    v = MagicObs(encode(game, 1))
    row = v.perm_card[slot(game, pid)]
    assert row[CARD["power"]] > MagicObs(encode(upkeep_with(SHEPHERD, [0, 1])[0], 1)
                                         ).perm_card[slot(game, pid)][CARD["power"]]
    assert "Gatstaf Howler" in str(game.observation_for(1)["battlefield"])
    assert any("transforms into Gatstaf Howler" in describe(e, 1, game)
               for e in game.events)


def test_a_transformed_permanent_round_trips_and_clones():
    game, pid = upkeep_with(SHEPHERD, [0, 0])
    settle(game)
    again = MagicGame.from_dict(game.to_dict())
    assert again.pdef(pid).name == "Gatstaf Howler"
    assert again.battlefield[pid].front == game.battlefield[pid].front >= 0
    assert np.array_equal(encode(again, 0), encode(game, 0))
    twin = game.clone()
    twin.transform(pid)
    assert twin.pdef(pid).name == SHEPHERD and game.pdef(pid).name == "Gatstaf Howler"


def test_a_transform_card_is_cast_as_its_front_face():
    """712.8a-b: in the hand and on the stack it is the front face; it enters front
    face up."""
    game = blank()
    lands(game, 0, "Forest", "Forest")
    game.add_card(SHEPHERD, 0)
    game.start_at("main1", 0)
    assert any(SHEPHERD in n for n in names(game))
    act(game, "Gatstaf")
    settle(game)
    (pid,) = [p for p in game.battlefield if game.pdef(p).name == SHEPHERD]
    assert game.chars(pid)[:2] == (2, 2)


# ------------------------------------------------------------- day and night
RUFFIAN = "Tavern Ruffian // Tavern Smasher"


def test_a_daybound_permanent_makes_it_day_as_it_enters_702_145c():
    game = blank()
    lands(game, 0, *["Mountain"] * 4)
    game.add_card(RUFFIAN, 0)
    game.start_at("main1", 0)
    assert game.day_night is None
    act(game, "Tavern")
    settle(game)
    assert game.day_night == "day"
    assert "day_night" in types_of(game)


def test_day_becomes_night_after_a_turn_its_player_cast_no_spell_726_3a():
    """As the next turn begins, the daybound permanent transforms (no stack)."""
    game = blank()
    ruffian = game.add_permanent(RUFFIAN, 0)
    assert game.day_night == "day"
    game.start_at("main1", 0)
    pass_until(game, "upkeep")
    assert game.active == 1 and game.day_night == "night"
    assert game.pdef(ruffian).name == "Tavern Smasher" and game.chars(ruffian)[:2] == (6, 5)


def test_a_spell_in_a_turn_keeps_it_day_and_two_make_night_day_726_3a():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    ruffian = game.add_permanent(RUFFIAN, 1)
    for _ in range(3):
        game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "hand 0 (Shock)")
    game.apply_action(A.player(1))
    settle(game)
    pass_until(game, "upkeep")  # one spell last turn: still day
    assert game.active == 1 and game.day_night == "day"
    pass_until(game, "main1")
    pass_until(game, "upkeep")  # player 1 cast nothing: night
    assert game.active == 0 and game.day_night == "night"
    assert game.pdef(ruffian).name == "Tavern Smasher"
    pass_until(game, "main1")
    for _ in range(2):  # two spells in its own turn turn it back to day
        act(game, "hand 0 (Shock)")
        game.apply_action(A.player(1))
        settle(game)
    pass_until(game, "upkeep")
    assert game.active == 1 and game.day_night == "day"
    assert game.pdef(ruffian).name == RUFFIAN


def test_a_daybound_card_enters_transformed_at_night_702_145b():
    game = blank()
    game.day_night = "night"
    lands(game, 0, *["Mountain"] * 4)
    game.add_card(RUFFIAN, 0)
    game.start_at("main1", 0)
    act(game, "Tavern")
    settle(game)
    (pid,) = [p for p in game.battlefield if "Tavern" in game.pdef(p).name]
    assert game.pdef(pid).name == "Tavern Smasher" and game.battlefield[pid].front >= 0


def test_a_daybound_permanent_does_not_transform_by_other_means_702_145():
    game = blank()
    ruffian = game.add_permanent(RUFFIAN, 0)
    assert not game.transform(ruffian)
    assert game.pdef(ruffian).name == RUFFIAN


# ------------------------------------------------------------- random games
def test_double_faced_cards_in_random_games():
    """Random games of decks full of transforming cards keep the invariants: a card
    off the battlefield is its front face (712.8a), a permanent's back face is up
    exactly when it is marked transformed, and a JSON round trip plays on alike."""
    import json

    from magic.test_properties import check

    faces = sorted(n for n, d in compiled_pool().supported.items() if d.back is not None)
    rng = np.random.default_rng(7)
    transforms = days = 0
    for seed in range(12):
        players = 2 + seed % 3
        decks = [[faces[i] for i in rng.integers(len(faces), size=36)]
                 + [("Forest", "Mountain", "Island")[i % 3] for i in range(24)]
                 for _ in range(players)]
        game = MagicGame.new(seed, num_players=players, decks=decks, max_turns=30)
        step = 0
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
            step += 1
            if step % 7:
                continue
            check(game)
            on_battlefield = {perm.card for perm in game.battlefield.values()}
            for card in range(len(game.card_def)):
                if card not in on_battlefield:
                    assert game.cdef(card).front_mana_value is None, game.name_of(card)
            for perm in game.battlefield.values():
                assert (perm.front >= 0) == (game.cdef(perm.card).front_mana_value
                                             is not None)
            if step % 97 == 0:
                copy = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
                assert copy.to_dict() == game.to_dict()
        transforms += types_of(game).count("transform")
        days += types_of(game).count("day_night")
    assert transforms > 20 and days > 5, (transforms, days)


def test_howlpack_alpha_pumps_each_other_werewolf_or_wolf_you_control_613_4c():
    """Mayor of Avabruck's back face: "each other creature you control that's a
    Werewolf or a Wolf gets +1/+1" (either type, 205.3); not itself, not a Human,
    not an opponent's Wolf. Its front face pumps other Humans."""
    mayor = "Mayor of Avabruck // Howlpack Alpha"
    assert mayor in compiled_pool().supported
    game = blank()
    pid = game.add_permanent(mayor, 0)
    shepherd = game.add_permanent(SHEPHERD, 0)  # a Human Werewolf
    bears = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent(SHEPHERD, 1)
    assert game.chars(shepherd)[:2] == (3, 3) and game.chars(bears)[:2] == (2, 2)
    assert game.transform(pid)
    assert game.chars(pid)[:2] == (3, 3)
    assert game.chars(shepherd)[:2] == (3, 3)  # a Werewolf, no longer pumped as Human
    assert game.chars(theirs)[:2] == (2, 2) and game.chars(bears)[:2] == (2, 2)
    assert game.transform(shepherd)  # Gatstaf Howler: a Werewolf 3/3
    assert game.chars(shepherd)[:2] == (4, 4)


# ------------------------------------------------------ entering transformed (712.14)
def test_a_saga_exiles_itself_and_returns_transformed_712_14():
    """Befriending the Moths III: exile this Saga, then return it to the battlefield
    transformed: a new object (400.7), back face up (Imperial Moth, 2/4 flying)."""
    moths = "Befriending the Moths // Imperial Moth"
    for name in (moths, "Era of Enlightenment // Hand of Enlightenment",
                 "Okiba Reckoner Raid // Nezumi Road Captain",
                 "Loyal Cathar // Unhallowed Cathar"):
        assert name in compiled_pool().supported, compiled_pool().unsupported.get(name)
    game = blank()
    saga = game.add_permanent(moths, 0, counters={"lore": 2})
    game.start_at("main1", 0)  # the third lore counter: chapter III
    settle(game)
    assert saga not in game.battlefield
    (moth,) = [pid for pid in game.battlefield
               if game.pdef(pid).name == "Imperial Moth"]
    assert game.chars(moth)[:2] == (2, 4) and "flying" in game.keywords(moth)
    assert game.battlefield[moth].counters == {}
    assert game.battlefield[moth].front >= 0  # it leaves as the Saga again (712.8a)


def test_a_dead_creature_returns_transformed_at_the_next_end_step_712_14():
    """Loyal Cathar dies; at the beginning of the next end step it returns as
    Unhallowed Cathar (which can't block)."""
    game = blank()
    cathar = game.add_permanent("Loyal Cathar // Unhallowed Cathar", 0)
    game.start_at("main1", 0)
    game.destroy([cathar])
    settle(game)
    pass_until(game, "end")
    settle(game)
    (back,) = [pid for pid in game.battlefield
               if game.pdef(pid).name == "Unhallowed Cathar"]
    assert game.battlefield[back].controller == 0 and not game.graveyard[0]


def test_battles_and_flip_cards_are_refused_for_missing_data_310_710():
    """310.4: a battle enters with its printed defense, which the card data lacks;
    710: the data has only a flip card's unflipped half."""
    unsupported = compiled_pool().unsupported
    assert unsupported["Invasion of Innistrad // Deluge of the Dead"].startswith(
        "battle (310)")
    assert unsupported["Faithful Squire // Kaiso, Memory of Loyalty"].startswith(
        "flip card (710)")
