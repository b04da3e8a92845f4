from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.named import Named


T = TypeVar("T", bound="RoundTable")


@_attrs_define
class RoundTable:
    """A table of a round: who plays, the games' match ids, games won, game points, the match result.

    Attributes:
        first (Named): An id with its display name.
        forfeit (bool):
        games (list[str]):
        points (list[int]):
        reason (None | str):
        result (list[float] | None):
        second (Named): An id with its display name.
        table (int):
        wins (list[int]):
    """

    first: Named
    forfeit: bool
    games: list[str]
    points: list[int]
    reason: None | str
    result: list[float] | None
    second: Named
    table: int
    wins: list[int]

    def to_dict(self) -> dict[str, Any]:
        first = self.first.to_dict()

        forfeit = self.forfeit

        games = self.games

        points = self.points

        reason: None | str
        reason = self.reason

        result: list[float] | None
        if isinstance(self.result, list):
            result = self.result

        else:
            result = self.result

        second = self.second.to_dict()

        table = self.table

        wins = self.wins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "first": first,
                "forfeit": forfeit,
                "games": games,
                "points": points,
                "reason": reason,
                "result": result,
                "second": second,
                "table": table,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.named import Named  # noqa: PLC0415

        d = dict(src_dict)
        first = Named.from_dict(d.pop("first"))

        forfeit = d.pop("forfeit")

        games = cast(list[str], d.pop("games"))

        points = cast(list[int], d.pop("points"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

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

        second = Named.from_dict(d.pop("second"))

        table = d.pop("table")

        wins = cast(list[int], d.pop("wins"))

        round_table = cls(
            first=first,
            forfeit=forfeit,
            games=games,
            points=points,
            reason=reason,
            result=result,
            second=second,
            table=table,
            wins=wins,
        )

        return round_table
