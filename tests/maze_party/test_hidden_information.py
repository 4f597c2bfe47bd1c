"""What the party knows of the deck, and that observations never say more.

Two worlds that differ only in what the party cannot know (the order of an unordered
pair, where unseen cards lie) must look the same to every member, not just at the
moment they are set apart but for as long as the public record (the event log) stays
the same in both: the same actions with the same dice then reveal nothing new.
"""

from __future__ import annotations

import numpy as np

from labyrinth_gym.envs.maze_party.encoding import OFFSETS, encode
from labyrinth_gym.envs.maze_party.engine import actions as A
from labyrinth_gym.envs.maze_party.engine.cards import (
    DEAD_END,
    KNOWN,
    KNOWN_SET,
    MONSTER,
    RIGHT_PATH,
    UNKNOWN,
    Piles,
)
from labyrinth_gym.envs.maze_party.engine.game import PHASE_NAMES, MazePartyGame

MAZES = ["enchanted_forest", "goblin_warren", "sunken_catacombs"]
PAIR_BLOCK = slice(OFFSETS["deck"] + 8, OFFSETS["deck"] + 12)


def same_view(a: MazePartyGame, b: MazePartyGame) -> bool:
    """Every member sees the same observation, table view and legal actions."""
    return (
        a.legal_actions() == b.legal_actions()
        and a.observation_for(0) == b.observation_for(0)
        and all(np.array_equal(encode(a, seat), encode(b, seat)) for seat in range(a.n))
    )


def prefer(game: MazePartyGame, preferred: tuple[int, ...]) -> int:
    """The first legal action of ``preferred``, else the highest legal action."""
    legal = game.legal_actions()
    return next((a for a in preferred if a in legal), legal[-1])


# ------------------------------------------------------- the position
def play_to_boost_morale(game: MazePartyGame) -> list[int]:
    """The issue's line: It's Elementary! and Boost Morale whenever legal, else the
    highest legal action, until Boost Morale has refilled the river."""
    played = []
    while not any(e["type"] == "boost_morale" for e in game.events):
        assert not game.is_terminal(), "the line never reached Boost Morale"
        played.append(prefer(game, (A.USE_INT, A.USE_CHA)))
        game.apply_action(played[-1])
    return played


def test_boost_morale_drawing_one_card_of_a_known_pair_forgets_the_pair():
    # Issue: It's Elementary! put Dead End + Right Path back on top (a known pair), a
    # Sleep Dust Monster went on top of them and into the river, then Boost Morale
    # refilled the river with the pair's top card. Before the fix the Right Path kept
    # its pair flag, so the pair block named the card left on the deck.
    game = MazePartyGame.new(1481, party=2)
    play_to_boost_morale(game)
    piles = game.piles
    assert piles.river == [MONSTER, DEAD_END, DEAD_END]
    assert piles.river_known == [True, False, False]  # the Sleep Dust Monster is known
    assert piles.stuck == [False, False, True]
    assert piles.deck[-1] == RIGHT_PATH
    assert KNOWN_SET not in piles.deck_known
    for seat in range(game.n):
        assert not encode(game, seat)[PAIR_BLOCK].any()

    # The other world: the pair went back on top the other way round. Everything the
    # party saw is the same, so it must see the same after Boost Morale.
    game = MazePartyGame.new(1481, party=2)
    while game.piles.deck_known[-2:] != [KNOWN_SET, KNOWN_SET]:
        game.apply_action(prefer(game, (A.USE_INT, A.USE_CHA)))
    other = game.clone()
    other.piles.deck[-2:] = other.piles.deck[-2:][::-1]
    assert other.piles.deck != game.piles.deck
    assert same_view(game, other)
    rest = play_to_boost_morale(game)
    for action in rest:
        other.apply_action(action)
    assert other.events == game.events
    assert other.piles.river[1] != game.piles.river[1]  # a different card went down
    assert same_view(game, other)


