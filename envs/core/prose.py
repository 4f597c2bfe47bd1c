"""Events told as English sentences, from one seat's point of view.

Every game's ``prose`` module subclasses :class:`Narrator` with one ``on_<type>``
method per event type its engine logs; :meth:`Narrator.describe` dispatches on the
event's ``type``. A narrator reads the event dict and the game's static data (names of
seats, cards, tiles) only, never the state now: the log is append-only, and a front end
(the terminal player, ``replay``, the server's views, the browser table) tells an event
the same way whenever it shows it.

The seat the sentence is for is "You"; another seat is named by :meth:`Narrator.name`
("Seat 2", "the Labyrinth", "the Rogue"); ``seat`` None tells the referee's record,
naming every seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def base_form(verb: str) -> str:
    """The form of a third-person verb that goes with "you": ``draws`` -> ``draw``,
    ``reaches`` -> ``reach``, ``tries`` -> ``try``, ``has`` -> ``have``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if re.search(r"(ch|sh|ss|x|zz)es$", verb):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def join(items: Iterable[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``; ``nothing`` for no items."""
    words = [str(i) for i in items]
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 cards`` (``many`` for an irregular plural)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def words(key: Any) -> str:
    """An identifier as words: ``"tragic_failure"`` -> ``"tragic failure"``."""
    return str(key).replace("_", " ")


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop (unless it has one)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


class Narrator:
    """Tells one game's events from ``seat``'s point of view (None: the referee's).

    Subclasses add ``on_<type>(event) -> str`` for each event type and may rename the
    seats (:meth:`name`). An event type without a method is still told, as a generic
    sentence from its type (:meth:`fallback`), so a front end never fails on a new
    event; the tests check that every type an engine logs has its own method.
    """

    #: How another seat is called: ``"Seat"`` -> "Seat 2".
    seat_word = "Seat"

    def __init__(self, seat: int | None = None):
        self.seat = seat

    # ------------------------------------------------------------------ seats
    def is_you(self, player: Any) -> bool:
        """True when ``player`` is the seat the sentences are for."""
        return self.seat is not None and player == self.seat

    def name(self, player: int) -> str:
        """Another seat's name as a sentence's subject (``"seat 2"``; capitalised by
        :func:`sentence` when it starts one)."""
        return f"{self.seat_word.lower()} {player}"

    def who(self, player: Any) -> str:
        """``"you"`` for the narrated seat, else the seat's name; ``"nobody"`` for
        None."""
        if player is None:
            return "nobody"
        return "you" if self.is_you(player) else self.name(int(player))

    def whose(self, player: Any) -> str:
        """``"your"`` or ``"seat 2's"``."""
        if self.is_you(player):
            return "your"
        name = self.who(player)
        return name + ("'" if name.endswith("s") else "'s")

    def their(self, player: Any) -> str:
        """The possessive pronoun after ``player`` as a subject: ``"your"`` or
        ``"their"``."""
        return "your" if self.is_you(player) else "their"

    def does(self, player: Any, verb_phrase: str) -> str:
        """``player`` as the subject of ``verb_phrase`` (written for "it"): "You draw a
        card" / "Seat 1 draws a card", as a sentence."""
        if self.is_you(player):
            verb, _, rest = verb_phrase.partition(" ")
            verb_phrase = base_form(verb) + (" " + rest if rest else "")
        return sentence(f"{self.who(player)} {verb_phrase}")

    def seats(self, players: Sequence[Any]) -> str:
        """Several seats: ``"you and seat 2"``."""
        return join(self.who(p) for p in players)

    # --------------------------------------------------------------- telling
    def describe(self, event: dict[str, Any]) -> str:
        """One English sentence (or two) for ``event``."""
        kind = str(event.get("type", "event"))
        method: Callable[[dict[str, Any]], str] | None = getattr(self, "on_" + kind, None)
        try:
            text = method(event) if method is not None else self.fallback(event)
        except (KeyError, TypeError, ValueError, IndexError):
            text = self.fallback(event)
        return sentence(text)

    def fallback(self, event: dict[str, Any]) -> str:
        """A sentence for an event type without its own method: who, then the type in
        words (``"Seat 1: block removed"``)."""
        what = words(event.get("type", "something happened"))
        for key in ("player", "member"):
            if isinstance(event.get(key), int):
                return f"{self.who(event[key])}: {what}"
        return what

    @classmethod
    def told_types(cls) -> set[str]:
        """The event types this narrator has its own sentence for."""
        return {name[3:] for name in dir(cls) if name.startswith("on_")}


def signed(number: int) -> str:
    """A modifier after a roll: ``"+ 2"``, ``"- 1"``, ``"+ 0"``."""
    return f"{'-' if number < 0 else '+'} {abs(number)}"


_NARRATORS: dict[type, Callable[[Any, int | None], Narrator] | None] = {}


def narrator_for(game: Any, seat: int | None) -> Narrator:
    """The narrator of ``game`` for ``seat``: from the ``prose`` module of the game's
    folder (``labyrinth_gym.envs.<game>.prose``, the first class in the game's method
    resolution order whose folder has one, so a format on the Magic engine without its
    own prose is told as Magic), else a plain :class:`Narrator`."""
    cls = type(game)
    if cls not in _NARRATORS:
        _NARRATORS[cls] = _find_narrator(cls)
    make = _NARRATORS[cls]
    return make(game, seat) if make is not None else Narrator(seat)


def _find_narrator(cls: type) -> Callable[[Any, int | None], Narrator] | None:
    import importlib

    for klass in cls.__mro__:
        parts = klass.__module__.split(".")
        if len(parts) < 3 or parts[:2] != ["labyrinth_gym", "envs"]:
            continue
        try:
            module = importlib.import_module(".".join([*parts[:3], "prose"]))
        except ModuleNotFoundError as err:
            if err.name != ".".join([*parts[:3], "prose"]):
                raise
            continue
        return module.narrator
    return None


def square(sq: Sequence[int]) -> str:
    """A board square ``[row, col]`` as ``"row 3, column 5"``."""
    return f"row {sq[0]}, column {sq[1]}"
