"""Decklists: the text format, and one error listing every problem with its cards."""

from __future__ import annotations

import pytest

from labyrinth_gym.cli import main
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.decklist import (
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


def test_loading_gives_compiled_cards_in_order(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(GOOD)
    cards = load_decklist(path)
    assert len(cards) == 22
    assert cards[0] is compiled_pool().supported["Llanowar Elves"]
    assert load_decklist(GOOD) == cards  # text works as well as a path


def test_every_unknown_and_unsupported_card_is_listed_at_once():
    text = ("4 Lightning Blot\n2 Jace, the Mind Sculptor\n3 Grizzly Bears\n"
            "1 Zzzzqqq Nothing Like A Card\n\nSideboard\n1 Fire // Ice\n")
    with pytest.raises(DecklistError) as info:
        load_decklist(text)
    problems = info.value.problems
    assert len(problems) == 4, problems
    assert problems[0].startswith("unknown card 'Lightning Blot'")
    assert "'Lightning Bolt'" in problems[0]  # a close spelling
    assert problems[1] == ("unsupported card 'Jace, the Mind Sculptor': look at the top card "
                           "of target player's library.")
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
                                         ("Jace, the Mind Sculptor", ["unsupported card"])])
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
