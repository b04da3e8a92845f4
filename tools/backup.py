"""Back a table up to a stream of JSON lines, and restore one, without holding the table in memory.

The file (``.gz`` when the name says so) is a header line, one line per item in DynamoDB's own typed JSON
(``{"pk": {"S": ...}, "version": {"N": "3"}}``: numbers, sets, maps and binary come back exactly as they
were; binary as base64), and a last line counting the items, so a cut-off file is noticed::

    {"format": "scopa-dynamodb-backup", "version": 1, "table": "scopa", "created_at": "...", ...}
    {"pk": {"S": "PLAYER#p_1"}, "sk": {"S": "PROFILE"}, ...}
    {"end": true, "items": 1}

A backup is a paginated ``Scan`` (optionally parallel segments), each page written as it arrives: a
consistent snapshot only of a table nobody writes meanwhile (the local server takes it inside its
request gate). A restore batch-writes the items 25 at a time as it reads them, retrying unprocessed
items with back-off; it creates the table when missing and refuses one that holds items unless forced.
Only the low-level boto3 client is used.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import os
import queue
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

from scopa.adapters.dynamodb.players_matches import create_table

FORMAT = "scopa-dynamodb-backup"
VERSION = 1
BATCH = 25  # BatchWriteItem's limit
MAX_BATCH_ATTEMPTS = 10  # unprocessed items are sent again this many times before giving up

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
    pending: list[dict[str, Any]] = [{"PutRequest": {"Item": item}} for item in batch]
    for attempt in range(MAX_BATCH_ATTEMPTS):
        answer = client.batch_write_item(RequestItems={table: pending})
        left = (answer.get("UnprocessedItems") or {}).get(table, [])
        if progress is not None:
            progress(len(pending) - len(left))
        if not left:
            return len(batch)
        pending = left
        sleep(min(5.0, 0.05 * 2**attempt))
    raise BackupError(f"{len(pending)} items still unprocessed after {MAX_BATCH_ATTEMPTS} attempts")


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
