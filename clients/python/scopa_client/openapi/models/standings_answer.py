from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

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
    """

    after_round: int
    lot_seed: str
    standings: list[Standing]
    tiebreaks: list[str]
    tournament_id: str

    def to_dict(self) -> dict[str, Any]:
        after_round = self.after_round

        lot_seed = self.lot_seed

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        tiebreaks = self.tiebreaks

        tournament_id = self.tournament_id

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

        standings_answer = cls(
            after_round=after_round,
            lot_seed=lot_seed,
            standings=standings,
            tiebreaks=tiebreaks,
            tournament_id=tournament_id,
        )

        return standings_answer
