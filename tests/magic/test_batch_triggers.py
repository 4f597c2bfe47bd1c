""""Whenever one or more ..." batch triggers (rule 603.2c: an ability triggers once
for each event, however many occurrences it has): one trigger for the objects of one
action, two for two separate actions, "that many" the objects of the batch. Real
cards: Simic Slaw, Professional Face-Breaker, Marauding Mako, Woodland Champion,
Forge Boss, Lulu, Inspiring Hollyphant."""

from __future__ import annotations

import json

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    creature,
    finish_attacks,
    lands,
    names,
    pool,
    settle,
    slot,
    target_perm,
    to_combat,
)


def _count(game: MagicGame, p: int, name: str) -> int:
    return sum(1 for perm in game.battlefield.values()
               if perm.controller == p and game.name_of(perm.card) == name)


def _triggers(game: MagicGame, name: str) -> int:
    """How many abilities of ``name`` were put on the stack so far."""
    return sum(1 for e in game.events if e["type"] == "trigger"
               and e.get("card") == name)

def _two_bears_attack(game: MagicGame) -> tuple[int, int]:
    """Seat 0's two new 2/2s attack seat 1 together from its first main phase (the
    declaration done); their ids."""
    a = game.add_permanent(creature("Bear A", 2, 2), 0)
    b = game.add_permanent(creature("Bear B", 2, 2), 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, a)
    attack(game, b)
    finish_attacks(game)
    return a, b



# ------------------------------------------------------------------ dies
def test_603_2c_one_trigger_for_creatures_dying_at_once():
    game = blank()
    slaw = game.add_permanent("Simic Slaw", 0)  # one or more creatures die: a counter
    for i in range(3):
        game.add_permanent(creature(f"Bear {i}", 1, 1), 1)
    game.add_card("Pyroclasm", 0)
    lands(game, 0, "Mountain", "Mountain")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    settle(game)
    assert not any(game.is_creature(pid) for pid in game.battlefield)
    assert game.battlefield[slaw].counters.get("charge") == 1


def test_603_2c_two_triggers_for_two_separate_deaths():
    game = blank()
    slaw = game.add_permanent("Simic Slaw", 0)
    bears = [game.add_permanent(creature(f"Bear {i}", 1, 1), 1) for i in range(2)]
    game.add_card("Shock", 0)
    game.add_card("Shock", 0)
    lands(game, 0, "Mountain", "Mountain")
    game.start_at("main1", 0)
    for bear in bears:
        act(game, "cast hand 0")
        target_perm(game, bear)
        settle(game)
    assert game.battlefield[slaw].counters.get("charge") == 2


# ---------------------------------------------------------- combat damage
def test_603_2c_combat_damage_to_a_player_triggers_once_per_step():
    game = blank()
    game.add_permanent("Professional Face-Breaker", 0)  # a Treasure per batch
    a, b = _two_bears_attack(game)
    for _ in range(30):
        if game.step == "end_of_combat" or game.step == "main2":
            break
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    settle(game)
    assert game.life[1] == 16
    assert _count(game, 0, "Treasure Token") == 1


def test_603_2c_first_strike_and_regular_damage_are_two_batches():
    game = blank()
    game.add_permanent("Professional Face-Breaker", 0)
    a = game.add_permanent(creature("Striker", 2, 2, "first strike"), 0)
    b = game.add_permanent(creature("Bear B", 2, 2), 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, a)
    attack(game, b)
    finish_attacks(game)
    for _ in range(40):
        if game.step == "main2":
            break
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert game.life[1] == 16
    assert _count(game, 0, "Treasure Token") == 2


def test_603_2c_combat_damage_to_two_players_is_one_trigger_for_each():
    game = blank(players=3)
    game.add_permanent("Professional Face-Breaker", 0)
    a = game.add_permanent(creature("Bear A", 2, 2), 0)
    b = game.add_permanent(creature("Bear B", 2, 2), 0)
    c = game.add_permanent(creature("Bear C", 2, 2), 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, a, 1)
    attack(game, b, 1)
    attack(game, c, 2)
    finish_attacks(game)
    for _ in range(40):
        if game.step == "main2":
            break
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert game.life[1] == 16 and game.life[2] == 18
    assert _count(game, 0, "Treasure Token") == 2


