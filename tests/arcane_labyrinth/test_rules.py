"""Scripted positions for the Arcane Labyrinth: one test per rule of the format."""

from __future__ import annotations

import json

import numpy as np
import pytest
from magic.positions import creature, custom, has, names, pool, slot

from labyrinth_gym.envs.arcane_labyrinth.engine.game import HERO, LAB, ArcaneGame
from labyrinth_gym.envs.core.dice import Dice
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.state import player_code

HERO_CARD = creature("Test Hero", 2, 4, supertypes=("Legendary",))
BIG_HERO = creature("Big Hero", 5, 6, supertypes=("Legendary",))


# ------------------------------------------------------------------ helpers
def arena(*, hero=HERO_CARD, library=(), boss="Rorix Bladewing", shop=(),
          vanguard: int = 10, **kwargs) -> ArcaneGame:
    """An empty table: the Hero, ``vanguard`` Wastes in the player's library, the
    Labyrinth's library (last name on top), the boss set aside, a shop (last name on
    top); automatic passing off (every pass is an action)."""
    game = ArcaneGame.empty(0, **kwargs)
    game.set_hero(hero)
    for _ in range(vanguard):
        game.add_card("Wastes", HERO, "library")
    for name in library:
        game.add_card(name, LAB, "library")
    game.set_boss(boss)
    for name in shop:
        game.add_shop(name)
    return game


def advance(game: ArcaneGame, until, limit: int = 300) -> None:
    """Pass priority / say done until ``until(game)`` holds."""
    for _ in range(limit):
        if until(game):
            return
        legal = game.legal_actions()
        game.apply_action(A.PASS if A.PASS in legal else A.DONE)
    raise AssertionError(f"never reached the condition; at {game.step} {game.decision}")


def done_with(game: ArcaneGame, kind: str) -> None:
    """Say "done" to an attack / block declaration if it is still asked (with
    nothing else to declare, automatic passing already said it)."""
    if game.decision is not None and game.decision["kind"] == kind:
        game.apply_action(A.DONE)


def deciding(kind: str):
    return lambda g: g.decision is not None and g.decision["kind"] == kind


def at(step: str, active: int):
    return lambda g: g.step == step and g.active == active and g.decision is not None \
        and g.decision["kind"] == "priority"


def events(game: ArcaneGame, kind: str) -> list[dict]:
    return [e for e in game.events if e["type"] == kind]


@pytest.fixture
def fixed_rolls(monkeypatch):
    """``fixed_rolls(*values)``: the next die rolls return ``values`` in order."""
    queue: list[int] = []
    real = Dice.roll

    def roll(self, sides):
        return queue.pop(0) if queue else real(self, sides)

    monkeypatch.setattr(Dice, "roll", roll)
    return lambda *values: queue.extend(values)


# ------------------------------------------------------------- set-up
def test_new_game_setup():
    game = ArcaneGame.new(1, hero="white_knight", labyrinth="goblin_warrens",
                          mulligan=False)
    hero = game.battlefield[game.hero_pid]
    assert game.name_of(hero.card) == "Syr Alin, the Lion's Claw"
    assert hero.controller == HERO and not hero.sick
    assert game.life[HERO] == 20
    assert len(game.hand[HERO]) == 7 and len(game.library[HERO]) == 53
    assert len(game.library[LAB]) == 99 and game.boss_card not in game.library[LAB]
    assert game.name_of(game.boss_card) == "Rorix Bladewing"
    assert len(game.shop) == 12 and not game.hand[LAB]
    assert game.round == 1 and game.active == HERO and game.current_player() == HERO


# ------------------------------------------------------------- safe turns
def test_safe_turn_has_no_attack_decision_and_the_labyrinth_does_nothing():
    game = arena(library=["Raging Goblin"] * 4)
    bear = game.add_permanent("Grizzly Bears", HERO)
    game.start_round(2, HERO)
    seen = set()
    advance(game, lambda g: (seen.add((g.round, g.step, g.decision["kind"]
                                        if g.decision else None)) or g.round == 4))
    assert not any(kind == "attack" for _, _, kind in seen)
    assert not any(step in ("declare_attackers", "combat_damage") for _, step, _ in seen)
    # rounds 2 and 3 were the player's turns only: nothing revealed, no Lab turn
    lab_turn = next(i for i, e in enumerate(game.events)
                    if e["type"] == "turn" and e["player"] == LAB)
    assert not [e for e in game.events[:lab_turn] if e["type"] == "reveal"]
    assert [e["player"] for e in events(game, "turn")][:2] == [HERO, LAB]
    assert game.active == LAB  # round 4 starts with the Labyrinth
    assert bear in game.battlefield


def test_attack_decision_from_round_four():
    game = arena(library=["Island"] * 5)
    bear = game.add_permanent("Grizzly Bears", HERO)
    game.start_round(4, HERO)
    advance(game, deciding("attack"))
    assert has(game, "attack with slot")
    assert A.attack(slot(game, bear), 1) in game.legal_actions()


def test_burn_at_the_labyrinth_works_in_a_safe_turn():
    game = arena(library=["Island"] * 6)
    game.add_permanent("Mountain", HERO)
    game.add_card("Shock", HERO)
    game.start_round(1, HERO, "main1")
    game.apply_action(A.cast(0))
    game.apply_action(A.player(1))  # the Labyrinth
    advance(game, lambda g: not g.stack and g.decision["kind"] == "priority")
    assert len(game.library[LAB]) == 4 and len(game.graveyard[LAB]) == 2
    assert game.life[LAB] == 20  # it has no life total: damage mills


