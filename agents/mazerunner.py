"""A rule-based Mazerunner pod player, from the observation alone.

It is the Magic heuristic player (:class:`~labyrinth_gym.agents.magic.MagicHeuristic`:
lands first, curving out, removal at the biggest threat, counters, pump tricks, blocks
that survive or trade up) taught what a four-player Commander pod changes. It reads the
Commander block of the observation (:mod:`labyrinth_gym.envs.mazerunner.encoding`):

- **Its commander**: cast from the command zone (tax included) in a main phase when it
  is worth at least the best spell in hand plus ``commander_bonus`` (a commander is the
  card the deck is built around, and it comes back); a commander put into the
  graveyard or exile always goes back to the command zone.
- **Threat assessment** when it attacks, in this order:

  1. an opponent its attack can *eliminate*: the unblockable part of its attack (its
     attackers minus as many of the biggest as that player has untapped blockers)
     reaches that player's life, or a commander nobody there can block brings that
     player's commander damage to 21 (the lowest life first);
  2. otherwise the *leader*, the opponent with the highest threat (the value of its
     creatures plus a quarter of its life), among the opponents at whom one of its
     creatures can attack safely (no blocker there kills it for free); with none,
     the leader.

  Once one of its creatures is declared at a player, the others go there too (the
  whole attack aims at one player).
- **Holding back against the strongest board**: it keeps home as many creatures as it
  takes to block the biggest attackers of the opponent whose creatures have the most
  power, so that that opponent alone cannot kill it on the swing back (the duel
  heuristic counts every opponent's creatures together, which in a pod keeps
  everything home).
- **Burn and other harm aimed at a player**: a player it kills, else the leader.

The Magic observation clips life at 40, so a player above 40 life counts as 40 (never
as eliminable by damage). Works for 2-4 players.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.agents.magic import MagicHeuristic, _Board
from labyrinth_gym.envs.magic.encoding import CARD, GLOBAL, PERM, MagicObs
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.mazerunner.encoding import (
    MAGIC_OBS_SIZE,
    O_COMMANDERS,
    O_GLOBAL,
    O_ON_BOARD,
    PER_SEAT,
    ROW,
)
from labyrinth_gym.envs.mazerunner.engine.game import COMMAND, COMMANDER_DAMAGE


class MazerunnerHeuristic(MagicHeuristic):
    """The rule-based pod player described in the module docstring."""

    def __init__(self, game: str = "mazerunner", seed: int | None = None,
                 commander_bonus: float = 3.0, **kwargs):
        super().__init__(game=game, seed=seed, **kwargs)
        self.name = "mazerunner/heuristic"
        self.commander_bonus = commander_bonus
        self._obs = np.zeros(0, dtype=np.float32)
        self._legal: list[int] = []

    def act(self, observation, action_mask, *, game=None) -> int:
        legal = [int(a) for a in np.flatnonzero(action_mask)]
        if len(legal) == 1:
            return legal[0]
        obs = np.asarray(observation)
        self._obs, self._legal = obs, legal
        if obs[O_GLOBAL] > 0:  # the commander_zone decision: back to the command zone
            return A.YES if A.YES in legal else legal[0]
        return super().act(obs[:MAGIC_OBS_SIZE], action_mask, game=game)

    # ------------------------------------------------- the Commander block
    def _seat_stat(self, r: int, k: int) -> float:
        """Commander-block global ``k`` of relative seat ``r`` (see the encoding)."""
        return float(self._obs[O_GLOBAL + 1 + r * PER_SEAT + k])

    def _dealt(self, r: int) -> int:
        """The most combat damage one of our commanders dealt relative seat ``r``."""
        return round(self._seat_stat(r, 4) * COMMANDER_DAMAGE)

    def _is_commander(self, slot: int) -> bool:
        return bool(self._obs[O_ON_BOARD + slot] > 0)

    def _command_card(self, action: int) -> np.ndarray:
        i = action - COMMAND
        return self._obs[O_COMMANDERS + i * ROW + 2:O_COMMANDERS + (i + 1) * ROW]

    # -------------------------------------------------------------- casting
    def _priority(self, v: MagicObs, legal: list[int]) -> int:
        choice = super()._priority(v, legal)
        commands = [a for a in legal if a >= COMMAND]
        if not commands:
            return choice
        is_cast = A.CAST <= choice < A.ACTIVATE
        if is_cast and v.hand[choice - A.CAST, CARD["type_land"]] > 0:
            return choice  # a land first
        g = v.g
        main = g[GLOBAL["step_main1"]] > 0 or g[GLOBAL["step_main2"]] > 0
        if not (g[GLOBAL["active_0"]] > 0 and main and not v.stack[:, 0].any()):
            return choice
        b = _Board(v)
        score = {a: self._spell_score(v, b, self._command_card(a)) for a in commands}
        best = max(commands, key=lambda a: (score[a], -a))
        current = self._spell_score(v, b, v.hand[choice - A.CAST]) if is_cast else 0.0
        return best if score[best] > 0 and score[best] + self.commander_bonus > current \
            else choice

    # ------------------------------------------------------ threat assessment
    def _life(self, v: MagicObs, r: int) -> int | None:
        """Relative seat ``r``'s life, None when the observation's cap hides it."""
        life = v.seat("life", r)
        return None if life >= 1.0 else round(life * 40)

    def _threat(self, v: MagicObs, b: _Board, r: int) -> float:
        creatures = np.flatnonzero(b.creature & (b.ctrl == r))
        return sum(b.value(j) for j in creatures) + v.seat("life", r) * 40 / 4

    def _attackers_at(self, r: int) -> list[int]:
        return sorted({(a - A.ATTACK) // (A.MAX_PLAYERS - 1) for a in self._legal
                       if A.ATTACK <= a < A.BLOCK
                       and (a - A.ATTACK) % (A.MAX_PLAYERS - 1) + 1 == r})

    def _blockers(self, b: _Board, r: int) -> list[int]:
        return [int(j) for j in np.flatnonzero(b.creature & (b.ctrl == r)) if not b.tapped[j]]

    def _eliminable(self, v: MagicObs, b: _Board, r: int) -> bool:
        attackers = self._attackers_at(r)
        if not attackers:
            return False
        blockers = self._blockers(b, r)
        life = self._life(v, r)
        if life is not None:
            powers = sorted((max(b.power[j], 0) for j in attackers), reverse=True)
            if sum(powers) - sum(powers[:len(blockers)]) >= life:
                return True
        dealt = self._dealt(r)
        return any(self._is_commander(j) and dealt + b.power[j] >= COMMANDER_DAMAGE
                   and not any(b.can_block(k, j) for k in blockers) for j in attackers)

    def _defender(self, v: MagicObs, b: _Board, living: list[int], can: list[int]) -> int:
        ours = b.attacking & (b.ctrl == 0)
        for r in living:  # the attack already aims at someone: the rest follow
            if (ours & (v.perm[:, PERM[f"attacking_{r}"]] > 0)).any():
                return r
        killable = [r for r in living if self._eliminable(v, b, r)]
        if killable:
            return min(killable, key=lambda r: (v.seat("life", r), r))

        def safe(r: int) -> bool:
            blockers = self._blockers(b, r)
            return any(self._safe_attack(b, j, blockers) for j in self._attackers_at(r))

        return max(living, key=lambda r: (safe(r), self._threat(v, b, r), -r))

    def _swing_back(self, v: MagicObs, b: _Board, target: int) -> list[float]:
        n = v.num_players()
        boards = [sorted((max(b.power[j], 0) for j in np.flatnonzero(b.creature & (b.ctrl == r))),
                         reverse=True)
                  for r in range(1, n) if v.seat("lost", r) == 0]
        return max(boards, key=sum, default=[])

    def _player_victim(self, v: MagicObs, b: _Board, opponents: list[int],
                       amount: int) -> int:
        killed = [r for r in opponents
                  if (life := self._life(v, r)) is not None and life <= amount]
        if killed:
            return min(killed, key=lambda r: (v.seat("life", r), r))
        return max(opponents, key=lambda r: (self._threat(v, b, r), -r))


__all__ = ["MazerunnerHeuristic"]
