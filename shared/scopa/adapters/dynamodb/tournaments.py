"""Clubs and tournaments on the single DynamoDB table (keys in :mod:`scopa.adapters.dynamodb.keys`).

A tournament's item, entries and rounds share one partition, so :meth:`load` is one query. Rounds are
created by a transaction that also moves the tournament's ``current_round`` on, conditioned on the round
before: two pipeline runs racing for the same round cannot both win. Items are built as plain dicts and
typed on the way out (:func:`~scopa.adapters.dynamodb.codec.to_item`); what comes back is read through
``from_item``.
"""

from __future__ import annotations

import json
import secrets
from typing import Any, cast

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    DEFAULT_BACKOFF,
    Backoff,
    as_json,
    batch_get,
    decode_cursor,
    encode_cursor,
    from_item,
    item_key,
    put_if_version,
    raise_conflict,
    to_item,
    transact,
)
from scopa.application.ports.clubs import Club, ClubEdit, ClubRole, JoinRequest, JoinStatus, Member
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.tournaments import TournamentBundle
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    RoundRecord,
    TableRecord,
    TournamentRecord,
    TournamentStatus,
)

TOURNAMENT_INDEX_NAMES = frozenset({keys.PK, keys.SK, keys.GSI1_PK, keys.GSI1_SK})


