"""Copies of spells and abilities on the stack (rule 707.10): Twincast, Reverberate,
Dualcaster Mage, Nivix Guildmage, storm (702.40), Strionic Resonator. Scripted
positions with real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from magic.positions import act, blank, lands, names, pass_until, settle, target_perm


def _bolt_then_twincast(game, bolt_at=None):
    """Seat 0 casts Lightning Bolt at seat 1 (or at permanent ``bolt_at``), then
    Twincast on it; both stay on the stack, seat 0 holding priority."""
    lands(game, 0, "Mountain", "Island", "Island")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Twincast", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    if bolt_at is None:
        game.apply_action(A.player(1))
    else:
        target_perm(game, bolt_at)
    act(game, "Twincast")
    act(game, "stack 0 (Lightning Bolt)")


def _resolve_top(game):
    """Every player passes once: the top object resolves."""
    for _ in range(game.num_players):
        game.apply_action(A.PASS)


def test_707_10c_twincast_copy_keeps_its_target_when_kept():
    game = blank()
    _bolt_then_twincast(game)
    _resolve_top(game)  # Twincast resolves: the copy's target is asked about
    assert game.decision["kind"] == "target" and game.decision["retarget"] == 0
    assert "keep the target" in names(game)
    act(game, "keep the target")
    assert [s.is_copy for s in game.stack] == [False, True]
    assert any(e["type"] == "copy_spell" for e in game.events)
    settle(game)
    assert game.life[1] == 14  # 3 from the copy, 3 from the Bolt


def test_707_10c_twincast_copy_gets_a_new_target():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 1)
    _bolt_then_twincast(game)
    _resolve_top(game)
    target_perm(game, bears)  # the copy now targets the Bears
    settle(game)
    assert bears not in game.battlefield
    assert game.life[1] == 17  # only the original hit the player


def test_707_10a_a_copy_ceases_to_exist_no_card_moves():
    game = blank()
    _bolt_then_twincast(game)
    _resolve_top(game)
    act(game, "keep the target")
    settle(game)
    names_in_grave = sorted(game.name_of(c) for c in game.graveyard[0])
    assert names_in_grave == ["Lightning Bolt", "Twincast"]  # no second Bolt card
    assert not game.stack


def test_707_10_a_copy_is_not_cast():
    """Prowess (702.108a) triggers on casting a noncreature spell: Twincast's cast
    triggers it, the copy does not; the spells-cast count holds the two casts."""
    game = blank()
    swift = game.add_permanent("Monastery Swiftspear", 0)
    _bolt_then_twincast(game)
    settle(game)  # a prowess trigger, Twincast: its copy's target is asked about
    act(game, "keep the target")
    settle(game)
    assert game.spells_cast[0] == 2
    assert sum(e["type"] == "cast" for e in game.events) == 2
    assert game.chars(swift)[0] == 1 + 2  # two prowess triggers, not three


def test_707_10a_a_countered_copy_goes_nowhere():
    game = blank()
    lands(game, 1, "Island", "Island")
    game.add_card("Counterspell", 1)
    _bolt_then_twincast(game)
    _resolve_top(game)
    act(game, "keep the target")
    # seat 0 has priority with the copy on top; seat 1 counters the copy
    game.apply_action(A.PASS)
    act(game, "Counterspell")
    act(game, "stack 1 (Lightning Bolt)")
    settle(game)
    assert any(e["type"] == "countered" for e in game.events)
    assert sorted(game.name_of(c) for c in game.graveyard[0]) == \
        ["Lightning Bolt", "Twincast"]
    assert game.life[1] == 17


def test_707_10_a_copy_keeps_x_and_kicker():
    """Blaze's X and Burst Lightning's kicker are copied (707.10)."""
    game = blank()
    lands(game, 0, *["Mountain"] * 8, "Island", "Island")
    game.add_card("Burst Lightning", 0)
    game.add_card("Twincast", 0)
    game.start_at("main1", 0)
    act(game, "Burst Lightning")
    act(game, "pay kicker")
    game.apply_action(A.player(1))
    act(game, "Twincast")
    act(game, "stack 0 (Burst Lightning)")
    _resolve_top(game)
    act(game, "keep the target")
    settle(game)
    assert game.life[1] == 12  # 4 and 4


def test_707_10_a_copy_has_the_originals_mode():
    game = blank()
    lands(game, 0, "Mountain", "Island", "Island", "Island")
    game.add_card("Izzet Charm", 0)
    game.add_card("Twincast", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "Izzet Charm")
    act(game, "mode 1")  # 2 damage to target creature
    target_perm(game, bears)
    act(game, "Twincast")
    act(game, "stack 0 (Izzet Charm)")
    _resolve_top(game)  # no other creature: the target is kept without asking
    assert game.stack[-1].is_copy and game.stack[-1].modes == game.stack[0].modes
    settle(game)
    assert bears not in game.battlefield


def test_707_10c_the_new_target_must_be_legal():
    """Izzet Charm's "target creature" mode: a copy's new target is a creature; a
    player is not offered."""
    game = blank()
    lands(game, 0, "Mountain", "Island", "Island", "Island")
    game.add_card("Izzet Charm", 0)
    game.add_card("Twincast", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    other = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Izzet Charm")
    act(game, "mode 1")
    target_perm(game, bears)
    act(game, "Twincast")
    act(game, "stack 0 (Izzet Charm)")
    _resolve_top(game)
    legal = game.legal_actions()
    assert A.DONE in legal and A.permanent(game.battlefield[other].slot) in legal
    assert A.permanent(game.battlefield[bears].slot) not in legal  # (kept with done)
    assert not any(A.decode(a)[0] == "player" for a in legal)


def test_702_40a_storm_copies_for_each_spell_cast_before_it():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    game.add_card("Shock", 0)
    game.add_card("Shock", 0)
    game.add_card("Grapeshot", 0)
    game.start_at("main1", 0)
    for _ in range(2):
        act(game, "cast hand 0 (Shock)")
        game.apply_action(A.player(1))
        settle(game)
    assert game.life[1] == 16
    act(game, "Grapeshot")
    game.apply_action(A.player(1))
    # the storm trigger is on the stack above Grapeshot
    assert [s.kind for s in game.stack] == ["spell", "triggered"]
    _resolve_top(game)
    for _ in range(2):  # two copies, each asked about its target
        assert game.decision.get("retarget") == 0
        act(game, "keep the target")
    assert sum(s.is_copy for s in game.stack) == 2
    settle(game)
    assert game.life[1] == 13


def test_702_40a_storm_counts_every_players_spells():
    """Spells an opponent cast this turn count too (702.40a: "each other spell that
    was cast before it this turn")."""
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    lands(game, 1, "Mountain")
    game.add_card("Grapeshot", 0)
    game.add_card("Shock", 0)
    game.add_card("Lightning Bolt", 1)
    game.start_at("main1", 0)
    act(game, "Shock")
    game.apply_action(A.player(1))
    game.apply_action(A.PASS)
    act(game, "Lightning Bolt")  # seat 1 responds
    game.apply_action(A.player(1))  # (relative: seat 0)
    settle(game)
    act(game, "Grapeshot")
    game.apply_action(A.player(1))
    _resolve_top(game)
    for _ in range(2):
        act(game, "keep the target")
    settle(game)
    assert game.life[1] == 20 - 2 - 3


def test_707_10_strionic_resonator_copies_a_triggered_ability():
    """Soul Warden's "whenever another creature enters, you gain 1 life", copied."""
    game = blank()
    lands(game, 0, "Island", "Island", "Forest", "Forest")
    game.add_permanent("Soul Warden", 0)
    game.add_permanent("Strionic Resonator", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Grizzly Bears")
    _resolve_top(game)  # the Bears resolve; Soul Warden triggers
    assert [s.kind for s in game.stack] == ["triggered"]
    act(game, "Strionic Resonator")
    act(game, "stack 0")
    while game.decision["kind"] != "priority":
        game.apply_action(game.legal_actions()[0])
    settle(game)
    assert game.life[0] == 22
    assert any(e["type"] == "copy_spell" and e.get("ability") for e in game.events)


def test_707_10_dualcaster_mage_with_flash_copies_an_opponents_spell():
    game = blank()
    lands(game, 1, "Mountain")
    lands(game, 0, "Island", "Island", "Mountain", "Mountain")
    game.add_card("Lightning Bolt", 1)
    game.add_card("Dualcaster Mage", 0)
    game.start_at("main1", 1)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))  # at seat 0
    game.apply_action(A.PASS)
    act(game, "Dualcaster Mage")
    settle(game)  # the Mage resolves; its enters trigger targets the Bolt
    assert game.decision["kind"] == "target"
    act(game, "stack 0 (Lightning Bolt)")
    _resolve_top(game)
    assert game.decision.get("retarget") == 0
    game.apply_action(A.player(1))  # the copy (seat 0's) at seat 1
    settle(game)
    assert game.life == [17, 17]


