from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.match_list_item import MatchListItem


T = TypeVar("T", bound="PlayerMatches")


@_attrs_define
class PlayerMatches:
    """
    Attributes:
        matches (list[MatchListItem]):
        next_cursor (None | str):
    """

    matches: list[MatchListItem]
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "matches": matches,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_list_item import MatchListItem  # noqa: PLC0415

        d = dict(src_dict)
        matches = []
        _matches = d.pop("matches")
        for matches_item_data in _matches:
            matches_item = MatchListItem.from_dict(matches_item_data)

            matches.append(matches_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        player_matches = cls(
            matches=matches,
            next_cursor=next_cursor,
        )

        return player_matches
