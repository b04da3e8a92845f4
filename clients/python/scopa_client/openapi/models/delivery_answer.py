from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.delivery_answer_status import DeliveryAnswerStatus, check_delivery_answer_status

T = TypeVar("T", bound="DeliveryAnswer")


@_attrs_define
class DeliveryAnswer:
    """
    Attributes:
        attempts (int):
        created_at (str):
        delivered_at (None | str):
        event (str):
        event_id (str):
        id (str):
        last_error (None | str):
        last_status (int | None):
        next_attempt_at (None | str):
        status (DeliveryAnswerStatus):
    """

    attempts: int
    created_at: str
    delivered_at: None | str
    event: str
    event_id: str
    id: str
    last_error: None | str
    last_status: int | None
    next_attempt_at: None | str
    status: DeliveryAnswerStatus

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        created_at = self.created_at

        delivered_at: None | str
        delivered_at = self.delivered_at

        event = self.event

        event_id = self.event_id

        id = self.id

        last_error: None | str
        last_error = self.last_error

        last_status: int | None
        last_status = self.last_status

        next_attempt_at: None | str
        next_attempt_at = self.next_attempt_at

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attempts": attempts,
                "created_at": created_at,
                "delivered_at": delivered_at,
                "event": event,
                "event_id": event_id,
                "id": id,
                "last_error": last_error,
                "last_status": last_status,
                "next_attempt_at": next_attempt_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempts = d.pop("attempts")

        created_at = d.pop("created_at")

        def _parse_delivered_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        event = d.pop("event")

        event_id = d.pop("event_id")

        id = d.pop("id")

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        def _parse_last_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status = _parse_last_status(d.pop("last_status"))

        def _parse_next_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        status = check_delivery_answer_status(d.pop("status"))

        delivery_answer = cls(
            attempts=attempts,
            created_at=created_at,
            delivered_at=delivered_at,
            event=event,
            event_id=event_id,
            id=id,
            last_error=last_error,
            last_status=last_status,
            next_attempt_at=next_attempt_at,
            status=status,
        )

        return delivery_answer
