"""The compiler's sentence machinery: the two template registries (effect templates read
one sentence, line templates read one line of a card), :func:`effect` (sentences, ``a,
then b``, modal headers), the reference checks that refuse what the context does not
name (:func:`check_refs`), and :class:`Draft`, the abilities read so far."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.phrases import (
    PLAYER_PHRASES,
    Unsupported,
    player,
)

# ------------------------------------------------------------ effect sentences
EffectTemplate = Callable[[str], fx.Effect | None]


EFFECT_TEMPLATES: list[EffectTemplate] = []


def effect_template(fn: EffectTemplate) -> EffectTemplate:
    EFFECT_TEMPLATES.append(fn)
    return fn


def read_sentence(body: str) -> fx.Effect | None:
    """One sentence (no final period) as an effect: a template's reading, or ``a, then
    b`` / ``a and b`` as two steps when each half is a whole sentence; else None."""
    for template in EFFECT_TEMPLATES:
        out = template(body)
        if out is not None:
            return out
    for joint in (", then ", " and "):
        if joint in body:
            head, _, tail = body.partition(joint)
            first = read_sentence(head)
            second = read_sentence(tail) if first is not None else None
            if first is not None and second is None:
                second = _shared_subject(head, tail)
            if first is not None and second is not None:
                return fx.Sequence(tuple(_steps(first) + _steps(second)))
    return None


def branch(text: str | None) -> fx.Effect | None | bool:
    """A branch's sentence read (None: no branch; False: not read): "if you win the
    flip, ..." (705), "if you win, ..." of a clash (701.23). "Return this to its
    owner's hand" is a spell's own card (608.2n); a permanent's is refused
    (resolve.unresolvable)."""
    if text is None:
        return None
    out = read_sentence(text.rstrip("."))
    if out == fx.ReturnToHand(fx.Ref("self")):
        return fx.SpellCardTo("hand")
    return False if out is None else out


def branching(first: str | None, win: str | None, lose: str | None,
              make: Any) -> fx.Effect | None:
    """``[<first>, then ]<a coin flip or clash>[. if you win, <win>.][ otherwise /
    if you lose, <lose>.]``: ``make(win, lose)`` of the two :func:`branch` es read,
    after the first sentence's steps when there is one (None: a part not read)."""
    won, lost = branch(win), branch(lose)
    if won is False or lost is False:
        return None
    node = make(won, lost)
    if first is None:
        return node
    head = read_sentence(first)
    if head is None:
        return None
    steps = list(head.steps) if isinstance(head, fx.Sequence) else [head]
    return fx.Sequence((*steps, node))


def _shared_subject(head: str, tail: str) -> fx.Effect | None:
    """The second half of ``<player> draws a card and loses 1 life``: the player of the
    first half (``it`` if that was a target: the same player, not a new target)."""
    subject = next((p for p in PLAYER_PHRASES if head.startswith(p + " ")), None)
    if subject is None and not head.startswith(("draw ", "discard ", "mill ")):
        return None
    out = read_sentence("you " + tail)
    if out is None or getattr(out, "who", None) != fx.Ref("you"):
        return None
    who = fx.Ref("you") if subject is None else player(subject)
    if isinstance(who, fx.Target):
        who = fx.Ref("it")
    return dataclasses.replace(out, who=who)


def _steps(effect: fx.Effect) -> list[fx.Effect]:
    return list(effect.steps) if isinstance(effect, fx.Sequence) else [effect]


MODAL_HEADERS = {"choose one —": (1, 1), "choose one or both —": (1, 2),
                 "choose two —": (2, 2), "choose one or more —": (1, 0)}
"""Modal headers -> (min, max) modes; max 0 means every mode may be chosen."""

COMMANDER_HEADERS = {
    "choose one. if you control a commander as you cast this, you may choose both "
    "instead.": 2,
    "choose one. if you control a commander, you may choose both instead.": 2,
}
"""Modal headers of one mode, or up to N when the caster controls a commander as they
cast it (:attr:`~effects.Choose.commander_max`) -> N."""


