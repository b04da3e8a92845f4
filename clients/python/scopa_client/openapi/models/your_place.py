from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entry import Entry
    from ..models.your_table import YourTable


T = TypeVar("T", bound="YourPlace")


@_attrs_define
class YourPlace:
    """Where the caller stands in the tournament: their entry (null: not entered), their table, and
    whether they sit the current round out.

        Attributes:
            bye (bool):
            entry (Entry | None):
            table (None | YourTable):
    """

    bye: bool
    entry: Entry | None
    table: None | YourTable

    def to_dict(self) -> dict[str, Any]:
        from ..models.entry import Entry  # noqa: PLC0415
        from ..models.your_table import YourTable  # noqa: PLC0415

        bye = self.bye

        entry: dict[str, Any] | None
        if isinstance(self.entry, Entry):
            entry = self.entry.to_dict()
        else:
            entry = self.entry

        table: dict[str, Any] | None
        if isinstance(self.table, YourTable):
            table = self.table.to_dict()
        else:
            table = self.table

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bye": bye,
                "entry": entry,
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry import Entry  # noqa: PLC0415
        from ..models.your_table import YourTable  # noqa: PLC0415

        d = dict(src_dict)
        bye = d.pop("bye")

        def _parse_entry(data: object) -> Entry | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                entry_type_0 = Entry.from_dict(data)

                return entry_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Entry | None, data)

        entry = _parse_entry(d.pop("entry"))

        def _parse_table(data: object) -> None | YourTable:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                table_type_0 = YourTable.from_dict(data)

                return table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | YourTable, data)

        table = _parse_table(d.pop("table"))

        your_place = cls(
            bye=bye,
            entry=entry,
            table=table,
        )

        return your_place
