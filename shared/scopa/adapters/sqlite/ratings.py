"""Ratings on SQLite: rating rows, leaderboards, history, head-to-head records, the rated-match log.

A match is rated in one transaction, as on DynamoDB: the match's ``rating`` column turned from
``pending`` to ``rated`` (which takes it out of the ``matches_unrated`` queue), the pool's rated-match log
row, and per player the rating row (conditioned on the version read, or on its absence), a history point
and a head-to-head counter. Any lost condition raises
:class:`~scopa.application.ports.conflict.WriteConflict` and rolls the whole transaction back.

Leaderboards sort on the domain's rank key (:func:`scopa.domain.ratings.order.rank_key`: the rating in
hundredths, 8 digits, then the player id), best first, so ties and pages come out the same on both
adapters. History points, the log and the counters sort on the same keys as DynamoDB's items too.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from scopa.adapters.sqlite.database import Database, decode_cursor, encode_cursor
from scopa.adapters.sqlite.tournaments import dumps, insert
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.ratings import (
    HistoryPoint,
    Order,
    StoredRating,
    rating_fields,
    rating_of_fields,
)
from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, RatingChange
from scopa.domain.ratings.order import rank_key
from scopa.domain.ratings.pools import RatingPool

SCHEMA: tuple[str, ...] = (
    # ``ratings``: the PlayerRating fields as a JSON list (exact float reprs, as on DynamoDB).
    """CREATE TABLE IF NOT EXISTS ratings (
        player_id TEXT NOT NULL,
        pool TEXT NOT NULL,
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        elo_rank TEXT NOT NULL,
        glicko_rank TEXT NOT NULL,
        ratings TEXT NOT NULL,
        last_match TEXT,
        PRIMARY KEY (player_id, pool)
    )""",
    "CREATE INDEX IF NOT EXISTS ratings_elo_board ON ratings (pool, elo_rank)",
    "CREATE INDEX IF NOT EXISTS ratings_glicko_board ON ratings (pool, glicko_rank)",
    # ``position``: ``<finished_at>#<match id>``, DynamoDB's sort key of the point.
    """CREATE TABLE IF NOT EXISTS rating_history (
        player_id TEXT NOT NULL,
        pool TEXT NOT NULL,
        position TEXT NOT NULL,
        doc TEXT NOT NULL,
        PRIMARY KEY (player_id, pool, position)
    )""",
    """CREATE TABLE IF NOT EXISTS rating_records (
        player_id TEXT NOT NULL,
        pool TEXT NOT NULL,
        opponent TEXT NOT NULL,
        wins INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player_id, pool, opponent)
    )""",
    """CREATE TABLE IF NOT EXISTS rated_matches (
        pool TEXT NOT NULL,
        position TEXT NOT NULL,
        doc TEXT NOT NULL,
        PRIMARY KEY (pool, position)
    )""",
)

_RANK_COLUMN: dict[str, str] = {"elo": "elo_rank", "glicko": "glicko_rank"}
_COLUMNS = "player_id, pool, name, version, ratings, last_match"
_CHUNK = 500  # ids per ``IN (...)``: well under SQLite's limit on bound parameters


class SqliteRatingRepository:
    """:class:`~scopa.application.ports.ratings.RatingRepository` on a :class:`Database`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ the queue

    def unrated(self, before: str, limit: int) -> list[str]:
        """Ids of finished matches waiting to be rated, finished before ``before`` (ISO), oldest first."""
        rows = self.db.query(
            "SELECT id FROM matches WHERE status = 'finished' AND rating = 'pending' AND updated_at < ?"
            " ORDER BY updated_at, id LIMIT ?",
            (before, limit),
        )
        return [str(r["id"]) for r in rows]

    # ------------------------------------------------------------------ rating rows

    def get_ratings(self, pool: str, player_ids: Iterable[str]) -> dict[str, StoredRating]:
        wanted = list(dict.fromkeys(player_ids))
        out: dict[str, StoredRating] = {}
        for start in range(0, len(wanted), _CHUNK):
            chunk = wanted[start : start + _CHUNK]
            marks = ", ".join("?" * len(chunk))
            rows = self.db.query(
                f"SELECT {_COLUMNS} FROM ratings WHERE pool = ? AND player_id IN ({marks})", [pool, *chunk]
            )
            out.update((r["player_id"], _rating(r)) for r in rows)
        return out

    def rate(
        self,
        match: RatedMatch,
        finished_at: str,
        changes: list[RatingChange],
        stored: dict[str, StoredRating],
        names: dict[str, str],
        match_item: bool = True,
    ) -> None:
        """Write one rated match, all or nothing (see the module docstring)."""
        position = f"{finished_at}#{match.id}"
        side_of = {p: i for i, side in enumerate(match.sides) for p in side}
        with self.db.transaction() as c:
            marked = (
                c.execute(
                    "UPDATE matches SET rating = 'rated' WHERE id = ? AND rating = 'pending'", (match.id,)
                ).rowcount
                if match_item
                else 1  # no match item: the log's key below is the marker
            )
            if marked != 1:
                raise WriteConflict(f"match {match.id} is not waiting to be rated")
            insert(
                c,
                "INSERT INTO rated_matches (pool, position, doc) VALUES (?, ?, ?)",
                (
                    match.pool,
                    position,
                    dumps(
                        {
                            "id": match.id,
                            "finished_at": match.finished_at,
                            "sides": [list(side) for side in match.sides],
                            "score": match.score,
                        }
                    ),
                ),
            )
            for change in changes:
                player = change.player
                before = stored.get(player)
                row = _row(match.pool, player, names.get(player, player), change.after, position)
                if before is None:
                    _insert_rating(c, row, version=1)
                else:
                    _update_rating(c, row, version=before.version + 1, expected=before.version)
                score = match.score if side_of[player] == 0 else 1.0 - match.score
                c.execute(
                    "INSERT OR REPLACE INTO rating_history (player_id, pool, position, doc)"
                    " VALUES (?, ?, ?, ?)",
                    (
                        player,
                        match.pool,
                        position,
                        dumps(
                            {
                                "at": finished_at,
                                "match_id": match.id,
                                "elo": change.after.elo,
                                "elo_delta": change.elo_delta,
                                "glicko": change.after.glicko_rating,
                                "glicko_rd": change.after.glicko_rd,
                                "score": score,
                                "opponents": list(change.opponents),
                            }
                        ),
                    ),
                )
                field = "wins" if score == 1.0 else "losses" if score == 0.0 else "draws"
                c.executemany(
                    f"INSERT INTO rating_records (player_id, pool, opponent, {field}) VALUES (?, ?, ?, 1)"
                    f" ON CONFLICT (player_id, pool, opponent) DO UPDATE SET {field} = {field} + 1",
                    [(player, match.pool, opponent) for opponent in change.opponents],
                )

    def replace_all(self, pool: RatingPool, ratings: dict[str, PlayerRating], names: dict[str, str]) -> int:
        """Overwrite every rating row of a pool with a recomputed one; returns the count."""
        with self.db.transaction() as c:
            existing = self.all_ratings(pool.id)
            for player, rating in ratings.items():
                old = existing.get(player)
                row = _row(
                    pool.id, player, names.get(player, player), rating, old.last_match if old else None
                )
                if old is None:
                    _insert_rating(c, row, version=1)
                else:
                    _update_rating(c, row, version=old.version + 1, expected=old.version)
        return len(ratings)

    def all_ratings(self, pool: str) -> dict[str, StoredRating]:
        rows = self.db.query(f"SELECT {_COLUMNS} FROM ratings WHERE pool = ?", (pool,))
        return {r["player_id"]: _rating(r) for r in rows}

    def rated_matches(self, pool: str) -> Iterator[RatedMatch]:
        """The pool's rated matches in finish order (the log a recompute replays)."""
        rows = self.db.query("SELECT doc FROM rated_matches WHERE pool = ? ORDER BY position", (pool,))
        for row in rows:
            data = json.loads(row["doc"])
            sides = data["sides"]
            yield RatedMatch(
                id=data["id"],
                finished_at=float(data["finished_at"]),
                pool=pool,
                sides=(tuple(sides[0]), tuple(sides[1])),
                score=float(data["score"]),
            )

    # ------------------------------------------------------------------ leaderboards

    def top(
        self,
        pool: str,
        order: Order,
        limit: int,
        cursor: str | None,
        keep: Callable[[StoredRating], bool] | None = None,
    ) -> tuple[list[StoredRating], str | None, int]:
        """The best ``limit`` ratings (those ``keep`` accepts), the next page's cursor, this page's offset.

        The cursor holds how many rows the pages before this one listed and the rank key of the last row
        looked at (``<offset>:<rank key>``); ``None`` when no row is left.
        """
        column = _rank_column(order)
        scope = f"top:{pool}:{order}"
        last: str | None = None
        offset = 0
        if cursor:
            listed, _, after = decode_cursor(cursor, scope).partition(":")
            if not (listed.isascii() and listed.isdigit()):
                raise InvalidCursor("the cursor is not one this service returned")
            offset, last = int(listed), after or None
        out: list[StoredRating] = []
        batch = max(limit, 10)
        exhausted = False
        while len(out) < limit and not exhausted:
            rows = self._below(pool, column, last, batch)
            exhausted = len(rows) < batch
            for row in rows:
                if len(out) >= limit:
                    exhausted = False  # rows of this batch are left
                    break
                last = row[column]
                stored = _rating(row)
                if keep is None or keep(stored):
                    out.append(stored)
        if not exhausted:
            exhausted = not self._below(pool, column, last, 1)
        nxt = None if exhausted else encode_cursor(scope, f"{offset + len(out)}:{last or ''}")
        return out, nxt, offset

    def neighbours(
        self, pool: str, order: Order, me: StoredRating, count: int
    ) -> tuple[list[StoredRating], list[StoredRating], int]:
        """The ``count`` ratings just above and just below ``me``, and how many rank above."""
        column = _rank_column(order)
        mine = rank_key(me.rating.elo if order == "elo" else me.rating.glicko_rating, me.player_id)
        above = self.db.query(
            f"SELECT {_COLUMNS} FROM ratings WHERE pool = ? AND {column} > ? ORDER BY {column} LIMIT ?",
            (pool, mine, count),
        )
        below = self._below(pool, column, mine, count)
        higher = self.db.one(
            f"SELECT COUNT(*) AS n FROM ratings WHERE pool = ? AND {column} > ?", (pool, mine)
        )
        return (
            [_rating(r) for r in reversed(above)],
            [_rating(r) for r in below],
            int(higher["n"]) if higher else 0,
        )

    def _below(self, pool: str, column: str, key: str | None, limit: int) -> list[sqlite3.Row]:
        """Up to ``limit`` rows ranked below ``key`` (all: from the top), best first."""
        where, params = "pool = ?", [pool]
        if key is not None:
            where += f" AND {column} < ?"
            params.append(key)
        return self.db.query(
            f"SELECT {_COLUMNS}, {column} FROM ratings WHERE {where} ORDER BY {column} DESC LIMIT ?",
            [*params, limit],
        )

    # ------------------------------------------------------------------ history and records

    def history(self, player_id: str, pool: str, limit: int) -> list[HistoryPoint]:
        """The player's last ``limit`` rating changes in the pool, oldest first."""
        rows = self.db.query(
            "SELECT doc FROM rating_history WHERE player_id = ? AND pool = ? ORDER BY position DESC LIMIT ?",
            (player_id, pool, limit),
        )
        return [HistoryPoint(**json.loads(r["doc"])) for r in reversed(rows)]

    def records(self, player_id: str, pool: str) -> list[dict[str, Any]]:
        rows = self.db.query(
            "SELECT opponent, wins, losses, draws FROM rating_records"
            " WHERE player_id = ? AND pool = ? ORDER BY opponent",
            (player_id, pool),
        )
        return [
            {"opponent": r["opponent"], "wins": r["wins"], "losses": r["losses"], "draws": r["draws"]}
            for r in rows
        ]

    def player_pools(self, player_id: str) -> list[StoredRating]:
        rows = self.db.query(
            f"SELECT {_COLUMNS} FROM ratings WHERE player_id = ? ORDER BY pool", (player_id,)
        )
        return [_rating(r) for r in rows]


