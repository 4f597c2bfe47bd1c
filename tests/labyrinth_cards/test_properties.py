"""Properties of Labyrinth the Card Game over many random games.

After every single step: the 50 cards are all somewhere exactly once, the layout is one
edge-connected group, hands stay within their limits, a live game always has a legal
action, and observations lie in the observation space. The legal set is compared with
a brute-force reading of the rules written here from scratch (own path tracing, own
connectivity check): which plays, rotations and draws are allowed, which cards may be
collected, and that a turn which ended without a collection really had nothing to
collect. Every game ends, finished or truncated; a game that ends with cards in hand
ended by a full round without a card played or collected, and such a round always ends
the game. The layout never touches the grid's border at a decision unless it is too
wide to slide clear of it, and a slide moves every card by the same shift, turned as it
was. Plain seeded loops, every variant x 2/4/6 players.
"""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium import spaces

from labyrinth_gym.envs.labyrinth_cards.encoding import OBS_SIZE, encode
from labyrinth_gym.envs.labyrinth_cards.engine import actions as A
from labyrinth_gym.envs.labyrinth_cards.engine.game import (
    COLLECT,
    PLAY,
    LabyrinthCardsGame,
    new_game,
)
from labyrinth_gym.envs.labyrinth_cards.engine.layout import EMPTY

from .positions import CARDS, SIZE, neighbours

OBS_SPACE = spaces.Box(-1.0, 1.0, shape=(OBS_SIZE,), dtype=np.float32)
VARIANTS = ["official", "caffeinated", "steroids"]
# Direction bits N, E, S, W and the step to the neighbour that way.
TOWARDS = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}
FACING = {1: 4, 2: 8, 4: 1, 8: 2}


# ------------------------------------------------ the rules, read afresh
def turned(mask: int, quarter_turns: int) -> int:
    for _ in range(quarter_turns % 4):
        mask = ((mask << 1) | (mask >> 3)) & 15
    return mask


def openings(game: LabyrinthCardsGame, cell: int) -> int:
    return turned(CARDS[game.card_at[cell]].openings, game.rot_at[cell])


def neighbour(cell: int, d: int) -> int | None:
    r, c = divmod(cell, SIZE)
    dr, dc = TOWARDS[d]
    if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
        return (r + dr) * SIZE + c + dc
    return None


def cards_on_table(game: LabyrinthCardsGame) -> set[int]:
    return {cell for cell in range(SIZE * SIZE) if game.card_at[cell] != EMPTY}


