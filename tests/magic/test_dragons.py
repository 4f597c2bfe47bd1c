"""Scripted positions for the mechanisms the Draconic Rage Commander precon's last
refused cards need, each on real cards of the pool: revealing cards from the top of
a library until some are revealed (701.20a), ..."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import (
    act,
    attack,
    blank,
    finish_attacks,
    lands,
    names,
    pass_to_decision,
    settle,
    target_perm,
    to_combat,
)
from magic.test_precon_mechanics import LoadedDice


def _library(game, p, *top_first):
    """Put ``top_first`` on top of ``p``'s library (the first one on top); their ids."""
    return [game.add_card(name, p, "library") for name in reversed(top_first)][::-1]


def _names(game, cards):
    return [game.name_of(c) for c in cards]


# ------------------------------------------------ 701.20a reveal until
def test_701_20a_reveal_until_compiles_across_the_pool():
    pool = compiled_pool().supported
    for name in ("Bag of Tricks", "Heirloom Blade", "Kindred Summons", "Clifftop Lookout",
                 "Hermit Druid", "Foster", "Evolutionary Leap"):
        assert name in pool, name
    bag = pool["Bag of Tricks"].activated[0].effect
    assert isinstance(bag.steps[0], fx.RollDice) and bag.steps[1].mana_value == "die_result"
    summons = pool["Kindred Summons"].spell.effect
    assert isinstance(summons.steps[0], fx.ChooseType)
    assert summons.steps[1].rest == "shuffle" and summons.steps[1].dest == "battlefield"
    assert "chosen_type" in summons.steps[1].count.filter.props


def test_701_20a_bag_of_tricks_reveals_until_a_creature_of_the_rolled_mana_value():
    game = blank()
    game.dice = LoadedDice(3)
    bag = game.add_permanent("Bag of Tricks", 0)
    lands(game, 0, *["Forest"] * 5)
    island, bears, courser = _library(game, 0, "Island", "Grizzly Bears",
                                      "Centaur Courser")
    size = len(game.library[0])
    game.start_at("main1", 0)
    act(game, "(Bag of Tricks)")
    settle(game)
    assert game.battlefield[bag].tapped
    assert [p.card for p in game.battlefield.values()].count(courser) == 1
    assert set(game.library[0][:2]) == {island, bears}  # on the bottom
    assert len(game.library[0]) == size - 1
    (event,) = [e for e in game.events if e["type"] == "reveal_until"]
    assert event["cards"] == ["Island", "Grizzly Bears", "Centaur Courser"]


def test_701_20a_a_library_without_a_match_is_revealed_whole_and_kept():
    game = blank(library=3)
    game.dice = LoadedDice(8)  # no creature of mana value 8 there
    game.add_permanent("Bag of Tricks", 0)
    lands(game, 0, *["Forest"] * 5)
    _library(game, 0, "Grizzly Bears")
    game.start_at("main1", 0)
    act(game, "(Bag of Tricks)")
    settle(game)
    assert len(game.library[0]) == 4
    assert sorted(_names(game, game.library[0])) == ["Grizzly Bears"] + ["Island"] * 3


def _choose(game, option):
    assert game.decision["kind"] == "choose", game.decision
    game.apply_action(A.mode(game.decision["options"].index(option)))


def test_701_20a_heirloom_blade_finds_a_card_sharing_a_type_with_the_dead_creature():
    game = blank()
    elf = game.add_permanent("Llanowar Elves", 0)
    game.add_permanent("Heirloom Blade", 0, attached_to=elf)
    lands(game, 0, "Mountain")
    bears, visionary = _library(game, 0, "Grizzly Bears", "Elvish Visionary")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    assert game.chars(elf)[:2] == (4, 2)
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, elf)
    pass_to_decision(game, "yesno")  # "you may reveal"
    act(game, "yes")
    settle(game)
    assert elf not in game.battlefield
    assert game.hand[0] == [visionary] and visionary in game.public_hand
    assert game.library[0][0] == bears  # (not an Elf: on the bottom)


def test_701_20a_kindred_summons_puts_as_many_of_the_chosen_type_as_you_control():
    game = blank()
    for name in ("Llanowar Elves", "Elvish Mystic", "Grizzly Bears"):
        game.add_permanent(name, 0)
    lands(game, 0, *["Forest"] * 7)
    _library(game, 0, "Grizzly Bears", "Elvish Visionary", "Island", "Llanowar Elves",
             "Elvish Mystic")
    game.add_card("Kindred Summons", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Kindred Summons)")
    pass_to_decision(game, "choose")
    _choose(game, "Elf")
    settle(game)
    on_board = sorted(game.name_of(p.card) for p in game.battlefield.values()
                      if game.is_creature(p.pid))
    assert on_board == ["Elvish Mystic", "Elvish Visionary", "Grizzly Bears",
                        "Llanowar Elves", "Llanowar Elves"]
    # the other three shuffled back in (less the card Elvish Visionary drew)
    assert len(game.library[0]) == 12 and len(game.hand[0]) == 1
    assert any(e["type"] == "shuffle" and e["player"] == 0 for e in game.events)