# ------------------------------------------------ casting a copy of a card (707.12)
def _chandra_ultimate(game, library):
    walker = game.add_permanent("Chandra, Pyromaster", 0, counters={"loyalty": 7})
    game.set_library(0, library)
    game.start_at("main1", 0)
    act(game, "(Chandra, Pyromaster) ability 2")
    return walker


def test_707_12_chandra_pyromaster_casts_three_copies_of_the_chosen_card():
    game = blank()
    library = ["Island"] * 8 + ["Shock", "Lightning Bolt"]
    _chandra_ultimate(game, library)
    settle(game)  # the -7 resolves: which card to copy?
    assert game.decision["kind"] == "hand_choice" and "copy_card" in game.decision
    assert sorted(game.name_of(c) for c in game.looking_at(0)) == \
        ["Lightning Bolt", "Shock"]
    act(game, "(Lightning Bolt)")
    for _ in range(3):
        act(game, "cast a copy of Lightning Bolt")
        game.apply_action(A.player(1))
    assert [s.is_copy for s in game.stack] == [True, True, True]
    assert game.spells_cast[0] == 3  # cast copies are cast (707.12)
    settle(game)
    assert game.life[1] == 11
    bolts = [c for c in game.exile[0] if game.name_of(c) == "Lightning Bolt"]
    assert len(bolts) == 1 and not any(
        game.name_of(c) == "Lightning Bolt" for c in game.graveyard[0])


