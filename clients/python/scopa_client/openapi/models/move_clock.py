from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MoveClock")


@_attrs_define
class MoveClock:
    """The clock as it was given: ``days_per_move`` for a correspondence clock of whole days, and always
    ``seconds_per_move`` (the same clock in seconds).

        Attributes:
            seconds_per_move (int):
            days_per_move (int | None | Unset):
    """

    seconds_per_move: int
    days_per_move: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seconds_per_move = self.seconds_per_move

        days_per_move: int | None | Unset
        if isinstance(self.days_per_move, Unset):
            days_per_move = UNSET
        else:
            days_per_move = self.days_per_move

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seconds_per_move": seconds_per_move,
            }
        )
        if days_per_move is not UNSET:
            field_dict["days_per_move"] = days_per_move

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seconds_per_move = d.pop("seconds_per_move")

        def _parse_days_per_move(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        days_per_move = _parse_days_per_move(d.pop("days_per_move", UNSET))

        move_clock = cls(
            seconds_per_move=seconds_per_move,
            days_per_move=days_per_move,
        )

        return move_clock
