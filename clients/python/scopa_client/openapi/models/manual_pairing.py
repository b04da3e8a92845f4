from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ManualPairing")


@_attrs_define
class ManualPairing:
    """
    Attributes:
        tables (list[list[str]]): [first, second]: first leads
        byes (list[str] | Unset):
    """

    tables: list[list[str]]
    byes: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        tables = []
        for tables_item_data in self.tables:
            tables_item = []
            for tables_item_item_data in tables_item_data:
                tables_item_item: str
                tables_item_item = tables_item_item_data
                tables_item.append(tables_item_item)

            tables.append(tables_item)

        byes: list[str] | Unset = UNSET
        if not isinstance(self.byes, Unset):
            byes = self.byes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tables": tables,
            }
        )
        if byes is not UNSET:
            field_dict["byes"] = byes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = []
            _tables_item = tables_item_data
            for tables_item_item_data in _tables_item:

                def _parse_tables_item_item(data: object) -> str:
                    return cast(str, data)

                tables_item_item = _parse_tables_item_item(tables_item_item_data)

                tables_item.append(tables_item_item)

            tables.append(tables_item)

        byes = cast(list[str], d.pop("byes", UNSET))

        manual_pairing = cls(
            tables=tables,
            byes=byes,
        )

        return manual_pairing
