from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deal_count import DealCount
    from ..models.leftovers import Leftovers
    from ..models.played_card import PlayedCard


T = TypeVar("T", bound="FinishedDeal")


@_attrs_define
class FinishedDeal:
    """A finished deal: every card played, the leftovers, the count and the game scores after it (also
    ``view.finished_deal`` in a match answer).

        Attributes:
            count (DealCount): The deal's count per side: points by category and the counts they came from.
            deal (int):
            leftovers (Leftovers): Who took the cards left on the table at the end of the deal (null: the table was empty).
            moves (list[PlayedCard]):
            scores (list[int]):
    """

    count: DealCount
    deal: int
    leftovers: Leftovers
    moves: list[PlayedCard]
    scores: list[int]

    def to_dict(self) -> dict[str, Any]:
        count = self.count.to_dict()

        deal = self.deal

        leftovers = self.leftovers.to_dict()

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        scores = self.scores

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "deal": deal,
                "leftovers": leftovers,
                "moves": moves,
                "scores": scores,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_count import DealCount  # noqa: PLC0415
        from ..models.leftovers import Leftovers  # noqa: PLC0415
        from ..models.played_card import PlayedCard  # noqa: PLC0415

        d = dict(src_dict)
        count = DealCount.from_dict(d.pop("count"))

        deal = d.pop("deal")

        leftovers = Leftovers.from_dict(d.pop("leftovers"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = PlayedCard.from_dict(moves_item_data)

            moves.append(moves_item)

        scores = cast(list[int], d.pop("scores"))

        finished_deal = cls(
            count=count,
            deal=deal,
            leftovers=leftovers,
            moves=moves,
            scores=scores,
        )

        return finished_deal