# ------------------------- 601.2c up to X targets; 207.2d a mode's flavor word
def test_601_2c_up_to_x_targets_compile():
    pool = compiled_pool().supported
    for name in ("Klauth's Will",):
        assert name in pool, name
    smash = pool["Klauth's Will"].spell.effect.modes[1]
    assert smash.what.count == "X" and smash.what.up_to


def _klauth(x: int, *, commander: bool):
    from labyrinth_gym.envs.mazerunner.engine.game import CommanderGame

    game = CommanderGame.empty(0, num_players=2, life=40)
    for p in range(2):
        for _ in range(5):
            game.add_card("Island", p, "library")
    if commander:
        general = game.add_permanent("Obyra, Dreaming Duelist", 0)
        game.commanders[0].append(game.battlefield[general].card)
    lands(game, 0, "Mountain", "Mountain", "Forest", *["Wastes"] * x)
    bears = game.add_permanent("Grizzly Bears", 1)
    crow = game.add_permanent("Storm Crow", 1)
    relics = [game.add_permanent(n, 1) for n in ("Mind Stone", "Glorious Anthem", "Ornithopter")]
    game.add_card("Klauth's Will", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Klauth's Will)")
    assert game.decision["kind"] == "x"
    game.apply_action(A.mode(game.decision["values"].index(x)))
    return game, bears, crow, relics


def test_601_2c_klauths_will_chooses_both_modes_with_a_commander_and_x_targets():
    game, bears, crow, relics = _klauth(2, commander=True)
    game.apply_action(A.mode(0))
    game.apply_action(A.mode(1))  # both: its controller controls a commander
    target_perm(game, relics[0])
    target_perm(game, relics[1])
    assert game.decision["kind"] != "target"  # two targets at most: X is 2
    settle(game)
    assert bears not in game.battlefield and crow in game.battlefield
    assert relics[0] not in game.battlefield and relics[1] not in game.battlefield
    assert relics[2] in game.battlefield


def test_601_2c_klauths_will_without_a_commander_is_one_mode():
    game, bears, crow, relics = _klauth(1, commander=False)
    game.apply_action(A.mode(1))
    target_perm(game, relics[2])
    settle(game)
    assert relics[2] not in game.battlefield and bears in game.battlefield


# ------------------------------------------ 701.38a "whenever a goaded creature"
def test_701_38a_a_goaded_creature_attacking_deals_1_damage_to_its_controller():
    game = blank()
    ancestor = game.add_permanent("Vengeful Ancestor", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.battlefield[bears].sick = False
    game.add_permanent("Grizzly Bears", 0)  # (not goaded: attacks without a trigger)
    game.start_at("main1", 0)
    game.battlefield[ancestor].sick = False
    to_combat(game)
    attack(game, ancestor)
    finish_attacks(game)
    while game.decision["kind"] != "target":
        game.apply_action(A.PASS)
    target_perm(game, bears)  # its attack trigger goads the opponent's Bears
    settle(game)
    assert game.goaders(bears) == {0}
    pass_to_decision(game, "attack")
    while game.active != 1 or game.decision["kind"] != "attack":
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    before = game.life[1]
    attack(game, bears)  # (goaded: it must attack)
    finish_attacks(game)
    settle(game)
    assert game.life[1] == before - 1
    hits = [e for e in game.events if e["type"] == "damage" and e.get("player") == 1]
    assert hits[-1]["source"] == "Grizzly Bears" and hits[-1]["amount"] == 1


# ------------------------------------------------ 706, 614.1c rolled as it enters
def test_706_neverwinter_hydra_enters_with_the_total_of_x_d6():
    game = blank()
    game.dice = LoadedDice(4)
    lands(game, 0, *["Forest"] * 6)
    game.add_card("Neverwinter Hydra", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Neverwinter Hydra)")
    assert game.decision["kind"] == "x"
    game.apply_action(A.mode(game.decision["values"].index(2)))
    settle(game)
    (hydra,) = [pid for pid, p in game.battlefield.items()
                if game.name_of(p.card) == "Neverwinter Hydra"]
    assert game.battlefield[hydra].counters == {"+1/+1": 8}  # two d6 showing 4
    assert [e["results"] for e in game.events if e["type"] == "roll"] == [[4, 4]]
    assert game.chars(hydra)[:2] == (8, 8)


# ------------------------------------- 614.1a, 706.4 an extra die, rolls ignored
class ScriptedDice(LoadedDice):
    """The game's dice, except that the dice show ``faces`` in turn."""

    __slots__ = ("faces",)

    def __init__(self, *faces: int):
        super().__init__(1)
        self.faces = list(faces)

    def roll(self, sides: int) -> int:
        return self.faces.pop(0)


def test_706_4_barbarian_class_rolls_one_more_die_and_ignores_the_lowest():
    pool = compiled_pool().supported
    for name in ("Barbarian Class", "Pixie Guide", "Wyll, Blade of Frontiers"):
        assert fx.ExtraDie() in pool[name].statics, name
    game = blank()
    game.add_permanent("Barbarian Class", 0)
    game.add_permanent("Bag of Tricks", 0)
    lands(game, 0, *["Forest"] * 5)
    _library(game, 0, "Grizzly Bears", "Centaur Courser")
    game.dice = ScriptedDice(3, 2)  # the d8 and the extra one: the 2 is ignored
    game.start_at("main1", 0)
    act(game, "(Bag of Tricks)")
    settle(game)
    (roll,) = [e for e in game.events if e["type"] == "roll"]
    assert roll["results"] == [3] and roll["ignored"] == [2]
    assert any(game.name_of(p.card) == "Centaur Courser" for p in game.battlefield.values())


def test_706_4_ignoring_the_lower_roll_after_the_extra_die():
    game = blank()
    game.start_at("main1", 0)
    game.dice = ScriptedDice(5, 17)
    assert game.roll_dice(0, 20, 2, keep=1) == [17]  # "ignore the lower roll"
    game.add_permanent("Pixie Guide", 0)
    game.dice = ScriptedDice(5, 17, 9)
    assert game.roll_dice(0, 20, 2, keep=1) == [17]
    assert game.events[-1]["ignored"] == [5, 9]
    game.dice = ScriptedDice(4)
    assert game.roll_dice(1, 6, 1) == [4]  # (another player's rolls: no extra die)


# ------------------------ 118.3 "exile this" as a cost; 401.4 beneath the top X
def test_underdark_rift_exiles_itself_and_tucks_the_target_beneath_the_rolled_count():
    game = blank()
    game.dice = LoadedDice(2)
    rift = game.add_permanent("Underdark Rift", 0)
    lands(game, 0, *["Wastes"] * 5)
    bears = game.add_permanent("Grizzly Bears", 1)
    card = game.battlefield[bears].card
    game.start_at("main1", 0)
    act(game, "(Underdark Rift)")
    target_perm(game, bears)
    assert rift not in game.battlefield  # exiled as the cost is paid
    assert game.name_of(game.exile[0][-1]) == "Underdark Rift"
    settle(game)
    assert bears not in game.battlefield
    assert game.library[1][-3] == card  # just beneath the top two cards
    assert len(game.library[1]) == 11


def test_401_4_second_from_the_top_compiles():
    put = compiled_pool().supported["Chronostutter"].spell.effect
    assert put.depth == 1 and not put.bottom


# ------------------------------------- 106.1 "add two mana of different colors"
def test_106_1_component_pouch_adds_two_mana_of_different_colours_and_rolls_counters():
    game = blank()
    game.dice = LoadedDice(15)
    pouch = game.add_permanent("Component Pouch", 0, counters={"component": 1})
    game.start_at("main1", 0)
    abilities = [n for n in names(game) if "Component Pouch" in n]
    assert len(abilities) == 2, abilities
    game.apply_action(names(game)[abilities[0]])
    assert game.decision["kind"] == "colour" and len(game.decision["options"]) == 5
    first = game.decision["options"][0]
    game.apply_action(A.mode(0))
    assert game.decision["kind"] == "colour" and first not in game.decision["options"]
    second = game.decision["options"][0]
    game.apply_action(A.mode(0))
    assert sorted(game.pool[0]) == sorted([first, second]) and first != second
    assert game.battlefield[pouch].counters.get("component", 0) == 0
    game.battlefield[pouch].tapped = False
    game._legal = None
    act(game, "(Component Pouch)")  # (no counter left: only the roll)
    settle(game)
    assert game.battlefield[pouch].counters["component"] == 2  # 10-20: two


# ------------------- 706, 608.2c "if the result is greater than the damage dealt"
def _sword_swing(face: int, counters: int = 0) -> tuple:
    game = blank()
    game.dice = LoadedDice(face)
    bears = game.add_permanent("Grizzly Bears", 0,
                               counters={"+1/+1": counters} if counters else None)
    game.add_permanent("Sword of Hours", 0, attached_to=bears)
    game.start_at("main1", 0)
    game.battlefield[bears].sick = False
    to_combat(game)
    attack(game, bears)
    finish_attacks(game)
    pass_to_decision(game, "priority")
    for _ in range(30):
        if game.step in ("end_of_combat", "main2"):
            break
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    return game, bears


def test_706_sword_of_hours_doubles_the_counters_when_the_d12_beats_the_damage():
    game, bears = _sword_swing(4)  # 3 damage dealt (2/2 with a counter): 4 beats it
    assert game.life[1] == 17
    assert game.battlefield[bears].counters == {"+1/+1": 2}
    game, bears = _sword_swing(3)  # 3 is not greater than 3
    assert game.battlefield[bears].counters == {"+1/+1": 1}
    game, bears = _sword_swing(12, counters=11)  # 14 damage, but a 12 doubles
    assert game.battlefield[bears].counters == {"+1/+1": 24}
    game, bears = _sword_swing(11, counters=11)
    assert game.battlefield[bears].counters == {"+1/+1": 12}


# ----------------------- 303.4 a Curse's cast trigger, moved to a random opponent
def test_303_4_maddening_hex_burns_its_player_by_a_d6_then_moves_to_another_opponent():
    from labyrinth_gym.envs.magic.engine.state import player_code

    game = blank(players=3)
    game.dice = LoadedDice(4)
    hex_ = game.add_permanent("Maddening Hex", 0, attached_to=player_code(1))
    lands(game, 1, "Mountain")
    game.add_card("Lightning Bolt", 1)
    game.add_card("Grizzly Bears", 2)
    game.start_at("main1", 1)
    act(game, "cast hand 0 (Lightning Bolt)")
    game.apply_action(A.player(1))  # at seat 2 (relative 1 from seat 1)
    settle(game)
    assert game.life[1] == 16  # the d6 showed 4
    assert game.life[2] == 17  # the Bolt
    assert game.battlefield[hex_].attached_to == player_code(2)  # the one other opponent


# ------------------------- 608.2g casting a spell from the hand without paying
def test_608_2g_rishkars_expertise_casts_a_cheap_spell_from_hand_for_free():
    pool = compiled_pool().supported
    for name in ("Rishkar's Expertise", "Sram's Expertise", "Baral's Expertise",
                 "Yahenni's Expertise"):
        assert name in pool, name
    game = blank()
    game.add_permanent("Craw Wurm", 0)  # power 6: draw six
    forests = lands(game, 0, *["Forest"] * 8)
    game.add_card("Rishkar's Expertise", 0)
    game.add_card("Colossal Dreadmaw", 0)  # mana value 6: not offered
    bears = game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Rishkar's Expertise)")
    pass_to_decision(game, "bottom")  # "you may cast a spell ...": which one, or done
    assert game.decision["put"] == "cast_free"
    assert game.decision["options"] == [bears]  # (the Dreadmaw is never offered)
    game.apply_action(A.hand(game.hand_slots(0).index(bears)))
    settle(game)
    assert any(p.card == bears for p in game.battlefield.values())
    assert len(game.hand[0]) == 7  # six drawn and the Dreadmaw
    # the Expertise's six, none for the Bears
    assert sum(game.battlefield[f].tapped for f in forests) == 6


# --------------------------------------------- 706 "choose one result" of two
def test_706_wild_endeavor_chooses_which_d4_makes_beasts_and_which_finds_lands():
    game = blank()
    game.dice = ScriptedDice(1, 3)
    lands(game, 0, *["Forest"] * 6)
    _library(game, 0, "Forest", "Mountain", "Forest")
    game.add_card("Wild Endeavor", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Wild Endeavor)")
    pass_to_decision(game, "yesno")
    assert game.decision["die_choice"] == [1, 3]
    act(game, "no")  # the 3 is "that result": three Beasts; the 1 finds one land
    for _ in range(10):
        if game.decision["kind"] == "search":
            game.apply_action(min(a for a in game.legal_actions() if a > A.DONE))
        elif not game.stack and game.decision["kind"] == "priority":
            break
        else:
            game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    beasts = [p for p in game.battlefield.values() if game.name_of(p.card) == "Beast Token"]
    assert len(beasts) == 3
    assert len([p for p in game.battlefield.values() if p.tapped and
                game.name_of(p.card) in ("Forest", "Mountain")]) == 6 + 1


def test_706_reckless_endeavor_compiles_with_both_results():
    spell = compiled_pool().supported["Reckless Endeavor"].spell.effect
    assert spell.steps[0].choose and spell.steps[1].amount == "die_result"
    assert spell.steps[2].count == "other_result"
