"""The shared dice: ranges, fairness, determinism, copies and saved state."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from labyrinth_gym.envs.core.dice import BLOCK, Dice, parse_dice


def test_roll_stays_on_the_die_and_shows_every_face():
    dice = Dice(1)
    for sides in (4, 6, 8, 12, 20):
        faces = {dice.roll(sides) for _ in range(2000)}
        assert faces == set(range(1, sides + 1))


def test_d6_is_fair_enough():
    dice = Dice(2)
    counts = Counter(dice.roll(6) for _ in range(12000))
    # 2000 expected per face; sd ~41, so +-200 is ~5 sd.
    assert all(1800 <= counts[f] <= 2200 for f in range(1, 7)), counts


def test_index_and_roll_many():
    dice = Dice(3)
    assert {dice.index(5) for _ in range(1000)} == set(range(5))
    many = dice.roll_many(50, 4)
    assert len(many) == 50 and set(many) <= {1, 2, 3, 4}


@pytest.mark.parametrize("advantage, keep", [(1, max), (-1, min), (5, max), (-2, min)])
def test_d20_with_advantage_keeps_the_better_or_worse_of_two(advantage, keep):
    dice = Dice(4)
    for _ in range(200):
        twin = dice.copy()
        a, b = twin.roll(20), twin.roll(20)
        assert dice.d20(advantage) == keep(a, b)
        assert dice.state() == twin.state()  # exactly two dice were rolled


def test_d20_without_advantage_rolls_one_die():
    dice = Dice(5)
    twin = dice.copy()
    assert dice.d20() == twin.roll(20)
    assert dice.state() == twin.state()


def test_shuffle_is_a_permutation_and_moves_cards():
    dice = Dice(6)
    orders = set()
    for _ in range(50):
        items = list(range(10))
        dice.shuffle(items)
        assert sorted(items) == list(range(10))
        orders.add(tuple(items))
    assert len(orders) > 40


def test_same_seed_same_numbers_different_seed_different_numbers():
    a, b, c = Dice(7), Dice(7), Dice(8)
    seq_a = [a.roll(20) for _ in range(3000)]
    assert seq_a == [b.roll(20) for _ in range(3000)]
    assert seq_a != [c.roll(20) for _ in range(3000)]


def test_accepts_a_generator_and_draws_from_it():
    gen = np.random.default_rng(9)
    dice = Dice(gen)
    assert dice.rng is gen
    # An int seed means default_rng(seed): the same numbers.
    reference = Dice(9)
    assert [dice.roll(6) for _ in range(20)] == [reference.roll(6) for _ in range(20)]
    before = gen.bit_generator.state
    for _ in range(BLOCK):
        dice.random()
    assert gen.bit_generator.state != before  # the next block came from that generator


def test_copy_is_independent_and_has_the_same_future():
    dice = Dice(10)
    for _ in range(BLOCK - 3):  # stop just before a block boundary
        dice.random()
    twin = dice.copy()
    future = [dice.roll(12) for _ in range(20)]
    assert [twin.roll(12) for _ in range(20)] == future
    # Rolling the copy further does not move the original.
    snapshot = dice.state()
    for _ in range(2 * BLOCK):
        twin.random()
    assert dice.state() == snapshot


@pytest.mark.parametrize("drawn", [0, 1, 500, BLOCK - 1, BLOCK, BLOCK + 7, 3 * BLOCK + 2])
def test_state_round_trip_through_json_continues_identically(drawn):
    dice = Dice(11)
    for _ in range(drawn):
        dice.random()
    saved = json.loads(json.dumps(dice.state()))
    restored = Dice.from_state(saved)
    assert [restored.random() for _ in range(2 * BLOCK)] == [
        dice.random() for _ in range(2 * BLOCK)
    ]


@pytest.mark.parametrize(
    "spec, parsed",
    [
        ("2d12+4", (2, 12, 4)),
        ("1d8", (1, 8, 0)),
        ("d6", (1, 6, 0)),
        ("1d10-1", (1, 10, -1)),
        (" 2D4 + 2 ", (2, 4, 2)),
    ],
)
def test_parse_dice(spec, parsed):
    assert parse_dice(spec) == parsed
