"""A bot league: does the rating mean something?

The house bots, and weakened variants of them, play many rated one-against-one matches against each
other, and the ratings they get are checked against what is known about them:

* **Order.** The kinds of bot have a known order of strength (``random`` < ``greedy-sloppy`` <
  ``greedy`` < ``strong-lite``); every kind plays under several identities, and the final ratings should
  put the kinds in that order.
* **Prediction.** The expected score of a match, from the ratings before it, should predict its result
  on matches the ratings have not seen: log-loss (a coin scores ln 2 = 0.693), the share of winners
  called right, the Brier score, for Elo and for Glicko-2.
* **Settling.** A newcomer joins once the league has settled: after how many matches does its rating
  stay near its final value, and when does its Glicko-2 RD drop below the provisional threshold?

Everything is a function of :class:`LeagueConfig`, seed included. The schedule (who plays whom, and on
which side) is drawn from a ``random.Random`` seeded from the seed and does not depend on any result;
every game is a pure function of ``(seed, match index)``: its master seed and the bots' random seeds
derive from them, and the bots count their work instead of reading a clock. So the games may be played
in any order, by any number of worker processes, and the same config always gives the same report.
The ratings are then computed in match order through the ledger's own
:func:`~scopa.domain.ratings.ledger.apply_match`, one :class:`~scopa.domain.ratings.ledger.RatedMatch` a
minute (a
whole league fits in less than one Glicko-2 inactivity period of 7 days, so no RD grows through absence
here).

Expected scores, for side 0 of a match, from the ratings just before it:

* Elo: ``E = 1 / (1 + 10^(d / 400))``, ``d = clamp(elo_b - elo_a, -400, 400)`` (the pool's cap), as in
  :func:`scopa.domain.ratings.elo.expected_score`;
* Glicko-2: Glickman's predicted outcome of a game between two uncertain players (the Glicko paper,
  1995, "the expected outcome"), on the Glicko-2 scale:
  ``E = 1 / (1 + exp(-g(sqrt(phi_a^2 + phi_b^2)) (mu_a - mu_b)))``, ``g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)``.
  Both deviations shrink the prediction toward 1/2; the update itself uses ``g(phi_b)`` alone (the
  player's own uncertainty is not in their expected score, it is in how far they move).

Unlike the rest of :mod:`scopa.domain.ratings` this module plays games, so it imports the bots and the engine;
the package's ``__init__`` does not import it, and the service never does.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from typing import Any

from scopa.domain.games.common.bot import Bot
from scopa.domain.games.scopa.bots import make_bot
from scopa.domain.games.scopa.bots.strong import StrongBot
from scopa.domain.games.scopa.engine import apply_move, new_match
from scopa.domain.games.scopa.rules import RuleSet, make_rules
from scopa.domain.games.scopa.state import Move
from scopa.domain.games.scopa.views import seat_view
from scopa.domain.ratings.elo import expected_score
from scopa.domain.ratings.glicko2 import CENTER, SCALE, g
from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, apply_match
from scopa.domain.ratings.pools import DEFAULT_POOLS, RatingPool

START = 1_767_225_600.0  # 2026-01-01T00:00:00Z, the first match's finish time
MAX_MOVES = 20_000  # a game that has not ended by then is a bug, not a long game
EPS = 1e-12  # predictions are clipped to [EPS, 1 - EPS] in the log-loss


# ---------------------------------------------------------------------- players


@dataclass(frozen=True, slots=True)
class BotKind:
    """A kind of player: a house bot, optionally with a search budget, optionally sloppy.

    ``sloppiness`` is the chance of playing a uniformly random legal move instead of the bot's own
    choice. ``level`` is the kind's expected place in the order of strength (0 the weakest); kinds with
    the same level are not expected to differ.
    """

    name: str
    base: str  # "random", "greedy" or "strong"
    level: int
    sloppiness: float = 0.0
    budget: int | None = None  # the strong bot's search budget (None: its default)

    def __post_init__(self) -> None:
        if self.base not in ("random", "greedy", "strong"):
            raise ValueError(f"kind '{self.name}': unknown base bot '{self.base}'")
        if not 0.0 <= self.sloppiness <= 1.0:
            raise ValueError(f"kind '{self.name}': sloppiness must be in [0, 1], got {self.sloppiness}")
        if self.budget is not None and self.base != "strong":
            raise ValueError(f"kind '{self.name}': only the strong bot has a budget")

    def make(self, seed: int) -> Bot:
        """A fresh bot of this kind with its own random generator."""
        if self.base == "strong" and self.budget is not None:
            inner: Bot = StrongBot(seed=seed, budget=self.budget)
        else:
            inner = make_bot(self.base, seed=seed)
        if self.sloppiness > 0.0:
            return SloppyBot(inner, self.sloppiness, seed=seed ^ 0x5EED)
        return inner


class SloppyBot(Bot):
    """Plays a uniformly random legal move with probability ``sloppiness``, else the inner bot's move.

    The inner bot is only asked when its move is played (so a sloppy strong bot also thinks less).
    """

    def __init__(self, inner: Bot, sloppiness: float, seed: int | None = None) -> None:
        super().__init__(seed)
        self.inner = inner
        self.sloppiness = sloppiness
        self.name = f"{inner.name}-sloppy"

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        if self.rng.random() < self.sloppiness:
            move = self.rng.choice(view["legal_moves"])
            return {"card": move["card"], "take": move["take"]}
        return self.inner.choose(view)


#: The default kinds, weakest first. ``strong-lite`` is the strong bot with an eighth of its default
#: search budget (200 units instead of 1600): about 70% of games to 11 against greedy instead of 73%, at a
#: fraction of the time (docs/league.md).
DEFAULT_KINDS: tuple[BotKind, ...] = (
    BotKind("random", "random", 0),
    BotKind("greedy-sloppy", "greedy", 1, sloppiness=0.5),
    BotKind("greedy", "greedy", 2),
    BotKind("strong-lite", "strong", 3, budget=200),
)


@dataclass(frozen=True, slots=True)
class Entrant:
    """One identity in the league: a name, its kind, and the match index from which it plays."""

    name: str
    kind: BotKind
    joins_at: int = 0

    @property
    def newcomer(self) -> bool:
        return self.joins_at > 0


# ---------------------------------------------------------------------- config


@dataclass(frozen=True, slots=True)
class LeagueConfig:
    """Everything a league depends on."""

    seed: int = 2026
    matches: int = 3000
    kinds: tuple[BotKind, ...] = DEFAULT_KINDS
    identities: int = 3  # identities of every kind from the first match
    newcomers: tuple[str, ...] = ("random", "greedy-sloppy", "greedy", "strong-lite")  # late, one each
    newcomer_at: float = 0.5  # share of the matches played before the newcomers join
    target: int = 11  # points to win a match (one game, classic rules)
    train_share: float = 0.7  # the first 70% of the matches train, the rest are held out
    margins: tuple[float, ...] = (50.0, 100.0)  # rating margins of the settling report
    spacing: float = 60.0  # seconds between two matches' finish times
    pool: RatingPool = DEFAULT_POOLS[0]

    def __post_init__(self) -> None:
        names = [k.name for k in self.kinds]
        if len(set(names)) != len(names):
            raise ValueError("two kinds have the same name")
        for n in self.newcomers:
            if n not in names:
                raise ValueError(f"newcomer kind '{n}' is not one of the kinds {names}")
        if self.identities < 1 or self.identities * len(self.kinds) < 2:
            raise ValueError("the league needs at least two identities from the start")
        if self.matches < 2:
            raise ValueError("the league needs at least two matches")
        if not 0.0 < self.train_share < 1.0:
            raise ValueError(f"train_share must be in (0, 1), got {self.train_share}")
        if not 0.0 < self.newcomer_at < 1.0:
            raise ValueError(f"newcomer_at must be in (0, 1), got {self.newcomer_at}")
        if self.pool.players_per_side != 1:
            raise ValueError("the league plays one against one")

    @property
    def train_end(self) -> int:
        """Index of the first held-out match."""
        return min(self.matches - 1, max(1, round(self.matches * self.train_share)))

    @property
    def join_index(self) -> int:
        return max(1, round(self.matches * self.newcomer_at))

    def kind(self, name: str) -> BotKind:
        return next(k for k in self.kinds if k.name == name)

    def entrants(self) -> tuple[Entrant, ...]:
        """The identities: ``<kind>-1`` .. ``<kind>-n`` from the start, then ``<kind>-late`` (``-late2``
        for a second newcomer of the same kind, and so on)."""
        out = [Entrant(f"{k.name}-{i + 1}", k) for k in self.kinds for i in range(self.identities)]
        seen: dict[str, int] = {}
        for n in self.newcomers:
            seen[n] = seen.get(n, 0) + 1
            suffix = "late" if seen[n] == 1 else f"late{seen[n]}"
            out.append(Entrant(f"{n}-{suffix}", self.kind(n), self.join_index))
        return tuple(out)


# ---------------------------------------------------------------------- schedule and games


@dataclass(frozen=True, slots=True)
class Fixture:
    """One scheduled match: ``a`` plays side 0 (seat 0, the first dealer), ``b`` side 1."""

    index: int
    a: Entrant
    b: Entrant


def schedule(config: LeagueConfig) -> list[Fixture]:
    """Random pairings: each match two different identities among those already in the league, drawn
    uniformly (so every one plays about as often), sides in the order drawn. Independent of results."""
    rng = random.Random(f"scopa-league-schedule:{config.seed}")
    entrants = config.entrants()
    out: list[Fixture] = []
    for i in range(config.matches):
        active = [e for e in entrants if e.joins_at <= i]
        a, b = rng.sample(active, 2)
        out.append(Fixture(i, a, b))
    return out


def _derived_int(*parts: object) -> int:
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def master_seed(seed: int, index: int) -> str:
    """The master seed match ``index`` is dealt from."""
    return hashlib.sha256(f"scopa-league:{seed}:{index}".encode()).hexdigest()


@cache
def _rules(target: int) -> RuleSet:
    return make_rules("classic", {"target": target})


def play_match(kind_a: BotKind, kind_b: BotKind, target: int, seed: int, index: int) -> float:
    """Play match ``index`` (one game of classic Scopa to ``target``): side 0's score, 1 or 0."""
    rules = _rules(target)
    bots = [kind_a.make(_derived_int(seed, index, 0)), kind_b.make(_derived_int(seed, index, 1))]
    state = new_match(rules, master_seed(seed, index), first_dealer=0)
    for _ in range(MAX_MOVES):
        if state.finished:
            break
        seat = state.turn
        choice = bots[seat].choose(seat_view(state, seat))
        state = apply_move(state, Move.from_json(choice), seat)
    if state.result is None:  # pragma: no cover - guarded by MAX_MOVES
        raise RuntimeError(f"league match {index} did not end")
    return 1.0 if state.result.winner == 0 else 0.0


