from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rule_preset_options import RulePresetOptions


T = TypeVar("T", bound="RulePreset")


@_attrs_define
class RulePreset:
    """
    Attributes:
        description (str):
        name (str):
        options (RulePresetOptions):
    """

    description: str
    name: str
    options: RulePresetOptions

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        name = self.name

        options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "name": name,
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_preset_options import RulePresetOptions  # noqa: PLC0415

        d = dict(src_dict)
        description = d.pop("description")

        name = d.pop("name")

        options = RulePresetOptions.from_dict(d.pop("options"))

        rule_preset = cls(
            description=description,
            name=name,
            options=options,
        )

        return rule_preset