def _rank_column(order: Order) -> str:
    try:
        return _RANK_COLUMN[order]
    except KeyError:
        raise ValueError(f"unknown leaderboard order {order!r}") from None


def _row(pool: str, player: str, name: str, r: PlayerRating, last_match: str | None) -> dict[str, Any]:
    return {
        "player_id": player,
        "pool": pool,
        "name": name,
        "elo_rank": rank_key(r.elo, player),
        "glicko_rank": rank_key(r.glicko_rating, player),
        "ratings": dumps(rating_fields(r)),
        "last_match": last_match,
    }


def _insert_rating(c: sqlite3.Connection, row: dict[str, Any], version: int) -> None:
    insert(
        c,
        "INSERT INTO ratings (player_id, pool, name, version, elo_rank, glicko_rank, ratings, last_match)"
        " VALUES (:player_id, :pool, :name, :version, :elo_rank, :glicko_rank, :ratings, :last_match)",
        {**row, "version": version},
    )


def _update_rating(c: sqlite3.Connection, row: dict[str, Any], version: int, expected: int) -> None:
    written = c.execute(
        "UPDATE ratings SET name = :name, version = :version, elo_rank = :elo_rank,"
        " glicko_rank = :glicko_rank, ratings = :ratings, last_match = :last_match"
        " WHERE player_id = :player_id AND pool = :pool AND version = :expected",
        {**row, "version": version, "expected": expected},
    ).rowcount
    if written != 1:
        raise WriteConflict(f"the rating of {row['player_id']} in {row['pool']} changed since it was read")


def _rating(row: sqlite3.Row) -> StoredRating:
    v = json.loads(row["ratings"])
    return StoredRating(
        player_id=row["player_id"],
        name=row["name"],
        pool=row["pool"],
        rating=rating_of_fields(v),
        version=int(row["version"]),
        last_match=row["last_match"],
    )
