"""Hero kits and Labyrinths: the shipped ones load, and every construction rule is
checked, every problem listed at once."""

from __future__ import annotations

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
    assert len(heroes()) >= 3 and len(labyrinths()) >= 2
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
    problems = problems_of(load_hero, kit(hero="Ajani Goldmane"))
    assert len(problems) == 1 and problems[0].startswith(
        "unsupported card 'Ajani Goldmane'")


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
