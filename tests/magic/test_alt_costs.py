"""Scripted positions for alternative costs (118.9: "rather than pay this spell's mana
cost", evoke 702.74), convoke (702.51), delve (702.66), affinity (702.41) and a spell's
own cost changes (601.2f), with real cards from the pool."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from labyrinth_gym.envs.magic.engine.game import MagicGame
from magic.positions import act, blank, has, lands, names, settle, types_of


def test_the_alternative_cost_templates_compile_real_cards():
    pool = compiled_pool().supported
    fow = pool["Force of Will"].alt_cost
    assert fow is not None and fow.cost.pay_life == 1 and fow.cost.mana is None
    assert fow.cost.exile_hand == fx.Filter(props=frozenset({"blue"}))
    daze = pool["Daze"].alt_cost
    assert daze is not None and daze.cost.bounce == fx.Filter(
        subtypes=frozenset({"Island"}))
    for name in ("Mulldrifter", "Shriekmaw", "Solitude"):
        if name in pool:
            assert pool[name].alt_cost.kind == "evoke", name
            assert any(t.trigger.condition == "evoked" for t in pool[name].triggered)
    for name in ("Stoke the Flames", "Chord of Calling", "Conclave Tribunal"):
        assert pool[name].convoke, name
    assert pool["Devil's Play"].flashback.cost.mana.x == 1
    for name in ("Bloodbraid Elf", "Shardless Agent", "Ardent Plea"):
        assert fx.TriggeredAbility(fx.Trigger("cast_self"), fx.Cascade()) in pool[name].triggered
    for name in ("Treasure Cruise", "Dig Through Time", "Murderous Cut"):
        assert pool[name].delve, name
    for name in ("Thoughtcast", "Frogmite", "Myr Enforcer"):
        assert pool[name].self_costs == (fx.SelfCost(-1, fx.Count("permanents", fx.Filter(
            types=frozenset({"Artifact"}), controller="you"))),), name
    assert pool["Blasphemous Act"].self_costs[0].count == fx.Count(
        "permanents", fx.Filter(types=frozenset({"Creature"})))
    assert pool["Stoic Rebuttal"].self_costs[0].condition == fx.ActivationCondition(
        "you_control", fx.Filter(types=frozenset({"Artifact"})), 3)


def bolt_then_priority(*hand: str, lands_0: tuple[str, ...] = ()) -> tuple[MagicGame,
                                                                            list[int]]:
    """Seat 1 casts Lightning Bolt at seat 1's opponent; seat 0, holding ``hand``,
    has priority with the Bolt on the stack."""
    game = blank()
    game.add_card("Lightning Bolt", 1)
    lands(game, 1, "Mountain")
    cards = [game.add_card(c, 0) for c in hand]
    lands(game, 0, *lands_0)
    game.start_at("main1", 1)
    act(game, "cast hand 0 (Lightning Bolt)")
    act(game, "player 1")
    act(game, "pass")
    assert game.decision["player"] == 0
    return game, cards


# ------------------------------------------------------- alternative costs (118.9)
def test_118_9_force_of_will_is_cast_with_no_mana_exiling_a_blue_card_and_1_life():
    game, (fow, brainstorm, bolt) = bolt_then_priority(
        "Force of Will", "Brainstorm", "Lightning Bolt")
    act(game, "cast hand 0 (Force of Will)")  # no land: only the alternative cost
    act(game, "stack 0 (Lightning Bolt)")
    assert game.decision["kind"] == "cost_discard"
    # 118.3: only a blue card (not the red Bolt) can pay "exile a blue card"
    assert list(names(game)) == ["cost_discard hand 0 (Brainstorm)"]
    act(game, "Brainstorm")
    settle(game)
    assert game.life == [19, 20]  # Force's 1 life; the Bolt was countered
    assert brainstorm in game.exile[0] and fow in game.graveyard[0]
    assert bolt in game.hand[0]
    cast = next(e for e in game.events if e["type"] == "cast" and
                e["card"] == "Force of Will")
    assert cast["alt"] == "alternative"


def test_118_9_force_of_will_cannot_exile_itself():
    game, _ = bolt_then_priority("Force of Will", "Lightning Bolt")
    assert not has(game, "Force of Will")  # no other blue card in hand
    # a second Force of Will can pay for the first
    game, (first, second) = bolt_then_priority("Force of Will", "Force of Will")
    act(game, "cast hand 0 (Force of Will)")
    act(game, "stack 0")
    assert list(names(game)) == ["cost_discard hand 0 (Force of Will)"]
    act(game, "Force of Will")
    assert second in game.exile[0] and first not in game.exile[0]


def test_118_9_the_caster_chooses_between_the_mana_cost_and_the_alternative():
    game, (fow, _) = bolt_then_priority("Force of Will", "Brainstorm",
                                        lands_0=("Island",) * 5)
    act(game, "cast hand 0 (Force of Will)")
    assert set(names(game)) == {"pay alternative cost", "pay mana cost"}
    act(game, "pay mana cost")
    act(game, "stack 0")
    settle(game)
    assert game.life == [20, 20]  # no life paid, the five Islands tapped
    assert all(p.tapped for p in game.battlefield.values() if p.controller == 0)
    assert not game.exile[0]


def test_118_9_daze_returns_an_island_rather_than_pay_its_mana_cost():
    game, (daze,) = bolt_then_priority("Daze", lands_0=("Island", "Mountain"))
    island = next(pid for pid, p in game.battlefield.items()
                  if p.controller == 0 and game.pdef(pid).name == "Island")
    act(game, "cast hand 0 (Daze)")
    act(game, "pay alternative cost")
    act(game, "stack 0")
    # the Mountain is no Island: the Island is the only choice
    assert game.decision["kind"] == "cost_sacrifice" and len(names(game)) == 1
    act(game, "Island")
    assert island not in game.battlefield
    assert any(game.name_of(c) == "Island" for c in game.hand[0])
    assert "cost_returned" in types_of(game)
    settle(game)  # seat 1 cannot pay {1} (its Mountain is tapped): countered
    assert game.life == [20, 20] and daze in game.graveyard[0]


def test_118_9_daze_needs_an_island_to_return():
    game, _ = bolt_then_priority("Daze", lands_0=("Mountain",))
    assert not has(game, "Daze")


# ------------------------------------------------------------------ evoke (702.74)
def test_702_74a_evoked_mulldrifter_draws_two_and_is_sacrificed():
    game = blank()
    mull = game.add_card("Mulldrifter", 0)
    lands(game, 0, "Island", "Island", "Island")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Mulldrifter)")  # {4}{U} unpayable: evoke {2}{U} taken
    settle(game)
    assert len(game.hand[0]) == 2  # drew two
    assert mull in game.graveyard[0]  # and was sacrificed
    assert not any(game.name_of(p.card) == "Mulldrifter"
                   for p in game.battlefield.values())


def test_702_74a_mulldrifter_cast_for_its_mana_cost_stays():
    game = blank()
    game.add_card("Mulldrifter", 0)
    lands(game, 0, *("Island",) * 5)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Mulldrifter)")
    assert set(names(game)) == {"pay evoke", "pay mana cost"}
    act(game, "pay mana cost")
    settle(game)
    assert len(game.hand[0]) == 2
    assert any(game.name_of(p.card) == "Mulldrifter" for p in game.battlefield.values())


# ----------------------------------------------------------------- convoke (702.51)
def test_702_51a_convoke_taps_creatures_and_coloured_ones_pay_coloured_pips():
    # Stoke the Flames {2}{R}{R} with no land: two red creatures pay {R}{R} (one is
    # summoning sick: convoke is no {T} cost), two green ones the generic {2}
    game = blank()
    game.add_card("Stoke the Flames", 0)
    red = [game.add_permanent("Goblin Guide", 0),
           game.add_permanent("Goblin Guide", 0, sick=True)]
    green = [game.add_permanent("Grizzly Bears", 0) for _ in range(2)]
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Stoke the Flames)")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 16
    assert all(game.battlefield[p].tapped for p in red + green)
    convoke = next(e for e in game.events if e["type"] == "convoke")
    assert sorted(convoke["creatures"]) == ["Goblin Guide"] * 2 + ["Grizzly Bears"] * 2


def test_702_51a_convoke_cannot_pay_a_coloured_pip_with_another_colour():
    game = blank()
    game.add_card("Stoke the Flames", 0)
    for _ in range(4):
        game.add_permanent("Grizzly Bears", 0)
    game.start_at("main1", 0)
    assert not has(game, "Stoke the Flames")  # green creatures: no {R}


def test_702_51a_lands_pay_before_creatures_are_tapped():
    # two Mountains and two creatures: the lands pay first, the creatures the rest
    game = blank()
    game.add_card("Stoke the Flames", 0)
    mountains = lands(game, 0, "Mountain", "Mountain")
    bears = [game.add_permanent("Grizzly Bears", 0) for _ in range(3)]
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Stoke the Flames)")
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 16
    assert all(game.battlefield[p].tapped for p in mountains)
    assert sum(game.battlefield[p].tapped for p in bears) == 2


# ------------------------------------------------------------------- delve (702.66)
def test_702_66a_delve_exiles_graveyard_cards_for_generic_mana():
    game = blank()
    cruise = game.add_card("Treasure Cruise", 0)
    for _ in range(7):
        game.add_card("Grizzly Bears", 0, "graveyard")
    lands(game, 0, "Island")
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Treasure Cruise)")
    settle(game)
    assert len(game.hand[0]) == 3
    assert len(game.exile[0]) == 7 and game.graveyard[0] == [cruise]
    exiled = next(e for e in game.events if e["type"] == "cost_exiled")
    assert exiled["cards"] == ["Grizzly Bears"] * 7


def test_702_66b_delve_pays_only_generic_mana_and_keeps_flashback_cards():
    # Murderous Cut {4}{B}: five graveyard cards and a Swamp; delve pays the {4}
    # (as much as it can), the flashback card exiled last, so Think Twice stays
    game = blank()
    game.add_card("Murderous Cut", 0)
    think = game.add_card("Think Twice", 0, "graveyard")
    bears = [game.add_card("Grizzly Bears", 0, "graveyard") for _ in range(4)]
    lands(game, 0, "Swamp")
    target = game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Murderous Cut)")
    act(game, "Grizzly Bears")
    settle(game)
    assert target not in game.battlefield
    assert set(bears) <= set(game.exile[0]) and think in game.graveyard[0]
    # no black mana but delve: not castable ({B} is not generic)
    game = blank()
    game.add_card("Murderous Cut", 0)
    for _ in range(6):
        game.add_card("Grizzly Bears", 0, "graveyard")
    lands(game, 0, "Island")
    game.add_permanent("Grizzly Bears", 1)
    game.start_at("main1", 0)
    assert not has(game, "Murderous Cut")


# ------------------------------------------------- cost changes of its own (601.2f)
def test_702_41a_affinity_for_artifacts_counts_the_artifacts_you_control():
    game = blank()
    game.add_card("Thoughtcast", 0)
    lands(game, 0, "Island", "Island")
    game.add_permanent("Ornithopter", 0)
    game.add_permanent("Ornithopter", 0)
    game.add_permanent("Ornithopter", 1)  # an opponent's does not count
    game.start_at("main1", 0)
    assert not has(game, "Thoughtcast")  # {4}{U} - 2 = {2}{U}: three mana needed
    game.add_permanent("Ornithopter", 0)
    game._legal = None
    assert has(game, "Thoughtcast")  # {4}{U} - 3 = {1}{U}
    act(game, "cast hand 0 (Thoughtcast)")
    settle(game)
    assert len(game.hand[0]) == 2


def test_601_2f_blasphemous_act_costs_1_less_for_each_creature_on_the_battlefield():
    game = blank()
    game.add_card("Blasphemous Act", 0)
    lands(game, 0, "Mountain")
    for p in (0, 1, 1, 1):
        for _ in range(2):
            game.add_permanent("Grizzly Bears", p)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Blasphemous Act)")  # eight creatures: {8}{R} - 8 = {R}
    settle(game)
    assert not any(game.is_creature(p) for p in game.battlefield)


def test_601_2f_stoic_rebuttal_costs_1_less_with_three_artifacts():
    game, _ = bolt_then_priority("Stoic Rebuttal", lands_0=("Island", "Island"))
    assert not has(game, "Stoic Rebuttal")  # {1}{U}{U}: two Islands are not enough
    game, _ = bolt_then_priority("Stoic Rebuttal", lands_0=("Island", "Island"))
    for _ in range(3):
        game.add_permanent("Ornithopter", 0)
    game._legal = None
    act(game, "cast hand 0 (Stoic Rebuttal)")
    act(game, "stack 0")
    settle(game)
    assert game.life == [20, 20]  # the Bolt was countered


# ---------------------------------------------------- flashback with {X} (702.34a)
def test_702_34a_flashback_with_x_announces_x_for_the_flashback_cost():
    # Devil's Play from the graveyard: flashback {X}{R}{R}{R} with five Mountains:
    # X is at most 2
    game = blank()
    play = game.add_card("Devil's Play", 0, "graveyard")
    lands(game, 0, *("Mountain",) * 5)
    game.start_at("main1", 0)
    act(game, "cast graveyard 0 (Devil's Play) with flashback")
    assert game.decision["kind"] == "x" and game.decision["values"] == [0, 1, 2]
    game.apply_action(A.mode(2))
    act(game, "player 1")
    settle(game)
    assert game.life[1] == 18 and play in game.exile[0]


# ------------------------------------------------------------------ cascade (702.85)
def cascade_game(*library_top: str) -> tuple[MagicGame, list[int]]:
    """Seat 0 holds Bloodbraid Elf with four lands; its library (under the Islands of
    :func:`blank`) has ``library_top`` on top, the first named the top card."""
    game = blank()
    game.add_card("Bloodbraid Elf", 0)
    lands(game, 0, "Mountain", "Mountain", "Forest", "Forest")
    top = [game.add_card(c, 0, "library") for c in reversed(library_top)][::-1]
    game.start_at("main1", 0)
    return game, top


def test_702_85a_cascade_exiles_to_a_lesser_nonland_card_and_casts_it_free():
    game, (mountain, bolt, elf) = cascade_game("Mountain", "Lightning Bolt",
                                               "Llanowar Elves")
    act(game, "cast hand 0 (Bloodbraid Elf)")
    # 603.2: "when you cast this spell" triggers; it goes on the stack above the Elf
    assert [(game.name_of(s.card), s.kind) for s in game.stack] == [
        ("Bloodbraid Elf", "spell"), ("Bloodbraid Elf", "triggered")]
    settle(game)
    assert game.decision["kind"] == "yesno"
    assert set(names(game)) == {"cast Lightning Bolt without paying its mana cost",
                                "don't cast Lightning Bolt"}
    cascade = next(e for e in game.events if e["type"] == "cascade")
    assert cascade["exiled"] == ["Mountain", "Lightning Bolt"]
    act(game, "without paying")
    act(game, "player 1")
    # the Bolt is cast (the lands stay untapped: no mana paid) above the Elf
    assert [game.name_of(s.card) for s in game.stack] == ["Bloodbraid Elf",
                                                          "Lightning Bolt"]
    assert sum(p.tapped for p in game.battlefield.values()) == 4  # the Elf's cost
    settle(game)
    assert game.life[1] == 17
    assert game.library[0][0] == mountain  # the rest on the bottom
    assert game.library[0][-1] == elf  # untouched: cascade stopped at the Bolt
    assert any(game.name_of(p.card) == "Bloodbraid Elf" for p in game.battlefield.values())
    cast = [e for e in game.events if e["type"] == "cast"]
    assert cast[-1]["card"] == "Lightning Bolt" and cast[-1]["alt"] == "free"


def test_702_85a_declined_cascade_puts_every_exiled_card_on_the_bottom():
    game, (mountain, bolt) = cascade_game("Mountain", "Lightning Bolt")
    act(game, "cast hand 0 (Bloodbraid Elf)")
    settle(game)
    act(game, "don't cast")
    settle(game)
    assert set(game.library[0][:2]) == {mountain, bolt}
    assert not game.exile[0] and game.life[1] == 20


def test_702_85a_cascade_skips_cards_of_equal_or_greater_mana_value():
    # Bloodbraid Elf's mana value is 4: another Bloodbraid Elf (4) is exiled past
    game, (other, bolt) = cascade_game("Bloodbraid Elf", "Lightning Bolt")
    act(game, "cast hand 0 (Bloodbraid Elf)")
    settle(game)
    cascade = next(e for e in game.events if e["type"] == "cascade")
    assert cascade["exiled"] == ["Bloodbraid Elf", "Lightning Bolt"]
    assert cascade["hit"] == "Lightning Bolt"


def test_603_2_a_when_you_cast_this_trigger_resolves_before_its_spell():
    # Desolation Twin: "when you cast this spell, create a 10/10 ... Eldrazi token"
    game = blank()
    game.add_card("Desolation Twin", 0)
    lands(game, 0, *("Wastes",) * 10)
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Desolation Twin)")
    assert [s.kind for s in game.stack] == ["spell", "triggered"]
    act(game, "pass")
    act(game, "pass")  # the trigger resolves: the token, the spell still on the stack
    assert [s.kind for s in game.stack] == ["spell"]
    assert sum(game.is_creature(p) for p in game.battlefield) == 1
    settle(game)
    assert sum(game.is_creature(p) for p in game.battlefield) == 2


# ------------------------------------------------- "as though it had flash" (601.3)
def test_601_3_quicken_lets_the_next_sorcery_be_cast_at_instant_speed():
    game = blank()
    game.add_card("Quicken", 0)
    game.add_card("Divination", 0)
    game.add_card("Divination", 0)
    lands(game, 0, *("Island",) * 7)
    game.start_at("upkeep", 0)
    assert not has(game, "Divination")  # a sorcery, in the upkeep
    act(game, "cast hand 0 (Quicken)")
    settle(game)
    assert "sorcery_flash" in types_of(game)
    act(game, "cast hand 0 (Divination)")
    assert game.stack and not has(game, "Divination")  # only the next sorcery
    settle(game)
    assert not has(game, "Divination")


def test_601_3_alchemists_refuge_gives_every_spell_flash_this_turn():
    game = blank()
    game.add_card("Grizzly Bears", 0)
    game.add_card("Divination", 0)
    game.add_permanent("Alchemist's Refuge", 0)
    lands(game, 0, "Forest", "Island", "Forest", *("Island",) * 5)
    game.start_at("upkeep", 0)
    assert not has(game, "Grizzly Bears")
    act(game, "(Alchemist's Refuge) ability 0")
    settle(game)
    assert has(game, "Grizzly Bears") and has(game, "Divination")
    act(game, "Grizzly Bears")
    settle(game)
    assert any(game.pdef(p).name == "Grizzly Bears" for p in game.battlefield)
    assert has(game, "Divination")  # every spell, not only the next one


# ------------------------------------------------ additional costs (118.8, 118.3)
def test_118_8_deprive_returns_a_land_as_an_additional_cost():
    game, (deprive,) = bolt_then_priority("Deprive", lands_0=("Island", "Island"))
    act(game, "cast hand 0 (Deprive)")
    act(game, "stack 0")
    assert game.decision["kind"] == "cost_sacrifice"
    # (either Island: the mana is paid first, 601.2h, and a tapped one goes back too)
    act(game, "permanent slot 1 (Island)")
    settle(game)
    assert game.life == [20, 20]  # the Bolt was countered
    assert sum(game.name_of(c) == "Island" for c in game.hand[0]) == 1
    assert "cost_returned" in types_of(game)
    # with no land to return it is not offered
    game, _ = bolt_then_priority("Deprive")
    game.pool[0].extend(["U", "U"])
    game._legal = None
    assert not has(game, "Deprive")


# --------------------------------------------------------------- improvise (702.126)
def test_702_126a_improvise_taps_artifacts_for_generic_mana_only():
    # Bastion Inventor {5}{U}: an Island pays {U}, an Island and four artifacts (one
    # an artifact creature, one just arrived: improvise is no {T} cost) pay {5}
    game = blank()
    game.add_card("Bastion Inventor", 0)
    lands(game, 0, "Island", "Island")
    relics = [game.add_permanent("Darksteel Relic", 0) for _ in range(3)] + [
        game.add_permanent("Ornithopter", 0, sick=True)]
    game.start_at("main1", 0)
    act(game, "cast hand 0 (Bastion Inventor)")
    settle(game)
    assert any(game.name_of(perm.card) == "Bastion Inventor"
               for perm in game.battlefield.values())
    assert all(game.battlefield[r].tapped for r in relics)
    improvise = next(e for e in game.events if e["type"] == "improvise")
    assert sorted(improvise["artifacts"]) == ["Darksteel Relic"] * 3 + ["Ornithopter"]
    # artifacts never pay a coloured pip: five artifacts and no Island, no spell
    game = blank()
    game.add_card("Bastion Inventor", 0)
    for _ in range(6):
        game.add_permanent("Darksteel Relic", 0)
    game.start_at("main1", 0)
    assert not has(game, "Bastion Inventor")
    assert "Bastion Inventor" in compiled_pool().supported


# ---------------------------------------------------------------------- dash (702.109)
def test_702_109a_dash_haste_then_back_to_hand_at_the_next_end_step():
    from magic.positions import pass_until, to_blocks

    game = blank()
    game.add_card("Mardu Scout", 0)  # {R}{R} 3/1; dash {1}{R}
    lands(game, 0, "Mountain", "Mountain")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    assert sorted(names(game)) == ["pay dash", "pay mana cost"]
    act(game, "pay dash")
    settle(game)
    scout = next(p for p, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Mardu Scout")
    assert "haste" in game.keywords(scout)  # summoning sick, yet it attacks
    to_blocks(game, scout)
    game.apply_action(A.DONE)
    pass_until(game, "main2")
    assert game.life[1] == 17
    pass_until(game, "end")
    settle(game)
    assert scout not in game.battlefield
    assert [game.name_of(c) for c in game.hand[0]] == ["Mardu Scout"]


def test_702_109a_cast_for_its_mana_cost_it_stays_without_haste():
    game = blank()
    game.add_card("Mardu Scout", 0)
    lands(game, 0, "Mountain", "Mountain")
    game.start_at("main1", 0)
    act(game, "cast hand 0")
    act(game, "pay mana cost")
    settle(game)
    scout = next(p for p, perm in game.battlefield.items()
                 if game.name_of(perm.card) == "Mardu Scout")
    assert "haste" not in game.keywords(scout)
    from magic.positions import pass_until
    pass_until(game, "end")
    settle(game)
    pass_until(game, "main1")  # the next turn: still there
    assert scout in game.battlefield and not game.delayed