# ---------------------------------------------------- the Labyrinth's turn
def test_revealed_land_joins_the_player_untapped_and_opens_the_shop():
    game = arena(library=["Grizzly Bears", "Swamp"],
                 shop=["Bonesplitter", "Short Sword", "Loxodon Warhammer", "Leonin Scimitar"])
    game.add_card("Disfigure", HERO)
    game.start_round(4, LAB)
    advance(game, lambda g: any(e["type"] == "land_to_player" for e in g.events))
    swamp = events(game, "land_to_player")[0]["id"]
    perm = game.battlefield[swamp]
    assert perm.controller == HERO and not perm.tapped
    assert game.card_owner[perm.card] == LAB
    # usable at once: the player can cast a {B} instant off it in the reveal step
    assert game.step == "draw" and has(game, "cast hand 0 (Disfigure)")
    advance(game, deciding("shop"))
    assert game.step == "end" and game.active == LAB
    assert [game.name_of(c) for c in game.shop_reveal] == [
        "Leonin Scimitar", "Loxodon Warhammer", "Short Sword"]
    assert events(game, "shop_open")[0]["turn"] == game.turn


def test_no_land_no_shop():
    game = arena(library=["Island", "Grizzly Bears", "Grizzly Bears"],
                 shop=["Bonesplitter"] * 4)
    game.start_round(4, LAB)
    advance(game, lambda g: g.active == HERO)
    assert not events(game, "shop_open")


def test_two_reveals_one_at_a_time_each_on_the_stack():
    game = arena(library=["Island", "Hill Giant", "Grizzly Bears"])
    game.add_permanent("Island", HERO)
    game.add_card("Essence Scatter", HERO)
    game.add_permanent("Island", HERO)
    game.start_round(4, LAB)
    advance(game, lambda g: bool(g.stack))
    assert [game.name_of(s.card) for s in game.stack] == ["Grizzly Bears"]
    assert game.current_player() == HERO and has(game, "Essence Scatter")
    # counter it: the reveal is spent, the next card comes after
    game.apply_action(A.cast(0))
    game.apply_action(A.stack(0))
    advance(game, lambda g: len(events(g, "reveal")) == 2)
    assert [e["card"] for e in events(game, "reveal")] == ["Grizzly Bears", "Hill Giant"]
    assert game.name_of(game.graveyard[LAB][-1]) == "Grizzly Bears"
    advance(game, lambda g: g.active == HERO)
    assert len(game.library[LAB]) == 1  # the Island stays: two reveals a turn


def test_labyrinth_creatures_have_haste_attack_and_never_block():
    game = arena(library=["Island", "Hill Giant", "Grizzly Bears"])
    game.start_round(4, LAB)
    advance(game, deciding("block"))
    attackers = {game.name_of(game.battlefield[a].card) for a in game.attackers}
    assert attackers == {"Grizzly Bears", "Hill Giant"}
    assert all(v == HERO for v in game.attackers.values())
    advance(game, lambda g: g.active == HERO and g.step == "main1")
    assert game.life[HERO] == 20 - 2 - 3
    # the player's attack: the Labyrinth never blocks
    game.start_round(5, HERO, "declare_attackers")
    advance(game, deciding("attack"))
    game.apply_action(A.attack(slot(game, game.hero_pid), 1))
    done_with(game, "attack")
    assert not any(e["type"] == "block" for e in game.events)
    advance(game, lambda g: g.step == "main2")
    assert events(game, "lab_mill")[-1]["amount"] == 2


def test_labyrinth_spell_targets_the_players_side_at_random():
    hits = set()
    for seed in range(12):
        game = ArcaneGame.empty(seed)
        game.set_hero(HERO_CARD)
        game.set_boss("Rorix Bladewing")
        bear = game.add_permanent("Grizzly Bears", HERO)
        game.add_permanent("Hill Giant", LAB)
        game.add_card("Island", LAB, "library")
        game.add_card("Shock", LAB, "library")
        game.auto_pass = True
        game.start_round(4, LAB)
        advance(game, lambda g: bool(events(g, "cast")))
        target = events(game, "cast")[0]["targets"][0]
        hits.add("player" if "player" in target else
                 ("hero" if target["id"] == game.hero_pid else
                  "bear" if target["id"] == bear else "own"))
    assert hits == {"player", "hero", "bear"}  # never its own Hill Giant


def test_labyrinth_pump_targets_its_own_creature():
    game = arena(library=["Island", "Giant Growth"])
    game.add_permanent("Grizzly Bears", HERO)
    own = game.add_permanent("Hill Giant", LAB)
    game.start_round(4, LAB)
    advance(game, lambda g: bool(events(g, "cast")))
    assert events(game, "cast")[0]["targets"] == [{"id": own, "card": "Hill Giant"}]


def test_reveal_without_legal_target_has_no_effect():
    game = arena(library=["Island", "Island", "Giant Growth"])  # no Lab creature
    game.start_round(4, LAB)
    advance(game, lambda g: len(events(g, "reveal")) == 2)
    assert events(game, "reveal_no_effect")[0]["card"] == "Giant Growth"
    assert game.name_of(game.graveyard[LAB][-1]) == "Giant Growth"


