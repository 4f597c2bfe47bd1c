"""The compiler's templates for copies of spells and abilities
(:mod:`~labyrinth_gym.envs.magic.engine.text.copies`; 707.10, storm 702.40), checked
on real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.resolve import unresolvable
from labyrinth_gym.envs.magic.engine.text.copies import STORM
from magic.compiled import card

INSTANT_SORCERY = frozenset({"Instant", "Sorcery"})


def test_707_10c_copy_target_instant_or_sorcery_spell_with_new_targets():
    spell = fx.Target("spell", fx.Filter(INSTANT_SORCERY))
    for name in ("Twincast", "Reverberate"):
        assert card(name).spell.effect == fx.CopySpell(spell, 1, True)
    mage = card("Dualcaster Mage")
    assert "flash" in mage.keywords
    assert mage.triggered[0].effect == fx.CopySpell(spell, 1, True)
    yours = fx.Target("spell", fx.Filter(INSTANT_SORCERY, controller="you"))
    assert card("Nivix Guildmage").activated[1].effect == fx.CopySpell(yours, 1, True)
    for name in ("Twincast", "Dualcaster Mage", "Nivix Guildmage"):
        assert unresolvable(card(name)) == []


def test_707_10_copy_target_triggered_or_activated_ability_you_control():
    resonator = card("Strionic Resonator")
    assert resonator.activated[0].effect == fx.CopySpell(
        fx.Target("triggered_ability", fx.Filter(controller="you")), 1, True)
    assert unresolvable(resonator) == []


def test_707_10b_a_copy_of_a_permanent_spell_is_refused():
    """Lithoform Engine's "copy target permanent spell you control": its copy would
    become a token (707.10b), not played yet."""
    assert "a copy of a permanent spell (707.10b)" in unresolvable(
        card("Lithoform Engine"))


def test_702_40a_storm_is_a_cast_trigger_copying_the_spell():
    for name in ("Grapeshot", "Wing Shards", "Empty the Warrens", "Brain Freeze",
                 "Tendrils of Agony"):
        d = card(name)
        assert STORM in d.triggered and unresolvable(d) == []
    assert STORM.trigger == fx.Trigger("cast_self")
    assert STORM.effect == fx.CopySpell(fx.Ref("it"), "spells_before", True)


def test_707_12_chandra_pyromaster_casts_copies_of_an_exiled_card():
    chandra = card("Chandra, Pyromaster")
    ultimate = chandra.activated[2].effect
    assert ultimate.steps[1] == fx.CastCopy(fx.Filter(INSTANT_SORCERY), 3)
    assert unresolvable(chandra) == []


def test_702_33d_rite_of_replication_kicked_makes_five_token_copies():
    rite = card("Rite of Replication")
    assert rite.spell.effect == fx.CopyToken(fx.Target("creature"),
                                             count=fx.KickedAmount(1, 5))
    assert unresolvable(rite) == []


def test_707_9b_progenitor_mimic_copies_have_the_upkeep_token_ability():
    mimic = card("Progenitor Mimic")
    [ability] = mimic.statics[0].extras.triggered
    assert ability.trigger == fx.Trigger("upkeep", fx.Ref("you"), fx.ActivationCondition(
        "source_is", fx.Filter(props=frozenset({"nontoken"}))))
    assert ability.effect == fx.CopyToken(fx.Ref("self"))
    assert unresolvable(mimic) == []


def test_603_7c_when_you_next_cast_copy_that_spell():
    firebrand = card("Chandra, the Firebrand")
    spells = fx.Filter(INSTANT_SORCERY, controller="you")
    assert firebrand.activated[1].effect == fx.TemporaryTrigger(
        fx.TriggeredAbility(fx.Trigger("cast", spells),
                            fx.CopySpell(fx.Ref("it"), 1, True)),
        "next_time_this_turn")
    assert firebrand.activated[2].effect == fx.DealDamage(
        6, fx.Target("any", count=6, up_to=True))
    assert unresolvable(firebrand) == []
    swarm = card("Swarm Intelligence")
    assert swarm.triggered[0] == fx.TriggeredAbility(
        fx.Trigger("cast", spells), fx.CopySpell(fx.Ref("it"), 1, True), optional=True)
    assert unresolvable(swarm) == []


def test_707_10_precursor_golem_copies_for_each_other_golem():
    golem = card("Precursor Golem")
    assert golem.triggered[1] == fx.TriggeredAbility(
        fx.Trigger("cast", fx.Filter(INSTANT_SORCERY), "targets_single"),
        fx.CopySpell(fx.Ref("it"), each_other=fx.Filter(subtypes=frozenset({"Golem"}))))
    assert unresolvable(golem) == []
