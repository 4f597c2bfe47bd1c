"""What the engine can resolve, and how one effect node changes the game.

:func:`unresolvable` lists every part of a :class:`~effects.CardDef` the engine cannot
play (effect classes, selector names, amounts, costs, pips, trigger events...), so a
deck holding such a card is refused at load instead of having an ability silently
skipped. :func:`execute` runs one leaf effect on a game; the structural nodes
(:class:`~effects.Sequence`, :class:`~effects.Choose`, :class:`~effects.MayDo`) and
the ones that ask a player (:class:`~effects.Discard` not at random,
:class:`~effects.Sacrifice`, :class:`~effects.ManifestDread`, and the library effects
of :mod:`~library`) are walked by the game
itself, which can stop for a decision and resume.

Rulings automated here:

- ``Ref("it")`` is the first legal target of the most recent targeted step of the same
  ability, or the permanent the most recent :class:`~effects.Manifest` /
  :class:`~effects.ManifestDread` step put onto the battlefield (none if it manifested
  nothing), or the object that triggered the ability; ``Ref("its_controller")`` is
  that object's controller when it was targeted (or triggered), even if it has left
  since ("destroy target creature; its controller gains 3 life").
- An effect whose target became illegal does nothing to that target; the other steps
  still happen (rule 608.2b).
- Damage from a source that has left the battlefield uses the keywords it had when the
  ability was put on the stack (last known information) for deathtouch and lifelink.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.graveyard import GRAVE_EVENTS
from labyrinth_gym.envs.magic.engine.library import (
    MAX_LOOK,
    SACRIFICED_MV,
    X_CAP,
    card_prop,
    sacrificed_mv,
)
from labyrinth_gym.envs.magic.engine.payment import supported_pip
from labyrinth_gym.envs.magic.engine.state import player_code

if TYPE_CHECKING:
    from labyrinth_gym.envs.magic.engine.game import MagicGame

YOUR_CREATURES = fx.Each(fx.Filter(types=frozenset({"Creature"}), controller="you"))
"""``each creature you control``: a prevention effect's recipients as a group (615:
"prevent all damage that would be dealt to you and creatures you control this
turn", Safe Passage)."""
LEAF_EFFECTS = (fx.DealDamage, fx.Destroy, fx.Exile, fx.ReturnToHand, fx.TapOrUntap,
                fx.Pump, fx.AddCounters, fx.RemoveCounters, fx.PlayerCounters,
                fx.BecomeMonarch, fx.Draw, fx.Mill, fx.GainLife, fx.LoseLife,
                fx.CreateToken, fx.CounterSpell, fx.CounterEach, fx.Attach, fx.Manifest, fx.Shuffle,
                fx.RevealHand, fx.GainControl, fx.GiveControl, fx.Becomes, fx.Regenerate,
                fx.PreventDamage, fx.ExileIfDies, fx.CantBeRegenerated, fx.Delayed,
                fx.GainFlashback, fx.CopyToken, fx.GetEmblem, fx.TemporaryTrigger,
                fx.LoseGame, fx.SpellGains, fx.MoveAtRandom,
                fx.Monstrosity,
                fx.SacrificeIt, fx.MoveCards, fx.PutOnLibrary, fx.WhenYouDo,
                fx.ExileIfLeaves,
                fx.ExileGraveyard, fx.LookAtHand, fx.Transform, fx.SpellCardTo,
                fx.ExtraTurn, fx.AdditionalLand, fx.SorceryFlash, fx.NextSpellToHand,
                fx.Adapt, fx.Fight, fx.TargetOnly,
                fx.SkipNextUntap, fx.ExileLibrary, fx.ShuffleHandIntoLibrary,
                fx.EnterAttackingFromHand, fx.Goad, fx.MustBlock,
                fx.MustAttackThis, fx.ExileTop, fx.MayPlay, fx.ChangeTarget, fx.EachDealsDamage, fx.ThisTurn,
                fx.MoveCounters, fx.DoubleCounters, fx.Renown, fx.Amass,
                fx.Bolster, fx.ShuffleInto, fx.PowerDamage, fx.Detain,
                fx.UntapUpTo, fx.GainClassLevel, fx.BecomeDayNight, fx.KeepMana,
                fx.Backup, fx.RevealUntil, fx.ExileInsteadThisTurn, fx.RollOff,
                fx.ChooseBlocks, fx.BecomesCopy)
"""Effects :func:`execute` resolves without asking anyone."""
ASKING_EFFECTS = (fx.Discard, fx.Sacrifice, fx.ReturnChosen, fx.ManifestDread, fx.LookAtTop, fx.Dig,
                  fx.Search, fx.ChooseDiscard, fx.CounterUnlessPays, fx.AddMana,
                  fx.PayCost, fx.Proliferate, fx.PutFromHand, fx.SacrificePile, fx.PeekTop, fx.Explore,
                  fx.Connive, fx.Populate, fx.Myriad,
                  fx.RevealPiles,
                  fx.Pair, fx.Cascade, fx.Fabricate, fx.Miracle, fx.MadnessCast,
                  fx.CopySpell,
                  fx.CastCopy, fx.PlayFree, fx.ChooseType, fx.TapAny, fx.CastFromHand,
                  fx.EachChooses, fx.EachGraveyardChoice, fx.MoveChosenCards)
STRUCTURE = (fx.Sequence, fx.Choose, fx.MayDo)
SUPPORTED_REFS = frozenset({"self", "you", "it", "its_controller", "each_opponent",
                            "each_player", "equipped", "enchanted", "defending_player",
                            "that_player", "that_object", "damaged_this_way",
                            "exiled_with_this", "that_card", "this_card",
                            "created_with_this", "graveyard_this_way", "those_targets", "it_card",
                            "died_card", "exiled_controllers", "those_objects",
                            "players_who_chose",
                            "attacked_by_it"})
CARD_REFS = frozenset({"exiled_with_this", "that_card", "this_card",
                       "graveyard_this_way", "it_card", "died_card"})
EMBLEM_SUBJECTS = (fx.Ref("you"), fx.Ref("each_player"), fx.Ref("each_opponent"))
"""Whose step an emblem's triggered ability waits for (114.4: its owner's, each
player's, each opponent's)."""
COMMAND_EVENTS = frozenset(fx.STEP_EVENTS + fx.PLAYER_EVENTS + (
    "enters", "dies", "leaves", "becomes_tapped", "sacrificed", "attacks", "cast",
    "deals_damage", "deals_combat_damage", "deals_damage_player",
    "deals_combat_damage_player", "deals_damage_opponent",
    "dealt_combat_damage_by_creature") + fx.CARD_GRAVEYARD_EVENTS)
"""The events a triggered ability of no permanent waits for (an emblem's, 114.4, or
a :class:`~effects.TemporaryTrigger`'s, 611.2a): its subject a player, a filter of
permanents or spells, or (a temporary one's) "this", the object that made it."""
"""References naming cards outside the battlefield (only :class:`~effects.MoveCards`
reads them)."""
SUPPORTED_STATICS = (fx.Anthem, fx.AttachedBonus, fx.EntersTapped, fx.CombatRestriction,
                     fx.AttackTax,
                     fx.Devour, fx.ControlAttached, fx.CantBeCountered,
                     fx.PreventDamage, fx.EntersWithCounters, fx.CostChange,
                     fx.Flashback, fx.Kicker, fx.Overload, fx.Buyback,
                     fx.TopRevealed, fx.MayLookAtTop, fx.PlayFromTop,
                     fx.CastFromGraveyard, fx.ExtraLandEachTurn, fx.PlayExiled,
                     fx.CastFromGraveyardEachTurn, fx.GrantedAltCost,
                     fx.EntersAsCopy, fx.ContinuousChange, fx.DoesntUntap,
                     fx.ChooseAsEnters, fx.NoMaxHandSize, fx.PlayerRule, fx.DefinedPT, fx.SelfBonus,
                     fx.PairedBonus,
                     fx.AltCost, fx.Convoke, fx.Improvise, fx.Delve, fx.SelfCost,
                     fx.Suspend, fx.AdditionalCost, fx.Foretell, fx.FirstForetellFree,
                     fx.FaceDownCost, fx.GrantMadness,
                     fx.Rebound, fx.Dredge, fx.BeginOnBattlefield,
                     fx.CastWhenAttacked, fx.CastOnlyDuring,
                     fx.DiscardedToBattlefield, fx.GraveyardInstead,
                     fx.CommanderManaCounters, fx.DayAsEnters, fx.ExtraDie,
                     fx.OthersEnterTapped, fx.SpellsCantBeCountered,
                     fx.DoubleLifeGain, fx.SpellsHave, fx.EnteringDontTrigger, fx.TriggersAgain,
                     fx.CantBeTargetedBy, fx.DoubleDamage, fx.CombatDamageToMill)
SUPPORTED_COUNTERS = frozenset({"+1/+1", "-1/-1", "loyalty", "charge", "age", "time",
                                "fade", "stun", "shield", "level"})
"""Counter kinds the engine plays (122), with every :func:`~effects.plain_counter`
(charge, quest...: no rules of their own; they are counted, "for each charge counter
on this"): :func:`counter_played`."""


def counter_played(kind: str) -> bool:
    """Whether the engine plays counters of ``kind``."""
    return kind in SUPPORTED_COUNTERS or fx.plain_counter(kind) or \
        fx.pt_counter(kind) is not None
SPELL_PROPS = frozenset({"noncreature", "multicolored", "monocolored", "colorless",
                         *fx.CAST_EVENT_PROPS, *fx.COLOUR_PROPS})
"""The qualities of a spell a "whenever <player> casts a <quality> spell" trigger
reads (its card's types and colours)."""
SELECTOR_FIELDS = ("to", "what", "who")
INSTANT_SORCERY = frozenset({"Instant", "Sorcery"})
_CONDITION_EVENTS = {"evolve": {("enters", False)}, "not_decayed": {("dies", False)},
                     "battalion": {("attacks", True)}, "your_turn": {("cast", False), ("group_leaves_graveyard", False),
                                   ("group_card_to_graveyard", False)},
                     "soulbond": {("enters", True), ("enters", False)},
                     "evoked": {("enters", True)}, "echo": {("upkeep", False)},
                     "no_flanking": {("blocked_by", True)},
                     "dethrone": {("attacks", True)}, "training": {("attacks", True)},
                     "not_renowned": {("deals_combat_damage_player", True)},
                     "targets_single": {("cast", False)},
                     "draw_2": {("draw", False)}, "draw_3": {("draw", False)},
                     "draw_5": {("draw", False)},
                     "attacks_enchanted_player": {("attacks", False)}}
"""The event (and whether its subject is the source) an object condition of
:data:`~effects.OBJECT_CONDITIONS` goes with; the others go with the source's own
``dies``."""
MAX_MODES = 8
_CARD_EVENTS = frozenset(fx.CARD_GRAVEYARD_EVENTS + (
    "group_discard", "group_leaves_graveyard", "group_card_to_graveyard",
    "group_card_to_graveyard_from_library"))
"""Trigger events whose subject is a card filter (its controller: whose card)."""


KNOWN_FIELDS: dict[type, frozenset[str]] = {
    fx.Cost: frozenset({"mana", "tap", "sacrifice_self", "sacrifice", "sacrifice_count",
                        "pay_life", "crew",
                        "discard", "discard_self", "loyalty", "exile_graveyard",
                        "exile_filter", "tap_untapped", "tap_count", "loyalty_x",
                        "remove_counters", "discard_filter", "add_counters",
                        "exile_hand", "bounce", "energy", "exile_self", "reveal_or",
                        "exile_this", "exile_any", "exile_any_less"}),
    fx.ActivatedAbility: frozenset({"cost", "effect", "sorcery_speed", "is_mana",
                                    "once_per_turn", "zone", "only_if", "cycling"}),
    fx.ActivationCondition: frozenset({"kind", "filter", "count", "counter"}),
    fx.TriggeredAbility: frozenset({"trigger", "effect", "optional", "zone",
                                     "once_each_turn"}),
    fx.Trigger: frozenset({"event", "subject", "condition"}),
    fx.SpellAbility: frozenset({"effect", "additional_cost"}),
    fx.Target: frozenset({"kind", "filter", "count", "up_to", "same_name",
                          "attached", "most"}),
    fx.Filter: frozenset({"types", "subtypes", "controller", "props"}),
    fx.TokenSpec: frozenset({"name", "types", "subtypes", "colours", "power",
                             "toughness", "keywords", "abilities", "supertypes"}),
    fx.Anthem: frozenset({"affected", "power", "toughness", "keywords", "condition",
                          "zone"}),
    fx.AttachedBonus: frozenset({"power", "toughness", "keywords", "cant_attack",
                                 "cant_block", "per", "cant_be_blocked", "blockers",
                                 "cant_attack_you", "lure", "goaded",
                                 "no_abilities", "host", "host_negated",
                                 "no_nonmana_abilities"}),
    fx.CombatRestriction: frozenset({"cant_attack", "cant_block", "cant_be_blocked",
                                     "attacks_each_combat", "not_blocked_by",
                                     "blocked_only_by", "min_blockers",
                                     "max_blockers", "blocks_only",
                                     "attack_unless_defending", "attack_unless",
                                     "block_unless", "must_be_blocked", "lure",
                                     "blocks_each_combat"}),
    fx.Devour: frozenset({"count", "filter"}),
    fx.EntersTapped: frozenset({"unless_control", "at_least", "at_most", "pay_life",
                                "unless_opponents", "unless_life_at_most",
                                "unless_reveal"}),
    fx.EntersWithCounters: frozenset({"count", "counter", "condition"}),
    fx.CostChange: frozenset({"amount", "types", "noncreature", "whose", "subtypes",
                               "not_from_hand"}),
}
"""Fields the engine reads, per vocabulary class. A field added to the vocabulary
later is reported by :func:`unresolvable` whenever a card sets it to a non-default
value, until the engine learns it."""


