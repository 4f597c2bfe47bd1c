"""Scripted rule scenarios for Labyrinth the Card Game, each from a hand-built table.

Every test lays the cards itself (``positions.py``), names them by their treasures and
states the openings it wants, then checks one rule of Labyrinth the Card Game's rule
document (official rules and O'Sullivan's variants) or one of our rulings in
``engine/game.py``'s docstring. The game's dice are a ``ScriptedDice``
with an empty script: the rules after the deal must never roll.

Diagrams show rows and columns of the grid that holds the layout (16 x 16); ``at(r, c)``
is the cell, and a diagram's "44" is ``at(4, 4)``. ``position`` lays a table as given,
without the slide a turn would start with.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources

import numpy as np
import pytest

from labyrinth_gym.envs.core.engine import TERMINAL_PLAYER, IllegalActionError
from labyrinth_gym.envs.labyrinth_cards.engine import actions as A
from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    COLLECT,
    PLAY,
    LabyrinthCardsGame,
    new_game,
)
from labyrinth_gym.envs.labyrinth_cards.engine.layout import (
    DIRS,
    E,
    N,
    S,
    W,
    parse_openings,
    path_groups,
    rotate_mask,
)

from .positions import (
    CARDS,
    CCW,
    CW,
    DRAW,
    NAMES,
    SIZE,
    STOP,
    at,
    card,
    collect,
    collectable,
    kinds,
    lay,
    play,
    play_cells,
    plays,
    position,
    rotate,
    rotation,
    shows,
)

VARIANTS = ["official", "caffeinated", "steroids"]
CROWN_KEY = card("Crown", "Key")  # straight
CROWN_CANDLE = card("Crown", "Candle")  # straight
SHIELD_CROWN = card("Shield", "Crown")  # corner
PURSE_CROWN = card("Purse", "Crown")  # tee
MAP_BOOK = card("Map", "Book")  # straight
SWORD_HELMET = card("Sword", "Helmet")  # corner
BAT_OWL = card("Bat", "Owl")  # tee
JEWEL_SKULL = card("Jewel", "Skull")  # corner
KEY_RING = card("Key", "Ring")  # corner
KEY_GOBLET = card("Key", "Goblet")  # corner
LIZARD_KEY = card("Lizard", "Key")  # tee
GOBLET_JEWEL = card("Goblet", "Jewel")  # cross
SWORD_SKULL = card("Sword", "Skull")  # cross
OWL_MOTH = card("Owl", "Moth")  # cross
SHIELD_LIZARD = card("Shield", "Lizard")  # cross
SPIDER_SHIELD = card("Spider", "Shield")  # corner
LIZARD_MOTH = card("Lizard", "Moth")  # corner
SKULL_SPIDER = card("Skull", "Spider")  # straight
GOLD_SHIELD = card("Gold", "Shield")  # tee
CANDLE_DRAGON = card("Candle", "Dragon")  # tee
DRAGON_GHOST = card("Dragon", "Ghost")  # tee
# Two cards above cells 44 and 45 with treasures no other test card shows: with them a
# set at 44-45 can lose either card and leave three edge-connected cards (rule 2 of
# the variants forbids leaving a lone card).
ROOF = {at(3, 4): ("SKULL_SPIDER", "NS"), at(3, 5): ("DRAGON_GHOST", "NES")}
SPIDER_BAT = card("Spider", "Bat")  # corner
# Five cards whose ten treasures appear nowhere on quiet(), nor on each other.
SPARE = [card("Gold", "Shield"), card("Lizard", "Moth"), card("Rat", "Purse"),
         card("Scarab", "Beetle"), card("Ghost", "Genie")]


@pytest.fixture
def table(scripted):
    """``position(...)`` with dice that fail if the engine rolls after the deal."""

    def make(variant: str = "caffeinated", **kwargs) -> LabyrinthCardsGame:
        return position(variant, dice=scripted(), **kwargs)

    return make


def quiet() -> dict[int, tuple[int, int]]:
    """A 2x2 table with eight different treasures: no rotation can make a set.

    ::

        44 Crown/Key NS      45 Map/Book NS
        54 Candle/Dragon NES 55 Spider/Bat NE

    The crosses the tests hold (Goblet/Jewel, Sword/Skull, Owl/Moth, Shield/Lizard)
    and the ``SPARE`` cards show none of these treasures.
    """
    return {
        at(4, 4): lay(CROWN_KEY, "NS"),
        at(4, 5): lay(MAP_BOOK, "NS"),
        at(5, 4): lay(CANDLE_DRAGON, "NES"),
        at(5, 5): lay(SPIDER_BAT, "NE"),
    }


def events(game: LabyrinthCardsGame, kind: str) -> list[dict]:
    return [e for e in game.events if e["type"] == kind]


def draw_twice(game: LabyrinthCardsGame) -> None:
    """Spend a Caffeinated turn's two actions on draws (the table is untouched)."""
    game.apply_action(DRAW)
    game.apply_action(DRAW)


# --------------------------------------------------------------------- data
def raw_cards() -> list[dict]:
    """``data/cards.toml`` read directly, not through the engine's own checks."""
    path = resources.files("labyrinth_gym.envs.labyrinth_cards").joinpath("data", "cards.toml")
    return tomllib.loads(path.read_bytes().decode())["cards"]


def test_fifty_cards_twenty_five_treasures_four_times_each():
    cards = raw_cards()
    assert len(cards) == 50
    assert sorted(c["id"] for c in cards) == list(range(50))
    counts = Counter(t for c in cards for t in c["treasures"])
    assert len(counts) == 25
    assert set(counts.values()) == {4}
    assert len(NAMES) == 25 and len(CARDS) == 50


def test_each_card_shows_two_different_treasures_and_two_to_four_openings():
    for raw, c in zip(raw_cards(), CARDS, strict=True):
        assert len(raw["treasures"]) == 2
        assert raw["treasures"][0] != raw["treasures"][1]
        opens = raw["openings"]
        assert 2 <= len(opens) <= 4 and len(set(opens)) == len(opens)
        assert set(opens) <= set("NESW")
        assert c.openings == parse_openings(opens)
        assert [NAMES[t] for t in c.treasures] == raw["treasures"]
    shapes = Counter(bin(c.openings).count("1") for c in CARDS)
    assert set(shapes) <= {2, 3, 4}


def test_no_two_cards_show_the_same_pair():
    pairs = [frozenset(c.treasures) for c in CARDS]
    assert len(set(pairs)) == 50


