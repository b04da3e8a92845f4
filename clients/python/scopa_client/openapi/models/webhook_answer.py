from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookAnswer")


@_attrs_define
class WebhookAnswer:
    """
    Attributes:
        club_id (str):
        created_at (str):
        created_by (str):
        events (list[str]):
        id (str):
        url (str):
    """

    club_id: str
    created_at: str
    created_by: str
    events: list[str]
    id: str
    url: str

    def to_dict(self) -> dict[str, Any]:
        club_id = self.club_id

        created_at = self.created_at

        created_by = self.created_by

        events = self.events

        id = self.id

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "club_id": club_id,
                "created_at": created_at,
                "created_by": created_by,
                "events": events,
                "id": id,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        club_id = d.pop("club_id")

        created_at = d.pop("created_at")

        created_by = d.pop("created_by")

        events = cast(list[str], d.pop("events"))

        id = d.pop("id")

        url = d.pop("url")

        webhook_answer = cls(
            club_id=club_id,
            created_at=created_at,
            created_by=created_by,
            events=events,
            id=id,
            url=url,
        )

        return webhook_answer
