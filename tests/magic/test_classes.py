"""Class enchantments (rule 716): a Class enters at level 1; "{cost}: Level N" raises
it one level at a time, as a sorcery (716.2a); it has the abilities of each level it
reached (716.2b); "when this Class becomes level N" triggers (716.2c)."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.prose import describe
from magic.positions import (
    act,
    blank,
    has,
    lands,
    pass_until,
    pool,
    settle,
    target_perm,
)

WIZARD = "Wizard Class"


def test_classes_compile_with_their_levels_716_2():
    supported = compiled_pool().supported
    for name in (WIZARD, "Ranger Class", "Gossip's Talent", "Stormchaser's Talent",
                 "Hunter's Talent"):
        assert name in supported, compiled_pool().unsupported.get(name)
    wizard = pool(WIZARD)
    level2, level3 = wizard.activated
    assert level2.effect == fx.GainClassLevel(2) and level2.sorcery_speed
    assert level3.only_if == (fx.ActivationCondition("class_level", count=2),)
    assert [(b.low, b.high, b.kind) for b in wizard.levels] == [
        (2, 2, "class"), (3, None, "class")]


def _wizard(islands: int) -> tuple:
    game = blank()
    lands(game, 0, *["Island"] * islands)
    pid = game.add_permanent(WIZARD, 0)
    game.start_at("main1", 0)
    return game, pid


def test_level_two_then_three_one_at_a_time_716_2a():
    """Only level 2 can be gained at level 1; level 2's trigger draws two cards."""
    game, pid = _wizard(8)
    assert game.battlefield[pid].class_level == 1
    assert has(game, "ability 0") and not has(game, "ability 1")
    hand = len(game.hand[0])
    act(game, "ability 0")
    settle(game)
    assert game.battlefield[pid].class_level == 2
    assert len(game.hand[0]) == hand + 2  # "when this Class becomes level 2"
    assert any(e["type"] == "class_level" for e in game.events)
    assert "becomes level 2" in describe(
        next(e for e in game.events if e["type"] == "class_level"))
    assert not has(game, "ability 0") and has(game, "ability 1")


def test_a_level_s_ability_exists_only_from_that_level_716_2b():
    """Wizard Class level 3: "whenever you draw a card, put a +1/+1 counter on target
    creature you control"; not at level 2."""
    game, pid = _wizard(0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.gain_class_level(pid, 2)
    (became,) = game.pending_triggers  # "when this Class becomes level 2" (716.2c)
    assert game.pdef(pid).triggered[became["index"]].trigger.event == "class_level_2"
    game.pending_triggers.clear()
    game.draw(0)
    assert not game.pending_triggers and len(pool(WIZARD).triggered) == 0
    game.gain_class_level(pid, 3)
    assert len(game.pdef(pid).triggered) == 2
    game.pending_triggers.clear()  # (level 3's own trigger: none)
    game.draw(0)
    assert len(game.pending_triggers) == 1
    game.apply_action(A.PASS)  # the trigger goes on the stack: its target
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[bears].counters.get("+1/+1") == 1


def test_levelling_up_is_a_sorcery_716_2a():
    game = blank()
    lands(game, 0, "Island", "Island", "Island")
    game.add_permanent(WIZARD, 0)
    game.start_at("upkeep", 0)
    assert not has(game, "Wizard Class")
    pass_until(game, "main1")
    assert has(game, "Wizard Class")


def test_a_class_enters_at_level_one_again_400_7():
    game, pid = _wizard(0)
    game.gain_class_level(pid, 3)
    card = game.battlefield[pid].card
    game.sacrifice([pid])
    again = game.add_permanent(WIZARD, 0)
    assert game.battlefield[again].class_level == 1 and card >= 0
    assert len(game.pdef(again).triggered) == 0
