"""Scripted positions for the mechanisms the refused cards of the Vampiric Bloodline
precon need: ward with a discard cost (702.21a), the activated abilities of the
cards exiled with a permanent (607.2a, Dark Impostor), madness granted to cards
outside the battlefield (702.35a, Falkenrath Gorger), a triggered ability granted
until end of turn that exiles a card face down to be played with mana of any colour
(611.2c, 406.3, 609.4b, Predators' Hour), "you may pay {1} and exile it. if you do"
and a token granted an ability naming the card exiled (608.2d, 607.2a, Timothar,
Baron of Bats). Each names real cards from the
pool."""

from __future__ import annotations

import dataclasses

import numpy as np

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import compile_card, compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from labyrinth_gym.envs.magic.engine.linked import names_exiled
from labyrinth_gym.envs.magic.engine.mana import ManaCost, any_colour_cost
from labyrinth_gym.envs.magic.engine.payment import (
    Source,
    pip_options,
    plan,
    supported_pip,
)
from labyrinth_gym.envs.magic.engine.text.statics import ward
from magic.positions import (
    act,
    blank,
    custom,
    lands,
    mind_rot_seat_0,
    on_battlefield,
    pass_until,
    pool,
    settle,
    target_perm,
    to_blocks,
)


# ------------------------------------------------------- 702.21a ward—discard a card
def bolt_at(defender_card: str | fx.CardDef, hand: tuple[str, ...]) -> tuple[MagicGame, int]:
    """Seat 0 (a Mountain, ``hand`` besides the Bolt) casts Lightning Bolt at seat
    1's ``defender_card``; play runs until the ward trigger has to be answered."""
    game = blank()
    pid = game.add_permanent(defender_card, 1)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    for name in hand:
        game.add_card(name, 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, pid)
    settle(game)
    return game, pid


def test_ward_costs_compile():
    pool = compiled_pool().supported
    that = fx.Ref("that_object")
    assert pool["Sunset Saboteur"].triggered[0].effect == fx.CounterUnlessPays(
        that, None, 0, discard=1)
    assert ward("ward—discard a card at random.").effect == fx.CounterUnlessPays(
        that, None, 0, discard=1, at_random=True)
    # a ward whose cost holds a comma: mana and life together
    assert ward("ward—{2}, pay 2 life.").effect == fx.CounterUnlessPays(
        that, ManaCost(generic=2), 2)
    flying_ward = compile_card(dataclasses.replace(
        card_pool()["Westgate Regent"], text="Flying, ward—{2}, Pay 2 life."))
    assert flying_ward.keywords == {"flying"}
    assert flying_ward.triggered[0].effect == fx.CounterUnlessPays(
        that, ManaCost(generic=2), 2)
    # a ward cost the engine cannot pay is not read
    assert ward("ward—discard an enchantment, instant, or sorcery card.") is None
    assert ward("ward—sacrifice a creature.") is None


def test_702_21a_ward_discard_paid_lets_the_spell_resolve():
    game, saboteur = bolt_at("Sunset Saboteur", ("Island", "Forest"))
    assert game.decision["kind"] == "yesno" and game.decision["player"] == 0 \
        and "pay" in game.decision
    act(game, "yes")
    # the card to discard is chosen by the Bolt's controller
    assert game.decision["kind"] == "discard" and game.decision["player"] == 0
    act(game, "Forest")
    assert [game.name_of(c) for c in game.hand[0]] == ["Island"]
    assert "Forest" in [game.name_of(c) for c in game.graveyard[0]]
    settle(game)
    assert saboteur not in game.battlefield  # the Bolt resolved


def test_702_21a_ward_discard_declined_counters():
    game, saboteur = bolt_at("Sunset Saboteur", ("Island",))
    act(game, "no")
    settle(game)
    assert saboteur in game.battlefield and len(game.hand[0]) == 1
    assert any(e["type"] == "countered" for e in game.events)


