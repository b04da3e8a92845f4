"""Back a table up to a stream of JSON lines, and restore one, without holding the table in memory; and
the same for the SQLite store's database file (at the end of this module).

The file (``.gz`` when the name says so) is a header line, one line per item in DynamoDB's own typed JSON
(``{"pk": {"S": ...}, "version": {"N": "3"}}``: numbers, sets, maps and binary come back exactly as they
were; binary as base64), and a last line counting the items, so a cut-off file is noticed::

    {"format": "scopa-dynamodb-backup", "version": 1, "table": "scopa", "created_at": "...", ...}
    {"pk": {"S": "PLAYER#p_1"}, "sk": {"S": "PROFILE"}, ...}
    {"end": true, "items": 1}

A backup is a paginated ``Scan`` (optionally parallel segments), each page written as it arrives: a
consistent snapshot only of a table nobody writes meanwhile (the local server takes it inside its
request gate). A restore batch-writes the items 25 at a time as it reads them, unprocessed items sent
again after growing, jittered waits (the adapters' :func:`~scopa.adapters.dynamodb.codec.send_batch`); it
creates the table when missing and refuses one that holds items unless forced.
Only the low-level boto3 client is used.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import os
import queue
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from scopa.adapters.dynamodb.codec import BATCH_WRITE_LIMIT, Backoff, UnprocessedItems, send_batch
from scopa.adapters.dynamodb.players_matches import create_table

FORMAT = "scopa-dynamodb-backup"
VERSION = 1
BATCH = BATCH_WRITE_LIMIT
MAX_BATCH_ATTEMPTS = 10  # calls per batch (the first and the resends of what is left) before giving up
MAX_BATCH_WAIT = 5.0  # seconds: the longest wait between two of them

Item = dict[str, Any]
Progress = Callable[[int], None]


class BackupError(Exception):
    """A backup file that cannot be restored, a table that may not be overwritten, or a stuck write."""


@dataclass(frozen=True)
class Header:
    table: str
    created_at: str
    items_estimate: int


# ---------------------------------------------------------------------------------------------- typed JSON


def to_json(item: Item) -> Item:
    """An item as the client returns it -> plain JSON (binary as base64 text)."""
    return {name: _value_to_json(value) for name, value in item.items()}


def from_json(item: Item) -> Item:
    """The inverse of :func:`to_json`: an item the client can write."""
    return {name: _value_from_json(value) for name, value in item.items()}


def _value_to_json(value: dict[str, Any]) -> dict[str, Any]:
    (kind, inner), *_ = value.items()
    if kind == "B":
        return {"B": base64.b64encode(inner).decode()}
    if kind == "BS":
        return {"BS": [base64.b64encode(b).decode() for b in inner]}
    if kind == "M":
        return {"M": to_json(inner)}
    if kind == "L":
        return {"L": [_value_to_json(v) for v in inner]}
    return {kind: inner}


def _value_from_json(value: dict[str, Any]) -> dict[str, Any]:
    (kind, inner), *_ = value.items()
    if kind == "B":
        return {"B": base64.b64decode(inner)}
    if kind == "BS":
        return {"BS": [base64.b64decode(b) for b in inner]}
    if kind == "M":
        return {"M": from_json(inner)}
    if kind == "L":
        return {"L": [_value_from_json(v) for v in inner]}
    return {kind: inner}


# ---------------------------------------------------------------------------------------------- files


@contextmanager
def open_for_reading(path: str) -> Iterator[IO[str]]:
    """``-`` is standard input; a name ending in ``.gz`` is read through gzip."""
    if path == "-":
        yield sys.stdin
        return
    with (
        gzip.open(path, "rt", encoding="utf-8") if path.endswith(".gz") else open(path, encoding="utf-8")
    ) as fh:
        yield fh


@contextmanager
def open_for_writing(path: str) -> Iterator[IO[str]]:
    """``-`` is standard output. A file is written beside itself and renamed into place when complete, so
    a reader (or a crash) never sees half a backup; ``.gz`` names are gzip-compressed."""
    if path == "-":
        yield sys.stdout
        sys.stdout.flush()
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as raw:
            if path.endswith(".gz"):
                with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed, _text(packed) as fh:
                    yield fh
            else:
                with _text(raw) as fh:
                    yield fh
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


@contextmanager
def _text(raw: Any) -> Iterator[IO[str]]:
    """A UTF-8 text layer over a binary file, detached at the end so the file's owner closes it."""
    wrapper = io.TextIOWrapper(raw, encoding="utf-8", newline="\n")
    try:
        yield wrapper
    finally:
        wrapper.flush()
        wrapper.detach()


