"""Every game declares its constructor arguments on its GameSpec (``options``), what
``labyrinth-gym list GAME`` shows: each is documented in the env's docstring, accepted
with its default, and every value an enumerated option lists is accepted too."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from labyrinth_gym.envs import game_names, game_spec

GAMES = game_names()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_lists_its_options(game):
    spec = game_spec(game)
    names = [o.name for o in spec.options]
    assert names, f"{game} declares no options"
    assert len(names) == len(set(names))
    doc = importlib.import_module(f"labyrinth_gym.envs.{game}.env").__doc__
    arguments = doc.split("## Arguments", 1)[1]
    for name in names:  # the docstring is the spec: no option it does not describe
        assert f"``{name}``" in arguments, f"{game}: {name} missing from ## Arguments"
    for option in spec.options:
        assert option.help and option.describe_allowed()


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_accepted_with_its_default(game):
    spec = game_spec(game)
    defaults = {o.name: o.default for o in spec.options}
    game_ = spec.new_game(np.random.default_rng(0), **defaults)
    assert game_.legal_actions()
    for option in spec.options:
        spec.new_game(np.random.default_rng(1), **{option.name: option.default})


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_choice_is_accepted(game):
    spec = game_spec(game)
    for option in spec.options:
        for value in option.choices() or ():
            spec.new_game(np.random.default_rng(2), **{option.name: value})


@pytest.mark.parametrize("game", GAMES)
def test_a_default_is_what_the_game_uses_when_it_is_not_given(game):
    spec = game_spec(game)
    default = {o.name: o.default for o in spec.options}
    given = spec.new_game(np.random.default_rng(3), **default)
    plain = spec.new_game(np.random.default_rng(3))
    assert given.to_dict() == plain.to_dict()