def token_def(spec: fx.TokenSpec) -> fx.CardDef:
    """The card definition of a token made from ``spec`` (rule 111.3), with the
    triggered abilities of its keywords of :data:`~keywords.TOKEN_BUILT` (decayed,
    702.147a)."""
    built = KW.keyword_triggers(frozenset(spec.keywords) & KW.TOKEN_BUILT) \
        if KW.TOKEN_BUILT.intersection(spec.keywords) else ()
    return fx.CardDef(
        name=spec.name, cost=None, colours=spec.colours, types=spec.types,
        subtypes=spec.subtypes, power=spec.power, toughness=spec.toughness,
        supertypes=spec.supertypes, keywords=frozenset(spec.keywords),
        activated=tuple(a for a in spec.abilities if isinstance(a, fx.ActivatedAbility)),
        triggered=tuple(a for a in spec.abilities
                        if isinstance(a, fx.TriggeredAbility)) + built,
        statics=tuple(a for a in spec.abilities if not isinstance(
            a, (fx.ActivatedAbility, fx.TriggeredAbility))))


supported_mana_ability = fx.automatic_mana_ability
"""Mana abilities automatic payment taps (the others are activated by an action and
add to the mana pool)."""
MANA_OPTIONS = frozenset({"W", "U", "B", "R", "G", "C", "any"}) | fx.DYNAMIC_MANA


def unknown_fields(node: Any) -> list[str]:
    """``Class.field`` for each field of ``node`` outside :data:`KNOWN_FIELDS` that
    is not at its default (leaf effects: every field they declare is read)."""
    known = KNOWN_FIELDS.get(type(node))
    if known is None:
        return []
    out = []
    for f in dataclasses.fields(node):
        if f.name in known:
            continue
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING
            else dataclasses.MISSING)
        if getattr(node, f.name) != default:
            out.append(f"{type(node).__name__}.{f.name}")
    return out


def selector_of(node: Any) -> Any:
    """The selector field of an effect node (None if it has none)."""
    for name in SELECTOR_FIELDS:
        value = getattr(node, name, None)
        if isinstance(value, (fx.Target, fx.Ref, fx.Each)):
            return value
    return None