# ---------------------------------------------------------------------------------------------- backup


def scan_items(client: Any, table: str, segments: int = 1) -> Iterator[Item]:
    """Every item of ``table``, page by page; with ``segments`` > 1, that many parallel scans.

    Parallel pages go through a small bounded queue, so memory stays at a few pages whatever the table.
    """
    if segments <= 1:
        yield from _scan_segment(client, table, None)
        return
    pages: queue.Queue[list[Item] | BaseException | None] = queue.Queue(maxsize=2 * segments)
    stop = threading.Event()

    def offer(value: list[Item] | BaseException | None) -> bool:
        """Queue ``value`` unless the reader has gone (False then)."""
        while not stop.is_set():
            try:
                pages.put(value, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def work(segment: int) -> None:
        try:
            for page in _scan_pages(client, table, (segment, segments)):
                if not offer(page):
                    return
            offer(None)
        except BaseException as exc:  # handed to the reading thread
            offer(exc)

    threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(segments)]
    for thread in threads:
        thread.start()
    try:
        done = 0
        while done < segments:
            page = pages.get()
            if page is None:
                done += 1
            elif isinstance(page, BaseException):
                raise page
            else:
                yield from page
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=5)


def _scan_segment(client: Any, table: str, segment: tuple[int, int] | None) -> Iterator[Item]:
    for page in _scan_pages(client, table, segment):
        yield from page


def _scan_pages(client: Any, table: str, segment: tuple[int, int] | None) -> Iterator[list[Item]]:
    request: dict[str, Any] = {"TableName": table, "ConsistentRead": True}
    if segment is not None:
        request["Segment"], request["TotalSegments"] = segment
    while True:
        page = client.scan(**request)
        yield page.get("Items", [])
        if not page.get("LastEvaluatedKey"):
            return
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def estimate_items(client: Any, table: str) -> int:
    """DynamoDB's item count (refreshed about every six hours): a progress bar's total, not a promise."""
    return int(client.describe_table(TableName=table)["Table"].get("ItemCount", 0))


def backup(
    client: Any,
    table: str,
    out: IO[str],
    *,
    segments: int = 1,
    progress: Progress | None = None,
    now: Callable[[], float] = time.time,
) -> int:
    """Write ``table`` to ``out`` as header, item lines and end line; returns the number of items."""
    header = {
        "format": FORMAT,
        "version": VERSION,
        "table": table,
        "created_at": datetime.fromtimestamp(now(), UTC).isoformat().replace("+00:00", "Z"),
        "items_estimate": estimate_items(client, table),
        "segments": segments,
    }
    out.write(json.dumps(header) + "\n")
    count = 0
    for item in scan_items(client, table, segments):
        out.write(json.dumps(to_json(item), separators=(",", ":"), ensure_ascii=False) + "\n")
        count += 1
        if progress is not None:
            progress(1)
    out.write(json.dumps({"end": True, "items": count}) + "\n")
    return count


def backup_to_file(client: Any, table: str, path: str, **options: Any) -> int:
    """:func:`backup` into ``path`` (atomically: a temporary file renamed when complete)."""
    with open_for_writing(path) as out:
        return backup(client, table, out, **options)


# ---------------------------------------------------------------------------------------------- restore


def read_header(lines: Iterator[str]) -> Header:
    """The first line of a backup, checked: this format, a version this code reads."""
    first = next(lines, "")
    try:
        header = json.loads(first)
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BackupError(f"not a {FORMAT} file (the first line is no backup header)")
    if header.get("version") != VERSION:
        raise BackupError(f"backup format version {header.get('version')} is not supported (only {VERSION})")
    return Header(
        str(header.get("table", "")), str(header.get("created_at", "")), int(header.get("items_estimate", 0))
    )