@pytest.mark.parametrize("facing", DIRS)
def test_every_card_can_connect_to_any_single_neighbour_opening(table, facing):
    """For each card, a table whose only opening towards the empty centre cell comes
    from one side: some rotation of the card must be a legal Caffeinated play there."""
    target = at(4, 4)
    step = {N: -SIZE, E: 1, S: SIZE, W: -1}[facing]
    neighbour = target + step
    back = {N: "S", E: "W", S: "N", W: "E"}[facing]
    # A straight whose one end faces the target cell.
    layout = {neighbour: lay(MAP_BOOK, "NS" if back in "NS" else "EW")}
    for c in CARDS:
        if c.id == MAP_BOOK:
            continue
        game = table(layout=layout, hands=[[c.id], []])
        rots = {r for cid, cell, r in plays(game) if cell == target}
        assert rots, f"card {c.id} cannot connect to an opening on its {facing} side"
        assert rots == {r for r in range(4) if rotate_mask(c.openings, r) & facing}
        assert any(rotate_mask(c.openings, r) & facing for r in range(4))


# -------------------------------------------------------------------- set-up
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 6])
def test_setup_four_centre_cards_two_in_each_hand(variant, players):
    rotations = set()
    deals = set()
    for seed in range(30):
        game = new_game(seed, variant=variant, num_players=players)
        mid = SIZE // 2
        assert sorted(game.occupied) == [
            at(mid - 1, mid - 1), at(mid - 1, mid), at(mid, mid - 1), at(mid, mid)]
        assert all(len(h) == 2 and h == sorted(h) for h in game.hands)
        assert len(game.deck) == 50 - 4 - 2 * players
        on_table = [game.card_at[c] for c in game.occupied]
        everything = game.deck + on_table + [c for h in game.hands for c in h]
        assert sorted(everything) == list(range(50))
        rotations.update(game.rot_at[c] for c in game.occupied)
        deals.add(tuple(game.deck))
        assert game.player == 0 and game.actions_left == game.actions_per_turn
        assert game.scores() == [0] * players
    assert rotations == {0, 1, 2, 3}
    assert len(deals) == 30


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="2-6"):
        new_game(0, num_players=7)
    with pytest.raises(ValueError, match="2-6"):
        new_game(0, num_players=1)
    with pytest.raises(ValueError, match="official"):
        new_game(0, variant="decaf")
    with pytest.raises(ValueError, match="max_turns"):
        new_game(0, max_turns=0)


# ----------------------------------------------------------------- placement
def test_official_places_on_any_empty_edge_neighbour_in_any_rotation(table):
    """::

        . 34 35 .
     43 [44 NS][45 NS] 46     every empty edge neighbour, walls or not
        . 54 55 .
    """
    layout = {at(4, 4): lay(CROWN_KEY, "NS"), at(4, 5): lay(MAP_BOOK, "NS")}
    hand = [KEY_RING, SWORD_HELMET]
    game = table("official", layout=layout, hands=[hand, [BAT_OWL, JEWEL_SKULL]],
                 deck=SPARE)
    frontier = {at(3, 4), at(3, 5), at(5, 4), at(5, 5), at(4, 3), at(4, 6)}
    assert plays(game) == {(c, cell, r) for c in hand for cell in frontier for r in range(4)}
    assert kinds(game) == {"play"}  # official: no rotate, no draw, no stop


@pytest.mark.parametrize("variant", ["caffeinated", "steroids"])
def test_variants_place_only_where_the_card_meets_a_neighbour_opening(table, variant):
    layout = {at(4, 4): lay(CROWN_KEY, "NS"), at(4, 5): lay(MAP_BOOK, "NS")}
    game = table(variant, layout=layout, hands=[[KEY_RING, GOBLET_JEWEL], []], deck=SPARE)
    corner = {(KEY_RING, cell, rotation(KEY_RING, o))
              for cell in (at(3, 4), at(3, 5)) for o in ("ES", "SW")}
    corner |= {(KEY_RING, cell, rotation(KEY_RING, o))
               for cell in (at(5, 4), at(5, 5)) for o in ("NE", "NW")}
    # The cross opens everywhere but 43 and 46 face the straights' walls.
    cross = {(GOBLET_JEWEL, cell, r) for cell in (at(3, 4), at(3, 5), at(5, 4), at(5, 5))
             for r in range(4)}
    assert plays(game) == corner | cross
    bad = play(game, KEY_RING, at(4, 3), "NE")
    with pytest.raises(IllegalActionError):
        game.apply_action(bad)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    "cells, frontier",
    [((at(0, 0), at(0, 1)), {at(0, 2), at(1, 0), at(1, 1)}),
     ((at(0, SIZE - 1), at(1, SIZE - 1)), {at(0, SIZE - 2), at(1, SIZE - 2), at(2, SIZE - 1)}),
     ((at(SIZE - 1, SIZE - 2), at(SIZE - 1, SIZE - 1)),
      {at(SIZE - 1, SIZE - 3), at(SIZE - 2, SIZE - 2), at(SIZE - 2, SIZE - 1)}),
     ((at(4, 0), at(5, 0)), {at(3, 0), at(4, 1), at(5, 1), at(6, 0)})],
)
def test_never_off_the_grid_and_never_wrapping_round_its_edge(table, variant, cells, frontier):
    """The grid's geometry: no cell beyond the border, no wrapping to the next row.
    (A layout lying there slides away from the border at the next play or turn.)"""
    layout = {cells[0]: lay(GOBLET_JEWEL, "NESW"), cells[1]: lay(SHIELD_LIZARD, "NESW")}
    game = table(variant, layout=layout, hands=[[OWL_MOTH], [SWORD_SKULL]], deck=SPARE)
    assert play_cells(game) == frontier


@pytest.mark.parametrize("variant", VARIANTS)
def test_never_on_an_occupied_cell(table, variant):
    game = table(variant, layout=quiet(), hands=[[OWL_MOTH], [SWORD_SKULL]], deck=SPARE)
    assert not play_cells(game) & game.occupied
    slot = 0
    for cell in game.occupied:
        for r in range(4):
            assert A.play_index(slot, cell, r, SIZE) not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="legal actions"):
        game.apply_action(A.play_index(slot, at(4, 4), 0, SIZE))
    assert game.card_at[at(4, 4)] == CROWN_KEY and game.hands[0] == [OWL_MOTH]


def test_a_played_card_lies_as_chosen(table):
    game = table(layout=quiet(), hands=[[KEY_RING], []], deck=SPARE)
    game.apply_action(play(game, KEY_RING, at(3, 4), "ES"))
    assert game.card_at[at(3, 4)] == KEY_RING
    assert game.open_at[at(3, 4)] == E | S
    assert game.hands[0] == []
    assert game.played_this_turn == [at(3, 4)]
    assert events(game, "play")[-1] == {
        "player": 0, "card": KEY_RING, "cell": at(3, 4), "rotation": 1, "turn": 1,
        "type": "play"}


