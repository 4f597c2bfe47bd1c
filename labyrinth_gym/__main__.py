"""``python -m labyrinth_gym``: the same as the ``labyrinth-gym`` command."""

from __future__ import annotations

import sys

from labyrinth_gym.cli import main

if __name__ == "__main__":  # spawned worker processes re-import this module
    sys.exit(main())