def unresolvable(card: fx.CardDef) -> list[str]:
    """Names of the parts of ``card`` the engine cannot handle (empty: playable)."""
    bad: list[str] = []

    def note(what: str) -> None:
        if what not in bad:
            bad.append(what)

    optional_payments: set[int] = set()  # PayCost nodes that start a MayDo

    def fields(node: Any) -> None:
        for what in unknown_fields(node):
            note(what)

    def cost_of(cost: fx.Cost | None, allow_x: bool = False) -> None:
        if cost is None:
            return
        fields(cost)
        if cost.discard_filter is not None:
            card_filter(cost.discard_filter)
        if cost.add_counters is not None and (
                not counter_played(cost.add_counters[0]) or card.spell is not None):
            note(f"put {cost.add_counters[0]} counters as a cost")
        if cost.remove_counters is not None and (
                not counter_played(cost.remove_counters[0])
                or card.spell is not None):
            note(f"remove {cost.remove_counters[0]} counters")
        if cost.mana is not None:
            mana_cost(cost.mana, allow_x)
        if cost.sacrifice is not None:
            filt(cost.sacrifice)
        filt(cost.bounce)
        filt(cost.exile_hand)
        if cost.exile_filter is not None:
            card_filter(cost.exile_filter)
        if cost.tap_untapped is not None:
            filt(cost.tap_untapped)

    def mana_cost(cost: Any, allow_x: bool = False) -> None:
        if cost.x and not allow_x:
            note("ManaCost.x")
        for pip in cost.pips:
            if not supported_pip(pip):
                note(f"pip {pip}")

    def selector(sel: Any) -> None:
        if isinstance(sel, fx.Ref):
            if sel.name not in SUPPORTED_REFS or sel.name in CARD_REFS:
                note(f"Ref({sel.name})")
        elif isinstance(sel, fx.Target):
            fields(sel)
            if sel.kind not in fx.TARGET_KINDS or sel.kind == "graveyard_card":
                note(f"Target({sel.kind})")
            if sel.count == "X" and not (x_spell or x_ability[0]):
                note("X targets with no {X} to pay")
            if sel.kind.endswith("spell") and sel.filter is not None:
                # a spell's characteristics are its card's (112.2)
                card_filter(dataclasses.replace(sel.filter, controller="any"))
                if sel.filter.controller not in ("you", "opponent", "any"):
                    note(f"spell of {sel.filter.controller}")
            else:
                filt(sel.filter, selecting=True, target=sel.kind in (
                    "any", "creature", "creature_or_planeswalker", "permanent"))
            if sel.attached is not None:
                filt(sel.attached)
                if sel.kind not in ("creature", "permanent", "creature_or_planeswalker"):
                    note(f"attached to a {sel.kind} target")
            if sel.same_name is not None:
                filt(sel.same_name)
                if sel.kind not in ("creature", "permanent", "creature_or_planeswalker"):
                    note(f"same name as a {sel.kind} target")
            if sel.most is not None:  # (counted as the targets are chosen)
                amount(sel.most)
        elif isinstance(sel, fx.Each):
            filt(sel.filter, selecting=True)
            if sel.mana_value is not None:
                amount(sel.mana_value)
            if sel.at_most is not None:
                if sel.at_most[0] not in fx.STATS:
                    note(f"Each at most {sel.at_most[0]}")
                amount(sel.at_most[1])
        elif sel is not None:
            note(type(sel).__name__)

    def copy_spell(node: fx.CopySpell) -> None:
        # 707.10: copies of instants, sorceries and abilities (a copy of a permanent
        # spell would become a token, 707.10b: not played yet)
        amount(node.times)
        filt(node.each_other)
        what = node.what
        if isinstance(what, fx.Target) and what.kind in ("spell", "ability",
                                                         "triggered_ability"):
            selector(what)
            if what.kind == "spell" and (what.filter is None or not what.filter.types
                                         or not what.filter.types <= INSTANT_SORCERY):
                note("a copy of a permanent spell (707.10b)")
        elif node.each_other is not None and (
                what != fx.Ref("it") or not copies_it[0] or node.new_targets):
            note("CopySpell for each other permanent outside a cast trigger")
        elif what != fx.Ref("it") or not copies_it[0]:
            # "copy it" only of a spell an instant or sorcery cast trigger names
            note(f"CopySpell of {what!r}")

    def command_trigger(trig: fx.Trigger, what: str, emblem: bool = False) -> None:
        # a triggered ability of no permanent (114.4, 611.2a): the events and
        # subjects objects.MagicObjects._command_triggers' callers know
        subject, event = trig.subject, trig.event
        if event not in COMMAND_EVENTS or trig.condition:
            known = False
        elif isinstance(subject, fx.Filter) and event in fx.CARD_GRAVEYARD_EVENTS:
            known = "other" not in subject.props
            card_filter(dataclasses.replace(subject, controller="any"))
        elif isinstance(subject, fx.Filter):
            known = event not in fx.STEP_EVENTS and event not in fx.PLAYER_EVENTS
            filt(subject)
        elif subject == fx.Ref("self"):  # the object that made it
            known = not emblem and event in fx.OBJECT_EVENTS
        else:
            known = subject in EMBLEM_SUBJECTS and (
                event in fx.STEP_EVENTS or event in fx.PLAYER_EVENTS)
        if not known:
            note(f"{what} with a {event} trigger")

    def filt(f: fx.Filter | None, selecting: bool = False, target: bool = False) -> None:
        if f is None:
            return
        fields(f)
        for prop in f.props:
            if not fx.known_prop(prop):
                note(f"Filter.props {prop}")
        if f.controller not in ("you", "opponent", "any") and not (
                selecting and f.controller == fx.ITS_CONTROLLER) and not (
                target and f.controller == fx.DEFENDING_PLAYER) and not (
                f.controller == fx.ENCHANTED_PLAYER and card.enchant == fx.ENCHANT_PLAYER):
            note(f"Filter.controller {f.controller}")

    def card_filter(f: fx.Filter) -> None:
        # a filter of cards in a library or a hand: characteristics only
        fields(f)
        for prop in f.props:
            if not card_prop(prop):
                note(f"card filter prop {prop}")
        if f.controller != "any":
            note("card filter with a controller")

    def spend_filters(spend: fx.Spend) -> None:
        # restricted mana (106.6): the spell's characteristics; the source's
        if spend.spells is not None:
            card_filter(dataclasses.replace(
                spend.spells, props=spend.spells.props - {"chosen_type"}))
        if spend.abilities is not None:
            filt(dataclasses.replace(spend.abilities,
                                     props=spend.abilities.props - {"chosen_type"}))

    def granted_abilities(abilities: tuple[Any, ...]) -> None:
        # quoted abilities an effect grants (113.1): played as a card's own are
        granted = fx.CardDef(
            "", None, (), ("Creature",), power=0, toughness=0,
            activated=tuple(a for a in abilities if isinstance(a, fx.ActivatedAbility)),
            triggered=tuple(a for a in abilities if isinstance(a, fx.TriggeredAbility)))
        for what in unresolvable(granted):
            note(f"granted ability: {what}")

    def copy_extras(extras: fx.CopyExtras) -> None:
        if extras.colours is not None and not set(extras.colours) <= set(fx.COLOURS):
            note(f"copy colours {extras.colours}")
        for kw in extras.keywords:
            if not KW.is_keyword(kw):
                note(f"keyword {kw}")
        if extras.triggered:
            for what in unresolvable(fx.CardDef("", None, (), (),
                                                triggered=extras.triggered)):
                note(f"copy exception: {what}")

    def moved_cards(node: fx.MoveCards) -> None:
        # cards in a graveyard (a target) or in exile (linked, or just exiled)
        if node.dest not in fx.CARD_DESTINATIONS or node.under not in ("owner", "you"):
            note(f"MoveCards to {node.dest} under {node.under}")
        if node.counter and (node.dest != "battlefield"
                             or not counter_played(node.counter)):
            note(f"MoveCards with a {node.counter} counter to {node.dest}")
        if node.tapped and node.dest != "battlefield":
            note(f"MoveCards tapped to {node.dest}")
        if node.at_random and node.what != fx.Ref("exiled_with_this"):
            note("MoveCards at random of other than the cards exiled with this")
        if node.what == fx.Ref("this_card") and node.dest == "battlefield" and \
                card.is_aura:
            note("an Aura card returned to the battlefield (303.4f)")
        what = node.what
        if isinstance(what, fx.Target) and what.kind == "graveyard_card":
            fields(what)
            spec = what.filter or fx.Filter()
            if spec.controller not in ("you", "opponent", "any"):
                note(f"graveyard of {spec.controller}")
            card_filter(dataclasses.replace(spec, controller="any"))
        elif isinstance(what, fx.GraveyardCards):
            if what.whose not in fx.GRAVEYARD_OWNERS:
                note(f"graveyard cards of {what.whose}")
            card_filter(what.filter)
            if what.mana_value is not None:
                amount(what.mana_value)
            f = what.filter
            if node.dest == "battlefield" and (not f.types or "Enchantment" in f.types) \
                    and (not f.subtypes or "Aura" in f.subtypes):
                note("Aura cards returned to the battlefield (303.4f)")
        elif not (isinstance(what, fx.Ref) and what.name in CARD_REFS):
            note(f"MoveCards of {what!r}")

    # (X in the mana cost, or in a madness cost the spell may be cast for, 702.35a)
    x_spell = (card.cost is not None and card.cost.x > 0 or card.madness is not None
               and card.madness[1].cost.x > 0) and card.spell is not None
    x_cost = card.cost is not None and card.cost.x > 0
    # "that much": only in a triggered ability whose event has an amount
    that_much = [False]
    cast_self = [False]  # (a "when you cast this spell" trigger: storm's count)
    copies_it = [False]  # (a trigger whose "it" is an instant or sorcery spell)
    # "X" in an activated ability whose cost has {X} (announced as it is activated)
    x_ability = [False]
    # "the result" in a row of a die's results table (rule 706)
    die_result = [False]
    # "the total power of the cards exiled this way": right after a MoveChosenCards
    exiled_power = [False]

    def amount(value: Any) -> None:
        if value is None:  # PreventDamage: all of it
            return
        if isinstance(value, fx.StatOf):
            if value.stat not in fx.STATS or value.of not in ("it", "sacrificed", "self",
                                                              "this_card", "cost"):
                note(f"StatOf({value.stat})")
            return
        if isinstance(value, fx.Count):
            if value.of not in ("you", "that_player") or (
                    value.of == "that_player" and value.what not in (
                        "hand", "permanents", "half_life", "short_of_most_hand",
                        "commander_mana_value")) or (
                    value.what == "short_of_most_hand" and value.of != "that_player"):
                note(f"Count of {value.of}")
            if value.what not in fx.COUNT_KINDS:
                note(f"Count({value.what})")
            elif value.what == "colours_spent" and card.spell is None:
                note("colours spent outside a spell's effect")
            elif value.what == "devotion" and value.colour not in "WUBRG":
                note("devotion to the colour chosen outside adding mana")
            elif value.what in ("permanents", "greatest_power", "total_power"):
                # "for each tapped creature target player controls": the
                # player an earlier target named (its controller, 115.1)
                filt(value.filter, selecting=value.what == "permanents")
            elif value.what == "graveyard_this_way":
                card_filter(value.filter or fx.Filter())
            elif value.what in ("graveyard", "graveyard_types"):
                spec = value.filter or fx.Filter()
                if spec.controller not in ("you", "any", "opponent",
                                           fx.ITS_CONTROLLER):  # (a target's player)
                    note(f"graveyard of {spec.controller}")
                card_filter(dataclasses.replace(spec, controller="any"))
            return
        if isinstance(value, fx.KickedAmount) and card.kicker is not None:
            return
        if isinstance(value, fx.IfAmount):
            condition_checked(value.condition, "IfAmount")
            amount(value.normal)
            amount(value.instead)
            return
        if isinstance(value, (fx.Plus, fx.Scaled)):
            amount(value.amount)
            return
        if isinstance(value, fx.AltAmount):
            if value.alt != "madness" or card.madness is None or card.spell is None:
                note(f"AltAmount for {value.alt}")
            amount(value.normal)
            amount(value.amount)
            return
        if not isinstance(value, int) and not (value == "X" and (
                x_spell or x_ability[0])) and not (
                value == "that_much" and that_much[0]) and not (
                value == "spells_before" and cast_self[0]) and value not in (
                "life_lost", "discarded_most", "discarded_total", "sacrificed_total",
                "sacrificed_power", "exiled_total",
                fx.COMMANDER_CASTS) and not (
                value == "exiled_power" and exiled_power[0]) and not (
                value in ("die_result", "other_result") and die_result[0]):
            note(f"amount {value}")

    def condition_checked(condition: Any, label: str) -> None:
        """A condition the engine checks as the effect resolves (608.2c, 608.2h)."""
        if not isinstance(condition, fx.ActivationCondition) or \
                condition.kind not in fx.CONDITION_KINDS:
            note(f"{label}({condition!r})")
        elif condition.kind == "x_at_least" and not x_spell:
            note("'if X is N or more' outside a spell with X")
        elif condition.kind == "result_beats_that_much" and not (
                die_result[0] and that_much[0]):
            note("'if the result is greater than the damage dealt' with no roll or "
                 "damage before")
        elif condition.kind in ("kicked", "cast_from_graveyard") and (
                card.spell is None or condition.kind == "kicked" and card.kicker is None):
            note(f"'{condition.kind}' outside a spell that has it")
        else:
            fields(condition)
            filt(condition.filter)

    def effect(node: Any) -> None:
        if isinstance(node, fx.Sequence):
            for i, step in enumerate(node.steps):
                if isinstance(step, fx.MayDo) and any(
                        isinstance(n, fx.CopyToken) for n in _all_nodes(step.effect)) \
                        and fx.Ref("it") in _all_nodes(node.steps[i + 1:]):
                    # "you may create a token that's a copy of ... exile that token
                    # ...": declined, "it" would still name the trigger's object
                    note("'it' after an optional token copy")
            rolled, moved = die_result[0], exiled_power[0]
            for step in node.steps:
                effect(step)
                if isinstance(step, fx.RollDice):
                    die_result[0] = True  # "equal to the result" after it
                exiled_power[0] = isinstance(step, fx.MoveChosenCards)
            die_result[0], exiled_power[0] = rolled, moved
            return
        if isinstance(node, fx.Choose):
            if len(node.modes) > MAX_MODES:
                note("Choose (more than 8 modes)")
            for mode in node.modes:
                effect(mode)
            return
        if isinstance(node, fx.MayDo):
            first = node.effect.steps[0] if isinstance(node.effect, fx.Sequence) \
                else node.effect
            if isinstance(first, fx.PayCost):
                optional_payments.add(id(first))
            effect(node.effect)
            return
        if isinstance(node, fx.Unless):
            if isinstance(node.cost, fx.Sacrifice):  # the targeted player's (118.12)
                step = node.effect
                targets = [getattr(step, f.name) for f in dataclasses.fields(step)
                           if isinstance(getattr(step, f.name), fx.Target)]
                if node.cost.who != fx.Ref("it") or len(targets) != 1 or \
                        targets[0].kind not in ("player", "opponent"):
                    note("Unless sacrificing, other than by the targeted player")
                filt(node.cost.filter)
            elif isinstance(node.cost, fx.ReturnChosen):
                if node.cost.who != fx.Ref("you"):
                    note("Unless returning another player's permanents")
                filt(node.cost.filter)
            elif node.cost.mana is not None:
                mana_cost(node.cost.mana)
            effect(node.effect)
            return
        if isinstance(node, fx.PayCost) and id(node) not in optional_payments:
            note("PayCost other than an optional action's first step")
        if not isinstance(node, fx.Exile) and any(
                isinstance(getattr(node, f, None), fx.Target)
                and getattr(node, f).kind == "battlefield_or_graveyard"
                for f in SELECTOR_FIELDS):
            note("a battlefield-or-graveyard target of another effect than exile")
        if isinstance(node, fx.IfMovedWas):
            card_filter(node.filter)
            if any(isinstance(n, fx.Target) for n in _all_nodes(node.effect)):
                note("a target inside 'if it was a ... card'")
            effect(node.effect)
            return
        if isinstance(node, fx.IfHolds):
            condition_checked(node.condition, "IfHolds")
            if any(isinstance(n, fx.Target) for n in _all_nodes(node.effect)):
                note("a target inside 'if <condition>'")
            effect(node.effect)
            return
        if isinstance(node, fx.IfKicked):
            if card.kicker is None:
                note("IfKicked without kicker")
            effect(node.effect)
            return
        if isinstance(node, fx.IfMainPhase):
            if card.spell is None or node is not card.spell.effect and not (
                    isinstance(card.spell.effect, fx.Sequence)
                    and node in card.spell.effect.steps):
                note("'if you cast this during your main phase' outside a spell")
            effect(node.effect)
            return
        if isinstance(node, (fx.Becomes, fx.Backup)) and node.abilities:  # (113.1)
            granted_abilities(node.abilities)
        if isinstance(node, fx.RevealTop):
            selector(node.who)
            card_filter(node.filter)
            if node.effect is not None:
                effect(node.effect)
            return
        if isinstance(node, fx.GainFlashback):
            if node.what is not None:
                if not (isinstance(node.what, fx.Target)
                        and node.what.kind == "graveyard_card"
                        and node.what.filter is not None
                        and node.what.filter.controller == "you"):
                    note(f"GainFlashback of {node.what!r}")
                else:
                    fields(node.what)
            card_filter(node.filter)
            if not node.filter.types or not node.filter.types <= {"Instant", "Sorcery"}:
                note("GainFlashback of a card that is not an instant or sorcery")
            return
        if isinstance(node, fx.Delayed):
            if node.when not in fx.DELAYED_WHEN:
                note(f"Delayed({node.when})")
            effect(node.effect)
            return
        if isinstance(node, fx.WhenYouDo):
            had = that_much[0]
            that_much[0] = had or node.counted  # (how many the action sacrificed)
            effect(node.effect)
            that_much[0] = had
            return
        if isinstance(node, fx.FlipCoin):  # rule 705
            for branch in (node.win, node.lose):
                if branch is not None:
                    effect(branch)
            return
        if isinstance(node, fx.RollDice):  # rule 706
            if node.sides not in fx.DIE_SIDES:
                note(f"a d{node.sides}")
            amount(node.count)
            for row in node.rows:
                if any(isinstance(n, fx.Target) for n in _all_nodes(row)):
                    note("a target in a results table")
                rolled, die_result[0] = die_result[0], True
                effect(row)
                die_result[0] = rolled
            return
        if isinstance(node, fx.IfSacrificedWas):
            card_filter(node.filter)
            effect(node.effect)
            return
        if isinstance(node, fx.IfTargetIs):
            sel = selector_of(node.effect)
            if not isinstance(sel, fx.Target) or sel.count != 1 or sel.up_to or \
                    sum(isinstance(n, fx.Target) for n in _all_nodes(node.effect)) != 1:
                note("'if it's <quality>' other than of one target")
            card_filter(node.filter)
            effect(node.effect)
            return
        if isinstance(node, fx.AnyOpponentMay):
            if not isinstance(node.action, fx.Sacrifice) or node.action.count != 1:
                note("AnyOpponentMay other than sacrificing one permanent")
            effect(node.action)
            effect(node.effect)
            return
        if isinstance(node, fx.EachPlayerMay):
            effect(node.effect)
            return
        if isinstance(node, fx.PlayFree):
            if node.what not in (fx.Ref("exiled_with_this"), fx.Ref("that_card")):
                note(f"PlayFree of {node.what!r}")
            return
        if not isinstance(node, LEAF_EFFECTS + ASKING_EFFECTS):
            note(type(node).__name__)
            return
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if f.name in ("amount", "count") or f.name == "depth" and \
                    isinstance(node, fx.PutOnLibrary):
                amount(value)
        if isinstance(node, fx.Search) and X_CAP in node.filter.props:
            # "mana value x or less": an X announced for the spell or ability
            if not (x_spell or x_ability[0]):
                note("mana value X with no {X} to pay")
            card_filter(dataclasses.replace(node.filter,
                                            props=node.filter.props - {X_CAP}))
        elif isinstance(node, fx.Search) and sacrificed_mv(node.filter) is not None:
            # "mana value equal to 1 plus the sacrificed creature's mana value": the
            # cost's (checked with the cost above)
            card_filter(dataclasses.replace(node.filter, props=frozenset(
                p for p in node.filter.props if not p.startswith(SACRIFICED_MV))))
        elif isinstance(node, (fx.Search, fx.ChooseDiscard)):
            card_filter(node.filter)
        if isinstance(node, fx.ChooseDiscard) and (
                node.dest not in fx.HAND_CHOICE_DESTINATIONS
                or node.draw and node.dest != "bottom"):
            note(f"ChooseDiscard to {node.dest}")
        if isinstance(node, fx.PutFromHand):
            if node.destination not in ("library", "battlefield", "foretold",
                                        "exile") or (
                    node.destination == "battlefield") != (node.filter is not None) or (
                    node.destination == "foretold") != (node.reduced > 0):
                note(f"PutFromHand to {node.destination}")
            if node.filter is not None:
                card_filter(node.filter)
        if isinstance(node, fx.SpellCardTo) and node.dest not in fx.SPELL_CARD_DESTINATIONS:
            note(f"SpellCardTo({node.dest})")
        if isinstance(node, fx.Search) and node.dest not in fx.SEARCH_DESTINATIONS:
            note(f"Search.dest {node.dest}")
        if isinstance(node, fx.Search) and node.battlefield_if is not None:
            condition_checked(node.battlefield_if, "Search")
            if node.dest != "hand" or node.whose is not None:
                note("a search's 'if ..., onto the battlefield' not into a hand")
        if isinstance(node, fx.Dig):
            card_filter(node.filter)
            if node.dest not in fx.DIG_DESTINATIONS or node.rest not in fx.DIG_RESTS:
                note(f"Dig to {node.dest}, rest {node.rest}")
            if isinstance(node.count, int) and node.count > MAX_LOOK:
                note(f"Dig of more than {MAX_LOOK} cards")
        if isinstance(node, fx.Attach) and node.at_random and \
                card.enchant != fx.ENCHANT_PLAYER:
            note("attaching at random other than an Aura with enchant player")
        if isinstance(node, fx.RevealUntil):
            card_filter(node.filter)
            amount(node.mana_value)
            if node.dest not in fx.REVEAL_UNTIL_DESTINATIONS or \
                    node.rest not in fx.REVEAL_UNTIL_RESTS:
                note(f"RevealUntil to {node.dest}, rest {node.rest}")
            if node.shares_type_with not in (None, fx.Ref("it")):
                note(f"RevealUntil sharing a type with {node.shares_type_with!r}")
            selector(node.who)
            if node.under not in ("you", "owner"):
                note(f"RevealUntil under {node.under}")
        if isinstance(node, fx.RevealPiles) and (node.rest not in fx.PILE_RESTS or (
                isinstance(node.count, int) and node.count > MAX_LOOK)):
            note(f"RevealPiles of {node.count} cards, the rest {node.rest}")
        if isinstance(node, fx.LookAtTop):
            if node.kind not in fx.LOOK_KINDS:
                note(f"LookAtTop.kind {node.kind}")
            if isinstance(node.count, int) and node.count > MAX_LOOK:
                note(f"LookAtTop of more than {MAX_LOOK} cards")
        if isinstance(node, fx.MoveCards):
            moved_cards(node)
            return
        if isinstance(node, fx.MoveAtRandom):  # (both moves of the same target)
            if not node.what == node.first.what == node.rest.what or node.count < 1 \
                    or node.what.up_to or node.what.count <= node.count:
                note("MoveAtRandom of other cards")
            moved_cards(node.first)
            moved_cards(node.rest)
            return
        if isinstance(node, fx.MayPlay) and node.until not in fx.PLAY_DURATIONS:
            note(f"MayPlay until {node.until}")
        if isinstance(node, fx.ExileTop) and not (
                isinstance(node.count, int) and 1 <= node.count <= MAX_LOOK):
            note(f"ExileTop of {node.count} cards")
        if isinstance(node, fx.ExileGraveyard):
            card_filter(node.filter)
        if isinstance(node, fx.PlayerCounters) and node.counter not in fx.PLAYER_COUNTERS:
            note(f"PlayerCounters({node.counter})")
        if isinstance(node, fx.AddCounters) and not counter_played(node.counter):
            note(f"AddCounters({node.counter})")
        if isinstance(node, (fx.MoveCounters, fx.DoubleCounters)) and \
                not counter_played(node.counter):
            note(f"{type(node).__name__}({node.counter})")
        if isinstance(node, fx.Amass) and not node.subtype:
            note(f"amass {node.subtype}")
        if isinstance(node, fx.MoveCounters) and node.source != fx.Ref("self"):
            note("MoveCounters from another permanent than this")
        if isinstance(node, fx.RemoveCounters) and node.counter and \
                not counter_played(node.counter):
            note(f"RemoveCounters({node.counter})")
        if isinstance(node, fx.AddMana):
            if not node.options or not set(node.options) <= MANA_OPTIONS:
                note(f"AddMana{node.options}")
            if "chosen" in node.options and not any(
                    isinstance(s, fx.ChooseAsEnters) and s.what == "color"
                    for s in card.statics):
                note("mana of the chosen color with no colour chosen")
            if node.uncounterable or node.spend_only is not None and "chosen_type" in (
                    node.spend_only.spells or fx.Filter()).props | (
                    node.spend_only.abilities or fx.Filter()).props:
                note("restricted mana's rider or chosen type (106.6) but from "
                     "'{T}: add one mana'")
            elif node.spend_only is not None:
                spend_filters(node.spend_only)
            return
        if isinstance(node, (fx.Sacrifice, fx.ReturnChosen)):
            filt(node.filter)
            selector(node.who)
        elif isinstance(node, fx.CastFromHand):
            card_filter(node.filter)
        elif isinstance(node, fx.MoveChosenCards):
            card_filter(node.filter)
            if node.what != fx.Ref("graveyard_this_way") or node.dest != "exile" or \
                    node.count < 1:
                note(f"MoveChosenCards of {node.what!r} to {node.dest}")
        elif isinstance(node, fx.BecomesCopy):
            # "this becomes a copy of that card[, except it has this ability]": a
            # permanent's own triggered ability (the ability it keeps, 707.9b)
            if node.of != fx.Ref("that_card") or not card.triggered or \
                    card.spell is not None or not any(
                        node in _all_nodes(ab.effect) for ab in card.triggered) or any(
                        node in _all_nodes(ab.effect) for ab in card.activated):
                note("BecomesCopy other than of the card chosen, in a triggered ability")
        elif isinstance(node, fx.ExileInsteadThisTurn):
            filt(node.filter)
        elif isinstance(node, fx.CounterUnlessPays):
            selector(node.what)
            if node.mana is not None:
                # "{X}": the X of the spell it is in (a spell with {X} to announce)
                mana_cost(node.mana, allow_x=x_spell)
            if node.dest not in fx.COUNTER_DESTINATIONS:
                note(f"counter to {node.dest}")
        elif isinstance(node, fx.CopySpell):  # 707.10
            copy_spell(node)
        elif isinstance(node, fx.CastCopy):  # 707.12
            if node.choose is None or not node.choose.types or \
                    not node.choose.types <= INSTANT_SORCERY or not node.free:
                note("a copy of a card cast other than an instant or sorcery for free")
            else:
                card_filter(node.choose)
        elif isinstance(node, fx.PayCost) and node.mana is not None:
            mana_cost(node.mana)
        elif isinstance(node, fx.GainClassLevel):  # 716.2a: a Class's own levels
            if not card.levels or card.levels[0].kind != "class":
                note("a class level outside a Class")
        elif isinstance(node, fx.Transform):
            # 701.28: a double-faced permanent transforming itself
            if node.what != fx.Ref("self") or (card.back is None
                                               and card.front_mana_value is None):
                note("Transform of other than a double-faced card itself")
        elif isinstance(node, fx.CopyToken) and node.what == fx.Ref("this_card"):
            # embalm, eternalize (702.128a, 702.129a): the ability's own card, from
            # a graveyard ability that exiled it as its cost
            if not any(ab.effect == node and ab.zone == "graveyard"
                       and ab.cost.exile_self for ab in card.activated):
                note("a token copy of this card outside a graveyard ability")
        elif isinstance(node, fx.CopyToken) and node.what == fx.Ref("that_card"):
            pass  # the card the step before exiled (_orphan_card_copy), 707.2
        elif isinstance(node, fx.CopyToken) and node.what == fx.Ref("cost_sacrificed"):
            if not any(ab.cost.sacrifice is not None and fx.Ref("cost_sacrificed") in
                       _all_nodes(ab.effect) for ab in card.activated):
                note("a copy of the sacrificed permanent with no sacrifice in the cost")
        elif isinstance(node, fx.EachGraveyardChoice):
            card_filter(node.filter)
            if node.becomes is not None:
                if not isinstance(node.becomes, fx.Becomes) or not node.becomes.lasting:
                    note("EachGraveyardChoice becoming other than lastingly")
                else:
                    fields(node.becomes)
                    granted_abilities(node.becomes.abilities)
        elif isinstance(node, fx.CreateToken):
            selector(node.who)
            token = node.token
            fields(token)
            if node.pt is not None:  # "an X/X token, where X is ..." (608.2h)
                amount(node.pt)
                if token.power != 0 or token.toughness != 0:
                    note("an X/X token whose spec has a power")
            for what in unresolvable(token_def(token)):
                note(f"token {token.name}: {what}")
        else:
            selector(selector_of(node))
        if isinstance(node, fx.DealDamage) and node.divided and not (
                isinstance(node.to, fx.Target) and node.to.up_to
                and all(isinstance(a, int) or a == "X" for a in (
                    (node.amount.normal, node.amount.amount)
                    if isinstance(node.amount, fx.AltAmount) else (node.amount,)))):
            note("damage divided other than among up-to targets")
        if isinstance(node, fx.DealDamage) and node.evenly and not node.divided:
            note("damage divided evenly but not divided")
        if isinstance(node, fx.AddCounters) and node.divided and not (
                isinstance(node.what, fx.Target) and node.what.up_to
                and isinstance(node.count, int)):
            note("counters divided other than among up-to targets")
        if isinstance(node, fx.ThisTurn) and node.rule not in fx.TURN_RULES:
            note(f"ThisTurn({node.rule})")
        if isinstance(node, fx.CounterEach):
            card_filter(dataclasses.replace(node.spells, controller="any"))
        if isinstance(node, fx.CounterSpell) and node.dest not in fx.COUNTER_DESTINATIONS:
            note(f"counter to {node.dest}")
        if isinstance(node, fx.Pump):
            if node.lasting and (node.per_x or node.power != 0 or node.toughness != 0
                                 or set(node.keywords) & set(KW.RESTRICTIONS)):
                note("a lasting pump of power, toughness or a restriction")
            if node.per_x:
                amount("X")
            amount(node.power)
            amount(node.toughness)
            for kw in node.keywords + node.keyword_choice:
                if not KW.grantable(kw):
                    note(f"keyword {kw}")
            if node.keyword_choice and (node.lasting or node.per_x):
                note("a chosen keyword in a lasting or X pump")
        if isinstance(node, fx.PowerDamage) and node.by not in (
                fx.Ref("it"), fx.Ref("those_targets")):
            note(f"PowerDamage by {node.by!r}")
        if isinstance(node, fx.PowerDamage) and node.amount is not None:
            amount(node.amount)
        if isinstance(node, fx.Fight) and node.fighter not in (fx.Ref("self"),
                                                               fx.Ref("it")):
            note(f"Fight of {node.fighter!r}")
        if isinstance(node, fx.CopyToken):
            copy_extras(node.extras)
            selector(node.who)
        if isinstance(node, fx.GetEmblem):
            for static in node.statics:
                if isinstance(static, fx.ContinuousChange) and static.abilities and \
                        fx.ATTACHED not in static.affected.props and \
                        static == fx.ContinuousChange(static.affected,
                                                      abilities=static.abilities):
                    filt(static.affected)  # 113.1: "<permanents> have '<ability>'"
                    granted_abilities(static.abilities)
                elif isinstance(static, fx.NoMaxHandSize) and not static.players:
                    pass  # 402.2: its owner has no maximum hand size
                elif not isinstance(static, fx.Anthem):
                    note(f"emblem with {type(static).__name__}")
                else:
                    filt(static.affected)
            for ability in node.triggered:  # 114.4: triggers from the command zone
                command_trigger(ability.trigger, "emblem", emblem=True)
            for what in unresolvable(fx.CardDef("", None, (), (),
                                                triggered=node.triggered)):
                note(f"emblem ability: {what}")
        if isinstance(node, fx.TemporaryTrigger):  # 611.2a
            if node.until not in fx.TEMPORARY_UNTIL:
                note(f"a temporary ability until {node.until}")
            command_trigger(node.ability.trigger, "temporary ability")
            for what in unresolvable(fx.CardDef("", None, (), (),
                                                triggered=(node.ability,))):
                note(f"temporary ability: {what}")

    if card.cost is not None:
        # X in a spell's or a permanent's cost: announced as it is cast (601.2b)
        mana_cost(card.cost, allow_x=True)
    unknown_types = set(card.types) - {"Artifact", "Creature", "Enchantment", "Instant", "Kindred",
                                       "Land", "Planeswalker", "Sorcery"}
    for t in sorted(unknown_types):
        note(f"type {t}")
    for kw in sorted(card.keywords):
        if not KW.is_keyword(kw):
            note(f"keyword {kw}")
    if "living weapon" in card.keywords and "Equipment" not in card.subtypes:
        note("living weapon on a non-Equipment")
    for kw in sorted(_granted_keywords((card.spell, card.activated, card.triggered,
                                        card.statics)) & KW.OWN_ONLY):
        note(f"granted {kw}")
    if "daybound" in card.keywords and card.back is None or \
            "nightbound" in card.keywords and card.front_mana_value is None:
        note("daybound or nightbound on other than a double-faced card's face")
    if "Creature" in card.types and (card.power is None or card.toughness is None):
        note("creature without power/toughness")
    if card.additional_cost is not None:
        extra = card.additional_cost
        if extra.mana is not None and extra.reveal_or is None or extra.tap or \
                extra.sacrifice_self or extra.discard_self or extra.exile_this:
            note("additional cost with mana, {T} or self")
        if extra.reveal_or is not None:  # "reveal a ... card from your hand or pay"
            card_filter(extra.reveal_or)
            if extra.mana is None or card.spell is not None or extra != fx.Cost(
                    mana=extra.mana, reveal_or=extra.reveal_or):
                note("'reveal a card or pay' with other costs")
        if card.spell is None and ("Instant" in card.types or card.is_land) or sum(
                isinstance(s, fx.AdditionalCost) for s in card.statics) > 1:
            note("an additional cost of neither a spell nor a permanent card")
        cost_of(extra)
    if card.spell is not None:
        fields(card.spell)
        effect(card.spell.effect)
    elif "Instant" in card.types or "Sorcery" in card.types:
        note("SpellAbility missing")
    if "Aura" in card.subtypes:
        if card.enchant is None:
            note("Aura without enchant")
        elif card.enchant != fx.ENCHANT_PLAYER:
            filt(card.enchant)
    from_hand = 0
    for ability in card.activated:
        fields(ability)
        for condition in ability.only_if:
            fields(condition)
            if condition.kind not in fx.CONDITION_KINDS:
                note(f"ActivationCondition({condition.kind})")
            filt(condition.filter)
        if ability.zone not in ("battlefield", "hand", "graveyard"):
            note(f"ActivatedAbility.zone {ability.zone}")
        if ability.cost.exile_this and (ability.zone != "battlefield" or ability.is_mana):
            note("exile this as the cost of a mana ability or one not of a permanent")
        if ability.zone == "graveyard":
            # 113.6m, 602.2: activated by the card's owner from its graveyard; its
            # costs name no permanent of its own ({T}, sacrifice this, counters)
            c = ability.cost
            if ability.is_mana or c.tap or c.sacrifice_self or c.discard_self or \
                    c.loyalty is not None or c.crew or c.remove_counters or \
                    c.add_counters or c.exile_graveyard or ability.once_per_turn or \
                    c.exile_hand is not None:
                note("graveyard ability with a cost of the permanent's or once a turn")
            if any(cond.kind in ("monstrous", "counters_on_this")
                   for cond in ability.only_if):
                note("graveyard ability with a condition of the permanent's")
            cost_of(ability.cost, allow_x=True)
            x_ability[0] = c.mana is not None and c.mana.x > 0
            effect(ability.effect)
            x_ability[0] = False
            continue
        if ability.zone == "hand":
            from_hand += 1
            if ability.is_mana or ability.cost.tap or ability.cost.sacrifice_self:
                note("hand ability with {T}, sacrifice or mana")
            cost_of(ability.cost, allow_x=True)
            x_ability[0] = ability.cost.mana is not None and ability.cost.mana.x > 0
            effect(ability.effect)
            x_ability[0] = False
            continue
        if ability.cost.discard_self:
            note("Cost.discard_self on the battlefield")
        if fx.restricted_mana_ability(ability):  # 106.6: tapped while paying
            spend_filters(ability.effect.spend_only)
            spend = ability.effect.spend_only.spells or fx.Filter()
            whose = ability.effect.spend_only.abilities or fx.Filter()
            if "chosen_type" in spend.props | whose.props and \
                    fx.ChooseAsEnters("creature_type") not in card.statics:
                note("mana for the chosen type with no type chosen")
            continue
        if ability.is_mana and ability.zone == "battlefield" and \
                fx.automatic_mana_ability(ability):
            effect(ability.effect)
            continue
        # {X} in an activated ability's cost (601.2b via 602.2b): not in a mana
        # ability's (it is not announced: no stack, no decision)
        cost_of(ability.cost, allow_x=not ability.is_mana)
        x_ability[0] = ability.cost.mana is not None and ability.cost.mana.x > 0 or \
            ability.cost.loyalty_x or fx.x_counters(ability.cost)  # (announced: 107.3)
        effect(ability.effect)
        x_ability[0] = False
    if len(card.battlefield_abilities) > A.MAX_ABILITIES:
        note(f"more than {A.MAX_ABILITIES} activated abilities")
    if "Planeswalker" in card.types and card.loyalty is None and \
            card.front_mana_value is None:  # (a back face keeps its counters, 712.8e)
        note("planeswalker without loyalty")
    if from_hand > 1:
        note("more than 1 ability from the hand")
    for ability in card.triggered:
        fields(ability)
        fields(ability.trigger)
        event = ability.trigger.event
        if ability.zone not in ("battlefield", "graveyard") or (
                ability.zone == "graveyard" and (
                    event not in GRAVE_EVENTS or isinstance(
                        ability.trigger.subject, fx.Ref) and
                    ability.trigger.subject.name in ("equipped", "enchanted")
                    or ability.trigger.condition in fx.OBJECT_CONDITIONS)):
            note(f"a {event} trigger from the {ability.zone}")
        if event not in fx.TRIGGER_EVENTS:
            note(f"Trigger({event})")
        if event != "cast" and any(isinstance(n, fx.SpellGains)
                                   for n in _all_nodes(ability.effect)):
            note("a spell's gained ability outside a cast trigger")  # ("it": no spell)
        if event in fx.CARD_GRAVEYARD_EVENTS and (
                not isinstance(ability.trigger.subject, fx.Filter)
                or "other" in ability.trigger.subject.props
                or ability.zone != "battlefield" or ability.trigger.condition):
            note(f"{event} of {ability.trigger.subject!r} from the {ability.zone}")
        if event == "put_into_graveyard" and (ability.zone != "graveyard" or
                                              ability.trigger.subject != fx.Ref("self")):
            note("put_into_graveyard of another card or not from the graveyard")
        subject = ability.trigger.subject
        if event == "mana_spent":  # (a filter of the spell's card)
            if not isinstance(subject, fx.Filter) or not card.auto_mana:
                note("mana_spent without a spell filter or an automatic mana ability")
            else:
                card_filter(dataclasses.replace(
                    subject, controller="any",
                    props=subject.props - {"shares_commander_type", "your_commander"}))
        elif isinstance(subject, fx.Filter) and event in _CARD_EVENTS:
            card_filter(dataclasses.replace(subject, controller="any"))  # (a card's)
            if subject.controller not in ("you", "opponent", "any"):
                note(f"{event} of {subject.controller}")
        elif isinstance(subject, fx.Filter):
            filt(dataclasses.replace(subject, props=subject.props - fx.CAST_EVENT_PROPS)
                 if event == "cast" else subject)
            if event == "cast" and not all(
                    p in SPELL_PROPS or (c := fx.comparison(p)) is not None
                    and c[0] == "mana_value" for p in subject.props):
                note("Trigger cast filter props")
        elif not (isinstance(subject, fx.Ref) and subject.name in
                  ("self", "you", "each_player", "each_opponent", "equipped",
                   "enchanted")):
            if not (subject == fx.Ref(fx.ENCHANTED_PLAYER) and event in fx.STEP_EVENTS
                    and card.enchant == fx.ENCHANT_PLAYER):
                note(f"Trigger subject {subject!r}")
        condition = ability.trigger.condition
        if isinstance(condition, fx.ActivationCondition):
            fields(condition)
            if condition.kind not in fx.CONDITION_KINDS:
                note(f"Trigger condition {condition.kind}")
            f = condition.filter
            if f is not None and "other_than_it" in f.props:  # (the triggering object)
                if condition.kind != "you_control" or event not in fx.OBJECT_EVENTS:
                    note("'other' than the triggering object outside its trigger")
                f = dataclasses.replace(f, props=f.props - {"other_than_it"})
            filt(f)
        elif condition in fx.OBJECT_CONDITIONS:
            if (event, subject == fx.Ref("self")) not in _CONDITION_EVENTS.get(
                    condition, {("dies", True)}):
                note(f"Trigger condition {condition} on {event}")
        elif event == "source_damage_player":
            if fx.source_damage_condition(condition) is None:
                note(f"Trigger condition {condition} on {event}")
        elif condition and (condition not in fx.TRIGGER_CONDITIONS
                            or event not in fx.STEP_EVENTS):
            note(f"Trigger condition {condition} on {event}")
        if event == "transforms_into" and subject != fx.Ref("self"):
            note("transforms_into of another permanent")
        that_much[0] = event in fx.AMOUNT_EVENTS
        # 701.37c: the X of the monstrosity X that made this monstrous
        x_ability[0] = event == "becomes_monstrous" and subject == fx.Ref("self") and \
            any(a.effect == fx.Monstrosity("X") for a in card.activated)
        cast_self[0] = event == "cast_self"
        copies_it[0] = bool(
            cast_self[0] and card.types and set(card.types) <= INSTANT_SORCERY
            or event == "cast" and isinstance(subject, fx.Filter) and subject.types
            and subject.types <= INSTANT_SORCERY)
        if ability.optional:  # "you may pay ...": the ability's effect is the MayDo's
            effect(fx.MayDo(ability.effect))
        else:
            effect(ability.effect)
        that_much[0] = x_ability[0] = cast_self[0] = copies_it[0] = False
    for static in card.statics:
        if not isinstance(static, SUPPORTED_STATICS):
            note(type(static).__name__)
            continue
        fields(static)
        if isinstance(static, fx.Anthem):
            filt(static.affected)
            for prop in static.affected.props:
                if (fx.comparison(prop) or ("",))[0] in ("power", "toughness"):
                    # which creatures it affects would depend on what it gives
                    # (a layer 7c dependency, 613.8): not played yet
                    note(f"Anthem over {prop}")
        if isinstance(static, fx.PlayerRule) and (
                static.rule not in fx.PLAYER_RULES
                or static.whom not in fx.PLAYER_RULE_WHOM
                or bool(static.types) != (static.rule == "no_abilities")):
            note(f"PlayerRule({static.rule}, {static.whom})")
        if isinstance(static, fx.SpellsHave) and not set(static.keywords) <= \
                fx.SPELL_KEYWORDS:
            note(f"spells with {', '.join(static.keywords)}")
        if isinstance(static, fx.ControlAttached) and not card.is_aura:
            note("ControlAttached on a non-Aura")
        if isinstance(static, fx.EntersWithCounters):
            if not counter_played(static.counter):
                note(f"EntersWithCounters({static.counter})")
            if static.condition is not None:
                condition_checked(static.condition, "EntersWithCounters")
            if isinstance(static.count, fx.Count):
                if static.count.what != "colours_spent":  # (sunburst: as it enters)
                    amount(static.count)  # (counted as it enters, 614.12)
                if static.count.what == "counters" or static.count.of != "you":
                    note(f"EntersWithCounters amount {static.count}")
            elif isinstance(static.count, fx.DiceTotal):  # 706, as it enters
                if static.count.sides not in fx.DIE_SIDES or not (
                        isinstance(static.count.count, int)
                        or static.count.count == "X" and x_cost):
                    note(f"EntersWithCounters amount {static.count}")
            elif not isinstance(static.count, int) and not (
                    static.count == "X" and x_cost) and not (
                    static.count == "kicked" and card.kicker is not None) and not (
                    isinstance(static.count, fx.KickedAmount)
                    and card.kicker is not None):
                note(f"EntersWithCounters amount {static.count}")
        if isinstance(static, fx.Devour):
            filt(static.filter)
            if "Creature" not in card.types or card.spell is not None:
                note("Devour on a noncreature")
        if isinstance(static, fx.Anthem) and static.zone not in ("battlefield",
                                                                 "graveyard"):
            note(f"Anthem from the {static.zone}")
        if isinstance(static, fx.Anthem) and static.condition is not None and (
                static.condition.kind != "counters_on_this" if static.zone ==
                "battlefield" else static.condition.kind not in
                fx.GRAVEYARD_ANTHEM_CONDITIONS):
            note(f"Anthem condition {static.condition.kind}")
        if isinstance(static, (fx.AttachedBonus, fx.SelfBonus)) and static.per is not None:
            amount(static.per)
            if static.per.what == "greatest_power" or static.per.filter is not None and any(
                    (fx.comparison(p) or ("",))[0] in ("power", "toughness")
                    for p in static.per.filter.props):
                note("AttachedBonus over power or toughness")  # (chars would recurse)
            if isinstance(static, fx.SelfBonus) and static.per.filter is not None and (
                    static.per.filter.props & {"flying", "nonflying", "reach",
                                               "defender"}):
                note("SelfBonus over keywords")  # (chars would recurse)
        if isinstance(static, fx.SelfBonus):
            for kw in static.keywords:
                if not KW.grantable(kw):
                    note(f"keyword {kw}")
            for c in static.conditions:
                if c.kind not in fx.CONDITION_KINDS or c.kind in (
                        "before_attackers", "your_upkeep", "during_step"):
                    note(f"SelfBonus condition {c.kind}")
                filt(c.filter)
                if c.filter is not None and any(
                        (fx.comparison(p) or ("",))[0] in ("power", "toughness")
                        for p in c.filter.props):
                    note("SelfBonus over power or toughness")  # (chars would recurse)
        if isinstance(static, fx.PairedBonus):
            for kw in static.keywords:
                if not KW.grantable(kw):
                    note(f"keyword {kw}")
            if "soulbond" not in card.keywords:
                note("PairedBonus without soulbond")
        if isinstance(static, fx.DefinedPT):
            amount(static.count)
            if not card.is_creature or card.defined_pt is not static:
                note("DefinedPT on a noncreature, or twice")
        if isinstance(static, fx.CombatRestriction):
            for f in (static.not_blocked_by, *static.blocked_only_by, static.blocks_only,
                      static.attack_unless_defending):
                filt(f)
            for c in (static.attack_unless, static.block_unless):
                if c is not None and c.kind not in fx.CONDITION_KINDS:
                    note(f"CombatRestriction condition {c.kind}")
        if isinstance(static, fx.EntersTapped):
            filt(static.unless_control)
            if not card.is_land and static != fx.EntersTapped():
                note("EntersTapped with a condition on a nonland")
        if isinstance(static, fx.PreventDamage) and (
                static.amount is not None
                or static.what not in (fx.Ref("self"), fx.Ref("enchanted"))
                or (static.what == fx.Ref("enchanted") and not card.is_aura)):
            note("static PreventDamage other than all damage to/by this or the "
                 "enchanted creature")
        if isinstance(static, (fx.EntersAsCopy, fx.ContinuousChange)):
            filt(static.filter if isinstance(static, fx.EntersAsCopy)
                 else static.affected)
        if isinstance(static, fx.ContinuousChange) and static.exiled_abilities is not None:
            card_filter(static.exiled_abilities)  # (the cards exiled with it, 607.2a)
            if static.affected != fx.Filter(props=frozenset({fx.SELF})):
                note("the abilities of cards exiled with it, on another permanent")
        if isinstance(static, fx.ChooseAsEnters) and static.what not in fx.CHOICES:
            note(f"ChooseAsEnters({static.what})")
        if isinstance(static, fx.EntersAsCopy):
            copy_extras(static.extras)
            if card.spell is not None or card.is_land:
                note("EntersAsCopy on a land or a spell")
        if isinstance(static, fx.ContinuousChange) and (
                static.power is None) != (static.toughness is None):
            note("ContinuousChange with power or toughness alone")
        becomes_equipment = isinstance(static, fx.ContinuousChange) and \
            static.becomes is not None and static.becomes == fx.Becomes(
                fx.Ref("it"), subtypes=("Equipment",), in_addition=True,
                abilities=static.becomes.abilities) and fx.ATTACHED not in \
            static.affected.props and all(isinstance(a, (fx.AttachedBonus,
                                                          fx.ActivatedAbility))
                                          for a in static.becomes.abilities)
        if becomes_equipment:  # "<artifacts> are Equipment ... and have ..." (205.1b)
            filt(static.affected)
            granted_abilities(static.becomes.abilities)
            for bonus in static.becomes.abilities:
                if isinstance(bonus, fx.AttachedBonus) and bonus != fx.AttachedBonus(
                        bonus.power, bonus.toughness, bonus.keywords):
                    note("a granted Equipment bonus other than a pump or keywords")
        elif isinstance(static, fx.ContinuousChange) and static.becomes is not None:
            if static.becomes.abilities:
                granted_abilities(static.becomes.abilities)
            if static.counters_at_least:  # "as long as this has N or more counters
                # on it, it has <keywords> and is a <subtype> in addition ..."
                if static.affected != fx.Filter(props=frozenset({fx.SELF})) or \
                        static.becomes.types or static.becomes.power is not None or \
                        static.becomes.colours is not None:
                    note("a counted change other than its own types and keywords")
                for kw in static.becomes.keywords:
                    if not KW.grantable(kw):
                        note(f"keyword {kw}")
            elif fx.ATTACHED not in static.affected.props or not (
                    card.is_aura or "Equipment" in card.subtypes
                    or fx.is_bestowed(fx.bestowed(card))):
                note("a static Becomes-shaped change other than an Aura's or "
                     "Equipment's")
        if isinstance(static, fx.ContinuousChange) and static.abilities:
            granted_abilities(static.abilities)
            if fx.ATTACHED in static.affected.props and not (
                    card.is_aura or "Equipment" in card.subtypes
                    or fx.is_bestowed(fx.bestowed(card))):
                note("'enchanted' / 'equipped' on neither an Aura nor an Equipment")
        if isinstance(static, (fx.OthersEnterTapped, fx.SpellsCantBeCountered)):
            f = static.affected if isinstance(static, fx.OthersEnterTapped) \
                else static.spells
            card_filter(dataclasses.replace(f, controller="any"))
            if card.spell is not None:
                note(f"{type(static).__name__} on an instant or sorcery")
        if isinstance(static, fx.GraveyardInstead):
            card_filter(static.cards)
            if static.whose not in ("any", "opponents", "you") or \
                    static.dest not in fx.GRAVEYARD_INSTEAD or \
                    not static.self_only and card.spell is not None:
                note("GraveyardInstead")
        if isinstance(static, fx.DiscardedToBattlefield) and card.spell is not None:
            note("DiscardedToBattlefield on an instant or sorcery")
        if isinstance(static, fx.CantBeCountered) and card.is_land:
            note("CantBeCountered on a land")
        if isinstance(static, fx.SelfCost):
            if static.count is not None:
                amount(static.count)
            if static.condition is not None and (
                    static.condition.kind not in fx.CONDITION_KINDS or static.condition.kind
                    in ("monstrous", "renowned", "before_attackers", "your_upkeep",
                        "during_step")):
                note(f"SelfCost condition {static.condition.kind}")
            if static.condition is not None:
                filt(static.condition.filter)
        if isinstance(static, (fx.AltCost, fx.Convoke, fx.Improvise, fx.Delve,
                               fx.SelfCost)) and \
                card.is_land:
            note(f"{type(static).__name__} on a land")
        if isinstance(static, fx.Foretell) and (
                card.hand_abilities or card.face_down_cost is not None
                or card.suspend is not None):
            note("foretell with another action of the hand")  # (one hand-ability slot)
        if isinstance(static, fx.Suspend) and (
                card.hand_abilities or card.face_down_cost is not None):
            note("suspend with another action of the hand")  # (one hand-ability slot)
        if isinstance(static, fx.AltCost):
            if sum(isinstance(s, (fx.AltCost, fx.Overload)) for s in card.statics) > 1:
                note("two alternative costs")  # (118.9a: one is chosen; not asked)
            if static.kind == "evoke" and card.spell is not None:
                note("evoke on a spell that is not a permanent")
            filt(static.cost.exile_hand)
            filt(static.cost.bounce)
        if isinstance(static, fx.Buyback) and (
                card.spell is None or card.kicker is not None and (
                    static.cost != fx.Cost(mana=static.cost.mana) or
                    card.kicker.cost != fx.Cost(mana=card.kicker.cost.mana))):
            note("buyback on a permanent, or with kicker and costs other than mana")
        if isinstance(static, (fx.Flashback, fx.Kicker, fx.AltCost, fx.Buyback)):
            paid = static.cost
            cost_of(paid, allow_x=isinstance(static, fx.Flashback) and x_cost)
            if paid.tap or paid.sacrifice_self or paid.discard_self or paid.exile_this \
                    or paid.loyalty \
                    is not None or (paid.mana is not None and paid.mana.x and not (
                        isinstance(static, fx.Flashback) and x_cost)):
                note(f"{type(static).__name__} cost with {{T}}, X or this")
            extra = card.additional_cost
            if paid.sacrifice is not None and extra is not None and \
                    extra.sacrifice is not None:
                note("two sacrifices as costs")
            if paid.bounce is not None and extra is not None and \
                    extra.sacrifice is not None:
                note("a sacrifice and a return to hand as costs")
            if isinstance(static, fx.Kicker) and static.multi and \
                    paid != fx.Cost(mana=paid.mana):
                note("multikicker with a cost other than mana")
        if isinstance(static, fx.FaceDownCost):
            cost_of(static.cost)
            if static.kind not in fx.FACE_DOWN_KINDS or \
                    static.cost != fx.Cost(mana=static.cost.mana,
                                           pay_life=static.cost.pay_life) or \
                    (static.cost.mana is not None and static.cost.mana.x):
                note(f"{static.kind} cost other than mana and life")
            if not card.is_creature:
                note(f"{static.kind} on a card that is not a creature")
            if card.hand_abilities:  # (one hand-ability action per hand slot)
                note(f"{static.kind} beside an ability activated from the hand")
            if sum(isinstance(s, fx.FaceDownCost) for s in card.statics) > 1:
                note("two face-down costs")
        if isinstance(static, (fx.Flashback, fx.Overload)) and card.spell is None:
            note(f"{type(static).__name__} on a permanent")
        if isinstance(static, fx.Overload):
            mana_cost(static.cost)
            effect(static.effect)
    if sum(isinstance(s, fx.Devour) for s in card.statics) > 1:
        note("more than one Devour")
    if card.spell is not None and "of='self'" in repr(card.spell.effect):
        note("a spell's own power")
    if card.spell is not None and "PutOnLibrary(what=Ref(name='self')" in repr(
            card.spell.effect):
        note("a spell putting itself on its owner's library")
    if card.spell is not None and "Adapt(" in repr(card.spell.effect):
        note("a spell that adapts")
    roots = [card.spell.effect] if card.spell is not None else []
    roots += [ab.effect for ab in (*card.activated, *card.triggered)]
    paid_roots = [(ab.effect, ab.cost) for ab in card.activated] + [
        (ab.effect, None) for ab in card.triggered]
    if card.spell is not None:
        paid_roots.append((card.spell.effect, card.spell.additional_cost))
    for root, paid in paid_roots:
        if ("IfSacrificedWas(" in repr(root) or "of='cost'" in repr(root)
                or SACRIFICED_MV in repr(root)) and (
                paid is None or paid.sacrifice is None):
            note("'the sacrificed creature' with no sacrifice in the cost")
    if any(_orphan_if_moved(root) for root in roots):
        note("'if it was a ... card' with no card moved just before")
    if any(_orphan_card_copy(root) for root in roots):
        note("a token copy of 'that card' not right after a card exiled from a hand")
    if any(_orphan_that_card(root) for root in roots):
        note("'that card' with no card exiled just before")
    if any(_orphan_chosen_cards(root) for root in roots):
        note("'put into graveyards this way' with no mill or destruction before")
    if any(_orphan_when_you_do(root) for root in roots):
        note("'when you do' with no optional action just before")
    shuffled_in = sum(repr(root).count("SpellCardTo(") for root in roots)
    last = card.spell.effect.steps[-1] if card.spell is not None and isinstance(
        card.spell.effect, fx.Sequence) else card.spell.effect if \
        card.spell is not None else None
    if isinstance(last, fx.FlipCoin):  # (a branch of the last step's flip, 705)
        last = last.win if isinstance(last.win, fx.SpellCardTo) else last.lose
    if shuffled_in and (shuffled_in > 1 or card.spell is None
                        or not isinstance(last, fx.SpellCardTo)
                        or last.dest != "hand" and not isinstance(
                            card.spell.effect, fx.Sequence)):
        note("a spell card's destination other than as a spell's last step")
    if card.back is not None:  # a transforming double-faced card (712)
        for what in unresolvable(card.back):
            note(f"back face: {what}")
    return bad


