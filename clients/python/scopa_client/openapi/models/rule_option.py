from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RuleOption")


@_attrs_define
class RuleOption:
    """
    Attributes:
        default (Any):
        description (str):
    """

    default: Any
    description: str

    def to_dict(self) -> dict[str, Any]:
        default = self.default

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "default": default,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        default = d.pop("default")

        description = d.pop("description")

        rule_option = cls(
            default=default,
            description=description,
        )

        return rule_option
