"""Removal's common filters (issue 30's templates): colour, type and supertype words
("nonblack", "nonartifact", "nonlegendary", "monocolored", "nonbasic"), "attacking or
blocking", and comparisons of mana value, power and toughness; each as compiled and as
a target the engine offers or refuses."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool, object_filter
from labyrinth_gym.envs.magic.engine.resolve import unresolvable
from magic.positions import (
    act,
    blank,
    block,
    creature,
    finish_attacks,
    lands,
    settle,
    slot,
    target_perm,
    to_combat,
    types_of,
)


@pytest.mark.parametrize("phrase, types, props, controller", [
    ("nonblack creature", {"Creature"}, {"nonblack"}, "any"),
    ("nonartifact, nonblack creature", {"Creature"}, {"nonartifact", "nonblack"}, "any"),
    ("creature with mana value 3 or less", {"Creature"}, {"mana_value<=3"}, "any"),
    ("creature with power 4 or greater", {"Creature"}, {"power>=4"}, "any"),
    ("attacking or blocking creature", {"Creature"}, {"attacking_or_blocking"}, "any"),
    ("nonbasic land", {"Land"}, {"nonbasic"}, "any"),
    ("red creature you control", {"Creature"}, {"red"}, "you"),
    ("non-angel creature you control", {"Creature"}, {"non-Angel"}, "you"),
    ("nonblack non-zombie creature", {"Creature"}, {"nonblack", "non-Zombie"}, "any"),
    ("nonland permanent an opponent controls with mana value 2 or less", set(),
     {"nonland", "mana_value<=2"}, "opponent"),
    # two card types (205.2a): the first as a property
    ("artifact creature you control", {"Creature"}, {"artifact"}, "you"),
    ("enchantment creature", {"Creature"}, {"enchantment"}, "any"),
    ("artifact", {"Artifact"}, set(), "any"),
    ("artifact or creature", {"Artifact", "Creature"}, set(), "any"),
    ("creature with flying an opponent controls", {"Creature"}, {"flying"}, "opponent"),
    ("creature without flying", {"Creature"}, {"nonflying"}, "any"),
])
def test_filter_phrases(phrase, types, props, controller):
    f = object_filter(phrase)
    assert (set(f.types), set(f.props), f.controller) == (types, props, controller)


@pytest.mark.parametrize("name, prop", [
    ("Doom Blade", "nonblack"), ("Go for the Throat", "nonartifact"),
    ("Cast Down", "nonlegendary"), ("Ultimate Price", "monocolored"),
    ("Last Breath", "power<=2"), ("Divine Verdict", "attacking_or_blocking"),
])
def test_removal_compiles_with_its_filter(name, prop):
    card = compiled_pool().supported[name]
    text = repr(card.spell)
    assert f"'{prop}'" in text


def offered(game, pid) -> bool:
    return A.permanent(slot(game, pid)) in game.legal_actions()


@pytest.mark.parametrize("spell, mana, legal, illegal", [
    ("Doom Blade", ["Swamp", "Swamp"], "Grizzly Bears", "Vampire Nighthawk"),
    ("Go for the Throat", ["Swamp", "Swamp"], "Grizzly Bears", "Darksteel Myr"),
    ("Cast Down", ["Swamp", "Swamp"], "Grizzly Bears", "Isamaru, Hound of Konda"),
    ("Ultimate Price", ["Swamp", "Swamp"], "Grizzly Bears", "Watchwolf"),
    ("Last Breath", ["Plains", "Plains"], "Grizzly Bears", "Hill Giant"),
])
def test_a_filtered_target_is_offered_only_when_it_matches(spell, mana, legal, illegal):
    game = blank()
    lands(game, 0, *mana)
    ok = game.add_permanent(legal, 1)
    refused = game.add_permanent(illegal, 1)
    game.add_card(spell, 0)
    game.start_at("main1", 0)
    act(game, spell)
    assert offered(game, ok) and not offered(game, refused)
    target_perm(game, ok)
    settle(game)
    assert ok not in game.battlefield and refused in game.battlefield


def test_a_target_that_grew_out_of_the_filter_is_illegal_on_resolution():
    """608.2b: Last Breath's target is checked again; Giant Growth made it a 5/5."""
    game = blank()
    lands(game, 0, "Plains", "Plains")
    lands(game, 1, "Forest")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Last Breath", 0)
    game.add_card("Giant Growth", 1)
    game.start_at("main1", 0)
    act(game, "Last Breath")
    target_perm(game, bears)
    game.apply_action(A.PASS)
    act(game, "Giant Growth")
    target_perm(game, bears)
    settle(game)
    assert bears in game.battlefield and "fizzle" in types_of(game)
    assert game.life == [20, 20]


