from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.season_rules_scale import SeasonRulesScale, check_season_rules_scale
from ..models.season_rules_shared_places import SeasonRulesSharedPlaces, check_season_rules_shared_places
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeasonRules")


@_attrs_define
class SeasonRules:
    """How a season scores its events (docs/seasons.md).

    Attributes:
        best_of (int | None | Unset): N: only a player's best N events count (null: all)
        events (int | None | Unset): M: how many events the season has at most (null: up to 100)
        participation (float | Unset): added to every finish in a finished event Default: 0.0.
        points (list[float] | Unset): with scale table: the points of places 1, 2, ... (never rising); later places
            score 0
        scale (SeasonRulesScale | Unset): table: `points` by place; field: the field's size minus the place plus one
            (last: 1) Default: 'table'.
        shared_places (SeasonRulesSharedPlaces | Unset): places shared in an event's final standings: the average of
            their points, or the best Default: 'average'.
    """

    best_of: int | None | Unset = UNSET
    events: int | None | Unset = UNSET
    participation: float | Unset = 0.0
    points: list[float] | Unset = UNSET
    scale: SeasonRulesScale | Unset = "table"
    shared_places: SeasonRulesSharedPlaces | Unset = "average"

    def to_dict(self) -> dict[str, Any]:
        best_of: int | None | Unset
        if isinstance(self.best_of, Unset):
            best_of = UNSET
        else:
            best_of = self.best_of

        events: int | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        else:
            events = self.events

        participation = self.participation

        points: list[float] | Unset = UNSET
        if not isinstance(self.points, Unset):
            points = self.points

        scale: str | Unset = UNSET
        if not isinstance(self.scale, Unset):
            scale = self.scale

        shared_places: str | Unset = UNSET
        if not isinstance(self.shared_places, Unset):
            shared_places = self.shared_places

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if best_of is not UNSET:
            field_dict["best_of"] = best_of
        if events is not UNSET:
            field_dict["events"] = events
        if participation is not UNSET:
            field_dict["participation"] = participation
        if points is not UNSET:
            field_dict["points"] = points
        if scale is not UNSET:
            field_dict["scale"] = scale
        if shared_places is not UNSET:
            field_dict["shared_places"] = shared_places

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_best_of(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        best_of = _parse_best_of(d.pop("best_of", UNSET))

        def _parse_events(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))

        participation = d.pop("participation", UNSET)

        points = cast(list[float], d.pop("points", UNSET))

        _scale = d.pop("scale", UNSET)
        scale: SeasonRulesScale | Unset
        if isinstance(_scale, Unset):
            scale = UNSET
        else:
            scale = check_season_rules_scale(_scale)

        _shared_places = d.pop("shared_places", UNSET)
        shared_places: SeasonRulesSharedPlaces | Unset
        if isinstance(_shared_places, Unset):
            shared_places = UNSET
        else:
            shared_places = check_season_rules_shared_places(_shared_places)

        season_rules = cls(
            best_of=best_of,
            events=events,
            participation=participation,
            points=points,
            scale=scale,
            shared_places=shared_places,
        )

        return season_rules
