"""The repository on DynamoDB: one table, conditional writes, transactions where items move together.

Items are built as plain dicts and typed by :func:`~scopa.adapters.dynamodb.codec.to_item` (read back by
``from_item``). Big or nested values (the engine state, rules, the move list) are stored as JSON strings:
compact, and free of DynamoDB's Decimal numbers.
"""

from __future__ import annotations

import heapq
import itertools
import json
from collections.abc import Sequence
from typing import Any, cast

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    DEFAULT_BACKOFF,
    Backoff,
    batch_get,
    decode_cursor,
    encode_cursor,
    from_item,
    item_key,
    pack,
    put_if_version,
    raise_conflict,
    to_item,
    transact,
    unpack,
)
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.matches import Match, MatchSummary
from scopa.application.ports.players import GuestClaim, Player, Role, name_key
from scopa.domain.games import lookup


def name_index_item(player_id: str, name: str) -> dict[str, Any]:
    """A player's name-index item (untyped: :func:`to_item` types it). It depends on the profile alone: the
    backfill of profiles from before the index (``functions/jobs/backfill.py``) writes exactly what
    registration writes. Only a guest's name changes (its organizer renames it): the item moves with the
    name, in the same transaction."""
    return {
        keys.PK: keys.player_name_pk(name_key(name)),
        keys.SK: keys.player_name_sk(player_id),
        "type": "player_name",
        "player_id": player_id,
    }


