"""Maze party state -> observation vector, and back to named fields.

The observation holds only what the party can know: counts of card kinds, face-up river
cards, what Scout Ahead / It's Elementary! / a Map Fragment showed, the party's own
sheets and status, and the fight. Never the deck order or a face-down card nobody saw.

Layout (``float32``, all values in [-1, 1]; see :data:`OFFSETS`):

| block      | size | content                                                              |
|------------|------|----------------------------------------------------------------------|
| members    | 6x17 | per seat: present, 5 stat mods/5, hp/max, max hp/50, AC/25, attack/10,|
|            |      | mean damage/25, down, asleep turns/2, initiative rank, active,       |
|            |      | observer, dodging                                                    |
| phase      | 10   | one-hot decision point (:data:`.engine.game.PHASE_NAMES`)            |
| actions    | 10   | removed x5, used x5 (STR, DEX, INT, WIS, CHA)                         |
| progress   | 9    | points/needed, needed/10, dm points/2, DC/20, killing wins,          |
|            |      | turn/max turns, round/50, potions/5, charms/5                        |
| river      | 3x7  | per slot: empty, face down unknown, stuck Dead End, known kind x4    |
| scout      | 4    | kind of the scouted deck card                                        |
| elementary | 3x4  | kinds of the cards It's Elementary! drew                             |
| deck       | 16   | known top kind x4, known 2nd kind x4, known pair counts/2 x4,        |
|            |      | known bottom kind x4                                                 |
| counts     | 14   | in play x4 /20, unseen x4 /20, deck/30, discard/30, known discard x4 |
| combat     | 7    | fighting, monster hp/max, max hp/100, AC/25, reckless, helped,       |
|            |      | monster has acted                                                    |

Member blocks are in seat order (so action indices that name a member stay aligned);
the ``observer`` and ``active`` flags say whose view it is and who is acting.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine.cards import EMPTY, KNOWN, KNOWN_SET, UNKNOWN
from labyrinth_gym.envs.maze_party.engine.game import NUM_PHASES, MazePartyGame

MEMBER = 17
SIZES = {
    "members": A.MAX_MEMBERS * MEMBER,
    "phase": NUM_PHASES,
    "actions": 10,
    "progress": 9,
    "river": 21,
    "scout": 4,
    "elementary": 12,
    "deck": 16,
    "counts": 14,
    "combat": 7,
}
OFFSETS: dict[str, int] = {}
_o = 0
for _k, _n in SIZES.items():
    OFFSETS[_k] = _o
    _o += _n
OBS_SIZE = _o

M_PRESENT, M_MODS, M_HP, M_MAXHP, M_AC, M_ATK, M_DMG = 0, 1, 6, 7, 8, 9, 10
M_DOWN, M_ASLEEP, M_RANK, M_ACTIVE, M_OBSERVER, M_DODGING = 11, 12, 13, 14, 15, 16

_PH = OFFSETS["phase"]
_AC = OFFSETS["actions"]
_PR = OFFSETS["progress"]
_RV = OFFSETS["river"]
_SC = OFFSETS["scout"]
_EL = OFFSETS["elementary"]
_DK = OFFSETS["deck"]
_CT = OFFSETS["counts"]
_CB = OFFSETS["combat"]

_templates: dict[tuple, list[float]] = {}


def _template(game: MazePartyGame) -> list[float]:
    """The parts of the observation that never change during a run."""
    key = (game.maze.key, tuple(c.key for c in game.party), tuple(game.order))
    tpl = _templates.get(key)
    if tpl is None:
        tpl = np.zeros(OBS_SIZE, dtype=np.float32)
        for s, ch in enumerate(game.party):
            b = s * MEMBER
            tpl[b + M_PRESENT] = 1.0
            for i, m in enumerate(ch.mods):
                tpl[b + M_MODS + i] = m / 5.0
            tpl[b + M_MAXHP] = min(ch.hp / 50.0, 1.0)
            tpl[b + M_AC] = ch.ac / 25.0
            tpl[b + M_ATK] = ch.attack_bonus / 10.0
            count, sides, bonus = ch.damage
            tpl[b + M_DMG] = min((count * (sides + 1) / 2 + bonus) / 25.0, 1.0)
            tpl[b + M_RANK] = game.order.index(s) / A.MAX_MEMBERS
        maze = game.maze
        tpl[_PR + 1] = maze.right_paths_to_win / 10.0
        tpl[_PR + 3] = maze.dc / 20.0
        tpl[_PR + 4] = 1.0 if maze.kill_monster_wins else 0.0
        tpl = tpl.tolist()
        _templates[key] = tpl
    return tpl


def encode(game: MazePartyGame, observer: int) -> np.ndarray:
    """The observation of seat ``observer`` (the party's shared knowledge)."""
    # Filled as a Python list: item assignment on a list is several times cheaper
    # than on a numpy array, and this runs on every env step.
    obs = _template(game)[:]
    hp = game.hp
    party = game.party
    for s in range(game.n):
        b = s * MEMBER
        h = hp[s]
        obs[b + M_HP] = h / party[s].hp
        if h <= 0:
            obs[b + M_DOWN] = 1.0
        if game.asleep[s]:
            obs[b + M_ASLEEP] = game.asleep[s] / 2.0
    if 0 <= observer < game.n:
        obs[observer * MEMBER + M_OBSERVER] = 1.0
    if game.outcome is None:
        obs[game.active * MEMBER + M_ACTIVE] = 1.0
    obs[_PH + game.phase] = 1.0
    for i in range(5):
        if game.removed_actions[i]:
            obs[_AC + i] = 1.0
        if game.used[i]:
            obs[_AC + 5 + i] = 1.0
    maze = game.maze
    obs[_PR] = min(game.points / maze.right_paths_to_win, 1.0)
    obs[_PR + 2] = game.dm_points / 2.0
    obs[_PR + 5] = game.turn / game.max_turns
    obs[_PR + 6] = min(game.round / 50.0, 1.0)
    obs[_PR + 7] = min(game.potions / 5.0, 1.0)
    obs[_PR + 8] = min(game.charms / 5.0, 1.0)

    piles = game.piles
    river = piles.river
    for i in range(3):
        b = _RV + 7 * i
        card = river[i]
        if card == EMPTY:
            obs[b] = 1.0
        elif piles.stuck[i]:
            obs[b + 2] = 1.0
            obs[b + 3 + card] = 1.0
        elif game.revealed[i] or piles.river_known[i]:
            obs[b + 3 + card] = 1.0
        else:
            obs[b + 1] = 1.0
    if game.scout_card != EMPTY:
        obs[_SC + game.scout_card] = 1.0
    for i, card in enumerate(game.elementary):
        obs[_EL + 4 * i + card] = 1.0

    deck, known = piles.deck, piles.deck_known
    n_deck = len(deck)
    if n_deck:
        if known[-1] == KNOWN:
            obs[_DK + deck[-1]] = 1.0
        if n_deck > 1 and known[-2] == KNOWN:
            obs[_DK + 4 + deck[-2]] = 1.0
        # Wherever the pair lies: a Sleep Dust Monster can sit on top of it, and then
        # reading only the top two places would name one of its cards.
        for card, k in zip(deck, known, strict=True):
            if k == KNOWN_SET:
                obs[_DK + 8 + card] += 0.5
        if n_deck > 2 and known[0] == KNOWN:
            obs[_DK + 12 + deck[0]] = 1.0

    in_play = game.card_counts()
    unseen = piles.unseen_counts()
    for k in range(4):
        obs[_CT + k] = min(in_play[k] / 20.0, 1.0)
        obs[_CT + 4 + k] = min(unseen[k] / 20.0, 1.0)
    obs[_CT + 8] = min(n_deck / 30.0, 1.0)
    obs[_CT + 9] = min(len(piles.discard) / 30.0, 1.0)
    known_discard = [0, 0, 0, 0]
    for card, k in zip(piles.discard, piles.discard_known, strict=True):
        if k != UNKNOWN:
            known_discard[card] += 1
    for k in range(4):
        obs[_CT + 10 + k] = min(known_discard[k] / 20.0, 1.0)

    enc = game.combat
    if enc is not None:
        m = enc.monster
        obs[_CB] = 1.0
        obs[_CB + 1] = max(enc.hp, 0) / m.hp
        obs[_CB + 2] = min(m.hp / 100.0, 1.0)
        obs[_CB + 3] = m.ac / 25.0
        obs[_CB + 4] = 1.0 if enc.reckless_active else 0.0
        obs[_CB + 5] = 1.0 if enc.helped else 0.0
        obs[_CB + 6] = 1.0 if enc.monster_turns else 0.0
        for s in range(game.n):
            if enc.dodging[s]:
                obs[s * MEMBER + M_DODGING] = 1.0
    return np.array(obs, dtype=np.float32)


class ObsView:
    """Named read access to an observation vector (for heuristics and front ends)."""

    def __init__(self, obs: np.ndarray):
        self.obs = np.asarray(obs, dtype=np.float32)

    def member(self, seat: int, field: int) -> float:
        return float(self.obs[seat * MEMBER + field])

    @property
    def members(self) -> list[int]:
        return [s for s in range(A.MAX_MEMBERS) if self.member(s, M_PRESENT) > 0.5]

    @property
    def active(self) -> int:
        for s in range(A.MAX_MEMBERS):
            if self.member(s, M_ACTIVE) > 0.5:
                return s
        return -1

    def mod(self, seat: int, stat: int) -> int:
        return round(self.member(seat, M_MODS + stat) * 5)

    def hp_fraction(self, seat: int) -> float:
        return self.member(seat, M_HP)

    def max_hp(self, seat: int) -> int:
        return round(self.member(seat, M_MAXHP) * 50)

    def down(self, seat: int) -> bool:
        return self.member(seat, M_DOWN) > 0.5

    def asleep(self, seat: int) -> bool:
        return self.member(seat, M_ASLEEP) > 0

    def attack_bonus(self, seat: int) -> int:
        return round(self.member(seat, M_ATK) * 10)

    def mean_damage(self, seat: int) -> float:
        return self.member(seat, M_DMG) * 25

    @property
    def phase(self) -> int:
        return int(np.argmax(self.obs[_PH : _PH + NUM_PHASES]))

    @property
    def dc(self) -> int:
        return round(float(self.obs[_PR + 3]) * 20)

    @property
    def points_needed(self) -> int:
        return round(float(self.obs[_PR + 1]) * 10)

    @property
    def points(self) -> int:
        return round(float(self.obs[_PR]) * self.points_needed)

    @property
    def dm_points(self) -> int:
        return round(float(self.obs[_PR + 2]) * 2)

    @property
    def kill_wins(self) -> bool:
        return self.obs[_PR + 4] > 0.5

    @property
    def charms(self) -> int:
        return round(float(self.obs[_PR + 8]) * 5)

    def river_slot(self, i: int) -> tuple[str, int]:
        """``("empty"|"down"|"stuck"|"known", kind)`` of river slot ``i``."""
        b = _RV + 7 * i
        kinds = self.obs[b + 3 : b + 7]
        kind = int(np.argmax(kinds)) if kinds.max() > 0.5 else -1
        if self.obs[b] > 0.5:
            return "empty", -1
        if self.obs[b + 2] > 0.5:
            return "stuck", kind
        if kind >= 0:
            return "known", kind
        return "down", -1

    def _onehot(self, start: int) -> int:
        block = self.obs[start : start + 4]
        return int(np.argmax(block)) if block.max() > 0.5 else -1

    @property
    def scout_card(self) -> int:
        return self._onehot(_SC)

    @property
    def elementary(self) -> list[int]:
        return [k for k in (self._onehot(_EL + 4 * i) for i in range(3)) if k >= 0]

    @property
    def deck_top(self) -> int:
        return self._onehot(_DK)

    @property
    def deck_second(self) -> int:
        return self._onehot(_DK + 4)

    @property
    def unseen(self) -> list[int]:
        return [round(float(x) * 20) for x in self.obs[_CT + 4 : _CT + 8]]

    @property
    def in_combat(self) -> bool:
        return self.obs[_CB] > 0.5

    @property
    def monster_hp_fraction(self) -> float:
        return float(self.obs[_CB + 1])

    @property
    def monster_ac(self) -> int:
        return round(float(self.obs[_CB + 3]) * 25)
