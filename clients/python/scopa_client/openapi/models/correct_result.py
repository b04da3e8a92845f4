from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CorrectResult")


@_attrs_define
class CorrectResult:
    """
    Attributes:
        reason (str):
        result (list[float]): match points [first, second]: [1,0], [0,1], [0.5,0.5], [0,0]
    """

    reason: str
    result: list[float]

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        result = []
        for result_item_data in self.result:
            result_item: float
            result_item = result_item_data
            result.append(result_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        result = []
        _result = d.pop("result")
        for result_item_data in _result:

            def _parse_result_item(data: object) -> float:
                return cast(float, data)

            result_item = _parse_result_item(result_item_data)

            result.append(result_item)

        correct_result = cls(
            reason=reason,
            result=result,
        )

        return correct_result
