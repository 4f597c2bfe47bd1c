"""``determinize(p)`` gives a view whose log is seat ``p``'s (``events_for(p)``).

The view once carried a copy of the referee's log, other seats' draws included, so a
search agent handed ``player_view()`` could have read an opponent's hand from it.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from labyrinth_gym.envs import game_names, game_spec
from labyrinth_gym.envs.core.engine import Game

CONFIGS = {
    "labyrinth_cards": {"num_players": 3},
    "magic": {"num_players": 3},
    "dungeon_crawler": {"num_players": 3, "max_rounds": 15},
    "mazerunner": {"num_players": 4, "max_turns": 12},
}
HIDDEN_DRAWS = {"magic", "dungeon_crawler", "mazerunner"}
"""Games whose log names a card drawn into a hand only its player sees."""


def states(name: str, seed: int, every: int = 40, limit: int = 600):
    """The game at every ``every``-th action of a random game, and at its end."""
    rng = np.random.default_rng(seed)
    game = game_spec(name).new_game(np.random.default_rng(seed), **CONFIGS.get(name, {}))
    for step in range(limit):
        if game.is_terminal():
            break
        if step % every == 0:
            yield game
        legal = game.legal_actions()
        game.apply_action(legal[int(rng.integers(len(legal)))])
    yield game


def redacted(game: Game, seat: int) -> int:
    """How many events of the log seat ``seat`` sees differently from the referee."""
    return sum(game.event_for(e, seat) != e for e in game.events)


def test_every_game_is_covered():
    assert set(CONFIGS) | {"maze_party", "arcane_labyrinth"} == set(game_names())


@pytest.mark.parametrize("name", game_names())
def test_the_view_carries_the_seats_log_and_no_other_seats_draw(name):
    hidden = 0
    for seed in range(2):
        for game in states(name, seed):
            before = json.dumps(game.events)
            for seat in range(game.num_players):
                view = game.determinize(seat, np.random.default_rng([seed, seat]))
                assert view.events == game.events_for(seat)
                assert view.events is not game.events
                for true, seen in zip(game.events, view.events, strict=True):
                    if true.get("type") in ("draw", "draw_treasure", "manifest") \
                            and "card" in true and true["player"] != seat:
                        assert "card" not in seen  # another seat's draw
                        hidden += 1
                n = redacted(game, seat)
                assert sum(a != b for a, b in zip(game.events, view.events,
                                                   strict=True)) == n
                # The view's log is its own list: playing on in it (or adding to it)
                # leaves the game's log as it was.
                view.events.append({"turn": -1, "type": "probe"})
                if not view.is_terminal():
                    view.apply_action(view.legal_actions()[0])
            assert json.dumps(game.events) == before
    if name in HIDDEN_DRAWS:
        assert hidden > 0  # the check did meet draws it had to hide


@pytest.mark.parametrize("name", ["magic", "arcane_labyrinth", "mazerunner"])
def test_a_view_of_a_view_and_a_subclass_resampling_keep_the_seats_log(name):
    """Arcane Labyrinth resamples on top of the card engine's ``determinize``, and
    Mazerunner inherits it: both views carry the seat's log, and determinizing a view
    again (what a search agent does with ``player_view()``) keeps it."""
    game = list(states(name, 0, every=10**6, limit=300))[-1]
    for seat in range(game.num_players):
        view = game.determinize(seat, np.random.default_rng(seat))
        again = view.determinize(seat, np.random.default_rng(seat + 10))
        assert view.events == again.events == game.events_for(seat)


@pytest.mark.parametrize("name", ["magic", "labyrinth_cards"])
def test_clones_that_play_on_differently_each_get_their_own_log(name):
    """A seat's view of the log is worked out once per game and extended as the game
    goes on; a clone that plays on differently gets its own."""
    game = list(states(name, 1, every=10**6, limit=200))[-1]
    rng = np.random.default_rng(1)
    for seat in range(game.num_players):
        game.determinize(seat, rng)
    branches = [game.clone() for _ in range(3)]
    for k, branch in enumerate(branches):
        for _ in range(30 * (k + 1)):
            if branch.is_terminal():
                break
            legal = branch.legal_actions()
            branch.apply_action(legal[int(rng.integers(len(legal)))])
    for branch in [*branches, game]:
        for seat in range(game.num_players):
            assert branch.determinize(seat, rng).events == branch.events_for(seat)
