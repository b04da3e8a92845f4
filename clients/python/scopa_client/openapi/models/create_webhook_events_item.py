from typing import Literal

CreateWebhookEventsItem = Literal[
    "result.confirmed",
    "result.disputed",
    "result.recorded",
    "result.reported",
    "round.paired",
    "tournament.finished",
    "tournament.started",
]

CREATE_WEBHOOK_EVENTS_ITEM_VALUES: set[CreateWebhookEventsItem] = {
    "result.confirmed",
    "result.disputed",
    "result.recorded",
    "result.reported",
    "round.paired",
    "tournament.finished",
    "tournament.started",
}


def check_create_webhook_events_item(value: str) -> CreateWebhookEventsItem:
    if value in CREATE_WEBHOOK_EVENTS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_EVENTS_ITEM_VALUES!r}")
