"""Turns: driving the game between decisions, priority, mulligans, steps and combat,
losing and the end of the game.

:class:`TurnsMixin` holds the part of :class:`~game.MagicGame` that runs the game
forward until a player must decide (``_run``): passing priority and resolving when
all pass, the London mulligan (rule 103.5), the steps of a turn and their turn-based
actions (rule 500-514), declaring attackers and blockers and combat damage (rule
506-511), players losing (rule 800.4) and the end of the game. It has no state of its
own.
"""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.combat import assign_attacker_damage
from labyrinth_gym.envs.magic.engine.constants import HAND_LIMIT, STEPS
from labyrinth_gym.envs.magic.engine.keywords import POISON_TO_LOSE
from labyrinth_gym.envs.magic.engine.state import player_code

STEP_EVENTS = {"main1": "main1", "beginning_of_combat": "beginning_of_combat",
               "main2": "main2", "end": "end_step"}
"""Steps whose beginning is a trigger event ("at the beginning of combat on your
turn"), by step; the upkeep and draw step have theirs in :meth:`_turn_based`."""

QUIET_STEPS = frozenset({"beginning_of_combat", "main2", "end_of_combat", "end"})
"""Steps whose turn-based actions change nothing the state-based actions look at:
their beginnings only trigger abilities, and the end of the step before them only
emptied the mana pools (500.4). The players passed in succession with nothing changed
since the last check found nothing (rule 704.3), so the check is not repeated; the
triggers put on the stack and whatever else follows mark the state changed as usual.
Removing creatures from combat as the end of combat step ends (506.4) may change a
toughness ("as long as it's attacking"): :meth:`TurnsMixin._next_step` marks the
state changed when there was combat."""