SENTENCE_GROUPS: list[tuple[str, ...]] = [
    (r".* becomes an? \d+/\d+ .*creature.*\.", r"it's still a land\."),
]
"""Runs of consecutive sentences one template reads as a whole (regexes, one per
sentence, final period included): "target opponent reveals their hand. you choose a
nonland card from it. that player discards that card." They are joined into one
"sentence" before the effect templates run."""


def _grouped(sentences: list[str]) -> list[str]:
    """``sentences`` with each run matching a :data:`SENTENCE_GROUPS` entry joined."""
    out: list[str] = []
    i = 0
    while i < len(sentences):
        for group in SENTENCE_GROUPS:
            run = sentences[i:i + len(group)]
            if len(run) == len(group) and all(
                    re.fullmatch(g, part) for g, part in zip(group, run, strict=True)):
                out.append(" ".join(run))
                i += len(group)
                break
        else:
            out.append(sentences[i])
            i += 1
    return out


def _quoted_whole(sentences: list[str]) -> list[str]:
    """``sentences`` with a quoted ability of several sentences kept in one piece
    (113.1: ``... gain "whenever this deals combat damage to a player, exile ....
    you may play that card ...."``): a sentence that opens a quotation it does not
    close is joined with the ones after it until the quotation closes."""
    out: list[str] = []
    for sentence in sentences:
        if out and out[-1].count('"') % 2:
            out[-1] += " " + sentence
        else:
            out.append(sentence)
    return out


def _flavor_word_dropped(mode: str) -> str:
    """A mode's text without its flavor word (207.2d: "breathe flame — <effect>"
    has no rules meaning)."""
    head, sep, rest = mode.partition(" — ")
    return rest if sep and re.fullmatch(r"[a-z' ]+", head) else mode


def effect(text: str) -> fx.Effect:
    """One or more sentences (``"a. b."``), or a modal header with bullet modes, as an
    effect; raises :class:`Unsupported` with the first sentence not read."""
    text = text.strip()
    if "\n" in text and (table := _results_table(text)) is not None:
        return table
    if "\n" in text or "•" in text:
        header, *bullets = text.split("\n")
        if header not in MODAL_HEADERS and header not in COMMANDER_HEADERS or \
                not bullets or not all(b.startswith("• ") for b in bullets):
            raise Unsupported(header)
        modes = tuple(effect(_flavor_word_dropped(b[2:])) for b in bullets)
        if header in COMMANDER_HEADERS:
            return fx.Choose(modes, 1, 1, min(COMMANDER_HEADERS[header], len(modes)))
        low, high = MODAL_HEADERS[header]
        return fx.Choose(modes, low, high or len(modes))
    sentences = _quoted_whole(_grouped([s.strip() for s in re.split(r"(?<=\.)\s+", text)
                                        if s.strip()]))
    steps: list[fx.Effect] = []
    for i, sentence in enumerate(sentences):
        if steps and (joined := _after_delayed_return(steps[-1], sentence)) is not None:
            steps[-1] = joined
            continue
        if steps and (joined := _after_optional_put(steps[-1], sentence)) is not None:
            steps[-1] = joined
            continue
        if steps and (joined := _after_token_made(steps[-1], sentence)) is not None:
            steps[-1] = joined
            continue
        if sentence.startswith("if you do, "):
            rest = sentences[i + 1:]
            last = all(_continues_return(s) for s in rest)
            steps[-1:] = [_if_you_do(steps, sentence, last)]
            if not last and (_after_optional_put(steps[-1], rest[0]) is None
                             or not all(_about_it(s) for s in rest)) and \
                    (len(rest) != 1 or _after_token_made(steps[-1], rest[0]) is None):
                raise Unsupported(sentence)  # (what follows depends on the action)
            continue
        if sentence in ("it can't be regenerated.", "they can't be regenerated.") \
                and steps and isinstance(steps[-1], fx.Destroy):
            # rule 701.19c: the destruction just before can't be regenerated
            steps[-1] = dataclasses.replace(steps[-1], no_regenerate=True)
            continue
        out = read_sentence(sentence.rstrip("."))
        if out is None:
            raise Unsupported(sentence)
        steps.extend(_steps(out))
    if not steps:
        raise Unsupported(text)
    if len(steps) > 1 and fx.Ref("that_player") in nodes(steps):
        steps = that_player_targeted(steps)
    return steps[0] if len(steps) == 1 else fx.Sequence(tuple(steps))


