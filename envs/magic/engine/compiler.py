"""The card compiler: a real card's oracle text -> a :class:`CardDef` of the vocabulary.

A card compiles when every line of its text is read by some template; otherwise it is
*unsupported*, with the first line (or sentence) no template could read as the reason.
Nothing is guessed: a line that is only partly understood makes the card unsupported.

Before the templates run, :func:`normalise` lowers the text, strips reminder text
(parentheses), and reads the card's own name (or, for a legendary card, the short name
before its comma) and "this creature", "this land"... as ``this``. A modal header
(``choose one —``) and its bullet lines (``• <effect>``) are then read as one line, and
an ability word (``landfall — ``, rule 207.2c) is dropped.

Lines are routed in this order (the first template that reads the whole line wins):

1. a keyword line: keyword abilities of :data:`~effects.KEYWORDS` separated by commas,
   and ``devour N`` / ``devour <quality> N`` (a creature's :class:`~effects.Devour`);
2. ``enchant <what>`` (Auras) and ``equip <cost>`` (Equipment);
3. a static ability: entering tapped (a land's "unless you control a plains or an
   island", "... two or fewer other lands", "as this enters, you may pay 2 life. if you
   don't, it enters tapped.": :func:`enters_tapped`), "this can't be countered." (any
   card that is cast), a creature's own combat restriction ("this can't block."), an Aura's or Equipment's bonus ("enchanted creature gets +1/+1 and has
   flying."), an anthem ("other Elf creatures you control get +1/+1.");
4. a triggered ability: ``when[ever] <subject> <event>`` (subject ``this``,
   ``equipped creature``, ``enchanted creature``, ``a[nother] <permanent>``, ``this
   or another <permanent>``; event ``enters``, ``dies``, ``attacks [alone]``,
   ``blocks``, ``becomes blocked``, ``attacks and isn't blocked``, ``leaves the
   battlefield``, ``deals [combat] damage [to a player / an opponent / a
   creature]``, ``is dealt damage``, or two joined by ``or``), ``whenever <you / an
   opponent / a player> <gain(s) life / lose(s) life / draw(s) a card / discard(s)
   a card / attack>``, ``whenever <you cast / an opponent casts / a player casts> a
   [noncreature | <type> [or <type>]] spell``, ``at the beginning of <whose>
   <upkeep / draw step / main phase / combat / end step>``; "you may <effect>" makes
   it optional; ``that much`` / ``that many`` and ``that player`` in its effect name
   the event's amount and player; ``ward {N}`` / ``ward—pay N life`` /
   ``ward—discard a card`` on a keyword line is a "becomes the target" trigger that counters unless its controller pays;
5. an activated ability ``<cost>: <effect>`` (mana, ``{T}``, sacrifice this or a
   permanent, pay life, discard cards, or "discard this" from the hand), with "activate
   only as a sorcery" / "once each turn"; ``cycling <cost>``;
6. an instant's or sorcery's additional cost (``as an additional cost to cast this``);
7. the spell's effect (instants and sorceries), one sentence at a time, or a modal
   ``choose one —`` with one bullet per mode.

Effects are read one sentence at a time by the effect templates (delayed ``<effect>
at the beginning of the next end step`` / ``at end of combat``, counter ``unless its
controller pays {N}``, damage, destroy,
exile, bounce, tap/untap, draw, discard, mill, life, pumps, counters, tokens, counter a
spell, sacrifice, mana, attach, manifest, manifest dread, regenerate, "can't be
regenerated this turn", prevent damage this turn, "if that creature [a creature dealt
damage this way] would die this turn, exile it instead", "you may"; "it / they can't
be regenerated." right after a destroy marks that destruction); after a manifest,
``it`` / ``that creature`` is the manifested permanent (``manifest the top card of your
library, then put a +1/+1 counter on it``); ``a, then b`` and ``a and b`` are two steps
when each half is a sentence (``target player draws a card and loses 1 life``: the
second half keeps the first one's player). :func:`check_refs` then refuses what the
context does not name: ``it`` with nothing before it, ``X`` with no ``{X}`` to pay.

Lines 2-4 are abilities of permanents: on an instant or sorcery they are not read (its
text is its effect). Templates are small functions registered in the tables of
:mod:`.text.core`, one module of :mod:`.text` per family (removal, permanents, players,
flow, library; statics, triggers, abilities), imported below in routing order; each
returns None (or False) when the text is not its shape, so adding a template never
changes what another reads.

Phrases naming objects are read by one small grammar (:func:`object_filter`):
``[other] [nonland|tapped|attacking...] [<creature type>] <type> [or <type>] [token]
[you control|an opponent controls] [with flying]``, or a subtype alone (``target
wall``), singular after ``target``/``each``/``a``, plural after ``all`` and in anthems.
Its words are exactly the :class:`~effects.Filter` fields and props, so a phrase with
any other word (a colour, "nonblack", "with power 2 or less") is not a filter and its
line stays unsupported.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine import keywords as KW
from labyrinth_gym.envs.magic.engine.cards import Printed, card_pool
from labyrinth_gym.envs.magic.engine.resolve import unresolvable
from labyrinth_gym.envs.magic.engine.text.core import (
    LINE_TEMPLATES,
    Draft,
    basic_land_mana,
    check_refs,
    effect,
    nodes,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    Unsupported,
    creature_subtypes,
    logical_lines,
    normalise,
    object_filter,
    strip_ability_word,
)

FAMILIES = ("removal", "permanents", "players", "commander", "flow", "library", "linked",
            "statics", "triggers", "abilities", "costs", "sagas",
            "layers", "counts", "layouts", "creatures", "walkers", "elsewhere", "upkeep",
            "combat", "counters",
            "facedown", "graveyard", "mass", "replacements", "choices", "copies", "timing",
            "coins", "keyactions")
"""The template families of :mod:`.text`, in the order their templates are tried: each
module registers its templates when imported, so this order is the routing order (a
family imports only :mod:`.text.phrases` and :mod:`.text.core`, never another family)."""
for _family in FAMILIES:
    importlib.import_module(f"labyrinth_gym.envs.magic.engine.text.{_family}")
_layouts = importlib.import_module("labyrinth_gym.envs.magic.engine.text.layouts")
"""Multi-face layouts (:func:`compile_card` hands transform cards to it)."""
_keyactions = importlib.import_module("labyrinth_gym.envs.magic.engine.text.keyactions")
"""Keyword actions and abilities (backup's trigger is made once every line is read)."""

__all__ = ["CompiledPool", "Unsupported", "compile_card", "compile_pool", "compiled_pool",
           "effect", "normalise", "object_filter"]

SUPPORTED_LAYOUTS = frozenset({"normal", "saga"})


SUPPORTED_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Instant", "Kindred", "Land",
                             "Planeswalker", "Sorcery"})


