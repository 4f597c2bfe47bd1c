"""Scripted positions for the spells-and-stack mechanisms: a trap's alternative cost
offered only on a condition over this turn's events (118.9, 601.2b), ... with real
cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import act, blank, has, lands, settle


def test_the_trap_alternative_costs_compile_real_cards():
    pool = compiled_pool().supported
    assert pool["Summoning Trap"].alt_cost.condition == fx.ActivationCondition(
        "creature_countered")
    assert pool["Archive Trap"].alt_cost.condition == fx.ActivationCondition(
        "opponent_searched")
    assert pool["Archive Trap"].alt_cost.cost.mana.mana_value == 0


# ---------------------------------------------- traps: conditional alternative costs
def test_118_9_summoning_trap_is_free_after_an_opponent_counters_a_creature_spell():
    game = blank()
    game.add_card("Grizzly Bears", 0)
    trap = game.add_card("Summoning Trap", 0)
    lands(game, 0, "Forest", "Forest")
    game.add_card("Counterspell", 1)
    lands(game, 1, "Island", "Island")
    game.set_library(0, ["Island", "Craw Wurm", "Island"])
    game.start_at("main1", 0)
    # 601.2b: the condition does not hold yet: no way to pay {4}{G}{G}
    assert not has(game, "Summoning Trap")
    act(game, "cast hand 0 (Grizzly Bears)")
    act(game, "pass")
    act(game, "cast hand 0 (Counterspell)")
    act(game, "stack 0 (Grizzly Bears)")
    act(game, "pass")
    act(game, "pass")  # Counterspell resolves: a creature spell of seat 0 countered
    assert game.turn_marks[0] == {"creature_countered"}
    act(game, "cast hand 0 (Summoning Trap)")  # only the {0} alternative cost is payable
    settle(game)
    assert game.decision is not None
    act(game, "Craw Wurm")
    while game.decision["kind"] == "look":  # the rest on the bottom, in any order
        act(game, "put card 0")
    settle(game)
    assert any(game.pdef(pid).name == "Craw Wurm" for pid in game.battlefield)
    assert trap in game.graveyard[0]
    cast = next(e for e in game.events if e["type"] == "cast"
                and e["card"] == "Summoning Trap")
    assert cast["alt"] == "alternative"


def test_118_9_archive_trap_is_free_only_after_an_opponent_searched_their_library():
    game = blank(library=20)
    game.add_card("Rampant Growth", 1)
    lands(game, 1, "Forest", "Forest")
    game.set_library(1, ["Island"] * 14 + ["Forest"])
    trap = game.add_card("Archive Trap", 0)
    game.start_at("main1", 1)
    act(game, "cast hand 0 (Rampant Growth)")
    act(game, "pass")
    assert game.decision["player"] == 0
    assert not has(game, "Archive Trap")  # no mana, and no one searched yet
    act(game, "pass")
    while game.decision["kind"] != "priority":
        act(game, "Forest")
    assert "searched" in game.turn_marks[1]
    act(game, "pass")
    assert game.decision["player"] == 0
    act(game, "cast hand 0 (Archive Trap)")
    act(game, "player 1")
    settle(game)
    assert trap in game.graveyard[0] and len(game.graveyard[1]) >= 13


# ------------------------------------------------------------- domain (305.6)
def test_domain_counts_real_cards():
    pool = compiled_pool().supported
    for name in ("Tribal Flames", "Exotic Disease", "Matca Rioters"):
        assert "basic_land_types" in repr(pool[name]), name


def test_305_6_tribal_flames_counts_each_basic_land_type_once():
    game = blank()
    game.add_card("Tribal Flames", 0)
    # Mountain, Forest, Island: Stomping Ground (a Mountain Forest) adds no type,
    # tapped lands count, the opponent's Plains and Swamp are not theirs: 3
    lands(game, 0, "Mountain", "Forest", "Stomping Ground", "Island")
    lands(game, 1, "Plains", "Swamp")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Tribal Flames)")
    act(game, "player 1")
    settle(game)
    assert game.life == [20, 17]


# ------------------------------------ "if this was kicked / cast from a graveyard"
def test_the_resolving_spells_conditions_compile_real_cards():
    pool = compiled_pool().supported
    pledge = pool["Conqueror's Pledge"].spell.effect
    assert pledge.count == fx.IfAmount(6, 12, fx.ActivationCondition("kicked"))
    savagery = pool["Increasing Savagery"].spell.effect
    assert savagery.count == fx.IfAmount(
        5, 10, fx.ActivationCondition("cast_from_graveyard"))


def savagery(from_graveyard: bool) -> int:
    game = blank()
    bears = game.add_permanent("Grizzly Bears", 0)
    game.add_card("Increasing Savagery", 0, "graveyard" if from_graveyard else "hand")
    lands(game, 0, *["Forest"] * 7)
    game.start_at("main1", 0)
    act(game, "Increasing Savagery")
    act(game, "Grizzly Bears")
    settle(game)
    return game.battlefield[bears].counters.get("+1/+1", 0)


def test_608_2h_increasing_savagery_puts_ten_counters_if_cast_from_a_graveyard():
    assert savagery(from_graveyard=False) == 5
    assert savagery(from_graveyard=True) == 10  # flashback: cast from the graveyard


def pledge(kicked: bool) -> int:
    game = blank()
    game.add_card("Conqueror's Pledge", 0)
    lands(game, 0, *["Plains"] * 11)
    game.start_at("main1", 0)
    act(game, "Conqueror's Pledge")
    if has(game, "pay kicker"):
        act(game, "pay kicker" if kicked else "no kicker")
    settle(game)
    return sum(1 for p in game.battlefield.values() if p.controller == 0
               and game.cdef(p.card).name == "Kor Soldier Token")


def test_702_33d_conquerors_pledge_creates_twelve_tokens_if_kicked():
    assert pledge(kicked=False) == 6
    assert pledge(kicked=True) == 12


# ---------------------------------------------- countering abilities (701.6b)
def test_ability_targets_compile_real_cards():
    pool = compiled_pool().supported
    assert pool["Stifle"].spell.effect == fx.CounterSpell(fx.Target(
        "ability", fx.Filter()))
    assert pool["Voidslime"].spell.effect == fx.CounterSpell(
        fx.Target("spell_or_ability"))


def test_701_6b_stifle_counters_a_triggered_ability():
    game = blank()
    game.add_card("Elvish Visionary", 0)  # "when this enters, draw a card"
    lands(game, 0, "Forest", "Forest")
    game.add_card("Stifle", 1)
    lands(game, 1, "Island")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Elvish Visionary)")
    act(game, "pass")
    act(game, "pass")  # the creature resolves; its trigger goes on the stack
    assert len(game.stack) == 1 and game.stack[0].kind == "triggered"
    act(game, "pass")
    assert not has(game, "stack 0 (Elvish Visionary)")  # nothing chosen yet
    act(game, "cast hand 0 (Stifle)")
    act(game, "stack 0")
    settle(game)
    assert not game.hand[0]  # no card drawn: the ability was countered
    assert any(e["type"] == "countered" and e.get("ability") for e in game.events)


def test_701_6b_stifle_counters_an_activated_ability_but_not_a_spell():
    game = blank()
    game.add_permanent("Prodigal Pyromancer", 0)
    game.add_card("Stifle", 1)
    game.add_card("Shock", 0)
    lands(game, 0, "Mountain")
    lands(game, 1, "Island")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Shock)")
    act(game, "player 1")
    act(game, "pass")
    assert not has(game, "Stifle")  # 115.1b-c: a spell is no ability
    act(game, "pass")
    assert game.life == [20, 18]
    act(game, "activate slot 0 (Prodigal Pyromancer)")
    act(game, "player 1")
    act(game, "pass")
    act(game, "cast hand 0 (Stifle)")
    act(game, "stack 0")
    settle(game)
    assert game.life == [20, 18]


# --------------------------------------- Counterbalance: reveal, same mana value
def test_counterbalance_compiles():
    ability, = compiled_pool().supported["Counterbalance"].triggered
    assert ability.optional and ability.effect == fx.RevealTop(
        fx.Ref("you"), fx.Filter(), fx.CounterSpell(fx.Ref("it")), same_mana_value=True)


def counterbalance(top: str) -> list[int]:
    game = blank()
    game.add_permanent("Counterbalance", 0)
    game.set_library(0, [top, "Island"])
    game.add_card("Shock", 1)
    lands(game, 1, "Mountain")
    game.start_at("main1", 1)
    act(game, "cast hand 0 (Shock)")
    act(game, "player 0")
    settle(game)
    assert game.decision["kind"] == "yesno" and game.decision["player"] == 0
    act(game, "yes")  # "you may reveal the top card of your library"
    settle(game)
    assert any(e["type"] == "reveal_top" and e["cards"] == [top] for e in game.events)
    return game.life


def test_603_2_counterbalance_counters_a_spell_with_the_revealed_cards_mana_value():
    assert counterbalance("Lightning Bolt") == [20, 20]  # 1 and 1: countered
    assert counterbalance("Grizzly Bears") == [18, 20]  # 2 is not 1: Shock resolves


# ----------------------------------- small conditions and filters of this list
def test_conditions_compile_real_cards():
    pool = compiled_pool().supported
    assert pool["Eidolon of the Great Revel"].triggered[0].trigger.subject == fx.Filter(
        props=frozenset({"mana_value<=3"}))
    assert pool["Visions of Beyond"].spell.effect == fx.Draw(fx.IfAmount(
        1, 3, fx.ActivationCondition("any_graveyard", count=20)))
    assert pool["Fated Retribution"].spell.effect.steps[1].condition == \
        fx.ActivationCondition("your_turn")


def test_603_2_eidolon_of_the_great_revel_hits_the_caster_of_a_cheap_spell():
    game = blank()
    game.add_permanent("Eidolon of the Great Revel", 0)
    game.add_card("Shock", 1)
    game.add_card("Fireball", 1)
    lands(game, 1, *["Mountain"] * 5)
    game.start_at("main1", 1)
    act(game, "cast hand 0 (Shock)")
    act(game, "player 0")
    settle(game)
    assert game.life == [18, 18]  # Shock, and the Eidolon's 2 to its caster
    # Fireball with X = 3: mana value 4 on the stack (202.3e), no trigger
    act(game, "cast hand 0 (Fireball)")
    while game.decision["kind"] == "x":
        act(game, "X = 3")
    act(game, "player 0")
    act(game, "done")  # (Fireball may divide its damage: one target)
    settle(game)
    assert game.life == [15, 18]


def test_608_2h_visions_of_beyond_draws_three_with_twenty_cards_in_a_graveyard():
    for cards, drawn in ((19, 1), (20, 3)):
        game = blank()
        game.add_card("Visions of Beyond", 0)
        lands(game, 0, "Island")
        for _ in range(cards):
            game.add_card("Island", 1, "graveyard")  # an opponent's graveyard counts
        game.start_at("main1", 0)
        act(game, "cast hand 0 (Visions of Beyond)")
        settle(game)
        assert len(game.hand[0]) == drawn


# ------------------------------- a permanent spell's additional cost (601.2b)
def test_permanent_additional_costs_compile_real_cards():
    pool = compiled_pool().supported
    for name in ("Stitched Drake", "Makeshift Mauler", "Relentless Skaabs"):
        cost = pool[name].additional_cost
        assert cost.exile_graveyard == 1 and cost.exile_filter == fx.Filter(
            frozenset({"Creature"})), name
    assert pool["Goremand"].additional_cost.sacrifice == fx.Filter(frozenset({"Creature"}))
    assert pool["Mardu Outrider"].additional_cost.discard == 1


def test_601_2b_stitched_drake_exiles_a_creature_card_from_the_graveyard_to_be_cast():
    game = blank()
    drake = game.add_card("Stitched Drake", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.add_card("Island", 0, "graveyard")
    game.start_at("main1", 0)
    assert not has(game, "Stitched Drake")  # no creature card in the graveyard
    bears = game.add_card("Grizzly Bears", 0, "graveyard")
    assert has(game, "cast hand 0 (Stitched Drake)")
    act(game, "cast hand 0 (Stitched Drake)")
    settle(game)
    assert bears in game.exile[0] and len(game.graveyard[0]) == 1
    assert any(p.card == drake for p in game.battlefield.values())


# ----------------------------------------- "<effect> if it's <colour>" (608.2c)
def test_if_target_is_compiles_real_cards():
    pool = compiled_pool().supported
    blue = fx.Filter(props=frozenset({"blue"}))
    modes = pool["Pyroblast"].spell.effect.modes
    assert modes[0] == fx.IfTargetIs(blue, fx.CounterSpell(fx.Target("spell")))
    assert modes[1] == fx.IfTargetIs(blue, fx.Destroy(fx.Target("permanent")))
    assert pool["Hydroblast"].spell.effect.modes[0].filter == fx.Filter(
        props=frozenset({"red"}))


def pyroblast_on(permanent: str) -> bool:
    game = blank()
    game.add_card("Pyroblast", 0)
    lands(game, 0, "Mountain")
    pid = game.add_permanent(permanent, 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Pyroblast)")
    act(game, "mode 1")  # (no spell on the stack: only the destroy mode)
    act(game, f"({permanent})")  # 601.2c: any permanent may be its target
    settle(game)
    return pid in game.battlefield


def test_608_2c_pyroblast_targets_any_permanent_and_destroys_only_a_blue_one():
    assert not pyroblast_on("Merfolk of the Pearl Trident")
    assert pyroblast_on("Grizzly Bears")


def test_608_2c_pyroblast_counters_only_a_blue_spell():
    for spell, countered in (("Shock", False), ("Counterspell", True)):
        game = blank()
        game.add_card(spell, 1)
        lands(game, 1, "Mountain", "Island", "Island")
        game.add_card("Pyroblast", 0)
        game.add_card("Grizzly Bears", 0)  # (a spell for the Counterspell)
        lands(game, 0, "Mountain", "Forest", "Forest")
        if spell == "Shock":
            game.start_at("main1", 1)
            act(game, "cast hand 0 (Shock)")
            act(game, "player 0")
        else:
            game.start_at("main1", 0)
            act(game, "cast hand 1 (Grizzly Bears)")
            act(game, "pass")
            act(game, "cast hand 0 (Counterspell)")
            act(game, "stack 0 (Grizzly Bears)")
        act(game, "pass")
        act(game, "cast hand 0 (Pyroblast)")
        act(game, "mode 0")
        act(game, f"({spell})")
        settle(game)
        assert any(e["type"] == "countered" and e["card"] == spell
                   for e in game.events) == countered, spell
