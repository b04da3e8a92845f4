from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.season_answer import SeasonAnswer


T = TypeVar("T", bound="Seasons")


@_attrs_define
class Seasons:
    """
    Attributes:
        next_cursor (None | str):
        seasons (list[SeasonAnswer]):
    """

    next_cursor: None | str
    seasons: list[SeasonAnswer]

    def to_dict(self) -> dict[str, Any]:
        next_cursor: None | str
        next_cursor = self.next_cursor

        seasons = []
        for seasons_item_data in self.seasons:
            seasons_item = seasons_item_data.to_dict()
            seasons.append(seasons_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "next_cursor": next_cursor,
                "seasons": seasons,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.season_answer import SeasonAnswer  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        seasons = []
        _seasons = d.pop("seasons")
        for seasons_item_data in _seasons:
            seasons_item = SeasonAnswer.from_dict(seasons_item_data)

            seasons.append(seasons_item)

        seasons = cls(
            next_cursor=next_cursor,
            seasons=seasons,
        )

        return seasons
