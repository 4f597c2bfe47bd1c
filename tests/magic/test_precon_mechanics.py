"""Scripted positions for the mechanisms the four shipped Commander precons need
(issue 30): decayed (702.147), dice (706), Blood tokens (111.10g), foretell (702.143)
and their commanders' abilities. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    can_block,
    lands,
    on_battlefield,
    pass_to_decision,
    pass_until,
    settle,
    target_perm,
    to_blocks,
    to_combat,
)


def bolt(game: MagicGame, pid: int) -> None:
    """Seat 0 casts Lightning Bolt (in its hand, a Mountain ready) at ``pid``."""
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, pid)
    settle(game)


# ------------------------------------------------------------------ 702.147 decayed
def test_wilhelt_and_the_decayed_makers_compile():
    pool = compiled_pool().supported
    for name in ("Wilhelt, the Rotcleaver", "Startle", "Rotten Reunion",
                 "Hobbling Zombie", "Falcon Abomination"):
        assert name in pool, name
    wilhelt = pool["Wilhelt, the Rotcleaver"]
    assert wilhelt.triggered[0].trigger.condition == "not_decayed"
    assert "decayed" in wilhelt.triggered[0].effect.token.keywords


def _wilhelt_makes_a_decayed_zombie() -> tuple[MagicGame, int, int]:
    """Seat 0 controls Wilhelt and a Walking Corpse; it bolts the Corpse: Wilhelt's
    trigger (603.10a: it looks back at the Zombie that died) makes a decayed Zombie."""
    game = blank()
    wilhelt = game.add_permanent("Wilhelt, the Rotcleaver", 0)
    corpse = game.add_permanent("Walking Corpse", 0)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    bolt(game, corpse)
    (token,) = on_battlefield(game, "Zombie Token")
    return game, wilhelt, token


def test_702_147a_a_decayed_token_cant_block():
    game, _, token = _wilhelt_makes_a_decayed_zombie()
    assert "decayed" in game.keywords(token)
    attacker = game.add_permanent("Grizzly Bears", 1)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 1, turn=3)
    to_blocks(game, attacker)
    assert not can_block(game, token, attacker)
    assert can_block(game, bears, attacker)


def test_702_147a_a_decayed_creature_is_sacrificed_at_end_of_combat_after_attacking():
    game, _, token = _wilhelt_makes_a_decayed_zombie()
    game.battlefield[token].sick = False  # (as on seat 0's next turn)
    game.start_at("main1", 0, turn=3)
    to_combat(game)
    attack(game, token)
    game.apply_action(A.DONE)
    pass_until(game, "combat_damage")
    assert token in game.battlefield  # still there as damage is dealt
    assert game.life[1] == 18
    pass_until(game, "end_of_combat")
    settle(game)
    assert token not in game.battlefield


def test_wilhelt_counts_only_zombies_that_did_not_have_decayed():
    game, _, token = _wilhelt_makes_a_decayed_zombie()
    game.add_card("Lightning Bolt", 0)
    lands(game, 0, "Mountain")
    bolt(game, token)  # a decayed Zombie dies: 603.4, the "if" is false
    assert not on_battlefield(game, "Zombie Token")


def test_wilhelt_end_step_may_sacrifice_a_zombie_to_draw():
    game, wilhelt, token = _wilhelt_makes_a_decayed_zombie()
    hand = len(game.hand[0])
    pass_to_decision(game, "yesno")  # the end step trigger resolves: "you may"
    assert game.step == "end"
    act(game, "yes")
    if game.decision["kind"] != "priority":  # which Zombie: the decayed token
        target_perm(game, token)
    settle(game)
    assert token not in game.battlefield and wilhelt in game.battlefield
    assert len(game.hand[0]) == hand + 1


# ------------------------------------------------------------------ 706 dice
class LoadedDice(Dice):
    """The game's dice, except that every die shows ``face`` (a scripted roll)."""

    __slots__ = ("face",)

    def __init__(self, face: int):
        super().__init__(0)
        self.face = face

    def roll(self, sides: int) -> int:
        return min(self.face, sides)


