"""Targets whose referent is a player and spells with several targets (rule 115):
"target player or planeswalker ... that player or that planeswalker's controller"
(115.1, 115.4), "any other target" (115.3), "that creature's controller". Scripted
positions with real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from magic.positions import act, blank, lands, names, pass_until, settle, target_perm


def _cast(game, card: str) -> None:
    game.start_at("main1", 0)
    act(game, card)


# ------------------------------------ "that player or that planeswalker's controller"
def test_115_1_blightning_at_a_player_makes_that_player_discard():
    game = blank()
    lands(game, 0, "Mountain", "Swamp", "Mountain")
    game.add_card("Blightning", 0)
    for _ in range(3):
        game.add_card("Island", 1)
    _cast(game, "Blightning")
    game.apply_action(A.player(1))
    settle(game)
    while game.decision and game.decision["kind"] != "priority":
        game.apply_action(game.legal_actions()[0])
    assert game.life == [20, 17]
    assert len(game.hand[1]) == 1 and len(game.graveyard[1]) == 2


def test_115_1_blightning_at_a_planeswalker_makes_its_controller_discard():
    game = blank()
    lands(game, 0, "Mountain", "Swamp", "Mountain")
    game.add_card("Blightning", 0)
    game.add_card("Island", 0)  # the caster's own card stays
    walker = game.add_permanent("Chandra Nalaar", 1, counters={"loyalty": 6})
    for _ in range(2):
        game.add_card("Island", 1)
    _cast(game, "Blightning")
    target_perm(game, walker)
    settle(game)
    assert game.decision == {"kind": "discard", "player": 1}
    while game.decision["kind"] == "discard":
        game.apply_action(game.legal_actions()[0])
    assert game.life == [20, 20]
    assert game.battlefield[walker].counters["loyalty"] == 3
    assert game.hand[1] == [] and len(game.graveyard[1]) == 2
    assert len(game.hand[0]) == 1


def test_115_1_rapid_hybridization_gives_the_destroyed_creatures_controller_a_token():
    game = blank()
    lands(game, 0, "Island")
    game.add_card("Rapid Hybridization", 0)
    bear = game.add_permanent("Grizzly Bears", 1)
    _cast(game, "Rapid Hybridization")
    target_perm(game, bear)
    settle(game)
    assert bear not in game.battlefield
    [token] = [p for p in game.battlefield.values() if p.controller == 1]
    d = game.pdef(next(pid for pid, p in game.battlefield.items() if p is token))
    assert (d.power, d.toughness) == (3, 3) and "Frog" in d.subtypes


def test_115_1_ravagers_creature_target_must_be_that_players_creature():
    """Ravager of the Fells: "2 damage to target opponent or planeswalker and 2 damage
    to up to one target creature that player or that planeswalker's controller
    controls": only that player's creatures are legal second targets."""
    game = blank(players=3)
    hunt = game.add_permanent("Huntmaster of the Fells // Ravager of the Fells", 0)
    first = game.add_permanent("Grizzly Bears", 1)
    second = game.add_permanent("Grizzly Bears", 2)
    game.start_at("main1", 0)
    assert game.transform(hunt)
    while game.decision["kind"] != "target":
        game.apply_action(game.legal_actions()[0])
    game.apply_action(A.player(2))
    legal = names(game)
    assert any("Grizzly Bears" in n for n in legal)
    assert A.permanent(game.battlefield[first].slot) not in game.legal_actions()
    target_perm(game, second)
    settle(game)
    assert game.life == [20, 20, 18]
    assert second not in game.battlefield and first in game.battlefield


# ------------------------------------------------------- "any other target" (115.3)
def test_115_3_arc_trails_second_target_differs_from_its_first():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Arc Trail", 0)
    bear = game.add_permanent("Grizzly Bears", 1)
    _cast(game, "Arc Trail")
    target_perm(game, bear)
    assert A.permanent(game.battlefield[bear].slot) not in game.legal_actions()
    game.apply_action(A.player(1))
    settle(game)
    assert bear not in game.battlefield
    assert game.life == [20, 19]