def read_items(lines: Iterator[str]) -> Iterator[Item]:
    """The items after the header, one at a time; raises at the end if the file was cut short."""
    count = 0
    for number, line in enumerate(lines, start=2):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BackupError(f"line {number} is not JSON: {exc.msg}") from None
        if record.get("end") is True and set(record) == {"end", "items"}:
            if record["items"] != count:
                raise BackupError(f"the backup says {record['items']} items but holds {count}")
            if any(rest.strip() for rest in lines):
                raise BackupError("lines after the end of the backup")
            return
        if not isinstance(record, dict) or not record:
            raise BackupError(f"line {number} is not an item")
        count += 1
        yield from_json(record)
    raise BackupError(f"the backup is cut short after {count} items (no end line)")


def prepare_table(client: Any, table: str, force: bool = False) -> bool:
    """Create ``table`` when missing (True), or check it holds no item unless ``force``."""
    try:
        client.describe_table(TableName=table)
    except client.exceptions.ResourceNotFoundException:
        create_table(client, table)
        client.get_waiter("table_exists").wait(TableName=table, WaiterConfig={"Delay": 2, "MaxAttempts": 60})
        return True
    if not force and client.scan(TableName=table, Limit=1, Select="COUNT").get("Count", 0):
        raise BackupError(f"table {table} is not empty: restore into an empty table, or force it")
    return False


