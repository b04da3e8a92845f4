"""A tournament's entries: added, removed and saved under their versions (a change to the next round's
field also moves the tournament's version), and a player's entry."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    item_key,
    raise_conflict,
    to_item,
    transact,
)
from scopa.adapters.dynamodb.table import DynamoTable
from scopa.adapters.dynamodb.tournament_items import (
    entry_at,
    entry_item,
    read_entry,
)
from scopa.domain.tournaments.records import (
    EntryRecord,
)


class DynamoEntries(DynamoTable):
    """The entries part of the tournament repository."""

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
            self._put(entry_item(tournament_id, entry), "attribute_not_exists(pk)"),
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
                    "ConditionExpression": entry_at(entry.version),
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
        put = self._put(entry_item(tournament_id, entry), entry_at(expected_version))
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

    def get_entry(self, tournament_id: str, entrant_id: str) -> EntryRecord | None:
        item = self._get(keys.tournament_pk(tournament_id), keys.entry_sk(entrant_id), consistent=True)
        return read_entry(item) if item else None
