"""Admin jobs on SQLite: one row per job, status changed by conditional updates (as on DynamoDB)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.jobs import STARTABLE, Job, JobStatus

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        subject TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        result TEXT,
        error TEXT
    )""",
)

_COLUMNS = "id, kind, subject, status, created_at, updated_at, expires_at, attempts, result, error"


class SqliteJobRepository:
    """:class:`~scopa.application.ports.jobs.JobRepository` on the ``jobs`` table."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create_job(self, job: Job) -> None:
        with self.db.transaction() as tx:
            added = tx.execute(
                """INSERT INTO jobs (id, kind, subject, status, created_at, updated_at, expires_at, attempts)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING""",
                (
                    job.id,
                    job.kind,
                    job.subject,
                    job.status,
                    job.created_at,
                    job.updated_at,
                    job.expires_at,
                    job.attempts,
                ),
            )
            if added.rowcount == 0:
                raise WriteConflict("a job holds this id")

    def get_job(self, job_id: str) -> Job | None:
        row = self.db.one(f"SELECT {_COLUMNS} FROM jobs WHERE id = ?", (job_id,))
        return _job(row) if row is not None else None

    def start_job(self, job_id: str, at: str) -> Job | None:
        with self.db.transaction() as tx:
            started = tx.execute(
                """UPDATE jobs SET status = 'running', updated_at = ?, attempts = attempts + 1
                WHERE id = ? AND status IN (?, ?)""",
                (at, job_id, *STARTABLE),
            )
            if started.rowcount == 0:
                return None
            row = tx.execute(f"SELECT {_COLUMNS} FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return _job(row)

    def finish_job(
        self, job_id: str, status: JobStatus, at: str, result: dict[str, Any] | None, error: str | None
    ) -> None:
        text = json.dumps(result, separators=(",", ":"), ensure_ascii=False) if result is not None else None
        with self.db.transaction() as tx:
            finished = tx.execute(
                """UPDATE jobs SET status = ?, updated_at = ?, result = ?, error = ?
                WHERE id = ? AND status IN (?, ?)""",
                (status, at, text, error, job_id, *STARTABLE),
            )
            if finished.rowcount == 0:
                raise WriteConflict("the job is finished or missing")


def _job(row: sqlite3.Row) -> Job:
    return Job(
        id=row["id"],
        kind=row["kind"],
        subject=row["subject"],
        status=row["status"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        expires_at=row["expires_at"],
        attempts=row["attempts"],
        result=json.loads(row["result"]) if row["result"] is not None else None,
        error=row["error"],
    )
