"""The card compiler, checked on real cards of the pool.

Each test names real cards and states the whole compiled :class:`CardDef` (or the
ability under test) written out by hand from the card's rules, so a template that reads
a card differently fails here. Negative tests name real cards with one line no template
may read (it is the reason given), and cards the engine does not play at all.
"""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import (
    Unsupported,
    compile_card,
    compiled_pool,
    normalise,
)
from labyrinth_gym.envs.magic.engine.mana import ManaCost, parse_cost

SUPPORTED_AT_LEAST = 5250
"""The pool's supported count when these tests were written (5,105 compile, 4,909 of
them the engine plays), less a margin: a template or engine change that loses cards
fails here."""

CREATURE = fx.Target("creature")
ANY = fx.Target("any")
SELF = fx.Ref("self")
YOU_CONTROL = fx.Filter(controller="you")
TAP = fx.Cost(tap=True)


def card(name: str) -> fx.CardDef:
    """The compiled card (fails the test with the reason if it is not supported)."""
    return compile_card(card_pool()[name])


def reason(name: str) -> str:
    """Why the card is not supported (fails if it is)."""
    with pytest.raises(Unsupported) as err:
        compile_card(card_pool()[name])
    return err.value.reason


def cost(text: str) -> ManaCost:
    return parse_cost(text)


def mana(*options: str, amount: int = 1) -> fx.ActivatedAbility:
    """``{T}: Add ...``, a mana ability."""
    return fx.ActivatedAbility(TAP, fx.AddMana(options, amount), is_mana=True)


def types(*names: str) -> frozenset[str]:
    return frozenset(names)


TREASURE = fx.TokenSpec(
    "Treasure Token", ("Artifact",), ("Treasure",),
    abilities=(fx.ActivatedAbility(fx.Cost(tap=True, sacrifice_self=True),
                                   fx.AddMana(("any",)), is_mana=True),))
FOOD = fx.TokenSpec(
    "Food Token", ("Artifact",), ("Food",),
    abilities=(fx.ActivatedAbility(
        fx.Cost(mana=cost("{2}"), tap=True, sacrifice_self=True), fx.GainLife(3)),))
CLUE = fx.TokenSpec(
    "Clue Token", ("Artifact",), ("Clue",),
    abilities=(fx.ActivatedAbility(fx.Cost(mana=cost("{2}"), sacrifice_self=True),
                                   fx.Draw(1)),))


# ------------------------------------------------------------- normalising
def test_normalise_reads_the_name_and_drops_reminder_text():
    # the name, "this land" and the cycling reminder in parentheses
    assert normalise(card_pool()["Barren Moor"]) == [
        "this enters tapped.", "{t}: add {b}.", "cycling {b}"]
    # a legendary card's short name
    assert normalise(card_pool()["Judith, the Scourge Diva"])[1] == (
        "whenever a nontoken creature you control dies, this deals 1 damage to any "
        "target.")


# ------------------------------------------------------------------ keywords
def test_keyword_lines():
    assert card("Serra Angel") == fx.CardDef(
        name="Serra Angel", cost=cost("{3}{W}{W}"), colours=("W",),
        types=("Creature",), subtypes=("Angel",), power=4, toughness=4,
        keywords=frozenset({"flying", "vigilance"}))
    assert card("Vampire Nighthawk").keywords == {"flying", "deathtouch", "lifelink"}


# -------------------------------------------------------------------- spells
def test_damage_spell():
    assert card("Shock") == fx.CardDef(
        name="Shock", cost=cost("{R}"), colours=("R",), types=("Instant",),
        spell=fx.SpellAbility(fx.DealDamage(2, ANY)))


def test_damage_to_each_creature_and_each_opponent():
    assert card("Desert Sandstorm").spell == fx.SpellAbility(
        fx.DealDamage(1, fx.Each(fx.Filter(types=types("Creature")))))
    assert card("Spitfire Lagac").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters", fx.Filter(types=types("Land"), controller="you")),
        fx.DealDamage(1, fx.Ref("each_opponent"))),)


def test_sentences_joined_by_and_are_steps():
    assert card("Lightning Helix").spell == fx.SpellAbility(fx.Sequence((
        fx.DealDamage(3, ANY), fx.GainLife(3))))
    # the second half keeps the first half's player: the same target, not a new one
    assert card("Sign in Blood").spell == fx.SpellAbility(fx.Sequence((
        fx.Draw(2, fx.Target("player")), fx.LoseLife(2, fx.Ref("it")))))
    assert card("Night's Whisper").spell == fx.SpellAbility(fx.Sequence((
        fx.Draw(2), fx.LoseLife(2))))


def test_mill_and_discard():
    assert card("Thought Scour").spell == fx.SpellAbility(fx.Sequence((
        fx.Mill(2, fx.Target("player")), fx.Draw(1))))
    assert card("Mind Rot").spell == fx.SpellAbility(
        fx.Discard(2, fx.Target("player")))


