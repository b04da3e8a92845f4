"""Players and their bearer tokens on SQLite.

The profile keeps its current token's SHA-256 (the token itself is stored nowhere); its token version
lives in ``token_versions`` (a table of its own, so files from before versions need no migration: no
row is version 0). An opaque token of before signed tokens also has a row in ``tokens``, keyed by its
hash and carrying the player's role. Changes go in one transaction, on the same conditions as on
DynamoDB: a change is decided on a read of the profile, and the write checks that the profile is still
as read (same token, same version), or loses with :class:`~scopa.application.ports.conflict.WriteConflict`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import cast

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.players import GuestClaim, Player, Role, name_key

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL,
        created_at TEXT NOT NULL,
        token_hash TEXT,
        origin TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS tokens (
        token_hash TEXT PRIMARY KEY,
        player_id TEXT NOT NULL,
        role TEXT NOT NULL
    )""",
    # The name index (name_key: case-folded, spaces collapsed), written with the profile.
    """CREATE TABLE IF NOT EXISTS player_names (
        name_key TEXT NOT NULL,
        player_id TEXT NOT NULL,
        PRIMARY KEY (name_key, player_id)
    ) WITHOUT ROWID""",
    # Guests (ports.guests): a table of their own, so files from before guests need no migration.
    """CREATE TABLE IF NOT EXISTS guests (
        player_id TEXT PRIMARY KEY,
        manager TEXT NOT NULL,
        claim_hash TEXT,
        claim_expires REAL,
        claim_tries INTEGER NOT NULL DEFAULT 0
    ) WITHOUT ROWID""",
    """CREATE INDEX IF NOT EXISTS guests_by_manager ON guests (manager, player_id)""",
    """CREATE TABLE IF NOT EXISTS token_versions (
        player_id TEXT PRIMARY KEY,
        version INTEGER NOT NULL
    ) WITHOUT ROWID""",
)


