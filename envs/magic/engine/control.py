"""Control-changing effects (rules 108.4, 613.1b layer 2, 302.6, 506.4, 800.4a).

A permanent's controller is the player under whose control it entered (110.2: its owner,
or :attr:`~state.Permanent.base` when another player put it there) unless a
control-changing effect says otherwise. Two kinds exist:

- a resolved "gain control of ..." (:class:`~effects.GainControl`): recorded on the
  permanent as ``[controller, timestamp, until_end_of_turn, source,
  while_controlled]``; an until-end-of-turn one ends in the cleanup step (514.2); one
  "for as long as this remains on the battlefield" when its source (``source``, else
  -1) leaves; one "for as long as you control this" also when the source's controller
  is no longer that player (checked whenever control is worked out); a lasting one
  when the permanent leaves;
- an attached Aura's "You control enchanted creature" (:class:`~effects.ControlAttached`),
  which applies while the Aura is on the battlefield attached to it; its timestamp is the
  Aura's (the time it entered, 613.7e: an Aura's timestamp is renewed when it becomes
  attached to another object, which the engine does by giving it a new id only when it
  moves zones; reattaching an Aura in place is not played).

The effects apply in timestamp order, so the latest decides (613.7). When the controller
a permanent has changes, it has not been under its new controller's control since their
most recent turn began (302.6): it is summoning sick until then (haste still lets it
attack and tap), and it is removed from combat (506.4). When a player leaves the game,
the effects that gave them control end first, so what they took returns to its owners,
then what they own leaves (800.4a).
"""

from __future__ import annotations


class ControlMixin:
    """The part of :class:`~game.MagicGame` that works out who controls what."""

    def gain_control(self, pid: int, player: int, until_end_of_turn: bool,
                     source: int | None = None, while_controlled: bool = False) -> None:
        """``player`` gains control of permanent ``pid`` (a resolved effect); with
        ``source``, for as long as that permanent stays on the battlefield (and with
        ``while_controlled``, under ``player``'s control); an effect whose duration
        has already ended does nothing (611.2b)."""
        perm = self.battlefield.get(pid)
        if perm is None or self.lost[player] or (
                source is not None and source not in self.battlefield) or (
                while_controlled and self.battlefield[source].controller != player):
            return
        perm.control.append([player, self._new_id(), int(until_end_of_turn),
                             -1 if source is None else source, int(while_controlled)])
        self.controlled += 1
        self._apply_control()

    def _control_auras(self) -> list[tuple[int, int, int]]:
        """``(timestamp, host, controller)`` of every attached control Aura."""
        self._statics()
        return self._controllers_of_hosts

    def _apply_control(self) -> None:
        """Give every permanent the controller its control effects say (cheap when no
        permanent has one: the usual case)."""
        auras = self._control_auras()
        if not auras and not self.controlled:
            return
        claims: dict[int, list[tuple[int, int]]] = {}
        for timestamp, host, player in auras:
            if host in self.battlefield:
                claims.setdefault(host, []).append((timestamp, player))
        still = 0  # permanents with an effect or under another player than their owner
        changed = False
        battlefield = self.battlefield
        for pid, perm in battlefield.items():
            owner = perm.base if perm.base >= 0 else self.card_owner[perm.card]
            if perm.control:
                perm.control = [c for c in perm.control if c[3] < 0 or (
                    c[3] in battlefield and not (
                        len(c) > 4 and c[4]
                        and battlefield[c[3]].controller != c[0]))]
            effects = [(c[1], c[0]) for c in perm.control] + claims.get(pid, [])
            still += bool(perm.control)
            controller = max(effects)[1] if effects else owner
            if controller != perm.controller:
                self._change_controller(pid, controller)
                changed = True
            still += controller != owner
        self.controlled = still
        if changed and any(len(c) > 4 and c[4] for perm in battlefield.values()
                           for c in perm.control):
            self._apply_control()  # a source changed hands: its effect may end now

    def _change_controller(self, pid: int, controller: int) -> None:
        perm = self.battlefield[pid]
        before = perm.controller
        perm.controller = controller
        perm.sick = True  # 302.6: not controlled since its new controller's turn began
        perm.new_control = True  # echo (702.30a) asks again
        if pid in self.attackers or pid in self.blocking:
            self._remove_from_combat(pid)
        self._bf_version += 1
        self._legal = None
        self.log("control", id=pid, card=self.name_of(perm.card), player=controller,
                 before=before, **self.face_down_marks(pid))

    def _end_turn_control(self) -> None:
        """Cleanup (514.2): until-end-of-turn control effects end."""
        if not self.controlled:
            return
        for perm in self.battlefield.values():
            if perm.control:
                perm.control = [c for c in perm.control if not c[2]]
        self._apply_control()

    def _drop_control_of(self, player: int) -> None:
        """800.4a: the effects that give a leaving player control end."""
        self._bf_version += 1  # the control Auras of a player who left no longer count
        if not self.controlled and not self._control_auras():
            return
        for perm in self.battlefield.values():
            if perm.control:
                perm.control = [c for c in perm.control if c[0] != player]
        self._apply_control()
