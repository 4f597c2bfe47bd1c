"""Continuous effects in layers (rule 613): until-end-of-turn characteristic changes
(layers 4-7b, 205.1b, :class:`~effects.Becomes`: lands that become creatures, creatures
that lose all abilities with a new base power and toughness, under counters and pumps);
copy effects (layer 1, 707: Clone, Phantasmal Image, Phyrexian Metamorph, Kiki-Jiki's
token copies); static type, ability and power/toughness changes (Urborg, Blood Moon,
Humility) in timestamp order with the dependency rule (613.7, 613.8); emblems (114);
monstrosity (701.37)."""

from __future__ import annotations

import json

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    finish_attacks,
    lands,
    pass_until,
    settle,
    slot,
    target_perm,
    to_combat,
)


def test_the_layer_templates_compile():
    """Copy effects, static type/ability changes, emblems, monstrosity and "sacrifice
    it" are read (each card's every other line too)."""
    pool = compiled_pool().supported
    for name in ("Clone", "Phantasmal Image", "Phyrexian Metamorph", "Copy Enchantment",
                 "Kiki-Jiki, Mirror Breaker", "Urborg, Tomb of Yawgmoth",
                 "Yavimaya, Cradle of Growth", "Blood Moon", "Magus of the Moon",
                 "Harbinger of the Seas", "Humility", "Godhead of Awe",
                 "Elspeth, Sun's Champion", "Nessian Asp", "Ember Swallower",
                 "Ball Lightning", "Plague Engineer", "Rally the Ranks", "Coldsteel Heart",
                 "Heraldic Banner", "Shimmerdrift Vale"):
        assert name in pool, name


def test_the_templates_compile():
    pool = compiled_pool().supported
    for name in ("Mutavault", "Celestial Colonnade", "Treetop Village", "Faerie Conclave",
                 "Dread Statuary", "Turn to Frog", "Ovinize", "Humble"):
        assert name in pool, name


def test_a_manland_attacks_as_a_creature_and_is_a_land_again_after_the_turn():
    game = blank()
    village = game.add_permanent("Treetop Village", 0)
    lands(game, 0, "Forest", "Forest")
    game.start_at("main1", 0)
    d = game.pdef(village)
    assert not d.is_creature
    act(game, f"activate slot {slot(game, village)}")
    settle(game)
    d = game.pdef(village)
    assert d.is_creature and d.is_land and d.subtypes == ("Ape",) and d.colours == ("G",)
    assert game.chars(village) == (3, 3, frozenset({"trample"}))
    to_combat(game)
    attack(game, village)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.life[1] == 17
    pass_until(game, "upkeep")
    assert not game.pdef(village).is_creature and game.pdef(village).name == "Treetop Village"


def test_mutavault_has_every_creature_type():
    game = blank()
    vault = game.add_permanent("Mutavault", 0)
    lands(game, 0, "Wastes") if "Wastes" in compiled_pool().supported else lands(
        game, 0, "Forest")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, vault)}")
    settle(game)
    subtypes = game.pdef(vault).subtypes
    assert {"Goblin", "Elf", "Sliver", "Human"} <= set(subtypes)
    assert game.chars(vault)[:2] == (2, 2)


def test_turn_to_frog_sets_base_stats_under_counters_and_pumps_and_removes_abilities():
    """613.4: the base 1/1 of layer 7b, then the +1/+1 counter and Giant Growth of 7c;
    flying is lost (layer 6). It ends in the cleanup step."""
    game = blank()
    lands(game, 0, "Island", "Island", "Forest")
    angel = game.add_permanent("Serra Angel", 0, counters={"+1/+1": 1})
    game.add_card("Turn to Frog", 0)
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    act(game, "Turn to Frog")
    target_perm(game, angel)
    settle(game)
    act(game, "Giant Growth")
    target_perm(game, angel)
    settle(game)
    assert game.chars(angel) == (5, 5, frozenset())
    d = game.pdef(angel)
    assert d.subtypes == ("Frog",) and d.colours == ("U",) and d.name == "Serra Angel"
    pass_until(game, "upkeep")
    assert game.chars(angel) == (5, 5, frozenset({"flying", "vigilance"}))


