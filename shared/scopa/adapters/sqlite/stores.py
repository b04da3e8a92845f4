"""Every port on one SQLite file: the default store of ``make run``."""

from __future__ import annotations

from pathlib import Path

from scopa.adapters.sqlite import (
    clubs,
    connections,
    idempotency,
    jobs,
    matches,
    players,
    rates,
    ratings,
    seasons,
    seeks,
    topic_leases,
    tournaments,
    webhooks,
)
from scopa.adapters.sqlite.database import Database
from scopa.application.wiring import Stores

APPLICATION_ID = 0x53434F50  # "SCOP" in the file's header: a scopa database (what a restore checks)

SCHEMA: tuple[str, ...] = (
    f"PRAGMA application_id = {APPLICATION_ID}",
    *players.SCHEMA,
    *matches.SCHEMA,
    *clubs.SCHEMA,
    *tournaments.SCHEMA,
    *ratings.SCHEMA,
    *idempotency.SCHEMA,
    *seeks.SCHEMA,
    *connections.SCHEMA,
    *webhooks.SCHEMA,
    *seasons.SCHEMA,
    *jobs.SCHEMA,
    *topic_leases.SCHEMA,
    *rates.SCHEMA,
)


def open_database(path: str | Path) -> Database:
    """The database at ``path`` (created with its schema when new; ``":memory:"`` for a throwaway one)."""
    return Database(path, SCHEMA)


def sqlite_stores(path: str | Path | Database) -> Stores:
    db = path if isinstance(path, Database) else open_database(path)
    player_store = players.SqlitePlayerRepository(db)
    return Stores(
        players=player_store,
        matches=matches.SqliteMatchRepository(db),
        clubs=clubs.SqliteClubRepository(db),
        tournaments=tournaments.SqliteTournamentRepository(db),
        ratings=ratings.SqliteRatingRepository(db),
        idempotency=idempotency.SqliteIdempotencyRepository(db),
        seeks=seeks.SqliteSeekRepository(db),
        connections=connections.SqliteConnectionRepository(db),
        webhooks=webhooks.SqliteWebhookRepository(db),
        jobs=jobs.SqliteJobRepository(db),
        guests=player_store,
        seasons=seasons.SqliteSeasonRepository(db),
        topic_leases=topic_leases.SqliteTopicLeaseRepository(db),
        rates=rates.SqliteRateCounter(db),
    )
