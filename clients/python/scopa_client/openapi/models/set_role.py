from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.set_role_role import SetRoleRole, check_set_role_role

T = TypeVar("T", bound="SetRole")


@_attrs_define
class SetRole:
    """
    Attributes:
        role (SetRoleRole):
    """

    role: SetRoleRole

    def to_dict(self) -> dict[str, Any]:
        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = check_set_role_role(d.pop("role"))

        set_role = cls(
            role=role,
        )

        return set_role
