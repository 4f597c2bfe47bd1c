"""Scripted positions for the refused cards of the shipped Draconic Rage precon (branch
dragonsA): "whenever a source you control deals damage to a player" (120.1, 603.2;
Dragonborn Champion), a static ability of a card in a graveyard (113.6; Anger), each
player rolling a die and an attack barred for this combat (706, 508.1c; Chaos
Dragon). Each position names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    block,
    finish_blocks,
    has,
    lands,
    pass_until,
    settle,
    target_perm,
    to_combat,
)


# ------------------------------------- 603.2: a source you control deals damage
def test_source_damage_triggers_compile():
    pool = compiled_pool().supported
    champion = pool["Dragonborn Champion"].triggered[0].trigger
    assert champion == fx.Trigger("source_damage_player", fx.Ref("each_player"),
                                  "damage>=5")
    niv = pool["Niv-Mizzet, Visionary"].triggered[0]
    assert niv.trigger == fx.Trigger("source_damage_player", fx.Ref("each_opponent"),
                                     "noncombat")
    assert niv.effect.count == "that_much"
    # from a graveyard it is not played: the card stays refused
    assert "Asgardian Inspiration" not in pool


def _attack_with(attacker: str, watcher: str, seat: int = 0) -> tuple[MagicGame, int]:
    """Seat ``seat`` controls ``watcher`` and attacks seat 1 - seat with an unblocked
    ``attacker``; returns the game after combat damage and the hand size before it."""
    game = blank()
    game.add_permanent(watcher, seat)
    pid = game.add_permanent(attacker, seat)
    game.battlefield[pid].sick = False
    game.start_at("main1", seat, turn=3)
    hand = len(game.hand[seat])
    to_combat(game)
    attack(game, pid)
    game.apply_action(A.DONE)
    pass_until(game, "combat_damage")
    settle(game)
    return game, hand


def test_dragonborn_champion_draws_when_a_source_deals_five_or_more_to_a_player():
    game, hand = _attack_with("Craw Wurm", "Dragonborn Champion")  # 6 damage
    assert game.life[1] == 14
    assert len(game.hand[0]) == hand + 1


def test_dragonborn_champion_counts_its_own_combat_damage():
    game, hand = _attack_with("Dragonborn Champion", "Grizzly Bears")  # 5 damage
    assert game.life[1] == 15
    assert len(game.hand[0]) == hand + 1


def test_dragonborn_champion_ignores_less_than_five_damage():
    game, hand = _attack_with("Hill Giant", "Dragonborn Champion")  # 3 damage
    assert game.life[1] == 17
    assert len(game.hand[0]) == hand


def test_dragonborn_champion_ignores_an_opponents_source():
    game = blank()
    game.add_permanent("Dragonborn Champion", 1)
    hand = len(game.hand[1])
    wurm = game.add_permanent("Craw Wurm", 0)
    game.battlefield[wurm].sick = False
    game.start_at("main1", 0, turn=3)
    to_combat(game)
    attack(game, wurm)
    game.apply_action(A.DONE)
    pass_until(game, "combat_damage")
    settle(game)
    assert game.life[1] == 14  # seat 1 was dealt 6, by a source seat 0 controls
    assert len(game.hand[1]) == hand


def _lava_axe(watcher: str, at: int) -> tuple[MagicGame, int]:
    """Seat 0 controls ``watcher`` and casts Lava Axe (5 damage) at seat ``at``."""
    game = blank()
    game.add_permanent(watcher, 0)
    lands(game, 0, *["Mountain"] * 5)
    game.add_card("Lava Axe", 0)
    game.start_at("main1", 0)
    hand = len(game.hand[0]) - 1
    act(game, "cast hand 0 (Lava Axe)")
    game.apply_action(A.player(at))
    settle(game)
    return game, hand


def test_a_spell_is_a_source_you_control_and_any_player_counts():
    game, hand = _lava_axe("Dragonborn Champion", 1)
    assert game.life[1] == 15
    assert len(game.hand[0]) == hand + 1
    game, hand = _lava_axe("Dragonborn Champion", 0)  # "a player": you too
    assert game.life[0] == 15
    assert len(game.hand[0]) == hand + 1


def test_niv_mizzet_draws_that_many_for_noncombat_damage_to_an_opponent():
    game, hand = _lava_axe("Niv-Mizzet, Visionary", 1)
    assert len(game.hand[0]) == hand + 5
    game, hand = _lava_axe("Niv-Mizzet, Visionary", 0)  # not an opponent
    assert len(game.hand[0]) == hand
    game, hand = _attack_with("Craw Wurm", "Niv-Mizzet, Visionary")  # combat damage
    assert game.life[1] == 14
    assert len(game.hand[0]) == hand


# ------------------------------------------- 113.6: a static of a graveyard card
def test_the_incarnations_compile_as_graveyard_anthems():
    pool = compiled_pool().supported
    anger = pool["Anger"]
    (anthem,) = anger.statics
    assert anthem.zone == "graveyard" and anthem.keywords == ("haste",)
    assert anthem.condition.kind == "you_control"
    assert anthem.condition.filter.subtypes == {"Mountain"}
    assert anger.graveyard_statics == (anthem,)
    assert pool["Wonder"].statics[0].keywords == ("flying",)


def _sick_bears(anger_zone: str, anger_owner: int = 0,
                mountain: bool = True) -> tuple[MagicGame, int, int]:
    """Seat 0 has a Grizzly Bears that just entered; Anger is in ``anger_zone`` of
    ``anger_owner``; seat 0 controls a Mountain (or an Island)."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    lands(game, 0, "Mountain" if mountain else "Island")
    if anger_zone == "battlefield":
        anger = game.add_permanent("Anger", anger_owner)
    else:
        anger = game.add_card("Anger", anger_owner, anger_zone)
    game.start_at("main1", 0, turn=3)
    game.battlefield[bears].sick = True  # (it came under seat 0's control this turn)
    return game, bears, anger


