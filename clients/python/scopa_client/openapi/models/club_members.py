from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.club_member import ClubMember


T = TypeVar("T", bound="ClubMembers")


@_attrs_define
class ClubMembers:
    """
    Attributes:
        members (list[ClubMember]):
        next_cursor (None | str):
    """

    members: list[ClubMember]
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "members": members,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.club_member import ClubMember  # noqa: PLC0415

        d = dict(src_dict)
        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = ClubMember.from_dict(members_item_data)

            members.append(members_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        club_members = cls(
            members=members,
            next_cursor=next_cursor,
        )

        return club_members