def test_115_3_arc_trail_may_aim_two_damage_at_a_player_and_one_at_a_creature():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Arc Trail", 0)
    elf = game.add_permanent("Llanowar Elves", 1)
    _cast(game, "Arc Trail")
    game.apply_action(A.player(1))
    assert A.player(1) not in game.legal_actions()
    target_perm(game, elf)
    settle(game)
    assert elf not in game.battlefield and game.life == [20, 18]


def test_115_1_flame_wave_hits_the_targeted_players_creatures_only():
    """"4 damage to target player or planeswalker and each creature that player or
    that planeswalker's controller controls" (Bonfire of the Damned's text)."""
    game = blank(players=3)
    lands(game, 0, *["Mountain"] * 7)
    game.add_card("Flame Wave", 0)
    mine = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    other = game.add_permanent("Grizzly Bears", 2)
    _cast(game, "Flame Wave")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life == [20, 16, 20]
    assert theirs not in game.battlefield
    assert mine in game.battlefield and other in game.battlefield


def test_115_1_flame_wave_at_a_planeswalker_hits_its_controllers_creatures():
    game = blank()
    lands(game, 0, *["Mountain"] * 7)
    game.add_card("Flame Wave", 0)
    mine = game.add_permanent("Grizzly Bears", 0)
    walker = game.add_permanent("Chandra Nalaar", 1, counters={"loyalty": 6})
    theirs = game.add_permanent("Grizzly Bears", 1)
    _cast(game, "Flame Wave")
    target_perm(game, walker)
    settle(game)
    assert game.life == [20, 20]
    assert game.battlefield[walker].counters["loyalty"] == 2
    assert theirs not in game.battlefield and mine in game.battlefield


# ---------------------------------------------- spells with qualities (115.1a, 112.2)
def _bears_cast(counter: str, *counter_lands: str):
    """Player 0 casts Grizzly Bears; player 1 holds ``counter`` with lands."""
    game = blank()
    lands(game, 0, "Forest", "Forest")
    lands(game, 1, *counter_lands)
    game.add_card("Grizzly Bears", 0)
    if counter != "Island":
        game.add_card(counter, 1)
    game.start_at("main1", 0)
    act(game, "Grizzly Bears")
    game.apply_action(A.PASS)
    return game


def test_115_1a_spell_snare_counters_a_spell_with_mana_value_two():
    game = _bears_cast("Spell Snare", "Island")
    act(game, "Spell Snare")
    act(game, "stack 0 (Grizzly Bears)")
    settle(game)
    assert "Grizzly Bears" not in [game.pdef(p).name for p in game.battlefield]
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Grizzly Bears"]


def test_115_1a_spell_snare_cannot_target_a_spell_of_another_mana_value():
    game = blank()
    lands(game, 0, "Mountain")
    lands(game, 1, "Island")
    game.add_card("Lightning Bolt", 0)
    game.add_card("Spell Snare", 1)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    game.apply_action(A.PASS)
    assert game.decision["player"] == 1
    assert not any("Spell Snare" in n for n in names(game))  # no legal target (601.2c)


def test_115_1a_an_instant_only_counter_cannot_target_a_creature_spell():
    game = _bears_cast("Dispel", "Island")
    assert not any("Dispel" in n for n in names(game))


def test_118_12_judges_familiar_taxes_an_instant_but_not_a_creature_spell():
    game = _bears_cast("Island")
    game.add_permanent("Judge's Familiar", 1)
    assert not any("Judge's Familiar" in n for n in names(game))
    game = blank()
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.add_permanent("Judge's Familiar", 1)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    game.apply_action(A.PASS)
    act(game, "Judge's Familiar")
    act(game, "stack 0 (Lightning Bolt)")
    settle(game)
    assert game.life == [20, 20]  # its caster had no mana left for the {1}
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Lightning Bolt"]


