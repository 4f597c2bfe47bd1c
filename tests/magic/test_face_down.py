"""Face-down permanents (rule 708) and the keywords built on them: morph and megamorph
(702.37), disguise (702.168), manifest (701.40), scripted on real cards."""

from __future__ import annotations

import json

import numpy as np

from labyrinth_gym.envs.magic.encoding import encode
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from magic.positions import (
    act,
    attack,
    blank,
    finish_attacks,
    finish_blocks,
    has,
    lands,
    names,
    settle,
    slot,
    target_perm,
    to_combat,
    types_of,
)


def face_down(game, p=None):
    return [pid for pid, perm in game.battlefield.items() if perm.face_down
            and (p is None or perm.controller == p)]


def cast_face_down(card: str, *land_names: str, hand: tuple[str, ...] = ()):
    """Player 0, in its main phase with ``land_names`` and ``card`` (and ``hand``)
    in hand, casts ``card`` face down; the game (spell on the stack)."""
    game = blank()
    lands(game, 0, *(land_names or ("Mountain",) * 3))
    game.add_card(card, 0)
    for name in hand:
        game.add_card(name, 0)
    game.start_at("main1", 0)
    act(game, f"cast hand 0 ({card}) face down")
    return game


def test_708_4_702_37c_a_morph_card_is_cast_face_down_for_3_as_a_2_2_with_no_text():
    game = cast_face_down("Battering Craghorn")  # {2}{R}{R} 3/1 first strike
    (item,) = game.stack
    assert item.alt == "face_down"
    assert sum(game.battlefield[p].tapped for p in game.battlefield) == 3  # {3}
    cast = next(e for e in game.events if e["type"] == "cast")
    assert cast["face_down"] and cast["card"] == "Battering Craghorn"  # the full record
    assert game.event_for(cast, 1)["card"] == "face-down creature"
    # the opponent sees a face-down creature spell; its controller sees the card
    assert game.observation_for(1)["stack"][0]["card"] == "face-down creature"
    assert game.observation_for(0)["stack"][0]["card"] == "face-down Battering Craghorn"
    settle(game)
    (pid,) = face_down(game, 0)
    d = game.pdef(pid)
    assert (d.name, d.cost, d.colours, d.subtypes, d.mana_value) == (
        "face-down creature", None, (), (), 0)  # 708.2
    assert game.chars(pid) == (2, 2, frozenset())  # no first strike
    assert game.battlefield[pid].sick and not game.stack


def test_702_37c_casting_face_down_is_at_sorcery_speed_and_needs_3_mana():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Battering Craghorn", 0)
    game.start_at("main1", 0)
    assert not has(game, "face down")  # two lands: {3} can't be paid
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Battering Craghorn", 0)
    game.start_at("upkeep", 0)
    assert not has(game, "face down")  # a creature spell: not in the upkeep
    game.start_at("main1", 0)
    assert has(game, "cast hand 0 (Battering Craghorn) face down")
    assert A.hand_ability(0) in game.legal_actions()  # the action of its hand slot


def test_116_2b_702_37e_turning_face_up_is_a_special_action_that_keeps_the_object():
    game = cast_face_down("Battering Craghorn", *["Mountain"] * 6)
    settle(game)
    (pid,) = face_down(game)
    game.battlefield[pid].sick = False
    game.battlefield[pid].damage = 1
    game.battlefield[pid].counters["+1/+1"] = 1
    to_combat(game)
    attack(game, pid)
    finish_attacks(game)
    finish_blocks(game)  # player 1 does not block
    assert game.current_player() == 0 and game.step == "declare_blockers"
    act(game, f"turn slot {slot(game, pid)} (face-down Battering Craghorn) face up for "
              "its morph cost ({1}{R}{R})")
    perm = game.battlefield[pid]  # the same object (not a new one: 708.8)
    assert not perm.face_down and game.pdef(pid).name == "Battering Craghorn"
    assert perm.damage == 1 and perm.counters == {"+1/+1": 1}
    assert pid in game.attackers  # still attacking
    assert game.chars(pid) == (4, 2, frozenset({"first strike"}))
    assert not game.stack and game.decision == {"kind": "priority", "player": 0}
    turned = next(e for e in game.events if e["type"] == "turn_face_up")
    assert turned["way"] == "morph" and turned["card"] == "Battering Craghorn"
    assert not has(game, "face up")
    settle(game)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.life[1] == 16  # 4 first-strike damage from the face-up 4/2


