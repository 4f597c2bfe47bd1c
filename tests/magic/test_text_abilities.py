"""The compiler's activated-ability templates (costs, mana abilities, cycling) (:mod:`~labyrinth_gym.envs.magic.engine.text.abilities`),
checked on real cards: each test states the compiled tree written out by hand from the
card's rules, so a template that reads a card differently fails here."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import ANY, CREATURE, SELF, TAP, card, cost, mana, types


def test_additional_costs():
    assert card("Tormenting Voice") == fx.CardDef(
        name="Tormenting Voice", cost=cost("{1}{R}"), colours=("R",),
        types=("Sorcery",),
        spell=fx.SpellAbility(fx.Draw(2), additional_cost=fx.Cost(discard=1)))
    assert card("Bone Splinters").spell == fx.SpellAbility(
        fx.Destroy(CREATURE),
        additional_cost=fx.Cost(sacrifice=fx.Filter(types=types("Creature"))))


def test_pain_land_and_filter_land_mana_abilities():
    assert card("Shivan Reef").activated == (
        mana("C"),
        fx.ActivatedAbility(TAP, fx.Sequence((
            fx.AddMana(("U", "R")), fx.DealDamage(1, fx.Ref("you")))), is_mana=True))
    assert card("Sunken Ruins").activated == (
        mana("C"),
        fx.ActivatedAbility(
            fx.Cost(mana=cost("{U/B}"), tap=True),
            fx.Choose((fx.AddMana(("U",), 2),
                       fx.Sequence((fx.AddMana(("U",)), fx.AddMana(("B",)))),
                       fx.AddMana(("B",), 2))),
            is_mana=True))


def test_cycling_land():
    assert card("Barren Moor") == fx.CardDef(
        name="Barren Moor", cost=None, colours=(), types=("Land",),
        activated=(mana("B"), fx.ActivatedAbility(
            fx.Cost(mana=cost("{B}"), discard_self=True), fx.Draw(1), zone="hand",
            cycling=True)),
        statics=(fx.EntersTapped(),))


def test_activated_abilities():
    assert card("Llanowar Elves").activated == (mana("G"),)
    assert card("Ostiary Thrull").activated == (fx.ActivatedAbility(
        fx.Cost(mana=cost("{W}"), tap=True), fx.TapOrUntap(CREATURE)),)
    # "it" right after the cost is the source
    assert card("Mogg Fanatic").activated == (fx.ActivatedAbility(
        fx.Cost(sacrifice_self=True), fx.DealDamage(1, ANY)),)
    assert card("Goblin Bombardment").activated == (fx.ActivatedAbility(
        fx.Cost(sacrifice=fx.Filter(types=types("Creature"))), fx.DealDamage(1, ANY)),)
    assert card("Siege-Gang Commander").activated == (fx.ActivatedAbility(
        fx.Cost(mana=cost("{1}{R}"), sacrifice=fx.Filter(subtypes=frozenset({"Goblin"}))),
        fx.DealDamage(2, ANY)),)


def test_activation_restrictions():
    assert card("Rootwalla").activated == (fx.ActivatedAbility(
        fx.Cost(mana=cost("{1}{G}")), fx.Pump(2, 2, SELF), once_per_turn=True),)
    assert card("Putrid Leech").activated == (fx.ActivatedAbility(
        fx.Cost(pay_life=2), fx.Pump(2, 2, SELF), once_per_turn=True),)
    # "it" after "tap this" is this creature too
    assert card("Drudge Sentinel").activated == (fx.ActivatedAbility(
        fx.Cost(mana=cost("{3}")),
        fx.Sequence((fx.TapOrUntap(SELF), fx.Pump(0, 0, SELF, ("indestructible",))))),)


def test_exile_cards_from_your_graveyard_as_a_cost():
    # 118.3: "exile a creature card from your graveyard", "exile two cards from ..."
    haunt = card("Moorland Haunt").activated[1].cost
    assert (haunt.exile_graveyard, haunt.exile_filter) == (
        1, fx.Filter(types=frozenset({"Creature"})))
    lavamancer = card("Grim Lavamancer").activated[0].cost
    assert (lavamancer.exile_graveyard, lavamancer.exile_filter) == (2, None)
    assert lavamancer.tap and lavamancer.mana == cost("{R}")


def test_regenerate_it_right_after_the_cost_is_this():
    # "Remove two +1/+1 counters from this creature: Regenerate it." (701.19a)
    assert card("Experiment One").activated == (fx.ActivatedAbility(
        fx.Cost(remove_counters=("+1/+1", 2)), fx.Regenerate(SELF)),)
