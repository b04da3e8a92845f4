"""Club webhooks and their deliveries on DynamoDB (keys: :mod:`scopa.adapters.dynamodb.keys`).

A hook is an item in its club's partition (``CLUB#<club>`` / ``HOOK#<hook>``); a hook's deliveries are
the partition ``HOOK#<hook>``, sorted by delivery id (which begins with the creation time), read newest
first. Every write is conditional: a new hook or delivery on ``attribute_not_exists``, an attempt's
outcome on the attempt count read before it. Deliveries expire (TTL) :data:`KEPT_SECONDS` after creation.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    decode_cursor,
    encode_cursor,
    from_item,
    item_key,
    raise_conflict,
    to_item,
)
from scopa.application.clock import epoch_of
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.webhooks import Delivery, Webhook

KEPT_SECONDS = 30 * 86_400


class DynamoWebhookRepository:
    """:class:`~scopa.application.ports.webhooks.WebhookRepository` on the single table."""

    def __init__(self, client: Any, table_name: str) -> None:
        self.client = client
        self.table = table_name

    def _put_new(self, item: dict[str, Any]) -> None:
        try:
            self.client.put_item(
                TableName=self.table, Item=to_item(item), ConditionExpression="attribute_not_exists(pk)"
            )
        except ClientError as exc:
            raise_conflict(exc)

    def create_hook(self, hook: Webhook) -> None:
        self._put_new(
            {
                keys.PK: keys.club_pk(hook.club_id),
                keys.SK: keys.hook_sk(hook.id),
                "type": "webhook",
                "id": hook.id,
                "club_id": hook.club_id,
                "url": hook.url,
                "events": list(hook.events),
                "secret": hook.secret,
                "created_by": hook.created_by,
                "created_at": hook.created_at,
            }
        )

    def get_hook(self, club_id: str, hook_id: str) -> Webhook | None:
        found = self.client.get_item(
            TableName=self.table,
            Key=item_key(keys.club_pk(club_id), keys.hook_sk(hook_id)),
            ConsistentRead=True,
        ).get("Item")
        return _hook(from_item(found)) if found else None

    def list_hooks(self, club_id: str) -> list[Webhook]:
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :hook)",
            "ExpressionAttributeValues": to_item({":pk": keys.club_pk(club_id), ":hook": keys.HOOK_PREFIX}),
            "ConsistentRead": True,
        }
        hooks: list[Webhook] = []
        while True:
            page = self.client.query(**query)
            hooks.extend(_hook(from_item(item)) for item in page.get("Items", []))
            if "LastEvaluatedKey" not in page:
                return hooks
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def delete_hook(self, club_id: str, hook_id: str) -> None:
        try:
            self.client.delete_item(
                TableName=self.table,
                Key=item_key(keys.club_pk(club_id), keys.hook_sk(hook_id)),
                ConditionExpression="attribute_exists(pk)",
            )
        except ClientError as exc:
            raise_conflict(exc)

    def create_delivery(self, delivery: Delivery) -> None:
        self._put_new(_delivery_item(delivery))

    def get_delivery(self, hook_id: str, delivery_id: str) -> Delivery | None:
        found = self.client.get_item(
            TableName=self.table,
            Key=item_key(keys.deliveries_pk(hook_id), keys.delivery_sk(delivery_id)),
            ConsistentRead=True,
        ).get("Item")
        return _delivery(from_item(found)) if found else None

    def save_delivery(self, delivery: Delivery, expected_attempts: int) -> None:
        try:
            self.client.put_item(
                TableName=self.table,
                Item=to_item(_delivery_item(delivery)),
                ConditionExpression="attempts = :n",
                ExpressionAttributeValues=to_item({":n": expected_attempts}),
            )
        except ClientError as exc:
            raise_conflict(exc)

    def list_deliveries(
        self, hook_id: str, limit: int, cursor: str | None
    ) -> tuple[list[Delivery], str | None]:
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :d)",
            "ExpressionAttributeValues": to_item(
                {":pk": keys.deliveries_pk(hook_id), ":d": keys.DELIVERY_PREFIX}
            ),
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            start = decode_cursor(cursor)
            if from_item(start)[keys.PK] != keys.deliveries_pk(hook_id):
                raise InvalidCursor("the cursor is not one this service returned")
            query["ExclusiveStartKey"] = start
        page = self.client.query(**query)
        found = [_delivery(from_item(item)) for item in page.get("Items", [])]
        last = page.get("LastEvaluatedKey")
        if not last or not found:
            return found, None
        # DynamoDB may stop exactly at the end: look one further so the last page has no cursor.
        probe = dict(query, ExclusiveStartKey=last, Limit=1)
        if not self.client.query(**probe).get("Items"):
            return found, None
        return found, encode_cursor({keys.PK: last[keys.PK], keys.SK: last[keys.SK]})


def _delivery_item(d: Delivery) -> dict[str, Any]:
    item: dict[str, Any] = {
        keys.PK: keys.deliveries_pk(d.hook_id),
        keys.SK: keys.delivery_sk(d.id),
        "type": "webhook_delivery",
        "id": d.id,
        "hook_id": d.hook_id,
        "club_id": d.club_id,
        "event": d.event,
        "event_id": d.event_id,
        "body": d.body,
        "created_at": d.created_at,
        "status": d.status,
        "attempts": d.attempts,
        keys.TTL_ATTRIBUTE: int(epoch_of(d.created_at)) + KEPT_SECONDS,
    }
    optional = {
        "last_status": d.last_status,
        "last_error": d.last_error,
        "next_attempt_at": d.next_attempt_at,
        "delivered_at": d.delivered_at,
    }
    item.update({name: value for name, value in optional.items() if value is not None})
    return item


def _hook(item: dict[str, Any]) -> Webhook:
    return Webhook(
        id=item["id"],
        club_id=item["club_id"],
        url=item["url"],
        events=[str(e) for e in item["events"]],
        secret=item["secret"],
        created_by=item["created_by"],
        created_at=item["created_at"],
    )


def _delivery(item: dict[str, Any]) -> Delivery:
    last_status = item.get("last_status")
    return Delivery(
        id=item["id"],
        hook_id=item["hook_id"],
        club_id=item["club_id"],
        event=item["event"],
        event_id=item["event_id"],
        body=item["body"],
        created_at=item["created_at"],
        status=item["status"],
        attempts=int(item["attempts"]),
        last_status=int(last_status) if last_status is not None else None,
        last_error=item.get("last_error"),
        next_attempt_at=item.get("next_attempt_at"),
        delivered_at=item.get("delivered_at"),
    )
