"""The treasure deck of Dungeon Crawler Labyrinth: drawing loot and event cards,
playing them, and the windows after rolls.

The rulebook says a card may be played "at any time (even after a roll has been made
to change the results of the roll)" and can not be un-played; what each card does is
this project's design (``data/treasure.toml``). "At any time" is read as: in every
player's activation, not only the holder's. The engine offers the cards at these
points (a player is never asked when nothing of theirs can be played):

- **In its holder's adventurer phase**, on its decisions (the pair, each move, each
  attack), cards of timing ``equip``, ``any`` and ``turn`` are extra legal actions. A
  card played there takes effect (asking for its target first, if it has one) and the
  same decision is asked again, so several cards may be played in turn. Loot needs its
  holder's adventurer on the board.
- **In a card window**, cards of timing ``equip`` and ``any``: every activation opens
  one before each of its five steps (before the adventurer phase the active player is
  not asked: its pair decision offers the same cards at once) and one after every roll
  (attack, push, re-spawn; after the roll's own window below, before the roll takes
  effect). Each player holding such a card it may play is asked in turn, clockwise
  from the player whose activation it is; ``done`` passes; after a play everyone may
  answer again; all passed, the game goes on. A card played there takes effect at
  once, in the middle of the other player's activation: an attack it makes is rolled
  and resolved (with its own windows) before the interrupted one goes on; a push
  whose pusher or target a card moved or removed is void (``push_void``: the pusher
  stays, its move goes on); a roll's hits land on its target wherever it now stands.
  ``turn`` cards (the potions of Flight and Firewalk, Quickness, Rapid Strike) act on
  their holder's own activation and are offered only in its adventurer phase. (The
  Teleport Trap's die is the card's own effect: it opens no window.)
- **After every roll** (an attack roll against one target, a Push Passed roll, a
  re-spawn roll), a window opens for the players the roll concerns, the roller first:
  the attacking adventurer's player and the attacked adventurer's player; the pusher's
  and the pushed adventurer's; the re-spawning player. Each is asked in turn, while
  they hold a ``roll`` card that changes this roll's result (a die that would then
  hit, a push that would then be won, a hit to cancel or reflect, a re-spawn die below
  6); ``done`` passes. After a play, everyone who passed may answer again. Then the
  roll's result stands.

Drawing: a player draws the monster card's treasure value for each monster its
adventurer slays, and one card for each treasure pile its adventurer moves over by its
own move (the token is then removed). An empty deck is rebuilt by shuffling the
discards; still empty, no card is drawn. Played cards go to the discard pile; an
equipped card stays in play on its adventurer. A slain adventurer's player discards
its hand and its equipment. The Secret Door sets cards aside in the Secret Room, out of
the game.

Which cards a player holds is hidden from the others: the event log names every card
drawn (the referee's record), and :meth:`TreasureRules.event_for` leaves the name out
of a draw for every seat but the drawer's; equipment in play and the discard pile are
public.
"""

from __future__ import annotations

from typing import Any

from labyrinth_gym.envs.dungeon_crawler.engine import actions as A
from labyrinth_gym.envs.dungeon_crawler.engine.data import (
    TreasureCard,
    tiles,
    treasure_cards,
)
from labyrinth_gym.envs.dungeon_crawler.engine.geometry import (
    CHEST,
    DEEP,
    FLOOR,
    LAVA,
    SHALLOW,
    UNREVEALED,
    WALL,
    Mover,
    Square,
    area,
    enterable,
    king_distance,
    may_end_on,
    neighbours,
)

RANGED_KINDS = ("ranged", "area", "trap")
"""Attack kinds the Magic Cloak's defence counts against."""


