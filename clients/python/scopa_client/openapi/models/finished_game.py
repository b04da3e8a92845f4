from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.briscola_trick import BriscolaTrick


T = TypeVar("T", bound="FinishedGame")


@_attrs_define
class FinishedGame:
    """Briscola: a finished game of the match (its "deal"): every trick, the card points per side
    (chiamata: per seat), the winning side (null: a 60-60 draw) and the match score after it.

        Attributes:
            caller_side (list[int]): chiamata: the caller's side's seats; [] otherwise
            deal (int):
            points (list[int]):
            scores (list[int]):
            tricks (list[BriscolaTrick]):
            winner (int | None):
    """

    caller_side: list[int]
    deal: int
    points: list[int]
    scores: list[int]
    tricks: list[BriscolaTrick]
    winner: int | None

    def to_dict(self) -> dict[str, Any]:
        caller_side = self.caller_side

        deal = self.deal

        points = self.points

        scores = self.scores

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        winner: int | None
        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "caller_side": caller_side,
                "deal": deal,
                "points": points,
                "scores": scores,
                "tricks": tricks,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.briscola_trick import BriscolaTrick  # noqa: PLC0415

        d = dict(src_dict)
        caller_side = cast(list[int], d.pop("caller_side"))

        deal = d.pop("deal")

        points = cast(list[int], d.pop("points"))

        scores = cast(list[int], d.pop("scores"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = BriscolaTrick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        finished_game = cls(
            caller_side=caller_side,
            deal=deal,
            points=points,
            scores=scores,
            tricks=tricks,
            winner=winner,
        )

        return finished_game
