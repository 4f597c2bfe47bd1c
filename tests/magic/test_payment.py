"""The quick payability test the legal sets use agrees with the payment plan."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from labyrinth_gym.envs.magic.engine.mana import ManaCost
from labyrinth_gym.envs.magic.engine.payment import Source, payable, plan

SYMBOLS = ["W", "U", "B", "R", "G", "C"]
PIPS = SYMBOLS + ["W/U", "B/R", "G/W", "C/W", "2/W", "2/G", "W/P", "G/W/P"]


@st.composite
def sources(draw) -> list[Source]:
    out = []
    for pid in range(draw(st.integers(0, 7))):
        colours = frozenset(draw(st.lists(st.sampled_from(SYMBOLS), min_size=1,
                                          max_size=3)))
        pain = draw(st.sampled_from([0, 0, 0, 1]))
        life = pain > 0 and draw(st.booleans())
        units = 1 if pain or len(colours) > 1 else draw(st.sampled_from([1, 1, 2]))
        out.append(Source(pid, colours, creature=draw(st.booleans()),
                          sacrifice=draw(st.booleans()),
                          hurt={c: pain for c in colours} if pain else {}, life=life,
                          units=units))
    return out


@st.composite
def costs(draw) -> ManaCost:
    pips = draw(st.lists(st.sampled_from(PIPS), max_size=4))
    return ManaCost(generic=draw(st.integers(0, 4)), pips=tuple(pips))


@settings(max_examples=1000, deadline=None)
@given(costs(), sources(), st.integers(-1, 6))
def test_payable_is_exactly_plan_found(cost, srcs, life):
    wanted = {"W": 1, "G": 2}
    assert payable(cost, srcs, lambda: wanted, life) == (
        plan(cost, srcs, wanted, life) is not None)


def test_payable_counts_units_and_matches_pips():
    forest = Source(1, frozenset("G"))
    dual = Source(2, frozenset("GW"))
    sol_ring = Source(3, frozenset("C"), units=2)
    want = dict
    assert payable(ManaCost(2, ("G",)), [forest, sol_ring], want)
    assert not payable(ManaCost(3, ("G",)), [forest, dual], want)  # 3 units short
    assert not payable(ManaCost(0, ("G", "G", "W")), [forest, dual], want)  # 3 pips, 2
    assert payable(ManaCost(0, ("G", "W")), [forest, dual], want)  # dual takes W
    assert not payable(ManaCost(0, ("W", "W")), [forest, dual, sol_ring], want)
