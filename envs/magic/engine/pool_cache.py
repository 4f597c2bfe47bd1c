"""The compiled card pool, cached on disk so that a process's first Magic game starts fast.

Compiling the whole pool takes seconds (every card's text through every template); every
process that plays Magic (an evaluation worker, a server, a test run) needs it. The
result is pickled into the user's cache folder under a key made of everything it depends
on: the card data file's bytes, the source of every module of the engine (templates,
vocabulary, and what the engine can resolve decide what is supported), the engine's
printed-fact data files (``data/*.txt``: back faces' colour indicators) and the Python
version. When any of them changes the key changes and the pool is compiled again; the
stale files are removed. Files are written atomically (a temporary file, then a rename),
so a process reading while another writes sees the old file or the new one, never half.

Where: ``$LABYRINTH_GYM_CACHE_DIR``, else ``$XDG_CACHE_HOME/labyrinth-gym``, else
``~/.cache/labyrinth-gym``. ``LABYRINTH_GYM_CACHE_DIR=off`` turns the cache off. A
cache that cannot be read or written is never an error: the pool is compiled instead.

The cache is the user's own file, written by this code; nothing from a network or a
user's input is ever unpickled here.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from labyrinth_gym.envs.magic.engine.cards import corpus_path

T = TypeVar("T")

PREFIX = "compiled-pool-"
ENGINE_DIR = Path(__file__).resolve().parent


def cache_dir() -> Path | None:
    """The folder the pool is cached in, or None when the cache is turned off."""
    chosen = os.environ.get("LABYRINTH_GYM_CACHE_DIR")
    if chosen is not None:
        return None if chosen.strip().lower() in ("off", "") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "labyrinth-gym"


def pool_key(sources: Iterable[Path] | None = None, data: Path | None = None) -> str:
    """A digest of what the compiled pool depends on (see the module docstring)."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"python {sys.version_info[0]}.{sys.version_info[1]}\n".encode())
    files = (sorted(sources) if sources is not None else
             sorted(ENGINE_DIR.rglob("*.py")) + sorted(ENGINE_DIR.rglob("data/*.txt")))
    for path in files:
        digest.update(f"{path.name}\n".encode())
        digest.update(path.read_bytes())
    with open(data or corpus_path(), "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def load_or_build(build: Callable[[], T], key: str | None = None,
                  folder: Path | None = None) -> T:
    """The cached result for ``key`` (default :func:`pool_key`), or ``build()``'s,
    written to the cache for the next process."""
    folder = folder if folder is not None else cache_dir()
    if folder is None:
        return build()
    key = key or pool_key()
    path = folder / f"{PREFIX}{key}.pickle"
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except FileNotFoundError:
        pass
    except Exception:  # noqa: BLE001 - a damaged cache is rebuilt, never an error
        pass
    result = build()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{PREFIX}", dir=folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(result, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        for stale in folder.glob(f"{PREFIX}*.pickle"):
            if stale != path:
                stale.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only or full disk: the pool was compiled, just not kept
    return result