def test_labyrinth_never_uses_mana_and_x_is_zero():
    game = arena(library=["Island", "Island", "Murder"])
    game.start_round(4, LAB)
    advance(game, lambda g: bool(events(g, "exhausted")))
    # Murder ({1}{B}{B}) resolved with no mana: the Hero was its only legal target
    assert game.hero_exhausted and events(game, "exhausted")[0]["reason"] == "dies"
    assert not game.battlefield  # nothing was tapped or sacrificed to pay


def test_face_down_cards_flip_at_untap():
    game = arena(library=["Island", "Island", "Island"])
    bears = game.add_card("Grizzly Bears", LAB, "library")
    game.library[LAB].remove(bears)
    fd = game._put_onto_battlefield(bears, LAB, face_down=True)
    bolt = game.add_card("Lightning Bolt", LAB, "library")
    game.library[LAB].remove(bolt)
    fd_bolt = game._put_onto_battlefield(bolt, LAB, face_down=True)
    game.start_round(4, LAB)
    advance(game, lambda g: g.step != "untap" and bool(events(g, "reveal")))
    assert not game.battlefield[fd].face_down  # a creature card turns face up
    assert fd_bolt not in game.battlefield  # a non-creature card is revealed
    assert [e["card"] for e in events(game, "reveal")][0] == "Lightning Bolt"
    advance(game, lambda g: g.active == HERO)
    assert len(events(game, "reveal")) == 3  # the flip, then the two reveals


# ------------------------------------------------- the Labyrinth's body
def test_attacking_the_labyrinth_for_three_mills_three_never_the_boss():
    game = arena(library=["Island", "Swamp", "Plains", "Forest"],
                 hero=creature("Three Hero", 3, 3, supertypes=("Legendary",)))
    game.start_round(5, HERO, "declare_attackers")
    advance(game, deciding("attack"))
    game.apply_action(A.attack(slot(game, game.hero_pid), 1))
    done_with(game, "attack")
    advance(game, lambda g: g.step == "main2")
    assert [game.name_of(c) for c in game.library[LAB]] == ["Island"]
    assert len(game.graveyard[LAB]) == 3
    # with two cards left, 3 damage mills two and the boss stays set aside
    game2 = arena(library=["Island", "Swamp"],
                  hero=creature("Three Hero", 3, 3, supertypes=("Legendary",)))
    game2.start_round(5, HERO, "declare_attackers")
    advance(game2, deciding("attack"))
    game2.apply_action(A.attack(slot(game2, game2.hero_pid), 1))
    done_with(game2, "attack")
    advance(game2, lambda g: g.step == "main2")
    assert not game2.library[LAB] and game2.boss_card not in game2.graveyard[LAB]
    assert game2.boss_arrivals == 0 and game2.outcome is None


def test_a_bounced_boss_on_top_is_never_milled():
    game = arena(library=["Island", "Swamp", "Plains"])
    game.library[LAB].append(game.boss_card)  # returned to the top
    for _ in range(3):
        game.mill(LAB)
    assert game.library[LAB] == [game.boss_card]


def test_rest_in_peace_exiles_what_the_labyrinth_mills():
    """614.1a: a card the Labyrinth mills goes to its graveyard through the same
    replacements as any other (Rest in Peace exiles it instead), the boss still
    never milled."""
    game = arena(library=["Island", "Swamp", "Plains"])
    game.add_permanent("Rest in Peace", HERO)
    game.library[LAB].append(game.boss_card)
    game._lab_mill(2, "test")
    assert [game.name_of(c) for c in game.exile[LAB]] == ["Plains", "Swamp"]
    assert game.graveyard[LAB] == [] and game.library[LAB][-1] == game.boss_card


def test_life_gain_returns_cards_and_a_third_return_exiles():
    game = arena(library=["Island"] * 3)
    game.start_round(4, HERO, "main1")
    bolt = game.add_card("Lightning Bolt", LAB, "graveyard")
    for n in (1, 2):
        game.gain_life(LAB, 1)
        assert bolt in game.library[LAB] and game.returned[str(bolt)] == n
        game.library[LAB].remove(bolt)
        game.graveyard[LAB].append(bolt)
    game.gain_life(LAB, 1)
    assert bolt in game.exile[LAB] and bolt not in game.library[LAB]
    assert events(game, "lab_life_gain")[-1]["exiled"] == ["Lightning Bolt"]
    assert game.life[LAB] == 20


def test_labyrinth_lifelink_returns_cards_from_its_graveyard():
    game = arena(library=["Island", "Island", "Island"])
    game.add_permanent("Vampire Nighthawk", LAB)  # 2/3 flying, lifelink
    for name in ("Swamp", "Plains", "Forest"):
        game.add_card(name, LAB, "graveyard")
    game.start_round(4, LAB, "declare_attackers")
    advance(game, lambda g: g.step == "main2")
    assert game.life[HERO] == 18
    assert [game.name_of(c) for c in game.graveyard[LAB]] == ["Swamp"]
    assert len(game.library[LAB]) == 5


def test_labyrinth_card_returned_to_hand_goes_on_top_of_its_library():
    game = arena(library=["Island", "Island"])
    game.add_permanent("Island", HERO)
    giant = game.add_permanent("Hill Giant", LAB)
    game.add_card("Unsummon", HERO)
    game.start_round(5, HERO, "main1")
    game.apply_action(A.cast(0))
    game.apply_action(A.permanent(slot(game, giant)))
    advance(game, lambda g: not g.stack)
    assert game.name_of(game.library[LAB][-1]) == "Hill Giant" and not game.hand[LAB]


