from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TimeControl")


@_attrs_define
class TimeControl:
    """Seconds per move for live play, or days per move for correspondence play: exactly one of them.

    Attributes:
        days_per_move (int | None | Unset):
        seconds_per_move (int | None | Unset):
    """

    days_per_move: int | None | Unset = UNSET
    seconds_per_move: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        days_per_move: int | None | Unset
        if isinstance(self.days_per_move, Unset):
            days_per_move = UNSET
        else:
            days_per_move = self.days_per_move

        seconds_per_move: int | None | Unset
        if isinstance(self.seconds_per_move, Unset):
            seconds_per_move = UNSET
        else:
            seconds_per_move = self.seconds_per_move

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if days_per_move is not UNSET:
            field_dict["days_per_move"] = days_per_move
        if seconds_per_move is not UNSET:
            field_dict["seconds_per_move"] = seconds_per_move

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_days_per_move(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        days_per_move = _parse_days_per_move(d.pop("days_per_move", UNSET))

        def _parse_seconds_per_move(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seconds_per_move = _parse_seconds_per_move(d.pop("seconds_per_move", UNSET))

        time_control = cls(
            days_per_move=days_per_move,
            seconds_per_move=seconds_per_move,
        )

        return time_control
