"""The card compiler, checked on real cards of the pool.

Each test names real cards and states the whole compiled :class:`CardDef` (or the
ability under test) written out by hand from the card's rules, so a template that reads
a card differently fails here. Negative tests name real cards with one line no template
may read (it is the reason given), and cards the engine does not play at all. The
trees each template family reads are checked in `test_text_<family>.py`.
"""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import (
    Unsupported,
    compiled_pool,
    normalise,
)
from magic.compiled import SUPPORTED_AT_LEAST, card, reason


def test_normalise_reads_the_name_and_drops_reminder_text():
    # the name, "this land" and the cycling reminder in parentheses
    assert normalise(card_pool()["Barren Moor"]) == [
        "this enters tapped.", "{t}: add {b}.", "cycling {b}"]
    # a legendary card's short name
    assert normalise(card_pool()["Judith, the Scourge Diva"])[1] == (
        "whenever a nontoken creature you control dies, this deals 1 damage to any "
        "target.")


def test_cards_the_engine_does_not_play():
    assert reason("Occupation of Kulrath") == "battle card type"
    # a planeswalker is read line by line like any permanent (its loyalty abilities
    # are templates): Morphling compiles, but has five activated abilities, one more
    # than an action addresses (Jace, the Mind Sculptor's four are addressed)
    assert compiled_pool().unsupported["Morphling"] == \
        "engine: more than 4 activated abilities"
    assert "Jace, the Mind Sculptor" in compiled_pool().supported
    assert reason("Fire // Ice") == "split card (709): the card data has only its first half"


# ---------------------------------------------------------------------- pool
def test_pool_support_does_not_regress():
    pool = compiled_pool()
    assert len(pool.supported) >= SUPPORTED_AT_LEAST
    assert pool.get("Shock") == card("Shock")
    with pytest.raises(Unsupported, match="banding"):
        pool.get("Benalish Hero")


def test_pool_is_compiled_once():
    assert compiled_pool() is compiled_pool()
    assert compiled_pool.cache_info().misses == 1
