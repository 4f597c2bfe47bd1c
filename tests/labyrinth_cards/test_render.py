"""Pictures of the Labyrinth card table: ``ansi`` text and ``rgb_array`` images."""

from __future__ import annotations

from pathlib import Path

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import render_test

import labyrinth_gym.envs  # noqa: F401  (registers the Gymnasium ids)
from labyrinth_gym.envs import labyrinth_cards
from labyrinth_gym.envs.labyrinth_cards.engine.game import LabyrinthCardsGame, new_game
from labyrinth_gym.envs.labyrinth_cards.render import CELL, render_rgb, render_text

from .positions import SIZE, at, card, lay, play, position

DATA = Path(__file__).parent / "data"
ENV_ID = "labyrinth_gym/LabyrinthCards-v1"


def fixed_table() -> LabyrinthCardsGame:
    """Six cards of every shape around an empty cell, then one card played (turn 1)::

            3             4                  5              6
        3   Crown/Key EW  Shield/Crown SW
        4   (empty)       Purse/Crown NES    Goblet/Jewel + Key/Goblet SW (played)
        5   Key/Ring NE   Map/Book NS
    """
    layout = {
        at(3, 3): lay(card("Crown", "Key"), "EW"),
        at(3, 4): lay(card("Shield", "Crown"), "SW"),
        at(4, 4): lay(card("Purse", "Crown"), "NES"),
        at(4, 5): lay(card("Goblet", "Jewel"), "NESW"),
        at(5, 3): lay(card("Key", "Ring"), "NE"),
        at(5, 4): lay(card("Map", "Book"), "NS"),
    }
    game = position(
        "caffeinated",
        layout=layout,
        hands=[[card("Owl", "Moth"), card("Key", "Goblet")], [card("Sword", "Skull")], []],
        deck=[card("Gold", "Shield"), card("Rat", "Purse")],
    )
    game.apply_action(play(game, card("Key", "Goblet"), at(4, 6), "SW"))
    return game


# The expected text was generated once from fixed_table() with
#   (DATA / "render_caffeinated_turn1.txt").write_text(render_text(fixed_table()))
# and checked by eye against the layout above: every "--" and "|" runs from a card's
# "+" to exactly the edges it opens (Crown/Key only east-west, Shield/Crown south and
# west, Purse/Crown north, east and south, the cross all four, Key/Ring north and
# east, Map/Book north and south, the played Key/Goblet south and west with its "*"),
# each card's top row names its two treasures, and (4, 3) shows the empty-cell dot.
def test_text_of_a_fixed_table_matches_the_stored_picture():
    expected = (DATA / "render_caffeinated_turn1.txt").read_text()
    assert render_text(fixed_table()) == expected


def test_text_paths_follow_the_openings():
    game = fixed_table()
    lines = render_text(game).splitlines()
    # Rows of the picture: 2 header lines, then 3 lines per table row from row 3.
    def cell_text(row: int, col: int) -> list[str]:
        top = 2 + 3 * (row - 3)
        left = 5 + 5 * (col - 3)
        return [line[left : left + 5] for line in lines[top : top + 3]]

    for (row, col), opens in {(3, 3): "EW", (3, 4): "SW", (4, 4): "NES",
                              (4, 5): "NESW", (5, 3): "NE", (5, 4): "NS",
                              (4, 6): "SW"}.items():
        top, mid, bottom = cell_text(row, col)
        assert (top[2] == "|") == ("N" in opens), (row, col, top)
        assert (mid[3:] == "--") == ("E" in opens), (row, col, mid)
        assert (bottom[2] == "|") == ("S" in opens), (row, col, bottom)
        assert (mid[:2] == "--") == ("W" in opens), (row, col, mid)
        assert mid[2] == "+"
    assert cell_text(4, 3)[1] == "  .  "


def test_text_marks_every_card_played_this_turn():
    game = position(
        "caffeinated",
        layout={at(4, 4): lay(card("Map", "Book"), "NS")},
        hands=[[card("Goblet", "Jewel")], []],
        deck=[card("Gold", "Shield")],
    )
    game.apply_action(play(game, card("Goblet", "Jewel"), at(5, 4), "NESW"))
    assert game.played_this_turn == [at(5, 4)]
    assert "*" in render_text(game)


