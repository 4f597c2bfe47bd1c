"""The compiler's templates for face-down permanents
(:mod:`~labyrinth_gym.envs.magic.engine.text.facedown`), checked on real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.resolve import unresolvable
from magic.compiled import card, cost, reason


def test_morph_megamorph_and_disguise_costs():
    # 702.37a, 702.37b, 702.168a
    assert card("Rattleclaw Mystic").face_down_cost == fx.FaceDownCost(
        "morph", fx.Cost(mana=cost("{2}")))
    assert card("Ainok Survivalist").face_down_cost == fx.FaceDownCost(
        "megamorph", fx.Cost(mana=cost("{1}{G}")))
    assert card("Dog Walker").face_down_cost == fx.FaceDownCost(
        "disguise", fx.Cost(mana=cost("{R/W}{R/W}")))
    for name in ("Rattleclaw Mystic", "Ainok Survivalist", "Dog Walker",
                 "Battering Craghorn", "Skirk Marauder", "Gudul Lurker"):
        assert unresolvable(card(name)) == []


def test_when_this_is_turned_face_up():
    # 708.8: "when this is turned face up" and "when this enters or is turned face up"
    assert [t.trigger for t in card("Skirk Marauder").triggered] == [
        fx.Trigger("turned_face_up", fx.Ref("self"))]
    assert [t.trigger.event for t in card("Offender at Large").triggered] == [
        "enters", "turned_face_up"]
    assert any(t.trigger.event == "turned_face_up"
               for t in card("Rattleclaw Mystic").triggered)


def test_morph_costs_of_life_compile_and_other_costs_stay_refused():
    assert card("Zombie Cutthroat").face_down_cost == fx.FaceDownCost(
        "morph", fx.Cost(pay_life=5))
    # "morph—return two islands you control to their owner's hand": not paid
    assert reason("Fathom Seer").startswith("morph")


def test_whenever_a_permanent_is_turned_face_up():
    assert card("Aven Farseer").triggered[0].trigger == fx.Trigger(
        "turned_face_up", fx.Filter())
    assert card("Mastery of the Unseen").triggered[0].trigger == fx.Trigger(
        "turned_face_up", fx.Filter(controller="you"))
    assert card("Fatal Mutation").triggered[0].trigger == fx.Trigger(
        "turned_face_up", fx.Ref("enchanted"))
