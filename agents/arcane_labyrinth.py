"""A rule-based Hero for the Arcane Labyrinth, from the observation alone.

It is the Magic heuristic player (:class:`~labyrinth_gym.agents.magic.MagicHeuristic`:
lands first, curving out, removal at the biggest threat, burn at the face when nothing
is worth killing, counters, pump tricks) with what this format changes:

- **Attacks**: the Labyrinth never blocks, so every attacker connects and mills its
  power. But an attacker stays tapped through the Labyrinth's next turn, whose
  creatures all attack (with two more hasty ones revealed), and a Labyrinth creature
  that attacks into a blocker it cannot beat dies for nothing. So it keeps home a
  guard for each Labyrinth creature that one of its creatures can block and survive
  (the Hero only where its block is safe), then more (the toughest) while what gets
  through plus ``margin`` for the coming reveals would reach its life; everything
  else attacks (the race, when it is safe). Vigilance attackers always go. It paces
  the mill: an attack never empties the library (with the reveals of the rounds in
  between) before round ``pace`` (10), so the boss does not arrive with +10/+10. Once the
  library is empty nothing attacks: damage mills nothing then, and the boss must be
  blocked to be beaten.
- **Blocks**: the Magic plan (kill and survive, survive, trade, chump when lethal),
  except that the Hero never blocks a deathtouch attacker and only blocks when its
  toughness is greater than the attacker's power (a block that costs no life and
  does not exhaust it), in a gang block as alone; gang blocks bring the boss down.
  A planeswalker Hero (no power, its loyalty as toughness) blocks the most valuable
  attacker left unblocked whose power is below its loyalty (no deathtouch, no menace).
- **The Secret Shop**: it buys the most expensive affordable artifact (Equipment
  first among equals) while at least ``keep_lands`` lands stay, paying with tapped
  lands first, then the lands whose colours its hand needs least.
- **Tragic Failure**: discards (or sacrifices) the land it needs least.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.agents.magic import MagicHeuristic, _Board
from labyrinth_gym.envs.arcane_labyrinth.encoding import (
    MAGIC_OBS_SIZE,
    ROUND_SCALE,
    ArcaneObs,
)
from labyrinth_gym.envs.arcane_labyrinth.engine.game import ENTROPY_REVEALS, REVEALS
from labyrinth_gym.envs.magic.encoding import CARD, MagicObs
from labyrinth_gym.envs.magic.engine import actions as A


class ArcaneHeuristic(MagicHeuristic):
    """The rule-based Hero described in the module docstring."""

    def __init__(self, game: str = "arcane_labyrinth", seed: int | None = None,
                 margin: int = 4, keep_lands: int = 3, pace: int = 10, **kwargs):
        super().__init__(game=game, seed=seed, **kwargs)
        self.name = "arcane_labyrinth/heuristic"
        self.margin = margin
        self.keep_lands = keep_lands
        self.pace = pace

    def act(self, observation, action_mask, *, game=None) -> int:
        legal = [int(a) for a in np.flatnonzero(action_mask)]
        if len(legal) == 1:
            return legal[0]
        obs = np.asarray(observation)
        av = ArcaneObs(obs)
        kind = av.decision()
        self._av = av
        handler = getattr(self, f"_arcane_{kind}", None)
        if handler is not None:
            choice = handler(av, legal)
            if choice in legal:
                return choice
            return legal[0]
        return super().act(obs[:MAGIC_OBS_SIZE], action_mask, game=game)

    # ---------------------------------------------------------- the Hero
    def _hero_slot(self, v: MagicObs) -> int | None:
        av = self._av
        if av.hero_present == 0 or av.get("hero_exhausted") > 0:
            return None
        b = _Board(v)
        mine = np.flatnonzero(b.present & (b.ctrl == 0))  # a planeswalker Hero too
        for j in mine:
            if np.array_equal(v.perm_card[j], av.hero):
                return int(j)
        return None

    # ------------------------------------------------------------- combat
    def _attack(self, v: MagicObs, legal: list[int]) -> int:
        attacks = [a for a in legal if A.ATTACK <= a < A.BLOCK]
        if not attacks or self._av.get("lab_library") <= 0:
            # an empty library: attacks mill nothing, and the boss must be blocked
            return A.DONE
        b = _Board(v)
        hero = self._hero_slot(v)
        life = round(v.seat("life", 0) * 40)
        can = sorted({(a - A.ATTACK) // (A.MAX_PLAYERS - 1) for a in attacks})
        mine = [j for j in np.flatnonzero(b.creature & (b.ctrl == 0))
                if not b.tapped[j] and (j in can or not b.attacking[j])]
        lab = sorted(np.flatnonzero(b.creature & (b.ctrl == 1)),
                     key=lambda j: -b.value(j))
        # a guard for each Labyrinth creature that one can stop and survive (the
        # attacker then dies for nothing or bounces off); non-attackers first
        keep: list[int] = []
        for a in lab:
            options = [j for j in mine if j not in keep
                       and self._can_hold(b, j, a, hero) and not b.fight(a, j)[1]]
            if options:
                keep.append(min(options, key=lambda j: (j in can, not b.fight(a, j)[0],
                                                        b.value(j))))
        # what still gets through, plus the coming reveals, must leave us alive
        through = sum(max(b.power[a], 0) * (2 if b.kw["double_strike"][a] else 1)
                      for a in lab) - sum(max(b.power[a], 0) for a in lab[:len(keep)])
        spare = [j for j in mine if j not in keep]
        while spare and through + self.margin >= life:
            extra = max(spare, key=lambda j: b.tough[j])
            keep.append(extra)
            spare.remove(extra)
            through -= 2
        room = self._mill_room(b)
        for j in sorted(can, key=lambda j: -b.power[j]):
            if j in keep and not b.kw["vigilance"][j]:
                continue
            hits = b.power[j] * (2 if b.kw["double_strike"][j] else 1)
            if b.power[j] > 0 and hits <= room and A.attack(j, 1) in legal:
                return A.attack(j, 1)
        return A.DONE

    def _mill_room(self, b: _Board) -> float:
        """How many cards this turn's attack may mill without bringing the boss in
        before round ``pace`` (the reveals of the rounds between take the rest);
        unlimited with ``pace`` 0 or once the library cannot last that long anyway."""
        av = self._av
        library = round(av.get("lab_library") * 100)
        rnd = round(av.get("round") * ROUND_SCALE)
        reveals = REVEALS if av.get("entropy_active") <= 0 else ENTROPY_REVEALS
        if self.pace <= 0:
            return float("inf")
        left_for_reveals = reveals * max(self.pace - 1 - rnd, 0)
        if library <= left_for_reveals:
            return float("inf")
        attacking = np.flatnonzero(b.attacking & (b.ctrl == 0))
        already = sum(b.power[j] * (2 if b.kw["double_strike"][j] else 1)
                      for j in attacking)
        return library - left_for_reveals - already

    @staticmethod
    def _can_hold(b: _Board, blocker: int, attacker: int, hero: int | None) -> bool:
        """``blocker`` can stop ``attacker`` (the Hero: safely)."""
        if not b.can_block(blocker, attacker) or b.kw["menace"][attacker]:
            return False
        if blocker == hero:
            return not b.kw["deathtouch"][attacker] and b.tough[blocker] - \
                b.damage[blocker] > b.power[attacker]
        return True

    def _may_gang(self, b: _Board, blocker: int, attacker: int) -> bool:
        hero = self._hero_slot(self._av.magic)
        return blocker != hero or self._can_hold(b, blocker, attacker, hero)

    def _block_plan(self, v: MagicObs) -> dict[int, int]:
        plan = super()._block_plan(v)
        hero = self._hero_slot(v)
        b = _Board(v)
        if hero is not None and not b.creature[hero]:
            return self._walker_block(b, plan, hero)
        if hero is None or hero not in plan:
            return plan
        a = plan[hero]
        if not self._can_hold(b, hero, a, hero):
            del plan[hero]
            # another blocker in its place, if one is free and survives or trades
            free = [j for j in np.flatnonzero(b.creature & (b.ctrl == 0))
                    if j != hero and j not in plan and not b.tapped[j]
                    and b.can_block(j, a)]
            if free and (b.fight(a, free[0])[0] or not b.fight(a, free[0])[1]):
                plan[int(free[0])] = a
        return plan

    @staticmethod
    def _walker_block(b: _Board, plan: dict[int, int], hero: int) -> dict[int, int]:
        """A planeswalker Hero (no power; its loyalty is its toughness) blocks the
        most valuable attacker left unblocked that it holds safely."""
        if b.tapped[hero] or hero in plan:
            return plan
        reach = b.kw["flying"][hero] or b.kw["reach"][hero]
        held = [a for a in np.flatnonzero(b.attacking & (b.ctrl > 0))
                if a not in plan.values() and not b.kw["menace"][a]
                and not b.kw["deathtouch"][a] and (reach or not b.kw["flying"][a])
                and b.tough[hero] - b.damage[hero] > b.power[a] > 0]
        if held:
            plan[hero] = int(max(held, key=b.value))
        return plan

    # ------------------------------------------------------------ the shop
    def _arcane_shop(self, av: ArcaneObs, legal: list[int]) -> int:
        v = av.magic
        b = _Board(v)
        lands = int((b.land & (b.ctrl == 0)).sum())
        best, best_key = A.DONE, None
        for a in legal:
            if not A.MODE <= a < A.ATTACK:
                continue
            card = av.shop[a - A.MODE]
            mv = round(float(card[CARD["mana_value"]]) * 8)
            if lands - mv < self.keep_lands and mv > 0:
                continue
            key = (mv, card[CARD["equipment"]] > 0)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _arcane_shop_land(self, av: ArcaneObs, legal: list[int]) -> int:
        return self._least_needed_land(av.magic, legal)

    def _arcane_encounter_sacrifice(self, av: ArcaneObs, legal: list[int]) -> int:
        return self._least_needed_land(av.magic, legal)

    def _arcane_encounter_discard(self, av: ArcaneObs, legal: list[int]) -> int:
        v = av.magic
        b = _Board(v)
        slots = [a - A.HAND for a in legal if A.HAND <= a < A.HAND_ABILITY]
        return A.hand(min(slots, key=lambda i: self._land_score(v, b, v.hand[i])))

    def _least_needed_land(self, v: MagicObs, legal: list[int]) -> int:
        b = _Board(v)
        slots = [a - A.PERMANENT for a in legal if A.PERMANENT <= a < A.STACK]
        if not slots:
            return legal[0]
        return A.permanent(min(slots, key=lambda j: (
            not b.tapped[j], self._land_score(v, b, v.perm_card[j]))))
