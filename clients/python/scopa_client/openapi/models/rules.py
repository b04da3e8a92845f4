from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rule_preset import RulePreset
    from ..models.rules_options import RulesOptions


T = TypeVar("T", bound="Rules")


@_attrs_define
class Rules:
    """One game's presets with the options each sets, and every option with its default.

    Attributes:
        game (str):
        options (RulesOptions):
        presets (list[RulePreset]):
    """

    game: str
    options: RulesOptions
    presets: list[RulePreset]

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        options = self.options.to_dict()

        presets = []
        for presets_item_data in self.presets:
            presets_item = presets_item_data.to_dict()
            presets.append(presets_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "options": options,
                "presets": presets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_preset import RulePreset  # noqa: PLC0415
        from ..models.rules_options import RulesOptions  # noqa: PLC0415

        d = dict(src_dict)
        game = d.pop("game")

        options = RulesOptions.from_dict(d.pop("options"))

        presets = []
        _presets = d.pop("presets")
        for presets_item_data in _presets:
            presets_item = RulePreset.from_dict(presets_item_data)

            presets.append(presets_item)

        rules = cls(
            game=game,
            options=options,
            presets=presets,
        )

        return rules
