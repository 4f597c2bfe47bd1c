"""Arcane Labyrinth game state -> the player's observation vector.

The player (seat 0, :data:`~labyrinth_gym.envs.arcane_labyrinth.engine.game.HERO`) is
the only seat that ever acts, so there is one view: the Magic observation of seat 0
(:func:`labyrinth_gym.envs.magic.encoding.encode`, layout in
:mod:`labyrinth_gym.envs.magic.encoding`; relative seat 1 is the Labyrinth) followed by
the *Arcane block*, what this format adds. Everything in it is public: the Labyrinth's
library order and the shop deck's order stay hidden (only their sizes are shown), the
Hero and the final boss are known from the start.

The Magic block's decision one-hot does not know this format's decisions; while one
of them is asked, the Magic block's decision one-hot is all zero, its ``to_act`` is
set, and the Arcane block's ``decision_*`` one-hot says which. During ``shop_land``
the lands already chosen to pay have the Magic permanent row's ``chosen`` flag set.

Layout (``float32``, every value in [-1, 1]):

| block       | rows x width                  | content                              |
|-------------|-------------------------------|--------------------------------------|
| magic       | :data:`MAGIC_OBS_SIZE`        | the Magic observation of seat 0      |
| arcane      | 1 x :data:`ARCANE_SIZE`       | :data:`ARCANE_FEATURES`              |
| hero        | 1 x (1 + card)                | present, then the Hero's card        |
| boss        | 1 x (1 + card)                | present, then the final boss's card  |
| shop        | 3 x (1 + card)                | present, then revealed shop card     |
|             |                               | ``i`` (row ``i`` is what "buy shop   |
|             |                               | card ``i``" = mode ``i`` addresses)  |

"card" is :data:`~labyrinth_gym.envs.magic.encoding.CARD_SIZE` features of
:func:`~labyrinth_gym.envs.magic.encoding.card_features` (cached per card definition
in the Magic module's shared table). Offsets: :data:`O_ARCANE`, :data:`O_HERO`,
:data:`O_BOSS`, :data:`O_SHOP`; :data:`ARCANE` maps a feature name to its index in
the Arcane block (add :data:`O_ARCANE` for the index in the observation), and
:class:`ArcaneObs` reads a vector back by name.

The kit and Labyrinth one-hots are over the decklists the v3 observation was fixed
with (:data:`HERO_KITS`, :data:`LABYRINTHS`: three kits and two Labyrinths) plus an
``other`` slot for any other kit or Labyrinth: one read from a file, or one shipped
since (:func:`~labyrinth_gym.envs.arcane_labyrinth.engine.decks.heroes`,
:func:`~labyrinth_gym.envs.arcane_labyrinth.engine.decks.labyrinths` list them all), so
shipping a deck keeps :data:`OBS_SIZE` and the trained policies. Giving the newer ones
a slot of their own changes :data:`OBS_SIZE` (bump the env's version).
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.arcane_labyrinth.engine.game import (
    CUSTOM_DECISIONS,
    HERO,
    LAB,
    SAFE_TURNS,
    ArcaneGame,
)
from labyrinth_gym.envs.magic import encoding as M
from labyrinth_gym.envs.magic.encoding import CARD_SIZE, card_features
from labyrinth_gym.envs.magic.engine import actions as A

HERO_KITS: tuple[str, ...] = ("black_necromancer", "red_green_warlord", "white_knight")
"""The Hero kits with a ``kit_*`` slot of their own, in its order (the kits shipped when
the v3 observation was fixed; the env draws among these when no kit is given)."""
LABYRINTHS: tuple[str, ...] = ("drowned_crypt", "goblin_warrens")
"""The Labyrinths with a ``labyrinth_*`` slot of their own, in its order (likewise)."""
ENCOUNTERS = ("none", "tragic_failure", "evaded", "loot", "mythic")
"""Buckets of the last encounter's d20: none yet, 1-6, 7-15, 16-19, 20."""
SHOP_ROWS = 3

