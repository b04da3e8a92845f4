"""The Arena: play as many games as you can in a time window; pure pairing and scoring.

An arena is stored like the other formats, as numbered rounds, but each round is a *wave*: the tables
paired among the players who were waiting when the pipeline ran. Waves overlap (a player who finishes
is paired again in the next wave while others still play), so a player's games are in wave order, and
wave order is time order for that player (they are paired only when not playing).

Pairing (:func:`pair_arena`): the waiting players are ranked by score, then seeding rating, then id. An
odd player out waits for the next wave: the one who finished playing most recently (ties: the
lower-ranked). The rest are paired by a maximum-weight matching in which an immediate rematch (the
opponent of either player's last game) costs more than any distance, and otherwise the closer two
players are in the ranking the better (squared rank distance), so neighbours meet and a rematch happens
only when every way of pairing this pool needs one. A pool of more than :data:`EXACT_LIMIT` players is
paired greedily in rank order (the nearest free player who is not an immediate rematch).

Scoring (:func:`arena_standings`): a win scores 2, a draw 1, a loss 0. With ``streaks``, a player whose
two previous counted games were both wins is *on a streak*: a win then scores 4 (double); a draw (1) or
a loss (0) ends the streak, and two wins in a row start a new one. Forfeits count as wins and losses.
A player who loses a game without playing a card (a no-show) is not paired again until they say
they are back. Only games decided by the end of the grace period after the window count
(:func:`window_reason`): one still under way then (adjudicated) or one that ended later, before the
pipeline saw it, is recorded with reason ``round_deadline`` and counts for nobody. The ranking is by
score, then performance, then a lot drawn from SHA-256 of the tournament's lot seed and the entrant id.
Performance is the classic linear estimate: the mean seeding rating of the opponents met plus
400 x (wins - losses) / games (0 without a game).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scopa.domain.tournaments.records import EntryRecord, RoundRecord

if TYPE_CHECKING:
    import networkx as nx

WIN, DRAW, LOSS, STREAK_WIN = 2, 1, 0, 4
NOT_COUNTED = "round_deadline"  # a table adjudicated when the grace period ran out
EXACT_LIMIT = 64  # waiting players paired by the exact matching; a larger pool is paired greedily


@dataclass(frozen=True)
class ArenaPlayer:
    """A waiting player as the pairing sees them."""

    id: str
    score: int
    rating: float = 1500.0
    last_opponent: str | None = None
    last_wave: int = 0  # the wave of their last game (0: none yet); higher finished more recently


@dataclass(frozen=True)
class ArenaGame:
    """One decided table of a wave, from the record: who played and the match points [first, second]."""

    wave: int
    first: str
    second: str
    result: tuple[float, float]
    counted: bool = True
    no_show: str | None = None  # the entrant who lost it without playing a card (reason no_show)


@dataclass(frozen=True)
class ArenaRow:
    """One line of the arena's leaderboard."""

    rank: int
    entrant: str
    name: str
    status: str
    score: int
    games: int
    wins: int
    draws: int
    losses: int
    streak: int  # wins in a row at the end of the player's games
    on_streak: bool  # the next win scores double
    performance: float
    paused: bool


def window_reason(reason: str | None, finished_at: float, grace_end: float) -> str | None:
    """The reason an arena table records for a game decided at ``finished_at`` (epoch seconds): its own
    when it ended at or before ``grace_end``, else :data:`NOT_COUNTED`, so a game the pipeline finds
    finished only after the grace end counts for nobody, exactly as if it had been adjudicated then."""
    return reason if finished_at <= grace_end else NOT_COUNTED


def _rank_key(p: ArenaPlayer) -> tuple[float, float, str]:
    return (-p.score, -p.rating, p.id)


def pair_arena(waiting: Sequence[ArenaPlayer]) -> tuple[list[tuple[str, str]], str | None]:
    """Pair the waiting players: (tables, the one left waiting). The higher-ranked player sits first."""
    ranked = sorted(waiting, key=_rank_key)
    left: str | None = None
    if len(ranked) % 2 == 1:
        position = {p.id: i for i, p in enumerate(ranked)}
        out = max(ranked, key=lambda p: (p.last_wave, position[p.id]))
        left = out.id
        ranked = [p for p in ranked if p.id != out.id]
    if len(ranked) > EXACT_LIMIT:
        return _greedy(ranked), left
    import networkx as nx  # here, not at import: only the arena's pairing needs it (as in swiss.py)

    n = len(ranked)
    rematch_cost = n * n + 1  # above any squared rank distance
    graph: nx.Graph[int] = nx.Graph()
    for i in range(n):
        for j in range(i + 1, n):
            a, b = ranked[i], ranked[j]
            rematch = a.last_opponent == b.id or b.last_opponent == a.id
            cost = (j - i) ** 2 + (rematch_cost if rematch else 0)
            graph.add_edge(i, j, weight=2 * rematch_cost + n * n - cost)  # positive: max weight = min cost
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables = sorted((min(i, j), max(i, j)) for i, j in matching)
    return [(ranked[i].id, ranked[j].id) for i, j in tables], left


