"""Club seasons on SQLite: one row a season, listed by id within the club as on DynamoDB."""

from __future__ import annotations

import json
import sqlite3

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.seasons import Season

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS seasons (
        club_id TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        starts_on TEXT NOT NULL,
        ends_on TEXT NOT NULL,
        rules TEXT NOT NULL,
        lot_seed TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        tournaments TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (club_id, id)
    ) WITHOUT ROWID""",
)

_COLUMNS = (
    "club_id, id, name, starts_on, ends_on, rules, lot_seed, created_by, created_at, updated_at, "
    "tournaments, version"
)


class SqliteSeasonRepository:
    """:class:`~scopa.application.ports.seasons.SeasonRepository` on the ``seasons`` table."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create_season(self, season: Season) -> None:
        with self.db.transaction() as tx:
            done = tx.execute(
                f"INSERT INTO seasons ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (club_id, id) DO NOTHING",
                _values(season),
            )
            if done.rowcount != 1:
                raise WriteConflict("season exists")

    def get_season(self, club_id: str, season_id: str) -> Season | None:
        row = self.db.one("SELECT * FROM seasons WHERE club_id = ? AND id = ?", (club_id, season_id))
        return _season(row) if row else None

    def list_seasons(self, club_id: str, limit: int, cursor: str | None) -> tuple[list[Season], str | None]:
        rows, nxt = self.db.page(
            "SELECT * FROM seasons",
            "club_id = ?",
            (club_id,),
            "id",
            limit=limit,
            cursor=cursor,
            scope=f"seasons:{club_id}",
        )
        return [_season(r) for r in rows], nxt

    def save_season(self, season: Season, expected_version: int) -> None:
        with self.db.transaction() as tx:
            done = tx.execute(
                """UPDATE seasons SET name = ?, starts_on = ?, ends_on = ?, rules = ?, updated_at = ?,
                tournaments = ?, version = ? WHERE club_id = ? AND id = ? AND version = ?""",
                (
                    season.name,
                    season.starts_on,
                    season.ends_on,
                    json.dumps(season.rules),
                    season.updated_at,
                    json.dumps(season.tournaments),
                    season.version,
                    season.club_id,
                    season.id,
                    expected_version,
                ),
            )
            if done.rowcount != 1:
                raise WriteConflict("season changed")


def _values(s: Season) -> tuple[object, ...]:
    return (
        s.club_id,
        s.id,
        s.name,
        s.starts_on,
        s.ends_on,
        json.dumps(s.rules),
        s.lot_seed,
        s.created_by,
        s.created_at,
        s.updated_at,
        json.dumps(s.tournaments),
        s.version,
    )


def _season(row: sqlite3.Row) -> Season:
    return Season(
        id=row["id"],
        club_id=row["club_id"],
        name=row["name"],
        starts_on=row["starts_on"],
        ends_on=row["ends_on"],
        rules=json.loads(row["rules"]),
        lot_seed=row["lot_seed"],
        created_by=row["created_by"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        tournaments=list(json.loads(row["tournaments"])),
        version=row["version"],
    )
