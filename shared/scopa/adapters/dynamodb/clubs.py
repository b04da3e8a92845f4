"""Clubs on the single table: the club, its members (with their mirror items) and join requests."""

from __future__ import annotations

from typing import Any, cast

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    from_item,
    item_key,
    raise_conflict,
    to_item,
    transact,
)
from scopa.adapters.dynamodb.table import DynamoTable
from scopa.application.ports.clubs import Club, ClubEdit, ClubRole, JoinRequest, JoinStatus, Member


class DynamoClubs(DynamoTable):
    """The clubs part of the repository (:class:`~scopa.application.ports.clubs.ClubRepository`)."""

    def create_club(self, club: Club, founder: Member | None) -> None:
        item = {
            keys.PK: keys.club_pk(club.id),
            keys.SK: keys.CLUB_SK,
            "type": "club",
            "id": club.id,
            "name": club.name,
            "description": club.description,
            "open": club.open,
            "created_by": club.created_by,
            "created_at": club.created_at,
            "version": club.version,
        }
        pointer = {
            keys.PK: keys.CLUBS,
            keys.SK: keys.created_sk(club.created_at, club.id),
            "type": "club_pointer",
            "club_id": club.id,
        }
        transact(
            self.client,
            [
                self._put(item, "attribute_not_exists(pk)"),
                self._put(pointer),
                *(self._member_puts(club.id, founder) if founder else []),
            ],
        )

    def get_club(self, club_id: str) -> Club | None:
        # Consistent: the club page shows the version its edit form sends back, so a read just after an
        # edit must see that edit (else the organizer's next save would be refused as stale).
        item = self._get(keys.club_pk(club_id), keys.CLUB_SK, consistent=True)
        return _club(item) if item else None

    def update_club(self, club_id: str, edit: ClubEdit, expected_version: int | None = None) -> Club:
        """One UpdateItem that sets only the edited attributes and adds one to ``version``, conditioned on
        the item existing (and on its version: an item from before versions has none, which is 0)."""
        names = {"#v": "version"}
        values: dict[str, Any] = {":one": 1}
        sets = []
        for attribute, value in (("name", edit.name), ("description", edit.description), ("open", edit.open)):
            if value is not None:
                names[f"#{attribute}"] = attribute
                values[f":{attribute}"] = value
                sets.append(f"#{attribute} = :{attribute}")
        condition = "attribute_exists(pk)"
        if expected_version is not None:
            values[":expected"] = expected_version
            same = "#v = :expected OR attribute_not_exists(#v)" if expected_version == 0 else "#v = :expected"
            condition += f" AND ({same})"
        update = (f"SET {', '.join(sets)} " if sets else "") + "ADD #v :one"
        try:
            answer = self.client.update_item(
                TableName=self.table,
                Key=item_key(keys.club_pk(club_id), keys.CLUB_SK),
                UpdateExpression=update,
                ConditionExpression=condition,
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=to_item(values),
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            raise_conflict(exc)
        return _club(from_item(answer["Attributes"]))

    def list_clubs(self, limit: int, cursor: str | None) -> tuple[list[Club], str | None]:
        items, nxt = self._query(keys.CLUBS, None, limit, cursor, forward=False)
        ids = [i["club_id"] for i in items]
        found = self._batch_get([(keys.club_pk(i), keys.CLUB_SK) for i in ids])
        return [
            _club(found[(keys.club_pk(i), keys.CLUB_SK)])
            for i in ids
            if (keys.club_pk(i), keys.CLUB_SK) in found
        ], nxt

    def get_member(self, club_id: str, player_id: str) -> Member | None:
        item = self._get(keys.club_pk(club_id), keys.member_sk(player_id))
        return _member(item) if item else None

    def put_member(self, club_id: str, member: Member) -> None:
        check = {
            "ConditionCheck": {
                "TableName": self.table,
                "Key": item_key(keys.club_pk(club_id), keys.CLUB_SK),
                "ConditionExpression": "attribute_exists(pk)",
            }
        }
        transact(self.client, [check, *self._member_puts(club_id, member)])

    def _member_puts(self, club_id: str, member: Member) -> list[dict[str, Any]]:
        item = {
            keys.PK: keys.club_pk(club_id),
            keys.SK: keys.member_sk(member.player_id),
            "type": "member",
            "player_id": member.player_id,
            "name": member.name,
            "role": member.role,
            "joined_at": member.joined_at,
        }
        mirror = {
            keys.PK: keys.player_pk(member.player_id),
            keys.SK: keys.player_club_sk(club_id),
            "type": "player_club",
            "club_id": club_id,
            "role": member.role,
        }
        return [self._put(item), self._put(mirror)]

    def remove_member(self, club_id: str, player_id: str) -> None:
        transact(
            self.client,
            [
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": item_key(keys.club_pk(club_id), keys.member_sk(player_id)),
                        "ConditionExpression": "attribute_exists(pk)",
                    }
                },
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": item_key(keys.player_pk(player_id), keys.player_club_sk(club_id)),
                    }
                },
            ],
        )

    def list_members(self, club_id: str, limit: int, cursor: str | None) -> tuple[list[Member], str | None]:
        items, nxt = self._query(keys.club_pk(club_id), keys.MEMBER_PREFIX, limit, cursor)
        return [_member(i) for i in items], nxt

    def put_join_request(self, club_id: str, request: JoinRequest) -> None:
        check = {
            "ConditionCheck": {
                "TableName": self.table,
                "Key": item_key(keys.club_pk(club_id), keys.CLUB_SK),
                "ConditionExpression": "attribute_exists(pk)",
            }
        }
        transact(self.client, [check, self._put(_join_request_item(club_id, request))])

    def refuse_join_request(self, club_id: str, request: JoinRequest) -> None:
        put = self._put(_join_request_item(club_id, request), "#st = :pending")
        put["Put"]["ExpressionAttributeNames"] = {"#st": "status"}
        put["Put"]["ExpressionAttributeValues"] = to_item({":pending": "pending"})
        try:
            self.client.put_item(
                **put["Put"]
            )  # one item: a conditional put, not a transaction (half the WCU)
        except ClientError as exc:
            raise_conflict(exc)

    def get_join_request(self, club_id: str, player_id: str) -> JoinRequest | None:
        item = self._get(keys.club_pk(club_id), keys.join_request_sk(player_id), consistent=True)
        return _join_request(item) if item else None

    def approve_join_request(self, club_id: str, member: Member) -> None:
        delete = {
            "Delete": {
                "TableName": self.table,
                "Key": item_key(keys.club_pk(club_id), keys.join_request_sk(member.player_id)),
                "ConditionExpression": "#st = :pending",
                "ExpressionAttributeNames": {"#st": "status"},
                "ExpressionAttributeValues": to_item({":pending": "pending"}),
            }
        }
        member_put, mirror = self._member_puts(club_id, member)
        member_put["Put"]["ConditionExpression"] = "attribute_not_exists(pk)"  # never over a membership
        transact(self.client, [delete, member_put, mirror])

    def list_join_requests(
        self, club_id: str, limit: int, cursor: str | None
    ) -> tuple[list[JoinRequest], str | None]:
        items, nxt = self._query(keys.club_pk(club_id), keys.JOIN_PREFIX, limit, cursor)
        return [_join_request(i) for i in items], nxt