_ROLL = re.compile(r"roll (a|two|three) d(4|6|8|10|12|20)( and ignore the lower roll)?\.")
_ROW = re.compile(r"(\d+)(?:—(\d+))? \| (.+)")
_DICE = {"a": 1, "two": 2, "three": 3}


def _results_table(text: str) -> fx.RollDice | None:
    """``roll a d20.`` and its results table, one row a line (``1—9 | <effect>``),
    ("roll two d20 and ignore the lower roll": the higher one counts, 706.4)
    as a :class:`~effects.RollDice` (rule 706); the rows must cover every total
    the dice can show, once. None if ``text`` is not that shape."""
    header, *lines = text.split("\n")
    roll = _ROLL.fullmatch(header)
    rows = [_ROW.fullmatch(line) for line in lines]
    if roll is None or not rows or not all(rows):
        return None
    count, sides = _DICE[roll.group(1)], int(roll.group(2))
    if roll.group(3) and count != 2:
        return None
    counted = 1 if roll.group(3) else count  # (the dice whose results count)
    ranges = tuple((int(r.group(1)), int(r.group(2) or r.group(1))) for r in rows)
    expected = counted
    for low, high in ranges:
        if low != expected or high < low:
            raise Unsupported(header + " (a results table with a gap)")
        expected = high + 1
    if expected != counted * sides + 1:
        raise Unsupported(header + " (a results table with a gap)")
    return fx.RollDice(sides, count, ranges, tuple(effect(r.group(3)) for r in rows),
                       keep=1 if roll.group(3) else 0)


DOABLE_FIRST = (fx.PayCost, fx.Discard, fx.Sacrifice, fx.Draw, fx.Exile,
                fx.MoveChosenCards)
"""The optional actions "if you do" may follow (rule 608.2d): ones whose possibility the
engine checks before it asks (a cost the player can pay, a card to discard, a
permanent to sacrifice), or after it (a draw: done if the library held the cards), so
the guarded effect happens exactly when the action did."""


def _continues_return(sentence: str) -> bool:
    """Whether ``sentence`` says what happens to a permanent a delayed ability just
    returned ("it gains haste.", :func:`_after_delayed_return`)."""
    out = read_sentence(sentence.rstrip("."))
    return isinstance(out, fx.Pump) and out.what == fx.Ref("it") and out.lasting


def _after_delayed_return(step: fx.Effect, sentence: str) -> fx.Effect | None:
    """``... return it to the battlefield under its owner's control at the beginning
    of your next upkeep. it gains haste.`` (Obzedat, Ghost Council): a sentence about
    ``it`` right after a delayed return (603.7) can only be about the permanent that
    return makes (400.7), so it is part of the delayed ability's effect, which "it"
    then names. ``step`` is the :class:`~effects.Delayed`, alone or the last step of
    an "if you do"; None if ``sentence`` is not such a continuation."""
    if isinstance(step, fx.MayDo) and isinstance(step.effect, fx.IfYouDo):
        inner = _after_delayed_return(step.effect.steps[-1], sentence)
        return None if inner is None else fx.MayDo(
            fx.IfYouDo((*step.effect.steps[:-1], inner)))
    if not (isinstance(step, fx.Delayed) and _continues_return(sentence)):
        return None
    body = _steps(step.effect)
    if not (isinstance(body[0], fx.MoveCards) and body[0].dest == "battlefield"
            and body[0].what == fx.Ref("that_card")):
        return None
    out = read_sentence(sentence.rstrip("."))
    return fx.Delayed(step.when, fx.Sequence((*body, out)))


def _about_it(sentence: str) -> fx.Effect | None:
    """``it gains indestructible until end of turn.``: a sentence about ``it`` alone
    (a :class:`~effects.Pump` of ``Ref("it")``), else None."""
    out = read_sentence(sentence.rstrip("."))
    return out if isinstance(out, fx.Pump) and out.what == fx.Ref("it") else None


