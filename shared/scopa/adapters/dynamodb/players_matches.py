"""The repository on DynamoDB: one table, conditional writes, transactions where items move together.

This is the only module that talks to boto3. Big or nested values (the engine state, rules, the move
list, the idempotency answer) are stored as JSON strings: compact, and free of DynamoDB's Decimal numbers.
"""

from __future__ import annotations

import json
from typing import Any, cast

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    InvalidCursor,
    batch_get,
    decode_cursor,
    encode_cursor,
    n,
    put_if_version,
    s,
    transact,
)
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.matches import Match, MatchSummary
from scopa.application.ports.players import Player, Role


class DynamoRepository:
    """The player and match ports (:mod:`scopa.application.ports.players`, :mod:`~.matches`) on one
    DynamoDB table through the low-level client."""

    def __init__(self, client: Any, table_name: str) -> None:
        """``client`` is a boto3 DynamoDB client (typed loosely: items are built as plain dicts here)."""
        self.client = client
        self.table = table_name

    # ------------------------------------------------------------------ players and tokens

    def create_player(self, player: Player) -> None:
        items: list[dict[str, Any]] = [
            {
                "Put": {
                    "TableName": self.table,
                    "Item": self._player_item(player),
                    "ConditionExpression": "attribute_not_exists(pk)",
                }
            }
        ]
        if player.token_hash:
            items.append(
                {"Put": {"TableName": self.table, "Item": self._token_item(player.token_hash, player)}}
            )
        self._transact(items)

    def _player_item(self, player: Player) -> dict[str, Any]:
        item = {
            keys.PK: s(keys.player_pk(player.id)),
            keys.SK: s(keys.PROFILE),
            "type": s("player"),
            "id": s(player.id),
            "name": s(player.name),
            "role": s(player.role),
            "created_at": s(player.created_at),
        }
        if player.token_hash:
            item["token_hash"] = s(player.token_hash)
        if player.origin:
            item["origin"] = s(json.dumps(player.origin, separators=(",", ":")))
        return item

    def _token_item(self, token_hash: str, player: Player) -> dict[str, Any]:
        return _token_item(token_hash, player.id, player.role)

    def get_player(self, player_id: str, consistent: bool = False) -> Player | None:
        item = self.client.get_item(
            TableName=self.table,
            Key={keys.PK: s(keys.player_pk(player_id)), keys.SK: s(keys.PROFILE)},
            ConsistentRead=consistent,
        ).get("Item")
        if not item:
            return None
        return Player(
            id=item["id"]["S"],
            name=item["name"]["S"],
            role=cast(Role, item["role"]["S"]),
            created_at=item["created_at"]["S"],
            token_hash=item.get("token_hash", {}).get("S"),
            origin=json.loads(item["origin"]["S"]) if "origin" in item else None,
        )

    def set_role(self, player_id: str, role: Role) -> None:
        player = self.get_player(player_id)
        if player is None:
            raise WriteConflict("no such player")
        items: list[dict[str, Any]] = [
            {
                "Update": {
                    "TableName": self.table,
                    "Key": {keys.PK: s(keys.player_pk(player_id)), keys.SK: s(keys.PROFILE)},
                    "UpdateExpression": "SET #r = :r",
                    "ConditionExpression": "attribute_exists(pk)"
                    + (
                        " AND token_hash = :t"
                        if player.token_hash
                        else " AND attribute_not_exists(token_hash)"
                    ),
                    "ExpressionAttributeNames": {"#r": "role"},
                    "ExpressionAttributeValues": {":r": s(role)}
                    | ({":t": s(player.token_hash)} if player.token_hash else {}),
                }
            }
        ]
        if player.token_hash:
            items.append(
                {"Put": {"TableName": self.table, "Item": _token_item(player.token_hash, player_id, role)}}
            )
        self._transact(items)

    def get_token_owner(self, token_hash: str) -> tuple[str, Role] | None:
        item = self.client.get_item(
            TableName=self.table, Key={keys.PK: s(keys.token_pk(token_hash)), keys.SK: s(keys.TOKEN_SK)}
        ).get("Item")
        return (item["player_id"]["S"], cast(Role, item["role"]["S"])) if item else None

    def replace_token(self, player_id: str, old_hash: str | None, new_hash: str | None) -> None:
        player = self.get_player(player_id)
        if player is None:
            raise WriteConflict("no such player")
        profile_key = {keys.PK: s(keys.player_pk(player_id)), keys.SK: s(keys.PROFILE)}
        update: dict[str, Any] = {"TableName": self.table, "Key": profile_key}
        if old_hash:
            conditions, values = ["token_hash = :old"], {":old": s(old_hash)}
        else:
            conditions, values = ["attribute_exists(pk)", "attribute_not_exists(token_hash)"], {}
        if new_hash:
            # The new token item copies the role read above: a role changed since then must fail the
            # write, or a demoted organizer would keep the role through the new token.
            conditions.append("#r = :role")
            values[":role"] = s(player.role)
            update["ExpressionAttributeNames"] = {"#r": "role"}
            update["UpdateExpression"] = "SET token_hash = :new"
            values[":new"] = s(new_hash)
        else:
            update["UpdateExpression"] = "REMOVE token_hash"
        update["ConditionExpression"] = " AND ".join(conditions)
        if values:
            update["ExpressionAttributeValues"] = values
        items: list[dict[str, Any]] = [{"Update": update}]
        if old_hash:
            items.append(
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": {keys.PK: s(keys.token_pk(old_hash)), keys.SK: s(keys.TOKEN_SK)},
                    }
                }
            )
        if new_hash:
            items.append(
                {"Put": {"TableName": self.table, "Item": _token_item(new_hash, player_id, player.role)}}
            )
        self._transact(items)

    # ------------------------------------------------------------------ matches

    def create_match(self, match: Match) -> None:
        items: list[dict[str, Any]] = [
            {
                "Put": {
                    "TableName": self.table,
                    "Item": self._match_item(match),
                    "ConditionExpression": "attribute_not_exists(pk)",
                }
            }
        ]
        for player_id in dict.fromkeys(match.seats):
            items.append(
                {
                    "Put": {
                        "TableName": self.table,
                        "Item": {
                            keys.PK: s(keys.player_pk(player_id)),
                            keys.SK: s(keys.player_match_sk(match.created_at, match.id)),
                            "type": s("player_match"),
                            "match_id": s(match.id),
                        },
                    }
                }
            )
        self._transact(items)

    def get_match(self, match_id: str) -> Match | None:
        item = self.client.get_item(
            TableName=self.table,
            Key={keys.PK: s(keys.match_pk(match_id)), keys.SK: s(keys.MATCH_SK)},
            ConsistentRead=True,
        ).get("Item")
        return _match_from_item(item) if item else None

    def save_match(self, match: Match, expected_version: int) -> None:
        """Write the match if its stored version is still ``expected_version`` (one conditional put)."""
        put_if_version(self.client, self.table, self._match_item(match), expected_version)

    def get_matches(self, match_ids: list[str]) -> dict[str, Match]:
        item_keys = [{keys.PK: s(keys.match_pk(i)), keys.SK: s(keys.MATCH_SK)} for i in match_ids]
        matches = (_match_from_item(item) for item in batch_get(self.client, self.table, item_keys, True))
        return {match.id: match for match in matches}

    def _match_item(self, match: Match) -> dict[str, Any]:
        item: dict[str, Any] = {
            keys.PK: s(keys.match_pk(match.id)),
            keys.SK: s(keys.MATCH_SK),
            "type": s("match"),
            "id": s(match.id),
            "game": s(match.game),
            "preset": s(match.preset),
            "rules": s(json.dumps(match.rules, separators=(",", ":"))),
            "seats": s(json.dumps(match.seats)),
            "names": s(json.dumps(match.names, ensure_ascii=False)),
            "status": s(match.status),
            "version": n(match.version),
            "state": s(json.dumps(match.state, separators=(",", ":"))),
            "moves": s(" ".join(match.moves)),
            "created_at": s(match.created_at),
            "updated_at": s(match.updated_at),
            "created_by": s(match.created_by),
            "move_seconds": n(match.move_seconds),
            "accepted": s(json.dumps(match.accepted)),
        }
        if match.deadline is not None:
            item["deadline"] = n(match.deadline)
            if match.status == "active":
                item[keys.GSI1_PK] = s(keys.LIVE)
                item[keys.GSI1_SK] = s(keys.live_sk(match.deadline, match.id))
        if match.rating:
            item["rating"] = s(match.rating)
            if match.status == "finished" and match.rating == "pending":
                item[keys.GSI1_PK] = s(keys.UNRATED)
                item[keys.GSI1_SK] = s(f"{match.updated_at}#{match.id}")
        if match.context:
            item["context"] = s(json.dumps(match.context, separators=(",", ":")))
        if match.idempotency:
            item["idempotency"] = s(json.dumps(match.idempotency, separators=(",", ":")))
        if match.origin:
            item["origin"] = s(json.dumps(match.origin, separators=(",", ":")))
        if match.seeded:  # written only when true, so items from before the flag read as not seeded
            item["seeded"] = {"BOOL": True}
        return item

    def list_player_matches(
        self, player_id: str, limit: int, cursor: str | None
    ) -> tuple[list[MatchSummary], str | None]:
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {
                ":pk": s(keys.player_pk(player_id)),
                ":prefix": s(keys.PLAYER_MATCH_PREFIX),
            },
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            start = decode_cursor(cursor)
            # A start key outside this player's list would make DynamoDB answer a ValidationException.
            if start[keys.PK]["S"] != keys.player_pk(player_id) or not start[keys.SK]["S"].startswith(
                keys.PLAYER_MATCH_PREFIX
            ):
                raise InvalidCursor("the cursor is not one this service returned")
            query["ExclusiveStartKey"] = start
        page = self.client.query(**query)
        ids = [item["match_id"]["S"] for item in page.get("Items", [])]
        summaries = self._summaries(ids)
        nxt = page.get("LastEvaluatedKey")
        return summaries, encode_cursor(nxt) if nxt else None

    def _summaries(self, ids: list[str]) -> list[MatchSummary]:
        if not ids:
            return []
        items = batch_get(
            self.client,
            self.table,
            [{keys.PK: s(keys.match_pk(i)), keys.SK: s(keys.MATCH_SK)} for i in ids],
            ProjectionExpression="id, created_at, #st, #n, seats, preset, #state",
            ExpressionAttributeNames={"#st": "status", "#n": "names", "#state": "state"},
        )
        found = {item["id"]["S"]: item for item in items}
        out = []
        for i in ids:
            item = found.get(i)
            if item is None:
                continue
            state = json.loads(item["state"]["S"])
            out.append(
                MatchSummary(
                    id=i,
                    created_at=item["created_at"]["S"],
                    status=item["status"]["S"],
                    names=json.loads(item["names"]["S"]),
                    seats=json.loads(item["seats"]["S"]),
                    preset=item["preset"]["S"],
                    result=state.get("result"),
                )
            )
        return out

    def overdue_matches(self, now: int, limit: int) -> list[str]:
        """Ids of active matches whose move deadline has passed, oldest deadline first (one query)."""
        page = self.client.query(
            TableName=self.table,
            IndexName=keys.GSI1,
            KeyConditionExpression="gsi1pk = :live AND gsi1sk < :now",
            ExpressionAttributeValues={":live": s(keys.LIVE), ":now": s(keys.live_sk(now, ""))},
            Limit=limit,
        )
        return [item[keys.GSI1_SK]["S"].split("#", 1)[1] for item in page.get("Items", [])]

    # ------------------------------------------------------------------ helpers

    def _transact(self, items: list[dict[str, Any]]) -> None:
        transact(self.client, items)


