"""The single table as the tournament repository's parts reach it: one client, the table's name and the
plain-item helpers (a transaction's put, a read, a page of a partition or all of a query, a batch read)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    DEFAULT_BACKOFF,
    Backoff,
    batch_get,
    decode_cursor,
    encode_cursor,
    from_item,
    item_key,
    to_item,
)
from scopa.application.ports.cursor import InvalidCursor


class DynamoTable:
    """The client and table every part of the tournament repository shares: the parts are combined into
    one object by inheritance."""

    def __init__(self, client: Any, table_name: str, backoff: Backoff = DEFAULT_BACKOFF) -> None:
        self.client = client
        self.table = table_name
        self.backoff = backoff  # paces the retries of unprocessed batch reads

    def _put(self, item: dict[str, Any], condition: str | None = None) -> dict[str, Any]:
        """A transaction's ``Put`` of the plain ``item``."""
        put: dict[str, Any] = {"TableName": self.table, "Item": to_item(item)}
        if condition:
            put["ConditionExpression"] = condition
        return {"Put": put}

    def _get(self, pk: str, sk: str, consistent: bool = False) -> dict[str, Any] | None:
        """The plain item at ``pk``/``sk``, or None."""
        item = self.client.get_item(
            TableName=self.table, Key=item_key(pk, sk), ConsistentRead=consistent
        ).get("Item")
        return from_item(item) if item else None

    def _query(
        self, pk: str, prefix: str | None, limit: int, cursor: str | None, forward: bool = True
    ) -> tuple[list[dict[str, Any]], str | None]:
        """One page of plain items of ``pk`` (sort keys starting with ``prefix``), and the next cursor."""
        values: dict[str, Any] = {":pk": pk}
        condition = "pk = :pk"
        if prefix:
            condition += " AND begins_with(sk, :prefix)"
            values[":prefix"] = prefix
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": condition,
            "ExpressionAttributeValues": to_item(values),
            "ScanIndexForward": forward,
            "Limit": limit,
        }
        if cursor:
            start = decode_cursor(cursor)
            at = from_item(start)
            if at[keys.PK] != pk or (prefix and not at[keys.SK].startswith(prefix)):
                raise_invalid()
            query["ExclusiveStartKey"] = start
        page = self.client.query(**query)
        last = page.get("LastEvaluatedKey")
        return [from_item(i) for i in page.get("Items", [])], encode_cursor(last) if last else None

    def _query_all(self, query: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """Every plain item ``query`` finds, page after page."""
        query = dict(query)
        while True:
            page = self.client.query(**query)
            yield from map(from_item, page.get("Items", []))
            if "LastEvaluatedKey" not in page:
                return
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def _batch_get(self, wanted: list[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
        items = batch_get(
            self.client, self.table, [item_key(pk, sk) for pk, sk in wanted], backoff=self.backoff
        )
        return {(item[keys.PK], item[keys.SK]): item for item in map(from_item, items)}


def raise_invalid() -> None:
    raise InvalidCursor("the cursor is not one this service returned")
