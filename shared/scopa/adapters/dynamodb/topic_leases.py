"""Coalesced topics' push leases on the DynamoDB table: one small item per topic (``LEASE#<topic>``).

See :mod:`scopa.application.ports.coalesce`. The lease is its own partition, not the topic's subscriber
partition (``TOPIC#<topic>``), whose reads it exists to spare. Claim and mark are conditional
``PutItem``/``UpdateItem`` (1 WCU each, a refused one too); the read before them is a strongly consistent
``GetItem`` (1 RCU), so a run that finds a mark standing writes nothing. The item (about 60 bytes)
expires an hour after its lease (TTL).
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import condition_failed, item_key
from scopa.adapters.dynamodb.keys import LEASE_SK, lease_pk
from scopa.application.ports.coalesce import LEASE_TTL_SECONDS, TopicLease


class DynamoTopicLeaseRepository:
    """:class:`~scopa.application.ports.coalesce.TopicLeaseRepository` on DynamoDB."""

    def __init__(self, client: Any, table_name: str) -> None:
        self.client = client
        self.table = table_name

    def lease(self, topic: str) -> TopicLease | None:
        found = self.client.get_item(
            TableName=self.table, Key=item_key(lease_pk(topic), LEASE_SK), ConsistentRead=True
        ).get("Item")
        if found is None:
            return None
        pending = found.get("pending_ms")
        return TopicLease(int(found["until_ms"]["N"]), None if pending is None else int(pending["N"]))

    def claim(self, topic: str, *, now_ms: int, until_ms: int, pending_ms: int | None = None) -> bool:
        item = {
            **item_key(lease_pk(topic), LEASE_SK),
            "type": {"S": "topic_lease"},
            "until_ms": {"N": str(until_ms)},
            keys.TTL_ATTRIBUTE: {"N": str(until_ms // 1000 + LEASE_TTL_SECONDS)},
        }
        condition = "attribute_not_exists(#pk) OR until_ms <= :now"
        values = {":now": {"N": str(now_ms)}}
        if pending_ms is not None:
            condition += " OR pending_ms = :mark"
            values[":mark"] = {"N": str(pending_ms)}
        try:
            self.client.put_item(
                TableName=self.table,
                Item=item,
                ConditionExpression=condition,
                ExpressionAttributeNames={"#pk": keys.PK},
                ExpressionAttributeValues=values,
            )
        except ClientError as exc:
            if condition_failed(exc):
                return False
            raise
        return True

    def mark_pending(self, topic: str, *, until_ms: int) -> bool:
        try:
            self.client.update_item(
                TableName=self.table,
                Key=item_key(lease_pk(topic), LEASE_SK),
                UpdateExpression="SET pending_ms = :until",
                ConditionExpression="until_ms = :until AND attribute_not_exists(pending_ms)",
                ExpressionAttributeValues={":until": {"N": str(until_ms)}},
            )
        except ClientError as exc:
            if condition_failed(exc):
                return False
            raise
        return True