# ------------------------------------------------- colour disjunction, 611.2b holds
def _tidebinder(*creatures: str):
    """Player 0 casts Tidebinder Mage; player 1 controls ``creatures`` (ids)."""
    game = blank()
    lands(game, 0, "Island", "Island")
    game.add_card("Tidebinder Mage", 0)
    ids = [game.add_permanent(name, 1) for name in creatures]
    game.start_at("main1", 0)
    act(game, "Tidebinder Mage")
    settle(game)
    return game, ids


def test_red_or_green_creature_is_either_colour_and_nothing_else():
    game, (elves, goblin, merfolk) = _tidebinder(
        "Llanowar Elves", "Raging Goblin", "Coral Merfolk")
    assert game.decision["kind"] == "target"
    legal = game.legal_actions()
    slot = {pid: game.battlefield[pid].slot for pid in (elves, goblin, merfolk)}
    assert A.permanent(slot[elves]) in legal and A.permanent(slot[goblin]) in legal
    assert A.permanent(slot[merfolk]) not in legal


def test_611_2b_tidebinders_creature_stays_tapped_while_it_controls_the_mage():
    game, (elves,) = _tidebinder("Llanowar Elves")
    target_perm(game, elves)
    settle(game)
    assert game.battlefield[elves].tapped
    game.start_at("untap", 1, turn=3)
    assert game.battlefield[elves].tapped  # its controller's untap step: held
    mage = next(p for p, perm in game.battlefield.items()
                if game.pdef(p).name == "Tidebinder Mage")
    game.destroy([mage])
    game.start_at("untap", 1, turn=5)
    assert not game.battlefield[elves].tapped  # the mage gone: it untaps


# ----------------------------------------- Frost Titan: "counter that spell or ability"
def test_118_12_frost_titan_counters_a_spell_targeting_it_unless_its_caster_pays_two():
    game = blank()
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    titan = game.add_permanent("Frost Titan", 1)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, titan)
    settle(game)
    assert game.battlefield[titan].damage == 0
    assert any(e["type"] == "countered" for e in game.events)


# ------------------------------------------ "if <condition>, <effect>" (608.2c, 603.4)
def _dispatch(artifacts: int):
    game = blank()
    lands(game, 0, "Plains")
    for _ in range(artifacts):
        game.add_permanent("Ornithopter", 0)
    game.add_card("Dispatch", 0)
    bear = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "Dispatch")
    target_perm(game, bear)
    settle(game)
    return game, bear


def test_608_2c_dispatch_only_taps_without_three_artifacts():
    game, bear = _dispatch(2)
    assert bear in game.battlefield and game.battlefield[bear].tapped


def test_608_2c_metalcraft_dispatch_exiles_the_creature_it_tapped():
    game, bear = _dispatch(3)
    assert bear not in game.battlefield
    assert [game.name_of(c) for c in game.exile[1]] == ["Grizzly Bears"]


def _scholar(with_artifact: bool):
    game = blank()
    lands(game, 0, "Plains", "Plains", "Island", "Island")
    game.add_card("Scholar of Stars", 0)
    thopter = game.add_permanent("Ornithopter", 0) if with_artifact else None
    game.start_at("main1", 0)
    act(game, "Scholar of Stars")
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # the creature spell resolves
    return game, thopter


def test_603_4_an_intervening_if_false_as_it_would_trigger_does_not_trigger():
    game, _ = _scholar(with_artifact=False)
    assert not game.stack and not game.pending_triggers
    assert len(game.hand[0]) == 0


def test_603_4_an_intervening_if_is_checked_again_as_the_ability_resolves():
    game, thopter = _scholar(with_artifact=True)
    assert len(game.stack) == 1  # it triggered
    game.destroy([thopter])
    settle(game)
    assert len(game.hand[0]) == 0  # no artifact any more: no card
    game, _ = _scholar(with_artifact=True)
    settle(game)
    assert len(game.hand[0]) == 1


