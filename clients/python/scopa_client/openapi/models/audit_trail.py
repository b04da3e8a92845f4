from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.audit_record import AuditRecord


T = TypeVar("T", bound="AuditTrail")


@_attrs_define
class AuditTrail:
    """
    Attributes:
        audit (list[AuditRecord]):
        next_cursor (None | str):
    """

    audit: list[AuditRecord]
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        audit = []
        for audit_item_data in self.audit:
            audit_item = audit_item_data.to_dict()
            audit.append(audit_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "audit": audit,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_record import AuditRecord  # noqa: PLC0415

        d = dict(src_dict)
        audit = []
        _audit = d.pop("audit")
        for audit_item_data in _audit:
            audit_item = AuditRecord.from_dict(audit_item_data)

            audit.append(audit_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        audit_trail = cls(
            audit=audit,
            next_cursor=next_cursor,
        )

        return audit_trail
