"""A Mazerunner season: teams, weekly pods, points, standings, ratings and the finals.

The league is a tool of its own: it ranks any agents in any 4-player competitive game
of this project. A season (rule 3e-f) is ``rounds`` weeks of pods (six by default) and
the finals:

- **Teams** (rule 1b): each has a unique colour identity (``WU``, ``BRG``...), all with
  the same number of colours, and all teams the same number of players. Pods of 4 never
  hold teammates (1c), so a season needs at least 4 teams.
- **Decks** (rule 2), for games played with decks (the Mazerunner pods; see
  :attr:`~labyrinth_gym.envs.core.spec.GameSpec.season_decks`): every player names one
  (``deck:``, a shipped deck such as ``WU-2`` or a decklist path relative to the season
  file), checked when the file is read against its team's identity, the ban list and
  the engine's supported cards, teammates sharing no commander; ``partners: true``
  allows rule 5's partner commanders. A player's deck follows it to every pod seat.
- **Pairings** (4g-h): each week's pods minimise
  :mod:`~labyrinth_gym.evaluation.league.pairing`'s cost with that week's scaling factor
  (rule 4h's 0, 0, 0.2, 0.4, 0.6, 0.7 by default). Seat order inside a pod is drawn at
  random (4b).
- **Points** (4d): from the game's elimination record when it has one
  (:func:`~labyrinth_gym.evaluation.league.points.pod_points`), else 4 to the winner,
  shared on ties (:func:`~labyrinth_gym.evaluation.league.points.results_points`). A
  team's points are its players' (4f). Penalties (4e) come off a player's points.
- **Ratings**: an OpenSkill Plackett-Luce rating per player over each pod's finishing
  order (the winner first, then the players who left latest; seats level in the game's
  result share a place), reported beside the points; it does not rank anyone.
- **Ranking and tie-breakers** (4c), for teams: points, then

  1. *wins*: pods the team's players won outright (a shared first place is no win);
  2. *strength of schedule*: the mean final league points of the opponents the team's
     players met, an opponent counted once per pod it shared with one of them;
  3. *strongest individual player*: the team's highest individual points;
  4. *head-to-head*: among the teams still tied, the points the team's players scored
     in pods that held a player of another of those teams;

  and if still level, a lot drawn from the season seed. Players rank the same way
  without step 3 (a player's own points are already compared). These rankings order
  the standings, choose each team's representative and seat the finals.
- **Finals** (3f, 4c): the top 4 teams each send their best-ranked player; the seats
  follow the team ranking (the first team's player sits first). The finals winner's
  team wins the season; a finals game nobody wins outright goes to the tied finalist
  (or, with no winner at all, the finalist) whose team ranks highest.
- **Penalties** (4e), from the dates in the season file: -2 for a mainboard submitted
  after its deadline or never; none for a late sideboard (the cards submitted are the
  sideboard); -2 for a deck still holding illegal cards three days after the sideboard
  deadline.

Everything random (pairings between equal options, seat orders, game seeds, lots) comes
from the season seed, so a season replays exactly.
"""

from __future__ import annotations

import datetime as dt
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from labyrinth_gym.evaluation.league.pairing import pair_round
from labyrinth_gym.evaluation.league.points import (
    Elimination,
    PodPoints,
    PodRecord,
    Win,
    pod_points,
    results_points,
)

POD_SIZE = 4
DEFAULT_SCALING = (0.0, 0.0, 0.2, 0.4, 0.6, 0.7)
COLOURS = "WUBRG"
GRACE = dt.timedelta(days=3)
"""Rule 4e.iii: illegal cards are penalised three days after the sideboard deadline."""
PENALTY = 2
LEAGUE_KWARGS = ("num_players",)
"""Game kwargs the league sets itself (every pod seats :data:`POD_SIZE`), so a season
file's ``kwargs`` may not; games played with decks add ``decks`` (each player's)."""

# streams of the season seed
_PAIRING, _SEATS, _GAMES, _LOTS, _FINALS = range(5)


class SeasonError(ValueError):
    """A season file that cannot be run; the message lists every problem."""


