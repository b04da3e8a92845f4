from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.your_table_mode import YourTableMode, check_your_table_mode

if TYPE_CHECKING:
    from ..models.named import Named


T = TypeVar("T", bound="YourTable")


@_attrs_define
class YourTable:
    """The caller's table: in the open rounds, the one still being played first.

    Attributes:
        games (list[str]):
        mode (YourTableMode):
        opponent (Named): An id with its display name.
        result (list[float] | None):
        round_ (int):
        table (int):
    """

    games: list[str]
    mode: YourTableMode
    opponent: Named
    result: list[float] | None
    round_: int
    table: int

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        mode: str = self.mode

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
                "mode": mode,
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

        mode = check_your_table_mode(d.pop("mode"))

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
            mode=mode,
            opponent=opponent,
            result=result,
            round_=round_,
            table=table,
        )

        return your_table
