from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CloseRound")


@_attrs_define
class CloseRound:
    """An organizer closes a round: undecided tables are forfeited against the absent entrants.

    Attributes:
        reason (str): kept in the audit trail
        absent (list[str] | Unset): entrant ids absent from their table
    """

    reason: str
    absent: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        absent: list[str] | Unset = UNSET
        if not isinstance(self.absent, Unset):
            absent = self.absent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
            }
        )
        if absent is not UNSET:
            field_dict["absent"] = absent

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        absent = cast(list[str], d.pop("absent", UNSET))

        close_round = cls(
            reason=reason,
            absent=absent,
        )

        return close_round