def test_attacking_or_blocking_is_read_in_combat():
    game = blank()
    lands(game, 1, "Plains", "Plains", "Plains", "Plains")
    attacker = game.add_permanent("Grizzly Bears", 0)
    idle = game.add_permanent("Hill Giant", 0)
    wall = game.add_permanent("Wall of Wood", 1)
    game.add_card("Divine Verdict", 1)
    game.start_at("main1", 0)
    to_combat(game)
    game.apply_action(A.attack(slot(game, attacker), 1))
    finish_attacks(game)
    block(game, wall, attacker)
    game.apply_action(A.DONE)
    while game.current_player() != 1:
        game.apply_action(A.PASS)
    act(game, "Divine Verdict")
    assert offered(game, attacker) and offered(game, wall) and not offered(game, idle)


def test_wasteland_destroys_only_a_nonbasic_land():
    game = blank()
    wasteland = game.add_permanent("Wasteland", 0)
    forest = game.add_permanent("Forest", 1)
    dual = game.add_permanent("Adarkar Wastes", 1)
    game.start_at("main1", 0)
    act(game, "activate slot")
    assert offered(game, dual) and not offered(game, forest)
    assert wasteland in game.battlefield


def test_an_anthem_over_power_is_refused_not_guessed():
    """Which creatures "creatures with power 4 or greater get +1/+1" affects depends on
    what it gives (613.8): the engine does not play that yet, and says so."""
    big = creature("Test Leader", 2, 2, statics=(fx.Anthem(
        fx.Filter(types=frozenset({"Creature"}), props=frozenset({"power>=4"})), 1, 1),))
    assert any("power>=4" in part for part in unresolvable(big))
    small = creature("Test Lord", 2, 2, statics=(fx.Anthem(
        fx.Filter(types=frozenset({"Creature"}), props=frozenset({"nonblack"})), 1, 1),))
    assert unresolvable(small) == []


def test_plural_two_types_and_tokens():
    assert object_filter("artifact creatures you control", plural=True) == fx.Filter(
        frozenset({"Creature"}), controller="you", props=frozenset({"artifact"}))
    assert object_filter("creature tokens you control", plural=True) == fx.Filter(
        frozenset({"Creature"}), controller="you", props=frozenset({"token"}))


def test_205_2a_tempered_steel_pumps_artifact_creatures_only():
    game = blank()
    game.add_permanent("Tempered Steel", 0)
    thopter = game.add_permanent("Ornithopter", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Ornithopter", 1)
    game.start_at("main1", 0)
    assert game.chars(thopter)[:2] == (2, 4)
    assert game.chars(bears)[:2] == (2, 2) and game.chars(theirs)[:2] == (0, 2)


def test_intangible_virtue_pumps_creature_tokens_only():
    game = blank()
    game.add_permanent("Intangible Virtue", 0)
    game.add_card("Raise the Alarm", 0)
    lands(game, 0, "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Raise the Alarm")
    settle(game)
    tokens = [pid for pid, perm in game.battlefield.items() if game.card_token[perm.card]]
    assert len(tokens) == 2
    for pid in tokens:
        assert game.chars(pid)[:2] == (2, 2) and "vigilance" in game.keywords(pid)
    assert game.chars(bears)[:2] == (2, 2) and "vigilance" not in game.keywords(bears)


def test_115_target_opponent_or_planeswalker_excludes_its_caster_and_creatures():
    game = blank()
    game.add_card("Jeskai Charm", 0)
    lands(game, 0, "Island", "Mountain", "Plains")
    game.add_permanent("Grizzly Bears", 1)
    walker = game.add_permanent("Garruk Wildspeaker", 1, counters={"loyalty": 3})
    game.start_at("main1", 0)
    act(game, "Jeskai Charm")
    game.apply_action(A.mode(1))  # "4 damage to target opponent or planeswalker"
    if A.DONE in game.legal_actions() and game.decision["kind"] == "mode":
        game.apply_action(A.DONE)
    offered = set(game.legal_actions())
    assert offered == {A.player(1), A.permanent(slot(game, walker))}
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 16


def test_205_3_restoration_angel_flickers_only_a_non_angel_creature():
    """A negated subtype ("non-Angel", 205.3): the Bears are offered, Serra Angel and
    Restoration Angel itself are not; the Bears come back untapped, a new object."""
    game = blank()
    lands(game, 0, "Plains", "Plains", "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 0, tapped=True)
    angel = game.add_permanent("Serra Angel", 0)
    game.add_card("Restoration Angel", 0)
    game.start_at("main1", 0)
    act(game, "Restoration Angel")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["kind"] == "target"
    resto = [p for p, perm in game.battlefield.items()
             if game.name_of(perm.card) == "Restoration Angel"][0]
    assert offered(game, bears) and not offered(game, angel)
    assert not offered(game, resto)
    target_perm(game, bears)
    settle(game)
    game.apply_action(A.YES)
    settle(game)
    assert bears not in game.battlefield and angel in game.battlefield
    new = [p for p, perm in game.battlefield.items()
           if game.name_of(perm.card) == "Grizzly Bears"]
    assert len(new) == 1 and not game.battlefield[new[0]].tapped