def one_group(cells: set[int]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for nb in neighbours(todo.pop()):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen == cells


def sets_on_table(game: LabyrinthCardsGame) -> list[tuple[int, frozenset[int]]]:
    """``(treasure, cells)`` for every treasure shown 2+ times in one path group."""
    cells = cards_on_table(game)
    out = []
    seen: set[int] = set()
    for start in sorted(cells):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            cell = todo.pop()
            for d in TOWARDS:
                nb = neighbour(cell, d)
                if (nb in cells and nb not in group and openings(game, cell) & d
                        and openings(game, nb) & FACING[d]):
                    group.add(nb)
                    todo.append(nb)
        seen |= group
        for t in range(25):
            showing = frozenset(c for c in group if t in CARDS[game.card_at[c]].treasures)
            if len(showing) >= 2:
                out.append((t, showing))
    return sorted(out, key=lambda x: (x[0], sorted(x[1])))


def expected_collectable(
    game: LabyrinthCardsGame,
    sets: list[frozenset[int]],
    claimed: list[frozenset[int]],
    played: list[int],
    taken: int,
) -> set[int]:
    """Cells the five collection rules (or the official rule) allow now."""
    if game.variant == "official" and taken:
        return set()
    table = cards_on_table(game)
    out = set()
    for cell in set().union(*sets) if sets else set():
        if cell not in table or cell in played:  # rule 1
            continue
        mine = [s for s in sets if cell in s]
        if game.variant == "official" and not any(played[-1] in s for s in mine):
            continue
        if any(not (s & table) - {cell} for s in claimed + mine):  # rule 4
            continue
        if not one_group(table - {cell}):  # rules 2 and 3
            continue
        out.add(cell)
    return out


def expected_legal(game: LabyrinthCardsGame) -> set[int]:
    """The whole legal set of the action phase, by brute force."""
    table = cards_on_table(game)
    hand = game.hands[game.player]
    variant = game.variant != "official"
    legal = set()
    for cell in range(SIZE * SIZE):
        if cell in table:
            if variant:
                legal |= {A.rotate_index(cell, 0, SIZE), A.rotate_index(cell, 1, SIZE)}
            continue
        nbs = [(d, neighbour(cell, d)) for d in TOWARDS]
        nbs = [(d, nb) for d, nb in nbs if nb in table]
        if not nbs:
            continue
        for slot, card_id in enumerate(hand):
            for r in range(4):
                mine = turned(CARDS[card_id].openings, r)
                if not variant or any(mine & d and openings(game, nb) & FACING[d]
                                      for d, nb in nbs):
                    legal.add(A.play_index(slot, cell, r, SIZE))
    if variant and len(hand) < 6 and game.deck:
        legal.add(A.draw_index(SIZE))
    return legal


# ------------------------------------------------------------- the checks
def check_state(game: LabyrinthCardsGame, step: int) -> None:
    table = cards_on_table(game)
    assert table == game.occupied
    for cell in table:
        assert game.open_at[cell] == openings(game, cell)
    everything = (game.deck + [game.card_at[c] for c in table]
                  + [c for h in game.hands for c in h] + [c for p in game.collected for c in p])
    assert sorted(everything) == list(range(50)), "cards not conserved"
    assert one_group(table), "the layout fell apart"
    limit = 2 if game.variant == "official" else 6
    assert all(len(h) <= limit for h in game.hands)
    assert all(h == sorted(h) for h in game.hands)
    assert game.turn <= game.max_turns
    seat = game.current_player()
    if step % 10 == 0 or game.is_terminal():
        seats = range(game.num_players)
    else:
        seats = [seat]
    for s in seats:
        assert OBS_SPACE.contains(encode(game, s))
    legal = game.legal_actions()
    if game.is_terminal():
        assert legal == [] and game.outcome in ("finished", "truncated")
        assert not game.deck or game.outcome == "truncated"
        return
    rows = {c // SIZE for c in table}
    cols = {c % SIZE for c in table}
    if {0, SIZE - 1} & (rows | cols):
        # A card on the border: only a layout too wide to leave a free line on both
        # sides may stay there.
        assert max(rows) - min(rows) >= SIZE - 2 or max(cols) - min(cols) >= SIZE - 2
    assert legal, "a live game without a legal action"
    assert np.array_equal(np.flatnonzero(game.legal_mask()), legal)
    if game.phase == PLAY:
        assert A.stop_index(SIZE) not in legal
        if game.variant == "official":
            assert len(game.hands[seat]) >= 1
            if game.deck:
                assert len(game.hands[seat]) == 2
    else:
        assert game.phase == COLLECT and A.stop_index(SIZE) in legal


class TurnLog:
    """What this turn did, read from the events: played cells, collected cells."""

    def __init__(self) -> None:
        self.played: list[int] = []
        self.taken = 0
        self.sets: list[frozenset[int]] | None = None
        self.claimed: list[frozenset[int]] = []

    def update(self, events: list[dict]) -> None:
        for e in events:
            if e["type"] == "play":
                self.played.append(e["cell"])
            elif e["type"] == "slide":
                self.played = [c + e["rows"] * SIZE + e["cols"] for c in self.played]
            elif e["type"] == "collect":
                self.taken += 1
                assert self.sets is not None
                self.claimed += [s for s in self.sets if e["cell"] in s
                                 and s not in self.claimed]


def play_checked(game: LabyrinthCardsGame, rng: np.random.Generator,
                 deep_every: int = 5) -> dict[str, int]:
    """Play a random game to its end checking every state; count what was checked."""
    check_state(game, 0)
    log = TurnLog()
    steps = 0
    seen = {"plays": 0, "collect": 0, "blocked": 0, "quiet": 0, "slides": 0}
    #: per finished turn: did it end with the deck empty having played/collected nothing
    idle: list[bool] = []
    while not game.is_terminal():
        lying = {c: (game.card_at[c], game.rot_at[c]) for c in game.occupied}
        legal = game.legal_actions()
        if game.phase == PLAY and steps % deep_every == 0:
            assert set(legal) == expected_legal(game)
            seen["plays"] += 1
        if game.phase == COLLECT:
            if log.sets is None:  # collection just began: trace the sets afresh
                traced = sets_on_table(game)
                assert sorted(sorted(v) for v in game.sets.values()) == sorted(
                    sorted(s) for _, s in traced)
                log.sets = [s for _, s in traced]
            cells = {a - A.collect_base(SIZE) for a in legal if a != A.stop_index(SIZE)}
            assert cells == expected_collectable(game, log.sets, log.claimed, log.played,
                                                 log.taken)
            seen["collect"] += 1
        # Collecting is rare in random play; pick a collect half of the time.
        collects = [a for a in legal if A.collect_base(SIZE) <= a < A.stop_index(SIZE)]
        if collects and rng.random() < 0.5:
            action = collects[int(rng.integers(len(collects)))]
        else:
            action = legal[int(rng.integers(len(legal)))]
        before = len(game.events)
        game.apply_action(action)
        steps += 1
        new = game.events[before:]
        # The events tell every change of the layout: replayed on the layout before
        # the step they give the layout after it. A slide moves every card by one
        # shift, turned as it was.
        for e in new:
            if e["type"] == "play":
                lying[e["cell"]] = (e["card"], e["rotation"])
            elif e["type"] == "rotate":
                lying[e["cell"]] = (lying[e["cell"]][0], e["rotation"])
            elif e["type"] == "collect":
                assert lying.pop(e["cell"])[0] == e["card"]
            elif e["type"] == "slide":
                assert (e["rows"], e["cols"]) != (0, 0)
                shift = e["rows"] * SIZE + e["cols"]
                lying = {c + shift: v for c, v in lying.items()}
                seen["slides"] += 1
        assert lying == {c: (game.card_at[c], game.rot_at[c]) for c in game.occupied}
        log.update(new)
        if any(e["type"] in ("turn", "game_over") for e in new):
            idle.append(not game.deck and not log.played and not log.taken)
            n = game.num_players
            round_idle = len(idle) >= n and all(idle[-n:])
            if game.is_terminal() and not game.is_truncated():
                # Finished: hands played out, or a full round of idle turns.
                assert not any(game.hands) or round_idle
                over = game.events[-1]
                assert over["type"] == "game_over"
                assert over["reason"] == (
                    "hands played out" if not any(game.hands)
                    else "a round without a card played or collected")
            else:
                assert not round_idle, "a round without plays or collections went on"
            if not any(e["type"] in ("collect", "stop") for e in new) and log.sets is None:
                # The turn ended straight after its actions: nothing was collectable.
                traced = [s for _, s in sets_on_table(game)]
                assert not expected_collectable(game, traced, [], log.played, 0)
                seen["blocked" if traced else "quiet"] += 1
            log = TurnLog()
        check_state(game, steps)
        assert steps < 20 * game.max_turns, "the game does not end"
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_invariants_hold_in_random_games(variant, players):
    outcomes = []
    collected = 0
    seen = dict.fromkeys(("plays", "collect", "blocked", "quiet", "slides"), 0)
    for seed in range(30):
        rng = np.random.default_rng([seed, players])
        game = new_game(seed, variant=variant, num_players=players)
        for key, n in play_checked(game, rng).items():
            seen[key] += n
        outcomes.append(game.outcome)
        collected += sum(game.scores())
        if game.outcome == "finished":
            best = max(game.scores())
            if len(set(game.scores())) == 1:
                assert game.returns() == [0.0] * players
            else:
                assert game.returns() == [1.0 if s == best else -1.0 for s in game.scores()]
    assert set(outcomes) == {"finished"}
    assert collected > 0
    if variant == "official":
        # Official layouts sprawl (nothing is collected to thin them): random play
        # reaches the border, and the slides were checked above.
        assert seen["slides"] > 0
    # The brute-force checks really ran: collections, and turns whose sets were all
    # blocked by the rules.
    assert seen["plays"] > 100 and seen["collect"] > 30
    assert seen["blocked"] > 5 and seen["quiet"] > 20, seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_invariants_hold_up_to_truncation(variant):
    truncated = 0
    for seed in range(30):
        rng = np.random.default_rng(seed)
        cap = int(rng.integers(1, 30))
        game = new_game(seed, variant=variant, num_players=int(rng.integers(2, 7)),
                        max_turns=cap)
        play_checked(game, rng, deep_every=11)
        if game.is_truncated():
            truncated += 1
            assert game.turn == cap
            # scored like any other end, by the cards collected so far
            scores = game.scores()
            best = max(scores)
            assert game.returns() == (
                [0.0] * game.num_players if min(scores) == best
                else [1.0 if x == best else -1.0 for x in scores])
    assert truncated >= 25
