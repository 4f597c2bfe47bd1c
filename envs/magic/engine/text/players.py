"""Effect templates about players: draw, discard, mill, life gained, lost or paid,
adding mana and extra turns (rules 121, 701.9, 701.17, 119, 106, 500.7)."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    LINE_TEMPLATES,
    SENTENCE_GROUPS,
    Draft,
    effect,
    effect_template,
    has_target,
    line_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    Unsupported,
    card_filter,
    energy_amount,
    number,
    object_filter,
    player,
    x_spend,
)


@effect_template
def _draw(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"draw {NUM} cards?", s):
        return fx.Draw(number(m.group(1)))
    if (m := re.fullmatch(rf"(.+) draws? {NUM} cards?", s)) and (
            who := player(m.group(1))) is not None:
        return fx.Draw(number(m.group(2)), who)
    return None


@effect_template
def _additional_land(s: str) -> fx.Effect | None:
    # Rule 305.2: "you may play an additional land this turn" (a permission: no
    # yes/no question, the player plays the land or not)
    m = re.fullmatch(r"you may play (an|two|three) additional lands? this turn", s)
    if not m:
        return None
    return fx.AdditionalLand(number(m.group(1)))


@effect_template
def _discard(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"discard {NUM} cards?( at random)?", s):
        return fx.Discard(number(m.group(1)), at_random=bool(m.group(2)))
    if (m := re.fullmatch(rf"(.+) discards? {NUM} cards?( at random)?", s)) and (
            who := player(m.group(1))) is not None:
        return fx.Discard(number(m.group(2)), who, at_random=bool(m.group(3)))
    return None


@effect_template
def _mill(s: str) -> fx.Effect | None:
    if m := re.fullmatch(rf"mill {NUM} cards?", s):
        return fx.Mill(number(m.group(1)))
    if (m := re.fullmatch(rf"(.+) mills? {NUM} cards?", s)) and (
            who := player(m.group(1))) is not None:
        return fx.Mill(number(m.group(2)), who)
    return None


@effect_template
def _exile_graveyard(s: str) -> fx.Effect | None:
    """``exile target player's graveyard``, ``exile each opponent's graveyard``,
    ``exile your graveyard``, ``exile all graveyards`` (rule 406.2)."""
    if s == "exile all graveyards":
        return fx.ExileGraveyard(fx.Ref("each_player"))
    if s == "exile your graveyard":
        return fx.ExileGraveyard(fx.Ref("you"))
    m = re.fullmatch(r"exile (.+)'s graveyard", s)
    if m and (who := player(m.group(1))) is not None:
        return fx.ExileGraveyard(who)
    return None


@effect_template
def _life(s: str) -> fx.Effect | None:
    m = re.fullmatch(rf"(.+) (gain|lose)s? {NUM} life", s)
    if m and (who := player(m.group(1))) is not None:
        make = fx.GainLife if m.group(2) == "gain" else fx.LoseLife
        return make(number(m.group(3)), who)
    return None


@line_template
def _x_spend_line(line: str, printed: Printed, draft: Draft) -> bool:
    """A spell's "spend only black mana on x." (107.3): each mana of its X must be
    black (:attr:`~mana.ManaCost.x_pip`, set by the compiler)."""
    pip = x_spend(line)
    if pip is None or printed.is_permanent or draft.x_pip:
        return False
    draft.x_pip = pip
    return True


@line_template
def _mana_spent(line: str, printed: Printed, draft: Draft) -> bool:
    """"{T}: add one mana of any color in your commander's color identity. When that
    mana is spent to cast a creature spell that shares a creature type with your
    commander, scry 1." (607.2: the mana ability, then the trigger linked to it;
    903.3): a trigger of the permanent, event ``mana_spent``. Also "{T}: add {G}.
    when you spend this mana to cast a dragon creature spell, you gain 2 life."."""
    m = re.fullmatch(r"(.+?\.) when (?:that mana is spent|you spend this mana) to cast "
                     r"an? (.+?) spell( that shares a creature type with your "
                     r"commander)?, (.+)\.", line)
    if not m or not m.group(1).startswith("{"):
        return False
    before = len(draft.activated)
    if not any(t(m.group(1), printed, draft) for t in LINE_TEMPLATES
               if t is not _mana_spent) or len(draft.activated) != before + 1 or \
            not draft.activated[-1].is_mana:
        del draft.activated[before:]
        return False
    spell = card_filter(m.group(2))
    try:
        what = effect(m.group(4) + ".")
    except Unsupported:
        del draft.activated[before:]
        return False
    if spell is None or has_target(what):
        del draft.activated[before:]
        return False
    if m.group(3):
        if "Creature" not in spell.types:
            del draft.activated[before:]
            return False
        spell = fx.Filter(spell.types, spell.subtypes, spell.controller,
                          spell.props | {"shares_commander_type"})
    draft.triggered.append(fx.TriggeredAbility(fx.Trigger("mana_spent", spell), what))
    return True


