"""Rules about the turn's steps and timing: intervening "if" conditions of step
triggers and spells (603.4, 608.2c), echo (702.30), cumulative upkeep (702.24),
vanishing (702.63), fading (702.32), untapping choices (502.3) and stun counters
(122.1d). Scripted positions with real cards from the pool."""

from __future__ import annotations

from magic.positions import act, blank, lands, pass_until, settle


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
