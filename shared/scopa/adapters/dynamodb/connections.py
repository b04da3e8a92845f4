"""Live connections on the DynamoDB table (keys: :mod:`scopa.adapters.dynamodb.keys`).

A connection's partition (``CONN#<id>``) holds the connection and one mirror per topic it follows; a
topic's partition (``TOPIC#<topic>``) lists its subscribers, each with its player, so the notifier reads
one partition per topic and nothing per subscriber, a page (Query with ``Limit`` and ``ExclusiveStartKey``)
at a time. Subscribing writes both sides in one transaction,
conditional on the connection still being there; every item expires with the connection (TTL). An
authenticated connection is also listed in its player's partition (``PLAYER#<id>`` / ``CONN#<id>``), so
the player's connections are one query when their token changes.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import batch_write, condition_failed, from_item, item_key, to_item
from scopa.application.ports.connections import Connection, Subscriber, SubscriberPage


class DynamoConnectionRepository:
    def __init__(self, client: Any, table_name: str) -> None:
        self.client = client
        self.table = table_name

    def _key(self, connection_id: str) -> dict[str, Any]:
        return item_key(keys.connection_pk(connection_id), keys.CONNECTION_SK)

    def add(self, connection: Connection) -> None:
        values: dict[str, Any] = {
            keys.PK: keys.connection_pk(connection.id),
            keys.SK: keys.CONNECTION_SK,
            "type": "connection",
            "connected_at": connection.connected_at,
            keys.TTL_ATTRIBUTE: connection.expires_at,
        }
        if connection.player_id is not None:
            values["player_id"] = connection.player_id
            self._list_under_player(
                connection.id, connection.player_id, connection.connected_at, connection.expires_at
            )
        self.client.put_item(TableName=self.table, Item=to_item(values))

    def _player_key(self, connection_id: str, player_id: str) -> dict[str, Any]:
        return item_key(keys.player_pk(player_id), keys.player_connection_sk(connection_id))

    def _list_under_player(
        self, connection_id: str, player_id: str, connected_at: str, expires_at: int
    ) -> None:
        """The connection's entry in its player's partition, with its opening time, expiring with it."""
        item = {
            keys.PK: keys.player_pk(player_id),
            keys.SK: keys.player_connection_sk(connection_id),
            "type": "player_connection",
            "connected_at": connected_at,
            keys.TTL_ATTRIBUTE: expires_at,
        }
        self.client.put_item(TableName=self.table, Item=to_item(item))

    def get(self, connection_id: str) -> Connection | None:
        found = self.client.get_item(TableName=self.table, Key=self._key(connection_id), ConsistentRead=True)
        if "Item" not in found:
            return None
        item = from_item(found["Item"])
        return Connection(
            id=connection_id,
            player_id=item.get("player_id"),
            connected_at=str(item["connected_at"]),
            expires_at=int(item[keys.TTL_ATTRIBUTE]),
        )

    def _partition(self, connection_id: str) -> list[dict[str, Any]]:
        """Every item of the connection's partition (the connection and its mirrors), decoded."""
        items: list[dict[str, Any]] = []
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk",
            "ExpressionAttributeValues": to_item({":pk": keys.connection_pk(connection_id)}),
            "ConsistentRead": True,
        }
        while True:
            page = self.client.query(**query)
            items += [from_item(i) for i in page.get("Items", [])]
            if "LastEvaluatedKey" not in page:
                return items
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def _subscriber_item(self, topic: str, connection_id: str, player_id: Any, expires_at: int) -> Any:
        values: dict[str, Any] = {
            keys.PK: keys.topic_pk(topic),
            keys.SK: keys.subscriber_sk(connection_id),
            "type": "subscriber",
            keys.TTL_ATTRIBUTE: expires_at,
        }
        if player_id is not None:
            values["player_id"] = player_id
        return to_item(values)

    def set_player(self, connection_id: str, player_id: str) -> None:
        try:
            before = self.client.update_item(
                TableName=self.table,
                Key=self._key(connection_id),
                UpdateExpression="SET player_id = :p",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues=to_item({":p": player_id}),
                ReturnValues="ALL_OLD",
            )
        except ClientError as exc:
            if condition_failed(exc):
                return
            raise
        # Listed under the player just after: a token change handled in between is caught by ``auth``,
        # which checks the token again after this write (LiveService.authenticate).
        old = from_item(before["Attributes"])
        self._list_under_player(
            connection_id, player_id, str(old["connected_at"]), int(old[keys.TTL_ATTRIBUTE])
        )
        previous = old.get("player_id")
        if previous is not None and previous != player_id:
            self.client.delete_item(TableName=self.table, Key=self._player_key(connection_id, str(previous)))
        mirrors = [
            i for i in self._partition(connection_id) if i[keys.SK].startswith(keys.SUBSCRIPTION_PREFIX)
        ]
        puts = [
            {
                "PutRequest": {
                    "Item": self._subscriber_item(
                        str(m["topic"]), connection_id, player_id, int(m[keys.TTL_ATTRIBUTE])
                    )
                }
            }
            for m in mirrors
        ]
        if puts:
            batch_write(self.client, self.table, puts)

    def subscribe(self, connection_id: str, topic: str) -> bool:
        connection = self.get(connection_id)
        if connection is None:
            return False
        mirror = to_item(
            {
                keys.PK: keys.connection_pk(connection_id),
                keys.SK: keys.subscription_sk(topic),
                "type": "subscription",
                "topic": topic,
                keys.TTL_ATTRIBUTE: connection.expires_at,
            }
        )
        same_player = "attribute_not_exists(player_id)" if connection.player_id is None else "player_id = :p"
        check: dict[str, Any] = {
            "TableName": self.table,
            "Key": self._key(connection_id),
            "ConditionExpression": f"attribute_exists(pk) AND {same_player}",
        }
        if connection.player_id is not None:
            check["ExpressionAttributeValues"] = to_item({":p": connection.player_id})
        try:
            self.client.transact_write_items(
                TransactItems=[
                    {"ConditionCheck": check},
                    {"Put": {"TableName": self.table, "Item": mirror}},
                    {
                        "Put": {
                            "TableName": self.table,
                            "Item": self._subscriber_item(
                                topic, connection_id, connection.player_id, connection.expires_at
                            ),
                        }
                    },
                ]
            )
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") != "TransactionCanceledException":
                raise
            # Gone, or it authenticated meanwhile: try once more with what it is now.
            again = self.get(connection_id)
            if again is None or again.player_id == connection.player_id:
                return False
            return self.subscribe(connection_id, topic)
        return True

    def unsubscribe(self, connection_id: str, topic: str) -> None:
        self.client.transact_write_items(
            TransactItems=[
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": item_key(keys.connection_pk(connection_id), keys.subscription_sk(topic)),
                    }
                },
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": item_key(keys.topic_pk(topic), keys.subscriber_sk(connection_id)),
                    }
                },
            ]
        )

    def topics(self, connection_id: str) -> list[str]:
        return sorted(
            str(i["topic"])
            for i in self._partition(connection_id)
            if i[keys.SK].startswith(keys.SUBSCRIPTION_PREFIX)
        )

    def subscribers(self, topic: str) -> list[Subscriber]:
        found: list[Subscriber] = []
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk",
            "ExpressionAttributeValues": to_item({":pk": keys.topic_pk(topic)}),
            "ProjectionExpression": "sk, player_id",
            "ConsistentRead": True,  # a client that just subscribed must hear the next change
        }
        while True:
            page = self.client.query(**query)
            for raw in page.get("Items", []):
                item = from_item(raw)
                found.append(
                    Subscriber(item[keys.SK].removeprefix(keys.SUBSCRIBER_PREFIX), item.get("player_id"))
                )
            if "LastEvaluatedKey" not in page:
                return found
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def subscriber_page(self, topic: str, *, limit: int, after: str | None, now: int) -> SubscriberPage:
        # One Query of at most ``limit`` items from ``after``'s key; the filter drops what TTL has not
        # deleted yet (it reads, and bills, the expired items all the same: a page may come back short).
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk",
            "FilterExpression": "#ttl > :now",
            "ExpressionAttributeNames": {"#ttl": keys.TTL_ATTRIBUTE},
            "ExpressionAttributeValues": to_item({":pk": keys.topic_pk(topic), ":now": now}),
            "ProjectionExpression": "sk, player_id",
            "ConsistentRead": True,  # a client that just subscribed must hear the next change
            "Limit": limit,
        }
        if after is not None:
            query["ExclusiveStartKey"] = item_key(keys.topic_pk(topic), keys.subscriber_sk(after))
        page = self.client.query(**query)
        found = []
        for raw in page.get("Items", []):
            item = from_item(raw)
            found.append(
                Subscriber(item[keys.SK].removeprefix(keys.SUBSCRIBER_PREFIX), item.get("player_id"))
            )
        last = page.get("LastEvaluatedKey")
        following = str(from_item(last)[keys.SK]).removeprefix(keys.SUBSCRIBER_PREFIX) if last else None
        return SubscriberPage(found, following)

    def of_player(self, player_id: str, opened_before: str | None = None) -> list[str]:
        found: list[str] = []
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": to_item(
                {":pk": keys.player_pk(player_id), ":prefix": keys.PLAYER_CONNECTION_PREFIX}
            ),
            "ProjectionExpression": "sk, connected_at",
            "ConsistentRead": True,  # a connection authenticated just before a token change is closed too
        }
        while True:
            page = self.client.query(**query)
            for raw in page.get("Items", []):
                item = from_item(raw)
                opened = item.get("connected_at")  # none on a listing from before it was kept: old
                if opened_before is None or opened is None or str(opened) < opened_before:
                    found.append(str(item[keys.SK]).removeprefix(keys.PLAYER_CONNECTION_PREFIX))
            if "LastEvaluatedKey" not in page:
                return sorted(found)
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def remove(self, connection_id: str, player_id: str | None = None) -> None:
        deletes = []
        players = {player_id} if player_id is not None else set()
        for item in self._partition(connection_id):
            deletes.append({"DeleteRequest": {"Key": item_key(item[keys.PK], item[keys.SK])}})
            if item[keys.SK] == keys.CONNECTION_SK and item.get("player_id") is not None:
                players.add(str(item["player_id"]))
            if item[keys.SK].startswith(keys.SUBSCRIPTION_PREFIX):
                key = item_key(keys.topic_pk(str(item["topic"])), keys.subscriber_sk(connection_id))
                deletes.append({"DeleteRequest": {"Key": key}})
        # A listing left without its connection (a $disconnect between auth's two writes) goes too.
        deletes += [{"DeleteRequest": {"Key": self._player_key(connection_id, p)}} for p in sorted(players)]
        if deletes:
            batch_write(self.client, self.table, deletes)
