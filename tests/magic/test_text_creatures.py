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


def test_conditional_bonuses_of_a_creature_itself():  # 611.3a
    assert card("Flinthoof Boar").statics == (fx.SelfBonus(
        (fx.ActivationCondition("you_control", fx.Filter(
            subtypes=frozenset({"Mountain"}))),), 1, 1),)
    assert card("Fleecemane Lion").statics == (fx.SelfBonus(
        (fx.ActivationCondition("monstrous"),), keywords=("hexproof", "indestructible")),)
    assert card("Blood Baron of Vizkopa").statics == (fx.SelfBonus(
        (fx.ActivationCondition("life_at_least", count=30),
         fx.ActivationCondition("opponent_life_at_most", count=10)), 6, 6,
        ("flying",)),)


def test_the_player_or_planeswalker_it_is_attacking():
    assert card("Hellrider").triggered == (fx.TriggeredAbility(
        fx.Trigger("attacks", fx.Filter(types=CREATURE, controller="you")),
        fx.DealDamage(1, fx.Ref("attacked_by_it"))),)


def test_tap_those_creatures():
    fliers = fx.Each(fx.Filter(types=CREATURE, controller="opponent",
                               props=frozenset({"flying"})))
    assert card("Thundermaw Hellkite").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters"), fx.Sequence((fx.DealDamage(1, fliers),
                                           fx.TapOrUntap(fliers)))),)


def test_evolve_and_unleash():  # 702.100a, 702.98a
    assert card("Cloudfin Raptor").triggered == (fx.TriggeredAbility(
        fx.Trigger("enters", fx.Filter(types=CREATURE, controller="you"),
                   condition="evolve"), fx.AddCounters(1, fx.Ref("self"))),)
    assert card("Rakdos Cackler").keywords == {"unleash"}


def test_if_it_was_a_creature_card():
    (ability,) = card("Scavenging Ooze").activated
    assert ability.effect == fx.Sequence((
        fx.MoveCards(fx.Target("graveyard_card", fx.Filter()), "exile"),
        fx.IfMovedWas(fx.Filter(types=CREATURE), fx.Sequence((
            fx.AddCounters(1, fx.Ref("self")), fx.GainLife(1))))))


def test_a_group_that_attacks_each_combat_if_able():  # 508.1d
    assert card("Goblin Rabblemaster").statics == (fx.Anthem(
        fx.Filter(types=CREATURE, subtypes=frozenset({"Goblin"}), controller="you",
                  props=frozenset({"other"})),
        keywords=("attacks each combat if able",)),)


def test_artifact_creatures():
    assert card("Tempered Steel").statics == (fx.Anthem(fx.Filter(
        types=CREATURE, controller="you", props=frozenset({"artifact"})), 2, 2),)


def test_whip_of_erebos():  # 611.2c, 614.1a
    (ability,) = card("Whip of Erebos").activated
    assert ability.sorcery_speed
    assert ability.effect.steps[1:] == (
        fx.Pump(0, 0, fx.Ref("it"), ("haste",), lasting=True),
        fx.Delayed("next_end_step", fx.Exile(fx.Ref("it"))),
        fx.ExileIfLeaves(fx.Ref("it")))


def test_gods_are_creatures_only_with_devotion():
    # 700.5, 205.1b: "as long as your devotion to blue is less than five, this isn't
    # a creature." (and to two colours: "... to green and white ... seven")
    this = fx.Filter(props=frozenset({fx.SELF}))
    for name, colours, bound in (("Thassa, God of the Sea", "U", 5),
                                 ("Nylea, God of the Hunt", "G", 5),
                                 ("Purphoros, God of the Forge", "R", 5),
                                 ("Heliod, God of the Sun", "W", 5),
                                 ("Karametra, God of Harvests", "GW", 7)):
        assert fx.ContinuousChange(this, remove_types=("Creature",),
                                   devotion_below=(colours, bound)) \
            in card(name).statics, name


def test_becomes_in_addition_to_its_other_types_and_control_while_you_control_this():
    # Olivia Voldaren: 205.1b (lasting: no duration, 611.2c) and 611.2b
    ping, steal = card("Olivia Voldaren").activated
    assert ping.effect.steps[1] == fx.Becomes(
        fx.Ref("it"), subtypes=("Vampire",), in_addition=True, lasting=True)
    assert steal.effect == fx.GainControl(
        fx.Target("permanent", fx.Filter(subtypes=frozenset({"Vampire"}))),
        while_controlled=True)


