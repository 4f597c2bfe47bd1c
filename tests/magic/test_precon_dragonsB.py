"""Scripted positions for the mechanisms that make the refused cards of the Draconic
Rage precon play (branch dragonsB): an attacker assigning its combat damage as though
it weren't blocked (510.1; Indomitable Might and the creatures that have it as their
own ability); each player in turn, starting with the controller, choosing a permanent
that is then destroyed (Druid of Purification); gaining control of a Human or an
artifact that loses all abilities and can't attack or block for as long as the source
remains on the battlefield (Opportunistic Dragon); triggered abilities that creatures
attacking cause triggering an additional time (Wulfgar of Icewind Dale, Isshin). Each
names real cards from the pool."""

from __future__ import annotations

import json

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from labyrinth_gym.envs.magic.prose import describe
from magic.positions import (
    act,
    attack,
    blank,
    block,
    can_block,
    lands,
    on_battlefield,
    pass_to_decision,
    settle,
    slot,
    target_perm,
    to_blocks,
)


# ------------------------------------ damage as though it weren't blocked, 510.1
def test_unblocked_damage_compiles_for_the_aura_and_the_creatures():
    pool = compiled_pool().supported
    might = pool["Indomitable Might"]
    assert fx.AttachedBonus(keywords=(KW.UNBLOCKED_DAMAGE,)) in might.statics
    assert fx.AttachedBonus(3, 3) in might.statics
    assert "flash" in might.keywords
    assert KW.UNBLOCKED_DAMAGE in pool["Thorn Elemental"].keywords