def test_a_creature_that_lost_its_abilities_makes_no_mana_and_triggers_nothing():
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island", "Forest", "Forest")
    elves = game.add_permanent("Llanowar Elves", 1)
    warden = game.add_permanent("Soul Warden", 1)  # another creature enters: gain 1
    forest = game.add_permanent("Forest", 1)
    game.add_card("Ovinize", 0)
    game.add_card("Ovinize", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Ovinize)")
    target_perm(game, elves)
    settle(game)
    act(game, "Ovinize")
    target_perm(game, warden)
    settle(game)
    assert game.chars(elves)[:2] == (0, 1)
    assert [s.pid for s in game._sources(1)] == [forest]  # the Elves' {T}: add {G} is gone
    act(game, "Grizzly Bears")
    settle(game)
    assert any(game.pdef(p).name == "Grizzly Bears" for p in game.battlefield)
    assert game.life == [20, 20]  # the Warden's trigger is gone too


def test_a_changed_permanent_survives_a_round_trip_and_a_clone():
    game = blank()
    village = game.add_permanent("Treetop Village", 0)
    lands(game, 0, "Forest", "Forest")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, village)}")
    settle(game)
    back = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    for other in (back, game.clone()):
        assert other.pdef(village).is_creature
        assert other.chars(village) == game.chars(village)


# ------------------------------------------------------------ layer 1: copies (707)
def _cast_clone(game: MagicGame, card: str, chosen: int | None) -> None:
    act(game, card)
    settle(game)
    assert game.decision["kind"] == "copy"
    if chosen is None:
        game.apply_action(A.DONE)
    else:
        target_perm(game, chosen)
    settle(game)


def _newest(game: MagicGame) -> int:
    return max(game.battlefield)


def test_707_5_clone_enters_as_a_copy_and_the_copied_enters_trigger_triggers():
    """707.2: the copiable values are the printed ones: not the +1/+1 counters; the
    copy's own "when this enters" (Elvish Visionary's draw) triggers (707.5)."""
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    visionary = game.add_permanent("Elvish Visionary", 1, counters={"+1/+1": 2})
    game.add_card("Clone", 0)
    game.start_at("main1", 0)
    _cast_clone(game, "Clone", visionary)
    clone = _newest(game)
    d = game.pdef(clone)
    assert d.name == "Elvish Visionary" and d.colours == ("G",) and d.mana_value == 2
    assert game.chars(clone) == (1, 1, frozenset())
    assert len(game.hand[0]) == 1  # the Visionary's enters trigger: draw a card
    assert any(e["type"] == "copy" and e["of"] == "Elvish Visionary"
               for e in game.events)


def test_707_5_clone_that_copies_nothing_is_a_0_0_and_dies():
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Clone", 0)
    game.start_at("main1", 0)
    _cast_clone(game, "Clone", None)
    assert [game.pdef(p).name for p in game.battlefield if game.is_creature(p)] == [
        "Grizzly Bears"]
    assert game.graveyard[0] and game.name_of(game.graveyard[0][-1]) == "Clone"
    assert bears in game.battlefield


def test_707_2_type_changing_effects_are_not_copied():
    """A Clone of an animated Treetop Village copies the printed land: it is a land
    named Treetop Village, not a creature (the Becomes is not a copiable value), so it
    is no creature to be Cloned in the first place... unless animated: the copy is a
    land, with the Village's ability."""
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island", "Forest", "Forest")
    village = game.add_permanent("Treetop Village", 0)
    game.add_card("Clone", 0)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, village)}")
    settle(game)
    assert game.pdef(village).is_creature
    _cast_clone(game, "Clone", village)
    copy = _newest(game)
    d = game.pdef(copy)
    assert d.name == "Treetop Village" and d.is_land and not d.is_creature
    assert game.battlefield[copy].tapped  # "this enters tapped" is copied too (707.5)


def test_707_2_a_copy_of_a_copy_copies_the_copied_values():
    game = blank()
    lands(game, 0, *["Island"] * 8)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Clone", 0)
    game.add_card("Clone", 0)
    game.start_at("main1", 0)
    _cast_clone(game, "cast hand 0", bears)
    first = _newest(game)
    _cast_clone(game, "Clone", first)
    second = _newest(game)
    assert game.pdef(second).name == "Grizzly Bears"
    assert game.chars(second)[:2] == (2, 2)


