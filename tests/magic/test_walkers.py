"""Planeswalkers (rules 306, 606) and the effects their abilities brought in: fights
(701.14), amounts counted from the greatest power (608.2h), loyalty counters; scripted
positions with real cards."""

from __future__ import annotations

import dataclasses

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import compile_card, compiled_pool
from magic.positions import (
    act,
    attack,
    blank,
    finish_attacks,
    has,
    lands,
    names,
    pass_until,
    settle,
    slot,
    target_perm,
    to_combat,
)


def _loyalty(game, pid: int) -> int:
    return game.battlefield[pid].counters["loyalty"]


# ------------------------------------------------------------------- fights
def test_701_14a_each_fighter_deals_damage_equal_to_its_power_to_the_other():
    game = blank()
    lands(game, 0, "Forest")
    giant = game.add_permanent("Hill Giant", 0)  # 3/3
    bears = game.add_permanent("Grizzly Bears", 1)  # 2/2
    game.add_card("Prey Upon", 0)
    game.start_at("main1", 0)
    act(game, "Prey Upon")
    # the first target: a creature you control; the second: one you don't
    assert game.legal_actions() == [A.permanent(slot(game, giant))]
    target_perm(game, giant)
    assert game.legal_actions() == [A.permanent(slot(game, bears))]
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    assert game.battlefield[giant].damage == 2
    fights = [e for e in game.events if e["type"] == "fight"]
    assert fights and fights[0]["ids"] == [giant, bears]
    # not combat damage (701.14d)
    assert not any(e.get("combat") for e in game.events if e["type"] == "damage")


def test_701_14b_no_damage_if_a_fighter_is_gone():
    game = blank()
    lands(game, 0, "Forest")
    lands(game, 1, "Mountain")
    bears = game.add_permanent("Grizzly Bears", 0)
    giant = game.add_permanent("Hill Giant", 1)
    game.add_card("Prey Upon", 0)
    game.add_card("Lightning Bolt", 1)
    game.start_at("main1", 0)
    act(game, "Prey Upon")
    target_perm(game, bears)
    target_perm(game, giant)
    game.apply_action(A.PASS)  # the opponent responds: Bolt on our fighter
    act(game, "Lightning Bolt")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    assert game.battlefield[giant].damage == 0  # one fighter gone: no damage at all
    assert not [e for e in game.events if e["type"] == "fight"]


def test_115_3_another_target_differs_from_the_first():
    def position(*creatures: str) -> tuple:
        game = blank()
        lands(game, 0, "Mountain", "Mountain")
        pids = [game.add_permanent(name, 0) for name in creatures]
        game.add_card("Pit Fight", 0)
        game.start_at("main1", 0)
        return game, pids

    # one creature on the battlefield: no second target, the spell can't be cast
    game, _ = position("Hill Giant")
    assert not has(game, "Pit Fight")
    game, (giant, bears) = position("Hill Giant", "Grizzly Bears")
    act(game, "Pit Fight")
    target_perm(game, giant)
    # "another target creature": every creature but the first target
    assert game.legal_actions() == [A.permanent(slot(game, bears))]
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield and game.battlefield[giant].damage == 2


def test_a_loyalty_ability_that_fights():
    game = blank()
    domri = game.add_permanent("Domri Rade", 0)  # loyalty 3
    giant = game.add_permanent("Hill Giant", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "(Domri Rade) ability 1")  # -2
    target_perm(game, giant)
    target_perm(game, bears)
    assert _loyalty(game, domri) == 1  # rule 606.4: paid as it is activated
    settle(game)
    assert bears not in game.battlefield and game.battlefield[giant].damage == 2


def test_a_creature_that_fights_when_it_enters():
    game = blank()
    lands(game, 0, *["Forest"] * 7)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Thorn Mammoth", 0)  # 6/6: "this creature fights up to one target"
    game.start_at("main1", 0)
    act(game, "Thorn Mammoth")
    settle(game)
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    mammoth = next(pid for pid, perm in game.battlefield.items()
                   if game.name_of(perm.card) == "Thorn Mammoth")
    assert game.battlefield[mammoth].damage == 2


# ------------------------------------------------------- counted amounts
def test_608_2h_greatest_power_among_creatures_you_control():
    game = blank(library=10)
    garruk = game.add_permanent("Garruk, Primal Hunter", 0)  # loyalty 3
    game.add_permanent("Hill Giant", 0)  # 3
    game.add_permanent("Grizzly Bears", 0)  # 2
    game.add_permanent("Craw Wurm", 1)  # 6, not ours
    game.start_at("main1", 0)
    hand = len(game.hand[0])
    act(game, "(Garruk, Primal Hunter) ability 1")  # -3
    settle(game)
    assert len(game.hand[0]) == hand + 3
    assert garruk not in game.battlefield  # 704.5i: no loyalty left


def test_a_big_number_word():
    game = blank(library=25)
    game.add_permanent("Jace Beleren", 0, counters={"loyalty": 10})
    game.start_at("main1", 0)
    library = len(game.library[1])
    act(game, "(Jace Beleren) ability 2")  # -10: target player mills twenty cards
    game.apply_action(A.player(1))
    settle(game)
    assert len(game.library[1]) == library - 20