# ------------------------------------------------------------------ the season file
@dataclass(frozen=True)
class Submission:
    """A player's submission record (rule 3c-d, 4e); ``None``: never submitted / never
    illegal."""

    mainboard: dt.date | None = None
    sideboard: dt.date | None = None
    illegal_until: dt.date | None = None


@dataclass(frozen=True)
class Player:
    name: str
    team: str
    agent: str
    agent_kwargs: dict[str, Any] = field(default_factory=dict)
    submission: Submission | None = None
    deck: str | None = None


@dataclass(frozen=True)
class Team:
    name: str
    identity: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Season:
    """A season file, checked (:func:`load_season`)."""

    game: str
    kwargs: dict[str, Any]
    teams: tuple[Team, ...]
    players: dict[str, Player]
    scaling: tuple[float, ...] = DEFAULT_SCALING
    deadlines: dict[str, dt.date] | None = None
    budget: float = 2.0
    partners: bool = False
    #: Each player's checked deck, for games played with decks (else empty).
    decks: dict[str, Any] = field(default_factory=dict)

    @property
    def rounds(self) -> int:
        return len(self.scaling)

    def to_dict(self) -> dict[str, Any]:
        def sub(s: Submission | None):
            if s is None:
                return None
            return {k: (None if v is None else v.isoformat()) for k, v in vars(s).items()}

        return {
            "game": self.game,
            "kwargs": self.kwargs,
            "scaling": list(self.scaling),
            "deadlines": {k: v.isoformat() for k, v in (self.deadlines or {}).items()} or None,
            "teams": [
                {"name": t.name, "identity": t.identity, "players": [
                    {"name": p, "agent": self.players[p].agent,
                     "agent_kwargs": self.players[p].agent_kwargs,
                     "submitted": sub(self.players[p].submission),
                     **({"deck": self.players[p].deck} if self.players[p].deck else {})}
                    for p in t.players]}
                for t in self.teams
            ],
        }


def _date(value: Any, where: str, problems: list[str]) -> dt.date | None:
    if value is None:
        return None
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        problems.append(f"{where}: {value!r} is not a date (YYYY-MM-DD)")
        return None


