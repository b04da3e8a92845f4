from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.audit_record_details import AuditRecordDetails


T = TypeVar("T", bound="AuditRecord")


@_attrs_define
class AuditRecord:
    """
    Attributes:
        action (str):
        actor (str):
        at (str):
        details (AuditRecordDetails):
    """

    action: str
    actor: str
    at: str
    details: AuditRecordDetails

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        actor = self.actor

        at = self.at

        details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "actor": actor,
                "at": at,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_record_details import AuditRecordDetails  # noqa: PLC0415

        d = dict(src_dict)
        action = d.pop("action")

        actor = d.pop("actor")

        at = d.pop("at")

        details = AuditRecordDetails.from_dict(d.pop("details"))

        audit_record = cls(
            action=action,
            actor=actor,
            at=at,
            details=details,
        )

        return audit_record
