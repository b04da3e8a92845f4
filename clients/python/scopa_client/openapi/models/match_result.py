from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="MatchResult")


@_attrs_define
class MatchResult:
    """
    Attributes:
        reason (str):
        scores (list[int]):
        winner_side (int):
        winners (list[str]):
    """

    reason: str
    scores: list[int]
    winner_side: int
    winners: list[str]

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        scores = self.scores

        winner_side = self.winner_side

        winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
                "scores": scores,
                "winner_side": winner_side,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        scores = cast(list[int], d.pop("scores"))

        winner_side = d.pop("winner_side")

        winners = cast(list[str], d.pop("winners"))

        match_result = cls(
            reason=reason,
            scores=scores,
            winner_side=winner_side,
            winners=winners,
        )

        return match_result