def _after_optional_put(step: fx.Effect, sentence: str) -> fx.Effect | None:
    """``[if you do,] you may put a vampire card from your hand onto the battlefield
    tapped and attacking. it gains indestructible until end of turn.`` (Strefan,
    Maurer Progenitor): right after an optional put of one card from the hand onto
    the battlefield, a sentence about ``it`` is about the permanent put (the put names
    it, :class:`~effects.PutFromHand`), so it happens within the same "you may" (not
    when the player put nothing). None if ``step`` and ``sentence`` are not that."""
    if isinstance(step, fx.MayDo) and isinstance(step.effect, fx.IfYouDo):
        inner = _after_optional_put(step.effect.steps[-1], sentence)
        return None if inner is None else fx.MayDo(
            fx.IfYouDo((*step.effect.steps[:-1], inner)))
    if not isinstance(step, fx.MayDo):
        return None
    body = _steps(step.effect)
    put = body[0]
    if not (isinstance(put, fx.PutFromHand) and put.destination == "battlefield"
            and put.count == 1 and not put.optional
            and all(_is_about_it(b) for b in body[1:])):
        return None
    out = _about_it(sentence)
    return None if out is None else fx.MayDo(fx.Sequence((*body, out)))


def _after_token_made(step: fx.Effect, sentence: str) -> fx.Effect | None:
    """``... if you do, create a 1/1 black bat creature token with flying. it gains
    "<ability>".`` (Timothar, Baron of Bats): right after an "if you do" whose last
    step creates one token, "it gains" is about that token (the creation names it),
    within the same "if you do". None if ``step`` and ``sentence`` are not that."""
    if not (isinstance(step, fx.MayDo) and isinstance(step.effect, fx.IfYouDo)):
        return None
    made = step.effect.steps[-1]
    out = read_sentence(sentence.rstrip("."))
    if not (isinstance(made, fx.CreateToken) and made.count == 1
            and isinstance(out, fx.Becomes) and out.what == fx.Ref("it") and out.lasting):
        return None
    return fx.MayDo(fx.IfYouDo((*step.effect.steps, out)))


def _is_about_it(node: fx.Effect) -> bool:
    return isinstance(node, fx.Pump) and node.what == fx.Ref("it")


def _if_you_do(steps: list[fx.Effect], sentence: str, last: bool) -> fx.Effect:
    """``you may <action>. if you do, <effect>.``: one optional step doing both. Only
    after an action of :data:`DOABLE_FIRST` by the controller, and only as the last
    sentence (what follows it may still depend on the action: refused)."""
    before = steps[-1] if steps else None
    if before == fx.MayDo(fx.SpellCardTo("exile")):
        # "you may exile this. if you do, ...": a permanent's own exile (a spell's
        # card can't be exiled as an optional first step: refused by the engine)
        before = fx.MayDo(fx.Exile(fx.Ref("self")))
    out = read_sentence(sentence[len("if you do, "):].rstrip("."))
    if last and isinstance(before, fx.Sacrifice) and before.who == fx.Ref("you") \
            and out is not None and not any(isinstance(n, fx.Target) for n in nodes(out)):
        # "sacrifice a creature. if you do, ..." (Garruk, the Veil-Cursed): a player
        # sacrifices one exactly when they control one (701.21a), so the rest happens
        # when they do (608.2c, checked as it resolves)
        return fx.IfHolds(fx.ActivationCondition("you_control", before.filter,
                                                 before.count),
                          fx.Sequence((before, *_steps(out))))
    if isinstance(before, fx.MayDo) and out is not None and \
            isinstance(before.effect, fx.Sequence) and len(before.effect.steps) == 2 and \
            isinstance(before.effect.steps[0], fx.PayCost) and \
            before.effect.steps[1] == fx.Exile(fx.Ref("it")):
        # "you may pay {1} and exile it. if you do, ..." (Timothar, Baron of Bats, the
        # one card with it: a dies trigger's card, then MoveCards): the engine offers
        # yes only while that card is still in the graveyard and the mana payable
        return fx.MayDo(fx.IfYouDo((*before.effect.steps, *_steps(out))))
    if not (isinstance(before, fx.MayDo) and out is not None
            and isinstance(before.effect, DOABLE_FIRST)
            and (not isinstance(before.effect, fx.Exile)
                 or before.effect == fx.Exile(fx.Ref("self")))
            and getattr(before.effect, "who", fx.Ref("you")) == fx.Ref("you")
            and not getattr(before.effect, "at_random", False)):
        raise Unsupported(sentence)
    return fx.MayDo(fx.IfYouDo((before.effect, *_steps(out))))


