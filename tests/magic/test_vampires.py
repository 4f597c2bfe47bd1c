"""Scripted positions for the mechanisms the Vampiric Bloodline precon (issue 30) needs
beyond its commander-minded cards (those are in tests/mazerunner/
test_commander_vampires.py). Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from magic.compiled import card
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
    to_combat,
)


def names_of(game) -> list[str]:
    return list(names(game))



# ------------------------------------------- 205.3m: a creature type names creatures
def test_205_3m_vampires_you_control_get_a_pump_until_end_of_turn():
    """Stromkirk Condemned's "discard a card: vampires you control get +1/+1 until end
    of turn" pumps every Vampire of its controller's, no other creature, no opponent's
    Vampire."""
    pump = card("Stromkirk Condemned").activated[0].effect
    assert pump == fx.Pump(1, 1, fx.Each(fx.Filter(subtypes=frozenset({"Vampire"}),
                                                   controller="you")))
    game = blank()
    condemned = game.add_permanent("Stromkirk Condemned", 0)
    vampire = game.add_permanent("Vampire Lacerator", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    theirs = game.add_permanent("Vampire Lacerator", 1)
    game.add_card("Island", 0, "hand")
    game.add_card("Island", 0, "hand")
    game.start_at("main1", 0)
    act(game, "activate slot")
    act(game, "cost_discard hand 0 (Island)")
    settle(game)
    assert game.chars(condemned)[:2] == (3, 3)
    assert game.chars(vampire)[:2] == (3, 3)
    assert game.chars(bears)[:2] == (2, 2) and game.chars(theirs)[:2] == (2, 2)
    assert not has(game, "activate slot")  # activate only once each turn


def test_205_3m_bloodline_necromancer_returns_a_vampire_or_a_wizard_card():
    """"target vampire or wizard creature card from your graveyard": a creature card
    of either type; a creature card of neither is not a legal target (115.1)."""
    game = blank()
    game.add_card("Bloodline Necromancer", 0)
    lands(game, 0, "Swamp", "Swamp", "Swamp", "Swamp", "Swamp")
    game.add_card("Grizzly Bears", 0, "graveyard")
    game.add_card("Vampire Lacerator", 0, "graveyard")
    game.add_card("Prodigal Sorcerer", 0, "graveyard")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Bloodline Necromancer)")
    settle(game)
    assert not has(game, "(Grizzly Bears")
    assert has(game, "(Vampire Lacerator") and has(game, "(Prodigal Sorcerer")
    act(game, "(Prodigal Sorcerer")
    settle(game)
    if game.decision and game.decision["kind"] == "yesno":
        act(game, "yes")
        settle(game)
    assert on_battlefield(game, "Prodigal Sorcerer")


# ----------------------------- 120.1: "a creature dealt damage by this this turn dies"
def test_120_1_vampiric_dragon_grows_when_a_creature_it_damaged_dies():
    """The Dragon's {1}{R} ping kills a 1/1: it gets a +1/+1 counter; a creature
    another source killed gives none."""
    game = blank()
    dragon = game.add_permanent("Vampiric Dragon", 0)
    elves = game.add_permanent("Llanowar Elves", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain", "Mountain", "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, f"activate slot {game.battlefield[dragon].slot} (")
    target_perm(game, elves)
    settle(game)
    assert elves not in game.battlefield
    assert game.battlefield[dragon].counters == {"+1/+1": 1}
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    assert game.battlefield[dragon].counters == {"+1/+1": 1}


def test_120_1_markov_enforcer_fights_and_makes_blood_when_its_victim_dies():
    """Markov Enforcer enters and fights a 2/2 (701.14: each deals damage to the
    other): the Bears die, dealt damage by the Enforcer this turn: a Blood token."""
    game = blank()
    game.add_card("Markov Enforcer", 0)
    lands(game, 0, *["Mountain"] * 6)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Markov Enforcer)")
    settle(game)
    if game.decision["kind"] != "priority":
        target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield
    assert len(on_battlefield(game, "Blood Token")) == 1
    # the record is of this turn only (a new turn forgets it)
    assert game.damage_pairs
    pass_until(game, "end")
    pass_until(game, "upkeep")  # (seat 1's turn)
    assert game.active == 1 and not game.damage_pairs


# ------------------------------------------------------------ 702.124j partner with
def test_702_124j_partner_with_lets_the_target_player_fetch_the_partner():
    """Kamber enters: its controller targets a player, who may search their library
    for Laurine, reveal her and put her into their hand, then shuffle. A card of
    another name is not found."""
    assert card("Kamber, the Plunderer").triggered[0].effect.who == fx.Target("player")
    game = blank()
    game.add_card("Kamber, the Plunderer", 0)
    game.add_card("Laurine, the Diversion", 0, "library")
    game.add_card("Grizzly Bears", 0, "library")
    lands(game, 0, *["Swamp"] * 4)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Kamber")
    pass_to_decision(game, "target")
    act(game, "player 0 (relative 0)")
    pass_to_decision(game, "search_may")
    act(game, "yes: search")
    assert not has(game, "find Grizzly Bears")
    act(game, "find Laurine, the Diversion")
    settle(game)
    assert [game.name_of(c) for c in game.hand[0]] == ["Laurine, the Diversion"]
    assert any(e["type"] == "shuffle" for e in game.events)


# ------------------------------------------------- 108.4, 613.1b: mass control
def test_108_4_mob_rule_takes_the_big_creatures_untaps_them_and_gives_haste():
    """Mode one: every creature with power 4 or greater (an opponent's tapped Craw
    Wurm), untapped, with haste, until end of turn; the 2/2 stays. In the cleanup
    step (514.2) control returns."""
    game = blank()
    game.add_card("Mob Rule", 0)
    lands(game, 0, *["Mountain"] * 6)
    wurm = game.add_permanent("Craw Wurm", 1)
    game.battlefield[wurm].tapped = True
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Mob Rule")
    act(game, "mode 0")
    settle(game)
    assert game.battlefield[wurm].controller == 0
    assert not game.battlefield[wurm].tapped and "haste" in game.keywords(wurm)
    assert game.battlefield[bears].controller == 1
    assert not game.battlefield[bears].tapped and "haste" not in game.keywords(bears)
    pass_until(game, "end")
    pass_until(game, "upkeep")
    assert game.battlefield[wurm].controller == 1


def test_108_4_mob_rule_second_mode_takes_the_small_ones():
    game = blank()
    game.add_card("Mob Rule", 0)
    lands(game, 0, *["Mountain"] * 6)
    wurm = game.add_permanent("Craw Wurm", 1)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Mob Rule")
    act(game, "mode 1")
    settle(game)
    assert game.battlefield[bears].controller == 0 and "haste" in game.keywords(bears)
    assert game.battlefield[wurm].controller == 1


# ---------------------------------------- 118.3: sacrificing several permanents
def _blood(game, p: int, n: int) -> list[int]:
    """``n`` Blood tokens (111.10g) for seat ``p``, made as Glass-Cast Heart makes one."""
    spec = card("Glass-Cast Heart").triggered[0].effect.token
    return [game.create_token(spec, p) for _ in range(n)]


def test_118_3_scion_of_opulence_sacrifices_two_artifacts_one_at_a_time():
    """"{R}, Sacrifice two artifacts": two different artifacts are chosen (the first
    is not offered again), both go to the graveyard; with one artifact it can't be
    activated."""
    game = blank()
    scion = game.add_permanent("Scion of Opulence", 0)
    lands(game, 0, "Mountain")
    first = game.add_permanent("Ornithopter", 0)
    game.start_at("main1", 0)
    activate = f"activate slot {game.battlefield[scion].slot} ("
    assert not has(game, activate)  # one artifact: the cost can't be paid
    second = game.add_permanent("Ornithopter", 0)
    game._legal = None
    act(game, activate)
    assert game.decision["kind"] == "cost_sacrifice"
    target_perm(game, first)
    assert game.decision["kind"] == "cost_sacrifice"
    assert A.permanent(game.battlefield[first].slot) not in game.legal_actions()
    target_perm(game, second)
    settle(game)
    assert first not in game.battlefield and second not in game.battlefield
    assert len(game.exile[0]) == 1  # "exile the top card of your library"


def test_118_3_glass_cast_heart_needs_thirteen_blood_tokens_and_itself():
    game = blank()
    heart = game.add_permanent("Glass-Cast Heart", 0)
    lands(game, 0, "Swamp", "Swamp")
    blood = _blood(game, 0, 12)
    game.start_at("main1", 0)
    sac = f"activate slot {game.battlefield[heart].slot} (Glass-Cast Heart) ability 1"
    assert not any("ability 1" in n for n in names_of(game))
    blood += _blood(game, 0, 1)
    game._legal = None
    assert any("ability 1" in n for n in names_of(game)), sac
    act(game, "ability 1")
    while game.decision["kind"] == "cost_sacrifice":
        game.apply_action(game.legal_actions()[0])
    settle(game)
    assert heart not in game.battlefield
    assert not any(pid in game.battlefield for pid in blood)
    assert (game.life[0], game.life[1]) == (33, 7)


# ------------------------------------------ 508.1: "one or more ... attack"
def test_508_1_glass_cast_heart_makes_one_blood_when_vampires_attack():
    game = blank()
    game.add_permanent("Glass-Cast Heart", 0)
    a = game.add_permanent("Vampire Lacerator", 0)
    b = game.add_permanent("Vampire Lacerator", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, a)
    attack(game, b)
    game.apply_action(A.DONE)
    settle(game)
    assert len(on_battlefield(game, "Blood Token")) == 1


def test_508_1_glass_cast_heart_ignores_an_attack_without_vampires():
    game = blank()
    game.add_permanent("Glass-Cast Heart", 0)
    bears = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    to_combat(game)
    attack(game, bears)
    game.apply_action(A.DONE)
    settle(game)
    assert not on_battlefield(game, "Blood Token")


# ------------------------- 400.7, 603.10a: a dies trigger acting on the dead card
def test_400_7_patron_of_the_vein_exiles_the_dead_creature_card():
    """An opponent's creature dies: Patron exiles the card it became in the graveyard
    and puts a +1/+1 counter on each Vampire its controller controls."""
    card("Patron of the Vein")
    game = blank()
    patron = game.add_permanent("Patron of the Vein", 0)
    vampire = game.add_permanent("Vampire Lacerator", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, bears)
    settle(game)
    assert [game.name_of(c) for c in game.exile[1]] == ["Grizzly Bears"]
    assert not game.graveyard[1]
    assert game.battlefield[patron].counters == {"+1/+1": 1}
    assert game.battlefield[vampire].counters == {"+1/+1": 1}


def test_400_7_patron_exiles_nothing_once_the_card_left_the_graveyard():
    """The card left its graveyard before the trigger resolved (Deathrite Shaman's
    exile, in response): the trigger still counts, the card is not exiled again."""
    game = blank()
    patron = game.add_permanent("Patron of the Vein", 0)
    bears = game.add_permanent("Grizzly Bears", 1)
    lands(game, 0, "Mountain")
    game.add_card("Lightning Bolt", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Lightning Bolt)")
    target_perm(game, bears)
    game.apply_action(A.PASS)
    game.apply_action(A.PASS)  # the Bolt resolves; Patron's trigger waits
    (card_id,) = game.graveyard[1]
    game.take_card(card_id, "graveyard")  # (gone before it resolves)
    game.graveyard[1].append(card_id)  # back: a new object (400.7)
    settle(game)
    assert game.graveyard[1] == [card_id]
    assert game.battlefield[patron].counters == {"+1/+1": 1}