def test_ethereal_hand_a_card_the_labyrinth_would_take_into_its_hand_goes_on_top():
    """The Ethereal Hand: Militia Bugler's "put it into your hand" puts the creature
    card on top of the Labyrinth's library (the next reveal), never in a hand."""
    game = arena(library=["Island", "Grizzly Bears", "Island", "Island",
                          "Militia Bugler"])
    game.start_round(4, LAB)
    advance(game, lambda g: bool(events(g, "to_library_top")))
    assert not game.hand[LAB]
    assert game.name_of(game.library[LAB][-1]) == "Grizzly Bears"
    assert game.lab_known_top[-1] == game.library[LAB][-1]
    advance(game, lambda g: len(events(g, "reveal")) == 2)
    assert events(game, "reveal")[1]["card"] == "Grizzly Bears"


def test_ethereal_hand_a_land_search_into_its_hand_is_shuffled_in(fixed_rolls):
    """Yavimaya Elder of the Labyrinth dies: "search for up to two basic land cards,
    put them into your hand, then shuffle": the lands never reach a hand and are
    shuffled back (the Labyrinth may search: a 4+ on a d6)."""
    game = arena(library=["Hill Giant", "Forest", "Forest"])
    game.add_permanent("Mountain", HERO)
    elder = game.add_permanent("Yavimaya Elder", LAB)  # 2/1
    game.add_card("Shock", HERO)
    game.start_round(5, HERO, "main1")
    fixed_rolls(6)
    game.apply_action(A.cast(0))
    game.apply_action(A.permanent(slot(game, elder)))
    advance(game, lambda g: not g.stack and g.decision is not None
            and g.decision["kind"] == "priority" and g.current_player() == HERO)
    assert elder not in game.battlefield and not game.hand[LAB]
    assert sorted(game.name_of(c) for c in game.library[LAB]) == [
        "Forest", "Forest", "Hill Giant"]
    assert events(game, "to_library_top") and events(game, "shuffle")


def test_labyrinth_discard_mills_and_draw_does_nothing():
    game = arena(library=["Island"] * 6)
    for land in ["Swamp"] * 3 + ["Island"] * 4:
        game.add_permanent(land, HERO)
    game.add_card("Mind Rot", HERO)
    game.add_card("Inspiration", HERO)
    game.start_round(5, HERO, "main1")
    game.apply_action(A.cast(0))
    game.apply_action(A.player(1))
    advance(game, lambda g: not g.stack)
    assert len(game.library[LAB]) == 4 and len(game.graveyard[LAB]) == 2
    game.apply_action(A.cast(0))  # Inspiration, target the Labyrinth
    game.apply_action(A.player(1))
    advance(game, lambda g: not g.stack)
    assert len(game.library[LAB]) == 4 and not game.hand[LAB]
    assert events(game, "draw_ignored")


# ---------------------------------------------------------------- the Hero
def test_destroyed_hero_is_exhausted_and_returns_at_base_stats_next_upkeep():
    game = arena(library=["Island"] * 4)
    hero = game.hero_pid
    game.battlefield[hero].counters["+1/+1"] = 2
    sword = game.add_permanent("Short Sword", HERO, attached_to=hero)
    game.add_permanent("Swamp", HERO)
    game.add_permanent("Swamp", HERO)
    game.add_permanent("Swamp", HERO)
    game.add_card("Murder", HERO)
    game.start_round(5, HERO, "main1")
    game.apply_action(A.cast(0))
    game.apply_action(A.permanent(slot(game, hero)))
    advance(game, lambda g: not g.stack)
    assert game.hero_exhausted and hero not in game.battlefield
    assert game.hero_card in game.exile[HERO]
    assert game.hero_card not in game.graveyard[HERO]
    assert sword in game.battlefield and game.battlefield[sword].attached_to is None
    assert not events(game, "dies")
    # it cannot block while exhausted; it returns at the player's next upkeep
    advance(game, lambda g: g.active == HERO and g.step == "main1" and g.round == 6)
    assert not game.hero_exhausted
    new = game.hero_pid
    assert new != hero and game.battlefield[new].counters == {}
    assert game.chars(new)[:2] == (2, 4)
    assert events(game, "hero_returns")[0]["turn"] == game.turn


@pytest.mark.parametrize("card, reason", [("Unsummon", "bounced")])
def test_bounce_exhausts_the_hero(card, reason):
    game = arena(library=["Island"] * 4)
    game.add_permanent("Island", HERO)
    game.add_card(card, HERO)
    game.start_round(5, HERO, "main1")
    game.apply_action(A.cast(0))
    game.apply_action(A.permanent(slot(game, game.hero_pid)))
    advance(game, lambda g: not g.stack)
    assert game.hero_exhausted and events(game, "exhausted")[0]["reason"] == reason
    assert game.hero_card not in game.hand[HERO]


def test_toughness_zero_exhausts_the_hero():
    game = arena(library=["Island"] * 4, hero=creature("Frail Hero", 1, 2,
                                                        supertypes=("Legendary",)))
    game.add_permanent("Swamp", HERO)
    game.add_card("Disfigure", HERO)
    game.start_round(5, HERO, "main1")
    game.apply_action(A.cast(0))
    game.apply_action(A.permanent(slot(game, game.hero_pid)))
    advance(game, lambda g: not g.stack)
    assert game.hero_exhausted and game.life[HERO] == 20


