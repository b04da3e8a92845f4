"""The repository on DynamoDB: one table, conditional writes, transactions where items move together.

This is the only module that talks to boto3. Big or nested values (the engine state, rules, the move
list, the idempotency answer) are stored as JSON strings: compact, and free of DynamoDB's Decimal numbers.
"""

from __future__ import annotations

import base64
import json
from typing import Any, cast

from botocore.exceptions import ClientError

from scopa.storage import keys
from scopa.storage.repository import Match, MatchSummary, Player, Role, WriteConflict


def _s(value: str) -> dict[str, str]:
    return {"S": value}


def _n(value: int) -> dict[str, str]:
    return {"N": str(value)}


class DynamoRepository:
    """:class:`~scopa.storage.repository.Repository` on one DynamoDB table through the low-level client."""

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
            keys.PK: _s(keys.player_pk(player.id)),
            keys.SK: _s(keys.PROFILE),
            "type": _s("player"),
            "id": _s(player.id),
            "name": _s(player.name),
            "role": _s(player.role),
            "created_at": _s(player.created_at),
        }
        if player.token_hash:
            item["token_hash"] = _s(player.token_hash)
        return item

    def _token_item(self, token_hash: str, player: Player) -> dict[str, Any]:
        return _token_item(token_hash, player.id, player.role)

    def get_player(self, player_id: str) -> Player | None:
        item = self.client.get_item(
            TableName=self.table, Key={keys.PK: _s(keys.player_pk(player_id)), keys.SK: _s(keys.PROFILE)}
        ).get("Item")
        if not item:
            return None
        return Player(
            id=item["id"]["S"],
            name=item["name"]["S"],
            role=cast(Role, item["role"]["S"]),
            created_at=item["created_at"]["S"],
            token_hash=item.get("token_hash", {}).get("S"),
        )

    def set_role(self, player_id: str, role: Role) -> None:
        player = self.get_player(player_id)
        if player is None:
            raise WriteConflict("no such player")
        items: list[dict[str, Any]] = [
            {
                "Update": {
                    "TableName": self.table,
                    "Key": {keys.PK: _s(keys.player_pk(player_id)), keys.SK: _s(keys.PROFILE)},
                    "UpdateExpression": "SET #r = :r",
                    "ConditionExpression": "attribute_exists(pk)"
                    + (
                        " AND token_hash = :t"
                        if player.token_hash
                        else " AND attribute_not_exists(token_hash)"
                    ),
                    "ExpressionAttributeNames": {"#r": "role"},
                    "ExpressionAttributeValues": {":r": _s(role)}
                    | ({":t": _s(player.token_hash)} if player.token_hash else {}),
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
            TableName=self.table, Key={keys.PK: _s(keys.token_pk(token_hash)), keys.SK: _s(keys.TOKEN_SK)}
        ).get("Item")
        return (item["player_id"]["S"], cast(Role, item["role"]["S"])) if item else None

    def replace_token(self, player_id: str, old_hash: str | None, new_hash: str | None) -> None:
        player = self.get_player(player_id)
        if player is None:
            raise WriteConflict("no such player")
        profile_key = {keys.PK: _s(keys.player_pk(player_id)), keys.SK: _s(keys.PROFILE)}
        update: dict[str, Any] = {"TableName": self.table, "Key": profile_key}
        if old_hash:
            update["ConditionExpression"] = "token_hash = :old"
            values = {":old": _s(old_hash)}
        else:
            update["ConditionExpression"] = "attribute_exists(pk) AND attribute_not_exists(token_hash)"
            values = {}
        if new_hash:
            update["UpdateExpression"] = "SET token_hash = :new"
            values[":new"] = _s(new_hash)
        else:
            update["UpdateExpression"] = "REMOVE token_hash"
        if values:
            update["ExpressionAttributeValues"] = values
        items: list[dict[str, Any]] = [{"Update": update}]
        if old_hash:
            items.append(
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": {keys.PK: _s(keys.token_pk(old_hash)), keys.SK: _s(keys.TOKEN_SK)},
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
                            keys.PK: _s(keys.player_pk(player_id)),
                            keys.SK: _s(keys.player_match_sk(match.created_at, match.id)),
                            "type": _s("player_match"),
                            "match_id": _s(match.id),
                        },
                    }
                }
            )
        self._transact(items)

    def get_match(self, match_id: str) -> Match | None:
        item = self.client.get_item(
            TableName=self.table,
            Key={keys.PK: _s(keys.match_pk(match_id)), keys.SK: _s(keys.MATCH_SK)},
            ConsistentRead=True,
        ).get("Item")
        return _match_from_item(item) if item else None

    def save_match(self, match: Match, expected_version: int) -> None:
        """Write the match if its stored version is still ``expected_version`` (one conditional put)."""
        try:
            self.client.put_item(
                TableName=self.table,
                Item=self._match_item(match),
                ConditionExpression="version = :v",
                ExpressionAttributeValues={":v": _n(expected_version)},
            )
        except ClientError as exc:
            _raise_conflict(exc)

    def _match_item(self, match: Match) -> dict[str, Any]:
        item: dict[str, Any] = {
            keys.PK: _s(keys.match_pk(match.id)),
            keys.SK: _s(keys.MATCH_SK),
            "type": _s("match"),
            "id": _s(match.id),
            "game": _s(match.game),
            "preset": _s(match.preset),
            "rules": _s(json.dumps(match.rules, separators=(",", ":"))),
            "seats": _s(json.dumps(match.seats)),
            "names": _s(json.dumps(match.names, ensure_ascii=False)),
            "status": _s(match.status),
            "version": _n(match.version),
            "state": _s(json.dumps(match.state, separators=(",", ":"))),
            "moves": _s(" ".join(match.moves)),
            "created_at": _s(match.created_at),
            "updated_at": _s(match.updated_at),
            "created_by": _s(match.created_by),
            "move_seconds": _n(match.move_seconds),
            "accepted": _s(json.dumps(match.accepted)),
        }
        if match.deadline is not None:
            item["deadline"] = _n(match.deadline)
            if match.status == "active":
                item[keys.GSI1_PK] = _s(keys.LIVE)
                item[keys.GSI1_SK] = _s(keys.live_sk(match.deadline, match.id))
        if match.idempotency:
            item["idempotency"] = _s(json.dumps(match.idempotency, separators=(",", ":")))
        return item

    def list_player_matches(
        self, player_id: str, limit: int, cursor: str | None
    ) -> tuple[list[MatchSummary], str | None]:
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {
                ":pk": _s(keys.player_pk(player_id)),
                ":prefix": _s(keys.PLAYER_MATCH_PREFIX),
            },
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            start = _decode_cursor(cursor)
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
        return summaries, _encode_cursor(nxt) if nxt else None

    def _summaries(self, ids: list[str]) -> list[MatchSummary]:
        if not ids:
            return []
        request = {
            self.table: {
                "Keys": [{keys.PK: _s(keys.match_pk(i)), keys.SK: _s(keys.MATCH_SK)} for i in ids],
                "ProjectionExpression": "id, created_at, #st, #n, seats, preset, #state",
                "ExpressionAttributeNames": {"#st": "status", "#n": "names", "#state": "state"},
            }
        }
        found: dict[str, dict[str, Any]] = {}
        while request:
            answer = self.client.batch_get_item(RequestItems=request)
            for item in answer.get("Responses", {}).get(self.table, []):
                found[item["id"]["S"]] = item
            request = answer.get("UnprocessedKeys") or {}
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
            ExpressionAttributeValues={":live": _s(keys.LIVE), ":now": _s(keys.live_sk(now, ""))},
            Limit=limit,
        )
        return [item[keys.GSI1_SK]["S"].split("#", 1)[1] for item in page.get("Items", [])]

    # ------------------------------------------------------------------ helpers

    def _transact(self, items: list[dict[str, Any]]) -> None:
        try:
            self.client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            _raise_conflict(exc)


