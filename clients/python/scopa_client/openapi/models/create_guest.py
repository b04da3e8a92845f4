from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateGuest")


@_attrs_define
class CreateGuest:
    """A guest: a player without an account, made and managed by the calling organizer.

    Attributes:
        name (str): the guest's display name (1 to 40 characters; no control or invisible characters)
    """

    name: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        create_guest = cls(
            name=name,
        )

        return create_guest