def test_118_3_ward_discard_with_an_empty_hand_counters_unasked():
    game, saboteur = bolt_at("Sunset Saboteur", ())
    settle(game)
    assert saboteur in game.battlefield
    assert any(e["type"] == "countered" and e["card"] == "Lightning Bolt"
               for e in game.events)


def test_701_9b_ward_discard_at_random():
    # (the one card of the pool with it is refused for another line: a test card)
    randomly = custom("Sunset Saboteur", "Test Random Ward",
                      triggered=(ward("ward—discard a card at random."),))
    game, pid = bolt_at(randomly, ("Island", "Forest"))
    act(game, "yes")
    assert len(game.hand[0]) == 1 and len(game.graveyard[0]) == 1  # no choice asked
    settle(game)
    assert pid not in game.battlefield


# ------------------------------------- 607.2a the abilities of cards exiled with it
def impostor_exiles(victim: str) -> tuple[MagicGame, int, int]:
    """Seat 0's Dark Impostor (six Swamps) exiles seat 1's ``victim`` with its
    ability; play runs until it has resolved."""
    game = blank()
    impostor = game.add_permanent("Dark Impostor", 0)
    lands(game, 0, *["Swamp"] * 6)
    pid = game.add_permanent(victim, 1)
    game.start_at("main1", 0)
    act(game, "activate")
    target_perm(game, pid)
    settle(game)
    return game, impostor, pid


def test_dark_impostor_compiles_with_the_exiled_cards_abilities():
    impostor = compiled_pool().supported["Dark Impostor"]
    assert impostor.statics == (fx.ContinuousChange(
        fx.Filter(props=frozenset({fx.SELF})),
        exiled_abilities=fx.Filter(types=frozenset({"Creature"}))),)
    assert names_exiled(impostor)


def test_607_2a_dark_impostor_has_the_activated_abilities_of_the_exiled_creature():
    game, impostor, pyromancer = impostor_exiles("Prodigal Pyromancer")
    assert pyromancer not in game.battlefield
    card = next(c for c in game.exile[1] if game.name_of(c) == "Prodigal Pyromancer")
    assert game.battlefield[impostor].counters["+1/+1"] == 1
    pyro = pool("Prodigal Pyromancer").activated[0]
    assert game.pdef(impostor).activated == (pool("Dark Impostor").activated[0], pyro)
    # the gained "{T}: 1 damage to any target", activated by the Impostor
    act(game, "(Dark Impostor) ability 1")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 19 and game.battlefield[impostor].tapped
    # 400.7: once the card leaves exile it is a new object, not exiled with it
    game.take_card(card, "exile")
    game.to_graveyard(card)
    assert game.pdef(impostor).activated == (pool("Dark Impostor").activated[0],)


def test_607_2a_only_creature_cards_exiled_with_this_one_give_abilities():
    game, impostor, _ = impostor_exiles("Prodigal Pyromancer")
    other = game.add_permanent("Dark Impostor", 0)
    assert len(game.pdef(impostor).activated) == 2
    assert len(game.pdef(other).activated) == 1  # not exiled with this one
    # a land card exiled with it is not a creature card: no abilities from it
    game.exiled_with.append([impostor, game.add_card("Mountain", 1, "exile"), 0])
    game._bf_version += 1
    assert len(game.pdef(impostor).activated) == 2


# ------------------------------------- 702.35a madness granted to cards in other zones
def discard_to_mind_rot(cards: tuple[str, ...], lands_of_0: tuple[str, ...],
                        gorger: bool = True) -> tuple[MagicGame, list[int], int | None]:
    """Seat 0 (Falkenrath Gorger on the battlefield unless not ``gorger``) holds
    ``cards`` and discards them to seat 1's Mind Rot; play runs until a madness
    question (or an empty stack)."""
    game = blank()
    pid = game.add_permanent("Falkenrath Gorger", 0) if gorger else None
    held = [game.add_card(name, 0) for name in cards]
    lands(game, 0, *lands_of_0)
    mind_rot_seat_0(game)
    for _ in range(10):
        if game.decision["kind"] == "yesno" or not game.stack:
            break
        game.apply_action(A.PASS)
    return game, held, pid


