"""A club's webhooks and their delivery log (the secret appears in the creation answer only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from api.answers.common import Closed
from scopa.application.ports.webhooks import DeliveryStatus

if TYPE_CHECKING:
    from scopa.application.ports.webhooks import Delivery, DeliveryStatus, Webhook


class WebhookAnswer(Closed):
    id: str
    club_id: str
    url: str
    events: list[str]
    created_by: str
    created_at: str

    @classmethod
    def of(cls, hook: Webhook) -> WebhookAnswer:
        return cls(
            id=hook.id,
            club_id=hook.club_id,
            url=hook.url,
            events=list(hook.events),
            created_by=hook.created_by,
            created_at=hook.created_at,
        )


class CreatedWebhook(WebhookAnswer):
    secret: str  # signs every delivery (Scopa-Signature); shown now and never again


class Webhooks(Closed):
    webhooks: list[WebhookAnswer]


class DeliveryAnswer(Closed):
    id: str  # the Scopa-Delivery header
    event: str
    event_id: str
    status: DeliveryStatus
    attempts: int
    last_status: int | None  # the receiver's last HTTP status; None: no answer (see last_error)
    last_error: str | None
    next_attempt_at: str | None  # when it is tried again (retrying); None once settled
    created_at: str
    delivered_at: str | None

    @classmethod
    def of(cls, d: Delivery) -> DeliveryAnswer:
        return cls(
            id=d.id,
            event=d.event,
            event_id=d.event_id,
            status=d.status,
            attempts=d.attempts,
            last_status=d.last_status,
            last_error=d.last_error,
            next_attempt_at=d.next_attempt_at,
            created_at=d.created_at,
            delivered_at=d.delivered_at,
        )


class Deliveries(Closed):
    deliveries: list[DeliveryAnswer]
    next_cursor: str | None
