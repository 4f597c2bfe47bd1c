"""Keyword actions and abilities of permanents: connive (rule 701.50), their compile
templates and the engine's play of them, in scripted positions built from real cards
(Raffine's Informant, Mob Lookout...)."""

from __future__ import annotations

import json

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.game import MagicGame
from labyrinth_gym.envs.magic.prose import describe
from magic.positions import (
    act,
    attack,
    blank,
    finish_attacks,
    lands,
    pass_until,
    pool,
    settle,
)


def _hand(game: MagicGame, p: int = 0) -> list[str]:
    return [game.name_of(c) for c in game.hand[p]]


def _find(game: MagicGame, name: str) -> int:
    return next(pid for pid, perm in game.battlefield.items()
                if game.name_of(perm.card) == name)


def _resolve_top(game: MagicGame) -> None:
    """Pass priority until a decision other than priority is asked, or the stack and
    pending triggers are empty."""
    for _ in range(20):
        if game.decision["kind"] != "priority" or not (game.stack or
                                                        game.pending_triggers):
            return
        game.apply_action(A.PASS)


# ------------------------------------------------------------ connive (701.50)
def test_connive_compiles_for_it_this_and_a_target():
    (informant,) = pool("Raffine's Informant").triggered
    assert informant.effect == fx.Connive(fx.Ref("it"))
    (lookout,) = pool("Mob Lookout").triggered
    assert isinstance(lookout.effect, fx.Connive)
    assert isinstance(lookout.effect.what, fx.Target) and lookout.effect.count == 1
    (seer,) = [t for t in pool("Raffine, Scheming Seer").triggered
               if isinstance(t.effect, fx.Connive)]
    assert isinstance(seer.effect.count, fx.Count)  # x: counted as it resolves


def _informant(library: list[str], hand: list[str]) -> MagicGame:
    """Raffine's Informant cast by seat 0 with ``hand`` besides it and ``library``
    on top; played until its enters trigger asks for the discard."""
    game = blank()
    game.set_library(0, [*library, "Island"])
    game.add_card("Raffine's Informant", 0)
    for name in hand:
        game.add_card(name, 0)
    lands(game, 0, "Plains", "Plains")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    _resolve_top(game)
    return game


def test_701_50a_connive_draws_then_discards_a_nonland_for_a_counter():
    game = _informant(["Lightning Bolt"], ["Forest"])
    assert game.decision == {"kind": "discard", "player": 0}
    assert _hand(game) == ["Forest", "Lightning Bolt"]  # drew first
    act(game, "Lightning Bolt")
    settle(game)
    informant = _find(game, "Raffine's Informant")
    assert game.battlefield[informant].counters.get("+1/+1") == 1
    assert _hand(game) == ["Forest"]
    assert [game.name_of(c) for c in game.graveyard[0]] == ["Lightning Bolt"]
    event = next(e for e in game.events if e["type"] == "connive")
    assert "connives" in describe(event)


def test_701_50a_connive_discarding_a_land_puts_no_counter():
    game = _informant(["Lightning Bolt"], ["Forest"])
    act(game, "Forest")
    settle(game)
    informant = _find(game, "Raffine's Informant")
    assert not game.battlefield[informant].counters.get("+1/+1")
    assert _hand(game) == ["Lightning Bolt"]


def test_701_50a_connive_survives_a_save_between_the_draw_and_the_discard():
    game = _informant(["Lightning Bolt"], ["Forest"])
    restored = MagicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    act(restored, "Lightning Bolt")
    settle(restored)
    informant = _find(restored, "Raffine's Informant")
    assert restored.battlefield[informant].counters.get("+1/+1") == 1


