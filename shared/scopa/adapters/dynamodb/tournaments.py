"""Clubs and tournaments on the single DynamoDB table (keys in :mod:`scopa.adapters.dynamodb.keys`).

A tournament's item, entries and rounds share one partition, so :meth:`load` is one query. Rounds are
created by a transaction that also moves the tournament's ``current_round`` on, conditioned on the round
before: two pipeline runs racing for the same round cannot both win.
"""

from __future__ import annotations

import json
import secrets
from typing import Any, cast

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    InvalidCursor,
    batch_get,
    decode_cursor,
    dumps,
    encode_cursor,
    n,
    put_if_version,
    raise_conflict,
    s,
    transact,
)
from scopa.application.ports.clubs import Club, ClubRole, Member
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

    def __init__(self, client: Any, table_name: str) -> None:
        self.client = client
        self.table = table_name

    # ------------------------------------------------------------------ clubs

    def create_club(self, club: Club, founder: Member | None) -> None:
        item = {
            keys.PK: s(keys.club_pk(club.id)),
            keys.SK: s(keys.CLUB_SK),
            "type": s("club"),
            "id": s(club.id),
            "name": s(club.name),
            "description": s(club.description),
            "open": {"BOOL": club.open},
            "created_by": s(club.created_by),
            "created_at": s(club.created_at),
        }
        pointer = {
            keys.PK: s(keys.CLUBS),
            keys.SK: s(keys.created_sk(club.created_at, club.id)),
            "type": s("club_pointer"),
            "club_id": s(club.id),
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
        item = self._get(keys.club_pk(club_id), keys.CLUB_SK)
        return _club(item) if item else None

    def list_clubs(self, limit: int, cursor: str | None) -> tuple[list[Club], str | None]:
        items, nxt = self._query(keys.CLUBS, None, limit, cursor, forward=False)
        ids = [i["club_id"]["S"] for i in items]
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
                "Key": _key(keys.club_pk(club_id), keys.CLUB_SK),
                "ConditionExpression": "attribute_exists(pk)",
            }
        }
        transact(self.client, [check, *self._member_puts(club_id, member)])

    def _member_puts(self, club_id: str, member: Member) -> list[dict[str, Any]]:
        item = {
            keys.PK: s(keys.club_pk(club_id)),
            keys.SK: s(keys.member_sk(member.player_id)),
            "type": s("member"),
            "player_id": s(member.player_id),
            "name": s(member.name),
            "role": s(member.role),
            "joined_at": s(member.joined_at),
        }
        mirror = {
            keys.PK: s(keys.player_pk(member.player_id)),
            keys.SK: s(keys.player_club_sk(club_id)),
            "type": s("player_club"),
            "club_id": s(club_id),
            "role": s(member.role),
        }
        return [self._put(item), self._put(mirror)]

    def remove_member(self, club_id: str, player_id: str) -> None:
        transact(
            self.client,
            [
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": _key(keys.club_pk(club_id), keys.member_sk(player_id)),
                        "ConditionExpression": "attribute_exists(pk)",
                    }
                },
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": _key(keys.player_pk(player_id), keys.player_club_sk(club_id)),
                    }
                },
            ],
        )

    def list_members(self, club_id: str, limit: int, cursor: str | None) -> tuple[list[Member], str | None]:
        items, nxt = self._query(keys.club_pk(club_id), keys.MEMBER_PREFIX, limit, cursor)
        return [_member(i) for i in items], nxt

    # ------------------------------------------------------------------ tournaments

    def create_tournament(self, tournament: TournamentRecord, audit: AuditEntry) -> None:
        items = [
            self._put(self._tournament_item(tournament), "attribute_not_exists(pk)"),
            self._put(self._audit_item(tournament.id, audit)),
            self._put(
                {
                    keys.PK: s(keys.TOURNAMENTS),
                    keys.SK: s(keys.created_sk(tournament.created_at, tournament.id)),
                    "type": s("tournament_pointer"),
                    "tournament_id": s(tournament.id),
                }
            ),
        ]
        if tournament.club_id:
            items.append(
                self._put(
                    {
                        keys.PK: s(keys.club_pk(tournament.club_id)),
                        keys.SK: s(keys.club_tournament_sk(tournament.created_at, tournament.id)),
                        "type": s("club_tournament"),
                        "tournament_id": s(tournament.id),
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
            "ExpressionAttributeValues": {
                ":pk": s(keys.tournament_pk(tournament_id)),
                ":from": s(keys.ENTRY_PREFIX),
            },
            "ConsistentRead": True,
        }
        tournament = None
        entries: list[EntryRecord] = []
        rounds: list[RoundRecord] = []
        while True:
            page = self.client.query(**query)
            for item in page.get("Items", []):
                kind = item["type"]["S"]
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
        put_if_version(self.client, self.table, self._tournament_item(tournament), expected_version)

    def list_tournaments(
        self, status: str | None, club_id: str | None, limit: int, cursor: str | None
    ) -> tuple[list[TournamentRecord], str | None]:
        if club_id is not None:
            items, nxt = self._query(
                keys.club_pk(club_id), keys.CLUB_TOURNAMENT_PREFIX, limit, cursor, forward=False
            )
            ids = [i["tournament_id"]["S"] for i in items]
        elif status is not None:
            query: dict[str, Any] = {
                "TableName": self.table,
                "IndexName": keys.GSI1,
                "KeyConditionExpression": "gsi1pk = :pk",
                "ExpressionAttributeValues": {":pk": s(keys.tournaments_by_status(status))},
                "ScanIndexForward": False,
                "Limit": limit,
            }
            if cursor:
                start = decode_cursor(cursor, TOURNAMENT_INDEX_NAMES)
                if start[keys.GSI1_PK]["S"] != keys.tournaments_by_status(status):
                    raise_invalid()
                query["ExclusiveStartKey"] = start
            page = self.client.query(**query)
            ids = [i[keys.PK]["S"].removeprefix("TOURNAMENT#") for i in page.get("Items", [])]
            last = page.get("LastEvaluatedKey")
            nxt = encode_cursor(last) if last else None
        else:
            items, nxt = self._query(keys.TOURNAMENTS, None, limit, cursor, forward=False)
            ids = [i["tournament_id"]["S"] for i in items]
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
            "ExpressionAttributeValues": {":pk": s(keys.tournaments_by_status(status))},
        }
        ids: list[str] = []
        while True:
            page = self.client.query(**query)
            ids.extend(i[keys.PK]["S"].removeprefix("TOURNAMENT#") for i in page.get("Items", []))
            if "LastEvaluatedKey" not in page:
                return ids
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def _tournament_item(self, t: TournamentRecord) -> dict[str, Any]:
        item: dict[str, Any] = {
            keys.PK: s(keys.tournament_pk(t.id)),
            keys.SK: s(keys.TOURNAMENT_SK),
            keys.GSI1_PK: s(keys.tournaments_by_status(t.status)),
            keys.GSI1_SK: s(keys.created_sk(t.created_at, t.id)),
            "type": s("tournament"),
            "id": s(t.id),
            "name": s(t.name),
            "created_by": s(t.created_by),
            "created_at": s(t.created_at),
            "updated_at": s(t.updated_at),
            "settings": dumps(t.settings),
            "status": s(t.status),
            "version": n(t.version),
            "paused": {"BOOL": t.paused},
            "current_round": n(t.current_round),
            "entries": n(t.entries),
            "lot_seed": s(t.lot_seed),
            "deal_seed": s(t.deal_seed),
        }
        if t.club_id:
            item["club_id"] = s(t.club_id)
        if t.rounds_planned is not None:
            item["rounds_planned"] = n(t.rounds_planned)
        if t.override is not None:
            item["override"] = dumps(t.override)
        if t.started_at:
            item["started_at"] = s(t.started_at)
        if t.finished_at:
            item["finished_at"] = s(t.finished_at)
        if t.origin:
            item["origin"] = dumps(t.origin)
        return item

    # ------------------------------------------------------------------ entries

    def add_entry(self, tournament_id: str, entry: EntryRecord, cap: int, statuses: tuple[str, ...]) -> None:
        names = {f":s{i}": s(st) for i, st in enumerate(statuses)}
        items = [
            {
                "Update": {
                    "TableName": self.table,
                    "Key": _key(keys.tournament_pk(tournament_id), keys.TOURNAMENT_SK),
                    "UpdateExpression": "SET entries = entries + :one, version = version + :one",
                    "ConditionExpression": f"entries < :cap AND #st IN ({', '.join(names)})",
                    "ExpressionAttributeNames": {"#st": "status"},
                    "ExpressionAttributeValues": {":one": n(1), ":cap": n(cap), **names},
                }
            },
            self._put(self._entry_item(tournament_id, entry), "attribute_not_exists(pk)"),
        ]
        for player_id in entry.players:
            items.append(
                self._put(
                    {
                        keys.PK: s(keys.player_pk(player_id)),
                        keys.SK: s(keys.player_tournament_sk(tournament_id)),
                        "type": s("player_tournament"),
                        "entrant_id": s(entry.id),
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
                    "Key": _key(keys.tournament_pk(tournament_id), keys.TOURNAMENT_SK),
                    "UpdateExpression": "SET entries = entries - :one, version = version + :one",
                    "ConditionExpression": "#st IN (:draft, :registration)",
                    "ExpressionAttributeNames": {"#st": "status"},
                    "ExpressionAttributeValues": {
                        ":one": n(1),
                        ":draft": s("draft"),
                        ":registration": s("registration"),
                    },
                }
            },
            {
                "Delete": {
                    "TableName": self.table,
                    "Key": _key(keys.tournament_pk(tournament_id), keys.entry_sk(entry.id)),
                    "ConditionExpression": "attribute_exists(pk)",
                }
            },
        ]
        for player_id in entry.players:
            items.append(
                {
                    "Delete": {
                        "TableName": self.table,
                        "Key": _key(keys.player_pk(player_id), keys.player_tournament_sk(tournament_id)),
                    }
                }
            )
        transact(self.client, items)

    def save_entry(self, tournament_id: str, entry: EntryRecord) -> None:
        try:
            self.client.put_item(
                TableName=self.table,
                Item=self._entry_item(tournament_id, entry),
                ConditionExpression="attribute_exists(pk)",
            )
        except ClientError as exc:
            raise_conflict(exc)

    def player_entry(self, tournament_id: str, player_id: str) -> str | None:
        item = self._get(keys.player_pk(player_id), keys.player_tournament_sk(tournament_id), consistent=True)
        return item["entrant_id"]["S"] if item else None

    def _entry_item(self, tournament_id: str, e: EntryRecord) -> dict[str, Any]:
        item = {
            keys.PK: s(keys.tournament_pk(tournament_id)),
            keys.SK: s(keys.entry_sk(e.id)),
            "type": s("entry"),
            "id": s(e.id),
            "name": s(e.name),
            "players": dumps(e.players),
            "rating": s(repr(float(e.rating))),
            "created_at": s(e.created_at),
            "entered_by": s(e.entered_by),
            "status": s(e.status),
            "joined_round": n(e.joined_round),
        }
        if e.origin:
            item["origin"] = dumps(e.origin)
        return item

    # ------------------------------------------------------------------ rounds

    def create_round(self, tournament_id: str, rnd: RoundRecord) -> None:
        transact(
            self.client,
            [
                self._put(self._round_item(tournament_id, rnd), "attribute_not_exists(pk)"),
                {
                    "Update": {
                        "TableName": self.table,
                        "Key": _key(keys.tournament_pk(tournament_id), keys.TOURNAMENT_SK),
                        "UpdateExpression": (
                            "SET current_round = :n, version = version + :one REMOVE #override"
                        ),
                        "ConditionExpression": "current_round = :prev AND #st = :running AND paused = :no",
                        "ExpressionAttributeNames": {"#st": "status", "#override": "override"},
                        "ExpressionAttributeValues": {
                            ":n": n(rnd.number),
                            ":prev": n(rnd.number - 1),
                            ":one": n(1),
                            ":running": s("running"),
                            ":no": {"BOOL": False},
                        },
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
        put["Put"]["ExpressionAttributeValues"] = {":v": n(expected_version)}
        items = [put]
        if audit is not None:
            items.append(self._put(self._audit_item(tournament_id, audit), "attribute_not_exists(pk)"))
        transact(self.client, items)

    def _round_item(self, tournament_id: str, r: RoundRecord) -> dict[str, Any]:
        item: dict[str, Any] = {
            keys.PK: s(keys.tournament_pk(tournament_id)),
            keys.SK: s(keys.round_sk(r.number)),
            "type": s("round"),
            "number": n(r.number),
            "tables": dumps([t.to_json() for t in r.tables]),
            "byes": dumps(r.byes),
            "created_at": s(r.created_at),
            "status": s(r.status),
            "version": n(r.version),
            "matches_created": {"BOOL": r.matches_created},
            "manual": {"BOOL": r.manual},
        }
        if r.deadline is not None:
            item["deadline"] = n(r.deadline)
        if r.closed_at:
            item["closed_at"] = s(r.closed_at)
        if r.slots is not None:
            item["slots"] = dumps(r.slots)
        return item

    # ------------------------------------------------------------------ audit

    def add_audit(self, tournament_id: str, entry: AuditEntry) -> None:
        self.client.put_item(TableName=self.table, Item=self._audit_item(tournament_id, entry))

    def list_audit(
        self, tournament_id: str, limit: int, cursor: str | None
    ) -> tuple[list[AuditEntry], str | None]:
        items, nxt = self._query(keys.tournament_pk(tournament_id), keys.AUDIT_PREFIX, limit, cursor)
        return [
            AuditEntry(i["at"]["S"], i["actor"]["S"], i["action"]["S"], json.loads(i["details"]["S"]))
            for i in items
        ], nxt

    def _audit_item(self, tournament_id: str, a: AuditEntry) -> dict[str, Any]:
        return {
            keys.PK: s(keys.tournament_pk(tournament_id)),
            keys.SK: s(keys.audit_sk(a.at, secrets.token_hex(4))),
            "type": s("audit"),
            "at": s(a.at),
            "actor": s(a.actor),
            "action": s(a.action),
            "details": dumps(a.details),
        }

    # ------------------------------------------------------------------ helpers

    def _put(self, item: dict[str, Any], condition: str | None = None) -> dict[str, Any]:
        put: dict[str, Any] = {"TableName": self.table, "Item": item}
        if condition:
            put["ConditionExpression"] = condition
        return {"Put": put}

    def _get(self, pk: str, sk: str, consistent: bool = False) -> dict[str, Any] | None:
        item: dict[str, Any] | None = self.client.get_item(
            TableName=self.table, Key=_key(pk, sk), ConsistentRead=consistent
        ).get("Item")
        return item

    def _query(
        self, pk: str, prefix: str | None, limit: int, cursor: str | None, forward: bool = True
    ) -> tuple[list[dict[str, Any]], str | None]:
        values: dict[str, Any] = {":pk": s(pk)}
        condition = "pk = :pk"
        if prefix:
            condition += " AND begins_with(sk, :prefix)"
            values[":prefix"] = s(prefix)
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": condition,
            "ExpressionAttributeValues": values,
            "ScanIndexForward": forward,
            "Limit": limit,
        }
        if cursor:
            start = decode_cursor(cursor)
            if start[keys.PK]["S"] != pk or (prefix and not start[keys.SK]["S"].startswith(prefix)):
                raise_invalid()
            query["ExclusiveStartKey"] = start
        page = self.client.query(**query)
        last = page.get("LastEvaluatedKey")
        return page.get("Items", []), encode_cursor(last) if last else None

    def _batch_get(self, wanted: list[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
        items = batch_get(self.client, self.table, [_key(pk, sk) for pk, sk in wanted])
        return {(item[keys.PK]["S"], item[keys.SK]["S"]): item for item in items}


def raise_invalid() -> None:
    raise InvalidCursor("the cursor is not one this service returned")


def _key(pk: str, sk: str) -> dict[str, Any]:
    return {keys.PK: s(pk), keys.SK: s(sk)}


def _club(item: dict[str, Any]) -> Club:
    return Club(
        id=item["id"]["S"],
        name=item["name"]["S"],
        description=item["description"]["S"],
        open=item["open"]["BOOL"],
        created_by=item["created_by"]["S"],
        created_at=item["created_at"]["S"],
    )


def _member(item: dict[str, Any]) -> Member:
    return Member(
        player_id=item["player_id"]["S"],
        name=item["name"]["S"],
        role=cast(ClubRole, item["role"]["S"]),
        joined_at=item["joined_at"]["S"],
    )


def _tournament(item: dict[str, Any]) -> TournamentRecord:
    def opt(name: str) -> str | None:
        value = item.get(name)
        return value["S"] if value else None

    override = item.get("override")
    planned = item.get("rounds_planned")
    return TournamentRecord(
        id=item["id"]["S"],
        name=item["name"]["S"],
        club_id=opt("club_id"),
        created_by=item["created_by"]["S"],
        created_at=item["created_at"]["S"],
        updated_at=item["updated_at"]["S"],
        settings=json.loads(item["settings"]["S"]),
        status=cast(TournamentStatus, item["status"]["S"]),
        version=int(item["version"]["N"]),
        paused=item["paused"]["BOOL"],
        current_round=int(item["current_round"]["N"]),
        rounds_planned=int(planned["N"]) if planned else None,
        entries=int(item["entries"]["N"]),
        lot_seed=item["lot_seed"]["S"],
        deal_seed=item["deal_seed"]["S"],
        override=json.loads(override["S"]) if override else None,
        started_at=opt("started_at"),
        finished_at=opt("finished_at"),
        origin=json.loads(item["origin"]["S"]) if "origin" in item else None,
    )


def _entry(item: dict[str, Any]) -> EntryRecord:
    return EntryRecord(
        id=item["id"]["S"],
        name=item["name"]["S"],
        players=json.loads(item["players"]["S"]),
        rating=float(item["rating"]["S"]),
        created_at=item["created_at"]["S"],
        entered_by=item["entered_by"]["S"],
        status=cast(Any, item["status"]["S"]),
        joined_round=int(item["joined_round"]["N"]),
        origin=json.loads(item["origin"]["S"]) if "origin" in item else None,
    )


def _round(item: dict[str, Any]) -> RoundRecord:
    deadline = item.get("deadline")
    closed = item.get("closed_at")
    slots = item.get("slots")
    return RoundRecord(
        number=int(item["number"]["N"]),
        tables=[TableRecord.from_json(t) for t in json.loads(item["tables"]["S"])],
        byes=json.loads(item["byes"]["S"]),
        created_at=item["created_at"]["S"],
        status=cast(Any, item["status"]["S"]),
        version=int(item["version"]["N"]),
        matches_created=item["matches_created"]["BOOL"],
        deadline=int(deadline["N"]) if deadline else None,
        closed_at=closed["S"] if closed else None,
        manual=item["manual"]["BOOL"],
        slots=json.loads(slots["S"]) if slots else None,
    )
