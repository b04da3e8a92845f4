from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.season_event_score import SeasonEventScore
    from ..models.season_standing_tiebreaks import SeasonStandingTiebreaks


T = TypeVar("T", bound="SeasonStanding")


@_attrs_define
class SeasonStanding:
    """
    Attributes:
        best (int):
        counted (int):
        events (list[SeasonEventScore]):
        name (str):
        played (int):
        player (str):
        points (float):
        rank (int):
        tiebreaks (SeasonStandingTiebreaks):
        wins (int):
    """

    best: int
    counted: int
    events: list[SeasonEventScore]
    name: str
    played: int
    player: str
    points: float
    rank: int
    tiebreaks: SeasonStandingTiebreaks
    wins: int

    def to_dict(self) -> dict[str, Any]:
        best = self.best

        counted = self.counted

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        name = self.name

        played = self.played

        player = self.player

        points = self.points

        rank = self.rank

        tiebreaks = self.tiebreaks.to_dict()

        wins = self.wins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "best": best,
                "counted": counted,
                "events": events,
                "name": name,
                "played": played,
                "player": player,
                "points": points,
                "rank": rank,
                "tiebreaks": tiebreaks,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.season_event_score import SeasonEventScore  # noqa: PLC0415
        from ..models.season_standing_tiebreaks import SeasonStandingTiebreaks  # noqa: PLC0415

        d = dict(src_dict)
        best = d.pop("best")

        counted = d.pop("counted")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = SeasonEventScore.from_dict(events_item_data)

            events.append(events_item)

        name = d.pop("name")

        played = d.pop("played")

        player = d.pop("player")

        points = d.pop("points")

        rank = d.pop("rank")

        tiebreaks = SeasonStandingTiebreaks.from_dict(d.pop("tiebreaks"))

        wins = d.pop("wins")

        season_standing = cls(
            best=best,
            counted=counted,
            events=events,
            name=name,
            played=played,
            player=player,
            points=points,
            rank=rank,
            tiebreaks=tiebreaks,
            wins=wins,
        )

        return season_standing
