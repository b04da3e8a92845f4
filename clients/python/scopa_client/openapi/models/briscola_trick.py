from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="BriscolaTrick")


@_attrs_define
class BriscolaTrick:
    """
    Attributes:
        cards (list[str]):
        leader (int):
        winner (int):
    """

    cards: list[str]
    leader: int
    winner: int

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        leader = self.leader

        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "leader": leader,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        leader = d.pop("leader")

        winner = d.pop("winner")

        briscola_trick = cls(
            cards=cards,
            leader=leader,
            winner=winner,
        )

        return briscola_trick
