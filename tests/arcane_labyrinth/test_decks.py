"""Hero kits and Labyrinths: the shipped ones load, and every construction rule is
checked, every problem listed at once."""

from __future__ import annotations

import numpy as np
import pytest

from labyrinth_gym.envs.arcane_labyrinth.engine.decks import (
    HeroKit,
    Labyrinth,
    heroes,
    labyrinths,
    load_hero,
    load_labyrinth,
    parse_sections,
)
from labyrinth_gym.envs.arcane_labyrinth.engine.game import LAB, ArcaneGame
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.decklist import DecklistError

GOOD_VANGUARD = ["Plains"] * 24 + ["Savannah Lions"] * 4 + ["Pillarfield Ox"] * 4 + \
    ["Glorious Anthem"] * 4 + ["Pacifism"] * 4 + ["Serra Angel"] * 4 + \
    ["Knight of Meadowgrain"] * 4 + ["Benalish Knight"] * 4 + ["Youthful Knight"] * 4 + \
    ["Kor Halberd"] * 1 + ["Attended Knight"] * 3
GOOD_SHOP = ["Bonesplitter", "Short Sword", "Loxodon Warhammer", "Leonin Scimitar",
             "Vulshok Morningstar", "Darksteel Axe", "Basilisk Collar", "Horned Helm",
             "Sparring Collar", "Greataxe"]
HERO = "Syr Alin, the Lion's Claw"


def kit(**changes) -> HeroKit:
    base = {"name": "test", "hero": HERO, "vanguard": tuple(GOOD_VANGUARD),
            "shop": tuple(GOOD_SHOP)}
    return HeroKit(**{**base, **changes})


def labyrinth_cards() -> tuple[list[str], str]:
    shipped = load_labyrinth("goblin_warrens")
    return list(shipped.cards), shipped.boss


def problems_of(fn, *args) -> list[str]:
    with pytest.raises(DecklistError) as err:
        fn(*args)
    return err.value.problems


def test_shipped_kits_and_labyrinths_load():
    assert len(heroes()) >= 4 and len(labyrinths()) >= 4
    for name in heroes():
        k = load_hero(name)
        assert len(k.vanguard) == 60 and len(k.shop) >= 10
    bosses = set()
    for name in labyrinths():
        lab = load_labyrinth(name)
        assert len(lab.cards) == 99
        bosses.add(lab.boss)
    assert len(bosses) == len(labyrinths())


def test_good_kit_passes():
    assert load_hero(kit()).hero == HERO


def test_vanguard_size_copies_artifacts_are_all_reported_at_once():
    vanguard = GOOD_VANGUARD[:-3] + ["Loxodon Warhammer"] * 1 + ["Savannah Lions"]
    problems = problems_of(load_hero, kit(vanguard=tuple(vanguard)))
    text = " | ".join(problems)
    assert "exactly 60 cards, not 59" in text
    assert "5 copies of 'Savannah Lions'" in text
    assert "2 artifact cards" in text
    assert len(problems) == 3


def test_basic_lands_are_exempt_from_the_copy_limit():
    assert load_hero(kit()).vanguard.count("Plains") == 24


def test_win_the_game_cards_are_banned():
    vanguard = GOOD_VANGUARD[:-1] + ["Felidar Sovereign"]
    problems = problems_of(load_hero, kit(vanguard=tuple(vanguard)))
    assert "'Felidar Sovereign' is banned: it can win the game" in problems


def test_hero_must_be_a_legendary_creature_or_planeswalker():
    problems = problems_of(load_hero, kit(hero="Grizzly Bears"))
    assert problems == ["Hero 'Grizzly Bears' is neither a legendary creature nor a "
                        "legendary planeswalker"]
    assert load_hero(kit(hero="Ajani, Inspiring Leader")).hero == "Ajani, Inspiring Leader"
    # a planeswalker the engine cannot play yet is named with the line it stops at
    problems = problems_of(load_hero, kit(hero="Karn Liberated"))
    assert len(problems) == 1 and problems[0].startswith(
        "unsupported card 'Karn Liberated'")


def test_labyrinth_holds_no_planeswalker():
    cards, boss = labyrinth_cards()
    cards = [c for c in cards if c != "Raging Goblin"][:98] + ["Garruk Wildspeaker"]
    problems = problems_of(load_labyrinth, Labyrinth("x", tuple(cards), boss))
    assert "the Labyrinth holds the planeswalker 'Garruk Wildspeaker': the automated " \
        "Labyrinth plays none" in problems


def test_shop_needs_ten_artifacts():
    problems = problems_of(load_hero, kit(shop=tuple(GOOD_SHOP[:8] + ["Grizzly Bears"])))
    assert "the Secret Shop must hold at least 10 artifacts, not 9" in problems
    assert "the Secret Shop holds 'Grizzly Bears', which is not an artifact" in problems


def test_labyrinth_rules():
    cards, boss = labyrinth_cards()
    assert load_labyrinth(Labyrinth("ok", tuple(cards), boss)).boss == boss
    # 99 + boss = 100; one card fewer
    problems = problems_of(load_labyrinth, Labyrinth("x", tuple(cards[1:]), boss))
    assert any("exactly 100 cards" in p and "not 99" in p for p in problems)
    # a boss that is not legendary, and only 4 legendary creatures then
    problems = problems_of(load_labyrinth, Labyrinth("x", tuple(cards), "Hill Giant"))
    assert "the final boss 'Hill Giant' is not a legendary creature" in problems
    assert any("exactly 5 legendary creatures" in p and "not 4" in p for p in problems)
    # a colour without a land: green cards, only Swamps and Mountains
    greener = [c for c in cards if c != "Raging Goblin"] + ["Grizzly Bears"] * 4
    problems = problems_of(load_labyrinth, Labyrinth("x", tuple(greener), boss))
    assert problems == ["the Labyrinth's cards are G but none of its lands produces G"]


