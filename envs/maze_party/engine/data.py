"""Load the maze party's data files (characters, monsters, maze tables) into dataclasses."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from labyrinth_gym.envs.core.dice import parse_dice

STATS = ("STR", "DEX", "INT", "WIS", "CHA")
CARD_KINDS = ("right_path", "dead_end", "monster", "room")


@dataclass(frozen=True)
class Character:
    """A party member's sheet."""

    key: str
    name: str
    mods: tuple[int, int, int, int, int]  # STR, DEX, INT, WIS, CHA
    hp: int
    ac: int
    attack_bonus: int
    damage: tuple[int, int, int]  # count, sides, bonus

    @property
    def dex(self) -> int:
        return self.mods[1]


@dataclass(frozen=True)
class Attack:
    name: str
    to_hit: int
    damage: tuple[int, int, int]


@dataclass(frozen=True)
class Monster:
    """A monster's stat block and the DM's fixed way of playing it."""

    key: str
    name: str
    ac: int
    hp: int
    dex: int
    multiattack: tuple[Attack, ...]
    reckless: bool
    charge: Attack | None
    charge_extra: tuple[int, int, int] | None


@dataclass(frozen=True)
class Trap:
    name: str
    rolls: tuple[int, ...]
    dc_offset: int
    effect: str  # slowing | poison_dart | sleep_dust
    save_offset: int = 0
    damage: tuple[int, int, int] | None = None
    sleep_turns: int = 0


@dataclass(frozen=True)
class Treasure:
    name: str
    rolls: tuple[int, ...]
    effect: str  # potion | charm | map
    heal: tuple[int, int, int] | None = None
    bonus: int = 0
    cards: int = 0


@dataclass(frozen=True)
class Maze:
    """One Labyrinth table: DC, deck, victory condition and its d6 tables."""

    key: str
    name: str
    dc: int
    cards: tuple[int, int, int, int]  # right_path, dead_end, monster, room
    right_paths_to_win: int
    kill_monster_wins: bool
    monster_table: tuple[tuple[tuple[int, ...], Monster], ...]
    trap_table: tuple[Trap, ...]
    treasure_table: tuple[Treasure, ...]

    def monster_for(self, roll: int) -> Monster:
        for rolls, monster in self.monster_table:
            if roll in rolls:
                return monster
        raise KeyError(roll)

    def trap_for(self, roll: int) -> Trap:
        return next(t for t in self.trap_table if roll in t.rolls)

    def treasure_for(self, roll: int) -> Treasure:
        return next(t for t in self.treasure_table if roll in t.rolls)


EFFECTS = {"trap": {"slowing", "poison_dart", "sleep_dust"}, "treasure": {"potion", "charm", "map"}}


def _load(name: str) -> dict:
    pkg = resources.files("labyrinth_gym.envs.maze_party")
    return tomllib.loads(pkg.joinpath("data", name).read_bytes().decode())


def _check_d6(key: str, what: str, faces: list[int]) -> None:
    if sorted(faces) != [1, 2, 3, 4, 5, 6]:
        raise ValueError(f"maze {key!r}: the {what} table must cover 1-6 once, got {sorted(faces)}")


@cache
def characters() -> dict[str, Character]:
    """Every sample character, keyed by id (``"fighter"``...)."""
    out = {}
    for key, d in _load("characters.toml").items():
        out[key] = Character(
            key=key,
            name=d["name"],
            mods=tuple(int(d["mods"][s]) for s in STATS),
            hp=int(d["hp"]),
            ac=int(d["ac"]),
            attack_bonus=int(d["attack_bonus"]),
            damage=parse_dice(d["damage"]),
        )
    return out


@cache
def monsters() -> dict[str, Monster]:
    """Every monster stat block, keyed by id (``"minotaur"``...)."""
    out = {}
    for key, d in _load("monsters.toml").items():
        attacks = {
            n: Attack(n, int(a["to_hit"]), parse_dice(a["damage"]))
            for n, a in d["attacks"].items()
        }
        charge = d.get("charge")
        out[key] = Monster(
            key=key,
            name=d["name"],
            ac=int(d["ac"]),
            hp=int(d["hp"]),
            dex=int(d["dex"]),
            multiattack=tuple(attacks[n] for n in d["multiattack"]),
            reckless=bool(d.get("reckless", False)),
            charge=attacks[charge["attack"]] if charge else None,
            charge_extra=parse_dice(charge["extra"]) if charge else None,
        )
    return out


@cache
def mazes() -> dict[str, Maze]:
    """Every maze table, keyed by id (``"enchanted_forest"``...)."""
    mons = monsters()
    out = {}
    for key, d in _load("mazes.toml").items():
        traps = tuple(
            Trap(
                name=t["name"],
                rolls=tuple(t["rolls"]),
                dc_offset=int(t["dc"]),
                effect=t["effect"],
                save_offset=int(t.get("save", 0)),
                damage=parse_dice(t["damage"]) if "damage" in t else None,
                sleep_turns=int(t.get("sleep_turns", 0)),
            )
            for t in d["trap_table"]
        )
        treasures = tuple(
            Treasure(
                name=t["name"],
                rolls=tuple(t["rolls"]),
                effect=t["effect"],
                heal=parse_dice(t["heal"]) if "heal" in t else None,
                bonus=int(t.get("bonus", 0)),
                cards=int(t.get("cards", 0)),
            )
            for t in d["treasure_table"]
        )
        _check_d6(key, "trap", [r for t in traps for r in t.rolls])
        _check_d6(key, "treasure", [r for t in treasures for r in t.rolls])
        _check_d6(key, "monster", [r for m in d["monster_table"] for r in m["rolls"]])
        for t in traps:
            if t.effect not in EFFECTS["trap"]:
                raise ValueError(f"maze {key!r}: unknown trap effect {t.effect!r}")
        for t in treasures:
            if t.effect not in EFFECTS["treasure"]:
                raise ValueError(f"maze {key!r}: unknown treasure effect {t.effect!r}")
        out[key] = Maze(
            key=key,
            name=d["name"],
            dc=int(d["dc"]),
            cards=tuple(int(d["cards"][k]) for k in CARD_KINDS),
            right_paths_to_win=int(d["victory"]["right_paths"]),
            kill_monster_wins=bool(d["victory"]["kill_monster"]),
            monster_table=tuple(
                (tuple(m["rolls"]), mons[m["monster"]]) for m in d["monster_table"]
            ),
            trap_table=traps,
            treasure_table=treasures,
        )
    return out