def test_702_37e_a_cast_face_down_card_is_turned_up_only_for_its_morph_cost():
    # Skirk Marauder: {1}{R}, morph {2}{R}; its mana cost is cheaper but not offered
    game = cast_face_down("Skirk Marauder", *["Mountain"] * 6)
    settle(game)
    (pid,) = face_down(game)
    face_up = [n for n in names(game) if "face up" in n]
    assert face_up == [f"turn slot {slot(game, pid)} (face-down Skirk Marauder) face "
                       "up for its morph cost ({2}{R})"]
    assert A.activate(slot(game, pid), 0) in game.legal_actions()
    assert A.activate(slot(game, pid), 1) not in game.legal_actions()


def test_708_8_when_turned_face_up_triggers_and_entering_face_down_does_not():
    # Skirk Marauder: "when this is turned face up, it deals 2 damage to any target"
    game = cast_face_down("Skirk Marauder", *["Mountain"] * 6)
    settle(game)
    (pid,) = face_down(game)
    assert "trigger" not in types_of(game)
    act(game, "face up")
    assert game.pending_triggers or game.decision["kind"] == "target"
    assert game.decision["kind"] == "target"
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 18


def test_708_3_708_8_enters_or_turned_face_up_triggers_once_for_the_face_up_only():
    # Offender at Large: "when this enters or is turned face up, ..." (disguise {4}{R})
    game = cast_face_down("Offender at Large", *["Mountain"] * 8)
    settle(game)
    assert "trigger" not in types_of(game)  # it entered face down: no ability (708.3)
    (pid,) = face_down(game)
    triggered = game.cdef(game.battlefield[pid].card).triggered
    assert {t.trigger.event for t in triggered} == {"enters", "turned_face_up"}
    act(game, "face up")
    # one ability triggered, the turned-face-up one (turning face up is not entering)
    item = game.casting if game.casting is not None else game.stack[-1]
    assert item.kind == "triggered" and not game.pending_triggers
    assert triggered[item.index].trigger.event == "turned_face_up"
    assert len([s for s in game.stack if s.kind == "triggered"]) + (
        game.casting is not None) == 1


def test_702_37b_megamorph_puts_a_plus_one_counter_as_it_is_turned_face_up():
    # Gudul Lurker: {U} 1/1 can't be blocked, megamorph {U}
    game = cast_face_down("Gudul Lurker", *["Island"] * 4)
    settle(game)
    (pid,) = face_down(game)
    act(game, "face up for its megamorph cost ({U})")
    assert game.battlefield[pid].counters == {"+1/+1": 1}
    assert game.chars(pid)[:2] == (2, 2)


def test_702_168b_a_disguised_permanent_has_ward_2_while_face_down():
    # Forum Familiar: disguise {1}{W}
    game = cast_face_down("Forum Familiar", *["Plains"] * 3)
    game.add_card("Shock", 1)
    lands(game, 1, "Mountain")
    settle(game)
    (pid,) = face_down(game)
    assert game.battlefield[pid].face_down_ward
    game.apply_action(A.PASS)  # player 1 gets priority
    act(game, "Shock")
    target_perm(game, pid)
    # ward triggers; player 1 cannot pay {2} (no land left): the Shock is countered
    settle(game)
    assert pid in game.battlefield and game.battlefield[pid].damage == 0
    assert any(e["type"] == "countered" for e in game.events)
    # the ward ability on the stack was hidden too: its name was "face-down creature"
    trig = next(e for e in game.events if e["type"] == "trigger")
    assert trig["card"] == "face-down creature"


