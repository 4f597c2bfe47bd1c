"""Player state and player-level rules, scripted on real cards: energy counters (122.1,
107.14) and poison counters a player gets (122.1e)."""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.magic import encoding as E
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.compiled import card
from magic.positions import act, attack, blank, has, pass_until, settle, to_combat


# ------------------------------------------------------------ energy (107.14)
def test_energy_templates_compile():
    assert card("Attune with Aether").spell.effect.steps[-1] == fx.PlayerCounters(2)
    cub = card("Longtusk Cub")
    assert cub.triggered[0].effect == fx.PlayerCounters(2)
    assert cub.activated[0].cost == fx.Cost(energy=2)
    assert card("Empyreal Voyager").triggered[0].effect == fx.PlayerCounters(
        "that_much")
    # "you may pay {e}. if you do, ..." (608.2d)
    brawler = card("Voltaic Brawler").triggered[1].effect
    assert brawler.steps[0] == fx.PayCost(energy=1)
    # "pay eight {e}: ..." and a mana ability paid with energy (Aether Hub)
    assert card("Architect of the Untamed").activated[0].cost == fx.Cost(energy=8)
    hub = card("Aether Hub").activated[-1]
    assert hub.cost == fx.Cost(tap=True, energy=1) and hub.is_mana
    # poison counters a player gets (122.1e)
    assert card("Pistus Strike").spell.effect.steps[-1] == fx.PlayerCounters(
        1, fx.Ref("its_controller"), "poison")


def test_122_1_a_spell_gives_its_controller_energy():
    game = blank()
    game.add_permanent("Forest", 0)
    game.add_permanent("Forest", 0)
    game.add_card("Attune with Aether", 0)
    game.library[0][:0] = [game.add_card("Forest", 0, "library")]
    game.start_at("main1", 0)
    act(game, "Attune with Aether")
    settle(game)
    if game.decision["kind"] != "priority":  # the search: take the Forest
        act(game, "Forest")
    settle(game)
    assert game.energy == [2, 0]
    assert game.observation_for(1)["energy"] == [2, 0]
    assert any(e["type"] == "energy" and e["change"] == 2 for e in game.events)


def test_107_14_paying_energy_removes_counters_and_needs_them():
    game = blank()
    cub = game.add_permanent("Longtusk Cub", 0)
    game.energy[0] = 3
    game.start_at("main1", 0)
    act(game, "activate")
    assert game.energy[0] == 1  # paid as it is activated (601.2h)
    settle(game)
    assert game.battlefield[cub].counters == {"+1/+1": 1}
    # 118.3: one energy counter can't pay {E}{E}: the ability is not offered
    assert not has(game, "activate")


def test_107_14_a_mana_ability_paid_with_energy():
    game = blank()
    game.add_permanent("Aether Hub", 0)
    game.start_at("main1", 0)
    assert not has(game, "activate")  # no energy: only {T}: add {C}, automatic
    game.energy[0] = 1
    game._legal = None
    act(game, "activate")
    if game.decision["kind"] == "choose_mode":
        game.apply_action(A.mode(0))
    if game.decision["kind"] == "colour":
        game.apply_action(game.legal_actions()[0])
    assert game.energy[0] == 0 and len(game.pool[0]) == 1


def test_608_2d_you_may_pay_energy_asked_only_with_energy():
    game = blank()
    brawler = game.add_permanent("Voltaic Brawler", 0)  # 3/2
    game.energy[0] = 1
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, brawler)
    game.apply_action(A.DONE)
    settle(game)
    assert game.decision["kind"] == "yesno"
    act(game, "yes")
    settle(game)
    assert game.energy[0] == 0
    assert game.chars(brawler)[:2] == (4, 3)
    assert "trample" in game.keywords(brawler)
    pass_until(game, "main2")
    assert game.life[1] == 16


def test_608_2d_without_energy_the_optional_payment_is_not_asked():
    game = blank()
    brawler = game.add_permanent("Voltaic Brawler", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, brawler)
    game.apply_action(A.DONE)
    settle(game)
    assert game.decision["kind"] != "yesno"
    assert game.chars(brawler)[:2] == (3, 2)


def test_701_27a_proliferate_gives_a_player_another_energy_counter():
    game = blank()
    game.energy[0] = 2
    game.poison[1] = 1
    game.proliferate(0, [-1, -2])  # (player codes: seats 0 and 1)
    assert game.energy == [3, 0] and game.poison == [0, 2]


def test_energy_survives_clone_and_serialisation_and_is_encoded():
    game = blank()
    game.energy[1] = 5
    game.start_at("main1", 0)
    clone = game.clone()
    clone.energy[1] = 0
    assert game.energy == [0, 5]
    again = MagicGame.from_dict(game.to_dict())
    assert again.energy == [0, 5]
    obs = E.encode(game, 0)
    assert np.isclose(obs[E.GLOBAL["energy_1"]], 0.5)  # seat 1, relative to seat 0
    assert obs[E.GLOBAL["energy_0"]] == 0


