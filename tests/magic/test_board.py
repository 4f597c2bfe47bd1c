"""Scripted positions for permanents' and combat's rules that complete published decks
(issue 30): a permanent exiling itself and returning (400.7, 603.7), ... Each names
real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    has,
    lands,
    names,
    on_battlefield,
    pass_to_decision,
    pass_until,
    settle,
    target_perm,
)


def test_own_exile_compiles_for_a_permanent():
    """"exile this" in a permanent's ability is the permanent's exile; the next
    sentence's "it" is that card (400.7)."""
    pool = compiled_pool().supported
    for name in ("Aetherling", "Argent Sphinx", "Anurid Brushhopper", "Fleeting Spirit",
                 "Ghost Council of Orzhova", "Nezahal, Primal Tide", "Ojutai Exemplars",
                 "Djinn of the Fountain", "Aethergeode Miner", "Flickering Spirit"):
        assert name in pool, name
    first = pool["Aetherling"].activated[0].effect
    assert first.steps[0] == fx.Exile(fx.Ref("self"))
    assert first.steps[1] == fx.Delayed("next_end_step", fx.MoveCards(
        fx.Ref("that_card"), "battlefield", "owner"))


def test_603_7_aetherling_exiles_itself_and_returns_at_the_next_end_step():
    """Aetherling's first ability exiles it (dodging removal); the delayed ability
    returns it at the beginning of the next end step as a new object (400.7) without
    its pump; its other abilities make it unblockable and trade power for toughness."""
    game = blank()
    ling = game.add_permanent("Aetherling", 0)
    lands(game, 0, "Island", "Island", "Island", "Island")
    game.start_at("main1", 0)
    act(game, "(Aetherling) ability 2")
    settle(game)
    assert game.chars(ling)[:2] == (5, 4)
    act(game, "(Aetherling) ability 0")
    settle(game)
    assert ling not in game.battlefield
    assert [game.name_of(c) for c in game.exile[0]] == ["Aetherling"]
    pass_until(game, "end")
    settle(game)
    back = on_battlefield(game, "Aetherling")
    assert len(back) == 1 and back[0] != ling and game.exile[0] == []
    assert game.battlefield[back[0]].controller == 0
    assert game.chars(back[0])[:2] == (4, 5)


def test_tap_or_untap_compiles():
    """701.26: "[you may] tap or untap <one permanent>" is one optional change."""
    pool = compiled_pool().supported
    for name in ("Pestermite", "Vedalken Anatomist", "Twiddle", "Twitch",
                 "Tidal Force", "Mind Over Matter", "Retreat to Coralhelm",
                 "Puppet Strings", "Thassa's Ire", "Telekinetic Bonds"):
        assert name in pool, name
    anatomist = pool["Vedalken Anatomist"].activated[0].effect
    assert anatomist.steps[1] == fx.MayDo(fx.TapOrUntap(fx.Ref("it"), toggle=True))


def test_701_26_pestermite_taps_an_untapped_permanent():
    """Pestermite's enters trigger taps the opponent's untapped Serra Angel (yes)."""
    game = blank()
    game.add_card("Pestermite", 0)
    lands(game, 0, "Island", "Island", "Island")
    angel = game.add_permanent("Serra Angel", 1)
    game.start_at("main1", 0)
    act(game, "Pestermite")
    settle(game)
    if game.decision["kind"] == "target":
        target_perm(game, angel)
    while game.decision["kind"] != "priority" or game.stack:
        if game.decision["kind"] == "yesno":
            game.apply_action(A.YES)
        else:
            game.apply_action(A.PASS)
    assert game.battlefield[angel].tapped


def test_701_26_vedalken_anatomist_untaps_that_creature():
    """Vedalken Anatomist's "you may tap or untap that creature": said yes to, it
    untaps the tapped creature it put a -1/-1 counter on; said no, it stays."""
    for answer in (A.YES, A.NO):
        game = blank()
        anatomist = game.add_permanent("Vedalken Anatomist", 0)
        lands(game, 0, "Island", "Island", "Island")
        angel = game.add_permanent("Serra Angel", 0, tapped=True)
        game.start_at("main1", 0)
        act(game, "(Vedalken Anatomist) ability 0")
        if game.decision["kind"] == "target":
            target_perm(game, angel)
        game.apply_action(A.PASS)
        game.apply_action(A.PASS)
        assert game.decision["kind"] == "yesno"
        game.apply_action(answer)
        settle(game)
        assert game.battlefield[anatomist].tapped
        assert game.battlefield[angel].counters == {"-1/-1": 1}
        assert game.battlefield[angel].tapped == (answer == A.NO)