def test_falkenrath_gorger_compiles():
    gorger = compiled_pool().supported["Falkenrath Gorger"]
    assert gorger.statics == (fx.GrantMadness(fx.Filter(
        types=frozenset({"Creature"}), subtypes=frozenset({"Vampire"}))),)


def test_702_35a_a_vampire_card_discarded_with_gorger_is_cast_for_its_mana_cost():
    game, (nighthawk, bears), _ = discard_to_mind_rot(
        ("Vampire Nighthawk", "Grizzly Bears"), ("Swamp",) * 3)
    assert bears in game.graveyard[0]  # not a Vampire: no madness
    assert nighthawk in game.exile[0]  # discarded into exile
    assert any(e["type"] == "discard" and e.get("to") == "exile" for e in game.events)
    assert game.decision["madness_mana_cost"] == nighthawk
    act(game, "cast Vampire Nighthawk for its mana cost")
    settle(game)
    assert on_battlefield(game, "Vampire Nighthawk")  # in seat 1's turn (608.2g)
    assert all(game.battlefield[pid].tapped for pid in on_battlefield(game, "Swamp"))


def test_702_35a_without_gorger_a_vampire_card_is_just_discarded():
    game, (nighthawk,), _ = discard_to_mind_rot(("Vampire Nighthawk",), ("Swamp",) * 3,
                                                gorger=False)
    assert nighthawk in game.graveyard[0] and not game.stack


def test_702_35a_declined_or_unpayable_the_card_goes_to_the_graveyard():
    game, (nighthawk,), _ = discard_to_mind_rot(("Vampire Nighthawk",), ("Swamp",) * 3)
    act(game, "don't cast")
    settle(game)
    assert nighthawk in game.graveyard[0]
    game, (nighthawk,), _ = discard_to_mind_rot(("Vampire Nighthawk",), ("Swamp",) * 2)
    settle(game)  # two Swamps can't pay {1}{B}{B}: not asked (118.3)
    assert nighthawk in game.graveyard[0]