# --------------------------------------------------------------- reference checks
def nodes(node: Any) -> Iterator[Any]:
    """Every dataclass node of an effect tree, in reading order (parents first)."""
    if isinstance(node, (tuple, list)):
        for item in node:
            yield from nodes(item)
        return
    if not hasattr(node, "__dataclass_fields__"):
        return
    yield node
    if isinstance(node, (fx.TokenSpec, fx.ActivatedAbility, fx.TriggeredAbility)):
        return  # a token's own abilities, or abilities granted, are not this effect
    for name in node.__dataclass_fields__:
        yield from nodes(getattr(node, name))


def swap_ref(node: Any, old: fx.Ref, new: fx.Ref) -> Any:
    """``node`` (an effect tree) with every ``old`` reference made ``new`` (a token's
    or a granted ability's own references are left alone)."""
    if node == old:
        return new
    if isinstance(node, tuple):
        return tuple(swap_ref(item, old, new) for item in node)
    if not dataclasses.is_dataclass(node) or isinstance(node, type) or isinstance(
            node, (fx.TokenSpec, fx.ActivatedAbility, fx.TriggeredAbility, fx.Filter)):
        return node
    changes = {f.name: swap_ref(getattr(node, f.name), old, new)
               for f in dataclasses.fields(node)}
    return dataclasses.replace(node, **changes)


def that_player_targeted(steps: list[fx.Effect]) -> list[fx.Effect]:
    """``steps`` with "that player" of a step after one targeting a player ("this
    deals 2 damage to target player. that player discards two cards") naming that
    target (``it``), if the step itself targets nothing."""
    out: list[fx.Effect] = []
    player_target = False
    for step in steps:
        if player_target and not has_target(step):
            step = swap_ref(step, fx.Ref("that_player"), fx.Ref("it"))
        if has_target(step):
            last = [p for p in nodes(step) if isinstance(p, fx.Target)][-1]
            player_target = last.kind in ("player", "opponent") and last.count == 1
        out.append(step)
    return out


def it_is_self(effect: fx.Effect) -> fx.Effect:
    """A Sequence whose step acts on ``this`` and whose next step says ``it`` (``tap
    this. it gains indestructible``): with no target in the ability, that ``it`` is the
    source (``this``)."""
    if not isinstance(effect, fx.Sequence) or has_target(effect):
        return effect
    steps = list(effect.steps)
    for i in range(1, len(steps)):
        before = getattr(steps[i - 1], "what", None)
        if before == fx.Ref("self") and getattr(steps[i], "what", None) == fx.Ref("it"):
            steps[i] = dataclasses.replace(steps[i], what=fx.Ref("self"))
    return fx.Sequence(tuple(steps))


def dead_card(effect: fx.Effect) -> fx.Effect:
    """The effect of a permanent's own dies trigger (``when this is put into a
    graveyard from the battlefield, return this to its owner's hand``) with each
    "return this (it) to its owner's hand" acting on its card in the graveyard
    (``Ref("this_card")``, the new object there, 400.7) rather than on the permanent,
    which is gone."""
    if isinstance(effect, (fx.Sequence, fx.IfYouDo)):
        steps = []
        for step in effect.steps:
            # "it" is the dead permanent only until a step targets something (or
            # exiles something, which "that card" would then name)
            steps.append(dead_card(step) if not any(
                has_target(s) or isinstance(s, fx.Exile) for s in steps) else step)
        return type(effect)(tuple(steps))
    if isinstance(effect, fx.MayDo):
        return fx.MayDo(dead_card(effect.effect))
    if isinstance(effect, fx.MoveCards) and effect.what == fx.Ref("that_card") and \
            effect.dest == "battlefield":
        # "when this dies, return it to the battlefield [tapped / face down] under
        # ... control" (Tenacious Dead, Ashcloud Phoenix): its card in the graveyard
        return dataclasses.replace(effect, what=fx.Ref("this_card"))
    if effect in (fx.ReturnToHand(fx.Ref("self")), fx.ReturnToHand(fx.Ref("it"))):
        # "it" before any target: the triggering object, the source itself
        return fx.MoveCards(fx.Ref("this_card"), "hand")
    return effect