def test_counter_spells():
    assert card("Cancel").spell == fx.SpellAbility(fx.CounterSpell(fx.Target("spell")))
    assert card("Essence Scatter").spell == fx.SpellAbility(
        fx.CounterSpell(fx.Target("creature_spell")))
    assert card("Negate").spell == fx.SpellAbility(
        fx.CounterSpell(fx.Target("noncreature_spell")))


def test_pump_with_keyword():
    assert card("Rush of Adrenaline").spell == fx.SpellAbility(
        fx.Pump(2, 1, CREATURE, ("trample",)))


def test_tokens():
    assert card("Raise the Alarm").spell == fx.SpellAbility(fx.CreateToken(
        fx.TokenSpec("Soldier Token", ("Creature",), ("Soldier",), ("W",), 1, 1), 2))
    assert card("Bake into a Pie").spell == fx.SpellAbility(fx.Sequence((
        fx.Destroy(CREATURE), fx.CreateToken(FOOD))))
    assert card("Pirate's Prize").spell == fx.SpellAbility(fx.Sequence((
        fx.Draw(2), fx.CreateToken(TREASURE))))
    # "investigate" is creating a Clue
    assert card("Thraben Inspector").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters"), fx.CreateToken(CLUE)),)


def test_modal_spells():
    assert card("Abrade").spell == fx.SpellAbility(fx.Choose((
        fx.DealDamage(3, CREATURE),
        fx.Destroy(fx.Target("permanent", fx.Filter(types=types("Artifact")))))))
    assert card("Artful Takedown").spell == fx.SpellAbility(fx.Choose((
        fx.TapOrUntap(CREATURE), fx.Pump(-2, -4, CREATURE)), min_modes=1, max_modes=2))


def test_additional_costs():
    assert card("Tormenting Voice") == fx.CardDef(
        name="Tormenting Voice", cost=cost("{1}{R}"), colours=("R",),
        types=("Sorcery",),
        spell=fx.SpellAbility(fx.Draw(2), additional_cost=fx.Cost(discard=1)))
    assert card("Bone Splinters").spell == fx.SpellAbility(
        fx.Destroy(CREATURE),
        additional_cost=fx.Cost(sacrifice=fx.Filter(types=types("Creature"))))


# --------------------------------------------------------------------- lands
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
            fx.Cost(mana=cost("{B}"), discard_self=True), fx.Draw(1), zone="hand")),
        statics=(fx.EntersTapped(),))


# ------------------------------------------------------- Auras and Equipment
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


# ------------------------------------------------------------------- anthems
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


# ------------------------------------------------------------------ triggers
def test_enters_trigger_creature():
    assert card("Elvish Visionary") == fx.CardDef(
        name="Elvish Visionary", cost=cost("{1}{G}"), colours=("G",),
        types=("Creature",), subtypes=("Elf", "Shaman"), power=1, toughness=1,
        triggered=(fx.TriggeredAbility(fx.Trigger("enters"), fx.Draw(1)),))
    assert card("Timberland Guide").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters"), fx.AddCounters(1, CREATURE)),)


def test_dies_attacks_and_upkeep_triggers():
    assert card("Exultant Cultist").triggered == (
        fx.TriggeredAbility(fx.Trigger("dies"), fx.Draw(1)),)
    # "it", right after the condition, is the creature itself
    assert card("Borderland Marauder").triggered == (
        fx.TriggeredAbility(fx.Trigger("attacks"), fx.Pump(2, 0, SELF)),)
    assert card("Phyrexian Arena").triggered == (fx.TriggeredAbility(
        fx.Trigger("upkeep", fx.Ref("you")), fx.Sequence((fx.Draw(1), fx.LoseLife(1)))),)


def test_triggers_on_other_permanents_and_optional_triggers():
    assert card("Pitiless Plunderer").triggered == (fx.TriggeredAbility(
        fx.Trigger("dies", fx.Filter(types=types("Creature"), controller="you",
                                     props=frozenset({"other"}))),
        fx.CreateToken(TREASURE)),)
    # an ability word ("landfall") is dropped; "you may" makes the trigger optional
    assert card("Grazing Gladehart").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters", fx.Filter(types=types("Land"), controller="you")),
        fx.GainLife(2), optional=True),)
    judith = card("Judith, the Scourge Diva")
    assert judith.statics == (fx.Anthem(
        fx.Filter(types=types("Creature"), controller="you", props=frozenset({"other"})),
        1, 0),)
    assert judith.triggered == (fx.TriggeredAbility(
        fx.Trigger("dies", fx.Filter(types=types("Creature"), controller="you",
                                     props=frozenset({"nontoken"}))),
        fx.DealDamage(1, ANY)),)


# ------------------------------------------------------- activated abilities
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


def test_combat_restriction():
    assert card("Spineless Thug").statics == (fx.CombatRestriction(cant_block=True),)