def test_keyword_of_your_choice_compiles():
    pool = compiled_pool().supported
    for name in ("Butcher of the Horde", "Golem Artisan", "Lunar Avenger",
                 "Assassin Initiate", "Shifting Ceratops", "Orcish Medicine"):
        assert name in pool, name
    assert pool["Butcher of the Horde"].activated[0].effect.keyword_choice == (
        "vigilance", "lifelink", "haste")


def test_702_butcher_of_the_horde_gains_the_keyword_chosen_as_it_resolves():
    """"Sacrifice another creature: this gains your choice of vigilance, lifelink, or
    haste until end of turn": the keyword is chosen as the ability resolves; only
    that one is gained, until end of turn (514.2)."""
    game = blank()
    butcher = game.add_permanent("Butcher of the Horde", 0)
    game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "(Butcher of the Horde)")
    game.apply_action(game.legal_actions()[0])  # the creature to sacrifice
    settle(game)
    assert game.decision["kind"] == "choose"
    assert game.decision["options"] == ["vigilance", "lifelink", "haste"]
    game.apply_action(A.mode(1))
    keywords = game.chars(butcher)[2]
    assert "lifelink" in keywords and "haste" not in keywords
    assert "vigilance" not in keywords
    pass_until(game, "upkeep")
    assert "lifelink" not in game.chars(butcher)[2]


def test_ground_seal_compiles():
    pool = compiled_pool().supported
    for name in ("Ground Seal",):
        assert name in pool, name
    assert fx.PlayerRule("graveyard_untargetable", "players") in pool[
        "Ground Seal"].statics


def test_115_ground_seal_leaves_no_graveyard_card_to_target():
    """"Cards in graveyards can't be the targets of spells or abilities": with Ground
    Seal out, Raise Dead has no legal target and can't be cast (601.2c); gone, it
    can."""
    for sealed in (True, False):
        game = blank()
        if sealed:
            game.add_permanent("Ground Seal", 1)
        game.add_card("Grizzly Bears", 0, "graveyard")
        game.add_card("Raise Dead", 0)
        lands(game, 0, "Swamp")
        game.start_at("main1", 0)
        assert has(game, "Raise Dead") != sealed


def test_give_control_compiles():
    pool = compiled_pool().supported
    for name in ("Contested War Zone", "Humble Defector", "Teysa, Envoy of Ghosts",
                 "Jinxed Idol", "Drooling Ogre", "Witch Engine", "The Cabbage Merchant"):
        assert name in pool, name
    zone = pool["Contested War Zone"].triggered[0]
    assert zone.trigger.event == "deals_combat_damage_you"
    assert zone.effect == fx.GiveControl(fx.Ref("its_controller"))


def test_108_4_contested_war_zone_goes_to_the_creature_that_hit_you():
    """"Whenever a creature deals combat damage to you, that creature's controller
    gains control of this land" (layer 2, 613.1b): seat 1's unblocked Bears hit
    seat 0, seat 1 takes the land; seat 1's own damage to seat 0 doesn't trigger
    seat 1's War Zone (it is not "you")."""
    game = blank()
    zone = game.add_permanent("Contested War Zone", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 1, turn=2)
    pass_to_decision(game, "attack")
    attack(game, bears)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.battlefield[zone].controller == 1
    assert game.life[0] == 18
    # now seat 1's: its Bears hitting seat 0 again does nothing more
    game2 = blank()
    zone2 = game2.add_permanent("Contested War Zone", 1)
    bears2 = game2.add_permanent("Grizzly Bears", 1)
    game2.start_at("main1", 1, turn=2)
    pass_to_decision(game2, "attack")
    attack(game2, bears2)
    game2.apply_action(A.DONE)
    pass_until(game2, "main2")
    assert game2.battlefield[zone2].controller == 1 and game2.life[0] == 18
    assert not any(e["type"] == "trigger" for e in game2.events)