@effect_template
def _become_monarch(s: str) -> fx.Effect | None:
    """``you become the monarch``, ``target player becomes the monarch`` (724.1)."""
    m = re.fullmatch(r"(.+?) becomes? the monarch", s)
    if m and (who := player(m.group(1))) is not None:
        return fx.BecomeMonarch(who)
    return None


@effect_template
def _player_counters(s: str) -> fx.Effect | None:
    """``you get {e}{e}``, ``you get six {e}``, ``you get that many {e}`` (energy,
    107.14), ``each opponent gets a poison counter``, ``target player gets two poison
    counters`` (122.1e): counters a player gets (122.1)."""
    m = re.fullmatch(r"(.+?) gets? (.+)", s)
    if m is None or (who := player(m.group(1))) is None:
        return None
    if (n := energy_amount(m.group(2))) is not None:
        return fx.PlayerCounters(n, who, "energy")
    if c := re.fullmatch(rf"{NUM} poison counters?", m.group(2)):
        return fx.PlayerCounters(number(c.group(1)), who, "poison")
    return None


_MANA_SYMBOL = r"\{([wubrgc])\}"


@effect_template
def _add_mana(s: str) -> fx.Effect | None:
    if m := re.fullmatch(r"add ((?:\{[wubrgc]\})+)", s):
        symbols = re.findall(_MANA_SYMBOL, m.group(1))
        if len(set(symbols)) == 1:  # {C}{C}: two of one kind
            return fx.AddMana((symbols[0].upper(),), len(symbols))
        return fx.Sequence(tuple(fx.AddMana((c.upper(),)) for c in symbols))
    if m := re.fullmatch(r"add \{([wubrgc])\} for each [\w+/-]+ counter removed this way", s):
        # "{T}, remove any number of storage counters from this: add {B} for each
        # storage counter removed this way": X, the number the cost removed
        return fx.AddMana((m.group(1).upper(),), "X")
    if m := re.fullmatch(r"add \{([wubrg])\}(?:, \{([wubrg])\},)? or \{([wubrg])\}", s):
        return fx.AddMana(tuple(c.upper() for c in m.groups() if c))
    if m := re.fullmatch(r"add ((?:\{[wubrgc]\})+), ((?:\{[wubrgc]\})+), or "
                         r"((?:\{[wubrgc]\})+)", s):
        # a filter land's "{U}{U}, {U}{B}, or {B}{B}": one of three mana bundles
        modes = tuple(_add_mana(f"add {group}") for group in m.groups())
        return fx.Choose(modes)
    if m := re.fullmatch(rf"add {NUM} mana in any combination of \{{([wubrg])\}} and/or "
                         rf"\{{([wubrg])\}}", s):
        # 106.1: "add x mana in any combination of {r} and/or {g}" (Xenagos, the
        # Reveler): each mana of the two colours, chosen one at a time
        amount = number(m.group(1))
        if m.group(2) != m.group(3) and (amount == "X" or isinstance(amount, int)):
            return fx.AddMana((m.group(2).upper(), m.group(3).upper()), amount,
                              combination=True)
    if m := re.fullmatch(rf"add {NUM} mana in any combination of colou?rs", s):
        amount = number(m.group(1))
        if isinstance(amount, int) and amount > 1:
            # each mana of its own colour: one "any colour" mana at a time
            return fx.Sequence(tuple(fx.AddMana(("any",)) for _ in range(amount)))
    if m := re.fullmatch(r"add (two|three) mana of different colou?rs", s):
        # 106.1: each mana of a colour not chosen for the others, one at a time
        return fx.AddMana(("any",), number(m.group(1)), combination=True,
                          different=True)
    if re.fullmatch(r"add one mana of any colou?r", s):
        return fx.AddMana(("any",))
    if re.fullmatch(r"add one mana of any colou?r in your commander's colou?r identity",
                    s):
        return fx.AddMana(("identity",))  # rule 903.4f: none without a commander
    if s == "add one mana of any type that a land you control could produce":
        return fx.AddMana(("your_lands",))  # 106.7 (Reflecting Pool)
    if re.fullmatch(r"add one mana of any colou?r that a land an opponent controls "
                    r"could produce", s):
        return fx.AddMana(("opponent_lands",))
    if m := re.fullmatch(rf"add {NUM} mana of any one colou?r", s):
        amount = number(m.group(1))
        if isinstance(amount, int):
            return fx.AddMana(("any",), amount)
    return None


