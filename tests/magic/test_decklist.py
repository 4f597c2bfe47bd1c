"""Decklists: the text format, and one error listing every problem with its cards."""

from __future__ import annotations

import pytest

from labyrinth_gym.cli import main
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.decklist import (
    MAX_CARDS,
    MAX_COPIES,
    MAX_LINE_LENGTH,
    MAX_LINES,
    Decklist,
    DecklistError,
    load_decklist,
    parse_decklist,
)

GOOD = """# a red-green deck
4 Llanowar Elves
4x Grizzly Bears
Lightning Bolt
// comments like this too
11 Forest
2 Forest

Sideboard:
2 Shock
"""


def test_the_format():
    deck = parse_decklist(GOOD)
    assert deck.main == (("Llanowar Elves", 4), ("Grizzly Bears", 4), ("Lightning Bolt", 1),
                         ("Forest", 13))
    assert deck.sideboard == (("Shock", 2),)
    assert len(deck) == 22
    assert deck.cards()[:5] == ["Llanowar Elves"] * 4 + ["Grizzly Bears"]


def test_commander_section_headers_read_as_sections():
    """A Mazerunner (Commander) list's ``Commander`` and ``Deck`` lines are headers, not
    cards: the commander counts with the sideboard, as XMage's ``SB:`` line does."""
    deck = parse_decklist("Commander\n1 Tymna the Weaver\nDeck\n2 Swamp\n"
                          "Sideboard:\n1 Duress\n")
    assert deck.main == (("Swamp", 2),)
    assert deck.sideboard == (("Tymna the Weaver", 1), ("Duress", 1))


