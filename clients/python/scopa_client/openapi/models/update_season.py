from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.season_rules import SeasonRules


T = TypeVar("T", bound="UpdateSeason")


@_attrs_define
class UpdateSeason:
    """A season's editable fields; those left out stay as they are (``rules`` is replaced whole).

    Attributes:
        ends_on (None | str | Unset):
        name (None | str | Unset): the season's new name (1 to 40 characters)
        rules (None | SeasonRules | Unset):
        starts_on (None | str | Unset):
        version (int | None | Unset): the version the editor read: 409 season_changed if someone edited the season since
    """

    ends_on: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    rules: None | SeasonRules | Unset = UNSET
    starts_on: None | str | Unset = UNSET
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.season_rules import SeasonRules  # noqa: PLC0415

        ends_on: None | str | Unset
        if isinstance(self.ends_on, Unset):
            ends_on = UNSET
        else:
            ends_on = self.ends_on

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, SeasonRules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        starts_on: None | str | Unset
        if isinstance(self.starts_on, Unset):
            starts_on = UNSET
        else:
            starts_on = self.starts_on

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ends_on is not UNSET:
            field_dict["ends_on"] = ends_on
        if name is not UNSET:
            field_dict["name"] = name
        if rules is not UNSET:
            field_dict["rules"] = rules
        if starts_on is not UNSET:
            field_dict["starts_on"] = starts_on
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.season_rules import SeasonRules  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_ends_on(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ends_on = _parse_ends_on(d.pop("ends_on", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_rules(data: object) -> None | SeasonRules | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = SeasonRules.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeasonRules | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        def _parse_starts_on(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        starts_on = _parse_starts_on(d.pop("starts_on", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        update_season = cls(
            ends_on=ends_on,
            name=name,
            rules=rules,
            starts_on=starts_on,
            version=version,
        )

        return update_season
