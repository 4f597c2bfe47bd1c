"""Suspend (rule 702.62): the special action from the hand, time counters in exile,
the upkeep ability, the cast when the last counter is removed, haste for a creature.
Real cards: Rift Bolt, Ancestral Vision, Durkwood Baloth."""

from __future__ import annotations

import json

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import act, blank, has, lands, names, pass_until, settle


def _suspended(game: MagicGame, name: str, seat: int = 0) -> int:
    card = next(c for c in game.exile[seat] if game.name_of(c) == name)
    return game.time_counters.get(card, 0)


def _to_own_upkeep(game: MagicGame) -> None:
    """Pass to the next upkeep of seat 0 (through seat 1's turn)."""
    pass_until(game, "main2")
    pass_until(game, "main1")  # seat 1's turn
    for _ in range(60):
        if game.active == 0 and game.step == "upkeep":
            return
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    raise AssertionError("never reached seat 0's upkeep")


def test_702_62a_suspend_is_a_special_action_and_the_last_counter_casts_it():
    game = blank()
    game.add_card("Rift Bolt", 0)  # suspend 1-{R}: 3 damage to any target
    mountain = lands(game, 0, "Mountain")[0]
    game.start_at("main1", 0)
    assert "suspend hand 0 (Rift Bolt)" in names(game)
    act(game, "suspend hand 0")
    assert not game.stack and game.decision == {"kind": "priority", "player": 0}
    assert game.battlefield[mountain].tapped and not game.hand[0]
    assert _suspended(game, "Rift Bolt") == 1
    restored = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.time_counters == game.time_counters
    _to_own_upkeep(game)
    settle(game)  # remove the last counter: the cast trigger, then its question
    d = game.decision
    assert d["kind"] == "yesno" and game.name_of(d["suspend"]) == "Rift Bolt"
    game.apply_action(A.YES)
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 17
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Rift Bolt"]
    assert not game.time_counters


def test_702_62a_a_card_with_no_mana_cost_is_suspended_and_counts_down_on_its_owners_upkeeps():
    game = blank()
    game.add_card("Ancestral Vision", 0)  # no mana cost; suspend 4-{U}
    lands(game, 0, "Island")
    game.start_at("main1", 0)
    assert "cast hand 0 (Ancestral Vision)" not in names(game)
    act(game, "suspend hand 0")
    for left in (3, 2, 1):
        _to_own_upkeep(game)
        settle(game)
        assert _suspended(game, "Ancestral Vision") == left
    _to_own_upkeep(game)
    settle(game)
    hand = len(game.hand[0])
    game.apply_action(A.YES)
    act(game, "player 0")  # target player draws three cards
    settle(game)
    assert len(game.hand[0]) == hand + 3


def test_702_62a_declining_leaves_it_exiled_and_a_sorcery_is_suspended_only_at_sorcery_speed():
    game = blank()
    game.add_card("Rift Bolt", 0)
    lands(game, 0, "Mountain", "Mountain")
    game.start_at("main1", 1)  # seat 1's turn: seat 0 could not cast a sorcery
    game.apply_action(A.PASS)
    assert game.decision["player"] == 0 and not has(game, "suspend hand 0")
    game = blank()
    game.add_card("Rift Bolt", 0)
    lands(game, 0, "Mountain")
    game.start_at("main1", 0)
    act(game, "suspend hand 0")
    _to_own_upkeep(game)
    settle(game)
    game.apply_action(A.NO)
    settle(game)
    bolt = game.exile[0][0]
    assert game.name_of(bolt) == "Rift Bolt" and not game.suspended(bolt)


def test_702_62a_a_creature_cast_with_suspend_has_haste():
    game = blank()
    game.add_card("Durkwood Baloth", 0)  # suspend 5-{G}, a 5/5
    lands(game, 0, "Forest")
    game.start_at("main1", 0)
    act(game, "suspend hand 0")
    game.time_counters[game.exile[0][0]] = 1  # (four upkeeps later)
    _to_own_upkeep(game)
    settle(game)
    game.apply_action(A.YES)
    settle(game)
    baloth = next(p for p, perm in game.battlefield.items()
                  if game.name_of(perm.card) == "Durkwood Baloth")
    assert "haste" in game.keywords(baloth)