def test_701_50c_a_conniver_gone_still_makes_its_controller_draw_and_discard():
    game = blank()
    game.set_library(0, ["Lightning Bolt", "Island"])
    game.add_card("Raffine's Informant", 0)
    lands(game, 0, "Plains", "Plains")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    for _ in range(10):  # the creature resolves; its trigger goes on the stack
        if any(s.kind != "spell" for s in game.stack):
            break
        game.apply_action(A.PASS)
    informant = _find(game, "Raffine's Informant")
    game.destroy([informant])
    _resolve_top(game)
    assert game.decision == {"kind": "discard", "player": 0}
    act(game, "Lightning Bolt")
    settle(game)
    assert not game.hand[0] and len(game.graveyard[0]) == 2


def test_701_50a_target_creature_you_control_connives():
    game = blank()
    game.set_library(0, ["Grizzly Bears", "Island"])
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_card("Mob Lookout", 0)
    lands(game, 0, "Island", "Swamp")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    for _ in range(10):
        if game.decision["kind"] == "target":
            break
        game.apply_action(A.PASS)
    act(game, "Grizzly Bears")
    _resolve_top(game)
    act(game, "Grizzly Bears")  # the drawn one, a nonland card
    settle(game)
    assert game.battlefield[bears].counters.get("+1/+1") == 1
    lookout = _find(game, "Mob Lookout")
    assert not game.battlefield[lookout].counters.get("+1/+1")


def test_603_12_when_it_connives_this_way_triggers_after_the_connive():
    game = blank()
    game.set_library(0, ["Forest", "Island"])
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Psychic Pickpocket", 0)
    lands(game, 0, *["Island"] * 5)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    _resolve_top(game)
    assert game.decision == {"kind": "discard", "player": 0}
    act(game, "Forest")  # a land: no counter, but it connived all the same
    for _ in range(10):  # the reflexive trigger's target
        if game.decision["kind"] == "target":
            break
        game.apply_action(A.PASS)
    act(game, "Grizzly Bears")
    settle(game)
    assert bears not in game.battlefield
    assert [game.name_of(c) for c in game.hand[1]] == ["Grizzly Bears"]
    (when,) = [t for t in pool("Psychic Pickpocket").triggered]
    assert isinstance(when.effect.steps[1], fx.WhenYouDo)


# ----------------------------------------------------------- populate (701.36)
def _tokens(game: MagicGame, p: int = 0) -> list[str]:
    return sorted(game.name_of(perm.card) for pid, perm in game.battlefield.items()
                  if perm.controller == p and game.card_token[perm.card])


def test_populate_compiles_after_a_token_and_alone():
    assert pool("Wake the Reflections").spell.effect == fx.Populate()
    steps = pool("Horncaller's Chant").spell.effect.steps
    assert isinstance(steps[0], fx.CreateToken) and steps[1] == fx.Populate()


def test_701_36a_populate_copies_the_token_made_before_it():
    game = blank()
    game.add_card("Horncaller's Chant", 0)  # a 4/4 Rhino token, then populate
    lands(game, 0, *["Forest"] * 8)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    settle(game)
    assert _tokens(game) == ["Rhino Token", "Rhino Token"]
    event = next(e for e in game.events if e["type"] == "populate")
    assert "populates" in describe(event)


def test_701_36a_populate_asks_which_creature_token_and_never_an_opponents():
    game = blank()
    game.add_permanent("Grizzly Bears", 0)  # a nontoken creature: not a choice
    for p in (0, 1):
        game.create_token(fx.TokenSpec("Soldier", ("Creature",), ("Soldier",), ("W",),
                                       1, 1), p)
    game.create_token(fx.TokenSpec("Wurm", ("Creature",), ("Wurm",), ("G",), 6, 6), 0)
    game.add_card("Wake the Reflections", 0)
    lands(game, 0, "Plains")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    _resolve_top(game)
    d = game.decision
    assert d["kind"] == "copy" and d["populate"]
    assert sorted(game.perm_name(pid) for pid in d["options"]) == ["Soldier", "Wurm"]
    assert A.DONE not in game.legal_actions()  # not optional
    act(game, "Wurm")
    settle(game)
    assert _tokens(game) == ["Soldier", "Wurm", "Wurm"]
    assert _tokens(game, 1) == ["Soldier"]