# ----------------------------------------------------------- over many games
def hidden_twin(game: MazePartyGame, rng: np.random.Generator, how: str):
    """A copy with the same dice that differs only in what the party cannot know, or
    None when ``how`` finds nothing to change."""
    if how == "determinize":
        twin = game.determinize(game.active, rng)
    else:
        twin = game.clone()
        deck, known = twin.piles.deck, twin.piles.deck_known
        if how == "pair":
            spots = [i for i, k in enumerate(known) if k == KNOWN_SET]
        else:  # two unseen deck cards
            spots = [i for i, k in enumerate(known) if k == UNKNOWN]
            if len(spots) > 2:
                spots = sorted(rng.choice(spots, size=2, replace=False).tolist())
        if len(spots) != 2:
            return None
        i, j = spots
        deck[i], deck[j] = deck[j], deck[i]
    # The same future dice: only the hidden cards set the worlds apart.
    twin.dice = game.dice.copy()
    return twin if twin.piles.to_dict() != game.piles.to_dict() else None


def seed_position(game: MazePartyGame, rng: np.random.Generator) -> None:
    """Move the first action phase to a state the issue's line reaches only rarely.

    Up to two Dead Ends from the deck get stuck in the river (the face-down cards
    they replace go into the deck), and the top two deck cards become a known pair,
    sometimes under a known card: the Sleep Dust Monster's place, which the rules
    only pass through between two turns (or end in, truncated). Cards stay
    conserved and the flags claim only what a party could know, so the twins built
    from these states must look the same like any others.
    """
    piles = game.piles
    deck = piles.deck
    for slot in rng.permutation(3)[: int(rng.integers(0, 3))].tolist():
        ends = [i for i, card in enumerate(deck) if card == DEAD_END]
        if piles.river[slot] < 0 or piles.stuck[slot] or not ends:
            continue
        i = ends[int(rng.integers(len(ends)))]
        deck[i], piles.river[slot] = piles.river[slot], DEAD_END
        piles.stuck[slot] = True
        piles.river_known[slot] = False
    if len(deck) >= 3 and rng.random() < 0.8:
        piles.deck_known[-2:] = [KNOWN_SET, KNOWN_SET]
        if rng.random() < 0.5:
            piles.deck_known[-3:] = [KNOWN_SET, KNOWN_SET, KNOWN]
    game._legal = None


def test_worlds_differing_only_in_hidden_order_look_the_same():
    """Fork the game into knowledge-consistent twins at random points (and whenever a
    known pair lies on the deck), play the same actions in all of them, and compare
    what every member sees after each step for as long as the event logs agree.

    Half of the games start from :func:`seed_position`, so that Boost Morale and the
    draw phase often take one card of a known pair.
    """
    rng = np.random.default_rng(2024)
    compared = {"determinize": 0, "pair": 0, "deck": 0}
    pair_draws = {"action": 0, "choose": 0}
    for g in range(300):
        game = MazePartyGame.new(
            int(rng.integers(2**31)), maze=MAZES[g % 3], party=1 + g % 6
        )
        if g % 2:
            seed_position(game, rng)
        # The line (It's Elementary! / Boost Morale first) builds and draws
        # known pairs far more often than uniform play.
        preferred = (A.USE_INT, A.USE_CHA) if g % 4 < 2 else ()
        twins: list[tuple[MazePartyGame, int, str]] = []
        while not game.is_terminal():
            for how in ("pair", "determinize", "deck"):
                if len(twins) >= 6 or (how != "pair" and rng.random() > 0.15):
                    continue
                twin = hidden_twin(game, rng, how)
                if twin is not None:
                    assert same_view(game, twin), how
                    twins.append((twin, len(game.events), how))
            if preferred and rng.random() < 0.7:
                action = prefer(game, preferred)
            else:
                legal = game.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            phase = PHASE_NAMES[game.phase]
            pair = game.piles.deck_known.count(KNOWN_SET)
            game.apply_action(action)
            if pair == 2 and game.piles.deck_known.count(KNOWN_SET) < 2:
                pair_draws[phase] = pair_draws.get(phase, 0) + 1
            kept = []
            for twin, fork, how in twins:
                twin.apply_action(action)
                if twin.events[fork:] != game.events[fork:]:
                    continue  # something hidden came to light differently: apart now
                assert same_view(game, twin), (how, game.events[fork:])
                compared[how] += 1
                if not twin.is_terminal():
                    kept.append((twin, fork, how))
            twins = kept
    assert min(compared.values()) > 500, compared
    # Boost Morale (an action-phase draw) and the draw phase (after a choice) both
    # took cards of known pairs many times.
    assert min(pair_draws["action"], pair_draws["choose"]) > 30, pair_draws