def test_compiled_batch_triggers():
    face_breaker = pool("Professional Face-Breaker").triggered[0]
    assert face_breaker.trigger == fx.Trigger(
        "group_combat_damage_player",
        fx.Filter(frozenset({"Creature"}), controller="you"))
    slaw = pool("Simic Slaw").triggered[0]
    assert slaw.trigger == fx.Trigger("group_dies", fx.Filter(frozenset({"Creature"})))
    mako = pool("Marauding Mako").triggered[0]
    assert mako.trigger == fx.Trigger("group_discard", fx.Filter(controller="you"))
    assert mako.effect == fx.AddCounters("that_much", fx.Ref("self"), "+1/+1")
    forge = pool("Forge Boss").triggered[0]
    assert forge.trigger.event == "group_sacrificed" and forge.once_each_turn
    assert forge.trigger.subject == fx.Filter(frozenset({"Creature"}), controller="you",
                                              props=frozenset({"other"}))
    champion = pool("Woodland Champion").triggered[0]
    assert champion.trigger == fx.Trigger(
        "group_enters", fx.Filter(controller="you", props=frozenset({"token"})))


def test_an_open_batch_survives_a_save_and_restore():
    game = blank()
    slaw = game.add_permanent("Simic Slaw", 0)
    game.add_permanent(creature("Bear", 1, 1), 1)
    game.start_at("main1", 0)
    bear = next(pid for pid in game.battlefield if game.is_creature(pid))
    game.move_permanents([bear], "graveyard")
    restored = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.pending_triggers == game.pending_triggers
    assert game.pending_triggers[0]["objects"] == [bear]
    assert game.pending_triggers[0]["source"] == slaw


# --------------------------------------------------------------- discard
def _mind_rot_self(game: MagicGame) -> None:
    act(game, "cast hand 0")  # Mind Rot: target player discards two cards
    act(game, "player 0")
    settle(game)
    while game.decision["kind"] == "discard":
        game.apply_action(next(a for name, a in names(game).items() if "Island" in name))
        settle(game)