def test_unknown_and_unsupported_cards_are_named():
    vanguard = GOOD_VANGUARD[:-1] + ["Grizzly Bearz"]
    problems = problems_of(load_hero, kit(vanguard=tuple(vanguard)))
    assert any("unknown card 'Grizzly Bearz'" in p and "Grizzly Bears" in p
               for p in problems)


def test_sectioned_files(tmp_path):
    text = "# a kit\nHero\n1 " + HERO + "\n\nVanguard:\n" + "\n".join(
        GOOD_VANGUARD) + "\nShop\n" + "\n".join(GOOD_SHOP) + "\n"
    path = tmp_path / "kit.txt"
    path.write_text(text)
    assert load_hero(str(path)).name == "kit"
    bad = tmp_path / "bad.txt"
    bad.write_text("1 Plains\nHero\n1 " + HERO + "\nBoss\n1 Rorix Bladewing\n")
    problems = problems_of(load_hero, str(bad))
    text = " | ".join(problems)
    assert "comes before any section header" in text
    assert "section 'boss' does not belong here" in text
    assert "missing section(s): vanguard, shop" in text
    with pytest.raises(ValueError, match="neither a shipped one"):
        load_hero("no_such_kit")
    with pytest.raises(DecklistError):
        parse_sections("Hero\nHero\n", "x", ("hero",))


# ------------------------------------------------------------------ the shipped decks
NEW_KITS = ("blue_drake_tempest",)
NEW_LABYRINTHS = ("elven_wilds", "vampire_court")


def _header(kind: str, name: str) -> list[str]:
    from importlib import resources

    text = resources.files("labyrinth_gym.envs.arcane_labyrinth").joinpath(
        "data", kind, f"{name}.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.startswith("#")]


@pytest.mark.parametrize("name", heroes())
def test_every_shipped_kit_compiles_whole_and_says_its_plan(name):
    k = load_hero(name)
    supported = compiled_pool().supported
    for card in {k.hero, *k.vanguard, *k.shop}:
        assert card in supported, card  # every clause of every card compiled
    assert len(_header("heroes", name)) >= 2  # what the kit is, and its plan


@pytest.mark.parametrize("name", labyrinths())
def test_every_shipped_labyrinth_compiles_whole_and_says_its_plan(name):
    lab = load_labyrinth(name)
    supported = compiled_pool().supported
    assert all(card in supported for card in {lab.boss, *lab.cards})
    assert len(_header("labyrinths", name)) >= 2


@pytest.mark.parametrize("name", NEW_LABYRINTHS + ("goblin_warrens",))
def test_labyrinth_composition_follows_the_guidelines(name):
    """Section II.4: 100 cards, ~15 lands (one for every colour the deck produces),
    55-65 creatures, 20-30 spells, exactly 5 legendary creatures, the boss at the
    bottom (drowned_crypt, older, runs 23 lands and 52 creatures: the document calls
    the figures guidelines)."""
    lab = load_labyrinth(name)
    defs = [compiled_pool().supported[c] for c in (*lab.cards, lab.boss)]
    lands = sum("Land" in d.types for d in defs)
    creatures = sum("Creature" in d.types for d in defs)
    assert len(defs) == 100
    assert 13 <= lands <= 17
    assert 55 <= creatures <= 65
    assert 20 <= len(defs) - lands - creatures <= 30
    assert sum("Legendary" in d.supertypes and "Creature" in d.types for d in defs) == 5


@pytest.mark.parametrize("name", NEW_KITS + ("white_knight",))
def test_kit_composition_follows_the_rules(name):
    """Section II.1-3: one legendary Hero, 60 Vanguard cards with at most 4 of a
    non-basic name and at most 1 artifact, a shop of 10+ artifacts."""
    k = load_hero(name)
    supported = compiled_pool().supported
    hero = supported[k.hero]
    assert "Legendary" in hero.supertypes
    assert len(k.vanguard) == 60
    assert all(k.vanguard.count(c) <= 4 for c in set(k.vanguard) - {"Island", "Plains"})
    assert sum("Artifact" in supported[c].types for c in k.vanguard) <= 1
    assert len(k.shop) >= 10 and all("Artifact" in supported[c].types for c in k.shop)


@pytest.mark.parametrize("hero, labyrinth", [
    ("blue_drake_tempest", "goblin_warrens"), ("blue_drake_tempest", "elven_wilds"),
    ("white_knight", "elven_wilds"), ("black_necromancer", "vampire_court"),
    ("blue_drake_tempest", "vampire_court"), ("red_green_warlord", "elven_wilds"),
])
def test_a_seeded_game_of_the_new_decks_plays_to_the_end(hero, labyrinth):
    for seed in range(3):
        rng = np.random.default_rng(seed)
        game = ArcaneGame.new(seed, hero=hero, labyrinth=labyrinth)
        actions = 0
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply_action(int(legal[rng.integers(len(legal))]))
            actions += 1
        assert game.winner is not None or game.outcome is not None
        assert actions < 5000
        # the cards of both decks reached play: the Labyrinth revealed some
        assert len(game.library[LAB]) < 99 and game.hero_kit == hero
