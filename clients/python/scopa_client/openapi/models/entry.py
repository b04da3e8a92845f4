from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.entry_status import EntryStatus, check_entry_status
from ..types import UNSET, Unset

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
        checked_in_at (None | str | Unset):
        online (bool | Unset):  Default: False.
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
    checked_in_at: None | str | Unset = UNSET
    online: bool | Unset = False

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

        checked_in_at: None | str | Unset
        if isinstance(self.checked_in_at, Unset):
            checked_in_at = UNSET
        else:
            checked_in_at = self.checked_in_at

        online = self.online

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
        if checked_in_at is not UNSET:
            field_dict["checked_in_at"] = checked_in_at
        if online is not UNSET:
            field_dict["online"] = online

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

        def _parse_checked_in_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        checked_in_at = _parse_checked_in_at(d.pop("checked_in_at", UNSET))

        online = d.pop("online", UNSET)

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
            checked_in_at=checked_in_at,
            online=online,
        )

        return entry
