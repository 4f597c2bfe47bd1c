"""The compiled pool's disk cache: written once, read back, rebuilt when what it depends
on changes, never an error when damaged or unwritable."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

from labyrinth_gym.envs.magic.engine import pool_cache
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool


def build_counter():
    calls = []

    def build():
        calls.append(1)
        return {"built": len(calls)}

    return build, calls


def test_the_first_process_builds_and_the_next_reads(tmp_path):
    build, calls = build_counter()
    assert pool_cache.load_or_build(build, "k1", tmp_path) == {"built": 1}
    assert pool_cache.load_or_build(build, "k1", tmp_path) == {"built": 1}
    assert calls == [1]
    assert [p.name for p in tmp_path.iterdir()] == ["compiled-pool-k1.pickle"]


def test_a_new_key_rebuilds_and_removes_the_stale_file(tmp_path):
    build, calls = build_counter()
    pool_cache.load_or_build(build, "old", tmp_path)
    assert pool_cache.load_or_build(build, "new", tmp_path) == {"built": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["compiled-pool-new.pickle"]


def test_a_damaged_file_is_rebuilt_and_replaced(tmp_path):
    (tmp_path / "compiled-pool-k.pickle").write_bytes(b"not a pickle")
    build, calls = build_counter()
    assert pool_cache.load_or_build(build, "k", tmp_path) == {"built": 1}
    with open(tmp_path / "compiled-pool-k.pickle", "rb") as fh:
        assert pickle.load(fh) == {"built": 1}


def test_an_unwritable_folder_still_gives_the_result(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder would be")
    build, calls = build_counter()
    assert pool_cache.load_or_build(build, "k", blocker / "cache") == {"built": 1}


def test_the_key_follows_the_engine_source_and_the_card_data(tmp_path):
    source = tmp_path / "templates.py"
    data = tmp_path / "corpus.json"
    source.write_text("A = 1\n")
    data.write_text("[]")
    first = pool_cache.pool_key([source], data)
    assert pool_cache.pool_key([source], data) == first
    source.write_text("A = 2\n")
    changed_source = pool_cache.pool_key([source], data)
    data.write_text("[{}]")
    assert len({first, changed_source, pool_cache.pool_key([source], data)}) == 3


def test_the_cache_can_be_turned_off_or_moved(monkeypatch, tmp_path):
    monkeypatch.setenv("LABYRINTH_GYM_CACHE_DIR", "off")
    assert pool_cache.cache_dir() is None
    build, calls = build_counter()
    pool_cache.load_or_build(build)
    pool_cache.load_or_build(build)
    assert calls == [1, 1]
    monkeypatch.setenv("LABYRINTH_GYM_CACHE_DIR", str(tmp_path))
    assert pool_cache.cache_dir() == tmp_path
    monkeypatch.delenv("LABYRINTH_GYM_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert pool_cache.cache_dir() == tmp_path / "labyrinth-gym"


def test_a_second_process_reads_the_same_pool_from_the_cache(tmp_path):
    """The real pool, compiled in one process and read in another, is the same pool."""
    script = ("import pickle, sys\n"
              "from labyrinth_gym.envs.magic.engine import compiler\n"
              "pool = compiler.compiled_pool()\n"
              "compiler.compile_pool = None\n"  # the second process must not compile
              "sys.stdout.buffer.write(pickle.dumps(sorted(pool.supported)))\n")
    env = {**os.environ, "LABYRINTH_GYM_CACHE_DIR": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", script.replace(
        'compiler.compile_pool = None\n', '')], env=env, capture_output=True, check=True)
    second = subprocess.run([sys.executable, "-c", script], env=env,
                            capture_output=True, check=True)
    names = pickle.loads(second.stdout)
    assert names == pickle.loads(first.stdout) == sorted(compiled_pool().supported)
    assert len(list(tmp_path.glob("compiled-pool-*.pickle"))) == 1