def test_702_168b_turned_face_up_it_loses_the_face_down_ward():
    game = cast_face_down("Forum Familiar", *["Plains"] * 5)
    settle(game)
    (pid,) = face_down(game)
    act(game, "face up")
    settle(game)
    assert not game.battlefield[pid].face_down_ward
    assert game.pdef(pid).name == "Forum Familiar"


def test_708_5_708_6_opponents_cannot_tell_two_face_down_cards_apart():
    views = []
    for card in ("Battering Craghorn", "Skirk Marauder"):
        game = cast_face_down(card)
        on_stack = (game.observation_for(1), encode(game, 1).copy(),
                    encode(game, 0).copy())
        settle(game)
        views.append((game, on_stack))
    (a, sa), (b, sb) = views
    # on the stack: the same for the opponent, not for the caster
    assert sa[0] == sb[0] and np.array_equal(sa[1], sb[1])
    assert not np.array_equal(sa[2], sb[2])
    # on the battlefield
    seen_a, seen_b = a.observation_for(1), b.observation_for(1)
    assert seen_a == seen_b
    text = json.dumps(seen_a)
    assert "Craghorn" not in text and "Marauder" not in text
    assert np.array_equal(encode(a, 1), encode(b, 1))
    assert not np.array_equal(encode(a, 0), encode(b, 0))
    assert [a.event_for(e, 1) for e in a.events] == [b.event_for(e, 1) for e in b.events]
    (pid,) = face_down(a)
    assert next(v for v in a.observation_for(0)["battlefield"] if v["id"] == pid)[
        "card"] == "Battering Craghorn"


def test_708_9_a_face_down_permanent_is_revealed_as_it_leaves_the_battlefield():
    game = cast_face_down("Battering Craghorn", *["Mountain"] * 4,
                          hand=("Lightning Bolt",))
    settle(game)
    (pid,) = face_down(game)
    act(game, "Lightning Bolt")
    target_perm(game, pid)
    settle(game)
    leaves = [e for e in game.events if e["type"] == "leaves"][-1]
    assert leaves["card"] == "Battering Craghorn" and leaves["revealed"]
    assert game.event_for(leaves, 1)["card"] == "Battering Craghorn"
    assert [game.name_of(c) for c in game.graveyard[0]] == [
        "Lightning Bolt", "Battering Craghorn"]


def test_701_40c_a_manifested_morph_creature_is_turned_up_for_either_cost():
    game = blank()
    lands(game, 0, *["Mountain"] * 6, "Plains", "Plains")
    game.add_card("Skirk Marauder", 0, "library")
    game.add_card("Soul Summons", 0)  # {1}{W}: manifest the top card
    game.start_at("main1", 0)
    act(game, "Soul Summons")
    settle(game)
    (pid,) = face_down(game)
    assert not game.battlefield[pid].cast_face_down
    face_up = sorted(n for n in names(game) if "face up" in n)
    assert face_up == [
        f"turn slot {slot(game, pid)} (face-down Skirk Marauder) face up for its mana "
        "cost ({1}{R})",
        f"turn slot {slot(game, pid)} (face-down Skirk Marauder) face up for its morph "
        "cost ({2}{R})"]
    act(game, "for its mana cost")
    assert game.pdef(pid).name == "Skirk Marauder"
    assert sum(game.battlefield[p].tapped for p in game.battlefield) == 2 + 2


def test_601_2f_creature_spell_cost_changes_apply_to_a_face_down_spell():
    # Heartless Summoning: creature spells you cast cost {2} less: {3} becomes {1}
    game = blank()
    lands(game, 0, "Mountain")
    game.add_permanent("Heartless Summoning", 0)
    game.add_card("Battering Craghorn", 0)  # a Beast
    game.start_at("main1", 0)
    assert has(game, "face down")
    # Krosan Warchief: Beast spells cost {1} less; a face-down spell has no subtypes
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    game.add_permanent("Krosan Warchief", 0)
    game.add_card("Battering Craghorn", 0)
    game.start_at("main1", 0)
    assert "Beast" in game.cdef(game.hand[0][0]).subtypes
    assert not has(game, "face down")


