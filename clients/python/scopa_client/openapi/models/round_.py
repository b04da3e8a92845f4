from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.round_status import RoundStatus, check_round_status

if TYPE_CHECKING:
    from ..models.named import Named
    from ..models.round_table import RoundTable


T = TypeVar("T", bound="Round")


@_attrs_define
class Round:
    """
    Attributes:
        bracket (list[None | str] | None):
        byes (list[Named]):
        closed_at (None | str):
        created_at (str):
        deadline (None | str):
        manual (bool):
        number (int):
        requested_byes (list[Named]):
        status (RoundStatus):
        tables (list[RoundTable]):
        tournament_id (str):
    """

    bracket: list[None | str] | None
    byes: list[Named]
    closed_at: None | str
    created_at: str
    deadline: None | str
    manual: bool
    number: int
    requested_byes: list[Named]
    status: RoundStatus
    tables: list[RoundTable]
    tournament_id: str

    def to_dict(self) -> dict[str, Any]:
        bracket: list[None | str] | None
        if isinstance(self.bracket, list):
            bracket = []
            for bracket_type_0_item_data in self.bracket:
                bracket_type_0_item: None | str
                bracket_type_0_item = bracket_type_0_item_data
                bracket.append(bracket_type_0_item)

        else:
            bracket = self.bracket

        byes = []
        for byes_item_data in self.byes:
            byes_item = byes_item_data.to_dict()
            byes.append(byes_item)

        closed_at: None | str
        closed_at = self.closed_at

        created_at = self.created_at

        deadline: None | str
        deadline = self.deadline

        manual = self.manual

        number = self.number

        requested_byes = []
        for requested_byes_item_data in self.requested_byes:
            requested_byes_item = requested_byes_item_data.to_dict()
            requested_byes.append(requested_byes_item)

        status: str = self.status

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bracket": bracket,
                "byes": byes,
                "closed_at": closed_at,
                "created_at": created_at,
                "deadline": deadline,
                "manual": manual,
                "number": number,
                "requested_byes": requested_byes,
                "status": status,
                "tables": tables,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.named import Named  # noqa: PLC0415
        from ..models.round_table import RoundTable  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_bracket(data: object) -> list[None | str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                bracket_type_0 = []
                _bracket_type_0 = data
                for bracket_type_0_item_data in _bracket_type_0:

                    def _parse_bracket_type_0_item(data: object) -> None | str:
                        if data is None:
                            return data
                        return cast(None | str, data)

                    bracket_type_0_item = _parse_bracket_type_0_item(bracket_type_0_item_data)

                    bracket_type_0.append(bracket_type_0_item)

                return bracket_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[None | str] | None, data)

        bracket = _parse_bracket(d.pop("bracket"))

        byes = []
        _byes = d.pop("byes")
        for byes_item_data in _byes:
            byes_item = Named.from_dict(byes_item_data)

            byes.append(byes_item)

        def _parse_closed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        closed_at = _parse_closed_at(d.pop("closed_at"))

        created_at = d.pop("created_at")

        def _parse_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline = _parse_deadline(d.pop("deadline"))

        manual = d.pop("manual")

        number = d.pop("number")

        requested_byes = []
        _requested_byes = d.pop("requested_byes")
        for requested_byes_item_data in _requested_byes:
            requested_byes_item = Named.from_dict(requested_byes_item_data)

            requested_byes.append(requested_byes_item)

        status = check_round_status(d.pop("status"))

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = RoundTable.from_dict(tables_item_data)

            tables.append(tables_item)

        tournament_id = d.pop("tournament_id")

        round_ = cls(
            bracket=bracket,
            byes=byes,
            closed_at=closed_at,
            created_at=created_at,
            deadline=deadline,
            manual=manual,
            number=number,
            requested_byes=requested_byes,
            status=status,
            tables=tables,
            tournament_id=tournament_id,
        )

        return round_
