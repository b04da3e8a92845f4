from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RequestBye")


@_attrs_define
class RequestBye:
    """
    Attributes:
        round_ (int): the round to sit out (not paired yet)
        entrant (None | str | Unset): organizers: whose bye (default: the caller's own entry)
    """

    round_: int
    entrant: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        entrant: None | str | Unset
        if isinstance(self.entrant, Unset):
            entrant = UNSET
        else:
            entrant = self.entrant

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
            }
        )
        if entrant is not UNSET:
            field_dict["entrant"] = entrant

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        def _parse_entrant(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        entrant = _parse_entrant(d.pop("entrant", UNSET))

        request_bye = cls(
            round_=round_,
            entrant=entrant,
        )

        return request_bye
