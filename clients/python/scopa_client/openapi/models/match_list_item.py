from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.match_list_item_result_type_0 import MatchListItemResultType0


T = TypeVar("T", bound="MatchListItem")


@_attrs_define
class MatchListItem:
    """A match in a player's list; ``result`` is the game's own result object once finished.

    Attributes:
        created_at (str):
        id (str):
        names (list[str]):
        preset (str):
        result (MatchListItemResultType0 | None):
        seats (list[str]):
        status (str):
    """

    created_at: str
    id: str
    names: list[str]
    preset: str
    result: MatchListItemResultType0 | None
    seats: list[str]
    status: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.match_list_item_result_type_0 import MatchListItemResultType0  # noqa: PLC0415

        created_at = self.created_at

        id = self.id

        names = self.names

        preset = self.preset

        result: dict[str, Any] | None
        if isinstance(self.result, MatchListItemResultType0):
            result = self.result.to_dict()
        else:
            result = self.result

        seats = self.seats

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "names": names,
                "preset": preset,
                "result": result,
                "seats": seats,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_list_item_result_type_0 import MatchListItemResultType0  # noqa: PLC0415

        d = dict(src_dict)
        created_at = d.pop("created_at")

        id = d.pop("id")

        names = cast(list[str], d.pop("names"))

        preset = d.pop("preset")

        def _parse_result(data: object) -> MatchListItemResultType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = MatchListItemResultType0.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchListItemResultType0 | None, data)

        result = _parse_result(d.pop("result"))

        seats = cast(list[str], d.pop("seats"))

        status = d.pop("status")

        match_list_item = cls(
            created_at=created_at,
            id=id,
            names=names,
            preset=preset,
            result=result,
            seats=seats,
            status=status,
        )

        return match_list_item