def parse_season(data: Any, game: str, base: str | Path = ".") -> Season:
    """A :class:`Season` from the season file's data, for ``game``; deck paths are
    relative to ``base`` (the season file's folder).

    Raises:
        SeasonError: Listing every problem found.
    """
    from labyrinth_gym import agents as registry

    problems: list[str] = []
    if not isinstance(data, dict):
        raise SeasonError("the season file must be a mapping with a 'teams' entry")
    from labyrinth_gym.envs import game_spec

    try:
        deck_rules = game_spec(game).season_decks
    except ValueError as err:
        raise SeasonError(str(err)) from err
    known = {"game", "kwargs", "scaling", "rounds", "deadlines", "teams", "budget",
             "partners"}
    for key in sorted(set(data) - known):
        problems.append(f"unknown entry {key!r} (known: {', '.join(sorted(known))})")
    if data.get("game") not in (None, game):
        problems.append(f"the file is for game {data['game']!r}, not {game!r}")
    kwargs = data.get("kwargs") or {}
    if not isinstance(kwargs, dict):
        problems.append("kwargs must be a mapping")
        kwargs = {}
    fixed = LEAGUE_KWARGS if deck_rules is None else (*LEAGUE_KWARGS, "decks")
    for key in (k for k in fixed if k in kwargs):
        problems.append(f"kwargs: {key!r} is set by the league (pods of {POD_SIZE}"
                        + (", each player's deck" if key == "decks" else "")
                        + "); leave it out")
    scaling = data.get("scaling", list(DEFAULT_SCALING))
    rounds = data.get("rounds")
    if not isinstance(scaling, list) or not scaling or not all(
            isinstance(f, (int, float)) and 0 <= f <= 1 for f in scaling):
        problems.append("scaling must be a list of weekly factors in [0, 1]")
        scaling = list(DEFAULT_SCALING)
    if rounds is not None and rounds != len(scaling):
        problems.append(f"rounds is {rounds} but scaling gives {len(scaling)} weeks")
    budget = data.get("budget", 2.0)
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) \
            or not math.isfinite(budget) or budget <= 0:
        problems.append("budget (the pairing solver's deterministic seconds) must be a "
                        f"finite number > 0, got {budget!r}")
        budget = 2.0
    partners = data.get("partners", False)
    if not isinstance(partners, bool):
        problems.append("partners must be true or false (rule 5: partner commanders)")
        partners = False
    if partners and deck_rules is None:
        problems.append(f"partners: game {game!r} takes no decks")
    deadlines = None
    if data.get("deadlines") is not None:
        raw = data["deadlines"]
        if not isinstance(raw, dict) or set(raw) != {"mainboard", "sideboard"}:
            problems.append("deadlines must give exactly 'mainboard' and 'sideboard' dates")
        else:
            deadlines = {k: _date(v, f"deadlines.{k}", problems) for k, v in raw.items()}
            if None in deadlines.values():
                deadlines = None

    teams: list[Team] = []
    players: dict[str, Player] = {}
    raw_teams = data.get("teams")
    if not isinstance(raw_teams, dict) or not raw_teams:
        problems.append("teams must map each team's name to its identity and players")
        raw_teams = {}
    for tname, tdata in raw_teams.items():
        tname = str(tname)
        if not isinstance(tdata, dict) or not isinstance(tdata.get("players"), dict):
            problems.append(f"team {tname!r}: give 'identity' and 'players' (a mapping)")
            continue
        identity = str(tdata.get("identity", ""))
        if not identity or any(c not in COLOURS for c in identity) or len(set(identity)) != len(identity):
            problems.append(f"team {tname!r}: identity {identity!r} is not a set of "
                            f"colours from {COLOURS}")
        for key in sorted(set(tdata) - {"identity", "players"}):
            problems.append(f"team {tname!r}: unknown entry {key!r}")
        names = []
        for pname, pdata in tdata["players"].items():
            pname = str(pname)
            pdata = pdata if isinstance(pdata, dict) else {"agent": pdata}
            where = f"player {pname!r}"
            if pname in players or pname in names:
                problems.append(f"{where} is listed twice")
                continue
            for key in sorted(set(pdata) - {"agent", "agent_kwargs", "submitted", "deck"}):
                problems.append(f"{where}: unknown entry {key!r}")
            if "deck" in pdata and deck_rules is None:
                problems.append(f"{where}: game {game!r} takes no decks")
            agent = str(pdata.get("agent", ""))
            if "/" not in agent:
                agent = f"{game}/{agent}"
            if not agent.startswith(game + "/"):
                problems.append(f"{where}: agent {agent!r} is not one of {game!r}'s")
            elif agent not in registry.registered(game):
                problems.append(f"{where}: unknown agent {agent!r}")
            submission = None
            if pdata.get("submitted") is not None:
                s = pdata["submitted"]
                if not isinstance(s, dict) or set(s) - {"mainboard", "sideboard", "illegal_until"}:
                    problems.append(f"{where}: submitted takes mainboard, sideboard and "
                                    "illegal_until dates")
                else:
                    submission = Submission(**{
                        k: _date(v, f"{where}.submitted.{k}", problems) for k, v in s.items()})
            kw = pdata.get("agent_kwargs") or {}
            if not isinstance(kw, dict):
                problems.append(f"{where}: agent_kwargs must be a mapping")
                kw = {}
            deck = None if pdata.get("deck") is None else str(pdata["deck"])
            players[pname] = Player(pname, tname, agent, dict(kw), submission, deck)
            names.append(pname)
        teams.append(Team(tname, "".join(sorted(identity, key=COLOURS.find)), tuple(names)))

    if teams:
        sizes = {len(t.players) for t in teams}
        if len(sizes) > 1:
            problems.append("teams must have equal numbers of players (rule 1b): "
                            + ", ".join(f"{t.name} {len(t.players)}" for t in teams))
        widths = {len(t.identity) for t in teams}
        if len(widths) > 1:
            problems.append("identities must have the same number of colours (rule 1b)")
        seen: dict[frozenset, str] = {}
        for t in teams:
            key = frozenset(t.identity)
            if key in seen:
                problems.append(f"teams {seen[key]!r} and {t.name!r} share identity {t.identity!r}")
            seen.setdefault(key, t.name)
        if len(teams) < POD_SIZE:
            problems.append(f"{len(teams)} teams: pods of {POD_SIZE} without teammates "
                            f"need at least {POD_SIZE}")
        n = len(players)
        if n % POD_SIZE:
            problems.append(f"{n} players do not fill pods of {POD_SIZE} (rule 1a)")
        elif sizes and max(sizes) > n // POD_SIZE:
            problems.append(f"a team of {max(sizes)} cannot be spread over {n // POD_SIZE} pods")
    if players and deadlines is None and any(p.submission for p in players.values()):
        problems.append("submission dates need the season's deadlines")
    decks: dict[str, Any] = {}
    if deck_rules is not None and players:
        identities = {t.name: t.identity for t in teams}
        decks, found = deck_rules({p.name: p.deck for p in players.values()},
                                  {p.name: identities[p.team] for p in players.values()},
                                  {p.name: p.team for p in players.values()},
                                  Path(base), partners)
        problems += found
    if problems:
        raise SeasonError("season file: " + "; ".join(problems))
    return Season(game, dict(kwargs), tuple(teams), players,
                  tuple(float(f) for f in scaling), deadlines, float(budget), partners,
                  decks)


