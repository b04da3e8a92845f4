from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.season_rules import SeasonRules


T = TypeVar("T", bound="SeasonAnswer")


@_attrs_define
class SeasonAnswer:
    """
    Attributes:
        club_id (str):
        created_at (str):
        created_by (str):
        ends_on (str):
        id (str):
        lot_seed (str):
        name (str):
        rules (SeasonRules): How a season scores its events (docs/seasons.md).
        starts_on (str):
        tournaments (list[str]):
        updated_at (str):
        version (int):
    """

    club_id: str
    created_at: str
    created_by: str
    ends_on: str
    id: str
    lot_seed: str
    name: str
    rules: SeasonRules
    starts_on: str
    tournaments: list[str]
    updated_at: str
    version: int

    def to_dict(self) -> dict[str, Any]:
        club_id = self.club_id

        created_at = self.created_at

        created_by = self.created_by

        ends_on = self.ends_on

        id = self.id

        lot_seed = self.lot_seed

        name = self.name

        rules = self.rules.to_dict()

        starts_on = self.starts_on

        tournaments = self.tournaments

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "club_id": club_id,
                "created_at": created_at,
                "created_by": created_by,
                "ends_on": ends_on,
                "id": id,
                "lot_seed": lot_seed,
                "name": name,
                "rules": rules,
                "starts_on": starts_on,
                "tournaments": tournaments,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.season_rules import SeasonRules  # noqa: PLC0415

        d = dict(src_dict)
        club_id = d.pop("club_id")

        created_at = d.pop("created_at")

        created_by = d.pop("created_by")

        ends_on = d.pop("ends_on")

        id = d.pop("id")

        lot_seed = d.pop("lot_seed")

        name = d.pop("name")

        rules = SeasonRules.from_dict(d.pop("rules"))

        starts_on = d.pop("starts_on")

        tournaments = cast(list[str], d.pop("tournaments"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        season_answer = cls(
            club_id=club_id,
            created_at=created_at,
            created_by=created_by,
            ends_on=ends_on,
            id=id,
            lot_seed=lot_seed,
            name=name,
            rules=rules,
            starts_on=starts_on,
            tournaments=tournaments,
            updated_at=updated_at,
            version=version,
        )

        return season_answer