# --------------------------------------------------------------------- cards
def _stat(value: str | None, what: str) -> int | None:
    if value is None:
        return None
    if not re.fullmatch(r"-?\d+", value):
        raise Unsupported(f"{what} {value} is not a number")
    return int(value)


def _defined(value: str | None, what: str, draft: Draft) -> int | None:
    """A printed power or toughness; a ``*`` (or ``1+*``) that a
    characteristic-defining ability of the card sets (604.3,
    :class:`~effects.DefinedPT`) is 0 here, the ability giving the rest."""
    defined = next((s for s in draft.statics if isinstance(s, fx.DefinedPT)), None)
    if defined is not None and value is not None and "*" in value and getattr(
            defined, what):
        return 0
    return _stat(value, what)


def _every_creature_type(subtypes: tuple[str, ...]) -> tuple[str, ...]:
    """A changeling's subtypes: its printed ones, then every creature type (702.73a;
    the creature types are those of the card pool, rule 205.3m's list)."""
    return tuple(dict.fromkeys(subtypes + tuple(sorted(creature_subtypes().values()))))


def compile_card(printed: Printed) -> fx.CardDef:
    """``printed`` as a :class:`CardDef`; raises :class:`Unsupported` with the reason.
    A transforming double-faced card compiles both faces (:mod:`.text.layouts`)."""
    if printed.layout == "transform":
        return _layouts.compile_transform(printed, _compile_face)
    if printed.layout == "leveler":
        return _layouts.compile_leveler(printed, _compile_face)
    if printed.layout == "class":
        return _layouts.compile_class(printed, _compile_face)
    if printed.layout not in SUPPORTED_LAYOUTS:
        raise Unsupported(_layouts.FIRST_FACE_ONLY.get(printed.layout,
                                                       f"{printed.layout} layout"))
    return _compile_face(printed)