class TreasureRules:
    """The treasure half of :class:`~.game.DungeonCrawlerGame` (a mixin: it uses the
    game's figures, seats, dice, board and queue)."""

    # ------------------------------------------------------------- the deck
    def _draw_treasure(self, p: int, n: int, *, into: list[int] | None = None) -> int:
        """Draw ``n`` treasure cards into ``p``'s hand (or ``into``); the number drawn."""
        got = 0
        for _ in range(n):
            if not self.treasure:
                self.treasure, self.treasure_discard = self.treasure_discard, []
                self.dice.shuffle(self.treasure)
                if self.treasure:
                    self.log("treasure_reshuffled", cards=len(self.treasure))
            if not self.treasure:
                break
            cid = self.treasure.pop()
            (self.seats[p].hand if into is None else into).append(cid)
            self.log("draw_treasure", player=p, card=treasure_cards()[cid].name)
            got += 1
        return got

    def event_for(self, event: dict[str, Any], player: int) -> dict[str, Any]:
        """A treasure draw shows the card to the drawer only; the others see that a
        card was drawn. Every other event is public."""
        if event["type"] == "draw_treasure" and event["player"] != player:
            return {k: v for k, v in event.items() if k != "card"}
        return event

    def _lose_cards(self, p: int) -> None:
        """A slain adventurer's player discards its hand and equipment."""
        seat = self.seats[p]
        lost = seat.hand + seat.equipped
        if lost:
            self.treasure_discard.extend(lost)
            self.log("cards_lost", player=p, cards=[treasure_cards()[c].name for c in lost])
        seat.hand = []
        seat.equipped = []

    def equip_bonus(self, p: int, key: str) -> int:
        """``p``'s adventurer's bonus to stat ``key`` from its equipment."""
        cards = treasure_cards()
        return sum(cards[c].stat(key) for c in self.seats[p].equipped)

    def hero_mover(self, p: int) -> Mover:
        """How ``p``'s adventurer moves: a walker, flying or fire-immune while a potion
        of this activation lasts."""
        status = self.ctx.get("status") if self.ctx.get("player") == p else None
        if not status:
            return Mover()
        return Mover(flight="flight" in status, fire_immune="fire_immune" in status)

    # ------------------------------------------------ cards in an activation
    def _activation_cards(self, p: int) -> list[int]:
        """Actions of the cards ``p`` may play now on an adventurer-phase decision."""
        if self.ctx.get("player") != p:
            return []
        cards = treasure_cards()
        return [A.card(c) for c in sorted(self.seats[p].hand)
                if cards[c].timing != "roll" and self._playable(p, cards[c])]

    def _window_cards(self, q: int) -> list[int]:
        """Hand cards ``q`` may play in a card window (timing ``equip`` or ``any``)."""
        cards = treasure_cards()
        return [c for c in sorted(self.seats[q].hand)
                if cards[c].timing in ("equip", "any") and self._playable(q, cards[c])]

    def _step_card_window(self, passed: list[int]) -> None:
        """Ask, clockwise from the player whose activation it is, each player who has
        not passed and holds a card it may play now; all passed: the window closes.
        A play reopens it to everyone (the card may have changed what they would do)."""
        active = self.ctx.get("player", self.order[0])
        i = self.order.index(active)
        for q in self.order[i:] + self.order[:i]:
            if q not in passed and self.seats[q].joined and self.seats[q].hand \
                    and self._window_cards(q):
                self.queue.insert(0, ("card_window", passed))
                self._ask("card_window", q)
                return

    def _playable(self, p: int, c: TreasureCard) -> bool:
        hero = self.seats[p].hero
        if c.kind == "loot" and hero is None:
            return False
        e = c.effect
        if c.target:
            return bool(self._card_targets(p, c))
        if e == "draw":
            return bool(self.treasure or self.treasure_discard)
        if e == "heal_all":
            return True
        if e == "tile":
            return bool(self.tile_deck and self.board.open_slots())
        if e == "spawn":
            return self._can_spawn(p) and bool(self._spawn_squares())
        if e == "figure":
            return len(self.seats[p].monsters) < self.max_monsters() and bool(
                self._spawn_squares())
        if e in ("status", "heal", "quickness", "extra_attack", "equip"):
            return hero is not None
        raise AssertionError(e)

    def _can_spawn(self, p: int) -> bool:
        return len(self.seats[p].monsters) < self.max_monsters() and bool(
            self.encounters or self.encounter_discard)

    def _card_targets(self, p: int, c: TreasureCard) -> list[int]:
        """The actions naming the possible targets of card ``c`` played by ``p``."""
        hero = self.seats[p].hero
        t = c.target
        figs = self.figures
        heroes = self.adventurer_figures()
        n = self.board.size
        if t == "adventurer":
            return sorted(A.square(figs[h].square) for h in heroes)
        if t == "other_adventurer":
            out = [figs[h].square for h in heroes if h != hero]
            if c.effect == "summon":
                if not self._can_spawn(p):
                    return []
                out = [sq for sq in out if self._summon_squares(sq)]
            if c.effect == "swap":
                out = [sq for sq in out if hero is not None and self._swappable(hero, self.at[sq])]
            return sorted(A.square(sq) for sq in out)
        if t == "rival":
            return sorted(A.square(figs[h].square) for h in heroes
                          if figs[h].owner != p and self.seats[figs[h].owner].hand)
        if t == "monster":
            if len(self.seats[p].monsters) >= self.max_monsters():
                return []
            return sorted(A.square(f.square) for f in figs.values()
                          if f.kind == "monster" and f.owner != p)
        if t == "tile":
            free = [slot for slot in self.board.movable_slots()
                    if not any(sq in self.at for sq in self.board.slot_squares(slot))]
            turns = (1, 2, 3) if c.effect == "rotate" else (0,)
            return [A.place(slot, q) for slot in free for q in turns]
        if t == "floor":
            centre = self.board.slot_of(self.board.chest)
            terrain = self.board.terrain
            return [A.square((r, col)) for r in range(n) for col in range(n)
                    if terrain[r, col] in (FLOOR, LAVA, SHALLOW, DEEP)
                    and (r, col) not in self.at and (r, col) not in self.board.spawns
                    and (r, col) not in self.board.piles
                    and self.board.slot_of((r, col)) != centre]
        if t == "spawn_point":
            if hero is None:
                return []
            return [A.square(sq) for sq in self.board.spawn_squares() if sq not in self.at]
        if hero is None:
            return []
        here = figs[hero].square
        if t == "seen_figure":
            return sorted(A.square(f.square) for f in figs.values()
                          if f.fid != hero and king_distance(f.square, here) > 1
                          and self.board.sees(here, f.square))
        if t == "seen_monster":
            return sorted(A.square(f.square) for f in figs.values()
                          if f.kind == "monster" and self.board.sees(here, f.square)
                          and self._swappable(hero, f.fid))
        if t == "area_centre":
            centres = {s for f in figs.values() if f.fid != hero
                       for s in area(f.square, (n, n))}
            return sorted(A.square(s) for s in centres
                          if king_distance(s, here) > 1 and self.board.sees(here, s))
        if t == "near_square":
            mover = self.hero_mover(p)
            terrain = self.board.terrain
            r0, c0 = here
            k = c.amount
            out = []
            for r in range(max(0, r0 - k), min(n, r0 + k + 1)):
                for col in range(max(0, c0 - k), min(n, c0 + k + 1)):
                    ter = int(terrain[r, col])
                    if (r, col) in self.at or ter == CHEST or ter == WALL:
                        continue
                    if enterable(ter, mover) and may_end_on(ter, mover):
                        out.append(A.square((r, col)))
            return out
        if t == "wall_adjacent":
            return sorted(A.square(sq) for sq, diagonal in neighbours((n, n), here)
                          if not diagonal and self.board.terrain[sq] == WALL)
        raise AssertionError(t)

    def _stands(self, fid: int, sq: Square) -> bool:
        """Whether figure ``fid`` may stand on ``sq`` (terrain, spawn points for
        monsters)."""
        ter = int(self.board.terrain[sq])
        mover = self.mover(fid)
        if ter in (WALL, UNREVEALED) and not mover.incorporeal:
            return False
        if self.figures[fid].kind == "monster" and (sq in self.board.spawns or ter == CHEST):
            return False
        return enterable(ter, mover) and may_end_on(ter, mover)

    def _swappable(self, a: int, b: int) -> bool:
        sa, sb = self.figures[a].square, self.figures[b].square
        return self._stands(a, sb) and self._stands(b, sa)

    def _summon_squares(self, sq: Square) -> list[Square]:
        """Squares next to ``sq`` a summoned monster may be put on: empty plain floor
        that is not a spawn point."""
        return [s for s, _ in neighbours(self.board.terrain.shape, sq)
                if s not in self.at and self.board.terrain[s] == FLOOR
                and s not in self.board.spawns]

    def _play(self, p: int, cid: int, at: dict[str, Any]) -> None:
        """``p`` plays hand card ``cid`` on decision ``at`` (asked again afterwards)."""
        c = treasure_cards()[cid]
        seat = self.seats[p]
        seat.hand.remove(cid)
        self.log("play_card", player=p, card=c.name, at=at["kind"])
        if at["kind"] == "card_window":  # everyone may answer the play
            self.queue[0] = ("card_window", [])
        else:
            self.queue.insert(0, ("resume", {"kind": at["kind"], "player": p}))
        if c.timing == "equip":
            seat.equipped.append(cid)
            return
        if c.effect != "figure":  # a figure's card is on the board until it is slain
            self.treasure_discard.append(cid)
        self.ctx["card_at"] = at["kind"]
        if c.target:
            self._ask("card_target", p, card=cid)
            return
        self._effect(p, c, None)

    def _step_resume(self, d: dict[str, Any]) -> None:
        """Ask again the decision a card was played on (if it still makes sense)."""
        p = d["player"]
        hero = self.seats[p].hero
        if d["kind"] == "move":
            if hero is None or not self._move_options(hero, self.ctx["mv"],
                                                      self.ctx["diagonals"]):
                return self._next_part(p)
        elif d["kind"] == "attack":
            if hero is None or not self._attack_options(hero):
                return self._next_part(p)
        self.decision = dict(d)

    def _effect(self, p: int, c: TreasureCard, args: Any) -> None:
        """Carry out card ``c`` played by ``p`` (``args``: the decoded target)."""
        e = c.effect
        hero = self.seats[p].hero
        target = self.at.get(args) if isinstance(args, tuple) and len(args) == 2 \
            and isinstance(args[0], int) else None
        if e == "status":
            self.ctx.setdefault("status", []).append(c.status)
        elif e == "heal":
            f = self.figures[hero]
            f.wounds = max(0, f.wounds - c.amount)
            self.log("heal", player=p, wounds=f.wounds)
        elif e == "quickness":
            if self.ctx.get("card_at") == "move":
                self.ctx["mv"] += c.amount
            else:
                self.ctx["quick"] = self.ctx.get("quick", 0) + c.amount
        elif e == "extra_attack":
            self.ctx["extra_attacks"] = self.ctx.get("extra_attacks", 0) + 1
        elif e == "attack":
            if c.target == "area_centre":
                n = self.board.size
                targets = [self.at[s] for s in area(args, (n, n))
                           if s in self.at and self.at[s] != hero]
                self._attack(hero, p, targets, c.dice, c.bonus, "area")
            elif c.kind == "loot":
                self._attack(hero, p, [target], c.dice, c.bonus, "ranged")
            else:
                self._attack(None, p, [target], c.dice, c.bonus, "trap")
        elif e == "relocate":
            self._move_figure(hero, args)
            self.log("relocate", id=hero, to=list(args))
        elif e == "wall":
            self.board.set_terrain(args, WALL)
            self.log("cave_in", square=list(args))
        elif e == "swap":
            a, b = self.figures[hero], self.figures[target]
            sa, sb = a.square, b.square
            a.square, b.square = sb, sa
            self.at[sb], self.at[sa] = hero, target
            self.log("swap", ids=[hero, target], squares=[list(sb), list(sa)])
        elif e == "draw":
            self._draw_treasure(p, c.amount)
        elif e == "discard":
            q = self.figures[target].owner
            hand = self.seats[q].hand
            lost = hand.pop(self.dice.index(len(hand)))
            self.treasure_discard.append(lost)
            self.log("discard", player=q, card=treasure_cards()[lost].name)
        elif e == "heal_all":
            for fid in [hero, *self.seats[p].monsters]:
                if fid is not None:
                    self.figures[fid].wounds = 0
            self.log("healing_font", player=p)
        elif e == "control":
            f = self.figures[target]
            self.seats[f.owner].monsters.remove(target)
            self.seats[p].monsters.append(target)
            self.log("lure", player=p, id=target, name=f.name, was=f.owner)
            f.owner = p
        elif e == "tile":
            self.queue.insert(0, ("tile", p))
        elif e == "wound":
            self._wound(target, c.amount, by=None)
        elif e == "spawn":
            self.queue.insert(0, ("spawn_monster", p))
        elif e == "figure":
            self._ask("spawn_square", p, monster=c.monster, card=c.cid)
        elif e == "rotate":
            slot, q = args
            self.board.rotate(slot, tiles()[self.placed_tiles[slot]].picture, q)
            self.log("rotate_tile", slot=list(slot), quarter_turns=q)
        elif e == "shift":
            slot, _ = args
            back = self.board.remove(slot)
            self.tile_deck.append(self.placed_tiles.pop(slot))
            self.dice.shuffle(self.tile_deck)
            self.log("shift_tile", slot=list(slot), piles_back=back)
        elif e == "secret_door":
            self.board.set_terrain(args, FLOOR)
            self.secret_door = args
            self.log("secret_door", square=list(args))
            drawn: list[int] = []
            self._draw_treasure(p, c.amount, into=drawn)
            if drawn:
                self.ctx["secret"] = drawn
                self._ask("keep", p)
        elif e == "slide":
            spots = self._push_spots(target, None)
            if spots:
                self._ask("slide_to", p, target=target, options=[list(s) for s in spots])
        elif e == "summon":
            if self._refill_encounters():
                name = self.encounters.pop()
                self.log("encounter", player=p, monster=name)
                self._ask("spawn_square", p, monster=name, summon=True,
                          options=[list(s) for s in self._summon_squares(args)])
        elif e == "teleport":
            self._respawn_roll(self.figures[target].owner, relocate=target, chooser=p)
        else:
            raise AssertionError(e)

    def _act_keep(self, p: int, cid: int) -> None:
        drawn = self.ctx.pop("secret")
        self.seats[p].hand.append(cid)
        aside = [c for c in drawn if c != cid]
        self.secret_room.extend(aside)
        self.secret_owner = p
        self.log("secret_room", player=p, cards=len(aside))

    def _act_slide(self, p: int, d: dict[str, Any], to: Square) -> None:
        target = d["target"]
        self._move_figure(target, to)
        self.log("slid", id=target, to=list(to))
        self._terrain_death(target, by=None)

    # ------------------------------------------------------- roll windows
    def _roll_players(self, r: dict[str, Any]) -> list[int]:
        if r["kind"] == "respawn":
            return [r["player"]]
        out = []
        first = r.get("attacker") if r["kind"] == "attack" else r["pusher"]
        for fid in (first, r["target"]):
            f = self.figures.get(fid) if fid is not None else None
            if f is not None and f.kind == "adventurer" and f.owner not in out:
                out.append(f.owner)
        return out

    def _roll_cards(self, q: int, r: dict[str, Any]) -> list[int]:
        """Hand cards of ``q`` that change roll ``r``'s result."""
        cards = treasure_cards()
        hero = self.seats[q].hero
        out = []
        for cid in sorted(self.seats[q].hand):
            c = cards[cid]
            if c.timing == "roll" and self._changes(c, hero, q, r):
                out.append(cid)
        return out

    def _changes(self, c: TreasureCard, hero: int | None, q: int, r: dict[str, Any]) -> bool:
        e = c.effect
        kind = r["kind"]
        if kind == "respawn":
            return e == "power" and r["dice"][0] < 6
        if kind == "push":
            if e != "power" or hero is None:
                return False
            mine, theirs = r["dice"]
            if hero == r["pusher"]:
                return mine <= theirs < mine + c.amount
            if hero == r["target"]:
                return theirs < mine <= theirs + c.amount
            return False
        bonus, defence = r["bonus"], r["defence"]
        misses = [d for d in r["dice"] if d + bonus < defence]
        hits = len(r["dice"]) - len(misses) - r["cancel"]
        if hero is not None and hero == r["attacker"]:
            if e == "reroll_misses":
                return bool(misses) and not r.get("rerolled")
            if e == "power":
                return any(d + bonus + c.amount >= defence for d in misses)
            return False
        if hero is not None and hero == r["target"] and hits > 0 and not r["reflect"]:
            if e == "cancel_hit":
                return True
            if e == "reflect":
                return r["attacker"] is not None and r["attacker"] in self.figures \
                    and r["attacker"] != hero
        return False

    def _step_roll_window(self) -> None:
        r = self.pending_roll()
        for q in self._roll_players(r):
            if q not in r["passed"] and self._roll_cards(q, r):
                self.queue.insert(0, ("roll_window",))
                self._ask("roll_window", q, roll=r["kind"])
                return

    def _act_roll_window(self, p: int, kind: str, args: tuple) -> None:
        r = self.pending_roll()
        if kind == "done":
            r["passed"].append(p)
            return
        cid = args[0]
        c = treasure_cards()[cid]
        self.seats[p].hand.remove(cid)
        self.treasure_discard.append(cid)
        r["passed"] = []
        e = c.effect
        if e == "reroll_misses":
            r["rerolled"] = True
            r["dice"] = [d if d + r["bonus"] >= r["defence"] else self.dice.roll(6)
                         for d in r["dice"]]
        elif e == "cancel_hit":
            r["cancel"] += c.amount
        elif e == "reflect":
            r["reflect"] = True
        elif e == "power":
            dice = r["dice"]
            if r["kind"] == "respawn":
                dice[0] = min(6, dice[0] + c.amount)
            elif r["kind"] == "push":
                dice[0 if self.seats[p].hero == r["pusher"] else 1] += c.amount
            else:  # the highest missed die that the pips turn into a hit
                turned = [i for i, d in enumerate(dice)
                          if d + r["bonus"] < r["defence"] <= d + r["bonus"] + c.amount]
                i = max(turned, key=lambda i: dice[i])
                dice[i] += c.amount
        self.log("play_card", player=p, card=c.name, roll=r["kind"], dice=list(r["dice"]))

    # ------------------------------------------------------------ helpers
    def _refill_encounters(self) -> bool:
        if not self.encounters:
            self.encounters, self.encounter_discard = self.encounter_discard, []
            self.dice.shuffle(self.encounters)
            if self.encounters:
                self.log("encounters_reshuffled", cards=len(self.encounters))
        return bool(self.encounters)

    def _terrain_death(self, fid: int, by: int | None) -> None:
        """Destroy a figure moved (not by its own move) into lava or onto deep water it
        cannot survive."""
        f = self.figures[fid]
        terrain = int(self.board.terrain[f.square])
        mover = self.mover(fid)
        if (terrain == LAVA and not mover.lava_safe) or (terrain == DEEP
                                                          and not mover.water_safe):
            self.log("destroyed", id=fid, name=f.name, terrain=terrain)
            self._slay(fid, by)


__all__ = ["RANGED_KINDS", "TreasureRules"]