def test_108_4_humble_defector_goes_to_the_target_opponent():
    game = blank()
    defector = game.add_permanent("Humble Defector", 0)
    game.start_at("main1", 0, turn=3)
    act(game, "(Humble Defector)")
    if game.decision["kind"] == "target":
        game.apply_action(game.legal_actions()[0])
    settle(game)
    assert game.battlefield[defector].controller == 1
    assert len(game.hand[0]) == 2


def face_down_ids(game: MagicGame, p: int) -> list[int]:
    return [pid for pid, perm in game.battlefield.items()
            if perm.face_down and perm.controller == p]


def test_dies_return_compiles():
    """"When this dies, return it to the battlefield ..." names its card in the
    graveyard (400.7)."""
    pool = compiled_pool().supported
    for name in ("Ashcloud Phoenix", "Tenacious Dead"):
        assert name in pool, name
    assert pool["Ashcloud Phoenix"].triggered[0].effect == fx.MoveCards(
        fx.Ref("this_card"), "battlefield", "you", face_down=True)


def test_708_2_ashcloud_phoenix_returns_face_down_and_turns_up_for_its_morph_cost():
    """Ashcloud Phoenix dies and returns face down, a 2/2 with no text (708.2); it
    can be turned face up only for its morph cost {4}{R}{R}, not its mana cost
    (702.37e), and then deals 2 damage to each player (708.8)."""
    game = blank()
    phoenix = game.add_permanent("Ashcloud Phoenix", 0)
    game.add_card("Lightning Bolt", 0)
    lands(game, 0, *["Mountain"] * 7)
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, phoenix)
    settle(game)
    assert phoenix not in game.battlefield and game.graveyard[0] == [
        c for c in game.graveyard[0] if game.name_of(c) == "Lightning Bolt"]
    (down,) = face_down_ids(game, 0)
    assert game.chars(down) == (2, 2, frozenset())
    face_up = [n for n in names(game) if "face up" in n]
    assert len(face_up) == 1 and "morph cost ({4}{R}{R})" in face_up[0]
    act(game, "face up")
    settle(game)
    assert not game.battlefield[down].face_down
    assert game.chars(down)[:2] == (4, 1)
    assert game.life == [18, 18]


def test_tenacious_dead_returns_tapped_if_paid():
    game = blank()
    dead = game.add_permanent("Tenacious Dead", 0)
    game.add_card("Lightning Bolt", 0)
    lands(game, 0, "Mountain", "Swamp", "Swamp")
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    target_perm(game, dead)
    settle(game)
    assert game.decision["kind"] == "yesno"
    game.apply_action(A.YES)
    settle(game)
    (back,) = on_battlefield(game, "Tenacious Dead")
    assert back != dead and game.battlefield[back].tapped


def test_spells_have_compiles():
    pool = compiled_pool().supported
    for name in ("Soulfire Grand Master", "Pestilent Spirit"):
        assert name in pool, name
    soulfire = pool["Soulfire Grand Master"]
    assert soulfire.statics == (fx.SpellsHave(fx.Filter(
        frozenset({"Instant", "Sorcery"}), controller="you"), ("lifelink",)),)
    assert soulfire.activated[0].effect == fx.NextSpellToHand()


def test_702_15b_soulfire_grand_master_gives_instants_lifelink():
    """"Instant and sorcery spells you control have lifelink": the Bolt's 3 damage
    gains its caster 3 life; the opponent's Bolt gains its caster nothing."""
    game = blank()
    game.add_permanent("Soulfire Grand Master", 0)
    game.add_card("Lightning Bolt", 0)
    game.add_card("Lightning Bolt", 1)
    lands(game, 0, "Mountain")
    lands(game, 1, "Mountain")
    game.life = [10, 10]
    game.start_at("main1", 0)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life == [13, 7]
    game = blank()
    game.add_permanent("Soulfire Grand Master", 0)
    game.add_card("Lightning Bolt", 1)
    lands(game, 1, "Mountain")
    game.start_at("main1", 1, turn=2)
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))  # (relative: seat 0)
    settle(game)
    assert game.life == [17, 20]