def test_707_9_phantasmal_image_is_an_illusion_and_is_sacrificed_when_targeted():
    game = blank()
    lands(game, 0, "Island", "Island", "Forest")
    angel = game.add_permanent("Serra Angel", 1)
    game.add_card("Phantasmal Image", 0)
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    _cast_clone(game, "Phantasmal Image", angel)
    image = _newest(game)
    d = game.pdef(image)
    assert d.name == "Serra Angel" and set(d.subtypes) == {"Angel", "Illusion"}
    assert game.chars(image) == (4, 4, frozenset({"flying", "vigilance"}))
    act(game, "Giant Growth")
    target_perm(game, image)
    settle(game)
    assert image not in game.battlefield  # its added trigger: sacrifice it
    assert game.name_of(game.graveyard[0][0]) == "Phantasmal Image"


def test_707_9_phyrexian_metamorph_is_an_artifact_in_addition():
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_permanent("Ornithopter", 1)
    game.add_card("Phyrexian Metamorph", 0)
    game.start_at("main1", 0)
    act(game, "Phyrexian Metamorph")
    settle(game)
    assert len(game.decision["options"]) == 2  # "any artifact or creature"
    target_perm(game, bears)
    settle(game)
    d = game.pdef(_newest(game))
    assert d.name == "Grizzly Bears" and set(d.types) == {"Artifact", "Creature"}


def test_707_2_kiki_jiki_copies_with_haste_and_the_token_is_sacrificed_at_end_step():
    game = blank()
    lands(game, 0, "Forest")
    kiki = game.add_permanent("Kiki-Jiki, Mirror Breaker", 0)
    visionary = game.add_permanent("Elvish Visionary", 0, counters={"+1/+1": 1})
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, kiki)}")
    target_perm(game, visionary)
    settle(game)
    token = _newest(game)
    assert game.card_token[game.battlefield[token].card]
    assert game.pdef(token).name == "Elvish Visionary"
    assert game.chars(token) == (1, 1, frozenset({"haste"}))  # no counter copied
    assert len(game.hand[0]) == 1  # its enters trigger
    to_combat(game)
    attack(game, token)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.life[1] == 19  # haste: it attacked the turn it was made
    for _ in range(30):
        settle(game)
        if token not in game.battlefield or game.turn > 1 and game.active == 1:
            break
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert token not in game.battlefield and visionary in game.battlefield


def test_copies_survive_a_round_trip_and_a_clone():
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    angel = game.add_permanent("Serra Angel", 1)
    game.add_card("Clone", 0)
    game.start_at("main1", 0)
    _cast_clone(game, "Clone", angel)
    clone = _newest(game)
    back = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    for other in (back, game.clone()):
        assert other.pdef(clone).name == "Serra Angel"
        assert other.chars(clone) == game.chars(clone)


# ------------------------------------------------ static type changes (305.7, 613)
def _mana(game: MagicGame, pid: int) -> frozenset[str]:
    source = game.pdef(pid).mana_source
    return source.colours if source is not None else frozenset()


def test_305_7_urborg_makes_each_land_a_swamp_in_addition():
    game = blank()
    urborg = game.add_permanent("Urborg, Tomb of Yawgmoth", 0)
    forest = game.add_permanent("Forest", 1)
    village = game.add_permanent("Treetop Village", 0)
    game.start_at("main1", 0)
    assert game.pdef(forest).subtypes == ("Forest", "Swamp")
    assert _mana(game, forest) == {"G", "B"}
    assert _mana(game, urborg) == {"B"}  # it is a Swamp too (it has no other ability)
    assert _mana(game, village) == {"G", "B"}
    assert len(game.pdef(village).battlefield_abilities) == 1  # keeps its animation
    game.move_permanents([urborg], "graveyard")
    assert game.pdef(forest).subtypes == ("Forest",) and _mana(game, forest) == {"G"}


