"""Wilson score intervals against published values."""

from __future__ import annotations

import pytest

from labyrinth_gym.evaluation.stats import wilson_interval

Z_975 = 1.959963984540054


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        # statsmodels.stats.proportion.proportion_confint(k, n, method="wilson"),
        # which uses the exact normal quantile z = 1.959964
        (5, 10, 0.236593, 0.763407),
        (1, 10, 0.017875, 0.404150),
        (0, 10, 0.0, 0.277533),
        (10, 10, 0.722467, 1.0),
        (50, 100, 0.403832, 0.596168),
    ],
)
def test_wilson_matches_known_values(successes, n, low, high):
    lo, hi = wilson_interval(successes, n, z=Z_975)
    assert lo == pytest.approx(low, abs=1e-5)
    assert hi == pytest.approx(high, abs=1e-5)


def test_wilson_closed_form_at_zero_successes():
    # With p = 0 the upper bound reduces to z^2 / (n + z^2).
    assert wilson_interval(0, 10) == (0.0, pytest.approx(1.96**2 / (10 + 1.96**2)))


def test_wilson_is_inside_unit_interval_and_contains_the_rate():
    for n in (1, 2, 7, 100):
        for k in range(n + 1):
            lo, hi = wilson_interval(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_wilson_narrows_with_more_games_and_widens_with_z():
    assert wilson_interval(500, 1000)[1] - wilson_interval(500, 1000)[0] < (
        wilson_interval(50, 100)[1] - wilson_interval(50, 100)[0]
    )
    lo95, hi95 = wilson_interval(30, 60)
    lo99, hi99 = wilson_interval(30, 60, z=2.576)
    assert lo99 < lo95 and hi99 > hi95


def test_wilson_no_games_knows_nothing_and_rejects_nonsense():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(-1, 2)
    with pytest.raises(ValueError):
        wilson_interval(0, -1)