_Task = tuple[BotKind, BotKind, int, int, int]


def _play_task(task: _Task) -> float:
    return play_match(*task)


def play_league(
    config: LeagueConfig,
    fixtures: Sequence[Fixture] | None = None,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[float]:
    """Every fixture's result (side 0's score), in fixture order; the same whatever ``workers``.

    ``progress`` is called with the number of games just finished (for a progress bar).
    """
    fixtures = schedule(config) if fixtures is None else fixtures
    tasks: list[_Task] = [(f.a.kind, f.b.kind, config.target, config.seed, f.index) for f in fixtures]
    if workers <= 1:
        out = []
        for task in tasks:
            out.append(_play_task(task))
            if progress is not None:
                progress(1)
        return out
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    results: list[float] = []
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method)) as pool:
        for score in pool.map(_play_task, tasks, chunksize=8):
            results.append(score)
            if progress is not None:
                progress(1)
    return results


# ---------------------------------------------------------------------- rating


def elo_expected(a: PlayerRating, b: PlayerRating, pool: RatingPool) -> float:
    """Side a's Elo expected score against b (the pool's cap applies)."""
    return expected_score(a.elo, b.elo, pool.elo.cap)


def glicko_expected(a: PlayerRating, b: PlayerRating, now: float, pool: RatingPool) -> float:
    """Side a's Glicko-2 expected score against b: ``1 / (1 + exp(-g(sqrt(phi_a^2 + phi_b^2)) (mu_a -
    mu_b)))``, with both RDs as they stand at ``now`` (after any inactivity)."""
    phi_a = a.glicko_rd_at(now, pool.glicko) / SCALE
    phi_b = b.glicko_rd_at(now, pool.glicko) / SCALE
    mu_a = (a.glicko_rating - CENTER) / SCALE
    mu_b = (b.glicko_rating - CENTER) / SCALE
    return 1.0 / (1.0 + math.exp(-g(math.sqrt(phi_a * phi_a + phi_b * phi_b)) * (mu_a - mu_b)))