def test_305_7_blood_moon_makes_nonbasic_lands_mountains_that_lose_their_abilities():
    game = blank()
    game.add_permanent("Blood Moon", 1)
    village = game.add_permanent("Treetop Village", 0)
    forest = game.add_permanent("Forest", 0)
    game.start_at("main1", 0)
    d = game.pdef(village)
    assert d.subtypes == ("Mountain",) and _mana(game, village) == {"R"}
    assert d.battlefield_abilities == () and not d.statics  # no animation, no ETB tap
    assert game.pdef(forest).subtypes == ("Forest",)  # basic: untouched
    assert d.name == "Treetop Village" and d.is_land


def test_613_8_blood_moon_and_urborg_in_either_order():
    """Urborg's effect depends on Blood Moon's (613.8a: Blood Moon removes the ability
    that makes it), so Blood Moon applies first whatever the timestamps and Urborg's
    effect no longer exists: Urborg is a Mountain, the Forest is no Swamp."""
    for urborg_first in (True, False):
        game = blank()
        if urborg_first:
            urborg = game.add_permanent("Urborg, Tomb of Yawgmoth", 0)
            game.add_permanent("Blood Moon", 1)
        else:
            game.add_permanent("Blood Moon", 1)
            urborg = game.add_permanent("Urborg, Tomb of Yawgmoth", 0)
        forest = game.add_permanent("Forest", 0)
        game.start_at("main1", 0)
        assert game.pdef(urborg).subtypes == ("Mountain",), urborg_first
        assert _mana(game, urborg) == {"R"}
        assert game.pdef(forest).subtypes == ("Forest",), urborg_first
        assert _mana(game, forest) == {"G"}


def test_613_humility_sets_1_1_and_removes_abilities_under_counters_and_anthems():
    game = blank()
    angel = game.add_permanent("Serra Angel", 0, counters={"+1/+1": 1})
    elves = game.add_permanent("Llanowar Elves", 1)
    game.add_permanent("Glorious Anthem", 0)
    humility = game.add_permanent("Humility", 1)
    forest = game.add_permanent("Forest", 1)
    game.start_at("main1", 0)
    assert game.chars(angel) == (3, 3, frozenset())  # 1/1, +1 counter, +1 anthem
    assert game.chars(elves) == (1, 1, frozenset())
    assert [s.pid for s in game._sources(1)] == [forest]  # the Elves' mana is gone
    game.move_permanents([humility], "graveyard")
    assert game.chars(angel) == (6, 6, frozenset({"flying", "vigilance"}))


def test_613_7_humility_and_an_animated_land_apply_in_timestamp_order():
    """Layers 6 and 7b in timestamp order: Humility then the Village's animation (3/3
    trample) gives 3/3 trample; the animation then Humility gives 1/1 without it."""
    game = blank()
    game.add_permanent("Humility", 1)
    village = game.add_permanent("Treetop Village", 0)
    lands(game, 0, "Forest", "Forest")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, village)}")
    settle(game)
    assert game.chars(village) == (3, 3, frozenset({"trample"}))

    game = blank()
    village = game.add_permanent("Treetop Village", 0)
    lands(game, 0, "Forest", "Forest", "Plains", "Plains", "Plains")
    game.add_card("Humility", 0)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, village)}")
    settle(game)
    act(game, "Humility")
    settle(game)
    assert game.chars(village) == (1, 1, frozenset())


def test_613_6_magus_of_the_moon_keeps_applying_under_humility():
    """Magus's layer-4 effect applies before Humility removes its ability in layer 6."""
    game = blank()
    magus = game.add_permanent("Magus of the Moon", 0)
    game.add_permanent("Humility", 1)
    village = game.add_permanent("Treetop Village", 1)
    game.start_at("main1", 0)
    assert game.pdef(village).subtypes == ("Mountain",)
    assert game.chars(magus) == (1, 1, frozenset())