def test_successful_hero_block_costs_no_life():
    game = arena(library=["Island"] * 4)  # Hero 2/4
    bear = game.add_permanent("Grizzly Bears", LAB)
    game.add_permanent("Hill Giant", LAB)
    game.start_round(4, LAB, "declare_attackers")
    advance(game, deciding("block"))
    game.apply_action(A.block(slot(game, game.hero_pid)))
    game.apply_action(A.permanent(slot(game, bear)))
    done_with(game, "block")
    advance(game, lambda g: g.step == "main2")
    assert game.life[HERO] == 17  # only the unblocked Hill Giant's 3
    assert events(game, "successful_block")
    assert not game.hero_exhausted and bear not in game.battlefield


def test_failed_hero_block_costs_the_attackers_power_and_exhausts():
    game = arena(library=["Island"] * 4, hero=creature("Small Hero", 1, 3,
                                                        supertypes=("Legendary",)))
    giant = game.add_permanent("Hill Giant", LAB)  # 3/3: toughness 3 is not > 3
    game.start_round(4, LAB, "declare_attackers")
    advance(game, deciding("block"))
    game.apply_action(A.block(slot(game, game.hero_pid)))
    game.apply_action(A.permanent(slot(game, giant)))
    done_with(game, "block")
    advance(game, lambda g: g.step == "main2")
    assert game.life[HERO] == 17 and game.hero_exhausted


def test_noncombat_damage_to_the_hero_is_lost_as_life():
    game = arena(library=["Island"] * 4, hero=BIG_HERO)
    game.add_permanent("Mountain", HERO)
    game.add_card("Shock", HERO)
    game.start_round(5, HERO, "main1")
    game.apply_action(A.cast(0))
    game.apply_action(A.permanent(slot(game, game.hero_pid)))
    advance(game, lambda g: not g.stack)
    assert game.life[HERO] == 18 and game.battlefield[game.hero_pid].damage == 2


def test_blocking_deathtouch_exhausts_at_once_and_trample_hits_the_player():
    dt = creature("Trampling Asp", 3, 1, "deathtouch", "trample")
    game = arena(library=["Island"] * 4, hero=BIG_HERO)
    asp = game.add_permanent(dt, LAB)
    game.start_round(4, LAB, "declare_attackers")
    advance(game, deciding("block"))
    game.apply_action(A.block(slot(game, game.hero_pid)))
    game.apply_action(A.permanent(slot(game, asp)))
    done_with(game, "block")
    assert game.hero_exhausted and asp in game.blocked
    advance(game, lambda g: g.step == "main2")
    assert game.life[HERO] == 17 and asp in game.battlefield  # no damage back


def test_exhausted_hero_cannot_block_and_attackers_still_hit():
    game = arena(library=["Island"] * 4)
    game.add_permanent("Hill Giant", LAB)
    game._exhaust("test")
    game.start_round(4, LAB, "declare_attackers")
    advance(game, lambda g: g.step == "main2")
    assert game.life[HERO] == 17
    assert not any(e["type"] == "block" for e in game.events)


# --------------------------------------------------- a planeswalker Hero
WALKER = "Garruk Wildspeaker"  # loyalty 3: +1 untap two lands, -1 a 3/3, -4 overrun


def test_planeswalker_hero_starts_with_its_loyalty_and_uses_its_abilities():
    game = arena(hero=WALKER, library=["Island"] * 4)
    hero = game.hero_pid
    assert game.battlefield[hero].counters == {"loyalty": 3}
    game.start_round(5, HERO, "main1")
    assert has(game, "(Garruk Wildspeaker) ability 1")
    game.apply_action(A.activate(slot(game, hero), 1))  # -1: a 3/3 Beast
    advance(game, lambda g: not g.stack)
    assert game.battlefield[hero].counters["loyalty"] == 2
    assert not has(game, "(Garruk Wildspeaker) ability")  # one a turn


def test_planeswalker_hero_blocks_with_its_loyalty_as_toughness():
    game = arena(hero=WALKER, library=["Island"] * 4)
    bear = game.add_permanent("Grizzly Bears", LAB)  # 2/2 against loyalty 3
    game.start_round(4, LAB, "declare_attackers")
    advance(game, deciding("block"))
    assert A.block(slot(game, game.hero_pid)) in game.legal_actions()
    game.apply_action(A.block(slot(game, game.hero_pid)))
    game.apply_action(A.permanent(slot(game, bear)))
    done_with(game, "block")
    advance(game, lambda g: g.step == "main2")
    # a successful block (3 > 2): no life lost; the damage still removes loyalty
    assert events(game, "successful_block") and game.life[HERO] == 20
    assert game.battlefield[game.hero_pid].counters["loyalty"] == 1
    assert bear in game.battlefield  # it has no power to deal damage back


def test_planeswalker_hero_at_zero_loyalty_is_exhausted_and_returns_at_its_loyalty():
    game = arena(hero=WALKER, library=["Island"] * 6)
    giant = game.add_permanent("Hill Giant", LAB)  # 3 power: 3 is not > 3
    game.start_round(4, LAB, "declare_attackers")
    advance(game, deciding("block"))
    game.apply_action(A.block(slot(game, game.hero_pid)))
    game.apply_action(A.permanent(slot(game, giant)))
    done_with(game, "block")
    advance(game, lambda g: g.step == "main2")
    assert game.life[HERO] == 17  # a failed block: the damage is lost as life
    assert game.hero_exhausted and events(game, "exhausted")
    advance(game, lambda g: g.active == HERO and g.step == "main1")
    assert not game.hero_exhausted
    assert game.battlefield[game.hero_pid].counters == {"loyalty": 3}


