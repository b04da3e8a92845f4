from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClaimGuest")


@_attrs_define
class ClaimGuest:
    """The one-time claim code the organizer handed over (case, spaces and dashes ignored).

    Attributes:
        code (str): the code, e.g. K7QM-3XPA
    """

    code: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        claim_guest = cls(
            code=code,
        )

        return claim_guest
