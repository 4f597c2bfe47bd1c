"""The compiler's static line templates (keywords, lands, Auras, Equipment, anthems) (:mod:`~labyrinth_gym.envs.magic.engine.text.statics`),
checked on real cards: each test states the compiled tree written out by hand from the
card's rules, so a template that reads a card differently fails here."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import YOU_CONTROL, card, cost, mana, reason, types


def test_keyword_lines():
    assert card("Serra Angel") == fx.CardDef(
        name="Serra Angel", cost=cost("{3}{W}{W}"), colours=("W",),
        types=("Creature",), subtypes=("Angel",), power=4, toughness=4,
        keywords=frozenset({"flying", "vigilance"}))
    assert card("Vampire Nighthawk").keywords == {"flying", "deathtouch", "lifelink"}


def test_tapped_dual_land():
    assert card("Azorius Guildgate") == fx.CardDef(
        name="Azorius Guildgate", cost=None, colours=(), types=("Land",),
        subtypes=("Gate",), activated=(mana("W", "U"),),
        statics=(fx.EntersTapped(),))


def test_gain_land():
    assert card("Swiftwater Cliffs") == fx.CardDef(
        name="Swiftwater Cliffs", cost=None, colours=(), types=("Land",),
        activated=(mana("U", "R"),),
        triggered=(fx.TriggeredAbility(fx.Trigger("enters"), fx.GainLife(1)),),
        statics=(fx.EntersTapped(),))


def test_auras():
    assert card("Pacifism") == fx.CardDef(
        name="Pacifism", cost=cost("{1}{W}"), colours=("W",), types=("Enchantment",),
        subtypes=("Aura",),
        statics=(fx.AttachedBonus(cant_attack=True, cant_block=True),),
        enchant=fx.Filter(types=types("Creature")))
    assert card("Holy Strength").statics == (fx.AttachedBonus(1, 2),)


def test_equipment():
    assert card("Bonesplitter") == fx.CardDef(
        name="Bonesplitter", cost=cost("{1}"), colours=(), types=("Artifact",),
        subtypes=("Equipment",),
        activated=(fx.ActivatedAbility(
            fx.Cost(mana=cost("{1}")),
            fx.Attach(fx.Target("creature", YOU_CONTROL)), sorcery_speed=True),),
        statics=(fx.AttachedBonus(power=2),))


def test_equipment_that_attaches_as_it_enters():
    footblade = card("Hidden Footblade")
    assert footblade.keywords == {"flash"}
    # "that creature" is the creature it was attached to: the target
    assert footblade.triggered == (fx.TriggeredAbility(
        fx.Trigger("enters"), fx.Sequence((
            fx.Attach(fx.Target("creature", YOU_CONTROL)),
            fx.Pump(0, 0, fx.Ref("it"), ("first strike",))))),)
    assert footblade.statics == (fx.AttachedBonus(1, 0, ("haste",)),)


def test_anthems():
    assert card("Glorious Anthem") == fx.CardDef(
        name="Glorious Anthem", cost=cost("{1}{W}{W}"), colours=("W",),
        types=("Enchantment",),
        statics=(fx.Anthem(fx.Filter(types=types("Creature"), controller="you"),
                           1, 1),))
    assert card("Goblin Chieftain") == fx.CardDef(
        name="Goblin Chieftain", cost=cost("{1}{R}{R}"), colours=("R",),
        types=("Creature",), subtypes=("Goblin",), power=2, toughness=2,
        keywords=frozenset({"haste"}),
        statics=(fx.Anthem(
            fx.Filter(types=types("Creature"), subtypes=frozenset({"Goblin"}),
                      controller="you", props=frozenset({"other"})),
            1, 1, ("haste",)),))


def test_combat_restriction():
    assert card("Spineless Thug").statics == (fx.CombatRestriction(cant_block=True),)


def test_devour():
    assert card("Gorger Wurm") == fx.CardDef(
        name="Gorger Wurm", cost=cost("{3}{R}{G}"), colours=("R", "G"),
        types=("Creature",), subtypes=("Wurm",), power=5, toughness=5,
        statics=(fx.Devour(1, fx.Filter(types=types("Creature"))),))
    predator = card("Predator Dragon")
    assert predator.keywords == {"flying", "haste"}
    assert predator.statics == (fx.Devour(2),)
    assert card("Caldera Hellion").statics == (fx.Devour(1),)
    assert card("Caldera Hellion").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters"), fx.DealDamage(3, fx.Each(fx.Filter(
            types=types("Creature"))))),)
    # devour with a quality (rule 702.82c): artifacts
    assert card("Caprichrome").statics == (fx.Devour(1, fx.Filter(
        types=types("Artifact"))),)
    # what counts the creatures devoured is not read: the card stays unsupported
    assert "devoured" in reason("Tar Fiend")
