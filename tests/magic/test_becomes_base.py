"""Level-like abilities that set a creature's types and base power and toughness for
good (611.2c: no duration), and losing all creature types (205.3, layer 4)."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import act, blank, lands, pass_until, pool, settle, target_perm

FIGURE = "Figure of Destiny"


def test_the_templates_unlock_real_cards():
    supported = compiled_pool().supported
    for name in (FIGURE, "Nameless Inversion"):
        assert name in supported, compiled_pool().unsupported.get(name)
    first, second, _ = pool(FIGURE).activated
    assert first.effect == fx.Becomes(fx.Ref("self"), 2, 2,
                                      subtypes=("Kithkin", "Spirit"), lasting=True)
    assert isinstance(second.effect, fx.IfHolds)
    assert second.effect.condition.kind == "source_is"


def _figure(mountains: int) -> tuple:
    game = blank()
    lands(game, 0, *["Mountain"] * mountains)
    pid = game.add_permanent(FIGURE, 0)
    game.start_at("main1", 0)
    return game, pid


def test_figure_of_destiny_becomes_a_2_2_kithkin_spirit_for_good_611_2c():
    game, pid = _figure(1)
    assert game.chars(pid)[:2] == (1, 1)
    act(game, "ability 0")
    settle(game)
    assert game.chars(pid)[:2] == (2, 2)
    assert set(game.pdef(pid).subtypes) == {"Kithkin", "Spirit"}
    pass_until(game, "upkeep")  # the next turn: no duration, it lasts
    assert game.chars(pid)[:2] == (2, 2)


def test_the_if_is_checked_as_the_ability_resolves_608_2c():
    """Not a Spirit yet: the 4/4 ability does nothing; once a Spirit, it works, and
    the Warrior then becomes an 8/8 with flying and first strike."""
    game, pid = _figure(10)
    act(game, "ability 1")
    settle(game)
    assert game.chars(pid)[:2] == (1, 1)
    act(game, "ability 0")
    settle(game)
    act(game, "ability 1")
    settle(game)
    assert game.chars(pid)[:2] == (4, 4) and "Warrior" in game.pdef(pid).subtypes
    game2, pid2 = _figure(10)
    act(game2, "ability 2")
    settle(game2)
    assert game2.chars(pid2)[:2] == (1, 1)


def test_figure_of_destiny_becomes_an_8_8_flier_613_1():
    game = blank()
    lands(game, 0, *["Mountain"] * 6)
    pid = game.add_permanent(FIGURE, 0)
    game.become(pid, fx.Becomes(fx.Ref("self"), 4, 4,
                                subtypes=("Kithkin", "Spirit", "Warrior"), lasting=True))
    game.start_at("main1", 0)
    act(game, "ability 2")
    settle(game)
    assert game.chars(pid)[:2] == (8, 8)
    assert {"flying", "first strike"} <= game.keywords(pid)


def test_nameless_inversion_removes_every_creature_type_until_end_of_turn_205_3():
    game = blank()
    lands(game, 0, "Swamp", "Swamp")
    goblin = game.add_permanent("Raging Goblin", 1)
    elf = game.add_permanent("Llanowar Elves", 1)
    game.add_card("Nameless Inversion", 0, "hand")
    game.start_at("main1", 0)
    act(game, "cast")
    target_perm(game, elf)
    settle(game)
    assert elf not in game.battlefield  # 1/1 gets +3/-3
    assert goblin in game.battlefield
    game2 = blank()
    lands(game2, 0, "Swamp", "Swamp")
    wurm = game2.add_permanent("Craw Wurm", 1)
    game2.add_card("Nameless Inversion", 0, "hand")
    game2.start_at("main1", 0)
    act(game2, "cast")
    target_perm(game2, wurm)
    settle(game2)
    assert game2.chars(wurm)[:2] == (9, 1) and game2.pdef(wurm).subtypes == ()
    pass_until(game2, "upkeep")
    assert game2.chars(wurm)[:2] == (6, 4) and game2.pdef(wurm).subtypes == ("Wurm",)

def test_losing_creature_types_keeps_the_other_subtypes_and_ends_205_3():
    game = blank()
    pid = game.add_permanent("Hill Giant", 0)
    game.become(pid, fx.Becomes(fx.Ref("self"), lose_creature_types=True))
    assert game.pdef(pid).subtypes == () and game.chars(pid)[:2] == (3, 3)
    game.start_at("main1", 0)
    pass_until(game, "upkeep")
    assert game.pdef(pid).subtypes == ("Giant",)


def test_until_end_of_turn_a_target_becomes_a_blue_serpent_5_5_613_1():
    """Serpentine Ambush: creature types (layer 4), colour (5), base power and
    toughness (7b) until end of turn; counters still apply on top (7c)."""
    assert "Serpentine Ambush" in compiled_pool().supported
    game = blank()
    lands(game, 0, "Island", "Island", "Island", "Island")
    bears = game.add_permanent("Grizzly Bears", 0, counters={"+1/+1": 1})
    game.add_card("Serpentine Ambush", 0, "hand")
    game.start_at("main1", 0)
    act(game, "cast")
    target_perm(game, bears)
    settle(game)
    d = game.pdef(bears)
    assert (d.subtypes, d.colours, game.chars(bears)[:2]) == (("Serpent",), ("U",), (6, 6))
    pass_until(game, "upkeep")
    d = game.pdef(bears)
    assert (d.subtypes, d.colours, game.chars(bears)[:2]) == (("Bear",), ("G",), (3, 3))


def test_becomes_a_dragon_loses_all_abilities_and_gains_flying_613_1f():
    """Dance of the Skywise: a 4/4 blue Dragon Illusion that lost its abilities and
    has flying."""
    for name in ("Dance of the Skywise", "Mordenkainen's Polymorph", "Dragonshift",
                 "Startling Development", "Omnibian", "Bogardan Dragonheart"):
        assert name in compiled_pool().supported, compiled_pool().unsupported.get(name)
    game = blank()
    lands(game, 0, "Island", "Island")
    elves = game.add_permanent("Llanowar Elves", 0)
    game.add_card("Dance of the Skywise", 0, "hand")
    game.start_at("main1", 0)
    act(game, "cast")
    target_perm(game, elves)
    settle(game)
    d = game.pdef(elves)
    assert game.chars(elves)[:2] == (4, 4) and "flying" in game.keywords(elves)
    assert d.activated == () and set(d.subtypes) == {"Dragon", "Illusion"}


def test_a_land_animated_with_no_duration_stays_a_creature_611_2c():
    """Woodwraith Corrupter: "target forest becomes a 4/4 black and green elemental
    horror creature. it's still a land." has no duration: it lasts."""
    assert "Woodwraith Corrupter" in compiled_pool().supported
    game = blank()
    forest = game.add_permanent("Forest", 0)
    lands(game, 0, "Swamp", "Forest", "Forest")
    corrupter = game.add_permanent("Woodwraith Corrupter", 0)
    game.start_at("main1", 0)
    act(game, "Woodwraith Corrupter")
    target_perm(game, forest)
    settle(game)
    assert game.chars(forest)[:2] == (4, 4) and game.pdef(forest).is_land
    pass_until(game, "upkeep")
    assert game.pdef(forest).is_creature and game.chars(forest)[:2] == (4, 4)
    assert corrupter in game.battlefield
