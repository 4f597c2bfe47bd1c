"""Line templates for static replacement effects and restrictions (rules 614-616)
that are not a permanent's entering (:mod:`.text.statics`): a card's own
replacement of where it goes when discarded (614.1a); cards that would be put into a
graveyard going to exile or their owner's library instead (614.1a); "when this is
put into a graveyard from anywhere" (603.6a); other permanents entering tapped
(614.1d) and spells that can't be countered (101.2) by a permanent's static."""

from __future__ import annotations

import dataclasses
import re

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.cards import Printed
from labyrinth_gym.envs.magic.engine.text.core import (
    Draft,
    effect,
    effect_template,
    is_permanent_card,
    line_template,
    read_sentence,
)
from labyrinth_gym.envs.magic.engine.text.phrases import (
    NUM,
    Unsupported,
    card_filter,
    keyword_list,
    number,
    object_filter,
)


@line_template
def _discarded_to_battlefield(line: str, printed: Printed, draft: Draft) -> bool:
    # 614.1a, from the hand (113.6): Loxodon Smiter, Wilt-Leaf Liege, Dodecapod
    m = re.fullmatch(
        r"if a spell or ability an opponent controls causes you to discard this, put "
        rf"it onto the battlefield(?: with ({NUM}) \+1/\+1 counters? on it)? instead of "
        r"putting it into your graveyard\.", line)
    if not m or not is_permanent_card(printed):
        return False
    draft.statics.append(fx.DiscardedToBattlefield(
        number(m.group(1)) if m.group(1) else 0))
    return True


_WHOSE = {"a": "any", "an opponent's": "opponents", "your": "you"}


@line_template
def _graveyard_instead(line: str, printed: Printed, draft: Draft) -> bool:
    # 614.1a: "if a[n instant or sorcery] card [or token] would be put into a / an
    # opponent's / your graveyard from anywhere, exile it instead." (Rest in Peace,
    # Dryad Militant, Leyline of the Void); Anafenza's "if a nontoken creature an
    # opponent owns would die or a creature card not on the battlefield would be put
    # into an opponent's graveyard, exile that card instead."; the card's own "if
    # this would be put into a graveyard from anywhere, reveal this and shuffle it
    # into its owner's library instead." (Darksteel Colossus, Nexus of Fate)
    if not line.startswith("if "):
        return False
    if line == ("if this would be put into a graveyard from anywhere, reveal this and "
                "shuffle it into its owner's library instead."):
        draft.statics.append(fx.GraveyardInstead(self_only=True, dest="library"))
        return True
    if not is_permanent_card(printed):
        return False
    if line == ("if a nontoken creature an opponent owns would die or a creature card "
                "not on the battlefield would be put into an opponent's graveyard, "
                "exile that card instead."):
        draft.statics.append(fx.GraveyardInstead(
            fx.Filter(types=frozenset({"Creature"})), "opponents"))
        return True
    m = re.fullmatch(r"if an? (?:(.+) )?card( or token)? would be put into (a|an "
                     r"opponent's|your) graveyard from anywhere, exile (?:it|that card) "
                     r"instead\.", line)
    if not m:
        return False
    cards = card_filter(m.group(1) or "")
    if cards is None:
        return False
    draft.statics.append(fx.GraveyardInstead(cards, _WHOSE[m.group(3)],
                                             tokens=bool(m.group(2))))
    return True


@line_template
def _put_into_graveyard(line: str, printed: Printed, draft: Draft) -> bool:
    # 603.6a: "when this is put into a graveyard from anywhere, <effect>." (the
    # Eldrazi titans' "its owner shuffles their graveyard into their library"), a
    # triggered ability of the card in its owner's graveyard (108.4a: the owner
    # controls it)
    m = re.fullmatch(r"when this is put into a graveyard from anywhere, (.+)\.", line)
    if not m:
        return False
    if m.group(1) == "its owner shuffles their graveyard into their library":
        what: fx.Effect = fx.ShuffleInto(fx.Ref("you"), graveyard=True)
    else:
        return False
    draft.triggered.append(fx.TriggeredAbility(
        fx.Trigger("put_into_graveyard", fx.Ref("self")), what, zone="graveyard"))
    return True


@line_template
def _others_enter_tapped(line: str, printed: Printed, draft: Draft) -> bool:
    # 614.1d: "creatures your opponents control enter tapped." (Imposing Sovereign),
    # "artifacts and creatures your opponents control enter tapped." (Blind
    # Obedience), "nonbasic lands your opponents control enter tapped."
    m = re.fullmatch(r"(.+) enter tapped\.", line)
    if not m or m.group(1).startswith("this") or not is_permanent_card(printed):
        return False
    f = object_filter(m.group(1), plural=True)
    if f is None or not f.types or f.controller not in ("opponent", "you", "any"):
        return False
    draft.statics.append(fx.OthersEnterTapped(f))
    return True


_SPELLS_CONTROLLER = {"": "any", " you control": "you", " your opponents control":
                      "opponent"}