def test_gorger_ruling_the_madness_stays_if_gorger_leaves_before_it_resolves():
    game = blank()
    gorger = game.add_permanent("Falkenrath Gorger", 0)
    nighthawk = game.add_card("Vampire Nighthawk", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    game.add_card("Mind Rot", 1)
    lands(game, 1, "Swamp", "Swamp", "Swamp")
    game.start_at("main1", 1, turn=2)
    act(game, "cast hand 0 (Mind Rot)")
    game.apply_action(A.player(1))
    while nighthawk not in game.exile[0]:
        game.apply_action(game.legal_actions()[0])  # (Mind Rot resolves: discarded)
    assert game.stack or game.pending_triggers  # its madness trigger waits
    game.move_permanents([gorger], "graveyard")
    assert not game.granted_madness(nighthawk)
    for _ in range(10):
        if game.decision["kind"] == "yesno":
            break
        game.apply_action(A.PASS)
    act(game, "cast Vampire Nighthawk for its mana cost")
    settle(game)
    assert on_battlefield(game, "Vampire Nighthawk")


def test_gorger_ruling_a_vampire_with_its_own_madness_may_use_either_cost():
    # Stromkirk Occultist: its own madness ({1}{R}) or Gorger's (its mana cost, {2}{R})
    game, (occultist,), _ = discard_to_mind_rot(("Stromkirk Occultist",),
                                                ("Mountain",) * 3)
    assert game.decision["madness"] == occultist
    act(game, "don't cast")  # not for its own madness cost ...
    assert game.decision["madness_mana_cost"] == occultist
    act(game, "cast Stromkirk Occultist for its mana cost")  # ... for its mana cost
    settle(game)
    assert on_battlefield(game, "Stromkirk Occultist")
    assert sum(game.battlefield[pid].tapped for pid in on_battlefield(game, "Mountain")) == 3
    game, (occultist,), _ = discard_to_mind_rot(("Stromkirk Occultist",),
                                                ("Mountain",) * 3)
    act(game, "cast Stromkirk Occultist for its madness cost")
    settle(game)
    assert sum(game.battlefield[pid].tapped for pid in on_battlefield(game, "Mountain")) == 2


def test_gorger_grants_madness_only_to_cards_its_controller_owns():
    game = blank()
    game.add_permanent("Falkenrath Gorger", 1)
    nighthawk = game.add_card("Vampire Nighthawk", 0)
    assert not game.granted_madness(nighthawk)
    game.add_permanent("Falkenrath Gorger", 0)
    assert game.granted_madness(nighthawk)


# -------------------- 611.2c a granted trigger; 406.3, 609.4b play an exiled card
def predators_hour_hits() -> tuple[MagicGame, int, int]:
    """Seat 0 casts Predators' Hour (two of its three Swamps) and attacks seat 1 with
    Grizzly Bears, unblocked; seat 1's library has Lightning Bolt on top. Play runs to
    seat 0's second main phase."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    bolt = game.add_card("Lightning Bolt", 1, "library")
    game.add_card("Predators' Hour", 0)
    game.start_at("main1", 0)
    act(game, "Predators' Hour")
    settle(game)
    to_blocks(game, bears)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    return game, bears, bolt


def test_predators_hour_compiles():
    effect = compiled_pool().supported["Predators' Hour"].spell.effect
    assert isinstance(effect, fx.Becomes) and effect.keywords == ("menace",)
    assert effect.what == fx.Each(fx.Filter(types=frozenset({"Creature"}),
                                            controller="you"))
    (granted,) = effect.abilities
    assert granted.trigger.event == "deals_combat_damage_player"
    assert granted.effect == fx.Sequence((
        fx.ExileTop(fx.Ref("that_player"), 1, face_down=True),
        fx.MayPlay("exiled", look=True, any_colour=True)))


def test_611_2c_predators_hour_exiles_face_down_and_lets_it_be_cast_with_any_mana():
    game, bears, bolt = predators_hour_hits()
    assert "menace" in game.keywords(bears)
    assert game.life[1] == 18
    assert bolt in game.exile[1] and bolt in game.face_down_exile  # (406.3)
    # its owner and the player who may look at it see it; the log names no card
    assert "Lightning Bolt" in game.observation_for(0)["exiles"][1]
    assert "Lightning Bolt" in game.observation_for(1)["exiles"][1]
    assert not any(e["type"] == "exiled_top" and "cards" in e for e in game.events)
    # 609.4b: the last Swamp pays the Bolt's {R}
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 15 and bolt in game.graveyard[1]  # (its owner's graveyard)


def test_611_2c_the_granted_trigger_and_menace_end_with_the_turn():
    game, bears, bolt = predators_hour_hits()
    pass_until(game, "main1")  # (seat 1's turn)
    assert "menace" not in game.keywords(bears)
    assert len(game.pdef(bears).triggered) == 0
    # "for as long as it remains exiled": the permission outlives the turn
    assert any(g[0] == bolt and g[1] == 0 for g in game.play_grants)


def test_406_3_a_face_down_card_seat_0_may_look_at_stays_in_place_when_determinized():
    game, _, bolt = predators_hour_hits()
    for seed in range(5):
        world = game.determinize(0, np.random.default_rng(seed))
        assert bolt in world.exile[1] and world.name_of(bolt) == "Lightning Bolt"
        assert world.may_look_at(0, bolt)


def test_609_4b_mana_of_any_colour_keeps_a_colourless_pip():
    cost = any_colour_cost(ManaCost(1, ("B", "W/U", "2/R", "C", "G/P")))
    assert cost == ManaCost(4, ("C", "W/U/B/R/G/C/P"))
    assert pip_options("W/U/B/R/G/C/P") == {"W", "U", "B", "R", "G", "C"}
    assert supported_pip("W/U/B/R/G/C/P")
    phyrexian = any_colour_cost(ManaCost(0, ("G/P",)))  # any one mana, or 2 life
    assert plan(phyrexian, [Source(1, frozenset({"B"}))], {}, 20).taps == ((1, "B"),)
    assert plan(phyrexian, [], {}, 20).life == 2


# ------------- Timothar: "pay and exile it. if you do", a token granted a linked return
def timothar_sees_a_vampire_die(swamps: int = 1) -> tuple[MagicGame, int, int]:
    """Seat 0 (Timothar, Vampire Nighthawk, a Mountain and ``swamps`` Swamps) bolts
    its own Nighthawk; play runs until Timothar's trigger asks."""
    game = blank()
    timothar = game.add_permanent("Timothar, Baron of Bats", 0)
    nighthawk = game.add_permanent("Vampire Nighthawk", 0)
    card = game.battlefield[nighthawk].card
    lands(game, 0, "Mountain", *["Swamp"] * swamps)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, nighthawk)
    for _ in range(10):
        if game.decision["kind"] == "yesno" or not (game.stack or game.pending_triggers):
            break
        game.apply_action(A.PASS)
    return game, timothar, card


