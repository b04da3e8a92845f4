from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.standing_tiebreaks import StandingTiebreaks


T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        byes (int):
        draws (int):
        entrant (str):
        losses (int):
        name (str):
        played (int):
        points (float):
        points_conceded (int):
        points_scored (int):
        rank (int):
        requested_byes (int):
        status (str):
        tiebreaks (StandingTiebreaks):
        wins (int):
    """

    byes: int
    draws: int
    entrant: str
    losses: int
    name: str
    played: int
    points: float
    points_conceded: int
    points_scored: int
    rank: int
    requested_byes: int
    status: str
    tiebreaks: StandingTiebreaks
    wins: int

    def to_dict(self) -> dict[str, Any]:
        byes = self.byes

        draws = self.draws

        entrant = self.entrant

        losses = self.losses

        name = self.name

        played = self.played

        points = self.points

        points_conceded = self.points_conceded

        points_scored = self.points_scored

        rank = self.rank

        requested_byes = self.requested_byes

        status = self.status

        tiebreaks = self.tiebreaks.to_dict()

        wins = self.wins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "byes": byes,
                "draws": draws,
                "entrant": entrant,
                "losses": losses,
                "name": name,
                "played": played,
                "points": points,
                "points_conceded": points_conceded,
                "points_scored": points_scored,
                "rank": rank,
                "requested_byes": requested_byes,
                "status": status,
                "tiebreaks": tiebreaks,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing_tiebreaks import StandingTiebreaks  # noqa: PLC0415

        d = dict(src_dict)
        byes = d.pop("byes")

        draws = d.pop("draws")

        entrant = d.pop("entrant")

        losses = d.pop("losses")

        name = d.pop("name")

        played = d.pop("played")

        points = d.pop("points")

        points_conceded = d.pop("points_conceded")

        points_scored = d.pop("points_scored")

        rank = d.pop("rank")

        requested_byes = d.pop("requested_byes")

        status = d.pop("status")

        tiebreaks = StandingTiebreaks.from_dict(d.pop("tiebreaks"))

        wins = d.pop("wins")

        standing = cls(
            byes=byes,
            draws=draws,
            entrant=entrant,
            losses=losses,
            name=name,
            played=played,
            points=points,
            points_conceded=points_conceded,
            points_scored=points_scored,
            rank=rank,
            requested_byes=requested_byes,
            status=status,
            tiebreaks=tiebreaks,
            wins=wins,
        )

        return standing
