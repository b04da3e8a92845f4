"""Live connections and their subscriptions on SQLite (``make run``).

Two tables: ``connections`` and ``subscriptions`` (topic, connection, player), the player copied onto each
subscription so a topic's subscribers are one indexed read (a player's connections too, by an index on
``connections.player_id``); deleting a connection deletes its
subscriptions (foreign key, ``ON DELETE CASCADE``). A topic's followers are read a page at a time by keyset
(``connection_id > last``), expired connections left out by their ``expires_at``.
"""

from __future__ import annotations

from scopa.adapters.sqlite.database import Database
from scopa.application.ports.connections import Connection, Subscriber, SubscriberPage

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS connections (
        id TEXT PRIMARY KEY,
        player_id TEXT,
        connected_at TEXT NOT NULL,
        expires_at INTEGER NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS subscriptions (
        topic TEXT NOT NULL,
        connection_id TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
        player_id TEXT,
        PRIMARY KEY (topic, connection_id)
    )""",
    "CREATE INDEX IF NOT EXISTS subscriptions_by_connection ON subscriptions (connection_id)",
    "CREATE INDEX IF NOT EXISTS connections_by_player ON connections (player_id)",
)


class SqliteConnectionRepository:
    """:class:`~scopa.application.ports.connections.ConnectionRepository` on SQLite."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, connection: Connection) -> None:
        with self.db.transaction() as tx:
            tx.execute(
                """INSERT INTO connections (id, player_id, connected_at, expires_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET player_id = excluded.player_id,
                connected_at = excluded.connected_at, expires_at = excluded.expires_at""",
                (connection.id, connection.player_id, connection.connected_at, connection.expires_at),
            )

    def get(self, connection_id: str) -> Connection | None:
        row = self.db.one(
            "SELECT id, player_id, connected_at, expires_at FROM connections WHERE id = ?", (connection_id,)
        )
        if row is None:
            return None
        return Connection(row["id"], row["player_id"], row["connected_at"], int(row["expires_at"]))

    def set_player(self, connection_id: str, player_id: str) -> None:
        with self.db.transaction() as tx:
            tx.execute("UPDATE connections SET player_id = ? WHERE id = ?", (player_id, connection_id))
            tx.execute(
                "UPDATE subscriptions SET player_id = ? WHERE connection_id = ?", (player_id, connection_id)
            )

    def subscribe(self, connection_id: str, topic: str) -> bool:
        with self.db.transaction() as tx:
            row = tx.execute("SELECT player_id FROM connections WHERE id = ?", (connection_id,)).fetchone()
            if row is None:
                return False
            tx.execute(
                """INSERT INTO subscriptions (topic, connection_id, player_id) VALUES (?, ?, ?)
                ON CONFLICT (topic, connection_id) DO UPDATE SET player_id = excluded.player_id""",
                (topic, connection_id, row["player_id"]),
            )
            return True

    def unsubscribe(self, connection_id: str, topic: str) -> None:
        with self.db.transaction() as tx:
            tx.execute(
                "DELETE FROM subscriptions WHERE topic = ? AND connection_id = ?", (topic, connection_id)
            )

    def topics(self, connection_id: str) -> list[str]:
        rows = self.db.query(
            "SELECT topic FROM subscriptions WHERE connection_id = ? ORDER BY topic", (connection_id,)
        )
        return [str(row["topic"]) for row in rows]

    def subscribers(self, topic: str) -> list[Subscriber]:
        rows = self.db.query(
            "SELECT connection_id, player_id FROM subscriptions WHERE topic = ? ORDER BY connection_id",
            (topic,),
        )
        return [Subscriber(row["connection_id"], row["player_id"]) for row in rows]

    def subscriber_page(self, topic: str, *, limit: int, after: str | None, now: int) -> SubscriberPage:
        # Keyset paging on the primary key (topic, connection_id); the join leaves out expired connections
        # (nothing sweeps them here), through the connections' primary key.
        rows = self.db.query(
            """SELECT s.connection_id, s.player_id FROM subscriptions s
            JOIN connections c ON c.id = s.connection_id
            WHERE s.topic = ? AND s.connection_id > ? AND c.expires_at > ?
            ORDER BY s.connection_id LIMIT ?""",
            (topic, after or "", now, limit),
        )
        found = [Subscriber(row["connection_id"], row["player_id"]) for row in rows]
        return SubscriberPage(found, found[-1].connection_id if len(found) == limit else None)

    def of_player(self, player_id: str, opened_before: str | None = None) -> list[str]:
        rows = self.db.query(
            "SELECT id FROM connections WHERE player_id = ? AND (? IS NULL OR connected_at < ?) ORDER BY id",
            (player_id, opened_before, opened_before),
        )
        return [str(row["id"]) for row in rows]

    def remove(self, connection_id: str, player_id: str | None = None) -> None:
        # A connection's player is a column here: no listing of its own to remove.
        with self.db.transaction() as tx:
            tx.execute("DELETE FROM subscriptions WHERE connection_id = ?", (connection_id,))
            tx.execute("DELETE FROM connections WHERE id = ?", (connection_id,))
