"""Scripted positions for alternative and additional costs: flashback (rule 702.34),
kicker and multikicker (702.33), overload (702.96), with real cards from the pool."""

from __future__ import annotations

import pytest

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import act, blank, has, lands, names, settle, slot, types_of


def test_the_cost_templates_compile_real_cards():
    pool = compiled_pool().supported
    for name in ("Think Twice", "Lingering Souls", "Faithless Looting",
                 "Forbidden Alchemy", "Past in Flames"):
        assert pool[name].flashback is not None or name == "Past in Flames", name
    assert pool["Think Twice"].flashback == fx.Flashback(fx.Cost(
        mana=pool["Think Twice"].cost.__class__(2, ("U",))))
    for name in ("Burst Lightning", "Into the Roil", "Gatekeeper of Malakir",
                 "Goblin Bushwhacker"):
        assert pool[name].kicker is not None and not pool[name].kicker.multi, name
    for name in ("Mizzium Mortars", "Cyclonic Rift", "Electrickery", "Vandalblast"):
        over = pool[name].overload
        assert over is not None, name
        assert "Target" not in repr(over.effect) and "Each" in repr(over.effect), name
    # "if this was kicked, it deals 4 damage instead"
    assert pool["Burst Lightning"].spell.effect.amount == fx.KickedAmount(2, 4)
    # "when this enters, if it was kicked, ...": an intervening if
    assert isinstance(pool["Gatekeeper of Malakir"].triggered[0].effect, fx.IfKicked)
    # "if this was kicked, it enters with two +1/+1 counters on it."
    assert fx.EntersWithCounters(fx.KickedAmount(0, 2)) in pool["Academy Drake"].statics
    assert pool["Past in Flames"].spell.effect == fx.GainFlashback(
        fx.Filter(types=frozenset({"Instant", "Sorcery"})))
    snap = pool["Snapcaster Mage"].triggered[0].effect
    assert isinstance(snap, fx.GainFlashback) and snap.what.kind == "graveyard_card"
    # activation restrictions (602.5b) and {X} in activated costs
    assert pool["Tectonic Edge"].activated[1].only_if == (fx.ActivationCondition(
        "opponent_controls", fx.Filter(types=frozenset({"Land"})), 4),)
    for name in ("Temple of the False God", "Mox Opal", "Capricious Sorcerer",
                 "Fool's Tome", "Cabal Pit"):
        assert any(ab.only_if for ab in pool[name].activated), name
    for name in ("Kessig Wolf Run", "Ballista Squad"):
        assert any(ab.cost.mana is not None and ab.cost.mana.x
                   for ab in pool[name].activated), name


def main_with(*hand: str, lands_0: tuple[str, ...] = (), graveyard: tuple[str, ...] = (),
              players: int = 2) -> tuple[MagicGame, list[int]]:
    game = blank(players)
    cards = [game.add_card(c, 0) for c in hand]
    for c in graveyard:
        cards.append(game.add_card(c, 0, "graveyard"))
    lands(game, 0, *lands_0)
    game.start_at("main1", 0)
    return game, cards


# ------------------------------------------------------------------ flashback
def test_702_34a_flashback_casts_from_the_graveyard_and_exiles_the_card():
    game, (think,) = main_with(lands_0=("Island",) * 3, graveyard=("Think Twice",))
    hand_before = len(game.hand[0])
    act(game, "cast graveyard 0 (Think Twice) with flashback")
    settle(game)
    assert len(game.hand[0]) == hand_before + 1  # it drew
    assert think in game.exile[0] and think not in game.graveyard[0]
    assert all(game.battlefield[p].tapped for p in game.battlefield)  # {2}{U} paid
    cast = next(e for e in game.events if e["type"] == "cast")
    assert cast["alt"] == "flashback"
    assert "flashback_exiled" in types_of(game)


def test_702_34a_flashback_needs_its_cost_not_the_mana_cost():
    # two Islands pay Think Twice's {1}{U} but not its flashback {2}{U}
    game, _ = main_with(lands_0=("Island",) * 2, graveyard=("Think Twice",))
    assert not has(game, "graveyard 0")
    game, _ = main_with("Think Twice", lands_0=("Island",) * 2)
    assert has(game, "cast hand 0 (Think Twice)")


