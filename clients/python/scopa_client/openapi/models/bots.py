from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.player_profile import PlayerProfile


T = TypeVar("T", bound="Bots")


@_attrs_define
class Bots:
    """
    Attributes:
        bots (list[PlayerProfile]):
    """

    bots: list[PlayerProfile]

    def to_dict(self) -> dict[str, Any]:
        bots = []
        for bots_item_data in self.bots:
            bots_item = bots_item_data.to_dict()
            bots.append(bots_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bots": bots,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_profile import PlayerProfile  # noqa: PLC0415

        d = dict(src_dict)
        bots = []
        _bots = d.pop("bots")
        for bots_item_data in _bots:
            bots_item = PlayerProfile.from_dict(bots_item_data)

            bots.append(bots_item)

        bots = cls(
            bots=bots,
        )

        return bots
