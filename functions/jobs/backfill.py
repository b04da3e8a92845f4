"""The name index's backfill on DynamoDB: a name-index item for every player profile that lacks one.

Players registered before the name index have a profile but no ``NAME#`` item, so ``GET /players?name=``
and the club page's "add members by name" do not find them. (The SQLite adapter indexes such rows itself
when a file is opened; a DynamoDB table needs this one-off pass.) It is run by hand through the jobs
function (docs/deploying.md, "Upgrading"), lives here rather than in the adapter because it is the only
code that scans the table: the API's role grants no ``Scan``.

No index lists the players, so the pass scans the table a page at a time, keeping the profiles
(``sk = PROFILE``, a filter: a Scan reads, and bills, every item either way) with only their key and name.
For each page it reads the expected name items in batches (keys only) and writes the missing ones in
batches. A name never changes, so a name item depends on its profile alone and is exactly what
registration writes (:func:`~scopa.adapters.dynamodb.players_matches.name_index_item`): what is already
there is never written again (a second pass writes nothing), and one registered between the read and the
write is rewritten with the same bytes. Every player, bot accounts included, is indexed, as registration
does; house bots have no profile. The pass stops between pages when told to (the Lambda's remaining time,
a page budget) and hands back the scan's position as a cursor to resume from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    DEFAULT_BACKOFF,
    Backoff,
    batch_get,
    batch_write,
    decode_cursor,
    encode_cursor,
    from_item,
    item_key,
    to_item,
)
from scopa.adapters.dynamodb.players_matches import name_index_item

#: Items a Scan page reads (``Limit``, counted before the filter): the writes of one page (at most this
#: many, 25 a call) take a few seconds, well inside the time kept in reserve.
DEFAULT_PAGE_SIZE = 500
MAX_PAGE_SIZE = 1000

_PLAYER_PREFIX = keys.player_pk("")
_KEY_NAMES = {"#pk": keys.PK, "#sk": keys.SK}


@dataclass
class BackfillReport:
    """What one run did; ``cursor`` is where the next run starts (None: the table's start, or nowhere
    once ``done``)."""

    pages: int = 0
    scanned_items: int = 0  # items the Scan read, of every kind
    players: int = 0  # player profiles among them
    written: int = 0  # name items written
    present: int = 0  # name items already there
    skipped: int = 0  # profiles without a name (none is expected), left alone
    cursor: str | None = None
    done: bool = False  # the scan reached the table's end (a run stopped before its first page is not)


def backfill_name_index(
    client: Any,
    table: str,
    *,
    cursor: str | None = None,
    page_size: int = DEFAULT_PAGE_SIZE,
    more: Callable[[BackfillReport], bool] = lambda report: True,
    backoff: Backoff = DEFAULT_BACKOFF,
) -> BackfillReport:
    """Index the names of the profiles from ``cursor`` on (None: the table's start), a page at a time,
    while ``more(report so far)`` says to go on (asked before every page, the first too).

    Raises :class:`~scopa.application.ports.cursor.InvalidCursor` for a cursor this pass did not return.
    """
    start = decode_cursor(cursor) if cursor is not None else None
    report = BackfillReport(cursor=cursor)
    request: dict[str, Any] = {
        "TableName": table,
        "Limit": page_size,
        "FilterExpression": "#sk = :profile AND begins_with(#pk, :player)",
        "ProjectionExpression": "#pk, #name",
        "ExpressionAttributeNames": _KEY_NAMES | {"#name": "name"},
        "ExpressionAttributeValues": to_item({":profile": keys.PROFILE, ":player": _PLAYER_PREFIX}),
    }
    while more(report):
        page = client.scan(**request, **({"ExclusiveStartKey": start} if start is not None else {}))
        profiles = [from_item(item) for item in page.get("Items", [])]
        named = [p for p in profiles if isinstance(p.get("name"), str)]
        wanted = [name_index_item(p[keys.PK].removeprefix(_PLAYER_PREFIX), p["name"]) for p in named]
        written = _write_missing(client, table, wanted, backoff)
        report.pages += 1
        report.scanned_items += int(page.get("ScannedCount", 0))
        report.players += len(profiles)
        report.skipped += len(profiles) - len(named)
        report.written += written
        report.present += len(wanted) - written
        start = page.get("LastEvaluatedKey")
        report.cursor = encode_cursor(start) if start is not None else None
        if start is None:
            report.done = True
            break
    return report


def _write_missing(client: Any, table: str, wanted: list[dict[str, Any]], backoff: Backoff) -> int:
    """Write those of ``wanted`` (name items) that are not stored yet; how many were written."""
    if not wanted:
        return 0
    found = batch_get(
        client,
        table,
        [item_key(item[keys.PK], item[keys.SK]) for item in wanted],
        backoff=backoff,
        ProjectionExpression="#pk, #sk",
        ExpressionAttributeNames=_KEY_NAMES,
    )
    present = {(item[keys.PK]["S"], item[keys.SK]["S"]) for item in found}
    missing = [item for item in wanted if (item[keys.PK], item[keys.SK]) not in present]
    batch_write(client, table, [{"PutRequest": {"Item": to_item(item)}} for item in missing], backoff)
    return len(missing)