# ------------------------------------------------------- until your next turn
def test_611_2a_until_your_next_turn_lasts_through_the_opponents_turn():
    game = blank()
    mu = game.add_permanent("Mu Yanling, Celestial Wind", 0)  # loyalty 5
    giant = game.add_permanent("Hill Giant", 1)  # 3/3
    game.start_at("main1", 0)
    act(game, "(Mu Yanling, Celestial Wind) ability 0")  # +1
    target_perm(game, giant)
    settle(game)
    assert _loyalty(game, mu) == 6
    assert game.chars(giant)[:2] == (-2, 3)
    pass_until(game, "main1")  # through our cleanup (514.2) into the opponent's turn
    while game.active != 1:
        pass_until(game, "upkeep")
        pass_until(game, "main1")
    assert game.chars(giant)[:2] == (-2, 3)  # still during their turn
    pass_until(game, "upkeep")  # our next turn begins: it ends
    assert game.active == 0 and game.chars(giant)[:2] == (3, 3)


def test_until_end_of_turn_still_ends_at_cleanup():
    game = blank()
    game.add_permanent("Mu Yanling, Celestial Wind", 0, counters={"loyalty": 7})
    drake = game.add_permanent("Wind Drake", 0)  # 2/2 flying
    game.start_at("main1", 0)
    act(game, "(Mu Yanling, Celestial Wind) ability 2")  # -7: +5/+5 until end of turn
    settle(game)
    assert game.chars(drake)[:2] == (7, 7)
    pass_until(game, "upkeep")
    assert game.active == 1 and game.chars(drake)[:2] == (2, 2)


# ------------------------------------------------------------------ [−X] (606.4)
def _lines(name: str, lines: list[int], new_name: str):
    """A hand-made planeswalker: the lines ``lines`` of ``name``'s text."""
    printed = card_pool()[name]
    text = printed.text.split("\n")
    text = "\n".join(text[i] for i in lines).replace(name, new_name)
    return compile_card(dataclasses.replace(printed, name=new_name, text=text))


def test_605_1a_a_loyalty_ability_that_adds_mana_uses_the_stack():
    """Koth of the Hammer's -2, "add {R} for each Mountain you control": a loyalty
    ability is no mana ability (605.1a): it goes on the stack, the mana is added as it
    resolves (and pays for a spell after). (Its emblem is not read yet: its +1 and -2.)"""
    koth = _lines("Koth of the Hammer", [0, 1], "Test Koth")
    game = blank()
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    walker = game.add_permanent(koth, 0)  # loyalty 3
    game.add_card("Hill Giant", 0)  # {3}{R}
    game.start_at("main1", 0)
    act(game, "(Test Koth) ability 1")  # -2
    assert len(game.stack) == 1 and game.pool[0] == []
    settle(game)
    assert game.pool[0] == ["R", "R", "R"] and _loyalty(game, walker) == 1
    act(game, "Hill Giant")  # three from the pool, one Mountain tapped
    settle(game)
    assert any(game.name_of(p.card) == "Hill Giant" for p in game.battlefield.values())


def test_606_4_a_minus_x_ability_removes_the_x_announced():
    # Chandra Nalaar's +1 and -X (its -8 is not read yet)
    chandra = _lines("Chandra Nalaar", [0, 1], "Test Chandra")
    game = blank()
    walker = game.add_permanent(chandra, 0)  # loyalty 6
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    act(game, "(Test Chandra) ability 1")
    # 107.3, 606.6: X from 0 up to its loyalty
    assert game.decision["kind"] == "x" and game.decision["values"] == list(range(7))
    game.apply_action(A.mode(3))
    target_perm(game, giant)
    assert _loyalty(game, walker) == 3
    settle(game)
    assert giant not in game.battlefield
    # one loyalty ability a turn (606.3)
    assert not has(game, "(Test Chandra) ability")