def test_614_1a_soulfire_grand_master_returns_the_next_spell_to_hand():
    """"The next time you cast an instant or sorcery spell from your hand this turn,
    put that card into your hand instead of into your graveyard as it resolves": the
    first Bolt returns to its owner's hand, the second goes to the graveyard."""
    game = blank()
    game.add_permanent("Soulfire Grand Master", 0)
    game.add_card("Lightning Bolt", 0)
    lands(game, 0, *["Mountain"] * 6)
    game.start_at("main1", 0)
    act(game, "(Soulfire Grand Master) ability 0")
    settle(game)
    assert game.spell_to_hand[0]
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    settle(game)
    assert [game.name_of(c) for c in game.hand[0]] == ["Lightning Bolt"]
    assert not game.spell_to_hand[0] and game.life[1] == 17
    act(game, "Lightning Bolt")
    game.apply_action(A.player(1))
    settle(game)
    assert game.hand[0] == [] and [game.name_of(c) for c in game.graveyard[0]] == [
        "Lightning Bolt"]


def test_entering_dont_trigger_compiles():
    pool = compiled_pool().supported
    for name in ("Torpor Orb", "Hushwing Gryff", "Doorkeeper Thrull",
                 "Tocatli Honor Guard"):
        assert name in pool, name
    assert pool["Torpor Orb"].statics == (fx.EnteringDontTrigger(
        fx.Filter(frozenset({"Creature"}))),)


def test_603_2_torpor_orb_stops_enters_triggers_of_creatures_only():
    """With Torpor Orb out (an opponent's: it stops every player's), Elvish
    Visionary's own enters ability and Soul Warden's "whenever another creature
    enters" don't trigger; the Orb gone, both trigger."""
    for orb in (True, False):
        game = blank()
        if orb:
            game.add_permanent("Torpor Orb", 1)
        game.add_permanent("Soul Warden", 0)
        game.add_card("Elvish Visionary", 0)
        lands(game, 0, "Forest", "Forest")
        game.start_at("main1", 0)
        act(game, "Elvish Visionary")
        settle(game)
        assert (len(game.hand[0]) == 1) != orb  # Visionary's draw
        assert (game.life[0] == 21) != orb  # Soul Warden's life


def test_115_fiendslayer_paladin_cant_be_targeted_by_opponents_black_spells():
    """"This can't be the target of black or red spells your opponents control": the
    opponent's Doom Blade has no target (so it can't be cast, 601.2c), their green
    Giant Growth has one; Fiendslayer's own controller's Doom Blade could target it."""
    game = blank()
    game.add_permanent("Fiendslayer Paladin", 0)
    game.add_card("Doom Blade", 1)
    game.add_card("Giant Growth", 1)
    lands(game, 1, "Swamp", "Swamp", "Forest")
    game.start_at("main1", 1, turn=2)
    assert not has(game, "Doom Blade") and has(game, "Giant Growth")
    game = blank()
    game.add_permanent("Fiendslayer Paladin", 0)
    game.add_card("Doom Blade", 0)
    lands(game, 0, "Swamp", "Swamp")
    game.start_at("main1", 0)
    assert has(game, "Doom Blade")


def test_611_3a_during_your_turn_this_has_first_strike():
    """"During your turn, this creature has first strike" (Pouncing Lynx): only on
    its controller's turn."""
    assert "Hookblade Veteran" in compiled_pool().supported
    for active, has_it in ((0, True), (1, False)):
        game = blank()
        lynx = game.add_permanent("Pouncing Lynx", 0)
        game.start_at("main1", active, turn=2 + active)
        assert ("first strike" in game.chars(lynx)[2]) == has_it
    game = blank()
    lynx = game.add_permanent("Pouncing Lynx", 0)
    game.start_at("main1", 0)
    assert "first strike" in game.chars(lynx)[2]
    pass_until(game, "upkeep")  # seat 1's turn: the same game, its turn passed
    assert game.active == 1 and "first strike" not in game.chars(lynx)[2]
