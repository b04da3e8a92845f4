"""A tournament's rounds: created by a transaction that moves ``current_round`` on, conditioned on the
round before; saved under their version."""

from __future__ import annotations

from typing import Any

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    item_key,
    put_if_version,
    to_item,
    transact,
)
from scopa.adapters.dynamodb.table import DynamoTable
from scopa.adapters.dynamodb.tournament_items import (
    audit_item,
    read_round,
    round_item,
)
from scopa.domain.tournaments.records import (
    AuditEntry,
    RoundRecord,
)


class DynamoRounds(DynamoTable):
    """The rounds part of the tournament repository (tables and results live in the round item)."""

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
                self._put(round_item(tournament_id, rnd), "attribute_not_exists(pk)"),
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
        return read_round(item) if item else None

    def save_round(
        self, tournament_id: str, rnd: RoundRecord, expected_version: int, audit: AuditEntry | None = None
    ) -> None:
        if audit is None:  # one conditional put: half the write units of a transaction of one item
            put_if_version(self.client, self.table, to_item(round_item(tournament_id, rnd)), expected_version)
            return
        put = self._put(round_item(tournament_id, rnd), "version = :v")
        put["Put"]["ExpressionAttributeValues"] = to_item({":v": expected_version})
        transact(self.client, [put, self._put(audit_item(tournament_id, audit), "attribute_not_exists(pk)")])
