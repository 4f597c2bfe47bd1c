"""The compiler's templates for playing cards from outside the hand and seeing the top
card of a library (:mod:`~labyrinth_gym.envs.magic.engine.text.elsewhere`), checked on
real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card


def test_courser_and_oracle_play_lands_from_the_revealed_top():
    assert card("Courser of Kruphix").statics == (fx.TopRevealed(), fx.PlayFromTop())
    assert card("Oracle of Mul Daya").statics == (
        fx.ExtraLandEachTurn(1), fx.TopRevealed(), fx.PlayFromTop())


def test_casting_spells_from_the_top():
    assert card("Future Sight").statics == (
        fx.TopRevealed(), fx.PlayFromTop(lands=True, spells=fx.Filter()))
    assert card("Garruk's Horde").statics[-1] == fx.PlayFromTop(
        lands=False, spells=fx.Filter(types=frozenset({"Creature"})))
    assert card("Korlessa, Scale Singer").statics == (
        fx.MayLookAtTop(),
        fx.PlayFromTop(lands=False, spells=fx.Filter(subtypes=frozenset({"Dragon"}))))


def test_looking_at_the_top_card():
    assert fx.MayLookAtTop() in card("Sphinx of Jwar Isle").statics


def test_extra_land_plays_each_turn():
    assert card("Exploration").statics == (fx.ExtraLandEachTurn(1),)
    assert card("Azusa, Lost but Seeking").statics == (fx.ExtraLandEachTurn(2),)


def test_cast_this_from_your_graveyard_as_long_as():
    assert card("Gravecrawler").cast_from_graveyard == fx.CastFromGraveyard(
        fx.ActivationCondition("you_control",
                               fx.Filter(subtypes=frozenset({"Zombie"})), 1))


def test_exile_the_top_card_and_play_it():
    assert card("Abbot of Keral Keep").triggered[0].effect == fx.Sequence(
        (fx.ExileTop(fx.Ref("you"), 1), fx.MayPlay("turn")))
    assert card("Dark-Dweller Oracle").activated[0].effect == fx.Sequence(
        (fx.ExileTop(fx.Ref("you"), 1), fx.MayPlay("turn")))
    assert card("Reckless Impulse").spell.effect == fx.Sequence(
        (fx.ExileTop(fx.Ref("you"), 2), fx.MayPlay("next_turn")))
    assert card("Ornate Kanzashi").activated[-1].effect.steps[0] == fx.ExileTop(
        fx.Target("opponent"), 1)


def test_cards_exiled_with_this_are_played():
    specter = card("Nightveil Specter")
    assert specter.triggered[0].effect == fx.ExileTop(fx.Ref("that_player"), 1)
    assert specter.statics == (fx.PlayExiled(),)


def test_typecycling():
    barrens = card("Ash Barrens").activated[1]
    assert barrens.zone == "hand" and barrens.cost.discard_self
    assert barrens.effect == fx.Search(
        fx.Filter(types=frozenset({"Land"}), props=frozenset({"basic"})), 1, "hand",
        reveal=True)
    assert card("Migratory Route").activated[0].effect.filter.props == {"basic"}
    assert card("Twisted Abomination").activated[1].effect.filter == fx.Filter(
        subtypes=frozenset({"Swamp"}))


def test_reveal_the_top_card_and_put_it_into_your_hand():
    assert card("Dark Confidant").triggered[0].effect == fx.Sequence((
        fx.RevealTop(fx.Ref("you"), fx.Filter(), None, to_hand=True),
        fx.LoseLife(fx.StatOf("mana_value", "it"), fx.Ref("you"))))