_MOVED = (fx.Destroy, fx.Exile, fx.ReturnToHand, fx.TapOrUntap, fx.Pump,
          fx.AddCounters, fx.Regenerate, fx.PreventDamage, fx.ExileIfDies,
          fx.CantBeRegenerated, fx.SacrificeIt, fx.ExileIfLeaves, fx.ShuffleInto)


def check_refs(effect: fx.Effect, trigger: fx.Trigger | None = None,
               x_defined: bool = False, spell: bool = False) -> None:
    """Raise :class:`Unsupported` if the effect names something its context does not.

    ``it`` / ``its controller`` / ``that creature`` name the object of the last target
    before them, or with none, a trigger's triggering object; after a created token
    they would name the token, which no selector can. Each mode of a modal effect is
    checked on its own. After a dies trigger the source and the triggering object are
    in the graveyard, and the vocabulary's permanent effects cannot follow them there;
    an instant or sorcery is no permanent for them to act on either. An amount ``X``
    needs an ``{X}`` in the cost that was paid (``x_defined``).
    """
    _RefCheck(trigger, x_defined, spell).walk(effect, None)


class _RefCheck:
    """The walk of :func:`check_refs`; its state is the antecedent of ``it``:
    ``"target"``, ``"token"``, ``"manifested"``, ``"copied"``, ``"modes"`` (after a modal effect) or
    None."""

    def __init__(self, trigger: fx.Trigger | None, x_defined: bool, spell: bool):
        self.trigger = trigger
        self.x_defined = x_defined
        self.spell = spell
        self.seen_target = False
        self.last_target: fx.Target | None = None
        self.seen_damage = False
        self.seen_sacrifice = False
        self.counted = False  # inside a WhenYouDo whose "that many" is counted
        dies = trigger is not None and trigger.event in ("dies", "leaves", "sacrificed")
        self.dead_self = dies and trigger is not None and trigger.subject == fx.Ref("self")
        self.dead_it = dies

    def walk(self, node: fx.Effect, antecedent: str | None) -> str | None:
        if isinstance(node, fx.Sequence):
            for step in node.steps:
                antecedent = self.walk(step, antecedent)
            return antecedent
        if isinstance(node, fx.WhenYouDo) and node.counted:
            counted, self.counted = self.counted, True  # (its "that many")
            out = self.walk(node.effect, antecedent)
            self.counted = counted
            return out
        if isinstance(node, (fx.MayDo, fx.Delayed, fx.WhenYouDo, fx.IfMovedWas,
                             fx.IfSacrificedWas, fx.IfHolds, fx.IfTargetIs)):
            return self.walk(node.effect, antecedent)
        if isinstance(node, fx.RollDice):
            for row in node.rows:
                self.walk(row, antecedent)
            return antecedent
        if isinstance(node, fx.FlipCoin):
            for branch in (node.win, node.lose):
                if branch is not None:
                    self.walk(branch, antecedent)
            return antecedent
        if isinstance(node, fx.Choose):
            seen = self.seen_target
            for mode in node.modes:
                self.seen_target = seen
                self.walk(mode, antecedent)
            return "modes"
        if isinstance(node, fx.EachGraveyardChoice):
            return "token"  # (its Becomes names the permanents it put; "it": none)
        self.leaf(node, antecedent)
        if has_target(node):
            self.last_target = next(p for p in nodes(node) if isinstance(p, fx.Target))
        if isinstance(node, fx.DealDamage):
            self.seen_damage = True
        if isinstance(node, fx.Sacrifice) and node.count == 1:
            self.seen_sacrifice = True
        if isinstance(node, fx.CopyToken):
            # "it" is now the token copy (several: none of them)
            return "copied" if node.count == 1 else "token"
        if isinstance(node, fx.RevealTop) and node.to_hand and node.effect is None:
            return "revealed"  # "its mana value": the card put into the hand
        if has_target(node):
            return "target"
        if isinstance(node, (fx.Manifest, fx.ManifestDread)):
            return "manifested"  # "it" is now the manifested permanent
        if isinstance(node, fx.PutFromHand) and node.destination == "battlefield":
            # "it" is now the one permanent put (none: nothing); after several, none
            return "manifested" if node.count == 1 else "token"
        if isinstance(node, fx.CreateToken):
            # one token made: "it" / "that token" names it (resolve: manifested)
            return "copied" if node.count == 1 else "token"
        return antecedent

    def leaf(self, node: fx.Effect, antecedent: str | None) -> None:
        for part in nodes(node):
            if not self.x_defined and any(getattr(part, f) == "X"
                                          for f in ("amount", "count")
                                          if hasattr(part, f)):
                raise Unsupported("X with no {X} to pay")
            if isinstance(part, fx.Target):
                if self.seen_target and part.filter is not None and \
                        "other" in part.filter.props:
                    # "another target" after a target: different from that one,
                    # which a Filter cannot say
                    raise Unsupported("'another target' after a target")
                self.seen_target = True
            if isinstance(part, fx.StatOf) and part.of == "sacrificed":
                if not self.seen_sacrifice:
                    raise Unsupported("'that creature' with nothing sacrificed before")
            elif isinstance(part, fx.StatOf) and part.of == "it" and \
                    antecedent != "revealed" and not (
                    # a trigger's object, before any target: "whenever a creature
                    # you control enters, you gain life equal to its toughness"
                    antecedent is None and self.trigger is not None
                    and self.trigger.event in fx.OBJECT_EVENTS
                    and self.trigger.event not in _NO_IT_EVENTS) and (
                    antecedent != "target" or getattr(
                    self.last_target, "kind", None) not in ("creature", "permanent")):
                # the stats of a permanent an earlier step of this effect targeted (a
                # trigger's object may have left before it resolves; after "target
                # player sacrifices a creature", "that creature" is no target)
                raise Unsupported("'its power' with no permanent targeted before it")
            if isinstance(part, fx.Ref) and part.name in ("it", "its_controller") and (
                    antecedent in ("token", "modes")
                    or antecedent is None and (
                        self.trigger is None or self.trigger.event in _NO_IT_EVENTS)):
                raise Unsupported(f"'{part.name}' with nothing to refer to")
            if isinstance(part, fx.Ref) and part.name == "attacked_by_it" and (
                    self.trigger is None or self.trigger.event != "attacks"
                    or antecedent is not None):
                raise Unsupported("'the player it's attacking' outside an attack trigger")
            if (isinstance(part, fx.Ref) and part.name == "defending_player"
                    or isinstance(part, fx.Filter)
                    and part.controller == fx.DEFENDING_PLAYER) and (
                    self.trigger is None
                    or self.trigger.event not in ("attacks", "unblocked")):
                raise Unsupported("'defending player' outside an attack trigger")
            if isinstance(part, fx.Ref) and part.name == "damaged_this_way" and \
                    not self.seen_damage:
                raise Unsupported("'dealt damage this way' with no damage before")
            if isinstance(part, fx.Ref) and part.name == "that_object" and (
                    self.trigger is None or self.trigger.event not in fx.TARGET_EVENTS):
                raise Unsupported("'that spell or ability' with no targeting to refer to")
            if isinstance(part, fx.Ref) and part.name == "that_player" and (
                    self.trigger is None
                    or self.trigger.event not in fx.PLAYER_NAMING_EVENTS and not (
                        # "at the beginning of each opponent's upkeep, that player"
                        self.trigger.event in fx.STEP_EVENTS and self.trigger.subject
                        in (fx.Ref("each_player"), fx.Ref("each_opponent"),
                            fx.Ref(fx.ENCHANTED_PLAYER)))):
                raise Unsupported("'that player' with no player to refer to")
            if any(getattr(part, f) == "that_much" for f in ("amount", "count")
                   if hasattr(part, f)) and not self.counted and (
                    self.trigger is None or self.trigger.event not in fx.AMOUNT_EVENTS):
                raise Unsupported("'that much' with no amount to refer to")
        what = getattr(node, "what", None) if isinstance(node, _MOVED) else None
        if what == fx.Ref("self") and self.dead_self or \
                what == fx.Ref("it") and antecedent is None and self.dead_it:
            raise Unsupported("a dies trigger acting on the card that died")
        if what == fx.Ref("self") and self.spell:
            raise Unsupported("an instant or sorcery acting on itself")