def load_season(path: str | Path, game: str) -> Season:
    """Read and check a season file (YAML)."""
    import yaml

    path = Path(path)
    try:
        text = path.read_text()
    except OSError as err:
        raise SeasonError(f"season file {str(path)!r}: {err.strerror}") from err
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise SeasonError(f"season file {str(path)!r} is not YAML: {err}") from err
    return parse_season(data, game, path.parent)


# ------------------------------------------------------------------ penalties
def penalties(season: Season) -> dict[str, int]:
    """Rule 4e's deductions per player (0, -2 or -4) from the submission records.

    A player without a record submitted everything on time. 4e.i: a mainboard after
    its deadline, or never, costs 2. 4e.ii: a late or missing sideboard costs nothing.
    4e.iii: illegal cards still in the deck three days after the sideboard deadline
    (``illegal_until`` later than that day) cost 2.
    """
    out = {}
    for name, p in season.players.items():
        s, d = p.submission, season.deadlines
        points = 0
        if s is not None and d is not None:
            if s.mainboard is None or s.mainboard > d["mainboard"]:
                points -= PENALTY
            if s.illegal_until is not None and s.illegal_until > d["sideboard"] + GRACE:
                points -= PENALTY
        out[name] = points
    return out


# ------------------------------------------------------------------ playing pods
@dataclass(frozen=True)
class Pod:
    """One pod's game: who sat where (seat order), its record and points."""

    round: int  # 1-based; 0 for the finals
    seats: tuple[str, ...]
    seed: int
    points: tuple[float, ...]
    ranks: tuple[int, ...]  # finishing place per seat, 1 the best, ties share
    winner: str | None  # the outright winner
    record: dict[str, Any] | None  # the elimination record, when the game keeps one
    returns: tuple[float, ...]
    truncated: bool
    winner_pool: int = 0
    unassigned: int = 0

    def to_dict(self) -> dict[str, Any]:
        return dict(vars(self))


def record_from_dict(data: dict[str, Any]) -> PodRecord:
    """The :class:`PodRecord` of a game's ``elimination_record()``."""
    win = data.get("win")
    return PodRecord(
        seats=int(data["seats"]),
        eliminations=tuple(
            Elimination(players=tuple(e["players"]), cause=e.get("cause"),
                        controlled_by=e.get("controlled_by"), draw=bool(e.get("draw", False)))
            for e in data.get("eliminations", ())),
        win=None if win is None else Win(seat=int(win["seat"]),
                                         controlled_by=win.get("controlled_by"),
                                         alternative=bool(win.get("alternative", False))),
    )


