from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateClub")


@_attrs_define
class CreateClub:
    """
    Attributes:
        name (str): the club's name (1 to 40 characters; no control or invisible characters)
        description (str | Unset):  Default: ''.
        open_ (bool | Unset): anyone may join by themselves Default: False.
    """

    name: str
    description: str | Unset = ""
    open_: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        open_ = self.open_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if open_ is not UNSET:
            field_dict["open"] = open_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description", UNSET)

        open_ = d.pop("open", UNSET)

        create_club = cls(
            name=name,
            description=description,
            open_=open_,
        )

        return create_club