def _greedy(ranked: list[ArenaPlayer]) -> list[tuple[str, str]]:
    """Large pools: each player in rank order meets the next free one who is not an immediate rematch
    (the next free one at all when only a rematch is left)."""
    free = list(ranked)
    tables = []
    while len(free) >= 2:
        a = free.pop(0)
        k = next((i for i, b in enumerate(free) if a.last_opponent != b.id and b.last_opponent != a.id), 0)
        tables.append((a.id, free.pop(k).id))
    return tables


def arena_games(rounds: Iterable[RoundRecord]) -> list[ArenaGame]:
    """The decided tables of every wave, in wave order (open waves included: a table counts once decided)."""
    out = []
    for rnd in sorted(rounds, key=lambda r: r.number):
        for t in rnd.tables:
            if t.result is not None:
                counted = t.reason != NOT_COUNTED
                absent = None
                if t.forfeit and t.reason == "no_show":
                    absent = t.first if t.result[0] < t.result[1] else t.second
                result = (t.result[0], t.result[1])
                out.append(ArenaGame(rnd.number, t.first, t.second, result, counted, absent))
    return out


@dataclass
class _Tally:
    score: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    streak: int = 0
    opponents_rating: float = 0.0
    last_opponent: str | None = None
    last_wave: int = 0
    absent_wave: int = 0  # the wave of their last game when they lost it without playing (else 0)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def _tallies(games: Iterable[ArenaGame], ratings: dict[str, float], streaks: bool) -> dict[str, _Tally]:
    out: dict[str, _Tally] = {}
    for g in sorted(games, key=lambda g: g.wave):
        for me, other, mine, theirs in ((g.first, g.second, *g.result), (g.second, g.first, *g.result[::-1])):
            t = out.setdefault(me, _Tally())
            t.last_opponent, t.last_wave = other, g.wave  # a game not counted still ends the wait
            t.absent_wave = g.wave if g.no_show == me else 0
            if not g.counted:
                continue
            t.opponents_rating += ratings.get(other, 1500.0)
            if mine > theirs:
                t.score += STREAK_WIN if streaks and t.streak >= 2 else WIN
                t.wins += 1
                t.streak += 1
            elif mine < theirs or mine <= 0:  # a 0-0 double loss is a loss for both
                t.losses += 1
                t.streak = 0
            else:
                t.score += DRAW
                t.draws += 1
                t.streak = 0
    return out


def performance(t: _Tally) -> float:
    if not t.games:
        return 0.0
    return round(t.opponents_rating / t.games + 400 * (t.wins - t.losses) / t.games, 1)


def waiting_players(
    entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord], streaks: bool, wave: int
) -> list[ArenaPlayer]:
    """Who can be paired in wave ``wave``: active, not paused, joined, not at an undecided table, and
    not absent (see :func:`absent`)."""
    busy = {x for r in rounds for t in r.tables if t.result is None for x in (t.first, t.second)}
    ratings = {e.id: e.rating for e in entries}
    tallies = _tallies(arena_games(rounds), ratings, streaks)
    out = []
    for e in entries:
        t = tallies.get(e.id, _Tally())
        if e.status != "active" or e.paused or e.joined_round > wave or e.id in busy or absent(e, t):
            continue
        out.append(ArenaPlayer(e.id, t.score, e.rating, t.last_opponent, t.last_wave))
    return out


def absent(entry: EntryRecord, t: _Tally) -> bool:
    """A player who lost their last game without playing a card is paused by it, as if they had asked,
    until they say they are back (``PUT .../paused {"paused": false}`` after that game)."""
    return t.absent_wave > entry.back_after_wave


def lot(lot_seed: str, entrant: str) -> str:
    return hashlib.sha256(f"{lot_seed}:{entrant}".encode()).hexdigest()


def arena_standings(
    entries: Sequence[EntryRecord], rounds: Sequence[RoundRecord], streaks: bool, lot_seed: str
) -> list[ArenaRow]:
    """The leaderboard: score, then performance, then the lot; every entrant, with or without games."""
    ratings = {e.id: e.rating for e in entries}
    tallies = _tallies(arena_games(rounds), ratings, streaks)
    keyed = []
    for e in entries:
        t = tallies.get(e.id, _Tally())
        keyed.append(((-t.score, -performance(t), lot(lot_seed, e.id)), e, t))
    keyed.sort(key=lambda k: k[0])
    return [
        ArenaRow(
            rank=i + 1,
            entrant=e.id,
            name=e.name,
            status=e.status,
            score=t.score,
            games=t.games,
            wins=t.wins,
            draws=t.draws,
            losses=t.losses,
            streak=t.streak,
            on_streak=streaks and t.streak >= 2,
            performance=performance(t),
            paused=e.paused or absent(e, t),
        )
        for i, (_, e, t) in enumerate(keyed)
    ]
