"""The compiler's sentence machinery (steps, modes, reference checks) (:mod:`~labyrinth_gym.envs.magic.engine.text.core`),
checked on real cards: each test states the compiled tree written out by hand from the
card's rules, so a template that reads a card differently fails here."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.compiled import ANY, CREATURE, card, reason, types


def test_sentences_joined_by_and_are_steps():
    assert card("Lightning Helix").spell == fx.SpellAbility(fx.Sequence((
        fx.DealDamage(3, ANY), fx.GainLife(3))))
    # the second half keeps the first half's player: the same target, not a new one
    assert card("Sign in Blood").spell == fx.SpellAbility(fx.Sequence((
        fx.Draw(2, fx.Target("player")), fx.LoseLife(2, fx.Ref("it")))))
    assert card("Night's Whisper").spell == fx.SpellAbility(fx.Sequence((
        fx.Draw(2), fx.LoseLife(2))))


def test_modal_spells():
    assert card("Abrade").spell == fx.SpellAbility(fx.Choose((
        fx.DealDamage(3, CREATURE),
        fx.Destroy(fx.Target("permanent", fx.Filter(types=types("Artifact")))))))
    assert card("Artful Takedown").spell == fx.SpellAbility(fx.Choose((
        fx.TapOrUntap(CREATURE), fx.Pump(-2, -4, CREATURE)), min_modes=1, max_modes=2))


@pytest.mark.parametrize(("name", "line"), [
    ("Benalish Hero", "banding"),  # not an engine keyword
    ("Palace Guard", "this can block any number of creatures."),
    ("Lairwatch Giant", "this can block an additional creature each combat."),
])
def test_one_unread_line_makes_the_card_unsupported(name, line):
    assert reason(name) == line
    assert compiled_pool().unsupported[name] == line


def test_references_the_vocabulary_cannot_follow():
    # "another target": different from the first target, which no Filter says
    assert reason("Steal Strength") == "'another target' after a target"
    # exiling itself from the graveyard (only "return it to its owner's hand" and
    # undying's and persist's return act on the card that died)
    assert reason("Cyclopean Mummy") == "a dies trigger acting on the card that died"
    # "it" in an activated ability with no target or token before it
    assert reason("Deathknell Kami") == "'it' with nothing to refer to"
    # an instant returning itself to its owner's hand
    assert reason("Hanabi Blast") == "an instant or sorcery acting on itself"