@effect_template
def _you_and_target_opponent_each(s: str) -> fx.Effect | None:
    """``you and target opponent each draw a card`` / ``... each create a tapped
    powerstone token``: the action for you, then for that opponent (its verb in the
    third person); nothing in the rest may say whose ("your", "their")."""
    m = re.fullmatch(r"you and target opponent each (\w+) (.+)", s)
    if not m or re.search(r"\b(?:you|your|their|they|each|other)\b", m.group(2)):
        return None
    mine = read_sentence(f"{m.group(1)} {m.group(2)}")
    theirs = read_sentence(f"target opponent {m.group(1)}s {m.group(2)}")
    if mine is None or theirs is None or has_target(mine):
        return None
    return fx.Sequence(tuple(_steps_of(mine) + _steps_of(theirs)))


def _steps_of(effect: fx.Effect) -> list[fx.Effect]:
    return list(effect.steps) if isinstance(effect, fx.Sequence) else [effect]


@effect_template
def _extra_turn(s: str) -> fx.Effect | None:
    """``take an extra turn after this one``, ``target player takes an extra turn after
    this one`` (rule 500.7)."""
    if s == "take an extra turn after this one":
        return fx.ExtraTurn()
    if (m := re.fullmatch(r"(.+) takes? an extra turn after this one", s)) and (
            who := player(m.group(1))) is not None:
        return fx.ExtraTurn(who)
    return None


@effect_template
def _proliferate(s: str) -> fx.Effect | None:
    """``proliferate`` (rule 701.27a)."""
    return fx.Proliferate() if s == "proliferate" else None


_SPEND = r"(?:spend this mana only .+|this mana can't be spent to cast a nonartifact spell)\."
_KEEP = r"until end of turn, you don't lose this mana as steps and phases end\."
SENTENCE_GROUPS.append((r"add .+\.", _SPEND, _KEEP))
SENTENCE_GROUPS.append((r"add .+\.", _SPEND))
SENTENCE_GROUPS.append((r"add .+\.", _KEEP))
_CAST = re.compile(r"cast (?:an? )?((?:[\w,/]+ )*?)spells?( of the chosen type)?"
                   r"( that have foretell)?")
_FORETELL = re.compile(r"foretell (?:cards|a card from your hand)")
"""The foretell special action (702.143a) restricted mana may pay for."""
_ACTIVATE = re.compile(r"activate (?:abilities|an ability)(?: of (.+?))?")


def _spells_spend(phrase: str) -> fx.Filter | None:
    """The spells of "spend this mana only to cast <phrase>" (106.6): "creature
    spells", "an instant or sorcery spell", "instant and/or sorcery spells" (each a
    spell of either type), "dragon creature spells", "spells"."""
    m = _CAST.fullmatch(phrase)
    if not m:
        return None
    words = m.group(1).strip()
    either = re.sub(r",? and/or |,? and ", " or ", words)
    spell = card_filter(either)
    if spell is None or (spell.types and spell.subtypes and (
            either != words or " or " in either or "," in either)):
        return None  # ("instant or dragon": not one Filter's "types and subtypes")
    if m.group(2):  # "a creature spell of the chosen type"
        if spell.types != {"Creature"}:
            return None
        spell = fx.Filter(spell.types, spell.subtypes, spell.controller,
                          spell.props | {"chosen_type"})
    if m.group(3):  # "spells that have foretell" (702.143a)
        spell = dataclasses.replace(spell, props=spell.props | {fx.WITH_FORETELL})
    return spell


def _abilities_spend(phrase: str) -> fx.Filter | None:
    """The sources of "spend this mana only to activate abilities [of <sources>]":
    any (``Filter()``), "artifacts", "dragons", "artifact sources", "a creature
    source"."""
    m = _ACTIVATE.fullmatch(phrase)
    if not m:
        return None
    if not m.group(1):
        return fx.Filter()
    whose = m.group(1)
    if sm := re.fullmatch(r"(?:an? )?(\w+) sources?( of the chosen type)?", whose):
        found = card_filter(sm.group(1))
        if sm.group(2) and found is not None:  # (the creature type chosen, 614.12c)
            found = fx.Filter(found.types, found.subtypes, found.controller,
                              found.props | {"chosen_type"})
    else:  # ("an ability of a cleric, rogue, warrior, or wizard": its subtypes)
        found = object_filter(whose, plural=True) or object_filter(
            re.sub(r"^an? ", "", whose)) or card_filter(re.sub(r"^an? ", "", whose))
    if found is None or found == fx.Filter() or found.controller != "any":
        return None
    return found