def test_115_1_aether_gale_returns_six_different_targets():
    game = blank()
    lands(game, 0, *["Island"] * 5)
    game.add_card("Aether Gale", 0)
    bears = [game.add_permanent("Grizzly Bears", 1) for _ in range(6)]
    game.start_at("main1", 0)
    act(game, "Aether Gale")
    for i, bear in enumerate(bears):
        if i:  # a target already chosen is not offered again
            assert A.permanent(game.battlefield[bears[0]].slot) not in \
                game.legal_actions()
        target_perm(game, bear)
    settle(game)
    assert not any(b in game.battlefield for b in bears)
    assert len(game.hand[1]) == 6


# --------------------------------------------------- changing a target (115.7)
def _bolt_at(target: str | None):
    """Player 0 casts Lightning Bolt at player 1's Grizzly Bears (``target``
    "bears") or at player 1 ("player"); player 1 has Spellskite and an Island."""
    game = blank()
    lands(game, 0, "Mountain")
    lands(game, 1, "Island")
    game.add_card("Lightning Bolt", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    skite = game.add_permanent("Spellskite", 1)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    if target == "bears":
        target_perm(game, bears)
    else:
        game.apply_action(A.player(1))
    game.apply_action(A.PASS)
    act(game, "Spellskite")
    act(game, "stack 0 (Lightning Bolt)")
    while game.decision["kind"] != "priority":  # ({U/P}: the Island or 2 life)
        game.apply_action(game.legal_actions()[0])
    settle(game)
    return game, bears, skite


def test_115_7_spellskite_redirects_a_bolt_from_a_creature_to_itself():
    game, bears, skite = _bolt_at("bears")
    assert game.battlefield[bears].damage == 0
    assert game.battlefield[skite].damage == 3
    assert any(e["type"] == "target_changed" for e in game.events)


def test_115_7_spellskite_redirects_a_bolt_aimed_at_a_player():
    game, bears, skite = _bolt_at("player")
    assert game.life[1] != 17  # not dealt the Bolt's 3 (it may pay {U/P} with life)
    assert game.battlefield[skite].damage == 3


def test_115_7d_a_target_the_new_one_cannot_legally_be_stays():
    """Mind Rot's "target player": Spellskite is no legal target, nothing changes."""
    game = blank()
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    lands(game, 1, "Island")
    game.add_card("Mind Rot", 0)
    game.add_card("Island", 1)
    game.add_card("Island", 1)
    game.add_permanent("Spellskite", 1)
    game.start_at("main1", 0)
    act(game, "Mind Rot")
    game.apply_action(A.player(1))
    game.apply_action(A.PASS)
    act(game, "Spellskite")
    act(game, "stack 0 (Mind Rot)")
    while game.decision["kind"] != "priority":
        game.apply_action(game.legal_actions()[0])
    settle(game)
    while game.decision["kind"] == "discard":
        game.apply_action(game.legal_actions()[0])
    assert not any(e["type"] == "target_changed" for e in game.events)
    assert game.hand[1] == []


# -------------------------------------------- "and all Auras you control attached to it"
def test_orzhov_charm_returns_the_creature_and_its_controllers_auras_only():
    game = blank()
    lands(game, 0, "Plains", "Swamp")
    game.add_card("Orzhov Charm", 0)
    bear = game.add_permanent("Grizzly Bears", 0)
    mine = game.add_permanent("Holy Strength", 0, attached_to=bear)
    theirs = game.add_permanent("Pacifism", 1, attached_to=bear)
    game.start_at("main1", 0)
    act(game, "Orzhov Charm")
    act(game, "mode 0")
    target_perm(game, bear)
    settle(game)
    assert sorted(game.name_of(c) for c in game.hand[0]) == [
        "Grizzly Bears", "Holy Strength"]
    assert mine not in game.battlefield and theirs not in game.battlefield
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Pacifism"]  # 704.5m


# ------------------------------------------ "each creature deals 1 damage to its controller"
def test_120_3_rakdos_charm_each_creature_is_the_source_of_damage_to_its_controller():
    game = blank()
    lands(game, 0, "Mountain", "Swamp")
    game.add_card("Rakdos Charm", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.add_permanent("Vampire Nighthawk", 1)  # lifelink: its controller gains 1
    game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "Rakdos Charm")
    act(game, "mode 2")
    settle(game)
    assert game.life == [19, 19]  # 2 damage to player 1, 1 life back by lifelink
    sources = sorted(e["source"] for e in game.events if e["type"] == "damage")
    assert sources == ["Grizzly Bears", "Grizzly Bears", "Vampire Nighthawk"]


def test_701_19c_incinerates_creature_dealt_damage_cannot_be_regenerated():
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    lands(game, 1, "Swamp")
    game.add_card("Incinerate", 0)
    skeletons = game.add_permanent("Drudge Skeletons", 1)
    game.start_at("main1", 0)
    act(game, "Incinerate")
    target_perm(game, skeletons)
    game.apply_action(A.PASS)
    act(game, "Drudge Skeletons")  # a regeneration shield in response
    settle(game)
    assert skeletons not in game.battlefield
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Drudge Skeletons"]


# ------------------------------------------------ rules for the rest of the turn
def test_119_7_after_skullcrack_players_cant_gain_life_this_turn():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Plains", "Plains")
    game.add_card("Skullcrack", 0)
    game.add_card("Revitalize", 0)
    game.start_at("main1", 0)
    act(game, "Skullcrack")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life == [20, 17]
    act(game, "Revitalize")
    settle(game)
    assert game.life == [20, 17] and len(game.hand[0]) == 1  # drew, gained nothing
    pass_until(game, "upkeep")  # the cleanup step ends it (514.2)
    game.gain_life(0, 3)
    assert game.life[0] == 23


def _slash_into_salve(ferocious: bool):
    """Player 0 casts Wild Slash at player 1, who prevents 3 damage to themselves
    with Healing Salve in response."""
    game = blank()
    lands(game, 0, "Mountain")
    lands(game, 1, "Plains")
    if ferocious:
        game.add_permanent("Craw Wurm", 0)
    game.add_card("Wild Slash", 0)
    game.add_card("Healing Salve", 1)
    game.start_at("main1", 0)
    act(game, "Wild Slash")
    game.apply_action(A.player(1))
    game.apply_action(A.PASS)
    act(game, "Healing Salve")
    act(game, "mode 1")
    game.apply_action(A.player(0))  # (seats relative to the decider: itself)
    settle(game)
    return game


def test_615_12_ferocious_wild_slash_damage_cant_be_prevented():
    assert _slash_into_salve(ferocious=True).life == [20, 18]


def test_615_wild_slash_without_ferocious_is_prevented():
    assert _slash_into_salve(ferocious=False).life == [20, 20]


# ------------------------------------- "if <condition>, <the same> instead" (608.2h)
def _searing_blaze(landfall: bool):
    game = blank()
    lands(game, 0, "Mountain", "Mountain")
    game.add_card("Searing Blaze", 0)
    game.add_card("Mountain", 0)
    ogre = game.add_permanent("Gray Ogre", 1)  # a 2/2
    game.start_at("main1", 0)
    if landfall:
        act(game, "play hand")
    act(game, "Searing Blaze")
    game.apply_action(A.player(1))
    target_perm(game, ogre)
    settle(game)
    return game, ogre


def test_608_2h_searing_blaze_deals_one_and_one_without_landfall():
    game, ogre = _searing_blaze(landfall=False)
    assert game.life == [20, 19] and game.battlefield[ogre].damage == 1


def test_608_2h_landfall_searing_blaze_deals_three_and_three():
    game, ogre = _searing_blaze(landfall=True)
    assert game.life == [20, 17] and ogre not in game.battlefield