class DynamoRepository:
    """The player and match ports (:mod:`scopa.application.ports.players`, :mod:`~.matches`) on one
    DynamoDB table through the low-level client."""

    def __init__(self, client: Any, table_name: str, backoff: Backoff = DEFAULT_BACKOFF) -> None:
        """``client`` is a boto3 DynamoDB client (typed loosely: items are built as plain dicts here);
        ``backoff`` paces the retries of unprocessed batch reads."""
        self.client = client
        self.table = table_name
        self.backoff = backoff

    # ------------------------------------------------------------------ players and tokens

    def create_player(self, player: Player) -> None:
        """The profile (conditioned on its id being new) and its name-index item in one transaction; an
        opaque token (version 0, tests of the read path) also gets its token item in it."""
        item = self._player_item(player)
        named = name_index_item(player.id, player.name)
        writes = [
            {
                "Put": {
                    "TableName": self.table,
                    "Item": item,
                    "ConditionExpression": "attribute_not_exists(pk)",
                }
            },
            {"Put": {"TableName": self.table, "Item": to_item(named)}},
        ]
        if player.guest_of is not None:  # the organizer's list of guests
            writes.append({"Put": {"TableName": self.table, "Item": to_item(_guest_item(player))}})
        if player.token_hash and player.token_version == 0:
            writes.append(
                {"Put": {"TableName": self.table, "Item": self._token_item(player.token_hash, player)}}
            )
        self._transact(writes)

    def players_named(self, key: str, limit: int) -> list[str]:
        found = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk",
            ExpressionAttributeValues={":pk": {"S": keys.player_name_pk(key)}},
            Limit=limit,
        )
        return [from_item(i)["player_id"] for i in found.get("Items", [])]

    def _player_item(self, player: Player) -> dict[str, Any]:
        item: dict[str, Any] = {
            keys.PK: keys.player_pk(player.id),
            keys.SK: keys.PROFILE,
            "type": "player",
            "id": player.id,
            "name": player.name,
            "role": player.role,
            "created_at": player.created_at,
        }
        if player.token_hash:
            item["token_hash"] = player.token_hash
        if player.origin:
            item["origin"] = json.dumps(player.origin, separators=(",", ":"))
        if player.token_version:
            item["token_version"] = player.token_version
        if player.guest_of is not None:
            item["guest_of"] = player.guest_of
        return to_item(item)

    def _token_item(self, token_hash: str, player: Player) -> dict[str, Any]:
        return _token_item(token_hash, player.id, player.role)

    def get_player(self, player_id: str, consistent: bool = False) -> Player | None:
        found = self.client.get_item(
            TableName=self.table,
            Key=item_key(keys.player_pk(player_id), keys.PROFILE),
            ConsistentRead=consistent,
        ).get("Item")
        return _player(from_item(found)) if found else None

    def get_players(self, player_ids: Sequence[str]) -> list[Player]:
        items = batch_get(
            self.client, self.table, [item_key(keys.player_pk(p), keys.PROFILE) for p in player_ids]
        )
        found = {p.id: p for p in (_player(from_item(i)) for i in items)}
        return [found[pid] for pid in player_ids if pid in found]

    def set_role(self, player_id: str, role: Role) -> None:
        player = self.get_player(player_id)
        if player is None:
            raise WriteConflict("no such player")
        opaque = player.token_hash if player.token_version == 0 else None  # has a token item to update
        items: list[dict[str, Any]] = [
            {
                "Update": {
                    "TableName": self.table,
                    "Key": item_key(keys.player_pk(player_id), keys.PROFILE),
                    "UpdateExpression": "SET #r = :r",
                    "ConditionExpression": "attribute_exists(pk)"
                    + (
                        " AND token_hash = :t"
                        if player.token_hash
                        else " AND attribute_not_exists(token_hash)"
                    ),
                    "ExpressionAttributeNames": {"#r": "role"},
                    "ExpressionAttributeValues": to_item(
                        {":r": role} | ({":t": player.token_hash} if player.token_hash else {})
                    ),
                }
            }
        ]
        if opaque:
            items.append({"Put": {"TableName": self.table, "Item": _token_item(opaque, player_id, role)}})
            self._transact(items)
        else:
            self._update(items[0]["Update"])

    def get_token_owner(self, token_hash: str) -> tuple[str, Role] | None:
        found = self.client.get_item(
            TableName=self.table, Key=item_key(keys.token_pk(token_hash), keys.TOKEN_SK)
        ).get("Item")
        if not found:
            return None
        item = from_item(found)
        return item["player_id"], cast(Role, item["role"])

    def replace_token(self, player_id: str, old_hash: str | None, new_hash: str | None, version: int) -> None:
        player = self.get_player(player_id, consistent=True)
        if player is None:
            raise WriteConflict("no such player")
        names = {"#tv": "token_version"}
        values: dict[str, Any] = {":tv": version}
        if old_hash:
            conditions = ["token_hash = :old"]
            values[":old"] = old_hash
        else:
            conditions = ["attribute_exists(pk)", "attribute_not_exists(token_hash)"]
        if version > 1:
            conditions.append("#tv = :prev")
            values[":prev"] = version - 1
        else:  # the first version: a player of before versions
            conditions.append("attribute_not_exists(#tv)")
        if new_hash:
            update_expression = "SET token_hash = :new, #tv = :tv"
            values[":new"] = new_hash
        else:
            update_expression = "SET #tv = :tv REMOVE token_hash"
        update: dict[str, Any] = {
            "TableName": self.table,
            "Key": item_key(keys.player_pk(player_id), keys.PROFILE),
            "UpdateExpression": update_expression,
            "ConditionExpression": " AND ".join(conditions),
            "ExpressionAttributeNames": names,
            "ExpressionAttributeValues": to_item(values),
        }
        if old_hash and player.token_version == 0:  # an opaque token: its own item goes too
            self._transact(
                [
                    {"Update": update},
                    {
                        "Delete": {
                            "TableName": self.table,
                            "Key": item_key(keys.token_pk(old_hash), keys.TOKEN_SK),
                        }
                    },
                ]
            )
        else:
            self._update(update)

    # ------------------------------------------------------------------ guests (ports.guests)

    def guests_of(self, manager: str, limit: int) -> list[Player]:
        found = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk",
            ExpressionAttributeValues={":pk": {"S": keys.guests_pk(manager)}},
            Limit=limit,
        )
        return self.get_players([from_item(i)["player_id"] for i in found.get("Items", [])])

    def rename_guest(self, player_id: str, manager: str, old_name: str, new_name: str) -> None:
        writes: list[dict[str, Any]] = [
            {
                "Update": {
                    "TableName": self.table,
                    "Key": item_key(keys.player_pk(player_id), keys.PROFILE),
                    "UpdateExpression": "SET #n = :new",
                    "ConditionExpression": "guest_of = :m AND #n = :old",
                    "ExpressionAttributeNames": {"#n": "name"},
                    "ExpressionAttributeValues": to_item({":new": new_name, ":old": old_name, ":m": manager}),
                }
            }
        ]
        if name_key(old_name) != name_key(new_name):  # the index item moves (one write per item)
            old = name_index_item(player_id, old_name)
            writes += [
                {"Delete": {"TableName": self.table, "Key": item_key(old[keys.PK], old[keys.SK])}},
                {"Put": {"TableName": self.table, "Item": to_item(name_index_item(player_id, new_name))}},
            ]
        self._transact(writes)

    def set_claim(self, player_id: str, manager: str, claim: GuestClaim | None) -> None:
        values: dict[str, Any] = {":m": manager}
        if claim is None:
            expression = "REMOVE claim_hash, claim_expires, claim_tries"
        else:
            expression = "SET claim_hash = :h, claim_expires = :e, claim_tries = :n"
            values |= {":h": claim.code_hash, ":e": str(claim.expires_at), ":n": claim.tries}
        self._update(
            {
                "TableName": self.table,
                "Key": item_key(keys.player_pk(player_id), keys.PROFILE),
                "UpdateExpression": expression,
                "ConditionExpression": "guest_of = :m",
                "ExpressionAttributeValues": to_item(values),
            }
        )

    def count_wrong_claim(self, player_id: str, tries: int) -> None:
        self._update(
            {
                "TableName": self.table,
                "Key": item_key(keys.player_pk(player_id), keys.PROFILE),
                "UpdateExpression": "SET claim_tries = :next",
                "ConditionExpression": "attribute_exists(claim_hash) AND claim_tries = :n",
                "ExpressionAttributeValues": to_item({":n": tries, ":next": tries + 1}),
            }
        )

    def claim_guest(self, player_id: str, code_hash: str, token_hash: str, version: int) -> None:
        player = self.get_player(player_id, consistent=True)
        if player is None or player.guest_of is None:
            raise WriteConflict("not a guest")
        self._transact(
            [
                {
                    "Update": {
                        "TableName": self.table,
                        "Key": item_key(keys.player_pk(player_id), keys.PROFILE),
                        "UpdateExpression": "SET token_hash = :t, token_version = :v "
                        "REMOVE guest_of, claim_hash, claim_expires, claim_tries",
                        "ConditionExpression": "claim_hash = :h AND guest_of = :m",
                        "ExpressionAttributeValues": to_item(
                            {":t": token_hash, ":v": version, ":h": code_hash, ":m": player.guest_of}
                        ),
                    }
                },
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": item_key(keys.guests_pk(player.guest_of), player_id),
                    }
                },
            ]
        )

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
                        "Item": to_item(
                            {
                                keys.PK: keys.player_pk(player_id),
                                keys.SK: keys.player_match_sk(match.created_at, match.id),
                                "type": "player_match",
                                "match_id": match.id,
                            }
                        ),
                    }
                }
            )
        self._transact(items)

    def get_match(self, match_id: str) -> Match | None:
        item = self.client.get_item(
            TableName=self.table, Key=item_key(keys.match_pk(match_id), keys.MATCH_SK), ConsistentRead=True
        ).get("Item")
        return _match_from_item(item) if item else None

    def save_match(self, match: Match, expected_version: int) -> None:
        """Write the match if its stored version is still ``expected_version`` (one conditional put)."""
        put_if_version(self.client, self.table, self._match_item(match), expected_version)

    def get_matches(self, match_ids: list[str]) -> dict[str, Match]:
        item_keys = [item_key(keys.match_pk(i), keys.MATCH_SK) for i in match_ids]
        found = batch_get(self.client, self.table, item_keys, True, self.backoff)
        matches = (_match_from_item(item) for item in found)
        return {match.id: match for match in matches}

    def _match_item(self, match: Match) -> dict[str, Any]:
        """The match as one item: what keys, indexes and conditions need as attributes, the rest packed
        into ``doc`` (:func:`~scopa.adapters.dynamodb.codec.pack`: deflated JSON, about 40% of its text).

        ``rating`` stays an attribute: the ratings store flips it in place (``pending`` -> ``rated``).
        """
        item: dict[str, Any] = {
            keys.PK: keys.match_pk(match.id),
            keys.SK: keys.MATCH_SK,
            "type": "match",
            "status": match.status,
            "version": match.version,
            "doc": pack(_match_document(match)),
        }
        if match.deadline is not None and match.status == "active":
            item[keys.GSI1_PK] = keys.live_pk(match.id)
            item[keys.GSI1_SK] = keys.live_sk(match.deadline, match.id)
        if match.rating:
            item["rating"] = match.rating
            if match.status == "finished" and match.rating == "pending":
                item[keys.GSI1_PK] = keys.UNRATED
                item[keys.GSI1_SK] = f"{match.updated_at}#{match.id}"
        return to_item(item)

    def list_player_matches(
        self, player_id: str, limit: int, cursor: str | None
    ) -> tuple[list[MatchSummary], str | None]:
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": to_item(
                {":pk": keys.player_pk(player_id), ":prefix": keys.PLAYER_MATCH_PREFIX}
            ),
            "ScanIndexForward": False,
            "Limit": limit,
        }
        if cursor:
            start = decode_cursor(cursor)
            at = from_item(start)
            # A start key outside this player's list would make DynamoDB answer a ValidationException.
            if at[keys.PK] != keys.player_pk(player_id) or not at[keys.SK].startswith(
                keys.PLAYER_MATCH_PREFIX
            ):
                raise InvalidCursor("the cursor is not one this service returned")
            query["ExclusiveStartKey"] = start
        page = self.client.query(**query)
        ids = [from_item(item)["match_id"] for item in page.get("Items", [])]
        summaries = self._summaries(ids)
        nxt = page.get("LastEvaluatedKey")
        return summaries, encode_cursor(nxt) if nxt else None

    def _summaries(self, ids: list[str]) -> list[MatchSummary]:
        if not ids:
            return []
        items = batch_get(
            self.client,
            self.table,
            [item_key(keys.match_pk(i), keys.MATCH_SK) for i in ids],
            backoff=self.backoff,
        )
        found = {match.id: match for match in map(_match_from_item, items)}
        out = []
        for i in ids:
            match = found.get(i)
            if match is None:
                continue
            out.append(
                MatchSummary(
                    id=i,
                    created_at=match.created_at,
                    status=match.status,
                    names=match.names,
                    seats=match.seats,
                    preset=match.preset,
                    result=match.state.get("result"),
                )
            )
        return out

    def overdue_matches(self, now: int, limit: int) -> list[str]:
        """Ids of active matches filed in the deadline index before ``now`` (their deadline rounded down to
        the minute), oldest first, then by id, at most ``limit``; see the port.

        One query per partition of the deadline index (``keys.LIVE_PARTITIONS``: the shards and the
        pre-shard key), each limited alike, merged by sort key. Sequential: the sweep runs once a minute,
        an idle one is 9 small queries, and the meters (bench.meter, bench.capacity) pair calls in order.
        """
        bound = keys.live_before(now)
        pages = [self._due(partition, bound, limit) for partition in keys.LIVE_PARTITIONS]
        merged = heapq.merge(*pages)
        return [sort_key.split("#", 1)[1] for sort_key in itertools.islice(merged, limit)]

    def _due(self, partition: str, bound: str, limit: int) -> list[str]:
        """The deadline index's sort keys in one partition below ``bound``, in order (one query)."""
        page = self.client.query(
            TableName=self.table,
            IndexName=keys.GSI1,
            KeyConditionExpression="gsi1pk = :live AND gsi1sk < :now",
            ExpressionAttributeValues=to_item({":live": partition, ":now": bound}),
            Limit=limit,
        )
        return [from_item(item)[keys.GSI1_SK] for item in page.get("Items", [])]

    # ------------------------------------------------------------------ helpers

    def _transact(self, items: list[dict[str, Any]]) -> None:
        transact(self.client, items)

    def _update(self, update: dict[str, Any]) -> None:
        """One conditional ``UpdateItem`` (the parameters of a transaction's ``Update``)."""
        try:
            self.client.update_item(**update)
        except ClientError as exc:
            raise_conflict(exc)