def _blocked_might(blockers: int = 1) -> tuple[MagicGame, int, list[int]]:
    """Seat 0's Grizzly Bears with Indomitable Might attacks seat 1 and is blocked by
    ``blockers`` Walls of Stone (0/8); the damage step asks seat 0 (yes: as though
    unblocked)."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Indomitable Might", 0, attached_to=bears)
    walls = [game.add_permanent("Wall of Stone", 1) for _ in range(blockers)]
    game.start_at("main1", 0)
    assert game.chars(bears)[:2] == (5, 5)
    to_blocks(game, bears)
    for wall in walls:
        block(game, wall, bears)
    game.apply_action(A.DONE)
    pass_to_decision(game, "yesno")
    assert game.decision["unblocked"] == bears and game.decision["player"] == 0
    return game, bears, walls


def test_enchanted_creature_deals_its_damage_to_the_player_as_though_unblocked():
    game, _, (wall,) = _blocked_might()
    game.apply_action(A.YES)
    assert game.life[1] == 15  # all 5 to the player, none to the blocker
    assert game.battlefield[wall].damage == 0
    (said,) = [e for e in game.events if e["type"] == "damage_as_unblocked"]
    assert "as though it weren't blocked" in describe(said, 0)


def test_enchanted_creature_declining_deals_its_damage_to_the_blocker():
    game, _, (wall,) = _blocked_might()
    game.apply_action(A.NO)
    assert game.life[1] == 20
    assert game.battlefield[wall].damage == 5


def test_declining_with_two_blockers_divides_the_damage_among_them():
    game, _, walls = _blocked_might(2)
    game.apply_action(A.NO)
    assert game.decision["kind"] == "assign_damage"


def test_unblocked_creature_with_the_ability_is_not_asked():
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Indomitable Might", 0, attached_to=bears)
    game.start_at("main1", 0)
    to_blocks(game, bears)
    game.apply_action(A.DONE)
    for _ in range(10):
        assert game.decision["kind"] != "yesno"
        if game.life[1] < 20:
            break
        game.apply_action(A.PASS)
    assert game.life[1] == 15


def test_thorn_elemental_has_the_ability_of_its_own():
    game = blank()
    thorn = game.add_permanent("Thorn Elemental", 0)
    wall = game.add_permanent("Wall of Stone", 1)
    game.start_at("main1", 0)
    to_blocks(game, thorn)
    block(game, wall, thorn)
    game.apply_action(A.DONE)
    pass_to_decision(game, "yesno")
    game.apply_action(A.YES)
    assert game.life[1] == 13 and game.battlefield[wall].damage == 0


# ------------------------ each player chooses, starting with you; then destroy
def test_druid_of_purification_compiles_to_each_chooses_then_destroy():
    druid = compiled_pool().supported["Druid of Purification"]
    (trigger,) = druid.triggered
    assert trigger.trigger.event == "enters"
    choose, destroy = trigger.effect.steps
    assert choose == fx.EachChooses(fx.Filter(types=frozenset({"Artifact", "Enchantment"}),
                                              controller="opponent"))
    assert destroy == fx.Destroy(fx.Ref("those_targets"))


def _druid_cast(players: int = 3) -> tuple[MagicGame, dict[str, int]]:
    """Seat 1 casts Druid of Purification (four Forests) in its turn; seat 0 has a
    Sol Ring and an Honor of the Pure, seat 2 a Sol Ring; seat 1 has its
    own Sol Ring (never a choice: the Druid's controller controls it)."""
    game = blank(players)
    lands(game, 1, *["Forest"] * 4)
    perms = {"ring0": game.add_permanent("Sol Ring", 0),
             "honor0": game.add_permanent("Honor of the Pure", 0),
             "ring1": game.add_permanent("Sol Ring", 1),
             "ring2": game.add_permanent("Sol Ring", 2)}
    game.add_card("Druid of Purification", 1)
    game.start_at("main1", 1)
    act(game, "cast hand 0 (Druid of Purification)")
    settle(game)
    return game, perms


def test_each_player_chooses_in_turn_order_from_the_controller_then_all_are_destroyed():
    game, perms = _druid_cast()
    order = []
    picks = {1: "ring0", 2: "honor0", 0: "ring2"}
    for _ in range(3):
        pass_to_decision(game, "choose_permanent")
        p = game.decision["player"]
        order.append(p)
        options = set(game.decision["options"])
        assert perms["ring1"] not in options  # the controller's own: not "you don't control"
        assert {perms["ring0"], perms["honor0"], perms["ring2"]} <= options
        assert all(p in game.battlefield for p in perms.values())  # (none destroyed yet)
        game.apply_action(A.permanent(slot(game, perms[picks[p]])))
    settle(game)
    assert order == [1, 2, 0]  # starting with the Druid's controller, not the active order
    gone = {name for name, pid in perms.items() if pid not in game.battlefield}
    assert gone == {"ring0", "honor0", "ring2"}


def test_a_player_may_choose_nothing_and_the_same_permanent_twice_is_destroyed_once():
    game, perms = _druid_cast()
    for pick in ("ring0", None, "ring0"):
        pass_to_decision(game, "choose_permanent")
        if pick is None:
            game.apply_action(A.DONE)
        else:
            game.apply_action(A.permanent(slot(game, perms[pick])))
    settle(game)
    gone = {name for name, pid in perms.items() if pid not in game.battlefield}
    assert gone == {"ring0"}
    told = [describe(e, 0) for e in game.events if e["type"] == "permanent_chosen"]
    assert len(told) == 3 and "nothing" in told[1] and "Sol Ring" in told[0]


# ----------- for as long as this remains: control, no abilities, can't attack or block
def test_opportunistic_dragon_compiles_and_a_human_or_artifact_filter_reads():
    dragon = compiled_pool().supported["Opportunistic Dragon"]
    choose, steal, change = dragon.triggered[0].effect.steps
    assert choose.what.filter == fx.Filter(controller="opponent",
                                           props=frozenset({"-Human|artifact"}))
    assert steal == fx.GainControl(fx.Ref("it"), while_source=True)
    assert change == fx.Becomes(fx.Ref("it"), lose_abilities=True, while_source=True,
                                cant_attack=True, cant_block=True)


def _dragon_steals(name: str) -> tuple[MagicGame, int, int]:
    """Seat 0 casts Opportunistic Dragon (five Mountains, a Lightning Bolt in hand);
    its enters trigger targets seat 1's ``name``. Returns the game, the stolen
    permanent and the Dragon."""
    game = blank()
    lands(game, 0, *["Mountain"] * 5)
    stolen = game.add_permanent(name, 1)
    goblin = game.add_permanent("Raging Goblin", 1)  # (neither Human nor artifact)
    mine = game.add_permanent("Elite Vanguard", 0)  # (a Human, but seat 0's own)
    game.add_card("Opportunistic Dragon", 0)
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Opportunistic Dragon)")
    settle(game)
    assert game.decision["kind"] == "target"
    options = {game.slots[a - A.permanent(0)] for a in game.legal_actions()
               if A.permanent(0) <= a < A.permanent(A.MAX_PERMANENTS)}
    assert stolen in options and goblin not in options and mine not in options
    target_perm(game, stolen)
    settle(game)
    (dragon,) = [p for p in game.battlefield if game.pdef(p).name == "Opportunistic Dragon"]
    return game, stolen, dragon


