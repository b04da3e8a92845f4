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
from scopa.adapters.dynamodb.codec import dumps, n, raise_conflict, s
from scopa.application.ports.idempotency import IdempotencyRecord


class DynamoIdempotencyRepository:
    def __init__(self, client: Any, table_name: str) -> None:
        self.client = client
        self.table = table_name

    def _key(self, digest: str) -> dict[str, Any]:
        return {keys.PK: s(keys.idempotency_pk(digest)), keys.SK: s(keys.IDEMPOTENCY_SK)}

    def get_record(self, digest: str, now: int) -> IdempotencyRecord | None:
        item = self.client.get_item(TableName=self.table, Key=self._key(digest), ConsistentRead=True).get(
            "Item"
        )
        if not item or int(item[keys.TTL_ATTRIBUTE]["N"]) <= now:
            return None
        answer = item.get("answer")
        return IdempotencyRecord(
            digest=digest,
            body_hash=item["body_hash"]["S"],
            expires_at=int(item[keys.TTL_ATTRIBUTE]["N"]),
            answer=json.loads(answer["S"]) if answer else None,
        )

    def start_record(self, record: IdempotencyRecord, now: int) -> None:
        item = {
            **self._key(record.digest),
            "type": s("idempotency"),
            "body_hash": s(record.body_hash),
            keys.TTL_ATTRIBUTE: n(record.expires_at),
        }
        try:
            self.client.put_item(
                TableName=self.table,
                Item=item,
                ConditionExpression="attribute_not_exists(pk) OR #exp <= :now",
                ExpressionAttributeNames={"#exp": keys.TTL_ATTRIBUTE},
                ExpressionAttributeValues={":now": n(now)},
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
                ExpressionAttributeValues={":a": dumps(answer)},
            )
        except ClientError as exc:
            raise_conflict(exc)
