"""Small helpers every DynamoDB adapter shares: items, conflicts, batches, pagination cursors.

Items are built as plain dicts and typed by boto3's :class:`~boto3.dynamodb.types.TypeSerializer`
(:func:`to_item`), and read back through its ``TypeDeserializer`` (:func:`from_item`). What is stored stays
as it always was: nested or float values go in as JSON strings (:func:`as_json`) or ``repr`` strings, never
as DynamoDB numbers, so they come back bit for bit and free of ``Decimal``.
"""

from __future__ import annotations

import base64
import json
import random
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from boto3.dynamodb.types import TypeDeserializer, TypeSerializer
from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor

_SERIALIZER = TypeSerializer()
_DESERIALIZER = TypeDeserializer()


class UnprocessedItems(RuntimeError):
    """DynamoDB still left part of a batch unprocessed after the last attempt."""

    def __init__(self, operation: str, left: int, attempts: int) -> None:
        super().__init__(f"{operation}: {left} requests still unprocessed after {attempts} attempts")
        self.operation = operation
        self.left = left
        self.attempts = attempts


# ---------------------------------------------------------------------------------------------- items


def to_item(values: Mapping[str, Any]) -> dict[str, Any]:
    """Plain values -> a typed item (or typed ``ExpressionAttributeValues``, or a key).

    str -> ``S``, int and Decimal -> ``N``, bool -> ``BOOL``, None -> ``NULL``, list -> ``L``, dict -> ``M``;
    a float is refused (store it as ``repr`` or inside :func:`as_json`).
    """
    return {name: _SERIALIZER.serialize(value) for name, value in values.items()}


def from_item(item: Mapping[str, Any]) -> dict[str, Any]:
    """A typed item -> plain values; numbers without a fraction come back as ``int``, others as Decimal."""
    return {name: _whole(_DESERIALIZER.deserialize(value)) for name, value in item.items()}


def _whole(value: Any) -> Any:
    if isinstance(value, Decimal):
        exponent = value.as_tuple().exponent
        return int(value) if isinstance(exponent, int) and exponent >= 0 else value
    if isinstance(value, list):
        return [_whole(v) for v in value]
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    return value


def item_key(pk: str, sk: str) -> dict[str, Any]:
    """The typed primary key ``pk``/``sk``."""
    return to_item({keys.PK: pk, keys.SK: sk})