def test_a_face_down_spell_is_a_colourless_creature_spell_with_mana_value_0():
    game = cast_face_down("Battering Craghorn")
    (item,) = game.stack
    assert game.spell_matches(fx.Filter(types=frozenset({"Creature"})), item, 1)
    assert not game.spell_matches(fx.Filter(props=frozenset({"red"})), item, 1)
    assert game.item_def(item).mana_value == 0


def test_determinize_keeps_the_face_down_permanents_count_and_hides_nothing_new():
    game = cast_face_down("Battering Craghorn", hand=("Skirk Marauder",))
    settle(game)
    twin = game.determinize(1, np.random.default_rng(0))
    assert len(face_down(twin, 0)) == 1
    assert twin.observation_for(1) == game.observation_for(1)


def test_702_37e_a_morph_cost_of_life_is_paid_in_life():
    # Zombie Cutthroat: morph—pay 5 life
    game = cast_face_down("Zombie Cutthroat", *["Swamp"] * 3)
    settle(game)
    (pid,) = face_down(game)
    act(game, "face up for its morph cost (5 life)")
    assert game.life[0] == 15 and game.pdef(pid).name == "Zombie Cutthroat"
    game.life[0] = 5
    game2 = cast_face_down("Zombie Cutthroat", *["Swamp"] * 3)
    settle(game2)
    game2.life[0] = 4
    game2._legal = None
    assert not has(game2, "face up")  # 119.4: not with less life than that


def test_determinize_gives_a_card_cast_face_down_another_morph_card():
    game = cast_face_down("Battering Craghorn", *["Mountain"] * 3)
    for name in ("Skirk Marauder", "Lightning Bolt", "Forum Familiar"):
        for _ in range(3):
            game.add_card(name, 0)
    # on the stack and then on the battlefield, the card is resampled among the
    # morph cards of its owner's hidden cards, never a disguise card or a Bolt
    seen = set()
    for seed in range(12):
        twin = game.determinize(1, np.random.default_rng(seed))
        seen.add(twin.name_of(twin.stack[0].card))
    assert seen == {"Battering Craghorn", "Skirk Marauder"}
    settle(game)
    seen = set()
    for seed in range(12):
        twin = game.determinize(1, np.random.default_rng(seed))
        (pid,) = face_down(twin)
        seen.add(twin.name_of(twin.battlefield[pid].card))
        assert twin.observation_for(1) == game.observation_for(1)
    assert seen == {"Battering Craghorn", "Skirk Marauder"}


def test_708_8_whenever_a_permanent_is_turned_face_up_triggers_for_any_player():
    # Aven Farseer: whenever a permanent is turned face up, a +1/+1 counter on it
    game = cast_face_down("Gudul Lurker", *["Island"] * 4)
    farseer = game.add_permanent("Aven Farseer", 1)
    settle(game)
    act(game, "face up")
    settle(game)
    assert game.battlefield[farseer].counters == {"+1/+1": 1}


def test_mastery_of_the_unseen_manifests_and_counts_a_permanent_turned_face_up():
    # {3}{W}: manifest the top card; whenever a permanent you control is turned face
    # up, you gain 1 life for each creature you control
    game = blank()
    lands(game, 0, *["Plains"] * 4, *["Mountain"] * 2)
    game.add_permanent("Mastery of the Unseen", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.add_card("Skirk Marauder", 0, "library")
    game.start_at("main1", 0)
    act(game, "activate slot")
    settle(game)
    (pid,) = face_down(game)
    assert game.name_of(game.battlefield[pid].card) == "Skirk Marauder"
    act(game, "for its mana cost")
    while game.decision["kind"] == "target":  # the Marauder's 2 damage
        game.apply_action(A.player(1))
    settle(game)
    assert game.life == [22, 18]  # two creatures: Bears and the Marauder
