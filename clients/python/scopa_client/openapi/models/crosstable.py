from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cross_table_row import CrossTableRow


T = TypeVar("T", bound="Crosstable")


@_attrs_define
class Crosstable:
    """
    Attributes:
        rows (list[CrossTableRow]):
        tournament_id (str):
    """

    rows: list[CrossTableRow]
    tournament_id: str

    def to_dict(self) -> dict[str, Any]:
        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rows": rows,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cross_table_row import CrossTableRow  # noqa: PLC0415

        d = dict(src_dict)
        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = CrossTableRow.from_dict(rows_item_data)

            rows.append(rows_item)

        tournament_id = d.pop("tournament_id")

        crosstable = cls(
            rows=rows,
            tournament_id=tournament_id,
        )

        return crosstable
