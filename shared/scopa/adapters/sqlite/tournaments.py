"""Tournaments on SQLite: the tournament row, its entries, rounds, audit trail and players' entry pointers.

Each record is one JSON document (``doc``); the columns beside it are what lists and conditions need.
Every conditional write reads, checks and writes inside one ``BEGIN IMMEDIATE`` transaction, so it is
atomic as DynamoDB's conditional writes and transactions are: a lost condition raises
:class:`~scopa.application.ports.conflict.WriteConflict` and leaves every table as it was.

Orders follow the DynamoDB adapter's sort keys: lists of tournaments sort on ``<created_at>#<id>``
(newest first), entries on their id, rounds on their number, audit entries on their time (then the order
they were written in, where DynamoDB has a random nonce).
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from scopa.adapters.sqlite.database import Database, decode_cursor, next_page
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.tournaments import TournamentBundle
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    RoundRecord,
    TableRecord,
    TournamentRecord,
)

SCHEMA: tuple[str, ...] = (
    # club_id and listed_at are fixed at creation, like DynamoDB's pointer items of the lists.
    """CREATE TABLE IF NOT EXISTS tournaments (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        club_id TEXT,
        listed_at TEXT NOT NULL,
        version INTEGER NOT NULL,
        doc TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS tournaments_listed ON tournaments (listed_at)",
    "CREATE INDEX IF NOT EXISTS tournaments_by_status ON tournaments (status, listed_at)",
    """CREATE INDEX IF NOT EXISTS tournaments_by_club ON tournaments (club_id, listed_at)
        WHERE club_id IS NOT NULL""",
    """CREATE TABLE IF NOT EXISTS tournament_entries (
        tournament_id TEXT NOT NULL,
        id TEXT NOT NULL,
        doc TEXT NOT NULL,
        PRIMARY KEY (tournament_id, id)
    )""",
    """CREATE TABLE IF NOT EXISTS player_tournaments (
        player_id TEXT NOT NULL,
        tournament_id TEXT NOT NULL,
        entrant_id TEXT NOT NULL,
        PRIMARY KEY (player_id, tournament_id)
    )""",
    """CREATE TABLE IF NOT EXISTS tournament_rounds (
        tournament_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        version INTEGER NOT NULL,
        doc TEXT NOT NULL,
        PRIMARY KEY (tournament_id, number)
    )""",
    """CREATE TABLE IF NOT EXISTS tournament_audit (
        seq INTEGER PRIMARY KEY,
        tournament_id TEXT NOT NULL,
        at TEXT NOT NULL,
        doc TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS tournament_audit_order ON tournament_audit (tournament_id, at, seq)",
)

OPEN_FOR_CHANGES = ("draft", "registration")  # an entry may be removed only before the start
# An entry's version (a document written before entries had versions has none: it is version 0).
ENTRY_VERSION = "coalesce(json_extract(doc, '$.version'), 0)"


class SqliteTournamentRepository:
    """:class:`~scopa.application.ports.tournaments.TournamentRepository` on a :class:`Database`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ tournaments

    def create_tournament(self, tournament: TournamentRecord, audit: AuditEntry) -> None:
        with self.db.transaction() as c:
            insert(
                c,
                "INSERT INTO tournaments (id, status, club_id, listed_at, version, doc)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    tournament.id,
                    tournament.status,
                    tournament.club_id,
                    listed_at(tournament.created_at, tournament.id),
                    tournament.version,
                    dumps(dataclasses.asdict(tournament)),
                ),
            )
            self._insert_audit(c, tournament.id, audit)

    def get_tournament(self, tournament_id: str) -> TournamentRecord | None:
        row = self.db.one("SELECT doc FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(row["doc"]) if row else None

    def load(self, tournament_id: str) -> TournamentBundle | None:
        with self.db.transaction() as c:  # one snapshot, as DynamoDB's single query of the partition
            row = c.execute("SELECT doc FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
            if row is None:
                return None
            entries = c.execute(
                "SELECT doc FROM tournament_entries WHERE tournament_id = ? ORDER BY id", (tournament_id,)
            ).fetchall()
            rounds = c.execute(
                "SELECT doc FROM tournament_rounds WHERE tournament_id = ? ORDER BY number", (tournament_id,)
            ).fetchall()
        return TournamentBundle(
            _tournament(row["doc"]), [_entry(r["doc"]) for r in entries], [_round(r["doc"]) for r in rounds]
        )

    def save_tournament(self, tournament: TournamentRecord, expected_version: int) -> None:
        with self.db.transaction() as c:
            self._write_tournament(c, tournament, expected_version)

    def list_tournaments(
        self, status: str | None, club_id: str | None, limit: int, cursor: str | None
    ) -> tuple[list[TournamentRecord], str | None]:
        if club_id is not None:
            # As DynamoDB reads a club's list and then drops the other statuses: a page may come out short.
            scope, where, params = f"tournaments:club:{club_id}", "club_id = ?", [club_id]
        elif status is not None:
            scope, where, params = f"tournaments:status:{status}", "status = ?", [status]
        else:
            scope, where, params = "tournaments", "", []
        page, nxt = self.db.page(
            "SELECT listed_at, doc FROM tournaments", where, params, "listed_at",
            limit=limit, cursor=cursor, scope=scope, descending=True,
        )  # fmt: skip
        out = [_tournament(r["doc"]) for r in page]
        if status is not None:
            out = [t for t in out if t.status == status]
        return out, nxt

    def tournament_ids_with_status(self, status: str) -> list[str]:
        rows = self.db.query("SELECT id FROM tournaments WHERE status = ? ORDER BY listed_at", (status,))
        return [r["id"] for r in rows]

    def _write_tournament(self, c: sqlite3.Connection, t: TournamentRecord, expected_version: int) -> None:
        written = c.execute(
            "UPDATE tournaments SET status = ?, version = ?, doc = ? WHERE id = ? AND version = ?",
            (t.status, t.version, dumps(dataclasses.asdict(t)), t.id, expected_version),
        ).rowcount
        if written != 1:
            raise WriteConflict(f"tournament {t.id} is not at version {expected_version}")

    def _read_tournament(self, c: sqlite3.Connection, tournament_id: str) -> TournamentRecord:
        row = c.execute("SELECT doc FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
        if row is None:
            raise WriteConflict(f"tournament {tournament_id} does not exist")
        return _tournament(row["doc"])

    # ------------------------------------------------------------------ entries

    def add_entry(
        self,
        tournament_id: str,
        entry: EntryRecord,
        cap: int,
        statuses: tuple[str, ...],
        before_round: int | None = None,
    ) -> None:
        with self.db.transaction() as c:
            t = self._read_tournament(c, tournament_id)
            if t.entries >= cap or t.status not in statuses:
                raise WriteConflict(f"tournament {tournament_id} takes no entry now")
            if before_round is not None and t.current_round >= before_round:
                raise WriteConflict(f"round {before_round} of {tournament_id} has been paired")
            insert(
                c,
                "INSERT INTO tournament_entries (tournament_id, id, doc) VALUES (?, ?, ?)",
                (tournament_id, entry.id, _entry_doc(entry)),
            )
            for player_id in entry.players:
                insert(
                    c,
                    "INSERT INTO player_tournaments (player_id, tournament_id, entrant_id) VALUES (?, ?, ?)",
                    (player_id, tournament_id, entry.id),
                )
            before = t.version
            t.entries, t.version = t.entries + 1, t.version + 1
            self._write_tournament(c, t, before)

    def remove_entry(self, tournament_id: str, entry: EntryRecord) -> None:
        with self.db.transaction() as c:
            t = self._read_tournament(c, tournament_id)
            if t.status not in OPEN_FOR_CHANGES:
                raise WriteConflict(f"tournament {tournament_id} has started")
            deleted = c.execute(
                f"DELETE FROM tournament_entries WHERE tournament_id = ? AND id = ? AND {ENTRY_VERSION} = ?",
                (tournament_id, entry.id, entry.version),
            ).rowcount
            if deleted != 1:
                raise WriteConflict(f"entry {entry.id} is gone or not at version {entry.version}")
            c.executemany(
                "DELETE FROM player_tournaments WHERE player_id = ? AND tournament_id = ?",
                [(p, tournament_id) for p in entry.players],
            )
            before = t.version
            t.entries, t.version = t.entries - 1, t.version + 1
            self._write_tournament(c, t, before)

    def save_entry(
        self, tournament_id: str, entry: EntryRecord, expected_version: int, before_round: int | None = None
    ) -> None:
        with self.db.transaction() as c:
            if before_round is not None:
                t = self._read_tournament(c, tournament_id)
                if t.current_round >= before_round:
                    raise WriteConflict(f"round {before_round} of {tournament_id} has been paired")
                before = t.version
                t.version += 1
                self._write_tournament(c, t, before)
            written = c.execute(
                "UPDATE tournament_entries SET doc = ?"
                f" WHERE tournament_id = ? AND id = ? AND {ENTRY_VERSION} = ?",
                (_entry_doc(entry), tournament_id, entry.id, expected_version),
            ).rowcount
            if written != 1:
                raise WriteConflict(f"entry {entry.id} is gone or not at version {expected_version}")

    def player_entry(self, tournament_id: str, player_id: str) -> str | None:
        row = self.db.one(
            "SELECT entrant_id FROM player_tournaments WHERE player_id = ? AND tournament_id = ?",
            (player_id, tournament_id),
        )
        return str(row["entrant_id"]) if row else None

    def get_entry(self, tournament_id: str, entrant_id: str) -> EntryRecord | None:
        row = self.db.one(
            "SELECT doc FROM tournament_entries WHERE tournament_id = ? AND id = ?",
            (tournament_id, entrant_id),
        )
        return _entry(row["doc"]) if row else None

    # ------------------------------------------------------------------ rounds

    def create_round(self, tournament_id: str, rnd: RoundRecord, expected_version: int | None = None) -> None:
        with self.db.transaction() as c:
            t = self._read_tournament(c, tournament_id)
            if t.status != "running" or t.paused or t.current_round != rnd.number - 1:
                raise WriteConflict(f"tournament {tournament_id} is not ready for round {rnd.number}")
            if expected_version is not None and t.version != expected_version:
                raise WriteConflict(f"tournament {tournament_id} is not at version {expected_version}")
            insert(
                c,
                "INSERT INTO tournament_rounds (tournament_id, number, version, doc) VALUES (?, ?, ?, ?)",
                (tournament_id, rnd.number, rnd.version, _round_doc(rnd)),
            )
            before = t.version
            t.current_round, t.version, t.override = rnd.number, t.version + 1, None
            self._write_tournament(c, t, before)

    def get_round(self, tournament_id: str, number: int) -> RoundRecord | None:
        row = self.db.one(
            "SELECT doc FROM tournament_rounds WHERE tournament_id = ? AND number = ?",
            (tournament_id, number),
        )
        return _round(row["doc"]) if row else None

    def save_round(
        self, tournament_id: str, rnd: RoundRecord, expected_version: int, audit: AuditEntry | None = None
    ) -> None:
        with self.db.transaction() as c:
            written = c.execute(
                "UPDATE tournament_rounds SET version = ?, doc = ?"
                " WHERE tournament_id = ? AND number = ? AND version = ?",
                (rnd.version, _round_doc(rnd), tournament_id, rnd.number, expected_version),
            ).rowcount
            if written != 1:
                raise WriteConflict(f"round {rnd.number} is not at version {expected_version}")
            if audit is not None:
                self._insert_audit(c, tournament_id, audit)

    # ------------------------------------------------------------------ audit

    def add_audit(self, tournament_id: str, entry: AuditEntry) -> None:
        with self.db.transaction() as c:
            self._insert_audit(c, tournament_id, entry)

    def list_audit(
        self, tournament_id: str, limit: int, cursor: str | None
    ) -> tuple[list[AuditEntry], str | None]:
        scope = f"audit:{tournament_id}"
        where, params = "tournament_id = ?", list[Any]([tournament_id])
        if cursor:
            position = decode_cursor(cursor, scope)  # the row id of the last entry listed
            seq = int(position) if position.isascii() and position.isdigit() and len(position) < 19 else -1
            last = self.db.one(
                "SELECT at FROM tournament_audit WHERE tournament_id = ? AND seq = ?", (tournament_id, seq)
            )
            if last is None:
                raise InvalidCursor("the cursor is not one this service returned")
            where += " AND (at, seq) > (?, ?)"
            params += [last["at"], seq]
        rows = self.db.query(
            f"SELECT seq, at, doc FROM tournament_audit WHERE {where} ORDER BY at, seq LIMIT ?",
            [*params, limit + 1],
        )
        page, nxt = next_page(rows, limit, scope, "seq")
        return [AuditEntry(**json.loads(r["doc"])) for r in page], nxt

    def _insert_audit(self, c: sqlite3.Connection, tournament_id: str, a: AuditEntry) -> None:
        c.execute(
            "INSERT INTO tournament_audit (tournament_id, at, doc) VALUES (?, ?, ?)",
            (tournament_id, a.at, dumps(dataclasses.asdict(a))),
        )


# ---------------------------------------------------------------------- helpers shared by the SQLite stores


def insert(c: sqlite3.Connection, sql: str, parameters: Sequence[Any] | Mapping[str, Any]) -> None:
    """An ``INSERT`` that must create its row: a key already taken is a lost condition."""
    try:
        c.execute(sql, parameters)
    except sqlite3.IntegrityError as exc:
        raise WriteConflict(str(exc)) from None


def dumps(value: Any) -> str:
    """Compact JSON (floats as their exact repr, so they read back bit for bit)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def listed_at(created_at: str, tournament_id: str) -> str:
    """The sort key of the lists (DynamoDB's ``<created>#<id>``)."""
    return f"{created_at}#{tournament_id}"


def _tournament(doc: str) -> TournamentRecord:
    return TournamentRecord(**json.loads(doc))


def _entry_doc(e: EntryRecord) -> str:
    doc = {**dataclasses.asdict(e), "rating": float(e.rating)}
    if not e.online:
        del doc["online"]  # stored as before mixed play existed
    return dumps(doc)


def _entry(doc: str) -> EntryRecord:
    return EntryRecord(**json.loads(doc))


def _round_doc(r: RoundRecord) -> str:
    return dumps({**dataclasses.asdict(r), "tables": [t.to_json() for t in r.tables]})


def _round(doc: str) -> RoundRecord:
    data = json.loads(doc)
    data["tables"] = [TableRecord.from_json(t) for t in data["tables"]]
    return RoundRecord(**data)