class DynamoTournamentRepository:
    """:class:`~scopa.application.ports.tournaments.TournamentRepository` through the low-level client."""

    def __init__(self, client: Any, table_name: str, backoff: Backoff = DEFAULT_BACKOFF) -> None:
        self.client = client
        self.table = table_name
        self.backoff = backoff  # paces the retries of unprocessed batch reads

    # ------------------------------------------------------------------ clubs

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

    # ------------------------------------------------------------------ tournaments

    def create_tournament(self, tournament: TournamentRecord, audit: AuditEntry) -> None:
        items = [
            self._put(self._tournament_item(tournament), "attribute_not_exists(pk)"),
            self._put(self._audit_item(tournament.id, audit)),
            self._put(
                {
                    keys.PK: keys.TOURNAMENTS,
                    keys.SK: keys.created_sk(tournament.created_at, tournament.id),
                    "type": "tournament_pointer",
                    "tournament_id": tournament.id,
                }
            ),
        ]
        if tournament.club_id:
            items.append(
                self._put(
                    {
                        keys.PK: keys.club_pk(tournament.club_id),
                        keys.SK: keys.club_tournament_sk(tournament.created_at, tournament.id),
                        "type": "club_tournament",
                        "tournament_id": tournament.id,
                    }
                )
            )
        transact(self.client, items)

    def get_tournament(self, tournament_id: str) -> TournamentRecord | None:
        item = self._get(keys.tournament_pk(tournament_id), keys.TOURNAMENT_SK, consistent=True)
        return _tournament(item) if item else None

    def load(self, tournament_id: str) -> TournamentBundle | None:
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND sk >= :from",
            "ExpressionAttributeValues": to_item(
                {":pk": keys.tournament_pk(tournament_id), ":from": keys.ENTRY_PREFIX}
            ),
            "ConsistentRead": True,
        }
        tournament = None
        entries: list[EntryRecord] = []
        rounds: list[RoundRecord] = []
        while True:
            page = self.client.query(**query)
            for item in map(from_item, page.get("Items", [])):
                kind = item["type"]
                if kind == "tournament":
                    tournament = _tournament(item)
                elif kind == "entry":
                    entries.append(_entry(item))
                elif kind == "round":
                    rounds.append(_round(item))
            if "LastEvaluatedKey" not in page:
                break
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]
        if tournament is None:
            return None
        rounds.sort(key=lambda r: r.number)
        return TournamentBundle(tournament, entries, rounds)

    def save_tournament(self, tournament: TournamentRecord, expected_version: int) -> None:
        put_if_version(self.client, self.table, to_item(self._tournament_item(tournament)), expected_version)

    def list_tournaments(
        self, status: str | None, club_id: str | None, limit: int, cursor: str | None
    ) -> tuple[list[TournamentRecord], str | None]:
        if club_id is not None:
            items, nxt = self._query(
                keys.club_pk(club_id), keys.CLUB_TOURNAMENT_PREFIX, limit, cursor, forward=False
            )
            ids = [i["tournament_id"] for i in items]
        elif status is not None:
            query: dict[str, Any] = {
                "TableName": self.table,
                "IndexName": keys.GSI1,
                "KeyConditionExpression": "gsi1pk = :pk",
                "ExpressionAttributeValues": to_item({":pk": keys.tournaments_by_status(status)}),
                "ScanIndexForward": False,
                "Limit": limit,
            }
            if cursor:
                start = decode_cursor(cursor, TOURNAMENT_INDEX_NAMES)
                if from_item(start)[keys.GSI1_PK] != keys.tournaments_by_status(status):
                    raise_invalid()
                query["ExclusiveStartKey"] = start
            page = self.client.query(**query)
            ids = [from_item(i)[keys.PK].removeprefix("TOURNAMENT#") for i in page.get("Items", [])]
            last = page.get("LastEvaluatedKey")
            nxt = encode_cursor(last) if last else None
        else:
            items, nxt = self._query(keys.TOURNAMENTS, None, limit, cursor, forward=False)
            ids = [i["tournament_id"] for i in items]
        found = self._batch_get([(keys.tournament_pk(i), keys.TOURNAMENT_SK) for i in ids])
        out = [
            _tournament(found[k]) for i in ids if (k := (keys.tournament_pk(i), keys.TOURNAMENT_SK)) in found
        ]
        if status is not None:
            out = [t for t in out if t.status == status]
        return out, nxt

    def tournament_ids_with_status(self, status: str) -> list[str]:
        query: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": keys.GSI1,
            "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": to_item({":pk": keys.tournaments_by_status(status)}),
        }
        ids: list[str] = []
        while True:
            page = self.client.query(**query)
            ids.extend(from_item(i)[keys.PK].removeprefix("TOURNAMENT#") for i in page.get("Items", []))
            if "LastEvaluatedKey" not in page:
                return ids
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def _tournament_item(self, t: TournamentRecord) -> dict[str, Any]:
        item: dict[str, Any] = {
            keys.PK: keys.tournament_pk(t.id),
            keys.SK: keys.TOURNAMENT_SK,
            keys.GSI1_PK: keys.tournaments_by_status(t.status),
            keys.GSI1_SK: keys.created_sk(t.created_at, t.id),
            "type": "tournament",
            "id": t.id,
            "name": t.name,
            "created_by": t.created_by,
            "created_at": t.created_at,
            "updated_at": t.updated_at,
            "settings": as_json(t.settings),
            "status": t.status,
            "version": t.version,
            "paused": t.paused,
            "current_round": t.current_round,
            "entries": t.entries,
            "lot_seed": t.lot_seed,
            "deal_seed": t.deal_seed,
        }
        if t.club_id:
            item["club_id"] = t.club_id
        if t.rounds_planned is not None:
            item["rounds_planned"] = t.rounds_planned
        if t.override is not None:
            item["override"] = as_json(t.override)
        if t.started_at:
            item["started_at"] = t.started_at
        if t.finished_at:
            item["finished_at"] = t.finished_at
        if t.origin:
            item["origin"] = as_json(t.origin)
        return item

    # ------------------------------------------------------------------ entries

    def add_entry(
        self,
        tournament_id: str,
        entry: EntryRecord,
        cap: int,
        statuses: tuple[str, ...],
        before_round: int | None = None,
    ) -> None:
        names: dict[str, Any] = {f":s{i}": st for i, st in enumerate(statuses)}
        condition = f"entries < :cap AND #st IN ({', '.join(names)})"
        if before_round is not None:
            condition += " AND current_round < :joined"
            names[":joined"] = before_round
        items = [
            {
                "Update": {
                    "TableName": self.table,
                    "Key": item_key(keys.tournament_pk(tournament_id), keys.TOURNAMENT_SK),
                    "UpdateExpression": "SET entries = entries + :one, version = version + :one",
                    "ConditionExpression": condition,
                    "ExpressionAttributeNames": {"#st": "status"},
                    "ExpressionAttributeValues": to_item({":one": 1, ":cap": cap, **names}),
                }
            },
            self._put(self._entry_item(tournament_id, entry), "attribute_not_exists(pk)"),
        ]
        for player_id in entry.players:
            items.append(
                self._put(
                    {
                        keys.PK: keys.player_pk(player_id),
                        keys.SK: keys.player_tournament_sk(tournament_id),
                        "type": "player_tournament",
                        "entrant_id": entry.id,
                    },
                    "attribute_not_exists(pk)",
                )
            )
        transact(self.client, items)

    def remove_entry(self, tournament_id: str, entry: EntryRecord) -> None:
        items: list[dict[str, Any]] = [
            {
                "Update": {
                    "TableName": self.table,
                    "Key": item_key(keys.tournament_pk(tournament_id), keys.TOURNAMENT_SK),
                    "UpdateExpression": "SET entries = entries - :one, version = version + :one",
                    "ConditionExpression": "#st IN (:draft, :registration)",
                    "ExpressionAttributeNames": {"#st": "status"},
                    "ExpressionAttributeValues": to_item(
                        {":one": 1, ":draft": "draft", ":registration": "registration"}
                    ),
                }
            },
            {
                "Delete": {
                    "TableName": self.table,
                    "Key": item_key(keys.tournament_pk(tournament_id), keys.entry_sk(entry.id)),
                    "ConditionExpression": _entry_at(entry.version),
                    "ExpressionAttributeValues": to_item({":v": entry.version}),
                }
            },
        ]
        for player_id in entry.players:
            items.append(
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": item_key(keys.player_pk(player_id), keys.player_tournament_sk(tournament_id)),
                    }
                }
            )
        transact(self.client, items)

    def save_entry(
        self, tournament_id: str, entry: EntryRecord, expected_version: int, before_round: int | None = None
    ) -> None:
        put = self._put(self._entry_item(tournament_id, entry), _entry_at(expected_version))
        put["Put"]["ExpressionAttributeValues"] = to_item({":v": expected_version})
        if before_round is None:
            try:
                self.client.put_item(**put["Put"])
            except ClientError as exc:
                raise_conflict(exc)
            return
        marker = {
            "Update": {
                "TableName": self.table,
                "Key": item_key(keys.tournament_pk(tournament_id), keys.TOURNAMENT_SK),
                "UpdateExpression": "SET version = version + :one",
                "ConditionExpression": "current_round < :round",
                "ExpressionAttributeValues": to_item({":one": 1, ":round": before_round}),
            }
        }
        transact(self.client, [put, marker])

    def player_entry(self, tournament_id: str, player_id: str) -> str | None:
        item = self._get(keys.player_pk(player_id), keys.player_tournament_sk(tournament_id), consistent=True)
        return item["entrant_id"] if item else None

    def _entry_item(self, tournament_id: str, e: EntryRecord) -> dict[str, Any]:
        item = {
            keys.PK: keys.tournament_pk(tournament_id),
            keys.SK: keys.entry_sk(e.id),
            "type": "entry",
            "id": e.id,
            "name": e.name,
            "players": as_json(e.players),
            "rating": repr(float(e.rating)),
            "created_at": e.created_at,
            "entered_by": e.entered_by,
            "status": e.status,
            "joined_round": e.joined_round,
            "version": e.version,
        }
        if e.origin:
            item["origin"] = as_json(e.origin)
        if e.rating_fixed:
            item["rating_fixed"] = True
        if e.checked_in_at is not None:
            item["checked_in_at"] = e.checked_in_at
        if e.requested_byes:
            item["requested_byes"] = as_json(e.requested_byes)
        if e.paused:
            item["paused"] = True
        if e.back_after_wave:
            item["back_after_wave"] = e.back_after_wave
        return item

    # ------------------------------------------------------------------ rounds

    def create_round(self, tournament_id: str, rnd: RoundRecord, expected_version: int | None = None) -> None:
        condition = "current_round = :prev AND #st = :running AND paused = :no"
        values: dict[str, Any] = {
            ":n": rnd.number,
            ":prev": rnd.number - 1,
            ":one": 1,
            ":running": "running",
            ":no": False,
        }
        if expected_version is not None:
            condition += " AND version = :v"
            values[":v"] = expected_version
        transact(
            self.client,
            [
                self._put(self._round_item(tournament_id, rnd), "attribute_not_exists(pk)"),
                {
                    "Update": {
                        "TableName": self.table,
                        "Key": item_key(keys.tournament_pk(tournament_id), keys.TOURNAMENT_SK),
                        "UpdateExpression": (
                            "SET current_round = :n, version = version + :one REMOVE #override"
                        ),
                        "ConditionExpression": condition,
                        "ExpressionAttributeNames": {"#st": "status", "#override": "override"},
                        "ExpressionAttributeValues": to_item(values),
                    }
                },
            ],
        )

    def get_round(self, tournament_id: str, number: int) -> RoundRecord | None:
        item = self._get(keys.tournament_pk(tournament_id), keys.round_sk(number), consistent=True)
        return _round(item) if item else None

    def save_round(
        self, tournament_id: str, rnd: RoundRecord, expected_version: int, audit: AuditEntry | None = None
    ) -> None:
        put = self._put(self._round_item(tournament_id, rnd), "version = :v")
        put["Put"]["ExpressionAttributeValues"] = to_item({":v": expected_version})
        items = [put]
        if audit is not None:
            items.append(self._put(self._audit_item(tournament_id, audit), "attribute_not_exists(pk)"))
        transact(self.client, items)

    def _round_item(self, tournament_id: str, r: RoundRecord) -> dict[str, Any]:
        item: dict[str, Any] = {
            keys.PK: keys.tournament_pk(tournament_id),
            keys.SK: keys.round_sk(r.number),
            "type": "round",
            "number": r.number,
            "tables": as_json([t.to_json() for t in r.tables]),
            "byes": as_json(r.byes),
            "created_at": r.created_at,
            "status": r.status,
            "version": r.version,
            "matches_created": r.matches_created,
            "manual": r.manual,
        }
        if r.deadline is not None:
            item["deadline"] = r.deadline
        if r.closed_at:
            item["closed_at"] = r.closed_at
        if r.slots is not None:
            item["slots"] = as_json(r.slots)
        if r.requested_byes:
            item["requested_byes"] = as_json(r.requested_byes)
        return item

    # ------------------------------------------------------------------ audit

    def add_audit(self, tournament_id: str, entry: AuditEntry) -> None:
        self.client.put_item(TableName=self.table, Item=to_item(self._audit_item(tournament_id, entry)))

    def list_audit(
        self, tournament_id: str, limit: int, cursor: str | None
    ) -> tuple[list[AuditEntry], str | None]:
        items, nxt = self._query(keys.tournament_pk(tournament_id), keys.AUDIT_PREFIX, limit, cursor)
        return [AuditEntry(i["at"], i["actor"], i["action"], json.loads(i["details"])) for i in items], nxt

    def _audit_item(self, tournament_id: str, a: AuditEntry) -> dict[str, Any]:
        return {
            keys.PK: keys.tournament_pk(tournament_id),
            keys.SK: keys.audit_sk(a.at, secrets.token_hex(4)),
            "type": "audit",
            "at": a.at,
            "actor": a.actor,
            "action": a.action,
            "details": as_json(a.details),
        }

    # ------------------------------------------------------------------ helpers

    def _put(self, item: dict[str, Any], condition: str | None = None) -> dict[str, Any]:
        """A transaction's ``Put`` of the plain ``item``."""
        put: dict[str, Any] = {"TableName": self.table, "Item": to_item(item)}
        if condition:
            put["ConditionExpression"] = condition
        return {"Put": put}

    def _get(self, pk: str, sk: str, consistent: bool = False) -> dict[str, Any] | None:
        """The plain item at ``pk``/``sk``, or None."""
        item = self.client.get_item(
            TableName=self.table, Key=item_key(pk, sk), ConsistentRead=consistent
        ).get("Item")
        return from_item(item) if item else None

    def _query(
        self, pk: str, prefix: str | None, limit: int, cursor: str | None, forward: bool = True
    ) -> tuple[list[dict[str, Any]], str | None]:
        """One page of plain items of ``pk`` (sort keys starting with ``prefix``), and the next cursor."""
        values: dict[str, Any] = {":pk": pk}
        condition = "pk = :pk"
        if prefix:
            condition += " AND begins_with(sk, :prefix)"
            values[":prefix"] = prefix
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": condition,
            "ExpressionAttributeValues": to_item(values),
            "ScanIndexForward": forward,
            "Limit": limit,
        }
        if cursor:
            start = decode_cursor(cursor)
            at = from_item(start)
            if at[keys.PK] != pk or (prefix and not at[keys.SK].startswith(prefix)):
                raise_invalid()
            query["ExclusiveStartKey"] = start
        page = self.client.query(**query)
        last = page.get("LastEvaluatedKey")
        return [from_item(i) for i in page.get("Items", [])], encode_cursor(last) if last else None

    def _batch_get(self, wanted: list[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
        items = batch_get(
            self.client, self.table, [item_key(pk, sk) for pk, sk in wanted], backoff=self.backoff
        )
        return {(item[keys.PK], item[keys.SK]): item for item in map(from_item, items)}


def _entry_at(version: int) -> str:
    """The condition that an entry item exists at ``version`` (``:v``); an item written before entries
    had versions has none, and is version 0."""
    if version == 0:
        return "attribute_exists(pk) AND (attribute_not_exists(version) OR version = :v)"
    return "version = :v"


def raise_invalid() -> None:
    raise InvalidCursor("the cursor is not one this service returned")


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


def _tournament(item: dict[str, Any]) -> TournamentRecord:
    def opt(name: str) -> str | None:
        value: str | None = item.get(name)
        return value

    override = item.get("override")
    planned = item.get("rounds_planned")
    return TournamentRecord(
        id=item["id"],
        name=item["name"],
        club_id=opt("club_id"),
        created_by=item["created_by"],
        created_at=item["created_at"],
        updated_at=item["updated_at"],
        settings=json.loads(item["settings"]),
        status=cast(TournamentStatus, item["status"]),
        version=int(item["version"]),
        paused=item["paused"],
        current_round=int(item["current_round"]),
        rounds_planned=int(planned) if planned is not None else None,
        entries=int(item["entries"]),
        lot_seed=item["lot_seed"],
        deal_seed=item["deal_seed"],
        override=json.loads(override) if override is not None else None,
        started_at=opt("started_at"),
        finished_at=opt("finished_at"),
        origin=json.loads(item["origin"]) if "origin" in item else None,
    )


def _entry(item: dict[str, Any]) -> EntryRecord:
    return EntryRecord(
        id=item["id"],
        name=item["name"],
        players=json.loads(item["players"]),
        rating=float(item["rating"]),
        created_at=item["created_at"],
        entered_by=item["entered_by"],
        status=cast(Any, item["status"]),
        joined_round=int(item["joined_round"]),
        origin=json.loads(item["origin"]) if "origin" in item else None,
        rating_fixed=bool(item.get("rating_fixed", False)),
        checked_in_at=item.get("checked_in_at"),
        requested_byes=json.loads(item["requested_byes"]) if "requested_byes" in item else [],
        paused=bool(item.get("paused", False)),
        back_after_wave=int(item.get("back_after_wave", 0)),
        version=int(item.get("version", 0)),
    )


def _round(item: dict[str, Any]) -> RoundRecord:
    deadline = item.get("deadline")
    slots = item.get("slots")
    return RoundRecord(
        number=int(item["number"]),
        tables=[TableRecord.from_json(t) for t in json.loads(item["tables"])],
        byes=json.loads(item["byes"]),
        created_at=item["created_at"],
        status=cast(Any, item["status"]),
        version=int(item["version"]),
        matches_created=item["matches_created"],
        deadline=int(deadline) if deadline is not None else None,
        closed_at=item.get("closed_at"),
        manual=item["manual"],
        slots=json.loads(slots) if slots is not None else None,
        requested_byes=json.loads(item["requested_byes"]) if "requested_byes" in item else [],
    )