def _token_item(token_hash: str, player_id: str, role: str) -> dict[str, Any]:
    return {
        keys.PK: s(keys.token_pk(token_hash)),
        keys.SK: s(keys.TOKEN_SK),
        "type": s("token"),
        "player_id": s(player_id),
        "role": s(role),
    }


def _match_from_item(item: dict[str, Any]) -> Match:
    idem = item.get("idempotency")
    deadline = item.get("deadline")
    return Match(
        id=item["id"]["S"],
        game=item["game"]["S"],
        preset=item["preset"]["S"],
        rules=json.loads(item["rules"]["S"]),
        seats=json.loads(item["seats"]["S"]),
        names=json.loads(item["names"]["S"]),
        status=item["status"]["S"],
        version=int(item["version"]["N"]),
        state=json.loads(item["state"]["S"]),
        moves=item["moves"]["S"].split() if item["moves"]["S"] else [],
        created_at=item["created_at"]["S"],
        updated_at=item["updated_at"]["S"],
        created_by=item["created_by"]["S"],
        move_seconds=int(item["move_seconds"]["N"]),
        deadline=int(deadline["N"]) if deadline else None,
        accepted=json.loads(item["accepted"]["S"]),
        idempotency=json.loads(idem["S"]) if idem else None,
        context=json.loads(item["context"]["S"]) if "context" in item else None,
        rating=item["rating"]["S"] if "rating" in item else None,
        origin=json.loads(item["origin"]["S"]) if "origin" in item else None,
        seeded=bool(item.get("seeded", {}).get("BOOL", False)),
    )