def test_702_34a_flashback_follows_the_cards_timing():
    # Faithless Looting is a sorcery: not from the graveyard in the opponent's turn
    game = blank()
    game.add_card("Faithless Looting", 0, "graveyard")
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.start_at("main1", 1)
    act(game, "pass")
    assert game.decision["player"] == 0
    assert not has(game, "graveyard")


def test_702_34a_a_countered_flashback_spell_is_exiled():
    game = blank()
    lingering = game.add_card("Lingering Souls", 0, "graveyard")
    lands(game, 0, "Swamp", "Swamp")
    game.add_card("Counterspell", 1)
    lands(game, 1, "Island", "Island")
    game.start_at("main1", 0)
    act(game, "cast graveyard 0 (Lingering Souls)")
    act(game, "pass")
    act(game, "cast hand 0 (Counterspell)")
    act(game, "stack 0")
    settle(game)
    assert lingering in game.exile[0] and lingering not in game.graveyard[0]
    assert not any(game.pdef(p).name.startswith("Spirit") for p in game.battlefield)


def test_702_34a_gained_flashback_costs_the_mana_cost_until_end_of_turn():
    # Past in Flames: each instant and sorcery card in your graveyard gains
    # flashback until end of turn; the flashback cost is its mana cost.
    game, (past, shock) = main_with("Past in Flames", lands_0=("Mountain",) * 5,
                                    graveyard=("Shock",))
    act(game, "cast hand 0 (Past in Flames)")
    settle(game)
    assert "gains_flashback" in types_of(game)
    act(game, "cast graveyard 0 (Shock) with flashback")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 18
    assert shock in game.exile[0]  # exiled as it left the stack
    # Past in Flames itself went to the graveyard (cast from the hand)
    assert past in game.graveyard[0]


def test_514_2_gained_flashback_ends_with_the_turn():
    game, (past, _) = main_with("Past in Flames", lands_0=("Mountain",) * 4,
                                graveyard=("Shock",))
    act(game, "cast hand 0 (Past in Flames)")
    settle(game)
    assert game.flashback_grants
    turn = game.turn
    while game.turn == turn or game.step != "main1":
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert not game.flashback_grants


# ------------------------------------------------------------------ kicker
def kicked_choice(game: MagicGame) -> bool:
    return game.decision["kind"] == "yesno" and "announce" in game.decision


def test_702_33a_kicker_is_asked_and_kicked_burst_lightning_deals_4():
    game, _ = main_with("Burst Lightning", lands_0=("Mountain",) * 5)
    act(game, "cast hand 0 (Burst Lightning)")
    assert kicked_choice(game) and set(names(game)) == {"pay kicker", "no kicker"}
    act(game, "pay kicker")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 16
    cast = next(e for e in game.events if e["type"] == "cast")
    assert cast["kicked"] == 1
    assert sum(game.battlefield[p].tapped for p in game.battlefield) == 5  # {R}+{4}


def test_702_33a_unkicked_burst_lightning_deals_2():
    game, _ = main_with("Burst Lightning", lands_0=("Mountain",) * 5)
    act(game, "cast hand 0 (Burst Lightning)")
    act(game, "no kicker")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 18
    assert sum(game.battlefield[p].tapped for p in game.battlefield) == 1


def test_702_33a_kicker_is_not_offered_when_it_cannot_be_paid():
    game, _ = main_with("Burst Lightning", lands_0=("Mountain",) * 4)
    act(game, "cast hand 0 (Burst Lightning)")
    assert game.decision["kind"] == "target"  # no kicker question: {R}{4} unpayable