# ------------------------------------------------- manifest, dread and devour
def test_manifest():
    assert card("Soul Summons") == fx.CardDef(
        name="Soul Summons", cost=cost("{1}{W}"), colours=("W",), types=("Sorcery",),
        spell=fx.SpellAbility(fx.Manifest(1, fx.Ref("you"))))
    assert card("Ethereal Ambush").spell == fx.SpellAbility(fx.Manifest(2))
    # "its controller": the controller of the creature just exiled
    assert card("Reality Shift").spell == fx.SpellAbility(fx.Sequence((
        fx.Exile(CREATURE), fx.Manifest(1, fx.Ref("its_controller")))))
    # after a manifest, "it" is the manifested permanent
    assert card("Formless Nurturing").spell == fx.SpellAbility(fx.Sequence((
        fx.Manifest(), fx.AddCounters(1, fx.Ref("it")))))
    assert card("Wildcall").spell == fx.SpellAbility(fx.Sequence((
        fx.Manifest(), fx.AddCounters("X", fx.Ref("it")))))
    assert card("Sultai Emissary").triggered == (
        fx.TriggeredAbility(fx.Trigger("dies"), fx.Manifest()),)
    assert card("Qarsi High Priest").activated == (fx.ActivatedAbility(
        fx.Cost(mana=cost("{1}{B}"), tap=True, sacrifice=fx.Filter(
            types=types("Creature"), props=frozenset({"other"}))),
        fx.Manifest()),)


def test_manifest_dread():
    assert card("Manifest Dread").spell == fx.SpellAbility(fx.ManifestDread(fx.Ref("you")))
    assert card("Unsettling Twins").triggered == (
        fx.TriggeredAbility(fx.Trigger("enters"), fx.ManifestDread()),)
    assert card("Bashful Beastie").triggered == (
        fx.TriggeredAbility(fx.Trigger("dies"), fx.ManifestDread()),)
    assert card("Twist Reality").spell == fx.SpellAbility(fx.Choose((
        fx.CounterSpell(fx.Target("spell")), fx.ManifestDread())))
    assert card("Unwanted Remake").spell == fx.SpellAbility(fx.Sequence((
        fx.Destroy(CREATURE), fx.ManifestDread(fx.Ref("its_controller")))))
    # "that creature" after manifest dread is the manifested one
    assert card("Killer's Mask") == fx.CardDef(
        name="Killer's Mask", cost=cost("{2}{B}"), colours=("B",), types=("Artifact",),
        subtypes=("Equipment",),
        activated=(fx.ActivatedAbility(
            fx.Cost(mana=cost("{2}")),
            fx.Attach(fx.Target("creature", YOU_CONTROL)), sorcery_speed=True),),
        triggered=(fx.TriggeredAbility(fx.Trigger("enters"), fx.Sequence((
            fx.ManifestDread(), fx.Attach(fx.Ref("it"))))),),
        statics=(fx.AttachedBonus(keywords=("menace",)),))


def test_attach_to_the_triggering_creature():
    # with no manifest, "that creature" is the creature whose entering triggered it
    assert card("Ronin Warclub").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters", fx.Filter(types=types("Creature"), controller="you")),
        fx.Attach(fx.Ref("it"))),)


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


# ----------------------------------------------------------------- unsupported
@pytest.mark.parametrize(("name", "line"), [
    ("Soltari Foot Soldier", "shadow"),  # not an engine keyword
    ("Cloud Elemental", "this can block only creatures with flying."),
    ("Mulldrifter", "evoke {2}{u}"),
    ("Telling Time", "look at the top three cards of your library."),
])
def test_one_unread_line_makes_the_card_unsupported(name, line):
    assert reason(name) == line
    assert compiled_pool().unsupported[name] == line


def test_cards_the_engine_does_not_play():
    assert reason("Bitterblossom") == "kindred card type"
    # a planeswalker is read line by line like any permanent (its loyalty abilities
    # are templates): Jace Beleren stops at its ultimate
    assert reason("Jace Beleren") == "target player mills twenty cards."
    assert reason("Fire // Ice") == "split layout"


def test_references_the_vocabulary_cannot_follow():
    # "another target": different from the first target, which no Filter says
    assert reason("Steal Strength") == "'another target' after a target"
    # Rancor returns itself from the graveyard
    assert reason("Rancor") == "a dies trigger acting on the card that died"
    # "it" is the token just created
    assert reason("Artistic Process") == "'it' with nothing to refer to"
    # an instant returning itself to its owner's hand
    assert reason("Hanabi Blast") == "an instant or sorcery acting on itself"


# ---------------------------------------------------------------------- pool
def test_pool_support_does_not_regress():
    pool = compiled_pool()
    assert len(pool.supported) >= SUPPORTED_AT_LEAST
    assert pool.get("Shock") == card("Shock")
    with pytest.raises(Unsupported, match="shadow"):
        pool.get("Soltari Foot Soldier")


def test_pool_is_compiled_once():
    assert compiled_pool() is compiled_pool()
    assert compiled_pool.cache_info().misses == 1
