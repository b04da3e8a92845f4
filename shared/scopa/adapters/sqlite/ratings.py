"""Ratings on SQLite. (Being written.)"""

from __future__ import annotations

from scopa.adapters.sqlite.database import Database

SCHEMA: tuple[str, ...] = ()


class SqliteRatingRepository:
    def __init__(self, db: Database) -> None:
        self.db = db
