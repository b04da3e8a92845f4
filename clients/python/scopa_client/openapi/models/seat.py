from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.seat_kind import SeatKind, check_seat_kind

T = TypeVar("T", bound="Seat")


@_attrs_define
class Seat:
    """
    Attributes:
        accepted (bool):
        bot (bool): a house bot (played inside the service); false for a bot account
        kind (SeatKind): person; bot: a bot account (an outside program with a token); house_bot: played inside the
            service
        name (str):
        player_id (str):
        seat (int):
    """

    accepted: bool
    bot: bool
    kind: SeatKind
    name: str
    player_id: str
    seat: int

    def to_dict(self) -> dict[str, Any]:
        accepted = self.accepted

        bot = self.bot

        kind: str = self.kind

        name = self.name

        player_id = self.player_id

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accepted": accepted,
                "bot": bot,
                "kind": kind,
                "name": name,
                "player_id": player_id,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        accepted = d.pop("accepted")

        bot = d.pop("bot")

        kind = check_seat_kind(d.pop("kind"))

        name = d.pop("name")

        player_id = d.pop("player_id")

        seat = d.pop("seat")

        seat = cls(
            accepted=accepted,
            bot=bot,
            kind=kind,
            name=name,
            player_id=player_id,
            seat=seat,
        )

        return seat
