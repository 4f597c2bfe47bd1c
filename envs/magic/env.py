"""Magic: The Gathering free-for-all (2-4 players) as a PettingZoo AEC env and a
one-seat Gymnasium env, on real cards.

## Description
A game of Magic between 2 to 4 players, each with a 60-card deck of real cards
compiled into the engine's effect vocabulary; the last player standing wins. The
rules and every choice the engine automates are in
:mod:`labyrinth_gym.envs.magic.engine.game`; which cards are supported, in
``labyrinth-gym cards coverage``.

## Action Space
``Discrete(675)``, one space for every decision point, with a mask: pass, done,
yes/no, keep/mulligan, cast or play a hand slot, activate an ability of a permanent
slot, choose a player (relative seat), a permanent slot, a stack slot, a mode (or X),
attack a relative seat with a permanent slot, block with a permanent slot, choose a
hand slot, activate a card's ability from the hand, play or cast a graveyard slot (a card
from outside the hand: flashback, a graveyard permission, a library's top, exile),
concede (only when ``concede_action`` is on). A multi-part choice is a sequence
of decisions (the spell, then its modes, then each target; attackers one by one then
"done", each followed, when the defending player controls a planeswalker, by what
it attacks: that player or one of the planeswalkers; each blocker then the attacker
it blocks). The table is in
:mod:`labyrinth_gym.envs.magic.engine.actions`. A player whose only legal action is
to pass is passed for automatically, so every step is a real choice.

## Observation Space
``Box(-1, 1, (17064,), float32)``, observer-relative (seats counted from the
observer in turn order): the decision asked, the step, whose turn, life totals and
hand / library / graveyard / exile sizes per seat; the object being cast or
resolving; the observer's own hand (16 slots); the stack (16 slots); every permanent
at its permanent slot (64 slots, the slots the actions address; an opponent's
face-down permanent or spell is shown as a face-down 2/2, not its card); the two cards the
observer looks at to choose one for manifest dread; the cards the observer may play
or cast from outside its hand (16 graveyard slots: flashback, a graveyard permission,
its library's top, exile). Each card is
described by features of its compiled tree (types, mana value and pips, colours,
power/toughness, keywords, effect kinds and amounts, triggers, statics, costs,
targets, flashback, kicker and overload costs), not by an id, so a policy can play cards it never saw. Opponents' hands and
every library stay hidden. Layout and feature names:
:mod:`labyrinth_gym.envs.magic.encoding`. PettingZoo observations are
``{"observation", "action_mask"}``; the mask is all zeros off-turn.

Gymnasium: ``gymnasium.make("labyrinth_gym/MagicDuel-v8", decks=...)`` plays one seat
of a 2-player game (``num_players`` up to 4 also works) against opponents that move
inside ``step`` (see :class:`MagicDuelEnv`).

## Rewards
At the end: +1 to the last player standing, -1 to every other player; 0 to everyone
in a draw (the last players lose at the same moment) or a truncated game. An illegal
action ends the episode with -1 for the offender (wrapped env; ``raw_env`` raises
``IllegalActionError``).

## Starting State
Each library shuffled; a die picks the starting player, who skips the first draw;
seven-card hands and London mulligans in turn order (the first decisions of an
episode).

## Episode End
One player (or none) is left: the others lost at 0 life or by drawing from an empty
library (terminated); or truncation after ``max_turns`` turns (every player's turns
counted) or ``max_actions`` actions.

## Arguments
- ``num_players``: 2-4 (default 2).
- ``decks``: one entry per seat: a sample deck's name (``"white_weenie"``; the list is
  :func:`~labyrinth_gym.envs.magic.engine.game.sample_decks`), a path to a plain-text
  decklist, or a list of card names. Default None: each seat gets a sample deck drawn
  at random for each episode (from the episode's seed). Every deck has at least
  ``min_deck_size`` cards.
- ``min_deck_size``: the smallest deck allowed (default 60, a constructed deck; lower
  it for test decks). A shorter deck is refused at construction, naming its seat.
- ``max_turns``: truncation cap in turns (default 60); ``max_actions`` (default 20000).
- ``mulligan``: offer London mulligans (default True).
- ``concede_action``: offer the "concede" action (658) at every decision of a player
  (default False: a learner or a random player is never offered it; a front end can
  still call the engine's ``concede(seat)`` at any time, rule 104.3a).
- ``pay_by_choice``: the player chooses which mana sources pay each cost of a spell or
  ability, one ``pay_mana`` decision per source ("choose permanent"; rule 601.2h);
  default False: automatic payment (:mod:`labyrinth_gym.envs.magic.engine.payment`).
- ``render_mode``: ``"ansi"`` (the table as the seat to act reads it).

## Version History
- v8: issue 29's seventh and eighth increments: the globals say what a yes/no decision
  asks (``yesno_*``: ``may`` or one of :data:`~.encoding.YESNO`, such as a shock land's
  life, a casting cost, dredge, madness, casting a copy), the decision one-hot gets the
  pile kinds (``card_pile``, ``pile_pick``) and both one-hots keep spare slots so a new
  question keeps the size; card features ``targets_graveyard_card`` and
  ``targets_ability`` (17,064 values). Rules added: copies of spells and abilities,
  storm, heroic, bestow, type-changing Auras, piles, hideaway, dredge, madness, split
  second, Leylines, detain, levelers, Classes, day and night, coin flips, static
  replacements (Rest in Peace, Loxodon Smiter, Howling Mine, mana triggers) and more:
  see docs/games/magic.md. The action table is unchanged (675 actions).
- v7: issue 29's sixth increment: the observation gains each seat's energy counters and
  the monarch (global features ``energy_r``/``monarch_r`` after ``pool_r``: 16,786
  values); face-down permanents and spells (morph, megamorph, disguise, manifest) are
  hidden from opponents in the vector, the events and ``observation_for``; rules added:
  echo, cumulative upkeep, vanishing, fading, untap choices and stun counters, buyback;
  combat keywords (annihilator, flanking, melee, mentor, training, dethrone, afflict,
  rampage, provoke, ninjutsu), attack taxes, goad, blocking requirements, tokens entering
  attacking; counter keywords (bloodthirst, modular, graft, outlast, support, renown,
  riot, exploit, amass, sunburst/converge, bolster, fabricate, ascend, shield counters);
  energy, poison given by cards, the monarch, player rules (can't gain life, hexproof,
  skip draw, casting and activation restrictions), Reflecting Pool, Path of Ancestry;
  abilities from the graveyard (Chandra's Phoenix, Bloodghast, unearth-style returns),
  rebound, jump-start, retrace; miracle, shuffling into a library (Chaos Warp, Elixir),
  and/or targets, divided counters, Fireball, wheels; planeswalkers' temporary triggered
  abilities, emblems that grant abilities, mana in any combination. The action table is
  unchanged (675).
- v6: issue 29's fifth increment: four activated abilities per permanent (Jace, the Mind
  Sculptor; 675 actions: the ranges after "activate" move by 64, concede is 658);
  playing and casting cards from the top of a library, from exile (impulse draw,
  Nightveil Specter) and from a graveyard (Gravecrawler) through the graveyard slots (a
  revealed top card is in the engine's ``observation_for``, not yet in the vector);
  typecycling; alternative costs (Force of Will, Daze, evoke), convoke, delve, affinity
  and a spell's own cost changes, "when you cast" triggers, cascade, flashback with X,
  sorceries as though they had flash; emblems with triggers, planeswalkers that become
  creatures, attack requirements toward a planeswalker; soulbond, the gods' devotion,
  cards put from a hand onto the battlefield, protection from a chosen colour, "any
  opponent may"; counters of any kind, per-player counts, "the life lost this way",
  extort, battalion, counted Aura and Equipment bonuses; "that player or that
  planeswalker's controller", target spells by quality, changing a target, colour
  disjunctions; decayed, dice and Blood tokens. The observation gains the permanent
  feature ``other_counters`` (charge, quest... / 10): 16,778 values.
- v5: the card engine plays much more of Magic (issue 29's fourth
  increment): planeswalkers' lines (fights, [-X], "until your
  next turn", piles, cards put back from a hand, looking at a library's top card);
  optional actions on resolution ("you may pay {1} / draw a card. if you do",
  "<effect> unless you pay"); costs that tap untapped permanents, exile cards from a
  graveyard or remove counters; restricted mana and its "can't be countered" rider
  (Cavern of Souls), devotion, counted mana; quoted abilities granted by Auras,
  Equipment and manlands; tokens that enter tapped and attacking, battle cry,
  undying, persist, living weapon, evolve, unleash, protections from two colours,
  blocker restrictions, characteristic-defining power and toughness, a creature's
  own "as long as" bonuses; counterspells that send the card elsewhere, "instead if"
  amounts, damage divided among targets, "all other ... with the same name", an
  additional land; "whenever you sacrifice" triggers, proliferate, adapt, extra
  turns, spells that end in the library or exile, legendary sorceries, no maximum
  hand size, negated subtypes ("non-Angel"), the rules' creature types. The
  observation's decision one-hot gains proliferate, pile and divide (16,714 values);
  the action table is unchanged (611 actions).
- v4: the card engine plays much more of Magic (issue 29's third increment): continuous
  effects in layers with dependencies (copies, Urborg, Blood Moon, Humility), emblems,
  monstrosity, "as this enters, choose a colour / creature type"; flashback, kicker,
  overload, activation conditions, X in activated costs, pay by choice (an option);
  linked "exile until" abilities, flicker, graveyard cards as targets, becomes-tapped and
  reflexive triggers; transforming double-faced cards and day/night; Sagas, Vehicles and
  crew; devoid, changeling, Kindred, shadow, horsemanship, toxic, bushido, untap
  restrictions. 611 actions (595-610: cast graveyard slot g, flashback); the observation
  gains a graveyard block, flashback/kicker/overload card features, kicked and
  alternative-cost context, the new decisions and day/night (16,711 values).
- v3: the card engine plays much more of Magic (issue 29's second increment): the mana
  pool and player-activated mana abilities, X without a cap, cost changes; replacement
  and prevention effects; triggers on every common event, ward, delayed triggers;
  library search, scry, surveil, revealed hands; control-changing and "becomes"
  effects; the legend rule, combat damage division, menace and cleanup priority by the
  rules; 595 actions (594: concede, only with ``concede_action=True``); the
  observation gains the new decisions, poison counters and mana pools (14,368 values).
- v2: the start of a game and first strike by the Comprehensive Rules: with 3 or more
  players the starting player draws on turn 1 (103.7c) and the first mulligan is free
  (103.5c); mulligans go round the table in turn order; the regular combat damage step
  follows who had first strike when the first-strike step began (702.7c). Evasion,
  protection, shroud, infect and wither act by the rules (new keyword mechanisms).
  Same observation and actions as v1.
- v1: planeswalkers (loyalty abilities, attacking a planeswalker); three abilities
  per permanent (594 actions); ``loyalty`` and ``attacked`` permanent features and the
  ``attack_target`` decision (14,351 values).
- v0: first version.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from labyrinth_gym.envs.core.arguments import integer
from labyrinth_gym.envs.core.files import user_file_exists
from labyrinth_gym.envs.core.gym_adapter import EngineGymEnv
from labyrinth_gym.envs.core.pz_adapter import EngineAECEnv, wrap
from labyrinth_gym.envs.core.spec import GameSpec, Option
from labyrinth_gym.envs.magic.encoding import OBS_SIZE, encode
from labyrinth_gym.envs.magic.engine import actions as A
from labyrinth_gym.envs.magic.engine.decklist import load_decklist
from labyrinth_gym.envs.magic.engine.game import (
    MagicGame,
    new_game,
    sample_deck,
    sample_decks,
)
from labyrinth_gym.envs.magic.render import render_text

DeckSpec = str | Path | list[Any]

MIN_DECK_SIZE = 60
"""The free-for-all's smallest deck (a constructed deck's 60 cards) unless the
``min_deck_size`` argument lowers it."""


@cache
def _deck_file(path: str) -> tuple[Any, ...]:
    return tuple(load_decklist(path))


def resolve_deck(entry: DeckSpec) -> list[Any]:
    """One seat's deck as card names or definitions.

    Raises:
        ValueError: an unknown sample deck name that is not a file either (listing the
            sample decks), or a decklist with problems (every one listed).
    """
    if isinstance(entry, (list, tuple)):
        return list(entry)
    text = str(entry)
    if text in sample_decks():
        return sample_deck(text)
    if user_file_exists(text, "decks", "a sample deck's name or the list of card names"):
        return list(_deck_file(str(Path(text).resolve())))
    raise ValueError(f"deck {text!r} is neither a sample deck nor a decklist file; "
                     f"sample decks: {', '.join(sample_decks())}")


def make_game(rng: np.random.Generator, num_players: int = 2,
              decks: list[DeckSpec] | None = None, min_deck_size: int = MIN_DECK_SIZE,
              **kwargs: Any) -> MagicGame:
    """A new game for the envs: ``decks`` resolved per seat (None: sample decks drawn
    with ``rng``, the game's one generator), each at least ``min_deck_size`` cards.

    Raises:
        ValueError: a bad argument (named), a deck that does not resolve, or decks
            below ``min_deck_size`` (every short deck listed).
    """
    num_players = integer("num_players", num_players, 2, A.MAX_PLAYERS)
    min_deck_size = integer("min_deck_size", min_deck_size, 1)
    if decks is None:
        names = sample_decks()
        chosen = [names[int(rng.integers(len(names)))] for _ in range(num_players)]
        resolved = [sample_deck(name) for name in chosen]
    else:
        if not isinstance(decks, (list, tuple)) or len(decks) != num_players:
            given = (f"{len(decks)} entries" if isinstance(decks, (list, tuple))
                     else repr(decks))
            raise ValueError(f"decks has {given} for {num_players} players "
                             "(give one deck per seat)")
        resolved = [resolve_deck(d) for d in decks]
    short = [f"seat {seat} has {len(deck)}" for seat, deck in enumerate(resolved)
             if len(deck) < min_deck_size]
    if short:
        raise ValueError(f"decks must have at least {min_deck_size} cards "
                         f"(min_deck_size): {'; '.join(short)}")
    return new_game(rng, num_players=num_players, decks=resolved, **kwargs)


SPEC = GameSpec(
    name="magic",
    env_id="labyrinth_gym/MagicDuel-v8",
    version=8,
    new_game=make_game,
    observation_size=OBS_SIZE,
    encode=encode,
    num_actions=A.NUM_ACTIONS,
    render_ansi=render_text,
    agent_prefix="player",
    num_players=lambda num_players=2, **_: num_players,
    illegal_penalty=-1.0,
    cooperative=False,
    speed_configs=(
        {"kwargs": {"num_players": 2}, "target": 3000.0},
        {"kwargs": {"num_players": 4}, "target": 1500.0},
    ),
    options=(
        Option("num_players", 2, f"2-{A.MAX_PLAYERS}", "seats at the table"),
        Option("decks", None,
               lambda: "one per seat: a decklist path, a list of card names or a sample "
               "deck: " + ", ".join(sample_decks()),
               "each seat's deck (None: a sample deck drawn per episode)"),
        Option("min_deck_size", MIN_DECK_SIZE, "an integer >= 1",
               "the smallest deck allowed"),
        Option("max_turns", 60, "an integer >= 1", "turns before truncation"),
        Option("max_actions", 20000, "an integer >= 1", "actions before truncation"),
        Option("mulligan", True, (True, False), "offer London mulligans"),
        Option("concede_action", False, (True, False),
               "offer the 'concede' action at every decision (off: the engine's "
               "concede() only, and learners never see it)"),
        Option("pay_by_choice", False, (True, False),
               "players choose the mana sources that pay each cost, one decision per "
               "source (off: automatic payment)"),
    ),
)


class MagicDuelEnv(EngineGymEnv):
    """Gymnasium env: the learner plays one seat, opponents play the rest.

    Extra kwargs: ``learner_seat`` (default: drawn per episode) and ``opponents`` (a
    list of agents, default uniformly random legal moves), as in every competitive
    game of this package.
    """

    spec_ = SPEC
    metadata = {"render_modes": ["ansi"], "render_fps": 2}


class raw_env(EngineAECEnv):  # noqa: N801 (PettingZoo's naming)
    """PettingZoo AEC env; ``num_players``, ``decks``, ``max_turns`` kwargs."""

    spec_ = SPEC
    metadata = {
        "render_modes": ["ansi"],
        "name": "magic_v8",
        "is_parallelizable": False,
        "render_fps": 2,
    }


def env(**kwargs):
    """The wrapped PettingZoo env (illegal actions end the episode with a penalty)."""
    return wrap(raw_env(**kwargs))
