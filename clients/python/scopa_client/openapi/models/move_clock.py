from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MoveClock")


@_attrs_define
class MoveClock:
    """
    Attributes:
        seconds_per_move (int):
    """

    seconds_per_move: int

    def to_dict(self) -> dict[str, Any]:
        seconds_per_move = self.seconds_per_move

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seconds_per_move": seconds_per_move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seconds_per_move = d.pop("seconds_per_move")

        move_clock = cls(
            seconds_per_move=seconds_per_move,
        )

        return move_clock
