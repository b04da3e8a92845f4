from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deal_count_points_item import DealCountPointsItem


T = TypeVar("T", bound="DealCount")


@_attrs_define
class DealCount:
    """The deal's count per side: points by category and the counts they came from.

    Attributes:
        cards (list[int]):
        coins (list[int]):
        points (list[DealCountPointsItem]):
        primiera (list[int]):
        scope (list[int]):
        settebello (int | None):
        totals (list[int]):
    """

    cards: list[int]
    coins: list[int]
    points: list[DealCountPointsItem]
    primiera: list[int]
    scope: list[int]
    settebello: int | None
    totals: list[int]

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        coins = self.coins

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        primiera = self.primiera

        scope = self.scope

        settebello: int | None
        settebello = self.settebello

        totals = self.totals

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "coins": coins,
                "points": points,
                "primiera": primiera,
                "scope": scope,
                "settebello": settebello,
                "totals": totals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_count_points_item import DealCountPointsItem  # noqa: PLC0415

        d = dict(src_dict)
        cards = cast(list[int], d.pop("cards"))

        coins = cast(list[int], d.pop("coins"))

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = DealCountPointsItem.from_dict(points_item_data)

            points.append(points_item)

        primiera = cast(list[int], d.pop("primiera"))

        scope = cast(list[int], d.pop("scope"))

        def _parse_settebello(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        settebello = _parse_settebello(d.pop("settebello"))

        totals = cast(list[int], d.pop("totals"))

        deal_count = cls(
            cards=cards,
            coins=coins,
            points=points,
            primiera=primiera,
            scope=scope,
            settebello=settebello,
            totals=totals,
        )

        return deal_count
