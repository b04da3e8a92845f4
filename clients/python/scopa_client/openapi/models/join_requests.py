from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.join_request_answer import JoinRequestAnswer


T = TypeVar("T", bound="JoinRequests")


@_attrs_define
class JoinRequests:
    """
    Attributes:
        next_cursor (None | str):
        requests (list[JoinRequestAnswer]):
    """

    next_cursor: None | str
    requests: list[JoinRequestAnswer]

    def to_dict(self) -> dict[str, Any]:
        next_cursor: None | str
        next_cursor = self.next_cursor

        requests = []
        for requests_item_data in self.requests:
            requests_item = requests_item_data.to_dict()
            requests.append(requests_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "next_cursor": next_cursor,
                "requests": requests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.join_request_answer import JoinRequestAnswer  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        requests = []
        _requests = d.pop("requests")
        for requests_item_data in _requests:
            requests_item = JoinRequestAnswer.from_dict(requests_item_data)

            requests.append(requests_item)

        join_requests = cls(
            next_cursor=next_cursor,
            requests=requests,
        )

        return join_requests
