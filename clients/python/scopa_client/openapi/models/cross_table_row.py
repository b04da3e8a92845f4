from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cross_table_cell import CrossTableCell


T = TypeVar("T", bound="CrossTableRow")


@_attrs_define
class CrossTableRow:
    """
    Attributes:
        cells (list[CrossTableCell]):
        entrant (str):
        name (str):
        points (float):
        rank (int):
    """

    cells: list[CrossTableCell]
    entrant: str
    name: str
    points: float
    rank: int

    def to_dict(self) -> dict[str, Any]:
        cells = []
        for cells_item_data in self.cells:
            cells_item = cells_item_data.to_dict()
            cells.append(cells_item)

        entrant = self.entrant

        name = self.name

        points = self.points

        rank = self.rank

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cells": cells,
                "entrant": entrant,
                "name": name,
                "points": points,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cross_table_cell import CrossTableCell  # noqa: PLC0415

        d = dict(src_dict)
        cells = []
        _cells = d.pop("cells")
        for cells_item_data in _cells:
            cells_item = CrossTableCell.from_dict(cells_item_data)

            cells.append(cells_item)

        entrant = d.pop("entrant")

        name = d.pop("name")

        points = d.pop("points")

        rank = d.pop("rank")

        cross_table_row = cls(
            cells=cells,
            entrant=entrant,
            name=name,
            points=points,
            rank=rank,
        )

        return cross_table_row