ARCANE_FEATURES: tuple[str, ...] = (
    "round", "safe_turns_left", "lab_turn", "reveals_left",
    "lab_library", "lab_graveyard", "lab_exile",
    "boss_arrived", "boss_on_battlefield", "boss_buff",
    "shop_size", "shop_opens",
    *(f"decision_{d}" for d in CUSTOM_DECISIONS),
    *(f"buying_{i}" for i in range(SHOP_ROWS)), "lands_chosen",
    *(f"encounter_{e}" for e in ENCOUNTERS), "next_encounter",
    "entropy_draw", "entropy_active", "desperation", "desperation_active",
    "hero_exhausted",
    *(f"kit_{k}" for k in HERO_KITS), "kit_other",
    *(f"labyrinth_{k}" for k in LABYRINTHS), "labyrinth_other",
)
"""The Arcane block, in order:

- ``round``: the round / :data:`ROUND_SCALE` (60, capped at 1: a fixed scale whatever
  ``max_turns`` is, so the boss's buff thresholds at rounds 10 and 15 read the same);
  ``safe_turns_left``: safe turns after this round (``arcane_view()``'s: 3 - round,
  at least 0) / 3; ``lab_turn``: it is the Labyrinth's turn; ``reveals_left``: reveals still to come this Labyrinth turn / 3 (capped).
- ``lab_library``: the Labyrinth's library / 100, the boss not counted
  (``lab_library_size()``); ``lab_graveyard``, ``lab_exile``: its zone sizes / 100.
- ``boss_arrived`` (at least once), ``boss_on_battlefield``, ``boss_buff``: its
  +N/+N / 10 while it is on the battlefield.
- ``shop_size``: cards in the shop deck (the revealed ones not counted) / 14;
  ``shop_opens``: a land was revealed this turn, the shop opens at the end step.
- ``decision_*``: which of this format's decisions is asked (one-hot; all zero for a
  Magic decision); ``buying_i``: during ``shop_land``, the revealed card ``i`` being
  bought; ``lands_chosen``: lands chosen so far / its mana value.
- ``encounter_*``: the last random encounter's roll, bucketed (one-hot);
  ``next_encounter``: rounds until the next one / 3 (0: this round's is still to
  come).
- ``entropy_draw``, ``desperation``: the difficulty mods are on; ``entropy_active``:
  Entropy Draw is on and its condition holds now (``entropy_active()``: 10+ player
  creatures or one with power 10+; 0 while the mod is off, which spares the check);
  ``desperation_active``: Desperation is on and the library holds fewer than 50.
- ``hero_exhausted``: the Hero is exhausted (held in exile).
- ``kit_*``, ``labyrinth_*``: which shipped Hero kit and Labyrinth (one-hot each,
  ``other`` for one read from a file).
"""
ARCANE = {name: i for i, name in enumerate(ARCANE_FEATURES)}
ROUND_SCALE = 60
"""``round`` is the round divided by this."""
ARCANE_SIZE = len(ARCANE_FEATURES)
CARD_ROW = 1 + CARD_SIZE
"""Width of a card row: present, then the card features."""

MAGIC_OBS_SIZE = M.OBS_SIZE
O_ARCANE = MAGIC_OBS_SIZE
O_HERO = O_ARCANE + ARCANE_SIZE
O_BOSS = O_HERO + CARD_ROW
O_SHOP = O_BOSS + CARD_ROW
OBS_SIZE = O_SHOP + SHOP_ROWS * CARD_ROW
TAIL_SIZE = OBS_SIZE - O_ARCANE
"""The Arcane block and the card rows: everything after the Magic observation."""

_DECISION = {d: ARCANE[f"decision_{d}"] for d in CUSTOM_DECISIONS}
_KIT = {k: ARCANE[f"kit_{k}"] for k in HERO_KITS}
_LABYRINTH = {k: ARCANE[f"labyrinth_{k}"] for k in LABYRINTHS}
_PERM_CHOSEN = M.O_PERM + M.PERM["chosen"]
_T_HERO = O_HERO - O_ARCANE
_T_BOSS = O_BOSS - O_ARCANE
_T_SHOP = O_SHOP - O_ARCANE
_BUYING = ARCANE["buying_0"]


def _encounter_bucket(roll: int) -> int:
    if roll <= 0:
        return 0
    if roll <= 6:
        return 1
    if roll <= 15:
        return 2
    return 3 if roll <= 19 else 4


def _magic_block(game: ArcaneGame, obs: np.ndarray) -> None:
    """Write the Magic observation of seat 0 into ``obs`` (zeroed; its decision
    one-hot is empty for this format's own decisions, which the Arcane block names);
    the lands chosen so far to pay for a shop card are marked "chosen"."""
    decision = game.decision
    M.encode(game, HERO, out=obs)
    if decision is None or decision["kind"] not in _DECISION:
        return
    if game.outcome is None:
        if decision["kind"] == "shop_land":
            battlefield = game.battlefield
            for pid in decision["chosen"]:
                perm = battlefield.get(pid)
                if perm is not None and 0 <= perm.slot < A.MAX_PERMANENTS:
                    obs[_PERM_CHOSEN + perm.slot * M.PERM_WIDTH] = 1.0


def _static_tail(game: ArcaneGame) -> np.ndarray:
    """The tail's parts fixed for a game (the mods, the kit and Labyrinth one-hots,
    the Hero's and the boss's rows), cached on the game; copy it before writing."""
    key = (game.hero_card, game.boss_card, game.hero_kit, game.labyrinth_name,
           game.entropy_draw, game.desperation)
    cached = game.__dict__.get("_arcane_static")
    if cached is not None and cached[0] == key:
        return cached[1]
    tail = np.zeros(TAIL_SIZE, dtype=np.float32)
    tail[ARCANE["entropy_draw"]] = game.entropy_draw
    tail[ARCANE["desperation"]] = game.desperation
    tail[_KIT.get(game.hero_kit, ARCANE["kit_other"])] = 1.0
    tail[_LABYRINTH.get(game.labyrinth_name, ARCANE["labyrinth_other"])] = 1.0
    for card, off in ((game.hero_card, _T_HERO), (game.boss_card, _T_BOSS)):
        if card >= 0:
            tail[off] = 1.0
            tail[off + 1:off + CARD_ROW] = M.card_row(game, card)
    game.__dict__["_arcane_static"] = (key, tail)
    return tail


