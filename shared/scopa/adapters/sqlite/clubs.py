"""Clubs and their members on SQLite.

Lists come in the DynamoDB adapter's order: clubs newest first (by ``<created>#<club>``, as its ``CLUBS``
partition), a club's members by player id. A club is created with its founder in one transaction; a
member is added only to a club that exists. An edit writes only the fields it sets and moves the club's
version (``club_versions``) on, conditioned as on DynamoDB.
"""

from __future__ import annotations

import sqlite3
from typing import cast

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.clubs import Club, ClubEdit, ClubRole, JoinRequest, JoinStatus, Member
from scopa.application.ports.conflict import WriteConflict

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS clubs (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        open INTEGER NOT NULL,
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        sk TEXT NOT NULL
    )""",
    # The list of clubs, newest first: ``<created>#<club>`` read backwards.
    "CREATE INDEX IF NOT EXISTS clubs_by_created ON clubs (sk)",
    # A club's version, in a table of its own so files from before versions need no migration: a club
    # without a row is at version 0.
    """CREATE TABLE IF NOT EXISTS club_versions (
        club_id TEXT PRIMARY KEY,
        version INTEGER NOT NULL
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS club_members (
        club_id TEXT NOT NULL,
        player_id TEXT NOT NULL,
        name TEXT NOT NULL,
        role TEXT NOT NULL,
        joined_at TEXT NOT NULL,
        PRIMARY KEY (club_id, player_id)
    ) WITHOUT ROWID""",
    # A player's clubs (DynamoDB keeps a mirror item under the player for this).
    "CREATE INDEX IF NOT EXISTS club_members_by_player ON club_members (player_id, club_id)",
    """CREATE TABLE IF NOT EXISTS club_join_requests (
        club_id TEXT NOT NULL,
        player_id TEXT NOT NULL,
        name TEXT NOT NULL,
        requested_at TEXT NOT NULL,
        status TEXT NOT NULL,
        decided_by TEXT,
        decided_at TEXT,
        PRIMARY KEY (club_id, player_id)
    ) WITHOUT ROWID""",
)


# A club with its version (0 without a row).
CLUBS = (
    "SELECT c.*, COALESCE(v.version, 0) AS version FROM clubs c LEFT JOIN club_versions v ON v.club_id = c.id"
)


class SqliteClubRepository:
    """:class:`~scopa.application.ports.clubs.ClubRepository` on the ``clubs`` and ``club_members`` tables."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create_club(self, club: Club, founder: Member | None) -> None:
        """The club, conditioned on its id being new, with its founder: both or neither."""
        with self.db.transaction() as tx:
            created = tx.execute(
                """INSERT INTO clubs (id, name, description, open, created_by, created_at, sk)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING""",
                (
                    club.id,
                    club.name,
                    club.description,
                    int(club.open),
                    club.created_by,
                    club.created_at,
                    f"{club.created_at}#{club.id}",
                ),
            )
            if created.rowcount == 0:
                raise WriteConflict("the club exists")
            if club.version:
                version = "INSERT INTO club_versions (club_id, version) VALUES (?, ?)"
                tx.execute(version, (club.id, club.version))
            if founder:
                _put_member(tx, club.id, founder)

    def get_club(self, club_id: str) -> Club | None:
        row = self.db.one(f"{CLUBS} WHERE id = ?", (club_id,))
        return _club(row) if row else None

    def update_club(self, club_id: str, edit: ClubEdit, expected_version: int | None = None) -> Club:
        given = [
            (column, value)
            for column, value in (("name", edit.name), ("description", edit.description), ("open", edit.open))
            if value is not None
        ]
        sets = [f"{column} = ?" for column, _ in given]
        values = [int(value) if isinstance(value, bool) else value for _, value in given]
        with self.db.transaction() as tx:
            row = tx.execute(f"{CLUBS} WHERE id = ?", (club_id,)).fetchone()
            if row is None:
                raise WriteConflict("no such club")
            if expected_version is not None and row["version"] != expected_version:
                raise WriteConflict("the club changed")
            if sets:
                tx.execute(f"UPDATE clubs SET {', '.join(sets)} WHERE id = ?", (*values, club_id))
            tx.execute(
                """INSERT INTO club_versions (club_id, version) VALUES (?, 1)
                ON CONFLICT (club_id) DO UPDATE SET version = version + 1""",
                (club_id,),
            )
            edited = tx.execute(f"{CLUBS} WHERE id = ?", (club_id,)).fetchone()
        return _club(edited)

    def list_clubs(self, limit: int, cursor: str | None) -> tuple[list[Club], str | None]:
        """Every club, newest first, ``limit`` a page."""
        page, nxt = self.db.page(
            CLUBS, "", [], "sk", limit=limit, cursor=cursor, scope="clubs", descending=True
        )
        return [_club(row) for row in page], nxt

    def get_member(self, club_id: str, player_id: str) -> Member | None:
        row = self.db.one(
            "SELECT * FROM club_members WHERE club_id = ? AND player_id = ?", (club_id, player_id)
        )
        return _member(row) if row else None

    def put_member(self, club_id: str, member: Member) -> None:
        with self.db.transaction() as tx:
            if tx.execute("SELECT 1 FROM clubs WHERE id = ?", (club_id,)).fetchone() is None:
                raise WriteConflict("no such club")
            _put_member(tx, club_id, member)

    def remove_member(self, club_id: str, player_id: str) -> None:
        with self.db.transaction() as tx:
            removed = tx.execute(
                "DELETE FROM club_members WHERE club_id = ? AND player_id = ?", (club_id, player_id)
            )
            if removed.rowcount == 0:
                raise WriteConflict("not a member")

    def list_members(self, club_id: str, limit: int, cursor: str | None) -> tuple[list[Member], str | None]:
        """A club's members by player id, ``limit`` a page."""
        page, nxt = self.db.page(
            "SELECT * FROM club_members", "club_id = ?", [club_id], "player_id",
            limit=limit, cursor=cursor, scope=f"members:{club_id}",
        )  # fmt: skip
        return [_member(row) for row in page], nxt

    def put_join_request(self, club_id: str, request: JoinRequest) -> None:
        with self.db.transaction() as tx:
            if tx.execute("SELECT 1 FROM clubs WHERE id = ?", (club_id,)).fetchone() is None:
                raise WriteConflict("no such club")
            tx.execute(
                """INSERT OR REPLACE INTO club_join_requests
                (club_id, player_id, name, requested_at, status, decided_by, decided_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)""",
                (
                    club_id,
                    request.player_id,
                    request.name,
                    request.requested_at,
                    request.status,
                    request.decided_by,
                    request.decided_at,
                ),
            )

    def get_join_request(self, club_id: str, player_id: str) -> JoinRequest | None:
        row = self.db.one(
            "SELECT * FROM club_join_requests WHERE club_id = ? AND player_id = ?", (club_id, player_id)
        )
        return _join_request(row) if row else None

    def approve_join_request(self, club_id: str, member: Member) -> None:
        with self.db.transaction() as tx:
            removed = tx.execute(
                "DELETE FROM club_join_requests WHERE club_id = ? AND player_id = ? AND status = 'pending'",
                (club_id, member.player_id),
            )
            if removed.rowcount == 0:
                raise WriteConflict("no pending request")
            member_row = "SELECT 1 FROM club_members WHERE club_id = ? AND player_id = ?"
            if tx.execute(member_row, (club_id, member.player_id)).fetchone() is not None:
                raise WriteConflict("a member already")  # the transaction keeps the request
            _put_member(tx, club_id, member)

    def refuse_join_request(self, club_id: str, request: JoinRequest) -> None:
        with self.db.transaction() as tx:
            refused = tx.execute(
                """UPDATE club_join_requests SET status = ?, decided_by = ?, decided_at = ?
                WHERE club_id = ? AND player_id = ? AND status = 'pending'""",
                (request.status, request.decided_by, request.decided_at, club_id, request.player_id),
            )
            if refused.rowcount == 0:
                raise WriteConflict("no pending request")

    def list_join_requests(
        self, club_id: str, limit: int, cursor: str | None
    ) -> tuple[list[JoinRequest], str | None]:
        page, nxt = self.db.page(
            "SELECT * FROM club_join_requests", "club_id = ?", [club_id], "player_id",
            limit=limit, cursor=cursor, scope=f"join-requests:{club_id}",
        )  # fmt: skip
        return [_join_request(row) for row in page], nxt


def _join_request(row: sqlite3.Row) -> JoinRequest:
    return JoinRequest(
        player_id=row["player_id"],
        name=row["name"],
        requested_at=row["requested_at"],
        status=cast(JoinStatus, row["status"]),
        decided_by=row["decided_by"],
        decided_at=row["decided_at"],
    )


def _put_member(tx: sqlite3.Connection, club_id: str, member: Member) -> None:
    tx.execute(
        """INSERT INTO club_members (club_id, player_id, name, role, joined_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (club_id, player_id) DO UPDATE
        SET name = excluded.name, role = excluded.role, joined_at = excluded.joined_at""",
        (club_id, member.player_id, member.name, member.role, member.joined_at),
    )


def _club(row: sqlite3.Row) -> Club:
    return Club(
        id=row["id"],
        name=row["name"],
        description=row["description"],
        open=bool(row["open"]),
        created_by=row["created_by"],
        created_at=row["created_at"],
        version=row["version"],
    )


def _member(row: sqlite3.Row) -> Member:
    return Member(
        player_id=row["player_id"],
        name=row["name"],
        role=cast(ClubRole, row["role"]),
        joined_at=row["joined_at"],
    )