def _token_item(token_hash: str, player_id: str, role: str) -> dict[str, Any]:
    return to_item(
        {
            keys.PK: keys.token_pk(token_hash),
            keys.SK: keys.TOKEN_SK,
            "type": "token",
            "player_id": player_id,
            "role": role,
        }
    )


def _match_document(match: Match) -> dict[str, Any]:
    """What the match item packs: every field but those kept as attributes (see ``_match_item``)."""
    doc: dict[str, Any] = {  # the id is the key's
        "game": match.game,
        "preset": match.preset,
        "rules": match.rules,
        "seats": match.seats,
        "names": match.names,
        "state": lookup(match.game).compact_state(match.state),  # the game leaves out what it derives
        "moves": match.moves,  # a JSON list, spelled as the state's log of the deal: deflate finds it twice
        "created_at": match.created_at,
        "updated_at": match.updated_at,
        "created_by": match.created_by,
        "move_seconds": match.move_seconds,
        "accepted": match.accepted,
    }
    optional = {
        "deadline": match.deadline,
        "context": match.context,
        "idempotency": match.idempotency,
        "origin": match.origin,
        "master_seed": match.master_seed,  # a pending match's secret deal, until it is dealt
        "first_dealer": match.first_dealer,
        "expires_at": match.expires_at,
        "timed_out_at": match.timed_out_at,
    }
    doc.update({name: value for name, value in optional.items() if value is not None})
    if match.seeded:
        doc["seeded"] = True
    if not match.timed:
        doc["timed"] = False
    if not match.rated:
        doc["rated"] = False
    return doc