# ------------------------------------------- cards from a hand back on a library
def test_put_two_cards_from_hand_on_top_in_the_order_chosen():
    game = blank(library=0)
    for name in ("Island", "Forest", "Mountain", "Plains"):  # Plains on top
        game.add_card(name, 0, "library")
    lands(game, 0, "Island")
    game.add_card("Brainstorm", 0)
    game.add_card("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "Brainstorm")
    settle(game)
    # drew Plains, Mountain, Forest; now two cards back, one at a time
    assert game.decision["kind"] == "bottom" and game.decision["put"] == "top"
    hand = [game.name_of(c) for c in game.hand_slots(0)]
    assert sorted(hand) == ["Forest", "Grizzly Bears", "Mountain", "Plains"]
    game.apply_action(A.hand(hand.index("Grizzly Bears")))
    hand = [game.name_of(c) for c in game.hand_slots(0)]
    game.apply_action(A.hand(hand.index("Plains")))  # the last one is on top
    settle(game)
    assert [game.name_of(c) for c in game.library[0]] == [
        "Island", "Grizzly Bears", "Plains"]
    assert sorted(game.name_of(c) for c in game.hand[0]) == ["Forest", "Mountain"]
    # the other seat does not see which cards went back
    put = [e for e in game.events if e["type"] == "put_back"]
    assert len(put) == 2 and all("card" not in game.event_for(e, 1) for e in put)
    assert game.event_for(put[0], 0)["card"] == "Grizzly Bears"


def test_the_target_opponent_chooses_the_card_and_an_empty_hand_puts_none():
    for hand in (["Lightning Bolt", "Shock"], []):
        game = blank()
        lands(game, 0, *["Swamp"] * 3)
        game.add_card("Chittering Rats", 0)  # target opponent puts a card on top
        for name in hand:
            game.add_card(name, 1)
        game.start_at("main1", 0)
        act(game, "Chittering Rats")
        settle(game)
        game.apply_action(A.player(1))
        settle(game)
        if hand:
            assert game.decision == {"kind": "bottom", "player": 1, "put": "top"}
            chosen = game.name_of(game.hand_slots(1)[1])
            game.apply_action(A.hand(1))
            settle(game)
            assert game.name_of(game.library[1][-1]) == chosen
            assert len(game.hand[1]) == 1 and len(game.library[1]) == 11
        else:
            assert game.decision["kind"] == "priority" and len(game.library[1]) == 10


# ----------------------------------------------------------------- piles (701.21a)
def test_liliana_splits_the_permanents_and_that_player_picks_the_pile_to_lose():
    game = blank()
    game.add_permanent("Liliana of the Veil", 0, counters={"loyalty": 6})
    giant = game.add_permanent("Hill Giant", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    island = game.add_permanent("Island", 1)
    mine = game.add_permanent("Wind Drake", 0)
    game.start_at("main1", 0)
    act(game, "(Liliana of the Veil) ability 2")  # -6
    game.apply_action(A.player(1))
    settle(game)
    # her controller makes the first pile from that player's permanents only
    assert game.decision == {"kind": "pile", "player": 0, "whose": 1}
    assert sorted(game.legal_actions()) == sorted(
        [A.permanent(slot(game, pid)) for pid in (giant, bears, island)] + [A.DONE])
    target_perm(game, giant)
    assert A.permanent(slot(game, giant)) not in game.legal_actions()
    game.apply_action(A.DONE)
    # that player chooses: no, not the first pile (the giant): the second one goes
    assert game.decision == {"kind": "yesno", "player": 1, "pile": True}
    game.apply_action(A.NO)
    settle(game)
    assert giant in game.battlefield and mine in game.battlefield
    assert bears not in game.battlefield and island not in game.battlefield
    piles = [e for e in game.events if e["type"] == "piles"]
    assert piles == [{**piles[0], "first": ["Hill Giant"],
                      "second": ["Grizzly Bears", "Island"], "sacrificed": "second"}]


def test_an_empty_first_pile_may_be_the_one_chosen():
    game = blank()
    game.add_permanent("Liliana of the Veil", 0, counters={"loyalty": 6})
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    act(game, "(Liliana of the Veil) ability 2")
    game.apply_action(A.player(1))
    settle(game)
    game.apply_action(A.DONE)  # the first pile: nothing
    game.apply_action(A.YES)  # that player sacrifices the empty pile
    settle(game)
    assert giant in game.battlefield


# ------------------------------------------------ Jace, the Mind Sculptor (606)
JACE = "Jace, the Mind Sculptor"


def test_606_3_all_four_loyalty_abilities_are_actions():
    """606.3: any of a planeswalker's loyalty abilities may be activated (once a turn);
    Jace's four fit the action table's four slots per permanent (MAX_ABILITIES)."""
    game = blank()
    jace = game.add_permanent(JACE, 0)  # loyalty 3
    game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    j = slot(game, jace)
    legal = game.legal_actions()
    # the +2, 0 and -1 are affordable; the -12 is not (606.6: loyalty 3)
    assert [A.activate(j, k) in legal for k in range(4)] == [True, True, True, False]
    game = blank()
    jace = game.add_permanent(JACE, 0, counters={"loyalty": 12})
    game.start_at("main1", 0)
    j = slot(game, jace)
    assert A.activate(j, 3) in game.legal_actions()
    assert A.decode(A.activate(j, 3)) == ("activate", (j, 3))


def test_looking_at_the_top_card_of_a_target_players_library():
    game = blank(library=0)
    for name in ("Island", "Forest", "Mountain"):  # Mountain on top
        game.add_card(name, 1, "library")
    for _ in range(5):
        game.add_card("Island", 0, "library")
    jace = game.add_permanent(JACE, 0)  # loyalty 3
    game.start_at("main1", 0)
    act(game, f"({JACE}) ability 0")  # +2
    game.apply_action(A.player(1))
    settle(game)
    assert game.decision == {"kind": "yesno", "player": 0, "peek": 1}
    assert [game.name_of(c) for c in game.looking_at(0)] == ["Mountain"]
    assert game.looking_at(1) == []
    peek = next(e for e in game.events if e["type"] == "peek")
    assert peek["card"] == "Mountain" and "card" not in game.event_for(peek, 1)
    game.apply_action(A.YES)  # on the bottom
    settle(game)
    assert [game.name_of(c) for c in game.library[1]] == ["Mountain", "Island", "Forest"]
    assert game.battlefield[jace].counters["loyalty"] == 5


def test_jace_brainstorm_draws_three_and_puts_two_back_on_top():
    """The 0: draw three cards, then put two cards from your hand on top of your
    library in any order (401.4: the second put back ends on top)."""
    game = blank(library=0)
    for name in ("Island", "Forest", "Mountain", "Swamp"):  # Swamp on top
        game.add_card(name, 0, "library")
    for _ in range(3):
        game.add_card("Island", 1, "library")
    game.add_card("Shock", 0)
    jace = game.add_permanent(JACE, 0)
    game.start_at("main1", 0)
    act(game, f"({JACE}) ability 1")  # 0
    settle(game)
    assert sorted(game.name_of(c) for c in game.hand[0]) == [
        "Forest", "Mountain", "Shock", "Swamp"]
    act(game, "Shock")  # put back first
    act(game, "Swamp")  # then on top of it
    settle(game)
    assert [game.name_of(c) for c in game.library[0]][-2:] == ["Shock", "Swamp"]
    assert sorted(game.name_of(c) for c in game.hand[0]) == ["Forest", "Mountain"]
    assert game.battlefield[jace].counters["loyalty"] == 3  # a 0 ability


def test_jace_minus_one_returns_target_creature_to_its_owners_hand():
    game = blank()
    jace = game.add_permanent(JACE, 0)
    giant = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    act(game, f"({JACE}) ability 2")  # -1
    target_perm(game, giant)
    settle(game)
    assert giant not in game.battlefield
    assert [game.name_of(c) for c in game.hand[1]] == ["Hill Giant"]
    assert game.battlefield[jace].counters["loyalty"] == 2


def test_jace_ultimate_exiles_a_library_and_shuffles_the_hand_into_it():
    game = blank()
    game.add_permanent(JACE, 0, counters={"loyalty": 12})
    game.add_card("Lightning Bolt", 1)
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    act(game, f"({JACE}) ability 3")  # -12
    game.apply_action(A.player(1))
    settle(game)
    assert sorted(game.name_of(c) for c in game.library[1]) == ["Lightning Bolt", "Shock"]
    assert game.hand[1] == [] and len(game.exile[1]) == 10


# -------------------------------------------- "doesn't untap during ... next untap"
def test_502_3_it_does_not_untap_during_its_controllers_next_untap_step_only():
    game = blank()
    lands(game, 0, "Island", "Island", "Island")
    giant = game.add_permanent("Hill Giant", 1)
    game.add_card("Crippling Chill", 0)
    game.start_at("main1", 0)
    act(game, "Crippling Chill")
    target_perm(game, giant)
    settle(game)
    assert game.battlefield[giant].tapped
    pass_until(game, "upkeep")  # the opponent's untap step: it stays tapped
    assert game.active == 1 and game.battlefield[giant].tapped
    game.battlefield[giant].tapped = True  # (as if it attacked)
    pass_until(game, "main1")
    pass_until(game, "upkeep")
    assert game.active == 0
    pass_until(game, "main1")
    pass_until(game, "upkeep")  # its controller's following untap step: it untaps
    assert game.active == 1 and not game.battlefield[giant].tapped
    assert game.skip_untap == []


def test_counters_on_creatures_and_loyalty_on_other_planeswalkers():
    game = blank()
    ajani = game.add_permanent("Ajani, the Greathearted", 0)  # loyalty 5
    other = game.add_permanent("Garruk Wildspeaker", 0)  # loyalty 3
    bears = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Hill Giant", 1)
    game.start_at("main1", 0)
    act(game, "(Ajani, the Greathearted) ability 1")  # -2
    settle(game)
    assert game.battlefield[bears].counters == {"+1/+1": 1}
    assert game.battlefield[other].counters["loyalty"] == 4  # 122.1: another one
    assert game.battlefield[ajani].counters["loyalty"] == 3  # not itself ("other")
    assert not game.battlefield[theirs].counters
    assert "vigilance" in game.keywords(bears)


# -------------------------------------- a planeswalker becomes a creature (205.1)
def test_205_1a_sarkhan_becomes_a_dragon_that_is_no_planeswalker_until_end_of_turn():
    game = blank()
    lands(game, 1, "Mountain")
    sarkhan = game.add_permanent("Sarkhan, the Dragonspeaker", 0)  # loyalty 4
    game.add_card("Shock", 1)
    game.start_at("main1", 0)
    act(game, "(Sarkhan, the Dragonspeaker) ability 0")  # +1
    settle(game)
    d = game.pdef(sarkhan)
    assert d.types == ("Creature",) and d.subtypes == ("Dragon",)  # 205.1a
    assert not d.is_planeswalker and "Legendary" in d.supertypes
    assert game.chars(sarkhan) == (4, 4, frozenset({"flying", "indestructible", "haste"}))
    assert _loyalty(game, sarkhan) == 5
    # a creature's damage is marked, no loyalty removed (120.3c applies to
    # planeswalkers only): the opponent's Shock
    game.apply_action(A.PASS)
    act(game, "Shock")
    target_perm(game, sarkhan)
    settle(game)
    assert game.battlefield[sarkhan].damage == 2 and _loyalty(game, sarkhan) == 5
    # it attacks as a creature (it has been under its controller's control all turn)
    to_combat(game)
    attack(game, sarkhan)
    finish_attacks(game)
    assert sarkhan in game.attackers
    pass_until(game, "upkeep")  # cleanup (514.2): a planeswalker again, damage gone
    d = game.pdef(sarkhan)
    assert d.is_planeswalker and not d.is_creature
    assert game.battlefield[sarkhan].damage == 0 and _loyalty(game, sarkhan) == 5


def test_205_1b_gideon_becomes_a_creature_that_is_still_a_planeswalker():
    """Gideon Jura's 0: a 6/6 Human Soldier creature that's still a planeswalker, and
    all damage to him this turn is prevented (615)."""
    game = blank()
    lands(game, 1, "Mountain")
    # (his +2 is not read yet: his -2 and 0)
    gideon = game.add_permanent(_lines("Gideon Jura", [1, 2], "Test Gideon"), 0)
    game.add_card("Lightning Bolt", 1)
    game.start_at("main1", 0)
    act(game, "(Test Gideon) ability 1")  # 0
    settle(game)
    d = game.pdef(gideon)
    assert d.is_creature and d.is_planeswalker  # 205.1b: his types are kept
    assert "Human" in d.subtypes and "Gideon" in d.subtypes
    assert game.chars(gideon)[:2] == (6, 6)
    game.apply_action(A.PASS)  # the opponent's Bolt at him: prevented
    act(game, "Lightning Bolt")
    target_perm(game, gideon)
    settle(game)
    assert game.battlefield[gideon].damage == 0 and _loyalty(game, gideon) == 6


def test_sarkhans_emblem_draws_two_more_and_discards_the_hand_at_the_end_step():
    """Two triggered abilities of one emblem (114.4): "at the beginning of your draw
    step, draw two additional cards" and "at the beginning of your end step, discard
    your hand" (the player discards every card)."""
    game = blank()
    game.add_permanent("Sarkhan, the Dragonspeaker", 0, counters={"loyalty": 6})
    game.start_at("main1", 0)
    act(game, "(Sarkhan, the Dragonspeaker) ability 2")  # -6
    settle(game)
    game.add_card("Shock", 0)
    game.add_card("Island", 0)
    pass_until(game, "end")
    settle(game)
    while game.decision["kind"] == "discard":
        game.apply_action(A.hand(0))
    assert game.hand[0] == [] and len(game.graveyard[0]) == 3  # Sarkhan too
    pass_until(game, "main1")  # the opponent's turn: nothing
    assert game.active == 1 and game.hand[0] == []
    pass_until(game, "upkeep")
    pass_until(game, "main1")  # the turn's draw and two more
    settle(game)
    assert game.active == 0 and len(game.hand[0]) == 3


def test_becoming_a_creature_compiles():
    pool = compiled_pool()
    for name in ("Sarkhan, the Dragonspeaker",):
        assert name in pool.supported, name


# ----------------------------------------- attack requirements (508.1d): Gideon Jura
def test_508_1d_during_that_players_next_turn_its_creatures_attack_gideon_if_able():
    game = blank()
    gideon = game.add_permanent("Gideon Jura", 0)  # loyalty 6
    bears = game.add_permanent("Grizzly Bears", 1)
    giant = game.add_permanent("Hill Giant", 1)
    wall = game.add_permanent("Wall of Stone", 1)  # defender: not able
    game.start_at("main1", 0)
    act(game, "(Gideon Jura) ability 0")  # +2, target opponent
    game.apply_action(A.player(1))
    settle(game)
    assert _loyalty(game, gideon) == 8 and game.must_attack == [[1, gideon, game.turn]]
    pass_until(game, "upkeep")  # the opponent's turn
    assert game.active == 1
    to_combat(game)
    # no "done" while a creature able to attack has not; only at Gideon's controller
    assert game.legal_actions() == sorted(
        [A.attack(slot(game, bears), 1), A.attack(slot(game, giant), 1)])
    attack(game, bears)
    assert game.legal_actions() == [A.permanent(slot(game, gideon))]  # not the player
    target_perm(game, gideon)
    attack(game, giant)
    target_perm(game, gideon)
    assert game.legal_actions() == [A.DONE]
    game.apply_action(A.DONE)
    assert game.attacking_pw == {bears: gideon, giant: gideon}
    assert wall not in game.attackers
    pass_until(game, "upkeep")  # the requirement ends with that turn
    assert game.active == 0 and game.must_attack == []


def test_508_1d_no_requirement_once_gideon_is_gone():
    game = blank()
    gideon = game.add_permanent("Gideon Jura", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "(Gideon Jura) ability 0")
    game.apply_action(A.player(1))
    settle(game)
    game.sacrifice([gideon])
    pass_until(game, "upkeep")
    to_combat(game)
    assert A.DONE in game.legal_actions()
    attack(game, bears)
    assert game.decision["kind"] == "attack"  # no planeswalker to choose


def test_gideon_jura_compiles():
    assert "Gideon Jura" in compiled_pool().supported


# ---------------------------------------------- "where x is your life total" (608.2h)
def test_608_2h_x_is_your_life_total_as_the_ability_resolves():
    """Ajani, Caller of the Pride's -8: "create x 2/2 white cat creature tokens, where x
    is your life total", counted as it resolves (after the Shock in response)."""
    game = blank()
    lands(game, 1, "Mountain")
    game.add_permanent("Ajani, Caller of the Pride", 0, counters={"loyalty": 8})
    game.add_card("Shock", 1)
    game.life[0] = 5
    game.start_at("main1", 0)
    act(game, "(Ajani, Caller of the Pride) ability 2")  # -8
    game.apply_action(A.PASS)
    act(game, "Shock")  # in response: 2 damage to Ajani's controller
    game.apply_action(A.player(1))  # relative seat 1 of the opponent: player 0
    settle(game)
    assert game.life[0] == 3
    cats = [p for p in game.battlefield.values() if game.name_of(p.card) == "Cat Token"]
    assert len(cats) == 3 and all(p.controller == 0 for p in cats)


def test_life_total_counts_compile():
    assert "Ajani, Caller of the Pride" in compiled_pool().supported


# ------------------------------------------- a target player and what they control
def test_115_1_destroy_all_lands_target_player_controls():
    """Ajani Vengeant's -7: the player is the one target; every land that player
    controls is destroyed, the other player's are not (not targeted)."""
    game = blank()
    ajani = game.add_permanent("Ajani Vengeant", 0, counters={"loyalty": 7})
    mine = lands(game, 0, "Plains", "Mountain")
    theirs = lands(game, 1, "Forest", "Forest", "Forest")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "(Ajani Vengeant) ability 2")
    game.apply_action(A.player(1))
    settle(game)
    assert not any(pid in game.battlefield for pid in theirs)
    assert all(pid in game.battlefield for pid in mine) and bears in game.battlefield
    assert ajani not in game.battlefield  # 704.5i: no loyalty left


def test_115_1_only_the_target_players_lands_in_a_three_player_game():
    game = blank(players=3)
    game.add_permanent("Ajani Vengeant", 0, counters={"loyalty": 8})
    first = lands(game, 1, "Forest", "Forest")
    second = lands(game, 2, "Island")
    game.start_at("main1", 0)
    act(game, "(Ajani Vengeant) ability 2")
    game.apply_action(A.player(2))  # the seat two after us
    settle(game)
    assert all(pid in game.battlefield for pid in first)
    assert not any(pid in game.battlefield for pid in second)


def test_115_1d_any_number_of_target_players_each_draw():
    """Jace, Memory Adept's -7: any number of target players (each a different one),
    chosen one at a time until "done"; each draws twenty."""
    game = blank(players=3, library=25)
    game.add_permanent("Jace, Memory Adept", 0, counters={"loyalty": 7})
    game.start_at("main1", 0)
    act(game, "(Jace, Memory Adept) ability 2")
    game.apply_action(A.player(1))
    game.apply_action(A.player(2))
    assert A.player(1) not in game.legal_actions()  # a different target each time
    game.apply_action(A.DONE)
    settle(game)
    assert [len(game.hand[p]) for p in range(3)] == [0, 20, 20]


def test_205_1b_611_2c_an_artifact_becomes_an_artifact_creature_for_good():
    """Tezzeret, Agent of Bolas's -1: the artifact is a 5/5 artifact creature with
    no duration (611.2c), still so on later turns; it keeps its prior types and
    subtypes (205.1b: "artifact creature")."""
    game = blank()
    game.add_permanent("Tezzeret, Agent of Bolas", 0)  # loyalty 3
    relic = game.add_permanent("Mind Stone", 0)
    game.start_at("main1", 0)
    assert not game.is_creature(relic)
    act(game, "(Tezzeret, Agent of Bolas) ability 1")
    target_perm(game, relic)
    settle(game)
    assert game.is_creature(relic) and game.chars(relic)[:2] == (5, 5)
    assert set(game.pdef(relic).types) == {"Artifact", "Creature"}
    pass_until(game, "main1")  # the opponent's turn
    pass_until(game, "upkeep")
    pass_until(game, "main1")  # ours again
    assert game.turn == 3 and game.is_creature(relic) and game.chars(relic)[:2] == (5, 5)


# ------------------------------------- triggered abilities of no permanent (611.2a)
def _architect():
    """Jace, Architect of Thought's +1 alone (its other lines are not played yet)."""
    return _lines("Jace, Architect of Thought", [0], "Test Architect")


def test_611_2a_603_until_your_next_turn_whenever_a_creature_attacks():
    """Jace, Architect of Thought's +1: until our next turn, each creature an
    opponent controls that attacks gets -1/-0 (a triggered ability, 603.2, on the
    stack); it works even after the planeswalker has left; our next turn ends it."""
    game = blank()
    jace = game.add_permanent(_architect(), 0, counters={"loyalty": 4})
    giant = game.add_permanent("Hill Giant", 1)  # 3/3
    bears = game.add_permanent("Grizzly Bears", 1)  # 2/2
    ours = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "(Test Architect) ability 0")
    settle(game)
    assert _loyalty(game, jace) == 5 and len(game.temporary_triggers) == 1
    assert any(e["type"] == "temporary_ability" for e in game.events)
    game.destroy([jace])  # the ability is no object's: it stays (611.2a)
    to_combat(game)
    attack(game, ours)  # our own attacker: not "a creature an opponent controls"
    finish_attacks(game)
    assert not game.stack and not game.pending_triggers
    while game.active != 1:
        pass_until(game, "upkeep")
    to_combat(game)
    attack(game, giant, relative=1)
    attack(game, bears, relative=1)
    game.apply_action(A.DONE)
    assert len(game.stack) + len(game.pending_triggers) >= 1
    settle(game)
    assert game.chars(giant)[:2] == (2, 3) and game.chars(bears)[:2] == (1, 2)
    pass_until(game, "upkeep")  # our next turn begins: it ends
    assert game.active == 0 and game.temporary_triggers == []
    assert game.chars(giant)[:2] == (3, 3)  # (and the -1/-0 ended with its turn)