class SqlitePlayerRepository:
    """:class:`~scopa.application.ports.players.PlayerRepository` on the ``players`` and ``tokens`` tables."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._index_unnamed()

    def _index_unnamed(self) -> None:
        """Index the names of players made before the name index (a file of an older ``make run``): the
        key is computed here, since SQLite's ``lower`` folds ASCII only. Nothing to do on a current file."""
        rows = self.db.query(
            "SELECT id, name FROM players WHERE NOT EXISTS "
            "(SELECT 1 FROM player_names n WHERE n.player_id = players.id)"
        )
        if rows:
            with self.db.transaction() as tx:
                tx.executemany(
                    "INSERT OR IGNORE INTO player_names (name_key, player_id) VALUES (?, ?)",
                    [(name_key(str(row["name"])), str(row["id"])) for row in rows],
                )

    def create_player(self, player: Player) -> None:
        """The profile, conditioned on its id being new, and its token row: both or neither."""
        with self.db.transaction() as tx:
            created = tx.execute(
                """INSERT INTO players (id, name, role, created_at, token_hash, origin)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING""",
                (
                    player.id,
                    player.name,
                    player.role,
                    player.created_at,
                    player.token_hash,
                    json.dumps(player.origin, separators=(",", ":")) if player.origin else None,
                ),
            )
            if created.rowcount == 0:
                raise WriteConflict("the player exists")
            tx.execute(
                "INSERT INTO player_names (name_key, player_id) VALUES (?, ?)",
                (name_key(player.name), player.id),
            )
            if player.guest_of is not None:
                tx.execute(
                    "INSERT INTO guests (player_id, manager) VALUES (?, ?)", (player.id, player.guest_of)
                )
            if player.token_version:
                _put_version(tx, player.id, player.token_version)
            elif player.token_hash:  # an opaque token (tests of the read path)
                _put_token(tx, player.token_hash, player.id, player.role)

    def players_named(self, key: str, limit: int) -> list[str]:
        rows = self.db.query(
            "SELECT player_id FROM player_names WHERE name_key = ? ORDER BY player_id LIMIT ?", (key, limit)
        )
        return [str(row["player_id"]) for row in rows]

    def get_player(self, player_id: str, consistent: bool = False) -> Player | None:
        """Every read is consistent here (``consistent`` is for the DynamoDB adapter)."""
        row = self.db.one(f"{_PROFILES} WHERE p.id = ?", (player_id,))
        return _player(row) if row is not None else None

    def get_players(self, player_ids: Sequence[str]) -> list[Player]:
        if not player_ids:
            return []
        marks = ", ".join("?" * len(player_ids))
        found = {
            row["id"]: _player(row)
            for row in self.db.query(f"{_PROFILES} WHERE p.id IN ({marks})", player_ids)
        }
        return [found[pid] for pid in player_ids if pid in found]

    def set_role(self, player_id: str, role: Role) -> None:
        player = self.get_player(player_id)
        if player is None:
            raise WriteConflict("no such player")
        with self.db.transaction() as tx:
            # The token row gets the new role: the token must still be the one read.
            changed = tx.execute(
                "UPDATE players SET role = ? WHERE id = ? AND token_hash IS ?",
                (role, player_id, player.token_hash),
            )
            if changed.rowcount == 0:
                raise WriteConflict("the player's token changed meanwhile")
            if player.token_hash and player.token_version == 0:
                _put_token(tx, player.token_hash, player_id, role)

    def get_token_owner(self, token_hash: str) -> tuple[str, Role] | None:
        row = self.db.one("SELECT player_id, role FROM tokens WHERE token_hash = ?", (token_hash,))
        return (row["player_id"], cast(Role, row["role"])) if row else None

    def replace_token(self, player_id: str, old_hash: str | None, new_hash: str | None, version: int) -> None:
        player = self.get_player(player_id)
        if player is None:
            raise WriteConflict("no such player")
        with self.db.transaction() as tx:
            # ``token_hash IS ?`` also matches "no token" when ``old_hash`` is None.
            row = tx.execute(
                """SELECT COALESCE(v.version, 0) AS version FROM players p
                LEFT JOIN token_versions v ON v.player_id = p.id WHERE p.id = ? AND p.token_hash IS ?""",
                (player_id, old_hash),
            ).fetchone()
            if row is None or int(row["version"]) != version - 1:
                raise WriteConflict("the token changed meanwhile")
            tx.execute("UPDATE players SET token_hash = ? WHERE id = ?", (new_hash, player_id))
            _put_version(tx, player_id, version)
            if old_hash:
                tx.execute("DELETE FROM tokens WHERE token_hash = ?", (old_hash,))

    # ------------------------------------------------------------------ guests (ports.guests)

    def guests_of(self, manager: str, limit: int) -> list[Player]:
        rows = self.db.query(f"{_PROFILES} WHERE g.manager = ? ORDER BY p.id LIMIT ?", (manager, limit))
        return [_player(row) for row in rows]

    def rename_guest(self, player_id: str, manager: str, old_name: str, new_name: str) -> None:
        with self.db.transaction() as tx:
            changed = tx.execute(
                """UPDATE players SET name = ? WHERE id = ? AND name = ?
                AND EXISTS (SELECT 1 FROM guests g WHERE g.player_id = players.id AND g.manager = ?)""",
                (new_name, player_id, old_name, manager),
            )
            if changed.rowcount == 0:
                raise WriteConflict("not that guest of that organizer")
            tx.execute(
                "DELETE FROM player_names WHERE name_key = ? AND player_id = ?",
                (name_key(old_name), player_id),
            )
            tx.execute(
                "INSERT OR IGNORE INTO player_names (name_key, player_id) VALUES (?, ?)",
                (name_key(new_name), player_id),
            )

    def set_claim(self, player_id: str, manager: str, claim: GuestClaim | None) -> None:
        with self.db.transaction() as tx:
            changed = tx.execute(
                """UPDATE guests SET claim_hash = ?, claim_expires = ?, claim_tries = ?
                WHERE player_id = ? AND manager = ?""",
                (
                    claim.code_hash if claim else None,
                    claim.expires_at if claim else None,
                    claim.tries if claim else 0,
                    player_id,
                    manager,
                ),
            )
            if changed.rowcount == 0:
                raise WriteConflict("not a guest of that organizer")

    def count_wrong_claim(self, player_id: str, tries: int) -> None:
        with self.db.transaction() as tx:
            changed = tx.execute(
                """UPDATE guests SET claim_tries = claim_tries + 1
                WHERE player_id = ? AND claim_hash IS NOT NULL AND claim_tries = ?""",
                (player_id, tries),
            )
            if changed.rowcount == 0:
                raise WriteConflict("the claim changed meanwhile")

    def claim_guest(self, player_id: str, code_hash: str, token_hash: str, version: int) -> None:
        with self.db.transaction() as tx:
            spent = tx.execute(
                "DELETE FROM guests WHERE player_id = ? AND claim_hash = ?", (player_id, code_hash)
            )
            if spent.rowcount == 0:
                raise WriteConflict("not a guest with that claim")
            tx.execute("UPDATE players SET token_hash = ? WHERE id = ?", (token_hash, player_id))
            _put_version(tx, player_id, version)


def _put_token(tx: sqlite3.Connection, token_hash: str, player_id: str, role: str) -> None:
    tx.execute(
        """INSERT INTO tokens (token_hash, player_id, role) VALUES (?, ?, ?)
        ON CONFLICT (token_hash) DO UPDATE SET player_id = excluded.player_id, role = excluded.role""",
        (token_hash, player_id, role),
    )


def _put_version(tx: sqlite3.Connection, player_id: str, version: int) -> None:
    tx.execute(
        """INSERT INTO token_versions (player_id, version) VALUES (?, ?)
        ON CONFLICT (player_id) DO UPDATE SET version = excluded.version""",
        (player_id, version),
    )


_PROFILES = """SELECT p.*, COALESCE(v.version, 0) AS token_version,
    g.manager, g.claim_hash, g.claim_expires, g.claim_tries FROM players p
    LEFT JOIN token_versions v ON v.player_id = p.id LEFT JOIN guests g ON g.player_id = p.id"""


def _player(row: sqlite3.Row) -> Player:
    return Player(
        id=row["id"],
        name=row["name"],
        role=cast(Role, row["role"]),
        created_at=row["created_at"],
        token_hash=row["token_hash"],
        origin=json.loads(row["origin"]) if row["origin"] else None,
        token_version=int(row["token_version"]),
        guest_of=row["manager"],
        claim=(
            GuestClaim(row["claim_hash"], float(row["claim_expires"]), int(row["claim_tries"]))
            if row["claim_hash"]
            else None
        ),
    )