def test_labyrinth_burn_may_hit_a_planeswalker_hero_and_attacks_go_to_the_player():
    game = arena(hero=WALKER, library=["Island"] * 4)
    game.add_permanent("Hill Giant", LAB)
    game.start_round(4, LAB, "declare_attackers")
    advance(game, deciding("block"))
    assert not game.attacking_pw  # the Labyrinth attacks the player
    done_with(game, "block")
    advance(game, lambda g: g.step == "main2")
    assert game.life[HERO] == 17
    assert game.battlefield[game.hero_pid].counters["loyalty"] == 3
    # "any target" burn: the planeswalker Hero is among the legal targets
    bolt = ArcaneGame.empty(0)
    bolt.set_hero(WALKER)
    item_targets = bolt.candidates(pool("Lightning Bolt").spell.effect.to,
                                   _probe(bolt, "Lightning Bolt"))
    assert bolt.hero_pid in item_targets and player_code(HERO) in item_targets


def _probe(game: ArcaneGame, name: str):
    from labyrinth_gym.envs.magic.engine.state import StackItem

    card = game.add_card(name, LAB, "library")
    return StackItem(sid=-1, kind="spell", controller=LAB, card=card)


# ----------------------------------------------------------- the shop
def test_shop_purchase_sacrifices_lands_that_pay_the_pips():
    game = arena(library=["Island"] * 4,
                 shop=["Bonesplitter", "Behemoth Sledge", "Loxodon Warhammer",
                       "Short Sword"])
    plains = game.add_permanent("Plains", HERO)
    island = game.add_permanent("Island", HERO)
    forest = game.add_permanent("Forest", HERO, tapped=True)
    game.shop_pending = True
    game.start_round(4, LAB, "end")
    assert game.decision["kind"] == "shop"
    assert [game.name_of(c) for c in game.shop_reveal] == [
        "Short Sword", "Loxodon Warhammer", "Behemoth Sledge"]
    # Sledge {1}{G}{W}: three lands, one G and one W among them (tapped counts)
    assert set(game.legal_actions()) == {A.mode(0), A.mode(1), A.mode(2), A.DONE}
    game.apply_action(A.mode(2))
    assert game.decision["kind"] == "shop_land"
    assert set(game.legal_actions()) == {A.permanent(slot(game, p))
                                         for p in (plains, island, forest)}
    game.apply_action(A.permanent(slot(game, island)))
    game.apply_action(A.permanent(slot(game, forest)))
    assert game.legal_actions() == [A.permanent(slot(game, plains))]
    game.apply_action(A.permanent(slot(game, plains)))
    assert [game.name_of(c) for c in game.hand[HERO]] == ["Behemoth Sledge"]
    assert not any(p in game.battlefield for p in (plains, island, forest))
    # the rest to the bottom in the order revealed
    order = [game.name_of(c) for c in reversed(game.shop)]  # top first
    assert order == ["Bonesplitter", "Short Sword", "Loxodon Warhammer"]


def test_shop_refuses_what_the_lands_cannot_pay():
    game = arena(library=["Island"] * 4, shop=["Behemoth Sledge", "Loxodon Warhammer"])
    game.add_permanent("Island", HERO)
    game.add_permanent("Island", HERO)
    game.add_permanent("Forest", HERO)
    game.shop_pending = True
    game.start_round(4, LAB, "end")
    # Warhammer (3) is affordable with three lands; Sledge needs a W source
    assert names(game) == {"buy nothing": A.DONE,
                           "buy shop card 0 (Loxodon Warhammer)": A.mode(0)}
    game.apply_action(A.DONE)
    assert not game.shop_reveal and len(game.shop) == 2 and not game.hand[HERO]


# ------------------------------------------------------- random encounters
def test_encounters_only_in_rounds_three_six_nine():
    game = ArcaneGame.new(4, hero="red_green_warlord", labyrinth="drowned_crypt",
                          max_turns=12)
    rng = np.random.default_rng(4)
    while not game.is_terminal():
        legal = game.legal_actions()
        # never attack, so the game lasts; otherwise random
        calm = [a for a in legal if A.decode(a)[0] != "attack"] or legal
        game.apply_action(int(calm[rng.integers(len(calm))]))
    rounds = [e["round"] for e in events(game, "encounter")]
    last = game.round
    assert rounds == [r for r in range(3, last + 1, 3)]


def test_tragic_failure_sacrifices_the_strongest_non_land_permanent(fixed_rolls):
    game = arena(library=["Island"] * 4)
    game.add_permanent("Grizzly Bears", HERO)  # mv 2
    giant = game.add_permanent("Hill Giant", HERO)  # mv 4
    game.add_permanent("Loxodon Warhammer", HERO)  # mv 3
    game.add_permanent("Plains", HERO)
    fixed_rolls(4)
    game.start_round(6, HERO)
    assert events(game, "encounter")[0]["result"] == "tragic failure"
    assert giant not in game.battlefield and game.hero_pid in game.battlefield


