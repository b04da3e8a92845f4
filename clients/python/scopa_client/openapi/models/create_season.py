from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.season_rules import SeasonRules


T = TypeVar("T", bound="CreateSeason")


@_attrs_define
class CreateSeason:
    """A club season: its dates (both inclusive) and how it scores its events (docs/seasons.md).

    Attributes:
        ends_on (datetime.date): YYYY-MM-DD
        name (str): the season's name (1 to 40 characters; no control or invisible characters)
        starts_on (datetime.date): YYYY-MM-DD
        rules (SeasonRules | Unset): How a season scores its events (docs/seasons.md).
    """

    ends_on: datetime.date
    name: str
    starts_on: datetime.date
    rules: SeasonRules | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ends_on = self.ends_on.isoformat()

        name = self.name

        starts_on = self.starts_on.isoformat()

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ends_on": ends_on,
                "name": name,
                "starts_on": starts_on,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.season_rules import SeasonRules  # noqa: PLC0415

        d = dict(src_dict)
        ends_on = datetime.date.fromisoformat(d.pop("ends_on"))

        name = d.pop("name")

        starts_on = datetime.date.fromisoformat(d.pop("starts_on"))

        _rules = d.pop("rules", UNSET)
        rules: SeasonRules | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = SeasonRules.from_dict(_rules)

        create_season = cls(
            ends_on=ends_on,
            name=name,
            starts_on=starts_on,
            rules=rules,
        )

        return create_season
