from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.club_member_role import ClubMemberRole, check_club_member_role

T = TypeVar("T", bound="ClubMember")


@_attrs_define
class ClubMember:
    """
    Attributes:
        joined_at (str):
        name (str):
        player_id (str):
        role (ClubMemberRole):
    """

    joined_at: str
    name: str
    player_id: str
    role: ClubMemberRole

    def to_dict(self) -> dict[str, Any]:
        joined_at = self.joined_at

        name = self.name

        player_id = self.player_id

        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "joined_at": joined_at,
                "name": name,
                "player_id": player_id,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        joined_at = d.pop("joined_at")

        name = d.pop("name")

        player_id = d.pop("player_id")

        role = check_club_member_role(d.pop("role"))

        club_member = cls(
            joined_at=joined_at,
            name=name,
            player_id=player_id,
            role=role,
        )

        return club_member
