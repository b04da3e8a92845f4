from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BriscolaMove")


@_attrs_define
class BriscolaMove:
    """A Briscola move: a ``card`` (with an optional ``signal``), or in chiamata a ``bid`` or a ``call``;
    exactly one of the three. ``take`` is there for clients that send one body to every game, as they
    could when the service had one move model: it is kept with the move and means nothing in Briscola.

        Attributes:
            version (int): the match version this move answers (from GET)
            bid (int | None | str | Unset): chiamata: a rank (A 3 K Q J 7 6 5 4 2), a points target 62-120, or 'pass'
            call (None | str | Unset): chiamata: the card called
            card (None | str | Unset): the card played
            signal (None | str | Unset): with signals: a word sent with the card
            take (list[str] | Unset): no meaning in Briscola (kept with the move)
    """

    version: int
    bid: int | None | str | Unset = UNSET
    call: None | str | Unset = UNSET
    card: None | str | Unset = UNSET
    signal: None | str | Unset = UNSET
    take: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        bid: int | None | str | Unset
        if isinstance(self.bid, Unset):
            bid = UNSET
        else:
            bid = self.bid

        call: None | str | Unset
        if isinstance(self.call, Unset):
            call = UNSET
        else:
            call = self.call

        card: None | str | Unset
        if isinstance(self.card, Unset):
            card = UNSET
        else:
            card = self.card

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
                "version": version,
            }
        )
        if bid is not UNSET:
            field_dict["bid"] = bid
        if call is not UNSET:
            field_dict["call"] = call
        if card is not UNSET:
            field_dict["card"] = card
        if signal is not UNSET:
            field_dict["signal"] = signal
        if take is not UNSET:
            field_dict["take"] = take

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        def _parse_bid(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        bid = _parse_bid(d.pop("bid", UNSET))

        def _parse_call(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        call = _parse_call(d.pop("call", UNSET))

        def _parse_card(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        card = _parse_card(d.pop("card", UNSET))

        def _parse_signal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        signal = _parse_signal(d.pop("signal", UNSET))

        take = cast(list[str], d.pop("take", UNSET))

        briscola_move = cls(
            version=version,
            bid=bid,
            call=call,
            card=card,
            signal=signal,
            take=take,
        )

        return briscola_move
