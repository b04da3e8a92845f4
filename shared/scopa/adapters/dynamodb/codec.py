"""Small helpers every DynamoDB adapter shares: attribute values, conflicts, pagination cursors."""

from __future__ import annotations

import base64
import json
from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor

__all__ = ["InvalidCursor"]  # the adapter modules import it from here with the other helpers


def s(value: str) -> dict[str, str]:
    return {"S": value}


def n(value: int) -> dict[str, str]:
    return {"N": str(value)}


def dumps(value: Any) -> dict[str, str]:
    """A JSON string attribute: compact, and free of DynamoDB's Decimal numbers."""
    return {"S": json.dumps(value, separators=(",", ":"), ensure_ascii=False)}


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
            ExpressionAttributeValues={":v": n(expected_version)},
        )
    except ClientError as exc:
        raise_conflict(exc)


def transact(client: Any, items: list[dict[str, Any]]) -> None:
    try:
        client.transact_write_items(TransactItems=items)
    except ClientError as exc:
        raise_conflict(exc)


def batch_get(
    client: Any, table: str, item_keys: list[dict[str, Any]], consistent: bool = False, **options: Any
) -> list[dict[str, Any]]:
    """Every found item of ``item_keys`` (duplicates read once), 100 keys a call, retrying unprocessed keys.

    ``options`` go into each request as they are (``ProjectionExpression``, ``ExpressionAttributeNames``).
    """
    unique = list({json.dumps(k, sort_keys=True): k for k in item_keys}.values())
    found: list[dict[str, Any]] = []
    for start in range(0, len(unique), 100):
        request: dict[str, Any] = {
            table: {"Keys": unique[start : start + 100], "ConsistentRead": consistent, **options}
        }
        while request:
            answer = client.batch_get_item(RequestItems=request)
            found.extend(answer.get("Responses", {}).get(table, []))
            request = answer.get("UnprocessedKeys") or {}
    return found


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
