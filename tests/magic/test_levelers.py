"""Leveler cards (rule 711) and level up (702.87): level counters put the permanent in
a level band whose base power and toughness and abilities it has (711.2b)."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import effects as fx
from labyrinth_gym.envs.magic.engine.compiler import compiled_pool
from magic.positions import act, blank, has, lands, pass_until, pool, settle

TREESPEAKER = "Joraga Treespeaker"
STUDENT = "Student of Warfare"


def test_levelers_compile_with_their_bands_711_2b():
    """Level up is a sorcery-speed activated ability putting a level counter on the
    permanent (702.87a); each band is the card with the band's base power and
    toughness and the card's abilities followed by the band's."""
    student = pool(STUDENT)
    level_up = student.activated[0]
    assert level_up.sorcery_speed and level_up.effect == fx.AddCounters(
        1, fx.Ref("self"), "level")
    assert [(b.low, b.high, b.card.power, b.card.toughness, b.card.keywords)
            for b in student.levels] == [
        (2, 6, 3, 3, frozenset({"first strike"})),
        (7, None, 4, 4, frozenset({"double strike"}))]
    assert all(b.card.activated[0] == level_up for b in student.levels)
    supported = compiled_pool().supported
    for name in (TREESPEAKER, STUDENT, "Kargan Dragonlord", "Hexdrinker",
                 "Transcendent Master", "Kabira Vindicator", "Caravan Escort",
                 "Knight of Cliffhaven", "Nirkana Cutthroat", "Null Champion"):
        assert name in supported, compiled_pool().unsupported.get(name)


def test_level_up_puts_a_level_counter_and_the_band_applies_711_2b():
    """Joraga Treespeaker: level 1 makes it 1/2 with "{T}: add {G}{G}"."""
    game = blank()
    lands(game, 0, "Forest", "Forest")
    pid = game.add_permanent(TREESPEAKER, 0)
    game.start_at("main1", 0)
    assert game.chars(pid)[:2] == (1, 1) and len(game.pdef(pid).activated) == 1
    act(game, "Joraga Treespeaker")
    settle(game)
    assert game.battlefield[pid].counters == {"level": 1}
    assert game.chars(pid)[:2] == (1, 2)
    (_, mana) = game.pdef(pid).activated
    assert mana.is_mana and mana.effect == fx.AddMana(("G",), amount=2)


def test_level_up_only_as_a_sorcery_702_87a():
    game = blank()
    lands(game, 0, "Plains", "Plains")
    game.add_permanent(STUDENT, 0)
    game.start_at("upkeep", 0)
    assert not has(game, "Student of Warfare")
    pass_until(game, "main1")
    assert has(game, "Student of Warfare")


def test_the_band_follows_the_number_of_level_counters_711_2b():
    """Student of Warfare: 1/1 below level 2, 3/3 first strike at 2-6, 4/4 double
    strike at 7 and more; removing counters moves it back down."""
    game = blank()
    pid = game.add_permanent(STUDENT, 0, counters={"level": 1})
    assert game.chars(pid)[:2] == (1, 1)
    game.put_counters(pid, "level", 1)
    assert game.chars(pid)[:2] == (3, 3) and "first strike" in game.keywords(pid)
    game.put_counters(pid, "level", 5)
    assert game.chars(pid)[:2] == (4, 4)
    assert "double strike" in game.keywords(pid) and \
        "first strike" not in game.keywords(pid)
    game.remove_counters(pid, "level", 6)
    assert game.chars(pid)[:2] == (1, 1) and "first strike" not in game.keywords(pid)


def test_counters_and_pumps_apply_on_top_of_the_band_613_4():
    """The band sets base power and toughness; +1/+1 counters still count."""
    game = blank()
    pid = game.add_permanent(STUDENT, 0, counters={"level": 2, "+1/+1": 1})
    assert game.chars(pid)[:2] == (4, 4)


def test_a_band_s_static_grants_abilities_to_other_permanents_711_2b():
    """Joraga Treespeaker at level 5: Elves you control have "{T}: add {G}{G}"."""
    game = blank()
    treespeaker = game.add_permanent(TREESPEAKER, 0, counters={"level": 5})
    elf = game.add_permanent("Llanowar Elves", 0)
    assert game.chars(treespeaker)[:2] == (1, 4)
    assert len(game.pdef(elf).activated) == 2


def test_a_copy_has_the_bands_and_its_own_level_counters_707_2():
    """The level abilities are copiable values; the counters are not (707.2)."""
    game = blank()
    student = game.add_permanent(STUDENT, 0, counters={"level": 7})
    copy = game.add_permanent("Grizzly Bears", 0, counters={"level": 2})
    game.battlefield[copy].copy_def = game._def_number(pool(STUDENT))
    game._bf_version += 1
    assert game.chars(student)[:2] == (4, 4)
    assert game.chars(copy)[:2] == (3, 3) and game.pdef(copy).name == STUDENT