def test_701_36b_populate_with_no_creature_token_does_nothing():
    game = blank()
    game.add_permanent("Grizzly Bears", 0)
    game.add_card("Wake the Reflections", 0)
    lands(game, 0, "Plains")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    settle(game)
    assert _tokens(game) == [] and game.decision["kind"] == "priority"


def test_701_36a_the_token_populate_made_is_it_for_the_next_sentences():
    game = blank()
    game.add_permanent("Determined Iteration", 0)  # populate; it gains haste; ...
    game.create_token(fx.TokenSpec("Wurm", ("Creature",), ("Wurm",), ("G",), 6, 6), 0)
    game.start_at("beginning_of_combat", 0)
    settle(game)
    wurms = [pid for pid, perm in game.battlefield.items()
             if game.name_of(perm.card) == "Wurm"]
    assert len(wurms) == 2
    copy = max(wurms)
    assert "haste" in game.keywords(copy) and "haste" not in game.keywords(min(wurms))
    pass_until(game, "end")
    settle(game)
    assert copy not in game.battlefield and min(wurms) in game.battlefield


# ------------------------------------------------------------- backup (702.165)
def test_backup_compiles_to_an_enters_trigger_granting_the_abilities_below_it():
    card = pool("Boon-Bringer Valkyrie")
    assert card.keywords >= {"flying", "first strike", "lifelink"}  # its own too
    (backup,) = card.triggered
    assert backup.trigger == fx.Trigger("enters")
    assert backup.effect.count == 1 and backup.effect.what.kind == "creature"
    assert backup.effect.keywords == ("first strike", "flying", "lifelink")
    (berserker,) = pool("Scorn-Blade Berserker").triggered
    (ability,) = berserker.effect.abilities
    assert ability == pool("Scorn-Blade Berserker").activated[0]


def _backup(card: str, lands_: list[str], target: str) -> tuple[MagicGame, int, int]:
    """``card`` cast by seat 0 with Grizzly Bears out, its backup trigger aimed at
    ``target`` and resolved; the game, the Bears and the backup creature."""
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_card(card, 0)
    lands(game, 0, *lands_)
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    for _ in range(10):
        if game.decision["kind"] == "target":
            break
        game.apply_action(A.PASS)
    act(game, target)
    settle(game)
    return game, bears, _find(game, card)


def test_702_165a_backup_on_another_creature_gives_counters_and_abilities_this_turn():
    game, bears, valkyrie = _backup("Boon-Bringer Valkyrie", ["Plains"] * 5,
                                    "Grizzly Bears")
    assert game.battlefield[bears].counters.get("+1/+1") == 1
    assert game.pdef(bears).keywords >= {"flying", "first strike", "lifelink"}
    assert not game.battlefield[valkyrie].counters.get("+1/+1")
    game._end_turn_shapes()  # cleanup (514.2): until end of turn ends
    assert not game.pdef(bears).keywords & {"flying", "first strike", "lifelink"}
    assert game.battlefield[bears].counters.get("+1/+1") == 1  # counters stay


def test_702_165a_backup_on_itself_gives_only_the_counters():
    game, bears, valkyrie = _backup("Boon-Bringer Valkyrie", ["Plains"] * 5,
                                    "Boon-Bringer Valkyrie")
    assert game.battlefield[valkyrie].counters.get("+1/+1") == 1
    assert not game.battlefield[bears].counters.get("+1/+1")
    assert not game.pdef(bears).keywords & {"flying", "first strike", "lifelink"}
    assert len(game.battlefield[valkyrie].becomes) == 0