def spend_restriction(text: str) -> tuple[fx.Spend, bool] | None:
    """A spending restriction sentence (106.6, no final period) as a
    :class:`~effects.Spend` and whether its rider says the spell can't be countered
    (106.6a): "spend this mana only to cast <spells> [, and that spell can't be
    countered]", "... to cast <spells> or [to] activate abilities [of <sources>]",
    "... to activate abilities", "this mana can't be spent to cast a nonartifact
    spell" (the Powerstone's: anything but a nonartifact spell); "foretell cards" /
    "foretell a card from your hand" (the cost of that special action, 702.143a)
    and "cast spells that have foretell" as parts."""
    if text == "this mana can't be spent to cast a nonartifact spell":
        return fx.POWERSTONE_SPEND, False
    m = re.fullmatch(r"spend this mana only to (.+?)(, and that spell can't be countered)?",
                     text)
    if not m:
        return None
    parts = re.split(r",? or (?:to )?(?=cast |activate |foretell )", m.group(1))
    spells = abilities = None
    actions: frozenset[str] = frozenset()
    for part in parts:
        if _FORETELL.fullmatch(part) and not actions:  # (its special action's cost)
            actions = frozenset({"foretell"})
        elif part.startswith("cast ") and spells is None:
            spells = _spells_spend(part)
            if spells is None:
                return None
        elif part.startswith("activate ") and abilities is None:
            abilities = _abilities_spend(part)
            if abilities is None:
                return None
        else:
            return None
    if m.group(2) and spells is None:
        return None
    return fx.Spend(spells, abilities, actions=actions), bool(m.group(2))


def _mana_steps(text: str) -> list[fx.AddMana] | None:
    """The :class:`~effects.AddMana` steps an "add ..." sentence reads as (None if
    it reads as anything else)."""
    add = read_sentence(text)
    if add is None:
        return None
    steps = list(add.steps) if isinstance(add, fx.Sequence) else [add]
    return steps if all(isinstance(step, fx.AddMana) for step in steps) else None


@effect_template
def _x_mana_of_colours(s: str) -> fx.Effect | None:
    """``add x mana in any combination of colors`` (106.1): X mana, each of a colour
    chosen in turn."""
    if re.fullmatch(r"add x mana in any combination of colou?rs", s):
        return fx.AddMana(("any",), "X", combination=True)
    return None


@effect_template
def _restricted_mana(s: str) -> fx.Effect | None:
    """Mana with a spending restriction and a rider (106.6, 106.6a): "add one mana of
    any color. spend this mana only to cast a creature spell of the chosen type, and
    that spell can't be countered."; "add {c}{c}. spend this mana only to cast
    artifact spells or activate abilities of artifacts."; optionally followed by
    "until end of turn, you don't lose this mana as steps and phases end" (a
    :class:`~effects.KeepMana` step)."""
    m = re.fullmatch(r"(add .+?)\. (spend this mana only .+?|this mana can't be spent to "
                     r"cast a nonartifact spell)(\. until end of turn, you don't lose this "
                     r"mana as steps and phases end)?", s)
    if not m or "." in m.group(2):
        return None
    restriction = spend_restriction(m.group(2))
    steps = _mana_steps(m.group(1))
    if restriction is None or steps is None:
        return None
    spend, rider = restriction
    out: list[fx.Effect] = [dataclasses.replace(step, spend_only=spend,
                                                uncounterable=rider) for step in steps]
    if m.group(3):
        out.append(fx.KeepMana())
    return out[0] if len(out) == 1 else fx.Sequence(tuple(out))


@effect_template
def _kept_mana(s: str) -> fx.Effect | None:
    """``add {r}{r}{r}{g}{g}{g}. until end of turn, you don't lose this mana as steps
    and phases end`` (Savage Ventmaw; 106.4): the mana, then a :class:`~effects.
    KeepMana` step keeping it (``add {w}{w}{w} and you gain 3 life. ...``: the mana
    the sentence's steps added)."""
    m = re.fullmatch(r"(add .+)\. until end of turn, you don't lose "
                     r"this mana as steps and phases end", s)
    if not m or (add := read_sentence(m.group(1))) is None:
        return None
    steps = list(add.steps) if isinstance(add, fx.Sequence) else [add]
    if not isinstance(steps[0], fx.AddMana):
        return None
    return fx.Sequence((*steps, fx.KeepMana()))


SENTENCE_GROUPS.append((r"choose a colou?r\.", r"add an amount of mana of that colou?r "
                                              r"equal to your devotion to that colou?r\."))


@effect_template
def _devotion_mana(s: str) -> fx.Effect | None:
    """"Choose a color. Add an amount of mana of that color equal to your devotion to
    that color." (700.5; the colour is chosen as the mana is added, 106.1b)."""
    if re.fullmatch(r"choose a colou?r\. add an amount of mana of that colou?r equal to "
                    r"your devotion to that colou?r", s):
        return fx.AddMana(("any",), fx.Count("devotion"))
    return None


@effect_template
def _loses_the_game(s: str) -> fx.Effect | None:
    # Rule 104.3e: "that player loses the game" (Vraska the Unseen's Assassins).
    m = re.fullmatch(r"(.+) loses the game", s)
    if m and (who := player(m.group(1))) is not None:
        return fx.LoseGame(who)
    return None
