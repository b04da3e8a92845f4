from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SetOnline")


@_attrs_define
class SetOnline:
    """Mixed play: whether an entrant plays online (a table of two online entrants is an online match).

    Attributes:
        online (bool):
    """

    online: bool

    def to_dict(self) -> dict[str, Any]:
        online = self.online

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "online": online,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        online = d.pop("online")

        set_online = cls(
            online=online,
        )

        return set_online
