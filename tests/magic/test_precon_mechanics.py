"""Scripted positions for the mechanisms the four shipped Commander precons need
(issue 30): decayed (702.147), dice (706), Blood tokens (111.10g), foretell (702.143)
and their commanders' abilities. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    can_block,
    lands,
    pass_to_decision,
    pass_until,
    settle,
    target_perm,
    to_blocks,
    to_combat,
)


def on_battlefield(game: MagicGame, name: str) -> list[int]:
    return [pid for pid, perm in game.battlefield.items()
            if game.name_of(perm.card) == name]


def bolt(game: MagicGame, pid: int) -> None:
    """Seat 0 casts Lightning Bolt (in its hand, a Mountain ready) at ``pid``."""
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, pid)
    settle(game)


# ------------------------------------------------------------------ 702.147 decayed
def test_wilhelt_and_the_decayed_makers_compile():
    pool = compiled_pool().supported
    for name in ("Wilhelt, the Rotcleaver", "Startle", "Rotten Reunion",
                 "Hobbling Zombie", "Falcon Abomination"):
        assert name in pool, name
    wilhelt = pool["Wilhelt, the Rotcleaver"]
    assert wilhelt.triggered[0].trigger.condition == "not_decayed"
    assert "decayed" in wilhelt.triggered[0].effect.token.keywords


def _wilhelt_makes_a_decayed_zombie() -> tuple[MagicGame, int, int]:
    """Seat 0 controls Wilhelt and a Walking Corpse; it bolts the Corpse: Wilhelt's
    trigger (603.10a: it looks back at the Zombie that died) makes a decayed Zombie."""
    game = blank()
    wilhelt = game.add_permanent("Wilhelt, the Rotcleaver", 0)
    corpse = game.add_permanent("Walking Corpse", 0)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    bolt(game, corpse)
    (token,) = on_battlefield(game, "Zombie Token")
    return game, wilhelt, token


def test_702_147a_a_decayed_token_cant_block():
    game, _, token = _wilhelt_makes_a_decayed_zombie()
    assert "decayed" in game.keywords(token)
    attacker = game.add_permanent("Grizzly Bears", 1)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 1, turn=3)
    to_blocks(game, attacker)
    assert not can_block(game, token, attacker)
    assert can_block(game, bears, attacker)


def test_702_147a_a_decayed_creature_is_sacrificed_at_end_of_combat_after_attacking():
    game, _, token = _wilhelt_makes_a_decayed_zombie()
    game.battlefield[token].sick = False  # (as on seat 0's next turn)
    game.start_at("main1", 0, turn=3)
    to_combat(game)
    attack(game, token)
    game.apply_action(A.DONE)
    pass_until(game, "combat_damage")
    assert token in game.battlefield  # still there as damage is dealt
    assert game.life[1] == 18
    pass_until(game, "end_of_combat")
    settle(game)
    assert token not in game.battlefield


def test_wilhelt_counts_only_zombies_that_did_not_have_decayed():
    game, _, token = _wilhelt_makes_a_decayed_zombie()
    game.add_card("Lightning Bolt", 0)
    lands(game, 0, "Mountain")
    bolt(game, token)  # a decayed Zombie dies: 603.4, the "if" is false
    assert not on_battlefield(game, "Zombie Token")


def test_wilhelt_end_step_may_sacrifice_a_zombie_to_draw():
    game, wilhelt, token = _wilhelt_makes_a_decayed_zombie()
    hand = len(game.hand[0])
    pass_to_decision(game, "yesno")  # the end step trigger resolves: "you may"
    assert game.step == "end"
    act(game, "yes")
    if game.decision["kind"] != "priority":  # which Zombie: the decayed token
        target_perm(game, token)
    settle(game)
    assert token not in game.battlefield and wilhelt in game.battlefield
    assert len(game.hand[0]) == hand + 1