def test_tragic_failure_with_only_the_hero_discards_then_sacrifices_a_land_then_life(fixed_rolls):
    game = arena(library=["Island"] * 4)
    game.add_card("Plains", HERO)
    game.add_card("Island", HERO)
    game.add_card("Shock", HERO)
    fixed_rolls(1)
    game.start_round(3, HERO)
    assert game.decision["kind"] == "encounter_discard"
    assert set(names(game)) == {"discard hand 0 (Plains)", "discard hand 1 (Island)"}
    game.apply_action(A.hand(1))
    assert [game.name_of(c) for c in game.graveyard[HERO]] == ["Island"]
    # no land card: sacrifice a land (the player's choice)
    game2 = arena(library=["Island"] * 4)
    game2.add_permanent("Plains", HERO)
    swamp = game2.add_permanent("Swamp", HERO)
    fixed_rolls(6)
    game2.start_round(3, HERO)
    assert game2.decision["kind"] == "encounter_sacrifice"
    game2.apply_action(A.permanent(slot(game2, swamp)))
    assert swamp not in game2.battlefield
    # nothing at all: lose 3 life
    game3 = arena(library=["Island"] * 4)
    fixed_rolls(2)
    game3.start_round(3, HERO)
    assert game3.life[HERO] == 17


def test_loot_and_mythic_treasure(fixed_rolls):
    for roll, life, hand in ((16, 20, 1), (20, 23, 2)):
        game = arena(library=["Island"] * 4, shop=["Short Sword", "Bonesplitter"])
        for _ in range(3):
            game.add_card("Plains", HERO, "library")
        fixed_rolls(roll)
        game.start_round(9, HERO)
        tokens = sorted(game.name_of(p.card) for p in game.battlefield.values()
                        if game.card_token[p.card])
        assert tokens == ["Food Token", "Treasure Token"]
        assert game.life[HERO] == life
        drawn = [game.name_of(c) for c in game.hand[HERO]]
        assert len(drawn) == hand and game.step == "upkeep"
        if roll == 20:
            assert "Bonesplitter" in drawn and len(game.shop) == 1


# ----------------------------------------------------------- the final boss
@pytest.mark.parametrize("round_, buff", [(9, 10), (12, 5), (14, 5), (15, 0)])
def test_boss_arrives_buffed_and_equipped(round_, buff):
    game = arena(library=[], shop=["Short Sword", "Loxodon Warhammer", "Bonesplitter",
                                   "Potion of Healing"])
    game.start_round(round_, LAB)
    advance(game, lambda g: g.boss_arrivals == 1)
    boss = game.boss_pid
    arrived = events(game, "boss_arrives")[0]
    assert arrived["round"] == round_ and arrived["buff"] == buff
    equipment = game.battlefield[game.boss_equipment]
    assert game.name_of(equipment.card) == "Loxodon Warhammer"
    assert equipment.attached_to == boss and equipment.controller == LAB
    power, tough, kws = game.chars(boss)
    assert (power, tough) == (6 + buff + 3, 5 + buff)  # Warhammer +3/+0
    assert {"trample", "lifelink", "haste", "flying"} <= kws
    assert len(game.shop) == 3


def test_boss_without_equipment_in_shop_takes_the_biggest_artifact_unattached():
    game = arena(library=[], shop=["Potion of Healing", "Marble Chalice"])
    game.start_round(10, LAB)
    advance(game, lambda g: g.boss_arrivals == 1)
    art = game.battlefield[game.boss_equipment]
    assert game.name_of(art.card) == "Marble Chalice" and art.attached_to is None


def test_killing_the_boss_with_an_empty_library_wins():
    game = arena(library=[], hero=BIG_HERO)
    game.start_round(20, LAB)
    advance(game, lambda g: g.boss_arrivals == 1)
    assert game.outcome is None
    game.destroy([game.boss_pid])
    game._sba_clean = False
    advance(game, lambda g: g.is_terminal())
    assert game.winner == HERO and game.returns() == [1.0, 1.0]
    assert events(game, "game_over")[0]["reason"] == "labyrinth cleared"


def test_bounced_boss_returns_on_top_and_arrives_again():
    game = arena(library=[], shop=["Loxodon Warhammer"])
    game.start_round(10, LAB)
    advance(game, lambda g: g.boss_arrivals == 1)
    game.move_permanents([game.boss_pid], "hand")
    assert game.library[LAB] == [game.boss_card] and game.outcome is None
    hammer = game.boss_equipment
    game.start_round(16, LAB)
    advance(game, lambda g: g.boss_arrivals == 2)
    assert game.battlefield[hammer].attached_to == game.boss_pid
    assert events(game, "boss_arrives")[-1]["buff"] == 0


def test_player_loses_at_zero_life():
    game = arena(library=["Island"] * 4)
    game.life[HERO] = 3
    game.add_permanent("Hill Giant", LAB)
    game.start_round(4, LAB, "declare_attackers")
    advance(game, lambda g: g.is_terminal())
    assert game.winner == LAB and game.returns() == [-1.0, -1.0]


def test_truncated_after_max_turns():
    game = arena(library=["Island"] * 40, max_turns=5)
    game.start_round(5, HERO, "main2")
    advance(game, lambda g: g.is_terminal())
    assert game.is_truncated() and game.returns() == [0.0, 0.0]


# ----------------------------------------------------------- difficulty mods
def test_entropy_draw_three_reveals():
    for on, reveals in ((False, 2), (True, 3)):
        game = arena(library=["Island"] * 5, entropy_draw=on)
        for _ in range(9):
            game.add_permanent("Grizzly Bears", HERO)  # + the Hero = 10 creatures
        game.start_round(4, LAB)
        advance(game, lambda g: g.active == HERO)
        assert len(events(game, "reveal")) == reveals
    game = arena(library=["Island"] * 5, entropy_draw=True)
    game.add_permanent(creature("Titan", 10, 10), HERO)
    assert game.entropy_active()


