from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.club_view_your_role_type_0 import ClubViewYourRoleType0, check_club_view_your_role_type_0

T = TypeVar("T", bound="ClubView")


@_attrs_define
class ClubView:
    """A club as its caller sees it: with their own role, so a page need not read every member.

    Attributes:
        created_at (str):
        created_by (str):
        description (str):
        id (str):
        name (str):
        open_ (bool):
        version (int):
        your_role (ClubViewYourRoleType0 | None):
    """

    created_at: str
    created_by: str
    description: str
    id: str
    name: str
    open_: bool
    version: int
    your_role: ClubViewYourRoleType0 | None

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        created_by = self.created_by

        description = self.description

        id = self.id

        name = self.name

        open_ = self.open_

        version = self.version

        your_role: None | str
        if isinstance(self.your_role, str):
            your_role = self.your_role
        else:
            your_role = self.your_role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created_at": created_at,
                "created_by": created_by,
                "description": description,
                "id": id,
                "name": name,
                "open": open_,
                "version": version,
                "your_role": your_role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        created_by = d.pop("created_by")

        description = d.pop("description")

        id = d.pop("id")

        name = d.pop("name")

        open_ = d.pop("open")

        version = d.pop("version")

        def _parse_your_role(data: object) -> ClubViewYourRoleType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                your_role_type_0 = check_club_view_your_role_type_0(data)

                return your_role_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClubViewYourRoleType0 | None, data)

        your_role = _parse_your_role(d.pop("your_role"))

        club_view = cls(
            created_at=created_at,
            created_by=created_by,
            description=description,
            id=id,
            name=name,
            open_=open_,
            version=version,
            your_role=your_role,
        )

        return club_view