def test_702_33d_if_this_was_kicked_draws_only_when_kicked():
    for kick, drawn in (("pay kicker", 1), ("no kicker", 0)):
        game, _ = main_with("Into the Roil", lands_0=("Island",) * 4)
        bears = game.add_permanent("Grizzly Bears", 1)
        act(game, "cast hand 0 (Into the Roil)")
        act(game, kick)
        game.apply_action(A.permanent(slot(game, bears)))
        settle(game)
        assert bears not in game.battlefield
        assert len(game.hand[0]) == drawn, kick


def test_603_4_gatekeeper_triggers_only_if_kicked():
    for kick in ("pay kicker", "no kicker"):
        game, _ = main_with("Gatekeeper of Malakir", lands_0=("Swamp",) * 3)
        bears = game.add_permanent("Grizzly Bears", 1)
        act(game, "cast hand 0 (Gatekeeper of Malakir)")
        act(game, kick)
        settle(game)
        if kick == "pay kicker":
            assert game.decision["kind"] == "target"  # target player
            act(game, "player 1")
            settle(game)
            assert bears not in game.battlefield
            gatekeeper = next(p for p in game.battlefield
                              if game.pdef(p).name == "Gatekeeper of Malakir")
            assert game.battlefield[gatekeeper].kicked == 1
        else:
            assert bears in game.battlefield
            assert not any(e["type"] == "trigger" for e in game.events)


def test_702_33d_kicked_goblin_bushwhacker_gives_haste():
    game, _ = main_with("Goblin Bushwhacker", lands_0=("Mountain",) * 2)
    bears = game.add_permanent("Grizzly Bears", 0, sick=True)
    act(game, "cast hand 0 (Goblin Bushwhacker)")
    act(game, "pay kicker")
    settle(game)
    assert "haste" in game.keywords(bears)
    assert game.chars(bears)[0] == 3


def test_702_33d_kicked_academy_drake_enters_with_two_counters():
    # "kicker {4}; if this was kicked, it enters with two +1/+1 counters on it."
    for kick, expected in (("pay kicker", 2), ("no kicker", 0)):
        game, _ = main_with("Academy Drake", lands_0=("Island",) * 7)
        act(game, "cast hand 0 (Academy Drake)")
        act(game, kick)
        settle(game)
        pid = next(p for p in game.battlefield if game.pdef(p).name == "Academy Drake")
        assert game.battlefield[pid].counters.get("+1/+1", 0) == expected, kick
        assert game.chars(pid)[:2] == (2 + expected, 2 + expected)


def test_601_2b_a_seat_that_pays_no_mana_never_kicks():
    from labyrinth_gym.envs.arcane_labyrinth.engine.game import ArcaneGame

    assert ArcaneGame._pays_no_mana(ArcaneGame.__new__(ArcaneGame), 1)


# ------------------------------------------------------------------ overload
def test_702_96_overloaded_electrickery_hits_each_creature_you_dont_control():
    game, _ = main_with("Electrickery", lands_0=("Mountain",) * 2)
    mine = game.add_permanent("Llanowar Elves", 0)
    theirs = [game.add_permanent("Llanowar Elves", 1) for _ in range(2)]
    act(game, "cast hand 0 (Electrickery)")
    assert set(names(game)) == {"pay overload", "pay mana cost"}
    act(game, "pay overload")
    settle(game)  # no target asked
    assert all(t not in game.battlefield for t in theirs)
    assert mine in game.battlefield
    cast = next(e for e in game.events if e["type"] == "cast")
    assert cast["alt"] == "overload" and cast["targets"] == []


def test_702_96_electrickery_for_its_mana_cost_targets_one():
    game, _ = main_with("Electrickery", lands_0=("Mountain",) * 2)
    theirs = [game.add_permanent("Llanowar Elves", 1) for _ in range(2)]
    act(game, "cast hand 0 (Electrickery)")
    act(game, "pay mana cost")
    game.apply_action(A.permanent(slot(game, theirs[0])))
    settle(game)
    assert theirs[0] not in game.battlefield and theirs[1] in game.battlefield
    assert sum(game.battlefield[p].tapped for p in game.battlefield
               if game.pdef(p).name == "Mountain") == 1


