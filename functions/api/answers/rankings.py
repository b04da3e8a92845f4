"""Rankings: the pools, leaderboards, a player's ratings with their history, a recompute's report."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from api.answers.common import Closed, Number
from scopa.application.ports.jobs import JobStatus
from scopa.application.ports.players import PlayerKind

if TYPE_CHECKING:
    from scopa.application.ports.jobs import Job
    from scopa.application.ports.ratings import HistoryPoint
    from scopa.application.services.ratings import (
        Leaderboard,
        PlayerRatings,
        PoolRecord,
        RatingRow,
        Recomputed,
    )
    from scopa.domain.ratings.pools import RatingPool


class Pool(Closed):
    id: str
    game: str
    name: str
    presets: list[str]
    players_per_side: Literal[1, 2]

    @classmethod
    def of(cls, pool: RatingPool) -> Pool:
        return cls(
            id=pool.id,
            game=pool.game,
            name=pool.name,
            presets=list(pool.presets),
            players_per_side=pool.players_per_side,
        )


class Pools(Closed):
    pools: list[Pool]


class Rating(Closed):
    """A player's rating in a pool, rounded to a tenth; ``rank`` is null outside a leaderboard."""

    rank: int | None
    player_id: str
    name: str
    kind: PlayerKind  # person, bot (a bot account) or house_bot
    elo: Number
    elo_provisional: bool
    glicko: Number
    glicko_rd: Number
    glicko_provisional: bool
    games: int
    wins: int
    losses: int
    draws: int

    @classmethod
    def fields_of(cls, row: RatingRow) -> dict[str, object]:
        from scopa.application.services.players import player_kind  # (which knows the house bots)

        return {
            "rank": row.rank,
            "player_id": row.player_id,
            "name": row.name,
            "kind": player_kind(row.player_id),
            "elo": row.elo,
            "elo_provisional": row.elo_provisional,
            "glicko": row.glicko,
            "glicko_rd": row.glicko_rd,
            "glicko_provisional": row.glicko_provisional,
            "games": row.games,
            "wins": row.wins,
            "losses": row.losses,
            "draws": row.draws,
        }

    @classmethod
    def of(cls, row: RatingRow) -> Rating:
        return cls.model_validate(cls.fields_of(row))


class LeaderboardAnswer(Closed):
    pool: str
    by: Literal["elo", "glicko"]
    rows: list[Rating]
    next_cursor: str | None

    @classmethod
    def of(cls, board: Leaderboard) -> LeaderboardAnswer:
        return cls(
            pool=board.pool,
            by=board.by,
            rows=[Rating.of(r) for r in board.rows],
            next_cursor=board.next_cursor,
        )


class RatingChange(Closed):
    """One rated match in a player's history: the ratings after it and the Elo change."""

    at: str
    match_id: str
    elo: Number
    elo_delta: Number
    glicko: Number
    glicko_rd: Number
    score: Number
    opponents: list[str]

    @classmethod
    def of(cls, h: HistoryPoint) -> RatingChange:
        return cls(
            at=h.at,
            match_id=h.match_id,
            elo=h.elo,
            elo_delta=h.elo_delta,
            glicko=h.glicko,
            glicko_rd=h.glicko_rd,
            score=h.score,
            opponents=h.opponents,
        )


class Opponent(Closed):
    opponent: str
    wins: int
    losses: int
    draws: int


class PoolRating(Rating):
    """A player's rating in one pool with its history (oldest first) and the records by opponent."""

    history: list[RatingChange]
    opponents: list[Opponent]

    @classmethod
    def of_record(cls, record: PoolRecord) -> PoolRating:
        return cls.model_validate(
            {
                **Rating.fields_of(record.rating),
                "history": [RatingChange.of(h) for h in record.history],
                "opponents": [Opponent.model_validate(o) for o in record.opponents],
            }
        )


class PlayerRatingsAnswer(Closed):
    player_id: str
    name: str
    pools: list[PoolRating]

    @classmethod
    def of(cls, ratings: PlayerRatings) -> PlayerRatingsAnswer:
        return cls(
            player_id=ratings.player_id,
            name=ratings.name,
            pools=[PoolRating.of_record(p) for p in ratings.pools],
        )


class RecomputeReport(Closed):
    pool: str
    matches: int
    players: int
    changed: list[str]

    @classmethod
    def of(cls, done: Recomputed) -> RecomputeReport:
        return cls(pool=done.pool, matches=done.matches, players=done.players, changed=done.changed)


class RecomputeJob(Closed):
    """A recompute queued as a job: its status, and the report once done (or an error code if failed)."""

    id: str
    pool: str
    status: JobStatus
    created_at: str
    updated_at: str
    attempts: int
    report: RecomputeReport | None
    error: str | None

    @classmethod
    def of(cls, job: Job) -> RecomputeJob:
        report = RecomputeReport.model_validate(job.result) if job.result is not None else None
        return cls(
            id=job.id,
            pool=job.subject,
            status=job.status,
            created_at=job.created_at,
            updated_at=job.updated_at,
            attempts=job.attempts,
            report=report,
            error=job.error,
        )