def _can_attack(game: MagicGame, pid: int) -> bool:
    to_combat(game)
    return A.attack(game.battlefield[pid].slot, 1) in game.legal_actions()


def test_anger_in_your_graveyard_gives_your_creatures_haste():
    game, bears, _ = _sick_bears("graveyard")
    assert "haste" in game.keywords(bears)
    assert _can_attack(game, bears)


def test_anger_needs_a_mountain():
    game, bears, _ = _sick_bears("graveyard", mountain=False)
    assert "haste" not in game.keywords(bears)
    assert not _can_attack(game, bears)


def test_anger_does_nothing_on_the_battlefield_or_in_hand():
    game, bears, anger = _sick_bears("battlefield")
    assert "haste" in game.keywords(anger)  # its own keyword
    assert "haste" not in game.keywords(bears)
    game, bears, _ = _sick_bears("hand")
    assert "haste" not in game.keywords(bears)


def test_anger_works_for_its_owner_only():
    game, bears, _ = _sick_bears("graveyard", anger_owner=1)
    assert "haste" not in game.keywords(bears)
    theirs = game.add_permanent("Hill Giant", 1)
    assert "haste" not in game.keywords(theirs)  # (seat 1 controls no Mountain)
    game.add_permanent("Mountain", 1)
    assert "haste" in game.keywords(theirs)


def test_anger_starts_and_stops_as_it_enters_and_leaves_the_graveyard():
    game, bears, anger = _sick_bears("battlefield")
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    assert "haste" not in game.keywords(bears)
    act(game, "cast hand 0 (Lightning Bolt)")
    game.apply_action(A.permanent(game.battlefield[anger].slot))
    settle(game)
    assert anger not in game.battlefield
    assert "haste" in game.keywords(bears)  # the card is now in seat 0's graveyard
    (card,) = [c for c in game.graveyard[0] if game.name_of(c) == "Anger"]
    game.graveyard[0].remove(card)
    game.exile[0].append(card)
    assert "haste" not in game.keywords(bears)


# ------------------------------------- 706 + 508.1c: each player rolls a d20
class ScriptedDice(Dice):
    """The game's dice, except that the rolls show ``faces`` in turn (then 1s)."""

    __slots__ = ("faces",)

    def __init__(self, *faces: int):
        super().__init__(0)
        self.faces = list(faces)

    def roll(self, sides: int) -> int:
        return min(self.faces.pop(0), sides) if self.faces else 1


