"""Game objects: the card table, characteristics, zones, damage, triggers and
state-based actions.

:class:`ObjectsMixin` holds the part of :class:`~game.MagicGame` that reads and moves
cards and permanents: definitions of cards (``cdef``/``pdef``), power, toughness and
keywords computed on demand (``chars``, ``matches``), moving cards between zones,
tokens, manifesting and turning face up, dealing damage, collecting triggered abilities
and putting them on the stack, and the state-based actions of rule 704. It has no state
of its own.

A face-down permanent (:attr:`~state.Permanent.face_down`) is :data:`~effects.FACE_DOWN`
wherever its characteristics are read (``pdef``, ``chars``, ``matches``, statics,
triggers, the legend rule): a 2/2 creature with no name and no abilities.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.constants import NEXT_TIME, STEPS
from labyrinth_gym.envs.magic.engine.effects import (
    CAST_EVENT_PROPS,
    FACE_DOWN,
    SECOND_CREATURE,
    face_down_def,
)
from labyrinth_gym.envs.magic.engine.keywords import DAY_NIGHT
from labyrinth_gym.envs.magic.engine.resolve import reads_trigger_object, token_def
from labyrinth_gym.envs.magic.engine.state import (
    Permanent,
    StackItem,
    code_player,
    player_code,
)

_COUNTER_EVENTS = frozenset({"counter_put", "counters_put"})
"""Trigger events of +1/+1 counters being put on a permanent (122.6)."""
DAMAGE_EVENTS = frozenset({"deals_damage", "deals_combat_damage", "deals_damage_player",
                           "deals_combat_damage_player", "deals_combat_damage_you", "deals_damage_opponent",
                           "deals_combat_damage_creature", "dealt_damage",
                           "dealt_combat_damage_by_creature",
                           "group_combat_damage_player",
                           "group_combat_damage_players", "source_damage_player",
                           "group_combat_damage_opponents"})
"""Trigger events about damage being dealt (:meth:`ObjectsMixin._damage_triggers`)."""

_COMBAT_AFTER_DECLARATION = frozenset(STEPS[STEPS.index("declare_attackers"):
                                            STEPS.index("end_of_combat") + 1])
"""The combat steps in which a creature put onto the battlefield attacking is
attacking (506.3, 508.4)."""
_AFTER_BLOCKERS = frozenset(STEPS[STEPS.index("declare_blockers"):
                                  STEPS.index("end_of_combat") + 1])
"""The combat steps in which an attacker is blocked or unblocked (509.1h)."""


_PLAIN_PT = frozenset({"+1/+1", "-1/-1"})
_WHOSE_PLAYER = {"you": "you", "opponent": "each_opponent", "any": "each_player"}
"""A card filter's controller (whose card: its owner's) as the player subject."""


class ObjectsMixin:
    """Cards, permanents, zones, damage, triggers and state-based actions of
    :class:`~game.MagicGame` (methods only; the state is the game's)."""

    # ------------------------------------------------------------ card table
    def _def_number(self, defn: fx.CardDef) -> int:
        """``defn``'s index in the definition table (added if new)."""
        # Hashing a compiled tree walks all of it: look the object up by identity
        # first (the entry holds the object, so its id cannot be reused meanwhile).
        seen = self._def_by_id.get(id(defn))
        if seen is not None and seen[0] is defn:
            return seen[1]
        index = self._def_index.get(defn)
        if index is None:
            index = len(self.defs)
            self.defs.append(defn)
            self._def_index[defn] = index
        self._def_by_id[id(defn)] = (defn, index)
        return index

    def def_indices(self, flag: str) -> set[int]:
        """The indices of the definitions whose property ``flag`` (a
        :class:`~effects.CardDef` flag, e.g. ``"graveyard_playable"``) is true:
        ``not game.def_indices(flag).isdisjoint(map(game.card_def.__getitem__,
        cards))`` asks whether any of ``cards`` has it without a Python loop. Worked
        out again when the table grows (definitions are only added) or is another
        list (a clone's)."""
        defs = self.defs
        key = "_defs_" + flag  # (a clone copies the entry, never shares a dict)
        cached = self.__dict__.get(key)
        if cached is None or cached[0] is not defs or cached[1] != len(defs):
            found = {i for i, d in enumerate(defs) if getattr(d, flag)}
            cached = self.__dict__[key] = (defs, len(defs), found)
        return cached[2]

    def _new_card(self, defn: fx.CardDef, owner: int, token: bool = False) -> int:
        index = self._def_number(defn)
        self.card_def.append(index)
        self.card_owner.append(owner)
        self.card_token.append(token)
        return len(self.card_def) - 1

    def cdef(self, card: int) -> fx.CardDef:
        """The definition of card ``card``."""
        return self.defs[self.card_def[card]]

    def pdef(self, pid: int) -> fx.CardDef:
        """The characteristics of permanent ``pid`` now: its card's,
        :data:`~effects.FACE_DOWN` if it is face down, or what the layers of rule
        613 made of them (:mod:`~layers`)."""
        if self._static_version != self._bf_version:
            self._statics()  # (the layers are worked out with the statics)
        perm = self.battlefield[pid]  # (shown(), inlined: a hot path)
        return self.defs[perm.shape] if perm.shape >= 0 else (
            face_down_def(perm) if perm.face_down else self.defs[self.card_def[perm.card]])

    def shown(self, perm: Permanent) -> fx.CardDef:
        """:meth:`pdef` of a :class:`~state.Permanent`."""
        if self._static_version != self._bf_version:
            self._statics()
        if perm.shape >= 0:
            return self.defs[perm.shape]
        return face_down_def(perm) if perm.face_down else self.defs[self.card_def[perm.card]]

    def name_of(self, card: int) -> str:
        return self.cdef(card).name

    def face_down_marks(self, pid: int, prefix: str = "") -> dict[str, Any]:
        """What an event naming permanent ``pid`` adds when it is face down, so that
        :meth:`~.game.MagicGame.event_for` can hide its name from the other seats:
        ``{prefix + "face_down": True, prefix + "controller": seat}`` (else nothing)."""
        perm = self.battlefield[pid]
        if not perm.face_down:
            return {}
        return {prefix + "face_down": True, prefix + "controller": perm.controller}

    def perm_name(self, pid: int, viewer: int | None = None) -> str:
        """Permanent ``pid``'s name as seat ``viewer`` sees it. A face-down permanent
        is ``"face-down creature"`` to every seat but its controller, who sees
        ``"face-down <card>"``; ``viewer`` None is the full record (the card's name)."""
        perm = self.battlefield[pid]
        if not perm.face_down or viewer is None:
            return self.name_of(perm.card)
        if viewer == perm.controller:
            return f"face-down {self.name_of(perm.card)}"
        return FACE_DOWN.name

    # ------------------------------------------------------ characteristics
    def _statics(self) -> None:
        """Refresh the layers (:mod:`~layers`), the lists of anthems and attached
        bonuses if the board changed (or which graveyard statics function, 113.6)."""
        if self._grave_static_n != len(self.card_def) or self._grave_static_cards:
            self._grave_statics_moved()
        if self._static_version == self._bf_version:
            return
        self._static_version = self._bf_version
        if self._collect_statics():
            self._apply_layers()
            self._collect_statics()

    def _collect_statics(self) -> bool:
        """Collect the static abilities the permanents have now (and the emblems');
        True if some layer effect may apply (a copy, a Becomes, a
        :class:`~effects.ContinuousChange`, or shapes left from the last time)."""
        anthems: list[tuple[int, int, fx.Anthem]] = []
        bonuses: dict[int, list[tuple[fx.AttachedBonus, int, int]]] = {}
        hosts: list[tuple[int, int, int]] = []
        prevention: dict[int, list[fx.PreventDamage]] = {}
        rules: list[tuple[int, fx.PlayerRule]] = []
        graves: list[tuple[int, fx.GraveyardInstead]] = []
        others: list[tuple[int, Any]] = []  # OthersEnterTapped, SpellsCantBeCountered
        layered = self._layered
        defs, card_def = self.defs, self.card_def
        for pid, perm in self.battlefield.items():
            if perm.becomes and any(len(b) > 2 and b[2] not in self.battlefield
                                    for b in perm.becomes):
                # 611.2b: "for as long as <source> remains on the battlefield" ended
                perm.becomes = [b for b in perm.becomes
                                if len(b) < 3 or b[2] in self.battlefield]
                layered = True
            if perm.paired >= 0 and not self._still_paired(pid, perm):
                perm.paired = -1  # (its partner's is cleared as it is met, or gone)
            if perm.face_down:
                layered = layered or bool(perm.becomes)
                continue  # no abilities
            if perm.copy_def >= 0 or perm.becomes or (
                    (perm.class_level > 1 or perm.counters and "level" in perm.counters)
                    and defs[card_def[perm.card]].levels):
                layered = True  # (a leveler's band, 711.2b: :mod:`~layers`)
            for static in defs[perm.shape if perm.shape >= 0
                               else card_def[perm.card]].statics:
                if isinstance(static, fx.Anthem):
                    if static.zone == "battlefield":  # (113.6)
                        anthems.append((pid, perm.controller, static))
                elif isinstance(static, fx.AttachedBonus) and perm.attached_to is not None:
                    bonuses.setdefault(perm.attached_to, []).append(
                        (static, pid, perm.controller))
                elif isinstance(static, fx.ControlAttached) \
                        and perm.attached_to is not None and not self.lost[perm.controller]:
                    hosts.append((pid, perm.attached_to, perm.controller))
                elif isinstance(static, fx.PreventDamage):
                    # "prevent all damage that would be dealt to this" / "by enchanted
                    # creature": by the permanent it is about
                    about = pid if static.what == fx.Ref("self") else perm.attached_to
                    if about is not None:
                        prevention.setdefault(about, []).append(static)
                elif isinstance(static, fx.ContinuousChange):
                    layered = True
                elif isinstance(static, fx.PlayerRule):
                    rules.append((perm.controller, static))
                elif isinstance(static, fx.GraveyardInstead) and not static.self_only:
                    graves.append((perm.controller, static))
                elif isinstance(static, (fx.OthersEnterTapped, fx.SpellsCantBeCountered,
                                         fx.DoubleLifeGain, fx.SpellsHave,
                                         fx.DoubleDamage, fx.GrantedAltCost,
                                         fx.CombatDamageToMill, fx.ExtraDie,
                                         fx.EnteringDontTrigger, fx.FirstForetellFree,
                                         fx.TriggersAgain, fx.GrantMadness)):
                    others.append((perm.controller, static))
                elif isinstance(static, fx.PairedBonus) and perm.paired >= 0 and \
                        self._still_paired(pid, perm):  # 702.95c: both get it
                    bonus = fx.AttachedBonus(static.power, static.toughness,
                                             static.keywords)
                    bonuses.setdefault(pid, []).append((bonus, pid, perm.controller))
                    bonuses.setdefault(perm.paired, []).append(
                        (bonus, pid, perm.controller))
        for emblem in self.emblems:  # rule 114.4: from the command zone
            owner, index = emblem[0], emblem[1]
            if not self.lost[owner]:
                for static in defs[index].statics:
                    if isinstance(static, fx.Anthem):
                        anthems.append((-1, owner, static))
                    elif isinstance(static, fx.ContinuousChange):
                        layered = True
        for card in self._grave_static_in:  # 113.6: from its owner's graveyard
            owner = self.card_owner[card]
            if not self.lost[owner]:
                anthems.extend((-1, owner, static)
                               for static in defs[card_def[card]].graveyard_statics)
        self._anthems = anthems
        self._anthem_restrictions = any(
            k in KW.RESTRICTIONS for _, _, a in anthems for k in a.keywords)
        self._bonuses = bonuses
        self._controllers_of_hosts = hosts
        self._static_prevention = prevention
        self._player_rules = rules
        self._graveyard_instead = graves
        self._about_others = others
        return layered

    def static_kinds(self) -> frozenset[type]:
        """The classes of the static abilities some card definition of this game has
        (worked out again only when the game's definitions grew): a rule that only
        such a static can bring is skipped, with one set look-up, by a game without
        one."""
        if self._kinds_defs != len(self.defs):
            self._static_kinds = frozenset(type(s) for d in self.defs for s in d.statics)
            self._kinds_defs = len(self.defs)
        return self._static_kinds

    def statics_of(self, kind: type) -> list[tuple[int, Any]]:
        """``(controller, static)`` of the :class:`~effects.OthersEnterTapped`,
        :class:`~effects.SpellsCantBeCountered` or :class:`~effects.DoubleLifeGain`
        statics of ``kind`` on the
        battlefield now (a player who left the game controls none)."""
        if kind not in self.static_kinds():
            return []
        if self._static_version != self._bf_version:
            self._statics()
        return [(you, st) for you, st in self._about_others
                if isinstance(st, kind) and not self.lost[you]]

    def enters_tapped_by_others(self, d: fx.CardDef, controller: int) -> bool:
        """Whether a permanent shown as ``d`` entering under ``controller``'s control
        enters tapped by another permanent's :class:`~effects.OthersEnterTapped`
        (614.1d; Imposing Sovereign)."""
        return any(self._spell_matches(st.affected, d, controller, you)
                   for you, st in self.statics_of(fx.OthersEnterTapped))

    def protected_spell(self, d: fx.CardDef, caster: int) -> bool:
        """Whether a spell of card ``d`` cast by ``caster`` can't be countered by a
        permanent's :class:`~effects.SpellsCantBeCountered` (101.2)."""
        return any(self._spell_matches(st.spells, d, caster, you)
                   for you, st in self.statics_of(fx.SpellsCantBeCountered))

    def spell_cant_target(self, item: Any, pid: int) -> bool:
        """Whether permanent ``pid``'s :class:`~effects.CantBeTargetedBy` keeps spell
        ``item`` from targeting it (Fiendslayer Paladin)."""
        statics = self.pdef(pid).statics
        if not statics:
            return False
        d = self.cdef(item.card)
        controller = self.battlefield[pid].controller
        return any(isinstance(st, fx.CantBeTargetedBy) and self._spell_matches(
            st.spells, d, item.controller, controller) for st in statics)

    def spell_keywords(self, item: Any) -> frozenset[str]:
        """The keywords permanents' :class:`~effects.SpellsHave` statics give spell
        ``item`` now ("instant and sorcery spells you control have lifelink")."""
        d = self.cdef(item.card)
        return frozenset(kw for you, st in self.statics_of(fx.SpellsHave)
                         if self._spell_matches(st.spells, d, item.controller, you)
                         for kw in st.keywords)

    def player_rules_now(self) -> list[tuple[int, fx.PlayerRule]]:
        """The :class:`~effects.PlayerRule` statics on the battlefield, with their
        controllers (refreshed if the battlefield changed)."""
        if self._static_version != self._bf_version:
            self._statics()
        return self._player_rules

    def player_rule(self, rule: str, p: int) -> fx.PlayerRule | None:
        """The first :class:`~effects.PlayerRule` of a permanent on the battlefield
        saying ``rule`` of player ``p`` now (None: none does)."""
        if self._static_version != self._bf_version:
            self._statics()
        for controller, static in self._player_rules:
            if static.rule == rule and (
                    static.whom == "players" or (static.whom == "you") == (p == controller)
            ) and (not static.your_turn or self.active == controller) \
                    and not self.lost[controller]:
                return static
        return None

    def abilities_stopped(self, p: int, pid: int) -> bool:
        """Whether the activated abilities of ``p``'s permanent ``pid`` can't be
        activated now (602.5a: a :class:`~effects.PlayerRule` ``no_abilities`` on
        ``p`` naming one of its card types; Linvala, Keeper of Silence)."""
        if self._static_version != self._bf_version:
            self._statics()
        if not self._player_rules:
            return False
        types = None
        for controller, static in self._player_rules:
            if static.rule == "no_abilities" and (
                    static.whom == "players" or (static.whom == "you") == (p == controller)
            ) and (not static.your_turn or self.active == controller) \
                    and not self.lost[controller]:
                types = types if types is not None else self.pdef(pid).types
                if not set(static.types).isdisjoint(types):
                    return True
        return False

    def count_now(self, count: fx.Count, you: int, source: int | None) -> int:
        """What :class:`~effects.Count` ``count`` counts now for seat ``you`` (the
        source permanent ``source`` for "other")."""
        if count.what == "opponents":
            n = sum(1 for q in self.living() if q != you)
        elif count.what == "hand":
            n = len(self.hand[you])
        elif count.what == "devotion":
            n = self.devotion(you, count.colour)  # type: ignore[attr-defined]
        elif count.what == "players_lost_life":
            n = sum(1 for q in self.living() if self.life_lost_turn[q])
        elif count.what == "opponents_attacked":  # melee (702.121a): players, not walkers
            n = len({d for a, d in self.attackers.items()
                     if self.battlefield[a].controller == you and a not in self.attacking_pw})
        elif count.what == "blockers_beyond_first":  # rampage (702.23a)
            n = max(0, len(self.blocks.get(source, ())) - 1) if source is not None else 0
        elif count.what == "life":  # (107.1b: a negative total counts 0)
            n = max(0, self.life[you])
        elif count.what == "basic_land_types":  # (domain, 305.6)
            seen: set[str] = set()
            for pid, perm in self.battlefield.items():
                if perm.controller == you:
                    d = self.pdef(pid)
                    if "Land" in d.types:
                        seen.update(t for t in d.subtypes if t in fx.BASIC_LAND_MANA)
            n = len(seen)
        elif count.what == "foretold":  # (702.143a: face down in exile, foretold)
            n = sum(1 for c in self.exile[you] if c in self.foretold)
        elif count.what == "short_of_most_hand":  # "draws cards equal to the difference"
            n = max(len(self.hand[q]) for q in self.living()) - len(self.hand[you])
        elif count.what == "commander_mana_value":  # (903.3; 0 outside Commander)
            n = self.commander_mana_value(you)  # type: ignore[attr-defined]
        elif count.what == "half_life":  # rounded up (107.1a)
            n = (max(0, self.life[you]) + 1) // 2
        elif count.what == "colours_spent":  # (a spell's: casting.amount)
            n = 0
        elif count.what == "counters":  # on the source
            n = self.battlefield[source].counters.get(count.counter, 0) \
                if source is not None and source in self.battlefield else 0
        elif count.what == "graveyard_this_way":  # put there by the resolving effect
            n = sum(1 for c in (self.res or {}).get("graveyard_this_way", ())
                    if self.card_matches(count.filter or fx.Filter(), c))
        elif count.what in ("graveyard", "graveyard_types"):
            spec = count.filter or fx.Filter()
            seats = [you] if spec.controller == "you" else [
                q for q in range(self.num_players) if q != you] \
                if spec.controller == "opponent" else range(self.num_players)
            spec = dataclasses.replace(spec, controller="any")
            cards = [c for p in seats for c in self.graveyard[p]
                     if self.card_matches(spec, c)]
            if count.what == "graveyard":
                n = len(cards)
            else:
                n = len({t for c in cards for t in self.cdef(c).types})
        elif count.what == "total_power":  # (107.1b: a negative total is 0)
            n = max(0, sum(self.chars(pid)[0] for pid in self.battlefield
                           if self.matches(count.filter, pid, you, source)))
        elif count.what == "greatest_power":  # (107.1b: a negative one is 0)
            n = max(0, max((self.chars(pid)[0] for pid in self.battlefield
                            if self.matches(count.filter, pid, you, source)), default=0))
        else:
            n = sum(1 for pid in self.battlefield
                    if self.matches(count.filter, pid, you, source))
        return n * count.times

    def card_power(self, card: int) -> int:
        """The power of ``card`` outside the battlefield: its printed power, or what
        its characteristic-defining ability makes it (604.3: it functions in every
        zone; "you" is the card's owner, 109.5)."""
        d = self.cdef(card)
        defined = d.defined_pt
        if defined is not None and defined.power:
            return self.count_now(defined.count, self.card_owner[card], None)
        return d.power or 0

    def chars(self, pid: int) -> tuple[int, int, frozenset[str]]:
        """Power, toughness and keywords of permanent ``pid`` now."""
        self._statics()
        perm = self.battlefield[pid]
        d = self.defs[perm.shape] if perm.shape >= 0 else (
            face_down_def(perm) if perm.face_down else self.defs[self.card_def[perm.card]])  # shown(), inlined
        power = d.power or 0
        tough = d.toughness or 0
        defined = d.defined_pt
        if defined is not None:  # layer 7a (613.4a), under everything else here
            n = self.count_now(defined.count, perm.controller, pid)
            if defined.power:
                power = n
            if defined.toughness:
                tough = n + defined.toughness_plus
        counters = perm.counters
        if counters:
            net = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
            power += net
            tough += net
            if len(counters) > 1 or not (counters.keys() & _PLAIN_PT):
                for kind, n in counters.items():  # 122.1a: "-0/-1", "+1/+0"...
                    if kind not in _PLAIN_PT and (pt := fx.pt_counter(kind)):
                        power += pt[0] * n
                        tough += pt[1] * n
        if not (self._anthems or perm.mods or pid in self._bonuses or d.self_bonuses
                or perm.lasting):
            return power, tough, d.keyword_set  # (the commonest case)
        kws = set(d.keywords)
        for spid, you, anthem in self._anthems:
            if anthem.condition is not None and not self.conditions_hold(
                    (anthem.condition,), you, spid):
                continue  # "as long as ..." (611.3a), checked now
            if self.matches(anthem.affected, pid, you, spid, printed=True):
                power += anthem.power
                tough += anthem.toughness
                kws.update(anthem.keywords)
        for bonus, source, owner in self._bonuses.get(pid, ()):
            if bonus.host is not None and self.def_matches(
                    bonus.host, d) == bonus.host_negated:
                continue  # (611.3a: "as long as it's a human", checked now)
            if bonus.per is None:
                power += bonus.power
                tough += bonus.toughness
            else:  # counted now, by the Aura's or Equipment's controller (608.2h)
                n = self.count_now(bonus.per, owner, source)
                power += bonus.power * n
                tough += bonus.toughness * n
            kws.update(bonus.keywords)
        for own in d.self_bonuses:  # "as long as ..., this gets / has" (611.3a)
            if self.conditions_hold(own.conditions, perm.controller, pid):
                n = 1 if own.per is None else self.count_now(own.per, perm.controller,
                                                             pid)
                power += own.power * n
                tough += own.toughness * n
                kws.update(own.keywords)
        for m in perm.mods:
            power += m[0]
            tough += m[1]
            kws.update(m[2])
        if perm.lasting:
            kws.update(perm.lasting)
        return power, tough, frozenset(kws)

    def keywords(self, pid: int) -> frozenset[str]:
        return self.chars(pid)[2]

    def is_creature(self, pid: int) -> bool:
        return self.pdef(pid).is_creature

    def _restricted(self, pid: int, what: str) -> bool:
        """Whether ``pid`` has the combat restriction ``what`` (``cant_attack``,
        ``cant_block``, ``cant_be_blocked``, ``attacks_each_combat``), from its own
        :class:`~effects.CombatRestriction` or an attached Aura / Equipment."""
        self._statics()
        bonuses = self._bonuses.get(pid)
        if bonuses and any(getattr(b, what, False) and (
                b.host is None or self.def_matches(b.host, self.pdef(pid)) != b.host_negated)
                for b, _, _ in bonuses):
            return True
        if self._anthem_restrictions and any(
                KW.RESTRICTIONS.get(k) == what for k in self.keywords(pid)):
            return True  # "other goblins you control attack each combat if able"
        perm = self.battlefield[pid]
        if perm.mods and what in self._granted_restrictions(pid):
            return True
        if perm.becomes and any(getattr(self.layer_nodes[b[1]], what, False)
                                for b in perm.becomes):
            return True  # ("for as long as ..., it can't attack or block")
        return what in self.pdef(pid).combat_restrictions

    def _doesnt_untap(self, player: int) -> set[int]:
        """The permanents of ``player`` that don't untap in their untap step (502.3: a
        :class:`~effects.DoesntUntap` of their own, or of an Aura or Equipment attached
        to them)."""
        out: set[int] = set()
        for pid, perm in self.battlefield.items():
            if perm.face_down:
                continue
            for st in self.pdef(pid).statics:
                if isinstance(st, fx.DoesntUntap) and not st.optional:
                    who = pid if st.what == "self" else perm.attached_to
                    if who is not None and who in self.battlefield and \
                            self.battlefield[who].controller == player:
                        out.add(who)
        return out

    def _untap_choice(self, player: int, stay: set[int]) -> int | None:
        """A tapped permanent of ``player`` that would untap now and whose "you may
        choose not to untap this during your untap step" (502.3) is not answered yet
        in this untap step; None when none is left to ask."""
        answered = {a[0] for a in self.untap_answers}
        for pid, perm in self.battlefield.items():
            if perm.controller == player and perm.tapped and pid not in stay and \
                    pid not in answered and not perm.face_down and any(
                        isinstance(st, fx.DoesntUntap) and st.optional
                        for st in self.pdef(pid).statics):
                return pid
        return None

    def untap(self, pids: list[int]) -> None:
        """Untap tapped permanents ``pids`` (502.3, 701.26b). One with a stun counter
        stays tapped and loses a stun counter instead (122.1d). A source that becomes
        untapped ends its "for as long as this remains tapped" effects (611.2b)."""
        done = []
        for pid in pids:
            perm = self.battlefield[pid]
            if perm.counters.get("stun"):
                self.remove_counters(pid, "stun", 1)
                continue
            perm.tapped = False
            done.append(pid)
        if done and self.held_untapped:
            gone = set(done)
            self.held_untapped = [h for h in self.held_untapped
                                  if not (h[3:] and h[1] in gone)]

    def _granted_restrictions(self, pid: int) -> set[str]:
        """The combat restrictions granted to ``pid`` until end of turn ("target
        creature can't block this turn": :data:`~keywords.RESTRICTIONS`)."""
        return {KW.RESTRICTIONS[k] for m in self.battlefield[pid].mods for k in m[2]
                if k in KW.RESTRICTIONS}

    def matches(self, filt: fx.Filter | None, pid: int, you: int,
                source: int | None = None, *, printed: bool = False) -> bool:
        """Whether permanent ``pid`` matches ``filt`` seen by seat ``you``."""
        if filt is None:
            return True
        if self._static_version != self._bf_version:
            self._statics()
        perm = self.battlefield[pid]
        d = self.defs[perm.shape] if perm.shape >= 0 else (
            face_down_def(perm) if perm.face_down else self.defs[self.card_def[perm.card]])  # shown(), inlined
        if filt.types and not (filt.types & set(d.types)):
            return False
        if filt.subtypes and not (filt.subtypes & set(d.subtypes)):
            return False
        if filt.controller == "you" and perm.controller != you:
            return False
        if filt.controller == "opponent" and perm.controller == you:
            return False
        if filt.controller == fx.ENCHANTED_PLAYER and (
                source is None or source not in self.battlefield
                or player_code(perm.controller) != self.battlefield[source].attached_to):
            return False  # (303.4: the player the source Aura enchants)
        for prop in filt.props:
            if not self._has_prop(prop, pid, perm, d, source, printed):
                return False
        return True

    def _has_prop(self, prop: str, pid: int, perm: Permanent, d: fx.CardDef,
                  source: int | None, printed: bool) -> bool:
        if fx.EITHER in prop:  # "other|-Skeleton": any of the qualities
            return any(self._has_prop(p, pid, perm, d, source, printed)
                       for p in prop.split(fx.EITHER))
        if prop == "nonland":
            return "Land" not in d.types
        if prop == "noncreature":
            return "Creature" not in d.types
        if prop == "tapped":
            return perm.tapped
        if prop == "untapped":
            return not perm.tapped
        if prop == "attacking":
            return pid in self.attackers
        if prop == "blocking":
            return pid in self.blocking
        if prop == "other":
            return pid != source
        if prop == "not_named_self":  # "not named <this>": the source's name
            return source is None or source not in self.battlefield or \
                d.name != self.pdef(source).name
        if prop == "another_target":  # (the targeting machinery checks it)
            return True
        if prop == "token":
            return self.card_token[perm.card]
        if prop == "nontoken":
            return not self.card_token[perm.card]
        if prop in ("flying", "nonflying"):
            if printed:
                flies = "flying" in d.keywords or any("flying" in m[2] for m in perm.mods)
            else:
                flies = "flying" in self.keywords(pid)
            return flies == (prop == "flying")
        if prop in ("reach", "defender"):
            if printed:
                return prop in d.keywords or any(prop in m[2] for m in perm.mods)
            return prop in self.keywords(pid)
        if prop == "lesser_power":  # mentor (702.134a): less than the source's power
            return source is not None and source in self.battlefield and \
                self.chars(pid)[0] < self.chars(source)[0]
        if prop == "damaged_by_source":  # "dealt damage by this this turn"
            return source is not None and (pid, source) in self.damage_pairs
        if prop in ("commander", "noncommander"):  # 903.3
            return self.is_commander(perm.card) == (prop == "commander")
        if prop == "goaded":  # 701.38a: goaded by some player
            return bool(self.goaders(pid))
        if prop == "plus_counter":  # "with a +1/+1 counter on it" (122.1)
            return perm.counters.get("+1/+1", 0) > 0
        if prop == "entered_this_turn":  # ids only grow: a newer object entered later
            return pid >= self.turn_first_id
        if prop == "defending_controls":  # "... defending player controls"
            return source is not None and self.attackers.get(source) == perm.controller
        if prop == "unblocked":  # 509.1h: attacking, blockers declared, not blocked
            return pid in self.attackers and pid not in self.blocked and \
                self.step in _AFTER_BLOCKERS
        if prop == "attacking_or_blocking":
            return pid in self.attackers or pid in self.blocking
        if prop == "not_made_this_way":  # not a token the resolving object created
            return self.res is None or pid not in self.res.get("created", ())
        if prop == "greatest_power":  # among the creatures its controller controls
            power = self.chars(pid)[0]
            return all(self.chars(q)[0] <= power for q, other in self.battlefield.items()
                       if other.controller == perm.controller and self.is_creature(q))
        if prop == fx.SELF:  # the source itself
            return pid == source
        if prop == "no_mana_abilities":  # 605.1 (d: its layered shape, granted ones too)
            return not fx.has_mana_ability(d)
        if prop == fx.ATTACHED:  # the permanent the source is attached to
            holder = self.battlefield.get(source) if source is not None else None
            return holder is not None and holder.attached_to == pid
        if prop == "chosen_type" and self.res is not None and "chosen_type" in self.res:
            return self.res["chosen_type"] in d.subtypes  # (chosen as it resolves)
        if prop in ("chosen_type", "chosen_color"):  # the source's choice (layers.py)
            chooser = self.battlefield.get(source) if source is not None else None
            if chooser is None or not chooser.chosen:
                return False
            return chooser.chosen in (d.subtypes if prop == "chosen_type" else d.colours)
        return fx.has_quality(prop, d, lambda: self.chars(pid)[:2])

    # ---------------------------------------------------------------- zones
    def _turn_order(self, first: int) -> list[int]:
        """Living seats in turn order starting at ``first``."""
        n = self.num_players
        return [(first + i) % n for i in range(n) if not self.lost[(first + i) % n]]

    def living(self) -> list[int]:
        return [p for p in range(self.num_players) if not self.lost[p]]

    def draw(self, p: int, *, log: bool = True) -> None:
        """``p`` draws a card (from an empty library: marked for the SBA)."""
        if not self.library[p]:
            self.drew_empty[p] = True
            if log:
                self.log("draw_empty", player=p)
            return
        card = self.library[p].pop()
        self.hand[p].append(card)
        if card in self.public_hand:  # (it left the hand since: drawn, it is hidden)
            self.public_hand.remove(card)
        if log:
            self.log("draw", player=p, card=self.name_of(card))
        self.drawn_turn[p] += 1
        if self.drawn_turn[p] == 1 and log and self.cdef(card).miracle is not None:
            # (an opening hand is drawn before any turn, log=False: no miracle)
            self.miracle_drawn(p, card)  # 702.94a: the first card drawn this turn
        if "draw" in self._trigger_index() or "draw" in self.grave_events():
            self._player_triggers("draw", p)

    def dredge_options(self, p: int) -> list[int]:
        """The cards of ``p``'s graveyard whose dredge (702.52a) ``p`` may use for
        the next draw: dredge N with at least N cards in the library (702.52b).
        A game none of whose cards has dredge pays one look-up."""
        known = self.__dict__.get("_dredge_known")
        if known is None or known[0] != len(self.defs):
            known = (len(self.defs), any(d.dredge for d in self.defs))
            self.__dict__["_dredge_known"] = known
        if not known[1] or self.lost[p]:
            return []
        left = len(self.library[p])
        return [c for c in self.graveyard[p] if 0 < self.cdef(c).dredge <= left]

    def draw_asking(self, p: int, skip: int = 0) -> bool:
        """``p`` is about to draw a card: if a dredge card may replace the draw
        (702.52a), ask ``p`` about the first of :meth:`dredge_options` after
        ``skip`` already declined (a ``yesno`` with ``"dredge"``) and return True;
        else False (draw normally)."""
        options = self.dredge_options(p)
        if skip < len(options) and p not in self.automated_seats:
            self.decision = {"kind": "yesno", "player": p, "dredge": options[skip],
                             "skip": skip}
            return True
        return False

    def dredge(self, p: int, card: int) -> None:
        """702.52a: instead of drawing, ``p`` mills N cards and returns ``card`` from
        their graveyard to their hand (not a draw: nothing "whenever you draw"
        triggers, 121.6)."""
        n = self.cdef(card).dredge
        self.log("dredge", player=p, card=self.name_of(card), count=n)
        for _ in range(n):
            self.mill(p)
        if card in self.graveyard[p]:
            self.graveyard[p].remove(card)
            self.forget_graveyard([card])
            self.hand[p].append(card)
            if card not in self.public_hand:
                self.public_hand.append(card)  # every player saw it return

    def mill(self, p: int) -> int | None:
        """``p`` mills a card (701.17a): the card at :meth:`mill_index` of their
        library goes to their graveyard (a replacement may send it elsewhere:
        :meth:`to_graveyard`). The card milled; None when there is none to mill."""
        i = self.mill_index(p)
        if i is None:
            return None
        card = self.library[p].pop(i)
        self.log("mill", player=p, card=self.name_of(card))
        self.to_graveyard(card, from_library=True)
        return card

    def mill_index(self, p: int) -> int | None:
        """Where in ``p``'s library the next milled card is: the top (None: empty).
        A format that keeps a card out of reach (Arcane Labyrinth's boss) says so."""
        return len(self.library[p]) - 1 if self.library[p] else None

    def gain_life(self, p: int, amount: int) -> None:
        if self.replacements and ["no_life_gain"] in self.replacements:
            return  # 119.7: "players can't gain life this turn"
        if self.player_rule("no_life_gain", p):
            return  # 119.7: "your opponents can't gain life" (Erebos)
        if amount > 0 and not self.lost[p]:
            if fx.DoubleLifeGain in self.static_kinds():  # 614.1a: twice, each
                amount <<= sum(1 for you, _ in self.statics_of(fx.DoubleLifeGain)
                               if you == p)
            self.life[p] += amount
            self.log("life", player=p, change=amount, life=self.life[p])
            if "gain_life" in self._trigger_index() or "gain_life" in self.grave_events():
                self._player_triggers("gain_life", p, amount)

    def add_player_counters(self, p: int, kind: str, amount: int) -> None:
        """``p`` gets ``amount`` ``kind`` counters (122.1: energy, 107.14; poison,
        122.1e); a player who left the game gets none (800.4a)."""
        if amount <= 0 or self.lost[p]:
            return
        if kind == "poison":
            self.poison[p] += amount
            self.log("poison", player=p, change=amount, poison=self.poison[p])
        else:
            self.energy[p] += amount
            self.log("energy", player=p, change=amount, energy=self.energy[p])

    def become_monarch(self, p: int) -> None:
        """``p`` becomes the monarch (724.1, 724.3: there is only one); the
        designation's triggered abilities (:data:`~effects.MONARCH`) get an object
        number the first time."""
        if self.lost[p] or self.monarch == p:
            return
        if self.monarch_card < 0:
            self.monarch_card = self._new_card(fx.MONARCH, p, token=True)
        self.monarch = p
        self.log("monarch", player=p)

    def _monarch_trigger(self, controller: int, index: int) -> None:
        """One of the monarch's triggered abilities (724.2) triggers, controlled by
        ``controller``."""
        self.pending_triggers.append({
            "controller": controller, "card": self.monarch_card, "source": None,
            "index": index, "it": None, "defending": self.active,
            "it_controller": None, "amount": 0, "cause": None, "keywords": [],
            "shape": -1, "face": -1})

    def pay_energy(self, p: int, amount: int) -> None:
        """``p`` pays {E} ``amount`` times: removes that many energy counters from
        themselves (107.14; checked payable first, 118.3)."""
        if amount > 0:
            self.energy[p] -= amount
            self.log("energy", player=p, change=-amount, energy=self.energy[p])

    def lose_life(self, p: int, amount: int) -> None:
        if amount > 0 and not self.lost[p]:
            self.life[p] -= amount
            self.life_lost_turn[p] += amount
            self.log("life", player=p, change=-amount, life=self.life[p])
            if "lose_life" in self._trigger_index() or "lose_life" in self.grave_events():
                self._player_triggers("lose_life", p, amount)

    def _free_slot(self) -> int:
        for i, pid in enumerate(self.slots):
            if pid < 0:
                return i
        return -1

    def _put_onto_battlefield(self, card: int, controller: int, *, triggers: bool = True,
                              attached_to: int | None = None, face_down: bool = False,
                              counters: int = 0, tapped: bool = False,
                              paid_life: bool = False, x: int = 0, kicked: int = 0,
                              copy_def: int = -1, counter_kind: str = "+1/+1",
                              evoked: bool = False, spent: int = 0,
                              riot: bool = True, cast_face_down: bool = False,
                              face_down_ward: bool = False,
                              transformed: bool = False,
                              gained: tuple[Any, ...] = ()) -> int:
        """Put ``card`` onto the battlefield (face down: manifested), with ``counters``
        counters of ``counter_kind`` (+1/+1: devour; undying, persist) and those its :class:`~effects.EntersWithCounters`
        say (``x``: the X paid for the spell it was), ``tapped`` if an effect puts it
        there tapped; ``paid_life``: its controller paid the life of its "you may pay N
        life. If you don't, it enters tapped" (:meth:`_enters_tapped`); ``kicked``:
        the times its spell was kicked (702.33d); ``copy_def``: it enters as a copy
        with these copiable values (707.5, :mod:`~layers`); ``spent``: the colours of
        mana spent to cast the spell it was (sunburst, 702.44a); ``riot``: with riot
        (702.136a), a +1/+1 counter (its controller's choice as its spell resolves;
        entering another way, automated: the counter), else haste; ``gained``: the
        abilities its spell gained (:class:`~effects.SpellGains`); its object id."""
        pid = self.next_id
        self.next_id += 1
        slot = self._free_slot()
        if slot >= 0:
            self.slots[slot] = pid
        d = FACE_DOWN if face_down else (
            self.defs[copy_def] if copy_def >= 0 else self.cdef(card))
        perm = Permanent(pid, card, controller, slot, attached_to=attached_to,
                         face_down=face_down, kicked=kicked, copy_def=copy_def,
                         evoked=evoked, base=controller if controller != self.card_owner[card] else -1,
                         cast_face_down=cast_face_down, face_down_ward=face_down_ward)
        if d.back is not None and not face_down and copy_def < 0 and (
                transformed or "daybound" in d.keywords and self.day_night == "night"):
            # 712.14 "return it to the battlefield transformed"; 702.145b: if it is
            # night, a daybound permanent enters transformed
            perm.front = self.card_def[card]
            d = d.back
            self.card_def[card] = self._def_number(d)
        perm.tapped = tapped or (bool(d.statics)
                                 and self._enters_tapped(d, controller, paid_life))
        if not perm.tapped and fx.OthersEnterTapped in self.static_kinds():
            perm.tapped = self.enters_tapped_by_others(d, controller)  # 614.1d
        if "Land" in d.types:
            self.land_entered[controller] = True
        if counters:
            perm.counters[counter_kind] = counters
        if d.is_planeswalker:  # rule 306.5b: it enters with its printed loyalty
            perm.counters["loyalty"] = d.loyalty or 0
        for static in (*d.statics, *gained) if gained else d.statics:
            if isinstance(static, fx.EntersWithCounters):  # rule 614.1c
                count = static.count
                if static.condition is not None and not self.conditions_hold(
                        (static.condition,), controller, None):
                    continue  # bloodthirst (702.54a): no opponent was dealt damage
                n = sum(self.roll_dice(controller, count.sides, max(x, 0) if count.count
                                       == "X" else count.count)) if isinstance(
                    count, fx.DiceTotal) else \
                    max(x, 0) if count == "X" else kicked if count == "kicked" else (
                    count.kicked if kicked else count.normal) if isinstance(
                    count, fx.KickedAmount) else (
                    spent * count.times if count.what == "colours_spent" else
                    self.count_now(count, controller, None)) if isinstance(
                    count, fx.Count) else int(count)
                if n:
                    perm.counters[static.counter] = perm.counters.get(static.counter,
                                                                      0) + n
        if "riot" in d.keywords:  # 702.136a: a +1/+1 counter or haste
            if riot:
                perm.counters["+1/+1"] = perm.counters.get("+1/+1", 0) + 1
            else:
                perm.lasting.append("haste")
        if d.final_chapter:  # rule 714.3a: a Saga enters with a lore counter
            perm.counters["lore"] = perm.counters.get("lore", 0) + 1
        self.battlefield[pid] = perm
        self._bf_version += 1
        if d.statics and any(isinstance(s, fx.ChooseAsEnters) for s in d.statics):
            self.to_choose.append(pid)  # asked next (layers.py: ask_choice)
        self.log("enters", player=controller, card=self.name_of(card), id=pid,
                 **({"face_down": True} if face_down else {}))
        if self.day_night is None and not face_down and (
                "daybound" in d.keywords or "nightbound" in d.keywords or (
                    d.statics and fx.DayAsEnters() in d.statics)):
            # 702.145c, f: a daybound permanent makes it day, a nightbound one night
            self.become_day_or_night("night" if "nightbound" in d.keywords else "day")
        if triggers:
            self.entered_together([pid])
        return pid

    def entered_together(self, pids: list[int]) -> None:
        """Permanents ``pids`` entered the battlefield at the same time (put there
        with ``triggers=False``): their enter abilities and those of the others that
        see them trigger, each seeing all of them (603.6a); entering with +1/+1
        counters puts them on (122.6), a Saga's first lore counter its chapter."""
        pids = [pid for pid in pids if pid in self.battlefield]
        if not pids:
            return
        entering = self.triggering(pids)
        self._object_triggers("enters", entering)
        self._group_triggers("group_enters", entering)
        for pid in pids:
            perm = self.battlefield.get(pid)
            if perm is None:
                continue
            if perm.counters.get("+1/+1") and not _COUNTER_EVENTS.isdisjoint(
                    self._trigger_index()):
                # 122.6: a permanent entering with counters has them put on it
                self._counter_triggers(pid, perm.counters["+1/+1"])
            if self.pdef(pid).final_chapter:
                self._chapter_triggers(pid, 0, perm.counters["lore"])

    def put_counters(self, pid: int, kind: str, n: int) -> None:
        """Put ``n`` counters of ``kind`` on permanent ``pid`` (122.6): "whenever a
        +1/+1 counter is put on this" triggers once for each +1/+1 counter, "one or
        more +1/+1 counters" once (:meth:`_counter_triggers`)."""
        if n <= 0 or pid not in self.battlefield:
            return
        counters = self.battlefield[pid].counters
        counters[kind] = counters.get(kind, 0) + n
        if kind == "level" or self.counted_counters(pid):
            self._levels_changed()
        if kind == "+1/+1" and not _COUNTER_EVENTS.isdisjoint(self._trigger_index()):
            self._counter_triggers(pid, n)

    def _levels_changed(self) -> None:
        """A permanent's level counters changed: its level band may have (711.2b),
        so the layers are worked out again."""
        self._bf_version += 1
        self._legal = None

    def counted_counters(self, pid: int) -> bool:
        """Whether permanent ``pid`` has a static ability that exists while it has a
        number of counters on it (:attr:`~effects.ContinuousChange.
        counters_at_least`): a change of its counters works the layers out again
        (:meth:`_levels_changed`)."""
        return any(isinstance(s, fx.ContinuousChange) and s.counters_at_least
                   for s in self.pdef(pid).statics)

    def _counter_triggers(self, pid: int, n: int) -> None:
        """``n`` +1/+1 counters were just put on permanent ``pid`` at once: the
        ``counter_put`` abilities about it trigger once for each counter (Fathom
        Mage: "whenever a +1/+1 counter is put on this, you may draw a card"), the
        ``counters_put`` ones once ("one or more +1/+1 counters")."""
        index = self._trigger_index()
        for event, times in (("counter_put", n), ("counters_put", 1)):
            for source, i, trig in index.get(event, ()):
                if source in self.battlefield and self._about(trig.subject, source, pid):
                    for _ in range(times):  # ("that many": the counters put at once)
                        self._trigger(source, i, it=pid, amount=n)

    def _protected_from(self, host: int, d: fx.CardDef, controller: int = -1,
                        kws: frozenset[str] | None = None) -> bool:
        """Whether permanent ``host`` has protection from an Aura or Equipment shown as
        ``d`` controlled by ``controller`` (702.16c-d: it can't be enchanted or
        equipped by one); ``kws``: its keywords now, when the caller has them."""
        if kws is None:
            kws = self.keywords(host)
        return bool(kws) and KW.protected(kws, d.colours, d.types + d.subtypes, controller,
                                          self.battlefield[host].chosen)

    # ------------------------------------------------------------- sagas
    def _chapter_triggers(self, pid: int, before: int, after: int) -> None:
        """Lore counters put onto Saga ``pid`` took their number from ``before`` to
        ``after``: its chapter abilities of the numbers passed trigger (714.2b), in
        chapter order."""
        triggered = self.pdef(pid).triggered
        for n in range(before + 1, after + 1):
            event = f"chapter_{n}"
            for i, ab in enumerate(triggered):
                if ab.trigger.event == event:
                    self._trigger(pid, i)

    def _add_lore(self, player: int) -> None:
        """Rule 714.3b: as ``player``'s precombat main phase begins, they put a lore
        counter on each Saga they control (a turn-based action: no stack)."""
        for pid, perm in list(self.battlefield.items()):
            if perm.controller != player or perm.face_down or \
                    not self.pdef(pid).final_chapter:
                continue
            before = perm.counters.get("lore", 0)
            perm.counters["lore"] = before + 1
            self.log("lore", player=player, card=self.name_of(perm.card), id=pid,
                     count=before + 1)
            self._chapter_triggers(pid, before, before + 1)

    def _saga_done(self, pid: int, final: int) -> bool:
        """Rule 714.4: a Saga with at least its final chapter's number of lore
        counters, none of whose chapter abilities has triggered and not yet left the
        stack, is sacrificed."""
        if self.battlefield[pid].counters.get("lore", 0) < final:
            return False
        triggered = self.pdef(pid).triggered

        def chapter(index: int) -> bool:
            return triggered[index].trigger.event.startswith("chapter_")

        if any(t["source"] == pid and chapter(t["index"]) and not t.get("origin")
               for t in self.pending_triggers):
            return False
        return not any(s.kind == "triggered" and s.source == pid and not s.origin
                       and chapter(s.index) for s in self.stack)

    def _enters_tapped(self, d: fx.CardDef, controller: int, paid_life: bool) -> bool:
        """Whether a permanent with definition ``d`` enters tapped under
        ``controller`` (rule 614.1d, 614.12: the replacement's condition is checked
        immediately before it enters, so the entering permanent itself is not among
        the permanents counted)."""
        for static in d.statics:
            if not isinstance(static, fx.EntersTapped):
                continue
            if static.pay_life:
                if not paid_life:
                    return True
                continue
            if static.unless_opponents:
                opponents = sum(1 for p in self.living() if p != controller)
                if opponents < static.unless_opponents:
                    return True
                continue
            if static.unless_life_at_most is not None:
                if not any(self.life[p] <= static.unless_life_at_most
                           for p in self.living()):
                    return True
                continue
            if static.unless_reveal is not None:
                # "you may reveal a Plains or Island card from your hand": revealed
                # whenever one is there (automated: entering untapped is better)
                shown = next((c for c in self.hand[controller]
                              if self.card_matches(static.unless_reveal, c)), None)
                if shown is None:
                    return True
                self.log("reveal_from_hand", player=controller, card=self.name_of(shown),
                         to_enter=d.name)
                if shown not in self.public_hand:
                    self.public_hand.append(shown)
                continue
            if static.unless_control is None:
                return True
            n = sum(1 for pid, perm in self.battlefield.items()
                    if perm.controller == controller
                    and self.matches(static.unless_control, pid, controller))
            if n < static.at_least or (static.at_most is not None and n > static.at_most):
                return True
        return False

    def manifest(self, p: int, card: int, *, cloak: bool = False) -> int:
        """``p`` manifests ``card`` (rule 701.40a: it must be in ``p``'s library, and
        leaves it): it enters face down as a 2/2 creature; cloaked (701.58a), with
        ward {2} while face down. Its object id."""
        self.library[p].remove(card)
        self.log("manifest", player=p, card=self.name_of(card),
                 **({"cloak": True} if cloak else {}))
        return self._put_onto_battlefield(card, p, face_down=True, face_down_ward=cloak)

    def manifest_dread(self, p: int, choice: int) -> int:
        """Rule 701.60a: ``p`` manifests the top card of its library (``choice`` 0) or
        the second (1) and puts the other into its graveyard; the permanent's id."""
        library = self.library[p]
        kept, other = library[-1 - choice], library[-2 + choice]
        library.remove(other)
        self.log("dread", player=p, card=self.name_of(other), to="graveyard")
        self.to_graveyard(other)
        return self.manifest(p, kept)

    def face_up_ways(self, pid: int) -> list[str]:
        """How face-down ``pid`` may be turned face up, in the order of its
        "activate" actions (``k``): its card's morph, megamorph or disguise cost
        (702.37e, 702.168d; a manifested or cloaked card too, 701.40c), then
        ``"mana"``, its mana cost, if it was manifested or cloaked and is a creature
        card (701.40b, 701.58c). Empty if it is not face down."""
        perm = self.battlefield[pid]
        if not perm.face_down:
            return []
        d = self.defs[self.card_def[perm.card]]
        out = [d.face_down_cost.kind] if d.face_down_cost is not None else []
        if not perm.cast_face_down and d.is_creature and d.cost is not None:
            out.append("mana")
        return out

    def face_up_cost(self, pid: int, way: str) -> fx.Cost:
        """What turning face-down ``pid`` face up ``way`` costs (an ``{X}`` of a mana
        cost is 0)."""
        d = self.defs[self.card_def[self.battlefield[pid].card]]
        if way != "mana":
            return d.face_down_cost.cost  # type: ignore[union-attr]
        cost = d.cost
        return fx.Cost(mana=cost if cost is None or not cost.x
                       else dataclasses.replace(cost, x=0))

    def can_turn_face_up(self, pid: int, way: str) -> bool:
        """Whether face-down ``pid``'s controller can pay to turn it face up ``way``
        now (one of :meth:`face_up_ways`; a special action any time the controller
        has priority, 116.2b)."""
        cost = self.face_up_cost(pid, way)
        p = self.battlefield[pid].controller
        if cost.pay_life and self.life[p] < cost.pay_life:  # 119.4
            return False
        return self._can_pay(p, cost.mana, other=True)  # (a special action)

    def turn_face_up(self, pid: int, way: str | None = None) -> None:
        """Pay face-down ``pid``'s cost ``way`` (default: its first way) and turn it
        face up (rules 702.37e, 701.40b, 708.8): the same object, now with its
        card's characteristics; counters, damage, attachments, tapped, attacking
        and sick stay. Megamorph puts a +1/+1 counter on it (702.37b). Its "when
        this is turned face up" abilities trigger (its enters abilities don't)."""
        perm = self.battlefield[pid]
        way = way or self.face_up_ways(pid)[0]
        cost = self.face_up_cost(pid, way)
        d = self.defs[self.card_def[perm.card]]
        self._pay(self._payment(perm.controller, cost.mana, other=True), perm.controller)
        if cost.pay_life:
            self.lose_life(perm.controller, cost.pay_life)
        perm.face_down = False
        perm.face_down_ward = False
        if way == "megamorph":
            perm.counters["+1/+1"] = perm.counters.get("+1/+1", 0) + 1
        self._bf_version += 1
        self._legal = None
        self.log("turn_face_up", player=perm.controller, card=d.name, id=pid,
                 **({} if way == "mana" else {"way": way}))
        if "turned_face_up" in self._trigger_index():
            self._object_triggers("turned_face_up", [pid])

    def transform(self, pid: int, since: int | None = None, *,
                  by_day_night: bool = False) -> bool:
        """Transform permanent ``pid`` (rule 701.28a): turn it over so that its other
        face is up; it stays the same object, with its counters, damage,
        attachments, tapped, attacking and summoning-sick state (712.8d-e). Nothing
        happens to a permanent that is not a transforming double-faced card or is
        face down (701.28c), nor, when ``since`` (the object id of the ability
        transforming it, an ability of that permanent) is given, to one that
        transformed after that ability was put on the stack (701.28f). Whenever it
        transforms into a face, that face's "transforms into" abilities trigger
        (701.28g). A daybound or nightbound permanent transforms only as it becomes
        night or day (``by_day_night``, 702.145). True if it transformed."""
        perm = self.battlefield.get(pid)
        if perm is None or perm.face_down:
            return False
        if since is not None and perm.transformed_at > since:
            return False
        if not by_day_night and not self.defs[self.card_def[perm.card]].keywords.isdisjoint(
                DAY_NIGHT):
            return False  # 702.145: they transform only as it becomes day or night
        if perm.front >= 0:
            into = perm.front
            perm.front = -1
        else:
            back = self.defs[self.card_def[perm.card]].back
            if back is None:
                return False
            perm.front = self.card_def[perm.card]
            into = self._def_number(back)
        before = self.name_of(perm.card)
        self.card_def[perm.card] = into
        perm.transformed_at = self.next_id
        self.next_id += 1
        self._bf_version += 1
        self._legal = None
        self.log("transform", player=perm.controller, card=before, id=pid,
                 into=self.name_of(perm.card))
        if "transforms_into" in self._trigger_index():
            self._object_triggers("transforms_into", [pid])
        return True

    def become_day_or_night(self, now: str) -> None:
        """It becomes ``now`` (``"day"`` or ``"night"``, rule 726): as it becomes
        night each daybound permanent transforms, as it becomes day each nightbound
        one (702.145b, e); immediately, not a state-based action, and not on the
        stack."""
        if self.day_night == now:
            return
        changed = self.day_night is not None  # (726.3: day to night, or night to day)
        self.day_night = now
        self.log("day_night", now=now)
        if changed:  # "whenever day becomes night or night becomes day"
            for pid, i, _ in self._trigger_index().get("day_night_changes", ()):
                if pid in self.battlefield:
                    self._trigger(pid, i)
        turning = "daybound" if now == "night" else "nightbound"
        for pid, perm in list(self.battlefield.items()):
            if not perm.face_down and turning in self.defs[
                    self.card_def[perm.card]].keywords:
                self.transform(pid, by_day_night=True)

    def condition_holds(self, condition: str) -> bool:
        """Whether an intervening "if" of :data:`~effects.TRIGGER_CONDITIONS` is true
        now (603.4): "no spells were cast last turn", "a player cast two or more
        spells last turn" (the turn before this one, whoever's it was)."""
        if condition == "no_spells_last_turn":
            return not any(self.spells_last_turn)
        if condition == "two_spells_last_turn":
            return max(self.spells_last_turn, default=0) >= 2
        if condition in fx.OBJECT_CONDITIONS or \
                fx.source_damage_condition(condition) is not None:
            return True  # checked as it triggered: object_condition, the damage

        raise ValueError(f"unknown trigger condition {condition!r}")

    # ------------------------------------------------------------ soulbond (702.95)
    def _pairable(self, pid: int | None, controller: int) -> bool:
        perm = self.battlefield.get(pid) if pid is not None else None
        return perm is not None and perm.controller == controller and \
            perm.paired < 0 and self.pdef(pid).is_creature

    def pair_options(self, source: int) -> list[int]:
        """The unpaired creatures the controller of ``source`` could pair it with."""
        p = self.battlefield[source].controller
        return [pid for pid, perm in self.battlefield.items()
                if pid != source and perm.slot >= 0 and self._pairable(pid, p)]

    def can_pair(self, source: int, it: int | None) -> bool:
        """Soulbond's intervening "if" (702.95a): ``source`` and ``it`` (with None,
        some other creature) are unpaired creatures its controller controls."""
        perm = self.battlefield.get(source)
        if perm is None or not self._pairable(source, perm.controller):
            return False
        if it is None:
            return bool(self.pair_options(source))
        return it != source and self._pairable(it, perm.controller)

    def pair(self, one: int, other: int) -> None:
        """Pair two creatures (702.95b: a paired creature's soulbond can't pair it
        again while it stays paired)."""
        if not self.can_pair(one, other):
            return
        self.battlefield[one].paired = other
        self.battlefield[other].paired = one
        self._bf_version += 1
        self._legal = None
        self.log("paired", player=self.battlefield[one].controller,
                 card=self.perm_name(one), other=self.perm_name(other), id=one,
                 other_id=other)

    def _still_paired(self, pid: int, perm: Permanent) -> bool:
        """702.95e: a pair ends when either leaves, stops being a creature, or the
        two have different controllers."""
        partner = self.battlefield.get(perm.paired)
        defs, card_def = self.defs, self.card_def
        return partner is not None and partner.paired == pid and \
            partner.controller == perm.controller and all(
                not p.face_down and defs[p.shape if p.shape >= 0
                                         else card_def[p.card]].is_creature
                or p.face_down for p in (perm, partner))

    def object_condition(self, condition: str, source: int, it: int | None) -> bool:
        """An intervening "if" of :data:`~effects.OBJECT_CONDITIONS` about permanent
        ``source`` (and ``it``, the object of the event): undying's and persist's
        "if it had no +1/+1 (-1/-1) counters on it" (looking back, 603.10a);
        "if it didn't have decayed" of the dying ``it`` (it is still on the
        battlefield as dies triggers look back); evolve's "if that creature has
        greater power or toughness than this" (702.100a), true while either has left (last known information is not
        kept: the rule compares the values it had)."""
        if condition == "targets_single":  # "a spell that targets only a single Golem"
            return self.single_target_of(it, source) is not None
        if condition.startswith("draw_"):  # "... draw your second card each turn"
            return it is not None and it < 0 and \
                self.drawn_turn[code_player(it)] == int(condition[5:])
        if condition == "no_plus_counters":
            return not self.battlefield[source].counters.get("+1/+1", 0)
        if condition == "no_minus_counters":
            return not self.battlefield[source].counters.get("-1/-1", 0)
        if condition == "attacks_enchanted_player":  # 303.4: "attacks enchanted player"
            return it is not None and it not in self.attacking_pw and \
                it in self.attackers and player_code(self.attackers[it]) == \
                self.battlefield[source].attached_to
        if condition == "battalion":  # "this and at least two other creatures attack"
            return source in self.attackers and len(self.attackers) >= 3
        if condition == "not_decayed":  # of the dying permanent, as it left (603.10a)
            return it is None or it not in self.battlefield or \
                "decayed" not in self.keywords(it)
        if condition == "soulbond":  # 702.95a: both unpaired, both yours
            return self.can_pair(source, None if it == source else it)
        if condition == "your_turn":  # "... during your turn"
            return self.active == self.battlefield[source].controller
        if condition == "evoked":  # 702.74a: "if its evoke cost was paid"
            return self.battlefield[source].evoked
        if condition == "echo":  # 702.30a: under your control since your last upkeep
            return self.battlefield[source].new_control
        if condition == "no_flanking":  # 702.25a: the blocker has no flanking
            return it is None or it not in self.battlefield or \
                "flanking" not in self.keywords(it)
        if condition == "dethrone":  # 702.105a: it attacks that player (not a walker)
            defending = self.attackers.get(source)
            if defending is None or source in self.attacking_pw:
                return False
            return self.life[defending] >= max(self.life[q] for q in self.living())
        if condition == "training":  # 702.149a: with another, greater-power attacker
            power = self.chars(source)[0]
            return any(a != source and self.chars(a)[0] > power for a in self.attackers)
        if condition == "not_renowned":  # 702.112a: "if it isn't renowned"
            return not self.battlefield[source].renowned
        if it is None or it not in self.battlefield or source not in self.battlefield:
            return True
        power, toughness = self.chars(it)[:2]
        mine = self.chars(source)[:2]
        return power > mine[0] or toughness > mine[1]

    def _leave(self, pid: int, dest: str) -> None:
        """Move permanent ``pid`` to its owner's ``dest`` zone (no triggers here); a
        transformed card has its front face again (712.8a)."""
        perm = self.battlefield.pop(pid)
        left_as = self.name_of(perm.card)
        if perm.front >= 0:
            self.card_def[perm.card] = perm.front
        if perm.slot >= 0:
            self.slots[perm.slot] = -1
        self._bf_version += 1
        self._remove_from_combat(pid)
        owner = self.card_owner[perm.card]
        getattr(self, dest)[owner].append(perm.card)
        if dest == "hand" and perm.card not in self.public_hand:
            self.public_hand.append(perm.card)  # every player saw it go there
        if self.card_token[perm.card]:
            self._token_left = True
        # a face-down permanent goes to its new zone face up: revealed (rule 708.9)
        self.log("leaves", card=left_as, id=pid, to=dest, player=owner,
                 **({"revealed": True} if perm.face_down else {}))

    def _remove_from_combat(self, pid: int) -> None:
        """Rule 506.4: ``pid`` is no longer an attacking or blocking creature; an
        attacker it blocked stays blocked (509.1h)."""
        self.attackers.pop(pid, None)
        self.attacking_pw.pop(pid, None)
        if pid in self.blocking:
            attacker = self.blocking.pop(pid)
            if attacker in self.blocks and pid in self.blocks[attacker]:
                self.blocks[attacker].remove(pid)

    def _remember_sources(self, leaving: list[int]) -> None:
        """Last known information (608.2h) of permanents leaving the battlefield that
        are the source of a spell or ability being cast, on the stack or waiting to
        be put there: their power, toughness, mana value and counters, for "this
        deals damage equal to its power" or "... equal to the number of charge
        counters on it" once the source is gone (:attr:`source_lki`)."""
        sources = {s.source for s in self.stack}
        sources.update(t["source"] for t in self.pending_triggers)
        if self._trigger_object_read():  # a trigger reading its object's stats
            sources.update(s.it for s in self.stack if s.kind == "triggered")
            sources.update(t["it"] for t in self.pending_triggers)
        if self.casting is not None:
            sources.add(self.casting.source)
        if self.res is not None:
            sources.add(self.res["item"].source)
        for pid in leaving:
            if pid in sources:
                self.remember_source(pid)

    def _trigger_object_read(self) -> bool:
        """Whether a card of this game has a triggered ability reading its triggering
        object's stats (:func:`~resolve.reads_trigger_object`): only then are the
        objects of triggers remembered as they leave (cached per card table)."""
        cached = getattr(self, "_trigger_object_cache", None)
        if cached is None or cached[0] != len(self.defs):
            cached = (len(self.defs), any(reads_trigger_object(d) for d in self.defs))
            self._trigger_object_cache = cached
        return cached[1]

    def _reads_died_card(self) -> bool:
        """Whether a card of this game has a dies trigger acting on the card the
        creature became (``Ref("died_card")``): only then is it remembered."""
        cached = self.__dict__.get("_died_card_cache")
        if cached is None or cached[0] != len(self.defs):
            cached = (len(self.defs), any("died_card" in repr(d.triggered)
                                          for d in self.defs))
            self.__dict__["_died_card_cache"] = cached
        return cached[1]

    def remember_source(self, pid: int) -> None:
        """Keep permanent ``pid``'s last known information (608.2h) as a source."""
        power, toughness = self.chars(pid)[:2]
        perm = self.battlefield[pid]
        self.source_lki[pid] = [power, toughness, self.pdef(pid).mana_value,
                                dict(self.battlefield[pid].counters),
                                sorted(self.keywords(pid)),
                                self.name_of(self.battlefield[pid].card),
                                self.card_token[self.battlefield[pid].card],
                                list(self.pdef(pid).subtypes),
                                # its copiable values (707.2: a copy of it made later;
                                # -1: face down, 708.2, not remembered)
                                -1 if perm.face_down else perm.copy_def
                                if perm.copy_def >= 0 else self.card_def[perm.card]]

    def remove_counters(self, pid: int, kind: str, n: int) -> int:
        """Remove up to ``n`` ``kind`` counters from permanent ``pid`` (122.8: no
        more than it has); how many were removed. Removing the last time counter
        triggers "when the last time counter is removed from this" (vanishing,
        702.63a)."""
        counters = self.battlefield[pid].counters
        had = counters.get(kind, 0)
        removed = min(had, max(n, 0))
        if removed:
            self.log("counters_removed", card=self.perm_name(pid), id=pid,
                     counter=kind, count=removed,
                     player=self.battlefield[pid].controller)
        if had - removed <= 0:
            counters.pop(kind, None)
        else:
            counters[kind] = had - removed
        if removed and (kind == "level" or self.counted_counters(pid)):
            self._levels_changed()
        if kind == "time" and removed and had == removed:
            self._object_triggers("last_time_counter_removed", [pid])
        return removed

    def sacrifice(self, pids: list[int]) -> None:
        """Rule 701.21a: their controllers sacrifice permanents ``pids`` (to their
        owners' graveyards, unless replaced). "Whenever you sacrifice ..." abilities
        trigger first, looking back at them on the battlefield (603.10a)."""
        pids = [p for p in dict.fromkeys(pids) if p in self.battlefield]
        if pids and "sacrificed" in self._trigger_index():
            self._object_triggers("sacrificed", pids)
        if pids:
            self._group_triggers("group_sacrificed", pids)
        self.move_permanents(pids, "graveyard")

    def move_permanents(self, pids: list[int], dest: str) -> None:
        """Move permanents (simultaneously) to their owners' ``dest`` zones; one that
        would go to a graveyard and has an "exile it instead" effect (rule 614.6,
        :meth:`add_exile_if_dies`) is exiled instead (it does not die), and so is one
        that would go anywhere but exile with "if it would leave the battlefield,
        exile it instead" (:attr:`~state.Permanent.exile_if_leaves`)."""
        pids = [p for p in dict.fromkeys(pids) if p in self.battlefield]
        if pids and "leaves" in self._trigger_index():
            self._object_triggers("leaves", pids)  # rule 603.10a: they look back
        exiled: list[int] = []
        if dest != "exile":
            exiled = [p for p in pids if self.battlefield[p].exile_if_leaves]
        returning: dict[int, int] = {}
        if dest == "graveyard" and self.replacements:
            exiled += [p for p in pids if ["exile_if_dies", p] in self.replacements
                       and p not in exiled]
            returning = self._exiled_instead(pids)
            exiled += [p for p in returning if p not in exiled]
        shuffled: list[int] = []  # (614.1a: "shuffle it into its owner's library")
        if dest == "graveyard":
            if self._static_version != self._bf_version:
                self._statics()
            if self._graveyard_instead or any(
                    self.defs[self.card_def[self.battlefield[p].card]].graveyard_instead
                    for p in pids):
                for p in pids:
                    if p not in exiled:
                        instead = self.graveyard_instead(self.battlefield[p].card, p)
                        if instead == "exile":
                            exiled.append(p)
                        elif instead == "library":
                            shuffled.append(p)
        if exiled or shuffled:
            pids = [p for p in pids if p not in exiled and p not in shuffled]
            for pid in exiled + shuffled:
                self.log("replaced", card=self.name_of(self.battlefield[pid].card),
                         id=pid, to="exile" if pid in exiled else "library",
                         instead=dest)
        if dest == "graveyard":
            self._dies_triggers(pids)
            if self.delayed:
                self._dies_delayed(pids)
            for pid in pids:
                if self.is_creature(pid):
                    self.creatures_died += 1
                    self.log("dies", card=self.name_of(self.battlefield[pid].card),
                             id=pid, player=self.battlefield[pid].controller)
        if "exiled" in self._trigger_index() or self.emblems or self.temporary_triggers:
            # "whenever a creature is exiled from the battlefield" (603.10a: they
            # look back, the ones exiled instead too)
            gone = exiled + (pids if dest == "exile" else [])
            if gone:
                self._object_triggers("exiled", gone)
        if dest == "exile":
            self.exiles_from_battlefield(pids)
        self._remember_sources(exiled + shuffled + pids)
        res = self.res
        if res is not None and res.get("it") in pids or res is not None and res.get(
                "it") in exiled + shuffled:
            # last known information of the resolving object's "it" (608.2h)
            it = res["it"]
            power, toughness = self.chars(it)[:2]
            res["it_lki"] = (power, toughness, self.pdef(it).mana_value)
        for pid in exiled:  # (they saw the others die: they left at the same time)
            card = self.battlefield[pid].card
            self._leave(pid, "exile")
            if pid in returning:
                self._returns_exiled(returning[pid], card)
        owners = {}
        for pid in shuffled:
            owners[self.card_owner[self.battlefield[pid].card]] = None
            self._leave(pid, "library")
        for owner in owners:
            self.shuffle_library(owner)
        cards = [self.battlefield[pid].card for pid in pids] if dest == "graveyard" \
            else []
        if cards:  # (before they leave: they look back, 603.10a)
            self.card_graveyard_triggers(cards)
        for pid in pids:
            self._leave(pid, dest)
        if cards:
            self.put_into_graveyard(cards)
            if self._reads_died_card():  # (its graveyard object, 400.7)
                for pid, card in zip(pids, cards, strict=True):
                    if card in self.graveyard[self.card_owner[card]]:
                        self.died_cards[pid] = self.graveyard_object(card)
        if self.exiled_with:  # rule 610.3: what they held "until" comes back now
            self.return_until(exiled + pids)

    def destroy(self, pids: list[int], *, regenerate: bool = True) -> None:
        """Destroy permanents (indestructible ones stay; a regeneration shield
        replaces the destruction unless ``regenerate`` is False: "it can't be
        regenerated", 701.19c)."""
        doomed = [p for p in pids if p in self.battlefield
                  and "indestructible" not in self.keywords(p)
                  and not self._shielded(p)
                  and not (regenerate and self._regenerated(p))]
        for pid in doomed:
            self.log("destroy", card=self.name_of(self.battlefield[pid].card), id=pid)
        self.move_permanents(doomed, "graveyard")

    # ------------------------------------ replacement and prevention (614-616)
    # ``self.replacements`` holds the effects that last until end of turn, as
    # JSON-ready lists: ``["regenerate", pid]`` (one regeneration shield),
    # ``["no_regenerate", pid]`` ("can't be regenerated this turn"), ``["order", pid,
    # regenerate_first]`` (a controller's answer to :meth:`ask_order`),
    # ``["exile_if_dies", pid]``, ``["no_life_gain"]`` and ``["no_prevention"]``
    # (:class:`~effects.ThisTurn`) and ``["prevent", left, to, by, combat]`` (``left``
    # damage still to prevent, None for all; ``to`` / ``by`` the recipient / source
    # code or None for any; ``combat``: only combat damage). They end in the cleanup
    # step (514.2); an entry naming an object that left is dead (its id never returns,
    # 400.7).
    def add_regeneration_shield(self, pid: int) -> None:
        """Rule 701.19a: the next time ``pid`` would be destroyed this turn, it is
        regenerated instead."""
        self.replacements.append(["regenerate", pid])
        self.log("regeneration_shield", card=self.name_of(self.battlefield[pid].card),
                 id=pid, **self.face_down_marks(pid))

    def add_exile_if_dies(self, pid: int) -> None:
        """Rule 614.6: if ``pid`` would die (go to a graveyard from the battlefield)
        this turn, it is exiled instead."""
        if ["exile_if_dies", pid] not in self.replacements:
            self.replacements.append(["exile_if_dies", pid])

    def add_exile_instead(self, spec: fx.Filter) -> None:
        """Rule 614.6: until end of turn, a permanent matching ``spec`` (controlled by
        the resolving object's controller) that would be put into a graveyard from the
        battlefield is exiled instead (``["exile_instead", p, spec, tag]``); a delayed
        return made by the same object next (:meth:`delay`) gets ``tag`` and each
        card exiled this way."""
        item = self.res["item"]
        self.res["exile_instead"] = item.sid
        self.replacements.append(["exile_instead", item.controller, {
            k: sorted(v) if isinstance(v, frozenset) else v
            for k, v in dataclasses.asdict(spec).items()}, item.sid])  # (JSON-ready)

    def _exiled_instead(self, pids: list[int]) -> dict[int, int]:
        """The permanents of ``pids`` an :meth:`add_exile_instead` effect exiles
        instead of their going to a graveyard, with its tag."""
        out: dict[int, int] = {}
        for entry in self.replacements:
            if entry[0] != "exile_instead":
                continue
            spec = fx.Filter(**{k: frozenset(v) if isinstance(v, list) else v
                                for k, v in entry[2].items()})
            for pid in pids:
                if pid not in out and self.battlefield[pid].controller == entry[1] and \
                        self.matches(spec, pid, entry[1]):
                    out[pid] = entry[3]
        return out

    def _returns_exiled(self, tag: int, card: int) -> None:
        """``card`` was exiled by the replacement tagged ``tag``: its delayed return
        will name it (a new list: clones share none)."""
        for d in self.delayed:
            if d.get("tag") == tag:
                d["cards"] = [*d.get("cards", []), card]

    def add_prevention(self, node: fx.PreventDamage, codes: list[Any] | None) -> None:
        """A prevention effect (rule 615) for each of ``codes`` (recipients, or
        sources when ``node.by_what``; None: any damage; ``["creatures_of", p]``:
        every creature ``p`` controls when the damage would be dealt, "creatures you
        control", those entering later this turn too)."""
        left = None if node.amount is None else self.amount(node.amount)
        for code in codes if codes is not None else [None]:
            to, by = (None, code) if node.by_what else (code, None)
            self.replacements.append(["prevent", left, to, by, node.combat_only])

    def order_question(self, pids: list[int]) -> int | None:
        """The first of ``pids`` (about to be destroyed) whose controller must order
        two replacement effects (rule 616.1): a regeneration shield and "exile it
        instead" both apply to its destruction, and no order was chosen yet."""
        reps = self.replacements
        if not reps:
            return None
        for pid in pids:
            if pid in self.battlefield and ["regenerate", pid] in reps \
                    and ["exile_if_dies", pid] in reps \
                    and ["no_regenerate", pid] not in reps \
                    and not any(r[0] == "order" and r[1] == pid for r in reps) \
                    and "indestructible" not in self.keywords(pid):
                return pid
        return None

    def ask_order(self, pid: int) -> None:
        """Ask ``pid``'s controller which replacement applies first to its
        destruction (616.1): yes, regeneration (it stays); no, "exile it instead"
        (the shield is not used)."""
        self.decision = {"kind": "yesno", "player": self.battlefield[pid].controller,
                         "order": pid}
        self._legal = None

    def _shielded(self, pid: int) -> bool:
        """Rule 122.1c: if ``pid`` has a shield counter, one is removed instead of
        it being destroyed or dealt damage; True if one was (automated: used before
        a regeneration shield, 616.1)."""
        counters = self.battlefield[pid].counters
        if not counters.get("shield"):
            return False
        self.remove_counters(pid, "shield", 1)
        self.log("shield", card=self.name_of(self.battlefield[pid].card), id=pid)
        return True

    def _regenerated(self, pid: int) -> bool:
        """Use a regeneration shield of ``pid`` if it has one (rule 701.19a): tap it,
        remove all damage from it and remove it from combat; True if it did. If its
        controller chose to apply "exile it instead" first (:meth:`ask_order`), the
        shield is not used."""
        shield = ["regenerate", pid]
        if not self.replacements or shield not in self.replacements \
                or ["no_regenerate", pid] in self.replacements:
            return False
        order = next((r for r in self.replacements if r[0] == "order" and r[1] == pid),
                     None)
        if order is not None:
            self.replacements.remove(order)  # (the choice was for this event)
            if not order[2]:
                return False
        self.replacements.remove(shield)
        perm = self.battlefield[pid]
        was_tapped = perm.tapped
        perm.tapped = True
        perm.damage = 0
        perm.deathtouched = False  # its damage is gone: no longer lethal (704.5h)
        self._remove_from_combat(pid)
        self.log("regenerate", card=self.name_of(perm.card), id=pid,
                 **self.face_down_marks(pid))
        if not was_tapped:
            self.tapped_now([pid])
        return True

    def _after_prevention(self, code: int, amount: int, source: int | None,
                          source_name: str, combat: bool,
                          quality: tuple[tuple[str, ...], tuple[str, ...], int] | None) -> int:
        """The damage ``amount`` that is still dealt to ``code`` after protection
        (702.16e) and the prevention effects of :attr:`replacements` (rule 615),
        logging what they prevent.

        Rule 616.1 lets the affected player (or the controller of the affected
        permanent) order the prevention effects that apply. The engine applies
        protection and the "prevent all" effects first, then the "prevent the next N"
        shields oldest first. The damage of this event is the same in every order
        (all of it is prevented whenever a "prevent all" applies; otherwise the
        shields prevent the smaller of the damage and their sum). Which shields are
        left for later in the turn is the same too when no "prevent all" applies:
        every shield is "the next N damage to this recipient from any source" until
        end of turn, so spending one rather than another leaves the same total for
        the same recipient. The one choice automated is "prevent all" before
        shields, which keeps the shields: the order a player wants unless they want
        damage dealt to that recipient later this turn (a "whenever this is dealt
        damage" trigger of their own)."""
        if code >= 0 and quality is not None:
            kws = self.keywords(code)
            if kws and KW.protected(kws, *quality, self.battlefield[code].chosen):
                self._log_prevented(code, amount, source_name, "protection")
                return 0
        static = self._static_prevention
        if static:  # a permanent's own static prevention (refreshed by _statics)
            for p in static.get(code, ()):
                if not p.by_what and (combat or not p.combat_only):
                    self._log_prevented(code, amount, source_name, "prevention")
                    return 0
            for p in static.get(source, ()) if source is not None else ():
                if p.by_what and (combat or not p.combat_only):
                    self._log_prevented(code, amount, source_name, "prevention")
                    return 0
        if not self.replacements:
            return amount
        shields = []
        for r in self.replacements:
            if r[0] != "prevent" or (r[4] and not combat) or (
                    r[2] is not None and r[2] != code and not (
                        isinstance(r[2], list) and code >= 0  # ["creatures_of", p]
                        and code in self.battlefield and self.is_creature(code)
                        and self.battlefield[code].controller == r[2][1])) or (
                    r[3] is not None and (source is None or r[3] != source)):
                continue
            if r[1] is None:
                self._log_prevented(code, amount, source_name, "prevention")
                return 0
            if r[1] > 0:
                shields.append(r)
        for r in shields:
            n = min(r[1], amount)
            r[1] -= n
            amount -= n
            self._log_prevented(code, n, source_name, "prevention")
            if not amount:
                break
        return amount

    def _log_prevented(self, code: int, amount: int, source_name: str,
                       reason: str) -> None:
        if code < 0:
            self.log("prevented", source=source_name, player=code_player(code),
                     amount=amount, reason=reason)
        else:
            self.log("prevented", source=source_name, id=code,
                     card=self.name_of(self.battlefield[code].card), amount=amount,
                     reason=reason, **self.face_down_marks(code))

    def create_token(self, spec: fx.TokenSpec, controller: int,
                     tapped: bool = False) -> int:
        card = self._new_card(token_def(spec), controller, token=True)
        self.log("token", player=controller, card=spec.name)
        pid = self._put_onto_battlefield(card, controller, tapped=tapped)
        self.created_by_resolving(pid)
        return pid

    def ninja_enters(self, item: StackItem) -> None:
        """Ninjutsu (702.49a, c): the ability's card, if still in its controller's
        hand, is put onto the battlefield tapped and attacking what the returned
        creature attacked (that planeswalker only while it is still there under
        that player's control; attacking only during combat, 506.3)."""
        p, card = item.controller, item.card
        if card not in self.hand[p]:
            return
        self.hand[p].remove(card)
        if card in self.public_hand:
            self.public_hand.remove(card)
        pid = self._put_onto_battlefield(card, p, tapped=True)
        defending = item.defending
        if pid is None or pid not in self.battlefield or defending is None or \
                self.lost[defending] or self.step not in _COMBAT_AFTER_DECLARATION or \
                not self.is_creature(pid):
            return
        self.attackers[pid] = defending
        walker = item.attacked_pw
        if walker is not None and walker in self.battlefield and \
                self.battlefield[walker].controller == defending:
            self.attacking_pw[pid] = walker
        else:
            walker = None
        self.log("enters_attacking", player=p, id=pid, card=self.name_of(card),
                 defending=defending,
                 **({"planeswalker": walker} if walker is not None else {}))

    def enter_blocking(self, pid: int, source: int | None) -> None:
        """Permanent ``pid``, just put onto the battlefield "blocking that creature"
        (506.3): it blocks the attacker ``source`` blocks, if ``source`` is blocking
        and ``pid``'s controller is that attacker's defending player (else it is not
        blocking). It was never declared, so no "blocks" ability triggers."""
        perm = self.battlefield.get(pid)
        attacker = self.blocking.get(source) if source is not None else None
        if perm is None or attacker is None or attacker not in self.attackers or \
                self.attackers[attacker] != perm.controller or \
                self.step not in _COMBAT_AFTER_DECLARATION or not self.is_creature(pid):
            return
        self.blocking[pid] = attacker
        self.blocks.setdefault(attacker, []).append(pid)
        if attacker not in self.blocked:
            self.blocked.append(attacker)
        self.log("enters_blocking", player=perm.controller, id=pid,
                 card=self.name_of(perm.card), attacker=attacker,
                 attacker_card=self.name_of(self.battlefield[attacker].card))

    def enter_attacking(self, pid: int, source: int | None, tap: bool = True,
                        defending: int | None = None) -> None:
        """Permanent ``pid``, just put onto the battlefield "tapped and attacking"
        (508.4): it is tapped, and attacking if its controller is the attacking
        player and attackers have been declared this combat (506.3: else it is
        not attacking). It was never declared, so no "attacks" ability triggers
        (508.3a). Its controller would choose which player or planeswalker it
        attacks; that choice is automated: what ``source`` (the creature whose
        ability made it) attacks, if it is attacking, else the next opponent in
        turn order; ``defending``: that player instead (myriad, 702.116a)."""
        perm = self.battlefield.get(pid)
        if perm is None:
            return
        if tap and not perm.tapped:
            perm.tapped = True
            self.tapped_now([pid])
        p = perm.controller
        if p != self.active or self.step not in _COMBAT_AFTER_DECLARATION or \
                not self.is_creature(pid):
            return
        walker = None
        if defending is None and source is not None and source in self.attackers:
            defending = self.attackers[source]
            walker = self.attacking_pw.get(source)
        elif defending is None:
            defending = next((q for q in self._turn_order(p)
                              if q != p and not self.lost[q]), None)
            if defending is None:
                return
        self.attackers[pid] = defending
        if walker is not None:
            self.attacking_pw[pid] = walker
        self.log("enters_attacking", player=p, id=pid, card=self.name_of(perm.card),
                 defending=defending, **({} if tap else {"untapped": True}),
                 **({"planeswalker": walker} if walker is not None else {}))

    # ------------------------------------------- into a graveyard (614.1a, 603.6a)
    def graveyard_instead(self, card: int, pid: int | None = None) -> str | None:
        """Where ``card`` (permanent ``pid`` if it is on the battlefield), about to be
        put into its owner's graveyard, goes instead (614.1a: a
        :class:`~effects.GraveyardInstead`, ``"exile"`` or ``"library"``); None:
        into the graveyard. With several, the affected card's owner would choose
        (616.1); automated: the card's own first, then the permanents' in timestamp
        order (each sends it out of the graveyard's way)."""
        own = self.defs[self.card_def[card]].graveyard_instead
        if own is not None and not self.card_token[card]:
            return own.dest
        if self._static_version != self._bf_version:
            self._statics()
        if not self._graveyard_instead:
            return None
        owner = self.card_owner[card]
        token = self.card_token[card]
        for controller, static in self._graveyard_instead:
            if self.lost[controller] or token and not static.tokens or \
                    static.whose == "opponents" and owner == controller or \
                    static.whose == "you" and owner != controller:
                continue
            f = static.cards
            if pid is not None and pid in self.battlefield:
                fits = self.matches(dataclasses.replace(f, controller="any"), pid,
                                    controller)
            else:
                fits = self.card_matches(f, card)
            if fits:
                return static.dest
        return None

    def to_graveyard(self, card: int, from_library: bool = False) -> str:
        """Put ``card`` (not a permanent: from a hand, a library, the stack) into its
        owner's graveyard, unless a :class:`~effects.GraveyardInstead` sends it
        elsewhere (event ``replaced``); the zone it went to. "When this is put into a
        graveyard from anywhere" triggers (603.6a), and "whenever a card is put into
        your graveyard from anywhere / from your library"."""
        owner = self.card_owner[card]
        instead = self.graveyard_instead(card)
        if instead is None:
            self.graveyard[owner].append(card)
            self.put_into_graveyard([card])
            self.card_graveyard_triggers([card], from_library)
            return "graveyard"
        self.log("replaced", card=self.name_of(card), to=instead, instead="graveyard",
                 player=owner)
        if instead == "library":  # revealed, then shuffled in
            self.library[owner].append(card)
            self.shuffle_library(owner)
        else:
            self.exile[owner].append(card)
        return instead

    def put_into_graveyard(self, cards: list[int]) -> None:
        """``cards`` were just put into their owners' graveyards: their own "when
        this is put into a graveyard from anywhere" abilities trigger (603.6a; from
        the graveyard, controlled by the owner, 108.4a). One set look-up when no card
        of the game has one."""
        if "put_into_graveyard" not in self.grave_events():
            return
        defs, card_def = self.defs, self.card_def
        for card in cards:
            d = defs[card_def[card]]
            if "put_into_graveyard" in d.graveyard_events:
                for i, ab in enumerate(d.triggered):
                    if ab.zone == "graveyard" and ab.trigger.event == "put_into_graveyard":
                        self._grave_trigger(self.card_owner[card], card, i)

    def card_graveyard_triggers(self, cards: list[int],
                                from_library: bool = False) -> None:
        """``cards`` are put into their owners' graveyards (from a library:
        ``from_library``): "whenever a <quality> card is put into your / an opponent's
        / a graveyard from anywhere [from your library]" abilities of permanents and
        emblems (114.4) trigger once for each card that is no token (111.1), ``it``
        the card's object in the graveyard (400.7), ``that player`` its owner. Called
        before permanents leave for the graveyard, so abilities of those leaving with
        them see them (603.10a). Two look-ups when nothing waits for it."""
        index = self._trigger_index()
        if "group_card_to_graveyard" in index or from_library and \
                "group_card_to_graveyard_from_library" in index:
            self._graveyard_batch(cards, from_library)
        command = bool(self.emblems or self.temporary_triggers)
        if "card_to_graveyard" not in index and not command and (
                not from_library or "card_to_graveyard_from_library" not in index):
            return
        events = fx.CARD_GRAVEYARD_EVENTS if from_library else ("card_to_graveyard",)
        for card in cards:
            if self.card_token[card]:
                continue
            owner = self.card_owner[card]
            it = None
            for event in events:
                for pid, i, trig in index.get(event, ()):
                    if pid in self.battlefield and self._about_card(
                            trig.subject, self.battlefield[pid].controller, card,
                            self.battlefield[pid].card):
                        it = self.graveyard_object(card) if it is None else it
                        self._trigger(pid, i, it=it, defending=owner)
                if command:
                    for entry in self._command_triggers(event):
                        if self._about_card(entry[5].subject, entry[0], card):
                            it = self.graveyard_object(card) if it is None else it
                            self._command_fire(entry, it=it, defending=owner)

    def _about_card(self, subject: Any, you: int, card: int,
                    source: int | None = None) -> bool:
        """Whether ``card``, put into its owner's graveyard, is one a card trigger of
        ``you`` waits for (the filter's controller: whose graveyard)."""
        if not isinstance(subject, fx.Filter):
            return False
        owner = self.card_owner[card]
        whose = subject.controller
        if (whose == "you" and owner != you) or (whose == "opponent" and owner == you):
            return False
        return self.card_matches(dataclasses.replace(subject, controller="any"), card,
                                 source)

    def _discard(self, p: int, card: int, by: int | None = None) -> None:
        """``p`` discards ``card`` (701.9); ``by``: the controller of the spell or
        ability that makes them discard it (None: a cost, the cleanup step). A card
        with :class:`~effects.DiscardedToBattlefield` that an opponent's spell or
        ability makes its owner discard is put onto the battlefield instead of into
        the graveyard (614.1a); it is still discarded."""
        self.hand[p].remove(card)
        instead = None if by is None or by == p else \
            self.cdef(card).discarded_to_battlefield
        if instead is not None:
            if card in self.public_hand:
                self.public_hand.remove(card)
            self.log("discard", player=p, card=self.name_of(card), to="battlefield")
            self._put_onto_battlefield(card, p, counters=instead.counters)
        elif self.cdef(card).madness is not None or self.granted_madness(card):
            self.madness_discard(p, card)  # 702.35a: into exile
        else:
            self.log("discard", player=p, card=self.name_of(card))
            if self.to_graveyard(card) == "exile":  # (614.1a: from the hand)
                self.exiled_yours(p, [card])
        if "discard" in self._trigger_index() or "discard" in self.grave_events():
            self._player_triggers("discard", p)
        if "group_discard" in self._trigger_index():
            self._discard_batch(p, card)

    def _graveyard_batch(self, cards: list[int], from_library: bool) -> None:
        """:meth:`card_graveyard_triggers`' "whenever one or more <quality> cards
        are put into your graveyard from anywhere [from your library]": the cards
        join the action's batch (603.2c), ``that many`` those matching."""
        index = self._trigger_index()
        events = ("group_card_to_graveyard", "group_card_to_graveyard_from_library") \
            if from_library else ("group_card_to_graveyard",)
        for event in events:
            for pid, i, trig in index.get(event, ()):
                if pid not in self.battlefield:
                    continue
                you = self.battlefield[pid].controller
                for card in cards:
                    if not self.card_token[card] and self._about_card(
                            trig.subject, you, card, self.battlefield[pid].card):
                        self._batch_trigger(pid, i, f"{event}:", card)

    def left_graveyard_batch(self, cards: list[int]) -> None:
        """``cards`` (no tokens: 111.1) just left their owners' graveyards: the
        "one or more <quality> cards leave your graveyard" abilities watching that
        graveyard join the action's batch (603.2c), ``that many`` the cards."""
        for pid, i, trig in self._trigger_index()["group_leaves_graveyard"]:
            if pid not in self.battlefield:
                continue
            you = self.battlefield[pid].controller
            for card in cards:
                if not self.card_token[card] and self._about_card(
                        trig.subject, you, card, self.battlefield[pid].card):
                    self._batch_trigger(pid, i, "group_leaves_graveyard:", card)

    def _discard_batch(self, p: int, card: int) -> None:
        """``p`` discarded ``card``: "whenever you discard one or more <quality>
        cards" triggers once for the cards of one discard (603.2c), ``that many``
        the cards matching, ``that player`` ``p``."""
        for pid, i, trig in self._trigger_index()["group_discard"]:
            whose = fx.Ref(_WHOSE_PLAYER[trig.subject.controller])
            if pid in self.battlefield and self._about_player(whose, pid, p) and \
                    self.card_matches(dataclasses.replace(trig.subject, controller="any"),
                                      card, self.battlefield[pid].card):
                self._batch_trigger(pid, i, f"group_discard:{p}", card,
                                    defending=p)

    def exiled_yours(self, p: int, objects: list[int]) -> None:
        """``objects`` were just put into exile from ``p``'s hand (cards), or are
        being exiled from the battlefield by a spell or ability ``p`` controls
        (permanents, still there: they look back, 603.10a): each
        ``group_exiled_yours`` ability of ``p``'s joins the action's batch (603.2c),
        ``that many`` counting both kinds."""
        entries = self._trigger_index().get("group_exiled_yours")
        if not entries or not objects:
            return
        for pid, i, _ in entries:
            if pid in self.battlefield and self.battlefield[pid].controller == p:
                for obj in objects:
                    self._batch_trigger(pid, i, "group_exiled_yours:", obj)

    def exiles_from_battlefield(self, pids: list[int]) -> None:
        """Permanents ``pids`` are about to be exiled: when a resolving spell or
        ability does it, "a spell or ability you control exiles one or more
        permanents" of its controller (:meth:`exiled_yours`)."""
        res = self.res
        if res is not None and pids and "group_exiled_yours" in self._trigger_index():
            item = res.get("item")
            if item is not None:
                self.exiled_yours(item.controller, pids)

    # ------------------------------------------------------------------- damage
    def _deal_damage(self, hits: list[tuple[int, int]], controller: int,
                     kws: frozenset[str], source_name: str, *,
                     combat: bool = False, source: int | None = None,
                     quality: tuple[tuple[str, ...], tuple[str, ...], int] | None = None,
                     ) -> None:
        """One source's damage to several recipients at once (rule 120); ``source``
        is the dealing permanent's id when it is one (combat damage); ``quality``
        the source's colours and card types (default: ``source``'s), which
        protection prevents damage from (702.16e)."""
        total = 0
        if quality is None and source is not None and source in self.battlefield:
            d = self.pdef(source)
            quality = (d.colours, d.types + d.subtypes, self.battlefield[source].controller)
        first = len(self.events)
        hidden = (self.face_down_marks(source, "source_")
                  if source is not None and source in self.battlefield else {})
        dealt: list[tuple[int, int]] = []
        if source is not None and fx.DoubleDamage in self.static_kinds() and \
                source in self.battlefield:  # 614.1a: doubled, once for each
            times = sum(1 for you, st in self.statics_of(fx.DoubleDamage)
                        if self.matches(st.affected, source, you))
            hits = [(code, amount << times) for code, amount in hits]
        self._statics()
        prevents = bool(self.replacements or self._static_prevention)
        if prevents and self.replacements and ["no_prevention"] in self.replacements:
            prevents = False  # 615.12: damage can't be prevented this turn
            quality = None  # (protection's prevention neither, 702.16e)
        for code, amount in hits:
            if amount <= 0:
                continue
            if code < 0:
                p = code_player(code)
                if self.lost[p]:
                    continue
                if prevents:
                    amount = self._after_prevention(code, amount, source, source_name,
                                                    combat, quality)
                    if not amount:
                        continue
                if combat and source is not None and source in self.battlefield and \
                        fx.CombatDamageToMill in self.static_kinds() and any(
                            self.matches(st.affected, source, you) for you, st in
                            self.statics_of(fx.CombatDamageToMill)):
                    for _ in range(amount):  # 614.1a: that player mills instead
                        self.mill(p)
                    continue
                self.damaged_turn[p] += amount  # (how much, this turn)
                if "infect" in kws:
                    self._poison_player(p, amount, source_name, combat)
                else:
                    self._damage_player(p, amount, source_name, combat)
                if combat and p == self.monarch and controller != p and \
                        source is not None:
                    # 724.2: its controller becomes the monarch (a trigger)
                    self._monarch_trigger(controller, 1)
                if combat and kws and (n := KW.toxic(kws)):  # 702.164b: and poison
                    self.poison[p] += n
                    self.log("poison", player=p, change=n, poison=self.poison[p])
            elif code in self.battlefield:
                if quality is not None or prevents:
                    amount = self._after_prevention(code, amount, source, source_name,
                                                    combat, quality)
                    if not amount:
                        continue
                counters = self.battlefield[code].counters
                if counters and counters.get("shield") and self._shielded(code):
                    continue  # 122.1c: a shield counter removed instead
                self._damage_permanent(code, amount, kws, source_name, combat, source)
                if source is not None:  # (dealt damage by it this turn)
                    self.damage_pairs.add((code, source))
            else:
                continue
            total += amount
            dealt.append((code, amount))
        if hidden:  # a face-down source: its damage events say so
            for e in self.events[first:]:
                if e["type"] in ("damage", "prevented") and \
                        e.get("source") == source_name:
                    e.update(hidden)
        if "lifelink" in kws and total:
            self.gain_life(controller, total)
        if dealt and (not DAMAGE_EVENTS.isdisjoint(self._trigger_index())
                      or self.emblems or self.temporary_triggers):
            self._damage_triggers(source, dealt, combat, controller)

    def _damage_player(self, p: int, amount: int, source_name: str,
                       combat: bool) -> None:
        """Damage to a player: that much life lost (rule 120.3a)."""
        self.life[p] -= amount
        self.life_lost_turn[p] += amount
        self.log("damage", source=source_name, player=p, amount=amount, combat=combat)
        self.log("life", player=p, change=-amount, life=self.life[p])
        if "lose_life" in self._trigger_index() or "lose_life" in self.grave_events():
            self._player_triggers("lose_life", p, amount)

    def _poison_player(self, p: int, amount: int, source_name: str,
                       combat: bool) -> None:
        """Damage from a source with infect to a player: that many poison counters
        instead of life loss (702.90b)."""
        self.poison[p] += amount
        self.log("damage", source=source_name, player=p, amount=amount, combat=combat,
                 infect=True)
        self.log("poison", player=p, change=amount, poison=self.poison[p])

    def _damage_permanent(self, pid: int, amount: int, kws: frozenset[str],
                          source_name: str, combat: bool, source: int | None) -> None:
        """Damage to a permanent: loyalty counters removed from a planeswalker (rule
        120.3c), damage marked on a creature (rule 120.3e), deathtouch noted."""
        perm = self.battlefield[pid]
        d = self.pdef(pid)
        if d.is_planeswalker:
            loyalty = perm.counters.get("loyalty", 0)
            perm.counters["loyalty"] = loyalty - min(amount, loyalty)
            if self.counted_counters(pid):
                self._levels_changed()
        if d.is_creature:
            if kws and kws & {"infect", "wither"}:  # 702.80a, 702.90b
                perm.counters["-1/-1"] = perm.counters.get("-1/-1", 0) + amount
                self._bf_version += 1
            else:
                perm.damage += amount
            if "deathtouch" in kws:
                perm.deathtouched = True
        self.log("damage", source=source_name, id=pid, card=self.name_of(perm.card),
                 amount=amount, combat=combat, **self.face_down_marks(pid))

    # ------------------------------------------------------------- triggers
    # Rule 603.2: an ability triggers when its event happens. Every permanent's
    # triggered abilities are indexed by event once per change of the battlefield
    # (:meth:`_trigger_index`), so an event with no ability waiting for it costs one
    # dictionary look-up: a game without such triggers pays nothing per action.
    def _trigger_index(self) -> dict[str, list[tuple[int, int, fx.Trigger]]]:
        """``event -> [(pid, ability index, trigger)]`` of the permanents on the
        battlefield, in timestamp order (a face-down permanent has no abilities)."""
        if self._trig_version != self._bf_version:
            self._statics()  # (the layers say which abilities each one has)
            index: dict[str, list[tuple[int, int, fx.Trigger]]] = {}
            defs, card_def = self.defs, self.card_def
            for pid, perm in self.battlefield.items():
                if perm.shape >= 0:
                    shown = defs[perm.shape]
                elif not perm.face_down:
                    shown = defs[card_def[perm.card]]
                elif perm.face_down_ward:
                    shown = face_down_def(perm)  # ward {2} (702.168b, 701.58a)
                else:
                    continue
                for i, ab in enumerate(shown.triggered):
                    if ab.zone == "battlefield":
                        index.setdefault(ab.trigger.event, []).append(
                            (pid, i, ab.trigger))
            self._trig_index = index
            self._trig_version = self._bf_version
        return self._trig_index

    def _state_triggers(self) -> None:
        """State triggers (603.8: "when this has two or fewer loyalty counters on
        him"): each whose condition holds triggers, unless it already has (it does
        not trigger again until the ability has left the stack)."""
        for pid, index, trigger in self._trigger_index()["state"]:
            perm = self.battlefield.get(pid)
            if perm is None or not self.conditions_hold(
                    (trigger.condition,), perm.controller, pid):
                continue
            if any(t["source"] == pid and t["index"] == index
                   for t in self.pending_triggers) or any(
                    s.kind == "triggered" and s.source == pid and s.index == index
                    for s in self.stack):
                continue
            self._trigger(pid, index)

    def _trigger(self, pid: int, index: int, **extra: Any) -> None:
        perm = self.battlefield[pid]
        ability = self.pdef(pid).triggered[index]
        if not perm.kicked and isinstance(ability.effect, fx.IfKicked):
            return  # "if it was kicked": an intervening if (603.4)
        if isinstance(ability.effect, fx.IfHolds) and not self.conditions_hold(
                (ability.effect.condition,), perm.controller, pid):
            return  # "when ..., if you control ...": an intervening if (603.4),
            # checked again as it resolves (the IfHolds itself)
        condition = ability.trigger.condition
        if condition and condition in fx.OBJECT_CONDITIONS and not \
                self.object_condition(condition, pid, extra.get("it")):
            return  # an intervening "if" (603.4)
        if isinstance(condition, fx.ActivationCondition) and not self.conditions_hold(
                (condition,), perm.controller, pid, extra.get("it")):
            return  # an intervening "if" about its controller (603.4)
        if ability.once_each_turn:  # "this ability triggers only once each turn"
            if [pid, index] in self.triggered_this_turn:
                return
            self.triggered_this_turn.append([pid, index])
        it = extra.get("it")
        self.pending_triggers.append({
            "controller": perm.controller, "card": perm.card, "source": pid,
            "index": index, "it": it, "defending": extra.get("defending"),
            "it_controller": self._controller_of(it),
            "amount": extra.get("amount", 0), "cause": extra.get("cause"),
            "keywords": sorted(self.keywords(pid)),
            "shape": self._def_number(face_down_def(perm))
            if perm.face_down and perm.shape < 0 else perm.shape,
            "face": self.card_def[perm.card],
            **({"x": extra["x"]} if "x" in extra else {}),
            **({"kicked": perm.kicked} if perm.kicked else {})})

    def _controller_of(self, code: int | None) -> int | None:
        """The controller of the object ``code`` names now (None if none)."""
        if code is None or code < 0:
            return None
        if code in self.battlefield:
            return self.battlefield[code].controller
        return next((s.controller for s in self.stack if s.sid == code), None)

    def tapped_for_mana(self, pid: int, p: int) -> None:
        """Permanent ``pid`` was just tapped for mana by ``p`` (106.12): the
        triggered mana abilities waiting for it (605.1b: "add an additional {B}",
        "its controller adds an additional one mana of any color") add their mana to
        ``p``'s pool at once, without the stack; other abilities ("whenever you tap
        this for mana, it deals 1 damage to each opponent") trigger. One dict
        look-up when nothing waits. *Automated*: "one mana of any color" is the
        colour most pips of ``p``'s hand ask for (WUBRG order on ties)."""
        entries = self._trigger_index().get("tapped_for_mana")
        if not entries:
            return
        for src, i, trig in entries:
            if src not in self.battlefield or not self._about(trig.subject, src, pid):
                continue
            effect = self.pdef(src).triggered[i].effect
            if not isinstance(effect, fx.AddMana):
                self._trigger(src, i, it=pid)
                continue
            options = sorted(self.mana_options(p, effect.options, src),
                             key=lambda c: (-self._hand_pips(p, c),
                                            "WUBRGC".index(c) if c in "WUBRGC" else 6))
            if options and isinstance(effect.amount, int):
                self.add_mana(p, [options[0]] * effect.amount,
                              self.name_of(self.battlefield[src].card),
                              spend=effect.spend_only)

    def _hand_pips(self, p: int, colour: str) -> int:
        """How many pips of the mana costs of ``p``'s hand ``colour`` pays."""
        n = 0
        for card in self.hand[p]:
            cost = self.cdef(card).cost
            if cost is not None:
                n += sum(1 for pip in cost.pips if colour in pip.split("/"))
        return n

    def _about(self, subject: Any, pid: int, obj: int) -> bool:
        """Whether an event happening to permanent ``obj`` is the one the trigger of
        ``pid`` with ``subject`` waits for: ``this`` (``Ref("self")``), the permanent
        it is attached to (``Ref("equipped")`` / ``Ref("enchanted")``), or any
        permanent matching a :class:`~effects.Filter` seen by its controller."""
        if isinstance(subject, fx.Filter):
            return obj in self.battlefield and self.matches(
                subject, obj, self.battlefield[pid].controller, pid)
        name = subject.name
        if name == "self":
            return obj == pid
        if name in ("equipped", "enchanted"):
            return self.battlefield[pid].attached_to == obj
        return False

    def _about_player(self, subject: Any, pid: int, p: int) -> bool:
        """Whether an event happening to player ``p`` (gaining life, drawing...) is
        the one the trigger of ``pid`` waits for: ``Ref("you")``,
        ``Ref("each_opponent")`` or ``Ref("each_player")``."""
        name = subject.name if isinstance(subject, fx.Ref) else None
        if name == "each_player":
            return True
        you = self.battlefield[pid].controller
        return (name == "you" and p == you) or (name == "each_opponent" and p != you)

    def _object_triggers(self, event: str, objects: list[int], **extra: Any) -> None:
        """``event`` happened to each permanent of ``objects`` at once; ``it`` of
        each trigger is the object (they all see each other: leaving look-back)."""
        if event in self.grave_events():  # (a card in a graveyard may wait for it)
            self.grave_object_triggers(event, objects)
        if self.emblems or self.temporary_triggers:
            self._command_object_triggers(event, objects, **extra)
        entries = self._trigger_index().get(event)
        if not entries:
            return
        for pid, i, trig in entries:
            if pid not in self.battlefield:
                continue
            for obj in objects:
                if self._about(trig.subject, pid, obj):
                    self._trigger(pid, i, it=obj, **extra)

    # ------------------------------------------------ event batches (603.2c)
    # "Whenever one or more <objects> <event>" triggers once for each batch of
    # simultaneous events (603.2c: one event with several occurrences): the creatures
    # one effect destroys, the cards one discard puts into a graveyard, the combat
    # damage one step deals to a player. The first occurrence of a batch triggers the
    # ability as usual (its intervening "if" and "only once each turn" checked then);
    # its pending trigger stays *open* (``"batch"``: the batch's key) and later
    # occurrences of the same batch join it: ``"objects"`` (the objects of the
    # batch, "those creatures") and ``"amount"`` ("that many"). The batch closes
    # (:meth:`close_batches`) when the action ends: before each step of a resolving
    # spell or ability, each pass of state-based actions, each priority action and
    # when triggered abilities are put on the stack. Ordinary triggers are never
    # merged.
    def _batch_trigger(self, pid: int, index: int, key: str, obj: int,
                       amount: int = 1, distinct: int | None = None,
                       **extra: Any) -> None:
        """One occurrence (about object ``obj``, counting ``amount``) of batch
        ``key`` for the ability ``index`` of permanent ``pid``; with ``distinct``
        (e.g. the player dealt damage), the batch's amount counts only the
        occurrences with a ``distinct`` it has not seen ("the number of opponents
        dealt damage this way")."""
        for t in self.pending_triggers:
            if t.get("batch") == key and t["source"] == pid and t["index"] == index:
                t["objects"] = [*t["objects"], obj]  # (a clone may share the list)
                if distinct is None:
                    t["amount"] += amount
                elif distinct not in t["distinct"]:
                    t["distinct"] = [*t["distinct"], distinct]
                    t["amount"] += amount
                return
        before = len(self.pending_triggers)
        self._trigger(pid, index, amount=amount, **extra)
        if len(self.pending_triggers) > before:
            t = self.pending_triggers[-1]
            t["batch"] = key
            t["objects"] = [obj]
            if distinct is not None:
                t["distinct"] = [distinct]

    def close_batches(self) -> None:
        """The action whose simultaneous events formed the open batches ended: a
        later event starts a new batch (603.2c)."""
        for t in self.pending_triggers:
            t.pop("batch", None)

    def _group_triggers(self, event: str, objects: list[int], key: str = "",
                        **extra: Any) -> None:
        """``event`` happened to each permanent of ``objects`` at once (one batch,
        ``key`` telling batches of one action apart, e.g. the player dealt damage):
        each "one or more" ability watching ``event`` and matching any of them
        triggers once, ``that many`` the number matching."""
        entries = self._trigger_index().get(event)
        if not entries:
            return
        for pid, i, trig in entries:
            if pid not in self.battlefield:
                continue
            for obj in objects:
                if self._about(trig.subject, pid, obj):
                    self._batch_trigger(pid, i, f"{event}:{key}", obj, **extra)

    def roll_dice(self, p: int, sides: int, count: int, keep: int = 0) -> list[int]:
        """Rule 706: player ``p`` rolls ``count`` ``sides``-sided dice with the game's
        dice (event ``roll``: the results that count, and those ``ignored``);
        "whenever you roll one or more dice" triggers once. Each
        :class:`~effects.ExtraDie` of ``p``'s adds a die whose lowest roll is ignored
        (614.1a); ``keep``: only the highest ``keep`` results count ("ignore the lower
        roll", 706.4). The results that count."""
        if count <= 0:
            return []
        extra = sum(1 for you, _ in self.statics_of(fx.ExtraDie) if you == p)
        results = [self.dice.roll(sides) for _ in range(count + extra)]
        ignored: list[int] = []
        for _ in range(extra):
            ignored.append(results.pop(results.index(min(results))))
        while keep and len(results) > keep:
            ignored.append(results.pop(results.index(min(results))))
        self.log("roll", player=p, sides=sides, results=results,
                 **({"ignored": ignored} if ignored else {}))
        self._player_triggers("roll_dice", p)
        return results

    def roll_off(self, node: fx.RollOff, path: str) -> None:
        """:class:`~effects.RollOff`: each player rolls one die (706, in turn order
        from the active player); the permanents ``node.barred`` names can't attack
        the opponents of the resolving object's controller who had the highest
        result (ties included) or their planeswalkers this combat (508.1c)."""
        you = self.res["item"].controller  # type: ignore[index]
        results = {p: self.roll_dice(p, node.sides, 1)[0]
                   for p in self._turn_order(self.active) if not self.lost[p]}
        best = max(results.values())
        seats = [p for p, r in results.items() if r == best and p != you]
        for pid in self.select(node.barred, path):
            if pid >= 0 and pid in self.battlefield:
                for seat in seats:
                    self.attack_barred.append([pid, seat])
                    self.log("attack_barred", id=pid, player=seat,
                             card=self.name_of(self.battlefield[pid].card))

    def flip_coin(self, p: int) -> bool:
        """Rule 705: player ``p`` flips a coin with the game's dice (an even chance;
        event ``coin_flip``); whether they won the flip."""
        won = self.dice.roll(2) == 2
        self.log("coin_flip", player=p, won=won)
        return won

    def _player_triggers(self, event: str, p: int, amount: int = 0) -> None:
        """``event`` happened to player ``p`` (``amount``: life gained or lost):
        ``that player`` of the ability is ``p`` (its ``defending``), ``that much``
        is ``amount``."""
        if event in self.grave_events():
            self.grave_player_triggers(event, p, amount)
        for pid, i, trig in self._trigger_index().get(event, ()):
            if pid in self.battlefield and self._about_player(trig.subject, pid, p):
                self._trigger(pid, i, it=player_code(p), defending=p, amount=amount)
        if self.emblems or self.temporary_triggers:
            for entry in self._command_triggers(event):
                if self._command_about_player(entry[5].subject, entry[0], p):
                    self._command_fire(entry, it=player_code(p), defending=p,
                                       amount=amount)

    def _damage_triggers(self, source: int | None, dealt: list[tuple[int, int]],
                         combat: bool, controller: int | None = None) -> None:
        """Permanent ``source`` (None: not a permanent) dealt damage, ``[(target
        code, amount)]``: "whenever this deals [combat] damage [to a player / to an
        opponent / to a creature]" (it: the source; that player: the player dealt
        damage; that much: the amount) and "whenever this is dealt damage" (it: the
        permanent dealt damage); ``controller`` controls the source (a spell's, an
        ability's source's, a permanent's), for "whenever a source you control deals
        damage to a player"."""
        index = self._trigger_index()
        if controller is not None and "source_damage_player" in index:
            self._source_damage_triggers(controller, dealt, combat)
        by_creature = combat and source is not None and source in self.battlefield \
            and self.is_creature(source)
        command = bool(self.emblems or self.temporary_triggers)
        for code, amount in dealt:
            if code >= 0 and code in self.battlefield:
                for pid, i, trig in index.get("dealt_damage", ()):
                    if pid in self.battlefield and self._about(trig.subject, pid, code):
                        self._trigger(pid, i, it=code, amount=amount)
                if by_creature:  # "whenever a creature deals combat damage to this"
                    for pid, i, trig in index.get("dealt_combat_damage_by_creature", ()):
                        if pid in self.battlefield and \
                                self._about(trig.subject, pid, code):
                            self._trigger(pid, i, it=source, amount=amount)
                    if command:
                        for entry in self._command_triggers(
                                "dealt_combat_damage_by_creature"):
                            if self._command_about(entry[5].subject, entry[0],
                                                   entry[3], code):
                                self._command_fire(entry, it=source, amount=amount)
        if source is None or source not in self.battlefield:
            return
        if by_creature and "group_combat_damage_player" in index:
            # "whenever one or more creatures you control deal combat damage to a
            # player": once for each player dealt combat damage in the step (603.2c)
            for code, _ in dealt:
                if code < 0:
                    p = code_player(code)
                    self._group_triggers("group_combat_damage_player", [source], str(p),
                                         defending=p)
        if by_creature and any(code < 0 for code, _ in dealt):
            # "... deal combat damage to one or more players": once for the step
            self._group_triggers("group_combat_damage_players", [source])
            for pid, i, trig in index.get("group_combat_damage_opponents", ()):
                # "... to one or more of your opponents": once for the step, that
                # many the opponents of the ability's controller dealt it (603.2c)
                if pid not in self.battlefield or \
                        not self._about(trig.subject, pid, source):
                    continue
                you = self.battlefield[pid].controller
                for code, _ in dealt:
                    if code < 0 and code_player(code) != you:
                        self._batch_trigger(pid, i, "group_combat_damage_opponents:",
                                            source, distinct=code_player(code))
        if command:
            self._command_damage_triggers(source, dealt, combat)
        you = self.battlefield[source].controller
        total = sum(amount for _, amount in dealt)
        for event in ("deals_damage", "deals_combat_damage") if combat else \
                ("deals_damage",):
            for pid, i, trig in index.get(event, ()):
                if pid in self.battlefield and self._about(trig.subject, pid, source):
                    self._trigger(pid, i, it=source, amount=total)
        for code, amount in dealt:
            if code < 0:
                p = code_player(code)
                events = ["deals_damage_player"]
                if combat:
                    events.append("deals_combat_damage_player")
                    events.append("deals_combat_damage_you")
                if p != you:
                    events.append("deals_damage_opponent")
            else:
                if not combat or code not in self.battlefield or \
                        not self.is_creature(code):
                    continue
                events = ["deals_combat_damage_creature"]
                p = None
            for event in events:
                for pid, i, trig in index.get(event, ()):
                    if event == "deals_combat_damage_you" and (
                            pid not in self.battlefield
                            or self.battlefield[pid].controller != p):
                        continue  # ("to you": the ability's controller)
                    if pid in self.battlefield and self._about(trig.subject, pid, source):
                        if p is None:  # "that creature": the creature dealt damage
                            self._trigger(pid, i, it=code, amount=amount)
                        else:
                            self._trigger(pid, i, it=source, defending=p, amount=amount)

    def _source_damage_triggers(self, you: int, dealt: list[tuple[int, int]],
                                combat: bool) -> None:
        """A source ``you`` control dealt damage ``dealt`` (after prevention): "whenever
        a source you control deals [N or more] [noncombat] damage to a player / an
        opponent" triggers once for each player dealt it (``that player``, ``that
        much``)."""
        for code, amount in dealt:
            if code >= 0:
                continue
            p = code_player(code)
            for pid, i, trig in self._trigger_index()["source_damage_player"]:
                if pid not in self.battlefield or self.battlefield[pid].controller != you \
                        or trig.subject == fx.Ref("each_opponent") and p == you:
                    continue
                noncombat, least = fx.source_damage_condition(trig.condition) or (
                    False, 1)
                if amount >= least and not (noncombat and combat):
                    self._trigger(pid, i, defending=p, amount=amount)

    def _target_triggers(self, item: StackItem, only: int | None = None,
                         cast: bool = False) -> None:
        """Stack object ``item`` was just put on the stack with its targets: each
        permanent it targets "becomes the target of a spell or ability" (once per
        object, rule 603.2), and of one an opponent controls (ward, 702.21a), or of
        a spell. ``cast``: ``item`` is a spell just cast (601.2i), so heroic's
        "whenever you cast a spell that targets this" triggers for its caster's
        permanents. ``it`` is the permanent, ``Ref("that_object")`` the spell or
        ability (``cause``). ``only``: just that permanent, which a target change
        (115.7) made one."""
        index = self._trigger_index()
        events = [e for e in fx.TARGET_EVENTS if e in index]
        seen: set[int] = set()
        for codes in item.targets.values():
            for code in codes:
                if code < 0 or code in seen or code not in self.battlefield or (
                        only is not None and code != only):
                    continue
                seen.add(code)
                for event in events:
                    if event == "cast_targets" and not cast or \
                            event == "becomes_target_spell" and item.kind != "spell":
                        continue
                    for pid, i, trig in index[event]:
                        if pid not in self.battlefield or (
                                event == "becomes_target_by_opponent"
                                and self.battlefield[pid].controller == item.controller
                        ) or (event == "cast_targets"
                              and self.battlefield[pid].controller != item.controller):
                            continue
                        if self._about(trig.subject, pid, code):
                            # ("that player": the spell's or ability's controller)
                            self._trigger(pid, i, it=code, cause=item.sid,
                                          defending=item.controller)

    def _dies_delayed(self, pids: list[int]) -> None:
        """Rule 603.7c: "when that creature dies this turn" delayed triggered
        abilities waiting for one of ``pids`` (dying now) trigger, once; "the
        creature's controller" is its controller as it died (603.10a)."""
        due = [d for d in self.delayed if d["when"] == "it_dies_this_turn"
               and d["it"] in pids and self.is_creature(d["it"])]
        if not due:
            return
        self.delayed = [d for d in self.delayed if d not in due]
        for d in due:
            self._fire_delayed(d, self.battlefield[d["it"]].controller)

    def _delayed_triggers(self, step: str) -> None:
        """Rule 603.7b-c: the delayed triggered abilities waiting for the beginning of
        ``step`` trigger, once each (they are then gone)."""
        due = [d for d in self.delayed if (
            (d["when"] == "next_end_step" and step == "end")
            or (d["when"] == "end_of_combat" and step == "end_of_combat")
            or (d["when"] == "your_next_upkeep" and step == "upkeep"
                and d["controller"] == self.active)
            or (d["when"] == "next_turns_upkeep" and step == "upkeep"
                and self.turn > d["turn"]))]
        if not due:
            return
        self.delayed = [d for d in self.delayed if d not in due]
        for d in due:
            self._fire_delayed(d, d["it_controller"])

    def _fire_delayed(self, d: dict, it_controller: int | None) -> None:
        """A delayed triggered ability ``d`` triggers (603.7): it waits to be put on
        the stack like any other, "it"'s controller read as ``it_controller``."""
        self.pending_triggers.append({
            "controller": d["controller"], "card": d["card"], "source": d["source"],
            "index": d["index"], "it": d["it"], "defending": None,
            "it_controller": it_controller, "keywords": d["keywords"],
            "origin": d["origin"], "path": d["path"], "shape": d.get("shape", -1),
            "face": d.get("face", -1), "cards": d.get("cards", [])})

    def triggering(self, pids: list[int]) -> list[int]:
        """Entering ``pids`` less those whose entering an
        :class:`~effects.EnteringDontTrigger` stops from triggering abilities (Torpor
        Orb)."""
        if fx.EnteringDontTrigger not in self.static_kinds():
            return pids
        quiet = self.statics_of(fx.EnteringDontTrigger)
        if not quiet:
            return pids
        return [pid for pid in pids if not any(
            self.matches(st.affected, pid, you) for you, st in quiet)]

    def _dies_triggers(self, dying: list[int]) -> None:
        """Leaves-the-battlefield triggers look back: all dying creatures see each other.
        A noncreature's own "is put into a graveyard from the battlefield" trigger
        (compiled as ``dies``, Rancor's) sees it too: other objects' dies triggers
        watch creatures by their filters."""
        if dying:
            self._object_triggers("dies", dying)
            self._group_triggers("group_dies", dying)

    def _step_triggers(self, event: str) -> None:
        if self.emblems or self.temporary_triggers:
            self._emblem_step_triggers(event)
        if self.monarch is not None and event == "end_step" and \
                self.monarch == self.active:
            self._monarch_trigger(self.monarch, 0)  # 724.2: the monarch draws
        if event in self.grave_events():
            self.grave_step_triggers(event)
        for pid, i, trig in self._trigger_index().get(event, ()):
            perm = self.battlefield[pid]
            if trig.condition and isinstance(trig.condition, str) and \
                    not self.condition_holds(trig.condition):
                continue  # 603.4: an intervening "if" false: it does not trigger
            subject = trig.subject
            mine_only = isinstance(subject, fx.Ref) and subject.name in ("self", "you")
            # "that player": the player whose step it is
            if subject == fx.Ref("each_opponent"):
                if perm.controller != self.active:
                    self._trigger(pid, i, defending=self.active)
            elif subject == fx.Ref(fx.ENCHANTED_PLAYER):  # 303.4: the player it enchants
                if perm.attached_to == player_code(self.active):
                    self._trigger(pid, i, defending=self.active)
            elif not mine_only or perm.controller == self.active:
                self._trigger(pid, i, defending=self.active)

    def _emblem_step_triggers(self, event: str) -> None:
        """Rule 114.4: the triggered abilities of emblems work from the command zone;
        the emblem's owner controls them (114.3), the emblem is their source (no
        permanent); "that player" is the player whose step it is. Temporary
        triggered abilities (611.2a) too."""
        active = self.active
        for entry in self._command_triggers(event):
            owner, trig = entry[0], entry[5]
            if (trig.subject == fx.Ref("you") and owner != active) or (
                    trig.subject == fx.Ref("each_opponent") and owner == active):
                continue
            self._command_fire(entry, defending=active)

    # ------------------------------- triggers of no permanent (114.4, 611.2a, 603.1)
    def _command_triggers(self, event: str) -> list[tuple[Any, ...]]:
        """The triggered abilities waiting for ``event`` that belong to no
        permanent: emblems' (114.4) and those a resolved
        :class:`~effects.TemporaryTrigger` created (611.2a) while they last, as
        ``(controller, definition index, card, source, ability index, trigger)``;
        none of a player who left the game (800.4a)."""
        out: list[tuple[Any, ...]] = []
        defs, lost = self.defs, self.lost
        for emblem in self.emblems:
            owner, index, card = emblem[0], emblem[1], emblem[2]
            if not lost[owner]:
                for i, ab in enumerate(defs[index].triggered):
                    if ab.trigger.event == event:
                        out.append((owner, index, card, None, i, ab.trigger))
        for owner, index, card, source, _ in self.temporary_triggers:
            if not lost[owner]:
                for i, ab in enumerate(defs[index].triggered):
                    if ab.trigger.event == event:
                        out.append((owner, index, card, source, i, ab.trigger))
        return out

    def _command_fire(self, entry: tuple[Any, ...], **extra: Any) -> None:
        """The ability ``entry`` of :meth:`_command_triggers` triggers (603.2): its
        stack object's definition is the emblem's or the temporary ability's
        (``face``), its source the object that created it (none for an emblem)."""
        owner, index, card, source, i, _ = entry
        it = extra.get("it")
        for k, e in enumerate(self.temporary_triggers):
            if e[4] == NEXT_TIME and e[0] == owner and e[1] == index and e[3] == source:
                del self.temporary_triggers[k]  # 603.7c: "when you next ...": once
                break
        self.pending_triggers.append({
            "controller": owner, "card": card, "source": source, "index": i,
            "it": it, "defending": extra.get("defending"),
            "it_controller": self._controller_of(it),
            "amount": extra.get("amount", 0), "cause": extra.get("cause"),
            "keywords": [], "shape": -1, "face": index})

    def _command_about(self, subject: Any, you: int, source: int | None,
                       obj: int) -> bool:
        """:meth:`_about` for a trigger of no permanent controlled by ``you``
        ("this": ``source``, the object that created it)."""
        if isinstance(subject, fx.Filter):
            return obj in self.battlefield and self.matches(subject, obj, you, source)
        return subject == fx.Ref("self") and source is not None and obj == source

    @staticmethod
    def _command_about_player(subject: Any, you: int, p: int) -> bool:
        """:meth:`_about_player` for a trigger of no permanent controlled by ``you``."""
        name = subject.name if isinstance(subject, fx.Ref) else None
        return name == "each_player" or (name == "you" and p == you) or (
            name == "each_opponent" and p != you)

    def _command_object_triggers(self, event: str, objects: list[int],
                                 **extra: Any) -> None:
        for entry in self._command_triggers(event):
            for obj in objects:
                if self._command_about(entry[5].subject, entry[0], entry[3], obj):
                    self._command_fire(entry, it=obj, **extra)

    def _command_damage_triggers(self, source: int, dealt: list[tuple[int, int]],
                                 combat: bool) -> None:
        """:meth:`_damage_triggers`' "whenever <a creature> deals [combat] damage
        [to a player / an opponent]" for triggers of no permanent."""
        you = self.battlefield[source].controller
        total = sum(amount for _, amount in dealt)
        for event in ("deals_damage", "deals_combat_damage") if combat else \
                ("deals_damage",):
            for entry in self._command_triggers(event):
                if self._command_about(entry[5].subject, entry[0], entry[3], source):
                    self._command_fire(entry, it=source, amount=total)
        for code, amount in dealt:
            if code >= 0:
                continue
            p = code_player(code)
            events = ["deals_damage_player"] + (["deals_combat_damage_player"]
                                                if combat else [])
            if p != you:
                events.append("deals_damage_opponent")
            for event in events:
                for entry in self._command_triggers(event):
                    if self._command_about(entry[5].subject, entry[0], entry[3],
                                           source):
                        self._command_fire(entry, it=source, defending=p,
                                           amount=amount)

    def _cast_triggers(self, caster: int, card: int | None = None,
                       sid: int | None = None, from_graveyard: bool = False,
                       shown: fx.CardDef | None = None, from_hand: bool = True) -> None:
        """``caster`` cast spell ``card`` (object ``sid``), rule 603.2 (it triggers
        on casting, before the spell resolves): "whenever you cast a noncreature
        spell" (prowess) and "whenever <player> casts a <quality> spell" (a
        :class:`~effects.Filter` of the spell's card types, subtypes and
        ``noncreature``; its controller says who cast it). ``it`` is the spell,
        ``that player`` the caster; ``shown``: the spell's characteristics (a
        face-down spell's, 708.4), if not its card's."""
        index = self._trigger_index()
        d = shown or (self.cdef(card) if card is not None else None)
        if d is not None and d.cost is not None and d.cost.x and sid is not None:
            # 202.3e: on the stack, X is the value announced ("whenever a player
            # casts a spell with mana value 3 or less")
            cast = self.being_cast
            x = cast.x if cast is not None and cast.sid == sid else next(
                (s.x for s in self.stack if s.sid == sid), 0)
            if x > 0:
                d = dataclasses.replace(d, cost=dataclasses.replace(
                    d.cost, generic=d.cost.generic + d.cost.x * x))
        if self.grave_events():
            self.grave_cast_triggers(caster, d, sid, from_graveyard, from_hand)
        if d is None or not d.is_creature:
            for pid, i, _ in index.get("casts_noncreature", ()):
                if self.battlefield[pid].controller == caster:
                    self._trigger(pid, i)
        if d is None:
            return
        for pid, i, trig in index.get("cast", ()):
            if "from_graveyard" in trig.subject.props and not from_graveyard:
                continue  # "casts a spell from a graveyard"
            if fx.NOT_FROM_HAND in trig.subject.props and from_hand:
                continue  # "from anywhere other than your hand" (601.2a)
            if SECOND_CREATURE in trig.subject.props and \
                    self.creature_spells[caster] != 2:
                continue  # "your second creature spell this turn"
            subject = trig.subject
            if subject.controller == fx.ENCHANTED_PLAYER:  # 303.4: the player it enchants
                if self.battlefield[pid].attached_to != player_code(caster):
                    continue
                subject = dataclasses.replace(subject, controller="any")
            if self._spell_matches(subject, d, caster,
                                   self.battlefield[pid].controller):
                self._trigger(pid, i, it=sid, defending=caster)
        if self.emblems or self.temporary_triggers:
            for entry in self._command_triggers("cast"):
                trig = entry[5]
                if "from_graveyard" in trig.subject.props and not from_graveyard:
                    continue
                if fx.NOT_FROM_HAND in trig.subject.props and from_hand:
                    continue
                if self._spell_matches(trig.subject, d, caster, entry[0]):
                    self._command_fire(entry, it=sid, defending=caster)

    @staticmethod
    def _spell_matches(filt: fx.Filter, d: fx.CardDef, caster: int, you: int) -> bool:
        """Whether a spell of card ``d`` cast by ``caster`` matches ``filt`` seen by
        seat ``you``."""
        if filt.controller == "you" and caster != you:
            return False
        if filt.controller == "opponent" and caster == you:
            return False
        if filt.types and not (filt.types & set(d.types)):
            return False
        if filt.subtypes and not (filt.subtypes & set(d.subtypes)):
            return False
        # "noncreature", a colour, "multicolored": the spell's characteristics
        return all(fx.has_quality(prop, d) for prop in filt.props
                   if prop not in CAST_EVENT_PROPS)

    def _attack_triggers(self) -> None:
        index = self._trigger_index()
        if len(self.attackers) == 1:  # "attacks alone" (506.5): exalted
            alone, defending = next(iter(self.attackers.items()))
            you = self.battlefield[alone].controller
            for pid, i, trig in index.get("attacks_alone", ()):
                if self.battlefield[pid].controller == you and self._about(
                        trig.subject, pid, alone):
                    self._trigger(pid, i, it=alone, defending=defending)
        if self.attackers:  # raid's "if you attacked this turn" (508.1): how many
            self.attacked_this_turn = int(self.attacked_this_turn) + len(self.attackers)
        if self.attackers:  # "whenever you attack": with one or more creatures
            for pid, i, _ in index.get("you_attack", ()):
                if self.battlefield[pid].controller == self.active:
                    self._trigger(pid, i)
            # "whenever one or more <creatures> attack": once, that many attacking
            self._group_triggers("group_attacks", list(self.attackers))
            for pid, i, trig in index.get("group_attacks_player", ()):
                # "... attack a player": once for each player attacked (506.3)
                for attacker, defending in self.attackers.items():
                    if attacker not in self.attacking_pw and \
                            self._about(trig.subject, pid, attacker):
                        self._batch_trigger(pid, i, f"group_attacks_player:{defending}",
                                            attacker, defending=defending)
            for pid, i, trig in index.get("group_attacks_you", ()):
                # "... attack you": the player, not a planeswalker of theirs (506.3)
                you = self.battlefield[pid].controller
                for attacker, defending in self.attackers.items():
                    if defending == you and attacker not in self.attacking_pw and \
                            self._about(trig.subject, pid, attacker):
                        self._batch_trigger(pid, i, "group_attacks_you:", attacker,
                                            defending=defending)
        if self.attackers and (self.emblems or self.temporary_triggers):
            for entry in self._command_triggers("you_attack"):
                if entry[0] == self.active:
                    self._command_fire(entry)
            for entry in self._command_triggers("attacks"):
                for attacker, defending in self.attackers.items():
                    if self._command_about(entry[5].subject, entry[0], entry[3],
                                           attacker):
                        self._command_fire(entry, it=attacker, defending=defending)
        entries = index.get("attacks")
        if not entries:
            return
        for attacker, defending in self.attackers.items():
            for pid, i, trig in entries:
                if self._about(trig.subject, pid, attacker):
                    self._trigger(pid, i, it=attacker, defending=defending)

    def triggers_again(self, since: int, cause: str) -> None:
        """The abilities of permanents that triggered into :attr:`pending_triggers`
        from index ``since`` on, all caused by ``cause`` (``"attacking"``: the active
        player's creatures declared as attackers), each trigger once more for every
        :class:`~effects.TriggersAgain` of that cause their controller controls (a
        player's own :class:`~effects.TriggersAgain` with ``yours`` only when they
        are the attacking player). A command-zone or temporary ability (an emblem's,
        a delayed one's) is no permanent's: it triggers once."""
        if fx.TriggersAgain not in self.static_kinds() or len(self.pending_triggers) == since:
            return
        again = [you for you, st in self.statics_of(fx.TriggersAgain)
                 if st.cause == cause and (not st.yours or you == self.active)]
        if not again:
            return
        out = self.pending_triggers[:since]
        for t in self.pending_triggers[since:]:
            out.append(t)
            source = t["source"]
            if source is None or source not in self.battlefield or \
                    t["face"] != self.card_def[t["card"]] or \
                    self.battlefield[source].card != t["card"] or \
                    self.pdef(source).triggered[t["index"]].once_each_turn:
                continue  # (a command-zone or temporary ability's: not a permanent's)
            for _ in range(again.count(t["controller"])):
                copy = {k: v for k, v in t.items() if k != "batch"}
                if "objects" in t:
                    copy["objects"] = list(t["objects"])
                out.append(copy)
        self.pending_triggers[:] = out

    def _block_triggers(self) -> None:
        """Rule 509.3 (after blockers are declared): "whenever this blocks" once per
        blocker (it: the blocker), "whenever this
        becomes blocked" once per blocked attacker (rule 509.3c), "whenever this
        attacks and isn't blocked" once per unblocked attacker (rule 509.3g)."""
        index = self._trigger_index()
        if "blocks" in index:
            for blocker in self.blocking:
                for pid, i, trig in index["blocks"]:
                    if pid in self.battlefield and self._about(trig.subject, pid, blocker):
                        self._trigger(pid, i, it=blocker)
        if "blocks_creature" in index:  # 509.3c: it is the creature blocked
            for blocker, attacker in self.blocking.items():
                for pid, i, trig in index["blocks_creature"]:
                    if pid in self.battlefield and self._about(trig.subject, pid, blocker):
                        self._trigger(pid, i, it=attacker)
        if "blocked_by" in index:  # 509.3d: once for each creature blocking it
            for attacker, blockers in self.blocks.items():
                for blocker in blockers:
                    for pid, i, trig in index["blocked_by"]:
                        if pid in self.battlefield and self._about(trig.subject, pid,
                                                                   attacker):
                            self._trigger(pid, i, it=blocker,
                                          defending=self.attackers.get(attacker))
        for attacker, defending in self.attackers.items():
            event = "becomes_blocked" if attacker in self.blocked else "unblocked"
            for pid, i, trig in index.get(event, ()):
                if pid in self.battlefield and self._about(trig.subject, pid, attacker):
                    self._trigger(pid, i, it=attacker, defending=defending)

    def _put_triggers(self) -> None:
        """Start putting the next waiting trigger on the stack (APNAP order)."""
        self.close_batches()
        order = self._turn_order(self.active)
        chosen = None
        for p in order:
            for t in self.pending_triggers:
                if t["controller"] == p:
                    chosen = t
                    break
            if chosen is not None:
                break
        if chosen is None:  # controller left the game
            self.pending_triggers.clear()
            return
        self.pending_triggers.remove(chosen)
        item = StackItem(sid=self._new_id(), kind="triggered",
                         origin=chosen.get("origin", ""), path=chosen.get("path", ""),
                         controller=chosen["controller"], card=chosen["card"],
                         source=chosen["source"], index=chosen["index"], it=chosen["it"],
                         it_controller=chosen["it_controller"],
                         defending=chosen["defending"], keywords=chosen["keywords"],
                         amount=chosen.get("amount", 0), cause=chosen.get("cause"),
                         kicked=chosen.get("kicked", 0), shape=chosen.get("shape", -1),
                         face=chosen.get("face", -1),
                         cards=list(chosen.get("cards", ())),
                         grave=chosen.get("grave", -1), x=chosen.get("x", 0),
                         objects=list(chosen.get("objects", ())))
        if not self._feasible(self.effect_of(item), "", item):
            self.log("trigger_removed", card=self.name_of(item.card), reason="no target")
            return
        self.casting = item
        self.closed = []

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    # -------------------------------------------------------- state-based
    def _state_losers(self) -> frozenset[int] | set[int]:
        """Players a variant's own state-based action makes lose (none in Magic; the
        Commander variant's 21 combat damage from one commander)."""
        return frozenset()

    def _city_blessings(self) -> None:
        """Rule 702.131b: a player who controls ten or more permanents and a
        permanent with ascend gets the city's blessing (checked whenever state-based
        actions are and the battlefield changed, only in games with an ascend card)."""
        self._ascend_seen = self._bf_version
        if getattr(self, "_ascend_cards", -1) != len(self.card_def):
            self._ascend_cards = len(self.card_def)
            defs = self.defs
            self._ascend_any = any("ascend" in defs[i].keywords
                                   for i in set(self.card_def))
        if not self._ascend_any or all(self.blessed):
            return
        counts = [0] * self.num_players
        ascending: set[int] = set()
        for pid, perm in self.battlefield.items():
            counts[perm.controller] += 1
            if not perm.face_down and "ascend" in self.pdef(pid).keywords:
                ascending.add(perm.controller)
        for p in sorted(ascending):
            if counts[p] >= 10:
                self.bless(p)

    def bless(self, p: int) -> None:
        """``p`` gets the city's blessing, for the rest of the game (702.131c)."""
        if not self.blessed[p]:
            self.blessed[p] = True
            self.log("city_blessing", player=p)

    def _state_based(self) -> bool:
        """Perform state-based actions (rule 704) until none apply; True if any did."""
        any_done = False
        while True:
            done = False
            if self.pending_triggers:
                self.close_batches()  # (each pass's events are one batch, 603.2c)
            lost, life, drew_empty = self.lost, self.life, self.drew_empty
            other = self._state_losers()
            poison, by_effect = self.poison, self.effect_losses
            losers = [p for p in range(self.num_players)
                      if not lost[p] and (life[p] <= 0 or drew_empty[p] or p in other
                                          or poison[p] >= KW.POISON_TO_LOSE
                                          or by_effect[p])]
            to_grave: list[int] = []
            to_destroy: list[int] = []
            unattach: list[int] = []
            legends: dict[tuple[int, str], list[int]] = {}
            shared = False  # two legends of one controller share a name
            self._apply_control()
            self._statics()
            if self._bf_version != getattr(self, "_ascend_seen", -1):
                self._city_blessings()
            # No anthem lowers toughness: an undamaged creature with no counters, mods
            # or attached bonuses has at least its printed toughness.
            plain = self.chars_lowers_only_by_effects and all(
                a.toughness >= 0 for _, _, a in self._anthems)
            bonuses = self._bonuses
            battlefield = self.battlefield
            defs = self.defs
            card_def = self.card_def
            seen: dict[int, tuple[int, int, frozenset[str]]] = {}

            def chars_now(q: int, seen: dict = seen) -> tuple[int, int, frozenset[str]]:
                """:meth:`chars`, once per pass (nothing changes them mid-scan)."""
                got = seen.get(q)
                if got is None:
                    got = seen[q] = self.chars(q)
                return got

            for pid, perm in battlefield.items():
                d = defs[perm.shape] if perm.shape >= 0 else (
                    face_down_def(perm) if perm.face_down else defs[card_def[perm.card]])
                if d.sba_inert and perm.attached_to is None and not perm.counters:
                    continue  # (most lands, artifacts and enchantments)
                if d.is_creature and not (
                        plain and not perm.damage and not perm.deathtouched
                        and not perm.counters and not perm.mods
                        and (d.toughness or 0) > 0 and pid not in bonuses):
                    _, tough, kws = chars_now(pid)
                    if tough <= 0:
                        to_grave.append(pid)
                    elif (perm.damage >= tough or perm.deathtouched) \
                            and "indestructible" not in kws:
                        to_destroy.append(pid)
                host = perm.attached_to
                if d.is_aura and d.enchant == fx.ENCHANT_PLAYER:
                    if host is None or host >= 0 or self.lost[code_player(host)]:
                        to_grave.append(pid)  # 704.5m: (303.4d) no player to enchant
                elif d.is_aura:
                    if host is None or host not in battlefield or not self.matches(
                            d.enchant, host, perm.controller) or \
                            self._protected_from(host, d, perm.controller):
                        if fx.is_bestowed(d):  # 702.103f: a creature again
                            unattach.append(pid)
                        else:
                            to_grave.append(pid)  # rule 704.5m
                elif host is not None and (
                        host not in battlefield or "Equipment" not in d.subtypes
                        or not self.is_creature(host) or self._protected_from(
                            host, d, perm.controller, chars_now(host)[2])):
                    unattach.append(pid)  # rule 704.5n (704.5p: no Equipment now)
                c = perm.counters
                if c and c.get("+1/+1") and c.get("-1/-1"):
                    n = min(c["+1/+1"], c["-1/-1"])
                    c["+1/+1"] -= n
                    c["-1/-1"] -= n
                    done = True
                    if self.counted_counters(pid):
                        self._levels_changed()
                if d.is_planeswalker and perm.counters.get("loyalty", 0) <= 0:
                    to_grave.append(pid)  # rule 704.5i
                if d.final_chapter and self._saga_done(pid, d.final_chapter):
                    self.log("saga_done", player=perm.controller,
                             card=self.name_of(perm.card), id=pid)
                    to_grave.append(pid)  # rule 714.4: sacrificed
                if d.is_legendary:  # FACE_DOWN has no name and no supertypes
                    same = legends.setdefault((perm.controller, d.name), [])
                    same.append(pid)
                    shared = shared or len(same) > 1
            if shared:
                doomed = self._legend_rule(legends)
                if doomed is None:  # a player must choose first
                    return True
                to_grave += doomed
            elif legends:  # (what the legend rule does when no name is shared)
                self.legend_kept = []
            if to_destroy and any(self.battlefield[pid].counters.get("shield")
                                  for pid in to_destroy):  # 122.1c
                kept = [pid for pid in dict.fromkeys(to_destroy)
                        if not self._shielded(pid)]
                done = done or len(kept) < len(set(to_destroy))
                to_destroy = kept
            if to_destroy and self.replacements:  # 704.5g-h destroy: regeneration
                ask = self.order_question(to_destroy)
                if ask is not None:  # 616.1: its controller orders the effects
                    self.ask_order(ask)
                    return True
                kept = [pid for pid in dict.fromkeys(to_destroy)
                        if not self._regenerated(pid)]
                done = done or len(kept) < len(set(to_destroy))
                to_destroy = kept
            tokens_gone = self._remove_tokens()
            if not (done or losers or to_grave or to_destroy or unattach or tokens_gone):
                break
            for pid in unattach:
                perm = self.battlefield[pid]
                perm.attached_to = None
                self._bf_version += 1
                self.log("unattach", id=pid)
                if perm.copy_def >= 0 and fx.is_bestowed(self.defs[perm.copy_def]):
                    # 702.103f: unattached, it stops being bestowed: an enchantment
                    # creature again (not a new object, 400.7)
                    perm.copy_def = -1
                    self.log("unbestowed", card=self.name_of(perm.card), id=pid)
            for pid in dict.fromkeys(to_destroy):
                self.log("destroy", card=self.name_of(self.battlefield[pid].card), id=pid,
                         reason="damage")
            dying = list(dict.fromkeys(to_grave + to_destroy))
            if dying:
                self.move_permanents(dying, "graveyard")
            for p in losers:
                self._lose(p, check_end=False)
            alive = self.living()
            if losers and len(alive) <= 1:
                # Players who lose at the same time all lose: none left is a draw.
                self._finish(alive[0] if alive else None, "last player standing")
            done = done or bool(losers or dying or unattach or tokens_gone)
            if not done:
                break
            any_done = True
            if self.outcome is not None:
                break
        if any_done:
            self._legal = None
        return any_done

    def _legend_rule(self, legends: dict[tuple[int, str], list[int]]) -> list[int] | None:
        """The legend rule (704.5j): of two or more legendary permanents with the same
        name one player controls, that player chooses one to keep (a ``legend``
        decision, asked in APNAP order, then the whole check runs again with the
        choices made); the others go to the graveyard. The permanents to put there,
        or None while a choice is being asked. ``legends`` maps (controller, name) to
        its permanents, oldest first."""
        groups = [(key, pids) for key, pids in legends.items() if len(pids) > 1]
        if not groups:
            self.legend_kept = []
            return []
        order = self._turn_order(self.active)
        groups.sort(key=lambda g: order.index(g[0][0]))
        doomed: list[int] = []
        kept = self.legend_kept
        for (controller, name), pids in groups:
            chosen = [pid for pid in pids if pid in kept]
            if len(chosen) != 1:
                options = [pid for pid in pids if self.battlefield[pid].slot >= 0]
                if options:
                    self.decision = {"kind": "legend", "player": controller,
                                     "name": name, "options": options}
                    self._legal = None
                    return None
                chosen = [pids[-1]]  # none can be named by an action: the newest stays
            doomed += [pid for pid in pids if pid != chosen[0]]
            self.log("legend_rule", player=controller, card=name, kept=chosen[0])
        self.legend_kept = []
        return doomed

    def _remove_tokens(self) -> bool:
        if not self._token_left:
            return False
        self._token_left = False
        gone = False
        for zone in (self.hand, self.graveyard, self.exile, self.library):
            for pile in zone:
                keep = [c for c in pile if not self.card_token[c]]
                if len(keep) != len(pile):
                    gone = True
                    pile[:] = keep
        return gone
