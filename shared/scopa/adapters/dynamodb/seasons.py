"""Club seasons on the single table: one item a season in its club's partition (``CLUB#<club>`` /
``SEASON#<season>``), so one query with that prefix lists a club's seasons. The rules and the attached
tournaments are JSON strings (:func:`~scopa.adapters.dynamodb.codec.as_json`): floats come back bit for
bit. A new season is written on ``attribute_not_exists``, every change on the version read."""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import as_json, put_if_version, raise_conflict, to_item
from scopa.adapters.dynamodb.table import DynamoTable
from scopa.application.ports.seasons import Season


class DynamoSeasonRepository(DynamoTable):
    """:class:`~scopa.application.ports.seasons.SeasonRepository` on the single table."""

    def create_season(self, season: Season) -> None:
        try:
            self.client.put_item(
                TableName=self.table,
                Item=to_item(_item(season)),
                ConditionExpression="attribute_not_exists(pk)",
            )
        except ClientError as exc:
            raise_conflict(exc)

    def get_season(self, club_id: str, season_id: str) -> Season | None:
        # Consistent: the page's edit form sends back the version it read
        item = self._get(keys.club_pk(club_id), keys.season_sk(season_id), consistent=True)
        return _season(item) if item else None

    def list_seasons(self, club_id: str, limit: int, cursor: str | None) -> tuple[list[Season], str | None]:
        items, nxt = self._query(keys.club_pk(club_id), keys.SEASON_PREFIX, limit, cursor)
        return [_season(i) for i in items], nxt

    def save_season(self, season: Season, expected_version: int) -> None:
        put_if_version(self.client, self.table, to_item(_item(season)), expected_version)


def _item(s: Season) -> dict[str, Any]:
    return {
        keys.PK: keys.club_pk(s.club_id),
        keys.SK: keys.season_sk(s.id),
        "type": "season",
        "id": s.id,
        "club_id": s.club_id,
        "name": s.name,
        "starts_on": s.starts_on,
        "ends_on": s.ends_on,
        "rules": as_json(s.rules),
        "lot_seed": s.lot_seed,
        "created_by": s.created_by,
        "created_at": s.created_at,
        "updated_at": s.updated_at,
        "tournaments": as_json(s.tournaments),
        "version": s.version,
    }


def _season(item: dict[str, Any]) -> Season:
    return Season(
        id=item["id"],
        club_id=item["club_id"],
        name=item["name"],
        starts_on=item["starts_on"],
        ends_on=item["ends_on"],
        rules=json.loads(item["rules"]),
        lot_seed=item["lot_seed"],
        created_by=item["created_by"],
        created_at=item["created_at"],
        updated_at=item["updated_at"],
        tournaments=list(json.loads(item["tournaments"])),
        version=int(item["version"]),
    )
