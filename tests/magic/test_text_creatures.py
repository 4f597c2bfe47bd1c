"""The compiler's templates for creatures, tokens and combat
(:mod:`~labyrinth_gym.envs.magic.engine.text.creatures` and the keyword abilities of
:mod:`~labyrinth_gym.envs.magic.engine.keywords` they lean on), checked on real
cards: each test states the tree written out by hand from the card's rules."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card

CREATURE = frozenset({"Creature"})


def test_two_protections_in_one_ability():  # 702.16
    assert {"double strike", "protection from black", "protection from green"} == \
        card("Mirran Crusader").keywords
    assert card("Sword of Fire and Ice").statics[0] == fx.AttachedBonus(
        2, 2, ("protection from red", "protection from blue"))


def test_tokens_tapped_and_attacking():  # 508.4
    angel = fx.TokenSpec("Angel Token", ("Creature",), ("Angel",), ("W",), 4, 4,
                         ("flying",))
    assert card("Geist of Saint Traft").triggered == (fx.TriggeredAbility(
        fx.Trigger("attacks"), fx.Sequence((
            fx.CreateToken(angel, attacking=True),
            fx.Delayed("end_of_combat", fx.Exile(fx.Ref("it")))))),)
    soldier = fx.TokenSpec("Soldier Token", ("Creature",), ("Soldier",), ("W",), 1, 1)
    assert fx.TriggeredAbility(fx.Trigger("attacks"), fx.CreateToken(
        soldier, 2, attacking=True)) in card("Hero of Bladehold").triggered


def test_two_kinds_of_token_in_one_sentence():  # 111.2
    wurm = fx.TokenSpec("Phyrexian Wurm Token", ("Artifact", "Creature"),
                        ("Phyrexian", "Wurm"), (), 3, 3)
    assert card("Wurmcoil Engine").triggered == (fx.TriggeredAbility(
        fx.Trigger("dies"), fx.Sequence((
            fx.CreateToken(fx.TokenSpec(**{**wurm.__dict__,
                                           "keywords": ("deathtouch",)})),
            fx.CreateToken(fx.TokenSpec(**{**wurm.__dict__,
                                           "keywords": ("lifelink",)}))))),)


def test_battle_cry_undying_and_persist_are_triggered_abilities():
    # 702.91a, 702.93a, 702.79a
    assert fx.TriggeredAbility(fx.Trigger("attacks"), fx.Pump(1, 0, fx.Each(
        fx.Filter(types=CREATURE, props=frozenset({"attacking", "other"}))))) in \
        card("Hero of Bladehold").triggered
    assert card("Strangleroot Geist").triggered == (fx.TriggeredAbility(
        fx.Trigger("dies", condition="no_plus_counters"),
        fx.MoveCards(fx.Ref("this_card"), "battlefield", counter="+1/+1")),)
    assert fx.TriggeredAbility(
        fx.Trigger("dies", condition="no_minus_counters"),
        fx.MoveCards(fx.Ref("this_card"), "battlefield", counter="-1/-1")) in \
        card("Kitchen Finks").triggered


def test_a_permanents_own_graveyard_trigger_returns_its_card():
    assert card("Rancor").triggered == (fx.TriggeredAbility(
        fx.Trigger("dies"), fx.MoveCards(fx.Ref("this_card"), "hand")),)


def test_living_weapon():  # 702.92a
    germ = fx.TokenSpec("Phyrexian Germ Token", ("Creature",), ("Phyrexian", "Germ"),
                        ("B",), 0, 0)
    assert fx.TriggeredAbility(fx.Trigger("enters"), fx.Sequence((
        fx.CreateToken(germ), fx.Attach(fx.Ref("it"))))) in card("Batterskull").triggered
    assert "living weapon" in card("Flayer Husk").keywords


def test_blocker_restrictions():  # 509.1b
    assert card("Stromkirk Noble").statics == (fx.CombatRestriction(
        not_blocked_by=fx.Filter(subtypes=frozenset({"Human"}))),)
    assert card("Signal Pest").statics == (fx.CombatRestriction(blocked_only_by=(
        fx.Filter(types=CREATURE, props=frozenset({"flying"})),
        fx.Filter(types=CREATURE, props=frozenset({"reach"})))),)
    assert card("Outland Boar").statics[-1] == fx.CombatRestriction(
        not_blocked_by=fx.Filter(types=CREATURE, props=frozenset({"power<=2"})))
    assert card("Charging Rhino").statics == (fx.CombatRestriction(max_blockers=1),)
    assert card("Phyrexian Colossus").statics[-1] == fx.CombatRestriction(
        min_blockers=3)


def test_characteristic_defining_power_and_toughness():  # 604.3, 613.4a
    goyf = card("Tarmogoyf")
    assert (goyf.power, goyf.toughness) == (0, 0)
    assert goyf.statics == (fx.DefinedPT(
        fx.Count("graveyard_types", fx.Filter()), toughness_plus=1),)
    rat = card("Pack Rat")
    assert rat.statics == (fx.DefinedPT(fx.Count("permanents", fx.Filter(
        subtypes=frozenset({"Rat"}), controller="you"))),)
    assert card("Maro").statics == (fx.DefinedPT(fx.Count("hand")),)
    assert card("Lhurgoyf").statics == (fx.DefinedPT(
        fx.Count("graveyard", fx.Filter(types=CREATURE)), toughness_plus=1),)
