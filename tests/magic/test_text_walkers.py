"""The compiler's planeswalker and fight templates (:mod:`~labyrinth_gym.envs.magic.engine.
text.walkers`, and the loyalty-ability line of :mod:`~.text.abilities`), checked on real
cards: each test states the compiled tree written out by hand from the card's rules."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import effect
from labyrinth_gym.envs.magic.engine.text.phrases import normalise
from magic.compiled import card

YOURS = fx.Target("creature", fx.Filter(controller="you"))
THEIRS = fx.Target("creature", fx.Filter(controller="opponent"))


def loyalty(name: str) -> list[tuple[int | None, object]]:
    return [(a.cost.loyalty, a.effect) for a in card(name).activated]


def test_fight_two_targets_the_first_only_chosen_for_it():
    # 701.14a: "target creature you control fights target creature you don't control"
    assert card("Prey Upon").spell.effect == fx.Sequence((
        fx.TargetOnly(YOURS), fx.Fight(THEIRS, fx.Ref("it"))))


def test_fight_another_target_is_a_different_target():
    # 115.3: "another target creature" after a target: not that one
    other = fx.Target("creature", fx.Filter(props=frozenset({"another_target"})))
    assert card("Pit Fight").spell.effect == fx.Sequence((
        fx.TargetOnly(YOURS), fx.Fight(other, fx.Ref("it"))))
    assert loyalty("Domri Rade")[1] == (-2, fx.Sequence((
        fx.TargetOnly(YOURS), fx.Fight(other, fx.Ref("it")))))


def test_fight_by_this_or_by_what_it_names():
    up_to = fx.Target("creature", fx.Filter(controller="opponent"), up_to=True)
    assert card("Thorn Mammoth").triggered[0].effect == fx.Fight(up_to, fx.Ref("self"))
    # "target creature you control gets +2/+2 until end of turn. it fights ..."
    assert card("Savage Smash").spell.effect == fx.Sequence((
        fx.Pump(2, 2, YOURS), fx.Fight(THEIRS, fx.Ref("it"))))


def test_greatest_power_among_creatures_you_control():
    creatures = fx.Filter(types=frozenset({"Creature"}), controller="you")
    assert loyalty("Garruk, Primal Hunter")[1] == (
        -3, fx.Draw(fx.Count("greatest_power", creatures)))


def test_number_words_up_to_twenty():
    assert loyalty("Jace Beleren")[2] == (-10, fx.Mill(20, fx.Target("player")))


def test_a_planeswalker_is_named_by_its_planeswalker_type():
    # "Ajani deals 3 damage" on Ajani Vengeant is the card itself
    lines = normalise(card_pool()["Ajani Vengeant"])
    assert "[−2]: this deals 3 damage to any target and you gain 3 life." in lines
    # but not another card's name ("a card named Nissa's Chosen")
    assert any("nissa's chosen" in line
               for line in normalise(card_pool()["Nissa Revane"]))


def test_loyalty_counters_on_planeswalkers():
    assert effect("put a loyalty counter on this.") == fx.AddCounters(
        1, fx.Ref("self"), "loyalty")
    assert effect("put two loyalty counters on each other planeswalker you control.") \
        == fx.AddCounters(2, fx.Each(fx.Filter(types=frozenset({"Planeswalker"}),
                                                controller="you",
                                                props=frozenset({"other"}))), "loyalty")


def test_until_your_next_turn_pumps():
    # 611.2a: the pump lasts until the controller's next turn
    assert loyalty("Mu Yanling, Celestial Wind")[0] == (1, fx.Pump(
        -5, 0, fx.Target("creature", up_to=True), until_your_next_turn=True))
    assert effect("until your next turn, creatures you control get +1/+0 and gain "
                  "lifelink.") == fx.Pump(
        1, 0, fx.Each(fx.Filter(types=frozenset({"Creature"}), controller="you")),
        ("lifelink",), until_your_next_turn=True)
    assert card("Hag of Inner Weakness").triggered[0].effect == fx.Pump(
        -2, -1, THEIRS, until_your_next_turn=True)
    # only pumps: "until end of turn" already said, or another effect, is not read
    assert effect_or_none("target creature gets +1/+1 until end of turn until your "
                          "next turn.") is None


def effect_or_none(text: str):
    from labyrinth_gym.envs.magic.engine.compiler import Unsupported
    try:
        return effect(text)
    except Unsupported:
        return None


def test_minus_x_loyalty_cost():
    # 606.4, 107.3: "[−X]": X announced, X loyalty counters removed
    from labyrinth_gym.envs.magic.engine.text.core import LINE_TEMPLATES, Draft
    printed = card_pool()["Chandra Nalaar"]
    draft = Draft(set(), [], [], [])
    assert any(t("[−x]: this deals x damage to target creature.", printed, draft)
               for t in LINE_TEMPLATES)
    assert draft.activated == [fx.ActivatedAbility(
        fx.Cost(loyalty=0, loyalty_x=True), fx.DealDamage("X", fx.Target("creature")),
        sorcery_speed=True)]


def test_cards_from_a_hand_back_on_a_library():
    assert card("Brainstorm").spell.effect == fx.Sequence((
        fx.Draw(3), fx.PutFromHand(2)))
    assert card("Chittering Rats").triggered[0].effect == fx.PutFromHand(
        1, fx.Target("opponent"))
    assert effect("put a card from your hand on the bottom of your library.") == \
        fx.PutFromHand(1, bottom=True)


def test_piles_and_jace_the_mind_sculptors_lines():
    assert loyalty("Liliana of the Veil")[2] == (-6, fx.SacrificePile(
        fx.Target("player")))
    jace = card_pool()["Jace, the Mind Sculptor"]
    from labyrinth_gym.envs.magic.engine.compiler import compile_card
    # it compiles, and the action table addresses its four abilities (MAX_ABILITIES)
    assert [(a.cost.loyalty, a.effect) for a in compile_card(jace).activated] == [
        (2, fx.PeekTop(fx.Target("player"))),
        (0, fx.Sequence((fx.Draw(3), fx.PutFromHand(2)))),
        (-1, fx.ReturnToHand(fx.Target("creature"))),
        (-12, fx.Sequence((fx.ExileLibrary(fx.Target("player")),
                           fx.ShuffleHandIntoLibrary(fx.Ref("it")))))]


def test_doesnt_untap_during_its_controllers_next_untap_step():
    assert card("Crippling Chill").spell.effect == fx.Sequence((
        fx.TapOrUntap(fx.Target("creature")), fx.SkipNextUntap(fx.Ref("it")),
        fx.Draw(1)))
    assert effect("target permanent doesn't untap during its controller's next untap "
                  "step.") == fx.SkipNextUntap(fx.Target("permanent"))


def test_two_kinds_of_counters_in_one_sentence():
    yours = fx.Filter(types=frozenset({"Creature"}), controller="you")
    walkers = fx.Filter(types=frozenset({"Planeswalker"}), controller="you",
                        props=frozenset({"other"}))
    assert loyalty("Ajani, the Greathearted")[1] == (-2, fx.Sequence((
        fx.AddCounters(1, fx.Each(yours)), fx.AddCounters(1, fx.Each(walkers),
                                                          "loyalty"))))


def test_put_a_card_of_a_kind_from_your_hand_onto_the_battlefield():
    # Stoneforge Mystic: "{1}{W}, {T}: You may put an Equipment card from your hand
    # onto the battlefield."
    assert card("Stoneforge Mystic").activated[0].effect == fx.MayDo(fx.PutFromHand(
        1, fx.Ref("you"), filter=fx.Filter(subtypes=frozenset({"Equipment"})),
        destination="battlefield"))


def test_all_permanents_a_target_player_controls():
    # 115.1: the player is targeted, the permanents are not
    lands_of_it = fx.Each(fx.Filter(types=frozenset({"Land"}), controller=fx.ITS_CONTROLLER))
    assert loyalty("Ajani Vengeant")[2] == (-7, fx.Sequence((
        fx.TargetOnly(fx.Target("player")), fx.Destroy(lands_of_it))))
    creatures_of_it = fx.Each(fx.Filter(types=frozenset({"Creature"}),
                                        controller=fx.ITS_CONTROLLER))
    assert effect("destroy all creatures target opponent controls.") == fx.Sequence((
        fx.TargetOnly(fx.Target("opponent")), fx.Destroy(creatures_of_it)))


def test_any_number_of_target_players_each():
    # 115.1d: each a different target, up to every player
    assert loyalty("Jace, Memory Adept")[2] == (
        -7, fx.Draw(20, fx.Target("player", count=4, up_to=True)))


def test_becomes_an_artifact_creature_with_no_duration():
    # 205.1b, 611.2c
    assert loyalty("Tezzeret, Agent of Bolas")[1] == (-1, fx.Becomes(
        fx.Target("permanent", fx.Filter(types=frozenset({"Artifact"}))), 5, 5,
        ("Artifact", "Creature"), lasting=True))


def test_temporary_triggered_abilities():
    # 611.2a: "until your next turn, whenever ..." / "until end of turn, whenever ..."
    jace = effect("until your next turn, whenever a creature an opponent controls "
                  "attacks, it gets -1/-0 until end of turn.")
    assert jace == fx.TemporaryTrigger(fx.TriggeredAbility(
        fx.Trigger("attacks", fx.Filter(types=frozenset({"Creature"}),
                                        controller="opponent")),
        fx.Pump(-1, 0, fx.Ref("it"))), "your_next_turn")
    # "that creature": the creature that dealt the damage
    assert loyalty("Vraska the Unseen")[0] == (1, fx.TemporaryTrigger(fx.TriggeredAbility(
        fx.Trigger("dealt_combat_damage_by_creature", fx.Ref("self")),
        fx.Destroy(fx.Ref("it"))), "your_next_turn"))
    dovin = loyalty("Dovin, Grand Arbiter")[0][1]
    assert dovin.until == "end_of_turn" and dovin.ability.effect == fx.AddCounters(
        1, fx.Ref("self"), "loyalty")


def test_lose_the_game_and_an_emblem_with_a_cast_trigger():
    # 104.3e
    assassin = loyalty("Vraska the Unseen")[2][1].token.abilities[0]
    assert assassin.effect == fx.LoseGame(fx.Ref("that_player"))
    # 114.4: the emblem's cast trigger
    emblem = loyalty("Garruk, Caller of Beasts")[2][1]
    assert emblem.triggered[0].trigger == fx.Trigger(
        "cast", fx.Filter(types=frozenset({"Creature"}), controller="you"))


def test_an_emblem_that_grants_an_activated_ability():
    # 113.1, 114.4: "mountains you control have '{t}: this deals 1 damage to any target.'"
    emblem = loyalty("Koth of the Hammer")[2][1]
    change = emblem.statics[0]
    assert isinstance(change, fx.ContinuousChange)
    assert change.affected == fx.Filter(subtypes=frozenset({"Mountain"}), controller="you") \
        or change.affected.subtypes == {"Mountain"} and change.affected.controller == "you"
    assert change.abilities == (fx.ActivatedAbility(
        fx.Cost(tap=True), fx.DealDamage(1, fx.Target("any"))),)


def test_creatures_and_or_other_planeswalkers_and_their_cards_returned():
    assert loyalty("Sorin, Lord of Innistrad")[2] == (-6, fx.Sequence((
        fx.Destroy(fx.Target("creature_or_planeswalker",
                             fx.Filter(props=frozenset({"other"})), 3, True)),
        fx.MoveCards(fx.Ref("graveyard_this_way"), "battlefield", "you"))))
