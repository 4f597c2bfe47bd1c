"""Refused cards of the Undead Unleashed precon made to play (branch undeadB), each
through a general mechanism: Hordewing Skaab ("one or more <creatures> deal combat
damage to one or more of your opponents", 603.2c, counting the opponents dealt it),
Shadow Kin and Stitcher Geralf (the cards an effect milled, "this way", 608.2c)."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    attack,
    blank,
    creature,
    finish_attacks,
    names,
    pool,
    to_combat,
)

ZOMBIE = ("Zombie",)


def _zombie(name: str) -> fx.CardDef:
    return creature(name, 2, 2, subtypes=ZOMBIE)


def _triggers(game: MagicGame, name: str) -> int:
    return sum(1 for e in game.events if e["type"] == "trigger" and e.get("card") == name)


def _to_combat_damage_decision(game: MagicGame) -> None:
    """Pass (no blocks) until a decision other than priority or blocks is asked, or
    the second main phase comes."""
    for _ in range(60):
        if game.decision["kind"] not in ("priority", "block") or game.step == "main2":
            return
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    raise AssertionError(f"stuck at {game.step} {game.decision}")


# ------------------------------------------------------------- Hordewing Skaab
def test_compiled_hordewing_skaab():
    skaab = pool("Hordewing Skaab")
    ability = skaab.triggered[0]
    assert ability.trigger == fx.Trigger(
        "group_combat_damage_opponents",
        fx.Filter(frozenset({"Creature"}), frozenset(ZOMBIE), controller="you"))
    assert ability.optional
    assert ability.effect == fx.IfYouDo((fx.Draw("that_much"), fx.Discard("that_much")))


def _skaab_game(players: int = 3) -> tuple[MagicGame, int]:
    game = blank(players=players)
    skaab = game.add_permanent("Hordewing Skaab", 0)
    for _ in range(3):
        game.add_card("Swamp", 0)
    return game, skaab


def test_603_2c_zombies_hitting_two_opponents_draw_and_discard_two():
    game, _ = _skaab_game()
    z1 = game.add_permanent(_zombie("Zombie A"), 0)
    z2 = game.add_permanent(_zombie("Zombie B"), 0)
    bear = game.add_permanent(creature("Bear", 2, 2), 0)  # not a Zombie
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, z1, 1)
    attack(game, z2, 2)
    attack(game, bear, 1)
    finish_attacks(game)
    _to_combat_damage_decision(game)
    assert game.life[1:] == [16, 18]
    assert _triggers(game, "Hordewing Skaab") == 1  # one batch for the step
    assert game.decision["kind"] == "yesno"
    game.apply_action(names(game)["yes"])
    assert len(game.hand[0]) == 5  # two opponents: two cards drawn
    discarded = 0
    while game.decision["kind"] == "discard":
        game.apply_action(next(a for n, a in names(game).items() if "Swamp" in n))
        discarded += 1
    assert discarded == 2
    assert [game.name_of(c) for c in game.hand[0]] == ["Swamp", "Island", "Island"]
    assert sum(game.name_of(c) == "Swamp" for c in game.graveyard[0]) == 2


def test_two_zombies_hitting_one_opponent_count_one_opponent():
    game, _ = _skaab_game()
    z1 = game.add_permanent(_zombie("Zombie A"), 0)
    z2 = game.add_permanent(_zombie("Zombie B"), 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, z1, 2)
    attack(game, z2, 2)
    finish_attacks(game)
    _to_combat_damage_decision(game)
    assert game.life[2] == 16
    game.apply_action(names(game)["yes"])
    assert len(game.hand[0]) == 4  # one opponent dealt damage: one card
    assert game.decision["kind"] == "discard"
    game.apply_action(next(a for n, a in names(game).items() if "Island" in n))
    assert len(game.hand[0]) == 3 and len(game.graveyard[0]) == 1


def test_only_zombies_dealing_combat_damage_to_an_opponent_trigger_it():
    game, skaab = _skaab_game(players=2)
    bear = game.add_permanent(creature("Bear", 2, 2), 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, bear)
    finish_attacks(game)
    _to_combat_damage_decision(game)
    assert game.life[1] == 18
    assert _triggers(game, "Hordewing Skaab") == 0
    assert len(game.hand[0]) == 3
    # the Skaab itself is a Zombie: declining the draw draws and discards nothing
    game.start_at("main1", 0, turn=4)
    to_combat(game)
    attack(game, skaab)
    finish_attacks(game)
    _to_combat_damage_decision(game)
    assert game.life[1] == 15 and _triggers(game, "Hordewing Skaab") == 1
    game.apply_action(names(game)["no"])
    assert len(game.hand[0]) == 3 and not game.graveyard[0]
