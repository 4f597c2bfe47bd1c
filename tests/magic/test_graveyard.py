"""Abilities that work from a graveyard (113.6m): activated abilities of cards in
graveyards (602.2), triggered abilities that trigger from there (603.2), unearth
(702.84): scripted positions with real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import act, blank, custom, has, pass_until, settle


def grave_game(card: str, lands: int = 5, land: str = "Swamp") -> tuple[MagicGame, int]:
    game = blank()
    cid = game.add_card(card, 0, "graveyard")
    for _ in range(lands):
        game.add_permanent(land, 0)
    game.start_at("main1", 0)
    return game, cid


def card_on_battlefield(game: MagicGame, card: int) -> int | None:
    return next((pid for pid, p in game.battlefield.items() if p.card == card), None)


# ----------------------------------------------------------- activated abilities
def test_113_6m_an_ability_returning_this_from_the_graveyard_is_activated_there():
    # Reassembling Skeleton: "{1}{b}: return this from your graveyard to the
    # battlefield tapped"
    game, skeleton = grave_game("Reassembling Skeleton")
    act(game, "activate graveyard 0 (Reassembling Skeleton) from the graveyard")
    settle(game)
    pid = card_on_battlefield(game, skeleton)
    assert pid is not None and game.battlefield[pid].tapped
    assert skeleton not in game.graveyard[0]
    assert sum(p.tapped for p in game.battlefield.values()) == 3  # two Swamps paid


def test_113_6m_the_graveyard_ability_is_not_an_ability_of_the_permanent():
    game = blank()
    game.add_permanent("Reassembling Skeleton", 0)
    for _ in range(3):
        game.add_permanent("Swamp", 0)
    game.start_at("main1", 0)
    assert not has(game, "activate slot")
    assert not has(game, "graveyard")


def test_602_2_only_the_owner_activates_a_graveyard_ability():
    game, _ = grave_game("Reassembling Skeleton")
    for _ in range(2):
        game.add_permanent("Swamp", 1)
    act(game, "pass")  # player 1 has priority now
    assert game.decision["player"] == 1
    assert not has(game, "graveyard")


def test_602_2_its_mana_cost_must_be_payable():
    game, _ = grave_game("Reassembling Skeleton", lands=1)
    assert not has(game, "graveyard")


def test_400_7_the_card_left_the_graveyard_before_it_resolved():
    # in response, the card is exiled: the ability returns nothing
    game, skeleton = grave_game("Reassembling Skeleton")
    act(game, "activate graveyard 0 (Reassembling Skeleton)")
    game.graveyard[0].remove(skeleton)
    game.exile[0].append(skeleton)
    settle(game)
    assert card_on_battlefield(game, skeleton) is None
    assert skeleton in game.exile[0]


def test_602_5b_only_during_your_upkeep_from_the_graveyard():
    # Eternal Dragon: "{3}{w}{w}: return this from your graveyard to your hand.
    # activate only during your upkeep."
    game, dragon = grave_game("Eternal Dragon", land="Plains")
    assert not has(game, "graveyard")
    game.start_at("upkeep", 0)
    act(game, "activate graveyard 0 (Eternal Dragon)")
    settle(game)
    assert dragon in game.hand[0]


# --------------------------------------------------------------------- unearth
def test_702_84a_unearth_returns_it_with_haste_then_exiles_it_at_end_step():
    # Hellspark Elemental: "unearth {1}{r}"
    game, elemental = grave_game("Hellspark Elemental", land="Mountain")
    act(game, "activate graveyard 0 (Hellspark Elemental)")
    settle(game)
    pid = card_on_battlefield(game, elemental)
    assert pid is not None and "haste" in game.keywords(pid)
    pass_until(game, "end")
    settle(game)
    assert card_on_battlefield(game, elemental) is None
    assert elemental in game.exile[0] and elemental not in game.graveyard[0]


def test_702_84a_unearth_only_as_a_sorcery():
    game, _ = grave_game("Hellspark Elemental", land="Mountain")
    game.add_card("Lightning Bolt", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    act(game, "player 1")
    assert not has(game, "graveyard")


def test_702_84a_an_unearthed_creature_leaving_is_exiled_instead():
    game, elemental = grave_game("Hellspark Elemental", land="Mountain")
    act(game, "activate graveyard 0 (Hellspark Elemental)")
    settle(game)
    pid = card_on_battlefield(game, elemental)
    game.destroy([pid])
    game._state_based()
    assert elemental in game.exile[0]


# ---------------------------------------------------------- triggered abilities
def test_113_6m_landfall_returns_bloodghast_from_the_graveyard():
    # Bloodghast: "whenever a land you control enters, you may return this from
    # your graveyard to the battlefield"
    game, ghast = grave_game("Bloodghast", lands=0)
    game.add_card("Swamp", 0)
    act(game, "play hand 0 (Swamp)")
    assert game.pending_triggers or game.stack
    settle(game)
    act(game, "yes")
    assert card_on_battlefield(game, ghast) is not None


def test_603_2_an_opponents_land_does_not_trigger_bloodghast():
    game, ghast = grave_game("Bloodghast", lands=0)
    game.start_at("main1", 1)
    game.add_card("Swamp", 1)
    act(game, "play hand 0 (Swamp)")
    assert not game.pending_triggers and not game.stack


def test_113_6m_bloodghast_on_the_battlefield_does_not_trigger():
    game = blank()
    pid = game.add_permanent("Bloodghast", 0)
    game.start_at("main1", 0)
    game.add_card("Swamp", 0)
    act(game, "play hand 0 (Swamp)")
    assert not game.pending_triggers and not game.stack
    assert pid in game.battlefield


def test_603_2_upkeep_trigger_from_the_graveyard():
    # Squee, Goblin Nabob: "at the beginning of your upkeep, you may return this
    # from your graveyard to your hand"
    game = blank()
    squee = game.add_card("Squee, Goblin Nabob", 0, "graveyard")
    game.start_at("untap", 0)
    pass_until(game, "upkeep")
    if game.decision["kind"] == "priority":
        settle(game)
    act(game, "yes")
    assert squee in game.hand[0]


def test_603_2_cast_trigger_from_the_graveyard():
    # Verdant Eidolon: "whenever you cast a multicolored spell, you may return this
    # from your graveyard to your hand"
    game = blank()
    eidolon = game.add_card("Verdant Eidolon", 0, "graveyard")
    for land in ("Forest", "Plains"):
        game.add_permanent(land, 0)
    game.add_card("Qasali Pridemage", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Qasali Pridemage)")
    settle(game)
    act(game, "yes")
    assert eidolon in game.hand[0]


def test_603_2_a_monocolored_spell_does_not_trigger_the_eidolon():
    game = blank()
    game.add_card("Verdant Eidolon", 0, "graveyard")
    game.add_permanent("Forest", 0)
    game.add_permanent("Forest", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Grizzly Bears)")
    assert not game.pending_triggers
    assert len(game.stack) == 1


def test_603_2_vengevine_returns_on_the_second_creature_spell_of_the_turn():
    # Vengevine: "whenever you cast a spell, if it's the second creature spell you
    # cast this turn, you may return this from your graveyard to the battlefield"
    game = blank()
    vine = game.add_card("Vengevine", 0, "graveyard")
    for _ in range(4):
        game.add_permanent("Forest", 0)
    game.add_card("Grizzly Bears", 0)
    game.add_card("Llanowar Elves", 0)
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    game.add_permanent("Grizzly Bears", 0)
    act(game, "cast hand 2 (Giant Growth)")  # a noncreature spell: not counted
    act(game, "permanent")
    assert not game.pending_triggers
    settle(game)
    act(game, "cast hand 0 (Grizzly Bears)")  # the first creature spell
    assert not game.pending_triggers
    settle(game)
    act(game, "cast hand 0 (Llanowar Elves)")  # the second: it triggers
    settle(game)
    act(game, "yes")
    settle(game)
    assert card_on_battlefield(game, vine) is not None


def test_113_6m_a_sorcery_with_an_ability_from_the_graveyard():
    # Hammer of Bogardan: "{2}{r}{r}{r}: return this from your graveyard to your
    # hand. activate only during your upkeep." (an ability of the card, not of the
    # spell)
    game = blank()
    hammer = game.add_card("Hammer of Bogardan", 0, "graveyard")
    for _ in range(5):
        game.add_permanent("Mountain", 0)
    game.start_at("upkeep", 0)
    act(game, "activate graveyard 0 (Hammer of Bogardan)")
    settle(game)
    assert hammer in game.hand[0]


# -------------------------------------------------------------------- scavenge
def test_702_97a_scavenge_exiles_the_card_and_puts_its_power_in_counters():
    # Dreg Mangler (3/3): "scavenge {3}{b}{g}"
    game = blank()
    mangler = game.add_card("Dreg Mangler", 0, "graveyard")
    for land in ("Swamp", "Forest", "Swamp", "Forest", "Swamp"):
        game.add_permanent(land, 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "activate graveyard 0 (Dreg Mangler)")
    act(game, "permanent")
    # the cost: the card is exiled as the ability is activated (118.3)
    assert mangler in game.exile[0] and mangler not in game.graveyard[0]
    assert not has(game, "graveyard")
    settle(game)
    assert game.battlefield[bears].counters == {"+1/+1": 3}


def test_702_97a_scavenge_only_as_a_sorcery_and_with_a_creature_to_target():
    game = blank()
    game.add_card("Dreg Mangler", 0, "graveyard")
    for land in ("Swamp", "Forest", "Swamp", "Forest", "Swamp"):
        game.add_permanent(land, 0)
    game.start_at("main1", 0)
    assert not has(game, "graveyard")  # no creature to target
    game.add_permanent("Grizzly Bears", 1)
    game._legal = None
    assert has(game, "activate graveyard 0 (Dreg Mangler)")
    game.start_at("main1", 1)
    assert not has(game, "graveyard")


# --------------------------------------------------------------------- rebound
def rebound_game() -> tuple[MagicGame, int]:
    # Staggershock: "this deals 2 damage to any target. rebound"
    game = blank()
    shock = game.add_card("Staggershock", 0)
    for _ in range(3):
        game.add_permanent("Mountain", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Staggershock)")
    act(game, "player 1")
    settle(game)
    return game, shock


def test_702_88a_rebound_exiles_the_spell_cast_from_the_hand_as_it_resolves():
    game, shock = rebound_game()
    assert game.life[1] == 18
    assert shock in game.exile[0] and shock not in game.graveyard[0]
    assert any(e["type"] == "rebound" for e in game.events)


def test_702_88a_rebound_casts_it_free_at_the_next_upkeep_then_it_goes_to_graveyard():
    game, shock = rebound_game()
    for land in list(game.battlefield):
        game.battlefield[land].tapped = True  # no mana: it is cast for free
    for _ in range(200):  # to its controller's next upkeep
        if game.decision and "rebound" in game.decision:
            break
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert (game.active, game.step, game.turn) == (0, "upkeep", 4)
    act(game, "cast Staggershock without paying its mana cost")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 16
    # cast from exile this time: no rebound, it goes to its owner's graveyard
    assert shock in game.graveyard[0]


def test_702_88a_a_countered_rebound_spell_goes_to_the_graveyard():
    game = blank()
    shock = game.add_card("Staggershock", 0)
    for _ in range(3):
        game.add_permanent("Mountain", 0)
    game.add_card("Counterspell", 1)
    game.add_permanent("Island", 1)
    game.add_permanent("Island", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Staggershock)")
    act(game, "player 1")
    act(game, "pass")
    act(game, "cast hand 0 (Counterspell)")
    act(game, "stack 0")
    settle(game)
    assert shock in game.graveyard[0]
    assert not game.delayed


# ------------------------------------------------------- jump-start and retrace
def test_702_133a_jump_start_casts_from_the_graveyard_with_a_discard_then_exiles():
    # Chemister's Insight: "draw two cards. jump-start"
    game = blank()
    insight = game.add_card("Chemister's Insight", 0, "graveyard")
    bears = game.add_card("Grizzly Bears", 0)
    for _ in range(4):
        game.add_permanent("Island", 0)
    game.start_at("main1", 0)
    act(game, "cast graveyard 0 (Chemister's Insight) with jump-start")
    act(game, "Grizzly Bears")  # the card discarded for the cost
    assert bears in game.graveyard[0]
    settle(game)
    assert len(game.hand[0]) == 2
    assert insight in game.exile[0] and insight not in game.graveyard[0]


def test_702_133a_jump_start_needs_a_card_to_discard():
    game = blank()
    game.add_card("Chemister's Insight", 0, "graveyard")
    for _ in range(4):
        game.add_permanent("Island", 0)
    game.start_at("main1", 0)
    assert not has(game, "graveyard")


def test_702_81a_retrace_discards_a_land_card_and_the_spell_returns_to_the_graveyard():
    # Raven's Crime: "target player discards a card. retrace"
    game = blank()
    crime = game.add_card("Raven's Crime", 0, "graveyard")
    game.add_card("Grizzly Bears", 0)
    swamp = game.add_card("Swamp", 0)
    game.add_permanent("Swamp", 0)
    game.add_card("Lightning Bolt", 1)
    game.start_at("main1", 0)
    act(game, "cast graveyard 0 (Raven's Crime) with retrace")
    act(game, "player 1")
    assert not has(game, "Grizzly Bears")  # only a land card pays retrace
    act(game, "Swamp")
    settle(game)
    act(game, "Lightning Bolt")  # player 1 discards
    assert swamp in game.graveyard[0]
    assert crime in game.graveyard[0] and crime not in game.exile[0]
    assert not game.hand[1]


def test_702_81a_retrace_needs_a_land_card_in_hand():
    game = blank()
    game.add_card("Raven's Crime", 0, "graveyard")
    game.add_card("Grizzly Bears", 0)
    game.add_permanent("Swamp", 0)
    game.start_at("main1", 0)
    assert not has(game, "graveyard")


# ------------------------------------------------------- embalm and eternalize
def test_702_128a_embalm_exiles_the_card_and_makes_a_white_zombie_token_copy():
    # Sacred Cat: a 1/1 white Cat with lifelink, "embalm {w}"
    game = blank()
    cat = game.add_card("Sacred Cat", 0, "graveyard")
    game.add_permanent("Plains", 0)
    game.start_at("main1", 0)
    act(game, "activate graveyard 0 (Sacred Cat)")
    assert cat in game.exile[0]
    settle(game)
    (token,) = [pid for pid, p in game.battlefield.items() if game.card_token[p.card]]
    d = game.pdef(token)
    assert d.name == "Sacred Cat" and d.colours == ("W",) and d.cost is None
    assert "Zombie" in d.subtypes and "Cat" in d.subtypes
    assert "lifelink" in game.keywords(token)
    assert game.chars(token)[:2] == (1, 1)


def test_702_129a_eternalize_makes_a_4_4_black_zombie_token_copy():
    # Adorned Pouncer: a 1/1 white Cat with double strike, "eternalize {3}{w}{w}"
    game = blank()
    game.add_card("Adorned Pouncer", 0, "graveyard")
    for _ in range(5):
        game.add_permanent("Plains", 0)
    game.start_at("main1", 0)
    act(game, "activate graveyard 0 (Adorned Pouncer)")
    settle(game)
    (token,) = [pid for pid, p in game.battlefield.items() if game.card_token[p.card]]
    d = game.pdef(token)
    assert d.colours == ("B",) and d.cost is None and "Zombie" in d.subtypes
    assert game.chars(token)[:2] == (4, 4)
    assert "double strike" in game.keywords(token)
    assert game.pdef(token).mana_value == 0


def test_702_128a_embalm_only_as_a_sorcery():
    game = blank()
    game.add_card("Sacred Cat", 0, "graveyard")
    game.add_permanent("Plains", 0)
    game.start_at("upkeep", 0)
    assert not has(game, "graveyard")


# ------------------------------------------- dealt damage by a spell or a walker
def phoenix_game() -> tuple[MagicGame, int]:
    # Chandra's Phoenix: "whenever an opponent is dealt damage by a red instant or
    # sorcery spell you control or by a red planeswalker you control, return this
    # from your graveyard to your hand"
    game = blank()
    phoenix = game.add_card("Chandra's Phoenix", 0, "graveyard")
    game.add_permanent("Mountain", 0)
    game.add_permanent("Island", 0)
    game.start_at("main1", 0)
    return game, phoenix


def test_603_2_a_red_instant_dealing_damage_to_an_opponent_returns_the_phoenix():
    game, phoenix = phoenix_game()
    game.add_card("Lightning Bolt", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 17
    settle(game)
    assert phoenix in game.hand[0]


def test_603_2_damage_to_a_creature_or_to_yourself_does_not_return_it():
    game, phoenix = phoenix_game()
    game.add_card("Lightning Bolt", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    act(game, "player 0")  # to itself: not an opponent
    settle(game)
    assert game.life[0] == 17 and phoenix in game.graveyard[0]


def test_603_2_a_red_planeswalkers_ability_returns_it_too():
    # Chandra Nalaar: "+1: this deals 1 damage to target player or planeswalker"
    game, phoenix = phoenix_game()
    game.add_permanent("Chandra Nalaar", 0)
    act(game, "(Chandra Nalaar) ability 0")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 19
    settle(game)
    assert phoenix in game.hand[0]


def test_603_2_an_opponents_red_spell_does_not_return_it():
    game, phoenix = phoenix_game()
    game.start_at("main1", 1)
    game.add_permanent("Mountain", 1)
    game.add_card("Lightning Bolt", 1)
    act(game, "cast hand 0 (Lightning Bolt)")
    act(game, "player 0")
    settle(game)
    assert game.life[0] == 17 and phoenix in game.graveyard[0]


def test_400_7_a_card_that_left_the_graveyard_and_came_back_is_a_new_object():
    # Reassembling Skeleton's ability on the stack; the card is exiled and put back
    # into the graveyard: the ability no longer names it
    game, skeleton = grave_game("Reassembling Skeleton")
    act(game, "activate graveyard 0 (Reassembling Skeleton)")
    game.take_card(skeleton, "graveyard")
    game.graveyard[0].append(skeleton)
    settle(game)
    assert card_on_battlefield(game, skeleton) is None
    assert skeleton in game.graveyard[0]


def test_603_2_player_events_reach_abilities_in_graveyards():
    # a hand-made card: "whenever you gain life / draw a card, you may return this
    # from your graveyard to your hand" (no battlefield ability waits for the event)
    back = fx.MoveCards(fx.Ref("this_card"), "hand")
    for event in ("gain_life", "draw"):
        ghoul = custom("Squee, Goblin Nabob", f"Test {event} Ghoul", triggered=(
            fx.TriggeredAbility(fx.Trigger(event, fx.Ref("you")), back,
                                zone="graveyard"),))
        game = blank()
        card = game.add_card(ghoul, 0, "graveyard")
        game.start_at("main1", 0)
        game.gain_life(1, 2) if event == "gain_life" else game.draw(1)
        assert not game.pending_triggers  # (another player's)
        game.gain_life(0, 2) if event == "gain_life" else game.draw(0)
        settle(game)
        assert card in game.hand[0]