# ------------------------------------------------------------------- slides
RAT_PURSE = card("Rat", "Purse")
SCARAB_BEETLE = card("Scarab", "Beetle")


def near_the_top() -> dict[int, tuple[int, int]]:
    """Three cards against the grid's top edge; Bat/Owl opens north to row 0::

        row 0:            [05 free]  [06 Rat/Purse]
        row 1:            [15 Bat/Owl NES] [16 Scarab/Beetle]
    """
    return {at(1, 5): lay(BAT_OWL, "NES"), at(0, 6): (RAT_PURSE, 0),
            at(1, 6): (SCARAB_BEETLE, 0)}


def centred(cells: dict[int, tuple[int, int]], size: int = SIZE) -> dict[int, tuple[int, int]]:
    """``cells`` moved so that their bounding box is centred on the grid (the slide)."""
    rows = [c // size for c in cells]
    cols = [c % size for c in cells]
    dr = (size - (max(rows) - min(rows) + 1)) // 2 - min(rows)
    dc = (size - (max(cols) - min(cols) + 1)) // 2 - min(cols)
    return {c + dr * size + dc: v for c, v in cells.items()}


def lying(game: LabyrinthCardsGame) -> dict[int, tuple[int, int]]:
    return {c: (game.card_at[c], game.rot_at[c]) for c in game.occupied}


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_play_onto_the_border_slides_the_layout_to_the_centre(table, variant):
    """Owl/Moth played on row 0 north of Bat/Owl: the four cards (rows 0-1, cols 5-6)
    move as one to rows 7-8, cols 7-8, each turned as it was; the played mark and the
    Owl set move with them, and the table opens again on every side."""
    game = table(variant, layout=near_the_top(), hands=[[OWL_MOTH, GOBLET_JEWEL],
                 [SWORD_SKULL]], deck=list(SPARE))
    game.apply_action(play(game, OWL_MOTH, at(0, 5), "NESW"))
    before = {**near_the_top(), at(0, 5): lay(OWL_MOTH, "NESW")}
    after = centred(before)
    assert lying(game) == after
    assert sorted(after) == [at(7, 7), at(7, 8), at(8, 7), at(8, 8)]
    slide = events(game, "slide")[-1]
    assert (slide["rows"], slide["cols"]) == (7, 2)
    assert events(game, "play")[-1]["cell"] == at(0, 5)  # where it was played
    assert game.last_played == at(7, 7)
    assert game.current_sets()  # the Owl pair is still one set after the slide
    if variant == "official":
        # The played card's Owl set: Bat/Owl may be collected, Owl/Moth (played) not.
        assert game.phase == COLLECT and collectable(game) == {at(8, 7)}
        return
    assert game.played_this_turn == [at(7, 7)]
    # Row 6 above the played card is on the table now; before the slide it was off it.
    assert at(6, 7) in play_cells(game)
    while game.phase == PLAY:
        game.apply_action(DRAW)
    assert game.phase == COLLECT and collectable(game) == {at(8, 7)}


def test_the_played_mark_survives_a_slide_in_the_middle_of_a_turn(table):
    """Steroids: play onto the border (slide), play again next to the moved card, then
    draw: neither played card may be collected, only Bat/Owl."""
    game = table("steroids", layout=near_the_top(), hands=[[OWL_MOTH, LIZARD_MOTH], []],
                 deck=list(SPARE))
    game.apply_action(play(game, OWL_MOTH, at(0, 5), "NESW"))
    assert events(game, "slide")
    moth = at(7, 6)  # west of the moved Owl/Moth: Lizard/Moth makes a Moth set
    game.apply_action(play(game, LIZARD_MOTH, moth, "ES" if rotation_ok(LIZARD_MOTH, "ES")
                           else "NE"))
    assert game.played_this_turn == [at(7, 7), moth]
    game.apply_action(DRAW)
    assert game.phase == COLLECT and collectable(game) == {at(8, 7)}


def rotation_ok(card_id: int, openings: str) -> bool:
    try:
        rotation(card_id, openings)
    except AssertionError:
        return False
    return True


def test_a_turn_starts_with_the_layout_slid_clear_of_the_border(table):
    """A table left against the border (here by the test's set-up) slides at the start
    of the next turn, before that player decides anything."""
    layout = {at(0, c): (CROWN_KEY if c == 3 else MAP_BOOK, 0) for c in (3, 4)}
    layout[at(1, 3)] = (CANDLE_DRAGON, 0)
    game = table(layout=layout, hands=[[OWL_MOTH], [SWORD_SKULL]], deck=list(SPARE))
    game.apply_action(rotate(at(0, 3)))  # a rotation never slides
    assert not events(game, "slide")
    game.apply_action(rotate(at(0, 3)))
    # the turn passed to player 1 and the table slid as it began
    assert game.player == 1 and events(game, "slide")[-1]["turn"] == 2
    turned = dict(layout)
    turned[at(0, 3)] = (CROWN_KEY, 2)
    assert lying(game) == centred(turned)
    kinds_of = [e["type"] for e in game.events]
    assert kinds_of[-2:] == ["slide", "turn"]


def test_a_layout_too_wide_to_clear_the_border_stays_put(table):
    """A row of SIZE - 1 cards cannot keep a free column on both sides: it stays
    against the east edge (the residual edge docs/results.md measures) and plays go west."""
    row = [c.id for c in CARDS if bin(c.openings).count("1") >= 2][: SIZE - 1]
    layout = {at(5, 1 + i): (cid, 0) for i, cid in enumerate(row)}
    spare = [c.id for c in CARDS if c.id not in row]
    game = table("official", layout=layout, hands=[spare[:2], spare[2:4]],
                 deck=spare[4:10])
    assert game.edge_blocks_a_play()  # east of column 15 is free on an open table
    game.apply_action(A.play_index(0, at(5, 0), 0, SIZE))  # now it spans all 16
    assert not events(game, "slide")
    assert game.phase != PLAY or game.player == 1
    if game.phase == COLLECT:
        game.apply_action(STOP)
    assert not events(game, "slide") and min(c % SIZE for c in game.occupied) == 0
    assert game.edge_blocks_a_play()


@pytest.mark.parametrize("outward, blocks", [("NS", True), ("EW", False)])
def test_the_edge_refuses_a_variant_play_only_where_a_path_leads_off_the_grid(
        table, outward, blocks):
    """A straight on row 0: opening north (off the grid) it would take a card beyond
    the edge on an open table; lying east-west, no play could go there anyway."""
    game = table(layout={at(0, 4): lay(CROWN_KEY, outward), at(1, 4): lay(GOBLET_JEWEL, "NESW")},
                 hands=[[OWL_MOTH], [SWORD_SKULL]], deck=list(SPARE))
    assert game.edge_blocks_a_play() == blocks
    official = table("official", layout={at(0, 4): lay(CROWN_KEY, outward),
                                         at(1, 4): lay(GOBLET_JEWEL, "NESW")},
                     hands=[[OWL_MOTH], []], deck=list(SPARE))
    assert official.edge_blocks_a_play()  # any free cell next to the layout will do
    official.hands[0] = []
    assert not official.edge_blocks_a_play()  # nothing to play
    game.apply_action(play(game, OWL_MOTH, at(2, 4), "NESW"))
    while game.player == 0:
        game.apply_action(DRAW if game.phase == PLAY else STOP)
    assert game.hands[1] and events(game, "slide")
    assert not game.edge_blocks_a_play()  # the turn started with the layout slid clear


# ------------------------------------------------------------------ rotation
def test_rotation_clockwise_and_counter_clockwise_as_drawn(table):
    """::

        44 Crown/Key EW   45 Shield/Crown NE      (45 has no west opening)

    Clockwise NE becomes ES (still closed to 44); counter-clockwise NE becomes NW,
    which opens onto 44 and makes a Crown set.
    """
    layout = {at(4, 4): lay(CROWN_KEY, "EW"), at(4, 5): lay(SHIELD_CROWN, "NE")}
    base = table(layout=layout, hands=[[], []], deck=SPARE)
    assert not base.current_sets()

    cw = base.clone()
    cw.apply_action(rotate(at(4, 5), CW))
    assert cw.open_at[at(4, 5)] == E | S
    assert events(cw, "rotate")[-1]["direction"] == "cw"
    assert not cw.current_sets()

    ccw = base.clone()
    ccw.apply_action(rotate(at(4, 5), CCW))
    assert ccw.open_at[at(4, 5)] == N | W
    assert events(ccw, "rotate")[-1]["direction"] == "ccw"
    crown = NAMES.index("Crown")
    assert list(ccw.current_sets().values()) == [[at(4, 4), at(4, 5)]]
    assert [k[1] for k in ccw.current_sets()] == [crown]


def roof() -> dict[int, tuple[int, int]]:
    return {cell: lay(globals()[name], opens) for cell, (name, opens) in ROOF.items()}


def test_rotating_one_card_twice_is_180_degrees_and_it_may_be_collected(table):
    layout = {at(4, 4): lay(CROWN_KEY, "EW"), at(4, 5): lay(SHIELD_CROWN, "NE"), **roof()}
    game = table(layout=layout, hands=[[], []], deck=SPARE)
    game.apply_action(rotate(at(4, 5), CW))
    assert game.phase == PLAY and game.actions_left == 1 and game.player == 0
    game.apply_action(rotate(at(4, 5), CW))
    assert game.open_at[at(4, 5)] == S | W  # NE turned 180 degrees
    assert game.phase == COLLECT
    assert collectable(game) == {at(4, 4), at(4, 5)}  # merely rotated: allowed


def test_rotation_can_break_an_open_path(table):
    """Two Crown straights joined east-west; turning one 90 degrees either way closes
    the path, and with it the set."""
    layout = {at(4, 4): lay(CROWN_KEY, "EW"), at(4, 5): lay(CROWN_CANDLE, "EW")}
    for direction in (CW, CCW):
        game = table(layout=layout, hands=[[], []], deck=SPARE)
        assert len(game.current_sets()) == 1
        game.apply_action(rotate(at(4, 5), direction))
        assert game.open_at[at(4, 5)] == N | S
        assert not game.current_sets()
        game.apply_action(DRAW)
        # Nothing to collect: the turn ended without a collection decision.
        assert game.player == 1 and game.phase == PLAY
        assert game.collected == [[], []]


def test_any_card_may_be_rotated_but_only_cards_on_the_table(table):
    game = table(layout=quiet(), hands=[[OWL_MOTH], []], deck=SPARE)
    rot = {A.decode(a, SIZE)[1] for a in game.legal_actions()
           if A.decode(a, SIZE)[0] == "rotate"}
    assert rot == {(cell, d) for cell in quiet() for d in (CW, CCW)}


def test_official_has_no_rotation(table):
    game = table("official", layout=quiet(), hands=[[OWL_MOTH], [SWORD_SKULL]], deck=SPARE)
    with pytest.raises(IllegalActionError):
        game.apply_action(rotate(at(4, 4)))


# ---------------------------------------------------------------------- draw
def test_draw_only_below_six_cards(table):
    five = [GOBLET_JEWEL, SWORD_SKULL, OWL_MOTH, SHIELD_LIZARD, KEY_RING]
    game = table(layout=quiet(), hands=[five, []], deck=SPARE)
    assert DRAW in game.legal_actions()
    game.apply_action(DRAW)
    assert game.hands[0] == sorted(five + [SPARE[-1]])  # the top card
    assert game.deck == SPARE[:-1]
    assert DRAW not in game.legal_actions()  # six now
    full = table(layout=quiet(), hands=[five + [SKULL_SPIDER], []], deck=SPARE)
    assert DRAW not in full.legal_actions()
    assert kinds(full) == {"play", "rotate"}


def test_draw_only_while_the_deck_lasts(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL], []], deck=[SWORD_SKULL])
    game.apply_action(DRAW)
    assert game.deck == [] and game.hands[0] == sorted([GOBLET_JEWEL, SWORD_SKULL])
    assert DRAW not in game.legal_actions()


