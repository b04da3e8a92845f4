from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.club_answer import ClubAnswer


T = TypeVar("T", bound="Clubs")


@_attrs_define
class Clubs:
    """
    Attributes:
        clubs (list[ClubAnswer]):
        next_cursor (None | str):
    """

    clubs: list[ClubAnswer]
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        clubs = []
        for clubs_item_data in self.clubs:
            clubs_item = clubs_item_data.to_dict()
            clubs.append(clubs_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clubs": clubs,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.club_answer import ClubAnswer  # noqa: PLC0415

        d = dict(src_dict)
        clubs = []
        _clubs = d.pop("clubs")
        for clubs_item_data in _clubs:
            clubs_item = ClubAnswer.from_dict(clubs_item_data)

            clubs.append(clubs_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        clubs = cls(
            clubs=clubs,
            next_cursor=next_cursor,
        )

        return clubs