def _compile_face(printed: Printed) -> fx.CardDef:
    """One face's (or a normal card's) text and characteristics as a
    :class:`CardDef`."""
    odd = [t for t in printed.types if t not in SUPPORTED_TYPES]
    if odd:
        raise Unsupported(f"{odd[0].lower()} card type")
    draft = Draft(set(), [], [], [])
    if "Land" in printed.types:
        basic_land_mana(printed, draft)
    spell = not printed.is_permanent
    body: list[str] = []
    lines = list(map(strip_ability_word, logical_lines(normalise(printed))))
    reading = printed
    bestow = printed.is_type("Creature") and any(
        line.startswith(("bestow ", "bestow—")) for line in lines)
    if bestow:
        # 702.103b: cast for its bestow cost it is an Aura with enchant creature, so
        # its "enchanted creature" lines are read as an Aura's (fx.bestowed)
        reading = dataclasses.replace(printed, subtypes=(*printed.subtypes, "Aura"))
        draft.enchant = fx.BESTOW_ENCHANT
    for line in lines:
        if any(template(line, reading, draft) for template in LINE_TEMPLATES):
            continue
        if not spell:
            raise Unsupported(line)
        body.append(line)
    if spell:
        if not body:
            raise Unsupported("a spell with no effect")
        what = effect(" ".join(body))
        madness_x = any(isinstance(t.effect, fx.MadnessCast) and t.effect.cost.x
                        for t in draft.triggered)  # (702.35a: "madness {x}{r}")
        check_refs(what, x_defined=printed.cost is not None and printed.cost.x > 0
                   or madness_x, spell=True)
        draft.spell = fx.SpellAbility(what, draft.additional_cost)
    attaches = any(isinstance(node, fx.Attach)
                   for ability in draft.activated + draft.triggered
                   for node in nodes(ability.effect))
    if attaches and not {"Aura", "Equipment"} & set(printed.subtypes):
        raise Unsupported("attaches but is neither an Aura nor an Equipment")
    if "Aura" in printed.subtypes and draft.enchant is None:
        raise Unsupported("an Aura without an enchant line we read")
    if bestow and not any(isinstance(s, fx.AltCost) and s.kind == "bestow"
                          for s in draft.statics):
        raise Unsupported("bestow with another alternative cost")
    if bestow:
        draft.enchant = None  # (the card is a creature; fx.bestowed has it)
    _keyactions.finish_backup(draft)
    if not spell:
        _own_exile(draft)
    cost = printed.cost
    if draft.x_pip:  # "spend only black mana on X" (107.3)
        if cost is None or not cost.x:
            raise Unsupported("spend only ... mana on X with no {X}")
        cost = dataclasses.replace(cost, x_pip=draft.x_pip)
    return fx.CardDef(
        name=printed.name,
        cost=cost,
        colours=() if "devoid" in draft.defining else printed.colours,
        types=printed.types,
        subtypes=_every_creature_type(printed.subtypes) if "changeling" in draft.defining
        else printed.subtypes,
        supertypes=printed.supertypes,
        power=_defined(printed.power, "power", draft),
        toughness=_defined(printed.toughness, "toughness", draft),
        loyalty=_stat(printed.loyalty, "loyalty"),
        keywords=frozenset(draft.keywords),
        spell=draft.spell,
        activated=tuple(draft.activated),
        triggered=tuple(draft.triggered) + KW.keyword_triggers(draft.keywords),
        statics=tuple(draft.statics),
        enchant=draft.enchant,
    )