@dataclass(frozen=True, slots=True)
class LeagueMatch:
    """A rated league match, with the predictions made before it (for side 0, ``a``)."""

    index: int
    a: str
    b: str
    kind_a: str
    kind_b: str
    score: float  # side 0's
    elo_expected: float  # from the ratings just before the match
    glicko_expected: float
    elo_frozen: float | None  # from the ratings frozen at the end of training; None for training matches
    glicko_frozen: float | None
    after_a: PlayerRating
    after_b: PlayerRating


@dataclass(frozen=True)
class LeagueRun:
    """A rated league: the config, its identities, every match, and everyone's final ratings."""

    config: LeagueConfig
    entrants: tuple[Entrant, ...]
    matches: tuple[LeagueMatch, ...]
    ratings: Mapping[str, PlayerRating]
    frozen: Mapping[str, PlayerRating]  # the ratings at the end of training

    def rated_matches(self) -> list[RatedMatch]:
        """The matches as the ledger sees them (for :func:`~scopa.domain.ratings.ledger.recompute`)."""
        return [_rated(self.config, m.index, m.a, m.b, m.score) for m in self.matches]

    def history(self, player: str) -> list[tuple[int, PlayerRating]]:
        """The player's ratings after each of their matches, with the match index."""
        out: list[tuple[int, PlayerRating]] = []
        for m in self.matches:
            if m.a == player:
                out.append((m.index, m.after_a))
            elif m.b == player:
                out.append((m.index, m.after_b))
        return out


