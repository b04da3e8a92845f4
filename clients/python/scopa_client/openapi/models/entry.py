from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.entry_status import EntryStatus, check_entry_status

T = TypeVar("T", bound="Entry")


@_attrs_define
class Entry:
    """
    Attributes:
        created_at (str):
        id (str):
        joined_round (int):
        name (str):
        paused (bool):
        players (list[str]):
        rating (float):
        requested_byes (list[int]):
        status (EntryStatus):
    """

    created_at: str
    id: str
    joined_round: int
    name: str
    paused: bool
    players: list[str]
    rating: float
    requested_byes: list[int]
    status: EntryStatus

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        id = self.id

        joined_round = self.joined_round

        name = self.name

        paused = self.paused

        players = self.players

        rating = self.rating

        requested_byes = self.requested_byes

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "joined_round": joined_round,
                "name": name,
                "paused": paused,
                "players": players,
                "rating": rating,
                "requested_byes": requested_byes,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        id = d.pop("id")

        joined_round = d.pop("joined_round")

        name = d.pop("name")

        paused = d.pop("paused")

        players = cast(list[str], d.pop("players"))

        rating = d.pop("rating")

        requested_byes = cast(list[int], d.pop("requested_byes"))

        status = check_entry_status(d.pop("status"))

        entry = cls(
            created_at=created_at,
            id=id,
            joined_round=joined_round,
            name=name,
            paused=paused,
            players=players,
            rating=rating,
            requested_byes=requested_byes,
            status=status,
        )

        return entry