def test_122_1e_a_player_gets_poison_counters():
    game = blank()
    game.add_permanent("Noxious Bayou", 0)
    game.start_at("main1", 0)
    act(game, "activate")
    if game.decision["kind"] != "priority":
        game.apply_action(game.legal_actions()[0])
    assert game.poison == [1, 0] and len(game.pool[0]) == 1


# -------------------------------------------- player-level rules (PlayerRule)
def test_player_rule_templates_compile():
    assert fx.PlayerRule("no_life_gain", "opponents") in card(
        "Erebos, God of the Dead").statics
    assert fx.PlayerRule("no_abilities", "opponents", types=("Creature",)) in card(
        "Linvala, Keeper of Silence").statics
    assert card("Grand Abolisher").statics == (
        fx.PlayerRule("no_spells", "opponents", True),
        fx.PlayerRule("no_abilities", "opponents", True,
                      ("Artifact", "Creature", "Enchantment")))
    assert fx.PlayerRule("skip_draw") in card("Yawgmoth's Bargain").statics
    assert card("Rule of Law").statics == (fx.PlayerRule("one_spell", "players"),)
    assert fx.PlayerRule("hexproof") in card("Aegis of the Gods").statics
    assert card("Null Rod").statics == (
        fx.PlayerRule("no_abilities", "players", types=("Artifact",)),)


def test_119_7_your_opponents_cant_gain_life_erebos():
    game = blank()
    game.add_permanent("Erebos, God of the Dead", 0)
    game.start_at("main1", 0)
    game.gain_life(1, 3)
    game.gain_life(0, 3)
    assert game.life == [23, 20]


def test_101_2_grand_abolisher_stops_opponents_spells_and_abilities_on_its_turn():
    game = blank()
    game.add_permanent("Grand Abolisher", 0)
    game.add_permanent("Mountain", 1)
    game.add_permanent("Prodigal Pyromancer", 1)
    game.add_card("Lightning Bolt", 1)
    game.start_at("main1", 0)
    game.apply_action(A.PASS)  # seat 1 gets priority during seat 0's turn
    assert game.priority == 1
    assert not has(game, "Lightning Bolt") and not has(game, "activate")
    # on seat 1's own turn the rule does not apply
    game2 = blank()
    game2.add_permanent("Grand Abolisher", 0)
    game2.add_permanent("Mountain", 1)
    game2.add_permanent("Prodigal Pyromancer", 1)
    game2.add_card("Lightning Bolt", 1)
    game2.start_at("main1", 1)
    assert has(game2, "Lightning Bolt") and has(game2, "activate")


def test_602_5a_linvala_stops_opponents_creature_abilities_mana_ones_too():
    game = blank()
    game.add_permanent("Linvala, Keeper of Silence", 0)
    game.add_permanent("Prodigal Pyromancer", 1)
    game.add_permanent("Llanowar Elves", 1)
    game.add_card("Giant Growth", 1)
    mine = game.add_permanent("Prodigal Pyromancer", 0)
    game.start_at("main1", 1)
    assert not has(game, "activate")
    assert not has(game, "Giant Growth")  # the Elves' {T}: add {G} can't pay it
    assert game.abilities_stopped(1, next(
        pid for pid, p in game.battlefield.items()
        if game.name_of(p.card) == "Llanowar Elves"))
    assert not game.abilities_stopped(0, mine)


def test_500_11_skip_your_draw_step():
    game = blank()
    game.add_permanent("Yawgmoth's Bargain", 0)
    game.start_at("upkeep", 0)
    pass_until(game, "main1")
    assert game.hand[0] == []
    assert any(e["type"] == "skip_step" and e["step"] == "draw" for e in game.events)


def test_101_2_rule_of_law_one_spell_each_turn():
    game = blank()
    game.add_permanent("Rule of Law", 1)
    for _ in range(2):
        game.add_permanent("Mountain", 0)
        game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "hand 0")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 17
    assert not has(game, "Lightning Bolt")