def test_611_2a_the_temporary_ability_survives_clone_and_to_dict():
    from labyrinth_gym.envs.magic.engine.game import MagicGame
    game = blank()
    game.add_permanent(_architect(), 0)
    game.start_at("main1", 0)
    act(game, "(Test Architect) ability 0")
    settle(game)
    again = MagicGame.from_dict(game.to_dict())
    assert again.temporary_triggers == game.temporary_triggers
    assert game.clone().temporary_triggers == game.temporary_triggers
    view = game.observation_for(1)
    assert view["temporary_abilities"] == [
        {"controller": 0, "source": "Test Architect", "ends": "next_turn_of", "seat": 0}]


def test_611_2a_whenever_a_creature_deals_combat_damage_to_this_destroy_it():
    """Vraska the Unseen's +1: until our next turn, a creature that deals combat
    damage to Vraska is destroyed ("that creature": the one that dealt it); one
    that hits the player is not."""
    game = blank()
    vraska = game.add_permanent("Vraska the Unseen", 0)  # loyalty 5
    giant = game.add_permanent("Hill Giant", 1)  # 3/3
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "(Vraska the Unseen) ability 0")  # +1: 6
    settle(game)
    while game.active != 1:
        pass_until(game, "upkeep")
    to_combat(game)
    attack(game, giant)
    target_perm(game, vraska)  # the giant attacks Vraska
    attack(game, bears)
    game.apply_action(A.player(1))  # the bears attack us
    finish_attacks(game)
    pass_until(game, "main2")
    assert _loyalty(game, vraska) == 3  # 6 - 3
    assert giant not in game.battlefield and bears in game.battlefield
    assert game.life[0] == 18