def _rated(config: LeagueConfig, index: int, a: str, b: str, score: float) -> RatedMatch:
    return RatedMatch(f"m{index:06d}", START + index * config.spacing, config.pool.id, ((a,), (b,)), score)


def rate_league(config: LeagueConfig, fixtures: Sequence[Fixture], scores: Sequence[float]) -> LeagueRun:
    """Rate the results in match order through :func:`~scopa.domain.ratings.ledger.apply_match`, predicting
    every match from the ratings just before it, and the held-out ones also from the frozen ratings."""
    if len(fixtures) != len(scores):
        raise ValueError(f"{len(fixtures)} fixtures but {len(scores)} results")
    pool = config.pool
    initial = PlayerRating.initial(pool)
    ratings: dict[str, PlayerRating] = {}
    frozen: dict[str, PlayerRating] = {}
    out: list[LeagueMatch] = []
    train_end = config.train_end
    for f, score in zip(fixtures, scores, strict=True):
        if f.index == train_end:
            frozen = dict(ratings)
        match = _rated(config, f.index, f.a.name, f.b.name, score)
        now = match.finished_at
        before_a = ratings.get(f.a.name, initial)
        before_b = ratings.get(f.b.name, initial)
        e_elo = elo_expected(before_a, before_b, pool)
        e_glicko = glicko_expected(before_a, before_b, now, pool)
        held_out = f.index >= train_end
        fa = frozen.get(f.a.name, initial)
        fb = frozen.get(f.b.name, initial)
        changes = apply_match(ratings, match, pool)
        for change in changes:
            ratings[change.player] = change.after
        out.append(
            LeagueMatch(
                index=f.index,
                a=f.a.name,
                b=f.b.name,
                kind_a=f.a.kind.name,
                kind_b=f.b.kind.name,
                score=score,
                elo_expected=e_elo,
                glicko_expected=e_glicko,
                elo_frozen=elo_expected(fa, fb, pool) if held_out else None,
                glicko_frozen=glicko_expected(fa, fb, now, pool) if held_out else None,
                after_a=changes[0].after,
                after_b=changes[1].after,
            )
        )
    return LeagueRun(config, config.entrants(), tuple(out), ratings, frozen)


def run_league(
    config: LeagueConfig, *, workers: int = 1, progress: Callable[[int], None] | None = None
) -> LeagueRun:
    """Schedule, play and rate a whole league."""
    fixtures = schedule(config)
    scores = play_league(config, fixtures, workers=workers, progress=progress)
    return rate_league(config, fixtures, scores)


# ---------------------------------------------------------------------- evaluation


def log_loss(predictions: Sequence[float], scores: Sequence[float]) -> float:
    """Mean negative log-likelihood of the results (natural log; a coin scores ln 2)."""
    total = 0.0
    for prediction, s in zip(predictions, scores, strict=True):
        p = min(max(prediction, EPS), 1.0 - EPS)
        total -= s * math.log(p) + (1.0 - s) * math.log(1.0 - p)
    return total / len(scores) if scores else math.nan


def accuracy(predictions: Sequence[float], scores: Sequence[float]) -> float:
    """Share of winners called right (a prediction of exactly 1/2 counts half)."""
    right = 0.0
    for p, s in zip(predictions, scores, strict=True):
        if p == 0.5 or s == 0.5:
            right += 0.5
        elif (p > 0.5) == (s > 0.5):
            right += 1.0
    return right / len(scores) if scores else math.nan


def brier(predictions: Sequence[float], scores: Sequence[float]) -> float:
    """Mean squared error of the predictions (a coin scores 0.25)."""
    return sum((p - s) ** 2 for p, s in zip(predictions, scores, strict=True)) / len(scores)


@dataclass(frozen=True, slots=True)
class PredictionScore:
    """How well one system predicted the held-out matches in one mode."""

    system: str  # "Elo", "Glicko-2", or "kind matchup" (the reference that knows the bots' kinds)
    mode: str  # "frozen" (ratings of the end of training) or "online" (ratings just before each match)
    matches: int
    log_loss: float
    accuracy: float
    brier: float


@dataclass(frozen=True, slots=True)
class KindStanding:
    """The final ratings of one kind's identities that played from the start.

    ``elo_wander`` and ``glicko_wander``: how much a settled rating still moves, the standard deviation
    of an identity's rating after each of its matches from the newcomers' arrival on (the second half of
    the league by default), averaged over the kind's identities: the noise floor of any "settled" test.
    """

    kind: str
    level: int
    identities: tuple[str, ...]
    games: int  # mean matches per identity
    elo_mean: float
    elo_min: float
    elo_max: float
    glicko_mean: float
    glicko_min: float
    glicko_max: float
    rd_mean: float
    elo_wander: float
    glicko_wander: float


@dataclass(frozen=True, slots=True)
class CalibrationBin:
    """Held-out matches (online predictions, seen from the favourite) whose prediction fell in a bin."""

    low: float
    high: float
    matches: int
    predicted: float  # mean prediction
    observed: float  # mean score