def test_702_165a_backup_grants_an_activated_ability_printed_below_it():
    game, bears, _ = _backup("Scorn-Blade Berserker", ["Swamp", "Swamp"],
                             "Grizzly Bears")
    assert game.pdef(bears).activated == pool("Scorn-Blade Berserker").activated
    hand = len(game.hand[0])
    act(game, "Grizzly Bears")  # {1}, sacrifice it: draw a card
    settle(game)
    assert bears not in game.battlefield and len(game.hand[0]) == hand + 1


def test_702_165_backup_refuses_a_static_ability_below_it():
    from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
    assert "backup" in compiled_pool().unsupported["Chomping Kavu"]


# --------------------------------------------------------------- clash (701.23)
def test_clash_compiles_with_its_win_branch():
    (boggart,) = pool("Adder-Staff Boggart").triggered
    assert isinstance(boggart.effect, fx.Clash)
    assert isinstance(boggart.effect.win, fx.AddCounters) and boggart.effect.lose is None
    steps = pool("Research the Deep").spell.effect.steps
    assert isinstance(steps[0], fx.Draw)
    assert steps[1] == fx.Clash(fx.SpellCardTo("hand"))


def _clash_game(mine: str, theirs: str, players: int = 2) -> MagicGame:
    """Adder-Staff Boggart cast by seat 0 with ``mine`` on top of its library and
    ``theirs`` on top of every other seat's; played to the first clash decision."""
    game = blank(players)
    game.set_library(0, [mine, "Island"])
    for p in range(1, players):
        game.set_library(p, [theirs, "Island"])
    game.add_card("Adder-Staff Boggart", 0)
    lands(game, 0, "Mountain", "Mountain")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    _resolve_top(game)
    return game


def _top(game: MagicGame, p: int) -> str:
    return game.name_of(game.library[p][-1])


def test_701_23a_the_higher_mana_value_wins_and_each_chooses_top_or_bottom():
    game = _clash_game("Grizzly Bears", "Island")  # 2 against 0: a win
    event = next(e for e in game.events if e["type"] == "clash")
    assert event["won"] and "clashes" in describe(event)
    d = game.decision
    assert d["kind"] == "yesno" and d["player"] == 0 and _top(game, 0) == "Grizzly Bears"
    assert game.looking_at(0) == [d["clash"]] and game.looking_at(1) == []
    from labyrinth_gym.envs.magic.encoding import GLOBAL, MagicObs, encode
    assert MagicObs(encode(game, 0)).g[GLOBAL["yesno_clash"]] == 1
    game.apply_action(A.YES)  # the Bears to the bottom
    assert game.name_of(game.library[0][0]) == "Grizzly Bears"
    assert game.decision["kind"] == "yesno" and game.decision["player"] == 1
    game.apply_action(A.NO)  # the Island stays on top
    assert _top(game, 1) == "Island"
    settle(game)
    boggart = _find(game, "Adder-Staff Boggart")
    assert game.battlefield[boggart].counters.get("+1/+1") == 1


def test_701_23c_a_tie_or_a_lower_card_does_not_win():
    for mine, theirs in (("Grizzly Bears", "Lightning Bolt"),  # 2 against 1... a win
                         ("Lightning Bolt", "Grizzly Bears"),  # 1 against 2
                         ("Grizzly Bears", "Grizzly Bears")):  # 2 against 2
        game = _clash_game(mine, theirs)
        game.apply_action(A.NO)
        game.apply_action(A.NO)
        settle(game)
        boggart = _find(game, "Adder-Staff Boggart")
        won = mine == "Grizzly Bears" and theirs == "Lightning Bolt"
        assert bool(game.battlefield[boggart].counters.get("+1/+1")) is won


def test_701_23b_with_several_opponents_the_clasher_chooses_one():
    game = _clash_game("Lightning Bolt", "Grizzly Bears", players=3)
    game.set_library(2, ["Island"])  # seat 2: a land, which the Bolt beats
    d = game.decision
    assert d["kind"] == "choose" and d["clash"] is not None
    game.apply_action(A.player(2))
    event = next(e for e in game.events if e["type"] == "clash")
    assert event["opponent"] == 2 and event["won"]


