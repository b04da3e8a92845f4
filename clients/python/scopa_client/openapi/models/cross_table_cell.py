from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.cross_table_cell_side_type_0 import CrossTableCellSideType0, check_cross_table_cell_side_type_0

T = TypeVar("T", bound="CrossTableCell")


@_attrs_define
class CrossTableCell:
    """
    Attributes:
        opponent (int | None):
        opponent_id (None | str):
        points (float):
        points_against (int):
        points_for (int):
        result (str):
        round_ (int):
        side (CrossTableCellSideType0 | None):
        total (float):
    """

    opponent: int | None
    opponent_id: None | str
    points: float
    points_against: int
    points_for: int
    result: str
    round_: int
    side: CrossTableCellSideType0 | None
    total: float

    def to_dict(self) -> dict[str, Any]:
        opponent: int | None
        opponent = self.opponent

        opponent_id: None | str
        opponent_id = self.opponent_id

        points = self.points

        points_against = self.points_against

        points_for = self.points_for

        result = self.result

        round_ = self.round_

        side: None | str
        if isinstance(self.side, str):
            side = self.side
        else:
            side = self.side

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "opponent": opponent,
                "opponent_id": opponent_id,
                "points": points,
                "points_against": points_against,
                "points_for": points_for,
                "result": result,
                "round": round_,
                "side": side,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_opponent(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        opponent = _parse_opponent(d.pop("opponent"))

        def _parse_opponent_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        opponent_id = _parse_opponent_id(d.pop("opponent_id"))

        points = d.pop("points")

        points_against = d.pop("points_against")

        points_for = d.pop("points_for")

        result = d.pop("result")

        round_ = d.pop("round")

        def _parse_side(data: object) -> CrossTableCellSideType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                side_type_0 = check_cross_table_cell_side_type_0(data)

                return side_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CrossTableCellSideType0 | None, data)

        side = _parse_side(d.pop("side"))

        total = d.pop("total")

        cross_table_cell = cls(
            opponent=opponent,
            opponent_id=opponent_id,
            points=points,
            points_against=points_against,
            points_for=points_for,
            result=result,
            round_=round_,
            side=side,
            total=total,
        )

        return cross_table_cell