def test_the_results_tables_and_the_roll_trigger_compile():
    pool = compiled_pool().supported
    for name in ("Earth-Cult Elemental", "Herald of Hadar", "Arcane Investigator",
                 "Vrondiss, Rage of Ancients"):
        assert name in pool, name
    roll = pool["Earth-Cult Elemental"].triggered[0].effect
    assert (roll.sides, roll.count, roll.ranges) == (20, 1, ((1, 9), (10, 19), (20, 20)))
    vrondiss = pool["Vrondiss, Rage of Ancients"]
    assert [t.trigger.event for t in vrondiss.triggered] == ["dealt_damage", "roll_dice"]
    token = vrondiss.triggered[0].effect.token
    assert (token.power, token.toughness, token.colours) == (5, 4, ("R", "G"))
    assert token.abilities[0].trigger.event == "deals_damage"


def _elemental_enters(face: int) -> MagicGame:
    """Seat 0 casts Earth-Cult Elemental (six Mountains) with dice showing ``face``;
    each seat has a Grizzly Bears and an Island."""
    game = blank()
    game.dice = LoadedDice(face)
    lands(game, 0, *["Mountain"] * 6)
    for p in (0, 1):
        game.add_permanent("Grizzly Bears", p)
    game.add_permanent("Island", 1)
    game.add_card("Earth-Cult Elemental", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Earth-Cult Elemental)")
    return game


def _resolve_all(game: MagicGame) -> None:
    """Pass priority and choose the first option of every other decision until the
    stack is empty."""
    for _ in range(40):
        if not game.stack and not game.pending_triggers and \
                game.decision["kind"] == "priority":
            return
        if A.PASS in game.legal_actions():
            game.apply_action(A.PASS)
        else:
            game.apply_action(min(a for a in game.legal_actions() if a > A.DONE))
    raise AssertionError(game.decision)


def test_706_a_roll_applies_the_row_of_its_result():
    game = _elemental_enters(20)  # 20: each opponent sacrifices two permanents
    _resolve_all(game)
    assert [e["results"] for e in game.events if e["type"] == "roll"] == [[20]]
    assert not [p for p in game.battlefield.values() if p.controller == 1]
    assert len([p for p in game.battlefield.values() if p.controller == 0]) == 8
    game = _elemental_enters(12)  # 10-19: each opponent sacrifices one
    _resolve_all(game)
    assert len([p for p in game.battlefield.values() if p.controller == 1]) == 1
    game = _elemental_enters(3)  # 1-9: each player sacrifices one
    _resolve_all(game)
    assert len([p for p in game.battlefield.values() if p.controller == 0]) == 7


def test_706_the_rolls_come_from_the_games_dice():
    rolled = []
    for seed in range(6):
        game = _elemental_enters(1)
        game.dice = Dice(seed)
        _resolve_all(game)
        rolled += [e["results"][0] for e in game.events if e["type"] == "roll"]
    assert all(1 <= r <= 20 for r in rolled) and len(set(rolled)) > 1


# ---------------------------------------------- Vrondiss, Rage of Ancients (enrage)
def test_vrondiss_enrage_makes_a_dragon_spirit_that_is_sacrificed_when_it_deals_damage():
    game = blank()
    vrondiss = game.add_permanent("Vrondiss, Rage of Ancients", 0)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, vrondiss)  # 3 damage to a 5/4: it survives, enrage triggers
    pass_to_decision(game, "yesno")
    act(game, "yes")
    settle(game)
    (spirit,) = on_battlefield(game, "Dragon Spirit Token")
    assert game.chars(spirit)[:2] == (5, 4)
    game.battlefield[spirit].sick = False
    game.start_at("main1", 0, turn=3)
    to_combat(game)
    attack(game, spirit)
    game.apply_action(A.DONE)
    pass_until(game, "combat_damage")
    settle(game)  # it dealt 5 damage: "when this token deals damage, sacrifice it"
    assert game.life[1] == 15
    assert spirit not in game.battlefield


