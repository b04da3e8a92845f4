"""Matches on SQLite (the schema below is fixed: the ratings store relies on it).

The whole :class:`~scopa.application.ports.matches.Match` is one JSON document in ``doc``; the columns
beside it are what queries and conditions need. ``rating`` is authoritative over the document's copy:
the ratings store flips it from ``pending`` to ``rated`` in the rating transaction without rewriting
the document, so reading a match takes ``rating`` from the column.

``player_matches`` lists each player's matches under the DynamoDB adapter's sort key
(``MATCH#<created>#<match>``), so a player's list comes in the same order on both adapters, newest first.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.matches import DEADLINE_STEP, Match, MatchSummary

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS matches (
        id TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        status TEXT NOT NULL,
        deadline INTEGER,
        rating TEXT,
        updated_at TEXT NOT NULL,
        doc TEXT NOT NULL
    )""",
    # The rating queue: finished matches waiting to be rated, oldest first (DynamoDB: gsi1 UNRATED).
    """CREATE INDEX IF NOT EXISTS matches_unrated ON matches (updated_at, id)
        WHERE status = 'finished' AND rating = 'pending'""",
    # The deadline sweep: active matches with a clock (DynamoDB: gsi1 LIVE#<shard>).
    """CREATE INDEX IF NOT EXISTS matches_live ON matches (deadline, id)
        WHERE status = 'active' AND deadline IS NOT NULL""",
    # "My matches": one row per distinct player of a match, sorted by ``MATCH#<created>#<match>``.
    """CREATE TABLE IF NOT EXISTS player_matches (
        player_id TEXT NOT NULL,
        sk TEXT NOT NULL,
        match_id TEXT NOT NULL,
        PRIMARY KEY (player_id, sk)
    ) WITHOUT ROWID""",
)


MATCH_FIELDS = frozenset(f.name for f in dataclasses.fields(Match))
BATCH = 500  # ids per ``IN (...)`` read, well under SQLite's limit on bound parameters


class SqliteMatchRepository:
    """:class:`~scopa.application.ports.matches.MatchRepository` on the ``matches`` table."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create_match(self, match: Match) -> None:
        """The match, conditioned on its id being new, and one list row per distinct player: all or none."""
        with self.db.transaction() as tx:
            created = tx.execute(
                """INSERT INTO matches (id, version, status, deadline, rating, updated_at, doc)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING""",
                _columns(match),
            )
            if created.rowcount == 0:
                raise WriteConflict("the match exists")
            tx.executemany(
                """INSERT INTO player_matches (player_id, sk, match_id) VALUES (?, ?, ?)
                ON CONFLICT (player_id, sk) DO UPDATE SET match_id = excluded.match_id""",
                [
                    (p, player_match_sk(match.created_at, match.id), match.id)
                    for p in dict.fromkeys(match.seats)
                ],
            )

    def get_match(self, match_id: str) -> Match | None:
        row = self.db.one("SELECT rating, doc FROM matches WHERE id = ?", (match_id,))
        return _match(row["doc"], row["rating"]) if row else None

    def save_match(self, match: Match, expected_version: int) -> None:
        """Write the match if its stored version is still ``expected_version`` (never an insert)."""
        match_id, version, status, deadline, rating, updated_at, doc = _columns(match)
        with self.db.transaction() as tx:
            saved = tx.execute(
                """UPDATE matches SET version = ?, status = ?, deadline = ?, rating = ?, updated_at = ?,
                doc = ? WHERE id = ? AND version = ?""",
                (version, status, deadline, rating, updated_at, doc, match_id, expected_version),
            )
            if saved.rowcount == 0:
                raise WriteConflict("the match changed or does not exist")

    def get_matches(self, match_ids: list[str]) -> dict[str, Match]:
        unique = list(dict.fromkeys(match_ids))
        found: dict[str, Match] = {}
        for start in range(0, len(unique), BATCH):
            chunk = unique[start : start + BATCH]
            marks = ",".join("?" * len(chunk))
            for row in self.db.query(f"SELECT rating, doc FROM matches WHERE id IN ({marks})", chunk):
                match = _match(row["doc"], row["rating"])
                found[match.id] = match
        return found

    def list_player_matches(
        self, player_id: str, limit: int, cursor: str | None
    ) -> tuple[list[MatchSummary], str | None]:
        """A player's matches, newest first, ``limit`` a page; the cursor resumes after the page's last."""
        page, nxt = self.db.page(
            "SELECT l.sk, m.status, m.doc FROM player_matches AS l JOIN matches AS m ON m.id = l.match_id",
            "l.player_id = ?", [player_id], "l.sk",
            limit=limit, cursor=cursor, scope=f"player-matches:{player_id}", descending=True,
        )  # fmt: skip
        return [_summary(row["doc"], row["status"]) for row in page], nxt

    def overdue_matches(self, now: int, limit: int) -> list[str]:
        """Ids of active matches whose deadline rounded down to the minute is before ``now``, oldest
        first (as DynamoDB's deadline index files them; see the port)."""
        rows = self.db.query(
            f"""SELECT id FROM matches WHERE status = 'active' AND deadline IS NOT NULL
            AND deadline - deadline % {DEADLINE_STEP} < ? ORDER BY deadline - deadline % {DEADLINE_STEP}, id
            LIMIT ?""",
            (now, limit),
        )
        return [row["id"] for row in rows]


def player_match_sk(created_at: str, match_id: str) -> str:
    """The sort key of a player's list (as the DynamoDB adapter's): newest first when read backwards."""
    return f"MATCH#{created_at}#{match_id}"


def _columns(match: Match) -> tuple[str, int, str, int | None, str | None, str, str]:
    doc = json.dumps(dataclasses.asdict(match), separators=(",", ":"), ensure_ascii=False)
    return (match.id, match.version, match.status, match.deadline, match.rating, match.updated_at, doc)


def _match(doc: str, rating: str | None) -> Match:
    fields: dict[str, Any] = {k: v for k, v in json.loads(doc).items() if k in MATCH_FIELDS}
    fields["rating"] = rating  # the column is authoritative (see the module's note)
    return Match(**fields)


def _summary(doc: str, status: str) -> MatchSummary:
    fields = json.loads(doc)
    return MatchSummary(
        id=fields["id"],
        created_at=fields["created_at"],
        status=status,
        names=fields["names"],
        seats=fields["seats"],
        preset=fields["preset"],
        result=fields["state"].get("result"),
    )