def test_timothar_compiles():
    timothar = compiled_pool().supported["Timothar, Baron of Bats"]
    dies = timothar.triggered[1]
    assert dies.optional and isinstance(dies.effect, fx.IfYouDo)
    pay, exile, bat, gains = dies.effect.steps
    assert pay == fx.PayCost(ManaCost(generic=1))
    assert exile == fx.MoveCards(fx.Ref("died_card"), "exile")
    assert bat.token.subtypes == ("Bat",) and bat.token.keywords == ("flying",)
    assert gains.what == fx.Ref("it") and gains.lasting
    assert gains.abilities[0].effect == fx.Sequence((
        fx.SacrificeIt(fx.Ref("it")),
        fx.MoveCards(fx.Ref("exiled_with_this"), "battlefield", "you", tapped=True)))


def test_timothar_bat_returns_the_exiled_vampire_tapped():
    game, _, card = timothar_sees_a_vampire_die()
    assert game.decision["kind"] == "yesno"
    act(game, "yes")
    settle(game)
    assert card in game.exile[0]
    (bat,) = on_battlefield(game, "Bat Token")
    assert "flying" in game.keywords(bat)
    assert [bat, card, 0] in game.exiled_with  # its "the exiled card"
    game.battlefield[bat].sick = False  # (as if it had been there since the turn began)
    to_blocks(game, bat)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.life[1] == 19
    assert not on_battlefield(game, "Bat Token")  # sacrificed
    (back,) = on_battlefield(game, "Vampire Nighthawk")
    assert game.battlefield[back].tapped and game.battlefield[back].controller == 0


def test_timothar_declined_or_unpaid_leaves_the_card_and_makes_no_bat():
    game, _, card = timothar_sees_a_vampire_die()
    act(game, "no")
    settle(game)
    assert card in game.graveyard[0] and not on_battlefield(game, "Bat Token")
    game, _, card = timothar_sees_a_vampire_die(swamps=0)  # no mana for {1}: not asked
    settle(game)
    assert card in game.graveyard[0] and not on_battlefield(game, "Bat Token")


def test_timothar_a_card_gone_from_the_graveyard_cannot_be_paid_for():
    game, _, card = timothar_sees_a_vampire_die()
    effect = game.effect_of(game.res["item"])  # (the trigger resolving, asking)
    assert game._can_do_first(0, effect)
    # it has left the graveyard before the ability resolves (400.7): "pay {1} and
    # exile it" can't be done, so "yes" would not be offered
    game.take_card(card, "graveyard")
    game.exile[0].append(card)
    assert not game._can_do_first(0, effect)