# --------------------------------------------------------------- emblems (114)
def test_114_elspeth_emblem_pumps_your_creatures_from_the_command_zone():
    game = blank()
    elspeth = game.add_permanent("Elspeth, Sun's Champion", 0, counters={"loyalty": 7})
    bears = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, elspeth)} (Elspeth, Sun's Champion) ability 2")
    settle(game)
    assert elspeth not in game.battlefield  # 0 loyalty (704.5i); the emblem stays
    assert [e[0] for e in game.emblems] == [0]
    assert game.chars(bears) == (4, 4, frozenset({"flying"}))
    assert game.chars(theirs) == (2, 2, frozenset())
    later = game.add_permanent("Serra Angel", 0)
    assert game.chars(later)[:2] == (6, 6)
    back = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    for other in (back, game.clone()):
        assert other.chars(bears) == (4, 4, frozenset({"flying"}))
    view = game.observation_for(1)
    assert view["emblems"] == [{"owner": 0, "name": "Elspeth, Sun's Champion emblem"}]


def test_114_4_an_emblems_triggered_ability_triggers_from_the_command_zone():
    """Sorin, Solemn Visitor's -6: "at the beginning of each opponent's upkeep, that
    player sacrifices a creature of their choice": the emblem's owner controls the
    trigger (114.3), it triggers on each opponent's upkeep only, and stays after Sorin
    is gone (the emblem is no permanent)."""
    game = blank()
    sorin = game.add_permanent("Sorin, Solemn Visitor", 0, counters={"loyalty": 6})
    mine = game.add_permanent("Grizzly Bears", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    act(game, "(Sorin, Solemn Visitor) ability 2")  # -6
    settle(game)
    assert sorin not in game.battlefield  # 0 loyalty (704.5i); the emblem stays
    assert game.observation_for(1)["emblems"] == [
        {"owner": 0, "name": "Sorin, Solemn Visitor emblem"}]
    pass_until(game, "upkeep")  # the opponent's upkeep: the trigger is put on the stack
    assert game.active == 1
    assert [s.controller for s in game.stack] == [0]
    assert game.name_of(game.stack[0].card) == "Sorin, Solemn Visitor emblem"
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    # that player (the active one) chooses which creature to sacrifice
    assert game.decision["player"] == 1
    target_perm(game, giant)
    settle(game)
    assert giant not in game.battlefield and bears in game.battlefield
    assert mine in game.battlefield
    clone = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert clone.emblems == game.emblems
    pass_until(game, "main1")
    pass_until(game, "upkeep")  # its owner's own upkeep: no trigger
    assert game.active == 0 and not game.stack and not game.pending_triggers
    pass_until(game, "main1")
    pass_until(game, "upkeep")
    assert game.active == 1 and len(game.stack) == 1  # each of that opponent's upkeeps


def test_114_4_an_emblem_trigger_on_its_owners_own_step():
    """Ajani, Adversary of Tyrants's emblem: "at the beginning of your end step" makes
    its tokens on its owner's end step, under its owner's control."""
    game = blank()
    game.add_permanent("Ajani, Adversary of Tyrants", 0, counters={"loyalty": 7})
    game.start_at("main1", 0)
    act(game, "(Ajani, Adversary of Tyrants) ability 2")  # -7
    settle(game)
    pass_until(game, "end")
    settle(game)
    cats = [pid for pid, p in game.battlefield.items() if game.name_of(p.card) ==
            "Cat Token"]
    assert len(cats) == 3 and all(game.battlefield[c].controller == 0 for c in cats)
    pass_until(game, "main1")
    pass_until(game, "end")  # the opponent's end step: none
    settle(game)
    assert game.active == 1 and sum(game.name_of(p.card) == "Cat Token"
                                    for p in game.battlefield.values()) == 3


def test_603_2_that_player_of_each_players_step_is_the_active_player():
    """Copper Tablet: "at the beginning of each player's upkeep, this deals 1 damage to
    that player": the player whose upkeep it is."""
    game = blank()
    game.add_permanent("Copper Tablet", 0)
    game.start_at("main1", 0)
    pass_until(game, "upkeep")
    settle(game)
    assert game.active == 1 and game.life == [20, 19]
    pass_until(game, "main1")
    pass_until(game, "upkeep")
    settle(game)
    assert game.active == 0 and game.life == [19, 19]


def test_emblems_with_triggered_abilities_compile():
    pool = compiled_pool()
    for name in ("Sorin, Solemn Visitor", "Ajani, Adversary of Tyrants",
                 "Sheoldred, Whispering One", "Braids, Cabal Minion", "Copper Tablet",
                 "Bottomless Pit", "Defiler of Souls"):
        assert name in pool.supported, name
    # 114.4: an emblem's triggers of events other than steps (test_walkers plays one)
    for name in ("Garruk, Caller of Beasts", "Huatli, Radiant Champion",
                 "Professor Dellian Fel"):
        assert name in pool.supported, name


# -------------------------------------------------------- monstrosity (701.37)
def test_701_37_monstrosity_once_and_its_trigger():
    game = blank()
    asp = game.add_permanent("Nessian Asp", 0)
    lands(game, 0, *["Forest"] * 14)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, asp)}")
    settle(game)
    assert game.battlefield[asp].monstrous
    assert game.chars(asp)[:2] == (8, 9)
    act(game, f"activate slot {slot(game, asp)}")
    settle(game)
    assert game.chars(asp)[:2] == (8, 9)  # already monstrous: nothing (701.37a)