def test_104_3e_that_player_loses_the_game():
    """Vraska the Unseen's -7: three Assassins with "whenever this token deals combat
    damage to a player, that player loses the game"."""
    game = blank(players=3)
    game.add_permanent("Vraska the Unseen", 0, counters={"loyalty": 7})
    game.start_at("main1", 0)
    act(game, "(Vraska the Unseen) ability 2")
    settle(game)
    assassins = [pid for pid, perm in game.battlefield.items()
                 if game.name_of(perm.card) != "Vraska the Unseen"]
    assert len(assassins) == 3
    start = game.turn
    pass_until(game, "upkeep")
    while game.active != 0:  # our next turn: the tokens can attack
        game.apply_action(A.PASS)  # (out of this upkeep)
        pass_until(game, "upkeep")
    assert game.turn == start + 3
    to_combat(game)
    attack(game, assassins[0], relative=2)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.lost == [False, False, True]
    assert any(e["type"] == "lose" and e["reason"] == "effect" for e in game.events)
    assert game.outcome is None  # two players are left


def test_114_4_an_emblem_with_a_cast_trigger():
    """Garruk, Caller of Beasts's -7: an emblem with "whenever you cast a creature
    spell, you may search your library for a creature card, put it onto the
    battlefield, then shuffle": it triggers from the command zone as the spell is
    cast (above it on the stack, 603.3), its owner controls it (114.3); the
    opponent's creature spells don't trigger it."""
    game = blank()
    game.add_permanent("Garruk, Caller of Beasts", 0, counters={"loyalty": 7})
    lands(game, 0, "Forest", "Forest")
    lands(game, 1, "Forest", "Forest")
    game.add_card("Grizzly Bears", 0)
    game.add_card("Grizzly Bears", 1)
    game.add_card("Hill Giant", 0, "library")
    game.start_at("main1", 0)
    act(game, "(Garruk, Caller of Beasts) ability 2")
    settle(game)
    assert len(game.emblems) == 1
    act(game, "Grizzly Bears")
    assert len(game.pending_triggers) + len(game.stack) == 2  # the spell, the trigger
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)
    act(game, "yes")
    act(game, "find Hill Giant")
    settle(game)
    names_now = sorted(game.name_of(p.card) for p in game.battlefield.values()
                       if game.pdef(p.pid).is_creature)
    assert names_now == ["Grizzly Bears", "Hill Giant"]
    while game.active != 1:
        pass_until(game, "upkeep")
    pass_until(game, "main1")
    act(game, "Grizzly Bears")  # the opponent's creature spell
    assert len(game.stack) == 1 and not game.pending_triggers


