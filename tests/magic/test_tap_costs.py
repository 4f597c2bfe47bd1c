"""Tapping untapped permanents as a cost ("tap two untapped artifacts you control",
rules 118.3 and 602.2b): chosen one at a time (the crew decision), summoning-sick
creatures included (not a {T} cost, 302.6), offered only when enough are untapped."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.compiled import card
from magic.positions import act, blank, has, settle, slot, target_perm


def test_tap_costs_compile():
    rogue = card("Whirler Rogue").activated[0].cost
    assert rogue == fx.Cost(tap_untapped=fx.Filter(frozenset({"Artifact"}), controller="you"),
                            tap_count=2)
    drum = card("Springleaf Drum").activated[0].cost
    assert drum.tap and drum.tap_count == 1
    assert drum.tap_untapped == fx.Filter(frozenset({"Creature"}), controller="you")
    pool = compiled_pool().supported
    for name in ("Gravespawn Sovereign", "Cloudgoat Ranger", "Opposition",
                 "Glare of Subdual", "Holdout Settlement"):
        assert name in pool, name


def test_602_2b_whirler_rogue_taps_two_artifacts():
    game = blank()
    rogue = game.add_permanent("Whirler Rogue", 0, sick=True)
    birds = [game.add_permanent("Ornithopter", 0, sick=True) for _ in range(2)]
    game.start_at("main1", 0)
    game.apply_action(A.activate(slot(game, rogue), 0))
    target_perm(game, rogue)  # the target first (601.2c), then the costs (601.2h)
    for bird in birds:
        assert game.decision["kind"] == "cost_crew"
        assert set(game.decision["options"]) == set(birds)  # the Rogue is no artifact
        game.apply_action(A.permanent(slot(game, bird)))
    settle(game)
    assert all(game.battlefield[b].tapped for b in birds)
    assert "tapped_for_cost" in [e["type"] for e in game.events]
    assert not game.battlefield[rogue].tapped


def test_118_3_not_offered_without_enough_untapped():
    game = blank()
    rogue = game.add_permanent("Whirler Rogue", 0)
    game.add_permanent("Ornithopter", 0)
    game.add_permanent("Ornithopter", 0, tapped=True)
    game.add_permanent("Ornithopter", 1)  # not yours
    game.start_at("main1", 0)
    assert A.activate(slot(game, rogue), 0) not in game.legal_actions()


def test_302_6_a_summoning_sick_creature_can_be_tapped_for_springleaf_drum():
    game = blank()
    drum = game.add_permanent("Springleaf Drum", 0)
    bears = game.add_permanent("Grizzly Bears", 0, sick=True)
    game.add_card("Llanowar Elves", 0)
    game.start_at("main1", 0)
    assert not has(game, "cast hand 0")  # no mana yet
    game.apply_action(A.activate(slot(game, drum), 0))
    assert game.decision["kind"] == "cost_crew"
    game.apply_action(A.permanent(slot(game, bears)))
    if game.decision["kind"] == "colour":
        act(game, "add {G}")
    assert game.battlefield[bears].tapped and game.battlefield[drum].tapped
    assert game.pool[0] == ["G"]
