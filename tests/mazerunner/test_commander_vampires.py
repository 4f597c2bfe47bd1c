"""Scripted Commander positions for the cards of the Vampiric Bloodline precon that
look at commanders (903.3): "commander creatures you control get +2/+2 and have haste"
(Bloodsworn Steward), "... to that player unless they control a commander" (Crimson
Honor Guard). Real cards."""

from __future__ import annotations

from labyrinth_gym.envs.mazerunner.engine.game import CommanderGame
from tests.magic.compiled import card
from tests.magic.positions import pass_until, settle


def _blank(players=2, library=10):
    game = CommanderGame.empty(0, num_players=players, life=40)
    for p in range(players):
        for _ in range(library):
            game.add_card("Island", p, "library")
    return game


def _as_commander(game: CommanderGame, name: str, p: int) -> int:
    pid = game.add_permanent(name, p)
    game.commanders[p].append(game.battlefield[pid].card)
    return pid


def test_903_3_commander_filters_compile():
    steward = card("Bloodsworn Steward").statics[0]
    assert steward.affected.props == frozenset({"commander"})
    assert steward.affected.types == frozenset({"Creature"})
    assert (steward.power, steward.toughness, steward.keywords) == (2, 2, ("haste",))
    assert card("Guardian Augmenter").statics[0].affected.props == frozenset(
        {"commander"})  # "commanders you control have hexproof"
    card("Bastion Protector")
    card("Crimson Honor Guard")


def test_903_3_bloodsworn_steward_pumps_only_commander_creatures():
    game = _blank()
    game.add_permanent("Bloodsworn Steward", 0)
    commander = _as_commander(game, "Isamaru, Hound of Konda", 0)
    other = game.add_permanent("Savannah Lions", 0)
    theirs = _as_commander(game, "Kamahl, Pit Fighter", 1)
    game.start_at("main1", 0)
    assert game.chars(commander)[:2] == (4, 4)
    assert "haste" in game.keywords(commander)
    assert game.chars(other)[:2] == (2, 1) and "haste" not in game.keywords(other)
    assert game.chars(theirs)[:2] == (6, 1)  # (another player's: "you control")


def test_903_3_crimson_honor_guard_spares_a_player_controlling_a_commander():
    """At each player's end step the Guard deals 4 damage to that player unless they
    control a commander (anyone's: here seat 1 controls none, then one)."""
    game = _blank()
    game.add_permanent("Crimson Honor Guard", 0)
    game.start_at("main1", 1, turn=2)
    pass_until(game, "end")
    settle(game)
    assert game.life[1] == 36
    game = _blank()
    game.add_permanent("Crimson Honor Guard", 0)
    _as_commander(game, "Isamaru, Hound of Konda", 1)
    game.start_at("main1", 1, turn=2)
    pass_until(game, "end")
    settle(game)
    assert game.life[1] == 40
    # its controller, with no commander, is dealt 4 at its own end step
    game.start_at("main1", 0, turn=3)
    pass_until(game, "end")
    settle(game)
    assert game.life[0] == 36
