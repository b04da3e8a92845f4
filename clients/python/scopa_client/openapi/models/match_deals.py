from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.finished_deal import FinishedDeal
    from ..models.finished_game import FinishedGame


T = TypeVar("T", bound="MatchDeals")


@_attrs_define
class MatchDeals:
    """A page of a match's finished deals (Briscola: finished games), oldest first; the one under way
    is never listed.

        Attributes:
            deals (list[FinishedDeal] | list[FinishedGame]):
            next_cursor (None | str):
    """

    deals: list[FinishedDeal] | list[FinishedGame]
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        deals: list[dict[str, Any]]
        if isinstance(self.deals, list):
            deals = []
            for deals_type_0_item_data in self.deals:
                deals_type_0_item = deals_type_0_item_data.to_dict()
                deals.append(deals_type_0_item)

        else:
            deals = []
            for deals_type_1_item_data in self.deals:
                deals_type_1_item = deals_type_1_item_data.to_dict()
                deals.append(deals_type_1_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deals": deals,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.finished_deal import FinishedDeal  # noqa: PLC0415
        from ..models.finished_game import FinishedGame  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_deals(data: object) -> list[FinishedDeal] | list[FinishedGame]:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deals_type_0 = []
                _deals_type_0 = data
                for deals_type_0_item_data in _deals_type_0:
                    deals_type_0_item = FinishedDeal.from_dict(deals_type_0_item_data)

                    deals_type_0.append(deals_type_0_item)

                return deals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            deals_type_1 = []
            _deals_type_1 = data
            for deals_type_1_item_data in _deals_type_1:
                deals_type_1_item = FinishedGame.from_dict(deals_type_1_item_data)

                deals_type_1.append(deals_type_1_item)

            return deals_type_1

        deals = _parse_deals(d.pop("deals"))

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        match_deals = cls(
            deals=deals,
            next_cursor=next_cursor,
        )

        return match_deals
