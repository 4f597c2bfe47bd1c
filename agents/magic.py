"""A rule-based Magic player, from the observation alone.

It reads the observation back by feature name (:class:`~labyrinth_gym.envs.magic.
encoding.MagicObs`): its own hand, every permanent with its power, toughness and
keywords now, the object being cast or resolving, life totals. It never sees another
player's hand or any library. Strategy, decision by decision:

- **Mulligan**: keep a hand of 2 to 5 lands; otherwise mulligan once, then keep.
  Cards put on the bottom (and discarded): a land while it would keep more than 3,
  else the most expensive spell.
- **Main phases** (own turn, empty stack): play a land first, the one that makes the
  colours its spells in hand lack most; then cast the best spell it can afford:
  creatures by mana value, then removal with a target worth it (an opponent's
  creature it kills, else an opponent in reach for burn), equipment and auras when a
  creature can carry them, mass removal when it hurts the opponents more. With a
  counterspell in hand (and fewer than 7 cards) it keeps mana for it. Equip and other
  abilities that cost no sacrifice come after spells (equip before combat, and not
  onto a creature that already carries it).
- **Other times with priority**: counter an opponent's spell of mana value 2 or more
  (or one aimed at it or its permanents); after blockers, cast a pump trick when one
  of its creatures in combat could die; otherwise pass.
- **Targets**: harmful effects (damage, destroy, exile, bounce, tap, lose life,
  discard, mill, sacrifice, counter, restricting auras) go to the biggest threat among
  the opponents' creatures (for damage: the biggest it kills), else to the opponent
  with the lowest life; helpful ones (pump, counters, gain life, draw, equipment and
  aura bonuses) to its own creature in danger, else its best creature, else itself.
- **Attacks** (at the opponent with the lowest life): a creature attacks when no
  untapped creature there can block it profitably (kill it and survive, or trade
  with it when the attacker is worth more, unless we are ahead on board by
  ``ahead_ratio``), when it has evasion nobody there can block, or when the attack is
  lethal. It keeps home as many creatures as it takes to block the opponents' biggest
  creatures so that the rest cannot kill it on the swing back (the race).
- **Blocks**: first blockers that kill their attacker and survive, then gang blocks
  (two or three blockers that together kill an attacker, losing less than it is
  worth), then blockers that survive, then trades when the attacker is worth at least the blocker (any trade
  once the unblocked damage times ``pressure`` reaches its life), and chump blocks
  only while the unblocked damage would be lethal.
- **Sacrifices** take the least valuable permanent (tokens first); "you may" says
  yes; X is as large as it can pay; the first legal mode. Manifest dread keeps a
  creature card (the more expensive); devour eats tokens and creatures without power.

Works for 2-4 players. A decision takes about 0.1 ms plus the observation's encoding.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.magic.encoding import (
    CARD,
    CONTEXT,
    GLOBAL,
    PERM,
    STACK,
    MagicObs,
)
from labyrinth_gym.envs.magic.engine import actions as A

HARMFUL = ("DealDamage", "Destroy", "Exile", "ReturnToHand", "TapOrUntap", "LoseLife",
           "Discard", "Mill", "Sacrifice", "CounterSpell")
HELPFUL = ("Pump", "AddCounters", "GainLife", "Draw", "CreateToken")
_KW = {k: PERM[f"now_{k}"] for k in ("flying", "reach", "menace", "trample", "deathtouch",
                                      "first_strike", "double_strike", "lifelink",
                                      "indestructible", "vigilance", "defender",
                                      "hexproof")}


class _Board:
    """The permanents of an observation as arrays (slot-indexed)."""

    def __init__(self, v: MagicObs):
        p = v.perm
        c = v.perm_card
        self.present = p[:, PERM["present"]] > 0
        self.ctrl = np.where(self.present, np.argmax(p[:, 1:1 + A.MAX_PLAYERS], axis=1), -1)
        self.creature = self.present & (c[:, CARD["type_creature"]] > 0)
        self.land = self.present & (c[:, CARD["type_land"]] > 0)
        self.power = np.rint(p[:, PERM["power_now"]] * 10)
        self.tough = np.rint(p[:, PERM["toughness_now"]] * 10)
        self.damage = np.rint(p[:, PERM["damage"]] * 10)
        self.tapped = p[:, PERM["tapped"]] > 0
        self.token = p[:, PERM["token"]] > 0
        self.mv = c[:, CARD["mana_value"]] * 8
        self.kw = {k: p[:, i] > 0 for k, i in _KW.items()}
        self.attacking = p[:, PERM["attacking"]] > 0
        self.blocking = p[:, PERM["blocking"]] > 0
        self.subject = p[:, PERM["subject"]] > 0
        self.chosen = p[:, PERM["chosen"]] > 0
        self.aura = c[:, CARD["aura"]] > 0
        self.equipment = c[:, CARD["equipment"]] > 0
        left = self.tough - self.damage
        self.left = np.where(self.kw["indestructible"], 99, left)

    def value(self, j: int) -> float:
        """How much a permanent is worth to its controller (creatures by stats)."""
        if not self.creature[j]:
            return 1.0 + self.mv[j] + (0 if not self.token[j] else -1)
        kw = self.kw
        return (float(self.power[j]) * 1.5 + float(self.tough[j])
                + 2.0 * (kw["flying"][j] or kw["menace"][j])
                + 1.5 * (kw["deathtouch"][j] or kw["double_strike"][j])
                + 1.0 * (kw["first_strike"][j] or kw["lifelink"][j] or kw["trample"][j])
                + 0.5 * self.mv[j] - (0.5 if self.token[j] else 0.0))

    def kills(self, a: int, b: int) -> bool:
        """Creature ``a``'s damage is lethal to creature ``b`` in a fight."""
        if self.power[a] <= 0:
            return False
        if self.kw["deathtouch"][a] and not self.kw["indestructible"][b]:
            return True
        return self.power[a] >= self.left[b]

    def first(self, a: int, b: int) -> bool:
        """``a`` strikes before ``b`` can."""
        fa = self.kw["first_strike"][a] or self.kw["double_strike"][a]
        fb = self.kw["first_strike"][b] or self.kw["double_strike"][b]
        return bool(fa and not fb)

    def fight(self, attacker: int, blocker: int) -> tuple[bool, bool]:
        """``(attacker dies, blocker dies)`` if ``blocker`` blocks ``attacker`` alone."""
        a_kills = self.kills(attacker, blocker)
        b_kills = self.kills(blocker, attacker)
        if a_kills and self.first(attacker, blocker):
            return False, True
        if b_kills and self.first(blocker, attacker):
            return True, False
        return b_kills, a_kills

    def can_block(self, blocker: int, attacker: int) -> bool:
        if not self.creature[blocker] or self.tapped[blocker]:
            return False
        if self.kw["flying"][attacker] and not (self.kw["flying"][blocker]
                                                or self.kw["reach"][blocker]):
            return False
        return True


