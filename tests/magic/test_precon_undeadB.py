"""Refused cards of the Undead Unleashed precon made to play (branch undeadB), each
through a general mechanism: Hordewing Skaab ("one or more <creatures> deal combat
damage to one or more of your opponents", 603.2c, counting the opponents dealt it),
Shadow Kin and Stitcher Geralf (the cards an effect milled, "this way", 608.2c: a
choice among them, becoming a copy of one, an X/X token of their total power), and the
X/X tokens the last one generalises to ("where X is the number of ...", 608.2h)."""

from __future__ import annotations

import json

import numpy as np

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    creature,
    finish_attacks,
    lands,
    names,
    pool,
    settle,
    to_combat,
)
from magic.test_batch_triggers import _triggers

ZOMBIE = ("Zombie",)


def _zombie(name: str) -> fx.CardDef:
    return creature(name, 2, 2, subtypes=ZOMBIE)


def _to_combat_damage_decision(game: MagicGame) -> None:
    """Pass (no blocks) until a decision other than priority or blocks is asked, or
    the second main phase comes."""
    for _ in range(60):
        if game.decision["kind"] not in ("priority", "block") or game.step == "main2":
            return
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    raise AssertionError(f"stuck at {game.step} {game.decision}")


# ------------------------------------------------------------- Hordewing Skaab
def test_compiled_hordewing_skaab():
    skaab = pool("Hordewing Skaab")
    ability = skaab.triggered[0]
    assert ability.trigger == fx.Trigger(
        "group_combat_damage_opponents",
        fx.Filter(frozenset({"Creature"}), frozenset(ZOMBIE), controller="you"))
    assert ability.optional
    assert ability.effect == fx.IfYouDo((fx.Draw("that_much"), fx.Discard("that_much")))


def _skaab_game(players: int = 3) -> tuple[MagicGame, int]:
    game = blank(players=players)
    skaab = game.add_permanent("Hordewing Skaab", 0)
    for _ in range(3):
        game.add_card("Swamp", 0)
    return game, skaab


def test_603_2c_zombies_hitting_two_opponents_draw_and_discard_two():
    game, _ = _skaab_game()
    z1 = game.add_permanent(_zombie("Zombie A"), 0)
    z2 = game.add_permanent(_zombie("Zombie B"), 0)
    bear = game.add_permanent(creature("Bear", 2, 2), 0)  # not a Zombie
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, z1, 1)
    attack(game, z2, 2)
    attack(game, bear, 1)
    finish_attacks(game)
    _to_combat_damage_decision(game)
    assert game.life[1:] == [16, 18]
    assert _triggers(game, "Hordewing Skaab") == 1  # one batch for the step
    assert game.decision["kind"] == "yesno"
    game.apply_action(names(game)["yes"])
    assert len(game.hand[0]) == 5  # two opponents: two cards drawn
    discarded = 0
    while game.decision["kind"] == "discard":
        game.apply_action(next(a for n, a in names(game).items() if "Swamp" in n))
        discarded += 1
    assert discarded == 2
    assert [game.name_of(c) for c in game.hand[0]] == ["Swamp", "Island", "Island"]
    assert sum(game.name_of(c) == "Swamp" for c in game.graveyard[0]) == 2


def test_two_zombies_hitting_one_opponent_count_one_opponent():
    game, _ = _skaab_game()
    z1 = game.add_permanent(_zombie("Zombie A"), 0)
    z2 = game.add_permanent(_zombie("Zombie B"), 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, z1, 2)
    attack(game, z2, 2)
    finish_attacks(game)
    _to_combat_damage_decision(game)
    assert game.life[2] == 16
    game.apply_action(names(game)["yes"])
    assert len(game.hand[0]) == 4  # one opponent dealt damage: one card
    assert game.decision["kind"] == "discard"
    game.apply_action(next(a for n, a in names(game).items() if "Island" in n))
    assert len(game.hand[0]) == 3 and len(game.graveyard[0]) == 1


def test_only_zombies_dealing_combat_damage_to_an_opponent_trigger_it():
    game, skaab = _skaab_game(players=2)
    bear = game.add_permanent(creature("Bear", 2, 2), 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, bear)
    finish_attacks(game)
    _to_combat_damage_decision(game)
    assert game.life[1] == 18
    assert _triggers(game, "Hordewing Skaab") == 0
    assert len(game.hand[0]) == 3
    # the Skaab itself is a Zombie: declining the draw draws and discards nothing
    game.start_at("main1", 0, turn=4)
    to_combat(game)
    attack(game, skaab)
    finish_attacks(game)
    _to_combat_damage_decision(game)
    assert game.life[1] == 15 and _triggers(game, "Hordewing Skaab") == 1
    game.apply_action(names(game)["no"])
    assert len(game.hand[0]) == 3 and not game.graveyard[0]


# ------------------------------------------------------------- Stitcher Geralf
CREATURE_CARDS = fx.Filter(frozenset({"Creature"}))