def test_a_card_drawn_as_first_action_can_be_played_as_the_second(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL], []], deck=[SPARE[0], SWORD_SKULL])
    game.apply_action(DRAW)
    assert SWORD_SKULL in game.hands[0]
    assert game.actions_left == 1 and game.player == 0
    game.apply_action(play(game, SWORD_SKULL, at(3, 4), "NESW"))
    assert game.card_at[at(3, 4)] == SWORD_SKULL
    assert events(game, "play")[-1]["player"] == 0
    assert game.player == 1 and game.hands[0] == sorted([GOBLET_JEWEL, SPARE[0]])


def test_actions_repeat_two_plays_in_one_turn(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL, SWORD_SKULL], []], deck=SPARE)
    game.apply_action(play(game, GOBLET_JEWEL, at(3, 4), "NESW"))
    game.apply_action(play(game, SWORD_SKULL, at(2, 4), "NESW"))
    assert game.card_at[at(3, 4)] == GOBLET_JEWEL and game.card_at[at(2, 4)] == SWORD_SKULL
    assert game.player == 1  # no sets: the turn is over


def test_draw_twice_is_two_actions(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL], []], deck=SPARE)
    draw_twice(game)
    # Two drawn by actions and one free draw after the (empty) collection.
    assert len(game.hands[0]) == 4 and game.deck == SPARE[:2]
    assert [e.get("action") for e in events(game, "draw")] == [True, True, False]