class MagicHeuristic:
    """The rule-based player described in the module docstring."""

    needs_game = False

    def __init__(self, game: str = "magic", seed: int | None = None,
                 ahead_ratio: float = 1.2, pressure: float = 2.0):
        """``ahead_ratio``: our creatures' total value over the defender's from which
        attacks welcome trades; ``pressure``: blocks trade down once the unblocked
        damage times this reaches our life."""
        self.name = "magic/heuristic"
        self.mulligans = 0
        self.ahead_ratio = ahead_ratio
        self.pressure = pressure

    def reset(self, seed: int | None = None) -> None:
        self.mulligans = 0

    # ------------------------------------------------------------------ act
    def act(self, observation, action_mask, *, game=None) -> int:
        legal = [int(a) for a in np.flatnonzero(action_mask)]
        if len(legal) == 1:
            return legal[0]
        v = MagicObs(np.asarray(observation))
        kind = v.decision()
        handler = getattr(self, f"_{kind}", None)
        if handler is not None:
            choice = handler(v, legal)
            if choice is not None and choice in legal:
                return choice
        return legal[0]

    # ------------------------------------------------------------ mulligans
    def _mulligan(self, v: MagicObs, legal: list[int]) -> int:
        lands = int((v.hand[:, CARD["type_land"]] * v.hand_present).sum())
        if 2 <= lands <= 5 or self.mulligans >= 1 or A.MULLIGAN not in legal:
            self.mulligans = 0
            return A.KEEP
        self.mulligans += 1
        return A.MULLIGAN

    def _bottom(self, v: MagicObs, legal: list[int]) -> int:
        return self._discard(v, legal)

    def _discard(self, v: MagicObs, legal: list[int]) -> int:
        slots = [a - A.HAND for a in legal if A.HAND <= a < A.HAND_ABILITY]
        if not slots:
            return legal[0]
        land = v.hand[:, CARD["type_land"]] > 0
        lands = int((land & (v.hand_present > 0)).sum())
        land_slots = [i for i in slots if land[i]]
        if land_slots and lands > 3:
            return A.hand(land_slots[0])
        spells = [i for i in slots if not land[i]] or slots
        return A.hand(max(spells, key=lambda i: v.hand[i, CARD["mana_value"]]))

    _cost_discard = _discard

    # -------------------------------------------------------------- priority
    def _priority(self, v: MagicObs, legal: list[int]) -> int:
        b = _Board(v)
        g = v.g
        my_turn = g[GLOBAL["active_0"]] > 0
        main = g[GLOBAL["step_main1"]] > 0 or g[GLOBAL["step_main2"]] > 0
        stack_empty = not v.stack[:, 0].any()
        casts = [a for a in legal if A.CAST <= a < A.ACTIVATE]
        if not stack_empty:
            counter = self._counter(v, b, casts)
            if counter is not None:
                return counter
        if g[GLOBAL["step_declare_blockers"]] > 0 and stack_empty:
            trick = self._combat_trick(v, b, casts)
            if trick is not None:
                return trick
        if not (my_turn and main and stack_empty):
            return A.PASS
        # a land first: the one making the colours the hand lacks most
        lands = [a for a in casts if v.hand[a - A.CAST, CARD["type_land"]] > 0]
        if lands:
            return max(lands, key=lambda a: self._land_score(v, b, v.hand[a - A.CAST]))
        # hold mana for a counterspell in hand (control decks)
        counters = (v.hand_present > 0) & (v.hand[:, CARD["fx_CounterSpell"]] > 0)
        reserve = float(v.hand[counters, CARD["mana_value"]].min() * 8) \
            if counters.any() and v.hand_present.sum() < 7 else 0.0
        untapped = v.seat("untapped_lands", 0) * 10
        best, best_score = None, 0.0
        for a in casts:
            card = v.hand[a - A.CAST]
            if reserve and untapped - card[CARD["mana_value"]] * 8 < reserve - 0.5:
                continue
            score = self._spell_score(v, b, card)
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        for a in legal:
            if A.ACTIVATE <= a < A.PLAYER:
                slot, _ = divmod(a - A.ACTIVATE, A.MAX_ABILITIES)
                card = v.perm_card[slot]
                if card[CARD["cost_sacrifice"]] > 0:
                    continue
                if card[CARD["equipment"]] > 0 and g[GLOBAL["step_main1"]] == 0:
                    continue  # equip before combat
                if card[CARD["equipment"]] > 0 and v.perm[slot, PERM["attached"]] > 0:
                    continue  # already on a creature: moving it only spends mana
                return a
        return A.PASS

    @staticmethod
    def _land_score(v: MagicObs, b: _Board, land: np.ndarray) -> float:
        """Pips of the hand's spells this land pays that our lands cannot yet (then
        untapped lands before tapped ones)."""
        ours = b.present & (b.ctrl == 0)
        score = 0.0
        spells = (v.hand_present > 0) & (v.hand[:, CARD["type_land"]] == 0)
        for c in "WUBRG":
            makes = land[CARD[f"mana_{c}"]] > 0 or land[CARD["mana_any"]] > 0
            if not makes:
                continue
            have = (v.perm_card[ours, CARD[f"mana_{c}"]] > 0).sum()
            need = float((v.hand[spells, CARD[f"pip_{c}"]] * 4).sum())
            score += need / (1.0 + 2.0 * have)
        return score - 0.5 * float(land[CARD["enters_tapped"]])

    def _spell_score(self, v: MagicObs, b: _Board, card: np.ndarray) -> float:
        """How much casting this card now is worth (0: not now)."""
        mv = float(card[CARD["mana_value"]] * 8)
        mine = b.creature & (b.ctrl == 0)
        theirs = b.creature & (b.ctrl > 0)
        if card[CARD["type_creature"]] > 0:
            return 10 + mv
        if card[CARD["equipment"]] > 0 or (card[CARD["aura"]] > 0
                                          and card[CARD["bonus_restricts"]] == 0):
            return 5 + mv if mine.any() else 0.0
        if card[CARD["aura"]] > 0:  # a restricting aura goes on their creature
            return 8 + mv if theirs.any() else 0.0
        if _is_trick(card):
            return 0.0
        if card[CARD["fx_CounterSpell"]] > 0:
            return 0.0  # held for an opponent's spell
        harmful = any(card[CARD[f"fx_{e}"]] > 0 for e in ("DealDamage", "Destroy", "Exile",
                                                           "ReturnToHand"))
        targets_creature = card[CARD["targets_creature"]] > 0 or \
            card[CARD["targets_permanent"]] > 0
        if harmful and (targets_creature or card[CARD["targets_any"]] > 0):
            damage = round(float(card[CARD["amount_DealDamage"]]) * 10)
            if card[CARD["fx_DealDamage"]] > 0 and card[CARD["fx_Destroy"]] == 0 and \
                    card[CARD["fx_Exile"]] == 0:
                killable = [j for j in np.flatnonzero(theirs) if b.left[j] <= damage]
                if killable:
                    return 9 + max(b.value(j) for j in killable) / 5
                face = card[CARD["targets_any"]] > 0 or card[CARD["targets_player"]] > 0
                return 3 + damage / 2 if face else 0.0
            return 9 + max(b.value(j) for j in np.flatnonzero(theirs)) / 5 \
                if theirs.any() else 0.0
        if card[CARD["fx_Destroy"]] > 0 or card[CARD["fx_Exile"]] > 0:
            # mass removal: worth it when it hurts them more than us
            return 8.0 if theirs.sum() > mine.sum() + 1 else 0.0
        return 4 + mv

    def _counter(self, v: MagicObs, b: _Board, casts: list[int]) -> int | None:
        counters = [a for a in casts if v.hand[a - A.CAST, CARD["fx_CounterSpell"]] > 0]
        if not counters:
            return None
        present = np.flatnonzero(v.stack[:, 0] > 0)
        top = int(present[-1])
        s = v.stack[top]
        if s[STACK["controller_0"]] > 0:  # our own
            return None
        card = v.stack_card[top]
        aimed_at_us = s[STACK["targets_me"]] > 0 or s[STACK["targets_mine"]] > 0
        if s[STACK["kind_spell"]] > 0 and (card[CARD["mana_value"]] * 8 >= 2 or aimed_at_us):
            return counters[0]
        return None

    @staticmethod
    def _endangered(b: _Board) -> list[int]:
        """Our creatures in combat that the strongest enemy creature in combat could
        kill (a pump may save them)."""
        theirs = np.flatnonzero((b.ctrl > 0) & (b.attacking | b.blocking) & b.creature)
        if not len(theirs):
            return []
        threat = max(b.power[j] for j in theirs)
        deadly = any(b.kw["deathtouch"][j] for j in theirs)
        mine = np.flatnonzero((b.ctrl == 0) & (b.attacking | b.blocking) & b.creature)
        return [int(j) for j in mine if (threat >= b.left[j] or deadly)
                and (b.blocking[j] or b.attacking[j])]

    def _combat_trick(self, v: MagicObs, b: _Board, casts: list[int]) -> int | None:
        if not self._endangered(b):
            return None
        for a in casts:
            if _is_trick(v.hand[a - A.CAST]):
                return a
        return None

    # --------------------------------------------------------------- choices
    def _x(self, v: MagicObs, legal: list[int]) -> int:
        return max(a for a in legal if a >= A.MODE)

    def _mode(self, v: MagicObs, legal: list[int]) -> int:
        modes = [a for a in legal if A.MODE <= a < A.ATTACK]
        return modes[0] if modes else A.DONE

    def _dread(self, v: MagicObs, legal: list[int]) -> int:
        """Manifest the card worth more face down: a creature card (it can be turned
        face up later), the more expensive one first; the other goes to the graveyard."""
        modes = [a - A.MODE for a in legal if A.MODE <= a < A.ATTACK]
        if not modes:
            return legal[0]

        def worth(m: int) -> tuple[float, float]:
            card = v.look[m]
            return float(card[CARD["type_creature"]]), float(card[CARD["mana_value"]])

        return A.mode(max(modes, key=worth))

    def _devour(self, v: MagicObs, legal: list[int]) -> int:
        """Devour tokens and creatures with no power (each is worth a counter or
        more on the devourer); keep everything else."""
        b = _Board(v)
        for a in legal:
            if A.PERMANENT <= a < A.STACK:
                j = a - A.PERMANENT
                if b.ctrl[j] == 0 and b.creature[j] and (b.token[j] or b.power[j] <= 0):
                    return a
        return A.DONE

    def _yesno(self, v: MagicObs, legal: list[int]) -> int:
        return A.YES

    def _sacrifice(self, v: MagicObs, legal: list[int]) -> int:
        b = _Board(v)
        slots = [a - A.PERMANENT for a in legal if A.PERMANENT <= a < A.STACK]
        if not slots:
            return legal[0]
        return A.permanent(min(slots, key=b.value))

    _cost_sacrifice = _sacrifice
    _cost_crew = _sacrifice  # tap the least valuable creature first

    def _target(self, v: MagicObs, legal: list[int]) -> int:
        b = _Board(v)
        ctx = v.ctx
        effect = next((e for e in (*HARMFUL, *HELPFUL, "Attach", "Pump")
                       if ctx[CONTEXT[f"choosing_{e}"]] > 0), None)
        card = v.ctx_card
        if effect == "Attach":
            harmful = card[CARD["bonus_restricts"]] > 0
        elif effect == "TapOrUntap":
            harmful = True
        else:
            harmful = effect in HARMFUL
        perms = [a - A.PERMANENT for a in legal if A.PERMANENT <= a < A.STACK]
        players = [a - A.PLAYER for a in legal if A.PLAYER <= a < A.PERMANENT]
        stacks = [a - A.STACK for a in legal if A.STACK <= a < A.MODE]
        if effect == "CounterSpell" and stacks:
            theirs = [s for s in stacks if v.stack[s, STACK["controller_0"]] == 0]
            return A.stack((theirs or stacks)[-1])
        if harmful:
            amount = round(float(ctx[CONTEXT["choosing_amount"]]) * 10)
            theirs = [j for j in perms if b.ctrl[j] > 0 and not b.chosen[j]]
            creatures = [j for j in theirs if b.creature[j]]
            if effect == "DealDamage":
                killable = [j for j in creatures if b.left[j] <= amount]
                if killable:
                    return A.permanent(max(killable, key=b.value))
            elif creatures:
                return A.permanent(max(creatures, key=b.value))
            elif theirs:
                return A.permanent(max(theirs, key=b.value))
            opponents = [r for r in players if r != 0]
            if opponents:
                return A.player(self._player_victim(v, b, opponents, amount))
            if A.DONE in legal:
                return A.DONE
            # only our own things are left: the least valuable
            if perms:
                return A.permanent(min(perms, key=b.value))
            return A.player(players[0]) if players else legal[0]
        mine = [j for j in perms if b.ctrl[j] == 0 and not b.chosen[j]]
        creatures = [j for j in mine if b.creature[j]]
        saved = [j for j in self._endangered(b) if j in creatures]
        if effect in ("Pump", "AddCounters") and saved:
            return A.permanent(max(saved, key=b.value))
        if creatures:
            return A.permanent(max(creatures, key=lambda j: (b.attacking[j] or b.blocking[j],
                                                               b.value(j))))
        if 0 in players:
            return A.player(0)
        if mine:
            return A.permanent(max(mine, key=b.value))
        if A.DONE in legal:
            return A.DONE
        return legal[0]

    def _player_victim(self, v: MagicObs, b: _Board, opponents: list[int],
                       amount: int) -> int:
        """The opponent a harmful effect aimed at a player goes to: the lowest life."""
        return min(opponents, key=lambda r: v.seat("life", r))

    # ---------------------------------------------------------------- combat
    def _attack(self, v: MagicObs, legal: list[int]) -> int:
        b = _Board(v)
        n = v.num_players()
        attacks = [a for a in legal if A.ATTACK <= a < A.BLOCK]
        if not attacks:
            return A.DONE
        living = [r for r in range(1, n) if v.seat("seat", r) > 0 and v.seat("lost", r) == 0]
        can = sorted({(a - A.ATTACK) // (A.MAX_PLAYERS - 1) for a in attacks})
        seats_for = {}
        for a in attacks:
            slot, r = divmod(a - A.ATTACK, A.MAX_PLAYERS - 1)
            seats_for.setdefault(slot, []).append(r + 1)
        if not living:
            return A.DONE
        target = self._defender(v, b, living, can)
        life_them = round(v.seat("life", target) * 40)
        life_me = round(v.seat("life", 0) * 40)
        blockers = [j for j in np.flatnonzero(b.creature & (b.ctrl == target))
                    if not b.tapped[j]]
        already = [j for j in np.flatnonzero(b.attacking & (b.ctrl == 0))]
        # lethal: everything that can attack goes
        total = sum(max(b.power[j], 0) for j in (*can, *already))
        lethal = total - sum(sorted((b.power[j] for j in can), reverse=True)[:len(blockers)]) \
            >= life_them
        # the race: keep home as many untapped creatures as it takes to block their
        # biggest attackers so that the rest cannot kill us on the swing back
        swing = self._swing_back(v, b, target)
        keep_back = 0
        if not lethal:
            while keep_back < len(swing) and sum(swing[keep_back:]) >= life_me:
                keep_back += 1
        stay = sorted(can, key=lambda j: -b.tough[j])[:keep_back] if keep_back else []
        # ahead on board: trades are welcome (they bring the win closer)
        ours = sum(b.value(j) for j in np.flatnonzero(b.creature & (b.ctrl == 0)))
        theirs = sum(b.value(j) for j in np.flatnonzero(b.creature & (b.ctrl == target)))
        ahead = ours >= self.ahead_ratio * max(theirs, 1.0)
        for j in can:
            if j in stay and not b.kw["vigilance"][j]:
                continue
            if target not in seats_for.get(j, []):
                continue
            if lethal or self._safe_attack(b, j, blockers, trades=ahead):
                return A.attack(j, target)
        return A.DONE

    def _defender(self, v: MagicObs, b: _Board, living: list[int], can: list[int]) -> int:
        """The relative seat to attack: the opponent with the lowest life."""
        return min(living, key=lambda r: (v.seat("life", r), r))

    def _swing_back(self, v: MagicObs, b: _Board, target: int) -> list[float]:
        """The powers (largest first) that may attack us on the swing back: every
        opponent's creatures."""
        return sorted((max(b.power[j], 0) for j in np.flatnonzero(b.creature & (b.ctrl > 0))),
                      reverse=True)

    def _safe_attack(self, b: _Board, j: int, blockers: list[int],
                     trades: bool = False) -> bool:
        if b.power[j] <= 0:
            return False
        able = [k for k in blockers if b.can_block(k, j)]
        if not able:
            return True
        if b.kw["menace"][j] and len(able) < 2:
            return True
        for k in able:
            attacker_dies, blocker_dies = b.fight(j, k)
            if attacker_dies and not blocker_dies:
                return False
            if attacker_dies and blocker_dies and not trades and b.value(j) > b.value(k):
                return False
        return True

    def _block_plan(self, v: MagicObs) -> dict[int, int]:
        """``{blocker slot: attacker slot}`` for the attackers coming at us."""
        b = _Board(v)
        attackers = [j for j in np.flatnonzero(b.attacking & (b.ctrl > 0))
                     if v.perm[j, PERM["attacking_1"]:PERM["attacking_1"] + 3].sum() == 0]
        mine = [j for j in np.flatnonzero(b.creature & (b.ctrl == 0))
                if not b.tapped[j] or b.blocking[j]]
        plan: dict[int, int] = {}
        free = list(mine)
        order = sorted(attackers, key=lambda a: -b.value(a))
        # good blocks: kill the attacker and survive
        for a in order:
            if b.kw["menace"][a]:
                continue
            options = [k for k in free if b.can_block(k, a) and b.fight(a, k) == (True, False)]
            if options:
                k = min(options, key=b.value)
                plan[k] = a
                free.remove(k)
        # gang blocks: two or three blockers that kill an attacker none kills alone,
        # losing less than it is worth (a menace attacker needs two anyway)
        for a in order:
            if a in plan.values():
                continue
            gang = self._gang(b, a, [k for k in free if self._may_gang(b, k, a)])
            for k in gang:
                plan[k] = a
                free.remove(k)
        # safe blocks: the blocker survives (the damage is stopped for free)
        for a in order:
            if a in plan.values() or b.kw["menace"][a] or b.kw["trample"][a]:
                continue
            options = [k for k in free if b.can_block(k, a) and not b.fight(a, k)[1]]
            if options:
                k = min(options, key=b.value)
                plan[k] = a
                free.remove(k)
        # trades: when the attacker is worth at least the blocker, or when the
        # damage coming would leave us in danger
        life = round(v.seat("life", 0) * 40)
        incoming = sum(max(b.power[a], 0) * (2 if b.kw["double_strike"][a] else 1)
                       for a in order if a not in plan.values())
        pressed = incoming * self.pressure >= life
        for a in order:
            if a in plan.values() or b.kw["menace"][a]:
                continue
            options = [k for k in free if b.can_block(k, a) and b.fight(a, k)[0]
                       and (pressed or b.value(a) >= b.value(k))]
            if options:
                k = min(options, key=b.value)
                plan[k] = a
                free.remove(k)
        # chump blocks while the rest would kill us
        unblocked = [a for a in order if a not in plan.values()]
        incoming = sum(max(b.power[a], 0) * (2 if b.kw["double_strike"][a] else 1)
                       for a in unblocked)
        for a in unblocked:
            if incoming < life or b.kw["menace"][a]:
                break
            options = [k for k in free if b.can_block(k, a)]
            if options:
                k = min(options, key=b.value)
                plan[k] = a
                free.remove(k)
                if not b.kw["trample"][a]:
                    incoming -= max(b.power[a], 0) * (2 if b.kw["double_strike"][a] else 1)
        return plan

    def _may_gang(self, b: _Board, blocker: int, attacker: int) -> bool:
        """Whether ``blocker`` may join a gang block (variants narrow this)."""
        return True

    @staticmethod
    def _gang(b: _Board, a: int, free: list[int]) -> list[int]:
        """The fewest free blockers (2 or 3) whose damage together kills attacker
        ``a``, survivors first, if what ``a`` can kill of them is worth less than it;
        else none."""
        if b.kw["indestructible"][a]:
            return []
        able = [k for k in free if b.can_block(k, a) and b.power[k] > 0]
        if len(able) < 2:
            return []

        def hits(k: int) -> float:
            dealt = 99.0 if b.kw["deathtouch"][k] else float(b.power[k])
            return dealt * (2 if b.kw["double_strike"][k] else 1)

        able.sort(key=lambda k: (b.fight(a, k)[1], -hits(k), b.value(k)))
        need = float(b.left[a])
        gang: list[int] = []
        for k in able[:3]:
            gang.append(k)
            if len(gang) >= 2 and sum(hits(k) for k in gang) >= need:
                break
        else:
            return []
        # the blockers striking first may kill it before it deals damage
        if not (b.kw["first_strike"][a] or b.kw["double_strike"][a]):
            if sum(hits(k) for k in gang if b.first(k, a)) >= need:
                return gang
        power = float(max(b.power[a], 0)) * (2 if b.kw["double_strike"][a] else 1)
        lost = 0.0
        for k in sorted(gang, key=lambda k: b.left[k]):
            cost = 1.0 if b.kw["deathtouch"][a] and not b.kw["indestructible"][k] \
                else float(b.left[k])
            if cost > power:
                break
            power -= cost
            lost += b.value(k)
        return gang if lost < b.value(a) else []

    def _attack_target(self, v: MagicObs, legal: list[int]) -> int:
        """Attack a planeswalker this attacker kills outright (the most loyal one),
        else the player."""
        subject = np.flatnonzero(v.perm[:, PERM["subject"]])
        walkers = [a - A.PERMANENT for a in legal if A.PERMANENT <= a < A.STACK]
        if not len(subject) or not walkers:
            return legal[0]
        power = v.perm[int(subject[0]), PERM["power_now"]] * 10
        killed = [j for j in walkers if v.perm[j, PERM["loyalty"]] * 10 <= power + 1e-6]
        if killed:
            return A.permanent(max(killed, key=lambda j: v.perm[j, PERM["loyalty"]]))
        return next(a for a in legal if A.PLAYER <= a < A.PERMANENT)

    def _assign_damage(self, v: MagicObs, legal: list[int]) -> int:
        """Divide an attacker's damage: past its blockers when trample allows, else
        lethal damage to the most valuable blocker it can still kill, else the rest to
        the blockers already hit."""
        b = _Board(v)
        over = [a for a in legal if A.PLAYER <= a < A.PERMANENT]
        perms = [a - A.PERMANENT for a in legal if A.PERMANENT <= a < A.STACK]
        blockers = [j for j in perms if b.blocking[j]]
        if over or len(blockers) < len(perms):  # the player, or the planeswalker
            return over[0] if over else A.permanent(
                next(j for j in perms if not b.blocking[j]))
        left = round(float(v.g[GLOBAL["damage_left"]]) * 10)
        subject = np.flatnonzero(b.subject)
        deathtouch = bool(len(subject) and b.kw["deathtouch"][int(subject[0])])
        killable = [j for j in blockers if not b.chosen[j]
                    and (deathtouch or b.left[j] <= left)]
        if killable:
            return A.permanent(max(killable, key=b.value))
        if A.DONE in legal:
            return A.DONE
        return A.permanent(max(blockers, key=b.value))

    def _legend(self, v: MagicObs, legal: list[int]) -> int:
        """Keep the most valuable of the legendary permanents (the legend rule), an
        untapped one on ties."""
        b = _Board(v)
        perms = [a - A.PERMANENT for a in legal if A.PERMANENT <= a < A.STACK]
        return A.permanent(max(perms, key=lambda j: (b.value(j), not b.tapped[j])))

    def _block(self, v: MagicObs, legal: list[int]) -> int:
        plan = self._block_plan(v)
        b = _Board(v)
        for k in sorted(plan):
            if not b.blocking[k] and A.block(k) in legal:
                return A.block(k)
        if A.DONE in legal:
            return A.DONE
        # a block breaking a restriction (a lone blocker of a menace attacker): "block
        # with" a creature already blocking withdraws its block
        return next((a for a in legal if A.BLOCK <= a < A.HAND and b.blocking[a - A.BLOCK]),
                    legal[0])

    def _block_target(self, v: MagicObs, legal: list[int]) -> int:
        plan = self._block_plan(v)
        b = _Board(v)
        subject = np.flatnonzero(b.subject)
        if len(subject) and int(subject[0]) in plan:
            a = A.permanent(plan[int(subject[0])])
            if a in legal:
                return a
        return legal[0]


def _is_trick(card: np.ndarray) -> bool:
    """An instant whose effects are pumps (a combat trick)."""
    return bool(card[CARD["type_instant"]] > 0 and card[CARD["fx_Pump"]] > 0
                and not any(card[CARD[f"fx_{e}"]] > 0 for e in HARMFUL))