def test_chaos_dragon_compiles():
    dragon = compiled_pool().supported["Chaos Dragon"]
    assert dragon.keywords == {"flying", "haste"}
    assert dragon.statics[0].attacks_each_combat
    (ability,) = dragon.triggered
    assert ability.trigger == fx.Trigger("beginning_of_combat", fx.Ref("you"))
    assert ability.effect == fx.RollOff(20, fx.Ref("self"))


def _dragon_rolls(*faces: int, players: int = 2) -> tuple[MagicGame, int]:
    """Seat 0 controls Chaos Dragon; each seat rolls ``faces`` (turn order from seat 0)
    as its beginning of combat trigger resolves; the game is at the attack
    declaration."""
    game = blank(players=players)
    dragon = game.add_permanent("Chaos Dragon", 0)
    game.start_at("main1", 0, turn=3)
    game.dice = ScriptedDice(*faces)
    to_combat(game)
    rolls = [e for e in game.events if e["type"] == "roll"]
    assert [(e["player"], e["results"]) for e in rolls] == [
        (p, [f]) for p, f in enumerate(faces)]
    return game, dragon


def _attackable(game: MagicGame, pid: int) -> list[int]:
    """The seats (relative) ``pid`` may be declared attacking now."""
    slot = game.battlefield[pid].slot
    return [r for r in range(1, game.num_players)
            if A.attack(slot, r) in game.legal_actions()]


def test_chaos_dragon_must_attack_when_you_roll_highest():
    game, dragon = _dragon_rolls(15, 3)
    assert _attackable(game, dragon) == [1]
    assert A.DONE not in game.legal_actions()  # 508.1d: it attacks if able


def test_chaos_dragon_cant_attack_an_opponent_who_rolled_highest_or_tied():
    for faces in ((3, 15), (9, 9)):
        game, dragon = _dragon_rolls(*faces)
        assert _attackable(game, dragon) == []
        assert A.DONE in game.legal_actions()  # (unable: no requirement)
        game.apply_action(A.DONE)
        pass_until(game, "end")
        assert game.life[1] == 20


def test_chaos_dragon_in_multiplayer_attacks_only_the_others():
    game, dragon = _dragon_rolls(10, 18, 5, players=3)
    assert _attackable(game, dragon) == [2]  # seat 1 had the highest result
    assert A.DONE not in game.legal_actions()
    attack(game, dragon, 2)
    game.apply_action(A.DONE)
    pass_until(game, "end")
    assert game.life == [20, 20, 16]


def test_chaos_dragon_bar_lasts_this_combat_only():
    game, dragon = _dragon_rolls(3, 15)
    assert game.attack_barred == [[dragon, 1]]
    assert game.clone().attack_barred == [[dragon, 1]]
    assert MagicGame.from_dict(game.to_dict()).attack_barred == [[dragon, 1]]
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.attack_barred == []


# ---------------- 601.3, 706.4, 509.1: Berserker's Frenzy and its results table
def test_berserkers_frenzy_compiles():
    frenzy = compiled_pool().supported["Berserker's Frenzy"]
    (timing,) = frenzy.statics
    assert timing == fx.CastOnlyDuring(("upkeep", "draw", "main1",
                                        "beginning_of_combat", "declare_attackers"))
    roll = frenzy.spell.effect
    assert (roll.sides, roll.count, roll.keep, roll.ranges) == (
        20, 2, 1, ((1, 14), (15, 20)))
    choose, must = roll.rows[0].steps
    assert choose == fx.TapAny(fx.Filter(frozenset({"Creature"})), tap=False)
    assert must.what == fx.Ref("those_targets")
    assert must.keywords == ("blocks each combat if able",)
    assert roll.rows[1] == fx.ChooseBlocks()