def test_vrondiss_may_damage_itself_whenever_you_roll_dice():
    game = _elemental_enters(20)
    vrondiss = game.add_permanent("Vrondiss, Rage of Ancients", 0)
    pass_to_decision(game, "yesno")  # the roll trigger: "you may have Vrondiss ..."
    act(game, "yes")
    pass_to_decision(game, "yesno")  # it was dealt 1 damage: enrage
    assert game.battlefield[vrondiss].damage == 1
    act(game, "yes")
    _resolve_all(game)
    assert on_battlefield(game, "Dragon Spirit Token")


# --------------------------------------------------------- 111.10g Blood tokens
def test_blood_is_an_artifact_type_a_filter_names():
    pool = compiled_pool().supported
    harvester = pool["Bloodtithe Harvester"]
    (token,) = [n for n in harvester.triggered[0].effect.__dict__.values()
                if getattr(n, "name", "") == "Blood Token"]
    assert token.subtypes == ("Blood",)
    pump = harvester.activated[0].effect
    assert pump.power.filter.subtypes == frozenset({"Blood"}) and pump.power.times == -2


def test_bloodtithe_harvester_gives_minus_twice_the_blood_tokens_you_control():
    game = blank()
    harvester = game.add_permanent("Bloodtithe Harvester", 0)
    game.battlefield[harvester].sick = False
    for _ in range(2):  # its own Blood token and another
        game.create_token(compiled_pool().supported["Bloodtithe Harvester"]
                          .triggered[0].effect.token, 0)
    giant = game.add_permanent("Hill Giant", 1)  # 3/3
    wurm = game.add_permanent("Craw Wurm", 1)  # 6/4
    game.start_at("main1", 0)
    act(game, "activate slot 0 (Bloodtithe Harvester)")
    target_perm(game, wurm)
    settle(game)
    assert wurm not in game.battlefield and giant in game.battlefield  # -4/-4
    assert harvester not in game.battlefield  # sacrificed as the cost


def test_119_3_each_player_who_lost_life_this_turn_is_counted_once():
    from labyrinth_gym.envs.magic.engine import effects as fx
    from labyrinth_gym.envs.magic.engine.compiler import effect
    from magic.positions import custom
    end_step = fx.TriggeredAbility(
        fx.Trigger("end_step", fx.Ref("you")),
        effect("create a blood token for each player who lost life this turn."))
    counter = custom("Grizzly Bears", "Blood Counter", triggered=(end_step,))
    game = blank(players=3)
    game.add_permanent(counter, 0)
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    for _ in range(2):  # seat 1 twice: one player
        act(game, "cast hand 0 (Lightning Bolt)")
        game.apply_action(A.player(1))
        settle(game)
    game.lose_life(0, 1)  # and seat 0 itself
    pass_until(game, "end")
    settle(game)
    assert len(on_battlefield(game, "Blood Token")) == 2
    pass_until(game, "main1")  # seat 1's turn: nobody has lost life this turn
    assert game.active == 1 and game.life_lost_turn == [0, 0, 0]


def test_706_an_amount_equal_to_the_result_of_the_roll_before_it():
    pool = compiled_pool().supported
    for name in ("Ancient Copper Dragon", "Box of Free-Range Goblins",
                 "Vegetation Abomination"):
        assert name in pool, name
    game = blank()
    game.dice = LoadedDice(7)
    dragon = game.add_permanent("Ancient Copper Dragon", 0)
    game.battlefield[dragon].sick = False
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, dragon)
    game.apply_action(A.DONE)
    pass_until(game, "combat_damage")
    settle(game)  # combat damage to a player: roll a d20, that many Treasures
    assert game.life[1] == 14
    assert len(on_battlefield(game, "Treasure Token")) == 7
