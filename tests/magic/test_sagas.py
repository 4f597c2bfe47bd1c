"""Sagas (rule 714): chapter abilities as triggered abilities (714.2b, "II, III —" one per
number, 714.2d), a lore counter as the Saga enters (714.3a) and as its controller's
precombat main phase begins (714.3b, a turn-based action), and the sacrifice once the
final chapter has triggered and left the stack (714.4)."""

from __future__ import annotations

from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine import effects as fx
from magic.positions import act, blank, lands, pass_until, pool, settle, slot


def chapters(name: str) -> list[str]:
    return [ab.trigger.event for ab in pool(name).triggered]


def test_chapter_lines_compile_as_chapter_triggers():
    assert chapters("The Birth of Meletis") == ["chapter_1", "chapter_2", "chapter_3"]
    assert pool("The Birth of Meletis").final_chapter == 3
    # "II, III — put a +1/+1 counter on each creature you control": one ability each
    vault = pool("Vault 75: Middle School")
    assert chapters("Vault 75: Middle School") == ["chapter_1", "chapter_2", "chapter_3"]
    assert vault.triggered[1].effect == vault.triggered[2].effect
    assert pool("Grizzly Bears").final_chapter == 0


def test_a_saga_enters_with_a_lore_counter_and_chapter_one_triggers():
    game = blank()
    lands(game, 0, "Swamp", "Swamp", "Forest", "Forest")
    bears = game.add_permanent("Grizzly Bears", 1)
    game.add_card("Binding the Old Gods", 0)
    game.start_at("main1", 0)
    act(game, "Binding the Old Gods")
    settle(game)  # the Saga resolves; chapter I triggers and asks for its target
    saga = next(pid for pid, perm in game.battlefield.items()
                if game.name_of(perm.card) == "Binding the Old Gods")
    assert game.battlefield[saga].counters["lore"] == 1
    game.apply_action(A.permanent(slot(game, bears)))
    settle(game)
    assert bears not in game.battlefield
    assert saga in game.battlefield  # chapter I of III: the Saga stays


def test_precombat_main_adds_a_lore_counter_and_triggers_that_chapter():
    game = blank()
    saga = game.add_permanent("The Birth of Meletis", 0, counters={"lore": 1})
    game.start_at("upkeep", 0)
    pass_until(game, "draw")
    assert game.battlefield[saga].counters["lore"] == 1  # not before the main phase
    pass_until(game, "main1")
    assert game.battlefield[saga].counters["lore"] == 2
    assert [s.kind for s in game.stack] == ["triggered"]
    settle(game)
    walls = [pid for pid, perm in game.battlefield.items()
             if game.name_of(perm.card) == "Wall Token"]
    assert len(walls) == 1 and "defender" in game.chars(walls[0])[2]
    # the postcombat main phase adds nothing (714.3b: precombat only)
    pass_until(game, "main2")
    assert game.battlefield[saga].counters["lore"] == 2


def test_an_opponents_main_phase_adds_nothing():
    game = blank()
    saga = game.add_permanent("The Birth of Meletis", 0, counters={"lore": 1})
    game.start_at("main1", 1)
    assert game.battlefield[saga].counters["lore"] == 1 and not game.stack


def test_the_final_chapter_resolves_before_the_saga_is_sacrificed():
    game = blank()
    saga = game.add_permanent("The Birth of Meletis", 0, counters={"lore": 2})
    game.start_at("main1", 0)
    # chapter III is on the stack: the Saga stays while it is (714.4)
    assert game.battlefield[saga].counters["lore"] == 3 and game.stack
    assert saga in game.battlefield
    settle(game)
    assert game.life[0] == 22
    assert saga not in game.battlefield
    assert "The Birth of Meletis" in [game.name_of(c) for c in game.graveyard[0]]
    assert "saga_done" in [e["type"] for e in game.events]


def test_a_saga_past_its_final_chapter_with_nothing_pending_is_sacrificed():
    game = blank()
    saga = game.add_permanent("The Birth of Meletis", 0, counters={"lore": 3})
    game.start_at("main2", 0)
    assert saga not in game.battlefield


def test_saga_events_have_sentences():
    game = blank()
    game.add_permanent("The Birth of Meletis", 0, counters={"lore": 2})
    game.start_at("main1", 0)
    settle(game)
    from labyrinth_gym.envs.magic.prose import MagicNarrator

    told = [MagicNarrator(0).describe(e) for e in game.events
            if e["type"] in ("lore", "saga_done")]
    assert told == ["You put a lore counter on The Birth of Meletis (3 now).",
                    "You sacrifice The Birth of Meletis after its final chapter."]
    assert isinstance(pool("The Birth of Meletis").triggered[2].effect, fx.GainLife)