def _frenzy(*faces: int) -> tuple[MagicGame, int, int, int]:
    """Seat 0 (three Mountains, a Hill Giant ready to attack) holds Berserker's
    Frenzy in its main phase; seat 1 has two Grizzly Bears. The dice show
    ``faces``."""
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    giant = game.add_permanent("Hill Giant", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    other = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Berserker's Frenzy", 0)
    game.start_at("main1", 0, turn=3)
    game.dice = ScriptedDice(*faces)
    return game, giant, bears, other


def test_berserkers_frenzy_is_cast_only_before_blockers_are_declared():
    game, giant, _, _ = _frenzy()
    assert has(game, "cast hand 0 (Berserker's Frenzy)")  # main phase 1
    to_combat(game)
    attack(game, giant)
    game.apply_action(A.DONE)
    assert game.step == "declare_attackers"
    assert has(game, "cast hand 0 (Berserker's Frenzy)")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    finish_blocks(game)
    assert game.step == "declare_blockers"
    assert not has(game, "cast hand 0 (Berserker's Frenzy)")
    pass_until(game, "main2")
    assert not has(game, "cast hand 0 (Berserker's Frenzy)")


def test_berserkers_frenzy_low_roll_chosen_creatures_block_if_able():
    game, giant, bears, other = _frenzy(12, 5)  # the lower roll (5) is ignored
    act(game, "cast hand 0 (Berserker's Frenzy)")
    settle(game)
    assert game.decision["kind"] == "tap_any" and game.decision["player"] == 0
    target_perm(game, bears)  # (untargeted: any creature)
    game.apply_action(A.DONE)
    settle(game)
    assert [e["results"] for e in game.events if e["type"] == "roll"] == [[12]]
    assert "blocks each combat if able" in game.keywords(bears)
    assert "blocks each combat if able" not in game.keywords(other)
    to_combat(game)
    attack(game, giant)
    game.apply_action(A.DONE)
    while game.decision["kind"] != "block":
        game.apply_action(A.PASS)
    assert game.decision["player"] == 1 and "defender" not in game.decision
    assert A.DONE not in game.legal_actions()  # 509.1c: the Bears must block
    assert A.block(game.battlefield[bears].slot) in game.legal_actions()


def test_berserkers_frenzy_high_roll_you_declare_the_blocks():
    game, giant, bears, other = _frenzy(3, 17)
    act(game, "cast hand 0 (Berserker's Frenzy)")
    settle(game)
    assert game.block_chooser == 0
    assert MagicGame.from_dict(game.to_dict()).block_chooser == 0
    to_combat(game)
    attack(game, giant)
    game.apply_action(A.DONE)
    while game.decision["kind"] != "block":
        game.apply_action(A.PASS)
    assert game.decision["player"] == 0 and game.decision["defender"] == 1
    block(game, bears, giant)  # seat 0 has seat 1's Bears block the Giant
    assert game.decision["player"] == 0
    game.apply_action(A.DONE)
    assert game.blocking == {bears: giant}
    pass_until(game, "end")
    assert bears not in game.battlefield and other in game.battlefield
    assert game.life[1] == 20
    pass_until(game, "main1", limit=80)  # seat 1's turn: the effect has ended
    assert game.block_chooser == -1


def test_choose_blocks_in_multiplayer_and_when_the_chooser_leaves():
    """Seat 2 casts Berserker's Frenzy (high roll) in seat 0's main phase; seat 0
    attacks seat 1, whose declaration seat 2 makes; if seat 2 leaves the game
    meanwhile, seat 1 declares its own blocks."""
    game = blank(players=3)
    lands(game, 2, "Mountain", "Mountain", "Mountain")
    game.add_card("Berserker's Frenzy", 2)
    giant = game.add_permanent("Hill Giant", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0, turn=3)
    game.dice = ScriptedDice(3, 17)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    assert game.decision["player"] == 2
    act(game, "cast hand 0 (Berserker's Frenzy)")
    settle(game)
    assert game.block_chooser == 2
    to_combat(game)
    attack(game, giant)
    game.apply_action(A.DONE)
    while game.decision["kind"] != "block":
        game.apply_action(A.PASS)
    assert (game.decision["player"], game.decision["defender"]) == (2, 1)
    assert A.block(game.battlefield[bears].slot) in game.legal_actions()
    game._concede(2)
    assert game.decision == {"kind": "block", "player": 1}
    block(game, bears, giant)
    game.apply_action(A.DONE)
    assert game.blocking == {bears: giant}