def _spells_of(quality: str, whose: str | None) -> fx.Filter | None:
    """The spells a static names: ``quality`` as a card filter, cast by ``whose`` (a
    key of :data:`_SPELLS_CONTROLLER`; None: any player); None if not read."""
    f = card_filter(quality)
    return None if f is None else dataclasses.replace(
        f, controller=_SPELLS_CONTROLLER[whose or ""])


@line_template
def _spells_cant_be_countered(line: str, printed: Printed, draft: Draft) -> bool:
    # 101.2: "creature spells you control can't be countered." (Prowling Serpopard),
    # "green spells you control ...", "creature and enchantment spells ..."
    m = re.fullmatch(r"(?:(.+) )?spells( you control| your opponents control)? can't "
                     r"be countered\.", line)
    if not m or not is_permanent_card(printed):
        return False
    f = _spells_of(re.sub(r",? and ", " or ", m.group(1) or ""), m.group(2))
    if f is None:
        return False
    draft.statics.append(fx.SpellsCantBeCountered(f))
    return True


@line_template
def _spells_have(line: str, printed: Printed, draft: Draft) -> bool:
    # "instant and sorcery spells you control have lifelink." (Soulfire Grand Master),
    # "red instant and sorcery spells you control have lifelink." (702.15b)
    m = re.fullmatch(r"(.+) spells you control have (.+)\.", line)
    if not m or not is_permanent_card(printed):
        return False
    f = card_filter(re.sub(r",? and ", " or ", m.group(1)))
    kws = keyword_list(m.group(2))
    if f is None or kws is None:
        return False
    draft.statics.append(fx.SpellsHave(dataclasses.replace(f, controller="you"), kws))
    return True


@line_template
def _cant_be_targeted_by(line: str, printed: Printed, draft: Draft) -> bool:
    # "this can't be the target of black or red spells your opponents control."
    m = re.fullmatch(r"this can't be the target of (.+) spells( you control| your "
                     r"opponents control)?\.", line)
    if not m or not is_permanent_card(printed):
        return False
    f = _spells_of(m.group(1), m.group(2))
    if f is None:
        return False
    draft.statics.append(fx.CantBeTargetedBy(f))
    return True


@line_template
def _attack_triggers_again(line: str, printed: Printed, draft: Draft) -> bool:
    # "if a creature [you control] attacking causes a triggered ability of a permanent
    # you control to trigger, that ability triggers an additional time." (Isshin,
    # Wulfgar of Icewind Dale: fx.TriggersAgain)
    m = re.fullmatch(r"if a creature (you control )?attacking causes a triggered ability "
                     r"of a permanent you control to trigger, that ability triggers an "
                     r"additional time\.", line)
    if not m or not is_permanent_card(printed):
        return False
    draft.statics.append(fx.TriggersAgain("attacking", yours=bool(m.group(1))))
    return True


@line_template
def _entering_dont_trigger(line: str, printed: Printed, draft: Draft) -> bool:
    # 603.2: "creatures entering don't cause abilities to trigger." (Torpor Orb),
    # "artifacts and creatures entering ..." (Doorkeeper Thrull)
    m = re.fullmatch(r"(.+) entering don't cause abilities to trigger\.", line)
    if not m or not is_permanent_card(printed):
        return False
    f = object_filter(re.sub(r",? and ", " or ", m.group(1)), plural=True)
    if f is None or f.controller != "any" or f.props:
        return False
    draft.statics.append(fx.EnteringDontTrigger(f))
    return True


@effect_template
def _next_spell_to_hand(s: str) -> fx.Effect | None:
    # 614.1a: Soulfire Grand Master's "{2}{u/r}{u/r}: the next time ..."
    if s == ("the next time you cast an instant or sorcery spell from your hand this "
             "turn, put that card into your hand instead of into your graveyard as it "
             "resolves"):
        return fx.NextSpellToHand()
    return None


@effect_template
def _additional_draw(s: str) -> fx.Effect | None:
    # 504.1, 121.1: "that player draws an additional card" of a draw-step trigger
    # (Howling Mine): one more draw, after the turn's draw
    m = re.fullmatch(rf"(that player|you) draws? {NUM} additional cards?", s)
    if not m:
        return None
    who = fx.Ref("that_player") if m.group(1) == "that player" else fx.Ref("you")
    return fx.Draw(number(m.group(2)), who)


_RIDER_MANA = re.compile(r"(?P<syms>(?:\{[wubrgc]\})+)|one mana of (?P<what>any color|"
                         r"the chosen color)")


def _rider_mana(text: str) -> fx.AddMana | None:
    """``{b}`` / ``{g}{g}`` / ``one mana of any color`` / ``one mana of the chosen
    color`` as the mana of a triggered mana ability."""
    m = _RIDER_MANA.fullmatch(text)
    if not m:
        return None
    if m.group("syms"):
        syms = re.findall(r"\{([wubrgc])\}", m.group("syms"))
        if len(set(syms)) != 1:
            return None
        return fx.AddMana((syms[0].upper(),), len(syms))
    return fx.AddMana(("any",) if m.group("what") == "any color" else ("chosen",))


