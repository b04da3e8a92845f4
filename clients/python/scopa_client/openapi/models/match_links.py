from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MatchLinks")


@_attrs_define
class MatchLinks:
    """Where to reach the match besides the API's own paths.

    Attributes:
        moves (None | str | Unset): an https URL to post this match's moves to instead of POST /matches/{id}/moves (the
            same body, headers and answer; it serves nothing else); null: use the API's path
    """

    moves: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        moves: None | str | Unset
        if isinstance(self.moves, Unset):
            moves = UNSET
        else:
            moves = self.moves

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if moves is not UNSET:
            field_dict["moves"] = moves

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_moves(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        moves = _parse_moves(d.pop("moves", UNSET))

        match_links = cls(
            moves=moves,
        )

        return match_links