@dataclass(frozen=True, slots=True)
class Settling:
    """How fast a late entrant's ratings settled. Counts are the entrant's own matches (1 = first).

    ``elo_within_final[m]``: after how many matches the Elo stays within +-m of its final value for the
    rest of the league; ``elo_within_peers[m]``: the same around the mean final Elo of the identities of
    its kind that played from the start (None: it ends outside the margin); ``glicko_within_final[m]``:
    likewise for the Glicko-2 rating; ``elo_reaches_peers[m]``: the first match after which the Elo is
    within +-m of that mean (it may leave again); ``rd_below``: the first match after which the RD is at
    most the pool's provisional threshold; ``elo_provisional``: the Elo provisional games of the pool.

    ``starters_within_final[m]`` is the control: the same count as ``elo_within_final`` for each identity
    that played from the start, over its matches from the newcomers' arrival on, sorted (an identity that
    never leaves the margin counts 1). A settled rating wanders too, so a newcomer's count means something
    only where it is well above the starters'.
    """

    player: str
    kind: str
    joined_at: int
    matches: int
    final_elo: float
    peer_elo: float
    final_glicko: float
    peer_glicko: float
    final_rd: float
    elo_within_final: tuple[tuple[float, int | None], ...]
    elo_within_peers: tuple[tuple[float, int | None], ...]
    glicko_within_final: tuple[tuple[float, int | None], ...]
    elo_reaches_peers: tuple[tuple[float, int | None], ...]
    starters_within_final: tuple[tuple[float, tuple[int, ...]], ...]
    rd_below: int | None
    rd_threshold: float
    elo_provisional: int


@dataclass(frozen=True)
class LeagueReport:
    """The answers: is the order right, do expected scores predict, how fast does a newcomer settle."""

    config: LeagueConfig
    players: int
    standings: tuple[KindStanding, ...]  # strongest first by mean Elo
    expected_order: tuple[str, ...]  # kind names, weakest first
    elo_order: tuple[str, ...]  # kind names by mean final Elo, weakest first
    glicko_order: tuple[str, ...]
    elo_separated: bool  # every identity of a weaker kind below every identity of a stronger one
    glicko_separated: bool
    head_to_head: tuple[tuple[str, str, int, float], ...]  # (kind, opponent kind, matches, kind's score)
    predictions: tuple[PredictionScore, ...]
    calibration: Mapping[str, tuple[CalibrationBin, ...]]
    settling: tuple[Settling, ...]
    final: Mapping[str, PlayerRating] = field(default_factory=dict)

    @property
    def elo_ordered(self) -> bool:
        return _levels_ok(self.config, self.elo_order)

    @property
    def glicko_ordered(self) -> bool:
        return _levels_ok(self.config, self.glicko_order)

    def prediction(self, system: str, mode: str) -> PredictionScore:
        return next(p for p in self.predictions if p.system == system and p.mode == mode)

    def to_text(self) -> str:
        return format_report(self)


def _levels_ok(config: LeagueConfig, order: Sequence[str]) -> bool:
    """The kinds' levels never decrease along ``order`` (kinds of equal level may come either way)."""
    levels = [config.kind(k).level for k in order]
    return all(x <= y for x, y in pairwise(levels))


def _settle_after(values: Sequence[float], reference: float, margin: float) -> int | None:
    """The number of values after which every later value stays within ``reference +- margin``."""
    n = len(values)
    while n > 0 and abs(values[n - 1] - reference) <= margin:
        n -= 1
    return None if n == len(values) else n + 1


def _mean_sd(series: Sequence[Sequence[float]]) -> float:
    """The mean of the series' population standard deviations (series of fewer than two values skipped)."""
    sds = [statistics.pstdev(xs) for xs in series if len(xs) >= 2]
    return sum(sds) / len(sds) if sds else math.nan


def _matchup_predictions(matches: Sequence[LeagueMatch], train_end: int) -> tuple[list[float], list[float]]:
    """The reference that knows the kinds: side a's mean score against b's kind, frozen from training
    matches and online from all earlier matches, with one win and one loss added (Laplace)."""
    tally: dict[tuple[str, str], list[float]] = {}
    frozen_tally: dict[tuple[str, str], list[float]] = {}
    frozen: list[float] = []
    online: list[float] = []

    def predict(t: Mapping[tuple[str, str], list[float]], ka: str, kb: str) -> float:
        won, played = t.get((ka, kb), [0.0, 0.0])
        return (won + 1.0) / (played + 2.0)

    for m in matches:
        if m.index == train_end:
            frozen_tally = {k: list(v) for k, v in tally.items()}
        if m.index >= train_end:
            frozen.append(predict(frozen_tally, m.kind_a, m.kind_b))
            online.append(predict(tally, m.kind_a, m.kind_b))
        for ka, kb, s in ((m.kind_a, m.kind_b, m.score), (m.kind_b, m.kind_a, 1.0 - m.score)):
            t = tally.setdefault((ka, kb), [0.0, 0.0])
            t[0] += s
            t[1] += 1.0
    return frozen, online


