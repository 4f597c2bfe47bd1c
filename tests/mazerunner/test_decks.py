"""Mazerunner deck rules (rule 2, rule 5's partners), each with named real cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from labyrinth_gym.envs.mazerunner import decks as D
from labyrinth_gym.envs.mazerunner.decks import (
    DeckError,
    MazerunnerDeck,
    banlist,
    check_deck,
    deck_problems,
    parse_deck,
    team_problems,
)
from labyrinth_gym.envs.mazerunner.engine.game import shipped_deck, shipped_decks

SHIPPED = Path(D.__file__).parent / "data" / "decks"


def _ub():
    return parse_deck((SHIPPED / "UB.txt").read_text())


def _with(deck, commanders=None, add=(), drop=0, side=None):
    """The deck with other commanders, ``drop`` spells removed and ``add`` added."""
    main = [(n, c) for n, c in deck.main]
    spells = [i for i, (n, c) in enumerate(main) if c == 1]
    for i in sorted(spells[:drop], reverse=True):
        del main[i]
    main += [(n, 1) for n in add]
    return MazerunnerDeck(tuple(commanders or deck.commanders), tuple(main),
                          tuple(deck.sideboard if side is None else side))


def test_the_shipped_decks_are_legal_playable_and_distinct():
    files = sorted(SHIPPED.glob("*.txt"))
    # four decks per identity, so that a team of four can field four commanders (2d)
    assert [f.stem for f in files] == [f"{i}{k}" for i in ("BR", "RG", "UB", "WU")
                                       for k in ("-2", "-3", "-4", "")]
    commanders = set()
    for f in files:
        deck = check_deck(f, f.stem.partition("-")[0], playable=True)
        assert deck.mainboard_size() == 100
        assert sum(c for _, c in deck.sideboard) == 20
        commanders.update(deck.commanders)
    assert len(commanders) == 16
    first = [parse_deck((SHIPPED / f"{n}.txt").read_text()) for n in ("BR", "RG", "UB", "WU",
                                                                      "BR-2")]
    assert shipped_decks()[:5] == first  # each identity's first deck, then the second
    assert shipped_deck("UB-3").commanders == parse_deck((SHIPPED / "UB-3.txt").read_text()).commanders
    with pytest.raises(ValueError, match="no shipped deck 'UB-9'; the shipped decks are BR, RG"):
        shipped_deck("UB-9")


def test_the_ban_list_is_dated_with_its_sources():
    lists = banlist()
    assert set(lists) == {"reserved_list", "commander_banlist", "mazerunner"}
    for entry in lists.values():
        assert entry["date"] and entry["source"] and entry["names"]
    assert len(lists["mazerunner"]["names"]) == 9  # rule 2e.iii
    assert "Sol Ring" in lists["mazerunner"]["names"]
    assert "Black Lotus" in lists["reserved_list"]["names"]
    assert "Gaea's Cradle" in lists["reserved_list"]["names"]
    assert "Golos, Tireless Pilgrim" in lists["commander_banlist"]["names"]


def test_parse_reads_sections_and_refuses_strays():
    deck = parse_deck("Commander\n1 Tymna the Weaver\nDeck\n3 Swamp\nSideboard:\nDuress\n")
    assert deck.commanders == ("Tymna the Weaver",)
    assert deck.main == (("Swamp", 3),) and deck.sideboard == (("Duress", 1),)
    with pytest.raises(DeckError, match="a card before any section"):
        parse_deck("1 Swamp\nCommander\n1 Tymna the Weaver\n")
    with pytest.raises(DeckError, match="no Commander section"):
        parse_deck("Deck\n1 Swamp\n")


def test_2a_one_hundred_cards_with_the_commander_and_at_most_twenty_aside():
    deck = _ub()
    assert deck_problems(deck, "UB") == []
    short = _with(deck, drop=1)
    assert any("99 cards counting the commander" in p for p in deck_problems(short, "UB"))
    side = deck.sideboard + (("Swamp", 1),)
    assert any("21 cards, more than 20" in p
               for p in deck_problems(_with(deck, side=side), "UB"))
    empty = _with(deck, side=())  # rule 4e.ii: a missed sideboard is no sideboard
    assert deck_problems(empty, "UB") == []


def test_2a_singleton_across_all_120_but_basics_and_any_number_cards():
    deck = _ub()
    twice = deck.main[-1][0]
    assert "Swamp" in dict(deck.main) and dict(deck.main)["Swamp"] > 1  # basics repeat
    problems = deck_problems(_with(deck, side=((twice, 1),)), "UB")
    assert any(f"2 cards named {twice!r} across the 120" in p for p in problems)
    rats = _with(deck, drop=20, add=["Relentless Rats"] * 20)
    assert not any("Relentless Rats" in p for p in deck_problems(rats, "UB"))
    commander_twice = _with(deck, drop=1, add=list(deck.commanders))
    assert any("singleton" in p for p in deck_problems(commander_twice, "UB"))


def test_seven_dwarves_allow_seven():
    deck = parse_deck((SHIPPED / "BR.txt").read_text())
    seven = _with(deck, drop=7, add=["Seven Dwarves"] * 7)
    assert not any("Seven Dwarves" in p for p in deck_problems(seven, "BR"))
    eight = _with(deck, drop=8, add=["Seven Dwarves"] * 8)
    assert any("8 cards named 'Seven Dwarves'" in p and "allows 7" in p
               for p in deck_problems(eight, "BR"))


def test_2b_commander_and_every_card_within_the_team_identity():
    deck = _ub()
    not_legendary = _with(deck, commanders=["Shivan Dragon"])
    problems = deck_problems(not_legendary, "UB")
    assert any("'Shivan Dragon' is not a legendary creature" in p for p in problems)
    assert any("the commander identity is R, not the team's UB" in p for p in problems)
    green = _with(deck, drop=1, add=["Llanowar Elves"])
    assert any("'Llanowar Elves' (mainboard) has colours G outside UB" in p
               for p in deck_problems(green, "UB"))
    # the right commander but the wrong team
    assert any("not the team's WU" in p for p in deck_problems(deck, "WU"))


def test_2c_partner_companion_and_background_commanders_are_refused():
    deck = parse_deck((SHIPPED / "UB.txt").read_text())
    for name, mech in [("Tymna the Weaver", "partner"),
                       ("Lurrus of the Dream-Den", "companion"),
                       ("Wilson, Refined Grizzly", "choose a background")]:
        problems = deck_problems(_with(deck, commanders=[name]), "UB")
        assert any(f"commander {name!r} has {mech}" in p and "rule 2c" in p
                   for p in problems), name
    two = _with(deck, commanders=["Tymna the Weaver", "Ishai, Ojutai Dragonspeaker"], drop=1)
    assert any("partners are not allowed this season" in p for p in deck_problems(two, "WUB"))


def test_5_partner_seasons():
    deck = _ub()
    good = _with(deck, commanders=["Tymna the Weaver", "Ishai, Ojutai Dragonspeaker"], drop=1)
    problems = deck_problems(good, "WUB", partners=True)
    assert not any("commander" in p for p in problems), problems
    apart = _with(deck, commanders=["Tymna the Weaver", "Kraum, Ludevic's Opus"], drop=1)
    assert any("share exactly one colour" in p
               for p in deck_problems(apart, "WUBR", partners=True))
    thrasios = _with(deck, commanders=["Thrasios, Triton Hero", "Ishai, Ojutai Dragonspeaker"],
                     drop=1)
    assert any("'Thrasios, Triton Hero' is banned as a commander" in p
               for p in deck_problems(thrasios, "WUG", partners=True))
    single = deck_problems(deck, "UB", partners=True)
    assert any("asks for two commanders" in p for p in single)


def test_2d_teammates_do_not_share_a_commander():
    deck = _ub()
    assert team_problems({"ann": deck, "bob": deck}) == [
        f"'bob' and 'ann' both chose {deck.commanders[0]!r} as commander (rule 2d)"]
    other = parse_deck((SHIPPED / "BR.txt").read_text())
    assert team_problems({"ann": deck, "bob": other}) == []


@pytest.mark.parametrize("card, which", [
    ("Sol Ring", "the Mazerunner bans"),
    ("Mana Vault", "the Mazerunner bans"),
    ("Golos, Tireless Pilgrim", "the Commander ban list"),
    ("Black Lotus", "the Commander ban list"),
    ("Gaea's Cradle", "the Reserved List"),
])
def test_2e_banned_cards_anywhere(card, which):
    deck = _ub()
    problems = deck_problems(_with(deck, side=((card, 1),)), "UB")
    assert any(f"{card!r} (sideboard) is banned: {which}" in p for p in problems), problems


def test_every_problem_at_once_and_unsupported_cards_named():
    deck = _with(_ub(), drop=1, add=["Sol Rign", "Llanowar Elves"])
    with pytest.raises(DeckError) as err:
        check_deck(deck, "UB", playable=True)
    text = str(err.value)
    assert "unknown card 'Sol Rign' (did you mean 'Sol Ring'" in text
    assert "101 cards" in text and "outside UB" in text
    assert len(err.value.problems) >= 3
    from labyrinth_gym.envs.magic.engine.cards import card_pool
    from labyrinth_gym.envs.magic.engine.compiler import compiled_pool

    pool = card_pool()
    name = next(n for n in sorted(compiled_pool().unsupported)
                if n in pool and set(pool[n].colour_identity) == {"U", "B"}
                and not D.banned(n) and "Land" not in pool[n].types)
    unsupported = _with(_ub(), drop=1, add=[name])
    problems = deck_problems(unsupported, "UB", playable=True)
    assert any(p.startswith(f"unsupported card {name!r}: ") for p in problems), problems
    assert deck_problems(unsupported, "UB") == []  # legal, only not playable yet