def _stack_libraries(game: MagicGame, *tops: tuple[str, ...]) -> None:
    """Put ``tops[p]`` on top of seat ``p``'s library (the last one on top)."""
    for p, cards in enumerate(tops):
        for name in cards:
            game.add_card(name, p, "library")


def _names(game: MagicGame, cards: list[int]) -> list[str]:
    return sorted(game.name_of(c) for c in cards)


def test_compiled_stitcher_geralf():
    ability = pool("Stitcher Geralf").activated[0]
    mill, chosen, token = ability.effect.steps
    assert mill == fx.Mill(3, fx.Ref("each_player"))
    assert chosen == fx.MoveChosenCards(fx.Ref("graveyard_this_way"), CREATURE_CARDS,
                                        2, up_to=True)
    assert token.pt == "exiled_power"
    assert (token.token.subtypes, token.token.colours) == (("Zombie",), ("U",))


def _geralf_game() -> MagicGame:
    game = blank()
    game.add_permanent("Stitcher Geralf", 0)
    lands(game, 0, "Island", "Island", "Island")
    _stack_libraries(game, ("Grizzly Bears", "Hill Giant", "Island"),
                     ("Craw Wurm", "Island", "Serra Angel"))
    game.start_at("main1", 0)
    act(game, "Stitcher Geralf")
    settle(game)
    return game


