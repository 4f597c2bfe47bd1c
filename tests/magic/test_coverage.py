"""``cards coverage``: what the compiler supports, and how many cards need each
mechanism (so a new mechanism's unlocked cards can be counted)."""

from __future__ import annotations

import json

import pytest

from labyrinth_gym.cli import main
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.coverage import coverage, mechanisms


@pytest.mark.parametrize("name, needs", [
    ("Grizzly Bears", set()),
    ("Lightning Bolt", {"DealDamage"}),
    ("Glistener Elf", {"keyword: infect"}),
    ("Bog Wraith", {"keyword: swampwalk"}),
    ("Skinbrand Goblin", {"Pump", "activated from hand", "cost: discard"}),
    # a token's keyword is a mechanism of the card that makes it
    ("Mobilization", {"Anthem", "CreateToken", "keyword: vigilance"}),
])
def test_a_cards_mechanisms_are_what_its_tree_uses(name, needs):
    assert mechanisms(compiled_pool().supported[name]) == needs


def test_each_mechanism_counts_the_supported_cards_that_need_it():
    report = coverage(reasons=3)
    counts = dict(report["mechanisms"])
    cards = compiled_pool().supported.values()
    for label in ("keyword: infect", "DealDamage", "cost: discard", "trigger: dies"):
        assert counts[label] == sum(label in mechanisms(c) for c in cards) > 0
    ordered = [n for _, n in report["mechanisms"]]
    assert ordered == sorted(ordered, reverse=True)


def test_the_cli_lists_mechanisms_and_prints_the_whole_report_as_json(capsys):
    assert main(["cards", "coverage", "--reasons", "0", "--mechanisms", "3"]) == 0
    out = capsys.readouterr().out
    top = coverage(reasons=0)["mechanisms"][:3]
    assert "cards that need each one" in " ".join(out.split())
    for label, n in top:
        assert label in out and f"{n:,}" in out
    assert main(["cards", "coverage", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    pool = compiled_pool()
    assert report["supported"] == len(pool.supported)
    assert sum(n for _, n in report["reasons"]) == len(pool.unsupported)


def test_a_negative_count_is_a_usage_error(capsys):
    assert main(["cards", "coverage", "--mechanisms", "-1"]) == 2
    assert "--mechanisms must be 0 or more" in capsys.readouterr().err