# ------------------------------------------------------------ actions a turn
@pytest.mark.parametrize("variant, count", [("caffeinated", 2), ("steroids", 3)])
def test_action_count_then_collection_then_next_player(table, variant, count):
    game = table(variant, layout=quiet(), hands=[[GOBLET_JEWEL], [SWORD_SKULL]], deck=SPARE)
    for k in range(count):
        assert game.player == 0 and game.phase == PLAY
        assert game.actions_left == count - k
        assert STOP not in game.legal_actions()  # every action must be taken
        game.apply_action(rotate(at(4, 4)))
    assert game.player == 1 and game.phase == PLAY and game.actions_left == count
    assert game.rot_at[at(4, 4)] == count % 4
    assert game.turn == 2


def test_official_turn_is_one_play(table):
    game = table("official", layout=quiet(), hands=[[GOBLET_JEWEL, OWL_MOTH],
                                                    [SWORD_SKULL, SKULL_SPIDER]], deck=SPARE)
    game.apply_action(play(game, GOBLET_JEWEL, at(3, 4), "NESW"))
    assert game.player == 1 and game.phase == PLAY


@pytest.mark.parametrize("variant, count", [("caffeinated", 2), ("steroids", 3)])
def test_collection_waits_until_all_actions_are_done(table, variant, count):
    """A set made by the first action cannot be collected before the last one."""
    layout = {at(4, 4): lay(CROWN_KEY, "EW"), at(4, 5): lay(SHIELD_CROWN, "NE"), **roof()}
    game = table(variant, layout=layout, hands=[[], []], deck=SPARE)
    game.apply_action(rotate(at(4, 5), CCW))  # NW: the Crown set forms now
    for _ in range(count - 1):
        assert game.phase == PLAY
        assert not collectable(game)
        game.apply_action(DRAW)
    assert game.phase == COLLECT and collectable(game) == {at(4, 4), at(4, 5)}


# ---------------------------------------------------------------- collection
def test_rule_1_a_card_played_this_turn_stays_a_rotated_one_may_go(table):
    """::

        44 Crown/Key NS -> rotated to EW     45 <- Crown/Candle played EW
        54 Sword/Helmet NE                   55 Goblet/Jewel cross
    """
    layout = {at(4, 4): lay(CROWN_KEY, "NS"), at(5, 4): lay(SWORD_HELMET, "NE"),
              at(5, 5): lay(GOBLET_JEWEL, "NESW")}
    game = table(layout=layout, hands=[[CROWN_CANDLE], []], deck=SPARE)
    game.apply_action(rotate(at(4, 4), CW))
    game.apply_action(play(game, CROWN_CANDLE, at(4, 5), "EW"))
    assert game.phase == COLLECT
    assert [at(4, 4), at(4, 5)] in game.sets.values()
    assert collectable(game) == {at(4, 4)}
    with pytest.raises(IllegalActionError):
        game.apply_action(collect(at(4, 5)))
    game.apply_action(collect(at(4, 4)))
    assert game.collected[0] == [CROWN_KEY]
    assert game.card_at[at(4, 5)] == CROWN_CANDLE
    assert game.player == 1  # the last Crown stays, nothing else: turn over


def test_rules_2_and_3_a_corner_only_join_counts_as_a_split(table):
    """::

        44 Crown/Key EW ── 45 Shield/Crown SW
                               │
                           55 Crown/Candle NS

    Lifting 45 would leave 44 and 55 touching only at a corner.
    """
    layout = {at(4, 4): lay(CROWN_KEY, "EW"), at(4, 5): lay(SHIELD_CROWN, "SW"),
              at(5, 5): lay(CROWN_CANDLE, "NS")}
    game = table(layout=layout, hands=[[], []], deck=SPARE)
    draw_twice(game)
    assert list(game.sets.values()) == [[at(4, 4), at(4, 5), at(5, 5)]]
    assert collectable(game) == {at(4, 4), at(5, 5)}
    with pytest.raises(IllegalActionError):
        game.apply_action(collect(at(4, 5)))
    game.apply_action(collect(at(4, 4)))
    # Two cards left: taking either would leave a lone card (variant rule 2), so
    # nothing more can go and the turn has passed on.
    assert game.phase == PLAY and game.player == 1
    assert sorted(game.occupied) == [at(4, 5), at(5, 5)]


def test_rule_3_a_pair_cut_off_from_the_rest_is_a_split_too(table):
    """::

        42 Sword/Helmet  43 Bat/Owl ── 44 Crown/Key EW ── 45 Crown/Candle EW

    Lifting 44 would leave the edge-connected pair 42-43 apart from 45.
    """
    layout = {at(4, 2): lay(SWORD_HELMET, "NE"), at(4, 3): lay(BAT_OWL, "NES"),
              at(4, 4): lay(CROWN_KEY, "EW"), at(4, 5): lay(CROWN_CANDLE, "EW")}
    game = table(layout=layout, hands=[[], []], deck=SPARE)
    draw_twice(game)
    assert [at(4, 4), at(4, 5)] in game.sets.values()
    assert collectable(game) == {at(4, 5)}


def test_rule_4_three_connected_crowns_two_may_go(table):
    """::

        44 Crown/Key EW ── 45 Shield/Crown SW
        54 Sword/Helmet NE     │
                           55 Crown/Candle NS
    """
    layout = {at(4, 4): lay(CROWN_KEY, "EW"), at(4, 5): lay(SHIELD_CROWN, "SW"),
              at(5, 5): lay(CROWN_CANDLE, "NS"), at(5, 4): lay(SWORD_HELMET, "NE")}
    game = table(layout=layout, hands=[[], []], deck=SPARE)
    draw_twice(game)
    assert collectable(game) == {at(4, 4), at(4, 5), at(5, 5)}
    game.apply_action(collect(at(4, 5)))
    assert collectable(game) == {at(4, 4), at(5, 5)}
    game.apply_action(collect(at(4, 4)))
    # The last Crown stays; nothing else to take, so the turn ended by itself.
    assert game.collected[0] == [SHIELD_CROWN, CROWN_KEY]
    assert game.card_at[at(5, 5)] == CROWN_CANDLE
    assert game.player == 1 and game.phase == PLAY