def test_701_37c_when_this_becomes_monstrous():
    game = blank()
    swallower = game.add_permanent("Ember Swallower", 0)
    lands(game, 0, *["Mountain"] * 7)
    lands(game, 1, *["Island"] * 4)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, swallower)}")
    settle(game)
    while game.decision["kind"] == "sacrifice":
        game.apply_action(game.legal_actions()[0])
        settle(game)
    assert game.battlefield[swallower].monstrous
    assert sum(1 for p in game.battlefield.values() if p.controller == 1) == 1


def test_707_2_a_copy_activates_the_copied_ability():
    """The copy's activated ability (Nessian Asp's monstrosity) is paid and resolved
    from the copy's characteristics, not from Clone's card."""
    game = blank()
    lands(game, 0, *["Island"] * 4, *["Forest"] * 7)
    asp = game.add_permanent("Nessian Asp", 1)
    game.add_card("Clone", 0)
    game.start_at("main1", 0)
    _cast_clone(game, "Clone", asp)
    clone = _newest(game)
    act(game, f"activate slot {slot(game, clone)}")
    settle(game)
    assert game.battlefield[clone].monstrous and not game.battlefield[asp].monstrous
    assert game.chars(clone) == (8, 9, frozenset({"reach"}))


# ------------------------------------------- "as this enters, choose a color / type"
def _choose(game: MagicGame, option: str) -> None:
    assert game.decision["kind"] == "choose", game.decision
    game.apply_action(A.mode(game.decision["options"].index(option)))


def test_choose_a_creature_type_as_plague_engineer_enters():
    """"As this enters, choose a creature type" (asked as it enters, before anything
    else happens); "creatures of the chosen type your opponents control get -1/-1"
    reads the choice: the 1/1 Goblins die, the Bears and its own Goblin do not."""
    game = blank()
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    goblins = [game.add_permanent("Raging Goblin", 1) for _ in range(2)]
    bears = game.add_permanent("Grizzly Bears", 1)
    mine = game.add_permanent("Raging Goblin", 0)
    game.add_card("Plague Engineer", 0)
    game.start_at("main1", 0)
    act(game, "Plague Engineer")
    settle(game)
    assert {"Goblin", "Berserker", "Bear"} <= set(game.decision["options"])
    _choose(game, "Goblin")
    settle(game)
    assert not any(g in game.battlefield for g in goblins)
    assert bears in game.battlefield and mine in game.battlefield
    assert any(e["type"] == "chosen" and e["chosen"] == "Goblin" for e in game.events)


def test_choose_a_color_for_mana_and_an_anthem():
    game = blank()
    heart = game.add_permanent("Coldsteel Heart", 0)
    banner = game.add_permanent("Heraldic Banner", 0)
    bears = game.add_permanent("Grizzly Bears", 0)  # green
    knight = game.add_permanent("White Knight", 0)
    game.start_at("main1", 0)
    _choose(game, "U")
    _choose(game, "W")
    assert game.battlefield[heart].chosen == "U"
    sources = {s.pid: s.colours for s in game._sources(0)}
    assert set(sources[heart]) == {"U"} and set(sources[banner]) == {"W"}
    assert game.chars(knight)[:2] == (3, 2) and game.chars(bears)[:2] == (2, 2)
    back = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert back.chars(knight)[:2] == (3, 2)


