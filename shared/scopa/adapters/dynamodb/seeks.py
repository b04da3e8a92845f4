"""Seeks on DynamoDB: one item per seek, a sparse gsi2 partition of the open ones, a pointer per player.

The open list is a query of the ``SEEKS`` partition of gsi2 (newest first, projection ALL: one read a
page) that starts at most :data:`~scopa.application.ports.seeks.MAX_SEEK_SECONDS` back; an item leaves
it when the seek is taken, withdrawn or noticed expired (the index attributes are removed in the same
conditional write). A player's seeks are their ``SEEK#`` pointers of the last day, read back
consistently. The open-seek limit is held by slot items (``SEEKSLOT#<k>`` in the player's partition): a
creation claims a free one in the seek's own transaction (see :meth:`DynamoSeekRepository.create_seek`).
Keys: :mod:`scopa.adapters.dynamodb.keys`.
"""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    DEFAULT_BACKOFF,
    Backoff,
    batch_get,
    decode_cursor,
    encode_cursor,
    from_item,
    is_throttling,
    item_key,
    raise_conflict,
    to_item,
)
from scopa.application.clock import iso
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.seeks import MAX_SEEK_SECONDS, Seek, SeekStatus, TooManySeeks

KEPT_SECONDS = 7 * 86_400  # a seek's items stay this long after it expires, then TTL removes them
CLAIM_ATTEMPTS = 4  # slot claims a creation tries before it answers a write conflict
CLOSED_OR_EXPIRED = "attribute_not_exists(pk) OR #s <> :open OR expires <= :now"  # a slot's seek, to reuse it
OPEN_CURSOR_NAMES = frozenset({keys.PK, keys.SK, keys.GSI2_PK, keys.GSI2_SK})


