"""The monster encounter: initiative, the members' choices, and the DM's fixed monster play.

Rulings (beyond RULINGS.md):

- The monster's initiative (d20 + its DEX) is slotted into the party's pre-rolled order;
  on a tie the members go first.
- Members choose among attack / dodge / help / a healing potion / waking a sleeper.
  *Attack*: d20 + attack bonus vs the monster's AC, a natural 20 hits and doubles the
  damage dice, a natural 1 misses. *Dodge*: attacks against the member have
  disadvantage until its next turn. *Help*: the next attack by another member has
  advantage (the helper's own attack does not; the help lapses when the helper's next
  turn begins). Advantage and disadvantage cancel.
- The DM plays the monster the same way every time: a ``reckless`` monster attacks
  recklessly every turn (its attacks have advantage, attacks against it have advantage
  until its next turn); a monster with a ``charge`` uses it on its first turn (that attack,
  with the extra dice on a hit); otherwise it makes its multiattack. Each attack targets a
  member uniformly at random among those still standing (the party cannot predict it).
- Sleeping members skip their combat turns (each skipped turn counts toward the two);
  damage wakes a sleeper, as in 5e.
- A member at 0 HP is down for the maze. All members down: the maze is lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from labyrinth_gym.envs.maze_party.engine.data import Monster

if TYPE_CHECKING:
    from labyrinth_gym.envs.maze_party.engine.game import MazePartyGame

MONSTER_SEAT = -1


class Encounter:
    """The state of one fight."""

    __slots__ = (
        "monster", "hp", "order", "pos", "monster_turns", "reckless_active", "helped_by",
        "dodging",
    )

    def __init__(self, monster: Monster, order: list[int], n_members: int):
        self.monster = monster
        self.hp = monster.hp
        #: Combat order: member seats and :data:`MONSTER_SEAT`.
        self.order = order
        self.pos = 0
        self.monster_turns = 0
        self.reckless_active = False
        #: Seat that took the Help action (-1: none); it lasts until another member
        #: attacks or the helper's next turn begins (5e's Help).
        self.helped_by = -1
        self.dodging = [False] * n_members

    @property
    def helped(self) -> bool:
        return self.helped_by >= 0

    def copy(self) -> Encounter:
        new = Encounter.__new__(Encounter)
        new.monster = self.monster
        new.hp = self.hp
        new.order = self.order[:]
        new.pos = self.pos
        new.monster_turns = self.monster_turns
        new.reckless_active = self.reckless_active
        new.helped_by = self.helped_by
        new.dodging = self.dodging[:]
        return new

    def to_dict(self) -> dict:
        return {
            "monster": self.monster.key,
            "hp": self.hp,
            "order": self.order,
            "pos": self.pos,
            "monster_turns": self.monster_turns,
            "reckless_active": self.reckless_active,
            "helped_by": self.helped_by,
            "dodging": self.dodging,
        }

    @classmethod
    def from_dict(cls, data: dict, monsters: dict[str, Monster]) -> Encounter:
        new = cls(monsters[data["monster"]], list(data["order"]), len(data["dodging"]))
        new.hp = data["hp"]
        new.pos = data["pos"]
        new.monster_turns = data["monster_turns"]
        new.reckless_active = data["reckless_active"]
        new.helped_by = data["helped_by"]
        new.dodging = list(data["dodging"])
        return new


def roll_damage(game: MazePartyGame, dice_spec: tuple[int, int, int], crit: bool) -> int:
    count, sides, bonus = dice_spec
    n = count * 2 if crit else count
    total = bonus
    for _ in range(n):
        total += game.dice.roll(sides)
    return max(total, 0)


def start_encounter(game: MazePartyGame) -> None:
    """Roll the monster table and its initiative; the fight begins."""
    maze = game.maze
    monster = maze.monster_for(game.dice.roll(6))
    init = game.dice.roll(20) + monster.dex
    members = [s for s in game.order]
    order: list[int] = []
    placed = False
    for seat in members:
        if not placed and init > game.initiative[seat]:
            order.append(MONSTER_SEAT)
            placed = True
        order.append(seat)
    if not placed:
        order.append(MONSTER_SEAT)
    game.combat = Encounter(monster, order, game.n)
    game.log("encounter", monster=monster.name, hp=monster.hp, initiative=init, order=order)
    advance_combat(game, first=True)


def advance_combat(game: MazePartyGame, first: bool = False) -> None:
    """Run combat turns until a member must decide or the fight ends."""
    enc = game.combat
    assert enc is not None
    if not first:
        enc.pos = (enc.pos + 1) % len(enc.order)
    while True:
        if game.outcome is not None or enc.hp <= 0:
            return
        seat = enc.order[enc.pos]
        if seat == MONSTER_SEAT:
            monster_turn(game)
            if game.outcome is not None:
                return
        elif game.hp[seat] > 0:
            enc.dodging[seat] = False
            if enc.helped_by == seat:
                enc.helped_by = -1
            if game.asleep[seat] > 0:
                game.asleep[seat] -= 1
                game.log("skip_asleep", member=seat, left=game.asleep[seat], combat=True)
            else:
                game.active = seat
                return
        enc.pos = (enc.pos + 1) % len(enc.order)


def monster_turn(game: MazePartyGame) -> None:
    enc = game.combat
    monster = enc.monster
    enc.reckless_active = monster.reckless
    enc.monster_turns += 1
    if enc.monster_turns == 1 and monster.charge is not None:
        _monster_attack(game, monster.charge, extra=monster.charge_extra)
    else:
        for attack in monster.multiattack:
            if game.outcome is not None:
                break
            _monster_attack(game, attack, extra=None)


def _monster_attack(game: MazePartyGame, attack, extra) -> None:
    enc = game.combat
    standing = [s for s in range(game.n) if game.hp[s] > 0]
    if not standing:
        return
    target = standing[game.dice.index(len(standing))]
    adv = (1 if enc.reckless_active else 0) - (1 if enc.dodging[target] else 0)
    d = game.dice.d20(adv)
    hit = d != 1 and (d == 20 or d + attack.to_hit >= game.party[target].ac)
    damage = 0
    if hit:
        damage = roll_damage(game, attack.damage, crit=d == 20)
        if extra is not None:
            damage += roll_damage(game, extra, crit=d == 20)
    game.log(
        "monster_attack", attack=attack.name, target=target, roll=d, hit=hit, damage=damage
    )
    if hit:
        game.damage(target, damage)


def member_attack(game: MazePartyGame, seat: int) -> None:
    enc = game.combat
    ch = game.party[seat]
    helped = enc.helped_by >= 0 and enc.helped_by != seat
    if helped:
        enc.helped_by = -1
    adv = (1 if enc.reckless_active else 0) + (1 if helped else 0)
    d = game.dice.d20(1 if adv > 0 else 0)
    hit = d != 1 and (d == 20 or d + ch.attack_bonus >= enc.monster.ac)
    damage = roll_damage(game, ch.damage, crit=d == 20) if hit else 0
    enc.hp -= damage
    game.log("attack", member=seat, roll=d, hit=hit, damage=damage, monster_hp=max(enc.hp, 0))
    if enc.hp <= 0:
        end_encounter(game)


def end_encounter(game: MazePartyGame) -> None:
    """The monster is slain: the party escapes, or one Monster card leaves the deck.

    The DM takes a random one of the deck's Monsters out of the party's sight: the
    party learns that one went, not which (see ``Piles.take_unseen``).
    """
    enc = game.combat
    game.log("monster_slain", monster=enc.monster.name)
    game.combat = None
    if game.maze.kill_monster_wins:
        game.finish("escaped", reason="monster slain")
        return
    piles = game.piles
    positions = [i for i, c in enumerate(piles.deck) if c == 2]  # MONSTER
    if positions:
        piles.take_unseen(positions[game.dice.index(len(positions))])
        game.removed[2] += 1
        game.log("monster_card_removed", source="deck")
    else:
        game.log("monster_card_removed", source="none")