def test_rule_4_a_card_in_two_sets_is_collected_from_both(table):
    """X shows Shield and Lizard, Y a Shield, Z a Lizard, all on one path::

        35 Y Spider/Shield SW
              │
        44 X cross ── 45 Key/Ring NW         55 Map/Book NS
         │
        53 Z Lizard/Moth NE ── 54 Sword/Helmet NW
    """
    x, y, z = at(4, 4), at(3, 5), at(5, 3)
    layout = {
        y: lay(SPIDER_SHIELD, "SW"),
        x: lay(SHIELD_LIZARD, "NESW"),
        at(4, 5): lay(KEY_RING, "NW"),
        z: lay(LIZARD_MOTH, "NE"),
        at(5, 4): lay(SWORD_HELMET, "NW"),
        at(5, 5): lay(MAP_BOOK, "NS"),
    }
    shield, lizard = NAMES.index("Shield"), NAMES.index("Lizard")
    game = table(layout=layout, hands=[[], []], deck=SPARE)
    draw_twice(game)
    assert sorted((k[1], v) for k, v in game.sets.items()) == [
        (shield, sorted([x, y])), (lizard, sorted([x, z]))]
    assert collectable(game) == {x, y, z}

    first_x = game.clone()
    first_x.apply_action(collect(x))
    # Both sets now hold their last card: the turn is over.
    assert first_x.collected[0] == [SHIELD_LIZARD]
    assert first_x.player == 1
    assert first_x.card_at[y] == SPIDER_SHIELD and first_x.card_at[z] == LIZARD_MOTH

    game.apply_action(collect(y))
    assert collectable(game) == {z}  # x is the last Shield
    game.apply_action(collect(z))
    assert game.collected[0] == [SPIDER_SHIELD, LIZARD_MOTH]
    assert game.card_at[x] == SHIELD_LIZARD and game.player == 1


def test_rule_5_collect_through_a_card_merely_connected(table):
    """The played Map/Book shows no Crown but joins two Crowns::

        43 Crown/Key EW ── 44 <- Map/Book EW ── 45 Crown/Candle EW
        53 Sword/Helmet    54 Jewel/Skull       55 Bat/Owl
    """
    layout = {at(4, 3): lay(CROWN_KEY, "EW"), at(4, 5): lay(CROWN_CANDLE, "EW"),
              at(5, 3): lay(SWORD_HELMET, "NE"), at(5, 4): lay(JEWEL_SKULL, "NE"),
              at(5, 5): lay(BAT_OWL, "NES")}
    game = table(layout=layout, hands=[[MAP_BOOK], []], deck=SPARE)
    assert not game.current_sets()
    game.apply_action(play(game, MAP_BOOK, at(4, 4), "EW"))
    game.apply_action(DRAW)
    assert not any(shows(MAP_BOOK, NAMES[k[1]]) for k in game.sets)
    assert collectable(game) == {at(4, 3), at(4, 5)}
    game.apply_action(collect(at(4, 5)))
    assert game.collected[0] == [CROWN_CANDLE] and game.player == 1

    official = table("official", layout=layout, hands=[[MAP_BOOK], [OWL_MOTH]], deck=SPARE)
    official.apply_action(play(official, MAP_BOOK, at(4, 4), "EW"))
    # Official: the collected card must share a treasure with the played one.
    assert official.player == 1 and official.collected == [[], []]


def contrast_layout() -> dict[int, tuple[int, int]]:
    """::

        44 Crown/Key EW  45 (empty)       46 Purse/Crown ESW
        54 Key/Ring NE ── 55 Key/Goblet NW  56 Map/Book EW   57 Shield/Crown NE

    Playing Crown/Candle EW on 45 joins three Crowns (44-45-46). 54-55 is a Key set
    that does not touch the played card; 57's Crown is not on a path to it.
    """
    return {
        at(4, 4): lay(CROWN_KEY, "EW"),
        at(4, 6): lay(PURSE_CROWN, "ESW"),
        at(5, 4): lay(KEY_RING, "NE"),
        at(5, 5): lay(KEY_GOBLET, "NW"),
        at(5, 6): lay(MAP_BOOK, "EW"),
        at(5, 7): lay(SHIELD_CROWN, "NE"),
    }


def test_official_collects_at_most_one_sharing_a_treasure_on_a_path(table):
    game = table("official", layout=contrast_layout(),
                 hands=[[CROWN_CANDLE, GOLD_SHIELD], [OWL_MOTH, SWORD_SKULL]],
                 deck=[SPARE[2], SPARE[3], SPARE[4]])
    game.apply_action(play(game, CROWN_CANDLE, at(4, 5), "EW"))
    assert game.phase == COLLECT
    # Not the Keys (not the played card's treasure), not 57 (no path), not 45 itself.
    assert collectable(game) == {at(4, 4), at(4, 6)}
    assert kinds(game) == {"collect", "stop"}
    game.apply_action(collect(at(4, 4)))
    assert game.collected[0] == [CROWN_KEY]
    assert game.card_at[at(4, 6)] == PURSE_CROWN  # at most one card
    assert game.player == 1 and game.phase == PLAY
    assert game.hands[0] == sorted([GOLD_SHIELD, SPARE[4]])  # back up to two


def test_official_stop_collects_nothing(table):
    game = table("official", layout=contrast_layout(),
                 hands=[[CROWN_CANDLE, GOLD_SHIELD], [OWL_MOTH, SWORD_SKULL]],
                 deck=[SPARE[2], SPARE[3]])
    game.apply_action(play(game, CROWN_CANDLE, at(4, 5), "EW"))
    game.apply_action(STOP)
    assert game.collected == [[], []] and game.player == 1
    assert events(game, "stop")


def test_caffeinated_collects_any_set_a_sequence_of_picks_ended_by_stop(table):
    game = table(layout=contrast_layout(), hands=[[CROWN_CANDLE, GOLD_SHIELD], []],
                 deck=list(SPARE))
    game.apply_action(play(game, CROWN_CANDLE, at(4, 5), "EW"))
    game.apply_action(DRAW)
    assert collectable(game) == {at(4, 4), at(4, 6), at(5, 4), at(5, 5)}
    game.apply_action(collect(at(5, 4)))
    assert collectable(game) == {at(4, 4), at(4, 6)}  # 55 is the last Key
    assert game.phase == COLLECT and game.player == 0
    game.apply_action(collect(at(4, 6)))
    assert collectable(game) == {at(4, 4)}
    game.apply_action(STOP)
    assert game.collected[0] == [KEY_RING, PURSE_CROWN]
    assert game.card_at[at(4, 4)] == CROWN_KEY  # still collectable, but we stopped
    assert game.player == 1 and game.phase == PLAY
    assert [e["type"] for e in game.events[-5:]] == ["collect", "collect", "stop", "draw",
                                                     "turn"]


