"""Idempotency records on the DynamoDB table: one item per request digest, expired by the table's TTL.

Each record is its own partition (``IDEM#<digest>``), so keyed requests spread over the table instead of
all writing one partition. TTL deletes expired items within days, not at once, so every read and the
conditional create also compare ``expires_at`` with the caller's clock.
"""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import as_json, from_item, item_key, raise_conflict, to_item
from scopa.application.ports.idempotency import IdempotencyRecord


class DynamoIdempotencyRepository:
    def __init__(self, client: Any, table_name: str) -> None:
        self.client = client
        self.table = table_name

    def _key(self, digest: str) -> dict[str, Any]:
        return item_key(keys.idempotency_pk(digest), keys.IDEMPOTENCY_SK)

    def get_record(self, digest: str, now: int) -> IdempotencyRecord | None:
        found = self.client.get_item(TableName=self.table, Key=self._key(digest), ConsistentRead=True).get(
            "Item"
        )
        if not found:
            return None
        item = from_item(found)
        if int(item[keys.TTL_ATTRIBUTE]) <= now:
            return None
        answer = item.get("answer")
        return IdempotencyRecord(
            digest=digest,
            body_hash=item["body_hash"],
            expires_at=int(item[keys.TTL_ATTRIBUTE]),
            answer=json.loads(answer) if answer is not None else None,
        )

    def start_record(self, record: IdempotencyRecord, now: int) -> None:
        item = to_item(
            {
                keys.PK: keys.idempotency_pk(record.digest),
                keys.SK: keys.IDEMPOTENCY_SK,
                "type": "idempotency",
                "body_hash": record.body_hash,
                keys.TTL_ATTRIBUTE: record.expires_at,
            }
        )
        try:
            self.client.put_item(
                TableName=self.table,
                Item=item,
                ConditionExpression="attribute_not_exists(pk) OR #exp <= :now",
                ExpressionAttributeNames={"#exp": keys.TTL_ATTRIBUTE},
                ExpressionAttributeValues=to_item({":now": now}),
            )
        except ClientError as exc:
            raise_conflict(exc)

    def complete_record(self, digest: str, answer: dict[str, Any]) -> None:
        try:
            self.client.update_item(
                TableName=self.table,
                Key=self._key(digest),
                UpdateExpression="SET answer = :a",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues=to_item({":a": as_json(answer)}),
            )
        except ClientError as exc:
            raise_conflict(exc)