def encode(game: ArcaneGame, observer: int = HERO) -> np.ndarray:
    """The player's observation (layout in the module docstring).

    ``observer`` is taken for the env contract; the view is always the player's (seat
    0): the Labyrinth's seat never acts and has no view of its own.
    """
    obs = np.zeros(M.OBS_SIZE + TAIL_SIZE, dtype=np.float32)
    _magic_block(game, obs[:M.OBS_SIZE])
    tail = obs[M.OBS_SIZE:]
    tail[:] = _static_tail(game)
    rnd = game.round
    active_lab = game.active == LAB
    lab_library = game.lab_library_size()
    boss_pid = game.boss_pid
    boss_on = boss_pid is not None and boss_pid in game.battlefield
    tail[:_N_HEAD] = (
        min(rnd / ROUND_SCALE, 1.0),
        max(0, SAFE_TURNS - rnd) / SAFE_TURNS,
        active_lab,
        min(max(game.reveals_left, 0), 3) / 3 if active_lab else 0.0,
        min(lab_library / 100, 1.0),
        min(len(game.graveyard[LAB]) / 100, 1.0),
        min(len(game.exile[LAB]) / 100, 1.0),
        game.boss_arrivals > 0,
        boss_on,
        min(game.boss_buff / 10, 1.0) if boss_on else 0.0,
        min(len(game.shop) / 14, 1.0),
        game.shop_pending,
    )
    decision = game.decision
    if decision is not None and game.outcome is None:
        kind = decision["kind"]
        at = _DECISION.get(kind)
        if at is not None:
            tail[at] = 1.0
            if kind == "shop_land":
                item = decision["item"]
                tail[_BUYING + item] = 1.0
                mv = game.cdef(game.shop_reveal[item]).mana_value
                tail[_BUYING + SHOP_ROWS] = min(len(decision["chosen"]) / max(mv, 1), 1.0)
    tail[_ENCOUNTER + _encounter_bucket(game.last_encounter)] = 1.0
    tail[_NEXT] = min(max(game.next_encounter() - rnd, 0) / 3, 1.0)
    if game.entropy_draw:
        tail[_ENTROPY_ACTIVE] = game.entropy_active()
    if game.desperation:
        tail[_DESPERATION_ACTIVE] = lab_library < 50
    tail[_EXHAUSTED] = game.hero_exhausted
    # the revealed shop cards, row i = mode i
    for i, card in enumerate(game.shop_reveal[:SHOP_ROWS]):
        off = _T_SHOP + i * CARD_ROW
        tail[off] = 1.0
        tail[off + 1:off + CARD_ROW] = M.card_row(game, card)
    return obs


_N_HEAD = ARCANE["shop_opens"] + 1
_ENCOUNTER = ARCANE["encounter_none"]
_NEXT = ARCANE["next_encounter"]
_ENTROPY_ACTIVE = ARCANE["entropy_active"]
_DESPERATION_ACTIVE = ARCANE["desperation_active"]
_EXHAUSTED = ARCANE["hero_exhausted"]


class ArcaneObs:
    """Named access to an observation vector (views, no copies).

    ``magic`` (a :class:`~labyrinth_gym.envs.magic.encoding.MagicObs` of the Magic
    block), ``arcane`` (index it with :data:`ARCANE` or use :meth:`get`), ``hero`` /
    ``boss`` (card features) with ``hero_present`` / ``boss_present``, ``shop``
    (3 x card) with ``shop_present``.
    """

    def __init__(self, obs: np.ndarray):
        self.magic = M.MagicObs(obs[:MAGIC_OBS_SIZE])
        self.arcane = obs[O_ARCANE:O_HERO]
        self.hero_present = obs[O_HERO]
        self.hero = obs[O_HERO + 1:O_BOSS]
        self.boss_present = obs[O_BOSS]
        self.boss = obs[O_BOSS + 1:O_SHOP]
        shop = obs[O_SHOP:OBS_SIZE].reshape(SHOP_ROWS, CARD_ROW)
        self.shop_present = shop[:, 0]
        self.shop = shop[:, 1:]

    def get(self, name: str) -> float:
        """An Arcane feature by name (:data:`ARCANE_FEATURES`)."""
        return float(self.arcane[ARCANE[name]])

    def decision(self) -> str | None:
        """The decision asked (this format's or the Magic one), None when over."""
        for d in CUSTOM_DECISIONS:
            if self.arcane[_DECISION[d]]:
                return d
        return self.magic.decision()


__all__ = ["ARCANE", "ARCANE_FEATURES", "ARCANE_SIZE", "CARD_SIZE", "OBS_SIZE",
           "ArcaneObs", "card_features", "encode"]
