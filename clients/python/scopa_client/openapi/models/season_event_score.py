from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeasonEventScore")


@_attrs_define
class SeasonEventScore:
    """
    Attributes:
        counted (bool):
        place (int):
        points (float):
        shared (int):
        tournament (str):
    """

    counted: bool
    place: int
    points: float
    shared: int
    tournament: str

    def to_dict(self) -> dict[str, Any]:
        counted = self.counted

        place = self.place

        points = self.points

        shared = self.shared

        tournament = self.tournament

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "counted": counted,
                "place": place,
                "points": points,
                "shared": shared,
                "tournament": tournament,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        counted = d.pop("counted")

        place = d.pop("place")

        points = d.pop("points")

        shared = d.pop("shared")

        tournament = d.pop("tournament")

        season_event_score = cls(
            counted=counted,
            place=place,
            points=points,
            shared=shared,
            tournament=tournament,
        )

        return season_event_score