def _calibration(predictions: Sequence[float], scores: Sequence[float]) -> tuple[CalibrationBin, ...]:
    """Bins of the favourite's prediction: [0.5, 0.6), [0.6, 0.7), [0.7, 0.8), [0.8, 0.9), [0.9, 1]."""
    edges = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
    sums = [[0, 0.0, 0.0] for _ in edges[:-1]]
    for p, s in zip(predictions, scores, strict=True):
        fav, fs = (p, s) if p >= 0.5 else (1.0 - p, 1.0 - s)
        i = min(int((fav - 0.5) * 10.0), len(sums) - 1)
        sums[i][0] += 1
        sums[i][1] += fav
        sums[i][2] += fs
    return tuple(
        CalibrationBin(lo, hi, int(n), p / n if n else math.nan, o / n if n else math.nan)
        for (lo, hi), (n, p, o) in zip(pairwise(edges), sums, strict=True)
    )


def evaluate(run: LeagueRun) -> LeagueReport:
    """The report of a rated league."""
    config = run.config
    pool = config.pool
    final = run.ratings
    starters = [e for e in run.entrants if not e.newcomer]

    standings = []
    for kind in config.kinds:
        names = tuple(e.name for e in starters if e.kind == kind)
        rs = [final[n] for n in names if n in final]
        if not rs:
            continue
        elos = [r.elo for r in rs]
        gls = [r.glicko_rating for r in rs]
        settled = [[r for i, r in run.history(n) if i >= config.join_index] for n in names]
        standings.append(
            KindStanding(
                kind=kind.name,
                level=kind.level,
                identities=names,
                games=round(sum(r.games for r in rs) / len(rs)),
                elo_mean=sum(elos) / len(rs),
                elo_min=min(elos),
                elo_max=max(elos),
                glicko_mean=sum(gls) / len(rs),
                glicko_min=min(gls),
                glicko_max=max(gls),
                rd_mean=sum(r.glicko_rd for r in rs) / len(rs),
                elo_wander=_mean_sd([[r.elo for r in h] for h in settled]),
                glicko_wander=_mean_sd([[r.glicko_rating for r in h] for h in settled]),
            )
        )
    elo_order = tuple(s.kind for s in sorted(standings, key=lambda s: s.elo_mean))
    glicko_order = tuple(s.kind for s in sorted(standings, key=lambda s: s.glicko_mean))
    expected_order = tuple(k.name for k in sorted(config.kinds, key=lambda k: k.level))

    def separated(value: Callable[[PlayerRating], float]) -> bool:
        for lo in standings:
            for hi in standings:
                if lo.level < hi.level:
                    top_lo = max(value(final[n]) for n in lo.identities)
                    bottom_hi = min(value(final[n]) for n in hi.identities)
                    if top_lo >= bottom_hi:
                        return False
        return True

    h2h: dict[tuple[str, str], list[float]] = {}
    for m in run.matches:
        for ka, kb, s in ((m.kind_a, m.kind_b, m.score), (m.kind_b, m.kind_a, 1.0 - m.score)):
            t = h2h.setdefault((ka, kb), [0.0, 0.0])
            t[0] += s
            t[1] += 1.0
    head_to_head = tuple(
        (ka.name, kb.name, int(h2h[ka.name, kb.name][1]), h2h[ka.name, kb.name][0] / h2h[ka.name, kb.name][1])
        for ka in config.kinds
        for kb in config.kinds
        if (ka.name, kb.name) in h2h
    )

    train_end = config.train_end
    held = [m for m in run.matches if m.index >= train_end]
    results = [m.score for m in held]
    matchup_frozen, matchup_online = _matchup_predictions(run.matches, train_end)
    series: list[tuple[str, str, list[float]]] = [
        ("Elo", "frozen", [m.elo_frozen for m in held if m.elo_frozen is not None]),
        ("Glicko-2", "frozen", [m.glicko_frozen for m in held if m.glicko_frozen is not None]),
        ("kind matchup", "frozen", matchup_frozen),
        ("Elo", "online", [m.elo_expected for m in held]),
        ("Glicko-2", "online", [m.glicko_expected for m in held]),
        ("kind matchup", "online", matchup_online),
    ]
    predictions = tuple(
        PredictionScore(
            system, mode, len(ps), log_loss(ps, results), accuracy(ps, results), brier(ps, results)
        )
        for system, mode, ps in series
    )
    calibration = {
        "Elo": _calibration([m.elo_expected for m in held], results),
        "Glicko-2": _calibration([m.glicko_expected for m in held], results),
    }

    windows = [[r.elo for i, r in run.history(e.name) if i >= config.join_index] for e in starters]
    control = tuple(
        (mg, tuple(sorted(n for w in windows if w and (n := _settle_after(w, w[-1], mg)))))
        for mg in config.margins
    )
    settling = []
    by_kind = {s.kind: s for s in standings}
    for e in run.entrants:
        if not e.newcomer:
            continue
        hist = [r for _, r in run.history(e.name)]
        if not hist:
            continue
        peers = by_kind.get(e.kind.name)
        last = hist[-1]
        peer_elo = peers.elo_mean if peers else math.nan
        peer_glicko = peers.glicko_mean if peers else math.nan
        elos = [r.elo for r in hist]
        gls = [r.glicko_rating for r in hist]
        rd_below = next(
            (i + 1 for i, r in enumerate(hist) if r.glicko_rd <= pool.glicko.provisional_rd), None
        )
        settling.append(
            Settling(
                player=e.name,
                kind=e.kind.name,
                joined_at=e.joins_at,
                matches=len(hist),
                final_elo=last.elo,
                peer_elo=peer_elo,
                final_glicko=last.glicko_rating,
                peer_glicko=peer_glicko,
                final_rd=last.glicko_rd,
                elo_within_final=tuple((mg, _settle_after(elos, last.elo, mg)) for mg in config.margins),
                elo_within_peers=tuple((mg, _settle_after(elos, peer_elo, mg)) for mg in config.margins),
                glicko_within_final=tuple(
                    (mg, _settle_after(gls, last.glicko_rating, mg)) for mg in config.margins
                ),
                elo_reaches_peers=tuple(
                    (mg, next((i + 1 for i, x in enumerate(elos) if abs(x - peer_elo) <= mg), None))
                    for mg in config.margins
                ),
                starters_within_final=control,
                rd_below=rd_below,
                rd_threshold=pool.glicko.provisional_rd,
                elo_provisional=pool.elo.provisional_games,
            )
        )

    return LeagueReport(
        config=config,
        players=len(run.entrants),
        standings=tuple(sorted(standings, key=lambda s: -s.elo_mean)),
        expected_order=expected_order,
        elo_order=elo_order,
        glicko_order=glicko_order,
        elo_separated=separated(lambda r: r.elo),
        glicko_separated=separated(lambda r: r.glicko_rating),
        head_to_head=head_to_head,
        predictions=predictions,
        calibration=calibration,
        settling=tuple(settling),
        final=dict(final),
    )


