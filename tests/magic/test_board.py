"""Scripted positions for permanents' and combat's rules that complete published decks
(issue 30): a permanent exiling itself and returning (400.7, 603.7), ... Each names
real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    blank,
    lands,
    pass_until,
    settle,
)


def on_battlefield(game: MagicGame, name: str) -> list[int]:
    return [pid for pid, perm in game.battlefield.items()
            if game.name_of(perm.card) == name]


def test_own_exile_compiles_for_a_permanent():
    """"exile this" in a permanent's ability is the permanent's exile; the next
    sentence's "it" is that card (400.7)."""
    pool = compiled_pool().supported
    for name in ("Aetherling", "Argent Sphinx", "Anurid Brushhopper", "Fleeting Spirit",
                 "Ghost Council of Orzhova", "Nezahal, Primal Tide", "Ojutai Exemplars",
                 "Djinn of the Fountain", "Aethergeode Miner", "Flickering Spirit"):
        assert name in pool, name
    first = pool["Aetherling"].activated[0].effect
    assert first.steps[0] == fx.Exile(fx.Ref("self"))
    assert first.steps[1] == fx.Delayed("next_end_step", fx.MoveCards(
        fx.Ref("that_card"), "battlefield", "owner"))


def test_603_7_aetherling_exiles_itself_and_returns_at_the_next_end_step():
    """Aetherling's first ability exiles it (dodging removal); the delayed ability
    returns it at the beginning of the next end step as a new object (400.7) without
    its pump; its other abilities make it unblockable and trade power for toughness."""
    game = blank()
    ling = game.add_permanent("Aetherling", 0)
    lands(game, 0, "Island", "Island", "Island", "Island")
    game.start_at("main1", 0)
    act(game, "(Aetherling) ability 2")
    settle(game)
    assert game.chars(ling)[:2] == (5, 4)
    act(game, "(Aetherling) ability 0")
    settle(game)
    assert ling not in game.battlefield
    assert [game.name_of(c) for c in game.exile[0]] == ["Aetherling"]
    pass_until(game, "end")
    settle(game)
    back = on_battlefield(game, "Aetherling")
    assert len(back) == 1 and back[0] != ling and game.exile[0] == []
    assert game.battlefield[back[0]].controller == 0
    assert game.chars(back[0])[:2] == (4, 5)
