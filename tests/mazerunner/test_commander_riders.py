"""Scripted Commander positions for the riders of mana spent to cast a commander
(607.2, 903.8: Opal Palace, Study Hall) and the modal spells that choose both modes
while their caster controls a commander (700.2, 903.3: Akroma's Will). Real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.mazerunner.engine.game import COMMAND, CommanderGame
from tests.magic.compiled import card
from tests.magic.positions import act, lands, settle, slot

ISAMARU = "Isamaru, Hound of Konda"  # {W} 2/2, legendary


def _blank(players=2, library=10):
    game = CommanderGame.empty(0, num_players=players, life=40)
    for p in range(players):
        for _ in range(library):
            game.add_card("Island", p, "library")
    return game


def _cast_commander(game: CommanderGame, cid: int) -> int:
    game.apply_action(COMMAND)
    settle(game)
    return next(pid for pid, p in game.battlefield.items() if p.card == cid)


def _palace_mana(game: CommanderGame, palace: int) -> None:
    """Activate the land's {1}, {T}: one mana of the commander's colour identity."""
    act(game, f"activate slot {slot(game, palace)} (")
    settle(game)


def test_607_2_903_8_opal_palace_mana_gives_the_commander_counters():
    """The Palace's coloured mana ({1},{T}: the commander's identity) pays Isamaru's
    {W}: cast from the command zone once, it enters with one +1/+1 counter."""
    game = _blank()
    cid = game.add_commander(ISAMARU, 0)
    palace, _ = lands(game, 0, "Opal Palace", "Wastes")
    game.start_at("main1", 0)
    _palace_mana(game, palace)
    assert game.pool[0] == ["W"] and game.linked_mana[0] == [["W", palace]]
    pid = _cast_commander(game, cid)
    assert game.battlefield[palace].tapped and not game.linked_mana[0]
    assert game.battlefield[pid].counters == {"+1/+1": 1}
    assert game.chars(pid)[:2] == (3, 3)


def test_607_2_opal_palace_mana_spent_on_another_spell_is_no_longer_linked():
    game = _blank()
    cid = game.add_commander(ISAMARU, 0)
    palace, _ = lands(game, 0, "Opal Palace", "Wastes")
    lands(game, 0, "Plains")
    game.add_card("Savannah Lions", 0)
    game.start_at("main1", 0)
    _palace_mana(game, palace)
    act(game, "cast hand 0 (Savannah Lions)")
    settle(game)
    assert not game.linked_mana[0]
    pid = _cast_commander(game, cid)  # (with the Plains)
    assert not game.battlefield[pid].counters


def test_607_2_opal_palace_colourless_mana_gives_nothing():
    """Paid with a Plains, the Palace tapped for {C} only pays generic mana: no
    counters (the rider is linked to the coloured ability)."""
    game = _blank()
    cid = game.add_commander("Obyra, Dreaming Duelist", 0)  # {U}{B}
    lands(game, 0, "Opal Palace", "Island", "Swamp")
    game.casts[str(cid)] = 1  # (cast once before: tax {2})
    game.add_permanent("Wastes", 0)
    game.start_at("main1", 0)
    pid = _cast_commander(game, cid)
    assert game.casts[str(cid)] == 2 and not game.battlefield[pid].counters


def test_607_2_903_8_study_hall_scries_the_times_cast():
    game = _blank()
    game.add_commander(ISAMARU, 0)
    hall, _ = lands(game, 0, "Study Hall", "Wastes")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, hall)} (")
    game.apply_action(A.mode(0))  # (the colour: white)
    game.apply_action(COMMAND)
    assert [game.name_of(s.card) for s in game.stack] == [ISAMARU, "Study Hall"]
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["kind"] == "look"  # scry 1: cast once
    assert game.res["asks"][0][:3] == ["look", 0, 1]
    assert game.battlefield[hall].tapped


def test_700_2_akromas_will_both_modes_while_controlling_a_commander():
    def modes_offered(with_commander: bool) -> int:
        game = _blank()
        if with_commander:
            pid = game.add_permanent(ISAMARU, 0)
            game.commanders[0].append(game.battlefield[pid].card)
        lands(game, 0, "Plains", "Plains", "Plains", "Plains")
        game.add_card("Akroma's Will", 0)
        game.start_at("main1", 0)
        act(game, "cast hand 0 (Akroma's Will)")
        game.apply_action(A.mode(0))
        if game.decision["kind"] == "mode" and A.mode(1) in game.legal_actions():
            game.apply_action(A.mode(1))
            settle(game)
            return 2
        settle(game)
        return 1

    assert modes_offered(True) == 2
    assert modes_offered(False) == 1


def test_compiles_the_commander_riders():
    assert fx.CommanderManaCounters() in card("Opal Palace").statics
    hall = card("Study Hall").triggered[0]
    assert hall.trigger == fx.Trigger("mana_spent",
                                      fx.Filter(props=frozenset({"your_commander"})))
    assert hall.effect == fx.LookAtTop(fx.COMMANDER_CASTS)
    assert card("Akroma's Will").spell.effect.commander_max == 2
