"""Club webhooks and their deliveries on SQLite.

A club's hooks come by id; a hook's deliveries newest first (their ids sort by creation, as the DynamoDB
adapter's sort keys). Deleting a hook leaves its deliveries: the log stays readable, and a pending one
is dropped when the queue next tries it.
"""

from __future__ import annotations

import json
import sqlite3
from typing import cast

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.webhooks import Delivery, DeliveryStatus, Webhook

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS webhooks (
        club_id TEXT NOT NULL,
        id TEXT NOT NULL,
        url TEXT NOT NULL,
        events TEXT NOT NULL,
        secret TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (club_id, id)
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS webhook_deliveries (
        hook_id TEXT NOT NULL,
        id TEXT NOT NULL,
        club_id TEXT NOT NULL,
        event TEXT NOT NULL,
        event_id TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        last_status INTEGER,
        last_error TEXT,
        next_attempt_at TEXT,
        delivered_at TEXT,
        PRIMARY KEY (hook_id, id)
    ) WITHOUT ROWID""",
)


class SqliteWebhookRepository:
    """:class:`~scopa.application.ports.webhooks.WebhookRepository` on two tables."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create_hook(self, hook: Webhook) -> None:
        with self.db.transaction() as tx:
            created = tx.execute(
                """INSERT INTO webhooks (club_id, id, url, events, secret, created_by, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""",
                (
                    hook.club_id,
                    hook.id,
                    hook.url,
                    json.dumps(hook.events),
                    hook.secret,
                    hook.created_by,
                    hook.created_at,
                ),
            )
            if created.rowcount == 0:
                raise WriteConflict("the webhook exists")

    def get_hook(self, club_id: str, hook_id: str) -> Webhook | None:
        row = self.db.one("SELECT * FROM webhooks WHERE club_id = ? AND id = ?", (club_id, hook_id))
        return _hook(row) if row else None

    def list_hooks(self, club_id: str) -> list[Webhook]:
        rows = self.db.query("SELECT * FROM webhooks WHERE club_id = ? ORDER BY id", (club_id,))
        return [_hook(row) for row in rows]

    def delete_hook(self, club_id: str, hook_id: str) -> None:
        with self.db.transaction() as tx:
            gone = tx.execute("DELETE FROM webhooks WHERE club_id = ? AND id = ?", (club_id, hook_id))
            if gone.rowcount == 0:
                raise WriteConflict("no such webhook")

    def create_delivery(self, delivery: Delivery) -> None:
        with self.db.transaction() as tx:
            created = tx.execute(
                """INSERT INTO webhook_deliveries (hook_id, id, club_id, event, event_id, body, created_at,
                status, attempts, last_status, last_error, next_attempt_at, delivered_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""",
                (
                    delivery.hook_id,
                    delivery.id,
                    delivery.club_id,
                    delivery.event,
                    delivery.event_id,
                    delivery.body,
                    delivery.created_at,
                    delivery.status,
                    delivery.attempts,
                    delivery.last_status,
                    delivery.last_error,
                    delivery.next_attempt_at,
                    delivery.delivered_at,
                ),
            )
            if created.rowcount == 0:
                raise WriteConflict("the delivery exists")

    def get_delivery(self, hook_id: str, delivery_id: str) -> Delivery | None:
        row = self.db.one(
            "SELECT * FROM webhook_deliveries WHERE hook_id = ? AND id = ?", (hook_id, delivery_id)
        )
        return _delivery(row) if row else None

    def save_delivery(self, delivery: Delivery, expected_attempts: int) -> None:
        with self.db.transaction() as tx:
            saved = tx.execute(
                """UPDATE webhook_deliveries SET status = ?, attempts = ?, last_status = ?, last_error = ?,
                next_attempt_at = ?, delivered_at = ? WHERE hook_id = ? AND id = ? AND attempts = ?""",
                (
                    delivery.status,
                    delivery.attempts,
                    delivery.last_status,
                    delivery.last_error,
                    delivery.next_attempt_at,
                    delivery.delivered_at,
                    delivery.hook_id,
                    delivery.id,
                    expected_attempts,
                ),
            )
            if saved.rowcount == 0:
                raise WriteConflict("the delivery changed meanwhile")

    def list_deliveries(
        self, hook_id: str, limit: int, cursor: str | None
    ) -> tuple[list[Delivery], str | None]:
        page, nxt = self.db.page(
            "SELECT * FROM webhook_deliveries", "hook_id = ?", [hook_id], "id",
            limit=limit, cursor=cursor, scope=f"deliveries:{hook_id}", descending=True,
        )  # fmt: skip
        return [_delivery(row) for row in page], nxt


def _hook(row: sqlite3.Row) -> Webhook:
    return Webhook(
        id=row["id"],
        club_id=row["club_id"],
        url=row["url"],
        events=list(json.loads(row["events"])),
        secret=row["secret"],
        created_by=row["created_by"],
        created_at=row["created_at"],
    )


def _delivery(row: sqlite3.Row) -> Delivery:
    return Delivery(
        id=row["id"],
        hook_id=row["hook_id"],
        club_id=row["club_id"],
        event=row["event"],
        event_id=row["event_id"],
        body=row["body"],
        created_at=row["created_at"],
        status=cast(DeliveryStatus, row["status"]),
        attempts=int(row["attempts"]),
        last_status=row["last_status"],
        last_error=row["last_error"],
        next_attempt_at=row["next_attempt_at"],
        delivered_at=row["delivered_at"],
    )
