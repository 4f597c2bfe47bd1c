"""Reading a user's file named in a game argument, and refusing to where none may be.

Some game arguments take a file path as well as a shipped name or inline text (a
Magic decklist, an Arcane Labyrinth Hero kit). That is right for Python and the CLI,
where the user owns the machine, and wrong for the game server, where the argument
comes from the network: a path there would read the server's files (and an error
would echo their lines). The server builds games inside :func:`no_files`; there
:func:`read_user_file` refuses every path with :class:`PathRefusedError`, before the
file system is touched, so not even whether a file exists leaks.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

_FILES_ALLOWED: ContextVar[bool] = ContextVar("labyrinth_gym_files_allowed",
                                              default=True)


class PathRefusedError(ValueError):
    """A game argument named a file where no file may be read (the game server).

    Attributes:
        argument: The game argument that named it (``"decks"``, ``"hero"``).
    """

    def __init__(self, argument: str, what: str):
        super().__init__(f"{argument}: a file path is not accepted here; give {what}")
        self.argument = argument


@contextmanager
def no_files() -> Iterator[None]:
    """Within the block (this thread or task), game arguments read no file."""
    token = _FILES_ALLOWED.set(False)
    try:
        yield
    finally:
        _FILES_ALLOWED.reset(token)


def files_allowed() -> bool:
    """False inside :func:`no_files`."""
    return _FILES_ALLOWED.get()


def read_user_file(path: str | Path, argument: str, what: str) -> str:
    """The text of the file ``path`` that game argument ``argument`` names.

    Args:
        path: The path the user gave.
        argument: The game argument's name, for the error.
        what: What the argument takes instead of a path, for the error
            (``"a shipped deck's name or the list of cards"``).

    Raises:
        PathRefusedError: Inside :func:`no_files`.
        OSError: The file cannot be read (missing, a folder, a name too long).
    """
    if not files_allowed():
        raise PathRefusedError(argument, what)
    return Path(path).read_text(encoding="utf-8")


def user_file_exists(path: str | Path, argument: str, what: str) -> bool:
    """Whether ``path`` is a file; inside :func:`no_files` a refusal instead (the
    question itself would tell a client what the server holds)."""
    if not files_allowed():
        raise PathRefusedError(argument, what)
    try:
        return Path(path).is_file()
    except OSError:  # a name too long for the file system is no file
        return False


__all__ = ["PathRefusedError", "files_allowed", "no_files", "read_user_file",
           "user_file_exists"]
