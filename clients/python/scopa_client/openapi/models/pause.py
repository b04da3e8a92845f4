from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Pause")


@_attrs_define
class Pause:
    """
    Attributes:
        paused (bool): true: not paired until false again (a game under way is played out)
    """

    paused: bool

    def to_dict(self) -> dict[str, Any]:
        paused = self.paused

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "paused": paused,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        paused = d.pop("paused")

        pause = cls(
            paused=paused,
        )

        return pause