def _orphan_when_you_do(node: Any, before: Any = None) -> bool:
    """Whether a :class:`~effects.WhenYouDo` in ``node`` does not come right after a
    :class:`~effects.MayDo` step (the action it waits for) or a
    :class:`~effects.Connive` ("when it connives this way")."""
    if isinstance(node, fx.Sequence):
        for i, step in enumerate(node.steps):
            if _orphan_when_you_do(step, before) or (
                    isinstance(step, fx.WhenYouDo) and i < len(node.steps) - 1):
                return True  # (the rest of the ability would belong to it)
            before = step
        return False
    if isinstance(node, fx.Choose):
        return any(_orphan_when_you_do(m) for m in node.modes)
    if isinstance(node, fx.MayDo):
        return _orphan_when_you_do(node.effect)
    if isinstance(node, fx.Delayed):  # (a reflexive ability of a delayed one: not yet)
        return _orphan_when_you_do(node.effect, False) or "WhenYouDo" in repr(node)
    if isinstance(node, fx.WhenYouDo):
        return not isinstance(before, (fx.MayDo, fx.Connive)) or \
            "WhenYouDo" in repr(node.effect)
    return False


def _orphan_after(node: Any, leaf: Callable[[Any, Any], bool],
                  through: tuple[type, ...], before: Any = None) -> bool:
    """Whether some node of ``node`` is orphaned: ``leaf(n, before)`` is true of a node
    ``n`` and the step right before it in its :class:`~effects.Sequence` (None first;
    a :class:`~effects.Choose`'s modes have none), looking inside the wrappers
    ``through`` (their ``effect`` keeps the wrapper's step before)."""
    if isinstance(node, fx.Sequence):
        for step in node.steps:
            if _orphan_after(step, leaf, through, before):
                return True
            before = step
        return False
    if isinstance(node, fx.Choose):
        return any(_orphan_after(m, leaf, through) for m in node.modes)
    if isinstance(node, through):
        return _orphan_after(node.effect, leaf, through, before)
    return leaf(node, before)