def test_the_stolen_human_loses_its_abilities_and_cant_attack_or_block():
    game, knight, dragon = _dragon_steals("Youthful Knight")
    assert game.battlefield[knight].controller == 0
    assert "first strike" not in game.keywords(knight)
    assert game._restricted(knight, "cant_attack") and game._restricted(knight, "cant_block")
    # it lasts past the turn: on seat 1's turn it still can't block, still seat 0's
    game.apply_action(A.PASS)
    for _ in range(40):
        if game.active == 1 and game.decision["kind"] == "attack":
            break
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    (goblin,) = on_battlefield(game, "Raging Goblin")
    attack(game, goblin)
    game.apply_action(A.DONE)
    pass_to_decision(game, "block")
    assert game.battlefield[knight].controller == 0
    assert "first strike" not in game.keywords(knight)
    assert not can_block(game, knight, goblin)
    (vanguard,) = on_battlefield(game, "Elite Vanguard")
    assert can_block(game, vanguard, goblin)


def test_all_of_it_ends_when_the_dragon_leaves_the_battlefield():
    game, knight, dragon = _dragon_steals("Youthful Knight")
    act(game, "(Lightning Bolt)")
    target_perm(game, dragon)
    settle(game)
    assert dragon not in game.battlefield
    assert game.battlefield[knight].controller == 1
    assert "first strike" in game.keywords(knight)
    assert not game._restricted(knight, "cant_attack")
    assert not game._restricted(knight, "cant_block")
    assert game.battlefield[knight].becomes == []


def test_a_stolen_artifact_loses_its_mana_ability():
    game, ring, _ = _dragon_steals("Sol Ring")
    assert game.battlefield[ring].controller == 0
    assert game.pdef(ring).activated == ()


# ------------------- attacking causes a trigger: it triggers an additional time
def test_wulfgar_and_isshin_compile_to_triggers_again():
    pool = compiled_pool().supported
    wulfgar = pool["Wulfgar of Icewind Dale"]
    assert fx.TriggersAgain("attacking", yours=True) in wulfgar.statics
    assert "melee" in wulfgar.keywords
    isshin = pool["Isshin, Two Heavens as One"]
    assert fx.TriggersAgain("attacking", yours=False) in isshin.statics


def _settle_attack(game: MagicGame) -> None:
    """Pass from the attack declaration until the blockers are asked (triggers
    resolved, choosing the first option of any other decision)."""
    for _ in range(40):
        if game.decision["kind"] == "block":
            return
        legal = game.legal_actions()
        game.apply_action(A.PASS if A.PASS in legal else legal[0])
    raise AssertionError(game.decision)

