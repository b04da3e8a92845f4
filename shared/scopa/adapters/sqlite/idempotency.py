"""Idempotency records on SQLite: one row per request digest.

As on DynamoDB, a record past its ``expires_at`` counts as absent (reads compare it with the caller's
clock) and may be replaced by a new one. Where DynamoDB's TTL deletes expired items some time later,
starting a record here deletes the rows expired by then.
"""

from __future__ import annotations

import json
from typing import Any

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.idempotency import IdempotencyRecord

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS idempotency (
        digest TEXT PRIMARY KEY,
        body_hash TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        answer TEXT
    )""",
    "CREATE INDEX IF NOT EXISTS idempotency_by_expiry ON idempotency (expires_at)",
)


class SqliteIdempotencyRepository:
    """:class:`~scopa.application.ports.idempotency.IdempotencyRepository` on the ``idempotency`` table."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def get_record(self, digest: str, now: int) -> IdempotencyRecord | None:
        row = self.db.one(
            "SELECT body_hash, expires_at, answer FROM idempotency WHERE digest = ? AND expires_at > ?",
            (digest, now),
        )
        if row is None:
            return None
        return IdempotencyRecord(
            digest=digest,
            body_hash=row["body_hash"],
            expires_at=row["expires_at"],
            answer=json.loads(row["answer"]) if row["answer"] is not None else None,
        )

    def start_record(self, record: IdempotencyRecord, now: int) -> None:
        with self.db.transaction() as tx:
            tx.execute("DELETE FROM idempotency WHERE expires_at <= ?", (now,))
            started = tx.execute(
                """INSERT INTO idempotency (digest, body_hash, expires_at) VALUES (?, ?, ?)
                ON CONFLICT (digest) DO NOTHING""",
                (record.digest, record.body_hash, record.expires_at),
            )
            if started.rowcount == 0:
                raise WriteConflict("a live record holds this digest")

    def complete_record(self, digest: str, answer: dict[str, Any]) -> None:
        with self.db.transaction() as tx:
            completed = tx.execute(
                "UPDATE idempotency SET answer = ? WHERE digest = ?",
                (json.dumps(answer, separators=(",", ":"), ensure_ascii=False), digest),
            )
            if completed.rowcount == 0:
                raise WriteConflict("no such record")