def test_sets_are_traced_once_when_collection_begins(table):
    """Ruling: lifting a card does not re-trace the paths.

    ::

        44 Crown/Candle EW ── 45 Lizard/Key ESW ── 46 Purse/Crown NSW
        54 Jewel/Skull NE      55 Key/Ring NE        56 Sword/Helmet NE

    After 45 goes, 44 and 46 are no longer on one path, but they were a set when
    collection began, so one of them may still be taken.
    """
    layout = {at(4, 4): lay(CROWN_CANDLE, "EW"), at(4, 5): lay(LIZARD_KEY, "ESW"),
              at(4, 6): lay(PURSE_CROWN, "NSW"), at(5, 4): lay(JEWEL_SKULL, "NE"),
              at(5, 5): lay(KEY_RING, "NE"), at(5, 6): lay(SWORD_HELMET, "NE")}
    game = table(layout=layout, hands=[[], []], deck=SPARE)
    draw_twice(game)
    assert collectable(game) == {at(4, 4), at(4, 5), at(4, 6), at(5, 5)}
    game.apply_action(collect(at(4, 5)))
    groups = path_groups(game.grid, game.open_at, game.occupied)
    assert groups[at(4, 4)] != groups[at(4, 6)]  # re-tracing would split the Crowns
    assert collectable(game) == {at(4, 4), at(4, 6)}


def test_nothing_to_collect_skips_the_decision(table):
    game = table(layout=quiet(), hands=[[], []], deck=SPARE)
    draw_twice(game)
    assert game.player == 1 and not events(game, "stop") and not events(game, "collect")


# ------------------------------------------------------------------ free draw
def test_variant_free_draw_is_one_card(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL, SWORD_SKULL, OWL_MOTH], []],
                 deck=list(SPARE))
    game.apply_action(rotate(at(4, 4)))
    game.apply_action(rotate(at(4, 4)))
    assert game.hands[0] == sorted([GOBLET_JEWEL, SWORD_SKULL, OWL_MOTH, SPARE[-1]])
    assert game.deck == SPARE[:-1]


def test_variant_free_draw_never_above_six(table):
    five = [GOBLET_JEWEL, SWORD_SKULL, OWL_MOTH, SHIELD_LIZARD, KEY_RING]
    game = table(layout=quiet(), hands=[five, []], deck=list(SPARE))
    game.apply_action(DRAW)
    game.apply_action(rotate(at(4, 4)))
    assert len(game.hands[0]) == 6 and game.deck == SPARE[:-1]
    assert [e.get("action") for e in events(game, "draw")] == [True]


def test_variant_free_draw_needs_a_deck(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL], [OWL_MOTH]], deck=[])
    game.apply_action(rotate(at(4, 4)))
    game.apply_action(rotate(at(4, 4)))
    assert game.hands[0] == [GOBLET_JEWEL] and game.player == 1


def test_official_draws_back_up_to_two(table):
    game = table("official", layout=quiet(), hands=[[GOBLET_JEWEL], [OWL_MOTH]],
                 deck=[SPARE[0], SPARE[1], SPARE[2]])
    game.apply_action(play(game, GOBLET_JEWEL, at(3, 4), "NESW"))
    assert game.hands[0] == sorted([SPARE[2], SPARE[1]]) and game.deck == [SPARE[0]]
    assert events(game, "draw")[-1]["cards"] == 2


def test_official_hand_never_above_two(table):
    game = table("official", layout=quiet(), hands=[[GOBLET_JEWEL, SWORD_SKULL], [OWL_MOTH]],
                 deck=list(SPARE))
    game.apply_action(play(game, GOBLET_JEWEL, at(3, 4), "NESW"))
    assert len(game.hands[0]) == 2 and len(game.deck) == 4


# ------------------------------------------------------------------ game end
def test_game_ends_when_deck_and_every_hand_are_empty(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL], [], []], deck=[],
                 collected=[[0, 1], [2], [3]])
    game.apply_action(play(game, GOBLET_JEWEL, at(3, 4), "NESW"))
    assert not game.is_terminal()
    assert DRAW not in game.legal_actions()
    game.apply_action(rotate(at(4, 4)))
    assert game.is_terminal() and not game.is_truncated()
    assert game.outcome == "finished"
    assert game.current_player() == TERMINAL_PLAYER
    assert game.legal_actions() == [] and not game.legal_mask().any()
    assert game.returns() == [1.0, -1.0, -1.0]
    over = events(game, "game_over")[-1]
    assert over["scores"] == [2, 1, 1] and over["returns"] == [1.0, -1.0, -1.0]
    with pytest.raises(IllegalActionError):
        game.apply_action(rotate(at(4, 4)))


def test_game_goes_on_while_any_hand_holds_a_card(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL], [OWL_MOTH]], deck=[])
    game.apply_action(play(game, GOBLET_JEWEL, at(3, 4), "NESW"))
    game.apply_action(rotate(at(4, 4)))
    assert not game.is_terminal() and game.player == 1
    # With an empty hand and deck a Caffeinated player still rotates.
    game.apply_action(play(game, OWL_MOTH, at(2, 4), "NESW"))
    game.apply_action(rotate(at(4, 4)))
    assert game.is_terminal()


def test_game_goes_on_while_the_deck_lasts(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL], []], deck=[OWL_MOTH])
    game.apply_action(play(game, GOBLET_JEWEL, at(3, 4), "NESW"))
    game.apply_action(rotate(at(4, 4)))
    assert not game.is_terminal()
    assert game.hands[0] == [OWL_MOTH] and game.player == 1
    assert kinds(game) == {"rotate"}  # player 1: no card, no deck


def test_official_skips_a_player_with_nothing_in_hand(table):
    game = table("official", layout=quiet(), hands=[[OWL_MOTH], [GOBLET_JEWEL], []],
                 deck=[], player=1)
    game.apply_action(play(game, GOBLET_JEWEL, at(3, 4), "NESW"))
    assert game.player == 0
    assert [e.get("skipped") for e in events(game, "turn")[-2:]] == [True, None]
    game.apply_action(play(game, OWL_MOTH, at(2, 4), "NESW"))
    assert game.is_terminal() and game.outcome == "finished"


@pytest.mark.parametrize(
    "piles, returns",
    [
        ([3, 1], [1.0, -1.0]),
        ([0, 2], [-1.0, 1.0]),
        ([2, 2], [0.0, 0.0]),
        ([3, 3, 1], [1.0, 1.0, -1.0]),
        ([2, 2, 2, 2], [0.0, 0.0, 0.0, 0.0]),
        ([0, 0, 0, 1, 0, 0], [-1.0, -1.0, -1.0, 1.0, -1.0, -1.0]),
        ([4, 1, 4, 4, 0], [1.0, -1.0, 1.0, 1.0, -1.0]),
    ],
)
def test_most_collected_cards_win_ties_share(table, piles, returns):
    spare = iter(range(50))
    collected = [[next(spare) for _ in range(k)] for k in piles]
    hands = [[GOBLET_JEWEL]] + [[] for _ in piles[1:]]
    game = table(layout=quiet(), hands=hands, deck=[], collected=collected)
    assert game.returns() == [0.0] * len(piles)  # not over yet
    game.apply_action(play(game, GOBLET_JEWEL, at(3, 4), "NESW"))
    game.apply_action(rotate(at(4, 4)))
    assert game.is_terminal()
    assert game.scores() == piles
    assert game.returns() == returns