def test_an_artifact_becomes_an_artifact_creature_until_end_of_turn():
    # 205.1a: Keyrunes and Glint Hawk Idol ("you may have this become ...")
    assert card("Rakdos Keyrune").activated[1].effect == fx.Becomes(
        fx.Ref("self"), 3, 1, ("Artifact", "Creature"), ("Devil",), ("B", "R"),
        ("first strike",), set_types=True)
    bird = fx.Becomes(fx.Ref("self"), 2, 2, ("Artifact", "Creature"), ("Bird",),
                      None, ("flying",), set_types=True)
    idol = card("Glint Hawk Idol")
    assert idol.triggered[0].effect == fx.MayDo(bird) or (
        idol.triggered[0].optional and idol.triggered[0].effect == bird)
    assert idol.activated[0].effect == bird


def test_protection_from_the_color_of_your_choice():
    # 702.16: chosen as it resolves (Gods Willing, Apostle's Blessing)
    colours = tuple(f"protection from {c}"
                    for c in ("white", "blue", "black", "red", "green"))
    assert card("Gods Willing").spell.effect.steps[0] == fx.Pump(
        0, 0, fx.Target("creature", fx.Filter(controller="you")),
        keyword_choice=colours)
    assert card("Cartel Aristocrat").activated[0].effect == fx.Pump(
        0, 0, fx.Ref("self"), keyword_choice=colours)
    assert card("Apostle's Blessing").spell.effect.keyword_choice == colours + (
        "protection from artifacts",)


def test_battalion_and_a_spell_cast_during_your_turn():
    # "whenever this and at least two other creatures attack" (Boros Elite)
    assert card("Boros Elite").triggered[0].trigger == fx.Trigger(
        "attacks", fx.Ref("self"), "battalion")
    # Voice of Resurgence: two triggers, one effect; a token with a defined P/T
    cast, dies = card("Voice of Resurgence").triggered
    assert cast.trigger == fx.Trigger("cast", fx.Filter(controller="opponent"),
                                      "your_turn")
    assert dies.trigger == fx.Trigger("dies", fx.Ref("self"))
    token = cast.effect.token
    assert (token.colours, token.subtypes, token.abilities) == (
        ("W", "G"), ("Elemental",), (fx.DefinedPT(fx.Count(
            "permanents", fx.Filter(types=CREATURE, controller="you"))),))
    assert dies.effect == cast.effect


def test_any_opponent_may_sacrifice_a_creature():
    # Desecration Demon: "at the beginning of each combat, any opponent may sacrifice
    # a creature of their choice. if a player does, tap this and put a +1/+1 counter
    # on it."
    ability = card("Desecration Demon").triggered[0]
    assert ability.trigger == fx.Trigger("beginning_of_combat", fx.Ref("each_player"))
    assert ability.effect == fx.AnyOpponentMay(
        fx.Sacrifice(fx.Filter(types=CREATURE), 1, fx.Ref("each_opponent")),
        fx.Sequence((fx.TapOrUntap(fx.Ref("self")),
                     fx.AddCounters(1, fx.Ref("self")))))


def test_tapped_tokens():
    zombie = card("Xathrid Necromancer").triggered[0].effect
    assert zombie.tapped and zombie.token.subtypes == ("Zombie",)
    assert (zombie.token.power, zombie.token.toughness) == (2, 2)


def test_soulbond():
    # 702.95a: two triggered abilities; 702.95c: the bonus both paired creatures get
    paladin = card("Silverblade Paladin")
    assert "soulbond" in paladin.keywords
    assert paladin.statics == (fx.PairedBonus(keywords=("double strike",)),)
    assert [(a.trigger, a.effect, a.optional) for a in paladin.triggered] == [
        (fx.Trigger("enters", condition="soulbond"), fx.Pair(), False),
        (fx.Trigger("enters", fx.Filter(types=CREATURE, controller="you",
                                        props=frozenset({"other"})), "soulbond"),
         fx.Pair(fx.Ref("it")), True)]
    assert card("Wolfir Silverheart").statics == (fx.PairedBonus(4, 4),)


def test_costs_discarding_a_kind_of_card_or_putting_counters_on_this():
    # 118.3: "discard a creature card: ..." (Lotleth Troll); "put a -0/-1 counter on
    # this: add {g}. activate only once each turn." (Wall of Roots)
    troll = card("Lotleth Troll").activated[0]
    assert (troll.cost.discard, troll.cost.discard_filter) == (
        1, fx.Filter(types=CREATURE))
    roots = card("Wall of Roots").activated[0]
    assert roots.cost == fx.Cost(add_counters=("-0/-1", 1))
    assert roots.once_per_turn and roots.is_mana


def test_if_the_sacrificed_creature_was_a_human():
    # 608.2h: Falkenrath Aristocrat
    ability = card("Falkenrath Aristocrat").activated[0]
    assert ability.cost == fx.Cost(sacrifice=fx.Filter(types=CREATURE))
    assert ability.effect.steps[1] == fx.IfSacrificedWas(
        fx.Filter(subtypes=frozenset({"Human"})), fx.AddCounters(1, fx.Ref("self")))
