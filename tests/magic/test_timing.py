"""Scripted positions for when things happen: delayed returns (603.7), "doesn't untap
during its controller's next untap step" (502.3), untapping chosen permanents,
detain (701.35). Each names real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import (
    act,
    attack,
    blank,
    lands,
    mind_rot_seat_0,
    on_battlefield,
    pass_until,
    settle,
    slot,
    target_perm,
    to_combat,
)


def pass_to_yesno(game: MagicGame, limit: int = 30) -> None:
    for _ in range(limit):
        if game.decision["kind"] == "yesno":
            return
        game.apply_action(A.PASS)
    raise AssertionError(f"no yes/no asked; at {game.step} {game.decision}")


def test_delayed_return_templates_compile():
    pool = compiled_pool().supported
    for name in ("Obzedat, Ghost Council", "Mystifying Maze", "Sleep"):
        assert name in pool, name
    obzedat = pool["Obzedat, Ghost Council"].triggered[1]
    assert obzedat.optional and obzedat.effect == fx.IfYouDo((
        fx.Exile(fx.Ref("self")),
        fx.Delayed("your_next_upkeep", fx.Sequence((
            fx.MoveCards(fx.Ref("that_card"), "battlefield", "owner"),
            fx.Pump(0, 0, fx.Ref("it"), ("haste",), lasting=True))))))
    maze = pool["Mystifying Maze"].activated[1].effect
    assert maze.steps[1] == fx.Delayed("next_end_step", fx.MoveCards(
        fx.Ref("that_card"), "battlefield", "owner", tapped=True))
    sleep = pool["Sleep"].spell.effect
    assert sleep.steps[1].hold and sleep.steps[1].tap


# ------------------------------------------------------------------- 603.7
def test_603_7_obzedat_exiles_itself_and_returns_with_haste_at_your_next_upkeep():
    game = blank()
    obzedat = game.add_permanent("Obzedat, Ghost Council", 0)
    game.start_at("main2", 0, turn=3)
    pass_to_yesno(game)
    assert game.step == "end"
    act(game, "yes")
    settle(game)
    assert obzedat not in game.battlefield
    assert [game.name_of(c) for c in game.exile[0]] == ["Obzedat, Ghost Council"]
    pass_until(game, "upkeep")
    assert game.active == 1 and game.exile[0]  # not the opponent's upkeep
    pass_until(game, "draw")
    pass_until(game, "upkeep")
    assert game.active == 0
    settle(game)
    back = on_battlefield(game, "Obzedat, Ghost Council")
    assert back and back[0] != obzedat and game.exile[0] == []
    assert "haste" in game.keywords(back[0])  # 611.2c: for as long as it stays
    # its enters ability triggered again (a new object, 400.7)
    assert any(e["type"] == "trigger" and e["card"] == "Obzedat, Ghost Council"
               and e["turn"] == 5 for e in game.events)


def test_603_7_obzedat_declined_stays():
    game = blank()
    obzedat = game.add_permanent("Obzedat, Ghost Council", 0)
    game.start_at("main2", 0, turn=3)
    pass_to_yesno(game)
    act(game, "no")
    settle(game)
    assert obzedat in game.battlefield and not game.delayed


def test_603_7_mystifying_maze_returns_the_attacker_tapped_at_the_next_end_step():
    game = blank()
    game.add_permanent("Mystifying Maze", 0)
    lands(game, 0, *["Plains"] * 4)
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 1, turn=2)
    to_combat(game)
    attack(game, bears)
    game.apply_action(A.DONE)
    while game.decision["player"] != 0:
        game.apply_action(A.PASS)
    act(game, "(Mystifying Maze) ability 0")
    target_perm(game, bears)
    settle(game)
    assert bears not in game.battlefield and game.exile[1]
    pass_until(game, "end")
    settle(game)
    back = on_battlefield(game, "Grizzly Bears")
    assert back and game.battlefield[back[0]].tapped and not game.exile[1]


# ------------------------------------------------------------------- 502.3
def test_502_3_sleep_taps_that_players_creatures_and_they_skip_their_next_untap():
    game = blank()
    game.add_card("Sleep", 0)
    lands(game, 0, *["Island"] * 4)
    bears = game.add_permanent("Grizzly Bears", 1)
    elves = game.add_permanent("Llanowar Elves", 1)
    mine = game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Sleep)")
    game.apply_action(A.player(1))
    settle(game)
    assert game.battlefield[bears].tapped and game.battlefield[elves].tapped
    assert not game.battlefield[mine].tapped
    pass_until(game, "upkeep")
    assert game.active == 1
    assert game.battlefield[bears].tapped and game.battlefield[elves].tapped
    for _ in range(2):  # player 0's turn, then player 1's again
        pass_until(game, "draw")
        pass_until(game, "upkeep")
    assert game.active == 1 and not game.battlefield[bears].tapped


def test_detain_and_untap_templates_compile():
    pool = compiled_pool().supported
    for name in ("Lyev Skyknight", "Azorius Arrester", "Azorius Justiciar",
                 "New Prahv Guildmage", "Rewind", "Snap", "Frantic Search",
                 "Peregrine Drake", "Great Whale", "Palinchron", "Cloud of Faeries"):
        assert name in pool, name
    assert isinstance(pool["Lyev Skyknight"].triggered[0].effect, fx.Detain)
    assert pool["Rewind"].spell.effect.steps[1] == fx.UntapUpTo(
        4, fx.Filter(types=frozenset({"Land"})))


# ------------------------------------------------------------------ 701.35
def test_701_35_detained_creature_cant_attack_block_or_activate_until_your_next_turn():
    game = blank()
    game.add_card("Lyev Skyknight", 0)
    lands(game, 0, "Plains", "Island", "Island")
    elves = game.add_permanent("Llanowar Elves", 1)
    game.start_at("main1", 0, turn=3)
    act(game, "cast hand 0 (Lyev Skyknight)")
    settle(game)  # the spell resolves; its enters ability asks for a target
    target_perm(game, elves)
    settle(game)
    assert any(e["type"] == "detained" for e in game.events)
    # player 1's turn: the Elves can't attack, and can't tap for mana
    pass_until(game, "main1")
    pass_until(game, "upkeep")
    pass_until(game, "main1")
    assert game.active == 1
    game.add_card("Grizzly Bears", 1)
    game.add_permanent("Forest", 1)  # one Forest: the Elves would make the second
    assert not [n for n in (game.action_to_string(a) for a in game.legal_actions())
                if n.startswith("cast")]
    to_combat(game)
    assert game.decision["kind"] == "attack"
    assert A.attack(slot(game, elves), 1) not in game.legal_actions()


def test_701_35_detain_ends_as_the_detaining_players_next_turn_begins():
    game = blank()
    game.add_card("Lyev Skyknight", 0)
    lands(game, 0, "Plains", "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0, turn=3)
    act(game, "cast hand 0 (Lyev Skyknight)")
    settle(game)
    target_perm(game, bears)
    settle(game)
    assert game.battlefield[bears].mods
    pass_until(game, "upkeep")  # player 1's turn: still detained
    assert game.active == 1 and game.battlefield[bears].mods
    pass_until(game, "draw")
    pass_until(game, "upkeep")  # player 0's next turn: over
    assert game.active == 0 and not game.battlefield[bears].mods


# ------------------------------------------------------------- untap up to N
def test_rewind_counters_and_untaps_up_to_four_of_its_controllers_lands():
    game = blank()
    game.add_card("Rewind", 0)
    game.add_card("Grizzly Bears", 1)
    mine = lands(game, 0, *["Island"] * 6)
    theirs = lands(game, 1, "Forest", "Forest")
    game.start_at("main1", 1, turn=2)
    act(game, "cast hand 0 (Grizzly Bears)")
    assert all(game.battlefield[pid].tapped for pid in theirs)
    for pid in mine[4:]:
        game.battlefield[pid].tapped = True  # tapped earlier
    game.apply_action(A.PASS)
    act(game, "cast hand 0 (Rewind)")
    act(game, "stack 0 (Grizzly Bears)")
    settle(game)
    assert [game.name_of(c) for c in game.graveyard[1]] == ["Grizzly Bears"]
    assert sum(game.battlefield[pid].tapped for pid in mine) == 2
    assert all(game.battlefield[pid].tapped for pid in theirs)  # (not theirs)


# ------------------------------------------------------------------ 702.52
def test_dredge_templates_compile():
    pool = compiled_pool().supported
    for name, n in (("Life from the Loam", 3), ("Stinkweed Imp", 5),
                    ("Golgari Grave-Troll", 6), ("Dakmor Salvage", 2),
                    ("Golgari Thug", 4), ("Shambling Shell", 3)):
        assert pool[name].dredge == n, name
    assert pool["Grizzly Bears"].dredge == 0


def test_702_52a_dredge_replaces_the_draw_steps_draw():
    game = blank()
    game.add_card("Stinkweed Imp", 0, "graveyard")
    game.start_at("upkeep", 0, turn=3)
    pass_to_yesno(game)
    assert game.step == "draw" and game.decision["dredge"] == game.graveyard[0][0]
    assert "dredge Stinkweed Imp (mill 5)" in [game.action_to_string(a)
                                               for a in game.legal_actions()]
    top = game.library[0][-1]
    act(game, "dredge Stinkweed")
    assert [game.name_of(c) for c in game.hand[0]] == ["Stinkweed Imp"]
    assert top not in game.hand[0] and len(game.library[0]) == 5
    assert len(game.graveyard[0]) == 5 and game.drawn_turn[0] == 0  # not a draw
    assert game.decision == {"kind": "priority", "player": 0} and game.step == "draw"


def test_702_52a_declining_dredge_draws_and_each_draw_of_an_effect_is_asked():
    game = blank()
    game.add_card("Stinkweed Imp", 0, "graveyard")
    game.add_card("Divination", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.start_at("main1", 0, turn=3)
    act(game, "cast hand 0 (Divination)")
    pass_to_yesno(game)
    act(game, "don't dredge")  # the first card is drawn
    assert len(game.hand[0]) == 1 and game.decision["dredge"] == game.graveyard[0][0]
    act(game, "dredge Stinkweed")  # the second draw is replaced
    assert sorted(game.name_of(c) for c in game.hand[0]) == ["Island", "Stinkweed Imp"]
    assert len(game.library[0]) == 10 - 1 - 5 and game.drawn_turn[0] == 1


def test_702_52b_no_dredge_with_fewer_cards_in_the_library_than_its_number():
    game = blank(library=4)
    game.add_card("Stinkweed Imp", 0, "graveyard")
    game.add_card("Dakmor Salvage", 0, "graveyard")
    game.start_at("upkeep", 0, turn=3)
    pass_to_yesno(game)  # only Dakmor Salvage (dredge 2) is offered
    assert game.name_of(game.decision["dredge"]) == "Dakmor Salvage"
    act(game, "don't dredge")
    assert len(game.hand[0]) == 1 and game.decision["kind"] == "priority"


# ------------------------------------------------------------------ 702.61
def test_702_61a_split_second_no_spells_or_abilities_while_it_is_on_the_stack():
    game = blank()
    game.add_card("Krosan Grip", 0)
    lands(game, 0, "Forest", "Forest", "Forest")
    ring = game.add_permanent("Sol Ring", 1)
    game.add_card("Shock", 1)
    lands(game, 1, "Mountain")
    game.start_at("main1", 0, turn=3)
    assert "split second" in compiled_pool().supported["Krosan Grip"].keywords
    act(game, "cast hand 0 (Krosan Grip)")
    target_perm(game, ring)
    while game.decision["player"] != 1:
        game.apply_action(A.PASS)
    assert game.stack and [game.action_to_string(a)
                           for a in game.legal_actions()] == ["pass"]
    game.apply_action(A.PASS)
    settle(game)
    assert ring not in game.battlefield
    # the stack empty again, Shock may be cast
    while game.decision["player"] != 1:
        game.apply_action(A.PASS)
    assert any("Shock" in game.action_to_string(a) for a in game.legal_actions())


# ------------------------------------------------------------------- 103.6
def test_103_6_a_leyline_in_the_opening_hand_may_begin_on_the_battlefield():
    deck = ["Leyline of Sanctity", "Leyline of the Void"] + ["Plains"] * 8
    game = MagicGame.new(3, decks=[deck, deck], starting_player=1, opening_hand=7,
                         mulligan=True, concede_action=False)
    leylines = {p: [c for c in game.hand[p] if game.name_of(c).startswith("Leyline")]
                for p in (0, 1)}
    assert leylines[0] and leylines[1]
    act(game, "keep")
    act(game, "keep")
    asked = []
    while game.decision["kind"] == "yesno":
        assert "opening_hand" in game.decision and game.stage == "mulligan"
        asked.append((game.decision["player"], game.decision["opening_hand"]))
        names_now = [game.action_to_string(a) for a in game.legal_actions()]
        assert names_now[0].startswith("begin the game with")
        # the starting player's first, then the next in turn order
        act(game, "begin the game" if game.decision["player"] == 1 else "keep ")
    assert asked == [(1, c) for c in leylines[1]] + [(0, c) for c in leylines[0]]
    on = sorted(game.name_of(p.card) for p in game.battlefield.values())
    assert on == sorted(game.name_of(c) for c in leylines[1])
    assert all(p.controller == 1 for p in game.battlefield.values())
    assert game.turn == 1 and game.active == 1
    assert any(e["type"] == "begin_on_battlefield" for e in game.events)


# ------------------------------------------------------------------ 702.35
def test_702_35a_a_discarded_madness_card_is_exiled_and_may_be_cast_for_its_cost():
    game = blank()
    temper = game.add_card("Fiery Temper", 0)
    game.add_card("Island", 0)
    game.add_permanent("Mountain", 0)
    mind_rot_seat_0(game)
    assert temper in game.exile[0] or game.stack  # discarded into exile
    assert any(e["type"] == "discard" and e.get("to") == "exile" for e in game.events)
    pass_to_yesno(game)
    assert game.decision["madness"] == temper
    act(game, "cast Fiery Temper for its madness cost")
    game.apply_action(A.player(1))  # 3 damage to player 1
    settle(game)
    assert game.life[1] == 17 and temper in game.graveyard[0]


def test_702_35a_declined_madness_puts_the_card_into_the_graveyard():
    game = blank()
    temper = game.add_card("Fiery Temper", 0)
    game.add_permanent("Mountain", 0)
    mind_rot_seat_0(game)
    pass_to_yesno(game)
    act(game, "don't cast")
    settle(game)
    assert temper in game.graveyard[0] and not game.exile[0]


# ------------------------------------------------------------------- 601.3
def test_601_3_cast_only_in_the_declare_attackers_step_if_you_have_been_attacked():
    game = blank()
    game.add_card("Defiant Stand", 0)
    lands(game, 0, "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 1, turn=2)
    game.apply_action(A.PASS)  # player 0 has priority in player 1's main phase
    assert game.decision["player"] == 0
    assert not any("Defiant Stand" in game.action_to_string(a)
                   for a in game.legal_actions())
    to_combat(game)
    attack(game, bears)
    game.apply_action(A.DONE)
    while game.decision["player"] != 0:
        game.apply_action(A.PASS)
    assert game.step == "declare_attackers"
    assert any("Defiant Stand" in game.action_to_string(a)
               for a in game.legal_actions())


def test_601_3_not_attacked_this_step_no_cast():
    game = blank(players=3)
    game.add_card("Defiant Stand", 0)
    lands(game, 0, "Plains", "Plains")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 1, turn=2)
    to_combat(game)
    attack(game, bears, 1)  # player 2 is attacked, not player 0
    game.apply_action(A.DONE)
    while game.decision["player"] != 0:
        game.apply_action(A.PASS)
    assert game.step == "declare_attackers"
    assert not any("Defiant Stand" in game.action_to_string(a)
                   for a in game.legal_actions())
