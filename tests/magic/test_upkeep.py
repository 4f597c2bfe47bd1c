"""Rules about the turn's steps and timing: intervening "if" conditions of step
triggers and spells (603.4, 608.2c), echo (702.30), cumulative upkeep (702.24),
vanishing (702.63), fading (702.32), untapping choices (502.3) and stun counters
(122.1d). Scripted positions with real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from magic.positions import act, blank, lands, pass_until, settle, target_perm


def _tokens(game, p: int) -> int:
    return sum(1 for perm in game.battlefield.values()
               if perm.controller == p and game.card_token[perm.card])


# --------------------------------------------- conditions of the controller (603.4)
def test_603_4_glimmervoid_is_sacrificed_at_an_end_step_with_no_artifacts():
    game = blank()
    void = game.add_permanent("Glimmervoid", 0)
    game.start_at("main2", 1)
    pass_until(game, "end")
    settle(game)
    assert void not in game.battlefield  # each end step, another player's too
    assert game.name_of(game.graveyard[0][-1]) == "Glimmervoid"


def test_603_4_glimmervoid_stays_while_its_controller_has_an_artifact():
    game = blank()
    void = game.add_permanent("Glimmervoid", 0)
    game.add_permanent("Ornithopter", 0)
    game.add_permanent("Ornithopter", 1)  # another player's artifact doesn't count
    game.start_at("main2", 0)
    pass_until(game, "end")
    settle(game)
    assert void in game.battlefield


def test_603_4_glimmervoid_an_opponents_artifact_does_not_save_it():
    game = blank()
    void = game.add_permanent("Glimmervoid", 0)
    game.add_permanent("Ornithopter", 1)
    game.start_at("main2", 0)
    pass_until(game, "end")
    settle(game)
    assert void not in game.battlefield


def test_608_2c_timely_reinforcements_when_behind_on_life_and_creatures():
    game = blank()
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Timely Reinforcements", 0)
    game.add_permanent("Grizzly Bears", 1)
    game.life[0] = 10
    game.start_at("main1", 0)
    act(game, "Timely Reinforcements")
    settle(game)
    assert game.life[0] == 16 and _tokens(game, 0) == 3


def test_608_2c_timely_reinforcements_does_nothing_when_ahead():
    game = blank()
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Timely Reinforcements", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.life[1] = 19
    game.start_at("main1", 0)
    act(game, "Timely Reinforcements")
    settle(game)
    assert game.life[0] == 20 and _tokens(game, 0) == 0


def test_603_4_knight_of_the_white_orchid_searches_only_when_behind_on_lands():
    for mine, theirs, searches in ((2, 3, True), (2, 2, False)):
        game = blank()
        lands(game, 0, *["Plains"] * mine)
        lands(game, 1, *["Island"] * theirs)
        game.add_card("Knight of the White Orchid", 0)
        game.add_card("Plains", 0, "library")
        game.start_at("main1", 0)
        act(game, "Knight of the White Orchid")
        settle(game)
        asked = game.decision["kind"] == "yesno"
        assert asked == searches, (mine, theirs, game.decision)


# ------------------------------------------------------------------ echo (702.30)
def _upkeep_of(game, p: int) -> None:
    """Pass until ``p``'s next upkeep (a later turn) begins."""
    turn = game.turn
    for _ in range(80):
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
        if game.turn > turn and game.step == "upkeep" and game.active == p:
            return
    raise AssertionError("no upkeep")


def test_702_30a_echo_paid_keeps_it_and_asks_only_once():
    game = blank()
    forest = lands(game, 0, "Forest")[0]
    jaguar = game.add_permanent("Pouncing Jaguar", 0)
    game.start_at("upkeep", 0)
    assert game.stack and game.decision["kind"] == "priority"  # the echo trigger
    settle(game)
    assert game.decision["kind"] == "yesno"
    act(game, "yes")
    assert jaguar in game.battlefield and game.battlefield[forest].tapped
    assert any(e["type"] == "pays_cost" and e.get("mana") == "{G}"
               for e in game.events)
    _upkeep_of(game, 0)  # under its control since that upkeep: no echo now
    assert game.turn == 4 and not game.stack and jaguar in game.battlefield


def test_702_30a_echo_not_paid_sacrifices_it():
    game = blank()
    lands(game, 0, "Forest")
    jaguar = game.add_permanent("Pouncing Jaguar", 0)
    game.start_at("upkeep", 0)
    settle(game)
    act(game, "no")
    settle(game)
    assert jaguar not in game.battlefield
    assert game.name_of(game.graveyard[0][-1]) == "Pouncing Jaguar"


def test_702_30a_echo_without_the_mana_is_not_asked_and_sacrifices_it():
    game = blank()
    jaguar = game.add_permanent("Pouncing Jaguar", 0)
    game.start_at("upkeep", 0)
    settle(game)
    assert jaguar not in game.battlefield


