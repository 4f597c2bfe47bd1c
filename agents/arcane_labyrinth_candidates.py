"""The ``arcane_labyrinth/candidates`` policy interface: a choice among a few moves.

The Arcane Labyrinth's raw observation has 14,991 values and its action space 595
actions; a policy learning them from scratch must first rediscover what a creature,
a block or a mana cost is, and its early play (uniformly random moves) never wins, so
PPO gets no signal. This interface asks the policy only what matters at each
decision: which of up to :data:`K` candidate moves to make, each described by a few
features, with the rule-based Hero's move always among them.

Candidates, in slot order (no action twice, empty slots masked):

0. The rule-based Hero's move (:class:`~labyrinth_gym.agents.arcane_labyrinth.
   ArcaneHeuristic`), so a policy that always picks slot 0 *is* the heuristic.
1. Pass / done (stop attacking, stop blocking, buy nothing), when legal.
2. The other legal moves in action order, up to :data:`K` in all.

The policy chooses at the decisions in :data:`CHOSEN` (casting and activating,
attacks, blocks, targets, the shop, sacrifices and discards); the others (mulligans,
modes, X, "you may", costs, manifest dread, devour, paying for a purchase, Tragic
Failure) are ruled by the heuristic, as is any decision with one legal move.

Each candidate is described by :data:`CAND_FEATURES` numbers (the move's kind; the
object it is about: whose, Hero or boss, power, toughness, damage, tapped, keywords,
card types, mana value, harmful or helpful effects, damage amount, the heuristic's
value of it; for a block's attacker choice, how the fight would end) and the decision
by :data:`GLOBAL_FEATURES` more (which decision, life, the Labyrinth's library, the
round, the boss and its buff, the Hero's exhaustion, hands, lands, both boards, the
attack coming in, the mods, which Hero kit and which Labyrinth).
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.agents.arcane_labyrinth import ArcaneHeuristic
from labyrinth_gym.agents.interface import Decision
from labyrinth_gym.agents.magic import HARMFUL, HELPFUL, _Board
from labyrinth_gym.envs.arcane_labyrinth.encoding import (
    ARCANE,
    HERO_KITS,
    LABYRINTHS,
    ArcaneObs,
)
from labyrinth_gym.envs.arcane_labyrinth.engine.game import CUSTOM_DECISIONS
from labyrinth_gym.envs.magic.encoding import CARD, DECISIONS, PERM
from labyrinth_gym.envs.magic.engine import actions as A

K = 8
"""Candidate slots."""
CHOSEN = ("priority", "attack", "block", "block_target", "target", "sacrifice",
          "discard", "shop", "encounter_discard", "encounter_sacrifice")
"""Decisions the policy makes; the heuristic rules the rest."""
KINDS = ("pass", "cast", "activate", "attack", "block", "permanent", "player", "mode",
         "hand", "other")
KEYWORDS = ("flying", "reach", "deathtouch", "first_strike", "double_strike",
            "indestructible", "lifelink", "trample", "menace", "vigilance", "hexproof")
TYPES = ("creature", "land", "instant", "sorcery", "artifact", "enchantment")
CAND_FEATURES = (2 + len(KINDS) + 2 + 2 + 4 + len(KEYWORDS) + len(TYPES) + 3 + 4 + 2)
NEVER_ASKED = ("attack_target",)
"""Magic decisions an Arcane game never asks: the Labyrinth holds no planeswalkers
and its creatures attack the player, so no attacker chooses a planeswalker."""
ALL_DECISIONS = ("priority", "mulligan", "bottom", "discard", "yesno", "x", "mode",
                 "target", "attack", "block", "block_target", "sacrifice",
                 "cost_sacrifice", "cost_discard", "dread", "devour", *CUSTOM_DECISIONS)
"""The decisions of the global one-hot, fixed with version 1 of this interface (a
decision Magic's encoding added since, such as the legend rule's, is ruled by the
heuristic and shows as none); :data:`NEVER_ASKED` is left out."""
assert not set(CHOSEN) - set(ALL_DECISIONS)
assert not set(ALL_DECISIONS) - set(DECISIONS) - set(CUSTOM_DECISIONS)
GLOBAL_FEATURES = (len(ALL_DECISIONS) + 17 + len(HERO_KITS) + 1 + len(LABYRINTHS) + 1)
_KIT0 = ARCANE[f"kit_{HERO_KITS[0]}"]
_LAB0 = ARCANE[f"labyrinth_{LABYRINTHS[0]}"]
_KW = {k: PERM[f"now_{k}"] for k in KEYWORDS}
_CARD_KW = {k: CARD.get(f"kw_{k}") for k in KEYWORDS}


class ArcaneCandidates:
    """See the module docstring."""

    name = "arcane_labyrinth/candidates"
    version = 1
    global_size = GLOBAL_FEATURES
    candidate_size = CAND_FEATURES
    observation_size = GLOBAL_FEATURES + K * CAND_FEATURES
    num_choices = K

    def __init__(self):
        self.heuristic = ArcaneHeuristic()

    def reset(self) -> None:
        """A new episode (the heuristic counts its mulligans)."""
        self.heuristic.reset()

    def prepare(self, observation, action_mask) -> Decision:
        legal = np.flatnonzero(action_mask)
        if len(legal) == 0:
            raise ValueError("no legal action in the mask")
        first = int(self.heuristic.act(observation, action_mask))
        if len(legal) == 1:
            return Decision(ruled=first)
        obs = np.asarray(observation)
        av = ArcaneObs(obs)
        kind = av.decision()
        if kind not in CHOSEN:
            return Decision(ruled=first)
        actions = [first]
        if A.PASS in legal and first != A.PASS:
            actions.append(A.PASS)
        if A.DONE in legal and first != A.DONE:
            actions.append(A.DONE)
        for a in legal:
            if len(actions) == K:
                break
            if int(a) not in actions:
                actions.append(int(a))
        features = np.zeros(self.observation_size, dtype=np.float32)
        b = _Board(av.magic)
        hero = self.heuristic._hero_slot(av.magic)
        self._globals(features[:GLOBAL_FEATURES], av, b, kind)
        for slot, a in enumerate(actions):
            row = features[GLOBAL_FEATURES + slot * CAND_FEATURES:][:CAND_FEATURES]
            self._candidate(row, av, b, hero, kind, a, slot == 0)
        mask = np.zeros(K, dtype=bool)
        mask[:len(actions)] = True
        return Decision(features, mask, actions)

    # ------------------------------------------------------------- features
    @staticmethod
    def _globals(g: np.ndarray, av: ArcaneObs, b: _Board, kind: str) -> None:
        v = av.magic
        g[ALL_DECISIONS.index(kind)] = 1.0
        i = len(ALL_DECISIONS)
        mine = b.creature & (b.ctrl == 0)
        theirs = b.creature & (b.ctrl == 1)
        incoming = b.attacking & (b.ctrl == 1)
        g[i:i + 17] = (
            v.seat("life", 0), av.get("lab_library"), av.get("round"),
            av.get("safe_turns_left"), av.get("lab_turn"), av.get("boss_arrived"),
            av.get("boss_on_battlefield"), av.get("boss_buff"), av.get("hero_exhausted"),
            v.seat("hand", 0), v.seat("untapped_lands", 0),
            mine.sum() / 20, np.clip(b.power[mine], 0, None).sum() / 40,
            theirs.sum() / 20, np.clip(b.power[theirs], 0, None).sum() / 40,
            np.clip(b.power[incoming], 0, None).sum() / 40,
            max(av.get("entropy_active"), av.get("desperation_active")),
        )
        i += 17
        n_kits = len(HERO_KITS) + 1
        g[i:i + n_kits] = av.arcane[_KIT0:_KIT0 + n_kits]
        i += n_kits
        g[i:i + len(LABYRINTHS) + 1] = av.arcane[_LAB0:_LAB0 + len(LABYRINTHS) + 1]

    def _candidate(self, row: np.ndarray, av: ArcaneObs, b: _Board, hero: int | None,
                   kind: str, a: int, first: bool) -> None:
        v = av.magic
        row[0] = 1.0
        row[1] = float(first)
        k, perm, card = self._object(av, kind, a)
        row[2 + KINDS.index(k)] = 1.0
        i = 2 + len(KINDS)
        if k == "player":
            seat = a - A.PLAYER
            row[i] = float(seat == 0)
            row[i + 1] = float(seat != 0)
            return
        if perm is not None:
            row[i] = float(b.ctrl[perm] == 0)
            row[i + 1] = float(b.ctrl[perm] == 1)
            row[i + 2] = float(perm == hero)
            row[i + 3] = float(b.ctrl[perm] == 1 and av.get("boss_on_battlefield") > 0
                               and np.array_equal(v.perm_card[perm], av.boss))
        elif card is not None and k in ("cast", "hand"):
            row[i] = 1.0  # our own hand
        i += 4
        if perm is not None:
            p = v.perm[perm]
            row[i:i + 4] = (p[PERM["power_now"]], p[PERM["toughness_now"]],
                            p[PERM["damage"]], p[PERM["tapped"]])
            row[i + 4:i + 4 + len(KEYWORDS)] = [p[_KW[kw]] for kw in KEYWORDS]
        elif card is not None:
            row[i:i + 2] = card[CARD["power"]], card[CARD["toughness"]]
            row[i + 4:i + 4 + len(KEYWORDS)] = [
                card[j] if j is not None else 0.0 for j in _CARD_KW.values()]
        i += 4 + len(KEYWORDS)
        if card is None:
            return
        row[i:i + len(TYPES)] = [card[CARD[f"type_{t}"]] for t in TYPES]
        i += len(TYPES)
        row[i] = card[CARD["equipment"]]
        row[i + 1] = card[CARD["aura"]]
        row[i + 2] = card[CARD["mana_value"]]
        i += 3
        row[i] = float(any(card[CARD[f"fx_{e}"]] > 0 for e in HARMFUL))
        row[i + 1] = float(any(card[CARD[f"fx_{e}"]] > 0 for e in HELPFUL))
        row[i + 2] = card[CARD["amount_DealDamage"]]
        row[i + 3] = b.value(perm) / 20 if perm is not None else 0.0
        i += 4
        # choosing the attacker a blocker blocks: how that fight would end
        if kind == "block_target" and perm is not None:
            subject = np.flatnonzero(b.subject)
            if len(subject):
                attacker_dies, blocker_dies = b.fight(perm, int(subject[0]))
                row[i:i + 2] = float(attacker_dies), float(blocker_dies)

    @staticmethod
    def _object(av: ArcaneObs, kind: str, a: int):
        """``(kind of move, permanent slot or None, card features or None)``."""
        v = av.magic
        if a in (A.PASS, A.DONE, A.YES, A.NO, A.KEEP, A.MULLIGAN):
            return "pass", None, None
        if A.CAST <= a < A.ACTIVATE:
            return "cast", None, v.hand[a - A.CAST]
        if A.ACTIVATE <= a < A.PLAYER:
            j = (a - A.ACTIVATE) // A.MAX_ABILITIES
            return "activate", j, v.perm_card[j]
        if A.PLAYER <= a < A.PERMANENT:
            return "player", None, None
        if A.PERMANENT <= a < A.STACK:
            j = a - A.PERMANENT
            return "permanent", j, v.perm_card[j]
        if A.MODE <= a < A.ATTACK:
            m = a - A.MODE
            if kind == "shop" and m < len(av.shop):
                return "mode", None, av.shop[m]
            return "mode", None, None
        if A.ATTACK <= a < A.BLOCK:
            j = (a - A.ATTACK) // (A.MAX_PLAYERS - 1)
            return "attack", j, v.perm_card[j]
        if A.BLOCK <= a < A.HAND:
            j = a - A.BLOCK
            return "block", j, v.perm_card[j]
        if A.HAND <= a < A.HAND_ABILITY:
            return "hand", None, v.hand[a - A.HAND]
        if A.HAND_ABILITY <= a < A.NUM_ACTIONS:
            return "hand", None, v.hand[a - A.HAND_ABILITY]
        return "other", None, None  # stack choices: described by their kind alone


__all__ = ["ArcaneCandidates", "CAND_FEATURES", "CHOSEN", "GLOBAL_FEATURES", "K"]
