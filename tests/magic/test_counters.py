"""Scripted positions for counter keywords and counter manipulation (rule 122;
bloodthirst 702.54, modular 702.43, graft 702.58, outlast 702.107, support 701.41,
doubling 701.10e, moving 122.5, "whenever a +1/+1 counter is put on" 122.6). Each names
real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    has,
    lands,
    settle,
    target_perm,
    to_combat,
)


def on_battlefield(game: MagicGame, name: str) -> list[int]:
    return [pid for pid, perm in game.battlefield.items()
            if game.name_of(perm.card) == name]


def plus(game: MagicGame, pid: int) -> int:
    return game.battlefield[pid].counters.get("+1/+1", 0)


def cast(game: MagicGame, name: str) -> None:
    """Cast the first card called ``name`` in the hand and let it resolve."""
    found = [a for a in game.legal_actions()
             if game.action_to_string(a).endswith(f"({name})")]
    game.apply_action(found[0])
    settle(game)


def test_the_counter_keywords_compile_to_their_abilities():
    pool = compiled_pool().supported
    for name in ("Stormblood Berserker", "Arcbound Ravager", "Llanowar Reborn",
                 "Simic Initiate", "Salt Road Patrol", "Shoulder to Shoulder",
                 "Kalonian Hydra", "Fathom Mage", "Vampire Hexmage",
                 "Prime Speaker Zegana", "Golgari Raiders"):
        assert name in pool, name
    ravager = pool["Arcbound Ravager"]
    assert fx.EntersWithCounters(1) in ravager.statics
    assert ravager.triggered[0].trigger.event == "dies" and ravager.triggered[0].optional
    (outlast,) = pool["Salt Road Patrol"].activated
    assert outlast.sorcery_speed and outlast.cost.tap


# ------------------------------------------------------------ 702.54 bloodthirst
def test_bloodthirst_counts_only_after_an_opponent_was_dealt_damage_this_turn():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain", "Mountain")
    game.add_card("Stormblood Berserker", 0)
    game.add_card("Stormblood Berserker", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    cast(game, "Stormblood Berserker")
    first = on_battlefield(game, "Stormblood Berserker")[0]
    assert plus(game, first) == 0  # nobody was dealt damage yet
    act(game, "(Lightning Bolt)")
    game.apply_action(A.player(1))
    settle(game)
    assert game.damaged_turn[1]
    cast(game, "Stormblood Berserker")
    second = [p for p in on_battlefield(game, "Stormblood Berserker") if p != first][0]
    assert plus(game, second) == 2 and game.chars(second)[:2] == (3, 3)


def test_bloodthirst_ignores_damage_to_its_own_controller():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Stormblood Berserker", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "(Lightning Bolt)")
    game.apply_action(A.player(0))
    settle(game)
    cast(game, "Stormblood Berserker")
    (berserker,) = on_battlefield(game, "Stormblood Berserker")
    assert plus(game, berserker) == 0


# ---------------------------------------------------- 614.12 counted as it enters
def test_zegana_enters_with_the_greatest_other_power_and_draws_its_power():
    game = blank()
    game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Hill Giant", 0)  # 3/3
    game.add_permanent("Craw Wurm", 1)  # an opponent's 6/4 does not count
    lands(game, 0, "Forest", "Forest", "Island", "Island", "Forest", "Island")
    game.add_card("Prime Speaker Zegana", 0)
    game.start_at("main1", 0)
    cast(game, "Prime Speaker Zegana")
    (zegana,) = on_battlefield(game, "Prime Speaker Zegana")
    assert plus(game, zegana) == 3
    assert len(game.hand[0]) == 4  # its power 1 + 3


def test_undergrowth_counts_creature_cards_in_the_graveyard_as_it_enters():
    game = blank()
    for name in ("Grizzly Bears", "Hill Giant", "Island"):
        game.add_card(name, 0, "graveyard")
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    game.add_card("Golgari Raiders", 0)
    game.start_at("main1", 0)
    cast(game, "Golgari Raiders")
    (raiders,) = on_battlefield(game, "Golgari Raiders")
    assert plus(game, raiders) == 2


# --------------------------------------------------------------- 702.43 modular
def test_modular_enters_with_counters_and_moves_them_to_an_artifact_creature():
    game = blank()
    lands(game, 0, "Mountain", "Plains")
    game.add_card("Arcbound Worker", 0)
    game.add_card("Lightning Bolt", 0)
    thopter = game.add_permanent("Ornithopter", 0)
    ravager = game.add_permanent("Arcbound Ravager", 0, counters={"+1/+1": 3})
    game.start_at("main1", 0)
    cast(game, "Arcbound Worker")
    (worker,) = on_battlefield(game, "Arcbound Worker")
    assert plus(game, worker) == 1 and game.chars(worker)[:2] == (1, 1)
    act(game, "(Lightning Bolt)")
    target_perm(game, ravager)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # the Bolt resolves; the Ravager (3/3) dies
    assert ravager not in game.battlefield
    assert game.decision["kind"] == "target"  # "target artifact creature"
    target_perm(game, thopter)
    settle(game)
    assert game.decision["kind"] == "yesno"  # "you may"
    game.apply_action(A.YES)
    settle(game)
    assert plus(game, thopter) == 3  # each counter it had as it died (608.2h)
    assert plus(game, worker) == 1


# ----------------------------------------------------------------- 702.58 graft
def test_graft_moves_a_counter_onto_another_creature_entering():
    game = blank()
    reborn = game.add_permanent("Llanowar Reborn", 0)
    assert plus(game, reborn) == 1
    lands(game, 0, "Forest", "Forest", "Forest", "Forest")
    game.add_card("Grizzly Bears", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    cast(game, "Grizzly Bears")
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    settle(game)
    (bears,) = on_battlefield(game, "Grizzly Bears")
    assert plus(game, bears) == 1 and plus(game, reborn) == 0
    assert "+1/+1" not in game.battlefield[reborn].counters
    cast(game, "Grizzly Bears")  # no counter left: the "if" is false, no trigger
    assert game.decision["kind"] == "priority" and not game.stack


def test_graft_does_not_move_a_counter_onto_itself():
    game = blank()
    lands(game, 0, "Forest")
    game.add_card("Simic Initiate", 0)
    game.start_at("main1", 0)
    cast(game, "Simic Initiate")  # "another creature": its own entering is not one
    (initiate,) = on_battlefield(game, "Simic Initiate")
    assert plus(game, initiate) == 1 and not game.stack


# --------------------------------------------------------------- 702.107 outlast
def test_outlast_is_a_sorcery_speed_tap_ability():
    game = blank()
    patrol = game.add_permanent("Salt Road Patrol", 0)
    lands(game, 0, "Plains", "Plains")
    game.start_at("main1", 0)
    act(game, "Salt Road Patrol")
    settle(game)
    assert plus(game, patrol) == 1 and game.battlefield[patrol].tapped


# --------------------------------------------------------------- 701.41 support
def test_support_on_a_sorcery_targets_up_to_that_many_creatures():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    giant = game.add_permanent("Hill Giant", 1)
    lands(game, 0, "Plains", "Plains", "Plains")
    game.add_card("Shoulder to Shoulder", 0)
    game.start_at("main1", 0)
    act(game, "(Shoulder to Shoulder)")
    target_perm(game, bears)
    target_perm(game, giant)
    settle(game)
    assert plus(game, bears) == 1 and plus(game, giant) == 1
    assert len(game.hand[0]) == 1  # and it draws a card


# ------------------------------------------------------------ 701.10e doubling
def test_kalonian_hydra_doubles_the_counters_on_each_creature_you_control():
    game = blank()
    hydra = game.add_permanent("Kalonian Hydra", 0)
    assert plus(game, hydra) == 4
    bears = game.add_permanent("Grizzly Bears", 0, counters={"+1/+1": 1})
    theirs = game.add_permanent("Grizzly Bears", 1, counters={"+1/+1": 1})
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, hydra)
    game.apply_action(A.DONE)
    settle(game)
    assert plus(game, hydra) == 8 and plus(game, bears) == 2
    assert plus(game, theirs) == 1


# --------------------------------------------------------- 122.6 counter put
def test_fathom_mage_draws_once_for_each_counter_put_on_it():
    game = blank()
    mage = game.add_permanent("Fathom Mage", 0)
    lands(game, 0, "Forest", "Forest")
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    cast(game, "Grizzly Bears")  # evolve: one counter, one trigger
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    settle(game)
    assert plus(game, mage) == 1 and len(game.hand[0]) == 1
    game.put_counters(mage, "+1/+1", 2)  # two at once: it triggers twice
    assert len(game.pending_triggers) == 2


def test_a_counter_entering_with_a_permanent_is_put_on_it():
    # 122.6: Zegana entering with counters is "put" counters; a watcher of "this"
    # does not see another permanent's counters
    game = blank()
    mage = game.add_permanent("Fathom Mage", 0)
    lands(game, 0, "Forest")
    game.add_card("Arcbound Worker", 0)
    game.start_at("main1", 0)
    cast(game, "Arcbound Worker")  # a 1/1 with its counter: not greater than 1/1
    assert plus(game, mage) == 0 and len(game.hand[0]) == 0


# ---------------------------------------------------- 122.8 removing counters
def test_vampire_hexmage_removes_every_counter_from_its_target():
    game = blank()
    hexmage = game.add_permanent("Vampire Hexmage", 0)
    hydra = game.add_permanent("Kalonian Hydra", 1)
    game.start_at("main1", 0)
    act(game, "Vampire Hexmage")
    target_perm(game, hydra)
    settle(game)
    assert hexmage not in game.battlefield
    assert hydra not in game.battlefield  # a 0/0 with no counters dies (704.5f)


def test_a_game_with_the_damage_record_round_trips():
    game = blank()
    game.start_at("main1", 0)
    game.damaged_turn[1] = True
    again = MagicGame.from_dict(game.to_dict())
    assert again.damaged_turn == [False, True]
    assert game.clone().damaged_turn == [False, True]
    assert has(game, "pass") or game.legal_actions()