@line_template
def _tapped_for_mana(line: str, printed: Printed, draft: Draft) -> bool:
    # 106.12: "whenever you tap a swamp for mana, add an additional {b}." (Crypt
    # Ghast), "whenever enchanted land is tapped for mana, its controller adds an
    # additional one mana of any color." (Verdant Haven, Wild Growth, Utopia
    # Sprawl): triggered mana abilities (605.1b); "whenever you tap this for mana,
    # it deals 1 damage to each opponent." (Zhur-Taa Druid): a triggered ability
    if not is_permanent_card(printed):
        return False
    m = re.fullmatch(r"whenever (?:you tap (this|an? [\w' ]+?)|enchanted ([\w ]+?) is "
                     r"tapped) for mana, (.+)\.", line)
    if not m:
        return False
    if m.group(1) == "this":
        subject: fx.Ref | fx.Filter = fx.Ref("self")
    elif m.group(1):
        f = object_filter(m.group(1).split(" ", 1)[1])
        if f is None or f.controller != "any":
            return False
        subject = dataclasses.replace(f, controller="you")
    else:
        if not printed.is_type("Enchantment") or "Aura" not in printed.subtypes:
            return False
        subject = fx.Ref("enchanted")
    rider = re.fullmatch(r"(?:add|its controller adds) an additional (.+)", m.group(3))
    if rider:
        what: fx.Effect | None = _rider_mana(rider.group(1))
    elif subject == fx.Ref("self"):
        text = re.sub(r"^it deals ", "this deals ", m.group(3))
        try:
            what = effect(text)
        except Unsupported:
            return False
        if isinstance(what, fx.AddMana):
            return False
    else:
        return False
    if what is None:
        return False
    draft.triggered.append(fx.TriggeredAbility(fx.Trigger("tapped_for_mana", subject),
                                               what))
    return True


@effect_template
def _unless_you_return(s: str) -> fx.Effect | None:
    # 118.12: "sacrifice it unless you return an artifact you control to its owner's
    # hand" (Glint Hawk): the return is the price, chosen on resolution
    m = re.fullmatch(r"(.+) unless you (return .+ you control to its owner's hand)", s)
    if not m:
        return None
    cost = read_sentence(m.group(2))
    inner = read_sentence(m.group(1))
    if not isinstance(cost, fx.ReturnChosen) or inner is None:
        return None
    return fx.Unless(cost, inner)


@effect_template
def _counter_each(s: str) -> fx.Effect | None:
    # 701.6a: "counter each spell you don't control" (Counterflux overloaded),
    # "counter all spells"
    m = re.fullmatch(r"counter (?:each (?:(.+) )?spell|all (?:(.+) )?spells)"
                     r"( you don't control| your opponents control)?", s)
    if not m:
        return None
    f = card_filter(m.group(1) or m.group(2) or "")
    if f is None:
        return None
    return fx.CounterEach(dataclasses.replace(
        f, controller="opponent" if m.group(3) else "any"))


_YOUR_CREATURES = fx.Each(fx.Filter(types=frozenset({"Creature"}), controller="you"))


@effect_template
def _prevent_to_your_creatures(s: str) -> fx.Effect | None:
    # 615: "prevent all [combat] damage that would be dealt to [you and] creatures
    # you control this turn" (Safe Passage, Holy Day's kin): the creatures as a group,
    # those entering later this turn too
    m = re.fullmatch(r"prevent all (combat )?damage that would be dealt to (you and )?"
                     r"creatures you control this turn", s)
    if not m:
        return None
    combat = bool(m.group(1))
    mine = fx.PreventDamage(None, _YOUR_CREATURES, combat_only=combat)
    if not m.group(2):
        return mine
    return fx.Sequence((fx.PreventDamage(None, fx.Ref("you"), combat_only=combat), mine))


@line_template
def _double_damage(line: str, printed: Printed, draft: Draft) -> bool:
    # 614.1a: "if a creature you control would deal damage to a permanent or player,
    # it deals double that damage instead."
    m = re.fullmatch(r"if an? (.+?) would deal damage to a permanent or player, it "
                     r"deals double that damage(?: to that permanent or player)? "
                     r"instead\.", line)
    if not m or not is_permanent_card(printed) or \
            (f := object_filter(m.group(1))) is None or not f.types:
        return False
    draft.statics.append(fx.DoubleDamage(f))
    return True


@line_template
def _combat_damage_to_mill(line: str, printed: Printed, draft: Draft) -> bool:
    # 614.1a: "if a zombie you control would deal combat damage to a player, instead
    # that player mills that many cards." (Undead Alchemist)
    m = re.fullmatch(r"if an? (.+?) would deal combat damage to a player, instead that "
                     r"player mills that many cards\.", line)
    if not m or not is_permanent_card(printed) or \
            (f := object_filter(m.group(1))) is None or not (f.types or f.subtypes):
        return False
    draft.statics.append(fx.CombatDamageToMill(f))
    return True


@line_template
def _double_life_gain(line: str, printed: Printed, draft: Draft) -> bool:
    # 614.1a: "if you would gain life, you gain twice that much life instead."
    if line != "if you would gain life, you gain twice that much life instead." or \
            not is_permanent_card(printed):
        return False
    draft.statics.append(fx.DoubleLifeGain())
    return True
