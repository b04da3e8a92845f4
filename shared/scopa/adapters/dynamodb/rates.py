"""The shared request counter on the DynamoDB table: one small item per caller and window.

A request is one conditional ``UpdateItem`` (``ADD n :one`` if ``n`` is absent or below the limit): one
write unit whether it is counted or refused, no read. The item is about 100 bytes (its key, ``n`` and
``expires_at``) and expires (TTL) when its window ends; a window's item is its own partition
(``RATE#<caller>#<window>#<start>``), so one caller's windows never pile up in one partition and no
partition sees more than ``limit`` counted writes a window from one caller.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import condition_failed, item_key, to_item
from scopa.application.ports.rates import window_at


class DynamoRateCounter:
    """:class:`~scopa.application.ports.rates.RateCounter` on the single table."""

    def __init__(self, client: Any, table_name: str) -> None:
        self.client = client
        self.table = table_name

    def take(self, key: str, window: int, limit: int, now: float) -> float:
        span = window_at(now, window)
        try:
            self.client.update_item(
                TableName=self.table,
                Key=item_key(keys.rate_pk(key, span.length, span.start), keys.RATE_SK),
                UpdateExpression="ADD n :one SET #ttl = :ends",
                ConditionExpression="attribute_not_exists(n) OR n < :limit",
                ExpressionAttributeNames={"#ttl": keys.TTL_ATTRIBUTE},
                ExpressionAttributeValues=to_item({":one": 1, ":limit": limit, ":ends": span.end}),
            )
        except ClientError as exc:
            if condition_failed(exc):
                return span.wait(now)
            raise
        return 0.0
