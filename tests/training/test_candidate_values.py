"""Candidate values (training/candidate_values.py): exploration games, the scorer and its
picks (the warm start through `labyrinth-gym train` is in test_train_smoke.py)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from labyrinth_gym.agents.interface import make_interface
from labyrinth_gym.training.candidate_values import (
    explore_games,
    fit_scorer,
    make_scorer,
    scorer_choices,
    win_shares,
)
from labyrinth_gym.training.warm_start import run_warm_start


def test_win_shares_split_the_win_among_the_best_and_a_draw_among_all():
    assert win_shares([1.0, -1.0, -1.0]).tolist() == [1.0, 0.0, 0.0]
    assert win_shares([0.0] * 4).tolist() == [0.25] * 4
    assert win_shares([2.0, 2.0, 1.0]).tolist() == [0.5, 0.5, 0.0]


def test_exploration_tries_other_candidates_only_at_the_kinds_given_and_is_seeded():
    kw = {"num_players": 2, "max_rounds": 8}
    data = explore_games("dungeon_crawler", "candidates", 2, 5, explore=0.0,
                         explore_kinds={"choose_start": 1.0, "respawn_square": 1.0},
                         game_kwargs=kw, workers=1)
    kinds, chosen, masks = data["kinds"], data["chosen"], data["masks"]
    starts = kinds == "choose_start"
    assert starts.sum() == 4  # both seats choose a start in both games
    several = masks.sum(1) > 1
    # at rate 1 every choice with an alternative is another candidate than 0...
    assert (chosen[starts & several] != 0).all()
    assert data["explored"][starts & several].all()
    # ...and at rate 0 never
    rest = ~np.isin(kinds, ["choose_start", "respawn_square"])
    assert (chosen[rest] == 0).all() and not data["explored"][rest].any()
    # every sample of a game carries one seat's share of that game's win
    for g in np.unique(data["game"]):
        assert set(data["shares"][data["game"] == g].tolist()) <= {0.0, 0.5, 1.0}
    again = explore_games("dungeon_crawler", "candidates", 2, 5, explore=0.0,
                          explore_kinds={"choose_start": 1.0, "respawn_square": 1.0},
                          game_kwargs=kw, workers=2)
    for key in data:
        assert np.array_equal(data[key], again[key]), key


def test_an_exploration_rate_outside_0_1_is_refused():
    with pytest.raises(ValueError, match="respawn_square=1.5"):
        explore_games("dungeon_crawler", "candidates", 1, 0, explore=0.0,
                      explore_kinds={"respawn_square": 1.5})


def test_the_scorer_finds_the_candidate_feature_that_wins():
    """A planted bandit: the chosen candidate's first feature is its chance to win."""
    rng = np.random.default_rng(0)
    n, g, c, k = 20_000, 2, 2, 4
    cand = rng.random((n, k, c)).astype(np.float32)
    obs = np.concatenate([rng.random((n, g)).astype(np.float32), cand.reshape(n, -1)], 1)
    chosen = rng.integers(0, k, n)
    shares = (rng.random(n) < cand[np.arange(n), chosen, 0]).astype(np.float32)
    data = {"observations": obs, "chosen": chosen, "shares": shares,
            "game": np.arange(n) // 10, "masks": np.ones((n, k), dtype=bool)}
    scorer, report = fit_scorer(data, (g, c, k), epochs=3)
    assert report["held_out_loss"] < report["held_out_loss_of_the_mean"] - 0.02
    picks = scorer_choices(scorer, obs[:500], data["masks"][:500])
    best = cand[:500, :, 0].argmax(1)
    assert (picks == best).mean() > 0.8


def test_picks_keep_candidate_0_below_the_margin_where_untried_and_never_masked():
    scorer = make_scorer(1, 1, 3)
    with torch.no_grad():  # a scorer whose logit is the candidate's feature
        for layer in scorer.net:
            if isinstance(layer, torch.nn.Linear):
                layer.weight.zero_()
                layer.bias.zero_()
        scorer.net[0].weight[0, 1] = 1.0
        scorer.net[2].weight[0, 0] = 1.0
        scorer.net[4].weight[0, 0] = 1.0
    obs = np.array([[0, 0.0, 2.0, 1.0],    # candidate 1 best by far
                    [0, 1.0, 1.02, 0.0],   # candidate 1 better by a hair
                    [0, 0.0, 2.0, 3.0],    # candidate 2 best, but masked
                    [0, 0.0, 2.0, 1.0]],   # as row 0, but a kind never tried
                   dtype=np.float32)
    masks = np.array([[1, 1, 1], [1, 1, 1], [1, 1, 0], [1, 1, 1]], dtype=bool)
    where = np.array([True, True, True, False])
    assert scorer_choices(scorer, obs, masks, margin=0.01, where=where).tolist() == [1, 0, 1, 0]
    assert scorer_choices(scorer, obs, masks, margin=0.0).tolist() == [1, 1, 1, 1]


def test_a_warm_start_method_must_be_known_and_the_interface_laid_out_in_candidates():
    with pytest.raises(ValueError, match="method must be one of"):
        run_warm_start(None, "dungeon_crawler", None, {"method": "oracle"})
    with pytest.raises(ValueError, match="global_size"):
        run_warm_start(None, "dungeon_crawler", make_interface("dungeon_crawler", None),
                       {"method": "candidate_values", "games": 1})


def test_warm_start_games_show_a_progress_bar(capsys):
    """A warm start plays hundreds of games before PPO's own bar starts: it says so."""
    from labyrinth_gym.agents.interface import make_interface
    from labyrinth_gym.training.warm_start import collect

    interface = make_interface("maze_party", None)
    collect("maze_party", interface, "heuristic", 3, 0, 0.99, progress=True)
    err = capsys.readouterr().err
    assert "warm start: heuristic games" in err and "3/3" in err
    collect("maze_party", interface, "heuristic", 2, 0, 0.99, progress=False)
    assert "warm start" not in capsys.readouterr().err