class DynamoSeekRepository:
    """:class:`~scopa.application.ports.seeks.SeekRepository` on the single table."""

    def __init__(self, client: Any, table_name: str, backoff: Backoff = DEFAULT_BACKOFF) -> None:
        self.client = client
        self.table = table_name
        self.backoff = backoff

    def create_seek(self, seek: Seek, max_open: int, now: float) -> None:
        """The seek (conditioned on a new id), its creator's pointer and a free slot of the creator's
        ``max_open`` seek slots, in one transaction.

        A slot is free when absent, or when the seek it names is closed or expired: its Put is conditioned
        on the slot being as read (absent, or naming that seek) and a ConditionCheck on that seek still
        being closed or expired, so two creations claiming the same slot cannot both win. A lost claim
        reads the slots again and tries another, at most :data:`CLAIM_ATTEMPTS` times.
        """
        pointer = {
            keys.PK: keys.player_pk(seek.player_id),
            keys.SK: keys.player_seek_sk(seek.created_at, seek.id),
            "type": "player_seek",
            "seek_id": seek.id,
            keys.TTL_ATTRIBUTE: seek.expires_at + KEPT_SECONDS,
        }
        for _ in range(CLAIM_ATTEMPTS):
            slot, holder = self._free_slot(seek, max_open, now)
            claim: dict[str, Any] = {
                "TableName": self.table,
                "Item": to_item(
                    {
                        keys.PK: keys.player_pk(seek.player_id),
                        keys.SK: keys.seek_slot_sk(slot),
                        "type": "seek_slot",
                        "seek_id": seek.id,
                        keys.TTL_ATTRIBUTE: seek.expires_at + KEPT_SECONDS,
                    }
                ),
                "ConditionExpression": "attribute_not_exists(pk)",
            }
            items: list[dict[str, Any]] = [
                {
                    "Put": {
                        "TableName": self.table,
                        "Item": _seek_item(seek),
                        "ConditionExpression": "attribute_not_exists(pk)",
                    }
                },
                {"Put": {"TableName": self.table, "Item": to_item(pointer)}},
                {"Put": claim},
            ]
            if holder is not None:
                claim["ConditionExpression"] = "seek_id = :old"
                claim["ExpressionAttributeValues"] = to_item({":old": holder})
                items.append(
                    {
                        "ConditionCheck": {
                            "TableName": self.table,
                            "Key": item_key(keys.seek_pk(holder), keys.SEEK_SK),
                            "ConditionExpression": CLOSED_OR_EXPIRED,
                            "ExpressionAttributeNames": {"#s": "status"},
                            "ExpressionAttributeValues": to_item({":open": "open", ":now": int(now)}),
                        }
                    }
                )
            try:
                self.client.transact_write_items(TransactItems=items)
                return
            except ClientError as exc:
                code = exc.response.get("Error", {}).get("Code", "")
                if code != "TransactionCanceledException" or is_throttling(exc):
                    raise
                reasons = exc.response.get("CancellationReasons") or []
                if reasons and reasons[0].get("Code") == "ConditionalCheckFailed":
                    raise WriteConflict("the seek exists") from None
                # another creation claimed the slot meanwhile: read the slots again
        raise WriteConflict("the player's seek slots kept changing")

    def _free_slot(self, seek: Seek, max_open: int, now: float) -> tuple[int, str | None]:
        """A slot of the creator's the seek may claim, and the seek named there (None: the slot is absent);
        :class:`TooManySeeks` when every slot holds an open seek. One consistent Query of the slots and
        one BatchGetItem of the (at most ``max_open``) seeks they name."""
        page = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk AND begins_with(sk, :prefix)",
            ExpressionAttributeValues=to_item(
                {":pk": keys.player_pk(seek.player_id), ":prefix": keys.SEEK_SLOT_PREFIX}
            ),
            ConsistentRead=True,
        )
        held: dict[int, str] = {}
        for item in page.get("Items", []):
            slot = from_item(item)
            k = int(str(slot[keys.SK]).removeprefix(keys.SEEK_SLOT_PREFIX))
            if k < max_open:
                held[k] = slot["seek_id"]
        if seek.id in held.values():
            raise WriteConflict("the seek exists")
        free = [k for k in range(max_open) if k not in held]
        if free:
            return free[0], None
        items = batch_get(
            self.client,
            self.table,
            [item_key(keys.seek_pk(i), keys.SEEK_SK) for i in sorted(set(held.values()))],
            True,
            self.backoff,
        )
        open_ids = {s.id for s in (_seek(from_item(item)) for item in items) if s.is_open(now)}
        for k in range(max_open):
            if held[k] not in open_ids:
                return k, held[k]
        raise TooManySeeks(f"the player has {len(open_ids)} open seeks")

    def get_seek(self, seek_id: str) -> Seek | None:
        found = self.client.get_item(
            TableName=self.table, Key=item_key(keys.seek_pk(seek_id), keys.SEEK_SK), ConsistentRead=True
        ).get("Item")
        return _seek(from_item(found)) if found else None

    def take_seek(self, seek_id: str, match_id: str, taken_by: str, now: float) -> Seek:
        answer = self._close(
            seek_id,
            "taken",
            "SET match_id = :m, taken_by = :by",
            {":m": match_id, ":by": taken_by},
            " AND expires > :now",
            {":now": int(now)},
        )
        return _seek(from_item(answer["Attributes"]))

    def set_seek_status(self, seek_id: str, status: SeekStatus) -> None:
        self._close(seek_id, status, "", {}, "", {})

    def _close(
        self,
        seek_id: str,
        status: str,
        also: str,
        values: dict[str, Any],
        condition: str,
        condition_values: dict[str, Any],
    ) -> dict[str, Any]:
        """One conditional update: an open seek gets ``status`` (and ``also``) and leaves the open list."""
        update = "SET #s = :s" + (", " + also.removeprefix("SET ") if also else "")
        try:
            answer: dict[str, Any] = self.client.update_item(
                TableName=self.table,
                Key=item_key(keys.seek_pk(seek_id), keys.SEEK_SK),
                UpdateExpression=f"{update} REMOVE {keys.GSI2_PK}, {keys.GSI2_SK}",
                ConditionExpression="#s = :open" + condition,
                ExpressionAttributeNames={"#s": "status"},
                ExpressionAttributeValues=to_item(
                    {":s": status, ":open": "open", **values, **condition_values}
                ),
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            raise_conflict(exc)
            raise  # pragma: no cover - raise_conflict always raises
        return answer

    def list_open_seeks(self, now: float, limit: int, cursor: str | None) -> tuple[list[Seek], str | None]:
        """Open unexpired seeks, newest first: queried until the page has one more than ``limit`` (expired
        ones are filtered out), so a page is full unless the list ends; the cursor is its last seek's key."""
        query: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": keys.GSI2,
            "KeyConditionExpression": "gsi2pk = :p AND gsi2sk > :oldest",
            "FilterExpression": "expires > :now",
            "ExpressionAttributeValues": to_item(
                {":p": keys.SEEKS, ":oldest": iso(now - MAX_SEEK_SECONDS), ":now": int(now)}
            ),
            "ScanIndexForward": False,
            "Limit": limit + 1,
        }
        if cursor:
            start = decode_cursor(cursor, OPEN_CURSOR_NAMES)
            if from_item(start)[keys.GSI2_PK] != keys.SEEKS:
                raise InvalidCursor("the cursor is not one this service returned")
            query["ExclusiveStartKey"] = start
        found: list[dict[str, Any]] = []
        while len(found) <= limit:
            page = self.client.query(**query)
            found.extend(page.get("Items", []))
            if "LastEvaluatedKey" not in page:
                break
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]
        seeks = [_seek(from_item(item)) for item in found[:limit]]
        if len(found) <= limit or not seeks:
            return seeks, None
        last = found[limit - 1]
        return seeks, encode_cursor({name: last[name] for name in OPEN_CURSOR_NAMES})

    def list_player_seeks(self, player_id: str, now: float) -> list[Seek]:
        page = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk AND sk BETWEEN :oldest AND :newest",
            ExpressionAttributeValues=to_item(
                {
                    ":pk": keys.player_pk(player_id),
                    ":oldest": keys.player_seek_sk(iso(now - MAX_SEEK_SECONDS), ""),
                    ":newest": keys.PLAYER_SEEK_PREFIX + "~",  # after every ISO stamp
                }
            ),
            ScanIndexForward=False,
        )
        ids = [from_item(item)["seek_id"] for item in page.get("Items", [])]
        if not ids:
            return []
        items = batch_get(
            self.client,
            self.table,
            [item_key(keys.seek_pk(i), keys.SEEK_SK) for i in ids],
            True,
            self.backoff,
        )
        seeks = {seek.id: seek for seek in (_seek(from_item(item)) for item in items)}
        return [seeks[i] for i in ids if i in seeks and seeks[i].is_open(now)]