def _match_from_item(typed: dict[str, Any]) -> Match:
    """A match item, packed (``doc``) or written before packing (one attribute a field): both load."""
    if "doc" not in typed:
        return _match_from_legacy_item(typed)
    item = from_item({name: value for name, value in typed.items() if name != "doc"})
    doc = unpack(typed["doc"]["B"])
    return Match(
        id=item[keys.PK].removeprefix(keys.match_pk("")),
        game=doc["game"],
        preset=doc["preset"],
        rules=doc["rules"],
        seats=doc["seats"],
        names=doc["names"],
        status=item["status"],
        version=int(item["version"]),
        state=lookup(doc["game"]).expand_state(doc["state"]),
        moves=doc["moves"],
        created_at=doc["created_at"],
        updated_at=doc["updated_at"],
        created_by=doc["created_by"],
        move_seconds=int(doc["move_seconds"]),
        deadline=doc.get("deadline"),
        accepted=doc["accepted"],
        idempotency=doc.get("idempotency"),
        context=doc.get("context"),
        rating=item.get("rating"),
        origin=doc.get("origin"),
        seeded=bool(doc.get("seeded", False)),
        master_seed=doc.get("master_seed"),
        first_dealer=doc.get("first_dealer"),
        timed=bool(doc.get("timed", True)),
        rated=bool(doc.get("rated", True)),
        expires_at=doc.get("expires_at"),
        timed_out_at=doc.get("timed_out_at"),
    )