def _that_card_leaf(node: Any, before: Any) -> bool:
    if isinstance(node, fx.MayPlay):  # the cards the step before exiled
        return not isinstance(before, fx.ExileTop)
    if isinstance(node, fx.MoveCards) and node.what == fx.Ref("graveyard_this_way"):
        return not isinstance(before, fx.Destroy)  # (the cards it put there)
    if isinstance(node, fx.BecomesCopy):  # (the card the step before chose)
        return not isinstance(before, fx.MoveChosenCards)
    return isinstance(node, fx.MoveCards) and node.what == fx.Ref("that_card") and \
        not isinstance(before, (fx.Exile, fx.ExileInsteadThisTurn))


def _orphan_that_card(node: Any) -> bool:
    """Whether a :class:`~effects.MoveCards` of ``Ref("that_card")`` in ``node`` does
    not come right after an :class:`~effects.Exile` step (what it names); a
    :class:`~effects.Delayed`'s "that card" is what was exiled just before it."""
    return _orphan_after(node, _that_card_leaf, (fx.MayDo, fx.Delayed))


def _card_copy_leaf(node: Any, before: Any) -> bool:
    return isinstance(node, fx.CopyToken) and node.what == fx.Ref("that_card") and \
        not (isinstance(before, fx.PutFromHand) and before.destination == "exile") and \
        not (isinstance(before, fx.MoveCards) and before.dest == "exile")