def _seek_item(seek: Seek) -> dict[str, Any]:
    item: dict[str, Any] = {
        keys.PK: keys.seek_pk(seek.id),
        keys.SK: keys.SEEK_SK,
        "type": "seek",
        "id": seek.id,
        "player_id": seek.player_id,
        "name": seek.name,
        "game": seek.game,
        "preset": seek.preset,
        "move_seconds": seek.move_seconds,
        "rated": seek.rated,
        "created_at": seek.created_at,
        "expires": seek.expires_at,  # not ``expires_at``: that is the table's TTL attribute
        "status": seek.status,
        keys.TTL_ATTRIBUTE: seek.expires_at + KEPT_SECONDS,
    }
    if seek.target is not None:
        item["target"] = seek.target
    if seek.match_id is not None:
        item["match_id"] = seek.match_id
    if seek.taken_by is not None:
        item["taken_by"] = seek.taken_by
    if seek.origin:
        item["origin"] = json.dumps(seek.origin, separators=(",", ":"))
    if seek.status == "open":
        item[keys.GSI2_PK] = keys.SEEKS
        item[keys.GSI2_SK] = keys.created_sk(seek.created_at, seek.id)
    return to_item(item)


def _seek(item: dict[str, Any]) -> Seek:
    return Seek(
        id=item["id"],
        player_id=item["player_id"],
        name=item["name"],
        game=item["game"],
        preset=item["preset"],
        target=int(item["target"]) if "target" in item else None,
        move_seconds=int(item["move_seconds"]),
        rated=bool(item["rated"]),
        created_at=item["created_at"],
        expires_at=int(item["expires"]),
        status=item["status"],
        match_id=item.get("match_id"),
        taken_by=item.get("taken_by"),
        origin=json.loads(item["origin"]) if "origin" in item else None,
    )