def test_702_11d_a_player_with_hexproof_cant_be_targeted_by_opponents():
    game = blank()
    game.add_permanent("Aegis of the Gods", 1)
    game.add_permanent("Mountain", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    targets = {game.action_to_string(a) for a in game.legal_actions()}
    assert A.player(0) in game.legal_actions() and A.player(1) not in game.legal_actions(), targets


# ------------------------------------------------------------ the monarch (724)
def test_monarch_templates_compile():
    assert card("Palace Sentinels").triggered[0].effect == fx.BecomeMonarch()
    assert card("Feast of Succession").spell.effect.steps[-1] == fx.BecomeMonarch()
    # "if you're the monarch" / "if an opponent is the monarch" (603.4)
    assert card("Throne Warden").triggered[0].trigger.condition == \
        fx.ActivationCondition("monarch")
    assert card("Queen Marchesa").triggered[1].trigger.condition == \
        fx.ActivationCondition("opponent_monarch")


def test_724_1_an_ability_makes_its_controller_the_monarch():
    game = blank()
    game.add_permanent("Throne of the High City", 0)
    for _ in range(4):
        game.add_permanent("Plains", 0)
    game.start_at("main1", 0)
    act(game, "Throne of the High City")
    settle(game)
    assert game.monarch == 0
    assert game.observation_for(1)["monarch"] == 0
    assert E.encode(game, 1)[E.GLOBAL["monarch_1"]] == 1.0  # seat 0 is seat 1's +1
    assert any(e["type"] == "monarch" and e["player"] == 0 for e in game.events)


def test_724_2_the_monarch_draws_at_the_beginning_of_their_end_step():
    game = blank()
    game.start_at("main2", 0)
    game.become_monarch(0)
    pass_until(game, "end")
    settle(game)
    assert len(game.hand[0]) == 1
    # not on another player's end step
    game2 = blank()
    game2.start_at("main2", 1)
    game2.become_monarch(0)
    pass_until(game2, "end")
    settle(game2)
    assert game2.hand[0] == []


def test_724_2_combat_damage_to_the_monarch_takes_the_crown():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    game.become_monarch(1)
    to_combat(game)
    attack(game, bears)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    settle(game)
    assert game.life[1] == 18 and game.monarch == 0


def test_724_4_a_monarch_leaving_the_game_passes_it_to_the_active_player():
    game = blank(players=3)
    game.start_at("main1", 0)
    game.become_monarch(2)
    game.concede(2)
    assert game.monarch == 0


def test_603_4_if_youre_the_monarch_throne_warden():
    game = blank()
    warden = game.add_permanent("Throne Warden", 0)
    game.start_at("main2", 0)
    pass_until(game, "end")
    settle(game)
    assert game.battlefield[warden].counters == {}
    game2 = blank()
    warden = game2.add_permanent("Throne Warden", 0)
    game2.start_at("main2", 0)
    game2.become_monarch(0)
    pass_until(game2, "end")
    settle(game2)
    assert game2.battlefield[warden].counters == {"+1/+1": 1}


# ------------------------------------------ 106.7: any type a land could produce
def test_106_7_reflecting_pool_makes_what_your_lands_could():
    assert card("Reflecting Pool").activated[0].effect == fx.AddMana(("your_lands",))
    game = blank()
    pool = game.add_permanent("Reflecting Pool", 0)
    game.start_at("main1", 0)
    assert game.mana_options(0, ("your_lands",), pool) == frozenset()  # 106.7
    game.add_permanent("Wastes", 0)
    game.add_permanent("Forest", 0)
    game.add_permanent("Mountain", 1)  # an opponent's land counts for nothing
    assert game.mana_options(0, ("your_lands",), pool) == {"C", "G"}


# ------------------------------- 607.2, 903.3: "when that mana is spent" (Path)
def _path_game(spell: str):
    from labyrinth_gym.envs.mazerunner.engine.game import CommanderGame

    game = CommanderGame.empty(0, num_players=2, life=40)
    for p in range(2):
        for _ in range(5):
            game.add_card("Island", p, "library")
    commander = game.add_permanent("Obyra, Dreaming Duelist", 0)  # a Faerie
    game.commanders[0].append(game.battlefield[commander].card)
    path = game.add_permanent("Path of Ancestry", 0)
    game.add_card(spell, 0)
    game.start_at("main1", 0)
    act(game, spell)
    game._run()
    return game, path


def test_mana_spent_trigger_compiles():
    path = card("Path of Ancestry")
    assert path.triggered[0].trigger == fx.Trigger("mana_spent", fx.Filter(
        types=frozenset({"Creature"}), props=frozenset({"shares_commander_type"})))


def test_607_2_path_of_ancestry_scries_for_a_creature_sharing_a_type():
    game, path = _path_game("Faerie Seer")  # {U} Faerie Wizard
    assert game.battlefield[path].tapped
    assert [game.name_of(s.card) for s in game.stack][-1] == "Path of Ancestry"


def test_607_2_path_of_ancestry_no_scry_for_another_creature_type():
    game, path = _path_game("Spectral Sailor")  # {U} Spirit Pirate
    assert game.battlefield[path].tapped
    assert [game.name_of(s.card) for s in game.stack] == ["Spectral Sailor"]


# ------------------------------------- 903.3: "if you control your commander"
def _lieutenant_game(commander_out: bool):
    from labyrinth_gym.envs.mazerunner.engine.game import CommanderGame

    game = CommanderGame.empty(0, num_players=2, life=40)
    for p in range(2):
        for _ in range(5):
            game.add_card("Island", p, "library")
    game.add_permanent("Loyal Drake", 0)
    if commander_out:
        commander = game.add_permanent("Obyra, Dreaming Duelist", 0)
        game.commanders[0].append(game.battlefield[commander].card)
    else:  # in its owner's hand
        game.commanders[0].append(game.add_card("Obyra, Dreaming Duelist", 0))
    game.start_at("main1", 0)
    pass_until(game, "beginning_of_combat")
    settle(game)
    return game


def test_903_3_lieutenant_draws_while_you_control_your_commander():
    assert card("Loyal Drake").triggered[0].trigger.condition == \
        fx.ActivationCondition("control_commander")
    assert len(_lieutenant_game(True).hand[0]) == 1
    assert len(_lieutenant_game(False).hand[0]) == 1  # only the commander: no draw
    assert not blank().controls_commander(0)  # no commanders outside Commander
