from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.season_answer import SeasonAnswer
    from ..models.season_event_answer import SeasonEventAnswer
    from ..models.season_standing import SeasonStanding


T = TypeVar("T", bound="SeasonStandings")


@_attrs_define
class SeasonStandings:
    """
    Attributes:
        events (list[SeasonEventAnswer]):
        rows (list[SeasonStanding]):
        season (SeasonAnswer):
        tiebreaks (list[str]):
    """

    events: list[SeasonEventAnswer]
    rows: list[SeasonStanding]
    season: SeasonAnswer
    tiebreaks: list[str]

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        season = self.season.to_dict()

        tiebreaks = self.tiebreaks

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "rows": rows,
                "season": season,
                "tiebreaks": tiebreaks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.season_answer import SeasonAnswer  # noqa: PLC0415
        from ..models.season_event_answer import SeasonEventAnswer  # noqa: PLC0415
        from ..models.season_standing import SeasonStanding  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = SeasonEventAnswer.from_dict(events_item_data)

            events.append(events_item)

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = SeasonStanding.from_dict(rows_item_data)

            rows.append(rows_item)

        season = SeasonAnswer.from_dict(d.pop("season"))

        tiebreaks = cast(list[str], d.pop("tiebreaks"))

        season_standings = cls(
            events=events,
            rows=rows,
            season=season,
            tiebreaks=tiebreaks,
        )

        return season_standings