_NO_IT_EVENTS = frozenset(fx.BATCH_EVENTS + ("group_attacks", "you_attack",
                                                "source_damage_player"))
"""Trigger events with no one triggering object for ``it`` to name (a batch of
them, 603.2c)."""


# ----------------------------------------------------------------- abilities
@dataclass
class Draft:
    """The abilities read so far from a card's lines."""

    keywords: set[str]
    activated: list[fx.ActivatedAbility]
    triggered: list[fx.TriggeredAbility]
    statics: list
    spell: fx.SpellAbility | None = None
    enchant: fx.Filter | None = None
    additional_cost: fx.Cost | None = None
    #: "Spend only black mana on X" of a spell: what X's mana must be (a pip).
    x_pip: str = ""
    #: Characteristic-defining keyword abilities read (``devoid``, ``changeling``):
    #: they change the card's own characteristics in every zone (604.3).
    defining: set[str] = dataclasses.field(default_factory=set)
    #: Backup N read (702.165a): N and how many keywords, activated, triggered and
    #: static abilities were read before it (the ones after it are what it grants).
    backup: tuple[int, frozenset[str], int, int, int] | None = None


LineTemplate = Callable[[str, Printed, Draft], bool]


_HOLDER = Printed(name="", cost=None, colours=(), types=("Creature",), subtypes=(),
                  supertypes=(), keywords=(), power="0", toughness="0", loyalty=None,
                  text="", layout="normal", colour_identity=(), type_line="Creature")
