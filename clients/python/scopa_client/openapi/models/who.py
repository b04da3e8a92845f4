from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Who")


@_attrs_define
class Who:
    """
    Attributes:
        name (str):
        player_id (str):
    """

    name: str
    player_id: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        player_id = self.player_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "player_id": player_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        player_id = d.pop("player_id")

        who = cls(
            name=name,
            player_id=player_id,
        )

        return who
