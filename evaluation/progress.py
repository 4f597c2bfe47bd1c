"""Progress bars for the long commands (``demo``, ``evaluate``, ``benchmark``,
``league``): a person who waits minutes in silence assumes the program hangs.

The library's long functions take an optional ``progress`` callable
(``progress(n, total)``: ``n`` more of ``total`` units done) and know nothing of how it
is shown; the CLI hands them the ``advance`` of a bar from :class:`Bars`. Bars are drawn with rich on the terminal:
on standard output when it is one (result lines print above the bars), else on
standard error, so a piped standard output keeps only the results; with neither a
terminal nothing is drawn at all.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

Advance = Callable[[int, int], None]
"""``advance(n, total)``: ``n`` more of ``total`` units (games, rows, weeks) are done."""


@contextmanager
def no_bar(description: str) -> Iterator[Advance]:
    """A :meth:`Bars.task` that draws nothing (the library functions' default)."""
    yield lambda n, total=None: None


class Bars:
    """One live group of progress bars; each :meth:`task` adds a bar.

    Lines printed with :meth:`print` (or to standard output while the group is live)
    appear above the bars, so a command can report each result as it comes.

    Args:
        enabled: Draw the bars; by default when standard output or standard error is
            a terminal.
        file: Where the bars are drawn (default: see the module docstring).
    """

    def __init__(self, enabled: bool | None = None, file: IO[str] | None = None):
        if file is None:
            file = sys.stdout if sys.stdout.isatty() else sys.stderr
        self.console = Console(file=file)
        self.enabled = self.console.is_terminal if enabled is None else enabled
        # Result lines share the bars' console only when that is standard output.
        self._lines_above = self.enabled and file is sys.stdout
        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            console=self.console,
            disable=not self.enabled,
            redirect_stdout=self._lines_above,
        )

    def __enter__(self) -> Bars:
        self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._progress.stop()

    @contextmanager
    def task(self, description: str, total: int | None = None) -> Iterator[Advance]:
        """A bar while the block runs; yields its ``advance(n, total)`` (the total may
        come with the first call). The bar is removed when the block ends (the result
        line says what it did)."""
        task_id = self._progress.add_task(description, total=total)

        def advance(n: int, total: int | None = None) -> None:
            if total is not None:
                self._progress.update(task_id, total=total)
            self._progress.advance(task_id, n)

        try:
            yield advance
        finally:
            self._progress.remove_task(task_id)

    def print(self, text: str) -> None:
        """A result line on standard output, above the bars when they are drawn there."""
        if self._lines_above:
            self._progress.console.print(text, markup=False, highlight=False,
                                         soft_wrap=True)
        else:
            print(text, flush=True)


__all__ = ["Advance", "Bars", "no_bar"]