def as_json(value: Any) -> str:
    """The text of a JSON string attribute: compact, non-ASCII kept, free of DynamoDB's Decimal numbers."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


THROTTLING = frozenset(
    {"ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded"}
)


def is_throttling(exc: ClientError) -> bool:
    """DynamoDB refused for load, not for the data: a plain throttle, or a transaction cancelled only because
    one of its items was throttled (its reasons say ``ThrottlingError``; no condition failed)."""
    code = exc.response.get("Error", {}).get("Code", "")
    if code in THROTTLING:
        return True
    if code != "TransactionCanceledException":
        return False
    reasons = [r.get("Code") for r in exc.response.get("CancellationReasons", []) or []]
    return "ThrottlingError" in reasons and "ConditionalCheckFailed" not in reasons


def condition_failed(exc: ClientError) -> bool:
    """Whether a single-item write was refused by its condition (not throttled, not another error)."""
    return bool(exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException")


def raise_conflict(exc: ClientError) -> None:
    """A lost condition becomes :class:`WriteConflict`; anything else (throttling too) is raised again."""
    code = exc.response.get("Error", {}).get("Code", "")
    if code in ("ConditionalCheckFailedException", "TransactionCanceledException") and not is_throttling(exc):
        raise WriteConflict(code) from None
    raise exc


def put_if_version(client: Any, table: str, item: dict[str, Any], expected_version: int) -> None:
    """Write a whole item if its stored ``version`` is still ``expected_version`` (one conditional put)."""
    try:
        client.put_item(
            TableName=table,
            Item=item,
            ConditionExpression="version = :v",
            ExpressionAttributeValues=to_item({":v": expected_version}),
        )
    except ClientError as exc:
        raise_conflict(exc)


def transact(client: Any, items: list[dict[str, Any]]) -> None:
    try:
        client.transact_write_items(TransactItems=items)
    except ClientError as exc:
        raise_conflict(exc)


# ---------------------------------------------------------------------------------------------- batches

BATCH_WRITE_LIMIT = 25  # requests per BatchWriteItem call
BATCH_GET_LIMIT = 100  # keys per BatchGetItem call


@dataclass(frozen=True)
class Backoff:
    """How the unprocessed part of a batch is sent again: at most ``attempts`` calls in all, the n-th
    retry after a wait of ``min(cap, base * 2**n)`` seconds, half of it fixed and half random ("equal
    jitter": concurrent callers spread out, yet each really waits). ``sleep`` and ``jitter`` (a number
    in [0, 1)) are injected so tests need not wait."""

    attempts: int = 8
    base: float = 0.05
    cap: float = 2.0
    sleep: Callable[[float], None] = time.sleep
    jitter: Callable[[], float] = random.random

    def delay(self, retry: int) -> float:
        """The wait before retry number ``retry`` (0 for the first)."""
        ceiling = min(self.cap, self.base * 2.0**retry)
        return ceiling / 2 * (1 + self.jitter())


DEFAULT_BACKOFF = Backoff()

BatchOperation = Literal["batch_write_item", "batch_get_item"]


def send_batch(
    client: Any,
    operation: BatchOperation,
    request_items: dict[str, Any],
    backoff: Backoff = DEFAULT_BACKOFF,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """One ``batch_write_item`` or ``batch_get_item`` request, with what DynamoDB leaves unprocessed sent
    again after growing, jittered waits (see :class:`Backoff`); returns every answer, in order.

    ``progress`` is told how many requests (writes or keys) each call processed. Raises
    :class:`UnprocessedItems` if some are still left after ``backoff.attempts`` calls.
    """
    writes = operation == "batch_write_item"
    unprocessed = "UnprocessedItems" if writes else "UnprocessedKeys"
    answers: list[dict[str, Any]] = []
    pending = request_items
    for attempt in range(backoff.attempts):
        if attempt:
            backoff.sleep(backoff.delay(attempt - 1))
        # Both calls spelled out: the IAM grants test reads the adapters' client calls from the source.
        answer: dict[str, Any] = (
            client.batch_write_item(RequestItems=pending)
            if writes
            else client.batch_get_item(RequestItems=pending)
        )
        answers.append(answer)
        left = answer.get(unprocessed) or {}
        if progress is not None:
            progress(_requests(pending) - _requests(left))
        if not _requests(left):
            return answers
        pending = left
    raise UnprocessedItems(operation, _requests(pending), backoff.attempts)


def _requests(request_items: dict[str, Any]) -> int:
    """Writes (a list per table) or keys (``{"Keys": [...]}`` per table) in a batch's ``RequestItems``."""
    return sum(len(r["Keys"]) if isinstance(r, dict) else len(r) for r in request_items.values())


def batch_write(
    client: Any,
    table: str,
    requests: list[dict[str, Any]],
    backoff: Backoff = DEFAULT_BACKOFF,
    progress: Callable[[int], None] | None = None,
) -> None:
    """``PutRequest``/``DeleteRequest`` entries for ``table``, 25 a call, unprocessed ones sent again."""
    for start in range(0, len(requests), BATCH_WRITE_LIMIT):
        send_batch(
            client,
            "batch_write_item",
            {table: requests[start : start + BATCH_WRITE_LIMIT]},
            backoff,
            progress,
        )


def batch_get(
    client: Any,
    table: str,
    item_keys: list[dict[str, Any]],
    consistent: bool = False,
    backoff: Backoff = DEFAULT_BACKOFF,
    **options: Any,
) -> list[dict[str, Any]]:
    """Every found (typed) item of ``item_keys`` (duplicates read once), 100 keys a call, unprocessed keys
    sent again.

    ``options`` go into each request as they are (``ProjectionExpression``, ``ExpressionAttributeNames``).
    """
    unique = list({json.dumps(k, sort_keys=True): k for k in item_keys}.values())
    found: list[dict[str, Any]] = []
    for start in range(0, len(unique), BATCH_GET_LIMIT):
        request = {
            table: {"Keys": unique[start : start + BATCH_GET_LIMIT], "ConsistentRead": consistent, **options}
        }
        for answer in send_batch(client, "batch_get_item", request, backoff):
            found.extend(answer.get("Responses", {}).get(table, []))
    return found


