"""The data files keep the rulebook's component counts and the board is assembled
from them as documented."""

from __future__ import annotations

from collections import Counter

import pytest

from labyrinth_gym.envs.dungeon_crawler.engine import data
from labyrinth_gym.envs.dungeon_crawler.engine.board import Board
from labyrinth_gym.envs.dungeon_crawler.engine.data import Picture
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    FLOOR,
    LAVA,
    UNREVEALED,
    WALL,
)

ENCOUNTERS = {"Dreadlander Warlock": 1, "Fire Elemental": 4, "Gargoyle": 2,
              "Giant Spider": 2, "Hellhound": 4, "Kobold": 4, "Minotaur": 4,
              "Minotaur Templar": 1, "Mummy": 1, "Skeleton": 8, "Slime": 2, "Specter": 2,
              "Stone Golem": 1, "Vampire": 1, "Villager": 4, "Zombie": 8}
ADVENTURERS = ["Dwarf Cleric", "Dwarf Explorer", "Dwarf Warrior", "Elf Thief",
               "Elf Warrior", "Elf Wizard", "Human Cleric", "Human Thief", "Human Warrior",
               "Human Wizard"]


def test_component_counts_follow_the_rulebook():
    assert {m.name: m.count for m in data.monsters() if m.count} == ENCOUNTERS
    assert sum(ENCOUNTERS.values()) == 49
    assert [a.name for a in data.adventurers()] == ADVENTURERS
    assert len(data.tiles()) == 60
    piles = sum(len(t.picture.piles()) for t in data.tiles())
    assert piles == 10  # the 10 treasure pile tokens
    sixes = [t.name for t in data.tiles() if t.picture.spawns()]
    assert sixes == ["summoning circle"]  # the floating spawn point 6


def test_race_sets_body_and_movement_class_sets_the_attack():
    by = {a.name: a for a in data.adventurers()}
    assert by["Dwarf Warrior"].bp > by["Human Warrior"].bp > by["Elf Warrior"].bp
    assert by["Elf Thief"].mv > by["Human Thief"].mv > by["Dwarf Explorer"].mv
    assert by["Dwarf Explorer"].klass == "thief"  # "counts as a Thief"
    assert by["Dwarf Explorer"].ranged == by["Human Thief"].ranged > 0
    assert by["Elf Wizard"].area > 0 and by["Human Cleric"].heal > 0
    assert by["Human Warrior"].melee_bonus > 0 and by["Human Warrior"].ranged == 0
    # race and class set nothing else: same class, same attack; same race, same body
    assert by["Elf Warrior"].melee == by["Dwarf Warrior"].melee
    assert by["Elf Wizard"].bp == by["Elf Thief"].bp


def test_monster_traits_and_tactics_use_the_vocabulary():
    for m in data.monsters():
        assert m.attack in data.ATTACKS and m.traits <= data.TRAITS
        assert {m.within[1], m.los, m.no_los} <= set(data.TACTICS)
    assert data.monster("Gargoyle").mover.flight
    assert data.monster("Fire Elemental").mover.fire_immune
    with pytest.raises(KeyError, match="Zombie"):
        data.monster("Orc")


def test_the_doppelganger_is_a_monster_brought_by_its_event_card():
    """"The Doppelganger counts as a Monster": a monster figure of no encounter card,
    named by the event card that puts it on the board."""
    dopp = data.monster("Doppelganger")
    assert dopp.count == 0 and dopp.card == "Doppelganger"
    card = data.treasure_card("Doppelganger")
    assert card.kind == "event" and card.effect == "figure"
    assert card.monster == "Doppelganger"
    assert [m.name for m in data.monsters() if not m.count] == ["Doppelganger"]


def test_rotation_turns_a_picture_clockwise():
    bend = Picture(("#.#", "#..", "###"))  # open north and east
    assert bend.rotated(1).rows == ("###", "#..", "#.#")  # east and south
    assert bend.rotated(2).rows == ("###", "..#", "#.#")  # south and west
    assert bend.rotated(3).rows == ("#.#", "..#", "###")  # west and north
    assert bend.rotated(4) == bend


def test_board_starts_with_the_mat_rooms_and_the_chest():
    b = Board()
    assert b.size == 21 and b.chest == (10, 10) and b.terrain[b.chest] == CHEST
    numbers = Counter(b.spawns.values())
    assert numbers == {1: 1, 2: 1, 3: 1, 4: 1, 5: 4}
    assert len(b.filled) == 9
    assert b.terrain[4, 4] == UNREVEALED
    # open slots: the empty slots next to the nine printed ones
    assert (0, 1) in b.open_slots() and (1, 1) not in b.open_slots()
    hard = Board(hard=True)
    assert hard.terrain[9, 9] == LAVA and hard.terrain[9, 10] == FLOOR
    assert hard.terrain[hard.chest] == CHEST


def test_placing_a_tile_reveals_it_rotated_with_its_piles():
    b = Board()
    vault = next(t for t in data.tiles() if t.name == "vault")
    got = b.place(vault.name, vault.picture, (0, 1), 2)  # turned half round: open south
    assert got == 1
    squares = b.slot_squares((0, 1))
    assert b.terrain[0, 4] == WALL and b.terrain[2, 4] == FLOOR  # the opening faces south
    assert (1, 4) in b.piles and (1, 4) in squares
    assert b.filled[(0, 1)] == "vault"
    with pytest.raises(ValueError, match="not open"):
        b.place(vault.name, vault.picture, (3, 3), 0)
    assert (1, 1) in b.open_slots()  # now next to a placed tile


def test_no_more_than_ten_pile_tokens_on_the_board():
    b = Board()
    hall = Picture(("XXX", "XXX", "XXX"))
    assert b.place("test", hall, (0, 1), 0) == 9
    assert b.place("test", hall, (0, 2), 0) == 1  # the 10th token; the rest get none
    assert len(b.piles) == 10


def test_line_of_sight_is_cached_until_a_tile_is_placed():
    b = Board()
    assert b.sees((1, 1), (1, 2))
    assert not b.sees((1, 1), (1, 4))  # unrevealed slot between
    hall = next(t for t in data.tiles() if t.name == "hall")
    b.place(hall.name, hall.picture, (0, 1), 0)
    assert b.sees((1, 1), (1, 4))


def test_board_round_trip():
    b = Board(hard=True)
    hall = next(t for t in data.tiles() if t.name == "treasure hall")
    b.place(hall.name, hall.picture, (1, 0), 1)
    again = Board.from_dict(b.to_dict())
    assert again.to_dict() == b.to_dict() and (again.terrain == b.terrain).all()