def create_table(client: Any, table_name: str) -> None:
    """Create the table, its index and TTL (tests and the local server; the CDK app defines the real one)."""
    client.create_table(
        TableName=table_name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[
            {"AttributeName": keys.PK, "AttributeType": "S"},
            {"AttributeName": keys.SK, "AttributeType": "S"},
            {"AttributeName": keys.GSI1_PK, "AttributeType": "S"},
            {"AttributeName": keys.GSI1_SK, "AttributeType": "S"},
            {"AttributeName": keys.GSI2_PK, "AttributeType": "S"},
            {"AttributeName": keys.GSI2_SK, "AttributeType": "S"},
            {"AttributeName": keys.GSI3_PK, "AttributeType": "S"},
            {"AttributeName": keys.GSI3_SK, "AttributeType": "S"},
        ],
        KeySchema=[
            {"AttributeName": keys.PK, "KeyType": "HASH"},
            {"AttributeName": keys.SK, "KeyType": "RANGE"},
        ],
        GlobalSecondaryIndexes=[
            {
                "IndexName": keys.GSI1,
                "KeySchema": [
                    {"AttributeName": keys.GSI1_PK, "KeyType": "HASH"},
                    {"AttributeName": keys.GSI1_SK, "KeyType": "RANGE"},
                ],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
            },
            *(
                {
                    "IndexName": name,
                    "KeySchema": [
                        {"AttributeName": pk, "KeyType": "HASH"},
                        {"AttributeName": sk, "KeyType": "RANGE"},
                    ],
                    "Projection": {"ProjectionType": "ALL"},  # rating items are small; one read a page
                }
                for name, pk, sk in (
                    (keys.GSI2, keys.GSI2_PK, keys.GSI2_SK),
                    (keys.GSI3, keys.GSI3_PK, keys.GSI3_SK),
                )
            ),
        ],
    )
    client.update_time_to_live(
        TableName=table_name, TimeToLiveSpecification={"Enabled": True, "AttributeName": keys.TTL_ATTRIBUTE}
    )
