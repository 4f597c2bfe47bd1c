"""The compiler's flow templates (:mod:`~labyrinth_gym.envs.magic.engine.text.flow`)
on real cards: "if <condition>, <effect>" (608.2c; the whole effect of a triggered
ability: an intervening if, 603.4)."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card, types

ARTIFACTS = fx.Filter(types=types("Artifact"))


def test_608_2c_if_you_control_three_or_more_artifacts_is_checked_as_it_resolves():
    assert card("Dispatch").spell.effect == fx.Sequence((
        fx.TapOrUntap(fx.Target("creature")),
        fx.IfHolds(fx.ActivationCondition("you_control", ARTIFACTS, 3),
                   fx.Exile(fx.Ref("it")))))


def test_603_4_a_triggered_abilitys_intervening_if():
    scholar = card("Scholar of Stars").triggered[0]
    assert scholar.effect == fx.IfHolds(
        fx.ActivationCondition("you_control", ARTIFACTS, 1), fx.Draw(1))
    for name in ("Wakedancer", "Unlicensed Disintegration", "Temporal Machinations",
                 "Colossal Majesty", "Arterial Flow"):
        card(name)
