from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.table_report_side import TableReportSide, check_table_report_side

T = TypeVar("T", bound="TableReport")


@_attrs_define
class TableReport:
    """One side's latest claim of an in-person table's games.

    Attributes:
        at (str):
        by (str):
        games (list[list[int]]):
        side (TableReportSide):
    """

    at: str
    by: str
    games: list[list[int]]
    side: TableReportSide

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        by = self.by

        games = []
        for games_item_data in self.games:
            games_item = games_item_data

            games.append(games_item)

        side: int = self.side

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "by": by,
                "games": games,
                "side": side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = d.pop("at")

        by = d.pop("by")

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = cast(list[int], games_item_data)

            games.append(games_item)

        side = check_table_report_side(d.pop("side"))

        table_report = cls(
            at=at,
            by=by,
            games=games,
            side=side,
        )

        return table_report
