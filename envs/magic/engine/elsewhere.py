"""Playing lands and casting spells from zones other than the hand, and seeing the top
card of a library.

:class:`ElsewhereMixin` holds this part of :class:`~game.MagicGame`.

- **Permissions** (rules 305.1, 601.3): a card outside its owner's hand may be played
  or cast only when a rule or an effect allows it. The permissions played here:
  flashback (702.34, :mod:`~casting`: an alternative cost, exiled as it leaves the
  stack); a permanent card's own "you may cast this from your graveyard [as long as
  <condition>]" (:class:`~effects.CastFromGraveyard`, a static ability that functions
  in the graveyard, 113.6b; Gravecrawler); "you may play lands [and cast <quality>
  spells] from the top of your library" (:class:`~effects.PlayFromTop`: Courser of
  Kruphix). A card played so follows every other rule: a land uses one of its
  player's land plays (305.2) at sorcery timing, a spell its timing, its costs
  (mana cost, kicker, cost changes) and its targets.
- **The action**: the "cast graveyard slot ``g``" actions (:data:`~actions.GRAVEYARD`,
  16 of them) address :meth:`ElsewhereMixin.zone_slots`: the acting player's cards
  it may play or cast from outside its hand, graveyard cards first (oldest first),
  then the top card of its library. A slot's card is also its row of the
  observation's graveyard block (:mod:`~envs.magic.encoding`), so a learner sees what
  it would cast.
- **More land plays** (305.2): "you may play an additional land on each of your
  turns" (:class:`~effects.ExtraLandEachTurn`) adds a land play to each of its
  controller's turns while it is on the battlefield; the plays it gives are used
  before those an effect gave this turn (:class:`~effects.AdditionalLand`), which
  last only this turn anyway.
- **The top card of a library** (401.5): "play with the top card of your library
  revealed" (:class:`~effects.TopRevealed`) shows it to every player;
  "you may look at the top card of your library any time"
  (:class:`~effects.MayLookAtTop`) to its controller only. ``observation_for``'s
  ``library_tops`` names, per player, the top card the viewing seat sees (None:
  hidden), and :meth:`~game.MagicGame.determinize` keeps a seen top card in place.
  (401.5's pause, the new top card not revealed while a spell is being cast, is not
  modelled: the new top card is shown at once.)
"""

from __future__ import annotations

from typing import Any

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.state import StackItem

PLAY_STATICS = (fx.TopRevealed, fx.MayLookAtTop, fx.PlayFromTop, fx.ExtraLandEachTurn)
"""The statics of permanents this module reads, indexed by controller."""


