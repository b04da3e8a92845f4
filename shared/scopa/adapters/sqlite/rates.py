"""The shared request counter on SQLite: one row per caller and window, as on DynamoDB.

Every thread of the local server, and every process opening the same file, counts in the same rows: the
count and its condition are one statement inside ``BEGIN IMMEDIATE`` (the file's write lock), so two
requests never both take the last place of a window. Where DynamoDB's TTL forgets a finished window,
counting deletes the rows of the windows already over.
"""

from __future__ import annotations

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.rates import window_at

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS rate_counts (
        caller TEXT NOT NULL,
        seconds INTEGER NOT NULL,
        start INTEGER NOT NULL,
        n INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (caller, seconds, start)
    )""",
    "CREATE INDEX IF NOT EXISTS rate_counts_by_expiry ON rate_counts (expires_at)",
)


class SqliteRateCounter:
    """:class:`~scopa.application.ports.rates.RateCounter` on the ``rate_counts`` table."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def take(self, key: str, window: int, limit: int, now: float) -> float:
        span = window_at(now, window)
        with self.db.transaction() as tx:
            tx.execute("DELETE FROM rate_counts WHERE expires_at <= ?", (int(now),))
            counted = tx.execute(
                """INSERT INTO rate_counts (caller, seconds, start, n, expires_at) VALUES (?, ?, ?, 1, ?)
                ON CONFLICT (caller, seconds, start) DO UPDATE SET n = n + 1 WHERE n < ?""",
                (key, span.length, span.start, span.end, limit),
            )
            if counted.rowcount == 0:
                return span.wait(now)
        return 0.0
