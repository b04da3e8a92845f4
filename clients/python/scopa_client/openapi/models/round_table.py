from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.round_table_mode import RoundTableMode, check_round_table_mode
from ..models.round_table_state_type_0 import RoundTableStateType0, check_round_table_state_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.named import Named
    from ..models.table_report import TableReport


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
        mode (RoundTableMode | Unset):  Default: 'online'.
        reports (list[TableReport] | Unset):
        score (list[list[int]] | None | Unset):
        stage (Literal['third_place'] | None | Unset):
        state (None | RoundTableStateType0 | Unset):
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
    mode: RoundTableMode | Unset = "online"
    reports: list[TableReport] | Unset = UNSET
    score: list[list[int]] | None | Unset = UNSET
    stage: Literal["third_place"] | None | Unset = UNSET
    state: None | RoundTableStateType0 | Unset = UNSET

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

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode

        reports: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.reports, Unset):
            reports = []
            for reports_item_data in self.reports:
                reports_item = reports_item_data.to_dict()
                reports.append(reports_item)

        score: list[list[int]] | None | Unset
        if isinstance(self.score, Unset):
            score = UNSET
        elif isinstance(self.score, list):
            score = []
            for score_type_0_item_data in self.score:
                score_type_0_item = score_type_0_item_data

                score.append(score_type_0_item)

        else:
            score = self.score

        stage: Literal["third_place"] | None | Unset
        if isinstance(self.stage, Unset):
            stage = UNSET
        else:
            stage = self.stage

        state: None | str | Unset
        if isinstance(self.state, Unset):
            state = UNSET
        elif isinstance(self.state, str):
            state = self.state
        else:
            state = self.state

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
        if mode is not UNSET:
            field_dict["mode"] = mode
        if reports is not UNSET:
            field_dict["reports"] = reports
        if score is not UNSET:
            field_dict["score"] = score
        if stage is not UNSET:
            field_dict["stage"] = stage
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.named import Named  # noqa: PLC0415
        from ..models.table_report import TableReport  # noqa: PLC0415

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

        _mode = d.pop("mode", UNSET)
        mode: RoundTableMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = check_round_table_mode(_mode)

        _reports = d.pop("reports", UNSET)
        reports: list[TableReport] | Unset = UNSET
        if _reports is not UNSET:
            reports = []
            for reports_item_data in _reports:
                reports_item = TableReport.from_dict(reports_item_data)

                reports.append(reports_item)

        def _parse_score(data: object) -> list[list[int]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                score_type_0 = []
                _score_type_0 = data
                for score_type_0_item_data in _score_type_0:
                    score_type_0_item = cast(list[int], score_type_0_item_data)

                    score_type_0.append(score_type_0_item)

                return score_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int]] | None | Unset, data)

        score = _parse_score(d.pop("score", UNSET))

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

        def _parse_state(data: object) -> None | RoundTableStateType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_0 = check_round_table_state_type_0(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoundTableStateType0 | Unset, data)

        state = _parse_state(d.pop("state", UNSET))

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
            mode=mode,
            reports=reports,
            score=score,
            stage=stage,
            state=state,
        )

        return round_table