def test_603_2c_discarding_two_cards_at_once_is_one_trigger_for_that_many():
    game = blank()
    mako = game.add_permanent("Marauding Mako", 0)  # that many +1/+1 counters
    game.add_card("Mind Rot", 0)
    for _ in range(3):
        game.add_card("Island", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    game.start_at("main1", 0)
    _mind_rot_self(game)
    assert len(game.hand[0]) == 1
    assert _triggers(game, "Marauding Mako") == 1
    assert game.battlefield[mako].counters.get("+1/+1") == 2


def test_603_2c_two_separate_discards_are_two_triggers():
    game = blank()
    mako = game.add_permanent("Marauding Mako", 0)
    for _ in range(2):
        game.add_card("Mind Rot", 0)
    for _ in range(4):
        game.add_card("Island", 0)
    lands(game, 0, *["Swamp"] * 6)
    game.start_at("main1", 0)
    _mind_rot_self(game)
    _mind_rot_self(game)
    assert not game.hand[0]
    assert _triggers(game, "Marauding Mako") == 2
    assert game.battlefield[mako].counters.get("+1/+1") == 4


# ---------------------------------------------------------------- enters
def test_603_2c_tokens_entering_together_are_one_trigger_for_that_many():
    game = blank()
    champion = game.add_permanent("Woodland Champion", 0)
    game.add_card("Raise the Alarm", 0)  # two Soldier tokens
    game.add_card("Raise the Alarm", 0)
    lands(game, 0, *["Plains"] * 4)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    settle(game)
    assert _triggers(game, "Woodland Champion") == 1
    assert game.battlefield[champion].counters.get("+1/+1") == 2
    act(game, "cast hand 0")
    settle(game)
    assert _triggers(game, "Woodland Champion") == 2
    assert game.battlefield[champion].counters.get("+1/+1") == 4


# --------------------------------------------------------------- attacks
def test_603_2c_attacking_with_two_fliers_is_one_trigger_for_that_many():
    game = blank()
    game.add_permanent("Lulu, Inspiring Hollyphant", 0)
    birds = [game.add_permanent(creature(f"Bird {i}", 1, 1, "flying"), 0)
             for i in range(2)]
    bear = game.add_permanent(creature("Bear", 2, 2), 0)
    game.start_at("main1", 0)
    to_combat(game)
    for pid in (*birds, bear):
        attack(game, pid)
    finish_attacks(game)
    settle(game)
    assert _triggers(game, "Lulu, Inspiring Hollyphant") == 1
    soldiers = [pid for pid in game.battlefield if "Soldier" in game.name_of(
        game.battlefield[pid].card)]
    assert len(soldiers) == 2 and all(pid in game.attackers for pid in soldiers)


# ------------------------------------------------------------- sacrifice
def test_603_2c_sacrificing_two_creatures_at_once_is_one_trigger():
    game = blank()
    boss = game.add_permanent("Forge Boss", 0)  # 2 damage to each opponent
    bears = [game.add_permanent(creature(f"Bear {i}", 1, 1), 0) for i in range(2)]
    game.start_at("main1", 0)
    game.sacrifice(bears)
    assert len(game.pending_triggers) == 1
    assert game.pending_triggers[0]["source"] == boss
    assert game.pending_triggers[0]["objects"] == bears
    settle(game)
    assert game.life[1] == 18


# ------------------------------------------------- cards leave a graveyard
def test_603_2c_a_graveyard_exiled_at_once_is_one_trigger_and_a_second_is_another():
    game = blank()
    game.add_permanent("Garrison Excavator", 0)  # a 2/2 Spirit per batch
    crypts = [game.add_permanent("Tormod's Crypt", 0) for _ in range(2)]
    for _ in range(3):
        game.add_card("Island", 0, "graveyard")
    game.start_at("main1", 0)

    def spirits() -> int:
        return sum(1 for perm in game.battlefield.values()
                   if "Spirit" in game.name_of(perm.card))

    act(game, f"activate slot {slot(game, crypts[0])} ")
    act(game, "player 0")
    settle(game)
    assert not game.graveyard[0] or [game.name_of(c) for c in game.graveyard[0]] == [
        "Tormod's Crypt"]
    assert spirits() == 1
    game.add_card("Island", 0, "graveyard")
    game.add_card("Island", 0, "graveyard")
    act(game, f"activate slot {slot(game, crypts[1])} ")
    act(game, "player 0")
    settle(game)
    assert spirits() == 2
    assert _triggers(game, "Garrison Excavator") == 2


def test_603_2c_a_card_of_another_quality_leaving_does_not_trigger():
    game = blank()
    game.add_permanent("Desecrated Tomb", 0)  # one or more creature cards leave
    crypt = game.add_permanent("Tormod's Crypt", 0)
    game.add_card("Island", 0, "graveyard")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, crypt)} ")
    act(game, "player 0")
    settle(game)
    assert _triggers(game, "Desecrated Tomb") == 0


# ------------------------------------------- cards put into a graveyard
def test_603_2c_milling_two_creature_cards_at_once_is_one_trigger():
    game = blank()
    for _ in range(2):  # Sidisi mills three as it attacks: two creature cards
        game.add_card("Grizzly Bears", 0, "library")
    sidisi = game.add_permanent("Sidisi, Brood Tyrant", 0)  # a Zombie per batch
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, sidisi)
    finish_attacks(game)
    settle(game)
    assert len(game.graveyard[0]) == 3
    assert _triggers(game, "Sidisi, Brood Tyrant") == 2  # the mill, then the batch
    assert _count(game, 0, "Zombie Token") == 1


def test_603_2c_creature_cards_put_into_a_graveyard_together_count_that_many():
    game = blank()
    # that many +1/+1 counters (two already: it survives the Pyroclasm)
    brood = game.add_permanent("Voracious Brood", 0, counters={"+1/+1": 2})
    for i in range(3):
        game.add_permanent(creature(f"Bear {i}", 1, 1), 0)
    game.add_card("Pyroclasm", 0)
    lands(game, 0, "Mountain", "Mountain")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    settle(game)
    # the three Bears and then, after it resolved, the Pyroclasm card (not a
    # creature) went to the graveyard: one trigger for the creature cards
    assert _triggers(game, "Voracious Brood") == 1
    assert game.battlefield[brood].counters.get("+1/+1") == 2 + 3


