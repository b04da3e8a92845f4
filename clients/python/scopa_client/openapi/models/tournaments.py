from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tournament import Tournament


T = TypeVar("T", bound="Tournaments")


@_attrs_define
class Tournaments:
    """
    Attributes:
        next_cursor (None | str):
        tournaments (list[Tournament]):
    """

    next_cursor: None | str
    tournaments: list[Tournament]

    def to_dict(self) -> dict[str, Any]:
        next_cursor: None | str
        next_cursor = self.next_cursor

        tournaments = []
        for tournaments_item_data in self.tournaments:
            tournaments_item = tournaments_item_data.to_dict()
            tournaments.append(tournaments_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "next_cursor": next_cursor,
                "tournaments": tournaments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament import Tournament  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        tournaments = []
        _tournaments = d.pop("tournaments")
        for tournaments_item_data in _tournaments:
            tournaments_item = Tournament.from_dict(tournaments_item_data)

            tournaments.append(tournaments_item)

        tournaments = cls(
            next_cursor=next_cursor,
            tournaments=tournaments,
        )

        return tournaments