def test_text_shows_the_end():
    game = new_game(0, variant="official", num_players=2)
    rng = np.random.default_rng(0)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply_action(legal[int(rng.integers(len(legal)))])
    text = render_text(game)
    assert f"game over (finished): scores {game.scores()}" in text
    assert "hand of player" not in text


# ------------------------------------------------------------------- images
def arm_pixels(img: np.ndarray, cell: int) -> dict[str, np.ndarray]:
    """One pixel inside each of the four path arms of ``cell``'s tile."""
    r, c = divmod(cell, SIZE)
    y, x = r * CELL, c * CELL
    half = CELL // 2
    return {"N": img[y + 2, x + half], "E": img[y + half, x + CELL - 3],
            "S": img[y + CELL - 3, x + half], "W": img[y + half, x + 2]}


def lone_card(openings: str) -> LabyrinthCardsGame:
    corner = card("Key", "Ring")
    return position("caffeinated", layout={at(4, 4): lay(corner, openings),
                                           at(4, 5): lay(card("Map", "Book"), "NS")},
                    hands=[[], []])


def test_image_shape_and_type():
    img = render_rgb(fixed_table())
    assert isinstance(img, np.ndarray) and img.dtype == np.uint8
    assert img.ndim == 3 and img.shape[2] == 3
    assert img.shape[:2] == (SIZE * CELL, SIZE * CELL)


@pytest.mark.parametrize("a, b", [("NE", "ES"), ("NE", "SW"), ("NE", "NW"), ("ES", "NW")])
def test_image_paths_differ_exactly_where_openings_differ(a, b):
    img_a, img_b = render_rgb(lone_card(a)), render_rgb(lone_card(b))
    arms_a, arms_b = arm_pixels(img_a, at(4, 4)), arm_pixels(img_b, at(4, 4))
    for d in "NESW":
        differs = not np.array_equal(arms_a[d], arms_b[d])
        assert differs == ((d in a) != (d in b)), (a, b, d)
    # Open arms all look alike, and unlike closed ones.
    opened = {tuple(arms_a[d]) for d in a}
    closed = {tuple(arms_a[d]) for d in "NESW" if d not in a}
    assert len(opened) == 1 and len(closed) == 1 and opened != closed
    # The other card's tile is untouched.
    other = slice(4 * CELL, 5 * CELL), slice(5 * CELL, 6 * CELL)
    assert np.array_equal(img_a[other], img_b[other])


def test_image_shows_cards_only_where_they_lie():
    game = fixed_table()
    img = render_rgb(game)
    empty = img[4 * CELL : 5 * CELL, 3 * CELL : 4 * CELL]  # the empty cell (4, 3)
    far = img[0:CELL, 0:CELL]
    assert np.array_equal(empty, far)
    for cell in game.occupied:
        r, c = divmod(cell, SIZE)
        tile = img[r * CELL : (r + 1) * CELL, c * CELL : (c + 1) * CELL]
        assert not np.array_equal(tile, far)


# -------------------------------------------------------------- env render
def test_env_render_modes():
    env = gymnasium.make(ENV_ID, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text == render_text(env.unwrapped.game)
    env = gymnasium.make(ENV_ID, render_mode="rgb_array")
    env.reset(seed=3)
    assert np.array_equal(env.render(), render_rgb(env.unwrapped.game))
    assert gymnasium.make(ENV_ID).unwrapped.render() is None


def test_pettingzoo_render_test():
    # render_test builds the env once with render_mode="human" only to read its
    # metadata; the env rightly rejects a mode it does not have, so map that one call.
    def env_fn(render_mode=None):
        return labyrinth_cards.env(
            variant="steroids", num_players=3,
            render_mode=None if render_mode == "human" else render_mode)

    render_test(env_fn, custom_tests={
        "ansi": lambda text: text.startswith("Labyrinth the Card Game (steroids)"),
        "rgb_array": lambda img: img.shape == (SIZE * CELL, SIZE * CELL, 3),
    })
