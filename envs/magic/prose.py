"""The Magic engine's events as sentences, from one player's point of view.

"You cast Lightning Bolt targeting Grizzly Bears", "Seat 1's Goblin Guide attacks
you". Cards are named as the event names them (a face-down permanent another seat
controls is "a face-down creature", a card drawn by another seat is "a card": the event
a seat sees is already redacted by ``event_for``). A permanent the event names only by
its id is "a permanent". Rules-free: reads the event only. The formats on this engine
(Arcane Labyrinth, Mazerunner) subclass :class:`MagicNarrator`.
"""

from __future__ import annotations

from typing import Any

from labyrinth_gym.envs.core.prose import Narrator, join, plural, sentence, words

Event = dict[str, Any]

ZONES = {
    "graveyard": "goes to {whose} graveyard",
    "exile": "is exiled",
    "hand": "returns to {whose} hand",
    "library": "goes to {whose} library",
    "command": "goes to the command zone",
}
"""How a permanent leaving for each zone is said."""

LOSS_REASONS = {
    "life": "at 0 life",
    "empty library": "drawing from an empty library",
    "draw": "drawing from an empty library",
    "poison": "with 10 poison counters",
    "commander damage": "to 21 commander damage",
    "concede": "by conceding",
    "effect": "to an effect",
}


def card(name: Any) -> str:
    """A card's name as a noun: a proper name stays as it is, an unnamed description
    gets an article (``"face-down creature"`` -> ``"a face-down creature"``)."""
    name = str(name) if name is not None else "a card"
    if name[:1].islower() and not name.startswith(("a ", "an ", "the ")):
        return ("an " if name[0] in "aeiou" else "a ") + name
    return name


