from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_webhook_events_item import CreateWebhookEventsItem, check_create_webhook_events_item

T = TypeVar("T", bound="CreateWebhook")


@_attrs_define
class CreateWebhook:
    """
    Attributes:
        events (list[CreateWebhookEventsItem]): the events it receives
        url (str): https:// URL that receives the events; its host must resolve to public addresses (where it resolves
            no schema can state: 400 invalid_webhook_url)
    """

    events: list[CreateWebhookEventsItem]
    url: str

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_create_webhook_events_item(events_item_data)

            events.append(events_item)

        url = d.pop("url")

        create_webhook = cls(
            events=events,
            url=url,
        )

        return create_webhook