def legacy_match_item(match: Match) -> dict[str, Any]:
    """A match item as written before packing (one attribute a field, JSON texts): migration tests
    write these to show they still load."""
    item: dict[str, Any] = {
        keys.PK: keys.match_pk(match.id),
        keys.SK: keys.MATCH_SK,
        "type": "match",
        "id": match.id,
        "game": match.game,
        "preset": match.preset,
        "rules": json.dumps(match.rules, separators=(",", ":")),
        "seats": json.dumps(match.seats),
        "names": json.dumps(match.names, ensure_ascii=False),
        "status": match.status,
        "version": match.version,
        "state": json.dumps(match.state, separators=(",", ":")),
        "moves": " ".join(match.moves),
        "created_at": match.created_at,
        "updated_at": match.updated_at,
        "created_by": match.created_by,
        "move_seconds": match.move_seconds,
        "accepted": json.dumps(match.accepted),
    }
    if match.deadline is not None:
        item["deadline"] = match.deadline
        if match.status == "active":
            item[keys.GSI1_PK] = keys.LEGACY_LIVE  # before the deadline index was sharded too
            item[keys.GSI1_SK] = keys.live_sk(match.deadline, match.id)
    if match.rating:
        item["rating"] = match.rating
    for name in ("context", "idempotency", "origin"):
        value = getattr(match, name)
        if value:
            item[name] = json.dumps(value, separators=(",", ":"))
    if match.seeded:
        item["seeded"] = True
    if match.master_seed is not None:
        item["master_seed"] = match.master_seed
        item["first_dealer"] = match.first_dealer if match.first_dealer is not None else 0
    if not match.timed:
        item["timed"] = False
    if not match.rated:
        item["rated"] = False
    if match.expires_at is not None:
        item["invite_expires"] = match.expires_at
    return to_item(item)


