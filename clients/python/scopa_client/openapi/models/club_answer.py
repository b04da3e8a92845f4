from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClubAnswer")


@_attrs_define
class ClubAnswer:
    """
    Attributes:
        created_at (str):
        created_by (str):
        description (str):
        id (str):
        name (str):
        open_ (bool):
        version (int):
    """

    created_at: str
    created_by: str
    description: str
    id: str
    name: str
    open_: bool
    version: int

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        created_by = self.created_by

        description = self.description

        id = self.id

        name = self.name

        open_ = self.open_

        version = self.version

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

        club_answer = cls(
            created_at=created_at,
            created_by=created_by,
            description=description,
            id=id,
            name=name,
            open_=open_,
            version=version,
        )

        return club_answer