def test_702_30a_echo_triggers_again_after_a_change_of_control():
    game = blank()
    lands(game, 1, "Forest")
    jaguar = game.add_permanent("Pouncing Jaguar", 0)
    game.battlefield[jaguar].new_control = False  # controlled since an old upkeep
    game.start_at("upkeep", 0)
    assert not game.stack
    game._change_controller(jaguar, 1)
    _upkeep_of(game, 1)
    settle(game)
    assert game.decision == {"kind": "yesno", "player": 1,
                             "unless": game.decision["unless"]}


# ------------------------------------------------------ cumulative upkeep (702.24)
def test_702_24a_cumulative_upkeep_adds_an_age_counter_and_asks_for_each():
    game = blank()
    mine = lands(game, 0, "Forest", "Forest", "Mountain")
    efreet = game.add_permanent("Uktabi Efreet", 0, counters={"age": 1})
    game.start_at("upkeep", 0)
    settle(game)
    assert game.battlefield[efreet].counters["age"] == 2
    act(game, "yes")  # {G} for each of two age counters: both Forests
    mine.pop()
    assert efreet in game.battlefield
    assert all(game.battlefield[pid].tapped for pid in mine)


def test_702_24a_cumulative_upkeep_it_cannot_pay_sacrifices_it():
    game = blank()
    lands(game, 0, "Forest", "Mountain", "Mountain")
    efreet = game.add_permanent("Uktabi Efreet", 0, counters={"age": 1})
    game.start_at("upkeep", 0)
    settle(game)  # {G}{G} with one Forest: not asked (118.3)
    assert efreet not in game.battlefield


def test_702_24a_cumulative_upkeep_of_life_pays_one_life_per_age_counter():
    game = blank()
    braid = game.add_permanent("Gallowbraid", 0, counters={"age": 2})
    game.start_at("upkeep", 0)
    settle(game)
    act(game, "yes")
    assert braid in game.battlefield and game.life[0] == 17


# ------------------------------------------------ vanishing (702.63), fading (702.32)
def test_702_63a_vanishing_enters_with_time_counters():
    game = blank()
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Aven Riftwatcher", 0)
    game.start_at("main1", 0)
    act(game, "Aven Riftwatcher")
    settle(game)
    aven = next(pid for pid, perm in game.battlefield.items()
                if game.name_of(perm.card) == "Aven Riftwatcher")
    assert game.battlefield[aven].counters == {"time": 3} and game.life[0] == 22


def test_702_63a_vanishing_removes_a_counter_each_upkeep():
    game = blank()
    aven = game.add_permanent("Aven Riftwatcher", 0, counters={"time": 2})
    game.start_at("upkeep", 0)
    settle(game)
    assert game.battlefield[aven].counters == {"time": 1}


def test_702_63a_removing_the_last_time_counter_sacrifices_it():
    game = blank()
    aven = game.add_permanent("Aven Riftwatcher", 0, counters={"time": 1})
    game.start_at("upkeep", 0)
    settle(game)
    assert aven not in game.battlefield
    assert game.life[0] == 22  # its leaves-the-battlefield trigger
    assert any(e["type"] == "counters_removed" and e["counter"] == "time"
               for e in game.events)


def test_702_63a_vanishing_without_time_counters_does_not_trigger():
    game = blank()
    aven = game.add_permanent("Aven Riftwatcher", 0)
    game.battlefield[aven].counters.clear()  # (all removed another way)
    game.start_at("upkeep", 0)
    assert not game.stack and aven in game.battlefield


def test_702_32a_fading_removes_a_fade_counter_then_sacrifices_when_it_cannot():
    game = blank()
    derm = game.add_permanent("Blastoderm", 0, counters={"fade": 1})
    game.start_at("upkeep", 0)
    settle(game)
    assert derm in game.battlefield and not game.battlefield[derm].counters
    _upkeep_of(game, 0)
    settle(game)
    assert derm not in game.battlefield


# ---------------------------------------------- untapping (502.3, 611.2b, 122.1d)
def test_122_1d_a_stun_counter_is_removed_instead_of_untapping():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0, tapped=True, counters={"stun": 2})
    game.start_at("untap", 0)
    assert game.battlefield[bears].tapped
    assert game.battlefield[bears].counters == {"stun": 1}
    _upkeep_of(game, 0)
    assert game.battlefield[bears].tapped and not game.battlefield[bears].counters
    _upkeep_of(game, 0)
    assert not game.battlefield[bears].tapped


def _worms_hold_an_island():
    """Player 0's Mole Worms taps player 1's Island: it stays tapped for as long as
    the Worms remain tapped."""
    game = blank()
    worms = game.add_permanent("Mole Worms", 0)
    island = game.add_permanent("Island", 1)
    game.start_at("main1", 0)
    act(game, "Mole Worms")
    target_perm(game, island)
    settle(game)
    assert game.battlefield[island].tapped and game.battlefield[worms].tapped
    return game, worms, island


def test_611_2b_doesnt_untap_for_as_long_as_this_remains_tapped():
    game, worms, island = _worms_hold_an_island()
    _upkeep_of(game, 1)
    assert game.battlefield[island].tapped


