"""Helpers for scripted Magic positions, shared by the card engine's tests and the
games built on it (the Arcane Labyrinth)."""

from __future__ import annotations

import dataclasses

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame


# ------------------------------------------------------------------ helpers
def pool(name: str) -> fx.CardDef:
    return compiled_pool().supported[name]


def custom(base: str, name: str, **changes) -> fx.CardDef:
    """A hand-made card: ``base`` from the pool with ``changes``."""
    return dataclasses.replace(pool(base), name=name, **changes)


def creature(name: str, power: int, toughness: int, *keywords: str,
             **changes) -> fx.CardDef:
    return custom("Grizzly Bears", name, power=power, toughness=toughness,
                  keywords=frozenset(keywords), **changes)


def blank(players: int = 2, library: int = 10) -> MagicGame:
    """A game with no hands, ``library`` Islands per library, life 20, no automatic
    passing."""
    game = MagicGame.empty(0, num_players=players)
    for p in range(players):
        for _ in range(library):
            game.add_card("Island", p, "library")
    return game


def names(game: MagicGame) -> dict[str, int]:
    return {game.action_to_string(a): a for a in game.legal_actions()}


def act(game: MagicGame, text: str) -> None:
    """Apply the one legal action whose name contains ``text``."""
    found = [a for name, a in names(game).items() if text in name]
    assert len(found) == 1, f"{text!r} matches {found} among {list(names(game))}"
    game.apply_action(found[0])


def has(game: MagicGame, text: str) -> bool:
    return any(text in name for name in names(game))


def slot(game: MagicGame, pid: int) -> int:
    return game.battlefield[pid].slot


def target_perm(game: MagicGame, pid: int) -> None:
    game.apply_action(A.permanent(slot(game, pid)))


def pass_until(game: MagicGame, step: str, limit: int = 50) -> None:
    for _ in range(limit):
        if game.step == step and game.decision and game.decision["kind"] == "priority":
            return
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    raise AssertionError(f"never reached {step}; at {game.step} {game.decision}")


def settle(game: MagicGame) -> None:
    """Pass priority until the stack is empty (or someone must decide otherwise)."""
    while (game.stack or game.pending_triggers) and game.decision \
            and game.decision["kind"] == "priority":
        game.apply_action(A.PASS)


def can_block(game: MagicGame, blocker: int, attacker: int) -> bool:
    """Whether the deciding seat may declare ``blocker`` blocking ``attacker`` now."""
    if A.block(slot(game, blocker)) not in game.legal_actions():
        return False
    probe = game.clone()
    probe.apply_action(A.block(slot(game, blocker)))
    return A.permanent(slot(game, attacker)) in probe.legal_actions()


def types_of(game: MagicGame) -> list[str]:
    return [e["type"] for e in game.events]


def lands(game: MagicGame, p: int, *land_names: str) -> list[int]:
    return [game.add_permanent(n, p) for n in land_names]


def attack(game: MagicGame, pid: int, relative: int = 1) -> None:
    game.apply_action(A.attack(slot(game, pid), relative))


def block(game: MagicGame, blocker: int, attacker: int) -> None:
    game.apply_action(A.block(slot(game, blocker)))
    game.apply_action(A.permanent(slot(game, attacker)))


def to_combat(game: MagicGame) -> None:
    """Pass to the active player's declare-attackers decision."""
    for _ in range(20):
        if game.decision["kind"] == "attack":
            return
        game.apply_action(A.PASS)
    raise AssertionError(f"no attack decision; at {game.step} {game.decision}")


def finish_attacks(game: MagicGame) -> None:
    """Say "done" to attackers, then pass priority up to the blockers' decision."""
    if game.decision["kind"] == "attack":
        game.apply_action(A.DONE)
    while game.decision["kind"] == "priority" and game.step == "declare_attackers":
        game.apply_action(A.PASS)


def finish_blocks(game: MagicGame) -> None:
    if game.decision["kind"] == "block":
        game.apply_action(A.DONE)


def pass_to_decision(game: MagicGame, kind: str, limit: int = 50) -> None:
    """Pass priority (or say "done") until a decision of ``kind`` is asked."""
    for _ in range(limit):
        if game.decision and game.decision["kind"] == kind:
            return
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    raise AssertionError(f"never asked {kind}; at {game.step} {game.decision}")


def to_blocks(game: MagicGame, *attackers: int) -> None:
    """From the active player's main phase 1: attack the next seat with
    ``attackers``, then pass to the defending seat's block decision."""
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    for pid in attackers:
        attack(game, pid)
    game.apply_action(A.DONE)
    while game.decision["kind"] != "block":
        game.apply_action(A.PASS)


def on_battlefield(game: MagicGame, name: str) -> list[int]:
    """The permanents named ``name`` on the battlefield, oldest first."""
    return [pid for pid, perm in game.battlefield.items()
            if game.name_of(perm.card) == name]


def mind_rot_seat_0(game: MagicGame) -> None:
    """Seat 1 casts Mind Rot at seat 0 in its main phase on turn 2 (three Swamps of its
    own), and seat 0 discards its first legal choices."""
    game.add_card("Mind Rot", 1)
    lands(game, 1, "Swamp", "Swamp", "Swamp")
    game.start_at("main1", 1, turn=2)
    act(game, "cast hand 0 (Mind Rot)")
    game.apply_action(A.player(1))  # (relative: player 0)
    settle(game)
    while game.decision["kind"] == "discard":
        game.apply_action(game.legal_actions()[0])
