"""One SQLite database file shared by every store of a process: connection, schema, transactions.

The connection is opened once in WAL mode (readers never wait for the writer) and guarded by a lock, so
the threads of the local server take turns; every write runs inside :meth:`Database.transaction`
(``BEGIN IMMEDIATE``), so a conditional write reads and writes under the same lock and commits all or
nothing. Each store module declares its tables in a ``SCHEMA`` tuple of idempotent DDL statements.
"""

from __future__ import annotations

import base64
import json
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scopa.application.ports.cursor import InvalidCursor


class Database:
    """A SQLite file (or ``":memory:"``) with the given schema applied."""

    def __init__(self, path: str | Path, schema: Iterable[str] = ()) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._depth = 0
        self.connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.connection.row_factory = sqlite3.Row
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=NORMAL")
        self.connection.execute("PRAGMA busy_timeout=5000")
        self.connection.execute("PRAGMA foreign_keys=ON")
        with self.transaction() as db:
            for statement in schema:
                db.execute(statement)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All the statements of the block, or none (a nested block joins the outer transaction)."""
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self.connection
                finally:
                    self._depth -= 1
                return
            self.connection.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield self.connection
            except BaseException:
                self.connection.execute("ROLLBACK")
                raise
            else:
                self.connection.execute("COMMIT")
            finally:
                self._depth = 0

    def query(self, sql: str, parameters: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Rows of one read (a consistent snapshot: reads are serialised with the writes)."""
        with self._lock:
            return self.connection.execute(sql, tuple(parameters)).fetchall()

    def one(self, sql: str, parameters: Iterable[Any] = ()) -> sqlite3.Row | None:
        rows = self.query(sql, parameters)
        return rows[0] if rows else None

    def page(
        self,
        select: str,
        where: str,
        values: Sequence[Any],
        key: str,
        *,
        limit: int,
        cursor: str | None,
        scope: str,
        descending: bool = False,
    ) -> tuple[list[sqlite3.Row], str | None]:
        """One page of ``select`` (up to its ``WHERE``) in the order of the column ``key``, resuming after
        ``cursor``'s position in the list ``scope``, and the cursor after the page (see :func:`next_page`)."""
        clauses, params = ([where] if where else []), list(values)
        if cursor:
            clauses.append(f"{key} {'<' if descending else '>'} ?")
            params.append(decode_cursor(cursor, scope))
        order = f"{key} DESC" if descending else key
        rows = self.query(
            f"{select} WHERE {' AND '.join(clauses) or '1 = 1'} ORDER BY {order} LIMIT ?",
            (*params, limit + 1),
        )
        return next_page(rows, limit, scope, key.rpartition(".")[2])

    def close(self) -> None:
        with self._lock:
            self.connection.close()


# ---------------------------------------------------------------------------------------------- cursors
# A page's cursor names its list and the sort key of the page's last row; the next page starts after it.
# A cursor that is not one of these, or was made for another list, is refused with ``InvalidCursor``
# (the API answers it with 400).


def encode_cursor(scope: str, position: str) -> str:
    """The opaque cursor after ``position`` in the list ``scope`` (e.g. ``"members:c_1"``)."""
    text = json.dumps([scope, position], separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(text.encode()).decode()


def decode_cursor(cursor: str, scope: str) -> str:
    """The position a cursor of the list ``scope`` resumes after; :class:`InvalidCursor` otherwise."""
    try:
        value = json.loads(base64.urlsafe_b64decode(cursor.encode()))
    except (ValueError, TypeError):
        value = None
    if not isinstance(value, list) or len(value) != 2 or value[0] != scope or not isinstance(value[1], str):
        raise InvalidCursor("the cursor is not one this service returned")
    return value[1]


def next_page(
    rows: list[sqlite3.Row], limit: int, scope: str, key: str
) -> tuple[list[sqlite3.Row], str | None]:
    """A page of ``rows`` (read with ``LIMIT limit + 1``) and the cursor after its last row's ``key``,
    None when the extra row shows nothing follows."""
    page = rows[:limit]
    more = len(rows) > limit and bool(page)
    return page, encode_cursor(scope, str(page[-1][key])) if more else None
