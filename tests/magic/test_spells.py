"""Instants and sorceries (:mod:`~labyrinth_gym.envs.magic.engine.text.removal`,
:mod:`~labyrinth_gym.envs.magic.engine.text.counts`): counterspells that send the
countered card elsewhere (701.6a, 614.1a), "counter unless its controller pays {X}"
(118.12, 107.3), and amounts that change "instead if" a condition holds as the spell
resolves (608.2h: morbid, metalcraft). Scripted positions with real cards."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from magic.positions import act, blank, has, lands, names, settle, target_perm


def _bolt_then(counter: str, *counter_lands: str, caster_lands: int = 1):
    """Player 0 casts Lightning Bolt at player 1, who responds with ``counter``
    aimed at it; returns the game with ``counter`` on the stack above the Bolt."""
    game = blank()
    lands(game, 0, *["Mountain"] * caster_lands)
    lands(game, 1, *counter_lands)
    game.add_card("Lightning Bolt", 0)
    game.add_card(counter, 1)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    game.apply_action(A.PASS)
    act(game, counter)
    return game


def _zone_of(game, name: str) -> str:
    for zone in ("hand", "graveyard", "exile", "library"):
        for pile in getattr(game, zone):
            if any(game.name_of(c) == name for c in pile):
                return zone
    return "nowhere"


# ------------------------------------------------- counter destinations (614.1a)
def test_701_6a_614_1a_dissipate_exiles_the_spell_it_counters():
    game = _bolt_then("Dissipate", "Island", "Island", "Island")
    act(game, "stack 0 (Lightning Bolt)")
    settle(game)
    assert game.life == [20, 20]
    assert _zone_of(game, "Lightning Bolt") == "exile"
    assert any(e["type"] == "countered" and e.get("to") == "exile" for e in game.events)
    assert _zone_of(game, "Dissipate") == "graveyard"


def test_701_6a_614_1a_remand_returns_the_countered_spell_to_its_owners_hand():
    game = _bolt_then("Remand", "Island", "Island")
    act(game, "stack 0 (Lightning Bolt)")
    settle(game)
    assert game.life == [20, 20]
    assert [game.name_of(c) for c in game.hand[0]] == ["Lightning Bolt"]
    assert len(game.hand[1]) == 1  # "draw a card"
    assert not game.graveyard[0]


def test_701_6a_a_plain_counterspell_still_puts_it_into_the_graveyard():
    game = _bolt_then("Cancel", "Island", "Island", "Island")
    act(game, "stack 0 (Lightning Bolt)")
    settle(game)
    assert _zone_of(game, "Lightning Bolt") == "graveyard"


# -------------------------------------------------- "unless ... pays {X}" (118.12)
def test_118_12_syncopate_x_is_the_tax_and_a_spell_countered_so_is_exiled():
    # X = 1; the Bolt's controller has no untapped land left: countered, exiled
    game = _bolt_then("Syncopate", "Island", "Island")
    act(game, "X = 1")
    act(game, "stack 0 (Lightning Bolt)")
    settle(game)
    assert game.life == [20, 20]
    assert _zone_of(game, "Lightning Bolt") == "exile"


def test_118_12_syncopate_asks_for_x_mana_and_paying_it_lets_the_spell_resolve():
    game = _bolt_then("Syncopate", "Island", "Island", "Island", caster_lands=3)
    act(game, "X = 2")
    act(game, "stack 0 (Lightning Bolt)")
    settle(game)
    assert game.decision["kind"] == "yesno" and game.decision["player"] == 0
    act(game, "yes")
    settle(game)
    assert game.life == [20, 17]
    paid = next(e for e in game.events if e["type"] == "pays")
    assert paid["mana"] == "{2}"
    assert all(game.battlefield[p].tapped for p in game.battlefield)


def test_118_12_syncopate_for_more_than_the_caster_can_pay_is_not_asked():
    game = _bolt_then("Syncopate", "Island", "Island", "Island", caster_lands=2)
    act(game, "X = 2")  # one Mountain left untapped: {2} can't be paid
    act(game, "stack 0 (Lightning Bolt)")
    settle(game)
    assert game.life == [20, 20] and _zone_of(game, "Lightning Bolt") == "exile"


# ------------------------------------------------ "instead if" amounts (608.2h)
def test_608_2h_tragic_slip_is_minus_one_until_a_creature_has_died_this_turn():
    game = blank()
    lands(game, 0, "Swamp", "Swamp")
    ogre = game.add_permanent("Gray Ogre", 1)
    game.add_card("Tragic Slip", 0)
    game.start_at("main1", 0)
    act(game, "Tragic Slip")
    target_perm(game, ogre)
    settle(game)
    assert ogre in game.battlefield and game.battlefield[ogre].mods  # a 1/1 now
    assert game.chars(ogre)[:2] == (1, 1)


def test_608_2h_morbid_tragic_slip_after_a_creature_died_this_turn():
    game = blank()
    lands(game, 0, "Swamp", "Mountain")
    elf = game.add_permanent("Llanowar Elves", 1)
    giant = game.add_permanent("Craw Wurm", 1)  # 6/4: -1/-1 would not kill it
    game.add_card("Lightning Bolt", 0)
    game.add_card("Tragic Slip", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, elf)
    settle(game)
    assert elf not in game.battlefield and game.creatures_died == 1
    act(game, "Tragic Slip")
    target_perm(game, giant)
    settle(game)
    assert giant not in game.battlefield


def test_608_2h_the_died_this_turn_record_ends_with_the_turn():
    game = blank()
    elf = game.add_permanent("Llanowar Elves", 1)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, elf)
    settle(game)
    assert game.creatures_died == 1
    while game.active == 0:
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert game.creatures_died == 0
    assert game.clone().creatures_died == 0


def test_608_2h_metalcraft_galvanic_blast_deals_four_with_three_artifacts():
    for artifacts, life in ((2, 18), (3, 16)):
        game = blank()
        lands(game, 0, "Mountain")
        for _ in range(artifacts):
            game.add_permanent("Ornithopter", 0)
        game.add_card("Galvanic Blast", 0)
        game.start_at("main1", 0)
        act(game, "Galvanic Blast")
        game.apply_action(A.player(1))
        settle(game)
        assert game.life[1] == life, artifacts


# ----------------------------- "and all other ... with the same name" (targets 115)
def test_bile_blight_shrinks_the_target_and_every_other_creature_of_its_name():
    game = blank()
    lands(game, 0, "Swamp", "Swamp")
    mine = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Grizzly Bears", 1)
    elves = game.add_permanent("Llanowar Elves", 1)
    game.add_card("Bile Blight", 0)
    game.start_at("main1", 0)
    act(game, "Bile Blight")
    target_perm(game, theirs)
    settle(game)
    # both Bears (any controller's) got -3/-3 and died; the Elves did not
    assert mine not in game.battlefield and theirs not in game.battlefield
    assert elves in game.battlefield


def test_maelstrom_pulse_destroys_the_others_of_its_name_not_targets_only():
    game = blank()
    lands(game, 0, "Swamp", "Forest", "Forest")
    birds = [game.add_permanent("Ornithopter", p) for p in (1, 1, 0)]
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Maelstrom Pulse", 0)
    game.start_at("main1", 0)
    act(game, "Maelstrom Pulse")
    target_perm(game, birds[0])
    settle(game)
    assert not any(b in game.battlefield for b in birds) and bears in game.battlefield


def test_a_face_down_permanent_shares_no_name_708_2():
    game = blank()
    lands(game, 0, "Swamp", "Forest", "Forest")
    a = game.add_permanent("Grizzly Bears", 1)
    b = game.add_permanent("Grizzly Bears", 1)
    game.battlefield[b].face_down = True
    game._bf_version += 1
    game.add_card("Maelstrom Pulse", 0)
    game.start_at("main1", 0)
    act(game, "Maelstrom Pulse")
    target_perm(game, a)
    settle(game)
    assert a not in game.battlefield and b in game.battlefield


def test_detention_sphere_exiles_all_of_a_name_until_it_leaves():
    game = blank()
    lands(game, 0, "Plains", "Island", "Island", "Forest", "Forest")
    first = game.add_permanent("Grizzly Bears", 1)
    game.add_permanent("Grizzly Bears", 1)
    other_sphere = game.add_permanent("Detention Sphere", 1)
    game.add_card("Detention Sphere", 0)
    game.add_card("Naturalize", 0)
    game.start_at("main1", 0)
    act(game, "Detention Sphere")
    settle(game)
    # "not named this": the opponent's Sphere is no legal target
    assert game.decision["kind"] == "target"
    assert len(names(game)) == 2 and all(name.endswith("(Grizzly Bears)")
                                         for name in names(game))
    assert other_sphere in game.battlefield
    target_perm(game, first)
    settle(game)
    if game.decision["kind"] == "yesno":  # "you may exile"
        act(game, "yes")
        settle(game)
    assert sum(game.name_of(c) == "Grizzly Bears" for c in game.exile[1]) == 2
    sphere = next(p for p, perm in game.battlefield.items()
                  if perm.controller == 0 and game.pdef(p).name == "Detention Sphere")
    act(game, "Naturalize")
    target_perm(game, sphere)
    settle(game)
    assert sum(game.pdef(p).name == "Grizzly Bears" for p in game.battlefield) == 2


# ------------------------------------- a keyword for every permanent you control
def test_boros_charm_gives_every_permanent_you_control_indestructible():
    game = blank()
    lands(game, 0, "Mountain", "Plains", "Plains", "Plains", "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 0)
    bird = game.add_permanent("Ornithopter", 0)
    foe = game.add_permanent("Gray Ogre", 1)
    game.add_card("Boros Charm", 0)
    game.add_card("Wrath of God", 0)
    game.start_at("main1", 0)
    act(game, "Boros Charm")
    game.apply_action(A.mode(1))
    settle(game)
    act(game, "Wrath of God")
    settle(game)
    assert bears in game.battlefield and bird in game.battlefield
    assert foe not in game.battlefield


# ------------------------------- exiling cards from a graveyard as a cost (118.3)
def test_118_3_moorland_haunt_exiles_a_creature_card_from_the_graveyard_as_its_cost():
    game = blank()
    haunt = game.add_permanent("Moorland Haunt", 0)
    lands(game, 0, "Plains", "Island")
    game.add_card("Island", 0, "graveyard")  # not a creature card
    bears = game.add_card("Grizzly Bears", 0, "graveyard")
    elves = game.add_card("Llanowar Elves", 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "(Moorland Haunt) ability 0")
    settle(game)
    # the oldest creature card is exiled (an automated choice); a Spirit is made
    assert game.exile[0] == [bears] and elves in game.graveyard[0]
    assert any(e["type"] == "cost_exiled" for e in game.events)
    assert sum(game.pdef(p).name == "Spirit Token" for p in game.battlefield) == 1
    assert game.battlefield[haunt].tapped


def test_118_3_a_graveyard_cost_is_not_offered_without_the_cards():
    game = blank()
    game.add_permanent("Moorland Haunt", 0)
    lands(game, 0, "Plains", "Island")
    game.add_card("Island", 0, "graveyard")
    game.start_at("main1", 0)
    assert not has(game, "(Moorland Haunt) ability")


def test_118_3_grim_lavamancer_exiles_two_cards_of_any_kind():
    game = blank()
    lava = game.add_permanent("Grim Lavamancer", 0)
    game.battlefield[lava].sick = False
    lands(game, 0, "Mountain")
    for name in ("Island", "Shock", "Island"):
        game.add_card(name, 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "(Grim Lavamancer) ability 0")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 18
    assert len(game.exile[0]) == 2 and len(game.graveyard[0]) == 1


# --------------------------------------- "that creature's toughness" after an edict
def test_608_2h_devour_flesh_gains_the_toughness_of_the_creature_sacrificed():
    game = blank()
    lands(game, 0, "Swamp", "Swamp")
    game.add_permanent("Grizzly Bears", 1)
    game.add_permanent("Craw Wurm", 1)
    game.add_card("Devour Flesh", 0)
    game.start_at("main1", 0)
    act(game, "Devour Flesh")
    game.apply_action(A.player(1))
    settle(game)
    assert game.decision["kind"] == "sacrifice" and game.decision["player"] == 1
    act(game, "Craw Wurm")
    settle(game)
    # the target player gains life equal to the sacrificed Wurm's toughness (4)
    assert game.life == [20, 24]


def test_608_2h_devour_flesh_with_nothing_to_sacrifice_gains_nothing():
    game = blank()
    lands(game, 0, "Swamp", "Swamp")
    game.add_card("Devour Flesh", 0)
    game.start_at("main1", 0)
    act(game, "Devour Flesh")
    game.apply_action(A.player(0))
    settle(game)
    assert game.life == [20, 20]


# ------------------------- "mana value x or less" and "shuffle this into" (608.2n)
def test_green_suns_zenith_finds_a_green_creature_of_mana_value_x_or_less():
    game = blank(library=0)
    lands(game, 0, "Forest", "Forest", "Forest")
    for name in ("Craw Wurm", "Grizzly Bears", "Llanowar Elves", "Gray Ogre"):
        game.add_card(name, 0, "library")
    game.add_card("Green Sun's Zenith", 0)
    game.start_at("main1", 0)
    act(game, "Green Sun's Zenith")
    act(game, "X = 2")
    settle(game)
    assert game.decision["kind"] == "search"
    offered = " ".join(names(game))
    # green creatures of mana value 2 or less only: not the Wurm (6), not the red Ogre
    assert "Grizzly Bears" in offered and "Llanowar Elves" in offered
    assert "Craw Wurm" not in offered and "Gray Ogre" not in offered
    act(game, "Grizzly Bears")
    settle(game)
    assert any(game.pdef(p).name == "Grizzly Bears" for p in game.battlefield)
    # the Zenith is shuffled into its owner's library, not put into the graveyard
    assert not game.graveyard[0]
    assert any(game.name_of(c) == "Green Sun's Zenith" for c in game.library[0])
    assert "spell_card_to" in [e["type"] for e in game.events]


def test_black_suns_zenith_puts_x_counters_and_is_shuffled_in():
    game = blank()
    lands(game, 0, "Swamp", "Swamp", "Swamp")
    bears = game.add_permanent("Grizzly Bears", 1)
    wurm = game.add_permanent("Craw Wurm", 0)
    game.add_card("Black Sun's Zenith", 0)
    game.start_at("main1", 0)
    act(game, "Black Sun's Zenith")
    act(game, "X = 1")
    settle(game)
    assert game.battlefield[bears].counters.get("-1/-1") == 1
    assert game.battlefield[wurm].counters.get("-1/-1") == 1
    assert not game.graveyard[0] and len(game.library[0]) == 11


# ------------------------------------------------------ divided damage (601.2d)
def test_601_2d_magic_missile_divides_its_damage_among_three_targets():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain", "Mountain")
    bears = game.add_permanent("Grizzly Bears", 1)
    elves = game.add_permanent("Llanowar Elves", 1)
    game.add_card("Magic Missile", 0)
    game.start_at("main1", 0)
    act(game, "Magic Missile")
    target_perm(game, bears)
    target_perm(game, elves)
    game.apply_action(A.player(1))
    # three targets, three damage: one each, no division left to ask
    settle(game)
    assert game.battlefield[bears].damage == 1 and elves not in game.battlefield
    assert game.life[1] == 19


def test_601_2d_the_caster_divides_the_damage_point_by_point():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain", "Mountain")
    wurm = game.add_permanent("Craw Wurm", 1)  # 6/4
    game.add_card("Pyrotechnics", 0)  # 4 damage divided among any number of targets
    game.start_at("main1", 0)
    act(game, "Pyrotechnics")
    target_perm(game, wurm)
    game.apply_action(A.player(1))
    game.apply_action(A.DONE)
    assert game.decision["kind"] == "divide"
    wurm_name = game._slot_name(game.battlefield[wurm].slot, 0)
    assert set(names(game)) == {"1 more damage to player 1",
                                f"1 more damage to {wurm_name}"}
    act(game, "Craw Wurm")
    act(game, "Craw Wurm")
    settle(game)
    # 3 to the Wurm, 1 to the player
    assert game.battlefield[wurm].damage == 3 and game.life[1] == 19


def test_601_2d_at_least_one_target_and_no_more_targets_than_damage():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain")
    game.add_card("Rolling Thunder", 0)  # X damage divided among any number of targets
    for _ in range(5):
        game.add_permanent("Llanowar Elves", 1)
    game.start_at("main1", 0)
    act(game, "Rolling Thunder")
    act(game, "X = 2")
    assert A.DONE not in game.legal_actions()  # no target yet
    for _ in range(2):
        options = [a for a in game.legal_actions() if a != A.DONE]
        game.apply_action(options[-1])
    assert game.legal_actions() == [A.DONE]  # 2 damage: at most 2 targets
    game.apply_action(A.DONE)
    settle(game)
    assert sum(game.pdef(p).name == "Llanowar Elves" for p in game.battlefield) == 3


def test_601_2d_608_2b_an_illegal_target_keeps_no_share_and_the_others_keep_theirs():
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain", "Mountain", "Mountain")
    lands(game, 1, "Island", "Island")
    elves = game.add_permanent("Llanowar Elves", 1)
    game.add_card("Pyrotechnics", 0)
    game.add_card("Unsummon", 1)
    game.start_at("main1", 0)
    act(game, "Pyrotechnics")
    target_perm(game, elves)
    game.apply_action(A.player(1))
    game.apply_action(A.DONE)
    act(game, "player 1")
    act(game, "player 1")
    game.apply_action(A.PASS)
    act(game, "Unsummon")
    target_perm(game, elves)
    settle(game)
    assert elves not in game.battlefield and game.life[1] == 17


def test_601_2d_inferno_titans_trigger_divides_its_damage_as_it_is_put_on_the_stack():
    game = blank()
    lands(game, 0, *["Mountain"] * 6)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Inferno Titan", 0)
    game.start_at("main1", 0)
    act(game, "Inferno Titan")
    settle(game)
    assert game.decision["kind"] == "target"
    target_perm(game, bears)
    game.apply_action(A.player(1))
    game.apply_action(A.DONE)
    assert game.decision["kind"] == "divide"
    act(game, "player 1")
    settle(game)
    assert game.battlefield[bears].damage == 1 and game.life[1] == 18


# ------------------------------------------------ additional land plays (305.2)
def test_305_2_explore_lets_its_caster_play_an_additional_land_this_turn():
    game = blank()
    lands(game, 0, "Forest", "Forest")
    game.add_card("Explore", 0)
    game.add_card("Forest", 0)
    game.add_card("Forest", 0)
    game.start_at("main1", 0)
    act(game, "play hand 1 (Forest)")
    assert not has(game, "play hand")  # one land a turn
    act(game, "Explore")
    settle(game)
    act(game, "play hand 0 (Forest)")  # the additional land
    assert not has(game, "play hand")  # and no third
    assert sum(game.pdef(p).name == "Forest" for p in game.battlefield) == 4
    while game.active == 0:
        game.apply_action(A.PASS if A.PASS in game.legal_actions() else A.DONE)
    assert game.extra_lands == [0, 0]
