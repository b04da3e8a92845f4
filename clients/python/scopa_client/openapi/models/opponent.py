from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Opponent")


@_attrs_define
class Opponent:
    """
    Attributes:
        draws (int):
        losses (int):
        opponent (str):
        wins (int):
    """

    draws: int
    losses: int
    opponent: str
    wins: int

    def to_dict(self) -> dict[str, Any]:
        draws = self.draws

        losses = self.losses

        opponent = self.opponent

        wins = self.wins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "draws": draws,
                "losses": losses,
                "opponent": opponent,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        draws = d.pop("draws")

        losses = d.pop("losses")

        opponent = d.pop("opponent")

        wins = d.pop("wins")

        opponent = cls(
            draws=draws,
            losses=losses,
            opponent=opponent,
            wins=wins,
        )

        return opponent
