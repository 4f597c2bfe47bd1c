"""Scripted positions for flipping a coin (rule 705): the flip uses the game's dice
(same seed, same flip), the branch of the result happens, and targets in either
branch are chosen as the spell or ability is put on the stack (601.2c). Each test
plays several seeds and checks both results happened. Real cards of the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame
from labyrinth_gym.envs.magic.prose import MagicNarrator
from magic.compiled import card
from magic.positions import act, lands, settle, slot


def _blank(seed: int) -> MagicGame:
    game = MagicGame.empty(seed, num_players=2)
    for p in range(2):
        for _ in range(10):
            game.add_card("Island", p, "library")
    return game


def _flip(game: MagicGame) -> bool:
    flips = [e for e in game.events if e["type"] == "coin_flip"]
    assert len(flips) == 1, flips
    return flips[0]["won"]


def test_705_stitch_in_time_extra_turn_only_when_the_flip_is_won():
    seen = set()
    for seed in range(12):
        game = _blank(seed)
        lands(game, 0, "Island", "Mountain", "Island")
        game.add_card("Stitch in Time", 0)
        game.start_at("main1", 0)
        act(game, "cast hand 0 (Stitch in Time)")
        settle(game)
        won = _flip(game)
        seen.add(won)
        assert game.extra_turns == ([0] if won else [])
    assert seen == {True, False}


def test_705_same_seed_same_flip():
    results = []
    for _ in range(2):
        game = _blank(7)
        lands(game, 0, "Island", "Mountain", "Island")
        game.add_card("Stitch in Time", 0)
        game.start_at("main1", 0)
        act(game, "cast hand 0 (Stitch in Time)")
        settle(game)
        results.append(_flip(game))
    assert results[0] == results[1]


def test_601_2c_goblin_bangchuckers_target_chosen_before_the_flip():
    seen = set()
    for seed in range(12):
        game = _blank(seed)
        goblin = game.add_permanent("Goblin Bangchuckers", 0)
        game.start_at("main1", 0)
        act(game, f"activate slot {slot(game, goblin)}")
        assert game.decision["kind"] == "target"  # (before any flip)
        assert not [e for e in game.events if e["type"] == "coin_flip"]
        game.apply_action(A.player(1))
        settle(game)
        won = _flip(game)
        seen.add(won)
        if won:
            assert game.life[1] == 18 and goblin in game.battlefield
        else:
            assert game.life[1] == 20 and goblin not in game.battlefield  # 2 to itself
    assert seen == {True, False}


def test_608_2n_molten_birth_returns_to_hand_on_a_won_flip():
    seen = set()
    for seed in range(12):
        game = _blank(seed)
        lands(game, 0, "Mountain", "Mountain", "Mountain")
        birth = game.add_card("Molten Birth", 0)
        game.start_at("main1", 0)
        act(game, "cast hand 0 (Molten Birth)")
        settle(game)
        won = _flip(game)
        seen.add(won)
        tokens = [p for p in game.battlefield.values()
                  if game.name_of(p.card) == "Elemental Token"]
        assert len(tokens) == 2
        assert (birth in game.hand[0]) == won and (birth in game.graveyard[0]) != won
        flip = next(e for e in game.events if e["type"] == "coin_flip")
        told = MagicNarrator(0).describe(flip)
        assert told == f"You {'win' if won else 'lose'} a coin flip."
    assert seen == {True, False}


def test_compiles_the_coin_flips():
    assert card("Stitch in Time").spell.effect == fx.FlipCoin(fx.ExtraTurn())
    birth = card("Molten Birth").spell.effect
    assert birth.steps[-1] == fx.FlipCoin(fx.SpellCardTo("hand"))
    bang = card("Goblin Bangchuckers").activated[0].effect
    assert isinstance(bang, fx.FlipCoin) and bang.win is not None and bang.lose is not None
    for name in ("Boompile", "Goblin Archaeologist", "Creepy Doll"):
        card(name)