def finishing_ranks(record: PodRecord | None, returns: Sequence[float]) -> list[int]:
    """Each seat's place (1 best; equals share): by the record, the winner first, then
    whoever left latest, seats still in a game nobody won level at the top; without a
    record, by the returns."""
    n = len(returns)
    if record is None:
        return [1 + sum(r > mine for r in returns) for mine in returns]
    order = [0] * n  # larger: left later
    left = set(range(n))
    for step, e in enumerate(record.eliminations, start=1):
        for p in e.players:
            order[p] = step
            left.discard(p)
    last = len(record.eliminations) + 1
    for p in left:
        order[p] = last + (1 if record.win is not None and record.win.seat == p else 0)
    return [1 + sum(o > mine for o in order) for mine in order]


def outright_winner(points: PodPoints, record: PodRecord | None,
                    ranks: Sequence[int]) -> int | None:
    """The seat that won: the record's winner, or the sole first place by results."""
    if record is not None:
        return None if record.win is None else record.win.seat
    firsts = [s for s, r in enumerate(ranks) if r == 1]
    return firsts[0] if len(firsts) == 1 else None


def play_pod(season: Season, seats: Sequence[str], seed: int, round_: int,
             agents: dict[str, Any]) -> Pod:
    """Play one pod's game with the players in seat order and score it."""
    from labyrinth_gym.evaluation.matches import run_game

    kwargs = {**season.kwargs, "num_players": len(seats)}
    if season.decks:
        kwargs["decks"] = [season.decks[p] for p in seats]
    game, _ = run_game(season.game, [agents[p] for p in seats], seed, kwargs)
    returns = tuple(float(r) for r in game.returns())
    raw = game.elimination_record()
    record = record_from_dict(raw) if raw is not None else None
    scored = pod_points(record) if record is not None else results_points(returns)
    ranks = finishing_ranks(record, returns)
    win = outright_winner(scored, record, ranks)
    return Pod(round_, tuple(seats), int(seed), tuple(float(x) for x in scored.points),
               tuple(ranks), None if win is None else seats[win], raw, returns,
               bool(game.is_truncated()), scored.winner_pool, scored.unassigned)


# ------------------------------------------------------------------ standings
@dataclass
class Standing:
    name: str
    team: str
    points: float = 0.0
    penalty: int = 0
    wins: int = 0
    pods: int = 0
    sos: float = 0.0
    rating_mu: float = 25.0
    rating_sigma: float = 25.0 / 3

    @property
    def total(self) -> float:
        return self.points + self.penalty


def _ranked(names: list[str], key: Callable[[str], tuple], h2h: Callable[[str, list[str]], float],
            lot: dict[str, float]) -> list[str]:
    """``names`` best first by ``key`` (larger better), then head-to-head inside each
    group still level, then the lot."""
    names = sorted(names, key=key, reverse=True)
    out: list[str] = []
    for _, group in itertools.groupby(names, key=key):
        group = list(group)
        out.extend(sorted(group, key=lambda n: (h2h(n, group), lot[n]), reverse=True))
    return out


