from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Seat")


@_attrs_define
class Seat:
    """
    Attributes:
        accepted (bool):
        bot (bool):
        name (str):
        player_id (str):
        seat (int):
    """

    accepted: bool
    bot: bool
    name: str
    player_id: str
    seat: int

    def to_dict(self) -> dict[str, Any]:
        accepted = self.accepted

        bot = self.bot

        name = self.name

        player_id = self.player_id

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accepted": accepted,
                "bot": bot,
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

        name = d.pop("name")

        player_id = d.pop("player_id")

        seat = d.pop("seat")

        seat = cls(
            accepted=accepted,
            bot=bot,
            name=name,
            player_id=player_id,
            seat=seat,
        )

        return seat
