from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.named import Named


T = TypeVar("T", bound="YourTable")


@_attrs_define
class YourTable:
    """The caller's table: in the open rounds, the one still being played first.

    Attributes:
        games (list[str]):
        opponent (Named): An id with its display name.
        result (list[float] | None):
        round_ (int):
        table (int):
    """

    games: list[str]
    opponent: Named
    result: list[float] | None
    round_: int
    table: int

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        opponent = self.opponent.to_dict()

        result: list[float] | None
        if isinstance(self.result, list):
            result = self.result

        else:
            result = self.result

        round_ = self.round_

        table = self.table

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "games": games,
                "opponent": opponent,
                "result": result,
                "round": round_,
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.named import Named  # noqa: PLC0415

        d = dict(src_dict)
        games = cast(list[str], d.pop("games"))

        opponent = Named.from_dict(d.pop("opponent"))

        def _parse_result(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                result_type_0 = cast(list[float], data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        result = _parse_result(d.pop("result"))

        round_ = d.pop("round")

        table = d.pop("table")

        your_table = cls(
            games=games,
            opponent=opponent,
            result=result,
            round_=round_,
            table=table,
        )

        return your_table
