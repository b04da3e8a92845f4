from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ScopaMove")


@_attrs_define
class ScopaMove:
    """A Scopa move: ``card`` and the table cards it ``take``s (``[]`` lays it on the table).

    ``signal``, ``bid`` and ``call`` are there for clients that send one body to every game, as they
    could when the service had one move model: a signal is kept with the move but means nothing in
    Scopa; a bid or a call may only be null.

        Attributes:
            card (str): the card played
            version (int): the match version this move answers (from GET)
            bid (None | Unset): no bids in Scopa: null or absent
            call (None | Unset): no calls in Scopa: null or absent
            signal (None | str | Unset): no meaning in Scopa (kept with the move)
            take (list[str] | Unset): table cards taken; [] to lay
    """

    card: str
    version: int
    bid: None | Unset = UNSET
    call: None | Unset = UNSET
    signal: None | str | Unset = UNSET
    take: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        version = self.version

        bid = self.bid

        call = self.call

        signal: None | str | Unset
        if isinstance(self.signal, Unset):
            signal = UNSET
        else:
            signal = self.signal

        take: list[str] | Unset = UNSET
        if not isinstance(self.take, Unset):
            take = self.take

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "version": version,
            }
        )
        if bid is not UNSET:
            field_dict["bid"] = bid
        if call is not UNSET:
            field_dict["call"] = call
        if signal is not UNSET:
            field_dict["signal"] = signal
        if take is not UNSET:
            field_dict["take"] = take

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        version = d.pop("version")

        bid = d.pop("bid", UNSET)

        call = d.pop("call", UNSET)

        def _parse_signal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        signal = _parse_signal(d.pop("signal", UNSET))

        take = cast(list[str], d.pop("take", UNSET))

        scopa_move = cls(
            card=card,
            version=version,
            bid=bid,
            call=call,
            signal=signal,
            take=take,
        )

        return scopa_move
