"""Convert a run saved before ``policy.pt`` existed (its card has no ``network``):
``python -m labyrinth_gym.training.convert DIR [DIR...]``.

Such a run has only SB3's ``model.zip``, which is unpickled when loaded, so players
refuse it (:class:`~labyrinth_gym.agents.learned.LearnedAgent` says to run this).
Conversion loads it once with SB3 (only for runs you trust), writes the actor's
weights as the tensors-only ``policy.pt`` and adds the card's ``network``
(:mod:`labyrinth_gym.agents.checkpoint_io`), both atomically. The shipped
checkpoints were converted so: same weights, same play.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from labyrinth_gym.agents.checkpoint_io import (
    MODEL_FILE,
    CheckpointError,
    check_card_fields,
    read_card,
    save_policy,
    write_json,
)


def convert_checkpoint(folder: str | Path) -> Path:
    """Give a run saved before ``policy.pt`` existed its tensors-only policy: load its
    ``model.zip`` with SB3 (this unpickles it, so only for runs you trust), write
    ``policy.pt`` beside it and the ``network`` section into its ``card.json`` (the
    rest of the card kept, field order too); return the weights file's path."""
    import torch
    from sb3_contrib import MaskablePPO

    folder = Path(folder)
    card_file, zip_file = folder / "card.json", folder / MODEL_FILE
    for file in (card_file, zip_file):
        if not file.is_file():
            raise FileNotFoundError(f"no {file.name} in {folder}")
    card = read_card(card_file)
    torch.set_num_threads(1)
    try:
        model = MaskablePPO.load(str(zip_file), device="cpu")
    except Exception as err:  # a truncated or foreign zip: SB3 raises many kinds
        raise CheckpointError(f"{zip_file} does not load ({type(err).__name__}: "
                              f"{err})") from err
    network = save_policy(model.policy, folder)
    # the network right after the spaces it must fit, not after the long eval record
    after = "interface" if "interface" in card else "action_n"
    new: dict[str, Any] = {}
    for key, value in card.items():
        if key != "network":
            new[key] = value
        if key == after:
            new["network"] = network
    check_card_fields(new, str(card_file))
    write_json(card_file, new)
    return folder / network["file"]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m labyrinth_gym.training.convert DIR...``: convert old runs
    (:func:`convert_checkpoint`); a user error is one line and exit code 2."""
    folders = list(sys.argv[1:] if argv is None else argv)
    if not folders or any(f.startswith("-") for f in folders):
        print("usage: python -m labyrinth_gym.training.convert DIR [DIR...]\n"
              "writes policy.pt (and the card's network) from each run's model.zip",
              file=sys.stderr)
        return 2
    for folder in folders:
        try:
            print(f"wrote {convert_checkpoint(folder)}")
        except (ValueError, OSError) as err:
            print(f"convert: error: {' '.join(str(err).split())}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
