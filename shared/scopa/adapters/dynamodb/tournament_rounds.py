"""A tournament's rounds: created by a transaction that moves ``current_round`` on, conditioned on the
round before; saved under their version. A round too big for one item is written with its part items in
one transaction and read back whole (:func:`~scopa.adapters.dynamodb.tournament_items.round_items`)."""

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
    read_whole,
    round_items,
)
from scopa.domain.tournaments.records import (
    AuditEntry,
    RoundRecord,
)


class DynamoRounds(DynamoTable):
    """The rounds part of the tournament repository (tables and results live in the round's items)."""

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
        head, *parts = round_items(tournament_id, rnd)
        transact(
            self.client,
            [
                self._put(head, "attribute_not_exists(pk)"),
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
                *(self._put(part) for part in parts),
            ],
        )

    def get_round(self, tournament_id: str, number: int) -> RoundRecord | None:
        pk = keys.tournament_pk(tournament_id)

        def read() -> RoundRecord | None:
            item = self._get(pk, keys.round_sk(number), consistent=True)
            if item is None:
                return None
            parts = {int(p["part"]): p for p in self._parts(pk, number)} if "parts" in item else {}
            return read_round(item, parts)

        return read_whole(read)

    def _parts(self, pk: str, number: int) -> list[dict[str, Any]]:
        """The part items of round ``number`` (a strongly consistent query of its sort-key prefix)."""
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": to_item({":pk": pk, ":prefix": keys.round_sk(number) + "#"}),
            "ConsistentRead": True,
        }
        return list(self._query_all(query))

    def save_round(
        self, tournament_id: str, rnd: RoundRecord, expected_version: int, audit: AuditEntry | None = None
    ) -> None:
        head, *parts = round_items(tournament_id, rnd)
        if audit is None and not parts:  # one conditional put: half the write units of a transaction
            put_if_version(self.client, self.table, to_item(head), expected_version)
            return
        put = self._put(head, "version = :v")
        put["Put"]["ExpressionAttributeValues"] = to_item({":v": expected_version})
        written = [put, *(self._put(part) for part in parts)]
        if audit is not None:
            written.append(self._put(audit_item(tournament_id, audit), "attribute_not_exists(pk)"))
        transact(self.client, written)
