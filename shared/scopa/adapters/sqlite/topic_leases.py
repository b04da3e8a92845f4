"""Coalesced topics' push leases on SQLite (``make run``): one row per topic, conditional updates.

See :mod:`scopa.application.ports.coalesce`. A row is claimed by an ``INSERT ... ON CONFLICT DO UPDATE
... WHERE`` (only when the held lease ended) and marked by an ``UPDATE ... WHERE`` on the lease's end and
no mark: each a single statement, so two runs racing never both win.
"""

from __future__ import annotations

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.coalesce import TopicLease

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS topic_leases (
        topic TEXT PRIMARY KEY,
        until_ms INTEGER NOT NULL,
        pending_ms INTEGER
    )""",
)


class SqliteTopicLeaseRepository:
    """:class:`~scopa.application.ports.coalesce.TopicLeaseRepository` on SQLite."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def lease(self, topic: str) -> TopicLease | None:
        row = self.db.one("SELECT until_ms, pending_ms FROM topic_leases WHERE topic = ?", (topic,))
        if row is None:
            return None
        pending = row["pending_ms"]
        return TopicLease(int(row["until_ms"]), None if pending is None else int(pending))

    def claim(self, topic: str, *, now_ms: int, until_ms: int, pending_ms: int | None = None) -> bool:
        with self.db.transaction() as tx:
            cursor = tx.execute(
                """INSERT INTO topic_leases (topic, until_ms, pending_ms) VALUES (?, ?, NULL)
                ON CONFLICT (topic) DO UPDATE SET until_ms = excluded.until_ms, pending_ms = NULL
                WHERE topic_leases.until_ms <= ? OR topic_leases.pending_ms = ?""",
                (topic, until_ms, now_ms, pending_ms),
            )
            return cursor.rowcount == 1

    def mark_pending(self, topic: str, *, until_ms: int) -> bool:
        with self.db.transaction() as tx:
            cursor = tx.execute(
                """UPDATE topic_leases SET pending_ms = until_ms
                WHERE topic = ? AND until_ms = ? AND pending_ms IS NULL""",
                (topic, until_ms),
            )
            return cursor.rowcount == 1
