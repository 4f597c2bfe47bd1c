"""Scripted Commander positions for the cards of the Vampiric Bloodline precon that
look at commanders (903.3): "commander creatures you control get +2/+2 and have haste"
(Bloodsworn Steward), "... to that player unless they control a commander" (Crimson
Honor Guard). Real cards."""

from __future__ import annotations

from labyrinth_gym.envs.mazerunner.engine.game import CommanderGame
from tests.magic.compiled import card
from tests.magic.positions import act, pass_until, settle


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


def test_101_4_imposing_grandeur_each_player_may_wheel_to_its_commander_mana_value():
    """Each player in turn order chooses (101.4); those who said yes discard their
    hand and draw as many cards as the greatest mana value of a commander they own on
    the battlefield or in the command zone (903.3): seat 0 (Strefan in the command
    zone, 4) and seat 1 (Kamahl on the battlefield, 6, and Isamaru in the command zone,
    1) say yes; seat 2 (no commander) says no and keeps its hand."""
    from labyrinth_gym.envs.magic.engine import effects as fx

    spell = card("Imposing Grandeur").spell.effect
    assert isinstance(spell, fx.EachPlayerMay)
    game = _blank(players=3)
    game.add_card("Imposing Grandeur", 0)
    for _ in range(5):
        game.add_permanent("Mountain", 0)
    game.add_commander("Strefan, Maurer Progenitor", 0)
    _as_commander(game, "Kamahl, Pit Fighter", 1)
    game.add_commander("Isamaru, Hound of Konda", 1)
    for p, n in ((0, 2), (1, 3), (2, 2)):
        for _ in range(n):
            game.add_card("Swamp", p)
    game.start_at("main1", 0)
    act(game, "(Imposing Grandeur)")
    settle(game)
    asked = []
    for answer in ("yes", "yes", "no"):
        assert game.decision["kind"] == "yesno" and "each_may" in game.decision
        asked.append(game.decision["player"])
        act(game, answer)
    while game.decision["kind"] == "discard":  # (each card of the hand, one by one)
        game.apply_action(game.legal_actions()[0])
    settle(game)
    assert asked == [0, 1, 2]
    assert len(game.hand[0]) == 4 and len(game.hand[1]) == 6 and len(game.hand[2]) == 2
    assert len(game.graveyard[0]) == 3 and len(game.graveyard[1]) == 3  # (+ the spell)
    assert not game.graveyard[2]
