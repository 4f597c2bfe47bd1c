"""Scripted positions for combat restrictions, requirements and keywords (rules 506-511,
702): what an Aura or Equipment says about how its creature attacks and is blocked,
the combat keywords that are triggered abilities, and the requirements a declaration
must obey as far as it can (508.1d, 509.1c). Each names real cards from the pool."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.core.engine import IllegalActionError
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    blank,
    block,
    can_block,
    slot,
    to_blocks,
    to_combat,
)


def attack_options(game: MagicGame, pid: int) -> list[int]:
    """The relative seats ``pid`` may be declared attacking now."""
    return [r for r in range(1, game.num_players)
            if A.attack(slot(game, pid), r) in game.legal_actions()]


# ------------------------------------- an Aura's or Equipment's combat rules
def test_the_attached_combat_lines_compile():
    pool = compiled_pool().supported
    for name in ("Whispersilk Cloak", "Aqueous Form", "Vow of Duty",
                 "Vow of Lightning"):
        assert name in pool, name
    cloak = pool["Whispersilk Cloak"].statics[0]
    assert cloak.cant_be_blocked and cloak.keywords == ("shroud",)


def test_equipped_creature_cant_be_blocked_509_1b():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Whispersilk Cloak", 0, attached_to=bears)
    wall = game.add_permanent("Wall of Stone", 1)
    game.start_at("main1", 0)
    to_blocks(game, bears)
    assert not can_block(game, wall, bears)
    assert game.legal_actions() == [A.DONE]


def test_enchanted_creature_cant_be_blocked_except_by_walls_509_1b():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Invisibility", 0, attached_to=bears)
    other = game.add_permanent("Grizzly Bears", 1)
    wall = game.add_permanent("Wall of Stone", 1)
    game.start_at("main1", 0)
    to_blocks(game, bears)
    assert not can_block(game, other, bears)
    assert can_block(game, wall, bears)


def test_equipped_creature_cant_be_blocked_by_more_than_one_509_1b():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Rope", 0, attached_to=bears)
    one, two = (game.add_permanent("Grizzly Bears", 1) for _ in range(2))
    game.start_at("main1", 0)
    to_blocks(game, bears)
    block(game, one, bears)
    assert A.DONE in game.legal_actions()
    block(game, two, bears)
    assert A.DONE not in game.legal_actions()  # two blockers: not a legal block
    with pytest.raises(IllegalActionError):
        game.apply_action(A.DONE)
    assert game.chars(bears)[:2] == (3, 4) and "reach" in game.keywords(bears)


def test_vow_creature_cant_attack_the_auras_controller_508_1c():
    # three players: the Vow's controller (seat 1) can't be attacked by its creature,
    # seat 2 can
    game = blank(players=3)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Vow of Duty", 1, attached_to=bears)
    game.start_at("main1", 0)
    to_combat(game)
    assert attack_options(game, bears) == [2]
    with pytest.raises(IllegalActionError):
        game.apply_action(A.attack(slot(game, bears), 1))


def test_vow_creature_with_no_one_to_attack_leaves_done_508_1c():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Vow of Duty", 1, attached_to=bears)
    game.start_at("main1", 0)
    to_combat(game)
    assert attack_options(game, bears) == []
    assert A.DONE in game.legal_actions()
