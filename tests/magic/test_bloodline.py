"""Scripted positions for the last cards of the Vampiric Bloodline precon (issue 30):
each mechanism played by a real card of the pool, its rule's outcome checked."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card
from magic.positions import act, blank, lands, settle, target_perm


def on_battlefield(game, name: str) -> list[int]:
    return [pid for pid, perm in game.battlefield.items()
            if game.name_of(perm.card) == name]


# ------------------------------- 601.2c: "up to X targets", X counted as they're chosen
def test_601_2c_midnight_arsonist_targets_up_to_its_vampire_count():
    """Midnight Arsonist's enters trigger takes up to X artifact targets, X the
    Vampires its controller controls as the targets are chosen (Arsonist and one
    other: two), and an artifact with a mana ability is no legal target (605.1a)."""
    destroy = card("Midnight Arsonist").triggered[0].effect
    assert destroy.what.up_to and destroy.what.most == fx.Count(
        "permanents", fx.Filter(subtypes=frozenset({"Vampire"}), controller="you"))
    assert "no_mana_abilities" in destroy.what.filter.props
    game = blank()
    game.add_card("Midnight Arsonist", 0)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    game.add_permanent("Vampire Lacerator", 0)
    game.add_permanent("Grizzly Bears", 0)  # (no Vampire: not counted)
    relics = [game.add_permanent("Millstone", 1) for _ in range(3)]
    stone = game.add_permanent("Mind Stone", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Midnight Arsonist)")
    settle(game)
    legal = game.legal_actions()
    assert A.permanent(game.battlefield[stone].slot) not in legal
    assert A.DONE in legal  # (up to: none is allowed)
    target_perm(game, relics[0])
    assert game.decision["kind"] == "target"
    target_perm(game, relics[1])
    assert game.decision["kind"] != "target"  # X is two: the choice ends there
    settle(game)
    assert on_battlefield(game, "Millstone") == [relics[2]]
    assert on_battlefield(game, "Mind Stone") == [stone]


def test_601_2c_midnight_arsonist_destroys_the_artifacts_it_targets():
    game = blank()
    game.add_card("Midnight Arsonist", 0)
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    stones = [game.add_permanent("Millstone", 1) for _ in range(2)]
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Midnight Arsonist)")
    settle(game)
    target_perm(game, stones[0])
    assert game.decision["kind"] != "target"  # X is one (Arsonist alone)
    settle(game)
    assert on_battlefield(game, "Millstone") == [stones[1]]