_LEFT = frozenset({"dies", "leaves", "sacrificed", "put_into_graveyard"})
"""Trigger events after which "this" is no longer the permanent (400.7)."""


def _own_exile(draft: Draft) -> None:
    """"exile this" in a permanent's ability run from the battlefield (Aetherling's
    "{U}: exile this creature. return it to the battlefield under its owner's control
    at the beginning of the next end step") exiles the permanent: an
    :class:`~effects.Exile` of ``Ref("self")``, whose card the next step's "it"
    names (400.7). The phrase reads as a spell's own card's destination
    (:class:`~effects.SpellCardTo`) until the card turns out to be a permanent; from
    a graveyard or after the permanent left, it stays that (and is refused)."""
    own = fx.SpellCardTo("exile")
    exile_self = fx.Exile(fx.Ref("self"))
    draft.activated[:] = [
        dataclasses.replace(ab, effect=_swap_node(ab.effect, own, exile_self))
        if ab.zone == "battlefield" else ab for ab in draft.activated]
    draft.triggered[:] = [
        dataclasses.replace(ab, effect=_swap_node(ab.effect, own, exile_self))
        if ab.zone == "battlefield" and ab.trigger.event not in _LEFT else ab
        for ab in draft.triggered]


def _swap_node(node: Any, old: Any, new: Any) -> Any:
    """``node`` with every ``old`` made ``new`` (a token's or a granted ability's own
    effects left alone)."""
    if node == old:
        return new
    if isinstance(node, tuple):
        return tuple(_swap_node(item, old, new) for item in node)
    if not dataclasses.is_dataclass(node) or isinstance(node, type) or isinstance(
            node, (fx.TokenSpec, fx.ActivatedAbility, fx.TriggeredAbility, fx.Filter)):
        return node
    return dataclasses.replace(node, **{
        f.name: _swap_node(getattr(node, f.name), old, new)
        for f in dataclasses.fields(node)})


@dataclass(frozen=True)
class CompiledPool:
    """Every card of the pool compiled: the supported ones and why the rest are not."""

    supported: dict[str, fx.CardDef]
    unsupported: dict[str, str]

    def get(self, name: str) -> fx.CardDef:
        """The compiled card; raises KeyError (unknown) or :class:`Unsupported`."""
        if name in self.supported:
            return self.supported[name]
        if name in self.unsupported:
            raise Unsupported(self.unsupported[name])
        raise KeyError(name)


@cache
def compiled_pool() -> CompiledPool:
    """The whole card pool compiled: the cards a game can use. Once per process, and
    read from the disk cache of :mod:`~pool_cache` when the card data and the engine's
    source are the ones it was compiled from.

    The pool is millions of small objects that live as long as the process: they are
    moved out of the garbage collector's generations (:func:`gc.freeze`), so a full
    collection during a game no longer walks them (it did, and a game's full
    collections cost more the bigger the pool grew)."""
    from labyrinth_gym.envs.magic.engine.pool_cache import load_or_build

    pool = load_or_build(compile_pool)
    gc.freeze()
    return pool


def compile_pool() -> CompiledPool:
    """Compile every card of the pool (several seconds; :func:`compiled_pool` caches it).

    A card is supported when its text compiles *and* the rules engine can play every
    part of the tree (:func:`~labyrinth_gym.envs.magic.engine.resolve.unresolvable`);
    otherwise its reason is the first unread line, or what the engine cannot play
    (``"engine: ..."``)."""
    pool = card_pool()
    supported: dict[str, fx.CardDef] = {}
    unsupported: dict[str, str] = dict(pool.unreadable)
    for name, printed in pool.cards.items():
        try:
            card = compile_card(printed)
        except Unsupported as err:
            unsupported[name] = err.reason
            continue
        missing = unresolvable(card)
        if missing:
            unsupported[name] = "engine: " + ", ".join(missing)
        else:
            supported[name] = card
    return CompiledPool(supported, unsupported)
