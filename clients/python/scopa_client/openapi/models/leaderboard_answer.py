from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.leaderboard_answer_by import LeaderboardAnswerBy, check_leaderboard_answer_by

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="LeaderboardAnswer")


@_attrs_define
class LeaderboardAnswer:
    """
    Attributes:
        by (LeaderboardAnswerBy):
        next_cursor (None | str):
        pool (str):
        rows (list[Rating]):
    """

    by: LeaderboardAnswerBy
    next_cursor: None | str
    pool: str
    rows: list[Rating]

    def to_dict(self) -> dict[str, Any]:
        by: str = self.by

        next_cursor: None | str
        next_cursor = self.next_cursor

        pool = self.pool

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "by": by,
                "next_cursor": next_cursor,
                "pool": pool,
                "rows": rows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        by = check_leaderboard_answer_by(d.pop("by"))

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        pool = d.pop("pool")

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = Rating.from_dict(rows_item_data)

            rows.append(rows_item)

        leaderboard_answer = cls(
            by=by,
            next_cursor=next_cursor,
            pool=pool,
            rows=rows,
        )

        return leaderboard_answer