def _bears_attack(game, seat):
    """Seat ``seat``'s Grizzly Bears attack from its first main phase; the attack
    triggers resolve (:func:`_settle_attack`)."""
    game.start_at("main1", seat)
    (bears,) = on_battlefield(game, "Grizzly Bears")
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    attack(game, bears)
    game.apply_action(A.DONE)
    _settle_attack(game)



def _board(*seat0: str, seat1: tuple[str, ...] = ()) -> MagicGame:
    game = blank()
    for name in seat0:
        perm = game.add_permanent(name, 0)
        game.battlefield[perm].sick = False
    for name in seat1:
        perm = game.add_permanent(name, 1)
        game.battlefield[perm].sick = False
    return game


def test_wulfgar_attacking_triggers_its_melee_and_your_permanents_twice():
    game = _board("Wulfgar of Icewind Dale", "Righteous Cause",
                  seat1=("Righteous Cause",))
    game.start_at("main1", 0)
    (wulfgar,) = on_battlefield(game, "Wulfgar of Icewind Dale")
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    attack(game, wulfgar)
    game.apply_action(A.DONE)
    mine = [t for t in game.pending_triggers if t["controller"] == 0] + [
        s for s in game.stack if s.kind == "triggered" and s.controller == 0]
    assert len(mine) == 4, game.decision  # melee twice, Righteous Cause twice
    _settle_attack(game)
    assert game.chars(wulfgar)[:2] == (6, 6)  # melee: +1/+1 twice (one opponent)
    assert game.life[0] == 22  # seat 0's Righteous Cause: twice
    assert game.life[1] == 21  # seat 1's: a permanent seat 0 doesn't control, once


def test_wulfgar_does_not_double_what_an_opponents_creature_attacking_causes():
    game = _board("Wulfgar of Icewind Dale", "Righteous Cause",
                  seat1=("Grizzly Bears",))
    _bears_attack(game, 1)
    assert game.life[0] == 21  # once: the attacking creature isn't seat 0's


def test_isshin_doubles_what_any_creature_attacking_causes_and_they_add_up():
    game = _board("Isshin, Two Heavens as One", "Righteous Cause",
                  seat1=("Grizzly Bears",))
    _bears_attack(game, 1)
    assert game.life[0] == 22  # an opponent's creature attacking: Isshin still doubles
    game = _board("Isshin, Two Heavens as One", "Wulfgar of Icewind Dale",
                  "Righteous Cause", "Grizzly Bears")
    _bears_attack(game, 0)
    assert game.life[0] == 23  # once, and once more for each of the two


# ------------------------------------------------ the new state survives a round trip
def _round_trips(game: MagicGame) -> list[MagicGame]:
    return [MagicGame.from_dict(json.loads(json.dumps(game.to_dict()))), game.clone()]


def test_each_choose_and_unblocked_decisions_and_a_while_source_effect_round_trip():
    game, perms = _druid_cast()
    pass_to_decision(game, "choose_permanent")
    for other in _round_trips(game):
        for pick in ("ring0", "honor0", "ring2"):
            pass_to_decision(other, "choose_permanent")
            other.apply_action(A.permanent(slot(other, perms[pick])))
        settle(other)
        assert {pid for pid in perms.values() if pid not in other.battlefield} == {
            perms["ring0"], perms["honor0"], perms["ring2"]}
    game, _, (wall,) = _blocked_might()
    for other in _round_trips(game):
        other.apply_action(A.YES)
        assert other.life[1] == 15
    game, knight, dragon = _dragon_steals("Youthful Knight")
    for other in _round_trips(game):
        assert other.battlefield[knight].becomes == game.battlefield[knight].becomes
        assert other._restricted(knight, "cant_block")
        assert "first strike" not in other.keywords(knight)
        act(other, "(Lightning Bolt)")
        target_perm(other, dragon)
        settle(other)
        assert other.battlefield[knight].controller == 1
        assert "first strike" in other.keywords(knight)
