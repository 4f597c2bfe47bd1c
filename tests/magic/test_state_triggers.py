"""State triggers (rule 603.8) and Garruk Relentless: "when this has two or fewer
loyalty counters on him, transform him"; the creature he damages deals damage back."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import act, blank, pool, settle, target_perm

GARRUK = "Garruk Relentless // Garruk, the Veil-Cursed"


def test_garruk_relentless_compiles_with_a_state_trigger_603_8():
    supported = compiled_pool().supported
    for name in (GARRUK,):
        assert name in supported, compiled_pool().unsupported.get(name)
    (state,) = pool(GARRUK).triggered
    assert state.trigger == fx.Trigger("state", fx.Ref("self"), fx.ActivationCondition(
        "counters_at_most", count=2, counter="loyalty"))
    assert state.effect == fx.Transform()


def _garruk_fights(creature: str) -> tuple:
    game = blank()
    garruk = game.add_permanent(GARRUK, 0)
    other = game.add_permanent(creature, 1)
    game.start_at("main1", 0)
    act(game, "ability 0")
    target_perm(game, other)
    settle(game)
    return game, garruk, other


def test_the_creature_deals_damage_back_and_garruk_transforms_603_8():
    """Garruk (3 loyalty) deals 3 to Grizzly Bears, which deals 2 back: 1 loyalty
    left, two or fewer: the state trigger transforms him (he keeps his counters)."""
    game, garruk, bears = _garruk_fights("Grizzly Bears")
    assert bears not in game.battlefield
    settle(game)
    assert game.pdef(garruk).name == "Garruk, the Veil-Cursed"
    assert game.battlefield[garruk].counters["loyalty"] == 1
    assert "transform" in [e["type"] for e in game.events]


def test_no_trigger_while_he_has_more_than_two_counters_603_8():
    """A 0-power creature deals no damage back: 3 loyalty, no trigger."""
    game, garruk, _ = _garruk_fights("Ornithopter")
    settle(game)
    assert game.pdef(garruk).name == GARRUK
    assert not game.stack and game.battlefield[garruk].counters["loyalty"] == 3


def test_a_state_trigger_does_not_trigger_again_while_on_the_stack_603_8():
    game = blank()
    garruk = game.add_permanent(GARRUK, 0, counters={"loyalty": 2})
    game.start_at("main1", 0)
    game.apply_action(A.PASS)  # the trigger is put on the stack as priority is given
    assert [s.kind for s in game.stack] == ["triggered"]
    game.apply_action(A.PASS)
    settle(game)
    assert game.pdef(garruk).name == "Garruk, the Veil-Cursed"
    assert not game.stack


def test_veil_cursed_sacrifice_if_you_do_needs_a_creature_608_2c():
    """"Sacrifice a creature. If you do, search ...": with no creature, nothing is
    sacrificed and nothing is searched."""
    back = pool(GARRUK).back
    assert isinstance(back.activated[1].effect, fx.IfHolds)
    game = blank()
    garruk = game.add_permanent(GARRUK, 0)
    assert game.transform(garruk)
    game.start_at("main1", 0)
    act(game, "ability 1")
    settle(game)
    assert game.battlefield[garruk].counters["loyalty"] == 2
    assert not any(e["type"] == "search" for e in game.events)