def test_502_3_its_controller_may_choose_not_to_untap_it():
    game, worms, island = _worms_hold_an_island()
    _upkeep_of(game, 1)
    while game.decision["kind"] != "yesno":  # player 0's untap step asks
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert game.step == "untap" and game.decision["stay_tapped"] == worms
    act(game, "yes")
    assert game.battlefield[worms].tapped
    assert any(e["type"] == "stays_tapped" for e in game.events)
    _upkeep_of(game, 1)
    assert game.battlefield[island].tapped  # still held


def test_611_2b_the_hold_ends_as_the_source_untaps():
    game, worms, island = _worms_hold_an_island()
    _upkeep_of(game, 1)
    while game.decision["kind"] != "yesno":
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    act(game, "no")
    assert not game.battlefield[worms].tapped and not game.held_untapped
    _upkeep_of(game, 1)
    assert not game.battlefield[island].tapped


def test_122_1d_tranquilize_taps_and_stuns_a_creature_three_untaps_long():
    game = blank()
    lands(game, 0, "Island", "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Tranquilize", 0)
    game.start_at("main1", 0)
    act(game, "Tranquilize")
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[bears].tapped
    assert game.battlefield[bears].counters == {"stun": 3}
    _upkeep_of(game, 1)
    assert game.battlefield[bears].tapped
    assert game.battlefield[bears].counters == {"stun": 2}


def test_502_3_cinder_marsh_doesnt_untap_during_your_next_untap_step():
    game = blank()
    marsh = game.add_permanent("Cinder Marsh", 0)
    game.start_at("main1", 0)
    act(game, "Cinder Marsh")  # its coloured mana ability, activated by its player
    if game.decision["kind"] == "colour":
        game.apply_action(A.mode(0))
    assert game.battlefield[marsh].tapped and marsh in game.skip_untap
    _upkeep_of(game, 0)
    assert game.battlefield[marsh].tapped and marsh not in game.skip_untap
    _upkeep_of(game, 0)
    assert not game.battlefield[marsh].tapped


# ------------------------------------------------------------------ buyback (702.27)
def _zone_of(game, p: int, name: str) -> str:
    for zone in ("hand", "graveyard", "exile"):
        if any(game.name_of(c) == name for c in getattr(game, zone)[p]):
            return zone
    return "nowhere"


def test_702_27a_a_spell_bought_back_returns_to_its_owners_hand():
    game = blank()
    mountains = lands(game, 0, *["Mountain"] * 5)
    game.add_card("Searing Touch", 0)
    game.start_at("main1", 0)
    act(game, "Searing Touch")
    assert game.decision == {"kind": "yesno", "player": 0, "announce": "buyback"}
    act(game, "pay buyback")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 19 and _zone_of(game, 0, "Searing Touch") == "hand"
    assert all(game.battlefield[pid].tapped for pid in mountains)
    assert any(e["type"] == "cast" and e.get("buyback") for e in game.events)


def test_702_27a_without_buyback_it_goes_to_the_graveyard():
    game = blank()
    lands(game, 0, *["Mountain"] * 5)
    game.add_card("Searing Touch", 0)
    game.start_at("main1", 0)
    act(game, "Searing Touch")
    act(game, "no buyback")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 19 and _zone_of(game, 0, "Searing Touch") == "graveyard"


def test_702_27a_buyback_is_not_asked_when_it_cannot_be_paid():
    game = blank()
    lands(game, 0, "Mountain")
    game.add_card("Searing Touch", 0)
    game.start_at("main1", 0)
    act(game, "Searing Touch")
    assert game.decision["kind"] == "target"


def test_702_27a_a_countered_spell_with_buyback_goes_to_the_graveyard():
    game = blank()
    lands(game, 0, *["Mountain"] * 5)
    lands(game, 1, "Island", "Island")
    game.add_card("Searing Touch", 0)
    game.add_card("Counterspell", 1)
    game.start_at("main1", 0)
    act(game, "Searing Touch")
    act(game, "pay buyback")
    game.apply_action(A.player(1))
    game.apply_action(A.PASS)
    act(game, "Counterspell")
    act(game, "Searing Touch")
    settle(game)
    assert game.life[1] == 20 and _zone_of(game, 0, "Searing Touch") == "graveyard"


def test_502_3_frost_breath_taps_two_creatures_that_stay_tapped_a_turn():
    game = blank()
    lands(game, 0, "Island", "Island", "Island")
    one = game.add_permanent("Grizzly Bears", 1)
    two = game.add_permanent("Gray Ogre", 1)
    game.add_card("Frost Breath", 0)
    game.start_at("main1", 0)
    act(game, "Frost Breath")
    target_perm(game, one)
    target_perm(game, two)
    if game.decision["kind"] == "target":
        game.apply_action(A.DONE)
    settle(game)
    assert game.battlefield[one].tapped and game.battlefield[two].tapped
    _upkeep_of(game, 1)
    assert game.battlefield[one].tapped and game.battlefield[two].tapped
    _upkeep_of(game, 1)
    assert not game.battlefield[one].tapped and not game.battlefield[two].tapped