def test_the_dm_taking_a_deck_monster_does_not_say_which_one(position):
    # A paths-only maze: slaying the Wight takes a random Monster out of the deck. The
    # party buried a Monster at the bottom with It's Elementary!; whether the DM took
    # that one or another depends on how many Monsters the deck holds, which the party
    # does not know. Two worlds that differ only there: an unseen card in the deck is a
    # Monster in one and the Dead End of the discard in the other.
    def world(hidden: int, discarded: int, index: int) -> MazePartyGame:
        game = position(
            maze="sunken_catacombs", deck=[MONSTER, RIGHT_PATH, hidden] + [RIGHT_PATH] * 4,
            river=[MONSTER, RIGHT_PATH, RIGHT_PATH], discard=[discarded], dice=[1, 1],
        )
        game.piles.deck_known[0] = KNOWN
        game.initiative = [15]
        game.dm_points = 1
        game.apply_action(A.PASS)
        game.apply_action(A.SLOT)  # the second Monster card: the Wight attacks
        game.combat.hp = 5
        game.dice.values += [15, 4, index]  # hit, damage, which deck Monster goes
        game.apply_action(A.ATTACK)
        return game

    # One die roll in [0.5, 1) picks index 1 of 2 Monsters and index 0 of 1.
    two, one = world(MONSTER, DEAD_END, 1), world(DEAD_END, MONSTER, 0)
    assert two.events == one.events
    assert two.piles.deck[0] == MONSTER and one.piles.deck[0] == RIGHT_PATH
    assert same_view(two, one)
    assert two.piles.deck_known[0] == UNKNOWN  # the buried Monster may be gone


def test_taking_an_unseen_card_keeps_what_cannot_have_moved():
    piles = Piles()
    # Bottom-first: a known Right Path at the bottom, unknown cards, a known Monster,
    # a known pair without a Monster on top.
    piles.deck = [RIGHT_PATH, MONSTER, DEAD_END, MONSTER, RIGHT_PATH, DEAD_END]
    piles.deck_known = [KNOWN, UNKNOWN, UNKNOWN, KNOWN, KNOWN_SET, KNOWN_SET]
    assert piles.take_unseen(1) == MONSTER
    # The known Monster may have been the one taken: forgotten. The pair above and
    # the Right Path below cannot have moved: kept.
    assert piles.deck == [RIGHT_PATH, DEAD_END, MONSTER, RIGHT_PATH, DEAD_END]
    assert piles.deck_known == [KNOWN, UNKNOWN, UNKNOWN, KNOWN_SET, KNOWN_SET]


def test_a_scouted_or_mapped_card_stays_known_when_drawn(position):
    # Only an unordered pair is forgotten on a draw; a card known at its place goes
    # into the river known.
    game = position(deck=[RIGHT_PATH] * 3 + [MONSTER], river=[DEAD_END, DEAD_END,
                    RIGHT_PATH], stuck=[True, True, False])
    game.piles.deck_known[-1] = KNOWN
    game.apply_action(A.PASS)
    game.apply_action(A.SLOT + 2)
    assert game.piles.river[2] == MONSTER and game.piles.river_known[2]