def _match_from_legacy_item(typed: dict[str, Any]) -> Match:
    item = from_item(typed)

    def parsed(name: str) -> Any:
        return json.loads(item[name]) if name in item else None

    return Match(
        id=item["id"],
        game=item["game"],
        preset=item["preset"],
        rules=json.loads(item["rules"]),
        seats=json.loads(item["seats"]),
        names=json.loads(item["names"]),
        status=item["status"],
        version=int(item["version"]),
        state=json.loads(item["state"]),
        moves=item["moves"].split(),
        created_at=item["created_at"],
        updated_at=item["updated_at"],
        created_by=item["created_by"],
        move_seconds=int(item["move_seconds"]),
        deadline=int(item["deadline"]) if "deadline" in item else None,
        accepted=json.loads(item["accepted"]),
        idempotency=parsed("idempotency"),
        context=parsed("context"),
        rating=item.get("rating"),
        origin=parsed("origin"),
        seeded=bool(item.get("seeded", False)),
        master_seed=item.get("master_seed"),
        first_dealer=int(item["first_dealer"]) if "first_dealer" in item else None,
        timed=bool(item.get("timed", True)),
        rated=bool(item.get("rated", True)),
        expires_at=int(item["invite_expires"]) if "invite_expires" in item else None,
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


def _guest_item(player: Player) -> dict[str, Any]:
    """A guest's item in its organizer's list (untyped: :func:`to_item` types it)."""
    assert player.guest_of is not None
    return {
        keys.PK: keys.guests_pk(player.guest_of),
        keys.SK: player.id,
        "type": "guest",
        "player_id": player.id,
    }


def _player(item: dict[str, Any]) -> Player:
    return Player(
        id=item["id"],
        name=item["name"],
        role=cast(Role, item["role"]),
        created_at=item["created_at"],
        token_hash=item.get("token_hash"),
        origin=json.loads(item["origin"]) if "origin" in item else None,
        token_version=int(item.get("token_version", 0)),
        guest_of=item.get("guest_of"),
        claim=(
            GuestClaim(item["claim_hash"], float(item["claim_expires"]), int(item["claim_tries"]))
            if "claim_hash" in item
            else None
        ),
    )
