from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayedCard")


@_attrs_define
class PlayedCard:
    """
    Attributes:
        card (str):
        scopa (bool):
        seat (int):
        take (list[str]):
    """

    card: str
    scopa: bool
    seat: int
    take: list[str]

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        scopa = self.scopa

        seat = self.seat

        take = self.take

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "scopa": scopa,
                "seat": seat,
                "take": take,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        scopa = d.pop("scopa")

        seat = d.pop("seat")

        take = cast(list[str], d.pop("take"))

        played_card = cls(
            card=card,
            scopa=scopa,
            seat=seat,
            take=take,
        )

        return played_card