class TurnsMixin:
    """Priority, steps, combat, mulligans and the end of :class:`~game.MagicGame`
    (methods only; the state is the game's)."""

    # --------------------------------------------------------------- driving
    def _run(self) -> None:
        """Advance until a player must decide something (or the game is over)."""
        while self.outcome is None:
            if self.decision is not None:
                if self.decision["player"] in self.automated_seats:
                    self._act(self._automatic_action())
                    continue
                legal = self._legal  # (the cached set itself: read, not changed)
                if legal is None:
                    self.legal_actions()
                    legal = self._legal
                if self.auto_pass and legal[0] in (A.PASS, A.DONE) and (
                        len(legal) == 1 or (len(legal) == 2 and legal[1] == A.CONCEDE)):
                    self._act(legal[0])
                    continue
                return
            if self.to_choose and self.res is None and self.casting is None:
                self.ask_choice()  # "as this enters, choose ..." (layers.py)
            elif self.casting is not None:
                self._sba_clean = False
                self._continue_casting()
            elif self.res is not None:
                self._sba_clean = False
                self._resume()
            elif self.stage == "mulligan":
                self._mulligan_step()
            elif self.stage == "tba":
                if self.step not in QUIET_STEPS:
                    self._sba_clean = False
                self._turn_based()
            elif self.stage == "priority":
                if not self._sba_clean:
                    if self._state_based():
                        continue
                    self._sba_clean = True
                if self.outcome is not None:
                    return
                if "state" in self._trigger_index():
                    self._state_triggers()  # 603.8, checked with the SBAs (704.3)
                if self.pending_triggers:
                    self._put_triggers()
                    continue
                if self.lost[self.priority]:
                    self.priority = self._next_living(self.priority)
                self.decision = {"kind": "priority", "player": self.priority}
            else:
                raise AssertionError(self.stage)

    def _next_living(self, p: int) -> int:
        n = self.num_players
        for i in range(1, n + 1):
            q = (p + i) % n
            if not self.lost[q]:
                return q
        return p

    def _pass(self) -> None:
        self.passes += 1
        if self.passes < self.num_players - sum(self.lost):  # living players
            self.priority = self._next_living(self.priority)
            return
        self._all_passed()

    def _all_passed(self) -> None:
        """Every living player passed in succession: resolve the top of the stack, or
        end the step (rule 117.4)."""
        self.passes = 0
        self.priority = self.active if not self.lost[self.active] else \
            self._next_living(self.active)
        if self.stack:
            self._sba_clean = False
            self._start_resolution(self.stack.pop())
        else:
            self._next_step()  # (the next step's turn-based actions say, QUIET_STEPS)

    def _give_priority_to_active(self) -> None:
        self.stage = "priority"
        self.passes = 0
        self.priority = self.active if not self.lost[self.active] else \
            self._next_living(self.active)

    # ---------------------------------------------------------- mulligans
    def _start_mulligans(self, players: list[int], hand_size: int) -> None:
        """Offer ``players`` (in turn order from the starting player) London mulligans
        of ``hand_size``-card hands (rule 103.5)."""
        self.stage = "mulligan"
        #: ``deciding``: who still declares this round, in turn order (the first
        #: decides now); ``again``: who declared a mulligan this round; ``count``:
        #: each seat's mulligans; ``bottom`` cards ``keeper`` still puts on the bottom.
        self.mull = {"deciding": list(players), "again": [],
                     "count": [0] * self.num_players, "bottom": 0, "keeper": None,
                     "hand_size": hand_size}

    def free_mulligans(self) -> int:
        """Mulligans a player takes without putting a card on the bottom: the first
        one in a multiplayer game (rule 103.5c), none in a two-player game."""
        return 1 if self.num_players >= 3 else 0

    def _mulligan_step(self) -> None:
        m = self.mull
        assert m is not None
        if m["bottom"] > 0:
            self.decision = {"kind": "bottom", "player": m["keeper"]}
            return
        if m["deciding"]:
            self.decision = {"kind": "mulligan", "player": m["deciding"][0]}
            return
        if m["again"]:
            # Everyone has declared: those who took a mulligan shuffle and draw at
            # once (rule 103.5), then decide again in the next round, in turn order.
            for p in m["again"]:
                self.library[p].extend(self.hand[p])
                self.hand[p].clear()
                self.dice.shuffle(self.library[p])
                self.known_bottom[p] = 0
                for _ in range(m["hand_size"]):
                    self.draw(p, log=False)
            m["deciding"], m["again"] = m["again"], []
            return
        if (ask := self._opening_hand_ask(m)) is not None:
            self.decision = ask  # 103.6: a Leyline may begin on the battlefield
            return
        self.mull = None
        self._begin_turn(first=True)

    def _opening_hand_ask(self, m: dict) -> dict | None:
        """Rule 103.6: after mulligans, starting with the starting player, each
        player in turn order may put each card of their opening hand that says "if
        this is in your opening hand, you may begin the game with it on the
        battlefield" onto the battlefield: the next such card not asked about yet,
        as a ``yesno`` decision with ``"opening_hand"`` (None: none left)."""
        asked = m.setdefault("opening_asked", [])
        for p in self._turn_order(self.starting):
            if self.lost[p]:
                continue
            for card in self.hand[p]:
                if card not in asked and any(isinstance(s, fx.BeginOnBattlefield)
                                             for s in self.cdef(card).statics):
                    asked.append(card)
                    return {"kind": "yesno", "player": p, "opening_hand": card}
        return None

    def begin_with(self, p: int, card: int) -> None:
        """103.6: ``p`` begins the game with ``card`` from their opening hand on the
        battlefield (not cast; event ``begin_on_battlefield``)."""
        self.hand[p].remove(card)
        if card in self.public_hand:
            self.public_hand.remove(card)
        self.log("begin_on_battlefield", player=p, card=self.name_of(card))
        self._put_onto_battlefield(card, p)

    def _mulligan(self, p: int, again: bool) -> None:
        m = self.mull
        assert m is not None
        m["deciding"].remove(p)
        if again:
            m["count"][p] += 1
            m["again"].append(p)
            self.log("mulligan", player=p, count=m["count"][p])
        else:
            self.log("keep", player=p, mulligans=m["count"][p])
            # London mulligan: the kept hand loses one card per mulligan but the free
            m["bottom"] = min(max(m["count"][p] - self.free_mulligans(), 0),
                              len(self.hand[p]))
            m["keeper"] = p

    # ------------------------------------------------------------- turns
    def no_max_hand_size(self, p: int) -> bool:
        """Rule 402.2: whether a permanent or an emblem of ``p``'s (114.4) says ``p``
        has no maximum hand size."""
        defs = self.defs
        for emblem in self.emblems:
            if emblem[0] == p and fx.NoMaxHandSize() in defs[emblem[1]].statics:
                return True
        for pid, perm in self.battlefield.items():
            for st in self.pdef(pid).statics:
                if isinstance(st, fx.NoMaxHandSize) and (st.players
                                                         or perm.controller == p):
                    return True
        return False

    def _begin_turn(self, first: bool = False) -> None:
        if first:
            self.turn = 0
            self._start_turn(self.starting)
            return
        if self.turn >= self.max_turns:
            self._finish(None, "max_turns")
            return
        if self._take_extra_turn():
            return
        self._start_turn(self._next_living(self.active))

    def _take_extra_turn(self) -> bool:
        """Rule 500.7: a player due an extra turn takes it now, the most recently
        created first (a player who has left the game takes none, 800.4a); True if one
        began."""
        while self.extra_turns:
            p = self.extra_turns.pop()
            if not self.lost[p]:
                self.log("extra_turn", player=p)
                self._start_turn(p)
                return True
        return False

    def _end_until_next_turn(self, player: int) -> None:
        """As ``player``'s turn begins, the effects that lasted "until your next turn"
        of theirs end (611.2a), and those of a player who left the game (800.4a)."""
        if self.temporary_triggers:
            self.temporary_triggers = [e for e in self.temporary_triggers if e[4] != player
                                       and not self.lost[e[0]]]
        for perm in self.battlefield.values():
            if perm.mods and any(len(m) > 3 for m in perm.mods):
                perm.mods[:] = [m for m in perm.mods if len(m) < 4 or (
                    m[3] != player and not self.lost[m[3]])]

    def _start_turn(self, player: int) -> None:
        """Begin turn number ``self.turn + 1``, taken by ``player``."""
        before = self.active
        self.turn += 1
        self.first_turn = self.turn == 1
        self.active = player
        self.land_played = False
        # "last turn" of an intervening if (603.4) is the turn before this one
        self.spells_last_turn = self.spells_cast
        self.spells_cast = [0] * self.num_players
        self.creature_spells = [0] * self.num_players
        self.creatures_died = 0
        self.attacked_this_turn = 0
        self.turn_first_id = self.next_id
        if self.delayed:  # "when that creature dies this turn": the turn is over
            self.delayed = [d for d in self.delayed if d["when"] != "it_dies_this_turn"]
        self.life_lost_turn = [0] * self.num_players
        self.damaged_turn = [0] * self.num_players
        self.damage_pairs = set()
        self.drawn_turn = [0] * self.num_players
        self.land_entered = [False] * self.num_players
        if any(self.turn_marks):
            self.turn_marks = [set() for _ in range(self.num_players)]
        self.extra_lands = [0] * self.num_players
        self.lands_this_turn = 0
        self.sorcery_flash = [0] * self.num_players
        if any(self.spell_to_hand):
            self.spell_to_hand = [False] * self.num_players
        if self.day_night is not None and self.turn > 1:
            # 726.3a, as the untap step begins: day turns to night if the previous
            # turn's active player cast no spells, night to day if two or more
            cast = self.spells_last_turn[before]
            if self.day_night == "day" and cast == 0:
                self.become_day_or_night("night")
            elif self.day_night == "night" and cast >= 2:
                self.become_day_or_night("day")
        self.activated_this_turn = []
        self.triggered_this_turn = []
        self._end_until_next_turn(player)
        self.step = "untap"
        self.stage = "tba"
        self.log("turn", player=self.active)

    def _next_step(self) -> None:
        self.empty_pools()
        i = STEPS.index(self.step)
        if self.step == "end_of_combat":
            if self.attackers or self.blocking:
                self._sba_clean = False  # ("as long as it's attacking", 506.4)
            self._clear_combat()
        if self.step == "cleanup":
            # players had priority in this cleanup step: another one follows (514.3a)
            self.stage = "tba"
            return
        nxt = STEPS[i + 1]
        if nxt == "declare_blockers" and not self.attackers:
            nxt = "end_of_combat"  # rule 508.8
        self.step = nxt
        self.stage = "tba"

    def _clear_combat(self) -> None:
        self.attackers.clear()
        self.attack_barred.clear()  # ("... this combat", 508.1c)
        self.attacking_pw.clear()
        self.blocks.clear()
        self.blocking.clear()
        self.blocked.clear()
        self.blockers_to_declare = []
        self.first_strike_step = False
        self.first_strikers = []

    def _turn_based(self) -> None:
        """Turn-based actions on entering ``self.step``, then priority (or not)."""
        step = self.step
        a = self.active
        if self.delayed:
            self._delayed_triggers(step)
        if step == "untap":
            stay = self._doesnt_untap(a)
            skipped = [pid for pid in self.skip_untap if pid in self.battlefield
                       and self.battlefield[pid].controller == a]
            stay.update(skipped)  # SkipNextUntap: this untap step, once
            if self.held_untapped:  # 611.2b: while that player controls the source
                bf = self.battlefield  # (or while the source remains tapped)
                self.held_untapped = [
                    h for h in self.held_untapped if h[0] in bf and h[1] in bf
                    and (bf[h[1]].tapped if h[3:] else bf[h[1]].controller == h[2])]
                stay.update(h[0] for h in self.held_untapped
                            if bf[h[0]].controller == a)
            if not self.lost[a] and a not in self.automated_seats and                     (ask := self._untap_choice(a, stay)) is not None:
                # 502.3: "you may choose not to untap this" (no priority here)
                self.decision = {"kind": "yesno", "player": a, "stay_tapped": ask}
                return
            stay.update(pid for pid, kept in self.untap_answers if kept)
            self.untap_answers = []
            if skipped:
                self.skip_untap = [pid for pid in self.skip_untap
                                   if pid in self.battlefield and pid not in skipped]
            untapping = []
            for pid, perm in self.battlefield.items():
                if perm.controller == a:
                    if pid not in stay and perm.tapped:
                        untapping.append(pid)
                    perm.sick = False
            self.untap(untapping)
            self.step = "upkeep"
            return
        if step == "upkeep":
            self._step_triggers("upkeep")
            if self.time_counters:
                self.suspend_upkeep()  # 702.62a
            for perm in self.battlefield.values():  # echo's "since your last upkeep"
                if perm.controller == a:
                    perm.new_control = False
        elif step == "draw":
            if self.player_rules_now() and self.player_rule("skip_draw", a):
                # 500.11, 614.1b: "skip your draw step": the step doesn't happen
                self.log("skip_step", player=a, step="draw")
                self.step = "main1"
                return
            self._step_triggers("draw_step")
            # rule 103.7c: only in a two-player game does the starting player skip
            # the draw of its first turn
            if self.first_turn and a == self.starting and self.num_players < 3:
                self.step = "main1"
                return
            if not self.lost[a]:
                if self.draw_asking(a):  # 702.52a: dredge instead?
                    self.decision["step_draw"] = True
                    return  # (the answer draws or dredges, then priority)
                self.draw(a)
        elif step == "declare_attackers":
            if not self.lost[a]:  # a player who left declares nothing (rule 800.4)
                self.stage = "attack"
                self.decision = {"kind": "attack", "player": a}
                return
        elif step == "declare_blockers":
            if self.blockers_to_declare:
                self.decision = self._block_decision(self.blockers_to_declare[0])
                return
            self._block_triggers()
        elif step in STEP_EVENTS:
            if step == "main1" and not self.lost[a]:
                self._add_lore(a)  # rule 714.3b, before the phase's triggers
            self._step_triggers(STEP_EVENTS[step])
        elif step == "first_strike_damage":
            strikers = [pid for pid in list(self.attackers) + list(self.blocking)
                        if self.keywords(pid) & {"first strike", "double strike"}]
            if not strikers:
                self.step = "combat_damage"
                return
            self.first_strike_step = True
            # rule 702.7c: who strikes first is fixed as this step begins; the
            # regular step reads this record, not the keywords then
            self.first_strikers = strikers
            if not self._combat_damage(first=True):
                return  # the attacking player divides an attacker's damage
        elif step == "combat_damage":
            if not self._combat_damage(first=False):
                return
        elif step == "cleanup":
            if len(self.hand[a]) > HAND_LIMIT and not self.lost[a] and \
                    not self.no_max_hand_size(a):
                self.decision = {"kind": "discard", "player": a}
                return
            for perm in self.battlefield.values():
                perm.damage = 0
                perm.deathtouched = False
                if perm.mods:  # (those until a player's next turn stay: 611.2a)
                    perm.mods[:] = [m for m in perm.mods if len(m) > 3]
            self.block_pairs.clear()  # ("blocks this this turn if able")
            self.block_chooser = -1  # ("you choose which creatures block this turn")
            if self.temporary_triggers:  # "until end of turn, whenever ..." (514.2)
                self.temporary_triggers = [e for e in self.temporary_triggers
                                           if e[4] >= 0]
            self._end_turn_control()
            self._end_turn_shapes()
            if self.must_attack:  # MustAttackThis lasts for that player's next turn
                self.must_attack = [e for e in self.must_attack
                                    if not (e[0] == a and self.turn > e[2])]
            # rule 514.2: "until end of turn" and "this turn" effects end with the
            # damage (regeneration shields, prevention, "exile it instead")
            self.replacements.clear()
            self.flashback_grants.clear()
            self.end_play_grants()
            # 514.3a: no player gets priority unless a state-based action is performed
            # or an ability triggers now; then they do, and another cleanup follows
            if self._state_based() or self.pending_triggers:
                if self.outcome is None:
                    self.log("cleanup_priority", player=a)
                    self._give_priority_to_active()
                return
            self.empty_pools()
            self._begin_turn()
            return
        self._give_priority_to_active()

    def _attackers_declared(self) -> None:
        a = self.active
        tapped = []
        for pid, defending in self.attackers.items():
            perm = self.battlefield[pid]
            if "vigilance" not in self.keywords(pid):
                perm.tapped = True
                tapped.append(pid)
            walker = self.attacking_pw.get(pid)
            self.log("attack", player=a, id=pid, card=self.name_of(perm.card),
                     defending=defending, **self.face_down_marks(pid),
                     **({"planeswalker": walker} if walker is not None else {}))
        before = len(self.pending_triggers)
        self._attack_triggers()
        self.triggers_again(before, "attacking")
        if tapped:
            self.tapped_now(tapped)
        self.blockers_to_declare = [p for p in self._turn_order(a)
                                    if p in self.attackers.values()]
        self._give_priority_to_active()

    def _blocks_declared(self, p: int) -> None:
        # (a declaration breaking a restriction has no "done": see _block_actions)
        # An attacker stays blocked even if its blockers leave (rule 509.1h).
        for attacker, blockers in self.blocks.items():
            if blockers and attacker not in self.blocked:
                self.blocked.append(attacker)
        self.blockers_to_declare.pop(0)
        self._next_blocking_player()

    def _next_blocking_player(self) -> None:
        """Ask the next defending player for blockers, or end the declarations."""
        if self.blockers_to_declare:
            self.decision = self._block_decision(self.blockers_to_declare[0])
            return
        self._block_triggers()
        self._give_priority_to_active()

    def _block_decision(self, p: int) -> dict:
        """Defending player ``p``'s blocking declaration (509.1), asked of the player
        who chooses which creatures block this turn and how (:class:`~effects.
        ChooseBlocks`, :attr:`block_chooser`) while they are in the game, else of
        ``p``."""
        chooser = self.block_chooser
        if chooser >= 0 and chooser != p and not self.lost[chooser]:
            return {"kind": "block", "player": chooser, "defender": p}
        return {"kind": "block", "player": p}

    def _combat_damage(self, first: bool) -> bool:
        """The combat damage step's turn-based action (510.1-2): the attacking player
        assigns each attacker's damage, then every creature deals its damage at once.
        An attacker blocked by two or more creatures asks its controller how to divide
        it (``assign_damage``); the division made so far waits in
        :attr:`combat_hits` and this runs again once it is complete. True once the
        damage is dealt, False while a division is being asked."""
        def deals(pid: int) -> bool:
            kws = self.keywords(pid)
            if first:
                return bool(kws & {"first strike", "double strike"})
            if not self.first_strike_step:
                return True
            # rule 702.7c / 702.4c-d: a creature that did not strike first deals its
            # damage now whatever it gained since; one that did, only with double
            # strike now
            return pid not in self.first_strikers or "double strike" in kws

        if self.combat_hits is None:
            self.combat_hits = []
        assigned = {attacker for attacker, _ in self.combat_hits}
        for attacker, defending in self.attackers.items():
            if attacker in assigned or not deals(attacker):
                continue
            if attacker in self.blocked and self.chars(attacker)[0] > 0 and \
                    KW.UNBLOCKED_DAMAGE in self.keywords(attacker) and \
                    self._attacked(attacker, defending) is not None:
                # 510.1: its controller may have it assign its damage as though it
                # weren't blocked (all of it to what it attacks) or divide it
                self.decision = {"kind": "yesno",
                                 "player": self.battlefield[attacker].controller,
                                 "unblocked": attacker}
                return False
            if not self.assign_combat_damage(attacker, blocked=attacker in self.blocked):
                return False
        by_source = [(attacker, hits) for attacker, hits in self.combat_hits
                     if attacker in self.battlefield]
        self.combat_hits = None
        for blocker, attacker in self.blocking.items():
            # an attacker removed from combat (left, or regenerated: 506.4) is dealt
            # no combat damage
            if deals(blocker) and attacker in self.attackers:
                power = self.chars(blocker)[0]
                if power > 0:
                    by_source.append((blocker, [(attacker, power)]))
        snapshot = [(pid, self.battlefield[pid].controller, self.keywords(pid),
                     self.name_of(self.battlefield[pid].card)) for pid, _ in by_source]
        for (_, hits), (pid, controller, kws, name) in zip(by_source, snapshot, strict=True):
            self._deal_damage(hits, controller, kws, name, combat=True, source=pid)
        return True

    def assign_combat_damage(self, attacker: int, *, blocked: bool) -> bool:
        """Assign ``attacker``'s combat damage (510.1a-c) into :attr:`combat_hits`,
        as a blocked creature (``blocked``) or an unblocked one (all of it to what it
        attacks: 510.1a, or as though it weren't blocked); False when its controller is
        asked how to divide it among two or more blockers (``assign_damage``)."""
        power, _, kws = self.chars(attacker)
        blockers = []
        if blocked:
            for b in self.blocks.get(attacker, []):
                _, tough, _ = self.chars(b)
                blockers.append((b, tough - self.battlefield[b].damage))
        if power > 0 and len(blockers) >= 2:
            self.decision = {"kind": "assign_damage",
                             "player": self.battlefield[attacker].controller,
                             "attacker": attacker, "left": power, "hits": []}
            return False
        hits = assign_attacker_damage(
            power, blockers, trample="trample" in kws, deathtouch="deathtouch" in kws,
            blocked=blocked, player=self._attacked(attacker, self.attackers[attacker]))
        self.combat_hits.append([attacker, [list(h) for h in hits]])  # type: ignore[union-attr]
        return True

    def _attacked(self, attacker: int, defending: int) -> int | None:
        """The target code of what ``attacker`` attacks: its defending player, or the
        planeswalker it attacks while that is still in combat (on the battlefield, a
        planeswalker, controlled by the defending player); None once it left combat
        (rule 506.4c: the attacker then deals no combat damage to it)."""
        walker = self.attacking_pw.get(attacker)
        if walker is None:
            return player_code(defending)
        perm = self.battlefield.get(walker)
        if perm is None or perm.controller != defending or not self.pdef(walker).is_planeswalker:
            return None
        return walker

    # ------------------------------------------------------------------- losing
    def concede(self, seat: int) -> None:
        """Seat ``seat`` concedes (104.3a): it loses the game at once, whatever is
        being done and whoever is deciding, and leaves it as a player who loses does
        (800.4a, :meth:`_lose`); then play runs to the next decision.

        Raises:
            ValueError: the game is over, ``seat`` is not a seat, has already left the
                game, or is a seat the game plays itself (:attr:`automated_seats`).
        """
        if self.outcome is not None:
            raise ValueError("the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat!r} (0-{self.num_players - 1})")
        if self.lost[seat]:
            raise ValueError(f"seat {seat} has already left the game")
        if seat in self.automated_seats:
            raise ValueError(f"seat {seat} is played by the game and does not concede")
        self._concede(seat)
        self._run()

    def _concede(self, seat: int) -> None:
        """:meth:`concede` without running on: ``seat`` leaves, and what it was doing
        (casting, resolving, deciding) is dropped or handed on."""
        d = self.decision
        self.decision = None
        self._legal = None
        self._sba_clean = False
        # the players who passed in succession before the one holding priority
        passed = []
        q = self.priority
        for _ in range(self.passes if self.stage == "priority" else 0):
            q = (q - 1) % self.num_players
            while self.lost[q]:
                q = (q - 1) % self.num_players
            passed.append(q)
        self._lose(seat, reason="concede")
        if self.outcome is not None:
            return
        if seat in passed:
            self.passes -= 1
        item = self.casting
        if item is not None and item.controller == seat:
            self.casting = None  # its spell leaves the game with it (800.4a)
            self.closed = []
            if item.kind == "spell":
                self.exile[self.card_owner[item.card]].append(item.card)
        if self.res is not None and self.res["item"].controller == seat:
            item = self.res["item"]
            self.res = None
            if item.kind == "spell":
                self.exile[self.card_owner[item.card]].append(item.card)
        m = self.mull
        if m is not None:
            for key in ("deciding", "again"):
                if seat in m[key]:
                    m[key].remove(seat)
            if m["keeper"] == seat:
                m["bottom"] = 0
        if d is not None:
            self._decision_after_leaving(d, seat)

    def _decision_after_leaving(self, d: dict, seat: int) -> None:
        """Carry on after ``seat`` left while decision ``d`` was asked: its own
        decision is dropped and the game moves on; another player's is asked again,
        or put back a step when what it was about left with ``seat``."""
        kind = d["kind"]
        if "defender" in d and seat in (d["player"], d["defender"]):
            # (ChooseBlocks) the chooser left: the defending player declares; the
            # defending player left: the next one's declaration
            if seat == d["defender"]:
                self._next_blocking_player()
            else:
                self.decision = {k: v for k, v in d.items() if k != "defender"}
                self.decision["player"] = d["defender"]
            return
        if d["player"] == seat:
            if kind == "priority" and self.stage == "priority":
                if self.passes >= self.num_players - sum(self.lost):
                    self._all_passed()
            elif kind in ("attack", "attack_target"):
                self._attackers_declared()
            elif kind in ("block", "block_target"):
                self._next_blocking_player()
            return  # the others resume from the game's state
        if kind in ("attack_target", "assign_damage") and d["attacker"] not in self.attackers:
            if kind == "attack_target":
                self.decision = {"kind": "attack", "player": d["player"]}
            return  # (the damage step resumes without that attacker)
        if d.get("unblocked") is not None and d["unblocked"] not in self.attackers:
            return
        self.decision = d
        if not [a for a in self.legal_actions() if a != A.CONCEDE]:
            if kind == "block_target":
                self.decision = {"kind": "block", "player": d["player"], **(
                    {"defender": d["defender"]} if "defender" in d else {})}
            elif self.casting is not None:
                self._cancel_casting()
        self._legal = None

    def _cancel_casting(self) -> None:
        """A spell or ability whose choices can no longer be made is not cast (601.2:
        the game goes back to before it was begun, nothing was paid yet): a spell
        returns to its owner's hand, a trigger is removed."""
        item = self.casting
        self.casting = None
        self.closed = []
        self.decision = None
        if item.is_copy:  # (a copy was never a card: it is gone, 707.10a)
            return
        if item.kind == "spell":
            if item.alt == "flashback":
                self.graveyard[item.controller].append(item.card)
            else:
                self.hand[item.controller].append(item.card)
        elif item.kind == "triggered":
            self.log("trigger_removed", card=self.name_of(item.card), reason="no target")

    def _lose(self, p: int, *, check_end: bool = True, reason: str | None = None) -> None:
        self.lost[p] = True
        self.log("lose", player=p, reason=reason or self._loss_reason(p))
        self._drop_control_of(p)  # 800.4a: what they took returns first
        for pid, perm in list(self.battlefield.items()):
            if self.card_owner[perm.card] == p:
                self._leave(pid, "exile")
                if self.exiled_with:
                    self.return_until([pid])
        for s in list(self.stack):
            if s.controller == p:
                self.stack.remove(s)
                if s.kind == "spell":
                    self.exile[p].append(s.card)
        self.pending_triggers = [t for t in self.pending_triggers if t["controller"] != p]
        self.delayed = [d for d in self.delayed if d["controller"] != p]
        for pid, defending in list(self.attackers.items()):
            if defending == p:
                del self.attackers[pid]
                self.attacking_pw.pop(pid, None)
                self.blocks.pop(pid, None)
        if p in self.blockers_to_declare:
            self.blockers_to_declare.remove(p)
        alive = self.living()
        if self.monarch == p and alive:
            # 724.4: the active player becomes the monarch, or, if the active
            # player is the one leaving, the next player in turn order
            nxt = self.active if not self.lost[self.active] else next(
                q for q in self._turn_order(self.active) if not self.lost[q])
            self.monarch = None
            self.become_monarch(nxt)
        elif self.monarch == p:
            self.monarch = None
        if check_end and len(alive) <= 1:
            self._finish(alive[0] if alive else None, "last player standing")

    def _loss_reason(self, p: int) -> str:
        """Why ``p`` loses, for the log (a variant adds its own reasons)."""
        if self.life[p] <= 0:
            return "life"
        if self.effect_losses[p]:
            return "effect"
        return "poison" if self.poison[p] >= POISON_TO_LOSE else "empty library"

    def _finish(self, winner: int | None, reason: str) -> None:
        truncated = reason in ("max_turns", "max_actions")
        self.outcome = "truncated" if truncated else ("win" if winner is not None
                                                      else "draw")
        self.winner = winner
        self.decision = None
        self._legal = None
        self.log("game_over", reason=reason, winner=winner, returns=self.returns(),
                 truncated=truncated)