class League:
    """The running season: pods played, standings, ratings (see the module docstring)."""

    def __init__(self, season: Season, seed: int):
        from openskill.models import PlackettLuce

        self.season = season
        self.seed = int(seed)
        self.pods: list[Pod] = []
        self.finals: Pod | None = None
        self.penalty = penalties(season)
        self.model = PlackettLuce()
        self.ratings = {p: self.model.rating(name=p) for p in season.players}
        lots = np.random.default_rng([self.seed, _LOTS]).random(len(season.players) + len(season.teams))
        names = list(season.players) + [t.name for t in season.teams]
        self.lot = dict(zip(names, (float(x) for x in lots), strict=True))
        self.history: list[dict[str, float]] = []  # team totals after each round

    # ---------------------------------------------------------------- per player
    def points(self) -> dict[str, float]:
        out = {p: float(self.penalty[p]) for p in self.season.players}
        for pod in self.pods:
            for name, pts in zip(pod.seats, pod.points, strict=True):
                out[name] += pts
        return out

    def meetings(self) -> dict[frozenset, int]:
        out: dict[frozenset, int] = {}
        for pod in self.pods:
            for p, q in itertools.combinations(pod.seats, 2):
                key = frozenset((p, q))
                out[key] = out.get(key, 0) + 1
        return out

    def standings(self) -> list[Standing]:
        """Players best first (points, wins, strength of schedule, head-to-head, lot)."""
        pts = self.points()
        rows = {p: Standing(p, pl.team, points=pts[p] - self.penalty[p], penalty=self.penalty[p])
                for p, pl in self.season.players.items()}
        opponents: dict[str, list[str]] = {p: [] for p in rows}
        for pod in self.pods:
            for name in pod.seats:
                rows[name].pods += 1
                opponents[name].extend(q for q in pod.seats if q != name)
            if pod.winner is not None:
                rows[pod.winner].wins += 1
        for p, row in rows.items():
            opp = opponents[p]
            row.sos = sum(pts[q] for q in opp) / len(opp) if opp else 0.0
            row.rating_mu = float(self.ratings[p].mu)
            row.rating_sigma = float(self.ratings[p].sigma)

        def h2h(p: str, group: list[str]) -> float:
            return sum(pod.points[pod.seats.index(p)] for pod in self.pods
                       if p in pod.seats and any(q in pod.seats for q in group if q != p))

        order = _ranked(list(rows), lambda p: (rows[p].total, rows[p].wins, rows[p].sos),
                        h2h, self.lot)
        return [rows[p] for p in order]

    def team_table(self) -> list[dict[str, Any]]:
        """Teams best first: points, wins, strength of schedule, strongest individual
        player, head-to-head, lot (module docstring)."""
        players = {s.name: s for s in self.standings()}
        pts = self.points()
        rows = {}
        for t in self.season.teams:
            mine = [players[p] for p in t.players]
            met = [q for pod in self.pods for p in t.players if p in pod.seats
                   for q in pod.seats if q not in t.players]
            rows[t.name] = {
                "team": t.name, "identity": t.identity,
                "points": sum(s.total for s in mine),
                "penalty": sum(s.penalty for s in mine),
                "wins": sum(s.wins for s in mine),
                "sos": sum(pts[q] for q in met) / len(met) if met else 0.0,
                "strongest": max(s.total for s in mine),
                "best_player": next(s.name for s in players.values() if s.team == t.name),
            }
        team_of = {p: pl.team for p, pl in self.season.players.items()}

        def h2h(t: str, group: list[str]) -> float:
            others = {p for p, tm in team_of.items() if tm in group and tm != t}
            return sum(pts_ for pod in self.pods for name, pts_ in zip(pod.seats, pod.points, strict=True)
                       if team_of[name] == t and others & set(pod.seats))

        order = _ranked(list(rows), lambda t: (rows[t]["points"], rows[t]["wins"],
                                               rows[t]["sos"], rows[t]["strongest"]),
                        h2h, self.lot)
        return [{"rank": i + 1, **rows[t]} for i, t in enumerate(order)]

    # ---------------------------------------------------------------- playing
    def _rate(self, pod: Pod) -> None:
        teams = [[self.ratings[p]] for p in pod.seats]
        rated = self.model.rate(teams, ranks=list(pod.ranks))
        for name, (r,) in zip(pod.seats, rated, strict=True):
            self.ratings[name] = r

    def play_round(self, number: int, agents: dict[str, Any]) -> list[Pod]:
        """Pair and play week ``number`` (1-based)."""
        s = self.season
        f = s.scaling[number - 1]
        names = list(s.players)
        pairing = pair_round(names, {p: s.players[p].team for p in names}, self.points(),
                             self.meetings(), f, seed=_seed(self.seed, _PAIRING, number),
                             pod_size=POD_SIZE, budget=s.budget)
        seat_rng = np.random.default_rng(_seed(self.seed, _SEATS, number))
        played = []
        for k, pod in enumerate(pairing.pods):
            seats = [pod[i] for i in seat_rng.permutation(len(pod))]  # rule 4b
            result = play_pod(s, seats, _seed(self.seed, _GAMES, number, k), number, agents)
            self.pods.append(result)
            self._rate(result)
            played.append(result)
        self.history.append({row["team"]: row["points"] for row in self.team_table()})
        self.pairings_meta = getattr(self, "pairings_meta", []) + [{
            "round": number, "scaling": f, "repeats": pairing.repeats,
            "spread": pairing.spread, "cost": pairing.cost, "optimal": pairing.optimal}]
        return played

    def play_finals(self, agents: dict[str, Any]) -> Pod:
        """The top 4 teams' best-ranked players, seated by the team ranking."""
        table = self.team_table()[:POD_SIZE]
        seats = [row["best_player"] for row in table]
        self.finals = play_pod(self.season, seats, _seed(self.seed, _FINALS), 0, agents)
        return self.finals

    def champion(self) -> str | None:
        """The team of the finals winner (module docstring), None before the finals."""
        if self.finals is None:
            return None
        pod = self.finals
        team_of = {p: pl.team for p, pl in self.season.players.items()}
        if pod.winner is not None:
            return team_of[pod.winner]
        best = min(pod.ranks)
        for name, rank in zip(pod.seats, pod.ranks, strict=True):  # seats follow the team ranking
            if rank == best:
                return team_of[name]
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "season": self.season.to_dict(),
            "penalties": self.penalty,
            "pairings": getattr(self, "pairings_meta", []),
            "pods": [p.to_dict() for p in self.pods],
            "history": self.history,
            "standings": [{**vars(s), "total": s.total} for s in self.standings()],
            "teams": self.team_table(),
            "finals": None if self.finals is None else self.finals.to_dict(),
            "champion": self.champion(),
        }