class ElsewhereMixin:
    """Cards played from outside the hand; the top card of a library seen (methods
    only; the state is the game's: :attr:`lands_this_turn`)."""

    # ------------------------------------------------- the statics that allow it
    def _play_statics(self) -> dict[int, list[Any]]:
        """The :data:`PLAY_STATICS` of the permanents on the battlefield, by
        controller, worked out again only when the battlefield changed."""
        if self._play_version != self._bf_version:
            found: dict[int, list[Any]] = {}
            defs, card_def = self.defs, self.card_def
            for perm in self.battlefield.values():
                if perm.face_down:
                    continue
                for static in defs[card_def[perm.card]].statics:
                    if isinstance(static, PLAY_STATICS):
                        found.setdefault(perm.controller, []).append(static)
            self._play_mods = found
            self._play_version = self._bf_version
        return self._play_mods

    def top_revealed(self, p: int) -> bool:
        """Rule 401.5: ``p`` plays with the top card of its library revealed."""
        return any(isinstance(s, fx.TopRevealed) for s in self._play_statics().get(p, ()))

    def sees_top(self, viewer: int, p: int) -> bool:
        """Whether ``viewer`` sees the top card of ``p``'s library now (401.5)."""
        statics = self._play_statics().get(p, ())
        return any(isinstance(s, fx.TopRevealed) or (
            viewer == p and isinstance(s, fx.MayLookAtTop)) for s in statics)

    def library_tops(self, viewer: int) -> list[str | None]:
        """Per player, the name of the top card of its library if ``viewer`` sees it
        (401.5), else None."""
        return [self.name_of(lib[-1]) if lib and self.sees_top(viewer, p) else None
                for p, lib in enumerate(self.library)]

    # ----------------------------------------------------------- land plays
    def _static_land_plays(self, p: int) -> int:
        return sum(s.count for s in self._play_statics().get(p, ())
                   if isinstance(s, fx.ExtraLandEachTurn))

    def more_lands(self, p: int) -> bool:
        """Whether ``p`` has a land play left beyond its first (305.2): from an
        effect this turn or a static ability."""
        return self.extra_lands[p] > 0 or (
            p == self.active and self.lands_this_turn < 1 + self._static_land_plays(p))

    def can_play_land(self, p: int) -> bool:
        """Whether ``p`` has a land play left this turn (305.2; its timing is the
        caller's to check)."""
        return not self.land_played or self.more_lands(p)

    def use_land_play(self, p: int) -> None:
        """``p`` plays a land: one land play used (305.2), a static ability's before
        an effect's."""
        if self.land_played and \
                self.lands_this_turn >= 1 + self._static_land_plays(p):
            self.extra_lands[p] -= 1
        self.land_played = True
        self.lands_this_turn += 1

    # --------------------------------------------------------------- the slots
    def zone_slots(self, p: int) -> list[tuple[int, str]]:
        """The cards of ``p`` outside its hand it may play or cast now, with how:
        ``"flashback"`` (702.34a), ``"graveyard"`` (a permission to cast it from
        there), ``"library"`` (the top card). Graveyard cards first, oldest first;
        more than 16: one card of each definition first (copies are alike)."""
        out: list[tuple[int, str]] = []
        defs, card_def = self.defs, self.card_def
        if self.graveyard[p]:
            grants = self.flashback_grants
            for c in self.graveyard[p]:
                d = defs[card_def[c]]
                own = d.cast_from_graveyard
                if own is not None and (own.condition is None or self.conditions_hold(
                        (own.condition,), p, None)):
                    out.append((c, "graveyard"))
                elif d.flashback is not None or c in grants:
                    out.append((c, "flashback"))
        library = self.library[p]
        if library and p in self._play_statics():
            top = library[-1]
            d = defs[card_def[top]]
            for s in self._play_statics()[p]:
                if isinstance(s, fx.PlayFromTop) and (
                        s.lands if d.is_land else
                        s.spells is not None and self.card_matches(s.spells, top)):
                    out.append((top, "library"))
                    break
        if len(out) <= A.MAX_GRAVEYARD:
            return out
        seen: set[int] = set()
        first, copies = [], []
        for c, how in out:
            (copies if card_def[c] in seen else first).append((c, how))
            seen.add(card_def[c])
        return (first + copies)[:A.MAX_GRAVEYARD]

    def zone_playable(self, p: int, card: int, how: str, sorcery: bool) -> bool:
        """Whether ``p`` may play or cast ``card`` from its slot now (``how`` as in
        :meth:`zone_slots`): its timing, a land play left, its costs payable and its
        targets there."""
        d = self.cdef(card)
        if how == "flashback":
            # flashback (702.34a): its timing, then the flashback cost
            return (sorcery or d.instant_speed) and self.castable_as(
                StackItem(sid=-1, kind="spell", controller=p, card=card), "flashback")
        if d.is_land:
            return sorcery and self.can_play_land(p)
        return self.spell_castable(p, card, d, sorcery)

    def take_to_play(self, card: int) -> str:
        """Take ``card`` out of the zone it is played or cast from (its owner's hand,
        library or graveyard: it becomes a new object, 400.7); that zone's name."""
        owner = self.card_owner[card]
        if card in self.hand[owner]:
            self.hand[owner].remove(card)
            return "hand"
        if card in self.graveyard[owner]:
            self.graveyard[owner].remove(card)
            self.forget_graveyard([card])
            return "graveyard"
        self.library[owner].remove(card)
        return "library"