def _orphan_card_copy(node: Any) -> bool:
    """Whether a :class:`~effects.CopyToken` of ``Ref("that_card")`` in ``node`` (or
    in an :class:`~effects.IfMovedWas` right after that step) does not come right
    after a step exiling the cards it copies: a :class:`~effects.PutFromHand` exiling a
    card from a hand, a :class:`~effects.MoveCards` into exile ("for each card exiled
    this way")."""
    return _orphan_after(node, _card_copy_leaf, (fx.MayDo, fx.IfMovedWas))


def _if_moved_leaf(node: Any, before: Any) -> bool:
    return isinstance(node, fx.IfMovedWas) and not isinstance(before, fx.MoveCards) and \
        not (isinstance(before, fx.PutFromHand) and before.destination == "exile")


def _orphan_if_moved(node: Any) -> bool:
    """Whether an :class:`~effects.IfMovedWas` in ``node`` does not come right after
    a :class:`~effects.MoveCards` step (the cards it asks about)."""
    return _orphan_after(node, _if_moved_leaf,
                         (fx.MayDo, fx.IfKicked, fx.IfMainPhase, fx.Delayed))


def _orphan_chosen_cards(root: Any) -> bool:
    """Whether a :class:`~effects.MoveChosenCards` in ``root`` comes before any
    :class:`~effects.Mill` or :class:`~effects.Destroy` step (reading order: the
    cards they put into graveyards are what it chooses from)."""
    seen = False
    for n in _all_nodes(root):
        if isinstance(n, (fx.Mill, fx.Destroy)):
            seen = True
        elif isinstance(n, fx.MoveChosenCards) and not seen:
            return True
    return False