def test_702_96_overload_only_when_payable_is_not_asked():
    # one Mountain: Electrickery for {R} only, no question
    game, _ = main_with("Electrickery", lands_0=("Mountain",))
    game.add_permanent("Llanowar Elves", 1)
    act(game, "cast hand 0 (Electrickery)")
    assert game.decision["kind"] == "target"


def test_702_96_overload_castable_without_a_target():
    # Cyclonic Rift with no nonland permanent to target: only overloaded
    game, _ = main_with("Cyclonic Rift", lands_0=("Island",) * 7)
    assert has(game, "cast hand 0 (Cyclonic Rift)")
    act(game, "cast hand 0 (Cyclonic Rift)")
    settle(game)  # overloaded without a question: the only way
    cast = next(e for e in game.events if e["type"] == "cast")
    assert cast["alt"] == "overload"
    game, _ = main_with("Cyclonic Rift", lands_0=("Island",) * 2)
    assert not has(game, "cast hand 0")


def test_costs_state_round_trips():
    game, _ = main_with("Burst Lightning", lands_0=("Mountain",) * 5,
                        graveyard=("Faithless Looting",))
    act(game, "cast hand 0 (Burst Lightning)")
    act(game, "pay kicker")
    copy = MagicGame.from_dict(game.to_dict())
    assert copy.casting.kicked == 1
    clone = game.clone()
    clone.casting.announce.append("x")
    assert "x" not in game.casting.announce


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_cost_cards_terminate(seed):
    import numpy as np

    deck = (["Mountain"] * 10 + ["Island"] * 10 + ["Burst Lightning", "Electrickery",
            "Think Twice", "Faithless Looting", "Cyclonic Rift", "Into the Roil",
            "Goblin Bushwhacker", "Past in Flames", "Mizzium Mortars",
            "Vandalblast"] * 4)
    game = MagicGame.new(seed, decks=[deck, deck], max_turns=30)
    rng = np.random.default_rng(seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply_action(int(legal[rng.integers(len(legal))]))
    assert game.outcome is not None


# ------------------------------------------------- activation restrictions
def abilities(game: MagicGame, pid: int) -> list[str]:
    return [n for n in names(game) if n.startswith(f"activate slot {slot(game, pid)} ")]


def test_602_5b_tectonic_edge_only_if_an_opponent_controls_four_lands():
    game = blank()
    edge = game.add_permanent("Tectonic Edge", 0)
    lands(game, 0, "Plains")
    wolf_run = game.add_permanent("Kessig Wolf Run", 1)
    lands(game, 1, "Island", "Island")
    game.start_at("main1", 0)
    assert not abilities(game, edge)  # three lands
    game = blank()
    edge = game.add_permanent("Tectonic Edge", 0)
    lands(game, 0, "Plains")
    wolf_run = game.add_permanent("Kessig Wolf Run", 1)
    lands(game, 1, "Island", "Island", "Island")
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, edge)} (Tectonic Edge) ability 0")
    game.apply_action(A.permanent(slot(game, wolf_run)))
    settle(game)
    assert wolf_run not in game.battlefield and edge not in game.battlefield


def test_602_5b_temple_of_the_false_god_needs_five_lands_and_is_not_automatic():
    game, _ = main_with("Think Twice", lands_0=("Temple of the False God",
                                                "Island", "Island", "Island"))
    temple = next(p for p in game.battlefield
                  if game.pdef(p).name == "Temple of the False God")
    assert not abilities(game, temple)
    game, _ = main_with(lands_0=("Temple of the False God", "Island", "Island",
                                 "Island", "Island"))
    temple = next(p for p in game.battlefield
                  if game.pdef(p).name == "Temple of the False God")
    act(game, f"activate slot {slot(game, temple)} (Temple of the False God) ability 0")
    assert game.pool[0] == ["C", "C"]


def test_602_5b_mox_opal_metalcraft():
    game = blank()
    mox = game.add_permanent("Mox Opal", 0)
    game.add_permanent("Ornithopter", 0)
    game.start_at("main1", 0)
    assert not abilities(game, mox)
    game.add_permanent("Ornithopter", 0)
    game._legal = None
    act(game, f"activate slot {slot(game, mox)} (Mox Opal) ability 0")
    assert game.decision["kind"] == "colour"
    act(game, "add {G}")
    assert game.pool[0] == ["G"]


