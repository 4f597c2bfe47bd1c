"""Scripted positions for the keyword abilities of ``engine/keywords.py`` (rule 702):
evasion checked at declare-blockers, shroud, protection, infect and poison, wither,
prowess and exalted. Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    block,
    can_block,
    finish_blocks,
    has,
    lands,
    pass_until,
    settle,
    slot,
    target_perm,
    to_blocks,
)


def combat(attacker_card: str, *blockers: str,
           defender_lands: tuple[str, ...] = ()) -> tuple[MagicGame, int, list[int]]:
    game = blank()
    attacker = game.add_permanent(attacker_card, 0)
    ids = [game.add_permanent(b, 1) for b in blockers]
    lands(game, 1, *defender_lands)
    game.start_at("main1", 0)
    to_blocks(game, attacker)
    return game, attacker, ids


def test_the_keyword_lines_compile():
    pool = compiled_pool().supported
    for name, kw in [("Bog Wraith", "swampwalk"), ("Pincher Beetles", "shroud"),
                     ("Highborn Ghoul", "intimidate"), ("Severed Legion", "fear"),
                     ("Furtive Homunculus", "skulk"), ("Glistener Elf", "infect"),
                     ("Sickle Ripper", "wither"), ("Nimble-Blade Khenra", "prowess"),
                     ("Akrasan Squire", "exalted"),
                     ("Repentant Blacksmith", "protection from red"),
                     ("Beloved Chaplain", "protection from creatures")]:
        assert kw in pool[name].keywords, name


# ------------------------------------------------------------------ evasion
def test_swampwalk_is_unblockable_while_the_defender_controls_a_swamp():
    game, wraith, (bears,) = combat("Bog Wraith", "Grizzly Bears",
                                    defender_lands=("Swamp",))
    assert not can_block(game, bears, wraith)
    game, wraith, (bears,) = combat("Bog Wraith", "Grizzly Bears",
                                    defender_lands=("Island",))
    assert can_block(game, bears, wraith)


def test_intimidate_lets_only_artifact_or_same_colour_creatures_block():
    game, ghoul, (bears, legion, thopter) = combat(
        "Highborn Ghoul", "Grizzly Bears", "Severed Legion", "Ornithopter")
    assert not can_block(game, bears, ghoul)  # green
    assert can_block(game, legion, ghoul)  # black, like the Ghoul
    assert can_block(game, thopter, ghoul)  # an artifact creature


def test_fear_lets_only_artifact_or_black_creatures_block():
    game, legion, (bears, ghoul, thopter) = combat(
        "Severed Legion", "Grizzly Bears", "Highborn Ghoul", "Ornithopter")
    assert not can_block(game, bears, legion)
    assert can_block(game, ghoul, legion)
    assert can_block(game, thopter, legion)


def test_intimidate_of_a_white_creature_is_not_fear():
    # a black blocker does not share a colour with a white intimidate creature
    game, rider, (legion,) = combat("Spectral Rider", "Severed Legion")
    assert not can_block(game, legion, rider)


def test_skulk_is_not_blocked_by_greater_power():
    game, homunculus, (wraith, bears) = combat(
        "Furtive Homunculus", "Bog Wraith", "Grizzly Bears")
    assert not can_block(game, wraith, homunculus)  # power 3 > 2
    assert can_block(game, bears, homunculus)  # power 2, equal


def test_protection_from_creatures_is_unblockable_by_creatures():
    game, chaplain, (bears, thopter) = combat(
        "Beloved Chaplain", "Grizzly Bears", "Ornithopter")
    assert not can_block(game, bears, chaplain)
    assert not can_block(game, thopter, chaplain)


def test_protection_from_red_stops_red_blockers_only():
    game, smith, (goblin, bears) = combat(
        "Repentant Blacksmith", "Raging Goblin", "Grizzly Bears")
    assert not can_block(game, goblin, smith)
    assert can_block(game, bears, smith)


# ------------------------------------------------------- targeting (DEBT: T)
def test_shroud_cannot_be_targeted_even_by_its_controller():
    game = blank()
    beetles = game.add_permanent("Pincher Beetles", 0)
    lands(game, 0, "Forest")
    game.add_card("Giant Growth", 0)
    game.start_at("main1", 0)
    assert not has(game, "Giant Growth")  # its only creature has shroud
    bears = game.add_permanent("Grizzly Bears", 0)
    game._legal = None
    act(game, "Giant Growth")
    assert A.permanent(slot(game, beetles)) not in game.legal_actions()
    assert A.permanent(slot(game, bears)) in game.legal_actions()


def test_protection_from_red_cannot_be_targeted_by_red_spells():
    game = blank()
    smith = game.add_permanent("Repentant Blacksmith", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    legal = game.legal_actions()
    assert A.permanent(slot(game, smith)) not in legal
    assert A.permanent(slot(game, bears)) in legal


# --------------------------------------------------------- damage (DEBT: D)
def test_protection_prevents_damage_from_sources_of_that_colour():
    game = blank()
    smith = game.add_permanent("Repentant Blacksmith", 1)  # 1/2
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Pyroclasm", 0)  # 2 damage to each creature
    game.start_at("main1", 0)
    act(game, "Pyroclasm")
    settle(game)
    assert smith in game.battlefield and game.battlefield[smith].damage == 0
    assert bears not in game.battlefield
    assert any(e["type"] == "prevented" and e["id"] == smith for e in game.events)


def test_protection_prevents_combat_damage_from_a_red_attacker():
    game = blank()
    goblin = game.add_permanent("Raging Goblin", 0)  # 1/1 red haste
    smith = game.add_permanent("Repentant Blacksmith", 1)
    game.start_at("main1", 0)
    to_blocks(game, goblin)
    block(game, smith, goblin)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.battlefield[smith].damage == 0
    assert goblin not in game.battlefield  # the Blacksmith's 1 damage still lands


# ------------------------------------------------------- infect and wither
def test_infect_gives_poison_counters_not_life_loss():
    game = blank()
    elf = game.add_permanent("Glistener Elf", 0)
    game.start_at("main1", 0)
    to_blocks(game, elf)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.life[1] == 20 and game.poison[1] == 1
    assert game.observation_for(1)["poison"] == [0, 1]


def test_infect_damage_to_a_creature_is_minus_one_counters():
    game = blank()
    elf = game.add_permanent("Glistener Elf", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    to_blocks(game, elf)
    block(game, bears, elf)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.battlefield[bears].counters == {"-1/-1": 1}
    assert game.battlefield[bears].damage == 0 and game.chars(bears)[:2] == (1, 1)


def test_ten_poison_counters_lose_the_game():
    game = blank()
    elf = game.add_permanent("Glistener Elf", 0)
    game.poison[1] = 9
    game.start_at("main1", 0)
    to_blocks(game, elf)
    game.apply_action(A.DONE)
    while game.outcome is None:
        game.apply_action(A.PASS)
    assert game.outcome == "win" and game.winner == 0 and game.life[1] == 20
    assert [e["reason"] for e in game.events if e["type"] == "lose"] == ["poison"]


def test_wither_damages_creatures_with_counters_and_players_normally():
    game = blank()
    ripper = game.add_permanent("Sickle Ripper", 0)  # 2/1 wither
    wall = game.add_permanent("Grizzly Bears", 1, counters={"+1/+1": 2})  # 4/4
    game.start_at("main1", 0)
    to_blocks(game, ripper)
    block(game, wall, ripper)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    # +1/+1 and -1/-1 counters annihilate (704.5q): two +1/+1 and two -1/-1 -> none
    assert game.battlefield[wall].damage == 0
    assert game.chars(wall)[:2] == (2, 2)


def test_wither_damage_to_a_player_is_life_loss():
    game = blank()
    ripper = game.add_permanent("Sickle Ripper", 0)
    game.start_at("main1", 0)
    to_blocks(game, ripper)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.life[1] == 18 and game.poison[1] == 0


# -------------------------------------------------------- prowess, exalted
def test_prowess_pumps_on_a_noncreature_spell_only():
    game = blank()
    khenra = game.add_permanent("Nimble-Blade Khenra", 0)  # 1/3 prowess
    lands(game, 0, "Mountain", "Forest", "Forest")
    game.add_card("Shock", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Grizzly Bears")
    settle(game)
    assert game.chars(khenra)[:2] == (1, 3)
    act(game, "Shock")
    game.apply_action(A.player(1))
    settle(game)
    assert game.chars(khenra)[:2] == (2, 4)
    assert game.life[1] == 18


def test_exalted_pumps_a_creature_attacking_alone():
    game = blank()
    game.add_permanent("Akrasan Squire", 0)  # 1/1 exalted
    game.add_permanent("Outrider of Jhess", 0)  # 2/2 exalted
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    attack(game, bears)
    game.apply_action(A.DONE)
    settle(game)
    assert game.chars(bears)[:2] == (4, 4)  # one trigger per exalted instance
    pass_until(game, "main2")
    assert game.life[1] == 16


def test_tokens_created_with_prowess_have_its_triggered_ability_702_108a():
    game = blank()
    lands(game, 0, *["Mountain"] * 5)
    game.add_card("Goblin Wizardry", 0)  # two 1/1 Goblin Wizard tokens with prowess
    game.add_card("Shock", 0)
    game.start_at("main1", 0)
    act(game, "Goblin Wizardry")
    settle(game)
    wizards = [pid for pid, perm in game.battlefield.items()
               if game.card_token[perm.card]]
    assert len(wizards) == 2 and all(game.chars(w)[:2] == (1, 1) for w in wizards)
    act(game, "Shock")
    game.apply_action(A.player(1))
    settle(game)
    assert [game.chars(w)[:2] for w in wizards] == [(2, 2), (2, 2)]


def test_a_granted_triggered_keyword_is_refused_not_dropped():
    """Prowess, exalted and bushido are triggered abilities built as a card is
    compiled: a card that grants one to other permanents (Sublime Archangel's
    "other creatures you control have exalted", Bria's prowess) would play without
    the grant, so it stays unsupported with the reason; the printed keyword and a
    token's still work."""
    pool = compiled_pool()
    for name, kw in (("Sublime Archangel", "exalted"), ("Bria, Riptide Rogue", "prowess"),
                     ("Sokka, Tenacious Tactician", "prowess")):
        assert pool.unsupported[name] == f"engine: granted {kw}"
    assert "Goblin Wizardry" in pool.supported and "Monastery Mentor" in pool.supported


def test_exalted_does_not_trigger_for_two_attackers():
    game = blank()
    squire = game.add_permanent("Akrasan Squire", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    while game.decision["kind"] != "attack":
        game.apply_action(A.PASS)
    attack(game, bears)
    attack(game, squire)
    game.apply_action(A.DONE)
    settle(game)
    assert game.chars(bears)[:2] == (2, 2)
    pass_until(game, "main2")
    assert game.life[1] == 17


# --------------------------------------------- 704.5m-n: protection and attachments
def test_an_aura_on_a_permanent_with_protection_from_it_goes_to_the_graveyard():
    # White Knight has protection from black: Unholy Strength (black) is attached
    # illegally (702.16c) and goes to the graveyard (704.5m); Holy Strength (white)
    # stays
    game = blank()
    knight = game.add_permanent("White Knight", 0)
    black = game.add_permanent("Unholy Strength", 0, attached_to=knight)
    white = game.add_permanent("Holy Strength", 0, attached_to=knight)
    game.start_at("main1", 0)
    assert black not in game.battlefield
    assert "Unholy Strength" in [game.name_of(c) for c in game.graveyard[0]]
    assert game.battlefield[white].attached_to == knight


def test_equipment_on_a_creature_with_protection_from_it_becomes_unattached():
    # Tel-Jilad Chosen has protection from artifacts: Bonesplitter falls off (704.5n)
    # and stays on the battlefield; on Grizzly Bears it stays attached
    game = blank()
    chosen = game.add_permanent("Tel-Jilad Chosen", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    off = game.add_permanent("Bonesplitter", 0, attached_to=chosen)
    on = game.add_permanent("Bonesplitter", 0, attached_to=bears)
    game.start_at("main1", 0)
    assert off in game.battlefield and game.battlefield[off].attached_to is None
    assert game.battlefield[on].attached_to == bears
    assert game.chars(chosen)[0] == 2 and game.chars(bears)[0] == 4  # 2/1 bare, 2/2 +2


# ------------------------------------ shadow, horsemanship, toxic, bushido (702.28...)
def test_shadow_blocks_and_is_blocked_only_by_shadow():
    # 702.28b: a creature with shadow can't be blocked by creatures without shadow
    game, soldier, (bears, jackal) = combat(
        "Soltari Foot Soldier", "Grizzly Bears", "Dauthi Jackal")
    assert not can_block(game, bears, soldier)
    assert can_block(game, jackal, soldier)
    # 702.28c: a creature with shadow can't block creatures without shadow
    game, bears, (jackal,) = combat("Grizzly Bears", "Dauthi Jackal")
    assert not can_block(game, jackal, bears)


def test_horsemanship_is_blocked_only_by_horsemanship():
    game, cavalry, (bears, companions) = combat(
        "Shu Cavalry", "Grizzly Bears", "Shu Elite Companions")
    assert not can_block(game, bears, cavalry)
    assert can_block(game, companions, cavalry)
    # horsemanship does not stop a creature from blocking others (702.31b)
    game, bears, (cavalry,) = combat("Grizzly Bears", "Shu Cavalry")
    assert can_block(game, cavalry, bears)


def test_toxic_gives_poison_with_combat_damage_to_a_player():
    game, dweller, _ = combat("Bilious Skulldweller")
    finish_blocks(game)
    pass_until(game, "end_of_combat")
    assert game.life[1] == 19 and game.poison[1] == 1  # damage and a poison counter


def test_bushido_pumps_a_creature_that_blocks():
    game, bears, (blademaster,) = combat("Grizzly Bears", "Kitsune Blademaster")
    block(game, blademaster, bears)
    finish_blocks(game)
    settle(game)  # bushido 1 resolves: 3/3 first strike kills the Bears, survives
    assert game.chars(blademaster)[:2] == (3, 3)
    pass_until(game, "end_of_combat")
    assert bears not in game.battlefield and blademaster in game.battlefield


# ------------------------------------------------------- 502.3: doesn't untap
def test_permanents_that_dont_untap_stay_tapped_in_the_untap_step():
    game = blank()
    monolith = game.add_permanent("Basalt Monolith", 0, tapped=True)
    asleep = game.add_permanent("Grizzly Bears", 0, tapped=True)
    game.add_permanent("Charmed Sleep", 1, attached_to=asleep)  # an opponent's Aura
    awake = game.add_permanent("Grizzly Bears", 0, tapped=True)
    game.start_at("untap", 0)
    assert game.battlefield[monolith].tapped and game.battlefield[asleep].tapped
    assert not game.battlefield[awake].tapped


# -------------------------------------- "can't block / be blocked this turn"
def test_a_creature_that_cant_block_this_turn():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    attacker = game.add_permanent("Hill Giant", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Stun", 0)
    game.start_at("main1", 0)
    act(game, "Stun")
    target_perm(game, bears)
    settle(game)
    to_blocks(game, attacker)
    assert not can_block(game, bears, attacker)


def test_a_creature_that_cant_be_blocked_this_turn():
    game = blank()
    game.add_permanent("Crafty Pathmage", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    wall = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    act(game, "(Crafty Pathmage) ability")
    target_perm(game, bears)
    settle(game)
    to_blocks(game, bears)
    assert not can_block(game, wall, bears)
