from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.add_member_role import AddMemberRole, check_add_member_role
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddMember")


@_attrs_define
class AddMember:
    """
    Attributes:
        player_id (str):
        role (AddMemberRole | Unset):  Default: 'member'.
    """

    player_id: str
    role: AddMemberRole | Unset = "member"

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        _role = d.pop("role", UNSET)
        role: AddMemberRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_add_member_role(_role)

        add_member = cls(
            player_id=player_id,
            role=role,
        )

        return add_member