def test_602_5b_before_attackers_are_declared_on_your_turn_only():
    game = blank()
    sorcerer = game.add_permanent("Capricious Sorcerer", 0)
    game.start_at("main1", 0)
    assert abilities(game, sorcerer)
    game = blank()
    sorcerer = game.add_permanent("Capricious Sorcerer", 0)
    game.start_at("main1", 1)
    act(game, "pass")  # seat 0 gets priority in seat 1's turn
    assert game.decision["player"] == 0 and not abilities(game, sorcerer)


def test_602_5b_an_empty_hand():
    game = blank()
    tome = game.add_permanent("Fool's Tome", 0)
    lands(game, 0, "Island", "Island")
    card = game.add_card("Island", 0)
    game.start_at("main1", 0)
    assert not abilities(game, tome)
    game.hand[0].remove(card)
    game._legal = None
    assert abilities(game, tome)


# ------------------------------------------------- {X} in an activated ability
def test_601_2b_kessig_wolf_run_announces_x_and_pumps_by_it():
    game = blank()
    run = game.add_permanent("Kessig Wolf Run", 0)
    lands(game, 0, "Mountain", "Forest", "Mountain", "Forest")
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, run)} (Kessig Wolf Run) ability 0")
    assert game.decision["kind"] == "x"
    # four lands pay {R}{G} and X up to 2 (the Wolf Run itself is tapped for {T})
    assert game.decision["values"] == [0, 1, 2]
    act(game, "X = 2")
    game.apply_action(A.permanent(slot(game, bears)))
    settle(game)
    power, toughness, keywords = game.chars(bears)
    assert (power, toughness) == (4, 2) and "trample" in keywords
    assert all(game.battlefield[p].tapped for p in game.battlefield if p != bears)


# ------------------------------------------------------------ pay by choice
def choosing(*hand: str, lands_0: tuple[str, ...]) -> MagicGame:
    game, _ = main_with(*hand, lands_0=lands_0)
    game.pay_by_choice = True
    return game


def test_601_2h_pay_by_choice_asks_for_each_source_in_turn():
    game = choosing("Grizzly Bears", lands_0=("Forest", "Forest", "Mountain"))
    mountain = next(p for p in game.battlefield if game.pdef(p).name == "Mountain")
    act(game, "cast hand 0 (Grizzly Bears)")
    assert game.decision["kind"] == "pay_mana"
    # {1}{G}: any of the three may pay first (two Forests and a Mountain)
    assert len(game.legal_actions()) == 3
    act(game, f"pay with slot {slot(game, mountain)}")
    # the Mountain paid the generic mana: one Forest for {G} (either one)
    assert game.decision["kind"] == "pay_mana" and len(game.legal_actions()) == 2
    game.apply_action(game.legal_actions()[0])
    settle(game)
    assert game.battlefield[mountain].tapped
    assert sum(game.battlefield[p].tapped for p in game.battlefield) == 2
    assert any(game.pdef(p).name == "Grizzly Bears" for p in game.battlefield)


def test_601_2h_pay_by_choice_never_offers_a_source_that_breaks_the_payment():
    # a Mountain cannot pay Llanowar Elves' {G}: only the Forest is offered
    game = choosing("Llanowar Elves", lands_0=("Forest", "Mountain"))
    act(game, "cast hand 0 (Llanowar Elves)")
    names_now = list(names(game))
    assert names_now == [n for n in names_now if "Forest" in n] and len(names_now) == 1
    # Burst Lightning kicked, {R}{4} from one Mountain and four Forests: any land may
    # pay first (the Mountain then pays {R}), but once the Forests paid the {4}, the
    # Mountain is the only way left
    game = choosing("Burst Lightning", lands_0=("Mountain", "Forest", "Forest",
                                                "Forest", "Forest"))
    act(game, "cast hand 0 (Burst Lightning)")
    act(game, "pay kicker")
    act(game, "player 1")
    assert game.decision["kind"] == "pay_mana" and len(game.legal_actions()) == 5
    for _ in range(4):  # the four Forests first
        forest = next(a for a, n in ((a, game.action_to_string(a))
                                     for a in game.legal_actions()) if "Forest" in n)
        game.apply_action(forest)
    mountain = next(p for p in game.battlefield if game.pdef(p).name == "Mountain")
    assert [game.action_to_string(a) for a in game.legal_actions()] == [
        f"pay with slot {slot(game, mountain)} (Mountain)"]
    game.apply_action(game.legal_actions()[0])
    settle(game)
    assert game.life[1] == 16


