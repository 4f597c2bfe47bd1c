"""``cards decks DIR``: which decklists load whole, and which cards stop the rest
(a small fixture of decklists in XMage's .dck format and the plain format)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from labyrinth_gym.cli import main
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.deck_report import deck_report
from labyrinth_gym.envs.magic.engine.decklist import parse_decklist

DECKS = Path(__file__).parent / "data" / "decks"


def by_path(report):
    return {d.path: d for d in report["decks"]}


def test_an_xmage_dck_file_reads_its_main_deck_and_sideboard():
    text = (DECKS / "constructed" / "red_burn.dck").read_text()
    deck = parse_decklist(text)
    assert deck.main[:2] == (("Mountain", 20), ("Lightning Bolt", 4))
    assert len(deck) == 40 and deck.sideboard == (("Pyroclasm", 4),)


def test_a_card_named_by_one_face_is_the_whole_card():
    deck = parse_decklist("4 Bonecrusher Giant\n1 Fire // Ice\n")
    assert deck.main == (("Bonecrusher Giant // Stomp", 4), ("Fire // Ice", 1))


def test_each_deck_says_whether_it_loads_and_what_stops_it():
    report = deck_report(DECKS)
    decks = by_path(report)
    assert sorted(decks) == ["commander/white_weenie.dck", "constructed/blue_control.txt",
                             "constructed/broken.dec", "constructed/red_burn.dck"]
    burn = decks["constructed/red_burn.dck"]
    assert burn.whole and (burn.slots, burn.supported) == (40, 40)  # sideboard not played
    control = decks["constructed/blue_control.txt"]
    assert not control.whole and control.slots == 36
    assert control.unknown == {"Zzzz Not A Card": 2}
    assert control.blocking["Morphling"] == 4
    giant = "Bonecrusher Giant // Stomp"
    assert giant in control.blocking or giant in compiled_pool().supported
    assert control.supported == 36 - sum(control.blocking.values()) - 2
    commander = decks["commander/white_weenie.dck"]
    assert commander.commander and commander.slots == 100 and commander.whole
    broken = decks["constructed/broken.dec"]
    assert not broken.whole and broken.slots == 0
    assert broken.problems == ["line 2: cannot read '0 a decklist'"]


def test_the_report_totals_groups_and_ranks_the_missing_cards():
    report = deck_report(DECKS)
    assert report["whole"] == 2
    assert report["slots"] == 40 + 36 + 100
    assert report["groups"]["commander"] == {"decks": 1, "whole": 1, "slots": 100,
                                             "supported": 100}
    missing = {m["card"]: m for m in report["missing"]}
    assert missing["Zzzz Not A Card"]["reason"] == "unknown card"
    assert missing["Morphling"]["decks"] == 1
    assert missing["Morphling"]["slots"] == 4
    ranks = [(-m["decks"], -m["slots"]) for m in report["missing"]]
    assert ranks == sorted(ranks)


def test_the_cli_report_and_its_json(capsys):
    assert main(["cards", "decks", str(DECKS), "--list", "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 of 4 decks load whole" in out
    assert "constructed/red_burn.dck: loads (40 cards)" in out
    assert "constructed/broken.dec: unreadable" in out
    assert "Morphling" in out
    assert main(["cards", "decks", str(DECKS), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["whole"] == 2 and len(data["decks"]) == 4
    assert {d["path"]: d["whole"] for d in data["decks"]}["constructed/red_burn.dck"]


@pytest.mark.parametrize("args, words", [
    (["cards", "decks", "/no/such/folder"], "is not a folder"),
    (["cards", "decks", str(DECKS), "--top", "-1"], "--top must be 0 or more"),
])
def test_user_errors_are_one_line_and_exit_2(args, words, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]


def test_an_empty_folder_is_a_user_error(tmp_path, capsys):
    assert main(["cards", "decks", str(tmp_path)]) == 2
    assert "no decklists" in capsys.readouterr().err
