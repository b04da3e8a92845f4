from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.player_profile import PlayerProfile


T = TypeVar("T", bound="Guests")


@_attrs_define
class Guests:
    """The caller's guests (not yet claimed), by id.

    Attributes:
        guests (list[PlayerProfile]):
    """

    guests: list[PlayerProfile]

    def to_dict(self) -> dict[str, Any]:
        guests = []
        for guests_item_data in self.guests:
            guests_item = guests_item_data.to_dict()
            guests.append(guests_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "guests": guests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_profile import PlayerProfile  # noqa: PLC0415

        d = dict(src_dict)
        guests = []
        _guests = d.pop("guests")
        for guests_item_data in _guests:
            guests_item = PlayerProfile.from_dict(guests_item_data)

            guests.append(guests_item)

        guests = cls(
            guests=guests,
        )

        return guests
