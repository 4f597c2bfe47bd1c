"""A rule-based party for the maze party, working from the observation alone.

Strategy:

- **Action phase.** A failed check costs nothing (the action stays available), so a
  member always tries something: the available action with the highest
  ``P(success) x value``, where ``P`` comes from the member's modifier, the maze DC and
  any Lucky Charm. Values: Careful Consideration and Scout Ahead (choose the better of
  two cards) highest, then Forge A Path (two more Right Paths in the cycle), It's
  Elementary! (worth more when the Monster count is at 1: it can bury a Monster), and
  Boost Morale (worth more per stuck Dead End). Outside a fight, a potion goes to a
  member below half health only when no action is worth trying; sleepers are left to
  sleep (a skipped turn costs the party no card).
- **Choosing cards.** Each card is scored: Right Path +3 (and a win if it is the last
  one needed), Room +0.5, Dead End -1, Monster -1.5 (-3 when it would start the fight).
  A face-down card scores the mean over the unseen cards. The best-scoring option is
  taken; reveals go to face-down cards the party does not know.
- **It's Elementary!** buries the worst card; **Map Fragment** puts the better card on
  top.
- **Combat.** A potion for a member below a third of its health when one is left; wake a
  sleeper while the monster is healthy; a member whose expected damage is well below
  an awake ally's helps that ally (advantage); everyone else attacks.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.maze_party.encoding import ObsView
from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine.cards import (
    DEAD_END,
    MONSTER,
    RIGHT_PATH,
    ROOM,
)
from labyrinth_gym.envs.maze_party.engine.game import (
    ACTION,
    CAREFUL_CHOICE,
    CAREFUL_REVEAL,
    CHOOSE,
    COMBAT,
    ELEMENTARY,
    MAP,
    SCOUT_CHOICE,
    SCOUT_REVEAL,
)

ACTION_VALUE = {A.USE_STR: 0.8, A.USE_DEX: 0.9, A.USE_INT: 0.6, A.USE_WIS: 1.0, A.USE_CHA: 0.3}


class MazePartyHeuristic:
    """The rule-based party described in the module docstring."""

    needs_game = False

    def __init__(self, game: str = "maze_party", seed: int | None = None):
        self.name = "maze_party/heuristic"

    def reset(self, seed: int | None = None) -> None:
        pass

    def act(self, observation, action_mask, *, game=None) -> int:
        legal = [int(a) for a in np.flatnonzero(action_mask)]
        if len(legal) == 1:
            return legal[0]
        v = ObsView(observation)
        phase = v.phase
        if phase == ACTION:
            return self._action(v, legal)
        if phase in (CHOOSE, CAREFUL_CHOICE, SCOUT_CHOICE):
            return max(legal, key=lambda a: self._option_score(v, a))
        if phase in (SCOUT_REVEAL, CAREFUL_REVEAL):
            # Reveal cards the party does not know yet; known ones it can take anyway.
            unknown = [a for a in legal if v.river_slot(a - A.SLOT)[0] == "down"]
            return (unknown or legal)[0]
        if phase == ELEMENTARY:
            cards = v.elementary
            return min(legal, key=lambda a: self._card_score(v, cards[a - A.BOTTOM]))
        if phase == MAP:
            top, second = v.deck_top, v.deck_second
            if self._card_score(v, second) > self._card_score(v, top):
                return A.MAP_SWAP
            return A.MAP_KEEP
        if phase == COMBAT:
            return self._combat(v, legal)
        return legal[0]

    # -------------------------------------------------------------- scores
    def _card_score(self, v: ObsView, card: int) -> float:
        if card == RIGHT_PATH:
            return 10.0 if v.points + 1 >= v.points_needed else 3.0
        if card == ROOM:
            return 0.5
        if card == DEAD_END:
            return -1.0
        if card == MONSTER:
            return -3.0 if v.dm_points >= 1 else -1.5
        return 0.0

    def _unknown_score(self, v: ObsView) -> float:
        unseen = v.unseen
        total = sum(unseen)
        if total == 0:
            return 0.0
        return sum(n * self._card_score(v, k) for k, n in enumerate(unseen)) / total

    def _option_score(self, v: ObsView, a: int) -> float:
        if a == A.DECK:
            return self._card_score(v, v.scout_card)
        state, kind = v.river_slot(a - A.SLOT)
        if kind >= 0 and state != "empty":
            return self._card_score(v, kind)
        return self._unknown_score(v)

    # ------------------------------------------------------------- phases
    def _action(self, v: ObsView, legal: list[int]) -> int:
        me = v.active
        dc = v.dc - 2 * (v.charms > 0)
        best, best_value = A.PASS, 0.0
        for a in legal:
            if a >= 5:
                continue
            p = min(max((21 - (dc - v.mod(me, a))) / 20.0, 0.0), 1.0)
            value = ACTION_VALUE[a]
            if a == A.USE_INT and v.dm_points >= 1:
                value += 0.4
            if a == A.USE_CHA:
                value += 0.2 * sum(v.river_slot(i)[0] == "stuck" for i in range(3))
            if p * value > best_value:
                best, best_value = a, p * value
        if best != A.PASS:
            return best
        potions = [a for a in legal if a >= A.POTION]
        hurt = [a for a in potions if v.hp_fraction(a - A.POTION) < 0.5]
        if hurt:
            return min(hurt, key=lambda a: v.hp_fraction(a - A.POTION))
        return A.PASS

    def _combat(self, v: ObsView, legal: list[int]) -> int:
        me = v.active
        potions = [a for a in legal if a >= A.POTION]
        dying = [a for a in potions if v.hp_fraction(a - A.POTION) < 0.34]
        if dying:
            return min(dying, key=lambda a: v.hp_fraction(a - A.POTION))
        wakes = [a for a in legal if A.WAKE <= a < A.WAKE + A.MAX_MEMBERS]
        if wakes and v.monster_hp_fraction > 0.3:
            return wakes[0]
        if A.HELP in legal:
            mine = self._expected_damage(v, me)
            allies = [
                self._expected_damage(v, s)
                for s in v.members
                if s != me and not v.down(s) and not v.asleep(s)
            ]
            if allies and max(allies) > 1.6 * mine:
                return A.HELP
        return A.ATTACK

    def _expected_damage(self, v: ObsView, seat: int) -> float:
        p = min(max((21 - (v.monster_ac - v.attack_bonus(seat))) / 20.0, 0.05), 0.95)
        return p * v.mean_damage(seat)