def test_707_12_each_copy_may_be_declined():
    game = blank()
    _chandra_ultimate(game, ["Island"] * 9 + ["Lightning Bolt"])
    settle(game)  # one kind of card: no choice to make
    act(game, "cast a copy of Lightning Bolt")
    game.apply_action(A.player(1))
    act(game, "don't cast the copy")
    act(game, "don't cast the copy")
    settle(game)
    assert game.life[1] == 17


def test_707_12_no_instant_or_sorcery_exiled_copies_nothing():
    game = blank()
    _chandra_ultimate(game, ["Island"] * 10)
    settle(game)
    assert game.decision["kind"] == "priority" and not game.stack
    assert len(game.exile[0]) == 10


# ------------------------------------------------ token copies (707.2, 111.1)
def _rite(kicked: bool):
    game = blank()
    lands(game, 0, *["Island"] * 9)
    game.add_card("Rite of Replication", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "Rite of Replication")
    act(game, "pay kicker" if kicked else "no kicker")
    target_perm(game, bears)
    settle(game)
    return game, [pid for pid, perm in game.battlefield.items()
                  if perm.controller == 0 and game.name_of(perm.card) == "Grizzly Bears"]


def test_702_33d_rite_of_replication_kicked_makes_five_token_copies():
    game, copies = _rite(kicked=True)
    assert len(copies) == 5 and all(game.card_token[game.battlefield[c].card]
                                    for c in copies)
    assert all(game.chars(c)[:2] == (2, 2) for c in copies)


def test_702_33d_rite_of_replication_unkicked_makes_one():
    game, copies = _rite(kicked=False)
    assert len(copies) == 1