def test_loading_gives_compiled_cards_in_order(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(GOOD)
    cards = load_decklist(path)
    assert len(cards) == 22
    assert cards[0] is compiled_pool().supported["Llanowar Elves"]
    assert load_decklist(GOOD) == cards  # text works as well as a path


def test_every_unknown_and_unsupported_card_is_listed_at_once():
    text = ("4 Lightning Blot\n2 Morphling\n3 Grizzly Bears\n"
            "1 Zzzzqqq Nothing Like A Card\n\nSideboard\n1 Fire // Ice\n")
    with pytest.raises(DecklistError) as info:
        load_decklist(text)
    problems = info.value.problems
    assert len(problems) == 4, problems
    assert problems[0].startswith("unknown card 'Lightning Blot'")
    assert "'Lightning Bolt'" in problems[0]  # a close spelling
    assert problems[1] == ("unsupported card 'Morphling': engine: more than "
                           "4 activated abilities")
    assert problems[2] == "unknown card 'Zzzzqqq Nothing Like A Card'"  # nothing close
    assert problems[3].startswith("unsupported card 'Fire // Ice'")  # sideboard too
    assert "4 problem(s)" in str(info.value)


def test_a_name_in_the_wrong_case_is_pointed_at():
    with pytest.raises(DecklistError, match="did you mean 'Grizzly Bears'"):
        load_decklist("4 grizzly bears\n1 Forest\n")


@pytest.mark.parametrize("text, line", [("0 Forest", "line 1: cannot read '0 Forest'"),
                                        ("4 Forest\n\n00 Shock", "line 3: cannot read '00 Shock'")])
def test_unreadable_lines_are_named(text, line):
    with pytest.raises(DecklistError, match=line):
        parse_decklist(text)


def test_decklist_equality_is_by_content():
    assert parse_decklist("2 Forest\n") == Decklist((("Forest", 2),))


# ---------------------------------------------------------------- the CLI
def test_cards_show_prints_the_tree(capsys):
    assert main(["cards", "show", "Shock"]) == 0
    out = capsys.readouterr().out
    assert '"DealDamage"' in out and '"amount": 2' in out and '"any"' in out


@pytest.mark.parametrize("name, words", [("Shokc", ["unknown card", "'Shock'"]),
                                         ("Morphling", ["unsupported card"])])
def test_cards_show_explains_a_card_it_cannot_show(name, words, capsys):
    assert main(["cards", "show", name]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("labyrinth-gym: error: ")
    assert all(w in err[0] for w in words)


def test_cards_coverage_counts_match_the_pool(capsys):
    assert main(["cards", "coverage", "--reasons", "3"]) == 0
    out = capsys.readouterr().out
    pool = compiled_pool()
    total = len(pool.supported) + len(pool.unsupported)
    assert f"supported cards: {len(pool.supported):,} of {total:,}" in out
    assert "Creature" in out and "Instant" in out and "reason" in out


# ------------------------------------------------------------- size bounds
def test_a_huge_count_is_refused_before_anything_is_expanded():
    """``100000000000 Mountain`` once allocated names until MemoryError."""
    with pytest.raises(DecklistError) as info:
        load_decklist("100000000000 Mountain\n20 Forest\n")
    assert info.value.problems == [
        "line 1: 100,000,000,000 copies of 'Mountain', at most 250 on a line"]


def test_every_size_problem_is_listed_at_once():
    text = ("251 Mountain\n0 Forest\n" + "1 " + "x" * 300 + "\n"
            + "250 Island\n" * 4 + "Sideboard\n10 Shock\n")
    with pytest.raises(DecklistError) as info:
        parse_decklist(text)
    assert info.value.problems == [
        f"line 1: 251 copies of 'Mountain', at most {MAX_COPIES} on a line",
        "line 2: cannot read '0 Forest'",
        f"line 3: longer than {MAX_LINE_LENGTH} characters",
        f"1,010 cards in all, at most {MAX_CARDS:,}",  # the sideboard counts too
    ]


def test_the_bounds_themselves_are_allowed():
    text = "250 Island\n" * 4 + "\n" * (MAX_LINES - 4)
    assert len(parse_decklist(text)) == MAX_CARDS


@pytest.mark.parametrize("text, words", [
    ("1 Forest\n" * (MAX_LINES + 1), f"1,001 lines, at most {MAX_LINES:,}"),
    ("Forest" * 10**6, "characters"),
])
def test_too_many_lines_or_characters_are_refused_at_once(text, words):
    with pytest.raises(DecklistError) as info:
        parse_decklist(text)
    assert len(info.value.problems) == 1 and words in info.value.problems[0]


def test_the_other_formats_read_their_lines_within_the_same_bounds():
    from labyrinth_gym.envs.arcane_labyrinth.engine.decks import parse_sections
    from labyrinth_gym.envs.mazerunner.decks import DeckError, parse_deck

    with pytest.raises(DeckError, match="100,000,000,000 copies of 'Mountain'"):
        parse_deck("Commander\n1 Niv-Mizzet, Parun\nDeck\n100000000000 Mountain\n")
    with pytest.raises(DeckError, match="1,001 lines"):
        parse_deck("Commander\n" + "1 Island\n" * MAX_LINES)
    with pytest.raises(DecklistError, match="1,001 lines"):
        parse_sections("hero\n" + "# a comment\n" * MAX_LINES, "kit", ("hero",))


def test_the_free_for_all_refuses_a_huge_count_and_short_decks(tmp_path, capsys):
    from labyrinth_gym.envs import magic

    huge = tmp_path / "huge.txt"
    huge.write_text("100000000000 Mountain\n")
    with pytest.raises(DecklistError, match="copies of 'Mountain'"):
        magic.raw_env(decks=[str(huge), "red_burn"])
    argv = ["evaluate", "magic", "--games", "1", "--out", str(tmp_path / "out"),
            "--kw", f'decks=["{huge}", "red_burn"]']
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "100,000,000,000 copies" in err[0]

    short = [["Forest"] * 40, "red_burn", ["Mountain"] * 59]
    with pytest.raises(ValueError) as info:
        magic.raw_env(num_players=3, decks=short)
    assert str(info.value) == ("decks must have at least 60 cards (min_deck_size): "
                               "seat 0 has 40; seat 2 has 59")
    env = magic.raw_env(num_players=3, decks=short, min_deck_size=40)
    assert len(env.game.library[0]) + len(env.game.hand[0]) == 40
    with pytest.raises(ValueError, match="seat 2 has 59"):
        magic.raw_env(num_players=3, decks=short, min_deck_size=60.0)
