"""Effect templates about players: draw, discard, mill, life gained, lost or paid,
adding mana and extra turns (rules 121, 701.9, 701.17, 119, 106, 500.7)."""

from __future__ import annotations

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
    player,
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
def _mana_spent(line: str, printed: Printed, draft: Draft) -> bool:
    """"{T}: add one mana of any color in your commander's color identity. When that
    mana is spent to cast a creature spell that shares a creature type with your
    commander, scry 1." (607.2: the mana ability, then the trigger linked to it;
    903.3): a trigger of the permanent, event ``mana_spent``."""
    m = re.fullmatch(r"(.+?\.) when that mana is spent to cast an? (.+?) spell( that "
                     r"shares a creature type with your commander)?, (.+)\.", line)
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


SENTENCE_GROUPS.append((r"add .+\.", r"spend this mana only to cast .+\."))
_SPEND_ONLY = re.compile(
    r"(add .+)\. spend this mana only to cast (?:an? )?((?:[\w,]+ )*?)spells?"
    r"( of the chosen type)?(, and that spell can't be countered)?")


@effect_template
def _restricted_mana(s: str) -> fx.Effect | None:
    """Mana with a spending restriction and a rider (106.6, 106.6a): "add one mana of
    any color. spend this mana only to cast a creature spell of the chosen type, and
    that spell can't be countered." """
    m = _SPEND_ONLY.fullmatch(s)
    if not m:
        return None
    add = _add_mana(m.group(1))
    spell = card_filter(m.group(2).strip())
    if not isinstance(add, fx.AddMana) or spell is None:
        return None
    if m.group(3):  # "a creature spell of the chosen type"
        if spell.types != {"Creature"}:
            return None
        spell = fx.Filter(spell.types, spell.subtypes, spell.controller,
                          spell.props | {"chosen_type"})
    return fx.AddMana(add.options, add.amount, spend_only=spell,
                      uncounterable=bool(m.group(4)))


SENTENCE_GROUPS.append((r"add (?:\{[wubrgc]\})+\.",
                        r"until end of turn, you don't lose this mana as steps and "
                        r"phases end\."))


@effect_template
def _kept_mana(s: str) -> fx.Effect | None:
    """``add {r}{r}{r}{g}{g}{g}. until end of turn, you don't lose this mana as steps
    and phases end`` (Savage Ventmaw; 106.4): the mana, then a :class:`~effects.
    KeepMana` step keeping it."""
    m = re.fullmatch(r"(add (?:\{[wubrgc]\})+)\. until end of turn, you don't lose "
                     r"this mana as steps and phases end", s)
    if not m or (add := read_sentence(m.group(1))) is None:
        return None
    steps = list(add.steps) if isinstance(add, fx.Sequence) else [add]
    if not all(isinstance(step, fx.AddMana) for step in steps):
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