def test_truncation_at_max_turns_is_scored_by_cards_collected(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL], [OWL_MOTH]], deck=list(SPARE),
                 collected=[[0, 1, 2], []], max_turns=2)
    for _ in range(2):
        assert not game.is_terminal()
        assert game.returns() == [0.0, 0.0]  # not over yet
        game.apply_action(rotate(at(4, 4)))
        game.apply_action(rotate(at(4, 4)))
    assert game.is_terminal() and game.is_truncated() and game.outcome == "truncated"
    # Running out the clock does not turn the trailing seat's loss into a draw.
    assert game.returns() == [1.0, -1.0]
    over = events(game, "game_over")[-1]
    assert over["truncated"] and over["reason"] == "max_turns"
    assert over["returns"] == [1.0, -1.0]
    assert game.current_player() == TERMINAL_PLAYER and game.legal_actions() == []
    assert game.turn == 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_truncation_in_random_games(variant):
    for seed in range(5):
        game = new_game(seed, variant=variant, num_players=3, max_turns=4)
        rng = np.random.default_rng(seed)
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply_action(legal[int(rng.integers(len(legal)))])
        scores = game.scores()
        best = max(scores)
        assert game.is_truncated() and game.returns() == (
            [0.0] * 3 if min(scores) == best else [1.0 if x == best else -1.0 for x in scores])
        assert len([e for e in game.events if e["type"] == "turn"]) == 4


# ------------------------------------------------------------- no stalling
@pytest.mark.parametrize("variant", ["caffeinated", "steroids"])
def test_a_stalling_seat_cannot_keep_the_game_alive(table, variant):
    """Deck empty, player 0 ahead 3-0 with an empty hand, player 1 holding cards and
    only rotating: the round in which nobody plays or collects ends the game, scored as
    usual; the staller's cards in hand score nothing."""
    game = table(variant, layout=quiet(), hands=[[], [OWL_MOTH, SWORD_SKULL]], deck=[],
                 collected=[[0, 1, 2], []])
    for seat in (0, 1):
        assert not game.is_terminal() and game.player == seat
        for _ in range(game.actions_per_turn):
            game.apply_action(rotate(at(4, 4)))
    assert game.is_terminal() and not game.is_truncated() and game.outcome == "finished"
    assert game.hands[1] == sorted([OWL_MOTH, SWORD_SKULL])
    assert game.returns() == [1.0, -1.0]
    over = events(game, "game_over")[-1]
    assert over["reason"] == "a round without a card played or collected"
    assert over["scores"] == [3, 0]


def test_a_play_restarts_the_round(table):
    game = table(layout=quiet(), hands=[[], [OWL_MOTH, SWORD_SKULL]], deck=[],
                 collected=[[0], []])
    rotate_twice = [rotate(at(4, 4)), rotate(at(4, 4))]
    for a in rotate_twice:
        game.apply_action(a)  # player 0: idle
    game.apply_action(play(game, OWL_MOTH, at(3, 4), "NESW"))
    game.apply_action(rotate(at(4, 4)))  # player 1 played: the count starts again
    assert game.idle_turns == 0 and game.player == 0
    for a in rotate_twice:
        game.apply_action(a)  # player 0: idle (1)
    assert not game.is_terminal() and game.idle_turns == 1
    for a in rotate_twice:
        game.apply_action(a)  # player 1: idle (2): a full round
    assert game.is_terminal() and game.outcome == "finished"


def test_a_collection_restarts_the_round(table):
    """44 Crown/Key EW and 45 Shield/Crown NE: rotating 45 counter-clockwise to NW opens
    the Crown path, and collecting a Crown card is progress even without a play."""
    layout = {at(4, 4): lay(CROWN_KEY, "EW"), at(4, 5): lay(SHIELD_CROWN, "NE"),
              at(5, 4): lay(CANDLE_DRAGON, "NES"), at(5, 5): lay(SPIDER_BAT, "NE")}
    game = table(layout=layout, hands=[[], [OWL_MOTH]], deck=[], collected=[[], [0]])
    game.idle_turns = 1  # player 1 idled last turn
    game.apply_action(rotate(at(4, 5), CCW))
    game.apply_action(rotate(at(5, 5)))
    assert game.phase == COLLECT and collectable(game)
    game.apply_action(collect(sorted(collectable(game))[0]))
    if game.phase == COLLECT:
        game.apply_action(STOP)
    assert not game.is_terminal() and game.idle_turns == 0


def test_no_stall_end_while_the_deck_lasts(table):
    """With cards in the deck a round of rotations does not end the game; the clock
    does, scored by the cards collected."""
    full = [[c for c in range(10, 16)], [c for c in range(20, 26)]]
    game = table(layout=quiet(), hands=full, deck=list(SPARE), collected=[[], [0]],
                 max_turns=6)
    while not game.is_terminal():
        game.apply_action(rotate(at(4, 4)))
    assert game.is_truncated() and game.turn == 6 and game.returns() == [-1.0, 1.0]


def test_illegal_action_names_the_legal_set_and_changes_nothing(table):
    game = table(layout=quiet(), hands=[[GOBLET_JEWEL], []], deck=list(SPARE))
    before = game.to_dict()
    with pytest.raises(IllegalActionError) as info:
        game.apply_action(STOP)
    assert info.value.legal == game.legal_actions()
    assert "legal actions" in str(info.value) and "rotate the card at row 4 col 4" in str(
        info.value)
    assert game.to_dict() == before


@pytest.mark.parametrize("variant, lone_ok", [("official", True), ("caffeinated", False)])
def test_only_the_official_game_may_leave_a_lone_card(table, variant, lone_ok):
    """44 Crown/Key EW, then Crown/Candle played EW at 45: a two-card Crown set.

    Official: collecting 44 leaves 45 alone, an intact labyrinth. Caffeinated rule 2:
    every card left must touch another by an edge, so 44 stays.
    """
    game = table(variant, layout={at(4, 4): lay(CROWN_KEY, "EW")},
                 hands=[[CROWN_CANDLE], [SWORD_HELMET]], deck=SPARE)
    game.apply_action(play(game, CROWN_CANDLE, at(4, 5), "EW"))
    if variant != "official":
        game.apply_action(DRAW)
        assert game.player == 1 and sorted(game.occupied) == [at(4, 4), at(4, 5)]
        return
    assert game.phase == COLLECT and collectable(game) == {at(4, 4)}
    game.apply_action(collect(at(4, 4)))
    assert sorted(game.occupied) == [at(4, 5)] and game.collected[0] == [CROWN_KEY]
