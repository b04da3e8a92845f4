"""A tournament's audit log: appended, and read a page at a time."""

from __future__ import annotations

import json

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    to_item,
)
from scopa.adapters.dynamodb.table import DynamoTable
from scopa.adapters.dynamodb.tournament_items import (
    audit_item,
)
from scopa.domain.tournaments.records import (
    AuditEntry,
)


class DynamoAudit(DynamoTable):
    """The audit part of the tournament repository."""

    def add_audit(self, tournament_id: str, entry: AuditEntry) -> None:
        self.client.put_item(TableName=self.table, Item=to_item(audit_item(tournament_id, entry)))

    def list_audit(
        self, tournament_id: str, limit: int, cursor: str | None
    ) -> tuple[list[AuditEntry], str | None]:
        items, nxt = self._query(keys.tournament_pk(tournament_id), keys.AUDIT_PREFIX, limit, cursor)
        return [AuditEntry(i["at"], i["actor"], i["action"], json.loads(i["details"])) for i in items], nxt