class MagicNarrator(Narrator):
    """Tells the Magic engine's events."""

    def owned(self, player: Any, name: Any) -> str:
        """``"your Grizzly Bears"``, ``"seat 1's Grizzly Bears"``, or the card alone
        when nobody is named."""
        if player is None:
            return card(name)
        thing = card(name)
        if thing.startswith(("a ", "an ")):
            return f"{self.whose(player)} {thing.split(' ', 1)[1]}"
        return f"{self.whose(player)} {thing}"

    def target(self, t: Any) -> str:
        """One target of a spell or ability."""
        if isinstance(t, dict):
            if "player" in t:
                return self.who(t["player"])
            if "card" in t:
                return card(t["card"])
        return "a permanent"

    def targeting(self, e: Event) -> str:
        """``" targeting Grizzly Bears and you"`` (empty without targets)."""
        targets = e.get("targets") or []
        return f" targeting {join(self.target(t) for t in targets)}" if targets else ""

    # ------------------------------------------------------------ game flow
    def on_start(self, e: Event) -> str:
        return (f"A {e['players']}-player game starts; "
                f"{self.who(e['starting_player'])} {'go' if self.is_you(e['starting_player']) else 'goes'} first")

    def on_turn(self, e: Event) -> str:
        if self.is_you(e["player"]):
            return f"Turn {e['turn']}: your turn"
        return f"Turn {e['turn']}: {self.whose(e['player'])} turn"

    def on_mulligan(self, e: Event) -> str:
        return self.does(e["player"], f"takes a mulligan ({plural(e['count'], 'mulligan')} so far)")

    def on_keep(self, e: Event) -> str:
        after = f" after {plural(e['mulligans'], 'mulligan')}" if e.get("mulligans") else ""
        return self.does(e["player"], f"keeps {self.their(e['player'])} hand{after}")

    def on_bottom(self, e: Event) -> str:
        return self.does(e["player"], f"puts a card from {self.their(e['player'])} hand on the bottom "
                         f"of {self.their(e['player'])} library")

    def on_paired(self, e: Event) -> str:
        return self.does(e["player"], f"pairs {card(e.get('card'))} with "
                         f"{card(e.get('other'))}")

    def on_opponent_does(self, e: Event) -> str:
        return self.does(e["player"], f"takes up the offer of {card(e.get('card'))}")

    def on_put_from_hand(self, e: Event) -> str:
        return self.does(e["player"], f"puts {card(e.get('card'))} from "
                         f"{self.their(e['player'])} hand onto the battlefield")

    def on_put_back(self, e: Event) -> str:
        where = "on top of" if e["to"] == "top" else "on the bottom of"
        return self.does(e["player"], f"puts {card(e.get('card'))} from "
                         f"{self.their(e['player'])} hand {where} "
                         f"{self.their(e['player'])} library")

    def on_draw(self, e: Event) -> str:
        if "card" not in e:
            return self.does(e["player"], "draws a card")
        return self.does(e["player"], f"draws {card(e['card'])}")

    def on_draw_empty(self, e: Event) -> str:
        return self.does(e["player"], "has to draw from an empty library")

    def on_must_attack(self, e: Event) -> str:
        return self.does(e["player"], f"must attack {card(e['card'])} with their creatures "
                                      "next turn if able")

    def on_additional_land(self, e: Event) -> str:
        lands = "an additional land" if e["count"] == 1 else \
            f"{e['count']} additional lands"
        return self.does(e["player"], f"may play {lands} this turn")

    def on_play_land(self, e: Event) -> str:
        return self.does(e["player"], f"plays {card(e['card'])}")

    def on_cast(self, e: Event) -> str:
        x = f" with X of {e['x']}" if "x" in e else ""
        how = {"flashback": " from the graveyard with flashback",
               "overload": " for its overload cost",
               "face_down": " face down"}.get(e.get("alt", ""), "")
        if e.get("from") == "copy":  # 707.12
            how = " (a copy, without paying its mana cost)"
        if e.get("alt") == "face_down" and "face-down" in str(e["card"]):
            how = ""  # (seen by an opponent: "casts a face-down creature")
        kicked = e.get("kicked", 0)
        kick = "" if not kicked else " kicked" if kicked == 1 else f" kicked {kicked} times"
        rider = " (it can't be countered)" if e.get("uncounterable") else ""
        kick += " with buyback" if e.get("buyback") else ""
        return self.does(e["player"], f"casts {card(e['card'])}{how}{kick}{x}"
                                      f"{self.targeting(e)}{rider}")

    def on_exiled_top(self, e: Event) -> str:
        cards = ", ".join(card(c) for c in e["cards"])
        return self.does(e["player"], f"exiles {cards} from the top of "
                                      f"{self.whose(e['player'])} library")

    def on_may_play(self, e: Event) -> str:
        until = {"turn": "this turn", "next_turn": "until the end of their next turn",
                 "exiled": "for as long as it remains exiled"}[e["until"]]
        return self.does(e["player"], f"may play {card(e['card'])} {until}")

    def on_flashback_exiled(self, e: Event) -> str:
        return f"{card(e['card'])}, cast with flashback, is exiled as it leaves the stack"

    def on_gains_flashback(self, e: Event) -> str:
        return (f"{card(e['card'])} in {self.whose(e['player'])} graveyard gains "
                f"flashback until end of turn ({card(e['source'])})")

    def on_activate(self, e: Event) -> str:
        return self.does(e["player"], f"activates {card(e['card'])}{self.targeting(e)}")

    def on_add_mana(self, e: Event) -> str:
        return self.does(e["player"], f"adds {e['mana']} with {card(e['card'])}")

    def on_mana_empties(self, e: Event) -> str:
        return f"{e['mana']} empties from {self.whose(e['player'])} mana pool"

    def on_trigger(self, e: Event) -> str:
        return f"{self.owned(e.get('player'), e['card'])} triggers{self.targeting(e)}"

    def on_trigger_removed(self, e: Event) -> str:
        why = f" ({words(e['reason'])})" if e.get("reason") else ""
        return f"{card(e['card'])}'s trigger is removed{why}"

    def on_resolve(self, e: Event) -> str:
        return f"{self.owned(e.get('player'), e['card'])} resolves"

    def on_fizzle(self, e: Event) -> str:
        return f"{card(e['card'])} has no legal target left and does nothing"

    def on_countered(self, e: Event) -> str:
        what = "'s ability" if e.get("ability") else ""
        return f"{card(e['card'])}{what} is countered"

    def on_pays(self, e: Event) -> str:
        paid = " and ".join([*([e["mana"]] if e.get("mana") else []),
                             *([f"{e['life']} life"] if e.get("life") else [])])
        return self.does(e["player"], f"pays {paid} so that {card(e['card'])} "
                                      "is not countered")

    def on_tapped_for_cost(self, e: Event) -> str:
        return self.does(e["player"], f"taps {', '.join(card(c) for c in e['crew'])} "
                                      f"for {card(e['card'])}")

    def on_adapt(self, e: Event) -> str:
        return f"{card(e['card'])} adapts with {plural(e['count'], '+1/+1 counter')}"

    def on_move_counters(self, e: Event) -> str:
        counter = f"{e['counter']} counter"
        return (f"{plural(e['count'], counter)} moved from {card(e['card'])} to "
                f"{card(e['to_card'])}")

    def on_proliferate(self, e: Event) -> str:
        return f"{card(e['card'])} gets another {join(e['counters'])} counter"

    def on_bought_back(self, e: Event) -> str:
        return f"{self.owned(e['player'], e['card'])} returns to its owner's hand (buyback)"

    def on_stays_tapped(self, e: Event) -> str:
        return self.does(e["player"], f"chooses not to untap {card(e['card'])}")

    def on_counters_removed(self, e: Event) -> str:
        return (f"{plural(e['count'], e['counter'] + ' counter')} "
                f"{'is' if e['count'] == 1 else 'are'} removed from {card(e['card'])}")

    def on_extra_turn(self, e: Event) -> str:
        return self.does(e["player"], "takes an extra turn")

    def on_spell_card_to(self, e: Event) -> str:
        where = "shuffled into its owner's library" if e["to"] == "library" else "exiled"
        return f"{self.owned(e['player'], e['card'])} is {where}"

    def on_pays_cost(self, e: Event) -> str:
        paid = " and ".join([*([e["mana"]] if e.get("mana") else []),
                             *([f"{e['life']} life"] if e.get("life") else []),
                             *(["{E}" * e["energy"]] if e.get("energy") else [])])
        return self.does(e["player"], f"pays {paid} for {card(e['card'])}")

    def on_this_turn(self, e: Event) -> str:
        return {"no_life_gain": "Players can't gain life this turn",
                "no_prevention": "Damage can't be prevented this turn"}[e["rule"]]

    def on_target_changed(self, e: Event) -> str:
        return f"{card(e['card'])} changes its target, now{self.targeting(e)}"

    def on_copy_chosen(self, e: Event) -> str:
        return self.does(e["player"], f"chooses {card(e['card'])} to copy")

    def on_copy_spell(self, e: Event) -> str:
        what = f"{card(e['card'])}'s ability" if e.get("ability") else card(e["card"])
        return self.does(e["player"], f"puts a copy of {what} on the stack"
                                      f"{self.targeting(e)}")

    def on_not_countered(self, e: Event) -> str:
        return f"{card(e['card'])} can't be countered and stays on the stack"

    def on_devour(self, e: Event) -> str:
        return f"{self.owned(e['player'], e['card'])} devours {plural(e['count'], 'creature')}"

    # ---------------------------------------------------------- permanents
    def on_enters(self, e: Event) -> str:
        down = " face down" if e.get("face_down") and "face-down" not in str(e["card"]) else ""
        return (f"{card(e['card'])} enters the battlefield{down} under "
                f"{self.whose(e['player'])} control")

    def on_token(self, e: Event) -> str:
        return self.does(e["player"], f"creates a {e['card']}")

    def on_attach(self, e: Event) -> str:
        return f"{card(e['card'])} is attached to a creature"

    def on_copy(self, e: Event) -> str:
        return (f"{self.owned(e['player'], e['card'])} enters as a copy of "
                f"{card(e['of'])}")

    def on_chosen(self, e: Event) -> str:
        if e.get("what") in ("player", "opponent"):  # (a seat number)
            chosen = self.who(int(e["chosen"]))
            return self.does(e["player"], f"chooses {chosen} for {card(e['card'])}")
        what = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}.get(
            e["chosen"], e["chosen"])
        return self.does(e["player"], f"chooses {what} for {card(e['card'])}")

    def on_piles(self, e: Event) -> str:
        first = join([card(n) for n in e["first"]]) or "nothing"
        second = join([card(n) for n in e["second"]]) or "nothing"
        return self.does(e["player"], f"sacrifices the {e['sacrificed']} pile of "
                         f"{first} | {second}")

    def on_hand_exiled(self, e: Event) -> str:
        return f"{self.owned(e['player'], e['card'])} is exiled from " \
               f"{self.their(e['player'])} hand"

    def on_hand_to_bottom(self, e: Event) -> str:
        return self.does(e["player"], f"reveals {card(e['card'])} and puts it on the "
                         f"bottom of {self.their(e['player'])} library")

    def on_card_piles(self, e: Event) -> str:
        first = join([card(n) for n in e["first"]]) or "nothing"
        second = join([card(n) for n in e["second"]]) or "nothing"
        rest = "graveyard" if e["rest"] == "graveyard" else "library's bottom"
        return self.does(e["player"], f"takes the {e['taken']} pile of {first} | "
                         f"{second} (made by {self.who(e['maker'])}); the other goes "
                         f"to the {rest}")

    def on_coin_flip(self, e: Event) -> str:
        return self.does(e["player"], ("wins" if e["won"] else "loses") + " a coin flip")

    def on_roll(self, e: Event) -> str:
        dice = "a" if len(e["results"]) == 1 else str(len(e["results"]))
        shown = ", ".join(str(r) for r in e["results"])
        return self.does(e["player"], f"rolls {dice} d{e['sides']}: {shown}")

    def on_peek(self, e: Event) -> str:
        return self.does(e["player"], f"looks at {card(e.get('card'))} on top of "
                         f"{self.their(e['whose'])} library")

    def on_explore(self, e: Event) -> str:
        if e.get("card") is None:
            return self.does(e["player"], "explores with an empty library")
        to = ": a land, into " + self.their(e["player"]) + " hand" if e["land"] else ""
        return self.does(e["player"], f"explores, revealing {card(e['card'])}{to}")

    def on_connive(self, e: Event) -> str:
        what = card(e["card"]) if e.get("card") is not None else "A permanent that left"
        return sentence(f"{what} connives: {plural(e['nonland'], 'nonland card')} "
                        f"discarded")

    def on_populate(self, e: Event) -> str:
        return self.does(e["player"], f"populates, copying {card(e['of'])}")

    def on_clash(self, e: Event) -> str:
        mine = card(e["card"]) if e.get("card") is not None else "nothing"
        theirs = card(e["other"]) if e.get("other") is not None else "nothing"
        result = "wins" if e["won"] else "doesn't win"
        return self.does(e["player"], f"clashes with {self.who(e['opponent'])}, "
                         f"revealing {mine} against {theirs}, and {result}")

    def on_clashed(self, e: Event) -> str:
        where = "on the bottom" if e["bottom"] else "on top"
        return self.does(e["player"], f"puts {card(e['card'])} {where}")

    def on_explored(self, e: Event) -> str:
        where = "into the graveyard" if e["graveyard"] else "on top"
        return self.does(e["player"], f"puts {card(e['card'])} {where}")

    def on_peeked(self, e: Event) -> str:
        where = "on the bottom" if e["bottom"] else "on top"
        return self.does(e["player"], f"leaves that card {where}")

    def on_library_exiled(self, e: Event) -> str:
        return self.does(e["player"], f"exiles {plural(e['count'], 'card')} of "
                         f"{self.their(e['player'])} library")

    def on_hand_shuffled(self, e: Event) -> str:
        return self.does(e["player"], f"shuffles {plural(e['count'], 'card')} from "
                         f"{self.their(e['player'])} hand into "
                         f"{self.their(e['player'])} library")

    def on_fight(self, e: Event) -> str:
        first, second = e["cards"]
        return f"{card(first)} fights {card(second)}"

    def on_emblem(self, e: Event) -> str:
        return self.does(e["player"], f"gets an emblem from {card(e['card'])}")

    def on_temporary_ability(self, e: Event) -> str:
        until = {"your_next_turn": "until their next turn",
                 "next_time_this_turn": "for the next time this turn"}.get(
            e["until"], "until end of turn")
        return self.does(e["player"], f"has an ability of {card(e['card'])} {until}")

    def on_monstrous(self, e: Event) -> str:
        return f"{card(e['card'])} becomes monstrous"

    def on_becomes(self, e: Event) -> str:
        return f"{card(e['card'])} changes its characteristics until end of turn"

    def on_control(self, e: Event) -> str:
        return self.does(e["player"], f"gains control of {card(e['card'])}")

    def on_unattach(self, e: Event) -> str:
        return "An Equipment or Aura becomes unattached"

    def on_unbestowed(self, e: Event) -> str:
        return f"{card(e['card'])} stops being bestowed and is an enchantment creature"

    def on_manifest(self, e: Event) -> str:
        if "card" not in e:
            return self.does(e["player"], f"manifests the top card of {self.their(e['player'])} "
                             "library face down")
        return self.does(e["player"], f"manifests {card(e['card'])} face down")

    def on_dread(self, e: Event) -> str:
        return self.does(e["player"], f"manifests dread and puts {card(e['card'])} into "
                         f"{self.their(e['player'])} {words(e.get('to', 'graveyard'))}")

    def on_day_night(self, e: Event) -> str:
        return f"it becomes {e['now']}"

    def on_class_level(self, e: Event) -> str:
        return f"{card(e['card'])} becomes level {e['level']}"

    def on_transform(self, e: Event) -> str:
        return f"{card(e['card'])} transforms into {card(e['into'])}"

    def on_turn_face_up(self, e: Event) -> str:
        way = f" for its {e['way']} cost" if "way" in e else ""
        return self.does(e["player"], f"turns {card(e['card'])} face up{way}")

    def on_destroy(self, e: Event) -> str:
        why = " by lethal damage" if e.get("reason") == "damage" else ""
        return f"{card(e['card'])} is destroyed{why}"

    def on_crew(self, e: Event) -> str:
        return self.does(e["player"], f"taps {join([card(c) for c in e['crew']])} to "
                         f"crew {card(e['card'])}")

    def on_lore(self, e: Event) -> str:
        return self.does(e["player"], f"puts a lore counter on {card(e['card'])} "
                         f"({e['count']} now)")

    def on_saga_done(self, e: Event) -> str:
        return self.does(e["player"], f"sacrifices {card(e['card'])} after its final "
                         "chapter")

    def on_legend_rule(self, e: Event) -> str:
        return self.does(e["player"], f"keeps one {card(e['card'])} (legend rule); "
                         "the others go to the graveyard")

    def on_regeneration_shield(self, e: Event) -> str:
        return f"{card(e['card'])} gets a regeneration shield until end of turn"

    def on_regenerate(self, e: Event) -> str:
        return (f"{card(e['card'])} regenerates instead of being destroyed: tapped, "
                "its damage removed, out of combat")

    def on_replaced(self, e: Event) -> str:
        how = "is revealed and shuffled into its owner's library" \
            if e.get("to") == "library" else "is exiled"
        where = {"graveyard": "the graveyard", "hand": "its owner's hand"}.get(
            e.get("instead", "graveyard"), "its owner's library")
        return f"{card(e['card'])} {how} instead of going to {where}"

    def on_dies(self, e: Event) -> str:
        return f"{self.owned(e.get('player'), e['card'])} dies"

    def on_leaves(self, e: Event) -> str:
        how = ZONES.get(e["to"], "goes to {whose} " + words(e["to"]))
        return f"{card(e['card'])} {how.format(whose=self.whose(e.get('player')))}"

    def on_card_moved(self, e: Event) -> str:
        where = {"hand": "into {whose} hand", "battlefield": "onto the battlefield",
                 "exile": "into exile", "library_top": "on top of {whose} library",
                 "library_bottom": "on the bottom of {whose} library"}.get(
            e["to"], "to " + words(e["to"]))
        return (f"{self.owned(e.get('player'), e['card'])} goes from "
                f"{'its graveyard' if e.get('from') == 'graveyard' else 'exile'} "
                + where.format(whose=self.whose(e.get("player"))))

    def on_look_hand(self, e: Event) -> str:
        seen = f": {join(card(c) for c in e['cards'])}" if "cards" in e else ""
        return self.does(e["player"], f"looks at {self.whose(e['whose'])} hand{seen}")

    def on_not_exiled(self, e: Event) -> str:
        return (f"{card(e['card'])} exiles nothing: it left the battlefield before its "
                "ability resolved")

    # --------------------------------------------------------------- combat
    def on_attack(self, e: Event) -> str:
        whom = self.who(e["defending"])
        if e.get("planeswalker") is not None:
            whom = f"{self.whose(e['defending'])} planeswalker"
        return self.does(e["player"], f"attacks {whom} with {card(e['card'])}")

    def on_goaded(self, e: Event) -> str:
        return self.does(e["player"], f"goads {card(e['card'])}")

    def on_begin_on_battlefield(self, e: Event) -> str:
        return self.does(e["player"], f"begins the game with {card(e['card'])} "
                         "on the battlefield")

    def on_dredge(self, e: Event) -> str:
        return self.does(e["player"], f"mills {e['count']} and returns "
                         f"{card(e['card'])} to their hand instead of drawing (dredge)")

    def on_detained(self, e: Event) -> str:
        return self.does(e["player"], f"detains {card(e['card'])} until their next turn")

    def on_attack_tax(self, e: Event) -> str:
        return self.does(e["player"], f"pays {e['mana']} to attack with those creatures")

    def on_unleash(self, e: Event) -> str:
        how = "with" if e["counter"] else "without"
        return self.does(e["player"], f"unleashes {card(e['card'])}: it enters {how} "
                                      "a +1/+1 counter")

    def on_shield(self, e: Event) -> str:
        return f"a shield counter is removed from {card(e['card'])} instead"

    def on_bolster(self, e: Event) -> str:
        return self.does(e["player"], f"bolsters {e['count']}: {card(e['card'])} gets "
                                      f"{plural(e['count'], '+1/+1 counter')}")

    def on_fabricate(self, e: Event) -> str:
        what = "+1/+1 counter" if e["counters"] else "Servo token"
        return self.does(e["player"], f"fabricates {plural(e['count'], what)} with "
                                      f"{card(e['card'])}")

    def on_city_blessing(self, e: Event) -> str:
        return self.does(e["player"], "gets the city's blessing")

    def on_riot(self, e: Event) -> str:
        how = "a +1/+1 counter" if e["counter"] else "haste"
        return self.does(e["player"], f"chooses {how} for {card(e['card'])} (riot)")

    def on_renowned(self, e: Event) -> str:
        return (f"{card(e['card'])} becomes renowned with "
                f"{plural(e['count'], '+1/+1 counter')}")

    def on_amass(self, e: Event) -> str:
        return self.does(e["player"], f"amasses {e['subtype']} {e['count']} onto "
                                      f"{card(e['card'])}")

    def on_enters_attacking(self, e: Event) -> str:
        whom = self.who(e["defending"])
        if e.get("planeswalker") is not None:
            whom = f"{self.whose(e['defending'])} planeswalker"
        how = "attacking" if e.get("untapped") else "tapped and attacking"
        return f"{card(e['card'])} enters the battlefield {how} {whom}"

    def on_enters_blocking(self, e: Event) -> str:
        return (f"{card(e['card'])} enters the battlefield blocking "
                f"{card(e['attacker_card'])}")

    def on_block(self, e: Event) -> str:
        return self.does(e["player"], f"blocks with {card(e['card'])}")

    def on_damage_as_unblocked(self, e: Event) -> str:
        return self.does(e["player"], f"has {card(e['card'])} assign its combat damage "
                         "as though it weren't blocked")

    def on_attack_barred(self, e: Event) -> str:
        return f"{card(e['card'])} can't attack {self.who(e['player'])} this combat " \
               "(the highest roll)"

    def on_chooses_blocks(self, e: Event) -> str:
        return self.does(e["player"], "chooses which creatures block this turn and how")

    def on_grave_chosen(self, e: Event) -> str:
        return self.does(e["player"], f"chooses {card(e['card'])} in "
                         f"{self.whose(int(e['whose']))} graveyard")

    def on_permanent_chosen(self, e: Event) -> str:
        chosen = card(e["chosen"]) if e.get("chosen") else "nothing"
        return self.does(e["player"], f"chooses {chosen} for {card(e['card'])}")

    def on_damage_assigned(self, e: Event) -> str:
        return self.does(e["player"], f"divides the combat damage of {card(e['card'])} "
                         "among its blockers")

    def on_cleanup_priority(self, e: Event) -> str:
        return ("Something happened in the cleanup step: players get priority, then "
                "another cleanup step follows")

    def on_block_removed(self, e: Event) -> str:
        why = f" ({words(e['reason'])})" if e.get("reason") else ""
        return f"{self.whose(e['player']).capitalize()} block is removed{why}"

    def on_damage(self, e: Event) -> str:
        whom = self.who(e["player"]) if "player" in e else card(e.get("card"))
        kind = " combat" if e.get("combat") else ""
        return f"{card(e['source'])} deals {e['amount']}{kind} damage to {whom}"

    # ----------------------------------------------------------- cards, life
    def on_discard(self, e: Event) -> str:
        where = " and puts it onto the battlefield instead" \
            if e.get("to") == "battlefield" else ""
        return self.does(e["player"], f"discards {card(e['card'])}{where}")

    # ------------------------------------------------ libraries and hands
    def on_look(self, e: Event) -> str:
        how = e.get("how", "scry")
        if how in ("scry", "surveil"):
            return self.does(e["player"], f"{how}s {e['count']}")
        cards = plural(e["count"], "card")
        back = "" if how == "dig" else " and puts them back"
        return self.does(e["player"], f"looks at the top {cards} of "
                         f"{self.their(e['player'])} library{back}")

    def on_reveal_top(self, e: Event) -> str:
        return self.does(e["player"], f"reveals the top of {self.their(e['player'])} "
                         f"library: {join(card(c) for c in e['cards'])}")

    def on_reveal_until(self, e: Event) -> str:
        hits = e.get("hits") or []
        found = f", finding {join(card(c) for c in hits)}" if hits else ", finding none"
        shown = join(card(c) for c in e["cards"]) if e["cards"] else "no card"
        return self.does(e["player"], f"reveals cards from the top of "
                         f"{self.their(e['player'])} library: {shown}{found}")

    def on_to_bottom(self, e: Event) -> str:
        return self.does(e["player"], f"puts {card(e.get('card'))} on the bottom of "
                         f"{self.their(e['player'])} library")

    def on_surveil(self, e: Event) -> str:
        return self.does(e["player"], f"puts {card(e['card'])} into "
                         f"{self.their(e['player'])} graveyard")

    def on_shuffle(self, e: Event) -> str:
        return self.does(e["player"], f"shuffles {self.their(e['player'])} library")

    def on_search(self, e: Event) -> str:
        return self.does(e["player"], f"searches {self.their(e['player'])} library")

    def on_found(self, e: Event) -> str:
        where = {"hand": f"into {self.their(e['player'])} hand",
                 "battlefield": "onto the battlefield",
                 "top": f"on top of {self.their(e['player'])} library"}.get(
                     e.get("to"), words(str(e.get("to"))))
        verb = "reveals and puts" if e.get("revealed") and e.get("to") != \
            "battlefield" else "puts"
        return self.does(e["player"], f"{verb} {card(e.get('card'))} {where}")

    def on_reveal_hand(self, e: Event) -> str:
        cards = join(card(c) for c in e["cards"]) if e["cards"] else "no cards"
        return self.does(e["player"], f"reveals {self.their(e['player'])} hand: {cards}")

    def on_cost_exiled(self, e: Event) -> str:
        exiled = ", ".join(card(c) for c in e["cards"])
        return self.does(e["player"], f"exiles {exiled} from their "
                                      f"{e.get('zone', 'graveyard')} to pay a cost")

    def on_rebound(self, e: Event) -> str:
        return self.does(e["player"], f"exiles {card(e['card'])} with rebound")

    def on_cascade(self, e: Event) -> str:
        exiled = ", ".join(card(c) for c in e["exiled"]) or "nothing"
        return self.does(e["player"], f"cascades from {card(e['card'])}, exiling "
                                      f"{exiled}")

    def on_shuffled_into(self, e: Event) -> str:
        return self.does(e["player"], f"shuffles {', '.join(card(c) for c in e['cards'])}"
                                      f" into {self.their(e['player'])} library")

    def on_miracle(self, e: Event) -> str:
        return self.does(e["player"], f"reveals {card(e['card'])}, the first card "
                                      "they drew this turn, for its miracle")

    def on_sorcery_flash(self, e: Event) -> str:
        what = "spells this turn" if e.get("every") else "their next sorcery this turn"
        return self.does(e["player"], f"may cast {what} as though it had flash")

    def on_monarch(self, e: Event) -> str:
        return self.does(e["player"], "becomes the monarch")

    def on_skip_step(self, e: Event) -> str:
        return self.does(e["player"], f"skips their {e['step']} step")

    def on_convoke(self, e: Event) -> str:
        return self.does(e["player"], f"taps {', '.join(card(c) for c in e['creatures'])} "
                                      f"to convoke {card(e['card'])}")

    def on_foretell(self, e: Event) -> str:
        if "card" not in e:
            return self.does(e["player"], "foretells a card (exiled face down)")
        return self.does(e["player"], f"foretells {card(e['card'])} (exiled face down)")

    def on_suspend(self, e: Event) -> str:
        return self.does(e["player"], f"suspends {card(e['card'])} with "
                                      f"{plural(e['counters'], 'time counter')}")

    def on_time_counter(self, e: Event) -> str:
        return self.does(e["player"], f"removes a time counter from {card(e['card'])} "
                                      f"({e['left']} left)")

    def on_improvise(self, e: Event) -> str:
        return self.does(e["player"], f"taps {', '.join(card(c) for c in e['artifacts'])} "
                                      f"to improvise {card(e['card'])}")

    def on_cost_returned(self, e: Event) -> str:
        returned = ", ".join(card(c) for c in e["returned"])
        return self.does(e["player"], f"returns {returned} to its owner's hand to pay "
                                      f"for {card(e['card'])}")

    def on_graveyard_exiled(self, e: Event) -> str:
        return sentence(f"{self.whose(e['player'])} graveyard is exiled "
                        f"({e['count']} cards)")

    def on_reveal_from_hand(self, e: Event) -> str:
        return self.does(e["player"], f"reveals {card(e['card'])} from "
                         f"{self.their(e['player'])} hand, so {card(e['to_enter'])} "
                         "enters untapped")

    def on_mill(self, e: Event) -> str:
        return self.does(e["player"], f"mills {card(e['card'])}")

    def on_life(self, e: Event) -> str:
        change = e["change"]
        verb = "gains" if change > 0 else "loses"
        return self.does(e["player"], f"{verb} {abs(change)} life ({e['life']} left)")

    def on_energy(self, e: Event) -> str:
        counters = plural(abs(e["change"]), "energy counter")
        verb = "gets" if e["change"] > 0 else "pays"
        return self.does(e["player"], f"{verb} {counters} ({e['energy']} left)")

    def on_poison(self, e: Event) -> str:
        counters = plural(e["change"], "poison counter")
        return self.does(e["player"], f"gets {counters} ({e['poison']} in all)")

    def on_prevented(self, e: Event) -> str:
        reason = e.get("reason")
        why = f" by {words(reason)}" if reason and reason != "prevention" else ""
        to = self.who(e["player"]) if "card" not in e and "player" in e \
            else card(e.get("card"))
        return f"{card(e['source'])}'s {e['amount']} damage to {to} is prevented{why}"

    def on_lose(self, e: Event) -> str:
        why = LOSS_REASONS.get(e.get("reason"), words(e.get("reason", "")))
        return self.does(e["player"], f"loses the game {why}".rstrip())

    def on_game_over(self, e: Event) -> str:
        if e.get("truncated"):
            return "The game is cut off at its limit: nobody wins"
        if e.get("winner") is None:
            return f"The game is a draw ({words(e['reason'])})"
        return (f"Game over ({words(e['reason'])}): "
                f"{self.who(e['winner'])} {'win' if self.is_you(e['winner']) else 'wins'}")


def narrator(game: Any, seat: int | None) -> MagicNarrator:
    """The narrator of a Magic game for ``seat``."""
    return MagicNarrator(seat)


def describe(event: Event, seat: int | None = None, game: Any = None) -> str:
    """``event`` as one sentence from ``seat``'s point of view (module docstring)."""
    return narrator(game, seat).describe(event)
