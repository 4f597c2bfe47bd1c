"""Invariants over many random games of the Arcane Labyrinth, checked after every
action: every card is in exactly one place, the boss stays set aside until the library
runs out, the Hero never reaches a graveyard, the hand or a library, the Labyrinth has
no hand and no life changes."""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.arcane_labyrinth.engine.decks import heroes, labyrinths
from labyrinth_gym.envs.arcane_labyrinth.engine.game import HERO, LAB, ArcaneGame
from labyrinth_gym.envs.magic.engine.constants import ZONES

GAMES = 1000


def places(game: ArcaneGame) -> dict[int, int]:
    """How many places hold each card."""
    count: dict[int, int] = {}

    def put(card: int) -> None:
        count[card] = count.get(card, 0) + 1

    for zone in ZONES:
        for pile in getattr(game, zone):
            for c in pile:
                put(c)
    for perm in game.battlefield.values():
        put(perm.card)
    for item in game.stack:
        if item.kind == "spell":
            put(item.card)
    if game.casting is not None and game.casting.kind == "spell":
        put(game.casting.card)
    if game.res is not None and game.res["item"].kind == "spell":
        put(game.res["item"].card)
    for c in game.shop + game.shop_reveal:
        put(c)
    if game.boss_arrivals == 0 and game.boss_card not in count:
        put(game.boss_card)  # set aside below the library
    return count


def check(game: ArcaneGame) -> None:
    held = places(game)
    for card in range(len(game.card_def)):
        if game.card_token[card]:
            assert held.get(card, 0) <= 1
        else:
            assert held.get(card, 0) == 1, (card, game.name_of(card), held.get(card))
    boss = game.boss_card
    if game.boss_arrivals == 0:
        for zone in ZONES:
            assert all(boss not in pile for pile in getattr(game, zone))
        assert all(p.card != boss for p in game.battlefield.values())
    hero = game.hero_card
    assert hero not in game.graveyard[HERO] and hero not in game.hand[HERO]
    assert hero not in game.library[HERO]
    if game.hero_exhausted or game.lost[HERO]:  # a player who lost leaves the game
        assert hero in game.exile[HERO]
    else:
        assert game.battlefield[game.hero_pid].card == hero
    assert not game.hand[LAB] and game.life[LAB] == 20
    assert game.current_player() in (HERO, -4)


def test_invariants_over_random_games():
    arrivals = wins = losses = exhausted = shops = 0
    for seed in range(GAMES):
        rng = np.random.default_rng(seed)
        game = ArcaneGame.new(seed, hero=heroes()[seed % len(heroes())],
                              labyrinth=labyrinths()[seed % len(labyrinths())],
                              entropy_draw=seed % 4 == 1, desperation=seed % 4 == 2,
                              max_turns=30)
        if seed % 3 == 0:  # most of the Labyrinth milled: the boss comes early
            game._lab_mill(94, "test set-up")
        check(game)
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply_action(int(legal[rng.integers(len(legal))]))
            check(game)
        kinds = {e["type"] for e in game.events}
        arrivals += "boss_arrives" in kinds
        exhausted += "exhausted" in kinds
        shops += "purchase" in kinds
        for e in game.events:
            if e["type"] == "boss_arrives" and e["arrival"] == 1:
                assert e["round"] >= 4
        wins += game.winner == HERO
        losses += game.winner == LAB
    # the random games reach every part of the format
    assert arrivals > 20 and exhausted > 20 and shops > 20
    print(f"{arrivals=} {exhausted=} {shops=} {wins=} {losses=}")
    assert wins > 0 and losses > GAMES // 2


def test_a_planeswalker_hero_over_random_games():
    """The same invariants with a planeswalker Hero (the green kit led by Garruk
    Wildspeaker): it uses its loyalty abilities, blocks, is exhausted at 0 loyalty and
    always returns at its printed loyalty."""
    import dataclasses

    from labyrinth_gym.envs.arcane_labyrinth.engine.decks import load_hero

    kit = dataclasses.replace(load_hero("red_green_warlord"), name="garruk",
                              hero="Garruk Wildspeaker")
    abilities = blocks = exhausted = 0
    for seed in range(150):
        rng = np.random.default_rng(seed)
        game = ArcaneGame.new(seed, hero=kit, labyrinth=labyrinths()[seed % 2],
                              max_turns=30)
        check(game)
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply_action(int(legal[rng.integers(len(legal))]))
            check(game)
            if game.hero_pid is not None and game.decision is not None \
                    and game.decision["kind"] == "priority":
                assert game.battlefield[game.hero_pid].counters["loyalty"] > 0
        hero_ids = {e["id"] for e in game.events
                    if e["type"] in ("enters", "hero_returns")
                    and e.get("card") == "Garruk Wildspeaker"}
        abilities += sum(e["type"] == "activate" and e["card"] == "Garruk Wildspeaker"
                         for e in game.events)
        blocks += sum(e["type"] == "block" and e["blocker"] in hero_ids
                      for e in game.events)
        exhausted += sum(e["type"] == "exhausted" for e in game.events)
    assert abilities > 100 and blocks > 20 and exhausted > 10, (abilities, blocks,
                                                                 exhausted)
