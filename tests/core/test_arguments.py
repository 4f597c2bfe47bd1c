"""The shared constructor-argument checks refuse what int() and bool() would fix."""

import numpy as np
import pytest

from labyrinth_gym.envs.core.arguments import boolean, integer


@pytest.mark.parametrize("value", [2.5, "3", True, None, float("nan"), [2]])
def test_integer_refuses_non_whole_numbers(value):
    with pytest.raises(ValueError, match="num_players must be a whole number"):
        integer("num_players", value, 2, 6)


def test_integer_takes_whole_numbers_and_checks_bounds():
    assert integer("n", 4.0, 2, 6) == 4
    assert integer("n", np.int64(3), 2, 6) == 3
    with pytest.raises(ValueError, match="max_rounds must be >= 1, got 0"):
        integer("max_rounds", 0, 1)
    with pytest.raises(ValueError, match="n must be 2-6, got 7"):
        integer("n", 7, 2, 6)


@pytest.mark.parametrize("value", ["maybe", 1, 0, None, "true"])
def test_boolean_refuses_non_bools(value):
    with pytest.raises(ValueError, match="hard must be true or false"):
        boolean("hard", value)


def test_boolean_takes_bools():
    assert boolean("hard", True) is True
    assert boolean("hard", np.bool_(False)) is False