def write_items(
    client: Any,
    table: str,
    items: Iterable[Item],
    *,
    progress: Progress | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Batch-write ``items`` 25 at a time as they come; unprocessed items are sent again with back-off."""
    count = 0
    batch: list[Item] = []
    for item in items:
        batch.append(item)
        if len(batch) == BATCH:
            count += _write_batch(client, table, batch, progress, sleep)
            batch = []
    if batch:
        count += _write_batch(client, table, batch, progress, sleep)
    return count


def _write_batch(
    client: Any, table: str, batch: list[Item], progress: Progress | None, sleep: Callable[[float], None]
) -> int:
    backoff = Backoff(attempts=MAX_BATCH_ATTEMPTS, cap=MAX_BATCH_WAIT, sleep=sleep)
    try:
        send_batch(
            client,
            "batch_write_item",
            {table: [{"PutRequest": {"Item": i}} for i in batch]},
            backoff,
            progress,
        )
    except UnprocessedItems as exc:
        raise BackupError(f"{exc.left} items still unprocessed after {exc.attempts} attempts") from exc
    return len(batch)


def restore(
    client: Any,
    table: str,
    source: IO[str],
    *,
    force: bool = False,
    progress: Progress | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Restore a backup read from ``source`` into ``table``; returns the number of items written."""
    lines = iter(source)
    read_header(lines)
    prepare_table(client, table, force)
    return write_items(client, table, read_items(lines), progress=progress, sleep=sleep)


def restore_from_file(client: Any, table: str, path: str, **options: Any) -> int:
    with open_for_reading(path) as source:
        return restore(client, table, source, **options)


# ---------------------------------------------------------------------------------------------- SQLite
# The SQLite store (``scopa.adapters.sqlite``) is one file; its backup is a copy of that file made by
# SQLite's online backup API (``sqlite3.Connection.backup``): a consistent snapshot even while a server
# writes (the copy restarts if the database changes under it), written beside the target and renamed into
# place when complete. The copy is a plain rollback-journal database (no ``-wal`` file beside it), gzip-
# compressed when its name ends in ``.gz``. A restore copies a backup into the database file the same way,
# after checking it is a sound scopa database; it refuses a target holding rows unless forced.


def backup_sqlite(db_path: str | Path, out_path: str | Path) -> int:
    """Copy the scopa database at ``db_path`` to ``out_path`` (``.gz``: compressed); returns its rows."""
    source = _open_scopa_database(Path(db_path), "the database")
    target = Path(out_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    temp = Path(temp_name)
    try:
        copy = sqlite3.connect(temp)
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            rows = _count_rows(copy)
        finally:
            copy.close()
        if str(out_path).endswith(".gz"):
            packed = temp.with_name(temp.name + ".gz")
            try:
                with open(temp, "rb") as raw, open(packed, "wb") as out_file:
                    with gzip.GzipFile(fileobj=out_file, mode="wb", mtime=0) as gz:
                        shutil.copyfileobj(raw, gz, 1 << 20)
                    out_file.flush()
                    os.fsync(out_file.fileno())
                os.replace(packed, target)
            finally:
                packed.unlink(missing_ok=True)
        else:
            with open(temp, "rb") as written:
                os.fsync(written.fileno())
            os.replace(temp, target)
    finally:
        source.close()
        temp.unlink(missing_ok=True)
    return rows


def restore_sqlite(in_path: str | Path, db_path: str | Path, *, force: bool = False) -> tuple[int, bool]:
    """Copy the backup at ``in_path`` (``.gz``: compressed) into the database file ``db_path``.

    Returns the rows restored and whether the database file was created. A target that holds rows is
    refused unless ``force`` (then it is replaced whole); a file there that is no SQLite database, always.
    """
    target = Path(db_path)
    with _unpacked(Path(in_path), target.parent) as backup_file:
        source = _open_scopa_database(backup_file, "the backup", read_only=True)
        try:
            existed = target.exists()
            if existed:
                rows_there = _rows_in(target)
                if rows_there and not force:
                    raise BackupError(
                        f"{target} holds {rows_there} rows: restore into an empty database, or force it"
                    )
            target.parent.mkdir(parents=True, exist_ok=True)
            destination = sqlite3.connect(target)
            try:
                source.backup(destination)
                destination.execute("PRAGMA journal_mode=WAL")  # as the store opens it
                rows = _count_rows(destination)
            finally:
                destination.close()
        except sqlite3.Error as exc:
            raise BackupError(f"cannot restore into {target}: {exc}") from None
        finally:
            source.close()
    return rows, not existed


@contextmanager
def _unpacked(path: Path, work_dir: Path) -> Iterator[Path]:
    """The backup file itself, or (``.gz``) a decompressed temporary copy of it."""
    if not path.is_file():
        raise BackupError(f"no backup file {path}")
    if not path.name.endswith(".gz"):
        yield path
        return
    work_dir.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".db", dir=work_dir)
    temp = Path(temp_name)
    try:
        try:
            with os.fdopen(fd, "wb") as out, gzip.open(path, "rb") as packed:
                shutil.copyfileobj(packed, out, 1 << 20)
        except (OSError, EOFError) as exc:
            raise BackupError(f"{path} is not a complete gzip file: {exc}") from None
        yield temp
    finally:
        temp.unlink(missing_ok=True)


def _open_scopa_database(path: Path, what: str, read_only: bool = False) -> sqlite3.Connection:
    """A connection to an existing, sound scopa database (never creates a file)."""
    from scopa.adapters.sqlite.stores import APPLICATION_ID

    if not path.is_file():
        raise BackupError(f"{what} {path} does not exist")
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode={'ro' if read_only else 'rw'}", uri=True)
    try:
        check = connection.execute("PRAGMA quick_check").fetchone()[0]
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
    except sqlite3.Error as exc:
        connection.close()
        raise BackupError(f"{what} {path} is not a SQLite database: {exc}") from None
    if check != "ok" or application_id != APPLICATION_ID:
        connection.close()
        reason = "is damaged" if check != "ok" else "is not a scopa database"
        raise BackupError(f"{what} {path} {reason}")
    return connection


def _rows_in(path: Path) -> int:
    """Rows in the database file at ``path`` (an empty file counts as an empty database)."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return _count_rows(connection)
    except sqlite3.Error as exc:
        raise BackupError(f"{path} is not a SQLite database ({exc}): it is left alone") from None
    finally:
        connection.close()


def _count_rows(connection: sqlite3.Connection) -> int:
    tables = [
        name
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return sum(connection.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0] for name in tables)