def test_611_2a_until_end_of_turn_whenever_a_creature_deals_combat_damage():
    """Dovin, Grand Arbiter's +1: until end of turn, whenever a creature we control
    deals combat damage to a player, a loyalty counter on Dovin; the ability is gone
    after the cleanup step (514.2)."""
    game = blank()
    dovin = game.add_permanent("Dovin, Grand Arbiter", 0)  # loyalty 3
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "(Dovin, Grand Arbiter) ability 0")
    settle(game)
    assert _loyalty(game, dovin) == 4
    to_combat(game)
    attack(game, bears)
    finish_attacks(game)
    pass_until(game, "main2")
    assert game.life[1] == 18 and _loyalty(game, dovin) == 5
    assert game.temporary_triggers and game.temporary_triggers[0][4] == -1
    pass_until(game, "upkeep")
    assert game.active == 1 and game.temporary_triggers == []


# ------------------------------------------------------- mana in any combination
def test_106_1_x_mana_in_any_combination_of_two_colours():
    """Xenagos, the Reveler's +1: X (creatures we control, 3) mana, each {R} or {G}
    as its controller chooses, one mana at a time; it goes to the pool (a loyalty
    ability uses the stack, 605.1a) and automatic payment spends it."""
    game = blank()
    game.add_permanent("Xenagos, the Reveler", 0)  # loyalty 3
    for _ in range(3):
        game.add_permanent("Grizzly Bears", 0)
    game.add_card("Hill Giant", 0)  # {3}{R}: not castable from three mana
    game.add_card("Grizzly Bears", 0)  # {1}{G}
    game.start_at("main1", 0)
    act(game, "(Xenagos, the Reveler) ability 0")
    settle(game)
    for choice in ("add {R}", "add {G}", "add {G}"):
        assert game.decision["kind"] == "colour"
        assert sorted(names(game)) == ["add {G}", "add {R}"]
        act(game, choice)
    assert sorted(game.pool[0]) == ["G", "G", "R"]
    assert game.decision["kind"] == "priority"
    act(game, "Grizzly Bears")  # paid from the pool
    settle(game)
    assert game.pool[0] in (["R"], ["G"])


