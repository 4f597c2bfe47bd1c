"""Shared test helpers: scripted dice and fixed maze party positions.

Rule tests need to know every die the engine rolls, so they replace ``game.dice`` with
:class:`ScriptedDice`, which serves results from a list (and fails loudly if the engine
asks for a die the test did not script) and records every call.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from labyrinth_gym.envs.maze_party.engine import game as game_module
from labyrinth_gym.envs.maze_party.engine.cards import EMPTY, UNKNOWN
from labyrinth_gym.envs.maze_party.engine.game import MazePartyGame


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: takes more than a minute")
    # pytest-xdist's own marker, declared here too so that a run without xdist knows it
    config.addinivalue_line(
        "markers", "xdist_group(name): run these tests on one pytest-xdist worker")


_SHARED_FIXTURE = re.compile(r"""scope=["'](class|module|package|session)["']""")
_GROUP_MARK = re.compile(r"""^pytestmark = pytest\.mark\.xdist_group\(["'](\w+)["']\)""", re.M)


@functools.cache
def _work_unit(root: Path, path: str) -> str | None:
    """The group a test file's tests go to one worker as: its module-level
    ``xdist_group`` mark's name, else the file itself when it defines a fixture wider
    than a function (a server, a browser, a built wheel, a benchmark run: built once,
    not once per worker), else None (its tests are handed out one by one)."""
    try:
        text = (root / path).read_text()
    except OSError:
        return None
    mark = _GROUP_MARK.search(text)
    if mark:
        return mark.group(1)
    return path if _SHARED_FIXTURE.search(text) else None


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``make test`` runs the suite on every core (``pytest -n auto --dist loadgroup``).
    pytest-xdist 3.8's own loadgroup cannot name groups under pytest 9.2 (it renames
    node ids, which pytest 9.2 no longer allows): this scheduler groups by test file
    instead (see :func:`_work_unit`), the biggest groups handed out first. The tests
    that start Ray share the group "ray": the two-node test checks that no Ray process
    outlives it, which a local Ray instance started by another worker would break."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    root = config.rootpath

    class FileGroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _work_unit(root, nodeid.split("::", 1)[0]) or nodeid

    return FileGroupScheduling(config, log)


class ScriptedDice:
    """A stand-in for :class:`labyrinth_gym.envs.core.dice.Dice` with scripted results.

    ``values`` are consumed in order by :meth:`roll` (a face), :meth:`index` (an index)
    and :meth:`random` (a float). :meth:`d20` rolls like the real ``Dice.d20``: one
    scripted d20, or two when ``advantage`` is non-zero. :meth:`shuffle` leaves the
    list in its order (so a test knows where every card is) and is only recorded.
    ``calls`` lists ``(method, argument, result)`` for every call.
    """

    def __init__(self, values: Iterable[Any] = ()):
        self.values = list(values)
        self.calls: list[tuple[str, Any, Any]] = []

    def _next(self, what: str, arg: Any) -> Any:
        if not self.values:
            raise AssertionError(
                f"the engine asked for {what}({arg}) but the script is used up; "
                f"calls so far: {self.calls}"
            )
        return self.values.pop(0)

    def random(self) -> float:
        u = float(self._next("random", None))
        self.calls.append(("random", None, u))
        return u

    def roll(self, sides: int) -> int:
        face = int(self._next("roll", sides))
        if not 1 <= face <= sides:
            raise AssertionError(f"scripted {face} on a d{sides}; calls so far: {self.calls}")
        self.calls.append(("roll", sides, face))
        return face

    def roll_many(self, count: int, sides: int) -> list[int]:
        return [self.roll(sides) for _ in range(count)]

    def d20(self, advantage: int = 0) -> int:
        a = self.roll(20)
        if advantage == 0:
            return a
        b = self.roll(20)
        return max(a, b) if advantage > 0 else min(a, b)

    def index(self, n: int) -> int:
        i = int(self._next("index", n))
        if not 0 <= i < n:
            raise AssertionError(f"scripted index {i} of {n}; calls so far: {self.calls}")
        self.calls.append(("index", n, i))
        return i

    def shuffle(self, items: list) -> None:
        self.calls.append(("shuffle", len(items), list(items)))

    def copy(self) -> ScriptedDice:
        return copy.deepcopy(self)

    def state(self) -> dict[str, Any]:
        return {"scripted": list(self.values)}

    # ------------------------------------------------------------ inspection
    def rolls(self, sides: int | None = None) -> list[int]:
        """Faces rolled so far (of ``sides``-sided dice only, if given)."""
        return [r for m, s, r in self.calls if m == "roll" and (sides is None or s == sides)]

    @property
    def used_up(self) -> bool:
        return not self.values


def rebalance(game: MazePartyGame) -> None:
    """Make ``added``/``removed`` agree with the piles a test set by hand.

    Afterwards ``game.card_counts() == game.expected_counts()``, so a rule test can also
    check that the rule it exercises conserves cards.
    """
    counts = game.card_counts()
    game.added = [max(0, counts[k] - game.maze.cards[k]) for k in range(4)]
    game.removed = [max(0, game.maze.cards[k] - counts[k]) for k in range(4)]


def set_position(
    game: MazePartyGame,
    *,
    deck: list[int] | None = None,
    river: list[int] | None = None,
    stuck: list[bool] | None = None,
    discard: list[int] | None = None,
    dice: Iterable[Any] | None = None,
) -> MazePartyGame:
    """Replace piles (deck top = last item; all cards unknown to the party) and dice."""
    piles = game.piles
    if deck is not None:
        piles.deck = list(deck)
        piles.deck_known = [UNKNOWN] * len(deck)
    if river is not None:
        piles.river = list(river)
        piles.river_known = [False, False, False]
        piles.stuck = list(stuck) if stuck is not None else [False, False, False]
        for i in range(3):
            if piles.river[i] == EMPTY:
                piles.stuck[i] = False
    if discard is not None:
        piles.discard = list(discard)
        piles.discard_known = [UNKNOWN] * len(discard)
    if dice is not None:
        game.dice = ScriptedDice(dice)
    rebalance(game)
    game._legal = None
    return game


@pytest.fixture
def scripted() -> type[ScriptedDice]:
    """The :class:`ScriptedDice` class."""
    return ScriptedDice


@pytest.fixture
def position() -> Callable[..., MazePartyGame]:
    """``position(party=..., maze=..., deck=..., river=..., stuck=..., discard=...,
    dice=[...], seed=0, max_turns=200)``: a new game at its first action phase with the
    given piles; ``game.dice`` is a :class:`ScriptedDice` holding ``dice`` (none by
    default, so any roll the test did not script fails)."""

    def make(
        party: tuple[str, ...] | int = ("fighter",),
        maze: str = "enchanted_forest",
        seed: int = 0,
        max_turns: int = 200,
        **piles: Any,
    ) -> MazePartyGame:
        game = MazePartyGame.new(seed, maze=maze, party=party, max_turns=max_turns)
        piles.setdefault("dice", [])
        return set_position(game, **piles)

    return make


@pytest.fixture
def scripted_new() -> Callable[..., MazePartyGame]:
    """``scripted_new(values, **kwargs)``: ``MazePartyGame.new`` with scripted dice from
    the very first roll (deck shuffle left in order, initiative, action removal)."""

    def make(values: Iterable[Any], **kwargs: Any) -> MazePartyGame:
        dice = ScriptedDice(values)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(game_module, "Dice", lambda rng=None: dice)
            return MazePartyGame.new(0, **kwargs)

    return make
