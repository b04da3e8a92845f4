from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.standing import Standing


T = TypeVar("T", bound="StandingsAnswer")


@_attrs_define
class StandingsAnswer:
    """
    Attributes:
        after_round (int):
        lot_seed (str):
        standings (list[Standing]):
        tiebreaks (list[str]):
        tournament_id (str):
        groups (list[list[Standing]] | None | Unset):
    """

    after_round: int
    lot_seed: str
    standings: list[Standing]
    tiebreaks: list[str]
    tournament_id: str
    groups: list[list[Standing]] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        after_round = self.after_round

        lot_seed = self.lot_seed

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        tiebreaks = self.tiebreaks

        tournament_id = self.tournament_id

        groups: list[list[dict[str, Any]]] | None | Unset
        if isinstance(self.groups, Unset):
            groups = UNSET
        elif isinstance(self.groups, list):
            groups = []
            for groups_type_0_item_data in self.groups:
                groups_type_0_item = []
                for groups_type_0_item_item_data in groups_type_0_item_data:
                    groups_type_0_item_item = groups_type_0_item_item_data.to_dict()
                    groups_type_0_item.append(groups_type_0_item_item)

                groups.append(groups_type_0_item)

        else:
            groups = self.groups

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "after_round": after_round,
                "lot_seed": lot_seed,
                "standings": standings,
                "tiebreaks": tiebreaks,
                "tournament_id": tournament_id,
            }
        )
        if groups is not UNSET:
            field_dict["groups"] = groups

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        after_round = d.pop("after_round")

        lot_seed = d.pop("lot_seed")

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        tiebreaks = cast(list[str], d.pop("tiebreaks"))

        tournament_id = d.pop("tournament_id")

        def _parse_groups(data: object) -> list[list[Standing]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                groups_type_0 = []
                _groups_type_0 = data
                for groups_type_0_item_data in _groups_type_0:
                    groups_type_0_item = []
                    _groups_type_0_item = groups_type_0_item_data
                    for groups_type_0_item_item_data in _groups_type_0_item:
                        groups_type_0_item_item = Standing.from_dict(groups_type_0_item_item_data)

                        groups_type_0_item.append(groups_type_0_item_item)

                    groups_type_0.append(groups_type_0_item)

                return groups_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[Standing]] | None | Unset, data)

        groups = _parse_groups(d.pop("groups", UNSET))

        standings_answer = cls(
            after_round=after_round,
            lot_seed=lot_seed,
            standings=standings,
            tiebreaks=tiebreaks,
            tournament_id=tournament_id,
            groups=groups,
        )

        return standings_answer