def _token_item(token_hash: str, player_id: str, role: str) -> dict[str, Any]:
    return {
        keys.PK: _s(keys.token_pk(token_hash)),
        keys.SK: _s(keys.TOKEN_SK),
        "type": _s("token"),
        "player_id": _s(player_id),
        "role": _s(role),
    }


def _raise_conflict(exc: ClientError) -> None:
    code = exc.response.get("Error", {}).get("Code", "")
    if code in ("ConditionalCheckFailedException", "TransactionCanceledException"):
        raise WriteConflict(code) from None
    raise exc


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
    )


def _encode_cursor(key: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(key, separators=(",", ":")).encode()).decode()


def _decode_cursor(cursor: str) -> dict[str, Any]:
    try:
        key = json.loads(base64.urlsafe_b64decode(cursor.encode()))
        if not isinstance(key, dict) or set(key) != {keys.PK, keys.SK}:
            raise ValueError("unexpected key")
        if not all(isinstance(v, dict) and set(v) == {"S"} and isinstance(v["S"], str) for v in key.values()):
            raise ValueError("unexpected key values")
        return key
    except (ValueError, TypeError) as exc:
        raise InvalidCursor("the cursor is not one this service returned") from exc


class InvalidCursor(ValueError):
    """A pagination cursor that was not produced by this service."""


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
            }
        ],
    )
    client.update_time_to_live(
        TableName=table_name, TimeToLiveSpecification={"Enabled": True, "AttributeName": keys.TTL_ATTRIBUTE}
    )
