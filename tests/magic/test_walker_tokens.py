"""Ajani Goldmane: "put a +1/+1 counter on each creature you control. those creatures
gain vigilance until end of turn." (608.2c: the same creatures) and a token whose
power and toughness are its controller's life total (604.3, 111.3): scripted
positions with the real card."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.compiled import card
from magic.positions import act, blank, settle, slot


def test_608_2c_the_compiled_card():
    effects = [a.effect for a in card("Ajani Goldmane").activated]
    mine = fx.Each(fx.Filter(frozenset({"Creature"}), controller="you"))
    assert effects[1] == fx.Sequence((fx.AddCounters(1, mine, "+1/+1"),
                                      fx.Pump(0, 0, mine, ("vigilance",))))
    assert effects[2].token.abilities == (fx.DefinedPT(fx.Count("life")),)
    assert "Ajani Goldmane" in compiled_pool().supported


def test_608_2c_those_creatures_get_the_counter_and_vigilance():
    game = blank()
    ajani = game.add_permanent("Ajani Goldmane", 0, counters={"loyalty": 4})
    bears = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, ajani)} (Ajani Goldmane) ability 1")
    settle(game)
    assert game.chars(bears) == (3, 3, frozenset({"vigilance"}))
    assert game.chars(theirs) == (2, 2, frozenset())
    assert game.battlefield[ajani].counters["loyalty"] == 3


def test_604_3_the_avatar_is_as_big_as_its_controllers_life_total():
    game = blank()
    ajani = game.add_permanent("Ajani Goldmane", 0, counters={"loyalty": 6})
    game.add_permanent("Mountain", 1)
    game.add_card("Lightning Bolt", 1)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, ajani)} (Ajani Goldmane) ability 2")
    settle(game)
    avatar = next(pid for pid, p in game.battlefield.items()
                  if game.name_of(p.card) == "Avatar Token")
    assert game.chars(avatar)[:2] == (20, 20)
    act(game, "pass")  # the opponent Bolts Ajani's controller
    act(game, "Lightning Bolt")
    act(game, "player 0")
    settle(game)
    assert game.life[0] == 17 and game.chars(avatar)[:2] == (17, 17)