def _all_nodes(node: Any) -> list[Any]:
    """Every dataclass node under ``node`` (itself included)."""
    out: list[Any] = []
    if isinstance(node, (tuple, list)):
        for item in node:
            out += _all_nodes(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        out.append(node)
        for f in dataclasses.fields(node):
            out += _all_nodes(getattr(node, f.name))
    return out


all_nodes = _all_nodes
"""(:func:`_all_nodes` for the casting code: "x target creatures", 601.2c.)"""


def _built_in(kw: str, node: Any) -> bool:
    """Whether a lasting :class:`~effects.Becomes` ``node`` gives keyword ``kw`` of
    :data:`~keywords.TOKEN_BUILT` with its triggered abilities too (its
    ``abilities``: "they gain decayed", layer 6)."""
    return isinstance(node, fx.Becomes) and node.lasting and kw in KW.TOKEN_BUILT and \
        all(t in node.abilities for t in KW.keyword_triggers(frozenset({kw})))


def _granted_keywords(node: Any) -> set[str]:
    """Every keyword a part of a card grants or gives a token (the ``keywords`` of
    its pumps, anthems, bonuses, token descriptions...)."""
    out: set[str] = set()
    if isinstance(node, (tuple, list)):
        for item in node:
            out |= _granted_keywords(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if f.name == "keywords" and isinstance(value, (tuple, frozenset)):
                # a token is created with these (token_def builds their abilities)
                out.update(set(value) - KW.TOKEN_BUILT
                           if isinstance(node, fx.TokenSpec) else
                           {kw for kw in value if not _built_in(kw, node)})
            else:
                out |= _granted_keywords(value)
    return out


def reads_trigger_object(card: fx.CardDef) -> bool:
    """Whether a triggered ability of ``card`` reads its triggering object's stats
    (:class:`~effects.PowerDamage` by ``it``, a :class:`~effects.StatOf` of ``it``;
    608.2h: as it last existed once it has left)."""
    return any(isinstance(n, fx.PowerDamage) and n.by == fx.Ref("it")
               or isinstance(n, fx.StatOf) and n.of == "it"
               or isinstance(n, fx.ActivationCondition) and n.kind == "it_was"
               or isinstance(n, fx.RevealUntil) and n.shares_type_with == fx.Ref("it")
               or isinstance(n, fx.EachDealsDamage) and n.what == fx.Ref("it")
               or isinstance(n, fx.CopyToken) and n.what == fx.Ref("it")
               for ability in card.triggered for n in _all_nodes(ability.effect))


def is_divided(node: Any) -> bool:
    """Whether ``node`` divides an amount among its targets as it is cast (601.2d)."""
    return isinstance(node, (fx.DealDamage, fx.AddCounters)) and node.divided


# ------------------------------------------------------------------ execute
def execute(game: MagicGame, node: Any, path: str) -> None:
    """Resolve the leaf effect ``node`` (at ``path`` of the resolving object)."""
    if isinstance(node, fx.AddCounters) and node.divided:
        game.put_divided_counters(node, path)
        return
    if isinstance(node, fx.DealDamage):
        if node.divided:
            game.deal_divided_damage(node, path)
            return
        for code in game.select(node.to, path):
            game.deal_damage_from_resolving(code, node.amount)
    elif isinstance(node, fx.Destroy):
        doomed = [c for c in game.select(node.what, path) if c >= 0]
        cards = [game.battlefield[c].card for c in doomed if c in game.battlefield]
        game.destroy(doomed, regenerate=not node.no_regenerate)
        # the cards this put into graveyards (not a token, 111.8; not one exiled
        # instead), for "each card put into a graveyard this way"
        game.res.setdefault("graveyard_this_way", []).extend(
            c for c in cards if c in game.graveyard[game.card_owner[c]])
    elif isinstance(node, fx.Exile):
        game.exile_resolving(node, path)
    elif isinstance(node, fx.MoveCards):
        game.move_cards(node, path)
    elif isinstance(node, fx.BecomesCopy):  # 707.2 (the cards the step before moved)
        game.become_copy_resolving(node, path)
    elif isinstance(node, fx.MoveAtRandom):
        game.move_at_random(node, path)
    elif isinstance(node, fx.ExileTop):
        game.exile_top(node, path)
    elif isinstance(node, fx.MayPlay):
        game.grant_play(node)
    elif isinstance(node, fx.PutOnLibrary):
        game.put_on_library([c for c in game.select(node.what, path) if c >= 0],
                            node.bottom, game.amount(node.depth))
    elif isinstance(node, fx.ReturnToHand):
        game.move_permanents([c for c in game.select(node.what, path) if c >= 0],
                             "hand")
    elif isinstance(node, fx.TapOrUntap):
        tapped = []
        untapped = []
        for pid in game.select(node.what, path):
            if pid in game.battlefield:
                if node.toggle:  # "tap or untap": whichever changes it (701.26)
                    (untapped if game.battlefield[pid].tapped else tapped).append(pid)
                    if not game.battlefield[pid].tapped:
                        game.battlefield[pid].tapped = True
                elif node.tap and not game.battlefield[pid].tapped:
                    tapped.append(pid)
                    game.battlefield[pid].tapped = True
                elif not node.tap and game.battlefield[pid].tapped:
                    untapped.append(pid)
        if tapped:
            game.tapped_now(tapped)
        if untapped:
            game.untap(untapped)
        if node.hold:  # "those creatures don't untap during ... next untap step"
            game.skip_untap.extend(pid for pid in game.select(node.what, path)
                                   if pid >= 0 and pid in game.battlefield
                                   and pid not in game.skip_untap)
    elif isinstance(node, fx.KeepMana):  # 106.4: kept until the turn ends (514.2)
        item = game.res["item"]  # type: ignore[index]
        game.kept_mana[item.controller].extend(
            game.res.get("mana_added", ()))  # type: ignore[union-attr]
        restricted = game.restricted_pool[item.controller]
        for entry in restricted[len(restricted) - game.res.get(  # type: ignore[union-attr]
                "mana_restricted", 0):]:
            entry[2] = True
    elif isinstance(node, fx.GainFlashback):
        item = game.res["item"]  # type: ignore[index]
        cards = None if node.what is None else [
            card for c in game.select(node.what, path)
            if (card := game.graveyard_card(c)) is not None]
        game.grant_flashback(item.controller, node.filter, item.card, cards)
    elif isinstance(node, fx.Pump):
        # a counted pump is counted once, as it resolves (608.2h)
        power, toughness = game.amount(node.power), game.amount(node.toughness)
        for pid in game.select(node.what, path):
            if pid in game.battlefield:
                times = game.amount("X") if node.per_x else 1
                if node.lasting:  # 611.2c: until it leaves the battlefield
                    game.battlefield[pid].lasting.extend(node.keywords)
                    continue
                keywords = list(node.keywords)
                if node.keyword_choice:  # (chosen as it resolves: casting._resume)
                    keywords.append(game.res["keyword_chosen"][path])
                mod = [power * times, toughness * times, keywords]
                if node.until_your_next_turn:  # [.., the seat whose turn ends it]
                    mod.append(game.res["item"].controller)
                game.battlefield[pid].mods.append(mod)
    elif isinstance(node, fx.AddCounters):
        for pid in game.select(node.what, path):
            if pid in game.battlefield:
                game.put_counters(pid, node.counter, game.amount(node.count))
    elif isinstance(node, fx.RemoveCounters):
        short = []
        for pid in game.select(node.what, path):
            if pid < 0 or pid not in game.battlefield:
                continue
            counters = game.battlefield[pid].counters
            # "remove all counters" (count None): every one of the kind (or kinds)
            for kind in [node.counter] if node.counter else sorted(counters):
                n = counters.get(kind, 0) if node.count is None \
                    else game.amount(node.count)
                if game.remove_counters(pid, kind, n) < n:
                    short.append(pid)
        if node.or_sacrifice:  # fading: "if you can't, sacrifice it" (702.32a)
            controller = game.res["item"].controller
            game.sacrifice([pid for pid in short if pid in game.battlefield
                            and game.battlefield[pid].controller == controller])
    elif isinstance(node, fx.BecomeMonarch):
        for p in game.select_players(node.who, path):
            game.become_monarch(p)
    elif isinstance(node, fx.PlayerCounters):
        for p in game.select_players(node.who, path):
            game.add_player_counters(p, node.counter, game.amount(node.count, p))
    elif isinstance(node, fx.Draw):
        for p in game.select_players(node.who, path):
            for _ in range(game.amount(node.count, p)):
                game.draw(p)
    elif isinstance(node, fx.Mill):
        # the cards milled into graveyards (not one a replacement sent elsewhere), for
        # "each creature card put into a graveyard this way"
        put = game.res.setdefault("graveyard_this_way", [])
        for p in game.select_players(node.who, path):
            for _ in range(game.amount(node.count, p)):
                card = game.mill(p)
                if card is not None and card in game.graveyard[game.card_owner[card]]:
                    put.append(card)
    elif isinstance(node, fx.GainLife):
        for p in game.select_players(node.who, path):
            game.gain_life(p, game.amount(node.amount, p))
    elif isinstance(node, fx.LoseLife):
        for p in game.select_players(node.who, path):
            before = game.life[p]
            game.lose_life(p, game.amount(node.amount, p))
            # "the life lost this way" (a later step of the same effect reads it)
            game.res["life_lost"] = game.res.get("life_lost", 0) + before - game.life[p]
    elif isinstance(node, fx.CreateToken):
        made = None
        token = node.token
        if node.pt is not None:  # "an X/X token, where X is ...": counted now (608.2h)
            n = game.amount(node.pt)
            token = dataclasses.replace(token, power=n, toughness=n)
        for p in game.select_players(node.who, path):
            for _ in range(game.amount(node.count)):
                made = game.create_token(token, p, tapped=node.tapped)
                game.res.setdefault("created", []).append(made)  # type: ignore[union-attr]
                if node.attacking:
                    game.enter_attacking(made, game.res["item"].source,
                                         tap=not node.untapped)
                if node.blocking:
                    game.enter_blocking(made, game.res["item"].source)
        game.manifested(made)  # "it": the token (count 1; check_refs allows no other)
    elif isinstance(node, fx.CounterSpell):
        for sid in game.select(node.what, path):
            game.counter(sid, node.dest)
    elif isinstance(node, fx.SpellGains):
        for sid in game.select(node.what, path):
            for s in game.stack:
                if s.sid == sid and s.kind == "spell":
                    s.gained += node.abilities
    elif isinstance(node, fx.CounterEach):  # 701.6a: every such spell at once
        item = game.res["item"]
        for s in list(game.stack):
            if s.kind == "spell" and s.sid != item.sid and game._spell_matches(
                    node.spells, game.cdef(s.card), s.controller, item.controller):
                game.counter(s.sid)
    elif isinstance(node, fx.Becomes):
        source = game.res["item"].source if node.while_source else None
        # 611.2b: "for as long as this remains ..." ended before it began: nothing
        for pid in game.select(node.what, path) if not node.while_source or \
                source in game.battlefield else ():
            if pid >= 0:
                game.become(pid, node, source)
                if node.abilities and game.res.get("exiled_now"):
                    game.link_granted(pid, node)
    elif isinstance(node, fx.Backup):  # 702.165a
        source = game._source_pid(game.res["item"])
        for pid in game.select(node.what, path):
            if pid >= 0 and pid in game.battlefield:
                game.put_counters(pid, "+1/+1", node.count)
                if pid != source and (node.keywords or node.abilities):
                    game.become(pid, fx.Becomes(node.what, keywords=node.keywords,
                                                abilities=node.abilities))
    elif isinstance(node, fx.GainControl):
        controller = game.res["item"].controller
        for pid in game.select(node.what, path):
            if pid >= 0:
                game.gain_control(pid, controller, node.until_end_of_turn,
                                  game.res["item"].source
                                  if node.while_source or node.while_controlled else None,
                                  node.while_controlled)
    elif isinstance(node, fx.GiveControl):  # "<player> gains control of this"
        source = game.res["item"].source
        players = game.select_players(node.who, path)
        if source is not None and source in game.battlefield and len(players) == 1:
            game.gain_control(source, players[0], False)
    elif isinstance(node, fx.Attach) and node.at_random:
        game.attach_to_random_player(game.select(node.to, path))
    elif isinstance(node, fx.Attach):
        game.attach_resolving(game.select(node.to, path))
    elif isinstance(node, fx.Delayed):
        game.create_delayed(node, path)
    elif isinstance(node, fx.CopyToken):
        item = game.res["item"]
        made = None
        count = game.amount(node.count) if node.count != 1 else 1
        if node.what == fx.Ref("that_card"):  # each card the step before exiled:
            # its printed values (707.2), the tokens created at once (603.6a), by the
            # player named ("that player creates a token that's a copy of it")
            for who in game.select_players(node.who, path)[:1]:
                made_now = [game.create_copy_of(game.cdef(card), who, node.extras,
                                                triggers=False)
                            for card in game.res.get("moved_cards", ())
                            if card in game.exile[game.card_owner[card]]]
                game.entered_together(made_now)
                made = made_now[-1] if made_now else None
        elif node.what == fx.Ref("this_card"):  # the ability's card (702.128a)
            made = game.create_copy_of(game.cdef(item.card), item.controller,
                                       node.extras)
        elif node.what == fx.Ref("cost_sacrificed"):  # as it last existed (707.2)
            for _ in range(count if item.sacrificed_copy >= 0 else 0):
                made = game.create_copy_of(game.defs[item.sacrificed_copy],
                                           item.controller, node.extras)
            made = made if count == 1 else None  # ("it": one token only)
        for pid in () if made is not None or node.what in (
                fx.Ref("cost_sacrificed"), fx.Ref("that_card")) \
                else game.select(node.what, path):
            if pid >= 0:
                for _ in range(count):
                    made = game.create_token_copy(pid, item.controller, node.extras)
        lki = game.source_lki.get(game.res.get("it")) \
            if node.what == fx.Ref("it") and made is None else None
        if lki is not None and len(lki) > 8 and lki[8] >= 0:  # gone: as it last
            # existed (608.2h)
            for _ in range(count):
                made = game.create_copy_of(game.defs[lki[8]], item.controller,
                                           node.extras)
        game.manifested(made)  # "it": the token (none if there was nothing to copy)
    elif isinstance(node, fx.GetEmblem):
        item = game.res["item"]
        game.get_emblem(item.controller, node, game.name_of(item.card))
    elif isinstance(node, fx.LoseGame):  # 104.3e
        for p in game.select_players(node.who, path):
            game.effect_losses[p] = True
    elif isinstance(node, fx.TemporaryTrigger):
        item = game.res["item"]
        game.add_temporary_trigger(item.controller, node, item.card, item.source)
    elif isinstance(node, fx.SacrificeIt):
        controller = game.res["item"].controller
        game.sacrifice([pid for pid in game.select(node.what, path)
                        if pid >= 0 and pid in game.battlefield
                        and game.battlefield[pid].controller == controller])
    elif isinstance(node, fx.Monstrosity):
        pid = game._source_pid(game.res["item"])
        if pid is not None:
            game.monstrosity(pid, game.amount(node.count))
    elif isinstance(node, fx.Renown):  # 702.112a
        pid = game._source_pid(game.res["item"])
        if pid is not None and not game.battlefield[pid].renowned:
            game.renown(pid, game.amount(node.count))
    elif isinstance(node, fx.Bolster):  # 701.39a
        game.bolster(game.res["item"].controller, game.amount(node.count))
    elif isinstance(node, fx.Amass):  # 701.44a
        game.amass(game.res["item"].controller, node.subtype, game.amount(node.count))
    elif isinstance(node, fx.MoveCounters):  # 122.5
        source = game._source_pid(game.res["item"])
        if source is None:
            return
        for pid in game.select(node.what, path):
            have = game.battlefield[source].counters.get(node.counter, 0) \
                if source in game.battlefield else 0
            n = min(game.amount(node.count), have)
            if pid < 0 or pid == source or pid not in game.battlefield or n <= 0:
                continue
            game.remove_counters(source, node.counter, n)
            game.log("move_counters", card=game.name_of(game.battlefield[source].card),
                     id=source, to=pid, to_card=game.name_of(game.battlefield[pid].card),
                     counter=node.counter, count=n)
            game.put_counters(pid, node.counter, n)
    elif isinstance(node, fx.DoubleCounters):  # 701.10e
        for pid in game.select(node.what, path):
            if pid >= 0 and pid in game.battlefield:
                game.put_counters(pid, node.counter,
                                  game.battlefield[pid].counters.get(node.counter, 0))
    elif isinstance(node, fx.Adapt):
        pid = game._source_pid(game.res["item"])
        if pid is not None and not game.battlefield[pid].counters.get("+1/+1"):
            n = game.amount(node.count)
            game.log("adapt", card=game.name_of(game.battlefield[pid].card), id=pid,
                     count=n)
            game.put_counters(pid, "+1/+1", n)
    elif isinstance(node, fx.WhenYouDo):
        game.reflexive_trigger(path)
    elif isinstance(node, fx.ExileGraveyard):
        for p in game.select_players(node.who, path):
            game.exile_graveyard(p, node.filter)
    elif isinstance(node, fx.LookAtHand):
        for p in game.select_players(node.who, path):
            game.log("look_hand", player=game.res["item"].controller, whose=p,
                     cards=[game.name_of(c) for c in game.hand[p]])
    elif isinstance(node, fx.Manifest):
        last = None
        for p in game.select_players(node.who, path):
            for _ in range(game.amount(node.count)):
                if game.library[p]:
                    last = game.manifest(p, game.library[p][-1], cloak=node.cloak)
        game.manifested(last)
    elif isinstance(node, fx.Shuffle):
        for p in game.select_players(node.who, path):
            game.shuffle_library(p)
    elif isinstance(node, fx.ExtraTurn):
        for p in game.select_players(node.who, path):
            game.extra_turns.append(p)
    elif isinstance(node, fx.BecomeDayNight):  # 726.2
        game.become_day_or_night(node.now)
    elif isinstance(node, fx.SpellCardTo):
        game.res["card_to"] = node.dest  # type: ignore[index]
    elif isinstance(node, fx.RevealHand):
        for p in game.select_players(node.who, path):
            game.reveal_hand(p)
    elif isinstance(node, fx.Regenerate):
        for pid in game.select(node.what, path):
            if pid >= 0 and pid in game.battlefield:
                game.add_regeneration_shield(pid)
    elif isinstance(node, fx.PreventDamage) and node.what == YOUR_CREATURES and \
            not node.by_what:  # 615: a group, checked as the damage would be dealt
        game.add_prevention(node, [["creatures_of", game.res["item"].controller]])
    elif isinstance(node, fx.PreventDamage):
        codes = None if node.what is None else game.select(node.what, path)
        if codes is None or codes:
            game.add_prevention(node, codes)
    elif isinstance(node, fx.CantBeRegenerated):
        for pid in game.select(node.what, path):
            if pid >= 0 and pid in game.battlefield and \
                    ["no_regenerate", pid] not in game.replacements:
                game.replacements.append(["no_regenerate", pid])
    elif isinstance(node, fx.ExileIfLeaves):
        for pid in game.select(node.what, path):
            if pid >= 0 and pid in game.battlefield:
                game.battlefield[pid].exile_if_leaves = True
    elif isinstance(node, fx.ExileInsteadThisTurn):
        game.add_exile_instead(node.filter)
    elif isinstance(node, fx.ExileIfDies):
        for pid in game.select(node.what, path):
            if pid >= 0 and pid in game.battlefield:
                game.add_exile_if_dies(pid)
    elif isinstance(node, fx.NextSpellToHand):
        game.spell_to_hand[game.res["item"].controller] = True
    elif isinstance(node, fx.SorceryFlash):
        for p in game.select_players(node.who, path):
            game.sorcery_flash[p] = max(game.sorcery_flash[p], 2 if node.every else 1)
            game.log("sorcery_flash", player=p, every=node.every)
    elif isinstance(node, fx.AdditionalLand):
        for p in game.select_players(node.who, path):
            game.extra_lands[p] += node.count
            game.log("additional_land", player=p, count=node.count)
    elif isinstance(node, fx.Fight):
        game.fight(node, path)
    elif isinstance(node, fx.PowerDamage):
        game.power_damage(node, path)
    elif isinstance(node, fx.ThisTurn):
        if [node.rule] not in game.replacements:
            game.replacements.append([node.rule])
            game.log("this_turn", rule=node.rule)
    elif isinstance(node, fx.EachDealsDamage):
        amount = game.amount(node.amount)
        pids = [c for c in game.select(node.what, path) if c >= 0]
        for pid in pids:
            if pid in game.battlefield:
                perm = game.battlefield[pid]
                game._deal_damage([(player_code(perm.controller), amount)],
                                  perm.controller, game.keywords(pid),
                                  game.name_of(perm.card), source=pid)
        it = game.res.get("it")
        lki = game.source_lki.get(it) if node.what == fx.Ref("it") and not pids \
            and it is not None else None
        owner = game.res.get("it_controller")
        if lki is not None and owner is not None and len(lki) > 5:
            # the trigger's object has left: it deals the damage as it last existed
            # (608.2h), to the player who controlled it then
            game._deal_damage([(player_code(owner), amount)], owner,
                              frozenset(lki[4]), lki[5], source=it)
    elif isinstance(node, fx.ChangeTarget):
        for sid in game.select(node.what, path):
            game.change_target(sid)
    elif isinstance(node, fx.SkipNextUntap) and node.while_tapped:
        source = game._source_pid(game.res["item"])
        if source is not None and game.battlefield[source].tapped:  # (611.2b)
            for pid in game.select(node.what, path):
                if pid >= 0 and pid in game.battlefield:
                    game.held_untapped.append([pid, source, -1, 1])
    elif isinstance(node, fx.SkipNextUntap) and node.while_you_control:
        item = game.res["item"]
        source = game._source_pid(item)
        if source is not None and source in game.battlefield and \
                game.battlefield[source].controller == item.controller:
            for pid in game.select(node.what, path):
                if pid >= 0 and pid in game.battlefield:
                    game.held_untapped.append([pid, source, item.controller])
    elif isinstance(node, fx.ChooseBlocks):  # 509.1, until the turn ends
        game.block_chooser = game.res["item"].controller
        game.log("chooses_blocks", player=game.block_chooser)
    elif isinstance(node, fx.RollOff):  # 706, then 508.1c for this combat
        game.roll_off(node, path)
    elif isinstance(node, fx.MustBlock):  # 509.1c, until the turn ends
        source = game._source_pid(game.res["item"])
        if source is not None:
            for pid in game.select(node.what, path):
                if pid >= 0 and pid in game.battlefield:
                    game.block_pairs.append([pid, source])
    elif isinstance(node, fx.Goad):  # 701.38a: until its controller's next turn
        for pid in game.select(node.what, path):
            if pid >= 0 and pid in game.battlefield:
                game.battlefield[pid].mods.append(
                    [0, 0, [KW.GOADED], game.res["item"].controller])
                game.log("goaded", player=game.res["item"].controller, id=pid,
                         card=game.name_of(game.battlefield[pid].card))
    elif isinstance(node, fx.EnterAttackingFromHand):
        game.ninja_enters(game.res["item"])
    elif isinstance(node, fx.SkipNextUntap):
        for pid in game.select(node.what, path):
            if pid >= 0 and pid in game.battlefield and pid not in game.skip_untap:
                game.skip_untap.append(pid)
    elif isinstance(node, fx.Detain):  # 701.35a: until its controller's next turn
        seat = game.res["item"].controller
        for pid in game.select(node.what, path):
            if pid >= 0 and pid in game.battlefield:
                game.battlefield[pid].mods.append(
                    [0, 0, ["can't attack", "can't block", KW.DETAINED], seat])
                game.log("detained", player=seat, id=pid,
                         card=game.name_of(game.battlefield[pid].card))
    elif isinstance(node, fx.UntapUpTo):  # automated: the controller's own lands
        p = game.res["item"].controller
        tapped = [pid for pid, perm in game.battlefield.items()
                  if perm.controller == p and perm.tapped and perm.slot >= 0
                  and game.matches(node.filter, pid, p)]
        if tapped:
            game.untap(sorted(tapped)[:game.amount(node.count)])
    elif isinstance(node, fx.MustAttackThis):
        source = game._source_pid(game.res["item"])
        if source is not None:  # (a planeswalker gone: no requirement)
            for p in game.select_players(node.who, path):
                game.must_attack.append([p, source, game.turn])
                game.log("must_attack", player=p, id=source,
                         card=game.name_of(game.battlefield[source].card))
    elif isinstance(node, fx.ExileLibrary):
        for p in game.select_players(node.who, path):
            game.exile_library(p)
    elif isinstance(node, fx.ShuffleInto):
        game.shuffle_into(node, path)
    elif isinstance(node, fx.ShuffleHandIntoLibrary):
        for p in game.select_players(node.who, path):
            game.shuffle_hand_into_library(p)
    elif isinstance(node, fx.RevealUntil):
        game.reveal_until(node, path)
    elif isinstance(node, fx.TargetOnly):
        if not game.select(node.what, path):
            game.manifested(None)  # "it" names nothing: that target is gone
    elif isinstance(node, fx.Transform):
        item = game.res["item"]
        # 701.28f: an ability of the permanent transforming itself does nothing if
        # it transformed since the ability was put on the stack
        own = item.kind != "spell" and not item.origin and node.what == fx.Ref("self")
        for pid in game.select(node.what, path):
            if pid >= 0:
                game.transform(pid, since=item.sid if own else None)
    elif isinstance(node, fx.GainClassLevel):  # 716.2a
        source = game.res["item"].source
        if source is not None:
            game.gain_class_level(source, node.level)
    else:  # unresolvable() refuses these at deck load; reaching here is a bug
        raise RuntimeError(f"effect {type(node).__name__} reached resolution; "
                           "unresolvable() should have refused its card")