# ---------------------------------------------------------------------------------------------- cursors


def encode_cursor(key: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(key, separators=(",", ":")).encode()).decode()


def decode_cursor(cursor: str, names: frozenset[str] = frozenset({keys.PK, keys.SK})) -> dict[str, Any]:
    """A start key from a cursor, refused unless it has exactly the expected string attributes."""
    try:
        key = json.loads(base64.urlsafe_b64decode(cursor.encode()))
        if not isinstance(key, dict) or set(key) != names:
            raise ValueError("unexpected key")
        if not all(isinstance(v, dict) and set(v) == {"S"} and isinstance(v["S"], str) for v in key.values()):
            raise ValueError("unexpected key values")
        return key
    except (ValueError, TypeError) as exc:
        raise InvalidCursor("the cursor is not one this service returned") from exc


# ------------------------------------------------------------------------------------- packed documents
# A document (plain JSON values) packed into one binary attribute: a format byte, then the compact JSON
# text deflated with a preset dictionary. The dictionary holds what every match document repeats (field
# names, card codes, move-log entries), so even a short document compresses: a classic Scopa match item
# stays under one write unit (1 KB). The dictionary of a format never changes (a test pins its digest):
# a new dictionary is a new format byte, and every format ever written stays readable.

_CARDS = [rank + suit for suit in "dcsb" for rank in "A234567JQK"]
_PACK_DICTIONARY_1 = (
    # Briscola's and Scopa's state fields, then the match's own, then move-log entries and card codes
    # (the most frequent last: deflate reaches the end of its dictionary most cheaply).
    '"g":0,"drawn":6,"trump":21,"trump_suit":2,"trump_holder":-1,"trick":"","leader":1,"tricks":[],'
    '"points":[0,0],"signals":[],"bids":[],"chiamata":[-1,-1,-1],"variant":"classic","target":11,'
    '"format":1,"game":"scopa","rules":{},"seed":"","first_dealer":0,"deal":1,"dealer":0,"attempt":0,'
    '"deck":"","dealt":40,"hands":["",""],"table":"","piles":["",""],"scope":[],"bonuses":[],'
    '"revealed":0,"turn":1,"last_capturer":0,"moves":0,"scores":[0,0],"history":[[0,0]],'
    '"last_deal":{"points":[{"scope":1,"settebello":1,"primiera":1,"cards":1,"coins":1}],'
    '"totals":[0,0],"cards":[20,20],"coins":[5,5],"primiera":[84,64]},"commitments":[""],'
    '"result":{"winner":1,"reason":"target","scores":[0,0]},"finished":[],"leftovers":"",'
    '"preset":"classic","seats":["p_","bot-greedy"],"names":["","Greedy bot"],"created_at":"20",'
    '"updated_at":"20","created_by":"p_","move_seconds":259200,"accepted":[true,true],"timed":false,'
    '"deadline":null,"context":null,"origin":null,"idempotency":{"key":"","body":"","at":"20",'
    '"version":0},"log":[],"moves":["'
    + '","'.join(f"{seat}:{card}" for seat in "10" for card in _CARDS)
    + '","'
    + "".join(_CARDS)
    + '"]'
).encode()
PACK_FORMATS = {1: _PACK_DICTIONARY_1}
PACK_FORMAT = 1  # what :func:`pack` writes


def pack(document: Mapping[str, Any], fmt: int = PACK_FORMAT) -> bytes:
    """``document`` as compact JSON, deflated with format ``fmt``'s dictionary, behind its format byte."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, PACK_FORMATS[fmt])
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode()
    return bytes([fmt]) + packer.compress(text) + packer.flush()


def unpack(data: bytes) -> dict[str, Any]:
    """The document :func:`pack` packed, whichever format it was written in."""
    fmt, body = data[0], data[1:]
    unpacker = zlib.decompressobj(-15, PACK_FORMATS[fmt])
    document: dict[str, Any] = json.loads(unpacker.decompress(body) + unpacker.flush())
    return document
