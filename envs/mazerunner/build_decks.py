"""Build the shipped Mazerunner decks from the cards the engine supports.

    python -m labyrinth_gym.envs.mazerunner.build_decks [--seed 0] [--per-identity 4] [IDENTITY ...]

For each two-colour identity (default: WU, UB, BR, RG, the example season's teams) it
writes ``--per-identity`` decks (default 4, so that a team of four has four different
commanders, rule 2d): ``data/decks/<identity>.txt`` and ``<identity>-2.txt``... Deck
``k`` has the ``k``-th commander (by name) among the supported legendary creatures of
exactly that identity with no rule-2c mechanic and no ban, then
37 basic lands split between the two colours and 62 spells drawn with the seed from
the supported, unbanned non-land cards within the identity: 34 creatures and 28 other
spells, spread over the mana curve (mana values 1-2, 3, 4, 5-6 in the proportions
3:3:2:1; nothing above 6). Every deck is then checked with
:func:`~labyrinth_gym.envs.mazerunner.decks.check_deck` (``playable=True``). The decks
are plain, playable and legal, not tuned: a starting point for agents and seasons.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from labyrinth_gym.envs.magic.engine.cards import card_pool
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.mazerunner.decks import (
    DATA,
    PARTNER_KEYWORDS,
    banned,
    can_be_commander,
    check_deck,
    normal_identity,
)

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
LANDS = 37
CREATURES = 34
OTHERS = 28
CURVE = ((1, 2, 3), (3, 3, 3), (4, 4, 2), (5, 6, 1))  # (low, high, weight)


def _curve_pick(names, count, mv, rng):
    """``count`` names spread over :data:`CURVE` by its weights."""
    buckets = [[n for n in names if lo <= mv[n] <= hi] for lo, hi, _ in CURVE]
    weights = np.array([w for _, _, w in CURVE], dtype=float)
    wanted = np.floor(weights / weights.sum() * count).astype(int)
    wanted[0] += count - wanted.sum()
    picked = []
    for bucket, n in zip(buckets, wanted, strict=True):
        order = [bucket[i] for i in rng.permutation(len(bucket))]
        picked += order[:n]
    rest = [n for n in names if n not in picked and 1 <= mv[n] <= 6]
    rest = [rest[i] for i in rng.permutation(len(rest))]
    picked += rest[: count - len(picked)]
    if len(picked) < count:
        raise ValueError(f"only {len(picked)} cards for {count} slots")
    return picked


def deck_name(identity: str, index: int = 0) -> str:
    """``WU`` for an identity's first deck, ``WU-2`` for its second..."""
    return normal_identity(identity) + (f"-{index + 1}" if index else "")


def build(identity: str, seed: int = 0, index: int = 0) -> str:
    """The decklist text of ``identity``'s deck number ``index`` (from 0)."""
    identity = normal_identity(identity)
    team = set(identity)
    pool, compiled = card_pool(), compiled_pool()
    rng = np.random.default_rng([seed, *map(ord, identity), *([index] if index else [])])
    supported = sorted(n for n in compiled.supported if n in pool and not banned(n))
    commanders = [
        n for n in supported
        if can_be_commander(pool[n]) and set(pool[n].colour_identity) == team
        and not any(k in PARTNER_KEYWORDS for k in pool[n].keywords)
    ]
    if len(commanders) <= index:
        raise ValueError(f"identity {identity} has {len(commanders)} supported "
                         f"commanders, not {index + 1}")
    commander = commanders[index]
    spells = [n for n in supported if n != commander
              and set(pool[n].colour_identity) <= team and pool[n].colour_identity
              and "Land" not in pool[n].types]
    mv = {n: pool[n].mana_value for n in spells}
    creatures = [n for n in spells if "Creature" in pool[n].types]
    others = [n for n in spells if "Creature" not in pool[n].types]
    deck = sorted(_curve_pick(creatures, CREATURES, mv, rng)) + sorted(
        _curve_pick(others, OTHERS, mv, rng))
    colours = sorted(team, key="WUBRG".index)
    split = [LANDS // len(colours) + (1 if i < LANDS % len(colours) else 0)
             for i in range(len(colours))]
    lines = [
        f"# Mazerunner deck {deck_name(identity, index)}, identity {identity}: built by "
        f"labyrinth_gym.envs.mazerunner.build_decks (seed {seed}) from the cards the",
        "# engine supports; legal (rule 2) and playable, not tuned.",
        "Commander", f"1 {commander}", "Deck",
        *(f"{n} {BASICS[c]}" for c, n in zip(colours, split, strict=True)),
        *(f"1 {n}" for n in deck),
        "Sideboard",
    ]
    side_pool = [n for n in spells if n not in deck and 1 <= mv[n] <= 6]
    side = sorted(side_pool[i] for i in rng.permutation(len(side_pool))[:20])
    lines += [f"1 {n}" for n in side]
    text = "\n".join(lines) + "\n"
    check_deck(text, identity, playable=True, source=f"deck {deck_name(identity, index)}")
    return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("identities", nargs="*", default=["WU", "UB", "BR", "RG"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-identity", type=int, default=4)
    parser.add_argument("--out", type=Path, default=DATA / "decks")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for identity in args.identities:
        for index in range(args.per_identity):
            path = args.out / f"{deck_name(identity, index)}.txt"
            path.write_text(build(identity, args.seed, index))
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
