"""Scripted positions for the refused cards of the shipped Draconic Rage precon (branch
dragonsA): "whenever a source you control deals damage to a player" (120.1, 603.2;
Dragonborn Champion). Each position names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    lands,
    pass_until,
    settle,
    to_combat,
)


# ------------------------------------- 603.2: a source you control deals damage
def test_source_damage_triggers_compile():
    pool = compiled_pool().supported
    champion = pool["Dragonborn Champion"].triggered[0].trigger
    assert champion == fx.Trigger("source_damage_player", fx.Ref("each_player"),
                                  "damage>=5")
    niv = pool["Niv-Mizzet, Visionary"].triggered[0]
    assert niv.trigger == fx.Trigger("source_damage_player", fx.Ref("each_opponent"),
                                     "noncombat")
    assert niv.effect.count == "that_much"
    # from a graveyard it is not played: the card stays refused
    assert "Asgardian Inspiration" not in pool


def _attack_with(attacker: str, watcher: str, seat: int = 0) -> tuple[MagicGame, int]:
    """Seat ``seat`` controls ``watcher`` and attacks seat 1 - seat with an unblocked
    ``attacker``; returns the game after combat damage and the hand size before it."""
    game = blank()
    game.add_permanent(watcher, seat)
    pid = game.add_permanent(attacker, seat)
    game.battlefield[pid].sick = False
    game.start_at("main1", seat, turn=3)
    hand = len(game.hand[seat])
    to_combat(game)
    attack(game, pid)
    game.apply_action(A.DONE)
    pass_until(game, "combat_damage")
    settle(game)
    return game, hand


def test_dragonborn_champion_draws_when_a_source_deals_five_or_more_to_a_player():
    game, hand = _attack_with("Craw Wurm", "Dragonborn Champion")  # 6 damage
    assert game.life[1] == 14
    assert len(game.hand[0]) == hand + 1


def test_dragonborn_champion_counts_its_own_combat_damage():
    game, hand = _attack_with("Dragonborn Champion", "Grizzly Bears")  # 5 damage
    assert game.life[1] == 15
    assert len(game.hand[0]) == hand + 1


def test_dragonborn_champion_ignores_less_than_five_damage():
    game, hand = _attack_with("Hill Giant", "Dragonborn Champion")  # 3 damage
    assert game.life[1] == 17
    assert len(game.hand[0]) == hand


def test_dragonborn_champion_ignores_an_opponents_source():
    game = blank()
    game.add_permanent("Dragonborn Champion", 1)
    hand = len(game.hand[1])
    wurm = game.add_permanent("Craw Wurm", 0)
    game.battlefield[wurm].sick = False
    game.start_at("main1", 0, turn=3)
    to_combat(game)
    attack(game, wurm)
    game.apply_action(A.DONE)
    pass_until(game, "combat_damage")
    settle(game)
    assert game.life[1] == 14  # seat 1 was dealt 6, by a source seat 0 controls
    assert len(game.hand[1]) == hand


def _lava_axe(watcher: str, at: int) -> tuple[MagicGame, int]:
    """Seat 0 controls ``watcher`` and casts Lava Axe (5 damage) at seat ``at``."""
    game = blank()
    game.add_permanent(watcher, 0)
    lands(game, 0, *["Mountain"] * 5)
    game.add_card("Lava Axe", 0)
    game.start_at("main1", 0)
    hand = len(game.hand[0]) - 1
    act(game, "cast hand 0 (Lava Axe)")
    game.apply_action(A.player(at))
    settle(game)
    return game, hand


def test_a_spell_is_a_source_you_control_and_any_player_counts():
    game, hand = _lava_axe("Dragonborn Champion", 1)
    assert game.life[1] == 15
    assert len(game.hand[0]) == hand + 1
    game, hand = _lava_axe("Dragonborn Champion", 0)  # "a player": you too
    assert game.life[0] == 15
    assert len(game.hand[0]) == hand + 1


def test_niv_mizzet_draws_that_many_for_noncombat_damage_to_an_opponent():
    game, hand = _lava_axe("Niv-Mizzet, Visionary", 1)
    assert len(game.hand[0]) == hand + 5
    game, hand = _lava_axe("Niv-Mizzet, Visionary", 0)  # not an opponent
    assert len(game.hand[0]) == hand
    game, hand = _attack_with("Craw Wurm", "Niv-Mizzet, Visionary")  # combat damage
    assert game.life[1] == 14
    assert len(game.hand[0]) == hand