def test_x_mana_in_any_combination_with_no_creatures_adds_none():
    game = blank()
    game.add_permanent("Xenagos, the Reveler", 0)
    game.start_at("main1", 0)
    act(game, "(Xenagos, the Reveler) ability 0")
    settle(game)
    assert game.decision["kind"] == "priority" and game.pool[0] == []


def test_exile_the_top_seven_put_any_number_of_creatures_and_lands():
    """Xenagos, the Reveler's -6: the seven cards are exiled face up (every player
    sees them); any number of the creature and land cards among them go onto the
    battlefield, chosen one at a time; the rest stay in exile."""
    game = blank(library=0)
    for name in ["Island"] * 3 + ["Hill Giant", "Lightning Bolt", "Forest",
                                  "Grizzly Bears", "Shock", "Mountain", "Counterspell"]:
        game.add_card(name, 0, "library")  # the last one added is on top
    game.add_permanent("Xenagos, the Reveler", 0, counters={"loyalty": 7})
    game.start_at("main1", 0)
    act(game, "(Xenagos, the Reveler) ability 2")
    settle(game)
    assert sorted(names(game)) == [
        "done: take no more", "take card 1 (Mountain) onto the battlefield",
        "take card 3 (Grizzly Bears) onto the battlefield",
        "take card 4 (Forest) onto the battlefield",
        "take card 6 (Hill Giant) onto the battlefield"]
    act(game, "(Hill Giant)")
    act(game, "(Mountain)")
    act(game, "done")
    on_field = sorted(game.name_of(p.card) for p in game.battlefield.values())
    assert on_field == ["Hill Giant", "Mountain", "Xenagos, the Reveler"]
    assert sorted(game.name_of(c) for c in game.exile[0]) == [
        "Counterspell", "Forest", "Grizzly Bears", "Lightning Bolt", "Shock"]
    assert [game.name_of(c) for c in game.library[0]] == ["Island"] * 3
    assert any(e["type"] == "reveal_top" and len(e["cards"]) == 7 for e in game.events)