def test_205_3m_inkmoth_nexus_becomes_a_phyrexian_blinkmoth_with_infect():
    """Blinkmoth is on 205.3m's list of creature types though no creature card has
    it: the list comes from the rules, so the manland compiles and is a Phyrexian
    Blinkmoth artifact creature; its infect damage gives poison counters."""
    game = blank()
    nexus = game.add_permanent("Inkmoth Nexus", 0)
    lands(game, 0, "Island")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, nexus)}")
    settle(game)
    d = game.pdef(nexus)
    assert d.is_creature and d.is_land and "Artifact" in d.types
    assert {"Phyrexian", "Blinkmoth"} <= set(d.subtypes)
    assert game.chars(nexus) == (1, 1, frozenset({"flying", "infect"}))
    to_combat(game)
    attack(game, nexus)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.life[1] == 20 and game.poison[1] == 1


def test_113_1_raging_ravine_gains_its_quoted_attack_trigger_until_end_of_turn():
    """Layer 6: the land becomes a 3/3 with "whenever this attacks, put a +1/+1 counter
    on it."; attacking, it gets the counter (4 damage); after the turn it is a land
    with no such ability (its counter stays)."""
    game = blank()
    ravine = game.add_permanent("Raging Ravine", 0)
    lands(game, 0, "Mountain", "Forest", "Mountain", "Forest")
    game.start_at("main1", 0)
    assert not game.pdef(ravine).triggered
    act(game, f"activate slot {slot(game, ravine)}")
    settle(game)
    d = game.pdef(ravine)
    assert d.is_creature and d.subtypes == ("Elemental",) and len(d.triggered) == 1
    to_combat(game)
    attack(game, ravine)
    finish_attacks(game)
    settle(game)
    assert game.battlefield[ravine].counters == {"+1/+1": 1}
    pass_until(game, "main2")
    assert game.life[1] == 16
    pass_until(game, "upkeep")
    assert not game.pdef(ravine).is_creature and not game.pdef(ravine).triggered


def test_113_1_lavaclaw_reaches_gains_a_quoted_x_pump():
    game = blank()
    reaches = game.add_permanent("Lavaclaw Reaches", 0)
    lands(game, 0, "Swamp", "Mountain", "Mountain", "Mountain", "Mountain")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, reaches)}")
    settle(game)
    assert game.chars(reaches)[:2] == (2, 2)
    act(game, "(Lavaclaw Reaches) ability 1")
    act(game, "X = 2")
    settle(game)
    assert game.chars(reaches)[:2] == (4, 2)


def test_the_quoted_ability_templates_compile():
    pool = compiled_pool().supported
    for name in ("Raging Ravine", "Lavaclaw Reaches"):
        (becomes,) = [a for a in pool[name].activated if not a.is_mana]
        assert len(becomes.effect.abilities) == 1, name


def test_113_1_underworld_connections_gives_the_enchanted_land_its_quoted_ability():
    """A static of the Aura (layer 6): the enchanted land has "{T}, pay 1 life: draw a
    card."; the ability is the land's (activated by its slot), not the Aura's; another
    land does not have it, and the land loses it when the Aura leaves."""
    game = blank()
    swamps = lands(game, 0, "Swamp", "Swamp", "Swamp", "Swamp")
    game.add_card("Underworld Connections", 0)
    game.add_card("Disenchant", 1)
    lands(game, 1, "Plains", "Plains")
    game.start_at("main1", 0)
    act(game, "Underworld Connections")
    target_perm(game, swamps[3])
    settle(game)
    enchanted = swamps[3]
    assert len(game.pdef(enchanted).activated) == 2  # its {B} and the quoted one
    assert len(game.pdef(swamps[0]).activated) == 1
    hand = len(game.hand[0])
    game.battlefield[enchanted].tapped = False
    act(game, f"activate slot {slot(game, enchanted)}")
    settle(game)
    assert len(game.hand[0]) == hand + 1 and game.life[0] == 19
    assert game.battlefield[enchanted].tapped
    game.apply_action(A.PASS)
    act(game, "Disenchant")
    aura = next(p for p, perm in game.battlefield.items()
                if game.name_of(perm.card) == "Underworld Connections")
    target_perm(game, aura)
    settle(game)
    assert len(game.pdef(enchanted).activated) == 1
