from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

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
        stage (Literal['third_place'] | None | Unset):
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
    stage: Literal["third_place"] | None | Unset = UNSET

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

        stage: Literal["third_place"] | None | Unset
        if isinstance(self.stage, Unset):
            stage = UNSET
        else:
            stage = self.stage

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
        if stage is not UNSET:
            field_dict["stage"] = stage

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

        def _parse_stage(data: object) -> Literal["third_place"] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            stage_type_0 = cast(Literal["third_place"], data)
            if stage_type_0 != "third_place":
                raise ValueError(f"stage_type_0 must match const 'third_place', got '{stage_type_0}'")
            return stage_type_0
            return cast(Literal["third_place"] | None | Unset, data)

        stage = _parse_stage(d.pop("stage", UNSET))

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
            stage=stage,
        )

        return round_table
