"""Scripted positions for creature mechanics (rules 701-702 and 613 as creatures use
them): regeneration paid with this creature's own counters, gods that are creatures
only with enough devotion, soulbond, bestow, protection from a chosen colour, goad
and attack taxes. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from magic.positions import (
    act,
    blank,
    lands,
    settle,
    target_perm,
    types_of,
)


# --------------------------------------------- 701.19: "remove counters: regenerate it"
def test_experiment_one_regenerates_itself_with_two_counters_rule_701_19a():
    # "Remove two +1/+1 counters from this creature: Regenerate it." ("it": this)
    game = blank()
    ooze = game.add_permanent("Experiment One", 0, counters={"+1/+1": 2})
    lands(game, 0, "Mountain")
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Experiment One")
    settle(game)
    perm = game.battlefield[ooze]
    assert perm.counters.get("+1/+1", 0) == 0
    assert ["regenerate", ooze] in game.replacements
    act(game, "Shock")
    target_perm(game, ooze)
    settle(game)
    assert ooze in game.battlefield and game.battlefield[ooze].tapped
    assert "regenerate" in types_of(game)
    assert not any("Experiment One" in game.action_to_string(a)
                   for a in game.legal_actions())  # no counters left to remove
