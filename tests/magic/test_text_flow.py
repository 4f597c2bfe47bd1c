"""The compiler's flow templates (:mod:`~labyrinth_gym.envs.magic.engine.text.flow`)
on real cards: "if <condition>, <effect>" (608.2c)."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card, types

ARTIFACTS = fx.Filter(types=types("Artifact"))


def test_608_2c_if_you_control_three_or_more_artifacts_is_checked_as_it_resolves():
    assert card("Dispatch").spell.effect == fx.Sequence((
        fx.TapOrUntap(fx.Target("creature")),
        fx.IfHolds(fx.ActivationCondition("you_control", ARTIFACTS, 3),
                   fx.Exile(fx.Ref("it")))))


def test_608_2c_a_later_step_guarded_by_a_condition():
    assert card("Temporal Machinations").spell.effect == fx.Sequence((
        fx.ReturnToHand(fx.Target("creature")),
        fx.IfHolds(fx.ActivationCondition("you_control", ARTIFACTS, 1), fx.Draw(1))))
    for name in ("Unlicensed Disintegration", "Arterial Flow", "Peppersmoke",
                 "Scroll of Avacyn"):
        card(name)


def test_608_2h_if_landfall_the_same_damage_instead():
    landfall = fx.ActivationCondition("land_entered")
    steps = card("Searing Blaze").spell.effect.steps
    assert [s.amount for s in steps] == [fx.IfAmount(1, 3, landfall)] * 2
    assert steps[1].to == fx.Target("creature", fx.Filter(
        controller=fx.ITS_CONTROLLER))
