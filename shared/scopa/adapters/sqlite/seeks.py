"""Seeks on SQLite: one row per seek, the whole :class:`~scopa.application.ports.seeks.Seek` as JSON in
``doc`` and the columns the lists and conditions need beside it. ``sk`` (``<created>#<id>``) orders
both lists newest first, as the DynamoDB adapter's keys do."""

from __future__ import annotations

import dataclasses
import json

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.seeks import Seek, SeekStatus, TooManySeeks

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS seeks (
        id TEXT PRIMARY KEY,
        player_id TEXT NOT NULL,
        status TEXT NOT NULL,
        expires INTEGER NOT NULL,
        sk TEXT NOT NULL,
        doc TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS seeks_open ON seeks (sk) WHERE status = 'open'",
    "CREATE INDEX IF NOT EXISTS seeks_by_player ON seeks (player_id, sk)",
)

SEEK_FIELDS = frozenset(f.name for f in dataclasses.fields(Seek))
OPEN_SCOPE = "open-seeks"


class SqliteSeekRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    def create_seek(self, seek: Seek, max_open: int, now: float) -> None:
        """Check the id, count the creator's open seeks and insert in one ``BEGIN IMMEDIATE`` transaction:
        no other writer comes in between, so the count holds when the row lands."""
        with self.db.transaction() as tx:
            if tx.execute("SELECT 1 FROM seeks WHERE id = ?", (seek.id,)).fetchone():
                raise WriteConflict("the seek exists")
            (held,) = tx.execute(
                "SELECT COUNT(*) FROM seeks WHERE player_id = ? AND status = 'open' AND expires > ?",
                (seek.player_id, int(now)),
            ).fetchone()
            if held >= max_open:
                raise TooManySeeks(f"the player has {held} open seeks")
            tx.execute(
                "INSERT INTO seeks (id, player_id, status, expires, sk, doc) VALUES (?, ?, ?, ?, ?, ?)",
                (seek.id, seek.player_id, seek.status, seek.expires_at, _sk(seek), _doc(seek)),
            )

    def get_seek(self, seek_id: str) -> Seek | None:
        row = self.db.one("SELECT doc FROM seeks WHERE id = ?", (seek_id,))
        return _seek(row["doc"]) if row else None

    def take_seek(self, seek_id: str, match_id: str, taken_by: str, now: float) -> Seek:
        with self.db.transaction():
            seek = self.get_seek(seek_id)
            if seek is None or not seek.is_open(now):
                raise WriteConflict("the seek is not open")
            seek = dataclasses.replace(seek, status="taken", match_id=match_id, taken_by=taken_by)
            self._write(seek, now)
            return seek

    def set_seek_status(self, seek_id: str, status: SeekStatus) -> None:
        with self.db.transaction():
            seek = self.get_seek(seek_id)
            if seek is None or seek.status != "open":
                raise WriteConflict("the seek is not open")
            self._write(dataclasses.replace(seek, status=status), None)

    def _write(self, seek: Seek, now: float | None) -> None:
        """Save a seek that is open (and unexpired at ``now``, when given) as read in this transaction."""
        condition, values = "", []
        if now is not None:
            condition, values = " AND expires > ?", [int(now)]
        with self.db.transaction() as tx:
            saved = tx.execute(
                f"UPDATE seeks SET status = ?, doc = ? WHERE id = ? AND status = 'open'{condition}",
                (seek.status, _doc(seek), seek.id, *values),
            )
            if saved.rowcount == 0:
                raise WriteConflict("the seek is not open")

    def list_open_seeks(self, now: float, limit: int, cursor: str | None) -> tuple[list[Seek], str | None]:
        page, nxt = self.db.page(
            "SELECT sk, doc FROM seeks", "status = 'open' AND expires > ?", [int(now)], "sk",
            limit=limit, cursor=cursor, scope=OPEN_SCOPE, descending=True,
        )  # fmt: skip
        return [_seek(row["doc"]) for row in page], nxt

    def list_player_seeks(self, player_id: str, now: float) -> list[Seek]:
        rows = self.db.query(
            """SELECT doc FROM seeks WHERE player_id = ? AND status = 'open' AND expires > ?
            ORDER BY sk DESC""",
            (player_id, int(now)),
        )
        return [_seek(row["doc"]) for row in rows]


def _sk(seek: Seek) -> str:
    return f"{seek.created_at}#{seek.id}"


def _doc(seek: Seek) -> str:
    return json.dumps(dataclasses.asdict(seek), separators=(",", ":"), ensure_ascii=False)


def _seek(doc: str) -> Seek:
    return Seek(**{k: v for k, v in json.loads(doc).items() if k in SEEK_FIELDS})