def test_geralf_exiles_two_chosen_milled_creature_cards_for_a_token_of_their_power():
    game = _geralf_game()
    assert game.decision["kind"] == "hand_choice"
    # the creature cards each player milled, from both graveyards (not the Islands)
    assert _names(game, game.decision["cards"]) == [
        "Craw Wurm", "Grizzly Bears", "Hill Giant", "Serra Angel"]
    assert A.DONE in game.legal_actions()  # "up to"
    act(game, "Serra Angel")
    act(game, "Craw Wurm")
    settle(game)
    assert _names(game, game.exile[1]) == ["Craw Wurm", "Serra Angel"]
    assert _names(game, game.graveyard[0]) == ["Grizzly Bears", "Hill Giant", "Island"]
    token = next(pid for pid, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Zombie Token")
    assert game.chars(token)[:2] == (10, 10)  # 4 + 6
    assert game.pdef(token).colours == ("U",)


def test_geralf_choice_is_shown_and_survives_a_save_and_restore():
    game = _geralf_game()
    act(game, "Hill Giant")
    seen = game.observation_for(0)["looking"]
    assert sorted(seen) == ["Craw Wurm", "Grizzly Bears", "Serra Angel"]
    # a search tree's determinized copy keeps the choice (no hand is chosen from)
    sampled = game.determinize(0, np.random.default_rng(0))
    assert sampled.decision["cards"] == game.decision["cards"]
    restored = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    act(restored, "Craw Wurm")
    settle(restored)
    token = next(pid for pid, perm in restored.battlefield.items()
                 if restored.name_of(perm.card) == "Zombie Token")
    assert restored.chars(token)[:2] == (9, 9)


def test_geralf_choosing_no_card_makes_a_0_0_token_that_dies():
    game = _geralf_game()
    act(game, "done")
    settle(game)
    assert not any(game.exile)
    assert not any(game.name_of(perm.card) == "Zombie Token"
                   for perm in game.battlefield.values())
    assert any(e["type"] == "token" and e["card"] == "Zombie Token" for e in game.events)


def test_geralf_chooses_only_cards_milled_this_way():
    game = blank()
    game.add_permanent("Stitcher Geralf", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.add_card("Craw Wurm", 1, "graveyard")  # there before: not put there this way
    _stack_libraries(game, ("Hill Giant", "Island", "Island"), ())
    game.start_at("main1", 0)
    act(game, "Stitcher Geralf")
    settle(game)
    assert _names(game, game.decision["cards"]) == ["Hill Giant"]
    act(game, "Hill Giant")
    settle(game)
    assert _names(game, game.exile[0]) == ["Hill Giant"]
    assert _names(game, game.graveyard[1]) == ["Craw Wurm", "Island", "Island", "Island"]
    token = next(pid for pid, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Zombie Token")
    assert game.chars(token)[:2] == (3, 3)


# ------------------------------------------------------------------ Shadow Kin
def test_compiled_shadow_kin():
    ability = pool("Shadow Kin").triggered[0]
    assert ability.trigger == fx.Trigger("upkeep", fx.Ref("you"))
    assert ability.effect == fx.Sequence((
        fx.Mill(3, fx.Ref("each_player")),
        fx.MayDo(fx.IfYouDo((
            fx.MoveChosenCards(fx.Ref("graveyard_this_way"), CREATURE_CARDS),
            fx.BecomesCopy(fx.Ref("that_card"), this_ability=True))))))


def _kin_game(*tops: tuple[str, ...]) -> tuple[MagicGame, int]:
    game = blank()
    kin = game.add_permanent("Shadow Kin", 0, counters={"+1/+1": 1})
    _stack_libraries(game, *tops)
    game.start_at("upkeep", 0)
    settle(game)
    return game, kin


def test_shadow_kin_becomes_a_copy_of_the_exiled_card_and_keeps_its_ability():
    game, kin = _kin_game(("Grizzly Bears", "Island", "Island"),
                          ("Craw Wurm", "Island", "Serra Angel"))
    assert game.decision["kind"] == "yesno"
    game.apply_action(names(game)["yes"])
    assert _names(game, game.decision["cards"]) == [
        "Craw Wurm", "Grizzly Bears", "Serra Angel"]
    assert A.DONE not in game.legal_actions()  # "a creature card": one is exiled
    act(game, "Serra Angel")
    assert _names(game, game.exile[1]) == ["Serra Angel"]
    d = game.pdef(kin)
    assert d.name == "Serra Angel" and d.mana_value == 5
    power, toughness, keywords = game.chars(kin)
    assert (power, toughness) == (5, 5)  # its counter stays (707.2)
    assert {"flying", "vigilance"} <= keywords and "flash" not in keywords
    assert d.triggered == pool("Shadow Kin").triggered  # "except it has this ability"
    # the next upkeep, the ability it kept triggers again: now a Craw Wurm (the
    # Grizzly Bears milled before is not milled this way: not offered)
    _stack_libraries(game, ("Hill Giant",), ("Craw Wurm",))
    game.start_at("upkeep", 0, turn=4)
    settle(game)
    game.apply_action(names(game)["yes"])
    assert _names(game, game.decision["cards"]) == ["Craw Wurm", "Hill Giant"]
    act(game, "Craw Wurm")
    assert game.pdef(kin).name == "Craw Wurm"
    assert game.chars(kin)[:2] == (7, 5)
    assert game.pdef(kin).triggered == pool("Shadow Kin").triggered


def test_shadow_kin_declined_or_with_no_creature_milled_stays_itself():
    game, kin = _kin_game(("Grizzly Bears", "Island", "Island"), ())
    game.apply_action(names(game)["no"])
    settle(game)
    assert game.pdef(kin).name == "Shadow Kin" and not any(game.exile)
    game, kin = _kin_game(("Island", "Island", "Island"), ())
    # nothing to exile: "you may" is not asked (608.2d), nothing changes
    assert game.decision["kind"] == "priority" and not game.stack
    assert game.pdef(kin).name == "Shadow Kin"
    assert len(game.graveyard[0]) == 3 and len(game.graveyard[1]) == 3


def test_shadow_kin_with_one_creature_card_milled_exiles_it_when_asked():
    game, kin = _kin_game(("Island", "Hill Giant", "Island"), ())
    game.apply_action(names(game)["yes"])  # the only creature card: no choice left
    settle(game)
    assert _names(game, game.exile[0]) == ["Hill Giant"]
    assert game.pdef(kin).name == "Hill Giant"
    assert game.chars(kin)[:2] == (4, 4)


# ------------------------------------- "an X/X token, where X is <counted>" (608.2h)
def _token_pt(game: MagicGame, name: str) -> tuple[int, int]:
    pid = next(pid for pid, perm in game.battlefield.items()
               if game.name_of(perm.card) == name)
    return game.chars(pid)[:2]


def test_compiled_x_x_tokens():
    seed = pool("Seed Guardian").triggered[0].effect
    assert seed.pt == fx.Count("graveyard", fx.Filter(frozenset({"Creature"}),
                                                       controller="you"))
    assert (seed.token.power, seed.token.toughness) == (0, 0)
    slime = pool("Miming Slime").spell.effect
    assert slime.pt == fx.Count("greatest_power", fx.Filter(frozenset({"Creature"}),
                                                             controller="you"))


def test_seed_guardian_token_counts_the_creature_cards_as_it_is_created():
    game = blank()
    seed = game.add_permanent("Seed Guardian", 0)
    game.add_card("Hill Giant", 0, "graveyard")
    game.add_card("Craw Wurm", 1, "graveyard")  # not in your graveyard
    game.start_at("main1", 0)
    game.move_permanents([seed], "graveyard")
    settle(game)
    assert _token_pt(game, "Elemental Token") == (2, 2)  # itself and the Giant
    game.add_card("Grizzly Bears", 0, "graveyard")  # fixed once created
    assert _token_pt(game, "Elemental Token") == (2, 2)


def test_vulshok_factory_token_counts_the_counters_it_had_when_sacrificed():
    game = blank()
    game.add_permanent("Vulshok Factory", 0, counters={"charge": 3})
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.start_at("main1", 0)
    act(game, "ability 1")
    settle(game)
    assert _token_pt(game, "Golem Token") == (3, 3)
    assert "haste" in game.chars(next(
        pid for pid, perm in game.battlefield.items()
        if game.name_of(perm.card) == "Golem Token"))[2]