# -------------------------------------------------------- attacks you
def test_603_2c_creatures_attacking_you_together_are_one_trigger():
    game = blank()
    game.add_permanent("Orim's Prayer", 1)  # 1 life for each attacking creature
    a, b = _two_bears_attack(game)
    settle(game)
    assert _triggers(game, "Orim's Prayer") == 1
    assert game.life[1] == 22


def test_compiled_graveyard_and_attack_batches():
    tomb = pool("Desecrated Tomb").triggered[0]
    assert tomb.trigger == fx.Trigger("group_leaves_graveyard", fx.Filter(
        frozenset({"Creature"}), controller="you"))
    infestation = pool("Crawling Infestation").triggered[-1]
    assert infestation.trigger == fx.Trigger(
        "group_card_to_graveyard", fx.Filter(frozenset({"Creature"}), controller="you"),
        "your_turn") and infestation.once_each_turn
    prayer = pool("Orim's Prayer").triggered[0]
    assert prayer.trigger == fx.Trigger("group_attacks_you",
                                        fx.Filter(frozenset({"Creature"})))


# ------------------------------------------------------- those creatures
def test_603_2c_those_creatures_are_the_batch_and_only_it():
    game = blank()
    game.add_permanent("Angelic Guardian", 0)  # attackers: they gain indestructible
    home = game.add_permanent(creature("Bear Home", 2, 2), 0)
    a, b = _two_bears_attack(game)
    settle(game)
    assert _triggers(game, "Angelic Guardian") == 1
    assert "indestructible" in game.keywords(a) and "indestructible" in game.keywords(b)
    assert "indestructible" not in game.keywords(home)


def test_122_6_one_or_more_counters_put_at_once_is_one_trigger_for_that_many():
    game = blank()
    game.add_permanent("Shalai and Hallar", 0)  # that much damage to target opponent
    bear = game.add_permanent(creature("Bear", 2, 2), 0)
    game.start_at("main1", 0)
    game.put_counters(bear, "+1/+1", 3)
    assert len(game.pending_triggers) == 1
    settle(game)
    if game.decision["kind"] != "priority":
        act(game, "player 1")
        settle(game)
    assert game.life[1] == 17


def test_compiled_those_creatures_of_a_batch():
    guardian = pool("Angelic Guardian").triggered[0]
    assert guardian.trigger.event == "group_attacks"
    assert guardian.effect == fx.Pump(0, 0, fx.Ref("those_objects"), ("indestructible",))


def test_603_2c_attacking_two_players_is_one_trigger_for_each_player():
    game = blank(players=3)
    game.add_permanent("Attuma, Atlantean Warlord", 0)  # merfolk attack a player: draw
    fish = [game.add_permanent(creature(f"Merfolk {i}", 1, 1, subtypes=("Merfolk",)), 0)
            for i in range(3)]
    game.start_at("main1", 0)
    hand = len(game.hand[0])
    to_combat(game)
    attack(game, fish[0], 1)
    attack(game, fish[1], 1)
    attack(game, fish[2], 2)
    finish_attacks(game)
    settle(game)
    assert _triggers(game, "Attuma, Atlantean Warlord") == 2
    assert len(game.hand[0]) == hand + 2


def test_514_1_the_cleanup_discard_is_one_batch():
    game = blank()
    mako = game.add_permanent("Marauding Mako", 0)
    for _ in range(9):
        game.add_card("Island", 0)
    game.start_at("end", 0)
    for _ in range(40):
        if game.decision["kind"] == "discard":
            game.apply_action(game.legal_actions()[0])
        elif game.active == 1:
            break
        else:
            game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert len(game.hand[0]) == 7
    assert _triggers(game, "Marauding Mako") == 1
    assert game.battlefield[mako].counters.get("+1/+1") == 2


def test_compiled_combat_damage_batch_of_a_qualified_group():
    # "creatures you control with +1/+1 counters on them": the group's own words
    haliya = next(ab for ab in pool("Haliya, Ascendant Cadet").triggered
                  if ab.trigger.event == "group_combat_damage_player")
    assert haliya.trigger.subject == fx.Filter(
        frozenset({"Creature"}), controller="you", props=frozenset({"plus_counter"}))