def test_707_9b_progenitor_mimic_copies_itself_each_upkeep_not_its_tokens():
    """Progenitor Mimic enters as a copy of Grizzly Bears with "at the beginning of
    your upkeep, if this creature isn't a token, create a token that's a copy of this
    creature" (707.9b: the exception is copied by the tokens, whose own ability does
    nothing: an intervening if, 603.4)."""
    game = blank()
    lands(game, 0, "Forest", *["Island"] * 5)
    game.add_card("Progenitor Mimic", 0)
    game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "Progenitor Mimic")
    settle(game)
    act(game, "Grizzly Bears")  # what it enters as a copy of
    settle(game)

    def my_bears():
        return [pid for pid, perm in game.battlefield.items() if perm.controller == 0
                and game.pdef(pid).name == "Grizzly Bears"]

    assert len(my_bears()) == 1
    for upkeeps in (1, 2):
        pass_until(game, "main2")
        pass_until(game, "upkeep")  # the opponent's turn: no trigger
        pass_until(game, "main2")
        pass_until(game, "upkeep")
        assert game.active == 0
        settle(game)
        assert len(my_bears()) == 1 + upkeeps
        assert sum(game.card_token[game.battlefield[p].card] for p in my_bears()) == upkeeps


# ------------------------------------------------ "copy that spell" triggers
def test_603_7c_chandra_the_firebrand_copies_only_the_next_instant():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    game.add_permanent("Chandra, the Firebrand", 0, counters={"loyalty": 4})
    game.add_card("Lightning Bolt", 0)
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "(Chandra, the Firebrand) ability 1")  # -2
    settle(game)
    assert game.temporary_triggers
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    assert not game.temporary_triggers  # 603.7c: it triggered; it is gone
    settle(game)  # the trigger resolves: the copy's target is asked about
    act(game, "keep the target")
    settle(game)
    assert game.life[1] == 14
    act(game, "Shock")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 12  # not copied
    assert sum(e["type"] == "copy_spell" for e in game.events) == 1


def test_603_7c_the_next_time_ability_ends_with_the_turn():
    game = blank()
    game.add_permanent("Chandra, the Firebrand", 0, counters={"loyalty": 4})
    game.start_at("main1", 0)
    act(game, "(Chandra, the Firebrand) ability 1")
    settle(game)
    assert game.temporary_triggers
    pass_until(game, "upkeep")
    assert not game.temporary_triggers


def test_707_10_swarm_intelligence_may_copy_each_instant_or_sorcery():
    game = blank()
    lands(game, 0, "Mountain")
    game.add_permanent("Swarm Intelligence", 0)
    game.add_card("Lightning Bolt", 0)
    game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    settle(game)
    act(game, "yes")  # copy that spell
    act(game, "Grizzly Bears")  # the copy's new target
    settle(game)
    assert game.life[1] == 17
    assert not [p for p in game.battlefield.values() if p.controller == 1]


# ------------------------------------------------ one copy for each other Golem
def _golems():
    game = blank()
    lands(game, 1, *["Island"] * 5)
    lands(game, 0, "Mountain")
    game.add_card("Precursor Golem", 1)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 1)
    act(game, "Precursor Golem")
    settle(game)  # it and two Golem tokens
    golems = [pid for pid in game.battlefield if "Golem" in game.pdef(pid).subtypes]
    assert len(golems) == 3
    pass_until(game, "main1")  # (seat 0's turn)
    while game.active != 0:
        pass_until(game, "upkeep")
        pass_until(game, "main1")
    return game, golems


def test_707_10_precursor_golem_copies_a_bolt_for_each_other_golem():
    game, golems = _golems()
    act(game, "Lightning Bolt")
    target_perm(game, golems[1])
    assert [s.kind for s in game.stack] == ["spell", "triggered"]
    settle(game)
    copies = [e for e in game.events if e["type"] == "copy_spell"]
    assert len(copies) == 2 and all(e["player"] == 0 for e in copies)
    assert not any(pid in game.battlefield for pid in golems)


def test_707_10_precursor_golem_ignores_a_spell_at_a_player():
    game, golems = _golems()
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    assert [s.kind for s in game.stack] == ["spell"]  # no trigger at all
    settle(game)
    assert all(pid in game.battlefield for pid in golems)