def _club(item: dict[str, Any]) -> Club:
    return Club(
        id=item["id"],
        name=item["name"],
        description=item["description"],
        open=item["open"],
        created_by=item["created_by"],
        created_at=item["created_at"],
        version=item.get("version", 0),  # none on an item from before versions
    )


def _member(item: dict[str, Any]) -> Member:
    return Member(
        player_id=item["player_id"],
        name=item["name"],
        role=cast(ClubRole, item["role"]),
        joined_at=item["joined_at"],
    )


def _join_request_item(club_id: str, request: JoinRequest) -> dict[str, Any]:
    item = {
        keys.PK: keys.club_pk(club_id),
        keys.SK: keys.join_request_sk(request.player_id),
        "type": "join_request",
        "player_id": request.player_id,
        "name": request.name,
        "requested_at": request.requested_at,
        "status": request.status,
    }
    if request.decided_by is not None:
        item["decided_by"] = request.decided_by
    if request.decided_at is not None:
        item["decided_at"] = request.decided_at
    return item


def _join_request(item: dict[str, Any]) -> JoinRequest:
    return JoinRequest(
        player_id=item["player_id"],
        name=item["name"],
        requested_at=item["requested_at"],
        status=cast(JoinStatus, item["status"]),
        decided_by=item.get("decided_by"),
        decided_at=item.get("decided_at"),
    )