# ---------------------------------------------------------------------- text


def _n(value: int | None) -> str:
    return "never" if value is None else str(value)


def format_report(report: LeagueReport) -> str:
    """The report as plain text (Markdown tables)."""
    c = report.config
    yes = {True: "yes", False: "NO"}
    lines = [
        f"league: {c.matches} matches (one game of classic Scopa to {c.target}), {report.players} identities "
        f"({c.identities} per kind from the start, newcomers {', '.join(c.newcomers) or 'none'} from match "
        f"{c.join_index}), seed {c.seed}",
        "",
        "final ratings by kind (identities that played from the start), strongest first:",
        "",
        "| kind | level | identities | matches each | Elo mean (min - max) | Elo wander | "
        "Glicko-2 mean (min - max) | Glicko-2 wander | RD |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for s in report.standings:
        lines.append(
            f"| {s.kind} | {s.level} | {len(s.identities)} | {s.games} | {s.elo_mean:.0f} ({s.elo_min:.0f} - "
            f"{s.elo_max:.0f}) | {s.elo_wander:.0f} | {s.glicko_mean:.0f} ({s.glicko_min:.0f} - "
            f"{s.glicko_max:.0f}) | {s.glicko_wander:.0f} | {s.rd_mean:.0f} |"
        )
    lines += [
        "",
        f"(wander: standard deviation of an identity's rating over its matches from match {c.join_index} on,"
        " averaged over the kind: how much a settled rating still moves)",
    ]
    lines += [
        "",
        f"expected order (weakest first): {' < '.join(report.expected_order)}",
        f"Elo order:      {' < '.join(report.elo_order)}: ordered {yes[report.elo_ordered]}, every identity "
        f"apart {yes[report.elo_separated]}",
        f"Glicko-2 order: {' < '.join(report.glicko_order)}: ordered {yes[report.glicko_ordered]}, every "
        f"identity apart {yes[report.glicko_separated]}",
        "",
        "observed score of the row kind against the column kind (matches):",
        "",
        "| | " + " | ".join(k.name for k in c.kinds) + " |",
        "|---|" + "---|" * len(c.kinds),
    ]
    cells = {(a, b): (n, s) for a, b, n, s in report.head_to_head}
    for ka in c.kinds:
        row = []
        for kb in c.kinds:
            cell = cells.get((ka.name, kb.name))
            row.append("-" if cell is None else f"{cell[1]:.2f} ({cell[0]})")
        lines.append(f"| {ka.name} | " + " | ".join(row) + " |")
    lines += [
        "",
        "rating gaps against the head-to-head: the gap the observed score implies on the Elo curve "
        "(400 log10(p / (1 - p))) and the gaps between the kinds' mean final ratings:",
        "",
        "| stronger | weaker | observed score | implied gap | Elo gap | Glicko-2 gap |",
        "|---|---|---|---|---|---|",
    ]
    by_kind = {s.kind: s for s in report.standings}
    for hi in reversed(report.expected_order):
        for lo in report.expected_order:
            if c.kind(lo).level >= c.kind(hi).level or (hi, lo) not in cells or hi not in by_kind:
                continue
            score = min(max(cells[hi, lo][1], 1e-3), 1.0 - 1e-3)
            lines.append(
                f"| {hi} | {lo} | {score:.3f} | {400.0 * math.log10(score / (1.0 - score)):+.0f} | "
                f"{by_kind[hi].elo_mean - by_kind[lo].elo_mean:+.0f} | "
                f"{by_kind[hi].glicko_mean - by_kind[lo].glicko_mean:+.0f} |"
            )
    held = report.prediction("Elo", "online").matches
    lines += [
        "",
        f"held-out prediction: the last {held} matches ({1 - c.train_share:.0%}); frozen = ratings of the "
        "end of training, never updated; online = ratings just before each match (updated after it)",
        f"(a coin: log-loss ln 2 = {math.log(2):.4f}, Brier 0.25, accuracy 50%; 'kind matchup' knows which "
        "kind every identity is and predicts the mean score of that pairing of kinds so far)",
        "",
        "| system | mode | matches | log-loss | winners called | Brier |",
        "|---|---|---|---|---|---|",
    ]
    for p in report.predictions:
        lines.append(
            f"| {p.system} | {p.mode} | {p.matches} | {p.log_loss:.4f} | {p.accuracy:.1%} | {p.brier:.4f} |"
        )
    lines += [
        "",
        "calibration (held-out, online, from the favourite's side): predicted vs observed score",
        "",
        "| bin | Elo matches | Elo predicted | Elo observed | Glicko-2 matches | Glicko-2 predicted | "
        "Glicko-2 observed |",
        "|---|---|---|---|---|---|---|",
    ]
    for be, bg in zip(report.calibration["Elo"], report.calibration["Glicko-2"], strict=True):
        lines.append(
            f"| {be.low:.1f} - {be.high:.1f} | {be.matches} | {be.predicted:.3f} | {be.observed:.3f} | "
            f"{bg.matches} | {bg.predicted:.3f} | {bg.observed:.3f} |"
        )
    if not report.settling:
        return "\n".join(lines)
    first = report.settling[0]
    lines += [
        "",
        f"newcomers (joined at match {first.joined_at}); counts are the newcomer's own matches; 'starters' "
        "is the mean final rating of the identities of its kind that played from the start:",
        "",
        f"| newcomer | matches | final Elo (starters) | final Glicko-2 (starters) | final RD | "
        f"Elo provisional for | RD <= {first.rd_threshold:g} after |",
        "|---|---|---|---|---|---|---|",
    ]
    for st in report.settling:
        lines.append(
            f"| {st.player} | {st.matches} | {st.final_elo:.0f} ({st.peer_elo:.0f}) | {st.final_glicko:.0f} "
            f"({st.peer_glicko:.0f}) | {st.final_rd:.0f} | {st.elo_provisional} | {_n(st.rd_below)} |"
        )
    lines += [
        "",
        "after how many matches: Elo first within the margin of the starters; Elo (Glicko-2) within the "
        "margin of its own final value, or of the starters, for good:",
        "",
        "| newcomer | margin | Elo first near starters | Elo stays near final | Elo stays near starters | "
        "Glicko-2 stays near final |",
        "|---|---|---|---|---|---|",
    ]
    for st in report.settling:
        for (m, reach), (_, fin), (_, peer), (_, gfin) in zip(
            st.elo_reaches_peers,
            st.elo_within_final,
            st.elo_within_peers,
            st.glicko_within_final,
            strict=True,
        ):
            lines.append(f"| {st.player} | +-{m:g} | {_n(reach)} | {_n(fin)} | {_n(peer)} | {_n(gfin)} |")
    window = round(statistics.median(st.matches for st in report.settling))
    lines += [
        "",
        "control: after how many of their own matches from the newcomers' arrival on (about "
        f"{window} each) the identities that played from the start stay within the margin of their "
        "final Elo:",
    ]
    for m, counts in first.starters_within_final:
        if counts:
            lines.append(
                f"  +-{m:g}: median {statistics.median(counts):g} (from {counts[0]} to {counts[-1]}); "
                f"{counts.count(1)} of {len(counts)} never leave it"
            )
    return "\n".join(lines)