def test_601_2h_pay_by_choice_is_off_by_default_and_spends_the_pool_first():
    game, _ = main_with("Grizzly Bears", lands_0=("Forest", "Forest"))
    act(game, "cast hand 0 (Grizzly Bears)")
    assert game.decision["kind"] != "pay_mana"
    game = choosing("Grizzly Bears", lands_0=("Forest", "Forest"))
    game.pool[0] = ["G"]
    game._legal = None
    act(game, "cast hand 0 (Grizzly Bears)")
    assert game.decision["kind"] == "pay_mana"  # {G} from the pool, {1} asked
    game.apply_action(game.legal_actions()[0])
    settle(game)
    assert game.pool[0] == [] and sum(game.battlefield[p].tapped
                                      for p in game.battlefield) == 1


def test_601_2h_pay_by_choice_for_an_activated_ability_with_x():
    game = blank()
    run = game.add_permanent("Kessig Wolf Run", 0)
    lands(game, 0, "Mountain", "Forest", "Forest")
    bears = game.add_permanent("Grizzly Bears", 0)
    game.pay_by_choice = True
    game.start_at("main1", 0)
    act(game, f"activate slot {slot(game, run)} (Kessig Wolf Run) ability 0")
    act(game, "X = 1")
    game.apply_action(A.permanent(slot(game, bears)))
    # the Wolf Run is tapped for {T}: it is never offered
    assert all("Kessig" not in game.action_to_string(a) for a in game.legal_actions())
    while game.decision["kind"] == "pay_mana":
        game.apply_action(game.legal_actions()[-1])
    settle(game)
    assert game.chars(bears)[0] == 3


def test_pay_by_choice_random_games_terminate():
    import numpy as np

    deck = (["Mountain"] * 8 + ["Forest"] * 8 + ["Island"] * 4
            + ["Burst Lightning", "Grizzly Bears", "Llanowar Elves", "Electrickery",
               "Kessig Wolf Run", "Faithless Looting", "Goblin Bushwhacker",
               "Into the Roil", "Mizzium Mortars", "Think Twice"] * 4)
    for seed in range(2):
        game = MagicGame.new(seed, decks=[deck, deck], max_turns=30, pay_by_choice=True)
        rng = np.random.default_rng(seed)
        asked = 0
        while not game.is_terminal():
            asked += game.decision["kind"] == "pay_mana"
            legal = game.legal_actions()
            game.apply_action(int(legal[rng.integers(len(legal))]))
        assert asked and game.outcome is not None


def test_702_34a_snapcaster_mage_gives_a_targeted_card_flashback():
    # "when this enters, target instant or sorcery card in your graveyard gains
    # flashback until end of turn. the flashback cost is equal to its mana cost."
    game, (snap, shock, bears) = main_with(
        "Snapcaster Mage", lands_0=("Island", "Island", "Mountain"),
        graveyard=("Shock", "Grizzly Bears"))
    act(game, "cast hand 0 (Snapcaster Mage)")
    settle(game)
    assert set(names(game)) == {"choose card 0 (Shock in player 0's graveyard)"}
    act(game, "Shock")
    settle(game)
    assert game.flashback_grants == [shock]
    act(game, "cast graveyard 0 (Shock) with flashback")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 18 and shock in game.exile[0]
    assert bears in game.graveyard[0]