def test_desperation_gives_trample_under_fifty_cards():
    game = arena(library=["Island"] * 50, desperation=True)
    giant = game.add_permanent("Hill Giant", LAB)
    assert "trample" not in game.keywords(giant)
    game.mill(LAB)
    assert "trample" in game.keywords(giant) and "haste" in game.keywords(giant)
    plain = arena(library=["Island"] * 10)
    g2 = plain.add_permanent("Hill Giant", LAB)
    assert "trample" not in plain.keywords(g2)


# ------------------------------------------------------------ serialisation
def random_play(seed: int, actions: int = 150) -> ArcaneGame:
    game = ArcaneGame.new(seed, hero="black_necromancer", labyrinth="goblin_warrens")
    rng = np.random.default_rng(seed)
    for _ in range(actions):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        game.apply_action(int(legal[rng.integers(len(legal))]))
    return game


def test_to_dict_round_trip_and_determinism():
    game = random_play(7)
    data = json.loads(json.dumps(game.to_dict()))
    copy = ArcaneGame.from_dict(data)
    assert copy.to_dict() == game.to_dict()
    assert copy.observation_for(HERO) == game.observation_for(HERO)
    assert random_play(7).events == game.events
    assert random_play(8).events != game.events


def test_determinize_keeps_what_the_player_sees():
    game = ArcaneGame.new(3, hero="white_knight", labyrinth="drowned_crypt")
    view = game.determinize(HERO, np.random.default_rng(1))
    assert view.observation_for(HERO) == game.observation_for(HERO)
    assert sorted(view.shop) == sorted(game.shop)
    assert sorted(view.library[LAB]) == sorted(game.library[LAB])
    assert view.boss_card not in view.library[LAB]


def test_custom_card_defs_work_for_the_hero():
    game = arena(hero=custom("Grizzly Bears", "Bear Lord", supertypes=("Legendary",)))
    assert game.name_of(game.battlefield[game.hero_pid].card) == "Bear Lord"
    assert pool("Grizzly Bears").power == 2
    assert player_code(LAB) == -2


def test_determinize_keeps_shop_bottoms_and_labyrinth_tops_put_there_in_view():
    # shop cards revealed and not bought go to the bottom in view
    game = next(g for g in (random_play(s, 400) for s in range(30)) if g.shop_known)
    known = set(game.shop_known)
    bottom = next(i for i, c in enumerate(game.shop) if c not in known)
    assert bottom > 0
    for seed in range(8):
        view = game.determinize(HERO, np.random.default_rng(seed))
        assert view.shop[:bottom] == game.shop[:bottom]
        assert sorted(view.shop) == sorted(game.shop)
    assert any(game.determinize(HERO, np.random.default_rng(s)).shop[bottom:]
               != game.shop[bottom:] for s in range(8))
    # a Labyrinth permanent returned to "hand" goes on top of its library, in view
    game = arena(library=["Island"] * 3 + ["Hill Giant"] * 3)
    goblin = game.add_permanent("Goblin Piker", LAB)
    game.move_permanents([goblin], "hand")
    top = game.library[LAB][-1]
    assert game.name_of(top) == "Goblin Piker" and game._known_on_top(LAB) == 1
    for seed in range(8):
        assert game.determinize(HERO, np.random.default_rng(seed)).library[LAB][-1] == top
    game.mill(LAB)  # once it is gone, nothing on top is known
    assert game._known_on_top(LAB) == 0
    data = json.loads(json.dumps(game.to_dict()))
    assert ArcaneGame.from_dict(data).lab_known_top == game.lab_known_top


# ------------------------------------- the Labyrinth's choices (issue 29.8)
def test_labyrinth_divides_damage_among_blockers_in_declaration_order():
    """A Labyrinth attacker blocked by two creatures divides its damage by the
    engine's default (lethal to each blocker in the order declared, the rest to the
    last), with no die roll; the player is never asked."""
    game = arena(library=["Island", "Craw Wurm"])  # 6/4
    b1 = game.add_permanent("Grizzly Bears", HERO)
    b2 = game.add_permanent("Hill Giant", HERO)
    game.start_round(4, LAB)
    advance(game, deciding("block"))
    wurm = next(iter(game.attackers))
    for b in (b2, b1):
        game.apply_action(A.block(slot(game, b)))
        game.apply_action(A.permanent(slot(game, wurm)))
    game.apply_action(A.DONE)
    advance(game, lambda g: g.active == HERO and g.step == "main1")
    dealt = {e["card"]: e["amount"] for e in events(game, "damage")
             if e["source"] == "Craw Wurm"}
    assert dealt == {"Hill Giant": 3, "Grizzly Bears": 3}
    assert events(game, "damage_assigned")[0]["player"] == LAB


def test_labyrinth_keeps_its_newest_legend():
    legend = creature("Test Legend", 2, 2, supertypes=("Legendary",))
    game = arena()
    old = game.add_permanent(legend, LAB)
    new = game.add_permanent(legend, LAB)
    game.start_round(4, HERO, "main1")
    assert old not in game.battlefield and new in game.battlefield
    assert events(game, "legend_rule")[0]["kept"] == new
