"""Webhooks: a club's registered URLs, their deliveries, and the ports that carry tournament events out.

A :class:`Webhook` belongs to one club and subscribes to some of :data:`EVENT_TYPES`. Each event of a club
tournament becomes one :class:`Delivery` per subscribed hook: a record of what is sent (the body, fixed
once, so every retry sends the same bytes), how often it was tried, the last HTTP status and when it is
tried again. Who sends and when is the job of a :class:`DeliveryQueue` (an SQS queue in AWS, in-process
locally); the HTTP request itself goes through a :class:`WebhookSender`.

The hook's signing secret is stored with the hook (the service must sign with it); it is never part of
an answer after creation, of a log line, or of ``repr`` (see docs/webhooks.md for how it is protected).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

URL_MAX = 2000  # the longest webhook URL (checked by the API and the service)
EVENT_TYPES = (
    "tournament.started",
    "round.paired",
    "result.recorded",
    "tournament.finished",
    "result.reported",
    "result.disputed",
    "result.confirmed",
)
EventType = Literal[
    "tournament.started",
    "round.paired",
    "result.recorded",
    "tournament.finished",
    "result.reported",
    "result.disputed",
    "result.confirmed",
]
DeliveryStatus = Literal["pending", "retrying", "delivered", "failed", "dropped"]


@dataclass
class Webhook:
    id: str
    club_id: str
    url: str
    events: list[str]
    secret: str = field(repr=False)  # signs every delivery; shown to the organizer once, at creation
    created_by: str
    created_at: str


@dataclass
class Delivery:
    id: str  # sorts by creation (``d_<ms>...``); sent as ``Scopa-Delivery`` for receivers to dedupe
    hook_id: str
    club_id: str
    event: str
    event_id: str
    body: str  # the JSON sent, fixed at creation
    created_at: str
    status: DeliveryStatus = "pending"
    attempts: int = 0
    last_status: int | None = None  # the receiver's last HTTP status (None: no answer)
    last_error: str | None = None  # why the last attempt failed, in a few words (never the body)
    next_attempt_at: str | None = None
    delivered_at: str | None = None


@dataclass(frozen=True)
class DeliveryRef:
    """What a queue message carries: enough to find the delivery and its hook by key."""

    club_id: str
    hook_id: str
    delivery_id: str

    def to_json(self) -> dict[str, str]:
        return {"club": self.club_id, "hook": self.hook_id, "delivery": self.delivery_id}

    @classmethod
    def of(cls, data: dict[str, Any]) -> DeliveryRef:
        return cls(str(data["club"]), str(data["hook"]), str(data["delivery"]))


@dataclass(frozen=True)
class TournamentEvent:
    """Something that happened to a club tournament; ``id`` is the same whoever raises it twice."""

    type: str
    id: str
    tournament_id: str
    club_id: str
    at: str
    data: dict[str, Any]


class WebhookRepository(Protocol):
    def create_hook(self, hook: Webhook) -> None:
        """A new hook (WriteConflict when its id exists)."""
        ...

    def get_hook(self, club_id: str, hook_id: str) -> Webhook | None: ...

    def list_hooks(self, club_id: str) -> list[Webhook]:
        """A club's hooks, by id (a club has few: the service caps them)."""
        ...

    def delete_hook(self, club_id: str, hook_id: str) -> None:
        """WriteConflict when there is no such hook. Its deliveries stay readable until they expire."""
        ...

    def create_delivery(self, delivery: Delivery) -> None:
        """A new delivery (WriteConflict when its id exists)."""
        ...

    def get_delivery(self, hook_id: str, delivery_id: str) -> Delivery | None: ...

    def save_delivery(self, delivery: Delivery, expected_attempts: int) -> None:
        """Write an attempt's outcome, if nobody else recorded an attempt meanwhile (else WriteConflict)."""
        ...

    def list_deliveries(
        self, hook_id: str, limit: int, cursor: str | None
    ) -> tuple[list[Delivery], str | None]:
        """A hook's deliveries, newest first, ``limit`` a page."""
        ...


class EventSink(Protocol):
    def publish(self, events: Sequence[TournamentEvent]) -> None:
        """Hand events on to their hooks; must not raise (the write they follow has succeeded)."""
        ...


class NoEvents:
    """No webhooks: tests and tools that do not care."""

    def publish(self, events: Sequence[TournamentEvent]) -> None:
        return None


class DeliveryQueue(Protocol):
    def enqueue(self, refs: Sequence[DeliveryRef]) -> None:
        """Have these deliveries attempted soon; must not raise (log instead: they stay ``pending``)."""
        ...


@dataclass(frozen=True)
class SendResult:
    status: int | None  # the HTTP status, None when no answer came
    error: str | None = None  # a short reason when no answer came (timeout, refused, ...)

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


class WebhookSender(Protocol):
    def post(self, url: str, body: bytes, headers: dict[str, str]) -> SendResult:
        """POST once, no redirects followed; never raises."""
        ...