# ---------------------------------------------- emblems that grant abilities (114)
def test_114_4_113_1_an_emblem_gives_mountains_an_activated_ability():
    """Koth of the Hammer's -5: an emblem with "Mountains you control have '{T}:
    This land deals 1 damage to any target.'": our Mountains have it, one that
    enters later too (a continuous effect of the command zone, 613.1f); the
    opponent's Mountains do not."""
    game = blank()
    game.add_permanent("Koth of the Hammer", 0, counters={"loyalty": 5})
    mountain = lands(game, 0, "Mountain")[0]
    lands(game, 1, "Mountain")
    game.add_card("Mountain", 0)
    game.start_at("main1", 0)
    assert not has(game, "(Mountain) ability")
    act(game, "(Koth of the Hammer) ability 2")
    settle(game)
    assert len(game.emblems) == 1
    act(game, "(Mountain) ability 0")
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 19 and game.battlefield[mountain].tapped
    act(game, "play hand 0 (Mountain)")
    act(game, "(Mountain) ability 0")  # the new one has it as well
    game.apply_action(A.player(1))
    settle(game)
    assert game.life[1] == 18
    game.apply_action(A.PASS)
    pass_until(game, "upkeep")
    pass_until(game, "main1")  # the opponent's turn
    assert game.active == 1 and not has(game, "ability")


# --------------------------------- "creatures and/or other planeswalkers" (115.1)
def test_115_1_destroy_up_to_three_creatures_and_or_other_planeswalkers_and_return_them():
    """Sorin, Lord of Innistrad's -6: up to three targets, each a creature or a
    planeswalker other than Sorin; each card put into a graveyard this way returns
    under our control (a token does not: 111.8; an indestructible one stays)."""
    game = blank()
    sorin = game.add_permanent("Sorin, Lord of Innistrad", 0, counters={"loyalty": 7})
    giant = game.add_permanent("Hill Giant", 1)
    walker = game.add_permanent("Ajani, Inspiring Leader", 1)
    game.start_at("main1", 0)
    act(game, "(Sorin, Lord of Innistrad) ability 0")  # +1: a 1/1 Vampire token
    settle(game)
    token = next(pid for pid, p in game.battlefield.items() if game.card_token[p.card])
    for step in ("upkeep", "main1", "upkeep", "main1"):  # to our next turn
        pass_until(game, step)
    assert game.active == 0 and _loyalty(game, sorin) == 8
    act(game, "(Sorin, Lord of Innistrad) ability 2")
    choices = game.legal_actions()
    assert A.permanent(slot(game, sorin)) not in choices  # "other" planeswalkers
    for pid in (giant, walker, token):
        assert A.permanent(slot(game, pid)) in choices
        target_perm(game, pid)
    settle(game)
    back = {game.name_of(p.card): p.controller for pid, p in game.battlefield.items()}
    assert back.get("Hill Giant") == 0 and back.get("Ajani, Inspiring Leader") == 0
    assert token not in game.battlefield and not any(
        game.card_token[p.card] for p in game.battlefield.values())
    assert giant not in game.battlefield  # a new object (400.7)