"""The permanent a quoted ability is read for (its own characteristics do not
matter: the ability's "this" is whatever gains it)."""


def quoted_ability(text: str) -> fx.ActivatedAbility | fx.TriggeredAbility | None:
    """An activated or triggered ability in quotation marks, which an effect grants
    (113.1: ``whenever this attacks, put a +1/+1 counter on it.``), read as a line of
    a permanent; None if it is not one such ability the line templates read."""
    draft = Draft(set(), [], [], [])
    try:
        if not any(template(text, _HOLDER, draft) for template in LINE_TEMPLATES):
            return None
    except Unsupported:
        return None
    found = draft.activated + draft.triggered
    if draft.keywords or draft.statics or draft.spell or len(found) != 1:
        return None
    return found[0]


LINE_TEMPLATES: list[LineTemplate] = []


def line_template(fn: LineTemplate) -> LineTemplate:
    LINE_TEMPLATES.append(fn)
    return fn


def leaves_graveyard(effect: fx.Effect) -> bool:
    """Whether the effect moves its own card out of its owner's graveyard ("return
    this from your graveyard to your hand"): then the ability functions only there
    (113.6m; the caller leaves out a trigger condition that puts it there)."""
    return any(isinstance(n, fx.MoveCards) and n.what == fx.Ref("this_card")
               for n in nodes(effect))


def has_target(effect: fx.Effect) -> bool:
    return any(isinstance(n, fx.Target) for n in nodes(effect))


def is_mana_ability(effect: fx.Effect) -> bool:
    """Rule 605.1a: an activated ability that could add mana and has no target."""
    adds = any(isinstance(n, fx.AddMana) for n in nodes(effect))
    return adds and not has_target(effect)


def is_permanent_card(printed: Printed) -> bool:
    return printed.is_permanent


def basic_land_mana(printed: Printed, draft: Draft) -> None:
    """Rule 305.6: a basic land type gives its mana ability (its text is reminder)."""
    for subtype, colour in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"),
                            ("Mountain", "R"), ("Forest", "G")):
        if subtype in printed.subtypes:
            draft.activated.append(fx.ActivatedAbility(
                fx.Cost(tap=True), fx.AddMana((colour,)), is_mana=True))