def test_701_23_a_spell_returns_to_hand_when_it_wins():
    game = blank()
    game.set_library(0, ["Island", "Grizzly Bears", "Island"])
    game.set_library(1, ["Island"])
    game.add_card("Research the Deep", 0)  # draw, then clash: won, back to hand
    lands(game, 0, "Island", "Island")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    _resolve_top(game)
    game.apply_action(A.NO)
    game.apply_action(A.NO)
    settle(game)
    assert sorted(_hand(game)) == ["Island", "Research the Deep"]
    assert not game.graveyard[0]


# ------------------------------------------------------------ myriad (702.116)
def test_myriad_is_an_attack_trigger_and_two_instances_are_refused():
    from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
    card = pool("Wyrm's Crossing Patrol")
    assert "myriad" in card.keywords
    assert fx.TriggeredAbility(fx.Trigger("attacks"), fx.Myriad()) in card.triggered
    assert compiled_pool().unsupported["Scurry of Squirrels"] == "myriad twice"


def _myriad_attack(players: int) -> tuple[MagicGame, int]:
    """Wyrm's Crossing Patrol of seat 0 declared attacking seat 1; its myriad
    trigger resolving."""
    game = blank(players)
    patrol = game.add_permanent("Wyrm's Crossing Patrol", 0)
    game.start_at("declare_attackers", 0)
    attack(game, patrol, 1)
    finish_attacks(game)
    _resolve_top(game)
    return game, patrol


def test_702_116a_myriad_makes_a_tapped_attacking_copy_for_each_other_opponent():
    game, patrol = _myriad_attack(4)
    seen = []
    while game.decision["kind"] == "yesno" and "myriad" in game.decision:
        seen.append(game.decision["myriad"])
        game.apply_action(A.NO if game.decision["myriad"] == 3 else A.YES)
    assert seen == [2, 3]  # every opponent but the defending player, in turn order
    tokens = [pid for pid, perm in game.battlefield.items()
              if game.card_token[perm.card]]
    (token,) = tokens
    assert game.name_of(game.battlefield[token].card) == "Wyrm's Crossing Patrol"
    assert game.battlefield[token].tapped and game.attackers[token] == 2
    assert game.attackers[patrol] == 1
    pass_until(game, "end_of_combat")
    settle(game)
    assert token not in game.battlefield  # exiled at end of combat
    assert patrol in game.battlefield


def test_702_116a_myriad_does_nothing_against_a_single_opponent():
    game, patrol = _myriad_attack(2)
    assert game.decision["kind"] == "priority" or "myriad" not in game.decision
    assert not any(game.card_token[perm.card] for perm in game.battlefield.values())


def test_701_23c_whenever_you_clash_and_win_triggers_for_the_winner_only():
    for mine, theirs in (("Grizzly Bears", "Island"), ("Island", "Grizzly Bears")):
        game = blank()
        echoes = {p: game.add_permanent("Sylvan Echoes", p) for p in (0, 1)}
        game.set_library(0, [mine, "Island"])
        game.set_library(1, [theirs, "Island"])
        game.add_card("Adder-Staff Boggart", 0)
        lands(game, 0, "Mountain", "Mountain")
        game.start_at("main1", 0)
        act(game, "cast hand 0")
        _resolve_top(game)
        game.apply_action(A.NO)  # both leave their cards on top
        game.apply_action(A.NO)
        winner = 0 if mine == "Grizzly Bears" else 1
        triggered = [s for s in game.stack if s.kind == "triggered"] + [
            t for t in game.pending_triggers]
        sources = {t.source if hasattr(t, "source") else t["source"] for t in triggered}
        assert echoes[winner] in sources and echoes[1 - winner] not in sources