def _seed(seed: int, *path: int) -> int:
    from labyrinth_gym.evaluation.matches import derive_seed

    return derive_seed(seed, *path)


def build_agents(season: Season) -> dict[str, Any]:
    """One agent object per player (players sharing an agent id still get their own)."""
    from labyrinth_gym import agents as registry

    out = {}
    for name, p in season.players.items():
        try:
            out[name] = registry.make(p.agent, **p.agent_kwargs)
        except TypeError as err:
            raise SeasonError(f"player {name!r}: bad agent_kwargs for {p.agent}: {err}") from err
        except FileNotFoundError as err:
            raise SeasonError(f"player {name!r}: {p.agent} has no checkpoint: {err}") from err
    return out


def check_game(game: str, kwargs: dict[str, Any] | None = None) -> None:
    """Raise :class:`SeasonError` unless ``game`` is a competitive game of this project
    that seats 4 players with ``kwargs``."""
    from labyrinth_gym.envs import game_names, game_spec

    if game not in game_names():
        raise SeasonError(f"unknown game {game!r}; known games: {', '.join(game_names())}")
    spec = game_spec(game)
    league_games = [g for g in game_names() if _seats_four(game_spec(g), {})]
    if not _seats_four(spec, kwargs or {}):
        raise SeasonError(f"game {game!r} has no 4-player competitive game"
                          f"{' with these kwargs' if kwargs else ''}; the league runs "
                          f"{', '.join(league_games)}")


def _seats_four(spec: Any, kwargs: dict[str, Any]) -> bool:
    if spec.cooperative:
        return False
    try:
        game = spec.new_game(np.random.default_rng(0), **{**spec.game_kwargs, **kwargs,
                                                          "num_players": POD_SIZE})
    except (TypeError, ValueError):
        return False
    return game.num_players == POD_SIZE


def run_season(season: Season, seed: int,
               on_round: Callable[[int, League], None] | None = None) -> League:
    """Play the whole season and its finals; ``on_round(number, league)`` after each
    week (number 0: the finals)."""
    agents = build_agents(season)
    league = League(season, seed)
    for number in range(1, season.rounds + 1):
        league.play_round(number, agents)
        if on_round:
            on_round(number, league)
    league.play_finals(agents)
    if on_round:
        on_round(0, league)
    return league


__all__ = [
    "DEFAULT_SCALING", "League", "check_game", "Pod", "Season", "SeasonError", "Standing", "Submission",
    "finishing_ranks", "load_season", "parse_season", "penalties", "play_pod",
    "record_from_dict", "run_season",
]
