"""Matches on SQLite. (Being written: the schema below is fixed, the ratings store relies on it.)

The whole :class:`~scopa.application.ports.matches.Match` is one JSON document in ``doc``; the columns
beside it are what queries and conditions need. ``rating`` is authoritative over the document's copy:
the ratings store flips it from ``pending`` to ``rated`` in the rating transaction without rewriting
the document, so reading a match takes ``rating`` from the column.
"""

from __future__ import annotations

from scopa.adapters.sqlite.database import Database

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS matches (
        id TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        status TEXT NOT NULL,
        deadline INTEGER,
        rating TEXT,
        updated_at TEXT NOT NULL,
        doc TEXT NOT NULL
    )""",
    # The rating queue: finished matches waiting to be rated, oldest first (DynamoDB: gsi1 UNRATED).
    """CREATE INDEX IF NOT EXISTS matches_unrated ON matches (updated_at, id)
        WHERE status = 'finished' AND rating = 'pending'""",
    # The deadline sweep: active matches with a clock (DynamoDB: gsi1 LIVE).
    """CREATE INDEX IF NOT EXISTS matches_live ON matches (deadline, id)
        WHERE status = 'active' AND deadline IS NOT NULL""",
)


class SqliteMatchRepository:
    def __init__(self, db: Database) -> None:
        self.db = db
