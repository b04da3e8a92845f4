"""Clubs and tournaments on the single DynamoDB table (keys in :mod:`scopa.adapters.dynamodb.keys`).

A tournament's item, entries and rounds share one partition, so :meth:`load` is one query. Rounds are
created by a transaction that also moves the tournament's ``current_round`` on, conditioned on the round
before: two pipeline runs racing for the same round cannot both win. Items are built as plain dicts and
typed on the way out (:func:`~scopa.adapters.dynamodb.codec.to_item`); what comes back is read through
``from_item``.

One class a job: :class:`~scopa.adapters.dynamodb.clubs.DynamoClubs`, the tournament items
(:class:`DynamoTournaments`), :class:`~scopa.adapters.dynamodb.tournament_entries.DynamoEntries`,
:class:`~scopa.adapters.dynamodb.tournament_rounds.DynamoRounds` and
:class:`~scopa.adapters.dynamodb.tournament_audit.DynamoAudit`, each on the shared
:class:`~scopa.adapters.dynamodb.table.DynamoTable` and combined by inheritance into one object, so a
subclass overriding a write (as the concurrency tests do) still sees every call. Item layouts are in
:mod:`~scopa.adapters.dynamodb.tournament_items`.
"""

from __future__ import annotations

from typing import Any

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.clubs import DynamoClubs
from scopa.adapters.dynamodb.codec import (
    decode_cursor,
    encode_cursor,
    from_item,
    put_if_version,
    to_item,
    transact,
)
from scopa.adapters.dynamodb.table import DynamoTable, raise_invalid
from scopa.adapters.dynamodb.tournament_audit import DynamoAudit
from scopa.adapters.dynamodb.tournament_entries import DynamoEntries
from scopa.adapters.dynamodb.tournament_items import (
    TOURNAMENT_INDEX_NAMES,
    audit_item,
    read_entry,
    read_round,
    read_tournament,
    read_whole,
    tournament_item,
)
from scopa.adapters.dynamodb.tournament_rounds import DynamoRounds
from scopa.application.ports.tournaments import TournamentBundle
from scopa.domain.tournaments.records import (
    AuditEntry,
    EntryRecord,
    TournamentRecord,
)


class DynamoTournaments(DynamoTable):
    """The tournament items: created with their first audit entry, read (alone or with the whole
    partition), saved under their version, listed."""

    def create_tournament(self, tournament: TournamentRecord, audit: AuditEntry) -> None:
        items = [
            self._put(tournament_item(tournament), "attribute_not_exists(pk)"),
            self._put(audit_item(tournament.id, audit)),
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
        return read_tournament(item) if item else None

    def load(self, tournament_id: str) -> TournamentBundle | None:
        return read_whole(lambda: self._load(tournament_id))

    def _load(self, tournament_id: str) -> TournamentBundle | None:
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
        heads: list[dict[str, Any]] = []
        parts: dict[int, dict[int, dict[str, Any]]] = {}  # round number -> part number -> item
        for item in self._query_all(query):
            kind = item["type"]
            if kind == "tournament":
                tournament = read_tournament(item)
            elif kind == "entry":
                entries.append(read_entry(item))
            elif kind == "round":
                heads.append(item)
            elif kind == "round_part":
                parts.setdefault(int(item["number"]), {})[int(item["part"])] = item
        if tournament is None:
            return None
        rounds = [read_round(item, parts.get(int(item["number"]), {})) for item in heads]
        rounds.sort(key=lambda r: r.number)
        return TournamentBundle(tournament, entries, rounds)

    def save_tournament(self, tournament: TournamentRecord, expected_version: int) -> None:
        put_if_version(self.client, self.table, to_item(tournament_item(tournament)), expected_version)

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
            read_tournament(found[k])
            for i in ids
            if (k := (keys.tournament_pk(i), keys.TOURNAMENT_SK)) in found
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


class DynamoTournamentRepository(DynamoTournaments, DynamoEntries, DynamoRounds, DynamoAudit, DynamoClubs):
    """:class:`~scopa.application.ports.tournaments.TournamentRepository` (and the clubs' port) through the
    low-level client: the parts above, one job each, sharing one client and table."""
